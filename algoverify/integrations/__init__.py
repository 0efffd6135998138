"""Integrations: algoverify inside the tools a project already runs (its pytest suite).

In: the notes pytest meets, and :mod:`algoverify.api`'s results for them. Out: pytest items,
one per check of a note's spec, whose outcomes are the checks' verdicts. No logic of its own:
what runs, how and in which process is the API's (:func:`algoverify.api.check`).
"""
