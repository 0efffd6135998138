"""Source text and positions: offsets are stored, line:col is computed only for display.

A :class:`Span` is a pair of 0-based code-point offsets into a note's text (``str``
indices, not UTF-8 bytes). Lines and columns are 1-based and exist only where
something is printed, through :class:`LineIndex`.
"""

from __future__ import annotations

import bisect
import math
import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from .records import frozen

__all__ = ["Span", "LineIndex", "SourceFile", "excerpt", "printable"]


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


#: A line's end, as editors count them: ``\r\n`` is one.
_LINE_END = re.compile(r"\r\n|\r|\n")


class LineIndex:
    """Maps offsets to 1-based ``(line, column)`` pairs and back.

    ``\\r\\n``, ``\\r`` and ``\\n`` all end a line, as editors count them; the column
    counts code points from the start of the line, starting at 1.
    """

    def __init__(self, text: str) -> None:
        self._len = len(text)
        # one regex scan, not a Python loop over every character: a note is indexed on every read
        self._starts = [0, *(m.end() for m in _LINE_END.finditer(text))]

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


@frozen
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


#: Widest source line an excerpt prints whole; a longer one is shown as a window around the column.
EXCERPT_WIDTH = 100

# One visible character per invisible or dangerous one, so columns stay aligned: C0 controls as
# their Unicode control pictures (ESC → ␛), DEL, C1 controls, line separators and the bidi
# overrides that can make a line read differently from what it holds.
_VISIBLE = {c: chr(0x2400 + c) for c in range(0x20) if c not in (0x09, 0x0A)}
_VISIBLE.update({0x7F: "\u2421", 0x2028: "\u21b5", 0x2029: "\u21b5", 0x85: "\u21b5"})
_VISIBLE.update({c: "\ufffd" for c in range(0x80, 0xA0) if c != 0x85})
_VISIBLE.update({c: "\ufffd" for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F)})


def printable(text: str) -> str:
    """``text`` with control characters (ESC sequences included) shown, not sent to the terminal.

    Every character maps to exactly one, so a caret under a column still points at it; a line
    feed stays a line feed (multi-line messages), a carriage return does not.
    """
    return text.translate(_VISIBLE)


def excerpt(source: SourceFile, span: Span, *, context: int = 0, width: int = EXCERPT_WIDTH) -> str:
    """Return the source line(s) of ``span`` with a caret underline, as compilers print.

    A line longer than ``width`` is shown as a window around the marked column (``…`` where it
    is cut), as rustc and ruff do: a 32 KB line is printed as a hundred characters, not whole.
    Control characters are made visible (:func:`printable`).

    :param context: number of lines shown before the marked line.
    """
    index = source.lines
    line, col = index.line_col(span.start)
    ls = index.line_span(line, source.text)
    # the window on the marked line; context lines are cut to the same columns
    left = max(0, col - 1 - width // 3) if ls.length > width else 0
    out = []
    number_width = len(str(line))
    for ln in range(max(1, line - context), line + 1):
        lspan = index.line_span(ln, source.text)
        text = source.text[lspan.start : lspan.end].expandtabs(1)
        shown = text[left : left + width]
        shown = ("…" if left > 0 else "") + shown + ("…" if left + width < len(text) else "")
        out.append(f"{ln:>{number_width}} | {printable(shown)}")
    end = min(max(span.end, span.start + 1), max(ls.end, span.start + 1))
    marks = min(max(1, end - span.start), width - (col - 1 - left))
    pad = col - 1 - left + (1 if left > 0 else 0)
    out.append(f"{'':>{number_width}} | {' ' * pad}{'^' * max(1, marks)}")
    return "\n".join(out)


def number_text(value: int) -> str:
    """An integer as text, whatever its size: Python refuses ``str`` past 4,300 digits by default.

    Past 60 digits the middle is elided, with the count: a report never prints a page of digits.
    """
    if -(10**60) < value < 10**60:
        return str(value)
    size = abs(value)
    digits = int(size.bit_length() * math.log10(2))  # within one of the count; settled exactly below
    while 10**digits <= size:
        digits += 1
    while digits > 1 and 10 ** (digits - 1) > size:
        digits -= 1
    lead = str(size // 10 ** (digits - 12))  # the 12 leading digits, exactly (10**5000 - 1 is 999…, not 100…)
    low = str(size % 10**12).rjust(12, "0")
    sign = "-" if value < 0 else ""
    return f"{sign}{lead}…{low} ({digits:,} digits)"
