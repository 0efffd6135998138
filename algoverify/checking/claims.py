r"""Claims of the prose: which sentences state something checkable, and which check (if any) backs each.

Consumes a note, its blocks and its spec's ``claim:`` and ``unchecked:`` entries; produces one
:class:`Claim` per sentence that states something a check could test (:func:`cues`), with the
ids of the checks that quote it or the reason the spec gives for leaving it unchecked, and the
findings: ``AV604`` for a checkable sentence nothing quotes, ``AV407`` for an ``unchecked:``
sentence the prose no longer has. Static: nothing runs, nothing is imported (``lint`` calls it).

A sentence is *quoted* when a check's ``claim:`` contains it or is contained in it, as
:func:`~algoverify.checking.snippets.find_claim` finds a claim in the prose (the case of the
first letter and line breaks may differ); ``unchecked:`` entries are matched the same way.

The detector looks for what a check can test: a number the prose states (not a year, a date, a
section, figure or equation number, a citation, a version, a name like GPT-2), a comparison in
words or in inline math, and words that state a property or a law: always, never, cannot,
converges, at most, unchanged, equals, the same … as, is convex / monotone / non-negative, …
It prefers missing a claim to flagging a sentence that claims nothing checkable (see
``tests/test_claims.py`` for its measured precision and recall).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Sequence

from ..findings import Finding, QuoteMissing, UncheckedClaim
from ..reading.notes import Note
from ..reading.prose import INLINE_MATH, Sentence, sentences
from ..source import Span
from .snippets import find_claim

__all__ = ["Claim", "Unchecked", "claims", "claim_findings", "cues", "unchecked_entries"]


# --- the detector ---------------------------------------------------------------------------------

#: properties a sentence may predicate of a function, a matrix, an output (``is convex``, ``are sorted``)
_ADJECTIVE = (
    r"(?:strictly\s+|weakly\s+|globally\s+|jointly\s+|piecewise\s+)?(?:convex|concave|monoton(?:e|ic|ically\s+\w+)|"
    r"non-?(?:de|in)creasing|(?:in|de)creasing|non-?negative|non-?positive|positive|negative|"
    r"(?:positive|negative)\s+(?:semi-?)?definite|symmetric|bounded|invariant|unique|orthogonal|orthonormal|"
    r"constant|finite|idempotent|stable|zero|lipschitz|normali[sz]ed|sorted|exact|unbiased|optimal|uniform|"
    r"linear|continuous|differentiable|deterministic)\b"
)
#: words that state a checkable property or law, one family a line
_WORDS = (
    r"\balways\b|\bnever\b|\bcan ?not\b|\bcan't\b",
    r"\bno\s+(?:[\w-]+\s+){0,3}(?:can|could|will|ever)\b",
    r"\b(?:has|have|had) no\b|\bnothing\s+(?:[\w-]+\s+){0,4}?(?:depends|changes|can|will|affects)\b"
    r"|\bchanges nothing\b|\bmakes no difference\b",
    r"\b(?:con|di)verg(?:es|ed|e|ing)\b|\b(?:con|di)vergence\s+(?:rate|to|of|in|within|after|is)\b",
    r"\bat (?:most|least)\b(?!\s+(?:to|as far as|in part|partly)\b)"
    r"|\bno (?:more|less|fewer|greater|larger|smaller) than\b",
    r"\b(?:more|less|fewer|greater|larger|smaller|higher|lower|bigger|faster|slower|longer|shorter|closer|better|worse)"
    r"\s+(?:[\w-]+\s+){0,2}?than\b|\bexceeds?\b|\blies? (?:between|within)\b",
    r"\bunchanged\b|\buntouched\b|\b(?:does|do|did) ?(?:not|n't) (?:change|move|affect|alter|modify)\b"
    r"|\b(?:stays?|remains?) the same\b"
    r"|\b(?:gives|gets) back\b|\brestores?\b",
    r"\bequals?\b(?!\s+(?:weight|size|part|share|footing)s?\b)|\bequal to\b|\bidentical(?:ly)?\b"
    r"|\bthe same\s+(?:[\w-]+\s+){0,2}?as\b(?!\s+in\b)|\bcoincides?\b|\bmatch(?:es)?\s+(?:the|exactly)\b",
    r"\bexactly\s+(?:once|twice|\d|\\\(|\$|equal|zero|one|two|three|four|five|[a-z]\b)",
    r"\b(?:once|twice|thrice|\d+ times)\s+(?:per|each|every|for)\b|(?:\\\)|\$)\s+times\b",
    rf"\b(?:is|are|be|been|being|remains?|stays?|becomes?|isn't|aren't)\s+(?:(?:not|also|still|then|therefore|"
    rf"thus|hence|always|never|everywhere|a|an|approximately|exactly|necessarily)\s+)*{_ADJECTIVE}",
    r"\b(?:strictly\s+)?(?:convex|concave|monoton(?:e|ic))\s+(?:in|on|function|along)\b",
    r"\bvanish(?:es|ing)?\b|\bbounded (?:by|above|below)\b|\bsums? to\b|\badds? up to\b|\breproduces?\b",
    r"\bhalves\b|\bhalved\b|\bdoubles\b|\bdoubled\b|\bby (?:half|a factor of)\b",
    r"\b(?:terminates|halts|stops (?:after|within|when|once|as soon as))\b",
    r"\b(?:returns|computes|prints|outputs) (?:the|a|an|its|exactly|every|each)\b"
    r"|\bis the (?:sum|product|mean|average|maximum|minimum|square|square root|root|inverse|ratio|difference|limit"
    r"|fixed point) of\b",
    r"\bholds? (?:after|for|at|whenever|when|on|throughout|true|everywhere|exactly)\b"
    r"|\b(?:has|have) (?:unit|zero|full|real|non-?negative|positive|negative|bounded|finite|constant|orthogonal)\s+\w+",
    r"\bwithout (?:error|loss|overflow|underflow)\b|\bto machine precision\b|\bup to rounding\b",
    r"\b(?:below|above|under|over|exceed|exceeds|reach|reaches)\s+(?:\\\(|\$|\d)",
    r"\bpreserves?\b|\bkeeps?\s+(?:[\w'’-]+\s+){0,3}?(?:below|above|under|within)\b|\bflips? the sign\b",
    r"\b(?:shrinks|grows|decays|falls|decreases|increases)\s+"
    r"(?:like|at the rate|geometrically|linearly|monotonically)\b",
    r"\b(?:constant|linear|quadratic|cubic|logarithmic|polynomial|exponential)\s+time\b"
    r"|(?:\\\)|\$)\s+(?:multiplications|additions|comparisons|iterations|passes|steps|calls|swaps|evaluations)\b",
    r"\bdepends? only on\b|\bindependent of\b|\bdoes(?: not|n't) depend on\b",
    r"\bthe number of\s+(?:[\w-]+\s+){1,4}?(?:is|equals|matches)\b",
    r"\bproportional to\b|\bscales? (?:linearly|quadratically|logarithmically|exponentially)\b",
    r"\bas\s+(?:\S+\s+){1,3}?(?:grows|increases|decreases|shrinks|goes to|tends to|approaches)\b",
    r"\bfor (?:every|all|any)\b|\bat any\b|\bregardless of\b|\bwhatever\b",
)
_WORD_CUES = [re.compile(p, re.I) for p in _WORDS]

#: a relation written in inline math (``=`` counts only against a number, or in a sentence with a cue)
_RELATION = re.compile(
    r"\\(?:leq?|geq?|lt|gt|neq?|approx|succeq?|preceq?|leqslant|geqslant|ll|gg|propto)(?![A-Za-z])|(?<!\\)[<>]"
)
_SPLIT_RELATION = re.compile(r"\\(?:leq?|geq?|lt|gt|neq?|approx|leqslant|geqslant)(?![A-Za-z])|(?<![\\<>!])[=<>]")
_MATH_NUMBER = re.compile(
    r"\s*[-+]?\s*(?:\d+(?:\.\d+)?(?:\s*\\times\s*10\^\{?-?\d+\}?)?|10\^\{?-?\d+\}?|\\frac\{\d+\}\{\d+\}|"
    r"\\infty|\\pi)\s*[.,;]?\s*"
)
#: a cost or a rate: ``O(n^2)``, ``\\Theta(\\log n)``, ``\\mathcal{O}(1)``
_ORDER = re.compile(r"(?<![A-Za-z\\])(?:O|\\mathcal\{O\}|\\Theta|\\Omega|o)\s*\(")
_MATH_SPACING = re.compile(r"\\[,;:! ]|\\quad|\\qquad|~|\\(?:left|right)\b|\{|\}|\\mathrm|\\text")

#: a number written in the text (a sign, digits, a decimal part, an exponent, a percent or a factor)
_NUMBER = re.compile(r"(?<![\w.\-/^_$\\])[-+−]?\d+(?:[.,]\d+)*(?:[eE][-+]?\d+)?(?:\s?%|×|x\b)?(?![\w\-/])")
_MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|"
    r"Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
)
#: numbers that name rather than state: dates, and the number of a section, figure, line, version …
_NOT_A_QUANTITY = re.compile(
    rf"""\b\d{{4}}-\d{{2}}-\d{{2}}\b
      | \b\d{{1,2}}\s+{_MONTH}\s+\d{{4}}\b | \b{_MONTH}\s+\d{{4}}\b
      | \b{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}\b
      | \b(?:sections?|sec\.|secs\.|§|chapters?|ch\.|figures?|figs?\.|tables?|tab\.|equations?|eqs?\.|eqns?\.
          |listings?|algorithms?|alg\.|lines?|steps?|theorems?|thm\.|lemmas?|propositions?|prop\.|corollary
          |definitions?|def\.|appendix|app\.|examples?|exercises?|problems?|parts?|notes?|pages?|pp?\.|refs?\.
          |references?|items?|versions?|v|python|issues?|pr|chapter|property|claim|rows?|columns?|cells?|volumes?|vol\.
          |questions?|number|no\.|lecture|lectures|slides?|sheet|homework|assignment|session|episode|module|unit
          |cases?|phases?|stages?|rules?|codes?|level|week|day|month|year|top|epoch)
        \s*\(?\s*\d+(?:\.\d+)*\)?(?:\s*(?:[-–,]|and|to|of)\s*\(?\d+(?:\.\d+)*\)?)*
      | (?<![\w)])\(\d{{1,3}}\)                               # (3): an equation or an enumeration
      | (?:\b(?:in|since|until|before|after|during|from|circa|by|of|year)\s+|\(|,\s*|et\ al\.?\s*)
        (?:1[5-9]|20)\d{{2}}\b(?!\s*%)
      | \b(?:1[5-9]|20)\d{{2}}\s*[-–]\s*(?:1[5-9]|20)?\d{{2}}\b
      | \b(?:1[5-9]|20)\d{{2}}\s+(?:paper|article|study|edition|survey|release|conference|workshop|book|report
          |review|preprint|lecture|course|talk|version|seminar|school|class|term|semester|meeting|symposium
          |competition|challenge|post|blog|note|article|talk)s?\b
      | \b\d+(?:st|nd|rd|th)\b
      | \b\d+\.\d+\.\d+\b                                     # a version
      | (?-i:\b(?:[A-Z][a-z]*[A-Z]\w*|[A-Z]{{2,}}|Python|Julia|Hugo|Ubuntu|Windows))\s+\d+(?:\.\d+)*\b  # PEP 8
    """,
    re.X | re.I,
)
#: sentences that set things up rather than claim: their numbers and math relations are givens
_SETUP = re.compile(
    r"^(?:\W*)(?:let|suppose|assume|given|consider|fix|define|denote|write|writing|take|set|pick|choose)\b"
    r"|\b(?:example|examples|for instance|e\.g\.|thanks?|grateful|acknowledge)\b"
    r"|\bwe\s+(?:use|used|set|choose|chose|train|trained|pick|picked|take|took|fix|fixed|draw|drew|sample|sampled|"
    r"run|ran|initiali[sz]ed?|generate|generated|consider|assume|let)\b",
    re.I,
)


def cues(text: str) -> list[str]:
    """What in ``text`` (a sentence as :attr:`~algoverify.reading.prose.Sentence.read`) states something checkable.

    Empty when nothing does. Each cue is the words that state it (``always``, ``is a convex``,
    ``larger than``), a number (``800``) or a piece of inline math with a relation (``T \\geq 1``).
    """
    found: list[str] = []
    for pattern in _WORD_CUES:
        for m in pattern.finditer(text):
            words = " ".join(m.group().split())
            if words not in found:
                found.append(words)
    setup = _SETUP.search(text) is not None
    maths = [(m.span(), _math_body(m.group())) for m in INLINE_MATH.finditer(text)]
    if not setup:
        for _, latex in maths:
            found.extend(c for c in _math_cues(latex) if c not in found)
        words = _blank_math(text, [span for span, _ in maths])
        named = [m.span() for m in _NOT_A_QUANTITY.finditer(words)]
        for m in _NUMBER.finditer(words):
            if not any(a <= m.start() < b for a, b in named) and m.group() not in found:
                found.append(m.group())
    return found


def _math_body(math: str) -> str:
    return math[2:-2] if math.startswith("\\(") else math[1:-1]


def _blank_math(text: str, spans: list[tuple[int, int]]) -> str:
    out, pos = [], 0
    for a, b in spans:
        out += [text[pos:a], " " * (b - a)]
        pos = b
    return "".join(out) + text[pos:]


def _math_cues(latex: str) -> list[str]:
    """The math itself, when it holds a relation, an ``=`` against a number or a cost, or is a number alone.

    ``\\le``, ``<``; ``= 0``; ``O(n \\log n)``; ``\\(0\\)``.
    """
    sides = _SPLIT_RELATION.split(latex)
    numbers = [s for s in sides if _MATH_NUMBER.fullmatch(_MATH_SPACING.sub("", s))]
    if _RELATION.search(latex) or numbers or _ORDER.search(latex):
        shown = " ".join(latex.split())
        return [shown if len(shown) <= 40 else shown[:39] + "…"]
    return []


# --- quoting ----------------------------------------------------------------------------------------


def quotes(claim: str, sentence: str) -> bool:
    """Whether a check's ``claim`` quotes ``sentence``: one contains the other, as a claim is found in the prose."""
    return find_claim(sentence, claim) is not None or find_claim(claim, sentence) is not None


@dataclass(frozen=True)
class Unchecked:
    """One entry of the spec's ``unchecked:`` list: a sentence (or a piece of it), and why no check backs it."""

    sentence: str
    reason: str
    #: where the entry's ``sentence:`` stands in the front matter
    span: Span | None
    index: int


def unchecked_entries(note: Note) -> list[Unchecked]:
    """The well-formed entries of the note's ``unchecked:`` list (a malformed one is AV501, reported by the spec)."""
    section = note.front_matter.get("algoverify") if isinstance(note.front_matter, dict) else None
    entries = section.get("unchecked") if isinstance(section, dict) else None
    if not isinstance(entries, list):
        return []
    marks = None
    out = []
    for i, entry in enumerate(entries):
        if not (isinstance(entry, dict) and isinstance(entry.get("sentence"), str) and entry["sentence"].strip()):
            continue
        if marks is None:
            from .spec import _Marks

            marks = _Marks(note)
        span = marks.span(("algoverify", "unchecked", i, "sentence"))
        out.append(Unchecked(entry["sentence"], str(entry.get("reason", "")), span, i))
    return out


def _check_claims(note: Note) -> list[tuple[str, str]]:
    """``(id, claim)`` of every check that quotes a sentence, read from the front matter as written.

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
            out.append((name, entry["claim"]))
    return out


# --- claims of a note -------------------------------------------------------------------------------


@dataclass(frozen=True)
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
    for sentence in sentences(note, blocks):
        ids = tuple(dict.fromkeys(i for i, claim in quoted if quotes(claim, sentence.text)))
        marked = [e for e in entries if quotes(e.sentence, sentence.text)]
        used.update(e.index for e in marked)
        found = tuple(cues(sentence.read))
        if found or ids or marked:
            reason = marked[0].reason if marked else None
            out.append(Claim(sentence, found, ids, reason))
    return out, [e for e in entries if e.index not in used]


def claim_findings(note: Note, blocks: Sequence[Any]) -> list[Finding]:
    """AV604 for each checkable sentence nothing quotes or names; AV407 for each ``unchecked:`` sentence not found.

    A sentence is named by an ``unchecked:`` entry; the entry's sentence must be in the prose.
    """
    found, missing = claims(note, blocks)
    out = [
        UncheckedClaim.finding(c.sentence.span, note.path, {"cues": ", ".join(c.cues)}, start=_start(c.sentence.text))
        for c in found
        if c.status == "not checked"
    ]
    for entry in missing:
        where = entry.span or note.front_matter_span
        name = f"unchecked[{entry.index + 1}]"
        out.append(QuoteMissing.finding(where, note.path, check=name, what="sentence", text=entry.sentence))
    return out


def _start(text: str, width: int = 60) -> str:
    """The start of a sentence, cut at a word boundary: what a message quotes."""
    if len(text) <= width:
        return text
    cut = text.rfind(" ", 0, width)
    return text[: cut if cut > width // 2 else width].rstrip(",;:—– ") + "…"
