r"""Whether a mutant is the listing written another way: its changed formula provably equal to the original.

A mutant that changes nothing a reader could observe cannot be killed, and counting it as a
survivor would blame the checks for it. The segment a mutant edits is read before and after the
edit into sympy, with the note's names as symbols, and the two are equal when their difference
simplifies to zero (a relation: each side, with the same operator). Names of one capital
letter stand for matrices and do not commute, so ``A B`` and ``B A`` differ while ``\tau
\lambda`` and ``\lambda \tau`` are one; a function, a norm or an entry is a function of its
arguments and nothing more is assumed of it. Anything this reading does not know makes the
answer "not shown equal": a mutant is excluded only on a proof.
"""

from __future__ import annotations

from typing import Any

from ..findings import LocatedError
from ..math import mathtree as M
from ..math.mathexpr import parse_math
from ..math.names import identifier
from .operators import Mutant

__all__ = ["equivalent"]


class _Unknown(Exception):
    """A node this reading does not turn into sympy."""


def equivalent(mutant: Mutant, text: str) -> bool:
    """Whether ``mutant``'s changed segment is provably equal to the original's (``text``: the note's)."""
    math = mutant.segment
    if math is None:
        return False
    import sympy as sp

    start, end = math.span.start, math.span.end
    before = text[start:end]
    after = mutant.apply(text)
    after = after[start : end + len(after) - len(text)]
    try:
        old, new = _formula(sp, before), _formula(sp, after)
    except (_Unknown, LocatedError, TypeError, ValueError, ZeroDivisionError, RecursionError):
        return False
    if isinstance(old, tuple) or isinstance(new, tuple):
        return isinstance(old, tuple) and isinstance(new, tuple) and _same_relation(sp, old, new)
    return _zero(sp, old - new)


def _formula(sp: Any, latex: str) -> Any:
    tree = parse_math(latex, 0)
    if isinstance(tree, M.Rel):
        if len(tree.rest) != 1:
            raise _Unknown("a chain of relations")
        op, right = tree.rest[0]
        return (op, _sympy(sp, tree.first), _sympy(sp, right))
    return _sympy(sp, tree)


def _same_relation(sp: Any, old: tuple, new: tuple) -> bool:
    flipped = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "=": "=", "!=": "!="}
    (op, a, b), (op2, c, d) = old, new
    if op == op2 and _zero(sp, a - c) and _zero(sp, b - d):
        return True
    return flipped.get(op) == op2 and _zero(sp, a - d) and _zero(sp, b - c)


def _zero(sp: Any, difference: Any) -> bool:
    try:
        return bool(sp.expand(difference) == 0 or sp.simplify(difference) == 0)
    except Exception:  # noqa: BLE001 - sympy's own errors (PolynomialError on matrices that do not commute): no proof
        return False


_EVEN: dict[str, Any] = {}


def _even(sp: Any, name: str) -> Any:
    """A norm or an absolute value: a function of its argument that does not see its sign (‖w − λv‖ = ‖λv − w‖).

    One class per name: two formulas compared must share it, or sympy sees two functions.
    """
    if name in _EVEN:
        return _EVEN[name]

    def eval(cls: Any, x: Any) -> Any:  # noqa: A001 - sympy's name for the hook
        if x.could_extract_minus_sign():
            return cls(-x)
        return None

    _EVEN[name] = type(name, (sp.Function,), {"eval": classmethod(eval)})
    return _EVEN[name]


def _sympy(sp: Any, node: M.MathNode) -> Any:  # noqa: C901 - one case per node kind, as the tree has them
    if isinstance(node, M.Num):
        return sp.Rational(node.text)
    if isinstance(node, M.Sym):
        name = identifier(node)
        return sp.Symbol(name, commutative=not (len(node.name) == 1 and node.name.isupper()))
    if isinstance(node, M.BinOp):
        left, right = _sympy(sp, node.left), _sympy(sp, node.right)
        if node.op == "+":
            return left + right
        if node.op == "-":
            return left - right
        if node.op in ("*", "cdot", "times"):
            return left * right
        if node.op == "/":
            return left * right**-1
        raise _Unknown(node.op)
    if isinstance(node, M.Juxt):
        return _sympy(sp, node.left) * _sympy(sp, node.right)
    if isinstance(node, M.Frac):
        return _sympy(sp, node.num) * _sympy(sp, node.den) ** -1
    if isinstance(node, M.Neg):
        return -_sympy(sp, node.operand)
    if isinstance(node, M.Pow):
        return _sympy(sp, node.base) ** _sympy(sp, node.exp)
    if isinstance(node, M.Sqrt) and node.index is None:
        return sp.Function("sqrt")(_sympy(sp, node.radicand))
    if isinstance(node, M.Idx):
        return sp.Function("entry")(_sympy(sp, node.base), *(_sympy(sp, i) for i in node.indices))
    if isinstance(node, M.Call):
        return sp.Function(node.func)(*(_sympy(sp, a) for a in node.args))
    if isinstance(node, (M.Norm, M.Abs)) and not getattr(node, "ord", None):
        return _even(sp, type(node).__name__.lower())(_sympy(sp, node.operand))
    if isinstance(node, (M.Transpose, M.Inverse)):
        return sp.Function(type(node).__name__.lower())(_sympy(sp, node.operand))
    if isinstance(node, M.BigOp) and node.kind in ("sum", "prod") and isinstance(node.var, M.Sym):
        if node.lo is None or node.hi is None or node.domain is not None:
            raise _Unknown("a big operator without both limits")
        var = sp.Symbol(identifier(node.var))
        limits = (var, _sympy(sp, node.lo), _sympy(sp, node.hi))
        return (sp.Sum if node.kind == "sum" else sp.Product)(_sympy(sp, node.body), limits)
    raise _Unknown(type(node).__name__)
