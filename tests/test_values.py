"""Values written as text: numbers, lists, generator calls; never eval."""

import numpy as np
import pytest

from algoverify.running.generators import make_rng
from algoverify.running.values import ValueSyntaxError, parse_assignment, parse_value, sizes_of


@pytest.mark.parametrize(
    "text, expected",
    [
        ("3", 3),
        ("-2", -2),
        ("1e-9", 1e-9),
        ("0.5", 0.5),
        ("inf", float("inf")),
        ("-inf", float("-inf")),
        ("[1, 2, 3]", np.array([1.0, 2.0, 3.0])),
        ("[[2,1],[1,3]]", np.array([[2.0, 1.0], [1.0, 3.0]])),
        ("(1, 2.5)", (1, 2.5)),
        ("'text'", "text"),
    ],
    ids=str,
)
def test_literals(text, expected):
    got = parse_value(text)
    if isinstance(expected, np.ndarray):
        np.testing.assert_array_equal(got, expected)
    else:
        assert got == expected and type(got) is type(expected)


def test_generator_call_is_seeded():
    a = parse_value("randn(3)", make_rng(7))
    b = parse_value("randn(3)", make_rng(7))
    np.testing.assert_array_equal(a, b)
    assert parse_value("spd(4, cond=10)", make_rng(0)).shape == (4, 4)


@pytest.mark.parametrize(
    "text, message",
    [
        ("[1,", "column"),
        ("foo", "unknown name"),
        ("__import__('os')", "unknown generator"),
        ("1 +", "cannot read"),
        ("[1] + 1", "arithmetic here is on numbers"),
        ("", "empty"),
    ],
)
def test_rejected(text, message):
    with pytest.raises(ValueSyntaxError, match=message):
        parse_value(text)


def test_a_value_may_be_arithmetic_on_earlier_inputs():
    assert parse_value("n - 1", names={"n": 7}) == 6  # `hi: n - 1` beside `n: integers(1, 12)`
    assert parse_value("2*k + 1", names={"k": 3}) == 7
    assert sizes_of({"n": "integers(1, 9)", "hi": "n - 1", "x": "randn(m + 1)", "y": "x"}) == {"n", "m"}


def test_assignment():
    name, value = parse_assignment("tau=1e-9")
    assert name == "tau" and value == 1e-9
    with pytest.raises(ValueSyntaxError):
        parse_assignment("novalue")
