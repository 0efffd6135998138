"""Named, seeded input generators (``randn(8)``, ``spd(4)``, ``simplex(5)`` …).

A generator is a function ``(rng, *args) -> value`` registered in :data:`GENERATORS`; specs
and ``--set`` name them as calls. Every draw comes from a :class:`numpy.random.Generator`
seeded by the run, so a run is reproducible from its seed. Users may register their own
with :func:`register`.

``lint`` checks generator calls without importing numpy: it reads the names and parameters of
the built-in generators from :data:`algoverify.checking.specification.schema.GENERATORS`, and a test checks
that the table and this module agree — a new built-in generator goes in both.
"""

from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

__all__ = [
    "GENERATORS",
    "CLASSES",
    "register",
    "generate",
    "make_rng",
    "GeneratorError",
    "ShapeDraws",
    "in_class",
    "builtin",
]

Generator = Callable[..., Any]
GENERATORS: dict[str, Generator] = {}
#: For a built-in generator, the test of the class it draws from: ``(value, *args, **kwargs) ->
#: bool`` with the generator's own arguments. The shrinker simplifies a value (``0.8132`` →
#: ``0.8``) only to one that passes, so a counterexample never leaves the class the check names.
CLASSES: dict[str, Callable[..., bool]] = {}


class GeneratorError(ValueError):
    """A generator was called with a bad name or bad arguments."""


def register(
    name: str | None = None,
    *,
    sizes: tuple[str, ...] | list[str] | None = None,
    contains: Callable[..., bool] | None = None,
) -> Callable[[Generator], Generator]:
    """Register a generator under ``name`` (default: the function's name).

    :param sizes: accepted and unused: a size the spec writes (``graph(12)``) is part of the class
        the check names, so a failing trial is never drawn again at a smaller one; a size drawn
        from a range (``n: "integers(2, 12)"``, ``graph(n)``) shrinks inside that range.
    :param contains: the test of the class it draws from, ``(value, *args, **kwargs) -> bool``
        with the generator's own arguments: the shrinker then simplifies a drawn value (shorter
        numbers) to one that passes, as it does for the built-in generators. Without it a value
        is only ever drawn again, never edited: algoverify cannot tell what keeps it in its class.
    """

    def deco(fn: Generator) -> Generator:
        key = name or fn.__name__
        GENERATORS[key] = fn
        CLASSES.pop(key, None)
        if contains is not None:
            CLASSES[key] = contains
        return fn

    return deco


def make_rng(seed: int | None) -> np.random.Generator:
    """Return the random generator of a run (PCG64, as NumPy's default)."""
    return np.random.default_rng(seed)


class ShapeDraws:
    """What a generator draws from when only the shapes of its values count: lint's binding of a check's draws.

    Lint binds one draw of a check's ``inputs:`` to learn which of the listing's inputs it
    gives; that depends on the names drawn and their shapes, never on the values. NumPy's
    ``random`` package is a twentieth of a cold lint to import, so lint draws from this instead:
    the methods the generators call, each value of the shape asked, fixed and finite, never
    zero where a generator divides by it (a normal draw, a uniform one strictly inside its
    range, a Dirichlet draw on the simplex). An integer is the middle of its range, a size that
    is neither range's edge case.
    """

    def standard_normal(self, size: Any = None) -> Any:
        """A normal draw's stand-in: ``cos(1.7 k + 0.3)`` over the entries, never zero."""
        return self._spread(size, lambda t: np.cos(1.7 * t + 0.3))

    def uniform(self, low: float = 0.0, high: float = 1.0, size: Any = None) -> Any:
        """A uniform draw's stand-in: entries strictly inside ``(low, high)``."""
        return self._spread(size, lambda t: low + (high - low) * (0.1 + 0.8 * ((0.618 * t + 0.25) % 1.0)))

    def integers(self, low: int, high: int | None = None, size: Any = None, endpoint: bool = False) -> Any:
        """The middle of the range, as NumPy reads ``low``, ``high`` and ``endpoint``."""
        lo, hi = (0, low) if high is None else (low, high)
        middle = (lo + (hi if endpoint else hi - 1)) // 2
        return middle if size is None else np.full(size, middle, dtype=np.int64)

    def dirichlet(self, alpha: Any) -> np.ndarray:
        """The mean of the Dirichlet distribution: a point of the simplex."""
        alpha = np.asarray(alpha, dtype=float)
        return alpha / alpha.sum()

    def choice(self, a: Any, size: Any = None, replace: bool = True) -> Any:
        """The pool's first entry, or the pool repeated to ``size``."""
        pool = np.arange(a) if isinstance(a, int) else np.asarray(a)
        return pool[0] if size is None else np.resize(pool, size)

    def permutation(self, x: Any) -> np.ndarray:
        """The identity permutation."""
        return np.arange(x) if isinstance(x, int) else np.asarray(x).copy()

    @staticmethod
    def _spread(size: Any, at: Callable[[Any], Any]) -> Any:
        if size is None:
            return float(at(0.0))
        shape = (size,) if isinstance(size, int) else tuple(size)
        return at(np.arange(math.prod(shape), dtype=float).reshape(shape))


def generate(name: str, rng: np.random.Generator, *args: Any, **kwargs: Any) -> Any:
    """Call the generator ``name`` with ``rng`` and the arguments."""
    fn = GENERATORS.get(name)
    if fn is None:
        known = ", ".join(sorted(GENERATORS))
        raise GeneratorError(f"unknown generator {name!r}; known generators: {known}")
    try:
        value = fn(rng, *args, **kwargs)
    except GeneratorError:
        raise
    except (TypeError, ValueError) as exc:
        raise GeneratorError(f"{name}: {exc}") from exc
    return _numbers(value)


def _numbers(value: Any) -> Any:
    """A module generator's list of numbers as the vector it stands for: ``a + m`` of two is their sum.

    Python's ``+`` of two lists joins them, which no formula means. A list of anything else (an
    adjacency list, a list of lists of different lengths) stays a list.
    """
    if type(value) is list and value and all(type(v) in (int, float) for v in value):
        if all(type(v) is float or abs(v) < 2**62 for v in value):  # an integer past int64 stays a list of ints
            return np.asarray(value)
    return value


#: The most numbers one generated value may hold (a 1000×1000 matrix): a value past it is
#: refused with its size before anything is allocated (``spd(10000)`` would take 800 MB and
#: minutes of QR before the first trial).
MAX_ELEMENTS = 1_000_000


def _dim(value: Any, what: str) -> int:
    if isinstance(value, bool) or not float(value).is_integer() or value < 0:
        raise GeneratorError(f"{what} must be a non-negative integer, got {value!r}")
    if value > MAX_ELEMENTS:
        raise GeneratorError(
            f"{what} of {int(value):,} is past the limit of {MAX_ELEMENTS:,} numbers per generated value"
        )
    return int(value)


def _dims(shape: tuple[Any, ...]) -> tuple[int, ...]:
    """The dimensions of a generator's ``*shape``, written one by one or as NumPy's tuple (``constant(0, (n, n))``)."""
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = tuple(shape[0])
    return _shape(*(_dim(s, "a dimension") for s in shape))


def _shape(*dims: int) -> tuple[int, ...]:
    """``dims``, refused when the value they shape would hold more than :data:`MAX_ELEMENTS` numbers."""
    count = math.prod(dims)
    if count > MAX_ELEMENTS:
        shape = "×".join(str(d) for d in dims)
        raise GeneratorError(
            f"a {shape} value holds {count:,} numbers, past the limit of {MAX_ELEMENTS:,} per generated value"
        )
    return dims


@register()
def randn(rng: np.random.Generator, *shape: Any, scale: float = 1.0) -> Any:
    """Standard normal draws of the given shape; ``randn()`` is a scalar."""
    dims = _dims(shape)
    if not dims:
        return float(rng.standard_normal()) * scale
    return rng.standard_normal(dims) * scale


@register()
def uniform(rng: np.random.Generator, low: float = 0.0, high: float = 1.0, *shape: Any) -> Any:
    """Uniform draws on ``[low, high)``; a scalar unless a shape is given."""
    if not high > low:
        raise GeneratorError(f"uniform needs low < high, got {low}, {high}")
    dims = _dims(shape)
    if not dims:
        return float(rng.uniform(low, high))
    return rng.uniform(low, high, dims)


@register()
def loguniform(rng: np.random.Generator, low: float, high: float) -> float:
    """A scalar whose logarithm is uniform: spreads draws over orders of magnitude."""
    if not 0 < low < high:
        raise GeneratorError(f"loguniform needs 0 < low < high, got {low}, {high}")
    return float(np.exp(rng.uniform(np.log(low), np.log(high))))


@register()
def integers(rng: np.random.Generator, low: int, high: int, *shape: Any) -> Any:
    """Integers in the inclusive range ``[low, high]``."""
    lo, hi = int(low), int(high)
    if hi < lo:
        raise GeneratorError(f"integers needs low <= high, got {low}, {high}")
    dims = _dims(shape)
    if not dims:
        return int(rng.integers(lo, hi, endpoint=True))
    return rng.integers(lo, hi, dims, endpoint=True)


@register()
def symmetric(rng: np.random.Generator, n: Any) -> np.ndarray:
    """A random symmetric ``n×n`` matrix (eigenvalues of both signs)."""
    m = rng.standard_normal(_shape(_dim(n, "n"), _dim(n, "n")))
    return (m + m.T) / 2


@register()
def spd(rng: np.random.Generator, n: Any, cond: float | None = None) -> np.ndarray:
    """A random symmetric positive-definite ``n×n`` matrix.

    With ``cond``, the eigenvalues are spread log-uniformly so the condition number is ``cond``.
    """
    k = _shape(_dim(n, "n"), _dim(n, "n"))[0]
    q, _ = np.linalg.qr(rng.standard_normal((k, k)))
    if cond is None:
        eig = rng.uniform(0.1, 10.0, k)
    else:
        if cond < 1:
            raise GeneratorError(f"cond must be >= 1, got {cond}")
        eig = np.geomspace(1.0, float(cond), k) if k > 1 else np.ones(1)
    m = (q * eig) @ q.T
    return (m + m.T) / 2  # exactly symmetric: the product is only up to rounding


@register()
def orthogonal(rng: np.random.Generator, n: Any) -> np.ndarray:
    """A random orthogonal ``n×n`` matrix, uniform over the group (QR of a normal matrix, signs fixed)."""
    k = _shape(_dim(n, "n"), _dim(n, "n"))[0]
    q, r = np.linalg.qr(rng.standard_normal((k, k)))
    return q * np.where(np.diag(r) < 0, -1.0, 1.0)


@register()
def simplex(rng: np.random.Generator, n: Any) -> np.ndarray:
    """A probability vector of length ``n`` (uniform on the simplex)."""
    return rng.dirichlet(np.ones(_dim(n, "n")))


@register()
def onehot(rng: np.random.Generator, n: Any) -> np.ndarray:
    """A one-hot probability vector of length ``n`` (a vertex of the simplex)."""
    v = np.zeros(_dim(n, "n"))
    v[rng.integers(0, len(v))] = 1.0
    return v


@register()
def batches(rng: np.random.Generator, k: Any, size: Any = None, dim: Any = 1) -> list[np.ndarray]:
    """A list of ``k`` micro-batches, each ``size×dim`` (``size`` random in 1..8 when omitted)."""
    out = []
    count = _dim(k, "k")
    for _ in range(count):
        rows = _dim(size, "size") if size is not None else int(rng.integers(1, 9))
        out.append(rng.standard_normal(_shape(count, rows, _dim(dim, "dim"))[1:]))
    return out


@register()
def constant(rng: np.random.Generator, value: float, *shape: Any) -> Any:
    """An array filled with ``value`` (or the scalar itself): the edge case of zero variance."""
    dims = _dims(shape)
    return np.full(dims, float(value)) if dims else float(value)


# --- the classes the generators draw from -------------------------------------------------------


def _finite(value: Any, shape: tuple[Any, ...]) -> bool:
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = tuple(shape[0])
    arr = np.asarray(value, dtype=float)
    return bool(np.all(np.isfinite(arr))) and arr.shape == tuple(int(d) for d in shape)


def _symmetric(value: Any, n: Any) -> bool:
    return _finite(value, (n, n)) and bool(np.array_equal(value, np.asarray(value).T))


CLASSES.update(
    randn=lambda value, *shape, scale=1.0: _finite(value, shape),
    uniform=lambda value, low=0.0, high=1.0, *shape: (
        _finite(value, shape) and bool(np.all((low <= np.asarray(value)) & (np.asarray(value) < high)))
    ),
    loguniform=lambda value, low, high: _finite(value, ()) and low <= value <= high,
    symmetric=_symmetric,
    spd=lambda value, n, cond=None: (
        _symmetric(value, n)
        and bool(np.all(np.linalg.eigvalsh(value) > 0))
        and (cond is None or bool(np.isclose(np.linalg.cond(value), cond, rtol=1e-9)))
    ),
    integers=lambda value, low, high, *shape: (
        _finite(value, shape)
        and bool(np.all(np.asarray(value) == np.round(value)))
        and bool(np.all((low <= np.asarray(value)) & (np.asarray(value) <= high)))
    ),
    # no zero entry: a distribution a note draws is inside the simplex (a counterexample shrinks within it too)
    simplex=lambda value, n: (
        _finite(value, (n,)) and bool(np.all(np.asarray(value) > 0)) and abs(float(np.sum(value)) - 1.0) <= 1e-12
    ),
)


def _onehot(value: Any, n: Any) -> bool:
    arr = np.asarray(value)
    return _finite(value, (n,)) and bool(np.all((arr == 0) | (arr == 1))) and int(np.sum(arr)) == 1


def _orthogonal(value: Any, n: Any) -> bool:
    # up to rounding: a product of floats is orthogonal to about 1e-15 per entry, never exactly
    arr = np.asarray(value, dtype=float) if _finite(value, (n, n)) else None
    return arr is not None and bool(np.allclose(arr.T @ arr, np.eye(len(arr)), rtol=0, atol=1e-10))


CLASSES["onehot"] = _onehot
CLASSES["orthogonal"] = _orthogonal

#: The built-in generators, as defined here (a note's module may register another under one's name).
BUILTINS: dict[str, Generator] = dict(GENERATORS)


def builtin(name: str) -> bool:
    """Whether ``name`` is the built-in generator of that name (not one a module registered over it)."""
    return name in BUILTINS and GENERATORS.get(name) is BUILTINS[name]


def in_class(name: str, value: Any, *args: Any, **kwargs: Any) -> bool | None:
    """Whether ``value`` is one the built-in generator ``name`` could draw with these arguments (``None``: no test)."""
    test = CLASSES.get(name)
    return None if test is None else bool(test(value, *args, **kwargs))
