"""A loop whose whole state comes back exactly can never stop: say so at once, with the state it repeats.

A listing's run is deterministic when nothing it calls comes from outside it (no Python bound to
a statement, no function of the note's module, no function-valued input): its next state is a
function of its state. A ``\\While`` whose variables, after some pass, are exactly what they were
some passes before will repeat them for ever, and its test, which reads only them, never
changes its answer. Power iteration that divides by ``\\lambda^{2}`` settles on a fixed point
whose residual is not small; a matrix whose leading eigenvalue is negative flips its vector's
sign each pass. Both used to run out their whole step budget (a million passes, seconds) before
a trial could fail.

The watch marks the state after 64 passes and compares the next 8 passes with it (cycles of up
to 8 passes); without a match it marks again after twice as many passes, so that a loop that
does stop pays a comparison every few thousand passes. Exact equality only: ``NaN`` never equals
itself, so a state that is not a number is never taken for a cycle, and a loop still converging
(however slowly) changes its state.
"""

from __future__ import annotations

import copy
import math
from typing import Any, Iterable

import numpy as np

from ..findings import DidNotTerminate, LocatedError
from ..source import Span

__all__ = ["CycleWatch"]

#: Passes before the first mark; the longest cycle looked for.
FIRST, LONGEST = 64, 8


class CycleWatch:
    """One run of one loop: :meth:`look` at pass ``due`` raises :class:`LocatedError` (AV301) on a repeat."""

    __slots__ = ("span", "shown", "due", "mark", "at")

    def __init__(self, span: Span, shown: Iterable[str] = ()) -> None:
        self.span = span
        #: the loop's own variables, shown in the message (the inputs it only reads repeat trivially)
        self.shown = list(shown)
        self.due = FIRST
        self.mark: dict[str, Any] | None = None
        self.at = 0

    def look(self, env: dict[str, Any], passes: int) -> None:
        """Compare the state after ``passes`` passes with the mark, or take the mark; set the next ``due``."""
        state = {k: v for k, v in env.items() if not k.startswith("$")}
        if self.mark is not None:
            if _same(state, self.mark):
                raise LocatedError(DidNotTerminate, self.span, reason=self._repeats(passes - self.at, state))
            if passes < self.at + LONGEST:
                self.due = passes + 1
                return
            self.mark, self.due = None, 2 * self.at  # no cycle this time: mark again later
            return
        if any(callable(v) for v in state.values()):
            self.due = math.inf  # a function-valued input: the run may not be deterministic
            return
        try:
            self.mark = {k: _frozen(v) for k, v in state.items()}
        except Exception:  # noqa: BLE001 - a value that cannot be copied: no watch, the budget still holds
            self.due = math.inf
            return
        self.at, self.due = passes, passes + 1

    def _repeats(self, period: int, state: dict[str, Any]) -> str:
        every = "pass" if period == 1 else f"{period} passes"
        names = [n for n in self.shown if n in state] or list(state)
        shown = ", ".join(f"{name} = {_short(state[name])}" for name in names[:4])
        return (
            f"from pass {self.at}, the loop's variables come back exactly every {every} ({shown}): "
            "its test can never change, so it never stops"
        )


def _frozen(value: Any) -> Any:
    if isinstance(value, np.ndarray):
        return value.copy()
    if value is None or isinstance(value, (bool, int, float, complex, str, np.generic)):
        return value
    return copy.deepcopy(value)


def _same(state: dict[str, Any], mark: dict[str, Any]) -> bool:
    if state.keys() != mark.keys():
        return False
    for name, value in state.items():
        old = mark[name]
        if isinstance(value, np.ndarray) or isinstance(old, np.ndarray):
            if not (
                isinstance(value, np.ndarray)
                and isinstance(old, np.ndarray)
                and value.shape == old.shape
                and value.dtype == old.dtype
                and np.array_equal(value, old)
            ):
                return False
            continue
        try:
            if type(value) is not type(old) or not bool(value == old):
                return False
        except Exception:  # noqa: BLE001 - values that cannot be compared are not the same
            return False
    return True


def _short(value: Any) -> str:
    if isinstance(value, np.ndarray):
        text = " ".join(np.array2string(value, precision=4, threshold=6, separator=", ").split())
    elif isinstance(value, float):
        text = f"{value:.6g}"
    else:
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"
