"""Phase 5, checking: a note's spec + its listings → one outcome per check.

In: the ``algoverify:`` spec of a note, its loaded listings and its module. Out:
:class:`~algoverify.checking.outcome.Outcome` objects (verified, refuted as expected, failed,
error) with their findings, the coverage warnings and the prose's claims no check quotes. One
subpackage per role, each importing only those before it:

- :mod:`~algoverify.checking.sandboxing`: running a note's Python snippets out of harm's way;
- :mod:`~algoverify.checking.specification`: what a check asks (the spec and its schema,
  statement references, the context a check runs in) and what the prose claims; with
  :mod:`~algoverify.checking.outcome` here, the form of a check's answer;
- :mod:`~algoverify.checking.evidence`: the engines that decide a claim (seeded trials and
  shrinking; sympy proofs over a listing's and a snippet's symbolic run);
- :mod:`~algoverify.checking.kinds`: one module per check kind, and
  :mod:`~algoverify.checking.kinds.runner`, which dispatches a check to its kind;
- :mod:`~algoverify.checking.lint`: lint's static rules, nothing run.

Running many notes (their order, lanes, workers and cache) is the phase above,
:mod:`algoverify.orchestration`.
"""
