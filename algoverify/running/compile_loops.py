"""The loops of a listing compiled to closures: ``\\While``, ``\\Repeat``, ``\\Loop``, ``\\For``, ``\\ForAll``.

:class:`Loops` holds the ``s_<Statement>`` methods of the compiler's loop statements; the compiler
of :mod:`.compiler` inherits them beside its own (assignments, calls, conditionals, functions), and
they call back into it for conditions, bodies and the tick that bounds a run.
"""

from __future__ import annotations

import itertools
from collections.abc import Set as AbstractSet
from typing import Any

import numpy as np

from ..findings import (
    AmbiguousMath,
    EvaluationFailed,
    LocatedError,
    NotExecutable,
)
from ..math import mathexpr as M
from ..math.names import identifier
from ..math.numeric import TRACE_KEY, compile_expr, compile_target
from ..math.ranges import UPWARD
from ..syntax import ir
from ..syntax.builder import members_of
from .cycles import CycleWatch
from .runstate import (
    _BREAK,
    _CONTINUE,
    Env,
    Exec,
    _integer,
    _ticker,
    _truth,
    truth_of,
)
from .signature import assigned_names
from .worded import forall_filter, neighbours_of, unread_order, unread_restriction
from .worklist import changed_set, members_as_they_come


def _even_step(values: list[int], iterable: ir.Math, rule: Any) -> int:
    """The step between the terms written before the dots; ``rule`` at ``iterable`` when they do not step evenly."""
    steps = {b - a for a, b in zip(values, values[1:])}
    if len(steps) > 1:
        raise LocatedError(
            rule,
            iterable.span,
            message=f"{iterable.latex}: the terms before the dots ({', '.join(map(str, values))}) do not step "
            "evenly, so what comes after them is not said",
        )
    return steps.pop()


class Loops:
    """The loop statements of :class:`~.compiler._Compiler`, which mixes this in."""

    def s_WhileBlock(self, node: ir.WhileBlock) -> Exec:
        test, body = self.cond(node.cond, node), self.loop_body(node.body)
        self._keep_test(node, node.cond)
        tick, watched = _ticker(node), self._watched(node, node.body)

        def while_(env: Env) -> Any:
            on_step = env["$on_step"]
            # the tick, inlined where it only counts: a pass of a small loop costs a few µs, and a
            # call and two look-ups of the run's trace and budget were a tenth of them
            trace, max_steps = env[TRACE_KEY], env["$budget"].max_steps
            watch = watched()
            passes = 0
            while True:
                value = test(env)
                if value is not True and (value is False or not truth_of(value, node)):
                    break
                if trace.steps >= max_steps or trace.steps + 1 >= trace.clock_at:
                    tick(env)  # past the budget, or time to read the clock: the whole tick
                else:
                    trace.steps += 1
                r = body(env)
                if r is not None:
                    if r is _BREAK:
                        break
                    if r is not _CONTINUE:
                        return r
                if on_step is not None:  # the header again, before its test: a breakpoint there stops each pass
                    on_step(node, env, env[TRACE_KEY])
                passes += 1
                if watch is not None and passes >= watch.due:
                    watch.look(env, passes)
            return None

        return while_

    def _keep_test(self, node: ir.Node, cond: Any) -> None:
        """Keep a loop's test as math, with its context: a recorded run plots its sides pass by pass."""
        if isinstance(cond, ir.Text) and len(cond.parts) == 1 and isinstance(cond.parts[0], ir.Math):
            cond = cond.parts[0]
        if isinstance(cond, ir.Math):
            self.tests[node.span.start] = (self.math(cond), self.ctx)

    def _watched(self, node: ir.Node, stmts: Any) -> Any:
        """A new :class:`CycleWatch` for each run of the loop (``None`` when the run may not be deterministic)."""
        if not self.deterministic:
            return lambda: None
        shown = sorted(assigned_names(stmts, self.parse))  # the loop's own variables, for the message
        return lambda: CycleWatch(node.span, shown)

    def s_RepeatUntil(self, node: ir.RepeatUntil) -> Exec:
        return self._test_after(node, node.cond, node.body, until=True)

    def s_UserBlock(self, node: ir.UserBlock) -> Exec:
        """A block the paper defines: a do-while (``\\Do`` … ``\\doWhile{cond}``) runs; any other is refused.

        The shape is read from the definition's names: a closer spelt ``…while``/``…until``
        with one argument after a body. Anything else would be a guess, so it is AV308 at the
        block (its body would otherwise be skipped without a word).
        """
        closer = (node.closer or "").lstrip("\\").lower()
        if len(node.closer_args) == 1 and closer.endswith(("while", "until")):
            return self._test_after(node, node.closer_args[0], node.body, until=closer.endswith("until"))
        raise LocatedError(
            NotExecutable,
            node.span,
            message=f"{node.opener} … {node.closer or ''} is a block the paper defines; its meaning is not known",
        )

    def _test_after(self, node: ir.Node, cond: Any, stmts: Any, *, until: bool) -> Exec:
        """A body, then its test: ``\\Repeat … \\Until{c}`` stops when ``c`` holds, a do-while when it fails."""
        test, body, tick = self.cond(cond, node), self.loop_body(stmts), _ticker(node)
        watched = self._watched(node, stmts)
        self._keep_test(node, cond)

        def test_after(env: Env) -> Any:
            watch, passes = watched(), 0
            while True:
                tick(env)
                r = body(env)
                if r is not None:
                    if r is _BREAK:
                        return None
                    if r is not _CONTINUE:
                        return r
                if _truth(test, env, node) == until:
                    return None
                passes += 1
                if watch is not None and passes >= watch.due:
                    watch.look(env, passes)

        return test_after

    def s_LoopBlock(self, node: ir.LoopBlock) -> Exec:
        body, tick, watched = self.loop_body(node.body), _ticker(node), self._watched(node, node.body)

        def loop(env: Env) -> Any:
            watch, passes = watched(), 0
            while True:
                tick(env)
                r = body(env)
                if r is not None:
                    if r is _BREAK:
                        return None
                    if r is not _CONTINUE:
                        return r
                passes += 1
                if watch is not None and passes >= watch.due:
                    watch.look(env, passes)

        return loop

    def s_ForRange(self, node: ir.ForRange) -> Exec:
        var = identifier(self.math(node.var))
        if var is None:
            raise LocatedError(NotExecutable, node.var.span, message=f"{node.var.latex} is not a loop variable")
        start, stop, body, tick = self.expr(node.start), self.expr(node.stop), self.loop_body(node.body), _ticker(node)
        # how it counts: an explicit step, a written second term, downto, else the written
        # direction (math.ranges), upward when the bounds do not tell
        explicit = self.expr(node.step) if node.step is not None else None
        second = self.expr(node.second) if node.second is not None else None
        down = node.direction == "down"
        fixed = -1 if down else self.directions.get(id(node)) or UPWARD

        def stride(env: Env, a: int) -> int:
            if explicit is not None:
                k = _integer(explicit(env), node.step)
            elif second is not None:
                k = _integer(second(env), node.second) - a
            else:
                return fixed
            if k == 0:
                where = node.step if node.step is not None else node.second
                raise LocatedError(EvaluationFailed, where.span, message="the range's step is 0: it would never end")
            return -abs(k) if down else k

        def for_(env: Env) -> Any:
            a, b = _integer(start(env), node.start), _integer(stop(env), node.stop)
            step = stride(env, a)
            on_step = env["$on_step"]
            i = None
            for i in range(a, b + (1 if step > 0 else -1), step):
                if on_step is not None and i != a:  # the header again, before each further pass
                    on_step(node, env, env[TRACE_KEY])
                env[var] = i  # before the tick: an invariant at the header sees this pass's counter
                tick(env)
                r = body(env)
                if r is not None and r is not _CONTINUE:
                    if r is _BREAK:
                        break
                    env[TRACE_KEY].record(var, node.span, i)
                    return r
            else:
                if i is None:
                    return None  # no pass: the loop set nothing
            # k of \For{k = 1, \dots, k_max} where the loop was left: the listing reads μ_k after it with the
            # k it stopped at, and a check may read k too
            env[TRACE_KEY].record(var, node.span, env[var])
            return None

        return for_

    def s_ForAll(self, node: ir.ForAll) -> Exec:
        around = neighbours_of(node.header) if node.var is None else None
        growing: str | None = None  # the set the body adds to, visited as it grows (.worklist)
        members = members_of(node.header) if around is None else None  # its var and set are the IR's too
        if around is not None:  # \ForAll{neighbour \(w\) of \(v\)}: the vertices v has an edge to
            var, items, restricted = self.math(around[0]), self._neighbours(around[1], node), None
        elif members is not None:  # \ForAll{vertices \(e\) of \(Q\)}: Q's members (a matrix's rows), in order
            var, items, restricted = self.math(members[0]), self._members(members[1], members[2], node), None
        elif node.var is None or node.iterable is None:
            raise LocatedError(
                NotExecutable,
                node.span,
                message="the loop's header is neither a range (i = 1, \\dots, n; i \\gets 1 to n) nor a set (x \\in S)",
            )
        else:
            restricted = forall_filter(node)  # u \in R with a_{uv} = 1: the members of R where it holds
            if restricted is None:
                self._unread_filter(node)
            var, items = self.math(node.var), self._open_or_items(node.iterable)
            pinned = self._pinned(node, var) if restricted is None else None
            if pinned is not None:  # each \(v\) with \((u, v) \in E\): the pairs from the current u, v bound
                var, items = pinned[0], _pinned_members(items, *pinned[1:])
            elif restricted is None:
                growing = changed_set(node, self.math)
        store = compile_target(var, self.ctx)
        body, tick = self.loop_body(node.body), _ticker(node)
        keep = self.expr(restricted) if restricted is not None else None

        def for_all(env: Env) -> Any:
            on_step = env["$on_step"]
            seq = items(env)
            if growing is not None and isinstance(seq, AbstractSet):
                said = node.iterable.latex  # type: ignore[union-attr]
                seq = members_as_they_come(seq, lambda: env.get(growing), node.iterable.span, said)  # type: ignore[union-attr]
            elif type(seq) not in _LAZY:
                seq = list(seq)  # a copy, so the body may change what it runs over; a range is immutable and lazy
            for k, x in enumerate(seq):
                if on_step is not None and k:  # the header again, before each further pass
                    on_step(node, env, env[TRACE_KEY])
                stored = store(env, x)  # before the tick: an invariant at the header sees this pass's member
                tick(env)
                if keep is not None and not keep(env):
                    continue
                r = body(env)
                if r is not None and r is not _CONTINUE:
                    # t of \For{t = 1, 2, \dots} (k of 1, 2, \dots, k_max) where the loop was left: a check may read it
                    for name in stored:
                        env[TRACE_KEY].record(name, node.span, env[name])
                    if r is _BREAK:
                        break
                    return r
            return None

        return for_all

    def _open_or_items(self, iterable: ir.Math) -> Any:
        """What a loop runs over: its set's members, or ``a, b, …`` counted on for ever (the loop's body leaves it).

        ``k = 0, 1, 2, \\dots`` (Kolda, Lewis and Torczon) writes more terms before the dots: they
        must step evenly, and the count goes on from the first by that step.
        """
        tree = self.math(iterable)
        items = tree.items if isinstance(tree, M.Tuple) else ()
        if len(items) < 3 or not isinstance(items[-1], M.Dots) or any(isinstance(i, M.Dots) for i in items[:-1]):
            return self.expr(iterable)
        literal = [int(i.text) for i in items[:-1] if isinstance(i, M.Num) and i.text.isdigit()]
        if len(literal) == len(items) - 1:  # numbers: an uneven step is said at lint
            _even_step(literal, iterable, NotExecutable)
        terms = [compile_expr(i, self.ctx) for i in items[:-1]]

        def counted(env: Env) -> Any:
            values = [_integer(term(env), iterable) for term in terms]
            step = _even_step(values, iterable, EvaluationFailed)
            if step == 0:
                raise LocatedError(EvaluationFailed, iterable.span, message=f"{iterable.latex} does not progress")
            return itertools.count(values[0], step)  # the tick of each pass bounds it by the run's budget

        return counted

    def _pinned(self, node: ir.ForAll, var: M.MathNode) -> tuple[M.MathNode, int, list[tuple[int, Any]]] | None:
        r"""``\For{each \(v\) with \((u, v) \in E\)}``: the loop's name, its place in the tuple, the others'.

        The header names the loop's variable first; the tuple's other names are the values they
        hold as the loop starts (``u``, the vertex being processed), not names the loop binds:
        binding them too would run over every edge of the graph.
        """
        if not isinstance(node.header, ir.Text):
            return None  # \ForAll{\((u, v) \in E\)}: the header is the membership, and binds both
        first = next((p for p in node.header.parts if isinstance(p, ir.Math)), None)
        if first is None or node.var is None or first.span == node.var.span or not isinstance(var, M.Tuple):
            return None
        name = identifier(self.math(first))
        names = [identifier(item) for item in var.items]
        if name is None or names.count(name) != 1 or None in names:
            return None
        at = names.index(name)
        others = [(k, compile_expr(item, self.ctx)) for k, item in enumerate(var.items) if k != at]
        return var.items[at], at, others

    def _neighbours(self, vertex: ir.Math, node: ir.ForAll) -> Any:
        """The vertices ``vertex`` has an edge to in the graph's matrix (adjacency, weights): the note's square one."""
        square = [
            d.name
            for d in self.context.inputs
            if d.shape is not None and len(d.shape) == 2 and d.shape[0] == d.shape[1]
        ]
        if len(square) != 1:
            said = "no square matrix" if not square else f"several ({', '.join(square)})"
            raise LocatedError(
                NotExecutable,
                node.span,
                message=f"whose neighbours? the note declares {said} as the graph's: write "
                "\\ForAll{\\(w \\in V\\) with \\(a_{vw} = 1\\)}",
            )
        graph, at, base = square[0], self.expr(vertex), self.ctx.index_base
        self.implied.add(graph)

        def neighbours(env: Env) -> list[int]:
            row = np.asarray(env[graph])[_integer(at(env), node) - base]
            return [int(w) + base for w in np.flatnonzero((row != 0) & np.isfinite(row))]

        return neighbours

    def _members(self, whole: ir.Math, noun: str, node: ir.ForAll) -> Any:
        """The members of ``whole`` in order: a matrix's rows (a polygon's vertices), a list's items.

        "vertices of" a square matrix of more than two rows is refused: a polygon's points or a
        graph's vertices (its indices), which the notation does not decide.
        """
        value = self.expr(whole)
        vertices = noun.startswith("vert")

        def members(env: Env) -> list[Any]:
            found = value(env)
            shape = np.shape(found) if isinstance(found, np.ndarray) else ()
            if vertices and len(shape) == 2 and shape[0] == shape[1] > 2:
                raise LocatedError(
                    AmbiguousMath,
                    whole.span,
                    message=f"the vertices of a {shape[0]}×{shape[1]} matrix: its rows (a polygon's points) or its "
                    "indices (a graph's vertices)? write \\ForAll{\\(v \\in V\\)} for a graph's",
                )
            return list(found)

        return members

    def _unread_filter(self, node: ir.ForAll) -> None:
        """Refuse ``\\ForAll{\\(u \\in R\\) with …}`` in words it cannot read: never drop a condition, nor an order."""
        text = self.ctx.text
        for where, what, how in (
            (unread_order(node, text), "order", "run over the sorted sequence (sort it in a step before the loop, "
             "with a binding or \\(\\operatorname{sort}\\))"),
            (unread_restriction(node, text), "condition", "write the set it runs over, \\(\\{u \\in R : \\dots\\}\\)"),
        ):  # fmt: skip
            if where is not None:
                said = " ".join(text[where.start : where.end].split())  # type: ignore[index]
                message = f"the {what} '{said}' of this \\ForAll is not read: {how}"
                raise LocatedError(NotExecutable, where, message=message)


def _pinned_members(items: Any, at: int, others: list[tuple[int, Any]]) -> Any:
    """The component ``at`` of each member of ``items`` whose other components are the values ``others`` hold now."""

    def members(env: Env) -> list[Any]:
        want = [(k, value(env)) for k, value in others]
        return [
            x[at]
            for x in list(items(env))
            if isinstance(x, tuple) and len(x) > at and all(k < len(x) and x[k] == w for k, w in want)
        ]

    return members


#: what a loop runs over without copying it first: a range, and a count with no end
_LAZY = (range, itertools.count)
