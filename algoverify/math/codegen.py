"""Math AST → one Python function per expression, for the interpreter's hot path.

Part of :mod:`algoverify.math.numeric`: the closure tree costs a Python call per node, which on
small arrays is more than the arithmetic. Here the common nodes (names, numbers, ``+ - /``,
products, ``\\odot``, powers, roots, norms, transposes, comparisons) become one expression
in one generated function; any other node is compiled as a closure and called from it.

The generated source is built from the *shape* of the tree only. It contains our own
operator templates and placeholders (``_k0``, ``_c1``, ``_f2``) bound in the function's
namespace to the names, constants and closures they stand for: no text of the note — not
a name, not a number — is part of the source that is compiled.
"""

from __future__ import annotations

import re
import types
from typing import Any, Callable

import numpy as np

from . import mathexpr as M
from .functions import FUNCTIONS
from .names import identifier
from .ops import RELATIONS, cross, nonfinite, pair_inner, power, product, quotient, square_root, transpose, two_norm
from .sizeless import SIZED, sized_output, sized_outputs
from .slices import index_items, is_span

__all__ = ["generate"]

Closure = Callable[[dict[str, Any]], Any]


def _helpers() -> dict[str, Any]:
    """The functions generated code calls: the same operations the closures use (:mod:`.ops`)."""
    return {
        "_product": product,
        "_quotient": quotient,
        "_mul": np.multiply,
        "_cross": cross,
        "_sqrt": square_root,
        "_exp": np.exp,
        "_norm2": two_norm,
        "_pow": power,
        "_T": transpose,
        "_abs": np.abs,
        "_ndarray": np.ndarray,
        "_lt": RELATIONS["<"],
        "_gt": RELATIONS[">"],
        "_pair": pair_inner,
    }


#: Infix operators of the templates, by the AST's operator name; the source only ever
#: contains these literal strings, never the AST's own text.
_INFIX = {"+": "+", "-": "-", "/": "/", "*": "*", "cdot": "*"}

#: Words our templates use; with the placeholders (``_k3``, ``m1`` …) they are the only names
#: a generated source may contain (checked by :func:`_compile`).
_TEMPLATE_WORDS = frozenset(
    "def return env if else is not None type getattr len in try except Exception as exc raise del "
    "trace hits get history limit history_limit h append trim on_step cur r v a b sum ndim _hits __class__ "
    "_expression _vsum _block int or and forget elif isinstance values".split()
)
_PLACEHOLDER = re.compile(r"_?[a-z]\d+(_\d+)?$")
#: The only strings the templates write.
_STRINGS = frozenset({"'$trace'", "'$on_step'", "'ndim'"})
#: Python's tokens, as far as the check needs them: a string (with any prefix, so that a prefix is
#: refused with it), a number (with whatever letters follow its first digit), a name; the templates
#: write no comment, and neither a triple-quoted string nor a backslash in one.
_TOKEN = re.compile(
    r"""(?P<string>[A-Za-z]*(?:'[^'\\\n]*'|"[^"\\\n]*"))"""
    r"|(?P<number>\.?\d[\w.]*)"
    r"|(?P<name>[^\W\d]\w*)"
    r"|(?P<bad>[#'\"\\])"
    r"|(?P<other>\S)"
)


def _compile(source: str, namespace: dict[str, Any], name: str) -> Any:
    """The function ``name`` of generated source, compiled on its first call.

    Most generated functions are never called: ``lint`` compiles every listing and runs none, and
    an expression inside a block is inlined into the block's source rather than called. Compiling
    them all was a twentieth of linting a note. The function returned is already the one its
    callers keep: its first call checks and compiles the source (:func:`_checked`) and puts the
    compiled code in place of its own, so later calls cost what a function compiled at once does.
    """
    namespace.setdefault("_realise", _realise)
    fn = types.FunctionType(_pending.__code__, namespace, name)
    fn.__defaults__ = (fn,)
    fn.__dict__["pending"] = source
    return fn


def _pending(env: Any, _self: Any = None) -> Any:
    return _realise(_self)(env)  # noqa: F821 - bound in the function's namespace by _compile


def _realise(fn: Any) -> Any:
    """Compile ``fn``'s source and make its code ``fn``'s own (a thread that comes second compiles it again)."""
    source = fn.__dict__.get("pending")
    if source is not None:
        compiled = _checked(source, fn.__globals__, fn.__name__)
        fn.__code__ = compiled.__code__
        fn.__defaults__ = compiled.__defaults__
        fn.__dict__.pop("pending", None)
    return fn


def _checked(source: str, namespace: dict[str, Any], name: str) -> Any:
    """Compile generated source after checking that every token is one of ours.

    Names must be template words or placeholders bound in ``namespace``; strings and numbers
    are the few the templates write. A token from anywhere else would be a bug in this module,
    and is refused before anything is compiled.
    """
    for m in _TOKEN.finditer(source):
        kind, tok = m.lastgroup, m.group()
        if kind == "name":
            ok = tok in _TEMPLATE_WORDS or tok in namespace or _PLACEHOLDER.match(tok) is not None
        elif kind == "string":
            ok = tok in _STRINGS
        elif kind == "number":
            ok = tok.isdigit() and len(tok) <= 4  # statement indices and 0/1/2 in templates
        else:
            ok = kind == "other"  # operators and brackets; a comment or a quote left open is not ours
        if not ok:
            raise RuntimeError(f"generated code holds a token that is not ours: {tok!r}")
    code = compile(source, f"<algoverify {name}>", "exec")
    local: dict[str, Any] = {}
    exec(code, namespace, local)  # noqa: S102 - every token checked above: our templates and placeholders
    return local[name]


class _Gen:
    def __init__(self, ctx: Any, fallback: Callable[[M.MathNode, Any], Closure]):
        self.ctx = ctx
        self.fallback = fallback
        self.namespace: dict[str, Any] = _helpers()

    def bind(self, prefix: str, value: Any) -> str:
        key = f"_{prefix}{len(self.namespace)}"
        self.namespace[key] = value
        return key

    def closure(self, node: M.MathNode) -> str:
        return f"{self.bind('f', self.fallback(node, self.ctx))}(env)"

    def expr(self, node: M.MathNode) -> str:
        method = getattr(self, "g_" + type(node).__name__, None)
        if method is None:
            return self.closure(node)
        return method(node)

    def g_Num(self, node: M.Num) -> str:
        if node.text.isdigit() and len(node.text) > 4000:
            return self.closure(node)  # its closure refuses it past the digits budget, at the statement
        return self.bind("c", node.value)

    def g_Sym(self, node: M.Sym) -> str:
        name = identifier(node)
        if name is None:
            return self.closure(node)
        key = self.bind("k", name)
        if name in getattr(self.ctx, "sequences", ()):
            return self.closure(node)  # p after p_k \gets …: read whole, the sequence is its array
        if name not in self.ctx.declared:
            # a dimension symbol, a function, an error: the closure knows, when the name is not
            # bound yet (a `d` is bound once per run, then read like any variable)
            return f"(env[{key}] if {key} in env else {self.closure(node)})"
        return f"env[{key}]"

    def operand(self, node: M.MathNode) -> str:
        """An operand of arithmetic: a written pair ``(p, r)`` is the inner product when it holds two vectors."""
        return f"_pair({self.expr(node)})" if written_pair(node) else self.expr(node)

    def g_BinOp(self, node: M.BinOp) -> str:
        a, b = self.operand(node.left), self.operand(node.right)
        if node.op == "/":
            return f"_quotient({a}, {b})"
        if node.op in ("+", "-"):
            return f"({a} {_INFIX[node.op]} {b})"
        if node.op in ("*", "cdot"):
            return f"_product({a}, {b})"
        if node.op == "times":
            return f"_cross({a}, {b})"
        return self.closure(node)

    def g_Juxt(self, node: M.Juxt) -> str:
        if outer_product(node) or indicator_of(node) is not None or called_group(node, getattr(self.ctx, "text", None)):
            # v v^{\top}: an outer product, decided by the shapes; \mathbb{1}\{c\}: an indicator;
            # f(m)^{2}, w(y)_{2}: a call's square or component when f is a function, decided as it runs
            return self.closure(node)
        return f"_product({self.operand(node.left)}, {self.operand(node.right)})"

    def g_Hadamard(self, node: M.Hadamard) -> str:
        return f"_mul({self.operand(node.left)}, {self.operand(node.right)})"

    def g_Neg(self, node: M.Neg) -> str:
        return f"(-{self.operand(node.operand)})"

    def g_Frac(self, node: M.Frac) -> str:
        return f"_quotient({self.operand(node.num)}, {self.operand(node.den)})"

    def g_Sqrt(self, node: M.Sqrt) -> str:
        unit = M.imaginary_root(node)
        if unit is not None:
            return self.bind("c", unit)
        if node.index is not None or self.ctx.complex_roots:  # a root that may be complex: the closure's
            return self.closure(node)
        return f"_sqrt({self.operand(node.radicand)})"

    def g_Norm(self, node: M.Norm) -> str:
        if node.ord is not None:
            return self.closure(node)
        return f"_norm2({self.expr(node.operand)})"

    def g_Pow(self, node: M.Pow) -> str:
        name = identifier(node)
        if name is not None and name in self.ctx.declared:
            return f"env[{self.bind('k', name)}]"  # \sigma^{2} assigned as a whole
        if isinstance(node.base, M.Sym) and node.base.name == "e" and "e" not in self.ctx.declared:
            return self.closure(node)  # e^{x}: the exponential, unless a variable is e
        return f"_pow({self.operand(node.base)}, {self.expr(node.exp)})"

    def g_Transpose(self, node: M.Transpose) -> str:
        name = identifier(node)
        if name is not None and name in self.ctx.declared:
            return f"env[{self.bind('k', name)}]"
        if "T" in self.ctx.declared:
            return self.closure(node)  # \beta^{T} with a variable T: the closure decides power or transpose
        return f"_T({self.expr(node.operand)})"

    def g_Rel(self, node: M.Rel) -> str:
        # the loop test (`r \gt \tau`) calls numeric's relation directly; chains use the closure
        if len(node.rest) != 1 or node.rest[0][0] not in ("<", ">"):
            return self.closure(node)
        op, right = node.rest[0]
        rtol, atol = self.bind("c", self.ctx.rtol), self.bind("c", self.ctx.atol)
        fn = "_lt" if op == "<" else "_gt"
        return f"{fn}({self.expr(node.first)}, {self.expr(right)}, {rtol}, {atol})"

    def g_BigOp(self, node: M.BigOp) -> str:
        # \sum_{i=lo}^{hi} of an elementwise body over vectors: one generated function doing
        # the slicing and the reduction; any case it cannot prove at run time (a matrix, a
        # list, a bound out of range, an empty range) is handed to the general closure
        fn = _VectorSum(self, node).build()
        if fn is None:
            return self.closure(node)
        return f"{self.bind('f', fn)}(env)"


_ELEMENTWISE = {"exp", "log", "ln", "sin", "cos", "tan", "tanh", "sinh", "cosh", "sqrt", "abs"}


class _VectorSum:
    """Generate ``\\sum_{i=lo}^{hi} body`` as slices and one ``.sum()`` (see ``_Gen.g_BigOp``)."""

    def __init__(self, gen: _Gen, node: M.BigOp):
        self.gen, self.node = gen, node
        self.var = identifier(node.var) if node.var is not None else None
        self.lines: list[str] = []
        self.temps = 0

    def _temp(self, prefix: str) -> str:
        self.temps += 1
        return f"{prefix}{self.temps}"

    def build(self) -> Callable[[dict[str, Any]], Any] | None:
        node = self.node
        if node.kind != "sum" or self.var is None or node.domain is not None or node.hi is None:
            return None
        if node.lo is not None and not (isinstance(node.lo, M.Num) and node.lo.text.isdigit()):
            return None
        lo = int(node.lo.text) if node.lo is not None else 1
        try:
            body = self.vec(node.body)
        except _NotVector:
            return None
        slow = self.gen.bind("f", self.gen.fallback(node, self.gen.ctx))
        first = self.gen.bind("c", int(getattr(self.gen.ctx, "index_base", 1)))
        head = [
            "def _vsum(env):",
            f"    a = {self.gen.bind('c', lo)}",
            f"    b = {self.gen.expr(node.hi)}",
            f"    if type(b) is not int or b < a or a < {first}:",
            f"        return {slow}(env)",
        ]
        tail = [f"    return ({body}).sum()"]
        source = "\n".join(head + [ln.replace("SLOW", slow) for ln in self.lines] + tail) + "\n"
        return _compile(source, self.gen.namespace, "_vsum")

    def vec(self, n: M.MathNode) -> str:
        gen = self.gen
        if isinstance(n, M.Num):
            return gen.expr(n)  # a literal is a scalar: nothing to check at run time
        if not any(isinstance(m, M.Sym) and identifier(m) == self.var for m in M.walk(n)):
            t = self._temp("m")
            self.lines += [f"    {t} = {gen.expr(n)}", f"    if getattr({t}, 'ndim', 0):", "        return SLOW(env)"]
            return t
        if isinstance(n, M.Idx) and len(n.indices) == 1 and identifier(n.indices[0]) == self.var:
            base, flat = identifier(n.base), identifier(n)
            if base is None or base not in gen.ctx.declared:
                raise _NotVector
            t = self._temp("s")
            k_base, k_flat = gen.bind("k", base), gen.bind("k", flat or "")
            first = gen.bind("c", int(getattr(gen.ctx, "index_base", 1)))
            self.lines += [
                f"    {t} = env.get({k_base})",
                f"    if {k_flat} in env or type({t}) is not _ndarray or {t}.ndim != 1 or b - {first} >= len({t}):",
                "        return SLOW(env)",
                # the whole vector (the common \\sum_{i=1}^{d} x_i) needs no slice
                f"    if a != {first} or b - {first} + 1 != len({t}):",
                f"        {t} = {t}[a - {first} : b - {first} + 1]",
            ]
            return t
        if isinstance(n, M.BinOp) and n.op in _INFIX:
            return f"({self.vec(n.left)} {_INFIX[n.op]} {self.vec(n.right)})"
        if isinstance(n, (M.Juxt, M.Hadamard)):
            return f"({self.vec(n.left)} * {self.vec(n.right)})"
        if isinstance(n, M.Frac):
            return f"({self.vec(n.num)} / {self.vec(n.den)})"
        if isinstance(n, M.Neg):
            return f"(-{self.vec(n.operand)})"
        if isinstance(n, M.Pow) and identifier(n) not in gen.ctx.declared:
            if isinstance(n.base, M.Sym) and n.base.name == "e" and "e" not in gen.ctx.declared:
                return f"_exp({self.vec(n.exp)})"  # e^{z_i}: Euler's number, unless a variable is e
            return f"_pow({self.vec(n.base)}, {self.vec(n.exp)})"  # 2^{-\ell_i} of whole numbers is a fraction
        if isinstance(n, M.Sqrt) and n.index is None and not gen.ctx.complex_roots:
            return f"_sqrt({self.vec(n.radicand)})"
        if isinstance(n, M.Abs):
            return f"_abs({self.vec(n.operand)})"
        if isinstance(n, M.Call) and n.func in _ELEMENTWISE and len(n.args) == 1:
            k_name = gen.bind("k", n.func)
            self.lines += [f"    if {k_name} in env:", "        return SLOW(env)"]  # a user's own function
            return f"{gen.bind('u', FUNCTIONS[n.func])}({self.vec(n.args[0])})"
        raise _NotVector


def written_pair(node: M.MathNode) -> bool:
    """Whether ``node`` is a pair written ``(u, v)``: as an operand of arithmetic, Saad's inner product of two vectors.

    Whether it is one is decided from its values as it runs (:func:`~algoverify.math.ops.pair_inner`).
    """
    return isinstance(node, M.Tuple) and len(node.items) == 2 and not any(isinstance(i, M.Dots) for i in node.items)


def called_group(node: M.Juxt, text: str | None) -> bool:
    """``f`` then a parenthesised group raised, transposed, subscripted or dotted (``f(m)^{2}``, ``J(x)^{\top}``).

    When ``f`` is a function, a reader means the square, component or output of the call.
    """
    right, fn = called_part(node.right), node.left
    if isinstance(fn, M.Juxt):  # `c f(x)_{2}`: c times component 2 of f(x)
        fn = fn.right
    if not isinstance(right, (M.Idx, M.Attr, M.Pow, M.Transpose)) or identifier(fn) is None:
        return False
    # ( or \left( and its sizes; never \sigma of `2 \pi \sigma^2` beside a density π: no group follows π
    return text is not None and _OPENS_GROUP.match(text, right.span.start) is not None


def called_part(right: M.MathNode) -> M.MathNode:
    """Of what follows ``f``, the part that reads the call: ``(n)_{1}`` of ``(n)_{1}^{2}`` and of ``(n)_{2} (a - b)``.

    ``Fib(n)_{1}^{2}`` parses as Fib times ``((n)_{1})^{2}``, and ``Fib(n)_{2} (a - b)`` as Fib times ``(n)_{2}``
    applied to ``(a - b)``: the square, and the product, are of the call's component.
    """
    if isinstance(right, M.Pow) and isinstance(right.base, (M.Idx, M.Attr, M.Transpose)):
        return right.base if right.base.span.start == right.span.start else right
    parts = (M.Idx, M.Attr, M.Pow, M.Transpose)
    if isinstance(right, M.Apply) and isinstance(right.fn, parts) and len(right.args) == 1:
        return right.fn if right.fn.span.start == right.span.start else right
    return right


def around_call(right: M.MathNode, called: M.MathNode) -> M.MathNode:
    """``called`` (the call's component, :func:`called_part`) put back where its part stood in ``right``."""
    if isinstance(right, M.Pow) and called_part(right) is right.base:
        return M.Pow(called, right.exp, span=right.span)
    if isinstance(right, M.Apply) and called_part(right) is right.fn:
        return M.Juxt(called, right.args[0], span=right.span)
    return called


_OPENS_GROUP = re.compile(r"\(|\\(?:left|[bB]igg?l?)\s*[(\[]")


class _NotVector(Exception):
    """The body is not one this generator vectorises."""


def generate(node: M.MathNode, ctx: Any, fallback: Callable[[M.MathNode, Any], Closure]) -> Closure:
    """Return ``fn(env)`` evaluating ``node``; ``fallback(node, ctx)`` compiles what is not inlined."""
    gen = _Gen(ctx, fallback)
    body = gen.expr(node)
    fn = _compile(f"def _expression(env):\n    return {body}\n", gen.namespace, "_expression")
    # a block inlines the expression rather than calling it (generate_block): a call per
    # statement costs as much as a small statement's bookkeeping
    fn.inline = (body, gen.namespace)
    return fn


_BOUND = re.compile(r"\b_[a-z]\d+\b")


def _inlined(fn: Any, index: int, ns: dict[str, Any]) -> str | None:
    """The source of a generated expression, its placeholders renamed apart into ``ns``; else ``None``."""
    inline = getattr(fn, "inline", None)
    if inline is None:
        return None
    body, own = inline

    def rename(match: re.Match[str]) -> str:
        name = match.group()
        if name not in own:
            return name
        ns[f"{name}_{index}"] = own[name]
        return f"{name}_{index}"

    for name, value in own.items():
        if not _BOUND.fullmatch(name):
            ns.setdefault(name, value)  # the shared helpers (_product, _sqrt …): the same objects
    return _BOUND.sub(rename, body)


# --- straight-line statements ------------------------------------------------------------------


def generate_block(items: list[tuple[str, Any]], *, returned: type, fail: Callable[..., Any]) -> Callable[[dict], Any]:
    """Return ``run(env)`` executing a block's statements in one generated function.

    ``items`` are ``("assign", (start, span, node, name, key, value))``, ``("return", (start,
    node, values))`` or ``("call", closure)`` (any other statement, already wrapped). The
    bookkeeping of each statement (hit count, step event, history) is inlined; an exception
    in an inlined statement goes to ``fail(index, env, exc)``, which raises the located error.
    """
    # a Python float that went to inf or NaN (NumPy's error state does not see Python arithmetic)
    ns: dict[str, Any] = {
        "_Returned": returned,
        "_SIZED": SIZED,
        "_sized_output": sized_output,
        "_sized_outputs": sized_outputs,
        "_fail": fail,
        "_float": float,
        "_nonfinite": nonfinite,
        "_ndarray": np.ndarray,
    }
    lines = [
        "def _block(env):",
        "    trace = env['$trace']",
        "    hits = trace._hits",
        "    history = trace.history",
        "    limit = trace.history_limit",
        "    on_step = env['$on_step']",
        "    cur = -1",
        "    try:",
    ]
    for i, (kind, item) in enumerate(items):
        lines.append(f"        cur = {i}")
        if kind == "call":
            ns[f"_c{i}"] = item
            # any non-None result is a signal (return, break, continue) for the enclosing block
            lines += [f"        r = _c{i}(env)", "        if r is not None:", "            return r"]
            continue
        start, span, node = item[0], item[1], item[2]
        ns.update({f"_s{i}": start, f"_p{i}": span, f"_n{i}": node})
        lines += [
            f"        hits[_s{i}] = hits.get(_s{i}, 0) + 1",
            "        if on_step is not None:",
            f"            on_step(_n{i}, env, trace)",
        ]
        if kind == "return":
            values = item[3]
            for j, fn in enumerate(values):
                ns[f"_v{i}_{j}"] = fn
            if len(values) == 1:
                source = _inlined(values[0], i, ns)
                lines += [
                    f"        v = {source if source is not None else f'_v{i}_0(env)'}",
                    "        if v.__class__ is _float:",
                    "            if v - v != 0:",
                    "                _nonfinite(v)",
                    "        elif not isinstance(v, _SIZED):",  # \Return r^2 I: an output of no size
                    f"            _sized_output(v, _n{i}.values[0])",
                    "        return _Returned(v)",
                ]
            else:
                lines += [
                    # a \Return of no value returns the empty tuple: "(,)" is no Python
                    "        v = (" + "".join(f"_v{i}_{j}(env), " for j in range(len(values))) + ")",
                    f"        _sized_outputs(v, _n{i}.values)",
                    "        return _Returned(v)",
                ]
            continue
        _, _, _, name, key, value = item
        ns.update({f"_k{i}": name, f"_e{i}": value})
        # the trace's record_keyed, inlined: a call per assignment costs more than small arithmetic
        source = _inlined(value, i, ns)
        lines += [
            f"        v = env[_k{i}] = {source if source is not None else f'_e{i}(env)'}",
            "        if v.__class__ is _float and v - v != 0:",
            "            _nonfinite(v)",
            "        if limit:",  # a trace with a limit of 0 keeps no history (Trace)
            f"            h = history.get(_k{i})",
            "            if h is None:",
            f"                history[_k{i}] = [(_p{i}, v)]",
            "            else:",
            "                if h[-1][1].__class__ is _ndarray:",  # each statement's last array only (Trace)
            f"                    if h[-1][0] is _p{i}:",
            "                        h[-1] = (h[-1][0], None)",
            "                    else:",
            f"                        trace.forget(h, _p{i})",
            f"                h.append((_p{i}, v))",
            "                if len(h) > limit:",
            f"                    trace.trim(_k{i})",
        ]
    lines += [
        "    except Exception as exc:",
        "        _fail(cur, env, exc)",
        "        raise",
        "    return None",
    ]
    return _compile("\n".join(lines) + "\n", ns, "_block")


def indicator_of(node: M.Juxt) -> M.MathNode | None:
    """The condition of an indicator ``\\mathbb{1}\\{c\\}`` (also ``[c]``, ``(c)``), else ``None``."""
    one = node.left
    if not (isinstance(one, M.Sym) and one.name == "1" and one.font in ("bb", "bf")):
        return None
    right = node.right
    if isinstance(right, M.SetLit) and len(right.items) == 1:
        right = right.items[0]
    return right if isinstance(right, (M.Rel, M.In, M.Logic)) else None


def outer_product(node: M.Juxt) -> bool:
    """Whether ``node`` is written ``u v^{\\top}``: a factor times a transposed one, the left not transposed.

    Golub and Van Loan's ``A(\\rho, k) A(k, \\rho)``, written ``A_{k+1:n, k} A_{k, k+1:n}``, is one too:
    part of a column times part of a row.
    """
    right, left = node.right, node.left
    while isinstance(right, M.Juxt):
        right = right.left
    while isinstance(left, M.Juxt):
        left = left.right
    if _slice_axes(left) == (True, False) and _slice_axes(right) == (False, True):
        return True
    return isinstance(right, M.Transpose) and not isinstance(left, M.Transpose)


def _slice_axes(node: M.MathNode) -> tuple[bool, ...]:
    """For an entry of a matrix (``A_{k+1:n, k}``), which of its two subscripts are ranges; else ``()``."""
    if not isinstance(node, M.Idx):
        return ()
    items = index_items(node.indices)
    return tuple(is_span(i) for i in items) if len(items) == 2 else ()
