r"""Readings of textbook listings met in the fifty-fourth round of notes written from the docs alone.

Each case is our own text, in the notation of a textbook of algorithms: a definition in the prose
with a case after it ("and \(g(j) = 0\) if …"), the constants ``TRUE`` and ``FALSE`` written in
capitals, an object's attributes (``A.length``) and a range written from its first two members.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import prose_note

import algoverify
from algoverify import api

_CHAIN = r"""
\State $T[0] = 0$
\For{$j = 1, 2, \dots, n$}
  \State $T[j] = \max(c_j + T[g(j)], T[j - 1])$
\EndFor
\State \Return $T[n]$
"""


def test_a_definition_with_a_case_after_it_defines_nothing_and_the_drawn_values_are_read(tmp_path):
    # "and g(j) = 0 if …" is one case of what g is; read as g(j) = 0 for every j it refuted a correct listing
    prose = (
        r"There are \(n\) jobs with gains \(c_j\). We let \(g(j)\) be the last job before \(j\) that "
        r"fits with it, and \(g(j) = 0\) if no job before \(j\) fits with it."
    )
    spec = (
        "  checks:\n    - id: best\n      kind: property\n      listing: 1\n"
        '      inputs: {n: "integers(1, 6)", c: "integers(1, 9, n)", g: "integers(0, 0, n)"}\n'
        "      holds: 'result = \\max_j c_j'\n"
    )
    note = prose_note(tmp_path, prose, _CHAIN, spec)
    listing = api.load(note).listings[0]
    assert "g" in listing.inputs
    # g(2) = 1: job 2 fits after job 1, so both gains count
    assert listing(n=2, c=np.array([3, 4]), g=np.array([0, 1])) == 7


@pytest.mark.parametrize(
    ("returned", "expected"),
    [(r"\Return TRUE", True), (r"\Return FALSE", False), (r"\Return \textsc{true}", True)],
)
def test_true_and_false_in_capitals_are_the_truth_values(tmp_path, returned, expected):
    body = (
        "\\Require $a, b$\n\\If{$a > b$}\n  \\State "
        + returned
        + "\n\\EndIf\n\\State \\Return "
        + ("FALSE" if expected else "TRUE")
    )
    note = prose_note(tmp_path, r"The numbers \(a\) and \(b\) are compared.", body)
    listing = api.load(note).listings[0]
    assert listing(a=2, b=1) is expected
    assert listing(a=1, b=2) is (not expected)


_MARKED = r"""
\Require $N$
\For{$i \gets 2$ \textbf{to} $N - 1$}
  \State $a[i] \gets i \bmod 2$
\EndFor
\State \Return $\{ i : 2 \le i < N, a[i] = 1 \}$
"""


@pytest.mark.parametrize(("N", "expected"), [(2, []), (3, []), (8, [3, 5, 7])])
def test_a_set_builder_bounded_by_its_condition_runs_over_that_range_with_brackets_too(N, expected):
    # a[i] as the condition's index: i runs over 2, …, N - 1 as written, so N = 2 never reads the unset a
    run = algoverify.compile("\\begin{algorithmic}\n" + _MARKED.strip() + "\n\\end{algorithmic}", index_base=0)
    assert sorted(run(N=N)) == expected


_BORDERS = r"""
\Require $P$
\State $m \gets P.\mathit{length}$
\State let $\pi[1 \twodots m]$ be a new array
\State $\pi[1] \gets 0$
\For{$q \gets 2$ \textbf{to} $m$}
  \State $\pi[q] \gets \pi[q - 1] + 1$
\EndFor
\State \Return $\pi$
"""


def test_an_array_let_be_new_starts_empty_and_an_attribute_length_is_its_length():
    # CLRS 3e: "let π[1..m] be a new array" and P.length; the table holds what is stored, from 1
    run = algoverify.compile("\\begin{algorithmic}\n" + _BORDERS.strip() + "\n\\end{algorithmic}")
    np.testing.assert_array_equal(run(P=np.array([5.0, 6.0, 7.0])), [0, 1, 2])


def test_an_entry_of_a_new_array_read_before_it_is_stored_is_said_at_the_read():
    body = _BORDERS.replace(r"\State $\pi[1] \gets 0$" + "\n", "")
    run = algoverify.compile("\\begin{algorithmic}\n" + body.strip() + "\n\\end{algorithmic}")
    with pytest.raises(algoverify.ExecutionError, match="AV306") as caught:
        run(P=np.array([5.0, 6.0]))
    assert "never set" in str(caught.value)


@pytest.mark.parametrize(("attribute", "expected"), [("length", 3), ("rows", 3), ("columns", 2)])
def test_the_attributes_a_textbook_gives_an_array_are_its_lengths(attribute, expected):
    run = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $W$\n\\State \\Return $W." + attribute + "$\n\\end{algorithmic}"
    )
    assert run(W=np.zeros((3, 2))) == expected


@pytest.mark.parametrize(
    ("written", "end", "expected"),
    [
        ("0, 1, \\dots, W", 3, [0, 1, 2, 3]),
        ("0, 1, \\dots, W", 0, [0]),  # Kleinberg and Tardos's capacities w = 0, 1, …, W with W = 0
        ("0, 1, \\dots, W", -1, []),
        ("W, W - 1, \\dots, 1", 1, [1]),
        ("W, W - 1, \\dots, 1", 0, []),
        ("0, 2, \\dots, W", 4, [0, 2, 4]),
        ("0, 2, \\dots, W", 0, [0]),
    ],
)
def test_a_range_written_by_its_first_two_terms_ends_where_its_end_says_also_before_the_second(written, end, expected):
    # "… for each w = 0, 1, …, W" and the set {0, 1, …, W}: what a loop over the same range runs
    run = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $W$\n\\State \\Return $\\{" + written + "\\}$\n\\end{algorithmic}"
    )
    assert sorted(run(W=end)) == expected


def test_a_range_that_cannot_reach_its_end_is_still_said():
    run = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $W$\n\\State \\Return $\\{0, 2, \\dots, W\\}$\n\\end{algorithmic}"
    )
    with pytest.raises(algoverify.ExecutionError, match="not a progression that reaches 3"):
        run(W=3)


_CAPACITIES = r"""
\Require $n, W$
\For{$i = 1, 2, \dots, n$}
  \For{$w = 0, \dots, W$}
    \If{$w < w_i$}
      \State $M[i, w] \gets M[i - 1, w]$
    \EndIf
  \EndFor
\EndFor
"""


def test_an_entry_of_a_loops_counter_is_said_at_lint_where_it_is_read(tmp_path):
    # Kleinberg and Tardos run w over the capacities and read w_i, the weight of item i: the run cannot
    note = tmp_path / "capacities.md"
    text = "The items have weights \\(w_1, \\dots, w_n\\).\n\n\\begin{algorithmic}\n" + _CAPACITIES.strip()
    note.write_text(text + "\n\\end{algorithmic}\n")
    result = api.lint([note])
    found = [f for f in result.all_findings() if f.code == "AV204"]
    assert [f.message.split(":")[0] for f in found] == ["ambiguous"]
    assert "w_i reads an entry of w, the counter of the loop around it" in found[0].message
    line, column = result.sources[found[0].path].line_col(found[0].span.start)
    assert note.read_text().splitlines()[line - 1][column - 1 :].startswith("w_i$")
    # with the counter named u, the weights are read as they are given: nothing to say
    renamed = text.replace("$w = 0", "$u = 0").replace("$w < w_i", "$u < w_i").replace(", w]", ", u]")
    note.write_text(renamed + "\n\\end{algorithmic}\n")
    assert [f for f in api.lint([note]).all_findings() if f.code == "AV204"] == []


@pytest.mark.parametrize(
    "prose",
    [
        r"Let \(W\) be an \(n \times n\) matrix of edge weights.",
        r"Let \(W\) be the \(n \times n\) matrix of edge weights.",  # CLRS: "the n × n matrix"
        r"Let \(W\) be the \(n \times n\) weight matrix.",
    ],
)
def test_a_matrix_introduced_with_its_size_gives_the_size_with_a_or_the(tmp_path, prose):
    note = prose_note(tmp_path, prose, r"\State \Return \(\sum_{i=1}^{n} W_{ii}\)")
    assert api.load(note).listings[0](W=np.eye(3)) == 3
