r"""A listing's free names, bound from what its note declares: the listing first, then the prose, then the spec.

A reader of a note knows what ``n`` is when the prose said "the array \(x\) has \(n\)
entries" before the listing; so does algoverify. For each scope of a listing (its statements,
or each ``\Function``), :func:`resolve` takes

* what the listing declares itself (``\Require``, ``\Input``, the parameters),
* what the note declares around it (``context``: the prose before the listing, nearest
  paragraph first, then the names the spec's checks draw),

and binds every free name the scope reads (:mod:`.scope`) to an input, a size derived from an
input's shape (checked against it when both are given), a family's size, or another name for
an input's parts (``c_{ij}`` of the matrix ``C``, ``b_j`` the columns of ``B``). Each binding
records where it came from. What nothing binds is :attr:`Resolution.unbound`; a subscript two
declarations read differently is :attr:`Resolution.ambiguous`: ``lint`` reports both, with
the fix, and never guesses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Iterable

from ..findings import LocatedError
from ..math import mathexpr as M
from ..math.latex import to_latex
from ..math.names import identifier, join_increments
from ..source import Span
from .bindings import (
    Binding,
    binding_of,
    bound_names,
    convention,
    declared_ndim,
    describes,
    part_binding,
    unbound_message,
)
from .declarations import Declared, InputSpec, Origin
from .entries import entries_beside_total, total_of_entries
from .levels import defined_levels, level_reads
from .scope import Read, Scope, reads_of
from .start_shapes import start_shapes

__all__ = [
    "Binding",
    "Resolution",
    "resolve",
    "unbound_message",
    "part_binding",
]  # the last two re-exported for callers


@dataclass
class Resolution:
    """The declarations a scope runs with, and what its free names are bound to."""

    declarations: InputSpec
    #: inputs the scope takes beyond its own declarations/parameters, in order
    extra_inputs: list[str] = field(default_factory=list)
    bindings: dict[str, Binding] = field(default_factory=dict)
    unbound: list[Read] = field(default_factory=list)
    #: reads with two readings: the read, and why
    ambiguous: list[tuple[Read, str]] = field(default_factory=list)
    #: the index base the note's written families say (``w_0, \dots, w_{k-1}``: 0), if they agree
    family_base: int | None = None
    #: families written from different first indices (``x_0, …`` and ``y_1, …``): the two
    base_conflict: tuple[str, str] | None = None
    #: entries read under another name: ``c`` → ``C`` (``c_{ij}`` is entry (i, j) of ``C``)
    renames: dict[str, str] = field(default_factory=dict)
    #: tables indexed by two somewhere: ``d_{0j}`` of them is the entry (0, j)
    pairs: frozenset[str] = frozenset()
    #: inputs that start a sequence the scope indexes: ``x_0`` of ``x_k`` → ``("x_0", "x", 0)``
    seeds: list[tuple[str, str, int]] = field(default_factory=list)
    #: names the prose defines that the scope reads (``V = \{1, \dots, n\}``), in the order to evaluate them
    definitions: list[tuple[str, M.MathNode]] = field(default_factory=list)
    #: matrices read whole that the scope computes part by part: ``Q`` → ``("columns", "q")`` (``q_j \gets …``)
    views: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: the first index of each view's parts, where the prose writes it (``Q = [q_1, \dots, q_k]``: 1, not ``q_0``)
    view_firsts: dict[str, int] = field(default_factory=dict)
    #: the last part a view takes, where the note writes it (``q_m`` of ``Q_m = [q_1, \dots, q_m]``): its size and shift
    view_lasts: dict[str, tuple[str, int]] = field(default_factory=dict)
    #: the shape the note declares for a view (``A ∈ ℝ^{N×3}`` of its rows ``a_i``): what a part left a number fills
    view_shapes: dict[str, tuple[str | int, ...]] = field(default_factory=dict)
    #: names the scope builds only by indexed stores (``c_k \gets …``): empty until the first store
    sequences: tuple[str, ...] = ()
    #: names set to 0 and then stored into by index: the zero vector of that size (``x`` → ``n``)
    zero_vectors: dict[str, str] = field(default_factory=dict)
    #: such names whose size the note does not say (several sizes, or none): where each is set to 0
    unsized_zeros: list[tuple[str, Span]] = field(default_factory=list)
    #: names set to 0 with no size that a product meets: the zero the product needs (``x_0`` of ``A x_k``)
    loose_zeros: frozenset[str] = frozenset()
    #: names set to ``I`` and then indexed: the size of the identity each is (``L`` → ``n``)
    identities: dict[str, str] = field(default_factory=dict)
    #: names set to ``I`` and then indexed, where the note gives no one size for it
    unsized_identities: list[tuple[str, Span]] = field(default_factory=list)
    #: names set to a value made of ``\mathbf{1}``, stored as that many ones: the listing's one size
    filled: dict[str, str] = field(default_factory=dict)
    #: names the prose defines as a gradient field that the scope applies (``F = -\nabla_x U``, ``F(x')``):
    #: each is a function of the gradient's variable (``F`` → ``x``), never the field's value times the argument
    fields: dict[str, str] = field(default_factory=dict)
    #: ``i`` is read free only in exponents (``e^{2 \pi i k / n}``), never as an index: the imaginary unit
    imaginary: bool = False


def resolve(scope: Scope, own: InputSpec, context: InputSpec) -> Resolution:
    """Bind the free reads of ``scope`` from ``own`` (the listing's declarations) and then ``context``."""
    own = _said_families(own, context)
    # "text t over \(\Sigma\)" where the prose defines Σ = {1, …, σ}: the definition, not an input to give
    defined_here = {d.name for d in own.inputs if _defined_not_drawn(d, context)}
    own_before = list(own.inputs)
    if defined_here:
        kept = [c for d in own.inputs if d.name in defined_here for c in d.constraints]
        own = replace(
            own, inputs=[d for d in own.inputs if d.name not in defined_here], conditions=[*own.conditions, *kept]
        )
    own_names = bound_names(own) | set(scope.params)
    # \sum_{i=1}^{d} x_i: d is the length of x, when the listing itself binds x
    dims = {d for d, arrays in scope.dims.items() if arrays and arrays <= own_names | scope.bound}
    free = {name: read for name, read in scope.reads.items() if name not in own_names | dims | scope.from_callers}
    free.update({d.name: Read(d.name, d.span) for d in own_before if d.name in defined_here and d.name not in free})
    for name, span in scope.small_caps.items():  # "the constants \textsc{white} = 0, …": the prose's value
        if name in context.definitions and name not in own_names and name not in free:
            free[name] = Read(name, span)
    for name, span in scope.identity_reads.items():  # "an I × J table", I drawn by the spec: a size, not the identity
        said = context.get(name)
        drawn = said is not None and any(o is not None and o.kind == "spec" for o in (said.origin, *said.also))
        if name not in own_names and name not in free and (drawn or name in context.sizes):
            free[name] = Read(name, span)
    # "an array count of d × w counters, all zero at the start", then count \gets 0: its sizes come in
    said_zeros = _said_zeros(scope, context, own_names)
    for shape, span in said_zeros.values():
        for size in shape:
            if size not in free and size not in own_names and size not in scope.bound:
                free[size] = Read(size, span)
    # "sort \(y\) into \(u\)" after "for y ∈ ℝⁿ": what an English statement reads first and the note
    # declares is an input; only what it names otherwise is the statement's to set
    for name in sorted(scope.described & scope.read_first - own_names - scope.assigned_whole - scope.stored_by_index):
        d = context.get(name)
        if d is not None and (d.shape is not None or name in context.families) and name not in free:
            free[name] = Read(name, d.span)
    if scope.letter_t and "T" not in free and "T" not in own_names and ("T" in context.sizes or context.get("T")):
        free["T"] = Read("T", scope.letter_t[0])  # "T observations": \beta^{T} is a power of beta
    free.update(level_reads(scope, context, own_names | scope.bound | set(free)))  # "set b_i^0 = b_i"
    views = _views(scope, free, context)
    free = {name: read for name, read in free.items() if name not in views}
    free.update(_definition_reads(free, context, own_names | scope.bound))
    # "let b ∈ ℝⁿ", then b_i ← 2 b_i: an input of the prose the listing updates in place, as one of
    # its \Require would be (never a list the listing builds from nothing)
    in_place = {
        d.name: d
        for d in context.inputs
        # "let x_1, …, x_n be …" then y \gets x, or \sum_k \lVert g_k \rVert before g_k \gets …: an input updated
        if (d.shape or d.name in context.families and d.name in set(scope.whole_first) | scope.read_before)
        and d.name in (scope.stored_by_index - scope.assigned_whole - own_names) & scope.read_first
        and d.name not in free
    }
    # "keys x_0, …, x_{n-1}", then x_i read and x \gets y at the end of a pass: an input the listing overwrites
    overwritten = {
        d.name
        for d in context.inputs
        # "started from an initial weight vector w": a noun of the prose says what w is, as a shape would
        if (
            d.shape is not None
            or d.name in context.families
            or d.noun is not None
            or (d.origin is not None and d.origin.kind == "spec")
            or any(o.kind == "spec" for o in d.also)  # "ssthresh is the initial threshold", and the spec draws it
        )
        and d.name in scope.assigned_whole
    }
    overwritten -= own_names | set(free) | set(in_place)
    for name in overwritten & scope.read_first:
        in_place[name] = context.get(name)  # type: ignore[assignment]
    free.update({name: Read(name, d.span) for name, d in in_place.items()})
    free = _members(free, scope, context)
    # y \gets y_0 with "an initial value y_0 ∈ ℝⁿ" in the prose: y_0 is that input, not entry 0 of y
    free.update(
        {
            flat: Read(flat, span)
            for flat, span in scope.numbered.items()
            if flat not in free and flat not in own_names and flat not in scope.bound and context.get(flat) is not None
        }
    )
    relevant = set(own_names) | set(free)
    # "A with columns a_1, …, a_n", then a_k read before a_j \gets a_j - r_{kj} q_k: A's columns, updated in place
    updated_parts = (scope.stored_by_index & scope.read_first) - scope.assigned_whole - own_names
    returned = _returned(scope)  # Cholesky's L, Gram–Schmidt's Q: what the listing computes and returns
    # L = (a_1, …, a_n) and, for Merge(A, B), A = (a_1, …, a_m): in Merge the a_i are its own A's
    own_aliases = {
        a
        for name in own_names
        for d in [context.get(name)]
        if d is not None
        for a in (d.entries, d.columns, d.rows)
        if a
    }
    for d in context.inputs:  # "the matrix C with entries c_{ij}": reading c makes C an input
        if d.name not in own_names and own_aliases & {d.entries, d.columns, d.rows}:
            continue
        updated = (
            d.shape is not None
            and d.name not in scope.assigned_whole | returned
            and any(a in updated_parts for a in (d.entries, d.columns, d.rows))
        )
        # "compute J = V Λ V^T" sets V; "H \gets X (X^T X)^{-1} X^T" assigns H: their entries read are the listing's
        described = d.name in scope.described or d.name in scope.assigned_whole
        if updated or (not described and any(alias in free for alias in (d.entries, d.columns, d.rows) if alias)):
            relevant.add(d.name)
        lower = d.name[:1].lower() + d.name[1:]
        if lower != d.name and free.get(lower) is not None and free[lower].max_indices == 2 and not described:
            relevant.add(d.name)  # p_{ij} read, P declared around the listing: its entries, by convention
        if entries_beside_total(lower, d.name, scope, own_names):
            relevant.add(d.name)  # n \gets \sum n_{ij} with N drawn: n_{ij} are N's entries, n the total
    relevant -= defined_here  # U = {1, …, n} of the prose: bound by its definition, never an input with a shape
    added = InputSpec()
    defined = {n for n in free if n in context.definitions}  # "V = {1, …, n}": defined, not an input
    # "Let n ≥ 5 be odd" before a test and its helper PowMod(b, e, n): the prose speaks of the
    # algorithm's input; a helper's parameters are whatever its callers pass
    helper = set(scope.params) if scope.function is not None and not scope.entry else set()
    # "x ∈ ℝⁿ has even length n = 2m": m follows from x, though the spec draws it to build x
    solved = {
        found[0]
        for size, (value, _) in context.definitions.items()
        if size in context.sizes
        for found in [_solved_for(value, size)]
        if found is not None and found[0] in free
    }
    # \Require Z = [z_1, …, z_m] beside "probes z_1, …, z_m ∈ {−1, 1}ⁿ" in the prose: the z_i are Z's
    # columns, never a list the listing takes besides Z (a check's `let: z` must not bind them)
    own_parts = {a for d in own.inputs for a in (d.columns, d.rows, d.entries) if a} - {d.name for d in own.inputs}
    for d in context.inputs:
        if d.name in own_parts and not d.drawn:
            continue
        if d.name in defined and not d.drawn:
            continue  # the prose defines it; a name the spec draws is given all the same
        if d.name in solved and d.origin is not None and d.origin.kind == "spec":
            continue
        if d.name in relevant and (d.name not in own_names or describes(d)):
            mine = own.get(d.name)
            if (mine is not None and mine.constraints) or (d.name in helper and d.constraints and _from_prose(d)):
                d = replace(d, constraints=())  # the listing's own `\Require b \ge 0` is what it assumes of b
            elif helper and d.constraints and _from_prose(d):
                # "2 ≤ i ≤ heapsize" said of the heap: never of Max-Heapify's i, nor of the heapsize it shares
                kept = tuple(c for c in d.constraints if not _flat_names(c[0]) & helper)
                d = replace(d, constraints=kept) if len(kept) != len(d.constraints) else d
            added.declare(d)
    for family in context.written.values():
        if family.name in relevant and family.name not in own_parts:
            added.add_family(family)
    for size, carriers in context.sizes.items():
        for name, axis in carriers:
            if name in relevant:
                added.carry(
                    size, name, axis, context.size_origins.get(size), context.offsets.get((size, name, axis), 0)
                )
    # "where x_0 < x_1 and 0 ≤ y_1 - y_0 ≤ x_1 - x_0": a condition of the prose on the listing's inputs together
    given = {d.name for d in added.inputs} | set(own.names) | set(scope.params)
    for tree, text in context.conditions:
        names = {r.name for r in reads_of(tree, {n for n in given if n in _flat_names(tree)})} | (
            _flat_names(tree) & given
        )
        # "f(a) f(b) < 0": a condition on a and b; f is the display's (lint says so when nothing defines it)
        names -= {n for t in M.walk(tree) if isinstance(t, M.Apply) and (n := identifier(t.fn)) not in given}
        if names & helper:
            continue  # the heap property "for 2 ≤ i ≤ heapsize": of the array, never of Max-Heapify's i
        if names and names <= given and text not in {t for _, t in added.conditions}:
            added.add_condition(tree, text, context.condition_origins.get(text))
    parts = {a for d in added.inputs for a in (d.columns, d.rows, d.entries) if a}
    # U^{n+1}_i \gets …: the level U^0 the listing starts from is the input U_of_0, and LeVeque's
    # "U^0_0, \dots, U^0_{m+1}" says where its entries count from
    seeds = {f"{name}_0" for name in scope.bound if name.endswith("_of")}
    for name, family in context.firsts.items():
        if name in relevant or name in parts or name in seeds:
            added.firsts.setdefault(name, family)
    for name, members in context.fixed.items():
        if name in relevant or name in scope.stored_by_index:  # e_0 = 0 of an input; u_0 = 0 of what the listing fills
            added.fixed.setdefault(name, dict(members))
    # the prose is read nearest sentence first, but a call S(x, y, d) passes its inputs in the order
    # the note introduces them: "sequences x and y …", then "a gap penalty d"
    added.inputs.sort(key=lambda d: d.span.start)
    declarations = own.merged(added)
    out = Resolution(declarations)
    pairs: set[str] = set()
    for name, (how, part, origin) in views.items():
        out.views[name] = (how, part)
        if part in context.firsts and how in ("columns", "rows"):
            family = context.firsts[part]
            out.view_firsts[name] = family.first
            if family.size:  # Lanczos stores q_{m+1}, and Q_m = [q_1, \dots, q_m] stops at q_m
                out.view_lasts[name] = (family.size, family.offset + family.first - 1)
        declared = context.get(name)
        if declared is not None and declared.shape is not None and len(declared.shape) == 2:
            out.view_shapes[name] = declared.shape
        what = {"columns": f"the matrix of the columns {part}_j", "rows": f"the matrix of the rows {part}_i"}
        out.bindings[name] = Binding(
            name, "view", what.get(how, f"the matrix of the entries {part}_{{ij}}") + " the listing computes", origin
        )
    bound = bound_names(declarations) | set(scope.params)
    conventions: set[str] = set()
    for name, read in free.items():
        if name in bound:
            continue
        if name in context.sizes or name in context.families.values():
            # a size of something the listing does not take: a number the caller gives
            origin = context.size_origins.get(name)
            declarations.declare(Declared(name, read.span, (), "natural", origin=origin))
            bound.add(name)
            continue
        if read.indices or read.max_indices:
            if name in scope.two_digit and read.max_indices == 1 and _ndim(declarations, name) == 2:
                read = replace(read, max_indices=2)  # u_{11} of the matrix U: the entry (1, 1)
                pairs.add(name)
            reading = convention(name, read, declarations)
            if isinstance(reading, str):
                out.ambiguous.append((read, reading))
                continue
            if reading is not None:
                declarations.inputs = [reading if d.name == reading.name else d for d in declarations.inputs]
                bound.add(name)
                conventions.add(name)
                continue
    _stored_entries(scope, own_names | set(free), bound, declarations, out, conventions, free)
    _defined_entries(scope, free, bound | own_names, context, out, conventions)
    out.renames.update(
        {
            d.entries: d.name
            for d in declarations.inputs
            # Agresti's N = (n_{ij}) in \Require, then n \gets \sum_{i,j} n_{ij}: the entries, and n the total
            if d.entries and (d.entries not in own_names or total_of_entries(d.entries, scope))
        }
    )
    out.renames.update(
        {
            d.name[:1].lower() + d.name[1:]: d.name
            for d in declarations.inputs
            if entries_beside_total(d.name[:1].lower() + d.name[1:], d.name, scope, own_names)
        }
    )
    # "L unit lower triangular, with entries ℓ_{ij}", then L \gets I_n and ℓ_{ij} \gets …: one matrix
    out.renames.update(
        {
            d.entries: d.name
            for d in context.inputs
            if d.entries
            and d.name in scope.assigned_whole | scope.described
            and d.entries in scope.indexed | scope.stored_by_index
            and d.entries not in scope.assigned_whole | own_names
            and scope.index_counts.get(d.entries) == {2}
        }
    )
    # "V with rows v_1, \dots, v_N", then v_i \gets \lambda v_i and \Return V: each store is to a row of V
    out.renames.update(
        {
            d.rows: d.name
            for d in declarations.inputs
            if d.rows
            and d.rows in scope.stored_by_index
            and d.rows not in scope.assigned_whole
            and scope.index_counts.get(d.rows) == {1}
            and (d.name in scope.reads or d.name in _returned(scope))
        }
    )
    _definitions(free, bound, context, out)
    for name in sorted(dims & set(scope.reads)):
        out.bindings[name] = binding_of(name, declarations, scope, conventions)  # type: ignore[assignment]
    for name, read in free.items():
        if name in out.bindings:  # defined by the prose
            continue
        if out.renames.get(name) in scope.described | scope.assigned_whole:  # v_{1j} of the V a statement sets
            out.bindings[name] = Binding(name, "entries", f"the entries of {out.renames[name]}", Origin("convention"))
            continue
        binding = binding_of(name, declarations, scope, conventions)
        if binding is None and _imaginary_unit(name, scope):
            out.imaginary = True  # e^{-2 \pi i k / n} with i bound nowhere: the imaginary unit, as a reader takes it
            continue
        if binding is not None:
            out.bindings[name] = binding
        elif name not in {r.name for r, _ in out.ambiguous} and not read.applied:  # f(x): lint's AV204 says
            out.unbound.append(read)
    sizes = set(declarations.sizes) | set(declarations.families.values())
    out.extra_inputs = [
        d.name for d in declarations.inputs if d.name in free and d.name not in sizes and d.name in bound
    ]
    _family_base(declarations, out, context, scope)
    out.seeds = _seeds(scope, own_names | defined_levels(out.definitions), context, out)
    out.sequences = tuple(
        sorted(scope.stored_by_index - scope.assigned_whole - set(out.renames) - own_names - set(in_place))
    )
    # y \gets x before any x_i \gets …, and nothing gives x: an empty x would be a silent guess
    for name in sorted(set(out.sequences) & set(scope.unset_reads) - bound - set(out.bindings)):
        out.unbound.append(Read(name, scope.unset_reads[name]))
    out.pairs = frozenset(n for n, counts in scope.index_counts.items() if 2 in counts) | pairs
    shapes = start_shapes(scope, declarations, {name: shape for name, (shape, _) in said_zeros.items()})
    out.zero_vectors, out.unsized_zeros = dict(shapes.zero_vectors), list(shapes.unsized_zeros)
    out.loose_zeros = frozenset(shapes.loose_zeros)
    out.filled, out.identities = dict(shapes.filled), dict(shapes.identities)
    out.unsized_identities = list(shapes.unsized_identities)
    return out


def _said_zeros(scope: Scope, context: InputSpec, own: set[str]) -> dict[str, tuple[tuple[str, ...], Span]]:
    """Names the listing sets to 0 whose shape the prose gives in sizes (``count`` of "d × w counters")."""
    out = {}
    for name, span in scope.zeroed.items():
        d = context.get(name)
        # a table, or an array the listing stores into ("B of m bits", B[h] \gets 1): "a tail of μ elements"
        # says how long, never that μ starts as a vector
        stored = name in scope.bracketed | scope.stored_by_index
        if name in own or d is None or not d.shape or not all(isinstance(s, str) for s in d.shape):
            continue
        if len(d.shape) != 2 and not (len(d.shape) == 1 and stored):
            continue
        out[name] = (tuple(d.shape), span)  # type: ignore[arg-type]
    return out


_MEMBER = re.compile(r"^(?P<base>[A-Za-z][A-Za-z0-9_]*?)_(?P<index>\d+)$")


def _seeds(scope: Scope, inputs: set[str], context: InputSpec, out: Resolution) -> list[tuple[str, str, int]]:
    r"""``\Function{CG}{A, b, x_0}`` reading ``x_k``: the input ``x_0`` is the first member of the sequence ``x``.

    A first member the note declares around the listing ("from a start \(x_0\)", a spec that draws
    ``x_0``) is an input of a listing that builds the sequence ``x`` (``x_{k+1} \gets …``).
    """
    found = []
    for name in sorted(inputs | {d.name for d in context.inputs}):
        m = _MEMBER.match(name)
        if m is None:
            continue
        base = m.group("base")
        if base not in scope.index_counts or base in inputs or base in scope.assigned_whole:
            continue
        if name in scope.index_counts:
            continue  # (y_0)_i: the listing reads entries of y_0, a vector of its own beside the y_i it sets
        if name not in inputs:
            set_at, read_at = scope.member_set.get(name), scope.member_read.get(name)
            if base not in scope.stored_by_index or (set_at is not None and (read_at is None or set_at <= read_at)):
                continue  # y_1 \gets … of "the second starting value y_1": the listing sets it, never a given
            d = context.get(name)
            out.declarations.declare(d)  # type: ignore[arg-type]
            out.extra_inputs.append(name)
            out.bindings[name] = Binding(name, "input", f"the first member of the sequence {base}", d.origin)
        found.append((name, base, int(m.group("index"))))
    return found


def _said_families(own: InputSpec, context: InputSpec) -> InputSpec:
    r"""``\Function{Bisect}{\(a, b, k\)}`` after "diagonal entries \(a_1, \dots, a_n\)": a is that family, of n.

    A parameter written bare says nothing of its shape; the prose's family of the same name does,
    and its size is a name the function may read (``\Require \(1 \le k \le n\)``).
    """
    bare = [
        d.name
        for d in own.inputs
        if d.origin is not None and d.origin.kind == "parameters" and d.shape is None and d.name not in own.families
    ]
    said = InputSpec()
    for name in bare:
        if name in context.written:
            said.add_family(context.written[name])
    return own.merged(said) if said.families else own


def _views(scope: Scope, free: dict[str, Read], context: InputSpec) -> dict[str, tuple[str, str, Origin | None]]:
    r"""Matrices the scope reads whole and computes part by part: ``Q = [q_1, \dots, q_n]`` of ``q_j \gets …``.

    The prose says how (``Q = [q_1, …, q_n]``: columns; "with rows"; "with entries"); without it, the
    usual convention reads ``r_{ij} \gets …`` as the entries of ``R``.
    """
    out: dict[str, tuple[str, str, Origin | None]] = {}
    stored = scope.stored_by_index - scope.whole
    # Lanczos's Q_m = [q_1, \dots, q_m], returned as Q_m: read as Q at m, it is the matrix the note names
    labelled = [
        d.name
        for d in context.inputs
        if (d.columns or d.rows) and "_" in d.name and d.name not in free and d.name not in scope.assigned_whole
    ]
    for name in [*free, *labelled]:
        d = context.get(name)
        parts = [("columns", d.columns), ("rows", d.rows), ("entries", d.entries)] if d is not None else []
        for how, part in parts:
            if part and part in stored:
                if part in scope.updated_in_place:
                    # Givens' a_{ij}, Lloyd's centres μ_j read before the update stores them: the matrix
                    # comes in and is updated in place, never computed from nothing
                    break
                out[name] = (how, part, d.also[-1] if d.also else d.origin)  # type: ignore[union-attr]
                break
        else:
            lower = name[:1].lower() + name[1:]
            # l_{kk} read before the listing stores into it, of an L the note declares: L comes in and is
            # updated in place (a rank-one update of a Cholesky factor), not computed from nothing
            updated = d is not None and lower in scope.updated_in_place
            if lower != name and lower in stored and scope.index_counts.get(lower) == {2} and not updated:
                out[name] = ("entries", lower, Origin("convention"))
    return out


def _members(free: dict[str, Read], scope: Scope, context: InputSpec) -> dict[str, Read]:
    """``f_{x_0}`` where the note declares ``x_0`` ("let \\(x_0\\) be a starting element") and nothing builds ``x``.

    The listing reads the name ``x_0``, not the entry 0 of an ``x`` nobody gives: the declared
    members become the reads, and ``x`` is no longer one.
    """
    out = dict(free)
    for name, read in free.items():
        if not read.indices or name in scope.stored_by_index or context.get(name) is not None:
            continue
        members = [d for d in context.inputs if re.fullmatch(re.escape(name) + r"_(?:\d+|[A-Z])", d.name)]
        if members:
            del out[name]
            out.update({d.name: Read(d.name, read.span) for d in members if d.name not in out})
            # \mu_X drawn as mu_X: the X of its subscript is part of the name, not a size to bind
            letters = {d.name[len(name) + 1 :] for d in members} - {n for n in scope.bound}
            for letter in letters:
                if letter.isalpha() and letter in out:
                    del out[letter]
    return out


def _definition_reads(free: dict[str, Read], context: InputSpec, own: set[str]) -> dict[str, Read]:
    """What the definitions of free names read (``n`` of ``V = \\{1, \\dots, n\\}``): free names of the listing too."""
    out: dict[str, Read] = {}
    # ν = a Δt / Δx in the prose and ν drawn by the spec: the draw binds ν, and what its formula reads is not needed
    drawn = {d.name for d in context.inputs if d.drawn}
    pending = [(name, read) for name, read in free.items() if name in context.definitions and name not in drawn]
    while pending:
        name, read = pending.pop()
        value, origin = _definition(name, context, own)
        for needed in reads_of(value, frozenset(own) | {name}):
            if needed.name in free or needed.name in out:
                continue
            via = f"the definition of {name} ({to_latex(value)}, {origin})" if origin else f"the definition of {name}"
            out[needed.name] = replace(needed, span=read.span, spans=(read.span,), via=via)
            if needed.name in context.definitions and needed.name not in drawn:
                pending.append((needed.name, out[needed.name]))
    return out


#: the variable of a gradient field written with a bare \nabla (``F = -\nabla U``): the argument it is applied to
FIELD_AT = "nabla_at"


def _field_variable(value: M.MathNode) -> tuple[M.MathNode, str] | None:
    r"""``-\nabla_x U`` applied as ``F(x')``: the field's value with its one variable (``x``), else ``None``.

    A bare ``\nabla U`` differentiates ``U`` at the argument: its variable is :data:`FIELD_AT`.
    """
    grads = [g for g in M.walk(value) if isinstance(g, M.Grad)]
    if not grads:
        return None
    if all(g.wrt is None for g in grads):
        at = M.Sym(FIELD_AT, span=grads[0].span)
        value = M.transform(value, lambda n: replace(n, wrt=at) if isinstance(n, M.Grad) else n)
        return value, FIELD_AT
    named = {identifier(g.wrt) if g.wrt is not None else None for g in grads}
    return (value, named.pop()) if len(named) == 1 and None not in named else None


def _definition(name: str, context: InputSpec, bound: set[str]) -> tuple[M.MathNode, Origin | None]:
    """The prose's definition of ``name``, ``\\Delta t`` read as one name unless ``\\Delta`` is a name of the note."""
    value, origin = context.definitions[name]
    is_name = lambda n: n in bound or context.get(n) is not None or n in context.definitions  # noqa: E731
    return join_increments(value, is_name), origin


def _definitions(free: dict[str, Read], bound: set[str], context: InputSpec, out: Resolution) -> None:
    """Bind the free names the prose defines (``V = \\{1, \\dots, n\\}``) when what they read is bound."""
    pending = [n for n in free if n not in bound and n in context.definitions]
    progress = True
    while pending and progress:  # a definition may read another: evaluate in an order that works
        progress = False
        for name in list(pending):
            value, origin = _definition(name, context, bound)
            needs = {r.name for r in reads_of(value, bound)} - {name}
            if needs:
                continue
            at = _field_variable(value) if free[name].applied else None
            if at is not None:
                value, out.fields[name] = at
            out.definitions.append((name, value))
            out.bindings[name] = Binding(name, "definition", f"defined as {to_latex(value)}", origin)
            bound.add(name)
            pending.remove(name)
            progress = True
    # "x ∈ ℝⁿ has even length n = 2m": n is given (x's length), so m is n / 2
    for size, (value, origin) in context.definitions.items():
        solved = _solved_for(value, size) if size in bound else None
        if solved is None or solved[0] not in free or solved[0] in bound:
            continue
        name, inverse = solved
        out.definitions.append((name, inverse))
        shown = M.BinOp("/", *inverse.args, span=inverse.span) if isinstance(inverse, M.Call) else inverse
        said = f"{to_latex(shown)}, from {size} = {to_latex(value)}"
        out.bindings[name] = Binding(name, "definition", f"defined as {said}", origin)
        bound.add(name)


def _flat_names(tree: M.MathNode) -> set[str]:
    """The names ``tree`` writes, a subscripted one whole (``x_0``) as well as by its base."""
    return {n for t in M.walk(tree) if isinstance(t, (M.Sym, M.Idx)) for n in [identifier(t)] if n is not None}


def _solved_for(value: M.MathNode, size: str) -> tuple[str, M.MathNode] | None:
    """``c m + d`` (``2 m``, ``m + 1``, ``2 m - 1``) solved for ``m`` given ``size`` = that: ``(size - d) / c``.

    The quotient is an integer division that fails loudly when it leaves a remainder (the note says
    ``size`` is ``c m + d``; another ``size`` is outside what it describes).
    """
    offset = 0
    if isinstance(value, M.BinOp) and value.op in ("+", "-") and isinstance(value.right, M.Num):
        if not value.right.text.isdigit():
            return None
        offset = int(value.right.text) * (1 if value.op == "+" else -1)
        value = value.left
    factor = 1
    if isinstance(value, M.Juxt) and isinstance(value.left, M.Num) and value.left.text.isdigit():
        factor, value = int(value.left.text), value.right
    name = identifier(value) if isinstance(value, M.Sym) else None
    if name is None or name == size or factor == 0 or (factor == 1 and offset == 0):
        return None
    span = value.span
    top: M.MathNode = M.Sym(size, span=span)
    if offset:
        top = M.BinOp("-" if offset > 0 else "+", top, M.Num(str(abs(offset)), span=span), span=span)
    if factor == 1:
        return name, top
    return name, M.Call("_exact_quotient", (top, M.Num(str(factor), span=span)), span=span)


def _stored_entries(
    scope: Scope,
    declared: set[str],
    bound: set[str],
    spec: InputSpec,
    out: Resolution,
    conventions: set[str],
    free: Iterable[str] = (),
) -> None:
    r"""``d_{ij} \gets \min(d_{ij}, d_{ik} + d_{kj})`` after ``D \gets W``: the entries of ``D`` (Floyd–Warshall).

    A lower-case name the scope only ever writes and reads with two indices, never whole, is
    the entries of the upper-case matrix the scope holds (an input or a variable it assigns).
    """
    # … and u_{ik} read only, after U \gets A, the U the scope updates by rows (U_{i,k:n} \gets …, Golub–Van Loan)
    read_only = {n for n in free if n[:1].upper() + n[1:] in scope.assigned_whole} - scope.whole - bound
    for name in sorted(((scope.stored_by_index - declared) | read_only) - scope.whole):
        upper = name[:1].upper() + name[1:]
        if upper == name or scope.index_counts.get(name) != {2}:
            continue
        if upper not in scope.bound and upper not in bound and upper not in scope.params:
            continue
        d = spec.get(upper)
        if d is not None and d.shape is not None and len(d.shape) != 2:
            continue
        out.renames[name] = upper
        conventions.add(name)
        out.bindings[name] = Binding(name, "entries", f"the entries of {upper}", Origin("convention"))


def _defined_entries(
    scope: Scope, free: dict[str, Read], taken: set[str], context: InputSpec, out: Resolution, conventions: set[str]
) -> None:
    r"""``d_{ii}`` where the prose defines ``D = \operatorname{diag}(\operatorname{diag}(A))``: the entries of ``D``.

    The usual convention, as for a matrix the listing takes: a lower-case name read only with two
    indices, which nothing else binds, is the entries of the upper-case matrix the prose defines.
    ``D`` joins the names the run computes from the prose on entry.
    """
    for name, read in list(free.items()):
        upper = name[:1].upper() + name[1:]
        if (
            upper == name
            or name in taken
            or upper not in context.definitions
            or name in context.definitions
            or scope.index_counts.get(name) != {2}
            or name in scope.stored_by_index
        ):
            continue
        out.renames[name] = upper
        conventions.add(name)
        out.bindings[name] = Binding(name, "entries", f"the entries of {upper}", Origin("convention"))
        taken.add(name)
        free.setdefault(upper, replace(read, name=upper, indices=0, max_indices=0))


def _defined_not_drawn(d: Declared, context: InputSpec) -> bool:
    """A name ``\\Require`` only mentions (no shape of its own) that the prose defines and no check draws.

    ``S_1, …, S_m \\subseteq U`` with the prose's ``U = \\{1, \\dots, n\\}``: U is that set; the
    conditions ``\\Require`` puts on it stay, checked once the definition is bound.
    """
    if d.name not in context.definitions or d.shape is not None or d.properties:
        return False
    if d.origin is None or d.origin.kind != "require":
        return False  # a parameter is given by the caller, whatever the prose says it equals
    said = context.get(d.name)
    origins = (said.origin, *said.also) if said is not None else ()
    return not any(o is not None and o.kind == "spec" for o in origins)


def _ndim(spec: InputSpec, name: str) -> int | None:
    """How many axes the upper-case name of ``name`` is declared with (``U`` of ``u``), if said."""
    d = spec.get(name[:1].upper() + name[1:])
    return None if d is None else declared_ndim(d)


def _returned(scope: Scope) -> set[str]:
    """The names the scope's ``\\Return``\\ s give back whole (``Q, R`` of ``\\Return Q, R``)."""
    from ..math.segments import parse_segment
    from .signature import returns_of

    body = getattr(scope.node, "body", ())
    out: set[str] = set()
    for r in returns_of(body):
        for v in r.values:
            try:
                name = identifier(parse_segment(v))
            except LocatedError:  # a return that does not parse names nothing (reported with the math)
                continue
            if name is not None:
                out.add(name)
    return out


def _imaginary_unit(name: str, scope: Scope) -> bool:
    return name == "i" and name in scope.in_exponent and name not in scope.as_index


def _from_prose(d: Declared) -> bool:
    return d.origin is not None and d.origin.kind == "prose"


def for_helper(context: InputSpec, params: Iterable[str]) -> InputSpec:
    """``context`` without the prose's conditions on a helper function's parameters (:func:`resolve`)."""
    params = set(params)
    inputs = [replace(d, constraints=()) if d.name in params and _from_prose(d) else d for d in context.inputs]
    return replace(context, inputs=inputs)


def _family_base(spec: InputSpec, out: Resolution, context: InputSpec, scope: Scope) -> None:
    # p_1, \dots, p_n beside q_0, \dots, q_n (CLRS's optimal search tree): each family counts from
    # its own first index, so the families say nothing of the listing's base and nothing conflicts;
    # so too Durbin's r_0, \dots, r_p taken beside the a_1, \dots, a_p the prose names and the listing fills
    indexed = scope.stored_by_index | set(scope.index_counts)
    found = [*spec.firsts.values(), *(f for name, f in context.firsts.items() if name in indexed)]
    firsts = {f.first: f.name for f in found if f.first in (0, 1)}
    if len(firsts) == 1:
        out.family_base = next(iter(firsts))
