"""Compiling a listing's statements to closures: ``_Compiler``, one ``s_<Statement>`` method per IR statement.

Each statement's math is compiled once (:func:`algoverify.math.numeric.compile_expr`); blocks
become loops over the compiled bodies; English statements are bound or refused.
:func:`is_step` says which statements a stepper stops at; a ``\\Function`` block becomes its own
:class:`Program` in :mod:`.function_compile`, which this class mixes in.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator

import numpy as np

from ..findings import (
    AmbiguousMath,
    DidNotTerminate,
    EvaluationFailed,
    LocatedError,
    NotExactValue,
    NotExecutable,
    UnboundName,
    UnboundText,
)
from ..math import mathexpr as M
from ..math.exact import float_in, too_large
from ..math.names import identifier
from ..math.numeric import TRACE_KEY, Context, compile_expr, compile_target
from ..math.numeric.arithmetic import call_with
from ..math.ops import Sequence, holds_a_number, members, nonfinite
from ..math.segments import parse_segment
from ..math.sizeless import SIZED as _SIZED
from ..math.sizeless import ZERO, sized_output, sized_outputs
from ..source import Span
from ..syntax import ir
from .compile_loops import Loops
from .compile_words import Worded, recorded
from .containers import container_step
from .conventions import (
    family_target,
    fill_family,
    new_array_of,
    numbered_from,
    solve_of,
    stored_as_ones,
    swaps_of,
    zeros,
)
from .declarations import InputSpec
from .factorizations import factorization
from .families import dims_of
from .function_compile import Functions
from .runstate import (
    _BLOCKS,
    _LOOP_WORDS,
    _UPDATE,
    Binding,
    Bindings,
    Env,
    Exec,
    StepContext,
    _loop_word,
    _raiser,
    _Returned,
    _truth,
)
from .scope import Scope, bare_identity
from .signature import failure_return, nil_return, swap_call
from .worded import SAID_TESTS, said_all, said_of, witness_of, worded_condition

# --- compiling statements -------------------------------------------------------------------------


def _block_name(target: M.MathNode, value: M.MathNode) -> bool:
    """``A_{11} \\gets A_{1:m, 1:m}``: a numbered target set to a slice is a block, never an entry of ``A``."""
    if not isinstance(target, M.Idx) or identifier(target) is None:
        return False
    if not all(isinstance(i, M.Num) for i in target.indices):
        return False
    return any(isinstance(n, M.Colon) or (isinstance(n, M.Placeholder) and n.symbol == ":") for n in M.walk(value))


#: the arrows a statement of its own writes an exchange with (``\iff`` and ``\Leftrightarrow`` are logic)
_EXCHANGE = re.compile(r"\\(?:long)?leftrightarrow(?![a-zA-Z])")


@dataclass
class _Compiler(Loops, Worded, Functions):
    ctx: Context
    bindings: Bindings
    locate: Callable[[int], tuple[int, int]] | None
    spans: dict[int, Span] = field(default_factory=dict)
    #: the listing's own functions, by name (each compiled once; they see each other and themselves)
    own: dict[str, Callable[..., Any]] = field(default_factory=dict)
    #: what a function of the listing can call: its own functions, then the note's other listings
    scope: Any = None
    #: loops around the statement being compiled (``break`` outside one is an error)
    loops: int = 0
    #: math segment → tree, with the listing's multi-letter names joined (see :func:`listing_words`)
    parse: Callable[[ir.Math], M.MathNode] = parse_segment
    #: what the note declares around the listing (its prose, its spec): binds the free names
    context: InputSpec = field(default_factory=InputSpec)
    #: the free reads of each scope of the listing (``None``: its statements; else a function's name)
    scopes: dict[str | None, Scope] = field(default_factory=dict)
    #: English statements and conditions nothing binds, as compiled (``lint`` reports them: a run stops there)
    unbound_text: list[tuple[Span, str]] = field(default_factory=list)
    #: names set to 0 and then stored into by index: the size of the zero vector each is (``x`` → ``n``)
    zero_vectors: dict[str, str] = field(default_factory=dict)
    #: names set to 0 with no size that a product meets: they hold :data:`~algoverify.math.ops.ZERO`
    loose_zeros: frozenset[str] = frozenset()
    #: names set to a value made of ``\mathbf{1}``: the size of the vector of ones (``r`` → ``n``)
    filled: dict[str, str] = field(default_factory=dict)
    #: names set to ``I`` and then indexed: the size of the identity each is (``L`` → ``n``)
    identities: dict[str, str] = field(default_factory=dict)
    #: names set to 0 or I whose size the note does not say (lint's AV204): the run refuses to guess one
    unsized: dict[str, str] = field(default_factory=dict)
    #: statements that store a family by one index while reading it by another of a different length
    #: (Bishop's \delta_j beside \delta_k, :mod:`.two_lengths`): refused, as lint's AV204 says
    two_lengths: dict[Span, tuple[Span, str]] = field(default_factory=dict)
    #: each range's direction, from its bounds and the loops around it (:mod:`~algoverify.math.ranges`)
    directions: dict[int, int | None] = field(default_factory=dict)
    #: what a statement reads that its math does not name: the graph's matrix of "each neighbour w of v"
    implied: set[str] = field(default_factory=set)
    #: the listing's procedures by name, as written
    procedures: dict[str, ir.Function] = field(default_factory=dict)
    #: nothing the listing calls comes from outside it (no bound statement, no Python function of
    #: the note's): a loop whose state repeats never stops (:mod:`.cycles`)
    deterministic: bool = False
    #: each loop's test as math with its context, by the loop's start (what a recorded run plots)
    tests: dict[int, tuple[Any, Context]] = field(default_factory=dict)
    #: parameters a function indexes by one index and nothing declares: lists, whose |L| is a length
    listed: frozenset[str] = frozenset()

    def written(self, node: M.MathNode) -> str:
        """``node`` as the note writes it, for a message."""
        return self.ctx.written(node)

    def loop_body(self, stmts: Iterable[ir.Node]) -> Exec:
        self.loops += 1
        try:
            return self.block(stmts)
        finally:
            self.loops -= 1

    def math(self, m: ir.Math) -> M.MathNode:
        return self.parse(m)

    def exactly(self, value: Callable[[Env], Any], tree: M.MathNode) -> Callable[[Env], Any]:
        """In an exact run, ``value`` refusing a float or a number too large to carry: ``AV310`` at ``tree``.

        The float is one a function or a binding made; the number, one whose numerator doubles each pass.
        """
        if not self.ctx.exact:
            return value
        ctx = self.ctx

        def exact(env: Env) -> Any:
            v = value(env)
            found = float_in(v)
            detail = f"it is {found}, made outside the exact arithmetic" if found is not None else too_large(v)
            if detail is not None:
                raise LocatedError(NotExactValue, tree.span, what=ctx.written(tree), detail=detail)
            return v

        return exact

    def expr(self, m: ir.Math) -> Callable[[Env], Any]:
        return compile_expr(self.math(m), self.ctx)

    def cond(self, c: ir.Math | ir.Text, node: ir.Node) -> Callable[[Env], Any]:
        if isinstance(c, ir.Text) and len(c.parts) == 1 and isinstance(c.parts[0], ir.Math):
            c = c.parts[0]
        if isinstance(c, ir.Math):
            tree = self.math(c)  # \If{\(\exists i: y_i \langle w, x_i \rangle \le 0\)}: the body reads that i
            return self._witnessed(tree) if witness_of(tree) is not None else self.expr(c)
        if self._find_binding(c, node) is None:
            worded = worded_condition(c, self.math)
            if worded is not None:  # "\(t_{j+i} = s_i\) for \(i = 1, \dots, m\)"
                if witness_of(worded) is None:
                    return compile_expr(worded, self.ctx)
                return self._witnessed(worded)
            said = said_of(c)
            if said is not None:  # "\(i\) is odd": a test the words state, with no binding needed
                value, test = self.expr(said[0]), SAID_TESTS[said[1]]
                return lambda env: test(value(env))
            joined = said_all(c)
            if joined is not None:  # "\(a\) is even and \(b\) is even"
                op, tests = joined
                checks = [(self.expr(m), test) for m, test in tests]
                combine = all if op == "and" else any
                return lambda env: combine(test(value(env)) for value, test in checks)
        return self.text_binding(c, node, want_value=True)

    def block(self, stmts: Iterable[ir.Node]) -> Exec:
        compiled = [self.stmt(s) for s in stmts]
        compiled = [c for c in compiled if c is not None]
        if len(compiled) == 1:
            return compiled[0]
        if sum(hasattr(c, "fused") for c in compiled) >= 2:
            return self._fused(compiled)

        def run(env: Env) -> Any:
            for c in compiled:
                r = c(env)
                if r is not None:
                    return r
            return None

        return run

    def _fused(self, compiled: list[Exec]) -> Exec:
        """One generated function for a block: straight-line statements without a call each."""
        from ..math.codegen import generate_block

        items = [c.fused if hasattr(c, "fused") else ("call", c) for c in compiled]
        handlers = [c.fail if hasattr(c, "fused") else None for c in compiled]

        def fail(index: int, env: Env, exc: BaseException) -> None:
            if index >= 0 and handlers[index] is not None and not isinstance(exc, LocatedError):
                handlers[index](env, exc)  # raises the located error for that statement

        return generate_block(items, returned=_Returned, fail=fail)

    def stmt(self, node: ir.Node) -> Exec | None:
        method = getattr(self, "s_" + type(node).__name__, None)
        if method is None:
            return None  # comments, conditions: nothing to run
        fn = method(node)
        return self.wrap(node, fn) if fn is not None else None

    def wrap(self, node: ir.Node, fn: Exec) -> Exec:
        span = node.span
        start = span.start
        self.spans[start] = span
        if isinstance(node, _BLOCKS):

            def block(env: Env) -> None:
                hits = env[TRACE_KEY]._hits
                hits[start] = hits.get(start, 0) + 1
                on_step = env["$on_step"]
                if on_step is not None:
                    on_step(node, env, env[TRACE_KEY])
                try:
                    return fn(env)
                except LocatedError:
                    raise  # a statement inside the block located its own
                except Exception as exc:  # in the block's own condition or range
                    cond_fail(env, exc)
                    raise

            cond_fail = _raiser(span, self.diagnoser(node), what="the condition")
            return block
        diagnose = self.diagnoser(node)
        fail = _raiser(span, diagnose)

        def run(env: Env) -> None:
            trace = env[TRACE_KEY]
            hits = trace._hits
            hits[start] = hits.get(start, 0) + 1
            on_step = env["$on_step"]
            if on_step is not None:
                on_step(node, env, trace)
            try:
                return fn(env)
            except LocatedError:
                raise
            except Exception as exc:
                fail(env, exc)
                raise

        # statements a block can inline into one generated function (codegen.generate_block)
        simple = getattr(fn, "simple_assignment", None)
        values = getattr(fn, "values", None)
        if simple is not None:
            name, key, value = simple
            run.fused = ("assign", (start, span, node, name, key, value))  # type: ignore[attr-defined]
        elif values is not None:
            run.fused = ("return", (start, span, node, values))  # type: ignore[attr-defined]
        run.fail = fail  # type: ignore[attr-defined]
        return run

    def diagnoser(self, node: ir.Node) -> Callable[[Env, BaseException], None]:
        """Return ``diagnose(env, exc)``: re-run the statement's math with a guard per node.

        Statements are compiled without per-node guards for speed; when one fails, its math is
        compiled again with guards and evaluated, so the finding points at the sub-expression
        (``A v`` in a longer formula) rather than the whole line.
        """
        maths = [m for m in _own_maths(node) if m is not getattr(node, "target", None)]
        if isinstance(node, (ir.ForRange, ir.ForAll)):
            # the loop binds its variable, and a \ForAll's header is its variable and its set
            maths = [m for m in maths if m is not node.var and m is not getattr(node, "header", None)]
        ctx = self.ctx

        def diagnose(env: Env, exc: BaseException) -> None:
            guarded = dataclasses.replace(ctx, guard=True)
            for m in maths:
                tree = self.parse(m)
                while isinstance(tree, M.Assign):  # x \gets y \gets e: the value is e
                    tree = tree.value
                try:
                    compile_expr(tree, guarded)(dict(env))
                except LocatedError as located:
                    raise located from exc
                except Exception:  # noqa: BLE001 - only a located error improves on the statement's
                    continue

        return diagnose

    # statements

    def s_Assign(self, node: ir.Assign) -> Exec:
        ambiguous = self.two_lengths.get(node.value.span)
        if ambiguous is not None:
            return _refuse_statement(*ambiguous)
        target = self.math(node.target)
        stated = factorization(target)
        if stated is not None:
            return self._factorize(node, stated)
        if _block_name(target, self.math(node.value)):  # A_{11} \gets A_{1:m, 1:m}: a block, a name of its own
            target = M.Sym(identifier(target), span=target.span)  # type: ignore[arg-type]
        update = _UPDATE.search(node.op)
        if update is not None:  # `x \mathrel{+}= y`, `x += y`: x takes x + y
            tree = M.BinOp(update.group(1), target, self.math(node.value), span=node.value.span)
            value = self.exactly(compile_expr(tree, self.ctx), tree)
        elif isinstance(self.math(node.value), M.Assign):
            return self._assign_chain(node, target)
        elif (counted := self._counted(target, self.math(node.value))) is not None:
            value = compile_expr(counted, self.ctx)  # n \gets |L|: the length of L
        else:
            value = self.exactly(self.expr(node.value), self.math(node.value))
            size = self.zero_vectors.get(identifier(target) or "")
            tree = self.math(node.value)
            if size is not None and M.zero_literal(tree):
                value = zeros(size, self.ctx.exact)  # x \gets 0, then x_i \gets …: the zero vector
            loose = size is None and identifier(target) in self.loose_zeros and M.zero_literal(tree)
            if loose:  # x_0 \gets 0 (or \mathbf{0}), then A x_k: the zero A needs, of no size said
                value = _loose_zero
            filled = self.filled.get(identifier(target) or "")
            if filled is not None and not loose:
                value = stored_as_ones(value, filled)  # r \gets \mathbf{1} / n: n entries
            order = self.identities.get(identifier(target) or "")
            if order is not None and bare_identity(tree) and tree.span is not None:  # L \gets I: I_n
                sized = M.Idx(tree, (M.Sym(order, span=tree.span),), span=tree.span)
                value = self.exactly(compile_expr(sized, self.ctx), sized)
            unsized = self.unsized.get(identifier(target) or "")
            if unsized is not None and (M.zero_literal(tree) if unsized == "0" else bare_identity(tree)):
                value = _refused(unsized, identifier(target) or "", tree)  # a scalar would be a silent guess
        written = self.context.firsts.get(identifier(target) or "") if self.context is not None else None
        if written is not None and written.first < self.ctx.index_base:
            # \rho \gets zeros(M + 1) of "the density \rho_0, \dots, \rho_M": numbered as the note writes it
            value = _numbered(value, written.first)
        span = node.span
        if family_target(target) is not None:  # \beta_1, \dots, \beta_p \gets 0: each member, so the vector
            family, value = fill_family(target, value, self.ctx)
            target = M.Sym(family, span=target.span)
        if isinstance(target, (M.Sym, M.Pow, M.Label, M.Transpose)) and identifier(target) is not None:
            name = identifier(target)
            key = "assign:" + name
            if name in self.ctx.sequences or name in self.context.families:
                # G \gets … after G_0 \gets …; N \gets \sum_c N_c of the counts N_1, …, N_C given
                return self._assign_beside_members(name, value, span)

            def assign_name(env: Env) -> None:
                # run alone (wrapped by wrap()), or inlined by a block through simple_assignment
                v = env[name] = value(env)
                if v.__class__ is float and v - v != 0:
                    nonfinite(v)  # Python float arithmetic goes to inf without NumPy's error state
                env[TRACE_KEY].record_keyed(name, key, span, v)

            assign_name.simple_assignment = (name, key, value)  # type: ignore[attr-defined]
            return assign_name
        store = compile_target(target, self.ctx)

        def assign(env: Env) -> None:
            names = store(env, value(env))
            trace = env[TRACE_KEY]
            for n in names:
                trace.record(n, span, env[n])

        return assign

    def _assign_beside_members(self, name: str, value: Callable[[Env], Any], span: Span) -> Exec:
        """``G \\gets …`` of a number where ``G_0 \\gets …`` stored a member first: the members are kept beside it."""

        def assign_name(env: Env) -> None:
            old, v = env.get(name), value(env)
            trace = env[TRACE_KEY]
            kept = isinstance(old, (Sequence, list)) or (isinstance(old, np.ndarray) and old.ndim == 1)
            if kept and holds_a_number(v):  # the parent's impurity G_0 beside each split's G
                env[members(name)] = old
                trace.record(members(name), span, old)
            env[name] = v
            if v.__class__ is float and v - v != 0:
                nonfinite(v)
            trace.record(name, span, v)

        return assign_name

    def _counted(self, target: M.MathNode, value: M.MathNode) -> M.MathNode | None:
        """``n \\gets |L|`` where the note says L has n entries: the length of L, never its absolute values."""
        if not (isinstance(value, M.Abs) and isinstance(value.operand, M.Sym) and isinstance(target, M.Sym)):
            return None
        name, size = identifier(value.operand), identifier(target)
        d = self.context.get(name) if name is not None else None
        said = (d.shape if d is not None and d.shape is not None and len(d.shape) == 1 else (None,))[0]
        # MergeCount(L, R)'s "p \gets \lvert L \rvert" of a list it reads as L_i: its length, as |A| is
        listed = name in self.listed and d is None
        if size is None or (size not in (str(said), self.context.families.get(name or "")) and not listed):
            return None
        return M.Call("len", (value.operand,), span=value.span)

    def _assign_chain(self, node: ir.Assign, target: M.MathNode) -> Exec:
        """``x \\gets y \\gets 0`` (Python's ``x = y = 0``): the value once, then each target from the left."""
        targets, tree = [target], self.math(node.value)
        while isinstance(tree, M.Assign):
            targets.append(tree.target)
            tree = tree.value
        value, stores, span = compile_expr(tree, self.ctx), [compile_target(t, self.ctx) for t in targets], node.span
        value = self.exactly(value, tree)

        def assign_chain(env: Env) -> None:
            v = value(env)
            if v.__class__ is float and v - v != 0:
                nonfinite(v)
            trace = env[TRACE_KEY]
            for store in stores:
                for n in store(env, v):
                    trace.record(n, span, env[n])

        return assign_chain

    def s_Return(self, node: ir.Return) -> Exec:
        if nil_return(node):  # CLRS's "return NIL" in text: the one value None, never "nothing"
            return lambda env: _Returned(None)
        if failure_return(node):
            # Burden–Faires' "return failure after N_0 iterations": the run gives up there, as an English
            # report of failure does; the N_0 in it counts the passes, it is not a value returned
            said = node.text.plain

            def gives_up(env: Env) -> Any:
                raise LocatedError(DidNotTerminate, node.span, reason=f"the listing reports failure: {said}")

            return gives_up
        values = [self._returned(v) for v in node.values]
        if len(values) == 1:
            only, written = values[0], node.values[0]

            def ret1(env: Env) -> _Returned:
                v = only(env)
                if v.__class__ is float:
                    if v - v != 0:
                        nonfinite(v)
                elif not isinstance(v, _SIZED):
                    sized_output(v, written)
                return _Returned(v)

            ret1.values = values  # type: ignore[attr-defined]
            return ret1

        def ret(env: Env) -> _Returned:
            out = tuple(v(env) for v in values)
            sized_outputs(out, node.values)
            return _Returned(out)

        ret.values = values  # type: ignore[attr-defined]
        return ret

    def _returned(self, m: ir.Math) -> Callable[[Env], Any]:
        """A returned value; ``\\Return k = \\min(i, j)`` returns the value it names (Booth's least rotation)."""
        tree = self.math(m)
        if isinstance(tree, M.Rel) and len(tree.rest) == 1 and tree.rest[0][0] == "=" and isinstance(tree.first, M.Sym):
            value = tree.rest[0][1]
            return self.exactly(compile_expr(value, self.ctx), value)
        return self.exactly(self.expr(m), tree)

    def s_TextStatement(self, node: ir.TextStatement) -> Exec | None:
        if node.kind == "remark":
            return None  # a \Statex note to the reader: nothing to run
        written = _loop_word(node.text)
        if written == "pass":
            return None  # Python's pass, as latexify prints it: nothing to run
        signal = _LOOP_WORDS.get(written)
        if signal is not None:
            if not self.loops:
                raise LocatedError(NotExecutable, node.span, message=f"{signal.word} outside a loop")
            return lambda env: signal
        found = self._find_binding(node.text, node)
        operation = container_step(node.text) if found is None else None
        if operation is not None:  # "push i onto S", "dequeue v from Q", "S \gets empty stack"
            return self._container(operation, node)
        each = self._for_each(node) if found is None else None
        if each is not None:  # "\(d_v \gets \infty\) for all \(v \in V\)"
            return each
        system = solve_of(node.text) if found is None else None
        solved = self.solve(*(self.math(m) for m in system), node.span) if system is not None else None
        if solved is not None:  # "Solve \((A - \sigma I) w = x\) for \(w\)": w \gets (A - σ I)^{-1} x
            return solved
        swapped = swaps_of(node.text) if found is None else None
        if swapped is not None and len(swapped) > 1:  # U_{k,:} ↔ U_{p,:}, X_{k,:} ↔ X_{p,:}: each in turn
            steps = [self.exchange(*(self.math(m) for m in pair), node.span) for pair in swapped]

            def each(env: Env) -> None:
                for step in steps:
                    step(env)

            return each
        pair = (
            [self.math(m) for m in swapped[0]]
            if swapped is not None
            else self._exchange(node)
            if found is None
            else None
        )
        if pair is not None:  # "exchange A[i] with A[k]", "swap x and y", x ↔ y: (x, y) \gets (y, x)
            return self.exchange(*pair, node.span)
        made = new_array_of(node.text) if found is None else None
        if made is not None:  # "let C be a new n × n matrix": C starts as zeros of that size
            name, size = (self.math(m) for m in made)
            dims = dims_of(size)
            if dims is not None and isinstance(name, M.Sym):
                zeros_tree = M.Call("zeros", tuple(_size_node(d, size) for d in dims), span=size.span)
                value, store, span = compile_expr(zeros_tree, self.ctx), compile_target(name, self.ctx), node.span

                return lambda env: recorded(env, store, value(env), span)
        tables = self._new_tables(node) if found is None and made is None else None
        if tables is not None:  # "let π[1..m] be a new array": π starts as an empty table
            return tables
        if found is None and len(node.text.parts) == 1 and isinstance(node.text.parts[0], ir.Math):
            tree = self.math(node.text.parts[0])
            if isinstance(tree, M.String):
                return None  # a string on its own (a docstring, as latexify prints it) does nothing
            if isinstance(tree, (M.Call, M.Apply)):
                fn = compile_expr(tree, self.ctx)

                def call_only(env: Env) -> None:
                    fn(env)

                return call_only
        return self.text_binding(node.text, node, want_value=False)

    def _exchange(self, node: ir.TextStatement) -> list[M.MathNode] | None:
        r"""The sides of ``x \leftrightarrow y`` standing alone as a statement: an exchange, as pivoting writes it."""
        parts = [p for p in node.text.parts if not (isinstance(p, str) and not p.strip())]
        if len(parts) != 1 or not isinstance(parts[0], ir.Math) or not _EXCHANGE.search(parts[0].latex):
            return None
        tree = self.math(parts[0])
        if isinstance(tree, M.Rel) and len(tree.rest) == 1 and tree.rest[0][0] == "iff":
            return [tree.first, tree.rest[0][1]]
        return None

    def s_Print(self, node: ir.Print) -> Exec:
        parts = [self.expr(m) for m in node.text.math]

        def print_(env: Env) -> None:
            env[TRACE_KEY].count("print")
            for p in parts:
                p(env)

        return print_

    def s_CallStmt(self, node: ir.CallStmt) -> Exec:
        if swap_call(node):
            return self._swap_call(node)
        args = [self.expr(a) for a in node.args]
        name = node.name
        # \Call{StoogeSort}{A, i, j}: a procedure that sorts its input in place sorts the caller's A
        passed = [identifier(t) if isinstance(t, M.Sym) else None for t in (self.math(a) for a in node.args)]

        def call(env: Env) -> None:
            fn = env.get(name)
            if fn is None:  # \Call{Plot}{x, y} with no Plot anywhere: what lint said of it
                raise LocatedError(UnboundName, node.span, name=name, hint=UnboundName.function_hint(name))
            if not callable(fn):
                raise LocatedError(
                    EvaluationFailed, node.span, message=f"\\Call of {name}, which is not a function here"
                )
            env[TRACE_KEY].count("call:" + name)
            value = call_with(fn, [a(env) for a in args], env, [None] * len(args))
            program = getattr(fn, "program", None)
            updated = getattr(program, "in_place", None)
            if updated is not None and updated in program.inputs:
                position = program.inputs.index(updated)
                if position < len(passed) and passed[position] is not None:
                    env[passed[position]] = value

        return call

    def s_IfBlock(self, node: ir.IfBlock) -> Exec:
        arms = [(self.cond(b.cond, b) if b.cond is not None else None, self.block(b.body)) for b in node.branches]

        def if_(env: Env) -> Any:
            for test, body in arms:
                if test is None or _truth(test, env, node):
                    return body(env)
            return None

        return if_

    # English

    def _find_binding(self, text: ir.Text, node: ir.Node) -> tuple[str, Binding] | None:
        line = self.locate(node.span.start)[0] if self.locate else None
        return self.bindings.find(text.plain, line)

    def text_binding(self, text: ir.Text, node: ir.Node, *, want_value: bool) -> Callable[[Env], Any]:
        found = self._find_binding(text, node)
        ctx = self.ctx
        if found is None and _REPORTS_FAILURE.search(text.plain):
            # "report that the method failed after N_0 iterations" (Burden–Faires' OUTPUT … STOP): the
            # run ends there, as one that gives up; a claim about what it finds is false for those inputs
            said = text.plain

            def gives_up(env: Env) -> Any:
                raise LocatedError(DidNotTerminate, node.span, reason=f"the listing reports failure: {said}")

            return gives_up
        if found is None:
            self.unbound_text.append((node.span, text.plain))

            def unbound(env: Env) -> Any:
                raise LocatedError(UnboundText, node.span, text=text.plain)

            return unbound
        key, fn = found

        def bound(env: Env) -> Any:
            env[TRACE_KEY].count(f"binding:{key}")
            try:
                result = fn(StepContext(env, node, ctx))
            except LocatedError:
                raise
            except Exception as exc:  # the binding is user code: report it at the statement
                raise LocatedError(
                    EvaluationFailed, node.span, message=f"binding {key!r} failed: {type(exc).__name__}: {exc}"
                ) from exc
            if not want_value:
                if isinstance(result, dict):
                    for name, value in result.items():
                        StepContext(env, node, ctx)[name] = value
                return None  # a statement's binding returns nothing a block would take for a signal
            return result

        return bound


def _own_maths(node: ir.Node) -> Iterator[ir.Math]:
    """The math of a statement itself: a block's header, not the statements in its body, nor comments."""
    for child in ir.iter_children(node):
        if isinstance(child, ir.Math):
            yield child
        elif isinstance(child, ir.Node) and not isinstance(child, (ir.Comment, ir.Function)) and not is_step(child):
            yield from _own_maths(child)


def is_step(node: ir.Node) -> bool:
    """True for the statements a run reports to ``on_step`` (a stepper's stopping places)."""
    if isinstance(node, ir.TextStatement):
        return node.kind != "remark"
    return not isinstance(node, ir.Function) and hasattr(_Compiler, "s_" + type(node).__name__)


#: an English statement that ends the run as a failure: "report that the method failed", "output 'no convergence'"
_REPORTS_FAILURE = re.compile(
    r"^\s*(?:report|output|print|signal|declare|return|stop)\b.*\b(?:fail(?:ed|s|ure)?|no convergence|did not converge|"
    r"does not converge|diverge[sd]?|unsuccessful)\b",
    re.I,
)


def parse(latex: str) -> ir.Algorithm:
    """Parse a block of LaTeX (an ``algorithm``/``algorithmic`` environment or bare statements)."""
    from ..syntax.build import parse_algorithm

    return parse_algorithm(latex, Span(0, len(latex)))


def _loose_zero(env: Env) -> Any:
    return ZERO


def _numbered(value: Callable[[Env], Any], first: int) -> Callable[[Env], Any]:
    """``value`` read from index ``first`` (a vector the note numbers from 0 in a listing that counts from 1)."""
    return lambda env: numbered_from(value(env), first)


def _refuse_statement(span: Span, message: str) -> Exec:
    """A statement whose reading the note does not decide: AV204 when it runs, as lint says."""

    def refuse(env: Env) -> None:
        raise LocatedError(AmbiguousMath, span, message=message)

    return refuse


def _refused(start: str, name: str, tree: M.MathNode) -> Callable[[Env], Any]:
    r"""``x \gets 0`` for an ``x`` then used as a vector of no said size: AV204 when it runs, as lint says."""
    what = "a zero vector" if start == "0" else "an identity"
    fix = "\\operatorname{zeros}(n)" if start == "0" else "I_n"
    message = (
        f"{name} is set to {start} and then used as a vector or matrix: {what} whose size the note does not say; "
        f"write {fix}, or say in the prose what size {name} has"
    )

    def refuse(env: Env) -> Any:
        raise LocatedError(AmbiguousMath, tree.span, message=message)

    return refuse


def _size_node(dim: str | int, written: M.MathNode) -> M.MathNode:
    """One size of a shape as math: a number, or the name of a size (``n`` of ``n \\times n``)."""
    return M.Num(str(dim), span=written.span) if isinstance(dim, int) else M.Sym(dim, span=written.span)
