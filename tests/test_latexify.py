"""Listings printed by latexify-py run in algoverify with Python's meaning, and agree with their source.

Three layers: the ten functions of issue 14 as a table; small functions that once disagreed
(shrunk by the differential test) as a table of regressions; and the differential test
itself, random programs from ``tests/pyprograms.py`` drawn by hypothesis. Every run is judged
by :func:`pyjudge.judge`: the same value of the same kind as Python, or — where Python
gives a value algoverify cannot compute — a finding with a position, never a wrong value.
``benchmarks/latexify_differential.py`` is the long run of the same test.
"""

from __future__ import annotations

import math
import shutil
import textwrap
from pathlib import Path

import pyjudge as J
import pyprograms as P
import pytest
from helpers import budgets
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import algoverify
from algoverify import api

pytest.importorskip("latexify")

OK = ("agree", "both stop")


def _listing(source: str, names: list[str] | None = None):
    """The entry function, its listing as latexify prints it, and the listing compiled."""
    source = textwrap.dedent(source)
    namespace = P.load(source)
    names = names or [n for n in namespace if callable(namespace[n]) and n != "math" and not n.startswith("__")]
    latex = P.render(namespace, names)
    return namespace[names[0]], latex, J.compile_listing(latex)


# --- the ten functions of the issue ---------------------------------------------------------------

TEN = {
    "collatz_steps": (
        """
        def collatz_steps(n):
            steps = 0
            while n != 1:
                if n % 2 == 0:
                    n = n // 2
                else:
                    n = 3 * n + 1
                steps += 1
            return steps
        """,
        [{"n": 1}, {"n": 6}, {"n": 27}, {"n": 97}],
    ),
    "gcd": (
        """
        def gcd(a, b):
            while b != 0:
                a, b = b, a % b
            return a
        """,
        [{"a": 1071, "b": 462}, {"a": -12, "b": 18}, {"a": 7, "b": 0}, {"a": 0, "b": -5}],
    ),
    "fibonacci": (
        """
        def fib(n):
            a, b = 0, 1
            for i in range(n):
                a, b = b, a + b
            return a
        """,
        [{"n": 0}, {"n": 1}, {"n": 10}, {"n": 90}, {"n": -3}],
    ),
    "sum_squares": (
        """
        def sum_squares(n):
            total = 0
            for i in range(1, n + 1):
                total = total + i ** 2
            return total
        """,
        [{"n": 0}, {"n": 5}, {"n": 100}],
    ),
    "factorial": (
        """
        def factorial(n):
            if n <= 1:
                return 1
            return n * factorial(n - 1)
        """,
        [{"n": 0}, {"n": 1}, {"n": 6}, {"n": 30}],
    ),
    "fast_power": (
        """
        def fast_power(x, n):
            result = 1
            while n > 0:
                if n % 2 == 1:
                    result = result * x
                x = x * x
                n = n // 2
            return result
        """,
        [{"x": 3, "n": 13}, {"x": 2, "n": 100}, {"x": 1.5, "n": 7}, {"x": -2, "n": 5}, {"x": 5, "n": 0}],
    ),
    "integer_sqrt": (
        """
        def isqrt(n):
            x = n
            y = (x + 1) // 2
            while y < x:
                x = y
                y = (x + n // x) // 2
            return x
        """,
        [{"n": 0}, {"n": 1}, {"n": 99}, {"n": 10**20}, {"n": 2**61 - 1}],
    ),
    "countdown": (
        """
        def countdown(n):
            total = 0
            for i in range(n, 0, -1):
                total = total + i
            return total
        """,
        [{"n": 0}, {"n": 5}, {"n": -4}, {"n": 1000}],
    ),
    "newton": (
        """
        def newton_sqrt(a, iterations):
            x = a
            for k in range(iterations):
                x = (x + a / x) / 2
            return x
        """,
        [{"a": 2.0, "iterations": 6}, {"a": 10.0, "iterations": 0}, {"a": 1e6, "iterations": 30}],
    ),
    "max_of_absolute_values": (
        """
        def max_abs(a, b):
            if abs(a) > abs(b):
                return abs(a)
            else:
                return abs(b)
        """,
        [{"a": -3, "b": 2}, {"a": 1.5, "b": -2.5}, {"a": -(10**30), "b": 7}],
    ),
}


@pytest.mark.parametrize(("source", "cases"), TEN.values(), ids=list(TEN))
def test_the_ten_functions_of_the_issue_agree_with_python(source, cases):
    fn, latex, listing = _listing(source)
    for args in cases:
        outcome = J.judge(listing, fn, args)
        assert outcome.kind == "agree", (args, outcome, latex)


def test_a_listing_takes_its_functions_parameters_as_inputs():
    fn, latex, listing = _listing(TEN["newton"][0])
    assert "\\Function{newton\\_sqrt}{$a, iterations$}" in latex  # the parameters as latexify prints them
    assert listing.inputs == ("a", "iterations")
    assert listing.name == "newton_sqrt"


# --- regressions: small functions that once disagreed -------------------------------------------------

#: (source, argument sets): each the smallest program the differential test (or a first try)
#: found that algoverify once ran to another value, refused without a position, or crashed on
REGRESSIONS = {
    # `a b` is the product a * b even when the listing has a parameter `ab` (printed \mathrm{ab})
    "product-beside-a-word": ("def f(a, b, ab):\n    return a * b + ab\n", [(3, 4, 5)]),
    # \mathrm{max}(…) \cdot c: the parentheses hold max's arguments; the product is outside
    "max-times": ("def f(n):\n    return min(n, 2) * max(3, n, 4) * 2 ** 70\n", [(5,), (-5,)]),
    # \left\lfloor\frac{1}{0.1}\right\rfloor is Python's 1 // 0.1: 9.0, a float
    "floor-division-of-floats": ("def f(a, b):\n    return a // b\n", [(1, 0.1), (7.5, 2), (7.0, 2), (-7, 2)]),
    # a \mathbin{\%} -b: the remainder by -b, not a percent sign
    "mod-by-negative": ("def f(a, b):\n    return a % -b + -a % b\n", [(7, 3), (-7.5, 2.0)]),
    # |a| of a Python int stays a Python int: no NumPy overflow at 2^63
    "abs-stays-exact": ("def f(a):\n    return abs(a) ** 50 + max(abs(a), 2) * 2 ** 70\n", [(3,), (-3,)]),
    # range(a, b, k) with negative steps, empty ranges, and a step of 0 (Python raises: a finding)
    "range-steps": (
        "def f(n, k):\n    s = 0\n    for i in range(n, -1, -k):\n        s += i\n    return s\n",
        [(5, 2), (0, 1), (-3, 1), (5, 0), (5, -1)],
    ),
    # range of a float bound: Python's TypeError, a finding at the range
    "range-of-a-float": (
        "def f(n):\n    s = 0\n    for i in range(n):\n        s += i\n    return s\n",
        [(2.0,), (3,)],
    ),
    # \mathbf{continue}, \mathbf{break}, \mathbf{pass} as latexify prints them
    "loop-words": (
        "def f(n):\n    s = 0\n    for i in range(n):\n        if i == 1:\n            continue\n        if i == 4:\n"
        "            break\n        if i > 9:\n            pass\n        s = s + i\n    return s\n",
        [(3,), (10,)],
    ),
    # parameters written with digits (x1: \mathrm{x1} in the body, x1 in \Function's list)
    "digit-in-a-parameter": ("def f(x1, nb):\n    y2 = x1 * nb\n    return y2 - x1\n", [(3, 4)]),
    # a helper defined in a second algorithmic environment, called as \mathrm{helper}(…)
    "two-functions": (
        "def f(a, b):\n    return helper(a) + helper(b)\n\ndef helper(x):\n    return x * x + 1\n",
        [(4, 3), (0.5, -2)],
    ),
    # recursion with a base case, through a second function
    "recursion": (
        "def f(n, x):\n    return rec(n % 6, x)\n\ndef rec(k, x):\n    if k <= 0:\n        return x\n"
        "    return rec(k - 1, x) * 2 + 1\n",
        [(5, 1), (-1, 0.5), (12, -3)],
    ),
    # a number compared with a pair: Python's TypeError, not an entry-by-entry comparison
    "number-and-pair": ("def f(a, b):\n    return a <= (a, b)\n", [(1, 2)]),
    # Python's math module and builtins, printed \mathrm{math}.\mathrm{isqrt}(n), \mathrm{int}(x)
    "math-module-and-builtins": (
        "def f(a, b):\n    return math.gcd(a, b) + math.isqrt(abs(a)) + int(b / 3) + round(b / 4) + float(a)\n",
        [(1071, 462), (-12, 18)],
    ),
    # Python's bitwise operators: \ll \gg \mathbin{\&} \mathbin{|} \oplus \mathord{\sim}, in Python's order
    "bitwise": (
        "def f(a, b):\n    return (a << 2, b >> 1, a & b, a | b, a ^ b, ~a, a | b & 3 ^ 1, ~-a * b, (a | b) & 1)\n",
        [(4, 5), (-3, 2), (7, 0)],
    ),
    # a if c else b, as latexify prints it: \left\{ \begin{array}{ll} … \mathrm{otherwise} …; only the branch taken runs
    "conditional-expression": (
        "def f(a, b):\n    return 1 if b == 0 else a // b, a if a > 0 and b > 0 else b if not a == 4 else -1\n",
        [(3, 4), (5, 0), (4, -4)],
    ),
    # a chain reads its operands from the left while it holds: 0 // 0 is never reached
    "lazy-chain": ("def f(a, b):\n    return 7 if 0 < a == 1 // b else 8\n", [(0, 0), (1, 1)]),
    # Python's and/or give the deciding operand, not a truth value
    "and-or-values": ("def f(n, x):\n    return (n and 3, n or x, not n, x and n or 2)\n", [(0, 1.5), (4, 0.0)]),
    # math.floor(a / b): the floor of the rounded quotient (10), where a // b is 9.0
    "math-floor-and-floor-division": (
        "def f(a, b):\n    return math.floor(a / b), a // b, math.ceil(a / b), math.floor(math.sqrt(a))\n",
        [(1, 0.1), (7.5, 2), (10**30 - 1, 7)],
    ),
    # x = y = e, a, b = b, a; a docstring; float("inf"); x is None
    "statements": (
        'def f(n):\n    """Smallest of 0 .. n-1."""\n    best = float("inf")\n    x = y = None\n    for i in range(n):\n'
        "        if x is None or i < best:\n            best, x = i, i\n    return best, y is None\n",
        [(0,), (3,)],
    ),
    # a generator with an if, and the empty sum (0, an int, as Python's)
    "sums": (
        "def f(n):\n    return sum(i for i in range(n) if i % 2 == 0), sum(i * i for i in range(1, n))\n",
        [(0,), (1,), (6,)],
    ),
    # a guarded division by zero stops both (ZeroDivisionError, AV302)
    "division-by-zero": ("def f(a, b):\n    return a / b + a // b + a % b\n", [(1, 0), (1.5, 0.0), (3, 2)]),
}


@pytest.mark.parametrize(("source", "cases"), REGRESSIONS.values(), ids=list(REGRESSIONS))
def test_regressions_agree_with_python(source, cases):
    namespace = P.load(source)
    names = [line.split("(")[0][4:] for line in source.splitlines() if line.startswith("def ")]
    latex = P.render(namespace, names)
    listing = J.compile_listing(latex)
    for args in cases:
        kwargs = dict(zip(namespace[names[0]].__code__.co_varnames, args))
        outcome = J.judge(listing, namespace[names[0]], kwargs)
        assert outcome.kind in OK and J.expected(outcome), (args, outcome, latex)


def test_a_listing_that_cannot_run_says_where_and_why():
    """Python's TypeError for range(2.0) is a finding at the loop, with Python's reason."""
    fn, latex, listing = _listing(REGRESSIONS["range-of-a-float"][0])
    from algoverify import ExecutionError

    with pytest.raises(ExecutionError) as info:
        listing(n=2.0)
    finding = info.value.finding
    line, col = listing.source.line_col(finding.span.start)
    assert latex.splitlines()[line - 1].lstrip().startswith("\\For")
    assert "range takes integers" in finding.message


def test_a_chained_assignment_that_fails_says_why_at_its_statement():
    """A failure in the value of x = y = e is e's (Python's TypeError here), not the chain's."""
    fn, latex, listing = _listing("def f(x):\n    u = ab = math.gcd(x ** -1, 4)\n    return u + ab\n")
    outcome = J.judge(listing, fn, {"x": 2})
    assert outcome.kind == "both stop" and J.expected(outcome), outcome
    assert "cannot be interpreted as an integer" in outcome.detail


# --- the differential test --------------------------------------------------------------------------


@st.composite
def programs(draw):
    ch = P.Chooser.from_hypothesis(draw)
    prog = P.program(ch)
    return prog, [P.inputs(ch, prog) for _ in range(2)]


@budgets(fast=20, full=200)
def test_random_programs_agree_with_their_listings(budget):
    @settings(
        max_examples=budget, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
    )
    @given(programs())
    def case(drawn):
        prog, argument_sets = drawn
        namespace = P.load(prog.source)
        latex = P.render(namespace, [f.name for f in prog.functions])
        printed = J.as_printed(prog.source)
        fn = (P.load(printed) if printed != prog.source else namespace)[prog.entry.name]
        try:
            listing = J.compile_listing(latex)
            listing.inputs  # noqa: B018 - compiles now
        except Exception as exc:  # noqa: BLE001 - judged below: a listing that stops on every input
            listing = _Refused(exc)
        for args in argument_sets:
            outcome = J.judge(listing, fn, args)
            assert J.expected(outcome), f"{outcome.detail}\n{prog.source}\n{latex}"

    case()


class _Refused:
    def __init__(self, exc: Exception) -> None:
        self.exc = exc

    def __call__(self, **_):
        raise self.exc


# --- the judge itself -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "printed"),
    [
        ("x = a * (b % c)\n", "x = a * b % c\n"),  # \cdot b \mathbin{\%} c: the parentheses are not printed
        ("x = a % 3 * n\n", "x = a % (3 * n)\n"),  # a \mathbin{\%} 3 n: juxtaposition binds first
        ("x = a + (b - c)\n", "x = a + b - c\n"),
        ("x = a - (b - c)\n", "x = a - (b - c)\n"),  # `-` forces its parentheses
        ("a *= (m - 1) % 4\n", "a = a * (m - 1) % 4\n"),  # an update is printed as a \gets a op e
        ("x = a * (b / c)\n", "x = a * (b / c)\n"),  # \frac is a group of its own
    ],
)
def test_as_printed_reads_the_program_as_its_listing_does(source, printed):
    assert J.as_printed(source) == printed


def test_the_judge_refuses_a_wrong_value_and_a_value_where_python_raises():
    fn, latex, listing = _listing("def f(a):\n    return a + 1\n")
    assert J.judge(listing, fn, {"a": 1}).kind == "agree"
    assert J.judge(listing, lambda a: a + 2, {"a": 1}).kind == "disagree"
    assert J.judge(listing, lambda a: 1 / 0, {"a": 1}).kind == "disagree"
    assert J.judge(listing, lambda a: float(a + 1), {"a": 1}).kind == "disagree"  # 2 is not 2.0
    assert J.same(float("nan"), math.nan)


# --- from code to paper, checked: an edited listing against the function it was printed from ------

EXAMPLE = Path(__file__).parent / "data" / "latexify"


def test_the_printed_function_matches_the_listing_the_note_started_from():
    """The note's module holds the function latexify printed; its print still runs as the source does."""
    namespace = P.load((EXAMPLE / "fast_power.py").read_text())
    latex = P.render(namespace, ["fast_power"])
    listing = J.compile_listing(latex)
    for x, n in [(3, 13), (-2, 7), (1.5, 6), (0, 0)]:
        assert J.judge(listing, namespace["fast_power"], {"x": x, "n": n}).kind == "agree"


def test_the_edited_listing_is_checked_against_its_python_source():
    (report,) = api.check([EXAMPLE / "fast-power.md"]).notes
    assert [(o.check.id, o.status) for o in report.outcomes] == [
        ("integer-powers", "verified"),
        ("real-powers", "verified"),
    ]


_IF_BLOCK = """        \\If{$n \\bmod 2 = 1$} \\Comment{the lowest bit of $n$ is set}
            \\State $r \\gets r \\cdot x$
        \\EndIf
"""


@pytest.mark.slow
@pytest.mark.parametrize(
    "edit",
    [
        ("\\While{$n > 0$}", "\\While{$n > 1$}"),  # the loop stops one bit early
        ("\\lfloor n / 2 \\rfloor", "\\lceil n / 2 \\rceil"),  # from n = 1 the loop never ends
        (_IF_BLOCK, "        \\State $r \\gets r \\cdot x$\n"),  # every bit multiplied in, set or not
        ("\\State $x \\gets x^{2}$", "\\State $x \\gets 2 x$"),  # doubled, not squared
    ],
    ids=["loop-one-bit-short", "ceiling-for-floor", "product-outside-the-if", "doubling-for-squaring"],
)
def test_an_edit_that_changes_the_result_is_refuted_with_a_counterexample(tmp_path, edit):
    text = (EXAMPLE / "fast-power.md").read_text()
    old, new = edit
    assert old in text
    (tmp_path / "fast-power.md").write_text(text.replace(old, new, 1))
    shutil.copy(EXAMPLE / "fast_power.py", tmp_path)
    (report,) = api.check([tmp_path / "fast-power.md"]).notes
    refuted = report.outcomes[0]
    assert refuted.check.id == "integer-powers" and refuted.status == "refuted", refuted.message
    (finding,) = [f for f in report.findings if f.code == "AV401" and "integer-powers" in f.message]
    line = report.note.source.line_col(finding.span.start)[0]
    assert "It computes x^n" in text.splitlines()[line - 1]  # at the claim the check backs
    # the counterexample is one: the edited listing and the Python function part there
    values = dict(row.split(" = ") for row in refuted.details["counterexample"].splitlines())
    x, n = int(values["x"]), int(values["n"])
    expected = namespace_of(EXAMPLE / "fast_power.py")["fast_power"](x, n)
    listing = algoverify.load(tmp_path / "fast-power.md").listing("Power")
    run = listing.run({"x": x, "n": n})
    assert not run.ok or run.value != expected


def namespace_of(path: Path) -> dict:
    return P.load(path.read_text())


# --- lint ---------------------------------------------------------------------------------------------


def test_lint_reads_every_listing_latexify_prints_for_the_ten_without_a_finding(tmp_path):
    for name, (source, _) in TEN.items():
        fn, latex, _listing_ = _listing(source)
        (tmp_path / f"{name}.tex").write_text(latex + "\n")
    result = api.lint([tmp_path])
    assert [f for f in result.all_findings()] == []


def test_lint_reports_a_problem_in_a_for_header_once(tmp_path):
    """The header of \\For{$i \\in …$} holds the loop's variable and set: one finding, not one per slice."""
    note = tmp_path / "header.tex"
    note.write_text(
        "\\begin{algorithmic}\n\\Function{f}{$n$}\n\\For{$i \\in g \\mathopen{}\\left( n \\mathclose{}\\right)$}\n"
        "\\State $x \\gets i$\n\\EndFor\n\\State \\Return $x$\n\\EndFunction\n\\end{algorithmic}\n"
    )
    findings = [(f.code, note_line_col(note, f.span.start)) for f in api.lint([note]).all_findings()]
    assert findings == [("AV204", (3, 13))]


def note_line_col(path: Path, offset: int) -> tuple[int, int]:
    text = path.read_text()
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def test_lint_knows_the_functions_math_may_call():
    """builtin_names (read by lint, without NumPy) lists exactly the functions the table is born with."""
    import ast as python_ast

    from algoverify.math import functions
    from algoverify.math.builtin_names import BUILTIN_FUNCTIONS

    tree = python_ast.parse(Path(functions.__file__).read_text())
    (table,) = [
        n.value for n in tree.body if isinstance(n, python_ast.AnnAssign) and getattr(n.target, "id", "") == "FUNCTIONS"
    ]
    assert {k.value for k in table.keys} == BUILTIN_FUNCTIONS


@pytest.mark.slow
def test_lint_reads_the_generated_listings_without_a_finding(tmp_path):
    """What latexify prints for the grammar's programs lints clean, --strict: no math it cannot read,
    no call it cannot decide (a helper in the next environment, `sq\\_plus`, included)."""
    import random

    for seed in range(25):
        prog = P.program(P.Chooser.from_random(random.Random(seed)))
        latex = P.render(P.load(prog.source), [f.name for f in prog.functions])
        (tmp_path / f"program-{seed}.tex").write_text(latex + "\n")
    findings = api.lint([tmp_path], strict=True).all_findings()
    assert [(f.path.name, f.code, f.message) for f in findings] == []
