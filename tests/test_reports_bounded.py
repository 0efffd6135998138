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
