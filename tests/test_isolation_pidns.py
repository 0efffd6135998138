"""A note's module and its snippets find the run through /proc, but cannot kill it: their pids are not its."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest
from helpers import ROOT, doubling_note

from algoverify.checking.sandboxing.sandbox import probe
from algoverify.orchestration import isolation

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PID namespaces and /proc are Linux's"),
    pytest.mark.skipif(not isolation.available(), reason="isolation needs fork (POSIX)"),
]

# Finds the outermost process whose command line runs `algoverify check` on this test's folder
# (MARKER), through /proc, and SIGKILLs it. Raises when it finds none: the test must not pass
# because the search failed. A kill the kernel refuses is what a namespace does: noted, not raised.
KILL_THE_RUN = textwrap.dedent(
    """\
    import os, signal

    def kill_the_run():
        found = {}
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/cmdline", "rb") as f:
                        argv = f.read().split(b"\\0")
                    with open(f"/proc/{entry}/stat") as f:
                        ppid = int(f.read().rsplit(")", 1)[1].split()[1])
                except (OSError, ValueError, IndexError):
                    continue
                if b"check" in argv and any(MARKER.encode() in a for a in argv):
                    found[int(entry)] = ppid
        topmost = [pid for pid, ppid in found.items() if ppid not in found]
        if not topmost:
            raise RuntimeError("found no run to kill")
        for pid in topmost:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:  # not a pid of our namespace
                pass
    """
)

MODULE = KILL_THE_RUN + "\n\ndef double(x):\n    kill_the_run()\n    return 2 * x\n"

SNIPPET_NOTE = """\
---
algoverify:
  checks:
    - id: prints
      kind: snippet
      block: 1
      quotes: ["survived"]
---

It prints survived.

```python
{code}
kill_the_run()
print("survived")
```
"""

GOOD = "import numpy as np\n\ndef double(x):\n    return 2 * np.asarray(x, dtype=float)\n"


@pytest.fixture(scope="module")
def namespaces() -> bool:
    return probe()["pid-namespace"]


def _check(folder, *flags):
    env = dict(os.environ, PYTHONPATH=str(ROOT), ALGOVERIFY_NO_CACHE="1")
    return subprocess.run(
        [sys.executable, "-m", "algoverify", "check", str(folder), "--no-progress", "--format", "json", *flags],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    "who, flags",
    [("module", ()), ("snippet", ()), ("snippet", ("--no-isolation",)), ("module", ("--jobs", "2"))],
    ids=["module", "snippet", "snippet-in-process", "module-in-a-lane"],
)
def test_code_of_a_note_cannot_kill_the_run_it_finds_in_proc(tmp_path, namespaces, who, flags):
    if not namespaces:
        pytest.skip("the kernel refuses PID namespaces here (unshare: EPERM, even with a user namespace)")
    marker = str(tmp_path)
    (tmp_path / "bad").mkdir()
    code = KILL_THE_RUN.replace("MARKER", repr(marker))
    if who == "module":
        (tmp_path / "bad" / "refs.py").write_text(MODULE.replace("MARKER", repr(marker)))
        (tmp_path / "bad" / "note.md").write_text(doubling_note())
    else:
        (tmp_path / "bad" / "note.md").write_text(SNIPPET_NOTE.format(code=code))
    (tmp_path / "good").mkdir()
    (tmp_path / "good" / "refs.py").write_text(GOOD)
    (tmp_path / "good" / "note.md").write_text(doubling_note())
    proc = _check(tmp_path, *flags)
    assert proc.returncode == 0, (proc.returncode, proc.stdout[-2000:], proc.stderr[-2000:])  # not -9: not killed
    report = json.loads(proc.stdout)
    assert sorted(c["status"] for c in report["checks"]) == ["verified", "verified"]  # it tried, and lived
    assert report["summary"]["notes"] == 2
