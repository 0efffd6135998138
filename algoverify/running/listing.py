"""A listing as a Python function: ``Listing(**inputs)`` runs it, ``.last_trace`` tells what it did.

Produced by :func:`algoverify.compile` (from LaTeX) and :func:`algoverify.load` (from a
note). Wraps :class:`~algoverify.running.interpreter.Program`; a failure in the listing is raised as
:class:`ExecutionError`, which carries the :class:`~algoverify.findings.Finding` and prints
as ``path:line:col: CODE message``.
"""

from __future__ import annotations

import collections
import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ..findings import Finding, LocatedError
from ..source import SourceFile
from ..syntax import ir
from . import recording
from .declarations import InputSpec
from .interpreter import Binding, Bindings, Budget, Program, StepContext, Trace, compile_program, read_signature
from .signature import entry_function

__all__ = ["Listing", "ExecutionError", "RunResult", "StepContext", "outputs_record"]


@functools.lru_cache(maxsize=256)
def outputs_record(outputs: tuple[str, ...]) -> Any:
    """The named tuple a call of a listing with several outputs returns; ``None`` for one output.

    ``f(x).lam`` is its output ``lam``, ``f(x)_{1}`` its first; shown as the tuple of its values.
    """
    if len(outputs) < 2 or len(set(outputs)) < len(outputs):
        return None
    record = collections.namedtuple("Outputs", outputs, rename=True)  # type: ignore[misc]
    record.__repr__ = tuple.__repr__  # type: ignore[method-assign]
    return record


class ExecutionError(Exception):
    """A listing failed: a finding with the span of the statement or loop that failed."""

    def __init__(self, finding: Finding, where: str, trace: Trace | None = None):
        self.finding = finding
        self.trace = trace
        super().__init__(f"{where}: {finding.code} {finding.message}")


@dataclass(slots=True)
class RunResult:
    """The outcome of :meth:`Listing.run`: the value, or the finding that stopped it, and the trace."""

    value: Any
    trace: Trace
    finding: Finding | None = None
    #: the listing that ran: what a notebook shows the run against
    listing: Listing | None = field(default=None, repr=False, compare=False)

    @property
    def ok(self) -> bool:
        """True when the run finished."""
        return self.finding is None

    def _repr_html_(self) -> str | None:
        """In a notebook: the outputs (or the finding), the trace table and the listing with its lines marked."""
        from .display import run_html

        return run_html(self) if self.listing is not None else None

    def _repr_markdown_(self) -> str | None:
        """:meth:`_repr_html_` in Markdown."""
        from .display import run_markdown

        return run_markdown(self) if self.listing is not None else None

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """In IPython's terminal: the trace table and the outputs, as ``algoverify run --trace`` prints them."""
        from .display import run_text

        printer.text(run_text(self) if self.listing is not None else repr(self))


class Listing:
    """One algorithm block, compiled and callable.

    >>> pi = algoverify.compile(r"\\begin{algorithmic} ... \\end{algorithmic}")  # doctest: +SKIP
    >>> lam, v = pi(A=A, v=v0, tau=1e-10)                                        # doctest: +SKIP
    """

    def __init__(
        self,
        algorithm: ir.Algorithm,
        source: SourceFile,
        *,
        index: int = 1,
        functions: dict[str, Callable[..., Any]] | None = None,
        budget: Budget | None = None,
        index_base: int = 1,
        context: InputSpec | None = None,
    ):
        self.algorithm = algorithm
        self.source = source
        self.index = index
        self.budget = budget or Budget()
        #: the position of an array's first element in this listing's indices (1, or 0)
        self.index_base = index_base
        #: whether the note says where indices start (``index_base:``, or families written ``x_1, \dots, x_n``):
        #: then an index past an array's end is the listing's mistake, not a reading of the note's
        self.index_base_said = False
        #: what the note declares around the listing (prose, spec): binds the names it reads and does not declare
        self.context = context
        self._bindings = Bindings()
        self._functions = functions if functions is not None else {}
        self._program: Program | None = None
        self._exact: Program | None = None
        self._aliases: dict[str, str] | None = None
        self.last_trace: Trace | None = None
        #: statements its runs (:meth:`run`) have executed in all, each counted once per execution: a
        #: measure of the work done that is the same on every machine (a check's default count of trials uses it)
        self.executed = 0

    # --- description ---------------------------------------------------------------------

    @property
    def program(self) -> Program:
        """The compiled program (compiled on first use, again after :meth:`bind`)."""
        if self._program is None:
            self._program = self._compile(exact=False)
        return self._program

    @property
    def exact_program(self) -> Program:
        """The program over exact numbers (``run --exact``, ``arithmetic: exact``), compiled on first use."""
        if self._exact is None:
            self._exact = self._compile(exact=True)
        return self._exact

    def _compile(self, *, exact: bool) -> Program:
        return compile_program(
            self.algorithm,
            bindings=self._bindings,
            locate=self.source.line_col,
            functions=self._functions,
            index_base=self.index_base,
            text=self.source.text,
            exact=exact,
            context=self.context,
        )

    @property
    def inputs(self) -> tuple[str, ...]:
        """Input names, as identifiers (``tau`` for ``\\tau``); those declared, when the listing cannot compile."""
        return self._signature()[0]

    @property
    def outputs(self) -> tuple[str, ...]:
        """Names of the returned values (``('lam', 'v')``), compiled or not."""
        return self._signature()[1]

    @property
    def output_families(self) -> dict[str, str]:
        """The family a lone output's members are (``x_hat`` → ``result``): :func:`.signature.output_families`."""
        from .signature import listing_families

        return listing_families(self.algorithm)

    @property
    def output_aliases(self) -> dict[str, str]:
        """The names a reader gives outputs ``result_k`` (``t`` → ``result_1``): :func:`.signature.output_aliases`."""
        from .signature import listing_aliases

        if self._aliases is None:  # read on every trial of a property check: the returns never change
            self._aliases = listing_aliases(self.algorithm)
        return self._aliases

    @property
    def returns_nothing(self) -> bool:
        """Whether no run gives a value: no ``\\Return`` at all, and no input a procedure updates in place.

        A textbook's listing may leave its results in variables it never returns (Q and R of a
        Gram–Schmidt): a check that compares what it returns has nothing to compare.
        """
        if any(isinstance(node, ir.Return) for node in ir.walk(self.algorithm)):
            return False
        return self.program.in_place is None

    @property
    def returned(self) -> frozenset[str]:
        """Names some ``\\Return`` of one value returns whole, where the returns do not agree on one."""
        from .signature import entry_of, returned_names

        body = [n for n in self.algorithm.body if not isinstance(n, ir.Comment)]
        funcs = [n for n in body if isinstance(n, ir.Function)]
        return returned_names(entry_of(funcs).body if funcs and len(funcs) == len(body) else body)

    @property
    def sizes(self) -> tuple[str, ...]:
        """The sizes a call also accepts by name (``n`` of ``x \\in \\mathbb{R}^{n}``), beside :attr:`inputs`.

        Each is bound from the inputs' shapes when not given; one given must agree with them.
        They are not in :attr:`inputs`, which is the order of a call by position.
        """
        try:
            return self.program.sizes
        except LocatedError:
            return ()

    def _signature(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        try:
            program = self.program
        except LocatedError:  # a statement that cannot compile: the listing still says what it takes and returns
            return read_signature(
                self.algorithm, locate=self.source.line_col, functions=self._functions, context=self.context
            )
        return program.inputs, program.outputs

    @property
    def caption(self) -> str | None:
        """The caption's plain text, if the listing has one."""
        return self.algorithm.caption.plain if self.algorithm.caption is not None else None

    @property
    def name(self) -> str | None:
        """The entry function's name when the listing is made of ``\\Function`` blocks (``LayerNorm``).

        Of several functions, the entry is the first one that no other calls (``MergeSort``, not
        the ``Merge`` it calls).
        """
        return entry_function(self.algorithm)

    @property
    def function_names(self) -> tuple[str, ...]:
        """Every ``\\Function``/``\\Procedure`` defined at the top of the listing."""
        return tuple(n.name for n in self.algorithm.body if isinstance(n, ir.Function))

    def function(self, name: str) -> Callable[..., Any]:
        """One of the listing's functions as a Python callable (``listing.function("Merge")(a, b)``)."""
        own = self.program.own
        if name not in own:
            raise KeyError(f"the listing defines no function {name!r}; it defines {', '.join(own) or 'none'}")
        return own[name]

    @property
    def line(self) -> int:
        """The line of the note where the listing starts."""
        return self.source.line_col(self.algorithm.span.start)[0]

    def __repr__(self) -> str:
        title = self.caption or self.name or f"listing {self.index}"
        try:
            inputs, outputs = self._signature()
            signature = f"({', '.join(inputs)}) -> ({', '.join(outputs)})"
        except LocatedError as exc:  # even its declarations do not read: say so, never raise
            signature = f"(signature unreadable: {exc.rule.code} {exc})"
        try:
            _ = self.program
        except LocatedError as exc:
            line, col = self.source.line_col(exc.span.start) if exc.span is not None else (self.line, 1)
            signature += f" (cannot run: {exc.rule.code} {exc} at line {line}:{col})"
        return f"<Listing {title!r} {signature} at {self.source.path}:{self.line}>"

    def _repr_html_(self) -> str:
        """In a notebook: the listing typeset as algorithmicx prints it, its lines numbered as in the note."""
        from .display import listing_html

        return listing_html(self)

    def _repr_markdown_(self) -> str:
        """:meth:`_repr_html_` in Markdown."""
        from .display import listing_markdown

        return listing_markdown(self)

    def recompile(self) -> Listing:
        """Compile again on next use (the functions it may call have changed)."""
        self._program = self._exact = None
        return self

    # --- bindings -------------------------------------------------------------------------

    def bind(self, key: str | int, fn: Binding) -> Listing:
        """Bind an English statement (by a prefix of its text, or its line) to ``fn(step)``.

        ``fn`` receives a :class:`StepContext`; it reads and sets variables
        (``step["L_i"] = loss``) or returns a dict of them.
        """
        if isinstance(key, int):
            self._bindings.by_line[key] = fn
        else:
            self._bindings.by_text[key] = fn
        self._program = self._exact = None
        return self

    # --- running --------------------------------------------------------------------------

    def run(
        self,
        inputs: dict[str, Any],
        *,
        budget: Budget | None = None,
        on_step: Callable[[ir.Node, dict, Trace], None] | None = None,
        on_pass: Callable[[ir.Node, dict], None] | None = None,
        exact: bool = False,
        history: bool = True,
    ) -> RunResult:
        """Run with ``inputs``; a failure is returned as a finding, not raised.

        ``exact``: run exactly, over rationals and their roots (floats given are the rationals they store);
        a value with no exact form is an ``AV310`` finding at the math that made it.
        ``history=False``: the trace keeps no variable's history (hits, counters and steps are kept),
        for a caller that reads only the outputs.

        ``on_step(node, env, trace)`` is called before each statement runs, ``on_pass(loop, env)``
        at the start of each pass of a loop (invariants and the stepper subscribe to them).
        """
        trace = Trace() if history else Trace(history_limit=0)
        trace.on_pass = on_pass
        try:
            if exact:
                program = self.exact_program
            else:
                program = self._program if self._program is not None else self.program
            if on_step is not None:
                program.on_step = on_step
            _entered(program, trace)
            with recording.watching(program, trace, on_pass):  # a report may ask what each pass does
                value, trace = program.run(inputs, budget=budget or self.budget, trace=trace)
        except LocatedError as exc:
            self.last_trace = trace
            self.executed += sum(trace._hits.values())
            return RunResult(None, trace, exc.to_finding(self.source.path), listing=self)
        finally:
            if on_step is not None:
                for compiled in (self._program, self._exact):
                    if compiled is not None:
                        compiled.on_step = None
        self.last_trace = trace
        self.executed += sum(trace._hits.values())
        return RunResult(value, trace, listing=self)

    def __call__(self, **inputs: Any) -> Any:
        """Run with keyword inputs and return the output(s); raise :class:`ExecutionError` on failure."""
        trace = Trace()
        try:
            program = self._program if self._program is not None else self.program
            _entered(program, trace)
            with recording.watching(program, trace):
                value, trace = program.run(inputs, budget=self.budget, trace=trace)
        except LocatedError as exc:
            self.last_trace = trace
            f = exc.to_finding(self.source.path)
            where = self.source.location(f.span) if f.span is not None else str(self.source.path)
            raise ExecutionError(f, where, trace) from None
        self.last_trace = trace
        return value


def from_latex(latex: str, *, path: str | Path = "<latex>", index_base: int = 1) -> Listing:
    """Parse and compile a block of LaTeX into a :class:`Listing`.

    The block is one listing (an ``algorithm`` float, an ``algorithmic`` environment or bare
    statements) or several environments one after another, as latexify prints one per Python
    function: the first is the listing returned, and the functions every one of them defines
    are callable from the others, as the listings of one note are.
    """
    from ..reading.blocks import find_blocks
    from ..reading.macros import scan
    from ..reading.notes import parse_note
    from ..source import Span
    from ..syntax.build import parse_algorithm
    from ..syntax.expansion import expand_listing

    source = SourceFile(Path(path), latex)
    # the block's own \newcommand and kin apply to its math, as in a note
    macros = scan(latex)
    blocks = [b for b in find_blocks(parse_note(Path("listing.tex"), latex))[0] if b.kind == "algorithm"]
    spans = [b.body_span for b in blocks] if len(blocks) > 1 else [Span(0, len(latex))]
    functions: dict[str, Callable[..., Any]] = {}
    listings = []
    for k, span in enumerate(spans, start=1):
        algorithm = expand_listing(parse_algorithm(latex, span), macros)
        listing = Listing(algorithm, source, index=k, functions=functions, index_base=index_base)
        listings.append(listing)
        for name in listing.function_names:
            functions.setdefault(name, _late_function(listing, name))
    return listings[0]


def _late_function(listing: Listing, name: str) -> Callable[..., Any]:
    """``name`` of ``listing``, compiled when first called (the listings may call each other)."""

    def call(*args: Any, **kwargs: Any) -> Any:
        return listing.function(name)(*args, **kwargs)

    return call


def _entered(program: Program, trace: Trace) -> None:
    """A run of a ``\\Function`` is a call of it: "FFT is called 2n - 1 times in all" counts the first."""
    if program.entry is not None:
        trace.count("call:" + program.entry)
