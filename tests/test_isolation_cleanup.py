"""An interrupted run leaves nothing in the temporary folder: no snippet's folder, no note's scratch."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from helpers import ROOT

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.name != "posix", reason="signals and process groups are POSIX"),
]

# The snippet says it has started (its folder exists by then), then sleeps past the test.
SLEEPS = """\
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
import time
open({started!r}, "w").close()
time.sleep(60)
```
"""

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


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("how", ["SIGINT", "SIGTERM"])
def test_an_interrupted_run_leaves_no_snippet_folder(tmp_path, how, jobs):
    notes, tmp = tmp_path / "notes", tmp_path / "tmp"
    notes.mkdir()
    tmp.mkdir()
    started = tmp_path / "started"
    (notes / "a.md").write_text(QUICK)
    (notes / "b.md").write_text(SLEEPS.format(started=str(started)))
    env = dict(os.environ, PYTHONPATH=str(ROOT), ALGOVERIFY_NO_CACHE="1", TMPDIR=str(tmp))
    proc = subprocess.Popen(
        [sys.executable, "-m", "algoverify", "check", str(notes), "--jobs", jobs, "--no-progress"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,  # its own process group, as a terminal's foreground job has
    )
    try:
        deadline = time.monotonic() + 60
        while not started.exists():
            assert proc.poll() is None and time.monotonic() < deadline, "the snippet never started"
            time.sleep(0.05)
        assert any(tmp.rglob("algoverify-snippet-*"))  # the folder the run must remove
        if how == "SIGINT":  # Ctrl-C: the terminal signals the whole foreground group
            os.killpg(proc.pid, signal.SIGINT)
        else:  # a supervisor (systemd, CI) signals the process it started
            proc.send_signal(signal.SIGTERM)
        code = proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert code == 130, proc.stderr.read()
    assert not list(tmp.rglob("algoverify-snippet-*"))
    assert list(tmp.iterdir()) == []
