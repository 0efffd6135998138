"""A run's trace per line of its listing: what ``run --trace`` prints and a notebook's table shows.

In: a :class:`~algoverify.running.listing.Listing` and the :class:`~.runstate.Trace` of one of its
runs. Out: the hits of each statement (a loop's header counted as a line profiler counts it) and a
:class:`TraceRow` per source line, with the last value each name took there. Front ends format
the rows; they agree because they read the same ones.
"""

from __future__ import annotations

from typing import Any, Iterator

from ..records import frozen
from ..source import Span
from ..syntax import ir
from .runstate import TESTED_FIRST, Trace, passes_of
from .stepper import format_value

__all__ = ["TraceRow", "statement_hits", "arm_hits", "trace_rows", "trace_text", "iterations"]


@frozen
class TraceRow:
    """One source line of a listing: its number, its text, its hits, ``name=value`` of each name it last set."""

    line: int
    source: str
    hits: int
    values: tuple[str, ...] = ()


def _loops(node: Any) -> Iterator[Any]:
    """The loops of a listing whose header runs a test before each pass (``\\While``, ``\\For``, ``\\ForAll``)."""
    for child in getattr(node, "body", ()) or ():
        if isinstance(child, TESTED_FIRST):
            yield child
        yield from _loops(child)
    for branch in getattr(node, "branches", ()) or ():
        yield from _loops(branch)


def statement_hits(algorithm: ir.Algorithm, trace: Trace) -> dict[Span, int]:
    """How often each statement ran, by its span; a loop's header counts each time its test ran.

    A loop's test runs on entry and before each pass (a ``\\While`` that made 23 passes tested 24
    times), as a line profiler counts a loop's line.
    """
    counts = dict(trace.hits)
    for loop in _loops(algorithm):
        if loop.span in counts:
            counts[loop.span] += passes_of(loop, trace._hits)
    return counts


def arm_hits(algorithm: ir.Algorithm, counts: dict[Span, int]) -> dict[Span, int]:
    """``counts`` with each ``\\ElsIf``/``\\Else`` arm: the passes that took it (the most any of its statements ran)."""
    out = dict(counts)
    for node in ir.walk(algorithm):
        if isinstance(node, ir.IfBlock):
            for branch in node.branches[1:]:
                out[branch.span] = max((counts.get(child.span, 0) for child in branch.body), default=0)
    return out


def trace_rows(listing: Any, trace: Trace) -> list[TraceRow]:
    """A row per source line of ``listing``, from its first line to its last; lines that run nothing have 0 hits."""
    src = listing.source
    hits: dict[int, int] = {}
    for span, n in statement_hits(listing.algorithm, trace).items():
        if isinstance(span, Span) and n:
            line = src.line_col(span.start)[0]
            hits[line] = max(hits.get(line, 0), n)
    last: dict[int, list[str]] = {}
    for name, history in trace.history.items():
        lines: dict[int, Any] = {}
        for span, value in reversed(history):  # the last value assigned on each line
            lines.setdefault(src.line_col(span.start)[0], value)
        for line, value in sorted(lines.items()):
            last.setdefault(line, []).append(f"{name}={format_value(value)}")
    first, _ = src.line_col(listing.algorithm.span.start)
    end, _ = src.line_col(listing.algorithm.span.end)
    rows = []
    for ln in range(first, end + 1):
        span = src.lines.line_span(ln, src.text)
        rows.append(TraceRow(ln, src.text[span.start : span.end].strip(), hits.get(ln, 0), tuple(last.get(ln, ()))))
    return rows


def trace_text(listing: Any, trace: Trace) -> str:
    """The rows as ``run --trace`` prints them: line, hits, source (cut at 60 characters), last values; the counts."""
    rows = [f"{'line':>4}  {'hits':>6}  source"]
    for row in trace_rows(listing, trace):
        code = row.source if len(row.source) <= 60 else row.source[:57] + "..."
        values = "   " + "; ".join(row.values) if row.values else ""
        rows.append(f"{row.line:>4}  {row.hits:>6}  {code}{values}")
    rows.append(iterations(trace))
    return "\n".join(rows) + "\n"


def iterations(trace: Trace) -> str:
    """``loop iterations: 22`` and the run's named counters (``backward: 2``)."""
    counters = "".join(f", {k}: {v}" for k, v in sorted(trace.counters.items()) if not k.startswith("assign:"))
    return f"loop iterations: {trace.steps}{counters}"
