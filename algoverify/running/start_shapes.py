r"""The shapes of what a listing starts without a size: ``x \gets 0``, ``w \gets \mathbf{1} / n``, ``L \gets I``.

Pseudocode writes a zero, the all-ones vector and the identity without their sizes; a reader takes
the size from what follows (``x_i \gets …`` for ``i = 1, …, n``; ``\sum_{i=1}^{n} w_i``;
``x \gets x + \alpha r`` with ``r \in \mathbb{R}^n``). One step reads that evidence for all three;
where it names no one size the name is reported as unsized, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..math import mathexpr as M
from ..math.names import identifier
from ..source import Span
from .declarations import InputSpec
from .scope_types import Scope

__all__ = ["StartShapes", "start_shapes"]


@dataclass
class StartShapes:
    """For each name started without a size, the size the scope gives it (or where it gives none)."""

    #: names set to 0 and then used as a vector or matrix: their size (``x`` → ``n``, ``F`` → ``n×n``)
    zero_vectors: dict[str, str] = field(default_factory=dict)
    #: such names whose size the note does not say: where each is set to 0
    unsized_zeros: list[tuple[str, Span]] = field(default_factory=list)
    #: names set to 0 with no size said that meet a product (``x_0 \gets 0``, then ``A x_k``): the zero the
    #: product needs (:class:`~algoverify.math.ops.Zero`), as a reader takes it
    loose_zeros: set[str] = field(default_factory=set)
    #: names set to a value made of ``\mathbf{1}``: how many ones
    filled: dict[str, str] = field(default_factory=dict)
    #: names set to ``I`` and then indexed: the size of the identity
    identities: dict[str, str] = field(default_factory=dict)
    #: such names where the note gives no one size
    unsized_identities: list[tuple[str, Span]] = field(default_factory=list)


def start_shapes(scope: Scope, spec: InputSpec, said: dict[str, tuple[str, ...]] | None = None) -> StartShapes:
    r"""The shapes of what the scope starts as ``0``, ``\mathbf{1}`` or ``I`` written without a size.

    ``said``: the shapes the prose gives names the scope sets to 0 ("count of d × w counters").
    """
    out = StartShapes()
    for name, shape in (said or {}).items():
        out.zero_vectors[name] = "×".join(shape)
    sizes = sorted(set(spec.sizes) | set(spec.families.values()))

    def length(name: str) -> set[str]:
        """The length the scope gives ``name``: its one size, or what it is summed or stored over."""
        if len(sizes) == 1:
            return {sizes[0]}
        # w \gets \mathbf{1}, then \sum_{i=1}^{n} w_i: n entries; β_j \gets … for j = 1, …, p: p entries
        over = {d for d, arrays in scope.dims.items() if name in arrays} | scope.store_sizes.get(name, set())
        if not sizes:  # \Function{Gauss}{n}, x \gets 0, then x_j \gets … for j = 1, …, n: a parameter's n entries
            given = {d for d in over if d in scope.params or spec.get(d) is not None}
            return given if len(given) == 1 else set()
        return (over & set(sizes)) | _whole_lengths(name, scope, spec)

    for name in scope.filled:
        found = length(name)
        if len(found) == 1:
            out.filled[name] = next(iter(found))
    vectors = _vector_names(scope, spec)
    for name, span in scope.zeroed.items():
        if name in out.zero_vectors:
            continue  # its shape said in the prose
        if name in vectors and len(sizes) == 1 and name not in scope.stored_by_index:
            # x \gets 0, then x \gets x + \alpha r with r a vector: the zero vector, also when no pass runs
            out.zero_vectors[name] = sizes[0]
            continue
        if len(sizes) > 1 and name not in scope.stored_by_index and name not in scope.index_counts:
            # x \gets 0 then x \gets x + c a_i with a_i a row of A ∈ ℝ^{m×n}: n entries; said nowhere: asked
            lengths = _whole_lengths(name, scope, spec)
            if len(lengths) == 1:
                out.zero_vectors[name] = next(iter(lengths))
            elif len(lengths) > 1:
                out.unsized_zeros.append((name, span))
            if lengths:
                continue
        lower = name[:1].lower() + name[1:]
        if scope.index_counts.get(name) == {2} or (lower != name and scope.index_counts.get(lower) == {2}):
            # F \gets 0, then f_{uv} \gets …: the zero matrix of the listing's one size
            if len(sizes) == 1:
                out.zero_vectors[name] = f"{sizes[0]}×{sizes[0]}"
            else:
                out.unsized_zeros.append((name, span))
            continue
        if scope.index_counts.get(name) != {1}:
            continue  # d \gets 0, then d_u read or stored (here or by a function it is passed to): a vector
        found = length(name)
        if len(found) == 1:
            out.zero_vectors[name] = next(iter(found))
        else:
            out.unsized_zeros.append((name, span))
    unsized = {name for name, _ in out.unsized_zeros}
    for name in scope.zeroed:
        family = scope.zeroed_members.get(name)
        whole = family is None and name not in scope.stored_by_index and name not in scope.index_counts
        if name not in out.zero_vectors and name not in unsized and (family or name) in scope.factors:
            if family is not None or whole:
                out.loose_zeros.add(name)
    # L \gets I, then L_{ik} \gets …: the identity of the size of the listing's square matrices
    squares = sorted({d.shape[0] for d in spec.inputs if d.shape and len(d.shape) == 2 and d.shape[0] == d.shape[1]})
    square = squares if squares else sizes
    for name, span in scope.identities.items():
        if len(square) == 1 and isinstance(square[0], str):
            out.identities[name] = square[0]
        elif name in scope.index_counts:
            out.unsized_identities.append((name, span))
        # else used whole (Q \gets I, then Q \gets Q H): the identity of the size beside it
    return out


def _whole_lengths(name: str, scope: Scope, spec: InputSpec) -> set[str]:
    r"""The lengths of the vectors the scope assigns ``name`` whole (``x \gets x + c a_i``)."""
    return {n for value in scope.whole_values.get(name, []) for n in _lengths_in(value, spec)}


def _lengths_in(node: M.MathNode, spec: InputSpec) -> set[str]:
    """The lengths of the vectors added in ``node`` (``x + c a_i``: a row of A ∈ ℝ^{m×n}, n), term by term.

    Only a term's own vector counts: in ``(X^{\\top} W X)^{-1} X^{\\top} (y - p)`` the y is multiplied by a
    matrix first, and tells nothing of the sum's length.
    """
    if isinstance(node, M.BinOp) and node.op in ("+", "-"):
        return _lengths_in(node.left, spec) | _lengths_in(node.right, spec)
    if isinstance(node, M.Neg):
        return _lengths_in(node.operand, spec)
    factors: list[M.MathNode] = []
    while isinstance(node, M.Juxt):
        factors.append(node.right)
        node = node.left
    factors.append(node)
    vectors = [f for f in factors if _vector_length(f, spec) is not None]
    if len(vectors) != 1 or any(_vector_length(f, spec) is None and not _scalar_like(f, spec) for f in factors):
        return set()
    return {_vector_length(vectors[0], spec)}  # type: ignore[arg-type]


def _vector_length(node: M.MathNode, spec: InputSpec) -> str | None:
    name = identifier(node.base) if isinstance(node, M.Idx) else identifier(node) if isinstance(node, M.Sym) else None
    for d in spec.inputs:
        if d.shape is None or not all(isinstance(s, str) for s in d.shape):
            continue
        if len(d.shape) == 1 and isinstance(node, M.Sym) and d.name == name:
            return d.shape[0]  # type: ignore[return-value]
        if len(d.shape) == 2 and isinstance(node, M.Idx) and name is not None and name in (d.rows, d.columns):
            return d.shape[1] if name == d.rows else d.shape[0]  # type: ignore[return-value]
    return None


def _scalar_like(node: M.MathNode, spec: InputSpec) -> bool:
    """A factor that scales: a number, a fraction, a name or an entry (``\\alpha``, ``b_i``), never a matrix."""
    declared = spec.get(identifier(node) or "") if isinstance(node, M.Sym) else None
    if declared is not None and declared.shape is not None and len(declared.shape) == 2:
        return False  # X a_i has X's number of rows
    return isinstance(node, (M.Num, M.Frac, M.Sym, M.Idx, M.Neg))


def _vector_names(scope: Scope, spec: InputSpec) -> set[str]:
    """The names the scope assigns a vector whole: from the inputs declared vectors, through the assignments."""
    vectors = {d.name for d in spec.inputs if d.shape is not None and len(d.shape) == 1}
    grew = True
    while grew:
        grew = False
        for name, values in scope.whole_values.items():
            if name not in vectors and any(_is_vector(v, vectors) for v in values):
                vectors.add(name)
                grew = True
    return vectors


def _is_vector(node: M.MathNode, vectors: set[str]) -> bool:
    """Whether ``node`` is a vector, as far as its written form tells (``b - A x``, ``x + \\alpha r``: yes)."""
    if isinstance(node, M.Sym):
        return node.name in vectors
    if isinstance(node, M.BinOp) and node.op in ("+", "-"):
        return _is_vector(node.left, vectors) or _is_vector(node.right, vectors)
    if isinstance(node, M.Neg):
        return _is_vector(node.operand, vectors)
    if isinstance(node, M.Frac):
        return _is_vector(node.num, vectors)
    if isinstance(node, M.BinOp) and node.op == "/":
        return _is_vector(node.left, vectors)
    if isinstance(node, M.Juxt) or (isinstance(node, M.BinOp) and node.op in ("*", "cdot")):
        if isinstance(node.left, M.Transpose) or isinstance(node.right, M.Transpose):
            return False  # r^T r, r^T A r: a number
        left, right = (_is_vector(side, vectors) for side in (node.left, node.right))
        return left != right  # A x, \alpha r, r \alpha: one vector factor (two would be ambiguous)
    return False
