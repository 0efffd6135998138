"""Tests for ``algoverify run``: the ``--step`` debugger in a pseudo-terminal, and ``cli.main``.

The stepper runs in a real child process driven through a pty with pexpect; the rest of
the command goes through ``cli.main(argv)`` with capsys.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import numpy as np
import pytest
from helpers import listing_offset

from algoverify import cli

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


def spawn_step(*extra):
    env = dict(os.environ, PYTHONPATH=str(ROOT), NO_COLOR="1", COLUMNS="200")
    args = ["-m", "algoverify", "run", NOTE, "--set", "A=[[2,1],[1,3]]", "--set", "v=[1,0]", "--set", "tau=1e-2",
            "--step", *extra]
    child = pexpect.spawn(sys.executable, args, cwd=str(ROOT), env=env, timeout=20, encoding="utf-8")
    child.delaybeforesend = None
    return child


def current_line(child):
    child.expect(r"->\s*(\d+)\s")
    line = int(child.match.group(1))
    child.expect(PROMPT)
    return line


@pytest.mark.slow
def test_step_next_print_break_continue_vars_quit():
    child = spawn_step()
    try:
        assert current_line(child) == 18 + PI  # the first statement
        child.sendline("next")
        assert current_line(child) == 19 + PI  # w ← A v
        child.sendline("print w")
        child.expect("w is not defined yet")
        child.expect(PROMPT)
        child.sendline("next")
        assert current_line(child) == 19 + PI  # λ ← ‖w‖, the second statement on the line
        child.sendline("print w")
        child.expect(r"w = \[2\. 1\.\]")  # A [1, 0]
        child.expect(PROMPT)
        child.sendline(f"break {22 + PI}")
        child.expect(f"breakpoint at line {22 + PI}")
        child.expect(PROMPT)
        child.sendline("continue")
        assert current_line(child) == 22 + PI  # ran 20 and 21 without stopping
        child.sendline("vars")
        child.expect(PROMPT)
        listed = set(re.findall(r"^(\w+) = ", child.before, flags=re.M))
        assert {"A", "lam", "tau", "v", "w"} <= listed
        assert re.search(r"^lam = 2\.236067977", child.before, flags=re.M)  # ‖A [1, 0]‖ = √5
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 1


@pytest.mark.slow
def test_step_continue_to_the_end_prints_the_eigenvalue():
    child = spawn_step()
    try:
        assert current_line(child) == 18 + PI
        child.sendline("continue")
        child.expect(r"lam = ([0-9.]+)")
        lam = float(child.match.group(1))
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    lam_ref, _, _ = reference(1e-2)
    assert lam == pytest.approx(lam_ref, rel=1e-9)  # the printed value is the run's value
    assert abs(lam - LAM_MAX) <= 1e-2 * LAM_MAX  # within the tolerance of the true eigenvalue


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
    rows = {int(m.group(1)): (int(m.group(2)), m.group(3)) for m in re.finditer(r"^\s*(\d+)\s+(\d+)\s+(.*)$", out, flags=re.M)}
    assert out.splitlines()[0].split() == ["line", "hits", "source"]
    assert rows[18 + PI][0] == 1 and rows[18 + PI][1].startswith(r"\State \(v \gets v / \lVert v \rVert\)")
    assert rows[19 + PI][0] == 1
    assert rows[20 + PI][0] == 1
    assert rows[21 + PI][0] == steps
    assert rows[22 + PI][0] == steps
    assert rows[17 + PI][0] == 0 and rows[23 + PI][0] == 0
    assert "lam=" in rows[22 + PI][1] and "w=" in rows[22 + PI][1]  # last values assigned on the line
    assert f"loop iterations: {steps}" in out
    assert "lam = " in out  # the outputs follow the table


def test_run_finding_exits_1(capsys):
    status, out, _ = run(capsys, NOTE, "--set", "A=[[1,0],[0,-1]]", "--set", "v=[1,1]", "--set", "tau=0",
                         "--max-steps", "50")
    assert status == 1
    assert f"{NOTE}:{20 + PI}:1: AV301 did not terminate" in out


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
    status, out, _ = run(capsys, "corpus/layer-normalisation.md", "--listing", "LayerNorm", "--set", "x=[1,2,3]",
                         "--set", "gamma=[1,1,1]", "--set", "beta=[0,0,0]", "--set", "epsilon=0")
    assert status == 0
    values = [float(t) for t in re.findall(r"-?\d+\.\d*", out)]
    np.testing.assert_allclose(values, [-1.224745, 0.0, 1.224745], atol=1e-6)
