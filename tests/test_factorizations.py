r"""Matrix factorisations written as the equation they solve: ``Q R = A`` computes ``Q`` and ``R`` (round 36's QR algorithm).

The fixtures are our own text.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import property_spec, prose_note

from algoverify import api
from algoverify.math.mathexpr import parse_math
from algoverify.running.factorizations import factor, factorization

QR_ITERATION = r"""
\Require symmetric \(A \in \mathbb{R}^{m \times m}\), number of steps \(K\)
\State \(A^{(0)} \gets A\), \(\underline{Q}^{(0)} \gets I\)
\For{\(k = 1, \dots, K\)}
  \State \(Q^{(k)} R^{(k)} = A^{(k-1)}\) \Comment{QR factorisation of \(A^{(k-1)}\)}
  \State \(A^{(k)} \gets R^{(k)} Q^{(k)}\)
  \State \(\underline{Q}^{(k)} \gets \underline{Q}^{(k-1)} Q^{(k)}\)
\EndFor
\State \Return \(A^{(K)}\)
"""


@pytest.mark.parametrize(
    ("written", "kind", "stored"),
    [
        (r"Q R", "qr", 2),
        (r"Q^{(k)} R^{(k)}", "qr", 2),
        (r"L L^{\top}", "cholesky", 1),
        (r"Q \Lambda Q^{\top}", "eigh", 2),
        (r"U \Sigma V^{\top}", "svd", 3),
        (r"R Q", None, 0),  # the product the QR algorithm recombines: no factorisation
        (r"A B", None, 0),
    ],
)
def test_the_products_the_field_names_as_factorisations(written, kind, stored):
    found = factorization(parse_math(written))
    assert (found.kind if found else None) == kind and (len(found.targets) if found else 0) == stored


@pytest.mark.parametrize("kind", ["qr", "cholesky", "eigh", "svd"])
def test_the_factors_multiply_back(kind):
    rng = np.random.default_rng(0)
    b = rng.standard_normal((4, 4))
    a = b @ b.T + 4 * np.eye(4)
    got = factor(kind, a)
    back = {
        "qr": lambda q, r: q @ r,
        "cholesky": lambda low: low @ low.T,
        "eigh": lambda q, lam: q @ lam @ q.T,
        "svd": lambda u, s, v: u @ s @ v.T,
    }[kind](*got)
    np.testing.assert_allclose(back, a, atol=1e-10)
    if kind == "qr":
        assert (np.diag(got[1]) >= 0).all()  # the unique factors of a full-rank matrix


def test_the_qr_algorithm_runs_as_written_and_converges(tmp_path):
    note = prose_note(tmp_path, r"Let \(A\) be symmetric with distinct eigenvalues.", QR_ITERATION)
    final = api.load(note).listings[0].run({"A": [[2.0, 1.0], [1.0, 3.0]], "K": 40}).value
    np.testing.assert_allclose(np.sort(np.diag(final)), np.sort(np.linalg.eigvalsh([[2.0, 1.0], [1.0, 3.0]])))


def test_a_check_reads_the_accumulated_iterates(tmp_path):
    spec = property_spec(
        "each iterate is orthogonally similar to A",
        "{m: 'integers(1, 4)', A: 'symmetric(m)', K: 'integers(0, 6)'}",
        r"A^{(K)} = (\underline{Q}^{(K)})^{\top} A \underline{Q}^{(K)}",
    )
    note = prose_note(
        tmp_path, r"Let \(A\) be symmetric; each iterate is orthogonally similar to A.", QR_ITERATION, spec
    )
    assert [o.status for n in api.check([note]).notes for o in n.outcomes] == ["verified"]


def test_a_factorisation_of_what_has_none_is_located(tmp_path):
    note = prose_note(
        tmp_path,
        r"The matrix \(A\) is given.",
        "\\Require \\(A \\in \\mathbb{R}^{2 \\times 2}\\)\n\\State \\(L L^{\\top} = A\\)\n\\State \\Return \\(L\\)",
    )
    run = api.load(note).listings[0].run({"A": [[1.0, 2.0], [2.0, 1.0]]})  # indefinite: no Cholesky factor
    assert run.finding.code == "AV306" and run.finding.span.start == note.read_text().index("\\State \\(L")
