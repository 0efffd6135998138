"""AV2xx (math) and AV3xx (runtime): a formula that does not parse, a listing that does not run."""

from __future__ import annotations

import re
from typing import Any

from .core import Rule, Severity

__all__ = [
    "MathSyntax",
    "UnknownMacro",
    "UnbalancedDelimiter",
    "AmbiguousMath",
    "UnsupportedMath",
    "AmbiguousDirection",
    "MacroExpansionFailed",
    "DidNotTerminate",
    "FloatingPointTrouble",
    "UnboundName",
    "UnboundText",
    "ShapeMismatch",
    "EvaluationFailed",
    "BadInput",
    "PreconditionViolated",
    "NotExecutable",
    "NotExactValue",
]


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

    Why: the listing cannot run; usually a typo or a missing ``\\Require``, or a name the prose says
    only in words ("constant \\(L\\), the largest eigenvalue of \\(A^{\\top} A\\)"), which a run
    cannot compute: write it as a formula, or make it a parameter. A precondition that applies a
    function or reads a name nothing defines (``\\(g(a) g(b) \\lt 0\\)``, no ``g``; ``\\(\\omega \\lt 2 /
    \\lambda_{\\max}\\)`` with \\(\\lambda_{\\max}\\) said only in words) is reported at lint too: the run
    goes on, and no run can test it.

    Example: ``\\(w \\gets B v\\)`` where only ``A`` is required.
    """

    code = "AV303"
    # found by lint before any run: a warning ("this statement will not run"), since a check may bind it
    lint_severity = Severity.WARNING
    template = "{name} is not defined{hint}"

    @staticmethod
    def function_hint(name: str) -> str:
        """What lint and a run both say of a function nothing defines: where one may come from."""
        return f" (no function {name}: define it as a \\Function, or offer it in the note's module)"


_SORT_HINT = (
    ": write the sorted values as an assignment, \\(y \\gets \\operatorname{sort}(x)\\) or "
    "\\((x_{(1)}, \\dots, x_{(n)}) \\gets \\operatorname{sort}(x)\\)"
)


#: "compute the QR factorization A = Q R", "factor A = L L^T": a factorisation in words
_FACTORISE = re.compile(r"\b(?:factori[sz]ation|factori[sz]e|factor|decomposition|decompose)\b", re.I)
_FACTOR_HINT = (
    ": a factorisation runs as the equation it solves, the factors on the left: \\(Q R = A\\), "
    "\\(L L^{\\top} = A\\), \\(U \\Sigma V^{\\top} = A\\)"
)


_SORT_DOWN_HINT = (
    ": write the values sorted largest first as an assignment, \\(u \\gets -\\operatorname{sort}(-y)\\) "
    "(\\operatorname{sort} is increasing)"
)


class UnboundText(Rule):
    """What: an English statement was reached and nothing binds it to code.

    Why: algoverify never skips a step silently; bind it from Python or from the note's module.

    Example: ``\\State evaluate the loss \\(L_i\\) on \\(B_i\\)`` run without a binding.
    """

    code = "AV304"
    template = "no binding for the statement {text!r}{hint}"

    @classmethod
    def message(cls, **args: Any) -> str:
        """The template filled, with how to write a sort in words as a step that runs."""
        text = str(args.get("text", ""))
        hint = _SORT_HINT if re.match(r"\s*sort\b", text, re.I) else ""
        if hint and re.search(r"decreasing|descending|largest first|≥|\\ge", text, re.I):
            hint = _SORT_DOWN_HINT  # "Sort y into u: u_1 ≥ u_2 ≥ …": sort is increasing; its negation's, reversed
        sorted_name = re.match(r"\s*sort\s+(?P<name>[A-Za-z]\w*)\s+(?:so\s+that|in\b|by\b|into\b|$)", text, re.I)
        if hint and sorted_name is not None and " into " not in text:
            # "sort d so that d_1 ≥ … ≥ d_n": the hint with the note's own name, sorted where it is
            name = sorted_name.group("name")
            hint = hint.replace("u \\gets", f"{name} \\gets").replace("(-y)", f"(-{name})")
            hint = hint.replace("y \\gets \\operatorname{sort}(x)", f"{name} \\gets \\operatorname{{sort}}({name})")
        if _FACTORISE.search(text):
            hint = _FACTOR_HINT
        return super().message(**{"hint": hint, **args})


class ShapeMismatch(Rule):
    """What: the shapes of the values in an expression do not fit (a product, a sum, an index).

    Why: NumPy would raise or, worse, broadcast silently; the expression is where to look. Lint
    says it of a check's ``holds:`` that reads whole the iterates a listing stores (``x`` of
    ``x_{k+1} \\gets …``) against a number: every iterate would be compared, not the last.

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
    # found by lint before any run: a warning ("this statement will not run"), since a check may bind it
    lint_severity = Severity.WARNING
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
