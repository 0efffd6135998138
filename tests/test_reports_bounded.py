"""Reports stay readable and bounded whatever a note holds: windows on long lines, capped repeats, no raw escapes."""

from __future__ import annotations

import pytest

from algoverify import api
from algoverify.cli import main
from algoverify.source import SourceFile, Span, excerpt, printable


def test_a_long_line_is_shown_as_a_window_around_the_column(tmp_path):
    text = "a" * 5000 + "XYZ" + "b" * 5000 + "\n"
    shown = excerpt(SourceFile(tmp_path / "n.md", text), Span(5000, 5003))
    line, caret = shown.splitlines()
    assert len(line) < 120 and line.startswith("1 | …") and line.endswith("…")
    assert line[caret.index("^") :].startswith("XYZ")
    assert caret.count("^") == 3


def test_control_characters_never_reach_the_terminal():
    assert printable("x \x1b[31mred\x1b[0m\r\u202eevil\n") == "x ␛[31mred␛[0m␍\ufffdevil\n"
    shown = excerpt(SourceFile(None, "x = \x1b[2Jy\n"), Span(8, 9))
    assert "\x1b" not in shown and shown.splitlines()[1].index("^") == shown.splitlines()[0].index("y")


@pytest.mark.slow
def test_thousands_of_findings_on_one_line_make_a_short_report(tmp_path, capsys):
    note = tmp_path / "dollars.md"
    note.write_text("\\begin{algorithmic}\n\\State " + "\\(\\foo\\) " * 3000 + "\n\\end{algorithmic}\n")
    main(["lint", "--verbose", str(note)])
    out = capsys.readouterr().out
    assert len(out) < 20_000
    assert "2,980 more AV202 not shown (3,000 in all)" in out
    assert out.splitlines()[-1] == "3000 notes"


def test_escape_sequences_in_a_note_are_shown_not_sent(tmp_path, capsys):
    note = tmp_path / "esc.md"
    note.write_text("\\begin{algorithmic}\n\\State \\(y \\gets \\foo\x1b[2J x\\)\n\\end{algorithmic}\n")
    main(["lint", str(note)])
    out = capsys.readouterr().out
    assert "\x1b" not in out and "␛" in out
    assert api.lint([note]).all_findings()  # the finding is still there


_BIG = """---
algoverify:
  checks:
    - id: trace-positive
      kind: property
      listing: 1
      as: T
      claim: "the trace is always positive"
      trials: 3
      draw: {A: "randn(120, 120)"}
      holds: 'T(A) > 0'
---

The trace is always positive.

\\begin{algorithmic}
\\Function{Tr}{\\(A\\)}
\\State \\Return \\(\\operatorname{tr}(A)\\)
\\EndFunction
\\end{algorithmic}
"""


@pytest.mark.slow
def test_a_large_counterexample_is_summarised_written_whole_and_reproduced_from_its_file(tmp_path, capsys, monkeypatch):
    import json
    import shlex

    import numpy as np

    monkeypatch.chdir(tmp_path)
    (tmp_path / "pyproject.toml").write_text("")
    note = tmp_path / "big.md"
    note.write_text(_BIG)
    assert main(["check", "--no-cache", "big.md"]) == 1
    out = capsys.readouterr().out
    assert len(out) < 3_000  # 14,400 entries are summarised, not printed
    (line,) = [x for x in out.splitlines() if "reproduce:" in x]
    command = shlex.split(line.split("reproduce: ", 1)[1])
    assert command[:5] == ["algoverify", "run", "big.md", "--check", "trace-positive"]
    assert command[5] == "--set-file" and len(command) == 7
    written = json.loads((tmp_path / command[6]).read_text())
    assert np.asarray(written["A"]).shape == (120, 120)  # never made smaller to fit a report
    assert np.trace(np.asarray(written["A"])) <= 0  # the file holds the failing value itself
    assert f"written whole to {command[6]}" in out
    assert main(command[1:]) == 1  # the reproduce command runs the check on exactly that value
    assert "refuted" in capsys.readouterr().out

    assert main(["check", "--no-cache", "--format", "json", "big.md"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert len(json.dumps(doc)) < 20_000  # bounded: not the 14,400 entries twice over
    summary = doc["checks"][0]["counterexample"]["A"]
    assert summary["shape"] == [120, 120] and summary["file"] == command[6] and len(summary["first"]) == 8

    import jsonschema

    from algoverify.reporting import json as json_report

    jsonschema.Draft202012Validator(json_report.schema()).validate(doc)


def test_a_small_counterexample_stays_on_the_command_line(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "big.md").write_text(_BIG.replace("randn(120, 120)", "randn(3, 3)"))
    assert main(["check", "--no-cache", "big.md"]) == 1
    out = capsys.readouterr().out
    assert "--set 'A=[[" in out and "--set-file" not in out
    assert not (tmp_path / ".algoverify_cache" / "counterexamples").exists()


def test_run_reads_its_inputs_from_a_set_file_and_set_overrides_it(tmp_path, capsys):
    note = tmp_path / "sum.md"
    note.write_text(
        "\\begin{algorithmic}\n\\Require \\(x, c\\)\n\\State \\Return \\(c \\sum_i x_i\\)\n\\end{algorithmic}\n"
    )
    values = tmp_path / "v.json"
    values.write_text('{"x": [1, 2, 3.5], "c": 2}')
    assert main(["run", str(note), "--set-file", str(values)]) == 0
    assert capsys.readouterr().out.strip().endswith("13")
    assert main(["run", str(note), "--set-file", str(values), "--set", "c=1"]) == 0
    assert capsys.readouterr().out.strip().endswith("6.5")


@pytest.mark.parametrize(
    "content, message",
    [
        (None, "not a readable UTF-8 file"),
        ("[1, 2]", "expected a JSON object"),
        ("{x: 1}", "not JSON"),
        ("[" * 100_000, "not JSON"),
    ],
)
def test_a_set_file_that_cannot_be_read_is_one_clear_line(tmp_path, capsys, content, message):
    note = tmp_path / "sum.md"
    note.write_text("\\begin{algorithmic}\n\\Require \\(x\\)\n\\State \\Return \\(x\\)\n\\end{algorithmic}\n")
    values = tmp_path / "v.json"
    if content is not None:
        values.write_text(content)
    assert main(["run", str(note), "--set-file", str(values)]) == 2
    out = capsys.readouterr().out
    assert out.startswith(f"algoverify run: --set-file {values}: {message}") and "Traceback" not in out
