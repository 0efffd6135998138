"""Run one check: dispatch to its kind and turn the kind's verdict into an outcome.

Each kind lives in its own module with ``run(check, ctx) -> Verdict``; this module turns a
verdict and the check's ``known:`` mark into an :class:`~algoverify.checking.outcome.Outcome`,
like a strict xfail.
"""

from __future__ import annotations

import dataclasses
import time

from ...findings import (
    CheckCrashed,
    ContractBroken,
    CouldNotCheck,
    Finding,
    KnownFindingGone,
    LimitAboveCeiling,
    LocatedError,
    PropertyFails,
    ReferenceMismatch,
    Rule,
    SnippetOutputDiffers,
    StructureProblem,
)
from ...running import recording
from ...source import Span
from ..outcome import CANNOT, KNOWN, REFUTED, VERIFIED, Outcome, Verdict
from ..sandboxing.snippets import find_claim
from ..specification.claims import missing_claim
from ..specification.context import CheckContext
from ..specification.schema import as_number
from ..specification.spec import CheckSpec
from . import contract, equation, property, reference, snippet, structure

__all__ = ["Verdict", "Outcome", "run_check", "not_run", "clamp_limits", "CheckContext"]

_FAIL_RULE: dict[str, type[Rule]] = {
    "reference": ReferenceMismatch,
    "property": PropertyFails,
    "contract": ContractBroken,
    "snippet": SnippetOutputDiffers,
    "structure": StructureProblem,
    "equation": PropertyFails,
}


def run_check(check: CheckSpec, ctx: CheckContext) -> Outcome:
    """Run one check; never raises for a problem in the note, its spec or its module."""
    runner = {
        "reference": reference,
        "property": property,
        "contract": contract,
        "snippet": snippet,
        "structure": structure,
        "equation": equation,
    }[check.kind]
    started = time.perf_counter()
    claim_span, findings = _locate_claim(check, ctx)
    if check.kind == "property":
        findings += property.vacuous_bounds(check, ctx)
    recorder = recording.Recorder() if ctx.traces else None
    try:
        with recording.recorded(recorder):
            verdict = runner.run(check, ctx)
    except (LocatedError, Exception) as exc:  # a spec error, or a reference or binding of the user's raised
        if isinstance(exc, LocatedError):
            finding = exc.to_finding(ctx.path)
        else:
            finding = CheckCrashed.finding(check.span, ctx.path, check=check.id, message=f"{type(exc).__name__}: {exc}")
        seconds = time.perf_counter() - started
        outcome = Outcome(check, CANNOT, finding.message, seconds, 0, findings + [finding], claim_span=claim_span)
    else:
        seconds = time.perf_counter() - started
        outcome = _outcome(check, ctx, verdict, seconds, claim_span, findings)
    if recorder is not None:
        outcome.trace = recorder.summary()
    return outcome


def not_run(check: CheckSpec, ctx: CheckContext, message: str) -> Outcome:
    """The outcome of a check nothing could run (the note's module did not import): could not check.

    The cause is the note's finding, said once; each check says only that it was not run, with its
    claim found in the prose as a check that ran would.
    """
    claim_span, findings = _locate_claim(check, ctx)
    details: dict = {"claim": check.claim} if check.claim else {}
    if claim_span is not None:
        details["claim_at"] = claim_span
    details["spec_at"] = check.span
    return Outcome(check, CANNOT, message, 0.0, 0, findings, details, claim_span)


def _outcome(
    check: CheckSpec,
    ctx: CheckContext,
    verdict: Verdict,
    seconds: float,
    claim_span: Span | None,
    findings: list[Finding],
) -> Outcome:
    span = verdict.span or claim_span or check.span
    details = dict(verdict.details)
    if check.claim:
        details.setdefault("claim", check.claim)
    if claim_span is not None:
        details.setdefault("claim_at", claim_span)
    details.setdefault("spec_at", check.span)
    if verdict.holds is None:
        # nothing was tested: the cause (an unbound name, a precondition the generator broke …)
        # is reported at its own line; never a counterexample
        status, message = CANNOT, verdict.message
        cause = details.pop("cause", None)
        if cause is not None:
            findings.append(cause)
        else:
            findings.append(CouldNotCheck.finding(span, ctx.path, details, check=check.id, message=verdict.message))
    elif verdict.holds and check.known is None:
        status, message = VERIFIED, verdict.message
    elif not verdict.holds and check.known is not None:
        status, message = KNOWN, verdict.message
    elif verdict.holds:
        # the claim marked as a known finding now holds: the verdict is the claim's; the stale
        # `known:` mark is an error of the spec, as a strict xfail that passes
        status, message = VERIFIED, verdict.message
        findings.append(KnownFindingGone.finding(span, ctx.path, details, check=check.id, known=check.known))
    else:
        status, message = REFUTED, verdict.message
        findings.append(
            _FAIL_RULE[check.kind].finding(span, ctx.path, details, check=check.id, message=verdict.message)
        )
    return Outcome(check, status, message, seconds, verdict.trials, findings, details, claim_span)


def _locate_claim(check: CheckSpec, ctx: CheckContext) -> tuple[Span | None, list[Finding]]:
    """Find the sentence the check backs in the prose; a claim that is not there is AV407."""
    if not check.claim:
        return None, []
    found = find_claim(ctx.prose, check.claim)
    if found is None:
        return None, [missing_claim(check.span, ctx.path, check.id, check.claim, ctx.prose, ctx.prose_base)]
    return Span(ctx.prose_base + found[0], ctx.prose_base + found[1]), []


def clamp_limits(check: CheckSpec, ctx: CheckContext) -> tuple[CheckSpec, list[Finding]]:
    """Lower a ``timeout:``/``memory_mb:`` above the run's ceiling to it (AV505).

    A note may lower the run's limits, never raise them.

    Called before the check runs (by :func:`algoverify.api.check`), so that the warning is
    kept even when the note's worker is killed inside the check.
    """
    params, found = dict(check.params), []
    for key, ceiling in (("timeout", ctx.timeout_ceiling), ("memory_mb", ctx.memory_ceiling_mb)):
        value = as_number(params.get(key))  # `timeout: 1e9` is text to YAML, a number to the spec
        if ceiling is None or value is None or value <= ceiling:
            continue
        params_value, params[key] = params[key], ceiling
        at = check.at(key)
        shown = f"{ceiling:g}"
        found.append(
            LimitAboveCeiling.finding(at, ctx.path, check=check.id, key=key, value=params_value, ceiling=shown)
        )
    return (dataclasses.replace(check, params=params), found) if found else (check, [])
