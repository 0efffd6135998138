r"""LaTeX math text → a small typed AST of our own, every node with its absolute span.

Consumes the text inside ``\( \)`` (or any math segment) and produces :class:`MathNode`
trees through ``grammars/math.lark`` (LALR, basic lexer, :class:`RetypePostLex`) and a lark
transformer with one method per rule. Nothing here imports sympy or numpy: the lint path
parses math without them; :mod:`algoverify.math.symbolic` lowers the AST to sympy on demand.

Entry points: :func:`parse_math`, :func:`dump`, :func:`walk`, :func:`unknown_macros`.

Ambiguity is kept, not guessed: ``f(x)`` and ``x(y+z)`` parse to :class:`Apply` ("a call or a
product, undecided") and :func:`algoverify.math.names.resolve_applications` decides with the
symbol table. Valid LaTeX never fails to parse for an unknown macro: ``\foo{a}`` is a
:class:`Macro` node, and :func:`unknown_macros` lists them for the linter.
Equality of nodes is structural: spans are metadata and do not take part in ``==``.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from ..findings import LocatedError, MathSyntax, UnbalancedDelimiter
from ..source import Span

__all__ = [
    "MathNode",
    "Num",
    "Sym",
    "Idx",
    "Label",
    "Juxt",
    "Apply",
    "BinOp",
    "Hadamard",
    "Neg",
    "BitNot",
    "Frac",
    "Sqrt",
    "Pow",
    "Transpose",
    "Inverse",
    "Norm",
    "Abs",
    "Inner",
    "BigOp",
    "Call",
    "SubCall",
    "Grad",
    "Deriv",
    "Partial",
    "Rel",
    "In",
    "Assign",
    "Tuple",
    "Range",
    "Dots",
    "Logic",
    "Quant",
    "Text",
    "String",
    "Infinity",
    "Const",
    "Placeholder",
    "Macro",
    "Styled",
    "Attr",
    "Index",
    "Given",
    "Colon",
    "SetLit",
    "SetBuilder",
    "Interval",
    "ListLit",
    "Floor",
    "Ceil",
    "Factorial",
    "Binom",
    "Modulo",
    "Matrix",
    "Cases",
    "Fragment",
    "Seq",
    "COMMANDS",
    "parse_math",
    "dump",
    "walk",
    "iter_children",
    "unknown_macros",
    "conjuncts",
    "bold_digit",
    "zero_literal",
    "transform",
]

# --- the AST ------------------------------------------------------------------------------


@dataclass(frozen=True)
class MathNode:
    """Base of every math node: each knows its absolute span in the note."""

    span: Span = field(kw_only=True, compare=False, repr=False)


@dataclass(frozen=True)
class Num(MathNode):
    """A number literal, kept as written (``3``, ``0.5``, ``1e-9``)."""

    text: str

    @property
    def value(self) -> int | float:
        """The literal's value: an ``int`` for digits only, else a ``float``."""
        return digits_to_int(self.text) if self.text.isdigit() else float(self.text)


def digits_to_int(text: str) -> int:
    """``int(text)`` past Python's 4,300-digit guard on conversions (a listing's budget is larger)."""
    if len(text) <= 4000:
        return int(text)
    value = 0
    for i in range(0, len(text), 4000):
        chunk = text[i : i + 4000]
        value = value * 10 ** len(chunk) + int(chunk)
    return value


@dataclass(frozen=True)
class Sym(MathNode):
    r"""A name: a letter, a Greek letter (``theta``) or a word (``\mathrm{lr}``), possibly decorated.

    ``font`` is ``bf``, ``bb``, ``cal``, ``frak`` or ``scr`` (``""`` for none); ``accents`` lists
    ``hat``, ``bar``, ``tilde``, ``vec``, ``dot``, ``ddot``, ``check``, ``prime``, ``star``,
    ``plus``, ``minus`` (``\delta^{+}``), innermost first.
    """

    name: str
    font: str = ""
    accents: tuple[str, ...] = ()


@dataclass(frozen=True)
class Idx(MathNode):
    """A subscript: ``x_i``, ``G_{ij}`` (two indices), ``B_1``; index or name, decided later."""

    base: MathNode
    indices: tuple[MathNode, ...]


@dataclass(frozen=True)
class Label(MathNode):
    """A parenthesised superscript that labels rather than raises: ``p^{(T)}``, ``x^{(k)}``."""

    base: MathNode
    label: MathNode


@dataclass(frozen=True)
class Juxt(MathNode):
    """Two factors written side by side: scalar or matrix product, decided by shapes later."""

    left: MathNode
    right: MathNode


@dataclass(frozen=True)
class Apply(MathNode):
    """A name followed by a parenthesised group (``f(x)``, ``x(y+z)``): a call or a product, undecided."""

    fn: MathNode
    args: tuple[MathNode, ...]


@dataclass(frozen=True)
class BinOp(MathNode):
    r"""An explicit binary operator.

    ``op`` is ``+ - * /``, ``cdot``, ``times``, ``mod`` (``\bmod``, ``\mod``, ``\mathbin{\%}``),
    the set operators ``cup``, ``cap``, ``setminus``, or ``pm``, ``oplus``, ``otimes``, ``circ``,
    ``star``, ``concat`` (``\|`` between two operands).
    """

    op: str
    left: MathNode
    right: MathNode


@dataclass(frozen=True)
class Hadamard(MathNode):
    r"""``a \odot b``: the elementwise product."""

    left: MathNode
    right: MathNode


@dataclass(frozen=True)
class Neg(MathNode):
    r"""Unary minus; it binds looser than juxtaposition (``-\eta g`` is ``-(\eta g)``)."""

    operand: MathNode


@dataclass(frozen=True)
class BitNot(MathNode):
    r"""``\mathord{\sim} x``: Python's ``~x`` as latexify prints it (the bits of an int inverted)."""

    operand: MathNode


@dataclass(frozen=True)
class Frac(MathNode):
    r"""``\frac{num}{den}``."""

    num: MathNode
    den: MathNode


@dataclass(frozen=True)
class Sqrt(MathNode):
    r"""``\sqrt{x}`` or ``\sqrt[n]{x}`` (``index`` is ``None`` for the square root)."""

    radicand: MathNode
    index: MathNode | None = None


@dataclass(frozen=True)
class Pow(MathNode):
    r"""``base^{exp}``; ``\sigma^{2}`` may still denote a name (see :func:`algoverify.math.names.name_key`).

    A number set (``bb{R}``, ``bb{N}``, ``bb{Z}``, ``bb{Q}``, ``bb{C}``: :class:`Sym` in the ``bb``
    font) raised to a power is the set of vectors or matrices over it: ``\mathbb{R}^{n}``,
    ``\mathbb{R}^{m \times n}`` (the exponent a ``times`` product), as ``running/inputs`` reads it.
    """

    base: MathNode
    exp: MathNode


@dataclass(frozen=True)
class Transpose(MathNode):
    r"""``x^{\top}``, ``x^T``, ``x^{\mathrm{T}}``, ``x^{\mathsf{T}}``.

    ``letter``: written with the letter ``T``, which a listing may also use as a name (``\beta^{T}``
    with ``T`` steps is a power).
    """

    operand: MathNode
    letter: bool = field(default=False, compare=False)


@dataclass(frozen=True)
class Inverse(MathNode):
    """``A^{-1}``."""

    operand: MathNode


@dataclass(frozen=True)
class Norm(MathNode):
    r"""``\lVert x \rVert`` or ``\|x\|``; ``ord`` is the subscript (``_2``, ``_F``) or ``None``."""

    operand: MathNode
    ord: MathNode | None = None


@dataclass(frozen=True)
class Abs(MathNode):
    r"""``\lvert x \rvert`` or ``|x|``: absolute value, or the cardinality of a set (the executor decides)."""

    operand: MathNode


@dataclass(frozen=True)
class Inner(MathNode):
    r"""``\langle a, b \rangle``."""

    left: MathNode
    right: MathNode


@dataclass(frozen=True)
class BigOp(MathNode):
    r"""``\sum``, ``\prod``, ``\max``, ``\min``, ``\arg\max``, ``\bigcup``, ``\int`` … with their limits.

    ``\sum_{i=1}^{d} b`` has ``var=i, lo=1, hi=d``; ``\max_v b`` has ``var=v``;
    ``\max_{x \in S} b`` has ``var=x, domain=S``; ``\sum_{1 \le i \le n}`` has ``var=i, lo=1,
    hi=n``. An integral (``kind`` ``int``, ``iint``, ``oint``) takes ``lo``/``hi`` from its
    limits (a lone lower limit is its ``domain``) and ``var`` from the differential ending its
    body (``\int_0^1 f(x) \,dx``). Missing parts are ``None``.
    """

    kind: str
    var: MathNode | None
    lo: MathNode | None
    hi: MathNode | None
    body: MathNode
    domain: MathNode | None = None


@dataclass(frozen=True)
class Call(MathNode):
    r"""A function known to be one: ``\exp(x)``, ``\log x``, ``\operatorname{softmax}(z)``, ``\textsc{Name}(x)``."""

    func: str
    args: tuple[MathNode, ...]


@dataclass(frozen=True)
class SubCall(MathNode):
    r"""A function with a subscript: ``\log_2 n`` (``func=log, sub=2``), ``\operatorname{ELBO}_{\theta}(x)``."""

    func: str
    sub: MathNode
    args: tuple[MathNode, ...]


@dataclass(frozen=True)
class Grad(MathNode):
    r"""``\nabla_{wrt} f``; ``wrt`` is ``None`` for a bare ``\nabla f``."""

    f: MathNode
    wrt: MathNode | None = None


@dataclass(frozen=True)
class Deriv(MathNode):
    r"""``\frac{\partial L}{\partial \theta}``, ``\frac{d f}{d x}``, ``\partial_x f``.

    ``wrt`` lists the variables in order (``\partial x \partial y`` and ``\partial x^2`` give two);
    ``f`` is ``None`` for the bare operator ``\frac{\partial}{\partial \theta}``.
    """

    f: MathNode | None
    wrt: tuple[MathNode, ...]
    partial: bool = True


@dataclass(frozen=True)
class Partial(MathNode):
    r"""A ``\partial`` not part of a recognised derivative (``\partial L`` on its own)."""


@dataclass(frozen=True)
class Rel(MathNode):
    r"""A relation chain ``first op1 e1 op2 e2 …`` (``a = b \geq 0``).

    Operators are ``= != < <= > >= approx succeq preceq succ prec sim simeq equiv propto cong
    subset subseteq supset supseteq notin ni ll gg to mapsto divides perp parallel`` and the
    negations ``not…`` (``\not\equiv``), and ``implies`` / ``iff`` between two statements.
    """

    first: MathNode
    rest: tuple[tuple[str, MathNode], ...]


@dataclass(frozen=True)
class In(MathNode):
    r"""``x \in S`` (``x`` may be a :class:`Tuple` or :class:`Range`: ``x_1, \dots, x_n \in S``)."""

    element: MathNode
    set: MathNode


@dataclass(frozen=True)
class Assign(MathNode):
    r"""``target \gets value`` (also ``\leftarrow``, ``\Leftarrow``, ``:=``, ``\coloneqq``, ``\triangleq``)."""

    target: MathNode
    value: MathNode


@dataclass(frozen=True)
class Tuple(MathNode):
    r"""A comma (or semicolon) list: ``\lambda, v``; ``()`` is the empty tuple."""

    items: tuple[MathNode, ...]


@dataclass(frozen=True)
class Range(MathNode):
    r"""``lo, \dots, hi``: an inclusive range (``1, \dots, k``) or a family (``B_1, \dots, B_k``)."""

    lo: MathNode
    hi: MathNode


@dataclass(frozen=True)
class Dots(MathNode):
    r"""An ellipsis that is not part of a two-ended range (``x_1 + \dots + x_n``)."""


@dataclass(frozen=True)
class Logic(MathNode):
    """``and`` / ``or`` over ``args``, or ``not`` of one argument."""

    op: str
    args: tuple[MathNode, ...]


@dataclass(frozen=True)
class Quant(MathNode):
    r"""``\forall x \in S, P``, ``\exists i: P``, ``P \quad \forall i``, ``P, \forall i``.

    ``kind`` is ``forall``, ``exists`` or ``nexists``; ``var`` is what follows the quantifier (a
    name, a :class:`Tuple`, an :class:`In`); ``body`` is the statement, ``None`` when none is
    written (``\forall i`` on its own).
    """

    kind: str
    var: MathNode
    body: MathNode | None


@dataclass(frozen=True)
class Text(MathNode):
    r"""``\text{…}`` words inside math (prose: ``\text{if } x > 0``, ``\text{otherwise}``)."""

    text: str


@dataclass(frozen=True)
class String(MathNode):
    """A double-quoted string literal, as pseudocode writes it (``"oob"``)."""

    value: str


@dataclass(frozen=True)
class Infinity(MathNode):
    r"""``\infty``."""


@dataclass(frozen=True)
class Const(MathNode):
    r"""A named constant symbol: ``emptyset`` (``\emptyset``, ``\varnothing``), ``top``, ``bot``."""

    name: str


@dataclass(frozen=True)
class Placeholder(MathNode):
    r"""An argument slot: ``f(\cdot)``, ``p(\cdot \mid x)`` (``cdot``), ``(x = *)`` (``*``), ``A[:, j]`` (``:``)."""

    symbol: str


@dataclass(frozen=True)
class Macro(MathNode):
    r"""A control word algoverify does not know, with the brace groups right after it.

    ``\foo{a}{b}`` is ``Macro("\\foo", (a, b))``; an unknown Unicode symbol is a macro named by
    itself. It parses (a lint never blocks valid LaTeX); :func:`unknown_macros` finds them.
    """

    name: str
    args: tuple[MathNode, ...] = ()


@dataclass(frozen=True)
class Styled(MathNode):
    r"""An accent or font over something that is not a name: ``\widehat{a+b}``, ``\hat{\nabla}_\theta L``."""

    style: str
    operand: MathNode


@dataclass(frozen=True)
class Attr(MathNode):
    """Attribute access as pseudocode writes it: ``node.left``, ``gep.parent``."""

    obj: MathNode
    name: str


@dataclass(frozen=True)
class Index(MathNode):
    """Bracket indexing: ``A[i]``, ``last[v]``, ``QW[:, j]`` (``args`` in order)."""

    base: MathNode
    args: tuple[MathNode, ...]


@dataclass(frozen=True)
class Given(MathNode):
    r"""A conditional bar inside a group: ``\pi(a \mid s)`` and ``\pi(a|s)`` hold ``Given(a, s)``."""

    event: MathNode
    condition: MathNode


@dataclass(frozen=True)
class Colon(MathNode):
    r"""``left : right`` where it is not a set-builder or a quantifier: ``f : A \to B``, ``x_{1:T}``."""

    left: MathNode
    right: MathNode


@dataclass(frozen=True)
class SetLit(MathNode):
    r"""``\{1, 2, 3\}``, ``\left\{ a \right\}``; ``\{\}`` is empty."""

    items: tuple[MathNode, ...]


@dataclass(frozen=True)
class SetBuilder(MathNode):
    r"""``\{ x : P(x) \}``, ``\{ x \mid P(x) \}``, ``\{ x \in S : P \}`` (``element`` is ``x \in S``)."""

    element: MathNode
    condition: MathNode


@dataclass(frozen=True)
class Interval(MathNode):
    """``[0, 1)``, ``(0, 1]``, ``[a, b]`` (``(a, b)`` stays a :class:`Tuple`)."""

    lo: MathNode
    hi: MathNode
    closed_lo: bool
    closed_hi: bool


@dataclass(frozen=True)
class ListLit(MathNode):
    """A bracketed list that is not an interval: ``[]``, ``[1, 2, 3]``."""

    items: tuple[MathNode, ...]


@dataclass(frozen=True)
class Floor(MathNode):
    r"""``\lfloor x \rfloor``.

    ``call`` marks the brackets of a function call, ``\mathopen{}\left\lfloor x \mathclose{}\right\rfloor``,
    as latexify prints Python's ``math.floor(x)``: the floor of x's value (``math.floor(1 / 0.1)`` is
    10), where its ``\left\lfloor\frac{1}{0.1}\right\rfloor`` (``1 // 0.1``) is the floor of the exact quotient.
    """

    operand: MathNode
    call: bool = False


@dataclass(frozen=True)
class Ceil(MathNode):
    r"""``\lceil x \rceil``; ``call`` as for :class:`Floor` (Python's ``math.ceil(x)``)."""

    operand: MathNode
    call: bool = False


@dataclass(frozen=True)
class Factorial(MathNode):
    """``n!``."""

    operand: MathNode


@dataclass(frozen=True)
class Binom(MathNode):
    r"""``\binom{n}{k}``."""

    n: MathNode
    k: MathNode


@dataclass(frozen=True)
class Modulo(MathNode):
    r"""``a \equiv b \pmod{n}``: the statement and its modulus."""

    expr: MathNode
    modulus: MathNode


@dataclass(frozen=True)
class Matrix(MathNode):
    r"""``\begin{pmatrix} a & b \\ c & d \end{pmatrix}``; ``kind`` is the environment's name.

    An empty cell is ``Text("")``. In ``aligned``-like rows, ``x &= 1`` joins into one relation.
    """

    kind: str
    rows: tuple[tuple[MathNode, ...], ...]


@dataclass(frozen=True)
class Cases(MathNode):
    r"""``\begin{cases} v_1 & c_1 \\ v_2 & \text{otherwise} \end{cases}``: (value, condition) pairs.

    A condition of ``\text{otherwise}`` (or none) is ``None``; a leading ``\text{if}`` is dropped.
    """

    branches: tuple[tuple[MathNode, MathNode | None], ...]


@dataclass(frozen=True)
class Seq(MathNode):
    r"""Several statements in one segment: ``i \gets 0 \qquad S \gets \emptyset`` (also split by ``;`` or ``,``)."""

    statements: tuple[MathNode, ...]


@dataclass(frozen=True)
class Fragment(MathNode):
    r"""A statement split around text: ``x \gets`` (``op=gets, left=x``), ``\gets 0``, a lone ``=``."""

    op: str
    left: MathNode | None
    right: MathNode | None


# --- traversal and dumping -------------------------------------------------------------------


def iter_children(node: MathNode) -> Iterator[MathNode]:
    """Yield the direct children of ``node`` in field order (relation operands, matrix cells included)."""
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        if isinstance(value, MathNode):
            yield value
        elif isinstance(value, tuple):
            for item in value:
                if isinstance(item, MathNode):
                    yield item
                elif isinstance(item, tuple):  # Rel.rest pairs, Matrix rows, Cases branches
                    yield from (x for x in item if isinstance(x, MathNode))


def walk(node: MathNode) -> Iterator[MathNode]:
    """Yield ``node`` and all its descendants, parents first."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(list(iter_children(current))))


#: the older ``algorithmic`` package's constants (``\TRUE``, ``\FALSE``, ``\NIL``): control words with a value
MACRO_WORDS: dict[str, Any] = {
    "TRUE": True,
    "True": True,
    "FALSE": False,
    "False": False,
    "NULL": None,
    "Null": None,
    "NIL": None,
    "Nil": None,
}


def transform(node: MathNode, fn: Callable[[MathNode], MathNode]) -> MathNode:
    """``node`` rebuilt bottom-up with ``fn`` applied to every node (children first); unchanged parts are shared."""

    def visit(n: MathNode) -> MathNode:
        changes = {}
        for f in dataclasses.fields(n):
            if f.name == "span":
                continue
            value = getattr(n, f.name)
            new = walk_value(value)
            if new is not value:
                changes[f.name] = new
        return fn(dataclasses.replace(n, **changes) if changes else n)

    def walk_value(value: Any) -> Any:
        if isinstance(value, MathNode):
            return visit(value)
        if isinstance(value, tuple):
            items = tuple(walk_value(v) for v in value)
            return items if any(a is not b for a, b in zip(items, value)) else value
        return value

    return visit(node)


def bold_digit(node: MathNode) -> bool:
    r"""``\mathbf{1}``, ``\mathbb{1}``, ``\mathbf{0}``: the all-ones or the zero vector of the size beside it."""
    return isinstance(node, Sym) and node.name in ("0", "1") and node.font in ("bf", "bb") and not node.accents


def zero_literal(node: MathNode) -> bool:
    r"""``0`` or ``\mathbf{0}``: what ``x \gets 0`` sets before ``x_i \gets …`` fills it."""
    return (isinstance(node, Num) and node.text == "0") or (bold_digit(node) and node.name == "0")  # type: ignore[attr-defined]


def conjuncts(node: MathNode) -> list[MathNode]:
    """The parts of a condition joined by commas or ``\\land`` (``x \\in S, x > 0``): each on its own."""
    if isinstance(node, Tuple):
        return list(node.items)
    if isinstance(node, Logic) and node.op == "and":
        return list(node.args)
    return [node]


def unknown_macros(node: MathNode) -> list[Macro]:
    r"""Every :class:`Macro` in ``node`` (unknown control words, ``\foo``), in source order.

    The linter warns about them where a listing executes the math: the statement cannot run.
    The older package's constants (:data:`MACRO_WORDS`) are known, argument-less.
    """
    unknown = (
        n for n in walk(node) if isinstance(n, Macro) and not (n.name.lstrip("\\") in MACRO_WORDS and not n.args)
    )
    return sorted(unknown, key=lambda n: (n.span.start, n.span.end))


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


# --- lexing: one table of supported control words -----------------------------------------------

_GREEK = (
    "alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi pi "
    "varpi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi "
    "Pi Sigma Upsilon Phi Psi Omega ell"
).split()
#: the Greek letters' names, as a :class:`Sym` holds them (``theta`` of ``\\theta``)
GREEK_LETTERS = frozenset(_GREEK)


def _words(kind: str, text: str, value: str | None = None) -> dict[str, tuple[str, str]]:
    """``{word: (kind, value or word)}`` for every word of ``text``."""
    return {w: (kind, w if value is None else value) for w in text.split()}


def _table() -> dict[str, tuple[str, str]]:
    """Build :data:`COMMANDS`: control word → (terminal, canonical value)."""
    t: dict[str, tuple[str, str]] = {g: ("GREEK", g) for g in _GREEK}
    groups: dict[str, dict[str, Any]] = {
        "ACCENT": {
            "hat": "hat",
            "widehat": "hat",
            "bar": "bar",
            "overline": "bar",
            "tilde": "tilde",
            "widetilde": "tilde",
            "vec": "vec",
            "Vec": "vec",
            "overrightarrow": "vec",
            "dot": "dot",
            "ddot": "ddot",
            "check": "check",
            "breve": "breve",
            "acute": "acute",
            "grave": "grave",
            "mathring": "ring",
            "underline": "underline",
        },
        "FONT": {
            "mathbf": "bf",
            "boldsymbol": "bf",
            "bm": "bf",
            "pmb": "bf",
            "symbf": "bf",
            "mathbfit": "bf",
            "mathbb": "bb",
            "mathbbm": "bb",
            "mathds": "bb",
            "Bbb": "bb",
            "mathcal": "cal",
            "symcal": "cal",
            "cal": "cal",
            "mathfrak": "frak",
            "mathscr": "scr",
        },
        "RELOP": {
            "ne": "!=",
            "neq": "!=",
            "le": "<=",
            "leq": "<=",
            "leqslant": "<=",
            "leqq": "<=",
            "lt": "<",
            "ge": ">=",
            "geq": ">=",
            "geqslant": ">=",
            "geqq": ">=",
            "gt": ">",
            "doteq": "=",
            "approx": "approx",
            "succeq": "succeq",
            "preceq": "preceq",
            "succ": "succ",
            "prec": "prec",
            "sim": "sim",
            "simeq": "simeq",
            "cong": "cong",
            "equiv": "equiv",
            "propto": "propto",
            "lesssim": "lesssim",
            "gtrsim": "gtrsim",
            "asymp": "asymp",
            "in": "in",
            "notin": "notin",
            "ni": "ni",
            "subset": "subset",
            "subseteq": "subseteq",
            "subsetneq": "subsetneq",
            "supset": "supset",
            "supseteq": "supseteq",
            "to": "to",
            "rightarrow": "to",
            "longrightarrow": "to",
            "mapsto": "mapsto",
            "longmapsto": "mapsto",
            "leftrightarrow": "iff",
            "longleftrightarrow": "iff",
            "perp": "perp",
            "parallel": "parallel",
            "models": "models",
            "vdash": "vdash",
        },
        "ASSIGN_CMD": _words("ASSIGN_CMD", "gets leftarrow longleftarrow Leftarrow coloneqq coloneq triangleq", "gets"),
        "IMPLIES": {
            "Rightarrow": "implies",
            "implies": "implies",
            "Longrightarrow": "implies",
            "iff": "iff",
            "Leftrightarrow": "iff",
            "Longleftrightarrow": "iff",
        },
        "MULOP": {
            "cdot": "cdot",
            "times": "times",
            "odot": "odot",
            "ast": "*",
            "star": "star",
            "bullet": "cdot",
            "dagger": "dagger",
            "div": "/",
            "cap": "cap",
            "sqcap": "cap",
            "bmod": "mod",
            "mod": "mod",
            "circ": "circ",
            "otimes": "otimes",
        },
        # Python's shifts and exclusive or, as latexify prints them (a \\ll 2, a \\oplus b)
        "BITOP": {"ll": "<<", "gg": ">>", "oplus": "^"},
        "ADDOP": {
            "cup": "cup",
            "sqcup": "cup",
            "uplus": "cup",
            "setminus": "setminus",
            "backslash": "setminus",
            "pm": "pm",
            "mp": "mp",
            "ominus": "ominus",
        },
        "FUNC": _words(
            "FUNC",
            "exp log ln lg sin cos tan cot sec csc sinh cosh tanh coth arcsin arccos arctan det dim ker deg gcd hom Pr",
        ),
        "BIGOP": _words(
            "BIGOP", "sum prod coprod bigcup bigcap bigsqcup bigoplus bigotimes bigvee bigwedge int iint iiint oint"
        ),
        "MAXOP": _words("MAXOP", "max min sup inf lim liminf limsup argmax argmin"),
        # the older algorithmic package's \AND, \OR, \NOT too
        "AND": _words("AND", "land wedge AND", "and"),
        "OR": _words("OR", "lor vee OR", "or"),
        "NOT": _words("NOT", "lnot neg NOT", "not"),
        "QUANT": _words("QUANT", "forall exists nexists"),
        "CONST": {"emptyset": "emptyset", "varnothing": "emptyset", "bot": "bot"},
        "DOTS": _words("DOTS", "dots ldots cdots dotsc dotsb dotso dotsm dotsi vdots ddots hdots", "dots"),
        "BAR": {"vert": "|"},
        "DBAR": {"Vert": "||"},
        "MIDCMD": {"mid": "|"},
        "DROP": _words(
            "DROP",
            "big Big bigg Bigg limits nolimits displaystyle textstyle scriptstyle scriptscriptstyle quad qquad "
            "enspace thinspace medspace thickspace negthinspace negmedspace negthickspace hfill relax nonumber "
            "notag allowbreak nobreak mathstrut strut xspace hline small footnotesize normalsize large tiny",
            "",
        ),
        "BIGL": _words("BIGL", "bigl Bigl biggl Biggl", ""),
        "BIGR": _words("BIGR", "bigr Bigr biggr Biggr", ""),
        "BIGM": _words("BIGM", "bigm Bigm biggm Biggm middle", ""),
        # the brace group after these is dropped whole (\mathopen{}\left( … \mathclose{}\right))
        "DROPGROUP": _words("DROPGROUP", "mathopen mathclose phantom hphantom vphantom", ""),
        # the wrapper goes, its argument stays (\mathbin{\%} is the operator %, \boxed{x} is x)
        "STRIP": _words(
            "STRIP",
            "mathbin mathrel mathop mathord mathpunct mathinner ensuremath boxed cancel bcancel xcancel smash",
            "",
        ),
        "UNDERBRACE": _words("UNDERBRACE", "underbrace underbracket", "_"),
        "OVERBRACE": _words("UNDERBRACE", "overbrace overbracket", "^"),  # the same handler, the other script
        "OVERSET": _words("OVERSET", "overset underset stackrel", ""),
        "XARROW": {"xleftarrow": "gets", "xLeftarrow": "gets", "xrightarrow": "to", "xmapsto": "mapsto"},
        # old-style font switches: {\rm sgn} is the name sgn, {\bf x} a bold x
        "FONTSWITCH": {
            **_words(
                "FONTSWITCH",
                "rm it sf tt sc mit scshape itshape rmfamily sffamily ttfamily upshape mdseries normalfont em",
                "",
            ),
            "bf": "bf",
            "bfseries": "bf",
        },
        "NEEDS_ARG": _words(
            "NEEDS_ARG",
            "operatorname operatornamewithlimits mathrm mathit mathsf mathtt mathnormal text textbf textrm "
            "textit textsf texttt textup textnormal textmd textsc emph mbox hbox",
        ),
    }
    for kind, words in groups.items():
        t.update({w: v if isinstance(v, tuple) else (kind, v) for w, v in words.items()})
    t.update(
        {
            "arg": ("ARG", "arg"),
            "nabla": ("NABLA", "nabla"),
            "partial": ("PARTIAL", "partial"),
            "frac": ("FRAC", "frac"),
            "dfrac": ("FRAC", "frac"),
            "tfrac": ("FRAC", "frac"),
            "cfrac": ("FRAC", "frac"),
            "binom": ("BINOM", "binom"),
            "dbinom": ("BINOM", "binom"),
            "tbinom": ("BINOM", "binom"),
            "sqrt": ("SQRT", "sqrt"),
            "infty": ("INFTY", "inf"),
            "top": ("TOP", "T"),
            "intercal": ("TOP", "T"),
            "prime": ("PRIME_CMD", "prime"),
            "pmod": ("PMOD", "pmod"),
            "not": ("NOTCMD", "not"),
            "lVert": ("LNORM", "||"),
            "rVert": ("RNORM", "||"),
            "lvert": ("LABS", "|"),
            "rvert": ("RABS", "|"),
            "langle": ("LANGLE", "<"),
            "rangle": ("RANGLE", ">"),
            "lfloor": ("LFLOOR", "lfloor"),
            "rfloor": ("RFLOOR", "rfloor"),
            "lceil": ("LCEIL", "lceil"),
            "rceil": ("RCEIL", "rceil"),
            "lbrace": ("LSET", "{"),
            "rbrace": ("RSET", "}"),
            "lbrack": ("LSQB", "["),
            "rbrack": ("RSQB", "]"),
            "left": ("LEFT", ""),
            "right": ("RIGHT", ""),
        }
    )
    return t


#: Every supported control word (without its backslash) → (terminal type, canonical value).
#: The one list of what the math grammar knows; anything else is a :class:`Macro`.
COMMANDS: dict[str, tuple[str, str]] = _table()

# Unicode written straight into math: char → (terminal, value); "ℝ" and "²" stand for two tokens.
_UNICODE: dict[str, tuple[str, str] | tuple[tuple[str, str], ...]] = {
    **{
        c: ("GREEK", g)
        for c, g in zip(
            "αβγδεϵζηθϑικλμνξπϖρϱσςτυφϕχψωΓΔΘΛΞΠΣΥΦΨΩℓ",
            "alpha beta gamma delta varepsilon epsilon zeta eta theta vartheta iota kappa lambda mu nu xi pi "
            "varpi rho varrho sigma varsigma tau upsilon varphi phi chi psi omega Gamma Delta Theta Lambda Xi "
            "Pi Sigma Upsilon Phi Psi Omega ell".split(),
            strict=True,
        )
    },
    "≤": ("RELOP", "<="),
    "≥": ("RELOP", ">="),
    "≠": ("RELOP", "!="),
    "≈": ("RELOP", "approx"),
    "≡": ("RELOP", "equiv"),
    "∼": ("RELOP", "sim"),
    "∝": ("RELOP", "propto"),
    "∈": ("RELOP", "in"),
    "∉": ("RELOP", "notin"),
    "⊂": ("RELOP", "subset"),
    "⊆": ("RELOP", "subseteq"),
    "⊃": ("RELOP", "supset"),
    "⊇": ("RELOP", "supseteq"),
    "→": ("RELOP", "to"),
    "↦": ("RELOP", "mapsto"),
    "≪": ("BITOP", "<<"),
    "≫": ("BITOP", ">>"),
    "←": ("ASSIGN_CMD", "gets"),
    "≔": ("ASSIGN_CMD", "gets"),
    "⇒": ("IMPLIES", "implies"),
    "⟹": ("IMPLIES", "implies"),
    "⇔": ("IMPLIES", "iff"),
    "∞": ("INFTY", "inf"),
    "×": ("MULOP", "times"),
    "·": ("MULOP", "cdot"),
    "⋅": ("MULOP", "cdot"),
    "∘": ("MULOP", "circ"),
    "⊙": ("MULOP", "odot"),
    "⊗": ("MULOP", "otimes"),
    "÷": ("MULOP", "/"),
    "∩": ("MULOP", "cap"),
    "∪": ("ADDOP", "cup"),
    "∖": ("ADDOP", "setminus"),
    "⊕": ("BITOP", "^"),
    "±": ("ADDOP", "pm"),
    "−": ("MINUS", "-"),
    "∅": ("CONST", "emptyset"),
    "⊤": ("CONST", "top"),
    "⊥": ("CONST", "bot"),
    "∀": ("QUANT", "forall"),
    "∃": ("QUANT", "exists"),
    "¬": ("NOT", "not"),
    "∧": ("AND", "and"),
    "∨": ("OR", "or"),
    "…": ("DOTS", "dots"),
    "⋯": ("DOTS", "dots"),
    "⋮": ("DOTS", "dots"),
    "∑": ("BIGOP", "sum"),
    "∏": ("BIGOP", "prod"),
    "∫": ("BIGOP", "int"),
    "√": ("SQRT", "sqrt"),
    "∂": ("PARTIAL", "partial"),
    "∇": ("NABLA", "nabla"),
    "⟨": ("LANGLE", "<"),
    "⟩": ("RANGLE", ">"),
    "‖": ("DBAR", "||"),
    "⌊": ("LFLOOR", "lfloor"),
    "⌋": ("RFLOOR", "rfloor"),
    "⌈": ("LCEIL", "lceil"),
    "⌉": ("RCEIL", "rceil"),
    "′": ("PRIME", "'"),
    **{c: ("DROP", "") for c in "\u00a0\u200b\u2009\u200a\u2061\u2062\u2063"},
    **{c: (("FONT", "bb"), ("LETTER", letter)) for c, letter in zip("ℝℕℤℚℂ", "RNZQC", strict=True)},
    "²": (("CIRCUMFLEX", "^"), ("NUMBER", "2")),
    "³": (("CIRCUMFLEX", "^"), ("NUMBER", "3")),
    "ᵀ": (("CIRCUMFLEX", "^"), ("TOP", "T")),
}

_SPACING = {",", ";", ":", "!", " ", "\t", "\n", ">", "/", "-", "(", ")"}
_WORDCMD = re.compile(r"\\(?P<cmd>[a-zA-Z]+\*?)\s*\{(?P<word>(?:[^{}]|\{[^{}]*\})*)\}")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_\-]*")
_LAST_TOKEN = re.compile(r"(\\[a-zA-Z]+|\\.|\d+(\.\d*)?|.)$")
_ENV_NAME = re.compile(r"\\(?:begin|end)\s*\{([a-zA-Z]+\*?)\}")
#: prose that stays text even as a single word: ``\text{if}``, ``\text{otherwise}``
_PROSE = frozenset(
    "if otherwise else elsewhere for where then when while with such that all each every some any is of to "
    "in on at do and or not s.t. st iff".split()
)
_OPENERS = {
    "LPAR": "RPAR",
    "LSQB": "RSQB",
    "LBRACE": "RBRACE",
    "LNORM": "RNORM",
    "LABS": "RABS",
    "LBAR": "RBAR",
    "LANGLE": "RANGLE",
    "LSET": "RSET",
    "LFLOOR": "RFLOOR",
    "LCEIL": "RCEIL",
    "ARG_L": "ARG_R",
    "BEGIN_ENV": "END_ENV",
    "LNULL": "RNULL",  # \left. (never reaches the parser)
}
_CLOSERS = set(_OPENERS.values())
# groups in which a bar after an operand is a conditional bar: p(a | s), \{x | P\}, h_{r|b}
_MID_FRAMES = {"LPAR", "LSQB", "LSET", "ARG_L"}
# After one of these a `|` closes an open bar; elsewhere it opens one.
_OPERAND_END = {
    "NUMBER", "LETTER", "GREEK", "NAME", "INFTY", "DOTS", "TEXT", "TOP", "PRIME", "PRIME_CMD", "STRING",
    "CONST", "PLACEHOLDER", "PARTIAL", "SLICE", "BANG", "ATTR", "SIGN", "MACRO", "STAR", *_CLOSERS,
}  # fmt: skip
_RELATION = {"RELOP", "EQ", "LT", "GT", "ASSIGN_CMD", "COLONEQ"}
# an operator segment split from its statement: `x \gets` … `\gets 0`
_LEADING = _RELATION | {"IMPLIES", "ADDOP", "MULOP", "BITOP"}
_TRAILING = _LEADING | {"PLUS", "MINUS", "STAR", "SLASH", "MULOP", "ADDOP", "AND", "OR", "NOT", "COLON"}
# a function or \max followed by one of these has nothing to apply to: it is a name (\ell_{\max})
_NO_ARGUMENT = _CLOSERS | _RELATION | {"COMMA", "SEMI", "AMP", "ROWSEP", "COLON", "MID", "MIDCMD", "IMPLIES", "BITOP",
                                       "AND", "OR", "PLUS", "MINUS", "STAR", "MULOP", "$END"}  # fmt: skip
_PASS = {"LETTER", "NUMBER", "PLUS", "MINUS", "SLASH", "EQ", "LT", "GT", "LPAR", "RPAR", "LSQB", "RSQB",
         "COMMA", "UNDERSCORE", "CIRCUMFLEX", "PRIME", "COLONEQ", "STRING", "AMP"}  # fmt: skip
# raw tokens that reach the parser as they are, whatever their neighbours
_PLAIN = frozenset(("LETTER", "NUMBER", "SLASH", "EQ", "LT", "GT", "LPAR", "RPAR", "LSQB", "RSQB", "UNDERSCORE",
                    "CIRCUMFLEX", "COLONEQ", "STRING", "AMP", "RBRACE"))  # fmt: skip


def _span(tok: Any, base: int) -> Span:
    return Span(base + tok.start_pos, base + tok.end_pos)


def _syntax(span: Span, message: str) -> LocatedError:
    return LocatedError(MathSyntax, span, message=message)


def _classify(tok: Any) -> tuple[str, str]:
    """Return the (terminal, value) ``tok`` stands for, before any look at its neighbours."""
    kind = tok.type
    if kind in _PASS:
        return kind, tok.value
    if kind == "CMD":
        return COMMANDS.get(tok.value[1:]) or ("MACRO", tok.value)
    if kind == "CTRL_SYM":
        char = tok.value[1:]
        if char in _SPACING:
            # \( \) inside math only come from a text-mode \Call{F}{\(b\)} whose arguments
            # were written as inline math: the delimiters carry no meaning here
            return "DROP", ""
        return _CTRL.get(char) or ("MACRO", tok.value)
    if kind == "UNI":
        entry = _UNICODE.get(tok.value)
        if entry is None:
            return "MACRO", tok.value
        return entry if isinstance(entry[0], str) else ("MULTI", tok.value)  # type: ignore[return-value]
    if kind == "DROPARG":
        return "DROP", ""
    if kind in ("LE", "GE", "EQEQ"):
        return "RELOP", {"LE": "<=", "GE": ">=", "EQEQ": "="}[kind]
    if kind in ("BEGIN_ENV", "END_ENV"):
        m = _ENV_NAME.match(tok.value)
        return kind, m[1] if m else ""
    return kind, tok.value


_CTRL = {
    "|": ("DBAR", "||"),
    "{": ("LSET", "{"),
    "}": ("RSET", "}"),
    "\\": ("ROWSEP", "\\\\"),
    "%": ("PERCENT", "mod"),
    "_": ("USCORE", "_"),
}


class _Frame:
    """An open delimiter on the balance stack, with what was seen at its level."""

    __slots__ = ("tok", "commas", "mid", "left", "script")

    def __init__(self, tok: Any, left: bool, script: bool) -> None:
        self.tok = tok
        self.commas = 0
        self.mid = False
        self.left = left
        self.script = script  # a `{` right after `_` or `^`

    def takes_mid(self) -> bool:
        """Tell whether a bar after an operand here is a conditional bar (``p(a | s)``, ``h_{r|b}``)."""
        return not self.mid and (self.tok.type in _MID_FRAMES or (self.script and self.tok.type == "LBRACE"))


class RetypePostLex:
    r"""Retype the catch-all tokens and check delimiters (a lark ``PostLex`` over the whole stream).

    Control words are lexed by maximal munch and looked up in :data:`COMMANDS`, so ``\gets`` is
    never ``\ge`` + ``ts``; an unknown one becomes ``MACRO`` and the brace groups right after it
    its arguments (``ARG_L``/``ARG_R``). The token list is read whole, so what depends on the
    neighbours is decided here: ``|`` and ``\|`` become openers, closers or a conditional bar
    (``MID``); a ``\cdot`` with no left operand is a placeholder; trailing punctuation goes;
    ``x \gets`` and ``\gets 0`` get ``TRAIL_OP``/``LEAD_OP``; wrappers such as ``\mathbin{…}``,
    ``\overset{…}{…}`` and ``\underbrace{…}_{…}`` are unwrapped. Delimiter balance is checked as
    tokens pass, so an unclosed ``\lVert`` is AV203 at the opener rather than a syntax error at
    the end. Positions are relative to the parsed string; errors carry span offsets relative to
    it too (``parse_math`` shifts them).
    """

    #: terminals no rule names: only this post-lexer turns them into the grammar's (lark keeps them for it)
    always_accept = ("CMD", "CTRL_SYM", "WORDCMD", "TEXTCMD", "DROPARG", "BAR", "UNI", "EQEQ", "LE", "GE", "DOT")

    def __init__(self) -> None:
        from lark import Token

        self._token = Token

    def process(self, stream: Iterator[Any]) -> Iterator[Any]:
        """Yield the retyped tokens of ``stream``; raise :class:`LocatedError` on bad input."""
        return iter(_Retyper(list(stream), self._token).run())


class _Retyper:
    """One pass over one segment's tokens (see :class:`RetypePostLex`)."""

    def __init__(self, toks: list[Any], token_class: type) -> None:
        self.Token = token_class
        self.toks = toks
        self.n = len(toks)
        self.drop: set[int] = set()
        self.pre: dict[int, tuple[str, str, int]] = {}  # index → (kind, value, index of last token covered)
        self.out: list[Any] = []
        self.stack: list[_Frame] = []
        self.prev = ""
        self.force = ""
        self.left_start: int | None = None
        # one look over the tokens: brace groups, and whether the rarer passes are needed
        self.match: dict[int, int] = {}
        braces: list[int] = []
        self.uscore = rows = False
        assigns = 0
        for i, t in enumerate(toks):
            kind = t.type
            if kind == "LBRACE":
                braces.append(i)
            elif kind == "RBRACE":
                if braces:
                    self.match[braces.pop()] = i
            elif kind == "CTRL_SYM":
                self.uscore = self.uscore or t.value == "\\_"
                rows = rows or t.value == "\\\\"
            elif kind == "AMP":
                rows = True
            elif kind in ("COLONEQ", "CMD", "UNI") and _is_assign(t):
                assigns += 1
        self.implicit = rows and _implicit_rows(toks)
        self.seps = _statement_separators(toks) if assigns > 1 and not self.implicit else set()

    # --- the pass ---------------------------------------------------------------------------

    def run(self) -> list[Any]:
        toks, i, n = self.toks, 0, self.n
        drop, pre, seps, push = self.drop, self.pre, self.seps, self.push
        # tokens that pass unchanged need no look around (letters do when `\_` may join them)
        plain = _PLAIN - {"LETTER"} if self.uscore else _PLAIN
        if self.implicit:  # `x &\gets y \\ z &\gets w` without its environment: an aligned one
            self.emit(toks[0], "BEGIN_ENV", "aligned", start=toks[0].start_pos, end=toks[0].start_pos)
        while i < n:
            if i in drop:
                i += 1
                continue
            tok = toks[i]
            if tok.type in ("LT", "GT") and self.prev in ("UNDERSCORE", "CIRCUMFLEX"):
                # `h_<`: an order symbol as a script is a mark, like `\mathbb{R}_+`
                self.emit(tok, "SIGN", tok.value)
                i += 1
                continue
            if tok.type in ("LT", "GT") and self.prev == "LBRACE" and self.kind_at(i + 1) == "UNDERSCORE":
                # `\max_{<_h}`: an order named by its subscript, the operand of the script
                self.emit(tok, "NAME", tok.value)
                i += 1
                continue
            if tok.type in plain and not pre and not seps and not self.force:
                push(tok, tok.type)
                i += 1
                continue
            if i in seps:
                self.emit(tok, "STMTSEP", ";")
                i += 1
                continue
            end = i
            if i in pre:
                kind, value, end = pre.pop(i)
            else:
                kind, value = _classify(tok)
            handler = _HANDLERS.get(kind)
            if handler is not None:
                i = handler(self, i, tok, value)
                continue
            self.emit(tok, kind, value, last=toks[end])
            i = end + 1
        if self.implicit:
            last = toks[-1]
            self.emit(last, "END_ENV", "aligned", start=last.end_pos, end=last.end_pos)
        if self.stack:
            opener = self.stack[-1].tok
            raise _unbalanced(opener, "{0}: never closed", opener)
        self._fragments()
        return self.out

    def emit(
        self, tok: Any, kind: str, value: str, *, last: Any = None, start: int | None = None, end: int | None = None
    ) -> None:
        """Send one token to the parser (spanning ``tok`` … ``last``), keeping the balance."""
        if last is not None and last is not tok:
            end = last.end_pos
        if self.left_start is not None and kind in _OPENERS:
            start = self.left_start  # \left( … : the group's span starts at \left
        if start is None and end is None and kind == tok.type and value == tok.value:
            out = tok
        else:
            out = self.Token(
                kind,
                value,
                tok.start_pos if start is None else start,
                tok.line,
                tok.column,
                tok.end_line,
                tok.end_column,
                tok.end_pos if end is None else end,
            )
        self.push(out, kind)

    def push(self, out: Any, kind: str) -> None:
        """Append a token of terminal ``kind``, keeping the delimiter stack."""
        self.force = ""
        self.left_start = None
        if kind in _OPENERS:
            self.stack.append(_Frame(out, self._left, self.prev in ("UNDERSCORE", "CIRCUMFLEX")))
        elif kind in _CLOSERS:
            self._close(out)
        elif kind in ("COMMA", "SEMI") and self.stack:
            self.stack[-1].commas += 1
        self._left = False
        self.prev = kind
        self.out.append(out)

    _left = False

    def _close(self, tok: Any) -> None:
        """Pop the frame ``tok`` closes; raise AV203 on a mismatch (``[0, 1)`` is an interval, not one)."""
        stack = self.stack
        if not stack:
            raise _unbalanced(tok, "{0}: nothing to close", tok)
        frame = stack[-1]
        opener = frame.tok
        expected = _OPENERS[opener.type]
        if expected == tok.type:
            if tok.type == "END_ENV" and tok.value != opener.value:
                delim = f"\\begin{{{opener.value}}}: closed by \\end{{{tok.value}}}"
                raise LocatedError(UnbalancedDelimiter, _span(opener, 0), delim=delim)
            stack.pop()
            return
        interval = (opener.type, tok.type) in (("LSQB", "RPAR"), ("LPAR", "RSQB")) and frame.commas == 1
        if interval:
            stack.pop()
            return
        raise _unbalanced(opener, "{0}: closed by {1}", opener, tok)

    # --- looking around ---------------------------------------------------------------------------

    def kind_at(self, j: int) -> str:
        """The terminal the token at ``j`` will most likely be (``$END`` past the end)."""
        j = self.next_index(j)
        if j >= self.n:
            return "$END"
        if j in self.seps:
            return "STMTSEP"
        if j in self.pre:
            return self.pre[j][0]
        return _classify(self.toks[j])[0]

    def next_index(self, j: int) -> int:
        """The index of the next token the parser will see from ``j`` on (``n`` at the end)."""
        while j < self.n and j not in self.seps and (j in self.drop or _classify(self.toks[j])[0] == "DROP"):
            j += 1
        return j

    def adjacent(self, i: int, j: int) -> bool:
        return j < self.n and self.toks[j].start_pos == self.toks[i].end_pos

    def after_scripts(self, j: int) -> int:
        """Skip the ``_x``/``^{…}`` scripts starting at ``j``: the index after them."""
        while j < self.n and self.toks[j].type in ("UNDERSCORE", "CIRCUMFLEX"):
            j += 1
            if j < self.n and self.toks[j].type == "LBRACE" and j in self.match:
                j = self.match[j] + 1
            else:
                j += 1
        return j

    def group_end(self, j: int) -> int | None:
        """The index of the ``}`` closing the ``{`` at ``j`` (``None`` if there is no group at ``j``)."""
        if j < self.n and self.toks[j].type == "LBRACE":
            return self.match.get(j)
        return None

    _bars: tuple[set[int], int] | None = None

    def bars(self) -> tuple[set[int], int]:
        """:func:`_bar_levels` of this segment, worked out once and only where a bar needs it."""
        if self._bars is None:
            self._bars = _bar_levels(self.toks)
        return self._bars

    def drop_range(self, a: int, b: int) -> None:
        self.drop.update(range(a, b + 1))

    def text_between(self, i: int) -> int | None:
        """Emit ``'…'`` from the quote at ``i`` to the next one on its line as a STRING; the index after it."""
        for k in range(i + 1, self.n):
            t = self.toks[k]
            if t.type == "PRIME":
                first = self.toks[i]
                self.drop_range(i + 1, k)
                words, end = [], first.end_pos
                for x in self.toks[i + 1 : k]:  # the words as lexed, a space where the text had one
                    words.append((" " if x.start_pos > end else "") + x.value)
                    end = x.end_pos
                value = '"' + "".join(words) + '"'
                self.emit(first, "STRING", value, last=t)
                return k + 1
            if t.line != self.toks[i].line:
                return None
        return None

    def _fragments(self) -> None:
        """Mark an operator that starts or ends the segment (``x \\gets``, ``\\gets 0``, ``=``)."""
        out = self.out
        if not out:
            return
        first = out[0]
        if first.type in _LEADING or (len(out) == 1 and first.type in _TRAILING):
            out[0] = self.Token.new_borrow_pos("LEAD_OP", _op_name(first), first)
        if len(out) > 1 and out[-1].type in _TRAILING and out[-2].type not in ("CIRCUMFLEX", "UNDERSCORE"):
            out[-1] = self.Token.new_borrow_pos("TRAIL_OP", _op_name(out[-1]), out[-1])


def _unbalanced(at: Any, delim: str, *toks: Any) -> LocatedError:
    """AV203 at ``at``; ``delim``'s ``{0}``, ``{1}`` become the tokens as written (see :func:`_spelt`).

    The post-lexer sees retyped tokens (``\\lVert`` is ``||``); the text is known to
    :func:`parse_math`, which fills the placeholders from it.
    """
    return LocatedError(UnbalancedDelimiter, _span(at, 0), {"spelt": [_span(t, 0) for t in toks]}, delim=delim)


def _quote(text: str) -> str:
    """A token for a message: a command as is (``\\lVert``), anything else in quotes (``'('``)."""
    return text if text.startswith("\\") else f"'{text}'"


def _spelt(e: LocatedError, latex: str) -> LocatedError:
    """``e`` with the placeholders of its message filled from ``latex`` (see :func:`_unbalanced`)."""
    spans = e.details.pop("spelt", None)
    if spans is None:
        return e
    words = [_quote(latex[sp.start : sp.end].strip() or latex[sp.start : sp.start + 1]) for sp in spans]
    e.args_["delim"] = e.args_["delim"].format(*words)
    return LocatedError(e.rule, e.span, e.details, **e.args_)


def _depth_zero(toks: list[Any]) -> Iterator[int]:
    """The indices of the tokens outside every group, bracket and environment."""
    depth = 0
    for i, t in enumerate(toks):
        kind = t.type
        if kind in ("LBRACE", "RBRACE") and (toks[i + 2 : i + 3] or toks[i - 2 : i - 1]) and _single(toks, i):
            continue  # {\gets}: the token inside counts as outside
        if kind in ("LPAR", "LSQB", "LBRACE", "BEGIN_ENV") or (kind == "CTRL_SYM" and t.value == "\\{"):
            depth += 1
        elif kind in ("RPAR", "RSQB", "RBRACE", "END_ENV") or (kind == "CTRL_SYM" and t.value == "\\}"):
            depth -= 1
        elif depth == 0:
            yield i


def _single(toks: list[Any], i: int) -> bool:
    """Tell whether the brace at ``i`` belongs to a group of exactly one token."""
    if toks[i].type == "LBRACE":
        return i + 2 < len(toks) and toks[i + 2].type == "RBRACE"
    return i >= 2 and toks[i - 2].type == "LBRACE"


def _implicit_rows(toks: list[Any]) -> bool:
    """Tell whether ``&`` or ``\\\\`` stand outside any environment (the inside of an ``align``)."""
    return any(toks[i].type == "AMP" or toks[i].value == "\\\\" for i in _depth_zero(toks))


def _is_assign(tok: Any) -> bool:
    if tok.type == "COLONEQ":
        return True
    entry = COMMANDS.get(tok.value[1:]) if tok.type == "CMD" else _UNICODE.get(tok.value)
    return entry is not None and entry[0] in ("ASSIGN_CMD", "XARROW")


def _statement_separators(toks: list[Any]) -> set[int]:
    r"""The separators between two assignments in one segment: ``\qquad``, ``\quad``, ``;``, else ``,``."""
    top = list(_depth_zero(toks))
    assigns = [i for i in top if _is_assign(toks[i])]
    seps = set()
    for a, b in zip(assigns, assigns[1:]):
        between = [i for i in top if a < i < b]
        strong = [i for i in between if toks[i].type == "SEMI" or toks[i].value in ("\\quad", "\\qquad")]
        weak = [i for i in between if toks[i].type == "COMMA"]
        spacing = [i for i in between if toks[i].type == "CTRL_SYM" and _classify(toks[i])[0] == "DROP"]
        for found in (strong, weak, spacing):
            if found:
                seps.add(found[-1])
                break
    return seps


def _op_name(tok: Any) -> str:
    return {"COLONEQ": "gets", "COLON": ":"}.get(tok.type, tok.value)


# --- handlers: one per token kind that needs its neighbours ------------------------------------------


def _h_drop(r: _Retyper, i: int, tok: Any, value: str) -> int:
    return i + 1


def _h_left_right(r: _Retyper, i: int, tok: Any, value: str) -> int:
    r"""``\left``/``\right`` mark the next delimiter; ``\left.`` and ``\right.`` are null delimiters."""
    kind = _classify(tok)[0]
    j = r.next_index(i + 1)
    nxt = r.toks[j] if j < r.n else None
    top = r.stack[-1] if r.stack else None
    if nxt is not None and nxt.type == "DOT":
        r.drop.add(j)
        if kind == "LEFT":  # \left. … \right|: a frame that the \right closes, whatever its delimiter
            r.stack.append(_Frame(r.Token.new_borrow_pos("LNULL", "\\left.", nxt), True, False))
        elif top is not None and top.tok.type == "LNULL":
            r.stack.pop()
        elif top is not None and top.left:  # \left\{ … \right.: close what \left opened
            r.emit(nxt, _OPENERS[top.tok.type], ".")
        return i + 1
    if kind == "RIGHT" and top is not None and top.tok.type == "LNULL" and nxt is not None:
        r.stack.pop()  # \left. f \right|_{0}: the delimiter closes the null one, and goes
        r.drop.add(j)
        return i + 1
    if nxt is not None and nxt.type == ("LT" if kind == "LEFT" else "GT"):  # \left< … \right>
        r.pre[j] = ("LANGLE", "<", j) if kind == "LEFT" else ("RANGLE", ">", j)
    r.force = kind
    r._left = kind == "LEFT"
    r.left_start = tok.start_pos if kind == "LEFT" else None
    return i + 1


def _h_big(r: _Retyper, i: int, tok: Any, value: str) -> int:
    kind = _classify(tok)[0]
    r.force = {"BIGL": "LEFT", "BIGR": "RIGHT", "BIGM": "MID"}[kind]
    r.left_start = tok.start_pos if kind == "BIGL" else None
    return i + 1


def _h_bar(r: _Retyper, i: int, tok: Any, value: str) -> int:
    """Decide whether a bar opens, closes, or is a conditional bar (or, never closed, an operator)."""
    double = value == "||"
    last = tok
    if not double and r.toks[i + 1 : i + 2] and r.toks[i + 1].type == "BAR" and r.adjacent(i, i + 1):
        top = r.stack[-1].tok.type if r.stack else ""
        if not (top == "LBAR" and r.prev in _OPERAND_END):  # `||` that is not `|x||y|`
            double, last = True, r.toks[i + 1]
            r.drop.add(i + 1)
    opener = "LNORM" if double else "LBAR"
    force = r.force
    top = r.stack[-1] if r.stack else None
    after_operand = r.prev in _OPERAND_END
    if force == "MID":
        return _h_mid(r, i, tok, value)
    if force == "RIGHT" or (force != "LEFT" and top is not None and top.tok.type == opener and after_operand):
        r.emit(tok, "RNORM" if double else "RBAR", "||" if double else "|", last=last)
        return i + 1
    if force != "LEFT" and after_operand and not double and top is not None:
        if top.takes_mid() and i not in r.bars()[0]:  # p(a|s), but (C|X|) holds an |X|
            return _h_mid(r, i, tok, value)
    if force != "LEFT" and after_operand and double and r.bars()[1] <= (i + 1 if last is not tok else i):
        # `a || b`, `A \| B` never closed: an operator (or in C-like pseudocode, concatenation)
        kind, op = ("OR", "or") if tok.type == "BAR" else ("MULOP", "concat")
        r.emit(tok, kind, op, last=last)
        return i + 1
    r.emit(tok, opener, "||" if double else "|", last=last)
    return i + 1


def _bar_levels(toks: list[Any]) -> tuple[set[int], int]:
    """The bars followed by another bar before their group closes, and the index of the last bar (one pass)."""
    followed: set[int] = set()
    levels: list[list[int]] = [[]]
    last = -1
    for k, t in enumerate(toks):
        kind = _classify(t)[0]
        if kind in _OPENERS or kind in ("LPAR", "LSQB", "LBRACE"):
            levels.append([])
        elif kind in _CLOSERS or kind in ("RPAR", "RSQB", "RBRACE"):
            if len(levels) > 1:
                levels.pop()
        elif kind in ("BAR", "DBAR"):
            followed.update(levels[-1])
            levels[-1] = [k]
            last = k
    return followed, last


def _h_mid(r: _Retyper, i: int, tok: Any, value: str) -> int:
    """``\\mid`` (or a conditional ``|``): the bar of a group, else the relation *divides*."""
    top = r.stack[-1] if r.stack else None
    if top is not None and top.takes_mid():
        top.mid = True
        r.emit(tok, "MID", "|")
    else:
        r.emit(tok, "RELOP", "divides")
    return i + 1


def _h_macro(r: _Retyper, i: int, tok: Any, value: str) -> int:
    """An unknown control word: the brace groups right after it are its arguments."""
    j = i + 1
    while (close := r.group_end(j)) is not None:
        r.pre[j] = ("ARG_L", "{", j)
        r.pre[close] = ("ARG_R", "}", close)
        j = close + 1
    r.emit(tok, "MACRO", value)
    return i + 1


def _h_dropgroup(r: _Retyper, i: int, tok: Any, value: str) -> int:
    close = r.group_end(i + 1)
    if close is not None:
        r.drop_range(i + 1, close)
        # \mathopen{}\left\lfloor x …: brackets of a function call (latexify's math.floor(x))
        j = r.next_index(close + 1)
        if tok.value == "\\mathopen" and r.kind_at(j) == "LEFT":
            k = r.next_index(j + 1)
            kind = r.kind_at(k)
            if kind in ("LFLOOR", "LCEIL"):
                r.pre[k] = (kind, "call", k)
    return i + 1


def _strip(r: _Retyper, j: int) -> int | None:
    """Unwrap the group at ``j`` when it holds one token (``{=}``); keep it as a group otherwise."""
    close = r.group_end(j)
    if close is None:
        return None
    inner = [k for k in range(j + 1, close) if k not in r.drop]
    if len(inner) == 1:
        r.drop.add(j)
        r.drop.add(close)
    return close


def _h_strip(r: _Retyper, i: int, tok: Any, value: str) -> int:
    r"""``\mathbin{\%}`` is the operator % whatever follows it (``a \mathbin{\%} -b``): the wrapper says so.

    So are latexify's prints of Python's bitwise operators: ``\mathbin{\&}``, ``\mathbin{|}`` and
    the unary ``\mathord{\sim}``.
    """
    close = _strip(r, i + 1)
    if close == i + 3:
        inner = r.toks[i + 2].value
        if tok.value == "\\mathbin" and inner in _BINARY_WRAPPED:
            r.pre[i + 2] = _BINARY_WRAPPED[inner] + (i + 2,)
        elif tok.value == "\\mathord" and inner == "\\sim":
            r.pre[i + 2] = ("INVERT", "~", i + 2)
    return i + 1


_BINARY_WRAPPED = {"\\%": ("PERCENT", "binary"), "\\&": ("BITOP", "&"), "|": ("BITOP", "|")}


def _h_underbrace(r: _Retyper, i: int, tok: Any, value: str) -> int:
    r"""``\underbrace{x}_{note}`` is ``{x}``; the note (``_`` for under, ``^`` for over) goes."""
    close = r.group_end(i + 1)
    if close is None:
        return i + 1
    script = "UNDERSCORE" if value == "_" else "CIRCUMFLEX"
    j = close + 1
    if j < r.n and r.toks[j].type == script:
        end = r.group_end(j + 1)
        r.drop_range(j, end if end is not None else j + 1)
    return i + 1


def _h_overset(r: _Retyper, i: int, tok: Any, value: str) -> int:
    r"""``\overset{a}{=}``, ``\stackrel{\text{def}}{=}``: the first group goes, the second is unwrapped."""
    close = r.group_end(i + 1)
    if close is None:
        return i + 1
    r.drop_range(i + 1, close)
    _strip(r, close + 1)
    return i + 1


def _h_xarrow(r: _Retyper, i: int, tok: Any, value: str) -> int:
    j = i + 1
    if j < r.n and r.toks[j].type == "LSQB":
        while j < r.n and r.toks[j].type != "RSQB":
            j += 1
        r.drop_range(i + 1, j)
        j += 1
    close = r.group_end(j)
    if close is not None:
        r.drop_range(j, close)
    r.emit(tok, "ASSIGN_CMD" if value == "gets" else "RELOP", value)
    return i + 1


def _h_not(r: _Retyper, i: int, tok: Any, value: str) -> int:
    r"""``\not=`` is ``!=``, ``\not\in`` is ``notin``, ``\not\equiv`` is ``notequiv``."""
    j = r.next_index(i + 1)
    if j < r.n:
        kind, op = _classify(r.toks[j])
        if kind in ("RELOP", "EQ", "LT", "GT"):
            negated = {"=": "!=", "in": "notin", "!=": "="}.get(op, "not" + op)
            r.drop.add(j)
            r.emit(tok, "RELOP", negated, last=r.toks[j])
            return j + 1
    r.emit(tok, "MACRO", tok.value)
    return i + 1


def _word_after(r: _Retyper, j: int) -> int:
    """The index of the last token of the run of adjacent letters and digits starting at ``j``."""
    k = j
    while k + 1 < r.n and r.toks[k + 1].type in ("LETTER", "NUMBER") and r.adjacent(k, k + 1):
        k += 1
    return k


def _h_fontswitch(r: _Retyper, i: int, tok: Any, value: str) -> int:
    r"""``{\rm sgn}`` is the name ``sgn``; ``{\bf x}`` a bold x."""
    if value == "bf":
        r.emit(tok, "FONT", "bf")
    j = r.next_index(i + 1)
    _word_group(r, j)
    if j < r.n and r.toks[j].type == "LETTER":
        k = _word_after(r, j)
        if k > j:
            r.pre[j] = ("NAME", "".join(t.value for t in r.toks[j : k + 1]), k)
    return i + 1


def _h_font(r: _Retyper, i: int, tok: Any, value: str) -> int:
    r"""``\mathbf{last}``: a word inside a font is one name, not the letters l·a·s·t."""
    _word_group(r, i + 1)
    r.emit(tok, "FONT", value)
    return i + 1


def _word_group(r: _Retyper, j: int) -> None:
    """Make the word in the group at ``j`` (``{last}``, ``{getNext2}``) one ``NAME`` token."""
    close = r.group_end(j)
    if close is not None and close > j + 2 and r.toks[j + 1].type == "LETTER" and _word_after(r, j + 1) == close - 1:
        r.pre[j + 1] = ("NAME", "".join(t.value for t in r.toks[j + 1 : close]), close - 1)


def _h_needs_arg(r: _Retyper, i: int, tok: Any, value: str) -> int:
    r"""``\mathrm{\Delta}``, ``\text{\sc{f}}``: a word command whose argument is not a plain word is its argument."""
    if r.group_end(i + 1) is None:
        raise _syntax(_span(tok, 0), f"{tok.value} needs a braced word: {tok.value}{{…}}")
    return _h_font(r, i, tok, "")


def _h_wordcmd(r: _Retyper, i: int, tok: Any, value: str) -> int:
    kind, word = _word_command(tok)
    if r.prev == "AMP" and word.strip().lower() == "if":
        return i + 1  # `& \mathrm{if} \ \lnot c`: the word that starts a case's condition is prose
    if kind == "NAME" and tok.value.startswith("\\textsc") and r.kind_at(i + 1) == "LPAR":
        kind = "FUNC"  # \textsc{Partition}(A, p, r): an algorithm called by name
    if kind in ("FUNC", "MAXOP"):
        return _h_function(r, i, tok, word, kind)
    r.emit(tok, kind, word)
    return i + 1


def _h_textcmd(r: _Retyper, i: int, tok: Any, value: str) -> int:
    kind, word = _word_command(tok)
    if r.prev == "AMP" and word.strip().lower() == "if":
        return i + 1  # `& \text{if } \lnot c`: the word that starts a case's condition is prose
    if kind == "TEXT" and len(word) >= 2 and word[0] == word[-1] == '"' and '"' not in word[1:-1]:
        kind = "STRING"  # \textrm{"inf"}: a string literal, as latexify prints Python's
    r.emit(tok, kind, word)
    return i + 1


def _h_function(r: _Retyper, i: int, tok: Any, value: str, kind: str = "") -> int:
    r"""A function or ``\max`` with nothing to apply to (``\ell_{\max}``, ``\operatorname{ELBO}_\theta``) is a name.

    ``\max(a, b) \cdot c`` and ``\min(v)`` with no limits are calls whose parentheses hold the
    arguments, as a function's do: the product after them is not the operand.
    """
    kind = kind or _classify(tok)[0]
    if r.kind_at(r.after_scripts(i + 1)) in _NO_ARGUMENT:
        kind = "NAME"
    elif kind == "MAXOP" and value in ("max", "min") and _paren_follows(r, i + 1):
        kind = "FUNC"
    r.emit(tok, kind, value)
    return i + 1


def _paren_follows(r: _Retyper, j: int) -> bool:
    r"""Tell whether a ``(`` opens at ``j``, through ``\mathopen{}``, ``\left`` and ``\bigl``."""
    while True:
        j = r.next_index(j)
        kind = r.kind_at(j)
        if kind == "DROPGROUP":
            close = r.group_end(j + 1)
            j = close + 1 if close is not None else j + 1
        elif kind in ("LEFT", "BIGL"):
            j += 1
        else:
            return kind == "LPAR"


def _h_accent(r: _Retyper, i: int, tok: Any, value: str) -> int:
    r"""``\hat{\nabla}`` and ``\hat\nabla`` are one gradient operator, styled."""
    j = i + 1
    close = r.group_end(j)
    target = j + 1 if close == j + 2 else j
    if target < r.n and _classify(r.toks[target])[0] == "NABLA" and (close is None or close == j + 2):
        last = r.toks[close] if close is not None else r.toks[target]
        r.drop_range(j, close if close is not None else target)
        r.emit(tok, "NABLA", value, last=last)
        return (close if close is not None else target) + 1
    r.emit(tok, "ACCENT", value)
    return i + 1


def _h_mulop(r: _Retyper, i: int, tok: Any, value: str) -> int:
    """``^{*}``/``^\\star`` decorate; an operator with no left operand is a placeholder (``f(\\cdot)``)."""
    kind = _classify(tok)[0] if tok.type != "STAR" else "STAR"
    if value in _SUP_ACCENTS and _after_caret(r):  # x^*, x^{\star}, A^\dagger, S^\bullet
        r.emit(tok, "STAR", _SUP_ACCENTS[value])
        return i + 1
    if r.prev not in _OPERAND_END and (value == "cdot" or r.kind_at(i + 1) in _CLOSERS | {"COMMA", "MIDCMD", "$END"}):
        if value in ("cdot", "*", "star") or kind == "STAR":
            r.emit(tok, "PLACEHOLDER", "cdot" if value == "cdot" else "*")
            return i + 1
    r.emit(tok, kind, value)
    return i + 1


_SUP_ACCENTS = {"*": "star", "star": "star", "cdot": "bullet", "circ": "circ", "dagger": "dagger"}


def _after_caret(r: _Retyper) -> bool:
    out = r.out
    return bool(out) and (
        out[-1].type == "CIRCUMFLEX" or (out[-1].type == "LBRACE" and len(out) > 1 and out[-2].type == "CIRCUMFLEX")
    )


def _h_top(r: _Retyper, i: int, tok: Any, value: str) -> int:
    r"""``\top`` after ``^`` transposes; elsewhere it is the constant ⊤."""
    if _after_caret(r):
        r.emit(tok, "TOP", value)
    else:
        r.emit(tok, "CONST", "top")
    return i + 1


def _h_dot(r: _Retyper, i: int, tok: Any, value: str) -> int:
    """``node.left`` (an attribute), ``1, .., n`` (dots), ``x^2.`` (punctuation, dropped)."""
    if r.adjacent(i, i + 1) and r.toks[i + 1].type == "DOT":
        k = i + 2 if r.adjacent(i + 1, i + 2) and r.toks[i + 2].type == "DOT" else i + 1
        r.drop_range(i + 1, k)
        r.emit(tok, "DOTS", "dots", last=r.toks[k])
        return k + 1
    if r.prev in _OPERAND_END and r.adjacent(i, i + 1) and r.toks[i + 1].type == "LETTER":
        _join_word_before(r, tok.start_pos)
        k = _word_after(r, i + 1)
        r.drop_range(i + 1, k)
        r.emit(tok, "ATTR", "".join(t.value for t in r.toks[i + 1 : k + 1]), last=r.toks[k])
        return k + 1
    if r.prev in _OPERAND_END and r.adjacent(i, i + 1) and r.toks[i + 1].type in ("WORDCMD", "TEXTCMD"):
        # `Q.\mathrm{add}`, `e.\text{body}`: an attribute spelt as a word
        kind, name = _word_command(r.toks[i + 1])
        name = name.replace("\\_", "_")
        if (kind in ("NAME", "FUNC") or (kind == "TEXT" and _WORD.fullmatch(name))) and name:
            _join_word_before(r, tok.start_pos)
            r.drop_range(i + 1, i + 1)
            r.emit(tok, "ATTR", name, last=r.toks[i + 1])
            return i + 2
    if r.prev in _OPERAND_END and i < r.n - 1 and not r.adjacent(i, i + 1) and any(t.type == "QUANT" for t in r.out):
        # `\forall p \in S. P(p)`: the logician's period ends the binder, as a colon does
        r.emit(tok, "COLON", ":")
        return i + 1
    if r.prev in _OPERAND_END and 0 < i < r.n - 1 and not r.adjacent(i - 1, i) and not r.adjacent(i, i + 1):
        # `B . V` with spaces on both sides: the dot product written as a period
        r.emit(tok, "MULOP", "cdot")
        return i + 1
    return _h_punct(r, i, tok, value)


def _join_word_before(r: _Retyper, end: int) -> None:
    """``node.left``: the letters right before an attribute are one name (``node``), as code writes it."""
    out = r.out
    k = len(out)
    while k > 0 and out[k - 1].type == "LETTER" and out[k - 1].end_pos == end:
        k -= 1
        end = out[k].start_pos
    if len(out) - k > 1:
        word = out[k:]
        del out[k:]
        out.append(r.Token("NAME", "".join(t.value for t in word), word[0].start_pos, word[0].line, word[0].column,
                           word[-1].end_line, word[-1].end_column, word[-1].end_pos))  # fmt: skip


def _h_punct(r: _Retyper, i: int, tok: Any, value: str) -> int:
    """A comma, semicolon or full stop that ends the segment, a cell or a row is punctuation."""
    if r.kind_at(i + 1) in ("$END", "AMP", "ROWSEP", "END_ENV", "STMTSEP"):
        return i + 1
    r.emit(tok, _classify(tok)[0], value)
    return i + 1


def _h_colon(r: _Retyper, i: int, tok: Any, value: str) -> int:
    if r.prev not in _OPERAND_END:  # A[:, j]: the whole axis
        r.emit(tok, "SLICE", ":")
    else:
        r.emit(tok, "COLON", ":")
    return i + 1


def _h_prime(r: _Retyper, i: int, tok: Any, value: str) -> int:
    """``f'`` is a prime; ``'abc'`` where an operand starts is a string, as code writes it."""
    if r.prev not in _OPERAND_END and r.prev not in ("CIRCUMFLEX", "LBRACE"):
        text = r.text_between(i)
        if text is not None:
            return text
    r.emit(tok, "PRIME", value)
    return i + 1


def _h_bang(r: _Retyper, i: int, tok: Any, value: str) -> int:
    if r.adjacent(i, i + 1) and r.toks[i + 1].type == "EQ":  # `!=` as code writes it
        r.drop.add(i + 1)
        r.emit(tok, "RELOP", "!=", last=r.toks[i + 1])
        return i + 2
    r.emit(tok, "BANG", "!")
    return i + 1


def _h_letter(r: _Retyper, i: int, tok: Any, value: str) -> int:
    r"""``section\_reached``: letters joined by escaped underscores are one name."""
    if not r.uscore:
        r.emit(tok, "LETTER", value)
        return i + 1
    k, has = i, False
    while k + 1 < r.n and r.adjacent(k, k + 1):
        nxt = r.toks[k + 1]
        if nxt.type in ("LETTER", "NUMBER") or (nxt.type == "CTRL_SYM" and nxt.value == "\\_"):
            has = has or nxt.type == "CTRL_SYM"
            k += 1
        else:
            break
    if has and r.toks[k].type != "CTRL_SYM":
        r.drop_range(i + 1, k)
        word = "".join("_" if t.type == "CTRL_SYM" else t.value for t in r.toks[i : k + 1])
        r.emit(tok, "NAME", word, last=r.toks[k])
        return k + 1
    r.emit(tok, "LETTER", value)
    return i + 1


def _h_percent(r: _Retyper, i: int, tok: Any, value: str) -> int:
    r"""``a \% b`` is the remainder; ``50\%`` (nothing after it to divide) is a percent sign."""
    if value != "binary" and r.prev in _OPERAND_END and r.kind_at(i + 1) in _NO_ARGUMENT:
        r.emit(tok, "CONST", "percent")
    else:
        r.emit(tok, "MULOP", "mod")
    return i + 1


def _h_uscore(r: _Retyper, i: int, tok: Any, value: str) -> int:
    r.emit(tok, "MACRO", tok.value)
    return i + 1


def _h_frac(r: _Retyper, i: int, tok: Any, value: str) -> int:
    r"""``\frac12`` is ``\frac{1}{2}``, as TeX reads it."""
    r.emit(tok, "FRAC", value)
    j = i + 1
    if j < r.n and r.toks[j].type == "NUMBER" and r.toks[j].value.isdigit() and len(r.toks[j].value) > 1:
        num = r.toks[j]
        start = num.start_pos
        for k, part in enumerate((num.value[0], num.value[1], num.value[2:])):
            if part:
                r.emit(num, "NUMBER", part, start=start + min(k, 2), end=start + min(k, 2) + len(part))
        return j + 1
    return i + 1


def _h_sign(r: _Retyper, i: int, tok: Any, value: str) -> int:
    r"""A sign as a script (``\delta^{+}``, ``\mathbb{R}_+``, ``S_{++}``); ``{=}`` and ``{}`` unwrapped."""
    kind = tok.type if tok.type != "UNI" else _classify(tok)[0]  # "−" is a minus
    if r.prev in ("UNDERSCORE", "CIRCUMFLEX"):
        if tok.type == "LBRACE":
            close = r.match.get(i)
            inner = r.toks[i + 1 : close] if close is not None and r.toks[i + 1].type in ("PLUS", "MINUS") else []
            sign = _sign_text(inner)
            if sign is not None:
                r.drop_range(i + 1, close)  # type: ignore[arg-type]
                r.emit(tok, "SIGN", sign, last=r.toks[close])  # type: ignore[index]
                return close + 1  # type: ignore[operator]
        elif kind in ("PLUS", "MINUS"):
            r.emit(tok, "SIGN", value)
            return i + 1
    if tok.type == "LBRACE":
        close = r.match.get(i)
        if close == i + 1 and r.prev in ("UNDERSCORE", "CIRCUMFLEX"):  # \sum_{i}^{}: an empty script is none
            r.out.pop()
            r.prev = r.out[-1].type if r.out else ""
            return i + 2
        if close == i + 1 and r.prev not in _NEEDS_GROUP:  # {\cal V}_n{}: an empty group is nothing
            if r.kind_at(i + 2) in ("UNDERSCORE", "CIRCUMFLEX"):  # {}_{\cdots}: an empty base for the script
                r.emit(tok, "TEXT", "", last=r.toks[close])
            return i + 2
        # {=}, {\gets}: a relation in braces (for spacing) is the relation
        if close == i + 2 and _classify(r.toks[i + 1])[0] in _BARE_OPERATORS:
            r.drop.add(close)
            return i + 1
    r.emit(tok, kind, value)
    return i + 1


def _sign_text(inner: list[Any]) -> str | None:
    kinds = [_classify(t) for t in inner]
    if kinds and all(k in ("PLUS", "MINUS") for k, _ in kinds):
        return "".join(v for _, v in kinds)
    return None


_BARE_OPERATORS = _RELATION | {"MULOP", "ADDOP", "BITOP"}
# after these an empty group {} is an argument, not nothing
_NEEDS_GROUP = {"UNDERSCORE", "CIRCUMFLEX", "FRAC", "BINOM", "SQRT", "ACCENT", "FONT"}


def _h_multi(r: _Retyper, i: int, tok: Any, value: str) -> int:
    for kind, val in _UNICODE[value]:  # type: ignore[misc]
        r.emit(tok, kind, val)
    return i + 1


def _h_rowsep(r: _Retyper, i: int, tok: Any, value: str) -> int:
    r"""``\\`` separates rows; a spacing option after it (``\\[4pt]``) goes."""
    j = i + 1
    if j < r.n and r.toks[j].type == "LSQB":
        k = j + 1
        while k < r.n and r.toks[k].type in ("NUMBER", "LETTER"):
            k += 1
        if k < r.n and r.toks[k].type == "RSQB":
            r.drop_range(j, k)
    r.emit(tok, "ROWSEP", value)
    return i + 1


_HANDLERS: dict[str, Callable[[_Retyper, int, Any, str], int]] = {
    "DROP": _h_drop,
    "LEFT": _h_left_right,
    "RIGHT": _h_left_right,
    "BIGL": _h_big,
    "BIGR": _h_big,
    "BIGM": _h_big,
    "BAR": _h_bar,
    "DBAR": _h_bar,
    "MIDCMD": _h_mid,
    "MACRO": _h_macro,
    "DROPGROUP": _h_dropgroup,
    "STRIP": _h_strip,
    "UNDERBRACE": _h_underbrace,
    "OVERSET": _h_overset,
    "XARROW": _h_xarrow,
    "NOTCMD": _h_not,
    "FONTSWITCH": _h_fontswitch,
    "FONT": _h_font,
    "NEEDS_ARG": _h_needs_arg,
    "WORDCMD": _h_wordcmd,
    "TEXTCMD": _h_textcmd,
    "FUNC": _h_function,
    "MAXOP": _h_function,
    "ACCENT": _h_accent,
    "MULOP": _h_mulop,
    "STAR": _h_mulop,
    "LETTER": _h_letter,
    "TOP": _h_top,
    "DOT": _h_dot,
    "COMMA": _h_punct,
    "SEMI": _h_punct,
    "COLON": _h_colon,
    "BANG": _h_bang,
    "USCORE": _h_uscore,
    "PERCENT": _h_percent,
    "FRAC": _h_frac,
    "PLUS": _h_sign,
    "PRIME": _h_prime,
    "MINUS": _h_sign,
    "LBRACE": _h_sign,
    "MULTI": _h_multi,
    "ROWSEP": _h_rowsep,
}


def _word_command(tok: Any) -> tuple[str, str]:
    r"""Retype ``\operatorname{…}``, ``\mathrm{…}``, ``\text{…}``, ``\textsc{…}`` by command and word."""
    m = _WORDCMD.match(tok.value)
    assert m is not None  # the WORDCMD and TEXTCMD terminals have this shape
    cmd, raw = m["cmd"], m["word"]
    if cmd.startswith("text") and cmd != "textsc" or cmd in ("mbox", "hbox", "emph"):
        word = raw.strip()
        logic = {"and": "AND", "or": "OR", "not": "NOT"}.get(word.lower())
        if logic:
            return logic, word.lower()
        if raw == word and _WORD.fullmatch(word) and word.lower() not in _PROSE:
            return "NAME", word  # \text{next}, L_{\text{train}}: a word is a name
        return "TEXT", word
    word = re.sub(r"\\[,;:! ]", "", raw).replace("\\_", "_").strip()
    if not _WORD.fullmatch(word):
        if cmd.startswith("operatorname") or cmd in ("Call", "CALL"):
            raise _syntax(_span(tok, 0), f"{cmd}{{…}} needs one word of letters, got {word!r}")
        return "TEXT", word
    entry = COMMANDS.get(word)
    if cmd.startswith("operatorname") or cmd in ("mathrm", "textsc"):
        if entry is not None and entry[0] == "MAXOP":
            return "MAXOP", word  # \operatorname*{arg\,max}, \mathrm{argmax}
        if cmd.startswith("operatorname") or (entry is not None and entry[0] == "FUNC"):
            return "FUNC", word
    if cmd in ("Call", "CALL"):
        return "FUNC", word  # algpseudocode's \Call{Name}{args} inside math: a call of Name
    return "NAME", word  # \mathrm{lr}: a multi-letter name; \mathrm{softmax}(z) stays an Apply


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


def _indices(node: MathNode) -> tuple[MathNode, ...]:
    """Split a subscript: ``{ij}`` (letters side by side), ``{i0}`` (a letter then a digit), ``{i,j}``: two indices.

    A digit then a letter stays one index (``x_{2k}`` is entry 2k); ``{i0}`` is never the product 0·i.
    """
    if isinstance(node, Tuple):
        return node.items
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
    from lark import Token, Transformer, v_args

    def nodes(items: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(x for x in items if not isinstance(x, Token))

    @v_args(inline=True, meta=True)
    class _Build(Transformer):
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
            return Colon(left, right, span=span)

        def tuple(self, meta, *items):
            return _lift_list(nodes(items), self._sp(meta))

        def implies(self, meta, left, op, right):
            return Rel(left, ((op.value, right),), span=self._sp(meta))

        def logic(self, meta, left, op, right):
            args = left.args if isinstance(left, Logic) and left.op == op.value else (left,)
            return Logic(op.value, args + (right,), span=self._sp(meta))

        def negation(self, meta, _op, operand):
            return Logic("not", (operand,), span=self._sp(meta))

        def quant(self, meta, q, var):
            return Quant(q.value, var, None, span=self._sp(meta))

        def quant_after(self, meta, body, q, var):
            return Quant(q.value, var, body, span=self._sp(meta))

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
            return _Post("sub", value, self._sp(meta))

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

        greek = name = letter

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
    return Idx(node, _indices(value), span=span)


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
    return Pow(node, exp, span=span)


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


def _lift_list(items: tuple[MathNode, ...], span: Span) -> MathNode:
    r"""Build a comma list, lifting a leading relation and a trailing ``\in`` over it.

    ``i = 1, \dots, k`` reads as ``i = (1, …, k)`` and ``x_1, \dots, x_n \in S`` as
    ``(x_1, …, x_n) \in S``: the comma binds tighter than the relation in these idioms.
    A quantifier takes the list: ``\forall i, j, P`` quantifies ``P`` over ``i, j``, and
    ``P, \forall i`` quantifies ``P``.
    """
    first, last = items[0], items[-1]
    if isinstance(first, Quant) and first.body is None and len(items) > 1:
        return _lift_quant(first, items[1:], span)
    if isinstance(last, Quant) and last.body is None and len(items) == 2:
        return Quant(last.kind, last.var, first, span=span)
    has_dots = any(isinstance(i, Dots) for i in items)
    if has_dots and isinstance(first, Rel) and len(first.rest) == 1:
        ((op, lo),) = first.rest
        inner = _lift_list((lo,) + items[1:], Span(lo.span.start, span.end))
        return Rel(first.first, ((op, inner),), span=span)
    plain = all(not isinstance(i, (Rel, In, Logic, Assign)) for i in items[:-1])
    if isinstance(last, In) and plain and (has_dots or len(items) > 1):
        inner = _lift_list(items[:-1] + (last.element,), Span(span.start, last.element.span.end))
        return In(inner, last.set, span=span)
    if len(items) == 3 and isinstance(items[1], Dots) and not isinstance(first, Dots) and not isinstance(last, Dots):
        return Range(first, last, span=span)
    return Tuple(items, span=span)


def _lift_quant(quant: Quant, rest: tuple[MathNode, ...], span: Span) -> MathNode:
    r"""``\forall i, j, P``: the names after the quantifier are its variables, the last statement its body."""
    *names, last = rest
    statement = not isinstance(last, (Sym, Idx))
    var_items = (quant.var, *names) if statement else (quant.var, *rest)
    if len(var_items) == 1:
        var = var_items[0]
    else:
        var = Tuple(tuple(var_items), span=Span(var_items[0].span.start, var_items[-1].span.end))
    return Quant(quant.kind, var, last if statement else None, span=span)


# --- entry points ------------------------------------------------------------------------------------


@functools.cache
def _parser() -> Any:
    """Build the math parser once (``load_parser`` caches by options; a new post-lexer is a new key)."""
    from ..syntax.grammar import load_parser

    return load_parser("math", lexer="basic", postlex=RetypePostLex())


# cached: a listing's math is parsed by lint, by the compiler's name scan and by its statements;
# the trees are frozen, so sharing them is safe (errors are raised anew, not cached). Large enough
# for a listing of 10,000 segments: a smaller cache, cycled by each pass, would parse every pass anew
@functools.lru_cache(maxsize=32768)
def parse_math(latex: str, base: int = 0) -> MathNode:
    r"""Parse one math segment into a :class:`MathNode` tree.

    :param latex: the math text, without its ``\( \)`` delimiters.
    :param base: the offset of ``latex[0]`` in the note; every span in the result is absolute.
    :raises LocatedError: AV201 (syntax, at the offending token) or AV203 (unbalanced delimiter,
        at the opener). Never anything else: an unknown macro is a :class:`Macro` node (see
        :func:`unknown_macros`), not an error.
    """
    from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError

    if not latex.strip():
        raise LocatedError(MathSyntax, Span(base, base + len(latex)), message="empty math")
    try:
        tree = _parser().parse(latex)
        return _builder()(latex, base).transform(tree)
    except LocatedError as e:
        # raised by the post-lexer, whose offsets are relative to `latex`
        e = _spelt(e, latex)
        raise LocatedError(e.rule, e.span.shift(base) if e.span else None, e.details, **e.args_) from None
    except VisitError as e:
        if isinstance(e.orig_exc, LocatedError):
            raise e.orig_exc from None
        if isinstance(e.orig_exc, RecursionError):
            raise _syntax(Span(base, base + len(latex)), "nesting too deep") from None
        raise
    except UnexpectedToken as e:
        raise _unexpected_token(latex, base, e) from None
    except UnexpectedCharacters as e:
        pos = base + e.pos_in_stream
        raise _syntax(Span(pos, pos + 1), f"unexpected character {_quote(latex[e.pos_in_stream])}") from None
    except UnexpectedInput as e:  # pragma: no cover - UnexpectedEOF is not raised by LALR
        raise LocatedError(MathSyntax, Span(base, base + len(latex)), message=str(e)) from None
    except RecursionError:
        raise _syntax(Span(base, base + len(latex)), "nesting too deep") from None


@functools.cache
def _builder() -> type:
    return _make_builder()


def _unexpected_token(latex: str, base: int, e: Any) -> LocatedError:
    """Turn lark's ``UnexpectedToken`` into AV201 at the token (or at the last character)."""
    tok = e.token
    if tok.type == "$END":
        text = latex.rstrip()
        m = _LAST_TOKEN.search(text)
        start = m.start() if m else len(text) - 1
        message = f"math ends too early, after {_quote(text[start:])}"
        return LocatedError(MathSyntax, Span(base + start, base + len(text)), message=message)
    found = _quote(latex[tok.start_pos : tok.end_pos].strip() or tok.value)
    before = _LAST_TOKEN.search(latex[: tok.start_pos].rstrip())
    where = f" after {_quote(before.group(0))}" if before else " at the start"
    return LocatedError(
        MathSyntax, _span(tok, base), message=f"unexpected {found}{where}; expected {_expected(e.expected)}"
    )


#: what a parser state expects, in words: a term starts with one of these
_TERM_STARTS = frozenset(("LETTER", "NUMBER", "GREEK", "NAME", "LPAR", "LBRACE"))
#: closers a state may expect, as written
_CLOSER_WORDS = {
    "RPAR": "')'", "RSQB": "']'", "RBRACE": "'}'", "RNORM": "\\rVert", "RABS": "\\rvert", "RANGLE": "\\rangle",
    "RSET": "\\}", "RFLOOR": "\\rfloor", "RCEIL": "\\rceil", "END_ENV": "\\end{…}",
}  # fmt: skip


def _expected(names: Any) -> str:
    """A parser state's expected terminals in words: ``a term (a name, a number or a group) or ')'``."""
    names = set(names or ())
    words = ["a term (a name, a number or a group)"] if names & _TERM_STARTS else []
    words += [w for name, w in _CLOSER_WORDS.items() if name in names]
    if "$END" in names:
        words.append("the end of the math")
    if not words:
        words = ["an operator or a relation"]
    return " or ".join(words)
