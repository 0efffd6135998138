"""Run one check: dispatch to its kind and turn the kind's verdict into an outcome.

Each kind lives in its own module with ``run(check, ctx) -> Verdict``; this module turns a
verdict and the check's ``known:`` mark into an :class:`~algoverify.checking.outcome.Outcome`,
like a strict xfail.
"""

from __future__ import annotations

import time

from ..findings import (
    CheckCrashed,
    ContractBroken,
    Finding,
    KnownFindingGone,
    LocatedError,
    PropertyFails,
    QuoteMissing,
    ReferenceMismatch,
    Rule,
    SnippetOutputDiffers,
    StructureProblem,
)
from ..source import Span
from . import contract, property, reference, snippet, structure
from .context import CheckContext
from .outcome import ERROR, FAILED, REFUTED, VERIFIED, Outcome, Verdict
from .snippets import find_quote
from .spec import CheckSpec

__all__ = ["Verdict", "Outcome", "run_check", "CheckContext"]

_FAIL_RULE: dict[str, type[Rule]] = {
    "reference": ReferenceMismatch,
    "property": PropertyFails,
    "contract": ContractBroken,
    "snippet": SnippetOutputDiffers,
    "structure": StructureProblem,
}


def run_check(check: CheckSpec, ctx: CheckContext) -> Outcome:
    """Run one check; never raises for a problem in the note, its spec or its module."""
    runner = {
        "reference": reference,
        "property": property,
        "contract": contract,
        "snippet": snippet,
        "structure": structure,
    }[check.kind]
    started = time.perf_counter()
    claim_span, findings = _locate_claim(check, ctx)
    try:
        verdict = runner.run(check, ctx)
    except LocatedError as exc:
        finding = exc.to_finding(ctx.path)
        return Outcome(
            check, ERROR, finding.message, time.perf_counter() - started, 0, findings + [finding], claim_span=claim_span
        )
    except Exception as exc:  # a reference or binding of the user's raised: the check did not run
        finding = CheckCrashed.finding(check.span, ctx.path, check=check.id, message=f"{type(exc).__name__}: {exc}")
        return Outcome(
            check, ERROR, finding.message, time.perf_counter() - started, 0, findings + [finding], claim_span=claim_span
        )
    seconds = time.perf_counter() - started
    return _outcome(check, ctx, verdict, seconds, claim_span, findings)


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
    if verdict.holds and check.known is None:
        status, message = VERIFIED, verdict.message
    elif not verdict.holds and check.known is not None:
        status, message = REFUTED, verdict.message
    elif verdict.holds:
        status, message = FAILED, verdict.message
        findings.append(KnownFindingGone.finding(span, ctx.path, details, check=check.id, known=check.known))
    else:
        status, message = FAILED, verdict.message
        findings.append(
            _FAIL_RULE[check.kind].finding(span, ctx.path, details, check=check.id, message=verdict.message)
        )
    return Outcome(check, status, message, seconds, verdict.trials, findings, details, claim_span)


def _locate_claim(check: CheckSpec, ctx: CheckContext) -> tuple[Span | None, list[Finding]]:
    """Find the sentence the check backs in the prose; a claim that is not there is AV407."""
    if not check.claim:
        return None, []
    offset = find_quote(ctx.prose, check.claim)
    if offset is None:
        return None, [QuoteMissing.finding(check.span, ctx.path, check=check.id, what="claim", text=check.claim)]
    start = ctx.prose_base + offset
    return Span(start, start + len(check.claim)), []
