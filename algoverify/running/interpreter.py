"""Run a listing's IR over NumPy: statements compiled once to closures, with budgets and a trace.

Consumes :class:`~algoverify.syntax.ir.Algorithm` (or one of its :class:`~algoverify.syntax.ir.Function`
blocks) and produces a :class:`Program`: ``program.run(inputs)`` executes it and returns the
outputs with a :class:`Trace` (hits per statement, history of each variable, counters such
as backward passes). Every error carries the span of the node that raised it:

* a loop past the step or time budget → ``AV301`` at the loop;
* NumPy overflow, division by zero, invalid value → ``AV302`` at the statement;
* an English statement with no binding → ``AV304`` at the statement.

Step events (for :mod:`algoverify.running.stepper`) go to an optional ``on_step`` callback, before
each statement runs and at a loop's header before each further pass; the interpreter does not
know who listens.
This module compiles a whole listing (:func:`compile_program`) and reads its signature; the
pieces sit beside it, one job each (every name importable from here before still is): a run's
state, records and run-time helpers in :mod:`~algoverify.running.runstate`, the compiled listing
in :mod:`~algoverify.running.program`, and the statement compiler in
:mod:`~algoverify.running.compiler`.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from ..math import mathexpr as M
from ..math.functions import BUILTIN_FUNCTIONS, FUNCTIONS
from ..math.names import identifier, word
from ..math.numeric import Context
from ..math.ranges import range_directions
from ..syntax import ir
from .compiler import (
    _Compiler,
    is_step,
    parse,
)
from .conventions import (
    bound_names,
    boundaries,
    defined,
    in_place_output,
    install_views,
    lowered,
    pads,
    renaming,
    started,
)
from .declarations import InputSpec, given_names, named_constants
from .families import read_family
from .function_compile import compile_function, unsized_starts
from .listing_parse import applied_as_entries, direct_bases, listing_parser
from .program import (
    Program,
)
from .requires import declared_inputs
from .runstate import (
    Binding,
    Bindings,
    Budget,
    StepContext,
    Trace,
    pause,
)
from .scope import Scope, constant_letters, join_families, listing_reads, scopes
from .scope_declarations import own_declarations
from .signature import assigned_names, entry_function, entry_of, listing_words, output_names
from .symbols import resolve
from .two_lengths import index_powers, matrices, two_lengths

__all__ = [
    "Budget",
    "Trace",
    "Program",
    "Binding",
    "StepContext",
    "compile_program",
    "entry_function",
    "is_step",
    "pause",
    "listing_words",
    "parse",
]


#: a note that says its square roots may be complex ("the square root may be complex, and then so is
#: p_3"; "continued in complex arithmetic"): Muller's method was refuted on a negative discriminant
COMPLEX_ROOTS = re.compile(
    r"\b(?:square\s+)?roots?\b[^.;]{0,80}?\bcomplex\b|\bcomplex\s+arithmetic\b|\\sqrt\b[^.;]{0,60}?\bcomplex\b",
    re.I,
)


def compile_program(
    algorithm: ir.Algorithm,
    *,
    bindings: Bindings | None = None,
    locate: Callable[[int], tuple[int, int]] | None = None,
    functions: dict[str, Callable[..., Any]] | None = None,
    index_base: int = 1,
    text: str | None = None,
    exact: bool = False,
    context: InputSpec | None = None,
) -> Program:
    """Compile a listing into a :class:`Program`.

    A listing made of ``\\Function``/``\\Procedure`` blocks (with only comments and conditions
    beside them) runs its entry function (see :func:`~algoverify.running.signature.entry_of`): its
    parameters are the inputs, and the functions call each other (and themselves) by name.
    Otherwise the inputs are the ``\\Require``/``\\Input`` symbols. Either way, a name the
    listing reads and does not bind is bound from ``context``, what the note declares around it
    (the prose, the spec: :mod:`.symbols`). ``functions`` are the note's other listings, callable
    by name. ``text`` is the note the listing's spans index: messages quote the author's LaTeX
    from it. ``exact``: evaluate exactly (:mod:`algoverify.math.exact`: rationals and their
    roots); the inputs must be given exactly (:func:`~algoverify.math.exact.to_exact`).
    """
    bindings = bindings or Bindings()
    body = [n for n in algorithm.body if not isinstance(n, (ir.Comment,))]
    funcs = [n for n in body if isinstance(n, ir.Function)]
    others = [n for n in body if not isinstance(n, (ir.Function, ir.Condition))]
    own: dict[str, Callable[..., Any]] = {}
    # A listing's own comparisons are exact IEEE comparisons: `\\If{x = y}` is false for different
    # numbers. Tolerances belong to checks (`compare:`, `holds:`), which declare them.
    ctx = Context(guard=False, rtol=0.0, atol=0.0, index_base=index_base, text=text, exact=exact)
    ctx.complex_roots = bool(text) and COMPLEX_ROOTS.search(text) is not None
    parse = listing_parser(algorithm, context)
    ctx.entry_applied = applied_as_entries(algorithm, parse)

    # the note's other listings as they are now (a listing compiles on first use, after its note
    # is loaded), then this listing's own functions, added as they compile
    compiler = _Compiler(
        ctx,
        bindings,
        locate,
        own=own,
        scope=dict(functions or {}),
        parse=parse,
        context=context or InputSpec(),
        directions=range_directions(algorithm, parse),
        two_lengths={
            **index_powers(algorithm, parse, matrices(context.inputs if context is not None else ())),
            **two_lengths(algorithm, parse),
        },
        deterministic=not (functions or bindings.by_text or bindings.by_line or set(FUNCTIONS) - BUILTIN_FUNCTIONS),
    )
    by_scope = {
        s.function: s for s in scopes(algorithm, parse, known=set(functions or {}), declared=given_names(context))
    }
    compiler.scopes = by_scope
    outer = declared_inputs(algorithm.body, parse, locate)
    if funcs and not others:
        entry = entry_of(funcs)
        # `\Input array $x$ of length $n$` beside `\Procedure{Max}{$x$}`: the declarations made
        # around the function describe its parameters (sizes, preconditions)
        compiler.procedures = {f.name: f for f in funcs}
        programs = {
            f.name: compile_function(f, compiler, by_scope.get(f.name), outer, algorithm.body if f is entry else None)
            for f in funcs
        }
        program = programs[entry.name]
        implied = frozenset().union(*(p.implied for p in programs.values())) - program._accepted
        if implied:  # Visit's neighbour loop reads A, the graph the entry's G is made of: the entry takes it
            program.free |= implied
            program.__post_init__()
        program.entry, program.own, program.tests = entry.name, own, compiler.tests
        program.unbound_text = tuple(compiler.unbound_text)
        return program
    names = resolve(by_scope[None], outer, compiler.context)
    declarations = names.declarations
    inputs = declarations.names
    compiler.ctx.declared = assigned_names(algorithm.body, parse) | set(inputs) | bound_names(declarations)
    compiler.ctx.declared |= {n for n, _ in names.definitions} | named_constants(compiler.context)
    compiler.ctx.sequences = frozenset(by_scope[None].stored_by_index)
    compiler.ctx.imaginary = names.imaginary
    compiler.ctx.constant_letters = constant_letters(by_scope[None])
    compiler.ctx.labels = frozenset(by_scope[None].labels)
    compiler.ctx.boundaries = boundaries(declarations)
    compiler.parse = renaming(parse, names)
    compiler.zero_vectors, compiler.filled, compiler.identities = names.zero_vectors, names.filled, names.identities
    compiler.unsized = unsized_starts(names)
    compiler.loose_zeros = names.loose_zeros
    install_views(names, compiler.ctx)
    run = compiler.block(algorithm.body)
    outputs = output_names(body, parse)
    program = Program(
        run,
        tuple(inputs),
        outputs,
        dict(declarations.families),
        algorithm.span,
        compiler.scope,
        compiler.ctx,
        compiler.spans,
    )
    program.own, program.declarations, program.names = own, declarations, names
    program.tests = compiler.tests
    program.free = frozenset(by_scope[None].reads) | frozenset(compiler.implied)
    program.defined = defined(names, compiler.ctx)
    program.pads = pads(declarations, compiler.ctx)
    program.lowered = lowered(declarations, compiler.ctx, context)
    program.starts = started(declarations, compiler.ctx)
    program.direct = direct_bases(algorithm, parse)
    program.in_place = in_place_output(algorithm.body, compiler.parse, program.inputs, outputs)
    program.unbound_text = tuple(compiler.unbound_text)
    program.__post_init__()
    return program


def read_signature(
    algorithm: ir.Algorithm,
    *,
    locate: Callable[[int], tuple[int, int]] | None = None,
    functions: dict[str, Callable[..., Any]] | None = None,
    context: InputSpec | None = None,
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``(inputs, outputs)`` as :func:`compile_program` names them, without compiling a statement.

    A listing with a statement that cannot compile (``\\foo``) still has a signature: what it
    declares and returns. Raises :class:`LocatedError` only when the declarations themselves
    do not read.
    """
    parse = listing_parser(algorithm, context)

    body = [n for n in algorithm.body if not isinstance(n, ir.Comment)]
    funcs = [n for n in body if isinstance(n, ir.Function)]
    others = [n for n in body if not isinstance(n, (ir.Function, ir.Condition))]
    by_scope = {
        s.function: s for s in scopes(algorithm, parse, known=set(functions or {}), declared=given_names(context))
    }
    outer = declared_inputs(algorithm.body, parse, locate)
    if funcs and not others:
        entry = entry_of(funcs)
        params = []
        for tree in join_families([parse(p) for p in entry.params]):
            family = read_family(tree) if isinstance(tree, M.Range) else None
            params.append(family.name if family is not None else identifier(tree) or word(tree) or "?")
        scope = by_scope.get(entry.name) or Scope(entry.name, entry, params=tuple(params))
        names = resolve(scope, own_declarations(scope, outer, parse, locate), context or InputSpec())
        extra = [n for n in names.extra_inputs if n not in params]
        read = listing_reads(scope, by_scope)  # as compile_function takes them: \Require y read by any function
        extra += [n for n in outer.names if n not in params and n not in extra and n in read]
        return tuple(params + extra), output_names(entry.body, parse, algorithm.body)
    names = resolve(by_scope[None], outer, context or InputSpec())
    return tuple(names.declarations.names), output_names(body, parse)
