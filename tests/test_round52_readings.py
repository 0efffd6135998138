r"""Numerical methods and statistics as a first graduate course writes them (issue 19, round 52).

The fixtures are our own text: Burden and Faires's start ``p_0`` that the iteration overwrites,
a statistician's ``X_{-j}`` (X without column j), a family's size beside a product ``N (N - 1)``,
"points with distinct x_1, …, x_n", and the median of a set of slopes.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import property_spec, prose_note

from algoverify import api

ITERATION = r"""
\For{\(i = 1, \dots, N_0\)}
  \State \(p \gets p_0 - (p_0^2 - 2) / (2 p_0)\)
  \If{\(\lvert p - p_0 \rvert < \mathrm{TOL}\)}
    \State \Return \(p\)
  \EndIf
  \State \(p_0 \gets p\)
\EndFor
\State \Return \(p\)
"""


def test_a_start_the_iteration_overwrites_is_the_input_the_note_gives(tmp_path):
    spec = property_spec(
        "the iteration finds the square root of two",
        '{p_0: "uniform(1, 3)", TOL: 1e-12, N_0: 50}',
        r"p^{2} = 2",
    )
    prose = (
        r"From an initial approximation \(p_0\), with a tolerance \(\mathrm{TOL} > 0\) and at most \(N_0\) "
        "iterations, the iteration finds the square root of two."
    )
    note = prose_note(tmp_path, prose, ITERATION, spec)
    listing = api.load(note).listings[0]
    assert "p_0" in listing.inputs
    assert listing.run({"p_0": 1.0, "TOL": 1e-12, "N_0": 50}).value == pytest.approx(2**0.5)
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


LEAVE_OUT = r"""
\For{\(j = 1, \dots, p\)}
  \State \(r_j \gets \lVert X_{-j} \rVert\)
\EndFor
\State \Return \(r\)
"""


def test_a_subscript_minus_a_name_is_no_index_and_never_a_refutation(tmp_path):
    # X_{-j}: "X without column j"; the listing cannot compute it, and says so at lint, never refuting a claim
    spec = property_spec(
        "every norm is non-negative",
        '{n: "integers(2, 4)", p: "integers(2, 3)", X: "randn(n, p)"}',
        r"\min_j r_j \ge 0",
    )
    note = tmp_path / "note.md"
    prose = r"Let \(X \in \mathbb{R}^{n \times p}\). Every norm is non-negative."
    note.write_text(
        f"---\nalgoverify:\n{spec}---\n\n{prose}\n\n\\begin{{algorithmic}}\n{LEAVE_OUT.strip()}\n\\end{{algorithmic}}\n"
    )
    found = [f for f in api.lint([note]).all_findings() if f.code == "AV308"]
    assert [f.message.split(":")[1].strip() for f in found] == ["X_{-j} is no entry"]
    assert note.read_text()[found[0].span.start :].startswith("X_{-j}")
    (outcome,) = api.check([note], seed=0, trials=5).notes[0].outcomes
    assert outcome.status == "could not check"


RANKS = r"""
\State \(s \gets \sum_{i=1}^{N} r_i^2\)
\State \(H \gets \frac{12}{N (N + 1)} s\)
\State \Return \(H\)
"""


def test_a_familys_size_times_a_group_is_a_product_for_lint(tmp_path):
    note = prose_note(tmp_path, r"The ranks are \(r_1, \dots, r_N\).", RANKS)  # lint clean: N (N + 1) a product
    assert api.load(note).listings[0].run({"r": [1.0, 2.0]}).value == pytest.approx(12 / 6 * 5)


SLOPES = r"""
\State \(S \gets \emptyset\)
\For{\(i = 1, \dots, n - 1\)}
  \For{\(j = i + 1, \dots, n\)}
    \State \(S \gets S \cup \{ (y_j - y_i) / (x_j - x_i) \}\)
  \EndFor
\EndFor
\State \Return \(\operatorname{median}(S)\)
"""


def test_points_with_distinct_abscissae_and_the_median_of_a_set(tmp_path):
    spec = property_spec(
        "the slope of points on a line is its slope",
        '{n: "integers(2, 6)", x: "integers(0, 3, n)", c: "uniform(-2, 2)"}',
        r"\operatorname{median}(S) = c",
        let="{y: 'c x'}",
    )
    prose = (
        r"The \(n\) points \((x_1, y_1), \dots, (x_n, y_n)\) have distinct \(x_1, \dots, x_n\). "
        "The slope of points on a line is its slope."
    )
    note = prose_note(tmp_path, prose, SLOPES, spec)
    listing = api.load(note).listings[0]
    assert listing.run({"x": [0.0, 1.0, 3.0], "y": [0.0, 1.0, 5.0]}).value == pytest.approx(
        float(np.median([1, 5 / 3, 2]))
    )
    (outcome,) = api.check([note], seed=0, trials=20).notes[0].outcomes
    # draws with a repeated x are left out, as the prose asks: never a division by zero that refutes
    assert outcome.status == "verified", outcome.message
    assert "the entries of x are distinct" in outcome.message
