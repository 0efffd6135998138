"""The ``algoverify`` command's entry point: the command line, imported with the collector paused.

A cold ``algoverify lint NOTE`` (the pre-commit hook) spent a quarter of its CPU in the cyclic
garbage collector while its modules were imported: every few hundred objects made start a pass
over all of them, and nothing made while importing is garbage. The collector is paused while the
command line's modules load, and what they made is then frozen (:func:`gc.freeze`), so that no
later pass walks it again; it collects as usual for the rest of the run.
"""

from __future__ import annotations


def main() -> int:
    """Run the command line (:func:`algoverify.cli.main`) and return its exit status."""
    import gc

    enabled = gc.isenabled()
    gc.disable()
    try:
        from .cli import main as run
    finally:
        gc.freeze()
        if enabled:
            gc.enable()
    return run()
