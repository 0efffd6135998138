"""Notes as tasks on a Dask cluster (``--scheduler``): the same reports as ``--jobs 1``, lost workers, hostile notes.

The fast tests run the worker's side of a task here (:func:`run_note_task` forks its lane from
this process as a Dask worker would) and the client's decoding; the slow ones start a
LocalCluster of worker processes.
"""

from __future__ import annotations

import io
import json
import os
import re
import signal
import socket
import sys
import threading
import time
from pathlib import Path

import pytest
from helpers import ROOT, doubling_note

from algoverify import api, reporting
from algoverify.cli import main
from algoverify.orchestration import cluster, pool, wire
from algoverify.reading.config import find_config, scheduler_spec

linux = pytest.mark.skipif(not (sys.platform.startswith("linux") and pool.available()), reason="needs fork and /proc")

MODULE = """\
import os, time
import numpy as np

def double(x):
    return 2 * np.asarray(x, dtype=float)

def double_slowly(x):
    time.sleep(4)
    return double(x)
"""

#: A module that does what a hostile note would: speak on every socket it holds, rewrite the
#: note and itself, poison the interpreter. Its reference is right only when it held no socket.
HOSTILE = """\
import os, stat, sys
import numpy as np


def _sockets():
    found = 0
    for name in os.listdir("/proc/self/fd"):
        try:
            fd = int(name)
            if stat.S_ISSOCK(os.fstat(fd).st_mode):
                found += 1
                os.write(fd, b"\\x00forged by the note")
        except (OSError, ValueError):
            pass
    return found


SOCKETS = _sockets()
for target in (__file__, os.path.join(os.path.dirname(__file__), "hostile.md")):
    with open(target, "a") as f:
        f.write("\\n# tampered by the note\\n")
sys.modules["json"] = None  # the worker's interpreter only


def double(x):
    return 2 * np.asarray(x, dtype=float) + SOCKETS
"""


@pytest.fixture(autouse=True)
def _no_kept_lane():
    """Each test's tasks start a lane of their own here (a Dask worker keeps its lane from task to task)."""
    yield
    lane = getattr(cluster._LANES, "lane", None)
    if lane is not None:
        lane.close()
    cluster._LANES.__dict__.clear()


def _project(tmp_path: Path, notes: dict[str, str], module: str = MODULE) -> Path:
    (tmp_path / "refs.py").write_text(module)
    for name, reference in notes.items():
        (tmp_path / name).write_text(doubling_note(reference=reference, trials=2))
    return tmp_path


def _check_job() -> object:
    return api._CheckJob(seed=None, strict=False, isolate=None, timeout=None, memory_mb=None, trials=None, cache=False)


def _task(job: object, path: Path) -> str:
    """The worker's side of one note's task, run here: the JSON text a Dask worker would return."""
    shipped, besides = job.shipped(path)
    return cluster.run_note_task(shipped, cluster.parcel(path, besides, explicit=True))


# --- fast: options and configuration --------------------------------------------------------------


def test_scheduler_spec_reads_local_and_addresses():
    assert scheduler_spec("local:2") == 2
    for address in ("tcp://10.0.0.5:8786", "localhost:8786", "tls://scheduler.example.org:8786", "tcp://[::1]:8786"):
        assert scheduler_spec(address) == address
    for bad in ("local:0", "local:x", "local:", "two words", "", 3):
        with pytest.raises(ValueError):
            scheduler_spec(bad)


def test_a_bad_scheduler_option_is_a_usage_error():
    err = io.StringIO()
    assert main(["check", "corpus/power-iteration.md", "--scheduler", "local:0"], io.StringIO(), err) == 2
    assert "argument --scheduler: must be local:N with N worker processes, at least 1: 'local:0'" in err.getvalue()


@pytest.mark.parametrize("command", ["check", "lint"])
def test_without_distributed_the_scheduler_is_a_usage_error_naming_the_extra(monkeypatch, command):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed raises ImportError
    out, err = io.StringIO(), io.StringIO()
    status = main([command, str(ROOT / "corpus/power-iteration.md"), "--scheduler", "local:2"], out, err)
    assert status == 2
    assert err.getvalue() == "algoverify: --scheduler needs the dask extra: pip install 'algoverify[dask]'\n"
    assert out.getvalue() == ""  # nothing ran


def test_the_project_scheduler_is_used_unless_the_run_says_otherwise(tmp_path, monkeypatch):
    project = _project(tmp_path, {"a.md": "double"})
    (project / "algoverify.toml").write_text('scheduler = "local:3"\n')
    assert find_config(project).scheduler == "local:3"
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(api.ClusterUnavailable, match="dask extra"):
        api.lint([project])
    assert [r.path.name for r in api.lint([project], scheduler="none").notes] == ["a.md"]  # the setting aside


def test_a_bad_scheduler_setting_is_a_finding_at_its_key(tmp_path):
    (tmp_path / "algoverify.toml").write_text('scheduler = "local:many"\n')
    config = find_config(tmp_path)
    assert config.scheduler is None
    assert [(f.code, f.message) for f in config.findings] == [
        ("AV005", "project config: `scheduler` must be local:N with N worker processes, at least 1: 'local:many'")
    ]


# --- fast: the worker's side of a task, and the client's reading of it ------------------------------


@linux
@pytest.mark.parametrize("spelt", ["relative", "absolute"])
def test_a_task_reports_the_note_as_a_lane_does_with_the_client_paths(tmp_path, monkeypatch, spelt):
    project = _project(tmp_path, {"a.md": "double"})
    monkeypatch.chdir(project)
    path = Path("a.md") if spelt == "relative" else project / "a.md"
    job = _check_job()
    text = _task(job, path)
    assert "algoverify-dask-" not in text  # the worker's private folder never shows
    kind, data, _ = cluster.read_outcome(text)
    assert kind == "done"
    report = job.restore(data)
    here = api.check([path], jobs=1, isolate=True).notes[0]
    assert report.path == here.path == path
    assert [(o.check.id, o.status, o.trials) for o in report.outcomes] == [("doubles", "verified", 2)]
    assert [(o.check.id, o.status, o.trials) for o in here.outcomes] == [("doubles", "verified", 2)]
    assert set(report.inputs) == set(here.inputs) and (project / "refs.py").resolve() in report.inputs


@linux
def test_a_hostile_note_holds_no_socket_and_rewrites_only_its_own_copy(tmp_path, monkeypatch):
    project = _project(tmp_path, {"hostile.md": "double"}, module=HOSTILE)
    before = {p.name: p.read_bytes() for p in project.iterdir()}
    monkeypatch.chdir(project)
    held = socket.socket()  # stands for the Dask worker's connection to its scheduler
    try:
        job = _check_job()
        kind, data, _ = cluster.read_outcome(_task(job, Path("hostile.md")))
    finally:
        held.close()
    report = job.restore(data)
    # the reference adds the sockets it found to the doubled input: right only when it held none
    assert [(o.check.id, o.status) for o in report.outcomes] == [("doubles", "verified")]
    assert {p.name: p.read_bytes() for p in project.iterdir()} == before
    assert sys.modules["json"] is json


def _lane_work(task, send):
    if task == "die":
        os._exit(3)
    if task == "raise":
        raise ValueError("as asked")
    return [os.getpid(), task]


@linux
def test_a_kept_lane_serves_task_after_task_and_is_forked_again_once_it_died():
    lane = pool.KeptLane(_lane_work)
    try:
        first, second = lane.run("a"), lane.run("b")
        assert first[0] == second[0] == "done" and first[1][1] == "a" and second[1][1] == "b"
        assert first[1][0] == second[1][0] != os.getpid()  # one lane, not this process
        kind, why, crashed = lane.run("raise")
        assert (kind, crashed) == ("lost", True) and "ValueError: as asked" in why
        assert lane.run("c")[1][0] == first[1][0]  # a task that raised leaves the lane
        assert lane.run("die") == ("lost", "exited with status 3", False)
        again = lane.run("d")
        assert again[0] == "done" and again[1][0] != first[1][0]
    finally:
        lane.close()


def test_what_the_client_reads_from_a_task_is_json_of_our_shape_or_refused():
    assert cluster.read_outcome('["done", {"path": "a.md"}]') == ("done", {"path": "a.md"}, False)
    assert cluster.read_outcome('["lost", "was killed by SIGKILL", false]') == ("lost", "was killed by SIGKILL", False)
    forged = [
        b"\x80\x04\x95 a pickle",  # not text: never unpickled
        "not json",
        '{"done": 1}',
        '["lost", 3, false]',
        '["run", "os.system"]',
    ]
    for text in forged:
        with pytest.raises(wire.Malformed):
            cluster.read_outcome(text)


class _Future:
    def __init__(self, value: object) -> None:
        self.value = value

    def result(self) -> object:
        return self.value

    def release(self) -> None:
        pass


def test_a_task_result_that_is_not_one_loses_the_note_and_nothing_else():
    done, lost = [], []
    on_done, on_lost = (lambda k, d: done.append((k, d))), (lambda k, why, c: lost.append((k, why, c)))
    cluster._settle(_Future('["done", {"path": "a.md"}]'), 0, on_done, on_lost)
    cluster._settle(_Future(b"\x80\x04 a pickle"), 1, on_done, on_lost)
    assert done == [(0, {"path": "a.md"})]
    assert lost == [(1, "sent a result that is not one (a task returned a bytes, not JSON text)", False)]


# --- slow: a LocalCluster -------------------------------------------------------------------------


def _timeless(text: str) -> str:
    """A report with its timings taken out (they differ from run to run)."""
    text = re.sub(r'"(seconds|duration|startTimeUtc|endTimeUtc)":\s*("[^"]*"|[0-9.e+-]+)', r'"\1": 0', text)
    return re.sub(r"\b\d+\.\d+ s\b", "T s", text)


@pytest.mark.slow
@linux
def test_the_corpus_on_a_local_cluster_reports_what_jobs_1_does(monkeypatch):
    monkeypatch.chdir(ROOT)
    here = api.check(["corpus/"], jobs=1)
    there = api.check(["corpus/"], scheduler="local:2")
    assert [r.path for r in there.notes] == [r.path for r in here.notes]
    for fmt in ("text", "json", "sarif"):
        expected = _timeless(reporting.report(fmt, here, command="check", strict=False, colour=False))
        got = _timeless(reporting.report(fmt, there, command="check", strict=False, colour=False))
        assert got == expected, fmt


@pytest.fixture
def local_cluster():
    """A LocalCluster of two worker processes, each note run once more after a worker dies in it."""
    import dask
    from distributed import Client, LocalCluster

    with dask.config.set({"distributed.scheduler.allowed-failures": 1}):
        started = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    client = Client(started)
    yield started, client
    client.close()
    started.close()


def _kill_while_running(client, name: str, times: int, stop: threading.Event) -> None:
    """Kill the worker process running the note ``name`` (a second after it starts there), ``times`` times."""
    killed = 0
    deadline = time.monotonic() + 120
    while killed < times and not stop.is_set() and time.monotonic() < deadline:
        running = [w for w, keys in client.processing().items() if any(str(k).endswith(" " + name) for k in keys)]
        if not running:
            time.sleep(0.1)
            continue
        time.sleep(1.0)  # past the lane's start: the note is being checked
        pid = client.run(os.getpid, workers=running)[running[0]]
        os.kill(pid, signal.SIGKILL)
        killed += 1
        while not stop.is_set() and running[0] in client.processing():  # until the scheduler has seen it go
            time.sleep(0.1)


@pytest.mark.slow
@linux
def test_a_note_whose_worker_dies_twice_is_not_checked_and_the_others_are(tmp_path, local_cluster):
    started, client = local_cluster
    project = _project(tmp_path, {"a.md": "double", "slow.md": "double_slowly", "z.md": "double"})
    stop = threading.Event()
    killer = threading.Thread(target=_kill_while_running, args=(client, "slow.md", 2, stop), daemon=True)
    killer.start()
    try:
        result = api.check([project], scheduler=started.scheduler_address)
    finally:
        stop.set()
        killer.join(10)
    by_name = {r.path.name: r for r in result.notes}
    assert list(by_name) == ["a.md", "slow.md", "z.md"]
    for name in ("a.md", "z.md"):
        assert [o.status for o in by_name[name].outcomes] == ["verified"]
    slow = by_name["slow.md"]
    assert slow.outcomes == []
    assert [f.code for f in slow.findings] == ["AV504"]
    assert "died on the Dask cluster: the worker checking it was lost, 2 times" in slow.findings[0].message
    assert result.failed()


@pytest.mark.slow
@linux
def test_a_hostile_note_on_a_cluster_cannot_reach_the_client(tmp_path, monkeypatch):
    project = _project(tmp_path, {"hostile.md": "double", "plain.md": "double"}, module=HOSTILE)
    before = {p.name: p.read_bytes() for p in project.iterdir()}
    monkeypatch.chdir(project)
    out, err = io.StringIO(), io.StringIO()
    status = main(["check", ".", "--scheduler", "local:2", "--format", "json", "--no-cache"], out, err)
    assert status == 0, out.getvalue() + err.getvalue()
    checks = json.loads(out.getvalue())["checks"]
    assert sorted((c["path"], c["status"]) for c in checks) == [
        ("hostile.md", "verified"),  # it held no socket of its worker's
        ("plain.md", "verified"),
    ]
    assert {p.name: p.read_bytes() for p in project.iterdir()} == before
