"""Listings written the way the algorithmicx and algorithmic manuals write theirs (our own texts, in their style) lint clean and run."""

from __future__ import annotations

from pathlib import Path

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
