"""Where each key and value of a TOML text stands: the positions ``tomllib`` does not keep.

:func:`compose` reads TOML (front matter, a project configuration) into a tree of :class:`Node`
whose ``start``/``end`` are code-point offsets in the text, as ``yaml.compose`` does for YAML:
a table maps each key to the span of the key and its value's node, an array lists its values.
The values themselves are ``tomllib``'s to read; this only places them. Text ``tomllib``
refuses gives ``None`` (its error has a place of its own).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Node", "compose"]


@dataclass
class Node:
    """A table, an array or a scalar, spanning ``text[start:end]``.

    ``items`` (a table) maps a key to ``((key_start, key_end), node)``; ``values`` (an array)
    are its elements, a ``[[header]]`` table each for an array of tables.
    """

    kind: str  # "table", "array", "scalar"
    start: int
    end: int
    items: dict[str, tuple[tuple[int, int], Node]] = field(default_factory=dict)
    values: list[Node] = field(default_factory=list)

    def child(self, step: Any) -> tuple[Node, tuple[int, int] | None] | None:
        """The node under this one at ``step`` (a key, or an index of an array), with its key's span."""
        if self.kind == "table" and str(step) in self.items:
            key, node = self.items[str(step)]
            return node, key
        if (
            self.kind == "array"
            and isinstance(step, int)
            and not isinstance(step, bool)
            and 0 <= step < len(self.values)
        ):
            return self.values[step], None
        return None


class _Invalid(Exception):
    """Text that is not TOML: ``tomllib`` says why."""


_BARE = re.compile(r"[A-Za-z0-9_-]+")
_SPACE = re.compile(r"[ \t]*")
_BLANKS = re.compile(r"(?:[ \t\r\n]|#[^\n]*)*")  # whitespace, newlines and comments
_BASIC = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_LITERAL = re.compile(r"'[^'\n]*'")
_ML_BASIC = re.compile(r'"""(?:[^\\]|\\.)*?"""(?!"")"{0,2}', re.S)
_ML_LITERAL = re.compile(r"'''.*?'''(?!'')'{0,2}", re.S)
_OTHER = re.compile(r"[^,\]}#\r\n]+")  # numbers, booleans, dates (which may hold a space)
_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}


def compose(text: str) -> Node | None:
    """The tree of positions of the TOML ``text``; ``None`` when it is not TOML this reads."""
    try:
        return _Reader(text).document()
    except (_Invalid, RecursionError, ValueError):
        return None


class _Reader:
    def __init__(self, text: str) -> None:
        self.text, self.at = text, 0
        self.root = Node("table", 0, len(text))

    # --- the document: key/value lines and [table] headers ------------------------------------

    def document(self) -> Node:
        table, last = self.root, None
        while True:
            self._skip(_BLANKS)
            if self.at >= len(self.text):
                break
            if self.text.startswith("[", self.at):
                table = last = self._header()
            else:
                self._pair(table)
                if last is not None:
                    last.end = self.at
        _settle(self.root)
        return self.root

    def _header(self) -> Node:
        start = self.at
        many = self.text.startswith("[[", self.at)
        self.at += 2 if many else 1
        keys = self._key()
        self._skip(_SPACE)
        close = "]]" if many else "]"
        if not self.text.startswith(close, self.at):
            raise _Invalid
        self.at += len(close)
        node = self.root
        for name, span in keys[:-1]:
            node = self._descend(node, name, span, start)
        name, span = keys[-1]
        if many:
            array = node.items.get(name)
            if array is None:
                array = (span, Node("array", start, self.at))
                node.items[name] = array
            table = Node("table", start, self.at)
            array[1].values.append(table)
            array[1].end = self.at
            return table
        found = node.items.get(name)
        if found is not None and found[1].kind == "table":  # defined by a dotted key or a header below
            found[1].start, found[1].end = start, self.at
            node.items[name] = (span, found[1])
            return found[1]
        table = Node("table", start, self.at)
        node.items[name] = (span, table)
        return table

    def _descend(self, node: Node, name: str, span: tuple[int, int], start: int) -> Node:
        """The table ``name`` under ``node`` (the last of an array of tables), made when missing."""
        found = node.items.get(name)
        if found is None:
            child = Node("table", start, start)
            node.items[name] = (span, child)
            return child
        child = found[1]
        if child.kind == "array" and child.values:
            return child.values[-1]
        return child

    def _pair(self, table: Node) -> None:
        keys = self._key()
        self._skip(_SPACE)
        if not self.text.startswith("=", self.at):
            raise _Invalid
        self.at += 1
        self._skip(_SPACE)
        value = self._value()
        node = table
        for name, span in keys[:-1]:
            node = self._descend(node, name, span, span[0])
            node.end = max(node.end, value.end)
        name, span = keys[-1]
        node.items[name] = (span, value)

    # --- keys and values ---------------------------------------------------------------------

    def _key(self) -> list[tuple[str, tuple[int, int]]]:
        """A dotted key: each part with its span."""
        parts = []
        while True:
            self._skip(_SPACE)
            start = self.at
            for pattern in (_BASIC, _LITERAL, _BARE):
                m = pattern.match(self.text, self.at)
                if m is not None:
                    break
            else:
                raise _Invalid
            self.at = m.end()
            raw = m.group()
            name = _unquote(raw) if raw[0] in "\"'" else raw
            parts.append((name, (start, self.at)))
            self._skip(_SPACE)
            if not self.text.startswith(".", self.at):
                return parts
            self.at += 1

    def _value(self) -> Node:
        start, text = self.at, self.text
        if text.startswith("[", start):
            return self._array()
        if text.startswith("{", start):
            return self._inline_table()
        for pattern in (_ML_BASIC, _ML_LITERAL, _BASIC, _LITERAL):
            m = pattern.match(text, start)
            if m is not None:
                self.at = m.end()
                return Node("scalar", start, self.at)
        m = _OTHER.match(text, start)
        if m is None or not m.group().strip():
            raise _Invalid
        self.at = start + len(m.group().rstrip())
        return Node("scalar", start, self.at)

    def _array(self) -> Node:
        node = Node("array", self.at, self.at)
        self.at += 1
        while True:
            self._skip(_BLANKS)
            if self.text.startswith("]", self.at):
                break
            node.values.append(self._value())
            self._skip(_BLANKS)
            if self.text.startswith(",", self.at):
                self.at += 1
            elif not self.text.startswith("]", self.at):
                raise _Invalid
        self.at += 1
        node.end = self.at
        return node

    def _inline_table(self) -> Node:
        node = Node("table", self.at, self.at)
        self.at += 1
        while True:
            self._skip(_BLANKS)  # TOML 1.1 allows newlines here; 1.0 readers refuse them first
            if self.text.startswith("}", self.at):
                break
            self._pair(node)
            self._skip(_BLANKS)
            if self.text.startswith(",", self.at):
                self.at += 1
            elif not self.text.startswith("}", self.at):
                raise _Invalid
        self.at += 1
        node.end = self.at
        return node

    def _skip(self, pattern: re.Pattern[str]) -> None:
        self.at = pattern.match(self.text, self.at).end()  # type: ignore[union-attr] - each matches ""


def _settle(node: Node) -> None:
    """Stretch each table and array over what it holds (a table a later header adds to, an array of tables)."""
    children = [n for _, n in node.items.values()] + node.values
    for child in children:
        _settle(child)
        node.end = max(node.end, child.end)


def _unquote(raw: str) -> str:
    """A quoted key's name: a literal string as written, a basic one with its escapes read."""
    body = raw[1:-1]
    if raw[0] == "'":
        return body

    def escape(m: re.Match[str]) -> str:
        e = m.group(1)
        if e[0] in "uU":
            return chr(int(e[1:], 16))
        return _ESCAPES.get(e, e)

    return re.sub(r"\\(u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|.)", escape, body)
