"""The entries where two arrays disagree, named in a message whatever the arrays' length.

A message prints an array as NumPy does, cut with ``...`` past a few entries: the entry that
differs may be the one cut. :func:`differing` names the first entries that do, with their
indices in the listing's index base and both values.
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

__all__ = ["differing", "cut", "SHOWN"]

#: Entries an array may have before NumPy's printing cuts it (``threshold`` of ``array2string``).
THRESHOLD = 8
#: Differing entries a message names; the rest are counted.
SHOWN = 3


def cut(*arrays: Any) -> bool:
    """Whether printing any of ``arrays`` cuts entries out."""
    return any(np.ndim(a) and np.size(a) > THRESHOLD for a in arrays)


def differing(
    left: Any,
    right: Any,
    agree: Callable[[np.ndarray, np.ndarray], np.ndarray],
    names: tuple[str, str],
    base: int = 1,
) -> str:
    """``at index 15: y = 0, 2 x = 2; 2 more entries differ`` for arrays of one shape, else ``""``.

    ``agree(a, b)`` is the entrywise test (``isclose`` for ``=``); ``names`` say the two sides;
    ``base`` is the index of an array's first entry.
    """
    try:
        a, b = np.broadcast_arrays(np.asarray(left, dtype=float), np.asarray(right, dtype=float))
        with np.errstate(all="ignore"):
            bad = ~np.asarray(agree(a, b), dtype=bool)
    except (TypeError, ValueError):
        return ""
    if a.ndim == 0 or bad.shape != a.shape or not bad.any():
        return ""
    where = np.argwhere(bad)
    parts = []
    for idx in where[:SHOWN]:
        at = tuple(int(i) + base for i in idx)
        index = str(at[0]) if len(at) == 1 else "(" + ", ".join(map(str, at)) + ")"
        x, y = _number(a[tuple(idx)], b[tuple(idx)])
        parts.append(f"at index {index}: {names[0]} = {x}, {names[1]} = {y}")
    more = len(where) - SHOWN
    if more > 0:
        parts.append(f"{more} more entr{'y differs' if more == 1 else 'ies differ'}")
    return "; ".join(parts)


def _number(x: float, y: float) -> tuple[str, str]:
    """Two entries at 6 digits, or every digit when they print alike."""
    short = f"{x:.6g}", f"{y:.6g}"
    return short if short[0] != short[1] else (repr(float(x)), repr(float(y)))
