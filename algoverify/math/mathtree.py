r"""The math AST: one frozen dataclass per node type, and the walks over a tree.

Holds the node types :func:`algoverify.math.mathexpr.parse_math` builds (every node with its
absolute span; equality is structural, spans do not take part in ``==``), and the generic
traversals over them: :func:`iter_children`, :func:`walk`, :func:`transform`, the small
predicates (:func:`bold_digit`, :func:`zero_literal`, :func:`imaginary_root`, :func:`conjuncts`) and
:func:`unknown_macros`. No parsing and no printing here; nothing imports lark, sympy or numpy.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from dataclasses import field
from typing import Any, Callable, Iterator

from ..records import frozen, preorder
from ..source import Span

# --- the AST ------------------------------------------------------------------------------


@frozen
class MathNode:
    """Base of every math node: each knows its absolute span in the note."""

    span: Span = field(kw_only=True, compare=False, repr=False)


@frozen
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


@frozen
class Sym(MathNode):
    r"""A name: a letter, a Greek letter (``theta``) or a word (``\mathrm{lr}``), possibly decorated.

    ``font`` is ``bf``, ``bb``, ``cal``, ``frak`` or ``scr`` (``""`` for none); ``accents`` lists
    ``hat``, ``bar``, ``tilde``, ``vec``, ``dot``, ``ddot``, ``check``, ``prime``, ``star``,
    ``plus``, ``minus`` (``\delta^{+}``), innermost first; ``paren`` marks the family of a
    parenthesised subscript (``\bar{x}_{(i)}``, a family apart from ``\bar{x}``).
    """

    name: str
    font: str = ""
    accents: tuple[str, ...] = ()


@frozen
class Idx(MathNode):
    """A subscript: ``x_i``, ``G_{ij}`` (two indices), ``B_1``; index or name, decided later."""

    base: MathNode
    indices: tuple[MathNode, ...]


@frozen
class Label(MathNode):
    """A parenthesised superscript that labels rather than raises: ``p^{(T)}``, ``x^{(k)}``."""

    base: MathNode
    label: MathNode


@frozen
class Juxt(MathNode):
    """Two factors written side by side: scalar or matrix product, decided by shapes later."""

    left: MathNode
    right: MathNode


@frozen
class Apply(MathNode):
    """A name followed by a parenthesised group (``f(x)``, ``x(y+z)``): a call or a product, undecided."""

    fn: MathNode
    args: tuple[MathNode, ...]


@frozen
class BinOp(MathNode):
    r"""An explicit binary operator.

    ``op`` is ``+ - * /``, ``cdot``, ``times``, ``mod`` (``\bmod``, ``\mod``), ``%`` (``\%``,
    ``\mathbin{\%}``: a program's remainder), the set operators ``cup``, ``cap``, ``setminus``,
    or ``pm``, ``oplus``, ``otimes``, ``circ``, ``star``, ``concat`` (``\|`` between two operands).
    """

    op: str
    left: MathNode
    right: MathNode


@frozen
class Hadamard(MathNode):
    r"""``a \odot b``: the elementwise product."""

    left: MathNode
    right: MathNode


@frozen
class Neg(MathNode):
    r"""Unary minus; it binds looser than juxtaposition (``-\eta g`` is ``-(\eta g)``)."""

    operand: MathNode


@frozen
class BitNot(MathNode):
    r"""``\mathord{\sim} x``: Python's ``~x`` as latexify prints it (the bits of an int inverted)."""

    operand: MathNode


@frozen
class Frac(MathNode):
    r"""``\frac{num}{den}``."""

    num: MathNode
    den: MathNode


@frozen
class Sqrt(MathNode):
    r"""``\sqrt{x}`` or ``\sqrt[n]{x}`` (``index`` is ``None`` for the square root)."""

    radicand: MathNode
    index: MathNode | None = None


@frozen
class Pow(MathNode):
    r"""``base^{exp}``; ``\sigma^{2}`` may still denote a name (see :func:`algoverify.math.names.name_key`).

    A number set (``bb{R}``, ``bb{N}``, ``bb{Z}``, ``bb{Q}``, ``bb{C}``: :class:`Sym` in the ``bb``
    font) raised to a power is the set of vectors or matrices over it: ``\mathbb{R}^{n}``,
    ``\mathbb{R}^{m \times n}`` (the exponent a ``times`` product), as ``running/inputs`` reads it.
    """

    base: MathNode
    exp: MathNode


@frozen
class Transpose(MathNode):
    r"""``x^{\top}``, ``x^T``, ``x^{\mathrm{T}}``, ``x^{\mathsf{T}}``.

    ``letter``: written with the letter ``T``, which a listing may also use as a name (``\beta^{T}``
    with ``T`` steps is a power).
    """

    operand: MathNode
    letter: bool = field(default=False, compare=False)


@frozen
class Inverse(MathNode):
    """``A^{-1}``."""

    operand: MathNode


@frozen
class Norm(MathNode):
    r"""``\lVert x \rVert`` or ``\|x\|``; ``ord`` is the subscript (``_2``, ``_F``) or ``None``."""

    operand: MathNode
    ord: MathNode | None = None


@frozen
class Abs(MathNode):
    r"""``\lvert x \rvert`` or ``|x|``: absolute value, or the cardinality of a set (the executor decides)."""

    operand: MathNode


@frozen
class Inner(MathNode):
    r"""``\langle a, b \rangle``."""

    left: MathNode
    right: MathNode


@frozen
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


@frozen
class Call(MathNode):
    r"""A function known to be one: ``\exp(x)``, ``\log x``, ``\operatorname{softmax}(z)``, ``\textsc{Name}(x)``."""

    func: str
    args: tuple[MathNode, ...]


@frozen
class SubCall(MathNode):
    r"""A function with a subscript: ``\log_2 n`` (``func=log, sub=2``), ``\operatorname{ELBO}_{\theta}(x)``."""

    func: str
    sub: MathNode
    args: tuple[MathNode, ...]


@frozen
class Grad(MathNode):
    r"""``\nabla_{wrt} f``; ``wrt`` is ``None`` for a bare ``\nabla f``."""

    f: MathNode
    wrt: MathNode | None = None


@frozen
class Deriv(MathNode):
    r"""``\frac{\partial L}{\partial \theta}``, ``\frac{d f}{d x}``, ``\partial_x f``.

    ``wrt`` lists the variables in order (``\partial x \partial y`` and ``\partial x^2`` give two);
    ``f`` is ``None`` for the bare operator ``\frac{\partial}{\partial \theta}``.
    """

    f: MathNode | None
    wrt: tuple[MathNode, ...]
    partial: bool = True


@frozen
class Partial(MathNode):
    r"""A ``\partial`` not part of a recognised derivative (``\partial L`` on its own)."""


@frozen
class Rel(MathNode):
    r"""A relation chain ``first op1 e1 op2 e2 …`` (``a = b \geq 0``).

    Operators are ``= != < <= > >= approx succeq preceq succ prec sim simeq equiv propto cong
    subset subseteq supset supseteq notin ni ll gg to mapsto divides perp parallel`` and the
    negations ``not…`` (``\not\equiv``), and ``implies`` / ``iff`` between two statements.
    """

    first: MathNode
    rest: tuple[tuple[str, MathNode], ...]


@frozen
class In(MathNode):
    r"""``x \in S`` (``x`` may be a :class:`Tuple` or :class:`Range`: ``x_1, \dots, x_n \in S``)."""

    element: MathNode
    set: MathNode


@frozen
class Assign(MathNode):
    r"""``target \gets value`` (also ``\leftarrow``, ``\Leftarrow``, ``:=``, ``\coloneqq``, ``\triangleq``)."""

    target: MathNode
    value: MathNode


@frozen
class Tuple(MathNode):
    r"""A comma (or semicolon) list: ``\lambda, v``; ``()`` is the empty tuple."""

    items: tuple[MathNode, ...]


@frozen
class Range(MathNode):
    r"""``lo, \dots, hi``: an inclusive range (``1, \dots, k``) or a family (``B_1, \dots, B_k``)."""

    lo: MathNode
    hi: MathNode


@frozen
class Dots(MathNode):
    r"""An ellipsis that is not part of a two-ended range (``x_1 + \dots + x_n``)."""


@frozen
class Logic(MathNode):
    """``and`` / ``or`` over ``args``, or ``not`` of one argument."""

    op: str
    args: tuple[MathNode, ...]


@frozen
class Quant(MathNode):
    r"""``\forall x \in S, P``, ``\exists i: P``, ``P \quad \forall i``, ``P, \forall i``.

    ``kind`` is ``forall``, ``exists`` or ``nexists``; ``var`` is what follows the quantifier (a
    name, a :class:`Tuple`, an :class:`In`); ``body`` is the statement, ``None`` when none is
    written (``\forall i`` on its own).
    """

    kind: str
    var: MathNode
    body: MathNode | None


@frozen
class Text(MathNode):
    r"""``\text{…}`` words inside math (prose: ``\text{if } x > 0``, ``\text{otherwise}``)."""

    text: str


@frozen
class String(MathNode):
    """A double-quoted string literal, as pseudocode writes it (``"oob"``)."""

    value: str


@frozen
class Infinity(MathNode):
    r"""``\infty``."""


@frozen
class Const(MathNode):
    r"""A named constant symbol: ``emptyset`` (``\emptyset``, ``\varnothing``), ``top``, ``bot``."""

    name: str


@frozen
class Placeholder(MathNode):
    r"""An argument slot: ``f(\cdot)``, ``p(\cdot \mid x)`` (``cdot``), ``(x = *)`` (``*``), ``A[:, j]`` (``:``)."""

    symbol: str


@frozen
class Macro(MathNode):
    r"""A control word algoverify does not know, with the brace groups right after it.

    ``\foo{a}{b}`` is ``Macro("\\foo", (a, b))``; an unknown Unicode symbol is a macro named by
    itself. It parses (a lint never blocks valid LaTeX); :func:`unknown_macros` finds them.
    """

    name: str
    args: tuple[MathNode, ...] = ()


@frozen
class Styled(MathNode):
    r"""An accent or font over something that is not a name: ``\widehat{a+b}``, ``\hat{\nabla}_\theta L``."""

    style: str
    operand: MathNode


@frozen
class Attr(MathNode):
    """Attribute access as pseudocode writes it: ``node.left``, ``gep.parent``."""

    obj: MathNode
    name: str


@frozen
class Index(MathNode):
    """Bracket indexing: ``A[i]``, ``last[v]``, ``QW[:, j]`` (``args`` in order)."""

    base: MathNode
    args: tuple[MathNode, ...]


@frozen
class Given(MathNode):
    r"""A conditional bar inside a group: ``\pi(a \mid s)`` and ``\pi(a|s)`` hold ``Given(a, s)``."""

    event: MathNode
    condition: MathNode


@frozen
class Colon(MathNode):
    r"""``left : right`` where it is not a set-builder or a quantifier: ``f : A \to B``, ``x_{1:T}``."""

    left: MathNode
    right: MathNode


@frozen
class SetLit(MathNode):
    r"""``\{1, 2, 3\}``, ``\left\{ a \right\}``; ``\{\}`` is empty."""

    items: tuple[MathNode, ...]


@frozen
class SetBuilder(MathNode):
    r"""``\{ x : P(x) \}``, ``\{ x \mid P(x) \}``, ``\{ x \in S : P \}`` (``element`` is ``x \in S``)."""

    element: MathNode
    condition: MathNode


@frozen
class Interval(MathNode):
    """``[0, 1)``, ``(0, 1]``, ``[a, b]`` (``(a, b)`` stays a :class:`Tuple`)."""

    lo: MathNode
    hi: MathNode
    closed_lo: bool
    closed_hi: bool


@frozen
class ListLit(MathNode):
    """A bracketed list that is not an interval: ``[]``, ``[1, 2, 3]``."""

    items: tuple[MathNode, ...]


@frozen
class Floor(MathNode):
    r"""``\lfloor x \rfloor``.

    ``call`` marks the brackets of a function call, ``\mathopen{}\left\lfloor x \mathclose{}\right\rfloor``,
    as latexify prints Python's ``math.floor(x)``: the floor of x's value (``math.floor(1 / 0.1)`` is
    10), where its ``\left\lfloor\frac{1}{0.1}\right\rfloor`` (``1 // 0.1``) is the floor of the exact quotient.
    """

    operand: MathNode
    call: bool = False


@frozen
class Ceil(MathNode):
    r"""``\lceil x \rceil``; ``call`` as for :class:`Floor` (Python's ``math.ceil(x)``)."""

    operand: MathNode
    call: bool = False


@frozen
class Factorial(MathNode):
    """``n!``."""

    operand: MathNode


@frozen
class Binom(MathNode):
    r"""``\binom{n}{k}``."""

    n: MathNode
    k: MathNode


@frozen
class Modulo(MathNode):
    r"""``a \equiv b \pmod{n}``: the statement and its modulus."""

    expr: MathNode
    modulus: MathNode


@frozen
class Matrix(MathNode):
    r"""``\begin{pmatrix} a & b \\ c & d \end{pmatrix}``; ``kind`` is the environment's name.

    An empty cell is ``Text("")``. In ``aligned``-like rows, ``x &= 1`` joins into one relation.
    """

    kind: str
    rows: tuple[tuple[MathNode, ...], ...]


@frozen
class Cases(MathNode):
    r"""``\begin{cases} v_1 & c_1 \\ v_2 & \text{otherwise} \end{cases}``: (value, condition) pairs.

    A condition of ``\text{otherwise}`` (or none) is ``None``; a leading ``\text{if}`` is dropped.
    """

    branches: tuple[tuple[MathNode, MathNode | None], ...]


@frozen
class Seq(MathNode):
    r"""Several statements in one segment: ``i \gets 0 \qquad S \gets \emptyset`` (also split by ``;`` or ``,``)."""

    statements: tuple[MathNode, ...]


@frozen
class Fragment(MathNode):
    r"""A statement split around text: ``x \gets`` (``op=gets, left=x``), ``\gets 0``, a lone ``=``."""

    op: str
    left: MathNode | None
    right: MathNode | None


# --- traversal and dumping -------------------------------------------------------------------


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    """A node class's field names, read once: every walk over a tree asks for them at each node."""
    return tuple(f.name for f in dataclasses.fields(cls))


@functools.cache
def _rebuilt_fields(cls: type) -> tuple[str, ...]:
    """The fields :func:`transform` walks: every one but the span (a rebuilt node keeps its own)."""
    return tuple(name for name in _field_names(cls) if name != "span")


def iter_children(node: MathNode) -> Iterator[MathNode]:
    """Yield the direct children of ``node`` in field order (relation operands, matrix cells included)."""
    return iter(children(node))


def children(node: MathNode) -> tuple[MathNode, ...]:
    """The direct children of ``node`` in field order, found once per node.

    A node never changes, and the rules of ``lint`` walk each tree dozens of times: the tuple
    is kept in the node's ``__dict__`` (not a field: equality, ``repr`` and dumps ignore it).
    """
    found = node.__dict__.get("_children")
    if found is None:
        found = node.__dict__["_children"] = tuple(_direct_children(node))
    return found


def _direct_children(node: MathNode) -> Iterator[MathNode]:
    for name in _field_names(type(node)):
        value = getattr(node, name)
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
    return iter(preorder(node, children))


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
        if not children(n):  # a leaf (most nodes): nothing below it to rebuild
            return fn(n)
        changes = {}
        for name in _rebuilt_fields(type(n)):
            value = getattr(n, name)
            new = walk_value(value)
            if new is not value:
                changes[name] = new
        return fn(dataclasses.replace(n, **changes) if changes else n)

    def walk_value(value: Any) -> Any:
        if isinstance(value, MathNode):
            return visit(value)
        if isinstance(value, tuple) and value:
            items = tuple(walk_value(v) for v in value)
            return items if any(a is not b for a, b in zip(items, value)) else value
        return value

    return visit(node)


def bold_digit(node: MathNode) -> bool:
    r"""``\mathbf{1}``, ``\mathbb{1}``, ``\mathbf{0}``: the all-ones or the zero vector of the size beside it."""
    return isinstance(node, Sym) and node.name in ("0", "1") and node.font in ("bf", "bb") and not node.accents


def zero_literal(node: MathNode) -> bool:
    r"""``0``, ``\mathbf{0}`` or ``(0, \dots, 0)``: what ``x \gets 0`` sets before ``x_i \gets …`` fills it.

    ``(0, \dots, 0)`` is the zero vector of a length the text leaves to the reader, never the range
    from 0 to 0.
    """
    if isinstance(node, Tuple) and len(node.items) == 3 and isinstance(node.items[1], Dots):
        return all(zero_literal(i) for i in (node.items[0], node.items[2]))
    if isinstance(node, Range):  # (0, \dots, 0) as the parser reads it: a run from 0 to 0
        return isinstance(node.lo, Num) and node.lo.text == "0" and isinstance(node.hi, Num) and node.hi.text == "0"
    return (isinstance(node, Num) and node.text == "0") or (bold_digit(node) and node.name == "0")  # type: ignore[attr-defined]


def imaginary_root(node: MathNode) -> complex | None:
    r"""``\sqrt{-1}``, ``\sqrt{-4}``: the root of a negative number written as one, ``1j``, ``2j``; else ``None``.

    A reader takes "with \(j = \sqrt{-1}\)" for the imaginary unit, where a real square root is NaN.
    Only a literal is read so: ``\sqrt{x}`` of a name that holds a negative number stays a real root.
    """
    if not (isinstance(node, Sqrt) and node.index is None and isinstance(node.radicand, Neg)):
        return None
    number = node.radicand.operand
    if not isinstance(number, Num):
        return None
    try:
        magnitude = math.sqrt(number.value)
    except OverflowError:
        return None
    return complex(0.0, magnitude) if magnitude > 0 else None


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
