"""Symbolic execution of a listing: each variable and output as a sympy expression of the inputs.

It walks the listing's IR (not the NumPy interpreter) with :mod:`~algoverify.checking.evidence.lowering`:
assignments bind sympy values, a ``\\For`` whose bounds are numbers once the sizes are fixed is
unrolled, ``\\Return`` gives the outputs. Anything else — a branch, a ``\\While``, a
call, a statement in words — makes the run inconclusive: the trials decide instead.
"""

from __future__ import annotations

import re
from typing import Any

from ...math import mathexpr as M
from ...math.names import identifier, join_words, labelled
from ...math.ranges import UPWARD, range_directions
from ...math.segments import parse_segment
from ...running.signature import listing_words
from ...syntax import ir
from .lowering import UNROLL, Inconclusive, Lower

__all__ = ["execute"]

_UPDATE = re.compile(r"([+\-*/])\s*\}?\s*=$")  # `x \mathrel{+}= y`, as the interpreter reads it


def execute(sp: Any, listing: Any, env: dict[str, Any], shadowed: set[str], on_division: Any = None) -> dict[str, Any]:
    """Run ``listing`` on the sympy values of ``env``: its final variables, and its outputs by name.

    ``on_division`` is called when the run divides by something that can be 0.
    """
    if getattr(listing, "index_base", 1) != 1:
        raise Inconclusive("a listing indexed from 0")
    algorithm = listing.algorithm
    words = listing_words(algorithm)
    body: tuple[Any, ...] = algorithm.body
    if listing.name is not None:
        (function,) = [n for n in algorithm.body if isinstance(n, ir.Function) and n.name == listing.name]
        body = function.body
    state = dict(env)
    for size, carriers in listing.program.declarations.sizes.items():
        # `n` of `x ∈ ℝⁿ`: the length of the input that carries it, as on entry to a run
        for name, axis in carriers:
            value = state.get(name)
            if size not in state and isinstance(value, sp.MatrixBase) and axis < 2:
                state[size] = sp.Integer(value.shape[axis])
    declarations = listing.program.declarations
    for family, size in declarations.families.items():
        # `d` of the prose's `x_1, \dots, x_d`: the family's length, as a run binds it
        value = state.get(family)
        if size not in state and isinstance(value, sp.MatrixBase) and 1 in value.shape:
            written = declarations.written.get(family)
            state[size] = sp.Integer(max(value.shape) - (written.offset if written is not None else 0))
    for dim, sources in listing.program.ctx.dims.items():
        # `d` from len(x), as the interpreter binds a size no input gives
        arrays = [state[s] for s in sorted(sources) if isinstance(state.get(s), sp.MatrixBase)]
        if dim not in state and len(sources) == 1 and arrays:
            state[dim] = sp.Integer(arrays[0].rows)
    lower = Lower(sp, state, {}, shadowed, set(words), on_division=on_division)
    parse = lambda m: join_words(parse_segment(m), words)  # noqa: E731
    run = _Run(sp, lower, parse, range_directions(algorithm, parse))
    returned = run.block(body)
    if returned is None:
        raise Inconclusive("the listing returns nothing")
    names = listing.outputs or ("result",)
    if len(returned) != len(names):
        raise Inconclusive("the listing returns a different number of values")
    state.update(zip(names, returned))
    return state


class _Run:
    def __init__(self, sp: Any, lower: Lower, parse: Any, directions: dict[int, int | None]) -> None:
        self.sp, self.lower, self.parse, self.directions = sp, lower, parse, directions

    def value(self, m: ir.Math) -> Any:
        return self.lower.lower(self.lower.prepare(self.parse(m)))

    def block(self, stmts: Any) -> tuple[Any, ...] | None:
        for node in stmts:
            returned = self.stmt(node)
            if returned is not None:
                return returned
        return None

    def stmt(self, node: Any) -> tuple[Any, ...] | None:
        if isinstance(node, (ir.Comment, ir.Condition)):
            return None
        if isinstance(node, ir.Assign):
            self.assign(node)
            return None
        if isinstance(node, ir.Return):
            return tuple(self.value(v) for v in node.values)
        if isinstance(node, ir.ForRange):
            return self.loop(node)
        raise Inconclusive(f"a {type(node).__name__} statement is not executed symbolically")

    def assign(self, node: ir.Assign) -> None:
        target, tree = self.parse(node.target), self.parse(node.value)
        if isinstance(tree, M.Assign):
            raise Inconclusive("a chained assignment")
        update = _UPDATE.search(node.op)
        if update is not None:
            tree = M.BinOp(update.group(1), target, tree, span=node.value.span)
        value = self.lower.lower(self.lower.prepare(tree))
        env = self.lower.env
        named = isinstance(target, (M.Sym, M.Pow, M.Label, M.Transpose)) or labelled(target, env.__contains__)
        name = identifier(target) if named else None  # P_{\mathrm{new}}: a name of its own, as a run reads it
        if name is not None:
            env[name] = value
            return
        if isinstance(target, M.Idx) and identifier(target.base) in env:
            self.store(identifier(target.base), [self.lower.lower(i) for i in target.indices], value)
            return
        raise Inconclusive("an assignment to this target")

    def store(self, name: str, at: list[Any], value: Any) -> None:
        array = self.lower.env[name]
        if not isinstance(array, self.sp.MatrixBase) or not all(getattr(i, "is_Integer", False) for i in at):
            raise Inconclusive("an indexed assignment")
        array = array.copy()  # the old value may be bound to another name
        index = [int(i) - 1 for i in at]
        if len(index) == 1 and array.shape[1] == 1:
            index.append(0)
        if len(index) != 2 or not (0 <= index[0] < array.shape[0] and 0 <= index[1] < array.shape[1]):
            raise Inconclusive("an index outside its array")
        array[index[0], index[1]] = value
        self.lower.env[name] = array

    def loop(self, node: ir.ForRange) -> tuple[Any, ...] | None:
        """Unrolled, counting as the interpreter does: a step, a second term, downto, else the written direction."""
        var = identifier(self.parse(node.var))
        if var is None:
            raise Inconclusive("a loop without a variable")
        start, stop = self.number(node.start), self.number(node.stop)
        if node.step is not None:
            step = self.number(node.step)
            step = -abs(step) if node.direction == "down" else step
        elif node.second is not None:
            step = self.number(node.second) - start
            step = -abs(step) if node.direction == "down" else step
        elif node.direction == "down":
            step = -1
        else:
            step = self.directions.get(id(node)) or UPWARD
        if step == 0:
            raise Inconclusive("a loop whose step is 0")
        passes = range(start, stop + (1 if step > 0 else -1), step)
        if len(passes) > UNROLL:
            raise Inconclusive("a loop too long to unroll")
        for i in passes:
            self.lower.env[var] = self.sp.Integer(i)
            returned = self.block(node.body)
            if returned is not None:
                return returned
        return None

    def number(self, m: ir.Math) -> int:
        """A loop bound as the integer the sizes make it."""
        value = self.value(m)
        if not getattr(value, "is_Integer", False):
            raise Inconclusive("a loop whose trip count the sizes do not fix")
        return int(value)
