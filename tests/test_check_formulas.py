r"""A check's own formulas read as the run will read them, and judged by lint before any run (issue 19, item 4).

The fixtures are our own text: the slips and conventions are those of rounds 38 and 40 of
notes written by someone else (a ``let:`` name written with its subscript unbraced, the
label of an exact run on an iterate, a structured member the listing cannot run on).
"""

from __future__ import annotations

import pytest
from helpers import MEAN_INPUTS as INPUTS
from helpers import RUNNING_MEAN, property_spec, prose_note

from algoverify import api


def _found(note):
    return [f for f in api.lint([note]).all_findings() if f.code != "AV604"]


@pytest.mark.parametrize(
    ("holds", "let", "unbound"),
    [
        # a name nothing binds: not drawn, not let, not the listing's, not the module's
        (r"m = \bar{x}", "", r"\bar{x}"),
        (r"m \le \max_i y_i", "", "y_i"),
        (r"m = \frac{s}{M}", "", "M"),
        # a let: reads only what the check has: a draw, another let:, the run
        (r"m = \mu", r"{mu: '\frac{1}{N} \sum_{i=1}^{N} z_i'}", "z_i"),
    ],
)
def test_a_name_no_run_can_bind_is_a_lint_finding_at_its_formula(tmp_path, holds, let, unbound):
    note = tmp_path / "n.md"
    spec = property_spec("the mean", INPUTS, holds, let=let)
    note.write_text(
        f"---\nalgoverify:\n{spec}---\n\nIt returns the mean.\n\n\\begin{{algorithmic}}\n{RUNNING_MEAN.strip()}\n\\end{{algorithmic}}\n"
    )
    (finding,) = _found(note)
    assert finding.code == "AV303" and finding.message.startswith(f"{unbound} is not defined"), finding.message
    key = "let" if let and "z_i" in let else "holds"
    line = api.lint([note]).sources[finding.path].line_col(finding.span.start)[0]
    assert note.read_text().splitlines()[line - 1].lstrip().startswith(f"{key}:")
    # and check says the same of the same formula: lint knew what check would know
    (outcome,) = api.check([note], seed=0, trials=5).notes[0].outcomes
    assert outcome.status == "could not check" and "is not defined" in outcome.message


@pytest.mark.parametrize(
    ("holds", "let"),
    [
        (r"m = \frac{1}{N} \sum_{i=1}^{N} x_i", ""),  # a draw, the listing's output, a bound index
        (r"m = \mu", r"{mu: '\frac{s}{N}'}"),  # a let: over a variable the run assigns
        (r"m \cdot N = s", ""),  # the run's own variable
        (r"\forall 1 \le i < j \le N: x_i + x_j \le 2 \max_k x_k", ""),  # both names of a chain are bound
        (r"N m = \sum_{1 \le i \le j \le N} [i = j] x_j", ""),
    ],
)
def test_names_the_run_binds_are_no_finding(tmp_path, holds, let):
    note = prose_note(tmp_path, "It returns the mean.", RUNNING_MEAN, property_spec("the mean", INPUTS, holds, let=let))
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_a_let_name_written_with_its_subscript_unbraced_is_that_name(tmp_path):
    # TeX sets only the M of \theta_MLE below; the spec that defines theta_MLE means its own name
    spec = property_spec(
        "the mean is the maximum-likelihood estimate",
        INPUTS,
        r"m = \theta_MLE",
        let=r"{theta_MLE: '\frac{1}{N} \sum_{i=1}^{N} x_i'}",
    )
    note = prose_note(tmp_path, "The mean is the maximum-likelihood estimate.", RUNNING_MEAN, spec)
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


TENTHS = r"""
\Require a bound \(K \ge 1\) on the steps
\State \(k \gets 0\); \(s_0 \gets 0\)
\While{\(s_k \ne 1\) \textbf{and} \(k < K\)}
  \State \(s_{k+1} \gets s_k + \frac{1}{10}\)
  \State \(k \gets k + 1\)
\EndWhile
\State \Return \(s_k\)
"""


@pytest.mark.parametrize(("holds", "status"), [("s_k^{(exact)} = 1", "verified"), ("s_k = 1", "refuted")])
def test_the_exact_label_of_an_iterate_is_the_exact_runs_own_step(tmp_path, holds, status):
    # in exact arithmetic ten tenths make 1 at k = 10; in floats they never do and the loop runs to K
    spec = property_spec("ten tenths make one", '{K: "integers(12, 15)"}', holds).replace(
        "      holds:", "      arithmetic: exact\n      holds:"
    )
    note = prose_note(
        tmp_path,
        "In exact arithmetic ten tenths make one.",
        TENTHS,
        spec.replace("s_k^{(exact)}", r"s_k^{(\mathrm{exact})}"),
    )
    (outcome,) = api.check([note], seed=0, trials=5).notes[0].outcomes
    assert outcome.status == status, outcome.message


SCATTER = r"""
\Require \(X \in \mathbb{R}^{n \times d}\)
\State \(m \gets \frac{1}{n} X^{\top} \mathbf{1}\)
\State \(S \gets (X - \mathbf{1} m^{\top})^{\top} (X - \mathbf{1} m^{\top})\)
\State \(w \gets S^{-1} m\)
\State \Return \(w\)
"""


def test_a_structured_member_the_listing_cannot_run_on_is_skipped_and_said(tmp_path):
    # the zero matrix (a structured member) makes S singular; the random draws decide, and the verdict says so
    spec = property_spec("S w = m", '{d: "integers(1, 3)", n: "integers(8, 12)", X: "randn(n, d)"}', "S w = m")
    note = prose_note(tmp_path, "We assume the scatter matrix \\(S\\) is invertible, so S w = m.", SCATTER, spec)
    (outcome,) = api.check([note], seed=0, trials=20).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
    assert "skipped: structured members the listing could not run on (AV306" in outcome.message


def test_a_listing_that_fails_on_random_draws_still_cannot_be_checked(tmp_path):
    # skipping is for our own structured members only: a run every draw stops is never a verdict
    body = SCATTER.replace(r"\State \(w \gets S^{-1} m\)", r"\State \(w \gets (S - S)^{-1} m\)")
    spec = property_spec("S w = m", '{d: "integers(1, 3)", n: "integers(8, 12)", X: "randn(n, d)"}', "S w = m")
    note = prose_note(tmp_path, "Here S w = m.", body, spec)
    (outcome,) = api.check([note], seed=0, trials=20).notes[0].outcomes
    assert outcome.status == "could not check", outcome.message
