r"""Round 73 (a new user's notes, written from the docs alone): readings it asked for (the fixtures are ours)."""

from __future__ import annotations

import pytest

import algoverify
from algoverify import api
from algoverify.running.input_help import describe_inputs

SCALE = r"""---
title: t
---

<prose>

\begin{algorithmic}[1]
\Require \(x\), \(c\)
\For{\(i \gets 1\) \textbf{to} \(n\)}
  \State \(y_i \gets c x_i\)
\EndFor
\State \Return \(y\)
\end{algorithmic}
"""


@pytest.mark.parametrize(
    "prose",
    [
        # round 73: the size in a plain letter was AV303 at lint ("say in the prose what n is"), though it was said
        r"Given an n-vector \(x\) and a scalar \(c\), the listing scales each entry.",
        r"Given an n-dimensional vector \(x\) and a scalar \(c\), the listing scales each entry.",
        # round 76: the plain letter after the name sizes it too ("\(b\) an n-vector"), where it was unbound
        r"Let \(x\) be an n-vector and \(c\) a scalar.",
    ],
    ids=["n-vector", "n-dimensional", "after-the-name"],
)
def test_a_size_in_a_plain_letter_before_vector_is_the_vectors_length(tmp_path, prose):
    note = tmp_path / "scale.md"
    note.write_text(SCALE.replace("<prose>", prose))
    findings = [f for f in api.lint([note]).all_findings() if f.code == "AV303"]
    assert findings == []
    (listing,) = algoverify.load(note).listings
    assert "  x  vector of length n, from \\Require at line 8 and the prose at line 5\n" in describe_inputs(listing)
    result = listing(x=[1.0, 2.0, 3.0], c=2.0)
    assert list(result) == [2.0, 4.0, 6.0]


def test_a_plain_letter_that_sizes_nothing_is_still_unbound(tmp_path):
    # "a k-vector" before a name the listing never reads: n stays unbound, as the reader would say
    note = tmp_path / "scale.md"
    note.write_text(SCALE.replace("<prose>", r"Given a k-vector \(w\), an \(x\) and a scalar \(c\)."))
    messages = [f.message for f in api.lint([note]).all_findings() if f.code == "AV303"]
    assert [m.split(":")[0] for m in messages] == ["n is not defined"]


SMALL = r"""---
title: t
algoverify:
  checks:
    - id: never-three
      kind: property
      listing: 1
      inputs: {b: "integers(1, 1000000)", c: "<c>"}
      holds: '(r - 3)^{2} \gt 0'
---

For every \(b \ge 1\) the result is never three.

\begin{algorithmic}[1]
\Require integers \(b \ge 1\), \(c\)
\State \(r \gets b + 0 c\)
\State \Return \(r\)
\end{algorithmic}
"""


@pytest.mark.parametrize("c", ["integers(-9, 9)", "randn()"], ids=["a-second-whole-number", "a-real"])
def test_a_claim_false_only_at_a_small_whole_number_is_refuted_among_wide_draws(tmp_path, c):
    # round 73: "never more than 1 + log2 b divisions" is false at a few pairs below 10, none of which 100
    # draws from integers(1, 10000) meet; the first random trials now draw whole numbers near the low end
    note = tmp_path / "small.md"
    note.write_text(SMALL.replace("<c>", c))
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == "refuted", outcome.message
    assert outcome.details["counterexample"].splitlines()[0] == "b = 3"


def test_near_draws_fold_a_whole_number_and_leave_the_stream_as_it_was():
    # a trial's other inputs are what they would be: the fold takes exactly the draw it replaces
    import numpy as np

    from algoverify.checking.evidence.trials import near_reach
    from algoverify.checking.specification.context import _Near

    for reach in [near_reach(j) for j in range(30)]:
        for low, high in [(1, 10_000), (-9, 9), (-50, -3), (0, 1)]:
            plain, near = np.random.default_rng(7), _Near(np.random.default_rng(7), reach)
            folded = [near.integers(low, high, endpoint=True) for _ in range(50)]
            drawn = [plain.integers(low, high, endpoint=True) for _ in range(50)]
            assert near.standard_normal() == plain.standard_normal()  # the stream goes on unchanged
            assert all(low <= v <= high for v in folded)
            nearest = min(max(0, low), high)
            assert all(abs(v - nearest) <= reach or v == d for v, d in zip(folded, drawn))
    assert near_reach(-1) is None and near_reach(30) is None
