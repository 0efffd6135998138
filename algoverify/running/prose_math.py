r"""What one formula of the prose declares: memberships, families, relations, points, definitions.

:mod:`.prose_symbols` cuts a sentence into words and formulas (each a :class:`Piece`) and reads the
words around each formula; the formula itself is read here: ``x \in \mathbb{R}^{n}``, ``n \ge 1``,
``x = (x_1, \dots, x_n)``, ``p_i = (x_i, y_i)``, ``f(x) = x^2 - 2``, ``i^2 = -1``.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from ..math import mathexpr as M
from ..math.builtin_names import BUILTIN_FUNCTIONS
from ..math.latex import to_latex
from ..math.names import identifier, labelled, staged_entry
from ..math.ranges import literal_number
from ..records import frozen
from ..source import Span
from ..syntax import ir
from .declarations import (
    FIRST_MEMBER,
    LAST_MEMBER,
    PAST_END,
    Declared,
    InputSpec,
    Origin,
    declare_math,
    function_type,
    named_entries,
    said_as,
    text_of,
)
from .families import Family, bound_on_each, bounded_family, read_family, written_family_of
from .prose_properties import SAID


@frozen
class Piece:
    """One formula of a sentence, parsed, with the inline math it came from (for its span)."""

    tree: M.MathNode
    math: ir.Math


#: words that introduce the array written right after them: "let the pattern be P[1..m]", "a string s_1 … s_n"
_INTRODUCES = re.compile(
    r"(?:\b(?:be|is|are|let|given|array|string|sequence|pattern|text|word|list|vector|input|signal)|:)$", re.I
)
_ROUGHLY = frozenset({"approx", "sim", "simeq", "cong", "propto"})
_ORDERS = frozenset({"<", "<=", ">", ">=", "le", "ge", "lt", "gt", "leq", "geq"})


def children(value: object) -> list[M.MathNode]:
    """The math nodes a field of a node holds: itself, or the nodes of a tuple."""
    if isinstance(value, M.MathNode):
        return [value]
    if isinstance(value, tuple):
        return [v for v in value if isinstance(v, M.MathNode)]
    return []


def read_math(
    piece: Piece,
    spec: InputSpec,
    origin: Origin,
    *,
    conditional: bool,
    words: str = "",
    indices: set[str] | frozenset[str] = frozenset(),
    joined: bool = False,
    assumed: bool = False,
) -> bool:
    """Declare what ``piece`` declares; ``True`` when it states a precondition (``x_0 < x_1``).

    ``joined``: it follows a precondition over "and" ("where x_0 < x_1 and 0 ≤ y_1 - y_0 ≤ x_1 - x_0"),
    so a relation of several names in it is a precondition too. ``assumed``: its sentence says it
    assumes it ("let … such that f(a) f(b) < 0"), so a relation of values of functions is one too.
    """
    tree = piece.tree
    precondition = False
    # "let m, n ≥ 1": the bound is on every name of the list
    items = bound_on_each(list(tree.items)) if isinstance(tree, M.Tuple) and not isinstance(tree, M.Range) else [tree]
    for item in items:
        bounded = bounded_family(item) if isinstance(item, M.Range) and not conditional else None
        if bounded is not None:  # "let h_1, …, h_n > 0 be the curvatures": the family h, and h_i > 0 of each
            item, each = bounded
            if read_family(item).size not in indices:  # type: ignore[union-attr]
                declare_math(item, spec, text_of(piece.math), origin, joint=False)
                declare_math(each, spec, said_as(to_latex(each)), origin, joint=True)
            continue
        family = read_family(item) if isinstance(item, M.Range) else None
        if family is not None and family.size in indices:
            continue  # "every s_t … of x_1, …, x_t": a prefix up to a running index, not x's size
        # x_1, …, x_n; x ∈ ℝⁿ; f : [a, b] → ℝ; "the pattern P[1..m]" (not "a suffix of P[1..q]"): each declares
        # only where the prose introduces it ("let the pattern be P[1..m]"), never a prefix it mentions
        slice_of = written_family_of(item) is not None and not _INTRODUCES.search(words)
        if (
            isinstance(item, (M.Range, M.In))
            or function_type(item) is not None
            or (written_family_of(item) is not None and not slice_of)
        ):
            declare_math(item, spec, text_of(piece.math), origin, joint=False)
        elif isinstance(item, M.Rel):
            precondition |= relation(item, piece, spec, origin, conditional=conditional, joined=joined, assumed=assumed)
    return precondition


def _labelled_constant(node: M.MathNode) -> bool:
    """``k_B``, ``T_c``, ``x_{\\max}``, ``E_0``: a letter with a capital, a word or 0 below it, a name of its own."""
    if not (isinstance(node, M.Idx) and isinstance(node.base, M.Sym) and len(node.indices) == 1):
        return False
    (label,) = node.indices
    if isinstance(label, M.Num):  # "\(E_0 = \frac{1}{2} p_0^2 + …\)": the initial E, bound where a listing reads E_0
        return label.text == "0"
    return isinstance(label, M.Sym) and (label.name[:1].isupper() or len(label.name) > 1 or label.font == "rm")


def set_by_case(rel: M.MathNode, case: M.MathNode, spec: InputSpec, origin: Origin) -> None:
    """``w(u, v) = \\infty`` when ``(u, v) \\notin E`` (``a_{uv} = 1`` if ``(u, v) \\in E``): the set ``E`` itself.

    CLRS stores a graph as its weights, ∞ where there is no edge: the edges are the pairs of
    vertices (the set the prose defines, ``V = \\{1, \\dots, n\\}``) whose weight is not ∞. Only a set
    nothing else defines, over the one set of vertices the prose gives. The two may come in either
    order ("an edge \\((u, v) \\in E\\) when \\(a_{uv} = 1\\)").
    """
    if isinstance(rel, M.In) or (isinstance(rel, M.Rel) and rel.rest[0][0] == "notin"):
        rel, case = case, rel
    if isinstance(case, M.In):
        pair, member, named = case.element, True, case.set
    elif isinstance(case, M.Rel) and len(case.rest) == 1 and case.rest[0][0] == "notin":
        pair, member, named = case.first, False, case.rest[0][1]
    else:
        return
    name = identifier(named) if isinstance(named, M.Sym) else None
    if not (isinstance(rel, M.Rel) and len(rel.rest) == 1 and rel.rest[0][0] == "=") or name is None:
        return
    said = spec.get(name)  # "a matching M \subseteq E": a mention, which says nothing of what E holds
    if name in spec.definitions or (said is not None and (said.shape is not None or said.domain)):
        return
    if not isinstance(pair, M.Tuple):
        return
    names = {identifier(i) for i in pair.items if isinstance(i, M.Sym)}
    read = {identifier(n) for n in M.walk(rel.first) if isinstance(n, M.Sym)}
    vertices = [v for v, (value, _) in spec.definitions.items() if isinstance(value, M.SetLit) and v != name]
    if len(names) != len(pair.items) or not names <= read:
        return
    span = case.span
    if len(vertices) == 1:
        over: M.MathNode = M.Sym(vertices[0], span=span)
        for _ in pair.items[1:]:
            over = M.BinOp("times", over, M.Sym(vertices[0], span=span), span=span)
    else:  # b_{ij} of an m × n matrix B (a bipartite graph's U × V): the pairs of its rows and columns
        sides = _entry_sides(rel.first, spec, span)
        if sides is None or len(sides) != len(pair.items):
            return
        over = M.BinOp("times", sides[0], sides[1], span=span)
    test = M.Rel(rel.first, (("=" if member else "!=", rel.rest[0][1]),), span=rel.span)
    spec.definitions[name] = (M.SetBuilder(M.In(pair, over, span=span), test, span=span), origin)


def _entry_sides(entry: M.MathNode, spec: InputSpec, span: Span) -> tuple[M.MathNode, M.MathNode] | None:
    """``\\{1, …, m\\}`` and ``\\{1, …, n\\}`` of ``b_{ij}``, an entry of the ``m × n`` matrix ``B`` declared."""
    if not (isinstance(entry, M.Idx) and len(entry.indices) == 2 and isinstance(entry.base, M.Sym)):
        return None
    base = identifier(entry.base) or ""
    declared = spec.get(base[:1].upper() + base[1:]) or spec.get(base)
    shape = declared.shape if declared is not None else None
    if shape is None or len(shape) != 2:
        return None

    def side(size: str) -> M.MathNode:
        last = M.Num(size, span=span) if size.isdigit() else M.Sym(size, span=span)
        return M.SetLit((M.Range(M.Num("1", span=span), last, span=span),), span=span)

    if not all(isinstance(size, str) and re.fullmatch(r"\w+", size) for size in shape):
        return None
    return side(shape[0]), side(shape[1])


def relation(
    tree: M.Rel,
    piece: Piece,
    spec: InputSpec,
    origin: Origin,
    *,
    conditional: bool,
    joined: bool = False,
    assumed: bool = False,
) -> bool:
    """Read one relation of the prose; ``True`` when it is a precondition on the inputs."""
    ops = [op for op, _ in tree.rest]
    value = tree.rest[0][1] if len(tree.rest) == 1 else None
    if ops == ["="] and isinstance(value, M.Tuple) and len(value.items) == 1 and isinstance(value.items[0], M.Range):
        # CLRS's p = ⟨p_0, p_1, …, p_n⟩: the sequence written in angle brackets, as (p_0, …, p_n) is
        tree = M.Rel(tree.first, (("=", value.items[0]),), span=tree.span)
    if not conditional and _ordered_family(tree, spec, origin, piece):
        return False  # "let a_1 ≤ a_2 ≤ … ≤ a_n be a sorted array": the array, its size, and that it is sorted
    point = _point_value(tree)
    if point is not None:  # "with the convention sign(0) = 1"
        name, at, value = point
        spec.conventions.setdefault(name, {}).setdefault(at, value)
        return False
    level = _level_from_family(tree)
    if level is not None and not conditional:  # Farin's "set b_i^0 = b_i": the level 0 is the control points
        spec.definitions.setdefault(level[0], (level[1], origin))
        return False
    defined = function_definition(tree)
    if defined is not None and not conditional:  # "the logistic function σ(z) = 1/(1 + e^{-z})"
        name, params = defined
        spec.functions.setdefault(name, (params, defined_value(tree), origin))
        return False
    unit = _squared_to_minus_one(tree)
    if unit is not None and not conditional:  # "where j^2 = -1": j is the imaginary unit, as j = \sqrt{-1} says
        spec.definitions.setdefault(
            unit, (M.Sqrt(M.Neg(M.Num("1", span=tree.span), span=tree.span), span=tree.span), origin)
        )
        return False
    if ops == ["="] and _coordinates(tree, spec):
        return False  # "a point p_i = (x_i, y_i)": x_i and y_i are p_i's coordinates
    ends = _both_ends(tree, origin)
    if ends is not None:  # "u_0^0 = u_J^0 = 0": the family u_0^0, …, u_J^0 (numbered so even under an "if")
        spec.add_family(ends)
        return False
    wrap = _periodic_end(tree)
    if wrap is not None and not conditional:  # "indices are taken periodically, u_0 = u_J and u_{J+1} = u_1"
        name, at, member = wrap
        spec.fixed.setdefault(name, {}).setdefault(at, member)
        return False
    fixed = _fixed_members(tree)
    if fixed is not None and not conditional:  # "with e_{-1} = e_0 = 0": the members before the errors e_1, …
        name, members = fixed
        for at, value in members.items():
            spec.fixed.setdefault(name, {}).setdefault(at, value)
        return False
    if ops == ["="]:
        name = identifier(tree.first) if isinstance(tree.first, M.Sym) or _labelled_constant(tree.first) else None
        value = tree.rest[0][1]
        if fixed_point_equation(tree):
            return False  # "a fixed point p = g(p)" is an equation p solves: neither what p is nor that p is given
        _vector_of_entries(tree, spec, origin, piece)
        declare_math(tree, spec, text_of(piece.math), origin, joint=False)  # A = [a_1, …, a_n]: columns
        spelled = read_family(value) is not None or written_family_of(value, origin) is not None  # x = x_1 x_2 … x_m
        spelled = spelled or named_entries(tree) is not None  # N = (n_{ij}): the table, named by its entries
        if name is not None and not conditional and not spelled and not isinstance(value, M.Range):
            # "the vertices V = {1, …, n}": a name the prose defines; bound only if a listing reads it
            spec.definitions.setdefault(name, (value, origin))
        return False
    if "in" in ops and set(ops) <= {"=", "in"} and isinstance(tree.first, M.Sym):
        if ops[0] == "=":  # a = (a_0, \dots, a_{n-1}) ∈ ℝ^n: counted from its first index, as without the set
            _vector_of_entries(M.Rel(tree.first, tree.rest[:1], span=tree.span), spec, origin, piece)
        declare_math(tree, spec, text_of(piece.math), origin, joint=False)  # A = [a_1, …] ∈ ℝ^{m×n}
        return False
    if conditional or "=" in ops or set(ops) & _ROUGHLY:
        return False  # "z ≈ 1.96 for a 95 % interval": an example value, not what the inputs must satisfy
    operands = [tree.first, *(e for _, e in tree.rest)]
    # a precondition on plain names against numbers or names (`0 < \epsilon`, `1 \le k \le n`)
    if all(isinstance(o, (M.Sym, M.Idx, M.Num, M.Neg)) or _power_name(o) for o in operands):
        # "assume that b_i ≠ 0 for every i": on each entry of the family, tested on entry as \Require's is
        entries = assumed and any(isinstance(o, M.Idx) for o in operands)
        declare_math(tree, spec, text_of(piece.math), origin, joint=entries)
        return True
    if assumed and set(ops) <= _ORDERS and _bounds_a_name(operands):
        # "given a base a with 2 ≤ a ≤ n − 2": a name between bounds that other inputs give
        declare_math(tree, spec, text_of(piece.math), origin, joint=True)
        return True
    if joined and set(ops) <= _ORDERS:  # "… and 0 ≤ y_1 - y_0 ≤ x_1 - x_0": on the inputs together
        declare_math(tree, spec, text_of(piece.math), origin, joint=True)
        return True
    if assumed and set(ops) <= _ORDERS | {"!="} and _at_points(operands):
        # "let … such that f(a) f(b) < 0": what the ends of a bracket must satisfy; as \Require says it,
        # a condition on the inputs together (kept only where a listing takes a and b). "Since
        # α ρ(A) < 1, it converges" argues, and "k q(z) ≥ p(z) for all z" quantifies: neither is one
        spec.add_condition(tree, text_of(piece.math)(tree.span), origin)
        return True
    return False


def _bounds_a_name(operands: Sequence[M.MathNode]) -> bool:
    """One plain name, the others sums, differences, products and quotients of names and numbers (``n - 2``)."""
    names = [o for o in operands if isinstance(o, M.Sym)]
    if len(names) != 1:
        return False
    for operand in operands:
        for node in M.walk(operand):
            if isinstance(node, M.BinOp) and node.op not in ("+", "-", "*", "/", "cdot"):
                return False
            if not isinstance(node, (M.Sym, M.Num, M.Neg, M.Juxt, M.BinOp, M.Frac)):
                return False
    return True


def _at_points(operands: Sequence[M.MathNode]) -> bool:
    """``f(a) f(b)``, ``0``: values of functions at names and numbers, in sums and products (one call at least)."""
    calls = 0
    for operand in operands:
        for node in M.walk(operand):
            if isinstance(node, M.Apply):
                if not (isinstance(node.fn, M.Sym) and all(isinstance(a, (M.Sym, M.Idx, M.Num)) for a in node.args)):
                    return False
                calls += 1
            elif not isinstance(node, (M.Sym, M.Idx, M.Num, M.Neg, M.Juxt, M.BinOp)):
                return False
            elif isinstance(node, M.BinOp) and node.op not in ("+", "-", "*", "cdot"):
                return False
    return calls > 0


def _level_from_family(tree: M.Rel) -> tuple[str, M.MathNode] | None:
    r"""``(b_of_0, b)`` of ``b_i^0 = b_i`` (or ``b^0 = b``) where the listing stores ``b`` by level.

    The prose reads ``b_i^0`` as entry i of the level ``b^0`` only around such a listing; the
    equation, entry by entry at a free letter, says the level 0 is the family ``b`` as a whole.
    """
    if [op for op, _ in tree.rest] != ["="]:
        return None
    left, right = tree.first, tree.rest[0][1]
    if isinstance(left, M.Idx) and isinstance(right, M.Idx) and len(left.indices) == len(right.indices) == 1:
        (i,), (j,) = left.indices, right.indices
        if not (isinstance(i, M.Sym) and i == j and len(i.name) == 1):
            return None  # b_0^0 = b_0 fixes one member; b_i^0 = c_j says nothing of the whole
        left, right = left.base, right.base
    if not (isinstance(left, M.Label) and isinstance(left.label, M.Num) and isinstance(right, M.Sym)):
        return None
    name = identifier(left)
    return (name, right) if name is not None and identifier(right) != name else None


def _fixed_members(tree: M.Rel) -> tuple[str, dict[Any, float]] | None:
    """``e_{-1} = e_0 = 0``: members of one name at whole-number indices, set to one number.

    ``g_m(-1) = 0`` of Proakis's stage signals fixes the time -1 of every stage ``m``; the boundary
    values ``u_0 = u_{n+1} = 0`` of a grid's interior ``u_1, \\dots, u_n`` fix the member before the
    first and the one after the last (:data:`~.declarations.PAST_END`).
    """
    *members, value = [tree.first, *(e for _, e in tree.rest)]
    if any(op != "=" for op, _ in tree.rest) or not members:
        return None
    number = literal_number(value)
    ends = [_member(m) for m in members]
    if (
        number is not None
        and len(members) == 2
        and None not in ends
        and len({name for name, _ in ends}) == 1  # type: ignore[misc]
        and _whole(ends[0][1]) == 0  # type: ignore[index]
        and _one_past(ends[1][1])  # type: ignore[index]
    ):
        return ends[0][0], {0: number, PAST_END: number}  # type: ignore[index]
    if all(staged_entry(m) is not None and len(m.args) == 1 for m in members):  # type: ignore[attr-defined]
        if not all(isinstance(i, M.Sym) for m in members for i in m.fn.indices):  # type: ignore[attr-defined]
            return None  # g_0(-1): one stage, which no listing stores apart
        indices = [_whole(m.args[0]) for m in members]  # type: ignore[attr-defined]
        names = {staged_entry(m) for m in members}
    else:
        indices = [_whole(m.indices[0]) if isinstance(m, M.Idx) and len(m.indices) == 1 else None for m in members]
        names = {identifier(m.base) for m in members if isinstance(m, M.Idx)}
    if number is None or None in indices or len(names) != 1 or None in names:
        return None
    return names.pop(), {at: number for at in indices}  # type: ignore[misc]


def _both_ends(tree: M.Rel, origin: Origin) -> Family | None:
    r"""``u_0 = u_J = 0``, ``u_0^0 = u_J^0 = 0``: one family's ends, at 0 and at a size, set to one value.

    A reader takes the boundary values a grid's prose states as the family's first and last members:
    ``u`` runs from 0 to ``J`` (``J + 1`` members), whatever the listing's own first index is. Only
    the two ends, 0 and a name, make the pair: ``e_{-1} = e_0 = 0`` fixes members before the first.
    """
    *members, value = [tree.first, *(e for _, e in tree.rest)]
    if any(op != "=" for op, _ in tree.rest) or len(members) != 2:
        return None
    if literal_number(value) is None and not isinstance(value, M.Sym):
        return None
    ends = [_member(m) for m in members]
    if None in ends or len({name for name, _ in ends}) != 1:  # type: ignore[misc]
        return None
    (name, first), (_, last) = ends  # type: ignore[misc]
    size = identifier(last) if isinstance(last, M.Sym) else None
    if _whole(first) != 0 or size is None:
        return None
    return Family(name, size, 0, 1, origin, tree.span)


def _periodic_end(tree: M.Rel) -> tuple[str, Any, str] | None:
    """``u_0 = u_J`` (or ``u_{J+1} = u_1``): the member before the first is the last (after the last, the first)."""
    if [op for op, _ in tree.rest] != ["="]:
        return None
    left, right = _member(tree.first), _member(tree.rest[0][1])
    if left is None or right is None or left[0] != right[0]:
        return None
    if _whole(left[1]) == 0 and isinstance(right[1], M.Sym):
        return left[0], 0, LAST_MEMBER
    if _one_past(left[1]) and _whole(right[1]) == 1:
        return left[0], PAST_END, FIRST_MEMBER
    return None


def _one_past(index: M.MathNode) -> bool:
    """``n + 1``: one past a size written as a name."""
    return (
        isinstance(index, M.BinOp)
        and index.op == "+"
        and isinstance(index.left, M.Sym)
        and isinstance(index.right, M.Num)
        and index.right.text == "1"
    )


def _member(node: M.MathNode) -> tuple[str, M.MathNode] | None:
    """``(u, j)`` of ``u_j``; ``(u_of_0, j)`` of ``u_j^0``, an entry of the level ``u^0`` (else ``None``)."""
    if isinstance(node, M.Pow) and isinstance(node.base, M.Idx) and isinstance(node.base.base, M.Sym):
        node = M.Idx(M.Label(node.base.base, node.exp, span=node.span), node.base.indices, span=node.span)
    if not (isinstance(node, M.Idx) and len(node.indices) == 1):
        return None
    name = identifier(node.base)
    return (name, node.indices[0]) if name is not None else None


def _whole(node: M.MathNode) -> int | None:
    value = literal_number(node)
    return int(value) if value is not None and value.is_integer() else None


def ordered_family(tree: M.MathNode, spec: InputSpec, origin: Origin | None, math: ir.Math) -> bool:
    """``x_0 < x_1 < \\dots < x_n`` in a ``\\Require``: the sorted family x (``True``), as in the prose."""
    return isinstance(tree, M.Rel) and _ordered_family(tree, spec, origin, Piece(tree, math))  # type: ignore[arg-type]


def _coordinates(tree: M.Rel, spec: InputSpec) -> bool:
    """``p_i = (x_i, y_i)``: name the coordinates of the points ``p_•`` (``x`` the first, ``y`` the second)."""
    point, value = tree.first, tree.rest[0][1]
    if not (isinstance(point, M.Idx) and len(point.indices) == 1 and isinstance(value, M.Tuple)):
        return False
    index, base = point.indices[0], identifier(point.base)
    var = identifier(index)
    names = [
        identifier(c.base) if isinstance(c, M.Idx) and len(c.indices) == 1 and identifier(c.indices[0]) == var else None
        for c in value.items
    ]
    if base is None or not 2 <= len(names) <= 3 or None in names or base in names or len(set(names)) < len(names):
        return False
    for k, name in enumerate(names):
        spec.coordinates.setdefault(name, (base, k))  # type: ignore[index]
    return True


def _ordered_family(tree: M.Rel, spec: InputSpec, origin: Origin, piece: Piece) -> bool:
    """``a_1 \\le a_2 \\le \\dots \\le a_n``: declare the family a (first and last member) and that it is sorted.

    A bound at either end (``p_1 \\ge \\dots \\ge p_n > 0``) bounds every member; the family is read without it.
    """
    rest = list(tree.rest)
    first = tree.first
    ends: list[M.Rel] = []  # h_t = 1 of Shell's gaps h_1 > \dots > h_t = 1: the last member's value
    if len(rest) > 2 and isinstance(rest[-1][1], (M.Num, M.Neg)):
        if rest[-1][0] == "=":
            ends.append(M.Rel(rest[-2][1], (rest[-1],), span=tree.span))
        rest = rest[:-1]  # p_1 \ge \dots \ge p_n > 0
    if len(rest) > 2 and isinstance(first, (M.Num, M.Neg)):
        if rest[0][0] == "=":
            ends.append(M.Rel(rest[0][1], (("=", first),), span=tree.span))
        first, rest = rest[0][1], rest[1:]  # 0 < t_1 < \dots < t_n
    tree = M.Rel(first, tuple(rest), span=tree.span)
    operands = [tree.first, *(e for _, e in tree.rest)]
    ops = {op for op, _ in tree.rest}
    members = [o for o in operands if not isinstance(o, M.Dots)]
    down = ops <= {">=", ">"}  # d_1 \ge d_2 \ge \dots \ge d_n: sorted in decreasing order
    if not (ops <= {"<=", "<"} or down) or len(members) == len(operands) or len(members) < 2:
        return False
    if not all(isinstance(m, M.Idx) and len(m.indices) == 1 for m in members):
        return False
    if len({identifier(m.base) for m in members}) != 1:  # type: ignore[attr-defined]
        return False
    family = read_family(M.Range(members[0], members[-1], span=tree.span), origin)
    if family is None:
        return False
    spec.add_family(family)
    spec.firsts.setdefault(family.name, family)
    key = "sorted down" if down else "sorted"
    said = ((key, SAID[key].format(name=family.name), piece.tree.span),)
    if "<" in ops or ">" in ops:
        said += (("distinct", SAID["distinct"].format(name=family.name), piece.tree.span),)
    spec.declare(Declared(family.name, piece.tree.span, origin=origin, properties=said))
    for end in ends:  # tested on entry, as the \Require says it
        latex = text_of(piece.math)
        text = f"{latex(end.first.span)} = {latex(end.rest[0][1].span)}"
        spec.add_condition(end, text, origin)
    return True


def _point_value(tree: M.Rel) -> tuple[str, float, float] | None:
    """``\\operatorname{sign}(0) = 1``: a function, the number it is taken at, and its value there."""
    if [op for op, _ in tree.rest] != ["="] or not isinstance(tree.first, (M.Apply, M.Call)):
        return None
    fn = tree.first.fn if isinstance(tree.first, M.Apply) else M.Sym(tree.first.func, span=tree.first.span)
    args = tree.first.args
    value = tree.rest[0][1]
    number = literal_number(args[0]) if len(args) == 1 else None
    result = literal_number(value)
    name = identifier(fn) if isinstance(fn, M.Sym) else None
    return (name, number, result) if name is not None and number is not None and result is not None else None


def _squared_to_minus_one(tree: M.Rel) -> str | None:
    """``i^2 = -1``: the name whose square the prose sets to -1, else ``None``."""
    if [op for op, _ in tree.rest] != ["="] or not isinstance(tree.first, M.Pow):
        return None
    base, exp = tree.first.base, tree.first.exp
    if not isinstance(base, M.Sym) or literal_number(exp) != 2 or literal_number(tree.rest[0][1]) != -1:
        return None
    return identifier(base)


def fixed_point_equation(tree: M.MathNode) -> bool:
    """``p = g(p)``: an equation whose right side reads the name on its left (what ``p`` solves, not what it is)."""
    if not isinstance(tree, M.Rel) or [op for op, _ in tree.rest] != ["="] or not isinstance(tree.first, M.Sym):
        return False
    name = identifier(tree.first)
    value = tree.rest[0][1]
    # p_0, …, p_n of "p = ⟨p_0, …, p_n⟩" are p's members, not p
    members = {id(n.base) for n in M.walk(value) if isinstance(n, (M.Idx, M.Index))}
    return any(isinstance(n, M.Sym) and id(n) not in members and identifier(n) == name for n in M.walk(value))


def defined_value(tree: M.Rel) -> M.MathNode:
    """What a definition :func:`function_definition` reads says the function is: its right side.

    Of a chain, the last side that is no number: ``g(β) = \\sum_i … = 0`` is the sum, and
    ``orient(a, b, c) = (b - a) \\times (c - a) = (b_1 - a_1)(c_2 - a_2) - …`` the formula written out.
    """
    sides = [e for _, e in tree.rest if not isinstance(e, M.Num)]
    return sides[-1] if sides else tree.rest[0][1]


def function_definition(tree: M.Rel) -> tuple[str, tuple[str, ...]] | None:
    """``σ(z) = …``, ``g(x, y) = …``: the name and parameters of a function an equation defines, else ``None``.

    A name written as a function (CLRS's ``\\textsc{Parent}(i) = \\lfloor i / 2 \\rfloor``) too, unless it
    is one algoverify knows: ``\\exp(x) = \\sum_k x^k / k!`` states a fact, it defines nothing.
    """
    ops = [op for op, _ in tree.rest]
    # g(\\beta) = \\sum_i … = 0 (Rachford and Rice): g is the sum; the equation says where it vanishes;
    # orient(a, b, c) = (b - a) \\times (c - a) = (b_1 - a_1)(c_2 - a_2) - …: one definition, said twice
    if set(ops) != {"="} or not isinstance(tree.first, (M.Apply, M.Call)):
        return None
    if isinstance(tree.first, M.Call):
        name = tree.first.func if tree.first.func not in BUILTIN_FUNCTIONS else None
    else:
        fn = tree.first.fn  # σ, or Π_{\mathcal{C}}: a name with a label
        name = identifier(fn) if isinstance(fn, M.Sym) or (isinstance(fn, M.Idx) and labelled(fn)) else None
    args = (
        tree.first.args[0].items
        if len(tree.first.args) == 1 and isinstance(tree.first.args[0], M.Tuple)
        else tree.first.args
    )
    # φ(y; μ, σ^2) = …: a parameter named by its square (σ^2 is one name, sigma_sq), as a variance is
    params = tuple(identifier(a) if isinstance(a, M.Sym) or _power_name(a) else None for a in args)
    if name is None or not params or None in params or len(set(params)) != len(params) or name in params:
        return None
    # "a solution of f(x) = 0", "p(j) = 0 if …": a right side that reads no parameter is a value the
    # function takes somewhere (a root, a case), not what it is: a constant function is never written so
    read = {identifier(n) for n in M.walk(defined_value(tree))}
    if not read & set(params):
        return None
    return name, params  # type: ignore[return-value]


def _power_name(node: M.MathNode) -> bool:
    """``\\sigma_1^{2} > 0``: a variance named by its square, as listings assign it (``\\sigma^{2} \\gets …``)."""
    return isinstance(node, M.Pow) and identifier(node) is not None


def _vector_of_entries(tree: M.Rel, spec: InputSpec, origin: Origin, piece: Piece) -> None:
    r"""``x = (x_1, \dots, x_n)``: ``x`` is a vector of length ``n``, counted from its first index."""
    name = identifier(tree.first) if isinstance(tree.first, M.Sym) else None
    value = tree.rest[0][1]
    if isinstance(value, (M.ListLit, M.Tuple)) and len(value.items) == 1:
        value = value.items[0]
    run = written_family_of(value, origin)  # a = a_1 a_2 \dots a_m: a string of m symbols
    if name is not None and run is not None and run.name == name:
        length = run.size if run.offset == 0 else f"{run.size} {'+' if run.offset > 0 else '-'} {abs(run.offset)}"
        spec.declare(Declared(name, tree.first.span, (length,), origin=origin, latex=text_of(piece.math)(tree.span)))
        spec.firsts.setdefault(name, run)
        if run.offset == 0 and isinstance(run.size, str):
            spec.strings.setdefault(name, run.size)  # |s| of the string s = s_1 s_2 \dots s_m is m
        return
    if name is not None and run is not None and run.offset == 0:
        # P = p_1 p_2 \cdots p_m (a pattern, Navarro's notation): a string whose entries are the p_i
        latex = text_of(piece.math)(tree.span)
        spec.declare(Declared(name, tree.first.span, (run.size,), origin=origin, latex=latex, entries=run.name))
        spec.firsts.setdefault(name, Family(name, run.size, run.first, 0, origin, tree.span))
        if isinstance(run.size, str):
            spec.strings.setdefault(name, run.size)
        return
    members = numbered_members(value) if isinstance(value, M.Tuple) else None
    if members is not None and members[0] == name:  # θ = (θ_1, θ_2): a vector of two entries, by their indices
        shape = (members[1],)
        spec.declare(Declared(name, tree.first.span, shape, origin=origin, latex=text_of(piece.math)(tree.span)))
        return
    family = read_family(value, origin)
    if name is None or family is None or family.offset != 0:
        return
    latex = text_of(piece.math)(tree.span)
    bracketed = latex.partition("=")[2].lstrip().startswith(("[", "\\lbrack", "\\left["))  # S = [s_1, …]: columns
    if family.name != name and not bracketed:  # A = (a_1, \dots, a_m): a list whose entries are a_i
        spec.declare(Declared(name, tree.first.span, (family.size,), origin=origin, latex=latex, entries=family.name))
        spec.firsts.setdefault(name, Family(name, family.size, family.first, 0, origin, tree.span))
    if family.name != name:
        return
    spec.declare(Declared(name, tree.first.span, (family.size,), origin=origin, latex=latex))
    spec.firsts.setdefault(name, Family(name, family.size, family.first, 0, origin, tree.span))


def numbered_members(tree: M.MathNode) -> tuple[str, int | None] | None:
    """``(x, 3)`` of ``x_1, x_2, x_3``, ``(x, None)`` of ``x_1, \\dots, x_3``: members of one name numbered from 1.

    Listed one by one, each at its number in order; written as a run, from member 1 to a numbered last.
    """
    if isinstance(tree, M.Range) and isinstance(tree.lo, M.Idx) and isinstance(tree.hi, M.Idx):
        items: tuple[M.MathNode, ...] = (tree.lo, tree.hi)
        numbers: list[int | None] = [1, None]
    elif isinstance(tree, M.Tuple) and len(tree.items) >= 2:
        items, numbers = tree.items, list(range(1, len(tree.items) + 1))
    else:
        return None
    names = set()
    for item, number in zip(items, numbers):
        if not (isinstance(item, M.Idx) and len(item.indices) == 1 and isinstance(item.indices[0], M.Num)):
            return None
        if number is not None and item.indices[0].text != str(number):
            return None
        names.add(identifier(item.base))
    if len(names) != 1 or None in names:
        return None
    return names.pop(), (len(items) if isinstance(tree, M.Tuple) else None)  # type: ignore[return-value]


def entry_conditions(spec: InputSpec) -> None:
    """Read "with \\(x_1 \\ne 0\\)" of a vector \\(x = (x_1, …)\\) the prose gives as a condition on its entry.

    The member is read as the entry of the vector the listing takes, never as an input of its own.
    """
    for d in list(spec.inputs):
        member = re.fullmatch(r"(?P<base>[A-Za-z]\w*?)_(?P<index>\d+)", d.name)
        if member is None or d.shape is not None or d.domain or d.properties or not d.constraints:
            continue
        holder = spec.get(member.group("base"))
        if holder is None or holder.shape is None or len(holder.shape) != 1:
            continue
        spec.inputs.remove(d)
        for tree, latex in d.constraints:
            spec.add_condition(tree, latex, d.origin)


def name_of(piece: Piece | None) -> str | None:
    """The name a formula declares: itself, a membership's element (``A \\in \\mathbb{R}^{n}``), a relation's first."""
    if piece is None:
        return None
    tree = piece.tree
    if function_type(tree) is not None:  # "the weight function w : E \to \mathbb{R}, stored as a matrix"
        return function_type(tree)
    if isinstance(tree, M.In):  # "B \in \mathbb{R}^{p \times q} with columns …" is about B
        tree = tree.element
    elif isinstance(tree, M.Rel) and isinstance(tree.first, M.Sym):  # "an integer m \ge 1"
        tree = tree.first
    return identifier(tree) if isinstance(tree, (M.Sym, M.Idx)) else None


def inline_definitions(tree: M.MathNode, functions: dict[str, tuple[tuple[str, ...], M.MathNode, Any]]) -> M.MathNode:
    """``\\Pi_C(x - \\eta g)``, the prose defining ``\\Pi_C(z) = \\min(\\max(z, \\ell), u)``: its body, z replaced.

    A function the prose defines by an equation is read as its definition says, in place: the names
    its body reads beside its parameters (ℓ, u) are then the listing's, bound as its other names are.
    """
    if not functions:
        return tree

    def expand(node: M.MathNode) -> M.MathNode:
        if not isinstance(node, M.Apply):
            return node
        found = functions.get(identifier(node.fn) or "")
        if found is None:
            return node
        params, body, _ = found
        args = node.args[0].items if len(node.args) == 1 and isinstance(node.args[0], M.Tuple) else node.args
        if len(args) != len(params):
            return node
        given = dict(zip(params, args))

        def put(n: M.MathNode) -> M.MathNode:
            # … and σ^2 of φ(y; μ, σ^2), a parameter named by its square: the argument, whole
            return given.get(identifier(n) or "", n) if isinstance(n, M.Sym) or _power_name(n) else n

        return M.transform(body, put)

    return M.transform(tree, expand)


#: the words between names and the interval they are drawn from: "independent and uniform on", "uniform in"
_DRAWN_FROM = re.compile(
    r"\s*,?\s*(?:(?:are|is|be|each|both|all)\s+)*(?:(?:independent(?:ly)?|i\.?i\.?d\.?)\s*,?\s*(?:and\s+)?)?"
    r"(?:(?:uniform(?:ly)?|random(?:ly)?)\s+(?:(?:distributed|drawn|sampled)\s+)?)?(?:on|in|over|from)\s+"
    r"(?:the\s+(?:(?:open|closed|half-open|unit)\s+)*interval\s+)?",
    re.I,
)


def in_interval(tree: M.MathNode, a: ir.Math, interval: M.MathNode, b: ir.Math, spec: InputSpec, origin: Any) -> None:
    """Each name ``tree`` lists lies in ``interval`` (the math ``b``): a constraint tested on entry."""
    for item in tree.items if isinstance(tree, M.Tuple) else (tree,):
        name = identifier(item) if isinstance(item, (M.Sym, M.Idx)) else None
        if name is None:
            continue
        said = f"{text_of(a)(item.span)} \\in {b.latex}"
        member = M.In(item, interval, span=Span(item.span.start, b.span.end))
        spec.declare(Declared(name, item.span, constraints=((member, said),), origin=origin))


def drawn_interval(words: str, tree: M.MathNode) -> M.MathNode | None:
    r"""The interval of "… uniformly distributed on \((0, 1]\)" (``words`` then ``tree``), else ``None``."""
    if _DRAWN_FROM.fullmatch(words) is None:
        return None
    bounds = (tree.lo, tree.hi) if isinstance(tree, M.Interval) else getattr(tree, "items", ())
    if not isinstance(tree, (M.Interval, M.Tuple)) or len(bounds) != 2 or any(isinstance(x, M.Dots) for x in bounds):
        return None
    return tree


#: "\(f\) continuous on \([a, b]\)": the words between a function and the interval it is given on
_ON_INTERVAL = re.compile(
    r"^\s*(?:is\s+|be\s+)?(?:a\s+)?(?:(?:twice\s+|continuously\s+)?(?:continuous|differentiable|smooth|"
    r"integrable|defined|convex|concave|monotone|increasing|decreasing|unimodal|real-valued)(?:\s+function)?"
    r"(?:\s+and\s+\w+)?\s+on|on)\s*$",
    re.I,
)


def domain_ends(words: str, interval: M.MathNode) -> list[M.Sym]:
    r"""``a`` and ``b`` of "\(f\) continuous on \([a, b]\)": the ends of the interval a function is given on."""
    if not isinstance(interval, M.Interval) or _ON_INTERVAL.match(words) is None:
        return []
    return [end for end in (interval.lo, interval.hi) if isinstance(end, M.Sym) and identifier(end) is not None]
