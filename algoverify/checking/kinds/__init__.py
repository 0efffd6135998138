"""Checking, kinds: one module per check kind, each ``run(check, ctx) -> Verdict``.

In: a :class:`~algoverify.checking.specification.spec.CheckSpec` and its note's
:class:`~algoverify.checking.specification.context.CheckContext`. Out: the kind's
:class:`~algoverify.checking.outcome.Verdict`, which :mod:`~algoverify.checking.kinds.runner`
turns into an :class:`~algoverify.checking.outcome.Outcome`. The kinds: reference, property,
equation, contract, snippet, structure (over :mod:`~algoverify.checking.kinds.flowchart`, the
mermaid reader); with what several share: a snippet's functions as a check's subject
(:mod:`~algoverify.checking.kinds.subjects`) and the entries two arrays differ in
(:mod:`~algoverify.checking.kinds.entries`).
"""
