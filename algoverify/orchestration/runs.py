"""A run over many notes: each note's report handed on, in path order, as soon as it and those before it are done.

In: the notes' paths and a :class:`Job` (what makes one note's report, what a cache replays).
Out: the reports, in order, through a callback; :class:`Progress` through another. Notes run
one after the other here, over forked lanes (:mod:`.pool`) with ``jobs`` above 1, or as tasks
on a Dask cluster (:mod:`.cluster`) with a ``scheduler``; either way the reports are the same and
come out in the same order. Ctrl-C (or SIGTERM turned into
``KeyboardInterrupt`` by the caller) stops the lanes and their notes' workers, hands on every
report already complete, and raises :class:`Interrupted`.
"""

from __future__ import annotations

import contextvars
import os
import time
from pathlib import Path
from typing import Any, Callable, Protocol, Sequence

from ..records import frozen
from .unavailable import Unavailable

__all__ = [
    "Job",
    "Progress",
    "Interrupted",
    "Unavailable",
    "default_jobs",
    "run_notes",
    "outcome_done",
    "tick",
    "quiet",
]


@frozen
class Progress:
    """Where a run stands: notes done of all, checks done (refuted among them), notes replayed, seconds so far."""

    notes_done: int
    notes_total: int
    checks: int
    refuted: int
    cached: int
    seconds: float


class Interrupted(KeyboardInterrupt):
    """A run stopped by Ctrl-C or SIGTERM: ``result`` holds the notes complete (set by the caller) of ``total``."""

    result: Any = None
    total: int = 0


class Job(Protocol):
    """What a run does with each note (:mod:`algoverify.api` implements it for ``lint`` and ``check``)."""

    #: the notes named on the command line, not found in a folder
    explicit: set[Path]

    def run(self, path: Path) -> Any:
        """Make the note's report, here."""

    def replay(self, path: Path) -> Any | None:
        """The report stored for the note when nothing it depends on has changed, else ``None``."""

    def store(self, report: Any) -> None:
        """Keep a fresh report for the next run."""

    def portable(self, report: Any) -> Any:
        """The report made ready to cross a pipe (in a lane)."""

    def restore(self, report: Any) -> Any:
        """A report that crossed a pipe, made whole again (here)."""

    def lost(self, path: Path, why: str, crashed: bool) -> Any:
        """The report of a note whose lane died (``crashed``: the job itself raised, with this traceback)."""

    def warm(self) -> None:
        """Load, before lanes fork, what every lane would otherwise load for itself."""

    def shipped(self, path: Path) -> tuple[Any, list[Path]]:
        """A copy of the job to run the note on another machine (it stores nothing there), and the files it reads."""


class _Observer:
    """Receives a running note's finished checks and the clock's ticks."""

    def __init__(self, outcome: Callable[[str], None], tick: Callable[[], None]) -> None:
        self.outcome, self.tick = outcome, tick


_OBSERVER: contextvars.ContextVar[_Observer | None] = contextvars.ContextVar("observer", default=None)


def outcome_done(outcome: Any) -> None:
    """Tell the run that a check has finished (its progress line counts it)."""
    observer = _OBSERVER.get()
    if observer is not None:
        observer.outcome(outcome.status)


def tick() -> None:
    """Let the run refresh its progress line while a note runs."""
    observer = _OBSERVER.get()
    if observer is not None:
        observer.tick()


def quiet() -> None:
    """In a note's worker: nothing it does is told to the run from there (its parent tells)."""
    _OBSERVER.set(None)


class _Run:
    def __init__(
        self,
        files: Sequence[Path],
        on_report: Callable[[Any], None],
        on_progress: Callable[[Progress], None] | None,
    ) -> None:
        self.files = files
        self.on_report, self.on_progress = on_report, on_progress
        self.started = time.perf_counter()
        self.reports: list[Any] = [None] * len(files)
        self.next = 0  # the first note not handed on yet
        self.done = self.checks = self.refuted = self.cached = 0
        self.live: dict[int, int] = {}  # checks counted while their note ran

    def progress(self) -> None:
        if self.on_progress is not None:
            seconds = time.perf_counter() - self.started
            self.on_progress(Progress(self.done, len(self.files), self.checks, self.refuted, self.cached, seconds))

    def outcome(self, index: int, status: str) -> None:
        self.live[index] = self.live.get(index, 0) + 1
        self.checks += 1
        self.refuted += status == "refuted"
        self.progress()

    def finished(self, index: int, report: Any) -> None:
        counted = self.live.pop(index, 0)
        outcomes = getattr(report, "outcomes", [])
        self.checks += len(outcomes) - counted
        if counted == 0:
            self.refuted += sum(o.status == "refuted" for o in outcomes)
        self.cached += bool(getattr(report, "cached", False))
        self.done += 1
        self.reports[index] = report
        while self.next < len(self.reports) and self.reports[self.next] is not None:
            self.on_report(self.reports[self.next])
            self.next += 1
        self.progress()

    def flush(self) -> None:
        """Hand on every complete report still waiting for one before it (the run was interrupted)."""
        for report in self.reports[self.next :]:
            if report is not None:
                self.on_report(report)
        self.next = len(self.reports)


def default_jobs() -> int:
    """The lanes a run takes unless told: the CPUs this process may run on (its affinity, not the machine's count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def run_notes(
    files: Sequence[Path],
    job: Job,
    *,
    jobs: int = 1,
    scheduler: str | None = None,
    on_report: Callable[[Any], None],
    on_progress: Callable[[Progress], None] | None = None,
) -> None:
    """Make every note's report (replayed, or run here, in lanes or on a cluster); hand each on in ``files``' order.

    ``scheduler``: the notes not replayed run as tasks on that Dask cluster (an address, or
    ``local:N``), ``jobs`` aside; :class:`Unavailable` when it cannot be used.
    """
    run = _Run(files, on_report, on_progress)
    run.progress()
    try:
        todo = []
        for i, path in enumerate(files):
            replayed = job.replay(path)
            if replayed is None:
                todo.append(i)
            else:
                run.finished(i, replayed)
        if scheduler is not None and todo:
            _on_cluster(run, job, todo, scheduler)
        elif jobs > 1 and len(todo) > 1 and _lanes_available():
            _in_lanes(run, job, todo, jobs)
        else:
            for i in todo:
                token = _OBSERVER.set(_Observer(lambda status, i=i: run.outcome(i, status), run.progress))
                try:
                    report = job.run(files[i])
                finally:
                    _OBSERVER.reset(token)
                job.store(report)
                run.finished(i, report)
    except KeyboardInterrupt:
        run.flush()
        stop = Interrupted()
        stop.total = len(files)
        raise stop from None


def _lanes_available() -> bool:
    from . import pool  # multiprocessing's pipes: loaded only when lanes may be needed (never for one note)

    return pool.available()


def _in_lanes(run: _Run, job: Job, todo: list[int], jobs: int) -> None:
    from . import pool

    job.warm()
    files = run.files

    def work(index: int, send: Callable[[Any], None]) -> Any:  # in a lane
        _OBSERVER.set(_Observer(lambda status: send(status), lambda: None))
        return job.portable(job.run(files[index]))

    def done(k: int, report: Any) -> None:
        report = job.restore(report)
        job.store(report)
        run.finished(todo[k], report)

    def lost(k: int, why: str, crashed: bool) -> None:
        run.finished(todo[k], job.lost(files[todo[k]], why, crashed))

    pool.run_lanes(
        min(jobs, len(todo)),
        todo,
        work,
        on_done=done,
        on_message=lambda k, status: run.outcome(todo[k], status),
        on_lost=lost,
        tick=run.progress,
    )


def _on_cluster(run: _Run, job: Job, todo: list[int], scheduler: str) -> None:
    from . import cluster

    files = run.files

    def tasks() -> Any:  # read as the cluster has room: the notes' bytes are never all held at once
        for i in todo:
            shipped, besides = job.shipped(files[i])
            yield shipped, cluster.parcel(files[i], besides, explicit=files[i] in job.explicit)

    def done(k: int, data: Any) -> None:
        report = job.restore(data)  # raises Malformed for data that is not a report: the note is lost
        job.store(report)
        run.finished(todo[k], report)

    def lost(k: int, why: str, crashed: bool) -> None:
        run.finished(todo[k], job.lost(files[todo[k]], why, crashed))

    cluster.run_tasks(scheduler, tasks(), on_done=done, on_lost=lost, tick=run.progress)
