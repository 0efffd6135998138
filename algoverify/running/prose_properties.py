r"""The properties a note says its inputs have, in words: "symmetric positive definite", "sorted", "each non-zero".

A reader takes them as what the listing may assume, and a run checks them on entry. The words
right after a name (``is symmetric``, ``have linearly independent columns``) and the adjectives
before it (``a symmetric matrix``) say them; a denial reaches the properties right after it
("symmetric (not necessarily positive definite)").
"""

from __future__ import annotations

import re

__all__ = ["SAID", "properties_said"]

#: what the prose says of a matrix or vector that a run can test on entry, as a reader takes it: the words, the property
_PROPERTY_WORDS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(rf"\b{words}\b", re.I), key)
    for words, key in (
        (r"not all (?:zeros?|0)", "nonzero"),
        (r"not all (?:equal|the same|identical)|not (?:all )?constant|non-?constant", "not constant"),
        (r"(?:symmetric )?positive[- ]definite|spd|s\.p\.d\.", "positive definite"),
        (r"(?:symmetric )?positive[- ]semi-?definite", "positive semidefinite"),
        (r"linearly independent columns|full column rank", "independent columns"),
        (r"linearly independent rows|full row rank", "independent rows"),
        (r"full[- ]rank", "full rank"),
        # Doolittle's hypothesis: elimination without pivoting meets no zero pivot (never "A is invertible")
        (r"(?:non-?singular|invertible|non-?zero) leading principal (?:sub-?matri(?:x|ces)|minors)", "leading minors"),
        (r"invertible|non-?singular", "invertible"),
        (r"symmetric", "symmetric"),
        (r"orthogonal|orthonormal", "orthogonal"),
        (
            r"non-?zero diagonal(?: entries| elements)?|diagonal (?:entries |elements )?(?:are )?(?:all )?non-?zero",
            "nonzero diagonal",
        ),
        (r"(?:each|every one|all)(?: of them)? non-?zero|non-?zero rows", "nonzero each"),
        (r"non-?zero|not (?:the )?zero(?: vector| matrix)?", "nonzero"),
        (r"in (?:non-?increasing|decreasing|descending) order|sorted (?:in )?(?:decreasing|descending)", "sorted down"),
        (r"sorted|in (?:non-?decreasing|increasing|ascending) order", "sorted"),
        (r"upper[- ]triangular", "upper triangular"),
        (r"lower[- ]triangular", "lower triangular"),
        (r"distinct", "distinct"),
        (r"non-?negative", "non-negative"),
        # Simpson's "an even number n \ge 2": a whole number, even (a word of its own, never "even if")
        (
            r"even(?= (?:positive )?(?:number|integer|natural number|whole number))"
            r"|(?:is|be|are) even(?=\s*[,;.)]|\s*$)",
            "even",
        ),
        (
            r"odd(?= (?:positive )?(?:number|integer|natural number|whole number))"
            r"|(?:is|be|are) odd(?=\s*[,;.)]|\s*$)",
            "odd",
        ),
        # Sinkhorn's "a matrix with positive entries": each entry, never "positive definite" (taken above)
        (
            r"(?:strictly |all )?positive (?:entries|elements|components|coefficients)"
            r"|(?:entry|element|component)-?wise positive"
            r"|(?:entries|elements|components) (?:are )?(?:all )?(?:strictly )?positive",
            "positive",
        ),
        # the knapsack's "weights w_1, …, w_n, positive integers", "n, a positive integer": each above 0
        (
            r"(?:strictly )?positive (?=(?:even |odd )?(?:integers?|whole numbers?|natural numbers?|numbers?|reals?"
            r"|real numbers?|multiples? of)\b)"
            r"|(?:is|be|are) (?:all )?(?:strictly )?positive(?=\s*[,;.)]|\s*$)",
            "positive value",
        ),
        # "n, a positive multiple of 3" (Simpson's 3/8 rule): a whole number that 3 divides
        (r"multiples? of (?P<k>[2-9]|[1-9]\d+)\b|divisible by (?P<d>[2-9]|[1-9]\d+)\b", "multiple"),
        # "positive integers", "a whole number": whole, each (an integer kind said after the name too)
        (r"integers?|whole numbers?|natural numbers?", "whole"),
    )
)
#: words right after a name that say what it is (``is symmetric``, ``have linearly independent columns``)
_SAYS_OF = re.compile(
    # "\(b \in \mathbb{R}^n\) a nonzero vector": a noun phrase right after the name says what it is too
    r"^,?\s*(?:which |that )?(?:is|are|be|has|have|being|with|of|must be|should be|each|all|an?(?= \w))\b",
    re.I,
)
#: "none of which is zero", "none of them vanishes": what "each non-zero" says
_NONE_ZERO = re.compile(
    r",?\s*none\s+of\s+(?:which|them|these|those)\s+(?:(?:is|are|being)\s+)?(?:zero|0|the\s+zero\s+\w+)\b"
    r"|,?\s*none\s+of\s+(?:which|them|these|those)\s+vanish(?:es)?\b",
    re.I,
)
#: Jarvis's "no three of them collinear": points in general position, each triple a true triangle
_NO_THREE = re.compile(
    r"\bno three (?:of them |points )?(?:are |lie |being )?(?:collinear|on a (?:common )?line)\b"
    r"|\bin general position\b",
    re.I,
)
#: words after which a property is where a name goes or is measured from, not what it is
_AWAY = re.compile(r"\b(?:from|than|towards?|until|unless)\b", re.I)
#: the words that end what a sentence says of one name: the next clause is about something else
_CLAUSE_END = re.compile(r"[;:]|\b(?:and let|let|where|while|whereas|but|then|so|which|whose|if|when)\b", re.I)


#: "whose leading principal submatrices \(A_k\) are all nonsingular": said of the matrix, though in a clause
_LEADING = re.compile(
    r",?\s*(?:whose|such that|with|where|and)?\s*(?:all|every|each)?\s*(?:of\s+)?(?:its|the)?\s*"
    r"leading\s+principal\s+(?:sub-?matri(?:x|ces)|minors)\b[^.;]{0,60}?\b(?:are|is|be)\s+(?:all\s+)?"
    r"(?P<what>non-?singular|invertible|non-?zero)\b",
    re.I,
)


def properties_said(after: str, adjectives: str) -> list[str]:
    """The properties ``after`` (the words after a name) and ``adjectives`` (the words before it) say."""
    after = _LEADING.sub(lambda m: f" with {m.group('what')} leading principal submatrices", after)
    # "rows \(a_1, \dots, a_m\), none of which is zero": each non-zero (the "which" ends no clause here)
    after = _NONE_ZERO.sub(", each non-zero", after)
    said = _CLAUSE_END.split(after, maxsplit=1)[0]
    said = _AWAY.split(said, maxsplit=1)[0]  # "how far L is from sorted order" says L is not sorted
    # "points p_1, …, p_n in the plane, no three collinear": said of the points, wherever the clause puts it
    general = ["no three collinear"] if _NO_THREE.search(said) else []
    if not _SAYS_OF.match(said):
        # "x … we want an orthogonal matrix": words after a name that are not about it, unless they are
        # properties alone, set off by commas ("\Require nodes \(x_0, …, x_n\), pairwise distinct, …")
        said = _appositive(said)
    said = re.split(r"\band\b(?=\s+(?:a|an|the|let)\b)", said, maxsplit=1)[0]
    text = said + "; " + adjectives  # a denial in one does not reach the other
    denied = _denied(text)
    found: list[str] = []
    for pattern, key in _PROPERTY_WORDS:
        for m in pattern.finditer(text):
            negative = m.group().lower().startswith("not ")  # "not all zero": a property, not its denial
            if (not negative and any(a <= m.start() < b for a, b in denied)) or key in found:
                continue  # "symmetric (not necessarily positive definite)": no precondition of the denied one
            if key == "symmetric" and "positive definite" in found:
                continue  # "symmetric positive definite" is one property
            if key == "multiple":
                key = f"multiple of {m.group('k') or m.group('d')}"
                if key in found:
                    continue
            found.append(key)
        text = pattern.sub(lambda m: " " * len(m.group()), text)
    return found + [k for k in general if k not in found]


#: words set off by a comma right after a name, up to the next comma: "…, pairwise distinct, values …"
_APPOSITIVE = re.compile(r"^\s*,\s*(?P<words>[^,;.()]+?)\s*(?:[,;.]|$)")
#: words that may stand beside the properties of an appositive without making it about something else
#: (and the nouns that restate what the values are: ", distinct positive integers")
_APPOSITIVE_FILLER = re.compile(
    r"\b(?:pairwise|mutually|strictly|all|each|both|and|assumed|known"
    r"|positive|real|whole|natural|integers?|numbers?|values?|reals|entries|elements|members)\b",
    re.I,
)


def _appositive(after: str) -> str:
    r"""The properties an appositive says (``pairwise distinct`` of ", pairwise distinct, values"), else ``""``.

    Only when its words are properties and nothing else: ", non-negative weights \(w\)" is about w.
    """
    m = _APPOSITIVE.match(after)
    if m is None:
        return ""
    rest = m.group("words")
    for pattern, _ in _PROPERTY_WORDS:
        rest = pattern.sub(" ", rest)
    return m.group("words") if rest != m.group("words") and not _APPOSITIVE_FILLER.sub(" ", rest).strip() else ""


#: a denial of the properties right after it: "not (necessarily)", "need not be", "neither … nor"
_DENIAL = re.compile(r"\b(?:not|nor|neither|never|need not|needn't)\b", re.I)
#: the words between a denial and what it denies ("not assumed to be", "not even a"), or between two it denies
_DENIAL_FILLER = re.compile(r"(?:[\s(]|\b(?:necessarily|assumed|required|known|to|be|even|always|an?)\b)*", re.I)
#: what joins two properties one denial covers: "not symmetric or sorted", "neither sorted nor distinct"
_DENIAL_JOIN = re.compile(r"\s*(?:,|\bor\b|\bnor\b|\band\b)", re.I)


def _denied(text: str) -> list[tuple[int, int]]:
    """The stretches of ``text`` a denial covers: "symmetric (not necessarily positive definite)" denies the second.

    A denial reaches the properties right after it ("not symmetric or sorted"), no further: "a not
    necessarily positive definite symmetric matrix" is still symmetric.
    """
    out = []
    for cue in _DENIAL.finditer(text):
        end = pos = cue.end()
        while True:
            pos = _DENIAL_FILLER.match(text, pos).end()  # type: ignore[union-attr]
            said = next((m for m in (p.match(text, pos) for p, _ in _PROPERTY_WORDS) if m is not None), None)
            if said is None:
                break
            end = said.end()
            joined = _DENIAL_JOIN.match(text, end)
            if joined is None:
                break
            pos = joined.end()
        out.append((cue.start(), end))
    return out


#: each property as a precondition says it
class _Said(dict):
    """What each property says of a name; "multiple of k" for every k."""

    def __missing__(self, key: str) -> str:
        if key.startswith("multiple of "):
            return "{name} is a whole multiple of " + key.rpartition(" ")[2]
        raise KeyError(key)


SAID = _Said(
    {
        "positive definite": "{name} is positive definite",
        "positive semidefinite": "{name} is positive semidefinite",
        "independent columns": "{name} has linearly independent columns",
        "independent rows": "{name} has linearly independent rows",
        "full rank": "{name} has full rank",
        "invertible": "{name} is invertible",
        "no three collinear": "no three of {name} are collinear",
        "leading minors": "the leading principal submatrices of {name} are invertible",
        "symmetric": "{name} is symmetric",
        "orthogonal": "{name} is orthogonal",
        "nonzero": "{name} is not zero",
        "not constant": "the entries of {name} are not all equal",
        "nonzero each": "each row (each entry) of {name} is not zero",
        "nonzero diagonal": "the diagonal entries of {name} are not zero",
        "sorted": "{name} is sorted",
        "sorted down": "{name} is sorted in decreasing order",
        "upper triangular": "{name} is upper triangular",
        "lower triangular": "{name} is lower triangular",
        "distinct": "the entries of {name} are distinct",
        "non-negative": "{name} is non-negative",
        "positive": "the entries of {name} are positive",
        "positive value": "{name} is positive",
        "whole": "{name} is a whole number",
        "even": "{name} is even",
        "odd": "{name} is odd",
    }
)
