"""``algoverify run``'s logic: build the inputs, run (or step) one listing, format its outputs.

The CLI loads the note and reports findings; this module takes the chosen listing and returns
the exit status with the finding to report, if any.
"""

from __future__ import annotations

import argparse
import dataclasses
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import Any, TextIO

import numpy as np

from ..findings import BadInput, Finding
from ..math.algebraic import is_exact
from .display import outputs_text
from .generators import make_rng
from .input_help import describe_inputs  # noqa: F401 - `run --help-inputs`, where it was first
from .interpreter import Budget, Trace
from .listing import Listing
from .stepper import Quit, Stepper, format_value
from .trace_rows import trace_text
from .values import ValueSyntaxError, given_values


def run_listing(listing: Listing, args: argparse.Namespace, out: TextIO, stdin: TextIO) -> tuple[int, Finding | None]:
    """Run ``listing`` with the ``--set`` values of ``args``; return the exit status and the finding to report."""
    try:
        inputs = given_values(getattr(args, "set_files", []), args.values, make_rng(args.seed))
    except ValueSyntaxError as exc:
        out.write(f"algoverify run: {exc.shown()}\n")
        return 2, None
    budget = Budget(args.max_steps, args.timeout)
    if getattr(args, "exact", False):
        return _run_exact(listing, inputs, budget, out)
    stepper = Stepper(listing.source, listing.algorithm, stdin, out) if args.step else None
    try:
        if stepper is None:
            result = listing.run(inputs, budget=budget)
        else:
            with stepper.interruptible():
                result = listing.run(inputs, budget=budget, on_step=stepper.on_step)
    except Quit:  # the user left the stepper: a choice, not a failure
        return 0, None
    if args.trace:
        out.write(trace_table(listing, result.trace))
    if result.finding is not None:
        status = 2 if result.finding.code == BadInput.code else 1
        if stepper is not None and stepper.post_mortem(result.finding):
            return status, None  # the post-mortem has shown the finding
        return status, _function_inputs_said(listing, result.finding)
    out.write(format_outputs(listing, result.value))
    out.write(note_bindings(listing, inputs))
    return 0, None


def _function_inputs_said(listing: Listing, finding: Finding) -> Finding:
    """A missing input the listing applies (``f`` of ``f(a)``): ``--set`` cannot give it, and the finding says how.

    Rounds 162, 171 and 173: ``--set f=t^2-2`` was "cannot read value", and nothing said where a function comes from.
    """
    from .input_help import applied_names

    missing = finding.details.get("missing") if finding.code == BadInput.code else None
    functions = [n for n in missing or () if n in applied_names(listing.algorithm)]
    if not functions:
        return finding
    said = (
        f" ({', '.join(functions)}: a function, which `--set` cannot give; run a check that gives it by `let:` "
        "with `algoverify run NOTE --check ID`, or call the listing from Python with a callable)"
    )
    return dataclasses.replace(finding, message=finding.message + said)


def note_bindings(listing: Listing, inputs: dict[str, Any]) -> str:
    """``n = 3: length of x, from the prose at line 5``: the names the note around the listing bound, with their values.

    Only what the listing does not say itself (its prose, its spec, a convention) is shown: where a
    name got its meaning is what a reader of the run would ask.
    """
    program = listing.program
    names = program.names
    if names is None:
        return ""
    try:
        env = program.bound_inputs(inputs)
    except Exception:  # noqa: BLE001 - the run went through: its inputs bind; nothing more to show if not
        return ""
    lines = []
    for name, binding in names.bindings.items():
        if binding.origin is None or binding.origin.kind not in ("prose", "spec", "convention"):
            continue
        if binding.kind in ("size", "definition") and name in env:
            lines.append(f"  {name} = {format_value(env[name])}: {binding.what}, {binding.origin}")
        elif binding.kind in ("entries", "columns", "rows", "view"):
            lines.append(f"  {binding}")
    return "".join(["the note's names:\n", *(line + "\n" for line in lines)]) if lines else ""


def _run_exact(listing: Listing, inputs: dict[str, Any], budget: Budget, out: TextIO) -> tuple[int, Finding | None]:
    """``run --exact``: the listing in floats and exactly, their outputs side by side."""
    result = listing.run(inputs, budget=budget)
    if result.finding is not None:
        return (2 if result.finding.code == BadInput.code else 1), result.finding
    exact = listing.run(inputs, budget=budget, exact=True)
    if exact.finding is not None:
        out.write(format_outputs(listing, result.value))
        return 1, exact.finding
    out.write(compare_outputs(listing, result.value, exact.value))
    return 0, None


def compare_outputs(listing: Listing, value: Any, exact: Any) -> str:
    """A table of each output (each entry of an array output): its float value, its exact value, their difference."""
    names = listing.outputs or ("result",)
    multiple = len(names) > 1
    floats = value if isinstance(value, tuple) and multiple else (value,)
    exacts = exact if isinstance(exact, tuple) and multiple else (exact,)
    rows = [("output", "float", "exact", "float − exact")]
    base = getattr(listing, "index_base", 1)
    try:
        firsts = {k: f.first for k, f in listing.program.declarations.firsts.items()}
    except Exception:  # noqa: BLE001 - a listing that does not compile has no table to show
        firsts = {}
    for name, f, e in zip(names, floats, exacts):
        # a_1, …, a_p written from 1: a_1 first; c_0, c_1, … computed from c_0: the array keeps where it starts
        written = getattr(f, "first", None)
        rows.extend(_entries(name, f, e, written if isinstance(written, int) else firsts.get(name, base)))
    widths = [max(len(r[k]) for r in rows) for k in range(3)]
    return "".join(
        f"{r[0]:<{widths[0]}}  {r[1]:<{widths[1]}}  {r[2]:<{widths[2]}}  {r[3]}".rstrip() + "\n" for r in rows
    )


#: entries of an array output shown (a row each); the rest are counted
_MAX_ENTRIES = 20


def _entries(name: str, f: Any, e: Any, first: int = 1) -> list[tuple[str, str, str, str]]:
    """A row per entry, each named as the listing counts (``c_0`` in a listing indexed from 0)."""
    if not (isinstance(f, np.ndarray) and isinstance(e, np.ndarray) and f.shape == e.shape):
        return [(name, _float_text(f), _exact_text(e), _difference(f, e))]
    rows = []
    for k, idx in enumerate(np.ndindex(f.shape)):
        if k == _MAX_ENTRIES:
            rows.append((f"… {f.size - k} more entries of {name}", "", "", ""))
            break
        label = f"{name}_{idx[0] + first}" if len(idx) == 1 else f"{name}_{{{','.join(str(i + first) for i in idx)}}}"
        rows.append((label, _float_text(f[idx]), _exact_text(e[idx]), _difference(f[idx], e[idx])))
    return rows


def _float_text(v: Any) -> str:
    # repr: the shortest text that reads back as the same float, so the round-off shows (0.30000000000000004)
    return repr(float(v)) if isinstance(v, (float, np.floating)) else format_value(v)


def _exact_text(v: Any) -> str:
    if isinstance(v, Fraction):
        if v.denominator == 1:
            return str(v.numerator)
        text = f"{v.numerator}/{v.denominator}"
        return text if len(text) <= 30 else f"≈ {_decimal(v)}"
    if is_exact(v):  # an algebraic number, as sympy writes it (sqrt(2)/2)
        text = str(v)
        return text if len(text) <= 40 else f"≈ {float(v)!r}"
    return format_value(v)


def _decimal(v: Fraction, digits: int = 20) -> str:
    """``v`` to ``digits`` significant digits, computed from the exact rational (not through a float)."""
    with localcontext() as dc:
        dc.prec = digits
        return str(Decimal(v.numerator) / Decimal(v.denominator))


def _difference(f: Any, e: Any) -> str:
    if not (isinstance(e, int) or is_exact(e)) or isinstance(e, bool) or not isinstance(f, (float, int, np.floating)):
        return ""
    if not np.isfinite(f):
        return ""
    d = Fraction(float(f)) - e  # exact: the float's own rational minus the exact value (a Surd's too)
    return "0" if d == 0 else f"{float(d):.3g}"


def format_outputs(listing: Listing, value: Any) -> str:
    """``name = value`` per output (a tuple is spread over the listing's output names)."""
    return outputs_text(listing, value)


def trace_table(listing: Listing, trace: Trace) -> str:
    """A per-line table: line, source, hits, the last value each name took there (:func:`.trace_rows.trace_text`)."""
    return trace_text(listing, trace)
