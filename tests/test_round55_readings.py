r"""Readings of textbook listings met in the fifty-fifth round of notes written from the docs alone.

Each case is our own text: an equation the prose asks to solve (``a solution of f(x) = 0``), which
defines no function, and a loop over the members of a set restricted by a condition.
"""

from __future__ import annotations

import pytest
from helpers import prose_note

import algoverify
from algoverify import api


@pytest.mark.parametrize(
    "prose",
    [
        r"The method finds a solution of \(f(x) = 0\) between \(a\) and \(b\).",
        r"It stops near a root, where \(g(x) = 0\) holds for \(g = f\).",
        r"The function is tabulated, and \(f(t) = 1\) at the start.",
    ],
)
def test_an_equation_whose_right_side_reads_no_parameter_defines_no_function(tmp_path, prose):
    # read as the definition f ≡ 0, the drawn f was ignored and a correct bisection refuted
    body = "\\Require $f, a, b$\n\\State \\Return $f(a) + f(b)$"
    listing = api.load(prose_note(tmp_path, prose, body)).listings[0]
    assert "f" in listing.inputs
    assert listing(f=lambda x: x * x, a=2.0, b=3.0) == 13.0


def test_a_function_the_prose_defines_by_its_parameters_is_still_defined(tmp_path):
    prose = r"The logistic function is \(\sigma(z) = 1 / (1 + e^{-z})\)."
    listing = api.load(prose_note(tmp_path, prose, "\\Require $z$\n\\State \\Return $\\sigma(z)$")).listings[0]
    assert listing.inputs == ("z",) and listing(z=0.0) == 0.5


_FROM_U = r"""
\Require $E, u$
\State $c \gets 0$
\For{each \(v\) with \((u, v) \in E\)}
  \State $c \gets c + v$
\EndFor
\State \Return $c$
"""


@pytest.mark.parametrize(("u", "expected"), [(1, 5), (2, 5), (3, 0)])
def test_a_loop_over_the_members_with_a_pair_runs_over_those_from_the_current_one(u, expected):
    # "each v with (u, v) ∈ E": u is the vertex at hand; running over every pair rebound u and refuted Kahn
    run = algoverify.compile("\\begin{algorithmic}\n" + _FROM_U.strip() + "\n\\end{algorithmic}")
    assert run(E={(1, 2), (1, 3), (2, 5)}, u=u) == expected


@pytest.mark.parametrize("empty", [r"\langle \rangle", r"\langle\, \rangle"])
def test_an_empty_sequence_in_angle_brackets_is_an_empty_list(empty):
    run = algoverify.compile(
        "\\begin{algorithmic}\n\\State $L \\gets " + empty + "$\n\\State append $3$ to $L$\n"
        "\\State \\Return $L$\n\\end{algorithmic}"
    )
    assert list(run()) == [3]


_RUNNING = r"""
\State \(M_1 \gets x_1\); \(S_1 \gets 0\)
\For{\(k = 2, \dots, n\)}
  \State \(M_k \gets M_{k-1} + (x_k - M_{k-1}) / k\)
  \State \(S_k \gets S_{k-1} + (x_k - M_{k-1})(x_k - M_k)\)
\EndFor
\State \Return \(M_n\)
"""


@pytest.mark.parametrize(("update", "status"), [("(x_k - M_k)", "verified"), ("(x_k - M_{k-1})", "refuted")])
def test_an_equation_of_a_family_the_listing_assigns_and_does_not_return_is_checked(tmp_path, update, status):
    # S_n of the S_k the listing keeps (it returns only the mean): the equation reads its last member
    spec = (
        "  checks:\n    - id: squares\n      kind: equation\n      listing: 1\n      equation: 1\n"
        '      inputs: {n: "integers(2, 9)", x: "randn(n, scale=10)"}\n'
    )
    body = _RUNNING.replace("(x_k - M_k)", update, 1) if update != "(x_k - M_k)" else _RUNNING
    prose = (
        r"The values are \(x_1, \dots, x_n\). The listing keeps"
        "\n\n\\[\nS_n = \\sum_{k=1}^{n} \\Bigl( x_k - \\frac{1}{n} \\sum_{j=1}^{n} x_j \\Bigr)^2\n\\]\n\n"
        "as it goes."
    )
    note = prose_note(tmp_path, prose, body, spec)
    (outcome,) = api.check([note], seed=0, trials=20).notes[0].outcomes
    assert outcome.status == status, outcome.message
