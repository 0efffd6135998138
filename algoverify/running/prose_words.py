r"""What a sentence says of a name with its letters not in math: "Write D for the diagonal part of A.".

An author writes a letter in plain text as often as in math ("an n-vector \(x\)"); a reader
takes it the same.
"""

from __future__ import annotations

import re

from ..reading.prose import Sentence
from ..source import Span
from .declarations import Declared, InputSpec, Origin
from .prose_math import Piece, name_of

__all__ = ["plain_sized", "words_only"]

#: what a letter is, in plain words: "Write D for the diagonal part of A.", "let D be the … of A"
_WORDS_ONLY = re.compile(
    r"\b(?:(?:we\s+)?write\s+(?P<a>[A-Za-z])\s+for|let\s+(?P<b>[A-Za-z])\s+(?:be|denote))"
    r"\s+the\s+(?P<what>(?:[\w-]+\s+){1,5}?of)\s+(?P<of>[A-Za-z])\b(?![\w(\\])",
    re.I,
)
#: "an n-vector \(x\)": the size in a plain letter, as a reader reads "an \(n\)-vector \(x\)"
_PLAIN_SIZED = re.compile(r"\b(?:an?|the)\s+(?P<size>[A-Za-z])-(?:dimensional\s+)?(?:vector|array|list)\s*$", re.I)
#: … and after the name: "\(b\) an n-vector", "\(x\), an n-vector", "\(x\) is an n-vector"
_PLAIN_SIZED_AFTER = re.compile(
    r"\s*(?:,\s*)?(?:(?:is|be)\s+)?an?\s+(?P<size>[A-Za-z])-(?:dimensional\s+)?(?:vector|array|list)\b", re.I
)


def plain_sized(piece: Piece, text: str, sentence: Sentence, spec: InputSpec, origin: Origin) -> None:
    r"""``x`` of length ``n`` from "an n-vector \(x\)", the letter not in math (it was AV303 at ``n``)."""
    start = piece.math.span.start  # inside the math's delimiters: the words end before them
    start -= 2 if text.startswith("\\(", start - 2) else 1 if text.startswith("$", start - 1) else 0
    plain = _PLAIN_SIZED.search(text, max(sentence.span.start, start - 48), start)
    if plain is None:
        end = piece.math.span.end
        end += 2 if text.startswith("\\)", end) else 1 if text.startswith("$", end) else 0
        plain = _PLAIN_SIZED_AFTER.match(text, end, sentence.span.end)
    target = name_of(piece)
    known = spec.get(target) if target is not None else None
    if plain is not None and target is not None and (known is None or known.shape is None):
        spec.declare(Declared(target, piece.tree.span, (plain.group("size"),), origin=origin))


def words_only(sentence: Sentence, text: str, spec: InputSpec) -> None:
    """What a letter is, said in words with no math at all: "Write D for the diagonal part of A."."""
    start = sentence.span.start
    for m in _WORDS_ONLY.finditer(text[start : sentence.span.end]):
        letter = "a" if m.group("a") else "b"
        name, what = m.group(letter), " ".join(m.group("what").split())
        where = Span(start + m.start(letter), start + m.end(letter))
        spec.in_words.setdefault(name, (where, f"the {what} {m.group('of')}"))
