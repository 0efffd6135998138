"""Issue 20: running, stepping, values, counterexamples and the messages about values.

Each test reproduces one defect of the issue as a new user met it, on a small note of its own.
"""

from __future__ import annotations

import io
import re
import textwrap
from pathlib import Path

import numpy as np
import pytest

from algoverify import api, cli

# --- 0. a sequence built by indexed stores is an array wherever a user sees it -----------------

SOFTMAX_LISTING = r"""
\begin{algorithm}[H]
\caption{Softmax}
\begin{algorithmic}[1]
\Require scores \(z_1, \dots, z_K\)
\State \(m \gets \max_k z_k\)
\State \(s \gets \sum_{k=1}^{K} \exp(z_k - m)\)
\For{\(k = 1, \dots, K\)}
  \State \(p_k \gets \exp(z_k - m) / s\)
\EndFor
\end{algorithmic}
\end{algorithm}
"""


def _note(tmp_path: Path, checks: str, body: str, name: str = "note.md") -> Path:
    """A note with the check spec ``checks`` (YAML, one check per item) and ``body`` below its front matter."""
    front = "---\ntitle: t\nalgoverify:\n  checks:\n" + textwrap.indent(textwrap.dedent(checks).strip(), "    ")
    path = tmp_path / name
    path.write_text(front + "\n---\n\nThe listing computes the softmax.\n" + body, encoding="utf-8")
    return path


def _check(path: Path, **kwargs):
    result = api.check([path], isolate=False, **kwargs)
    (report,) = result.notes
    return report


def _outcome(report, check_id: str):
    (found,) = [o for o in report.outcomes if o.check.id == check_id]
    return found


def _main(argv: list[str], stdin: str = "") -> tuple[int, str]:
    import sys

    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        status = cli.main(argv, stdout=out, stderr=err)
    finally:
        sys.stdin = old
    return status, out.getvalue() + err.getvalue()


@pytest.mark.parametrize("sizes", ["integers(1, 1)", "integers(3, 5)"])
def test_a_property_over_a_listing_sees_a_sequence_stored_by_index_as_its_array(tmp_path, sizes):
    path = _note(
        tmp_path,
        f"""
        - id: softmax
          kind: property
          listing: 1
          claim: "The listing computes the softmax"
          trials: 10
          inputs: {{K: "{sizes}", z: "randn(K)"}}
          holds: 'p = \\operatorname{{softmax}}(z)'
        """,
        SOFTMAX_LISTING,
    )
    found = _outcome(_check(path), "softmax")
    assert found.status == "verified", found.message


def test_an_invariant_sees_a_sequence_stored_by_index_as_its_array(tmp_path):
    path = _note(
        tmp_path,
        r"""
        - id: softmax-after-the-loop
          kind: property
          listing: 1
          claim: "The listing computes the softmax"
          trials: 5
          after: 'p_k \gets'
          inputs: {K: "integers(1, 3)", z: "randn(K)"}
          holds: '\sum_k p_k \le 1 + 10^{-9} \land \lVert p \rVert \le 1 + 10^{-9}'
        """,
        SOFTMAX_LISTING,
    )
    found = _outcome(_check(path), "softmax-after-the-loop")
    assert found.status == "verified", found.message


def test_an_equation_check_sees_a_sequence_stored_by_index_as_its_array(tmp_path):
    path = _note(
        tmp_path,
        """
        - id: softmax-equation
          kind: equation
          listing: 1
          claim: "The listing computes the softmax"
          trials: 5
          inputs: {K: "integers(1, 3)", z: "randn(K)"}
          holds: 'p = \\operatorname{softmax}(z)'
        """,
        SOFTMAX_LISTING,
    )
    found = _outcome(_check(path), "softmax-equation")
    assert found.status == "verified", found.message


WHOLE_READS = r"""
\begin{algorithmic}
\Require \(z \in \mathbb{R}^{K}\)
\For{\(k = 1, \dots, K\)}
  \State \(p_k \gets 2 z_k\)
\EndFor
\State \(q \gets 2 z\)
\State \(e \gets p = q\)
\State \(n \gets \lVert p \rVert\)
\State \(r \gets 3 p\)
\Return \(e, n, r\)
\end{algorithmic}
"""


@pytest.mark.parametrize("z", [[0.5], [0.5, -1.0, 2.0]])
def test_the_listing_itself_reads_a_sequence_whole_as_its_array(z):
    listing = api.compile(WHOLE_READS)
    result = listing.run({"z": z})
    assert result.ok, result.finding
    equal, norm, tripled = result.value
    assert equal is True or equal == 1
    assert norm == pytest.approx(np.linalg.norm(2 * np.array(z)))
    assert np.allclose(tripled, 6 * np.array(z))
    assert isinstance(result.trace.last("p"), np.ndarray)  # the Python API's view of a variable


def test_a_sequence_started_at_zero_keeps_its_written_indices():
    """A whole read is the array; a subscript still reads the index as written (x_0 in a 1-based listing)."""
    listing = api.compile(
        r"""
\begin{algorithmic}
\Require \(x_0\), \(K\)
\For{\(k = 0, \dots, K - 1\)}
  \State \(x_{k+1} \gets x_k / 2\)
\EndFor
\State \(t \gets \sum_{k} x_k\)
\Return \(x_0, x_K, t\)
\end{algorithmic}"""
    )
    first, last, total = listing(x_0=8.0, K=3)
    assert (first, last) == (8.0, 1.0)
    assert total == 15.0  # the sum runs over the indices stored, 0 to K


def test_run_trace_and_the_stepper_show_a_sequence_as_its_array(tmp_path):
    path = tmp_path / "softmax.md"
    path.write_text("---\ntitle: t\n---\n" + SOFTMAX_LISTING, encoding="utf-8")
    status, out = _main(["run", str(path), "--set", "K=1", "--set", "z=[0.5]", "--trace"])
    assert status == 0, out
    assert "p=[1.]" in out and "{1:" not in out, out
    store = path.read_text(encoding="utf-8").splitlines().index(r"  \State \(p_k \gets \exp(z_k - m) / s\)") + 1
    status, out = _main(
        ["run", str(path), "--set", "K=2", "--set", "z=[0.5,0.5]", "--step"], stdin=f"b {store}\nc\nn\nvars\np p\nq\n"
    )
    assert "p = [0.5]" in out and "{1:" not in out, out


# --- 0b. a counterexample belongs to the class the spec names --------------------------------------


def _draw_note(tmp_path: Path, draw: str, holds: str) -> Path:
    path = tmp_path / "draws.md"
    path.write_text(
        "---\ntitle: t\nalgoverify:\n  checks:\n"
        f"    - id: c\n      kind: property\n      trials: 5\n      draw: {{{draw}}}\n      holds: '{holds}'\n"
        "---\n\nSome prose.\n",
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(
    ("draw", "holds", "shape"),
    [
        ('x: "randn(5)"', r"\operatorname{tr}(x x^{\top}) > 1000", (5,)),
        ('A: "randn(3, 4)"', r"\operatorname{tr}(A A^{\top}) > 1000", (3, 4)),
        ('S: "spd(6)"', r"\operatorname{tr}(S) > 1000", (6, 6)),
    ],
)
def test_shrinking_keeps_the_size_the_spec_writes(tmp_path, draw, holds, shape):
    (o,) = _check(_draw_note(tmp_path, draw, holds)).outcomes
    assert o.status == "refuted", o.message
    (value,) = o.details["_counterexample"].values()
    assert np.shape(value) == shape


def test_a_sized_range_still_shrinks_inside_itself(tmp_path):
    (o,) = _check(_draw_note(tmp_path, 'n: "integers(3, 8)", x: "randn(n)"', r"x_1 > 10")).outcomes
    assert o.status == "refuted", o.message
    example = o.details["_counterexample"]
    assert example["n"] == 3 and np.shape(example["x"]) == (3,)


def test_a_counterexample_too_large_to_print_is_summarised_not_replaced(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the counterexample's file goes under the project's cache folder
    (o,) = _check(_draw_note(tmp_path, 'A: "randn(30, 30)"', r"\operatorname{tr}(A) > 100")).outcomes
    assert o.status == "refuted", o.message
    assert np.shape(o.details["_counterexample"]["A"]) == (30, 30)  # the JSON report's data: whole
    text = o.details["counterexample"]
    assert "30×30 array" in text and len(text) < 300, text
    # 900 numbers are no command line: they go to a file the command reads
    assert "--set-file" in o.details["reproduce"] and "--set A=" not in o.details["reproduce"]


def test_sympys_counterexample_has_the_shape_the_spec_writes(tmp_path):
    (o,) = _check(_draw_note(tmp_path, 'A: "randn(3, 4)"', r"A_{1,1} + A_{3,4} > 10")).outcomes
    assert o.status == "refuted", o.message
    assert "sympy's counterexample" in o.message
    assert np.shape(o.details["_counterexample"]["A"]) == (3, 4)


# --- 1. --trace: each line's values, a loop header's tests, the passes that ran ---------------------

POWER = r"""---
title: t
---

\begin{algorithmic}
\Require symmetric matrix \(A\), start vector \(v\), tolerance \(\tau\)
\State \(v \gets v / \lVert v \rVert\)
\State \(w \gets A v\); \(\lambda \gets \lVert w \rVert\)
\While{\(\lVert w - \lambda v \rVert \gt \tau \, \lambda\)}
  \State \(v \gets w / \lambda\)
  \State \(w \gets A v\); \(\lambda \gets \lVert w \rVert\)
\EndWhile
\Return \(\lambda, v\)
\end{algorithmic}
"""


def _trace_rows(out: str) -> dict[int, tuple[int, str]]:
    """line → (hits, the values shown) of a ``--trace`` table."""
    rows = {}
    for row in out.splitlines():
        parts = row.split(None, 2)
        if len(parts) >= 2 and parts[0].isdigit() and parts[1].isdigit():
            rows[int(parts[0])] = (int(parts[1]), parts[2] if len(parts) > 2 else "")
    return rows


def test_trace_shows_the_last_value_of_each_line_and_counts_a_while_headers_tests(tmp_path):
    path = tmp_path / "power.md"
    path.write_text(POWER, encoding="utf-8")
    args = ["run", str(path), "--set", "A=[[2,1],[1,3]]", "--set", "v=[1,0]", "--set", "tau=1e-9", "--trace"]
    status, out = _main(args)
    assert status == 0, out
    rows = _trace_rows(out)
    first_v, second_v = rows[7][1], rows[10][1]
    assert "v=[1. 0.]" in first_v  # v / ‖v‖ of [1, 0]: kept, though v was assigned again on line 10
    assert "v=[" in second_v and "v=[1. 0.]" not in second_v
    assert "w=[2. 1.]" in rows[8][1] and "lam=" in rows[8][1]
    passes = rows[10][0]
    assert passes > 1 and rows[9][0] == passes + 1  # the test ran on entry and after each pass
    assert f"loop iterations: {passes}" in out


def test_a_step_budget_counts_the_passes_that_ran(tmp_path):
    path = tmp_path / "power.md"
    path.write_text(POWER, encoding="utf-8")
    args = ["run", str(path), "--set", "A=[[2,1],[1,3]]", "--set", "v=[1,0]", "--set", "tau=0", "--trace"]
    status, out = _main([*args, "--max-steps", "50"])
    assert status == 1 and "AV301" in out
    rows = _trace_rows(out)
    assert rows[10][0] == rows[11][0] == 50 and rows[9][0] == 51
    assert "loop iterations: 50" in out


def test_a_trace_keeps_one_array_per_statement_and_each_statements_last_through_a_trim():
    listing = api.compile(
        r"""
\begin{algorithmic}
\Require \(x \in \mathbb{R}^{n}\), \(m\)
\State \(y \gets 2 x\)
\For{\(k = 1, \dots, m\)}
  \State \(y \gets y + x\)
  \State \(y \gets y - x\)
\EndFor
\Return \(y\)
\end{algorithmic}"""
    )
    from algoverify.running.interpreter import Trace

    trace = Trace(history_limit=16)
    listing.program.run({"x": np.ones(3), "m": 40}, trace=trace)
    history = trace.history["y"]
    assert sum(isinstance(v, np.ndarray) for _, v in history) == 3  # one per statement that assigns y
    assert len({span for span, _ in history}) == 3  # the first statement's entry survived the trims
    assert trace.assignments("y") == 81


# --- 2. a listing that cannot compile still describes itself ---------------------------------------


@pytest.mark.parametrize(
    ("latex", "inputs", "outputs"),
    [
        (
            "\\Require \\(x\\), \\(\\tau\\)\n\\State \\(y \\gets \\foo x\\)\n\\Return \\(y, \\tau\\)",
            ("x", "tau"),
            ("y", "tau"),
        ),
        (
            "\\Function{F}{\\(x, \\tau\\)}\n\\State \\(y \\gets \\foo x\\)\n\\State \\Return \\(y\\)\n\\EndFunction",
            ("x", "tau"),
            ("y",),
        ),
    ],
)
def test_a_listing_that_cannot_compile_still_describes_itself(latex, inputs, outputs):
    listing = api.compile("\\begin{algorithmic}\n" + latex + "\n\\end{algorithmic}")
    assert listing.inputs == inputs and listing.outputs == outputs
    for text in (repr(listing), str(listing)):
        assert f"({', '.join(inputs)}) -> ({', '.join(outputs)})" in text
        assert "cannot run" in text and "\\foo" in text and "line 3" in text
    result = listing.run({name: 1.0 for name in inputs})
    assert not result.ok and "\\foo" in result.finding.message  # running it still says why it cannot


# --- 3. sizes are settable, and generators take them ------------------------------------------------

SUM = "---\ntitle: t\n---\n\n\\begin{algorithmic}\n\\Require \\(x \\in \\mathbb{R}^{n}\\)\n" + (
    "\\State \\(s \\gets \\sum_{i=1}^{n} x_i\\)\n\\Return \\(s\\)\n\\end{algorithmic}\n"
)


@pytest.mark.parametrize("order", [("n=4", "x=randn(n)"), ("x=randn(n)", "n=4")])
def test_a_generator_given_to_run_takes_a_size_set_beside_it(tmp_path, order):
    path = tmp_path / "d.md"
    path.write_text(SUM, encoding="utf-8")
    status, named = _main(["run", str(path), "--set", order[0], "--set", order[1]])
    assert status == 0, named
    status, literal = _main(["run", str(path), "--set", "x=randn(4)"])
    assert status == 0 and named == literal  # the same draw: x has n = 4 entries


def test_a_setting_naming_nothing_or_itself_is_a_usage_error(tmp_path):
    path = tmp_path / "d.md"
    path.write_text(SUM, encoding="utf-8")
    status, out = _main(["run", str(path), "--set", "x=randn(m)"])
    assert status == 2 and "--set x=randn(m): unknown name m" in out
    status, out = _main(["run", str(path), "--set", "x=randn(n)", "--set", "n=randn(x)"])
    assert status == 2 and "refer to each other" in out


def test_a_listing_says_which_sizes_a_call_accepts(tmp_path):
    path = tmp_path / "d.md"
    path.write_text(SUM, encoding="utf-8")
    (listing,) = api.load(path).listings
    assert listing.inputs == ("x",) and listing.sizes == ("n",)
    assert listing(x=[1.0, 2.0, 3.0], n=3) == 6.0
    with pytest.raises(Exception, match="takes x and the sizes n"):
        listing(x=[1.0, 2.0], m=2)


# --- 4. the stepper reads a typed name as the listing reads it ---------------------------------------


def _step(tmp_path: Path, commands: list[str]) -> list[str]:
    """The stepper's answers (prompt lines) to ``commands`` on the power iteration."""
    path = tmp_path / "power.md"
    path.write_text(POWER, encoding="utf-8")
    args = ["run", str(path), "--set", "A=[[2,1],[1,3]]", "--set", "v=[1,0]", "--set", "tau=1e-2", "--step"]
    _, out = _main(args, stdin="".join(c + "\n" for c in [*commands, "q"]))
    return [line.removeprefix("(algoverify) ") for line in out.splitlines() if line.startswith("(algoverify) ")]


def test_the_stepper_says_a_name_of_the_listing_has_no_value_yet_however_it_is_typed(tmp_path):
    answers = _step(tmp_path, ["print lam", "print \\lambda", "print λ", "print nosuch"])
    for typed, answer in zip(["lam", "\\lambda", "λ"], answers):
        assert answer == f"{typed} has no value yet: the listing assigns it at lines 8, 11", answer
    assert answers[3].startswith("nosuch is not a name of this listing; its names:") and "lam" in answers[3]


def test_the_stepper_prints_a_name_however_it_is_typed_once_assigned(tmp_path):
    answers = _step(tmp_path, ["n", "n", "n", "print lam", "print λ", "print \\lambda"])
    values = [a.split(" = ")[1] for a in answers if " = " in a]
    assert len(values) == 3 and len(set(values)) == 1 and float(values[0]) == pytest.approx(np.hypot(2, 1))


# --- 5. run --check gives a verdict the exit status check gives it ----------------------------------

CHECKS = Path(__file__).parent / "data" / "checks"


@pytest.mark.parametrize(
    ("note", "check_id", "value", "verdict", "status"),
    [
        ("known_refuted.md", "number-non-negative", "a=-1.5", "refuted as expected", 0),  # a pass, as in check
        ("property_fail.md", "number-non-negative", "a=-1.5", "refuted", 1),
        ("known_holds.md", "square-non-negative", "a=1.5", "verified", 1),  # marked known and held: AV406
        ("property_fail.md", "number-non-negative", "a=1.5", "verified", 0),
    ],
)
def test_run_check_exits_as_check_does_for_the_same_verdict(note, check_id, value, verdict, status):
    got, out = _main(["run", str(CHECKS / note), "--check", check_id, "--set", value])
    assert f"\n{verdict}: " in "\n" + out and got == status, out
    assert ("AV406" in out) == (note == "known_holds.md")
    if note.startswith("known_"):  # check's exit status for the same verdict on the note's own trials
        whole, _ = _main(["check", str(CHECKS / note), "--no-progress"])
        assert whole == status


# --- 11. a shrunk counterexample is 0.0, not -0.0, unless the sign matters ---------------------------


def test_a_shrunk_counterexample_has_no_negative_zero(tmp_path):
    (o,) = _check(_draw_note(tmp_path, 'A: "randn(3, 3)"', r"\operatorname{tr}(A) > 10")).outcomes
    assert o.status == "refuted", o.message
    A = np.asarray(o.details["_counterexample"]["A"])
    assert (A == 0).any() and not np.signbit(A[A == 0]).any(), A
    assert "-0.0" not in o.details["counterexample"] and "-0.0" not in o.details["reproduce"]


def test_a_negative_zero_stays_when_its_sign_makes_the_claim_fail():
    from algoverify.checking.evidence.trials import simplify_values

    def fails_by_sign(values):
        with np.errstate(divide="ignore"):
            return bool(1 / np.float64(values["a"]) < 0)  # 1 / -0.0 is -inf: the sign is the failure

    inside = {"a": lambda a: -1 <= a < 1}
    kept = simplify_values({"a": -0.3}, fails_by_sign, inside)["a"]
    assert kept == 0 and np.signbit(kept)
    plain = simplify_values({"a": -0.3}, lambda values: values["a"] < 0.5, inside)["a"]
    assert plain == 0 and not np.signbit(plain)


# --- 12. a failed \forall names its first failing index and both sides there ------------------------


def test_a_failed_forall_names_the_first_failing_index_and_both_sides(tmp_path):
    holds = r"\forall i \in \{1, \dots, n\}: x_i^{2} \le x_i"
    path = _draw_note(tmp_path, 'n: "integers(3, 6)", x: "uniform(-1, 1, n)"', holds)
    (o,) = _check(path).outcomes
    assert o.status == "refuted", o.message
    x = np.asarray(o.details["_counterexample"]["x"], dtype=float)
    first = int(np.argmax(~(x**2 <= x + 1e-9))) + 1  # the first index where the statement is false
    assert f"is false at i = {first} (x_i^{{2}} = " in o.message and "; x_i = " in o.message, o.message
    status, out = _main(shlex_split(o.details["reproduce"])[1:])
    assert status == 1 and f"at i = {first}: x_i^{{2}} = " in out


def test_a_failed_nested_forall_names_every_index(tmp_path):
    holds = r"\forall i \in \{1, \dots, n\}: \forall j \in \{1, \dots, n\}: A_{i,j} = A_{j,i}"
    (o,) = _check(_draw_note(tmp_path, 'n: "integers(2, 3)", A: "randn(n, n)"', holds)).outcomes
    assert o.status == "refuted", o.message
    A = np.asarray(o.details["_counterexample"]["A"])
    i, j = next((i, j) for i in range(len(A)) for j in range(len(A)) if not np.isclose(A[i, j], A[j, i]))
    assert f"is false at i = {i + 1}, j = {j + 1} (A_{{i,j}} = " in o.message, o.message


def shlex_split(command: str) -> list[str]:
    import shlex

    return shlex.split(command)


# --- 13. a message names the entries that differ, however long the arrays ---------------------------

ZEROED = r"""
\begin{algorithmic}
\Require \(x \in \mathbb{R}^{n}\)
\State \(y \gets 2 x\)
\State \(y_{15} \gets 0\)
\Return \(y\)
\end{algorithmic}
"""


def test_a_long_arrays_differing_entry_is_named_in_a_property_and_a_reference_message(tmp_path):
    (tmp_path / "refs.py").write_text("import numpy as np\n\ndef double(x):\n    return 2 * np.asarray(x)\n")
    checks = """
    - id: prop
      kind: property
      listing: 1
      claim: "The listing computes the softmax"
      trials: 3
      inputs: {x: "randn(20)"}
      holds: 'y = 2 x'
    - id: ref
      kind: reference
      listing: 1
      claim: "The listing computes the softmax"
      trials: 3
      inputs: {x: "randn(20)"}
      reference: double
    """
    path = _note(tmp_path, checks, ZEROED)
    path.write_text(path.read_text().replace("algoverify:\n", "algoverify:\n  module: refs.py\n", 1))
    report = _check(path)
    prop, ref = _outcome(report, "prop"), _outcome(report, "ref")
    assert prop.status == ref.status == "refuted"
    assert "..." in prop.message and "at index 15: y = 0, 2 x = " in prop.message, prop.message
    x = np.asarray(ref.details["_counterexample"]["x"])
    assert f"at index 15: y = 0, the reference = {2 * x[14]:.6g}" in ref.message, ref.message


def test_differing_entries_are_counted_past_the_first_few():
    from algoverify.checking.kinds.entries import SHOWN, differing

    a, b = np.zeros((4, 5)), np.zeros((4, 5))
    b[1, 2] = b[3, 4] = b[0, 1] = b[2, 2] = b[3, 0] = 1.0
    text = differing(a, b, np.isclose, ("A", "B"))
    assert text.startswith("at index (1, 2): A = 0, B = 1; at index (2, 3): ")
    assert text.count("at index") == SHOWN and text.endswith(f"{5 - SHOWN} more entries differ")
    assert differing(a, a, np.isclose, ("A", "B")) == ""


# --- 14. a reference comparison takes NaN as equal to NaN in the same position ----------------------

IDENTITY = "\\begin{algorithmic}\n\\Require \\(x\\)\n\\State \\(y \\gets x\\)\n\\Return \\(y\\)\n\\end{algorithmic}\n"


@pytest.mark.parametrize(
    ("extra", "status"),
    [("", "verified"), ("\n  equal_nan: false", "refuted"), ("\n  compare: {y: {equal_nan: false}}", "refuted")],
)
def test_nan_equals_nan_in_the_same_position_unless_the_spec_says_strict(tmp_path, extra, status):
    (tmp_path / "refs.py").write_text("import numpy as np\n\ndef same(x):\n    return np.array(x, dtype=float)\n")
    checks = (
        '- id: same\n  kind: reference\n  listing: 1\n  claim: "The listing computes the softmax"\n'
        "  trials: 2\n  inputs: {x: [.nan, 1.0]}\n  reference: same" + extra
    )
    path = _note(tmp_path, checks, IDENTITY)
    path.write_text(path.read_text().replace("algoverify:\n", "algoverify:\n  module: refs.py\n", 1))
    report = _check(path)
    assert not [f for f in report.findings if f.code.startswith("AV5")], report.findings
    found = _outcome(report, "same")
    assert found.status == status, found.message
    if status == "refuted":
        assert "equal_nan false" in found.message and "at index 1: y = nan, the reference = nan" in found.message


# --- 15. an invariant inside a loop that made no pass says so, and on how many draws ---------------

COUNTING = r"""
\begin{algorithmic}
\Require \(m\)
\State \(s \gets 0\)
\For{\(k = 1, \dots, m\)}
  \State \(s \gets s + 1\)
\EndFor
\Return \(s\)
\end{algorithmic}
"""


@pytest.mark.parametrize("sizes", ["integers(0, 3)", "integers(-3, 0)"])
def test_an_invariant_in_a_loop_that_made_no_pass_says_so_and_counts_the_draws(tmp_path, sizes):
    checks = f"""
    - id: inv
      kind: property
      listing: 1
      claim: "The listing computes the softmax"
      trials: 20
      inputs: {{m: "{sizes}"}}
      at: 's \\gets s + 1'
      holds: 's \\geq 0'
    """
    path = _note(tmp_path, checks, COUNTING)
    loop = path.read_text().splitlines().index(r"\For{\(k = 1, \dots, m\)}") + 1
    found = _outcome(_check(path), "inv")
    assert "skipped" not in found.message and "never ran" not in found.message, found.message
    match = re.search(rf"the loop at line {loop} made no pass on (\d+) draws?", found.message)
    assert match, found.message
    assert int(match.group(1)) > 0  # the draws of m ≤ 0
    if found.status != "verified":
        assert found.status == "could not check" and "no trial tested the claim" in found.message


# --- 17. a formula's floating-point warnings never reach stderr --------------------------------------


def test_a_let_that_divides_by_zero_before_given_skips_the_trial_warns_nobody(tmp_path, capfd):
    import warnings

    holds = "r b = x'\n      let: {r: 'x / b'}\n      given: 'b > 0"
    path = _draw_note(tmp_path, 'x: "randn(3)", b: "integers(0, 1)"', holds)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        (o,) = _check(path).outcomes
    assert o.status == "verified" and "`given:` was false" in o.message, o.message
    assert [w for w in caught if issubclass(w.category, RuntimeWarning)] == []
    assert "RuntimeWarning" not in capfd.readouterr().err
