"""The steps of analysing one note that the entry points share.

The macros and preamble in force (files beside the note, the project's, the note's own), one
block parsed and expanded, the findings of the spec, the claims and the names, the index base
a note's listings count from, the note's declared checks, and the findings about a run's paths
that hold no note or no block.
"""

from __future__ import annotations

import os
import re
import traceback
from pathlib import Path
from typing import Any

from ..checking.lint.lint_rules import (
    by_role,
    call_findings,
    compile_findings,
    compile_listings,
    lint_applications,
    lint_math,
    lint_python,
    lint_ranges,
    math_segments,
    module_offers,
)
from ..findings import Finding, InternalError, NoBlocks, Severity, UnreadableFile
from ..reading.config import ProjectConfig
from ..reading.files import FILE_LIMIT, read_text
from ..reading.macros import MacroTable, scan
from ..reading.notes import NOTE_SUFFIXES, Note
from ..source import Span
from ..syntax import ir
from .reports import BlockReport, NoteReport


def _spec_findings(report: NoteReport) -> list[Finding]:
    from ..checking.specification.spec import validate_spec

    try:
        return validate_spec(report.note, [b.ir for b in report.listings()], blocks=[b.block for b in report.blocks])
    except Exception as exc:  # a bug in the validator must not hide the listings' findings
        return [_internal(report.path, None, "validating the spec", exc)]


def _claim_findings(report: NoteReport, *, check_claims: bool = True) -> list[Finding]:
    """AV604 for each checkable sentence no check quotes; AV407 for a stale ``unchecked:`` entry or ``claim:``.

    A stale ``claim:`` is left to the checks when they ran and said so themselves (``check_claims=False``).
    """
    from ..checking.specification.claims import claim_findings

    try:
        return claim_findings(report.note, [b.block for b in report.blocks], check_claims=check_claims)
    except Exception as exc:  # a bug in the detector must not hide the note's other findings
        return [_internal(report.path, None, "finding the prose's claims", exc)]


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


def _internal(path: Path, span: Span | None, stage: str, exc: BaseException) -> Finding:
    detail = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    return InternalError.finding(span, path, {"traceback": detail}, stage=stage, error=f"{type(exc).__name__}: {exc}")


def _analyse_block(
    note: Note, report: BlockReport, *, math: bool, macros: MacroTable | None = None, preamble: str = ""
) -> None:
    block = report.block
    text = note.source.text
    if block.kind == "algorithm":
        from ..syntax.build import parse_algorithm
        from ..syntax.expansion import expand_listing

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
    from ..checking.lint.listing_names import contexts

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


def listing_base_said(report: NoteReport, i: int) -> bool:
    """Whether the note says where listing ``i`` (0-based) counts from: ``index_base:``, or its written families."""
    if _note_index_base(report) is not None:
        return True
    names = note_names(report)
    return names is not None and names.bases[i] is not None


def _name_findings(report: NoteReport) -> list[Finding]:
    """``lint``: the names a listing reads that nothing in the note binds, and the readings it cannot decide."""
    from ..checking.lint.check_fit import equation_findings, formula_findings, input_findings
    from ..checking.lint.lint_rules import lint_index_powers
    from ..checking.lint.listing_names import declared_matrices, name_findings
    from ..findings import AmbiguousMath
    from ..math.segments import parse_segment
    from ..running.two_lengths import index_powers, two_lengths

    if report.note is None:
        return []
    try:
        names = note_names(report)
        listings = [(b.block, b.ir) for b in report.listings()]
        bases = [listing_base(report, i) for i in range(len(listings))]
        found = name_findings(report.note, listings, names, _note_index_base(report), bases)
        runnable = [
            (i + 1, block.ir, listing_base(report, i), names.contexts[i])
            for i, block in enumerate(report.listings())
            if block.ir is not None and not any(f.severity is Severity.ERROR for f in block.findings)
        ]
        compiled = compile_listings(report.note, runnable)
        found += compile_findings(report.note, compiled, {f.span for f in [*report.findings, *found]})
        checks, irs = declared_checks(report), [b.ir for b in report.listings()]
        calls = call_findings(report.note, checks, irs, compiled)
        functions = module_offers(report.note).functions | _note_functions(report) | set(_prose_functions(names))
        seen = {f.span for f in [*report.findings, *found, *calls]}  # a formula the spec's reading already faults
        formulas = formula_findings(report.path, checks, irs, compiled, names.resolved, functions)
        formulas += input_findings(report.path, checks, irs, compiled, functions)
        maths = [b.block for b in report.blocks if b.block.kind == "math"]
        formulas += equation_findings(report.path, checks, irs, compiled, report.note.source.text, maths)
        calls += [f for f in formulas if f.span not in seen]
        for (_, algorithm), context, resolutions in zip(listings, names.contexts, names.resolved):
            if algorithm is not None:  # a warning of what runs as written: the power
                matrices = declared_matrices(context, resolutions)
                # \xi_i^\mu of a matrix in an assignment, \delta_j stored beside \delta_k read over another
                # length: the run refuses the statement
                refused = {**index_powers(algorithm, parse_segment, matrices), **two_lengths(algorithm, parse_segment)}
                found += [AmbiguousMath.finding(at, report.path, message=m) for at, m in refused.values()]
                calls += lint_index_powers(report.note, algorithm, matrices, refused)
        # "write h for the width of each panel": h is a value, so h(…) multiplies; the AV303 there says
        # what to do, and the "call or product?" beside it asks what the prose answered
        worded = {
            read.name
            for context, resolutions in zip(names.contexts, names.resolved)
            if context is not None
            for _, resolution in resolutions
            for read in resolution.unbound
            if read.name in context.in_words
        }
        for held in [report.findings, *(block.findings for block in report.listings())]:
            held[:] = [f for f in held if not (f.code == "AV204" and f.details.get("name") in worded)]
        for block, context, resolutions in zip(report.listings(), names.contexts, names.resolved):
            if context is not None and (context.in_words or context.definitions) and resolutions:
                inside = block.block.span
                for held in (report.findings, block.findings, found, calls):
                    answered = (
                        _said_in_words(f, report, context, resolutions[0][0])
                        if f.span is not None and inside.start <= f.span.start < inside.end
                        else f
                        for f in held
                    )
                    held[:] = [f for f in answered if f is not None]
    except Exception as exc:  # a bug in the resolution must not hide the note's other findings
        return [_internal(report.path, None, "binding the listings' names", exc)]
    return [by_role(f, True) for f in found] + calls


def _said_in_words(finding: Finding, report: NoteReport, context: Any, scope: Any) -> Finding | None:
    """AV204's "call or product?" at ``\\eta (A x - b)`` of an η the prose says in words: the AV303 that says why.

    "…, which we call \\(\\eta\\)": η is a value the run cannot compute, so the question has its answer.
    """
    from ..checking.lint.listing_names import in_words_hint
    from ..findings import UnboundName

    name = finding.details.get("name")
    if finding.code == "AV204" and name in context.definitions and name not in context.in_words:
        return None  # "\(\rho = (\sqrt{5} - 1) / 2\)": a value the prose defines, so \rho (b - a) multiplies
    if finding.code != "AV204" or name not in context.in_words or finding.span is None:
        return finding
    said = context.said_in_words(name, lambda at: report.note.source.line_col(at)[0])
    written = re.match(r"\\?[A-Za-z]+", report.note.source.text[finding.span.start : finding.span.end])
    at = Span(finding.span.start, finding.span.start + written.end()) if written else finding.span
    return by_role(UnboundName.finding(at, report.path, name=name, hint=in_words_hint(name, said, scope)), True)


def _note_functions(report: NoteReport) -> set[str]:
    """The ``\\Function``\\ s every listing of the note defines (callable from the others)."""
    return {n.name for b in report.listings() if b.ir is not None for n in ir.walk(b.ir) if isinstance(n, ir.Function)}


def _prose_functions(names: Any) -> set[str]:
    """The functions the prose around the note's listings defines by an equation (``\\sigma(z) = …``)."""
    return {f for context in names.contexts if context is not None for f in context.functions}


def _runs_code(report: NoteReport) -> bool:
    """Whether checking the note runs anything: a module, a check. Else no worker is worth its fork."""
    note = report.note
    section = note.front_matter.get("algoverify") if note is not None and isinstance(note.front_matter, dict) else None
    return isinstance(section, dict) and bool(section.get("module") or section.get("checks"))


def _spec(report: NoteReport):  # noqa: ANN202 - NoteSpec, imported lazily
    """The note's spec, with the project's defaults (trials, tolerances) and ``--trials``."""
    from ..checking.specification.spec import read_spec

    config = report.config
    return read_spec(
        report.note,
        default_trials=config.trials,
        forced_trials=config.forced_trials,
        tolerance={"rtol": config.rtol, "atol": config.atol},
    )


def declared_checks(report: NoteReport) -> list:
    """The checks the note's spec declares (``CheckSpec``), read without running anything; ``[]`` without a spec."""
    from ..checking.specification.spec import read_spec

    if report.note is None:
        return []
    return list(read_spec(report.note, default_trials=report.config.trials).checks)


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
    from ..findings import UncheckedClaim

    note = report.note
    if note is None or report.blocks:
        return []
    if isinstance(note.front_matter, dict) and "algoverify" in note.front_matter:
        return []
    if any(f.code == UncheckedClaim.code for f in report.findings):
        return []
    what = "nothing to check: no listing, display math, snippet or flowchart, no spec, no checkable sentence"
    return [NoBlocks.finding(None, report.path, what=what)]
