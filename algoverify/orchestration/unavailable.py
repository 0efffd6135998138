"""The error of a run asked to use a Dask scheduler it cannot use.

In a module of its own, not in :mod:`.cluster`: the API raises it and the command line catches
it on every command, and the cluster's own imports (``pickle``, ``uuid``, its wire format) are
for ``--scheduler`` alone.
"""

from __future__ import annotations

__all__ = ["Unavailable"]


class Unavailable(Exception):
    """A scheduler cannot be used: ``distributed`` is not installed, or nothing answers at the address."""
