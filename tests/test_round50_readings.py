r"""Systems, astronomy and chemistry listings as their sources write them (issue 19, rounds 50 and 51).

The fixtures are our own text, in the notations of those rounds' notes: a witness named by words
("for some j", "there is an i with"), a threshold the note gives and one arm of an \If resets,
a recursion over arrays the prose declares, an increment family \Delta\tau_k, Euler's e, a
function a display defines by its root equation, and a name whose base letter is also a name.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from helpers import property_spec, prose_note

from algoverify import api

FIND = r"""
\Require values \(a_1, \dots, a_n\), a key \(x\)
\State \(j \gets 0\)
\If{\(a_j = x\) for some \(j\)}
  \State \Return \(j\)
\EndIf
\State \Return \(-1\)
"""


def test_a_worded_existential_binds_its_witness_for_what_it_guards(tmp_path):
    # "if a_j = x for some j" then "return j": the j found, never the j of before (0)
    listing = api.load(prose_note(tmp_path, "", FIND)).listings[0]
    assert listing.run({"a": [5, 7, 9, 7], "x": 7}).value == 2
    assert listing.run({"a": [5, 7, 9], "x": 8}).value == -1


SAFETY = r"""
\Require needs \(d_1, \dots, d_n\), a budget \(w\)
\State \(\mathit{done}_i \gets \textbf{false}\) for \(i = 1, \dots, n\)
\State \(k \gets 0\)
\While{there is an \(i\) with \(\mathit{done}_i = \textbf{false}\) and \(d_i \le w\)}
  \State \(w \gets w + 1\); \(\mathit{done}_i \gets \textbf{true}\); \(k \gets k + 1\)
\EndWhile
\State \Return \(k\)
"""


def test_while_there_is_an_index_with_a_condition_takes_one_each_pass(tmp_path):
    note = prose_note(tmp_path, "", SAFETY)
    assert api.load(note).listings[0].run({"d": [3, 1, 2, 9], "w": 1}).value == 3


RENO = r"""
\State \(c \gets 1\)
\For{\(t = 1, \dots, T\)}
  \If{\(l_t = 1\)}
    \State \(s \gets \max(\lfloor c / 2 \rfloor, 2)\)
    \State \(c \gets s\)
  \ElsIf{\(c < s\)}
    \State \(c \gets \min(2 c, s)\)
  \Else
    \State \(c \gets c + 1\)
  \EndIf
  \State \(w_t \gets c\)
\EndFor
\State \Return \(w\)
"""


def test_a_name_one_arm_sets_and_the_next_reads_is_the_input_the_note_gives(tmp_path):
    # the threshold s is set only on a loss; the slow-start arm reads the one the note gives first
    spec = property_spec(
        "the window never falls below one",
        '{T: "integers(1, 9)", l: "integers(0, 1, T)", s: "integers(2, 9)"}',
        r"\min_t w_t \ge 1",
    )
    prose = (
        r"Losses \(l_1, \dots, l_T\) end the rounds; \(s\) is the initial threshold. The window never falls below one."
    )
    note = prose_note(tmp_path, prose, RENO, spec)
    listing = api.load(note).listings[0]
    assert "s" in listing.inputs
    assert list(listing.run({"l": [0, 0, 0, 1, 0], "s": 4}).value) == [2, 4, 5, 2, 3]
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


LABEL = r"""
\Function{Depth}{\(v\)}
  \If{\(\ell_v = 0\)}
    \State \Return \(1\)
  \EndIf
  \State \Return \(1 + \max(\Call{Depth}{\ell_v}, \Call{Depth}{r_v})\)
\EndFunction
"""


def test_a_recursive_call_reads_the_arrays_the_note_gives_as_its_caller_does(tmp_path):
    prose = (
        r"The arrays \(\ell\) and \(r\) have \(N\) entries: \(\ell_v\) and \(r_v\) are the children of node "
        r"\(v\), and \(\ell_v = r_v = 0\) when \(v\) is a leaf."
    )
    listing = api.load(prose_note(tmp_path, prose, LABEL)).listings[0]
    # node 1 has children 2 and 3; node 2 has children 4 and 5
    ell, r = [2, 4, 0, 0, 0], [3, 5, 0, 0, 0]
    assert listing.run({"v": 1, "ell": ell, "r": r}).value == 3


SLAB = r"""
\State \(I \gets I_0\)
\For{\(k = 1, \dots, N\)}
  \State \(I \gets I e^{-\Delta\tau_k} + S_k (1 - e^{-\Delta\tau_k})\)
\EndFor
\State \(b \gets \log_{10} e\)
\State \Return \(I, b\)
"""


def test_an_increment_family_the_prose_gives_and_eulers_number(tmp_path):
    prose = (
        r"The \(N\) layers have optical thickness \(\Delta\tau_1, \dots, \Delta\tau_N\) and source "
        r"functions \(S_1, \dots, S_N\); \(I_0\) enters. The intensity is never negative."
    )
    spec = property_spec(
        "The intensity is never negative",
        '{N: "integers(1, 5)", Delta_tau: "uniform(0, 3, N)", S: "uniform(0, 5, N)", I_0: "uniform(0, 5)"}',
        r"I \ge 0",
    )
    note = prose_note(tmp_path, prose, SLAB, spec)
    listing = api.load(note).listings[0]
    tau, S = np.array([0.5, 1.0]), np.array([2.0, 3.0])
    intensity, b = listing.run({"Deltatau": tau, "S": S, "I_0": 1.0}).value
    want = 1.0
    for d, s in zip(tau, S):
        want = want * math.exp(-d) + s * (1 - math.exp(-d))
    assert intensity == pytest.approx(want) and b == pytest.approx(math.log10(math.e))
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


ROOT = r"""
\State \(a \gets 0\), \(c \gets 1\)
\While{\(c - a > \epsilon\)}
  \State \(m \gets (a + c)/2\)
  \If{\(g(m) > 0\)}
    \State \(a \gets m\)
  \Else
    \State \(c \gets m\)
  \EndIf
\EndWhile
\State \Return \((a + c)/2\)
"""


def test_a_function_a_display_defines_by_its_root_equation(tmp_path):
    prose = (
        r"With weights \(z_1, \dots, z_n\) and ratios \(K_1, \dots, K_n\), the fraction is the root of"
        "\n\n"
        r"\[ g(\beta) = \sum_{i=1}^{n} \frac{z_i (K_i - 1)}{1 + \beta (K_i - 1)} = 0 , \]"
        "\n\n"
        r"found to a tolerance \(\epsilon\)."
    )
    listing = api.load(prose_note(tmp_path, prose, ROOT)).listings[0]
    z, K = np.array([0.5, 0.5]), np.array([2.0, 0.5])
    beta = listing.run({"z": z, "K": K, "epsilon": 1e-10}).value
    assert abs(np.sum(z * (K - 1) / (1 + beta * (K - 1)))) < 1e-8


HOHMANN = r"""
\State \(a_t \gets (r_1 + r_2)/2\)
\State \(v_a \gets \sqrt{2/r_2 - 1/a_t}\)
\State \(t_H \gets \pi \sqrt{a_t^3}\)
\State \Return \(v_a, t_H\)
"""


def test_a_subscript_letter_that_is_only_another_names_base_labels_the_name(tmp_path):
    # a_t (the transfer orbit's axis) beside t_H (its time): t is no index here, and a is no base
    listing = api.load(prose_note(tmp_path, r"Radii \(r_1 < r_2\).", HOHMANN)).listings[0]
    v_a, t_h = listing.run({"r_1": 1.0, "r_2": 3.0}).value
    assert v_a == pytest.approx(math.sqrt(2 / 3 - 1 / 2)) and t_h == pytest.approx(math.pi * 8**0.5)


def test_a_family_given_a_single_value_says_so(tmp_path):
    body = r"""
\State \(s \gets 0\)
\For{\(i = 1, \dots, n\)}
  \State \(s \gets s + x_i\)
\EndFor
\State \Return \(s\)
"""
    listing = api.load(prose_note(tmp_path, r"The values are \(x_1, \dots, x_n\).", body)).listings[0]
    assert listing.run({"x": [1.0, 2.0]}).value == 3.0
    failed = listing.run({"x": 0.5}).finding
    assert failed.code == "AV307" and "x is a family (x_1, …, x_n): it takes a list of values" in failed.message


KINETICS = r"""
\For{\(j = 1, \dots, m\)}
  \State \([\mathrm{A}]_j \gets [\mathrm{A}]_0 e^{-k t_j}\)
  \State \([\mathrm{P}]_j \gets [\mathrm{A}]_0 - [\mathrm{A}]_j\)
\EndFor
\State \Return \([\mathrm{A}], [\mathrm{P}]\)
"""


def test_a_first_member_the_spec_draws_is_read_but_not_returned_and_a_bracketed_argument_is_a_list(tmp_path):
    # [A]_0 starts nothing (no recurrence reads A_{j-1}): [A] returned holds the m computed values, as
    # [P] does; C([s], k, A_0) passes the one time s as the times t_1, …, t_m, the inputs by their names
    spec = """  checks:
    - id: rate
      kind: property
      listing: 1
      as: C
      claim: "A decays at the rate k"
      draw: {k: "uniform(0.1, 2)", A_0: "uniform(0.5, 2)", s: "uniform(0, 3)"}
      let: {h: '10^{-5}'}
      holds: '\\frac{C([s + h], k, A_0)_{1} - C([s - h], k, A_0)_{1}}{2 h} = -k C([s], k, A_0)_{1}'
      rtol: 1e-4
    - id: bounded
      kind: property
      listing: 1
      claim: "A decays at the rate k"
      inputs: {m: "integers(1, 5)", t: "uniform(0, 3, m)", k: "uniform(0.1, 2)", A_0: "uniform(0.5, 2)"}
      holds: '\\max_j [\\mathrm{P}]_j \\le [\\mathrm{A}]_0'
"""
    prose = (
        r"Starting from the concentration \([\mathrm{A}]_0\), at the \(m\) times \(t_1, \dots, t_m\), with a "
        r"rate \(k\). A decays at the rate k."
    )
    note = prose_note(tmp_path, prose, KINETICS, spec)
    listing = api.load(note).listings[0]
    result = listing.run({"t": [1.0, 2.0], "k": 0.5, "A_0": 2.0})
    assert result.finding is None, result.finding
    a, p = result.value
    np.testing.assert_allclose(a, 2.0 * np.exp(-0.5 * np.array([1.0, 2.0])))
    assert len(a) == len(p) == 2
    outcomes = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert [o.status for o in outcomes] == ["verified", "verified"], [o.message for o in outcomes]
    # a recurrence keeps the member it starts from: x_0 given is part of the sequence x_0, …, x_K
    halving = api.compile(
        "\\begin{algorithmic}\n\\Require \\(x_0\\), \\(K\\)\n\\For{\\(k = 0, \\dots, K - 1\\)}\n"
        "  \\State \\(x_{k+1} \\gets x_k / 2\\)\n\\EndFor\n\\State \\Return \\(x\\)\n\\end{algorithmic}"
    )
    assert list(halving(x_0=8.0, K=2)) == [8.0, 4.0, 2.0]
