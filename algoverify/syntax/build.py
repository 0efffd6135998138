"""Algorithmic LaTeX → :mod:`algoverify.syntax.ir`: parse with ``grammars/algorithmic.lark``, then transform.

:func:`parse_algorithm` is the entry point. It is the one place where offsets are added:
lark sees ``text[body.start:body.end]`` and every IR span is ``body.start`` plus lark's
``meta.start_pos``/``meta.end_pos`` (style §2.2). Bad input never escapes as a Python
traceback: pre-scans catch what the parser state cannot tell (braces, unclosed math),
and every lark error becomes a :class:`~algoverify.findings.LocatedError` with an AV1xx
rule, chosen by lark's ``match_examples`` over :data:`PARSE_ERROR_EXAMPLES` or, when no
example matches (deeper nesting), from the blocks still open on the parser's stack.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any, Iterable, Iterator, Sequence

from lark import Token, Transformer, v_args
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError

from ..findings import (
    EmptyBlock,
    LocatedError,
    Rule,
    StrayKeyword,
    SyntaxErrorInListing,
    UnbalancedBraces,
    UnclosedBlock,
    UnclosedMath,
    UnmatchedEnd,
    UnterminatedEnvironment,
)
from ..source import Span
from . import ir
from .grammar import load_parser
from .plaintext import to_plain

__all__ = ["parse_algorithm", "PARSE_ERROR_EXAMPLES", "ASSIGN_OPS"]

#: Top-level operators that make a math-only statement an assignment (``=`` only if alone).
ASSIGN_OPS = ("\\gets", "\\leftarrow", ":=", "\\coloneqq")

# --- the error catalogue (lark's GRAMMAR_ERRORS pattern) -----------------------------
#: Labelled malformed listings, written as bare statements. ``match_examples`` compares
#: parser states, so each example is parsed inside the same wrapper (float, environment
#: or none) as the failing input; tests/test_build.py checks every row.
PARSE_ERROR_EXAMPLES: list[tuple[type[Rule], list[str]]] = [
    (
        UnclosedBlock,
        [
            "\\While{\\(x\\)}\n\\State \\(y \\gets 1\\)\n",
            "\\While{\\(x\\)}\n",
            "\\State \\(a\\)\n\\While{\\(x\\)}\n\\State \\(y\\)\n",
            "\\If{\\(x\\)}\n\\State \\(y\\)\n",
            "\\State \\(a\\)\n\\If{\\(x\\)}\n\\State \\(y\\)\n",
            "\\For{\\(i = 1, \\dots, n\\)}\n\\State \\(y\\)\n",
            "\\Function{F}{\\(x\\)}\n\\State \\(y\\)\n",
            "\\Repeat\n\\State \\(y\\)\n",
            "\\While{\\(x\\)}\n\\State \\(y\\)\n\\EndFor\n",
            "\\While{\\(x\\)}\n\\EndIf\n",
            "\\If{\\(x\\)}\n\\While{\\(y\\)}\n\\Else\n",
        ],
    ),
    (
        UnmatchedEnd,
        [
            "\\EndIf\n",
            "\\State \\(x \\gets 1\\)\n\\EndIf\n",
            "\\State \\(x \\gets 1\\)\n\\EndWhile\n",
            "\\State \\(x \\gets 1\\)\n\\EndFor\n",
            "\\State \\(x \\gets 1\\)\n\\EndFunction\n",
        ],
    ),
    (
        StrayKeyword,
        [
            "\\Else\n",
            "\\State \\(x \\gets 1\\)\n\\Else\n",
            "\\State \\(x \\gets 1\\)\n\\ElsIf{\\(y\\)}\n",
            "\\State \\(x \\gets 1\\)\n\\Until{\\(y\\)}\n",
            "\\If{\\(x\\)}\n\\State \\(y\\)\n\\Else\n\\State \\(z\\)\n\\Else\n",
        ],
    ),
]

_WRAPPERS = {
    "float": ("\\begin{algorithm}\n\\begin{algorithmic}\n", "\n\\end{algorithmic}\n\\end{algorithm}\n"),
    "env": ("\\begin{algorithmic}\n", "\n\\end{algorithmic}\n"),
    "bare": ("", ""),
}

# Block openers → (block kind, closing keyword in the same dialect).
_OPENERS = {
    "\\If": ("if", "\\EndIf"), "\\IF": ("if", "\\ENDIF"),
    "\\While": ("while", "\\EndWhile"), "\\WHILE": ("while", "\\ENDWHILE"),
    "\\For": ("for", "\\EndFor"), "\\FOR": ("for", "\\ENDFOR"),
    "\\ForAll": ("for", "\\EndFor"), "\\ForEach": ("for", "\\EndFor"), "\\FORALL": ("for", "\\ENDFOR"),
    "\\Loop": ("loop", "\\EndLoop"), "\\LOOP": ("loop", "\\ENDLOOP"),
    "\\Repeat": ("repeat", "\\Until"), "\\REPEAT": ("repeat", "\\UNTIL"),
    "\\Function": ("function", "\\EndFunction"), "\\Procedure": ("procedure", "\\EndProcedure"),
}  # fmt: skip
_OPENER_TYPES = frozenset(
    "_IF _IF_U _WHILE _WHILE_U _FOR _FOR_U _FORALL _FOREACH _FORALL_U _LOOP _LOOP_U "
    "_REPEAT _REPEAT_U _FUNCTION _PROCEDURE BEGIN_ALG BEGIN_FLOAT".split()
)
# Closing keywords → (block kind, the opener to name in a message).
_CLOSERS = {
    "_ENDIF": ("if", "\\If"), "_ENDIF_U": ("if", "\\IF"),
    "_ENDWHILE": ("while", "\\While"), "_ENDWHILE_U": ("while", "\\WHILE"),
    "_ENDFOR": ("for", "\\For"), "_ENDFOR_U": ("for", "\\FOR"),
    "_ENDLOOP": ("loop", "\\Loop"), "_ENDLOOP_U": ("loop", "\\LOOP"),
    "_ENDFUNCTION": ("function", "\\Function"), "_ENDPROCEDURE": ("procedure", "\\Procedure"),
    "_END_ALG": ("algorithmic", "\\begin{algorithmic}"), "_END_FLOAT": ("algorithm", "\\begin{algorithm}"),
}  # fmt: skip
# Keywords that only make sense inside one kind of block → (kind, where they belong).
_INNER = {
    "_ELSE": ("if", "an \\If block"), "_ELSE_U": ("if", "an \\IF block"),
    "_ELSIF": ("if", "an \\If block"), "_ELSIF_U": ("if", "an \\IF block"),
    "_UNTIL": ("repeat", "a \\Repeat block"), "_UNTIL_U": ("repeat", "a \\REPEAT block"),
}  # fmt: skip
# Terminal names → how a user writes them, for "expected …" in messages.
_SPELLING = {
    "_LBRACE": "{", "_RBRACE": "}", "$END": "the end of the listing", "_END_ALG": "\\end{algorithmic}",
}  # fmt: skip


_TOO_DEEP = "the listing is nested too deeply"


def parse_algorithm(text: str, body: Span) -> ir.Algorithm:
    """Parse the listing at ``text[body.start:body.end]`` into an :class:`ir.Algorithm`.

    :param text: the whole note; every span in the result indexes into it.
    :param body: an ``algorithm`` float, a bare ``algorithmic`` environment, or bare statements.
    :raises LocatedError: an AV1xx rule at the offending place of the note.
    """
    source = text[body.start : body.end]
    _prescan(source, body.start)
    try:
        tree = _parser().parse(source)
    except UnexpectedInput as exc:
        raise _diagnose(exc, source, body.start) from exc
    except LarkError as exc:  # any other lark failure is still the listing's fault, never a traceback
        raise LocatedError(SyntaxErrorInListing, body, message=str(exc)) from exc
    try:
        return _Builder(text, body.start).transform(tree)
    except VisitError as exc:
        cause = exc.orig_exc
        if isinstance(cause, LocatedError):
            raise cause from None
        if isinstance(cause, RecursionError):
            raise LocatedError(SyntaxErrorInListing, body, message=_TOO_DEEP) from cause
        raise cause from exc
    except RecursionError as exc:
        raise LocatedError(SyntaxErrorInListing, body, message=_TOO_DEEP) from exc


class _KeywordPostLex:
    r"""Retype a ``CMD`` token that spells a structural keyword (``\EndIf``) to that keyword.

    The contextual lexer only tries the terminals valid in the parser's current state,
    so where ``\EndIf`` is not valid it would match the catch-all ``CMD`` and pass as
    text. Retyped, it reaches the parser as ``_ENDIF`` and fails there, with the state
    that match_examples and :func:`_classify` need. Where the keyword is valid, lark's
    own keyword handling has typed it already. ``\Comment``, ``\Call``, ``\caption``
    and ``\label`` stay commands: they are text wherever they are not special.
    """

    # Environment boundaries are lexed in every state, so that a misplaced
    # `\end{algorithm}` is an unexpected token, not a command followed by a group.
    always_accept = ("BEGIN_FLOAT", "_END_FLOAT", "BEGIN_ALG", "_END_ALG")
    _INLINE = frozenset({"_COMMENT", "_COMMENT_U", "_CALL", "_CAPTION", "_LABEL"})

    def __init__(self) -> None:
        self._keywords: dict[str, str] | None = None

    @property
    def keywords(self) -> dict[str, str]:
        r"""Structural keywords as written (``\While``) → terminal names, read from the grammar."""
        if self._keywords is None:
            self._keywords = {
                t.pattern.value: t.name
                for t in _parser().terminals
                if t.pattern.type == "str" and t.pattern.value.startswith("\\") and t.name not in self._INLINE
            }
        return self._keywords

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        """Yield the tokens of ``stream``, keywords retyped."""
        keywords = self.keywords
        for token in stream:
            if token.type == "CMD" and token in keywords:
                token = Token.new_borrow_pos(keywords[token], str(token), token)
            yield token


_POSTLEX = _KeywordPostLex()


def _parser() -> Any:
    return load_parser("algorithmic", postlex=_POSTLEX)


# --- pre-scan: braces and math delimiters --------------------------------------------

_SCAN = re.compile(r"\\(?:[a-zA-Z@]+|[\s\S])|%[^\n]*|\$\$|[{}$]|\n[ \t]*\n")


def _prescan(source: str, base: int) -> None:
    """Raise AV106 for math never closed on its statement, AV105 for an unmatched brace.

    The parser cannot tell these apart from other errors (an open ``{`` swallows the
    rest of the listing), so one pass over the text finds them first.
    """
    structural = _POSTLEX.keywords
    braces: list[int] = []
    math: tuple[int, str, int] | None = None  # (offset, delimiter, brace depth when opened)
    for m in _SCAN.finditer(source):
        tok, pos = m.group(), m.start()
        if tok[0] == "%":
            continue
        if math is not None:
            start, delim, depth = math
            if tok == {"\\(": "\\)"}.get(delim, delim):
                math = None
            elif tok == "\\(" or tok in structural or tok[0] == "\n" or (tok == "}" and len(braces) <= depth):
                # A nested \(, a keyword, a blank line or the end of the enclosing group:
                # TeX would have failed before any of them, so the math was never closed.
                raise LocatedError(UnclosedMath, Span(base + start, base + start + len(delim)), delim=delim)
            elif tok == "{":
                braces.append(pos)
            elif tok == "}":
                braces.pop()
        elif tok in ("\\(", "$", "$$"):
            math = (pos, tok, len(braces))
        elif tok == "{":
            braces.append(pos)
        elif tok == "}":
            if not braces:
                detail = "'}' with no matching '{'"
                raise LocatedError(UnbalancedBraces, Span(base + pos, base + pos + 1), detail=detail)
            braces.pop()
    if math is not None:
        start, delim, _ = math
        raise LocatedError(UnclosedMath, Span(base + start, base + start + len(delim)), delim=delim)
    if braces:
        pos = braces[-1]
        raise LocatedError(UnbalancedBraces, Span(base + pos, base + pos + 1), detail="'{' is never closed")


# --- parse errors → located errors -----------------------------------------------------


def _diagnose(exc: UnexpectedInput, source: str, base: int) -> LocatedError:
    """Turn a lark error into the most specific AV1xx error, located in the note."""
    token = getattr(exc, "token", None)
    opened = [t for t in _value_stack(exc) if isinstance(t, Token) and t.type in _OPENER_TYPES]
    for rule in (_match_example(exc, source), _classify(token, opened)):
        error = _located(rule, token, opened, source, base) if rule is not None else None
        if error is not None:
            return error
    return _generic(exc, source, base)


def _value_stack(exc: UnexpectedInput) -> list[Any]:
    state = getattr(exc, "state", None)
    return list(getattr(state, "value_stack", None) or [])


def _match_example(exc: UnexpectedInput, source: str) -> type[Rule] | None:
    """Label the error with lark's ``match_examples``, parsing each example in ``source``'s wrapper."""
    if not isinstance(exc, UnexpectedToken) or exc.state is None:
        return None
    head = source.lstrip()
    kind = "float" if head.startswith(("\\begin{algorithm}", "\\begin{algorithm*}")) else "bare"
    kind = "env" if head.startswith("\\begin{algorithmic}") else kind
    prefix, suffix = _WRAPPERS[kind]
    parser = _parser()
    return exc.match_examples(lambda example: parser.parse(prefix + example + suffix), PARSE_ERROR_EXAMPLES)


def _classify(token: Token | None, opened: Sequence[Token]) -> type[Rule]:
    r"""Pick the rule from the unexpected token and the blocks still open (when no example matched).

    A closing keyword, ``\Else`` or ``\Until`` met inside a block it cannot belong to
    means that block was never closed (AV102, at its opener); with no block open, a
    closing keyword is unmatched (AV103) and ``\Else``/``\Until`` are stray (AV104).
    """
    blocks = [t for t in opened if not t.type.startswith("BEGIN")]
    if token is None:
        return SyntaxErrorInListing
    if token.type in ("$END", "_END_ALG", "_END_FLOAT"):
        return UnclosedBlock if opened else SyntaxErrorInListing
    if token.type in _CLOSERS:
        return UnclosedBlock if blocks else UnmatchedEnd
    if token.type in _INNER:
        wanted = _INNER[token.type][0]
        outer = [_OPENERS[t.value][0] for t in blocks[:-1]]
        return UnclosedBlock if wanted in outer else StrayKeyword
    return SyntaxErrorInListing


def _token_span(token: Token, base: int, source: str) -> Span:
    if token.type == "$END" or token.start_pos is None:
        end = base + len(source.rstrip())
        return Span(end, end)
    return Span(base + token.start_pos, base + (token.end_pos or token.start_pos))


def _located(
    rule: type[Rule], token: Token | None, opened: Sequence[Token], source: str, base: int
) -> LocatedError | None:
    """Fill ``rule``'s message from the token and the open blocks; ``None`` if they do not fit it."""
    if token is None:
        return None
    found = _SPELLING["$END"] if token.type == "$END" else token.value
    if rule is UnclosedBlock and opened:
        # Cut off at the end: the missing \\end{…} is the cause, whatever blocks are open inside.
        envs = [t for t in opened if t.type.startswith("BEGIN")]
        inner = envs[-1] if token.type == "$END" and envs else opened[-1]
        span = _token_span(inner, base, source)
        if inner.type.startswith("BEGIN"):
            env = "algorithmic" if inner.type == "BEGIN_ALG" else "algorithm"
            return LocatedError(UnterminatedEnvironment, span, details={"found": found}, env=env)
        closer = _OPENERS[inner.value][1]
        details = {"expected_at": _token_span(token, base, source)}
        return LocatedError(UnclosedBlock, span, details=details, opener=inner.value, closer=closer, found=found)
    if rule is UnmatchedEnd and token.type in _CLOSERS:
        opener = _CLOSERS[token.type][1]
        return LocatedError(UnmatchedEnd, _token_span(token, base, source), closer=token.value, opener=opener)
    if rule is StrayKeyword and token.type in _INNER:
        context = _INNER[token.type][1]
        if token.type.startswith("_ELS") and opened and opened[-1].value in ("\\If", "\\IF"):
            else_kw = "\\ELSE" if token.value.isupper() else "\\Else"
            context += f": this {opened[-1].value} already has its {else_kw}"
        span = _token_span(token, base, source)
        return LocatedError(StrayKeyword, span, keyword=token.value, context=context)
    return None


def _generic(exc: UnexpectedInput, source: str, base: int) -> LocatedError:
    """AV101 with "unexpected X; expected Y" in the user's spelling."""
    token = getattr(exc, "token", None)
    if isinstance(exc, UnexpectedCharacters) or token is None:
        pos = min(exc.pos_in_stream or 0, len(source))
        found = f"'{source[pos]}'" if pos < len(source) else _SPELLING["$END"]
        span = Span(base + pos, base + min(pos + 1, len(source)))
        return LocatedError(SyntaxErrorInListing, span, message=f"unexpected {found}")
    found = _SPELLING["$END"] if token.type == "$END" else f"'{str(token)[:30]}'"
    # The environment terminals are lexed everywhere (see _KeywordPostLex); naming them
    # as "expected" in every message would only be noise.
    names = set(getattr(exc, "expected", None) or ()) - set(_KeywordPostLex.always_accept)
    expected = sorted(_spell(name) for name in names)
    if len(expected) > 6:
        expected = expected[:6] + ["…"]
    message = f"unexpected {found}" + (f"; expected {', '.join(expected)}" if expected else "")
    return LocatedError(SyntaxErrorInListing, _token_span(token, base, source), message=message)


_DESCRIPTIONS = {
    "TEXT": "text", "CMD": "a command", "ESC": "an escaped character", "MATH_PAREN": "math",
    "MATH_DOLLAR": "math", "BEGIN_ALG": "\\begin{algorithmic}", "BEGIN_FLOAT": "\\begin{algorithm}",
    "_END_FLOAT": "\\end{algorithm}", "CAPTION_OPT": "[short caption]",
}  # fmt: skip


def _spell(name: str) -> str:
    r"""Return terminal ``name`` as a user writes it (``_ENDWHILE`` → ``\EndWhile``)."""
    if name in _SPELLING:
        return _SPELLING[name]
    if name in _DESCRIPTIONS:
        return _DESCRIPTIONS[name]
    literals = {t.name: t.pattern.value for t in _parser().terminals if t.pattern.type == "str"}
    return literals.get(name, name)


# --- the transformer -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Piece:
    """One item of a statement's content, before build.py decides what the statement means.

    ``kind`` is ``text`` (TEXT, CMD, ESC: ``value`` holds the token), ``math`` (``inner`` is
    the LaTeX between the delimiters), ``group`` (``inner`` is inside the braces,
    ``children`` the items there), ``comment`` (``node``) or ``call`` (``children`` is the
    name group and the argument group).
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
class _Env:
    """A parsed ``algorithmic`` environment (or bare statements, with ``begin`` empty)."""

    span: Span
    begin: str
    body: _Body


# Content items that typeset nothing a reader would call part of the statement.
_NOISE_MACROS = {"\\label": 1, "\\hfill": 0, "\\quad": 0, "\\qquad": 0, "\\nonumber": 0, "\\relax": 0}
_DOTS = {"\\dots", "\\ldots", "\\cdots", "..."}
_MATH_TOKEN = re.compile(r"\\[a-zA-Z]+|\\.|:=|[<>!=]=|\.\.\.|[{}()\[\],=]", re.S)
# `\\(` and `\\)` never occur inside math; counting them lets _args cut raw text at commas.
_OPENING = {"\\(", "{", "(", "[", "\\{", "\\langle", "\\lvert", "\\lVert", "\\lfloor", "\\lceil"}
_CLOSING = {"\\)", "}", ")", "]", "\\}", "\\rangle", "\\rvert", "\\rVert", "\\rfloor", "\\rceil"}


@v_args(inline=True, meta=True)
class _Builder(Transformer):
    """Parse tree of ``algorithmic.lark`` → IR, one method per rule; spans made absolute here."""

    def __init__(self, text: str, base: int) -> None:
        super().__init__(visit_tokens=True)
        self._text = text
        self._base = base

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

    def _slice(self, math: ir.Math, start: int, end: int) -> ir.Math | None:
        """The trimmed sub-math ``math.latex[start:end]`` with its exact span, or ``None`` if blank."""
        chunk = math.latex[start:end]
        lead = len(chunk) - len(chunk.lstrip())
        body = chunk.strip()
        if not body:
            return None
        begin = math.span.start + start + lead
        return ir.Math(Span(begin, begin + len(body)), body, False)

    # -- terminals -------------------------------------------------------------------

    @v_args(inline=False, meta=False)
    def TEXT(self, token: Token) -> _Piece:  # noqa: N802 - lark names terminal callbacks after the terminal
        """Plain words."""
        return self._tok("text", token)

    CMD = ESC = TEXT

    @v_args(inline=False, meta=False)
    def MATH_PAREN(self, token: Token) -> _Piece:  # noqa: N802
        r"""``\( … \)``: the inner span drops the two-character delimiters."""
        start = self._base + token.start_pos
        return self._tok("math", token, Span(start + 2, self._base + token.end_pos - 2))

    @v_args(inline=False, meta=False)
    def MATH_DOLLAR(self, token: Token) -> _Piece:  # noqa: N802
        """``$ … $`` or ``$$ … $$``."""
        width = 2 if token.startswith("$$") else 1
        start = self._base + token.start_pos
        return self._tok("math", token, Span(start + width, self._base + token.end_pos - width))

    # -- statement content -----------------------------------------------------------

    def group(self, meta: Any, *items: _Piece) -> _Piece:
        """``{ … }``: the inner span is inside the braces."""
        span = self._span(meta)
        return _Piece("group", span, inner=Span(span.start + 1, span.end - 1), children=items)

    def comment(self, meta: Any, group: _Piece) -> _Piece:
        r"""``\Comment{…}`` / ``\COMMENT{…}``."""
        span = self._span(meta)
        return _Piece("comment", span, node=ir.Comment(span, self._group_text(group)))

    def call(self, meta: Any, name: _Piece, args: _Piece) -> _Piece:
        r"""``\Call{Name}{args}`` inside a statement."""
        return _Piece("call", self._span(meta), children=(name, args))

    def lead(self, meta: Any, *items: _Piece) -> tuple[_Piece, ...]:
        """Items before a body's first statement."""
        return items

    until_cond = lead

    def trail(self, meta: Any, *items: _Piece) -> list[ir.Statement]:
        """Items after a block's closing keyword: a Comment (or text) statement after the block."""
        return self._loose(items)

    # -- simple statements -----------------------------------------------------------

    def state(self, meta: Any, *items: _Piece) -> list[ir.Statement] | _EmptyState:
        r"""``\State`` / ``\STATE``: an assignment, a call, text, or several math statements."""
        span = self._span(meta)
        return self._statement(span, items) or _EmptyState(span)

    statex = state

    def return_stmt(self, meta: Any, *items: _Piece) -> list[ir.Statement]:
        r"""``\Return`` / ``\RETURN`` with zero, one or several values."""
        span = self._span(meta)
        content, comment = _split_comment(items)
        if not content:
            return [ir.Return(span, (), comment)]
        if all(p.kind in ("math", "call") or _is_separator(p, ",") for p in content):
            values = tuple(v for p in content if p.kind != "text" for v in self._values(p))
            return [ir.Return(span, values, comment)]
        text = self._text_of(content)
        return [ir.Return(span, text.math, comment, text)]

    def _values(self, piece: _Piece) -> list[ir.Math]:
        r"""Returned values: a math segment split at its commas, or a ``\Call`` as written."""
        if piece.kind == "call":
            # The call's exact source, arguments' delimiters included: mathexpr reads \Call.
            return [ir.Math(piece.span, self._src(piece.span), False)]
        return self._split_commas(self._math(piece))

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

    def _condition(self, kind: str, meta: Any, items: Sequence[_Piece]) -> ir.Condition:
        span = self._span(meta)
        content, comment = _split_comment(items)
        return ir.Condition(span, kind, self._text_of(content, Span(span.end, span.end)), comment)

    def _statement(self, span: Span, items: Sequence[_Piece]) -> list[ir.Statement]:
        r"""Meaning of a ``\State``'s items; ``[]`` for an empty one."""
        content, comment = _split_comment(items)
        if not content:
            return [comment] if comment else []
        maths = [p for p in content if p.kind == "math"]
        if maths and all(p.kind == "math" or _is_separator(p, ";") for p in content):
            out: list[ir.Statement] = []
            for i, piece in enumerate(maths):
                last = i == len(maths) - 1
                part = Span(span.start if i == 0 else piece.span.start, span.end if last else piece.span.end)
                out.append(self._math_statement(part, piece, comment if last else None))
            return out
        if len(content) == 1 and content[0].kind == "call":
            name, args = content[0].children
            return [ir.CallStmt(span, self._name(name), self._args(args), comment)]
        return [ir.TextStatement(span, self._text_of(content), comment)]

    def _math_statement(self, span: Span, piece: _Piece, comment: ir.Comment | None) -> ir.Statement:
        math = self._math(piece)
        split = _assignment_split(math.latex)
        if split is not None:
            op_start, op_end = split
            target = self._slice(math, 0, op_start)
            value = self._slice(math, op_end, len(math.latex))
            if target is not None and value is not None:
                return ir.Assign(span, target, value, math.latex[op_start:op_end], comment)
        text = ir.Text(piece.span, (math,), to_plain(self._src(piece.span)))
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
        for piece in _math_pieces(pieces):
            if piece.span.start > cursor:
                parts.append(self._text[cursor : piece.span.start])
            parts.append(self._math(piece))
            cursor = piece.span.end
        if cursor < span.end:
            parts.append(self._text[cursor : span.end])
        return ir.Text(span, tuple(parts), to_plain(self._src(span)))

    def _group_text(self, group: _Piece) -> ir.Text:
        assert group.inner is not None
        return self._text_of(_drop_noise(group.children), Span(group.inner.start, group.inner.start))

    def _cond(self, group: _Piece) -> ir.Math | ir.Text:
        r"""An ``\If``/``\While``/``\Until`` condition: one math segment is a Math, anything else Text."""
        content = _drop_noise(group.children)
        if len(content) == 1 and content[0].kind == "math":
            return self._math(content[0])
        assert group.inner is not None
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
        raw = ir.Math(group.inner, self._src(group.inner), False)
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
        pieces = [self._slice(math, a + (i > 0), b) for i, (a, b) in enumerate(spans)]
        return [p for p in pieces if p is not None]

    # -- blocks ----------------------------------------------------------------------

    def body(self, meta: Any, lead: tuple[_Piece, ...], stmts: list[ir.Statement]) -> _Body:
        """A sequence of statements, with what precedes the first."""
        return _Body(lead, tuple(stmts), None if getattr(meta, "empty", True) else self._span(meta))

    def stmts(self, meta: Any, *items: Any) -> list[ir.Statement]:
        r"""Flatten the statements; ``\State \Return x`` becomes one Return spanning both keywords."""
        out: list[ir.Statement] = []
        pending: _EmptyState | None = None
        for item in items:
            found = item if isinstance(item, list) else [item]
            for node in found:
                if isinstance(node, _EmptyState):
                    pending = node
                    continue
                if pending is not None and isinstance(node, ir.Return):
                    node = replace(node, span=pending.span.cover(node.span))
                pending = None
                out.append(node)
        return out

    def _block_body(self, body: _Body) -> tuple[ir.Comment | None, tuple[ir.Statement, ...]]:
        r"""A block's header comment (a lone ``\Comment`` right after the header) and its statements."""
        content, comment = _split_comment(body.lead)
        if not content and comment is not None:
            return comment, body.stmts
        return None, (*self._loose(body.lead), *body.stmts)

    def _end(self, body: _Body, header: _Piece) -> int:
        return body.span.end if body.span is not None else header.span.end

    def if_block(
        self, meta: Any, cond: _Piece, body: _Body, elifs: list[ir.Branch], else_part: list[ir.Branch]
    ) -> ir.IfBlock:
        r"""``\If`` … ``\ElsIf`` … ``\Else`` … ``\EndIf``."""
        span = self._span(meta)
        comment, stmts = self._block_body(body)
        first = ir.Branch(Span(span.start, self._end(body, cond)), self._cond(cond), stmts, comment)
        return ir.IfBlock(span, (first, *elifs, *else_part))

    def elifs(self, meta: Any, *branches: ir.Branch) -> list[ir.Branch]:
        r"""The ``\ElsIf`` arms."""
        return list(branches)

    def elsif(self, meta: Any, cond: _Piece, body: _Body) -> ir.Branch:
        r"""One ``\ElsIf{cond}`` arm."""
        comment, stmts = self._block_body(body)
        return ir.Branch(self._span(meta), self._cond(cond), stmts, comment)

    def else_part(self, meta: Any, *body: _Body) -> list[ir.Branch]:
        r"""The ``\Else`` arm, if any."""
        if not body:
            return []
        comment, stmts = self._block_body(body[0])
        return [ir.Branch(self._span(meta), None, stmts, comment)]

    def while_block(self, meta: Any, cond: _Piece, body: _Body) -> ir.WhileBlock:
        r"""``\While{cond}`` … ``\EndWhile``."""
        comment, stmts = self._block_body(body)
        return ir.WhileBlock(self._span(meta), self._cond(cond), stmts, comment)

    def for_block(self, meta: Any, header: _Piece, body: _Body) -> ir.ForRange | ir.ForAll:
        r"""``\For{…}``: a range (``i = 1, \dots, k`` or ``i \gets 1`` to ``n``), else a for-all."""
        comment, stmts = self._block_body(body)
        span = self._span(meta)
        found = self._range(header)
        if found is not None:
            return ir.ForRange(span, *found, stmts, comment)
        return self._forall(span, header, stmts, comment)

    def forall_block(self, meta: Any, header: _Piece, body: _Body) -> ir.ForAll:
        r"""``\ForAll{x \in S}`` / ``\ForEach`` / ``\FORALL``."""
        comment, stmts = self._block_body(body)
        return self._forall(self._span(meta), header, stmts, comment)

    def _forall(
        self, span: Span, header: _Piece, stmts: tuple[ir.Statement, ...], comment: ir.Comment | None
    ) -> ir.ForAll:
        cond = self._cond(header)
        maths = [cond] if isinstance(cond, ir.Math) else list(cond.math)
        for math in maths:
            cut = next(((a, b) for a, b, tok in _top_level(math.latex) if tok == "\\in"), None)
            if cut is not None:
                var, iterable = self._slice(math, 0, cut[0]), self._slice(math, cut[1], len(math.latex))
                if var is not None and iterable is not None:
                    return ir.ForAll(span, cond, var, iterable, stmts, comment)
        return ir.ForAll(span, cond, None, None, stmts, comment)

    def _range(self, header: _Piece) -> tuple[ir.Math, ir.Math, ir.Math] | None:
        """``(var, start, stop)`` of a range header, or ``None``."""
        content = _drop_noise(header.children)
        maths = [p for p in content if p.kind == "math"]
        if len(content) == 1 and maths:
            math = self._math(maths[0])
            split = _assignment_split(math.latex)
            if split is None:
                return None
            var = self._slice(math, 0, split[0])
            rhs = self._slice(math, split[1], len(math.latex))
            parts = self._split_commas(rhs) if rhs is not None else []
            if var is None or len(parts) != 3 or parts[1].latex not in _DOTS:
                return None
            return var, parts[0], parts[2]
        if len(content) >= 3 and content[0].kind == "math" and content[-1].kind == "math" and len(maths) == 2:
            between = Span(content[0].span.end, content[-1].span.start)
            first = self._math(content[0])
            split = _assignment_split(first.latex)
            if split is None or to_plain(self._src(between)).strip().lower() != "to":
                return None
            var, start = self._slice(first, 0, split[0]), self._slice(first, split[1], len(first.latex))
            if var is None or start is None:
                return None
            return var, start, self._math(content[-1])
        return None

    def loop_block(self, meta: Any, body: _Body) -> ir.LoopBlock:
        r"""``\Loop`` … ``\EndLoop``."""
        comment, stmts = self._block_body(body)
        return ir.LoopBlock(self._span(meta), stmts, comment)

    def repeat_block(self, meta: Any, body: _Body, until: tuple[_Piece, ...]) -> list[ir.Statement]:
        r"""``\Repeat`` … ``\Until{cond}`` (braces optional); anything after the braces follows the block."""
        span = self._span(meta)
        comment, stmts = self._block_body(body)
        content, until_comment = _split_comment(until)
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

    def caption(self, meta: Any, short: None, group: _Piece) -> tuple[str, ir.Text]:
        r"""``\caption[short]{long}``: the long caption is kept."""
        return ("caption", self._group_text(group))

    def short_caption(self, meta: Any, *option: Token) -> None:
        """The ``[short]`` caption, which the IR does not keep."""
        return None

    def label(self, meta: Any, group: _Piece) -> tuple[str, str]:
        r"""``\label{…}`` of the float."""
        assert group.inner is not None
        return ("label", self._src(group.inner).strip())

    def float_noise(self, meta: Any, *items: Any) -> None:
        r"""An unknown command in the float (``\centering`` and the like): skipped."""
        return None

    def float_items(self, meta: Any, *items: tuple[str, Any] | None) -> dict[str, Any]:
        """Caption and label of the float (the first of each)."""
        found: dict[str, Any] = {}
        for item in items:
            if item is not None:
                found.setdefault(item[0], item[1])
        return found

    def float_env(
        self, meta: Any, begin: Token, before: dict[str, Any], env: _Env, after: dict[str, Any]
    ) -> tuple[_Env, dict[str, Any]]:
        r"""``\begin{algorithm}[H]`` … ``\end{algorithm}``."""
        return env, {**after, **before}

    def start(self, meta: Any, found: Any) -> ir.Algorithm:
        """The whole listing; an empty one is an AV107 error."""
        span = self._span(meta)
        extras: dict[str, Any] = {}
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
        return ir.Algorithm(span, statements, extras.get("caption"), extras.get("label"), numbered)

    def _top_body(self, body: _Body) -> tuple[ir.Statement, ...]:
        return (*self._loose(body.lead), *body.stmts)


# --- pure helpers ----------------------------------------------------------------------


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
        if piece.kind == "text" and piece.value in _NOISE_MACROS:
            skip = _NOISE_MACROS[piece.value]
            continue
        out.append(piece)
    return out


def _is_separator(piece: _Piece, char: str) -> bool:
    return piece.kind == "text" and piece.value.strip() != "" and set(piece.value.replace(" ", "")) <= {char}


def _math_pieces(pieces: Iterable[_Piece]) -> Iterator[_Piece]:
    r"""Math items in source order, including those inside groups and ``\Call`` arguments."""
    for piece in pieces:
        if piece.kind == "math":
            yield piece
        elif piece.kind in ("group", "call"):
            yield from _math_pieces(piece.children)


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


def _assignment_split(latex: str) -> tuple[int, int] | None:
    r"""Offsets of the assignment operator: the first top-level ``\gets`` or kin, else a lone ``=``."""
    equals = []
    for start, end, tok in _top_level(latex):
        if tok in ASSIGN_OPS:
            return start, end
        if tok == "=":
            equals.append((start, end))
    return equals[0] if len(equals) == 1 else None
