"""The ``algoverify`` command: argparse over :mod:`algoverify.api`, a reporter, an exit status.

Exit status: 0 when everything is clean, 1 for an error finding (a warning too with
``--strict``) or a check refuted or not checked, 2 for a usage error or an internal error, 130
when Ctrl-C or SIGTERM stopped the run. ``main(argv)`` returns the
status instead of exiting, so tests call it.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
from pathlib import Path
from typing import Any, Iterator, Sequence, TextIO

from . import api, reporting
from .findings import RULES, LocatedError, Severity
from .orchestration.runs import default_jobs
from .reading.config import CACHE_DIR, scheduler_spec
from .reading.notes import NOTE_SUFFIXES
from .reporting import checks as checks_report
from .reporting.progress import ProgressLine
from .reporting.progress import wanted as progress_wanted
from .reporting.text import render_findings
from .reporting.text import summary as text_summary
from .syntax import ir
from .version import __version__

COMMANDS = ("check", "lint", "parse", "run", "explain", "claims", "mutate", "lsp")


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse exits by default; we return 2
        raise _UsageError(f"{self.prog}: error: {message}")


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "paths", nargs="+", metavar="PATH", help="notes (.md, .markdown, .tex) or folders searched recursively"
    )
    p.add_argument("--format", choices=reporting.FORMATS, default="text", help="output format (default: %(default)s)")
    p.add_argument("--strict", action="store_true", help="warnings fail the run too; unused suppressions are reported")
    p.add_argument(
        "--verbose", action="store_true", help="also show notes: math algoverify does not need to read, and the like"
    )
    p.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the text output (default: %(default)s: on a terminal, unless NO_COLOR is set or TERM=dumb)",
    )
    _jobs(p, "notes processed at once")
    p.add_argument(
        "--scheduler",
        type=_scheduler,
        default=None,
        metavar="ADDRESS",
        help="run each note as a task on a Dask cluster: a scheduler's address (tcp://HOST:8786), local:N for N "
        "worker processes here, or none (default: the project's scheduler, else none; needs the dask extra)",
    )
    p.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help="no progress line on stderr (it is shown only on a terminal, and never with TERM=dumb)",
    )


def _jobs(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument(
        "--jobs",
        "-j",
        type=_whole(1),
        default=None,
        metavar="N",
        help=f"{what} (default: the number of CPUs, {default_jobs()} here)",
    )


def _whole(least: int, most: int | None = None) -> object:
    """A type for argparse: a whole number from ``least`` (to ``most``)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < least or (most is not None and value > most):
            bound = f"from {least} to {most}" if most is not None else f"at least {least}"
            raise argparse.ArgumentTypeError(f"must be {bound}: {text!r}")
        return value

    parse.__name__ = "whole number"
    return parse


def _scheduler(text: str) -> str:
    """A type for argparse: a Dask scheduler's address, ``local:N`` or ``none``."""
    if text != "none":
        try:
            scheduler_spec(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    return text


_scheduler.__name__ = "scheduler"


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


def _fraction(text: str) -> float:
    """A type for argparse: a number from 0 to 1."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"must be from 0 to 1: {text!r}")
    return value


#: seeds as the project configuration takes them (numpy's generators take no negative seed)
_SEED = _whole(0, 2**32 - 1)


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser (exposed for the README's usage text and for tests).

    Its ``commands`` attribute maps each command to its own parser: :func:`main` parses a
    command's arguments with that parser alone, so that options and paths may come in any order.
    """
    parser = _Parser(
        prog="algoverify",
        description="Check that the pseudocode, math and code in notes do what their prose claims.",
        epilog="Options may come before or after the paths; with no command, the command is check.",
    )
    parser.add_argument("--version", action="version", version=f"algoverify {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)
    p = sub.add_parser("check", help="verify notes: run every check of their specs (the default command)")
    _common(p)
    p.add_argument(
        "--seed", type=_SEED, default=None, help="seed of the input generators (default: the project's seed, else 0)"
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
        type=_whole(1),
        default=None,
        metavar="N",
        help="trials of every check, whatever the specs say (default: the spec's, else 100, at least 20 past 2 s)",
    )
    p.add_argument(
        "--no-isolation",
        dest="isolation",
        action="store_false",
        default=None,
        help="check notes in this process, not one worker per note (for debugging; no deadline, no ceiling)",
    )
    p.add_argument(
        "--no-cache",
        dest="cache",
        action="store_false",
        help=f"turn off both caches in {CACHE_DIR}/: the notes' results and the proofs; every note runs and "
        "every proof is attempted (ALGOVERIFY_NO_CACHE=1 does the same)",
    )
    p.add_argument(
        "--no-note-cache",
        dest="note_cache",
        action="store_false",
        help="run every note, replaying no note's results, but still reuse the proofs kept by content",
    )
    p.add_argument(
        "--no-proof-cache",
        dest="proof_cache",
        action="store_false",
        help=f"attempt every sympy proof, reusing none kept in {CACHE_DIR}/proofs/ (a note unchanged since its "
        "last run is still replayed)",
    )
    p.add_argument(
        "--hugo-data",
        default=None,
        metavar="DIR",
        help="also write each note's listing and claim verdicts as JSON into DIR/algoverify/ (a Hugo site's data/; "
        "default: none)",
    )
    _common(sub.add_parser("lint", help="parse-only check: front matter, blocks, listings, math"))
    p = sub.add_parser("parse", help="print the IR of every block")
    p.add_argument("paths", nargs="+", metavar="PATH")
    p.add_argument("--json", action="store_true", help="print the IR as JSON")
    p = sub.add_parser("run", help="execute one listing with your inputs")
    p.add_argument("path", metavar="NOTE")
    p.add_argument(
        "--listing",
        default="1",
        help="1-based index, caption (or its start) or function name (default: %(default)s)",
    )
    p.add_argument(
        "--check",
        metavar="ID",
        default=None,
        help="run the check ID of the note's spec once on the --set values: the listing's value beside the "
        "expected one; exit 1 when they disagree (what a counterexample's reproduce command does; default: none)",
    )
    p.add_argument(
        "--set",
        dest="values",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an input: a number, a list ([[2,1],[1,3]]) or a generator call (randn(8), spd(4)); once per input "
        "(default: none; every input of the listing must be set)",
    )
    p.add_argument(
        "--set-file",
        dest="set_files",
        action="append",
        default=[],
        metavar="FILE",
        help="inputs from a JSON object of name → value (a counterexample too large for a command line is "
        "written to one); --set values override it (default: none)",
    )
    p.add_argument("--seed", type=_SEED, default=0, help="seed of the generators (default: %(default)s)")
    p.add_argument("--trace", action="store_true", help="print hits and last values per line")
    p.add_argument(
        "--plot",
        metavar="FILE.svg",
        default=None,
        help="draw the listing's scalars over the loop passes (and a loop test's two sides) as an SVG file "
        "(needs matplotlib: pip install 'algoverify[report]'; default: none)",
    )
    p.add_argument("--step", action="store_true", help="step through the listing line by line")
    p.add_argument(
        "--exact",
        action="store_true",
        help="also run exactly (rationals and their square roots) and print the float and exact outputs side by side",
    )
    p.add_argument(
        "--help-inputs",
        action="store_true",
        help="print what the listing takes (inputs, sizes, preconditions) and exit",
    )
    p.add_argument(
        "--max-steps",
        type=_whole(1),
        default=100_000,
        metavar="N",
        help="loop iterations before 'did not terminate' (default: %(default)s)",
    )
    p.add_argument(
        "--timeout",
        type=_positive(float),
        default=10.0,
        metavar="SECONDS",
        help="seconds before 'did not terminate' (default: %(default)s)",
    )
    p = sub.add_parser("claims", help="list the prose's sentences that state something checkable, and their checks")
    p.add_argument("paths", nargs="+", metavar="PATH", help="notes (.md, .tex) or folders to search recursively")
    p.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: %(default)s)")
    p.add_argument(
        "--color", choices=("auto", "always", "never"), default="auto", help="colour the text output (default: auto)"
    )
    p = sub.add_parser("mutate", help="measure the checks' strength: the share of small bugs in listings they catch")
    p.add_argument("paths", nargs="+", metavar="PATH", help="notes (.md, .tex) or folders to search recursively")
    p.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: %(default)s)")
    p.add_argument(
        "--min-score",
        type=_fraction,
        default=None,
        metavar="S",
        help="exit 1 when the share of killed mutants (equivalent and stillborn ones left out) is below S, "
        "from 0 to 1 (default: none: report only)",
    )
    _jobs(p, "mutants checked at once")
    p.add_argument(
        "--no-cache",
        dest="cache",
        action="store_false",
        help=f"run every mutant, replaying none from {CACHE_DIR}/ (mutants are kept there as notes)",
    )
    p.add_argument("--verbose", action="store_true", help="also list the killed and the stillborn mutants")
    p.add_argument(
        "--no-progress",
        dest="progress",
        action="store_false",
        help="no progress line on stderr (it is shown only on a terminal)",
    )
    p = sub.add_parser(
        "lsp", help="a language server for editors: lint as you type, hovers, quick fixes (needs the lsp extra)"
    )
    p.add_argument("--stdio", action="store_true", help="talk over stdin and stdout (the default, and the only way)")
    p = sub.add_parser("explain", help="document a finding code, or list all codes")
    p.add_argument("code", nargs="?", help="e.g. AV102; omit to list every code")
    parser.commands = dict(sub.choices)  # type: ignore[attr-defined]
    return parser


def _arrange(argv: list[str], parser: argparse.ArgumentParser) -> list[str]:
    """The arguments with the command first, wherever it was written; ``check`` when none was.

    ``algoverify --strict corpus/`` and ``algoverify --format json NOTE`` are ``check`` with those
    options: the first word that is neither an option nor an option's value names the command
    if it is one, else it is the first path. ``--help`` and ``--version`` alone stay the program's.
    """
    valued = {
        option
        for sub in parser.commands.values()  # type: ignore[attr-defined]
        for action in sub._actions
        if action.nargs != 0
        for option in action.option_strings
    }
    i = 0
    while i < len(argv):
        token = argv[i]
        if token == "--":
            break
        if token.startswith("-") and token != "-":
            i += 2 if token in valued else 1
            continue
        if token in COMMANDS:
            return [token, *argv[:i], *argv[i + 1 :]]
        break
    if all(t in ("-h", "--help", "--version") for t in argv):  # nothing else: the program's own
        return argv
    return ["check", *argv]


def main(argv: Sequence[str] | None = None, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    """Run the command line and return the exit status.

    Ctrl-C and SIGTERM stop the run (its workers and their snippets with it), print what was
    done and return 130, with no traceback.
    """
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    parser = build_parser()
    args_list = _arrange(list(sys.argv[1:] if argv is None else argv), parser)
    try:
        if args_list and args_list[0] in COMMANDS:
            args = parser.commands[args_list[0]].parse_intermixed_args(args_list[1:])  # type: ignore[attr-defined]
            args.command = args_list[0]
        else:
            args = parser.parse_args(args_list)
    except _UsageError as exc:
        print(exc, file=err)
        return 2
    except SystemExit as exc:  # --help and --version
        return int(exc.code or 0)
    if args.command is None:
        parser.print_help(out)
        return 2
    with _signals(interactive=args.command == "run"):
        try:
            return _dispatch(args, out, err)
        except BrokenPipeError:
            return 1
        except KeyboardInterrupt:  # Ctrl-C or SIGTERM outside a run over notes: nothing to report
            print("algoverify: interrupted", file=err)
            return INTERRUPTED
        except Exception as exc:  # the core turns user mistakes into findings; this is our bug
            print(f"algoverify: internal error: {type(exc).__name__}: {exc}", file=err)
            return 2


#: The exit status of a run stopped by Ctrl-C or SIGTERM (128 + SIGINT, as shells report it).
INTERRUPTED = 130


@contextlib.contextmanager
def _signals(*, interactive: bool) -> Iterator[None]:
    """SIGTERM raises ``KeyboardInterrupt`` as Ctrl-C does, so that both stop a run the same way.

    Outside ``run`` (whose stepper reads Ctrl-C at its prompt), the first signal also makes the
    next ones ignored: stopping the workers and printing what was done is not cut short.
    """

    def stop(signum: int, frame: object) -> None:
        if not interactive:
            for sig in (signal.SIGINT, signal.SIGTERM):
                signal.signal(sig, signal.SIG_IGN)
        raise KeyboardInterrupt

    try:
        previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    except ValueError:  # not the main thread: signals stay as they are
        yield
        return
    if interactive:
        signal.signal(signal.SIGINT, previous[signal.SIGINT])
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _dispatch(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if args.command == "explain":
        return _explain(args.code, out)
    if args.command == "parse":
        return _parse(args, out)
    if args.command == "run":
        return _run(args, out, sys.stdin, err)
    if args.command == "claims":
        return _claims(args, out, _colour(args, out))
    if args.command == "mutate":
        return _mutate(args, out, err)
    if args.command == "lsp":
        return _lsp(err)
    return _over_notes(args, out, err)


#: what the language server imports that the core does not need
_LSP_NEEDS = ("pygls", "lsprotocol", "cattrs")


def _lsp(err: TextIO) -> int:
    """``lsp``: the language server on stdin and stdout, until the editor says exit."""
    try:
        from .integrations.lsp.server import serve
    except ImportError as exc:
        if (exc.name or "").split(".")[0] not in _LSP_NEEDS:
            raise
        print(f"algoverify lsp needs {exc.name}, which is not installed: pip install 'algoverify[lsp]'", file=err)
        return 2
    return serve()


def _mutate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``mutate``: the listings' mutants through their notes' checks; 1 below ``--min-score``."""
    from .mutation import report, scoring

    shown = progress_wanted(err, disabled=not args.progress)

    def on_mutant(done: int, total: int) -> None:
        if shown:
            err.write(f"\rmutating: {done}/{total} mutants\x1b[K")
            err.flush()

    try:
        run = scoring.mutate(args.paths, jobs=args.jobs or default_jobs(), cache=args.cache, on_mutant=on_mutant)
    except api.Interrupted:
        if shown:
            err.write("\r\x1b[K")
        print("algoverify: interrupted", file=err)
        return INTERRUPTED
    if shown:
        err.write("\r\x1b[K")
    out.write(report.render_json(run) if args.format == "json" else report.render_text(run, verbose=args.verbose))
    if run.score is None:
        print("algoverify mutate: no mutant could be judged (see above): nothing to score", file=err)
        return 1
    if args.min_score is not None and run.score < args.min_score:
        print(f"algoverify mutate: score {run.score:.2f} is below --min-score {args.min_score:g}", file=err)
        return 1
    return 0


def _colour(args: argparse.Namespace, stream: TextIO) -> bool:
    if args.color != "auto":
        return args.color == "always"
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _over_notes(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """``check`` and ``lint``: each note's report printed as soon as it and those before it are done."""
    colour = _colour(args, out)
    text = args.format == "text"
    checking = args.command == "check"
    progress = None
    if progress_wanted(err, disabled=not args.progress):
        progress = ProgressLine(err, verb="checking" if checking else "linting", colour=_colour(args, err))

    def show(text_: str) -> None:
        if not text_:
            return
        if progress is not None:
            progress.clear()
        out.write(text_)
        out.flush()
        if progress is not None:
            progress.redraw()

    def on_note(report: api.NoteReport) -> None:
        _shown_note(report, args.verbose)
        if not text:
            return
        sources = {report.path: report.note.source} if report.note is not None else {}
        if checking:
            show(checks_report.render_note(report, sources, colour=colour))
        else:
            show("".join(block + "\n" for block in render_findings(report.findings, sources, colour=colour)))

    def on_progress(p: api.Progress) -> None:
        if progress is not None:
            progress.update(p)

    jobs = args.jobs if args.jobs is not None else default_jobs()
    hooks = {"jobs": jobs, "scheduler": args.scheduler, "on_note": on_note, "on_progress": on_progress}
    interrupted = False
    total = 0
    try:
        if checking:
            result = api.check(
                api.expand_modules(args.paths),  # a module's path stands for the notes that use it
                seed=args.seed,
                strict=args.strict,
                isolate=args.isolation,
                timeout=args.note_timeout,
                memory_mb=args.note_memory_mb,
                trials=args.trials,
                cache=args.cache and args.note_cache,
                proof_cache=args.cache and args.proof_cache,
                traces=args.format == "html",  # the page marks each line and plots each loop
                **hooks,
            )
        else:
            result = api.lint(args.paths, strict=args.strict, **hooks)
    except api.Interrupted as stop:
        result, interrupted, total = stop.result, True, stop.total
    except api.ClusterUnavailable as exc:  # no dask extra, or no scheduler at the address: a usage error
        print(f"algoverify: {exc}", file=err)
        return 2
    finally:
        if progress is not None:
            progress.clear()
    _shown(result, args.verbose)
    if checking and args.hugo_data is not None:
        from .reporting import hugo

        try:
            hugo.write(result, args.hugo_data)
        except OSError as exc:
            print(f"algoverify: cannot write Hugo data to {args.hugo_data}: {exc.strerror or exc}", file=err)
            return 2
    if not text:
        out.write(reporting.report(args.format, result, command=args.command, strict=args.strict, colour=colour))
    elif checking:  # the run's own findings (a missing path, the project config) after the notes: streamed
        out.write(checks_report.render_run_findings(result, colour=colour))
        out.write(checks_report.render_summary(result, interrupted=interrupted))
    else:
        tail = render_findings(result.findings, result.sources, colour=colour)
        out.write("".join(block + "\n" for block in tail) + text_summary(result.all_findings()) + "\n")
    if interrupted:
        print(f"algoverify: interrupted; {len(result.notes)} of {total} notes done", file=err)
        return INTERRUPTED
    return _status(result, args.strict)


def _shown_note(report: api.NoteReport, verbose: bool) -> None:
    """Drop the note's notes (severity ``note``) unless ``--verbose`` asked for them."""
    if not verbose:
        report.findings = [f for f in report.findings if f.severity is not Severity.NOTE]


def _shown(result: api.Result, verbose: bool) -> api.Result:
    """Drop notes (severity ``note``) from the result unless ``--verbose`` asked for them."""
    if not verbose:
        result.findings = [f for f in result.findings if f.severity is not Severity.NOTE]
        for note in result.notes:
            _shown_note(note, verbose)
    return result


def _run(args: argparse.Namespace, out: TextIO, stdin: TextIO, err: TextIO) -> int:
    from .running.runcmd import run_listing

    if args.check is not None and not Path(args.path).is_dir():
        if args.trace:  # a check runs the listing on its own terms (its let:, its hook): no one run to trace
            print(
                "algoverify run: --trace traces one run of the listing; with --check it would trace nothing: "
                "run the same --set values without --check to see the trace",
                file=err,
            )
            return 2
        return _reproduce(args, out)
    if Path(args.path).is_dir():
        notes = sorted(p for p in Path(args.path).rglob("*") if p.suffix in NOTE_SUFFIXES and p.is_file())
        example = f"; e.g. algoverify run {notes[0]}" if notes else ""
        print(f"algoverify run: {args.path} is a folder: run takes one note{example}", file=err)
        return 2
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
        from .running.input_help import describe_inputs

        try:
            out.write(describe_inputs(listing))
        except LocatedError as exc:  # the listing does not compile: say where, as `run` would
            out.write(reporting.get("text")([exc.to_finding(loaded.report.path)], sources))
            return 2
        return 0
    module_error = api.attach_module(loaded)  # the note's own bindings of English steps, as checks use them
    if module_error is not None:  # reported, and the listing still runs: an unbound step is then AV304
        out.write(reporting.get("text")([module_error], sources, context=False))
    if args.plot is not None:
        return _plotted(listing, args, out, stdin, err, sources)
    status, finding = run_listing(listing, args, out, stdin)
    if finding is not None:
        out.write(reporting.get("text")([finding], sources))
    return status


def _plotted(listing: Any, args: argparse.Namespace, out: TextIO, stdin: TextIO, err: TextIO, sources: dict) -> int:
    """``run --plot FILE``: the run, recorded, then its series drawn into FILE (the HTML report's plot)."""
    from .reporting import plots
    from .running import recording
    from .running.runcmd import run_listing

    if not plots.available():
        print(f"algoverify run: --plot: plots need matplotlib: pip install 'algoverify[{plots.EXTRA}]'", file=err)
        return 2
    recorder = recording.Recorder()
    with recording.recorded(recorder):
        status, finding = run_listing(listing, args, out, stdin)
    if finding is not None:
        out.write(reporting.get("text")([finding], sources))
    summary = recorder.summary()
    series = summary["series"] if summary is not None else None
    if series is None:
        print(f"algoverify run: --plot: nothing drawn: the run made no loop pass ({args.plot} not written)", file=err)
        return status
    title = f"{listing.source.path}, listing {listing.index}: {plots.passes_text(series['passes'])}"
    try:
        plots.write(series, args.plot, title=title)
    except OSError as exc:
        print(f"algoverify run: cannot write the plot to {args.plot}: {exc.strerror or exc}", file=err)
        return 2
    out.write(f"plot: {args.plot} ({plots.passes_text(series['passes'], 'loop pass')})\n")
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
    """``run --check ID``: one trial of a check on the given values, with the exit status ``check`` gives its verdict.

    0 verified or refuted as expected, 1 refuted (or a claim marked ``known:`` that held: AV406), 2 could not check.
    """
    from .checking.outcome import CANNOT
    from .running.generators import make_rng
    from .running.values import ValueSyntaxError, given_values

    try:
        values = given_values(args.set_files, args.values, make_rng(args.seed))
    except ValueSyntaxError as exc:
        out.write(f"algoverify run: {exc.shown()}\n")
        return 2
    from .math.names import RENAMED

    # --set lambda=… names what the check draws as lambda, which a run calls lam (a Python keyword)
    values = {RENAMED.get(name, name): value for name, value in values.items()}
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
    unused = _unused_values(outcome.check, values)
    if unused:  # --set lambda=… for a check that draws lam: its trial drew lam itself, never the value given
        drawn = ", ".join(_drawn_names(outcome.check)) or "nothing"
        out.write(
            f"algoverify run: --set {', '.join(unused)}: check {args.check!r} draws {drawn}; not a name it reads\n"
        )
        return 2
    for line in outcome.details.get("compared", []):
        out.write(f"{line}\n")
    out.write(f"{outcome.status}: {outcome.message}\n")
    if outcome.status == CANNOT:
        return 2
    # the exit status `check` gives the same verdict: a refutation marked `known:` passes, a
    # known claim that held fails (AV406, said here too)
    errors = [f for f in outcome.findings if f.severity is Severity.ERROR] if outcome.ok else []
    for f in errors:
        out.write(f"{f.code} {f.message}\n")
    return 0 if outcome.ok and not errors else 1


def _drawn_names(check: Any) -> list[str]:
    """What a check's trial draws or defines by name: its ``inputs:``, ``draw:`` and ``let:`` keys."""
    from .math.names import RENAMED

    names = [str(k) for section in ("inputs", "draw") for k in (check.get(section) or {})]
    names += [str(k).partition("(")[0].strip() for k in check.get("let") or {}]
    return [RENAMED.get(n, n) for n in names]


def _unused_values(check: Any, values: dict[str, Any]) -> list[str]:
    """The ``--set`` names a check reads under no spelling (``lambda`` of a check that draws ``lam``)."""
    from .running.conventions import variant

    drawn = set(_drawn_names(check))
    return [n for n in values if n not in drawn and variant(n) not in drawn]


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
    at_lint = "" if rule.lint_severity is None else f"; a {rule.lint_severity.value} at lint, before any run"
    out.write(f"{rule.code} {rule.__name__} ({rule.severity.value}{at_lint})\n\n")
    for section in ("What", "Why", "Example"):
        out.write(f"{section}: {doc.get(section, '')}\n")
    return 0
