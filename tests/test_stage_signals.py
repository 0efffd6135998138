r"""Signals stored by stage and time, ``f_m(n) \gets …``, as signal processing writes a lattice filter.

Proakis and Manolakis's FIR lattice (round 63): the forward and backward signals of stage ``m`` at
time ``n``, with "zero initial conditions, \(g_m(-1) = 0\)". The fixtures are our own text.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import prose_note

from algoverify import api
from algoverify.math.mathexpr import parse_math
from algoverify.running.prose_math import _fixed_members

LATTICE = r"""
\Require coefficients \(K_1, \dots, K_{M-1}\), samples \(x(0), \dots, x(N-1)\)
\For{\(n = 0, \dots, N - 1\)}
  \State \(f_0(n) \gets x(n)\); \(g_0(n) \gets x(n)\)
  \For{\(m = 1, \dots, M - 1\)}
    \State \(f_m(n) \gets f_{m-1}(n) + K_m g_{m-1}(n-1)\)
    \State \(g_m(n) \gets K_m f_{m-1}(n) + g_{m-1}(n-1)\)
  \EndFor
  \State \(y(n) \gets f_{M-1}(n)\)
\EndFor
\State \Return \(y\)
"""

PROSE = (
    r"Stage \(m\) of the lattice holds a forward signal \(f_m(n)\) and a backward signal \(g_m(n)\), "
    r"which start at rest: \(g_m(-1) = 0\)."
)


def _lattice(k: list[float], x: list[float]) -> list[float]:
    f, g = list(x), list(x)
    for km in k:  # stage by stage: each reads the stage before, one sample late on the backward path
        f, g = (
            [f[n] + km * (g[n - 1] if n else 0.0) for n in range(len(x))],
            [km * f[n] + (g[n - 1] if n else 0.0) for n in range(len(x))],
        )
    return f


@pytest.mark.parametrize("k", [[0.5], [0.5, -0.3], [0.2, -0.7, 0.4]])
def test_a_lattice_stored_by_stage_and_time_runs(tmp_path, k):
    listing = api.load(prose_note(tmp_path, PROSE, LATTICE)).listings[0]
    x = [1.0, 2.0, 3.0, 4.0, -1.0]
    got = listing.run({"K": np.array(k), "x": np.array(x)}).value
    np.testing.assert_allclose(got, _lattice(k, x))


@pytest.mark.parametrize(
    ("latex", "fixed"),
    [
        (r"g_m(-1) = 0", ("g", {-1: 0.0})),  # every stage m at time -1
        (r"e_{-1} = e_0 = 0", ("e", {-1: 0.0, 0: 0.0})),
        (r"g_0(-1) = 0", None),  # one stage only
    ],
)
def test_members_the_prose_fixes_of_every_stage(latex, fixed):
    assert _fixed_members(parse_math(latex)) == fixed
