"""A grid's boundary values stated in the prose (``u_0 = u_J = 0``) number its family from 0.

Papers on finite differences introduce the grid in prose (``x_j = j h`` for ``j = 0, …, J``) and
give its boundary values as one equation of the two ends; their listings, counting from 1 by
algoverify's convention, then read ``u_{j-1}`` at ``j = 1``. A reader takes ``u_0`` as the first
member, not as one before it.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from helpers import prose_note

from algoverify import api
from algoverify.math.mathexpr import parse_math
from algoverify.running.declarations import InputSpec, Origin
from algoverify.running.families import Family
from algoverify.running.prose_math import Piece, relation
from algoverify.syntax import ir

SMOOTHING = r"""
\Function{Smooth}{$u$}
  \For{$j = 1, \dots, J - 1$}
    \State $v_j \gets (u_{j-1} + u_j + u_{j+1}) / 3$
  \EndFor
  \State $v_0 \gets 0$; $v_J \gets 0$
  \State \Return $v$
\EndFunction
"""


def test_a_listing_reads_the_first_member_the_prose_names_at_zero(tmp_path):
    prose = (
        r"Let \(h = 1 / J\) and \(x_j = j h\). The values \(u_j \approx u(x_j)\) of a string held at its ends, "
        r"\(u_0 = u_J = 0\), are averaged with their neighbours."
    )
    note = prose_note(tmp_path, prose, SMOOTHING)
    listing = api.load(note).listings[0]
    u = np.array([0.0, 3.0, 6.0, 0.0])  # u_0, …, u_3: J = 3
    np.testing.assert_allclose(listing.run({"u": u, "J": 3}).value, [0.0, 3.0, 3.0, 0.0])


@pytest.mark.parametrize(
    ("latex", "family"),
    [
        (r"u_0 = u_J = 0", Family("u", "J", 0, 1)),
        (r"u_0^0 = u_J^0 = 0", Family("u_of_0", "J", 0, 1)),  # the level u^0 of a time-stepping listing
        (r"w_0 = w_N = \alpha", Family("w", "N", 0, 1)),
        (r"e_{-1} = e_0 = 0", None),  # members before the first e_1 (read as fixed members)
        (r"u_1 = u_n = 0", None),  # from 1: nothing to renumber
        (r"u_0 = v_J = 0", None),  # two families
        (r"u_0 = u_{J+1} = 0", None),  # ghost points: not a size
        (r"u_0 \le u_J", None),
    ],
)
def test_which_equations_state_a_family_s_two_ends(latex, family):
    spec = InputSpec()
    tree = parse_math(latex)
    math = ir.Math(tree.span, latex)
    relation(tree, Piece(tree, math), spec, Origin("prose", 1), conditional=False)
    got = spec.firsts.get(family.name if family else "u")
    if family is None:
        assert got is None or got.first != 0 or got.offset != 1
    else:
        assert (got.name, got.size, got.first, got.offset) == (family.name, family.size, 0, 1)
        assert spec.families[family.name] == family.size  # J is read from the length of u, less one


def test_the_wave_equation_as_its_author_wrote_it_runs():
    # round 61's note: "x_j for j = 0, …, J", "u_0^0 = u_J^0 = 0", a listing counting from 1
    note = Path(__file__).parent / "data" / "fresh" / "round61" / "wave-equation-1d.md"
    assert [f.code for f in api.lint([note]).all_findings() if f.code != "AV604"] == []
    outcomes = api.check([note], seed=0, trials=10, cache=False).notes[0].outcomes
    assert {o.check.id: o.status for o in outcomes} == dict.fromkeys(
        ["matches-scheme", "magic-time-step", "fixed-ends"], "verified"
    )
