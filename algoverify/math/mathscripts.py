r"""The scripts after a factor, put in TeX's order: accents, labels, subscripts (split into indices), powers.

The math builder of :mod:`algoverify.math.mathbuild` collects each factor's scripts as :class:`Post`
records and hands them here once the factor is complete.
"""

from __future__ import annotations

import dataclasses

from ..records import frozen
from ..source import Span
from .mathcommands import GREEK_LETTERS
from .mathtokens import _syntax
from .mathtree import (
    Attr,
    BigOp,
    BinOp,
    Factorial,
    Frac,
    Idx,
    Inverse,
    Juxt,
    Label,
    MathNode,
    Neg,
    Norm,
    Num,
    Placeholder,
    Pow,
    SetLit,
    Sqrt,
    Styled,
    Sym,
    Text,
    Transpose,
    Tuple,
)


@frozen
class Post:
    """One script after a factor, before the scripts are put in order: ``_i``, ``^2``, ``'``, ``.f``, ``!``."""

    kind: str  # sub, sup, label, top, prime, star, starlabel (^{*b}), attr, fact
    value: MathNode | None
    span: Span
    text: str = ""  # the attribute's name
    count: int = 1  # primes in ^{''}


def _index_like(node: MathNode) -> bool:
    """A single letter, or one with one subscript (``j``, ``i_0``, ``\\sigma_i``, ``\\mathit{mate}_v``): an index."""
    subscripted = isinstance(node, Idx) and len(node.indices) == 1
    if isinstance(node, Idx):
        node = node.base if len(node.indices) == 1 else node
    if isinstance(node, Sym) and not node.accents and (node.font == "it" or (subscripted and not node.font)):
        return True  # \mathit{mate}_v: a variable's name with its subscript, as a letter with one is
    plain = isinstance(node, Sym) and not node.accents and not node.font
    return plain and (len(node.name) == 1 or node.name in _GREEK_INDEX)  # type: ignore[union-attr]


#: Greek letters side by side with another index in a subscript (``\xi_{\mu i}``): lower case
#: (``x_{\Delta t}`` is a step), and not π (``x_{2\pi i}`` is a product)
_GREEK_INDICES = frozenset(g for g in GREEK_LETTERS if g.islower() and g != "pi")
#: Greek letters that index like a letter: \sigma_i (a permutation), \pi_j, \tau_k
_GREEK_INDEX = frozenset({"sigma", "pi", "tau", "rho", "phi", "psi"})


def indices(node: MathNode) -> tuple[MathNode, ...]:
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
        elif (
            isinstance(n, Sym)
            and (len(n.name) == 1 or n.name in _GREEK_INDICES)
            and set(n.accents) <= {"prime"}
            and not n.font
        ):
            letters.append(n)  # T_{ct'}: the entry (c, t'), t' a letter of its own; \xi_{\mu i}: (μ, i)
        else:
            return (node,)
    return tuple(letters)


def decorate(node: MathNode, accent: str, span: Span) -> MathNode:
    r"""Add an accent (``hat``, ``prime``…) to a name; over anything else it is :class:`Styled`."""
    if isinstance(node, Sym):
        return Sym(node.name, node.font, node.accents + (accent,), span=span)
    if isinstance(node, Idx) and isinstance(node.base, Sym):  # \hat{x_i} means (\hat{x})_i
        return Idx(decorate(node.base, accent, span), node.indices, span=span)
    return Styled(accent, node, span=span)  # \widehat{a+b}, (a+b)'


def scripted(base: MathNode, posts: tuple[Post, ...], span: Span) -> MathNode:
    """Apply scripts in TeX's order (accents, label, subscript, superscript), then ``.attr`` and ``!`` as written."""
    node, chunk = base, []
    posts = _star_labels(posts)
    if not isinstance(base, (Sym, Idx, Label, Attr)):  # u.d_i stays entry i of u.d
        posts = _attribute_labels(posts)
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


def _star_labels(posts: tuple[Post, ...]) -> tuple[Post, ...]:
    r"""``^{*b}`` as ``^{*}_{b}``: the bootstrap's b-th sample is a member of the starred family, as ``x^*_b`` is."""
    if not any(p.kind == "starlabel" for p in posts):
        return posts
    out: list[Post] = []
    for p in posts:
        if p.kind != "starlabel":
            out.append(p)
            continue
        if any(q.kind == "sub" for q in posts):
            # x_i^{*b}: entry i of the b-th member, or member (i, b)? TeX does not say, and neither do we
            raise _syntax(
                p.span,
                "a subscript beside ^{*b} (the b-th starred member, x^{*}_{b}): "
                "write every index in one subscript, x^{*}_{b, i}",
            )
        out += [Post("star", None, p.span, text="star"), Post("sub", p.value, p.span)]
    return tuple(out)


def _attribute_labels(posts: tuple[Post, ...]) -> tuple[Post, ...]:
    """``.theta_1`` of a call: the subscript of an attribute is part of its name (the output ``theta_1``)."""
    out: list[Post] = []
    for p in posts:
        last = out[-1] if out else None
        if (
            last is not None
            and last.kind == "attr"
            and p.kind == "sub"
            and not p.text
            and isinstance(p.value, (Num, Sym))
            and (
                isinstance(p.value, Num) and p.value.text.isdigit() or isinstance(p.value, Sym) and not p.value.accents
            )
        ):
            label = p.value.text if isinstance(p.value, Num) else p.value.name
            out[-1] = Post("attr", None, Span(last.span.start, p.span.end), text=f"{last.text}_{label}")
            continue
        out.append(p)
    return tuple(out)


def _scripts(base: MathNode, posts: tuple[Post, ...], span: Span) -> MathNode:
    for kind in ("sub", "super"):
        same = [p for p in posts if (p.kind == "sub") == (kind == "sub") and p.kind not in ("prime", "star")]
        if len(same) > 1:
            raise _syntax(same[1].span, f"double {kind}script: use braces, as TeX requires")
    node = base
    for p in posts:
        if p.kind in ("prime", "star"):
            for _ in range(p.count):
                node = decorate(node, p.text or p.kind, Span(span.start, p.span.end))
    for p in posts:
        if p.kind == "label":
            node = Label(node, p.value, span=Span(span.start, p.span.end))  # type: ignore[arg-type]
    for p in posts:
        if p.kind == "sub":
            node = _subscript(node, p, Span(span.start, p.span.end))
    for p in posts:
        if p.kind in ("sup", "top"):
            node = power(node, p, Span(span.start, p.span.end))
    return dataclasses.replace(node, span=span)


def _subscript(node: MathNode, post: Post, span: Span) -> MathNode:
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
            return Idx(node, indices(value), span=span)
        family = Sym(node.name, node.font, node.accents + ("over_" + pattern,), span=node.span)
        kept = tuple(m for m in marked if isinstance(m, Sym))
        return Idx(family, kept, span=span) if kept else dataclasses.replace(family, span=span)
    return Idx(node, indices(value), span=span)


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


def power(node: MathNode, post: Post, span: Span) -> MathNode:
    r"""``^T`` / ``^{\top}`` is a transpose, ``^{-1}`` an inverse, ``^{+}`` a decoration, anything else a power."""
    exp = post.value
    node = _braced_group(node)
    if post.kind == "top" or (isinstance(exp, Sym) and exp.name == "T" and not exp.accents):
        return Transpose(node, letter=post.kind != "top", span=span)
    assert exp is not None
    if isinstance(exp, Text) and exp.text in ("+", "-") and isinstance(node, (Sym, Idx)):
        return decorate(node, "plus" if exp.text == "+" else "minus", span)  # \delta^{+}
    if isinstance(exp, Neg) and exp.operand == Num("1", span=exp.span) and not isinstance(node, Num):
        return Inverse(node, span=span)
    if isinstance(node, (Sym, Idx)) and _word_label(exp):
        return Label(node, exp, span=span)  # p_k^{\mathrm{S}}, x^{\text{new}}: a name, as p^{(S)} is
    return Pow(node, exp, span=span)


def _braced_group(node: MathNode) -> MathNode:
    r"""``\left\{ \sum_b (…)^2 / (B - 1) \right\}^{1/2}`` (Efron and Tibshirani): braces as big parentheses.

    A set of one sum, product or quotient has no power; the braces only group, as ``\left(`` would.
    A name or a number alone stays a set (``\{0\}^n``), as two items do (``\{0, 1\}^n``).
    """
    if not (isinstance(node, SetLit) and len(node.items) == 1):
        return node
    (item,) = node.items
    if (
        (isinstance(item, BinOp) and item.op in _ARITHMETIC)
        or (isinstance(item, BigOp) and item.kind in ("sum", "prod"))
        or isinstance(item, (Frac, Neg, Sqrt, Juxt, Pow))
    ):
        return item
    return node


_ARITHMETIC = frozenset({"+", "-", "*", "/", "cdot", "times"})

#: upright letters that are numbers or operators in an exponent: the units i and e, the differential d
_UPRIGHT_VALUES = frozenset({"i", "e", "d", "j", "H"})


def _word_label(exp: MathNode) -> bool:
    """An exponent that names rather than raises: an upright letter or word, or words in ``\text``."""
    if isinstance(exp, Text):
        return exp.text.strip().isalpha()
    return isinstance(exp, Sym) and exp.font == "rm" and not exp.accents and exp.name not in _UPRIGHT_VALUES
