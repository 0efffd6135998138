"""The core API: notes in, data out (IR, findings). Front-ends call only this module.

Nothing here prints or exits. Exceptions raised below with a span (:class:`LocatedError`)
become findings at the block they concern, and the next block is processed; an
unexpected exception becomes an ``AV099`` internal-error finding, never a traceback.
"""

from __future__ import annotations

import ast
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

from .findings import Finding, InternalError, LocatedError, PythonSyntax, Severity
from .reading.blocks import Block, find_blocks
from .reading.notes import Note, discover, read_note
from .source import SourceFile, Span
from .syntax import ir

__all__ = ["BlockReport", "NoteReport", "Result", "LoadedNote", "analyse", "lint", "parse", "load", "compile", "check"]


@dataclass
class BlockReport:
    """One block of a note: what was found, its IR if it is a listing, and its findings."""

    block: Block
    ir: ir.Algorithm | None = None
    findings: list[Finding] = field(default_factory=list)


@dataclass
class NoteReport:
    """One note: its blocks and every finding about it (note-level and block-level)."""

    path: Path
    note: Note | None
    blocks: list[BlockReport] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    #: outcomes of the note's checks (filled by :func:`check`)
    outcomes: list = field(default_factory=list)
    seconds: float = 0.0

    def listings(self) -> list[BlockReport]:
        """The algorithm blocks, in document order."""
        return [b for b in self.blocks if b.block.kind == "algorithm"]


@dataclass
class Result:
    """The outcome of a run over some paths."""

    notes: list[NoteReport] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    seconds: float = 0.0

    def all_findings(self) -> list[Finding]:
        """Run-level findings followed by every note's findings."""
        out = list(self.findings)
        for note in self.notes:
            out.extend(note.findings)
        return out

    @property
    def sources(self) -> dict[Path, SourceFile]:
        """The text of every note read, keyed by path, for reporters."""
        return {n.path: n.note.source for n in self.notes if n.note is not None}

    @property
    def internal_error(self) -> bool:
        """True when algoverify itself failed somewhere (exit status 2)."""
        return any(f.code == InternalError.code for f in self.all_findings())

    def failed(self, strict: bool = False) -> bool:
        """True when any finding is an error (or a warning, with ``strict``)."""
        bad = {Severity.ERROR, Severity.WARNING} if strict else {Severity.ERROR}
        return any(f.severity in bad for f in self.all_findings())


def analyse(paths: Iterable[str | Path], *, math: bool = True) -> Result:
    """Read every note under ``paths``, find its blocks, parse listings (and their math).

    :param math: also parse every math segment with the math grammar (``lint`` does; the
        cost is small and it needs neither sympy nor numpy).
    """
    files, findings = discover(Path(p) for p in paths)
    result = Result(findings=list(findings))
    for path in files:
        result.notes.append(analyse_note(path, math=math))
    return result


def analyse_note(path: Path, *, math: bool = True) -> NoteReport:
    """Read one note and analyse its blocks; never raises for a problem in the note."""
    try:
        note = read_note(path)
    except LocatedError as exc:
        return NoteReport(path, None, findings=[exc.to_finding(path)])
    report = NoteReport(path, note, findings=list(note.findings))
    try:
        blocks, block_findings = find_blocks(note)
    except Exception as exc:  # a bug in a finder must not hide the other notes
        report.findings.append(_internal(path, None, "finding blocks", exc))
        return report
    report.findings.extend(block_findings)
    for block in blocks:
        block_report = BlockReport(block)
        try:
            _analyse_block(note, block_report, math=math)
        except LocatedError as exc:
            block_report.findings.append(exc.to_finding(path))
        except Exception as exc:
            block_report.findings.append(_internal(path, block.span, f"reading {block.kind} block {block.index}", exc))
        report.blocks.append(block_report)
        report.findings.extend(block_report.findings)
    return report


def _internal(path: Path, span: Span | None, stage: str, exc: BaseException) -> Finding:
    detail = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    return InternalError.finding(span, path, {"traceback": detail}, stage=stage, error=f"{type(exc).__name__}: {exc}")


def _analyse_block(note: Note, report: BlockReport, *, math: bool) -> None:
    block = report.block
    text = note.source.text
    if block.kind == "algorithm":
        from .syntax.build import parse_algorithm

        report.ir = parse_algorithm(text, block.body_span)
        if math:
            report.findings.extend(_lint_math(note.path, _math_segments(report.ir)))
    elif block.kind == "math" and math:
        segment = ir.Math(block.body_span, text[block.body_span.start : block.body_span.end])
        report.findings.extend(_lint_math(note.path, [segment]))
    elif block.kind == "python":
        report.findings.extend(_lint_python(note, block))


def _math_segments(node: ir.Node) -> Iterator[ir.Math]:
    for n in ir.walk(node):
        if isinstance(n, ir.Math):
            yield n


def _lint_math(path: Path, segments: Iterable[ir.Math]) -> list[Finding]:
    from .math.mathexpr import parse_math

    out = []
    for m in segments:
        try:
            parse_math(m.latex, m.span.start)
        except LocatedError as exc:
            out.append(exc.to_finding(path))
    return out


def _lint_python(note: Note, block: Block) -> list[Finding]:
    # ast.parse only builds a syntax tree: the snippet's code is not run here.
    source = note.source.segment(block.body_span)
    try:
        ast.parse(source, filename=str(note.path))
    except SyntaxError as exc:
        line = (exc.lineno or 1) - 1
        lines = source.splitlines(keepends=True)
        offset = sum(len(ln) for ln in lines[:line]) + max((exc.offset or 1) - 1, 0)
        start = block.body_span.start + min(offset, len(source))
        return [PythonSyntax.finding(Span(start, start + 1), note.path, message=exc.msg)]
    return []


def lint(paths: Iterable[str | Path]) -> Result:
    """Parse-only check of notes: front matter, blocks, listings and their math."""
    return analyse(paths, math=True)


def parse(paths: Iterable[str | Path]) -> Result:
    """Parse notes into IR (the same work as :func:`lint`; kept as the name front-ends use)."""
    return analyse(paths, math=True)


@dataclass
class LoadedNote:
    """A note ready to run: its listings as callables, its blocks and findings."""

    report: NoteReport
    listings: list = field(default_factory=list)
    #: listings that are one ``\\Function``, callable by name from the others and from checks
    functions: dict = field(default_factory=dict)
    #: the note's own module (``algoverify: module:``), once :func:`attach_module` loaded it
    module: object = None

    @property
    def findings(self) -> list[Finding]:
        """Findings from reading and parsing the note."""
        return self.report.findings

    def listing(self, key: int | str):  # noqa: ANN201 - Listing, imported lazily
        """Return a listing by 1-based index, caption (or a prefix of it) or function name."""
        if isinstance(key, int) or (isinstance(key, str) and key.isdigit()):
            i = int(key)
            if not 1 <= i <= len(self.listings):
                raise KeyError(f"listing {i} does not exist; the note has {len(self.listings)}")
            return self.listings[i - 1]
        wanted = key.lower()
        for lst in self.listings:
            names = [lst.name or "", lst.caption or ""]
            if any(n.lower() == wanted or (n and n.lower().startswith(wanted)) for n in names):
                return lst
        raise KeyError(f"no listing named or captioned {key!r}")


def load(path: str | Path) -> LoadedNote:
    """Read a note and compile its listings; ``load(p).listings[0](**inputs)`` runs one.

    A listing that is one ``\\Function`` is callable from the others by name (``\\Call``).
    Parse errors stay in ``.findings``; the listings that parsed are still there.
    """
    return _loaded(analyse_note(Path(path)))


def _loaded(report: NoteReport) -> LoadedNote:
    """The listings of an analysed note, compiled (the note is not read again)."""
    from .running.listing import Listing

    loaded = LoadedNote(report)
    if report.note is None:
        return loaded
    for i, block in enumerate(report.listings(), start=1):
        if block.ir is not None:
            listing = Listing(block.ir, report.note.source, index=i, functions=loaded.functions)
            loaded.listings.append(listing)
            if listing.name:
                loaded.functions[listing.name] = _late_call(listing)
    return loaded


def attach_module(loaded: LoadedNote, spec: object = None) -> Finding | None:
    """Import the module the note's spec names and bind its ``BINDINGS`` to every listing.

    Returns the finding (AV503) when the module is missing or fails to import; the listings
    then run without its bindings.
    """
    from .checking.context import load_module
    from .checking.spec import read_spec

    note = loaded.report.note
    spec = spec if spec is not None else read_spec(note)
    if note is None or not spec.module:
        return None
    try:
        loaded.module = load_module(note.path, spec.module, spec.span)
    except LocatedError as exc:
        return exc.to_finding(note.path)
    for key, fn in (getattr(loaded.module, "BINDINGS", None) or {}).items():
        for listing in loaded.listings:
            listing.bind(key, fn)
    return None


def _late_call(listing):  # noqa: ANN001, ANN202
    def call(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        inputs = dict(zip(listing.inputs, args))
        inputs.update(kwargs)
        return listing(**inputs)

    return call


def compile(latex: str, *, path: str | Path = "<latex>"):  # noqa: A001, ANN201 - the public name
    """Compile a block of LaTeX pseudocode into a callable :class:`~algoverify.running.listing.Listing`.

    Raises :class:`~algoverify.running.listing.ExecutionError`-free parse errors as ``LocatedError``.
    """
    from .running.listing import from_latex

    return from_latex(latex, path=path)


def check(paths: Iterable[str | Path], *, seed: int = 0) -> Result:
    """Verify notes: everything :func:`lint` does, then every check of every note's spec.

    Each note's outcomes are in ``NoteReport.outcomes``; failed checks, spec errors and
    unverified listings or equations are findings.
    """
    import time

    started = time.perf_counter()
    result = analyse(paths, math=True)
    for report in result.notes:
        t0 = time.perf_counter()
        if report.note is not None:
            _check_note(report, seed)
        report.seconds = time.perf_counter() - t0
    result.seconds = time.perf_counter() - started
    return result


def _check_note(report: NoteReport, seed: int) -> None:
    from .checking.coverage import unverified
    from .checking.runner import CheckContext, run_check
    from .checking.spec import read_spec

    note = report.note
    spec = read_spec(note)
    report.findings.extend(spec.findings)
    loaded = _loaded(report)
    module_error = attach_module(loaded, spec)
    if module_error is not None:
        report.findings.append(module_error)
        return
    ctx = CheckContext(
        note.path,
        report,
        loaded,
        seed=spec.seed if spec.seed is not None else seed,
        module=loaded.module,
        prose=note.source.segment(note.body_span),
        prose_base=note.body_span.start,
        functions={**loaded.functions, **(getattr(loaded.module, "FUNCTIONS", None) or {})},
    )
    for check_spec in spec.checks:
        outcome = run_check(check_spec, ctx)
        report.outcomes.append(outcome)
        report.findings.extend(outcome.findings)
    report.findings.extend(unverified(report, spec.checks))
