"""Acceptance: ``algoverify corpus/`` verifies the corpus; small edits to its listings are caught.

The corpus run is the product's acceptance test: every note is specified, every check verifies or
refutes a claim marked as known, and nothing is left unverified. The mutation tests edit one
listing of the corpus at a time (drop a statement, change an operator or a bound) and assert that
some check that verified the original now fails, i.e. that the checks would notice the edit.

The whole-corpus run (half a minute and more) is behind the ``slow`` marker, and so are the
mutations of the costly notes; the fast suite checks one note of the corpus the same way
(:func:`test_a_corpus_note_verifies_as_the_corpus_run_must`) and mutates it.
"""

from __future__ import annotations

import io
import shutil
from functools import cache
from pathlib import Path

import pytest
from helpers import CORPUS_CLAIMS_AWAITING, awaited

from algoverify import api, cli

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus"

#: The claims the tool refutes in the corpus (known findings). A change here must be deliberate.
REFUTED = {
    ("power-iteration.md", "symmetric-matrices"),
    ("power-iteration.md", "any-start-vector"),
    ("power-iteration.md", "zero-start-vector"),
    ("gradient-accumulation.md", "equals-full-batch-gradient"),
    ("gradient-accumulation.md", "equals-one-large-step"),
    ("temperature-scaling.md", "no-temperature-increases-the-maximum"),
    ("temperature-scaling.md", "max-probability-convex"),
    ("temperature-scaling.md", "cannot-create-confidence"),
}


#: a note of the corpus that checks in about a second: the fast suite's sample of the corpus run
SAMPLE = "gradient-accumulation.md"


@pytest.fixture(scope="module")
def corpus() -> api.Result:
    return api.check([CORPUS])


@cache
def checked(note: str) -> api.Result:
    """One note of the corpus checked on its own (its seed is its own: the outcomes of the corpus run)."""
    return api.check([CORPUS / note])


def test_a_corpus_note_verifies_as_the_corpus_run_must():
    """The whole-corpus tests below, on one note: the fast suite's form of the acceptance test."""
    result = checked(SAMPLE)
    (note,) = result.notes
    assert note.note is not None and len(note.outcomes) >= 1
    assert {o.status for o in note.outcomes} <= {"verified", "refuted as expected"}
    assert [(f.code, f.message) for f in result.all_findings() if not awaited(f, result.sources)] == []
    refuted = {(SAMPLE, o.check.id) for o in note.outcomes if o.status == "refuted as expected"}
    assert refuted == {r for r in REFUTED if r[0] == SAMPLE}
    kinds, checks = {b.block.kind for b in note.blocks}, [o.check for o in note.outcomes]
    for i, _ in enumerate(note.listings(), start=1):
        assert any(c.kind == "reference" and str(c.get("listing")) == str(i) for c in checks)
    assert "python" not in kinds or any(c.kind == "snippet" for c in checks)
    assert "mermaid" not in kinds or any(c.kind == "structure" for c in checks)


@pytest.mark.slow
def test_every_note_of_the_corpus_has_checks(corpus):
    names = sorted(n.path.name for n in corpus.notes)
    assert names == sorted(p.name for p in CORPUS.glob("*.md"))
    for note in corpus.notes:
        assert note.note is not None, note.path
        assert len(note.outcomes) >= 1, f"{note.path.name} has no check"


@pytest.mark.slow
def test_no_check_of_the_corpus_fails_or_cannot_run(corpus):
    bad = [(n.path.name, o.check.id, o.status, o.message) for n in corpus.notes for o in n.outcomes
           if o.status in ("refuted", "could not check")]
    assert bad == []
    assert {o.status for n in corpus.notes for o in n.outcomes} == {"verified", "refuted as expected"}


@pytest.mark.slow
def test_the_corpus_run_has_no_findings(corpus):
    # no failed check (AV4xx), no spec error (AV5xx), nothing unverified (AV6xx), no internal error; only
    # the claims that wait for a check kind (AV604, listed in helpers.CORPUS_CLAIMS_AWAITING)
    found = [f for f in corpus.all_findings() if not awaited(f, corpus.sources)]
    assert [(f.code, f.message) for f in found] == []
    assert not corpus.failed(strict=not CORPUS_CLAIMS_AWAITING)


@pytest.mark.slow
def test_every_claim_of_the_corpus_is_checked_or_awaited(corpus):
    unchecked = {f for f in corpus.all_findings() if f.code == "AV604"}
    assert {f for f in unchecked if not awaited(f, corpus.sources)} == set()
    assert len(unchecked) == len(CORPUS_CLAIMS_AWAITING)  # an entry whose claim is now checked is removed


@pytest.mark.slow
def test_everything_in_the_corpus_is_covered(corpus):
    assert not [f for f in corpus.all_findings() if f.code.startswith("AV6") and not awaited(f, corpus.sources)]
    for note in corpus.notes:
        kinds = {b.block.kind for b in note.blocks}
        checks = [o.check for o in note.outcomes]
        for i, _ in enumerate(note.listings(), start=1):
            assert any(c.kind == "reference" and str(c.get("listing")) in (str(i), "LayerNorm") for c in checks)
        if "python" in kinds:
            assert any(c.kind == "snippet" for c in checks), note.path.name
        if "mermaid" in kinds:
            assert any(c.kind == "structure" for c in checks), note.path.name


@pytest.mark.slow
def test_exactly_the_known_claims_are_refuted(corpus):
    refuted = {(n.path.name, o.check.id) for n in corpus.notes for o in n.outcomes if o.status == "refuted as expected"}
    assert refuted == REFUTED
    for note in corpus.notes:
        for o in note.outcomes:
            if o.status == "refuted as expected":
                assert o.check.known, o.check.id
                assert o.details.get("counterexample"), o.check.id  # the report shows how it was refuted


@pytest.mark.slow
def test_the_command_line_verifies_the_corpus():
    out = io.StringIO()
    assert cli.main([str(CORPUS)], stdout=out, stderr=out) == 0, out.getvalue()
    summary = out.getvalue().strip().splitlines()[-1]
    assert f"refuted as expected, 0 could not check, {len(CORPUS_CLAIMS_AWAITING)} unverified; 0 errors" in summary
    assert f", 0 refuted, {len(REFUTED)} refuted as expected," in summary


# --- mutations: small edits to the corpus listings are caught -----------------------------------

def m(note: str, old: str, new: str, ident: str, fast: bool = False):
    """A mutation; behind the ``slow`` marker unless ``fast`` (a mutation of the cheap sample note)."""
    marks = () if fast else (pytest.mark.slow,)
    return pytest.param(note, old, new, id=f"{note.removesuffix('.md')}:{ident}", marks=marks)


MUTATIONS = [
    # power iteration
    m("power-iteration.md", "\\State \\(v \\gets v / \\lVert v \\rVert\\) \\Comment{any direction will do}\n", "",
      "drop-the-initial-normalisation"),
    m("power-iteration.md", "    \\State \\(w \\gets A v\\); \\(\\lambda \\gets \\lVert w \\rVert\\)\n", "",
      "drop-the-update-in-the-loop"),
    m("power-iteration.md", "v \\gets w / \\lambda", "v \\gets w \\cdot \\lambda", "w/lambda-to-w*lambda"),
    m("power-iteration.md", "\\Return \\(\\lambda, v\\)", "\\Return \\(\\lambda, w\\)", "return-w-not-v"),
    m("power-iteration.md", "\\gt \\tau \\, \\lambda\\)", "\\gt \\tau\\)", "absolute-stopping-test"),
    # layer normalisation
    m("layer-normalisation.md", "\\mu \\gets \\frac{1}{d}", "\\mu \\gets \\frac{1}{2}", "mean-1/d-to-1/2"),
    m("layer-normalisation.md", "\\sigma^{2} + \\epsilon", "\\sigma^{2}", "drop-epsilon"),
    m("layer-normalisation.md", "\\gamma \\odot \\hat{x} + \\beta", "\\gamma \\odot \\hat{x}", "drop-beta"),
    m("layer-normalisation.md", "(x_i - \\mu)^{2}", "(x_i - \\mu)", "variance-without-square"),
    m("layer-normalisation.md", "(x - \\mu) / \\sqrt", "x / \\sqrt", "no-centring"),
    m("layer-normalisation.md", "\\sigma^{2} \\gets \\frac{1}{d}", "\\sigma^{2} \\gets \\frac{1}{d - 1}",
      "unbiased-variance"),
    # gradient accumulation
    m("gradient-accumulation.md", "    \\State \\(g \\gets g + \\nabla_\\theta L_i / k\\)\n", "",
      "drop-the-accumulation", fast=True),
    m("gradient-accumulation.md", "L_i / k\\)", "L_i / 2\\)", "divide-by-2-not-k"),
    m("gradient-accumulation.md", "\\theta - \\eta g", "\\theta + \\eta g", "ascent-not-descent", fast=True),
    m("gradient-accumulation.md", "\\For{\\(i = 1, \\dots, k\\)}", "\\For{\\(i = 1, \\dots, k - 1\\)}",
      "skip-the-last-micro-batch"),
    m("gradient-accumulation.md", "\\State \\(g \\gets 0\\)", "\\State \\(g \\gets 1\\)", "start-at-1"),
    m("gradient-accumulation.md", "\\State \\(\\theta \\gets \\theta - \\eta g\\)",
      "\\State \\(\\theta \\gets \\theta - \\eta g\\)\n\\State \\(\\theta \\gets \\theta - \\eta g\\)",
      "step-twice"),
]


def mutate(tmp_path: Path, note: str, old: str, new: str) -> Path:
    """Write the note with one edit to its body (never its front matter) beside a copy of its module."""
    text = (CORPUS / note).read_text(encoding="utf-8")
    end = text.index("\n---\n", 4) + len("\n---\n")
    front, body = text[:end], text[end:]
    assert body.count(old) == 1, f"{old!r} occurs {body.count(old)} times in the body of {note}"
    for module in CORPUS.glob("*_checks.py"):
        shutil.copy(module, tmp_path / module.name)
    path = tmp_path / note
    path.write_text(front + body.replace(old, new), encoding="utf-8")
    return path


@pytest.mark.parametrize("note, old, new", MUTATIONS)
def test_a_small_edit_of_a_listing_is_caught(tmp_path, note, old, new):
    (original,) = checked(note).notes
    verified = {o.check.id for o in original.outcomes if o.status == "verified"}
    result = api.check([mutate(tmp_path, note, old, new)])
    (mutated,) = result.notes
    assert {o.check.id for o in mutated.outcomes} == {o.check.id for o in original.outcomes}
    caught = {o.check.id: o.message for o in mutated.outcomes
              if o.check.id in verified and o.status in ("refuted", "could not check")}
    assert caught, f"no verified check of {note} noticed the edit {old!r} -> {new!r}"
    assert result.failed()
    assert any(f.code.startswith("AV4") or f.code.startswith("AV5") for f in result.all_findings())


def test_mutation_ids_are_unique():
    ids = [p.id for p in MUTATIONS]
    assert len(ids) == len(set(ids))
    for note in ("power-iteration", "layer-normalisation", "gradient-accumulation"):
        assert sum(i.startswith(note + ":") for i in ids) >= 3
    assert all(p.values[0] == SAMPLE for p in MUTATIONS if not p.marks)  # the fast ones mutate the cheap note


@pytest.mark.slow
def test_a_layer_norm_edit_fails_with_a_counterexample(tmp_path):
    path = mutate(tmp_path, "layer-normalisation.md", "\\gamma \\odot \\hat{x} + \\beta", "\\gamma \\odot \\hat{x}")
    (note,) = api.check([path]).notes
    (o,) = [o for o in note.outcomes if o.check.id == "matches-numpy"]
    assert o.status == "refuted", o.message
    assert [f.code for f in o.findings] == ["AV401"]
    assert "counterexample" in o.details and "reproduce" in o.details


@pytest.mark.slow
def test_a_power_iteration_overflow_fails_with_a_counterexample(tmp_path):
    path = mutate(tmp_path, "power-iteration.md", "v \\gets w / \\lambda", "v \\gets w \\cdot \\lambda")
    (note,) = api.check([path]).notes
    (o,) = [o for o in note.outcomes if o.check.id == "leading-eigenpair-spd"]
    assert o.status == "refuted", o.message
    assert "AV302" in o.message and "counterexample" in o.details
