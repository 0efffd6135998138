r"""Time-series listings as Hull and Brockwell–Davis write them (issue 19, round 47).

The fixtures are our own text: a family of variances stored as σ_n², and autocovariances
taken as γ(0), …, γ(N) and read at γ(n − k).
"""

from __future__ import annotations

import numpy as np
from helpers import property_spec, prose_note

from algoverify import api

VARIANCES = r"""
\Require returns \(u_1, \dots, u_m\), weights \(\omega > 0\), \(\beta \ge 0\)
\State \(\sigma_1^2 \gets \omega\)
\For{\(n = 2, \dots, m\)}
  \State \(\sigma_n^2 \gets \omega + u_{n-1}^2 + \beta \sigma_{n-1}^2\)
\EndFor
\State \Return \(\sigma_1^2, \dots, \sigma_m^2\)
"""


def test_a_family_stored_as_squares_is_a_family_of_its_own(tmp_path):
    # σ is never assigned: σ_n² is member n of the variances, in the listing and in its check alike
    spec = property_spec(
        "every variance is at least omega",
        '{m: "integers(1, 6)", u: "randn(m)", omega: "uniform(0.1, 1)", beta: "uniform(0, 0.9)"}',
        r"\forall n \in \{1, \dots, m\} : \sigma_n^2 \ge \omega",
    )
    note = prose_note(tmp_path, "Every variance is at least omega.", VARIANCES, spec)
    u = np.array([0.5, -1.0, 2.0])
    got = api.load(note).listings[0].run({"u": u, "omega": 0.2, "beta": 0.5}).value
    want = [0.2]
    for n in range(1, 3):
        want.append(0.2 + u[n - 1] ** 2 + 0.5 * want[-1])
    np.testing.assert_allclose(got, want)
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


LAGS = r"""
\Function{Lagged}{\(\gamma(0), \dots, \gamma(N)\)}
  \State \(s \gets 0\)
  \For{\(n = 1, \dots, N\)}
    \State \(s \gets s + \gamma(n - 1) - \gamma(N - n)\)
  \EndFor
  \State \Return \(s + \gamma(0)\)
\EndFunction
"""


def test_a_family_written_as_calls_is_read_at_every_argument(tmp_path):
    # γ(n − 1) is the member at lag n − 1, never γ times (n − 1), wherever the family is written as calls
    note = prose_note(tmp_path, "", LAGS)
    listing = api.load(note).listings[0]
    assert listing.inputs == ("gamma",)
    gamma = np.array([3.0, 1.0, 0.5, 0.25])
    want = sum(gamma[n - 1] - gamma[3 - n] for n in range(1, 4)) + gamma[0]
    assert listing.run({"gamma": gamma}).value == want


def test_a_square_stored_under_a_label_stays_a_name_of_its_own(tmp_path):
    # s_p^2, the pooled variance: p labels it (no loop runs p), so it is one name, never member p of a family
    body = r"""
\Require samples \(x_1, \dots, x_m\), \(y_1, \dots, y_n\)
\State \(s_p^2 \gets \frac{\sum_{i=1}^{m} x_i^2 + \sum_{j=1}^{n} y_j^2}{m + n}\)
\For{\(k = 1, \dots, m\)}
  \State \(x_k \gets x_k / s_p^2\)
\EndFor
\State \Return \(s_p^2\)
"""
    note = prose_note(tmp_path, "", body)
    got = api.load(note).listings[0].run({"x": [1.0, 1.0], "y": [2.0]}).value
    assert got == 2.0
