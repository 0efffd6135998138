"""*equation* checks: the listing computes the equation the prose states.

The equation (``equation: N``, a display equation of the note, or ``holds:``) is ``name =
expression``: ``name`` is an output or a variable the listing assigns, the expression is over
the listing's inputs and the ``let:`` definitions — never over the listing's other variables,
so that the equation says what the listing computes from what it is given.

sympy first executes the listing symbolically (:mod:`~algoverify.checking.evidence.symexec`) for each
size up to :data:`~algoverify.checking.evidence.proof.SIZE_BOUND` and compares: equal for every size is
``proved`` (with its scope); apart, the first entry that differs and the difference simplified
are kept. Then the trials run the listing and evaluate the equation at random inputs, at every
size: a failed trial refutes (with sympy's difference beside it), and a disproof without a failed
trial refutes nothing. An attempt sympy cannot finish leaves the trials to decide, silently.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from ...findings import LocatedError, SpecReferenceError
from ...math import mathexpr as M
from ...math.names import identifier
from ..evidence.lowering import Inconclusive
from ..evidence.proof import PROVED, Proof, _Attempt, beside, settle
from ..evidence.proofcache import ProofCache, check_material, content, listing_material
from ..evidence.symexec import execute
from ..evidence.trials import CannotCheck, failed_run, search
from ..outcome import Verdict
from ..specification.context import CheckContext
from ..specification.spec import CheckSpec, display_latex, equation_problem
from .property import _judge, taken
from .run_values import last_value

__all__ = ["run", "prove_listing"]


def run(check: CheckSpec, ctx: CheckContext) -> Verdict:
    """Prove the listing computes the equation where sympy can, then test it on the trials at every size."""
    listing = ctx.listing(check)
    latex, key = _equation(check, ctx)
    tree, name = _read(check, latex, key)
    latex = _qualified(tree, latex) or latex  # c_k = …, \qquad k = 0, …, m + n: for each such k
    claim = dataclasses.replace(check, params={**check.params, "holds": latex})
    proof = (
        None
        if getattr(ctx, "fixed", None) is not None or not ctx.proves(check)
        else prove_listing(claim, listing, tree, name, ctx.functions, ctx.proofs)
    )

    def attempt(values: dict[str, Any]) -> str | None:
        result = ctx.run_listing(check, listing, values)
        if result.finding is not None:
            return failed_run(result, ctx.report.note.source.line_col, listing)
        names = listing.outputs or ("result",)
        computed = dict(zip(names, result.value if len(names) > 1 else (result.value,)))
        env = dict(ctx.functions)
        env.update(values)
        # the sizes the run bound from the inputs' shapes (k of x_0, …, x_k) are names of the equation too
        bound = listing.program.bound_inputs(taken(listing, values))
        env.update({k: v for k, v in bound.items() if k not in env and not callable(v)})
        # c_k = …: an entry of what the listing computes (c), read at the index as written
        whole = identifier(tree.first.base) if isinstance(tree.first, M.Idx) else None
        if name not in computed and whole is not None and whole not in computed:
            # S_n = … of a family S_k the listing assigns and returns none of: its last value, as a variable's
            last = last_value(result, whole)
            if last is not None:
                computed[whole] = last
        if name not in computed and whole is not None and whole in computed:
            env[whole] = computed[whole]
            free = _free_index(tree.first, env)
            if free is None:
                return _judge(claim, ctx, env)
            # y_n = … with n said nowhere: the equation of every entry the listing computed, at its index
            for key in _entry_indices(computed[whole], ctx.index_base(check)):
                problem = _judge(claim, ctx, {**env, free: key})
                if problem is not None:
                    return f"{problem} (at {free} = {key})"
            return None
        if name not in computed:
            last = last_value(result, name)
            if last is None:
                raise CannotCheck(f"the listing computes no {name}: `{latex}` names none of its outputs or variables")
            computed[name] = last
        env[name] = computed[name]
        return _judge(claim, ctx, env)

    proved = proof is not None and proof.status == PROVED
    held = latex + (f" proved {proof.scope};" if proved and proof is not None else "")
    verdict = search(claim, ctx, dict(check.get("inputs") or {}), attempt, success=held + " held on {trials}")
    return beside(verdict, proof, " is false")


def _free_index(left: M.MathNode, env: dict[str, Any]) -> str | None:
    """``n`` of ``y_n`` when the run binds no ``n``: the index an unqualified entry equation runs over."""
    if isinstance(left, M.Idx) and len(left.indices) == 1 and isinstance(left.indices[0], M.Sym):
        index = identifier(left.indices[0])
        return index if index is not None and index not in env else None
    return None


def _entry_indices(value: Any, base: int) -> list[int]:
    """The indices a computed sequence holds entries at: its keys, or its positions from its first index."""
    if isinstance(value, dict):
        return sorted(k for k in value if isinstance(k, int))
    first = getattr(value, "first", None)
    start = first if isinstance(first, int) else base
    return list(range(start, start + len(value))) if np.ndim(value) >= 1 else []


def prove_listing(
    check: Any, listing: Any, tree: M.Rel, name: str, shadowed: Any = frozenset(), cache: ProofCache | None = None
) -> Proof:
    """Execute ``listing`` symbolically and compare ``name`` with the equation's right side, size by size."""
    material = None
    if cache is not None:
        material = {
            "proof": "equation",
            "relation": content(tree),
            "name": name,
            "check": check_material(check),
            "listing": listing_material(listing),
            "shadowed": sorted(shadowed),
        }
    return settle(lambda: _ListingAttempt(check, tree, set(shadowed), listing, name), cache=cache, material=material)


def _equation(check: CheckSpec, ctx: CheckContext) -> tuple[str, str]:
    if check.get("equation") is not None:
        return display_latex(ctx.report.note.source.text, ctx.block(check, "math", key="equation")), "equation"
    if check.get("holds") is None:
        raise LocatedError(
            SpecReferenceError, check.span, check=check.id, message="an equation check needs `equation:` or `holds:`"
        )
    return str(check.get("holds")), "holds"


def _read(check: CheckSpec, latex: str, key: str) -> tuple[M.Rel, str]:
    """The equation as ``name = expression``; anything else is a mistake of the spec, located at its key."""
    problem = equation_problem(latex)
    if problem is not None:
        raise LocatedError(SpecReferenceError, check.at(key), check=check.id, message=problem)
    tree = check.plan.tree(latex)
    return tree, identifier(tree.first)  # type: ignore[union-attr,return-value]


def _qualified(tree: M.Rel, latex: str) -> str | None:
    r"""``c_k = e, \qquad k = 0, \dots, m + n`` as ``\forall k \in \{0, \dots, m + n\} : c_k = e``; else ``None``.

    A display equation often says for which indices it holds after a comma; the equation is each of them.
    """
    right = tree.rest[0][1]
    # the parser reads "e, k = 0, \dots, m + n" as the items e, (k = 0), \dots, m + n
    if not isinstance(right, M.Tuple) or len(right.items) != 4 or not isinstance(right.items[2], M.Dots):
        return None
    value, start, _, end = right.items
    if not (
        isinstance(start, M.Rel)
        and len(start.rest) == 1
        and start.rest[0][0] == "="
        and isinstance(start.first, M.Sym)
        and identifier(start.first) is not None
    ):
        return None
    spans = [tree.first.span, value.span, start.first.span, start.rest[0][1].span, end.span]
    if any(sp is None for sp in spans):
        return None
    left, body, var, lo, hi = (latex[sp.start : sp.end] for sp in spans)  # type: ignore[union-attr]
    return f"\\forall {var} \\in \\{{{lo}, \\dots, {hi}\\}} : {left} = {body}"


class _ListingAttempt(_Attempt):
    """:class:`~..evidence.proof._Attempt` whose left side is the listing's value, computed by sympy."""

    def __init__(self, check: Any, tree: M.Rel, shadowed: set[str], listing: Any, name: str) -> None:
        super().__init__(check, tree, shadowed)
        self.listing, self.name = listing, name
        self.difference = ""
        if name in self.spec:
            raise Inconclusive(f"{name} is an input as well")

    def _decide(self, env: dict[str, Any], search_only: bool = False) -> bool | None:
        sp = self.sp
        if search_only:  # a listing is compared size by size, not searched for a point
            return None
        state = execute(sp, self.listing, dict(env), self.shadowed, self.divides)
        if self.name not in state:
            raise Inconclusive(f"the listing computes no {self.name}")
        # the right side sees the inputs and `let:` alone, never the listing's other variables
        left, right = self._sides({**env, self.name: state[self.name]})
        verdict, self.difference = self.entrywise(env, self.name, left, right, "listing − equation")
        return verdict
