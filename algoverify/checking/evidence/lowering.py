"""sympy values of LaTeX over explicit matrices of symbols, with NumPy's meanings: what a proof computes with.

Shared by the proofs of ``holds:`` (:mod:`~algoverify.checking.evidence.proof`), the symbolic run of a
listing (:mod:`~algoverify.checking.evidence.symexec`) and of a snippet's functions. Whatever has no
meaning here that NumPy shares raises :class:`Inconclusive`: the trials decide instead.
"""

from __future__ import annotations

import functools
from typing import Any

from ...math import mathexpr as M
from ...math.names import declared_name, identifier, join_words, labelled, resolve_applications

__all__ = ["Inconclusive", "Lower", "can_be_zero", "scalar", "UNROLL", "KNOWN"]

#: Terms a sum or a max is unrolled into at most (a loop's passes, too).
UNROLL = 64


class Inconclusive(Exception):
    """The lowering or the decision cannot say: the trials decide."""


def can_be_zero(sp: Any, e: Any) -> bool:
    """Whether a divisor may be 0 for some values of its symbols, as far as sympy can tell."""
    if not getattr(e, "free_symbols", None) or e.is_zero is False:
        return False
    # Σ exp(log p_i + c) over a probability vector is e^c once expanded: never 0
    return sp.expand(e).is_zero is not False


def scalar(sp: Any, value: Any) -> Any:
    """A 1×1 matrix as the number it holds (NumPy reads ``uᵀ G u`` as a number)."""
    if isinstance(value, sp.MatrixBase) and value.shape == (1, 1):
        return value[0, 0]
    return value


# --- the math, lowered over explicit matrices --------------------------------------------------

ELEMENTWISE = {"exp", "log", "ln", "sin", "cos", "tan", "sinh", "cosh", "tanh", "sqrt", "abs"}
KNOWN = ELEMENTWISE | {"softmax", "mean", "var", "sum", "logsumexp", "max", "min", "arctan", "arcsin", "arccos"}


class Lower:
    """:mod:`~algoverify.math.symbolic`'s lowering, over explicit matrices of symbols, with NumPy's meanings.

    Arrays are ``sympy.Matrix`` (a vector a column); ``exp`` of an array is elementwise, as in
    the trials; a row of a matrix (``x_i``) is a vector; anything whose NumPy meaning sympy does
    not share (a matrix power, dividing by an array) is inconclusive, never guessed.
    """

    def __init__(
        self,
        sp: Any,
        env: dict[str, Any],
        functions: dict[str, Any],
        shadowed: set[str],
        words: set[str],
        callables: dict[str, Any] | None = None,
        on_division: Any = None,
    ):
        from ...math.symbolic import _Lower as Base

        self.sp, self.env, self.functions, self.shadowed, self.words = sp, env, functions, shadowed, words
        #: name → a function of sympy values (a listing run symbolically, a snippet's function)
        self.callables = callables or {}
        #: called on a division by something that can be 0: sympy cancels x/x to 1 on sight, so a
        #: proof must hear of the division where it is written
        self.on_division = on_division or (lambda: None)
        base = Base.__new__(Base)
        base.sp, base.shapes = sp, {}
        base.lower = self.lower  # children of the nodes it keeps lowering come back here
        base._is_matrix = self._is_matrix
        self.base = base

    def prepare(self, tree: M.MathNode) -> Any:
        tree = join_words(tree, self.words)
        return resolve_applications(tree, self._is_function)

    def _is_function(self, name: str) -> bool | None:
        if name in self.env:
            return False
        if name in self.functions or name in self.callables or (name in KNOWN and name not in self.shadowed):
            return True
        return None

    def _is_matrix(self, value: Any) -> bool:
        return isinstance(value, self.sp.MatrixBase)

    def lower(self, node: M.MathNode) -> Any:
        name = declared_name(node, self.env.__contains__)
        if name is not None and name in self.env:
            return self.env[name]
        method = getattr(self, "lower_" + type(node).__name__, None)
        if method is not None:
            return method(node)
        if type(node).__name__ in ("Num", "BinOp", "Neg", "Frac", "Sqrt", "Transpose", "Inner"):
            return getattr(self.base, "lower_" + type(node).__name__)(node)
        raise Inconclusive(f"{type(node).__name__} is not lowered for proofs")

    def lower_Sym(self, node: M.Sym) -> Any:
        name = identifier(node) or node.name
        if name in self.env:
            return self.env[name]
        raise Inconclusive(f"{name} has no value")

    def lower_Idx(self, node: M.Idx) -> Any:
        if labelled(node, self.env.__contains__):  # P_{\mathrm{new}} read before the listing set it
            raise Inconclusive(f"{identifier(node)} has no value")
        base = self.lower(node.base)
        indices = [self.lower(i) for i in node.indices]
        if not self._is_matrix(base) or not all(getattr(i, "is_Integer", False) for i in indices):
            raise Inconclusive("a subscript that is not an index into an array")
        at = [int(i) - 1 for i in indices]
        rows, cols = base.shape
        if len(at) == 2 and 0 <= at[0] < rows and 0 <= at[1] < cols:
            return base[at[0], at[1]]
        if len(at) == 1 and cols == 1 and 0 <= at[0] < rows:
            return base[at[0], 0]
        if len(at) == 1 and 0 <= at[0] < rows:
            return base[at[0], :].T  # a row of a matrix is a vector
        raise Inconclusive("an index outside its array")

    def lower_Juxt(self, node: M.Juxt) -> Any:
        return self._product(self.lower(node.left), self.lower(node.right))

    def _product(self, a: Any, b: Any) -> Any:
        if self._is_matrix(a) and self._is_matrix(b) and a.shape[1] != b.shape[0]:
            raise Inconclusive("a product of arrays whose shapes do not chain")
        return a * b

    def lower_BinOp(self, node: M.BinOp) -> Any:
        a, b = self.lower(node.left), self.lower(node.right)
        am, bm = self._is_matrix(a), self._is_matrix(b)
        if node.op in ("+", "-"):
            if am != bm:  # NumPy broadcasts a number over an array
                ones = self.sp.ones(*(a if am else b).shape)
                a, b = (a, b * ones) if am else (a * ones, b)
            elif am and a.shape != b.shape:
                raise Inconclusive("a sum of arrays of different shapes")
            return a + b if node.op == "+" else a - b
        if node.op == "/":
            return self._divide(a, b)
        if node.op in ("*", "cdot", "times") and not (am and bm):
            return a * b
        raise Inconclusive(f"the operator {node.op} here")

    def _divide(self, a: Any, b: Any) -> Any:
        b = scalar(self.sp, b)
        self._may_vanish(b)
        if not self._is_matrix(b):
            return a / b
        # NumPy divides entry by entry: a number over an array, or arrays of one shape
        if not self._is_matrix(a):
            return b.applyfunc(lambda e: a / e)
        if a.shape != b.shape:
            raise Inconclusive("a division of arrays of different shapes")
        return a.multiply_elementwise(b.applyfunc(lambda e: 1 / e))

    def lower_Hadamard(self, node: M.Hadamard) -> Any:
        a, b = self.lower(node.left), self.lower(node.right)
        if self._is_matrix(a) and self._is_matrix(b):
            if a.shape != b.shape:
                raise Inconclusive("a Hadamard product of arrays of different shapes")
            return a.multiply_elementwise(b)
        return a * b

    def lower_Frac(self, node: M.Frac) -> Any:
        return self._divide(self.lower(node.num), self.lower(node.den))

    def lower_Transpose(self, node: M.Transpose) -> Any:
        operand = self.lower(node.operand)
        if node.letter and "T" in self.env and not self._is_matrix(operand):
            # \beta^{T} of a number, with T a name of the run (the number of steps): a power, as the run reads it
            return self._power(scalar(self.sp, operand), scalar(self.sp, self.env["T"]))
        return operand.T if self._is_matrix(operand) else operand

    def lower_Pow(self, node: M.Pow) -> Any:
        return self._power(scalar(self.sp, self.lower(node.base)), scalar(self.sp, self.lower(node.exp)))

    def _power(self, base: Any, exp: Any) -> Any:
        if self._is_matrix(base) or self._is_matrix(exp):
            raise Inconclusive("a power of an array")
        if exp.is_negative is not False:
            self._may_vanish(base)
        return base**exp

    def _may_vanish(self, divisor: Any) -> None:
        entries = list(divisor) if self._is_matrix(divisor) else [divisor]
        if any(can_be_zero(self.sp, e) for e in entries):
            self.on_division()

    def lower_Sqrt(self, node: M.Sqrt) -> Any:
        x = self.lower(node.radicand)
        if self._is_matrix(x) or node.index is not None:
            raise Inconclusive("this root")
        return self.sp.sqrt(x)

    def lower_Abs(self, node: M.Abs) -> Any:
        x = self.lower(node.operand)
        return x.applyfunc(self.sp.Abs) if self._is_matrix(x) else self.sp.Abs(x)

    def lower_Norm(self, node: M.Norm) -> Any:
        x = self.lower(node.operand)
        if not self._is_matrix(x):
            return self.sp.Abs(x)
        frobenius = isinstance(node.ord, M.Sym) and node.ord.name == "F"
        two = node.ord is None or (isinstance(node.ord, M.Num) and node.ord.text == "2")
        if not (frobenius or (two and 1 in x.shape)):
            raise Inconclusive("this norm")
        return self.sp.sqrt(sum((e**2 for e in x), self.sp.Integer(0)))

    def lower_Call(self, node: M.Call) -> Any:
        sp = self.sp
        if node.func in self.functions:
            params, body = self.functions[node.func]
            args = [self.lower(a) for a in node.args]
            if len(args) != len(params):
                raise Inconclusive(f"{node.func} takes {len(params)} argument(s)")
            saved = {p: self.env.get(p) for p in params}
            self.env.update(zip(params, args))
            try:
                return self.lower(body)
            finally:
                for p, v in saved.items():
                    if v is None:
                        self.env.pop(p, None)
                    else:
                        self.env[p] = v
        if node.func in self.callables:
            return self.callables[node.func](*(self.lower(a) for a in node.args))
        if node.func in self.shadowed or node.func not in KNOWN or len(node.args) != 1:
            raise Inconclusive(f"{node.func} is not a function sympy knows here")
        x = self.lower(node.args[0])
        func = node.func
        if func in ELEMENTWISE:
            f = {"ln": sp.log, "abs": sp.Abs, "sqrt": sp.sqrt}.get(func) or getattr(sp, func)
            return x.applyfunc(f) if self._is_matrix(x) else f(x)
        if func in ("arctan", "arcsin", "arccos") and not self._is_matrix(x):
            return getattr(sp, "a" + func[3:])(x)
        if not self._is_matrix(x):
            raise Inconclusive(f"{func} of a number")
        entries = list(x)
        total = sum(entries, sp.Integer(0))
        if func == "sum":
            return total
        if func == "mean":
            return total / len(entries)
        if func == "var":
            mean = total / len(entries)
            return sum(((e - mean) ** 2 for e in entries), sp.Integer(0)) / len(entries)
        if func == "softmax" and 1 in x.shape:
            e = x.applyfunc(sp.exp)
            return e / sum(e, sp.Integer(0))
        if func == "logsumexp":
            return sp.log(sum((sp.exp(e) for e in entries), sp.Integer(0)))
        if func in ("max", "min"):
            return (sp.Max if func == "max" else sp.Min)(*entries)
        raise Inconclusive(f"{func} of this array")

    def lower_SetBuilder(self, node: M.SetBuilder) -> Any:
        """``\\{i : \\ell_i = j\\}``: which indices pass depends on the values, so a set has no sympy value here."""
        raise Inconclusive("a set-builder is not lowered (which elements pass depends on the values)")

    def lower_Grad(self, node: M.Grad) -> Any:
        """``\\nabla_z f(z)``: sympy's derivative of the lowered function, entry by entry (the trials' gradient)."""
        sp = self.sp
        wrt = identifier(node.wrt) if node.wrt is not None else None
        if wrt is None or wrt not in self.env:
            raise Inconclusive("a gradient without a variable that has a value")
        at = self.env[wrt]
        # fresh symbols stand for the variable, so that a value built from others (z = log p + c)
        # is differentiated as the variable, then put back
        shape = at.shape if self._is_matrix(at) else None
        count = at.rows * at.cols if shape else 1
        # symbols no note can write (∂z[1], …), the same in every check: a second check that
        # differentiates the same function finds its derivatives made (:func:`_derivative`)
        free = [sp.Symbol(f"∂{wrt}[{k + 1}]", real=True) for k in range(count)]
        self.env[wrt] = sp.Matrix(*shape, free) if shape else free[0]
        try:
            value = scalar(sp, self.lower(node.f))
        finally:
            self.env[wrt] = at
        if self._is_matrix(value):
            raise Inconclusive("the gradient of an array")
        entries = list(at) if shape else [at]
        back = dict(zip(free, entries))
        parts = [_derivative(value, s).xreplace(back) for s in free]
        return sp.Matrix(*shape, parts) if shape else parts[0]

    def lower_BigOp(self, node: M.BigOp) -> Any:
        sp = self.sp
        if node.kind in ("argmax", "argmin"):
            # which index wins depends on how the values order, which sympy cannot tell of symbols
            raise Inconclusive(f"\\arg\\{node.kind[3:]} (an index chosen by comparing values) is not lowered")
        if node.kind not in ("sum", "prod", "max", "min"):
            raise Inconclusive(f"\\{node.kind} here")
        if node.domain is not None or (node.var is not None and identifier(node.var) is None):
            # \min_{j \in S}, \max_{u : \lnot seen_u}, \sum_{j \ne i}: sets and conditions have no sympy value here
            raise Inconclusive(f"\\{node.kind} over a set or a condition is not lowered")
        var = identifier(node.var) if node.var is not None else None
        if var is None:
            raise Inconclusive(f"\\{node.kind} without an index")
        if node.lo is not None and node.hi is not None:
            lo, hi = self.lower(node.lo), self.lower(node.hi)
        elif node.lo is None and node.hi is None:
            lo, hi = sp.Integer(1), self._extent(node.body, var)
        else:
            raise Inconclusive(f"\\{node.kind} with one limit")
        if not (getattr(lo, "is_Integer", False) and getattr(hi, "is_Integer", False)) or int(hi) - int(lo) > UNROLL:
            raise Inconclusive(f"\\{node.kind} over a range that is not a short one of numbers")
        saved = self.env.get(var)
        terms = []
        try:
            for i in range(int(lo), int(hi) + 1):
                self.env[var] = sp.Integer(i)
                terms.append(scalar(sp, self.lower(node.body)))
        finally:
            if saved is None:
                self.env.pop(var, None)
            else:
                self.env[var] = saved
        if node.kind == "sum":
            return sum(terms, sp.Integer(0))
        if node.kind == "prod":
            return sp.Mul(*terms)
        return (sp.Max if node.kind == "max" else sp.Min)(*terms)

    def _extent(self, body: M.MathNode, var: str) -> Any:
        """How far an index without limits runs: the length of the vectors it subscripts (as NumPy's sum does)."""
        lengths = set()
        for n in M.walk(body):
            if isinstance(n, M.Idx) and any(identifier(i) == var for i in n.indices):
                try:
                    base = self.lower(n.base)
                except Inconclusive:
                    continue
                if self._is_matrix(base) and base.shape[1] == 1:
                    lengths.add(base.shape[0])
        if len(lengths) != 1:
            raise Inconclusive(f"the range of {var} is not one array's length")
        return self.sp.Integer(lengths.pop())


@functools.lru_cache(maxsize=2048)
def _derivative(value: Any, symbol: Any) -> Any:
    """The derivative of ``value`` in ``symbol`` (sympy's), once per process.

    The corpus's cross-entropy note differentiates the same loss in three checks at each size:
    sympy's ``diff`` of a softmax's logarithm was a fifth of a cold check of the corpus.
    """
    return value.diff(symbol)
