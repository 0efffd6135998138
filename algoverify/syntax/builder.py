r"""The lark transformer from an ``algorithmic.lark`` parse tree to :mod:`algoverify.syntax.ir`.

:class:`_Builder` has one method per rule or terminal of the grammar: statements, blocks
(built-in and the paper's own), floats and captions; ``\label``\ s are attached to the
statements they stand in. Spans are made absolute here; the readers of statement text and math
it inherits sit in :mod:`algoverify.syntax.statements`.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Iterable

from lark import Token, Transformer, v_args

from ..findings import EmptyBlock, LocatedError, StrayKeyword, UnclosedBlock
from ..source import Span
from . import ir
from .definitions import Definitions, Opener
from .plaintext import to_plain
from .statements import (
    _DOTS,
    _MATH_COMMENT_END,
    _MATH_EDGE,
    _MATH_EDGE_END,
    _MATH_LABEL,
    _assignment_split,
    _Body,
    _Continuation,
    _depth_at,
    _drop_noise,
    _EmptyState,
    _Env,
    _Float,
    _label_target,
    _OpenUser,
    _Piece,
    _plain_of,
    _split_comment,
    _StatementReading,
    _top_level,
    _Trail,
)

# --- the transformer -----------------------------------------------------------------


@v_args(inline=True, meta=True)
class _Builder(_StatementReading, Transformer):
    """Parse tree of ``algorithmic.lark`` → IR, one method per rule; spans made absolute here."""

    def __init__(self, text: str, base: int, defs: Definitions) -> None:
        super().__init__(visit_tokens=True)
        self._text = text
        self._base = base
        self._defs = defs
        #: every \label met, in document order: (name, span of the \label{…})
        self._labels: list[tuple[str, Span]] = []
        #: a \caption met among the statements, and the spans of the labels right after it
        self._caption: ir.Text | None = None
        self._float_labels: set[Span] = set()

    # -- terminals -------------------------------------------------------------------

    @v_args(inline=False, meta=False)
    def TEXT(self, token: Token) -> _Piece:  # noqa: N802 - lark names terminal callbacks after the terminal
        """Plain words."""
        return self._tok("text", token)

    CMD = ESC = MACRO_STMT = OPTION_TEXT = TEXT

    @v_args(inline=False, meta=False)
    def MATH_DISPLAY(self, token: Token) -> _Piece:  # noqa: N802
        r"""``\[ … \]`` inside a statement: math, as ``\( \)`` is."""
        start = self._base + token.start_pos
        return self._display(token, Span(start + 2, self._base + token.end_pos - 2))

    @v_args(inline=False, meta=False)
    def MATH_ENV(self, token: Token) -> _Piece:  # noqa: N802
        r"""``\begin{equation} … \end{equation}`` (``align`` …) inside a statement: math."""
        value = str(token)
        start = self._base + token.start_pos + value.index("}") + 1
        return self._display(token, Span(start, self._base + token.start_pos + value.rindex("\\end")))

    def _display(self, token: Token, inner: Span) -> _Piece:
        r"""Display math: its ``\label``\ s recorded; the math is trimmed of space and of labels at its ends."""
        latex = self._src(inner)
        for m in _MATH_LABEL.finditer(latex):
            self._labels.append((m.group(1).strip(), Span(inner.start + m.start(), inner.start + m.end())))
        start = _MATH_EDGE.match(latex).end()  # type: ignore[union-attr] - matches the empty string
        end = _MATH_EDGE_END.search(latex, start).start()  # type: ignore[union-attr]
        if start >= end:
            start, end = 0, len(latex)
        return self._tok("math", token, Span(inner.start + start, inner.start + end))

    @v_args(inline=False, meta=False)
    def MATH_PAREN(self, token: Token) -> _Piece:  # noqa: N802
        r"""``\( … \)``: the inner span drops the two-character delimiters."""
        start = self._base + token.start_pos
        return self._tok("math", token, self._uncommented(Span(start + 2, self._base + token.end_pos - 2)))

    @v_args(inline=False, meta=False)
    def MATH_DOLLAR(self, token: Token) -> _Piece:  # noqa: N802
        """``$ … $`` or ``$$ … $$``."""
        width = 2 if token.startswith("$$") else 1
        start = self._base + token.start_pos
        return self._tok("math", token, self._uncommented(Span(start + width, self._base + token.end_pos - width)))

    def _uncommented(self, inner: Span) -> Span:
        """``inner`` without a ``%`` comment (and the space around it) at its end: TeX never reads it."""
        latex = self._src(inner)
        if "%" not in latex:
            return inner
        tail = _MATH_COMMENT_END.search(latex)
        return Span(inner.start, inner.start + tail.start()) if tail is not None and tail.start() else inner

    # -- statement content -----------------------------------------------------------

    def group(self, meta: Any, *items: _Piece) -> _Piece:
        """``{ … }``: the inner span is inside the braces."""
        span = self._span(meta)
        return _Piece("group", span, inner=Span(span.start + 1, span.end - 1), children=items)

    def comment(self, meta: Any, group: _Piece) -> _Piece:
        r"""``\Comment{…}`` / ``\COMMENT{…}``; ``\Comment words`` (no braces) takes the words after it."""
        span = self._span(meta)
        text = self._group_text(group) if group.kind == "group" else self._text_of([group])
        return _Piece("comment", span, node=ir.Comment(span, text))

    def call(self, meta: Any, name: _Piece, args: _Piece) -> _Piece:
        r"""``\Call{Name}{args}`` inside a statement."""
        return _Piece("call", self._span(meta), children=(name, args))

    def label(self, meta: Any, group: _Piece) -> _Piece:
        r"""``\label{name}``, anywhere: recorded, then attached to what it labels (:meth:`start`)."""
        assert group.inner is not None
        span = self._span(meta)
        name = self._src(group.inner).strip()
        self._labels.append((name, span))
        return _Piece("label", span, value=name)

    def header_comment(self, meta: Any, *items: _Piece) -> ir.Comment | None:
        r"""``[comment]`` after a block keyword (``\IF[comment]{c}``), or ``None`` when absent.

        The older algorithmic package prints nothing for the option's default, the word
        ``default`` (its ``\ALC@com``), so neither does the IR.
        """
        if getattr(meta, "empty", True):
            return None
        span = self._span(meta)
        text = self._text_of(items, Span(span.start + 1, span.start + 1))
        return None if self._src(span)[1:-1].strip() == "default" else ir.Comment(span, text)

    def wrapped_body(self, meta: Any, body: _Body) -> _Body:
        r"""LyX's ``\forbody{…}`` argument: the body, spanning its braces (they close the block)."""
        return replace(body, span=self._span(meta))

    def lead(self, meta: Any, *items: _Piece) -> tuple[_Piece, ...]:
        """Items before a body's first statement."""
        return items

    until_cond = lead

    def trail(self, meta: Any, *items: _Piece) -> _Trail:
        """Items after a block's closing keyword: a Comment (or text) statement after the block."""
        return _Trail(items)

    # -- simple statements -----------------------------------------------------------

    def state(self, meta: Any, *items: _Piece) -> list[ir.Statement] | _EmptyState:
        r"""``\State`` / ``\STATE``: an assignment, a call, text, or several math statements."""
        span = self._span(meta)
        return self._statement(span, items) or _EmptyState(span)

    def statex(self, meta: Any, *items: _Piece) -> list[Any] | _EmptyState:
        r"""``\Statex``: an unnumbered line; one of text continues the line before it (see :meth:`_flatten`)."""
        found = self.state(meta, *items)
        if isinstance(found, list) and len(found) == 1 and isinstance(found[0], ir.TextStatement):
            return [_Continuation(found[0])]
        return found

    def return_stmt(self, meta: Any, *items: _Piece) -> list[ir.Statement]:
        r"""``\Return`` / ``\RETURN`` with zero, one or several values."""
        span = self._span(meta)
        content, comment = _split_comment(items)
        if not content:
            return [ir.Return(span, (), comment)]
        return [self._return_of(span, content, comment)]

    def require(self, meta: Any, *items: _Piece) -> list[ir.Statement]:
        r"""``\Require`` / ``\REQUIRE``."""
        return [self._condition("require", meta, items)]

    def ensure(self, meta: Any, *items: _Piece) -> list[ir.Statement]:
        r"""``\Ensure`` / ``\ENSURE``."""
        return [self._condition("ensure", meta, items)]

    def input(self, meta: Any, *items: _Piece) -> list[ir.Statement]:
        r"""``\Input`` (an ``\algnewcommand`` many papers define)."""
        return [self._condition("input", meta, items)]

    def output(self, meta: Any, *items: _Piece) -> list[ir.Statement]:
        r"""``\Output``."""
        return [self._condition("output", meta, items)]

    def print_stmt(self, meta: Any, *items: _Piece) -> list[ir.Statement]:
        r"""``\PRINT`` (legacy ``algorithmic``)."""
        span = self._span(meta)
        content, comment = _split_comment(items)
        return [ir.Print(span, self._text_of(content, Span(span.end, span.end)), comment)]

    # -- blocks ----------------------------------------------------------------------

    def body(self, meta: Any, lead: tuple[_Piece, ...], stmts: list[ir.Statement]) -> _Body:
        """A sequence of statements, with what precedes the first."""
        return _Body(lead, tuple(stmts), None if getattr(meta, "empty", True) else self._span(meta))

    def stmts(self, meta: Any, *items: Any) -> list[ir.Statement]:
        r"""Flatten the statements; ``\State \Return x`` becomes one Return spanning both keywords."""
        return self._flatten(items)

    def _flatten(self, items: Iterable[Any]) -> list[ir.Statement]:
        """Statements from rule results: lists, empty States, trails and defined blocks awaiting theirs."""
        out: list[ir.Statement] = []
        pending: _EmptyState | None = None
        after_caption = False
        for item in items:
            if isinstance(item, _Float):  # a \caption among the statements
                if self._caption is None:
                    self._caption = item.caption
                after_caption = True
                continue
            if isinstance(item, _Trail) and after_caption:  # \caption{…}\label{…}: the float's label
                self._float_labels.update(p.span for p in item.items if p.kind == "label")
            after_caption = False
            if isinstance(item, _Trail):
                pieces = item.items
                if out and isinstance(out[-1], _OpenUser):
                    block, pieces = self._close_user(out[-1], pieces)
                    out[-1] = block
                found: list[Any] = self._loose(pieces)
            else:
                found = item if isinstance(item, list) else [item]
            for node in found:
                if isinstance(node, _EmptyState):
                    pending = node
                    continue
                if isinstance(node, _Continuation):
                    # a \Statex of text after a \Require continues it (its math declares inputs
                    # too); anywhere else it is a remark, not an instruction to run
                    text = node.statement.text
                    if out and isinstance(out[-1], ir.Condition):
                        cond = out[-1]
                        joined = ir.Text(
                            cond.text.span.cover(text.span),
                            (*cond.text.parts, "\n", *text.parts),
                            f"{cond.text.plain} {text.plain}".strip(),
                        )
                        out[-1] = replace(cond, span=cond.span.cover(node.statement.span), text=joined)
                    else:
                        out.append(replace(node.statement, kind="remark"))
                    pending = None
                    continue
                if pending is not None and isinstance(node, ir.Return):
                    node = replace(node, span=pending.span.cover(node.span))
                pending = None
                out.append(node)
        # a defined block with no trail (its closer was the last thing in the body)
        return [self._close_user(n, ())[0] if isinstance(n, _OpenUser) else n for n in out]

    def _block_body(
        self, body: _Body, header: ir.Comment | None = None
    ) -> tuple[ir.Comment | None, tuple[ir.Statement, ...]]:
        r"""A block's header comment and its statements.

        The comment is the header's ``[comment]`` option, else a lone ``\Comment`` right after
        the header. With both, the ``\Comment`` stays a statement of its own: nothing is dropped.
        """
        if header is not None:
            return header, (*self._loose(body.lead), *body.stmts)
        content, comment = _split_comment(body.lead)
        if not content and comment is not None:
            return comment, body.stmts
        if content and comment is None:
            # the older algorithmic package's `\ELSE[comment]`, `\IF{cond}[comment]`: an optional
            # argument right after the header is its comment, not a statement
            span = content[0].span.cover(content[-1].span)
            source = self._src(span)
            if source.startswith("[") and source.endswith("]") and "\n" not in source:
                inner = [p for p in content if not (p.kind == "text" and p.value.strip() in ("[", "]"))]
                text = self._text_of(inner) if inner else ir.Text(span, (), "")
                return ir.Comment(span, text), body.stmts
        return None, (*self._loose(body.lead), *body.stmts)

    # -- blocks the paper defines ----------------------------------------------------------

    def user_block(
        self, meta: Any, opener: Token, body: _Body, elifs: list[ir.Branch], else_part: list[ir.Branch], end: _Piece
    ) -> _OpenUser:
        r"""A defined opener … its closer; finished by :meth:`_close_user` once the trail is known."""
        definition = self._defs.openers[str(opener)]
        span, opener_span = self._span(meta), self._tok("text", opener).span
        arms = (*elifs, *else_part)
        if arms and not (definition.builtin and definition.kind == "if"):
            keyword = re.match(r"\\[A-Za-z]+", self._src(arms[0].span))
            found = keyword.group() if keyword else "\\Else"
            context = f"an \\If block: {definition.name} opens no \\If"
            raise LocatedError(
                StrayKeyword, Span(arms[0].span.start, arms[0].span.start + len(found)), keyword=found, context=context
            )
        if end.value not in definition.closers and end.span.length:  # zero width: \algstore
            expected = min(definition.closers, key=lambda c: (c.isupper(), c)) if definition.closers else "its end"
            details = {"expected_at": end.span}
            raise LocatedError(
                UnclosedBlock, opener_span, details=details, opener=str(opener), closer=expected, found=end.value
            )
        return _OpenUser(span, definition, opener_span, body, end.value, arms)

    def user_end(self, meta: Any, *closer: Token) -> _Piece:
        """The closer of a defined block, as written (a built-in closer is filtered from the tree)."""
        span = self._span(meta)
        return _Piece("end", span, value=str(closer[0]) if closer else self._src(span))

    def _header_args(self, lead: tuple[_Piece, ...], count: int) -> tuple[list[_Piece], tuple[_Piece, ...]]:
        """The first ``count`` groups of ``lead`` (a defined command's arguments) and what follows them."""
        args: list[_Piece] = []
        rest = list(lead)
        while rest and len(args) < count and rest[0].kind in ("group", "label"):
            piece = rest.pop(0)
            if piece.kind == "group":
                args.append(piece)
        return args, tuple(rest)

    def _close_user(self, block: _OpenUser, trail: tuple[_Piece, ...]) -> tuple[ir.Statement, tuple[_Piece, ...]]:
        """The IR of a defined block, its closer's arguments taken from the start of ``trail``."""
        closer = self._defs.closers.get(block.closer)
        closer_args, trail = self._header_args(trail, closer.nargs if closer is not None else 0)
        span = block.span.cover(closer_args[-1].span) if closer_args else block.span
        opener = block.opener
        args, lead = self._header_args(block.body.lead, opener.nargs)
        comment, stmts = self._block_body(replace(block.body, lead=lead))
        if opener.builtin:
            first_end = block.body.span.end if block.body.span is not None else (args[-1] if args else block).span.end
            node = self._builtin_shape(span, opener, block.opener_span, args, stmts, comment, block.arms, first_end)
            if node is not None:
                return node, trail
        return (
            ir.UserBlock(
                span, opener.kind, opener.name, tuple(self._cond(a) for a in args), stmts, block.closer,
                tuple(self._cond(a) for a in closer_args), comment,
            ),
            trail,
        )  # fmt: skip

    def _builtin_shape(
        self,
        span: Span,
        opener: Opener,
        at: Span,
        args: list[_Piece],
        stmts: tuple[ir.Statement, ...],
        comment: ir.Comment | None,
        arms: tuple[ir.Branch, ...] = (),
        first_end: int | None = None,
    ) -> ir.Statement | None:
        r"""A defined opener of a built-in block (``\algdef{S}[FOR]{ForEachIn}``) as that block's node.

        The header of a negated one (``\IfNot{x}``) is kept as text, opener included: its
        argument is not the block's condition.
        """
        header = self._joined(args, at)
        if opener.negated and opener.kind in ("if", "while"):
            text = self._text_of([_Piece("text", at, value=opener.name), *args])
            cond: ir.Math | ir.Text = replace(text, plain=f"{opener.name[1:]} {text.plain}".strip())
        else:
            cond = self._header_cond(header, args)
        if opener.kind == "for":
            found = self._range(header) if len(args) == 1 else None
            if found is not None:
                var, start, stop, how = found
                return ir.ForRange(span, var, start, stop, stmts, comment, **how)
            pair = [_drop_noise(a.children) for a in args]
            if len(pair) == 2 and all(len(p) == 1 and p[0].kind == "math" for p in pair):
                # \ForEachIn{\(v\)}{\(V\)}: the variable, then what it runs over
                var, iterable = (self._math(p[0]) for p in pair)
                return ir.ForAll(span, self._header_cond(header, args), var, iterable, stmts, comment)
            return self._forall(span, header, stmts, comment)
        if opener.kind == "while":
            return ir.WhileBlock(span, cond, stmts, comment)
        if opener.kind == "if":
            first = ir.Branch(Span(span.start, first_end or span.end), cond, stmts, comment)
            return ir.IfBlock(span, (first, *arms))
        if opener.kind == "loop":
            return ir.LoopBlock(span, stmts, comment)
        if opener.kind in ("function", "procedure") and len(args) == 2:
            return ir.Function(span, opener.kind, self._name(args[0]), self._args(args[1]), stmts, comment)
        return None

    def _header_cond(self, header: _Piece, args: list[_Piece]) -> ir.Math | ir.Text:
        """The condition or header over a defined opener's arguments; several read as words apart."""
        cond = self._cond(header)
        if len(args) > 1 and isinstance(cond, ir.Text):
            plain = " ".join(p for p in (_plain_of(self._cond(a)) for a in args) if p)
            cond = replace(cond, plain=plain)
        return cond

    def _joined(self, args: list[_Piece], at: Span) -> _Piece:
        """One group-like piece holding several argument groups (their contents, in order)."""
        if len(args) == 1:
            return args[0]
        if not args:
            return _Piece("group", at, inner=Span(at.end, at.end))
        children = tuple(child for a in args for child in a.children)
        return _Piece(
            "group",
            args[0].span.cover(args[-1].span),
            inner=Span(args[0].span.start, args[-1].span.end),
            children=children,
        )

    def user_repeat(
        self, meta: Any, opener: Token, body: _Body, until_header: ir.Comment | None, until: tuple[_Piece, ...]
    ) -> list[ir.Statement]:
        r"""A defined opener of a ``\Repeat`` block, ended by ``\Until``."""
        definition = self._defs.openers[str(opener)]
        args, lead = self._header_args(body.lead, definition.nargs)
        return self.repeat_block(meta, None, replace(body, lead=lead), until_header, until)

    def user_loop(self, meta: Any, opener: Token, lead: tuple[_Piece, ...], *body: Any) -> list[ir.Statement]:
        r"""``\algloop``: the header and the one statement after it."""
        definition = self._defs.openers[str(opener)]
        span = self._span(meta)
        args, rest = self._header_args(lead, definition.nargs)
        content, comment = _split_comment(rest)
        stmts = (*self._loose(content), *self._flatten(body))
        if definition.builtin:  # \algloopdefx{If}[1]: an \If whose body is one statement
            node = self._builtin_shape(span, definition, self._tok("text", opener).span, args, stmts, comment)
            if node is not None:
                return [node]
        cond = tuple(self._cond(a) for a in args)
        return [ir.UserBlock(span, definition.kind, definition.name, cond, stmts, None, (), comment)]

    def macro_stmt(self, meta: Any, *items: _Piece) -> list[ir.Statement]:
        r"""A command the paper defines as statements (``\LineComment{…}``), or an unknown one: text.

        The same text statement as ``\State \LineComment{…}`` would give, spanning from the command.
        """
        span = self._span(meta)
        content, comment = _split_comment(items)
        text = self._text_of(content)
        return [ir.TextStatement(span, text, comment)]

    def _end(self, body: _Body, header: _Piece) -> int:
        return body.span.end if body.span is not None else header.span.end

    def if_block(
        self,
        meta: Any,
        header: ir.Comment | None,
        cond: _Piece,
        body: _Body,
        elifs: list[ir.Branch],
        else_part: list[ir.Branch],
    ) -> ir.IfBlock:
        r"""``\If`` … ``\ElsIf`` … ``\Else`` … ``\EndIf``."""
        span = self._span(meta)
        comment, stmts = self._block_body(body, header)
        first = ir.Branch(Span(span.start, self._end(body, cond)), self._cond(cond), stmts, comment)
        return ir.IfBlock(span, (first, *elifs, *else_part))

    def if_wrapped(self, meta: Any, header: ir.Comment | None, cond: _Piece, body: _Body) -> ir.IfBlock:
        r"""``\IF{c}\ifthenbody{…}`` (LyX): an if with one arm, closed by the wrapper."""
        return self.if_block(meta, header, cond, body, [], [])

    def if_else_wrapped(
        self, meta: Any, header: ir.Comment | None, cond: _Piece, then: _Body, otherwise: _Body
    ) -> ir.IfBlock:
        r"""``\IF{c}\ifthenelsebody{…}{…}`` (LyX): the second argument is the else arm."""
        comment, stmts = self._block_body(otherwise)
        assert otherwise.span is not None  # a wrapped body always spans its braces
        return self.if_block(meta, header, cond, then, [], [ir.Branch(otherwise.span, None, stmts, comment)])

    def elifs(self, meta: Any, *branches: ir.Branch) -> list[ir.Branch]:
        r"""The ``\ElsIf`` arms."""
        return list(branches)

    def elsif(self, meta: Any, header: ir.Comment | None, cond: _Piece, body: _Body) -> ir.Branch:
        r"""One ``\ElsIf{cond}`` arm."""
        comment, stmts = self._block_body(body, header)
        return ir.Branch(self._span(meta), self._cond(cond), stmts, comment)

    def else_part(self, meta: Any, *arm: Any) -> list[ir.Branch]:
        r"""The ``\Else`` arm, if any: its ``[comment]`` and its body."""
        if not arm:
            return []
        header, body = arm
        comment, stmts = self._block_body(body, header)
        return [ir.Branch(self._span(meta), None, stmts, comment)]

    def while_block(self, meta: Any, header: ir.Comment | None, cond: _Piece, body: _Body) -> ir.WhileBlock:
        r"""``\While{cond}`` … ``\EndWhile`` (or LyX's ``\whilebody{…}``)."""
        comment, stmts = self._block_body(body, header)
        return ir.WhileBlock(self._span(meta), self._cond(cond), stmts, comment)

    def for_block(self, meta: Any, option: ir.Comment | None, header: _Piece, body: _Body) -> ir.ForRange | ir.ForAll:
        r"""``\For{…}``: a range (``i = 1, \dots, k`` or ``i \gets 1`` to ``n``), else a for-all."""
        comment, stmts = self._block_body(body, option)
        span = self._span(meta)
        found = self._range(header)
        if found is not None:
            var, start, stop, how = found
            return ir.ForRange(span, var, start, stop, stmts, comment, **how)
        return self._forall(span, header, stmts, comment)

    def forall_block(self, meta: Any, option: ir.Comment | None, header: _Piece, body: _Body) -> ir.ForAll:
        r"""``\ForAll{x \in S}`` / ``\ForEach`` / ``\FORALL``."""
        comment, stmts = self._block_body(body, option)
        return self._forall(self._span(meta), header, stmts, comment)

    def _forall(
        self, span: Span, header: _Piece, stmts: tuple[ir.Statement, ...], comment: ir.Comment | None
    ) -> ir.ForAll:
        cond = self._cond(header)
        members = members_of(cond)
        if members is not None:  # vertices \(e\) of \(Q\): e runs over Q's members
            return ir.ForAll(span, cond, members[0], members[1], stmts, comment)
        maths = [cond] if isinstance(cond, ir.Math) else list(cond.math)
        for math in maths:
            cut = next(((a, b) for a, b, tok in _top_level(math.latex) if tok == "\\in"), None)
            if cut is not None:
                var, iterable = self._slice(math, 0, cut[0]), self._slice(math, cut[1], len(math.latex))
                if var is not None and iterable is not None:
                    return ir.ForAll(span, cond, var, iterable, stmts, comment)
            # t = 1, 2 (a list, no \dots): t takes each value in turn, as \(t \in \{1, 2\}\) would
            equals = [(a, b) for a, b, tok in _top_level(math.latex) if tok == "="]
            commas = [a for a, _, tok in _top_level(math.latex) if tok == ","]
            # t = 1, 2, \dots (Shalev-Shwartz and Ben-David's perceptron): t counts on until the body leaves
            listed = "\\dots" not in math.latex and "\\ldots" not in math.latex
            if len(equals) == 1 and commas and (listed or _open(math)):
                var, values = self._slice(math, 0, equals[0][0]), self._slice(math, equals[0][1], len(math.latex))
                if var is not None and values is not None:
                    return ir.ForAll(span, cond, var, values, stmts, comment)
        return ir.ForAll(span, cond, None, None, stmts, comment)

    def _range(self, header: _Piece) -> tuple[ir.Math, ir.Math, ir.Math, dict[str, Any]] | None:
        r"""``(var, start, stop, how)`` of a range header, or ``None``.

        Forms: ``i = a, \dots, b``; ``i = a, a', \dots, b`` (``how["second"]``); ``i \gets a``
        \To/to/downto ``b``, optionally followed by step/by ``k`` (``how["down"]``, ``how["step"]``).
        """
        content = _drop_noise(header.children)
        maths = [p for p in content if p.kind == "math"]
        if len(content) == 1 and maths:
            math = self._math(maths[0])
            split = _assignment_split(math.latex)
            if split is None:
                return None
            var = self._slice(math, 0, split[0])
            rhs = self._slice(math, split[1], len(math.latex))
            ends = _colon_range(rhs) if rhs is not None else None
            if var is not None and ends is not None:  # Golub and Van Loan's k = 1{:}n-1, MATLAB's 1:n-1
                return var, self._slice(rhs, 0, ends[0]), self._slice(rhs, ends[1], len(rhs.latex)), {}
            parts = self._split_commas(rhs) if rhs is not None else []
            if var is None or len(parts) not in (3, 4, 5) or parts[-2].latex not in _DOTS:
                return None
            # the sieve's j = i^2, i^2 + i, i^2 + 2i, \dots, n: the step is the second term's, as in a, a', \dots, b
            how = {"second": parts[1]} if len(parts) >= 4 else {}
            return var, parts[0], parts[-1], how
        if len(maths) in (2, 3, 4) and content[0] is maths[0] and content[-1] is maths[-1]:
            # `i \gets a` to `b` [step `k`]: the words between the math segments say how
            words = [
                to_plain(self._src(Span(x.span.end, y.span.start))).strip().lower() for x, y in zip(maths, maths[1:])
            ]
            if len(words) >= 2 and words[0] == "from":  # `i` from `a` to `b` [step `k`] (HAC, lecture notes)
                return self._from_range(maths, words)
            if len(maths) == 4:
                return None
            first = self._math(maths[0])
            split = _assignment_split(first.latex)
            if split is None or words[0] not in ("to", "downto", "down to"):
                return None
            if len(words) == 2 and words[1] not in ("step", "by"):
                return None
            var, start = self._slice(first, 0, split[0]), self._slice(first, split[1], len(first.latex))
            if var is None or start is None:
                return None
            how: dict[str, Any] = {"direction": "down"} if words[0] != "to" else {}
            if len(words) == 2:
                how["step"] = self._math(maths[2])
            return var, start, self._math(maths[1]), how
        return None

    def _from_range(
        self, maths: list[_Piece], words: list[str]
    ) -> tuple[ir.Math, ir.Math, ir.Math, dict[str, Any]] | None:
        """``(var, start, stop, how)`` of ``i`` from ``a`` to (downto) ``b`` [step ``k``], else ``None``."""
        if words[1] not in ("to", "downto", "down to") or (len(words) == 3 and words[2] not in ("step", "by")):
            return None
        how: dict[str, Any] = {"direction": "down"} if words[1] != "to" else {}
        if len(words) == 3:
            how["step"] = self._math(maths[3])
        return self._math(maths[0]), self._math(maths[1]), self._math(maths[2]), how

    def loop_block(self, meta: Any, header: ir.Comment | None, body: _Body) -> ir.LoopBlock:
        r"""``\Loop`` … ``\EndLoop``."""
        comment, stmts = self._block_body(body, header)
        return ir.LoopBlock(self._span(meta), stmts, comment)

    def repeat_block(
        self,
        meta: Any,
        header: ir.Comment | None,
        body: _Body,
        until_header: ir.Comment | None,
        until: tuple[_Piece, ...],
    ) -> list[ir.Statement]:
        r"""``\Repeat`` … ``\Until{cond}`` (braces optional); anything after the braces follows the block."""
        span = self._span(meta)
        comment, stmts = self._block_body(body, header)
        content, until_comment = _split_comment(until)
        until_comment = until_header or until_comment
        rest: tuple[_Piece, ...] = ()
        if content and content[0].kind == "group":
            cond, rest = self._cond(content[0]), tuple(content[1:])
        elif content:
            group = _Piece("group", span, Span(content[0].span.start, content[-1].span.end), tuple(content))
            cond = self._cond(group)
        else:
            cond = ir.Text(Span(span.end, span.end), (), "")
        if until_comment is not None and (comment is not None or rest):
            rest += (_Piece("comment", until_comment.span, node=until_comment),)
        elif until_comment is not None:
            comment = until_comment
        return [ir.RepeatUntil(span, stmts, cond, comment), *self._loose(rest)]

    def function_block(self, meta: Any, name: _Piece, params: _Piece, body: _Body) -> ir.Function:
        r"""``\Function{Name}{params}`` … ``\EndFunction``."""
        return self._function("function", meta, name, params, body)

    def procedure_block(self, meta: Any, name: _Piece, params: _Piece, body: _Body) -> ir.Function:
        r"""``\Procedure{Name}{params}`` … ``\EndProcedure``."""
        return self._function("procedure", meta, name, params, body)

    def _function(self, kind: str, meta: Any, name: _Piece, params: _Piece, body: _Body) -> ir.Function:
        comment, stmts = self._block_body(body)
        return ir.Function(self._span(meta), kind, self._name(name), self._args(params), stmts, comment)

    # -- wrappers --------------------------------------------------------------------

    def algorithmic_env(self, meta: Any, begin: Token, body: _Body) -> _Env:
        r"""``\begin{algorithmic}[1]`` … ``\end{algorithmic}``."""
        return _Env(self._span(meta), str(begin), body)

    def caption(self, meta: Any, short: None, group: _Piece) -> _Float:
        r"""``\caption[short]{long}``: the long caption is kept."""
        return _Float(self._group_text(group), ())

    def short_caption(self, meta: Any, *option: Token) -> None:
        """The ``[short]`` caption, which the IR does not keep."""
        return None

    def float_items(self, meta: Any, *items: _Float | _Piece) -> _Float:
        """Caption (the first) and the other pieces of the float on one side of ``algorithmic``."""
        caption = next((i.caption for i in items if isinstance(i, _Float)), None)
        return _Float(caption, tuple(i for i in items if isinstance(i, _Piece)))

    def float_env(self, meta: Any, begin: Token, before: _Float, env: _Env, after: _Float) -> tuple[_Env, _Float]:
        r"""``\begin{algorithm}[H]`` … ``\end{algorithm}``."""
        return env, _Float(before.caption or after.caption, before.pieces + after.pieces)

    def start(self, meta: Any, found: Any) -> ir.Algorithm:
        """The whole listing; an empty one is an AV107 error."""
        span = self._span(meta)
        extras = _Float(None, ())
        if isinstance(found, _Body):
            env, kind = _Env(span, "", found), "listing"
        elif isinstance(found, _Env):
            env, kind = found, "algorithmic environment"
        else:
            (env, extras), kind = found, "algorithmic environment"
        statements = self._top_body(env.body)
        if not statements:
            raise LocatedError(EmptyBlock, env.span if not getattr(meta, "empty", True) else span, kind=kind)
        option = re.search(r"\[\s*(\d+)\s*\]", env.begin)
        numbered = option is not None and int(option.group(1)) > 0
        label, labels = self._attach_labels(span, env.span if env.begin else None, statements)
        texts = self._float_texts(extras.pieces)
        caption = extras.caption or self._caption
        return ir.Algorithm(span, statements, caption, label, numbered, texts, labels)

    def _top_body(self, body: _Body) -> tuple[ir.Statement, ...]:
        return (*self._loose(body.lead), *body.stmts)

    def _float_texts(self, pieces: tuple[_Piece, ...]) -> tuple[ir.Text, ...]:
        r"""The float's text outside ``algorithmic``, one :class:`ir.Text` per source line (labels aside)."""
        lines: list[list[_Piece]] = []
        for piece in _drop_noise(pieces):
            if lines and "\n" not in self._text[lines[-1][-1].span.end : piece.span.start]:
                lines[-1].append(piece)
            else:
                lines.append([piece])
        texts = (self._text_of(line) for line in lines)
        return tuple(t for t in texts if t.plain)

    def _attach_labels(
        self, whole: Span, env: Span | None, statements: tuple[ir.Statement, ...]
    ) -> tuple[str | None, tuple[ir.Label, ...]]:
        r"""The float's label, and every other ``\label`` with the span of what it labels.

        A label outside ``algorithmic`` belongs to the float: the first is the listing's
        ``label``, later ones label the whole listing. Inside, a label labels the innermost
        statement that holds it (its items run to the next keyword, so a label on a
        statement's line is one of its items), the block whose header it follows, or the
        block it follows (``\EndFor \label{…}``); before any statement, the whole listing.
        """
        first: str | None = None
        labels: list[ir.Label] = []
        for name, span in sorted(set(self._labels), key=lambda item: item[1]):
            if (env is not None and span not in env) or span in self._float_labels:
                if first is None:
                    first = name
                    continue
                target = whole
            else:
                target = _label_target(statements, span.start, whole, self._text)
            labels.append(ir.Label(span, name, target))
        if first is None and labels and labels[0].target == whole:
            # \begin{algorithmic}[1]\label{…} before any statement: it names the listing
            first, labels = labels[0].name, labels[1:]
        return first, tuple(labels)


#: the nouns of "\ForAll{vertices \(e\) of \(Q\)}": the members of Q, in order (a polygon's vertices, its rows)
_MEMBERS = re.compile(
    r"^(?:each |every |all (?:the )?|the )?"
    r"(?P<noun>vertices|vertex|points?|rows?|elements?|items?|members?|entries|entry)$",
    re.I,
)


def members_of(header: Any) -> tuple[ir.Math, ir.Math, str] | None:
    """``(e, Q, noun)`` of a \\ForAll header "vertices \\(e\\) of \\(Q\\)", else ``None``."""
    parts = [p for p in getattr(header, "parts", ()) if not (isinstance(p, str) and not p.strip())]
    if len(parts) != 4 or not isinstance(parts[1], ir.Math) or not isinstance(parts[3], ir.Math):
        return None
    first, of = (" ".join(p.split()) if isinstance(p, str) else None for p in (parts[0], parts[2]))
    found = _MEMBERS.match(first) if first is not None else None
    if found is None or of is None or of.lower() != "of":
        return None
    return parts[1], parts[3], found.group("noun").lower()


#: ``t = 1, 2, \dots``: two terms, then an ellipsis that ends the header (a progression with no last term)
_OPEN_PROGRESSION = re.compile(r"=[^=]*,[^=]*,\s*(?:\\dots|\\ldots|\\cdots|\.\.\.)\s*$")


def _open(math: ir.Math) -> bool:
    """Whether ``math`` is ``t = a, b, \\dots``: a counter that runs on until the loop's body leaves it."""
    return _OPEN_PROGRESSION.search(math.latex) is not None


def _colon_range(math: ir.Math) -> tuple[int, int] | None:
    """Where the one top-level colon of ``a{:}b`` (``a:b``, from ``a`` to ``b``) starts and ends; else ``None``."""
    latex = math.latex
    colons = [(m.start(), m.end()) for m in _COLON.finditer(latex) if _depth_at(latex, m.start()) == 0]
    if len(colons) != 1 or any(tok == "," for _, _, tok in _top_level(latex)):
        return None
    start, end = colons[0]
    return (start, end) if latex[:start].strip() and latex[end:].strip() else None


#: MATLAB's colon between a range's ends, as Golub and Van Loan set it (``1{:}n``) or bare (``1:n``)
_COLON = re.compile(r"\{:\}|(?<![{:])(?<!\\):(?![}=])")
