"""A loop whose whole state comes back exactly is reported at once (AV301), with the state it repeats.

Only a run that is a function of its own state is watched: a loop that calls Python the note
supplies (a bound statement, a module's function, a function-valued input) runs out its budget
as before. A loop still converging, however slowly, is never taken for a cycle.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import algoverify
from algoverify.running.cycles import FIRST, LONGEST, CycleWatch
from algoverify.running.runstate import Budget
from algoverify.source import Span

CORPUS = Path(__file__).resolve().parents[1] / "corpus"

COUNTER = r"""
\begin{algorithmic}
\Require integer \(n\)
\State \(k \gets 0\)
\While{\(k \ne n\)}
    \State \(k \gets (k + 1) \bmod 5\)
\EndWhile
\Return \(k\)
\end{algorithmic}
"""

HALVING = r"""
\begin{algorithmic}
\Require number \(x\)
\While{\(x > 0\)}
    \State \(x \gets x / 2\)
\EndWhile
\Return \(x\)
\end{algorithmic}
"""


@pytest.fixture(scope="module")
def power_iteration():
    return algoverify.load(CORPUS / "power-iteration.md").listings[0]


def test_a_sign_flip_is_a_cycle_of_two_passes_found_long_before_the_budget(power_iteration):
    # the leading eigenvalues ±1: v flips each pass, the residual stays 2, τ = 0 is never met
    result = power_iteration.run(dict(A=np.diag([1.0, -1.0]), v=[1, 1], tau=0), budget=Budget(max_steps=10**6))
    assert result.finding.code == "AV301"
    assert "come back exactly every 2 passes" in result.finding.message
    assert "lam = 1" in result.finding.message and "v = [" in result.finding.message
    assert "A = " not in result.finding.message  # an input it only reads repeats trivially: not shown
    assert result.trace.steps <= FIRST + LONGEST + 1


@pytest.mark.parametrize(("n", "period"), [(7, 5), (-1, 5)])
def test_an_integer_counter_that_misses_its_target_cycles(n, period):
    listing = algoverify.compile(COUNTER)
    result = listing.run({"n": n}, budget=Budget(max_steps=10**6))
    assert result.finding.code == "AV301" and f"every {period} passes" in result.finding.message


def test_a_counter_that_meets_its_target_stops():
    assert algoverify.compile(COUNTER)(n=3) == 3


def test_a_loop_that_still_changes_is_never_a_cycle():
    # halving reaches 0 after about 1075 passes, every one a new value: the watch must let it finish
    assert algoverify.compile(HALVING)(x=1.0) == 0.0


def test_a_slow_loop_runs_out_its_budget_not_a_cycle(power_iteration):
    slow = np.diag([1.0, 1.0 - 1e-9])
    result = power_iteration.run(dict(A=slow, v=[1, 1], tau=0), budget=Budget(max_steps=5000))
    assert "budget of 5000 iterations" in result.finding.message


def test_a_loop_that_calls_python_the_user_registered_is_not_watched():
    from algoverify.math import functions

    algoverify.register_function("step", lambda k: (k + 1) % 5)  # may keep state of its own: not a function of k
    try:
        listing = algoverify.compile(COUNTER.replace(r"(k + 1) \bmod 5", r"\operatorname{step}(k)"))
        result = listing.run({"n": 7}, budget=Budget(max_steps=3000))
    finally:
        functions.FUNCTIONS.pop("step", None)
    assert "budget of 3000 iterations" in result.finding.message


def test_nan_never_equals_itself_so_a_state_of_nan_is_not_a_cycle():
    watch = CycleWatch(Span(0, 1), ["x"])
    env = {"x": float("nan"), "$trace": object()}
    passes = 0
    while passes < 4 * FIRST:
        passes += 1
        if passes >= watch.due:
            watch.look(env, passes)  # raises on a cycle: NaN ≠ NaN, so never


def test_a_function_valued_input_turns_the_watch_off():
    watch = CycleWatch(Span(0, 1), ["x"])
    watch.look({"x": 1.0, "f": abs}, FIRST)
    assert watch.due == float("inf")
