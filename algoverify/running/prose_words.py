r"""What a sentence says of a name in words: "Write \(D\) for the diagonal part of \(A\)", "an n-vector \(x\)".

An author says what a name is in words as often as by a formula, and writes a letter in plain
text as often as in math; a reader takes them the same. A name said only in words is kept with
its words (:attr:`~.declarations.InputSpec.in_words`): a run cannot compute it, and lint says so
in those words.
"""

from __future__ import annotations

import re

from ..math import mathexpr as M
from ..reading.prose import Sentence
from ..source import Span
from .declarations import Declared, InputSpec, Origin
from .prose_math import Piece, name_of
from .prose_properties import SAID, properties_said

__all__ = ["WRITE_AND", "plain_named", "plain_sized", "said_in_words", "words_only", "written_for"]

#: how words that say what a name is begin: "the largest …", "its positive root", "one minus the smoothing factor"
#: (never "a": "n is a power of 2" is a property)
_DETERMINER = r"(?:(?:one\s+minus|half|twice|minus)\s+the|the|its|their|our)"
#: … and after "write X for", an article too: "write \\(\\sigma\\) for a shift close to …" names what σ is
_FOR_DETERMINER = rf"(?:{_DETERMINER}|an?)"
#: a name written in math, one letter or command and a subscript at most: "\\(\\eta\\)", "\\(E_0\\)"
_MATH_NAME = r"(?:\\\(|\$)\s*(?P<name>\\?(?P<letter>[A-Za-z]+)(?:_\{?(?P<below>[A-Za-z0-9]+)\}?)?)\s*(?:\\\)|\$)"
#: where the words said of a name end: the clause's stop, or a comma that starts another clause
_CLAUSE_END = r"[.;:]|,\s*(?:so|which|where|whence|hence|thus|while|whereas|and\s+(?:we\s+)?write)\b|$"
#: words right after a name that say what it is, of another: ", the largest eigenvalue of \(M\)", "denotes the … of"
_IN_WORDS = re.compile(
    r"^\s*(?:,\s*(?:i\.e\.,?\s*|that is,?\s*|which is\s+|namely\s+)?|(?:denotes|stands\s+for|is|be)\s+)"
    rf"(?P<what>{_DETERMINER}\s+(?:[\w-]+\s+){{1,9}}?of)\s*$",
    re.I,
)
#: "Write \(D\) for the diagonal part of", "for its positive root, the square root of": the name
#: before "for" is what the words after it say
_WRITE_FOR = re.compile(rf"^\s*for\s+(?P<what>{_FOR_DETERMINER}\s+(?:[\w,-]+\s+){{1,9}}?of)\s*$", re.I)
#: … said in words to the end of the clause: "Write \(S\) for the innovation variance, the sum of …"
#: (or to a comma that starts another clause: "\(\mu\) for its smallest, so that …")
_WRITE_FOR_WORDS = re.compile(
    rf"^\s*for\s+(?P<what>{_FOR_DETERMINER}\s+[^.;:]{{3,160}}?)\s*"
    r"(?:(?P<end>[.;:]|,\s*(?:so|which|where|whence|hence|thus|while|whereas)\b)|$)",
    re.I,
)
#: "\(E_0\) denotes the energy of the first state, which …": the name's words, to the clause's end
_DENOTES_WORDS = re.compile(
    rf"^\s*(?:denotes|stands\s+for)\s+(?P<what>{_DETERMINER}\s+[^.;:]{{3,160}}?)\s*"
    r"(?:(?P<end>[.;:]|,\s*(?:so|which|where|whence|hence|thus|while|whereas)\b)|$)",
    re.I,
)
_WRITE = re.compile(r"\b(?:write|writing|we\s+write)$", re.I)
#: … and a name after it in the same list: "Write \(\alpha\) … for …, and \(\rho\) for the length of …"
WRITE_AND = re.compile(r"\b(?:write|writing|we\s+write)\b[^.;]*\band$", re.I)
#: "for the length of the pair" before a math that ends what the words say
_WRITE_FOR_LEAD = re.compile(rf"^\s*for\s+(?P<what>{_FOR_DETERMINER}\s+[^.;:,]{{3,120}}?)\s*$", re.I)

#: what a letter is, in plain words: "Write D for the diagonal part of A.", "let D be the … of A",
#: "where L is the largest eigenvalue of A", "with L the largest eigenvalue of A"
_WORDS_ONLY = re.compile(
    r"\b(?:(?:we\s+)?write\s+(?P<a>[A-Za-z])\s+for|let\s+(?P<b>[A-Za-z])\s+(?:be|denote)"
    r"|where\s+(?P<c>[A-Za-z])\s+(?:is|denotes)|with\s+(?P<d>[A-Za-z])(?:\s+being)?(?=\s+the\b))"
    r"\s+the\s+(?P<what>(?:[\w-]+\s+){1,5}?of)\s+(?P<of>[A-Za-z])\b(?![\w(\\])",
    re.I,
)
#: "write h for the step size, the length of the interval divided by …": a plain letter, to the clause's end
_WRITE_PLAIN = re.compile(
    rf"\b(?:we\s+)?write\s+(?P<name>[A-Za-z])\s+for\s+(?P<what>{_FOR_DETERMINER}\s+[^.;:\\$]{{3,160}}?)\s*"
    rf"(?={_CLAUSE_END})",
    re.I,
)
#: the words, then the name they are given: "a step size equal to the reciprocal of …, which we call \\(\\eta\\)"
_CALLED = re.compile(
    r"(?P<what>\b(?:an?|the|its|their)\s+[^.;:]{3,160}?),?\s+(?:which|that)\s+(?:we\s+)?"
    rf"(?:call|denote(?:\s+by)?|write(?:\s+as)?|name)\s+{_MATH_NAME}",
    re.I,
)
#: "a non-zero n-vector": the article, up to two adjectives, the size's plain letter and the noun
_SIZED_NOUN = r"(?:[\w-]+\s+){0,2}?(?P<size>[A-Za-z])-(?:dimensional\s+)?(?:vector|array|list)"
#: "an n-vector \(x\)": the size in a plain letter, as a reader reads "an \(n\)-vector \(x\)"
_PLAIN_SIZED = re.compile(rf"\b(?:an?|the)\s+{_SIZED_NOUN}\s*$", re.I)
#: … and after the name: "\(b\) an n-vector", "\(x\), an n-vector", "\(x\) is an n-vector"
_PLAIN_SIZED_AFTER = re.compile(rf"\s*(?:,\s*)?(?:(?:is|be)\s+)?an?\s+{_SIZED_NOUN}\b", re.I)
#: … and the vector's own name in plain text too: "for an n-vector x", "let x be an n-vector"
_PLAIN_NAMED = re.compile(
    rf"\b(?:an?\s+{_SIZED_NOUN}\s+(?P<name>[A-Za-z])"
    rf"|let\s+(?P<name2>[A-Za-z])\s+be\s+an?\s+{_SIZED_NOUN.replace('<size>', '<size2>')})"
    r"(?![\w(\\-])(?P<next>\s*[,.;:)]?)",
    re.I,
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


def plain_named(sentence: Sentence, text: str, spec: InputSpec, origin: Origin) -> None:
    """``x`` of length ``n`` from "for an n-vector x", the vector's name and its size both in plain text.

    "a" and "I" name a vector only before a stop ("an n-vector a, …"): before a word they are the
    article or the pronoun.
    """
    start = sentence.span.start
    for m in _PLAIN_NAMED.finditer(text[start : sentence.span.end]):
        letter = "name" if m.group("name") else "name2"
        name, size = m.group(letter), m.group("size") or m.group("size2")
        if name in ("a", "I") and letter == "name" and not m.group("next").strip():
            continue
        known = spec.get(name)
        if name != size and (known is None or known.shape is None):
            where = Span(start + m.start(letter), start + m.end(letter))
            # "let x be a non-zero n-vector", "for an n-vector x, not zero,": what the words say of x
            after = text[start + m.end(letter) : sentence.span.end]
            found = properties_said(after, m.group(0)[: m.start("size" if m.group("size") else "size2") - m.start()])
            said = tuple((k, SAID[k].format(name=name), where) for k in found)
            spec.declare(Declared(name, where, (size,), origin=origin, properties=said))


def words_only(sentence: Sentence, text: str, spec: InputSpec) -> None:
    """What a letter is, said in words: "Write D for the diagonal part of A.", "…, which we call \\(\\eta\\)"."""
    start = sentence.span.start
    said = text[start : sentence.span.end]
    for m in _WORDS_ONLY.finditer(said):
        letter = next(g for g in "abcd" if m.group(g))
        name, what = m.group(letter), " ".join(m.group("what").split())
        where = Span(start + m.start(letter), start + m.end(letter))
        spec.in_words.setdefault(name, (where, f"the {what} {m.group('of')}"))
    lowered = sentence.read.lower()  # the patterns below scan far from each article: only where their verb is
    for m in _WRITE_PLAIN.finditer(said) if "write" in lowered else ():  # "write h for the step size, the …"
        where = Span(start + m.start("name"), start + m.end("name"))
        spec.in_words.setdefault(m.group("name"), (where, " ".join(m.group("what").split())))
    named = any(verb in lowered for verb in ("call", "denote", "write", "name"))
    for m in _CALLED.finditer(said) if named else ():
        _said_of_math_name(m, start, spec)


#: "Write \\(T\\) for the \\(m \\times m\\) second-difference matrix, tridiagonal with …": the words
#: after "for", math and all, to the end of the clause
_WRITTEN_FOR = re.compile(
    rf"\b(?:we\s+)?write\s+{_MATH_NAME}\s+for\s+(?P<what>{_FOR_DETERMINER}\s+[^.;]{{3,200}}?)\s*(?={_CLAUSE_END})",
    re.I,
)


def written_for(sentence: Sentence, text: str, spec: InputSpec) -> None:
    """A name written for words with math among them, which the pieces of the sentence split."""
    start = sentence.span.start
    if "write" not in sentence.read.lower():
        return
    for m in _WRITTEN_FOR.finditer(text[start : sentence.span.end]):
        _said_of_math_name(m, start, spec)


def _said_of_math_name(m: re.Match[str], start: int, spec: InputSpec) -> None:
    """Keep the words ``m`` says of the name it matched in math (:data:`_MATH_NAME`), ``start`` its offset."""
    name = m.group("letter") + (f"_{m.group('below')}" if m.group("below") else "")
    where = Span(start + m.start("name"), start + m.end("name"))
    spec.in_words.setdefault(name, (where, " ".join(m.group("what").split())))


def said_in_words(
    piece: Piece, before: str, after: str, nxt: Piece | None, spec: InputSpec, *, listed: bool = False
) -> None:
    r"""What the words around ``piece`` say its name is, when they say it only in words.

    ``before`` and ``after`` are the words either side of it, ``nxt`` the math after; ``listed``:
    the name follows "and" in a list that a "Write" leads ("Write \(\alpha\) for …, and \(\rho\) for …").
    """
    name = name_of(piece)
    if name is None or isinstance(piece.tree, M.Rel):
        return  # "\\(E = A - D\\) for the rest": a formula says what E is, whatever words follow
    described = _IN_WORDS.match(after) if nxt is not None else None
    if described is None and nxt is not None and _WRITE.search(before):
        described = _WRITE_FOR.match(after)
    if described is not None:
        # "Lipschitz with constant L, the largest eigenvalue of A^T A": what L is, in words a run cannot compute
        spec.in_words.setdefault(name, (piece.tree.span, f"{described.group('what')} \\({nxt.math.latex}\\)"))  # type: ignore[union-attr]
        return
    denoted = _DENOTES_WORDS.match(after)
    if denoted is not None and (nxt is None or denoted.group("end")):
        spec.in_words.setdefault(name, (piece.tree.span, " ".join(denoted.group("what").split())))
        return
    if not (_WRITE.search(before) or listed):
        return
    worded = _WRITE_FOR_WORDS.match(after)
    lead = _WRITE_FOR_LEAD.match(after) if nxt is not None else None
    # "Write S for the innovation variance, the sum of the predicted variance and …" (to the clause's end)
    if worded is not None and (nxt is None or worded.group("end")):
        spec.in_words.setdefault(name, (piece.tree.span, " ".join(worded.group("what").split())))
    elif lead is not None:  # "… and \(\rho\) for the length of the pair \((\alpha, \beta)\)"
        what = " ".join(lead.group("what").split())
        spec.in_words.setdefault(name, (piece.tree.span, f"{what} \\({nxt.math.latex}\\)"))  # type: ignore[union-attr]
