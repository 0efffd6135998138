"""Structured trials: the first trials of a check try the structured members of each input's class.

Random draws never land on a thin set (a trace-zero ±1 diagonal with a ±1 start vector, where
``bᵀAb = 0``): claims false only there must be refuted, and every member tried must belong to
the class the spec names, at the size drawn, or a true claim would be refuted by a value the
generator could never give.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from algoverify import api
from algoverify.running.generators import GeneratorError, generate, in_class, make_rng
from algoverify.running.structured import MEMBERS, ROWS, member

# --- every member is in its class, at the size drawn ----------------------------------------------

#: (generator, arguments from the sizes n, d and bounds): one entry per shape of call
CALLS = [
    ("randn", lambda n, d, lo, hi, c: ()),
    ("randn", lambda n, d, lo, hi, c: (n,)),
    ("randn", lambda n, d, lo, hi, c: (n, n)),
    ("randn", lambda n, d, lo, hi, c: (n, d)),
    ("randn", lambda n, d, lo, hi, c: (n, d, 2)),
    ("symmetric", lambda n, d, lo, hi, c: (n,)),
    ("spd", lambda n, d, lo, hi, c: (n,)),
    ("orthogonal", lambda n, d, lo, hi, c: (n,)),
    ("uniform", lambda n, d, lo, hi, c: (lo, hi)),
    ("uniform", lambda n, d, lo, hi, c: (lo, hi, n)),
    ("uniform", lambda n, d, lo, hi, c: (lo, hi, n, d)),
    ("integers", lambda n, d, lo, hi, c: (int(lo), int(lo) + int(c) % 7)),
    ("integers", lambda n, d, lo, hi, c: (int(lo), int(lo) + int(c) % 7, n)),
    ("loguniform", lambda n, d, lo, hi, c: (abs(lo) + 0.01, abs(lo) + 0.01 + hi - lo)),
    ("simplex", lambda n, d, lo, hi, c: (n,)),
    ("onehot", lambda n, d, lo, hi, c: (n,)),
]
BOUNDS = st.sampled_from([-3.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0]) | st.floats(-10, 10, allow_nan=False)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(
    st.integers(0, 9),
    st.integers(0, 5),
    BOUNDS,
    st.floats(0.01, 10),
    st.floats(1, 1e6),
    st.integers(0, 2**32 - 1),
)
def test_every_structured_member_is_in_its_class_at_the_size_drawn(n, d, lo, width, c, seed):
    for name, arguments in CALLS:
        args = arguments(n, d, lo, lo + width, c)
        try:
            drawn = generate(name, make_rng(seed), *args)
        except GeneratorError:  # arguments the generator refuses (onehot(0)): no member either
            drawn = None
        for row in ROWS:
            value = MEMBERS[name](row, make_rng(seed), *args)  # the table itself, before any guard
            if value is None:
                continue
            assert drawn is not None, (name, args, row, value)
            assert in_class(name, value, *args), (name, args, row, value)
            assert np.shape(value) == np.shape(drawn), (name, args, row)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.integers(1, 8), st.floats(1, 1e6))
def test_an_spd_member_with_a_condition_number_has_it(n, cond):
    for row in ROWS:
        value = member("spd", row, make_rng(0), n, cond=cond)
        if value is not None:
            assert in_class("spd", value, n, cond=cond), (n, cond, row)


def test_a_member_of_a_large_class_keeps_the_size_the_spec_names():
    # never a 2×2 for randn(300, 400): a counterexample must belong to the class the spec names
    for row in ROWS:
        value = member("randn", row, make_rng(0), 300, 400)
        assert value is None or value.shape == (300, 400)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 12))
def test_the_signs_and_mixed_rows_meet_on_the_thin_set(n):
    # a ±1 vector (signs) or the all-ones vector (mixed) beside a trace-zero ±1 diagonal: bᵀAb = 0
    for row in ("signs", "mixed"):
        A = member("symmetric", row, make_rng(0), n)
        b = member("randn", row, make_rng(0), n)
        assert b @ A @ b == 0 and np.any(A != 0) == (n > 1)
    # the brief's case: diag(1, −1) with b = (1, 1)
    assert member("symmetric", "mixed", make_rng(0), 2).tolist() == [[1.0, 0.0], [0.0, -1.0]]
    assert member("randn", "mixed", make_rng(0), 2).tolist() == [1.0, 1.0]


# --- checks ------------------------------------------------------------------------------------------


def _note(tmp_path: Path, checks: str, body: str = "Some prose.\n") -> Path:
    path = tmp_path / "note.md"
    path.write_text(
        "---\ntitle: t\nalgoverify:\n  checks:\n"
        + textwrap.indent(textwrap.dedent(checks).strip("\n"), "    ")
        + "\n---\n\n"
        + body,
        encoding="utf-8",
    )
    return path


def _outcome(path: Path, check_id: str):
    (report,) = api.check([path], seed=0).notes
    (found,) = [o for o in report.outcomes if o.check.id == check_id]
    return found


#: a step size that divides by the quadratic form bᵀAb, claimed never to fail for a symmetric A
STEP = r"""
\begin{algorithmic}
\Require symmetric matrix \(A\), vector \(b\)
\State \(q \gets b^{\top} A b\)
\State \(\alpha \gets (b^{\top} b) / q\)
\State \Return \(\alpha\)
\end{algorithmic}
"""


@pytest.mark.slow
def test_a_listing_dividing_by_a_quadratic_form_is_refuted_on_the_thin_set(tmp_path):
    checks = r"""
    - id: step
      kind: property
      listing: 1
      claim: "the step is always defined"
      inputs: {n: "integers(2, 6)", A: "symmetric(n)", b: "randn(n)"}
      given: '\lVert A b \rVert > 0'
      holds: '\alpha q = b^{\top} b'
    """
    found = _outcome(_note(tmp_path, checks, "The step is always defined.\n" + STEP), "step")
    assert found.status == "refuted", found.message
    assert "AV302 division by zero" in found.message
    values = found.details["_counterexample"]
    A, b = np.asarray(values["A"]), np.asarray(values["b"])
    # inside the class the spec names, shrunk to the smallest size it allows, and on the thin set
    assert in_class("symmetric", A, values["n"]) and in_class("randn", b, values["n"])
    assert values["n"] == 2 and b @ A @ b == 0 and np.linalg.norm(A @ b) > 0
    assert A.tolist() == [[1.0, 0.0], [0.0, -1.0]]


def test_a_claim_about_all_ones_is_refuted_by_an_indefinite_diagonal(tmp_path):
    checks = r"""
    - id: form
      kind: property
      draw: {n: "integers(1, 6)", A: "symmetric(n)", b: "constant(1, n)"}
      given: '\lVert A b \rVert > 0'
      holds: 'b^{\top} A b \ne 0'
    """
    found = _outcome(_note(tmp_path, checks), "form")
    assert found.status == "refuted", found.message
    values = found.details["_counterexample"]
    A = np.asarray(values["A"])
    assert in_class("symmetric", A, values["n"]) and np.trace(A) == 0 and values["n"] == 2


#: (draw, a claim false only at a structured member, a true claim): the first shows the members are
#: tried, the second that none of them leaves the class (a zero or all-ones matrix would refute it)
CLASS_CLAIMS = [
    (
        '{n: "integers(2, 6)", A: "spd(n)", x: "randn(n)"}',
        "A_{1,2} \\ne 0",
        "x^{\\top} A x > 0",
        ("A", "spd"),
    ),
    (
        '{n: "integers(1, 6)", Q: "orthogonal(n)", x: "randn(n)"}',
        "Q_{1,1} \\ne 1",
        "\\lVert Q x \\rVert = \\lVert x \\rVert",
        ("Q", "orthogonal"),
    ),
    ('{n: "integers(1, 6)", x: "uniform(2, 3, n)"}', "x_1 \\ne 2", "\\max_i x_i < 3", ("x", "uniform")),
    (
        '{n: "integers(2, 6)", A: "symmetric(n)"}',
        "A_{1,1} + A_{2,2} \\ne 0",
        "A = A^{\\top}",
        ("A", "symmetric"),
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize("draw, false, true, member_of", CLASS_CLAIMS, ids=[c[3][1] for c in CLASS_CLAIMS])
def test_structured_members_are_tried_and_stay_in_their_class(tmp_path, draw, false, true, member_of):
    given_ = "\n      given: 'x^{\\top} x > 0'" if "x^{\\top} A x" in true else ""
    checks = f"""
    - id: thin
      kind: property
      draw: {draw}
      holds: '{false}'
    - id: everywhere
      kind: property
      draw: {draw}{given_}
      holds: '{true}'
    """
    path = _note(tmp_path, checks)
    refuted = _outcome(path, "thin")
    assert refuted.status == "refuted", refuted.message
    name, generator = member_of
    values = refuted.details["_counterexample"]
    args = {"spd": (values.get("n"),), "orthogonal": (values.get("n"),), "symmetric": (values.get("n"),)}
    args["uniform"] = (2, 3, values.get("n"))
    assert in_class(generator, np.asarray(values[name]), *args[generator]), values
    held = _outcome(path, "everywhere")
    assert held.status == "verified", held.message
