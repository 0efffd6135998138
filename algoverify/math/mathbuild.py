r"""The lark transformer from a math parse tree to the AST: one method per rule of ``grammars/math.lark``.

:func:`_make_builder` creates the transformer class (lark is imported only when math is first
parsed), with the helpers that put scripts in order, read derivatives and big operators, lift
lists and quantifiers, and join the rows of environments. :func:`algoverify.math.mathexpr.parse_math`
runs it over the parser's tree.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from ..findings import LocatedError, MathSyntax
from ..source import Span
from .mathlists import lift_list, quantified_over
from .mathtokens import _span, _syntax
from .mathtree import (
    Abs,
    Apply,
    Assign,
    Attr,
    BigOp,
    Binom,
    BinOp,
    BitNot,
    Call,
    Cases,
    Ceil,
    Colon,
    Const,
    Deriv,
    Dots,
    Factorial,
    Floor,
    Frac,
    Fragment,
    Given,
    Grad,
    Hadamard,
    Idx,
    In,
    Index,
    Infinity,
    Inner,
    Interval,
    Inverse,
    Juxt,
    Label,
    ListLit,
    Logic,
    Macro,
    MathNode,
    Matrix,
    Modulo,
    Neg,
    Norm,
    Num,
    Partial,
    Placeholder,
    Pow,
    Quant,
    Rel,
    Seq,
    SetBuilder,
    SetLit,
    Sqrt,
    String,
    Styled,
    SubCall,
    Sym,
    Text,
    Transpose,
    Tuple,
)

# --- building the AST ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Post:
    """One script after a factor, before the scripts are put in order: ``_i``, ``^2``, ``'``, ``.f``, ``!``."""

    kind: str  # sub, sup, label, top, prime, star, attr, fact
    value: MathNode | None
    span: Span
    text: str = ""  # the attribute's name
    count: int = 1  # primes in ^{''}


@dataclass(frozen=True)
class _Limits:
    lower: MathNode | None
    upper: MathNode | None


@dataclass(frozen=True)
class _FHead:
    r"""A function name with its scripts, before its argument is known: ``\log_2``, ``\sin^2``."""

    func: str
    sub: MathNode | None
    sup: MathNode | None
    span: Span


@dataclass(frozen=True)
class _RelCell:
    """A cell of an ``aligned`` row that starts with its relation: ``&= 1``."""

    op: str
    value: MathNode
    span: Span


_INTEGRALS = frozenset(("int", "iint", "iiint", "oint"))
_ARC = {"sin": "arcsin", "cos": "arccos", "tan": "arctan"}


def _is_name(node: MathNode) -> bool:
    """Tell whether ``node`` could name a function (so ``node(x)`` may be a call; ``heap.insert(x)`` too)."""
    if isinstance(node, (Idx, Label)):
        return _is_name(node.base)
    return isinstance(node, Attr) or (isinstance(node, Sym) and node.font != "bb")


def _is_indexable(node: MathNode) -> bool:
    """Tell whether ``node[i]`` indexes ``node`` (a name, an attribute, a call's result)."""
    if isinstance(node, (Idx, Label)):
        return _is_indexable(node.base)
    return isinstance(node, (Attr, Index, Apply, Call, SubCall, Macro, String)) or _is_name(node)


def _items(node: MathNode) -> tuple[MathNode, ...]:
    return node.items if isinstance(node, Tuple) else (node,)


def _index_like(node: MathNode) -> bool:
    """A single letter, or a single letter with one subscript (``j``, ``i_0``, ``\\sigma_i``): an index."""
    if isinstance(node, Idx):
        node = node.base if len(node.indices) == 1 else node
    plain = isinstance(node, Sym) and not node.accents and not node.font
    return plain and (len(node.name) == 1 or node.name in _GREEK_INDEX)  # type: ignore[union-attr]


#: Greek letters that index like a letter: \sigma_i (a permutation), \pi_j, \tau_k
_GREEK_INDEX = frozenset({"sigma", "pi", "tau", "rho", "phi", "psi"})


def _indices(node: MathNode) -> tuple[MathNode, ...]:
    """Split a subscript: ``{ij}`` (letters side by side), ``{i0}`` (a letter then a digit), ``{i,j}``: two indices.

    A digit then a letter stays one index (``x_{2k}`` is entry 2k), but for 0 and 1: ``N_{1j}`` is the
    entry (1, j) (the count of class 1 at feature j), as no one writes 1·j or 0·j for j or 0;
    ``{i0}`` is never the product 0·i.
    """
    if isinstance(node, Tuple):
        return node.items
    if (
        isinstance(node, Juxt)
        and isinstance(node.left, Num)
        and node.left.text in ("0", "1")
        and isinstance(node.right, Sym)
        and len(node.right.name) == 1
        and not node.right.accents
        and not node.right.font
    ):
        return (node.left, node.right)  # N_{1j}: row 1, column j
    if (
        isinstance(node, Juxt)
        and isinstance(node.left, Sym)
        and len(node.left.name) == 1
        and not node.left.accents
        and not node.left.font
        and isinstance(node.right, Num)
        and len(node.right.text) == 1
        and node.right.text.isdigit()
    ):
        return (node.left, node.right)  # d_{i0}: row i, column 0
    if isinstance(node, Juxt) and isinstance(node.left, Idx) and isinstance(node.right, Idx):
        return (node.left, node.right)  # p_{q_{t-1} q_t}: the entry (q_{t-1}, q_t), never their product
    if isinstance(node, Juxt) and _index_like(node.left) and _index_like(node.right):
        if isinstance(node.left, Idx) or isinstance(node.right, Idx):
            return (node.left, node.right)  # c_{i_0 j}, c_{i \sigma_i}: the entry (i_0, j), never i_0 · j
    letters: list[MathNode] = []
    todo = [node]
    while todo:
        n = todo.pop()
        if isinstance(n, Juxt):
            todo += [n.right, n.left]
        elif isinstance(n, Sym) and len(n.name) == 1 and not n.accents and not n.font:
            letters.append(n)
        else:
            return (node,)
    return tuple(letters)


def _decorate(node: MathNode, accent: str, span: Span) -> MathNode:
    r"""Add an accent (``hat``, ``prime``…) to a name; over anything else it is :class:`Styled`."""
    if isinstance(node, Sym):
        return Sym(node.name, node.font, node.accents + (accent,), span=span)
    if isinstance(node, Idx) and isinstance(node.base, Sym):  # \hat{x_i} means (\hat{x})_i
        return Idx(_decorate(node.base, accent, span), node.indices, span=span)
    return Styled(accent, node, span=span)  # \widehat{a+b}, (a+b)'


def _juxt_factors(node: MathNode) -> list[MathNode]:
    """The factors of a left-nested juxtaposition, in order (``a b c`` → ``[a, b, c]``)."""
    out: list[MathNode] = []
    while isinstance(node, Juxt):
        out.append(node.right)
        node = node.left
    out.append(node)
    return out[::-1]


def _rejoin(factors: list[MathNode]) -> MathNode:
    node = factors[0]
    for f in factors[1:]:
        node = Juxt(node, f, span=Span(node.span.start, f.span.end))
    return node


def _is_d(node: MathNode) -> bool:
    r"""``d`` or ``\mathrm{d}``: the d of a differential."""
    return isinstance(node, Sym) and node.name == "d" and not node.accents and node.font in ("", "rm")


def _differentials(node: MathNode) -> tuple[MathNode, ...] | None:
    r"""``\partial x``, ``d x``, ``\partial x \partial y``, ``\partial \theta^2`` → the variables, else ``None``."""
    factors = _juxt_factors(node)
    if len(factors) % 2:
        return None
    out: list[MathNode] = []
    for op, var in zip(factors[::2], factors[1::2]):
        if not (isinstance(op, Partial) or _is_d(op)):
            return None
        if isinstance(var, Pow) and isinstance(var.exp, Num) and var.exp.text.isdigit():
            out += [var.base] * int(var.exp.text)
        else:
            out.append(var)
    return tuple(out)


def _derivative(num: MathNode, den: MathNode, span: Span) -> MathNode | None:
    r"""``\frac{\partial L}{\partial \theta}`` (or ``\frac{d}{dx}``) as a :class:`Deriv`, else ``None``."""
    wrt = _differentials(den)
    if not wrt:
        return None
    factors = _juxt_factors(num)
    head = factors[0]
    if isinstance(head, Pow) and (isinstance(head.base, Partial) or _is_d(head.base)):
        head = head.base  # \partial^2 L: the order is in the denominator
    partial = isinstance(head, Partial)
    if not (partial or _is_d(head)) or (not partial and not _is_d(_juxt_factors(den)[0])):
        return None
    f = _rejoin(factors[1:]) if len(factors) > 1 else None
    return Deriv(f, wrt, partial, span=span)


def _make_builder() -> type:
    """Create the transformer class (lark is imported only when math is first parsed)."""
    from lark import Token, Transformer_NonRecursive, v_args

    def nodes(items: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(x for x in items if not isinstance(x, Token))

    @v_args(inline=True, meta=True)
    class _Build(Transformer_NonRecursive):  # a flat sum of thousands of terms is a deep tree, not nesting
        """Parse tree → AST: one method per rule or alias of ``grammars/math.lark``."""

        def __init__(self, text: str, base: int) -> None:
            super().__init__()
            self._text = text
            self._base = base

        def _sp(self, meta: Any) -> Span:
            return Span(self._base + meta.start_pos, self._base + meta.end_pos)

        def _tok(self, tok: Any) -> Span:
            return _span(tok, self._base)

        # fragments of a statement split around text
        def frag_lead(self, meta, op, body):
            return Fragment(op.value, None, body, span=self._sp(meta))

        def frag_trail(self, meta, body, op):
            return Fragment(op.value, body, None, span=self._sp(meta))

        def frag_both(self, meta, lead, body, trail):
            inner = Fragment(trail.value, body, None, span=Span(body.span.start, self._tok(trail).end))
            return Fragment(lead.value, None, inner, span=self._sp(meta))

        def frag_lone(self, meta, op):
            return Fragment(op.value, None, None, span=self._sp(meta))

        def seq(self, meta, *statements):
            return Seq(nodes(statements), span=self._sp(meta))

        # statements and lists
        # (assign, given and colon also stand for a braced or parenthesised group: their span is their parts')
        def assign(self, meta, target, _op, value):
            span = Span(target.span.start, value.span.end)
            if isinstance(target, Colon):  # s \in S : f(s) \gets 1 assigns for each s
                inner = Assign(target.right, value, span=Span(target.right.span.start, value.span.end))
                return Colon(target.left, inner, span=span)
            return Assign(target, value, span=span)

        def given(self, meta, event, _bar, condition):
            return Given(event, condition, span=Span(event.span.start, condition.span.end))

        def colon(self, meta, left, _colon, right):
            span = Span(left.span.start, right.span.end)
            if isinstance(left, Quant) and left.body is None:  # \forall x \in S : P(x)
                return Quant(left.kind, left.var, right, span=span)
            last = left.args[-1] if isinstance(left, Logic) and left.op in ("and", "or") and left.args else None
            if isinstance(last, Quant) and last.body is None:
                # a \land \forall i : P(i): the quantifier is the last operand and binds what follows its
                # colon, as a reader takes it (the colon binds loosest in the grammar)
                body = Quant(last.kind, last.var, right, span=Span(last.span.start, right.span.end))
                return Logic(left.op, left.args[:-1] + (body,), span=span)
            return Colon(left, right, span=span)

        def tuple(self, meta, *items):
            return lift_list(nodes(items), self._sp(meta))

        def implies(self, meta, left, op, right):
            return Rel(left, ((op.value, right),), span=self._sp(meta))

        def logic(self, meta, left, op, right):
            args = left.args if isinstance(left, Logic) and left.op == op.value else (left,)
            return Logic(op.value, args + (right,), span=self._sp(meta))

        def negation(self, meta, _op, operand):
            return Logic("not", (operand,), span=self._sp(meta))

        def quant(self, meta, q, var):
            return Quant(q.value, quantified_over(var), None, span=self._sp(meta))

        def quant_after(self, meta, body, q, var):
            return Quant(q.value, quantified_over(var), body, span=self._sp(meta))

        def pmod(self, meta, expr, _tok, modulus):
            return Modulo(expr, modulus, span=self._sp(meta))

        def relation(self, meta, first, *rest):
            pairs = tuple((op.value, e) for op, e in zip(rest[::2], rest[1::2], strict=True))
            if len(pairs) == 1 and pairs[0][0] == "in":
                return In(first, pairs[0][1], span=self._sp(meta))
            return Rel(first, pairs, span=self._sp(meta))

        # arithmetic
        def binop(self, meta, left, op, right):
            if op.value == "odot":
                return Hadamard(left, right, span=self._sp(meta))
            return BinOp(op.value, left, right, span=self._sp(meta))

        def neg(self, meta, _minus, operand):
            return Neg(operand, span=self._sp(meta))

        def invert(self, meta, _tilde, operand):
            return BitNot(operand, span=self._sp(meta))

        def bitop(self, meta, left, op, right):
            return _bitop(left, op.value, right, self._sp(meta), self.__dict__.get("_parened", ()))

        def pos(self, meta, _plus, operand):
            return operand

        def juxt(self, meta, left, right):
            span = self._sp(meta)
            if isinstance(left, Idx) and isinstance(left.base, Partial):  # \partial_x f
                return Deriv(right, left.indices, True, span=span)
            if isinstance(left, Deriv) and left.f is None:  # \frac{\partial}{\partial x} f
                return Deriv(right, left.wrt, left.partial, span=span)
            return Juxt(left, right, span=span)

        def apply(self, meta, fn, group):
            if id(fn) in self.__dict__.get("_parened", ()):  # (B u)(v^T B): two groups, a product
                return Juxt(fn, group, span=self._sp(meta))
            return _apply(fn, group, self._sp(meta))

        def index(self, meta, base, group):
            return _index(base, group, self._sp(meta))

        def index_scripted(self, meta, base, group, *posts):
            entry = _index(base, group, Span(base.span.start, posts[0].span.start))
            return _scripted(entry, posts, self._sp(meta))

        # functions and big operators
        def _head(self, head: Any) -> _FHead:
            """A bare FUNC token or a scripted head, as a head."""
            return _FHead(head.value, None, None, self._tok(head)) if isinstance(head, Token) else head

        def fhead_sub(self, meta, tok, sub):
            return _FHead(tok.value, sub, None, self._sp(meta))

        def fhead_sup(self, meta, tok, sup):
            return _FHead(tok.value, None, sup, self._sp(meta))

        def fhead_subsup(self, meta, tok, sub, sup):
            return _FHead(tok.value, sub, sup, self._sp(meta))

        def fhead_supsub(self, meta, tok, sup, sub):
            return _FHead(tok.value, sub, sup, self._sp(meta))

        def bare_call(self, meta, head, arg):
            return _call(self._head(head), (arg,), self._sp(meta))

        def call(self, meta, head, args, *posts):
            head = self._head(head)
            node = _call(head, _items(args), Span(head.span.start, self._sp(meta).end))
            return _scripted(node, posts, self._sp(meta)) if posts else node

        def call_empty(self, meta, head, *posts):
            head = self._head(head)
            node = _call(head, (), Span(head.span.start, self._sp(meta).end))
            return _scripted(node, posts, self._sp(meta)) if posts else node

        def call_brace(self, meta, head, args, *posts):
            r"""``\log{x}^2`` squares x; ``\log{(x)}^2`` (as sympy prints) squares the log."""
            head = self._head(head)
            if posts and not self._parenthesised(meta, args, head.span.end - self._base):
                args = _scripted(args, posts, Span(args.span.start, self._sp(meta).end))
                posts = ()
            return self.call(meta, head, args, *posts)

        def grad(self, meta, nabla, f):
            return _styled_nabla(nabla.value, Grad(f, None, span=self._sp(meta)))

        def grad_wrt(self, meta, nabla, wrt, f):
            return _styled_nabla(nabla.value, Grad(f, wrt, span=self._sp(meta)))

        def bigop_head(self, meta, *tokens):
            return "".join(t.value for t in tokens)  # \arg\max → "argmax"

        def bigop(self, meta, kind, body):
            return _bigop(kind, _Limits(None, None), body, self._sp(meta))

        def bigop_limits(self, meta, kind, limits, body):
            return _bigop(kind, limits, body, self._sp(meta))

        def lower(self, meta, lo):
            return _Limits(lo, None)

        def upper(self, meta, hi):
            return _Limits(None, hi)

        def lower_upper(self, meta, lo, hi):
            return _Limits(lo, hi)

        def upper_lower(self, meta, hi, lo):
            return _Limits(lo, hi)

        # scripts
        def scripted(self, meta, base, *posts):
            return _scripted(base, posts, self._sp(meta))

        def sub(self, meta, value):
            # \bar{x}_{(i)}: a parenthesised subscript names a family of its own (see _subscript)
            paren = self._parenthesised(meta, value, meta.start_pos + 1)
            return _Post("sub", value, self._sp(meta), text="paren" if paren else "")

        def sup(self, meta, value):
            label = self._parenthesised(meta, value, meta.start_pos + 1)
            return _Post("label" if label else "sup", value, self._sp(meta))

        def sup_top(self, meta, _tok):
            return _Post("top", None, self._sp(meta))

        def sup_star(self, meta, tok):
            return _Post("star", None, self._sp(meta), text=tok.value if tok.value != "*" else "star")

        def sup_prime(self, meta, *primes):
            return _Post("prime", None, self._sp(meta), count=len(primes))

        def prime(self, meta, _tok):
            return _Post("prime", None, self._sp(meta))

        def factorial(self, meta, _tok):
            return _Post("fact", None, self._sp(meta))

        def attr(self, meta, tok):
            return _Post("attr", None, self._sp(meta), text=tok.value)

        def sign(self, meta, tok):
            return Text(tok.value, span=self._tok(tok))

        def rel_script(self, meta, op, value):
            return Fragment(op.value, None, value, span=self._sp(meta))  # x_{\leq n}

        def _parenthesised(self, meta, value, start: int) -> bool:
            r"""Tell whether ``value`` is written as ``{(…)}`` from offset ``start`` on (``^{(T)}``).

            Parentheses leave no node, so the source text between the braces and the value
            is the only witness. ``\left(``/``\right)`` count as parentheses.
            """
            before = self._text[start : value.span.start - self._base]
            after = self._text[value.span.end - self._base : meta.end_pos]
            squeeze = lambda s: re.sub(r"\s+|\\left|\\right|\\[,;!: ]", "", s)  # noqa: E731
            return squeeze(before) == "{(" and squeeze(after).startswith(")}")

        # factors
        def paren(self, meta, inner):
            # a bitwise operation in parentheses keeps its place whatever operator follows it
            self.__dict__.setdefault("_parened", set()).add(id(inner))
            self.__dict__.setdefault("_held", []).append(inner)
            if isinstance(inner, Tuple):
                # `(u, v)` is one value (a pair), which a set or a list around it must keep whole
                inner = Tuple(inner.items, span=self._sp(meta))
                self.__dict__.setdefault("_pairs", set()).add(id(inner))
            # held for the parse: an id is an object's only while it lives (a freed group's id taken by
            # a later `f` would make `f(u, v)` a product)
            self.__dict__.setdefault("_held", []).append(inner)
            return inner

        def empty_paren(self, meta):
            return Tuple((), span=self._sp(meta))

        def group(self, meta, inner):
            return inner

        def bracket(self, meta, inner):
            span = self._sp(meta)
            if isinstance(inner, Tuple) and len(inner.items) == 2:
                return Interval(inner.items[0], inner.items[1], True, True, span=span)
            if isinstance(inner, Tuple):
                return ListLit(inner.items, span=span)
            return inner

        def empty_bracket(self, meta):
            return ListLit((), span=self._sp(meta))

        def interval_co(self, meta, inner):
            return self._interval(meta, inner, True, False)

        def interval_oc(self, meta, inner):
            return self._interval(meta, inner, False, True)

        def _interval(self, meta, inner, closed_lo: bool, closed_hi: bool) -> MathNode:
            if not (isinstance(inner, Tuple) and len(inner.items) == 2):
                raise _syntax(self._sp(meta), "an interval has two ends: [a, b)")
            lo, hi = inner.items
            return Interval(lo, hi, closed_lo, closed_hi, span=self._sp(meta))

        def number(self, meta, tok):
            return Num(tok.value, span=self._tok(tok))

        def digit(self, meta, tok):
            if len(tok.value) != 1:
                raise LocatedError(
                    MathSyntax, self._tok(tok), message=f"a bare script or argument is one digit: write {{{tok.value}}}"
                )
            return Num(tok.value, span=self._tok(tok))

        def letter(self, meta, tok):
            return Sym(tok.value, span=self._tok(tok))

        greek = letter

        def name(self, meta, tok):
            # \mathrm{S}: an upright letter is a word, not a variable (p^{\mathrm{S}} names the step S);
            # a word of several letters is a name however it is set
            written = self._text[tok.start_pos : tok.start_pos + 8]
            upright = len(tok.value) == 1 and written.startswith(("\\mathrm{", "\\text{", "\\textrm{"))
            return Sym(tok.value, font="rm" if upright else "", span=self._tok(tok))

        def const(self, meta, tok):
            return Const(tok.value, span=self._tok(tok))

        def string(self, meta, tok):
            return String(tok.value[1:-1], span=self._tok(tok))

        def placeholder(self, meta, tok):
            return Placeholder(tok.value, span=self._tok(tok))

        def slice(self, meta, tok):
            return Placeholder(":", span=self._tok(tok))

        def partial(self, meta, tok):
            return Partial(span=self._tok(tok))

        def accent(self, meta, tok, arg):
            return _decorate(arg, tok.value, self._sp(meta))

        def font(self, meta, tok, arg):
            return _font(tok.value, arg, self._sp(meta))

        def infinity(self, meta, tok):
            return Infinity(span=self._tok(tok))

        def dots(self, meta, tok):
            return Dots(span=self._tok(tok))

        def text(self, meta, tok):
            return Text(tok.value, span=self._tok(tok))

        def frac(self, meta, _tok, num, den):
            span = self._sp(meta)
            return _derivative(num, den, span) or Frac(num, den, span=span)

        def binom(self, meta, _tok, n, k):
            return Binom(n, k, span=self._sp(meta))

        def sqrt(self, meta, _tok, radicand):
            return Sqrt(radicand, span=self._sp(meta))

        def root(self, meta, _tok, index, radicand):
            return Sqrt(radicand, index, span=self._sp(meta))

        def norm(self, meta, _open, operand, _close):
            return Norm(operand, span=self._sp(meta))

        def abs(self, meta, _open, operand, _close):
            return Abs(operand, span=self._sp(meta))

        def floor(self, meta, _open, operand, _close):
            return Floor(operand, _open.value == "call", span=self._sp(meta))

        def ceil(self, meta, _open, operand, _close):
            return Ceil(operand, _open.value == "call", span=self._sp(meta))

        def inner(self, meta, _open, pair, _close):
            if isinstance(pair, Tuple) and len(pair.items) == 2:
                return Inner(pair.items[0], pair.items[1], span=self._sp(meta))
            # ⟨a, b, c⟩ and ⟨x⟩: a tuple written in angle brackets, as records and states are
            items = pair.items if isinstance(pair, Tuple) else (pair,)
            return Tuple(items, span=self._sp(meta))

        # sets
        def set_empty(self, meta, _open, _close):
            return SetLit((), span=self._sp(meta))

        def set(self, meta, _open, inner, close):
            span = self._sp(meta)
            if isinstance(inner, Given):
                return SetBuilder(inner.event, inner.condition, span=span)
            if isinstance(inner, Colon):
                return SetBuilder(inner.left, inner.right, span=span)
            if close.value == "." and isinstance(inner, Matrix) and all(len(r) == 2 for r in inner.rows):
                return _cases(inner.rows, span)  # \left\{ \begin{array}{ll} … \end{array} \right.
            if id(inner) in self.__dict__.get("_pairs", ()):
                return SetLit((inner,), span=span)  # \{(u, v)\}: the set of one pair
            return SetLit(_items(inner), span=span)

        # unknown macros
        def macro(self, meta, tok, *args):
            return Macro(tok.value, args, span=self._sp(meta))

        def marg(self, meta, _open, inner, _close):
            return inner

        def marg_empty(self, meta, _open, _close):
            return Tuple((), span=self._sp(meta))

        # environments
        def env(self, meta, begin, rows, _end):
            return _environment(begin.value, rows, self._sp(meta))

        def rows(self, meta, *rows):
            return nodes(rows)

        def row(self, meta, *cells):
            return tuple(c for c in cells if not (isinstance(c, Token) and c.type == "AMP"))

        def cell(self, meta, *items):
            return items[0] if items else None

        def rel_cell(self, meta, op, value):
            return _RelCell(op.value, value, self._sp(meta))

    return _Build


def _styled_nabla(style: str, grad: Grad) -> MathNode:
    return grad if style == "nabla" else Styled(style, grad, span=grad.span)


#: Python's precedence of its bitwise operators, tightest first (shifts, &, ^, |)
_BIT_PRECEDENCE = {"<<": 4, ">>": 4, "&": 3, "^": 2, "|": 1}


def _bitop(left: MathNode, op: str, right: MathNode, span: Span, parened: Any) -> MathNode:
    r"""``a \mathbin{|} b \mathbin{\&} c`` is ``a | (b & c)``, as in Python.

    The grammar reads the bitwise operators from the left at one level; the tighter one takes
    the operand on its left.
    """
    if isinstance(left, BinOp) and _BIT_PRECEDENCE.get(left.op, 9) < _BIT_PRECEDENCE[op] and id(left) not in parened:
        inner = _bitop(left.right, op, right, Span(left.right.span.start, span.end), parened)
        return BinOp(left.op, left.left, inner, span=span)
    return BinOp(op, left, right, span=span)


def _call(head: _FHead, args: tuple[MathNode, ...], span: Span) -> MathNode:
    r"""``\log x``, ``\log_2 x``, ``\sin^2 x`` (the square of the sine), ``\sin^{-1} x`` (arcsine)."""
    sup = head.sup
    if sup is not None and isinstance(sup, Neg) and sup.operand == Num("1", span=sup.span) and head.func in _ARC:
        return Call(_ARC[head.func], args, span=span)
    if head.sub is not None:
        node: MathNode = SubCall(head.func, head.sub, args, span=span)
    else:
        node = Call(head.func, args, span=span)
    return node if sup is None else _power(node, _Post("sup", sup, span), span)


def _font(style: str, arg: MathNode, span: Span) -> MathNode:
    r"""``\mathbf{w}``, ``\mathcal{D}``, ``\mathbb{R}``, ``\mathbb{1}`` (a name); bold on a formula goes."""
    if isinstance(arg, Num):
        if style == "bb" or (style == "bf" and arg.text in ("0", "1")):  # \mathbb{1}, \mathbf{1}, \mathbf{0}: vectors
            return Sym(arg.text, style, span=span)
        return dataclasses.replace(arg, span=span)
    if isinstance(arg, Sym) and not arg.font and style:
        return Sym(arg.name, style, arg.accents, span=span)
    if isinstance(arg, Idx) and isinstance(arg.base, Sym) and not arg.base.font and style:  # \mathbf{x_i}
        return Idx(_font(style, arg.base, span), arg.indices, span=span)
    if style in ("", "bf") or isinstance(arg, Sym):  # \boldsymbol{\mathcal{L}}: the inner font wins
        return dataclasses.replace(arg, span=span)
    return Styled(style, arg, span=span)


def _apply(fn: MathNode, group: MathNode, span: Span) -> MathNode:
    """Attach a parenthesised group to the factor before it: an :class:`Apply` after a name."""
    if isinstance(fn, Juxt):  # a f(x): the group belongs to the last factor
        return Juxt(fn.left, _apply(fn.right, group, Span(fn.right.span.start, span.end)), span=span)
    if isinstance(fn, (BitNot, Neg)) and fn.span.start < fn.operand.span.start:  # ~f(x): of the call
        operand = _apply(fn.operand, group, Span(fn.operand.span.start, span.end))
        return dataclasses.replace(fn, operand=operand, span=span)
    if isinstance(fn, Deriv) and fn.f is not None and _is_name(fn.f):  # \partial_\theta L(\theta)
        return Deriv(_apply(fn.f, group, Span(fn.f.span.start, span.end)), fn.wrt, fn.partial, span=span)
    if _is_name(fn):
        return Apply(fn, _items(group), span=span)
    return Juxt(fn, group, span=span)


def _index(base: MathNode, group: MathNode, span: Span) -> MathNode:
    """Attach a bracketed group to the factor before it: ``A[i]`` indexes ``A``."""
    if isinstance(base, Juxt):
        return Juxt(base.left, _index(base.right, group, Span(base.right.span.start, span.end)), span=span)
    if not _is_indexable(base):
        return Juxt(base, group, span=span)
    if isinstance(group, Interval) and group.closed_lo and group.closed_hi:
        args: tuple[MathNode, ...] = (group.lo, group.hi)  # A[i, j]: two indices, not an interval
    elif isinstance(group, ListLit):
        args = group.items
    else:
        args = (group,)
    return Index(base, args, span=span)


def _scripted(base: MathNode, posts: tuple[_Post, ...], span: Span) -> MathNode:
    """Apply scripts in TeX's order (accents, label, subscript, superscript), then ``.attr`` and ``!`` as written."""
    node, chunk = base, []
    for p in posts:
        if p.kind in ("attr", "fact"):
            node = _scripts(node, tuple(chunk), Span(span.start, p.span.start)) if chunk else node
            chunk = []
            end = Span(span.start, p.span.end)
            node = Attr(node, p.text, span=end) if p.kind == "attr" else Factorial(node, span=end)
        else:
            chunk.append(p)
    if chunk:
        node = _scripts(node, tuple(chunk), span)
    return dataclasses.replace(node, span=span)


def _scripts(base: MathNode, posts: tuple[_Post, ...], span: Span) -> MathNode:
    for kind in ("sub", "super"):
        same = [p for p in posts if (p.kind == "sub") == (kind == "sub") and p.kind not in ("prime", "star")]
        if len(same) > 1:
            raise _syntax(same[1].span, f"double {kind}script: use braces, as TeX requires")
    node = base
    for p in posts:
        if p.kind in ("prime", "star"):
            for _ in range(p.count):
                node = _decorate(node, p.text or p.kind, Span(span.start, p.span.end))
    for p in posts:
        if p.kind == "label":
            node = Label(node, p.value, span=Span(span.start, p.span.end))  # type: ignore[arg-type]
    for p in posts:
        if p.kind == "sub":
            node = _subscript(node, p, Span(span.start, p.span.end))
    for p in posts:
        if p.kind in ("sup", "top"):
            node = _power(node, p, Span(span.start, p.span.end))
    return dataclasses.replace(node, span=span)


def _subscript(node: MathNode, post: _Post, span: Span) -> MathNode:
    value = post.value
    assert value is not None
    if isinstance(node, Norm) and node.ord is None:
        return Norm(node.operand, value, span=span)
    if post.text == "paren" and isinstance(node, Sym) and not isinstance(value, (Placeholder, Tuple)):
        # \bar{x}_{(i)} beside \bar{x}, \hat\theta_{(i)}, x_{(1)}: the i-th leave-one-out mean, the i-th
        # order statistic, a family of its own (as p^{(k)} is a label), never entry i of \bar{x} or x.
        # The family's base carries the mark as an accent would, so every name of it differs from x's;
        # \bar{x}_{(\cdot)} stays the name it was (names.labelled), and w_{(u, v)} an entry at a pair.
        node = Sym(node.name, node.font, node.accents + ("paren",), span=node.span)
    marked = _marginal(value)
    if marked is not None:
        # n_{i+} (the row totals of n_{ij}), \bar{Y}_{i.} (the group means): a family of its own over the
        # positions kept; its base carries which positions the + or . took away, as an accent would
        pattern = "".join("x" if isinstance(m, Sym) else "plus" if m.symbol == "+" else "dot" for m in marked)
        if not isinstance(node, Sym):
            return Idx(node, _indices(value), span=span)
        family = Sym(node.name, node.font, node.accents + ("over_" + pattern,), span=node.span)
        kept = tuple(m for m in marked if isinstance(m, Sym))
        return Idx(family, kept, span=span) if kept else dataclasses.replace(family, span=span)
    return Idx(node, _indices(value), span=span)


def _marginal(value: MathNode) -> list[MathNode] | None:
    """The items of a subscript that marks summed positions (``i+``, ``+j``, ``++``, ``i.``), else ``None``."""
    items: list[MathNode] = []
    todo = [value]
    while todo:
        n = todo.pop()
        if isinstance(n, Juxt):
            todo += [n.right, n.left]
        else:
            items.append(n)
    marks = [i for i in items if isinstance(i, Placeholder) and i.symbol in ("+", "cdot")]
    letters = [i for i in items if isinstance(i, Sym) and len(i.name) == 1 and not i.accents and not i.font]
    if not marks or len(marks) + len(letters) != len(items) or not 2 <= len(items) <= 3:
        return None  # \bar{x}_{(\cdot)}: one placeholder alone is the leave-one-out mark, not a margin
    return items


def _power(node: MathNode, post: _Post, span: Span) -> MathNode:
    r"""``^T`` / ``^{\top}`` is a transpose, ``^{-1}`` an inverse, ``^{+}`` a decoration, anything else a power."""
    exp = post.value
    if post.kind == "top" or (isinstance(exp, Sym) and exp.name == "T" and not exp.accents):
        return Transpose(node, letter=post.kind != "top", span=span)
    assert exp is not None
    if isinstance(exp, Text) and exp.text in ("+", "-") and isinstance(node, (Sym, Idx)):
        return _decorate(node, "plus" if exp.text == "+" else "minus", span)  # \delta^{+}
    if isinstance(exp, Neg) and exp.operand == Num("1", span=exp.span) and not isinstance(node, Num):
        return Inverse(node, span=span)
    if isinstance(node, (Sym, Idx)) and _word_label(exp):
        return Label(node, exp, span=span)  # p_k^{\mathrm{S}}, x^{\text{new}}: a name, as p^{(S)} is
    return Pow(node, exp, span=span)


#: upright letters that are numbers or operators in an exponent: the units i and e, the differential d
_UPRIGHT_VALUES = frozenset({"i", "e", "d", "j", "H"})


def _word_label(exp: MathNode) -> bool:
    """An exponent that names rather than raises: an upright letter or word, or words in ``\text``."""
    if isinstance(exp, Text):
        return exp.text.strip().isalpha()
    return isinstance(exp, Sym) and exp.font == "rm" and not exp.accents and exp.name not in _UPRIGHT_VALUES


def _bigop(kind: str, limits: _Limits, body: MathNode, span: Span) -> MathNode:
    r"""Build a :class:`BigOp`; ``\max(a, b)`` without limits is a :class:`Call`."""
    lower = limits.lower
    if lower is None and limits.upper is None and kind in ("max", "min"):
        return Call(kind, body.items if isinstance(body, SetLit) else _items(body), span=span)  # \max\{a, b\}
    if kind in _INTEGRALS:
        return _integral(kind, limits, body, span)
    var, lo, hi, domain = lower, None, limits.upper, None
    if isinstance(lower, Rel) and len(lower.rest) == 1 and lower.rest[0][0] == "=":
        var, lo = lower.first, lower.rest[0][1]
    elif (
        isinstance(lower, Rel)
        and len(lower.rest) == 2
        and {op for op, _ in lower.rest} <= {"<=", "<"}
        and hi is None
        and isinstance(lower.rest[0][1], Sym)
    ):
        # \sum_{1 \le i \le n}; \min_{i \le k < j}: k from i to j - 1
        (first, var), (second, last) = lower.rest
        one = Num("1", span=span)
        lo = lower.first if first == "<=" else BinOp("+", lower.first, one, span=lower.first.span)
        hi = last if second == "<=" else BinOp("-", last, one, span=last.span)
    elif isinstance(lower, In):
        var, domain = lower.element, lower.set
    return BigOp(kind, var, lo, hi, body, domain, span=span)


def _integral(kind: str, limits: _Limits, body: MathNode, span: Span) -> MathNode:
    r"""``\int_a^b f(x) \,dx``: the limits are bounds, the trailing ``dx`` names the variable."""
    var = None
    factors = _juxt_factors(body)
    if len(factors) >= 2 and _is_d(factors[-2]):
        var = factors[-1]
        body = _rejoin(factors[:-2]) if len(factors) > 2 else Num("1", span=factors[-2].span)
    elif len(factors) >= 3 and _is_d(factors[0]):  # \int dx \, f(x)
        var, body = factors[1], _rejoin(factors[2:])
    if limits.upper is None:
        return BigOp(kind, var, None, None, body, limits.lower, span=span)
    return BigOp(kind, var, limits.lower, limits.upper, body, span=span)


def _environment(kind: str, rows: tuple[tuple[Any, ...], ...], span: Span) -> MathNode:
    """Build a :class:`Cases` or a :class:`Matrix` from an environment's rows of cells."""
    joined = [_join_row(row, span) for row in rows]
    while len(joined) > 1 and all(c is None for c in joined[-1]):
        joined.pop()  # a trailing \\ leaves an empty last row
    if kind.rstrip("*") in ("cases", "dcases", "rcases", "numcases"):
        return _cases(tuple(joined), span)
    if kind.rstrip("*") in _ALIGNED:
        joined = _continue_chains(joined)
    cells = tuple(tuple(Text("", span=span) if c is None else c for c in row) for row in joined)
    return Matrix(kind, cells, span=span)


_ALIGNED = frozenset(("aligned", "align", "alignat", "split", "gathered", "gather", "eqnarray", "flalign", "multline"))


def _continue_chains(rows: list[tuple[MathNode | None, ...]]) -> list[tuple[MathNode | None, ...]]:
    r"""``a &= b \\ &= c``: a row that starts with its relation continues the chain above it."""
    out: list[tuple[MathNode | None, ...]] = []
    for row in rows:
        head = row[0] if len(row) == 1 else None
        prev = out[-1][-1] if out and out[-1] else None
        if isinstance(head, Fragment) and head.left is None and head.right is not None and head.op != "gets" and prev:
            first, rest = (prev.first, prev.rest) if isinstance(prev, Rel) else (prev, ())
            chain = Rel(first, rest + ((head.op, head.right),), span=Span(prev.span.start, head.span.end))
            out[-1] = out[-1][:-1] + (chain,)
        else:
            out.append(row)
    return out


def _join_row(row: tuple[Any, ...], span: Span) -> tuple[MathNode | None, ...]:
    r"""``x &= 1`` → one relation; a relation cell with nothing before it is a :class:`Fragment`."""
    out: list[MathNode | None] = []
    for cell in row:
        if not isinstance(cell, _RelCell):
            out.append(cell)
            continue
        prev = out[-1] if out else None
        if prev is None:
            frag = Fragment(cell.op, None, cell.value, span=cell.span)
            if out:
                out[-1] = frag
            else:
                out.append(frag)
            continue
        if cell.op in ("gets", ":="):  # x &\gets y
            out[-1] = Assign(prev, cell.value, span=Span(prev.span.start, cell.span.end))
            continue
        rest = (prev.rest if isinstance(prev, Rel) else ()) + ((cell.op, cell.value),)
        first = prev.first if isinstance(prev, Rel) else prev
        out[-1] = Rel(first, rest, span=Span(prev.span.start, cell.span.end))
    return tuple(out)


def _cases(rows: tuple[tuple[Any, ...], ...], span: Span) -> MathNode:
    r"""``value & condition`` rows → :class:`Cases`; ``\text{otherwise}`` is no condition."""
    branches = []
    for row in rows:
        value = row[0] if row and row[0] is not None else Text("", span=span)
        cond = row[1] if len(row) > 1 else None
        branches.append((value, _condition(cond)))
    return Cases(tuple(branches), span=span)


def _prose_word(node: MathNode) -> str | None:
    r"""The word of ``\text{if}``, or ``\mathrm{if}`` and ``\mathrm{otherwise}`` (latexify's ``a if c else b``)."""
    if isinstance(node, Text):
        return node.text.strip(" ,.").lower()
    if isinstance(node, Sym) and node.name in ("if", "otherwise") and not node.accents:
        return node.name
    return None


def _condition(cond: MathNode | None) -> MathNode | None:
    r"""Drop the prose around a case's condition: ``\text{if } x > 0`` → ``x > 0``; ``\text{otherwise}`` → ``None``."""
    if cond is None or _prose_word(cond) in ("otherwise", "else", ""):
        return None
    return _drop_lead(cond)


def _drop_lead(cond: MathNode) -> MathNode:
    r"""``cond`` without the ``if`` its leftmost operand starts with (``\mathrm{if} \ a > 0 \land b``)."""
    if isinstance(cond, Rel):
        first = _drop_lead(cond.first)
        return cond if first is cond.first else Rel(first, cond.rest, span=Span(first.span.start, cond.span.end))
    if isinstance(cond, In):
        element = _drop_lead(cond.element)
        return cond if element is cond.element else In(element, cond.set, span=Span(element.span.start, cond.span.end))
    if isinstance(cond, Logic) and cond.op in ("and", "or") and cond.args:
        first = _drop_lead(cond.args[0])
        span = Span(first.span.start, cond.span.end)
        return cond if first is cond.args[0] else Logic(cond.op, (first, *cond.args[1:]), span=span)
    if isinstance(cond, Juxt):
        factors = _juxt_factors(cond)
        if _prose_word(factors[0]) in ("if", "when", "for", "where"):
            return _rejoin(factors[1:])
    return cond
