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
        # NIL ("not found") names nothing: the other returns' names stand
        (r"\If{\(q > 0\)} \State \Return \textsc{nil} \EndIf \State \Return \(r\)", ("r",)),
        # a number beside a name keeps the output "result", which specs written against the docs read
        (r"\If{\(q > 0\)} \State \Return \(0\) \EndIf \State \Return \(r\)", ("result",)),
        (r"\If{\(q > 0\)} \State \Return \(0\) \EndIf \State \Return \(1\)", ("result",)),
    ],
)
def test_an_equation_returned_names_its_output(returned, outputs):
    listing = algoverify.compile("\\begin{algorithmic}\n\\Require $q$, $r$\n" + returned + "\n\\end{algorithmic}")
    assert listing.outputs == outputs


@pytest.mark.parametrize(
    ("returned", "aliases"),
    [
        # Möller–Trumbore: the miss's sentinel beside the hit's names; the outputs stay result_k
        (r"\If{\(q > 0\)} \State \Return \(\infty, 0, 0\) \EndIf \State \Return \(q, r, s\)",
         {"q": "result_1", "r": "result_2", "s": "result_3"}),
        (r"\If{\(q > 0\)} \State \Return \(0\) \EndIf \State \Return \(r\)", {"r": "result"}),
        # two names at one place: neither is the output's
        (r"\If{\(q > 0\)} \State \Return \(q, 0\) \Else \State \Return \(r, s\) \EndIf", {"s": "result_2"}),
        (r"\State \Return \(q, r\)", {}),  # named already
    ],
)  # fmt: skip
def test_a_name_returned_beside_values_at_its_place_is_that_outputs_alias(returned, aliases):
    listing = algoverify.compile("\\begin{algorithmic}\n\\Require $q$, $r$, $s$\n" + returned + "\n\\end{algorithmic}")
    assert listing.output_aliases == aliases


MISS_OR_HIT = r"""
\Function{Hit}{$a, b$}
  \If{$a \le 0$}
    \State \Return $\infty, 0$
  \EndIf
  \State $t \gets b / a$
  \State $u \gets t + 1$
  \State \Return $t, u$
\EndFunction
"""

MISS_OR_HIT_MODULE = """
import math


def hit(a, b):
    return (math.inf, 0.0) if a <= 0 else (b / a, b / a + 1)
"""


@pytest.mark.parametrize("key", ["t", "result_1"])
def test_a_spec_reads_an_output_by_the_name_the_listing_returns_it_under_or_by_result(tmp_path, key):
    (tmp_path / "mod.py").write_text(MISS_OR_HIT_MODULE)
    checks = (
        "  module: mod.py\n  checks:\n"
        "    - id: r\n      kind: reference\n      listing: Hit\n"
        '      inputs: {a: "uniform(-1, 1)", b: "randn()"}\n      reference: hit\n'
        f"      compare: {{{key}: {{rtol: 1e-9}}}}\n"
        "    - id: miss\n      kind: property\n      listing: Hit\n"
        '      inputs: {a: "uniform(-1, 0)", b: "randn()"}\n      holds: \'t = \\infty\'\n'
    )
    note = prose_note(tmp_path, r"Let \(a, b\) be numbers. It returns \(t = \infty\) on a miss.", MISS_OR_HIT, checks)
    outcomes = {o.check.id: o for o in api.check([note], seed=0, trials=30).notes[0].outcomes}
    assert {k: o.status for k, o in outcomes.items()} == {"r": "verified", "miss": "verified"}


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


#: a search that misses the last element (its loop stops one short) and answers NIL then
SHORT_SEARCH = r"""
\Require a list \(a_1, \dots, a_n\) and a value \(v\)
\For{\(i = 1, \dots, n - 1\)}
  \If{\(a_i = v\)}
    \State \Return \(k = i\)
  \EndIf
\EndFor
\State \Return \textsc{nil}
"""

SEARCH_MODULE = """
from algoverify import register_generator as register


def position(a, v):
    return next(i + 1 for i, x in enumerate(a) if x == v)


@register()
def permutation(rng, n):
    return [int(x) for x in rng.permutation(n) + 1]


@register()
def last_of(rng, a):
    return a[-1]
"""


def _search_note(tmp_path, checks: str):
    (tmp_path / "search_checks.py").write_text(SEARCH_MODULE)
    spec = f"  module: search_checks.py\n  checks:\n{checks}"
    return prose_note(tmp_path, "It returns the position \\(k\\) of \\(v\\) in \\(a\\).", SHORT_SEARCH, spec)


_INPUTS = '{n: "integers(1, 6)", a: "permutation(n)", v: "last_of(a)"}'


def test_a_relation_on_an_output_the_listing_left_nil_is_refuted_not_beyond_judging(tmp_path):
    checks = (
        "    - id: finds-it\n      kind: property\n      listing: 1\n"
        '      claim: "It returns the position"\n'
        f"      inputs: {_INPUTS}\n      holds: 'a_k = v'\n"
    )
    (outcome,) = api.check([_search_note(tmp_path, checks)]).notes[0].outcomes
    assert outcome.status == "refuted"
    assert "a_k = v is false: the listing returned NIL for k" in outcome.message


def test_a_reference_check_reproduced_on_a_nil_output_is_refuted_as_check_says(tmp_path, capsys):
    from algoverify.cli import main

    checks = (
        "    - id: matches\n      kind: reference\n      listing: 1\n"
        '      claim: "It returns the position"\n'
        f"      inputs: {_INPUTS}\n      reference: position\n"
    )
    note = _search_note(tmp_path, checks)
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == "refuted" and "k = NIL but the reference gives" in outcome.message
    # the reproduce command the report prints gave 'TypeError: float() argument …' and exit 2
    status = main(["run", str(note), "--check", "matches", "--set", "a=[2, 1]", "--set", "v=1", "--set", "n=2"])
    shown = capsys.readouterr().out
    assert status == 1, shown
    assert "k = NIL, expected 2" in shown and "refuted: k = NIL but the reference gives 2" in shown


@pytest.mark.parametrize(
    ("prose", "value"),
    [
        ("", "FAILURE"),  # a word in small capitals is that constant, as in math
        (r"Write \(\textsc{failure} = 0\).", 0),  # the prose's definition of it
    ],
)
def test_a_word_in_small_capitals_returned_in_text_is_the_constant_math_reads(tmp_path, prose, value):
    # HAC's "return(failure)", written \Return \textsc{failure}: it was returned as nothing at all
    body = r"""
\Require \(n \ge 1\)
\If{\(n > 2\)}
  \State \Return \textsc{failure}
\EndIf
\State \Return \(n\)
"""
    for written in (body, body.replace(r"\textsc{failure}", r"\(\textsc{failure}\)")):
        note = prose_note(tmp_path, f"Let \\(n\\) be a positive integer. {prose}", written)
        listing = api.load(note).listings[0]
        assert listing(n=5) == value
        assert listing(n=2) == 2
