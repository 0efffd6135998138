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
        r"Let \(x\) be an n-vector and \(c\) a scalar.",  # as before: no letter before the name
    ],
    ids=["n-vector", "n-dimensional", "after-the-name"],
)
def test_a_size_in_a_plain_letter_before_vector_is_the_vectors_length(tmp_path, prose):
    note = tmp_path / "scale.md"
    note.write_text(SCALE.replace("<prose>", prose))
    findings = [f for f in api.lint([note]).all_findings() if f.code == "AV303"]
    if "Let" in prose:  # "be an n-vector" names no math after it: still unbound, and said so
        assert [f.message.split(":")[0] for f in findings] == ["n is not defined"]
        return
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
