"""Mutation: how strong a note's checks are, measured by the small bugs they catch.

In: notes. Out: for each listing its mutants (:mod:`.operators`), which of them the note's checks
refute (killed), which they let pass (survived), and which are the same listing written another
way (equivalent, :mod:`.equivalence`), with a score (:mod:`.scoring`). The checks run through
the API, as ``algoverify check`` runs them.
"""
