r"""Parse errors → located errors: the catalogue of malformed listings and the diagnosis of a failed parse.

:data:`PARSE_ERROR_EXAMPLES` labels malformed listings by rule; lark's ``match_examples``
compares the failing parser state with theirs. When none matches (deeper nesting), the rule
comes from the blocks still open on the parser's stack. Every lark error leaves here as a
:class:`~algoverify.findings.LocatedError` with an AV1xx rule and a span in the note.
"""

from __future__ import annotations

from typing import Any, Sequence

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from ..findings import (
    LocatedError,
    Rule,
    StrayKeyword,
    SyntaxErrorInListing,
    UnclosedBlock,
    UnmatchedEnd,
    UnterminatedEnvironment,
)
from ..source import Span
from .definitions import Definitions
from .postlex import _CLOSERS, _CONTEXT, _INNER, _OPENER_TYPES, _OPENERS, _SPELLING, _WRAPPERS, _KeywordPostLex, _parser

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

# --- parse errors → located errors -----------------------------------------------------


def _diagnose(exc: UnexpectedInput, source: str, base: int, defs: Definitions) -> LocatedError:
    """Turn a lark error into the most specific AV1xx error, located in the note."""
    token = getattr(exc, "token", None)
    opened = [t for t in _value_stack(exc) if isinstance(t, Token) and t.type in _OPENER_TYPES]
    for rule in (_match_example(exc, source), _classify(token, opened, defs)):
        error = _located(rule, token, opened, source, base, defs) if rule is not None else None
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
    reset = _CONTEXT.set(None)  # the examples are parsed on their own, not as this listing
    try:
        return exc.match_examples(lambda example: parser.parse(prefix + example + suffix), PARSE_ERROR_EXAMPLES)
    except TypeError:
        # lark 1.3.1 formats a ParserState with %d in a debug message when the error came
        # through on_error (\algstore listings); _classify decides instead
        return None
    finally:
        _CONTEXT.reset(reset)


def _opener_of(token: Token, defs: Definitions) -> tuple[str, str]:
    r"""``(kind, closer to name in a message)`` of an opener token, built-in or the paper's."""
    if token.value in _OPENERS and token.type not in ("USER_OPEN", "USER_LOOP"):
        return _OPENERS[token.value]
    opener = defs.openers.get(token.value)
    if opener is None or not opener.closers:
        return ("", "the end of its block")
    return opener.kind, min(opener.closers, key=lambda c: (c.isupper(), c))


def _classify(token: Token | None, opened: Sequence[Token], defs: Definitions) -> type[Rule]:
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
    if token.type == "_RBRACE" and blocks:  # the `}` of LyX's \forbody{…} around a block left open
        return UnclosedBlock
    if token.type in _CLOSERS:
        innermost = _OPENERS.get(blocks[-1].value, ("?",))[0] if blocks else None
        if innermost == _CLOSERS[token.type][0]:
            return SyntaxErrorInListing  # it closes the open block: the block's header is what is wrong
        return UnclosedBlock if blocks else UnmatchedEnd
    if token.type in _INNER:
        wanted = _INNER[token.type][0]
        outer = [_opener_of(t, defs)[0] for t in blocks[:-1]]
        return UnclosedBlock if wanted in outer else StrayKeyword
    return SyntaxErrorInListing


def _token_span(token: Token, base: int, source: str) -> Span:
    if token.type == "$END" or token.start_pos is None:
        end = base + len(source.rstrip())
        return Span(end, end)
    return Span(base + token.start_pos, base + (token.end_pos or token.start_pos))


def _located(
    rule: type[Rule], token: Token | None, opened: Sequence[Token], source: str, base: int, defs: Definitions
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
        closer = _opener_of(inner, defs)[1]
        details = {"expected_at": _token_span(token, base, source)}
        return LocatedError(UnclosedBlock, span, details=details, opener=inner.value, closer=closer, found=found)
    if rule is UnmatchedEnd and token.type in _CLOSERS:
        opener = _CLOSERS[token.type][1]
        if token.type == "USER_CLOSE":
            names = sorted(o.name for o in defs.openers.values() if token.value in o.closers)
            opener = names[0] if names else "opener"
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
    # The environment terminals are lexed everywhere (see _KeywordPostLex), and a header's
    # `[comment]` is optional after every block keyword: naming them would only be noise.
    names = set(getattr(exc, "expected", None) or ()) - set(_KeywordPostLex.always_accept) - {"_LBRACKET"}
    expected = sorted(_spell(name) for name in names)
    if len(expected) > 6:
        expected = expected[:6] + ["…"]
    message = f"unexpected {found}" + (f"; expected {', '.join(expected)}" if expected else "")
    return LocatedError(SyntaxErrorInListing, _token_span(token, base, source), message=message)


_DESCRIPTIONS = {
    "TEXT": "text", "CMD": "a command", "ESC": "an escaped character", "MATH_PAREN": "math",
    "MATH_DOLLAR": "math", "MATH_DISPLAY": "math", "MATH_ENV": "math",
    "BEGIN_ALG": "\\begin{algorithmic}", "BEGIN_FLOAT": "\\begin{algorithm}",
    "_END_FLOAT": "\\end{algorithm}", "CAPTION_OPT": "[short caption]", "OPTION_TEXT": "text",
}  # fmt: skip


def _spell(name: str) -> str:
    r"""Return terminal ``name`` as a user writes it (``_ENDWHILE`` → ``\EndWhile``)."""
    if name in _SPELLING:
        return _SPELLING[name]
    if name in _DESCRIPTIONS:
        return _DESCRIPTIONS[name]
    literals = {t.name: t.pattern.value for t in _parser().terminals if t.pattern.type == "str"}
    return literals.get(name, name)
