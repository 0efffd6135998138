"""sympy's units kept out of a proof: ``simplify`` imports them to ask a question whose answer is known.

``simplify`` ends with ``from sympy.physics.units import Quantity`` and ``expr.has(Quantity)``;
the import builds the SI system, a tenth of a second of CPU in every process whose first proof
simplifies. :func:`without_units` answers that question while a proof runs.
"""

from __future__ import annotations

import functools
import sys
from contextlib import contextmanager
from typing import Any, Iterator

__all__ = ["without_units"]

#: What sympy's ``simplify`` imports to ask whether an expression holds a physical unit.
_UNITS = "sympy.physics.units"


@contextmanager
def without_units() -> Iterator[None]:
    """Let ``simplify`` find no units without importing them: they cost a tenth of a second of every process.

    ``simplify`` ends with ``from sympy.physics.units import Quantity`` and ``expr.has(Quantity)``
    (``solve`` asks for ``Unit`` the same way); the import builds the SI system, 0.1 s of CPU,
    the first time any proof simplifies. An expression lowered from a note never holds a unit,
    so while an attempt runs, and only when nothing has imported the real package, the name
    holds a stand-in whose ``Quantity`` no expression contains. The real package, once
    imported by anyone, is always the one used.
    """
    if _UNITS in sys.modules:
        yield
        return
    sys.modules[_UNITS] = stand_in = _stand_in()
    try:
        yield
    finally:
        if sys.modules.get(_UNITS) is stand_in:
            del sys.modules[_UNITS]


@functools.lru_cache(maxsize=1)
def _stand_in() -> Any:
    import types

    import sympy

    class Quantity(sympy.Atom):
        """A unit no lowered expression holds."""

    module = types.ModuleType(_UNITS, "algoverify's stand-in: no expression of a proof holds a unit")
    module.Quantity = module.Unit = Quantity  # type: ignore[attr-defined]
    return module
