"""Fuzzing that stays: hostile notes never make algoverify fail with a traceback, an internal error or a hang."""

from __future__ import annotations

import random

import pytest
from fuzz_cases import case, corrupt, listing, project, write_project
from helpers import budgets
from hypothesis import given, settings
from hypothesis import strategies as st

from algoverify import api

CI_CASES = 3000  # lint cases at CI size (behind `slow`); benchmarks/fuzz_long.py runs 100,000+


def _lint_clean(path):
    result = api.lint([path])
    internal = [f for f in result.all_findings() if f.code == "AV099"]
    assert internal == [], internal[0].details.get("traceback") if internal else ""
    return result


@budgets(fast=CI_CASES // 100, full=CI_CASES)
def test_corrupted_and_generated_notes_lint_without_internal_errors(tmp_path, budget):
    path = tmp_path / "fuzz.md"
    for seed in range(budget):
        path.write_text(case(seed), encoding="utf-8", errors="surrogatepass")
        _lint_clean(path)


@budgets(fast=40, full=1500)
def test_hostile_front_matter_and_files_beside_the_note_lint_and_check_without_internal_errors(tmp_path, budget):
    """Hostile YAML values in the spec, configuration and macro files that are devices, FIFOs, link loops, bombs."""
    for seed in range(budget):
        folder = tmp_path / f"case-{seed}"
        folder.mkdir()
        note = write_project(folder, project(seed))
        _lint_clean(note)
        if seed % 10 == 0:
            report = api.check([note])
            assert [f for f in report.all_findings() if f.code == "AV099"] == []


@budgets(fast=30, full=300)
def test_generated_listings_compile_and_run_without_tracebacks(tmp_path, budget):
    @settings(max_examples=budget, deadline=None)
    @given(st.integers(0, 2**32 - 1))
    def case(seed):
        rng = random.Random(seed)
        path = tmp_path / "gen.md"
        path.write_text("---\ntitle: g\n---\n\n" + listing(rng, size=6), encoding="utf-8", errors="surrogatepass")
        result = _lint_clean(path)
        loaded = api._loaded(result.notes[0])
        for lst in loaded.listings:
            from algoverify.running.interpreter import Budget

            run = lst.run({name: 2.0 for name in _inputs(lst)}, budget=Budget(max_steps=200, max_seconds=1.0))
            assert run.finding is None or run.finding.code != "AV099"

    case()


def _inputs(lst):
    try:
        return lst.inputs
    except Exception as exc:  # noqa: BLE001 - compile errors are located errors, never another exception
        from algoverify.findings import LocatedError

        assert isinstance(exc, LocatedError), repr(exc)
        return ()


@budgets(fast=30, full=300)
def test_any_text_as_a_listing_body(budget):
    from algoverify.findings import LocatedError
    from algoverify.source import Span
    from algoverify.syntax.build import parse_algorithm

    @settings(max_examples=budget, deadline=None)
    @given(st.text(max_size=300))
    def case(text):
        source = "\\begin{algorithmic}\n" + text + "\n\\end{algorithmic}"
        try:
            parse_algorithm(source, Span(0, len(source)))
        except LocatedError:
            pass

    case()


@pytest.mark.parametrize("seed", range(5))
def test_corruption_is_deterministic(seed):
    text = "\\State $x \\gets 1$\n" * 5
    assert corrupt(text, random.Random(seed)) == corrupt(text, random.Random(seed))
