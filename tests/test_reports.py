"""The reports: the text said once per check, JSON against its shipped schema, SARIF against OASIS's, GitHub, JUnit.

One run over the check fixtures (every kind, passing and failing, a known finding, a stale one,
a check that could not check) is rendered in every format; each test reads one format against
the outcomes the run itself holds, so no result is written down here twice.
"""

from __future__ import annotations

import io
import json
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from algoverify import api, cli, reporting
from algoverify.checking.outcome import CANNOT, KNOWN, REFUTED, VERDICTS, VERIFIED
from algoverify.findings import RULES, Finding, PropertyFails, Severity, UnknownMacro
from algoverify.reporting import json as json_report
from algoverify.reporting.common import Bare, attribute, counterexample
from algoverify.source import SourceFile, Span, number_text

DATA = Path(__file__).parent / "data"
CHECKS = DATA / "checks"
SARIF_SCHEMA = DATA / "sarif" / "sarif-schema-2.1.0.json"


@pytest.fixture(scope="module")
def result():
    """Every note of tests/data/checks checked (seconds): the tests that read it are behind ``slow``."""
    return api.check([CHECKS], seed=0)


def outcomes(result):
    return [(note, o) for note in result.notes for o in note.outcomes]


def cli_run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue()


# --- the registry of formats ---------------------------------------------------------------------


def test_every_format_is_a_choice_of_the_command_line():
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    for command in ("check", "lint"):
        (fmt,) = [a for a in sub.choices[command]._actions if a.dest == "format"]
        assert tuple(fmt.choices) == reporting.FORMATS
    assert {"text", "json", "sarif", "github", "junit"} <= set(reporting.FORMATS)


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github", "junit"])
def test_every_format_renders_bare_findings_and_a_run(fmt, result):
    assert reporting.report(fmt, result, command="check")
    finding = UnknownMacro.finding(None, Path("x.md"), macro="\\foo")
    assert isinstance(reporting.get(fmt)([finding], {}), str)


# --- text: a failure said once, with all that backs it -------------------------------------------


_VERDICT = "|".join(sorted(VERDICTS, key=len, reverse=True))  # "refuted as expected" before "refuted"


def _blocks(text: str) -> dict[tuple[str, str], list[str]]:
    """Each check's lines in the text report: its verdict line and the indented block below it."""
    blocks: dict[tuple[str, str], list[str]] = {}
    note, current = None, None
    for line in text.splitlines():
        if line and not line.startswith(" "):
            note, current = line.split("  (")[0], None
            continue
        m = re.match(rf"  ({_VERDICT})\s+\w+\s+(\S+)", line)
        if m and not line.startswith("   "):
            current = blocks.setdefault((note, m.group(2)), [])
        elif not line.startswith("    "):
            current = None  # the note's own findings
        if current is not None:
            current.append(line)
    return blocks


def _section(text: str, path: Path) -> str:
    """The part of the text report about one note: from its header to the next note's."""
    start = text.index(f"\n{path}  (") + 1 if not text.startswith(f"{path}  (") else 0
    body = text.index("\n", start) + 1
    following = re.search(r"^\S", text[body:], re.M)
    return text[start : body + following.start()] if following else text[start:]


@pytest.mark.slow
def test_each_failure_is_printed_once_with_everything_together(result):
    text = reporting.report("text", result, command="check")
    blocks = _blocks(text)
    failed = [(n, o) for n, o in outcomes(result) if o.status in (REFUTED, KNOWN)]
    assert {o.status for _, o in failed} == {REFUTED, KNOWN}
    for note, o in failed:
        src = note.note.source
        block = "\n".join(blocks[(str(note.path), o.check.id)])
        assert _section(text, note.path).count(o.message) == 1, o.message  # said once, in the note's report
        assert o.message in block
        assert f"spec: line {src.line_col(o.check.span.start)[0]}" in block
        if o.check.claim:
            assert f"claim (line {src.line_col(o.claim_span.start)[0]}): {o.check.claim}" in block
        for key in ("counterexample", "reproduce"):
            if key in o.details:
                shown = o.details[key] if "\n" not in o.details[key] else o.details[key].replace("\n", "\n      ")
                assert shown in block, (key, block)
        if o.status == REFUTED:
            (finding,) = o.findings
            line, col = src.line_col(finding.span.start)
            assert f"    {note.path}:{line}:{col}: {finding.code} " in block


def test_a_refuted_check_block_in_full():
    text = cli_run(str(CHECKS / "reference_fail.md"))[1]
    path = CHECKS / "reference_fail.md"
    lines = text.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith("  refuted "))
    assert re.fullmatch(r"  refuted +reference doubles +\[\d+\.\d\d s\]", lines[start])
    assert lines[start + 1].startswith(f"    {path}:15:17: AV401 trial 1: y = [")
    # sympy ran the listing and the reference: it says where they differ, with the smallest size
    assert re.fullmatch(r"    proof: disproved in \d+\.\d\d s: y: computed − reference = x_\{1\} \(n = 1\)", lines[start + 4])
    del lines[start + 4]
    assert lines[start + 2 : start + 8] == [
        "    claim (line 15): the listing doubles its input",
        "    spec: line 6",
        "    counterexample:",
        "      n = 1",
        "      x = [0.2]",
        f"    reproduce: algoverify run {path} --check doubles --set n=1 --set 'x=[0.2]'",
    ]


@pytest.mark.slow
def test_a_finding_no_check_raised_stays_with_its_note(result):
    text = reporting.report("text", result, command="check")
    overflow = CHECKS / "overflow.md"
    assert f"\n  {overflow}:16:1: AV601 listing 1 has no reference check\n  16 | " in text


@pytest.mark.slow
def test_a_could_not_check_shows_its_cause_where_it_is(result):
    text = reporting.report("text", result, command="check")
    block = "\n".join(_blocks(text)[(str(CHECKS / "snippet_quote_missing.md"), "prints-two-thirds")])
    assert f"{CHECKS / 'snippet_quote_missing.md'}:5:7: AV407 " in block
    assert "5 |     - id: prints-two-thirds" in block


# --- the verdict words: the same in every format -------------------------------------------------


def _verdicts_by_format(result) -> dict[str, dict[tuple[str, str], str]]:
    text = reporting.report("text", result, command="check")
    by_text = {key: re.match(rf"  ({_VERDICT}) ", lines[0]).group(1) for key, lines in _blocks(text).items()}
    doc = json.loads(reporting.report("json", result, command="check"))
    by_json = {(c["path"], c["id"]): c["status"] for c in doc["checks"]}
    sarif = json.loads(reporting.report("sarif", result, command="check"))
    by_sarif = {(c["path"], c["id"]): c["status"] for c in sarif["runs"][0]["properties"]["checks"]}
    return {"text": by_text, "json": by_json, "sarif": by_sarif}


@pytest.mark.slow
def test_the_four_verdict_words_are_the_same_in_every_format(result):
    expected = {(str(n.path), o.check.id): o.status for n, o in outcomes(result)}
    assert set(expected.values()) == set(VERDICTS)
    for fmt, found in _verdicts_by_format(result).items():
        assert found == expected, fmt
    summary = reporting.report("text", result, command="check").splitlines()[-1]
    counts = json.loads(reporting.report("json", result, command="check"))["summary"]["verdicts"]
    assert list(counts) == list(VERDICTS)
    assert summary.startswith(", ".join(f"{n} {word}" for word, n in counts.items()))
    assert json_report.schema()["$defs"]["verdict"]["enum"] == list(VERDICTS)


# --- JSON: the shipped schema ---------------------------------------------------------------------


def _validate(doc: dict) -> None:
    jsonschema.Draft202012Validator.check_schema(json_report.schema())
    jsonschema.Draft202012Validator(json_report.schema()).validate(doc)


def _strict_json(text: str) -> dict:
    def refuse(name: str):
        raise AssertionError(f"not JSON: {name}")

    return json.loads(text, parse_constant=refuse)


def _walk(value, key=None):
    yield key, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _walk(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from _walk(v, key)


@pytest.mark.slow
def test_json_of_a_check_run_matches_its_schema(result):
    doc = _strict_json(reporting.report("json", result, command="check"))
    _validate(doc)
    assert doc["version"] == json_report.VERSION == json_report.schema()["properties"]["version"]["const"]
    for key, value in _walk(doc):
        if key in ("line", "column", "end_line", "end_column"):
            assert value is None or (isinstance(value, int) and value >= 1), (key, value)
        assert not (isinstance(value, str) and re.fullmatch(r"\d+:\d+", value)), (key, value)


@pytest.mark.slow
def test_json_positions_and_links_are_those_of_the_run(result):
    doc = json.loads(reporting.report("json", result, command="check"))
    checks = {(c["path"], c["id"]): c for c in doc["checks"]}
    for note, o in outcomes(result):
        c = checks[(str(note.path), o.check.id)]
        src = note.note.source
        assert (c["spec"]["line"], c["spec"]["column"]) == src.line_col(o.check.span.start)
        if o.claim_span is not None:
            assert (c["claim"]["line"], c["claim"]["column"]) == src.line_col(o.claim_span.start)
            assert c["claim"]["text"] == o.check.claim
        assert c["codes"] == [f.code for f in attribute(note)[0][note.outcomes.index(o)].findings]
    raised = [f for f in doc["findings"] if f["check"] is not None]
    assert raised and all(f["code"] in checks[(f["path"], f["check"])]["codes"] for f in raised)


@pytest.mark.slow
def test_json_counterexamples_are_objects_of_numbers_and_arrays(result):
    doc = json.loads(reporting.report("json", result, command="check"))
    examples = {(c["path"], c["id"]): c["counterexample"] for c in doc["checks"]}
    seen = 0
    for note, o in outcomes(result):
        example = examples[(str(note.path), o.check.id)]
        if "counterexample" not in o.details:
            assert example is None
            continue
        seen += 1
        # the same inputs the text shows, name for name and value for value
        lines = dict(line.split(" = ", 1) for line in o.details["counterexample"].splitlines())
        assert list(example) == list(lines)
        for name, value in example.items():
            assert isinstance(value, (int, float, list)), (name, value)
            assert np.allclose(np.asarray(value, dtype=float), np.asarray(json.loads(lines[name]), dtype=float))
    assert seen >= 5


def test_json_of_a_clean_run_has_a_full_summary(capsys):
    status, out = cli_run("lint", "--format", "json", str(CHECKS / "property_pass.md"))
    doc = json.loads(out)
    _validate(doc)
    assert status == 0 and doc["command"] == "lint" and doc["checks"] == [] and doc["findings"] == []
    assert doc["summary"] == {
        "notes": 1,
        "checks": 0,
        "verdicts": dict.fromkeys(VERDICTS, 0),
        "unverified": 0,
        "findings": {"error": 0, "warning": 0, "note": 0},
        "failed": False,
        "seconds": doc["summary"]["seconds"],
    }


def test_json_of_a_missing_path_and_of_lint_findings(tmp_path):
    note = tmp_path / "broken.md"
    note.write_text("---\ntitle: t\n---\n\n\\begin{algorithmic}\n\\State \\(y \\gets \\foo 2\\)\n\\end{algorithmic}\n")
    status, out = cli_run("lint", "--format", "json", "--strict", str(note), str(tmp_path / "nope.md"))
    doc = json.loads(out)
    _validate(doc)
    assert status == 1 and doc["strict"] is True and doc["summary"]["failed"] is True
    found = {f["code"]: f for f in doc["findings"]}
    assert (found["AV202"]["line"], found["AV202"]["column"]) == (6, 18)
    assert found["AV001"]["line"] is None and found["AV001"]["check"] is None


def test_json_holds_non_finite_and_huge_values_as_strict_json():
    text = "claim\n"
    src = SourceFile(Path("n.md"), text)
    values = {"w": np.array([math.inf, -math.inf, math.nan, 1.5]), "k": 10**5000, "t": 0.25}
    finding = PropertyFails.finding(
        Span(0, 5),
        src.path,
        {"counterexample": "…", "_counterexample": values, "claim_at": Span(0, 5)},
        check="c",
        message="m",
    )
    doc = _strict_json(json_report.render([finding], {src.path: src}))
    _validate(doc)
    example = doc["findings"][0]["details"]["counterexample"]
    assert example["w"] == ["Infinity", "-Infinity", "NaN", 1.5] and example["t"] == 0.25
    assert [float(v) for v in example["w"][:3]][:2] == [math.inf, -math.inf]  # the spelling float() reads
    assert example["k"] == number_text(10**5000)  # past str()'s limit: its elided text
    assert doc["findings"][0]["details"]["claim_at"] == {"line": 1, "column": 1, "end_line": 1, "end_column": 6}


# --- SARIF 2.1.0 ----------------------------------------------------------------------------------

NOTE = """---
title: A refuted claim
algoverify:
  checks:
    - id: number-non-negative
      kind: property
      equation: 1
      claim: "a number is never negative"
      trials: 10
      draw: {{a: "randn()"}}
      holds: 'a \\geq 0'
---
{pad}
Property. For every real \\(a\\), a number is never negative:

\\[
a \\geq 0
\\]

\\begin{{algorithmic}}
\\State \\(y \\gets \\foo 2\\)
\\end{{algorithmic}}
"""


def _sarif_project(tmp_path: Path, pad: str = "") -> tuple[dict, Path]:
    (tmp_path / "pyproject.toml").write_text("[tool.algoverify]\n")
    notes = tmp_path / "notes"
    notes.mkdir(exist_ok=True)
    note = notes / "a note.md"
    note.write_text(NOTE.format(pad=pad))
    status, out = cli_run("check", "--format", "sarif", str(note))
    assert status == 1, out
    return json.loads(out), note


def _sarif_validator():
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator.check_schema(schema)
    return jsonschema.Draft4Validator(schema)


@pytest.mark.slow
def test_sarif_is_valid_against_the_oasis_schema(result, tmp_path):
    validator = _sarif_validator()
    validator.validate(json.loads(reporting.report("sarif", result, command="check")))
    validator.validate(_sarif_project(tmp_path)[0])
    validator.validate(json.loads(cli_run("lint", "--format", "sarif", str(CHECKS))[1]))


def test_sarif_paths_are_relative_to_the_project_root(tmp_path):
    log, note = _sarif_project(tmp_path)
    run = log["runs"][0]
    assert run["originalUriBaseIds"] == {"%SRCROOT%": {"uri": tmp_path.resolve().as_uri() + "/"}}
    for r in run["results"]:
        for loc in r["locations"] + r.get("relatedLocations", []):
            artifact = loc["physicalLocation"]["artifactLocation"]
            assert artifact == {"uri": "notes/a%20note.md", "uriBaseId": "%SRCROOT%"}


def test_sarif_results_carry_the_claim_the_spec_and_the_counterexample(tmp_path):
    log, note = _sarif_project(tmp_path)
    run = log["runs"][0]
    (refuted,) = [r for r in run["results"] if r["ruleId"] == "AV402"]
    assert refuted["locations"][0]["physicalLocation"]["region"]["startLine"] == 14
    related = {r["message"]["text"]: r["physicalLocation"]["region"] for r in refuted["relatedLocations"]}
    assert related["the claim: a number is never negative"]["startLine"] == 14
    assert related["the spec's entry of check number-non-negative"]["startLine"] == 5
    assert re.search(r"\nCounterexample: a = -\d", refuted["message"]["text"])
    assert refuted["properties"]["verdict"] == "refuted" and isinstance(
        refuted["properties"]["counterexample"]["a"], float
    )
    rules = {r["id"]: r for r in run["tool"]["driver"]["rules"]}
    assert set(rules) == {r["ruleId"] for r in run["results"]}
    for code, rule in rules.items():
        assert rule["shortDescription"]["text"] == RULES[code].doc_sections()["What"]
        assert rule["defaultConfiguration"]["level"] == RULES[code].severity.value
        assert run["results"][0]["ruleIndex"] == list(rules).index(run["results"][0]["ruleId"])


def test_sarif_fingerprints_do_not_move_with_the_lines(tmp_path):
    before, _ = _sarif_project(tmp_path)
    after, _ = _sarif_project(tmp_path, pad="\nA paragraph added above.\n\nAnd another.\n")

    def prints(log):
        return {
            r["ruleId"]: (
                r["partialFingerprints"]["algoverify/v1"],
                r["locations"][0]["physicalLocation"]["region"]["startLine"],
            )
            for r in log["runs"][0]["results"]
        }

    old, new = prints(before), prints(after)
    assert set(old) == set(new) == {"AV402", "AV202", "AV601"}
    for code in old:
        assert new[code][1] == old[code][1] + 4  # the finding moved …
        assert new[code][0] == old[code][0]  # … and is still the same finding


@pytest.mark.slow
def test_sarif_fingerprints_tell_findings_apart(result):
    log = json.loads(reporting.report("sarif", result, command="check"))
    prints = [r["partialFingerprints"]["algoverify/v1"] for r in log["runs"][0]["results"]]
    assert len(prints) == len(set(prints)) > 5


# --- GitHub annotations ---------------------------------------------------------------------------


@pytest.mark.parametrize(("strict", "level", "status"), [(False, "warning", 0), (True, "error", 1)])
def test_github_annotations_follow_strict(tmp_path, strict, level, status):
    note = tmp_path / "n.md"
    note.write_text("---\ntitle: t\n---\n\n\\begin{algorithmic}\n\\State \\(y \\gets \\foo 2\\)\n\\end{algorithmic}\n")
    code, out = cli_run("lint", "--format", "github", *(["--strict"] if strict else []), str(note))
    assert code == status
    assert re.fullmatch(
        rf"::{level} file=.*n\.md,line=6,col=18,endLine=6,endColumn=22,title=AV202::AV202 unknown macro.*\n", out
    )


def test_github_annotation_of_a_refuted_check_carries_its_counterexample():
    code, out = cli_run("check", "--format", "github", str(CHECKS / "reference_fail.md"))
    assert code == 1
    assert re.search(
        r"^::error file=.*reference_fail\.md,line=15,col=17,.*::AV401 doubles: .*%0Acounterexample: n = 1; x = \[0\.2\]%0Areproduce: algoverify run ",
        out,
        re.M,
    )


def test_github_levels_of_each_severity():
    from algoverify.reporting.github import level

    for severity, plain, strict in [
        (Severity.ERROR, "error", "error"),
        (Severity.WARNING, "warning", "error"),
        (Severity.NOTE, "notice", "notice"),
    ]:
        f = Finding("AV202", severity, "m")
        assert (level(f, False), level(f, True)) == (plain, strict)


# --- JUnit XML ------------------------------------------------------------------------------------


@pytest.mark.slow
def test_junit_has_one_case_per_check_and_the_verdicts_mapped(result):
    root = ET.fromstring(reporting.report("junit", result, command="check"))
    assert root.tag == "testsuites"
    cases = {(s.get("name"), c.get("name")): c for s in root.iter("testsuite") for c in s.iter("testcase")}
    expected_tags = {VERIFIED: None, REFUTED: "failure", KNOWN: "skipped", CANNOT: "error"}
    for note, o in outcomes(result):
        case = cases[(str(note.path), o.check.id)]
        tags = [child.tag for child in case]
        failing = any(f.severity is Severity.ERROR for f in attribute(note)[0][note.outcomes.index(o)].findings)
        want = expected_tags[o.status] or ("failure" if failing else None)
        assert tags == ([want] if want else []), (o.check.id, o.status, tags)
        assert case.get("line") == str(note.note.source.line_col(o.check.span.start)[0])
    n_checks = len(outcomes(result))
    assert len(cases) == n_checks + len(result.notes)  # and one `findings` case per note
    counts = {k: int(root.get(k)) for k in ("tests", "failures", "errors", "skipped")}
    assert counts["tests"] == len(cases)
    assert counts["errors"] == sum(o.status == CANNOT for _, o in outcomes(result))
    assert counts["skipped"] == sum(o.status == KNOWN for _, o in outcomes(result))
    assert counts["failures"] == sum(1 for c in cases.values() if c.find("failure") is not None)
    for suite in root.iter("testsuite"):
        assert int(suite.get("tests")) == len(suite.findall("testcase"))


@pytest.mark.slow
def test_junit_failure_text_is_the_text_report_of_the_check(result):
    root = ET.fromstring(reporting.report("junit", result, command="check"))
    path = str(CHECKS / "reference_fail.md")
    (case,) = [c for s in root.iter("testsuite") if s.get("name") == path for c in s if c.get("name") == "doubles"]
    failure = case.find("failure")
    assert failure.get("type") == "AV401" and failure.get("message").startswith("refuted: trial 1: y = [")
    assert (
        "\n  counterexample:\n    n = 1\n    x = [0.2]\n" in failure.text
        and "reproduce: algoverify run" in failure.text
    )


def test_junit_of_lint_has_a_case_per_note_failing_on_errors(tmp_path):
    good = tmp_path / "good.md"
    good.write_text("---\ntitle: t\n---\n\n\\[ a = b \\]\n")
    bad = tmp_path / "bad.md"
    bad.write_text("---\ntitle: t\n---\n\n\\begin{algorithmic}\n\\EndWhile\n\\end{algorithmic}\n")
    status, out = cli_run("lint", "--format", "junit", str(tmp_path))
    root = ET.fromstring(out)
    assert status == 1 and root.get("tests") == "2" and root.get("failures") == "1"
    verdict = {s.get("name"): [child.tag for child in s.find("testcase")] for s in root.iter("testsuite")}
    assert verdict == {str(bad): ["failure"], str(good): []}


def test_junit_is_well_formed_whatever_a_message_holds():
    finding = UnknownMacro.finding(None, Path("x.md"), macro="\\foo\x1b[31m\x00\ufffe")
    root = ET.fromstring(reporting.get("junit")([finding], {}, strict=True))
    assert root.get("failures") == "1"
    assert "\x1b" not in ET.tostring(root, encoding="unicode")


def test_bare_results_fail_as_runs_do():
    warn = UnknownMacro.finding(None, Path("x.md"), macro="\\foo")
    assert not Bare([warn], {}).failed() and Bare([warn], {}).failed(strict=True)


_numbers = st.one_of(st.floats(), st.integers(min_value=-(10**30), max_value=10**30), st.booleans())
_values = st.recursive(_numbers, lambda inner: st.lists(inner, max_size=4), max_leaves=12)


@pytest.mark.slow
@given(st.dictionaries(st.from_regex(r"[a-z]\w{0,3}", fullmatch=True), _values, max_size=4))
def test_any_counterexample_is_strict_json_that_reads_back(values):
    doc = _strict_json(json.dumps(counterexample({"_counterexample": values}), allow_nan=False))

    def same(got, want):
        if isinstance(want, list):
            return isinstance(got, list) and len(got) == len(want) and all(map(same, got, want))
        if isinstance(want, float):
            return math.isnan(want) and got == "NaN" or float(got) == want
        return got == want

    assert list(doc) == list(values) and all(same(doc[k], v) for k, v in values.items())
