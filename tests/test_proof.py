"""Proofs of ``holds:`` identities: sympy's evidence beside the trials, never a verdict alone.

A property check over draws whose ``holds:`` is one exact ``=`` is proved for the classes its
generators draw from (sizes up to 4); an attempt that is inconclusive or runs out of time leaves
the trials to decide, silently; a disproof is shown as refuted only because a trial failed.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from algoverify import api
from algoverify.checking.evidence import proof, shapes
from algoverify.checking.specification.spec import CheckSpec
from algoverify.source import Span


def _prove(check, seconds=None, **kwargs):  # noqa: ANN001, ANN003, ANN202
    """A proof with time to finish on a loaded machine: these tests judge what is proved, not how fast."""
    return proof.prove(check, seconds=60.0 if seconds is None else seconds, **kwargs)


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


# orderings sympy's assumptions settle, ≈ proved exact, and chains: every link is proved
PROVED += [
    ({"a": "randn()"}, None, r"a^{2} \geq 0", "for all real a"),
    ({"x": "uniform(0.1, 10)"}, None, r"x^{2} + x > 0", "for all positive x"),
    ({"a": "randn()", "b": "randn()"}, None, r"(a - b)^{2} \leq (a - b)^{2} + a^{2}", "for all real a, b"),
    ({"a": "randn()"}, None, r"a \approx a + 0", "for all real a"),
    (
        {"n": "integers(1, 5)", "X": "randn(n, 2)", "u": "randn(n)"},
        {"G": r"X X^{\top}"},
        r"u^{\top} G u = \lVert X^{\top} u \rVert^{2} \geq 0",
        "for all real X, u (n ≤ 4)",
    ),
    (
        {"n": "integers(2, 4)", "p": "simplex(n)", "c": "randn()"},
        {"z": r"\log p + c"},
        r"\lVert \operatorname{softmax}(z) - p \rVert \leq 10^{-6}",
        "for all probability vectors p; real c (every size drawn)",
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize(("draw", "let", "holds", "scope"), PROVED, ids=[p[2] for p in PROVED])
def test_identities_are_proved_with_their_scope(draw, let, holds, scope):
    found = _prove(spec(draw=draw, let=let, holds=holds))
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
    ({"n": "integers(1, 3)", "A": "symmetric(n)"}, r"A \succeq 0", "not an identity or an ordering sympy decides"),
    ({"a": "randn()", "b": "randn()"}, r"a \neq b", "not an identity or an ordering sympy decides"),
    (
        {"n": "integers(2, 3)", "a": "randn(n)", "b": "randn(n)"},
        r"\lvert a^{\top} b \rvert \leq \lVert a \rVert \lVert b \rVert",
        "sympy could not decide",
    ),
]


@pytest.mark.parametrize(("draw", "holds", "why"), INCONCLUSIVE, ids=[p[1] for p in INCONCLUSIVE])
def test_what_cannot_be_lowered_is_inconclusive(draw, holds, why):
    found = _prove(spec(draw=draw, holds=holds))
    assert (found.status, found.why) == ("inconclusive", why)


def test_a_claim_true_only_for_positive_x_is_proved_under_positivity_and_not_without():
    positive = _prove(spec(draw={"x": "uniform(0.1, 10)"}, holds=r"\sqrt{x^{2}} = x"))
    real = _prove(spec(draw={"x": "randn()"}, holds=r"\sqrt{x^{2}} = x"))
    non_negative = _prove(spec(draw={"x": "uniform(0, 10)"}, holds=r"\sqrt{x^{2}} = x"))
    assert positive.status == "proved" and positive.scope == "for all positive x"
    assert real.status == "disproved"
    assert non_negative.status == "proved" and non_negative.scope == "for all non-negative x"


# (draw, holds, status): one-variable polynomials, decided exactly from their real roots on the domain
ONE_VARIABLE = [
    ({"x": "randn()"}, r"x^{2} - x + 1 > 0", "proved"),  # no real root; sympy's assumptions alone miss it
    ({"x": "randn()"}, r"x^{4} - 4 x + 3 \geq 0", "proved"),  # (x − 1)²(x² + 2x + 3)
    ({"x": "randn()"}, r"x^{4} - 4 x + 3 > 0", "inconclusive"),  # 0 at x = 1: no proof, and no point below 0
    ({"x": "uniform(0, 5)"}, r"x^{3} \geq 0", "proved"),  # only on its domain
    ({"x": "randn()"}, r"x^{3} \geq 0", "disproved"),
    ({"x": "uniform(0, 5)"}, r"x^{3} > 0", "inconclusive"),  # the domain includes 0
    ({"x": "uniform(1, 5)"}, r"x^{3} > 0", "proved"),
    ({"x": "randn()"}, r"x^{2} - 2 x + 0.99 \geq 0", "disproved"),  # two roots 0.01 apart, negative between
]


@pytest.mark.parametrize(("draw", "holds", "status"), ONE_VARIABLE, ids=[p[1] for p in ONE_VARIABLE])
def test_one_variable_polynomials_are_decided_from_their_roots(draw, holds, status):
    assert _prove(spec(draw=draw, holds=holds)).status == status


def test_an_ordering_true_only_for_positive_x_is_proved_there_and_disproved_over_all_reals():
    positive = _prove(spec(draw={"x": "uniform(0.1, 10)"}, holds=r"x \leq x^{2} + x"))
    real = _prove(spec(draw={"x": "randn()"}, holds=r"x \leq x^{2} - x + 1"))
    assert positive.status == "proved" and positive.scope == "for all positive x"
    assert real.status == "proved"  # (x − 1)² ≥ 0, which sympy sees once factored
    wrong = _prove(spec(draw={"x": "randn()"}, holds=r"x^{2} \leq x"))
    assert wrong.status == "disproved"
    assert dict(wrong.counterexample)["x"] ** 2 > dict(wrong.counterexample)["x"]


def test_proved_identity_is_verified_with_the_proof_and_the_trials(tmp_path):
    o = outcome(note(tmp_path, '{x: "uniform(0.1, 10)"}', r"\sqrt{x^{2}} = x"))
    assert o.status == "verified"
    assert o.message == r"\sqrt{x^{2}} = x proved for all positive x; held on 100 trials"
    assert o.details["proof"]["status"] == "proved" and o.details["proof"]["scope"] == "for all positive x"


def test_the_same_claim_over_all_reals_is_refuted_on_sympys_point_by_the_numbers(tmp_path):
    o = outcome(note(tmp_path, '{x: "randn()"}', r"\sqrt{x^{2}} = x"))
    assert o.status == "refuted"
    assert o.message.startswith("sympy's counterexample: ") and "is false" in o.message
    assert float(o.details["_counterexample"]["x"]) < 0
    assert o.details["proof"]["status"] == "disproved"


def test_sympys_counterexample_is_the_refutations_and_simpler_than_a_draw(tmp_path):
    o = outcome(note(tmp_path, '{a: "randn()", b: "randn()"}', r"(a+b)^{2} = a^{2} + b^{2}"))
    assert o.status == "refuted" and o.trials == 1
    assert o.message.startswith("sympy's counterexample: (a+b)^{2} = a^{2} + b^{2} is false")
    values = o.details["_counterexample"]
    assert set(values) == {"a", "b"} and all(isinstance(v, float) and v == round(v) and v != 0 for v in values.values())
    assert o.details["reproduce"].endswith(" ".join(f"--set {k}={v!r}" for k, v in values.items()))


# (draw, holds): false identities whose disproof gives a point inside every generator's class
FALSE = [
    ({"a": "randn()", "b": "randn()"}, r"(a+b)^{2} = a^{2} + b^{2}"),
    ({"k": "integers(-5, 5)"}, r"k^{2} = k"),
    ({"n": "integers(1, 5)", "x": "randn(n)"}, r"\sum_{i=1}^{n} x_i = x_1"),
    ({"n": "integers(2, 5)", "p": "simplex(n)"}, r"p_1 = 1"),
    ({"n": "integers(1, 3)", "A": "symmetric(n)", "B": "symmetric(n)"}, r"A B = B A"),
    ({"x": "uniform(0.5, 2)", "y": "uniform(0, 1)"}, r"x y = x"),
]


@pytest.mark.slow
@pytest.mark.parametrize("draw, holds", FALSE)
def test_a_disproofs_point_is_given_as_the_draws_would_give_it(draw, holds):
    import numpy as np

    from algoverify.running.values import value_class

    found = _prove(spec(draw=draw, holds=holds))
    assert found.status == "disproved"
    values = dict(found.counterexample)
    assert list(values) == list(draw)
    drawn = {}
    for name, text in draw.items():
        drawn[name] = value = values[name]
        test = value_class(text, drawn)
        assert test is not None and test(value), (name, value)
        sample = np.asarray(value)
        assert sample.dtype.kind == ("i" if text.startswith("integers") else "f")
        assert type(value) is not np.ndarray or value.ndim == text.count(",") + 1 or text.startswith("symmetric")


@pytest.mark.slow
def test_a_claim_sympy_disproves_only_outside_the_class_is_not_disproved(tmp_path):
    # for x ≥ 0, |x − 1| = 1 − x fails only at x > 1: outside uniform(0, 1), so it is no disproof
    found = _prove(spec(draw={"x": "uniform(0, 1)"}, holds=r"|x - 1| = 1 - x"))
    assert found.status == "inconclusive" and found.counterexample == ()
    assert found.why == "sympy's difference is not zero, but at no point the draws can give"
    o = outcome(note(tmp_path, '{x: "uniform(0, 1)"}', r"|x - 1| = 1 - x"))
    assert o.status == "verified" and o.message == r"|x - 1| = 1 - x held on 100 trials"
    assert "proof" not in o.details


@pytest.mark.parametrize(
    ("draw", "holds"),
    [
        # true on the draws' bounds, false for other positive numbers: never "disproved"
        ({"T": "uniform(1, 10)"}, r"\frac{1}{T} \leq 1"),
        ({"t": "uniform(0, 1)", "a": "randn()"}, r"(t a)^{2} \leq t a^{2}"),
    ],
)
def test_an_ordering_true_on_the_draws_bounds_is_never_disproved(draw, holds):
    assert _prove(spec(draw=draw, holds=holds)).status != "disproved"


def test_a_sympy_point_that_holds_in_numbers_leaves_the_verdict_to_the_trials(tmp_path, monkeypatch):
    from algoverify.checking.kinds import property as prop

    point = proof.Proof("disproved", counterexample=(("a", 1.0), ("b", 0.0)))  # (1 + 0)² = 1² + 0²
    monkeypatch.setattr(prop, "prove", lambda check, shadowed=frozenset(), subjects=None, cache=None: point)
    o = outcome(note(tmp_path, '{a: "randn()", b: "randn()"}', r"(a+b)^{2} = a^{2} + b^{2}"))
    assert o.status == "refuted" and o.message.startswith("trial ")
    assert o.details["_counterexample"] != {"a": 1.0, "b": 0.0}


def test_a_false_claim_is_searched_with_the_whole_count_of_points_in_one_search(monkeypatch):
    from algoverify.checking.evidence import points

    tried = []
    find = points.Draws.find
    monkeypatch.setattr(points.Draws, "find", lambda self, gaps: tried.append(self.attempt.points) or find(self, gaps))
    false = spec(draw={"a": "randn()", "b": "randn()"}, holds=r"\lvert a - b \rvert \leq \lvert a \rvert")
    assert _prove(false).status == "disproved"
    assert tried == [proof.SEARCH_POINTS]


def test_the_search_settles_no_point_the_draws_cannot_give(monkeypatch):
    # convexity of a softmax's log-sum-exp fails at every t > 1, which sympy's positive t allows and
    # uniform(0, 1) never draws: such points were settled in 30 digits, then thrown away
    from algoverify.checking.evidence import points

    settled = []
    settle = points._settled
    monkeypatch.setattr(points, "_settled", lambda sp, diff, point: settled.append(point) or settle(sp, diff, point))
    convex = spec(
        draw={"a": "randn()", "b": "randn()", "c": "randn()", "d": "randn()", "t": "uniform(0, 1)"},
        let={"f(x, y)": r"\log(\exp(x) + \exp(y))"},
        holds=r"f(t a + (1 - t) c, t b + (1 - t) d) \leq t f(a, b) + (1 - t) f(c, d)",
    )
    assert _prove(convex).status == "inconclusive"
    ts = [float(value) for point in settled for symbol, value in point.items() if symbol.name == "t"]
    assert all(0 <= t <= 1 for t in ts), ts
    found = points.Draws.find
    searched = []
    monkeypatch.setattr(points.Draws, "find", lambda self, gaps: searched.append(gaps) or found(self, gaps))
    assert _prove(convex).status == "inconclusive" and searched  # the search ran, and settled nothing outside


@pytest.mark.parametrize(
    ("sizes", "points_", "searched"),
    [(1, 60, [2]), (2, 60, [2, 3]), (3, 60, [2, 3]), (3, 120, [2, 3, 4])],  # 40 points a size at most
)
def test_the_sizes_past_the_first_undecided_one_are_searched_by_count_not_by_time(
    monkeypatch, sizes, points_, searched
):
    from algoverify.checking.evidence import points

    seen = []
    find = points.Draws.find
    monkeypatch.setattr(points.Draws, "find", lambda self, gaps: seen.append(int(self.env["n"])) or find(self, gaps))
    monkeypatch.setattr(proof, "SEARCH_SIZES", sizes)
    monkeypatch.setattr(proof, "SEARCH_POINTS", points_)
    # true for every size and decided by sympy only at n = 1: what is searched is set by the count
    # of sizes alone (a share of CPU time made it depend on what the process had done before)
    true = spec(
        draw={"n": "integers(1, 4)", "x": "randn(n)"},
        holds=r"\lvert \sum_{i=1}^{n} x_i \rvert \leq \sum_{i=1}^{n} \lvert x_i \rvert",
    )
    assert _prove(true).status == "inconclusive"
    assert seen == searched


def test_false_identity_is_disproved_and_refuted_by_the_trials(tmp_path):
    assert _prove(spec(draw={"a": "randn()", "b": "randn()"}, holds=r"(a+b)^{2} = a^{2} + b^{2}")).status == "disproved"
    o = outcome(note(tmp_path, '{a: "randn()", b: "randn()"}', r"(a+b)^{2} = a^{2} + b^{2}"))
    assert o.status == "refuted" and "counterexample" in o.details
    assert "proved" not in o.message


def test_disproof_under_a_precondition_is_only_inconclusive():
    # sympy's counterexample may break `given:`: only trials inside it may refute
    found = _prove(spec(draw={"x": "randn()"}, given="x > 0", holds=r"\sqrt{x^{2}} = x"))
    assert found.status == "inconclusive"


def test_inconclusive_attempt_falls_back_to_the_trials_silently(tmp_path):
    o = outcome(note(tmp_path, '{n: "integers(1, 4)", A: "spd(n)"}', r"A = A^{\top}"))
    assert o.status == "verified"
    assert o.message == r"A = A^{\top} held on 100 trials"
    assert "proof" not in o.details


@contextlib.contextmanager
def _expired(seconds: float):
    raise proof._Timeout()
    yield


def test_proof_that_times_out_falls_back_to_the_trials(tmp_path, monkeypatch):
    holds = r"\operatorname{softmax}(z + c) = \operatorname{softmax}(z)"
    timed_out = _prove(spec(draw={"n": "integers(1, 8)", "z": "randn(n)", "c": "randn()"}, holds=holds), seconds=1e-4)
    assert (timed_out.status, timed_out.why) == ("inconclusive", "timed out")
    # the CPU timer fires on the scheduler's tick: a proof sympy answers from the cache earlier
    # tests filled can end inside one, so here the deadline has passed as the proof starts
    monkeypatch.setattr(proof, "_deadline", _expired)
    o = outcome(note(tmp_path, '{n: "integers(1, 8)", z: "randn(n)", c: "randn()"}', holds))
    assert o.status == "verified" and "proved" not in o.message and "proof" not in o.details


def test_the_timer_is_left_as_it_was():
    import signal

    before = signal.getsignal(signal.SIGPROF)
    _prove(spec(draw={"a": "randn()"}, holds="a = a"))
    _prove(spec(draw={"a": "randn()"}, holds="a^{2} + 1 > 0"))  # a step's share sets the timer too
    assert signal.getsignal(signal.SIGPROF) is before
    assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)


def test_a_step_out_of_its_share_gives_up_and_the_proof_goes_on(monkeypatch):
    # no time to decide an ordering: that link is unsettled, yet the proof ends with an answer, not a timeout
    monkeypatch.setattr(proof, "STEP_SECONDS", 1e-6)
    import sympy

    sympy.core.cache.clear_cache()  # an answer sympy cached from an earlier test would come in no time at all
    found = _prove(spec(draw={"x": "randn()"}, holds=r"x \leq x^{2} - x + 1"))
    assert (found.status, found.why) == ("inconclusive", "sympy could not decide")


def test_a_function_of_the_notes_own_shadows_the_builtin():
    found = _prove(
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


@pytest.mark.slow
@pytest.mark.parametrize(
    ("draw", "holds", "line"),
    [
        (
            '{x: "randn()"}',
            r"x^{2} \geq x",
            r"proof: disproved in \d+\.\d\d s: sympy found a point where the claim fails",
        ),
        ('{x: "randn()"}', r"x^{2} + 1 \geq 2 x", None),  # (x − 1)² ≥ 0: proved, said on the verdict's line
    ],
)
def test_the_text_report_says_the_proof_in_words(tmp_path, capsys, draw, holds, line):
    import re

    from algoverify.cli import main

    main([str(note(tmp_path, draw, holds)), "--no-cache"])
    out = capsys.readouterr().out
    assert "'status'" not in out
    if line is None:
        assert re.search(r"proved for all real x; held on \d+ trials", out), out
    else:
        assert re.search(line, out), out


@pytest.mark.slow
def test_corpus_claims_are_proved():
    result = api.check([Path(__file__).parent.parent / "corpus"], seed=0)
    proved = sorted(
        o.check.id
        for n in result.notes
        for o in n.outcomes
        if "proof" in o.details and o.details["proof"]["status"] == "proved" and o.status == "verified"
    )
    assert len(proved) >= 4, proved
    # claims over a listing's run, calls of a listing, a snippet's functions, an ordering: each kind proved
    for claim in (
        "mean-is-zero",  # ≈ over the listing's run, proved exact
        "variance-is-one-up-to-epsilon",
        "can-undo-the-normalisation",  # calls LayerNorm
        "large-scores",  # the snippet's softmax, executed by pysym
        "shift-leaves-it-unchanged",
        "quadratic-form",  # = and ≥ 0
        "vanishes-at-the-target",  # ≤ 10^{-6}
        "matches-numpy",  # the listing against the module's layer_norm, both run by sympy
    ):
        assert claim in proved, proved


def test_an_ordering_of_exponentials_of_several_variables_gives_up_at_once_and_still_finds_a_point():
    import sympy as sp

    from algoverify.checking.evidence.proof import _ordered

    a, b, c, d = sp.symbols("a b c d", real=True)

    def lse(u, v):
        return sp.log(sp.exp(u) + sp.exp(v))

    started = time.process_time()
    # convexity of log-sum-exp at a midpoint: true, but a theorem, not an assumption of sympy's
    assert _ordered(sp, (lse(a, b) + lse(c, d)) / 2 - lse((a + c) / 2, (b + d) / 2), ">=") is None
    assert time.process_time() - started < 0.1  # no simplification was tried
    x = sp.Symbol("x", real=True)
    assert _ordered(sp, sp.exp(x), ">") is True  # one variable: sympy's assumptions still decide it
    # the point search still disproves a false claim of that shape
    wrong = _prove(spec(draw={"a": "randn()", "b": "randn()"}, holds=r"\exp(a + b) \leq \exp(a)"))
    assert wrong.status == "disproved"


@pytest.mark.parametrize(
    "gap",
    [
        # Cauchy–Schwarz for two vectors of two entries: a theorem sympy's simplification does not reach
        lambda a, b, c, d: sp_sqrt((a**2 + b**2) * (c**2 + d**2)) - abs(a * c + b * d),
        # the triangle inequality
        lambda a, b, c, d: abs(a) + abs(b) - abs(a + b),
        # a bound on a difference: holds only where the draws keep it, never by assumptions
        lambda a, b, c, d: 1 - abs(a * b - c),
    ],
    ids=["cauchy-schwarz", "triangle", "bound"],
)
def test_an_ordering_of_an_absolute_value_of_several_variables_gives_up_without_simplifying(monkeypatch, gap):
    import sympy as sp

    a, b, c, d = sp.symbols("a b c d", real=True)

    def simplify(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise AssertionError("simplify was called on a shape it cannot decide")

    monkeypatch.setattr(sp, "simplify", simplify)
    assert proof._ordered(sp, gap(a, b, c, d), ">=") is None


def test_a_false_bound_on_an_absolute_value_is_still_disproved_by_the_point_search():
    wrong = _prove(spec(draw={"a": "randn()", "b": "randn()"}, holds=r"\lvert a - b \rvert \leq \lvert a \rvert"))
    assert wrong.status == "disproved"


def sp_sqrt(value):  # noqa: ANN001, ANN201
    import sympy as sp

    return sp.sqrt(value)


def test_an_ordering_of_exponentials_with_terms_of_one_sign_is_still_asked_and_of_both_is_not(monkeypatch):
    import sympy as sp

    a, b = sp.symbols("a b", real=True)
    # terms of one sign: sympy's assumptions give the sum its sign
    assert proof._ordered(sp, sp.exp(a + b) + sp.exp(a - b), ">") is True
    assert shapes.opposite_terms(sp.exp(a + b) + sp.exp(a - b)) is False
    # terms of both signs: no assumption can, and the question is not asked
    gap = sp.log(sp.exp(a) + sp.exp(b)) - sp.Rational(1, 2) * (a + b)
    assert shapes.opposite_terms(gap) is True
    assert proof._ordered(sp, gap, ">=") is None


def test_a_convexity_gap_through_log_softmax_gives_up_without_asking_and_softplus_is_still_asked():
    import sympy as sp

    t = sp.Symbol("t", positive=True)
    p = sp.symbols("p1:4", positive=True)
    z1, z2 = sp.symbols("a1:4", real=True), sp.symbols("b1:4", real=True)

    def cross_entropy(z):  # noqa: ANN001, ANN202 - -Σ p_v log softmax(z)_v
        total = sum(sp.exp(w) for w in z)
        return -sum(q * sp.log(sp.exp(w) / total) for q, w in zip(p, z))

    mixed = [t * a + (1 - t) * b for a, b in zip(z1, z2)]
    gap = t * cross_entropy(z1) + (1 - t) * cross_entropy(z2) - cross_entropy(mixed)
    assert shapes.opposite_terms(gap) is False  # every term's coefficient is positive: the sign is the logs'
    assert shapes.unsigned_logarithm(sp, gap) is True
    assert proof._ordered(sp, gap, ">=") is None
    assert "nonnegative" not in gap._assumptions  # sympy was never asked (0.04 s at V = 3)
    # log(1 + e^{xy}) is above 0 wherever x, y are: its argument less 1 is e^{xy}, of one sign
    x, y = sp.symbols("x y", real=True)
    softplus = sp.log(1 + sp.exp(x * y)) + (x + y) ** 2
    assert shapes.unsigned_logarithm(sp, softplus) is False
    assert proof._ordered(sp, softplus, ">=") is True


def _softmax_at_log_p(sp):  # noqa: ANN001, ANN202
    """softmax(log p + c) − p, entry by entry, for p on the simplex of 3: zero, as a reader sees at once."""
    p1, p2 = sp.symbols("p1 p2", nonnegative=True)
    c = sp.Symbol("c", real=True)
    p = [p1, p2, 1 - p1 - p2]
    z = [sp.log(q) + c for q in p]
    total = sum(sp.exp(w) for w in z)
    return [sp.exp(w) / total - q for w, q in zip(z, p)]


def test_a_gradient_that_cancels_over_one_denominator_is_decided_without_simplify(monkeypatch):
    import sympy as sp

    differences = _softmax_at_log_p(sp)

    def simplify(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise AssertionError("simplify was called: the cheap forms did not decide it")

    monkeypatch.setattr(sp, "simplify", simplify)
    assert [proof._zero(sp, d) for d in differences] == [True, True, True]
    norm = sp.sqrt(sum(d**2 for d in differences))
    assert proof._ordered(sp, sp.Rational(1, 10**6) - norm, ">=") is True


def test_with_a_precondition_an_undecided_size_ends_the_attempt(monkeypatch):
    # a `given:` the proof cannot use: the larger sizes could neither prove it nor be searched for a point
    lowered = []
    links = proof._Attempt._links

    def counted(self, env):  # noqa: ANN001, ANN202
        lowered.append(int(env["n"]))
        return links(self, env)

    monkeypatch.setattr(proof._Attempt, "_links", counted)
    check = spec(
        draw={"n": "integers(2, 9)", "x": "randn(n)"},
        given=r"\lVert x \rVert > 1",
        holds=r"\lVert x \rVert \geq 1",
    )
    found = _prove(check)
    assert found.status == "inconclusive" and lowered == [2]


def test_a_draws_text_is_parsed_once_however_many_trials_read_it(monkeypatch):
    from algoverify.running import values
    from algoverify.syntax import grammar

    parses = []
    loader = grammar.load_parser

    def counting(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        parser = loader(*args, **kwargs)

        class Counted:
            def parse(self, text):  # noqa: ANN001, ANN202
                parses.append(text)
                return parser.parse(text)

        return Counted()

    monkeypatch.setattr(grammar, "load_parser", counting)
    values.value_tree.cache_clear()
    text = "randn(7, scale=2.5)"
    drawn = [values.parse_value(text, np.random.default_rng(k)) for k in range(20)]
    assert all(d.shape == (7,) for d in drawn) and len({float(d[0]) for d in drawn}) == 20
    assert values.generator_call(text)[0] == "randn" and parses == [text]


def test_a_proof_that_simplifies_leaves_sympys_units_unimported_and_the_real_ones_untouched():
    # in a fresh interpreter: sympy.physics.units is imported by the first simplify unless a stand-in answers
    program = """
import sys
from algoverify.checking.evidence import proof
from algoverify.checking.specification.spec import CheckSpec
from algoverify.source import Span

def prove(holds):
    return proof.prove(CheckSpec("c", "property", Span(0, 0), params={"draw": {"x": "randn()"}, "holds": holds}))

found = prove("x \\\\le x^{2} - x + 1")  # decided by simplifying, then by its roots
print(found.status, "sympy.physics.units" in sys.modules, "sympy.physics" in sys.modules)
import sympy.physics.units as units  # a user's own import: the real package, whatever ran before
again = prove("x - 1 \\\\le x^{2} - x")
print(again.status, sys.modules["sympy.physics.units"] is units, hasattr(units, "meter"))
"""
    out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True).stdout
    assert out.split("\n")[:2] == ["proved False False", "proved True True"]


@pytest.mark.parametrize(
    "text",
    [
        "x**2 - 2*x*y + y**2",
        "exp(x)/(exp(x) + exp(y)) - 1/(1 + exp(y - x))",
        "log(exp(x) + exp(y)) - Max(x, y)",
        "sqrt(x**2 + y**2) - Abs(x) - Abs(y)",
        "(-x)**Rational(1, 3) + Min(x, y)",
        "pi*x + E**y - I*x",
    ],
)
def test_a_point_is_evaluated_in_doubles_as_sympy_evaluates_it_in_30_digits(text):
    import sympy as sp

    from algoverify.checking.evidence.points import _in_doubles

    x, y = sp.symbols("x y", real=True)
    expr = sp.parse_expr(text, local_dict={"x": x, "y": y})  # our own test text, never a note's
    for point in ({x: sp.Integer(1), y: sp.Integer(1)}, {x: sp.Rational(3, 2), y: sp.Rational(-2, 1)}):
        exact = complex(expr.xreplace({s: sp.Float(v, 30) for s, v in point.items()}).evalf(30))
        assert _in_doubles(sp, expr, point) == pytest.approx(exact, rel=1e-12, abs=1e-12)


def test_a_node_the_walk_in_doubles_does_not_know_is_left_to_the_30_digit_evaluation():
    import sympy as sp

    from algoverify.checking.evidence.points import _in_doubles

    x = sp.Symbol("x", real=True)
    assert _in_doubles(sp, sp.floor(x) + x, {x: sp.Rational(3, 2)}) is None
    assert _in_doubles(sp, 1 / x, {x: sp.Integer(0)}) is None  # sympy's zoo, not a number


def test_a_norm_that_vanishes_is_bounded_by_its_bases_alone_without_simplifying(monkeypatch):
    import sympy as sp

    p, q, c = sp.Symbol("p", nonnegative=True), sp.Symbol("q", nonnegative=True), sp.Symbol("c", real=True)
    total = p * sp.exp(c) + q * sp.exp(c)
    # ‖softmax(log p + c) − p‖ for p + q = 1 written out: each entry is zero over one denominator
    bases = [p * sp.exp(c) / total - p / (p + q), q * sp.exp(c) / total - q / (p + q)]
    gap = sp.Rational(1, 10**6) - sp.sqrt(sum(b**2 for b in bases))

    def simplify(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise AssertionError("simplify was called on a norm whose bases are zero")

    monkeypatch.setattr(sp, "simplify", simplify)
    assert proof._ordered(sp, gap, ">=") is True
    assert proof._ordered(sp, gap, ">") is True  # 10⁻⁶ > 0
    assert shapes.vanishing_norm(sp, -sp.sqrt(sum(b**2 for b in bases)), ">") is False  # 0 > 0 is not strict


def test_a_norm_is_not_called_vanishing_unless_each_base_is_real_and_zero():
    import sympy as sp

    x, y = sp.symbols("x y", real=True)
    z = sp.Symbol("z")  # complex: (1 + z)² + (i(1 + z))² = 0 with neither base zero
    assert shapes.vanishing_norm(sp, 1 - sp.sqrt((x - y) ** 2), False) is False
    assert shapes.real_where_defined(sp, x * sp.exp(y) / (x + y)) is True
    for value in (sp.sqrt(x) + y, sp.I * x + y, sp.log(x) + y, z + x):
        assert shapes.real_where_defined(sp, value) is False, value


def test_a_gradient_two_checks_take_of_the_same_function_is_differentiated_once(monkeypatch):
    # the cross-entropy note takes ∇f of one loss in two checks at each size: sympy's diff of a
    # softmax's logarithm was a fifth of a cold check of the corpus
    import sympy as sp

    from algoverify.checking.evidence import lowering

    lowering._derivative.cache_clear()
    calls = []
    diff = sp.Expr.diff
    monkeypatch.setattr(sp.Expr, "diff", lambda self, *a, **k: calls.append(a) or diff(self, *a, **k))
    draw = {"V": "integers(2, 3)", "p": "simplex(V)", "z": "randn(V)"}
    let = {"f(z)": r"-\sum_{v} p_v \log \operatorname{softmax}(z)_v"}
    gradient = spec(draw=draw, let=let, holds=r"\nabla_z f(z) = \operatorname{softmax}(z) - p")
    assert _prove(gradient).status == "proved"
    first = len(calls)
    shifted = spec(draw=draw, let=let, holds=r"\nabla_z f(z) + p = \operatorname{softmax}(z)")
    assert _prove(shifted).status == "proved"
    assert first > 0 and len(calls) == first  # the second check found every derivative made


def test_a_polynomial_identity_is_decided_by_its_expansion_alone(monkeypatch):
    # x^T G x = ||X x||^2 of the Gram matrix note: putting it over one denominator first took twice
    # the expansion's time, for nothing a polynomial has
    import sympy as sp

    x = sp.symbols("x1:4", real=True)
    X = sp.Matrix(3, 3, sp.symbols("a1:10", real=True))
    v = sp.Matrix(x)
    quadratic = (v.T * (X.T * X) * v)[0] - sum(e**2 for e in X * v)
    monkeypatch.setattr(sp, "together", lambda *a, **k: pytest.fail("together of a polynomial"))
    assert proof._zero(sp, quadratic) is True
    assert proof._zero(sp, quadratic + x[0] * x[1]) is False  # not zero: a point the draws can give says so
