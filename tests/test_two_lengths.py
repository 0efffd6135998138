r"""One letter for two families (Bishop's \(\delta_k\) of the outputs, \(\delta_j\) of the hidden units) is asked about.

Fresh round 62: a correct backpropagation listing read as one array \(\delta\) was refuted without a
word. Lint now asks (AV204) and the run refuses the statement: could not check, never refuted.
"""

from __future__ import annotations

import pytest
from helpers import property_spec

from algoverify import api

PROSE = (
    r"Let \(x \in \mathbb{R}^{D}\), \(t \in \mathbb{R}^{K}\) and \(W \in \mathbb{R}^{K \times M}\), "
    r"\(z \in \mathbb{R}^{M}\). Indices \(j\) run over hidden units and \(k\) over outputs. It is finite."
)
BISHOP = r"""
\For{\(k = 1, \dots, K\)}
  \State \(\delta_k \gets z_1 - t_k\)
\EndFor
\For{\(j = 1, \dots, M\)}
  \State \(\delta_j \gets (1 - z_j^2) \sum_{k=1}^{K} W_{kj} \delta_k\)
\EndFor
\State \Return \(\delta\)
"""
GAUSS_SEIDEL = r"""
\For{\(i = 1, \dots, M\)}
  \State \(z_i \gets (t_i - \sum_{j \ne i} W_{ij} z_j) / W_{ii}\)
\EndFor
\State \Return \(z\)
"""
FORWARD = r"""
\For{\(i = 1, \dots, M\)}
  \State \(z_i \gets (t_i - \sum_{j=1}^{i-1} W_{ij} z_j) / W_{ii}\)
\EndFor
\State \Return \(z\)
"""
SAME_LENGTH = r"""
\For{\(j = 1, \dots, M\)}
  \State \(z_j \gets \sum_{k=1}^{M} W_{jk} z_k\)
\EndFor
\State \Return \(z\)
"""


def _note(tmp_path, body):
    spec = property_spec(
        "It is finite",
        '{K: 2, M: 3, D: 2, x: "randn(D)", t: "randn(K)", W: "randn(K, M)", z: "randn(M)"}',
        r"\lVert \delta \rVert \ge 0" if "delta" in body else r"\lVert z \rVert \ge 0",
    )
    path = tmp_path / "note.md"
    path.write_text(
        f"---\nalgoverify:\n{spec}---\n\n{PROSE}\n\n\\begin{{algorithmic}}\n{body.strip()}\n\\end{{algorithmic}}\n"
    )
    return path


@pytest.mark.parametrize(
    ("body", "asked"), [(BISHOP, True), (GAUSS_SEIDEL, False), (FORWARD, False), (SAME_LENGTH, False)]
)
def test_a_family_stored_over_one_length_and_read_over_another_is_asked_about(tmp_path, body, asked):
    path = _note(tmp_path, body)
    found = [f for f in api.lint([path]).all_findings() if f.code == "AV204" and "two lengths" in f.message]
    assert bool(found) == asked
    if asked:
        (finding,) = found
        text = path.read_text()
        # at the statement's value, where the run stops
        assert text[finding.span.start : finding.span.end].startswith(r"(1 - z_j^2) \sum_{k=1}^{K}")
        assert r"\delta^{(1)}_j" in finding.message


def test_the_run_refuses_it_and_the_check_is_not_judged(tmp_path):
    (outcome,) = api.check([_note(tmp_path, BISHOP)], seed=0, trials=5).notes[0].outcomes
    assert outcome.status == "could not check"
    assert "AV204" in outcome.message and "two lengths" in outcome.message
