"""The finding, the rule and its registry, and the error that carries a rule to the API."""

from __future__ import annotations

import enum
from dataclasses import field
from pathlib import Path
from typing import Any, ClassVar

from ..records import frozen
from ..source import Span

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
    #: the severity ``lint`` gives the code when it finds it before any run, where that differs
    lint_severity: ClassVar[Severity | None] = None
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
