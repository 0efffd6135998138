r"""Which names a listing reads that nothing in it binds: name resolution without running anything.

The interpreter looks names up when a statement runs; ``lint`` must know the same answer
before anything runs, so that a lint-clean listing runs. This module reads a listing's IR the
way the interpreter binds names: a listing (or each ``\Function`` of it) is a scope: its
parameters, its ``\Require`` names, every name it assigns or loops over anywhere (the
interpreter's rule too: a name assigned later in the text is a variable of the listing, not a
free name). What its math reads is :mod:`.reads`'s job; what it reads before writing it,
:mod:`.first_reads`'s; which subscripted names are names of their own, :mod:`.labels`'s.

Math inside English text (a caption, a comment, a ``\Require`` description, an unbound
English statement) is read by people only and reads nothing. Nothing here imports NumPy.
"""

from __future__ import annotations

import dataclasses
from typing import Callable, Iterable, Iterator

from ..findings import LocatedError
from ..math import mathexpr as M
from ..math.names import identifier, iterated_entry, labelled, staged_entry
from ..math.slices import index_items
from ..syntax import ir
from .containers import ADDING, Operation, container_step
from .factorizations import factorization, set_by
from .families import member_written
from .first_reads import first_reads, stored_sizes
from .labels import statement_labels
from .reads import CONSTANT_WORDS, _Reader, constant_letters, reads_of
from .requires import declared_inputs
from .scope_types import Read, Scope
from .signature import assigned_names, entry_of, swap_call
from .worded import (
    each_member,
    for_each_parts,
    forall_filter,
    loop_variable,
    said_all,
    said_of,
    solve_of,
    swaps_of,
    witness_of,
    worded_condition,
)

__all__ = [
    "Read",
    "Scope",
    "scopes",
    "reads_of",
    "bare_identity",
    "constant_letters",
    "used_elsewhere",
    "CONSTANT_WORDS",
]


def scopes(
    algorithm: ir.Algorithm,
    parse: Callable[[ir.Math], M.MathNode],
    *,
    known: Iterable[str] = (),
    declared: Iterable[str] = (),
) -> list[Scope]:
    """The scopes of ``algorithm`` with their free reads (``known``: names defined outside, e.g. functions).

    A listing made of ``\\Function`` blocks has one scope per function (the entry first); other
    listings have one scope for their statements, and one per function defined among them.
    """
    parse = _tolerant(parse)
    body = [n for n in algorithm.body if not isinstance(n, ir.Comment)]
    funcs = [n for n in body if isinstance(n, ir.Function)]
    others = [n for n in body if not isinstance(n, (ir.Function, ir.Condition))]
    names = set(known) | {f.name for f in ir.walk(algorithm) if isinstance(f, ir.Function)}
    given = frozenset(declared)
    out: list[Scope] = []
    if funcs and not others:
        entry = entry_of(funcs)
        # Heapsort(a) calling Sift-Down(i, m), which swaps a_j and a_k: a helper reads its callers' arrays,
        # so a_j there is an entry of a, never a name of its own written under the parameter j
        passed = {f.name: set(param_names(f, parse)) for f in funcs} if len(funcs) > 1 else {}
        for f in sorted(funcs, key=lambda f: f is not entry):
            theirs = set().union(*(p for name, p in passed.items() if name != f.name)) - passed.get(f.name, set())
            out.append(_function_scope(f, parse, names, entry=f is entry, declared=given | theirs))
        return _with_first_reads(_shared_with_helpers(_passed_vectors(out)), parse)
    scope = Scope(None, algorithm, declared=given)
    scope.bound = assigned_names(algorithm.body, parse) | _require_names(algorithm.body, parse)
    _read_statements(algorithm.body, scope, parse, names)
    out.append(scope)
    for n in ir.walk(algorithm):
        if isinstance(n, ir.Function):
            out.append(_function_scope(n, parse, names, entry=False, declared=given))
    return _with_first_reads(_passed_vectors(out), parse)


def _shared_with_helpers(found: list[Scope]) -> list[Scope]:
    """What the procedures store for their caller is the caller's: DFS-Visit's ``order_t \\gets u``, ``t \\gets t + 1``.

    The entry scope reads ``order`` after calling ``Visit``: a name ``Visit`` stores into by index, or
    reads and sets whole, is set by the call, never a free name of the entry.
    """
    entry, helpers = found[0], found[1:]
    stores = {
        h.function: (h.stored_by_index | h.bracketed | (h.assigned_whole & set(h.unset_reads))) - set(h.params)
        for h in helpers
    }
    shared = set().union(*stores.values()) if stores else set()
    for name in shared:
        entry.reads.pop(name, None)
    entry.bound |= shared
    # CLRS's Bellman-Ford reads d[v] that Initialize-Single-Source stores, and Max-Heapify the heapsize
    # Heapsort sets: the entry reads what its callees give back, a procedure what its callers pass. Such
    # a name stays a read (a call passes it in) and is never one nothing binds
    assigned = {h.function: h.assigned_whole | h.stored_by_index | h.bracketed for h in helpers}
    for h in helpers:
        given = stores if h.entry else assigned
        h.from_callers = {n for f, names in given.items() if f != h.function for n in names} - set(h.params)
    return found


def _with_first_reads(found: list[Scope], parse: Callable[[ir.Math], M.MathNode]) -> list[Scope]:
    for s in found:
        first = first_reads(s.node, parse)
        s.read_first, s.whole_first = set(first.mentioned), first.whole
        s.read_before, s.unset_reads = set(first.before_loops), first.unset
        s.store_sizes = stored_sizes(s.node, parse)
    return found


def _passed_vectors(found: list[Scope]) -> list[Scope]:
    """``f \\gets 0``, then ``\\Call{Visit}{…, f}`` whose parameter ``f`` the function stores ``f_u`` into: a vector.

    The caller never indexes it itself; the function it hands it to does, under the same name (as
    pseudocode passes its arrays).
    """
    stored = {
        name
        for s in found
        if s.function is not None
        for name in s.params
        if name in s.stored_by_index and s.index_counts.get(name) == {1}
    }
    for s in found:
        for name in s.zeroed:
            if name in stored and name not in s.index_counts:
                s.index_counts[name] = {1}
    return found


def _tolerant(parse: Callable[[ir.Math], M.MathNode]) -> Callable[[ir.Math], M.MathNode]:
    """``parse``, reading math that does not parse as words (it binds and reads nothing; lint reports it).

    Each segment is read once: the scope's passes (reads, first reads, stores) ask for it again, and
    a 100,000-term sum must not be rebuilt by every one.
    """
    seen: dict[tuple[int, int, str], M.MathNode] = {}

    def read(m: ir.Math) -> M.MathNode:
        key = (m.span.start, m.span.end, m.latex)
        found = seen.get(key)
        if found is None:
            try:
                found = parse(m)
            except LocatedError:
                found = M.Text(m.latex, span=m.span)
            seen[key] = found
        return found

    return read


def _function_scope(
    f: ir.Function,
    parse: Callable[[ir.Math], M.MathNode],
    known: set[str],
    *,
    entry: bool,
    declared: frozenset[str] = frozenset(),
) -> Scope:
    params = tuple(param_names(f, parse))
    scope = Scope(f.name, f, params=params, entry=entry, declared=declared)
    scope.bound = assigned_names(f.body, parse) | set(params)
    _read_statements(f.body, scope, parse, known)
    return scope


def param_names(f: ir.Function, parse: Callable[[ir.Math], M.MathNode]) -> list[str]:
    """A function's parameter names; ``y_1, \\dots, y_M`` is one parameter ``y`` (a family)."""
    out = []
    for item in param_trees(f, parse):
        if isinstance(item, M.Range):
            name = identifier(item.lo.base) if isinstance(item.lo, M.Idx) else None
        else:
            name = identifier(item)
        if name is not None:
            out.append(name)
    return out


def param_trees(f: ir.Function, parse: Callable[[ir.Math], M.MathNode]) -> list[M.MathNode]:
    """A function's parameters as parsed, a family (``y_1, \\dots, y_M``) as one range; unreadable ones left out."""
    trees = []
    for p in f.params:
        try:
            trees.append(parse(p))
        except LocatedError:
            continue  # reported where the parameter is compiled
    return join_families(trees)


def join_families(trees: list[M.MathNode]) -> list[M.MathNode]:
    r"""``y_1``, ``\dots``, ``y_M`` (a parameter list split at its commas) → one family ``y_1, \dots, y_M``."""
    out: list[M.MathNode] = []
    i = 0
    while i < len(trees):
        a = trees[i]
        # \gamma(0), \dots, \gamma(N) and x[0], \dots, x[N-1] are families too
        lo = a if isinstance(a, M.Idx) else member_written(a)
        hi = trees[i + 2] if i + 2 < len(trees) else None
        hi = hi if hi is None or isinstance(hi, M.Idx) else member_written(hi)
        if (
            hi is not None
            and lo is not None
            and isinstance(trees[i + 1], M.Dots)
            and identifier(lo.base) is not None
            and identifier(lo.base) == identifier(hi.base)
        ):
            out.append(M.Range(lo, hi, span=a.span.cover(trees[i + 2].span)))
            i += 3
            continue
        out.append(a)
        i += 1
    return out


def _product_factors(tree: M.MathNode) -> set[str]:
    """The names multiplied by anything but a number: ``A``, ``x`` of ``2 A x_k``; ``a``, ``w`` of ``a^T w``."""
    out: set[str] = set()
    for t in M.walk(tree):
        if not (isinstance(t, M.Juxt) or (isinstance(t, M.BinOp) and t.op in ("*", "cdot"))):
            continue
        for side, other in ((t.left, t.right), (t.right, t.left)):
            if isinstance(other, (M.Num, M.Frac)):
                continue
            while isinstance(side, M.Transpose):
                side = side.operand
            if not isinstance(side, (M.Idx, M.Sym)):
                continue
            name = identifier(side.base if isinstance(side, M.Idx) else side)
            if name is not None:
                out.add(name)
    return out


def _require_names(nodes: Iterable[ir.Node], parse: Callable[[ir.Math], M.MathNode]) -> set[str]:
    spec = declared_inputs(nodes, parse, tolerant=True)
    names = {d.name for d in spec.inputs} | set(spec.sizes) | set(spec.families.values())
    return names | {d.columns for d in spec.inputs if d.columns}


# --- statements -------------------------------------------------------------------------------------


def _read_statements(
    nodes: Iterable[ir.Node], scope: Scope, parse: Callable[[ir.Math], M.MathNode], known: set[str]
) -> None:
    executed = [(m, target) for node in nodes for m, target in _executed(node)]
    # \Return k = \min(i, j): the value returned, named k; k is not read
    returned = {id(v) for node in nodes for n in ir.walk(node) if isinstance(n, ir.Return) for v in n.values}
    trees = []
    for m, target in executed:
        if isinstance(m, ir.Text):  # "\(P\) for \(i = 1, \dots, m\)": the math it states is read
            worded = worded_condition(m, parse)
            if worded is not None:
                trees.append((worded, False))
                witness = witness_of(worded)
                if witness is not None:  # "there is an i with …": the statements it guards read that i
                    scope.bound.add(witness)
            elif said_all(m) is not None or said_of(m) is not None:
                # "\(a_{uv} = 1\) \textbf{and not} \(\mathit{seen}_v\)", "\(S\) is not empty": each math is read
                for part in m.math:
                    try:
                        trees.append((parse(part), False))
                    except LocatedError:
                        continue
            continue
        try:
            tree = parse(m)
        except LocatedError:
            continue  # reported with the math
        if id(m) in returned and isinstance(tree, M.Rel) and len(tree.rest) == 1 and tree.rest[0][0] == "=":
            tree = tree.rest[0][1] if isinstance(tree.first, M.Sym) else tree
        if target and factorization(tree) is not None:  # Q R = A: the factors Q and R are what the step sets
            tree = M.Tuple(set_by(tree), span=tree.span)
        witness = witness_of(tree) if not target else None
        if witness is not None:  # \If{\(\exists i: …\)}: the statements it guards read the i it found
            scope.bound.add(witness)
        trees.append((tree, target))
        _note_letter_pairs(trees[-1][0], m, scope)
    scope.updated_in_place |= _updated_in_place(trees)
    scope.factors |= {name for tree, _ in trees for name in _product_factors(tree)}
    scope.variable_indexed |= {
        identifier(t.base) or ""
        for tree, _ in trees
        for t in M.walk(tree)
        if isinstance(t, M.Idx) and not all(isinstance(i, M.Num) for i in t.indices)
    }
    # only where one of them is given as a name (`\Require p_0`)
    given = _require_names(nodes, parse) | set(scope.params) | scope.declared
    found = statement_labels(
        trees,
        scope.variable_indexed,
        given,
        scope.bound | given | known,
        _set_to_numbers(nodes, parse),
        _varying(nodes, parse),
    )
    scope.labels |= found.numbered | found.capitals | found.beside_numbers
    scope.bound |= found.capitals | found.beside_numbers
    scope.bound |= found.numbered & {identifier(tree) for tree, target in trees if target}  # p_1 \gets …: the listing's
    # x_i \gets … stores into x (a sequence when x holds nothing yet): x is the listing's too
    declared = set(scope.bound)
    scope.bound |= {
        n
        for tree, target in trees
        if target
        # f_1 \gets f(x_1): a number of its own stores nothing into f
        for n in ({identifier(tree)} if identifier(tree) in scope.labels else _stored(tree, declared.__contains__))
        if n is not None
    }
    for tree, target in trees:
        if target:
            _shape_of_target(tree, scope, declared.__contains__)
    for n, value, target in _assignments(nodes, parse):
        # Z_0 \gets I: a member by number (the Denman–Beavers iteration's first iterate) is set whole too
        numbered = isinstance(target, M.Idx) and all(isinstance(i, M.Num) for i in target.indices)
        name = identifier(target) if isinstance(target, M.Sym) or numbered else None
        if name is not None and M.zero_literal(value):
            scope.zeroed.setdefault(name, n.span)
            if numbered and identifier(target.base) is not None:  # type: ignore[union-attr]
                scope.zeroed_members[name] = identifier(target.base)  # type: ignore[union-attr,assignment]
        if name is not None and _mentions_ones(value):
            scope.filled.add(name)
        if name is not None and bare_identity(value) and "I" not in declared:
            scope.identities.setdefault(name, n.span)
        if name is not None:
            scope.whole_values.setdefault(name, []).append(value)
        if numbered and name is not None:
            scope.member_set.setdefault(name, n.span.end)
        for item in target.items if isinstance(target, (M.Tuple, M.ListLit)) else ():
            # (λ_1, v_1) \gets \Call{Power}{…}: each numbered member of the tuple is set here
            if isinstance(item, M.Idx) and all(isinstance(i, M.Num) for i in item.indices) and identifier(item):
                scope.member_set.setdefault(identifier(item), n.span.end)  # type: ignore[arg-type]
    # "\(\rho_p \gets 0\) for \(p = 0, \dots, M\)": every member set, so the whole of rho is the listing's
    filled = _filled_by_each(nodes, parse)
    scope.assigned_whole |= filled
    scope.whole |= filled
    # "evaluate the loss \(L_i\) on \(B_i\)": a binding of the statement sets what it names
    scope.described |= _stated_names(nodes, parse) - scope.bound
    scope.bound |= scope.described
    for tree, target in trees:
        if target and identifier(tree) in scope.labels:
            continue  # s_L \gets …: a name of its own, its letter never read
        if target and isinstance(tree, M.Tuple):  # (n_A, \bar{x}_A, M_A) \gets …: each label a name of its own
            tree = M.Tuple(tuple(i for i in tree.items if identifier(i) not in scope.labels), span=tree.span)
        parts = _target_indices(tree, declared.__contains__) if target else [tree]
        for part in parts:
            reader = _Reader([], scope.dims, scope.indexed, scope)
            reader.visit(part, frozenset(scope.bound | known))
            for read in reader.out:
                _note(scope, read)
    for node in nodes:
        for n in ir.walk(node):
            if isinstance(n, ir.CallStmt) and n.name not in known and n.name not in scope.bound and not swap_call(n):
                _note(scope, Read(n.name, n.span, called=True))


def _note_letter_pairs(tree: M.MathNode, m: ir.Math, scope: Scope) -> None:
    r"""``\mu_{ip}``, ``\mu_{i p}``: two letters side by side, no comma: where each is first written."""
    for t in M.walk(tree):
        if isinstance(t, M.Idx) and len(t.indices) == 1 and isinstance(t.indices[0], (M.Sym, M.Num)):
            scope.single_indexed.add(identifier(t.base) or "")  # \mu_1, \mu_i
        if not (isinstance(t, M.Idx) and len(t.indices) == 2):
            continue
        a, b = t.indices
        if not (isinstance(a, M.Sym) and isinstance(b, M.Sym) and len(a.name) == 1 and len(b.name) == 1):
            continue
        between = m.latex[a.span.end - m.span.start : b.span.start - m.span.start]
        base = identifier(t.base)
        if base is not None and "," not in between:
            scope.letter_pairs.setdefault(base, t.span)


def _stated_names(nodes: Iterable[ir.Node], parse: Callable[[ir.Math], M.MathNode]) -> set[str]:
    out: set[str] = set()
    for node in nodes:
        for n in ir.walk(node):
            each = for_each_parts(n.text) if isinstance(n, ir.TextStatement) else None
            if each is not None:  # "\(d_v \gets \infty\) for all \(v \in V\)" sets d and v; V is read
                out |= _for_each_sets(each, parse)
                continue
            if isinstance(n, ir.TextStatement):
                for m in n.text.math:
                    try:
                        tree = parse(m)
                    except LocatedError:
                        continue
                    out |= {identifier(x) for x in M.walk(tree) if isinstance(x, (M.Sym, M.Idx))} - {None}
    return out


def _filled_by_each(nodes: Iterable[ir.Node], parse: Callable[[ir.Math], M.MathNode]) -> set[str]:
    """The arrays a statement for every member fills (``d`` of "\\(d_v \\gets \\infty\\) for all \\(v \\in V\\)")."""
    return {
        name
        for node in nodes
        for n in ir.walk(node)
        if isinstance(n, ir.TextStatement) and (each := for_each_parts(n.text)) is not None
        for target in _each_targets(each, parse)
        if isinstance(target, (M.Idx, M.Index)) and (name := identifier(target.base)) is not None
    }


def _each_targets(each: tuple[list[ir.Math], ir.Math], parse: Callable[[ir.Math], M.MathNode]) -> list[M.MathNode]:
    """The targets of a statement for every member (``d_v`` of "\\(d_v \\gets \\infty\\) for all …")."""
    out = []
    for m in each[0]:
        try:
            tree = parse(m)
        except LocatedError:
            continue
        if isinstance(tree, M.Assign):
            out.append(tree.target)
    return out


def _for_each_sets(each: tuple[list[ir.Math], ir.Math], parse: Callable[[ir.Math], M.MathNode]) -> set[str]:
    """The names a statement for every member sets: its targets' and the member's."""
    trees = [t.base if isinstance(t, (M.Idx, M.Index)) else t for t in _each_targets(each, parse)]
    try:
        member = each_member(parse(each[1]))
    except LocatedError:
        member = None
    if member is not None:
        trees.append(member[0])
    return {name for t in trees if (name := identifier(t)) is not None}


def _set_to_numbers(nodes: Iterable[ir.Node], parse: Callable[[ir.Math], M.MathNode]) -> set[str]:
    r"""Names these statements set whole to a number other than 0 (``\omega \gets 1``): a zero may be a vector's."""
    return {
        identifier(target) or ""
        for _, value, target in _assignments(nodes, parse)
        if isinstance(target, M.Sym) and isinstance(value, M.Num) and not M.zero_literal(value)
    } - {""}


def _assignments(
    nodes: Iterable[ir.Node], parse: Callable[[ir.Math], M.MathNode]
) -> Iterator[tuple[ir.Assign, M.MathNode, M.MathNode]]:
    """Each assignment among ``nodes`` with its value and target read (one that does not parse is left out)."""
    for node in nodes:
        for n in ir.walk(node):
            if isinstance(n, ir.Assign) and not isinstance(n, ir.Function):
                try:
                    yield n, parse(n.value), parse(n.target)
                except LocatedError:
                    continue  # reported with the math


def _varying(nodes: Iterable[ir.Node], parse: Callable[[ir.Math], M.MathNode]) -> set[str]:
    r"""Names that change from one pass of a loop to the next: its variables, what its body sets (``r \gets r + 1``)."""
    loops = (ir.ForRange, ir.ForAll, ir.WhileBlock, ir.RepeatUntil, ir.LoopBlock)
    out = set()
    for node in nodes:
        for loop in ir.walk(node):
            if not isinstance(loop, loops):
                continue
            var = loop_variable(loop)
            written = [var] if var is not None else []
            written += [n.target for n in ir.walk(loop) if isinstance(n, ir.Assign) and not isinstance(n, ir.Function)]
            for m in written:
                try:
                    tree = parse(m)
                except LocatedError:
                    continue
                if m is var or isinstance(tree, M.Sym):  # a store into an entry (x_i \gets …) changes x only
                    out |= {t.name for t in M.walk(tree) if isinstance(t, M.Sym)}
    return out


def _mentions_ones(tree: M.MathNode) -> bool:
    return any(M.bold_digit(n) for n in M.walk(tree))


def _note(scope: Scope, read: Read) -> None:
    old = scope.reads.get(read.name)
    if old is None:
        scope.reads[read.name] = dataclasses.replace(read, spans=(read.span,), max_indices=read.indices)
    else:
        scope.reads[read.name] = dataclasses.replace(
            old,
            spans=old.spans + (read.span,),
            max_indices=max(old.max_indices, read.indices),
            called=old.called or read.called,
            applied=old.applied and read.applied,
        )


_STATEMENTS = (
    ir.Assign,
    ir.Return,
    ir.CallStmt,
    ir.ForRange,
    ir.ForAll,
    ir.WhileBlock,
    ir.RepeatUntil,
    ir.IfBlock,
    ir.Branch,
    ir.LoopBlock,
    ir.UserBlock,
    ir.TextStatement,
)


def _updated_in_place(trees: list[tuple[M.MathNode, bool]]) -> set[str]:
    """Names an entry of which is read, in source order, before a store into that same entry.

    A read after the listing has stored that entry reads its own value: Gram–Schmidt's second pass,
    ``r_{ij} \\gets r_{ij} + c``, after the first pass's ``r_{ij} \\gets q_i^{\\top} v``.
    """
    read: dict[str, set[tuple[M.MathNode, ...]]] = {}
    stored: dict[str, set[tuple[M.MathNode, ...]]] = {}
    out: set[str] = set()
    for tree, target in trees:
        if target:
            # (a_{il}, a_{kl}) \gets (…): each entry a rotation stores (Givens) is a target of its own
            for item in tree.items if isinstance(tree, M.Tuple) else (tree,):
                name = identifier(item.base) if isinstance(item, M.Idx) else None
                if name is not None and item.indices in read.get(name, set()):
                    out.add(name)
                if name is not None:
                    stored.setdefault(name, set()).add(item.indices)
            continue
        for t in M.walk(tree):
            name = identifier(t.base) if isinstance(t, M.Idx) else None
            if name is not None and t.indices not in stored.get(name, set()):
                read.setdefault(name, set()).add(t.indices)
    return out


def _executed(node: ir.Node) -> Iterator[tuple[ir.Math | ir.Text, bool]]:
    """``(math, is_target)`` for the math a statement evaluates when it runs (its functions are scopes of their own).

    A condition in words comes as its :class:`~algoverify.syntax.ir.Text`, which reads as math or not at all.
    """
    if isinstance(node, ir.Assign):
        yield node.value, False
        yield node.target, True
    elif isinstance(node, ir.Return):
        yield from ((v, False) for v in node.values)
    elif isinstance(node, ir.TextStatement) and (each := for_each_parts(node.text)) is not None:
        yield each[1], False  # the set of "… for all \(v \in V\)" is read
    elif isinstance(node, ir.TextStatement) and (operation := container_step(node.text)) is not None:
        yield from _container_maths(operation)
    elif isinstance(node, ir.TextStatement) and (system := solve_of(node.text)) is not None:
        # "Solve \(M x = b\) for \(x\)": x is set (first, so its own mention reads nothing); M and b are read
        yield system[1], True
        yield system[0], False
    elif isinstance(node, ir.TextStatement) and (pairs := swaps_of(node.text)) is not None:
        # "swap \(a_{ij}\) and \(a_{ji}\)" reads both entries, then stores into a: A updated in place
        for pair in pairs:
            yield from ((m, False) for m in pair)
            yield from ((m, True) for m in pair)
    elif isinstance(node, ir.CallStmt):
        yield from ((a, swap_call(node)) for a in node.args)  # \Call{swap}{π[i], π[j]} stores into π
    elif isinstance(node, ir.ForRange):
        yield from ((m, False) for m in (node.start, node.stop, node.second, node.step) if m is not None)
    elif isinstance(node, ir.ForAll) and node.iterable is not None:
        yield node.iterable, False
        restricted = forall_filter(node)
        if restricted is not None:  # u \in R with a_{uv} = 1: the condition is read as it runs
            yield restricted, False
    elif isinstance(node, (ir.WhileBlock, ir.RepeatUntil, ir.Branch)) and isinstance(node.cond, (ir.Math, ir.Text)):
        yield node.cond, False
    elif isinstance(node, ir.UserBlock):
        yield from ((a, False) for a in node.args if isinstance(a, ir.Math))
    if isinstance(node, ir.Function):
        return
    for child in ir.iter_children(node):
        if isinstance(child, _STATEMENTS):
            yield from _executed(child)


def _container_maths(operation: Operation) -> Iterator[tuple[ir.Math, bool]]:
    """What a container statement stores and reads.

    "\\(S \\gets\\) empty list" sets S; "pop \\(r\\) from \\(S\\)" sets r, reads S and sets it again.
    """
    kind, maths = operation.kind, operation.maths
    if kind == "new":
        yield maths[0], True
    elif kind in ("first", "last"):
        yield maths[0], True
        yield maths[1], False
    elif kind in ADDING:
        yield maths[0], False
        yield maths[-1], False
        yield maths[-1], True  # the container after the push: a Visit's S is its caller's S, grown
    else:
        if len(maths) == 2:
            yield maths[0], True  # pop r from S: r is the item taken
        yield maths[-1], False
        yield maths[-1], True


def _stored(tree: M.MathNode, is_bound: Callable[[str], bool]) -> set[str]:
    """The names an assignment target stores into: ``x`` and ``x_i`` of ``x_i``, each of ``(a, b)``."""
    if isinstance(tree, (M.Tuple, M.ListLit)):
        return {n for item in tree.items for n in _stored(item, is_bound)}
    if isinstance(tree, M.Range) and isinstance(tree.lo, M.Idx) and isinstance(tree.hi, M.Idx):
        # p_{(1)}, \dots, p_{(m)} \gets \operatorname{sort}(p): the whole family is the listing's
        name = identifier(tree.lo.base)
        return {name} if name is not None and name == identifier(tree.hi.base) else set()
    if isinstance(tree, M.Idx):
        if labelled(tree, is_bound):
            return {n for n in (identifier(tree),) if n is not None}
        return {n for n in (identifier(tree), identifier(tree.base)) if n is not None}
    if (family := iterated_entry(tree) or staged_entry(tree)) is not None:
        return {family}  # Q^{n+1}_i: the iterates Q_of; f_m(n): the stage signals f
    if isinstance(tree, M.Index):
        name = identifier(tree.base)
        return {name} if name is not None else set()
    if isinstance(tree, M.Apply) and isinstance(tree.fn, M.Sym):  # p(j) \gets i: the table p
        name = identifier(tree.fn)
        return {name} if name is not None else set()
    if isinstance(tree, M.Assign):  # x \gets y \gets 0
        return _stored(tree.target, is_bound) | _stored(tree.value, is_bound)
    name = identifier(tree)
    return {name} if name is not None else set()


def _shape_of_target(tree: M.MathNode, scope: Scope, is_bound: Callable[[str], bool]) -> None:
    """Record how a target writes its names: whole (``x``) or by index (``d_{ij}``, and how many indices)."""
    if isinstance(tree, (M.Tuple, M.ListLit)):
        for item in tree.items:
            _shape_of_target(item, scope, is_bound)
    elif isinstance(tree, M.Idx) and not labelled(tree, is_bound) and identifier(tree) not in scope.labels:
        base = identifier(tree.base)
        if base is not None:
            scope.stored_by_index.add(base)
            # u_{j,k:m}: two indices (a row's part), though the subscript parses as (j, k):m
            scope.index_counts.setdefault(base, set()).add(len(index_items(tree.indices)))
    elif isinstance(tree, M.Range) and _stored(tree, is_bound):  # \beta_1, \dots, \beta_p \gets 0: assigned whole
        for name in _stored(tree, is_bound):
            scope.whole.add(name)
            scope.assigned_whole.add(name)
    elif (family := iterated_entry(tree) or staged_entry(tree)) is not None:
        # Q^{n+1}_i \gets …: an entry of the iterate n + 1, stored into the family Q_of by its level
        # (f_m(n) \gets …: the signal of stage m, stored into the stages f)
        scope.stored_by_index.add(family)
        scope.index_counts.setdefault(family, set()).add(1)
    elif isinstance(tree, M.Index) and identifier(tree.base) is not None:
        scope.bracketed.add(identifier(tree.base))  # type: ignore[arg-type]  # B[h_j(x_i)] \gets 1
    elif isinstance(tree, M.Assign):
        _shape_of_target(tree.target, scope, is_bound)
        _shape_of_target(tree.value, scope, is_bound)
    else:
        name = identifier(tree)
        if name is not None:
            scope.whole.add(name)
            scope.assigned_whole.add(name)


def _target_indices(tree: M.MathNode, is_bound: Callable[[str], bool]) -> list[M.MathNode]:
    """What a target reads: the indices of ``x_{i+1}`` and ``A[i]`` (the name itself is written)."""
    if isinstance(tree, (M.Tuple, M.ListLit)):
        return [p for item in tree.items for p in _target_indices(item, is_bound)]
    if isinstance(tree, M.Idx):
        return [] if labelled(tree, is_bound) else list(tree.indices)
    if staged_entry(tree) is not None:
        return [*tree.fn.indices, *tree.args]  # type: ignore[attr-defined]  # f_m(n): the stage and the time
    if isinstance(tree, (M.Index, M.Apply)):
        return list(tree.args)
    return []


def bare_identity(node: M.MathNode) -> bool:
    """``I`` (or ``\\mathbf{I}``) written without its size."""
    return isinstance(node, M.Sym) and node.name == "I" and node.font in ("", "bf", "rm") and not node.accents


def given_back(
    node: ir.Function,
    scope: Scope,
    scopes: dict[str | None, Scope],
    sequences: frozenset[str],
    outputs: tuple[str, ...],
) -> frozenset[str]:
    """What a helper procedure stores that is its caller's: the caller's values go in, the stores come back."""
    # what it stores by index, and what it reads and then sets whole (CLRS's time t \gets t + 1)
    out = set(sequences) | (scope.assigned_whole & set(scope.unset_reads))
    # d[v] \gets \infty in CLRS's Initialize-Single-Source, read by Relax and by the caller: the
    # listing's table, never one of the helper's own (as Merge's L and R, which nothing else reads)
    out |= (scope.stored_by_index | scope.bracketed) & used_elsewhere(node.name, scopes)
    # Tarjan's bridge counter: c \gets 0 in the caller, c \gets c + 1 in Visit's loop, read there before set
    set_elsewhere = {n for other in scopes.values() if other.function != node.name for n in other.assigned_whole}
    out |= scope.assigned_whole & set(scope.whole_first) & set_elsewhere
    if any(isinstance(n, ir.CallStmt) and n.name == node.name for n in ir.walk(node)):
        # a recursive Visit's low[u] \gets …, read as low[v] after Visit(v): one table for every call
        # (Recursive-FFT's y, made whole and returned by each call, stays each call's own)
        out |= (scope.stored_by_index | scope.bracketed) - scope.assigned_whole - set(outputs)
    return frozenset(out)


def used_elsewhere(name: str, scopes: dict[str | None, Scope]) -> set[str]:
    """The names the listing's scopes but ``name``'s read, store into by index, or take as parameters.

    Heapsort's ``a``, its parameter, that Sift-Down swaps entries of: the caller's array, whatever
    the caller itself does with it (it may only return it).
    """
    out: set[str] = set()
    for other in scopes.values():
        if other.function != name:
            out |= other.indexed | other.stored_by_index | other.bracketed | set(other.reads) | set(other.params)
    return out


def listing_reads(entry: Scope, scopes: dict[str | None, Scope] | None) -> set[str]:
    r"""The names the entry function and the listing's other functions read free.

    ``\Require A`` above ``\Function{Iterate}{v}``, and ``A`` read only in the helper ``Apply``
    that ``Iterate`` calls: ``A`` is still the listing's input, which the entry is given and
    passes down (a helper reads its caller's values), as a reader takes the ``\Require``.
    """
    return set(entry.reads).union(*(s.reads for s in (scopes or {}).values()))
