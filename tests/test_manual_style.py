"""Listings written the way the algorithmicx and algorithmic manuals write theirs (our own texts, in their style) lint clean and run."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import algoverify
from algoverify import api

DATA = Path(__file__).parent / "data" / "manual_style"


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("*.tex")))
def test_manual_style_listings_lint_clean(name):
    result = api.lint([DATA / name], strict=True)
    assert [(f.code, f.message) for f in result.all_findings()] == []


def _listing(name):
    return algoverify.load(DATA / name).listings[0]


def test_routines_that_call_each_other():
    listing = _listing("two_functions_calls.tex")
    assert listing.name == "SumOfSquares" and listing(a=3.0, b=4.0) == 25.0
def test_the_gcd_procedure_runs_with_integers():
    gcd = _listing("gcd_remainders.tex")
    assert gcd.name == "GcdByRemainders" and gcd.inputs == ("m", "n")
    assert gcd(m=1071, n=462) == 21 and isinstance(gcd(m=1071, n=462), int)
    assert gcd(m=17, n=5) == 1


def test_the_defined_do_while_runs_its_body_first():
    count = _listing("count_down_blocks.tex")
    assert count(k=4) == 10


def test_the_uppercase_binary_search():
    search = _listing("legacy_uppercase.tex")
    a = np.array([1.0, 3.0, 4.0, 7.0, 9.0])
    assert [search(a=a, n=5, t=v) for v in (1.0, 4.0, 9.0, 5.0)] == [1, 3, 5, 0]


