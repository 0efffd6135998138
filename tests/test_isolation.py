"""Isolation per note: a note's code ends, hangs or alters only its own worker, never the run."""

from __future__ import annotations

import io
import os
import textwrap

import pytest
from helpers import doubling_note

from algoverify import api, cli
from algoverify.orchestration import isolation

pytestmark = pytest.mark.skipif(not isolation.available(), reason="isolation needs fork (POSIX)")

GOOD_MODULE = "import numpy as np\n\ndef double(x):\n    return 2 * np.asarray(x, dtype=float)\n"


def _note(folder, name, module_body, extra=""):
    sub = folder / name
    sub.mkdir()
    (sub / "refs.py").write_text(textwrap.dedent(module_body))
    path = sub / "note.md"
    path.write_text(doubling_note(extra=extra))
    return path


def _line_of(path, text):
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def _stopped(result):
    return [f for f in result.all_findings() if f.code == "AV504"]


def _good_is_verified(result, good):
    (report,) = [n for n in result.notes if n.path == good]
    assert [o.status for o in report.outcomes] == ["verified"]
    assert not [f for f in report.findings if f.severity.value == "error"]


HOSTILE = {
    "os-exit-at-import": ("import os\nos._exit(3)\n", "exited with status 3", "module"),
    "os-exit-in-reference": ("import os\n\ndef double(x):\n    os._exit(3)\n", "exited with status 3", "check"),
    "keyboard-interrupt": ("def double(x):\n    raise KeyboardInterrupt\n", "raised KeyboardInterrupt", "check"),
    "sigkill-self": (
        "import os, signal\n\ndef double(x):\n    os.kill(os.getpid(), signal.SIGKILL)\n",
        "was killed by SIGKILL",
        "check",
    ),
    "sys-exit-in-reference": ("import sys\n\ndef double(x):\n    sys.exit(4)\n", "raised SystemExit: 4", "check"),
    "segfault": (
        "import ctypes\n\ndef double(x):\n    ctypes.string_at(0)\n",
        "was killed by SIGSEGV",
        "check",
    ),
}


@pytest.mark.slow
@pytest.mark.parametrize("body, why, where", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_note_that_ends_its_process_costs_that_note_one_located_finding(tmp_path, body, why, where):
    bad = _note(tmp_path, "a", body)
    good = _note(tmp_path, "b", GOOD_MODULE)
    result = api.check([bad, good])
    assert [n.path for n in result.notes] == [bad, good]
    _good_is_verified(result, good)
    assert not result.internal_error
    (finding,) = _stopped(result)
    assert finding.path == bad
    if why is not None:
        assert why in finding.message
    text = bad.read_text()
    line = text[: finding.span.start].count("\n") + 1
    assert line == _line_of(bad, "module: refs.py" if where == "module" else "- id: doubles")


SNIPPET_KILLS_ITS_PARENT = """\
---
algoverify:
  checks:
    - id: prints
      kind: snippet
      block: 1
      quotes: ["1"]
---

```python
import os, signal
print(1, flush=True)
os.kill(os.getppid(), signal.SIGKILL)
```
"""


@pytest.mark.slow
def test_a_snippet_that_kills_its_parent_costs_that_note_only(tmp_path):
    bad = tmp_path / "a.md"
    bad.write_text(SNIPPET_KILLS_ITS_PARENT)
    good = _note(tmp_path, "b", GOOD_MODULE)
    result = api.check([bad, good])
    _good_is_verified(result, good)
    assert not result.internal_error


@pytest.mark.slow
def test_monkey_patching_numpy_or_algoverify_does_not_leak_into_the_next_note(tmp_path):
    patcher = """\
        import numpy
        import algoverify.api
        import algoverify.checking.kinds.runner
        numpy.sum = lambda *a, **k: 0
        numpy.asarray = lambda *a, **k: 0
        algoverify.api.settle = lambda *a, **k: None
        algoverify.checking.kinds.runner.run_check = None

        def double(x):
            return 2 * x
        """
    bad = _note(tmp_path, "a", patcher)
    good = _note(tmp_path, "b", GOOD_MODULE)
    result = api.check([bad, good])
    _good_is_verified(result, good)
    import numpy

    assert numpy.sum([1, 2]) == 3
    assert api.settle.__module__ == "algoverify.api"


@pytest.mark.slow
def test_a_reference_that_sleeps_past_the_note_timeout_is_killed_at_its_check(tmp_path):
    bad = _note(tmp_path, "a", "import time\n\ndef double(x):\n    time.sleep(30)\n")
    good = _note(tmp_path, "b", GOOD_MODULE)
    result = api.check([bad, good], timeout=0.5)
    _good_is_verified(result, good)
    (finding,) = _stopped(result)
    assert "deadline of 0.5 s" in finding.message and "check doubles" in finding.message
    assert bad.read_text()[finding.span.start :].startswith("id: doubles")
    (report,) = [n for n in result.notes if n.path == bad]
    assert [o.status for o in report.outcomes] == ["could not check"]


def test_the_deadline_is_reported_with_line_and_column_by_the_cli(tmp_path):
    bad = _note(tmp_path, "a", "import time\n\ndef double(x):\n    time.sleep(30)\n")
    out = io.StringIO()
    status = cli.main(["check", "--note-timeout", "0.3", str(bad)], stdout=out)
    line = _line_of(bad, "- id: doubles")
    assert status == 1
    assert f"{bad}:{line}:7: AV504" in out.getvalue()


@pytest.mark.slow
@pytest.mark.skipif(not __import__("sys").platform.startswith("linux"), reason="RLIMIT_AS holds on Linux")
def test_a_reference_past_the_memory_ceiling_is_reported_and_the_run_goes_on(tmp_path):
    body = "import numpy as np\n\ndef double(x):\n    return np.ones(2 * 1024 ** 3 // 8) * 2\n"
    bad = _note(tmp_path, "a", body)
    good = _note(tmp_path, "b", GOOD_MODULE)
    result = api.check([bad, good], memory_mb=256)
    _good_is_verified(result, good)
    assert not result.internal_error
    bad_findings = [f for n in result.notes if n.path == bad for f in n.findings if f.severity.value == "error"]
    assert bad_findings and all(f.code in ("AV408", "AV504") for f in bad_findings)
    assert any("MemoryError" in f.message or "AV504" == f.code for f in bad_findings)


def test_a_spec_timeout_above_the_ceiling_is_clamped_with_a_warning(tmp_path):
    good = _note(tmp_path, "b", GOOD_MODULE, extra="\n      timeout: 600")
    result = api.check([good], timeout=20)
    (report,) = result.notes
    assert [o.status for o in report.outcomes] == ["verified"]
    (warning,) = [f for f in report.findings if f.code == "AV505"]
    assert warning.severity.value == "warning" and "ceiling of 20" in warning.message
    assert good.read_text()[warning.span.start :].startswith("timeout")


def test_a_spec_timeout_below_the_ceiling_is_left_alone(tmp_path):
    good = _note(tmp_path, "b", GOOD_MODULE, extra="\n      timeout: 5")
    result = api.check([good], timeout=20)
    assert not [f for f in result.all_findings() if f.code == "AV505"]


@pytest.mark.slow
def test_the_project_config_sets_the_ceiling_and_the_cli_overrides_it(tmp_path):
    (tmp_path / "algoverify.toml").write_text("note-timeout = 0.4\nnote-memory-mb = 8192\n")
    bad = _note(tmp_path, "a", "import time\n\ndef double(x):\n    time.sleep(30)\n")
    assert "deadline of 0.4 s" in _stopped(api.check([bad]))[0].message
    assert "deadline of 0.3 s" in _stopped(api.check([bad], timeout=0.3))[0].message


def test_a_bad_isolation_setting_is_a_config_finding(tmp_path):
    (tmp_path / "algoverify.toml").write_text('isolation = "no"\nnote-timeout = -1\n')
    good = _note(tmp_path, "b", GOOD_MODULE)
    messages = [f.message for f in api.check([good]).all_findings() if f.code == "AV005"]
    assert any("isolation" in m for m in messages) and any("note-timeout" in m for m in messages)


def test_isolation_off_runs_in_process(tmp_path, monkeypatch):
    (tmp_path / "algoverify.toml").write_text("isolation = false\n")
    good = _note(tmp_path, "b", GOOD_MODULE)
    monkeypatch.setattr(isolation, "run_in_worker", None)  # would fail if called
    _good_is_verified(api.check([good]), good)
    _good_is_verified(api.check([good], isolate=False), good)


@pytest.mark.slow
@pytest.mark.parametrize("flag", [[], ["--no-isolation"]])
def test_cli_exit_status_is_0_when_clean_and_1_for_a_killed_note(tmp_path, flag):
    good = _note(tmp_path, "b", GOOD_MODULE)
    assert cli.main(["check", *flag, str(good)], stdout=io.StringIO()) == 0
    if not flag:
        bad = _note(tmp_path, "a", "import os\n\ndef double(x):\n    os._exit(3)\n")
        out = io.StringIO()
        assert cli.main(["check", str(bad), str(good)], stdout=out) == 1
        assert "AV504" in out.getvalue() and "Traceback" not in out.getvalue()


@pytest.mark.parametrize("value", ["0", "-1", "x"])
def test_cli_refuses_a_limit_that_is_not_positive(tmp_path, value):
    err = io.StringIO()
    assert cli.main(["check", "--note-timeout", value, str(tmp_path)], stdout=io.StringIO(), stderr=err) == 2
    assert "--note-timeout" in err.getvalue()


def test_a_finding_detail_that_is_not_data_comes_back_as_its_printed_forms(tmp_path):
    import json

    from algoverify.orchestration import portable

    finding = api.InternalError.finding(None, tmp_path, {"fn": lambda: 0}, stage="s", error="e")
    (back,) = portable.decode_findings(json.loads(json.dumps(portable.encode([finding]))))
    assert repr(back.details["fn"]).startswith("<function")


@pytest.mark.slow
def test_a_module_that_kills_its_parent_kills_a_guard_not_the_run(tmp_path):
    # the worker's parent is a guard process: os.getppid() is never the run
    body = "import os, signal\n\ndef double(x):\n    os.kill(os.getppid(), signal.SIGKILL)\n"
    bad = _note(tmp_path, "a", body)
    good = _note(tmp_path, "b", GOOD_MODULE)
    result = api.check([bad, good])
    assert not result.internal_error
    _good_is_verified(result, good)
    (report,) = [n for n in result.notes if n.path == bad]
    assert [o.status for o in report.outcomes] != ["verified"]


SNIPPET_SLEEPS = """\
---
algoverify:
  checks:
    - id: sleeps
      kind: snippet
      block: 1
      quotes: ["1"]
      timeout: 30
---

```python
import os, time
open(PIDFILE, "w").write(os.readlink("/proc/self"))  # its pid on the machine, not in its namespace
print(1, flush=True)
time.sleep(30)
```
"""


@pytest.mark.slow
def test_a_snippet_does_not_outlive_its_killed_worker(tmp_path):
    # the worker is killed at the note deadline while its snippet sleeps: the snippet's
    # supervisor is told of its parent's death and ends the snippet
    import time

    pidfile = tmp_path / "snippet.pid"
    note = tmp_path / "sleeps.md"
    note.write_text(SNIPPET_SLEEPS.replace("PIDFILE", repr(str(pidfile))))
    result = api.check([note], timeout=1.5)
    assert [f.code for f in result.all_findings() if f.code == "AV504"] == ["AV504"]
    pid = int(pidfile.read_text())
    for _ in range(100):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        os.kill(pid, 9)
        raise AssertionError("the snippet outlived its worker")
