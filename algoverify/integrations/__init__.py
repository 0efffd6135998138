"""Integrations: algoverify inside the tools a project already runs (its pytest suite, its notebooks).

In: the notes pytest meets, a notebook's ``%%algoverify`` cells, and :mod:`algoverify.api`'s
results for them. Out: pytest items, one per check of a note's spec, whose outcomes are the
checks' verdicts; displays in the notebook (:mod:`.notebook`). No logic of their own: what runs,
how and in which process is the API's (:func:`algoverify.api.check`).
"""
