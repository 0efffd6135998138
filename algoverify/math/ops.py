"""The operations compiled math calls: products, powers, transposes, norms and relations.

They are shared by the closures (:mod:`.numeric`) and the generated code (:mod:`.codegen`), as
the notation means them. The bottom of the math phase's NumPy side: it imports nothing of algoverify's, so both
compilers can use it without importing each other.
"""

from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

__all__ = ["power", "transpose", "product", "two_norm", "RELATIONS", "Sequence", "raise_on_fp_errors"]


def power(base: Any, exp: Any) -> Any:
    """``base^{exp}``: a matrix power for a square matrix and an integer, else elementwise."""
    if getattr(base, "ndim", 0) == 2 and float(exp).is_integer():
        return np.linalg.matrix_power(base, int(exp))
    return base**exp


def transpose(x: Any) -> Any:
    """``x^{\\top}``: a no-op on scalars and 1-D vectors, as the notation means it."""
    return np.transpose(x) if getattr(x, "ndim", 0) else x


def product(a: Any, b: Any) -> Any:
    """Multiply as the notation means it: matrix product of two arrays, else broadcast."""
    # a Python number on either side (\\frac{1}{d} x) needs no shape test; getattr's miss costs more
    if type(a) is float or type(b) is float or type(a) is int or type(b) is int:
        return a * b
    if getattr(a, "ndim", 0) and getattr(b, "ndim", 0):
        return a @ b
    return a * b


try:
    # NumPy 2 keeps its floating-point error state in a context variable: setting it directly
    # costs a tenth of entering np.errstate, which a listing call pays once.
    from numpy._core._ufunc_config import _extobj_contextvar as _FP_STATE
    from numpy._core._ufunc_config import _make_extobj

    _FP_RAISE: Any = _make_extobj(over="raise", divide="raise", invalid="raise", under="ignore")
except Exception:  # noqa: BLE001 - another NumPy: np.errstate, the public way
    _FP_STATE = None
    _FP_RAISE = None


def raise_on_fp_errors(run: Any, arg: Any) -> Any:
    """``run(arg)`` with overflow, division by zero and invalid values raised as ``FloatingPointError``."""
    if _FP_STATE is None:
        with np.errstate(over="raise", divide="raise", invalid="raise", under="ignore"):
            return run(arg)
    token = _FP_STATE.set(_FP_RAISE)
    try:
        return run(arg)
    finally:
        _FP_STATE.reset(token)


def two_norm(x: Any) -> float:
    """The 2-norm (Frobenius for a matrix); a real vector takes NumPy's own shortcut, sqrt(x·x), directly."""
    if getattr(x, "ndim", 0) == 1 and x.dtype.kind == "f":
        return math.sqrt(x.dot(x))
    return float(np.linalg.norm(x))


def _psd(a: Any, sign: int, atol: float) -> bool:
    w = np.linalg.eigvalsh((np.asarray(a) + np.asarray(a).T) / 2) * sign
    scale = max(1.0, float(np.max(np.abs(w)))) if w.size else 1.0
    return bool(np.all(w >= -atol * scale)) and bool(np.allclose(a, np.transpose(a), atol=atol * scale))


RELATIONS: dict[str, Callable[[Any, Any, float, float], bool]] = {
    "=": lambda a, b, r, t: bool(np.all(np.isclose(a, b, rtol=r, atol=t))),
    "!=": lambda a, b, r, t: not bool(np.all(np.isclose(a, b, rtol=r, atol=t))),
    "approx": lambda a, b, r, t: bool(np.allclose(a, b, rtol=max(r, 1e-3), atol=max(t, 1e-6))),
    # floats (the common loop test, `\\lVert r \\rVert \\gt \\tau`) skip NumPy's reduction
    # machinery, which costs more than the norm itself on small vectors
    "<": lambda a, b, r, t: a < b if type(a) is float and type(b) is float else bool(np.all(np.less(a, b))),
    "<=": lambda a, b, r, t: bool(np.all(np.less_equal(a, np.asarray(b) + t + r * np.abs(b)))),
    ">": lambda a, b, r, t: a > b if type(a) is float and type(b) is float else bool(np.all(np.greater(a, b))),
    ">=": lambda a, b, r, t: bool(np.all(np.greater_equal(np.asarray(a) + t + r * np.abs(a), b))),
    "succeq": lambda a, b, r, t: _psd(np.asarray(a) - np.asarray(b), 1, max(t, 1e-9)),
    "preceq": lambda a, b, r, t: _psd(np.asarray(b) - np.asarray(a), 1, max(t, 1e-9)),
}


class Sequence(dict):
    r"""Values stored by index into a name that is not an array: ``x_0``, ``x_{k+1}``, ``p_k`` in a loop.

    The keys are the indices as written (``x_0`` is key 0, whatever the listing's index base):
    a sequence is what the notation means by ``x_k``, not an array position. Reading an index
    never stored is an error at the read; a whole sequence becomes an array when the keys are
    consecutive integers.
    """

    def to_array(self) -> Any:
        """The values in index order, as an array when the keys are consecutive integers (else self)."""
        keys = sorted(self)
        if keys and all(isinstance(k, int) for k in keys) and keys == list(range(keys[0], keys[0] + len(keys))):
            values = [self[k] for k in keys]
            if not all(np.ndim(v) == np.ndim(values[0]) for v in values):
                return values
            try:
                return np.array(values, dtype=float)
            except (TypeError, ValueError):
                return values
        return self
