"""Phase 5, checking: a note's spec + its listings → one outcome per check.

In: the ``algoverify:`` spec of a note (:mod:`~algoverify.checking.spec`), its loaded listings
and its module. Out: :class:`~algoverify.checking.outcome.Outcome` objects (verified, refuted as
expected, failed, error) with their findings, made by :mod:`~algoverify.checking.runner` from
the kinds' verdicts (reference, property, contract, snippet, structure; trials and shrinking
in :mod:`~algoverify.checking.trials`), the coverage warnings of
:mod:`~algoverify.checking.coverage`, and the prose's claims no check quotes
(:mod:`~algoverify.checking.claims`, with the detector of :mod:`~algoverify.checking.cues`).
"""
