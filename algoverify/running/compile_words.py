"""Statements the textbooks write in words or as equations, compiled to closures.

Stacks, queues and deques ("push \\(i\\) onto \\(S\\)"), a statement for every member ("\\(d_v
\\gets \\infty\\) for all \\(v \\in V\\)"), exchanges (``\\Call{swap}{a, b}``) and factorisations
(``Q R = A``). :class:`Worded` holds them; the compiler of :mod:`.compiler` mixes it in, as it
does :class:`~.compile_loops.Loops`, and they call back into it for maths and expressions.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from ..findings import EvaluationFailed, LocatedError, NotExecutable
from ..math import mathexpr as M
from ..math.names import identifier
from ..math.numeric import TRACE_KEY, compile_expr, compile_target
from ..math.numeric.sets import witness_search
from ..math.ops import Sequence
from ..source import Span
from ..syntax import ir
from .containers import ADDING, Operation, apply
from .conventions import new_tables_of
from .factorizations import Factorization, factor
from .runstate import Env, Exec
from .worded import each_member, for_each_parts


def recorded(env: Env, store: Any, value: Any, span: Span) -> None:
    """Store ``value`` through ``store`` and put each name it set in the run's trace."""
    for n in store(env, value):
        env[TRACE_KEY].record(n, span, env[n])


class Worded:
    """The worded and equation statements of :class:`~.compiler._Compiler`, which mixes this in."""

    def _factorize(self, node: ir.Assign, stated: Factorization) -> Exec:
        """``Q R = A``: the factors of ``A``'s value, stored as written (see :mod:`.factorizations`)."""
        value = self.expr(node.value)
        store = compile_target(M.Tuple(stated.targets, span=node.target.span), self.ctx)
        kind, span = stated.kind, node.span

        def factorize(env: Env) -> None:
            try:
                factors = factor(kind, value(env))
            except (ValueError, np.linalg.LinAlgError) as exc:
                said = self.written(self.math(node.value))
                raise LocatedError(EvaluationFailed, span, message=f"{said}: {exc}") from None
            recorded(env, store, factors, span)

        return factorize

    def _for_each(self, node: ir.TextStatement) -> Exec | None:
        """An assignment for every member of a set or range: ``\\(T[j] \\gets 0\\) for \\(j = 0, \\dots, m - 1\\)``."""
        found = for_each_parts(node.text)  # "\(\sigma_t \gets 0\), \(d_t \gets -1\) for \(t \in V\)"
        if found is None:
            return None
        steps, domain = [self.math(p) for p in found[0]], self.math(found[1])
        if not all(isinstance(step, M.Assign) for step in steps):
            return None
        if (member := each_member(domain)) is None:
            return None
        var, members = member
        name = identifier(var) if isinstance(var, M.Sym) else None
        if name is None:
            return None
        values, span = compile_expr(members, self.ctx), node.span
        assigned = [(compile_target(t.target, self.ctx), compile_expr(t.value, self.ctx)) for t in steps]  # type: ignore[attr-defined]

        def for_each(env: Env) -> None:
            for member in list(values(env)):
                env[name] = member.item() if isinstance(member, np.generic) else member
                for store, value in assigned:
                    recorded(env, store, value(env), span)

        return for_each

    def _container(self, operation: Operation, node: ir.TextStatement) -> Exec:
        """One operation of a stack, queue or deque (see :mod:`.containers`), on the list its name holds."""
        kind, span = operation.kind, node.span
        maths = [self.math(m) for m in operation.maths]
        holder = maths[-1]
        name = identifier(holder) if isinstance(holder, M.Sym) else None
        if name is None:
            raise LocatedError(
                NotExecutable, holder.span, message=f"{self.written(holder)} is not a name to keep a list in"
            )
        if kind == "new":

            def new(env: Env) -> None:
                env[name] = []
                env[TRACE_KEY].record(name, span, env[name])

            return new
        if kind in ("first", "last"):
            return self._end_member(kind, maths[0], operation.maths[1], span)
        item = self.expr(operation.maths[0]) if kind in ADDING else None
        taken = compile_target(maths[0], self.ctx) if kind not in ADDING and len(maths) == 2 else None

        def operate(env: Env) -> None:
            try:
                got, env[name] = apply(kind, env.get(name), item(env) if item is not None else None)
            except IndexError as exc:
                raise LocatedError(EvaluationFailed, span, message=str(exc)) from None
            env[TRACE_KEY].record(name, span, env[name])
            if taken is not None:
                recorded(env, taken, got, span)

        return operate

    def _witnessed(self, tree: M.MathNode) -> Callable[[Env], bool]:
        """A condition that holds for some value of a name (``\\exists i: …``), binding the first one it finds."""
        finder = witness_search(tree, self.ctx)  # type: ignore[arg-type]

        def witnessed(env: Env) -> bool:
            # "if frame_j = p_t for some j", "while there is an i with …": the statements it
            # guards read that j, the first one found, as a reader does
            found = finder(env)
            if found is None:
                return False
            env.update(found)
            return True

        return witnessed

    def _new_tables(self, node: ir.TextStatement) -> Exec | None:
        """"let \\(\\pi[1 \\twodots m]\\) be a new array" (or "… and … be new tables"): each starts empty."""
        targets = [t.base if isinstance(t, M.Index) else t for t in (self.math(m) for m in new_tables_of(node.text))]
        if not targets or not all(isinstance(t, M.Sym) for t in targets):
            return None
        stores, span = [compile_target(t, self.ctx) for t in targets], node.span

        def new_tables(env: Env) -> None:
            for store in stores:
                recorded(env, store, Sequence(), span)

        return new_tables

    def _end_member(self, kind: str, target: M.MathNode, whole: ir.Math, span: Any) -> Exec:
        """``s \\gets`` last vertex of ``Q``: Q's last member (a matrix's last row, a list's last item)."""
        value, store, written = self.expr(whole), compile_target(target, self.ctx), whole.latex

        def end_member(env: Env) -> None:
            found = value(env)
            if len(found) == 0:
                raise LocatedError(EvaluationFailed, span, message=f"{written} is empty: it has no {kind} member")
            recorded(env, store, found[0] if kind == "first" else found[-1], span)

        return end_member

    def _swap_call(self, node: ir.CallStmt) -> Exec:
        """``\\Call{swap}{\\(\\pi[i], \\pi[j]\\)}``: the listing's own swap when it has one, else the exchange."""
        a, b = (self.math(m) for m in node.args)
        exchange = self.exchange(a, b, node.span)
        args = [self.expr(m) for m in node.args]
        name = node.name

        def swap(env: Env) -> None:
            fn = env.get(name)
            if callable(fn):
                env[TRACE_KEY].count("call:" + name)
                fn(*(a(env) for a in args))
                return
            exchange(env)

        return swap

    def solve(self, equation: M.MathNode, unknown: M.MathNode, span: Span) -> Exec | None:
        r"""Solve \(J^{\top} J p = -J^{\top} r\) for \(p\): ``p \gets (J^{\top} J)^{-1} (-J^{\top} r)``.

        Only an equation whose left side ends with the unknown, a matrix written before it; else ``None``.
        """
        system = linear_system(equation, unknown)
        if system is None:
            return None
        matrix, rhs = system
        value = compile_expr(M.Juxt(M.Inverse(matrix, span=matrix.span), rhs, span=span), self.ctx)
        store = compile_target(unknown, self.ctx)
        said = self.ctx.written(matrix)

        def solved(env: Env) -> Any:
            try:
                found = value(env)
            except np.linalg.LinAlgError as exc:  # as (J^{\top} J)^{-1} written out says it, at the matrix
                raise LocatedError(EvaluationFailed, matrix.span, message=f"{said}: Singular matrix") from exc
            return recorded(env, store, found, span)

        return solved

    def exchange(self, a: M.MathNode, b: M.MathNode, span: Span) -> Exec:
        """``(a, b) \\gets (b, a)``: "swap \\(x\\) and \\(y\\)", ``x \\leftrightarrow y``, ``\\Call{swap}{x, y}``."""
        value = compile_expr(M.Tuple((b, a), span=span), self.ctx)
        store = compile_target(M.Tuple((a, b), span=span), self.ctx)
        return lambda env: recorded(env, store, value(env), span)


def linear_system(equation: M.MathNode, unknown: M.MathNode) -> tuple[M.MathNode, M.MathNode] | None:
    """``(M, b)`` of ``M x = b`` solved for ``x``: the factors before the unknown, and the right side."""
    if not (isinstance(equation, M.Rel) and len(equation.rest) == 1 and equation.rest[0][0] == "="):
        return None
    left, rhs = equation.first, equation.rest[0][1]
    name = identifier(unknown)
    if name is None or not isinstance(left, M.Juxt) or identifier(left.right) != name:
        return None
    matrix = left.left
    if any(identifier(n) == name for n in (*M.walk(matrix), *M.walk(rhs))):
        return None  # x on both sides is no linear system written for x
    return matrix, rhs
