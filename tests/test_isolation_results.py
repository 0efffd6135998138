"""A note's results reach the run as data: what its code forges on the pipes it can reach runs nothing in the run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest
from helpers import ROOT, doubling_note

from algoverify.orchestration import isolation, pool, wire

pytestmark = pytest.mark.skipif(not isolation.available(), reason="isolation needs fork (POSIX)")

# What a module writes on every pipe it holds: a pickle whose loading ends the process that
# loads it with status 0 (framed as multiprocessing frames a message), or bytes of nothing.
FORGERIES = {
    "pickle-that-exits": textwrap.dedent(
        """\
        import os, pickle, struct

        class Exit:
            def __reduce__(self):
                return (os._exit, (0,))

        data = pickle.dumps(Exit())
        PAYLOAD = struct.pack("!i", len(data)) + data
        """
    ),
    "garbage": 'PAYLOAD = b"\\x00\\xff garbage, not a message \\x80\\x04" * 64\n',
}

PLANT = textwrap.dedent(
    """\
    import os, stat

    def double(x):
        # every pipe or socket the worker holds beyond its standard streams: the result channel among them
        for name in os.listdir("/proc/self/fd"):
            try:
                fd = int(name)
                if fd > 2 and stat.S_ISFIFO(os.fstat(fd).st_mode) | stat.S_ISSOCK(os.fstat(fd).st_mode):
                    os.write(fd, PAYLOAD)
            except OSError:
                pass
        return 2 * x
    """
)

GOOD = "import numpy as np\n\ndef double(x):\n    return 2 * np.asarray(x, dtype=float)\n"


@pytest.mark.slow
@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="the module finds its pipes through /proc")
@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("forgery", FORGERIES.values(), ids=FORGERIES.keys())
def test_a_forged_result_is_that_notes_av504_and_the_run_goes_on(tmp_path, forgery, jobs):
    for name, body in (("a", GOOD), ("b", forgery + PLANT), ("c", GOOD)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "refs.py").write_text(body)
        (tmp_path / name / "note.md").write_text(doubling_note())
    env = dict(os.environ, PYTHONPATH=str(ROOT), ALGOVERIFY_NO_CACHE="1")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "algoverify",
            "check",
            str(tmp_path),
            "--jobs",
            jobs,
            "--no-progress",
            "--format",
            "json",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert proc.returncode == 1, (proc.returncode, proc.stdout[-2000:], proc.stderr[-2000:])
    report = json.loads(proc.stdout)
    statuses = {(c["path"], c["status"]) for c in report["checks"]}
    assert (str(tmp_path / "a" / "note.md"), "verified") in statuses
    assert (str(tmp_path / "c" / "note.md"), "verified") in statuses
    (stopped,) = [f for f in report["findings"] if f["code"] == "AV504"]
    assert stopped["path"] == str(tmp_path / "b" / "note.md")
    assert "sent a result that is not one" in stopped["message"]
    assert "Traceback" not in proc.stderr


# --- the lanes' own pipes: a note's worker closes them, yet whoever reaches one is read as data


def _forging_task(task, send):
    if task == 1:  # write on the lane's result pipe, as a note's code reaching it through /proc would
        exit_pickle = FORGERIES["pickle-that-exits"]
        scope: dict = {}
        exec(exit_pickle, scope)
        for fd in wire.PRIVATE:
            try:
                os.write(fd, scope["PAYLOAD"])
            except OSError:
                pass
    return task * 10


@pytest.mark.skipif(not pool.available(), reason="lanes need fork (POSIX)")
def test_a_lane_whose_pipe_carries_a_forgery_loses_its_task_and_the_run_goes_on():
    done, lost = {}, {}
    pool.run_lanes(
        1,
        [0, 1, 2, 3],
        _forging_task,
        on_done=done.__setitem__,
        on_message=lambda i, m: None,
        on_lost=lambda i, why, crashed: lost.__setitem__(i, (why, crashed)),
    )
    assert done == {0: 0, 2: 20, 3: 30}  # a new lane takes the tasks after the forged one
    why, crashed = lost[1]
    assert not crashed and "sent a result that is not one" in why


def test_bytes_that_are_not_a_frame_or_not_json_are_malformed():
    read, write = os.pipe()
    reader = wire.Reader(read)
    try:
        os.write(write, wire.encode(["ok", 1]) + b"00000004\n{]}x")
        reader.poll(1.0)
        with pytest.raises(wire.Malformed):
            reader.messages()
    finally:
        reader.close()
        os.close(write)
