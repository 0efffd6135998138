"""Mermaid flowcharts: the grammar, parse_flowchart's graph and spans, check_flowchart's rules."""

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark

from algoverify.checking.kinds.flowchart import (
    SHAPES,
    Edge,
    Flowchart,
    check_flowchart,
    link_kind,
    parse_flowchart,
    summary,
    to_mermaid,
)
from algoverify.findings import RULES, LocatedError
from algoverify.source import SourceFile, Span
from algoverify.syntax.grammar import grammar_path

CORPUS_NOTE = Path(__file__).resolve().parent.parent / "corpus" / "flowchart-wide-charts.md"


def where(text, span, base=0):
    """Return the (line, col) of a span's start in ``text`` (which starts at offset ``base``)."""
    return SourceFile(Path("chart.md"), text).line_col(span.start - base)


def codes_at(text):
    """Parse and check ``text``; return ``[(code, line, col), ...]``."""
    return [(p.code, *where(text, p.span)) for p in check_flowchart(parse_flowchart(text, 0))]


# --- the grammar ---------------------------------------------------------------------


def test_grammar_is_strict_lalr():
    # strict=True turns shift/reduce conflicts and terminal collisions into errors.
    Lark(
        grammar_path("mermaid").read_text(encoding="utf-8"),
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        maybe_placeholders=True,
        strict=True,
    )


def test_grammar_opens_with_its_description():
    head = grammar_path("mermaid").read_text(encoding="utf-8").splitlines()[:20]
    assert all(line.startswith("//") for line in head)
    assert any("Start rule: `start`" in line for line in head)
    assert any("algoverify/flowchart.py" in line for line in head)


# --- the corpus chart ----------------------------------------------------------------


@pytest.fixture(scope="module")
def corpus_chart():
    note = CORPUS_NOTE.read_text(encoding="utf-8")
    fence = re.search(r"```mermaid\n(.*?)```", note, re.S)
    return note, fence.start(1), parse_flowchart(fence.group(1), fence.start(1))


def test_corpus_chart_parses(corpus_chart):
    note, base, chart = corpus_chart
    assert chart.direction == "TD"
    assert list(chart.nodes) == ["A", "B", "C", "D", "E"] and len(chart.edges) == 5
    assert chart.nodes["B"].shape == "rhombus" and chart.nodes["B"].label == "Is the chart wide?"
    assert {e.dst: e.label for e in chart.exits("B")} == {"C": "yes", "D": "no"}
    assert summary(chart) == "5 nodes, 5 edges, start A, ends E"


def test_corpus_chart_spans_are_absolute(corpus_chart):
    note, base, chart = corpus_chart
    source = SourceFile(CORPUS_NOTE, note)
    assert source.segment(chart.nodes["B"].span) == "B{Is the chart wide?}"
    assert source.segment(chart.nodes["E"].span) == "E[End]"
    yes = next(e for e in chart.edges if e.label == "yes")
    assert source.segment(yes.span) == "B -- yes --> C[Scroll horizontally]"
    yes_line = note.splitlines().index("    B -- yes --> C[Scroll horizontally]") + 1
    assert source.line_col(yes.span.start) == (yes_line, 5)
    assert chart.span.start == base


def test_corpus_chart_has_no_problems(corpus_chart):
    assert check_flowchart(corpus_chart[2]) == []


def test_base_shifts_every_span():
    text = "graph TD\n  A --> B{x}\n"
    plain, shifted = parse_flowchart(text, 0), parse_flowchart(text, 100)
    assert shifted.nodes["B"].span == plain.nodes["B"].span.shift(100)
    assert shifted.edges[0].span == plain.edges[0].span.shift(100)


# --- problems: (id, chart, [(code, line, col), ...]) -----------------------------------

PROBLEM_CASES = [
    ("linear", "flowchart TD\n  A --> B --> C\n", []),
    (
        "unreachable",
        "flowchart TD\n  A[Start] --> B[End]\n  C --> D\n  D --> C\n",
        [("AV703", 3, 3), ("AV703", 3, 9)],
    ),
    ("two starts", "graph LR\n  A --> C\n  B --> C\n", [("AV702", 2, 3)]),
    (
        "no start",
        "graph LR\n  A --> B\n  B --> A\n",
        [("AV702", 2, 3), ("AV704", 2, 3), ("AV704", 2, 9)],
    ),
    ("empty", "flowchart TD\n", [("AV702", 1, 1)]),
    (
        "cycle with no exit",
        "flowchart TD\n  A{go?} -- loop --> B\n  A -- stop --> E\n  B --> C\n  C --> B\n",
        [("AV704", 2, 22), ("AV704", 4, 9)],
    ),
    (
        "every node upstream of a trap is a dead end",
        "flowchart TD\n  A --> B\n  B --> C\n  C --> B\n",
        [("AV704", 2, 3), ("AV704", 2, 9), ("AV704", 3, 9)],
    ),
    (
        "loop back to a node called start",
        "graph TD\n  S([start]) --> A{again?}\n  A -- yes --> S\n  A -- no --> E\n",
        [],
    ),
    (
        "unlabelled decision exit",
        "flowchart TD\n  A --> B{ok?}\n  B -- yes --> C\n  B --> D\n",
        [("AV705", 4, 3)],
    ),
    ("rhombus with one unlabelled exit", "graph TD\n  A{ok?} --> B\n", [("AV705", 2, 3)]),
    (
        "two exits without a rhombus",
        "graph TD\n  A --> B\n  A --> C\n",
        [("AV705", 2, 3), ("AV705", 3, 3)],
    ),
    (
        "duplicated labels",
        "flowchart TD\n  A --> B{ok?}\n  B -- yes --> C\n  B -- Yes --> D\n",
        [("AV706", 4, 3)],
    ),
    (
        "pipe labels",
        "flowchart TD\n  A --> B{ok?}\n  B -->|yes| C\n  B -->|no| D\n  C & D --> E\n",
        [],
    ),
    (
        "dotted and thick labels",
        "flowchart LR\n  A --> B{ok?}\n  B -. yes .-> C\n  B == no ==> C\n",
        [],
    ),
    (
        "chains",
        "graph TD\n  A --> B{x} -- yes --> C --> D\n  B -- no --> D\n",
        [],
    ),
    ("& fans out", "graph TD\n  A --> B & C\n  B & C --> D\n", [("AV705", 2, 3), ("AV705", 2, 3)]),
    ("& copies the label", "graph TD\n  A -->|go| B & C\n  B & C --> D\n", [("AV706", 2, 3)]),
    (
        "subgraphs",
        "flowchart LR\n  A[Start] --> B\n  subgraph one [Inner]\n    direction TB\n    B --> C\n"
        "    subgraph two\n    end\n  end\n  C --> D[End]\n",
        [],
    ),
    (
        "subgraph hides a dead end",
        "flowchart LR\n  A{go?} -- in --> B\n  A -- out --> E\n"
        "  subgraph loop\n    B --> C\n    C --> B\n  end\n",
        [("AV704", 2, 20), ("AV704", 5, 11)],
    ),
    (
        "comments",
        "%%{init: {'theme': 'dark'}}%%\nflowchart TD\n  %% a comment\n  A --> B %% trailing\n\n"
        "  %% another\n  B --> C;  C --> D;\n",
        [],
    ),
    (
        "styling lines",
        "graph TD\n  A:::hot --> B\n  classDef hot fill:#f96\n  class A hot\n"
        "  style B fill:#fff,stroke:#333\n"
        "  click A callback\n  linkStyle 0 stroke:#ff3\n",
        [],
    ),
    (
        "every shape",
        "graph TD\n  A[a] --> B(b) --> C([c]) --> D[[d]] --> E[(e)] --> F((f)) --> G(((g)))\n"
        '  G --> H>h] --> I{"i"} -->|yes| J{{j}} --> K[/k/] --> L[\\l\\] --> M[/m\\] --> N[\\n/]\n',
        [],
    ),
]


@pytest.mark.parametrize(
    ("text", "expected"), [c[1:] for c in PROBLEM_CASES], ids=[c[0] for c in PROBLEM_CASES]
)
def test_problems(text, expected):
    assert codes_at(text) == expected


def test_problem_messages_and_findings():
    chart = parse_flowchart("graph TD\n  A --> B{ok?}\n  B --> C\n  B -- no --> D\n", 0)
    (problem,) = check_flowchart(chart)
    assert problem.message == "exit B --> C of decision B has no label"
    finding = problem.to_finding(Path("note.md"))
    assert finding.code == "AV705" and finding.rule is RULES["AV705"] and finding.span == problem.span


def test_two_starts_message_names_them():
    (problem,) = check_flowchart(parse_flowchart("graph LR\n  A --> C\n  B --> C\n", 0))
    assert problem.message == "expected one start node, found 2: A, B"


def test_end_is_a_node_outside_subgraphs():
    chart = parse_flowchart("graph TD\n  subgraph X\n  end\n  A --> end\n  end --> B\n", 0)
    assert list(chart.nodes) == ["A", "end", "B"]


def test_later_declaration_redraws_a_node():
    chart = parse_flowchart("graph TD\n  A --> B\n  B{ok?} -->|yes| C\n", 0)
    assert chart.nodes["B"].shape == "rhombus" and chart.nodes["B"].label == "ok?"
    assert where("graph TD\n  A --> B\n", chart.nodes["B"].span) == (2, 9)


def test_unreferenced_node_takes_its_id_as_text():
    chart = parse_flowchart("graph\n  A --> node-2\n", 0)
    assert chart.direction == "TB"
    assert (chart.nodes["node-2"].label, chart.nodes["node-2"].shape) == ("node-2", "rect")


@pytest.mark.parametrize(
    ("arrow", "kind"),
    [
        ("-->", "-->"),
        ("---->", "-->"),
        ("---", "---"),
        ("-.->", "-.->"),
        ("-..-", "-.-"),
        (".->", "-.->"),
        ("==>", "==>"),
        ("====", "==="),
        ("--o", "--o"),
        ("--x", "--x"),
        ("<-->", "<-->"),
        ("o--o", "o--o"),
        ("~~~~", "~~~"),
    ],
)
def test_link_kind(arrow, kind):
    assert link_kind(arrow) == kind


def test_link_kinds_in_a_chart():
    chart = parse_flowchart("graph LR\n  A ---> B -. x .-> C == y ==> D <--> E ~~~ F --o G\n", 0)
    assert [e.kind for e in chart.edges] == ["-->", "-.->", "==>", "<-->", "~~~", "--o"]
    assert [e.label for e in chart.edges] == [None, "x", "y", None, None, None]


# --- syntax errors: (id, chart, line, col) ---------------------------------------------

SYNTAX_ERRORS = [
    ("unclosed bracket", "flowchart TD\n  A --> B[unclosed\n", 2, 19),
    ("link to nothing", "flowchart TD\n  A --> \n  B --> C\n", 2, 9),
    ("unclosed subgraph", "flowchart TD\n  subgraph X\n  A --> B\n", 3, 10),
    ("not a flowchart", "sequenceDiagram\n  A->>B: hi\n", 1, 1),
    ("bad direction", "flowchart XY\n", 1, 11),
    ("inline label never closed", "graph TD\n  A -- yes B\n", 2, 13),
    ("dangling &", "graph TD\n  A --> B & \n", 2, 13),
    ("stray brace", "graph TD\n  A{x} --> B}\n", 2, 13),
    ("unclosed quote", 'graph TD\n  A["unclosed] --> B\n', 2, 5),
    ("end starts no node inside a subgraph", "graph TD\n  subgraph X\n    end --> A\n  end\n", 3, 9),
]


@pytest.mark.parametrize(
    ("text", "line", "col"), [c[1:] for c in SYNTAX_ERRORS], ids=[c[0] for c in SYNTAX_ERRORS]
)
def test_syntax_errors(text, line, col):
    with pytest.raises(LocatedError) as info:
        parse_flowchart(text, 7)
    err = info.value
    assert err.rule is RULES["AV701"]
    assert where(text, err.span, base=7) == (line, col)
    assert str(err).startswith("flowchart syntax error: unexpected ")


def test_syntax_error_message_says_what_was_expected():
    with pytest.raises(LocatedError, match=r"unexpected end of line; expected .*\"\]\""):
        parse_flowchart("flowchart TD\n  A --> B[unclosed\n", 0)


# --- properties ----------------------------------------------------------------------

IDS = st.sampled_from(["A", "B", "C", "D", "n1", "x", "o", "end_1", "node-2", "Ünï"])
TEXTS = st.from_regex(
    r"[A-Za-z0-9?!]([A-Za-z0-9 ?!.,:;'()\[\]{}<>/|=-]{0,10}[A-Za-z0-9?!.])?", fullmatch=True
)
KINDS = st.sampled_from(["-->", "---", "-.->", "-.-", "==>", "===", "--o", "--x", "<-->", "o--o", "~~~"])
INLINE_OPENERS = {
    "-->": "--",
    "---": "--",
    "--o": "--",
    "--x": "--",
    "-.->": "-.",
    "-.-": "-.",
    "==>": "==",
    "===": "==",
}


@st.composite
def charts(draw):
    """A small random graph: ``{id: (text, shape)}`` and ``[(src, dst, label, kind), ...]``."""
    ids = draw(st.lists(IDS, min_size=1, max_size=6, unique=True))
    nodes = {i: (draw(TEXTS), draw(st.sampled_from(sorted(SHAPES)))) for i in ids}
    edge = st.tuples(st.sampled_from(ids), st.sampled_from(ids), st.none() | TEXTS, KINDS)
    return nodes, draw(st.lists(edge, max_size=8))


def write(nodes, edges, inline_labels):
    """Print a random graph as mermaid, with labels inline (``-- "x" -->``) where that form exists."""
    lines = ["flowchart LR"]
    for node_id, (text, shape) in nodes.items():
        opening, closing = SHAPES[shape]
        lines.append(f'  {node_id}{opening}"{text}"{closing}')
    for src, dst, label, kind in edges:
        if label is None:
            lines.append(f"  {src} {kind} {dst}")
        elif inline_labels and kind in INLINE_OPENERS:
            closing = kind[1:] if kind.startswith("-.") else kind
            lines.append(f'  {src} {INLINE_OPENERS[kind]} "{label}" {closing} {dst}')
        else:
            lines.append(f'  {src} {kind}|"{label}"| {dst}')
    return "\n".join(lines) + "\n"


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(charts(), st.booleans())
def test_random_charts_parse_back(chart, inline_labels):
    nodes, edges = chart
    parsed = parse_flowchart(write(nodes, edges, inline_labels), 0)
    assert {n.id: (n.label, n.shape) for n in parsed.nodes.values()} == nodes
    assert [(e.src, e.dst, e.label, e.kind) for e in parsed.edges] == edges
    again = parse_flowchart(to_mermaid(parsed), 0)
    assert again.nodes.keys() == parsed.nodes.keys()
    assert [(e.src, e.dst, e.label, e.kind) for e in again.edges] == edges
    check_flowchart(parsed)  # never raises


FRAGMENTS = [
    *'AB{}[]()<>-.=|&;:%"/\\ox \n\t~',
    "flowchart TD\n",
    "graph ",
    "-->",
    "subgraph ",
    "end",
    "-- ",
    "==",
    "-.",
]


@settings(max_examples=100, deadline=None)
@given(
    st.one_of(st.text(max_size=40), st.lists(st.sampled_from(FRAGMENTS), max_size=25).map("".join)),
    st.booleans(),
)
def test_no_input_raises_anything_but_located_error(text, with_header):
    text = "flowchart TD\n" + text if with_header else text
    try:
        chart = parse_flowchart(text, 3)
    except LocatedError as err:
        assert err.rule is RULES["AV701"]
        assert 3 <= err.span.start <= err.span.end <= 3 + len(text) + 1
        return
    for problem in check_flowchart(chart):
        assert problem.span in chart.span
    summary(chart)


def test_flowchart_is_frozen():
    chart = parse_flowchart("graph TD\n  A --> B\n", 0)
    with pytest.raises(AttributeError):
        chart.direction = "LR"
    assert isinstance(chart, Flowchart) and chart.edges == (Edge("A", "B", None, "-->", Span(11, 18)),)
