r"""CLRS's second-edition notation, as fresh notes copied it: ``V[G]``, ``\mathit{length}[X]``, "return c and b".

Each case is our own text. Before, each linted clean and then could not run: the graph ``G`` of
``\Procedure{Reach}{$G, s$}`` was a missing input (AV307 at check only, since lint skipped a check
that names its listing by its procedure), ``length[X]`` indexed a function with an array (AV306),
and ``\Return \(c\) and \(b\)`` returned the truth value ``c ∧ b`` (one value, or NumPy's raw message).
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import prose_note

import algoverify
from algoverify import api

_GRAPH = (
    r"Let \(G = (V, E)\) be a directed graph on the vertices \(V = \{1, \dots, n\}\), given by its "
    r"adjacency matrix \(A\), and let \(s \in V\) be the source."
)

_REACH = r"""
\Procedure{Reach}{$G, s$}
  \For{each vertex \(u \in VERTICES\)}
    \State \(r[u] \gets 0\)
  \EndFor
  \State \(r[s] \gets 1\)
  \State \(Q \gets\) empty queue
  \State enqueue \(s\) into \(Q\)
  \While{\(Q\) not empty}
    \State dequeue \(u\) from \(Q\)
    \For{each neighbour \(v\) of \(u\)}
      \If{\(r[v] = 0\)}
        \State \(r[v] \gets 1\)
        \State enqueue \(v\) into \(Q\)
      \EndIf
    \EndFor
  \EndWhile
  \State \Return \(r\)
\EndProcedure
"""

_SPEC = """  checks:
    - id: reach
      kind: property
      listing: Reach
      claim: "the source is reached"
      inputs: {n: "integers(1, 6)", A: "integers(0, 1, n, n)", s: "integers(1, n)"}
      holds: 'r[s] = 1'
"""

_CHAIN = np.array([[0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 0], [1, 0, 0, 0]])


@pytest.mark.parametrize("vertices", ["V[G]", "G.V", "V"])
def test_a_graph_parameter_the_prose_makes_of_its_parts_is_given_by_them(tmp_path, vertices):
    prose = _GRAPH + " The source is reached."
    note = prose_note(tmp_path, prose, _REACH.replace("VERTICES", vertices), _SPEC)
    listing = api.load(note).listing("Reach")
    assert "A" in listing.program.free  # the neighbours' matrix: a run takes it, though no math names it
    np.testing.assert_array_equal(listing(A=_CHAIN, s=1, n=4), [1, 1, 1, 0])
    np.testing.assert_array_equal(listing(A=_CHAIN, s=4, n=4), [1, 1, 1, 1])
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_a_graph_parameter_read_whole_is_still_an_input_lint_reports_missing(tmp_path):
    # G itself read (not only its parts): the check must give it, and lint says so at its inputs
    body = _REACH.replace("VERTICES", "V").replace(r"\State \Return \(r\)", r"\State \Return \(r, G\)")
    note = tmp_path / "note.md"
    note.write_text(
        f"---\nalgoverify:\n{_SPEC}---\n\n{_GRAPH} The source is reached.\n\n"
        f"\\begin{{algorithmic}}\n{body.strip()}\n\\end{{algorithmic}}\n"
    )
    found = [f for f in api.lint([note]).all_findings() if f.code == "AV307"]
    assert [f.message.split(":")[0] for f in found] == ["missing input(s) G"]
    assert note.read_text()[: found[0].span.start].count("\n") + 1 == 8  # the check's `inputs:`


def test_lint_finds_an_input_left_out_by_a_check_that_names_the_listing_by_its_procedure(tmp_path):
    body = "\\Procedure{Scale}{$x, c$}\n\\State \\Return $c x$\n\\EndProcedure"
    spec = (
        "  checks:\n    - id: p\n      kind: property\n      listing: Scale\n"
        '      claim: "it scales"\n      inputs: {x: "randn(3)"}\n      holds: \'x = x\'\n'
    )
    note = tmp_path / "note.md"
    note.write_text(f"---\nalgoverify:\n{spec}---\n\nIt scales.\n\n\\begin{{algorithmic}}\n{body}\n\\end{{algorithmic}}\n")
    found = [f for f in api.lint([note]).all_findings() if f.code == "AV307"]
    assert len(found) == 1 and found[0].message.startswith("missing input(s) c:")


@pytest.mark.parametrize(("attribute", "expected"), [("length", 3), ("rows", 3)])
def test_a_bracketed_attribute_of_an_array_is_its_length(attribute, expected):
    run = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $X$\n\\State $m \\gets \\mathit{" + attribute + "}[X]$\n"
        "\\State \\Return $m$\n\\end{algorithmic}"
    )
    assert run(X=np.zeros((3, 2))) == expected


def test_a_listings_own_array_named_length_is_indexed_as_written():
    run = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $X$\n\\State $\\mathit{length} \\gets X$\n"
        "\\State \\Return $\\mathit{length}[2]$\n\\end{algorithmic}"
    )
    assert run(X=np.array([5.0, 7.0, 9.0])) == 7.0


@pytest.mark.parametrize(
    ("returned", "expected"),
    [
        (r"\(c\) and \(b\)", (3.0, 5.0)),
        (r"\(c\), \(b\) and \(c + b\)", (3.0, 5.0, 8.0)),
    ],
)
def test_values_joined_by_and_in_a_return_are_each_returned(returned, expected):
    run = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $c, b$\n\\State \\Return " + returned + "\n\\end{algorithmic}"
    )
    assert run(c=3.0, b=5.0) == expected


def test_relations_joined_by_and_in_a_return_stay_one_truth_value():
    run = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $i, n$\n\\State \\Return \\(i \\le n\\) and \\(i > 0\\)\n\\end{algorithmic}"
    )
    assert run(i=2, n=3) is True and run(i=4, n=3) is False
