r"""Fresh round 59's wrong verdicts: correct listings the tool refuted, each read now as its author meant.

Each case is our own small text. Before: a family ``I_s`` the listing keeps was the identity matrix
where subscripted by a size.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import prose_note

import algoverify
from algoverify import api


def _compile(body: str):
    return algoverify.compile("\\begin{algorithmic}\n" + body.strip() + "\n\\end{algorithmic}")


_RUNNING_SUMS = r"""
\Require numbers \(x_1, \dots, x_L\), a number of stages \(N\)
\State \(I_s \gets 0\) for \(s = 1, \dots, N\)
\For{\(n = 1, \dots, L\)}
  \State \(I_1 \gets I_1 + x_n\)
  \For{\(s = 2, \dots, N\)}
    \State \(I_s \gets I_s + I_{s-1}\)
  \EndFor
\EndFor
\State \Return \(I_N\)
"""


@pytest.mark.parametrize(
    ("x", "N", "expected"),
    [
        ([1.0, 2.0, 3.0], 1, 6.0),  # one running sum
        ([1.0, 2.0, 3.0], 2, 10.0),  # 1, 4, 10: the running sum of 1, 3, 6
        ([1.0, 1.0], 3, 4.0),  # 1, 3, 4 … the third of three cascaded sums
    ],
)
def test_a_family_of_I_the_listing_stores_into_is_its_own_not_the_identity(x, N, expected):
    # fresh round 59's CIC decimator: I_N, I_1 of the integrator states were identity matrices
    run = _compile(_RUNNING_SUMS)
    assert run(x=np.array(x), L=len(x), N=N) == expected


@pytest.mark.parametrize(
    ("prose", "body", "inputs", "expected"),
    [
        # the prose names the family; the listing only reads it
        (
            r"Let the incomes be \(I_1, \dots, I_n\) and \(c\) a number.",
            r"\Require a number \(c\)" + "\n" + r"\State \Return \(I_n + c\)",
            {"I": np.array([1.0, 2.0, 5.0]), "c": 1.0},
            6.0,
        ),
        # nothing binds I: I_n is still the n × n identity
        (
            r"Let \(A\) be an \(n \times n\) matrix.",
            r"\Require an \(n \times n\) matrix \(A\)" + "\n" + r"\State \Return \(A + I_n\)",
            {"A": np.zeros((2, 2))},
            np.eye(2),
        ),
    ],
)
def test_I_subscripted_is_the_identity_only_where_nothing_names_it(tmp_path, prose, body, inputs, expected):
    listing = api.load(prose_note(tmp_path, prose, body)).listings[0]
    np.testing.assert_allclose(listing(**inputs), expected)
