r"""How a listing's math is read before its names are resolved: one parser for the run and for lint.

Each segment is parsed, the listing's multi-letter words are joined (``lo``), the functions the
prose defines are inlined, and the quantities of one step of an iteration are named as the text
names them. Optimisation and matrix texts write the current step's quantities with a subscript
no loop binds (Nocedal and Wright's ``H_k``, ``s_k``, ``y_k``, ``\rho_k``, and the next iterate
``H_{k+1}``): the reader takes ``H_k`` and ``H_{k+1}`` as two matrices, not entries ``k`` and
``k + 1`` of a sequence ``H`` at a ``k`` nobody gives. A letter is read so (a *step letter*) when
it appears only in such subscripts, alone or plus or minus a whole number, nothing binds it (no
loop, parameter, ``\Require`` or declaration of the note), and the listing assigns such a name
whole or the note declares one (``H_k \in \mathbb{R}^{n \times n}``, an input ``H_k`` the spec
draws). Each such name becomes one variable: ``H_k``, ``H_k_plus_1``.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Callable, Iterable, Iterator

from ..findings import LocatedError
from ..math import mathexpr as M
from ..math.names import identifier, index_like, join_words, labelled
from ..math.numeric.lookup import SHAPE_ATTRIBUTES
from ..math.segments import parse_segment
from ..syntax import ir
from .declarations import InputSpec
from .factorizations import set_by
from .own_names import as_constant, dot_mean, dot_means, totals
from .prose_math import inline_definitions
from .signature import listing_words
from .step_names import flatten_steps, step_name, stepped_counters
from .superscripts import (
    as_label,
    entry_of_level,
    iterate_member,
    stored_levels,
    superscript_families,
    superscript_labels,
)
from .worded import loop_variable

__all__ = [
    "level_letters",
    "listing_parser",
    "step_letters",
    "step_name",
    "flatten_steps",
    "direct_bases",
]


def listing_parser(algorithm: ir.Algorithm, context: InputSpec | None) -> Callable[[ir.Math], M.MathNode]:
    """The parse of ``algorithm``'s math segments, as the interpreter and the name checks read them."""
    words = listing_words(algorithm)
    # the note gives \Delta\tau_1, …, \Delta\tau_N or \Delta M: the listing's \Delta\tau_k and \Delta M are those names
    increments = {
        "Delta" + m.group(1)
        for d in (context.inputs if context is not None else [])
        if (m := re.fullmatch(r"Delta([A-Za-z][A-Za-z0-9]*)", d.name)) is not None  # not \Delta_x, a family
    }
    if increments:
        words = set(words) | increments
    by_prose = context.functions if context is not None else {}
    # p(z) = \prod_j (z - \zeta_j) in the prose and `let: {p(z): …}` in the checks: the check's p is the one called
    by_prose = {n: f for n, f in by_prose.items() if not ((d := context.get(n)) is not None and d.drawn)}  # type: ignore[union-attr]

    def raw(m: ir.Math) -> M.MathNode:
        return join_words(parse_segment(m), words)

    # every assignment's target and every parameter, read once: what they name decides how the rest is read
    targets = _targets(algorithm, raw)
    params = list(_parameter_trees(algorithm, raw))
    if by_prose:
        # C(S, j) = … in the prose, and the listing stores C(\{1\}, 1) = 0: C is the listing's table
        tabled = {identifier(t.fn) for t in targets if isinstance(t, M.Apply)}
        by_prose = {name: f for name, f in by_prose.items() if name not in tabled}

    # "a point p_i = (x_i, y_i)": x_k is the first coordinate of p_k, unless the listing sets x itself
    assigned = {identifier(t.base) if isinstance(t, M.Idx) else identifier(t) for t in targets}
    # "Let G = (V, E) be a graph": V[G] (CLRS's second edition) and G.V (its third) are the part V,
    # also of a parameter G (BFS(G, s)), never of a G the listing sets
    composites = made_of_parts(context, set(assigned))
    # … or takes x_0, y_0 as parameters (Liang–Barsky's ClipSegment(x_0, y_0, x_1, y_1) beside P_0 = (x_0, y_0))
    assigned |= {identifier(t.base) if isinstance(t, M.Idx) else identifier(t) for t in params}
    coordinates = {
        name: at for name, at in (context.coordinates if context is not None else {}).items() if name not in assigned
    }

    # "in reduced units, \(k_B = 1\)": k_B is the constant the prose defines, never k at index B
    constants = frozenset(
        name
        for name in (context.definitions if context is not None else {})
        if "_" in name and name.partition("_")[0] not in assigned
    )

    # "Q_N, Q \in \mathbb{R}^{n \times n}" (a terminal cost beside the stage cost), \Require Q_N, an input Q_N
    # the spec draws: the note gives Q_N as a whole, so the listing's Q_N is that matrix, never row N of Q
    # Only beside the whole Q the note gives too, with a shape of its own: not N_c of a loop over c, a
    # member of a family (the spec's "N_c" of N_1, …, N_C), nor D_n of a sequence the listing fills
    loop_letters = _loop_variables(algorithm, raw)
    given = context.inputs if context is not None else []
    families = set(context.families) | set(context.written) if context is not None else set()
    stored = {identifier(t.base) for t in targets if isinstance(t, M.Idx)}
    wholes = frozenset(
        d.name
        for d in given
        if "_" in d.name
        and d.shape is not None
        and (base := d.name.rpartition("_")[0]) in {g.name for g in given}
        and base not in families | stored
        and d.name.rpartition("_")[2] not in loop_letters
    )
    if wholes:
        constants = constants | wholes
    # g_x \gets …, g_y \gets … (Gonzalez and Woods's Sobel responses): the gradient's components by
    # direction, two numbers of their own, never entries x and y of one sequence g (equal when x = y)
    components = _direction_components(algorithm, raw, targets)
    if components:
        constants = constants | components
    # E \gets \frac{1}{2} p^2 + …, then \delta \gets E - E_0 ("write E_0 for the energy of the initial
    # state"): E_0 is the initial E, a number of its own, never entry 0 of the number E
    initials = _initial_values(algorithm, raw, targets, context) | _next_iterates(algorithm, raw, targets)
    initials |= totals(algorithm, raw, targets)
    if initials:
        constants = constants | initials

    # CLRS's third edition writes as attributes what its second wrote as tables: v.\pi, u.key and
    # A.heap-size are \pi[v], key[u] and heap-size[A], tables of the listing where it stores into them
    # (an array's own attribute, heap-size of the array A that A[i] indexes, is one number the procedures share)
    attributes = frozenset(t.name for t in targets if isinstance(t, M.Attr) and t.name not in SHAPE_ATTRIBUTES)
    keyed = {identifier(t.base) for t in targets if isinstance(t, M.Index) and len(t.args) == 1}
    arrays = (
        frozenset(
            identifier(t.base)
            for tree, _ in _parsed(algorithm, raw)
            for t in M.walk(tree)
            if isinstance(t, (M.Index, M.Idx))
        )
        if attributes or keyed
        else frozenset()
    )
    # … as the second edition's heap-size[A] is
    attributes |= {
        name
        for t in targets
        if isinstance(t, M.Index)
        and len(t.args) == 1
        and isinstance(t.args[0], M.Sym)
        and identifier(t.args[0]) in arrays
        and (name := identifier(t.base)) is not None
    }

    # "the prime denotes transposition": A' is the transpose of A, unless the listing sets an A' of its own
    means = dot_means(targets)
    primed = frozenset(identifier(t) for t in targets if isinstance(t, M.Sym) and t.accents[-1:] == ("prime",))
    transposes = context is not None and context.prime_transposes

    strings = dict(context.strings) if context is not None else {}
    named = frozenset(identifier(t) for t in targets if isinstance(t, M.Idx) and labelled(t)) - {None}

    @_per_segment
    def plain(m: ir.Math) -> M.MathNode:
        tree = inline_definitions(join_words(parse_segment(m), words), by_prose)
        if strings:  # |s| of a string the prose spells s = s_1 s_2 \dots s_m: its length m, never |s_i| entrywise
            tree = M.transform(tree, lambda node: _string_length(node, strings))
        if transposes:
            tree = M.transform(tree, lambda node: _prime_transpose(node, primed))
        if constants:
            tree = M.transform(tree, lambda node: as_constant(node, constants))
        if named:  # \theta_{\mathrm{new},1} of the listing's \theta_{\mathrm{new}}: its entry 1
            tree = M.transform(tree, lambda node: _entry_of_labelled(node, named))
        if means:  # \hat\theta^*(\cdot) \gets …: the mean of the replicates, a name of its own
            tree = M.transform(tree, lambda node: dot_mean(node, means))
        if composites:
            tree = M.transform(tree, lambda node: _part_of(node, composites))
        if attributes:
            tree = M.transform(tree, lambda node: attribute_table(node, attributes, arrays))
        return as_coordinates(tree, coordinates) if coordinates else tree

    declared = _declared(context) if context is not None else set()
    letters = step_letters(algorithm, plain, declared)
    labels = superscript_labels(targets)
    loops = _loop_variables(algorithm, plain)
    # Q^{n+1}_i \gets …: in a loop over n, entry i of the iterate n + 1 (LeVeque's time levels); with no
    # loop over n, one step from the level Q^n given to the level Q^{n+1} made
    stored = stored_levels(targets)
    stepped = loops | stepped_counters(algorithm, plain)
    looped = {name for name, script in stored if _names_in(script) & stepped}
    iterates = superscript_families(targets) | looped
    by_entry = frozenset(looped)
    levels = frozenset(name for name, _ in stored) - iterates
    inverses = frozenset(
        identifier(t.operand)  # type: ignore[misc]  # \pi^{-1} taken as a parameter: an array of its own
        for t in params
        if isinstance(t, M.Inverse) and isinstance(t.operand, M.Sym) and identifier(t.operand)
    )
    powered = _powered_families(targets, assigned, loops)
    called = call_families(algorithm, raw)
    # (x, y, w)^{T} \gets K (R X_i + t): the three components of the column vector, set at once
    columns = frozenset(
        id(n.target) for n in ir.walk(algorithm) if isinstance(n, ir.Assign) and _column_target(n.target, raw)
    )
    if not letters and not labels and not iterates and not inverses and not powered and not called and not levels:
        return _unstacked(plain, columns) if columns else plain

    @_per_segment
    def parse(m: ir.Math) -> M.MathNode:
        tree = plain(m)
        if levels:
            tree = M.transform(tree, lambda node: entry_of_level(node, levels))
        if called:  # \gamma(n - k) of the family \gamma(0), \dots, \gamma(N): its member n − k, never a product
            tree = M.transform(tree, lambda node: call_member(node, called))
        if powered:
            tree = M.transform(tree, lambda node: powered_member(node, powered))
        if inverses:
            tree = M.transform(M.transform(tree, lambda node: _inverse_name(node, inverses)), _inverse_entry)
        if labels:
            tree = M.transform(tree, lambda node: as_label(node, labels))
        if iterates:
            tree = M.transform(tree, lambda node: iterate_member(node, iterates, by_entry))
        return flatten_steps(tree, letters) if letters else tree

    return _unstacked(parse, columns) if columns else parse


def _entry_of_labelled(node: M.MathNode, named: frozenset) -> M.MathNode:
    """``x_{\\mathrm{new},1}`` of a name ``x_{\\mathrm{new}}`` the listing sets: its entry 1, as ``x_1`` is x's."""
    if not (isinstance(node, M.Idx) and len(node.indices) > 1):
        return node
    head = M.Idx(node.base, node.indices[:1], span=node.span)
    if (
        identifier(head) not in named
        or not labelled(head)
        or labelled(M.Idx(node.base, node.indices[1:], span=node.span))
    ):
        return node
    return M.Idx(head, node.indices[1:], span=node.span)


def _per_segment(read: Callable[[ir.Math], M.MathNode]) -> Callable[[ir.Math], M.MathNode]:
    """``read``, once per segment: a listing's passes each read every one of its segments.

    Its loops, its steps, the compiler and the name checks read them: 170 reads of a listing's 30-odd
    segments. Kept by identity, with the segment itself, so that an id is never reused while the listing's
    parser lives; a segment that does not parse raises each time, as it did.
    """
    trees: dict[int, tuple[ir.Math, M.MathNode]] = {}

    def once(m: ir.Math) -> M.MathNode:
        found = trees.get(id(m))
        if found is not None and found[0] is m:
            return found[1]
        tree = read(m)
        trees[id(m)] = (m, tree)
        return tree

    return once


_AXES = frozenset({"x", "y", "z"})


def _direction_components(
    algorithm: ir.Algorithm, parse: Callable[[ir.Math], M.MathNode], targets: list[M.MathNode]
) -> frozenset[str]:
    """``g_x``, ``g_y`` the listing sets, where ``g`` is never read or set at any other single index.

    Prüfer's ``d_x \\gets d_x - 1`` beside ``d_v`` is the degree of vertex x: an entry, not a component.
    """
    lettered: dict[str, set[str]] = {}
    for t in targets:
        if isinstance(t, M.Idx) and len(t.indices) == 1 and isinstance(t.indices[0], M.Sym):
            lettered.setdefault(identifier(t.base) or "", set()).add(t.indices[0].name)
    candidates = {base for base, axes in lettered.items() if base and {"x", "y"} <= axes <= _AXES}
    if not candidates:
        return frozenset()
    for tree, _ in _parsed(algorithm, parse):
        for t in M.walk(tree):
            if isinstance(t, M.Idx) and identifier(t.base) in candidates:
                (index,) = t.indices if len(t.indices) == 1 else (None,)
                if not (isinstance(index, M.Sym) and index.name in _AXES and not index.accents):
                    candidates.discard(identifier(t.base))  # type: ignore[arg-type]
    return frozenset(f"{base}_{axis}" for base in candidates for axis in lettered[base])


def _next_iterates(
    algorithm: ir.Algorithm, parse: Callable[[ir.Math], M.MathNode], targets: list[M.MathNode]
) -> frozenset[str]:
    """``A_1`` of a QR step's ``A_1 \\gets R Q`` … ``\\Return A_1``: the next iterate, a name of its own.

    Set whole and returned whole, where the listing indexes ``A`` nowhere else: row 1 of the input A
    would not be what the step returns, and storing the matrix R Q into it cannot be what it means.
    """
    stored = {
        identifier(t)
        for t in targets
        if isinstance(t, M.Idx) and len(t.indices) == 1 and isinstance(t.indices[0], M.Num)
    }
    returned = {
        identifier(v)
        for node in ir.walk(algorithm)
        if isinstance(node, ir.Return) and len(node.values) == 1
        for v in _safely(parse, node.values[0])
        if isinstance(v, M.Idx)
    }
    candidates = (stored & returned) - {None}
    if not candidates:
        return frozenset()
    indexed: dict[str, set[str]] = {}
    for tree, _ in _parsed(algorithm, parse):
        for t in M.walk(tree):
            if isinstance(t, (M.Idx, M.Index)):
                indexed.setdefault(identifier(t.base) or "", set()).add(identifier(t) or "")
    return frozenset(
        name
        for name in candidates
        if indexed.get(name.rpartition("_")[0], set()) <= {name}  # type: ignore[union-attr]
    )


def _safely(parse: Callable[[ir.Math], M.MathNode], m: ir.Math) -> tuple[M.MathNode, ...]:
    try:
        return (parse(m),)
    except LocatedError:
        return ()


def _initial_values(
    algorithm: ir.Algorithm,
    parse: Callable[[ir.Math], M.MathNode],
    targets: list[M.MathNode],
    context: InputSpec | None,
) -> frozenset[str]:
    """``X_0`` of an ``X`` the listing sets whole and reads at no other index, where no family counts from 0.

    A listing that counts from 1 has no entry 0; one that reads ``X`` at index 0 and nowhere else,
    having set ``X`` whole, reads the initial ``X`` the note names ``X_0``.
    """
    whole = {identifier(t) for t in targets if isinstance(t, M.Sym)}
    zeros = ("_0", "_{0}")  # a listing that writes no subscript 0 has no initial value to read
    if not whole or not any(z in n.latex for n in ir.walk(algorithm) if isinstance(n, ir.Math) for z in zeros):
        return frozenset()
    if context is not None and any(f.first == 0 for f in [*context.firsts.values(), *context.written.values()]):
        return frozenset()
    zero: set[str] = set()
    other: set[str] = set()
    for t in targets:
        if isinstance(t, (M.Idx, M.Index)):
            other.add(identifier(t.base) or "")
    for tree, _ in _parsed(algorithm, parse):
        for t in M.walk(tree):
            if isinstance(t, M.Idx) and isinstance(t.base, M.Sym):
                index = t.indices[0] if len(t.indices) == 1 else None
                named = identifier(t.base) or ""
                (zero if isinstance(index, M.Num) and index.text == "0" else other).add(named)
            elif isinstance(t, M.Index):
                other.add(identifier(t.base) or "")
    return frozenset(f"{name}_0" for name in (zero & whole) - other)


def _parsed(algorithm: ir.Node, parse: Callable[[ir.Math], M.MathNode]) -> Iterator[tuple[M.MathNode, bool]]:
    """Every math segment of ``algorithm`` parsed, and whether it is a target (one that does not parse is left out)."""
    for node in ir.walk(algorithm):
        for m, target in _maths(node):
            try:
                yield parse(m), target
            except LocatedError:
                continue  # reported with the math


def _column_target(m: ir.Math, parse: Callable[[ir.Math], M.MathNode]) -> bool:
    try:
        tree = parse(m)
    except LocatedError:
        return False
    return isinstance(tree, M.Transpose) and isinstance(tree.operand, M.Tuple)


def _unstacked(parse: Callable[[ir.Math], M.MathNode], columns: frozenset[int]) -> Callable[[ir.Math], M.MathNode]:
    """``parse``, with each target ``(x, y, w)^{T}`` read as the names it sets, ``(x, y, w)``."""

    def read(m: ir.Math) -> M.MathNode:
        tree = parse(m)
        if id(m) in columns and isinstance(tree, M.Transpose):
            return tree.operand
        return tree

    return read


def call_families(algorithm: ir.Algorithm, parse: Callable[[ir.Math], M.MathNode]) -> frozenset[str]:
    """The names whose family the parameters or ``\\Require`` write as calls: ``\\gamma(0), \\dots, \\gamma(N)``."""
    out: set[str] = set()
    for node in ir.walk(algorithm):
        maths: list[ir.Math] = []
        if isinstance(node, ir.Function):
            maths = list(node.params)
        elif isinstance(node, ir.Condition) and node.kind in ("require", "input"):
            maths = list(node.symbols)
        trees: list[M.MathNode] = []
        for m in maths:
            try:
                tree = parse(m)
            except LocatedError:
                continue
            trees += list(tree.items) if isinstance(tree, M.Tuple) else [tree]
        for tree in trees:  # x(0), \dots, x(L-1) alone in its math: one range
            if isinstance(tree, M.Range) and isinstance(tree.lo, M.Apply) and isinstance(tree.hi, M.Apply):
                name = identifier(tree.lo.fn)
                if name is not None and name == identifier(tree.hi.fn):
                    out.add(name)
        for a, dots, b in zip(trees, trees[1:], trees[2:]):
            if (
                isinstance(dots, M.Dots)
                and isinstance(a, M.Apply)
                and isinstance(b, M.Apply)
                and identifier(a.fn) is not None
                and identifier(a.fn) == identifier(b.fn)
            ):
                out.add(identifier(a.fn))  # type: ignore[arg-type]
    return frozenset(out)


def call_member(node: M.MathNode, called: frozenset[str]) -> M.MathNode:
    if isinstance(node, M.Apply) and isinstance(node.fn, M.Sym) and identifier(node.fn) in called:
        return M.Idx(node.fn, node.args, span=node.span)
    return node


def _loop_variables(algorithm: ir.Algorithm, parse: Callable[[ir.Math], M.MathNode]) -> frozenset[str]:
    """The names the listing's loops run (``n`` of ``\\For{\\(n = 2, \\dots, m\\)}``)."""
    out: set[str] = set()
    for node in ir.walk(algorithm):
        if loop_variable(node) is not None:
            try:
                name = identifier(parse(loop_variable(node)))  # type: ignore[arg-type]
            except LocatedError:
                continue
            if name is not None:
                out.add(name)
    return frozenset(out)


def _powered_families(
    targets: Iterable[M.MathNode], assigned: set[str | None], loops: frozenset[str]
) -> frozenset[tuple[str, str]]:
    """``(sigma, 2)`` of ``\\sigma_n^2 \\gets …`` where σ itself is never assigned: Hull's variances σ_n², a family."""
    out = set()
    for t in targets:
        if isinstance(t, M.Pow) and isinstance(t.exp, M.Num) and isinstance(t.base, M.Idx):
            name = identifier(t.base.base) if isinstance(t.base.base, M.Sym) else None
            # stored at a loop's index (σ_n², n running): a family; σ_1², s_p² (pooled), σ_B² are names of their own
            running = any(identifier(i) in loops for i in t.base.indices)
            if name is not None and name not in assigned and running:
                out.add((name, t.exp.text))
    return frozenset(out)


def powered_member(node: M.MathNode, powered: frozenset[tuple[str, str]]) -> M.MathNode:
    """``\\sigma_{n-1}^2`` of the family σ² the listing stores: its member n − 1, never σ_{n-1} squared."""
    if not (isinstance(node, M.Pow) and isinstance(node.exp, M.Num) and isinstance(node.base, M.Idx)):
        return node
    base = node.base.base
    if not isinstance(base, M.Sym) or (identifier(base), node.exp.text) not in powered:
        return node
    return M.Idx(M.Pow(base, node.exp, span=base.span), node.base.indices, span=node.span)


def _prime_transpose(node: M.MathNode, primed: frozenset[str | None]) -> M.MathNode:
    """``A'`` as the transpose of ``A``, where the prose says a prime is one."""
    if not (isinstance(node, M.Sym) and node.accents[-1:] == ("prime",)) or identifier(node) in primed:
        return node
    plain = M.Sym(node.name, node.font, node.accents[:-1], span=node.span)
    return M.Transpose(plain, span=node.span)


def applied_as_entries(algorithm: ir.Algorithm, parse: Callable[[ir.Math], M.MathNode]) -> frozenset[str]:
    """The names the listing applies to one index written as an index is (``r_x(0)``, ``\\pi(v)``)."""
    return frozenset(
        name
        for tree, _ in _parsed(algorithm, parse)
        for node in M.walk(tree)
        if isinstance(node, M.Apply)
        and len(node.args) == 1
        and index_like(node.args[0])
        and (name := identifier(node.fn)) is not None
    )


def made_of_parts(context: InputSpec | None, assigned: set[str | None]) -> dict[str, frozenset[str]]:
    """The names the note defines as a tuple of names (``G = (V, E)``), each with its parts; none the listing sets."""
    out: dict[str, frozenset[str]] = {}
    for name, (value, _) in (context.definitions if context is not None else {}).items():
        if name in assigned or not isinstance(value, M.Tuple) or isinstance(value, M.Range):
            continue
        parts = [identifier(i) for i in value.items if isinstance(i, M.Sym)]
        if len(parts) == len(value.items) >= 2 and None not in parts:
            out[name] = frozenset(parts)  # type: ignore[arg-type]
    return out


def given_by_parts(
    node: ir.Function,
    params: list[str],
    context: InputSpec | None,
    parse: Callable[[ir.Math], M.MathNode],
    functions: dict[str, ir.Function] | None = None,
    _seen: frozenset[str] = frozenset(),
) -> frozenset[str]:
    """The parameters the note defines as a tuple of names (``G = (V, E)``) that the body reads only by their parts.

    Passing one on to a procedure of the listing that reads it only by its parts
    (``\\Call{Initialize-Single-Source}{$G, s$}``) is no read of the whole either.
    """
    composites = made_of_parts(context, set())
    candidates = {p for p in params if p in composites}
    if not candidates:
        return frozenset()
    passed: dict[ir.Math, tuple[ir.Function, int]] = {}
    for n in ir.walk(node):
        callee = (functions or {}).get(n.name) if isinstance(n, ir.CallStmt) else None
        if callee is not None and callee.name not in _seen:
            passed.update({arg: (callee, k) for k, arg in enumerate(n.args)})
    seen = _seen | {node.name}
    for n in ir.walk(node):
        if not isinstance(n, ir.Math) or n in node.params:
            continue
        try:
            tree = parse(n)
        except LocatedError:
            continue  # reported with the math
        name = identifier(tree) if isinstance(tree, M.Sym) else None
        if n in passed and name in candidates and _by_parts_in(*passed[n], context, parse, functions, seen):
            continue
        candidates -= {identifier(t) for t in M.walk(tree) if isinstance(t, M.Sym)}
    return frozenset(candidates)


def _by_parts_in(
    callee: ir.Function,
    position: int,
    context: InputSpec | None,
    parse: Callable[[ir.Math], M.MathNode],
    functions: dict[str, ir.Function] | None,
    seen: frozenset[str],
) -> bool:
    """Whether ``callee`` reads its parameter at ``position`` only by its parts."""
    if position >= len(callee.params):
        return False
    try:
        names = [identifier(parse(p)) for p in callee.params]
    except LocatedError:
        return False
    param = names[position]
    if param is None:
        return False
    return param in given_by_parts(callee, [param], context, parse, functions, seen)


def _part_of(node: M.MathNode, composites: dict[str, frozenset[str]]) -> M.MathNode:
    """``V[G]`` and ``G.V`` of ``G = (V, E)``: the part ``V`` (spanning what is written)."""
    if isinstance(node, M.Index) and len(node.args) == 1 and isinstance(node.base, M.Sym):
        whole, part = identifier(node.args[0]) if isinstance(node.args[0], M.Sym) else None, node.base
    elif isinstance(node, M.Attr) and isinstance(node.obj, M.Sym):
        whole, part = identifier(node.obj), M.Sym(node.name, span=node.span)
    else:
        return node
    if whole not in composites or identifier(part) not in composites[whole]:
        return node
    return dataclasses.replace(part, span=node.span)


def attribute_table(node: M.MathNode, attributes: frozenset[str], arrays: frozenset[str | None]) -> M.MathNode:
    """``v.\\pi`` of an attribute the listing stores: ``\\pi[v]``; of an array ``A``, the entry named ``"A"``."""
    if (
        isinstance(node, M.Index)
        and len(node.args) == 1
        and isinstance(node.base, M.Sym)
        and isinstance(node.args[0], M.Sym)
        and identifier(node.base) in attributes
        and identifier(node.args[0]) in arrays
    ):
        node = M.Attr(node.args[0], identifier(node.base) or "", span=node.span)  # heap-size[A] is A.heap-size
    if not (isinstance(node, M.Attr) and node.name in attributes):
        return node
    if isinstance(node.obj, M.Sym) and identifier(node.obj) in arrays:
        # keyed by the array's name: the table goes where the procedures that pass the array go
        key = M.String(identifier(node.obj) or "", span=node.obj.span)
        return M.Index(M.Sym(node.name, span=node.span), (key,), span=node.span)
    if isinstance(node.obj, (M.Sym, M.Idx, M.Index, M.Num)):
        return M.Index(M.Sym(node.name, span=node.span), (node.obj,), span=node.span)
    return node


#: the label of an array a listing takes as ``X^{-1}``: its name is ``X_of_inv`` (never the inverse of X)
_INV = "inv"


def _inverse_name(node: M.MathNode, inverses: frozenset[str]) -> M.MathNode:
    if isinstance(node, M.Inverse) and isinstance(node.operand, M.Sym) and identifier(node.operand) in inverses:
        return M.Label(node.operand, M.Sym(_INV, span=node.span), span=node.span)
    return node


def _inverse_entry(node: M.MathNode) -> M.MathNode:
    """``\\pi^{-1}[s]``: entry s of the array ``\\pi^{-1}``, not a product."""
    if isinstance(node, M.Juxt) and isinstance(node.left, M.Label) and identifier(node.left.label) == _INV:
        return M.Index(node.left, (node.right,), span=node.span)
    return node


def _parameter_trees(algorithm: ir.Algorithm, parse: Callable[[ir.Math], M.MathNode]) -> Iterator[M.MathNode]:
    """Each parameter of the listing's functions, read (one that does not parse is reported with its math)."""
    for node in ir.walk(algorithm):
        if isinstance(node, ir.Function):
            for m in node.params:
                try:
                    yield parse(m)
                except LocatedError:
                    continue


def as_coordinates(tree: M.MathNode, coordinates: dict[str, tuple[str, int]]) -> M.MathNode:
    """``x_k`` as the first coordinate of ``p_k`` where the prose says "a point \\(p_i = (x_i, y_i)\\)"."""

    def point_of(node: M.MathNode) -> M.MathNode:
        if not (isinstance(node, M.Idx) and len(node.indices) == 1 and isinstance(node.base, M.Sym)):
            return node
        found = coordinates.get(identifier(node.base) or "")
        if found is None:
            return node
        point = M.Idx(M.Sym(found[0], span=node.base.span), node.indices, span=node.span)
        return M.Call("_coordinate", (point, M.Num(str(found[1]), span=node.span)), span=node.span)

    return M.transform(tree, point_of)


def _names_in(node: M.MathNode) -> set[str]:
    return {n for x in M.walk(node) if isinstance(x, M.Sym) and (n := identifier(x)) is not None}


def _string_length(node: M.MathNode, strings: dict[str, str]) -> M.MathNode:
    """``\\lvert s \\rvert`` of a spelled string as ``\\mathrm{len}(s)``: it still reads s, whatever it is given."""
    if isinstance(node, M.Abs) and isinstance(node.operand, M.Sym) and identifier(node.operand) in strings:
        return M.Apply(M.Sym("len", span=node.span), (node.operand,), span=node.span)
    return node


def level_letters(algorithm: ir.Algorithm) -> frozenset[str]:
    """The names ``algorithm`` stores by level (``U`` of ``U^{n+1}_i \\gets …``, ``x`` of ``x^{k+1} \\gets …``).

    The prose around the listing writes their levels the same way: ``U^0`` is the level 0, the input
    ``U_of_0``, never the power of a ``U``.
    """
    targets = _targets(algorithm, parse_segment)
    return frozenset(name for name, _ in stored_levels(targets)) | superscript_families(targets)


def _targets(algorithm: ir.Algorithm, parse: Callable[[ir.Math], M.MathNode]) -> list[M.MathNode]:
    """The target of every assignment of ``algorithm`` (one that does not parse is reported with its math)."""
    out = []
    for node in ir.walk(algorithm):
        if isinstance(node, ir.Assign):
            try:
                target = parse(node.target)
            except LocatedError:
                continue
            if isinstance(target, M.Transpose) and isinstance(target.operand, M.Tuple):
                target = target.operand  # (x, y, w)^{T} \gets …: the three names
            out.extend(set_by(target))  # Q R = A sets Q and R
    return out


def _declared(context: InputSpec) -> set[str]:
    names = {d.name for d in context.inputs} | set(context.sizes) | set(context.definitions)
    return names | set(context.families.values())


def step_letters(
    algorithm: ir.Algorithm, parse: Callable[[ir.Math], M.MathNode], declared: Iterable[str] = ()
) -> frozenset[str]:
    """The letters ``algorithm`` uses only to name the quantities of one step (see the module's docstring)."""
    declared = set(declared)
    in_steps: set[str] = set()
    elsewhere: set[str] = set()
    evidence: set[str] = set()
    for tree, target in _parsed(algorithm, parse):
        stepped: set[int] = set()
        for t in M.walk(tree):
            found = step_name(t)
            if found is None:
                continue
            letter, name = found
            in_steps.add(letter)
            stepped.update(id(x) for x in M.walk(t.indices[0]))  # type: ignore[attr-defined]
            if (target and t is tree) or name in declared:
                evidence.add(letter)
        # the letter of a name's base is not the letter (t_H, the transfer time, beside a_t)
        bases = {id(t.base) for t in M.walk(tree) if isinstance(t, M.Idx)}
        elsewhere.update(
            t.name for t in M.walk(tree) if isinstance(t, M.Sym) and id(t) not in stepped and id(t) not in bases
        )
    return frozenset((in_steps & evidence) - elsewhere - declared)


def _maths(node: ir.Node) -> Iterable[tuple[ir.Math, bool]]:
    """Every math segment of ``node`` itself (not of its children), and whether it is a target."""
    if isinstance(node, ir.Assign):
        yield node.value, False
        yield node.target, True
        return
    for name in getattr(node, "__dataclass_fields__", {}):
        value = getattr(node, name)
        if isinstance(value, ir.Math):
            yield value, False
        elif isinstance(value, ir.Text):
            yield from ((m, False) for m in value.math)
        elif isinstance(value, tuple):
            yield from ((v, False) for v in value if isinstance(v, ir.Math))


def direct_bases(algorithm: ir.Algorithm, parse: Callable[[ir.Math], M.MathNode]) -> frozenset[str]:
    """The names a listing stores by index and reads only where it stores them, or at a constant.

    ``[A]_j \\gets [A]_0 e^{-k_a t_j}`` then ``[P]_j \\gets [A]_0 - [A]_j`` reads ``A`` only at the constant
    0 and at the ``j`` just stored: each member is computed from the given ``[A]_0``, no recurrence.
    ``x_{k+1} \\gets x_k / 2`` reads ``x`` at ``k`` where it stores ``k + 1``: a recurrence, whose first
    member the note gives is one of its members.
    """
    stored: dict[str, set[str]] = {}
    read: dict[str, set[str]] = {}
    for tree, target in _parsed(algorithm, parse):
        if target:
            if isinstance(tree, M.Idx):
                stored.setdefault(identifier(tree.base) or "", set()).add(M.dump(M.Tuple(tree.indices, span=tree.span)))
            continue
        for t in M.walk(tree):
            if isinstance(t, M.Idx) and not all(isinstance(i, M.Num) for i in t.indices):
                read.setdefault(identifier(t.base) or "", set()).add(M.dump(M.Tuple(t.indices, span=t.span)))
    return frozenset(b for b in stored if b and not read.get(b, set()) - stored[b])
