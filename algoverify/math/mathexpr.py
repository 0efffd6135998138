r"""LaTeX math text → a small typed AST of our own, every node with its absolute span.

Consumes the text inside ``\( \)`` (or any math segment) and produces :class:`MathNode`
trees through ``grammars/math.lark`` (LALR, contextual lexer) and :class:`_Build`, a lark
transformer with one method per rule. Nothing here imports sympy or numpy: the lint path
parses math without them; :mod:`algoverify.math.symbolic` lowers the AST to sympy on demand.

Entry points: :func:`parse_math`, :func:`dump`, :func:`walk`.

Ambiguity is kept, not guessed: ``f(x)`` and ``x(y+z)`` parse to :class:`Apply` ("a call or a
product, undecided") and :func:`algoverify.math.names.resolve_applications` decides with the
symbol table.
Equality of nodes is structural: spans are metadata and do not take part in ``==``.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from ..findings import LocatedError, MathSyntax, UnbalancedDelimiter, UnknownMacro
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
    "Grad",
    "Rel",
    "In",
    "Assign",
    "Tuple",
    "Range",
    "Dots",
    "Logic",
    "Text",
    "Infinity",
    "COMMANDS",
    "parse_math",
    "dump",
    "walk",
    "iter_children",
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
        return int(self.text) if self.text.isdigit() else float(self.text)


@dataclass(frozen=True)
class Sym(MathNode):
    r"""A name: a letter, a Greek letter (``theta``) or a word (``\mathrm{lr}``), possibly decorated.

    ``font`` is ``bf``, ``bb``, ``cal``, ``frak`` or ``scr`` (``""`` for none); ``accents`` lists
    ``hat``, ``bar``, ``tilde``, ``vec``, ``dot``, ``ddot``, ``check``, ``prime``, ``star``,
    innermost first.
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
    """An explicit binary operator: ``op`` is ``+ - * /``, ``cdot`` or ``times``."""

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
    r"""``base^{exp}``; ``\sigma^{2}`` may still denote a name (see :func:`algoverify.math.names.name_key`)."""

    base: MathNode
    exp: MathNode


@dataclass(frozen=True)
class Transpose(MathNode):
    r"""``x^{\top}``, ``x^T``, ``x^{\mathrm{T}}``."""

    operand: MathNode


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
    r"""``\lvert x \rvert`` or ``|x|``."""

    operand: MathNode


@dataclass(frozen=True)
class Inner(MathNode):
    r"""``\langle a, b \rangle``."""

    left: MathNode
    right: MathNode


@dataclass(frozen=True)
class BigOp(MathNode):
    r"""``\sum``, ``\prod``, ``\max``, ``\min``, ``\arg\max`` … with their limits.

    ``\sum_{i=1}^{d} b`` has ``var=i, lo=1, hi=d``; ``\max_v b`` has ``var=v``;
    ``\max_{x \in S} b`` has ``var=x, domain=S``. Missing parts are ``None``.
    """

    kind: str
    var: MathNode | None
    lo: MathNode | None
    hi: MathNode | None
    body: MathNode
    domain: MathNode | None = None


@dataclass(frozen=True)
class Call(MathNode):
    r"""A function known to be one: ``\exp(x)``, ``\log x``, ``\operatorname{softmax}(z)``."""

    func: str
    args: tuple[MathNode, ...]


@dataclass(frozen=True)
class Grad(MathNode):
    r"""``\nabla_{wrt} f``; ``wrt`` is ``None`` for a bare ``\nabla f``."""

    f: MathNode
    wrt: MathNode | None = None


@dataclass(frozen=True)
class Rel(MathNode):
    r"""A relation chain ``first op1 e1 op2 e2 …`` (``a = b \geq 0``).

    Operators are ``= != < <= > >= approx succeq preceq succ prec sim simeq equiv propto
    subset subseteq notin ll gg to``.
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
    r"""``target \gets value`` (also ``\leftarrow``, ``:=``, ``\coloneqq``)."""

    target: MathNode
    value: MathNode


@dataclass(frozen=True)
class Tuple(MathNode):
    r"""A comma list: ``\lambda, v``."""

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
class Text(MathNode):
    r"""``\text{…}`` words inside math."""

    text: str


@dataclass(frozen=True)
class Infinity(MathNode):
    r"""``\infty``."""


# --- traversal and dumping -------------------------------------------------------------------


def iter_children(node: MathNode) -> Iterator[MathNode]:
    """Yield the direct children of ``node`` in field order (relation operands included)."""
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        if isinstance(value, MathNode):
            yield value
        elif isinstance(value, tuple):
            for item in value:
                if isinstance(item, MathNode):
                    yield item
                elif isinstance(item, tuple):  # Rel.rest holds (op, node) pairs
                    yield from (x for x in item if isinstance(x, MathNode))


def walk(node: MathNode) -> Iterator[MathNode]:
    """Yield ``node`` and all its descendants, parents first."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(list(iter_children(current))))


def _dump_sym(node: Sym) -> str:
    text = node.name
    if node.font:
        text = f"{node.font}{{{text}}}"
    for accent in node.accents:
        text = text + "'" if accent == "prime" else f"{accent}{{{text}}}"
    return text


def _opt(node: MathNode | None) -> str:
    return "_" if node is None else dump(node)


_DUMP: dict[type, Callable[[Any], str]] = {
    Num: lambda n: n.text,
    Sym: _dump_sym,
    Idx: lambda n: f"(idx {dump(n.base)} {' '.join(map(dump, n.indices))})",
    Label: lambda n: f"(label {dump(n.base)} {dump(n.label)})",
    Juxt: lambda n: f"(juxt {dump(n.left)} {dump(n.right)})",
    Apply: lambda n: f"(apply {dump(n.fn)} {' '.join(map(dump, n.args))})",
    BinOp: lambda n: f"({n.op} {dump(n.left)} {dump(n.right)})",
    Hadamard: lambda n: f"(odot {dump(n.left)} {dump(n.right)})",
    Neg: lambda n: f"(neg {dump(n.operand)})",
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
    Call: lambda n: f"(call {n.func} {' '.join(map(dump, n.args))})",
    Grad: lambda n: f"(grad {_opt(n.wrt)} {dump(n.f)})",
    Rel: lambda n: "(rel " + dump(n.first) + "".join(f" {op} {dump(e)}" for op, e in n.rest) + ")",
    In: lambda n: f"(in {dump(n.element)} {dump(n.set)})",
    Assign: lambda n: f"(assign {dump(n.target)} {dump(n.value)})",
    Tuple: lambda n: f"(tuple {' '.join(map(dump, n.items))})",
    Range: lambda n: f"(range {dump(n.lo)} {dump(n.hi)})",
    Dots: lambda n: "...",
    Logic: lambda n: f"({n.op} {' '.join(map(dump, n.args))})",
    Text: lambda n: f"(text {n.text!r})",
    Infinity: lambda n: "inf",
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


def _table() -> dict[str, tuple[str, str]]:
    """Build :data:`COMMANDS`: control word → (terminal, canonical value)."""
    t: dict[str, tuple[str, str]] = {g: ("GREEK", g) for g in _GREEK}
    groups = {
        "ACCENT": {
            "hat": "hat",
            "widehat": "hat",
            "bar": "bar",
            "overline": "bar",
            "tilde": "tilde",
            "widetilde": "tilde",
            "vec": "vec",
            "dot": "dot",
            "ddot": "ddot",
            "check": "check",
        },
        "FONT": {
            "mathbf": "bf",
            "boldsymbol": "bf",
            "bm": "bf",
            "mathbb": "bb",
            "mathcal": "cal",
            "mathfrak": "frak",
            "mathscr": "scr",
        },
        "FUNC": {
            f: f
            for f in "exp log ln lg sin cos tan cot sec csc sinh cosh tanh coth arcsin arccos "
            "arctan det dim ker deg gcd Pr".split()
        },
        "BIGOP": {"sum": "sum", "prod": "prod"},
        "MAXOP": {m: m for m in "max min sup inf lim liminf limsup argmax argmin".split()},
        "MULOP": {"cdot": "cdot", "times": "times", "odot": "odot", "ast": "*"},
        "RELOP": {
            "ne": "!=",
            "neq": "!=",
            "le": "<=",
            "leq": "<=",
            "leqslant": "<=",
            "lt": "<",
            "ge": ">=",
            "geq": ">=",
            "geqslant": ">=",
            "gt": ">",
            "approx": "approx",
            "succeq": "succeq",
            "preceq": "preceq",
            "succ": "succ",
            "prec": "prec",
            "sim": "sim",
            "simeq": "simeq",
            "equiv": "equiv",
            "propto": "propto",
            "in": "in",
            "notin": "notin",
            "subset": "subset",
            "subseteq": "subseteq",
            "ll": "ll",
            "gg": "gg",
            "to": "to",
        },
        "ASSIGN_CMD": {"gets": "gets", "leftarrow": "gets", "coloneqq": "gets"},
        "AND": {"land": "and", "wedge": "and"},
        "OR": {"lor": "or", "vee": "or"},
        "NOT": {"lnot": "not", "neg": "not"},
        "DOTS": {d: "dots" for d in "dots ldots cdots dotsc dotsb dotso".split()},
        "BAR": {"vert": "|"},
        "DBAR": {"Vert": "||"},
        "DROP": {
            d: ""
            for d in "big Big bigg Bigg bigl bigr Bigl Bigr biggl biggr Biggl Biggr limits "
            "nolimits displaystyle textstyle quad qquad".split()
        },
        "NEEDS_ARG": {w: w for w in "operatorname mathrm mathit mathsf text textbf textrm textit textsf mbox".split()},
    }
    for kind, words in groups.items():
        t.update({w: (kind, v) for w, v in words.items()})
    t.update(
        {
            "arg": ("ARG", "arg"),
            "nabla": ("NABLA", "nabla"),
            "frac": ("FRAC", "frac"),
            "dfrac": ("FRAC", "frac"),
            "tfrac": ("FRAC", "frac"),
            "sqrt": ("SQRT", "sqrt"),
            "infty": ("INFTY", "inf"),
            "top": ("TOP", "T"),
            "intercal": ("TOP", "T"),
            "prime": ("PRIME_CMD", "prime"),
            "lVert": ("LNORM", "||"),
            "rVert": ("RNORM", "||"),
            "lvert": ("LABS", "|"),
            "rvert": ("RABS", "|"),
            "langle": ("LANGLE", "<"),
            "rangle": ("RANGLE", ">"),
            "left": ("LEFT", ""),
            "right": ("RIGHT", ""),
        }
    )
    return t


#: Every supported control word (without its backslash) → (terminal type, canonical value).
#: The one list of what the math grammar knows; anything else is AV202 at its column.
COMMANDS: dict[str, tuple[str, str]] = _table()

_SPACING = {",", ";", ":", "!", " ", "\t", "\n"}
_WORDCMD = re.compile(r"\\(?P<cmd>[a-zA-Z]+\*?)\s*\{(?P<word>[^{}\\]*)\}")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")
_LAST_TOKEN = re.compile(r"(\\[a-zA-Z]+|\\.|\d+(\.\d*)?|.)$")
_OPENERS = {
    "LPAR": "RPAR",
    "LSQB": "RSQB",
    "LBRACE": "RBRACE",
    "LNORM": "RNORM",
    "LABS": "RABS",
    "LBAR": "RBAR",
    "LANGLE": "RANGLE",
}
_CLOSERS = set(_OPENERS.values())
# After one of these a `|` closes an open bar; elsewhere it opens one.
_OPERAND_END = {"NUMBER", "LETTER", "GREEK", "NAME", "INFTY", "DOTS", "TEXT", "TOP", "PRIME", "PRIME_CMD", *_CLOSERS}


def _span(tok: Any, base: int) -> Span:
    return Span(base + tok.start_pos, base + tok.end_pos)


def _syntax(span: Span, message: str) -> LocatedError:
    return LocatedError(MathSyntax, span, message=message)


class RetypePostLex:
    r"""Retype the catch-all tokens (``CMD``, ``CTRL_SYM``, ``WORDCMD``, bars) and check delimiters.

    A lark ``PostLex``: control words are lexed by maximal munch and looked up in
    :data:`COMMANDS`, so ``\gets`` is never ``\ge`` + ``ts`` and ``\get`` is AV202 at its
    column. ``|`` and ``\|`` become openers or closers from what precedes them. Delimiter
    balance is checked as tokens pass, so an unclosed ``\lVert`` is AV203 at the opener
    rather than a syntax error at the end. Positions are relative to the parsed string;
    errors carry span offsets relative to it too (``parse_math`` shifts them).
    """

    always_accept = ("CMD", "CTRL_SYM", "WORDCMD", "BAR")

    def process(self, stream: Iterator[Any]) -> Iterator[Any]:
        """Yield the retyped tokens of ``stream``; raise :class:`LocatedError` on bad input."""
        from lark import Token

        stack: list[Any] = []
        prev = ""
        force = ""
        for tok in stream:
            kind, value = self._classify(tok)
            if kind in ("DROP", "LEFT", "RIGHT"):
                force = kind if kind != "DROP" else force
                continue
            if kind in ("BAR", "DBAR"):
                kind = self._bar(kind, prev, stack, force)
            force = ""
            out = tok if (kind, value) == (tok.type, tok.value) else Token.new_borrow_pos(kind, value, tok)
            self._balance(out, stack)
            prev = kind
            yield out
        if stack:
            opener = stack[-1]
            raise LocatedError(UnbalancedDelimiter, _span(opener, 0), delim=f"{opener.value!r}: never closed")

    @staticmethod
    def _classify(tok: Any) -> tuple[str, str]:
        """Return the (terminal, value) ``tok`` stands for."""
        if tok.type == "CMD":
            entry = COMMANDS.get(tok.value[1:])
            if entry is None:
                raise LocatedError(UnknownMacro, _span(tok, 0), macro=tok.value)
            if entry[0] == "NEEDS_ARG":
                raise _syntax(_span(tok, 0), f"{tok.value} needs a braced word: {tok.value}{{…}}")
            return entry
        if tok.type == "CTRL_SYM":
            char = tok.value[1:]
            if char in _SPACING or char in "()":
                # \( \) inside math only come from a text-mode \Call{F}{\(b\)} whose arguments
                # were written as inline math: the delimiters carry no meaning here
                return "DROP", ""
            if char == "|":
                return "DBAR", "||"
            raise LocatedError(UnknownMacro, _span(tok, 0), macro=tok.value)
        if tok.type == "WORDCMD":
            return _word_command(tok)
        return tok.type, tok.value

    @staticmethod
    def _bar(kind: str, prev: str, stack: list[Any], force: str) -> str:
        """Decide whether a symmetric bar opens or closes."""
        opener = "LBAR" if kind == "BAR" else "LNORM"
        closing = stack and stack[-1].type == opener and prev in _OPERAND_END
        if force == "RIGHT" or (force != "LEFT" and closing):
            return "RBAR" if kind == "BAR" else "RNORM"
        return opener

    @staticmethod
    def _balance(tok: Any, stack: list[Any]) -> None:
        """Push openers, pop matching closers, raise AV203 on a mismatch."""
        if tok.type in _OPENERS:
            stack.append(tok)
        elif tok.type in _CLOSERS:
            if stack and _OPENERS[stack[-1].type] == tok.type:
                stack.pop()
            elif stack:
                raise LocatedError(
                    UnbalancedDelimiter, _span(stack[-1], 0), delim=f"{stack[-1].value!r}: closed by {tok.value!r}"
                )
            else:
                raise LocatedError(UnbalancedDelimiter, _span(tok, 0), delim=f"{tok.value!r}: nothing to close")


def _word_command(tok: Any) -> tuple[str, str]:
    r"""Retype ``\operatorname{…}``, ``\mathrm{…}``, ``\text{…}`` by command and word."""
    m = _WORDCMD.match(tok.value)
    assert m is not None  # the WORDCMD terminal has the same shape
    cmd, word = m["cmd"], m["word"].strip()
    if cmd.startswith("text") or cmd == "mbox":
        logic = {"and": "AND", "or": "OR", "not": "NOT"}.get(word.lower())
        return (logic, word.lower()) if logic else ("TEXT", word)
    if not _WORD.fullmatch(word):
        raise _syntax(_span(tok, 0), f"{cmd}{{…}} needs one word of letters, got {word!r}")
    if cmd.startswith("operatorname"):
        return ("MAXOP" if word in COMMANDS and COMMANDS[word][0] == "MAXOP" else "FUNC"), word
    if cmd in ("Call", "CALL"):
        return "FUNC", word  # algpseudocode's \Call{Name}{args} inside math: a call of Name
    return "NAME", word  # \mathrm{lr}: a multi-letter name; \mathrm{softmax}(z) stays an Apply


# --- building the AST ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Post:
    """One script after a factor, before the scripts are put in order: ``_i``, ``^2``, ``'``."""

    kind: str  # sub, sup, label, top, prime, star
    value: MathNode | None
    span: Span


@dataclass(frozen=True)
class _Limits:
    lower: MathNode | None
    upper: MathNode | None


def _is_name(node: MathNode) -> bool:
    """Tell whether ``node`` could name a function (so ``node(x)`` may be a call)."""
    if isinstance(node, (Idx, Label)):
        return _is_name(node.base)
    return isinstance(node, Sym) and node.font != "bb"


def _items(node: MathNode) -> tuple[MathNode, ...]:
    return node.items if isinstance(node, Tuple) else (node,)


def _indices(node: MathNode) -> tuple[MathNode, ...]:
    """Split a subscript: ``{ij}`` (letters side by side) and ``{i,j}`` are two indices."""
    if isinstance(node, Tuple):
        return node.items
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
    """Add an accent (``hat``, ``prime``…) to a name; anything else is AV201."""
    if isinstance(node, Sym):
        return Sym(node.name, node.font, node.accents + (accent,), span=span)
    if isinstance(node, Idx) and isinstance(node.base, Sym):  # \hat{x_i} means (\hat{x})_i
        return Idx(_decorate(node.base, accent, span), node.indices, span=span)
    raise _syntax(span, f"{accent} applies to a name, not to an expression")


def _make_builder() -> type:
    """Create the transformer class (lark is imported only when math is first parsed)."""
    from lark import Transformer, v_args

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

        # statements and lists
        def assign(self, meta, target, _op, value):
            return Assign(target, value, span=self._sp(meta))

        def tuple(self, meta, *items):
            return _lift_list(items, self._sp(meta))

        def logic(self, meta, left, op, right):
            args = left.args if isinstance(left, Logic) and left.op == op.value else (left,)
            return Logic(op.value, args + (right,), span=self._sp(meta))

        def negation(self, meta, _op, operand):
            return Logic("not", (operand,), span=self._sp(meta))

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

        def pos(self, meta, _plus, operand):
            return operand

        def juxt(self, meta, left, right):
            return Juxt(left, right, span=self._sp(meta))

        def apply(self, meta, fn, group):
            return _apply(fn, group, self._sp(meta))

        # functions and big operators
        def bare_call(self, meta, func, arg):
            return Call(func.value, (arg,), span=self._sp(meta))

        def call(self, meta, func, args, *posts):
            node = Call(func.value, _items(args), span=Span(self._tok(func).start, self._sp(meta).end))
            return _scripted(node, posts, self._sp(meta)) if posts else node

        def call_brace(self, meta, func, args, *posts):
            r"""``\log{x}^2`` squares x; ``\log{(x)}^2`` (as sympy prints) squares the log."""
            if posts and not self._parenthesised(meta, args, func.end_pos):
                args = _scripted(args, posts, Span(args.span.start, self._sp(meta).end))
                posts = ()
            return self.call(meta, func, args, *posts)

        def grad(self, meta, _nabla, f):
            return Grad(f, None, span=self._sp(meta))

        def grad_wrt(self, meta, _nabla, wrt, f):
            return Grad(f, wrt, span=self._sp(meta))

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

        def sup_star(self, meta, _tok):
            return _Post("star", None, self._sp(meta))

        def sup_prime(self, meta, _tok):
            return _Post("prime", None, self._sp(meta))

        def prime(self, meta, _tok):
            return _Post("prime", None, self._sp(meta))

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
            return inner

        def group(self, meta, inner):
            return inner

        def bracket(self, meta, inner):
            return inner

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

        def accent(self, meta, tok, arg):
            return _decorate(arg, tok.value, self._sp(meta))

        def font(self, meta, tok, arg):
            if isinstance(arg, Num):
                return arg
            if not isinstance(arg, Sym) or arg.font:
                raise _syntax(self._sp(meta), f"{tok.value} applies to one name")
            return Sym(arg.name, tok.value, arg.accents, span=self._sp(meta))

        def infinity(self, meta, tok):
            return Infinity(span=self._tok(tok))

        def dots(self, meta, tok):
            return Dots(span=self._tok(tok))

        def text(self, meta, tok):
            return Text(tok.value, span=self._tok(tok))

        def frac(self, meta, _tok, num, den):
            return Frac(num, den, span=self._sp(meta))

        def sqrt(self, meta, _tok, radicand):
            return Sqrt(radicand, span=self._sp(meta))

        def root(self, meta, _tok, index, radicand):
            return Sqrt(radicand, index, span=self._sp(meta))

        def norm(self, meta, _open, operand, _close):
            return Norm(operand, span=self._sp(meta))

        def abs(self, meta, _open, operand, _close):
            return Abs(operand, span=self._sp(meta))

        def inner(self, meta, _open, pair, _close):
            if not (isinstance(pair, Tuple) and len(pair.items) == 2):
                raise _syntax(self._sp(meta), "\\langle … \\rangle needs two items: ⟨a, b⟩")
            return Inner(pair.items[0], pair.items[1], span=self._sp(meta))

    return _Build


def _apply(fn: MathNode, group: MathNode, span: Span) -> MathNode:
    """Attach a parenthesised group to the factor before it: an :class:`Apply` after a name."""
    if isinstance(fn, Juxt):  # a f(x): the group belongs to the last factor
        return Juxt(fn.left, _apply(fn.right, group, Span(fn.right.span.start, span.end)), span=span)
    if _is_name(fn):
        return Apply(fn, _items(group), span=span)
    return Juxt(fn, group, span=span)


def _scripted(base: MathNode, posts: tuple[_Post, ...], span: Span) -> MathNode:
    """Apply scripts in TeX's order: accents (``'``, ``^*``), label, subscript, superscript."""
    for kind in ("sub", "super"):
        same = [p for p in posts if (p.kind == "sub") == (kind == "sub") and p.kind not in ("prime", "star")]
        if len(same) > 1:
            raise _syntax(same[1].span, f"double {kind}script: use braces, as TeX requires")
    node = base
    for p in posts:
        if p.kind in ("prime", "star"):
            node = _decorate(node, p.kind, Span(span.start, p.span.end))
    for p in posts:
        if p.kind == "label":
            node = Label(node, p.value, span=Span(span.start, p.span.end))
    for p in posts:
        if p.kind == "sub":
            if isinstance(node, Norm) and node.ord is None:
                node = Norm(node.operand, p.value, span=Span(span.start, p.span.end))
            else:
                node = Idx(node, _indices(p.value), span=Span(span.start, p.span.end))
    for p in posts:
        if p.kind in ("sup", "top"):
            node = _power(node, p, Span(span.start, p.span.end))
    return dataclasses.replace(node, span=span)


def _power(node: MathNode, post: _Post, span: Span) -> MathNode:
    r"""``^T`` / ``^{\top}`` is a transpose, ``^{-1}`` an inverse, anything else a power."""
    exp = post.value
    if post.kind == "top" or (isinstance(exp, Sym) and exp.name == "T" and not exp.accents):
        return Transpose(node, span=span)
    if isinstance(exp, Neg) and exp.operand == Num("1", span=exp.span) and not isinstance(node, Num):
        return Inverse(node, span=span)
    return Pow(node, exp, span=span)


def _bigop(kind: str, limits: _Limits, body: MathNode, span: Span) -> MathNode:
    r"""Build a :class:`BigOp`; ``\max(a, b)`` without limits is a :class:`Call`."""
    lower = limits.lower
    if lower is None and limits.upper is None and kind in ("max", "min"):
        return Call(kind, _items(body), span=span)
    var, lo, domain = lower, None, None
    if isinstance(lower, Rel) and len(lower.rest) == 1 and lower.rest[0][0] == "=":
        var, lo = lower.first, lower.rest[0][1]
    elif isinstance(lower, In):
        var, domain = lower.element, lower.set
    return BigOp(kind, var, lo, limits.upper, body, domain, span=span)


def _lift_list(items: tuple[MathNode, ...], span: Span) -> MathNode:
    r"""Build a comma list, lifting a leading relation and a trailing ``\in`` over it.

    ``i = 1, \dots, k`` reads as ``i = (1, …, k)`` and ``x_1, \dots, x_n \in S`` as
    ``(x_1, …, x_n) \in S``: the comma binds tighter than the relation in these idioms.
    """
    has_dots = any(isinstance(i, Dots) for i in items)
    first, last = items[0], items[-1]
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


# --- entry points ------------------------------------------------------------------------------------


@functools.cache
def _parser() -> Any:
    """Build the math parser once (``load_parser`` caches by options; a new post-lexer is a new key)."""
    from ..syntax.grammar import load_parser

    return load_parser("math", postlex=RetypePostLex())


# cached: a listing's math is parsed by lint, by the compiler's name scan and by its statements;
# the trees are frozen, so sharing them is safe (errors are raised anew, not cached)
@functools.lru_cache(maxsize=4096)
def parse_math(latex: str, base: int = 0) -> MathNode:
    r"""Parse one math segment into a :class:`MathNode` tree.

    :param latex: the math text, without its ``\( \)`` delimiters.
    :param base: the offset of ``latex[0]`` in the note; every span in the result is absolute.
    :raises LocatedError: AV201 (syntax, at the offending token), AV202 (unknown macro, at the
        macro), AV203 (unbalanced delimiter, at the opener). Never anything else.
    """
    from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError

    if not latex.strip():
        raise LocatedError(MathSyntax, Span(base, base + len(latex)), message="empty math")
    try:
        tree = _parser().parse(latex)
        return _builder()(latex, base).transform(tree)
    except LocatedError as e:
        # raised by the post-lexer, whose offsets are relative to `latex`
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
        raise _syntax(Span(pos, pos + 1), f"unexpected character {latex[e.pos_in_stream]!r}") from None
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
        return LocatedError(
            MathSyntax, Span(base + start, base + len(text)), message=f"math ends too early, after {text[start:]!r}"
        )
    return LocatedError(MathSyntax, _span(tok, base), message=f"unexpected {tok.value!r}")
