"""Proofs kept by content: the same claim in another note, or moved in its own, is not proved again.

A proof's entry is named by what the attempt reads (the relation, the draws, the listing's IR
without positions, the module's source) and never by the check's id, claim or place; changing
any of what it reads is a miss. ``prove: false`` (a check's, or the project's) skips the attempt;
``--no-cache`` turns off both caches, ``--no-note-cache`` and ``--no-proof-cache`` one each.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pytest

from algoverify import api
from algoverify.checking.evidence import proof
from algoverify.checking.evidence.proofcache import ProofCache, content
from algoverify.checking.specification.spec import CheckSpec
from algoverify.cli import main
from algoverify.math import mathexpr as M
from algoverify.source import Span

CLAIM = r"(a + b)^{2} = a^{2} + 2 a b + b^{2}"


def _note(
    check_id: str = "square",
    holds: str = CLAIM,
    draw: str = '{a: "randn()", b: "randn()"}',
    extra: str = "",
    claim: str = "the square of a sum",
):
    return (
        "---\ntitle: t\nalgoverify:\n  checks:\n"
        f"    - id: {check_id}\n      kind: property\n      trials: 5\n"
        f"      claim: \"{claim}\"\n      draw: {draw}\n      holds: '{holds}'\n{extra}"
        f"---\n\nThe prose says that {claim} expands:\n\n$$\n{CLAIM}\n$$\n"
    )


LISTING_NOTE = """\
---
algoverify:
  checks:
    - id: doubles
      kind: property
      listing: 1
      trials: 5
      inputs: {{n: "integers(1, 3)", x: "randn(n)"}}
      holds: 'y = 2 x'
---
{above}
\\begin{{algorithmic}}
\\Require vector \\(x\\)
\\State \\(y \\gets {body}\\)
\\Return \\(y\\)
\\end{{algorithmic}}
"""


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A project root (its config marks it) with a notes folder; the caches allowed."""
    monkeypatch.delenv("ALGOVERIFY_NO_CACHE", raising=False)
    (tmp_path / "algoverify.toml").write_text("")
    (tmp_path / "notes").mkdir()
    return tmp_path


def _proofs(result) -> list[dict]:
    return [o.details.get("proof") for report in result.notes for o in report.outcomes]


def _check(project: Path, **options):
    return api.check([project / "notes"], isolate=False, proof_cache=True, **options)


def _entries(project: Path) -> list[Path]:
    return sorted((project / ".algoverify_cache" / "proofs").rglob("*.json"))


def test_a_claim_proved_in_one_note_is_read_back_in_another_named_and_placed_differently(project, monkeypatch):
    (project / "notes" / "a.md").write_text(_note())
    first = _proofs(_check(project))
    assert first[0]["status"] == "proved" and "cached" not in first[0]
    assert len(_entries(project)) == 1
    (project / "notes" / "a.md").unlink()
    (project / "notes" / "b.md").write_text(_note(check_id="expanded", claim="a sum, squared, as a reader expands it"))

    def never(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        raise AssertionError("the proof ran again")

    monkeypatch.setattr(proof, "_settled", never)
    second = _proofs(_check(project))
    assert second[0]["cached"] is True
    assert (second[0]["status"], second[0]["scope"]) == (first[0]["status"], first[0]["scope"])


@pytest.mark.parametrize(
    "changed",
    [
        {"holds": r"(a + b)^{2} = a^{2} + 2 a b + b^{2} + 0 a"},  # another relation, however equal
        {"draw": '{a: "uniform(0, 1)", b: "randn()"}'},  # another class
        {"extra": "      let: {c: 'a'}\n"},  # another definition the relation could read
    ],
    ids=["relation", "class", "let"],
)
def test_changing_what_the_proof_reads_is_a_miss(project, changed):
    (project / "notes" / "a.md").write_text(_note())
    _check(project)
    (project / "notes" / "a.md").write_text(_note(**changed))
    (found,) = _proofs(_check(project))
    assert "cached" not in found and len(_entries(project)) == 2


def test_a_listing_moved_down_keeps_its_proof_and_an_edited_one_does_not(project):
    path = project / "notes" / "l.md"
    path.write_text(LISTING_NOTE.format(above="", body="2 x"))
    (first,) = _proofs(_check(project))
    assert first["status"] == "proved"
    path.write_text(LISTING_NOTE.format(above="\nThe listing doubles its input.\n", body="2 x"))
    (moved,) = _proofs(_check(project))
    assert moved.get("cached") is True
    path.write_text(LISTING_NOTE.format(above="", body="x + x"))
    (edited,) = _proofs(_check(project))
    assert "cached" not in edited and edited["status"] == "proved"


def test_a_disproofs_counterexample_comes_back_as_the_draws_gave_it(tmp_path):
    check = CheckSpec(
        "c", "property", Span(0, 0), params={"draw": {"n": "integers(2, 3)", "x": "randn(n)"}, "holds": r"x_1 = x_2"}
    )
    cache = ProofCache(tmp_path)
    fresh = proof.prove(check, seconds=60.0, cache=cache)
    kept = proof.prove(check, seconds=60.0, cache=cache)
    assert fresh.status == kept.status == proof.DISPROVED and kept.cached and not fresh.cached
    before, after = dict(fresh.counterexample), dict(kept.counterexample)
    assert before.keys() == after.keys() and before["n"] == after["n"]
    assert isinstance(after["x"], np.ndarray) and np.array_equal(before["x"], after["x"])


def test_an_entry_that_does_not_read_back_is_a_miss_and_is_written_again(tmp_path):
    check = CheckSpec("c", "property", Span(0, 0), params={"draw": {"a": "randn()"}, "holds": "a + a = 2 a"})
    cache = ProofCache(tmp_path)
    proof.prove(check, seconds=60.0, cache=cache)
    (entry,) = (tmp_path / ".algoverify_cache" / "proofs").rglob("*.json")
    entry.write_text("{not json")
    again = proof.prove(check, seconds=60.0, cache=cache)
    assert again.status == proof.PROVED and not again.cached
    assert json.loads(entry.read_text())["status"] == proof.PROVED


def test_what_an_attempt_says_about_the_run_is_not_kept(tmp_path, monkeypatch):
    check = CheckSpec("c", "property", Span(0, 0), params={"draw": {"a": "randn()"}, "holds": "a + a = 2 a"})
    monkeypatch.setattr(proof.threading, "current_thread", lambda: object())  # not the main thread: no timer
    found = proof.prove(check, cache=ProofCache(tmp_path))
    assert found.why == "no timer can cut a proof off here"
    assert not list(tmp_path.rglob("*.json"))


def test_content_drops_positions_and_keeps_meaning():
    one = M.parse_math("a + b", base=0)
    moved = M.parse_math("a + b", base=40)
    other = M.parse_math("a - b", base=0)
    assert content(one) == content(moved) != content(other)
    assert json.dumps(content({"s": {3, 1, 2}, "f": 0.1, "x": np.arange(2.0)}))  # plain JSON


@pytest.mark.parametrize(
    ("config", "own", "attempted"),
    [
        ("", "", True),
        ("", "      prove: false\n", False),
        ("prove = false\n", "", False),
        ("prove = false\n", "      prove: true\n", True),
    ],
    ids=["default", "check-off", "project-off", "check-on-over-project"],
)
def test_prove_false_leaves_the_claim_to_the_trials(project, config, own, attempted):
    (project / "algoverify.toml").write_text(config)
    (project / "notes" / "a.md").write_text(_note(extra=own))
    result = api.check([project / "notes"], isolate=False)
    (report,) = result.notes
    (outcome,) = report.outcomes
    assert outcome.status == "verified" and {f.code for f in report.findings} <= {"AV602"}  # the display: no check
    assert ("proof" in outcome.details) is attempted


def _cli(project: Path, *options: str) -> dict:
    out = io.StringIO()
    main(["check", str(project / "notes"), "--no-progress", "--no-isolation", "--format", "json", *options], stdout=out)
    return json.loads(out.getvalue())


def _replayed(doc: dict) -> tuple[bool, bool]:
    """Whether the note was replayed, and whether its proof was read back from the proof cache."""
    (note,) = doc["notes"]
    (check,) = doc["checks"]
    return note["cached"], check["details"]["proof"].get("cached", False)


def test_each_cache_has_its_own_switch_and_no_cache_turns_off_both(project):
    (project / "notes" / "a.md").write_text(_note())
    assert _replayed(_cli(project, "--no-proof-cache")) == (False, False)
    assert not _entries(project) and list((project / ".algoverify_cache" / "notes").rglob("*.json"))
    assert _replayed(_cli(project, "--no-proof-cache")) == (True, False)
    assert _replayed(_cli(project, "--no-note-cache")) == (False, False)
    assert len(_entries(project)) == 1
    assert _replayed(_cli(project, "--no-note-cache")) == (False, True)
    assert _replayed(_cli(project, "--no-cache")) == (False, False)


def test_a_proof_read_back_says_so_in_the_text_report():
    from algoverify.reporting.text import proof_text

    assert (
        proof_text({"status": "proved", "scope": "for all real a", "seconds": 0.5}) == "proved for all real a in 0.50 s"
    )
    shown = proof_text({"status": "proved", "scope": "for all real a", "seconds": 0.5, "cached": True})
    assert shown == "proved for all real a (from the proof cache)"


def test_the_help_names_the_caches_each_switch_turns_off(capsys):
    main(["check", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "turn off both caches" in shown and "the notes' results and the proofs" in shown
    assert "--no-note-cache" in shown and "--no-proof-cache" in shown
