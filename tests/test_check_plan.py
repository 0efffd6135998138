r"""A check's spec compiled once (issue 22, item 5): its formulas parsed when the spec is read.

Validation, lint's fit of a check to its listing, the trials, the proof and the report read the
check's plan; none of them asks the math parser for a formula of the spec again.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from helpers import MEAN_INPUTS as INPUTS
from helpers import RUNNING_MEAN as MEAN
from helpers import property_spec, prose_note

from algoverify import api
from algoverify.checking.specification.plan import latex_values
from algoverify.checking.specification.spec import read_spec
from algoverify.findings import LocatedError
from algoverify.math import mathexpr as M
from algoverify.reading.notes import read_note

ROOT = Path(__file__).resolve().parents[1]

CLAIM = "The mean lies between the smallest and the largest value."


def test_each_formula_is_parsed_once_and_kept_with_its_key(tmp_path):
    spec = property_spec(CLAIM, INPUTS, r"\min_i x_i \le m \le u", given=r"N \ge 1", let=r"{u: '\max_i x_i'}")
    note = prose_note(tmp_path, CLAIM, MEAN, spec)
    (check,) = read_spec(read_note(note)).checks
    plan = check.plan
    assert plan is check.plan  # compiled once per check, not per reader
    assert {f.path: f.latex for f in plan.formulas.values()} == {
        ("given",): r"N \ge 1",
        ("let", "u"): r"\max_i x_i",
        ("holds",): r"\min_i x_i \le m \le u",
    }
    text = note.read_text()
    for formula in plan.formulas.values():
        # the span is the key's own place in the front matter, where a problem with it is shown
        assert formula.span == check.at(*formula.path)
        assert text[formula.span.start : formula.span.end].startswith(formula.path[-1])
        assert isinstance(formula.read(), M.MathNode)
    assert isinstance(plan.tree(r"\min_i x_i \le m \le u"), M.Rel)


def test_a_formula_that_does_not_parse_keeps_its_error_and_is_reported_at_its_key(tmp_path):
    note = tmp_path / "note.md"
    spec = property_spec(CLAIM, INPUTS, r"m \le \max_i {x_i")
    note.write_text(
        f"---\nalgoverify:\n{spec}---\n\n{CLAIM}\n\n\\begin{{algorithmic}}\n{MEAN.strip()}\n\\end{{algorithmic}}\n"
    )
    (check,) = read_spec(read_note(note)).checks
    (formula,) = check.plan.formulas.values()
    assert formula.tree is None and formula.error is not None
    for _ in range(2):  # raised anew each time, with the parser's rule
        with pytest.raises(LocatedError) as raised:
            formula.read()
        assert raised.value.rule.code in ("AV201", "AV203")
    (finding,) = [f for f in api.lint([note]).all_findings() if f.code == "AV502"]
    assert note.read_text()[finding.span.start :].startswith("holds:") and "cannot read" in finding.message


@pytest.mark.parametrize("name", ["cross-entropy-convexity", "gram-matrix-psd", "power-iteration"])
def test_a_check_run_never_parses_the_spec_again(monkeypatch, name):
    """Trials, proofs, witnesses and reports of the corpus's checks read the plan, not the text."""
    path = ROOT / "corpus" / f"{name}.md"
    formulas = {latex for check in read_spec(read_note(path)).checks for _, latex in latex_values(check)}
    assert formulas
    asked: list[tuple[str, str]] = []
    parse = M.parse_math

    def counting(latex: str, base: int = 0):
        if latex in formulas:
            frame, callers = sys._getframe(1), []
            while frame is not None:
                callers.append(frame.f_code.co_name)
                frame = frame.f_back
            if "compile_plan" not in callers:
                asked.append((latex, Path(sys._getframe(1).f_code.co_filename)))
        return parse(latex, base)

    monkeypatch.setattr(M, "parse_math", counting)
    result = api.check([path], isolate=False, trials=8, seed=0)
    assert {o.status for n in result.notes for o in n.outcomes} <= {"verified", "refuted as expected"}
    # the note's own math may hold the same text (a listing's `n`, read by lint and the compiler):
    # the phase that reads the spec is held to it, lint's fit of a check to its listing with it
    checking = ROOT / "algoverify" / "checking"
    readers = [
        checking / "kinds",
        checking / "evidence",
        checking / "specification",
        checking / "lint" / "check_fit.py",
    ]
    assert [(latex, f.name) for latex, f in asked if any(f.is_relative_to(r) for r in readers)] == []
