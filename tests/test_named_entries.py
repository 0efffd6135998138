r"""A table named by its generic entry, ``N = (n_{ij})``, as statistics writes it (round 63).

Agresti's contingency table: ``N`` holds the counts ``n_{ij}``, and the listing's ``n`` is their
total. Written in the prose or in ``\Require``, the equation names the entries; it defines nothing.
The fixtures are our own text.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import prose_note

from algoverify import api
from algoverify.math.mathexpr import parse_math
from algoverify.running.declarations import named_entries

KAPPA = r"""
\Require \(k \times k\) table of counts \(N = (n_{ij})\)
\State \(n \gets \sum_{i=1}^{k} \sum_{j=1}^{k} n_{ij}\)
\State \(p_o \gets \frac{1}{n} \sum_{i=1}^{k} n_{ii}\)
\State \(p_e \gets \sum_{i=1}^{k} \left(\frac{1}{n} \sum_{j=1}^{k} n_{ij}\right) \left(\frac{1}{n} \sum_{j=1}^{k} n_{ji}\right)\)
\State \Return \((p_o - p_e) / (1 - p_e)\)
"""


def _kappa(table: np.ndarray) -> float:
    n = table.sum()
    p_o = np.trace(table) / n
    p_e = (table.sum(axis=1) / n) @ (table.sum(axis=0) / n)
    return float((p_o - p_e) / (1 - p_e))


def test_the_entries_of_a_table_beside_the_listing_s_total(tmp_path):
    note = prose_note(tmp_path, r"Two raters classify \(n\) subjects into \(k\) categories.", KAPPA)
    listing = api.load(note).listings[0]
    assert listing.inputs == ("N",)
    table = np.array([[20, 5], [10, 15]])
    assert listing.run({"N": table}).value == pytest.approx(_kappa(table))


@pytest.mark.parametrize("require", [r"\Require \(N\)", r"\Require table \(N\)"])
def test_the_prose_names_the_entries_and_the_listing_takes_the_table(tmp_path, require):
    note = prose_note(
        tmp_path,
        r"Let \(N = (n_{ij})\) be a \(k \times k\) table.",
        require + "\n\\State \\(t \\gets \\sum_{i,j} n_{ij}\\)\n\\State \\Return \\(t\\)",
    )
    assert api.load(note).listings[0].run({"N": [[1, 2], [3, 4]]}).value == 10


@pytest.mark.parametrize(
    ("latex", "named"),
    [
        (r"N = (n_{ij})", ("N", "n")),
        (r"A = [a_{ij}]", ("A", "a")),
        (r"P = (p_{uv})", ("P", "p")),
        (r"N = (n_{i})", None),  # a vector's entries: its family, read elsewhere
        (r"N = (m_{ij})", None),  # another letter: a definition
        (r"N = (n_{ii})", None),  # the diagonal
        (r"n = (n_{ij})", None),
        (r"N = n_{ij} + 1", None),
    ],
)
def test_which_equations_name_a_matrix_by_its_entries(latex, named):
    assert named_entries(parse_math(latex)) == named
