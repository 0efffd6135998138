"""Finite sets as a listing holds them: an order to run over, the set operations, and ``\\emptyset``.

:class:`FiniteSet` is a frozenset that runs over its members in a stable order (sorted where the
members compare, else as they came), so that a run over a set is the same run every time.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import Any, Iterable

import numpy as np

__all__ = ["EMPTY", "FiniteSet", "as_finite_set", "element", "is_finite_set"]


def element(x: Any) -> Any:
    """``x`` as a set holds it: NumPy scalars as Python numbers, tuples element by element.

    :raises TypeError: for a value a set cannot hold (an array, a list, a map).
    """
    if isinstance(x, np.generic):
        return x.item()
    if type(x) is tuple:
        return tuple(element(i) for i in x)
    if isinstance(x, np.ndarray):
        if x.ndim == 0:
            return x.item()
        raise TypeError(f"a set cannot hold a {'×'.join(map(str, x.shape))} array")
    if isinstance(x, (list, dict)):
        raise TypeError(f"a set cannot hold a {type(x).__name__}")
    return x


def _sortable(x: Any) -> bool:
    if type(x) is float:
        return x == x  # NaN has no place in an order
    if isinstance(x, (int, str)):
        return True
    return type(x) is tuple and all(_sortable(i) for i in x)


class FiniteSet(frozenset):
    """A finite set with a deterministic iteration order, as listings iterate sets.

    The order: ascending when every element is a number, a string, or a tuple of them and
    they compare (``(1, 2) < (1, 3)``); otherwise the order in which the elements were first
    added. It is a ``frozenset`` (immutable, hashable, equal to any set with the same
    elements, so sets may hold sets); only iteration and printing follow the order.
    """

    __slots__ = ("_order",)
    _order: tuple

    def __new__(cls, items: Iterable[Any] = ()) -> FiniteSet:
        """The set of ``items`` (NumPy scalars as Python numbers), in the order described above."""
        unique = list(dict.fromkeys(element(x) for x in items))
        if len(unique) > 1 and all(_sortable(x) for x in unique):
            try:
                unique = sorted(unique)  # a copy: a sort that fails half-way leaves its list shuffled
            except TypeError:  # numbers beside strings, tuples of different kinds: first-added order
                pass
        self = super().__new__(cls, unique)
        self._order = tuple(unique)
        return self

    def __iter__(self) -> Any:
        return iter(self._order)

    def __reversed__(self) -> Any:
        return reversed(self._order)

    def __repr__(self) -> str:
        return "{" + ", ".join(map(repr, self._order)) + "}" if self._order else "∅"

    def __reduce__(self) -> Any:
        return (FiniteSet, (self._order,))

    def __or__(self, other: Any) -> FiniteSet:
        return FiniteSet((*self._order, *other)) if isinstance(other, AbstractSet) else NotImplemented

    def __and__(self, other: Any) -> FiniteSet:
        return FiniteSet(x for x in self._order if x in other) if isinstance(other, AbstractSet) else NotImplemented

    def __sub__(self, other: Any) -> FiniteSet:
        return FiniteSet(x for x in self._order if x not in other) if isinstance(other, AbstractSet) else NotImplemented

    def __xor__(self, other: Any) -> FiniteSet:
        if not isinstance(other, AbstractSet):
            return NotImplemented
        return FiniteSet((*(x for x in self._order if x not in other), *(x for x in other if x not in self)))

    __ror__, __rand__ = __or__, __and__


#: the empty set (``\\emptyset``)
EMPTY = FiniteSet()


def is_finite_set(x: Any) -> bool:
    """True for a set of ours or Python's (``set``, ``frozenset``, a dict's keys)."""
    return isinstance(x, AbstractSet)


def as_finite_set(x: Any) -> FiniteSet:
    """``x`` (a Python ``set``/``frozenset``) as a :class:`FiniteSet`; a :class:`FiniteSet` as itself."""
    return x if type(x) is FiniteSet else FiniteSet(x)
