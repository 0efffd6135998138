"""The core API: notes in, data out (IR, findings). Front-ends call only this module.

Nothing here prints or exits. Exceptions raised below with a span (:class:`LocatedError`)
become findings at the block they concern, and the next block is processed; an
unexpected exception becomes an ``AV099`` internal-error finding, never a traceback.
"""

from __future__ import annotations

import contextvars
import dataclasses
import importlib
import os
import re
import sys
import tempfile
import time
import traceback
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from .checking.lint_rules import (
    by_role,
    compile_findings,
    lint_applications,
    lint_math,
    lint_python,
    lint_ranges,
    math_segments,
    module_offers,
)
from .checking.runs import Interrupted, Progress
from .findings import (
    Finding,
    InternalError,
    LocatedError,
    NoBlocks,
    NoteWorkerStopped,
    Severity,
    UnreadableFile,
)
from .reading.blocks import Block, find_blocks
from .reading.config import ProjectConfig, find_config
from .reading.files import FILE_LIMIT, read_regular, read_text
from .reading.macros import MacroTable, scan
from .reading.notes import NOTE_SUFFIXES, Note, discover, parse_note, read_note
from .reading.suppressions import apply_suppressions, find_suppressions
from .source import SourceFile, Span
from .syntax import ir

__all__ = [
    "BlockReport",
    "NoteReport",
    "Result",
    "LoadedNote",
    "Progress",
    "Interrupted",
    "analyse",
    "lint",
    "parse",
    "load",
    "compile",
    "check",
    "claims",
    "declared_checks",
    "notes_using",
    "expand_modules",
]


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
    #: the project configuration in force for this note
    config: ProjectConfig = field(default_factory=ProjectConfig)
    #: the user macros in force: the project's, a preamble beside the note, the note's own
    macros: MacroTable = field(default_factory=MacroTable)
    #: LaTeX whose definitions apply to the note's listings: preamble files beside it, then the note
    preamble: str = ""
    #: the sentences of the prose that state something checkable, with what backs each (filled by :func:`claims`)
    claims: list = field(default_factory=list)
    #: replayed from the cache: nothing of the note ran this time (its blocks carry no IR)
    cached: bool = False
    #: files besides the note its outcome depends on: its module and the local modules that
    #: imported, preambles beside it (present or not), the project's macro files
    inputs: list[Path] = field(default_factory=list)
    #: what the note declares around each listing (:func:`note_names`), read once
    names: Any = None

    def listings(self) -> list[BlockReport]:
        """The algorithm blocks, in document order."""
        return [b for b in self.blocks if b.block.kind == "algorithm"]


@dataclass
class Result:
    """The outcome of a run over some paths."""

    notes: list[NoteReport] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    seconds: float = 0.0
    #: sources of files that are not notes but have findings (project configs)
    extra_sources: dict[Path, SourceFile] = field(default_factory=dict)

    def all_findings(self) -> list[Finding]:
        """Run-level findings followed by every note's findings."""
        out = list(self.findings)
        for note in self.notes:
            out.extend(note.findings)
        return out

    @property
    def sources(self) -> dict[Path, SourceFile]:
        """The text of every note read (and of each project config), keyed by path, for reporters."""
        return {**self.extra_sources, **{n.path: n.note.source for n in self.notes if n.note is not None}}

    @property
    def internal_error(self) -> bool:
        """True when algoverify itself failed somewhere (exit status 2)."""
        return any(f.code == InternalError.code for f in self.all_findings())

    def failed(self, strict: bool = False) -> bool:
        """True when any finding is an error (or a warning, with ``strict``), or a check could not be checked.

        A check that tested nothing fails the run whatever the severity of its cause (an ``AV204``
        ambiguity is a warning in ``lint``): exit 0 means every claim was judged.
        """
        bad = {Severity.ERROR, Severity.WARNING} if strict else {Severity.ERROR}
        if any(o.status == "could not check" for n in self.notes for o in n.outcomes):
            return True
        return any(f.severity in bad for f in self.all_findings())


def analyse(
    paths: Iterable[str | Path],
    *,
    math: bool = True,
    strict: bool = False,
    spec: bool = False,
    jobs: int = 1,
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
    :param on_note: called with each note's report, in path order, as soon as it and every note
        before it are done (a streaming report).
    :param on_progress: called with a :class:`Progress` as notes finish, and about every 0.25 s.
    """
    job = _LintJob(math=math, strict=strict, spec=spec)
    return _run(paths, job, jobs=jobs, on_note=on_note, on_progress=on_progress)


def _spec_findings(report: NoteReport) -> list[Finding]:
    from .checking.spec import validate_spec

    try:
        return validate_spec(report.note, [b.ir for b in report.listings()], blocks=[b.block for b in report.blocks])
    except Exception as exc:  # a bug in the validator must not hide the listings' findings
        return [_internal(report.path, None, "validating the spec", exc)]


def _claim_findings(report: NoteReport, *, check_claims: bool = True) -> list[Finding]:
    """AV604 for each checkable sentence no check quotes; AV407 for a stale ``unchecked:`` entry or ``claim:``.

    A stale ``claim:`` is left to the checks when they ran and said so themselves (``check_claims=False``).
    """
    from .checking.claims import claim_findings

    try:
        return claim_findings(report.note, [b.block for b in report.blocks], check_claims=check_claims)
    except Exception as exc:  # a bug in the detector must not hide the note's other findings
        return [_internal(report.path, None, "finding the prose's claims", exc)]


def claims(paths: Iterable[str | Path]) -> Result:
    """The claims of each note's prose, in ``NoteReport.claims``, with the checks that quote each.

    A claim is a sentence that states something checkable, or that a check or the spec's
    ``unchecked:`` names. Static, like :func:`lint`: nothing runs. The findings are those that
    kept a note from being read, and ``unchecked:`` entries whose sentence the prose does not
    have (AV407).
    """
    from .checking.claims import claims as note_claims
    from .findings import QuoteMissing

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


#: Files beside a note whose macro definitions apply to it (a paper's preamble, split out).
PREAMBLE_FILES = ("preamble.tex", "macros.tex", "preamble.sty", "macros.sty")


def _preamble_files(note: Note, unread: list[Finding] | None = None) -> list[tuple[str, str]]:
    """``(text, path)`` of each preamble file beside the note (a paper's preamble, split out).

    One that exists but cannot be read (past the size limit, not UTF-8, a FIFO) is an AV002 in
    ``unread``, at the note: its macros would be missing without a word otherwise.
    """
    out = []
    for name in PREAMBLE_FILES:
        file = note.path.parent / name
        if not os.path.lexists(file):
            continue
        text = read_text(file)  # a 6 GB preamble or a FIFO is not read
        if text is not None:
            out.append((text, str(file)))
        elif unread is not None:
            limit = FILE_LIMIT // 2**20
            reason = f"its {name} is not a regular UTF-8 file of at most {limit} MB, so its macros are not read"
            unread.append(UnreadableFile.finding(Span(0, 0), note.path, reason=reason))
    return out


def note_macros(note: Note, config: ProjectConfig, preambles: list[tuple[str, str]] | None = None) -> MacroTable:
    """The user macros in force in ``note``: the project's, then a preamble beside it, then its own."""
    table = config.macros.merged(MacroTable())
    for text, origin in preambles if preambles is not None else _preamble_files(note):
        scan(text, origin=origin, into=table)
    return scan(note.source.text, origin=str(note.path), into=table)


def analyse_note(path: Path, *, math: bool = True) -> NoteReport:
    """Read one note and analyse its blocks; never raises for a problem in the note.

    The findings are raw: :func:`settle` applies the project's ``select``/``ignore`` and the
    note's suppressions (``analyse``, ``lint`` and ``check`` call it).
    """
    config = find_config(path.parent)
    try:
        note = read_note(path)
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


def _internal(path: Path, span: Span | None, stage: str, exc: BaseException) -> Finding:
    detail = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    return InternalError.finding(span, path, {"traceback": detail}, stage=stage, error=f"{type(exc).__name__}: {exc}")


def _analyse_block(
    note: Note, report: BlockReport, *, math: bool, macros: MacroTable | None = None, preamble: str = ""
) -> None:
    block = report.block
    text = note.source.text
    if block.kind == "algorithm":
        from .syntax.build import parse_algorithm
        from .syntax.expansion import expand_listing

        report.ir = expand_listing(parse_algorithm(text, block.body_span, preamble=preamble), macros)
        if math:
            report.findings.extend(lint_math(note.path, math_segments(report.ir), macros))
            report.findings.extend(lint_ranges(note.path, report.ir))
            report.findings.extend(lint_applications(note, report.ir))
    elif block.kind == "math" and math:
        segment = ir.Math(block.body_span, text[block.body_span.start : block.body_span.end])
        report.findings.extend(lint_math(note.path, [(segment, False)], macros))
    elif block.kind == "python":
        report.findings.extend(lint_python(note, block))


def lint(
    paths: Iterable[str | Path],
    *,
    strict: bool = False,
    jobs: int = 1,
    on_note: Callable[[NoteReport], None] | None = None,
    on_progress: Callable[[Progress], None] | None = None,
) -> Result:
    """Parse-only check of notes: front matter, blocks, listings and their math.

    ``jobs``, ``on_note`` and ``on_progress`` are as for :func:`analyse`.
    """
    return analyse(paths, math=True, strict=strict, spec=True, jobs=jobs, on_note=on_note, on_progress=on_progress)


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
    #: where the note's indices count from (``index_base:``, else the project's)
    index_base: int = 1

    @property
    def findings(self) -> list[Finding]:
        """Findings from reading and parsing the note."""
        return self.report.findings

    def listing(self, key: int | str):  # noqa: ANN201 - Listing, imported lazily
        """Return a listing by 1-based index, caption (or a prefix of it) or function name."""
        if isinstance(key, int) or (isinstance(key, str) and key.isdigit()):
            # by its place among the note's listings, those that do not parse included: listing 2
            # stays listing 2 when listing 1 has a typo
            i, blocks = int(key), self.report.listings()
            if not 1 <= i <= len(blocks):
                raise KeyError(f"listing {i} does not exist; the note has {len(blocks)}")
            found = next((lst for lst in self.listings if lst.index == i), None)
            if found is None:
                errors = [f for f in blocks[i - 1].findings if f.severity is Severity.ERROR]
                line = self.report.note.source.line_col(blocks[i - 1].block.span.start)[0] if self.report.note else 0
                why = f": {errors[0].code} {errors[0].message}" if errors else ""
                raise KeyError(f"listing {i} (line {line}) does not parse{why}")
            return found
        wanted = key.lower()
        for lst in self.listings:
            names = [lst.name or "", lst.caption or ""]
            if any(n.lower() == wanted or (n and n.lower().startswith(wanted)) for n in names):
                return lst
        for lst in self.listings:  # a \Function the entry calls (ExtendedGCD beside the ModInverse that uses it)
            name = next((f for f in lst.function_names if f.lower() == wanted), None)
            if name is not None:
                return self._function_listing(lst, name)
        raise KeyError(f"no listing named or captioned {key!r}")

    def _function_listing(self, listing: Any, name: str) -> Any:
        """One ``\\Function`` of ``listing`` as a listing of its own: it and the functions it calls."""
        from .running.interpreter import read_signature
        from .running.listing import Listing
        from .running.signature import calls
        from .running.symbols import for_helper

        cache = self.__dict__.setdefault("_by_function", {})
        if (listing.index, name) in cache:
            return cache[(listing.index, name)]
        funcs = {n.name: n for n in listing.algorithm.body if isinstance(n, ir.Function)}
        keep, pending = [name], [name]
        while pending:
            f = funcs[pending.pop()]
            for other in funcs:
                if other not in keep and calls(f, other):
                    keep.append(other)
                    pending.append(other)
        body = tuple(n for n in listing.algorithm.body if not isinstance(n, ir.Function) or n.name in keep)
        context = listing.context
        if context is not None and any(calls(f, name) for other, f in funcs.items() if other != name):
            # run on its own, a helper is still a helper: the prose's "n ≥ 5" is about the algorithm's n
            params, _ = read_signature(dataclasses.replace(listing.algorithm, body=(funcs[name],)))
            context = for_helper(context, params)
        own = Listing(
            dataclasses.replace(listing.algorithm, body=body),
            listing.source,
            index=listing.index,
            functions=self.functions,
            index_base=listing.index_base,
            context=context,
        )
        own._bindings = listing._bindings  # what the note's module binds, as the listing has it
        cache[(listing.index, name)] = own
        return own


def load(path: str | Path) -> LoadedNote:
    """Read a note and compile its listings; ``load(p).listings[0](**inputs)`` runs one.

    A listing that is one ``\\Function`` is callable from the others by name (``\\Call``).
    Parse errors stay in ``.findings``; the listings that parsed are still there.
    """
    return _loaded(analyse_note(Path(path)))


def index_base(report: NoteReport) -> int:
    """Where the note's listings count from: ``index_base:`` in its ``algoverify:`` front matter, else the project's."""
    value = _note_index_base(report)
    return value if value is not None else report.config.index_base


def _note_index_base(report: NoteReport) -> int | None:
    """The note's own ``index_base:`` (``None`` when it sets none)."""
    note = report.note
    section = note.front_matter.get("algoverify") if note is not None and isinstance(note.front_matter, dict) else None
    value = section.get("index_base") if isinstance(section, dict) else None
    return value if value in (0, 1) else None


def note_names(report: NoteReport):  # noqa: ANN201 - NoteNames, imported lazily
    """What the note declares around each of its listings (its prose, its spec), read once per report."""
    from .checking.listing_names import contexts

    if report.names is None and report.note is not None:
        listings = [(b.block, b.ir) for b in report.listings()]
        known = module_offers(report.note).functions | _note_functions(report)
        report.names = contexts(report.note, [b.block for b in report.blocks], listings, report.macros, known=known)
    return report.names


def listing_base(report: NoteReport, i: int) -> int:
    """Where listing ``i`` (0-based) counts from: the note's ``index_base:``, its families as written, the project's."""
    explicit = _note_index_base(report)
    if explicit is not None:
        return explicit
    names = note_names(report)
    written = names.bases[i] if names is not None else None
    return written if written is not None else report.config.index_base


def _name_findings(report: NoteReport) -> list[Finding]:
    """``lint``: the names a listing reads that nothing in the note binds, and the readings it cannot decide."""
    from .checking.listing_names import name_findings

    if report.note is None:
        return []
    try:
        names = note_names(report)
        listings = [(b.block, b.ir) for b in report.listings()]
        found = name_findings(report.note, listings, names, _note_index_base(report))
        runnable = [
            (i + 1, block.ir, listing_base(report, i), names.contexts[i])
            for i, block in enumerate(report.listings())
            if block.ir is not None and not any(f.severity is Severity.ERROR for f in block.findings)
        ]
        found += compile_findings(report.note, runnable, {f.span for f in [*report.findings, *found]})
    except Exception as exc:  # a bug in the resolution must not hide the note's other findings
        return [_internal(report.path, None, "binding the listings' names", exc)]
    return [by_role(f, True) for f in found]


def _note_functions(report: NoteReport) -> set[str]:
    """The ``\\Function``\\ s every listing of the note defines (callable from the others)."""
    return {n.name for b in report.listings() if b.ir is not None for n in ir.walk(b.ir) if isinstance(n, ir.Function)}


def _loaded(report: NoteReport) -> LoadedNote:
    """The listings of an analysed note, compiled (the note is not read again)."""
    from .math.functions import FUNCTIONS
    from .running.conventions import prose_function, with_convention
    from .running.listing import Listing

    loaded = LoadedNote(report, index_base=index_base(report))
    if report.note is None:
        return loaded
    names = note_names(report)
    for i, block in enumerate(report.listings(), start=1):
        if block.ir is not None:
            listing = Listing(
                block.ir,
                report.note.source,
                index=i,
                functions=loaded.functions,
                index_base=listing_base(report, i - 1),
                context=names.contexts[i - 1] if names is not None else None,
            )
            loaded.listings.append(listing)
            if listing.name:
                loaded.functions[listing.name] = _late_call(listing)
            for name in listing.function_names:
                loaded.functions.setdefault(name, _late_function(listing, name))
    # σ(z) = 1/(1 + e^{-z}) in the prose; a \Function of that name comes first, and a name a listing
    # assigns (the coefficients c_k of "c(x) = a(x) b(x)") is the listing's value, not the prose's function
    values = set().union(*(_value_names(listing.algorithm) for listing in loaded.listings))
    for listing in loaded.listings:
        context = listing.context
        for name, (params, value, _) in (context.functions if context else {}).items():
            declared = context.get(name) if context else None
            if name not in values and (declared is None or declared.shape is None):  # a(x) beside a ∈ ℝ^{m+1}
                loaded.functions.setdefault(name, prose_function(params, value))
        for name, points in (context.conventions if context else {}).items():
            base = loaded.functions.get(name) or FUNCTIONS.get(name)  # "the convention sign(0) = 1"
            if base is not None:
                loaded.functions[name] = with_convention(base, points)
    return loaded


def _value_names(algorithm: ir.Algorithm) -> set[str]:
    """The names a listing assigns, or reads or stores with an index (``c`` of ``c_k \\gets 0``, ``a`` of ``a_i``)."""
    from .checking.lint_rules import math_segments
    from .math import mathexpr as M
    from .math.names import identifier
    from .running.signature import assigned_names

    try:
        out = set(assigned_names(algorithm.body))
    except LocatedError:  # a target that does not parse: reported with the math; it names nothing here
        out = set()
    for m, _ in math_segments(algorithm):
        try:
            tree = M.parse_math(m.latex)
        except LocatedError:
            continue
        out |= {identifier(t.base) or "" for t in M.walk(tree) if isinstance(t, M.Idx)}
    return out


def attach_module(loaded: LoadedNote, spec: object = None) -> Finding | None:
    """Import the module the note's spec names; bind its ``BINDINGS`` and ``FUNCTIONS`` to every listing.

    ``FUNCTIONS = {"Partition": partition, …}`` makes Python functions callable from the
    listings by name (``\\Call{Partition}{…}``), as a listing of the note would be; a function a
    listing defines itself comes first. Returns the finding (AV503) when the module is missing
    or fails to import; the listings then run without them.
    """
    from .checking.context import load_module
    from .checking.spec import read_spec

    note = loaded.report.note
    spec = spec if spec is not None else read_spec(note)
    if note is None or not spec.module:
        return None
    try:
        loaded.module = load_module(note.path, spec.module, spec.span, loaded.report.config.root)
    except LocatedError as exc:
        return exc.to_finding(note.path)
    functions = getattr(loaded.module, "FUNCTIONS", None) or {}
    for name, fn in functions.items():
        if callable(fn):
            loaded.functions.setdefault(name, fn)
    for key, fn in (getattr(loaded.module, "BINDINGS", None) or {}).items():
        for listing in loaded.listings:
            listing.bind(key, fn)
    if functions:
        for listing in loaded.listings:
            listing.recompile()
    return None


def _late_call(listing):  # noqa: ANN001, ANN202
    def call(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        inputs = dict(zip(listing.inputs, args))
        inputs.update(kwargs)
        return listing(**inputs)

    return call


def _late_function(listing, name):  # noqa: ANN001, ANN202
    def call(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        return listing.function(name)(*args, **kwargs)

    return call


def compile(latex: str, *, path: str | Path = "<latex>", index_base: int = 1):  # noqa: A001, ANN201
    """Compile a block of LaTeX pseudocode into a callable :class:`~algoverify.running.listing.Listing`.

    ``index_base`` is where arrays count from in the listing (1 as the notation does, or 0).
    Raises :class:`~algoverify.running.listing.ExecutionError`-free parse errors as ``LocatedError``.
    """
    from .running.listing import from_latex

    return from_latex(latex, path=path, index_base=index_base)


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
    cache: bool = False,
    on_note: Callable[[NoteReport], None] | None = None,
    on_progress: Callable[[Progress], None] | None = None,
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
    :param cache: replay the stored report of a note whose text, files and options are
        unchanged (``NoteReport.cached``), and store the others, in ``.algoverify_cache/`` at
        the project root (``ALGOVERIFY_NO_CACHE=1`` turns it off whatever this says).
    :param on_note: see :func:`analyse`; ``on_progress`` too, counting checks as they finish.
    :raises Interrupted: on Ctrl-C (a ``KeyboardInterrupt``), with the notes done in ``.result``.
    """
    use_cache = cache and os.environ.get("ALGOVERIFY_NO_CACHE", "") in ("", "0")
    job = _CheckJob(
        seed=seed, strict=strict, isolate=isolate, timeout=timeout, memory_mb=memory_mb, trials=trials, cache=use_cache
    )
    return _run(paths, job, jobs=jobs, on_note=on_note, on_progress=on_progress)


def reproduce(path: str | Path, check_id: str, values: dict[str, Any], *, seed: int | None = None) -> NoteReport:
    """Run one check of a note once, on ``values`` (the rest drawn as its first trial draws them).

    What ``algoverify run NOTE --check ID --set …`` does with a counterexample: the outcome's
    message shows the listing's value beside the expected one. Runs in this process.
    """
    report = analyse_note(Path(path))
    if report.note is not None:
        token = _NOTE_RUN.set((None, None))
        try:
            _check_note(report, seed, only=check_id, fixed=values)
        finally:
            _NOTE_RUN.reset(token)
    return report


def _runs_code(report: NoteReport) -> bool:
    """Whether checking the note runs anything: a module, a check. Else no worker is worth its fork."""
    note = report.note
    section = note.front_matter.get("algoverify") if note is not None and isinstance(note.front_matter, dict) else None
    return isinstance(section, dict) and bool(section.get("module") or section.get("checks"))


def _limits(config: ProjectConfig, timeout: float | None, memory_mb: int | None):  # noqa: ANN202 - Limits
    from .checking.isolation import DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT, Limits

    return Limits(
        next((t for t in (timeout, config.note_timeout) if t is not None), DEFAULT_TIMEOUT),
        next((m for m in (memory_mb, config.note_memory_mb) if m is not None), DEFAULT_MEMORY_MB),
    )


#: packages a worker loads that the run keeps loaded for the next notes' workers (ours and our
#: dependencies' lazy imports: sympy costs 0.4 s a time); never a note's own modules
_WARM = frozenset({"algoverify", "numpy", "sympy", "ctypes", "resource", "decimal", "lark", "yaml"})


def _check_isolated(report: NoteReport, seed: int | None, limits) -> None:  # noqa: ANN001 - Limits
    """:func:`_check_note` in a worker process; what it found comes back over a pipe, as it goes.

    The worker sends where it is (the module's import, the i-th check) and, at each such step,
    the findings and outcomes added since the last: a worker killed halfway keeps the checks it
    finished, and the finding about its end stands at the step it was in. The note's code can
    write on that pipe too: each message is read as JSON data and rebuilt by our own code
    (:mod:`.checking.portable`), and one that is not ours ends the worker (AV504).
    """
    from .checking import coverage, flowchart, portable, runner, runs, snippets  # noqa: F401 - loaded once here

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

        _NOTE_RUN.set((limits, stage))
        try:
            _check_note(report, seed)
        except Exception as exc:  # our bug, as in-process: AV099 and exit status 2
            report.findings.append(_internal(report.path, None, "checking the note", exc))
        flush()
        send(["inputs", [str(p) for p in _local_files(set(sys.modules) - before)]])
        send(["imported", [m for m in sys.modules if m not in before and m.split(".")[0] in _WARM]])

    try:
        why, where, since = _watch_worker(report, work, limits)
    finally:
        if scratch is not None:
            _remove_tree(scratch)
    if why is not None:
        _worker_stopped(report, why, where, since)


def _watch_worker(report: NoteReport, work: Callable, limits) -> tuple[str | None, list | None, float]:  # noqa: ANN001
    """Run ``work`` in a note's worker, adding what it sends to ``report``; why it stopped, where, since when."""
    from .checking import portable, runs
    from .checking.isolation import Malformed, run_in_worker

    spec = _spec(report)
    where: list = [None]
    since = [time.perf_counter()]

    def receive(message) -> None:  # noqa: ANN001 - runs here; JSON data, from our code or the note's
        kind = message[0] if isinstance(message, list) and message else None
        if kind == "part" and len(message) == 3:
            findings, outcomes = portable.decode_findings(message[1]), portable.decode_outcomes(message[2])
            if len(report.outcomes) + len(outcomes) > len(spec.checks):
                raise Malformed("more outcomes than the note has checks")
            report.findings.extend(findings)
            for outcome in outcomes:
                outcome.check = spec.checks[len(report.outcomes)]
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
    from .checking import runs
    from .checking.outcome import CANNOT, Outcome
    from .findings import NoteWorkerStopped

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


#: the run's per-note limits, and where to say which step a note is at (``stage("check", i)``):
#: ambient rather than arguments, so that ``_check_note(report, seed)`` stays the one call to wrap
_NOTE_RUN: contextvars.ContextVar[tuple] = contextvars.ContextVar("note_run", default=(None, None))


def _spec(report: NoteReport):  # noqa: ANN202 - NoteSpec, imported lazily
    """The note's spec, with the project's defaults (trials, tolerances) and ``--trials``."""
    from .checking.spec import read_spec

    config = report.config
    return read_spec(
        report.note,
        default_trials=config.trials,
        forced_trials=config.forced_trials,
        tolerance={"rtol": config.rtol, "atol": config.atol},
    )


def _check_note(report: NoteReport, seed: int | None, only: str | None = None, fixed: dict | None = None) -> None:
    """Run every check of one note (or the check ``only``, on the values ``fixed``), in this process."""
    from .checking.coverage import unverified
    from .checking.runner import CheckContext, clamp_limits, not_run, run_check
    from .checking.runs import outcome_done

    limits, on_stage = _NOTE_RUN.get()
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
    )
    for i, check_spec in enumerate(spec.checks):
        if only is not None and check_spec.id != only:
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
    stage("coverage")
    report.findings.extend(unverified(report, spec.checks))


def declared_checks(report: NoteReport) -> list:
    """The checks the note's spec declares (``CheckSpec``), read without running anything; ``[]`` without a spec."""
    from .checking.spec import read_spec

    if report.note is None:
        return []
    return list(read_spec(report.note, default_trials=report.config.trials).checks)


def notes_using(module: str | Path) -> list[Path]:
    """The notes whose spec names ``module`` as theirs (``algoverify: module:``), sorted; nothing is run.

    They are searched in the module's project: the folder of the project configuration above
    it, else the current folder when the module is inside it (pre-commit runs hooks at the top
    of the repository), else the module's own folder. Paths come back relative to the current
    folder when the project is inside it, as the notes' own paths would be given.
    """
    target = Path(module).resolve()
    return _notes_naming(_project_of(target), {target}).get(target, [])


def _project_of(module: Path) -> Path:
    """Where the notes that may name ``module`` (resolved) are searched: see :func:`notes_using`."""
    root = find_config(module.parent).root
    if root is not None:
        return root.resolve()
    here = Path.cwd().resolve()
    return here if module.is_relative_to(here) else module.parent


#: ``module: x.py`` (YAML, quoted or not) or ``module = "x.py"`` (TOML), wherever it stands: which
#: notes may name a wanted module, before their front matter is read for certain
_MODULE_KEY = re.compile(rb"""module\s*[:=]\s*(?:"([^"\n]+)"|'([^'\n]+)'|([^"'\s,}\]]+))""")


def _notes_naming(root: Path, wanted: set[Path]) -> dict[Path, list[Path]]:
    """The notes below ``root`` whose spec names one of the ``wanted`` modules (resolved), by module."""
    here = Path.cwd().resolve()
    files, _ = discover([root.relative_to(here) if root.is_relative_to(here) else root])
    found: dict[Path, list[Path]] = {}
    for path in files:
        try:
            text = read_regular(path) or b""
            named = {(path.parent / b"".join(m).decode(errors="replace")).resolve() for m in _MODULE_KEY.findall(text)}
            if not named & wanted:  # the YAML is read (slow: pure Python) only where it may say so
                continue
            note = read_note(path)
        except (OSError, ValueError, LocatedError):
            continue  # checking it directly reports that; here it simply names no module
        section = note.front_matter.get("algoverify") if isinstance(note.front_matter, dict) else None
        module = section.get("module") if isinstance(section, dict) else None
        if isinstance(module, str) and (path.parent / module).resolve() in wanted:
            found.setdefault((path.parent / module).resolve(), []).append(path)
    return found


def expand_modules(paths: Iterable[str | Path]) -> list[str | Path]:
    """``paths`` with each Python module (``.py``) replaced by the notes that use it (:func:`notes_using`).

    A hook that hands over changed files then re-checks the notes of a changed module; a note
    reached twice is kept once, where it first appears. A module no note uses adds nothing.
    Each project's notes are read once, however many of its modules are given.
    """
    paths = list(paths)
    modules = {p: Path(p).resolve() for p in paths if str(p).endswith(".py") and Path(p).is_file()}
    projects: dict[Path, set[Path]] = {}
    for target in modules.values():
        projects.setdefault(_project_of(target), set()).add(target)
    users: dict[Path, list[Path]] = {}
    for root, wanted in projects.items():
        users.update(_notes_naming(root, wanted))
    out: list[str | Path] = []
    seen: set[Path] = set()
    for path in paths:
        for item in users.get(modules[path], []) if path in modules else [path]:
            key = Path(item).resolve()
            if key not in seen:
                seen.add(key)
                out.append(item)
    return out


# --- runs over many notes: order, lanes, the cache ---------------------------------------------


def _run(
    paths: Iterable[str | Path],
    job: _LintJob,
    *,
    jobs: int,
    on_note: Callable[[NoteReport], None] | None,
    on_progress: Callable[[Progress], None] | None,
) -> Result:
    """Every note under ``paths`` through ``job``, in path order; the run-level findings and sources gathered."""
    from .checking.runs import run_notes

    started = time.perf_counter()
    given = [Path(p) for p in paths]
    files, findings = discover(given)
    files = sorted(files)
    result = Result(findings=[*findings, *_empty_folders(given, files, findings)])
    job.explicit = {p for p in given if not p.is_dir()}
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
        run_notes(files, job, jobs=max(1, jobs), on_report=ready, on_progress=on_progress)
    except Interrupted as stop:
        result.seconds = time.perf_counter() - started
        stop.result = result
        raise
    result.seconds = time.perf_counter() - started
    return result


def _empty_folders(given: list[Path], files: list[Path], findings: list[Finding]) -> list[Finding]:
    """AV004 for each folder given that holds no note (a typo in a hook's path would pass as clean)."""
    unreadable = {f.path for f in findings}
    out = []
    for folder in given:
        if folder.is_dir() and folder not in unreadable and not any(f.is_relative_to(folder) for f in files):
            kinds = ", ".join(NOTE_SUFFIXES)
            out.append(NoBlocks.finding(None, folder, what=f"no notes in this folder (looked for {kinds} files)"))
    return out


def _no_blocks(report: NoteReport) -> list[Finding]:
    """AV004 for a note named on the command line in which there is nothing to check.

    No block, no ``algoverify:`` spec, and no sentence of its prose that states something
    checkable (AV604, found before this is called): most likely a wrong file or a fence language
    algoverify does not know.
    """
    from .findings import UncheckedClaim

    note = report.note
    if note is None or report.blocks:
        return []
    if isinstance(note.front_matter, dict) and "algoverify" in note.front_matter:
        return []
    if any(f.code == UncheckedClaim.code for f in report.findings):
        return []
    what = "nothing to check: no listing, display math, snippet or flowchart, no spec, no checkable sentence"
    return [NoBlocks.finding(None, report.path, what=what)]


class _LintJob:
    """``lint``, ``parse``: each note read and parsed, nothing run, nothing cached (a :class:`~.checking.runs.Job`)."""

    def __init__(self, *, math: bool = True, strict: bool = False, spec: bool = False) -> None:
        self.math, self.strict, self.spec = math, strict, spec
        #: the notes named on the command line, not found in a folder
        self.explicit: set[Path] = set()

    def run(self, path: Path) -> NoteReport:
        started = time.perf_counter()
        report = analyse_note(path, math=self.math)
        if self.spec and report.note is not None:
            report.findings.extend(_spec_findings(report))
            report.findings.extend(_claim_findings(report))
            report.findings.extend(_name_findings(report))
        if path in self.explicit:
            report.findings.extend(_no_blocks(report))
        settle(report, strict=self.strict)
        report.seconds = time.perf_counter() - started
        return report

    def replay(self, path: Path) -> NoteReport | None:
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

    def warm(self) -> None:
        """Parse a small note here, so that lanes fork with the grammars loaded (each would build its own)."""
        note = parse_note(Path("warm-up.md"), _WARM_UP)
        try:
            for block in find_blocks(note)[0]:
                _analyse_block(note, BlockReport(block), math=True)
            _spec_findings(NoteReport(note.path, note))
        except Exception:  # noqa: BLE001 - warming is an optimisation; the run reports real problems
            pass


#: A note that loads, when parsed, what parsing any note needs (the run forks lanes after it).
_WARM_UP = (
    "---\nalgoverify:\n  checks: []\n---\n\n\\begin{algorithmic}\n\\Require vector \\(x\\)\n"
    "\\State \\(y \\gets 2 x\\)\n\\Return \\(y\\)\n\\end{algorithmic}\n\n\\[ y = 2 x \\]\n"
)


def _report_data(report: NoteReport) -> dict:
    """A note's report as JSON data (:mod:`.checking.portable`): what a lane sends the run.

    The note's text goes whole, its reading and its listings' IR as data; the project
    configuration is found again on the other side, as a cached report's is. Derived tables
    (``names``) are left to be rebuilt when asked for; ``claims`` are not made by lint or check.
    """
    from .checking import portable

    return {
        "path": str(report.path),
        "note": portable.encode(report.note),
        "blocks": [portable.encode([b.block, b.ir, b.findings]) for b in report.blocks],
        "findings": portable.encode(report.findings),
        "outcomes": portable.encode(report.outcomes),
        "seconds": report.seconds,
        "macros": portable.encode(report.macros),
        "preamble": report.preamble,
        "cached": report.cached,
        "inputs": [str(p) for p in report.inputs],
    }


def _report_from_data(data: Any) -> NoteReport:
    """The inverse of :func:`_report_data`; raises ``Malformed`` for data that is not a report."""
    from .checking import portable
    from .checking.wire import Malformed

    try:
        path = Path(data["path"])
        note = portable.decode(data["note"])
        blocks = []
        for item in data["blocks"]:
            block, tree, findings = portable.decode(item)
            if not isinstance(block, Block) or not (tree is None or isinstance(tree, ir.Algorithm)):
                raise Malformed("not a block")
            if not isinstance(findings, list) or not all(isinstance(f, Finding) for f in findings):
                raise Malformed("not a block's findings")
            blocks.append(BlockReport(block, tree, findings))
        macros = portable.decode(data["macros"])
        report = NoteReport(
            path,
            note,
            blocks,
            portable.decode_findings(data["findings"]),
            portable.decode_outcomes(data["outcomes"]),
            float(data["seconds"]),
            find_config(path.parent),
            macros,
            str(data["preamble"]),
            cached=bool(data["cached"]),
            inputs=[Path(p) for p in data["inputs"]],
        )
    except Malformed:
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise Malformed(f"not a report: {type(exc).__name__}: {exc}") from None
    if not (note is None or isinstance(note, Note)) or not isinstance(macros, MacroTable):
        raise Malformed("not a report: its note or macros are not ours")
    return report


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
    ) -> None:
        super().__init__(math=True, strict=strict, spec=False)
        self.seed, self.isolate, self.timeout, self.memory_mb, self.cache = seed, isolate, timeout, memory_mb, cache
        self.trials = trials
        self._caches: dict[Path, object] = {}
        #: what names and keys each note's entry, computed before the note runs (an edit during the
        #: run must not be stored as the key of the old text's results)
        self._material: dict[Path, tuple[dict, dict]] = {}

    def run(self, path: Path) -> NoteReport:
        from .checking.isolation import available

        started = time.perf_counter()
        report = analyse_note(path, math=True)
        if self.trials is not None:
            report.config = dataclasses.replace(report.config, forced_trials=self.trials)
        if report.note is not None:
            limits = _limits(report.config, self.timeout, self.memory_mb)
            isolate = self.isolate if self.isolate is not None else report.config.isolation is not False
            try:
                if isolate and available() and _runs_code(report):
                    _check_isolated(report, self.seed, limits)
                else:
                    before = set(sys.modules)
                    token = _NOTE_RUN.set((limits, None))
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

    def warm(self) -> None:
        """As for lint, and the modules every note's worker loads (numpy with the listings' runtime)."""
        super().warm()
        from .checking import coverage, flowchart, runner  # noqa: F401
        from .running import listing  # noqa: F401

    # --- the cache ---

    def _entry(self, path: Path, text: bytes | None = None) -> tuple[object, dict, dict]:
        from .checking.cache import NoteCache, digest, project_root

        config = find_config(path.parent)
        if path not in self._material:
            slot = {
                "command": "check",
                "path": str(path),
                "seed": self.seed,
                "strict": self.strict,
                "isolate": self.isolate,
                "timeout": self.timeout,
                "memory_mb": self.memory_mb,
                "trials": self.trials,
            }
            config_key = [str(config.path), digest(config.path)] if config.path else None
            self._material[path] = (slot, {"note": digest(path, text), "config": config_key})
        root = project_root(path.parent, config.root)
        if root not in self._caches:
            self._caches[root] = NoteCache(root)
        return self._caches[root], *self._material[path]

    def replay(self, path: Path) -> NoteReport | None:
        if not self.cache:
            return None
        from .checking import cache as codec
        from .reading.notes import max_note_bytes

        data = codec.read_regular(path, max_note_bytes())
        if data is None:
            return None
        store, slot, key = self._entry(path, data)
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
        from .checking import cache as codec

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


#: Codes of findings whose cause was the clock or the machine, not the note: never replayed.
_UNSTABLE = {InternalError.code, NoteWorkerStopped.code}
#: Words of a verdict reached because time ran out (a busy machine may time out where an idle one does not).
_TIMED_OUT = ("time budget", "did not finish within", "deadline")


def _clock_dependent(report: NoteReport) -> bool:
    """Whether the report may differ on a second run of the same note: a time limit or the machine decided it."""
    messages = [f.message for f in report.findings if f.code not in _UNSTABLE]
    messages += [o.message for o in report.outcomes]
    return any(f.code in _UNSTABLE for f in report.findings) or any(w in m for m in messages for w in _TIMED_OUT)


def _note_inputs(report: NoteReport) -> list[Path]:
    """The files besides the note its checks read: its module, preambles, the project's macro files.

    The preambles beside the note count absent too: one created later changes the macros.
    """
    note = report.note
    assert note is not None
    folder = note.path.parent
    out = [folder / name for name in PREAMBLE_FILES]
    section = note.front_matter.get("algoverify") if isinstance(note.front_matter, dict) else None
    module = section.get("module") if isinstance(section, dict) else None
    if isinstance(module, str) and module.endswith(".py"):
        out.append(folder / module)
    out.extend(_macro_files(report.config))
    return out


def _macro_files(config: ProjectConfig) -> list[Path]:
    if config.path is None or config.source is None:
        return []
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]
    try:
        data = tomllib.loads(config.source.text)
    except ValueError:
        return []
    table = data.get("tool", {}).get("algoverify", {}) if config.path.name == "pyproject.toml" else data
    files = next((table[k] for k in ("macro-files", "macro_files") if isinstance(table, dict) and k in table), [])
    return [config.path.parent / f for f in files if isinstance(f, str)] if isinstance(files, list) else []


def _local_files(modules: Iterable[str]) -> list[Path]:
    """The files of newly imported modules that belong to the project, not to Python, a library or algoverify."""
    import site

    here = Path(__file__).resolve().parent
    installed = {Path(p).resolve() for p in (sys.prefix, sys.base_prefix, sys.exec_prefix, *site.getsitepackages())}
    out = []
    for name in sorted(modules):
        file = getattr(sys.modules.get(name), "__file__", None)
        if not file or not file.endswith(".py"):
            continue
        path = Path(file).resolve()
        if path.is_relative_to(here) or any(path.is_relative_to(p) for p in installed):
            continue
        out.append(path)
    return out
