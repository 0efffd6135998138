"""The progress line of a run on a terminal: notes done of all, checks, time, redrawn in place on stderr.

Hand-written rather than ``rich``: one line redrawn with ``\\r`` needs twenty lines of code,
while importing rich costs more than the whole warm-cache run's budget, and its live display
would have to be told about every note report printed on stdout meanwhile.
"""

from __future__ import annotations

import os
import time
from typing import Any, TextIO

__all__ = ["ProgressLine", "wanted"]


def wanted(stream: TextIO, *, disabled: bool = False) -> bool:
    """Whether a progress line belongs on ``stream``: a terminal that can redraw a line, and not turned off."""
    if disabled or os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class ProgressLine:
    """One line on a terminal's stderr, redrawn as a run advances; cleared before any other output."""

    def __init__(self, stream: TextIO, *, verb: str, colour: bool, interval: float = 0.1) -> None:
        self.stream, self.verb, self.colour, self.interval = stream, verb, colour, interval
        self.shown = False
        self.last_drawn = 0.0
        self.current: Any = None

    def update(self, progress: Any) -> None:
        """Show a progress, at most every ``interval`` seconds, and at the end.

        A :class:`~algoverify.orchestration.runs.Progress`.
        """
        self.current = progress
        finished = progress.notes_done == progress.notes_total
        if finished or time.monotonic() - self.last_drawn >= self.interval:
            self.redraw()

    def redraw(self) -> None:
        """Draw the last progress again (after a report was printed above it)."""
        if self.current is None:
            return
        import shutil

        width = shutil.get_terminal_size((80, 24)).columns - 1  # a wrapped line cannot be redrawn in place
        text = self.text(self.current)[:width]
        if self.colour:
            text = f"\x1b[2m{text}\x1b[0m"
        self._write(f"\r{text}\x1b[K")
        self.shown = True
        self.last_drawn = time.monotonic()

    def clear(self) -> None:
        """Remove the line, so that what is printed next starts at the left margin."""
        if self.shown:
            self._write("\r\x1b[K")
            self.shown = False

    def text(self, p: Any) -> str:
        """The line's words, e.g. ``checking 37/200 notes · 154 checks, 3 refuted · 12.3 s``."""
        parts = [f"{self.verb} {p.notes_done}/{p.notes_total} notes"]
        if p.checks:
            refuted = f", {p.refuted} refuted" if p.refuted else ""
            parts.append(f"{p.checks} check{'s' if p.checks != 1 else ''}{refuted}")
        if p.cached:
            parts.append(f"{p.cached} cached")
        parts.append(f"{p.seconds:.1f} s")
        return " · ".join(parts)

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # the terminal went away: the report matters, not the line
            self.shown = False
