"""The structured members of each built-in generator's class: the values a careful tester tries first.

Random draws never land on a thin set: a zero vector, a ±1 diagonal, a symmetric matrix whose
quadratic form vanishes on the start vector (``diag(1, −1)`` with ``b = (1, 1)``). Claims fail
there most often. The first trials of a check (:data:`ROWS`, one trial each) give every input
the member of its class that row names, at the size the trial draws, and draw the rest as usual.

A row is applied to all inputs at once, and its members are chosen to meet: in ``signs`` a ±1
vector meets a trace-zero ±1 diagonal (``bᵀAb = 0``), in ``mixed`` the all-ones vector meets the
same diagonal, in ``basis`` ``e₁`` meets a zero-diagonal matrix, in ``rank-one`` ``e₁ − e₂`` meets
the all-ones matrix (its null space).

A member never leaves the class the spec names: it has the shape the generator's arguments give,
and it passes the generator's class test (:data:`~algoverify.running.generators.CLASSES`) — a row
whose member would not (``zero`` of ``spd(n)``, ``one`` of ``uniform(2, 3, n)``) draws that input
as usual. A test checks every member of every class at many sizes.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from .generators import builtin, in_class

__all__ = ["ROWS", "EDGE_ROWS", "member", "MEMBERS"]

#: The structured trials, in order, one trial each. The first three are the edges of each range
#: (a scalar's or an array's bounds and zero); the rest are structured members of the classes.
EDGE_ROWS = ("low", "high", "zero")
ROWS = EDGE_ROWS + ("one", "signs", "mixed", "basis", "last", "rank-one", "small")

Member = Callable[..., Any]
#: Per built-in generator: ``(row, rng, *args, **kwargs) -> value | None`` (``None``: no member in that row).
MEMBERS: dict[str, Member] = {}


def member(name: str, row: str, rng: np.random.Generator, *args: Any, **kwargs: Any) -> Any:
    """The member of ``name(*args, **kwargs)``'s class that ``row`` names, or ``None`` (draw as usual).

    Only members that pass the class test are returned: a bug here costs a trial, never a
    counterexample outside the class.
    """
    fn = MEMBERS.get(name) if builtin(name) else None  # a note's own generator has no known members
    if fn is None:
        return None
    try:
        value = fn(row, rng, *args, **kwargs)
    except (TypeError, ValueError):  # arguments the generator itself refuses: it reports them
        return None
    if value is None:
        return None
    try:
        return value if in_class(name, value, *args, **kwargs) else None
    except (TypeError, ValueError, np.linalg.LinAlgError):
        return None


def _size(value: Any) -> int:
    if isinstance(value, bool) or not float(value).is_integer() or value < 0:
        raise ValueError("not a size")
    return int(value)


def _signs(n: int, trace_zero: bool) -> np.ndarray:
    """``(1, −1, 1, …)``; with ``trace_zero``, a last odd entry is 0, so the entries sum to zero."""
    out = np.where(np.arange(n) % 2 == 0, 1.0, -1.0)
    if trace_zero and n % 2 == 1:
        out[-1] = 0.0
    return out


def _vector(row: str, rng: np.random.Generator, n: int) -> np.ndarray | None:
    if row == "zero":
        return np.zeros(n)
    if row in ("one", "mixed"):
        return np.ones(n)
    if row == "signs":
        return _signs(n, trace_zero=False)
    if row == "basis" and n >= 1:
        return np.eye(n)[0]
    if row == "last" and n >= 2:  # eₙ: a zero first entry (sign(x₁) at 0, a pivot that vanishes)
        return np.eye(n)[-1]
    if row == "rank-one" and n >= 2:
        return np.eye(n)[0] - np.eye(n)[1]  # in the null space of the all-ones matrix
    if row == "small":
        return rng.integers(-2, 3, n).astype(float)
    return None


def _matrix(row: str, rng: np.random.Generator, n: int, d: int, symmetric: bool) -> np.ndarray | None:
    """An ``n×d`` member; square members are symmetric (and ``symmetric`` asks for that of ``small``)."""
    if row == "zero":
        return np.zeros((n, d))
    if row == "one":
        return np.eye(n, d)
    if row in ("signs", "mixed"):  # a trace-zero ±1 diagonal: indefinite, bᵀAb = 0 for every ±1 vector b
        out = np.zeros((n, d))
        k = min(n, d)
        out[np.arange(k), np.arange(k)] = _signs(k, trace_zero=True)
        return out
    if row == "basis":  # zero diagonal: eᵢᵀ A eᵢ = 0
        return np.ones((n, d)) - np.eye(n, d)
    if row == "rank-one":
        return np.ones((n, d))
    if row == "small":
        out = rng.integers(-2, 3, (n, d)).astype(float)
        return np.triu(out) + np.triu(out, 1).T if symmetric else out
    return None


def _array(row: str, rng: np.random.Generator, shape: tuple[int, ...]) -> Any:
    """The member of an array of any shape (the randn pattern, which ranges filter by their bounds)."""
    if len(shape) == 0:
        return {"zero": 0.0, "one": 1.0, "signs": -1.0}.get(row)
    if len(shape) == 1:
        return _vector(row, rng, shape[0])
    if len(shape) == 2:
        return _matrix(row, rng, shape[0], shape[1], symmetric=False)
    if row in ("zero", "one", "signs", "small"):
        flat = _vector(row, rng, int(np.prod(shape)))
        return None if flat is None else flat.reshape(shape)
    return None


def _randn(row: str, rng: np.random.Generator, *shape: Any, scale: float = 1.0) -> Any:
    if row in ("low", "high"):
        return None
    value = _array(row, rng, tuple(_size(s) for s in shape))
    # randn(N, scale=0.01) says how large the values are: the ±1 patterns at that scale, never
    # a hundred standard deviations out (an Euler–Maruyama step overflowed on increments of ±2)
    return value if value is None or float(scale) == 1.0 else value * float(scale)


def _within(value: Any, low: float, high: float, *, closed: bool) -> Any:
    """``value`` when every entry lies in ``[low, high)`` (``[low, high]`` when ``closed``), else ``None``."""
    if value is None:
        return None
    arr = np.asarray(value)
    inside = (low <= arr) & ((arr <= high) if closed else (arr < high))
    return value if bool(np.all(inside)) else None


def _uniform(row: str, rng: np.random.Generator, low: float = 0.0, high: float = 1.0, *shape: Any) -> Any:
    dims = tuple(_size(s) for s in shape)
    lo, hi = float(low), float(high)
    if row == "low":
        return np.full(dims, lo) if dims else lo
    if row == "high" or (row == "small" and not dims):
        return None  # ``high`` itself is never drawn
    value = _array(row, rng, dims)
    if row == "small" and value is not None:  # small whole numbers inside the range, when it has some
        first, last = int(np.ceil(lo)), int(np.ceil(hi)) - 1
        value = np.clip(value, first, last) if first <= last else None
    return _within(value, lo, hi, closed=False)


def _integers(row: str, rng: np.random.Generator, low: int, high: int, *shape: Any) -> Any:
    dims = tuple(_size(s) for s in shape)
    lo, hi = int(low), int(high)
    if row in ("low", "high"):
        edge = lo if row == "low" else hi
        return np.full(dims, edge) if dims else edge
    if row == "small":
        return np.clip(rng.integers(-2, 3, dims), lo, hi) if dims else None
    value = _within(_array(row, rng, dims), lo, hi, closed=True)
    if value is None:
        return None
    return np.asarray(value).astype(int) if dims else int(value)


def _loguniform(row: str, rng: np.random.Generator, low: float, high: float) -> Any:
    value = {"low": float(low), "high": float(high), "one": 1.0}.get(row)
    return _within(value, float(low), float(high), closed=True)


def _symmetric(row: str, rng: np.random.Generator, n: Any) -> Any:
    k = _size(n)
    return None if row in ("low", "high") else _matrix(row, rng, k, k, symmetric=True)


def _spd(row: str, rng: np.random.Generator, n: Any, cond: float | None = None) -> Any:
    k = _size(n)
    if cond is not None:  # the eigenvalues spread from 1 to ``cond``, on the diagonal in either order
        eig = np.geomspace(1.0, float(cond), k)
        return {"one": np.diag(eig), "signs": np.diag(eig[::-1])}.get(row)
    ones = np.ones((k, k))
    if row == "one":
        return np.eye(k)  # every eigenvalue repeated
    if row == "signs":
        return np.diag(np.arange(1.0, k + 1))  # distinct whole eigenvalues, the largest last
    if row == "basis" and k >= 1:
        return np.eye(k) + np.outer(np.eye(k)[0], np.eye(k)[0])  # 2, 1, …, 1
    if row == "rank-one":
        return np.eye(k) + ones  # k + 1, 1, …, 1
    if row == "small":  # the second difference: 2 on the diagonal, −1 beside it
        return 2 * np.eye(k) - np.eye(k, k=1) - np.eye(k, k=-1)
    return None


def _orthogonal(row: str, rng: np.random.Generator, n: Any) -> Any:
    k = _size(n)
    if row == "one":
        return np.eye(k)
    if row in ("signs", "mixed"):
        return np.diag(_signs(k, trace_zero=False))  # a reflection in every other axis
    if row == "basis" and k >= 1:
        return np.roll(np.eye(k), 1, axis=0)  # the cyclic shift: zero diagonal when k > 1
    if row == "rank-one" and k >= 1:
        return np.eye(k) - (2.0 / k) * np.ones((k, k))  # the reflection across the plane orthogonal to 1
    if row == "small":  # a signed permutation
        return np.eye(k)[rng.permutation(k)] * rng.choice([-1.0, 1.0], k)
    return None


#: how far inside the simplex its members near a vertex or an edge stay: a distribution a note draws is
#: a probability vector with no zero entry (log p is finite); ``onehot(n)`` draws the vertices themselves
_INSIDE = 1e-3


def _simplex(row: str, rng: np.random.Generator, n: Any) -> Any:
    k = _size(n)
    if k == 0:
        return None
    if row in ("one", "mixed"):
        return np.full(k, 1.0 / k)  # the centre
    if row in ("basis", "signs"):
        near = np.full(k, _INSIDE / max(k - 1, 1)) if k > 1 else np.ones(1)
        near[0 if row == "basis" else -1] = 1.0 - _INSIDE if k > 1 else 1.0
        return near  # next to a vertex
    if row == "rank-one" and k >= 2:
        edge = np.r_[0.5, 0.5, np.zeros(k - 2)] * (1 - _INSIDE) + _INSIDE / k
        return edge  # next to the middle of an edge
    return None


def _onehot(row: str, rng: np.random.Generator, n: Any) -> Any:
    k = _size(n)
    if k == 0:
        return None
    return {"basis": np.eye(k)[0], "signs": np.eye(k)[-1]}.get(row)


MEMBERS.update(
    randn=_randn,
    uniform=_uniform,
    integers=_integers,
    loguniform=_loguniform,
    symmetric=_symmetric,
    spd=_spd,
    orthogonal=_orthogonal,
    simplex=_simplex,
    onehot=_onehot,
)
