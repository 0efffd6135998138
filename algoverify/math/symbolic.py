"""Our math AST → sympy expressions, built with constructors only.

Consumes :mod:`algoverify.math.mathexpr` nodes (with every :class:`~algoverify.math.mathexpr.Apply`
already decided by :func:`~algoverify.math.names.resolve_applications`) and produces sympy
objects for symbolic checks and for comparing values. Note text never reaches ``sympify``,
``parse_expr``, ``eval`` or ``exec``: names go through :func:`algoverify.math.names.identifier`
into ``Symbol(...)``, numbers through :class:`fractions.Fraction` into ``Rational``.

sympy is imported inside the functions, never at import time (``import sympy`` costs ~0.4 s,
which the lint path must not pay).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping

from ..findings import AmbiguousMath, LocatedError, UnsupportedMath
from . import mathexpr as m
from .names import declared_name, identifier

__all__ = ["to_sympy"]

# Functions with a sympy counterpart; any other name becomes an undefined Function.
_FUNCTIONS = {
    "exp": "exp",
    "log": "log",
    "ln": "log",
    "sin": "sin",
    "cos": "cos",
    "tan": "tan",
    "cot": "cot",
    "sec": "sec",
    "csc": "csc",
    "sinh": "sinh",
    "cosh": "cosh",
    "tanh": "tanh",
    "coth": "coth",
    "arcsin": "asin",
    "arccos": "acos",
    "arctan": "atan",
    "max": "Max",
    "min": "Min",
    "abs": "Abs",
    "sqrt": "sqrt",
}
_RELATIONS = {"=": "Eq", "!=": "Ne", "<": "Lt", "<=": "Le", ">": "Gt", ">=": "Ge"}
_BIG = {"sum": "Sum", "prod": "Product"}
_WORDS = {
    "Assign": "an assignment",
    "Range": "a range",
    "Text": "text",
    "Dots": "an ellipsis",
    "Macro": "an unknown macro",
    "Fragment": "part of a statement",
}
_SET_OPS = {"cup": "Union", "cap": "Intersection"}


def to_sympy(node: m.MathNode, env_shapes: Mapping[str, tuple[int, ...]] | None = None) -> Any:
    r"""Return the sympy expression for ``node``.

    :param env_shapes: identifier → shape. Names missing or of shape ``()`` are real scalar
        ``Symbol``s; a shape ``(n,)`` is a column ``MatrixSymbol(n, 1)`` and ``(m, n)`` a
        ``MatrixSymbol(m, n)``, so juxtaposition becomes a matrix product. A compound name
        (``\sigma^{2}``) listed here is read as that variable (:func:`~algoverify.math.names.declared_name`).
    :raises LocatedError: AV204 for an undecided ``f(x)``, AV205 for what sympy cannot express.
    """
    return _Lower(dict(env_shapes or {})).lower(node)


class _Lower:
    """One lowering pass; ``lower_<Class>`` per node type."""

    def __init__(self, shapes: dict[str, tuple[int, ...]]) -> None:
        import sympy

        self.sp = sympy
        self.shapes = shapes

    def lower(self, node: m.MathNode) -> Any:
        name = declared_name(node, self.shapes.__contains__)
        if name is not None and not isinstance(node, m.Sym) and name in self.shapes:
            return self._name(name)
        method = getattr(self, "lower_" + type(node).__name__, None)
        if method is None:
            what = _WORDS.get(type(node).__name__, type(node).__name__)
            raise LocatedError(UnsupportedMath, node.span, construct=what, where="in a sympy expression")
        return method(node)

    def _name(self, name: str) -> Any:
        shape = self.shapes.get(name, ())
        if not shape:
            return self.sp.Symbol(name, real=True)
        rows, cols = (shape[0], 1) if len(shape) == 1 else shape[:2]
        return self.sp.MatrixSymbol(name, rows, cols)

    def _is_matrix(self, value: Any) -> bool:
        return isinstance(value, self.sp.MatrixExpr)

    def _unsupported(self, node: m.MathNode, what: str) -> LocatedError:
        return LocatedError(UnsupportedMath, node.span, construct=what, where="in a sympy expression")

    # leaves
    def lower_Num(self, node: m.Num) -> Any:
        value = Fraction(node.text)  # the grammar only lets decimal literals through
        return self.sp.Rational(value.numerator, value.denominator)

    def lower_Sym(self, node: m.Sym) -> Any:
        return self._name(identifier(node) or node.name)

    def lower_Infinity(self, node: m.Infinity) -> Any:
        return self.sp.oo

    def lower_Idx(self, node: m.Idx) -> Any:
        flat = identifier(node)
        if flat is not None and flat in self.shapes:
            return self._name(flat)
        base = identifier(node.base)
        if base is None:
            raise self._unsupported(node, "a subscript on an expression")
        indices = [self.lower(i) for i in node.indices]
        return self.sp.Indexed(self.sp.IndexedBase(base, real=True), *indices)

    def lower_Label(self, node: m.Label) -> Any:
        name = identifier(node)
        if name is None:
            raise self._unsupported(node, "this label")
        return self._name(name)

    # arithmetic
    def lower_BinOp(self, node: m.BinOp) -> Any:
        a, b = self.lower(node.left), self.lower(node.right)
        if node.op == "+":
            return a + b
        if node.op == "-":
            return a - b
        if node.op == "/":
            return a / b
        if node.op in ("*", "cdot", "times"):
            return a * b  # a product (a matrix product for matrices)
        if node.op in ("mod", "%"):
            return self.sp.Mod(a, b)
        if node.op in _SET_OPS or node.op == "setminus":
            if not (isinstance(a, self.sp.Set) and isinstance(b, self.sp.Set)):
                raise self._unsupported(node, f"\\{node.op} of things that are not sets")
            return self.sp.Complement(a, b) if node.op == "setminus" else getattr(self.sp, _SET_OPS[node.op])(a, b)
        raise self._unsupported(node, f"the operator {node.op}")

    def lower_Juxt(self, node: m.Juxt) -> Any:
        return self.lower(node.left) * self.lower(node.right)

    def lower_Hadamard(self, node: m.Hadamard) -> Any:
        a, b = self.lower(node.left), self.lower(node.right)
        if self._is_matrix(a) and self._is_matrix(b):
            return self.sp.HadamardProduct(a, b)
        return a * b

    def lower_Neg(self, node: m.Neg) -> Any:
        return -self.lower(node.operand)

    def lower_Frac(self, node: m.Frac) -> Any:
        return self.lower(node.num) / self.lower(node.den)

    def lower_Sqrt(self, node: m.Sqrt) -> Any:
        x = self.lower(node.radicand)
        return self.sp.sqrt(x) if node.index is None else self.sp.root(x, self.lower(node.index))

    def lower_Pow(self, node: m.Pow) -> Any:
        return self.lower(node.base) ** self.lower(node.exp)

    def lower_Transpose(self, node: m.Transpose) -> Any:
        x = self.lower(node.operand)
        return x.T if self._is_matrix(x) else x

    def lower_Inverse(self, node: m.Inverse) -> Any:
        x = self.lower(node.operand)
        return x.I if self._is_matrix(x) else 1 / x

    def lower_Abs(self, node: m.Abs) -> Any:
        return self.sp.Abs(self.lower(node.operand))

    def lower_Norm(self, node: m.Norm) -> Any:
        x = self.lower(node.operand)
        if not self._is_matrix(x):
            return self.sp.Abs(x)
        if (
            node.ord is not None
            and not (isinstance(node.ord, m.Num) and node.ord.text == "2")
            and not (isinstance(node.ord, m.Sym) and node.ord.name == "F")
        ):
            raise self._unsupported(node, "this norm order")
        if x.shape[1] != 1 and not (isinstance(node.ord, m.Sym) and node.ord.name == "F"):
            raise self._unsupported(node, "the spectral norm of a matrix")
        return self.sp.sqrt(self.sp.trace(x.T * x))  # 2-norm of a vector, Frobenius of a matrix

    def lower_Floor(self, node: m.Floor) -> Any:
        return self.sp.floor(self.lower(node.operand))

    def lower_Ceil(self, node: m.Ceil) -> Any:
        return self.sp.ceiling(self.lower(node.operand))

    def lower_Factorial(self, node: m.Factorial) -> Any:
        return self.sp.factorial(self.lower(node.operand))

    def lower_Binom(self, node: m.Binom) -> Any:
        return self.sp.binomial(self.lower(node.n), self.lower(node.k))

    # sets
    def lower_SetLit(self, node: m.SetLit) -> Any:
        return self.sp.FiniteSet(*(self.lower(i) for i in node.items))

    def lower_Interval(self, node: m.Interval) -> Any:
        lo, hi = self.lower(node.lo), self.lower(node.hi)
        return self.sp.Interval(lo, hi, left_open=not node.closed_lo, right_open=not node.closed_hi)

    def lower_Const(self, node: m.Const) -> Any:
        if node.name != "emptyset":
            raise self._unsupported(node, f"the constant {node.name}")
        return self.sp.S.EmptySet

    def lower_In(self, node: m.In) -> Any:
        s = self.lower(node.set)
        if not isinstance(s, self.sp.Set):
            raise self._unsupported(node, "membership in something that is not a set")
        return self.sp.Contains(self.lower(node.element), s, evaluate=False)

    def lower_Inner(self, node: m.Inner) -> Any:
        a, b = self.lower(node.left), self.lower(node.right)
        if self._is_matrix(a):
            return self.sp.trace(a.T * b)
        return a * b

    # functions, big operators, derivatives
    def lower_Call(self, node: m.Call) -> Any:
        args = [self.lower(a) for a in node.args]
        known = _FUNCTIONS.get(node.func)
        func = getattr(self.sp, known) if known else self.sp.Function(node.func)
        return func(*args)

    def lower_SubCall(self, node: m.SubCall) -> Any:
        if node.func != "log" or len(node.args) != 1:
            raise self._unsupported(node, f"\\{node.func} with a subscript")
        return self.sp.log(self.lower(node.args[0]), self.lower(node.sub))  # \log_2 x

    def lower_Apply(self, node: m.Apply) -> Any:
        raise LocatedError(AmbiguousMath, node.span, message="call or product? resolve_applications first")

    def lower_BigOp(self, node: m.BigOp) -> Any:
        if node.kind not in _BIG or node.var is None or node.lo is None or node.hi is None:
            raise self._unsupported(node, f"\\{node.kind} without both limits")
        var = self.lower(node.var)
        if not isinstance(var, self.sp.Symbol):
            raise self._unsupported(node.var, "this summation index")
        limits = (var, self.lower(node.lo), self.lower(node.hi))
        return getattr(self.sp, _BIG[node.kind])(self.lower(node.body), limits)

    def lower_Grad(self, node: m.Grad) -> Any:
        if node.wrt is None:
            raise self._unsupported(node, "\\nabla without a variable")
        return self.sp.Derivative(self.lower(node.f), self.lower(node.wrt))

    # relations and logic
    def lower_Rel(self, node: m.Rel) -> Any:
        parts, left = [], self.lower(node.first)
        for op, expr in node.rest:
            if op not in _RELATIONS:
                raise self._unsupported(node, f"the relation {op}")
            right = self.lower(expr)
            parts.append(getattr(self.sp, _RELATIONS[op])(left, right, evaluate=False))
            left = right
        return parts[0] if len(parts) == 1 else self.sp.And(*parts, evaluate=False)

    def lower_Logic(self, node: m.Logic) -> Any:
        args = [self.lower(a) for a in node.args]
        return {"and": self.sp.And, "or": self.sp.Or, "not": self.sp.Not}[node.op](*args)

    def lower_Tuple(self, node: m.Tuple) -> Any:
        return self.sp.Tuple(*(self.lower(i) for i in node.items))
