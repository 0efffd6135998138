"""The functions math may call (``\\operatorname{softmax}``, ``\\exp``, ``\\det`` …), and gradients.

:data:`FUNCTIONS` maps a name as written in LaTeX (``softmax``, ``tr``, ``exp``) to a NumPy
implementation. Users extend it with :func:`register_function`; a listing's own
``\\Function`` blocks and Python bindings take precedence at run time.
"""

from __future__ import annotations

import math
from collections.abc import Set as AbstractSet
from typing import Any, Callable

import numpy as np

__all__ = ["FUNCTIONS", "register_function", "gradient", "softmax"]


def softmax(z: Any) -> np.ndarray:
    """Softmax over the last axis, shifted by the maximum so large scores stay finite."""
    z = np.asarray(z, dtype=float)
    e = np.exp(z - np.max(z, axis=-1, keepdims=True))
    return e / np.sum(e, axis=-1, keepdims=True)


def _logsumexp(z: Any) -> float:
    z = np.asarray(z, dtype=float)
    m = np.max(z)
    return float(m + np.log(np.sum(np.exp(z - m))))


def _argmax(x: Any) -> int:
    return int(np.argmax(x)) + 1  # indices in the notation count from 1


def _argmin(x: Any) -> int:
    return int(np.argmin(x)) + 1


def _sigmoid(x: Any) -> Any:
    return 0.5 * (1.0 + np.tanh(0.5 * np.asarray(x, dtype=float)))


def _integers(name: str, values: tuple[Any, ...]) -> list[int]:
    out = []
    for v in values:
        if isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_)):
            out.append(int(v))
        elif isinstance(v, (float, np.floating)) and np.isfinite(v) and float(v).is_integer():
            out.append(int(v))
        else:
            raise TypeError(f"{name} of {v!r}: not an integer")
    return out


def _gcd(*values: Any) -> int:
    """``\\gcd(a, b, …)`` of whole numbers: an exact ``int`` (``gcd(1071, 462) = 21``)."""
    return math.gcd(*_integers("gcd", values))


def _lcm(*values: Any) -> int:
    return math.lcm(*_integers("lcm", values))


def _extreme(pick: Callable[..., Any], reduce: Callable[[Any], Any]) -> Callable[..., Any]:
    """``\\max S``, ``\\max(a, b)``, ``\\max\\{a, b\\}``, ``\\max x`` of a vector."""

    def extreme(*x: Any) -> Any:
        if len(x) != 1:
            return pick(x)
        (only,) = x
        if isinstance(only, AbstractSet):
            if not only:
                raise ValueError("the max or min of the empty set")
            return pick(only)
        return reduce(only)

    return extreme


def _filled(value: float) -> Callable[..., np.ndarray]:
    """``\\operatorname{zeros}(n)``, ``\\operatorname{zeros}(m, n)``: a float vector or matrix of that size."""

    def filled(*sizes: Any) -> np.ndarray:
        return np.full(tuple(_integers("a size", sizes)), value)

    return filled


def _total(x: Any) -> Any:
    if isinstance(x, AbstractSet):
        return sum(x)
    return np.sum(x)


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "exp": np.exp,
    "log": np.log,
    "ln": np.log,
    # \lg is the binary logarithm of algorithm texts (Knuth, CLRS), not ISO 80000-2's log10
    "lg": lambda x: math.log2(x) if type(x) is int and x > 0 else np.log2(x),
    "sin": np.sin,
    "cos": np.cos,
    "tan": np.tan,
    "sinh": np.sinh,
    "cosh": np.cosh,
    "tanh": np.tanh,
    "arcsin": np.arcsin,
    "arccos": np.arccos,
    "arctan": np.arctan,
    "sqrt": np.sqrt,
    "abs": np.abs,
    "sign": np.sign,
    "softmax": softmax,
    "logsumexp": _logsumexp,
    "sigmoid": _sigmoid,
    "relu": lambda x: np.maximum(x, 0),
    "mean": lambda x: float(np.mean(x)),
    "var": lambda x: float(np.var(x)),
    "std": lambda x: float(np.std(x)),
    "sum": _total,
    "max": _extreme(max, np.max),
    "min": _extreme(min, np.min),
    "gcd": _gcd,
    "lcm": _lcm,
    "card": len,
    "zeros": _filled(0.0),
    "ones": _filled(1.0),
    "length": len,
    "argmax": _argmax,
    "argmin": _argmin,
    "diag": np.diag,
    "tr": np.trace,
    "trace": np.trace,
    "det": lambda a: float(np.linalg.det(a)),
    "eig": lambda a: np.linalg.eigvalsh(a) if np.allclose(a, np.transpose(a)) else np.linalg.eigvals(a),
    "eigvals": np.linalg.eigvals,
    "rank": lambda a: int(np.linalg.matrix_rank(a)),
    "norm": lambda x, *o: float(np.linalg.norm(x, *o)),
    "len": len,
}


def register_function(name: str, fn: Callable[..., Any]) -> None:
    """Make ``\\operatorname{name}(…)`` (and ``name(…)``) call ``fn`` in every listing."""
    FUNCTIONS[name] = fn


def gradient(fn: Callable[[Any], Any], at: Any, *, step: float = 1e-6) -> Any:
    """Return the gradient of the scalar function ``fn`` at ``at``.

    Uses ``fn.grad(at)`` when the function provides it (an analytic gradient), else central
    differences with a step scaled to each coordinate.
    """
    analytic = getattr(fn, "grad", None)
    if callable(analytic):
        return analytic(at)
    x = np.array(at, dtype=float)
    flat = x.reshape(-1)
    g = np.empty_like(flat)
    for k in range(flat.size):
        h = step * max(1.0, abs(flat[k]))
        old = flat[k]
        flat[k] = old + h
        up = float(fn(x))
        flat[k] = old - h
        down = float(fn(x))
        flat[k] = old
        g[k] = (up - down) / (2 * h)
    return g.reshape(x.shape) if np.ndim(at) else float(g[0])
