"""Phase 4, running: an IR listing + input values → outputs and a trace.

In: the IR of a listing and the values it is given (literal ``--set`` values parsed by
:mod:`~algoverify.running.values`, or drawn by :mod:`~algoverify.running.generators`). Out: the
listing's outputs with a :class:`~algoverify.running.interpreter.Trace` of hits and histories,
or a located finding. :class:`~algoverify.running.listing.Listing` is the callable users hold;
:mod:`~algoverify.running.stepper` and :mod:`~algoverify.running.runcmd` drive one run
interactively for ``algoverify run``.
"""
