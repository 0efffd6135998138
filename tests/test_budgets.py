r"""Budgets that hold inside one statement (issue 11): huge integers, huge ranges, huge generated values.

Each of these once ran for minutes or hours inside a single statement, out of reach of the
step and time budgets that are checked between statements. Each is now a located finding,
raised before the work is done where the size can be foreseen.
"""

from __future__ import annotations

import numpy as np
import pytest

import algoverify
from algoverify import cli
from algoverify.math.ops import MAX_INT_DIGITS, MAX_TERMS
from algoverify.running.generators import MAX_ELEMENTS, GeneratorError, generate, make_rng
from algoverify.source import number_text

LISTING = "\\begin{algorithmic}\n%s\n\\end{algorithmic}"

# (id, body, code, words in the message, the statement's line in the body (1-based))
CASES = [
    ("power tower", r"\State $x \gets 10^{10^{10}}$", "AV302", "10,000,000,000 digits", 1),
    ("shift", r"\State $x \gets 2^{10^{9}}$", "AV302", "integer overflow", 1),
    (
        "repeated squaring",
        "\\State $x \\gets 3$\n\\For{$i = 1, \\dots, 40$}\n\\State $x \\gets x^2$\n\\EndFor",
        "AV302",
        "digits",
        3,
    ),
    (
        "squaring as a product",
        "\\State $x \\gets 3$\n\\For{$i = 1, \\dots, 40$}\n\\State $x \\gets x \\cdot x$\n\\EndFor",
        "AV302",
        "digits",
        3,
    ),
    ("factorial", r"\State $x \gets (10^{7})!$", "AV302", "65,657,059 digits", 1),
    ("binomial", r"\State $x \gets \binom{10^{9}}{10^{8}}$", "AV302", "integer overflow", 1),
    ("product of a range", r"\State $x \gets \prod_{i=1}^{10^{6}} i$", "AV302", "integer overflow", 1),
    (
        "sum of a huge range",
        r"\State $s \gets \sum_{i=1}^{10^{12}} i$",
        "AV301",
        "\\sum over 1,000,000,000,000 terms is past the budget of 10,000,000 terms",
        1,
    ),
    ("sum of a huge range, term by term", r"\State $s \gets \sum_{i=1}^{10^{12}} i^2$", "AV301", "terms", 1),
    ("union over a huge range", r"\State $s \gets \bigcup_{i=1}^{10^{12}} \{i\}$", "AV301", "\\bigcup over", 1),
]


@pytest.mark.slow
@pytest.mark.parametrize("body, code, words, line", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_work_inside_a_statement_is_refused_at_the_statement(body, code, words, line):
    latex = LISTING % (body + "\n\\State \\Return $x$" if "$x" in body else body + "\n\\State \\Return $s$")
    listing = algoverify.compile(latex)
    result = listing.run({})
    assert result.finding is not None, result
    assert result.finding.code == code and words in result.finding.message, result.finding.message
    # at the statement that did the work: its line in the listing (line 1 is \begin{algorithmic})
    assert listing.source.line_col(result.finding.span.start) == (line + 1, 1)


@pytest.mark.parametrize(
    "latex, value",
    [
        (r"\State $x \gets 2^{1000}$", 2**1000),  # well inside the budget: exact
        (r"\State $x \gets 100!$", None),
        (r"\State $x \gets \binom{2000}{1000}$", None),
        (r"\State $x \gets \prod_{i=1}^{3000} i$", None),  # 9,131 digits: still allowed
        (r"\State $x \gets \sum_{i=1}^{1000000} i$", 500000500000),
    ],
)
def test_results_inside_the_budget_are_exact(latex, value):
    import math

    result = algoverify.compile(LISTING % (latex + "\n\\State \\Return $x$")).run({})
    assert result.finding is None, result.finding
    assert type(result.value) is int
    if value is not None:
        assert result.value == value
    assert result.value.bit_length() <= math.ceil(MAX_INT_DIGITS * math.log2(10))


def test_the_limits_are_the_documented_ones():
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "docs" / "guide" / "running-listings.md").read_text()
    for figure in (f"{MAX_INT_DIGITS:,}", f"{MAX_TERMS:,}", f"{MAX_ELEMENTS:,}"):
        assert figure in readme, figure


@pytest.mark.parametrize(
    "name, args, words",
    [
        ("spd", (10000,), "10000×10000 value holds 100,000,000 numbers"),
        ("symmetric", (2000,), "2000×2000"),
        ("randn", (2000, 1000), "2,000,000 numbers"),
        ("randn", (10**9,), "a dimension of 1,000,000,000 is past the limit"),
        ("uniform", (0, 1, 10**4, 10**4), "100,000,000 numbers"),
        ("integers", (0, 9, 10**7), "past the limit"),
        ("batches", (1000, 100, 100), "1000×100×100"),
        ("constant", (1.0, 10**7), "past the limit"),
    ],
)
def test_a_generated_value_past_the_ceiling_is_refused_by_its_size(name, args, words):
    with pytest.raises(GeneratorError, match=words):
        generate(name, make_rng(0), *args)


def test_a_generated_value_at_the_ceiling_is_made():
    assert generate("randn", make_rng(0), 1000, 1000).shape == (1000, 1000)


def test_set_names_the_value_past_the_ceiling(tmp_path, capsys):
    note = tmp_path / "n.md"
    note.write_text("---\ntitle: t\n---\n" + LISTING % "\\Require $A$\n\\State \\Return $A$")
    assert cli.main(["run", str(note), "--set", "A=spd(10000)"]) == 2
    captured = capsys.readouterr()
    said = captured.out + captured.err
    assert "--set A=spd(10000)" in said and "100,000,000 numbers" in said


def test_a_big_integer_prints_elided_not_as_an_error(tmp_path, capsys):
    note = tmp_path / "n.md"
    note.write_text("---\ntitle: t\n---\n" + LISTING % "\\Require $n$\n\\State $x \\gets 2^{n}$\n\\State \\Return $x$")
    assert cli.main(["run", str(note), "--set", "n=30000"]) == 0
    out = capsys.readouterr().out
    assert out.strip() == "x = 794090351913…694215909376 (9,031 digits)"


@pytest.mark.parametrize(
    "value, text",
    [
        (12345, "12345"),
        (-(10**59), "-1" + "0" * 59),
        (10**60, "100000000000…000000000000 (61 digits)"),
        (-(3**200), "-265613988875…384699044001 (96 digits)"),
        (2**30000, "794090351913…694215909376 (9,031 digits)"),
        (10**5000 - 1, "999999999999…999999999999 (5,000 digits)"),  # a float log10 would say 100000…, 5,001 digits
    ],
    ids=["small", "59 digits", "61 digits", "negative", "9031 digits", "all nines"],
)
def test_number_text_never_fails_and_elides_the_middle(value, text):
    assert number_text(value) == text


@pytest.mark.parametrize(
    "header, inputs, code, words",
    [
        (r"\While{$3^{n} > 0$}", {"n": 30000}, "AV302", "14,314 digits"),
        (r"\While{$x + y > 0$}", {"x": [1.0, 2.0, 3.0], "y": [1.0, 2.0]}, "AV30", ""),
        (r"\If{$\sum_{i=1}^{10^{12}} i > 0$}", {}, "AV301", "terms"),
    ],
    ids=["huge power", "shape mismatch", "huge sum"],
)
def test_trouble_in_a_condition_is_located_at_its_block(header, inputs, code, words):
    # once a Python traceback out of Listing.run: only floating-point errors were caught there
    closer = r"\EndWhile" if header.startswith(r"\While") else r"\EndIf"
    listing = algoverify.compile(LISTING % f"\\Require $n, x, y$\n{header}\n\\State \\Return $1$\n{closer}")
    result = listing.run({"n": 1, "x": 0.0, "y": 0.0, **inputs})
    assert result.finding is not None and result.finding.code.startswith(code), result
    assert words in result.finding.message
    assert listing.source.line_col(result.finding.span.start)[0] == 3


HEAVY_LOOP = LISTING % (
    "\\Require $A$\n\\State $B \\gets A$\n\\For{$k = 1, \\dots, 100000$}\n"
    "\\State $B \\gets A B / \\lVert A B \\rVert$\n\\EndFor\n\\State \\Return $B$"
)


def test_a_loop_of_heavy_statements_stops_near_its_time_budget():
    # the clock was read every 1024 iterations: 1024 products of 300×300 matrices ran far past
    # a budget of a fraction of a second. The budget is the finding; how late it came is timed.
    import time

    from algoverify.running.interpreter import Budget

    listing = algoverify.compile(HEAVY_LOOP)
    A = np.random.default_rng(0).standard_normal((300, 300))
    started = time.perf_counter()
    result = listing.run({"A": A}, budget=Budget(max_steps=10**6, max_seconds=0.3))
    elapsed = time.perf_counter() - started
    assert result.finding is not None and result.finding.code == "AV301", result
    assert "time budget of 0.3 s" in result.finding.message
    steps = result.trace.steps
    assert steps < 1024, steps  # stopped long before the old reading interval
    assert elapsed < 0.3 + 50 * elapsed / steps  # within a few dozen iterations of the budget


def test_a_history_keeps_an_arrays_last_value_only():
    # every 8 MB product kept in the trace made a long loop a MemoryError; each statement's last
    # value is kept (--trace shows it on its line): B \gets A once, and the loop's last product
    listing = algoverify.compile(HEAVY_LOOP.replace("100000", "50"))
    result = listing.run({"A": np.eye(4) * 2})
    history = result.trace.history["B"]
    assert result.trace.assignments("B") == 51 == len(history)
    assert [v is not None for _, v in history] == [True] + [False] * 49 + [True]
    assert np.allclose(history[-1][1], result.value)
