r"""Notation round 68's notes wrote that a reader takes one way and algoverify took another (the fixtures are ours)."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import prose_note

from algoverify import api

LEAST_GENERATOR = r"""
\Require an odd prime \(p\), the distinct primes \(q_1, \dots, q_k\) dividing \(p - 1\)
\State \(g \gets 1\)
\Repeat
  \State \(g \gets g + 1\)
  \State \(i \gets 1\)
  \While{\(i \le k\) \textbf{and} \(g^{(p-1)/q_i} \bmod p \ne 1\)}
    \State \(i \gets i + 1\)
  \EndWhile
\Until{\(i > k\)}
\State \Return \(g\)
"""


@pytest.mark.parametrize(
    ("p", "q", "least"),
    [(277, [2, 3, 23], 5), (241, [2, 3, 5], 7), (7, [2, 3], 3), (1000003, [2, 3, 166667], 2)],
)
@pytest.mark.parametrize("as_floats", [False, True])
def test_a_power_of_whole_numbers_modulo_p_is_exact(tmp_path, p, q, least, as_floats):
    # round 68 (Cohen's least primitive root): q given as a list became floats, so 3^{138.0} mod 277 was a
    # rounded float's remainder (257, not 1) and a correct listing was refuted
    note = prose_note(tmp_path, "The least generator of the multiplicative group modulo a prime.", LEAST_GENERATOR)
    given = np.array(q, dtype=float) if as_floats else q
    assert api.load(note).listings[0].run({"p": p, "q": given}).value == least


def test_an_inverse_of_a_float_stays_the_real_one(tmp_path):
    body = r"""
\Require numbers \(g, a, k, p\)
\State \Return \(g \cdot a^{-k} \bmod p\)
"""
    note = prose_note(tmp_path, "A remainder.", body)
    run = api.load(note).listings[0].run
    assert run({"a": 2.0, "g": 3, "k": 1, "p": 7}).value == pytest.approx(1.5)  # the caller's float: 3/2 mod 7
    assert run({"a": 2, "g": 3, "k": 1, "p": 7}).value == 5  # integers: 3 · 2^{-1} in Z_7
