r"""Readings a fresh round-62 note needed: the length of a string the prose spells as its symbols.

Winkler's Jaro comparator: "Let \(s = s_1 s_2 \dots s_m\) and \(t = t_1 t_2 \dots t_n\) be two
strings", and the listing's window \(\max(0, \lfloor \max(\lvert s \rvert, \lvert t \rvert) / 2
\rfloor - 1)\). \(\lvert s \rvert\) was the entrywise absolute value, lint clean, and the run
stopped (AV305).
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import property_spec, prose_note

from algoverify import api

BODY = r"""
\State \(w \gets \max(\lvert s \rvert, \lvert t \rvert)\)
\State \(c \gets 0\)
\For{\(i = 1, \dots, \lvert s \rvert\)}
  \State \(c \gets c + s_i\)
\EndFor
\State \Return \(w + c\)
"""


@pytest.mark.parametrize(
    "prose",
    [
        r"Let \(s = s_1 s_2 \dots s_m\) and \(t = t_1 t_2 \dots t_n\) be two strings.",
        r"Let \(s = s_1 s_2 \cdots s_m\) and \(t = t_1 t_2 \cdots t_n\) be two strings.",
    ],
)
def test_the_bars_of_a_spelled_string_are_its_length(tmp_path, prose):
    listing = api.load(prose_note(tmp_path, prose, BODY)).listings[0]  # lint clean
    s, t = np.array([-1.0, -2.0, -3.0]), np.array([5.0, 6.0])
    assert listing(s=s, t=t) == 3 + (-6.0)  # max(|s|, |t|) = max(3, 2), never max of absolute values


def test_a_max_over_a_family_the_listing_stores_from_0_runs_over_what_it_stored(tmp_path):
    # Foley et al.'s midpoint circle records (X_0, Y_0), …, (X_J, Y_J) in a listing that counts from 1;
    # the check's \max_j ran j over 1 … J + 1 and stopped past the end (AV306)
    body = r"""
\State \(j \gets 0\); \(X_j \gets 0\)
\While{\(j < N\)}
  \State \(j \gets j + 1\); \(X_j \gets j^{2}\)
\EndWhile
\State \Return \(X\)
"""
    spec = property_spec("The squares stay below N squared", '{N: "integers(1, 6)"}', r"\max_{j} X_j \le N^{2}")
    note = prose_note(tmp_path, r"Let \(N \ge 1\). The squares stay below N squared.", body, spec)
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
    spec_false = spec.replace(r"\le N^{2}", r"\le N^{2} - 1")  # the last square is N²: j reached J = N
    note = prose_note(tmp_path, r"Let \(N \ge 1\). The squares stay below N squared.", body, spec_false)
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "refuted", outcome.message


@pytest.mark.parametrize("step", [r"\Delta t^2", r"\Delta t^{2}"])
def test_a_step_squared_as_written_is_the_square_of_the_step(tmp_path, step):
    # Beeman's x_{n+1} = x_n + v_n Δt + (4 a_n − a_{n−1}) Δt² / 6: Δt² was Δ times t², and Δ not defined (AV303)
    body = rf"""
\Require \(x, v, a\), step \(\Delta t > 0\)
\State \(y \gets x + v \Delta t + a {step} / 2\)
\State \Return \(y\)
"""
    listing = api.load(prose_note(tmp_path, r"Let \(\Delta t\) be the time step.", body)).listings[0]
    assert listing(x=1.0, v=2.0, a=4.0, Deltat=0.5) == pytest.approx(1.0 + 1.0 + 4.0 * 0.25 / 2)
