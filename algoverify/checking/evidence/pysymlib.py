"""NumPy and ``math`` over sympy values: the values :mod:`.pysym` computes with, and the library it may call.

Consumes sympy expressions; produces :class:`Num` (a Python or NumPy scalar) and :class:`Arr` (a
NumPy array), each with whether NumPy would hold it as an integer. An array is a NumPy *object*
array of sympy expressions, so broadcasting, axes, keepdims, indexing, views, ``.T``, ``@`` and
``reshape`` are NumPy's own; only what NumPy does by calling methods sympy lacks (``np.exp`` calls
``elem.exp()``) or by comparing (``max`` asks ``a > b``, undecidable on symbols) is written here.
Every function raises :class:`Unsupported` rather than guess.
"""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np
import sympy

__all__ = ["Unsupported", "Num", "Arr", "Module", "Library", "num", "binary", "unary_minus", "truth", "compare"]


class Unsupported(Exception):
    """sympy cannot execute this: the message says what, and where when the line is known."""


@dataclass(frozen=True, eq=False)
class Num:
    """A Python or NumPy scalar: its exact value, and whether it is an integer (``int``, ``np.int64``)."""

    v: Any
    integral: bool


@dataclass(frozen=True, eq=False)
class Arr:
    """A NumPy array: an object ndarray of sympy expressions, shared by its views as NumPy's is."""

    a: np.ndarray
    integral: bool


@dataclass(frozen=True, eq=False)
class Module:
    """``numpy``, ``numpy.linalg`` or ``math``: a table of the attributes a snippet may read."""

    name: str
    attributes: dict[str, Any]


@dataclass(frozen=True, eq=False)
class Library:
    """A function of the whitelist; ``method`` is set when it is bound to its first argument."""

    name: str
    fn: Callable[..., Any]


def num(v: Any, integral: bool | None = None) -> Num:
    """A scalar from a sympy value (a Python int becomes a sympy Integer)."""
    if isinstance(v, bool):
        v = int(v)
    v = sympy.Integer(v) if isinstance(v, int) else v
    if not isinstance(v, sympy.Expr):
        raise Unsupported(f"a value of type {type(v).__name__}")
    if v.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo):
        raise Unsupported("an infinite or undefined value")
    return Num(v, bool(v.is_integer) if integral is None else integral)


def _array(x: Any) -> tuple[np.ndarray, bool]:
    """An operand as an object ndarray (0-d for a scalar) and whether it is integral."""
    if isinstance(x, Arr):
        return x.a, x.integral
    if isinstance(x, bool):
        x = num(x, True)
    if isinstance(x, Num):
        out = np.empty((), dtype=object)
        out[()] = x.v
        return out, x.integral
    if isinstance(x, (list, tuple)):
        a = array(list(x))
        return a.a, a.integral
    raise Unsupported(f"a {_kind(x)} where a number or an array is needed")


def _kind(x: Any) -> str:
    names = {Arr: "array", Num: "number", Module: "module", Library: "function", str: "string", type(None): "None"}
    return names.get(type(x), type(x).__name__)


def wrap(result: Any, integral: bool) -> Num | Arr:
    """A NumPy result as a value: arrays stay arrays, a 0-d result of a ufunc is a scalar."""
    if isinstance(result, np.ndarray):
        if result.dtype != object:
            result = result.astype(object)
        flat = result.reshape(-1)
        for i, e in enumerate(flat):
            if not isinstance(e, sympy.Basic):
                flat[i] = num(e).v  # empty sums give a Python 0; nothing else should come back
            elif e.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo):
                raise Unsupported("an infinite or undefined value")
        return Arr(result, integral)
    return num(result, integral)


def _elementwise(fn: Callable[..., Any], *args: Any, integral: bool) -> Num | Arr:
    arrays = [_array(a)[0] for a in args]
    return wrap(np.frompyfunc(fn, len(args), 1)(*arrays), integral)


def _concrete(v: Any) -> bool:
    return isinstance(v, sympy.Number)


def _divide(x: Any, y: Any) -> Any:
    if _concrete(y) and y == 0:
        raise Unsupported("a division by zero")
    return x / y


def _floordiv(x: Any, y: Any) -> Any:
    if not (_concrete(x) and _concrete(y)) or y == 0:
        raise Unsupported("// or % of a symbolic value")
    return sympy.floor(x / y)


def _mod(x: Any, y: Any) -> Any:
    # Python's and NumPy's remainder takes the divisor's sign, as x - y*floor(x/y) does
    return x - y * _floordiv(x, y)


def _power(x: Any, y: Any) -> Any:
    if _concrete(x) and x == 0 and not (_concrete(y) and y >= 0):
        raise Unsupported("zero to a power that may be negative")
    return x**y


_OPS: dict[str, tuple[Callable[[Any, Any], Any], Callable[[bool, bool], bool]]] = {
    "+": (operator.add, operator.and_),
    "-": (operator.sub, operator.and_),
    "*": (operator.mul, operator.and_),
    "/": (_divide, lambda a, b: False),
    "//": (_floordiv, operator.and_),
    "%": (_mod, operator.and_),
    "**": (_power, operator.and_),
}


def binary(op: str, x: Any, y: Any) -> Any:
    """``x op y`` with Python's and NumPy's meaning (``/`` is true division, ``@`` is matmul)."""
    sequences = isinstance(x, (list, tuple)) or isinstance(y, (list, tuple))
    # with an array on either side NumPy turns a list into an array (elementwise, below); without
    # one, + and * of lists and tuples are Python's concatenation and repetition
    if sequences and not (isinstance(x, Arr) or isinstance(y, Arr)):
        if op == "+" and type(x) is type(y):
            return x + y
        if op == "*" and isinstance(y, Num) and y.integral and _concrete(y.v):
            return x * int(y.v)
        if op == "*" and isinstance(x, Num) and x.integral and _concrete(x.v):
            return y * int(x.v)
        raise Unsupported(f"the operator {op} of a {_kind(x)} and a {_kind(y)}")
    if op == "@":
        return matmul(x, y)
    if op not in _OPS:
        raise Unsupported(f"the operator {op}")
    fn, kind = _OPS[op]
    (a, ia), (b, ib) = _array(x), _array(y)
    if op == "**" and ia and ib:
        exponents = b.reshape(-1)
        if not all(_concrete(e) and e >= 0 for e in exponents):
            # NumPy refuses negative integer powers of integers; Python turns them into floats
            raise Unsupported("an integer to a power that may be a negative integer")
    result = np.frompyfunc(fn, 2, 1)(a, b)
    if isinstance(x, Num) and isinstance(y, Num):
        return num(result, kind(ia, ib))
    return wrap(result, kind(ia, ib))


def unary_minus(x: Any) -> Any:
    """``-x``."""
    if not isinstance(x, (Num, Arr, bool)):
        raise Unsupported(f"-x of a {_kind(x)}")
    return _elementwise(operator.neg, x, integral=_array(x)[1])


def truth(value: Any) -> bool:
    """Python's truth of ``value``, when sympy can decide it."""
    if isinstance(value, bool) or value is None:
        return bool(value)
    if isinstance(value, (list, tuple, str)):
        return len(value) > 0
    if isinstance(value, Num):
        return decide(sympy.Ne(value.v, 0))
    raise Unsupported(f"the truth value of a {_kind(value)}")


def decide(relation: Any) -> bool:
    """A sympy boolean that is true or false on every admissible value of its symbols."""
    if relation is sympy.true or relation is True:
        return True
    if relation is sympy.false or relation is False:
        return False
    raise Unsupported(f"a condition sympy cannot decide ({relation})")


_COMPARE = {"<": sympy.Lt, "<=": sympy.Le, ">": sympy.Gt, ">=": sympy.Ge, "==": sympy.Eq, "!=": sympy.Ne}


def compare(op: str, x: Any, y: Any) -> bool:
    """A comparison of two scalars (or of ``None``, by ``is``), decided."""
    if op in ("is", "is not"):
        if x is not None and y is not None:
            raise Unsupported("`is` other than against None")
        return (x is y) == (op == "is")
    if isinstance(x, bool):
        x = num(x, True)
    if isinstance(y, bool):
        y = num(y, True)
    if op in ("==", "!=") and isinstance(x, tuple) and isinstance(y, tuple):
        same = len(x) == len(y) and all(compare("==", a, b) for a, b in zip(x, y))
        return same == (op == "==")
    if not (isinstance(x, Num) and isinstance(y, Num)) or op not in _COMPARE:
        raise Unsupported(f"the comparison {op} of a {_kind(x)} and a {_kind(y)}")
    return decide(_COMPARE[op](x.v, y.v))


# --- arrays -------------------------------------------------------------------------------------


def _float_kind(dtype: Any, default: bool) -> bool:
    """Whether a ``dtype=`` argument asks for integers."""
    if dtype is None:
        return default
    if isinstance(dtype, Library) and dtype.name in ("float", "float64", "float32"):
        return False
    if isinstance(dtype, Library) and dtype.name in ("int", "int64", "int32"):
        return True
    if isinstance(dtype, str) and dtype in ("float", "float64", "f8"):
        return False
    raise Unsupported(f"the dtype {dtype!r}")


def _no_out(out: Any) -> None:
    if out is not None:
        raise Unsupported("out=")


def array(obj: Any, dtype: Any = None, copy: Any = True) -> Arr:
    """``np.array`` of a value or of nested lists and tuples of values (a copy, as NumPy makes)."""
    if isinstance(obj, Arr):
        integral = _float_kind(dtype, obj.integral)
        if integral and not obj.integral:
            raise Unsupported("a float array made integer")
        return Arr(obj.a.copy(), integral)
    if isinstance(obj, (list, tuple)):
        if not obj:
            return Arr(np.empty((0,), dtype=object), _float_kind(dtype, False))
        items = [array(item) for item in obj]
        shapes = {item.a.shape for item in items}
        if len(shapes) != 1:
            raise Unsupported("a ragged nested list")
        integral = _float_kind(dtype, all(item.integral for item in items))
        if integral and not all(item.integral for item in items):
            raise Unsupported("floats made integer")
        return Arr(np.stack([item.a for item in items]), integral)
    if isinstance(obj, bool):
        raise Unsupported("a boolean array")
    if isinstance(obj, Num):
        a, integral = _array(obj)
        return Arr(a.copy(), _float_kind(dtype, integral))
    raise Unsupported(f"np.array of a {_kind(obj)}")


def asarray(obj: Any, dtype: Any = None) -> Arr:
    """``np.asarray``: the array itself (no copy) when it has the dtype asked for."""
    if isinstance(obj, Arr) and _float_kind(dtype, obj.integral) == obj.integral:
        return obj
    if isinstance(obj, Arr) and obj.integral:
        return Arr(obj.a.copy(), False)
    return array(obj, dtype)


def _shape(shape: Any) -> tuple[int, ...]:
    items = shape if isinstance(shape, tuple) else (shape,)
    out = []
    for item in items:
        if not (isinstance(item, Num) and item.integral and _concrete(item.v)):
            raise Unsupported("a shape that is not made of concrete integers")
        out.append(int(item.v))
    return tuple(out)


def _filled(value: int) -> Callable[..., Arr]:
    def make(shape: Any, dtype: Any = None) -> Arr:
        dims = _shape(shape)
        if any(d < 0 for d in dims):
            raise Unsupported("a negative dimension")
        return Arr(np.full(dims, sympy.Integer(value), dtype=object), _float_kind(dtype, False))

    return make


def _filled_like(value: int) -> Callable[..., Arr]:
    def make(a: Any, dtype: Any = None) -> Arr:
        arr = asarray(a)
        return Arr(np.full(arr.a.shape, sympy.Integer(value), dtype=object), _float_kind(dtype, arr.integral))

    return make


def _axis(axis: Any, ndim: int) -> Any:
    """An ``axis=`` argument as NumPy takes it: None, an int or a tuple of ints, in range."""
    if axis is None:
        return None
    items = axis if isinstance(axis, tuple) else (axis,)
    out = []
    for item in items:
        if not (isinstance(item, Num) and item.integral and _concrete(item.v)):
            raise Unsupported("an axis that is not a concrete integer")
        k = int(item.v)
        if not -ndim <= k < ndim:
            raise Unsupported(f"axis {k} of an array of {ndim} dimensions")
        out.append(k % ndim)
    if len(set(out)) != len(out):
        raise Unsupported("a repeated axis")
    return tuple(out) if isinstance(axis, tuple) else out[0]


def _count(a: np.ndarray, axis: Any) -> int:
    if axis is None:
        return a.size
    axes = axis if isinstance(axis, tuple) else (axis,)
    return math.prod(a.shape[k] for k in axes)


def _keep(keepdims: Any) -> bool:
    if isinstance(keepdims, bool):
        return keepdims
    raise Unsupported("keepdims= other than True or False")


def total(a: Any, axis: Any = None, dtype: Any = None, out: Any = None, keepdims: Any = False) -> Any:
    """``np.sum``."""
    _no_out(out)
    arr, integral = _array(a)
    result = arr.sum(axis=_axis(axis, arr.ndim), keepdims=_keep(keepdims))
    return wrap(result, _float_kind(dtype, integral))


def mean(a: Any, axis: Any = None, dtype: Any = None, out: Any = None, keepdims: Any = False) -> Any:
    """``np.mean``: the sum over the axis divided by the count, a float."""
    _no_out(out)
    _float_kind(dtype, False)
    arr, _ = _array(a)
    axis = _axis(axis, arr.ndim)
    n = _count(arr, axis)
    if n == 0:
        raise Unsupported("the mean of an empty array")
    return binary("/", total(a, axis=_tuple_axis(axis), keepdims=keepdims), num(n, False))


def _tuple_axis(axis: Any) -> Any:
    """A normalised axis back as the values :func:`total` takes."""
    if axis is None:
        return None
    if isinstance(axis, tuple):
        return tuple(num(k, True) for k in axis)
    return num(axis, True)


def var(a: Any, axis: Any = None, dtype: Any = None, out: Any = None, ddof: Any = None, keepdims: Any = False) -> Any:
    """``np.var``: NumPy's real formula, the mean (over n - ddof) of ``(x - mean) * (x - mean)``."""
    _no_out(out)
    _float_kind(dtype, False)
    arr, _ = _array(a)
    axis = _axis(axis, arr.ndim)
    d = 0 if ddof is None else ddof
    if not isinstance(d, int):
        if not (isinstance(d, Num) and _concrete(d.v) and d.integral):
            raise Unsupported("ddof= other than a concrete integer")
        d = int(d.v)
    n = _count(arr, axis) - d
    if n <= 0:
        raise Unsupported("a variance over no degrees of freedom")
    deviation = binary("-", Arr(arr, False), mean(Arr(arr, False), axis=_tuple_axis(axis), keepdims=True))
    squares = binary("*", deviation, deviation)
    return binary("/", total(squares, axis=_tuple_axis(axis), keepdims=keepdims), num(n, False))


def std(a: Any, axis: Any = None, dtype: Any = None, out: Any = None, ddof: Any = None, keepdims: Any = False) -> Any:
    """``np.std``: the square root of :func:`var`."""
    return _elementwise(sympy.sqrt, var(a, axis, dtype, out, ddof, keepdims), integral=False)


def _extreme(pick: Callable[..., Any], what: str) -> Callable[..., Any]:
    def reduce(a: Any, axis: Any = None, out: Any = None, keepdims: Any = False, **kwargs: Any) -> Any:
        _no_out(out)
        if kwargs:
            raise Unsupported(f"{what} with {', '.join(kwargs)}=")
        arr, integral = _array(a)
        axis = _axis(axis, arr.ndim)
        if _count(arr, axis) == 0:
            raise Unsupported(f"the {what} of an empty array")
        axes = tuple(range(arr.ndim)) if axis is None else axis if isinstance(axis, tuple) else (axis,)
        kept = [k for k in range(arr.ndim) if k not in axes]
        # the reduced axes moved last and merged, so one sympy Max/Min takes each group whole
        rows = np.transpose(arr, kept + list(axes)).reshape(-1, _count(arr, axes))
        picked = np.empty(len(rows), dtype=object)
        for i, row in enumerate(rows):
            picked[i] = pick(*row)
        shape = (
            [1 if k in axes else d for k, d in enumerate(arr.shape)]
            if _keep(keepdims)
            else [arr.shape[k] for k in kept]
        )
        result = picked.reshape(shape)
        return wrap(result if result.ndim else result[()], integral)

    return reduce


def _pairwise(pick: Callable[..., Any]) -> Callable[..., Any]:
    def both(x: Any, y: Any, out: Any = None) -> Any:
        _no_out(out)
        return _elementwise(pick, x, y, integral=_array(x)[1] and _array(y)[1])

    return both


def clip(a: Any, a_min: Any, a_max: Any, out: Any = None) -> Any:
    """``np.clip``: NumPy's ``minimum(maximum(a, a_min), a_max)``."""
    _no_out(out)
    result = a
    if a_min is not None:
        result = _pairwise(sympy.Max)(result, a_min)
    if a_max is not None:
        result = _pairwise(sympy.Min)(result, a_max)
    if a_min is None and a_max is None:
        raise Unsupported("np.clip without bounds")
    return result


def _ufunc(fn: Callable[[Any], Any], keeps_integers: bool = False) -> Callable[..., Any]:
    def apply(x: Any, out: Any = None) -> Any:
        _no_out(out)
        return _elementwise(fn, x, integral=keeps_integers and _array(x)[1])

    return apply


def _log(x: Any) -> Any:
    if _concrete(x) and x <= 0:
        raise Unsupported("the logarithm of a number that is not positive")
    return sympy.log(x)


def _sqrt(x: Any) -> Any:
    if _concrete(x) and x < 0:
        raise Unsupported("the square root of a negative number")
    return sympy.sqrt(x)


def matmul(x: Any, y: Any) -> Any:
    """``x @ y`` of arrays of one or two dimensions."""
    (a, ia), (b, ib) = _array(x), _array(y)
    if a.ndim == 0 or b.ndim == 0:
        raise Unsupported("@ with a scalar")
    if a.ndim > 2 or b.ndim > 2:
        raise Unsupported("@ of arrays of more than two dimensions")
    return wrap(np.matmul(a, b), ia and ib)


def dot(x: Any, y: Any, out: Any = None) -> Any:
    """``np.dot`` of arrays of at most two dimensions (a product when one side is a scalar)."""
    _no_out(out)
    if _array(x)[0].ndim == 0 or _array(y)[0].ndim == 0:
        return binary("*", x, y)
    return matmul(x, y)


def outer(x: Any, y: Any, out: Any = None) -> Any:
    """``np.outer``: of the flattened operands."""
    _no_out(out)
    (a, ia), (b, ib) = _array(x), _array(y)
    return wrap(np.outer(a.ravel(), b.ravel()), ia and ib)


def norm(x: Any, ord: Any = None, axis: Any = None, keepdims: Any = False) -> Any:
    """``np.linalg.norm`` with no ``ord`` or ``axis``: the 2-norm of a vector, Frobenius of a matrix."""
    if ord is not None or axis is not None or keepdims is not False:
        raise Unsupported("np.linalg.norm with ord=, axis= or keepdims=")
    a, _ = _array(x)
    if a.ndim not in (1, 2):
        raise Unsupported("np.linalg.norm of an array that is neither a vector nor a matrix")
    squares = binary("*", Arr(a, False), Arr(a, False))
    return _elementwise(sympy.sqrt, total(squares), integral=False)


def reshape(a: Any, *shape: Any, order: Any = None) -> Arr:
    """``a.reshape(...)``/``np.reshape(a, shape)``: a view, with -1 inferred, in C order."""
    if order not in (None, "C"):
        raise Unsupported("a reshape in an order other than C")
    arr = asarray(a)
    if len(shape) == 1 and isinstance(shape[0], tuple):
        shape = shape[0]
    dims = _shape(tuple(shape))
    try:
        return Arr(arr.a.reshape(dims), arr.integral)
    except ValueError as e:
        raise Unsupported(f"a reshape NumPy refuses ({e})") from e


def transpose(a: Any) -> Arr:
    """``a.T``: a view."""
    arr = asarray(a)
    return Arr(arr.a.T, arr.integral)


def square(x: Any, out: Any = None) -> Any:
    """``np.square``: ``x * x``."""
    _no_out(out)
    return binary("*", x, x)


def _copy(a: Any) -> Arr:
    return array(a)


def _flatten(a: Any) -> Arr:
    arr = asarray(a)
    return Arr(arr.a.flatten(), arr.integral)


def _ravel(a: Any) -> Arr:
    arr = asarray(a)
    return Arr(arr.a.ravel(), arr.integral)


def _astype(a: Any, dtype: Any) -> Arr:
    arr = asarray(a)
    integral = _float_kind(dtype, arr.integral)
    if integral and not arr.integral:
        raise Unsupported("a float array made integer")
    return Arr(arr.a.copy(), integral)


def _as_float(x: Any) -> Num:
    if isinstance(x, bool):
        x = num(x, True)
    if not isinstance(x, Num):
        raise Unsupported(f"float() of a {_kind(x)}")
    return Num(x.v, False)


def _as_int(x: Any) -> Num:
    if isinstance(x, bool):
        x = num(x, True)
    if not isinstance(x, Num) or not _concrete(x.v):
        raise Unsupported("int() of a value that is not a concrete number")
    return num(int(x.v), True)


def _abs(x: Any) -> Any:
    return _elementwise(sympy.Abs, x, integral=_array(x)[1])


def _exp_of(fn: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda x: Num(fn(_scalar(x).v), False)


def _scalar(x: Any) -> Num:
    if isinstance(x, bool):
        return num(x, True)
    if isinstance(x, Num):
        return x
    if isinstance(x, Arr) and x.a.size == 1:
        # math.exp(np.array([1.0])) works (with a deprecation warning for ndim > 0); the value is the entry
        return Num(x.a.reshape(-1)[0], x.integral)
    raise Unsupported(f"a {_kind(x)} where math needs a number")


def _math_log(x: Any, base: Any = None) -> Num:
    value = _log(_scalar(x).v)
    if base is not None:
        value = _divide(value, _log(_scalar(base).v))
    return Num(value, False)


def _extreme_of(pick: Callable[..., Any], what: str) -> Callable[..., Any]:
    """Python's ``max``/``min``: of the arguments, or of one iterable's items."""

    def choose(*args: Any) -> Any:
        items = list(iterate(args[0])) if len(args) == 1 else list(args)
        if not items:
            raise Unsupported(f"{what}() of nothing")
        scalars = [_scalar(x) if not isinstance(x, Arr) else None for x in items]
        if any(s is None or isinstance(x, Arr) for s, x in zip(scalars, items)):
            raise Unsupported(f"{what}() of arrays")
        # Python returns the first item that is largest: equal in value to sympy's Max of them all
        return Num(pick(*[s.v for s in scalars if s is not None]), all(s.integral for s in scalars if s))

    return choose


def iterate(value: Any) -> list[Any]:
    """The items a ``for`` loop over ``value`` sees, when there are finitely many known ones."""
    if isinstance(value, (list, tuple)):
        return list(value)
    if isinstance(value, range):
        return [num(i, True) for i in value]
    if isinstance(value, Arr):
        if value.a.ndim == 0:
            raise Unsupported("iteration over a 0-d array")
        return [wrap(value.a[i], value.integral) for i in range(value.a.shape[0])]
    raise Unsupported(f"iteration over a {_kind(value)}")


def _range(*args: Any) -> range:
    bounds = []
    for a in args:
        if not (isinstance(a, Num) and a.integral and _concrete(a.v)):
            raise Unsupported("range() of a value that is not a concrete integer")
        bounds.append(int(a.v))
    return range(*bounds)


def _len(x: Any) -> Num:
    if isinstance(x, (list, tuple)):
        return num(len(x), True)
    if isinstance(x, Arr) and x.a.ndim > 0:
        return num(x.a.shape[0], True)
    raise Unsupported(f"len() of a {_kind(x)}")


def _sum(items: Any, start: Any = None) -> Any:
    result = num(0, True) if start is None else start
    for item in iterate(items):
        result = binary("+", result, item)
    return result


def _enumerate(items: Any, start: Any = None) -> list[tuple[Num, Any]]:
    first = 0 if start is None else int(_as_int(start).v)
    return [(num(first + i, True), item) for i, item in enumerate(iterate(items))]


def _zip(*iterables: Any) -> list[tuple[Any, ...]]:
    return list(zip(*(iterate(i) for i in iterables)))


_NP_MAX = _extreme(sympy.Max, "max")
_NP_MIN = _extreme(sympy.Min, "min")
_DTYPES = {name: Library(name, lambda x, _n=name: _as_float(x)) for name in ("float64", "float32")}
_FLOAT = Library("float", _as_float)
_INT = Library("int", _as_int)

LINALG = Module("numpy.linalg", {"norm": Library("norm", norm)})
NUMPY = Module(
    "numpy",
    {
        "exp": Library("exp", _ufunc(sympy.exp)),
        "log": Library("log", _ufunc(_log)),
        "sqrt": Library("sqrt", _ufunc(_sqrt)),
        "tanh": Library("tanh", _ufunc(sympy.tanh)),
        "sin": Library("sin", _ufunc(sympy.sin)),
        "cos": Library("cos", _ufunc(sympy.cos)),
        "abs": Library("abs", lambda x, out=None: (_no_out(out), _abs(x))[1]),
        "absolute": Library("absolute", lambda x, out=None: (_no_out(out), _abs(x))[1]),
        "square": Library("square", square),
        "maximum": Library("maximum", _pairwise(sympy.Max)),
        "minimum": Library("minimum", _pairwise(sympy.Min)),
        "sum": Library("sum", total),
        "mean": Library("mean", mean),
        "var": Library("var", var),
        "std": Library("std", std),
        "max": Library("max", _NP_MAX),
        "amax": Library("amax", _NP_MAX),
        "min": Library("min", _NP_MIN),
        "amin": Library("amin", _NP_MIN),
        "dot": Library("dot", dot),
        "matmul": Library("matmul", matmul),
        "outer": Library("outer", outer),
        "array": Library("array", array),
        "asarray": Library("asarray", asarray),
        "zeros": Library("zeros", _filled(0)),
        "ones": Library("ones", _filled(1)),
        "zeros_like": Library("zeros_like", _filled_like(0)),
        "ones_like": Library("ones_like", _filled_like(1)),
        "clip": Library("clip", clip),
        "reshape": Library("reshape", lambda a, newshape: reshape(a, newshape)),
        "transpose": Library("transpose", transpose),
        "float64": _DTYPES["float64"],
        "pi": Num(sympy.pi, False),
        "e": Num(sympy.E, False),
        "newaxis": None,
        "linalg": LINALG,
    },
)
MATH = Module(
    "math",
    {
        "exp": Library("exp", _exp_of(sympy.exp)),
        "log": Library("log", _math_log),
        "sqrt": Library("sqrt", _exp_of(_sqrt)),
        "tanh": Library("tanh", _exp_of(sympy.tanh)),
        "sin": Library("sin", _exp_of(sympy.sin)),
        "cos": Library("cos", _exp_of(sympy.cos)),
        "fabs": Library("fabs", _exp_of(sympy.Abs)),
        "pi": Num(sympy.pi, False),
        "e": Num(sympy.E, False),
    },
)
MODULES = {"numpy": NUMPY, "numpy.linalg": LINALG, "math": MATH}

#: The built-in names a snippet may call: everything else (open, getattr, eval, …) is undefined.
BUILTINS: dict[str, Any] = {
    "len": Library("len", _len),
    "range": Library("range", _range),
    "sum": Library("sum", _sum),
    "abs": Library("abs", _abs),
    "max": Library("max", _extreme_of(sympy.Max, "max")),
    "min": Library("min", _extreme_of(sympy.Min, "min")),
    "float": _FLOAT,
    "int": _INT,
    "enumerate": Library("enumerate", _enumerate),
    "zip": Library("zip", _zip),
    "list": Library("list", lambda items=(): iterate(items)),
    "tuple": Library("tuple", lambda items=(): tuple(iterate(items))),
}

#: Methods and properties of arrays: a method takes the array as its first argument.
ARRAY_METHODS: dict[str, Callable[..., Any]] = {
    "sum": total,
    "mean": mean,
    "var": var,
    "std": std,
    "max": _NP_MAX,
    "min": _NP_MIN,
    "dot": dot,
    "reshape": reshape,
    "copy": _copy,
    "flatten": _flatten,
    "ravel": _ravel,
    "astype": _astype,
    "clip": lambda a, a_min=None, a_max=None: clip(a, a_min, a_max),
}
ARRAY_PROPERTIES: dict[str, Callable[[Arr], Any]] = {
    "T": transpose,
    "shape": lambda x: tuple(num(d, True) for d in x.a.shape),
    "ndim": lambda x: num(x.a.ndim, True),
    "size": lambda x: num(x.a.size, True),
}
