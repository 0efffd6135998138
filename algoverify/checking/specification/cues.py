r"""The detector of checkable sentences: what in a sentence of the prose states something a check could test.

Consumes one sentence as :attr:`~algoverify.reading.prose.Sentence.read` has it (code, links and
citations blanked, inline math kept); produces its *cues* (:func:`cues`): the words that state a
law or a property (always, never, cannot, converges, at most, unchanged, equals, the same … as,
is convex / monotone / non-negative, …), a comparison in words or in inline math (``\le``,
``= 0``, ``O(n \log n)``), and the numbers it states — not a year, a date, a section, figure
or equation number, a citation, a version or a name like GPT-2. A sentence that sets things up
(``Let n ≥ 1 …``, ``We use …``, an example) gives no cue for its numbers and relations, nor does a
value a bracket fixes (``(normalised to a_0 = 1)``) or a reference in brackets (``(SIAM Review 45, 2003)``).

It prefers missing a claim to flagging a sentence that claims nothing checkable; its precision
and recall are measured in ``tests/test_claims.py``. Regular expressions only: ``lint`` runs it.
"""

from __future__ import annotations

import re

from ...reading.prose import INLINE_MATH

__all__ = ["cues"]


#: properties a sentence may predicate of a function, a matrix, an output (``is convex``, ``are sorted``)
_ADJECTIVE = (
    r"(?:strictly\s+|weakly\s+|globally\s+|jointly\s+|piecewise\s+)?(?:convex|concave|monoton(?:e|ic|ically\s+\w+)|"
    r"non-?(?:de|in)creasing|(?:in|de)creasing|non-?negative|non-?positive|positive|negative|"
    r"(?:positive|negative)\s+(?:semi-?)?definite|symmetric|bounded|invariant|unique|orthogonal|orthonormal|"
    r"constant|finite|idempotent|stable|zero|lipschitz|normali[sz]ed|sorted|exact|unbiased|optimal|uniform|"
    r"linear|continuous|differentiable|deterministic)\b"
)
#: words that state a checkable property or law: (the words they start with, the pattern from there)
_WORDS: tuple[tuple[str, str], ...] = (
    ("always never can cannot can't", r"always\b|never\b|can ?not\b|can't\b"),
    ("no", r"no\s+(?:[\w-]+\s+){0,3}(?:can|could|will|ever)\b"),
    ("has have had", r"(?:has|have|had) no\b"),
    ("nothing", r"nothing\s+(?:[\w-]+\s+){0,4}?(?:depends|changes|can|will|affects)\b"),
    ("changes makes", r"changes nothing\b|makes no difference\b"),
    (
        "converge converges converged converging diverge diverges diverged diverging convergence divergence",
        r"(?:con|di)verg(?:es|ed|e|ing)\b|(?:con|di)vergence\s+(?:rate|to|of|in|within|after|is)\b",
    ),
    ("at", r"at (?:most|least)\b(?!\s+(?:to|as far as|in part|partly)\b)"),
    ("no", r"no (?:more|less|fewer|greater|larger|smaller) than\b"),
    (
        "more less fewer greater larger smaller higher lower bigger faster slower longer shorter closer better worse",
        r"\w+\s+(?:[\w-]+\s+){0,2}?than\b",
    ),
    ("exceed exceeds lie lies", r"exceeds?\b|lies? (?:between|within)\b"),
    ("unchanged untouched restore restores", r"unchanged\b|untouched\b|restores?\b"),
    ("does do did doesn't don't didn't", r"(?:does|do|did) ?(?:not|n't) (?:change|move|affect|alter|modify)\b"),
    ("stay stays remain remains gives gets", r"(?:stays?|remains?) the same\b|(?:gives|gets) back\b"),
    (
        "equal equals identical identically coincide coincides match matches",
        r"equals?\b(?!\s+(?:weight|size|part|share|footing|length|width|spacing|steps?)s?\b)"
        r"|equal to\b|identical(?:ly)?\b|coincides?\b"
        r"|match(?:es)?\s+(?:the|exactly)\b",
    ),
    ("the", r"the same\s+(?:[\w-]+\s+){0,2}?as\b(?!\s+in\b)"),
    ("exactly", r"exactly\s+(?:once|twice|\d|\\\(|\$|equal|zero|one|two|three|four|five|[a-z]\b)"),
    # "the output is exactly the input": an identity (never "exactly the shape Horner's rule wants")
    ("is are", r"(?:is|are)\s+exactly\s+the\s+(?:input|inputs|output|outputs|same|original|identity)\b"),
    ("once twice thrice #", r"(?:once|twice|thrice|\d+ times)\s+(?:per|each|every|for)\b"),
    ("times", r"(?:(?<=\\\)\s)|(?<=\$\s))times\b"),
    (
        "is are be been being remain remains stay stays become becomes isn't aren't",
        r"(?:is|are|be|been|being|remains?|stays?|becomes?|isn't|aren't)\s+(?:(?:not|also|still|then|therefore|"
        r"thus|hence|always|never|everywhere|a|an|approximately|exactly|necessarily)\s+)*" + _ADJECTIVE,
    ),
    (
        "strictly convex concave monotone monotonic",
        r"(?:strictly\s+)?(?:convex|concave|monoton(?:e|ic))\s+(?:in|on|function|along)\b",
    ),
    (
        "vanish vanishes vanishing bounded sum sums add adds reproduce reproduces",
        r"vanish(?:es|ing)?\b|bounded (?:by|above|below)\b|sums? to\b|adds? up to\b|reproduces?\b",
    ),
    ("halves halved doubles doubled by", r"halves\b|halved\b|doubles\b|doubled\b|by (?:half|a factor of)\b"),
    ("terminates halts stops", r"terminates\b|halts\b|stops (?:after|within|when|once|as soon as)\b"),
    ("returns computes prints outputs", r"(?:returns|computes|prints|outputs) (?:the|a|an|its|exactly|every|each)\b"),
    (
        "is",
        r"is (?:the|a) (?:sum|product|mean|average|maximum|minimum|square|square root|root|inverse|ratio"
        r"|difference|limit|fixed point) of\b",
    ),
    ("hold holds", r"holds? (?:after|for|at|whenever|when|on|throughout|true|everywhere|exactly)\b"),
    (
        "has have",
        r"(?:has|have) (?:unit|zero|full|real|non-?negative|positive|negative|bounded|finite|constant"
        r"|orthogonal)\s+\w+",
    ),
    ("without to up", r"without (?:error|loss|overflow|underflow)\b|to machine precision\b|up to rounding\b"),
    # "integrates, over \([t_n, t_{n+1}]\), …": over an interval is where, never a bound
    (
        "below above under over exceed exceeds reach reaches",
        r"(?!over\s+(?:\\\(|\$)\s*(?:\[|\(|\\\{|\\left|\\mathbb))\w+\s+(?:\\\(|\$|\d)",
    ),
    (
        "preserve preserves keep keeps flip flips",
        r"preserves?\b|keeps?\s+(?:[\w'’-]+\s+){0,3}?(?:below|above|under|within)\b"
        r"|flips? the sign\b",
    ),
    (
        "shrinks grows decays falls decreases increases",
        r"\w+\s+(?:like|at the rate|geometrically|linearly|monotonically)\b",
    ),
    ("constant linear quadratic cubic logarithmic polynomial exponential", r"\w+\s+time\b"),
    (
        "multiplications additions comparisons iterations passes steps calls swaps evaluations",
        r"(?:(?<=\\\)\s)|(?<=\$\s))\w+",
    ),
    ("depend depends independent does doesn't", r"depends? only on\b|independent of\b|does(?: not|n't) depend on\b"),
    # "the number of comparisons it makes is counted in \(c\)": where the listing keeps it, no value
    (
        "the",
        r"the number of\s+(?:[\w-]+\s+){1,4}?(?:is|equals|matches)\b(?!\s+(?:counted|stored|kept|recorded|tracked))",
    ),
    (
        "proportional scale scales",
        r"proportional to\b|scales? (?:linearly|quadratically|logarithmically|exponentially)\b",
    ),
    ("as", r"as\s+(?:\S+\s+){1,3}?(?:grows|increases|decreases|shrinks|goes to|tends to|approaches)\b"),
    ("for at regardless whatever", r"for (?:every|all|any)\b|at any\b|regardless of\b|whatever\b"),
)


def _by_first_word() -> dict[str, list[re.Pattern[str]]]:
    table: dict[str, list[re.Pattern[str]]] = {}
    for words, pattern in _WORDS:
        compiled = re.compile(pattern, re.I)
        for word in words.split():
            table.setdefault(word, []).append(compiled)
    return table


#: each word that may start a cue, and the patterns tried there: matching each word against a table
#: keeps the cost a sentence's words, where one expression of alternatives tried at every word did not
_CUES_AT = _by_first_word()
#: a word (with its apostrophes and hyphens) or a number, where a cue may start
_WORD = re.compile(r"(?<![\w\\])(?:[A-Za-z][\w'’-]*|\d+)")

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
      | (?:§|\b(?:sections?|sec\.|secs\.|chapters?|ch\.|figures?|figs?\.|tables?|tab\.|equations?|eqs?\.|eqns?\.
          |listings?|algorithms?|alg\.|programs?|prog\.|lines?|steps?|theorems?|thms?\.|lemmas?|lem\.|propositions?|props?\.
          |corollary|corollaries|cor\.|defn\.|eqn\.
          |definitions?|def\.|appendix|app\.|examples?|exercises?|problems?|parts?|notes?|pages?|pp?\.|refs?\.
          |references?|items?|versions?|v|python|issues?|pr|chapter|property|claim|rows?|columns?|cells?|volumes?|vol\.
          |questions?|number|no\.|lecture|lectures|slides?|sheet|homework|assignment|session|episode|module|unit
          |cases?|phases?|stages?|rules?|codes?|level|week|day|month|year|top|epoch))
        \s*\(?\s*\d+(?:\.\d+)*\)?(?:\s*(?:[-–,]|and|to|of)\s*\(?\d+(?:\.\d+)*\)?)*
      | (?<![\w)])\((?:\d{{1,3}}|[1-9]\d?\.\d{{1,3}})[a-z]?\)           # (3), (7.20): an equation or an enumeration
      | (?:\b(?:in|since|until|before|after|during|from|circa|by|of|year)\s+|\(|,\s*|et\ al\.?\s*|['’]s\s+)
        (?:1[5-9]|20)\d{{2}}\b(?!\s*%)
      | \b(?:1[5-9]|20)\d{{2}}\s*[-–]\s*(?:1[5-9]|20)?\d{{2}}\b
      | \b(?:1[5-9]|20)\d{{2}}\s+(?:paper|article|study|edition|survey|release|conference|workshop|book|report
          |review|preprint|lecture|course|talk|version|seminar|school|class|term|semester|meeting|symposium
          |competition|challenge|post|blog|note|article|talk|memorandum|memo|thesis|letter|patent|manuscript)s?\b
      | \b\d{{1,4}}\s*\(\d{{1,3}}\)\s*[,:]\s*(?:pp\.\s*)?\d+(?:\s*[-–]\s*\d+)?  # a volume(issue), pages or year
      | \b\d+(?:st|nd|rd|th)\b
      | \b\d+\.\d+\.\d+\b                                     # a version
      | (?-i:\b(?:[A-Z][a-z]*[A-Z]\w*|[A-Z]{{2,}}|Python|Julia|Hugo|Ubuntu|Windows))\s+\d+(?:\.\d+)*\b  # PEP 8
    """,
    re.X | re.I,
)
#: a reference in brackets that ends in its year: "(SIAM Review 45, 2003)", "(Smith, J. Comput. 7:12–30, 1971)"
_CITATION = re.compile(r"\((?=[^()]*[A-Z][a-z])[^()]*?,\s*(?:1[5-9]|20)\d{2}[a-z]?\)")
#: sentences that set things up rather than claim: their numbers and math relations are givens
_SETUP = re.compile(
    r"^(?:\W*)(?:let|suppose|assume|given|consider|fix|define|denote|write|writing|take|set|pick|choose)\b"
    r"|\b(?:example|examples|for instance|e\.g\.|thanks?|grateful|acknowledge)\b"
    r"|\bwe\s+(?:use|used|set|choose|chose|train|trained|pick|picked|take|took|fix|fixed|draw|drew|sample|sampled|"
    r"treat|restrict|focus|limit|"
    r"run|ran|initiali[sz]ed?|generate|generated|consider|assume|let|define|defined|denote|write|call|introduce)\b",
    re.I,
)


#: a count of passes a parameter sets: "for \(K\) iterations", "takes \(N\) steps" (where "in \(K\) iterations"
#: says how fast)
_RUN_FOR = re.compile(
    r"\b(?:for|takes|performs|does|runs)\s+(?:\\\(|\$)\s*\\?[A-Za-z]+(?:_\{?\w+\}?)?"
    r"(?P<bound>\s*(?:\\geq?|\\gt|>)\s*\d+)?\s*(?:\\\)|\$)\s+"
    r"(?P<noun>iterations|steps|passes|sweeps|epochs|rounds|cycles)\b",
    re.I,
)
#: "the iteration stops once …": the method's own rule, said of it as "we stop as soon as" says it of the reader
_IT_STOPS = (
    r"\b(?:it|the\s+(?:(?:outer|inner|main|overall|whole)\s+)?"
    r"(?:iteration|method|algorithm|loop|search|procedure|scheme|process|recursion))\s+"
    r"(?:stops|halts|terminates|ends|is\s+stopped)\b"
)
#: "We stop … after \(N\) passes": the method's own stopping rule, a count the reader sets, not one it claims
_WE_STOP = re.compile(r"\bwe\s+(?:stop|halt|terminate|end|quit|iterate|repeat|run|observe|measure|sample|draw)\b", re.I)
#: the condition of that rule, up to a consequence: "we stop as soon as the residual is at most \(\tau a\)"
_STOP_RULE = re.compile(
    rf"(?:\bwe\s+(?:stop|halt|terminate|end|quit|iterate|repeat|run)\b|{_IT_STOPS})[^;]*?"
    r"\b(?:when|whenever|as\s+soon\s+as|once|until|if)\b.*?(?=\b(?:then|hence|therefore|thus|so\s+that)\b|;|$)",
    re.I | re.S,
)
#: a clause that states an assumption inside a sentence, up to its end: "…, but we assume that G has no …"
_ASSUMED_CLAUSE = re.compile(
    r"\b(?:(?:we|I)\s+(?:will\s+)?(?:assume|suppose)\s+(?:that\s+)?|assumes\s+that\s+)[^;]*", re.I
)
#: a modal of possibility right before a word: "may be negative", "can be zero" (never "cannot")
_MAY = re.compile(r"\b(?:may|might|could|can)\s+(?:also\s+|well\s+)?$", re.I)
#: the count nouns of :data:`_WORDS`' counts (``\(n\) passes``)
_COUNTS = frozenset(
    "multiplications additions comparisons iterations passes steps calls swaps evaluations times".split()
)
_ASSUMED = re.compile(r"(?:be|is|are)\s", re.I)
#: a sentence that only states hypotheses: what it says is given, never claimed ("Let …", "We assume …")
_HYPOTHESIS = re.compile(
    # "For \(0 \le j \le i \le n\) write \(Q_{i,j}\) for …": the range a definition is made over comes first
    r"^\W*(?:for\s+(?:each\s+|every\s+|all\s+)?\\\(.{1,80}?\\\)\s*,?\s*)?"
    r"(?:let|suppose|assume|consider|we\s+(?:will\s+)?assume|we\s+(?:apply|test|try)\s+(?:it|them|this|these|the)\b"
    r"|(?:we\s+)?write\s+\\\(|(?:we\s+)?write\s+the\s+[^.;]{1,60}?\s+as\b|(?:we\s+)?denote\s+by)\b"
    r"|^\W*where\s+[^.;]{1,60}?\bis\s+(?:taken|defined|set)\s+to\s+be\b"
    # "where \(f : \mathbb{R} \times \mathbb{R} \to \mathbb{R}\) is continuous": what a display's names are
    r"|^\W*where\s+\\\([^.;]{1,120}?\\\)\s+(?:is|are)\s+(?!at\s+(?:most|least)\b)",
    re.I,
)
#: a sentence that names what it describes: "a step equal to the reciprocal of …, which we call \\(\\eta\\)"
_NAMING = re.compile(r"\b(?:which|that)\s+we\s+(?:call|denote|write\s+as|name)\b", re.I)
#: what makes a hypothesis sentence go on to claim something: "Let A be SPD; then CG converges …"
_CONSEQUENCE = re.compile(
    r"\b(?:then|hence|therefore|thus|so that|it follows|one (?:finds|has|gets)"
    r"|which (?:means|shows|gives|holds|is|are))\b|;",
    re.I,
)
#: one name against a constant or in a set: ``p > 0``, ``0 < \rho < 1``, ``\rho \in (0, 1)``, ``k \ge 1``
_NAME = r"(?:\\?[A-Za-z]+(?:_\{?[A-Za-z0-9]+\}?)?)"
_CONST = r"(?:-?\s*\d+(?:\.\d+)?(?:\s*\\times\s*10\^\{?-?\d+\}?)?|10\^\{?-?\d+\}?|\\frac\{\d+\}\{\d+\})"
_REL = r"\s*(?:\\(?:leq?|geq?|lt|gt|neq?)(?![A-Za-z])|[<>])\s*"
#: an indefinite noun phrase right before a math: "a small \(\epsilon > 0\)", "a tolerance \(\tau > 0\)"
_INTRODUCED = re.compile(r"\b(?:a|an)\s+(?:[\w-]+\s+){0,2}$", re.I)
_CONSTRAINT = re.compile(
    rf"(?:{_CONST}{_REL})?{_NAME}{_REL}{_CONST}|{_CONST}{_REL}{_NAME}"
    rf"|{_NAME}\s*\\in\s*(?:\\left)?[(\[]\s*{_CONST}\s*,\s*(?:{_CONST}|\\infty)\s*(?:\\right)?[)\]]"
)


def cues(text: str) -> list[str]:
    """What in ``text`` (a sentence as :attr:`~algoverify.reading.prose.Sentence.read`) states something checkable.

    Empty when nothing does. Each cue is the words that state it (``always``, ``is a convex``,
    ``larger than``), a number (``800``) or a piece of inline math with a relation (``T \\geq 1``).
    """
    if (_HYPOTHESIS.search(text) or _NAMING.search(text)) and not _CONSEQUENCE.search(text):
        return []  # "We assume the x_i are not all equal", "Let S_n be partial sums of a converging series"
    rule = _STOP_RULE.search(text)
    if rule is not None:
        # "we stop as soon as the residual is at most τa": the listing's own test, which it follows by
        # construction; what the sentence says around it (", then the error is below …") may claim
        text = text[: rule.start()] + " " * (rule.end() - rule.start()) + text[rule.end() :]
    assumed = _ASSUMED_CLAUSE.search(text)
    if assumed is not None:  # "…, but we assume that G has no negative cycle": the clause is given, not claimed
        text = text[: assumed.start()] + " " * (assumed.end() - assumed.start()) + text[assumed.end() :]
    found: list[str] = []
    for word in _WORD.finditer(text):
        key = "#" if word.group()[0].isdigit() else word.group().lower()
        if key not in ("never", "always", "not") and _MAY.search(text, max(0, word.start() - 16), word.start()):
            continue  # "weights may be negative": what is allowed, never what is claimed
        for pattern in _CUES_AT.get(key, ()):
            m = pattern.match(text, word.start())
            if m is not None:
                words = " ".join(m.group().split())
                if words not in found:
                    found.append(words)
    for m in _RUN_FOR.finditer(text):  # "the method is run for \(K\) iterations": how long it runs, given
        if m.group("noun").lower() in found:
            found.remove(m.group("noun").lower())
        if m.group("bound"):  # "takes \(N \ge 1\) steps": the count's own bound, given with it
            text = text[: m.start()] + " " * (m.end() - m.start()) + text[m.end() :]
    if _WE_STOP.search(text):  # "We stop when … or after \(N\) passes": the rule the listing follows
        found = [c for c in found if c.lower() not in _COUNTS]
    setup = _SETUP.search(text) is not None
    if setup:  # "Let A be symmetric": an assumption, not a property the prose claims of a result
        found = [c for c in found if not _ASSUMED.match(c)]
    maths = [(m.span(), _math_body(m.group())) for m in INLINE_MATH.finditer(text)]
    if not setup:
        # "a match earns p > 0, a mismatch costs q > 0": constraints on named parameters, and
        # nothing else said of them, set things up (as `Let p > 0` does)
        bounds = [(span, latex) for span, latex in maths if _math_cues(latex)]
        given = all(_CONSTRAINT.fullmatch(" ".join(b.split())) for _, b in bounds) and (
            len(bounds) > 1 or (bounds and _INTRODUCED.search(text, 0, bounds[0][0][0]) is not None)
        )
        if found or not bounds or not given:
            bare = _blank_math(text, [span for span, _ in maths])  # \( and \) are no brackets of the words
            defining = _defining_clauses(bare)
            for k, (span, latex) in enumerate(maths):
                if any(a <= span[0] and span[1] <= b and cue.search(bare, a, span[0]) for a, b, cue in defining):
                    continue  # "(i, j) with i < j and A[i] > A[j] is an *inversion*": what the term means
                ranged = _ranges_an_identity(bare, span, maths[k + 1] if k + 1 < len(maths) else None)
                if not _aside(bare, span, latex) and (ranged or not _qualifier(bare, span, latex)):
                    found.extend(c for c in _math_cues(latex) if c not in found)
        words = _CITATION.sub(lambda m: " " * len(m.group()), _blank_math(text, [span for span, _ in maths]))
        for m in _NUMBER.finditer(words):
            if not _names(words, m) and m.group() not in found:
                found.append(m.group())
    return found


#: the words of a bracket before a math that fixes a value: "(\(a_0 = 1\))", "(the leading one normalised to …"
_ASIDE_BEFORE = re.compile(
    r"\((?:[^()]*?\b(?:normali[sz]ed|scaled|set|fixed|chosen|taken|assumed|by convention|i\.e\.|with|where"
    r"|typically|usually|often|commonly|say|e\.g\.)"
    r"(?:\s+(?:to|at|as|so\s+that))?)?(?:[\s,;]|\band\b)*$",  # "(with a_0 = 1 and b_0 = 2)": each of a list
    re.I,
)


#: a term a clause defines, after the conditions that define it: "… is an *inversion*", "… is called …"
_DEFINES = re.compile(
    r"\b(?:is|are)\s+(?:called\s+|said\s+to\s+be\s+|known\s+as\s+)?(?:an?\s+|the\s+)?"
    r"(?:\*{1,2}|_)\w[^*_]{0,40}(?:\*{1,2}|_)|\b(?:is|are)\s+called\b",
    re.I,
)
#: the words before a condition of a definition: "a pair (i, j) with …", "a vertex such that … and …"
_DEFINING_BEFORE = re.compile(r"\b(?:with|such\s+that|where|satisfying|for\s+which)\s+(?:(?:and|,)\s*)*$", re.I)
#: … and after the term it defines: "is *increasing* when …", "is called stable if …"
_DEFINING_AFTER = re.compile(r"\b(?:when|whenever|if|iff|if\s+and\s+only\s+if)\s+(?:(?:and|,)\s*)*$", re.I)


def _defining_clauses(text: str) -> list[tuple[int, int, re.Pattern[str]]]:
    """Where the conditions of a term a clause (between semicolons) defines may be, and the words that lead them.

    Before the term, after "with" or "such that" (``(i, j) with i < j … is an *inversion*``); after
    it, after "when" or "if" (``is *increasing* when a_{i_1} < … < a_{i_k}``).
    """
    out, start = [], 0
    for end in [m.start() for m in re.finditer(";", text)] + [len(text)]:
        defined = _DEFINES.search(text, start, end)
        if defined is not None:
            out += [(start, defined.start(), _DEFINING_BEFORE), (defined.end(), end, _DEFINING_AFTER)]
        start = end + 1
    return out


def _aside(text: str, span: tuple[int, int], latex: str) -> bool:
    r"""Whether the math is a value fixed in a bracket, as a convention is (``(a_0 = 1)``): no claim.

    Only an equality to a number: a bound in a bracket (``(so r \le \tau)``) still states something.
    """
    if _RELATION.search(latex) or _ORDER.search(latex) or "=" not in latex:
        return False
    if _STARTED_FROM.search(text, 0, span[0]) is not None:
        return True  # "(the recursion,) started from \(m_0 = 0\)": where it starts, given
    if _WITH_WHERE.search(text, 0, span[0]) is not None and _TO_A_NUMBER.fullmatch(" ".join(latex.split())):
        return True  # "…, with \(\lVert v \rVert = 1\)", "where \(\operatorname{sign}(0) = 1\)": a choice made
    return _ASIDE_BEFORE.search(text, 0, span[0]) is not None and re.match(r"[^()]*\)", text[span[1] :]) is not None


#: "with" or "where" opening a clause (after a comma, or where a display cut the sentence): what follows is chosen
_WITH_WHERE = re.compile(r"(?:^|[,;(])\s*(?:with|where)\s+$", re.I)
#: an equation whose right side is a number: ``\lVert v \rVert = 1``, ``\operatorname{sign}(0) = 1``
_TO_A_NUMBER = re.compile(rf"[^=<>]+=\s*{_CONST}\s*")
#: the words before the value a recursion or an iteration starts from: "started from", "initialised to"
_STARTED_FROM = re.compile(
    r"\b(?:start(?:ed|ing|s)?|begin(?:ning|s)?|initiali[sz]ed|seeded)\s+(?:from|at|with|to|by)\s*$", re.I
)


#: the words before a math that make it a clause's hypothesis: "For \(\lambda > 0\) and \(\alpha \in [0, 1]\) …"
_QUALIFIER_BEFORE = re.compile(r"\b(?:for|with|where|given)\s+(?:[\w-]+\s+){0,3}?(?:(?:and|,)\s*)*$", re.I)

#: a range of indices from a first one: ``0 \le k < M``, ``1 \le i \le j \le n``, ``i - 1 \le j \le n``; not
#: ``d > n`` or ``p \le q``, which relate two parameters ("for \(d > n\) the dual form is cheaper")
_TERM = r"(?:[A-Za-z](?:\s*[+-]\s*\d+)?|\d+)"
_INDEX_RANGE = re.compile(rf"\d+(?:{_REL}{_TERM})+|{_TERM}(?:{_REL}{_TERM}){{2,}}")


def _qualifier(text: str, span: tuple[int, int], latex: str) -> bool:
    """Whether the math is a bound on a parameter after "for", "with" (``with \\(h > 0\\)``): assumed, not claimed.

    Also each of a list joined by "and" after one (``For \\(\\lambda > 0\\) and \\(\\alpha \\in [0, 1]\\)``);
    ``text`` has its math blanked, so the list's first bound is spaces before the "and".
    """
    flat = " ".join(latex.split())
    return (_CONSTRAINT.fullmatch(flat) is not None or _INDEX_RANGE.fullmatch(flat) is not None) and (
        _QUALIFIER_BEFORE.search(text, 0, span[0]) is not None
    )


def _ranges_an_identity(text: str, span: tuple[int, int], following: tuple[tuple[int, int], str] | None) -> bool:
    r"""Whether the math is the range of an equation right after it: "for \(1 \le k \le n\), \(k e_k = …\)".

    Such a range quantifies a claim (Newton's identities), where "with \(1 \le i \le j \le n\)" only says
    which indices a definition speaks of.
    """
    return (
        following is not None
        and re.fullmatch(r"\s*,\s*", text[span[1] : following[0][0]]) is not None
        and re.search(r"(?<![<>\\])=", following[1]) is not None
    )


def _names(words: str, number: re.Match[str]) -> bool:
    """Whether the number is part of a date, a reference, a version or a name (:data:`_NOT_A_QUANTITY`).

    Only the words around it are searched: the table's alternatives are many, a sentence long.
    """
    lo = max(0, number.start() - 40)
    for m in _NOT_A_QUANTITY.finditer(words, lo, min(len(words), number.end() + 30)):
        if m.start() <= number.start() < m.end():
            return True
    return False


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
