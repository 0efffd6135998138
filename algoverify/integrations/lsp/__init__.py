"""``algoverify lsp``: a language server (pygls, over stdio) for the notes an editor holds.

In: the editor's open notes (Markdown, ``.tex``) as it edits them, over the Language Server
Protocol. Out: lint's findings as diagnostics while the note is edited, the outcomes ``check``
cached for the saved text, hovers on a listing's names, go-to-definition of references, and
quick fixes (a suppression comment, a ``\\Require``). A thin layer: the answers are the API's
(:func:`algoverify.api.lint_text`, :func:`algoverify.api.cached_check`, :mod:`algoverify.api.editor`);
this package turns offsets into the protocol's positions and schedules the work.

Needs the ``lsp`` extra (``pip install 'algoverify[lsp]'``): pygls and lsprotocol.
"""
