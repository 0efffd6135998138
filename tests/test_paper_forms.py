"""Structure real papers write that TeX accepts: math opened in an argument and closed after its brace.

* math opened inside a command's argument and closed just after its brace (``\\If{$a \\ne b}$``).

Every listing here is our own. The golden file straddled_math in tests/data/grammar/ holds the
full IR of a larger one.
"""

from __future__ import annotations

import pytest

import algoverify
from algoverify import api
from algoverify.source import LineIndex, Span
from algoverify.syntax import ir
from algoverify.syntax.build import parse_algorithm


def env(*rows: str) -> str:
    return "\n".join((r"\begin{algorithmic}", *rows, r"\end{algorithmic}")) + "\n"


def parse(text: str, preamble: str = "") -> ir.Algorithm:
    return parse_algorithm(text, Span(0, len(text)), preamble=preamble)


def at(text: str, offset: int) -> tuple[int, int]:
    return LineIndex(text).line_col(offset)


def where(text: str, written: str) -> tuple[int, int]:
    """Line and column where ``written`` first occurs in ``text``, after its first line."""
    return at(text, text.index(written, text.index("\n")))


# --- math opened inside an argument and closed after its brace --------------------------------

# (listing, the node whose condition or value it is, the math as written inside the argument)
STRADDLES = [
    (env(r"\If{$a \ne b}$", r"\State $x \gets 1$", r"\EndIf"), lambda a: a.body[0].branches[0].cond, r"a \ne b"),
    (env(r"\While{$i < n}$", r"\State $i \gets i + 1$", r"\EndWhile"), lambda a: a.body[0].cond, "i < n"),
    (
        env(r"\If{$a > 0$}", r"\State $x$", r"\ElsIf{$a = 0}$", r"\State $y$", r"\EndIf"),
        lambda a: a.body[0].branches[1].cond,
        "a = 0",
    ),
    (env(r"\Repeat", r"\State $t \gets t + 1$", r"\Until{$t > 3}$"), lambda a: a.body[0].cond, "t > 3"),
    (env(r"\For{$i = 1, \dots, n}$", r"\State $s \gets i$", r"\EndFor"), lambda a: a.body[0].stop, "n"),
    (env(r"\IF{$x > 0}  $", r"\STATE $y \gets 1$", r"\ENDIF"), lambda a: a.body[0].branches[0].cond, "x > 0"),
    (env(r"\If{\(a \ne b}\)", r"\State $x \gets 1$", r"\EndIf"), lambda a: a.body[0].branches[0].cond, r"a \ne b"),
    (env(r"\If{$a$ and $b > 0}$", r"\State $x$", r"\EndIf"), lambda a: a.body[0].branches[0].cond.math[1], "b > 0"),
    (env(r"\State \Call{Push}{$x, y}$"), lambda a: a.body[0].args[1], "y"),
]


@pytest.mark.parametrize("source, math_of, written", STRADDLES, ids=[s[0].split("\n")[1] for s in STRADDLES])
def test_math_closed_after_an_arguments_brace_is_the_argument(source, math_of, written):
    math = math_of(parse(source))
    assert math.latex == written
    assert source[math.span.start : math.span.end] == written  # the note's own characters
    assert at(source, math.span.start) == where(source, written)


def test_a_straddled_condition_runs_as_written():
    source = env(r"\REQUIRE $a, b$", r"\IF{$a > b}$", r"\RETURN $a$", r"\ELSE", r"\RETURN $b$", r"\ENDIF")
    run = algoverify.compile(source)
    assert (run(a=3, b=2), run(a=1, b=2)) == (3, 2)


# What TeX rejects stays an error, located, and the note's other listing is still read: each
# row's listing is followed by one TeX accepts, the straddle just above.
REJECTED = [
    (r"\State{$x}$", "AV106", "$"),  # a plain group closes while the math is open
    (r"\State \textbf{$x}$", "AV106", "$"),  # \textbf's braces make a group too
    (r"\If{$a} \ne b$ \State $y$ \EndIf", "AV106", "$"),  # more than spaces after the brace
    ("\\If{$a}\n\n$ \\State $y$ \\EndIf", "AV106", "$"),  # a blank line ends the paragraph first
    (r"\If{$a \ne b$ \State $y$ \EndIf", "AV105", "{"),  # the argument never closes
]


@pytest.mark.parametrize("listing, code, mark", REJECTED, ids=[r[0] for r in REJECTED])
def test_what_tex_rejects_is_a_located_finding_and_the_next_listing_is_read(tmp_path, listing, code, mark):
    first = env(listing)
    second = env(r"\If{$a \ne b}$", r"\State $x \gets 1$", r"\EndIf")
    text = "---\ntitle: t\n---\n\n" + first + "\nThen:\n\n" + second
    note = tmp_path / "note.md"
    note.write_text(text, encoding="utf-8")
    result = api.lint([note])
    findings = [f for f in result.all_findings() if f.severity.name == "ERROR"]
    assert [f.code for f in findings] == [code]
    start = text.index(first) + first.index(mark, len(r"\begin{algorithmic}"))
    assert at(text, findings[0].span.start) == at(text, start)
    listings = result.notes[0].listings()
    assert listings[0].ir is None and listings[1].ir is not None
