r"""``%%algoverify`` in Jupyter and IPython: run a listing, or one check of a note, and show what it did.

Loaded by ``%load_ext algoverify`` (:func:`algoverify.load_ipython_extension`). The magic's line
takes the options of ``algoverify run`` that a notebook needs, read as that command reads them
(``--set`` values through :func:`~algoverify.running.values.given_values`: numbers, lists,
generator calls; never evaluated as Python). Its cell is a listing's LaTeX, whose lines are
counted as the cell shows them (the ``%%algoverify`` line is line 1), so a finding points into
the cell. A mistake in the line (an unknown option, a value that does not read, a note or check
that does not exist) is an IPython ``UsageError``: its message, no traceback. What a run or a
check finds is displayed, as the API's objects display themselves (``_repr_html_``,
``_repr_markdown_``). No logic of its own: the API loads, runs and checks.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path
from typing import Any

try:
    from IPython.core.error import UsageError
    from IPython.core.magic import no_var_expand
    from IPython.display import display
except ImportError as exc:  # the core install has no IPython: say which extra brings it
    raise ImportError(f"the notebook front end needs IPython: pip install 'algoverify[notebook]' ({exc})") from exc

from .. import api
from ..checking.outcome_display import outcome_html, outcome_markdown
from ..findings import Finding, LocatedError
from ..reporting.checks import render_note
from ..running.display import finding_html, finding_markdown, finding_text
from ..running.generators import make_rng
from ..running.interpreter import Budget
from ..running.values import ValueSyntaxError, given_values
from ..source import SourceFile

__all__ = ["load_ipython_extension", "algoverify_magic", "CELL"]

#: the path a cell's listing is shown at (``<cell>:3:7: AV302 …``)
CELL = "<cell>"


class _Parser(argparse.ArgumentParser):
    """argparse that raises a ``UsageError`` where it would print and exit the process."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)

    def exit(self, status: int = 0, message: str | None = None) -> None:  # type: ignore[override]
        raise _Done  # --help was printed


class _Done(Exception):
    """``--help`` was asked for and printed: nothing to run."""


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="%%algoverify",
        description="Run the listing in the cell (or --note PATH --listing N) on the --set inputs, "
        "or one check of a note's spec (--note PATH --check ID).",
    )
    p.add_argument("--note", metavar="PATH", default=None, help="a note: run one of its listings, or one check")
    p.add_argument("--listing", default=None, help="with --note: 1-based index, caption or function name (default 1)")
    p.add_argument("--check", metavar="ID", default=None, help="with --note: run the check ID of its spec")
    p.add_argument("--set", dest="values", action="append", default=[], metavar="NAME=VALUE",
                   help="an input: a number, a list ([[2,1],[1,3]]) or a generator call (randn(8)); once per input. "
                   "With --check: one trial on these values")  # fmt: skip
    p.add_argument("--set-file", dest="set_files", action="append", default=[], metavar="FILE",
                   help="inputs from a JSON object of name → value")  # fmt: skip
    p.add_argument("--seed", type=_at_least(int, 0), default=None, help="seed of the generators (default: 0, "
                   "or the note's for --check)")  # fmt: skip
    p.add_argument("--max-steps", type=_at_least(int, 1), default=100_000, metavar="N",
                   help="loop iterations before 'did not terminate' (default: %(default)s)")  # fmt: skip
    p.add_argument("--timeout", type=_at_least(float, 0.0, strictly=True), default=10.0, metavar="SECONDS",
                   help="seconds before 'did not terminate' (default: %(default)s)")  # fmt: skip
    return p


def _at_least(kind: type, least: float, strictly: bool = False) -> Any:
    """An argparse type: a number of ``kind`` from ``least`` (above it, ``strictly``), finite."""

    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a {'whole ' if kind is int else ''}number: {text!r}") from None
        if not (value > least if strictly else value >= least) or value == float("inf"):
            raise argparse.ArgumentTypeError(f"must be {'above' if strictly else 'at least'} {least:g}: {text!r}")
        return value

    parse.__name__ = kind.__name__
    return parse


@no_var_expand  # the line is read as written, as a shell passes it to `algoverify run`
def algoverify_magic(line: str, cell: str | None = None) -> None:
    """Run a listing (the cell's LaTeX, or ``--note PATH --listing N``) on ``--set`` inputs, or one check.

    ::

        %%algoverify --set 'A=[[2,1],[1,3]]' --set v=randn(2) --set tau=1e-9
        \\begin{algorithmic} … \\end{algorithmic}

        %algoverify --note corpus/power-iteration.md --listing 1 --set 'A=spd(3)' --set v=randn(3) --set tau=1e-9
        %algoverify --note corpus/power-iteration.md --check any-start-vector

    Shows the outputs (or the finding that stopped the run), the trace table and the listing
    typeset with the lines that ran marked; for ``--check``, its verdict and counterexample.
    ``%algoverify --help`` lists the options.
    """
    try:
        args = _parser().parse_args(shlex.split(line))
    except _Done:
        return
    except ValueError as exc:  # shlex: an unclosed quote
        raise UsageError(f"cannot read the line: {exc}") from None
    text = cell or ""
    try:
        if args.note is None:
            _run_cell(args, text)
        else:
            _from_note(args, text)
    except (UsageError, KeyboardInterrupt):
        raise
    except Exception as exc:  # noqa: BLE001 - the core turns user mistakes into findings; this is our bug
        print(f"algoverify: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)


def _values(args: argparse.Namespace, seed: int | None) -> dict[str, Any]:
    try:
        return given_values(args.set_files, args.values, make_rng(seed or 0))
    except ValueSyntaxError as exc:
        raise UsageError(exc.shown()) from None


def _run_cell(args: argparse.Namespace, text: str) -> None:
    if args.check is not None or args.listing is not None:
        raise UsageError("--check and --listing choose from a note: give it with --note PATH")
    if not text.strip():
        raise UsageError("nothing to run: write a listing's LaTeX in the cell, below %%algoverify, or give --note PATH")
    source = SourceFile(Path(CELL), "\n" + text)  # line 1 is the %%algoverify line
    try:
        listing = api.compile(source.text, path=CELL)
    except LocatedError as exc:
        _show_findings([exc.to_finding(Path(CELL))], source)
        return
    _run(listing, args)


def _run(listing: Any, args: argparse.Namespace) -> None:
    values = _values(args, args.seed)
    display(listing.run(values, budget=Budget(args.max_steps, args.timeout)))


def _from_note(args: argparse.Namespace, text: str) -> None:
    if text.strip():
        raise UsageError("give the listing in the cell or --note PATH, not both")
    path = Path(args.note)
    if not path.is_file():
        raise UsageError(f"--note {args.note}: no such note")
    if args.check is not None:
        if args.listing is not None:
            raise UsageError("--check runs the check on the listing its spec names: leave out --listing")
        _check(args, path)
        return
    loaded = api.load(path)
    note = loaded.report.note
    if note is None:
        _show_findings(loaded.findings, None)
        return
    try:
        listing = loaded.listing(args.listing or "1")
    except KeyError as exc:
        raise UsageError(f"--note {args.note} --listing {args.listing or 1}: {exc.args[0]}") from None
    module_error = api.attach_module(loaded)  # the note's bindings of English steps, as `algoverify run` has them
    if module_error is not None:  # shown, and the listing still runs: an unbound step is then AV304
        _show_findings([module_error], note.source)
    _run(listing, args)


def _check(args: argparse.Namespace, path: Path) -> None:
    """``--check ID``: the check's trials (or one trial on the ``--set`` values), its outcome shown."""
    if args.values or args.set_files:
        report = api.reproduce(path, args.check, _values(args, args.seed), seed=args.seed)
    else:
        selection = api.Selection(checks=frozenset({args.check}))
        report = api.check([path], seed=args.seed, selection=selection).notes[0]
    outcome = next((o for o in report.outcomes if o.check is not None and o.check.id == args.check), None)
    source = report.note.source if report.note is not None else None
    if outcome is None:
        errors = [f for f in report.findings if f.severity.value == "error"]
        ids = [c.id for c in api.declared_checks(report)]
        if errors and not ids:
            _show_findings(errors, source)
            return
        raise UsageError(f"{path} has no check {args.check!r}; its checks: {', '.join(ids) or 'none'}")
    text = render_note(report, {report.path: source} if source is not None else {})
    bundle = {"text/plain": text, "text/html": outcome_html(outcome, source)}
    display({**bundle, "text/markdown": outcome_markdown(outcome, source)}, raw=True)


def _show_findings(findings: list[Finding], source: SourceFile | None) -> None:
    """Findings that stopped the magic before anything ran, each with its source line."""
    display(
        {
            "text/plain": "\n".join(finding_text(f, source) for f in findings),
            "text/html": "".join(finding_html(f, source) for f in findings),
            "text/markdown": "\n".join(finding_markdown(f, source) for f in findings),
        },
        raw=True,
    )


def load_ipython_extension(ipython: Any) -> None:
    """Register ``%algoverify`` and ``%%algoverify`` (what ``%load_ext algoverify`` calls)."""
    ipython.register_magic_function(algoverify_magic, magic_kind="line_cell", magic_name="algoverify")
