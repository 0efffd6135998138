"""A returned value is named as the listing names it: ``\\Return x = i m + j`` returns ``x`` (issue 19's fresh notes)."""

from __future__ import annotations

import pytest
from helpers import property_spec, prose_note

import algoverify
from algoverify import api

#: a search that returns its answer as an equation, as HAC's baby-step giant-step does
SEARCH = r"""
\Require integers \(a\), \(m\), \(b\)
\State \(q \gets a\)
\State \(r \gets b\)
\State \Return \(x = q m + r\)
"""


@pytest.mark.parametrize(
    ("returned", "outputs"),
    [
        (r"\State \Return \(x = q m + r\)", ("x",)),
        (r"\State \Return \(x\)", ("x",)),
        (r"\State \Return \(q m + r\)", ("result",)),
        (r"\If{\(q > 0\)} \State \Return \(x = q\) \Else \State \Return \(y = r\) \EndIf", ("result",)),
        (r"\If{\(q > 0\)} \State \Return \(x = q\) \Else \State \Return \(x = r\) \EndIf", ("x",)),
        (r"\State \Return \(x = q, r\)", ("x", "r")),
    ],
)
def test_an_equation_returned_names_its_output(returned, outputs):
    listing = algoverify.compile("\\begin{algorithmic}\n\\Require $q$, $r$\n" + returned + "\n\\end{algorithmic}")
    assert listing.outputs == outputs


def test_the_value_of_the_equation_is_returned_under_its_name():
    listing = algoverify.compile("\\begin{algorithmic}\n" + SEARCH + "\\end{algorithmic}")
    assert listing(a=2, m=5, b=3) == 13


def test_a_check_reads_the_returned_equation_by_its_name(tmp_path):
    # the check's x was "not defined" (AV303) while lint was clean: the output was named result
    spec = property_spec(
        "We return the index", '{a: "integers(0, 9)", m: "integers(1, 9)", b: "integers(0, 9)"}', "x = a m + b"
    )
    note = prose_note(tmp_path, "We return the index \\(x\\).", SEARCH, spec)
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
