r"""Stacks, queues and deques in the words textbooks use: "push \(i\) onto \(S\)", "dequeue \(v\) from \(Q\)".

CLRS, Sedgewick and Brandes write a container's operations in English; a reader runs them on a
list. :func:`container_step` reads one statement into an :class:`Operation`; :func:`apply`
performs it on the list a name holds (a new list each time: a run's trace keeps the old one).
The front of a queue is its first entry, the top of a stack its last.
"""

from __future__ import annotations

import re
from typing import Any

from ..records import frozen
from ..syntax import ir

__all__ = ["ADDING", "Operation", "container_step", "apply"]

#: the operations that put an item in (the others take one out, or make a new container)
ADDING = frozenset({"push", "enqueue", "push_front"})


@frozen
class Operation:
    """One operation: ``kind`` (new, push, pop, enqueue, push_front, dequeue, pop_back, first, last), its maths."""

    kind: str
    maths: tuple[ir.Math, ...]


_NEW = re.compile(
    r"^(?:an? )?(?:new )?empty (?:stack|queue|deque|list|double-ended queue|fifo queue|lifo stack)\.?$", re.I
)
#: "last vertex of", "the first item of": a member at an end of a list (a matrix's first or last row)
_END_OF = re.compile(r"^(?:the )?(?P<end>last|first|final) (?:[\w-]+ )?of$", re.I)
_GETS = re.compile(r"^(?P<name>.+?)\s*(?:\\gets|\\leftarrow|:=)\s*$")
#: (kind, the words around the maths: None is a math)
_FORMS: tuple[tuple[str, tuple[str | None, ...]], ...] = (
    ("push", (r"push", None, r"onto|on|to|on top of|onto the top of", None)),
    ("push_front", (r"insert|push|put|add", None, r"at the front of|to the front of|in front of", None)),
    (
        "enqueue",
        (
            r"enqueue|insert|put|add|append",
            None,
            r"into|in|onto|to|at the (?:back|end|rear|tail) of|to the (?:back|end|rear|tail) of",
            None,
        ),
    ),  # noqa: E501
    ("dequeue", (r"dequeue", None, r"from", None)),
    ("dequeue", (r"remove(?: the(?: \w+)?)?", None, r"(?:at|from) the (?:front|head) of", None)),
    ("pop_back", (r"remove(?: the(?: \w+)?)?", None, r"(?:at|from) the (?:back|end|rear|tail) of", None)),
    ("pop", (r"pop", None, r"from|off", None)),
    ("pop", (r"pop(?: the top of| the top element of)?", None)),
)


def _words(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"^(?:{pattern})$", re.I)


_COMPILED = tuple((kind, tuple(None if w is None else _words(w) for w in words)) for kind, words in _FORMS)


def container_step(text: ir.Text) -> Operation | None:
    """The container operation ``text`` states, else ``None``."""
    parts = [" ".join(p.split()) if isinstance(p, str) else p for p in text.parts]
    parts = [p for p in parts if p != ""]
    gets = _GETS.match(parts[0].latex) if parts and isinstance(parts[0], ir.Math) else None
    if gets is not None:
        start = parts[0].span.start + gets.start("name")  # type: ignore[union-attr]
        name = ir.Math(type(parts[0].span)(start, start + len(gets.group("name"))), gets.group("name"))  # type: ignore[union-attr]
        if len(parts) == 2 and isinstance(parts[1], str) and _NEW.match(parts[1]):  # \(S \gets\) empty stack
            return Operation("new", (name,))
        end = _END_OF.match(parts[1]) if len(parts) == 3 and isinstance(parts[1], str) else None
        if end is not None and isinstance(parts[2], ir.Math):  # \(s \gets\) last vertex of \(Q\)
            return Operation("first" if end.group("end").lower() == "first" else "last", (name, parts[2]))
    for kind, words in _COMPILED:
        if len(parts) != len(words):
            continue
        maths: list[ir.Math] = []
        for part, pattern in zip(parts, words):
            if pattern is None and isinstance(part, ir.Math):
                maths.append(part)
            elif pattern is not None and isinstance(part, str) and pattern.match(part.rstrip(".").strip()):
                continue
            else:
                break
        else:
            return Operation(kind, tuple(maths))
    return None


def apply(kind: str, container: Any, item: Any = None) -> tuple[Any, list]:
    """``(the item taken or None, the container after)``: a new list; an empty one to take from is an error."""
    items = list(container) if container is not None else []
    if kind in ADDING - {"push_front"}:
        return None, items + [item]
    if kind == "push_front":
        return None, [item] + items
    if not items:
        raise IndexError(f"{'pop' if kind in ('pop', 'pop_back') else 'dequeue'} of an empty container")
    if kind in ("pop", "pop_back"):
        return items[-1], items[:-1]
    return items[0], items[1:]  # dequeue: the front
