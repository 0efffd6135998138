r"""Sorting in words, "sort \(x\) into \(x_{(1)} \le \dots \le x_{(n)}\)", as the assignment it states.

Statisticians and textbooks sort in words: "sort \(x\)" (in place), "sort \(x\) into \(y\)", and
"sort \(x\) into \(x_{(1)} \le \dots \le x_{(n)}\)", which names the order statistics. Each is read
here as ``target \gets \operatorname{sort}(x)``, in increasing order, with the family written as
a chain read as its members (``x_{(1)}, \dots, x_{(n)}``). The math made for it maps each of its
characters back to the note (a :class:`~algoverify.reading.macros.SourceMap`, as an expanded
macro's does), so every finding inside it is at the author's own text. A sort in decreasing
order, or by a key, is left in words: lint says how to write it.
"""

from __future__ import annotations

import re

from ..reading.macros import SourceMap
from ..source import Span
from . import ir

__all__ = ["as_sort_steps"]

_SORT = re.compile(r"^\s*sort\s*$", re.I)
_INTO = re.compile(r"^\s*into\s*$", re.I)
#: "in increasing order" and the like after the sorted math: the order a sort makes anyway
_ASCENDING = re.compile(r"^\s*(?:in|into)\s+(?:increasing|ascending|nondecreasing|non-decreasing)\s+order\.?\s*$", re.I)
#: the links of a chain of order statistics: x_{(1)} \le \dots \le x_{(n)}
_LINK = re.compile(r"\s*(?:\\leqslant(?![a-zA-Z])|\\leq(?![a-zA-Z])|\\le(?![a-zA-Z])|<)\s*")
_DOTS = re.compile(r"\\(?:l|c)?dots")


def as_sort_steps(algorithm: ir.Algorithm) -> ir.Algorithm:
    """``algorithm`` with each sort in words read as an assignment (unchanged when it has none)."""
    if not any(isinstance(n, ir.TextStatement) and _sort_parts(n) is not None for n in ir.walk(algorithm)):
        return algorithm
    change = lambda n: _as_assignment(n) if isinstance(n, ir.TextStatement) else None  # noqa: E731
    return ir.rebuilt(algorithm, change)  # type: ignore[return-value]


def _sort_parts(node: ir.TextStatement) -> tuple[str, ir.Math, ir.Math | None] | None:
    """``(the word, the math sorted, the math it is sorted into or None)`` of a sort in words."""
    parts = [p for p in node.text.parts if not (isinstance(p, str) and not p.strip())]
    if len(parts) < 2 or not isinstance(parts[0], str) or not isinstance(parts[1], ir.Math):
        return None
    if not _SORT.match(parts[0]):
        return None
    if any(m.origin is not None for m in node.text.math):
        return None  # an expanded macro's offsets are not the note's: left in words
    rest = parts[2:]
    if not rest or (len(rest) == 1 and isinstance(rest[0], str) and _ASCENDING.match(rest[0])):
        return parts[0], parts[1], None
    if len(rest) == 2 and isinstance(rest[0], str) and _INTO.match(rest[0]) and isinstance(rest[1], ir.Math):
        return parts[0], parts[1], rest[1]
    return None


def _as_assignment(node: ir.TextStatement) -> ir.Assign | None:
    found = _sort_parts(node)
    if found is None:
        return None
    word, source, into = found
    target = source if into is None else _members(into)
    if target is None:
        return None
    start = node.text.span.start + len(word) - len(word.lstrip())  # the word "sort" as written
    value = _made(
        [
            ("\\operatorname{sort}(", Span(start, start + len(word.strip()))),
            *_written(source.latex, source.span.start),
            (")", Span(source.span.end, source.span.end)),
        ],
        source.span.end,
    )
    return ir.Assign(node.span, target, value, "\\gets", node.comment)


def _members(into: ir.Math) -> ir.Math | None:
    r"""``x_{(1)} \le \dots \le x_{(n)}`` as the family ``x_{(1)}, \dots, x_{(n)}``; another math as it is."""
    links = list(_LINK.finditer(into.latex))
    members = [m.strip() for m in _LINK.split(into.latex)]
    if len(links) < 2 or not any(_DOTS.fullmatch(m) for m in members[1:-1]):
        return into
    first = (0, links[0].start())
    last = (links[-1].end(), len(into.latex))
    between = Span(into.span.start + first[1], into.span.start + last[0])
    pieces = _written(into.latex[first[0] : first[1]], into.span.start + first[0])
    pieces.append((", \\dots, ", between))
    pieces += _written(into.latex[last[0] : last[1]], into.span.start + last[0])
    return _made(pieces, into.span.end)


def _written(text: str, at: int) -> list[tuple[str, Span]]:
    """Each character of ``text``, written in the note from offset ``at``, with its own span."""
    return [(c, Span(at + i, at + i + 1)) for i, c in enumerate(text)]


def _made(pieces: list[tuple[str, Span]], end: int) -> ir.Math:
    """Math of the given text pieces, each character mapped back to the note span it stands for."""
    text, starts, ends = "", [], []
    for piece, where in pieces:
        text += piece
        starts += [where.start] * len(piece)
        ends += [where.end] * len(piece)
    whole = Span(min(starts), max(max(ends), end))
    return ir.Math(whole, text, False, SourceMap(tuple(starts), tuple(ends), end))
