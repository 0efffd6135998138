"""What a check returns: the kind's :class:`Verdict`, and the :class:`Outcome` the report shows."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..findings import Finding
from ..source import Span
from .spec import CheckSpec

__all__ = ["Verdict", "Outcome", "VERIFIED", "REFUTED", "FAILED", "ERROR"]

VERIFIED = "verified"
REFUTED = "refuted as expected"
FAILED = "failed"
ERROR = "error"


@dataclass
class Verdict:
    """What a check found: whether the claim held, and if not, the counterexample that shows it."""

    holds: bool
    message: str
    trials: int = 1
    details: dict[str, Any] = field(default_factory=dict)
    span: Span | None = None


@dataclass
class Outcome:
    """A check's result for the report."""

    check: CheckSpec
    status: str
    message: str
    seconds: float
    trials: int = 0
    findings: list[Finding] = field(default_factory=list)
    details: dict[str, Any] = field(default_factory=dict)
    claim_span: Span | None = None

    @property
    def ok(self) -> bool:
        """True when the check verified, or refuted a claim marked as known."""
        return self.status in (VERIFIED, REFUTED)
