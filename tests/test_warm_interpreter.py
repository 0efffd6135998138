"""Snippets forked from the warm interpreter behave as in a fresh one (the sandbox's own tests run both ways)."""

from __future__ import annotations

import os
import signal
import time

import pytest

from algoverify.checking.sandboxing import snippets, warm
from algoverify.checking.sandboxing.snippetcalls import SnippetSession
from algoverify.checking.sandboxing.snippets import run_snippet

pytestmark = pytest.mark.skipif(not warm.available(), reason="the warm interpreter needs Linux (pidfds, fork)")


@pytest.fixture
def cold(monkeypatch):
    monkeypatch.setenv("ALGOVERIFY_COLD_SNIPPETS", "1")


@pytest.fixture
def warm_on(monkeypatch):
    monkeypatch.setenv("ALGOVERIFY_COLD_SNIPPETS", "0")


def _both(code: str, monkeypatch) -> tuple[snippets.SnippetRun, snippets.SnippetRun]:
    monkeypatch.setenv("ALGOVERIFY_COLD_SNIPPETS", "0")
    hot = run_snippet(code)
    monkeypatch.setenv("ALGOVERIFY_COLD_SNIPPETS", "1")
    return hot, run_snippet(code)


def test_numpy_is_already_imported_only_in_a_warm_run(monkeypatch):
    hot, fresh = _both("import sys; print('numpy' in sys.modules)", monkeypatch)
    assert (hot.stdout, fresh.stdout) == ("True\n", "False\n")


@pytest.mark.parametrize(
    ("code", "returncode"),
    [
        ("import sys; print(sys.argv, __name__, __file__ if '__file__' in dir() else None)", 0),
        ("def f():\n    raise ValueError('no')\nprint('before')\nf()\n", 1),
        ("import sys; print('bye'); sys.exit(3)", 3),
        ("import sys; sys.exit('a message')", 1),
        ("raise SystemExit", 0),
        ("import atexit; atexit.register(print, 'at exit'); print('body')", 0),
        ("import threading, time\nthreading.Thread(target=lambda: (time.sleep(0.2), print('thread'))).start()", 0),
        ("import os; print(sorted(k for k in os.environ if k.startswith('PYTHON')))", 0),
        ("print('x' * 70000, end='')", 0),
        ("import sys; sys.stdout.write('no newline'); sys.stderr.write('err')", 0),
        ("print('never')\ndef f(:\n    pass\n", 1),
    ],
    ids=[
        "argv",
        "traceback",
        "exit-code",
        "exit-message",
        "bare-exit",
        "atexit",
        "threads",
        "env",
        "big",
        "streams",
        "syntax-error",
    ],
)
def test_a_warm_run_prints_and_ends_as_a_fresh_interpreter_does(monkeypatch, code, returncode):
    hot, fresh = _both(code, monkeypatch)
    assert (hot.stdout, hot.stderr, hot.returncode) == (fresh.stdout, fresh.stderr, fresh.returncode)
    assert hot.returncode == returncode


def test_each_warm_run_draws_fresh_entropy_as_a_new_interpreter_would(warm_on):
    code = "import numpy as np, random; print(np.random.rand(), random.random())"
    runs = {run_snippet(code).stdout for _ in range(3)}
    assert len(runs) == 3


def test_a_snippet_cannot_write_the_supervisors_status(warm_on):
    # in a fresh interpreter exec closed the status pipe; forked, the run closes every inherited descriptor
    code = "import os\nprint(' '.join(sorted(os.listdir('/proc/self/fd'), key=int)))"
    run = run_snippet(code)
    assert run.ok, run.stderr
    assert run.stdout.split() == ["0", "1", "2", "3"]  # 3: the listing's own handle on the folder


def test_a_dead_warm_interpreter_leaves_the_next_run_cold_then_warm_again(warm_on):
    code = "import sys; print('numpy' in sys.modules)"
    assert run_snippet(code).stdout == "True\n"
    zygote = snippets._WARM
    assert zygote is not None
    os.kill(zygote.process.pid, signal.SIGKILL)
    zygote.process.wait()
    assert run_snippet(code).stdout == "True\n"  # a new warm interpreter took its place
    assert snippets._WARM is not zygote


def test_a_killed_fork_is_a_timeout_not_a_hang(warm_on):
    begin = time.monotonic()
    run = run_snippet("import time\nwhile True:\n    time.sleep(0.01)\n", timeout=1)
    assert run.timed_out and time.monotonic() - begin < 3


def test_calls_into_a_snippet_run_in_a_fork_too(warm_on):
    with SnippetSession("import sys\ndef loaded():\n    return 'numpy' in sys.modules\n") as session:
        assert session.call("loaded") is True


def test_closing_waits_for_the_warm_interpreter(warm_on):
    run_snippet("pass")
    zygote = snippets._WARM
    assert zygote is not None
    snippets.close_warm_interpreter()
    assert zygote.process.returncode is not None and snippets._WARM is None
