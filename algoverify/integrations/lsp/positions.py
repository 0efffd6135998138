"""Offsets of a note ↔ the protocol's positions: 0-based lines, columns counted in the agreed encoding.

algoverify's spans count code points of the note's text (:mod:`algoverify.source`); the Language
Server Protocol counts lines from 0 and columns in UTF-16 code units unless client and server
agreed on UTF-8 bytes or UTF-32 (code points). A character outside the Basic Multilingual Plane
(``𝑥``) is one code point, two UTF-16 units and four UTF-8 bytes: one table of line starts, and
the column counted in the agreed unit, as ruff's ``LineIndex`` does. Imports nothing of pygls.
"""

from __future__ import annotations

import bisect
import re

__all__ = ["Lines", "UTF8", "UTF16", "UTF32", "units"]

#: a line's end, as the protocol and :class:`algoverify.source.LineIndex` count them
_LINE_END = re.compile(r"\r\n|\r|\n")
#: the protocol's names of the encodings (``PositionEncodingKind``)
UTF8, UTF16, UTF32 = "utf-8", "utf-16", "utf-32"


def units(text: str, encoding: str = UTF16) -> int:
    """How many code units of ``encoding`` ``text`` takes."""
    if encoding == UTF32:
        return len(text)
    if encoding == UTF8:
        return len(text.encode("utf-8", "surrogatepass"))
    return len(text) + sum(1 for c in text if ord(c) > 0xFFFF)


class Lines:
    """A document's line starts, as the protocol counts lines (``\\n``, ``\\r\\n`` and ``\\r`` end one).

    Offsets in and out are the note's: a note is read without its byte-order mark
    (:func:`~algoverify.reading.notes.note_from_text`), which an editor's text may still hold.
    """

    def __init__(self, text: str, encoding: str = UTF16) -> None:
        self.text = text
        self.encoding = encoding
        self._shift = 1 if text.startswith("\ufeff") else 0
        self._starts = [0, *(m.end() for m in _LINE_END.finditer(text))]

    def _end(self, line: int) -> int:
        """Where ``line``'s text ends: before its line break."""
        end = self._starts[line + 1] if line + 1 < len(self._starts) else len(self.text)
        while end > self._starts[line] and self.text[end - 1] in "\r\n":
            end -= 1
        return end

    def position(self, offset: int) -> tuple[int, int]:
        """The 0-based ``(line, character)`` of the note's code-point ``offset`` (clamped to the text)."""
        offset = max(0, min(offset + self._shift, len(self.text)))
        line = bisect.bisect_right(self._starts, offset) - 1
        start = self._starts[line]
        return line, units(self.text[start : min(offset, self._end(line))], self.encoding)

    def length(self, line: int) -> int:
        """How many code units ``line`` (0-based) holds, its line break left out."""
        if not 0 <= line < len(self._starts):
            return 0
        return units(self.text[self._starts[line] : self._end(line)], self.encoding)

    def range(self, start: int, end: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """The positions of the note's offsets ``start`` and ``end``."""
        return self.position(start), self.position(end)

    def offset(self, line: int, character: int) -> int:
        """The note's code-point offset of a 0-based ``(line, character)``.

        As the protocol asks: a column past the line's end is its end, a line past the last is the
        text's end; a column inside a character (half a UTF-16 surrogate pair) is that character.
        """
        return max(0, self._document_offset(line, character) - self._shift)

    def _document_offset(self, line: int, character: int) -> int:
        if line < 0:
            return 0
        if line >= len(self._starts):
            return len(self.text)
        start, end = self._starts[line], self._end(line)
        if self.encoding == UTF32:
            return min(start + max(character, 0), end)
        counted = 0
        for i in range(start, end):
            counted += units(self.text[i], self.encoding)
            if counted > character:
                return i
        return end
