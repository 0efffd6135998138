r"""Stacks, queues and statements for every member, as algorithm textbooks write them (issue 19, round 41).

The fixtures are our own text.
"""

from __future__ import annotations

import pytest
from helpers import prose_note

from algoverify import api
from algoverify.running.containers import apply, container_step
from algoverify.source import Span
from algoverify.syntax import ir
from algoverify.syntax.build import parse_algorithm

NEAREST_SMALLER = r"""
\Require an array \(a_1, \dots, a_n\)
\State \(S \gets\) empty stack
\For{\(i = 1, \dots, n\)}
  \While{\(S\) is not empty \textbf{and} \(a_{\mathrm{top}(S)} \ge a_i\)}
    \State pop \(S\)
  \EndWhile
  \If{\(S\) is empty}
    \State \(L_i \gets 0\)
  \Else
    \State \(L_i \gets \mathrm{top}(S)\)
  \EndIf
  \State push \(i\) onto \(S\)
\EndFor
\State \Return \(L\)
"""


def test_a_stack_in_words_runs(tmp_path):
    note = prose_note(tmp_path, r"For each \(a_i\) the nearest smaller value to its left is wanted.", NEAREST_SMALLER)
    assert list(api.load(note).listings[0].run({"a": [3.0, 1.0, 4.0, 1.5, 5.0]}).value) == [0, 0, 2, 2, 4]


BREADTH_FIRST = r"""
\Require vertices \(1, \dots, n\), a source \(s\), an adjacency matrix \(A\)
\State \(d_v \gets \infty\) for all \(v \in \{1, \dots, n\}\)
\State \(d_s \gets 0\)
\State \(Q \gets\) empty queue
\State enqueue \(s\) into \(Q\)
\While{\(Q\) not empty}
  \State dequeue \(u\) from \(Q\)
  \For{\(v = 1, \dots, n\)}
    \If{\(a_{uv} = 1 \land d_v = \infty\)}
      \State \(d_v \gets d_u + 1\)
      \State enqueue \(v\) into \(Q\)
    \EndIf
  \EndFor
\EndWhile
\State \Return \(d\)
"""


def test_a_queue_in_words_and_a_statement_for_every_vertex(tmp_path):
    note = prose_note(
        tmp_path, r"The graph on \(n\) vertices has the adjacency matrix \(A\) with entries \(a_{uv}\).", BREADTH_FIRST
    )
    path = [[0, 1, 0, 0], [1, 0, 1, 0], [0, 1, 0, 0], [0, 0, 0, 0]]
    d = api.load(note).listings[0].run({"A": path, "s": 1}).value
    assert list(d) == [0, 1, 2, float("inf")]


def test_a_table_set_for_a_range_of_its_slots(tmp_path):
    note = prose_note(
        tmp_path,
        r"Let \(T[0..m-1]\) be a table of \(m\) slots.",
        "\\Require \\(m \\ge 1\\)\n\\State \\(T[j] \\gets 7\\) for \\(j = 0, \\dots, m - 1\\)\n\\State \\Return \\(T\\)",
    )
    assert list(api.load(note).listings[0].run({"m": 3}).value) == [7, 7, 7]


def _text(latex: str) -> ir.Text:
    source = f"\\begin{{algorithmic}}\n\\State {latex}\n\\end{{algorithmic}}"
    algorithm = parse_algorithm(source, Span(0, len(source)))
    (statement,) = algorithm.body
    return statement.text


@pytest.mark.parametrize(
    ("written", "kind"),
    [
        (r"push \(i\) onto \(S\)", "push"),
        (r"pop \(S\)", "pop"),
        (r"pop \(x\) from \(S\)", "pop"),
        (r"enqueue \(s\) into \(Q\)", "enqueue"),
        (r"append \(v\) to \(Q\)", "enqueue"),
        (r"insert \(v\) at the front of \(Q\)", "push_front"),
        (r"insert \(v\) at the back of \(Q\)", "enqueue"),
        (r"dequeue \(v\) from \(Q\)", "dequeue"),
        (r"remove the vertex \(u\) at the front of \(Q\)", "dequeue"),
        (r"remove \(u\) from the back of \(Q\)", "pop_back"),
        (r"\(S \gets\) empty stack", "new"),
        (r"\(Q \gets\) an empty queue", "new"),
        (r"reverse \(x\) into \(y\)", None),
    ],
)
def test_the_operations_the_words_name(written, kind):
    found = container_step(_text(written))
    assert (found.kind if found else None) == kind


def test_taking_from_an_empty_container_is_an_error_and_the_list_is_never_changed_in_place():
    stack = [1, 2]
    assert apply("pop", stack) == (2, [1]) and stack == [1, 2]
    assert apply("dequeue", stack) == (1, [2])
    with pytest.raises(IndexError):
        apply("pop", [])


def test_the_size_of_a_stack_by_bars(tmp_path):
    note = prose_note(
        tmp_path,
        r"A stack holds the indices.",
        "\\State \\(S \\gets\\) empty stack\n\\State push \\(3\\) onto \\(S\\)\n\\State \\Return \\(\\lvert S \\rvert\\)",
    )
    assert api.load(note).listings[0].run({}).value == 1


def test_and_not_denies_the_test_after_it(tmp_path):
    note = prose_note(
        tmp_path,
        r"A vertex is taken when it is adjacent and not yet seen.",
        r"""
\Require flags \(a\), \(s\)
\If{\(a = 1\) \textbf{and not} \(s\)}
  \State \Return \(1\)
\EndIf
\State \Return \(0\)
""",
    )
    listing = api.load(note).listings[0]
    assert [listing.run({"a": a, "s": s}).value for a, s in ((1, False), (1, True), (0, False))] == [1, 0, 0]


def test_a_return_that_names_its_value(tmp_path):
    # Booth's "\Return k = min(i, j)": the value, named k; lint has nothing to say of k
    note = prose_note(
        tmp_path,
        r"The two candidates are \(i\) and \(j\).",
        "\\Require integers \\(i\\), \\(j\\)\n\\State \\Return \\(k = \\min(i, j)\\)",
    )
    assert api.load(note).listings[0].run({"i": 4, "j": 2}).value == 2


BRANDES = r"""
\Require adjacency matrix \(A\), source \(s \in V\)
\State \(\sigma_t \gets 0\), \(d_t \gets -1\) for \(t \in V\)
\State \(\sigma_s \gets 1\), \(d_s \gets 0\)
\State \(Q \gets\) empty queue
\State enqueue \(s\) into \(Q\)
\While{\(Q\) not empty}
  \State dequeue \(v\) from \(Q\)
  \ForAll{neighbour \(w\) of \(v\)}
    \If{\(d_w \lt 0\)}
      \State enqueue \(w\) into \(Q\)
      \State \(d_w \gets d_v + 1\)
    \EndIf
    \If{\(d_w = d_v + 1\)}
      \State \(\sigma_w \gets \sigma_w + \sigma_v\)
    \EndIf
  \EndFor
\EndWhile
\State \Return \(\sigma, d\)
"""


def test_the_neighbours_of_a_vertex_in_the_graphs_matrix(tmp_path):
    # Brandes: "σ_t ← 0, d_t ← −1 for t ∈ V" and \ForAll{neighbour w of v} over the adjacency matrix
    note = prose_note(
        tmp_path,
        r"Let \(G\) be a graph on the vertices \(V = \{1, \dots, n\}\), given by its adjacency matrix \(A\).",
        BRANDES,
    )
    diamond = [[0, 1, 1, 0], [0, 0, 0, 1], [0, 0, 0, 1], [0, 0, 0, 0]]
    sigma, d = api.load(note).listings[0].run({"A": diamond, "s": 1}).value
    assert list(sigma) == [1, 1, 1, 2] and list(d) == [0, 1, 1, 2]


def test_neighbours_with_no_graph_matrix_to_take_them_from_is_refused_at_lint(tmp_path):
    note = tmp_path / "note.md"
    note.write_text(
        "Two lists are given.\n\n\\begin{algorithmic}\n\\Require lists \\(x\\), \\(y\\), a vertex \\(v\\)\n"
        "\\ForAll{neighbour \\(w\\) of \\(v\\)}\n  \\State \\(x_w \\gets 0\\)\n\\EndFor\n\\end{algorithmic}\n"
    )
    (finding,) = [f for f in api.lint([note]).all_findings() if f.code == "AV308"]
    assert "whose neighbours?" in finding.message and finding.span.start == note.read_text().index("\\ForAll")


COMPONENTS = r"""
\Function{Components}{\(A\)}
  \State \(\mathit{seen}_v \gets \textbf{false}\) for all \(v \in V\)
  \State \(c \gets 0\)
  \For{\(u = 1, \dots, n\)}
    \If{\(\lnot \mathit{seen}_u\)}
      \State \(c \gets c + 1\)
      \State \Call{Visit}{\(u\)}
    \EndIf
  \EndFor
  \State \Return \(c\)
\EndFunction
\Function{Visit}{\(u\)}
  \State \(\mathit{seen}_u \gets \textbf{true}\)
  \For{\(v = 1, \dots, n\)}
    \If{\(a_{uv} = 1\) \textbf{and not} \(\mathit{seen}_v\)}
      \State \Call{Visit}{\(v\)}
    \EndIf
  \EndFor
\EndFunction
"""


def test_a_procedure_shares_the_arrays_its_caller_keeps(tmp_path):
    # CLRS's DFS-Visit, Kuhn's Augment: the callee marks the caller's seen; a copy would count 4 components
    note = prose_note(
        tmp_path,
        r"Let \(G\) be a graph on the vertices \(V = \{1, \dots, n\}\), given by its adjacency matrix \(A\) "
        r"with entries \(a_{uv}\).",
        COMPONENTS,
    )
    two = [[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]]
    assert api.load(note).listings[0].run({"A": two}).value == 2


FINISHING = r"""
\Procedure{Visit}{\(u\)}
  \State \(\mathit{seen}_u \gets \textbf{true}\)
  \ForAll{\(v \in V\) with \(a_{uv} = 1\)}
    \If{\textbf{not} \(\mathit{seen}_v\)}
      \State \Call{Visit}{\(v\)}
    \EndIf
  \EndFor
  \State \(t \gets t + 1\); \(\mathit{order}_t \gets u\)
\EndProcedure
\Function{Finish}{\(A\)}
  \State \(\mathit{seen}_u \gets \textbf{false}\) for all \(u \in V\)
  \State \(t \gets 0\)
  \ForAll{\(u \in V\)}
    \If{\textbf{not} \(\mathit{seen}_u\)}
      \State \Call{Visit}{\(u\)}
    \EndIf
  \EndFor
  \State \Return \(\mathit{order}\)
\EndFunction
"""


def test_a_procedure_sets_the_counter_and_the_list_its_caller_reads(tmp_path):
    # CLRS's time t \gets t + 1 and Kosaraju's order_t \gets u, both the caller's after the calls
    note = prose_note(
        tmp_path,
        r"Let \(G\) be a graph on the vertices \(V = \{1, \dots, n\}\), given by its adjacency matrix \(A\) "
        r"with entries \(a_{uv}\).",
        FINISHING,
    )
    chain = [[0, 1, 0], [0, 0, 1], [0, 0, 0]]
    assert list(api.load(note).listings[0].run({"A": chain}).value) == [3, 2, 1]


DRAIN = r"""
\Require a count \(n \ge 1\)
\State \(Q \gets \emptyset\)
\For{\(i = 1, \dots, n\)}
  \State enqueue \(i\) into \(Q\)
\EndFor
\State \(c \gets 0\)
\While{\(Q \ne \emptyset\)}
  \State dequeue \(u\) from \(Q\)
  \State \(c \gets c + 1\)
\EndWhile
\State \Return \(c\)
"""


@pytest.mark.parametrize("test", [r"Q \ne \emptyset", r"Q \neq \varnothing", r"\lnot (Q = \emptyset)"])
def test_a_queue_compared_with_the_empty_set_asks_whether_it_holds_anything(tmp_path, test):
    # round 67: CLRS's test read as "a list is not the set {}", always true: a dequeue of an empty queue
    # refuted a correct breadth-first search
    note = prose_note(tmp_path, "We count a queue's members as we drain it.", DRAIN.replace(r"Q \ne \emptyset", test))
    assert api.load(note).listings[0].run({"n": 3}).value == 3
