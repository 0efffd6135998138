"""The IR of a listing: small frozen nodes, each with the :class:`~algoverify.source.Span` it came from.

Built by :mod:`algoverify.syntax.build` from the algorithmic grammar's parse tree; consumed by
the interpreter, the checks and ``algoverify parse``. Math stays LaTeX text here
(:class:`Math`); :mod:`algoverify.math.mathexpr` parses it when a listing is executed.

Class names mirror the grammar's rule names (``IfBlock`` ↔ ``if_block``).
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import field, fields
from typing import Any, Callable, Iterator, Union

from ..records import frozen, preorder
from ..source import Span

__all__ = [
    "Node",
    "Math",
    "Text",
    "Comment",
    "Assign",
    "CallStmt",
    "Return",
    "TextStatement",
    "Print",
    "Condition",
    "Branch",
    "IfBlock",
    "WhileBlock",
    "ForRange",
    "ForAll",
    "RepeatUntil",
    "LoopBlock",
    "Function",
    "UserBlock",
    "Label",
    "Algorithm",
    "Statement",
    "walk",
    "iter_children",
    "dump",
    "to_json",
    "NodeVisitor",
]


@frozen
class Node:
    """Base of every IR node: all nodes know where they are in the note."""

    span: Span


@frozen
class Math(Node):
    """A math segment: the LaTeX between its delimiters, and the span of that inner text.

    ``span`` covers exactly ``latex`` in the note, so an offset ``k`` inside ``latex`` is at
    ``span.start + k`` in the note (one formula its author split over several segments is one
    Math whose inner delimiters are blanked to spaces of the same width). ``delimited`` tells
    whether it was written inside ``\\( \\)`` or ``$ $`` (``False`` for a slice cut out of a
    larger math segment, e.g. an assignment's target).
    When user macros were expanded (:mod:`~algoverify.syntax.expansion`), ``latex`` is the
    expanded text and ``origin`` the :class:`~algoverify.reading.macros.SourceMap` that takes its
    offsets back to the note; ``span`` is then the whole segment as written.
    """

    latex: str
    delimited: bool = True
    origin: Any = field(default=None, compare=False, repr=False)


@frozen
class Text(Node):
    """English with embedded math: ``parts`` alternates raw LaTeX text (``str``) and :class:`Math`.

    ``plain`` is a readable form (``\\lambda`` → λ, ``\\textbf{x}`` → x) for reports and matching.
    """

    parts: tuple[Union[str, Math], ...]
    plain: str

    @property
    def math(self) -> tuple[Math, ...]:
        """The embedded math segments, in order."""
        return tuple(p for p in self.parts if isinstance(p, Math))


@frozen
class Comment(Node):
    """A ``\\Comment{…}`` (or ``\\COMMENT``); ``text`` holds the argument."""

    text: Text


# --- statements ---------------------------------------------------------------------


@frozen
class Assign(Node):
    """``target ← value`` from ``\\gets``, ``\\leftarrow``, ``:=`` or a top-level ``=`` in a ``\\State``."""

    target: Math
    value: Math
    op: str
    comment: Comment | None = None


@frozen
class CallStmt(Node):
    """``\\Call{Name}{args}`` as a statement of its own."""

    name: str
    args: tuple[Math, ...]
    comment: Comment | None = None


@frozen
class Return(Node):
    """``\\Return`` of zero, one or several values (``\\(\\lambda, v\\)`` gives two).

    ``text`` is set only when the returned thing is not math alone (``\\Return the best
    \\(x\\)``); ``values`` then holds its math segments. A ``\\Call{F}{args}`` among the
    values is one value whose ``latex`` is the call as written (argument delimiters included).
    """

    values: tuple[Math, ...]
    comment: Comment | None = None
    text: Text | None = None


@frozen
class TextStatement(Node):
    """An English statement (``evaluate the loss \\(L_i\\) on \\(B_i\\)``) or math that is not an assignment.

    ``kind`` is ``"remark"`` for an unnumbered ``\\Statex`` line of text that continues nothing:
    a note to the reader, not a step to run.
    """

    text: Text
    comment: Comment | None = None
    kind: str | None = None


@frozen
class Print(Node):
    """``\\PRINT`` (legacy ``algorithmic``)."""

    text: Text
    comment: Comment | None = None


@frozen
class Condition(Node):
    """``\\Require``, ``\\Ensure``, ``\\Input`` or ``\\Output`` with the symbols its math introduces."""

    kind: str
    text: Text
    comment: Comment | None = None

    @property
    def symbols(self) -> tuple[Math, ...]:
        """The math segments of the condition (``\\(A\\)``, ``\\(B_1, \\dots, B_k\\)`` …)."""
        return self.text.math


# --- blocks -------------------------------------------------------------------------

Cond = Union[Math, Text]


@frozen
class Branch(Node):
    """One arm of an if: ``cond`` is ``None`` for the ``\\Else`` arm."""

    cond: Cond | None
    body: tuple[Statement, ...]
    comment: Comment | None = None


@frozen
class IfBlock(Node):
    """``\\If`` … ``\\ElsIf`` … ``\\Else`` … ``\\EndIf``: the branches in order."""

    branches: tuple[Branch, ...]


@frozen
class WhileBlock(Node):
    """``\\While{cond}`` … ``\\EndWhile``."""

    cond: Cond
    body: tuple[Statement, ...]
    comment: Comment | None = None


@frozen
class ForRange(Node):
    """``\\For{\\(i = 1, \\dots, k\\)}`` or ``\\For{\\(i \\gets 1\\) \\To \\(n\\)}``: an inclusive integer range.

    How it counts, when the header says: ``second`` is a written second term (``i = n, n-1,
    \\dots, 1``: the step is ``second - start``), ``step`` an explicit step (``\\textbf{step}
    \\(2\\)``, ``\\textbf{by}``), ``direction`` is ``"down"`` for a ``\\textbf{downto}``.
    """

    var: Math
    start: Math
    stop: Math
    body: tuple[Statement, ...]
    comment: Comment | None = None
    second: Math | None = None
    step: Math | None = None
    direction: str | None = None


@frozen
class ForAll(Node):
    """``\\ForAll{\\(x \\in S\\)}`` (also ``\\ForEach``, or a ``\\For`` whose header is not a range).

    ``var`` and ``iterable`` are ``None`` when the header is English that names no ``\\in``.
    """

    header: Cond
    var: Math | None
    iterable: Math | None
    body: tuple[Statement, ...]
    comment: Comment | None = None


@frozen
class RepeatUntil(Node):
    """``\\Repeat`` … ``\\Until{cond}``."""

    body: tuple[Statement, ...]
    cond: Cond
    comment: Comment | None = None


@frozen
class LoopBlock(Node):
    """``\\Loop`` … ``\\EndLoop``: runs until a ``\\Return``."""

    body: tuple[Statement, ...]
    comment: Comment | None = None


@frozen
class Function(Node):
    """``\\Function{Name}{params}`` or ``\\Procedure{Name}{params}`` and its body."""

    kind: str
    name: str
    params: tuple[Math, ...]
    body: tuple[Statement, ...]
    comment: Comment | None = None


@frozen
class UserBlock(Node):
    r"""A block the paper defines itself (``\algdef{SE}[DOWHILE]{Do}{doWhile}``, ``\algblock``, ``\algloop``).

    ``kind`` is the block's name in the definition (``DOWHILE``; the opener's name when the
    definition gives none). ``opener`` and ``closer`` are the commands as written (``\Do``,
    ``\doWhile``); ``closer`` is ``None`` for an ``\algloop`` block, whose body is the one
    statement after its header. ``args`` and ``closer_args`` are the declared arguments of
    each (one math segment alone is a :class:`Math`, anything else :class:`Text`).
    A defined block whose shape is a built-in one (a ``\ForEach`` that ends with
    ``\EndFor``) is built as that node instead (:class:`ForAll` …), never as a UserBlock;
    when its text negates its argument (``\IfNot{x}``) that node's condition is a
    :class:`Text` spanning the opener and its arguments, never the bare argument.
    """

    kind: str
    opener: str
    args: tuple[Cond, ...]
    body: tuple[Statement, ...]
    closer: str | None = None
    closer_args: tuple[Cond, ...] = ()
    comment: Comment | None = None


Statement = Union[
    Assign,
    CallStmt,
    Return,
    TextStatement,
    Print,
    Condition,
    Comment,
    IfBlock,
    WhileBlock,
    ForRange,
    ForAll,
    RepeatUntil,
    LoopBlock,
    Function,
    UserBlock,
]


@frozen
class Label(Node):
    r"""A ``\label{name}`` inside a listing; ``span`` covers the ``\label{…}`` itself.

    ``target`` is the span of what it labels: the statement on whose line it stands (a
    ``\label`` right after a ``\For{…}`` header labels the whole block, one after
    ``\EndFor`` too), a :class:`Branch` after an ``\ElsIf``/``\Else`` header, or the whole
    listing for a label that stands before any statement or outside ``algorithmic``.
    """

    name: str
    target: Span


@frozen
class Algorithm(Node):
    """A whole listing: an ``algorithmic`` environment with its optional ``algorithm`` float.

    ``caption`` and ``label`` come from the float (``label`` is its first ``\\label``).
    ``texts`` are the float's lines of text outside ``algorithmic`` (``\textbf{Input:} …``),
    one :class:`Text` per source line, in order. ``labels`` are the other ``\\label``\\ s,
    each with the span of what it labels (:meth:`labelled` finds the node).
    """

    body: tuple[Statement, ...]
    caption: Text | None = None
    label: str | None = None
    numbered: bool = False
    texts: tuple[Text, ...] = ()
    labels: tuple[Label, ...] = ()

    def labelled(self, name: str) -> Node | None:
        """Return the node the label ``name`` points at (the listing itself for a listing-level label)."""
        for label in self.labels:
            if label.name == name:
                if label.target == self.span:
                    return self
                for node in walk(self):
                    if node.span == label.target and not isinstance(node, (Math, Text, Label)):
                        return node
        return None


# --- traversal ----------------------------------------------------------------------


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    """A node class's field names, read once: every walk over a listing asks for them at each node."""
    return tuple(f.name for f in fields(cls))


def iter_children(node: Node) -> Iterator[Node]:
    """Yield the direct child nodes of ``node`` in source order of their fields."""
    return iter(children(node))


def children(node: Node) -> tuple[Node, ...]:
    """The direct child nodes of ``node`` in source order of their fields, found once per node.

    A node never changes, and the rules of ``lint`` walk each listing dozens of times: the tuple
    is kept in the node's ``__dict__`` (not a field: equality, ``repr`` and dumps ignore it).
    """
    found = node.__dict__.get("_children")
    if found is None:
        found = node.__dict__["_children"] = tuple(
            item
            for name in _field_names(type(node))
            for value in (getattr(node, name),)
            for item in (value if isinstance(value, tuple) else (value,))
            if isinstance(item, Node)
        )
    return found


def rebuilt(node: Node, change: Callable[[Node], Node | None]) -> Node:
    """``node`` with each node ``change`` gives a replacement for replaced, and the nodes above it rebuilt.

    ``change`` returns ``None`` to keep a node (and look inside it). Nodes nothing changes are
    the same objects: a listing with nothing to change comes back as it was.
    """
    replacement = change(node)
    if replacement is not None:
        return replacement
    changes: dict[str, Any] = {}
    for name in _field_names(type(node)):
        value = getattr(node, name)
        if isinstance(value, tuple) and any(isinstance(v, Node) for v in value):
            new = tuple(rebuilt(v, change) if isinstance(v, Node) else v for v in value)
            if any(a is not b for a, b in zip(new, value)):
                changes[name] = new
        elif isinstance(value, Node) and not isinstance(value, (Math, Text, Comment)):
            again = rebuilt(value, change)
            if again is not value:
                changes[name] = again
    return dataclasses.replace(node, **changes) if changes else node  # type: ignore[type-var]


def walk(node: Node) -> Iterator[Node]:
    """Yield ``node`` and all its descendants, depth first, parents before children."""
    return iter(preorder(node, children))


class NodeVisitor:
    """Dispatch ``visit(node)`` to ``visit_<ClassName>``, falling back to :meth:`generic_visit`.

    As in pylox, a ``visit_*`` method naming no IR class is a bug caught when the subclass
    is defined.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        known = {c.__name__ for c in _node_classes()}
        for name in vars(cls):
            if name.startswith("visit_") and name[6:] not in known:
                raise TypeError(f"{cls.__name__}.{name} names no IR node class")

    def visit(self, node: Node) -> Any:
        """Visit ``node`` with the method for its class."""
        return getattr(self, "visit_" + type(node).__name__, self.generic_visit)(node)

    def generic_visit(self, node: Node) -> Any:
        """Visit the children of ``node``."""
        for child in iter_children(node):
            self.visit(child)
        return None


def _node_classes() -> list[type[Node]]:
    out, todo = [], [Node]
    while todo:
        cls = todo.pop()
        out.append(cls)
        todo.extend(cls.__subclasses__())
    return out


# --- dumping ------------------------------------------------------------------------


def _line_col(locate: Any, span: Span) -> str:
    (l1, c1), (l2, c2) = locate(span.start), locate(span.end)
    return f"{l1}:{c1}-{l2}:{c2}"


def dump(node: Node, *, locate: Any = None, indent: str = "  ") -> str:
    """Return a readable multi-line rendering of ``node``.

    :param locate: ``offset -> (line, col)``; when given, each node shows ``@line:col-line:col``
        (as ``ast.dump(include_attributes=True)`` does); otherwise spans are shown as offsets.
    """
    lines: list[str] = []

    def pos(n: Node) -> str:
        if locate is None:
            return f"@{n.span.start}..{n.span.end}"
        return "@" + _line_col(locate, n.span)

    def scalar(value: Any) -> str:
        if isinstance(value, Span):
            return "@" + (f"{value.start}..{value.end}" if locate is None else _line_col(locate, value))
        if isinstance(value, Math):
            return f"Math({value.latex!r}) {pos(value)}"
        if isinstance(value, Text):
            return f"Text({value.plain!r}) {pos(value)}"
        return repr(value)

    def emit(n: Node, depth: int, label: str = "") -> None:
        pad = indent * depth
        head = f"{pad}{label}{type(n).__name__} {pos(n)}"
        if isinstance(n, (Math, Text)):
            lines.append(f"{pad}{label}{scalar(n)}")
            return
        lines.append(head)
        for f in fields(n):
            if f.name == "span":
                continue
            value = getattr(n, f.name)
            if value is None or value == ():
                continue
            if isinstance(value, (Math, Text, Span)):
                lines.append(f"{pad}{indent}{f.name}: {scalar(value)}")
            elif isinstance(value, Node):
                emit(value, depth + 1, f"{f.name}: ")
            elif isinstance(value, tuple) and value and all(isinstance(v, Node) for v in value):
                if all(isinstance(v, (Math, Text)) for v in value):
                    lines.append(f"{pad}{indent}{f.name}: [" + ", ".join(scalar(v) for v in value) + "]")
                else:
                    lines.append(f"{pad}{indent}{f.name}:")
                    for v in value:
                        emit(v, depth + 2)
            else:
                lines.append(f"{pad}{indent}{f.name}: {value!r}")

    emit(node, 0)
    return "\n".join(lines)


def to_json(node: Any, *, locate: Any = None) -> Any:
    """Return a JSON-ready structure for ``node``: ``{"type": …, "span": …, fields…}``.

    :param locate: ``offset -> (line, col)``; when given, spans also carry 1-based line/column.
    """
    if isinstance(node, Node):
        out: dict[str, Any] = {"type": type(node).__name__}
        span = {"start": node.span.start, "end": node.span.end}
        if locate is not None:
            (l1, c1), (l2, c2) = locate(node.span.start), locate(node.span.end)
            span.update(line=l1, column=c1, end_line=l2, end_column=c2)
        out["span"] = span
        for f in fields(node):
            if f.name != "span":
                out[f.name] = to_json(getattr(node, f.name), locate=locate)
        return out
    if isinstance(node, tuple):
        return [to_json(v, locate=locate) for v in node]
    if isinstance(node, Span):
        out_span: dict[str, Any] = {"start": node.start, "end": node.end}
        if locate is not None:
            (l1, c1), (l2, c2) = locate(node.start), locate(node.end)
            out_span.update(line=l1, column=c1, end_line=l2, end_column=c2)
        return out_span
    return node


def strip_spans(node: Any) -> Any:
    """Return ``node`` with every span replaced by ``Span(0, 0)``: for comparing structure only."""
    if isinstance(node, Node):
        changes = {f.name: strip_spans(getattr(node, f.name)) for f in fields(node) if f.name != "span"}
        return dataclasses.replace(node, span=Span(0, 0), **changes)
    if isinstance(node, Span):
        return Span(0, 0)
    if isinstance(node, tuple):
        return tuple(strip_spans(v) for v in node)
    return node
