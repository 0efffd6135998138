"""Ctrl-C and SIGTERM stop a run: its workers and their snippets end, what was done is printed, exit 130."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from helpers import ROOT

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.name != "posix", reason="signals and process groups are POSIX"),
]

QUICK = """\
---
algoverify:
  checks:
    - id: prints
      kind: snippet
      block: 1
      quotes: ["1"]
---

It prints 1.

```python
print(1)
```
"""

# The snippet says where it is, then never ends (its check allows it a minute).
ENDLESS = """\
---
algoverify:
  checks:
    - id: prints
      kind: snippet
      block: 1
      timeout: 60
      quotes: ["never"]
---

It never prints never.

```python
import os, time
with open({pidfile!r}, "w") as f:
    f.write(os.readlink('/proc/self'))  # its pid on the machine, not in its namespace
while True:
    time.sleep(0.05)
```
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended
    except FileNotFoundError:
        return False
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("how", ["Ctrl-C", "SIGTERM"])
def test_a_signal_stops_the_run_and_its_snippet_and_prints_what_was_done(tmp_path, how, jobs):
    pidfile = tmp_path / "snippet.pid"
    (tmp_path / "a.md").write_text(QUICK)
    (tmp_path / "b.md").write_text(ENDLESS.format(pidfile=str(pidfile)))
    env = dict(os.environ, PYTHONPATH=str(ROOT), ALGOVERIFY_NO_CACHE="1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "algoverify", "check", str(tmp_path), "--jobs", jobs, "--no-progress"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,  # its own process group, as a terminal's foreground job has
    )
    out: list[str] = []
    reader = threading.Thread(target=lambda: out.extend(proc.stdout), daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + 60
        while not (pidfile.exists() and pidfile.read_text() and any("a.md" in line for line in out)):
            assert proc.poll() is None and time.monotonic() < deadline, "the snippet never started"
            time.sleep(0.05)
        snippet = int(pidfile.read_text())
        if how == "Ctrl-C":  # the terminal signals the whole foreground group
            os.killpg(proc.pid, signal.SIGINT)
        else:  # a supervisor (systemd, CI) signals the process it started
            proc.send_signal(signal.SIGTERM)
        code = proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    reader.join(5)
    err = proc.stderr.read()
    assert code == 130, err
    assert "Traceback" not in err and "algoverify: interrupted; 1 of 2 notes done" in err
    text = "".join(out)
    assert f"{tmp_path / 'a.md'}  (1 check, " in text  # what was done is printed
    assert text.rstrip().splitlines()[-1].startswith("interrupted after 1 note: 1 verified, 0 refuted")
    deadline = time.monotonic() + 10
    while _alive(snippet) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(snippet), "the snippet's process outlived the run"
    assert not Path(tmp_path / ".algoverify_cache").exists()
