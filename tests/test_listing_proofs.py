"""Proofs of claims about a listing's run, and of claims that call a listing by name.

sympy runs the listing on symbols (four sizes) and the relation reads its last state, as the
trials do: its variables, its outputs, and ``x^{(0)}`` for an input it overwrote. A relation
that calls a ``\\Function`` of the note (or a listing named by ``as:``) gets the call executed
symbolically too, with a size no argument gives bound from the arrays, as the interpreter does.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from algoverify import api

#: z-scores as a statistics text defines them; DIVISOR is n (population) or n - 1 (sample)
LISTING = r"""\begin{algorithm}[H]
\begin{algorithmic}[1]
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


def check(id_: str, holds: str, *, listing: bool = True, extra: str = "") -> str:
    subject = "      listing: Standardise\n" if listing else ""
    key = "inputs" if listing else "draw"
    return f"    - id: {id_}\n      kind: property\n{subject}      {key}: {DRAW}\n      holds: '{holds}'\n{extra}"


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


@pytest.mark.parametrize(("holds", "over_the_run"), PROVED, ids=[p[0] for p in PROVED])
def test_claims_about_a_listings_run_or_its_calls_are_proved(tmp_path, holds, over_the_run):
    found = outcomes(note(tmp_path, check("c", holds, listing=over_the_run)))["c"]
    assert found.status == "verified", found.message
    assert found.details["proof"]["status"] == "proved"
    assert found.details["proof"]["scope"] == "for all real x (n ≤ 5)"
    assert found.message.startswith(f"{holds} proved for all real x (n ≤ 5); held on ")


@pytest.mark.parametrize(
    ("holds", "over_the_run"),
    [
        (r"\operatorname{var}(x) = 1", True),  # a sample standard deviation leaves var(x) = (n - 1)/n
        (r"\operatorname{Standardise}(x)_{1} \leq 1", False),
    ],
)
def test_a_listing_that_does_not_do_what_is_claimed_is_disproved_and_refuted(tmp_path, holds, over_the_run):
    found = outcomes(note(tmp_path, check("c", holds, listing=over_the_run), divisor="n - 1"))["c"]
    assert found.status == "refuted"
    assert found.details["proof"]["status"] == "disproved"
    # sympy's point is the first trial: the counterexample has small whole numbers a reader can check
    assert found.details["_counterexample"]


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


@pytest.mark.parametrize("snippet", [False, True], ids=["listing", "snippet"])
def test_a_subject_that_computes_its_reference_is_proved(tmp_path, snippet):
    found = outcomes(reference_note(tmp_path, "population", snippet=snippet))["c"]
    assert found.status == "verified", found.message
    assert found.message.endswith("; proved for all real x (n ≤ 5)")
    assert found.details["proof"]["status"] == "proved"


def test_a_listing_that_differs_from_its_reference_is_refuted_with_sympys_difference(tmp_path):
    found = outcomes(reference_note(tmp_path, "sample"))["c"]
    assert found.status == "refuted"
    assert found.details["proof"]["status"] == "disproved"
    # the first entry that differs, at the smallest size, simplified: population vs sample deviation
    assert found.details["proof"]["difference"].startswith("x[1]: computed − reference = ")
    assert found.details["proof"]["difference"].endswith("(n = 2)")
    assert "; sympy: x[1]: computed − reference = " in found.message


def test_a_reference_sympy_cannot_run_leaves_the_trials_to_decide(tmp_path):
    found = outcomes(reference_note(tmp_path, "sorted"))["c"]
    assert found.status == "verified" and "proof" not in found.details and "proved" not in found.message
