"""AV4xx (failed checks), AV5xx (spec), AV6xx (unverified) and AV7xx (flowcharts)."""

from __future__ import annotations

from .core import Rule, Severity

__all__ = [
    "FlowchartSyntax",
    "StartNotUnique",
    "UnreachableNode",
    "DeadEnd",
    "UnlabelledExit",
    "DuplicateExitLabel",
    "ReferenceMismatch",
    "PropertyFails",
    "ContractBroken",
    "SnippetOutputDiffers",
    "StructureProblem",
    "KnownFindingGone",
    "QuoteMissing",
    "CheckCrashed",
    "CouldNotCheck",
    "VacuousBound",
    "MalformedSpec",
    "SpecReferenceError",
    "ModuleError",
    "NoteWorkerStopped",
    "LimitAboveCeiling",
    "UnverifiedListing",
    "UnverifiedClaim",
    "UnverifiedBlock",
    "UncheckedClaim",
]


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

    Why: like a strict xfail: either the note was fixed (remove ``known:``), the check no longer tests the claim,
    or the claim fails on inputs the trials rarely draw (raise ``trials:``, or draw the failing class on purpose).

    Example: ``known: "fails for T < 1"`` on a claim that now verifies.
    """

    code = "AV406"
    template = (
        "{check}: marked known ({known}) but the claim now holds: no trial refuted it (if its counterexamples "
        "are rare, raise trials:)"
    )


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
    template = "equation {index} has no check (a property or equation check says which it backs with equation: {index})"


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
