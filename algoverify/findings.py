"""Findings and the rule registry: every diagnostic algoverify emits is a registered rule.

A rule is a class named for the problem, with a code, a severity, a message
template and a docstring in three sections (What / Why / Example). The
:data:`RULES` table, filled as the classes are defined, is the one source of
truth: the CLI's ``--explain``, the SARIF rule list and the registry test all
read it. Codes are grouped by family:

========  =======================================
AV0xx     input: missing paths, unreadable files
AV1xx     parse: blocks and the algorithmic grammar
AV2xx     math: the LaTeX math grammar and names
AV3xx     runtime: executing a listing
AV4xx     failed checks
AV5xx     spec errors
AV6xx     unverified listings and claims
AV7xx     flowchart structure
========  =======================================
"""

from __future__ import annotations

import enum
from dataclasses import field
from pathlib import Path
from typing import Any, ClassVar

from .records import frozen
from .source import Span

__all__ = [
    "Severity",
    "Finding",
    "Rule",
    "RULES",
    "LocatedError",
    "rule_for",
]


class Severity(str, enum.Enum):
    """How bad a finding is; errors fail a run, warnings fail it only with ``--strict``."""

    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@frozen
class Finding:
    """One diagnostic: a rule's code and message at a span of a note."""

    code: str
    severity: Severity
    message: str
    path: Path | None = None
    span: Span | None = None
    details: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @property
    def rule(self) -> type[Rule]:
        """The registered rule this finding comes from."""
        return RULES[self.code]


RULES: dict[str, type[Rule]] = {}


class Rule:
    """Base of all rules; subclasses register themselves in :data:`RULES`."""

    code: ClassVar[str]
    severity: ClassVar[Severity] = Severity.ERROR
    template: ClassVar[str]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.code in RULES:
            raise TypeError(f"rule code {cls.code} used twice: {RULES[cls.code].__name__}, {cls.__name__}")
        RULES[cls.code] = cls

    @classmethod
    def message(cls, **args: Any) -> str:
        """Fill the message template."""
        return cls.template.format(**args)

    @classmethod
    def finding(
        cls,
        span: Span | None = None,
        path: Path | None = None,
        details: dict[str, Any] | None = None,
        **args: Any,
    ) -> Finding:
        """Build a finding of this rule."""
        return Finding(cls.code, cls.severity, cls.message(**args), path, span, details or {})

    @classmethod
    def doc_sections(cls) -> dict[str, str]:
        """Split the docstring into its ``What``/``Why``/``Example`` sections."""
        sections: dict[str, str] = {}
        current = None
        for line in (cls.__doc__ or "").splitlines():
            stripped = line.strip()
            head, sep, rest = stripped.partition(":")
            if sep and head in ("What", "Why", "Example"):
                current = head
                sections[current] = rest.strip()
            elif current:
                sections[current] = (sections[current] + "\n" + line.rstrip()).strip("\n")
        return sections


def rule_for(code: str) -> type[Rule]:
    """Return the rule registered under ``code``."""
    return RULES[code]


class LocatedError(Exception):
    """An error in a user's note, raised inside the core with its rule and span.

    The API layer turns it into a :class:`Finding`; it never reaches the user as a
    traceback.
    """

    def __init__(self, rule: type[Rule], span: Span | None, details: dict[str, Any] | None = None, **args: Any):
        self.rule = rule
        self.span = span
        self.args_ = args
        self.details = details or {}
        super().__init__(rule.message(**args))

    def to_finding(self, path: Path | None = None) -> Finding:
        """Return the finding this error stands for."""
        return self.rule.finding(self.span, path, self.details, **self.args_)


# --- AV0xx: input ---------------------------------------------------------------


class PathNotFound(Rule):
    """What: a path given on the command line does not exist.

    Why: nothing can be checked, and a typo in a pre-commit config would otherwise pass silently.

    Example: ``algoverify lint corpus/no-such-note.md``
    """

    code = "AV001"
    template = "no such file or directory: {target}"


class UnreadableFile(Rule):
    """What: a note (or a folder) that cannot be read: not UTF-8 text, not a regular file, too large, unlistable.

    Why: positions are counted in code points of the decoded text, and a guess at the encoding
    would make every line:col wrong; a FIFO or a device is never read (it could block the run or
    never end); a folder that cannot be listed would otherwise pass as "no findings".

    Example: a PNG renamed to ``figure.md``; a note saved as Latin-1 with an ``é``; a FIFO named ``x.md``.
    """

    code = "AV002"
    template = "cannot read note: {reason}"


class BadFrontMatter(Rule):
    """What: the note's front matter (YAML between ``---`` or TOML between ``+++``) does not parse.

    Why: the front matter holds the title and the check spec; a broken one hides both.

    Example: ``title: "unclosed`` inside ``---`` fences.
    """

    code = "AV003"
    template = "front matter is not valid {format}: {reason}"


class NoBlocks(Rule):
    """What: a folder given on the command line holds no note, or a note given by name has nothing to check.

    Why: usually a wrong path, or a fence language algoverify does not recognise: without it, a
    pre-commit hook pointed at the wrong folder would pass as clean forever. A note has nothing
    to check when it has no block, no ``algoverify:`` spec and no sentence that states something
    checkable. A warning, so ``--strict`` fails the run; notes found inside a folder are not
    reported (a Hugo section's ``_index.md`` is prose only).

    Example: ``algoverify lint content/post`` when the notes are in ``content/posts``;
    ``algoverify lint README.md`` on a file with prose only.
    """

    code = "AV004"
    severity = Severity.WARNING
    template = "{what}"


class BadConfig(Rule):
    """What: the project configuration (``[tool.algoverify]`` or ``algoverify.toml``) has a mistake.

    Why: a misspelt setting is silently ignored by most tools; here it is said, at the key, so
    that ``ignore`` or ``macros`` do what the author meant.

    Example: ``ignor = ["AV202"]`` under ``[tool.algoverify]``.
    """

    code = "AV005"
    template = "project config: {message}"


class UnusedSuppression(Rule):
    """What: an ``algoverify: ignore[…]`` comment, ``off`` region or front-matter ``ignore:`` that silences nothing.

    Why: a suppression outlives the problem it hid; left in place it would hide the next one.
    Reported with ``--strict`` only.

    Example: ``% algoverify: ignore[AV202]`` on a line whose math algoverify reads.
    """

    code = "AV006"
    severity = Severity.WARNING
    template = "unused suppression: {what}"


class InternalError(Rule):
    """What: algoverify itself failed on a block; the traceback is in the details.

    Why: a bug in the tool must not hide the rest of the report, and must not pass as a finding
    about the note: the command exits with status 2.

    Example: (none expected; please report it with the note that triggers it)
    """

    code = "AV099"
    template = "internal error while {stage}: {error} (a bug in algoverify, not in the note: please report it)"


class PythonSyntax(Rule):
    """What: a Python code block does not compile.

    Why: a snippet that cannot run cannot print what the prose says it prints.

    Example: a ``python`` fence containing ``print("unclosed``
    """

    code = "AV010"
    template = "Python syntax error: {message}"


# --- AV1xx: parse -----------------------------------------------------------------


class SyntaxErrorInListing(Rule):
    """What: the listing's block structure does not parse and no more specific rule applies.

    Why: the structure (which statements are inside which loop) must be certain before anything runs.

    Example: ``\\While{\\(x\\)} \\State \\(y\\) \\EndFor``
    """

    code = "AV101"
    template = "{message}"


class UnclosedBlock(Rule):
    """What: a block opened by ``\\If``, ``\\For``, ``\\While``, ``\\Function`` … is never closed.

    Why: LaTeX's algpseudocode refuses it too; and which statements belong to the loop is unknown.

    Example: a ``\\While{…}`` with no ``\\EndWhile`` before ``\\end{algorithmic}``.
    """

    code = "AV102"
    template = "{opener} is never closed: expected {closer} before {found}"


class UnmatchedEnd(Rule):
    """What: a closing keyword (``\\EndIf``, ``\\EndWhile`` …) with no matching opener.

    Why: it usually means an opener was deleted or a different block was closed by mistake.

    Example: ``\\State \\(x \\gets 1\\) \\EndIf``
    """

    code = "AV103"
    template = "{closer} without a matching {opener}"


class StrayKeyword(Rule):
    """What: ``\\Else``, ``\\ElsIf`` or ``\\Until`` outside the block it belongs to.

    Why: the branch it starts has no condition to belong to.

    Example: ``\\State \\(x \\gets 1\\) \\Else``
    """

    code = "AV104"
    template = "{keyword} outside {context}"


class UnbalancedBraces(Rule):
    """What: a ``{`` with no matching ``}`` (or the reverse) inside a listing.

    Why: TeX reads to the end of the file looking for the brace; the structure after it is lost.

    Example: ``\\Comment{any direction``
    """

    code = "AV105"
    template = "unbalanced braces: {detail}"


class UnclosedMath(Rule):
    """What: inline math opened with ``\\(`` or ``$`` and never closed on its statement.

    Why: the rest of the listing would be read as math.

    Example: ``\\State \\(v \\gets A v``
    """

    code = "AV106"
    template = "math opened with {delim} is never closed"


class EmptyBlock(Rule):
    """What: an ``algorithmic`` environment (or a pseudocode fence) with no statements.

    Why: an empty listing verifies nothing; it is usually a copy-paste accident.

    Example: ``\\begin{algorithmic}[1]\\end{algorithmic}``
    """

    code = "AV107"
    severity = Severity.WARNING
    template = "empty {kind}"


class UnterminatedEnvironment(Rule):
    """What: ``\\begin{algorithm}`` or ``\\begin{algorithmic}`` with no matching ``\\end`` before the end.

    Why: the file was probably cut off, or the ``\\end`` is misspelled.

    Example: a note whose last line is ``\\State \\(x \\gets 1\\)``.
    """

    code = "AV108"
    template = "\\begin{{{env}}} is never ended"


class UnclosedFence(Rule):
    """What: a Hugo shortcode such as ``{{< pseudocode >}}`` with no closing ``{{< /pseudocode >}}``.

    Why: Hugo renders the rest of the page inside it.

    Example: ``{{< pseudocode >}}`` and no ``{{< /pseudocode >}}``.
    """

    code = "AV109"
    template = "shortcode {name} is never closed"


# --- AV2xx: math ------------------------------------------------------------------


class MathSyntax(Rule):
    """What: a math segment does not parse.

    Why: the statement cannot be executed or checked.

    Example: ``\\(v \\gets / w\\)``
    """

    code = "AV201"
    # a warning where a listing runs the math, a note where it only describes (the lint policy)
    severity = Severity.WARNING
    template = "cannot parse math: {message}"


class UnknownMacro(Rule):
    """What: a control sequence in math that algoverify does not know.

    Why: guessing (as sympy's LaTeX parser does, turning ``\\foo`` into ``f·o·o``) silently changes the meaning.

    Example: ``\\(x \\gets \\foo y\\)``
    """

    code = "AV202"
    # a warning where a listing runs the math, a note where it only describes (the lint policy)
    severity = Severity.WARNING
    template = "unknown macro {macro}"


class UnbalancedDelimiter(Rule):
    """What: ``\\lVert`` without ``\\rVert``, ``(`` without ``)``, ``\\left`` without ``\\right`` and the like.

    Why: the extent of the norm, group or argument is unknown.

    Example: ``\\(\\lVert w - v\\)``
    """

    code = "AV203"
    # a warning where a listing runs the math, a note where it only describes (the lint policy)
    severity = Severity.WARNING
    template = "unbalanced {delim}"


class AmbiguousMath(Rule):
    """What: math that reads two ways and the symbol table cannot decide which.

    Why: algoverify never guesses: ``f(x+y)`` is a call only if ``f`` is a function.

    Example: ``\\(y \\gets f(x + 1)\\)`` where ``f`` is neither a bound function nor a value.
    """

    code = "AV204"
    # a warning where a listing runs the math, a note where it only describes (the lint policy)
    severity = Severity.WARNING
    template = "ambiguous: {message}"


class UnsupportedMath(Rule):
    """What: math that parses but has no meaning in the place it is used.

    Why: an approximation, a set or an ellipsis cannot become a sympy expression or a value; saying
    so is better than lowering it to something else.

    Example: ``\\(x \\approx y\\)`` in a symbolic identity check; ``\\(1, \\dots, k\\)`` as an operand.
    """

    code = "AV205"
    template = "{construct} is not supported {where}"


class AmbiguousDirection(Rule):
    """What: a ``\\For`` range whose written bounds do not say which way it counts (``i = a, \\dots, b``).

    Why: ``a, \\dots, b`` counts up when a ≤ b and down otherwise, depending on the inputs; the
    listing runs it upward (the documented default), which may not be what the author meant.

    Example: ``\\For{\\(i = m, \\dots, k\\)}``; write ``i = m, m+1, \\dots, k`` or a number at one end.
    """

    code = "AV207"
    severity = Severity.WARNING
    template = "the direction of {range} depends on the inputs: it runs upward"


class MacroExpansionFailed(Rule):
    """What: a user macro (``\\newcommand``, ``\\def``, a configured KaTeX macro) cannot be expanded where it is used.

    Why: a definition that refers to itself, grows without bound, or is used without its
    arguments has no meaning; TeX itself would loop or stop there.

    Example: ``\\newcommand{\\a}{\\a}`` then ``\\(\\a\\)``; ``\\norm`` defined with one argument, used with none.
    """

    code = "AV206"
    # a warning where a listing runs the math, a note where it only describes (the lint policy)
    severity = Severity.WARNING
    template = "macro: {message}"


# --- AV3xx: runtime -----------------------------------------------------------------


class DidNotTerminate(Rule):
    """What: a loop ran past the step or time budget of the run.

    Why: a listing without a step limit (``\\While`` on a tolerance) may never stop; the budget
    turns a hang into a finding at the loop's line.

    Example: power iteration with ``\\tau = 0`` on a matrix whose two largest eigenvalues have equal magnitude.
    """

    code = "AV301"
    template = "did not terminate: {reason}"


class FloatingPointTrouble(Rule):
    """What: NumPy raised an overflow, a division by zero or an invalid value (NaN) in a statement.

    Why: the result is no longer a number the prose can be about; the statement is where it went wrong.

    Example: ``\\(v \\gets w / \\lambda\\)`` with ``\\lambda = 0``.
    """

    code = "AV302"
    template = "{kind} in {what}"


class UnboundName(Rule):
    """What: math reads a name that no input, parameter, assignment or binding provides.

    Why: the listing cannot run; usually a typo or a missing ``\\Require``.

    Example: ``\\(w \\gets B v\\)`` where only ``A`` is required.
    """

    code = "AV303"
    template = "{name} is not defined{hint}"


class UnboundText(Rule):
    """What: an English statement was reached and nothing binds it to code.

    Why: algoverify never skips a step silently; bind it from Python or from the note's module.

    Example: ``\\State evaluate the loss \\(L_i\\) on \\(B_i\\)`` run without a binding.
    """

    code = "AV304"
    template = "no binding for the statement {text!r}"


class ShapeMismatch(Rule):
    """What: the shapes of the values in an expression do not fit (a product, a sum, an index).

    Why: NumPy would raise or, worse, broadcast silently; the expression is where to look.

    Example: ``\\(A v\\)`` with ``A`` 3×3 and ``v`` of length 2.
    """

    code = "AV305"
    template = "shape mismatch in {what}: {detail}"


class EvaluationFailed(Rule):
    """What: evaluating a statement failed for another reason (a singular matrix, a bad index, a binding's own error).

    Why: the statement cannot produce a value; the message says what went wrong.

    Example: ``\\(x \\gets A^{-1} b\\)`` with a singular ``A``.
    """

    code = "AV306"
    template = "{message}"


class BadInput(Rule):
    """What: a listing was called without an input it requires, or with one it does not take.

    Why: the run would fail later at a less helpful place.

    Example: ``algoverify run note.md --set A=spd(2)`` for a listing that also requires ``v``; at ``lint``, a
    check that draws ``x0`` for a listing whose prose introduces \\(x^{(0)}\\) (the input ``x_of_0``).
    """

    code = "AV307"
    template = "{message}"


class PreconditionViolated(Rule):
    """What: an input breaks what the listing declares about it (``\\Require \\(a \\gt 0\\)``).

    Why: the listing promises nothing outside its declared inputs; a run on such an input says
    nothing about the listing, so it is reported as the input's fault, never as a wrong output.

    Example: ``--set a=-1`` for a listing that requires \\(a \\gt 0\\).
    """

    code = "AV309"
    template = "precondition violated: {condition} does not hold ({value})"


class NotExecutable(Rule):
    """What: a statement has a form that cannot be executed (math with no value, a relation as a step).

    Why: the listing is well-formed LaTeX, but the interpreter cannot tell what the step does.

    Example: ``\\State \\(x = y\\)`` where ``x`` is not a name (``x_i + 1 = y``).
    """

    code = "AV308"
    template = "cannot execute: {message}"


class NotExactValue(Rule):
    """What: in an exact run (``run --exact``, ``arithmetic: exact``), a value has no exact form.

    Why: an exact run carries rationals and the algebraic numbers roots make of them; the
    exponential or logarithm of a rational (other than ``\\exp 0``, ``\\log 1``), the root of a
    negative number, a float the listing was given by a function, or a value grown past what a
    run can carry (10,000 digits) cannot be carried exactly, and a silent float would make the
    "exact" value a rounded one.

    Example: ``\\(r \\gets \\exp(s)\\)`` with ``s = 1`` under ``algoverify run note.md --exact``.
    """

    code = "AV310"
    template = "not exact: {what}: {detail}"


# --- AV7xx: diagrams ----------------------------------------------------------------


class FlowchartSyntax(Rule):
    """What: a mermaid flowchart does not parse.

    Why: its nodes and links are unknown, so its structure cannot be checked; mermaid would show
    an error box instead of the diagram.

    Example: ``A --> B[unclosed`` in a ``mermaid`` fence starting with ``flowchart TD``.
    """

    code = "AV701"
    template = "flowchart syntax error: {message}"


class StartNotUnique(Rule):
    """What: a flowchart has no start node, or several (a start has no incoming link, or is called Start).

    Why: a reader follows a flowchart from its one entry; with none or several, where it begins is a guess.

    Example: ``A --> B`` and ``C --> B`` in the same chart: both ``A`` and ``C`` are starts.
    """

    code = "AV702"
    template = "expected one start node, found {found}"


class UnreachableNode(Rule):
    """What: a flowchart node that no path from the start reaches.

    Why: a step no run can get to is dead text; usually a link was forgotten or points the wrong way.

    Example: ``A[Start] --> B[End]`` with ``C --> D`` and ``D --> C`` beside it.
    """

    code = "AV703"
    template = "node {node} cannot be reached from {start}"


class DeadEnd(Rule):
    """What: a flowchart node from which no path reaches an end (a node with no outgoing link).

    Why: a run that gets there never finishes, typically a loop with no exit.

    Example: ``A --> B``, ``B --> C``, ``C --> B``: from ``B`` and ``C`` there is no way out.
    """

    code = "AV704"
    template = "no path from node {node} reaches an end"


class UnlabelledExit(Rule):
    """What: a link out of a decision (a ``{…}`` node, or any node with two or more exits) has no label.

    Why: the reader cannot tell which way to go; the labels are the decision's answers.

    Example: ``B{Is the chart wide?} --> C`` next to ``B -- no --> D``.
    """

    code = "AV705"
    template = "exit {src} {kind} {dst} of decision {src} has no label"


class DuplicateExitLabel(Rule):
    """What: two links out of the same decision carry the same label.

    Why: the answer no longer says which way to go; usually a copy-paste slip.

    Example: ``B -- yes --> C`` and ``B -- yes --> D``.
    """

    code = "AV706"
    template = "decision {node} has two exits labelled {label!r}"


# --- AV4xx: failed checks -------------------------------------------------------------


class ReferenceMismatch(Rule):
    """What: a listing's output differs from its reference implementation on some input.

    Why: the pseudocode does not compute what the note says it computes.

    Example: power iteration returning the second eigenvalue when the start vector is orthogonal to the first.
    """

    code = "AV401"
    template = "{check}: {message}"


class PropertyFails(Rule):
    """What: a relation the note states (a Property, a Claim, a sentence) is false for some input.

    Why: the prose claims something the mathematics does not support.

    Example: ``M(T) \\leq M(1)`` for every ``T > 0``, false for ``T < 1``.
    """

    code = "AV402"
    template = "{check}: {message}"


class ContractBroken(Rule):
    """What: a count from the run's trace differs from what the prose asserts (passes, assignments, termination).

    Why: the listing does something other than what its contract says, even if its result looks right.

    Example: "the number of backward passes equals the number of micro-batches", with one pass too many.
    """

    code = "AV403"
    template = "{check}: {message}"


class SnippetOutputDiffers(Rule):
    """What: a Python snippet does not print what the prose quotes (or does not run).

    Why: readers copy the snippet and expect the quoted output.

    Example: the prose says ``[0.659 0.242 0.099]`` and the snippet prints ``[0.665 0.245 0.09 ]``.
    """

    code = "AV404"
    template = "{check}: {message}"


class StructureProblem(Rule):
    """What: a flowchart has no single start, an unreachable node, a dead end or an unlabelled decision exit.

    Why: the diagram does not describe a procedure a reader can follow.

    Example: ``B{wide?} --> C`` with a second, unlabelled exit from ``B``.
    """

    code = "AV405"
    template = "{check}: {message}"


class KnownFindingGone(Rule):
    """What: a check marked ``known:`` (the claim is expected to be false) now holds.

    Why: like a strict xfail: either the note was fixed (remove ``known:``) or the check no longer tests the claim.

    Example: ``known: "fails for T < 1"`` on a claim that now verifies.
    """

    code = "AV406"
    template = "{check}: marked known ({known}) but the claim now holds"


class QuoteMissing(Rule):
    """What: a check's ``claim:``, a snippet check's quote or an ``unchecked:`` sentence is not in the note's prose.

    Why: the check and the prose have drifted apart: the check may be verifying a sentence nobody reads any more.

    Example: ``quotes: ["[0.659 0.242 0.099]"]`` after the prose was edited to say ``[0.66 0.24 0.10]``.
    """

    code = "AV407"
    template = "{check}: {what} not found in the note: {text!r}"


class CheckCrashed(Rule):
    """What: a check could not be carried out (its reference raised, its inputs could not be drawn).

    Why: a check that did not run verifies nothing.

    Example: ``reference: refs.leading_eig`` where ``leading_eig`` raises ``TypeError``.
    """

    code = "AV408"
    template = "{check}: {message}"


class CouldNotCheck(Rule):
    """What: a check could not test its claim, and says why (no counterexample: nothing was tested).

    Why: "could not check" is never "refuted": a claim is reported false only when the listing
    ran on inputs inside the declared class and the claim failed. This code appears when the
    cause has no finding of its own (a snippet that ran out of memory, …).

    Example: a snippet check whose snippet exceeds its ``memory_mb:``.
    """

    code = "AV409"
    template = "check {check} could not check its claim: {message}"


class VacuousBound(Rule):
    """What: a property's ``\\le``/``\\ge`` bound is so small that the check's default tolerance is a real part of it.

    Why: ``a \\le b`` holds when a ≤ b + atol + rtol·|b|; with the default atol of 1e-9, a claim
    ``\\le 10^{-10}`` would be verified by values ten times the bound: a false claim reported true.

    Example: ``holds: '\\lVert Q^{\\top} Q - I \\rVert \\le 10^{-10}'`` without ``atol: 0``.
    """

    code = "AV410"
    severity = Severity.WARNING
    template = (
        "{check}: the bound {bound} is within the default tolerance (atol {atol}, rtol {rtol}): "
        "values up to {limit} would pass; set atol (and rtol) for a bound this small, e.g. atol: 0"
    )


# --- AV5xx: spec errors -----------------------------------------------------------------


class MalformedSpec(Rule):
    """What: the ``algoverify:`` section of a note's front matter is not a valid check spec.

    Why: a check that cannot be read verifies nothing; it must not be skipped in silence.

    Example: ``checks: - kind: refrence`` (a misspelled kind), or a ``reference`` check with no ``listing``.
    """

    code = "AV501"
    template = "check spec: {message}"


class SpecReferenceError(Rule):
    """What: a check names something that does not exist: a listing, a block, an equation, a function of the module.

    Why: the check cannot run; usually a renumbered block or a renamed function.

    Example: ``listing: 3`` in a note with two listings.
    """

    code = "AV502"
    template = "check {check}: {message}"


class ModuleError(Rule):
    """What: the Python module named by ``module:`` is missing or fails to import.

    Why: its references and bindings are what the checks run against.

    Example: ``module: refs.py`` with a syntax error in ``refs.py``.
    """

    code = "AV503"
    template = "module {module}: {message}"


class NoteWorkerStopped(Rule):
    """What: a note's worker process stopped before its checks were done: deadline, memory, exit or signal.

    Why: each note is checked in a worker of its own, so that its module and snippets cannot
    end, hang or alter the run; the finding stands at the check that was running (else the
    note's front matter), and the checks after it did not run.

    Example: a reference that calls ``os._exit(3)``, or one that loops past ``--note-timeout``.
    """

    code = "AV504"
    template = "the note's checks stopped{where}: the worker {why}"


class LimitAboveCeiling(Rule):
    """What: a check asks for more time or memory (``timeout:``, ``memory_mb:``) than the run allows per note.

    Why: a note may lower the run's limits, never raise them: the run's ceiling
    (``--note-timeout``, ``--note-memory-mb`` or the project's ``note-timeout``,
    ``note-memory-mb``) is used instead.

    Example: ``timeout: 600`` in a check of a run with ``--note-timeout 60``.
    """

    code = "AV505"
    severity = Severity.WARNING
    template = "check {check}: {key}: {value} is above the run's ceiling of {ceiling}; the ceiling is used"


# --- AV6xx: unverified ------------------------------------------------------------------


class UnverifiedListing(Rule):
    """What: a listing that no reference check covers.

    Why: nothing shows that the pseudocode computes what the note says it does.

    Example: a note with an ``algorithmic`` block and no ``kind: reference`` check naming it.
    """

    code = "AV601"
    severity = Severity.WARNING
    template = "listing {index} has no reference check"


class UnverifiedClaim(Rule):
    """What: a display equation (a Property, a Claim) that no check covers.

    Why: the equation may be false, and nothing would say so.

    Example: a ``\\[ … \\]`` after "Property." with no ``kind: property`` check naming its ``equation:``.
    """

    code = "AV602"
    severity = Severity.WARNING
    template = "equation {index} has no check"


class UnverifiedBlock(Rule):
    """What: a Python snippet or a flowchart that no check covers.

    Why: the output the prose quotes, or the procedure the diagram draws, is unchecked.

    Example: a ``python`` fence whose printed output the prose quotes, with no ``kind: snippet`` check.
    """

    code = "AV603"
    severity = Severity.WARNING
    template = "{kind} block {index} has no check"


class UncheckedClaim(Rule):
    """What: a sentence of the prose states something checkable, and no check quotes it.

    Why: a claim nothing checks may be false, and the report would not say so. A sentence is checkable
    when it states a number, a comparison, or a law: "always", "never", "converges", "at most",
    "unchanged", "equals", "is convex", "is monotone", … Quote the sentence in a
    check's ``claim:``, or list it under the spec's ``unchecked:`` with the reason no check can back it;
    ``algoverify claims NOTE`` lists every such sentence with what backs it.

    Example: "subtracting the largest score leaves the distribution unchanged" with no check whose
    ``claim:`` quotes it.
    """

    code = "AV604"
    severity = Severity.WARNING
    template = "claim not checked: “{start}”: no check quotes it"
