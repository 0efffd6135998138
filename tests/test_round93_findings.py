r"""Rounds 93 to 95 (new users' notes, written from the docs alone): what they found, held.

The fixtures are ours, written for these tests: a heap sort whose helper swaps the caller's keys,
a rule's nodes stored into zeros, a gradient step named in words, a halving loop.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import written_note

import algoverify
from algoverify import api
from algoverify.checking.specification.cues import cues
from algoverify.running.input_help import describe_inputs

HEAPSORT = r"""---
title: t
---

Let \(a_1, \dots, a_n\) be an array of keys.

\begin{algorithmic}[1]
\Function{HeapSort}{\(a\)}
  \For{\(i \gets \lfloor n / 2 \rfloor\) \textbf{downto} \(1\)}
    \State \Call{Sift}{\(i, n\)}
  \EndFor
  \For{\(m \gets n\) \textbf{downto} \(2\)}
    \State <swap-top>
    \State \Call{Sift}{\(1, m - 1\)}
  \EndFor
  \State \Return \(a\)
\EndFunction
\Procedure{Sift}{\(i, m\)}
  \State \(j \gets i\)
  \While{\(2 j \le m\)}
    \State \(k \gets 2 j\)
    \If{\(k < m\) \textbf{and} \(a_{k+1} > a_k\)}
      \State \(k \gets k + 1\)
    \EndIf
    \If{\(a_k > a_j\)}
      \State <swap>
      \State \(j \gets k\)
    \Else
      \State \(j \gets m\)
    \EndIf
  \EndWhile
\EndProcedure
\end{algorithmic}
"""
WORDS = (r"swap \(a_1\) and \(a_m\)", r"swap \(a_j\) and \(a_k\)")
STORES = (
    r"\(t \gets a_1\); \(a_1 \gets a_m\); \(a_m \gets t\)",
    r"\(t \gets a_j\); \(a_j \gets a_k\); \(a_k \gets t\)",
)


@pytest.mark.parametrize("swaps", [WORDS, STORES], ids=["swaps in words", "swaps as stores"])
def test_a_helpers_stores_into_the_callers_array_come_back(tmp_path, swaps):
    # round 95: Sift's swaps never reached HeapSort's a (a_j under Sift's parameter j was read as a
    # name of its own, and a swap in words inside a block was no store): the keys came back unsorted,
    # lint was clean, and a true "it sorts" claim was refuted
    note = written_note(tmp_path, HEAPSORT.replace("<swap-top>", swaps[0]).replace("<swap>", swaps[1]))
    assert [f.code for f in api.lint([note]).all_findings()] == []
    (listing,) = algoverify.load(note).listings
    keys = np.array([3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0])
    assert list(listing(a=keys)) == sorted(keys)


GAUSS = r"""---
title: t
---

Let \(n \ge 1\) be the number of nodes.

\begin{algorithmic}[1]
\Function{Nodes}{\(n\)}
  \State \(x \gets 0\)
  \For{\(j = 1, \dots, n\)}
    \State \(x_j \gets j / (n + 1)\)
  \EndFor
  \State \Return \(x\)
\EndFunction
\end{algorithmic}
"""


def test_zeros_stored_over_a_parameters_range_have_that_many_entries(tmp_path):
    # round 94: "x \gets 0 … is the zero vector of the listing's one size" did not hold for a size
    # that is a parameter: AV204 asked for zeros(n)
    note = written_note(tmp_path, GAUSS)
    assert [f.code for f in api.lint([note]).all_findings()] == []
    (listing,) = algoverify.load(note).listings
    assert list(listing(n=3)) == [0.25, 0.5, 0.75]


STEP = r"""---
title: t
---

Let \(A\) be a symmetric positive definite matrix and \(b\) a vector. <words>

\begin{algorithmic}[1]
\Function{Descend}{\(A, b, x, K\)}
  \For{\(k \gets 1\) \textbf{to} \(K\)}
    \State \(x \gets x - <step>\)
  \EndFor
  \State \Return \(x\)
\EndFunction
\end{algorithmic}
"""
NAMED = r"We take a step equal to the reciprocal of the largest eigenvalue of \(A\), which we call \(\eta\)."


@pytest.mark.parametrize(
    "step", [r"\eta (A x - b)", r"\eta A x + \eta b"], ids=["before brackets (call or product?)", "a product"]
)
def test_a_name_given_to_words_after_them_is_said_in_words(tmp_path, step):
    # round 93: "…, which we call \(\eta\)" was not read: the generic AV303, or AV204's "call or product?"
    note = written_note(tmp_path, STEP.replace("<words>", NAMED).replace("<step>", step))
    findings = [f for f in api.lint([note]).all_findings() if f.code != "AV604"]
    assert [f.code for f in findings] == ["AV303"]
    assert findings[0].message.startswith(
        r"eta is not defined: the prose at line 5 says what it is only in words (a step equal to the reciprocal "
        r"of the largest eigenvalue of \(A\)), which a run cannot compute"
    )
    line = STEP.replace("<step>", step).splitlines()[9]
    assert api.lint([note]).sources[note].line_col(findings[0].span.start) == (10, line.index(r"\eta") + 1)


def test_a_sentence_that_names_what_it_describes_is_no_claim():
    assert cues(NAMED) == []
    assert cues(NAMED[:-1] + r", and then the error is at most \(\eta\).") != []


CRANK = r"""---
title: t
---

Let \(u\) be a vector of \(m\) values and \(r > 0\); write \(T\) for the \(m \times m\) second-difference
matrix, tridiagonal with 2 on its diagonal and \(-1\) beside it.

\begin{algorithmic}[1]
\Function{Step}{\(u, r\)}
  \State \(u \gets (I_m + \frac{r}{2} T)^{-1} (I_m - \frac{r}{2} T) u\)
  \State \Return \(u\)
\EndFunction
\end{algorithmic}
"""


def test_a_name_written_for_words_with_math_among_them_is_said_in_words(tmp_path):
    # round 95: the math in "for the \(m \times m\) second-difference matrix, …" split the words, and
    # the message was the generic "say in the prose what T is"
    (found,) = [f for f in api.lint([written_note(tmp_path, CRANK)]).all_findings() if f.code == "AV303"]
    assert found.message.startswith(
        r"T is not defined: the prose at line 5 says what it is only in words (the \(m \times m\) "
        r"second-difference matrix, tridiagonal with 2 on its diagonal and \(-1\) beside it)"
    )


WOODBURY = r"""---
title: t
---

Let \(A\) be an invertible \(n \times n\) matrix, and let \(U\) and \(V\) be \(n \times k\) matrices.

\begin{algorithmic}[1]
\Function{Update}{\(A, U, V\)}
  \State \(M \gets A + U V^{\top}\)
  \State \Return \(M\)
\EndFunction
\end{algorithmic}
"""


def test_a_shape_said_of_two_names_is_each_ones(tmp_path):
    # round 94: only V was n × k, so a U of another shape was caught by NumPy's own words, late
    (listing,) = algoverify.load(written_note(tmp_path, WOODBURY)).listings
    said = describe_inputs(listing)
    assert "U  n × k matrix" in said and "V  n × k matrix" in said


HALVING = r"""---
title: t
algoverify:
  checks:
    - id: decreases
      kind: property
      listing: 1
      inputs: {x: "uniform(1, 2)", K: "integers(1, 3)"}
      after: "x \\gets x / 2"
      holds: 'x \le x^{(\mathrm{prev})}'
---

\begin{algorithmic}[1]
\Function{Halve}{\(x, K\)}
  \For{\(k \gets 1\) \textbf{to} \(K\)}
    \State \(x \gets x / 2\)
  \EndFor
  \State \Return \(x\)
\EndFunction
\end{algorithmic}
"""


def test_a_relation_on_the_pass_before_says_the_loop_made_no_second_pass(tmp_path):
    # round 93: a one-pass draw was counted as "the loop made no pass", though it made one
    (outcome,) = api.check([written_note(tmp_path, HALVING)]).notes[0].outcomes
    assert outcome.status == "verified"
    assert "the loop at line 15 made no second pass, which the relation needs on" in outcome.message
    assert "made no pass" not in outcome.message


OUTER = r"""---
title: t
---

Let \(a_1, \dots, a_n\) be an array of keys.

\begin{algorithmic}[1]
\Function{Outer}{\(a\)}
  \State \Call{Inner}{\(1, 2\)}
  \State \Return \(a\)
\EndFunction
\Procedure{Inner}{\(i, j\)}
<body>
\EndProcedure
\end{algorithmic}
"""


@pytest.mark.parametrize(
    "body",
    [
        r"  \State \(t \gets a_i\); \(a_i \gets a_j\); \(a_j \gets t\)",
        "  \\If{\\(a_j > a_i\\)}\n    \\State \\(t \\gets a_i\\); \\(a_i \\gets a_j\\); \\(a_j \\gets t\\)\n  \\EndIf",
        "  \\If{\\(a_j > a_i\\)}\n    \\State swap \\(a_i\\) and \\(a_j\\)\n  \\EndIf",
    ],
    ids=["stores", "stores under if", "swap in words under if"],
)
def test_a_caller_that_only_returns_its_array_gets_the_helpers_stores(tmp_path, body):
    # round 95: the caller never indexes a itself; the helper's stores were lost in all three forms
    (listing,) = algoverify.load(written_note(tmp_path, OUTER.replace("<body>", body))).listings
    assert list(listing(a=np.array([1.0, 2.0, 3.0]))) == [2.0, 1.0, 3.0]
