"""The ``algoverify`` command: argparse over :mod:`algoverify.api`, a reporter, an exit status.

Exit status: 0 when everything is clean, 1 when there are findings, 2 for a usage error or
an internal error. ``main(argv)`` returns the status instead of exiting, so tests call it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Sequence, TextIO

from . import api, reporting
from .findings import RULES, LocatedError, Severity
from .syntax import ir
from .version import __version__

COMMANDS = ("check", "lint", "parse", "run", "explain", "claims")


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse exits by default; we return 2
        raise _UsageError(f"{self.prog}: error: {message}")


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="+", metavar="PATH", help="notes (.md, .tex) or folders to search recursively")
    p.add_argument("--format", choices=reporting.FORMATS, default="text", help="output format (default: text)")
    p.add_argument("--strict", action="store_true", help="warnings fail the run too; unused suppressions are reported")
    p.add_argument(
        "--verbose", action="store_true", help="also show notes: math algoverify does not need to read, and the like"
    )
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto", help="colour the text output")


def _positive(kind: type) -> object:
    def parse(text: str) -> object:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not 0 < value < float("inf"):
            raise argparse.ArgumentTypeError(f"must be positive: {text!r}")
        return value

    parse.__name__ = kind.__name__
    return parse


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser (exposed for the README's usage text and for tests)."""
    parser = _Parser(
        prog="algoverify", description="Check that the pseudocode, math and code in notes do what their prose claims."
    )
    parser.add_argument("--version", action="version", version=f"algoverify {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    p = sub.add_parser("check", help="verify notes: run every check of their specs (the default command)")
    _common(p)
    p.add_argument(
        "--seed", type=int, default=None, help="seed of the input generators (default: the project's seed, else 0)"
    )
    p.add_argument(
        "--note-timeout",
        type=_positive(float),
        default=None,
        metavar="SECONDS",
        help="seconds a note's checks may take together before its worker is killed (default: the project's, else 300)",
    )
    p.add_argument(
        "--note-memory-mb",
        type=_positive(int),
        default=None,
        metavar="MB",
        help="megabytes of address space a note's worker may map beyond the run's (default: the project's, else 4096)",
    )
    p.add_argument(
        "--trials",
        type=_positive(int),
        default=None,
        metavar="N",
        help="trials of every check, whatever the specs say (default: the spec's, else 20 to 200 as time allows)",
    )
    p.add_argument(
        "--no-isolation",
        dest="isolation",
        action="store_false",
        default=None,
        help="check notes in this process, not one worker per note (for debugging; no deadline, no ceiling)",
    )
    p.add_argument(
        "--hugo-data",
        default=None,
        metavar="DIR",
        help="also write each note's listing and claim verdicts as JSON into DIR/algoverify/ (a Hugo site's data/)",
    )
    _common(sub.add_parser("lint", help="parse-only check: front matter, blocks, listings, math"))
    p = sub.add_parser("parse", help="print the IR of every block")
    p.add_argument("paths", nargs="+", metavar="PATH")
    p.add_argument("--json", action="store_true", help="print the IR as JSON")
    p = sub.add_parser("run", help="execute one listing with your inputs")
    p.add_argument("path", metavar="NOTE")
    p.add_argument("--listing", default="1", help="1-based index, caption (or its start) or function name; default 1")
    p.add_argument(
        "--check",
        metavar="ID",
        default=None,
        help="run the check ID of the note's spec once on the --set values: the listing's value beside the "
        "expected one; exit 1 when they disagree (what a counterexample's reproduce command does)",
    )
    p.add_argument(
        "--set",
        dest="values",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an input: a number, a list ([[2,1],[1,3]]) or a generator call (randn(8), spd(4))",
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the generators (default 0)")
    p.add_argument("--trace", action="store_true", help="print hits and last values per line")
    p.add_argument("--step", action="store_true", help="step through the listing line by line")
    p.add_argument(
        "--exact",
        action="store_true",
        help="also run over exact rationals and print the float and exact outputs side by side",
    )
    p.add_argument(
        "--help-inputs",
        action="store_true",
        help="print what the listing takes (inputs, sizes, preconditions) and exit",
    )
    p.add_argument("--max-steps", type=int, default=100_000, help="loop iterations before 'did not terminate'")
    p.add_argument("--timeout", type=float, default=10.0, help="seconds before 'did not terminate'")
    p = sub.add_parser("claims", help="list the prose's sentences that state something checkable, and their checks")
    p.add_argument("paths", nargs="+", metavar="PATH", help="notes (.md, .tex) or folders to search recursively")
    p.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto", help="colour the text output")
    p = sub.add_parser("explain", help="document a finding code, or list all codes")
    p.add_argument("code", nargs="?", help="e.g. AV102; omit to list every code")
    return parser


def main(argv: Sequence[str] | None = None, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """Run the command line and return the exit status."""
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list and args_list[0] not in COMMANDS and not args_list[0].startswith("-"):
        args_list.insert(0, "check")  # `algoverify corpus/` means `algoverify check corpus/`
    try:
        args = build_parser().parse_args(args_list)
    except _UsageError as exc:
        print(exc, file=err)
        return 2
    except SystemExit as exc:  # --help and --version
        return int(exc.code or 0)
    if args.command is None:
        build_parser().print_help(out)
        return 2
    try:
        return _dispatch(args, out)
    except BrokenPipeError:
        return 1
    except Exception as exc:  # the core turns user mistakes into findings; this is our bug
        print(f"algoverify: internal error: {type(exc).__name__}: {exc}", file=err)
        return 2


def _dispatch(args: argparse.Namespace, out: TextIO) -> int:
    if args.command == "explain":
        return _explain(args.code, out)
    if args.command == "parse":
        return _parse(args, out)
    if args.command == "run":
        return _run(args, out, sys.stdin)
    colour = args.color == "always" or (args.color == "auto" and out.isatty() and not os.environ.get("NO_COLOR"))
    if args.command == "claims":
        return _claims(args, out, colour)
    if args.command == "check":
        checked = api.check(
            api.expand_modules(args.paths),  # a module's path stands for the notes that use it
            seed=args.seed,
            strict=args.strict,
            isolate=args.isolation,
            timeout=args.note_timeout,
            memory_mb=args.note_memory_mb,
            trials=args.trials,
        )
        result = _shown(checked, args.verbose)
        if args.hugo_data is not None:
            from .reporting import hugo

            try:
                hugo.write(result, args.hugo_data)
            except OSError as exc:
                print(f"algoverify: cannot write Hugo data to {args.hugo_data}: {exc.strerror or exc}", file=sys.stderr)
                return 2
    else:
        result = _shown(api.lint(args.paths, strict=args.strict), args.verbose)
    out.write(reporting.report(args.format, result, command=args.command, strict=args.strict, colour=colour))
    return _status(result, args.strict)


def _shown(result: api.Result, verbose: bool) -> api.Result:
    """Drop notes (severity ``note``) from the result unless ``--verbose`` asked for them."""
    if not verbose:
        result.findings = [f for f in result.findings if f.severity is not Severity.NOTE]
        for note in result.notes:
            note.findings = [f for f in note.findings if f.severity is not Severity.NOTE]
    return result


def _run(args: argparse.Namespace, out: TextIO, stdin: TextIO) -> int:
    from .running.runcmd import run_listing

    if args.check is not None:
        return _reproduce(args, out)
    loaded = api.load(args.path)
    if loaded.report.note is None:
        out.write(reporting.get("text")(loaded.findings, {}))
        return 2
    sources = {loaded.report.path: loaded.report.note.source}
    try:
        listing = loaded.listing(args.listing)
    except KeyError as exc:
        out.write(f"algoverify run: {exc.args[0]}\n")
        errors = [f for f in loaded.findings if f.severity.value == "error"]
        if errors:
            out.write(reporting.get("text")(errors, sources))
        return 2
    if args.help_inputs:
        from .running.runcmd import describe_inputs

        try:
            out.write(describe_inputs(listing))
        except LocatedError as exc:  # the listing does not compile: say where, as `run` would
            out.write(reporting.get("text")([exc.to_finding(loaded.report.path)], sources))
            return 2
        return 0
    module_error = api.attach_module(loaded)  # the note's own bindings of English steps, as checks use them
    if module_error is not None:  # reported, and the listing still runs: an unbound step is then AV304
        out.write(reporting.get("text")([module_error], sources, context=False))
    status, finding = run_listing(listing, args, out, stdin)
    if finding is not None:
        out.write(reporting.get("text")([finding], sources))
    return status


def _claims(args: argparse.Namespace, out: TextIO, colour: bool) -> int:
    from .reporting import claims as report

    result = api.claims(args.paths)
    if args.format == "json":
        out.write(report.render_json(result))
    else:
        out.write(report.render(result, colour=colour))
    if result.internal_error:
        return 2
    unbacked = any(c.status == "not checked" for n in result.notes for c in n.claims)
    return 1 if unbacked or result.failed() else 0


def _reproduce(args: argparse.Namespace, out: TextIO) -> int:
    """``run --check ID``: one trial of a check on the given values; 0 verified, 1 refuted, 2 could not check."""
    from .checking.outcome import CANNOT, VERIFIED
    from .running.generators import make_rng
    from .running.values import ValueSyntaxError, parse_assignment

    rng = make_rng(args.seed)
    values = {}
    for text in args.values:
        try:
            name, value = parse_assignment(text, rng)
        except ValueSyntaxError as exc:
            out.write(f"algoverify run: --set {text}: {exc}\n")
            return 2
        values[name] = value
    report = api.reproduce(args.path, args.check, values, seed=args.seed)
    outcome = next((o for o in report.outcomes if o.check.id == args.check), None)
    if outcome is None:
        sources = {report.path: report.note.source} if report.note is not None else {}
        errors = [f for f in report.findings if f.severity is Severity.ERROR]
        if errors:
            out.write(reporting.get("text")(errors, sources))
        else:
            out.write(f"algoverify run: {args.path} has no check {args.check!r}\n")
        return 2
    for line in outcome.details.get("compared", []):
        out.write(f"{line}\n")
    out.write(f"{outcome.status}: {outcome.message}\n")
    return 0 if outcome.status == VERIFIED else 2 if outcome.status == CANNOT else 1


def _status(result: api.Result, strict: bool) -> int:
    if result.internal_error:
        return 2
    return 1 if result.failed(strict) else 0


def _parse(args: argparse.Namespace, out: TextIO) -> int:
    result = api.parse(args.paths)
    if args.json:
        doc = [_note_json(n) for n in result.notes]
        out.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
    else:
        for note in result.notes:
            _print_note(note, out)
    findings = result.all_findings()
    if findings:
        out.write(reporting.get("text")(findings, result.sources) if not args.json else "")
    return _status(result, False)


def _print_note(note: api.NoteReport, out: TextIO) -> None:
    if note.note is None:
        return
    src = note.note.source
    for b in note.blocks:
        line, col = src.line_col(b.block.span.start)
        title = f"{note.path}:{line}:{col}: {b.block.kind} {b.block.index}"
        if b.ir is not None and b.ir.caption is not None:
            title += f" — {b.ir.caption.plain}"
        out.write(title + "\n")
        if b.ir is not None:
            out.write(ir.dump(b.ir, locate=src.line_col) + "\n")
        out.write("\n")


def _note_json(note: api.NoteReport) -> dict:
    doc: dict = {"path": str(note.path), "blocks": []}
    if note.note is None:
        return doc
    locate = note.note.source.line_col
    for b in note.blocks:
        line, col = locate(b.block.span.start)
        end_line, end_col = locate(b.block.span.end)
        doc["blocks"].append(
            {
                "kind": b.block.kind,
                "index": b.block.index,
                "span": {"line": line, "column": col, "end_line": end_line, "end_column": end_col},
                "ir": ir.to_json(b.ir, locate=locate) if b.ir is not None else None,
            }
        )
    return doc


def _explain(code: str | None, out: TextIO) -> int:
    if code is None:
        for c, rule in sorted(RULES.items()):
            out.write(f"{c}  {rule.__name__:<24} {rule.doc_sections().get('What', '')}\n")
        return 0
    rule = RULES.get(code.upper())
    if rule is None:
        out.write(f"algoverify: unknown code {code}\n")
        return 2
    doc = rule.doc_sections()
    out.write(f"{rule.code} {rule.__name__} ({rule.severity.value})\n\n")
    for section in ("What", "Why", "Example"):
        out.write(f"{section}: {doc.get(section, '')}\n")
    return 0
