"""Checking a note in a worker process: the limits, watching the worker, and what the parent keeps warm.

:func:`_watch_worker` runs one note's checks in a fresh worker within the limits and reads what
it reports as it goes; a worker that stops is ``AV504`` at the check it was in
(:func:`_worker_stopped`). Modules the worker loaded of our own packages are imported in the
parent (:func:`_warm_up`), so the next note's worker starts with them; :data:`_WARM_UP` is the
note a run parses first for the same reason.
"""

from __future__ import annotations

import importlib
import os
import time
import warnings
from pathlib import Path
from typing import Callable

from ..reading.config import ProjectConfig
from .analysis import _spec
from .reports import NoteReport


def _limits(config: ProjectConfig, timeout: float | None, memory_mb: int | None):  # noqa: ANN202 - Limits
    from ..orchestration.isolation import DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT, Limits

    return Limits(
        next((t for t in (timeout, config.note_timeout) if t is not None), DEFAULT_TIMEOUT),
        next((m for m in (memory_mb, config.note_memory_mb) if m is not None), DEFAULT_MEMORY_MB),
    )


#: packages a worker loads that the run keeps loaded for the next notes' workers (ours and our
#: dependencies' lazy imports: sympy costs 0.4 s a time); never a note's own modules
_WARM = frozenset({"algoverify", "numpy", "sympy", "ctypes", "resource", "decimal", "lark", "yaml"})


def _watch_worker(  # noqa: ANN001
    report: NoteReport, work: Callable, limits, chosen: frozenset[str] | None = None
) -> tuple[str | None, list | None, float]:
    """Run ``work`` in a note's worker, adding what it sends to ``report``; why it stopped, where, since when.

    ``chosen``: the ids of the checks the worker runs (``None``: all), in the spec's order, as its
    outcomes arrive.
    """
    from ..orchestration import portable, runs
    from ..orchestration.isolation import Malformed, run_in_worker

    spec = _spec(report)
    checks = [c for c in spec.checks if chosen is None or c.id in chosen]
    where: list = [None]
    since = [time.perf_counter()]

    def receive(message) -> None:  # noqa: ANN001 - runs here; JSON data, from our code or the note's
        kind = message[0] if isinstance(message, list) and message else None
        if kind == "part" and len(message) == 3:
            findings, outcomes = portable.decode_findings(message[1]), portable.decode_outcomes(message[2])
            if len(report.outcomes) + len(outcomes) > len(checks):
                raise Malformed("more outcomes than the note has checks")
            report.findings.extend(findings)
            for outcome in outcomes:
                outcome.check = checks[len(report.outcomes)]
                report.outcomes.append(outcome)
                runs.outcome_done(outcome)
        elif kind == "inputs" and len(message) == 2 and _strings(message[1]):
            report.inputs.extend(Path(p) for p in message[1])
        elif kind == "at" and len(message) >= 2 and message[1] in ("module", "check", "coverage"):
            if message[1] == "check" and not (len(message) == 3 and type(message[2]) is int):
                raise Malformed(f"not a stage: {message!r}"[:200])
            where[0] = message[1:]
            since[0] = time.perf_counter()
        elif kind == "imported" and len(message) == 2 and _strings(message[1]):
            _warm_up(message[1])
        else:
            raise Malformed(f"not a message: {message!r}"[:200])

    why = run_in_worker(work, receive, limits, tick=runs.tick)
    return why, where[0], since[0]


def _strings(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _warm_up(names: list[str]) -> None:
    """Import here what a worker loaded of our packages, so that the next note's worker starts with them.

    The names come from the worker, where the note's code may have written them: only modules of
    the packages in :data:`_WARM` are imported, never one a name merely spells.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the worker has shown them already
        for name in names:
            if name.split(".")[0] not in _WARM or not all(part.isidentifier() for part in name.split(".")):
                continue
            try:
                importlib.import_module(name)
            except Exception:  # noqa: BLE001 - a module only a worker could import stays out
                pass


def _worker_stopped(report: NoteReport, why: str, at: list | None, since: float) -> None:
    """The AV504 of a worker that did not finish: at the check it was in, else at the module or the spec."""
    from ..checking.outcome import CANNOT, Outcome
    from ..findings import NoteWorkerStopped
    from ..orchestration import runs

    spec = _spec(report)
    if at is not None and at[0] == "check" and at[1] < len(spec.checks):
        check = spec.checks[at[1]]
        finding = NoteWorkerStopped.finding(
            check.span, report.path, {"check": check.id}, where=f" in check {check.id}", why=why
        )
        report.findings.append(finding)
        seconds = time.perf_counter() - since
        report.outcomes.append(Outcome(check, CANNOT, finding.message, seconds, 0, [finding]))
        runs.outcome_done(report.outcomes[-1])
        return
    importing = at is not None and at[0] == "module"
    span = (spec.module_span if importing else None) or spec.span or report.note.front_matter_span
    where_text = f" importing module {spec.module}" if importing else ""
    report.findings.append(NoteWorkerStopped.finding(span, report.path, where=where_text, why=why))


def _remove_tree(folder: str) -> None:
    """Remove a worker's scratch folder; a snippet the kernel has not finished killing may still add to it.

    Ctrl-C arriving meanwhile is raised once the folder is gone, not in the middle of removing it.
    """
    import shutil

    interrupted: BaseException | None = None
    for _ in range(50):
        try:
            shutil.rmtree(folder, ignore_errors=True)
            if not os.path.lexists(folder):
                break
            time.sleep(0.02)
        except KeyboardInterrupt as exc:
            interrupted = exc
    if interrupted is not None:
        raise interrupted


#: A note that loads, when parsed, what parsing any note needs (the run forks lanes after it).
_WARM_UP = (
    "---\nalgoverify:\n  checks: []\n---\n\n\\begin{algorithmic}\n\\Require vector \\(x\\)\n"
    "\\State \\(y \\gets 2 x\\)\n\\Return \\(y\\)\n\\end{algorithmic}\n\n\\[ y = 2 x \\]\n"
)
