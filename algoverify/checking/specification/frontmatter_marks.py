"""Positions of the front matter's nodes in the note, YAML or TOML alike: ``_Marks``.

YAML's node marks, or TOML's positions, mapped to note offsets, so that a finding about a key of
the spec points at that key in the note.
"""

from __future__ import annotations

from typing import Any

from ...reading import tomlspans
from ...reading.notes import Note
from ...source import Span

# --- positions in the front matter -----------------------------------------------------------------


class _Marks:
    """Positions of the front matter's nodes in the note, YAML or TOML alike."""

    def __init__(self, note: Note):
        self.note = note
        self.root = note.front_matter_nodes

    def span(self, path: tuple[Any, ...], *, key: bool = False) -> Span | None:
        """The span of the value at ``path`` (of its key, with ``key=True``).

        A path that goes further than the front matter does (a key merged in from an anchor)
        stops at the last node found, at its key.
        """
        base = self.note.front_matter_span
        if base is None:
            return None
        node, key_at = self.root, None
        if node is None:
            return Span(base.start, base.start)
        complete = True
        for step in path:
            child = _child(node, step)
            if child is None:
                complete = False
                break
            node, key_at = child
        start, end = _bounds(key_at if (key or not complete) and key_at is not None else node)
        return Span(base.start + start, base.start + max(start, end))


def _bounds(node: Any) -> tuple[int, int]:
    """Where a node (YAML's or TOML's) or a TOML key's span starts and ends in the front matter."""
    if isinstance(node, tuple):
        return node
    if isinstance(node, tomlspans.Node):
        return node.start, node.end
    # marks' indexes count code points as the note does; their lines would not (YAML breaks
    # lines at U+2028, U+2029 and U+0085 too)
    return node.start_mark.index, node.end_mark.index


def _child(node: Any, step: Any) -> tuple[Any, Any] | None:
    """The value node (and key node) under ``node`` at ``step``; keys compare as the text they were written as."""
    import yaml

    if isinstance(node, tomlspans.Node):
        return node.child(step)
    if isinstance(node, yaml.MappingNode):
        found = None
        for k, v in node.value:  # the last of duplicate keys wins, as when the mapping is built
            if isinstance(k, yaml.ScalarNode) and k.value == str(step):
                found = (v, k)
        return found
    if isinstance(node, yaml.SequenceNode) and isinstance(step, int) and 0 <= step < len(node.value):
        return node.value[step], None
    return None
