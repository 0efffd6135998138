r"""Conditions papers write half in words, and the ranges they give a quantifier (issue 19).

``\If{$t_{j+i} = s_i$ for $i = 1, \dots, m$}`` states a universal condition in English; ``\forall
i = 1, \dots, m`` and ``\forall 1 \le i \le m`` range over integers as ``\forall i \in \{1, \dots,
m\}`` does. Each runs with that meaning, and lint sees the names it reads.
"""

from __future__ import annotations

import numpy as np
import pytest

import algoverify
from algoverify import api
from algoverify.math.mathexpr import parse_math
from algoverify.math.mathtree import In, Quant, Range, SetLit

T = np.array([1.0, 2.0, 3.0, 4.0])


def _listing(condition: str):
    body = "\n".join(
        [
            r"\Require $t, s, j, m$",
            rf"\If{{{condition}}}",
            r"\State \Return $1$",
            r"\EndIf",
            r"\State \Return $0$",
        ]
    )
    return algoverify.compile("\\begin{algorithmic}\n" + body + "\n\\end{algorithmic}")


@pytest.mark.parametrize(
    "written, last",
    [
        (r"\forall i = 1, \dots, m: s_i = 0", "m"),
        (r"\forall i=1,\dots,m, s_i = 0", "m"),
        (r"\forall 1 \le i \le m: s_i = 0", "m"),
        (r"\forall 1 \le i < m: s_i = 0", "m - 1"),
        (r"s_i = 0 \quad \forall i = 1, \dots, m", "m"),
        (r"s_i = 0, \forall i = 1, \dots, m", "m"),
    ],
)
def test_a_quantifier_over_written_ends_ranges_over_the_integers_between(written, last):
    tree = parse_math(written)
    assert isinstance(tree, Quant) and tree.body is not None
    assert isinstance(tree.var, In) and isinstance(tree.var.set, SetLit)
    (whole,) = tree.var.set.items
    assert isinstance(whole, Range)
    expected_last = parse_math(last)
    assert type(whole.hi) is type(expected_last)


@pytest.mark.parametrize(
    "condition",
    [
        r"$t_{j+i} = s_i$ for $i = 1, \dots, m$",
        r"$t_{j+i} = s_i$ for all $i \in \{1, \dots, m\}$",
        r"$t_{j+i} = s_i$ for every $1 \le i \le m$",
        r"$\forall i = 1, \dots, m: t_{j+i} = s_i$",
        r"$m \ge 1$ \textbf{and} $t_{j+i} = s_i$ for $i = 1, \dots, m$",
        r"$m \ge 1$ and $t_{j+i} = s_i$ for $i = 1, \dots, m$",
    ],
)
def test_a_statement_for_a_range_holds_for_every_value_of_it(condition):
    run = _listing(condition)
    assert run(t=T, s=np.array([2.0, 3.0]), j=1, m=2) == 1  # t_2 t_3 = s_1 s_2
    assert run(t=T, s=np.array([2.0, 4.0]), j=1, m=2) == 0  # t_3 ≠ s_2: one failure is enough
    assert run(t=T, s=np.array([1.0, 9.0]), j=0, m=1) == 1  # only the first symbol is compared


@pytest.mark.parametrize(
    "condition, negative, positive",
    [
        (r"$s_i < 0$ for some $i$", [1.0, -2.0], [1.0, 2.0]),
        (r"$s_i < 0$ for at least one $i \in \{1, \dots, m\}$", [1.0, -2.0], [1.0, 2.0]),
        (r"$s_i \ge 0$ for all $i$", [1.0, 2.0], [1.0, -2.0]),  # over the indices of s
    ],
)
def test_for_some_is_there_exists_and_a_bare_variable_runs_over_the_indices_it_reads(condition, negative, positive):
    run = _listing(condition)
    assert run(t=T, s=np.array(negative), j=0, m=2) == 1
    assert run(t=T, s=np.array(positive), j=0, m=2) == 0


def test_or_between_clauses_needs_one_of_them():
    run = _listing(r"$j = 0$ \textbf{or} $t_{j+i} = s_i$ for $i = 1, \dots, m$")
    assert run(t=T, s=np.array([9.0]), j=0, m=1) == 1
    assert run(t=T, s=np.array([9.0]), j=1, m=1) == 0


@pytest.mark.parametrize(
    "condition",
    [
        r"$t_{j+i} = s_i$ whenever $i = 1, \dots, m$",  # not the word a range is given with
        r"$t_{j+i} = s_i$ for $i > 0$",  # a relation, not a range
        r"$j = 0$ and $m = 1$ or $t_{j+i} = s_i$ for $i = 1, \dots, m$",  # and and or mixed: no reading
    ],
)
def test_words_that_name_no_range_still_need_a_binding(condition):
    with pytest.raises(algoverify.ExecutionError, match="AV304|no binding"):
        _listing(condition)(t=T, s=np.array([2.0]), j=1, m=1)


def _note(tmp_path, prose: str):
    note = tmp_path / "match.md"
    note.write_text(
        f"---\ntitle: match\n---\n\n{prose}\n\n"
        "\\begin{algorithmic}[1]\n"
        "\\Function{Match}{$t, s, j$}\n"
        "  \\If{$t_{j+i} = s_i$ for $i = 1, \\dots, m$}\n"
        "    \\State \\Return $1$\n"
        "  \\EndIf\n"
        "  \\State \\Return $0$\n"
        "\\EndFunction\n"
        "\\end{algorithmic}\n"
    )
    return note


def test_the_size_a_worded_condition_reads_comes_from_the_prose(tmp_path):
    note = _note(tmp_path, r"The text \(t\) has \(n\) symbols and the pattern \(s\) has \(m\) symbols.")
    assert [f.code for f in api.lint([note]).all_findings() if f.code != "AV604"] == []
    run = algoverify.load(note).listings[0]
    assert run(t=T, s=np.array([3.0, 4.0]), j=2) == 1


def test_lint_finds_the_unbound_size_a_worded_condition_reads(tmp_path):
    note = _note(tmp_path, r"Here \(t\) is the text and \(s\) the pattern.")
    (finding,) = [f for f in api.lint([note]).all_findings() if f.code != "AV604"]
    assert finding.code == "AV303" and finding.message.startswith("m is not defined")
    text = note.read_text()
    assert text[finding.span.start] == "m" and text.count("\n", 0, finding.span.start) + 1 == 9
    assert text[finding.span.start - 7 : finding.span.start] == "\\dots, "  # the m of "1, \dots, m"
