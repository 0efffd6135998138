r"""What a listing takes and gives, read from its IR alone: names it assigns, outputs, entry function, words.

Nothing here runs a listing or imports NumPy: ``lint`` reads a listing's signature as the
interpreter does, so the two agree on which names a listing binds.
"""

from __future__ import annotations

import re
import weakref
from typing import Any, Callable, Iterable, Iterator, TypeVar

from ..findings import LocatedError
from ..math import mathexpr as M
from ..math.names import RUNNING_LETTERS, identifier, join_words, subscript_word, subscripted_word, word
from ..math.segments import parse_segment
from ..syntax import ir
from .factorizations import factorization, set_by
from .worded import loop_variable

__all__ = [
    "recurrences",
    "listing_outputs",
    "assigned_names",
    "output_names",
    "returns_of",
    "calls",
    "entry_of",
    "listing_words",
    "entry_function",
]


def assigned_names(nodes: Iterable[ir.Node], parse: Callable[[ir.Math], M.MathNode] = parse_segment) -> set[str]:
    """Every name a listing assigns (``\\sigma^{2}`` → ``sigma_sq``) or loops over."""
    out: set[str] = set()
    for root in nodes:
        for n in ir.walk(root):
            target = n.target if isinstance(n, ir.Assign) else loop_variable(n)
            if target is None:
                continue
            trees = [parse(target)]
            if isinstance(n, ir.Assign):  # Q R = A sets Q and R
                trees = [M.Tuple(set_by(trees[0]), span=trees[0].span)]
            if isinstance(n, ir.Assign):  # x \gets y \gets 0 assigns y too
                try:
                    chained = parse(n.value)
                except LocatedError:
                    chained = None  # reported where the value is compiled
                while isinstance(chained, M.Assign):
                    trees.append(chained.target)
                    chained = chained.value
            for tree in trees:
                for t in tree.items if isinstance(tree, M.Tuple) else (tree,):
                    if isinstance(t, M.Apply) and isinstance(t.fn, M.Sym):
                        t = t.fn  # p(j) \gets i stores into the table p
                    name = identifier(t)
                    if name is not None:
                        out.add(name)
                    # \sigma_i^2 \gets V stores member i of the family \sigma^2 (read as (\sigma^2)_i or
                    # (\sigma_i)^2): `\Return \sigma^2` reads the family. Only at a running index: Otsu's
                    # \sigma_B^{2} is a name with a label, never member B
                    whole = None
                    if isinstance(t, M.Pow) and isinstance(t.base, M.Idx) and _running(t.base.indices):
                        whole = identifier(M.Pow(t.base.base, t.exp, span=t.span))
                    elif isinstance(t, M.Idx) and isinstance(t.base, M.Pow) and _running(t.indices):
                        whole = identifier(t.base)
                    if whole is not None:
                        out.add(whole)
    return out


def recurrences(algorithm: ir.Algorithm) -> frozenset[str]:
    """The names a listing stores by a recurrence: ``x`` of ``x_{k+1} \\gets g(x_k)``, each from the one before."""
    out = set()
    for node in ir.walk(algorithm):
        if not isinstance(node, ir.Assign):
            continue
        try:
            target, value = parse_segment(node.target), parse_segment(node.value)
        except LocatedError:
            continue
        name = identifier(target.base) if isinstance(target, M.Idx) else None
        # x_{k+1} from x_k; \delta_i \gets \min(\delta_i, …) updates a member in place, no recurrence
        earlier = {
            identifier(n.base)
            for n in M.walk(value)
            if isinstance(n, M.Idx) and isinstance(target, M.Idx) and M.dump(n) != M.dump(target)
        }
        if name is not None and name in earlier:
            out.add(name)
    return frozenset(out)


def _running(indices: tuple[M.MathNode, ...]) -> bool:
    """Whether a subscript is one index letter that runs over positions (``i`` of ``\\sigma_i^2``)."""
    return len(indices) == 1 and isinstance(indices[0], M.Sym) and indices[0].name in RUNNING_LETTERS


_S = TypeVar("_S", bound=ir.Node)
_T = TypeVar("_T")


def own_statements(nodes: Iterable[ir.Node], kind: type[_S]) -> Iterator[_S]:
    """The statements of ``kind`` in a body, not those of functions defined inside it."""
    for node in nodes:
        if isinstance(node, kind):
            yield node
        elif not isinstance(node, ir.Function):
            for child in ir.iter_children(node):
                if isinstance(child, ir.Node):
                    yield from own_statements([child], kind)


def returns_of(nodes: Iterable[ir.Node]) -> Iterator[ir.Return]:
    """The ``\\Return`` statements of a body, not those of functions defined inside it."""
    return own_statements(nodes, ir.Return)


def returned_names(nodes: Iterable[ir.Node], parse: Callable[[ir.Math], M.MathNode] = parse_segment) -> frozenset[str]:
    """The names some ``\\Return`` of one value returns whole (``y`` of ``\\Return y`` beside ``\\Return x``)."""
    out: set[str] = set()
    for r in returns_of(nodes):
        if len(r.values) == 1:
            try:
                name = identifier(parse(r.values[0]))
            except LocatedError:
                continue
            if name is not None:
                out.add(name)
    return frozenset(out)


def output_names(
    nodes: Iterable[ir.Node],
    parse: Callable[[ir.Math], M.MathNode] = parse_segment,
    ensure: Iterable[ir.Node] | None = None,
) -> tuple[str, ...]:
    """Name the outputs: per position, the returned name when every ``\\Return`` agrees, else ``result``.

    ``\\Return \\(\\lambda, v\\)`` gives ``('lam', 'v')``, ``\\Return \\(x = i m + j\\)`` gives ``('x',)``;
    ``\\Return a`` in one branch and ``\\Return b``
    in another give ``('result',)``; a value that is not a name is ``result`` (``result_k``
    when there are several). A ``\\Return \\textsc{nil}`` elsewhere names nothing and leaves the
    others' names be. Returns that disagree are named by ``\\Ensure`` when it names one of them
    (found in ``ensure``, the statements around a ``\\Function``; else in ``nodes``).
    """
    nodes = list(nodes)
    per_position = _names_per_position(nodes, parse)
    if per_position is None:
        return ("result",) if any(r.values or nil_return(r) for r in returns_of(nodes)) else ()
    declared = _declared(nodes, parse)
    per_position = [_named_by_equation(names, said) for names, said in zip(per_position, declared)]
    if len(per_position) == 1:
        (names,) = per_position
        if len(names) == 1 and None not in names:
            return (next(iter(names)),)
        # CLRS's FFT returns a at n = 1 and y after: "\Ensure y = (y_0, …, y_{n-1})" names the output y
        ensured = ensured_names(nodes if ensure is None else ensure, parse)
        return (ensured[0] if len(ensured) == 1 and ensured[0] in names else "result",)
    return tuple(
        next(iter(names)) if len(names) == 1 and None not in names else f"result_{k}"
        for k, names in enumerate(per_position, start=1)
    )


def ensured_names(nodes: Iterable[ir.Node], parse: Callable[[ir.Math], M.MathNode] = parse_segment) -> list[str]:
    r"""The names ``\Ensure`` gives what the listing returns: ``y`` of ``y = (y_0, \dots, y_{n-1})``, of ``y``.

    The first math of each line names; the rest says what it is ("the DFT of \(a\)").
    """
    out: list[str] = []
    for n in nodes:
        if not (isinstance(n, ir.Condition) and n.kind in ("ensure", "output")):
            continue
        parts = [p for p in n.text.parts if not (isinstance(p, str) and not p.strip())]
        lead = parts[0] if parts and isinstance(parts[0], ir.Math) else None
        for m in n.symbols[:1]:
            try:
                tree = parse(m)
            except LocatedError:
                continue
            named = isinstance(tree, M.Rel) and tree.rest[0][0] == "="
            if not named and m is not lead:
                continue  # "the DFT of \(a\)": a says what the output is made from, never its name
            if named:
                tree = tree.first  # type: ignore[union-attr]
            name = identifier(tree) if isinstance(tree, M.Sym) else None
            if name is not None and name not in out:
                out.append(name)
    return out


def output_aliases(nodes: Iterable[ir.Node], parse: Callable[[ir.Math], M.MathNode] = parse_segment) -> dict[str, str]:
    """The name a reader gives an output ``result_k``: the one name its position returns beside values.

    Möller–Trumbore's ``\\Return \\(\\infty, 0, 0\\)`` on a miss beside ``\\Return \\(t, u, v\\)``: the
    outputs are ``result_1``, …, as a spec that reads ``result`` expects, and ``t``, ``u``, ``v`` are
    theirs too (``t → result_1``). Two names at one position (``\\Return a`` / ``\\Return b``) alias none.
    """
    per_position = _names_per_position(nodes, parse)
    if per_position is None:
        return {}
    outputs = output_names(nodes, parse)
    out: dict[str, str] = {}
    for output, names in zip(outputs, per_position):
        named = names - {None}
        if len(named) == 1 and None in names:
            (name,) = named
            if name is not None and name not in outputs:
                out[name] = output
    return out


def _named_by_equation(names: set[str | None], declared: set[str]) -> set[str | None]:
    r"""``{x}`` when one return names its value (``\Return x = (x_1 + x_2)/2``) and the others return its members.

    Ridders' method returns \(x_4\) on an exact hit and \(x = (x_1 + x_2)/2\) at the end: both are
    the point \(x\) the prose speaks of, and \(x_1, \dots, x_4\) are the points it is computed from.
    """
    if len(declared) != 1:
        return names
    (name,) = declared
    others = names - {name}
    if others and all(o is not None and o.startswith(name + "_") for o in others):
        return {name}
    return names


def _declared(nodes: Iterable[ir.Node], parse: Callable[[ir.Math], M.MathNode]) -> list[set[str]]:
    r"""Per position of the returns, the names an equation gives the value there (``x`` of ``\Return x = …``)."""
    out: list[set[str]] = []
    for r in returns_of(nodes):
        for k, v in enumerate(r.values):
            while len(out) <= k:
                out.append(set())
            try:
                tree = parse(v)
            except LocatedError:
                continue
            name = _returned_name(tree) if isinstance(tree, M.Rel) else None
            if name is not None:
                out[k].add(name)
    return out


def _names_per_position(
    nodes: Iterable[ir.Node], parse: Callable[[ir.Math], M.MathNode]
) -> list[set[str | None]] | None:
    """Per position of the returns, the names returned there (``None`` for a value that is not a name)."""
    # \Return \textsc{nil} says "not found": it names no output, and leaves the others' names be
    returns = [
        r
        for r in returns_of(nodes)
        if r.values
        and not (len(r.values) == 1 and _nil(parse(r.values[0])))
        and not failure_return(r)
        and not _failure_constant(r)
    ]
    if not returns:
        return None
    width = len(returns[0].values)
    per_position: list[set[str | None]] = [set() for _ in range(width)]
    for r in returns:
        if len(r.values) != width:
            return [{None} for _ in range(width)]
        for k, v in enumerate(r.values):
            per_position[k].add(_returned_name(parse(v)))
    return per_position


_NIL_WORDS = frozenset({"nil", "null", "none"})


def _nil(tree: M.MathNode) -> bool:
    """``\\textsc{nil}``, ``\\mathrm{NIL}``, NULL: the value a listing returns for "none", never a name."""
    return isinstance(tree, M.Sym) and not tree.accents and tree.name.lower() in _NIL_WORDS


def nil_return(r: ir.Return) -> bool:
    """``\\Return \\textsc{nil}`` in text mode (CLRS's ``return NIL``): ``None``, as in math."""
    return not r.values and r.text is not None and r.text.plain.strip().lower() in _NIL_WORDS


def _returned_name(tree: M.MathNode) -> str | None:
    """The name of a returned value: ``x`` of ``\\Return x``, and of ``\\Return x = i m + j`` (HAC).

    The compiler returns the right side of such an equation (``_returned``); the check reads it
    by the name the listing gave it, as a reader does.
    """
    if isinstance(tree, M.Rel) and len(tree.rest) == 1 and tree.rest[0][0] == "=" and isinstance(tree.first, M.Sym):
        return identifier(tree.first)
    return identifier(tree)


def output_families(nodes: Iterable[ir.Node], parse: Callable[[ir.Math], M.MathNode] = parse_segment) -> dict[str, str]:
    r"""``{x_hat: result}`` of ``\Return \(\hat{x}_0, \dots, \hat{x}_{N-2}\)``: the family a lone output's members are.

    A spec may name the output so (``compare: {x_hat: …}``); a relation reads the family's members by
    their labels from the run, never entries of the returned array.
    """
    outputs = output_names(nodes, parse)
    if len(outputs) != 1:
        return {}
    found = set()
    for r in returns_of(nodes):
        if len(r.values) == 1 and not failure_return(r):
            try:
                found.add(_returned_family(parse(r.values[0])))
            except LocatedError:
                return {}
    family = found.pop() if len(found) == 1 else None
    return {family: outputs[0]} if family is not None and family not in outputs else {}


def _returned_family(tree: M.MathNode) -> str | None:
    """``x_hat`` of ``\\Return \\(\\hat{x}_0, \\dots, \\hat{x}_{N-2}\\)``: the family whose members are returned."""
    if isinstance(tree, M.Range) and isinstance(tree.lo, M.Idx) and isinstance(tree.hi, M.Idx):
        family = identifier(tree.lo.base)
        return family if family is not None and family == identifier(tree.hi.base) else None
    return None


_CALL_NAME = r"\\(?:Call|CALL|textsc|operatorname\*?|mathrm|mathit|text|textrm|textit)\s*\{\s*%s\s*\}"


def calls(node: ir.Node, name: str) -> bool:
    """True when ``node`` calls the function ``name`` (``\\Call{name}``, ``\\textsc{name}(…)`` …)."""
    pattern = re.compile(_CALL_NAME % re.escape(name))
    for n in ir.walk(node):
        if isinstance(n, ir.CallStmt) and n.name == name:
            return True
        if isinstance(n, ir.Math) and pattern.search(n.latex):
            return True
    return False


def entry_of(funcs: list[ir.Function]) -> ir.Function:
    """The function a listing of several runs: the first one no other function calls."""
    for f in funcs:
        if not any(calls(g, f.name) for g in funcs if g is not f):
            return f
    return funcs[0]


#: what is read of a listing once and asked many times (its words: fifteen times a note by lint), by its identity
_READ: dict[int, dict[str, Any]] = {}


def _once(algorithm: ir.Algorithm, key: str, compute: Callable[[], _T]) -> _T:
    """``compute()``, read once per listing: the IR is immutable, and these are functions of it alone."""
    memo = _READ.get(id(algorithm))
    if memo is None:
        memo = _READ[id(algorithm)] = {}
        weakref.finalize(algorithm, _READ.pop, id(algorithm), None)  # before its id can be reused
    if key not in memo:
        memo[key] = compute()
    return memo[key]  # type: ignore[no-any-return]


def listing_words(algorithm: ir.Algorithm) -> frozenset[str]:
    """Multi-letter names the listing declares or assigns (``lo`` in ``lo \\gets 1``, ``\\Require $lo, hi$``).

    Only these are read as names where the math spells them as letters side by side, and only
    when the listing never spells the name as one word (``\\mathrm{ab}``, ``\\text{ab}``): latexify
    prints ``ab`` so in the body and ``a b`` for the product ``a * b``, and a listing that spells
    a name as a word means its letters side by side as a product.
    """
    return _once(algorithm, "words", lambda: _listing_words(algorithm))


def _listing_words(algorithm: ir.Algorithm) -> frozenset[str]:
    found: set[str] = set()
    spelt: set[str] = set()
    letters: set[str] = set()  # one-letter names declared on their own (`\Require $a, b, c, d$`)
    compared: set[str] = set()  # words read from the left side of a relation (`a d \ne b c`)

    def collect(tree: M.MathNode, in_relation: bool = False) -> None:
        items = tree.items if isinstance(tree, M.Tuple) else (tree,)
        for item in items:
            if isinstance(item, (M.In, M.Rel)):
                collect(item.element if isinstance(item, M.In) else item.first, isinstance(item, M.Rel))
                continue
            if isinstance(item, M.Sym) and len(item.name) == 1:
                letters.add(item.name)
            if factorization(item) is not None:
                continue  # Q R = T: the factors of a step, never the word QR
            found.update(w for w in (word(item), subscripted_word(item), subscript_word(item)) if w)  # lo; SS of SS_W
            if in_relation:
                compared.update(w for w in (word(item),) if w)

    for n in ir.walk(algorithm):
        if isinstance(n, ir.Math):
            try:
                spelt.update(m.name for m in M.walk(parse_segment(n)) if isinstance(m, M.Sym) and len(m.name) > 1)
            except LocatedError:
                pass  # reported where the segment is compiled
        maths: list[ir.Math] = []
        if isinstance(n, ir.Assign):
            maths = [n.target]
        elif loop_variable(n) is not None:
            maths = [loop_variable(n)]  # type: ignore[list-item]
        elif isinstance(n, ir.Function):
            maths = list(n.params)
        elif isinstance(n, ir.Condition) and n.kind in ("require", "input"):
            maths = list(n.symbols)
        for m in maths:
            try:
                collect(parse_segment(m))
            except LocatedError:
                continue  # reported where the segment is compiled
    # `a d \ne b c` after `a, b, c, d`: letters the listing declares one by one, side by side, are a product
    products = {w for w in compared if set(w) <= letters}
    return frozenset(found - spelt - products)


def entry_function(algorithm: ir.Algorithm) -> str | None:
    """The name a listing of functions is known by (its entry function); ``None`` for other listings."""
    body = [n for n in algorithm.body if not isinstance(n, (ir.Comment, ir.Condition))]
    funcs = [n for n in body if isinstance(n, ir.Function)]
    return entry_of(funcs).name if funcs and len(funcs) == len(body) else None


def listing_outputs(algorithm: ir.Algorithm) -> tuple[str, ...]:
    """The names of what a listing returns, as a run names them (its entry function's, for a listing of functions)."""
    return _once(algorithm, "outputs", lambda: _of_entry(algorithm, output_names, ()))


def listing_aliases(algorithm: ir.Algorithm) -> dict[str, str]:
    """:func:`output_aliases` of a listing (its entry function's, for a listing of functions)."""
    return dict(_once(algorithm, "aliases", lambda: _of_entry(algorithm, output_aliases, {})))


def listing_families(algorithm: ir.Algorithm) -> dict[str, str]:
    """:func:`output_families` of a listing (its entry function's, for a listing of functions)."""
    return dict(_once(algorithm, "families", lambda: _of_entry(algorithm, output_families, {})))


def _of_entry(algorithm: ir.Algorithm, read: Callable[..., _T], empty: _T) -> _T:
    body = [n for n in algorithm.body if not isinstance(n, (ir.Comment, ir.Condition))]
    funcs = [n for n in body if isinstance(n, ir.Function)]
    words = listing_words(algorithm)

    def parse(m: ir.Math) -> M.MathNode:
        return join_words(parse_segment(m), words)

    try:
        if funcs and len(funcs) == len(body):
            return read(entry_of(funcs).body, parse)
        return read(body, parse)
    except LocatedError:
        return empty


#: \Call{swap}{a, b} with no function of that name: the exchange a reader knows (Myrvold and Ruskey, CLRS)
_SWAPS = frozenset({"swap", "exchange", "interchange"})


def swap_call(node: ir.CallStmt) -> bool:
    """Whether ``node`` is ``\\Call{swap}{a, b}`` (``Swap``, ``exchange``): two arguments exchanged."""
    return node.name.lower() in _SWAPS and len(node.args) == 2


def failure_return(r: ir.Return) -> bool:
    """A ``\\Return`` whose words say the method failed (Burden–Faires' "failure after N_0 iterations").

    The run gives up there, as an English report of failure does; a math in the words (the N_0) counts
    the passes, it is no value returned, and it names no output.
    """
    return r.text is not None and _RETURNS_FAILURE.match(r.text.plain) is not None


def _failure_constant(r: ir.Return) -> bool:
    """``\\Return \\textsc{failure}`` (HAC, Burden–Faires): the constant FAILURE, returned, that names no output."""
    return len(r.values) == 1 and _FAILURE_WORD.fullmatch(r.values[0].latex.strip()) is not None


_FAILURE_WORD = re.compile(r"\\(?:textsc|mathsc|textrm|text|mathrm)\{\s*(?:fail(?:ed|ure)?|error)\s*\}", re.I)
_RETURNS_FAILURE = re.compile(
    r"\W*(?:an?\s+|the\s+)?(?:fail(?:ed|s|ure)?|error|no convergence|did not converge|does not converge|"
    r"diverge[sd]?|unsuccessful)\b",
    re.I,
)
