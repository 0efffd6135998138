"""A line-by-line debugger for a listing: ``algoverify run NOTE --step``.

Subscribes to the interpreter's step events (``on_step``); shows the listing around the
current line and reads commands: ``next`` (``n``, or an empty line), ``continue`` (``c``),
``break LINE`` (``b``), ``print NAME`` (``p``), ``vars`` (``v``), ``list`` (``l``),
``quit`` (``q``), ``help``.
"""

from __future__ import annotations

from typing import Any, TextIO

import numpy as np

from ..source import SourceFile, number_text
from ..syntax import ir
from .interpreter import Trace

__all__ = ["Stepper", "Quit", "format_value"]

HELP = "commands: n(ext) | c(ontinue) | b(reak) LINE | p(rint) NAME | v(ars) | l(ist) | q(uit)"


class Quit(BaseException):
    """The user quit the debugger (a BaseException so the interpreter does not report it as an error)."""


def format_value(value: Any) -> str:
    """Render a value compactly: arrays with 6 significant digits, functions by name."""
    if isinstance(value, np.ndarray):
        return np.array2string(value, precision=6, suppress_small=False, max_line_width=100)
    if isinstance(value, (float, np.floating)):
        return f"{float(value):.10g}"
    if type(value) is int:
        return number_text(value)
    if isinstance(value, list):
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    if callable(value):
        return f"<function {getattr(value, '__name__', type(value).__name__)}>"
    return repr(value)


class Stepper:
    """Drive a run interactively; pass :meth:`on_step` as the run's ``on_step`` callback."""

    def __init__(self, source: SourceFile, algorithm: ir.Algorithm, stdin: TextIO, stdout: TextIO):
        self.source, self.algorithm = source, algorithm
        self.stdin, self.stdout = stdin, stdout
        self.stepping = True
        self.breakpoints: set[int] = set()
        first, _ = source.line_col(algorithm.span.start)
        last, _ = source.line_col(algorithm.span.end)
        self.lines = range(first, last + 1)

    def _say(self, text: str) -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def show(self, current: int, radius: int | None = 2) -> None:
        """Print the listing around ``current`` with the line marked ``->``."""
        lo, hi = self.lines.start, self.lines.stop - 1
        if radius is not None:
            lo, hi = max(lo, current - radius), min(hi, current + radius)
        text = self.source.text
        for ln in range(lo, hi + 1):
            span = self.source.lines.line_span(ln, text)
            mark = "->" if ln == current else ("b " if ln in self.breakpoints else "  ")
            self._say(f"{mark}{ln:4d}  {text[span.start : span.end]}")

    def on_step(self, node: ir.Node, env: dict, trace: Trace) -> None:
        """Called before each statement runs."""
        line = self.source.line_col(node.span.start)[0]
        if not self.stepping and line not in self.breakpoints:
            return
        self.stepping = True
        self.show(line)
        while True:
            self.stdout.write("(algoverify) ")
            self.stdout.flush()
            raw = self.stdin.readline()
            if not raw:  # end of input: finish the run without stopping again
                self.stepping = False
                return
            if self._command(raw.split(), env, line):
                return

    def _command(self, words: list[str], env: dict, line: int) -> bool:
        """Run one command; return True when execution should resume."""
        cmd, args = (words[0].lower(), words[1:]) if words else ("n", [])
        if cmd in ("n", "next", "s", "step"):
            return True
        if cmd in ("c", "continue"):
            self.stepping = False
            return True
        if cmd in ("q", "quit", "exit"):
            raise Quit
        if cmd in ("b", "break") and args and args[0].isdigit():
            self.breakpoints.add(int(args[0]))
            self._say(f"breakpoint at line {args[0]}")
        elif cmd in ("p", "print") and args:
            name = args[0]
            self._say(f"{name} = {format_value(env[name])}" if name in env else f"{name} is not defined yet")
        elif cmd in ("v", "vars"):
            for name in sorted(k for k in env if not k.startswith("$") and not callable(env[k])):
                self._say(f"{name} = {format_value(env[name])}")
        elif cmd in ("l", "list"):
            self.show(line, radius=None)
        else:
            self._say(HELP)
        return False
