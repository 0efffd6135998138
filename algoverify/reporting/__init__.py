"""Phase 7, reporting: findings and outcomes → text for people, JSON, SARIF, JUnit XML, GitHub annotations, HTML.

In: a run's result (its notes, their outcomes and findings, the notes' sources). Out: the
rendered report. Each reporter is a module with ``report(result, *, command, strict, colour) ->
str``; line:col are computed from the sources at this last moment. :func:`get` gives the text
reporter of bare findings (``run``, ``parse``) and the like for every format.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Callable

#: the output formats, in the order ``--format`` lists them
FORMATS = ("text", "json", "sarif", "github", "junit", "html")


def _module(name: str) -> Any:
    if name not in FORMATS:
        raise ValueError(f"unknown output format {name!r}; choose from {', '.join(FORMATS)}")
    return import_module(f"{__name__}.{name}")


def report(name: str, result: Any, *, command: str = "check", strict: bool = False, colour: bool = False) -> str:
    """Render ``result`` (of :func:`algoverify.api.check` or :func:`~algoverify.api.lint`) in format ``name``.

    :param command: ``"check"`` or ``"lint"``: which run the result comes from.
    :param strict: the run's ``--strict``: warnings fail it (GitHub annotations and JUnit say so).
    :param colour: ANSI colours in the text report.
    """
    module = _module(name)
    if name == "text" and command == "check":
        module = import_module(f"{__name__}.checks")  # per check, not per finding
    return module.report(result, command=command, strict=strict, colour=colour)


def get(name: str) -> Callable[..., str]:
    """Return ``render(findings, sources, **options)`` of the reporter called ``name``."""
    return _module(name).render
