"""Checking, lint: what a note's blocks get wrong, found without running anything.

In: a note, its blocks and its spec. Out: findings. :mod:`~algoverify.checking.lint.lint_rules`
holds the static rules (math that does not parse, unknown macros, a spec naming nothing);
:mod:`~algoverify.checking.lint.listing_names` binds a listing's free names from its note and
finds those nothing binds. A listing may be compiled, but nothing of the note is executed or
imported.
"""
