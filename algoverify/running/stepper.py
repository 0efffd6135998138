r"""A line-by-line debugger for a listing: ``algoverify run NOTE --step``.

Subscribes to the interpreter's step events (``on_step``: before each statement, and at a
loop's header before each further pass); shows the listing around the current statement,
underlining it when its line holds several, and reads the commands of :data:`COMMANDS`.
``print`` evaluates any LaTeX math in the current variables with the listing's own notation
rules (the interpreter's math compiler: ``print \lVert w \rVert``, ``print x_2``, ``print A v``).
When the run fails, :meth:`Stepper.post_mortem` stops at the failing statement with the
variables as they were, for ``print`` and ``vars``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
import signal
import threading
import time
from typing import Any, Iterator, TextIO

import numpy as np

from ..findings import Finding, LocatedError
from ..math import mathexpr as M
from ..math.names import identifier, join_words
from ..math.numeric import Context, compile_expr
from ..math.ops import seen
from ..source import SourceFile, Span, number_text
from ..syntax import ir
from .interpreter import Trace, is_step, pause
from .signature import listing_words

__all__ = ["Stepper", "Quit", "format_value", "COMMANDS"]

PROMPT = "(algoverify) "

#: (name, short form, argument, what it does): the prompt's commands, as ``help`` lists them
COMMANDS = (
    ("next", "n", "", "run the current statement and stop at the next one (also: an empty line)"),
    ("continue", "c", "", "run on to the next breakpoint, or to the end"),
    ("break", "b", "[LINE]", "stop whenever LINE is reached; without LINE, list the breakpoints"),
    ("clear", "cl", "[LINE]", "remove the breakpoint at LINE; without LINE, remove them all"),
    ("print", "p", "MATH", r"evaluate LaTeX in the current variables: print \lVert w \rVert, print x_2, print A v"),
    ("vars", "v", "", "show every variable"),
    ("where", "w", "", "show the current statement"),
    ("list", "l", "", "show the whole listing"),
    ("help", "h", "", "this list"),
    ("quit", "q", "", "stop the run and leave (also: Ctrl-D)"),
)
_ALIASES = {alias: name for name, short, _, _ in COMMANDS for alias in (name, short)} | {"s": "next", "step": "next"}
_ALIASES |= {"exit": "quit", "?": "help", "delete": "clear", "d": "clear", "breakpoints": "break"}


class Quit(BaseException):
    """The user quit the debugger (a BaseException so the interpreter does not report it as an error)."""


def format_value(value: Any) -> str:
    """Render a value compactly: arrays with 6 significant digits, functions by name."""
    value = seen(value)  # a sequence stored by index is its array
    if isinstance(value, np.ndarray):
        return np.array2string(value, precision=6, suppress_small=False, max_line_width=100)
    if isinstance(value, (float, np.floating)):
        return f"{float(value):.10g}"
    if isinstance(value, (complex, np.complexfloating)):  # a root 1+0j, never np.complex128(1+0j)
        return f"{complex(value):.10g}".strip("()")
    if isinstance(value, np.integer):
        value = int(value)
    if type(value) is int:
        return number_text(value)
    if isinstance(value, list):
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    if callable(value):
        return f"<function {getattr(value, '__name__', type(value).__name__)}>"
    return repr(value)


def _ranges(lines: list[int]) -> str:
    """``64–68, 70`` for [64, 65, 66, 67, 68, 70]."""
    runs: list[list[int]] = []
    for ln in lines:
        if runs and ln == runs[-1][1] + 1:
            runs[-1][1] = ln
        else:
            runs.append([ln, ln])
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in runs)


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
        #: line → the spans of the statements that start there, in order
        self.statements: dict[int, list[Span]] = {}
        for node in ir.walk(algorithm):
            if is_step(node):
                self.statements.setdefault(source.line_col(node.span.start)[0], []).append(_own_span(node))
        self._words = listing_words(algorithm)
        #: name → the lines that assign it (``lam`` of ``\\lambda \\gets …``, ``k`` of a loop's header)
        self._assigned = _assignments(source, algorithm, self._words)
        #: the statement about to run and the variables it sees (kept after a failure, for the post-mortem)
        self.span: Span | None = None
        self.env: dict[str, Any] | None = None
        self._at_prompt = False

    @contextlib.contextmanager
    def interruptible(self) -> Iterator[None]:
        """While the run lasts, Ctrl-C stops it at the next statement (a loop that runs away can be looked at)."""
        if threading.current_thread() is not threading.main_thread():
            yield
            return

        def interrupt(signum: int, frame: Any) -> None:
            if self._at_prompt:  # the prompt goes on: quit or Ctrl-D leave
                self.stdout.write("\n(Ctrl-C: quit or Ctrl-D leaves)\n" + PROMPT)
                self.stdout.flush()
                return
            self.stepping = True
            self._say("\ninterrupted: stopping at the next statement")

        previous = signal.signal(signal.SIGINT, interrupt)
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)

    # --- output --------------------------------------------------------------------------

    def _say(self, text: str) -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def show(self, span: Span, radius: int | None = 2, *, underline: bool = False) -> None:
        """Print the listing around ``span``'s line (marked ``->``), underlining the statement on a line of several."""
        current = self.source.line_col(span.start)[0]
        lo, hi = self.lines.start, self.lines.stop - 1
        if radius is not None:
            lo, hi = max(lo, current - radius), min(hi, current + radius)
        text = self.source.text
        for ln in range(lo, hi + 1):
            line_span = self.source.lines.line_span(ln, text)
            mark = "->" if ln == current else ("b " if ln in self.breakpoints else "  ")
            self._say(f"{mark}{ln:4d}  {text[line_span.start : line_span.end]}")
            if ln == current:
                here = self.statements.get(ln, [])
                if underline or len(here) > 1:
                    self._underline(span, line_span, here)

    def _underline(self, span: Span, line_span: Span, here: list[Span]) -> None:
        start = max(span.start, line_span.start)
        end = min(span.end, line_span.end)
        which = next((k for k, s in enumerate(here, 1) if s.start == span.start), None)
        label = f" statement {which} of {len(here)}" if which is not None and len(here) > 1 else ""
        self._say(" " * (8 + start - line_span.start) + "^" * max(1, end - start) + label)

    # --- the interpreter's callback ------------------------------------------------------

    def on_step(self, node: ir.Node, env: dict, trace: Trace) -> None:
        """Called before each statement runs (and at a loop's header before each further pass)."""
        self.span, self.env = _own_span(node), env
        line = self.source.line_col(node.span.start)[0]
        if not self.stepping and line not in self.breakpoints:
            return
        self.stepping = True
        self.show(self.span)
        begin = time.perf_counter()
        try:
            self._prompt(live=True)
        finally:
            pause(env, time.perf_counter() - begin)

    def post_mortem(self, finding: Finding) -> bool:
        """Stop at the statement where the run failed; return ``False`` when no statement ran."""
        if self.env is None or finding.span is None:
            return False
        line, col = self.source.line_col(finding.span.start)
        self._say(f"{self.source.path}:{line}:{col}: {finding.code} {finding.message}")
        self._say("post-mortem: the run failed here; print and vars show the values it had (quit to leave)")
        if self.source.line_col(finding.span.start)[0] in self.lines:
            self.span = finding.span  # else it failed inside another listing's function: stay at the call
        self.show(self.span, underline=True)
        try:
            self._prompt(live=False)
        except Quit:
            pass
        return True

    def _prompt(self, live: bool) -> None:
        while True:
            self.stdout.write(PROMPT)
            self.stdout.flush()
            self._at_prompt = True
            try:
                raw = self.stdin.readline()
            finally:
                self._at_prompt = False
            if not raw:  # Ctrl-D: leave as quit does, on a line of its own
                self._say("")
                raise Quit
            if self._command(raw.strip(), live):
                return

    # --- commands ------------------------------------------------------------------------

    def _command(self, raw: str, live: bool) -> bool:
        """Run one command; return True when execution should resume."""
        word, _, rest = raw.partition(" ")
        name = _ALIASES.get(word.lower(), "?unknown") if word else "next"
        rest = rest.strip()
        if name == "quit":
            raise Quit
        if name in ("next", "continue"):
            if not live:
                self._say("the run has ended here; print, vars, where and list still work (quit to leave)")
                return False
            self.stepping = name == "next"
            return True
        if name == "break":
            self._break(rest)
        elif name == "clear":
            self._clear(rest)
        elif name == "print" and not rest:
            self._say("print what? e.g. print \\lVert w \\rVert")
        elif name == "print":
            self._print(rest)
        elif name == "vars":
            self._vars()
        elif name == "where" and self.span is not None:
            self.show(self.span, underline=not live)
        elif name == "list" and self.span is not None:
            self.show(self.span, radius=None, underline=not live)
        elif name == "help":
            self._help()
        elif name == "?unknown":
            self._say(f"unknown command {word!r}; help lists the commands")
        return False

    def _help(self) -> None:
        usage = [(f"{name} {arg}".strip(), f"({short})", what) for name, short, arg, what in COMMANDS]
        width = max(len(u) for u, _, _ in usage)
        for u, short, what in usage:
            self._say(f"  {u:<{width}}  {short:<4}  {what}")

    def _line_of(self, text: str) -> int | None:
        """The line ``text`` names when a statement starts there; else say why not and return ``None``."""
        if not text.isdigit():
            self._say(f"{text!r} is not a line number")
            return None
        line = int(text)
        where = _ranges(sorted(self.statements))
        if line not in self.lines:
            self._say(f"line {line} is outside the listing (lines {self.lines.start}–{self.lines.stop - 1})")
            return None
        if line not in self.statements:
            code = self.source.text[slice(*_bounds(self.source, line))].strip()
            self._say(f"line {line} holds no statement ({code or 'empty'}); statements are on lines {where}")
            return None
        return line

    def _break(self, arg: str) -> None:
        if not arg:
            if not self.breakpoints:
                self._say("no breakpoints")
            for line in sorted(self.breakpoints):
                self._say(f"breakpoint at line {line}  {self.source.text[slice(*_bounds(self.source, line))].strip()}")
            return
        line = self._line_of(arg)
        if line is not None:
            self.breakpoints.add(line)
            self._say(f"breakpoint at line {line}")

    def _clear(self, arg: str) -> None:
        if not arg:
            self._say(f"cleared {len(self.breakpoints)} breakpoint(s)")
            self.breakpoints.clear()
            return
        if arg.isdigit() and int(arg) in self.breakpoints:
            self.breakpoints.discard(int(arg))
            self._say(f"cleared the breakpoint at line {arg}")
        else:
            self._say(f"no breakpoint at line {arg}; break lists them")

    def _vars(self) -> None:
        env = self.env or {}
        for name in sorted(k for k in env if not k.startswith("$") and not callable(env[k])):
            self._say(f"{name} = {format_value(env[name])}")

    def _print(self, latex: str) -> None:
        env = self.env or {}
        name = self._name_of(latex)  # a variable by its identifier (lam), its LaTeX (\lambda) or its letter (λ)
        if name is not None and name in env:
            self._say(f"{latex} = {format_value(env[name])}")
            return
        if name is not None and name in self._assigned:
            lines = self._assigned[name]
            where = f"line {lines[0]}" if len(lines) == 1 else f"lines {', '.join(map(str, lines))}"
            self._say(f"{latex} has no value yet: the listing assigns it at {where}")
            return
        try:
            value = self.evaluate(latex)
        except LocatedError as exc:
            if exc.rule.code == "AV303" and re.fullmatch(r"[A-Za-z][A-Za-z0-9]+", latex.strip()):
                # a word read as a product of letters (nosuch = n o s u c h): say what the names are
                known = sorted({k for k in env if not k.startswith("$") and not callable(env[k])} | set(self._assigned))
                self._say(f"{latex.strip()} is not a name of this listing; its names: {', '.join(known) or 'none'}")
                return
            span = exc.span or Span(0, len(latex))
            start, end = min(span.start, len(latex)), min(max(span.end, span.start + 1), len(latex) + 1)
            self._say(latex)
            self._say(" " * start + "^" * max(1, end - start) + f" {exc.rule.code} {exc}")
            return
        except Exception as exc:  # noqa: BLE001 - NumPy's own error (a singular matrix): said, and the prompt goes on
            self._say(f"{latex}: {type(exc).__name__}: {exc}")
            return
        self._say(f"{latex} = {format_value(value)}")

    def _name_of(self, latex: str) -> str | None:
        """The variable ``latex`` names, read as the listing reads its names; ``None`` for other math."""
        text = latex.strip()
        if text.startswith("$"):
            return None
        if text in (self.env or {}) or text in self._assigned:
            return text  # lam, x_new: the identifier itself
        try:
            tree = join_words(M.parse_math(text), self._words)
        except LocatedError:
            return None
        return identifier(tree)

    def evaluate(self, latex: str) -> Any:
        """``latex`` evaluated in the current variables, with the notation rules of the running listing.

        The math is parsed and compiled as the listing's own (its multi-letter names joined, its
        declared names and index base); the variables are a copy, so nothing the math binds (a
        sum's index) leaks into the run.
        """
        env = self.env or {}
        program = env.get("$program")
        ctx = program.ctx if program is not None else Context()
        tree = join_words(M.parse_math(latex), self._words)
        # the spans of the tree index the typed text, not the note: messages quote it
        return compile_expr(tree, dataclasses.replace(ctx, guard=True, text=latex))(dict(env))


def _assignments(source: SourceFile, algorithm: ir.Algorithm, words: Any) -> dict[str, list[int]]:
    """Each name the listing assigns (a statement's target, a loop's variable) → the lines that assign it."""
    out: dict[str, list[int]] = {}
    for node in ir.walk(algorithm):
        target = node.target if isinstance(node, ir.Assign) else getattr(node, "var", None)
        if not isinstance(target, ir.Math):
            continue
        try:
            tree = join_words(M.parse_math(target.latex), words)
        except LocatedError:
            continue
        parts = tree.items if isinstance(tree, M.Tuple) else (tree,)
        for part in parts:
            name = identifier(part) or (identifier(part.base) if isinstance(part, M.Idx) else None)
            line = source.line_col(node.span.start)[0]
            if name is not None and line not in out.setdefault(name, []):
                out[name].append(line)
    return out


def _own_span(node: ir.Node) -> Span:
    """A statement's span without its trailing ``\\Comment``."""
    comment = getattr(node, "comment", None)
    if comment is None or not isinstance(comment, ir.Comment) or comment.span.start <= node.span.start:
        return node.span
    return Span(node.span.start, comment.span.start)


def _bounds(source: SourceFile, line: int) -> tuple[int, int]:
    span = source.lines.line_span(line, source.text)
    return span.start, span.end
