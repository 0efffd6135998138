"""Proofs of claims about a listing's run, and of claims that call a listing by name.

sympy runs the listing on symbols (four sizes) and the relation reads its last state, as the
trials do: its variables, its outputs, and ``x^{(0)}`` for an input it overwrote. A relation
that calls a ``\\Function`` of the note (or a listing named by ``as:``) gets the call executed
symbolically too, with a size no argument gives bound from the arrays, as the interpreter does.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from algoverify import api

#: z-scores as a statistics text defines them; DIVISOR is n (population) or n - 1 (sample). The
#: precondition keeps the structured trials' constant vectors (zeros, ones), where s = 0, out.
LISTING = r"""\begin{algorithm}[H]
\begin{algorithmic}[1]
\Require \(x\) with \(\operatorname{var}(x) > 0\)
\Function{Standardise}{\(x\)}
    \State \(m \gets \frac{1}{n} \sum_{i=1}^{n} x_i\)
    \State \(s \gets \sqrt{\frac{1}{DIVISOR} \sum_{i=1}^{n} (x_i - m)^{2}}\)
    \State \(x \gets (x - m) / s\)
    \Return \(x\)
\EndFunction
\end{algorithmic}
\end{algorithm}
"""
DRAW = '{n: "integers(2, 9)", x: "randn(n, scale=3)"}'


def note(tmp_path: Path, checks: str, divisor: str = "n", listing: str = LISTING) -> Path:
    path = tmp_path / "note.md"
    path.write_text(
        f"---\ntitle: t\nalgoverify:\n  checks:\n{checks}---\n\nProse.\n\n" + listing.replace("DIVISOR", divisor)
    )
    return path


def check(id_: str, holds: str, *, listing: bool = True, extra: str = "", domain: bool = False) -> str:
    subject = "      listing: Standardise\n" if listing else ""
    key = "inputs" if listing else "draw"
    # a call of the function on a constant vector breaks its \Require: drawn symbols say so with `given:`
    given = "      given: '\\operatorname{var}(x) > 0'\n" if domain and not listing else ""
    return (
        f"    - id: {id_}\n      kind: property\n{subject}      {key}: {DRAW}\n{given}      holds: '{holds}'\n{extra}"
    )


def outcomes(path: Path) -> dict[str, object]:
    (report,) = api.check([path], seed=0).notes
    assert not [f for f in report.findings if f.severity.name == "ERROR" and f.code not in ("AV401", "AV402")], (
        report.findings
    )
    return {o.check.id: o for o in report.outcomes}


# (holds, over the run or by a call): each proved for every real x, sizes 2 … 5 (four sizes) with symbols; a
# call sees only its argument, so its n comes from the argument's length, as in the interpreter
PROVED = [
    (r"\operatorname{mean}(x) = 0", True),
    (r"\operatorname{var}(x) = 1", True),
    (r"\operatorname{var}(x) \approx 1", True),
    (r"x = (x^{(0)} - m) / s", True),
    (r"s^{2} = \operatorname{var}(x^{(0)})", True),
    (r"\operatorname{Standardise}(3 x + 2) = \operatorname{Standardise}(x)", False),
    (r"\operatorname{Standardise}(2 - 3 x) = -\operatorname{Standardise}(x)", False),
]


@pytest.mark.slow
@pytest.mark.parametrize(("holds", "over_the_run"), PROVED, ids=[p[0] for p in PROVED])
def test_claims_about_a_listings_run_or_its_calls_are_proved(tmp_path, holds, over_the_run):
    found = outcomes(note(tmp_path, check("c", holds, listing=over_the_run, domain=True)))["c"]
    assert found.status == "verified", found.message
    assert found.details["proof"]["status"] == "proved"
    # the listing divides by s, which is 0 when every entry is the same: true where it is defined
    assert found.details["proof"]["scope"] == "for all real x where defined (n ≤ 5)"
    assert found.message.startswith(f"{holds} proved for all real x where defined (n ≤ 5); held on ")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("holds", "over_the_run", "smallest"),
    [
        (r"\operatorname{var}(x) = 1", True, 2),  # a sample standard deviation leaves var(x) = (n - 1)/n
        (r"\operatorname{Standardise}(x)_{1} \leq 1", False, 3),  # a z-score exceeds 1 only from n = 3
    ],
)
def test_a_listing_that_does_not_do_what_is_claimed_is_disproved_and_refuted(tmp_path, holds, over_the_run, smallest):
    spec = check("c", holds, listing=over_the_run).replace("integers(2, 9)", f"integers({smallest}, 9)")
    found = outcomes(note(tmp_path, spec, divisor="n - 1"))["c"]
    assert found.status == "refuted"
    assert found.details["proof"]["status"] == "disproved"
    # sympy's point is the first trial: the counterexample has small whole numbers a reader can check
    assert found.details["_counterexample"]


@pytest.mark.slow
def test_a_claim_false_only_past_the_first_undecided_size_is_left_to_the_trials(tmp_path):
    # n = 2 holds and sympy leaves it undecided: the search stops there (a count, never a time),
    # and the trials refute the claim at a larger n
    found = outcomes(
        note(tmp_path, check("c", r"\operatorname{Standardise}(x)_{1} \leq 1", listing=False), divisor="n - 1")
    )["c"]
    assert found.status == "refuted" and "proof" not in found.details
    assert len(found.details["_counterexample"]["x"]) >= 3


@pytest.mark.slow
def test_the_same_claim_is_refuted_on_the_sample_deviation_and_proved_on_the_population_one(tmp_path):
    population = outcomes(note(tmp_path, check("c", r"\operatorname{var}(x) = 1")))["c"]
    sample = outcomes(note(tmp_path, check("c", r"\operatorname{var}(x) = 1"), divisor="n - 1"))["c"]
    assert (population.status, sample.status) == ("verified", "refuted")


def test_a_listing_sympy_cannot_run_leaves_the_trials_to_decide_silently(tmp_path):
    loop = r"""\begin{algorithm}[H]
\begin{algorithmic}[1]
\Function{Halve}{\(x\)}
    \While{\(x > 1\)}
        \State \(x \gets x / 2\)
    \EndWhile
    \Return \(x\)
\EndFunction
\end{algorithmic}
\end{algorithm}
"""
    checks = '    - id: c\n      kind: property\n      listing: Halve\n      inputs: {x: "uniform(1, 100)"}\n'
    checks += "      holds: 'x \\leq 1'\n"
    found = outcomes(note(tmp_path, checks, listing=loop))["c"]
    assert found.status == "verified"
    assert "proof" not in found.details and "proved" not in found.message


# --- a reference check: the listing (or a snippet's function) against the module's Python -----------

REFERENCES = {
    "population": "def z_scores(x):\n    return (x - x.mean()) / x.std()\n",
    "sample": "def z_scores(x):\n    return (x - np.mean(x)) / np.std(x, ddof=1)\n",
    # outside what sympy can run: the trials alone decide
    "sorted": "def z_scores(x):\n    s = np.sort(x)\n    return (x - s.mean()) / s.std()\n",
}


def reference_note(tmp_path: Path, reference: str, divisor: str = "n", snippet: bool = False) -> Path:
    (tmp_path / "ref.py").write_text("import numpy as np\n\n\n" + REFERENCES[reference])
    subject = "      snippet: 1\n      function: standardise\n" if snippet else "      listing: Standardise\n"
    checks = (
        f"    - id: c\n      kind: reference\n{subject}      inputs: {DRAW}\n      reference: z_scores\n"
        "      compare: {x: {rtol: 1e-9, atol: 1e-9}}\n"
    )
    path = tmp_path / "note.md"
    code = "```python\nimport numpy as np\n\n\ndef standardise(x):\n    m = x.mean()\n"
    code += f"    return (x - m) / np.sqrt(((x - m) ** 2).sum() / ({divisor.replace('n', 'len(x)')}))\n```\n"
    path.write_text(
        f"---\ntitle: t\nalgoverify:\n  module: ref.py\n  checks:\n{checks}---\n\nProse.\n\n"
        + (code if snippet else LISTING.replace("DIVISOR", divisor))
    )
    return path


@pytest.mark.slow
@pytest.mark.parametrize("snippet", [False, True], ids=["listing", "snippet"])
def test_a_subject_that_computes_its_reference_is_proved(tmp_path, snippet):
    found = outcomes(reference_note(tmp_path, "population", snippet=snippet))["c"]
    assert found.details["proof"]["status"] == "proved"
    if snippet:
        # a snippet's function declares no domain: a structured trial (a constant vector, s = 0) is
        # where "where defined" ends, and both sides are NaN there: equal, as numpy.testing has it,
        # unless the check asks for `equal_nan: false`
        assert found.status == "verified", found.message
        strict = reference_note(tmp_path, "population", snippet=snippet)
        strict.write_text(
            strict.read_text().replace(
                "      reference: z_scores\n", "      reference: z_scores\n      equal_nan: false\n"
            )
        )
        found = outcomes(strict)["c"]
        assert found.status == "refuted", found.message
        assert len(set(np.ravel(found.details["_counterexample"]["x"]))) == 1
        return
    assert found.status == "verified", found.message
    assert "; proved for all real x where defined (n ≤ 5)" in found.message


@pytest.mark.slow
def test_a_listing_that_differs_from_its_reference_is_refuted_with_sympys_difference(tmp_path):
    found = outcomes(reference_note(tmp_path, "sample"))["c"]
    assert found.status == "refuted"
    assert found.details["proof"]["status"] == "disproved"
    # the first entry that differs, at the smallest size, simplified: population vs sample deviation
    assert found.details["proof"]["difference"].startswith("x_{1}: computed − reference = ")  # LaTeX (issue 20)
    assert found.details["proof"]["difference"].endswith("(n = 2)")
    assert "; sympy: x_{1}: computed − reference = " in found.message


@pytest.mark.slow
def test_a_reference_sympy_cannot_run_leaves_the_trials_to_decide(tmp_path):
    found = outcomes(reference_note(tmp_path, "sorted"))["c"]
    assert found.status == "verified" and "proof" not in found.details and "proved" not in found.message


# --- what a new user's notes found: preconditions, downward loops, literals, vectors --------------

INVERSE = r"""\begin{algorithm}[H]
\begin{algorithmic}[1]
\Require \(a, b, c, d\) with CONDITION
\State \(D \gets a d - b c\)
\State \(e \gets d / D\); \(f \gets -b / D\); \(g \gets -c / D\); \(h \gets a / D\)
\State \Return \(e, f, g, h\)
\end{algorithmic}
\end{algorithm}
"""
CORNERS = '{a: "uniform(-3, 3)", b: "uniform(-3, 3)", c: "uniform(-3, 3)", d: "uniform(-3, 3)"}'


@pytest.mark.slow
@pytest.mark.parametrize("condition", [r"\(a d - b c \ne 0\)", r"\(a d \ne b c\)"])
def test_a_precondition_on_several_inputs_keeps_singular_draws_out(tmp_path, condition):
    # trial 1 draws every input at its lower edge: a = b = c = d = -3 is singular; it is drawn
    # again, never reported as a division by zero against a true claim
    checks = (
        f"    - id: c\n      kind: property\n      listing: 1\n      inputs: {CORNERS}\n      holds: 'a e + b g = 1'\n"
    )
    found = outcomes(note(tmp_path, checks, listing=INVERSE.replace("CONDITION", condition)))["c"]
    assert found.status == "verified", found.message
    assert "draws skipped: precondition violated" in found.message
    # sympy cancels (a d − b c)/(a d − b c): the proof says it holds where the listing is defined
    assert found.details["proof"]["scope"] == "for all real a, b, c, d where defined"


@pytest.mark.slow
def test_given_on_the_inputs_skips_a_trial_before_the_listing_runs(tmp_path):
    checks = f"    - id: c\n      kind: property\n      listing: 1\n      inputs: {CORNERS}\n"
    checks += "      given: 'a d - b c \\ne 0'\n      holds: 'a e + b g = 1'\n"
    found = outcomes(note(tmp_path, checks, listing=INVERSE.replace(" with CONDITION", "")))["c"]
    assert found.status == "verified", found.message
    assert "`given:` was false" in found.message


def test_a_run_that_fails_is_not_blamed_on_the_floats(tmp_path):
    # no precondition: the singular corner divides by zero; sympy proves the identity where
    # defined, but the failure is the run's, and the message does not say the floats broke it
    checks = (
        f"    - id: c\n      kind: property\n      listing: 1\n      inputs: {CORNERS}\n      holds: 'a e + b g = 1'\n"
    )
    found = outcomes(note(tmp_path, checks, listing=INVERSE.replace(" with CONDITION", "")))["c"]
    assert found.status == "refuted" and "AV302" in found.message
    assert "the floats break it" not in found.message


HORNER = r"""\begin{algorithm}[H]
\begin{algorithmic}[1]
\Require coefficients \(a \in \mathbb{R}^{n}\), a point \(x\)
\State \(p \gets a_n\)
\For{\(i = n - 1, \dots, 1\)}
    \State \(p \gets p x + a_i\)
\EndFor
\State \Return \(p\)
\end{algorithmic}
\end{algorithm}
"""


@pytest.mark.slow
@pytest.mark.parametrize(
    ("inputs", "holds", "scope"),
    [
        # a loop counting down, unrolled as the interpreter runs it
        (
            '{n: "integers(1, 8)", a: "randn(n)", x: "randn()"}',
            r"p = \sum_{i=1}^{n} a_i x^{i - 1}",
            "for all real a, x (n ≤ 4)",
        ),
        # constant(…) and a literal list as exact values; 1 − x + x² > 0 from its roots
        (
            '{n: "integers(1, 8)", a: "constant(1, n)", x: "uniform(2, 3)"}',
            r"p = \frac{x^{n} - 1}{x - 1}",
            "for all positive x where defined (n ≤ 4)",
        ),
        ('{a: [1, -1, 1], x: "uniform(-10, 10)"}', "p > 0", "for all real x"),
    ],
)
def test_listings_that_count_down_or_take_literals_are_proved(tmp_path, inputs, holds, scope):
    checks = f"    - id: c\n      kind: property\n      listing: 1\n      inputs: {inputs}\n      holds: '{holds}'\n"
    found = outcomes(note(tmp_path, checks, listing=HORNER))["c"]
    assert found.status == "verified", found.message
    assert found.details["proof"]["scope"] == scope


SIGMOID = r"""\begin{algorithm}[H]
\begin{algorithmic}[1]
\Function{Sigmoid}{\(z\)}
    \State \Return \(1 / (1 + \exp(-z))\)
\EndFunction
\end{algorithmic}
\end{algorithm}
"""


@pytest.mark.slow
@pytest.mark.parametrize(
    "holds",
    [
        r"\operatorname{Sigmoid}(-z) = 1 - \operatorname{Sigmoid}(z)",  # a number over a vector: entry by entry
        r"\nabla_z F(z) = \operatorname{Sigmoid}(z)",
    ],
)
def test_a_function_of_a_vector_divides_entry_by_entry(tmp_path, holds):
    checks = (
        '    - id: c\n      kind: property\n      draw: {n: "integers(1, 6)", z: "randn(n)"}\n'
        f"      let: {{'F(v)': '\\sum_{{i=1}}^{{n}} \\log(1 + \\exp(v_i))'}}\n"
        f"      holds: '{holds}'\n"
    )
    found = outcomes(note(tmp_path, checks, listing=SIGMOID))["c"]
    assert found.status == "verified", found.message
    assert found.details["proof"]["status"] == "proved"


def test_a_call_by_name_that_breaks_the_listings_precondition_draws_again_and_never_crashes(tmp_path):
    # the structured trials' zero vector has var(x) = 0: Standardise refuses it, and that trial is drawn again
    extra = "      prove: false\n"
    found = outcomes(
        note(tmp_path, check("c", r"\operatorname{Standardise}(x)_{1} \leq 3", listing=False, extra=extra))
    )
    assert found["c"].status == "verified", found["c"].message
    assert "precondition violated" in found["c"].message and "skipped" in found["c"].message
