r"""Claims of the prose: which sentences state something checkable, and which check (if any) backs each.

Consumes a note, its blocks and its spec's ``claim:`` and ``unchecked:`` entries; produces one
:class:`Claim` per sentence that states something a check could test (:func:`cues`), with the
ids of the checks that quote it or the reason the spec gives for leaving it unchecked, and the
findings: ``AV604`` for a checkable sentence nothing quotes, ``AV407`` for an ``unchecked:``
sentence the prose no longer has. Static: nothing runs, nothing is imported (``lint`` calls it).

A sentence is *quoted* when a check's ``claim:`` contains it or is contained in it, as
:func:`~algoverify.checking.sandboxing.snippets.find_claim` finds a claim in the prose (the case of the
first letter and line breaks may differ); ``unchecked:`` entries are matched the same way.

What makes a sentence checkable is :mod:`~algoverify.checking.specification.cues`'s to say.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from ...findings import Finding, QuoteMissing, UncheckedClaim
from ...reading.notes import Note
from ...reading.prose import Sentence, sentences
from ...reading.rendered import locate, nearest, render
from ...records import frozen
from ...source import Span
from .cues import cues

__all__ = ["Claim", "Unchecked", "claims", "claim_findings", "quotes", "unchecked_entries"]


# --- quoting ----------------------------------------------------------------------------------------


def quotes(claim: str, sentence: str) -> bool:
    """Whether a check's ``claim`` quotes ``sentence``: one contains the other, as a claim is found in the prose.

    The same rule as :func:`~algoverify.checking.sandboxing.snippets.find_claim` (whitespace runs match any
    whitespace, the first letter's case may differ, the texts read as written or as rendered),
    on texts with their whitespace collapsed.
    """
    return _quoted(_forms(claim), _forms(sentence))


def _forms(text: str) -> tuple[str, str]:
    """The two readings :func:`quotes` compares: as written and as rendered, whitespace collapsed."""
    return _squashed(text), _rendered(text)


def _quoted(claim: tuple[str, str], sentence: tuple[str, str]) -> bool:
    # rendering is the dear part: claims() computes each text's forms once, not once per pair
    for a, b in zip(claim, sentence):
        if a and b and any(x in y for x, y in ((a, b), (_swapped(a), b), (b, a), (_swapped(b), a))):
            return True
    return False


def _squashed(text: str) -> str:
    return " ".join(text.split())


def _rendered(text: str) -> str:
    """The text as the page shows it (emphasis, links, curly quotes: :func:`~algoverify.reading.rendered.render`)."""
    return _squashed(render(text).text)


def _swapped(text: str) -> str:
    return text[0].swapcase() + text[1:] if text[:1].isalpha() else text


@frozen
class Unchecked:
    """One entry of the spec's ``unchecked:`` list: a sentence (or a piece of it), and why no check backs it."""

    sentence: str
    reason: str
    #: its position in the list (0-based)
    index: int


def unchecked_entries(note: Note) -> list[Unchecked]:
    """The well-formed entries of the note's ``unchecked:`` list (a malformed one is AV501, reported by the spec)."""
    section = note.front_matter.get("algoverify") if isinstance(note.front_matter, dict) else None
    entries = section.get("unchecked") if isinstance(section, dict) else None
    if not isinstance(entries, list):
        return []
    out = []
    for i, entry in enumerate(entries):
        if isinstance(entry, dict) and isinstance(entry.get("sentence"), str) and entry["sentence"].strip():
            out.append(Unchecked(entry["sentence"], str(entry.get("reason", "")), i))
    return out


def _check_claims(note: Note, *, indexed: bool = False) -> list[Any]:
    """``(id, claim)`` of every check that quotes a sentence, as the front matter writes it.

    With ``indexed``, ``(index, id, claim)``.

    A check with a problem in its entry (AV501) still says which sentence it is meant to back.
    """
    section = note.front_matter.get("algoverify") if isinstance(note.front_matter, dict) else None
    checks = section.get("checks") if isinstance(section, dict) else None
    out = []
    for i, entry in enumerate(checks if isinstance(checks, list) else []):
        if isinstance(entry, dict) and isinstance(entry.get("claim"), str) and entry["claim"].strip():
            ident = entry.get("id")
            named = isinstance(ident, (str, int)) and str(ident)
            name = str(ident) if named else f"{entry.get('kind', 'check')}-{i + 1}"
            out.append((i, name, entry["claim"]) if indexed else (name, entry["claim"]))
    return out


# --- claims of a note -------------------------------------------------------------------------------


@frozen
class Claim:
    """A sentence of the prose that states something checkable, and what backs it."""

    sentence: Sentence
    #: what makes it checkable (empty for a sentence only a check or ``unchecked:`` names)
    cues: tuple[str, ...]
    #: ids of the checks whose ``claim:`` quotes it
    checks: tuple[str, ...] = ()
    #: the reason the spec's ``unchecked:`` gives, when it names the sentence
    unchecked: str | None = None

    @property
    def status(self) -> str:
        """``checked``, ``unchecked`` (marked so in the spec) or ``not checked``."""
        return "checked" if self.checks else "unchecked" if self.unchecked is not None else "not checked"


def claims(note: Note, blocks: Sequence[Any]) -> tuple[list[Claim], list[Unchecked]]:
    """Every sentence that states something checkable (or that a check or ``unchecked:`` names), and more.

    Returns the claims in order, and the ``unchecked:`` entries that match no sentence of the prose.
    """
    quoted = _check_claims(note)
    entries = unchecked_entries(note)
    used: set[int] = set()
    out = []
    quoted_forms = [(i, _forms(claim)) for i, claim in quoted]
    entry_forms = [(e, _forms(e.sentence)) for e in entries]
    for sentence in sentences(note, blocks):
        forms = _forms(sentence.text)
        ids = tuple(dict.fromkeys(i for i, claim in quoted_forms if _quoted(claim, forms)))
        marked = [e for e, entry in entry_forms if _quoted(entry, forms)]
        used.update(e.index for e in marked)
        found = tuple(cues(sentence.read))
        if found or ids or marked:
            reason = marked[0].reason if marked else None
            out.append(Claim(sentence, found, ids, reason))
    return out, [e for e in entries if e.index not in used]


def claim_findings(note: Note, blocks: Sequence[Any], *, check_claims: bool = True) -> list[Finding]:
    """AV604 for each checkable sentence nothing quotes or names; AV407 for each ``unchecked:`` sentence not found.

    A sentence is named by an ``unchecked:`` entry; the entry's sentence must be in the prose.
    With ``check_claims`` (``lint``), a check's ``claim:`` the prose no longer has is AV407 too, at
    the check's entry, as ``check`` reports it when the check runs (which then says it itself).
    """
    found, missing = claims(note, blocks)
    out = [
        UncheckedClaim.finding(c.sentence.span, note.path, {"cues": ", ".join(c.cues)}, start=_start(c.sentence.text))
        for c in found
        if c.status == "not checked"
    ]
    stale = _stale_claims(note) if check_claims else []
    if missing or stale:
        from .spec import _Marks  # front-matter positions: composed only when a finding needs one

        marks = _Marks(note)
    for entry in missing:
        where = marks.span(("algoverify", "unchecked", entry.index, "sentence")) or note.front_matter_span
        name = f"unchecked[{entry.index + 1}]"
        out.append(QuoteMissing.finding(where, note.path, check=name, what="sentence", text=entry.sentence))
    prose = note.source.segment(note.body_span) if stale else ""
    for index, name, claim in stale:
        where = marks.span(("algoverify", "checks", index)) or note.front_matter_span
        out.append(missing_claim(where, note.path, name, claim, prose, note.body_span.start))
    return out


def missing_claim(where: Span, path: Path | None, check: str, claim: str, prose: str, base: int) -> Finding:
    """AV407 for a ``claim:`` the prose (at offset ``base`` of the note) does not have, with its nearest passage."""
    near = nearest(prose, claim)
    details = {} if near is None else {"nearest passage": Span(base + near[0], base + near[0]), "difference": near[1]}
    return QuoteMissing.finding(where, path, details, check=check, what="claim", text=claim)


def _stale_claims(note: Note) -> list[tuple[int, str, str]]:
    """``(index, id, claim)`` of each check whose ``claim:`` the prose does not have (found as ``check`` finds it)."""
    prose = note.source.segment(note.body_span)
    return [(i, name, claim) for i, name, claim in _check_claims(note, indexed=True) if locate(prose, claim) is None]


def _start(text: str, width: int = 60) -> str:
    """The start of a sentence, cut at a word boundary: what a message quotes."""
    if len(text) <= width:
        return text
    cut = text.rfind(" ", 0, width)
    return text[: cut if cut > width // 2 else width].rstrip(",;:—– ") + "…"
