"""Printing a math AST as an s-expression: :func:`dump`, one entry per node type in ``_DUMP``.

The tests' and the debug output's view of a tree (``(assign mu (frac 1 d))``); what a reader
sees is :mod:`algoverify.math.latex`, not this.
"""

from __future__ import annotations

from typing import Any, Callable

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
    Range,
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


def _dump_sym(node: Sym) -> str:
    text = node.name
    if node.font:
        text = f"{node.font}{{{text}}}"
    for accent in node.accents:
        text = text + "'" if accent == "prime" else f"{accent}{{{text}}}"
    return text


def _opt(node: MathNode | None) -> str:
    return "_" if node is None else dump(node)


def _all(nodes: tuple[MathNode, ...]) -> str:
    return "".join(" " + dump(n) for n in nodes)


_INTERVAL = {(True, True): "Icc", (True, False): "Ico", (False, True): "Ioc", (False, False): "Ioo"}

_DUMP: dict[type, Callable[[Any], str]] = {
    Num: lambda n: n.text,
    Sym: _dump_sym,
    Idx: lambda n: f"(idx {dump(n.base)} {' '.join(map(dump, n.indices))})",
    Label: lambda n: f"(label {dump(n.base)} {dump(n.label)})",
    Juxt: lambda n: f"(juxt {dump(n.left)} {dump(n.right)})",
    Apply: lambda n: f"(apply {dump(n.fn)}{_all(n.args)})",
    BinOp: lambda n: f"({n.op} {dump(n.left)} {dump(n.right)})",
    Hadamard: lambda n: f"(odot {dump(n.left)} {dump(n.right)})",
    Neg: lambda n: f"(neg {dump(n.operand)})",
    BitNot: lambda n: f"(bitnot {dump(n.operand)})",
    Frac: lambda n: f"(frac {dump(n.num)} {dump(n.den)})",
    Sqrt: lambda n: f"(sqrt {dump(n.radicand)})" if n.index is None else f"(root {dump(n.index)} {dump(n.radicand)})",
    Pow: lambda n: f"(pow {dump(n.base)} {dump(n.exp)})",
    Transpose: lambda n: f"(T {dump(n.operand)})",
    Inverse: lambda n: f"(inv {dump(n.operand)})",
    Norm: lambda n: f"(norm {dump(n.operand)}" + ("" if n.ord is None else f" :ord {dump(n.ord)}") + ")",
    Abs: lambda n: f"(abs {dump(n.operand)})",
    Inner: lambda n: f"(inner {dump(n.left)} {dump(n.right)})",
    BigOp: lambda n: (
        f"({n.kind} {_opt(n.var)} {_opt(n.lo)} {_opt(n.hi)} {dump(n.body)}"
        + ("" if n.domain is None else f" :in {dump(n.domain)}")
        + ")"
    ),
    Call: lambda n: f"(call {n.func}{_all(n.args)})",
    SubCall: lambda n: f"(call {n.func} :sub {dump(n.sub)}{_all(n.args)})",
    Grad: lambda n: f"(grad {_opt(n.wrt)} {dump(n.f)})",
    Deriv: lambda n: f"({'partial' if n.partial else 'd'} {_opt(n.f)}{_all(n.wrt)})",
    Partial: lambda n: "partial",
    Rel: lambda n: "(rel " + dump(n.first) + "".join(f" {op} {dump(e)}" for op, e in n.rest) + ")",
    In: lambda n: f"(in {dump(n.element)} {dump(n.set)})",
    Assign: lambda n: f"(assign {dump(n.target)} {dump(n.value)})",
    Tuple: lambda n: f"(tuple{_all(n.items)})",
    Range: lambda n: f"(range {dump(n.lo)} {dump(n.hi)})",
    Dots: lambda n: "...",
    Logic: lambda n: f"({n.op}{_all(n.args)})",
    Quant: lambda n: f"({n.kind} {dump(n.var)} {_opt(n.body)})",
    Text: lambda n: f"(text {n.text!r})",
    String: lambda n: f"(str {n.value!r})",
    Infinity: lambda n: "inf",
    Const: lambda n: f"(const {n.name})",
    Placeholder: lambda n: f"(slot {n.symbol})",
    Macro: lambda n: f"(macro {n.name}{_all(n.args)})",
    Styled: lambda n: f"({n.style} {dump(n.operand)})",
    Attr: lambda n: f"(attr {dump(n.obj)} {n.name})",
    Index: lambda n: f"(index {dump(n.base)}{_all(n.args)})",
    Given: lambda n: f"(given {dump(n.event)} {dump(n.condition)})",
    Colon: lambda n: f"(colon {dump(n.left)} {dump(n.right)})",
    SetLit: lambda n: f"(set{_all(n.items)})",
    SetBuilder: lambda n: f"(setof {dump(n.element)} {dump(n.condition)})",
    Interval: lambda n: f"({_INTERVAL[n.closed_lo, n.closed_hi]} {dump(n.lo)} {dump(n.hi)})",
    ListLit: lambda n: f"(list{_all(n.items)})",
    Floor: lambda n: f"(floor{' :call' if n.call else ''} {dump(n.operand)})",
    Ceil: lambda n: f"(ceil{' :call' if n.call else ''} {dump(n.operand)})",
    Factorial: lambda n: f"(fact {dump(n.operand)})",
    Binom: lambda n: f"(binom {dump(n.n)} {dump(n.k)})",
    Modulo: lambda n: f"(pmod {dump(n.expr)} {dump(n.modulus)})",
    Matrix: lambda n: f"({n.kind}" + "".join(f" ({' '.join(map(dump, row))})" for row in n.rows) + ")",
    Cases: lambda n: "(cases" + "".join(f" ({dump(v)} {_opt(c)})" for v, c in n.branches) + ")",
    Fragment: lambda n: f"(fragment {n.op} {_opt(n.left)} {_opt(n.right)})",
    Seq: lambda n: f"(seq{_all(n.statements)})",
}


def dump(node: MathNode, *, spans: bool = False) -> str:
    """Return ``node`` as a readable s-expression (``(juxt eta g)``), spans appended if asked."""
    text = _DUMP[type(node)](node)
    return f"{text}@{node.span.start}:{node.span.end}" if spans else text
