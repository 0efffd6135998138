r"""How a listing runs: the meaning a careful reader gives it (issue: run listings as a mathematician reads them).

Each row is a small listing written the way textbooks write them, run through
``algoverify.compile``, with the value a reader expects.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import algoverify
from algoverify import ExecutionError


def run(latex: str, **inputs):
    return algoverify.compile("\\begin{algorithmic}\n" + latex.strip() + "\n\\end{algorithmic}")(**inputs)


# --- exact comparisons ----------------------------------------------------------------------------

EXACT = [
    # `=` inside a listing is equality, not "close": 1 and 1 + 1e-12 differ
    (
        r"\Require $x, y$" "\n" r"\If{$x = y$} \State \Return $1$ \Else \State \Return $0$ \EndIf",
        {"x": 1.0, "y": 1.0 + 1e-12},
        0,
    ),
    (
        r"\Require $x, y$" "\n" r"\If{$x = y$} \State \Return $1$ \Else \State \Return $0$ \EndIf",
        {"x": 0.5, "y": 0.5},
        1,
    ),
    (
        r"\Require $x, y$" "\n" r"\If{$x \ne y$} \State \Return $1$ \Else \State \Return $0$ \EndIf",
        {"x": 1.0, "y": 1.0 + 1e-12},
        1,
    ),
    (
        r"\Require $x, y$" "\n" r"\If{$x \le y$} \State \Return $1$ \Else \State \Return $0$ \EndIf",
        {"x": 1.0 + 1e-12, "y": 1.0},
        0,
    ),
    (
        r"\Require $x, y$" "\n" r"\If{$x \ge y$} \State \Return $1$ \Else \State \Return $0$ \EndIf",
        {"x": 1.0, "y": 1.0 + 1e-12},
        0,
    ),
    # a stopping test on small numbers must not stop early: halve until below 1e-12
    (
        r"\Require $x$"
        "\n"
        r"\State $k \gets 0$"
        "\n"
        r"\While{$x \ge 10^{-12}$} \State $x \gets x / 2$ \State $k \gets k + 1$ \EndWhile"
        "\n"
        r"\State \Return $k$",
        {"x": 1.0},
        40,
    ),
]


@pytest.mark.parametrize("latex, inputs, expected", EXACT)
def test_comparisons_in_a_listing_are_exact(latex, inputs, expected):
    assert run(latex, **inputs) == expected


# --- functions and recursion ----------------------------------------------------------------------

FIB = r"""
\Function{Fib}{$n$}
  \If{$n \le 1$}
    \State \Return $n$
  \EndIf
  \State \Return $\Call{Fib}{n-1} + \Call{Fib}{n-2}$
\EndFunction
"""

HELPERS = r"""
\Function{Square}{$x$}
  \State \Return $x \cdot x$
\EndFunction
\Function{SumSquares}{$a$, $b$}
  \State $s \gets \Call{Square}{a} + \Call{Square}{b}$
  \State \Return $s$
\EndFunction
"""


def test_a_recursive_function():
    fib = algoverify.compile("\\begin{algorithmic}" + FIB + "\\end{algorithmic}")
    assert (fib.name, fib.inputs) == ("Fib", ("n",))
    assert [fib(n=k) for k in range(10)] == [0, 1, 1, 2, 3, 5, 8, 13, 21, 34]


def test_functions_of_one_listing_call_each_other_and_the_entry_is_the_one_nobody_calls():
    listing = algoverify.compile("\\begin{algorithmic}" + HELPERS + "\\end{algorithmic}")
    assert listing.name == "SumSquares" and listing.function_names == ("Square", "SumSquares")
    assert listing(a=3.0, b=4.0) == 25.0
    assert listing.function("Square")(5.0) == 25.0
    with pytest.raises(KeyError, match="defines no function"):
        listing.function("Cube")


def test_runaway_recursion_is_reported_at_the_call():
    listing = algoverify.compile(
        "\\begin{algorithmic}\n\\Function{Down}{$n$}\n\\State \\Return $\\Call{Down}{n+1}$\n\\EndFunction\n\\end{algorithmic}"
    )
    with pytest.raises(ExecutionError) as info:
        listing(n=0)
    finding = info.value.finding
    assert finding.code == "AV301" and "deeper than the budget of 200" in finding.message
    assert listing.source.line_col(finding.span.start) == (3, 1)  # the \Return that calls


def test_a_listing_called_twice_starts_fresh():
    listing = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $n$\n\\State $s \\gets 0$\n"
        "\\For{$i = 1, \\dots, n$} \\State $s \\gets s + i$ \\EndFor\n\\State \\Return $s$\n\\end{algorithmic}"
    )
    assert listing(n=4) == 10 and listing(n=4) == 10


@pytest.mark.parametrize(
    "body, outputs",
    [
        (r"\State \Return $x$", ("x",)),
        (r"\If{$x > 0$} \State \Return $x$ \EndIf" "\n" r"\State \Return $x$", ("x",)),
        (r"\If{$x > 0$} \State \Return $x$ \EndIf" "\n" r"\State \Return $-x$", ("result",)),
        (r"\State \Return $x, y$", ("x", "y")),
        (r"\If{$x > 0$} \State \Return $x, y$ \EndIf" "\n" r"\State \Return $y, y$", ("result_1", "y")),
    ],
)
def test_outputs_are_the_returned_names_where_every_return_agrees(body, outputs):
    listing = algoverify.compile(f"\\begin{{algorithmic}}\n\\Require $x, y$\n{body}\n\\end{{algorithmic}}")
    assert listing.outputs == outputs


# --- inputs, sizes and preconditions --------------------------------------------------------------

DECLARED = r"""
\begin{algorithmic}
\Require $x \in \mathbb{R}^{n}$, tolerance $\tau \gt 0$, $A \in \mathbb{R}^{m \times n}$, $k \in \mathbb{N}$
\State $s \gets 0$
\For{$i = 1, \dots, n$} \State $s \gets s + x_i$ \EndFor
\State \Return $s + m + k$
\end{algorithmic}
"""


def test_inputs_and_sizes_come_from_the_declarations():
    listing = algoverify.compile(DECLARED)
    assert listing.inputs == ("x", "tau", "A", "k")
    described = [d.describe() for d in listing.program.declarations.inputs]
    assert described == ["x: vector of length n", r"tau: a value; \tau \gt 0", "A: m × n matrix", "k: natural scalar"]
    # n from len(x) and A's columns, m from A's rows: neither is an input to give
    assert listing(x=np.ones(3), tau=0.1, A=np.zeros((2, 3)), k=4) == 3 + 2 + 4
    # a size may be given too, and is then checked
    assert listing(x=np.ones(3), tau=0.1, A=np.zeros((2, 3)), k=4, n=3) == 9


@pytest.mark.parametrize(
    "inputs, code, column, words",
    [
        (dict(x=np.ones(3), tau=-1.0, A=np.zeros((2, 3)), k=1), "AV309", 45, r"\tau \gt 0 does not hold (tau = -1.0)"),
        (dict(x=np.ones((3, 3)), tau=1.0, A=np.zeros((2, 3)), k=1), "AV309", 11, "not a vector"),
        (dict(x=np.ones(3), tau=1.0, A=np.zeros((2, 3)), k=1.5), "AV309", 92, r"k \in \mathbb{N} does not hold"),
        (dict(x=np.ones(3), tau=1.0, A=np.zeros((2, 4)), k=1), "AV307", 1, "disagree on the size n"),
        (dict(x=np.ones(3), tau=1.0, A=np.zeros((2, 3)), k=1, n=4), "AV307", 1, "n = 4 was given"),
    ],
)
def test_a_violated_precondition_is_reported_as_such(inputs, code, column, words):
    listing = algoverify.compile(DECLARED)
    with pytest.raises(ExecutionError) as info:
        listing(**inputs)
    finding = info.value.finding
    assert finding.code == code and words in finding.message
    line, col = listing.source.line_col(finding.span.start)
    assert (line, col) == ((3, column) if code == "AV309" else (2, 1))


SYMMETRIC = r"""\begin{algorithmic}
\Require symmetric matrix \(A\)
\State \Return \(A_{1,2}\)
\end{algorithmic}"""
_S = np.array([[2.0, 1.0], [1.0, 3.0]])


@pytest.mark.parametrize(
    "A, holds",
    [
        (_S, True),  # exactly symmetric: the first test settles it
        (_S + np.array([[0.0, 1e-12], [0.0, 0.0]]), True),  # within the tolerance (1e-10 of the largest entry)
        (_S + np.array([[0.0, 1e-6], [0.0, 0.0]]), False),
        (np.array([[1.0, 2.0], [3.0, 1.0]]), False),
        (np.array([[1.0, np.nan], [2.0, 1.0]]), True),  # not numbers throughout: the property is not tested
        (np.array([[1, 2], [2, 1]]), True),  # integers
        (np.array([[1.0, 2.0, 3.0], [2.0, 1.0, 4.0]]), True),  # not square: the words do not apply
    ],
)
def test_a_symmetric_matrix_is_required_on_entry(A, holds):
    listing = algoverify.compile(SYMMETRIC)
    if holds:
        assert listing(A=A) == A[0, 1] or np.isnan(A[0, 1])
        return
    with pytest.raises(ExecutionError) as info:
        listing(A=A)
    assert info.value.finding.code == "AV309"


@settings(max_examples=80, deadline=None)
@given(
    n=st.sampled_from([1, 2, 127, 128, 129, 191, 192, 200, 256, 300]),
    where=st.tuples(st.floats(0, 1, exclude_max=True), st.floats(0, 1, exclude_max=True)),
    change=st.sampled_from([0.0, 1e-300, 1.0, np.nan]),
)
def test_the_symmetry_test_in_strips_is_the_plain_one(n, where, change):
    # the strips split at 64 rows: a change anywhere, on either side of the diagonal, at any size
    from algoverify.running.inputs import _exactly_symmetric

    m = np.arange(n * n, dtype=float).reshape(n, n) % 7
    a = m + m.T
    i, j = int(where[0] * n), int(where[1] * n)
    a[i, j] += change
    assert _exactly_symmetric(a) == bool((a == a.T).all())


def test_a_precondition_is_compiled_once_and_tested_on_every_call(monkeypatch):
    # every trial calls its listing: compiling \tau \gt 0 again on each call cost more than testing it
    from algoverify.running import inputs as entry

    compiled = []
    compile_expr = entry.compile_expr
    monkeypatch.setattr(entry, "compile_expr", lambda node, ctx: compiled.append(node) or compile_expr(node, ctx))
    listing = algoverify.compile(DECLARED)
    for declared in listing.program.declarations.inputs:  # parsed trees are shared: another test compiled them
        for condition, _ in declared.constraints:
            condition.__dict__.pop("_precondition", None)
    good = dict(x=np.ones(3), A=np.zeros((2, 3)), k=4)
    for tau in (0.1, 0.2, 0.3):
        assert listing(tau=tau, **good) == 9
    with pytest.raises(ExecutionError) as info:
        listing(tau=-1.0, **good)
    assert info.value.finding.code == "AV309" and len(compiled) == 1


@pytest.mark.parametrize(
    "condition, column",
    [
        (r"\(a d - b c \ne 0\)", 32),  # a relation that names no input alone: a condition on them together
        (r"\(a d \ne b c\)", 32),  # `a d` after a, …, d is their product, not a new input `ad`
    ],
)
def test_a_require_condition_on_several_inputs_is_a_precondition(condition, column):
    listing = algoverify.compile(
        f"\\begin{{algorithmic}}\n\\Require \\(a, b, c, d\\) with {condition}\n"
        "\\State \\(e \\gets d / (a d - b c)\\)\n\\State \\Return \\(e\\)\n\\end{algorithmic}"
    )
    assert listing.inputs == ("a", "b", "c", "d")
    assert listing(a=1.0, b=2.0, c=3.0, d=4.0) == -2.0
    with pytest.raises(ExecutionError) as info:
        listing(a=1.0, b=2.0, c=2.0, d=4.0)  # singular: never run, never "division by zero"
    finding = info.value.finding
    assert finding.code == "AV309"
    assert finding.message.endswith("does not hold (a = 1.0, b = 2.0, c = 2.0, d = 4.0)")
    assert listing.source.line_col(finding.span.start) == (2, column)


def test_columns_of_a_matrix_and_lengths_said_in_words():
    listing = algoverify.compile(
        "\\begin{algorithmic}\n\\Require matrix $A = [a_1, \\dots, a_n]$, vector $y$ of length $m$\n"
        "\\State \\Return $a_n + y + m n$\n\\end{algorithmic}"
    )
    assert listing.inputs == ("A", "y")
    A = np.array([[1.0, 2.0], [3.0, 4.0]])
    # a_n is A's last column; m from len(y), n from A's columns
    assert listing(A=A, y=np.array([10.0, 20.0])).tolist() == [16.0, 28.0]


# --- loops: break and continue --------------------------------------------------------------------

LOOP_WORDS = [
    (
        r"\State $i \gets 0$ \Loop \State $i \gets i + 1$ \If{$i \ge n$} \State \textbf{break} \EndIf \EndLoop \State \Return $i$",
        5,
    ),
    (
        r"\State $s \gets 0$ \For{$j = 1, \dots, n$} \If{$j = 2$} \State \textbf{continue} \EndIf \State $s \gets s + j$ \EndFor \State \Return $s$",
        13,
    ),
    (
        r"\State $s \gets 0$ \For{$j = 1, \dots, n$} \If{$j > 3$} \State \Break \EndIf \State $s \gets s + j$ \EndFor \State \Return $s$",
        6,
    ),
    (
        r"\State $k \gets 0$ \While{$k < 100$} \State $k \gets k + 1$ \If{$k = n$} \State break \EndIf \EndWhile \State \Return $k$",
        5,
    ),
    (
        r"\State $k \gets 0$ \Repeat \State $k \gets k + 1$ \If{$k = 3$} \State \textbf{break} \EndIf \Until{$k \ge n$} \State \Return $k$",
        3,
    ),
    # a \Return inside a loop leaves the listing, not only the loop
    (r"\For{$j = 1, \dots, n$} \If{$j \cdot j > n$} \State \Return $j$ \EndIf \EndFor \State \Return $0$", 3),
]


@pytest.mark.parametrize("body, expected", LOOP_WORDS)
def test_break_continue_and_return_inside_loops(body, expected):
    assert run("\\Require $n$\n" + body, n=5) == expected


def test_break_outside_a_loop_is_an_error_at_the_statement():
    listing = algoverify.compile(
        "\\begin{algorithmic}\n\\State $x \\gets 1$\n\\State \\textbf{break}\n\\end{algorithmic}"
    )
    with pytest.raises(ExecutionError) as info:
        listing()
    assert info.value.finding.code == "AV308" and "break outside a loop" in info.value.finding.message
    assert listing.source.line_col(info.value.finding.span.start) == (3, 1)


# --- arrays, sequences and the index base ---------------------------------------------------------

ARRAYS = [
    # prefix sums into a name that does not exist yet: a sequence by index, returned as an array
    (
        r"\Require $x$ \State $p_1 \gets x_1$ \For{$k = 2, \dots, 4$} \State $p_k \gets p_{k-1} + x_k$ \EndFor \State \Return $p$",
        {"x": [1.0, 2.0, 3.0, 4.0]},
        [1.0, 3.0, 6.0, 10.0],
    ),
    # a sequence from index 0 (an initial guess x_0, then x_{k+1})
    (
        r"\Require $a$ \State $x_0 \gets a$ \For{$k = 0, \dots, 2$} \State $x_{k+1} \gets x_k / 2$ \EndFor \State \Return $x_3$",
        {"a": 8.0},
        1.0,
    ),
    # a sequence grows with every store, at any index
    (r"\State $y_1 \gets 1$ \State $y_2 \gets 2$ \State $y_3 \gets y_1 + y_2$ \State \Return $y$", {}, [1.0, 2.0, 3.0]),
    # a swap through a temporary
    (
        r"\Require $x$ \State $t \gets x_1$ \State $x_1 \gets x_2$ \State $x_2 \gets t$ \State \Return $x$",
        {"x": [1.0, 2.0]},
        [2.0, 1.0],
    ),
]


@pytest.mark.parametrize("body, inputs, expected", ARRAYS)
def test_indexed_stores(body, inputs, expected):
    value = run(body, **inputs)
    assert (value.tolist() if hasattr(value, "tolist") else value) == expected


@pytest.mark.parametrize(
    "body, inputs, message",
    [
        (r"\Require $x$ \State \Return $x_0$", {"x": [1.0, 2.0]}, "index 0 is out of range 1..2"),
        (r"\Require $x$ \State \Return $x_3$", {"x": [1.0, 2.0]}, "index 3 is out of range 1..2"),
        (r"\Require $x$ \State $x_5 \gets 1$", {"x": [1.0, 2.0]}, "index 5 is out of range 1..2"),
        (r"\State $y_1 \gets 1$ \State \Return $y_2$", {}, "reads index 2, never set"),
    ],
)
def test_out_of_range_is_an_error_at_the_index_never_a_wrap(body, inputs, message):
    with pytest.raises(ExecutionError, match=message):
        run(body, **inputs)


def test_a_zero_based_listing():
    listing = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $x$, $n$\n\\State $s \\gets 0$\n"
        "\\For{$i = 0, \\dots, n - 1$} \\State $s \\gets s + x_i$ \\EndFor\n"
        "\\State \\Return $s + \\sum_{i=0}^{n-1} x_i + x_0$\n\\end{algorithmic}",
        index_base=0,
    )
    assert listing(x=np.array([1.0, 2.0, 3.0]), n=3) == 6.0 + 6.0 + 1.0
    with pytest.raises(ExecutionError, match=r"index 3 is out of range 0..2"):
        listing(x=np.array([1.0, 2.0, 3.0]), n=4)


def test_the_index_base_of_a_note_comes_from_its_front_matter_or_the_project(tmp_path):
    note = tmp_path / "zero.md"
    note.write_text(
        "---\nalgoverify:\n  index_base: 0\n---\n\n\\begin{algorithmic}\n\\Require $x$\n\\State \\Return $x_0$\n"
        "\\end{algorithmic}\n"
    )
    assert algoverify.load(note).listings[0](x=np.array([5.0, 6.0])) == 5.0
    (tmp_path / "algoverify.toml").write_text("index-base = 0\n")
    plain = tmp_path / "plain.md"
    plain.write_text("\\begin{algorithmic}\n\\Require $x$\n\\State \\Return $x_1$\n\\end{algorithmic}\n")
    from algoverify.reading import config

    config._find.cache_clear()
    assert algoverify.load(plain).listings[0](x=np.array([5.0, 6.0])) == 6.0


# --- loop direction -------------------------------------------------------------------------------

DIRECTIONS = [
    (r"\For{$i = 1, \dots, n$}", [1, 2, 3]),
    (r"\For{$i = n, \dots, 1$}", [3, 2, 1]),
    (r"\For{$i = n - 1, \dots, 0$}", [2, 1, 0]),
    (r"\For{$i = 0, \dots, n - 1$}", [0, 1, 2]),
    (r"\For{$i = 5, \dots, 3$}", [5, 4, 3]),
    (r"\For{$i = m, \dots, n$}", [1, 2, 3]),  # both ends names: upward, the documented default
    (r"\For{$i = n, n - 1, \dots, 1$}", [3, 2, 1]),  # a written second term gives the step
    (r"\For{$i = 1, 3, \dots, 2 n$}", [1, 3, 5]),
    (r"\For{$i \gets 1$ \textbf{to} $n$}", [1, 2, 3]),
    (r"\For{$i \gets n$ \textbf{downto} $1$}", [3, 2, 1]),
    (r"\For{$i \gets 0$ \textbf{to} $2 n$ \textbf{step} $3$}", [0, 3, 6]),
    (r"\For{$i \gets n$ \textbf{downto} $0$ \textbf{by} $2$}", [3, 1]),
]


@pytest.mark.parametrize("header, order", DIRECTIONS)
def test_a_range_counts_the_way_it_is_written(header, order):
    body = header + r" \State $s_{k} \gets i$ \State $k \gets k + 1$ \EndFor \State \Return $s$"
    got = run(r"\Require $n, m$ \State $k \gets 1$ " + body, n=3, m=1)
    assert [int(v) for v in got] == order


@pytest.mark.parametrize("header", [r"\For{$i = 1, \dots, n$}", r"\For{$i = n, \dots, 1$}"])
def test_an_empty_range_runs_zero_times(header):
    assert (
        run(r"\Require $n$ \State $c \gets 0$ " + header + r" \State $c \gets c + 1$ \EndFor \State \Return $c$", n=0)
        == 0
    )


def test_lint_warns_where_the_direction_depends_on_the_inputs(tmp_path):
    from algoverify import api

    note = tmp_path / "n.md"
    note.write_text(
        "\\begin{algorithmic}\n\\Require $j, n$\n\\For{$i = j, \\dots, n$}\n\\State $x \\gets i$\n\\EndFor\n"
        "\\For{$i = n, \\dots, 1$}\n\\State $x \\gets i$\n\\EndFor\n\\end{algorithmic}\n"
    )
    (finding,) = api.lint([note]).all_findings()
    assert finding.code == "AV207" and finding.severity.value == "warning"
    assert "j, …, n" in finding.message
    assert api.lint([note]).notes[0].note.source.line_col(finding.span.start) == (3, 11)


# --- blocks the paper defines ---------------------------------------------------------------------

DOWHILE = r"\algdef{SE}[DOWHILE]{Do}{doWhile}{\algorithmicdo}[1]{\algorithmicwhile\ #1}" "\n"


def test_a_do_while_the_paper_defines_runs_its_body_first():
    body = r"\Require $n$ \State $k \gets 0$ \Do \State $k \gets k + 1$ \doWhile{$k < n$} \State \Return $k$"
    listing = algoverify.compile(DOWHILE + "\\begin{algorithmic}\n" + body + "\n\\end{algorithmic}")
    assert listing(n=3) == 3
    assert listing(n=0) == 1  # the body runs once before the test


def test_a_defined_block_of_unknown_meaning_is_refused_not_skipped():
    define = r"\algblockdefx{Atomically}{EndAtomically}{\textbf{atomically}}{\textbf{end}}" "\n"
    body = r"\State $x \gets 1$ \Atomically \State $x \gets 2$ \EndAtomically \State \Return $x$"
    listing = algoverify.compile(define + "\\begin{algorithmic}\n" + body + "\n\\end{algorithmic}")
    with pytest.raises(ExecutionError, match="block the paper defines"):
        listing()


# --- math written across text-mode calls ------------------------------------------------------------


@pytest.mark.parametrize(
    "ret",
    [
        r"\State \Return \Call{Fib}{n-1} + \Call{Fib}{n-2}",
        r"\State \Return \Call{Fib}{$n-1$} + \Call{Fib}{$n-2$}",
        r"\State $a \gets$ \Call{Fib}{$n-1$} \State $b \gets$ \Call{Fib}{$n-2$} \State \Return $a + b$",
    ],
    ids=["text-args", "math-args", "assignments"],
)
def test_text_mode_calls_are_one_expression(ret):
    fib = algoverify.compile(
        "\\begin{algorithmic}\n\\Function{Fib}{$n$}\n\\If{$n \\le 1$} \\State \\Return $n$ \\EndIf\n"
        + ret
        + "\n\\EndFunction\n\\end{algorithmic}"
    )
    assert [fib(n=k) for k in range(8)] == [0, 1, 1, 2, 3, 5, 8, 13]


def test_parameters_in_one_math_segment_and_a_condition_that_is_a_call():
    listing = algoverify.compile(
        "\\begin{algorithmic}\n\\Function{Small}{$v$}\\State \\Return $v < 3$\\EndFunction\n"
        "\\Function{Count}{$a, b$}\n\\State $c \\gets 0$\n"
        "\\For{$i = a, a + 1, \\dots, b$}\\If{\\Call{Small}{$i$}}\\State $c \\gets c + 1$\\EndIf\\EndFor\n"
        "\\State \\Return $c$\n\\EndFunction\n\\end{algorithmic}"
    )
    assert listing.inputs == ("a", "b") and listing(a=1, b=5) == 2


# --- multi-letter names in math ---------------------------------------------------------------------


def test_letters_side_by_side_are_a_name_the_listing_assigns():
    listing = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $lo, hi$\n\\State $mid \\gets (lo + hi) / 2$\n"
        "\\State $a_{mid} \\gets mid$\n\\State \\Return $mid + a_{mid}$\n\\end{algorithmic}"
    )
    assert listing.inputs == ("lo", "hi")
    assert listing(lo=2.0, hi=4.0) == 6.0


def test_letters_that_spell_no_name_of_the_listing_stay_a_product():
    listing = algoverify.compile("\\begin{algorithmic}\n\\Require $x, y$\n\\State \\Return $x y$\n\\end{algorithmic}")
    assert listing(x=3.0, y=4.0) == 12.0


def test_a_modules_functions_reach_the_listings(tmp_path):
    (tmp_path / "helpers.py").write_text(
        "def Partition(n):\n    return n // 2\n\nFUNCTIONS = {'Partition': Partition}\n"
    )
    note = tmp_path / "n.md"
    note.write_text(
        "---\nalgoverify:\n  module: helpers.py\n  checks: []\n---\n\n"
        "\\begin{algorithmic}\n\\Require $n$\n\\State $m \\gets \\Call{Partition}{n}$\n\\State \\Return $m + 1$\n\\end{algorithmic}\n"
    )
    loaded = algoverify.load(note)
    from algoverify import api

    assert api.attach_module(loaded) is None
    assert loaded.listings[0](n=9) == 5


@pytest.mark.parametrize(
    "update, expected",
    [(r"$s \mathrel{+}= i$", 10), (r"$s += i$", 10), (r"$s -= i$", -10), (r"$s \mathrel{*}= 2$", 0)],
)
def test_update_assignments(update, expected):
    assert (
        run(
            r"\Require $n$ \State $s \gets 0$ \For{$i = 1, \dots, n$} \State "
            + update
            + r" \EndFor \State \Return $s$",
            n=4,
        )
        == expected
    )


@pytest.mark.parametrize(
    "body",
    [
        r"\State $y \gets x$ \For{$i = 1, \dots, 12$} \State $y \gets y \cdot y$ \EndFor \State \Return $y$",
        r"\State \Return $x^{100000}$",
        r"\State $y \gets x$ \For{$i = 1, \dots, 12$} \State $y \gets y \cdot y$ \EndFor \State $z \gets y - y$ \State \Return $z$",
    ],
    ids=["product-overflow", "power-overflow", "nan"],
)
def test_python_float_overflow_and_nan_are_floating_point_findings(body):
    with pytest.raises(ExecutionError, match="AV302"):
        run(r"\Require $x$ " + body, x=10.0)


def test_declarations_around_a_procedure_describe_its_parameters():
    listing = algoverify.compile(
        "\\begin{algorithmic}\n\\Input array $x$ of length $n$\n\\Procedure{Max}{$x$}\n\\State $m \\gets x_1$\n"
        "\\For{$i = 2, \\dots, n$} \\If{$x_i > m$} \\State $m \\gets x_i$ \\EndIf \\EndFor\n"
        "\\State \\Return $m$\n\\EndProcedure\n\\end{algorithmic}"
    )
    assert listing(x=np.array([3.0, 7.0, 2.0])) == 7.0


@pytest.mark.parametrize(
    "cond",
    [r"$i \le 3$ \textbf{and} $x_i < t$", r"$i \le 3$ \AND $x_i < t$", r"$i \le 3 \land x_i < t$"],
    ids=["bold-and", "legacy-AND", "math"],
)
def test_a_condition_joined_by_a_logic_word_short_circuits(cond):
    listing = algoverify.compile(
        "\\begin{algorithmic}\\Require $x, t$\n\\State $i \\gets 1$\n"
        "\\While{" + cond + "} \\State $i \\gets i + 1$ \\EndWhile\n\\State \\Return $i$\\end{algorithmic}"
    )
    # x_4 is never read: the second operand is not evaluated once i > 3
    assert listing(x=np.array([1.0, 2.0, 3.0]), t=4.0) == 4
    assert listing(x=np.array([1.0, 5.0, 3.0]), t=4.0) == 2


def test_to_between_two_names_counts_up_and_lint_does_not_ask(tmp_path):
    from algoverify import api

    note = tmp_path / "n.md"
    note.write_text(
        "\\begin{algorithmic}\n\\Require $a, b$\n\\State $c \\gets 0$\n"
        "\\For{$i \\gets a$ \\textbf{to} $b$}\n\\State $c \\gets c + i$\n\\EndFor\n\\State \\Return $c$\n"
        "\\end{algorithmic}\n"
    )
    assert [f.code for f in api.lint([note]).all_findings()] == []  # `to` says upward, as CLRS writes it
    listing = algoverify.load(note).listing(1)
    assert listing(a=2, b=4) == 9 and listing(a=4, b=2) == 0  # upward; no pass when a > b


def test_a_run_that_keeps_no_history_gives_the_same_outputs_hits_and_steps():
    # a reference check reads only the outputs: its trials do not pay for each variable's history
    listing = algoverify.compile(
        r"""\begin{algorithmic}
\Require \(n \in \mathbb{N}\), vector \(x\)
\State \(s \gets 0\)
\For{\(i = 1, \dots, n\)}
    \State \(s \gets s + i\); \(y \gets 2 x\)
\EndFor
\State \(j \gets 0\)
\While{\(j < 3\)}
    \State \(j \gets j + 1\)
\EndWhile
\State \Return \(s, y, j\)
\end{algorithmic}"""
    )
    inputs = dict(n=4, x=np.arange(3.0))
    kept, bare = listing.run(inputs), listing.run(inputs, history=False)
    assert kept.ok and bare.ok
    assert kept.value[0] == bare.value[0] == 10 and kept.value[2] == bare.value[2] == 3
    assert np.array_equal(kept.value[1], bare.value[1])
    assert kept.trace.hits == bare.trace.hits and kept.trace.steps == bare.trace.steps
    assert kept.trace.assignments("s") == 5 and kept.trace.history
    assert bare.trace.history == {} and bare.trace.assignments("s") == 0


@pytest.mark.parametrize(
    "note, kept",
    [
        # references and a contract that counts runs of a line keep none; the invariant at the loop runs as a
        # property does, with the trace's history
        ("corpus/power-iteration.md", {False, True}),
        ("corpus/gradient-accumulation.md", {False, True}),  # a contract that counts assignments keeps them
    ],
)
def test_only_the_trials_that_count_assignments_keep_a_history(monkeypatch, note, kept):
    from pathlib import Path

    from algoverify import api
    from algoverify.running.listing import Listing

    asked = []
    run = Listing.run
    monkeypatch.setattr(
        Listing, "run", lambda self, inputs, **kw: asked.append(kw.get("history", True)) or run(self, inputs, **kw)
    )
    result = api.check([Path(__file__).resolve().parents[1] / note], isolate=False, cache=False, trials=3)
    kinds = {o.check.kind for n in result.notes for o in n.outcomes if o.check is not None}
    assert {"reference", "contract"} <= kinds and all(o.status != "error" for n in result.notes for o in n.outcomes)
    assert set(asked) == kept


@pytest.mark.parametrize(
    ("header", "n", "expected"),
    [
        (r"\(i\) from \(0\) to \(n-1\)", 4, [0, 1, 2, 3]),
        (r"\(i\) from \(n\) downto \(1\)", 3, [3, 2, 1]),
        (r"\(i\) from \(1\) to \(n\) step \(2\)", 5, [1, 3, 5]),
        (r"\(i\) from \(1\) to \(n\) by \(3\)", 7, [1, 4, 7]),
    ],
)
def test_a_loop_from_one_end_to_the_other_in_words_runs_that_range(header, n, expected):
    run = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $n$\n\\State $L \\gets$ empty list\n\\For{" + header + "}\n"
        "\\State append \\(i\\) to \\(L\\)\n\\EndFor\n\\State \\Return $L$\n\\end{algorithmic}"
    )
    assert list(run(n=n)) == expected
