"""The command line through main(argv): exit codes, output lines, formats."""

import json
import re
from pathlib import Path

import pytest
from helpers import CORPUS_CLAIMS_AWAITING, listing_offset

from algoverify import api
from algoverify.cli import main

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus"
POWER = CORPUS / "power-iteration.md"


PI = listing_offset("power-iteration.md")

BROKEN = """---
title: broken
---

\\begin{algorithm}
\\begin{algorithmic}
\\While{\\(x \\gt 0\\)}
    \\State \\(x \\gets x - 1\\)
\\end{algorithmic}
\\end{algorithm}

\\begin{algorithmic}
\\State \\(y \\gets \\foo 2\\)
\\end{algorithmic}
"""


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.slow
def test_lint_corpus_is_clean(capsys):
    code, out, _ = run(capsys, "lint", str(CORPUS))
    assert code == 0, out
    waiting = len(CORPUS_CLAIMS_AWAITING)  # claims no check kind can express yet: AV604 warnings
    assert out.strip().splitlines()[-1] == (
        f"{waiting} warning{'s' if waiting != 1 else ''}" if waiting else "no findings"
    )


@pytest.mark.slow
def test_default_command_is_check(capsys):
    code, out, _ = run(capsys, str(POWER))
    assert code == 0
    assert out.splitlines()[-1].startswith(
        "5 verified, 0 refuted, 3 refuted as expected, 0 could not check, 0 unverified"
    )


def test_findings_exit_1_with_positions_and_caret(capsys, tmp_path):
    note = tmp_path / "broken.md"
    note.write_text(BROKEN)
    code, out, _ = run(capsys, "lint", str(note))
    assert code == 1
    lines = out.splitlines()
    # both blocks are reported: the broken structure does not hide the unknown macro
    assert any(re.match(rf"{re.escape(str(note))}:7:1: AV102 ", ln) for ln in lines), out
    assert any(re.match(rf"{re.escape(str(note))}:13:18: AV202 unknown macro \\foo", ln) for ln in lines), out
    assert "13 | \\State \\(y \\gets \\foo 2\\)" in out
    assert "   |                  ^^^^" in out
    # the unknown macro is in math the listing runs: a warning (the statement will not run),
    # not an error: a lint never blocks valid LaTeX
    assert lines[-1] == "1 error, 1 warning"


def test_missing_path_is_a_finding(capsys, tmp_path):
    code, out, _ = run(capsys, "lint", str(tmp_path / "nope.md"))
    assert code == 1 and "AV001" in out


def test_usage_error_exits_2(capsys):
    code, _, err = run(capsys, "lint")
    assert code == 2 and "error" in err
    code, _, err = run(capsys, "lint", "--format", "yaml", str(POWER))
    assert code == 2


def test_json_output(capsys, tmp_path):
    note = tmp_path / "broken.md"
    note.write_text(BROKEN)
    code, out, _ = run(capsys, "lint", "--format", "json", str(note))
    doc = json.loads(out)
    assert code == 1
    codes = [(f["code"], f["line"], f["column"]) for f in doc["findings"]]
    assert ("AV202", 13, 18) in codes
    assert doc["summary"]["findings"] == {"error": 1, "warning": 1, "note": 0}


def test_sarif_output(capsys, tmp_path):
    note = tmp_path / "broken.md"
    note.write_text(BROKEN)
    code, out, _ = run(capsys, "lint", "--format", "sarif", str(note))
    log = json.loads(out)
    assert log["version"] == "2.1.0"
    run0 = log["runs"][0]
    ids = [r["id"] for r in run0["tool"]["driver"]["rules"]]
    assert "AV202" in ids
    result = next(r for r in run0["results"] if r["ruleId"] == "AV202")
    assert result["locations"][0]["physicalLocation"]["region"]["startLine"] == 13
    assert result["locations"][0]["physicalLocation"]["region"]["startColumn"] == 18


@pytest.mark.slow
def test_sarif_of_check_carries_the_verdicts_as_json_does(capsys):
    # the README promises the verdicts "in the same words in the text, JSON and SARIF reports"
    note = str(CORPUS / "power-iteration.md")
    # five trials: the report's words are the point, not the count
    _, sarif_out, _ = run(capsys, "check", "--trials", "5", "--format", "sarif", note)
    _, json_out, _ = run(capsys, "check", "--trials", "5", "--format", "json", note)
    bag = json.loads(sarif_out)["runs"][0]["properties"]
    checks = json.loads(json_out)["checks"]
    strip = lambda cs: [{k: v for k, v in c.items() if k != "seconds"} for c in cs]  # noqa: E731
    assert strip(bag["checks"]) == strip(checks) and checks
    assert sum(bag["verdicts"].values()) == len(checks)
    assert set(bag["verdicts"]) <= {"verified", "refuted", "refuted as expected", "could not check"}


def test_github_output(capsys, tmp_path):
    note = tmp_path / "broken.md"
    note.write_text(BROKEN)
    code, out, _ = run(capsys, "lint", "--format", "github", str(note))
    assert re.search(r"^::warning file=.*broken\.md,line=13,col=18,.*::AV202 unknown macro", out, re.M), out


def test_parse_shows_while_loop_with_positions(capsys):
    code, out, _ = run(capsys, "parse", str(POWER))
    assert code == 0
    assert f"{POWER}:{13 + PI}:1: algorithm 1 — Power iteration for the leading eigenvalue" in out
    assert f"WhileBlock @{20 + PI}:1-{23 + PI}:10" in out
    assert (
        f"cond: Math('\\\\lVert w - \\\\lambda v \\\\rVert \\\\gt \\\\tau \\\\, \\\\lambda') @{20 + PI}:10-{20 + PI}:57"
        in out
    )
    for expected in (
        f"Assign @{18 + PI}:1-{18 + PI}:71",
        f"Assign @{19 + PI}:1-{19 + PI}:23",
        f"Assign @{19 + PI}:25-{19 + PI}:92",
        f"Assign @{21 + PI}:5-{21 + PI}:82",
        f"Assign @{22 + PI}:5-{22 + PI}:27",
        f"Assign @{22 + PI}:29-{22 + PI}:62",
        f"Return @{24 + PI}:1-{24 + PI}:23",
    ):
        assert expected in out


def test_parse_json(capsys):
    code, out, _ = run(capsys, "parse", "--json", str(POWER))
    doc = json.loads(out)
    (note,) = doc
    algo = note["blocks"][0]["ir"]
    loop = next(n for n in algo["body"] if n["type"] == "WhileBlock")
    assert (loop["span"]["line"], loop["span"]["column"]) == (20 + PI, 1)
    assert loop["cond"]["latex"].startswith("\\lVert w")


def test_explain(capsys):
    code, out, _ = run(capsys, "explain", "AV102")
    assert code == 0 and out.startswith("AV102 UnclosedBlock (error)") and "Why:" in out
    code, out, _ = run(capsys, "explain")
    assert code == 0 and "AV001" in out and "AV302" in out
    assert run(capsys, "explain", "AV999")[0] == 2


@pytest.mark.parametrize("flag", ["--version", "--help"])
def test_version_and_help(capsys, flag):
    code, out, _ = run(capsys, flag)
    assert code == 0 and out


def test_lint_never_modifies_notes(capsys, tmp_path):
    note = tmp_path / "broken.md"
    note.write_text(BROKEN)
    before = note.stat().st_mtime_ns, note.read_bytes()
    run(capsys, "lint", str(note))
    assert (note.stat().st_mtime_ns, note.read_bytes()) == before


def test_run_help_inputs_says_what_a_listing_takes(capsys, tmp_path):
    note = tmp_path / "n.md"
    note.write_text(
        "\\begin{algorithm}\\caption{Scaled sum}\n\\begin{algorithmic}\n"
        "\\Require \\(x \\in \\mathbb{R}^{n}\\), weight \\(w \\gt 0\\), batches \\(B_1, \\dots, B_k\\)\n"
        "\\Return \\(w \\sum_{i=1}^{n} x_i\\)\n\\end{algorithmic}\\end{algorithm}\n"
    )
    code, out, _ = run(capsys, "run", str(note), "--help-inputs")
    assert code == 0
    assert out.splitlines()[1:] == [
        "inputs:",
        "  x  vector of length n, from \\Require at line 3",
        "  w  a value; w \\gt 0, from \\Require at line 3",
        "  B  a list (the family B_1, …, B_k), from \\Require at line 3",
        "sizes (from the inputs' shapes; may be given with --set):",
        "  k  length of the family B, from \\Require at line 3",
        "  n  length of x, from \\Require at line 3",
        "outputs: result",
    ]


def test_help_inputs_on_a_listing_that_does_not_compile_is_a_located_finding(capsys, tmp_path):
    note = tmp_path / "n.md"
    note.write_text("\\begin{algorithmic}\n\\Require $x$\n\\State \\textbf{break}\n\\end{algorithmic}\n")
    code, out, err = run(capsys, "run", str(note), "--help-inputs")
    assert code == 2 and "internal error" not in err
    assert re.search(r"n\.md:3:1: AV308 .*break outside a loop", out), out


def test_the_check_summary_counts_warnings_that_fail_a_strict_run(capsys, tmp_path):
    # "0 errors" with exit status 1 under --strict read as a contradiction
    note = tmp_path / "n.md"
    note.write_text("---\ntitle: t\n---\n\n\\begin{algorithmic}\n\\State $x \\gets 1$\n\\end{algorithmic}\n")
    code, out, _ = run(capsys, "check", "--strict", str(note))
    assert code == 1
    assert "; 0 errors, 1 warning in " in out.rstrip().splitlines()[-1], out


# --- a command line like ruff's and pytest's -------------------------------------------------

WARNED = "---\ntitle: t\n---\n\n\\begin{algorithmic}\n\\State \\(y \\gets \\foo 2\\)\n\\end{algorithmic}\n"

# argv (NOTE stands for a note with one warning), exit status, whether stdout is JSON
OPTIONS_ANYWHERE = {
    "option before the path": (["--strict", "NOTE"], 1, False),
    "option after the path": (["NOTE", "--strict"], 1, False),
    "no option": (["NOTE"], 0, False),
    "valued option before the path": (["--format", "json", "NOTE"], 0, True),
    "valued option with = before the path": (["--format=json", "--strict", "NOTE"], 1, True),
    "option before the command": (["--strict", "lint", "NOTE"], 1, False),
    "valued option before the command": (["--format", "json", "lint", "NOTE"], 0, True),
    "options between paths": (["NOTE", "--strict", "NOTE2", "--format", "json"], 1, True),
    "short valued option glued to its value": (["-j1", "--strict", "lint", "NOTE"], 1, False),
}


@pytest.mark.slow
@pytest.mark.parametrize("argv, status, as_json", OPTIONS_ANYWHERE.values(), ids=OPTIONS_ANYWHERE.keys())
def test_options_may_come_anywhere(capsys, tmp_path, argv, status, as_json):
    note, other = tmp_path / "n.md", tmp_path / "m.md"
    note.write_text(WARNED)
    other.write_text(WARNED)
    argv = [str(note) if a == "NOTE" else str(other) if a == "NOTE2" else a for a in argv]
    code, out, err = run(capsys, *argv)
    assert code == status, err
    if as_json:
        doc = json.loads(out)
        assert {f["path"] for f in doc["findings"]} >= {str(note)}
    else:
        assert re.search(rf"^\s*{re.escape(str(note))}:6:18: AV202 ", out, re.M), out


# command, option, value: each is a usage error (exit 2) naming the option, never a traceback
BAD_VALUES = [
    ("check", "--seed", "-1"),
    ("check", "--seed", "1.5"),
    ("check", "--seed", str(2**32)),
    ("check", "--note-timeout", "nan"),
    ("check", "--note-timeout", "-1"),
    ("check", "--note-timeout", "0"),
    ("check", "--note-timeout", "inf"),
    ("check", "--note-memory-mb", "0"),
    ("check", "--jobs", "0"),
    ("check", "--jobs", "-2"),
    ("lint", "--jobs", "two"),
    ("check", "--color", "sometimes"),
    ("lint", "--format", "yaml"),
    ("run", "--timeout", "nan"),
    ("run", "--timeout", "-5"),
    ("run", "--max-steps", "-5"),
    ("run", "--max-steps", "0"),
    ("run", "--max-steps", "1e3"),
    ("run", "--seed", "-1"),
]


@pytest.mark.parametrize("command, option, value", BAD_VALUES, ids=[" ".join(v) for v in BAD_VALUES])
def test_every_option_value_is_validated(capsys, command, option, value):
    code, out, err = run(capsys, command, str(POWER), f"{option}={value}")
    assert code == 2
    assert out == "" and "Traceback" not in err
    assert f"argument {option}" in err, err


@pytest.mark.parametrize("command", ["check", "lint", "run"])
def test_help_shows_the_default_of_every_option_that_takes_a_value(capsys, command):
    from algoverify.cli import build_parser

    parser = build_parser().commands[command]
    valued = [a for a in parser._actions if a.option_strings and a.nargs != 0 and a.help]
    assert valued
    for action in valued:
        assert "default" in (action.help or ""), action.option_strings
    code, out, _ = run(capsys, command, "--help")
    assert code == 0
    shown = " ".join(out.split())  # argparse wraps the help text
    if command == "run":
        assert "(default: 100000)" in shown and "(default: 10.0)" in shown
    else:
        assert "(default: text)" in shown and "(default: the number of CPUs" in shown


def test_options_without_a_command_or_a_path_are_checks_usage_error(capsys):
    code, out, err = run(capsys, "--strict")
    assert code == 2 and out == ""
    assert err.startswith("algoverify check: error: the following arguments are required: PATH"), err
    code, out, _ = run(capsys, "--strict", "--help")
    assert code == 0 and "--note-timeout" in out  # the help of check, the command meant


def test_run_on_a_folder_says_so(capsys):
    code, out, err = run(capsys, "run", str(CORPUS))
    assert code == 2 and out == ""
    assert f"{CORPUS} is a folder: run takes one note; e.g. algoverify run {CORPUS}/" in err


def test_a_folder_without_notes_is_av004_and_fails_a_strict_run(capsys, tmp_path):
    (tmp_path / "readme.txt").write_text("not a note")
    code, out, _ = run(capsys, "lint", str(tmp_path))
    assert code == 0
    assert out.splitlines() == [
        f"{tmp_path}: AV004 no notes in this folder (looked for .md, .markdown, .tex files)",
        "1 warning",
    ]
    assert run(capsys, "lint", "--strict", str(tmp_path))[0] == 1
    assert run(capsys, "check", "--strict", str(tmp_path))[0] == 1


def test_a_named_note_with_nothing_to_check_is_av004_but_not_one_found_in_a_folder(capsys, tmp_path):
    prose = tmp_path / "_index.md"
    prose.write_text("---\ntitle: a section page\n---\n\nProse only.\n")
    code, out, _ = run(capsys, "lint", "--strict", str(prose))
    assert code == 1
    assert f"{prose}: AV004 nothing to check: no listing, display math, snippet or flowchart, no spec, no " in out
    code, out, _ = run(capsys, "lint", "--strict", str(tmp_path))  # a Hugo section's page: not a mistake
    assert code == 0 and "AV004" not in out
    # prose that claims something checkable is something to check (AV604), as is a spec
    prose.write_text("---\ntitle: t\n---\n\nThe loop always stops after at most ten passes.\n")
    assert "AV004" not in run(capsys, "lint", str(prose))[1]
    prose.write_text("---\ntitle: t\nalgoverify:\n  checks: []\n---\n\nProse only.\n")
    assert "AV004" not in run(capsys, "lint", str(prose))[1]


def test_explain_gives_the_severity_lint_reports(tmp_path, capsys):
    # round 67: `explain AV308` said error while lint reported the code as a warning
    note = tmp_path / "n.md"
    note.write_text(
        "A draft.\n\n\\begin{algorithmic}\n\\Require \\(x\\)\n\\State \\(y \\gets x + z\\)\n"
        "\\State \\(\\{ k : x \\ge y \\} \\gets 1\\)\n\\State \\Return \\(y\\)\n\\end{algorithmic}\n"
    )
    found = {f.code: f.severity.value for f in api.lint([note]).all_findings()}
    assert {"AV303", "AV308"} <= set(found), found
    for code in ("AV303", "AV308"):
        _, out, _ = run(capsys, "explain", code)
        first = out.splitlines()[0]
        assert first.endswith(f"(error; a {found[code]} at lint, before any run)"), first
