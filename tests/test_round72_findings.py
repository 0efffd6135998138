r"""Round 72 (a new user's notes, written from the docs alone): what it found, held (the fixtures are ours)."""

from __future__ import annotations

from pathlib import Path

import pytest

import algoverify
from algoverify import api
from algoverify.running.input_help import describe_inputs

BISECT = r"""---
title: t
---

<prose>

\[ f(x) = x^{3} - 2 \]

\begin{algorithmic}[1]
<above>\Function{Bisect}{\(a, b, K\)}
<inside>  \For{\(k = 1, \dots, K\)}
    \State \(m \gets (a + b) / 2\)
    \If{\(f(a) f(m) \le 0\)}
      \State \(b \gets m\)
    \Else
      \State \(a \gets m\)
    \EndIf
  \EndFor
  \State \Return \((a + b) / 2\)
\EndFunction
\end{algorithmic}
"""
PLAIN = r"Let \(f\) be a continuous function on \([a, b]\) with \(a \lt b\)."
REQUIRE = "\\Require \\(f(a) f(b) \\lt 0\\)\n"


def _bisect(tmp_path, prose=PLAIN, above="", inside=""):
    note = tmp_path / "bisect.md"
    note.write_text(BISECT.replace("<prose>", prose).replace("<above>", above).replace("<inside>", inside))
    return note


@pytest.mark.parametrize(
    ("prose", "above", "inside", "where", "said"),
    [
        # round 72: the prose's "f(a) f(b) < 0" was not enforced (its "a < b" was), nor a \Require
        # written as the first line inside \Function; a bracket with no sign change ran to a "root"
        (
            r"Let \(f\) be continuous on \([a, b]\) with \(a \lt b\) whose values at the ends have opposite signs, "
            r"\(f(a) f(b) \lt 0\).",
            "",
            "",
            (5, 104),
            "the prose at line 5",
        ),
        (r"Let \(a \lt b\) be such that \(f(a) f(b) \lt 0\).", "", "", (5, 32), "the prose at line 5"),
        (PLAIN, "", "  " + REQUIRE, (11, 14), "\\Require at line 11"),
        (PLAIN, REQUIRE, "", (10, 12), "\\Require at line 10"),  # as before: above the function
    ],
    ids=["prose apposition", "prose such that", "require inside the function", "require above it"],
)
def test_a_precondition_over_values_of_a_displayed_function_is_tested_on_entry(
    tmp_path, prose, above, inside, where, said
):
    note = _bisect(tmp_path, prose, above, inside)
    listing = algoverify.load(note).listing(1)
    result = listing.run({"a": 3.0, "b": 4.0, "K": 3})
    assert result.finding is not None and result.finding.code == "AV309"
    assert result.finding.message == "precondition violated: f(a) f(b) \\lt 0 does not hold (a = 3.0, b = 4.0)"
    assert listing.source.line_col(result.finding.span.start) == where
    assert listing(a=0.0, b=4.0, K=40) == pytest.approx(2 ** (1 / 3))  # a bracket that holds the root runs
    assert f"preconditions on the inputs together (tested on entry):\n  f(a) f(b) \\lt 0, from {said}\n" in (
        describe_inputs(listing)
    )
    assert [f.code for f in api.lint([note]).all_findings() if f.code.startswith("AV3")] == []


@pytest.mark.parametrize(
    "prose",
    [
        # a relation that argues or quantifies assumes nothing of the inputs: nothing to test
        r"Since \(f(a) f(b) \lt 0\) for the bracket we take, bisection converges.",
        r"Let \(a \lt b\) be such that \(f(a) f(b) \lt 0\) for all choices.",
    ],
    ids=["since", "for all"],
)
def test_a_relation_of_function_values_that_is_no_assumption_is_not_tested(tmp_path, prose):
    listing = algoverify.load(_bisect(tmp_path, prose)).listing(1)
    assert listing(a=3.0, b=4.0, K=3) == pytest.approx(3.9375)


@pytest.mark.parametrize(
    ("prose", "above", "expected"),
    [
        (
            r"Let \(a \lt b\) be such that \(g(a) g(b) \lt 0\).",
            "",
            (
                (5, 32),
                "g is not defined: the precondition \\(g(a) g(b) \\lt 0\\) (the prose at line 5) applies it, so no "
                "run can test the precondition on entry; define it in a display (\\(g(x) = \\dots\\)) or make it a "
                "parameter of Bisect",  # the precondition's statement runs: no "this statement will not run"
            ),
        ),
        (
            PLAIN,
            "\\Require \\(h(a) \\ne 0\\)\n",
            (
                (10, 12),
                "h is not defined: the precondition \\(h(a) \\ne 0\\) applies it, so no run can test the precondition "
                "on entry; define it in a display (\\(h(x) = \\dots\\)) or make it a parameter of Bisect",
            ),
        ),
    ],
    ids=["prose", "require"],
)
def test_a_precondition_no_run_can_evaluate_is_said_at_lint(tmp_path, prose, above, expected):
    note = _bisect(tmp_path, prose, above)
    result = api.lint([note])
    source = result.sources[note]
    found = [(source.line_col(f.span.start), f.message) for f in result.all_findings() if f.code == "AV303"]
    assert found == [expected]
    # --help-inputs lists the precondition, and says no run tests it, as lint does
    (listing,) = algoverify.load(note).listings
    (line,) = [x for x in describe_inputs(listing).splitlines() if "not defined" in x]
    assert line.endswith(f"; not tested: {expected[1][0]} is not defined")


def test_help_inputs_calls_a_precondition_over_a_displayed_function_tested(tmp_path):
    note = _bisect(tmp_path, r"Let \(a \lt b\) be such that \(f(a) f(b) \lt 0\).")
    (listing,) = algoverify.load(note).listings
    assert "  f(a) f(b) \\lt 0, from the prose at line 5\n" in describe_inputs(listing)


JACOBI = r"""---
title: t
---

Let \(A\) be an \(n \times n\) matrix and \(b \in \mathbb{R}^{n}\). <said> It converges from any start.

\begin{algorithmic}[1]
\Function{Jacobi}{<params>}
  \State \(x \gets x_0\)
  \For{\(k = 1, \dots, K\)}
    \State \(x \gets x + D^{-1} (b - A x)\)
  \EndFor
  \State \Return \(x\)
\EndFunction
\end{algorithmic}
"""


def _in_words(what, given="make it a parameter of Jacobi"):
    return (
        "D is not defined: the prose at line 5 says what it is only in words "
        f"({what}), which a run cannot compute; write it as a formula (\\(D = \\dots\\)) for the listing to "
        f"compute it, or {given} (this statement will not run)"
    )


@pytest.mark.parametrize(
    ("said", "params", "expected"),
    [
        # round 72: D was taken as one more input (or an unbound name with a generic hint), and run
        # and every check stopped at AV307
        (r"Let \(D\) be the diagonal part of \(A\).", r"\(A, b, x_0, K\)", [_in_words("the diagonal part of \\(A\\)")]),
        (
            r"Write \(D\) for the diagonal part of \(A\).",
            r"\(A, b, x_0, K\)",
            [_in_words("the diagonal part of \\(A\\)")],
        ),
        (r"Write D for the diagonal part of A.", r"\(A, b, x_0, K\)", [_in_words("the diagonal part of A")]),
        (
            r"We use \(D\), the diagonal part of \(A\).",
            r"\(A, b, x_0, K\)",
            [_in_words("the diagonal part of \\(A\\)")],
        ),
        (r"Let \(D\) be the diagonal part of \(A\).", r"\(A, b, x_0, K, D\)", []),  # a parameter: given
        (
            r"Write \(D = \operatorname{diag}(\operatorname{diag}(A))\) for the diagonal part of \(A\).",
            r"\(A, b, x_0, K\)",
            [],
        ),
    ],
    ids=["let be", "write for", "write for, in words", "apposition", "a parameter", "a formula"],
)
def test_a_name_a_definition_says_only_in_words_is_said_at_lint(tmp_path, said, params, expected):
    note = tmp_path / "jacobi.md"
    note.write_text(JACOBI.replace("<said>", said).replace("<params>", params))
    result = api.lint([note])
    source = result.sources[note]
    found = [(source.line_col(f.span.start), f.message) for f in result.all_findings() if f.code.startswith("AV3")]
    assert found == [((11, 26), message) for message in expected]
    listing = algoverify.load(note).listing(1)
    assert "  A    n × n matrix, from the parameters at line 8 and the prose at line 5\n" in describe_inputs(listing)


def test_a_listing_without_functions_is_told_to_declare_what_the_prose_says_in_words(tmp_path):
    note = tmp_path / "jacobi.md"
    note.write_text(
        "---\ntitle: t\n---\n\nLet \\(A\\) be an \\(n \\times n\\) matrix. Write \\(D\\) for the diagonal part of \\(A\\).\n\n"
        "\\begin{algorithmic}[1]\n\\Require \\(A\\), \\(b\\)\n\\State \\(x \\gets D^{-1} b\\)\n\\State \\Return \\(x\\)\n"
        "\\end{algorithmic}\n"
    )
    result = api.lint([note])
    source = result.sources[note]
    found = [(source.line_col(f.span.start), f.message) for f in result.all_findings() if f.code == "AV303"]
    assert found == [((9, 18), _in_words("the diagonal part of \\(A\\)", "declare it in \\Require"))]


@pytest.mark.parametrize(
    ("sentence", "said"),
    [
        # round 72: adjectives no list foresaw lost the shape ("A a value"), and with it the size n
        (r"Let \(A\) be an \(n \times n\) strictly diagonally dominant matrix and \(b\) a vector.", "n × n matrix"),
        (r"Take an \(n \times n\) strictly diagonally dominant matrix \(A\) and a vector \(b\).", "n × n matrix"),
        (r"Take an \(n \times n\) matrix \(A\) and a vector \(b\).", "n × n matrix"),  # as before
    ],
    ids=["let be", "before the name", "no adjectives"],
)
def test_a_shape_is_read_through_the_adjectives_before_its_noun(tmp_path, sentence, said):
    note = tmp_path / "note.md"
    note.write_text(
        f"---\ntitle: t\n---\n\n{sentence}\n\n\\begin{{algorithmic}}[1]\n\\Function{{F}}{{\\(A, b\\)}}\n"
        "  \\State \\Return \\(A b\\)\n\\EndFunction\n\\end{algorithmic}\n"
    )
    listing = algoverify.load(note).listing(1)
    where = "from the parameters at line 8 and the prose at line 5"
    assert f"  A  {said}, {where}\n" in describe_inputs(listing)


def _sentences(body):
    from algoverify.reading.blocks import find_blocks
    from algoverify.reading.notes import parse_note
    from algoverify.reading.prose import sentences

    note = parse_note(Path("note.md"), "---\ntitle: t\n---\n" + body)
    return [(*note.source.line_col(s.span.start), s.text) for s in sentences(note, find_blocks(note)[0])]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # round 72: "… part of A. Jacobi's …" was one sentence (A. read as an initial), and AV604 quoted both
        (
            "Let \\(A\\) be a matrix. Write D for the diagonal part of A. Jacobi's iteration converges.\n",
            [
                (4, 1, "Let \\(A\\) be a matrix."),
                (4, 24, "Write D for the diagonal part of A."),
                (4, 60, "Jacobi's iteration converges."),
            ],
        ),
        ("We invert the matrix A. Jacobi did so.\n", [(4, 1, "We invert the matrix A."), (4, 25, "Jacobi did so.")]),
        # an initial, an abbreviation before a capital, a figure's number: no end
        ("Thanks to A. Smith for \\(B\\). Next.\n", [(4, 1, "Thanks to A. Smith for \\(B\\)."), (4, 31, "Next.")]),
        (
            "Take a matrix, e.g. A with \\(A\\) invertible. Next.\n",
            [(4, 1, "Take a matrix, e.g. A with \\(A\\) invertible."), (4, 46, "Next.")],
        ),
        ("See Fig. 2 for \\(A\\). Next.\n", [(4, 1, "See Fig. 2 for \\(A\\)."), (4, 23, "Next.")]),
    ],
    ids=["a letter the math names", "after a noun", "an initial", "e.g.", "Fig."],
)
def test_a_capital_letter_the_note_names_ends_a_sentence(body, expected):
    assert _sentences(body) == expected


@pytest.mark.parametrize(
    ("sentence", "said"),
    [
        # round 72: "a fixed number K ≥ 0 of times" made K a real scalar: K = 2.5 was let in, to fail at the loop
        (r"Bisection halves the bracket a fixed number \(K \ge 0\) of times.", "natural scalar; K \\ge 0"),
        (r"It takes a number \(K\) of iterations.", "natural scalar"),
        (r"Take a number \(K\) of apples.", "real scalar"),  # a number of anything else: still a number
    ],
    ids=["of times", "of iterations", "of something else"],
)
def test_a_number_of_times_is_a_whole_number(tmp_path, sentence, said):
    note = _bisect(tmp_path, PLAIN + " " + sentence)
    listing = algoverify.load(note).listing(1)
    assert f"  K  {said}, from the parameters at line 10 and the prose at line 5\n" in describe_inputs(listing)
    result = listing.run({"a": 0.0, "b": 2.0, "K": 2.5})
    if said.startswith("natural"):
        assert result.finding is not None and result.finding.code == "AV309"
        assert result.finding.message == "precondition violated: K ∈ natural numbers does not hold (K = 2.5)"
    else:  # let in, as before: the loop then says its bound is no integer
        assert result.finding is not None and result.finding.code == "AV306"
        assert result.finding.message == "loop bound K = 2.5 is not an integer"
