r"""Bandit and reinforcement-learning listings as Sutton and Barto write them (issue 19, round 44).

The fixtures are our own text: preferences and probabilities written H(a), π(a); a greedy arm
\arg\max_a Q(a) with no written range; a value of a state written V(S_0) in a check.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import property_spec, prose_note

from algoverify import api

PREFERENCES = r"""
\Require arms \(A_1, \dots, A_T\), rewards \(R_1, \dots, R_T\), step size \(\alpha > 0\)
\State \(H(a) \gets 0\) for \(a = 1, \dots, k\)
\For{\(t = 1, \dots, T\)}
  \State \(\pi \gets \operatorname{softmax}(H)\)
  \For{\(a = 1, \dots, k\)}
    \If{\(a = A_t\)}
      \State \(H(a) \gets H(a) + \alpha R_t (1 - \pi(a))\)
    \Else
      \State \(H(a) \gets H(a) - \alpha R_t \pi(a)\)
    \EndIf
  \EndFor
\EndFor
\State \Return \(H\)
"""


def test_a_vector_applied_to_an_index_is_its_entry(tmp_path):
    # H(a), π(a): entry a, as probability and MATLAB write it (a number times a vector is written α v)
    note = prose_note(tmp_path, "There are \\(k \\ge 2\\) arms.", PREFERENCES)
    run = api.load(note).listings[0].run({"k": 3, "A": [2, 2], "R": [1.0, -1.0], "alpha": 0.5})
    assert run.finding is None
    h = np.zeros(3)
    for arm, reward in ((2, 1.0), (2, -1.0)):
        pi = np.exp(h) / np.exp(h).sum()
        step = 0.5 * reward * ((np.arange(1, 4) == arm) - pi)
        h = h + step
    np.testing.assert_allclose(run.value, h)
    assert abs(float(np.sum(run.value))) < 1e-12


def test_a_group_after_a_vector_is_still_a_product(tmp_path):
    body = r"""
\Require \(x \in \mathbb{R}^{n}\), \(c \in \mathbb{R}\)
\State \(y \gets x (c - 1)\)
\State \Return \(y\)
"""
    note = prose_note(tmp_path, "", body)
    np.testing.assert_allclose(api.load(note).listings[0].run({"x": [1.0, 2.0], "c": 3.0}).value, [2.0, 4.0])


GREEDY = r"""
\Require estimates \(Q(1), \dots, Q(k)\)
\State \(A \gets \arg\max_a Q(a)\)
\State \(v \gets \max_a Q(a)\)
\State \Return \(A, v\)
"""


def test_max_and_arg_max_over_a_table_written_as_a_call(tmp_path):
    # \max_a Q(a): a runs over the indices of Q, as \max_i x_i runs over those of x
    note = prose_note(tmp_path, "", GREEDY)
    assert [f.code for f in api.lint([note]).all_findings() if f.code != "AV604"] == []
    assert api.load(note).listings[0].run({"Q": [0.5, 2.0, 1.0]}).value == (2, 2.0)


EPISODE = r"""
\Require episode \(S_0, \dots, S_{T-1}\), rewards \(R_1, \dots, R_T\), discount \(\gamma\)
\State \(G \gets 0\)
\For{\(t = T-1, T-2, \dots, 0\)}
  \State \(G \gets \gamma G + R_{t+1}\)
\EndFor
\State \Return \(G\)
"""


def test_a_check_reads_a_family_written_from_zero_as_the_listing_does(tmp_path):
    # S_0 in the check's formula is the first state, as in the listing (no index_base: the family says 0)
    spec = property_spec(
        "the return of the start state",
        '{n: "integers(1, 3)", T: "integers(1, 6)", S: "integers(1, n, T)", R: "randn(T)", gamma: "uniform(0, 1)"}',
        r"G = \sum_{t=1}^{T} \gamma^{t-1} R_t \land S_0 = S_0",
    )
    note = prose_note(tmp_path, "It computes the return of the start state.", EPISODE, spec)
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


@pytest.mark.parametrize("defined", [True, False])
def test_an_input_the_module_defines_as_a_function_is_no_lint_finding(tmp_path, defined):
    (tmp_path / "m.py").write_text("def q(x):\n    return 2 * x\n" if defined else "X = 1\n")
    body = r"""
\Require a proposal \(q\), a point \(x\)
\State \(y \gets q(x)\)
\State \Return \(y\)
"""
    spec = "  module: m.py\n" + property_spec("it doubles", '{x: "uniform(0, 1)"}', "y = 2 x")
    note = tmp_path / "n.md"
    note.write_text(
        f"---\nalgoverify:\n{spec}---\n\nIt doubles.\n\n\\begin{{algorithmic}}\n{body.strip()}\n\\end{{algorithmic}}\n"
    )
    codes = [f.code for f in api.lint([note]).all_findings() if f.code != "AV604"]
    assert codes == ([] if defined else ["AV307"])


@pytest.mark.parametrize(
    ("latex", "value"),
    [
        (r"\alpha \left[ r + \gamma v - q \right]", 0.5 * (1.0 + 0.9 * 2.0 - 0.5)),  # a sized bracket groups
        (r"\alpha \bigl[ r - q \bigr]", 0.5 * 0.5),
    ],
)
def test_a_sized_bracket_after_a_number_groups_and_never_indexes(tmp_path, latex, value):
    body = rf"""
\Require \(\alpha, r, \gamma, v, q\)
\State \(d \gets {latex}\)
\State \Return \(d\)
"""
    note = prose_note(tmp_path, "", body)
    run = api.load(note).listings[0].run({"alpha": 0.5, "r": 1.0, "gamma": 0.9, "v": 2.0, "q": 0.5})
    assert run.finding is None and run.value == pytest.approx(value)


TRAJECTORY = r"""
\Require trajectory \(S_0, A_0, R_1, \dots, S_T\), step size \(\alpha\)
\State \(G \gets 0\)
\For{\(t = 0, \dots, T - 1\)}
  \State \(G \gets G + \alpha R_{t+1} S_{t+1} - A_t\)
\EndFor
\State \Return \(G\)
"""


def test_a_trajectory_written_in_turns_is_three_families(tmp_path):
    # S_0, A_0, R_1, …, S_T: S from 0 to T, A from 0 to T − 1, R from 1 to T, each counted as it is written
    note = prose_note(tmp_path, "", TRAJECTORY)
    listing = api.load(note).listings[0]
    assert set(listing.inputs) == {"S", "A", "R", "alpha"} and listing.sizes == ("T",)
    S, A, R = [1.0, 2.0, 3.0], [5.0, 7.0], [0.5, 0.25]
    want = sum(0.5 * R[t] * S[t + 1] - A[t] for t in range(2))
    assert listing.run({"S": S, "A": A, "R": R, "alpha": 0.5}).value == pytest.approx(want)
    refused = listing.run({"S": S, "A": [5.0], "R": R, "alpha": 0.5}).finding
    # A has one member too few for T = 2: refused on entry (round 155), before the run reads past it at A_t
    assert refused is not None and refused.code == "AV307", refused
    assert refused.message.startswith("A has 1 members, which make T = 1, but S makes T = 2"), refused.message
