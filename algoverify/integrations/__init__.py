"""Integrations: algoverify inside the tools a project already runs (its pytest suite, its notebooks, its editor).

In: the notes pytest meets, a notebook's ``%%algoverify`` cells, and the notes an editor holds
(their unsaved text); and :mod:`algoverify.api`'s results for them. Out: pytest items, one per
check of a note's spec, whose outcomes are the checks' verdicts; displays in the notebook
(:mod:`.notebook`); a language server's diagnostics, hovers, definitions and quick fixes
(:mod:`.lsp`). No logic of their own: what runs, how and in which process is the API's
(:func:`algoverify.api.check`, :func:`algoverify.api.lint_text`).
"""
