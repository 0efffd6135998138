"""Named input generators: deterministic for a seed, and drawing from the whole class they name."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from algoverify.running.generators import GeneratorError, generate, in_class, make_rng


@settings(max_examples=50, deadline=None)
@given(
    st.integers(0, 2**32 - 1),
    st.sampled_from(["randn", "symmetric", "spd", "orthogonal", "simplex"]),
    st.integers(1, 6),
)
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


#: every built-in generator, with arguments that reach each of its branches
_SHAPE_CALLS = [
    ("randn", ()),
    ("randn", (5,)),
    ("randn", (3, 4)),
    ("randn", ((2, 3),)),
    ("uniform", ()),
    ("uniform", (-1.0, 2.0, 4)),
    ("loguniform", (1e-3, 10.0)),
    ("integers", (2, 12)),
    ("integers", (-2, 2, 3, 2)),
    ("symmetric", (4,)),
    ("spd", (5,)),
    ("spd", (4, 100.0)),
    ("orthogonal", (3,)),
    ("simplex", (6,)),
    ("onehot", (4,)),
    ("batches", (3,)),
    ("batches", (2, 4, 3)),
    ("constant", (1.5, 2, 2)),
]


@pytest.mark.parametrize(("name", "args"), _SHAPE_CALLS, ids=[f"{n}{a}" for n, a in _SHAPE_CALLS])
def test_lints_shape_only_draws_have_the_shapes_and_class_of_real_ones(name, args):
    # lint binds a check's draws from ShapeDraws to learn which inputs they give: a shape that
    # differs from a real draw's (or a value outside the class) would make lint's AV307 wrong
    from algoverify.running.generators import GENERATORS, ShapeDraws

    real, stand_in = generate(name, make_rng(0), *args), generate(name, ShapeDraws(), *args)
    assert type(stand_in) is type(real)
    if isinstance(real, list):  # batches: a drawn count of rows when none is given, else the same shapes
        assert len(stand_in) == len(real)
        assert all(np.ndim(s) == np.ndim(r) and np.shape(s)[1:] == np.shape(r)[1:] for s, r in zip(stand_in, real))
        assert len(args) < 2 or [np.shape(v) for v in stand_in] == [np.shape(v) for v in real]
    else:
        assert np.shape(stand_in) == np.shape(real)
        assert np.asarray(stand_in).dtype.kind == np.asarray(real).dtype.kind
        assert np.all(np.isfinite(stand_in))
    assert in_class(name, stand_in, *args) is not False
    assert name in GENERATORS


def test_every_built_in_generator_is_drawn_by_the_shape_only_table():
    from algoverify.running.generators import BUILTINS

    assert set(BUILTINS) <= {name for name, _ in _SHAPE_CALLS}
