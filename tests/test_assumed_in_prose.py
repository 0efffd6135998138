r"""What the prose assumes of the inputs in words ("not all zero", "the \(x_i\) are not all equal") is a precondition.

A correct listing that divides by the spread of its inputs was refuted on the constant vectors
the structured trials draw first, although the note had ruled them out in a sentence (fresh
round 61: Moran's I, Burg's method). The draws the prose excludes are skipped, and said so.
"""

from __future__ import annotations

import pytest
from helpers import property_spec, prose_note

from algoverify import api
from algoverify.running.prose_properties import properties_said

#: the standardised first entry: divides by the spread, which is 0 exactly when x is constant
SPREAD = r"""
\State \(m \gets \frac{1}{n} \sum_{i=1}^{n} x_i\)
\State \(s \gets \sqrt{\sum_{i=1}^{n} (x_i - m)^{2}}\)
\State \(z \gets (x_1 - m) / s\)
\State \Return \(z\)
"""

#: the first entry over the largest magnitude: divides by 0 exactly when x is the zero vector
SCALED = r"""
\State \(M \gets \max_{i} \lvert x_i \rvert\)
\State \(z \gets x_1 / M\)
\State \Return \(z\)
"""


@pytest.mark.parametrize(
    ("words", "said"),
    [
        ("be a real time series, not all zero, ", ["nonzero"]),
        ("are not all equal.", ["not constant"]),
        ("is non-constant", ["not constant"]),
        ("are not all the same", ["not constant"]),
        ("are not necessarily distinct", []),  # a denial still denies
        ("is not symmetric", []),
    ],
)
def test_the_words_of_a_degenerate_case_excluded_are_a_property(words, said):
    assert properties_said(words, "") == said


@pytest.mark.parametrize(
    ("prose", "body", "skipped"),
    [
        (
            r"Let \(x_1, \dots, x_n\) be observations. We assume the \(x_i\) are not all equal.",
            SPREAD,
            "the entries of x are not all equal",
        ),
        (r"Let \(x_1, \dots, x_n\) be a time series, not all zero.", SCALED, "x is not zero"),
        (  # round 64: the clause follows the count's bound, and is said of the sample
            r"Let \(x_1, \dots, x_n\) be a sample of \(n \ge 2\) real numbers, not all equal, with mean \(\bar{x}\).",
            SPREAD,
            "the entries of x are not all equal",
        ),
    ],
    ids=["not-all-equal", "not-all-zero", "after-the-count"],
)
def test_a_draw_the_prose_excludes_is_skipped_never_a_refutation(tmp_path, prose, body, skipped):
    spec = property_spec("the result is finite", '{n: "integers(2, 6)", x: "randn(n)"}', r"\lvert z \rvert < 10^{9}")
    note = prose_note(tmp_path, prose + " The result is finite.", body, spec)
    (outcome,) = api.check([note], seed=0, trials=30).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
    assert f"precondition violated: {skipped}" in outcome.message
    # the same listing without the sentence divides by zero on the constant draws: refuted, as before
    bare = prose_note(tmp_path, r"Let \(x_1, \dots, x_n\) be observations. The result is finite.", body, spec)
    (outcome,) = api.check([bare], seed=0, trials=30).notes[0].outcomes
    assert outcome.status == "refuted" and "division by zero" in outcome.message


#: Aitken's extrapolation of three partial sums: divides by the second difference, 0 on a constant sequence
AITKEN = r"""
\State \(d \gets S_3 - 2 S_2 + S_1\)
\State \(z \gets S_3 - (S_3 - S_2)^{2} / d\)
\State \Return \(z\)
"""


@pytest.mark.parametrize(
    ("sentence", "assumed"),
    [
        ("We assume that no difference in a denominator vanishes.", True),
        ("We assume no pivot is zero.", True),
        ("Assuming no breakdown occurs, the method converges.", True),
        ("We assume the denominators never vanish.", True),
        ("Suppose no division by zero occurs.", True),
        ("The denominator vanishes when the sequence is constant.", False),  # a fact, not an assumption
        ("We assume the sums are real.", False),
    ],
)
def test_an_assumption_that_no_denominator_vanishes_is_read(sentence, assumed):
    from algoverify.running.prose_symbols import NONZERO_DIVISORS

    assert (NONZERO_DIVISORS.search(sentence) is not None) == assumed


def test_a_division_by_zero_the_note_assumes_away_skips_the_draw(tmp_path):
    # Wynn's epsilon (fresh round 61): the structured draws' constant sums divide by zero, which the
    # prose rules out in a sentence no test on entry can make; the draw is skipped and said so
    spec = property_spec(
        "the extrapolation is finite", '{S: "randn(3)"}', r"\lvert z \rvert < 10^{12}", check_id="finite"
    )
    prose = r"Let \(S_1, S_2, S_3\) be partial sums. We assume that no difference in a denominator vanishes."
    note = prose_note(tmp_path, prose + " The extrapolation is finite.", AITKEN, spec)
    (outcome,) = api.check([note], seed=0, trials=30).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
    text = note.read_text()
    line = text[: text.index("We assume")].count("\n") + 1  # the sentence's own line
    assert f"skipped: a denominator vanished, which the note assumes never happens (line {line})" in outcome.message
    bare = prose_note(tmp_path, r"Let \(S_1, S_2, S_3\) be partial sums. The extrapolation is finite.", AITKEN, spec)
    (outcome,) = api.check([bare], seed=0, trials=30).notes[0].outcomes
    assert outcome.status == "refuted" and "division by zero" in outcome.message
