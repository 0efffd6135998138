"""A matrix's entries read under another letter: ``c_{ij}`` of ``C``, ``n_{ij}`` of ``N`` beside a total ``n``.

:mod:`.symbols` decides which letters are entries; this module holds the tests it applies to a
scope and the rewriting of a parsed formula once decided.
"""

from __future__ import annotations

from dataclasses import replace

from ..math import mathexpr as M
from ..math.mathcommands import GREEK_LETTERS
from ..math.names import identifier
from ..source import Span
from .scope import Scope

__all__ = ["rename_entries", "entries_beside_total", "total_of_entries"]


def rename_entries(tree: M.MathNode, renames: dict[str, str], pairs: frozenset[str] = frozenset()) -> M.MathNode:
    """``tree`` with ``c_{ij}`` read as ``C_{ij}`` for each ``c`` → ``C`` of ``renames`` (spans kept).

    For a name of ``pairs`` (a table the listing indexes by two: ``d_{ij}``), ``d_{0j}`` is the entry
    ``(0, j)``, not entry ``0 · j``, and ``d_{01}`` the entry ``(0, 1)``.
    """
    if not renames and not pairs:
        return tree

    def rename(node: M.MathNode) -> M.MathNode:
        if not (isinstance(node, M.Idx) and isinstance(node.base, M.Sym) and not node.base.accents):
            return node
        if worded(node):
            return node  # w_{\max}, the largest weight: a name of its own, never entry "max" of W
        changes: dict[str, object] = {}
        base = identifier(node.base) or ""
        target = renames.get(base)
        if target is not None:
            changes["base"] = M.Sym(target, span=node.base.span)
        (index,) = node.indices if len(node.indices) == 1 else (None,)
        if base in pairs and isinstance(index, M.Juxt) and _digit_letter(index):
            changes["indices"] = (index.left, index.right)
        elif base in pairs and isinstance(index, M.Num) and len(index.text) == 2 and index.text.isdigit():
            first, second = index.span.start, index.span.start + 1  # s_{01}: the entry (0, 1)
            changes["indices"] = (
                M.Num(index.text[0], span=Span(first, first + 1)),
                M.Num(index.text[1], span=Span(second, second + 1)),
            )
        return replace(node, **changes) if changes else node

    return M.transform(tree, rename)


def worded(node: M.Idx) -> bool:
    r"""Whether every subscript of ``node`` is a word (``\max``, ``\mathrm{tot}``): a label, no index."""
    return all(
        isinstance(i, M.Sym) and len(i.name) >= 3 and i.name.isalpha() and i.name not in GREEK_LETTERS
        for i in node.indices
    )


def _digit_letter(node: M.Juxt) -> bool:
    left, right = node.left, node.right
    return (
        isinstance(left, M.Num)
        and len(left.text) == 1
        and left.text.isdigit()
        and isinstance(right, M.Sym)
        and len(right.name) == 1
        and not right.accents
    )


def entries_beside_total(lower: str, upper: str, scope: Scope, own: set[str]) -> bool:
    """``n \\gets \\sum_{i,j} n_{ij}`` where the note gives the table ``N``: ``n_{ij}`` are ``N``'s entries.

    ``n`` (assigned whole, never stored by index) is the listing's own total.
    """
    return lower != upper and total_of_entries(lower, scope) and upper not in scope.bound and upper not in own


def total_of_entries(lower: str, scope: Scope) -> bool:
    """``n`` assigned whole and only read with two indices (``n_{ij}``): a total beside the entries it sums."""
    return lower in scope.assigned_whole and lower not in scope.stored_by_index and scope.index_counts.get(lower) == {2}
