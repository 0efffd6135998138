"""How a formula writes a family, a size or a shape: ``x_1, \\dots, x_n``, ``A[1..n]``, ``\\mathbb{R}^{m \\times n}``.

The readers :mod:`.declarations` and the prose's readers share: each takes one parsed formula and
says what list, size or shape it writes, or ``None``. Nothing here declares anything.
"""

from __future__ import annotations

import re

from ..math import mathexpr as M
from ..math.names import identifier, written_family
from ..records import frozen
from ..source import Span

_SETS = {"bb{R}": "real", "bb{N}": "natural", "bb{Z}": "integer", "bb{Q}": "rational", "bb{C}": "complex"}


_WHERE = {
    "require": "from \\Require",
    "ensure": "from \\Ensure",
    "parameters": "from the parameters",
    "caption": "from the caption",
    "prose": "from the prose",
    "spec": "from the spec",
    "convention": "by the usual convention",
}


@frozen
class Origin:
    """Where a declaration was read: the listing's ``\\Require``, its parameters, the prose, the spec."""

    kind: str
    line: int | None = None

    def __str__(self) -> str:
        where = _WHERE.get(self.kind, f"from the {self.kind}")
        return f"{where} at line {self.line}" if self.line is not None else where


@frozen
class Family:
    r"""``x_1, \dots, x_n`` (``first`` 1) or ``w_0, \dots, w_{k-1}`` (``first`` 0): a list and its size.

    The size is the family's length plus ``offset`` (``x_0, \dots, x_n`` has ``n + 1`` members:
    offset ``-1``).
    """

    name: str
    size: str
    first: int = 1
    offset: int = 0
    origin: Origin | None = None
    span: Span | None = None

    @property
    def last(self) -> str:
        """The last member's index as written: ``k - 1`` of ``w_0, \\dots, w_{k-1}``."""
        shift = self.offset + self.first - 1
        return self.size if shift == 0 else f"{self.size} {'+' if shift > 0 else '-'} {abs(shift)}"


def set_shape(node: M.MathNode) -> tuple[tuple[str | int, ...] | None, str | None]:
    """The shape and domain a set gives its members: ``ℝ^{m×n}`` → ``(('m','n'), 'real')``."""
    base, exp = (node.base, node.exp) if isinstance(node, M.Pow) else (node, None)
    domain = _SETS.get(M.dump(base))
    if domain is None and isinstance(base, M.SetLit) and exp is not None:
        # `{0, 1}^n`: a vector of those values (each entry's membership is a precondition)
        domain = "integer" if all(isinstance(i, M.Num) and i.text.isdigit() for i in base.items) else "real"
    if domain is None and isinstance(base, (M.Interval, M.ListLit)) and exp is not None:
        domain = "real"  # `[0, 1]^{T×n}`: a matrix of numbers in [0, 1] (each entry's membership is a precondition)
    if domain is None:
        return None, None
    if exp is None:
        return (), domain
    dims = dims_of(exp)
    return (dims, domain) if dims is not None else (None, domain)


def dims_of(node: M.MathNode) -> tuple[str | int, ...] | None:
    """``m \\times n`` → ``('m', 'n')``; ``3`` → ``(3,)``; ``None`` when it is not a list of sizes."""
    if isinstance(node, M.BinOp) and node.op in ("times", "*", "cdot"):
        left, right = dims_of(node.left), dims_of(node.right)
        return left + right if left is not None and right is not None else None
    if isinstance(node, M.Num):
        value = node.value
        return (int(value),) if float(value).is_integer() else None
    if isinstance(node, M.BinOp) and node.op in "+-" and isinstance(node.right, M.Num) and node.right.text.isdigit():
        name = identifier(node.left) if isinstance(node.left, (M.Sym, M.Idx)) else None
        return (f"{name} {node.op} {node.right.text}",) if name is not None else None  # ℝ^{n+1}
    name = identifier(node)
    return (name,) if name is not None else None


_TERM = re.compile(r"^(?P<base>\S+) (?P<op>[+-]) (?P<k>\d+)$")


def size_term(size: str) -> tuple[str, int]:
    """``"n + 1"`` → ``("n", 1)``; ``"n"`` → ``("n", 0)``: the size name and what the length adds to it."""
    m = _TERM.match(size)
    if m is None:
        return size, 0
    k = int(m.group("k"))
    return m.group("base"), k if m.group("op") == "+" else -k


def written_run(node: M.MathNode) -> tuple[str, int, M.MathNode] | None:
    r"""``A[1..n]``, ``a_1 a_2 \dots a_m``: ``(name, first index, last index)`` of an array written out."""
    if isinstance(node, M.Index) and isinstance(node.base, M.Sym) and len(node.args) == 1:
        factors = _juxt_factors(node.args[0])
        if len(factors) == 3 and isinstance(factors[1], M.Dots) and isinstance(factors[0], M.Num):
            name = identifier(node.base)
            if name is not None and factors[0].text.isdigit():
                return name, int(factors[0].text), factors[2]
        return None
    factors = _juxt_factors(node)
    if len(factors) >= 3 and isinstance(factors[-2], M.Dots):
        first, last = factors[0], factors[-1]
        if isinstance(first, M.Idx) and isinstance(last, M.Idx) and len(first.indices) == len(last.indices) == 1:
            name = identifier(first.base)
            index = first.indices[0]
            if name is not None and name == identifier(last.base) and isinstance(index, M.Num) and index.text.isdigit():
                return name, int(index.text), last.indices[0]
    return None


def written_family_of(node: M.MathNode, origin: Origin | None = None) -> Family | None:
    """``A[1..n]`` or ``a_1 a_2 \\dots a_m`` read as the family it writes out (``Family('A', 'n')``)."""
    run = written_run(node)
    if run is None:
        return None
    name, first, last = run
    base = M.Sym(name, span=node.span)
    span = node.span
    written = M.Range(
        M.Idx(base, (M.Num(str(first), span=span),), span=span), M.Idx(base, (last,), span=span), span=span
    )
    return read_family(written, origin)


def _juxt_factors(node: M.MathNode) -> list[M.MathNode]:
    return _juxt_factors(node.left) + _juxt_factors(node.right) if isinstance(node, M.Juxt) else [node]


def bound_on_each(items: list[M.MathNode]) -> list[M.MathNode]:
    """``n_1, n_2 \\ge 1`` (a list of names, the last with a bound): the bound on every name, as a reader takes it.

    So are ``1 \\le a_k, b_k \\le n`` (a bound before the first name, one after the last): both, on each.
    """
    last = items[-1] if items else None
    if isinstance(last, M.Rel) and len(items) > 1 and all(_plain_name(i) for i in [*items[:-1], last.first]):
        return [*(M.Rel(i, last.rest, span=i.span.cover(last.span)) for i in items[:-1]), last]
    first = items[0] if items else None
    if (
        isinstance(first, M.Rel)
        and isinstance(last, M.Rel)
        and len(items) > 1
        and len(first.rest) == 1
        and len(last.rest) == 1
        and all(_plain_name(i) for i in [first.rest[0][1], *items[1:-1], last.first])
    ):
        # union–find's 1 \le a_k, b_k \le n: both bounds on every name between them
        names = [first.rest[0][1], *items[1:-1], last.first]
        span = first.span.cover(last.span)
        return [M.Rel(first.first, ((first.rest[0][0], n), last.rest[0]), span=span) for n in names]
    return items


def _plain_name(node: M.MathNode) -> bool:
    """``n``, ``n_1``, ``n_a``, ``\\bar{x}_a``, ``\\sigma_1^{2}`` (a variance): a name, not an expression."""
    return isinstance(node, (M.Sym, M.Idx, M.Pow)) and identifier(node) is not None


def read_family(node: M.MathNode, origin: Origin | None = None) -> Family | None:
    r"""``B_1, \dots, B_k`` → ``Family('B', 'k')``; ``w_0, \dots, w_{k-1}`` → ``Family('w', 'k', first=0)``.

    ``x[0], \dots, x[N-1]``, as signal processing writes its samples, is the family ``x_0, \dots, x_{N-1}``.
    """
    node = _subscripted(node)
    found = written_family(node)
    if found is None:
        return None
    assert isinstance(node, M.Range) and isinstance(node.lo, M.Idx)
    base = identifier(found[0])
    first_index = node.lo.indices[0]
    if base is None or not (isinstance(first_index, M.Num) and first_index.text.isdigit()):
        return None
    first = int(first_index.text)
    last = found[1]
    shift = 0  # the last index is `size + shift`
    if isinstance(last, M.BinOp) and last.op in "+-" and isinstance(last.right, M.Num) and last.right.text.isdigit():
        shift = int(last.right.text) * (1 if last.op == "+" else -1)
        last = last.left
    size = identifier(last) if isinstance(last, (M.Sym, M.Idx)) else None
    if size is None:
        return None
    # members first..size+shift: their number is size + shift - first + 1, so size = len - offset
    offset = shift - first + 1
    return Family(base, size, first, offset, origin, node.span)


def bounded_family(tree: M.MathNode) -> tuple[M.MathNode, M.Rel] | None:
    r"""``v_1, \dots, v_n \ge 0`` (the bound written on the last member): the family, and ``v_i \ge 0``."""
    if not (isinstance(tree, M.Range) and isinstance(tree.hi, M.Rel) and isinstance(tree.hi.first, M.Idx)):
        return None
    family = M.Range(tree.lo, tree.hi.first, span=tree.span)
    found = read_family(family)
    if found is None or not all(op in ("<", "<=", ">", ">=", "!=") for op, _ in tree.hi.rest):
        return None
    used = {identifier(n) for n in M.walk(tree) if isinstance(n, M.Sym)}
    letter = next(c for c in ("i", "j", "k", "l", "r", "s") if c not in used)
    member = M.Idx(tree.hi.first.base, (M.Sym(letter, span=tree.hi.first.span),), span=tree.hi.first.span)
    return family, M.Rel(member, tree.hi.rest, span=tree.hi.span)


def started_family(node: M.MathNode) -> tuple[str, M.MathNode, M.MathNode] | None:
    r"""``(u, k + 1, N)`` of ``u_{k+1}, \dots, u_N``: a family whose first index is a formula of other names.

    Algorithm R's draws ``u_{k+1}, \dots, u_N`` are numbered as written: ``u_i`` for ``i = k + 1, …, N``.
    """
    node = _subscripted(node)
    if not (isinstance(node, M.Range) and isinstance(node.lo, M.Idx) and isinstance(node.hi, M.Idx)):
        return None
    name = identifier(node.lo.base)
    if name is None or name != identifier(node.hi.base) or len(node.lo.indices) != 1 or len(node.hi.indices) != 1:
        return None
    start, last = node.lo.indices[0], node.hi.indices[0]
    if isinstance(start, M.Num) or not any(isinstance(n, M.Sym) for n in M.walk(start)):
        return None  # a written number: read_family's and first_written's
    return name, start, last


def first_written(node: M.MathNode, origin: Origin | None = None) -> Family | None:
    r"""``f_0, \dots, f_{4m}``: a family whose first index is written and whose length is a formula.

    It says where the family's indices start, not its size (``size`` is empty).
    """
    node = _subscripted(node)
    if not (isinstance(node, M.Range) and isinstance(node.lo, M.Idx) and isinstance(node.hi, M.Idx)):
        return None
    name = identifier(node.lo.base)
    if name is None or name != identifier(node.hi.base) or len(node.lo.indices) != 1 or len(node.hi.indices) != 1:
        return None
    start = node.lo.indices[0]
    if not (isinstance(start, M.Num) and start.text.isdigit()):
        return None
    return Family(name, "", int(start.text), 0, origin, node.span)


def fixed_family(node: M.MathNode, origin: Origin | None = None) -> tuple[Family, int] | None:
    r"""``c_1, \dots, c_4``: a family whose ends are both written numbers, and its length (4).

    The family's first index says where it starts (``first``; its ``size`` is empty, as
    :func:`first_written`'s); the length is what a run checks the list against.
    """
    found = first_written(node, origin)
    node = _subscripted(node)
    if found is None or not isinstance(node, M.Range) or not isinstance(node.hi, M.Idx):
        return None
    end = node.hi.indices[0]
    if not (isinstance(end, M.Num) and end.text.isdigit()) or int(end.text) < found.first:
        return None
    return found, int(end.text) - found.first + 1


def index_range(tree: M.MathNode) -> tuple[tuple[str, ...], M.MathNode, M.MathNode] | None:
    """``(("i", "j"), 0, m + 1)`` of ``i, j = 0, \\dots, m + 1``: letters an index runs over, never a condition.

    Also ``i = 1, \\dots, n``. The letters are single lowercase ones, as indices are written.
    """
    letters: list[M.MathNode]
    if (
        isinstance(tree, M.Rel)
        and len(tree.rest) == 1
        and tree.rest[0][0] == "="
        and isinstance(tree.rest[0][1], M.Range)
    ):
        letters = list(tree.first.items) if isinstance(tree.first, M.Tuple) else [tree.first]
        lo, hi = tree.rest[0][1].lo, tree.rest[0][1].hi
    elif (
        isinstance(tree, M.Tuple)
        and len(tree.items) >= 3
        and isinstance(tree.items[-2], M.Dots)
        and isinstance(tree.items[-3], M.Rel)
        and len(tree.items[-3].rest) == 1
        and tree.items[-3].rest[0][0] == "="
    ):  # i, j = 0, \dots, m + 1 reads as i, (j = 0), \dots, m + 1
        rel = tree.items[-3]
        letters = [*tree.items[:-3], rel.first]
        lo, hi = rel.rest[0][1], tree.items[-1]
    else:
        return None
    names = [identifier(x) if isinstance(x, M.Sym) else None for x in letters]
    if not all(n is not None and len(n) == 1 and n.islower() for n in names):
        return None
    if any(isinstance(end, M.Idx) and identifier(end.base) in names for end in (lo, hi)):
        return None  # a = (a_0, \dots, a_{n-1}): the vector of its entries, not the range an index runs over
    return tuple(names), lo, hi  # type: ignore[arg-type]


def levelled_family(tree: M.MathNode) -> M.MathNode:
    """``Q^{0}_1, \\dots, Q^{0}_m`` (time level 0 of LeVeque's Q): the family of ``Q^{(0)}``'s entries."""
    if not isinstance(tree, M.Range):
        return tree
    ends = [tree.lo, tree.hi]
    if not all(
        isinstance(e, M.Pow)
        and isinstance(e.base, M.Idx)
        and isinstance(e.base.base, M.Sym)
        and len(e.base.indices) == 1
        for e in ends
    ):
        return tree
    lo, hi = ends  # type: ignore[misc]
    level_of = [e.exp.text if isinstance(e.exp, M.Num) else identifier(e.exp) for e in (lo, hi)]  # type: ignore[attr-defined]
    if identifier(lo.base.base) != identifier(hi.base.base) or level_of[0] != level_of[1] or level_of[0] is None:
        return tree
    level = M.Label(lo.base.base, lo.exp, span=lo.span)
    return M.Range(
        M.Idx(level, lo.base.indices, span=lo.span), M.Idx(level, hi.base.indices, span=hi.span), span=tree.span
    )


def joint_range(tree: M.MathNode) -> M.MathNode:
    """``i, j = 0, \\dots, m + 1`` as one relation of the letters and their range (it parses as i, (j = 0), …)."""
    found = index_range(tree)
    if found is None or not isinstance(tree, M.Tuple):
        return tree
    letters = tuple(M.Sym(name, span=tree.span) for name in found[0])
    rng = M.Range(found[1], found[2], span=tree.span)
    return M.Rel(M.Tuple(letters, span=tree.span), (("=", rng),), span=tree.span)


def _subscripted(node: M.MathNode) -> M.MathNode:
    """A range between two members of one name written ``x[0]``, ``x[N-1]`` or ``\\gamma(0)``, as subscripts."""
    if not isinstance(node, M.Range):
        return node
    lo, hi = member_written(node.lo), member_written(node.hi)
    return M.Range(lo, hi, span=node.span) if lo is not None and hi is not None else node


def member_written(node: M.MathNode) -> M.Idx | None:
    """``x[k]`` or ``\\gamma(k)`` (a member written in brackets, or as a call), as the member ``x_k``; else ``None``.

    Brockwell and Davis's autocovariances ``\\gamma(0), \\dots, \\gamma(n)``, a signal's samples
    ``x[0], \\dots, x[N-1]``: one name and one index.
    """
    if isinstance(node, M.Index) and len(node.args) == 1:
        return M.Idx(node.base, node.args, span=node.span)
    if isinstance(node, M.Apply) and isinstance(node.fn, M.Sym) and len(node.args) == 1:
        return M.Idx(node.fn, node.args, span=node.span)
    return None
