"""Runs over many notes: reports streamed in path order, notes over lanes (--jobs), the progress line."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import textwrap
import threading
import time
from pathlib import Path

import pytest
from helpers import ROOT, doubling_note

from algoverify import api
from algoverify.cli import main
from algoverify.orchestration import pool
from algoverify.orchestration.runs import Progress
from algoverify.reporting.progress import ProgressLine, wanted

CORPUS = ROOT / "corpus"
lanes = pytest.mark.skipif(not pool.available(), reason="lanes need fork (POSIX)")

MODULE = """\
import os, time
import numpy as np

def double(x):
    return 2 * np.asarray(x, dtype=float)

def double_once_the_gate_opens(x):
    # waits for the file the test creates when the note before this one is reported
    deadline = time.monotonic() + 20
    while not os.path.exists({gate!r}):
        if time.monotonic() > deadline:
            raise RuntimeError("the note before was not reported while this one ran")
        time.sleep(0.02)
    return double(x)
"""


def _gated_pair(tmp_path: Path) -> tuple[Path, Path, Path]:
    """Two notes: a.md checks at once; b.md's check waits until a.md's report is out (the gate)."""
    gate = tmp_path / "gate"
    (tmp_path / "refs.py").write_text(MODULE.format(gate=str(gate)))
    a, b = tmp_path / "a.md", tmp_path / "b.md"
    a.write_text(doubling_note(trials=2, reference="double"))
    b.write_text(doubling_note(trials=2, reference="double_once_the_gate_opens"))
    return a, b, gate


@pytest.mark.slow
@pytest.mark.parametrize("jobs", [1, pytest.param(2, marks=lanes)])
def test_a_note_is_reported_while_the_next_one_still_runs(tmp_path, jobs):
    a, b, gate = _gated_pair(tmp_path)
    seen = []

    def on_note(report):
        seen.append(report.path)
        if report.path == a:
            gate.touch()

    result = api.check([b, a], jobs=jobs, on_note=on_note)
    assert seen == [a, b] == [n.path for n in result.notes]  # path order, whatever the order given
    assert [o.status for n in result.notes for o in n.outcomes] == ["verified", "verified"]


@pytest.mark.slow
@pytest.mark.parametrize("jobs", ["1", pytest.param("2", marks=lanes)])
def test_the_command_prints_each_note_as_soon_as_it_is_done(tmp_path, jobs):
    a, b, gate = _gated_pair(tmp_path)

    class Stdout(io.StringIO):
        def write(self, text):
            if str(a) in text:
                gate.touch()
            return super().write(text)

    out = Stdout()
    code = main(["check", str(tmp_path), "--jobs", jobs, "--no-progress"], stdout=out, stderr=io.StringIO())
    lines = out.getvalue().splitlines()
    assert code == 0, out.getvalue()
    assert [ln.split()[0] for ln in lines if re.match(r"\S+  \(\d+ checks?, ", ln)] == [str(a), str(b)]
    assert lines[-1].startswith("2 verified, 0 refuted")


def _timeless(text: str) -> str:
    return re.sub(r"\d+\.\d+ s\b", "T s", text)


def _without_seconds(doc):
    if isinstance(doc, dict):
        return {k: _without_seconds(v) for k, v in doc.items() if k not in ("seconds", "trials")}
    if isinstance(doc, str):
        return _timeless(doc)
    if isinstance(doc, list):
        return [_without_seconds(v) for v in doc]
    return doc


@pytest.mark.slow
@lanes
@pytest.mark.parametrize("command, fmt", [("check", "text"), ("check", "json"), ("lint", "text"), ("lint", "sarif")])
def test_two_jobs_report_what_one_job_reports(tmp_path, command, fmt):
    broken = tmp_path / "broken.md"
    broken.write_text(
        "\\begin{algorithmic}\n\\While{\\(x \\gt 0\\)}\n\\State \\(y \\gets \\foo 2\\)\n\\end{algorithmic}\n"
    )
    outputs = []
    for jobs in ("1", "2"):
        out = io.StringIO()
        argv = [command, str(CORPUS), str(broken), "--jobs", jobs, "--format", fmt, "--no-progress"]
        code = main(argv, stdout=out, stderr=io.StringIO())
        outputs.append((code, out.getvalue()))
    (code1, one), (code2, two) = outputs
    assert code1 == code2 == 1
    if fmt == "text":
        assert _timeless(one) == _timeless(two)
        assert str(broken) in one
    else:
        assert _without_seconds(json.loads(one)) == _without_seconds(json.loads(two))


# --- the lanes themselves --------------------------------------------------------------------


def _square(task, send):
    send(("started", task, os.getpid()))
    if task == 3:
        os._exit(3)  # the lane dies in this task
    if task == 5:
        raise ValueError("task 5 is broken")
    return task * task


@lanes
def test_lanes_survive_a_dead_lane_and_a_raising_task():
    done, lost, started = {}, {}, []
    pool.run_lanes(
        2,
        list(range(8)),
        _square,
        on_done=done.__setitem__,
        on_message=lambda i, m: started.append(m),
        on_lost=lambda i, why, crashed: lost.__setitem__(i, (why, crashed)),
    )
    assert done == {i: i * i for i in range(8) if i not in (3, 5)}
    assert lost[3] == ("exited with status 3", False)
    assert lost[5][1] and "ValueError: task 5 is broken" in lost[5][0]
    assert sorted(m[1] for m in started) == list(range(8))
    _all_reaped({m[2] for m in started})


@lanes
def test_a_new_lane_takes_the_tasks_of_a_dead_one():
    done, started = {}, []
    pool.run_lanes(
        1,
        [0, 3, 1, 2],  # the one lane dies in its second task
        _square,
        on_done=done.__setitem__,
        on_message=lambda i, m: started.append(m[2]),
        on_lost=lambda i, why, crashed: None,
    )
    assert done == {0: 0, 2: 1, 3: 4}
    assert started[0] == started[1] != started[2] == started[3]


def _all_reaped(pids):
    for pid in pids:
        with pytest.raises(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)


def _slow(task, send):
    send(os.getpid())
    time.sleep(30)


@lanes
def test_an_interrupted_run_stops_and_reaps_its_lanes():
    started = time.monotonic()

    def tick():
        if time.monotonic() - started > 0.3:
            raise KeyboardInterrupt

    pids = set()
    with pytest.raises(KeyboardInterrupt):
        pool.run_lanes(
            2, [1, 2, 3], _slow, on_done=None, on_message=lambda i, pid: pids.add(pid), on_lost=None, tick=tick
        )
    assert time.monotonic() - started < pool.STOP_GRACE + 2
    assert len(pids) == 2
    _all_reaped(pids)


def _parent(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


@lanes
def test_a_note_whose_lane_is_killed_is_reported_and_the_run_goes_on(tmp_path):
    if not Path("/proc/self/stat").exists():
        pytest.skip("finds the lane through /proc")
    pidfile = tmp_path / "worker.pid"
    sleeper = f"""\
        import os, time
        import numpy as np

        def double(x):
            open({str(pidfile)!r} + ".tmp", "w").write(os.readlink("/proc/self"))  # its pid on the machine
            os.rename({str(pidfile)!r} + ".tmp", {str(pidfile)!r})
            time.sleep(60)  # nobody watches this worker's deadline once its lane is killed: it must die with it
        """

    def kill_the_lane() -> None:
        # the module cannot signal its lane (a PID namespace of its own): the run's owner can
        deadline = time.monotonic() + 30
        while not pidfile.exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        lane = int(pidfile.read_text())
        while _parent(lane) != os.getpid():  # worker, its namespace's init, guard, lane
            lane = _parent(lane)
        os.kill(lane, signal.SIGKILL)

    for name, body in (("a", sleeper), ("b", "import numpy as np\n\ndef double(x):\n    return 2 * np.asarray(x)\n")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "refs.py").write_text(textwrap.dedent(body))
        (tmp_path / name / "note.md").write_text(doubling_note(trials=2, reference="double"))
    killer = threading.Thread(target=kill_the_lane, daemon=True)
    killer.start()
    result = api.check([tmp_path], jobs=2)
    killer.join(5)
    bad, good = result.notes
    assert [o.status for o in good.outcomes] == ["verified"]
    (stopped,) = [f for f in bad.findings if f.code == "AV504"]
    assert "was killed by SIGKILL" in stopped.message
    worker = int(pidfile.read_text())
    deadline = time.monotonic() + 5
    while Path(f"/proc/{worker}").exists() and time.monotonic() < deadline:
        state = Path(f"/proc/{worker}/stat").read_text().rsplit(")", 1)[1].split()[0]
        if state == "Z":  # ended, waiting for init to reap it
            break
        time.sleep(0.05)
    else:
        assert not Path(f"/proc/{worker}").exists(), "the note's worker outlived its lane"


# --- the progress line -----------------------------------------------------------------------


class Terminal(io.StringIO):
    def isatty(self):
        return True


PROGRESS_TEXT = [
    (Progress(0, 9, 0, 0, 0, 0.0), "checking 0/9 notes · 0.0 s"),
    (Progress(3, 9, 1, 0, 0, 1.25), "checking 3/9 notes · 1 check · 1.2 s"),
    (Progress(8, 9, 24, 2, 0, 12.0), "checking 8/9 notes · 24 checks, 2 refuted · 12.0 s"),
    (Progress(9, 9, 29, 0, 7, 0.4), "checking 9/9 notes · 29 checks · 7 cached · 0.4 s"),
]


@pytest.mark.parametrize("progress, text", PROGRESS_TEXT, ids=[t for _, t in PROGRESS_TEXT])
def test_the_progress_line_says_notes_checks_and_time(progress, text):
    assert ProgressLine(io.StringIO(), verb="checking", colour=False).text(progress) == text


@pytest.mark.parametrize(
    "stream, env, disabled, shown",
    [
        (Terminal(), {}, False, True),
        (io.StringIO(), {}, False, False),  # piped
        (Terminal(), {"TERM": "dumb"}, False, False),
        (Terminal(), {}, True, False),  # --no-progress
    ],
    ids=["terminal", "piped", "TERM=dumb", "--no-progress"],
)
def test_the_progress_line_is_shown_only_on_a_capable_terminal(monkeypatch, stream, env, disabled, shown):
    monkeypatch.delenv("TERM", raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert wanted(stream, disabled=disabled) is shown


@pytest.mark.slow
@pytest.mark.parametrize(
    "argv, env, expect",
    [
        ([], {}, "line in colour"),
        ([], {"NO_COLOR": "1"}, "plain line"),
        (["--no-progress"], {}, "no line"),
        ([], {"TERM": "dumb"}, "no line"),
    ],
    ids=["terminal", "NO_COLOR", "--no-progress", "TERM=dumb"],
)
def test_the_command_draws_its_progress_on_stderr_and_clears_it(monkeypatch, argv, env, expect):
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.delenv("NO_COLOR", raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    out, err = io.StringIO(), Terminal()
    code = main(["lint", str(CORPUS), "--jobs", "1", *argv], stdout=out, stderr=err)
    assert code == 0 and out.getvalue() == "no findings\n"  # stdout: the report alone
    drawn = err.getvalue()
    if expect == "no line":
        assert drawn == ""
        return
    assert re.search(r"\rlinting 8/8 notes · \d+\.\d s", drawn.replace("\x1b[2m", "").replace("\x1b[0m", ""))
    assert drawn.endswith("\r\x1b[K")  # cleared: the shell prompt starts on a clean line
    assert ("\x1b[2m" in drawn) is (expect == "line in colour")
