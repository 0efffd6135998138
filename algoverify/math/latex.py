r"""Math AST → LaTeX, for messages: the author's own text when it is at hand, else the tree printed.

A message names the math it is about as the author wrote it: :func:`written` slices the text
the node's span indexes (the note, or the math typed at the stepper). Where that text is not
known (math built from a spec string, a binding's ``step.math``), :func:`to_latex` prints the
tree in ordinary LaTeX (``A v``, ``\lVert w - \lambda v \rVert``, ``C_{A_{j}}``): a reader
never sees the s-expressions of :func:`algoverify.math.mathexpr.dump`. A value sympy computed
(a proof's difference) is printed the same way by :func:`sympy_latex`, its symbols spelt as the
note spells the names they stand for (:func:`identifier_latex`: ``x_{1}``, ``\lambda``), never
in sympy's own spelling (``x[1]``, ``Abs``, ``**``).
"""

from __future__ import annotations

import re
from typing import Any, Callable

from ..source import Span
from . import mathexpr as M

__all__ = ["written", "to_latex", "identifier_latex", "sympy_latex"]


def written(node: M.MathNode, text: str | None) -> str:
    """The LaTeX ``node`` was written as: the slice of ``text`` its span covers, whitespace folded.

    Falls back to :func:`to_latex` when ``text`` is ``None`` or the span does not lie in it.
    """
    span = node.span
    if text is not None and span.end <= len(text) and span.end > span.start:
        return " ".join(text[span.start : span.end].split())
    return to_latex(node)


_GREEK = frozenset(M._GREEK)
_FONTS = {"bf": "mathbf", "bb": "mathbb", "cal": "mathcal", "frak": "mathfrak", "scr": "mathscr", "rm": "mathrm"}
_BINOPS = {"+": " + ", "-": " - ", "*": " * ", "/": " / ", "concat": " \\| ", "%": " \\mathbin{\\%} "}
_RELS = {"=": "=", "!=": "\\ne", "<": "<", "<=": "\\le", ">": ">", ">=": "\\ge", "in": "\\in"}
_LOGIC = {"and": " \\land ", "or": " \\lor "}
#: how tightly each node binds: a child that binds looser than its parent is parenthesised
_LOOSE = (M.Rel, M.In, M.Logic, M.Assign, M.Tuple, M.Range, M.Given, M.Colon, M.Quant, M.Seq, M.Fragment)


#: a name joined from an increment and a letter (names.join_increments): ``Deltat`` is written ``\Delta t``
_INCREMENT = re.compile(r"(Delta|delta)([A-Za-z]+)")


def _sym(n: M.Sym) -> str:
    name = n.name
    text = f"\\{name}" if name in _GREEK else name if len(name) == 1 else f"\\mathrm{{{name}}}"
    step = _INCREMENT.fullmatch(name)
    if step is not None and (len(step[2]) == 1 or step[2] in _GREEK):  # Deltat, Deltaphi: \Delta t, \Delta \phi
        text = f"\\{step[1]} " + (f"\\{step[2]}" if step[2] in _GREEK else step[2])
    if n.font in _FONTS:
        text = f"\\{_FONTS[n.font]}{{{text}}}"
    for accent in n.accents:
        if accent == "paren":
            continue  # the family of \bar{x}_{(i)}: its mark is the subscript's parentheses (_idx)
        suffix = {"prime": "'", "star": "^{*}", "plus": "^{+}", "minus": "^{-}"}.get(accent)
        text = text + suffix if suffix else f"\\{accent}{{{text}}}"
    return text


def _function(name: str) -> str:
    """``\\log``, ``\\exp`` for LaTeX's own function commands, ``\\operatorname{softmax}`` for any other."""
    return f"\\{name}" if M.COMMANDS.get(name, ("",))[0] == "FUNC" else f"\\operatorname{{{name}}}"


def _group(n: M.MathNode) -> str:
    """``n`` as a sub/superscript: braced unless it is one character."""
    text = to_latex(n)
    return text if len(text) == 1 else f"{{{text}}}"


def _operand(n: M.MathNode, *, sums: bool = True) -> str:
    """``n`` as an operand of a product (``sums``) or of a sum: parenthesised when it binds looser."""
    text = to_latex(n)
    loose = _LOOSE + ((M.BinOp, M.Neg) if sums else ())
    if isinstance(n, M.BinOp) and n.op not in ("+", "-") and sums:
        loose = _LOOSE
    return f"({text})" if isinstance(n, loose) else text


def _script_base(n: M.MathNode) -> str:
    text = to_latex(n)
    simple = isinstance(n, (M.Sym, M.Num, M.Idx, M.Norm, M.Abs, M.Call, M.Apply, M.Label))
    return text if simple else f"({text})"


def _args(args: tuple[M.MathNode, ...]) -> str:
    return ", ".join(map(to_latex, args))


def _bigop(n: M.BigOp) -> str:
    head = f"\\{n.kind}"
    if n.var is not None and n.lo is not None:
        head += f"_{{{to_latex(n.var)}={to_latex(n.lo)}}}"
    elif n.var is not None and n.domain is not None:
        head += f"_{{{to_latex(n.var)} \\in {to_latex(n.domain)}}}"
    elif n.var is not None:
        head += f"_{_group(n.var)}"
    if n.hi is not None:
        head += f"^{_group(n.hi)}"
    return f"{head} {_operand(n.body)}"


def _matrix(n: M.Matrix) -> str:
    rows = " \\\\ ".join(" & ".join(map(to_latex, row)) for row in n.rows)
    return f"\\begin{{{n.kind}}} {rows} \\end{{{n.kind}}}"


def _cases(n: M.Cases) -> str:
    otherwise = "\\text{otherwise}"
    rows = " \\\\ ".join(f"{to_latex(v)} & {otherwise if c is None else to_latex(c)}" for v, c in n.branches)
    return f"\\begin{{cases}} {rows} \\end{{cases}}"


def _binop(n: M.BinOp) -> str:
    op = _BINOPS.get(n.op, " \\" + n.op + " ")
    right = _operand(n.right, sums=n.op != "+")
    return f"{_operand(n.left, sums=n.op not in ('+', '-'))}{op}{right}"


def _deriv(n: M.Deriv) -> str:
    d = "\\partial" if n.partial else "d"
    top = d if n.f is None else f"{d} {to_latex(n.f)}"
    return f"\\frac{{{top}}}{{{' '.join(f'{d} {to_latex(w)}' for w in n.wrt)}}}"


def _logic(n: M.Logic) -> str:
    if n.op == "not":
        return "\\lnot " + _operand(n.args[0])
    return _LOGIC.get(n.op, " \\" + n.op + " ").join(map(_operand, n.args))


def _idx(n: M.Idx) -> str:
    index = n.indices[0] if len(n.indices) == 1 else M.Tuple(n.indices, span=n.span)
    if isinstance(n.base, M.Sym) and "paren" in n.base.accents:
        return f"{_script_base(n.base)}_{{({to_latex(index)})}}"  # \bar{x}_{(i)}, a family of its own
    return f"{_script_base(n.base)}_{_group(index)}"


def _root(n: M.Sqrt) -> str:
    return "" if n.index is None else f"[{to_latex(n.index)}]"


def _interval(n: M.Interval) -> str:
    return f"{'[' if n.closed_lo else '('}{to_latex(n.lo)}, {to_latex(n.hi)}{']' if n.closed_hi else ')'}"


def _rel(n: M.Rel) -> str:
    parts = [to_latex(n.first)]
    for op, e in n.rest:
        parts += [_RELS.get(op, f"\\{op}"), to_latex(e)]
    return " ".join(parts)


def _fragment(n: M.Fragment) -> str:
    op = "\\gets" if n.op in ("gets", "leftarrow") else _RELS.get(n.op, n.op)
    return " ".join(p for p in (n.left and to_latex(n.left), op, n.right and to_latex(n.right)) if p)


_PRINT: dict[type, Callable[[Any], str]] = {
    M.Num: lambda n: n.text,
    M.Sym: _sym,
    M.Idx: _idx,
    M.Label: lambda n: f"{to_latex(n.base)}^{{({to_latex(n.label)})}}",
    M.Juxt: lambda n: f"{_operand(n.left)} {_operand(n.right)}",
    M.Apply: lambda n: f"{to_latex(n.fn)}({_args(n.args)})",
    M.BinOp: _binop,
    M.Hadamard: lambda n: f"{_operand(n.left)} \\odot {_operand(n.right)}",
    M.Neg: lambda n: f"-{_operand(n.operand)}",
    M.Frac: lambda n: f"\\frac{{{to_latex(n.num)}}}{{{to_latex(n.den)}}}",
    M.Sqrt: lambda n: f"\\sqrt{_root(n)}{{{to_latex(n.radicand)}}}",
    M.Pow: lambda n: f"{_script_base(n.base)}^{{{to_latex(n.exp)}}}",
    M.Transpose: lambda n: f"{_script_base(n.operand)}^{{\\top}}",
    M.Inverse: lambda n: f"{_script_base(n.operand)}^{{-1}}",
    M.Norm: lambda n: f"\\lVert {to_latex(n.operand)} \\rVert" + ("" if n.ord is None else f"_{_group(n.ord)}"),
    M.Abs: lambda n: f"\\lvert {to_latex(n.operand)} \\rvert",
    M.Inner: lambda n: f"\\langle {to_latex(n.left)}, {to_latex(n.right)} \\rangle",
    M.BigOp: _bigop,
    M.Call: lambda n: f"{_function(n.func)}({_args(n.args)})",
    M.SubCall: lambda n: f"{_function(n.func)}_{_group(n.sub)}({_args(n.args)})",
    M.Grad: lambda n: "\\nabla" + ("" if n.wrt is None else f"_{_group(n.wrt)}") + f" {_operand(n.f)}",
    M.Deriv: _deriv,
    M.Partial: lambda n: "\\partial",
    M.Rel: _rel,
    M.In: lambda n: f"{to_latex(n.element)} \\in {to_latex(n.set)}",
    M.Assign: lambda n: f"{to_latex(n.target)} \\gets {to_latex(n.value)}",
    M.Tuple: lambda n: _args(n.items),
    M.Range: lambda n: f"{to_latex(n.lo)}, \\dots, {to_latex(n.hi)}",
    M.Dots: lambda n: "\\dots",
    M.Logic: _logic,
    M.Quant: lambda n: f"\\{n.kind} {to_latex(n.var)}" + ("" if n.body is None else f", {to_latex(n.body)}"),
    M.Text: lambda n: f"\\text{{{n.text}}}",
    M.String: lambda n: f'"{n.value}"',
    M.Infinity: lambda n: "\\infty",
    M.Const: lambda n: f"\\{n.name}",
    M.Placeholder: lambda n: "\\cdot" if n.symbol == "cdot" else n.symbol,
    M.Macro: lambda n: n.name + "".join(f"{{{to_latex(a)}}}" for a in n.args),
    M.Styled: lambda n: f"\\{n.style}{{{to_latex(n.operand)}}}",
    M.Attr: lambda n: f"{to_latex(n.obj)}.{n.name}",
    M.Index: lambda n: f"{to_latex(n.base)}[{_args(n.args)}]",
    M.Given: lambda n: f"{to_latex(n.event)} \\mid {to_latex(n.condition)}",
    M.Colon: lambda n: f"{to_latex(n.left)} : {to_latex(n.right)}",
    M.SetLit: lambda n: f"\\{{{_args(n.items)}\\}}",
    M.SetBuilder: lambda n: f"\\{{{to_latex(n.element)} : {to_latex(n.condition)}\\}}",
    M.Interval: _interval,
    M.ListLit: lambda n: f"[{_args(n.items)}]",
    M.Floor: lambda n: f"\\lfloor {to_latex(n.operand)} \\rfloor",
    M.Ceil: lambda n: f"\\lceil {to_latex(n.operand)} \\rceil",
    M.Factorial: lambda n: f"{_script_base(n.operand)}!",
    M.Binom: lambda n: f"\\binom{{{to_latex(n.n)}}}{{{to_latex(n.k)}}}",
    M.Modulo: lambda n: f"{to_latex(n.expr)} \\pmod{{{to_latex(n.modulus)}}}",
    M.Matrix: _matrix,
    M.Cases: _cases,
    M.Seq: lambda n: " \\qquad ".join(map(to_latex, n.statements)),
    M.Fragment: _fragment,
}


def to_latex(node: M.MathNode) -> str:
    """``node`` printed as LaTeX (the tree's own reading of it, spelt in the usual commands)."""
    return _PRINT[type(node)](node)


# --- names and sympy values, spelt as the note spells them -------------------------------------------

#: an identifier's suffixes (:func:`algoverify.math.names.identifier`) back to the Sym they came from
_FONT_SUFFIXES = frozenset(("bb", "cal", "frak", "scr"))
_ACCENTS = frozenset(("hat", "bar", "tilde", "vec", "dot", "ddot", "check", "prime", "star", "plus", "minus", "paren"))
_ENTRY = re.compile(r"(?P<name>.+?)\[(?P<at>[0-9]+(?:,[0-9]+)*)\]")


def identifier_latex(name: str) -> str:
    r"""The LaTeX of the name an identifier stands for.

    ``lam`` → ``\lambda``, ``x_hat`` → ``\hat{x}``, ``B_1`` → ``B_{1}``, ``sigma_sq`` → ``\sigma^{2}``;
    an entry ``x[2]`` (1-based) → ``x_{2}``.
    """
    entry = _ENTRY.fullmatch(name)
    if entry is not None:
        return f"{_script(identifier_latex(entry['name']))}_{{{entry['at']}}}"
    base, *rest = name.split("_")
    if not base or not base.isalnum():
        return name
    font = rest.pop(0) if rest and rest[0] in _FONT_SUFFIXES else ""
    accents = []
    while rest and rest[0] in _ACCENTS:
        accents.append(rest.pop(0))
    base = "lambda" if base == "lam" else base
    text = _sym(M.Sym(base, font, tuple(accents), span=Span(0, 0)))
    if rest == ["sq"]:
        return f"{_script(text)}^{{2}}"
    if len(rest) == 2 and rest[0] == "of":
        return f"{_script(text)}^{{({identifier_latex(rest[1])})}}"
    if rest == ["T"]:
        return f"{_script(text)}^{{\\top}}"
    stepped = _STEP.fullmatch("_".join(rest)) if rest else None
    if stepped is not None:  # H_k_plus_1 → H_{k+1}; x_hat_k_given_k_minus_1 → \hat{x}_{k|k-1}
        return f"{_script(text)}_{{{_step(stepped['at'])}{'|' + _step(stepped['given']) if stepped['given'] else ''}}}"
    if rest:
        index = ", ".join(_subscript(r) for r in rest if r)
        return f"{_script(text)}_{{({index})}}" if "paren" in accents else f"{_script(text)}_{{{index}}}"
    return text


#: a step's subscript as an identifier spells it: ``k_plus_1``, ``k_minus_1_given_k_minus_1``
_STEP = re.compile(r"(?P<at>[a-z](?:_(?:plus|minus)_\d+)?)(?:_given_(?P<given>[a-z](?:_(?:plus|minus)_\d+)?))?")


def _step(part: str) -> str:
    """``k_plus_1`` → ``k+1``, ``k`` → ``k``."""
    return part.replace("_plus_", "+").replace("_minus_", "-")


def _subscript(part: str) -> str:
    """One part of a subscript: ``1``, ``ij`` (of ``G_{ij}``) as written, a longer word as a name."""
    return part if part.isdigit() or len(part) <= 2 else identifier_latex(part)


def _script(text: str) -> str:
    """``text`` as the base of a sub- or superscript: grouped when it carries one already."""
    return f"{{{text}}}" if "_" in text or "^" in text else text


def sympy_latex(expr: Any) -> str:
    r"""A sympy value in LaTeX, its symbols spelt as the note's names.

    ``(x_{1} - x_{2})^{2} / 4``, ``\lvert x_{1} \rvert``; never sympy's spelling (``x[1]``, ``Abs``, ``**``).
    """
    from sympy.printing.latex import LatexPrinter  # lazy: lint never imports sympy

    class Printer(LatexPrinter):
        def _print_Symbol(self, sym: Any, style: str = "plain") -> str:  # noqa: N802 - sympy's name
            return identifier_latex(sym.name)

        def _print_Abs(self, e: Any, exp: Any = None) -> str:  # noqa: N802 - sympy's name
            text = f"\\lvert {self._print(e.args[0])} \\rvert"
            return text if exp is None else f"{text}^{{{exp}}}"

    text = Printer().doprint(expr)
    for sized, plain in (("\\left(", "("), (" \\right)", ")"), ("\\right)", ")"), ("\\left[", "["), (" \\right]", "]")):
        text = text.replace(sized, plain)
    return text.replace("\\right]", "]")


_BARRED = re.compile(r"^\\(?:overline|bar)\s*\{")


def bar_hint(written: str) -> str:
    r"""Why ``\overline{X_k}`` names nothing, where no ``\bar{X}`` is given: and how a conjugate is written.

    A bar makes a name of its own (the sample mean \(\bar{x}\)); the complex conjugate of ``X_k`` is
    ``X_k^{*}``. ``""`` for a name with no bar.
    """
    text = written.strip()
    m = _BARRED.match(text)
    if m is None:
        return ""
    depth, end = 1, m.end()
    while end < len(text) and depth:  # the bar's group, braces and all: \overline{h_{ji}}
        depth += {"{": 1, "}": -1}.get(text[end], 0)
        end += 1
    if depth:
        return ""
    plain = text[m.end() : end - 1].strip() + text[end:].strip()
    return f" (a bar makes a name of its own, which nothing gives; the complex conjugate is written {plain}^{{*}})"
