"""Named input generators: deterministic for a seed, and drawing from the whole class they name."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from algoverify.running.generators import GeneratorError, generate, in_class, make_rng


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["randn", "symmetric", "spd", "orthogonal", "simplex"]), st.integers(1, 6))
def test_same_seed_same_values(seed, name, n):
    a = generate(name, make_rng(seed), n)
    b = generate(name, make_rng(seed), n)
    np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("seed", range(10))
def test_spd_is_symmetric_positive_definite(seed):
    m = generate("spd", make_rng(seed), 6)
    np.testing.assert_allclose(m, m.T, atol=1e-12)
    assert np.linalg.eigvalsh(m).min() > 0


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 12))
def test_orthogonal_is_orthogonal_and_in_its_class(seed, n):
    q = generate("orthogonal", make_rng(seed), n)
    assert q.shape == (n, n)
    np.testing.assert_allclose(q.T @ q, np.eye(n), atol=1e-12)
    assert in_class("orthogonal", q, n) and not in_class("orthogonal", q[: n - 1, : n - 1], n - 1) or n <= 1


def test_orthogonal_draws_both_determinants():
    signs = {round(np.linalg.det(generate("orthogonal", make_rng(s), 3))) for s in range(20)}
    assert signs == {-1, 1}


def test_spd_condition_number():
    m = generate("spd", make_rng(1), 5, cond=1e4)
    w = np.linalg.eigvalsh(m)
    assert w.max() / w.min() == pytest.approx(1e4, rel=1e-6)


def test_symmetric_has_both_signs_sometimes():
    signs = set()
    for seed in range(20):
        w = np.linalg.eigvalsh(generate("symmetric", make_rng(seed), 4))
        signs.update(np.sign(w).tolist())
    assert {-1.0, 1.0} <= signs


def test_simplex_is_a_probability_vector():
    p = generate("simplex", make_rng(0), 7)
    assert p.shape == (7,) and p.min() >= 0 and p.sum() == pytest.approx(1.0)


def test_integers_inclusive_and_batches():
    draws = {generate("integers", make_rng(s), 1, 3) for s in range(50)}
    assert draws == {1, 2, 3}
    bs = generate("batches", make_rng(0), 3, None, 2)
    assert len(bs) == 3 and all(b.shape[1] == 2 and 1 <= b.shape[0] <= 8 for b in bs)


@pytest.mark.parametrize(
    "call, message",
    [
        (("nope",), "unknown generator"),
        (("randn", -1), "non-negative integer"),
        (("uniform", 1, 0), "low < high"),
        (("spd", 3.5), "non-negative integer"),
    ],
)
def test_bad_calls(call, message):
    with pytest.raises(GeneratorError, match=message):
        generate(call[0], make_rng(0), *call[1:])
