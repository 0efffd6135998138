"""Phase 6, reporting: findings and outcomes → text for people, JSON, SARIF and GitHub annotations.

In: findings (and check outcomes) with the notes' sources. Out: the rendered report. Each
reporter is a module with ``render(findings, sources, **options) -> str``; ``sources`` maps a
note's path to its :class:`~algoverify.source.SourceFile`, from which line:col are computed at
this last moment.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Callable

FORMATS = ("text", "json", "sarif", "github")


def get(name: str) -> Callable[..., str]:
    """Return the ``render`` function of the reporter called ``name``."""
    if name not in FORMATS:
        raise ValueError(f"unknown output format {name!r}; choose from {', '.join(FORMATS)}")
    module: Any = import_module(f"{__name__}.{name}")
    return module.render
