r"""Control, vision and graphics listings as their textbooks write them (issue 19, round 49).

The fixtures are our own text, in the notations of that round's notes: a terminal matrix named
beside the stage matrix, primes that the prose says are transposes, the outputs of a listing
called by name, errors given before their first sample, gradient components by direction, a
homogeneous vector unpacked into its coordinates, and a pair of outputs compared to a pair.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import property_spec, prose_note

from algoverify import api
from algoverify.math.ops import RELATIONS


def _lint(note):
    return [f"{f.code} {f.message}" for f in api.lint([note]).all_findings() if f.code != "AV604"]


@pytest.mark.parametrize(
    ("a", "b", "equal"),
    [
        ((1.0, 2.0), np.array([1.0 + 1e-12, 2.0 - 1e-12]), True),  # a listing's outputs against `(x, y)`
        ((1.0, 2.0), (1.0 + 1e-12, 2.0), True),
        ((1.0, 2.0), (1.1, 2.0), False),
        ((1.0, 2.0), (1.0, 2.0, 3.0), False),
        ((np.array([1.0, 2.0]), 3.0), (np.array([1.0, 2.0 + 1e-12]), 3.0), True),
        (("a", 1.0), ("a", 1.0 + 1e-12), True),
        (("a", 1.0), ("b", 1.0), False),
    ],
)
def test_tuples_are_equal_member_by_member_under_the_tolerance(a, b, equal):
    assert RELATIONS["="](a, b, 1e-9, 1e-9) is equal
    assert RELATIONS["!="](a, b, 1e-9, 1e-9) is not equal


RECURSION = r"""
\State \(P_N \gets S_N\)
\For{\(k = N-1, \dots, 0\)}
  \State \(P_k \gets A' P_{k+1} A + S\)
\EndFor
\State \Return \(P_0\)
"""
PROSE = (
    r"Let \(S_N, S \in \mathbb{R}^{n \times n}\) be the terminal and the stage weights and "
    r"\(A \in \mathbb{R}^{n \times n}\) the dynamics, over \(N\) stages."
)


def test_a_name_the_note_gives_whole_is_never_an_entry_and_a_prime_is_a_transpose_where_the_prose_says(tmp_path):
    # S_N beside S is the terminal weight the prose declares, never row N of S; "the prime denotes
    # transposition" makes A' the transpose of A
    inputs = '{n: "integers(1, 3)", N: "integers(1, 4)", A: "randn(n, n)", S: "spd(n)", S_N: "spd(n)"}'
    spec = property_spec("the cost matrix is symmetric", inputs, r"P_0 = P_0^{\top}")
    note = prose_note(
        tmp_path, PROSE + " The prime denotes transposition. The cost matrix is symmetric.", RECURSION, spec
    )
    listing = api.load(note).listings[0]
    assert set(listing.inputs) >= {"S_N", "S", "A"}
    A, S, S_N = np.array([[1.0, 2.0], [0.0, 1.0]]), np.eye(2), np.diag([2.0, 3.0])
    got = listing.run({"A": A, "S": S, "S_N": S_N, "N": 1}).value
    np.testing.assert_allclose(got, A.T @ S_N @ A + S)
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_a_prime_the_prose_does_not_explain_is_a_name_lint_asks_for(tmp_path):
    note = tmp_path / "note.md"
    note.write_text(f"{PROSE}\n\n\\begin{{algorithmic}}\n{RECURSION.strip()}\n\\end{{algorithmic}}\n")
    assert any(f.startswith("AV303 A_prime is not defined") for f in _lint(note))


TWO_LISTINGS = r"""
\begin{algorithmic}
\Function{Polar}{\(x, y\)}
  \State \(r \gets \sqrt{x^2 + y^2}\)
  \State \(\varphi \gets \operatorname{atan2}(y, x)\)
  \State \Return \(r, \varphi\)
\EndFunction
\end{algorithmic}

\begin{algorithmic}
\Function{Cartesian}{\(r, \varphi\)}
  \State \Return \(r \cos\varphi, r \sin\varphi\)
\EndFunction
\end{algorithmic}
"""


def test_an_output_of_a_listing_called_by_name_is_read_by_its_name(tmp_path):
    # Polar(x, y).varphi is the call's output varphi, never x and y's attribute times Polar
    note = tmp_path / "note.md"
    spec = """algoverify:
  checks:
    - id: inverse
      kind: property
      claim: "the two maps are inverse to each other"
      draw: {x: "uniform(-3, 3)", y: "uniform(-3, 3)"}
      let:
        r: '\\mathrm{Polar}(x, y).r'
        p: '\\mathrm{Polar}(x, y).varphi'
      holds: '\\mathrm{Cartesian}(r, p) = (x, y)'
"""
    note.write_text(f"---\n{spec}---\n\nThe two maps are inverse to each other.\n\n{TWO_LISTINGS}")
    assert _lint(note) == []
    (outcome,) = api.check([note], seed=0, trials=20).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


VELOCITY = r"""
\For{\(k = 1, \dots, N\)}
  \State \(\Delta v_k \gets a (e_k - e_{k-1}) + b\, e_{k-2}\)
  \State \(v_k \gets v_{k-1} + \Delta v_k\)
\EndFor
\State \Return \(v\)
"""


def test_members_the_prose_fixes_before_a_family_and_the_start_of_what_the_listing_fills(tmp_path):
    # e_k of the errors e_1, …, e_N is never the basis vector e_k; e_{-1} = e_0 = 0 and v_0 = 0 are
    # given, and v_1, …, v_N is what the listing computes
    prose = (
        r"Let the errors \(e_1, \dots, e_N\) be sampled at \(N\) instants, with \(e_{-1} = e_0 = 0\) "
        r"and \(v_0 = 0\), and gains \(a\) and \(b\)."
    )
    spec = property_spec(
        "a zero error leaves the output at rest",
        '{N: "integers(1, 6)", e: "constant(0, (N,))", a: "uniform(0, 1)", b: "uniform(0, 1)"}',
        r"v_N = 0",
    )
    note = prose_note(tmp_path, prose + " A zero error leaves the output at rest.", VELOCITY, spec)
    listing = api.load(note).listings[0]
    assert "e" in listing.inputs
    e, a, b = np.array([1.0, 2.0, 4.0]), 0.5, 0.25
    full = np.concatenate([[0.0, 0.0], e])  # e_{-1}, e_0, e_1, …
    want, v = [], 0.0
    for k in range(1, 4):
        v += a * (full[k + 1] - full[k]) + b * full[k - 1]
        want.append(v)
    got = listing.run({"e": e, "a": a, "b": b}).value
    np.testing.assert_allclose(got, want)
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


EDGES = r"""
\Require \(M \times N\) image \(f\)
\State \(h \gets 0_{M \times N}\)
\For{\(x = 2, \dots, M - 1\)}
  \For{\(y = 2, \dots, N - 1\)}
    \State \(h_x \gets f(x+1, y) - f(x-1, y)\)
    \State \(h_y \gets f(x, y+1) - f(x, y-1)\)
    \State \(h(x, y) \gets \lvert h_x \rvert + \lvert h_y \rvert\)
  \EndFor
\EndFor
\State \Return \(h\)
"""


def test_gradient_components_by_direction_are_two_numbers_never_entries_x_and_y(tmp_path):
    note = prose_note(tmp_path, "", EDGES)
    f = np.arange(16.0).reshape(4, 4) ** 2
    got = api.load(note).listings[0].run({"f": f}).value
    want = np.zeros((4, 4))
    for x in range(1, 3):
        for y in range(1, 3):
            want[x, y] = abs(f[x + 1, y] - f[x - 1, y]) + abs(f[x, y + 1] - f[x, y - 1])
    np.testing.assert_allclose(got, want)  # on the diagonal (x = y) too, where entries would collide


PROJECT = r"""
\For{\(i = 1, \dots, n\)}
  \State \((x, y, w)^{T} \gets K (X_i + t)\)
  \State \(u_i \gets x / w\)
  \State \(v_i \gets y / w\)
\EndFor
\State \Return \(u, v\)
"""


def test_a_transposed_tuple_target_sets_each_coordinate_and_a_call_passes_inputs_by_name(tmp_path):
    # the inputs come in the order the prose gives them (t, X, K): proj(K, t, s X) names K and t,
    # so s X is X
    prose = (
        r"Let \(t \in \mathbb{R}^{3}\) be the offset and \(X \in \mathbb{R}^{n \times 3}\) hold the "
        r"\(n\) points as rows, and \(K \in \mathbb{R}^{3 \times 3}\) the calibration. Scaling a point "
        r"does not move its image."
    )
    spec = """  checks:
    - id: scale
      kind: property
      listing: 1
      as: proj
      claim: "Scaling a point does not move its image"
      draw: {n: "integers(1, 4)", K: "spd(3)", X: "uniform(1, 2, n, 3)", s: "uniform(0.5, 2)"}
      let: {t: '\\operatorname{zeros}(3)'}
      holds: 'proj(K, t, s X) = proj(K, t, X)'
"""
    note = prose_note(tmp_path, prose, PROJECT, spec)
    listing = api.load(note).listings[0]
    K, X, t = np.diag([2.0, 3.0, 1.0]), np.array([[1.0, 2.0, 4.0]]), np.array([0.0, 0.0, 1.0])
    u, v = listing.run({"K": K, "X": X, "t": t}).value
    assert (u.tolist(), v.tolist()) == ([2.0 / 5.0], [6.0 / 5.0])
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


@pytest.mark.parametrize("shape", [("2", "3"), ("(2, 3)",)])
def test_a_generator_takes_its_shape_one_by_one_or_as_numpy_writes_it(shape):
    from algoverify.running.values import parse_value

    value = parse_value(f"constant(1.5, {', '.join(shape)})", rng=np.random.default_rng(0))
    assert np.shape(value) == (2, 3) and np.all(value == 1.5)


SIFT_UP = r"""
\Require heap \(A[1..n]\), position \(i\)
\While{\(i > 1\) \textbf{and} \(A[\textsc{Parent}(i)] < A[i]\)}
  \State exchange \(A[i]\) with \(A[\textsc{Parent}(i)]\)
  \State \(i \gets \textsc{Parent}(i)\)
\EndWhile
\State \Return \(A\)
"""


def test_a_function_the_prose_defines_in_small_capitals_is_the_listings(tmp_path):
    # CLRS's "the parent of position i is Parent(i) = ⌊i/2⌋" (round 41's heap): lint and the run alike
    prose = r"The parent of position \(i\) is \(\textsc{Parent}(i) = \lfloor i / 2 \rfloor\)."
    note = prose_note(tmp_path, prose, SIFT_UP)
    got = api.load(note).listings[0].run({"A": [9.0, 5.0, 7.0, 1.0, 8.0], "i": 5}).value
    assert list(got) == [9.0, 8.0, 7.0, 1.0, 5.0]


def test_an_equation_about_a_function_algoverify_knows_defines_nothing(tmp_path):
    from algoverify.math import mathexpr as M
    from algoverify.running.prose_math import function_definition

    assert function_definition(M.parse_math(r"\textsc{Parent}(i) = \lfloor i / 2 \rfloor")) == ("Parent", ("i",))
    assert function_definition(M.parse_math(r"\exp(x) = \sum_{k=0}^{\infty} x^k / k!")) is None
