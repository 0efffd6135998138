"""A listing name's meaning (:func:`algoverify.api.editor.meaning_at`) → the protocol's hover."""

from __future__ import annotations

from lsprotocol import types

from ...api.editor import Meaning
from .diagnostics import to_range
from .positions import Lines

__all__ = ["hover"]


def hover(meaning: Meaning, lines: Lines, written: str) -> types.Hover:
    """What the name is bound to and where that was said, then where the listing's indices count from.

    ``written`` is the name as the note writes it (``\\lambda``), shown beside the name the
    listing knows it by (``lam``) when they differ.
    """
    known = f" ({meaning.name})" if meaning.name != written else ""
    text = (
        f"`{written}`{known}: {meaning.what}\n\n"
        f"listing {meaning.listing}: indices count from {meaning.base} ({meaning.base_reason})"
    )
    return types.Hover(
        types.MarkupContent(types.MarkupKind.Markdown, text),
        to_range(lines, meaning.span.start, meaning.span.end),
    )
