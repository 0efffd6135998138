"""Check kinds, known findings, spec errors, coverage and reproducibility, on small fixture notes.

Fixtures live in ``tests/data/checks/``: for each kind a ``*_pass.md`` whose checks verify and a
``*_fail.md`` whose checks fail, with the helper module ``refs.py`` beside them. Malformed specs are
written to ``tmp_path`` so that each case is one small variation of a valid note.
"""

from __future__ import annotations

import io
import re
import shlex
import shutil
import textwrap
from pathlib import Path

import pytest
from helpers import awaited

from algoverify import api, cli

DATA = Path(__file__).parent / "data" / "checks"


def run(name: str | Path, seed: int = 0) -> api.NoteReport:
    """Check one fixture note and return its report."""
    path = DATA / name if isinstance(name, str) else name
    result = api.check([path], seed=seed)
    assert len(result.notes) == 1
    return result.notes[0]


def outcome(report: api.NoteReport, check_id: str):
    """The outcome of one check, by id."""
    found = [o for o in report.outcomes if o.check.id == check_id]
    assert len(found) == 1, [o.check.id for o in report.outcomes]
    return found[0]


def codes(report: api.NoteReport) -> list[str]:
    return sorted(f.code for f in report.findings)


def findings_of(report: api.NoteReport, code: str) -> list:
    return [f for f in report.findings if f.code == code]


def main(argv: list[str]) -> tuple[int, str]:
    """Run the command line; return its exit status and what it printed."""
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(argv, stdout=out, stderr=err)
    return status, out.getvalue() + err.getvalue()


def reproduce(command: str) -> tuple[int, str]:
    """Run a ``reproduce`` command of a report through ``cli.main``."""
    argv = shlex.split(command)
    assert argv[:2] == ["algoverify", "run"], command
    return main(argv[1:])


def line_col(report: api.NoteReport, finding) -> tuple[int, int]:
    assert finding.span is not None, finding
    return report.note.source.line_col(finding.span.start)


# --- each kind: a passing note and a failing note -------------------------------------------------

PASSING = {
    "reference_pass.md": ["doubles"],
    "property_pass.md": ["square-non-negative"],
    "contract_pass.md": ["sums", "body-runs-n-times"],
    "snippet_pass.md": ["prints-two-thirds"],
    "structure_pass.md": ["flowchart"],
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PASSING), ids=lambda n: n.removesuffix(".md"))
def test_passing_note_verifies_cleanly(name):
    report = run(name)
    assert [o.check.id for o in report.outcomes] == PASSING[name]
    assert [o.status for o in report.outcomes] == ["verified"] * len(PASSING[name])
    assert all(o.ok for o in report.outcomes)
    assert report.findings == []  # no failure, no spec error, nothing unverified
    status, text = main([str(DATA / name)])
    assert status == 0, text
    assert f"{len(PASSING[name])} verified, 0 refuted, 0 refuted as expected, 0 could not check" in text


@pytest.mark.slow
def test_passing_messages_say_what_was_checked():
    proved = "matches double on 5 trials; proved for all real x (every size drawn)"
    assert run("reference_pass.md").outcomes[0].message == proved
    assert run("property_pass.md").outcomes[0].message == r"a^{2} \geq 0 proved for all real a; held on 10 trials"
    assert run("contract_pass.md").outcomes[1].message == "contract held on 5 trials"
    assert run("structure_pass.md").outcomes[0].message.startswith("5 nodes, 5 edges, start A")


def test_reference_fail_shows_inputs_and_a_command_that_reproduces_the_output():
    report = run("reference_fail.md")
    o = outcome(report, "doubles")
    assert o.status == "refuted" and not o.ok
    assert [f.code for f in o.findings] == ["AV401"]
    # expected vs got, with the tolerance
    m = re.search(r"y = \[(\S+)\] but the reference gives \[(\S+)\]", o.message)
    assert m, o.message
    assert float(m.group(1)) == pytest.approx(1.5 * float(m.group(2)))
    # shrunk: a one-element vector with a short value
    assert o.details["counterexample"] == f"n = 1\nx = [{float(m.group(2)) / 2}]"
    # the finding is at the sentence the check backs
    assert line_col(report, o.findings[0]) == (15, 17)
    assert o.findings[0].details["claim"] == "the listing doubles its input"
    # the reproduce command runs the check once: the listing's value beside the reference's, exit 1
    status, text = reproduce(o.details["reproduce"])
    assert status == 1, text
    assert text.startswith(f"y = [{m.group(1)}], expected [{m.group(2)}]\nrefuted: "), text


@pytest.mark.slow
def test_property_fail_shows_the_counterexample_and_both_sides():
    report = run("property_fail.md")
    o = outcome(report, "number-non-negative")
    assert o.status == "refuted"
    assert [f.code for f in o.findings] == ["AV402"]
    assert re.fullmatch(r"a = -\d(\.\d+)?", o.details["counterexample"]), o.details
    value = float(o.details["counterexample"].split(" = ")[1])
    assert rf"a \geq 0 is false (a = {value:g}) " in o.message  # the side "0 = 0" says nothing
    # drawn symbols, no listing: the reproduce command still runs the check on them
    status, text = reproduce(o.details["reproduce"])
    assert status == 1 and f"(a = {value:g})" in text, text
    assert main([str(DATA / "property_fail.md")])[0] == 1


@pytest.mark.slow
def test_contract_fail_reports_a_failed_run_and_a_wrong_count():
    report = run("contract_fail.md")
    assert outcome(report, "reciprocal").status == "verified"
    finishes = outcome(report, "always-finishes")
    assert finishes.status == "refuted"
    assert [f.code for f in finishes.findings] == ["AV403"]
    assert "AV302 division by zero" in finishes.message
    assert finishes.details["counterexample"] == "x = 0"
    # the reproduce command runs the listing into the same failure: exit 1
    status, text = reproduce(finishes.details["reproduce"])
    assert status == 1, text
    assert "AV302" in text and "division by zero" in text

    once = outcome(report, "assigned-once")
    assert once.status == "refuted"
    assert [f.code for f in once.findings] == ["AV403"]
    assert once.message.endswith("x was assigned 2 times, expected 1")
    assert once.details["counterexample"] == "x = 2"
    status, text = reproduce(once.details["reproduce"])
    assert status == 1 and text.endswith("refuted: x was assigned 2 times, expected 1\n"), text
    assert main([str(DATA / "contract_fail.md")])[0] == 1


@pytest.mark.slow
def test_snippet_fail_compares_at_printed_precision():
    report = run("snippet_fail.md")
    o = outcome(report, "prints-two-thirds")
    assert o.status == "refuted"
    assert [f.code for f in o.findings] == ["AV404"]
    assert "quoted 0.668 but the snippet printed 0.667" in o.message
    assert o.details["printed"] == "0.667" and o.details["quoted"] == "0.668"
    assert main([str(DATA / "snippet_fail.md")])[0] == 1


def test_snippet_quote_missing_from_the_prose_is_av407():
    report = run("snippet_quote_missing.md")
    o = outcome(report, "prints-two-thirds")
    assert o.status == "could not check"
    assert [f.code for f in o.findings] == ["AV407"]
    assert "quoted output not found in the note: '0.667'" in o.message
    assert line_col(report, o.findings[0]) == (5, 7)  # the check's entry in the front matter
    assert main([str(DATA / "snippet_quote_missing.md")])[0] == 1


@pytest.mark.slow
def test_claim_missing_from_the_prose_is_av407(tmp_path):
    text = (DATA / "property_pass.md").read_text().replace("a square is never negative:", "squares are fine:")
    (tmp_path / "note.md").write_text(text)
    report = run(tmp_path / "note.md")
    assert outcome(report, "square-non-negative").status == "verified"
    (missing,) = findings_of(report, "AV407")
    assert "claim not found in the note: 'a square is never negative'" in missing.message
    assert main([str(tmp_path / "note.md")])[0] == 1


@pytest.mark.slow
def test_structure_fail_names_the_unreachable_node():
    report = run("structure_fail.md")
    o = outcome(report, "flowchart")
    assert o.status == "refuted"
    assert [f.code for f in o.findings] == ["AV405"]
    assert "node X cannot be reached from the start A" in o.message
    assert "node X cannot be reached" in o.details["problems"]
    assert line_col(report, o.findings[0]) == (17, 5)  # at the orphan's line in the chart
    assert main([str(DATA / "structure_fail.md")])[0] == 1


# --- known findings: like a strict xfail -----------------------------------------------------------

@pytest.mark.slow
def test_known_finding_refuted_passes_and_keeps_the_counterexample():
    report = run("known_refuted.md")
    o = outcome(report, "number-non-negative")
    assert o.status == "refuted as expected" and o.ok
    assert report.findings == []
    assert o.details["counterexample"].startswith("a = -")
    status, text = main([str(DATA / "known_refuted.md")])
    assert status == 0, text
    assert "refuted as expected" in text and "known: negative numbers exist" in text and "counterexample: a = -" in text
    assert "0 verified, 0 refuted, 1 refuted as expected, 0 could not check" in text


def test_known_finding_whose_claim_holds_fails_with_av406():
    report = run("known_holds.md")
    o = outcome(report, "square-non-negative")
    # the claim itself is verified; the stale `known:` mark is the spec's error, and fails the run
    assert o.status == "verified"
    assert [f.code for f in o.findings] == ["AV406"]
    assert "marked known (squares are negative) but the claim now holds" in o.findings[0].message
    assert main([str(DATA / "known_holds.md")])[0] == 1


# --- malformed specs: located AV501 findings, never a crash ----------------------------------------

VALID_ENTRY = """\
    - id: first
      kind: property
      draw: {a: "randn()"}
      holds: 'a^{2} \\geq 0'
"""


def spec_note(checks_yaml: str) -> str:
    return f"---\ntitle: t\nalgoverify:\n  checks:\n{checks_yaml}---\n\nProse.\n"


# (checks, message, where): each problem is located at the key it concerns (the first `where` after
# the last `- id: HERE`), a missing key at the entry; the entry's own `id` key for a duplicate id
MALFORMED = [
    pytest.param(VALID_ENTRY + "    - id: HERE\n      kind: refrence\n      listing: 1\n",
                 "unknown kind 'refrence' (did you mean reference?)", "kind:", id="unknown-kind"),
    pytest.param(VALID_ENTRY + "    - id: HERE\n      kind: reference\n      listing: 1\n",
                 "a reference check needs reference", "id: HERE", id="missing-key"),
    pytest.param(VALID_ENTRY + "    - id: HERE\n      kind: property\n      trials: 0\n      holds: '1 = 1'\n",
                 "trials must be a positive integer up to 100,000, got 0", "trials:", id="trials-0"),
    pytest.param(VALID_ENTRY + "    - id: HERE\n      kind: property\n      holds: '1 = 1'\n      holdz: '2 = 2'\n",
                 "unknown key holdz for a property check (did you mean holds?)", "holdz:", id="unknown-key"),
    pytest.param(VALID_ENTRY + "    - id: HERE\n      kind: property\n      draw: randn()\n      holds: '1 = 1'\n",
                 "draw must be a mapping NAME → a number, a list or a generator call, got 'randn()'", "draw:",
                 id="draw-not-a-mapping"),
    pytest.param(VALID_ENTRY.replace("id: first", "id: HERE") + VALID_ENTRY.replace("id: first", "id: HERE"),
                 "check id 'HERE' is used twice", "id: HERE", id="duplicate-id"),
    pytest.param("    HERE: 1\n", "checks must be a list of checks", "checks:", id="checks-not-a-list"),
]


@pytest.mark.slow
@pytest.mark.parametrize("checks_yaml, message, where", MALFORMED)
def test_malformed_spec_is_av501_at_its_key(tmp_path, checks_yaml, message, where):
    # changed with the spec schema (issue 10): a problem is located at its key, no longer at the entry
    text = spec_note(checks_yaml)
    path = tmp_path / "note.md"
    path.write_text(text)
    report = run(path)
    (finding,) = findings_of(report, "AV501")
    assert message in finding.message
    after = text.rfind("- id: HERE")
    at = text.index(where, after) if after >= 0 and where != "checks:" else text.index(where)
    line = text.count("\n", 0, at) + 1
    col = at - text.rfind("\n", 0, at)
    assert line_col(report, finding) == (line, col)
    # the valid entry before it still runs
    if "first" in text:
        assert [o.check.id for o in report.outcomes] == ["first"]
    status, _ = main([str(path)])
    assert status == 1


def test_checks_not_a_list_is_located_at_checks_key(tmp_path):
    text = "---\ntitle: t\nalgoverify:\n  seed: 3\n  trials: 5\n  checks: all of them\n---\n\nProse.\n"
    (tmp_path / "note.md").write_text(text)
    report = run(tmp_path / "note.md")
    (finding,) = findings_of(report, "AV501")
    assert line_col(report, finding)[0] == 6


# --- spec references and modules: AV502, AV503, AV408 ---------------------------------------------

def _variant(tmp_path: Path, source: str, old: str, new: str, modules=("refs.py", "broken.py")) -> Path:
    text = (DATA / source).read_text()
    assert text.count(old) == 1, old
    for m in modules:
        shutil.copy(DATA / m, tmp_path / m)
    path = tmp_path / source
    path.write_text(text.replace(old, new))
    return path


def ref_error(source, old, new, code, message, ident):
    return pytest.param(source, old, new, code, message, id=ident)


REFERENCE_ERRORS = [
    ref_error("reference_pass.md", "listing: 1", "listing: 3", "AV502", "listing 3 does not exist",
              "missing-listing"),
    ref_error("reference_pass.md", "listing: 1", "listing: Nonesuch", "AV502",
              "no listing named or captioned 'Nonesuch'; the note's listings: 1 'Scale a vector'",
              "unknown-listing-name"),
    ref_error("snippet_pass.md", "block: 1", "block: 2", "AV502", "block 2: the note has 1 python block(s)",
              "missing-block"),
    ref_error("structure_pass.md", "block: 1", "block: 2", "AV502", "block 2: the note has 1 mermaid block(s)",
              "missing-flowchart"),
    ref_error("property_pass.md", "equation: 1", "equation: 2", "AV502", "equation 2: the note has 1 math block(s)",
              "missing-equation"),
    ref_error("reference_pass.md", "reference: double", "reference: halve", "AV502",
              "halve is not a function of the note's module", "missing-reference-function"),
    ref_error("reference_pass.md", 'x: "randn(n)"', 'x: "randn(n"', "AV502", "input x: cannot read value 'randn(n'",
              "bad-generator-call"),
    ref_error("reference_pass.md", 'x: "randn(n)"', 'x: "randnn(n)"', "AV502",
              "input x: unknown generator 'randnn' (did you mean randn?)", "unknown-generator"),
    ref_error("reference_pass.md", "reference: double", "reference: raises", "AV408", "ValueError: boom",
              "reference-raises"),
]


@pytest.mark.slow
@pytest.mark.parametrize("source, old, new, code, message", REFERENCE_ERRORS)
def test_check_naming_what_does_not_exist_cannot_run(tmp_path, source, old, new, code, message):
    path = _variant(tmp_path, source, old, new)
    report = run(path)
    (o,) = report.outcomes
    assert o.status == "could not check" and not o.ok
    assert code in [f.code for f in o.findings]
    (finding,) = [f for f in o.findings if f.code == code]
    assert message in finding.message
    if code == "AV502":
        # changed with the spec schema (issue 10): at the key that names what is missing, no longer the entry
        # (`x` inside `inputs: {…}` for an input)
        key = new.split(":")[0]
        text = path.read_text()
        at = text.index(key + ":", text.index("inputs:") if key == "x" else 0)
        assert line_col(report, finding) == (text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at))
    else:
        assert line_col(report, finding) == (line_of(path, "- id:"), 7)  # the check's entry
    assert main([str(path)])[0] == 1


def line_of(path: Path, needle: str) -> int:
    text = path.read_text()
    return text.count("\n", 0, text.index(needle)) + 1


@pytest.mark.slow
@pytest.mark.parametrize("module, message", [("nope.py", "no such file"),
                                             ("broken.py", "RuntimeError: this module is broken on purpose")],
                         ids=["missing-module", "module-raises"])
def test_module_problems_are_av503(tmp_path, module, message):
    path = _variant(tmp_path, "reference_pass.md", "module: refs.py", f"module: {module}")
    report = run(path)
    (finding,) = findings_of(report, "AV503")
    assert message in finding.message and module in finding.message
    assert line_col(report, finding)[0] == line_of(path, "module:")
    # changed with issue 20 (item 6): each check is counted as could not check, the error said once
    assert report.outcomes and {o.status for o in report.outcomes} == {"could not check"}
    assert main([str(path)])[0] == 1


# --- coverage: unverified blocks are warnings (errors with --strict) --------------------------------

def test_unverified_blocks_are_warnings(tmp_path):
    path = tmp_path / "note.md"
    path.write_text(textwrap.dedent(r"""
        ---
        title: "Nothing checked"
        algoverify:
          checks: []
        ---

        \begin{algorithm}[H]
        \caption{Scale a vector}
        \begin{algorithmic}[1]
        \Require vector \(x\)
        \State \(y \gets 2 x\)
        \Return \(y\)
        \end{algorithmic}
        \end{algorithm}

        Property.

        \[
        a^{2} \geq 0
        \]

        ```python
        print(1)
        ```

        ```mermaid
        flowchart TD
            A[Start] --> B[End]
        ```
        """).lstrip())
    report = run(path)
    assert report.outcomes == []
    assert codes(report) == ["AV601", "AV602", "AV603", "AV603"]
    assert all(f.severity.value == "warning" for f in report.findings)
    by_code = {f.code: f for f in report.findings}
    assert line_col(report, by_code["AV601"])[0] == 7
    assert line_col(report, by_code["AV602"])[0] == 18
    assert sorted(f.message for f in findings_of(report, "AV603")) == ["mermaid block 1 has no check",
                                                                      "python block 1 has no check"]
    assert main([str(path)])[0] == 0
    assert main([str(path), "--strict"])[0] == 1
    assert main(["check", str(path), "--strict"])[0] == 1


@pytest.mark.slow
def test_a_snippet_whose_functions_a_check_calls_is_covered(tmp_path):
    path = tmp_path / "note.md"
    entry = (
        "    - id: c\n      kind: property\n      snippet: 2\n      draw: {x: \"randn()\"}\n      holds: 'f(x) = 2 x'\n"
    )
    block = "```python\ndef f(x):\n    return 2 * x\n```\n"
    path.write_text(f"---\ntitle: t\nalgoverify:\n  checks:\n{entry}---\n\nProse.\n\n{block}\n{block}")
    report = run(path)
    # block 2 is the check's subject; block 1 is checked by nothing
    assert [f.message for f in findings_of(report, "AV603")] == ["python block 1 has no check"]


@pytest.mark.slow
def test_a_covered_note_has_no_coverage_warning_even_when_a_check_fails():
    for name in ("reference_fail.md", "property_fail.md", "snippet_fail.md", "structure_fail.md", "contract_fail.md"):
        assert not [c for c in codes(run(name)) if c.startswith("AV6")], name


# --- reproducibility ------------------------------------------------------------------------------

def _snapshot(seed: int) -> list[tuple]:
    result = api.check([DATA], seed=seed)
    out = []
    for note in result.notes:
        for o in note.outcomes:
            # a snippet's message carries its duration; see test_snippet_message_is_deterministic
            message = re.sub(r"\(\d+\.\d+ s\)", "(… s)", o.message)
            out.append((note.path.name, o.check.id, o.status, message,
                        o.details.get("counterexample"), o.details.get("reproduce")))
        out.extend((note.path.name, f.code, f.message) for f in note.findings)
    return out


@pytest.mark.slow
def test_same_seed_gives_identical_outcomes():
    first, second = _snapshot(3), _snapshot(3)
    assert first == second
    assert any(row[2] == "refuted" and row[4] for row in first)  # counterexamples are compared too


@pytest.mark.slow
def test_same_seed_through_the_command_line():
    argv = [str(DATA / "property_fail.md"), str(DATA / "reference_fail.md"), "--seed", "11", "--format", "json"]
    (s1, t1), (s2, t2) = main(argv), main(argv)
    assert s1 == s2 == 1
    strip = lambda t: re.sub(r'"seconds": [0-9.e-]+', "", t)  # noqa: E731
    assert strip(t1) == strip(t2)


@pytest.mark.slow
def test_the_seed_changes_the_draws(tmp_path):
    # a claim sympy can offer no point for (tr is not lowered): the failing trial is a draw of the seed's
    path = tmp_path / "note.md"
    path.write_text(
        "---\ntitle: t\nalgoverify:\n  checks:\n    - id: c\n      kind: property\n      trials: 10\n"
        "      draw: {X: \"randn(2, 2)\"}\n      holds: '\\operatorname{tr}(X) \\geq 0'\n---\n\nProse.\n"
    )
    messages = {api.check([path], seed=s).notes[0].outcomes[0].message for s in range(4)}
    assert len(messages) > 1


def test_snippet_message_is_deterministic():
    message = run("snippet_pass.md").outcomes[0].message
    assert not re.search(r"\d+\.\d+ s\)", message), message  # a duration: differs from run to run


# --- bugs found while writing these tests ---------------------------------------------------------

def test_reproduce_command_keeps_the_check_budget():
    o = outcome(run("budget.md"), "counts-down")
    assert o.status == "refuted" and "AV301 did not terminate" in o.message
    status, text = reproduce(o.details["reproduce"])
    assert status == 1, text


def test_shrunk_counterexample_stays_in_the_declared_range():
    o = outcome(run("shrink_range.md"), "at-least-five")
    assert o.status == "refuted"
    x = int(o.details["counterexample"].split(" = ")[1])
    assert 3 <= x <= 6


def test_failing_check_over_exponent_literals_reports_a_counterexample():
    report = run("shrink_exponent.md")
    o = outcome(report, "not-tiny")
    assert o.status == "refuted", o.message
    assert [f.code for f in o.findings] == ["AV402"]
    assert float(o.details["counterexample"].split(" = ")[1]) < 1e-3


def test_shrinking_keeps_the_original_failure():
    o = outcome(run("shrink_sizes.md"), "inner-product")
    assert o.status == "refuted"
    assert "AV305" not in o.message and "shape mismatch" not in o.message


def test_overflow_in_a_loop_condition_is_a_located_finding():
    status, text = main(["run", str(DATA / "overflow.md"), "--set", "x=[10,10]"])
    assert status == 1 and "internal error" not in text
    o = outcome(run("overflow.md"), "stops")
    assert o.status == "refuted"
    assert [f.code for f in o.findings] == ["AV403"]
    assert "AV302" in o.message


CORPUS = Path(__file__).resolve().parents[1] / "corpus"


@pytest.mark.slow
@pytest.mark.parametrize("seed", [
    1,
    pytest.param(3),
    pytest.param(2),
])
def test_another_seed_still_verifies_the_corpus(seed):
    result = api.check([CORPUS], seed=seed)
    bad = [(n.path.name, o.check.id, o.status, o.message) for n in result.notes for o in n.outcomes if not o.ok]
    assert bad == []
    assert not [f for f in result.all_findings() if not awaited(f, result.sources)]


# --- found by a new user's notes ------------------------------------------------------------------

NUMPY_REFERENCE = r"""---
title: square root
algoverify:
  checks:
    - id: sqrt
      kind: reference
      listing: 1
      reference: numpy.sqrt
      inputs: {a: "uniform(1, 100)"}
      rtol: 1e-9
---
\begin{algorithmic}
\Require \(a > 0\)
\State \(x \gets a\)
\For{\(k = 1, \dots, 60\)}
  \State \(x \gets (x + a / x) / 2\)
\EndFor
\State \Return \(x\)
\end{algorithmic}
"""


def test_a_numpy_reference_takes_the_inputs_by_position(tmp_path):
    # numpy.sqrt(a=…) is a TypeError: numpy's functions do not know the listing's names
    path = tmp_path / "newton.md"
    path.write_text(NUMPY_REFERENCE)
    o = outcome(run(path), "sqrt")
    assert o.status == "verified", o.message
    wrong = tmp_path / "wrong.md"
    wrong.write_text(NUMPY_REFERENCE.replace(r"(x + a / x) / 2", r"(x + a / x) / 3"))
    assert outcome(run(wrong), "sqrt").status == "refuted"


SHORTEST_PATHS = r"""---
title: relaxation
algoverify:
  module: paths.py
  checks:
    - id: one-pass
      kind: reference
      listing: 1
      reference: exact
      inputs: {W: "distances(4)"}
---
\begin{algorithmic}
\Require \(W \in \mathbb{R}^{n \times n}\)
\State \(d_1 \gets 0\)
\For{\(j = 2, \dots, n\)}
  \State \(d_j \gets W_{1,j}\)
\EndFor
\For{\(j = 2, \dots, n\)}
  \State \(d_j \gets d_{j-1} + W_{j-1,j}\)
\EndFor
\State \Return \(d\)
\end{algorithmic}
"""

PATHS_MODULE = '''
import numpy as np
from algoverify import register_generator


@register_generator()
def distances(rng, n):
    """Edge weights of a chain, with no direct edge (infinity) from the first node past the second."""
    w = np.full((n, n), np.inf)
    for j in range(1, n):
        w[j - 1, j] = float(rng.integers(1, 5))
    w[0, n - 1] = float(rng.integers(1, 3)) if n > 2 else w[0, n - 1]
    return w


def exact(W):
    n = len(W)
    d = np.full(n, np.inf)
    d[0] = 0.0
    for _ in range(n):
        for i in range(n):
            for j in range(n):
                d[j] = min(d[j], d[i] + W[i, j])
    return d
'''


def test_a_shrunk_counterexample_keeps_infinite_entries(tmp_path):
    # rounding an infinite weight to fewer digits once made it NaN: a counterexample that was
    # not one, and a reproduce command that could not be run
    (tmp_path / "paths.py").write_text(PATHS_MODULE)
    path = tmp_path / "paths.md"
    path.write_text(SHORTEST_PATHS)
    o = outcome(run(path), "one-pass")
    assert o.status == "refuted", o.message
    example = o.details["counterexample"]
    assert "inf" in example and "nan" not in example, example
    status, text = reproduce(o.details["reproduce"])
    assert status == 1 and "nan" not in text, text  # the check on those values: refuted again


HOLDS_TYPO = """---
title: "A typo in holds"
algoverify:
  checks:
    - id: p
      kind: property
      draw: {x: "uniform(0, 1)"}
      holds: 'x - x = z'
---

Zero is zero.
"""


def test_an_error_inside_holds_is_located_at_the_key_not_at_the_notes_start(tmp_path):
    # the LaTeX's own offsets count from its string: once reported inside `title:`
    path = tmp_path / "typo.md"
    path.write_text(HOLDS_TYPO)
    report = run(path)
    (finding,) = [f for f in report.findings if f.code == "AV303"]
    assert line_col(report, finding) == (8, 7)
    assert outcome(report, "p").status == "could not check"


HORNER = r"""---
title: Horner
algoverify:
  checks:
    - id: n-multiplications
      kind: contract
      listing: 1
      inputs: {m: "integers(1, 8)", a: "randn(m)", x: "uniform(-2, 2)"}
      expect:
        runs: {"y \\gets a_i + x y": "n - 1"}
        assigned: {y: "n"}
---
\begin{algorithmic}
\Require coefficients \(a \in \mathbb{R}^{n}\), point \(x\)
\State \(y \gets a_n\)
\For{\(i = n - 1, \dots, 1\)}
  \State \(y \gets a_i + x y\)
\EndFor
\State \Return \(y\)
\end{algorithmic}
"""


@pytest.mark.slow
def test_a_contract_count_may_name_a_size_the_inputs_imply(tmp_path):
    # n is never drawn: it is the length of a, as the \Require says
    path = tmp_path / "horner.md"
    path.write_text(HORNER)
    o = outcome(run(path), "n-multiplications")
    assert o.status == "verified", o.message
    wrong = tmp_path / "wrong.md"
    wrong.write_text(HORNER.replace('"n - 1"', '"n"'))
    assert outcome(run(wrong), "n-multiplications").status == "refuted"


def test_a_claim_may_start_a_sentence_the_prose_continues(tmp_path):
    # "A square is never negative" quoted from "… a square is never negative": the same claim
    text = (DATA / "property_pass.md").read_text()
    text = text.replace('claim: "a square is never negative"', 'claim: "A square is never negative"')
    assert 'claim: "A square' in text
    (tmp_path / "note.md").write_text(text)
    report = run(tmp_path / "note.md")
    assert not findings_of(report, "AV407")
    o = outcome(report, "square-non-negative")
    assert report.note.source.line_col(o.claim_span.start) == (14, 33)
    wrong = tmp_path / "wrong.md"
    wrong.write_text(text.replace('claim: "A square is never negative"', 'claim: "A sQuare is never negative"'))
    assert findings_of(run(wrong), "AV407")


TINY_BOUND = """---
title: "A bound below the default tolerance"
algoverify:
  checks:
    - id: tiny
      kind: property
      draw: {x: "uniform(0, 1)"}
      holds: '1.4 \\cdot 10^{-10} \\le 10^{-10}'
---

Text.
"""


@pytest.mark.parametrize(
    "extra, status, flagged",
    [("", "verified", True), ("      atol: 0\n      rtol: 0\n", "refuted", False)],
    ids=["default tolerance", "exact"],
)
def test_a_bound_the_default_tolerance_swamps_is_flagged(tmp_path, extra, status, flagged):
    # a new user's false claim `\\le 10^{-10}` was verified through the default atol of 1e-9
    path = tmp_path / "tiny.md"
    path.write_text(TINY_BOUND.replace("---\n\nText", extra + "---\n\nText"))
    report = run(path)
    o = outcome(report, "tiny")
    assert o.status == status
    if status == "refuted":  # the tolerance it was judged with is said out loud
        assert o.message.endswith("[rtol 0, atol 0]"), o.message
    found = findings_of(report, "AV410")
    assert bool(found) == flagged
    if flagged:
        assert line_col(report, found[0]) == (8, 7) and "values up to 1.1e-09 would pass" in found[0].message


@pytest.mark.slow
def test_the_corpus_has_no_vacuous_bound():
    result = api.check([Path(__file__).resolve().parents[1] / "corpus"])
    assert not [f for f in result.all_findings() if f.code == "AV410"]


DIGITS = """---
title: digits
algoverify:
  module: digits.py
  checks:
    - id: twelve-places
      kind: reference
      listing: 1
      reference: rounded
      inputs: {x: "uniform(0, 1)"}
      rtol: 0
      atol: 0
---
\\begin{algorithmic}
\\Require $x$
\\State \\Return $x$
\\end{algorithmic}
"""


def test_a_counterexample_prints_the_digits_that_make_it_fail(tmp_path):
    # printed to 12 places, a counterexample that fails only past the 12th did not reproduce
    (tmp_path / "digits.py").write_text("def rounded(x):\n    return round(x, 12)\n")
    path = tmp_path / "digits.md"
    path.write_text(DIGITS)
    o = outcome(run(path), "twelve-places")
    assert o.status == "refuted", o.message
    printed = float(o.details["counterexample"].split(" = ")[1])
    assert printed != round(printed, 12)  # the printed input still fails
    assert f"--set x={printed!r}" in o.details["reproduce"]
