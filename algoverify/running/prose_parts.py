r"""What the words say of a matrix's parts: the family of its rows or columns, the name of its entries.

"\(X\) with rows \(x_1, \dots, x_n\)", "stored as the rows of an \(n \times d\) matrix \(X\)", "a copy
\(U\) of \(A\) with entries \(u_{ij}\)": a reader takes ``x_i`` as row ``i`` of ``X`` and ``u_{ij}`` as an
entry of ``U`` (:mod:`.prose_symbols` reads the sentences; this module, what they say of parts).
"""

from __future__ import annotations

from typing import Sequence

from ..math import mathexpr as M
from ..math.names import identifier
from .declarations import Declared, InputSpec, Origin
from .families import read_family, set_shape
from .prose_math import Piece, name_of, numbered_members

__all__ = [
    "entries_owner",
    "last_family",
    "last_matrix",
    "member_name",
    "read_parts",
    "read_parts_of",
    "recent_family",
]


def last_matrix(pieces: Sequence[str | Piece]) -> str | None:
    """The last name the pieces declare a matrix (``V \\in \\mathbb{R}^{c \\times p}``): what holds rows said next."""
    for p in reversed(pieces):
        tree = p.tree if isinstance(p, Piece) else None
        if isinstance(tree, M.In) and isinstance(tree.element, M.Sym) and isinstance(tree.set, M.Pow):
            if isinstance(tree.set.exp, M.BinOp) and tree.set.exp.op == "times":
                return identifier(tree.element)
    return None


def last_family(pieces: Sequence[str | Piece]) -> str | None:
    """The family the last math of ``pieces`` writes (``x_1, \\dots, x_T``, also with ``\\in \\mathbb{R}^{n}``)."""
    last = next((p for p in reversed(pieces) if isinstance(p, Piece)), None)
    tree = last.tree.element if last is not None and isinstance(last.tree, M.In) else last.tree if last else None
    family = read_family(tree) if isinstance(tree, M.Range) else None
    return family.name if family is not None else None


def recent_family(pieces: Sequence[str | Piece]) -> str | None:
    """The family among the last three maths of ``pieces``: "x_1, …, x_n be n points of ℝ^d, stored as …"."""
    maths = [p for p in pieces if isinstance(p, Piece)][-3:]
    for p in reversed(maths):
        tree = p.tree.element if isinstance(p.tree, M.In) else p.tree
        if isinstance(tree, M.Tuple) and tree.items and isinstance(tree.items[-1], M.In):
            tree = M.Tuple((*tree.items[:-1], tree.items[-1].element), span=tree.span)  # x_1, x_2, x_3 \in ℝ^2
        found = last_family([p]) or _members_of(tree)
        if found is not None:
            return found
    return None


def entries_owner(name: str, owner: str | None, value: Piece, spec: InputSpec) -> str:
    """Whose entries "with entries u_{ij}" names: the name before it, or the one whose letter they share.

    After "a copy U of A", ``u_{ij}`` are U's; after "X ∈ {0,1}^{m×d} whose d columns are the
    features, with entries x_{ij}", X's (a size has no entries).
    """
    entry = identifier(value.tree.base) if isinstance(value.tree, M.Idx) else None
    if entry is None or entry.lower() == name.lower():
        return name
    if owner is not None and entry.lower() == owner.lower():
        return owner
    declared = spec.get(name)
    if declared is None or not declared.shape:
        sharing = [d.name for d in spec.inputs if d.name != entry and d.name.lower() == entry.lower() and d.shape]
        if len(sharing) == 1:
            return sharing[0]
    return name


def read_parts(name: str, piece: Piece, part: str, value: Piece, spec: InputSpec, origin: Origin) -> None:
    """Declare ``value`` (a family, listed members or one generic member) as ``name``'s rows, columns or entries."""
    tree = value.tree
    if part in ("entries", "elements"):
        entry = tree.base if isinstance(tree, M.Idx) else None
        alias = identifier(entry) if entry is not None else None
        if alias is not None and alias != name:
            spec.declare(Declared(name, piece.tree.span, origin=origin, entries=alias))
        return
    if isinstance(tree, M.Range) and isinstance(tree.lo, M.Transpose) and isinstance(tree.hi, M.Transpose):
        tree = M.Range(tree.lo.operand, tree.hi.operand, span=tree.span)  # rows \phi_1^{\top}, \dots, \phi_N^{\top}
    family = read_family(tree, origin)
    listed = _members_of(tree) if family is None else None
    if listed is not None:  # "a 3 × 2 matrix X with rows x_1, x_2, x_3": its rows, counted by the matrix
        spec.declare(Declared(name, piece.tree.span, origin=origin, **{part: listed}))  # type: ignore[arg-type]
        return
    if family is None:
        member = member_name(tree)  # "with rows x_i^T": the rows named by one generic member, sized by the matrix
        if member is not None:
            spec.declare(Declared(name, piece.tree.span, origin=origin, **{part: member}))  # type: ignore[arg-type]
        return
    axis = 1 if part == "columns" else 0
    if part == "columns":
        spec.declare(Declared(name, piece.tree.span, origin=origin, columns=family.name))
    else:
        spec.declare(Declared(name, piece.tree.span, origin=origin, rows=family.name))
    if family.offset == 0:
        spec.carry(family.size, name, axis, origin)
    spec.firsts.setdefault(family.name, family)


def read_parts_of(piece: Piece, part: str, owner: Piece, spec: InputSpec, origin: Origin) -> None:
    """Read "p_1, …, p_N ∈ ℝ^d be the rows of P": ``owner``'s rows (columns), each of the length the set gives."""
    tree, shape = piece.tree, None
    if isinstance(tree, M.In):
        tree, (shape, _) = tree.element, set_shape(tree.set)
    name = name_of(owner)
    read_parts(name, owner, part, Piece(tree, piece.math), spec, origin)  # type: ignore[arg-type]
    if shape is not None and len(shape) == 1 and isinstance(shape[0], str) and part in ("rows", "columns"):
        spec.carry(shape[0], name, 1 if part == "rows" else 0, origin)  # type: ignore[arg-type]  # each row is in ℝ^d


def member_name(tree: M.MathNode) -> str | None:
    """``x`` of ``\\mathbf{x}_i^{\\top}`` or ``x_j``: the name of a matrix's rows (columns) written by one member."""
    if isinstance(tree, M.Transpose):
        tree = tree.operand
    if not (isinstance(tree, M.Idx) and len(tree.indices) == 1 and isinstance(tree.indices[0], M.Sym)):
        return None
    return identifier(tree.base)


def _members_of(tree: M.MathNode) -> str | None:
    """``x`` of rows listed one by one, ``x_1, x_2, x_3`` (or ``x_1, \\dots, x_3``)."""
    found = numbered_members(tree)
    return found[0] if found is not None else None
