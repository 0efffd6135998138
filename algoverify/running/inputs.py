r"""A listing's inputs on entry: sizes bound from shapes, then shapes, domains and preconditions checked.

What the declarations say is read by :mod:`.declarations` (without NumPy, so ``lint`` reads it
too); this module applies it to the values a run is given.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..findings import BadInput, LocatedError, PreconditionViolated
from ..math import mathexpr as M
from ..math.names import identifier
from ..math.numeric import Context, compile_expr
from ..source import Span
from .declarations import InputSpec

__all__ = ["bind_sizes", "check_entry"]


def bind_sizes(spec: InputSpec, env: dict[str, Any], span: Span) -> None:
    """Set every size the inputs carry (``n = len(x)``); a disagreement is AV307."""
    for size, carriers in spec.sizes.items():
        seen: dict[str, int] = {}
        for name, axis in carriers:
            value = env.get(name)
            shape = np.shape(value) if value is not None and not isinstance(value, list) else None
            # said as a reader counts: "x has length 3", "A has 2 columns" (not len(x), A.shape[1])
            if value is not None and isinstance(value, list) and axis == 0:
                seen[f"{name} has length {{}}"] = len(value)
            elif shape is not None and axis < len(shape):
                what = ("rows", "columns")[axis] if len(shape) == 2 else f"entries along axis {axis + 1}"
                seen[f"{name} has {{}} {what}" if len(shape) > 1 else f"{name} has length {{}}"] = shape[axis]
        if size in env:
            given = env[size]
            mismatch = {k: v for k, v in seen.items() if v != given}
            if mismatch:
                detail = ", ".join(k.format(v) for k, v in mismatch.items())
                raise LocatedError(BadInput, span, message=f"{size} = {given} was given, but {detail}")
            continue
        if len(set(seen.values())) > 1:
            detail = ", ".join(k.format(v) for k, v in seen.items())
            raise LocatedError(BadInput, span, message=f"the inputs disagree on the size {size}: {detail}")
        if seen:
            env[size] = next(iter(seen.values()))


def check_entry(spec: InputSpec, env: dict[str, Any]) -> None:
    """Check shapes, domains and constraints on entry; the first violation is AV309 at its declaration."""
    for d in spec.inputs:
        if d.name not in env:
            continue
        value = env[d.name]
        if d.shape is not None and not isinstance(value, list):
            ndim = np.ndim(value)
            if ndim != len(d.shape):
                kind = {0: "a scalar", 1: "a vector", 2: "a matrix"}.get(len(d.shape), f"{len(d.shape)}-D")
                raise LocatedError(
                    PreconditionViolated,
                    d.span,
                    condition=d.latex or f"{d.name} is {kind}",
                    value=f"{d.name} is {_shape_words(value)}, not {kind}",
                )
        if d.domain in ("natural", "integer") and not _whole(value, d.domain == "natural"):
            raise LocatedError(
                PreconditionViolated,
                d.span,
                condition=d.latex or f"{d.name} ∈ {d.domain} numbers",
                value=f"{d.name} = {_short(value)}",
            )
        for c, text in d.constraints:
            if _violated(c, env):
                raise LocatedError(PreconditionViolated, c.span, condition=text, value=f"{d.name} = {_short(value)}")
    for c, text in spec.conditions:
        if _violated(c, env):
            names = sorted({n for n in (identifier(x) for x in M.walk(c) if isinstance(x, M.Sym)) if n in env})
            shown = ", ".join(f"{n} = {_short(env[n])}" for n in names)
            raise LocatedError(PreconditionViolated, c.span, condition=text, value=shown)


def _violated(condition: M.MathNode, env: dict[str, Any]) -> bool:
    """Whether ``condition`` is false over ``env`` (exactly: no tolerance on a precondition)."""
    try:
        return not bool(np.all(compile_expr(condition, _EXACT)(dict(env))))
    except LocatedError:
        return False  # a constraint on names not known yet (a size given later) is not checked
    except Exception:  # noqa: BLE001 - a constraint that does not evaluate is not a violation
        return False


_EXACT = Context(rtol=0.0, atol=0.0, guard=True)


def _whole(value: Any, non_negative: bool) -> bool:
    array = np.asarray(value, dtype=float) if not isinstance(value, (int, np.integer)) else np.asarray(value)
    ok = bool(np.all(np.mod(array, 1) == 0))
    return ok and (not non_negative or bool(np.all(array >= 0)))


def _shape_words(value: Any) -> str:
    """``a scalar``, ``a vector of length 3``, ``a 3×2 matrix``, ``a 2×2×2 array``."""
    shape = np.shape(value)
    if len(shape) < 2:
        return "a scalar" if not shape else f"a vector of length {shape[0]}"
    return f"a {'×'.join(map(str, shape))} {'matrix' if len(shape) == 2 else 'array'}"


def _short(value: Any) -> str:
    text = repr(value.tolist() if isinstance(value, np.ndarray) else value)
    return text if len(text) <= 60 else text[:57] + "…"
