r"""Rounds 99 to 101 (new users' notes, written from the docs alone): what they found, held.

The fixtures are ours, written for these tests: a splitting of a matrix into its diagonal and the
rest, a smoothed variance, and the longest increasing run of a sequence.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import written_note

import algoverify
from algoverify import api
from algoverify.running.input_help import describe_inputs
from algoverify.running.listing import ExecutionError

SPLIT = r"""---
title: t
---

Let \(A\) be an \(n \times n\) matrix. Write \(D\) for the diagonal part of \(A\), and \(E = A - D\) for the rest.

\begin{algorithmic}[1]
\Function{Split}{\(A\)}
  \For{\(i \gets 1\) \textbf{to} \(n\)}
    \State \(c_i \gets d_{ii}\)
  \EndFor
  \State \(F \gets E + I_n\)
  \State \Return \(c, F\)
\EndFunction
\end{algorithmic}
"""


def _av303(tmp_path, text: str) -> dict[str, str]:
    return {
        f.details.get("name") or f.message.split()[0]: f.message
        for f in api.lint([written_note(tmp_path, text)]).all_findings()
        if f.code == "AV303"
    }


def test_entries_read_by_the_lower_case_letter_of_a_name_said_in_words_say_so(tmp_path):
    # rounds 98 and 99: d_{ii} of "write D for the diagonal part of A" got the generic "say in the
    # prose what d is", which the prose had done
    said = _av303(tmp_path, SPLIT)
    assert said["d"].startswith(
        r"d is not defined: it reads the entries of D, and the prose at line 5 says what that is only in words "
        r"(the diagonal part of \(A\)), which a run cannot compute"
    )


def test_a_name_a_formula_defines_is_not_said_in_words_by_the_words_after_it(tmp_path):
    # round 99: "\(E = A - D\) for the rest" made E "said only in words (the rest)"; the formula says
    # what E is, and reads D, which nothing defines
    said = _av303(tmp_path, SPLIT)
    assert said["E"].startswith(
        r"E is not defined: the prose defines it (\(E = A - D\), from the prose at line 5), but the definition "
        r"reads \(D\), which nothing defines"
    )


SMOOTH = r"""---
title: t
---

Let \(x_1, \dots, x_n\) be observations and \(0 < \alpha < 1\) a smoothing factor; write \(\beta\) for
one minus the smoothing factor.

\begin{algorithmic}[1]
\Function{Smooth}{\(x, \alpha\)}
  \State \(m \gets x_1\)
  \For{\(i \gets 2\) \textbf{to} \(n\)}
    \State \(m \gets <step>\)
  \EndFor
  \State \Return \(m\)
\EndFunction
\end{algorithmic}
"""


@pytest.mark.parametrize(
    "step", [r"\beta (m - x_i) + x_i", r"\beta m + \alpha x_i"], ids=["before brackets", "a product"]
)
def test_words_that_start_with_one_minus_the_say_what_a_name_is(tmp_path, step):
    # round 101: "write β for one minus the smoothing factor" was no reading in words: AV204 asked "call
    # or product?", or AV303 asked the prose to say what β is
    said = _av303(tmp_path, SMOOTH.replace("<step>", step))
    assert said["beta"].startswith(
        "beta is not defined: the prose at line 5 says what it is only in words (one minus the smoothing factor)"
    )


RUNS = r"""---
title: t
---

Let \(a_1, \dots, a_n\) be <words>.

\begin{algorithmic}[1]
\Function{Longest}{\(a_1, \dots, a_n\)}
  \State \(L \gets 1\)
  \State \(c \gets 1\)
  \For{\(i \gets 2\) \textbf{to} \(n\)}
    \If{\(a_i > a_{i-1}\)}
      \State \(c \gets c + 1\)
    \Else
      \State \(c \gets 1\)
    \EndIf
    \State \(L \gets \max(L, c)\)
  \EndFor
  \State \Return \(L\)
\EndFunction
\end{algorithmic}
"""


@pytest.mark.parametrize(
    "words",
    [
        r"a sequence of \(n\) distinct real numbers",
        r"a list of \(n\) distinct numbers",
        r"\(n\) distinct numbers",
    ],
)
def test_a_sequence_of_n_distinct_numbers_has_distinct_entries(tmp_path, words):
    # round 101: "a sequence of n distinct real numbers" was not read: a counterexample repeated a value
    (listing,) = algoverify.load(written_note(tmp_path, RUNS.replace("<words>", words))).listings
    assert "distinct" in describe_inputs(listing)
    assert listing(a=np.array([3.0, 1.0, 2.0, 4.0])) == 3
    with pytest.raises(ExecutionError, match="AV309 precondition violated: the entries of a are distinct"):
        listing(a=np.array([1.0, 1.0]))


def test_a_sequence_of_numbers_not_said_distinct_may_repeat(tmp_path):
    (listing,) = algoverify.load(
        written_note(tmp_path, RUNS.replace("<words>", r"a sequence of \(n\) real numbers"))
    ).listings
    assert "distinct" not in describe_inputs(listing)
    assert listing(a=np.array([1.0, 1.0])) == 1
