"""A ``\\Function`` block compiled into its own :class:`~.program.Program`, which joins the listing's scope.

Its parameters are its inputs; the entry function also takes the ``\\Require`` around it (every
name of it that a function of the listing reads); a helper reads its caller's values and gives
back what it stores into them. The body is compiled by a compiler of the parent's class
(:class:`~.compiler._Compiler`, which mixes in :class:`Functions`: its ``\\Function`` statement).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Sequence

from ..findings import LocatedError, NotExecutable
from ..math import mathexpr as M
from ..math.names import identifier, word
from ..syntax import ir
from .conventions import bound_names, defined, in_place_output, install_views, lowered, pads, renaming, started
from .declarations import InputSpec, named_constants
from .families import fixed_family, read_family
from .listing_parse import direct_bases, given_by_parts
from .program import Program, _callable
from .scope import Scope, constant_letters, given_back, join_families, listing_reads
from .scope_declarations import own_declarations
from .signature import assigned_names, output_names
from .symbols import resolve

__all__ = ["Functions", "compile_function", "unsized_starts"]


def compile_function(
    node: ir.Function,
    parent: Any,
    scope: Scope | None = None,
    outer: InputSpec | None = None,
    ensure: Sequence[ir.Node] | None = None,
) -> Program:
    """Compile a ``\\Function`` block: its parameters are its inputs; it joins the listing's scope.

    ``scope`` is the function's free reads (:mod:`.scope`); ``outer`` what the listing declares
    around it (its ``\\Require``, for the entry function); the note's declarations
    (``parent.context``) bind what neither does. ``ensure``: the statements around the entry
    function, whose ``\\Ensure`` names its output where its returns disagree.
    """
    params = []
    for tree in join_families([parent.parse(p) for p in node.params]):
        if isinstance(tree, M.Range) and read_family(tree) is not None:  # y_1, \dots, y_M: the list y
            params.append(read_family(tree).name)  # type: ignore[union-attr]
            continue
        fixed = fixed_family(tree) if isinstance(tree, M.Range) else None
        if fixed is not None:  # c_1, \dots, c_4: the list c, of four entries
            params.append(fixed[0].name)
            continue
        # a parameter is a name, never a product: `iterations`, `x1` as latexify prints them
        name = identifier(tree) or word(tree)
        if name is None:
            raise LocatedError(NotExecutable, tree.span, message=f"parameter {parent.written(tree)} is not a name")
        params.append(name)
    if scope is None:
        scope = Scope(node.name, node, params=tuple(params))
    own = own_declarations(scope, outer or InputSpec(), parent.parse, parent.locate)
    names = resolve(scope, own, parent.context)
    declarations = names.declarations
    extra = [n for n in names.extra_inputs if n not in params]
    if scope.entry and outer is not None:
        # \Require y above \Function{Newton}{a, \varepsilon}, whose body reads y: y is given to the
        # listing besides the entry's parameters, and a run (a check's draws) must give it
        read = listing_reads(scope, parent.scopes)
        extra += [n for n in outer.names if n not in params and n not in extra and n in read]
    ctx = dataclasses.replace(
        parent.ctx,
        views={},
        declared=assigned_names(node.body, parent.parse)
        | set(params)
        | bound_names(declarations)
        | set(extra)
        | {n for n, _ in names.definitions}
        | named_constants(parent.context),  # "write \(e\) for the a priori error": never Euler's e
        dims={},
        guard=False,
        sequences=frozenset(scope.stored_by_index),
        imaginary=names.imaginary,
        complex_roots=parent.ctx.complex_roots,
        constant_letters=constant_letters(scope),
        labels=frozenset(scope.labels),
    )
    sub = type(parent)(  # the compiler's own class (compiler._Compiler), which mixes in Functions
        ctx,
        parent.bindings,
        parent.locate,
        parent.spans,
        parent.own,
        parent.scope,
        parse=renaming(parent.parse, names),
        context=parent.context,
        scopes=parent.scopes,
        unbound_text=parent.unbound_text,
        zero_vectors=names.zero_vectors,
        loose_zeros=names.loose_zeros,
        filled=names.filled,
        identities=names.identities,
        unsized=unsized_starts(names),
        two_lengths=parent.two_lengths,
        directions=parent.directions,
        deterministic=parent.deterministic,
        tests=parent.tests,
        listed=_listed(node, params, parent.parse),
    )
    outputs = output_names(node.body, parent.parse, ensure)
    program = Program(
        sub.block([]),
        tuple(params + extra),
        outputs,
        dict(declarations.families),
        node.span,
        parent.scope,
        ctx,
        sub.spans,
    )
    program.declarations, program.names = declarations, names
    program.free = frozenset(scope.reads)
    program.defined = defined(names, ctx)
    program.pads = pads(declarations, ctx)
    program.lowered = lowered(declarations, ctx)
    program.starts = started(declarations, ctx)
    program.direct = direct_bases(node, sub.parse)  # type: ignore[arg-type]
    program.in_place = in_place_output(
        node.body, sub.parse, program.inputs, outputs, parent.own, parent.procedures, frozenset({node.name})
    )
    # CLRS's Partition(A, p, r) exchanges entries of A and returns the pivot's place: an array is passed by
    # reference, and the caller's A is the one it rearranged (a parameter it sets whole is its own)
    program.by_reference = frozenset(params) & (scope.stored_by_index | scope.bracketed) - scope.assigned_whole
    if not scope.entry:  # a helper reads its caller's n, mate, seen …: the caller's values, stores given back
        stored = given_back(node, scope, parent.scopes, frozenset(names.sequences), outputs) - set(params)
        # A of the entries a_{uv} Augment reads, and n, the size of A its loops run to
        given = {d.name for d in declarations.inputs} | set(declarations.sizes) | set(scope.reads) | stored
        # Welford(x_1, …, x_m) called on y: its m is the length of what it is given, never its caller's m
        own_sizes = {declarations.families[p] for p in params if p in declarations.families}
        given -= set(params) | own_sizes
        program.shared = frozenset(extra) | stored | given
        program.shared_stored = stored
    if scope.entry:
        # BFS(G, s) with "Let G = (V, E) be a graph" and G read only as V[G]: G is given by its parts
        program.by_parts = given_by_parts(node, params, parent.context, parent.parse, parent.procedures)
    install_views(names, ctx)
    program.__post_init__()
    # registered before its body is compiled: the body may call the function itself
    parent.own[node.name] = parent.scope[node.name] = _callable(program)
    program.body = sub.block(node.body)
    if sub.implied - program._accepted:  # read by a statement compiled just now: a run takes it
        program.free |= frozenset(sub.implied)
        program.__post_init__()
    if not scope.entry and sub.implied:  # CLRS's Visit(u) over "each neighbour v of u": its caller's A
        program.shared |= frozenset(sub.implied) - set(params)
        program.implied = frozenset(sub.implied) - set(params)
    program._size_sources()
    return program


class Functions:
    """The ``\\Function`` statement of :class:`~.compiler._Compiler`, which mixes this in."""

    def s_Function(self, node: ir.Function) -> Any:
        """Compile the function once (before its body: the body may call it); the statement binds its name."""
        if node.name not in self.own:  # type: ignore[attr-defined]
            compile_function(node, self, self.scopes.get(node.name))  # type: ignore[attr-defined]
        fn = self.own[node.name]  # type: ignore[attr-defined]

        def define(env: dict) -> None:
            env[node.name] = fn

        return define


def unsized_starts(names: Any) -> dict[str, str]:
    """The names lint reports as a zero vector or an identity of no size (AV204), and what each is set to."""
    out = {name: "0" for name, _ in names.unsized_zeros}
    out.update({name: "I" for name, _ in names.unsized_identities})
    return out


def _listed(node: ir.Function, params: list[str], parse: Any) -> frozenset[str]:
    """The parameters the function's body reads by one index (``L_i``): lists it was given."""
    out: set[str] = set()
    for m in (n for n in ir.walk(node) if isinstance(n, ir.Math)):
        try:
            tree = parse(m)
        except LocatedError:
            continue
        for t in M.walk(tree):
            if isinstance(t, M.Idx) and len(t.indices) == 1 and isinstance(t.base, M.Sym):
                base = identifier(t.base)
                if base in params:
                    out.add(base)
    return frozenset(out)
