r"""Particle and mesh listings as Hockney–Eastwood and Allen–Tildesley write them (issue 19, round 46).

The fixtures are our own text. Each of these readings was a wrong verdict before: a row stored
into a copy, a density numbered from 1 that the note numbers from 0, a ``let:`` input read
back before the listing's update, a density filled member by member taken as an input.
"""

from __future__ import annotations

import numpy as np
from helpers import property_spec, prose_note

from algoverify import api

RESCALE = r"""
\Require masses \(m_1, \dots, m_N\), velocities \(V \in \mathbb{R}^{N \times 3}\) with rows \(v_1, \dots, v_N\)
\For{\(i = 1, \dots, N\)}
  \State \(v_i \gets 2 m_i v_i\)
\EndFor
\State \Return \(V\)
"""


def test_a_row_stored_through_its_name_is_a_row_of_the_matrix_returned(tmp_path):
    note = prose_note(tmp_path, "", RESCALE)
    V = np.array([[1.0, -1.0, 0.0], [0.0, 2.0, -1.0]])
    got = api.load(note).listings[0].run({"m": [0.5, 3.0], "V": V.copy()}).value
    np.testing.assert_allclose(got, np.array([[1.0, -1.0, 0.0], [0.0, 12.0, -6.0]]))


SPREAD = r"""
\Require positions \(x_1, \dots, x_N \in [0, M)\), charges \(q_1, \dots, q_N\)
\State \(\rho \gets \operatorname{zeros}(M + 1)\)
\For{\(i = 1, \dots, N\)}
  \State \(p \gets \lfloor x_i \rfloor\)
  \State \(\rho_p \gets \rho_p + q_i (p + 1 - x_i)\)
  \State \(\rho_{p+1} \gets \rho_{p+1} + q_i (x_i - p)\)
\EndFor
\State \Return \(\rho\)
"""
FILLED = SPREAD.replace(
    r"\State \(\rho \gets \operatorname{zeros}(M + 1)\)", r"\State \(\rho_p \gets 0\) for \(p = 0, \dots, M\)"
)


def _spread(x, q, m):
    rho = np.zeros(m + 1)
    for xi, qi in zip(x, q):
        p = int(np.floor(xi))
        rho[p] += qi * (p + 1 - xi)
        rho[p + 1] += qi * (xi - p)
    return rho


def test_an_array_the_note_numbers_from_zero_is_read_so_in_a_listing_from_one(tmp_path):
    # "the density ρ_0, …, ρ_M": ρ_p at p = ⌊x⌋ = 0 is its first entry, whether made by zeros or member by member
    prose = r"The mesh has \(M + 1\) points; the density \(\rho_0, \dots, \rho_M\) is charge per cell."
    for body in (SPREAD, FILLED):
        note = prose_note(tmp_path, prose, body)
        listing = api.load(note).listings[0]
        assert "rho" not in listing.inputs  # filled by the listing, never an input
        x, q = np.array([0.25, 2.5, 1.0]), np.array([1.0, 2.0, 0.5])
        np.testing.assert_allclose(listing.run({"x": x, "q": q, "M": 3}).value, _spread(x, q, 3))


PROJECT = r"""
\Require a point \(y \in \mathbb{R}^{n}\)
\State \(y \gets y / \lVert y \rVert\)
\State \Return \(y\)
"""


def test_a_let_input_is_read_after_the_run_as_the_listing_left_it(tmp_path):
    # y is built by `let:` before the run; the claim is about the y the listing returns, not the y it was given
    spec = property_spec(
        "the point ends on the unit sphere",
        '{n: "integers(1, 4)", a: "randn(n)", b: "randn(n)"}',
        r"\lVert y \rVert = 1",
        let="{y: 'a + b'}",
        given=r"\lVert a + b \rVert > 0",
    )
    note = prose_note(tmp_path, "The point ends on the unit sphere.", PROJECT, spec)
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


STENCIL = r"""
\Require grid values \(u_{ij}\), \(i, j = 0, \dots, m + 1\), spacing \(h > 0\)
\For{\(i = 1, \dots, m\)}
  \For{\(j = 1, \dots, m\)}
    \State \(L_{ij} \gets (u_{i-1,j} + u_{i+1,j} - 2 u_{ij}) / h^2\)
  \EndFor
\EndFor
\State \Return \(L\)
"""


def test_an_index_range_in_require_is_no_condition_and_lint_says_where_it_counts_from(tmp_path):
    # i, j = 0, …, m + 1 says where the indices run (from 0); the listing counts from 1: lint says so, at the range
    prose = r"The values \(u_{ij}\), \(i, j = 0, \dots, m + 1\), form the \((m + 2) \times (m + 2)\) matrix \(U\)."
    note = tmp_path / "n.md"
    note.write_text(f"{prose}\n\n\\begin{{algorithmic}}\n{STENCIL.strip()}\n\\end{{algorithmic}}\n")
    listing = api.load(note).listings[0]
    assert "i" not in listing.inputs and "j" not in listing.inputs  # never inputs, never a precondition
    found = [f for f in api.lint([note]).all_findings() if f.code != "AV604"]
    assert [f.code for f in found] == ["AV204"] and "i, j run from 0 here, but the listing counts from 1" in found[
        0
    ].message
    line, col = api.lint([note]).sources[found[0].path].line_col(found[0].span.start)
    assert (line, note.read_text().splitlines()[line - 1][col - 1 : col + 4]) == (4, "i, j ")
    note.write_text("---\nalgoverify:\n  index_base: 0\n---\n\n" + note.read_text())
    assert [f.code for f in api.lint([note]).all_findings() if f.code != "AV604"] == []


def test_a_constant_the_prose_fixes_with_a_capital_subscript_is_a_name(tmp_path):
    # "in reduced units, k_B = 1": k_B is that constant, never k at index B
    body = r"""
\Require a temperature \(T > 0\)
\State \(E \gets \frac{3}{2} k_B T\)
\State \Return \(E\)
"""
    note = prose_note(tmp_path, r"We work in reduced units, \(k_B = 1\).", body)
    assert api.load(note).listings[0].run({"T": 2.0}).value == 3.0


def test_reciprocal_trigonometric_functions_and_a_spec_spelling_of_delta_x(tmp_path):
    body = r"""
\Require a spacing \(\Delta x > 0\), an angle \(\theta\)
\State \(c \gets \cot(\theta) + \sec(\theta) + \csc(\theta) + \Delta x\)
\State \Return \(c\)
"""
    spec = property_spec(
        "the sum of the reciprocal functions",
        '{Delta_x: "uniform(0.1, 1)", theta: "uniform(0.2, 1.2)"}',
        r"c = \frac{1}{\tan \theta} + \frac{1}{\cos \theta} + \frac{1}{\sin \theta} + \Delta x",
    )
    note = prose_note(tmp_path, "It is the sum of the reciprocal functions.", body, spec)
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_a_matrix_holding_its_rows_said_after_it(tmp_path):
    # "let V ∈ ℝ^{c×p} hold the c centres as rows v_1, …, v_c": v_i is row i of V, and stores reach V
    prose = r"Let \(V \in \mathbb{R}^{c \times p}\) hold the \(c\) centres as rows \(v_1, \dots, v_c\)."
    body = r"""
\Require the centres \(V\)
\For{\(i = 1, \dots, c\)}
  \State \(v_i \gets 2 v_i\)
\EndFor
\State \Return \(V\)
"""
    note = prose_note(tmp_path, prose, body)
    V = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    np.testing.assert_allclose(api.load(note).listings[0].run({"V": V.copy()}).value, 2 * V)
