"""Mermaid flowcharts: a ```mermaid fence's text in, its nodes, edges and structure problems out.

:func:`parse_flowchart` reads the text with ``grammars/mermaid.lark`` and builds a
:class:`Flowchart`, every span absolute in the note (the caller passes the offset of the
text's first character). :func:`check_flowchart` checks what the *structure* check
promises: one start, every node reachable from it, every node able to reach an end, and
labelled, distinct exits on every decision. Each problem is a registered AV7xx rule.

Link semantics are deliberately simple: every link leads from the node written before it
to the node written after it, whatever its arrowheads (``---``, ``<-->`` and ``~~~``
included), and subgraphs only group nodes.
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Iterable, Mapping
from dataclasses import field, replace
from pathlib import Path
from typing import Any

from lark import Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.visitors import Discard

from ...findings import (
    RULES,
    DeadEnd,
    DuplicateExitLabel,
    Finding,
    FlowchartSyntax,
    LocatedError,
    Rule,
    StartNotUnique,
    UnlabelledExit,
    UnreachableNode,
)
from ...records import frozen
from ...source import Span
from ...syntax.grammar import load_parser

__all__ = [
    "DECISION_SHAPES",
    "SHAPES",
    "Node",
    "Edge",
    "Flowchart",
    "Problem",
    "parse_flowchart",
    "check_flowchart",
    "link_kind",
    "summary",
    "to_mermaid",
]

#: Each shape's opening and closing delimiters, as mermaid writes them.
SHAPES: Mapping[str, tuple[str, str]] = {
    "rect": ("[", "]"),
    "round": ("(", ")"),
    "stadium": ("([", "])"),
    "subroutine": ("[[", "]]"),
    "cylinder": ("[(", ")]"),
    "circle": ("((", "))"),
    "double_circle": ("(((", ")))"),
    "asymmetric": (">", "]"),
    "rhombus": ("{", "}"),
    "hexagon": ("{{", "}}"),
    "parallelogram": ("[/", "/]"),
    "parallelogram_alt": ("[\\", "\\]"),
    "trapezoid": ("[/", "\\]"),
    "trapezoid_alt": ("[\\", "/]"),
}

#: Shapes that make a node a decision even with a single exit.
DECISION_SHAPES = frozenset({"rhombus"})


@frozen
class Node:
    """A flowchart node: its id, its text and shape, and the span of its first occurrence.

    A node only ever referred to by its id has its id as text and the ``rect`` shape, as
    mermaid draws it. When a node is declared several times, the last declaration wins.
    """

    id: str
    label: str
    shape: str
    span: Span


@frozen
class Edge:
    """A link from ``src`` to ``dst``; ``kind`` is its canonical spelling (``-->``, ``-.->``, ``==>`` …)."""

    src: str
    dst: str
    label: str | None
    kind: str
    span: Span


@frozen
class Flowchart:
    """A parsed flowchart: its direction, its nodes by id (in order of appearance) and its edges."""

    direction: str
    nodes: dict[str, Node] = field(hash=False)
    edges: tuple[Edge, ...]
    span: Span

    def exits(self, node_id: str) -> tuple[Edge, ...]:
        """Return the edges leaving ``node_id``, in source order."""
        return tuple(edge for edge in self.edges if edge.src == node_id)

    def dump(self) -> str:
        """Return the chart as mermaid text (see :func:`to_mermaid`)."""
        return to_mermaid(self)


@frozen
class Problem:
    """A structure problem found by :func:`check_flowchart`: a rule's code, its message, where."""

    code: str
    message: str
    span: Span

    @classmethod
    def of(cls, rule: type[Rule], span: Span, **args: Any) -> Problem:
        """Build the problem of ``rule``, filling its message template with ``args``."""
        return cls(rule.code, rule.message(**args), span)

    def to_finding(self, path: Path | None = None) -> Finding:
        """Return this problem as a finding of its rule."""
        return Finding(self.code, RULES[self.code].severity, self.message, path, self.span)


# --- parsing -----------------------------------------------------------------------


def parse_flowchart(text: str, base: int = 0) -> Flowchart:
    """Parse a mermaid flowchart; ``base`` is the offset of ``text[0]`` in the note.

    :raises LocatedError: (AV701) where the text stops being a flowchart.
    """
    parser = load_parser("mermaid", maybe_placeholders=True)
    try:
        tree = parser.parse(text)
    except UnexpectedInput as err:
        raise _syntax_error(err, text, base, parser) from err
    direction, chains = _ToChains(base).transform(tree)
    return _assemble(direction, chains, Span(base, base + len(text)))


def link_kind(arrow: str) -> str:
    """Return a link's canonical spelling, its length ignored (``--->`` → ``-->``, ``.->`` → ``-.->``)."""
    if arrow.startswith("~"):
        return "~~~"
    head = arrow[-1] if arrow[-1] in ">ox" else ""
    tail = arrow[0] if arrow[0] in "<ox" else ""
    if "." in arrow:
        body = "-.-"
    elif "=" in arrow:
        body = "==" if head else "==="
    else:
        body = "--" if head else "---"
    return tail + body + head


@frozen
class _Shape:
    kind: str
    text: str


@frozen
class _Ref:
    """One occurrence of a node in a statement."""

    id: str
    shape: _Shape | None
    span: Span


@frozen
class _Link:
    kind: str
    label: str | None


@frozen
class _Step:
    """A link and the group of nodes it leads to."""

    link: _Link
    group: tuple[_Ref, ...]


@frozen
class _Chain:
    """``A & B --> C -- x --> D``: a first group of nodes and the steps after it."""

    first: tuple[_Ref, ...]
    steps: tuple[_Step, ...]


def _shape(kind: str) -> Any:
    """Return the transformer callback for the shape ``kind``."""

    @v_args(inline=True)
    def build(self: _ToChains, text: Token) -> _Shape:
        """Record the shape and its text."""
        return _Shape(kind, str(text))

    return build


class _ToChains(Transformer):
    """Turns the parse tree into ``(direction, [_Chain, ...])``, spans made absolute."""

    def __init__(self, base: int) -> None:
        super().__init__()
        self.base = base

    def _span(self, meta: Any) -> Span:
        return Span(self.base + meta.start_pos, self.base + meta.end_pos)

    def STRING(self, token: Token) -> Token:  # noqa: N802 (lark names terminal callbacks by terminal)
        """Drop the quotes around a quoted text."""
        return token.update(value=token[1:-1].strip())

    def _strip_text(self, token: Token) -> Token:
        """Drop the blanks an unquoted text ends with (the grammar already skips leading ones)."""
        return token.update(value=token.strip())

    TEXT_SQ = TEXT_RD = TEXT_CB = TEXT_SL = TEXT_PIPE = TEXT_NORMAL = TEXT_DOTTED = TEXT_THICK = _strip_text

    rect, round, stadium = _shape("rect"), _shape("round"), _shape("stadium")
    subroutine = _shape("subroutine")
    cylinder, circle, double_circle = _shape("cylinder"), _shape("circle"), _shape("double_circle")
    asymmetric, rhombus, hexagon = _shape("asymmetric"), _shape("rhombus"), _shape("hexagon")
    parallelogram, parallelogram_alt = _shape("parallelogram"), _shape("parallelogram_alt")
    trapezoid, trapezoid_alt = _shape("trapezoid"), _shape("trapezoid_alt")

    @v_args(inline=True, meta=True)
    def node(self, meta: Any, name: Token, shape: _Shape | None, css_class: Token | None) -> _Ref:
        """Record one occurrence of a node; its ``:::class`` only styles it."""
        return _Ref(str(name), shape, self._span(meta))

    @v_args(inline=True)
    def group(self, *nodes: _Ref) -> tuple[_Ref, ...]:
        """Collect the nodes joined by ``&``."""
        return nodes

    @v_args(inline=True)
    def link(self, arrow: Token, label: Token | None = None) -> _Link:
        """Build a link written ``-->`` or ``-->|label|``."""
        return _Link(link_kind(str(arrow)), None if label is None else str(label))

    @v_args(inline=True)
    def labelled_link(self, label: Token, arrow: Token) -> _Link:
        """Build a link written ``-- label -->`` (or dotted, or thick)."""
        return _Link(link_kind(str(arrow)), str(label))

    @v_args(inline=True)
    def step(self, link: _Link, group: tuple[_Ref, ...]) -> _Step:
        """Pair a link with the nodes it leads to."""
        return _Step(link, group)

    @v_args(inline=True)
    def chain(self, first: tuple[_Ref, ...], *steps: _Step) -> list[_Chain]:
        """Build a statement's chain (a list, so that subgraphs and statements flatten alike)."""
        return [_Chain(first, steps)]

    @v_args(inline=True)
    def subgraph(self, title: Token | None, *statements: list[_Chain]) -> list[_Chain]:
        """Flatten a subgraph: it groups nodes for drawing and changes nothing in the graph."""
        return [chain for statement in statements for chain in statement]

    def direction(self, children: list[Any]) -> Any:
        """Drop a subgraph's ``direction`` line, which only affects the drawing."""
        return Discard

    @v_args(inline=True)
    def header(self, direction: Token | None) -> str:
        """Return the chart's direction; mermaid draws top to bottom by default."""
        return "TB" if direction is None else str(direction)

    @v_args(inline=True)
    def start(self, direction: str, *statements: list[_Chain]) -> tuple[str, list[_Chain]]:
        """Return the direction and every chain, subgraphs flattened, in source order."""
        return direction, [chain for statement in statements for chain in statement]


def _assemble(direction: str, chains: Iterable[_Chain], span: Span) -> Flowchart:
    """Build the flowchart's nodes and edges from its chains (``&`` groups linked pairwise)."""
    nodes: dict[str, Node] = {}
    edges: list[Edge] = []
    for chain in chains:
        groups = [chain.first, *(step.group for step in chain.steps)]
        for ref in (ref for group in groups for ref in group):
            _declare(nodes, ref)
        for before, step in zip(groups, chain.steps, strict=False):
            for src in before:
                for dst in step.group:
                    where = src.span.cover(dst.span)
                    edges.append(Edge(src.id, dst.id, step.link.label, step.link.kind, where))
    return Flowchart(direction, nodes, tuple(edges), span)


def _declare(nodes: dict[str, Node], ref: _Ref) -> None:
    """Add a node at its first occurrence; a later one with a shape redraws it, as in mermaid."""
    known = nodes.get(ref.id)
    if known is None:
        shape = ref.shape or _Shape("rect", ref.id)
        nodes[ref.id] = Node(ref.id, shape.text, shape.kind, ref.span)
    elif ref.shape is not None:
        nodes[ref.id] = replace(known, label=ref.shape.text, shape=ref.shape.kind)


# Words for the terminals that have no literal spelling, for syntax error messages.
_TERMINAL_WORDS = {
    "$END": "the end of the chart",
    "_NL": "a line break",
    "NAME": "a node id",
    "STRING": "quoted text",
    "DIRECTION": "a direction (TD, TB, BT, LR, RL)",
    "LINK": "a link such as -->",
    "NORMAL_END": "a link end such as -->",
    "THICK_END": "a link end such as ==>",
    "DOTTED_END": "a link end such as .->",
    "TITLE": "a title",
    "_REST": "the rest of the line",
}


def _syntax_error(err: UnexpectedInput, text: str, base: int, parser: Any) -> LocatedError:
    """Turn lark's error into AV701 at the offending token or character."""
    expected: Iterable[str]
    if isinstance(err, UnexpectedToken) and err.token.type == "_NL":
        start = end = err.token.start_pos
        end += 1
        found, expected = "end of line" if text[start] != ";" else "';'", err.expected
    elif isinstance(err, UnexpectedToken) and err.token.type != "$END":
        start, end = err.token.start_pos, err.token.end_pos
        found, expected = repr(str(err.token)), err.expected
    elif isinstance(err, UnexpectedCharacters):
        start = end = err.pos_in_stream
        end += 1
        found, expected = repr(text[start]), err.allowed or ()
    else:  # the text stopped early: point just after its last character
        start = end = len(text.rstrip())
        found, expected = "end of the chart", getattr(err, "expected", None) or ()
    message = f"unexpected {found}; expected {_describe(expected, parser)}"
    return LocatedError(FlowchartSyntax, Span(base + start, base + end), message=message)


def _describe(names: Iterable[str], parser: Any) -> str:
    """Return the terminals the parser expected, in words, e.g. ``"]" or quoted text``."""
    words = set()
    for name in names:
        if name in _TERMINAL_WORDS:
            words.add(_TERMINAL_WORDS[name])
        elif name.startswith("TEXT_"):
            words.add("text")
        else:
            pattern = parser.get_terminal(name).pattern
            words.add(f'"{pattern.value}"' if pattern.type == "str" else name)
    ordered = sorted(words)
    if len(ordered) <= 1:
        return "".join(ordered) or "nothing more"
    return ", ".join(ordered[:-1]) + " or " + ordered[-1]


# --- structure ---------------------------------------------------------------------


def check_flowchart(chart: Flowchart) -> list[Problem]:
    """Return the chart's structure problems (AV702-AV706), in a stable order.

    One start is expected (:func:`starts`); every node must be reachable from it (AV703);
    every reachable node must reach an end, a node with no exits (AV704); and every exit of a
    decision must carry a label (AV705), distinct from its siblings' (AV706).
    """
    if not chart.nodes:
        return [Problem.of(StartNotUnique, chart.span, found="none (the chart has no nodes)")]
    problems: list[Problem] = []
    following = _neighbours(chart, forward=True)
    entries = starts(chart)
    first = next(iter(chart.nodes.values()))
    if len(entries) != 1:
        problems.append(Problem.of(StartNotUnique, first.span, found=_found(entries)))
    reached = _reach(entries, following) if entries else set(chart.nodes)
    where = f"the start {entries[0]}" if len(entries) == 1 else "any start"
    for node in chart.nodes.values():
        if node.id not in reached:
            problems.append(Problem.of(UnreachableNode, node.span, node=node.id, start=where))
    finishing = _reach(ends(chart), _neighbours(chart, forward=False))
    for node in chart.nodes.values():
        if node.id in reached and node.id not in finishing:
            problems.append(Problem.of(DeadEnd, node.span, node=node.id))
    return problems + _decision_problems(chart)


def starts(chart: Flowchart) -> list[str]:
    """Return the chart's start candidates: the nodes called Start, else those with no incoming edge."""
    named = [node.id for node in chart.nodes.values() if _is_start(node)]
    if named:
        return named
    targets = {edge.dst for edge in chart.edges}
    return [node_id for node_id in chart.nodes if node_id not in targets]


def _is_start(node: Node) -> bool:
    """Tell whether a node is called Start, by its id or its text."""
    return "start" in {node.id.casefold(), node.label.casefold()}


def ends(chart: Flowchart) -> list[str]:
    """Return the chart's ends: the nodes with no outgoing edge."""
    sources = {edge.src for edge in chart.edges}
    return [node_id for node_id in chart.nodes if node_id not in sources]


def _neighbours(chart: Flowchart, *, forward: bool) -> dict[str, list[str]]:
    """Return each node's successors (``forward``) or predecessors."""
    table: dict[str, list[str]] = defaultdict(list)
    for edge in chart.edges:
        if forward:
            table[edge.src].append(edge.dst)
        else:
            table[edge.dst].append(edge.src)
    return table


def _reach(roots: Iterable[str], neighbours: Mapping[str, list[str]]) -> set[str]:
    """Return the nodes reachable from ``roots`` (roots included), breadth first."""
    seen = set(roots)
    queue = deque(seen)
    while queue:
        for nxt in neighbours.get(queue.popleft(), ()):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen


def _found(entries: list[str]) -> str:
    """Describe the start candidates for AV702's message."""
    if not entries:
        return "none (every node has an incoming link)"
    return f"{len(entries)}: {', '.join(entries)}"


def _decision_problems(chart: Flowchart) -> list[Problem]:
    """Check the exits of every decision: each labelled (AV705), no label twice (AV706)."""
    problems = []
    for node in chart.nodes.values():
        exits = chart.exits(node.id)
        if node.shape not in DECISION_SHAPES and len(exits) < 2:
            continue
        seen: set[str] = set()
        for edge in exits:
            if not edge.label:
                args = {"src": edge.src, "dst": edge.dst, "kind": edge.kind}
                problems.append(Problem.of(UnlabelledExit, edge.span, **args))
            elif edge.label.casefold() in seen:
                problems.append(Problem.of(DuplicateExitLabel, edge.span, node=node.id, label=edge.label))
            else:
                seen.add(edge.label.casefold())
    return problems


# --- printing ----------------------------------------------------------------------


def summary(chart: Flowchart) -> str:
    """Describe the chart in one line, e.g. ``5 nodes, 5 edges, start A, ends E``."""
    entries, exits = starts(chart), ends(chart)
    nodes = f"{len(chart.nodes)} node{'' if len(chart.nodes) == 1 else 's'}"
    edges = f"{len(chart.edges)} edge{'' if len(chart.edges) == 1 else 's'}"
    start = "no start" if not entries else f"start{'' if len(entries) == 1 else 's'} {', '.join(entries)}"
    end = f"ends {', '.join(exits)}" if exits else "no end"
    return f"{nodes}, {edges}, {start}, {end}"


def to_mermaid(chart: Flowchart) -> str:
    """Return the chart as mermaid text: each node declared once, then one line per edge.

    Texts are quoted, so parsing the result gives the same nodes and edges back (spans aside).
    """
    lines = [f"flowchart {chart.direction}"]
    for node in chart.nodes.values():
        opening, closing = SHAPES[node.shape]
        lines.append(f'    {node.id}{opening}"{node.label}"{closing}')
    for edge in chart.edges:
        label = "" if edge.label is None else f'|"{edge.label}"|'
        lines.append(f"    {edge.src} {edge.kind}{label} {edge.dst}")
    return "\n".join(lines) + "\n"
