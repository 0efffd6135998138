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

from .ops import absolute, check_digits, ordered, power

__all__ = ["FUNCTIONS", "PYTHON_MATH", "register_function", "gradient", "softmax"]


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


def indexed_from(first: int) -> dict[str, Callable[..., Any]]:
    """The functions whose value is an index, for a listing that counts from ``first`` (the first on ties)."""
    return {
        "argmax": lambda x: int(np.argmax(x)) + first,
        "argmin": lambda x: int(np.argmin(x)) + first,
    }


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


def _exact_quotient(a: Any, b: Any) -> int:
    """``a / b`` of whole numbers that must divide: ``m`` of ``n = 2m`` when ``n`` is given."""
    top, bottom = _integers("the quotient", (a, b))
    if bottom == 0 or top % bottom:
        raise ValueError(f"{top} is not a multiple of {bottom}, as the note says it is")
    return top // bottom


def _coordinate(point: Any, position: Any) -> Any:
    """Coordinate ``position`` (from 0) of a point: ``x_k`` of "a point \\(p_i = (x_i, y_i)\\)" is ``p_k``'s first."""
    return point[int(position)]


def _lcm(*values: Any) -> int:
    return math.lcm(*_integers("lcm", values))


def _extreme(pick: Callable[..., Any], reduce: Callable[[Any], Any], entrywise: Any = None) -> Callable[..., Any]:
    """``\\max S``, ``\\max(a, b)``, ``\\max\\{a, b\\}``, ``\\max x`` of a vector.

    ``\\max(\\lvert z \\rvert - \\tau, 0)`` of a vector ``z`` is taken entry by entry (soft thresholding, ReLU),
    as the notation means it: several arguments, one of them an array.
    """

    def extreme(*x: Any) -> Any:
        x = tuple(v if isinstance(v, AbstractSet) else ordered(v)[0] for v in x)  # \max of complex numbers: no order
        if len(x) > 1 and entrywise is not None and any(np.ndim(v) > 0 for v in x if not isinstance(v, AbstractSet)):
            return entrywise.reduce(np.broadcast_arrays(*(np.asarray(v) for v in x)))
        if len(x) != 1:
            return pick(x)
        (only,) = x
        if isinstance(only, AbstractSet):
            if not only:
                raise ValueError("the max or min of the empty set")
            return pick(only)
        if not isinstance(only, (np.ndarray, list, tuple, range, int, float, np.number)):
            # an interval [a, b], a map: no entries to compare (NumPy would hand the object back)
            raise TypeError(f"the max or min of a {type(only).__name__}: it has no entries to compare")
        return reduce(only)

    return extreme


def _diag(*entries: Any) -> Any:
    r"""``\operatorname{diag}(v)`` of a vector (its diagonal matrix) or a matrix (its diagonal), as NumPy's.

    ``\operatorname{diag}(1, 1, d)`` lists the diagonal itself, as Kabsch and Umeyama write it:
    several numbers are the entries, never NumPy's second argument (an offset).
    """
    if len(entries) == 1:
        return np.diag(entries[0])
    if any(np.ndim(e) > 0 for e in entries):
        raise TypeError("diag of several values, one of them an array: write the entries as numbers, or one vector")
    return np.diag(np.array(entries, dtype=float if not all(isinstance(e, int) for e in entries) else int))


def _sort(values: Any) -> Any:
    r"""``\operatorname{sort}(x)``: the values in increasing order (an array of an array, a list of a list or set)."""
    if isinstance(values, np.ndarray):
        return np.sort(values, axis=None) if values.ndim != 1 else np.sort(values)
    if isinstance(values, (list, tuple, AbstractSet)):
        return sorted(values)
    raise TypeError(f"sort of a {type(values).__name__}: it has no entries to order")


def _range(*bounds: Any) -> range:
    """``\\mathrm{range}(n)``, ``(a, b)``, ``(a, b, k)``: Python's half-open range, of ints only, as Python takes it.

    A range is lazy: a loop over ``\\mathrm{range}(10^{9})`` is cut by the step budget, never
    built. A float bound (even 3.0) or a step of 0 is refused, as Python refuses it.
    """
    for b in bounds:
        if not isinstance(b, (int, np.integer)):
            raise TypeError(f"range takes integers, as Python's does: {b} is a {type(b).__name__}")
    if len(bounds) == 3 and bounds[2] == 0:
        raise ValueError("range's step is 0: it would never end")
    return range(*(int(b) for b in bounds))


def _log(x: Any, base: Any = None) -> Any:
    """``\\log x``, and ``\\log(x, b)`` as latexify prints Python's ``math.log(x, b)``: log x / log b."""
    return np.log(x) if base is None else np.log(x) / np.log(base)


def _python_int(x: Any) -> int:
    """Python's ``int(x)``: a float truncated toward zero; a numeric text (``"12"``) read as a number."""
    if isinstance(x, str):
        return int(x.strip())
    return int(x)


def _python_float(x: Any) -> float:
    """Python's ``float(x)``, ``float("inf")`` included: a text is read as a number, never evaluated.

    An infinity or NaN the listing asks for is a NumPy float, as ``\\infty`` is: an overflow is
    a Python float that became infinite, and is reported; this was written.
    """
    value = float(x.strip() if isinstance(x, str) else x)
    return value if math.isfinite(value) else np.float64(value)


def _python_pow(base: Any, exp: Any, mod: Any = None) -> Any:
    """Python's ``pow``: ``base ** exp`` (with the digits budget), or modular with three arguments."""
    return power(base, exp) if mod is None else pow(base, exp, mod)


def _bounded(fn: Callable[..., int], bits: Callable[..., float]) -> Callable[..., int]:
    """``fn`` of whole numbers, refused before it runs when its result would pass the digits budget."""

    def bounded(*args: Any) -> int:
        ints = _integers(fn.__name__, args)
        if all(n >= 0 for n in ints):
            check_digits(bits(*ints))
        return fn(*ints)

    return bounded


def _comb_bits(n: int, k: int = 0) -> float:
    if k > n or n < 1000:
        return 0.0
    return (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)) / math.log(2)


#: Python's ``math`` module as latexify prints it (``\\mathrm{math}.\\mathrm{isqrt}(n)``): its pure
#: functions and constants by name, so ``math.NAME`` means in a listing what it means in Python
#: (a listing's own variable named ``math`` comes first).
PYTHON_MATH: dict[str, Any] = {
    **{
        name: getattr(math, name)
        for name in (
            "gcd lcm isqrt floor ceil trunc sqrt exp expm1 log log2 log10 log1p pow fabs fmod remainder copysign "
            "hypot atan2 sin cos tan asin acos atan sinh cosh tanh asinh acosh atanh degrees radians erf erfc "
            "gamma lgamma isfinite isinf isnan isclose fsum pi e tau inf nan cbrt exp2"
        ).split()
        if hasattr(math, name)
    },
    "factorial": _bounded(math.factorial, lambda n: math.lgamma(n + 1) / math.log(2) if n > 1000 else 0.0),
    "comb": _bounded(math.comb, _comb_bits),
    "perm": _bounded(math.perm, lambda n, k=None: math.lgamma(n + 1) / math.log(2) if n > 1000 else 0.0),
}


def _filled(value: float) -> Callable[..., np.ndarray]:
    """``\\operatorname{zeros}(n)``, ``\\operatorname{zeros}(m, n)``: a float vector or matrix of that size."""

    def filled(*sizes: Any) -> np.ndarray:
        return np.full(tuple(_integers("a size", sizes)), value)

    return filled


def _total(x: Any) -> Any:
    if isinstance(x, AbstractSet):
        return sum(x)
    return np.sum(x)


def _end(which: int, what: str) -> Callable[[Any], Any]:
    """``\\mathrm{top}(S)`` of a stack (its last entry), ``\\mathrm{front}(Q)`` of a queue (its first)."""

    def end(container: Any) -> Any:
        items = list(container)
        if not items:
            raise IndexError(f"the {what} of an empty container")
        return items[which]

    return end


def _real_eigenvalues(a: Any) -> Any:
    """The eigenvalues of a square matrix, when they are real: what \\lambda_{\\max} and \\lambda_{\\min} order."""
    m = np.asarray(a, dtype=float)
    if m.ndim != 2 or m.shape[0] != m.shape[1] or m.size == 0:
        raise ValueError(f"the eigenvalues of a {'×'.join(map(str, m.shape))} array: a square matrix has them")
    if np.allclose(m, m.T, rtol=0, atol=1e-12 * max(1.0, float(np.max(np.abs(m))))):
        return np.linalg.eigvalsh((m + m.T) / 2)
    w = np.linalg.eigvals(m)
    if np.any(np.abs(w.imag) > 1e-12 * max(1.0, float(np.max(np.abs(w))))):
        raise ValueError("the matrix has complex eigenvalues: none is the largest or the smallest")
    return np.sort(w.real)


def _singular_values(a: Any) -> Any:
    return np.linalg.svd(np.atleast_2d(np.asarray(a, dtype=float)), compute_uv=False)


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "exp": np.exp,
    "log": _log,
    "ln": np.log,
    # \lg is the binary logarithm of algorithm texts (Knuth, CLRS), not ISO 80000-2's log10
    "lg": lambda x: math.log2(x) if type(x) is int and x > 0 else np.log2(x),
    "sin": np.sin,
    "cos": np.cos,
    "tan": np.tan,
    # the reciprocal functions spectral and wave texts write (Trefethen's \cot(x/2))
    "cot": lambda x: 1.0 / np.tan(x),
    "sec": lambda x: 1.0 / np.cos(x),
    "csc": lambda x: 1.0 / np.sin(x),
    "sinh": np.sinh,
    "cosh": np.cosh,
    "tanh": np.tanh,
    "arcsin": np.arcsin,
    "arccos": np.arccos,
    "arctan": np.arctan,
    # the angle of the point (x, y), as every library names it: atan2(y, x)
    "atan2": np.arctan2,
    "arctan2": np.arctan2,
    "hypot": np.hypot,
    "sqrt": np.sqrt,
    "abs": absolute,
    "sign": np.sign,
    "sgn": np.sign,  # the signum as many papers write it
    "softmax": softmax,
    "logsumexp": _logsumexp,
    "sigmoid": _sigmoid,
    "relu": lambda x: np.maximum(x, 0),
    "mean": lambda x: float(np.mean(x)),
    "median": lambda x: float(np.median(sorted(x) if isinstance(x, AbstractSet) else x)),
    "var": lambda x: float(np.var(x)),
    "std": lambda x: float(np.std(x)),
    "sum": _total,
    "max": _extreme(max, np.max, np.maximum),
    "min": _extreme(min, np.min, np.minimum),
    "gcd": _gcd,
    "lcm": _lcm,
    # m of "n = 2m" when n is given: written by the name resolution, never in a note
    "_exact_quotient": _exact_quotient,
    "top": _end(-1, "top"),
    "front": _end(0, "front"),
    "back": _end(-1, "back"),
    # x_k of "a point p_i = (x_i, y_i)": written by the name resolution, never in a note
    "_coordinate": _coordinate,
    "card": len,
    "zeros": _filled(0.0),
    "ones": _filled(1.0),
    "length": len,
    "argmax": _argmax,
    "argmin": _argmin,
    "diag": _diag,
    "sort": _sort,
    "tr": np.trace,
    "trace": np.trace,
    "det": lambda a: float(np.linalg.det(a)),
    "eig": lambda a: np.linalg.eigvalsh(a) if np.allclose(a, np.transpose(a)) else np.linalg.eigvals(a),
    "eigvals": np.linalg.eigvals,
    # \lambda_{\max}(A), \sigma_{\min}(A): the extreme eigenvalue and singular value, as papers write them
    "lam_max": lambda a: float(_real_eigenvalues(a)[-1]),
    "lam_min": lambda a: float(_real_eigenvalues(a)[0]),
    "sigma_max": lambda a: float(_singular_values(a)[0]),
    "sigma_min": lambda a: float(_singular_values(a)[-1]),
    "rank": lambda a: int(np.linalg.matrix_rank(a)),
    "norm": lambda x, *o: float(np.linalg.norm(x, *o)),
    "len": len,
    # Python's builtins as latexify prints them (\mathrm{range}(n), \mathrm{int}(x)), with their meaning
    "range": _range,
    "int": _python_int,
    "float": _python_float,
    "round": round,
    "pow": _python_pow,
    "divmod": divmod,
    "bool": bool,
}


#: The functions algoverify itself provides (deterministic); :func:`register_function` adds the user's.
BUILTIN_FUNCTIONS = frozenset(FUNCTIONS)


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
