"""*property* checks: a LaTeX relation holds on every trial.

Over a listing's run (``listing:``): the relation sees the inputs, every variable the run
assigned (its last value) and the outputs. Over random draws (``draw:``): it sees the drawn
symbols and the ``let:`` definitions, which may be functions (``M(T): …``) so that a relation
can compare two draws (monotonicity, convexity along a segment). ``given:`` is a precondition:
trials where it is false are skipped.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..findings import Finding, LocatedError, VacuousBound
from .context import DEFAULT_TOLERANCE, CheckContext, tolerance
from .outcome import Verdict
from .spec import CheckSpec
from .trials import SKIP, failed_run, search


def run(check: CheckSpec, ctx: CheckContext) -> Verdict:
    """Evaluate ``holds:`` on ``check.trials`` seeded trials."""
    listing = ctx.listing(check) if check.get("listing") is not None else None
    if check.get("equation") is not None:
        ctx.block(check, "math", key="equation")  # the equation it backs must exist
    spec = dict(check.get("inputs") or {})
    spec.update(check.get("draw") or {})
    holds = str(check.get("holds"))
    given = check.get("given")

    def attempt(values: dict[str, Any]) -> str | None:
        env = dict(ctx.functions)
        env.update(values)
        if listing is not None:
            result = ctx.run_listing(check, listing, values)
            if result.finding is not None:
                return failed_run(result, ctx.report.note.source.line_col)
            for name, history in result.trace.history.items():
                env[name] = history[-1][1]
            names = listing.outputs or ("result",)
            outs = result.value if len(names) > 1 else (result.value,)
            env.update(zip(names, outs))
        ctx.let(check, env)
        if given is not None and not _truth(ctx.evaluate(check, str(given), env, ("given",))):
            return SKIP
        with np.errstate(all="ignore"):
            ok = ctx.evaluate(check, holds, env, ("holds",))
        if _truth(ok):
            return None
        return f"{holds} is false" + _witness(check, ctx, env) + _tolerance(check)

    return search(check, ctx, spec, attempt, success=holds + " held on {trials} trials", listing=listing)


def _relation(check: CheckSpec) -> Any:
    """``holds:`` parsed, when it is a relation (``None`` otherwise, or when it does not parse)."""
    from ..math import mathexpr as M

    try:
        tree = M.parse_math(str(check.get("holds")))
    except LocatedError:
        return None  # reported when the check runs
    return tree if isinstance(tree, M.Rel) else None


def _tolerance(check: CheckSpec) -> str:
    """The tolerance the relation was judged with, when it has one (``=``, ``\\le``, ``\\ge``)."""
    tree = _relation(check)
    if tree is None or not {op for op, _ in tree.rest} & {"=", "<=", ">="}:
        return ""
    return f" [rtol {tolerance(check, 'rtol'):g}, atol {tolerance(check, 'atol'):g}]"


def _truth(value: Any) -> bool:
    return bool(np.all(value))


def _witness(check: CheckSpec, ctx: CheckContext, env: dict[str, Any]) -> str:
    """Values of the relation's two sides, so the report shows by how much it fails."""
    tree = _relation(check)
    if tree is None:
        return ""
    sides = [tree.first] + [e for _, e in tree.rest]
    text = str(check.get("holds"))
    shown = []
    for side in sides:
        latex = text[side.span.start : side.span.end]
        try:
            value = ctx.evaluate(check, latex, env)
        except Exception:  # noqa: BLE001 - a side that cannot be shown alone is left out
            continue
        shown.append(f"{latex} = {np.array2string(np.asarray(value), precision=6, threshold=8)}")
    return " (" + "; ".join(shown) + ")" if shown else ""


#: How large a part of a bound the default tolerance may be before the bound is called vacuous.
_VACUOUS = 0.01


def vacuous_bounds(check: CheckSpec, ctx: CheckContext) -> list[Finding]:
    """AV410 for each ``\\le``/``\\ge`` in ``holds:`` against a constant the default tolerance swamps.

    Only where the check leaves ``atol``/``rtol`` at their defaults: a tolerance the author set
    is a decision, not an accident.
    """
    from ..math import mathexpr as M

    if "atol" in check.params or "rtol" in check.params:
        return []
    tree = _relation(check)
    if tree is None:
        return []
    text = str(check.get("holds"))
    atol, rtol = DEFAULT_TOLERANCE["atol"], DEFAULT_TOLERANCE["rtol"]
    out: list[Finding] = []
    sides = [tree.first] + [e for _, e in tree.rest]
    for (op, _), left, right in zip(tree.rest, sides, sides[1:]):
        if op not in ("<=", ">="):
            continue
        bound = right if op == "<=" else left
        if any(isinstance(n, (M.Sym, M.Idx)) for n in M.walk(bound)):
            continue  # not a constant: its size is the trial's
        latex = text[bound.span.start : bound.span.end]
        try:
            value = float(ctx.evaluate(check, latex, {}, ("holds",)))
        except Exception:  # noqa: BLE001 - a side that does not evaluate alone is the run's to report
            continue
        slack = atol + rtol * abs(value)
        if value != 0 and slack >= _VACUOUS * abs(value):
            limit = value + slack if op == "<=" else value - slack
            out.append(
                VacuousBound.finding(
                    check.at("holds"),
                    ctx.path,
                    check=check.id,
                    bound=latex,
                    atol=f"{atol:g}",
                    rtol=f"{rtol:g}",
                    limit=f"{limit:.3g}",
                )
            )
    return out
