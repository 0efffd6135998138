r"""Reading a listing's statements: the pieces the transformer passes up, and what reads their text and math.

The small frozen records the builder's rules return to each other (:class:`_Piece`, a block's
body, a trail …), ``_StatementReading`` (the builder's private readers of a statement's text
and math, a base of :class:`~algoverify.syntax.builder._Builder`), and the pure helpers over
pieces and LaTeX strings: comments split off, noise dropped, delimiters blanked, assignments
found at the top level of a formula.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable, Iterator, Sequence

from lark import Token

from ..source import Span
from . import ir
from .definitions import Opener
from .plaintext import to_plain

#: Top-level operators that make a math-only statement an assignment (``=`` only if alone).
ASSIGN_OPS = ("\\gets", "\\leftarrow", "\\Leftarrow", "\\longleftarrow", ":=", "\\coloneqq")


@dataclass(frozen=True, slots=True)
class _Piece:
    """One item of a statement's content, before build.py decides what the statement means.

    ``kind`` is ``text`` (TEXT, CMD, ESC: ``value`` holds the token), ``math`` (``inner`` is
    the LaTeX between the delimiters), ``group`` (``inner`` is inside the braces,
    ``children`` the items there), ``comment`` (``node``), ``call`` (``children`` is the
    name group and the argument group), ``label`` (``value`` is the name) or ``end`` (a
    defined block's closer, ``value`` as written).
    """

    kind: str
    span: Span
    inner: Span | None = None
    children: tuple[_Piece, ...] = ()
    node: ir.Comment | None = None
    value: str = ""


@dataclass(frozen=True, slots=True)
class _Body:
    """A block body: its leading items (header comment or loose text), statements and span."""

    lead: tuple[_Piece, ...]
    stmts: tuple[ir.Statement, ...]
    span: Span | None


@dataclass(frozen=True, slots=True)
class _EmptyState:
    r"""An empty ``\State``: a blank line, or the start of ``\State \Return …``."""

    span: Span


@dataclass(frozen=True, slots=True)
class _Trail:
    """What follows a block's closing keyword on its line, before build.py knows the block."""

    items: tuple[_Piece, ...]


@dataclass(frozen=True, slots=True)
class _OpenUser:
    r"""A defined block (``\Do`` … ``\doWhile``) whose closer's arguments are still in the trail."""

    span: Span
    opener: Opener
    opener_span: Span
    body: _Body
    closer: str
    #: \ElsIf/\Else arms (an if block's only)
    arms: tuple[ir.Branch, ...] = ()


@dataclass(frozen=True, slots=True)
class _Float:
    """The items of an ``algorithm`` float outside ``algorithmic``: its caption and other pieces."""

    caption: ir.Text | None
    pieces: tuple[_Piece, ...]


@dataclass(frozen=True, slots=True)
class _Continuation:
    r"""A ``\Statex`` line of text, until :meth:`_Builder._flatten` knows what stands before it."""

    statement: ir.TextStatement


@dataclass(frozen=True, slots=True)
class _Env:
    """A parsed ``algorithmic`` environment (or bare statements, with ``begin`` empty)."""

    span: Span
    begin: str
    body: _Body


# Content items that typeset nothing a reader would call part of the statement.
_NOISE_MACROS = {
    "\\label": 1, "\\hfill": 0, "\\quad": 0, "\\qquad": 0, "\\nonumber": 0, "\\relax": 0,
    # spacing the pre-pass leaves when it has nothing else to do (see prepass._needs_pass)
    "\\;": 0, "\\,": 0, "\\:": 0, "\\!": 0, "\\ ": 0, "\\>": 0,
}  # fmt: skip
_TIES = re.compile(r"~+")
_DOTS = {"\\dots", "\\ldots", "\\cdots", "..."}
# \label inside display math, and what may stand at its ends without being math.
_MATH_LABEL = re.compile(r"\\label\s*\{([^{}]*)\}")
_EDGE = r"(?:\s|\\label\s*\{[^{}]*\}|\\nonumber(?![a-zA-Z])|\\notag(?![a-zA-Z]))*"
_MATH_EDGE = re.compile(_EDGE)
_MATH_EDGE_END = re.compile(_EDGE + r"\Z")
_MATH_COMMENT_END = re.compile(r"\s*(?<!\\)%[^\n]*(?:\s|(?<!\\)%[^\n]*)*\Z")
_MATH_TOKEN = re.compile(r"\\[a-zA-Z]+|\\.|:=|[<>!=]=|\.\.\.|[{}()\[\],=]", re.S)
# `\\(` and `\\)` never occur inside math; counting them lets _args cut raw text at commas.
_OPENING = {"\\(", "{", "(", "[", "\\{", "\\langle", "\\lvert", "\\lVert", "\\lfloor", "\\lceil"}
_CLOSING = {"\\)", "}", ")", "]", "\\}", "\\rangle", "\\rvert", "\\rVert", "\\rfloor", "\\rceil"}


class _StatementReading:
    """The builder's readers of a statement's text and math: a base of :class:`_Builder`.

    Private methods only (lark's ``v_args`` and its rule lookup see the builder's own methods),
    over the ``_text`` and ``_base`` the builder's ``__init__`` sets: spans made absolute, math
    and text pieces read from the note as written, a ``\\State``'s items split into statements.
    """

    # -- helpers ---------------------------------------------------------------------

    def _span(self, meta: Any, default: Span | None = None) -> Span:
        """Absolute span of a rule; an empty match (no positions) inherits ``default``."""
        if getattr(meta, "empty", True):
            return default if default is not None else Span(self._base, self._base)
        return Span(self._base + meta.start_pos, self._base + meta.end_pos)

    def _tok(self, kind: str, token: Token, inner: Span | None = None) -> _Piece:
        span = Span(self._base + token.start_pos, self._base + token.end_pos)
        return _Piece(kind, span, inner=inner, value=str(token))

    def _src(self, span: Span) -> str:
        return self._text[span.start : span.end]

    def _math(self, piece: _Piece) -> ir.Math:
        assert piece.inner is not None
        return ir.Math(piece.inner, self._src(piece.inner), True)

    def _composite(self, content: Sequence[_Piece]) -> ir.Math | None:
        r"""Math spread over text-mode ``\Call``\ s, logic words and delimiters, as one segment; else ``None``.

        ``\Return \Call{Fib}{$n-1$} + \Call{Fib}{$n-2$}``, ``$x \gets$ \Call{F}{$y$}`` and
        ``\While{$i \le n$ \textbf{and} $x_i < t$}`` are one expression to a reader; read apart,
        the first would return the arguments. Applies when there is a ``\Call`` or a logic word
        between math, and every other piece is math or only joins math (operators, brackets,
        digits); the delimiters are blanked, so offsets stay exact.
        """

        def logic(p: _Piece) -> bool:
            if p.kind == "group" and p.inner is not None:
                return to_plain(self._src(p.inner)).strip().lower() in _LOGIC_WORDS
            return p.kind == "text" and (p.value.strip() in _LOGIC_COMMANDS or _plain_logic(p) is not None)

        if not content or not all(_joins(p) or logic(p) for p in content):
            return None
        calls = any(p.kind == "call" for p in content)
        maths = sum(p.kind == "math" for p in content)
        # `$a$ \textbf{and} $b$`, and `\textbf{not} $\mathit{swapped}$`: a negation needs one operand
        words = any(logic(p) for p in content) and (maths >= 2 or (maths == 1 and self._negated(content)))
        if not (calls or words):
            return None
        span = content[0].span.cover(content[-1].span)
        latex = blank_delimiters(self._src(span))
        for k, p in enumerate(content):
            word = _plain_logic(p)
            if word is None or k == 0 or k + 1 == len(content):
                continue
            # `\(a_j < a_i\) and \(L_j + 1 > L_i\)`: the word between two maths is the connective,
            # written in the gap the delimiters leave so that every offset stays the note's
            start, end = content[k - 1].span.end - span.start, content[k + 1].span.start - span.start
            while start > 0 and latex[start - 1] == " ":  # the blanked \) before the word
                start -= 1
            while end < len(latex) and latex[end] == " ":
                end += 1
            gap = latex[start:end]
            if gap.split() == [p.value.strip()] and len(gap) >= len(word) + 2:
                latex = latex[:start] + f" {word}".ljust(len(gap)) + latex[end:]
        return ir.Math(span, latex, True)

    def _negated(self, content: Sequence[_Piece]) -> bool:
        """A "not" (``\\textbf{not}``, ``\\NOT``) stands before the one math of the pieces."""
        before = content[: next(i for i, p in enumerate(content) if p.kind == "math")]

        def word(p: _Piece) -> str:
            text = to_plain(self._src(p.inner)) if p.kind == "group" and p.inner is not None else p.value
            return str(text).strip().lower()

        return any(word(p) in ("not", "\\not") for p in before)

    def _slice(self, math: ir.Math, start: int, end: int) -> ir.Math | None:
        """The trimmed sub-math ``math.latex[start:end]`` with its exact span, or ``None`` if blank."""
        chunk = math.latex[start:end]
        lead = len(chunk) - len(chunk.lstrip())
        body = chunk.strip()
        if not body:
            return None
        begin = math.span.start + start + lead
        return ir.Math(Span(begin, begin + len(body)), body, False)

    def _after_word(self, content: Sequence[_Piece], word: Callable[[str], bool]) -> int | None:
        r"""Where the rest starts after a leading word ``word`` accepts: alone, or ``\textbf`` + ``{word}``."""
        for k in (1, 2):
            if len(content) > k and word(to_plain(self._src(content[0].span.cover(content[k - 1].span))).strip()):
                return k
        return None

    def _step_name(self, content: Sequence[_Piece]) -> int | None:
        r"""Where the math starts after a step's name ending in a colon (``\textbf{initialize:}``), else ``None``."""
        k = self._after_word(content, _STEP_NAME.fullmatch)  # type: ignore[arg-type]
        return k if k is not None and all(p.kind == "math" for p in content[k:]) else None

    def _return_word(self, content: Sequence[_Piece]) -> int | None:
        r"""Where a statement's values start when it begins with ``return`` as a word (``\textbf{return}``)."""
        return self._after_word(content, lambda w: w.lower() in ("return", "return:"))

    def _return_of(self, span: Span, content: Sequence[_Piece], comment: ir.Comment | None) -> ir.Return:
        # \Call{F}{$a$} $+$ \Call{F}{$b$}: an operator alone in its math joins the calls into one value
        joined = any(
            p.kind == "math" and p.inner is not None and self._src(p.inner).strip() in _OPERATORS for p in content
        )
        if not joined and all(p.kind in ("math", "call") or _is_separator(p, ",") for p in content):
            values = tuple(v for p in content if p.kind != "text" for v in self._values(p))
            return ir.Return(span, values, comment)
        listed = self._values_and(content)
        if listed is None:
            listed = self._values_with_words(content)
        if listed is not None:
            return ir.Return(span, listed, comment)
        composite = self._composite(content)
        if composite is not None:
            return ir.Return(span, tuple(self._returned_values(composite)), comment)
        where = content[0].span.cover(content[-1].span)
        if to_plain(self._src(where)).strip().lower() in ("true", "false") or self._small_capitals(where):
            # \Return \textbf{true}, \Return \textsc{failure}: the constant, as the math reads it (never a
            # sentence): the prose's definition of the word, else the word itself
            return ir.Return(span, (ir.Math(where, self._src(where), False),), comment)
        text = self._text_of(content)
        return ir.Return(span, text.math, comment, text)

    def _small_capitals(self, where: Span) -> bool:
        r"""Whether ``where`` is one word in small capitals (``\textsc{failure}``), \textsc{nil} aside.

        ``\Return \textsc{nil}`` in text stays a text return: it is None and names no output.
        """
        found = _SMALL_CAPITALS.fullmatch(self._src(where).strip())
        return found is not None and found.group(1).lower() not in ("nil", "null", "none")

    def _values_and(self, content: Sequence[_Piece]) -> tuple[ir.Math, ...] | None:
        r"""``\Return \(c\) and \(b\)`` (CLRS's LCS-Length), ``\(x\), \(y\) and \(z\)``: the values, listed.

        A reader returns both tables; ``c \land b`` of two arrays is no value at all. Relations joined
        by "and" (``\Return \(i \le n\) and \(x_i = t\)``) stay one truth value.
        """
        maths = content[::2]
        joiners = content[1::2]
        if (
            len(content) < 3
            or len(content) % 2 == 0
            or not all(p.kind == "math" and p.inner is not None for p in maths)
            or _plain_logic(joiners[-1]) != "\\land"
            or not all(_is_separator(p, ",") for p in joiners[:-1])
            or any(_RELATION.search(self._src(p.inner)) for p in maths if p.inner is not None)
        ):
            return None
        return tuple(v for p in maths for v in self._values(p))

    def _values_with_words(self, content: Sequence[_Piece]) -> tuple[ir.Math, ...] | None:
        r"""``\Return \(d\), \textsc{false}`` (Bellman–Ford), ``\(x\) and \textbf{true}``: values and constant words.

        A reader returns the distances and the flag; read as a sentence, the flag was dropped and the
        run returned one value where the note says two. Each item between the commas (and a last
        "and") is a math, a ``\Call``, or one constant word as :meth:`_return_of` reads one alone.
        """
        items: list[list[_Piece]] = [[]]
        for k, p in enumerate(content):
            if _is_separator(p, ",") or (_plain_logic(p) == "\\land" and 0 < k < len(content) - 1):
                items.append([])
            else:
                items[-1].append(p)
        if len(items) < 2 or not all(items):
            return None
        values: list[ir.Math] = []
        words = 0
        for item in items:
            if len(item) == 1 and item[0].kind in ("math", "call"):
                values += self._values(item[0])
                continue
            where = item[0].span.cover(item[-1].span)
            if to_plain(self._src(where)).strip().lower() not in ("true", "false") and not self._small_capitals(where):
                return None
            values.append(ir.Math(where, self._src(where), False))
            words += 1
        return tuple(values) if words else None

    def _values(self, piece: _Piece) -> list[ir.Math]:
        r"""Returned values: a math segment split at its commas, or a ``\Call`` as written."""
        if piece.kind == "call":
            # The call as written (mathexpr reads \Call), its arguments' delimiters blanked.
            return [ir.Math(piece.span, blank_delimiters(self._src(piece.span)), False)]
        return self._returned_values(self._math(piece))

    def _condition(self, kind: str, meta: Any, items: Sequence[_Piece]) -> ir.Condition:
        span = self._span(meta)
        content, comment = _split_comment(items)
        return ir.Condition(span, kind, self._text_of(content, Span(span.end, span.end)), comment)

    def _statement(self, span: Span, items: Sequence[_Piece]) -> list[ir.Statement]:
        r"""Meaning of a ``\State``'s items; ``[]`` for an empty one."""
        content, comment = _split_comment(items)
        if not content:
            return [comment] if comment else []
        returned = self._return_word(content)
        if returned is not None:  # `\State \textbf{return} $b$`, as the algorithmicx manual writes it
            ret = self._return_of(span, content[returned:], comment)
            if ret.text is None:  # values only: `return to step 3` stays English
                return [ret]
        named = self._step_name(content)
        if named is not None:  # `\textbf{initialize:} \(w^{(1)} = 0\)`: a word naming the step, then the step
            content = content[named:]
        maths = [p for p in content if p.kind == "math"]
        if maths and all(p.kind == "math" or self._statement_separator(p, maths) for p in content):
            out: list[ir.Statement] = []
            i = 0
            while i < len(maths):
                piece, end = maths[i], self._split_formula_end(maths, i)
                last = end == len(maths) - 1
                part = Span(span.start if i == 0 else piece.span.start, span.end if last else maths[end].span.end)
                if end > i:  # one formula over several segments (see _split_formula_end)
                    inner = Span(piece.inner.start, maths[end].inner.end)  # type: ignore[union-attr]
                    joined = ir.Math(inner, blank_delimiters(self._src(inner)), True)
                    out.append(self._math_statement(part, None, comment if last else None, joined))
                else:
                    out.append(self._math_statement(part, piece, comment if last else None))
                i = end + 1
            return out
        groups = _split_at(content, ";")
        if len(groups) > 1 and all(groups):  # \(Q \gets R\); \(R \gets\) empty list: two statements
            out = []
            for k, group in enumerate(groups):
                first, last = k == 0, k == len(groups) - 1
                part = Span(span.start if first else group[0].span.start, span.end if last else group[-1].span.end)
                out += self._statement(part, group)
            if comment is not None and out and hasattr(out[-1], "comment"):
                out[-1] = dataclasses.replace(out[-1], comment=comment)
            return out
        if len(content) == 1 and content[0].kind == "call":
            name, args = content[0].children
            return [ir.CallStmt(span, self._name(name), self._args(args), comment)]
        composite = self._composite(content)
        if composite is not None:
            return [self._math_statement(span, None, comment, composite)]
        return [ir.TextStatement(span, self._text_of(content), comment)]

    def _statement_separator(self, piece: _Piece, maths: Sequence[_Piece]) -> bool:
        """``;`` between formulas; ``,`` or "and" between assignments (``$U \\gets A$, $L \\gets I$``)."""
        if _is_separator(piece, ";"):
            return True
        if piece.kind != "text" or not _LIST_JOIN.fullmatch(piece.value.strip()):
            return False
        return len(maths) > 1 and all(_assignment_split(self._src(m.inner)) is not None for m in maths)  # type: ignore[arg-type]

    def _math_statement(
        self, span: Span, piece: _Piece | None, comment: ir.Comment | None, math: ir.Math | None = None
    ) -> ir.Statement:
        math = math if math is not None else self._math(piece)
        split = _assignment_split(math.latex)
        if split is not None:
            op_start, op_end = split
            target = self._slice(math, 0, op_start)
            value = self._slice(math, op_end, len(math.latex))
            if target is not None and value is not None and _ARBITRARY.fullmatch(value.latex):
                # Trefethen and Bau's "b = arbitrary": any value of the caller's, an input as \Require b says
                return ir.Condition(span, "require", ir.Text(target.span, (target,), to_plain(target.latex)), comment)
            if target is not None and value is not None:
                return ir.Assign(span, target, value, math.latex[op_start:op_end], comment)
        where = piece.span if piece is not None else math.span
        text = ir.Text(where, (math,), to_plain(self._src(where)))
        return ir.TextStatement(span, text, comment)

    def _loose(self, items: Sequence[_Piece]) -> list[ir.Statement]:
        r"""Statements for items outside any ``\State`` (before a body's first statement, after a block)."""
        if not items:
            return []
        return self._statement(items[0].span.cover(items[-1].span), items)

    # -- text, conditions, names, arguments ------------------------------------------

    def _text_of(self, pieces: Sequence[_Piece], empty: Span | None = None) -> ir.Text:
        """A :class:`ir.Text` over ``pieces``: raw source between its math segments, and plain text."""
        if not pieces:
            where = empty if empty is not None else Span(self._base, self._base)
            return ir.Text(where, (), "")
        span = pieces[0].span.cover(pieces[-1].span)
        parts: list[str | ir.Math] = []
        cursor = span.start
        maths = list(_math_pieces(pieces))
        i = 0
        while i < len(maths):
            piece = maths[i]
            if piece.span.start > cursor:
                parts.append(self._text[cursor : piece.span.start])
            last = self._split_formula_end(maths, i)
            if last > i:
                # one formula written over several math segments (`$\langle a$, b $\rangle$`):
                # read as one, its delimiters blanked so offsets stay the note's
                inner = Span(piece.inner.start, maths[last].inner.end)  # type: ignore[union-attr]
                parts.append(ir.Math(inner, blank_delimiters(self._src(inner)), True))
                cursor = maths[last].span.end
                i = last + 1
                continue
            parts.append(self._math(piece))
            cursor = piece.span.end
            i += 1
        if cursor < span.end:
            parts.append(self._text[cursor : span.end])
        return ir.Text(span, tuple(parts), to_plain(self._src(span)))

    def _split_formula_end(self, maths: list[_Piece], i: int) -> int:
        """The last math piece of a formula that opens a bracket in ``maths[i]`` and closes it later; ``i`` if none.

        Only spacing, line breaks, punctuation, one word or commands with one group may stand
        between the pieces (``$\\langle \bot$, \\codeF{i} $\rangle$``): a sentence between is prose.
        """
        depth = _bracket_depth(self._src(maths[i].inner))  # type: ignore[arg-type]
        if depth <= 0:
            return i
        for j in range(i + 1, len(maths)):
            gap = self._text[maths[j - 1].span.end : maths[j].span.start]
            if not _JOINING_GAP.fullmatch(gap) or len(_GAP_WORD.findall(_GAP_COMMAND.sub(" ", gap))) > 1:
                return i
            depth += _bracket_depth(self._src(maths[j].inner))  # type: ignore[arg-type]
            if depth <= 0:
                return j if depth == 0 else i
        return i

    def _group_text(self, group: _Piece) -> ir.Text:
        assert group.inner is not None
        return self._text_of(_drop_noise(group.children), Span(group.inner.start, group.inner.start))

    def _cond(self, group: _Piece) -> ir.Math | ir.Text:
        r"""An ``\If``/``\While``/``\Until`` condition: one math segment is a Math, anything else Text."""
        content = _drop_noise(group.children)
        if len(content) == 1 and content[0].kind == "math":
            return self._math(content[0])
        composite = self._composite(content)
        if composite is not None:
            return composite
        assert group.inner is not None
        written = self._src(group.inner).strip()
        if written not in ("\\TRUE", "\\FALSE") and to_plain(written).strip().lower() in ("true", "false"):
            # \While{\textbf{true}}: the constant, as \Return \textbf{true} is (never a sentence); the
            # older package's \TRUE reads as one already
            where = content[0].span.cover(content[-1].span)
            return ir.Math(where, self._src(where), False)
        return self._text_of(content, Span(group.inner.start, group.inner.start))

    def _name(self, group: _Piece) -> str:
        assert group.inner is not None
        return to_plain(self._src(group.inner)).strip()

    def _args(self, group: _Piece) -> tuple[ir.Math, ...]:
        r"""Parameters or arguments: one Math per comma-separated item, with exact spans.

        Items are cut at commas outside braces and math; an item that is one math segment
        is split further at its own top-level commas (``\(x, \gamma\)`` gives two).
        """
        assert group.inner is not None
        # `{$a, b$}`: the commas inside one math segment cut too; blanked delimiters keep offsets
        raw = ir.Math(group.inner, blank_delimiters(self._src(group.inner)), False)
        if not raw.latex.strip():
            return ()
        maths = {p.span: p for p in _math_pieces(group.children)}
        out: list[ir.Math] = []
        for item in self._split_commas(raw):
            piece = maths.get(item.span)
            if piece is not None:
                out.extend(self._split_commas(self._math(piece)))
            else:
                out.append(replace(item, delimited=False))
        return tuple(out)

    def _split_commas(self, math: ir.Math) -> list[ir.Math]:
        """Split at top-level commas; a math with none stays whole (and keeps ``delimited``)."""
        cuts = [start for start, _, tok in _top_level(math.latex) if tok == ","]
        if not cuts:
            return [math]
        bounds = [0, *cuts, len(math.latex)]
        # each piece after the first starts just past its comma
        spans = zip(bounds, bounds[1:], strict=False)
        pieces = [p for p in (self._slice(math, a + (i > 0), b) for i, (a, b) in enumerate(spans)) if p is not None]
        return pieces

    def _returned_values(self, math: ir.Math) -> list[ir.Math]:
        """The values of a ``\\Return``: ``y_1, \\dots, y_m`` is one value (the list y), not three.

        Two members of one name before the dots are the list's too: ``Q_{0,0}, Q_{1,1}, \\dots, Q_{m,m}``
        (a diagonal) and ``x_0, x_2, \\dots, x_{n-2}`` are one list each.
        """
        pieces = self._split_commas(math)
        k = 1
        while k + 1 < len(pieces):
            if pieces[k].latex.strip() in ("\\dots", "\\ldots", "\\cdots"):
                first = (
                    k - 2
                    if k >= 2 and _member_base(pieces[k - 2].latex) == _member_base(pieces[k - 1].latex)
                    else k - 1
                )
                if _member_base(pieces[first].latex) != _member_base(pieces[k + 1].latex):
                    first = k - 1
                start, end = pieces[first].span.start - math.span.start, pieces[k + 1].span.end - math.span.start
                joined = self._slice(math, start, end)
                if joined is not None:
                    pieces[first : k + 2] = [joined]
                    k = first + 1
                    continue
            k += 1
        return pieces


# --- pure helpers ----------------------------------------------------------------------


#: Text-mode pieces that only join math: operators, brackets, digits (``\\Call{F}{n-1} + 1``).
_JOINING_TEXT = re.compile(r"[\s+\-*/=<>(),.;:|!^_0-9\[\]]+")
_JOINING_COMMANDS = frozenset(
    "\\gets \\leftarrow \\cdot \\times \\le \\leq \\ge \\geq \\ne \\neq \\pm \\ldots \\dots \\cdots "
    "\\, \\; \\: \\! \\quad".split()
)
_DELIMITER = re.compile(r"(?<!\\)\$|\\\(|\\\)")


def _member_base(latex: str) -> str | None:
    """``Q`` of ``Q_{1,1}`` (the name a subscript follows, as written), else ``None``: not a member of a name."""
    base, sub, _ = latex.strip().partition("_")
    return base.strip() if sub and base.strip() else None


def blank_delimiters(text: str) -> str:
    r"""``text`` with its math delimiters (``$``, ``\(``, ``\)``) as spaces of the same width.

    Math written across delimiters (``$x \gets$ \Call{F}{$n-1$}``) is then one segment whose
    offsets are still the note's.
    """
    return _DELIMITER.sub(lambda m: " " * len(m.group()), text)


# What may stand between the math segments of one formula split by its author (see
# _Builder._split_formula_end): spaces, punctuation, line breaks, spacing, one-group commands, words.
_GAP_COMMAND = re.compile(r"\\[a-zA-Z]+\*?(?:\{[^{}]*\})?|\\[,;:! \\]")
_GAP_WORD = re.compile(r"[A-Za-z0-9_]+")
_JOINING_GAP = re.compile(r"(?:\s|[,;]|\\[a-zA-Z]+\*?(?:\{[^{}]*\})?|\\[,;:! \\]|[A-Za-z0-9_]+)*")


def _bracket_depth(latex: str) -> int:
    """Brackets opened minus closed in ``latex`` (``(``, ``[``, ``\\{``, ``\\langle`` … and braces)."""
    depth = 0
    for m in _MATH_TOKEN.finditer(latex):
        if m.group() in _OPENING:
            depth += 1
        elif m.group() in _CLOSING:
            depth -= 1
    return depth


#: A step's name before its math (Shalev-Shwartz and Ben-David's "initialize:"): words, then a colon.
#: one word in small capitals, a constant (HAC's "return(failure)")
_SMALL_CAPITALS = re.compile(r"\\textsc\s*\{\s*([A-Za-z][\w-]*)\s*\}")
_STEP_NAME = re.compile(r"[A-Za-z][A-Za-z -]{0,30}:")

#: What makes a math segment a truth value rather than a value: a relation or a connective.
_RELATION = re.compile(
    r"[=<>]|\\(?:le|ge|leq|geq|lt|gt|ne|neq|in|notin|land|lor|lnot|neg|wedge|vee|subset|subseteq)(?![a-zA-Z])"
)

#: A value a statement leaves to its caller: ``b = \text{arbitrary}`` (Trefethen and Bau), ``\text{any}``.
_ARBITRARY = re.compile(r"\\(?:text|textrm|textit|mathrm|mathit)\s*\{\s*(?:arbitrary|any|given)\s*\}")

#: Logic written in text mode between math segments (``$a$ \textbf{and} $b$``, legacy ``\AND``).
_LOGIC_WORDS = frozenset({"and", "or", "not", "true", "false"})
_PLAIN_LOGIC = {"and": "\\land", "or": "\\lor"}


def _plain_logic(p: _Piece) -> str | None:
    """``\\land`` for the plain word "and" between two maths of a condition, ``\\lor`` for "or"."""
    return _PLAIN_LOGIC.get(p.value.strip().lower()) if p.kind == "text" and p.value else None


_LOGIC_COMMANDS = frozenset("\\AND \\OR \\NOT \\TRUE \\FALSE \\textbf \\textit \\text \\mathbf \\emph \\textsc".split())


#: math that is only an operator: it joins the pieces beside it (``\Call{F}{$a$} $+$ \Call{F}{$b$}``)
_OPERATORS = frozenset({"+", "-", "*", "/", "\\cdot", "\\times"})


def _joins(piece: _Piece) -> bool:
    if piece.kind in ("math", "call"):
        return True
    if piece.kind != "text":
        return False
    value = piece.value.strip()
    return value in _JOINING_COMMANDS or _JOINING_TEXT.fullmatch(value) is not None


def _split_comment(items: Sequence[_Piece]) -> tuple[list[_Piece], ir.Comment | None]:
    r"""Content items (noise dropped) and the statement's trailing ``\Comment``, if any."""
    content = _drop_noise(items)
    if content and content[-1].kind == "comment":
        return content[:-1], content[-1].node
    return content, None


def _drop_noise(items: Iterable[_Piece]) -> list[_Piece]:
    r"""Drop ``\label{…}``, ``\hfill`` and the like, which carry no meaning."""
    out: list[_Piece] = []
    skip = 0
    for piece in items:
        if skip and piece.kind == "group":
            skip -= 1
            continue
        skip = 0
        if piece.kind == "label":
            continue
        if piece.kind == "text" and (
            piece.value in _NOISE_MACROS or (piece.value[:1] == "~" and _TIES.fullmatch(piece.value))
        ):
            skip = _NOISE_MACROS.get(piece.value, 0)
            continue
        out.append(piece)
    return out


def _plain_of(cond: ir.Math | ir.Text) -> str:
    return cond.plain if isinstance(cond, ir.Text) else to_plain(f"\\({cond.latex}\\)")


_CLOSER_BEFORE = re.compile(r"\\(?:Until|UNTIL|End[A-Za-z]*|END[A-Z]*)(?![a-zA-Z])")


def _label_target(statements: Sequence[ir.Statement], pos: int, parent: Span, text: str) -> Span:
    """What a label at ``pos`` labels among ``statements`` (see :meth:`_Builder._attach_labels`)."""
    before: ir.Node | None = None
    for i, node in enumerate(statements):
        if pos in node.span:
            if isinstance(node, ir.IfBlock):
                for j, branch in enumerate(node.branches):
                    if pos in branch.span:
                        return _label_target(branch.body, pos, node.span if j == 0 else branch.span, text)
                return node.span
            if i == 0 and _header_text(node, parent, pos, text):
                return parent  # \Function{F}{x}: \label{…}: loose text on the header's line
            inner = getattr(node, "body", ())
            if inner and _CLOSER_BEFORE.search(text, inner[-1].span.end, pos):
                return node.span  # `\Until{…} \label{…}`: after the block's closing keyword, the block
            return _label_target(inner, pos, node.span, text) if inner else node.span
        if node.span.end <= pos:
            before = node
    return before.span if before is not None else parent


def _header_text(node: ir.Node, parent: Span, pos: int, text: str) -> bool:
    """Whether ``node`` is loose text after a block header, on the header's line up to ``pos``."""
    return (
        isinstance(node, ir.TextStatement)
        and node.span.start > parent.start
        and not text.startswith(("\\State", "\\STATE", "\\Statex"), node.span.start)
        and "\n" not in text[parent.start : pos]
    )


#: what joins assignments written as a list in one statement: ",", "and", ", and"
_LIST_JOIN = re.compile(r",|,?\s*and", re.I)


def _split_at(content: Sequence[_Piece], char: str) -> list[list[_Piece]]:
    """``content`` in the groups that separators ``char`` (pieces of text of it alone) stand between.

    A separator the lexer kept with the words after it (``$w \\gets \\mathrm{top}(S)$; pop $S$``, whose
    text is ``; pop``) separates as well: the words start the next group.
    """
    groups: list[list[_Piece]] = [[]]
    for piece in content:
        stripped = piece.value.lstrip()
        if piece.kind == "text" and stripped.startswith(char) and stripped[1:].strip() and groups[-1]:
            cut = piece.span.start + len(piece.value) - len(stripped) + 1
            groups.append([_Piece("text", Span(cut, piece.span.end), value=stripped[1:])])
        elif _is_separator(piece, char):
            groups.append([])
        else:
            groups[-1].append(piece)
    return groups


def _is_separator(piece: _Piece, char: str) -> bool:
    return piece.kind == "text" and piece.value.strip() != "" and set(piece.value.replace(" ", "")) <= {char}


def _math_pieces(pieces: Iterable[_Piece]) -> Iterator[_Piece]:
    r"""Math items in source order, including those inside groups and ``\Call`` arguments."""
    for piece in pieces:
        if piece.kind == "math":
            yield piece
        elif piece.kind in ("group", "call"):
            yield from _math_pieces(piece.children)


def _depth_at(latex: str, pos: int) -> int:
    """Bracket depth at ``pos`` (as :func:`_top_level` counts it)."""
    depth = 0
    for m in _MATH_TOKEN.finditer(latex, 0, pos):
        if m.group() in _OPENING:
            depth += 1
        elif m.group() in _CLOSING:
            depth -= 1
    return depth


def _top_level(latex: str) -> Iterator[tuple[int, int, str]]:
    """Yield ``(start, end, token)`` for each token of ``latex`` outside braces, brackets and norms."""
    depth = 0
    for m in _MATH_TOKEN.finditer(latex):
        tok = m.group()
        if tok in _OPENING:
            depth += 1
        elif tok in _CLOSING:
            depth -= 1
        elif depth == 0:
            yield m.start(), m.end(), tok


#: ``x \mathrel{+}= y`` and ``x += y``: an update of ``x`` by an operator (the op is kept on the Assign)
_AUGMENTED = re.compile(r"\\mathrel\s*\{\s*([+\-*/])\s*\}\s*=|(?<![<>=!+\-*/])([+\-*/])=(?!=)")


def _assignment_split(latex: str) -> tuple[int, int] | None:
    r"""Offsets of the assignment operator: the first top-level ``\gets`` or kin, ``+=`` and kin, else a lone ``=``."""
    top = {start for start, _, _ in _top_level(latex)}
    for m in _AUGMENTED.finditer(latex):
        if m.start() in top or (m.group(2) and _depth_at(latex, m.start()) == 0):
            return m.start(), m.end()
    equals = []
    for start, end, tok in _top_level(latex):
        if tok in ASSIGN_OPS:
            return start, end
        if tok == "=":
            equals.append((start, end))
    return equals[0] if len(equals) == 1 else None
