r"""The lark transformer from a math parse tree to the AST: one method per rule of ``grammars/math.lark``.

:func:`_make_builder` creates the transformer class (lark is imported only when math is first
parsed), with the helpers that put scripts in order, read derivatives and big operators, lift
lists and quantifiers, and join the rows of environments. :func:`algoverify.math.mathexpr.parse_math`
runs it over the parser's tree.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from ..findings import LocatedError, MathSyntax
from ..records import frozen
from ..source import Span
from .mathenv import RelCell, cases, environment, juxt_factors, rejoin
from .mathlists import lift_list, quantified_over
from .mathscripts import Post, decorate, power, scripted
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
    Ceil,
    Colon,
    Const,
    Deriv,
    Dots,
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
    Tuple,
)

# --- building the AST ---------------------------------------------------------------------------


@frozen
class _Limits:
    lower: MathNode | None
    upper: MathNode | None


@frozen
class _FHead:
    r"""A function name with its scripts, before its argument is known: ``\log_2``, ``\sin^2``."""

    func: str
    sub: MathNode | None
    sup: MathNode | None
    span: Span


_INTEGRALS = frozenset(("int", "iint", "iiint", "oint"))
_ARC = {"sin": "arcsin", "cos": "arccos", "tan": "arctan"}


def _attribute_of(node: MathNode) -> MathNode | None:
    """The parenthesised group of ``(x, y).theta`` (or ``(x, y).theta_1``), ``None`` for anything else."""
    while isinstance(node, Idx):
        node = node.base
    return node.obj if isinstance(node, Attr) and not _is_name(node.obj) else None


def _with_call(node: MathNode, call: MathNode, start: int) -> MathNode:
    """``node`` (see :func:`_attribute_of`) with its group replaced by ``call``, its spans from ``start``."""
    if isinstance(node, Idx):
        return Idx(_with_call(node.base, call, start), node.indices, span=Span(start, node.span.end))
    assert isinstance(node, Attr)
    return Attr(call, node.name, span=Span(start, node.span.end))


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


def _is_d(node: MathNode) -> bool:
    r"""``d`` or ``\mathrm{d}``: the d of a differential."""
    return isinstance(node, Sym) and node.name == "d" and not node.accents and node.font in ("", "rm")


def _differentials(node: MathNode) -> tuple[MathNode, ...] | None:
    r"""``\partial x``, ``d x``, ``\partial x \partial y``, ``\partial \theta^2`` → the variables, else ``None``."""
    factors = juxt_factors(node)
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
    factors = juxt_factors(num)
    head = factors[0]
    if isinstance(head, Pow) and (isinstance(head.base, Partial) or _is_d(head.base)):
        head = head.base  # \partial^2 L: the order is in the denominator
    partial = isinstance(head, Partial)
    if not (partial or _is_d(head)) or (not partial and not _is_d(juxt_factors(den)[0])):
        return None
    f = rejoin(factors[1:]) if len(factors) > 1 else None
    return Deriv(f, wrt, partial, span=span)


def _binders(node: MathNode | None) -> tuple[MathNode, ...] | None:
    """``j \\in T`` (or several) read as a quantifier's body before its colon: more names it binds, else ``None``."""
    items = node.items if isinstance(node, Tuple) else (node,)
    if items and all(isinstance(i, In) and isinstance(i.element, Sym) for i in items):
        return items
    return None


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
            more = _binders(left.body) if isinstance(left, Quant) else None
            if more:  # \forall i \in S, j \in T : P(i, j): both are bound, each over its own set
                return Quant(left.kind, Tuple((left.var, *more), span=left.span), right, span=span)
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

        def relation_to_negation(self, meta, first, op, not_tok, operand):
            negated = Logic("not", (operand,), span=Span(self._tok(not_tok).start, operand.span.end))
            return Rel(first, ((op.value, negated),), span=self._sp(meta))

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
            group = _attribute_of(right)
            if group is not None and _is_name(left) and id(group) not in self.__dict__.get("_parened", ()):
                # IK(x, y).theta_1: an output of the call, never the group's attribute times IK
                call = Apply(left, _items(group), span=Span(left.span.start, group.span.end))
                return _with_call(right, call, left.span.start)
            return Juxt(left, right, span=span)

        def apply(self, meta, fn, group):
            if id(fn) in self.__dict__.get("_parened", ()):  # (B u)(v^T B): two groups, a product
                return Juxt(fn, group, span=self._sp(meta))
            return _apply(fn, group, self._sp(meta))

        def index(self, meta, base, group):
            if self._sized(group):  # \alpha \left[ R + \gamma V \right]: a sized bracket groups, it never indexes
                return Juxt(base, group, span=self._sp(meta))
            return _index(base, group, self._sp(meta))

        def _sized(self, group: MathNode) -> bool:
            """Whether ``group``'s bracket is written ``\\left[`` (or ``\\bigl[`` …): a grouping, as papers write it."""
            before = self._text[: max(group.span.start - self._base, 0)].rstrip()
            return re.search(r"\\(?:left|bigl|Bigl|biggl|Biggl|big|Big|bigg|Bigg)\s*\[?\s*$", before) is not None

        def index_scripted(self, meta, base, group, *posts):
            # the scripts are the last factor's: the entry's (c x[n]^{2} is c times x[n]^2), or a group's
            # when the bracket groups ((2n + 1) [(2n)!]^{2}, \alpha \left[ R \right]^{2})
            before = Span(base.span.start, posts[0].span.start)
            entry = Juxt(base, group, span=before) if self._sized(group) else _index(base, group, before)
            return _scripted_last(entry, posts, self._sp(meta))

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
            return scripted(node, posts, self._sp(meta)) if posts else node

        def call_empty(self, meta, head, *posts):
            head = self._head(head)
            node = _call(head, (), Span(head.span.start, self._sp(meta).end))
            return scripted(node, posts, self._sp(meta)) if posts else node

        def call_brace(self, meta, head, args, *posts):
            r"""``\log{x}^2`` squares x; ``\log{(x)}^2`` (as sympy prints) squares the log."""
            head = self._head(head)
            if posts and not self._parenthesised(meta, args, head.span.end - self._base):
                args = scripted(args, posts, Span(args.span.start, self._sp(meta).end))
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
            grouped = id(base) in self.__dict__.get("_parened", ()) or id(base) in self.__dict__.get("_bracketed", ())
            sign = posts[0].value.text if posts[0].kind == "sub" and isinstance(posts[0].value, Text) else None
            if grouped and sign in ("+", "-"):
                # (|z| - \gamma)_+, [1 - y w^T x]_+: the positive part max(·, 0); (x)_- the negative part max(-x, 0)
                span = Span(base.span.start, posts[0].span.end)
                inner = base if sign == "+" else Neg(base, span=base.span)
                part = Call("max", (inner, Num("0", span=posts[0].span)), span=span)
                return scripted(part, posts[1:], self._sp(meta)) if posts[1:] else part
            return scripted(base, posts, self._sp(meta))

        def sub(self, meta, value):
            # \bar{x}_{(i)}: a parenthesised subscript names a family of its own (see _subscript)
            paren = self._parenthesised(meta, value, meta.start_pos + 1)
            return Post("sub", value, self._sp(meta), text="paren" if paren else "")

        def sup(self, meta, value):
            # y^{(0)}, and CLRS's y^{[0]} (the even-indexed half): a label, never a power
            label = self._parenthesised(meta, value, meta.start_pos + 1, ("()", "[]"))
            return Post("label" if label else "sup", value, self._sp(meta))

        def sup_top(self, meta, _tok):
            return Post("top", None, self._sp(meta))

        def sup_star(self, meta, tok):
            return Post("star", None, self._sp(meta), text=tok.value if tok.value != "*" else "star")

        def sup_star_label(self, meta, _tok, value):
            # Efron and Tibshirani's x^{*b}: the b-th starred member, x^{*}_{b}, never x^{*} times b
            return Post("starlabel", value, self._sp(meta))

        def sup_prime(self, meta, *primes):
            return Post("prime", None, self._sp(meta), count=len(primes))

        def prime(self, meta, _tok):
            return Post("prime", None, self._sp(meta))

        def factorial(self, meta, _tok):
            return Post("fact", None, self._sp(meta))

        def attr(self, meta, tok):
            return Post("attr", None, self._sp(meta), text=tok.value)

        def sign(self, meta, tok):
            return Text(tok.value, span=self._tok(tok))

        def rel_script(self, meta, op, value):
            return Fragment(op.value, None, value, span=self._sp(meta))  # x_{\leq n}

        def _parenthesised(self, meta, value, start: int, pairs: tuple[str, ...] = ("()",)) -> bool:
            r"""Tell whether ``value`` is written as ``{(…)}`` from offset ``start`` on (``^{(T)}``).

            Parentheses leave no node, so the source text between the braces and the value
            is the only witness. ``\left(``/``\right)`` count as parentheses; ``pairs`` may name
            other brackets (``"[]"``).
            """
            squeeze = lambda s: re.sub(r"\s+|\\left|\\right|\\[,;!: ]", "", s)  # noqa: E731
            before = squeeze(self._text[start : value.span.start - self._base])
            after = squeeze(self._text[value.span.end - self._base : meta.end_pos])
            return any(before == "{" + a and after.startswith(b + "}") for a, b in pairs)

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
            self.__dict__.setdefault("_bracketed", set()).add(id(inner))  # [1 - y w^T x]_+ is a positive part
            self.__dict__.setdefault("_held", []).append(inner)
            return inner

        def empty_bracket(self, meta, *_):
            return ListLit((), span=self._sp(meta))  # [\,], and CLRS's empty sequence \langle\, \rangle

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
            # \textsc{white}: a word in small capitals, CLRS's way of setting a constant (its colours, NIL)
            capitals = len(tok.value) > 1 and written.startswith("\\textsc{")
            return Sym(tok.value, font="rm" if upright else "sc" if capitals else "", span=self._tok(tok))

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
            return decorate(arg, tok.value, self._sp(meta))

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
            # \{1 \le j \le n : …\}: j runs over 1, …, n, as a quantifier's binder reads (quantified_over)
            if isinstance(inner, Given):
                return SetBuilder(quantified_over(inner.event), inner.condition, span=span)
            if isinstance(inner, Colon):
                return SetBuilder(quantified_over(inner.left), inner.right, span=span)
            if close.value == "." and isinstance(inner, Matrix) and all(len(r) == 2 for r in inner.rows):
                return cases(inner.rows, span)  # \left\{ \begin{array}{ll} … \end{array} \right.
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
            return environment(begin.value, rows, self._sp(meta))

        def rows(self, meta, *rows):
            return nodes(rows)

        def row(self, meta, *cells):
            return tuple(c for c in cells if not (isinstance(c, Token) and c.type == "AMP"))

        def cell(self, meta, *items):
            return items[0] if items else None

        def rel_cell(self, meta, op, value):
            return RelCell(op.value, value, self._sp(meta))

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
    return node if sup is None else power(node, Post("sup", sup, span), span)


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


def _scripted_last(node: MathNode, posts: Any, span: Span) -> MathNode:
    """``node`` with ``posts`` on its last factor (the one written right before them)."""
    if isinstance(node, Juxt):
        return Juxt(node.left, _scripted_last(node.right, posts, Span(node.right.span.start, span.end)), span=span)
    return scripted(node, posts, span)


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


def _bigop(kind: str, limits: _Limits, body: MathNode, span: Span) -> MathNode:
    r"""Build a :class:`BigOp`; ``\max(a, b)`` without limits is a :class:`Call`."""
    lower = limits.lower
    if lower is None and limits.upper is None and kind in ("max", "min"):
        factors = juxt_factors(body)
        if len(factors) > 1 and isinstance(factors[0], (SetLit, Tuple)) and len(factors[0].items) > 1:
            # \min\{1, c\} w: the smaller of 1 and c, times w (the braces end the minimum's arguments)
            head = Call(kind, factors[0].items, span=Span(span.start, factors[0].span.end))
            return rejoin([head, *factors[1:]])
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
    if var is not None and kind in _GROUPED_BY_BRACES and isinstance(body, SetLit) and len(body.items) == 1:
        # \max_{k'} \{a(i, k') + s(i, k')\} (Frey and Dueck): the braces group the term; the maximum of
        # a set of one value per k is what no reader means (it was the set itself, and argmax always 1)
        body = body.items[0]
    return BigOp(kind, var, lo, hi, body, domain, span=span)


#: the big operators over numbers, whose braces around the term only group it (not \bigcup_{v} \{v\})
_GROUPED_BY_BRACES = frozenset({"sum", "prod", "max", "min", "argmax", "argmin"})


def _integral(kind: str, limits: _Limits, body: MathNode, span: Span) -> MathNode:
    r"""``\int_a^b f(x) \,dx``: the limits are bounds, the trailing ``dx`` names the variable."""
    var = None
    factors = juxt_factors(body)
    if len(factors) >= 2 and _is_d(factors[-2]):
        var = factors[-1]
        body = rejoin(factors[:-2]) if len(factors) > 2 else Num("1", span=factors[-2].span)
    elif len(factors) >= 3 and _is_d(factors[0]):  # \int dx \, f(x)
        var, body = factors[1], rejoin(factors[2:])
    if limits.upper is None:
        return BigOp(kind, var, None, None, body, limits.lower, span=span)
    return BigOp(kind, var, limits.lower, limits.upper, body, span=span)
