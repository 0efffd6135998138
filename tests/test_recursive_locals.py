r"""A recursive procedure's loop variable is its own; the stack it pushes onto is its caller's.

Tarjan's strongly connected components, as Sedgewick writes it: ``Visit(v)`` loops
``\ForAll{w …}``, calls ``Visit(w)``, then reads ``low_w`` of *its* ``w``; the stack ``S`` the
entry creates is pushed and popped by every call. A correct listing written that way was refuted
(round 63). The fixtures are our own text.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import prose_note

from algoverify import api
from algoverify.source import Span
from algoverify.syntax import ir
from algoverify.syntax.build import parse_algorithm

TARJAN = r"""
\Procedure{Components}{$A$}
  \State $t \gets 0$; $c \gets 0$; $S \gets$ empty stack
  \For{$v = 1, \dots, n$}
    \State $\mathit{num}_v \gets 0$; $\mathit{on}_v \gets \textbf{false}$; $\mathit{comp}_v \gets 0$
  \EndFor
  \For{$v = 1, \dots, n$}
    \If{$\mathit{num}_v = 0$}
      \State \Call{Visit}{$v$}
    \EndIf
  \EndFor
  \State \Return $\mathit{comp}$
\EndProcedure
\Procedure{Visit}{$v$}
  \State $t \gets t + 1$; $\mathit{num}_v \gets t$; $\mathit{low}_v \gets t$
  \State push $v$ onto $S$; $\mathit{on}_v \gets \textbf{true}$
  \ForAll{$w \in V$ with $a_{vw} = 1$}
    \If{$\mathit{num}_w = 0$}
      \State \Call{Visit}{$w$}
      \State $\mathit{low}_v \gets \min(\mathit{low}_v, \mathit{low}_w)$
    \ElsIf{$\mathit{on}_w$}
      \State $\mathit{low}_v \gets \min(\mathit{low}_v, \mathit{num}_w)$
    \EndIf
  \EndFor
  \If{$\mathit{low}_v = \mathit{num}_v$}
    \State $c \gets c + 1$
    \Repeat
      \State $w \gets \mathrm{top}(S)$; pop $S$
      \State $\mathit{on}_w \gets \textbf{false}$; $\mathit{comp}_w \gets c$
    \Until{$w = v$}
  \EndIf
\EndProcedure
"""

PROSE = (
    r"Let \(G = (V, E)\) be a directed graph on \(V = \{1, \dots, n\}\), given by its adjacency matrix \(A\) "
    r"with entries \(a_{vw}\)."
)


def _components(adjacency: list[list[int]]) -> list[int]:
    """The partition into strongly connected components, as the label of each vertex's smallest member."""
    n = len(adjacency)
    reach = np.array(adjacency, dtype=bool) | np.eye(n, dtype=bool)
    for k in range(n):
        reach |= reach[:, [k]] & reach[[k], :]
    return [min(j for j in range(n) if reach[i, j] and reach[j, i]) for i in range(n)]


@pytest.mark.parametrize(
    "adjacency",
    [
        [[0, 1, 0], [0, 0, 1], [1, 0, 0]],  # one cycle
        [[0, 0, 1, 1], [1, 0, 0, 1], [0, 0, 0, 0], [0, 1, 0, 0]],  # round 63's counterexample
        [[0, 1, 0, 0, 0], [1, 0, 1, 0, 0], [0, 0, 0, 1, 0], [0, 0, 1, 0, 1], [0, 0, 0, 0, 0]],
    ],
)
def test_tarjan_written_with_a_stack_and_recursion_finds_the_components(tmp_path, adjacency):
    listing = api.load(prose_note(tmp_path, PROSE, TARJAN)).listings[0]
    comp = [int(c) for c in listing.run({"A": adjacency}).value]
    labels = _components(adjacency)
    # the same partition: two vertices share a component number exactly when they share a label
    assert [[a == b for b in comp] for a in comp] == [[a == b for b in labels] for a in labels]


def test_words_after_a_semicolon_are_a_statement_of_their_own():
    source = "\\begin{algorithmic}\n\\State $w \\gets \\mathrm{top}(S)$; pop $S$\n\\end{algorithmic}"
    assign, popped = parse_algorithm(source, Span(0, len(source))).body
    assert isinstance(assign, ir.Assign) and isinstance(popped, ir.TextStatement)
    assert source[popped.text.span.start : popped.text.span.end].strip() == "pop $S$"
    assert popped.text.plain.strip() == "pop S"
