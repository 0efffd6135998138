r"""Braces and math delimiters of a listing as written: what TeX rejects, and math that straddles a brace.

:func:`prescan` reads the listing once, before the grammar, because the parser cannot tell these
apart from other errors (an open ``{`` swallows the rest of the listing). It raises AV106 for
math never closed on its statement and AV105 for an unmatched brace.

One form looks unbalanced and is not: ``\If{$a \ne b}$``. The braces of a command's argument
only delimit it, so TeX reads ``$a \ne b`` as the argument, the math it opens goes on past the
``}``, and the ``$`` after it closes it: TeX typesets the listing. :func:`prescan` returns each
such :class:`Straddle`, and :func:`close_inside` writes the closing delimiter inside the group
(``{$a \ne b$}``), moving characters within the straddle only, so every offset stays the note's
and the math between the delimiters is read as written. Inside a plain group (``\State{$x}$``,
``\textbf{$x}$``) the ``}`` ends a TeX group while math is open, which TeX rejects: still AV106.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping

from ..findings import LocatedError, UnbalancedBraces, UnclosedMath
from ..records import frozen
from ..source import Span
from .texscan import group_end, option_end, skip_space

__all__ = ["Straddle", "prescan", "close_inside"]

_SCAN = re.compile(r"\\(?:[a-zA-Z@]+|[\s\S])|%[^\n]*|\$\$|[{}$]|\n[ \t]*\n")
_CLOSER = {"$": "$", "\\(": "\\)"}
_BLANK_LINE = re.compile(r"\n[ \t]*\n")


@frozen
class Straddle:
    r"""Math opened inside an argument and closed just after its ``}`` (offsets into the listing)."""

    #: the argument's closing ``}``
    brace: int
    #: where the closing delimiter (``$`` or ``\)``) starts, after the brace and any spaces
    closer: int
    delimiter: str


def prescan(source: str, base: int, structural: Collection[str], arguments: Mapping[str, int]) -> list[Straddle]:
    r"""Check the braces and math of ``source``; return the math that straddles an argument's brace.

    :param base: the listing's offset in the note, for the spans of errors.
    :param structural: keywords that cannot occur inside math (an open ``$`` before one was never closed).
    :param arguments: commands → how many brace arguments they take (``\If`` → 1, ``\Call`` → 2).
    :raises LocatedError: AV106 for math never closed, AV105 for a brace never matched.
    """
    braces: list[int] = []
    args: set[int] = set()  # offsets of the `{` of commands' arguments
    straddles: list[Straddle] = []
    math: tuple[int, str, int] | None = None  # (offset, delimiter, brace depth when opened)
    inner = False  # inside $…$ within a group within math: $x \text{for $i$}$
    pos = 0
    while (m := _SCAN.search(source, pos)) is not None:
        tok, at, pos = m.group(), m.start(), m.end()
        if tok[0] == "%":
            continue
        if tok in arguments:
            args.update(_argument_braces(source, pos, arguments[tok]))
        if math is not None:
            start, delim, depth = math
            if tok == "$" and (inner or len(braces) > depth):
                inner = not inner
                continue
            if inner and tok in ("{", "}"):
                braces.append(at) if tok == "{" else braces.pop()
                continue
            if tok == _CLOSER.get(delim, delim):
                math = None
            elif tok == "}" and len(braces) == depth and depth and braces[-1] in args:
                straddle = _straddle(source, at, delim)
                if straddle is None:
                    raise LocatedError(UnclosedMath, Span(base + start, base + start + len(delim)), delim=delim)
                straddles.append(straddle)
                braces.pop()
                math, pos = None, straddle.closer + len(_CLOSER[delim])
            elif tok == "\\(" or tok in structural or tok[0] == "\n" or (tok == "}" and len(braces) <= depth):
                # A nested \(, a keyword, a blank line or the end of the enclosing group:
                # TeX would have failed before any of them, so the math was never closed.
                raise LocatedError(UnclosedMath, Span(base + start, base + start + len(delim)), delim=delim)
            elif tok == "{":
                braces.append(at)
            elif tok == "}":
                braces.pop()
        elif tok in ("\\(", "$", "$$"):
            math = (at, tok, len(braces))
        elif tok == "{":
            braces.append(at)
        elif tok == "}":
            if not braces:
                detail = "'}' with no matching '{'"
                raise LocatedError(UnbalancedBraces, Span(base + at, base + at + 1), detail=detail)
            braces.pop()
    if math is not None:
        start, delim, _ = math
        raise LocatedError(UnclosedMath, Span(base + start, base + start + len(delim)), delim=delim)
    if braces:
        at = braces[-1]
        raise LocatedError(UnbalancedBraces, Span(base + at, base + at + 1), detail="'{' is never closed")
    return straddles


def close_inside(source: str, straddles: list[Straddle]) -> str:
    r"""``source`` with each straddle's closing delimiter moved before its brace (same length).

    ``{$a \ne b}  $`` becomes ``{$a \ne b$  }``: only the characters from the brace to the end
    of the delimiter change places, so the math and every offset outside that stretch are kept.
    """
    out: list[str] = []
    last = 0
    for s in straddles:
        closer = _CLOSER[s.delimiter]
        out += [source[last : s.brace], closer, source[s.brace + 1 : s.closer], "}"]
        last = s.closer + len(closer)
    out.append(source[last:])
    return "".join(out)


def _straddle(source: str, brace: int, delim: str) -> Straddle | None:
    """The straddle whose argument closes at ``brace``, if its math's closer is all that follows."""
    closer = _CLOSER.get(delim)
    at = skip_space(source, brace + 1)
    if closer is None or _BLANK_LINE.search(source, brace + 1, at) or not source.startswith(closer, at):
        return None
    return Straddle(brace, at, delim)


def _argument_braces(source: str, pos: int, count: int) -> list[int]:
    r"""Offsets of the ``{`` of up to ``count`` arguments after ``pos`` (an ``[option]`` first is skipped)."""
    found: list[int] = []
    at = skip_space(source, pos)
    if at < len(source) and source[at] == "[":
        end = option_end(source, at)
        if end < 0:
            return found
        at = skip_space(source, end)
    while len(found) < count and at < len(source) and source[at] == "{":
        found.append(at)
        end = group_end(source, at)
        if end < 0:
            break
        at = skip_space(source, end)
    return found
