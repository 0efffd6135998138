"""Checking, specification: what a note asks to be checked, and what its prose claims.

In: a note, its blocks and its module. Out: its checks as
:class:`~algoverify.checking.specification.spec.CheckSpec` objects, validated against the
schema (:mod:`~algoverify.checking.specification.schema`, which also generates the manual's
tables) with findings at the keys (:mod:`~algoverify.checking.specification.frontmatter_marks`);
the statements a check names (:mod:`~algoverify.checking.specification.statement_refs`); the
:class:`~algoverify.checking.specification.context.CheckContext` every check of a note shares;
the prose's checkable sentences (:mod:`~algoverify.checking.specification.cues`) and the check
that backs each (:mod:`~algoverify.checking.specification.claims`); the blocks no check covers
(:mod:`~algoverify.checking.specification.coverage`). Nothing here runs a check.
"""
