"""Math AST → NumPy closures: each expression compiled once, evaluated many times.

Consumes :mod:`algoverify.math.mathexpr` trees and produces ``fn(env) -> value`` closures over a
variable dict (identifiers from :mod:`algoverify.math.names`). The shape rules of the notation:

* juxtaposition (and ``\\cdot``) of two arrays is a matrix product (``A v``, ``u^{\\top} G u``);
  with a scalar on either side it is a plain (broadcast) product;
* ``\\odot`` is elementwise; ``\\lVert x \\rVert`` is the 2-norm (Frobenius for matrices);
* subscripts are 1-based: ``x_i`` is ``x[i-1]`` when ``x`` is an array (or a family such as
  ``B_1, \\dots, B_k``) and ``i`` an integer; a name bound as a whole (``L_i``) wins;
* ``\\sum_{i=1}^{d} body`` is vectorised when the body is elementwise in ``i``, else looped;
  a free bound such as ``d`` is inferred from the lengths of the arrays the body indexes;
* integers stay Python ints (``\\lfloor a/b \\rfloor``, ``\\bmod``, ``n!``, ``\\binom{n}{k}``, ``|S|``
  are exact); ``/`` is real division;
* sets are :class:`~algoverify.math.ops.FiniteSet` values, run over in a fixed order (sorted when
  the elements compare, else first added); intervals and number sets test membership only;
* ``\\land``/``\\lor`` and the quantifiers stop at the operand that decides; ``cases`` of arrays
  choose entry by entry.

The README's "How a listing runs" states these rules for authors. Node types with no value
(``\\text{…}``, ``\\top``, ``\\{i : P(i)\\}`` with no set named) are ``AV308`` at the node.

No text is ever evaluated: closures are built from the AST with ordinary Python functions.
Errors raise :class:`~algoverify.findings.LocatedError` with the span of the offending node.

The package's modules, one job each (every name importable from here as before): the core
(:class:`Context`, :func:`compile_expr` and the dispatch table) in :mod:`.core`; the values
interval and number-set notation makes in :mod:`.values`; the compilers by family in
:mod:`.lookup` (names, subscripts, attributes), :mod:`.arithmetic` (arithmetic, calls, relations,
logic), :mod:`.sets` (sets, quantifiers), :mod:`.integers`, :mod:`.literals`; assignment targets in
:mod:`.targets`. This ``__init__`` fills the dispatch table: it sits above every compiler.
"""

from __future__ import annotations

from .. import mathexpr as M
from ..bigops import compile_bigop
from .arithmetic import (
    _abs,
    _apply,
    _binop,
    _bitnot,
    _call,
    _frac,
    _grad,
    _hadamard,
    _infinity,
    _inner,
    _inverse,
    _juxt,
    _label,
    _logic,
    _neg,
    _norm,
    _num,
    _pow,
    _rel,
    _sqrt,
    _transpose,
    _tuple,
)
from .core import (
    _COMPILERS,
    TRACE_KEY,
    Closure,
    Context,
    Env,  # noqa: F401 - re-exported: conventions.py imports it from here
    compile_expr,
    compile_node,  # noqa: F401 - re-exported: importable here as before the split
    numpy_words,
)
from .integers import (
    _binom,
    _ceil,
    _factorial,
    _floor,
    _pmod,
    _subcall,
)
from .literals import (
    _cases,
    _listlit,
    _macro,
    _matrix,
    _range,
    _string,
)
from .lookup import (
    _attr,
    _idx,
    _index_node,
    _infer_dim,  # noqa: F401 - re-exported: the interpreter imports it from here
    _sym,
)
from .sets import (
    _const,
    _in,
    _interval,
    _quant,
    _setbuilder,
    _setlit,
    forall_failure,  # noqa: F401 - re-exported: checking/context.py imports it from here
)
from .targets import (
    compile_target,
)
from .values import (
    NumberSet,
    RealInterval,
)

__all__ = [
    "Context",
    "compile_expr",
    "compile_target",
    "Closure",
    "TRACE_KEY",
    "RealInterval",
    "NumberSet",
    "numpy_words",
]


# --- big operators ------------------------------------------------------------------------------


def _bigop(node: M.BigOp, ctx: Context) -> Closure:
    return compile_bigop(node, ctx, compile_expr)


_COMPILERS.update(
    {
        M.Num: _num,
        M.Sym: _sym,
        M.Idx: _idx,
        M.Label: _label,
        M.Juxt: _juxt,
        M.Apply: _apply,
        M.BinOp: _binop,
        M.Hadamard: _hadamard,
        M.Neg: _neg,
        M.Frac: _frac,
        M.Sqrt: _sqrt,
        M.Pow: _pow,
        M.Transpose: _transpose,
        M.Inverse: _inverse,
        M.Norm: _norm,
        M.Abs: _abs,
        M.BitNot: _bitnot,
        M.Inner: _inner,
        M.BigOp: _bigop,
        M.Call: _call,
        M.SubCall: _subcall,
        M.Grad: _grad,
        M.Rel: _rel,
        M.Logic: _logic,
        M.Tuple: _tuple,
        M.Infinity: _infinity,
        M.Floor: _floor,
        M.Ceil: _ceil,
        M.Factorial: _factorial,
        M.Binom: _binom,
        M.Modulo: _pmod,
        M.SetLit: _setlit,
        M.SetBuilder: _setbuilder,
        M.Interval: _interval,
        M.ListLit: _listlit,
        M.Range: _range,
        M.In: _in,
        M.Const: _const,
        M.Quant: _quant,
        M.Cases: _cases,
        M.Matrix: _matrix,
        M.Index: _index_node,
        M.Attr: _attr,
        M.Macro: _macro,
        M.String: _string,
    }
)
