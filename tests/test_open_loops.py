"""``\\For{\\(k = 0, 1, 2, \\dots\\)}``: a loop counted on for ever, by the step its first terms show, left by its body."""

from __future__ import annotations

import pytest

import algoverify
from algoverify import api


def _listing(header: str) -> str:
    return (
        "\\begin{algorithmic}\n\\Require $n$\n\\State $s \\gets 0$\n"
        f"\\For{{$k = {header}$}}\n"
        "\\If{$k > n$} \\State \\Return $s$ \\EndIf\n\\State $s \\gets s + k$\n\\EndFor\n\\end{algorithmic}"
    )


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (r"1, 2, \dots", 15),  # 1 + … + 5
        (r"0, 1, 2, \dots", 15),  # Kolda, Lewis and Torczon's iterations
        (r"0, 2, 4, \dots", 6),
        (r"1, 3, 5, 7, \dots", 9),
        (r"n, n + 1, \dots", 0),  # k = 5 is not past n; 6 is
    ],
)
def test_the_terms_before_the_dots_give_the_start_and_the_step(header, expected):
    assert algoverify.compile(_listing(header))(n=5) == (5 if header.startswith("n") else expected)


def test_terms_that_do_not_step_evenly_are_said_at_lint(tmp_path):
    note = tmp_path / "note.md"
    note.write_text(_listing(r"0, 1, 3, \dots") + "\n")
    report = api.lint([note]).notes[0]
    findings = [f for f in report.findings if f.code == "AV308"]
    assert [report.note.source.line_col(f.span.start) for f in findings] == [(4, 11)]
    assert "do not step evenly" in findings[0].message


def test_terms_known_only_at_the_run_that_do_not_step_evenly_stop_the_run():
    run = algoverify.compile(_listing(r"0, n, 1, \dots"))
    with pytest.raises(algoverify.ExecutionError, match="do not step evenly"):
        run(n=5)
