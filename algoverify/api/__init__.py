"""The core API: notes in, data out (IR, findings). Front-ends call only this module.

Nothing here prints or exits. Exceptions raised below with a span (:class:`LocatedError`)
become findings at the block they concern, and the next block is processed; an
unexpected exception becomes an ``AV099`` internal-error finding, never a traceback.

In: paths of notes and folders (a note's path for :func:`load`, LaTeX for :func:`compile`). Out:
a :class:`Result` with a :class:`NoteReport` per note (blocks, IR, findings, outcomes), a
:class:`LoadedNote`, a compiled listing.

This ``__init__`` holds the entry points and the runs over notes; the pieces sit beside it, one
job each (every name importable from ``algoverify.api`` before still is): the report types in
:mod:`~algoverify.api.reports`, the steps of analysing one note in :mod:`~algoverify.api.analysis`,
notes for Python use in :mod:`~algoverify.api.loading`, the worker process in
:mod:`~algoverify.api.workers`, what a note's outcome depends on (and which project's caches and
scheduler serve it) in :mod:`~algoverify.api.inputs`,
what an editor asks of a note it holds in :mod:`~algoverify.api.editor`, and a run over many
notes in :mod:`~algoverify.api.collection`.
Whatever calls :func:`~algoverify.reading.notes.read_note` or ``_check_note`` stays here, so that
a test's ``monkeypatch.setattr(api, ...)`` of either still reaches every caller.
"""

from __future__ import annotations

import contextvars
import dataclasses
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Iterable

from ..findings import (
    InternalError,
    LocatedError,
    NoteWorkerStopped,
    Severity,
)
from ..orchestration.runs import Interrupted, Progress
from ..orchestration.unavailable import Unavailable as ClusterUnavailable
from ..reading.blocks import find_blocks
from ..reading.config import ProjectConfig, find_config
from ..reading.files import resolved
from ..reading.notes import Note, discover, note_from_text, parse_note, read_note
from ..reading.suppressions import apply_suppressions, find_suppressions
from ..source import SourceFile, Span  # noqa: F401 - Span: the tests read api.Span
from .analysis import (
    PREAMBLE_FILES,  # noqa: F401 - re-exported: importable here as before the split
    _analyse_block,
    _claim_findings,
    _internal,
    _name_findings,
    _no_blocks,
    _preamble_files,
    _runs_code,
    _spec,
    _spec_findings,
    declared_checks,
    index_base,  # noqa: F401 - re-exported: importable here as before the split
    listing_base,  # noqa: F401 - re-exported: importable here as before the split
    note_macros,
    note_names,  # noqa: F401 - re-exported: importable here as before the split
)
from .collection import _run
from .inputs import (
    _clock_dependent,
    _expand_modules,
    _local_files,
    _note_inputs,
    _notes_naming,
    _project_of,
    _proof_cache,
    _shipped_files,
)
from .loading import (
    LoadedNote,
    _loaded,
    attach_module,
    compile,
)
from .reports import (
    ALL_CHECKS,
    BlockReport,
    NoteReport,
    Result,
    Selection,
    _report_data,
    _report_from_data,
)
from .workers import (
    _WARM,
    _WARM_UP,
    _limits,
    _remove_tree,
    _watch_worker,
    _worker_stopped,
)

__all__ = [
    "BlockReport",
    "NoteReport",
    "Result",
    "LoadedNote",
    "Progress",
    "Interrupted",
    "ClusterUnavailable",
    "analyse",
    "lint",
    "lint_text",
    "cached_check",
    "parse",
    "load",
    "compile",
    "check",
    "Selection",
    "claims",
    "declared_checks",
    "notes_using",
    "expand_modules",
]


def analyse(
    paths: Iterable[str | Path],
    *,
    math: bool = True,
    strict: bool = False,
    spec: bool = False,
    jobs: int = 1,
    scheduler: str | None = None,
    on_note: Callable[[NoteReport], None] | None = None,
    on_progress: Callable[[Progress], None] | None = None,
) -> Result:
    """Read every note under ``paths``, find its blocks, parse listings (and their math).

    Notes come in path order (``sorted``), whatever the order of ``paths``.

    :param math: also parse every math segment with the math grammar (``lint`` does; the
        cost is small and it needs neither sympy nor numpy).
    :param strict: also report suppressions that silence nothing (AV006).
    :param spec: also validate each note's ``algoverify:`` spec without running anything
        (``lint`` does; ``check`` reports the same problems as it meets them).
    :param jobs: notes read at once, over that many forked processes (POSIX; 1: one by one, here).
    :param scheduler: run each note as a task on a Dask cluster instead (``jobs`` aside): a
        scheduler's address, or ``local:N`` for N worker processes started here; ``None``: the
        project's ``scheduler`` setting, else none; ``"none"``: none, whatever the project says.
        Needs the ``dask`` extra (else :class:`ClusterUnavailable`, as when nothing answers there).
    :param on_note: called with each note's report, in path order, as soon as it and every note
        before it are done (a streaming report).
    :param on_progress: called with a :class:`Progress` as notes finish, and about every 0.25 s.
    """
    job = _LintJob(math=math, strict=strict, spec=spec)
    return _run(paths, job, jobs=jobs, scheduler=scheduler, on_note=on_note, on_progress=on_progress)


def claims(paths: Iterable[str | Path]) -> Result:
    """The claims of each note's prose, in ``NoteReport.claims``, with the checks that quote each.

    A claim is a sentence that states something checkable, or that a check or the spec's
    ``unchecked:`` names. Static, like :func:`lint`: nothing runs. The findings are those that
    kept a note from being read, and ``unchecked:`` entries whose sentence the prose does not
    have (AV407).
    """
    from ..checking.specification.claims import claims as note_claims
    from ..findings import QuoteMissing

    result = _analyse(paths, math=False)
    for report in result.notes:
        if report.note is None:
            continue
        report.claims = note_claims(report.note, [b.block for b in report.blocks])[0]
        report.findings = [f for f in report.findings if f.severity is Severity.ERROR and f.code.startswith("AV0")]
        report.findings += [f for f in _claim_findings(report) if f.code in (QuoteMissing.code, InternalError.code)]
    return result


def _analyse(paths: Iterable[str | Path], *, math: bool) -> Result:
    files, findings = discover(Path(p) for p in paths)
    result = Result(findings=list(findings))
    configs: dict[Path, ProjectConfig] = {}
    for path in files:
        report = analyse_note(path, math=math)
        result.notes.append(report)
        config = report.config
        if config.path is not None and config.path not in configs:
            configs[config.path] = config
            result.findings.extend(config.findings)
            if config.source is not None:
                result.extra_sources[config.path] = config.source
    return result


def analyse_note(path: Path, *, math: bool = True, text: str | None = None) -> NoteReport:
    """Read one note and analyse its blocks; never raises for a problem in the note.

    With ``text``, the note is that text (an editor's buffer) and its file is not read. The
    findings are raw: :func:`settle` applies the project's ``select``/``ignore`` and the note's
    suppressions (``analyse``, ``lint`` and ``check`` call it).
    """
    config = find_config(path.parent)
    try:
        note = read_note(path) if text is None else note_from_text(path, text)
    except LocatedError as exc:
        return NoteReport(path, None, findings=[exc.to_finding(path)], config=config)
    report = NoteReport(path, note, findings=list(note.findings), config=config)
    try:
        preambles = _preamble_files(note, report.findings)
        report.macros = note_macros(note, config, preambles)
        # one string per note: the listing parser caches what it reads of a preamble
        report.preamble = "\n".join([*(text for text, _ in preambles), note.source.text])
        blocks, block_findings = find_blocks(note)
    except Exception as exc:  # a bug in a finder must not hide the other notes
        report.findings.append(_internal(path, None, "finding blocks", exc))
        return report
    report.findings.extend(block_findings)
    for block in blocks:
        block_report = BlockReport(block)
        try:
            _analyse_block(note, block_report, math=math, macros=report.macros, preamble=report.preamble)
        except LocatedError as exc:
            block_report.findings.append(exc.to_finding(path))
        except Exception as exc:
            block_report.findings.append(_internal(path, block.span, f"reading {block.kind} block {block.index}", exc))
        report.blocks.append(block_report)
        report.findings.extend(block_report.findings)
    return report


def settle(report: NoteReport, *, strict: bool = False) -> None:
    """Drop the findings the project config deselects and the note's suppressions silence.

    With ``strict``, a suppression that silences nothing is itself reported (AV006).
    """
    kept = [f for f in report.findings if report.config.reports(f.code)]
    if report.note is not None:
        note = report.note
        front = note.front_matter if isinstance(note.front_matter, dict) else None
        suppressions = find_suppressions(note.source, front, note.front_matter_span)
        kept = apply_suppressions(kept, suppressions, path=report.path, report_unused=strict)
    report.findings = kept


def lint(
    paths: Iterable[str | Path],
    *,
    strict: bool = False,
    jobs: int = 1,
    scheduler: str | None = None,
    on_note: Callable[[NoteReport], None] | None = None,
    on_progress: Callable[[Progress], None] | None = None,
) -> Result:
    """Parse-only check of notes: front matter, blocks, listings and their math.

    ``jobs``, ``scheduler``, ``on_note`` and ``on_progress`` are as for :func:`analyse`.
    """
    return analyse(
        paths,
        math=True,
        strict=strict,
        spec=True,
        jobs=jobs,
        scheduler=scheduler,
        on_note=on_note,
        on_progress=on_progress,
    )


def lint_text(path: str | Path, text: str, *, strict: bool = False) -> NoteReport:
    """:func:`lint` of one note as ``text`` holds it (an editor's unsaved buffer); the file is not read.

    ``path`` places the note: the project configuration above it, its module and the files beside
    it are found from there, as for the file itself. A note with nothing to check is not reported
    (AV004), as in a folder. In this process: nothing of the note runs at lint.
    """
    return _LintJob(math=True, strict=strict, spec=True).run(Path(path), text)


def cached_check(path: str | Path, text: str, *, spelt: str | None = None, strict: bool = False) -> NoteReport | None:
    """The report ``check`` stored for the note at ``path`` when it held ``text``, else ``None``; nothing runs.

    The entry ``algoverify check`` wrote with its default options (``strict``: ``--strict``'s), for
    the note named ``spelt`` on its command line (else ``str(path)``); replayed only when the
    text, the project configuration and every file the run read are as they were.
    """
    if os.environ.get("ALGOVERIFY_NO_CACHE", "") not in ("", "0"):
        return None
    job = _CheckJob(seed=None, strict=strict, isolate=None, timeout=None, memory_mb=None, trials=None, cache=True)
    return job.replay(Path(path), text.encode("utf-8", "surrogatepass"), spelt)


def parse(paths: Iterable[str | Path]) -> Result:
    """Parse notes into IR (the same work as :func:`lint`; kept as the name front-ends use)."""
    return analyse(paths, math=True)


def load(path: str | Path) -> LoadedNote:
    """Read a note and compile its listings; ``load(p).listings[0](**inputs)`` runs one.

    A listing that is one ``\\Function`` is callable from the others by name (``\\Call``).
    Parse errors stay in ``.findings``; the listings that parsed are still there.
    """
    return _loaded(analyse_note(Path(path)))


def check(
    paths: Iterable[str | Path],
    *,
    seed: int | None = None,
    strict: bool = False,
    isolate: bool | None = None,
    timeout: float | None = None,
    memory_mb: int | None = None,
    trials: int | None = None,
    jobs: int = 1,
    scheduler: str | None = None,
    cache: bool = False,
    proof_cache: bool | None = None,
    on_note: Callable[[NoteReport], None] | None = None,
    on_progress: Callable[[Progress], None] | None = None,
    selection: Selection = ALL_CHECKS,
    traces: bool = False,
) -> Result:
    """Verify notes: everything :func:`lint` does, then every check of every note's spec.

    Each note's outcomes are in ``NoteReport.outcomes``; failed checks, spec errors and
    unverified listings or equations are findings. The seed of a note's trials is its spec's
    ``seed:``, else ``seed``, else the project config's ``seed``, else 0.

    :param isolate: check each note in a worker process of its own (``None``: the project's
        ``isolation``, else yes); without ``fork`` (Windows) notes are checked in-process.
    :param timeout: seconds a note's checks may take together (``None``: the project's
        ``note-timeout``, else 300); the worker is killed past it (AV504).
    :param memory_mb: megabytes of address space a note's worker may map beyond what it
        inherits from the run (``None``: the project's ``note-memory-mb``, else 4096).
    :param trials: trials of every check, whatever the specs say (``--trials``); ``None``: the
        specs' counts, else as many as a short time allows (20 to 200).
    :param jobs: notes checked at once (see :func:`analyse`); the reports are the same as one by one.
    :param scheduler: each note a task on a Dask cluster (see :func:`analyse`): the same reports
        again; the cache stays here (the notes it replays are not sent).
    :param cache: replay the stored report of a note whose text, files and options are
        unchanged (``NoteReport.cached``), and store the others, in ``.algoverify_cache/`` at
        the project root (``ALGOVERIFY_NO_CACHE=1`` turns it off whatever this says).
    :param proof_cache: look each sympy proof up by its content in ``.algoverify_cache/proofs/``
        before attempting it, and keep the new ones (``None``: as ``cache``); a proof is a fact
        about a claim, so it is reused across notes and edits (``ALGOVERIFY_NO_CACHE=1`` turns it off too).
    :param on_note: see :func:`analyse`; ``on_progress`` too, counting checks as they finish.
    :param selection: the checks of each note that run (by id), and whether a note stops at its first
        refuted check (:class:`Selection`; ``algoverify mutate`` uses it); by default all of them.
    :param traces: record in each ``Outcome.trace`` the statements its runs reached and one run's
        scalars pass by pass, for ``--format html`` (loops run slower while they are recorded).
    :raises Interrupted: on Ctrl-C (a ``KeyboardInterrupt``), with the notes done in ``.result``.
    """
    allowed = os.environ.get("ALGOVERIFY_NO_CACHE", "") in ("", "0")
    job = _CheckJob(
        seed=seed,
        strict=strict,
        isolate=isolate,
        timeout=timeout,
        memory_mb=memory_mb,
        trials=trials,
        cache=cache and allowed,
        proof_cache=(cache if proof_cache is None else proof_cache) and allowed,
        selection=dataclasses.replace(selection, traces=True) if traces else selection,
    )
    return _run(paths, job, jobs=jobs, scheduler=scheduler, on_note=on_note, on_progress=on_progress)


def reproduce(path: str | Path, check_id: str, values: dict[str, Any], *, seed: int | None = None) -> NoteReport:
    """Run one check of a note once, on ``values`` (the rest drawn as its first trial draws them).

    What ``algoverify run NOTE --check ID --set …`` does with a counterexample: the outcome's
    message shows the listing's value beside the expected one. Runs in this process.
    """
    started = time.perf_counter()
    report = analyse_note(Path(path))
    if report.note is not None:
        token = _NOTE_RUN.set((None, None, False, ALL_CHECKS))
        try:
            _check_note(report, seed, only=check_id, fixed=values)
        finally:
            _NOTE_RUN.reset(token)
    report.seconds = time.perf_counter() - started  # the note's time, as a checked note's report gives it
    return report


def _check_isolated(  # noqa: ANN001
    report: NoteReport, seed: int | None, limits, proofs: bool = False, selection: Selection | None = None
) -> None:
    """:func:`_check_note` in a worker process; what it found comes back over a pipe, as it goes.

    The worker sends where it is (the module's import, the i-th check) and, at each such step,
    the findings and outcomes added since the last: a worker killed halfway keeps the checks it
    finished, and the finding about its end stands at the step it was in. The note's code can
    write on that pipe too: each message is read as JSON data and rebuilt by our own code
    (:mod:`.orchestration.portable`), and one that is not ours ends the worker (AV504).
    """
    from ..checking.kinds import flowchart, runner  # noqa: F401 - loaded once here
    from ..checking.sandboxing import snippets  # noqa: F401 - loaded once here
    from ..checking.specification import coverage  # noqa: F401 - loaded once here
    from ..orchestration import portable, runs  # noqa: F401 - loaded once here

    start = len(report.findings)
    sent = [start, 0]  # findings, outcomes already sent (in the worker)
    # the snippets' folders go in here, removed below however the worker ends (killed, interrupted)
    try:
        scratch: str | None = tempfile.mkdtemp(prefix="algoverify-note-")
    except OSError:  # no temporary folder to write in: each snippet says so when it runs
        scratch = None

    def work(send) -> None:  # noqa: ANN001 - runs in the worker
        runs.quiet()  # the run hears of this note's checks from receive(), in its own process
        snippets.keep_folders_in(scratch)
        before = set(sys.modules)

        def flush() -> None:
            findings, outcomes = report.findings[sent[0] :], report.outcomes[sent[1] :]
            sent[0], sent[1] = len(report.findings), len(report.outcomes)
            if findings or outcomes:
                plain = [dataclasses.replace(o, check=None) for o in outcomes]
                send(["part", portable.encode(findings), portable.encode(plain)])

        def stage(*at: object) -> None:
            flush()
            send(["at", *at])

        _NOTE_RUN.set((limits, stage, proofs, selection or ALL_CHECKS))
        try:
            _check_note(report, seed)
        except Exception as exc:  # our bug, as in-process: AV099 and exit status 2
            report.findings.append(_internal(report.path, None, "checking the note", exc))
        snippets.close_warm_interpreter()
        flush()
        send(["inputs", [str(p) for p in _local_files(set(sys.modules) - before)]])
        send(["imported", [m for m in sys.modules if m not in before and m.split(".")[0] in _WARM]])

    try:
        chosen = selection.checks if selection is not None else None
        why, where, since = _watch_worker(report, work, limits, chosen)
    finally:
        if scratch is not None:
            _remove_tree(scratch)
    if why is not None:
        _worker_stopped(report, why, where, since)


#: the run's per-note limits, where to say which step a note is at (``stage("check", i)``),
#: whether proofs are kept by content, and which checks run: ambient rather than arguments, so
#: that ``_check_note(report, seed)`` stays the one call to wrap
_NOTE_RUN: contextvars.ContextVar[tuple] = contextvars.ContextVar("note_run", default=(None, None, False, ALL_CHECKS))


def _check_note(report: NoteReport, seed: int | None, only: str | None = None, fixed: dict | None = None) -> None:
    """Run every check of one note (or the check ``only``, on the values ``fixed``), in this process."""
    from ..checking.kinds.runner import CheckContext, clamp_limits, not_run, run_check
    from ..checking.outcome import REFUTED
    from ..checking.specification.coverage import unverified
    from ..orchestration.runs import outcome_done

    limits, on_stage, proofs, selection = _NOTE_RUN.get()
    stage = on_stage or (lambda *at: None)
    note = report.note
    spec = _spec(report)
    report.findings.extend(spec.findings)
    loaded = _loaded(report)
    stage("module")
    module_error = attach_module(loaded, spec)
    if module_error is not None:
        report.findings.append(module_error)
        if fixed is not None:  # `run --check`: the import error is the answer, said as it is
            return
    ctx = CheckContext(
        note.path,
        report,
        loaded,
        seed=next((s for s in (spec.seed, seed, report.config.seed) if s is not None), 0),
        module=loaded.module,
        prose=note.source.segment(note.body_span),
        prose_base=note.body_span.start,
        functions={**loaded.functions, **(getattr(loaded.module, "FUNCTIONS", None) or {})},
        timeout_ceiling=limits.timeout if limits is not None else None,
        memory_ceiling_mb=limits.memory_mb if limits is not None else None,
        fixed=fixed,
        proofs=_proof_cache(note.path, report.config) if proofs else None,
        prove=report.config.prove,
        shrink=selection.shrink,
        traces=selection.traces,
    )
    for i, check_spec in enumerate(spec.checks):
        if only is not None and check_spec.id != only:
            continue
        if selection.checks is not None and check_spec.id not in selection.checks:
            continue
        if module_error is not None:  # each check is counted, the import error said once (the note's)
            line = note.source.line_col(module_error.span.start)[0] if module_error.span is not None else None
            at = f" ({module_error.code} at line {line})" if line is not None else f" ({module_error.code})"
            outcome = not_run(check_spec, ctx, f"not run: the note's module {spec.module} did not import{at}")
            report.outcomes.append(outcome)
            report.findings.extend(outcome.findings)
            outcome_done(outcome)
            continue
        check_spec, clamped = clamp_limits(check_spec, ctx)
        report.findings.extend(clamped)  # before the check starts: a worker killed in it keeps them
        stage("check", i)
        outcome = run_check(check_spec, ctx)
        report.outcomes.append(outcome)
        report.findings.extend(outcome.findings)
        outcome_done(outcome)
        if selection.until_refuted and outcome.status == REFUTED:
            break
    if selection.checks is not None:
        return  # a note's coverage is of all its checks: the ones left out would be called missing
    stage("coverage")
    report.findings.extend(unverified(report, spec.checks))


def notes_using(module: str | Path) -> list[Path]:
    """The notes whose spec names ``module`` as theirs (``algoverify: module:``), sorted; nothing is run.

    They are searched in the module's project: the folder of the project configuration above
    it, else the current folder when the module is inside it (pre-commit runs hooks at the top
    of the repository), else the module's own folder. Paths come back relative to the current
    folder when the project is inside it, as the notes' own paths would be given.
    """
    target = resolved(module)
    return _notes_naming(_project_of(target), {target}, read_note).get(target, [])


def expand_modules(paths: Iterable[str | Path]) -> list[str | Path]:
    """``paths`` with each Python module (``.py``) replaced by the notes that use it (:func:`notes_using`).

    A hook that hands over changed files then re-checks the notes of a changed module; a note
    reached twice is kept once, where it first appears. A module no note uses adds nothing.
    Each project's notes are read once, however many of its modules are given.
    """
    return _expand_modules(paths, read_note)


# --- runs over many notes: order, lanes, the cache ---------------------------------------------


class _LintJob:
    """``lint``, ``parse``: each note read and parsed, nothing run, nothing cached.

    A :class:`~.orchestration.runs.Job`.
    """

    def __init__(self, *, math: bool = True, strict: bool = False, spec: bool = False) -> None:
        self.math, self.strict, self.spec = math, strict, spec
        #: the notes named on the command line, not found in a folder
        self.explicit: set[Path] = set()

    def run(self, path: Path, text: str | None = None) -> NoteReport:
        started = time.perf_counter()
        report = analyse_note(path, math=self.math, text=text)
        if self.spec and report.note is not None:
            report.findings.extend(_spec_findings(report))
            report.findings.extend(_claim_findings(report))
            report.findings.extend(_name_findings(report))
        if path in self.explicit:
            report.findings.extend(_no_blocks(report))
        settle(report, strict=self.strict)
        report.seconds = time.perf_counter() - started
        return report

    def replay(self, path: Path, data: bytes | None = None) -> NoteReport | None:
        return None

    def store(self, report: NoteReport) -> None:
        pass

    def portable(self, report: NoteReport) -> Any:
        """The report as JSON data, to cross the lane's pipe (:func:`_report_data`)."""
        return _report_data(report)

    def restore(self, data: Any) -> NoteReport:
        """A report back from a lane, rebuilt from its data; raises ``Malformed`` for data that is not one."""
        report = _report_from_data(data)
        trials = getattr(self, "trials", None)  # check's --trials, as the lane's run applied it
        if trials is not None:
            report.config = dataclasses.replace(report.config, forced_trials=trials)
        if report.outcomes and report.note is not None:  # each check's locate, found again from the note's spec
            fresh = {c.id: c for c in _spec(report).checks}
            for o in report.outcomes:
                if o.check is not None and o.check.id in fresh:
                    o.check = dataclasses.replace(o.check, locate=fresh[o.check.id].locate)
        return report

    def lost(self, path: Path, why: str, crashed: bool) -> NoteReport:
        try:
            note: Note | None = read_note(path)
        except LocatedError:
            note = None
        report = NoteReport(path, note, config=find_config(path.parent))
        span = note.front_matter_span if note is not None else None
        if crashed:  # our bug, with the lane's traceback
            error = (why.strip().splitlines() or ["?"])[-1]
            report.findings.append(
                InternalError.finding(span, path, {"traceback": why}, stage="checking the note in a lane", error=error)
            )
        else:
            report.findings.append(NoteWorkerStopped.finding(span, path, where="", why=why))
        return report

    def shipped(self, path: Path) -> tuple[_LintJob, list[Path]]:
        """A copy of the job for a note run on a Dask worker, and the files it reads besides the note."""
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__dict__, explicit=set())
        return copy, _shipped_files(path)

    def warm(self) -> None:
        """Parse a small note here, so that lanes fork with the grammars loaded (each would build its own)."""
        note = parse_note(Path("warm-up.md"), _WARM_UP)
        try:
            for block in find_blocks(note)[0]:
                _analyse_block(note, BlockReport(block), math=True)
            _spec_findings(NoteReport(note.path, note))
        except Exception:  # noqa: BLE001 - warming is an optimisation; the run reports real problems
            pass


class _CheckJob(_LintJob):
    """``check``: each note read, then its checks run, in a worker of its own where code runs; cached."""

    def __init__(
        self,
        *,
        seed: int | None,
        strict: bool,
        isolate: bool | None,
        timeout: float | None,
        memory_mb: int | None,
        trials: int | None,
        cache: bool,
        proof_cache: bool = False,
        selection: Selection = ALL_CHECKS,
    ) -> None:
        super().__init__(math=True, strict=strict, spec=False)
        self.selection = selection
        self.seed, self.isolate, self.timeout, self.memory_mb, self.cache = seed, isolate, timeout, memory_mb, cache
        self.proof_cache = proof_cache
        self.trials = trials
        self._caches: dict[Path, object] = {}
        #: what names and keys each note's entry, computed before the note runs (an edit during the
        #: run must not be stored as the key of the old text's results)
        self._material: dict[Path, tuple[dict, dict]] = {}

    def run(self, path: Path) -> NoteReport:
        from ..orchestration.isolation import available

        started = time.perf_counter()
        report = analyse_note(path, math=True)
        if self.trials is not None:
            report.config = dataclasses.replace(report.config, forced_trials=self.trials)
        if report.note is not None:
            limits = _limits(report.config, self.timeout, self.memory_mb)
            isolate = self.isolate if self.isolate is not None else report.config.isolation is not False
            try:
                if isolate and available() and _runs_code(report):
                    _check_isolated(report, self.seed, limits, self.proof_cache, self.selection)
                else:
                    before = set(sys.modules)
                    token = _NOTE_RUN.set((limits, None, self.proof_cache, self.selection))
                    try:
                        _check_note(report, self.seed)
                    finally:
                        _NOTE_RUN.reset(token)
                    report.inputs.extend(_local_files(set(sys.modules) - before))
            except Exception as exc:  # our bug: that note's finding, and the run goes on
                report.findings.append(_internal(report.path, None, "checking the note", exc))
            report.findings.extend(_claim_findings(report, check_claims=False))  # each check said its own
            report.inputs[:0] = _note_inputs(report)
        if path in self.explicit:
            report.findings.extend(_no_blocks(report))
        settle(report, strict=self.strict)
        report.seconds = time.perf_counter() - started
        return report

    def shipped(self, path: Path) -> tuple[_CheckJob, list[Path]]:
        """As for lint; the copy keeps no cache (the run's cache stays here: it stores what comes back)."""
        copy, files = super().shipped(path)
        copy.cache = copy.proof_cache = False
        copy._caches, copy._material = {}, {}
        return copy, files

    def warm(self) -> None:
        """As for lint, and the modules every note's worker loads (numpy with the listings' runtime)."""
        super().warm()
        from ..checking.kinds import flowchart, runner  # noqa: F401
        from ..checking.specification import coverage  # noqa: F401
        from ..running import listing  # noqa: F401

    # --- the cache ---

    def _entry(self, path: Path, text: bytes | None = None, spelt: str | None = None) -> tuple[object, dict, dict]:
        from ..orchestration.cache import NoteCache, digest, project_root

        config = find_config(path.parent)
        if path not in self._material:
            slot = {
                "command": "check",
                "path": str(path) if spelt is None else spelt,
                "seed": self.seed,
                "strict": self.strict,
                "isolate": self.isolate,
                "timeout": self.timeout,
                "memory_mb": self.memory_mb,
                "trials": self.trials,
            }
            if dataclasses.replace(self.selection, traces=False) != ALL_CHECKS:
                slot["checks"] = sorted(self.selection.checks or ())
                slot["until_refuted"] = self.selection.until_refuted
                slot["shrink"] = self.selection.shrink
            if self.selection.traces:  # a report without traces must not replay as one with them
                slot["traces"] = True
            config_key = [str(config.path), digest(config.path)] if config.path else None
            self._material[path] = (slot, {"note": digest(path, text), "config": config_key})
        root = project_root(path.parent, config.root)
        if root not in self._caches:
            self._caches[root] = NoteCache(root)
        return self._caches[root], *self._material[path]

    def replay(self, path: Path, data: bytes | None = None, spelt: str | None = None) -> NoteReport | None:
        """The stored report of the note at ``path`` holding ``data`` (else the file's bytes), or ``None``.

        ``spelt``: how the command that stored it named the note (else ``str(path)``).
        """
        if not self.cache:
            return None
        from ..orchestration import cache as codec
        from ..reading.notes import max_note_bytes

        data = codec.read_regular(path, max_note_bytes()) if data is None else data
        if data is None:
            return None
        store, slot, key = self._entry(path, data, spelt)
        stored = store.lookup(slot, key)  # type: ignore[attr-defined]
        if stored is None:
            return None
        try:  # an entry that does not read back is a miss: the note runs, and its entry is rewritten
            text = data.decode("utf-8")
            text = text[1:] if text.startswith("\ufeff") else text  # as read_note reads it
            report = NoteReport(path, codec.decode_note(path, text, stored["note"]), cached=True)
            report.config = find_config(path.parent)
            if self.trials is not None:
                report.config = dataclasses.replace(report.config, forced_trials=self.trials)
            report.blocks = [BlockReport(b) for b in codec.decode_blocks(stored["blocks"])]
            report.findings = codec.decode_findings(stored["findings"])
            report.outcomes = codec.decode_outcomes(stored["outcomes"])
            report.inputs = [Path(p) for p in stored["inputs"]]
            report.seconds = float(stored["seconds"])
        except Exception:  # noqa: BLE001 - corrupt, or written by a different layout
            return None
        return report

    def store(self, report: NoteReport) -> None:
        # a note without blocks is not stored: it costs nothing to read again, and whether it is
        # reported (AV004) depends on how it was named, which the entry does not record
        if not self.cache or report.cached or report.note is None or not report.blocks or _clock_dependent(report):
            return
        from ..orchestration import cache as codec

        store, slot, key = self._entry(report.path)
        if key["note"] is None:
            return
        entry = {
            "seconds": report.seconds,
            "note": codec.encode_note(report.note),
            "findings": codec.encode_findings(report.findings),
            "outcomes": codec.encode_outcomes(report.outcomes),
            "blocks": codec.encode_blocks(b.block for b in report.blocks),
            "inputs": [str(p) for p in report.inputs],
        }
        store.store(slot, key, report.inputs, entry)  # type: ignore[attr-defined]
