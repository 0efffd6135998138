r"""What name resolution finds in a scope: its reads (:class:`Read`) and what it binds and stores (:class:`Scope`).

The passes that fill a :class:`Scope` live in :mod:`.scope` (statements), :mod:`.reads` (math) and
:mod:`.first_reads` (source order); the name checks of :mod:`.symbols` and the interpreter read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..math import mathexpr as M
from ..records import frozen
from ..source import Span
from ..syntax import ir

__all__ = ["Read", "Scope"]


@frozen
class Read:
    """One name a scope reads and does not bind, at the first place it is read."""

    name: str
    span: Span
    #: how many indices it is read with where first seen (``x_i``: 1; ``c_{ij}``: 2; ``x``: 0)
    indices: int = 0
    #: ``True`` when it is called as a function (``\textsc{Partition}(A)``, ``\Call{F}{x}``)
    called: bool = False
    #: every place it is read (the first is :attr:`span`)
    spans: tuple[Span, ...] = ()
    #: the most indices it is read with anywhere
    max_indices: int = 0
    #: only ever applied (``f(x)``): a function or a factor, which lint's AV204 asks about when nothing binds it
    applied: bool = False
    #: read by way of a name the prose defines (``n`` of ``V = \{1, \dots, n\}``): which, and where
    via: str | None = None


@dataclass
class Scope:
    """A listing's statements, or one of its ``\\Function``\\ s: names bound inside, names read."""

    #: ``None`` for the listing's own statements, else the function's name
    function: str | None
    node: ir.Node
    params: tuple[str, ...] = ()
    #: names bound in the scope: parameters, assignments, loop variables
    #: names the note gives the listing (its prose, ``\\Require``, the spec): ``e_k`` of a given ``e`` is
    #: its member, never the basis vector ``e_k``
    declared: frozenset[str] = frozenset()
    bound: set[str] = field(default_factory=set)
    #: free reads, by name, in the order first read
    reads: dict[str, Read] = field(default_factory=dict)
    #: names whose first mention, in source order, reads them (``x_i`` before ``x \\gets y``)
    read_first: set[str] = field(default_factory=set)
    #: of those, the names first read whole (``y \gets x`` before ``x_i \gets …``), not only entry by entry
    whole_first: dict[str, Span] = field(default_factory=dict)
    #: names read before anything writes them, outside a loop that does (``\lVert g_k \rVert`` before ``g_k \gets``)
    read_before: set[str] = field(default_factory=set)
    #: of those, the reads outside a loop that stores into the name: an empty value there is a mistake
    unset_reads: dict[str, Span] = field(default_factory=dict)
    #: names stored by one index that a loop runs over a whole size: ``\beta_j \gets …`` in ``j = 1, …, p`` → {p}
    store_sizes: dict[str, set[str]] = field(default_factory=dict)
    #: where each name is first read with an index that is not a numeral (``\eta_t``, ``x_{i+1}``)
    entry_reads: dict[str, Span] = field(default_factory=dict)
    #: ``I`` read where nothing binds it (the identity, unless the note declares a name ``I``: "an I × J table")
    identity_reads: dict[str, Span] = field(default_factory=dict)
    #: of a procedure, what the listing's other procedures set whole or by index (CLRS's heap-size,
    #: set by Heapsort, read by Max-Heapify): its caller's when it runs, never a name nothing binds
    from_callers: set[str] = field(default_factory=set)
    #: words in small capitals nothing binds (``\textsc{white}``): constants, unless the prose defines them
    small_caps: dict[str, Span] = field(default_factory=dict)
    #: names read or stored with an index that is not a numeral (``\pi_i``): arrays, not labelled names
    variable_indexed: set[str] = field(default_factory=set)
    #: ``p_0``, ``p_1`` beside ``p \gets …`` (numeral subscripts only): numbers of their own, not entries of p
    labels: set[str] = field(default_factory=set)
    #: ``y_0`` read where the scope binds ``y`` (``y \\gets y_0``): a member by number, maybe a name the note declares
    numbered: dict[str, Span] = field(default_factory=dict)
    #: members by number (``y_1``) where first read, and where the statement that first sets one ends:
    #: ``y_1 \\gets …`` before any read of ``y_1`` sets it, never reads a given ``y_1``
    member_read: dict[str, int] = field(default_factory=dict)
    member_set: dict[str, int] = field(default_factory=dict)
    #: free dimension symbols: ``d`` of ``\sum_{i=1}^{d} x_i`` → the arrays indexed by ``i``
    dims: dict[str, set[str]] = field(default_factory=dict)
    #: the listing's entry function (the one a run calls)
    entry: bool = False
    #: names the scope reads with indices, bound or not (``x`` of ``x_i``)
    indexed: set[str] = field(default_factory=set)
    #: names in the math of English statements (a binding of the statement may set them)
    described: set[str] = field(default_factory=set)
    #: names read or assigned whole somewhere (``x``, not only ``x_i``)
    whole: set[str] = field(default_factory=set)
    #: for each name read or stored with indices, how many indices it is written with
    index_counts: dict[str, set[int]] = field(default_factory=dict)
    #: names the scope stores into by index (``d_{ij} \gets …``)
    stored_by_index: set[str] = field(default_factory=set)
    #: names the scope stores into by brackets (``B[h_j(x_i)] \gets 1``)
    bracketed: set[str] = field(default_factory=set)
    #: names the scope assigns whole (``x \gets …``)
    assigned_whole: set[str] = field(default_factory=set)
    #: names the scope sets to the number 0 (``x \gets 0``, ``x \gets \mathbf{0}``), where first set
    zeroed: dict[str, Span] = field(default_factory=dict)
    #: of those, the members of a family set to 0 by number, and the family's name (``w_0`` → ``w``)
    zeroed_members: dict[str, str] = field(default_factory=dict)
    #: names (a family's name for its members) read as a factor of a product: ``A`` and ``x`` of ``A x_k``
    factors: set[str] = field(default_factory=set)
    #: names the scope sets to a value made of ``\mathbf{1}`` (``r \gets \mathbf{1} / n``)
    filled: set[str] = field(default_factory=set)
    #: names the scope sets to the identity written without its size (``L \gets I``), where first set
    identities: dict[str, Span] = field(default_factory=dict)
    #: what each name is assigned whole (``x \gets x + \alpha r``): read for the shape of a zero it starts from
    whole_values: dict[str, list[M.MathNode]] = field(default_factory=dict)
    #: where the scope writes ``^T`` with no name ``T`` bound: a transpose, or a power if the note declares ``T``
    letter_t: list[Span] = field(default_factory=list)
    #: names read with one two-digit index (``u_{11}``): the entry (1, 1) of a matrix, or entry 11 of a vector
    two_digit: set[str] = field(default_factory=set)
    #: names written with two letters side by side as their subscript (``\mu_{ip}``), where first
    letter_pairs: dict[str, Span] = field(default_factory=dict)
    #: names whose entry is read before the scope stores into that same entry (``l_{kk}`` read, then
    #: ``l_{kk} \gets r``; ``x_i \gets x_i + 1``): what they hold comes in and is updated in place
    updated_in_place: set[str] = field(default_factory=set)
    #: names written with one plain index (``\mu_1``, ``\mu_i``)
    single_indexed: set[str] = field(default_factory=set)
    #: free names read in the exponent of ``e`` or in ``\exp`` (``e^{-2 \pi i k / n}``), and free names read as an index
    in_exponent: set[str] = field(default_factory=set)
    as_index: set[str] = field(default_factory=set)
