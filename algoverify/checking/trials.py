"""Seeded trials, counterexample shrinking, and the command that reproduces a failure.

A failing trial's inputs are shrunk in two passes while the claim still fails: first the
sizes in the generator calls (``spd(6)`` → ``spd(2)``), redrawn from the same trial seed;
then the values themselves, rounded to fewer digits. What is left is printed as
``--set`` arguments of an ``algoverify run`` command.
"""

from __future__ import annotations

import re
import shlex
from typing import Any, Callable

import numpy as np

from ..findings import Finding
from ..source import number_text
from .outcome import Verdict

#: Run findings that refute a claim: the listing ran on valid inputs and broke a promise every
#: claim about its result makes (it stops; its numbers are numbers). Any other finding from a
#: run means the claim could not be checked (see :class:`CannotCheck`).
REFUTING_CODES = frozenset({"AV301", "AV302"})


class CannotCheck(Exception):
    """Raised by a trial that could not test the claim; ``finding`` is the cause, at its line."""

    def __init__(self, message: str, finding: Finding | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.finding = finding


def failed_run(result: Any, line_col: Callable[[int], tuple[int, int]]) -> str:
    """What a failed run of the listing means for the claim: a refutation (returned) or :class:`CannotCheck`."""
    f = result.finding
    line, col = line_col(f.span.start) if f.span is not None else (0, 0)
    text = f"the listing failed at line {line}:{col}: {f.code} {f.message}"
    if f.code in REFUTING_CODES:
        return text
    raise CannotCheck(text, f)


__all__ = ["shrink_spec", "simplify_values", "reproduce_command", "format_inputs"]

_CALL = re.compile(r"^\s*(\w+)\((.*)\)\s*$")

#: Generators whose integer arguments are sizes, by position (``None``: every position). Only
#: sizes shrink; bounds (``uniform(a, b)``), exponents (``1e-8``) and keywords keep their values,
#: so a shrunk input is still drawn from the class the check names.
_SIZE_ARGS: dict[str, tuple[int, ...] | None] = {
    "randn": None,
    "symmetric": (0,),
    "spd": (0,),
    "simplex": (0,),
    "onehot": (0,),
    "batches": (0, 1, 2),
    "constant": None,
}


def _split_args(args: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for ch in args:
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
            continue
        depth += ch in "([" and 1 or 0
        depth -= ch in ")]" and 1 or 0
        current += ch
    parts.append(current)
    return parts


def _smaller_specs(text: str) -> list[str]:
    """Variants of a generator call with one size made smaller (``randn(6)`` → ``randn(1)``, ``randn(3)``).

    ``integers(a, b)`` shrinks towards its lower bound, staying inside ``[a, b]``.
    """
    m = _CALL.match(text)
    if not m:
        return []
    name, args = m.group(1), _split_args(m.group(2))
    if name == "integers" and len(args) == 2 and all(a.strip().lstrip("-").isdigit() for a in args):
        lo, hi = int(args[0]), int(args[1])
        return [f"integers({lo}, {b})" for b in sorted({lo, (lo + hi) // 2}) if lo <= b < hi]
    if name not in _SIZE_ARGS:
        return []
    positions = _SIZE_ARGS[name]
    out = []
    for i, arg in enumerate(args):
        if (positions is not None and i not in positions) or not arg.strip().isdigit():
            continue
        n = int(arg)
        for smaller in sorted({1, 2, n // 2} - {n}):
            if 0 < smaller < n:
                out.append(f"{name}({', '.join(args[:i] + [str(smaller)] + args[i + 1 :])})".replace(",  ", ", "))
    return out


def shrink_spec(spec: dict[str, Any], fails: Callable[[dict[str, Any]], bool], budget: int = 40) -> dict[str, Any]:
    """Return a spec with smaller generator sizes that still fails (at most ``budget`` attempts)."""
    current = dict(spec)
    improved = True
    while improved and budget > 0:
        improved = False
        for name, text in current.items():
            if not isinstance(text, str):
                continue
            for candidate in _smaller_specs(text):
                budget -= 1
                trial = dict(current, **{name: candidate})
                if fails(trial):
                    current, improved = trial, True
                    break
                if budget <= 0:
                    return current
            if improved:
                break
    return current


def simplify_values(values: dict[str, Any], fails: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """Round each float value to as few significant digits as keep the claim failing."""
    current = dict(values)
    for name, value in values.items():
        if not isinstance(value, (float, np.ndarray)) or (isinstance(value, np.ndarray) and value.dtype.kind != "f"):
            continue
        for digits in (1, 2, 3, 4):
            rounded = _round(value, digits)
            trial = dict(current, **{name: rounded})
            if fails(trial):
                current = trial
                break
    return current


def _round(value: Any, digits: int) -> Any:
    with np.errstate(all="ignore"):
        arr = np.asarray(value, dtype=float)
        # an infinite distance (no edge) or a NaN is a value of its own, never rounded into NaN
        finite = np.isfinite(arr)
        plain = np.where(finite & (arr != 0), arr, 1.0)
        mag = np.where(arr == 0, 0, np.floor(np.log10(np.abs(plain))))
        scale = 10.0 ** (digits - 1 - mag)
        out = np.where(finite, np.round(plain * scale) / scale, arr)
        out = np.where(arr == 0, 0.0, out)
    return float(out) if np.ndim(value) == 0 else out


def _literal(value: Any) -> str:
    # repr digits: a counterexample printed to 12 places once did not reproduce its failure
    if isinstance(value, np.ndarray):
        return repr(value.tolist()).replace(" ", "")
    if isinstance(value, list):
        return "[" + ",".join(_literal(v) for v in value) + "]"
    if isinstance(value, (float, np.floating)):
        return repr(float(value))
    if type(value) is int and value.bit_length() > 13_000:  # past str()'s 4,300 digits: shown, not a literal
        return number_text(value)
    return repr(value)


def format_inputs(values: dict[str, Any]) -> str:
    """Inputs as ``name = value`` lines for a report."""
    return "\n".join(f"{k} = {_literal(v)}" for k, v in values.items())


def reproduce_command(path: Any, listing: Any, values: dict[str, Any], max_steps: Any = None) -> str:
    """An ``algoverify run`` command line that runs the listing on these inputs (and the check's budget)."""
    parts = ["algoverify", "run", str(path), "--listing", str(listing)]
    if max_steps is not None:
        parts += ["--max-steps", str(max_steps)]
    for k, v in values.items():
        parts += ["--set", f"{k}={_literal(v)}"]
    return shlex.join(parts)


def search(
    check: Any,
    ctx: Any,
    inputs_spec: dict[str, Any],
    attempt: Callable[[dict[str, Any]], str | None],
    *,
    success: str,
    listing: Any = None,
) -> Any:
    """Run the check's trials; at the first failing one, shrink its inputs and return the verdict.

    ``attempt(values)`` returns ``None`` when the claim holds for ``values``, else what went wrong.
    """
    skipped = 0
    for trial in range(check.trials):
        values = ctx.draw(check, inputs_spec, ctx.rng(check, trial))
        try:
            problem = attempt(values)
        except CannotCheck as exc:
            details: dict[str, Any] = {"inputs": format_inputs(values)}
            if exc.finding is not None:
                details["cause"] = exc.finding
            return Verdict(None, f"trial {trial + 1}: {exc.message}", trial + 1, details)
        if problem is None:
            continue
        if problem == SKIP:
            skipped += 1
            continue
        kind = signature(problem)
        smaller = shrink_spec(
            inputs_spec,
            lambda s, t=trial, k=kind: _fails(attempt, lambda: ctx.draw(check, s, ctx.rng(check, t)), k),
        )
        values = ctx.draw(check, smaller, ctx.rng(check, trial))
        values = simplify_values(values, lambda v, k=kind: _fails(attempt, lambda: v, k))
        problem = attempt(values)
        if problem in (None, SKIP) or signature(problem) != kind:  # shrinking must never lose the counterexample
            values = ctx.draw(check, inputs_spec, ctx.rng(check, trial))
            problem = attempt(values)
        # the values themselves too, for reports that give them structured (JSON, SARIF); hidden from the text
        details = {"counterexample": format_inputs(values), "_counterexample": dict(values)}
        if listing is not None:
            accepted = set(listing.inputs) | set(listing.program.families.values())
            taken = {k: v for k, v in values.items() if k in accepted}
            details["reproduce"] = reproduce_command(ctx.path, check.get("listing"), taken, check.get("max_steps"))
        return Verdict(False, f"trial {trial + 1} of {check.trials}: {problem}", trial + 1, details)
    if skipped == check.trials:
        return Verdict(False, f"`given:` held in none of the {check.trials} trials: nothing was checked", check.trials)
    ran = check.trials - skipped
    return Verdict(True, success.replace("{trials}", str(ran)), check.trials)


#: What ``attempt`` returns for a trial whose precondition (``given:``) does not hold.
SKIP = "\0skip"


def signature(problem: str) -> str:
    """What kind of failure ``problem`` describes: a finding code, or the output or relation that differs.

    A smaller input counts as the same counterexample only when it fails the same way: a size
    mismatch created by shrinking must not replace the failure being shown.
    """
    code = re.search(r"\bAV\d{3}\b", problem)
    if code:
        return code.group(0)
    head = re.match(r"(?:trial \d+ of \d+: )?(.*?)(?: = | is false| has shape |$)", problem)
    text = head.group(1) if head else problem
    return re.sub(r"-?\d+(\.\d+)?(e-?\d+)?", "#", text)  # counts and values may shrink; the kind may not


def _fails(attempt: Callable[[dict[str, Any]], str | None], draw: Callable[[], dict[str, Any]], kind: str) -> bool:
    try:
        problem = attempt(draw())
    except Exception:  # noqa: BLE001 - an input that breaks the check differently is not a smaller counterexample
        return False
    return problem not in (None, SKIP) and signature(problem) == kind
