r"""``y(0), \dots, y(N-1)`` is the terms between, never the integers between the two terms' values.

Round 63's author returned Proakis's output samples as ``y(0), \dots, y(N-1)``; the run gave the
integers from ``y(0) = 2`` to ``y(N-1) = 6``, with no finding. The fixtures are our own text.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import prose_note

from algoverify import api

DOUBLING = r"""
\Require samples \(x(0), \dots, x(N-1)\)
\For{\(n = 0, \dots, N-1\)}
  \State \(y(n) \gets 2 x(n)\)
\EndFor
\State \Return \(RETURNED\)
"""


@pytest.mark.parametrize(
    ("returned", "expected"),
    [
        (r"y(0), \dots, y(N-1)", [2.0, 4.0, 6.0]),  # every sample, as Proakis writes the output
        (r"y(1), \dots, y(N-1)", [4.0, 6.0]),
        (r"y(0) + 1, \dots, y(N-1) + 1", [3.0, 5.0, 7.0]),
        (r"2^0, \dots, 2^{N}", [1.0, 2.0, 4.0, 8.0]),  # 1, 2, 4, 8: the powers, not the integers to 8
        (r"1, \dots, N", [1.0, 2.0, 3.0]),  # the integers, as ever
        (r"N - 2, \dots, N", [1.0, 2.0, 3.0]),
    ],
)
def test_the_terms_a_range_writes_out(tmp_path, returned, expected):
    note = prose_note(
        tmp_path, r"Let \(x(0), \dots, x(N-1)\) be the input samples.", DOUBLING.replace("RETURNED", returned)
    )
    value = api.load(note).listings[0].run({"x": np.array([1.0, 2.0, 3.0])}).value
    np.testing.assert_allclose(np.asarray(value, dtype=float), expected)
