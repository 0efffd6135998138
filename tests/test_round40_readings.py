r"""Readings of statistics and learning texts (issue 19), from notes a new user wrote (round 40).

The fixtures are our own text.
"""

from __future__ import annotations

import pytest
from helpers import property_spec, prose_note

from algoverify import api
from algoverify.math.mathexpr import dump, parse_math


@pytest.mark.parametrize(
    ("written", "tree"),
    [
        (r"\min\left\{1, c\right\} w", "(juxt (call min 1 c) w)"),
        (r"\max\{a, b\} x_i", "(juxt (call max a b) (idx x i))"),
        (r"\max\{a, b\}", "(call max a b)"),
    ],
)
def test_a_minimum_in_braces_ends_at_its_braces(written, tree):
    # Pegasos's projection min{1, (1/√λ)/‖w‖} w: the smaller of the two numbers, times w
    assert dump(parse_math(written)) == tree


ORDERED = r"""
\Require sorted p-values \(p_{(1)} \le \dots \le p_{(m)}\), level \(\alpha \in (0, 1)\)
\State \(R \gets m\)
\For{\(i = 1, \dots, m\)}
  \If{\(p_{(i)} > \frac{\alpha}{m - i + 1}\)}
    \State \(R \gets i - 1\)
    \State \textbf{break}
  \EndIf
\EndFor
\State \Return \(R\)
"""


def test_a_sample_given_for_its_order_statistics_is_sorted(tmp_path):
    # Holm's p_{(1)} ≤ … ≤ p_{(m)}, the spec drawing the p-values p: the listing reads them sorted
    spec = property_spec("at most m are rejected", "{m: 'integers(1, 8)', p: 'uniform(0, 0.1, m)', alpha: 0.05}", r"R \le m")
    note = prose_note(tmp_path, r"The \(m\) p-values \(p_1, \dots, p_m\) are tested; at most m are rejected.", ORDERED, spec)
    listing = api.load(note).listings[0]
    assert listing.run({"p": [0.5, 0.001, 0.04], "alpha": 0.05}).value == 1  # sorted: 0.001, 0.04, 0.5
    assert [o.status for n in api.check([note]).notes for o in n.outcomes] == ["verified"]


def test_a_member_stored_before_its_name_is_set_whole_is_kept(tmp_path):
    # CART's G_0 (the parent's impurity) before G (each split's): both stay, in the listing and the check
    spec = property_spec("the best is never worse than the parent", "{y: 'uniform(0, 1, 4)'}", r"G^{*} \le G_0")
    note = prose_note(
        tmp_path,
        r"The values \(y_1, \dots, y_N\) are scored; the best is never worse than the parent.",
        r"""
\Require values \(y_1, \dots, y_N\)
\State \(G_0 \gets y_1\)
\State \(G^{*} \gets G_0\)
\For{\(s = 2, \dots, N\)}
  \State \(G \gets y_s\)
  \If{\(G < G^{*}\)}
    \State \(G^{*} \gets G\)
  \EndIf
\EndFor
\State \Return \(G^{*}, G_0\)
""",
        spec,
    )
    assert api.load(note).listings[0].run({"y": [0.5, 0.2, 0.9]}).value == (0.2, 0.5)
    assert [o.status for n in api.check([note]).notes for o in n.outcomes] == ["verified"]


NAIVE_BAYES = r"""
\Require document counts \(N_1, \dots, N_C\), term counts \(T \in \mathbb{N}^{C \times M}\)
\State \(N \gets \sum_{c=1}^{C} N_c\)
\For{\(c = 1, \dots, C\)}
  \State \(\mathit{prior}_c \gets N_c / N\)
  \For{\(t = 1, \dots, M\)}
    \State \(\mathit{cond}_{tc} \gets \frac{T_{ct} + 1}{\sum_{t'=1}^{M} (T_{ct'} + 1)}\)
  \EndFor
\EndFor
\State \Return \(\mathit{prior}, \mathit{cond}\)
"""


def test_a_total_beside_the_counts_it_sums_and_a_primed_index(tmp_path):
    # Manning et al.'s N = Σ N_c beside the counts N_c; T_{ct'} is the entry (c, t'); the spec draws "N_c"
    spec = property_spec(
        "the priors sum to one",
        "{C: 'integers(1, 4)', M: 'integers(1, 5)', N_c: 'integers(1, 9, C)', T: 'integers(0, 5, C, M)'}",
        r"\sum_{c=1}^{C} \mathit{prior}_c = 1",
    )
    note = prose_note(tmp_path, r"The classes have \(N_1, \dots, N_C\) documents; the priors sum to one.", NAIVE_BAYES, spec)
    prior, cond = api.load(note).listings[0].run({"N": [1, 3], "T": [[0, 1], [2, 2]]}).value
    assert list(prior) == [0.25, 0.75]
    assert cond.tolist() == [[1 / 3, 3 / 6], [2 / 3, 3 / 6]]
    assert [o.status for n in api.check([note]).notes for o in n.outcomes] == ["verified"]
