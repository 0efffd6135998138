r"""Time levels and interfaces as finite-volume and finite-difference texts write them (issue 19, round 46).

``Q^{n+1}_i \gets …`` stores entry i of the level n + 1 (a superscript that is a level, never a
power); ``F_{i-1/2}`` is the flux at the interface between cells i − 1 and i. The fixtures are our own.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import property_spec, prose_note

from algoverify import api

MARCH = r"""
\Require initial values \(Q^{0}_1, \dots, Q^{0}_m\), steps \(N\), ratio \(\nu\)
\For{\(n = 0, \dots, N - 1\)}
  \State \(Q^{n+1}_1 \gets Q^{n}_1\)
  \For{\(i = 2, \dots, m\)}
    \State \(Q^{n+1}_i \gets Q^{n}_i - \nu (Q^{n}_i - Q^{n}_{i-1})\)
  \EndFor
\EndFor
\State \Return \(Q^{N}\)
"""


def _upwind(q, nu, steps):
    q = np.array(q, dtype=float)
    for _ in range(steps):
        q = np.concatenate([q[:1], q[1:] - nu * (q[1:] - q[:-1])])
    return q


def test_levels_in_a_loop_over_n_are_the_iterates_entry_by_entry(tmp_path):
    note = prose_note(tmp_path, "", MARCH)
    listing = api.load(note).listings[0]
    assert "Q_of_0" in listing.inputs
    got = listing.run({"Q_of_0": [1.0, 0.0, 0.0, 0.5], "N": 3, "nu": 0.5}).value
    np.testing.assert_allclose(got, _upwind([1.0, 0.0, 0.0, 0.5], 0.5, 3))


STEP = r"""
\Require cell averages \(Q^n_1, \dots, Q^n_N\), ratio \(\nu\)
\For{\(i = 1, \dots, N\)}
  \State \(F_{i-1/2} \gets \nu Q^n_{i}\)
\EndFor
\State \(F_{N+1/2} \gets F_{1/2}\)
\For{\(i = 1, \dots, N\)}
  \State \(Q^{n+1}_i \gets Q^n_i - (F_{i+1/2} - F_{i-1/2})\)
\EndFor
\State \Return \(Q^{n+1}\)
"""


@pytest.mark.parametrize("key", ["Q^n", "Q_of_n"])
def test_one_step_from_a_level_to_the_next_with_fluxes_at_half_indices(tmp_path, key):
    # no loop runs n: Q^n is the level given, Q^{n+1} the level made; a spec may write the key as the note does
    spec = property_spec(
        "the step conserves the total",
        f'{{N: "integers(2, 8)", "{key}": "randn(N)", nu: "uniform(0, 1)"}}',
        r"\sum_{i=1}^{N} Q^{n+1}_i = \sum_{i=1}^{N} Q^n_i",
    )
    note = prose_note(tmp_path, "The step conserves the total.", STEP, spec)
    listing = api.load(note).listings[0]
    q = np.array([1.0, 2.0, 4.0])
    flux = 0.5 * q
    want = q - (np.roll(flux, -1) - flux)
    np.testing.assert_allclose(listing.run({"Q_of_n": q, "nu": 0.5}).value, want)
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
