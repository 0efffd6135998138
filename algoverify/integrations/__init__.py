"""Integrations: algoverify inside the tools a project already runs (its pytest suite, its editor).

In: the notes pytest meets, and the notes an editor holds (their unsaved text); and
:mod:`algoverify.api`'s results for them. Out: pytest items, one per check of a note's spec,
whose outcomes are the checks' verdicts; a language server's diagnostics, hovers, definitions
and quick fixes (:mod:`.lsp`). No logic of its own: what runs, how and in which process is the
API's (:func:`algoverify.api.check`, :func:`algoverify.api.lint_text`).
"""
