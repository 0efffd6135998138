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


LEAPFROG = r"""
\Require \(v^0_0, \dots, v^0_{M-1}\), \(\lambda > 0\), \(K \ge 1\)
\For{\(m = 0, \dots, M - 1\)}
  \State \(v^1_m \gets v^0_m - \lambda (v^0_m - v^0_{(m-1) \bmod M})\)
\EndFor
\For{\(n = 1, \dots, K - 1\)}
  \For{\(m = 0, \dots, M - 1\)}
    \State \(v^{n+1}_m \gets v^{n-1}_m - \lambda (v^n_{(m+1) \bmod M} - v^n_{(m-1) \bmod M})\)
  \EndFor
\EndFor
\State \Return \(v^{K}\)
"""


def test_numbered_levels_of_a_family_stored_entry_by_entry(tmp_path):
    # v^0_m, v^1_m: levels 0 and 1 of the family the loop over n builds, in the listing and in the check alike
    spec = property_spec(
        "the scheme conserves the total",
        '{M: "integers(3, 9)", "v^0": "randn(M)", lambda: "uniform(0.1, 0.9)", K: "integers(1, 6)"}',
        r"\sum_{m=0}^{M-1} v^{K}_m = \sum_{m=0}^{M-1} v^0_m",
    )
    note = prose_note(tmp_path, "The scheme conserves the total.", LEAPFROG, spec)
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


RESTRICT = r"""
\Require fine-grid vector \(v^h = (v^h_1, \dots, v^h_{n-1})\), \(n\) even
\For{\(j = 1, \dots, n/2 - 1\)}
  \State \(v^{2h}_j \gets \frac{1}{4} \left( v^h_{2j-1} + 2 v^h_{2j} + v^h_{2j+1} \right)\)
\EndFor
\State \Return \(v^{2h}\)
"""


def test_a_grid_written_as_a_superscript_and_its_size_from_a_vector(tmp_path):
    # v^h, v^{2h}: the fine and the coarse grid (names, never powers); n − 1 is the fine grid's length
    note = prose_note(tmp_path, "", RESTRICT)
    listing = api.load(note).listings[0]
    fine = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0])
    got = listing.run({listing.inputs[0]: fine}).value
    np.testing.assert_allclose(got, [(fine[2 * j - 2] + 2 * fine[2 * j - 1] + fine[2 * j]) / 4 for j in range(1, 4)])


HEAT = r"""
\For{\(j = 1, \dots, J - 1\)}
  \State \(u_j^{n+1} \gets u_j^{n} + \mu \left( u_{j+1}^{n} - 2 u_j^{n} + u_{j-1}^{n} \right)\)
\EndFor
\State \(u_0^{n+1} \gets 0\); \(u_J^{n+1} \gets 0\)
\State \Return \(u^{n+1}\)
"""


def test_a_level_the_prose_introduces_as_a_family(tmp_path):
    # "Let u_0^n, …, u_J^n be the grid values at level n": the input u^n, from 0, and J its last index
    prose = r"Let \(u_0^{n}, \dots, u_J^{n}\) be the grid values at time level \(n\). Let \(\mu > 0\) be the mesh ratio."
    note = prose_note(tmp_path, prose, HEAT)
    listing = api.load(note).listings[0]
    assert set(listing.inputs) == {"u_of_n", "mu"} and listing.sizes == ("J",)
    u = np.array([0.0, 1.0, 4.0, 1.0, 0.0])
    want = u.copy()
    want[1:-1] = u[1:-1] + 0.25 * (u[2:] - 2 * u[1:-1] + u[:-2])
    want[[0, -1]] = 0.0
    np.testing.assert_allclose(listing.run({"u_of_n": u, "mu": 0.25}).value, want)
