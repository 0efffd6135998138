r"""Readings of listings in the style of numerical-optimisation and matrix-function texts (issue 19).

Each case is our own text, written the way such texts write theirs: a product started from the
identity (``P \gets I``, then ``P \gets P B / k``), quantities of step ``k`` named by their
subscript (``s_k``, ``H_{k+1}``), labels written as superscripts (``p_k^{\mathrm{S}}``), and a
factor the prose declares and the listing updates in place.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from helpers import prose_note

import algoverify
from algoverify import api

_note = prose_note


def test_a_product_started_from_the_identity_stays_a_matrix(tmp_path):
    note = _note(
        tmp_path,
        r"Let \(B \in \mathbb{R}^{n \times n}\).",
        r"""
\State \(T \gets I\); \(P \gets I\)
\For{\(k = 1, \dots, 3\)}
  \State \(P \gets P B / k\)
  \State \(T \gets T + P\)
\EndFor
\State \Return \(T\)
""",
    )
    B = np.array([[0.1, 0.2], [0.3, 0.4]])
    expected = np.eye(2) + B + B @ B / 2 + B @ B @ B / 6
    np.testing.assert_allclose(algoverify.load(note).listings[0](B=B), expected)


_FACTOR_PROSE = r"Let \(L \in \mathbb{R}^{n \times n}\) be lower triangular and \(v \in \mathbb{R}^{n}\)."


def test_entries_read_before_the_same_entry_is_stored_update_the_declared_matrix_in_place(tmp_path):
    # each diagonal entry is scaled by its own old value: L comes in, it is not computed from nothing
    note = _note(
        tmp_path,
        _FACTOR_PROSE,
        r"""
\For{\(k = 1, \dots, n\)}
  \State \(l_{kk} \gets l_{kk} + v_k\)
\EndFor
\State \Return \(L\)
""",
    )
    run = algoverify.load(note).listings[0]
    assert "L" in run.inputs
    L = np.array([[2.0, 0.0], [1.0, 3.0]])
    np.testing.assert_array_equal(run(L=L, v=np.array([1.0, 1.0])), [[3.0, 0.0], [1.0, 4.0]])


def test_entries_computed_from_earlier_entries_build_the_declared_matrix(tmp_path):
    # Cholesky reads l_{jk} of earlier columns only: L is the listing's result, not an input
    note = _note(
        tmp_path,
        r"Let \(A \in \mathbb{R}^{n \times n}\) be symmetric positive definite and \(A = L L^{\top}\) with "
        r"\(L \in \mathbb{R}^{n \times n}\) lower triangular.",
        r"""
\For{\(j = 1, \dots, n\)}
  \State \(l_{jj} \gets \sqrt{a_{jj} - \sum_{k=1}^{j-1} l_{jk}^{2}}\)
  \For{\(i = j + 1, \dots, n\)}
    \State \(l_{ij} \gets (a_{ij} - \sum_{k=1}^{j-1} l_{ik} l_{jk}) / l_{jj}\)
  \EndFor
\EndFor
\State \Return \(L\)
""",
    )
    run = algoverify.load(note).listings[0]
    assert "L" not in run.inputs
    A = np.array([[4.0, 2.0], [2.0, 5.0]])
    np.testing.assert_allclose(run(A=A), np.linalg.cholesky(A))


_STEP_PROSE = (
    r"Let \(G_k \in \mathbb{R}^{n \times n}\) be the current matrix and \(u_k, w_k \in \mathbb{R}^{n}\) "
    r"the current pair."
)
_STEP_BODY = r"""
\State \(\sigma_k \gets 1 / (w_k^{\top} u_k)\)
\State \(G_{k+1} \gets G_k + \sigma_k u_k u_k^{\top}\)
\State \Return \(G_{k+1}\)
"""


def test_the_quantities_of_one_step_are_names_of_their_own(tmp_path):
    note = _note(tmp_path, _STEP_PROSE, _STEP_BODY)
    run = algoverify.load(note).listings[0]
    assert set(run.inputs) == {"G_k", "u_k", "w_k"}  # k is no input: it names the step
    u, w = np.array([1.0, 2.0]), np.array([1.0, 0.0])
    np.testing.assert_allclose(run(G_k=np.eye(2), u_k=u, w_k=w), np.eye(2) + np.outer(u, u))


def test_a_check_reads_the_next_step_as_the_listing_names_it(tmp_path):
    note = tmp_path / "step.md"
    spec = (
        "---\nalgoverify:\n  checks:\n    - id: grows\n      kind: property\n      listing: 1\n"
        '      inputs: {n: "integers(1, 4)", G_k: "spd(n)", u_k: "randn(n)", w_k: "randn(n)"}\n'
        "      given: 'w_k^{\\top} u_k > 0'\n"
        "      holds: 'G_{k+1} - G_k = \\sigma_k u_k u_k^{\\top}'\n---\n\n"
    )
    note.write_text(
        spec + _STEP_PROSE + "\n\n\\begin{algorithmic}[1]\n" + _STEP_BODY.strip() + "\n\\end{algorithmic}\n"
    )
    (o,) = api.check([note], seed=0, trials=20, isolate=False).notes[0].outcomes
    assert o.status == "verified", o.message


def test_a_letter_a_loop_binds_still_indexes(tmp_path):
    note = _note(
        tmp_path,
        r"Let \(x \in \mathbb{R}^{n}\).",
        r"""
\State \(s \gets 0\)
\For{\(k = 1, \dots, n\)}
  \State \(s \gets s + x_k\)
\EndFor
\State \Return \(s\)
""",
    )
    assert algoverify.load(note).listings[0](x=np.array([1.0, 2.0, 3.0])) == 6.0


def test_a_letter_the_prose_declares_still_indexes(tmp_path):
    note = _note(
        tmp_path, r"Let \(x \in \mathbb{R}^{n}\) and let \(k\) be a position of \(x\).", r"\State \Return \(x_k\)"
    )
    assert algoverify.load(note).listings[0](x=np.array([4.0, 5.0]), k=2) == 5.0


def test_an_upright_superscript_names_a_step_as_a_parenthesised_one_does(tmp_path):
    note = _note(
        tmp_path,
        r"Let \(g \in \mathbb{R}^{n}\) be non-zero and \(\Delta > 0\).",
        r"""
\State \(p^{\mathrm{S}} \gets -\Delta g / \lVert g \rVert\)
\State \(p^{\mathrm{C}} \gets p^{\mathrm{S}} / 2\)
\State \Return \(p^{\mathrm{C}}\)
""",
    )
    got = algoverify.load(note).listings[0](g=np.array([3.0, 4.0]), Delta=1.0)
    np.testing.assert_allclose(got, [-0.3, -0.4])


def test_a_whole_family_set_at_once_is_the_vector_of_its_members(tmp_path):
    note = _note(
        tmp_path,
        r"Let \(X \in \mathbb{R}^{N \times p}\) have columns \(x_1, \dots, x_p\).",
        r"""
\State \(\beta_1, \dots, \beta_p \gets 0\)
\State \(\beta_2 \gets \beta_2 + 1\)
\State \Return \(\beta, X \beta\)
""",
    )
    beta, fitted = algoverify.load(note).listings[0](X=np.arange(6.0).reshape(2, 3))
    np.testing.assert_array_equal(beta, [0.0, 1.0, 0.0])
    np.testing.assert_array_equal(fitted, [1.0, 4.0])


def test_a_family_that_is_not_the_whole_name_is_refused_with_the_reason():
    run = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $p$\n\\State $\\beta_2, \\dots, \\beta_p \\gets 0$\n"
        "\\State \\Return $\\beta$\n\\end{algorithmic}"
    )
    try:
        run(p=3)
    except algoverify.ExecutionError as exc:
        assert "starts at 2, not at the listing's first index 1" in str(exc)
    else:
        raise AssertionError("a partial family ran")


_COLUMNS_PROSE = (
    r"Let \(s_1, \dots, s_m\) in \(\mathbb{R}^{n}\) be stored as the columns of \(S = [s_1, \dots, s_m]\), "
    r"and \(a \in \mathbb{R}^{m}\)."
)
_COLUMNS_BODY = r"""
\State \(r \gets 0\)
\For{\(i = 1, \dots, m\)}
  \State \(r \gets r + s_i (a_i - 1)\)
\EndFor
\State \Return \(r\)
"""


def test_columns_the_prose_lists_are_values_so_a_group_after_one_is_a_product(tmp_path):
    note = _note(tmp_path, _COLUMNS_PROSE, _COLUMNS_BODY)  # lint-clean: no AV204 "call or product?"
    S = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    np.testing.assert_allclose(algoverify.load(note).listings[0](S=S, a=np.array([2.0, 3.0])), S @ [1.0, 2.0])


def test_given_of_a_reference_check_reads_the_columns_as_the_listing_does(tmp_path):
    module = tmp_path / "ref.py"
    module.write_text("import numpy as np\n\ndef combined(S, a):\n    return S @ (np.asarray(a) - 1)\n")
    note = tmp_path / "cols.md"
    note.write_text(
        "---\nalgoverify:\n  module: ref.py\n  checks:\n    - id: ref\n      kind: reference\n      listing: 1\n"
        '      inputs: {n: "integers(2, 4)", m: "integers(2, 4)", S: "randn(n, m)", a: "randn(m)"}\n'
        "      given: '\\forall i \\in \\{1, \\dots, m\\} : s_i^{\\top} s_i > 0'\n"
        "      reference: combined\n---\n\n"
        + _COLUMNS_PROSE
        + "\n\n\\begin{algorithmic}[1]\n"
        + _COLUMNS_BODY.strip()
        + "\n\\end{algorithmic}\n"
    )
    (o,) = api.check([note], seed=0, trials=20, isolate=False).notes[0].outcomes
    assert o.status == "verified", o.message


def _past_the_end(tmp_path: Path, prose: str) -> Path:
    (tmp_path / "ref.py").write_text("def total(d):\n    return float(sum(d))\n")
    note = tmp_path / "sum.md"
    note.write_text(
        "---\nalgoverify:\n  module: ref.py\n  checks:\n    - id: sum\n      kind: reference\n      listing: 1\n"
        '      inputs: {n: "integers(1, 5)", d: "randn(n)"}\n      reference: total\n---\n\n'
        + prose
        + "\n\n\\begin{algorithmic}[1]\n\\Function{Total}{$d$}\n\\State $s \\gets 0$\n"
        "\\For{$i = 1, \\dots, n$}\n\\State $s \\gets s + d_{i+1}$\n\\EndFor\n\\State \\Return $s$\n"
        "\\EndFunction\n\\end{algorithmic}\n"
    )
    return note


def test_reading_past_the_end_of_a_family_the_note_numbers_refutes(tmp_path):
    note = _past_the_end(tmp_path, r"The degrees \(d_1, \dots, d_n\) are \(n\) numbers.")
    (o,) = api.check([note], seed=0, trials=10, isolate=False).notes[0].outcomes
    assert o.status == "refuted" and "out of range 1.." in o.message, o.message


def test_reading_past_the_end_where_the_note_never_says_where_indices_start_is_not_judged(tmp_path):
    note = _past_the_end(tmp_path, r"The degrees \(d\) are \(n\) numbers.")
    (o,) = api.check([note], seed=0, trials=10, isolate=False).notes[0].outcomes
    assert o.status == "could not check", o.message


def test_a_zero_of_no_said_size_stops_the_run_as_lint_says_it_does(tmp_path):
    note = tmp_path / "zero.md"
    note.write_text(
        r"Let \(X \in \mathbb{R}^{N \times p}\) and \(y \in \mathbb{R}^{N}\)."
        "\n\n\\begin{algorithmic}[1]\n\\Function{Fit}{$X, y, K$}\n\\State $\\beta \\gets 0$\n"
        "\\For{$k = 1, \\dots, K$}\n\\State $\\beta_k \\gets \\beta_k + 1$\n\\EndFor\n\\State \\Return $\\beta$\n"
        "\\EndFunction\n\\end{algorithmic}\n"
    )
    (finding,) = [f for f in api.lint([note]).all_findings() if f.code != "AV604"]
    assert finding.code == "AV204" and "beta is set to 0" in finding.message
    run = algoverify.load(note).listings[0]
    # with no pass the scalar 0 would be returned silently: the run says what lint says instead
    try:
        run(X=np.ones((3, 2)), y=np.ones(3), K=0)
    except algoverify.ExecutionError as exc:
        assert "AV204" in str(exc) and "beta is set to 0" in str(exc)
    else:
        raise AssertionError("an unsized zero ran as a scalar")


def _sum_from_zero(tmp_path: Path, prose: str) -> Path:
    (tmp_path / "ref.py").write_text("def total(d):\n    return float(sum(d))\n")
    note = tmp_path / "sum0.md"
    note.write_text(
        "---\nalgoverify:\n  module: ref.py\n  checks:\n    - id: sum\n      kind: reference\n      listing: 1\n"
        '      inputs: {n: "integers(1, 5)", d: "randn(n)"}\n      reference: total\n---\n\n'
        + prose
        + "\n\n\\begin{algorithmic}[1]\n\\Function{Total}{$d$}\n\\State $s \\gets \\sum_{i=0}^{n} d_i$\n"
        "\\State \\Return $s$\n\\EndFunction\n\\end{algorithmic}\n"
    )
    return note


@pytest.mark.parametrize(
    ("prose", "status"),
    [
        # found by `algoverify mutate` (layer norm's \sum_{i=1}^{d} → \sum_{i=0}^{d}): a sum over a range past
        # an end says "index range 0..n is outside 1..n", which the numbered family makes the listing's mistake
        (r"The degrees \(d_1, \dots, d_n\) are \(n\) numbers.", "refuted"),
        (r"The degrees \(d\) are \(n\) numbers.", "could not check"),
    ],
)
def test_a_sum_over_a_range_past_an_end_refutes_only_where_the_note_numbers_the_family(tmp_path, prose, status):
    note = _sum_from_zero(tmp_path, prose)
    (o,) = api.check([note], seed=0, trials=10, isolate=False).notes[0].outcomes
    assert o.status == status, o.message
    assert "is outside 1.." in o.message, o.message
