r"""Small LaTeX scanning helpers: skip spaces and comments, find the end of a group or an option.

Shared by :mod:`~algoverify.syntax.definitions` (reading ``\algdef``, ``\newcommand`` …) and
:mod:`~algoverify.syntax.prepass` (blanking formatting). Every function takes the text and an
offset and returns an offset, never a copy, so callers keep exact positions. Unbalanced input
never raises: a group that does not close ends at the end of the text (``-1`` is returned
where the caller must know).
"""

from __future__ import annotations

import re

__all__ = ["skip_space", "group_end", "option_end", "control_word", "CONTROL_WORD"]

#: A control word, as TeX reads it (``@`` allowed, as in package code).
CONTROL_WORD = re.compile(r"\\[a-zA-Z@]+")
_SPACE = re.compile(r"(?:\s+|%[^\n]*)*")
_IN_GROUP = re.compile(r"\\[\s\S]|%[^\n]*|[{}]")
_IN_OPTION = re.compile(r"\\[\s\S]|%[^\n]*|[{}\]]")


def skip_space(text: str, pos: int) -> int:
    """Return the offset of the first character at or after ``pos`` that is not space or a comment."""
    return _SPACE.match(text, pos).end()  # type: ignore[union-attr] - the pattern matches the empty string


def group_end(text: str, pos: int) -> int:
    """``text[pos]`` is ``{``: return the offset just past its matching ``}``, or -1 if it never closes."""
    depth = 0
    for m in _IN_GROUP.finditer(text, pos):
        tok = m.group()
        if tok == "{":
            depth += 1
        elif tok == "}":
            depth -= 1
            if depth == 0:
                return m.end()
    return -1


def option_end(text: str, pos: int) -> int:
    """``text[pos]`` is ``[``: return the offset just past the matching ``]`` (braces nest), or -1."""
    depth = 0
    for m in _IN_OPTION.finditer(text, pos + 1):
        tok = m.group()
        if tok == "{":
            depth += 1
        elif tok == "}":
            depth -= 1
        elif tok == "]" and depth == 0:
            return m.end()
    return -1


def control_word(text: str, pos: int) -> str | None:
    r"""The control word (``\State``) starting at ``pos``, or ``None``."""
    m = CONTROL_WORD.match(text, pos)
    return m.group() if m else None
