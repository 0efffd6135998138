r"""The positive part ``(z)_+`` of optimisation papers, and an entry ``x_{ij}`` the prose names, times a group.

Friedman, Hastie and Tibshirani's soft-thresholding ``\operatorname{sign}(z)(|z| - \gamma)_+`` and
their update ``\frac{1}{N} \sum_i x_{ij} \big( y_i - … \big)`` with "X with entries x_{ij}" (round 63).
The fixtures are our own text.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import prose_note

from algoverify import api
from algoverify.math.mathexpr import parse_math


@pytest.mark.parametrize(
    ("latex", "dump"),
    [
        (r"(\lvert z \rvert - \gamma)_{+}", "max(|z| - gamma, 0)"),
        (r"(x)_+", "max(x, 0)"),
        (r"[1 - y]_+", "max(1 - y, 0)"),
        (r"(x)_-", "max(-x, 0)"),  # the negative part
        (r"(a - b)_+^2", "max(a - b, 0)^2"),
        (r"x_+", None),  # a name's label, as n_+ counts the positives: not a positive part
        (r"(a + b)_i", None),  # an entry of a sum
    ],
)
def test_a_group_with_a_plus_below_is_its_positive_part(latex, dump):
    tree = parse_math(latex)
    text = _text(tree)
    assert (text if "max" in text else None) == dump


def _text(node) -> str:
    from algoverify.math import mathexpr as M

    if isinstance(node, M.Call):
        return f"{node.func}({', '.join(_text(a) for a in node.args)})"
    if isinstance(node, M.BinOp):
        return f"{_text(node.left)} {node.op} {_text(node.right)}"
    if isinstance(node, M.Neg):
        return f"-{_text(node.operand)}"
    if isinstance(node, M.Abs):
        return f"|{_text(node.operand)}|"
    if isinstance(node, M.Pow):
        return f"{_text(node.base)}^{_text(node.exp)}"
    if isinstance(node, (M.Sym, M.Num)):
        return getattr(node, "name", None) or node.text
    return type(node).__name__


SOFT_THRESHOLD = r"""
\Require \(x \in \mathbb{R}\), \(\gamma > 0\)
\State \(s \gets \operatorname{sign}(x) (\lvert x \rvert - \gamma)_{+}\)
\State \Return \(s\)
"""


def test_soft_thresholding_with_the_positive_part_runs(tmp_path):
    note = prose_note(tmp_path, r"Let \(x \in \mathbb{R}\) and \(\gamma > 0\).", SOFT_THRESHOLD)
    listing = api.load(note).listings[0]
    assert [listing.run({"x": x, "gamma": 1.0}).value for x in (-3.0, 0.5, 2.0)] == [-2.0, 0.0, 1.0]


COORDINATE = r"""
\Require \(X\), \(y\)
\State \(z \gets \sum_{i=1}^{N} x_{ij} \big( y_i - x_{i1} \big)\)
\State \Return \(z\)
"""


def test_an_entry_the_prose_names_before_a_group_is_a_product(tmp_path):
    # "X with entries x_{ij}": x_{ij} \big( … \big) is an entry times the group, never a call (no AV204)
    prose = (
        r"Let \(X \in \mathbb{R}^{N \times p}\) with entries \(x_{ij}\) and \(y \in \mathbb{R}^{N}\), and \(j = 2\)."
    )
    note = prose_note(tmp_path, prose, COORDINATE.replace("x_{ij}", "x_{i2}"))
    X, y = np.array([[1.0, 2.0], [3.0, 4.0]]), np.array([5.0, 6.0])
    assert api.load(note).listings[0].run({"X": X, "y": y}).value == pytest.approx(2 * (5 - 1) + 4 * (6 - 3))
