"""A run over many notes: found under the paths given, taken in path order, their reports gathered.

The notes go through a job (``lint``'s or ``check``'s, in :mod:`algoverify.api`) on this
process, on forked lanes (``--jobs``) or on a Dask cluster (``--scheduler``):
:func:`~algoverify.orchestration.runs.run_notes` runs them; this puts the run-level findings (a
folder with no notes, the project configuration's own) and the sources they quote in the result.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable, Iterable

from ..orchestration.runs import Interrupted, Progress
from ..reading.notes import discover
from .analysis import _empty_folders
from .inputs import _scheduler
from .reports import NoteReport, Result

__all__ = ["_run"]


def _run(
    paths: Iterable[str | Path],
    job: Any,
    *,
    jobs: int,
    scheduler: str | None = None,
    on_note: Callable[[NoteReport], None] | None,
    on_progress: Callable[[Progress], None] | None,
) -> Result:
    """Every note under ``paths`` through ``job``, in path order; the run-level findings and sources gathered."""
    from ..orchestration.runs import run_notes

    started = time.perf_counter()
    given = [Path(p) for p in paths]
    files, findings = discover(given)
    files = sorted(files)
    result = Result(findings=[*findings, *_empty_folders(given, files, findings)])
    job.explicit = {p for p in given if not p.is_dir()}
    scheduler = _scheduler(scheduler, given)
    if scheduler is not None:
        from ..orchestration import cluster

        cluster.require()  # before any note: a run that cannot start says so at once
    configs: set[Path] = set()

    def ready(report: NoteReport) -> None:
        config = report.config
        if config.path is not None and config.path not in configs:
            configs.add(config.path)
            result.findings.extend(config.findings)
            if config.source is not None:
                result.extra_sources[config.path] = config.source
        result.notes.append(report)
        if on_note is not None:
            on_note(report)

    try:
        run_notes(files, job, jobs=max(1, jobs), scheduler=scheduler, on_report=ready, on_progress=on_progress)
    except Interrupted as stop:
        result.seconds = time.perf_counter() - started
        stop.result = result
        raise
    result.seconds = time.perf_counter() - started
    return result
