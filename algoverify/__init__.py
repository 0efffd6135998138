"""algoverify: check that the pseudocode, math and code in scientific notes do what their prose claims.

The public API (everything else is internal)::

    import algoverify
    pi = algoverify.compile(latex)            # a Listing: call it with keyword inputs
    note = algoverify.load("note.md")         # note.listings[0](A=..., v=..., tau=...)
    result = algoverify.lint(["corpus/"])     # findings, without running anything

In Jupyter, ``%load_ext algoverify`` adds the ``%%algoverify`` magic (``algoverify[notebook]``).
"""

from __future__ import annotations

from typing import Any

from . import _moved
from .version import __version__

_moved.install()  # the old import paths, for one minor version

__all__ = [
    "__version__",
    "compile",
    "load",
    "lint",
    "parse",
    "Finding",
    "Severity",
    "Span",
    "Listing",
    "ExecutionError",
    "LocatedError",
    "register_function",
    "register_generator",
]

# Submodules are imported on first use: `import algoverify` stays cheap for the pre-commit
# hook (lark, numpy and sympy load only when a command needs them).
_LAZY = {
    "compile": ("api", "compile"),
    "load": ("api", "load"),
    "lint": ("api", "lint"),
    "parse": ("api", "parse"),
    "Finding": ("findings", "Finding"),
    "Severity": ("findings", "Severity"),
    "LocatedError": ("findings", "LocatedError"),
    "Span": ("source", "Span"),
    "Listing": ("running.listing", "Listing"),
    "ExecutionError": ("running.listing", "ExecutionError"),
    "register_function": ("math.functions", "register_function"),
    "register_generator": ("running.generators", "register"),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        module, attr = _LAZY[name]
        value = getattr(import_module(f"{__name__}.{module}"), attr)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'algoverify' has no attribute {name!r}")


def load_ipython_extension(ipython: Any) -> None:
    """``%load_ext algoverify``: register the ``%%algoverify`` magic (IPython is imported only now)."""
    from .integrations.notebook import load_ipython_extension as load

    load(ipython)


def __dir__() -> list[str]:
    return sorted(__all__)
