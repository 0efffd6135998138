r"""The words the prose reader takes as cues: "let … be", "with entries", "if", "stored as the rows of".

:mod:`.prose_symbols` reads a sentence as words and pieces of math; these patterns are what it asks
of the words around each piece. They match words, never math, and say nothing of the note alone.
"""

from __future__ import annotations

import re

from .prose_ranges import COUNT_NOUNS as _COUNT_NOUNS

__all__ = [
    "_AND_COLUMNS",
    "_ASSUMES",
    "_AS_PARTS",
    "_BE_AFTER",
    "_BOUNDS",
    "_CASE",
    "_CELLS",
    "_CITED",
    "_ARGUED",
    "_COLUMNS_AFTER",
    "_CONDITIONAL",
    "_CONDITION_AFTER",
    "_COUNTED",
    "_DIAGONAL_PARTS",
    "_FOR_CLAUSE",
    "_HAS",
    "_INTRODUCED",
    "_IS",
    "_IS_BEFORE_SHAPE",
    "_JOINED",
    "_KIND_AFTER",
    "_KIND_BEFORE",
    "_KIND_NOUNS",
    "_LET_BE",
    "_LET_CLAUSE",
    "_WHERE_CLAUSE",
    "_MATRIX_NOUN",
    "_MATRIX_OF",
    "_NAMED_NEXT",
    "_NOUNS_OF",
    "_NOUN_AFTER_DIMS",
    "_OF_END",
    "_OF_LENGTH",
    "_OF_THINGS",
    "_OF_TIMES",
    "_PARTS_OF",
    "_PLURAL_BE",
    "_PRONOUN_HAS",
    "_QUALIFIER",
    "_QUANTIFIED",
    "_RESPECT",
    "_SHAPE_NOUN",
    "_STEPS",
    "_STORED_AS",
    "_STORE_VERB",
    "_AS_A",
    "_STORED_AS_PARTS",
    "_STORED_AS_PARTS_OF",
    "_THE_N",
    "_WITH_PARTS",
]


_FOR_CLAUSE = re.compile(r"^(?:for|for all|for every|for each)\b(?![^,;]*[,;])", re.I)
_QUALIFIER = re.compile(r"\b(?:for|for all|for every|for each|for any|provided|as long as)$", re.I)
#: "Evaluated at a node, t = x_k, …", "setting x = 0": an equation naming a case, not a definition
_CASE = re.compile(r"\b(?:at|setting|substituting|putting|taking)(?: [\w-]+){0,3},?$", re.I)
#: the words between two maths of one clause: "x = 1 and y = 2", "a = 1, b = 2"
_JOINED = re.compile(r"^(?:,|and|, and)?$", re.I)
#: an indefinite noun phrase right before a math: "a tolerance \(\tau > 0\)", "a fixed number \(K \ge 1\)"
_INTRODUCED = re.compile(r"\b(?:a|an)\s+(?:[\w-]+\s+){0,2}[\w-]+$", re.I)
#: the variable a derivative is taken in: the shape said after it is the derivative's
_RESPECT = re.compile(r"\b(?:with\s+respect\s+to|w\.r\.t\.)$", re.I)
_CONDITIONAL = re.compile(r"\b(?:if|when|whenever|unless|once|until|while|otherwise|whether)\b", re.I)
#: an entrywise bound a matrix's entries are written with: ``c_{uv} \ge 0``, ``0 \le p_{ij} \le 1``; never a
#: strict one, which a graph's weights state of its edges (Prim's ``w_{ij} > 0`` beside a zero diagonal)
_BOUNDS = frozenset({"<=", ">="})
#: the words that open a clause of its own right before a math: "…, and let \(s \ne t\) …"
_LET_CLAUSE = re.compile(r"(?:^|[,;]\s*|\band\s+)let$", re.I)
#: "…, where \(g > 0\) is the gap penalty": a clause that says what a symbol is, whatever an "if" before it qualified
_WHERE_CLAUSE = re.compile(r"(?:^|,\s*)where$", re.I)
#: "Havel and Hakimi showed that a sequence with d_1 ≥ 1 is graphic iff …": the theorem's hypothesis, not the note's
_CITED = re.compile(r"\b(?:show|prove|state)(?:s|d|ed|n)?\s+that\b", re.I)
#: "Since \(p(z) = \prod_j (z - \zeta_j)\) for its roots, …": a fact the argument uses, not what p is
_ARGUED = re.compile(r"(?:^|[,;.]\s*|\b)(?:since|because)$", re.I)
#: the words after a relation that make it one case: "p(j) = 0 if no request is disjoint from j"
_CONDITION_AFTER = re.compile(
    # "b_{ij} = 1 exactly when (i, j) ∈ E", "… if and only if …": a case said with its qualifier
    r"^(?:(?:exactly|precisely|just|only)\s+(?:when|if)|if\s+and\s+only\s+if|iff|if|when|whenever|unless|provided|"
    r"otherwise|except|in case)\b",
    re.I,
)
# the words between two maths are whitespace-collapsed and stripped: patterns match them whole
# "x has", "W of edge weights has", "a with exactly": the verb ends the words between the name and the size
_HAS = re.compile(
    r"^(?:(?!(?:if|when|and|or)\b)[\w-]+ ){0,4}?(?:has|have|holds?|contains?|consists of|is made of|with|of)"
    r"(?: exactly)?$",
    re.I,
)
_COUNTED = re.compile(rf"^(?:(?P<rows>rows)|(?P<cols>columns|cols)|(?:{_COUNT_NOUNS}))\b", re.I)
_AND_COLUMNS = re.compile(r"^rows and$", re.I)
_COLUMNS_AFTER = re.compile(r"^columns\b", re.I)
#: "x of length n", "x, a vector of size n"; never "N steps of size h" (a count of things, each of size h)
#: what an array of "d × w" holds: "count of d × w counters" (cells, entries, numbers …)
_CELLS = re.compile(r"^(?:counters|cells|entries|elements|numbers|values|bins|slots|zeros|bits)\b", re.I)
_OF_LENGTH = re.compile(
    r"^(?:(?:is|be) )?(?:(?:a|an|the) )?(?!(?:steps?|iterations?|intervals?|subintervals?|panels?|pieces?|"
    r"blocks?|stages?|cells?|bins?|batches?|times?)\b)(?:[\w-]+ ){0,2}?"
    r"(?:of|with) (?:length|size|dimension|dimensions)$"
    r"|^(?:(?:is|be) )?(?:(?:a|an|the) )?(?:[\w-]+ ){0,2}?matri(?:x|ces) of order$",  # "a square matrix of order n"
    re.I,
)
#: the noun of "a square matrix of size n": one size of a matrix is both of its sides
_MATRIX_OF = re.compile(r"\bmatri(?:x|ces) (?:of|with) ", re.I)
#: "N steps", "K iterations of length h": a count of things, and what each measures
_STEPS = re.compile(
    r"^(?:time )?(?:steps?|iterations?|intervals?|subintervals?|panels?|stages?|sweeps?|passes)"
    r"(?P<of> (?:of|with) (?:(?:step )?size|length|width))?$",
    re.I,
)
#: "A is an", "A, an" (an apposition): what stands between a name and its shape
_IS = re.compile(r"^(?:(?:is|be|are)(?: (?:a|an|the))?|, (?:a|an|the))$", re.I)
#: the same before a shape and its noun, with the adjectives a paper puts first ("A be an invertible
#: n × n matrix") or no verb at all ("… and b an n-vector", the "be" said once for both)
_IS_BEFORE_SHAPE = re.compile(
    # "F is the n × n transition matrix, H the m × n observation matrix": the verb said once for both
    # "g, stored as an (m + 1) × σ array", "g is kept as a …": the shape it is stored in is its shape
    r"^(?:(?:(?:is|be|are)(?: (?:a|an|the))?|, (?:a|an|the)|an?|the"
    r"|,? ?(?:(?:is|are|be) )?(?:stored|kept|represented|encoded|held) as (?:a|an|the))"
    r"(?: (?!(?:and|or|but|with|without|of|in|on|for|to|by|from|the|a|an|is|are|be|whose|which|that|where|"
    r"as|has|have|if|when|its|their)\b)[\w-]+){0,3}|(?:is|be|are))$",
    re.I,
)
#: "We store \(g\) as an …": the verb before the name, whose "as" then says the name's shape
_STORE_VERB = re.compile(r"\b(?:store|represent|encode|keep|hold)s?\s*$", re.I)
_AS_A = re.compile(r"^as (?:a|an|the)$", re.I)
#: what may stand between the noun and its name: nothing, or what it holds ("a k × k table of counts N")
_NAMED_NEXT = re.compile(r"\s*(?:of (?:counts|weights|costs|distances|numbers|integers|reals|frequencies|pixels)\s*)?")
_NOUN_AFTER_DIMS = re.compile(
    r"^(?:- ?)?(?:dimensional )?(?:(?:real|integer|symmetric|square|positive definite|non-?negative|"
    r"adjacency|weight|distance|cost|capacity|transition|incidence|design|data|covariance|gram|kernel|"
    r"stiffness|rotation|permutation|orthogonal|diagonal|tridiagonal|triangular|upper|lower|sparse|dense|"
    r"input|feature|probability|stochastic|hessian|jacobian|coefficient|system|digital|grey-?scale|gray-?scale|"
    r"binary|colou?r|intensity) )*"
    # "an n × n strictly diagonally dominant matrix": adjectives no list foresees, never a clause's words
    r"(?:(?!(?:and|or|but|with|without|of|in|on|for|to|by|from|the|a|an|is|are|be|whose|which|that|where|"
    r"as|has|have|if|when|its|their)\b)[\w-]+ ){0,4}?"
    r"(?P<noun>matrix|matrices|vector|vectors|array|arrays|list|lists|table|grid|image|images|picture)\b",
    re.I,
)
_THE_N = re.compile(r"(?:^|\b)(?:the|its|all)$", re.I)
_NOUNS_OF = re.compile(rf"^(?:(?P<rows>rows)|(?P<cols>columns)|(?:{_COUNT_NOUNS})) (?:of|in)$", re.I)
#: the words before the shape a name is given as: "stored as an", "represented as a"
_STORED_AS = re.compile(r"\b(?:stored|given|represented|kept|held|encoded) as an?$", re.I)
#: "x_1, …, x_T ∈ ℝⁿ, stored as the rows of X": the family is the matrix's rows (or columns)
_STORED_AS_PARTS_OF = re.compile(r"\b(?:stored|given|kept|held) as the (?P<part>rows|columns) of an?$", re.I)
#: "V … hold the c centres as rows v_1, …": the family after is the subject's rows (or columns)
_AS_PARTS = re.compile(r"\bas (?:its |the )?(?P<part>rows|columns)$", re.I)
#: the noun between a shape and the matrix's name: "an \(n \times d\) matrix \(X\)"
_MATRIX_NOUN = re.compile(r"^(?:[\w-]+ ){0,2}matrix$", re.I)
_STORED_AS_PARTS = re.compile(r"\b(?:stored|given|kept|held) as the (?P<part>rows|columns) of$", re.I)
_PRONOUN_HAS = re.compile(
    r"\b(?:it|which|that|this matrix|this vector|the matrix|the vector) (?:has|have|holds|contains)$", re.I
)
_KIND_AFTER = re.compile(
    r"^(?:be|is|denotes?)(?: (?:a|an|the))?(?: [\w-]+){0,3}? (?P<noun>matrix|vector|array|list|sequence|integer|number|"
    r"scalar|graph|set|function)\b",
    re.I,
)
_OF_END = re.compile(r"\bof$", re.I)
_WITH_PARTS = re.compile(
    r"\b(?:with|whose|having|has|have|and)(?: [\w-]+){0,3}? (?P<part>entries|elements|columns|rows)(?: are)?$", re.I
)
#: "with diagonal entries", "and off-diagonal entries": a band of a matrix, a vector of its own (a_1, …, a_n)
_DIAGONAL_PARTS = re.compile(r"\b(?:(?:sub|super|off|main)-?)?diagonal (?:entries|elements)(?: are)?$", re.I)
_KIND_NOUNS = {
    "matrix": "matrix",
    "vector": "vector",
    "array": "vector",
    "list": "vector",
    "sequence": "vector",
    "tuple": "vector",
    "string": "vector",
    "integer": "integer",
    "number": "number",
    "scalar": "number",
    "constant": "number",
    "tolerance": "number",
    "threshold": "number",
    "rate": "number",
    "step": "number",
    "parameter": "value",
    "graph": "value",
    "set": "value",
    "function": "value",
    "value": "value",
    "point": "value",  # a point t on the line, or a point of ℝ^d: the membership says which
}
_KIND_BEFORE = re.compile(r"(?:^|\b)(?P<noun>" + "|".join(_KIND_NOUNS) + r")(?: size)?$", re.I)
_LET_BE = re.compile(r"(?:^|\b)(?:let|where|and)$", re.I)
#: "… be the rows of", "are the columns of", "denote the rows of": the family before is a part of the name after
_PARTS_OF = re.compile(
    r"^(?:(?:to )?be|are|is|being|denotes?|form|forms|give|gives)(?: respectively)? the (?P<part>rows|columns) of$",
    re.I,
)
#: what a plural subject is said to be: "… be two samples of distinct numbers", "… are sorted"
_PLURAL_BE = re.compile(r"^(?:be|are|both be|are both)\b", re.I)
#: the noun right after a shape ("an \(m \times n\) symmetric matrix of full column rank"): the shape and
#: the words after it describe the name before the shape
_SHAPE_NOUN = re.compile(
    r"^\s*-?\s*(?P<noun>(?:[\w-]+\s+){0,3}?(?:real\s+)?(?:matri(?:x|ces)|vectors?|arrays?))\b(?P<rest>.*)$",
    re.I | re.S,
)
#: the words of a sentence that say it assumes what its math states: "let … such that", "suppose", "with"
_ASSUMES = re.compile(r"\b(?:let|such that|with|where|assume|assuming|suppose|given|we require)\b", re.I)
#: "… for all z": a statement about every z, which no value a run is given can test
_QUANTIFIED = re.compile(r"^(?:for (?:all|every|each|any)|holds for)\b", re.I)
#: what "a number K … of" counts when it counts repetitions: "a fixed number K of times", "of iterations"
_OF_TIMES = re.compile(
    r"^of (?:times|steps|iterations|passes|sweeps|rounds|repetitions|trials|halvings|bisections)\b", re.I
)
#: "n be an even number of subintervals": a number of things counted, a whole number
_OF_THINGS = re.compile(
    r"^\s*of\s+(?:subintervals|intervals|panels|pieces|points|nodes|terms|samples|bins|cells|elements|entries|"
    r"items|steps|iterations|passes|rounds|trials|digits|bits|rows|columns|blocks|stages|particles|agents)\b",
    re.I,
)
_BE_AFTER = re.compile(r"^(?:be|is|denotes?|denoting|stands? for)\b", re.I)
