"""*equation* checks and gradient proofs: sympy proves what a listing computes, trials decide refutations.

The listing is executed symbolically for sizes up to 4 and compared with the note's equation;
where they differ the first differing entry and the simplified difference are kept, and only a
failed trial refutes. ``\\nabla_z f(z)`` claims are proved by differentiating the ``let:`` function.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from algoverify import api
from algoverify.checking.evidence import proof
from algoverify.checking.specification.spec import CheckSpec
from algoverify.source import Span

LISTING = r"""\begin{algorithm}[H]
\begin{algorithmic}[1]
\Function{Norm}{\(x, \epsilon\)}
    \State \(\mu \gets \frac{1}{d} \sum_{i=1}^{d} x_i\)
    \State \(\sigma^{2} \gets \frac{1}{d} \sum_{i=1}^{d} (x_i - \mu)^{2}\)
    \State \(\hat{x} \gets LINE\)
    \Return \(\hat{x}\)
\EndFunction
\end{algorithmic}
\end{algorithm}
"""
RIGHT = r"(x - \mu) / \sqrt{\sigma^{2} + \epsilon}"
EQUATION = r"\hat{x} = \frac{x - \operatorname{mean}(x)}{\sqrt{\operatorname{var}(x) + \epsilon}}"
INPUTS = '{d: "integers(1, 16)", x: "randn(d, scale=10)", epsilon: "loguniform(1e-8, 1e-2)"}'


def _prove(check, seconds=None, **kwargs):  # noqa: ANN001, ANN003, ANN202
    """A proof with time to finish on a loaded machine: these tests judge what is proved, not how fast."""
    return proof.prove(check, seconds=60.0 if seconds is None else seconds, **kwargs)


def note(tmp_path: Path, line: str = RIGHT, key: str = "equation: 1") -> Path:
    path = tmp_path / "note.md"
    path.write_text(
        "---\ntitle: t\nalgoverify:\n  checks:\n    - id: c\n      kind: equation\n      listing: Norm\n"
        f"      {key}\n      inputs: {INPUTS}\n      rtol: 1e-9\n      atol: 1e-9\n---\n\nProse.\n\n"
        + LISTING.replace("LINE", line)
        + f"\nThe normalised input is\n\n\\[\n{EQUATION}\n\\]\n"
    )
    return path


def outcome(path: Path):
    (report,) = api.check([path], seed=0).notes
    (found,) = report.outcomes
    return found


@pytest.mark.slow
@pytest.mark.parametrize("key", ["equation: 1", f"holds: '{EQUATION}'"])
def test_listing_that_computes_its_equation_is_proved(tmp_path, key):
    o = outcome(note(tmp_path, key=key))
    assert o.status == "verified"
    scope = "for all real x; positive epsilon (d ≤ 4)"
    assert o.message == f"{EQUATION} proved {scope}; held on 100 trials"
    assert o.details["proof"]["status"] == "proved" and o.details["proof"]["scope"] == scope


# (the edited line, the size where sympy first sees the difference)
WRONG = [
    (r"(x - \mu) / (\sqrt{\sigma^{2}} + \epsilon)", "d = 2"),
    (r"(x - \mu) / \sqrt{\sigma^{2} + 2 \epsilon}", "d = 2"),
    (r"x / \sqrt{\sigma^{2} + \epsilon}", "d = 1"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("line", "size"), WRONG, ids=[w[0] for w in WRONG])
def test_edited_listing_is_refuted_with_the_simplified_difference(tmp_path, line, size):
    path = note(tmp_path, line)
    o = outcome(path)
    assert o.status == "refuted"
    assert o.message.startswith("trial ") and "is false" in o.message  # a failed trial refutes, not sympy
    difference = o.details["proof"]["difference"]
    assert o.details["proof"]["status"] == "disproved"
    assert difference.startswith("\\hat{x}") and difference.endswith(f"({size})")  # the note's LaTeX (issue 20)
    assert o.message.endswith("; sympy: " + difference)
    (finding,) = o.findings
    before = path.read_text()[: finding.span.start]
    assert finding.code == "AV402" and (before.count("\n") + 1, len(before.rsplit("\n", 1)[-1]) + 1) == (5, 7)


def test_the_difference_is_simplified():
    # x / sqrt(var + eps) against (x - mean) / sqrt(var + eps) at d = 1: the difference is x_1 / sqrt(eps)
    o = outcome_of_line(r"x / \sqrt{\sigma^{2} + \epsilon}")
    # in the note's LaTeX, not sympy's spelling (issue 20, item 18)
    assert o.details["proof"]["difference"] == "\\hat{x}: listing − equation = \\frac{x_{1}}{\\sqrt{\\epsilon}} (d = 1)"


def outcome_of_line(line: str):
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        return outcome(note(Path(tmp), line))


def test_listing_sympy_cannot_execute_falls_back_to_the_trials_silently(tmp_path):
    # a \While has no trip count the sizes fix: the trials alone decide, and nothing says so
    path = tmp_path / "note.md"
    path.write_text(
        "---\ntitle: t\nalgoverify:\n  checks:\n    - id: c\n      kind: equation\n      listing: 1\n"
        "      holds: 'y = 2 x'\n      inputs: {x: \"randn()\"}\n---\n\nProse.\n\n"
        "\\begin{algorithmic}[1]\n\\Require \\(x\\)\n\\State \\(y \\gets x\\)\n\\State \\(k \\gets 0\\)\n"
        "\\While{\\(k < 1\\)}\n\\State \\(y \\gets y + x\\)\n\\State \\(k \\gets k + 1\\)\n\\EndWhile\n"
        "\\Return \\(y\\)\n\\end{algorithmic}\n"
    )
    o = outcome(path)
    assert o.status == "verified"
    assert o.message == "y = 2 x held on 100 trials"
    assert "proof" not in o.details


def test_an_equation_that_names_nothing_the_listing_computes_cannot_be_checked(tmp_path):
    o = outcome(note(tmp_path, key="holds: 'z = x'"))
    assert o.status == "could not check" and "computes no z" in o.message


# --- gradients -----------------------------------------------------------------------------------

CROSS_ENTROPY = {"f(z)": r"-\sum_{v} p_v \log \operatorname{softmax}(z)_v"}
GRADIENTS = [
    (
        {"V": "integers(2, 10)", "p": "simplex(V)", "z": "randn(V)"},
        CROSS_ENTROPY,
        r"\nabla_z f(z) = \operatorname{softmax}(z) - p",
        "proved",
    ),
    (
        {"V": "integers(2, 10)", "p": "simplex(V)", "z": "randn(V)"},
        CROSS_ENTROPY,
        r"\nabla_z f(z) = \operatorname{softmax}(z) + p",
        "disproved",
    ),
    (
        {"n": "integers(1, 6)", "x": "randn(n)"},
        {"g(x)": r"\frac{1}{2} \lVert x \rVert^{2}"},
        r"\nabla_x g(x) = x",
        "proved",
    ),
    ({"a": "randn()"}, {"h(a)": r"a^{3}"}, r"\nabla_a h(a) = 3 a^{2}", "proved"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("draw", "let", "holds", "status"), GRADIENTS, ids=[g[2] for g in GRADIENTS])
def test_gradients_are_proved_by_differentiation(draw, let, holds, status):
    found = _prove(CheckSpec("c", "property", Span(0, 0), params={"draw": draw, "let": let, "holds": holds}))
    assert found.status == status, found.why


@pytest.mark.slow
def test_gradient_of_a_value_built_from_other_draws_is_differentiated_at_it():
    # z = log p + c is the target's minimiser: the gradient vanishes there
    let = {**CROSS_ENTROPY, "z": r"\log p + c"}
    draw = {"V": "integers(2, 10)", "p": "simplex(V)", "c": "uniform(-5, 5)"}
    found = _prove(
        CheckSpec("c", "property", Span(0, 0), params={"draw": draw, "let": let, "holds": r"\nabla_z f(z) = 0"})
    )
    assert (found.status, found.scope) == ("proved", "for all probability vectors p; real c (V ≤ 5)")
