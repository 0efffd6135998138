r"""Round 73 (a new user's notes, written from the docs alone): what it found, held (the fixtures are ours)."""

from __future__ import annotations

import pytest

import algoverify
from algoverify import api
from algoverify.running.input_help import describe_inputs

RICHARDSON = r"""---
title: t
---

Let \(A\) be an \(n \times n\) symmetric positive definite matrix and \(b \in \mathbb{R}^{n}\)<prose>.

\begin{algorithmic}[1]
\Require \(A\), \(b\), <require>number of passes \(N\)
\State \(x \gets 0\)
\For{\(k = 1, \dots, N\)}
  \State \(x \gets x + \omega (b - A x)\)
\EndFor
\State \Return \(x\)
\end{algorithmic}
"""
IN_WORDS = r", and write \(\lambda_{\max}\) for the largest eigenvalue of \(A\)"
STEP = "\\(0 \\lt \\omega \\lt 2 / \\lambda_{\\max}\\), "
UNTESTED = "lam_max is not defined: the precondition \\({}\\) reads it, so no run can test the precondition on entry; "
SAID = (
    "the prose at line 5 says what it is only in words (the largest eigenvalue of \\(A\\)), which a run cannot "
    "compute; write it as a formula (\\(\\lambda_{\\mathrm{max}} = \\dots\\)) for the listing to compute it, or "
    "declare it in \\Require"
)
# the statement runs, untested: no "(this statement will not run)"
DISPLAY = "define it in a display (\\(\\lambda_{\\mathrm{max}} = \\dots\\)) or declare it in \\Require"
# what binds itself or the run binds: a sum's variable, a number set, constants, a size, an index, the listing's names
BOUND = (
    "\\(\\sum_{i=1}^{n} b_i \\ne 0\\), \\(b_i \\gt 0\\) for all \\(i\\), \\(x_0 \\in \\mathbb{R}^{n}\\), "
    "\\(\\omega \\lt 2 \\pi e\\), \\(\\omega \\lt n\\), \\(\\omega \\le \\infty\\), \\(N \\ge k\\), "
)


@pytest.mark.parametrize(
    ("prose", "require", "where", "message", "line"),
    [
        # round 73: richardson.md's step bound read a name only the prose's words define; lint was clean,
        # --help-inputs listed it as tested, and a run with omega past it diverged and exited 0
        (IN_WORDS, STEP, (8, 47), UNTESTED.format("0 \\lt \\omega \\lt 2 / \\lambda_{\\max}") + SAID, "  omega  "),
        ("", STEP, (8, 47), UNTESTED.format("0 \\lt \\omega \\lt 2 / \\lambda_{\\max}") + DISPLAY, "  omega  "),
        # a precondition of the inputs together (none alone) is tested on entry the same way
        (
            IN_WORDS,
            "\\(\\omega\\), \\(\\tau\\) with \\(\\omega + \\tau \\lt 2 / \\lambda_{\\max}\\), ",
            (8, 74),
            UNTESTED.format("\\omega + \\tau \\lt 2 / \\lambda_{\\max}") + SAID,
            "  \\omega + \\tau",
        ),
        # the precondition's other names bind themselves or are bound on entry: only lambda_max is said
        (
            IN_WORDS,
            BOUND + STEP,
            (8, 212),
            UNTESTED.format("0 \\lt \\omega \\lt 2 / \\lambda_{\\max}") + SAID,
            "  omega  ",
        ),
    ],
    ids=["said in words", "said nowhere", "inputs together", "among bound names"],
)
def test_a_precondition_reading_a_name_nothing_binds_is_said_at_lint(tmp_path, prose, require, where, message, line):
    note = tmp_path / "richardson.md"
    note.write_text(RICHARDSON.replace("<prose>", prose).replace("<require>", require))
    result = api.lint([note])
    source = result.sources[note]
    found = [(source.line_col(f.span.start), f.message) for f in result.all_findings() if f.code == "AV303"]
    assert found == [(where, message)]
    # --help-inputs no longer calls it tested, as lint does not
    (listing,) = algoverify.load(note).listings
    (said,) = [x for x in describe_inputs(listing).splitlines() if x.startswith(line)]
    assert said.endswith("; not tested: lam_max is not defined")
    assert describe_inputs(listing).count("not tested") == 1


HALVING = r"""---
title: t
algoverify:
  checks:
    - id: small
      kind: property
      listing: 1
      claim: "the last iterate is below the tolerance"
      inputs: {x_0: "uniform(1, 2)", tau: 1e-3, N: 40}
      holds: '<holds>'
---

Given \(x_0 \gt 0\), a tolerance \(\tau \gt 0\) and a number of steps \(N\), the last iterate is below the tolerance.

\begin{algorithmic}[1]
\Function{Halve}{\(x_0, \tau, N\)}
  \State \(k \gets 0\)
  \While{\(x_k \gt \tau\) \textbf{and} \(k \lt N\)}
    \State \(x_{k+1} \gets x_k / 2\)
    \State \(k \gets k + 1\)
  \EndWhile
  \State \Return \(x_k\)
\EndFunction
\end{algorithmic}
"""


def test_a_check_comparing_a_sequence_read_whole_with_a_number_is_said_at_lint(tmp_path):
    # round 73: secant.md's holds: read x, the iterates x_0, …, x_k the listing stores, against a number:
    # lint was clean and the check was refuted with every iterate shown
    note = tmp_path / "halving.md"
    note.write_text(HALVING.replace("<holds>", "x \\le \\tau"))
    result = api.lint([note])
    source = result.sources[note]
    found = [(source.line_col(f.span.start), f.code, f.message) for f in result.all_findings() if f.code == "AV305"]
    assert found == [
        (
            (10, 7),
            "AV305",
            "shape mismatch in holds: x is read whole, but the listing builds x as a sequence (x_0, x_1, …, "
            "stored by index), so the relation compares every member with \\tau, not the last: write x_k, the "
            "member it returns",
        )
    ]
    # the fix it gives is clean, as are members compared with each other
    for holds in ("x_k \\le \\tau", "x_{k} \\le x_0"):
        note.write_text(HALVING.replace("<holds>", holds))
        assert [f.code for f in api.lint([note]).all_findings() if f.severity == "error"] == []
