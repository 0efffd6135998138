"""The fixes of a finding (:func:`algoverify.api.editor.fixes`) → the protocol's quick fixes.

Each fix is a code action of kind ``quickfix`` whose workspace edit holds its text edits, tied
to the diagnostic of the finding it answers, so an editor offers it on that diagnostic.
"""

from __future__ import annotations

from lsprotocol import types

from ...api.editor import Fix
from .diagnostics import SOURCE, to_range
from .positions import Lines

__all__ = ["code_action"]


def code_action(fix: Fix, uri: str, lines: Lines, diagnostics: list) -> types.CodeAction:
    """The quick fix of ``fix`` on the document ``uri``; ``diagnostics``: those it answers."""
    edits = [types.TextEdit(to_range(lines, e.span.start, e.span.end), e.text) for e in fix.edits]
    finding = fix.finding
    mine = [
        d
        for d in diagnostics
        if d.source == SOURCE and d.code == finding.code and finding.span is not None
        and d.range == to_range(lines, finding.span.start, finding.span.end)
    ]  # fmt: skip
    return types.CodeAction(
        fix.title,
        kind=types.CodeActionKind.QuickFix,
        diagnostics=mine or None,
        edit=types.WorkspaceEdit(changes={uri: edits}),
    )
