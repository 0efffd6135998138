"""Tests for ``algoverify run``: the ``--step`` debugger in a pseudo-terminal, and ``cli.main``.

The stepper runs in a real child process driven through a pty with pexpect; the rest of
the command goes through ``cli.main(argv)`` with capsys.
"""

from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from helpers import listing_offset

from algoverify import cli
from algoverify.running.stepper import COMMANDS

pexpect = pytest.importorskip("pexpect")

ROOT = Path(__file__).resolve().parents[1]
NOTE = "corpus/power-iteration.md"
A = [[2.0, 1.0], [1.0, 3.0]]
LAM_MAX = (5 + 5**0.5) / 2
PROMPT = r"\(algoverify\) "


PI = listing_offset("power-iteration.md")


def reference(tau, v0=(1.0, 0.0)):
    """The power iteration of the note in NumPy: (λ, v, loop iterations)."""
    M = np.array(A)
    v = np.array(v0) / np.linalg.norm(v0)
    w = M @ v
    lam = np.linalg.norm(w)
    steps = 0
    while np.linalg.norm(w - lam * v) > tau * lam:
        v = w / lam
        w = M @ v
        lam = np.linalg.norm(w)
        steps += 1
    return lam, v, steps


def line_of(needle, note=NOTE):
    """The 1-based line of the note where ``needle`` first occurs (tests do not hard-code positions)."""
    text = (ROOT / note).read_text(encoding="utf-8")
    return text[: text.index(needle)].count("\n") + 1


def col_of(needle, note=NOTE):
    """The 1-based column where ``needle`` starts on its line."""
    text = (ROOT / note).read_text(encoding="utf-8")
    at = text.index(needle)
    return at - text.rfind("\n", 0, at)


WHILE = line_of("\\While{")
FIRST = line_of("\\State \\(v \\gets v / ")
RAYLEIGH = line_of("\\State \\(w \\gets A v\\); ")  # two statements on one line
BODY = line_of("    \\State \\(v \\gets w / \\lambda")
END_WHILE = line_of("\\EndWhile")
LN = "corpus/layer-normalisation.md"
LN_INPUTS = ("--set", "x=[1,1,1,1]", "--set", "gamma=[1,1,1,1]", "--set", "beta=0", "--set", "epsilon=0")


def spawn_step(*extra, note=NOTE, inputs=("--set", "A=[[2,1],[1,3]]", "--set", "v=[1,0]", "--set", "tau=1e-2")):
    env = dict(os.environ, PYTHONPATH=str(ROOT), NO_COLOR="1", COLUMNS="200")
    args = ["-m", "algoverify", "run", note, *inputs, "--step", *extra]
    child = pexpect.spawn(sys.executable, args, cwd=str(ROOT), env=env, timeout=20, encoding="utf-8")
    child.delaybeforesend = None
    return child


def current_line(child):
    child.expect(r"->\s*(\d+)\s")
    line = int(child.match.group(1))
    child.expect(PROMPT)
    return line


def ask(child, command):
    """Send a command; return what it printed before the next prompt (without the echoed command)."""
    child.sendline(command)
    child.expect(PROMPT)
    return child.before.replace("\r\n", "\n").split("\n", 1)[1] if "\n" in child.before else ""


def finish(child):
    """Wait for the end (a test that failed midway leaves the child at a prompt: it is killed)."""
    try:
        child.expect(pexpect.EOF, timeout=10)
    except pexpect.TIMEOUT:
        pass
    child.close(force=True)
    return child.exitstatus


@pytest.mark.slow
def test_step_next_print_break_continue_vars_quit():
    child = spawn_step()
    try:
        assert current_line(child) == FIRST
        child.sendline("next")
        assert current_line(child) == RAYLEIGH  # w ← A v
        assert f"w has no value yet: the listing assigns it at lines {RAYLEIGH}, " in ask(child, "print w")
        child.sendline("next")
        assert current_line(child) == RAYLEIGH  # λ ← ‖w‖, the second statement on the line
        assert re.search(r"w = \[2\. 1\.\]", ask(child, "print w"))  # A [1, 0]
        assert f"breakpoint at line {BODY + 1}" in ask(child, f"break {BODY + 1}")
        child.sendline("continue")
        assert current_line(child) == BODY + 1  # ran the loop's header and first line without stopping
        listed = ask(child, "vars")
        assert {"A", "lam", "tau", "v", "w"} <= set(re.findall(r"^(\w+) = ", listed, flags=re.M))
        assert re.search(r"^lam = 2\.236067977", listed, flags=re.M)  # ‖A [1, 0]‖ = √5
        child.sendline("quit")
    finally:
        status = finish(child)
    assert status == 0  # leaving the stepper is a choice, not a failure


@pytest.mark.slow
def test_step_continue_to_the_end_prints_the_eigenvalue():
    child = spawn_step()
    try:
        assert current_line(child) == FIRST
        child.sendline("continue")
        child.expect(r"lam = ([0-9.]+)")
        lam = float(child.match.group(1))
    finally:
        status = finish(child)
    assert status == 0
    lam_ref, _, _ = reference(1e-2)
    assert lam == pytest.approx(lam_ref, rel=1e-9)  # the printed value is the run's value
    assert abs(lam - LAM_MAX) <= 1e-2 * LAM_MAX  # within the tolerance of the true eigenvalue


def _printed(text, latex):
    """The number or array ``print latex`` showed."""
    m = re.search(re.escape(latex) + r" = (\[[^\]]*\]|\S+)", text)
    assert m, text
    return np.array([float(t) for t in m.group(1).strip("[]").split()])


@pytest.mark.slow
def test_print_evaluates_latex_with_the_listings_notation():
    child = spawn_step()
    try:
        assert current_line(child) == FIRST
        for _ in range(3):  # to the loop's header: v, w and λ are set
            child.sendline("next")
            current_line(child)
        v = np.array([1.0, 0.0])
        w = np.array(A) @ v
        lam = np.linalg.norm(w)
        cases = {
            r"\lVert w \rVert": [lam],
            "A v": np.array(A) @ v,
            "v_2": [v[1]],  # 1-based, as the listing counts
            r"\lVert w - \lambda v \rVert": [np.linalg.norm(w - lam * v)],  # the loop's test, by hand
            r"\frac{1}{2} \sum_{i=1}^{2} w_i": [w.sum() / 2],
            r"v^{\top} A v": [v @ np.array(A) @ v],
            "lam": [lam],  # a variable by its identifier, too
        }
        for latex, expected in cases.items():
            np.testing.assert_allclose(_printed(ask(child, f"print {latex}"), latex), expected, rtol=1e-6)
        # an error is said at the typed math, with the caret under the culprit
        shown = ask(child, "print A u").splitlines()
        assert shown[0] == "A u"
        assert shown[1] == "  ^ AV303 u is not defined"
        shown = ask(child, "p A w_{3}").splitlines()
        assert shown[1].startswith("  ^^^^^ AV306 index 3 is out of range 1..2 in w_{3}")
        shown = ask(child, "p (A v").splitlines()
        assert "AV203" in shown[1] and shown[1].startswith("^ ")
        child.sendline("quit")
    finally:
        status = finish(child)
    assert status == 0


@pytest.mark.slow
def test_the_current_statement_of_a_line_with_two_is_underlined():
    child = spawn_step()
    try:
        child.sendline("next")
        child.expect(rf"->\s*{RAYLEIGH}  (.*)\r\n( *)(\^+) statement 1 of 2\r\n")
        first_col = len(child.match.group(2)) - 8 + 1
        first_len = len(child.match.group(3))
        child.expect(PROMPT)
        child.sendline("next")
        child.expect(rf"->\s*{RAYLEIGH}  (.*)\r\n( *)(\^+) statement 2 of 2\r\n")
        second_col = len(child.match.group(2)) - 8 + 1
        child.expect(PROMPT)
        child.sendline("quit")
    finally:
        finish(child)
    assert first_col == col_of("\\State \\(w \\gets A v")
    assert first_len == len("\\State \\(w \\gets A v\\)")
    assert second_col == col_of("\\(\\lambda \\gets \\lVert w \\rVert\\) \\Comment{first")


@pytest.mark.slow
def test_breakpoints_are_validated_listed_and_cleared():
    child = spawn_step()
    try:
        assert current_line(child) == FIRST
        said = ask(child, f"break {END_WHILE}")
        assert f"line {END_WHILE} holds no statement (\\EndWhile)" in said
        assert f"statements are on lines {FIRST}–{BODY + 1}, {END_WHILE + 1}" in said
        assert "outside the listing" in ask(child, "break 9999")
        assert "'x' is not a line number" in ask(child, "break x")
        assert "no breakpoints" in ask(child, "break")
        ask(child, f"break {WHILE}")
        ask(child, f"b {BODY}")
        listed = ask(child, "break")
        assert re.findall(r"breakpoint at line (\d+)", listed) == [str(WHILE), str(BODY)]
        assert f"cleared the breakpoint at line {BODY}" in ask(child, f"clear {BODY}")
        assert "no breakpoint at line 3" in ask(child, "clear 3")
        # a breakpoint on the loop's header stops at each pass, before the test
        stops = 0
        child.sendline("continue")
        while child.expect([rf"->\s*{WHILE}\s", r"lam = "]) == 0:
            child.expect(PROMPT)
            stops += 1
            if stops == 3:
                assert "cleared 1 breakpoint(s)" in ask(child, "clear")
            child.sendline("continue")
    finally:
        status = finish(child)
    assert status == 0
    assert stops == 3  # cleared at the third stop: the run went on to its end


@pytest.mark.slow
def test_a_failed_run_stops_at_a_post_mortem_prompt():
    child = spawn_step(note=LN, inputs=LN_INPUTS)
    try:
        current_line(child)
        child.sendline("continue")
        line = line_of("\\State \\(\\hat{x} \\gets", LN)
        child.expect(rf"{LN}:{line}:5: AV302 division by zero in this statement")
        child.expect("post-mortem")
        assert current_line(child) == line
        np.testing.assert_allclose(_printed(ask(child, r"p \sigma^{2} + \epsilon"), r"\sigma^{2} + \epsilon"), [0.0])
        np.testing.assert_allclose(_printed(ask(child, r"p x - \mu"), r"x - \mu"), [0, 0, 0, 0])
        assert "the run has ended here" in ask(child, "next")
        child.sendline("quit")
        rest = child.read()
    finally:
        status = finish(child)
    assert status == 1  # the run failed
    assert "AV302" not in rest  # said once, at the post-mortem


@pytest.mark.slow
@pytest.mark.parametrize("leave", ["quit", "q", "exit", "Ctrl-D"])
def test_the_stepper_ends_cleanly(leave):
    child = spawn_step()
    try:
        current_line(child)
        if leave == "Ctrl-D":
            child.sendeof()
        else:
            child.sendline(leave)
        rest = child.read()
    finally:
        status = finish(child)
    assert status == 0
    assert "Traceback" not in rest and "lam =" not in rest  # left, not run to the end


@pytest.mark.slow
def test_ctrl_c_stops_a_runaway_loop_at_the_next_statement():
    # eigenvalues 1 and 1 − 10⁻⁹, τ = 0: the loop converges far too slowly to stop, its state new on every
    # pass (a state that came back, as A = [[-1]]'s does, would end the run at once: tests/test_cycles.py)
    child = spawn_step(
        "--max-steps",
        "100000000",
        "--timeout",
        "120",
        inputs=("--set", "A=[[1, 0], [0, 0.999999999]]", "--set", "v=[1, 1]", "--set", "tau=0"),
    )
    try:
        current_line(child)
        child.sendline("continue")
        child.expect("continue")
        time.sleep(1.0)  # well inside the loop
        child.sendintr()
        child.expect("interrupted: stopping at the next statement")
        assert current_line(child) in (WHILE, BODY, BODY + 1)
        np.testing.assert_allclose(_printed(ask(child, r"p \lvert \lambda \rvert"), r"\lvert \lambda \rvert"), [1.0])
        child.sendintr()  # at the prompt: said, and the prompt goes on
        child.expect(r"Ctrl-C: quit or Ctrl-D leaves")
        child.sendline("quit")
    finally:
        status = finish(child)
    assert status == 0


@pytest.mark.slow
def test_time_at_the_prompt_is_not_the_runs():
    child = spawn_step("--timeout", "1")
    try:
        current_line(child)
        time.sleep(1.5)  # longer than the run's whole time budget
        child.sendline("continue")
        child.expect(r"lam = ")
    finally:
        status = finish(child)
    assert status == 0


@pytest.mark.slow
def test_help_lists_every_command():
    child = spawn_step()
    try:
        current_line(child)
        listed = ask(child, "help")
        child.sendline("quit")
    finally:
        finish(child)
    for name, short, _, _ in COMMANDS:
        assert re.search(rf"^  {name}\b.*\({short}\)", listed, flags=re.M), name
    assert "unknown command 'frobnicate'" in ask_once("frobnicate")


def ask_once(command):
    child = spawn_step()
    try:
        current_line(child)
        said = ask(child, command)
        child.sendline("quit")
    finally:
        finish(child)
    return said


# --- cli.main run -----------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _in_root(monkeypatch):
    monkeypatch.chdir(ROOT)


def run(capsys, *argv):
    status = cli.main(["run", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_run_prints_the_outputs(capsys):
    status, out, _ = run(capsys, NOTE, "--set", "A=[[2,1],[1,3]]", "--set", "v=[1,0]", "--set", "tau=1e-9")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "lam = 3.618033989"
    assert lines[1].startswith("v = [0.525731 0.850651]")


def test_run_with_a_generator_is_reproducible(capsys):
    argv = (NOTE, "--set", "A=spd(3)", "--set", "v=randn(3)", "--set", "tau=1e-9", "--seed", "7")
    first = run(capsys, *argv)
    second = run(capsys, *argv)
    assert first[0] == 0 and first == second
    other = run(capsys, *argv[:-1], "8")
    assert other[1] != first[1]


def test_run_trace_table(capsys):
    status, out, _ = run(capsys, NOTE, "--set", "A=[[2,1],[1,3]]", "--set", "v=[1,0]", "--set", "tau=1e-2", "--trace")
    assert status == 0
    _, _, steps = reference(1e-2)
    rows = {
        int(m.group(1)): (int(m.group(2)), m.group(3))
        for m in re.finditer(r"^\s*(\d+)\s+(\d+)\s+(.*)$", out, flags=re.M)
    }
    assert out.splitlines()[0].split() == ["line", "hits", "source"]
    assert rows[18 + PI][0] == 1 and rows[18 + PI][1].startswith(r"\State \(v \gets v / \lVert v \rVert\)")
    assert rows[19 + PI][0] == 1
    assert rows[20 + PI][0] == steps + 1  # the \While header: its test ran on entry and after each pass
    assert rows[21 + PI][0] == steps
    assert rows[22 + PI][0] == steps
    assert rows[17 + PI][0] == 0 and rows[23 + PI][0] == 0
    assert "lam=" in rows[22 + PI][1] and "w=" in rows[22 + PI][1]  # last values assigned on the line
    assert f"loop iterations: {steps}" in out
    assert "lam = " in out  # the outputs follow the table


def test_run_finding_exits_1(capsys):
    status, out, _ = run(
        capsys, NOTE, "--set", "A=[[1,0],[0,-1]]", "--set", "v=[1,1]", "--set", "tau=0", "--max-steps", "50"
    )
    assert status == 1
    assert f"{NOTE}:{20 + PI}:1: AV301 did not terminate" in out


@pytest.mark.slow
@pytest.mark.parametrize("bad", ["tau=oops(", "tau", "A=[[1,2],[3]", "v=nosuchgenerator(2)"])
def test_run_bad_set_exits_2(capsys, bad):
    status, out, err = run(capsys, NOTE, "--set", "A=[[2,1],[1,3]]", "--set", "v=[1,0]", "--set", bad)
    assert status == 2
    assert f"--set {bad}" in out + err


def test_run_missing_input_exits_2(capsys):
    status, out, _ = run(capsys, NOTE, "--set", "A=[[2,1],[1,3]]", "--set", "v=[1,0]")
    assert status == 2
    assert "AV307" in out and "tau" in out


def test_run_unknown_listing_exits_2(capsys):
    status, out, _ = run(capsys, NOTE, "--listing", "7", "--set", "tau=1")
    assert status == 2
    assert "listing 7 does not exist" in out


def test_run_listing_by_name(capsys):
    status, out, _ = run(
        capsys,
        "corpus/layer-normalisation.md",
        "--listing",
        "LayerNorm",
        "--set",
        "x=[1,2,3]",
        "--set",
        "gamma=[1,1,1]",
        "--set",
        "beta=[0,0,0]",
        "--set",
        "epsilon=0",
    )
    assert status == 0
    values = [float(t) for t in re.findall(r"-?\d+\.\d*", out)]
    np.testing.assert_allclose(values, [-1.224745, 0.0, 1.224745], atol=1e-6)
