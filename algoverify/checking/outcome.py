"""What a check returns: the kind's :class:`Verdict`, and the :class:`Outcome` the report shows."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..findings import Finding
from ..source import Span
from .specification.spec import CheckSpec

__all__ = ["Verdict", "Outcome", "VERIFIED", "REFUTED", "KNOWN", "CANNOT", "VERDICTS"]

# The four verdicts, in these words everywhere: text, JSON, SARIF, the summary line, the README.
#: the claim held on every trial (or was proved)
VERIFIED = "verified"
#: the listing ran on inputs inside the declared class and the claim failed, or the run broke a
#: promise the claim makes (it did not terminate, it produced inf or NaN)
REFUTED = "refuted"
#: refuted, and the spec marks the claim as a known finding (``known:``), like a strict xfail
KNOWN = "refuted as expected"
#: nothing was tested: notation algoverify cannot run, an unbound name, a missing input, a spec or
#: module error, a generator outside the listing's declared class; the cause is at its line
CANNOT = "could not check"
VERDICTS = (VERIFIED, REFUTED, KNOWN, CANNOT)


@dataclass
class Verdict:
    """What a check found: whether the claim held (``None``: it could not be checked), and why."""

    holds: bool | None
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
    #: what the check's runs did, when a report asked (``check --format html``): the statements of the
    #: listings run and their hits, one run's scalars pass by pass (:mod:`algoverify.running.recording`)
    trace: dict[str, Any] | None = None

    @property
    def ok(self) -> bool:
        """True when the check verified, or refuted a claim marked as known."""
        return self.status in (VERIFIED, KNOWN)

    def _repr_html_(self) -> str:
        """In a notebook: the verdict, what backs it and the counterexample (:mod:`.outcome_display`)."""
        from .outcome_display import outcome_html

        return outcome_html(self)

    def _repr_markdown_(self) -> str:
        """:meth:`_repr_html_` in Markdown."""
        from .outcome_display import outcome_markdown

        return outcome_markdown(self)
