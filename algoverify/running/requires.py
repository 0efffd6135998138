r"""What a listing's ``\Require`` and ``\Input`` lines declare: names, shapes, preconditions.

``\Require \(x \in \mathbb{R}^{n}\), \(k \ge 1\)`` declares ``x`` (a vector whose length is ``n``)
and ``k`` (with its bound); the words between the math say shapes ("vector \(x\) of length
\(n\)") and properties ("array \(A[1..n]\) of distinct numbers"), read as the prose's are
(:mod:`.prose_symbols`).
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable

from ..findings import AmbiguousMath, LocatedError
from ..math import mathexpr as M
from ..math.latex import to_latex
from ..math.names import identifier
from ..source import Span
from ..syntax import ir
from .declarations import Declared, InputSpec, Origin, declare_math, said_as, text_of
from .families import bounded_family, dims_of, index_range, levelled_family, read_family
from .prose_math import domain_ends, drawn_interval, in_interval, ordered_family
from .prose_symbols import part_names
from .require_words import text_properties

__all__ = ["declared_inputs"]

_OF_LENGTH = re.compile(r"^\s*(?:of\s+)?(?:length|size|dimension|dimensions)\s*$", re.I)


def _text_shapes(text: ir.Text, spec: InputSpec, parse: Any, origin: Origin | None) -> None:
    """``vector \\(x\\) of length \\(n\\)`` / ``matrix \\(A\\) of size \\(m \\times n\\)``."""
    parts = text.parts
    for i in range(len(parts) - 2):
        a, words, b = parts[i], parts[i + 1], parts[i + 2]
        if isinstance(a, ir.Math) and isinstance(words, str) and isinstance(b, ir.Math) and _OF_LENGTH.match(words):
            name = identifier(parse(a))
            dims = dims_of(parse(b))
            if name is not None and dims is not None:
                spec.declare(Declared(name, a.span, dims, origin=origin))


def _text_intervals(text: ir.Text, spec: InputSpec, parse: Any, origin: Origin | None) -> None:
    r"""``\(U_1, U_2\)`` independent and uniform on ``\((0, 1)\)``: each name in the interval, tested on entry.

    Box–Muller takes the logarithm of U_1: a draw of 0, which the words exclude, is drawn again.
    """
    parts = text.parts
    for a, words, b in zip(parts, parts[1:], parts[2:]):
        if not (isinstance(a, ir.Math) and isinstance(words, str) and isinstance(b, ir.Math)):
            continue
        interval = drawn_interval(words, parse(b))
        if interval is not None:
            in_interval(parse(a), a, interval, b, spec, origin)


def _text_domains(text: ir.Text, spec: InputSpec, parse: Any, origin: Origin | None) -> None:
    r"""``\(f\) continuous on \([a, b]\) with \(f(a) f(b) < 0\)``: a and b are inputs, as f : [a, b] → ℝ makes them."""
    parts = text.parts
    for a, words, b in zip(parts, parts[1:], parts[2:]):
        if isinstance(a, ir.Math) and isinstance(words, str) and isinstance(b, ir.Math):
            for end in domain_ends(words, parse(b)):
                spec.declare(Declared(identifier(end), end.span, (), origin=origin))  # type: ignore[arg-type]


def _valued_family(tree: M.MathNode) -> M.MathNode:
    """``a_0 = f(x_0), \\dots, a_n = f(x_n)`` (Burden and Faires's inputs) as the family ``a_0, \\dots, a_n``."""
    if not (isinstance(tree, M.Rel) and len(tree.rest) == 1 and tree.rest[0][0] == "="):
        return tree
    first, value = tree.first, tree.rest[0][1]
    last = value.hi if isinstance(value, M.Range) else None
    if not (isinstance(first, M.Idx) and isinstance(last, M.Rel) and isinstance(last.first, M.Idx)):
        return tree
    if identifier(first.base) is None or identifier(first.base) != identifier(last.first.base):
        return tree
    return M.Range(first, last.first, span=tree.span)


def _interleaved(tree: M.MathNode) -> list[M.Range] | None:
    """``S_0, A_0, R_1, \\dots, S_T`` (a trajectory): the families ``S_0..S_T``, ``A_0..A_{T-1}``, ``R_1..R_T``.

    Members of several names taken in turn, then ``\\dots`` and the last member of the first name:
    each name runs in step with the first, and ends where the turn before the last one does.
    """
    if not isinstance(tree, M.Tuple) or len(tree.items) < 5 or not isinstance(tree.items[-2], M.Dots):
        return None
    turn, last = tree.items[:-2], tree.items[-1]
    if not all(isinstance(x, M.Idx) and len(x.indices) == 1 and isinstance(x.indices[0], M.Num) for x in turn):
        return None
    names = [identifier(x.base) for x in turn]  # type: ignore[attr-defined]
    if len(set(names)) != len(names) or None in names or not isinstance(last, M.Idx) or len(last.indices) != 1:
        return None
    if identifier(last.base) != names[0]:
        return None
    end, first = last.indices[0], int(turn[0].indices[0].text)  # type: ignore[attr-defined]
    out = [M.Range(turn[0], last, span=tree.span)]
    for member in turn[1:]:
        shift = int(member.indices[0].text) - first - 1  # type: ignore[attr-defined]
        if shift == 0:
            stop: M.MathNode = end
        else:
            op, size = ("+", shift) if shift > 0 else ("-", -shift)
            stop = M.BinOp(op, end, M.Num(str(size), span=end.span), span=end.span)
        out.append(M.Range(member, M.Idx(member.base, (stop,), span=last.span), span=tree.span))  # type: ignore[attr-defined]
    return out


def _fixed_first(tree: M.MathNode) -> tuple[M.MathNode, M.Rel] | None:
    """``a_0 = 1, a_1, \\dots, a_N`` (a normalised first coefficient): the family ``a_0, …, a_N``, and ``a_0 = 1``."""
    if not (isinstance(tree, M.Rel) and len(tree.rest) == 1 and tree.rest[0][0] == "="):
        return None
    first, value = tree.first, tree.rest[0][1]
    if not (isinstance(first, M.Idx) and isinstance(value, M.Tuple) and len(value.items) >= 3):
        return None
    head, rest = value.items[0], value.items[1:]
    base = identifier(first.base)
    members = [item for item in rest if not isinstance(item, M.Dots)]
    if base is None or not any(isinstance(item, M.Dots) for item in rest) or isinstance(head, M.Dots):
        return None
    if not all(isinstance(item, M.Idx) and identifier(item.base) == base for item in members):
        return None
    condition = M.Rel(first, (("=", head),), span=Span(first.span.start, head.span.end))
    return M.Range(first, members[-1], span=tree.span), condition


def _hyphenated(text: ir.Text) -> set[Span]:
    """The math a word is built on: ``\\(x\\)-coordinate``, ``\\(k\\)-th`` (a word of the sentence, never a name)."""
    parts = list(text.parts)
    return {
        p.span
        for p, after in zip(parts, parts[1:])
        if isinstance(p, ir.Math) and isinstance(after, str) and re.match(r"-[A-Za-z]", after)
    }


def _made_of(tree: M.MathNode) -> tuple[str, M.MathNode] | None:
    """``G = (V, E)``: a name for a tuple of names (a graph, an automaton), and that tuple; else ``None``."""
    if not (isinstance(tree, M.Rel) and len(tree.rest) == 1 and tree.rest[0][0] == "="):
        return None
    name, value = identifier(tree.first), tree.rest[0][1]
    if (
        name is None
        or not isinstance(tree.first, M.Sym)
        or not isinstance(value, M.Tuple)
        or isinstance(value, M.Range)
    ):
        return None
    return (name, value) if all(isinstance(i, M.Sym) for i in value.items) else None


def _written_as(tree: M.MathNode, latex: str, written: dict[str, list[tuple[str, str]]]) -> None:
    r"""Note ``tree`` in ``written`` as a family (``x_0, \dots, x_n``) or a plain value (``x``) of its name."""
    family = read_family(tree)
    if family is not None:
        written.setdefault(family.name, []).append(("family", latex))
    elif isinstance(tree, M.Sym) and identifier(tree) is not None:
        written.setdefault(identifier(tree), []).append(("value", latex))  # type: ignore[arg-type]
    elif isinstance(tree, M.Tuple):  # "numbers x, x_0, x_1, \dots, x_n": the point and the nodes in one list
        members = [item for item in tree.items if not isinstance(item, M.Sym)]
        shown = ", ".join(to_latex(item) for item in members)
        for item in tree.items:
            base = identifier(item.base) if isinstance(item, M.Idx) else None
            if base is not None:
                written.setdefault(base, []).append(("family", shown))
            elif isinstance(item, M.Sym) and identifier(item) is not None:
                written.setdefault(identifier(item), []).append(("value", identifier(item)))  # type: ignore[arg-type]


def declared_inputs(
    nodes: Iterable[ir.Node],
    parse: Any,
    locate: Callable[[int], tuple[int, int]] | None = None,
    *,
    tolerant: bool = False,
) -> InputSpec:
    """Read the ``\\Require``/``\\Input`` conditions among ``nodes`` (``parse(math) -> MathNode``).

    ``tolerant``: skip math that does not parse (``lint`` reports it on its own) instead of raising.
    """
    spec = InputSpec()
    for node in nodes:
        if isinstance(node, ir.Condition) and node.kind in ("require", "input"):
            origin = Origin("require", locate(node.span.start)[0] if locate is not None else None)
            parts = part_names(node.text)  # "X ∈ ℝ^{n×p} with rows x_1^T, …, x_n^T": X's rows, not an input x
            words = _hyphenated(node.text)  # "sorted by \(x\)-coordinate": a word, not an input x
            written: dict[str, list[tuple[str, str]]] = {}  # what each name is here (a family, a value), as written
            bounds: list[M.Rel] = []
            for m in node.symbols:
                if m.span in parts or m.span in words:
                    continue
                try:
                    tree = parse(m)
                except LocatedError:
                    if not tolerant:
                        raise
                    continue
                _written_as(tree, text_of(m)(tree.span), written)
                ranged = index_range(tree)
                if ranged is not None:  # i, j = 0, \dots, m + 1: where the indices run, never a condition on them
                    first = ranged[1]
                    start = int(first.text) if isinstance(first, M.Num) and first.text.isdigit() else None
                    spec.index_ranges.append((ranged[0], start, m.span))
                    continue
                woven = _interleaved(tree)  # S_0, A_0, R_1, \dots, S_T: three families, woven (Sutton and Barto)
                if woven is not None:
                    for family in woven:
                        declare_math(family, spec, text_of(m), origin)
                    continue
                tree = levelled_family(tree)  # Q^{0}_1, \dots, Q^{0}_m: the iterate Q^{(0)}, a list of m
                tree = _valued_family(tree)  # a_0 = f(x_0), \dots, a_n = f(x_n): the family a_0, …, a_n
                bounded = bounded_family(tree)  # v_1, \dots, v_n \ge 0: the family, and the bound on each member
                if bounded is not None:
                    tree, each = bounded
                    bounds.append(each)  # said once the family is declared, as "w_i \ge 1" after "w_1, …, w_n"
                fixed = _fixed_first(tree)  # a_0 = 1, a_1, \dots, a_N: the family a_0, …, a_N, and a_0 = 1
                if fixed is not None:
                    tree, condition = fixed
                    spec.add_condition(condition, text_of(m)(condition.span), None)
                made_of = _made_of(tree)
                if made_of is not None:  # graph G = (V, E): G is its parts, an input only where the listing reads it
                    spec.definitions.setdefault(made_of[0], (made_of[1], origin))
                elif not ordered_family(tree, spec, origin, m):  # x_0 < x_1 < \dots < x_n: the sorted family x
                    declare_math(tree, spec, text_of(m), origin)
            for each in bounds:
                declare_math(each, spec, said_as(to_latex(each)), origin)
            clash = next(((n, kinds) for n, kinds in written.items() if len({k for k, _ in kinds}) > 1), None)
            if clash is not None and not tolerant:
                name, kinds = clash
                family, value = (next(t for k, t in kinds if k == kind) for kind in ("family", "value"))
                raise LocatedError(
                    AmbiguousMath,
                    node.span,
                    message=f"{value} is both a value and the name of the family {family} in this \\Require: "
                    "a run holds one value under one name; "
                    "give the value a letter of its own (in the prose, the listing and the checks)",
                    details={"declared": name},
                )
            try:
                _text_shapes(node.text, spec, parse, origin)
                _text_intervals(node.text, spec, parse, origin)
                _text_domains(node.text, spec, parse, origin)
            except LocatedError:
                if not tolerant:
                    raise
            text_properties(node.text, spec, parse, origin)
    return spec
