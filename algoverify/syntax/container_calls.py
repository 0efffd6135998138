r"""CLRS's queue and stack procedures (``\Call{Enqueue}{Q, s}``, ``u \gets \Call{Dequeue}{Q}``) as their words.

CLRS, and the papers that follow it, write a queue's and a stack's operations as calls of
procedures the book defines once and never again: ``ENQUEUE(Q, s)``, ``DEQUEUE(Q)``,
``PUSH(S, x)``, ``POP(S)``. A reader runs them on a list, as the words "enqueue \(s\) into \(Q\)"
are run (:mod:`algoverify.running.containers`). Each such call is read here as those words, with
the note's own math and spans, so that every later step (what a statement reads and stores, lint,
the run) sees one form. The container comes first, as CLRS writes it. A listing that defines a
``\Function`` or ``\Procedure`` of the name keeps its own.
"""

from __future__ import annotations

import re

from ..source import Span
from . import ir

__all__ = ["as_container_words"]

#: the procedures that put an item in: (their names, lower case) → the words "enqueue … into …"
_ADDING = {"enqueue": ("enqueue", "into"), "push": ("push", "onto")}
#: the procedures that take one out: the verb and the preposition of the words
_TAKING = {"dequeue": ("dequeue", "from"), "pop": ("pop", "from")}
#: ``\Call{Dequeue}{Q}`` written whole as an assignment's value
_TAKEN = re.compile(r"^\s*\\Call\{(?P<name>[A-Za-z]+)\}\{(?P<arg>\s*[^{}]*?\s*)\}\s*$")


def as_container_words(algorithm: ir.Algorithm) -> ir.Algorithm:
    """``algorithm`` with each queue or stack call read as its words (unchanged when it has none)."""
    own = {n.name.lower() for n in ir.walk(algorithm) if isinstance(n, ir.Function)}
    names = (set(_ADDING) | set(_TAKING)) - own
    if not names or not any(_is_candidate(n, names) for n in ir.walk(algorithm)):
        return algorithm
    change = lambda n: _as_words(n, names) if isinstance(n, (ir.CallStmt, ir.Assign)) else None  # noqa: E731
    return ir.rebuilt(algorithm, change)  # type: ignore[return-value]


def _is_candidate(node: ir.Node, names: set[str]) -> bool:
    if isinstance(node, ir.CallStmt):
        return node.name.lower() in names
    return isinstance(node, ir.Assign) and "\\Call" in node.value.latex


def _as_words(node: ir.CallStmt | ir.Assign, names: set[str]) -> ir.TextStatement | None:
    if isinstance(node, ir.CallStmt):
        name = node.name.lower()
        if name not in names:
            return None
        if name in _ADDING and len(node.args) == 2:  # ENQUEUE(Q, s): s into Q
            verb, prep = _ADDING[name]
            return _words(node, (f"{verb} ", node.args[1], f" {prep} ", node.args[0]))
        if name in _TAKING and len(node.args) == 1:  # DEQUEUE(Q) alone: the item is dropped
            verb, _ = _TAKING[name]
            return _words(node, (f"{verb} ", node.args[0]))
        return None
    found = _TAKEN.match(node.value.latex) if node.value.origin is None else None  # offsets are the note's
    if found is None or found.group("name").lower() not in names or found.group("name").lower() not in _TAKING:
        return None
    arg = found.group("arg").strip()
    if not arg or "," in arg:
        return None
    start = node.value.span.start + found.start("arg") + (len(found.group("arg")) - len(found.group("arg").lstrip()))
    held = ir.Math(Span(start, start + len(arg)), arg, False)
    verb, prep = _TAKING[found.group("name").lower()]
    return _words(node, (f"{verb} ", node.target, f" {prep} ", held))  # u \gets DEQUEUE(Q): dequeue u from Q


def _words(node: ir.CallStmt | ir.Assign, parts: tuple[str | ir.Math, ...]) -> ir.TextStatement:
    plain = "".join(p if isinstance(p, str) else p.latex for p in parts)
    return ir.TextStatement(node.span, ir.Text(node.span, parts, plain), node.comment)
