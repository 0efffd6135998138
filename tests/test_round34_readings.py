r"""Readings statistics papers need (issue 19), from notes a new user wrote.

A family the listing assigns whole (``p_{(1)}, \dots, p_{(m)} \gets \operatorname{sort}(p)``) is the
listing's own, whatever the prose says of it; a ``given:`` that cannot be evaluated on a draw the
note's own precondition excludes (a singular ``X^{\top} X`` where "X has full column rank") skips
that draw. The fixtures are our own text.
"""

from __future__ import annotations

import numpy as np
from helpers import prose_note

import algoverify
from algoverify import api


def test_a_family_the_listing_sorts_into_is_its_own(tmp_path):
    (tmp_path / "ref.py").write_text("import numpy as np\n\nFUNCTIONS = {'sort': np.sort}\n")
    note = prose_note(
        tmp_path,
        r"Order the values, \(x_{(1)} \le \dots \le x_{(n)}\), and take the least.",
        r"""
\Require values \(x_1, \dots, x_n\)
\State \(x_{(1)}, \dots, x_{(n)} \gets \operatorname{sort}(x)\)
\State \Return \(x_{(1)}\)
""",
        "  module: ref.py\n",
    )
    listing = algoverify.load(note).listings[0]
    assert listing.inputs == ("x",)  # the prose's x_{(i)} is what the listing sorts, never an input


def test_a_given_the_notes_precondition_makes_moot_skips_the_draw(tmp_path):
    (tmp_path / "ref.py").write_text(
        "import numpy as np\n\ndef hat_trace(X):\n    return float(np.trace(X @ np.linalg.inv(X.T @ X) @ X.T))\n"
    )
    note = tmp_path / "note.md"
    note.write_text(
        "---\nalgoverify:\n  module: ref.py\n  checks:\n    - id: trace\n      kind: reference\n      listing: 1\n"
        '      claim: "The trace of the hat matrix"\n'
        '      inputs: {p: "integers(1, 3)", n: "integers(p + 1, 6)", X: "integers(-1, 1, n, p)"}\n'
        "      given: '\\operatorname{tr}(X (X^{\\top} X)^{-1} X^{\\top}) > 0'\n"
        "      reference: hat_trace\n---\n\n"
        r"Let \(X \in \mathbb{R}^{n \times p}\) have full column rank. The trace of the hat matrix."
        "\n\n\\begin{algorithmic}\n"
        r"\State \Return \(\operatorname{tr}(X (X^{\top} X)^{-1} X^{\top})\)"
        "\n\\end{algorithmic}\n"
    )
    (outcome,) = api.check([note], seed=0, trials=30).notes[0].outcomes
    assert outcome.status == "verified", outcome.message  # the rank-deficient integer draws are skipped


def test_a_zero_written_with_its_size(tmp_path):
    note = prose_note(
        tmp_path,
        r"The matrix is \(n \times n\).",
        r"""
\Require \(n \ge 1\)
\State \(J \gets 0_{n \times n}\)
\State \(J_{1,n} \gets 1\)
\State \Return \(J\)
""",
    )
    got = algoverify.load(note).listings[0](n=3)
    assert got.shape == (3, 3) and got[0, 2] == 1 and got.sum() == 1


_EIGEN = r"""
\Require number of nodes \(n \ge 1\)
\State \(J \gets 0_{n \times n}\)
\For{\(k = 1, \dots, n - 1\)}
  \State \(J_{k,k+1} \gets 1\); \(J_{k+1,k} \gets 1\)
\EndFor
\State compute the eigendecomposition \(J = V \Lambda V^{\top}\)
\For{\(j = 1, \dots, n\)}
  \State \(w_j \gets v_{1j}^2\)
\EndFor
\State \Return \(w\)
"""


def test_entries_of_a_matrix_an_english_step_computes(tmp_path):
    # the binding sets V (and lam); v_{1j} are entries of that V, never an input V or an unbound lam
    (tmp_path / "steps.py").write_text(
        "import numpy as np\n\n"
        "def eig(step):\n"
        "    lam, V = np.linalg.eigh(np.asarray(step['J'], float))\n"
        "    step['Lambda'] = np.diag(lam)\n"
        "    step['lam'] = lam\n"
        "    step['V'] = V\n\n"
        "BINDINGS = {'compute the eigendecomposition': eig}\n"
    )
    spec = """  module: steps.py
  checks:
    - id: sum
      kind: property
      listing: 1
      claim: "the weights add up to one"
      inputs: {n: "integers(1, 5)"}
      holds: '\\sum_{j=1}^{n} w_j = 1'
"""
    note = prose_note(
        tmp_path,
        r"Let \(V\) be the orthogonal matrix with entries \(v_{ij}\). The weights add up to one.",
        _EIGEN.replace(r"\State \Return \(w\)", r"\State \(x_1 \gets \lambda_1\)" + "\n" + r"\State \Return \(w\)"),
        spec,
    )
    listing = algoverify.load(note).listings[0]
    assert listing.inputs == ("n",)
    (outcome,) = api.check([note], seed=0, trials=5).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_a_table_from_a_negative_row_keeps_its_columns(tmp_path):
    # Savitzky–Golay's design matrix: a_{n,i} = n^i for n = -M, …, M and i = 0, …, N is (2M + 1) × (N + 1)
    note = prose_note(
        tmp_path,
        r"The window has half-width \(M \ge 1\) and the fit degree is \(N\).",
        r"""
\Require half-width \(M \ge 1\), degree \(N \ge 0\)
\For{\(n = -M, \dots, M\)}
  \For{\(i = 0, \dots, N\)}
    \State \(a_{n,i} \gets n^{i}\)
  \EndFor
\EndFor
\State \Return \(a\)
""",
    )
    assert [f.code for f in api.lint([note]).all_findings() if f.code == "AV207"] == []  # -M, …, M counts up
    got = algoverify.load(note).listings[0](M=1, N=1)
    np.testing.assert_array_equal(got, [[1, -1], [1, 0], [1, 1]])


def test_an_equation_check_naming_a_display_that_is_no_equation_is_said_at_lint(tmp_path):
    note = tmp_path / "note.md"
    note.write_text(
        "---\nalgoverify:\n  checks:\n    - id: eq\n      kind: equation\n      listing: 1\n      equation: 1\n"
        '      claim: "The scheme"\n---\n\nThe scheme\n\n\\[\nk_1 = f(y), \\quad y \\leftarrow y + h k_1,\n\\]\n\n'
        "\\begin{algorithmic}\n\\Require \\(y, h\\)\n\\State \\(y \\gets y + h y\\)\n\\State \\Return \\(y\\)\n"
        "\\end{algorithmic}\n"
    )
    found = [f for f in api.lint([note]).all_findings() if f.code == "AV502"]
    assert len(found) == 1 and "is not an equation `name = expression`" in found[0].message
