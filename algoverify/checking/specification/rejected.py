"""The draw a check sets aside: outside the listing's precondition, or the note's assumption.

Here, below the trials that catch it, so that a check's context (a ``let:`` value with no value, a
denominator that vanishes exactly) can set a draw aside as the trials' own attempts do.
"""

from __future__ import annotations

from ...findings import Finding

__all__ = ["Rejected"]


class Rejected(Exception):
    r"""Raised by a trial whose drawn inputs break the listing's declared precondition (``\Require``).

    The trial is drawn again, as one whose ``given:`` is false: a generator wider than the
    listing's class is narrowed by the listing's own words, never reported as a refutation.
    """

    def __init__(self, message: str, finding: Finding | None = None) -> None:
        super().__init__(message)
        self.finding = finding
