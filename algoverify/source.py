"""Source text and positions: offsets are stored, line:col is computed only for display.

A :class:`Span` is a pair of 0-based code-point offsets into a note's text (``str``
indices, not UTF-8 bytes). Lines and columns are 1-based and exist only where
something is printed, through :class:`LineIndex`.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

__all__ = ["Span", "LineIndex", "SourceFile", "excerpt"]


@dataclass(frozen=True, slots=True, order=True)
class Span:
    """A half-open range ``[start, end)`` of code-point offsets into a note."""

    start: int
    end: int

    def __post_init__(self) -> None:
        if self.start < 0 or self.end < self.start:
            raise ValueError(f"invalid span {self.start}..{self.end}")

    def __contains__(self, other: object) -> bool:
        if isinstance(other, Span):
            return self.start <= other.start and other.end <= self.end
        if isinstance(other, int):
            return self.start <= other < self.end
        return NotImplemented

    @property
    def length(self) -> int:
        """Number of code points covered."""
        return self.end - self.start

    def shift(self, base: int) -> Span:
        """Return this span moved right by ``base`` code points."""
        return Span(self.start + base, self.end + base)

    def cover(self, other: Span) -> Span:
        """Return the smallest span holding both spans."""
        return Span(min(self.start, other.start), max(self.end, other.end))


class LineIndex:
    """Maps offsets to 1-based ``(line, column)`` pairs and back.

    ``\\r\\n``, ``\\r`` and ``\\n`` all end a line, as editors count them; the column
    counts code points from the start of the line, starting at 1.
    """

    def __init__(self, text: str) -> None:
        self._len = len(text)
        starts = [0]
        i, n = 0, len(text)
        while i < n:
            c = text[i]
            if c == "\n":
                starts.append(i + 1)
            elif c == "\r":
                if i + 1 < n and text[i + 1] == "\n":
                    i += 1
                starts.append(i + 1)
            i += 1
        self._starts = starts

    @property
    def line_count(self) -> int:
        """Number of lines (a trailing newline opens an empty last line)."""
        return len(self._starts)

    def line_col(self, offset: int) -> tuple[int, int]:
        """Return the 1-based ``(line, column)`` of ``offset`` (clamped to the text)."""
        offset = max(0, min(offset, self._len))
        line = bisect.bisect_right(self._starts, offset) - 1
        return line + 1, offset - self._starts[line] + 1

    def offset(self, line: int, column: int) -> int:
        """Return the offset of a 1-based ``(line, column)``."""
        if not 1 <= line <= len(self._starts):
            raise ValueError(f"line {line} out of range 1..{len(self._starts)}")
        return self._starts[line - 1] + column - 1

    def line_span(self, line: int, text: str) -> Span:
        """Return the span of ``line`` in ``text``, without its line break."""
        start = self._starts[line - 1]
        end = self._starts[line] if line < len(self._starts) else self._len
        while end > start and text[end - 1] in "\r\n":
            end -= 1
        return Span(start, end)


@dataclass(frozen=True)
class SourceFile:
    """A note's path and its full text, the frame every :class:`Span` refers to."""

    path: Path
    text: str

    @cached_property
    def lines(self) -> LineIndex:
        """The line table, built on first use."""
        return LineIndex(self.text)

    def line_col(self, offset: int) -> tuple[int, int]:
        """Return the 1-based ``(line, column)`` of ``offset``."""
        return self.lines.line_col(offset)

    def location(self, span: Span) -> str:
        """Return ``path:line:col`` for the start of ``span``."""
        line, col = self.line_col(span.start)
        return f"{self.path}:{line}:{col}"

    def segment(self, span: Span) -> str:
        """Return the text that ``span`` covers."""
        return self.text[span.start : span.end]


def excerpt(source: SourceFile, span: Span, *, context: int = 0) -> str:
    """Return the source line(s) of ``span`` with a caret underline, as compilers print.

    :param context: number of lines shown before the marked line.
    """
    index = source.lines
    line, col = index.line_col(span.start)
    out = []
    width = len(str(line))
    for ln in range(max(1, line - context), line + 1):
        ls = index.line_span(ln, source.text)
        out.append(f"{ln:>{width}} | {source.text[ls.start : ls.end].expandtabs(1)}")
    ls = index.line_span(line, source.text)
    end = min(max(span.end, span.start + 1), max(ls.end, span.start + 1))
    marks = "^" * max(1, end - span.start)
    out.append(f"{'':>{width}} | {' ' * (col - 1)}{marks}")
    return "\n".join(out)
