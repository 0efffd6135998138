r"""A condition written half in words, read as the math it states.

``\If{$t_{j+i} = s_i$ for $i = 1, \dots, m$}`` is how papers say "for every i": the clause after
*for* ranges the statement before it, as ``\forall i \in \{1, \dots, m\} : t_{j+i} = s_i`` would;
"for some \(i\)" is ``\exists``, and a variable given without its range (``$d_i < 0$ for some
$i$``) runs over the indices of what the statement indexes by it.
Clauses joined by *and* (``\textbf{and}``, ``\land``) or by *or* are each read so; a condition that
mixes the two, or whose words are anything else, has no reading here (an English condition still
needs a binding, ``AV304``). Nothing here imports NumPy: the name checks read the same tree the
interpreter runs.
"""

from __future__ import annotations

import numbers
import re
from typing import Any, Callable

from ..findings import LocatedError
from ..math import mathexpr as M
from ..math.mathlists import quantified_over
from ..source import Span
from ..syntax import ir

__all__ = [
    "SAID_TESTS",
    "maths_between",
    "solve_of",
    "swap_of",
    "swaps_of",
    "witness_of",
    "each_member",
    "for_each_parts",
    "forall_filter",
    "neighbours_of",
    "loop_variable",
    "said_all",
    "said_of",
    "unread_order",
    "unread_restriction",
    "worded_condition",
]

#: the words that join two clauses of a condition
_JOIN = re.compile(
    r"^(?:\\textbf\{(and|or)\}|\\(?:text|textrm|mathrm)\{(and|or)\}|\\(land|lor|wedge|vee)\b|(and|or))$", re.I
)
#: the words between a statement and the range it holds over: for every value, or for one at least
_FOR = re.compile(r"^(?:for|for all|for every|for each|for any)$", re.I)
_FOR_SOME = re.compile(r"^(?:for some|for at least one)$", re.I)
_OPS = {"land": "and", "wedge": "and", "lor": "or", "vee": "or"}


def _words(text: str) -> str:
    return " ".join(text.split()).rstrip(",")


def worded_condition(text: ir.Text, parse: Callable[[ir.Math], M.MathNode]) -> M.MathNode | None:
    """The math tree of a condition like "P for i = 1, …, m" (with "and"/"or" between clauses), or ``None``."""
    parts = [p if isinstance(p, ir.Math) else _words(p) for p in text.parts]
    parts = [p for p in parts if p != ""]
    witnessed = _there_is(parts, parse)
    if witnessed is not None:
        return witnessed
    clauses: list[list[ir.Math | str]] = [[]]
    joins: set[str] = set()
    for p in parts:
        m = _JOIN.match(p) if isinstance(p, str) else None
        if m is not None:
            word = next(g for g in m.groups() if g).lower()
            joins.add(_OPS.get(word, word))
            clauses.append([])
        else:
            clauses[-1].append(p)
    if len(joins) > 1 or any(not c for c in clauses):
        return None
    try:
        trees = [_clause(c, parse) for c in clauses]
    except LocatedError:
        return None  # the math is reported where it is written
    if any(t is None for t in trees) or not any(len(c) == 3 for c in clauses):
        return None  # only "for" is new here: plain math and said tests have readings of their own
    if len(trees) == 1:
        return trees[0]
    span = Span(trees[0].span.start, trees[-1].span.end)  # type: ignore[union-attr]
    return M.Logic(joins.pop(), tuple(trees), span=span)  # type: ignore[arg-type]


#: "there is an \(i\) with …": the name after it is a witness of what follows
_THERE_IS = re.compile(r"^(?:there (?:is|exists) (?:an?|some)|some)$", re.I)


def _there_is(parts: list[ir.Math | str], parse: Callable[[ir.Math], M.MathNode]) -> M.MathNode | None:
    """``there is an i with P and Q`` (Silberschatz's safety test): ``\\exists i : P \\land Q``, else ``None``."""
    if len(parts) < 4 or not (isinstance(parts[0], str) and _THERE_IS.match(parts[0])):
        return None
    var, word, rest = parts[1], parts[2], parts[3:]
    if not (isinstance(var, ir.Math) and isinstance(word, str) and _RESTRICTS.match(word)):
        return None
    maths = rest[0::2]
    joins = {
        next(g for g in m.groups() if g).lower()
        for j in rest[1::2]
        if isinstance(j, str)
        for m in [_JOIN.match(j)]
        if m
    }
    if not all(isinstance(m, ir.Math) for m in maths) or len(joins) != (1 if len(maths) > 1 else 0):
        return None
    if len(rest[1::2]) != len(maths) - 1 or any(not (isinstance(j, str) and _JOIN.match(j)) for j in rest[1::2]):
        return None
    try:
        name, trees = parse(var), [parse(m) for m in maths]  # type: ignore[arg-type]
    except LocatedError:
        return None
    if not isinstance(name, M.Sym):
        return None
    if len(trees) == 1:
        body = trees[0]
    else:
        word = joins.pop()
        body = M.Logic(_OPS.get(word, word), tuple(trees), span=Span(trees[0].span.start, trees[-1].span.end))
    return M.Quant("exists", name, body, span=Span(name.span.start, body.span.end))


def witness_of(tree: M.MathNode | None) -> str | None:
    """The name a worded existential binds for the statements it guards ("if \\(a_j = x\\) for some \\(j\\)")."""
    if isinstance(tree, M.Quant) and tree.kind == "exists" and isinstance(tree.var, (M.Sym, M.In)):
        var = tree.var.element if isinstance(tree.var, M.In) else tree.var
        return var.name if isinstance(var, M.Sym) and not var.accents and not var.font else None
    return None


def _clause(clause: list[ir.Math | str], parse: Callable[[ir.Math], M.MathNode]) -> M.MathNode | None:
    if len(clause) == 1 and isinstance(clause[0], ir.Math):
        return parse(clause[0])
    if len(clause) != 3:
        return None
    statement, word, over = clause
    if not (isinstance(statement, ir.Math) and isinstance(word, str) and isinstance(over, ir.Math)):
        return None
    kind = "forall" if _FOR.match(word) else "exists" if _FOR_SOME.match(word) else None
    if kind is None:
        return None
    var = quantified_over(parse(over))
    if not isinstance(var, (M.In, M.Sym)):
        return None
    # "for some i" with no range: i runs over the indices of what the statement indexes by i
    body = parse(statement)
    return M.Quant(kind, var, body, span=Span(body.span.start, var.span.end))


#: the words between a \ForAll's set and the condition that restricts it ("u ∈ R with a_uv = 1")
_RESTRICT_WORDS = r"with|where|such that|satisfying|for which|whose|so that"
_RESTRICTS = re.compile(rf"^(?:{_RESTRICT_WORDS})$", re.I)
#: the same words after the set's math in the source, before more math (``\) with \(a_{uv} = 1``)
_RESTRICTED = re.compile(rf"^[\s$)\\]*\b({_RESTRICT_WORDS})\b.*(?:\\\(|\$)", re.S | re.I)


def forall_filter(node: ir.ForAll) -> ir.Math | None:
    r"""The condition a ``\ForAll`` header adds to its set in words: ``a_{uv} = 1`` of ``u \in R`` with ``a_{uv} = 1``.

    Only the plain form (the set, a restricting word, one math) is read; ``None`` for a header
    without one (the compiler refuses a restriction in other words, never dropping it).
    """
    header = node.header
    if not isinstance(header, ir.Text) or node.iterable is None:
        return None
    parts = list(header.parts)
    at = next(
        (
            i
            for i, p in enumerate(parts)
            if isinstance(p, ir.Math)
            and p.span.start <= node.iterable.span.start <= node.iterable.span.end <= p.span.end
        ),
        None,
    )
    if at is None:
        return None
    rest = [p for p in parts[at + 1 :] if not (isinstance(p, str) and not p.strip(" .,;"))]
    if (
        len(rest) == 2
        and isinstance(rest[0], str)
        and _RESTRICTS.match(_words(rest[0]))
        and isinstance(rest[1], ir.Math)
    ):
        return rest[1]
    return None


#: words after a \ForAll's set that give the order it is visited in: "taken in nondecreasing order by weight"
_ORDERED = re.compile(
    r"\b((?:taken\s+|visited\s+|considered\s+)?(?:in\s+(?:(?:non-?)?(?:de|in)creasing|ascending|descending|sorted)"
    r"\s+order\b|in\s+order\s+of\b|sorted\s+by\b|by\s+(?:(?:non-?)?(?:de|in)creasing|ascending|descending)\b)).*",
    re.S | re.I,
)


def unread_order(node: ir.ForAll, text: str | None) -> Span | None:
    r"""Where a ``\ForAll`` header says in words the order it visits its set in, else ``None``.

    Kruskal's ``\ForAll{\((u, v) \in E\), taken in nondecreasing order by weight}``: a set has no order, and
    running over it as it is stored would drop the one the algorithm needs.
    """
    return _words_after_set(node, text, _ORDERED)


def unread_restriction(node: ir.ForAll, text: str | None) -> Span | None:
    r"""Where a ``\ForAll`` header restricts its set in words :func:`forall_filter` does not read, else ``None``.

    ``\ForAll{\(u \in R\) with \(a_{uv} = 1\) and not yet seen}``: running over all of R would drop the
    condition, so the compiler refuses it there.
    """
    return _words_after_set(node, text, _RESTRICTED)


def _words_after_set(node: ir.ForAll, text: str | None, words: re.Pattern[str]) -> Span | None:
    """Where ``words`` (their group 1 on) stand in a ``\\ForAll`` header after its set, to the header's end."""
    header = node.header
    if text is None or node.iterable is None or header.span.end <= node.iterable.span.end:
        return None
    found = words.search(text[node.iterable.span.end : header.span.end])
    return None if found is None else Span(node.iterable.span.end + found.start(1), header.span.end)


#: "neighbour \(w\) of \(v\)", "each successor \(w\) of \(v\)": the vertices \(v\) has an edge to
_NEIGHBOUR = re.compile(
    r"^(?:each |every |all )?(?:neighbou?rs?|successors?|out-neighbou?rs?|adjacent vertex|adjacent vertices|children)$",
    re.I,
)


def loop_variable(node: ir.Node) -> ir.Math | None:
    """The variable a loop binds: ``i`` of ``i = 1, …, n``, ``v`` of ``v \\in V``, ``w`` of "neighbour \\(w\\) of …"."""
    if isinstance(node, ir.ForRange):
        return node.var
    if isinstance(node, ir.ForAll):
        if node.var is not None:
            return node.var
        around = neighbours_of(node.header)
        return around[0] if around is not None else None
    return None


def neighbours_of(header: Any) -> tuple[ir.Math, ir.Math] | None:
    """``(w, v)`` of a \\ForAll header "neighbour \\(w\\) of \\(v\\)", else ``None``."""
    parts = [p for p in getattr(header, "parts", ()) if not (isinstance(p, str) and not p.strip())]
    if len(parts) != 4 or not isinstance(parts[1], ir.Math) or not isinstance(parts[3], ir.Math):
        return None
    first, of = (" ".join(p.split()) if isinstance(p, str) else None for p in (parts[0], parts[2]))
    if first is None or of is None or not _NEIGHBOUR.match(first) or of.lower() not in ("of", "of vertex", "of node"):
        return None
    return parts[1], parts[3]


#: the words between a statement and the set it is done for: "\(d_v \gets \infty\) for all \(v \in V\)"
_FOR_EACH = re.compile(r"^,?\s*(?:for|for all|for each|for every|forall|for all the|for each of the)$", re.I)
_ALSO = re.compile(r"^(?:,|;|and|, and)$", re.I)


def for_each_parts(text: ir.Text) -> tuple[list[ir.Math], ir.Math] | None:
    """``([statements], domain)`` of "\\(\\sigma_t \\gets 0\\), \\(d_t \\gets -1\\) for \\(t \\in V\\)"; else ``None``.

    Each statement is done for every member of the domain, in order (Brandes's first lines).
    """
    parts = [p for p in text.parts if not (isinstance(p, str) and not p.strip())]
    if len(parts) < 3 or len(parts) % 2 == 0 or not all(isinstance(p, ir.Math) for p in parts[::2]):
        return None
    words = [" ".join(p.split()) for p in parts[1::2] if isinstance(p, str)]
    if len(words) != len(parts) // 2 or not _FOR_EACH.match(words[-1]) or not all(_ALSO.match(w) for w in words[:-1]):
        return None
    if not all("\\gets" in p.latex or "\\leftarrow" in p.latex for p in parts[:-1:2]):  # type: ignore[union-attr]
        return None
    return list(parts[:-1:2]), parts[-1]  # type: ignore[return-value]


def _whole(x: Any) -> Any:
    # numbers.Integral: NumPy's integers too, without importing NumPy on lint's path
    return int(x) if isinstance(x, numbers.Integral) or (isinstance(x, float) and x.is_integer()) else None


#: what "\(i\) is odd", "\(Q\) is empty" test: the words after the math → the test of its value
SAID_TESTS: dict[str, Callable[[Any], bool]] = {
    "is odd": lambda x: _whole(x) is not None and _whole(x) % 2 == 1,
    "is even": lambda x: _whole(x) is not None and _whole(x) % 2 == 0,
    "is empty": lambda x: len(x) == 0,
    "is not empty": lambda x: len(x) > 0,
    "is nonempty": lambda x: len(x) > 0,
    "is non-empty": lambda x: len(x) > 0,
    "not empty": lambda x: len(x) > 0,
    "is not yet empty": lambda x: len(x) > 0,
}


#: words of a test, then what joins it to the next: "is even and", "is even \\textbf{and}", "is odd \\lor"
_JOINER = re.compile(
    r"^(?P<words>.*?)\s*(?:\\textbf\{(?P<a>and|or)(?P<na> not)?\}|\\(?P<b>AND|OR|land|lor)\b|\b(?P<c>and|or)\b)"
    r"(?P<nb>\s*(?:\\textbf\{not\}|\\lnot|\\neg|\bnot\b))?$",
    re.I,
)


def said_all(text: ir.Text) -> tuple[str, list[tuple[ir.Math, Callable[[Any], bool]]]] | None:
    """``("and", tests)`` for "\\(a\\) is even and \\(b\\) is even" (or ``\\textbf{or}``): each math and its test.

    Each test is one :data:`SAID_TESTS` knows, or a math alone (a condition of its own, asked only
    when the tests before it allow: "\\(S\\) is not empty and \\(a_{\\mathrm{top}(S)} \\ge a_i\\)");
    "and" and "or" mixed have no reading here.
    """
    parts = [p for p in text.parts if not (isinstance(p, str) and not p.strip())]
    tests: list[tuple[ir.Math, Callable[[Any], bool]]] = []
    joiners: set[str] = set()
    worded = False  # a test in words, or a denial: two bare maths joined by "and" are not read here
    negate = False  # "\textbf{and not} \(\mathit{seen}_v\)": the next test denied
    k = 0
    while k < len(parts):
        math = parts[k]
        if not isinstance(math, ir.Math):
            return None
        words = parts[k + 1] if k + 1 < len(parts) and isinstance(parts[k + 1], str) else ""
        k += 2 if words else 1
        words = " ".join(words.split()).rstrip(".")
        denied, next_denied = negate, False
        if k < len(parts):
            m = _JOINER.match(words)
            if m is None:
                return None
            word = (m.group("a") or m.group("b") or m.group("c")).lower()
            joiners.add({"land": "and", "lor": "or"}.get(word, word))
            words = m.group("words")
            next_denied = bool(m.group("na") or m.group("nb"))
        # "\(S\) is not empty \textbf{and} \(a_{\mathrm{top}(S)} \ge a_i\)": a math alone is a condition
        if words and words.lower() not in SAID_TESTS:
            return None
        test = SAID_TESTS[words.lower()] if words else bool
        tests.append((math, (lambda value, test=test: not test(value)) if denied else test))
        worded = worded or bool(words) or denied
        negate = next_denied
    if len(tests) < 2 or not worded:
        return None
    return (joiners.pop(), tests) if len(joiners) == 1 else None  # "and" and "or" mixed: no reading


def said_of(text: ir.Text) -> tuple[ir.Math, str] | None:
    """``(math, words)`` when a condition is one math and words :data:`SAID_TESTS` knows (``$i$ is odd``)."""
    parts = [p for p in text.parts if not (isinstance(p, str) and not p.strip())]
    if len(parts) == 2 and isinstance(parts[0], ir.Math) and isinstance(parts[1], str):
        words = " ".join(parts[1].split()).rstrip(".").lower()
        if words in SAID_TESTS:
            return parts[0], words
    return None


def each_member(domain: M.MathNode) -> tuple[M.MathNode, M.MathNode] | None:
    """``(v, V)`` of the domain ``v \\in V`` or ``j = 0, \\dots, m - 1`` a statement is done for, else ``None``."""
    if isinstance(domain, M.In):
        return domain.element, domain.set
    if isinstance(domain, M.Rel) and len(domain.rest) == 1 and domain.rest[0][0] == "=":
        return domain.first, domain.rest[0][1]
    return None


#: "swap \(x\) and \(y\)": the words around the two maths
_SWAP = re.compile(r"^(?:swap|exchange|interchange)$", re.I)
_SWAP_JOIN = re.compile(r"^(?:and|with|,)$", re.I)


def maths_between(text: ir.Text, words: tuple[re.Pattern[str] | None, ...]) -> list[ir.Math] | None:
    """The maths of ``text`` when its parts are, in order, words matching ``words`` and math (``None``).

    Words are compared with their spaces collapsed: "be  a new" is "be a new".
    """
    parts = [" ".join(p.split()) if isinstance(p, str) else p for p in text.parts]
    parts = [p for p in parts if p != ""]
    if len(parts) != len(words):
        return None
    maths = []
    for part, pattern in zip(parts, words):
        if pattern is None and isinstance(part, ir.Math):
            maths.append(part)
        elif pattern is None or not isinstance(part, str) or not pattern.match(part):
            return None
    return maths


#: Trefethen and Bau's "Solve \(J^{\top} J p = -J^{\top} r\) for \(p\)": a linear system, its unknown after "for"
_SOLVE = re.compile(r"^(?:solve|solve the (?:linear )?system)$", re.I)
_SOLVE_FOR = re.compile(r"^for$", re.I)


def solve_of(text: ir.Text) -> tuple[ir.Math, ir.Math] | None:
    r"""The equation and the unknown of "Solve \((A - \sigma I) w = x\) for \(w\)", else ``None``."""
    maths = maths_between(text, (_SOLVE, None, _SOLVE_FOR, None))
    return (maths[0], maths[1]) if maths else None


def swap_of(text: ir.Text) -> tuple[ir.Math, ir.Math] | None:
    """The two maths of "swap \\(x\\) and \\(y\\)", "exchange \\(A[i]\\) with \\(A[k]\\)", ``x \\leftrightarrow y``."""
    maths = maths_between(text, (_SWAP, None, _SWAP_JOIN, None))
    if maths:
        return maths[0], maths[1]
    parts = [p for p in text.parts if not (isinstance(p, str) and not p.strip())]
    if len(parts) != 1 or not isinstance(parts[0], ir.Math):
        return None
    m = parts[0]
    found = list(_EXCHANGE.finditer(m.latex))
    if len(found) != 1:
        return None
    left, right = m.latex[: found[0].start()], m.latex[found[0].end() :]
    lead, trail = len(left) - len(left.lstrip()), len(right) - len(right.lstrip())
    if not left.strip() or not right.strip():
        return None
    first = ir.Math(Span(m.span.start + lead, m.span.start + len(left.rstrip())), left.strip(), False)
    at = m.span.start + found[0].end() + trail
    return first, ir.Math(Span(at, at + len(right.strip())), right.strip(), False)


def swaps_of(text: ir.Text) -> list[tuple[ir.Math, ir.Math]] | None:
    r"""The exchanges of a statement: :func:`swap_of`'s one, or several written side by side.

    Gauss–Jordan's ``U_{k,:} \leftrightarrow U_{p,:}, X_{k,:} \leftrightarrow X_{p,:}`` exchanges two pairs of
    rows in one line, as several assignments joined by commas do; each one runs in turn.
    """
    one = swap_of(text)
    if one is not None:
        return [one]
    parts = [p for p in text.parts if not (isinstance(p, str) and not p.strip(" ,;"))]
    if not parts or not all(isinstance(p, ir.Math) for p in parts):
        return None
    out = []
    for m in parts:
        for piece in _top_level_pieces(m):  # type: ignore[arg-type]
            pair = swap_of(ir.Text(piece.span, (piece,), piece.latex))
            if pair is None:
                return None
            out.append(pair)
    return out if len(out) > 1 else None


def _top_level_pieces(m: ir.Math) -> list[ir.Math]:
    """``m`` cut at its commas outside braces and brackets, each piece with its span in the note."""
    pieces, depth, start = [], 0, 0
    for k, c in enumerate(m.latex + ","):
        depth += 1 if c in "{([" else -1 if c in "})]" else 0
        if c == "," and depth == 0:
            text = m.latex[start:k]
            lead = len(text) - len(text.lstrip())
            at = m.span.start + start + lead
            pieces.append(ir.Math(Span(at, at + len(text.strip())), text.strip(), False))
            start = k + 1
    return [p for p in pieces if p.latex]


#: Trefethen and Bau's pivoting ``u_{k,k:m} \\leftrightarrow u_{i,k:m}``: an exchange, written as one math
_EXCHANGE = re.compile(r"\\(?:long)?leftrightarrow(?![a-zA-Z])")
