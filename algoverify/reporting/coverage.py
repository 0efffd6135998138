"""Each line of a note's listings marked by what covers it: the checks whose runs reached it, and their verdicts.

In: a checked note (an ``api.NoteReport``) whose outcomes carry traces (``check(traces=True)``:
the statements of the listings each check ran, with their hits). Out: a :class:`ListingView`
per listing, a :class:`LineView` per source line. A line holding a statement is marked with
the first verdict of the checks that reached it in :data:`MARKS` (refuted, verified, refuted
as expected, could not check), or *not reached* when none did; a line with no statement
(``\\EndWhile``, the caption) is not marked. Without traces (a check that ran none of a listing)
the statements come from the listing's IR, and every one is *not reached*; a lint marks nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..checking.outcome import CANNOT, KNOWN, REFUTED, VERIFIED
from ..source import SourceFile
from ..syntax import ir

__all__ = ["NOT_REACHED", "MARKS", "LineView", "ListingView", "listings", "reached_lines"]

#: a statement no check's run reached
NOT_REACHED = "not reached"
#: the marks of a line, first first: a line a refuted check ran is suspect whatever else ran it; a
#: refutation the note expects (``known:``) does not hide the checks that verified the line
MARKS = (REFUTED, VERIFIED, KNOWN, CANNOT, NOT_REACHED)
#: statements the runs never count (nothing to run): their lines are not marked from the IR
_NOT_RUN = (ir.Comment, ir.Condition, ir.Label)
_CAPTION = re.compile(r"\\caption\s*(?:\[[^\]]*\])?\s*\{((?:[^{}]|\{[^{}]*\})*)\}")


@dataclass
class LineView:
    """One source line of a listing: its text, its mark (``None``: no statement) and who reached it."""

    number: int
    text: str
    mark: str | None = None
    hits: int = 0
    #: ``(outcome, hits)`` of each check whose runs reached a statement of the line, in spec order
    checks: list[tuple[Any, int]] = field(default_factory=list)


@dataclass
class ListingView:
    """One listing of a note: its lines, and the checks whose runs reached any of them."""

    index: int
    caption: str | None
    lines: list[LineView]
    checks: list[Any] = field(default_factory=list)

    @property
    def first_line(self) -> int:
        """The line the listing starts at."""
        return self.lines[0].number if self.lines else 0


def _caption(block: Any, source: SourceFile) -> str | None:
    tree = getattr(block, "ir", None)
    if tree is not None and tree.caption is not None:
        return tree.caption.plain
    found = _CAPTION.search(source.segment(block.block.span))  # a replayed note has no IR
    return found.group(1).strip() if found else None


def _ir_statements(block: Any) -> set[int]:
    tree = getattr(block, "ir", None)
    if tree is None:
        return set()
    return {
        n.span.start
        for n in ir.walk(tree)
        if n is not tree and not isinstance(n, (*_NOT_RUN, ir.Math, ir.Text, ir.Branch)) and n.span is not None
    }


def reached_lines(outcome: Any, source: SourceFile) -> dict[int, int]:
    """The lines the runs of a check reached, with their hits: as ``run --trace`` counts a line, over all the runs.

    A line of several statements (``\\State \\(k \\gets 0\\); \\(s \\gets 0\\)``) counts as its most run
    statement; a loop's header counts each test of its condition (the recorder's hits say so).
    """
    trace = getattr(outcome, "trace", None) or {}
    lines: dict[int, int] = {}
    for start, n in trace.get("hits", ()):
        line = source.line_col(start)[0]
        lines[line] = max(lines.get(line, 0), n)
    return lines


def listings(note: Any, *, marked: bool = True) -> list[ListingView]:
    """The note's listings, each line marked (see the module's docstring); none for a note not read.

    ``marked=False`` (a lint: nothing was meant to run) leaves every line unmarked.
    """
    if note.note is None:
        return []
    source = note.note.source
    traced = [o for o in note.outcomes if getattr(o, "trace", None)]
    statements: set[int] = set()
    for o in traced:
        statements.update(o.trace.get("statements", ()))
    reached = {id(o): reached_lines(o, source) for o in traced}
    views = []
    for index, block in enumerate(note.listings(), start=1):
        span = block.block.span
        mine = ({s for s in statements if span.start <= s < span.end} or _ir_statements(block)) if marked else set()
        statement_lines = {source.line_col(s)[0] for s in mine}
        first, last = source.line_col(span.start)[0], source.line_col(max(span.start, span.end - 1))[0]
        view = ListingView(index, _caption(block, source), [])
        for number in range(first, last + 1):
            line_span = source.lines.line_span(number, source.text)
            line = LineView(number, source.segment(line_span))
            if number in statement_lines:
                line.checks = [(o, reached[id(o)][number]) for o in traced if reached[id(o)].get(number)]
                line.hits = sum(n for _, n in line.checks)
                line.mark = _worst([o.status for o, _ in line.checks]) if line.checks else NOT_REACHED
            view.lines.append(line)
        ran = {id(o) for line in view.lines for o, _ in line.checks}
        view.checks = [o for o in traced if id(o) in ran]
        views.append(view)
    return views


def _worst(statuses: list[str]) -> str:
    return next(mark for mark in MARKS if mark in statuses)
