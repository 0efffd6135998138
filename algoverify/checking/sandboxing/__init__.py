"""Checking, sandboxing: a note's Python snippets run in a sandboxed subprocess, and calls into them.

In: a snippet's source, the limits it runs under. Out: what it printed
(:mod:`~algoverify.checking.sandboxing.snippets`, with the comparison against a quote) or a
session whose functions are called in the sandbox
(:mod:`~algoverify.checking.sandboxing.snippetcalls`, served by
:mod:`~algoverify.checking.sandboxing.snippetworker`). :mod:`~algoverify.checking.sandboxing.sandbox`
is the process control under them all: limits, namespaces, and a sweep that leaves nothing
behind. Nothing here knows of a spec or a check.
"""
