"""Proofs of ``holds:`` identities: sympy's evidence beside the trials, never a verdict alone.

A property check over draws whose ``holds:`` is one exact ``=`` is proved for the classes its
generators draw from (sizes up to 4); an attempt that is inconclusive or runs out of time leaves
the trials to decide, silently; a disproof is shown as refuted only because a trial failed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from algoverify import api
from algoverify.checking import proof
from algoverify.checking.spec import CheckSpec
from algoverify.source import Span


def spec(**params) -> CheckSpec:
    return CheckSpec("c", "property", Span(0, 0), params=params)


def note(tmp_path: Path, draw: str, holds: str, extra: str = "") -> Path:
    path = tmp_path / "note.md"
    path.write_text(
        "---\ntitle: t\nalgoverify:\n  checks:\n    - id: c\n      kind: property\n"
        f"      draw: {draw}\n      holds: '{holds}'\n{extra}---\n\nProse.\n"
    )
    return path


def outcome(path: Path):
    result = api.check([path], seed=0)
    (report,) = result.notes
    (found,) = report.outcomes
    return found


# (draw, let, holds, scope): identities proved, each with the scope the report shows
PROVED = [
    ({"a": "randn()", "b": "randn()"}, None, r"(a + b)^{2} = a^{2} + 2 a b + b^{2}", "for all real a, b"),
    ({"x": "uniform(0.5, 2)"}, None, r"\sqrt{x^{2}} = x", "for all positive x"),
    (
        {"x": "loguniform(1e-3, 1e3)", "y": "loguniform(1e-3, 1e3)"},
        None,
        r"\log(x y) = \log x + \log y",
        "for all positive x, y",
    ),
    (
        {"n": "integers(1, 8)", "z": "randn(n)", "c": "randn()"},
        None,
        r"\operatorname{softmax}(z + c) = \operatorname{softmax}(z)",
        "for all real z, c (n ≤ 4)",
    ),
    ({"n": "integers(1, 3)", "A": "symmetric(n)"}, None, r"A = A^{\top}", "for all symmetric A (every size drawn)"),
    (
        {"n": "integers(2, 9)", "p": "simplex(n)"},
        None,
        r"\sum_{i=1}^{n} p_i = 1",
        "for all probability vectors p (n ≤ 5)",
    ),
    (
        {"n": "integers(1, 6)", "d": "integers(1, 6)", "X": "randn(n, d)", "i": "integers(1, n)"},
        {"G": r"X X^{\top}", "x": "X"},
        r"G_{ii} = \lVert x_i \rVert^{2}",
        "for all real X; every i (n ≤ 4, d ≤ 4)",
    ),
    (
        {"n": "integers(1, 6)", "x": "randn(n)"},
        {"f(v)": r"\operatorname{mean}(v)"},
        r"f(x + 1) = \frac{1}{n} \sum_{i=1}^{n} x_i + 1",
        "for all real x (n ≤ 4)",
    ),
]


@pytest.mark.parametrize(("draw", "let", "holds", "scope"), PROVED, ids=[p[2] for p in PROVED])
def test_identities_are_proved_with_their_scope(draw, let, holds, scope):
    found = proof.prove(spec(draw=draw, let=let, holds=holds))
    assert (found.status, found.scope) == ("proved", scope), found.why


# (draw, holds, why): what the lowering does not know, or what is not an exact identity, is not tried
INCONCLUSIVE = [
    ({"n": "integers(1, 4)", "A": "spd(n)"}, r"A = A^{\top}", "spd(…) has no symbolic class"),
    (
        {"n": "integers(1, 4)", "X": "randn(n, n)"},
        r"\operatorname{tr}(X) = \operatorname{tr}(X^{\top})",
        "tr is not a function sympy knows here",
    ),
    ({"n": "integers(1, 4)", "X": "randn(n, n)"}, r"X^{2} = X X", "a power of an array"),
    ({"a": "randn()"}, r"a^{2} \geq 0", "not an exact identity over draws"),
    ({"a": "randn()"}, r"a \approx a", "not an exact identity over draws"),
]


@pytest.mark.parametrize(("draw", "holds", "why"), INCONCLUSIVE, ids=[p[1] for p in INCONCLUSIVE])
def test_what_cannot_be_lowered_is_inconclusive(draw, holds, why):
    found = proof.prove(spec(draw=draw, holds=holds))
    assert (found.status, found.why) == ("inconclusive", why)


def test_a_claim_true_only_for_positive_x_is_proved_under_positivity_and_not_without():
    positive = proof.prove(spec(draw={"x": "uniform(0.1, 10)"}, holds=r"\sqrt{x^{2}} = x"))
    real = proof.prove(spec(draw={"x": "randn()"}, holds=r"\sqrt{x^{2}} = x"))
    non_negative = proof.prove(spec(draw={"x": "uniform(0, 10)"}, holds=r"\sqrt{x^{2}} = x"))
    assert positive.status == "proved" and positive.scope == "for all positive x"
    assert real.status == "disproved"
    assert non_negative.status == "proved" and non_negative.scope == "for all non-negative x"


def test_proved_identity_is_verified_with_the_proof_and_the_trials(tmp_path):
    o = outcome(note(tmp_path, '{x: "uniform(0.1, 10)"}', r"\sqrt{x^{2}} = x"))
    assert o.status == "verified"
    assert o.message == r"\sqrt{x^{2}} = x proved for all positive x; held on 100 trials"
    assert o.details["proof"]["status"] == "proved" and o.details["proof"]["scope"] == "for all positive x"


def test_the_same_claim_over_all_reals_is_refuted_by_a_trial_not_by_sympy(tmp_path):
    o = outcome(note(tmp_path, '{x: "randn()"}', r"\sqrt{x^{2}} = x"))
    assert o.status == "refuted"
    assert o.message.startswith("trial ") and "is false" in o.message
    assert float(o.details["_counterexample"]["x"]) < 0
    assert o.details["proof"]["status"] == "disproved"


def test_false_identity_is_disproved_and_refuted_by_the_trials(tmp_path):
    assert (
        proof.prove(spec(draw={"a": "randn()", "b": "randn()"}, holds=r"(a+b)^{2} = a^{2} + b^{2}")).status
        == "disproved"
    )
    o = outcome(note(tmp_path, '{a: "randn()", b: "randn()"}', r"(a+b)^{2} = a^{2} + b^{2}"))
    assert o.status == "refuted" and "counterexample" in o.details
    assert "proved" not in o.message


def test_disproof_under_a_precondition_is_only_inconclusive():
    # sympy's counterexample may break `given:`: only trials inside it may refute
    found = proof.prove(spec(draw={"x": "randn()"}, given="x > 0", holds=r"\sqrt{x^{2}} = x"))
    assert found.status == "inconclusive"


def test_inconclusive_attempt_falls_back_to_the_trials_silently(tmp_path):
    o = outcome(note(tmp_path, '{n: "integers(1, 4)", A: "spd(n)"}', r"A = A^{\top}"))
    assert o.status == "verified"
    assert o.message == r"A = A^{\top} held on 100 trials"
    assert "proof" not in o.details


def test_proof_that_times_out_falls_back_to_the_trials(tmp_path, monkeypatch):
    holds = r"\operatorname{softmax}(z + c) = \operatorname{softmax}(z)"
    timed_out = proof.prove(
        spec(draw={"n": "integers(1, 8)", "z": "randn(n)", "c": "randn()"}, holds=holds), seconds=1e-4
    )
    assert (timed_out.status, timed_out.why) == ("inconclusive", "timed out")
    monkeypatch.setattr(proof, "PROOF_SECONDS", 1e-4)
    o = outcome(note(tmp_path, '{n: "integers(1, 8)", z: "randn(n)", c: "randn()"}', holds))
    assert o.status == "verified" and "proved" not in o.message and "proof" not in o.details


def test_the_timer_is_left_as_it_was():
    import signal

    before = signal.getsignal(signal.SIGALRM)
    proof.prove(spec(draw={"a": "randn()"}, holds="a = a"))
    assert signal.getsignal(signal.SIGALRM) is before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_a_function_of_the_notes_own_shadows_the_builtin():
    found = proof.prove(
        spec(draw={"z": "randn(3)"}, holds=r"\operatorname{softmax}(z) = \operatorname{softmax}(z)"),
        shadowed={"softmax"},
    )
    assert found.status == "inconclusive"


def test_json_report_carries_the_proof_in_details(tmp_path):
    path = note(tmp_path, '{a: "randn()", b: "randn()"}', r"(a + b)^{2} = a^{2} + 2 a b + b^{2}")
    import jsonschema

    from algoverify.reporting import json as json_report

    doc = json.loads(json.dumps(json_report.document(api.check([path], seed=0))))
    jsonschema.Draft202012Validator(json_report.schema()).validate(doc)
    (check,) = doc["checks"]
    assert check["status"] == "verified"
    assert check["details"]["proof"]["scope"] == "for all real a, b"
    assert check["details"]["proof"]["seconds"] >= 0


def test_corpus_claims_are_proved():
    result = api.check([Path(__file__).parent.parent / "corpus"], seed=0)
    proved = sorted(
        o.check.id
        for n in result.notes
        for o in n.outcomes
        if "proof" in o.details and o.details["proof"]["status"] == "proved" and o.status == "verified"
    )
    assert len(proved) >= 4, proved
