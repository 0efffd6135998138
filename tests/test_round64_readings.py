r"""Notations of round 64's notes (statistics, floating point, geometry): our own fixtures.

Fawcett's ROC listing writes ``FP_{prev}`` in math italic, a word below a name; it was read as the
entry ``p \cdot r \cdot e \cdot v`` of ``FP`` (``e`` Euler's number).
"""

from __future__ import annotations

import pytest
from helpers import prose_note

from algoverify import api
from algoverify.math.mathexpr import parse_math
from algoverify.math.names import join_words

TRAPEZOIDS = r"""
\Require scores \(f_1, \dots, f_m\)
\State \(s \gets 0\); \(f_{prev} \gets 0\)
\For{\(i = 1, \dots, m\)}
  \State \(s \gets s + (f_i + f_{prev}) / 2\)
  \State \(f_{prev} \gets f_i\)
\EndFor
\State \Return \(s\)
"""


def test_a_word_below_a_name_is_its_label(tmp_path):
    note = prose_note(tmp_path, r"Let \(f_1, \dots, f_m\) be the scores.", TRAPEZOIDS)
    assert api.load(note).listings[0].run({"f": [2.0, 4.0, 6.0]}).value == pytest.approx(1 + 3 + 5)


@pytest.mark.parametrize(
    ("latex", "words", "indices"),
    [
        (r"f_{prev}", set(), ["prev"]),  # a label
        (r"x_{best}", set(), ["best"]),
        (r"a_{mid}", {"mid"}, ["mid"]),  # the listing's variable mid, as before
        (r"a_{ijk}", set(), ["i", "j", "k"]),  # three indices: no word
        (r"w_{ij}", set(), ["i", "j"]),
    ],
)
def test_which_subscripts_spell_a_word(latex, words, indices):
    tree = join_words(parse_math(latex), words)
    assert [getattr(i, "name", None) for i in tree.indices] == indices


SWEEPS = r"""
\Require \(z \in \mathbb{R}^n\), number of sweeps \(K\)
\State \(x_0 \gets z\)
\For{\(k = 0, \dots, K - 1\)}
  \State \(x_{k+1} \gets x_k / 2\)
\EndFor
\State \Return \(x_K\)
"""


def test_a_sequence_stored_each_pass_keeps_one_value_per_statement_in_the_history(tmp_path):
    # Dykstra's 3000 sweeps of four sequences held every version of each (740 MB, then out of memory)
    note = prose_note(tmp_path, r"Let \(z \in \mathbb{R}^n\) and \(K \ge 1\).", SWEEPS)
    result = api.load(note).listings[0].run({"z": [8.0, 4.0], "K": 2000})
    assert result.ok and list(result.value) == [0.0, 0.0]
    kept = [value for _, value in result.trace.history["x"] if value is not None]
    assert len(kept) <= 2  # the start and the last pass's, never one per pass
    assert result.trace.assignments("x") == 2001  # the count stays exact


TWO_SUM = r"""
\Function{TwoSum}{$a, b$}
  \State $s \gets a + b$
  \State $b' \gets s - a$
  \State $a' \gets s - b'$
  \State $\delta_b \gets b - b'$
  \State $\delta_a \gets a - a'$
  \State \Return $(s, \delta_a + \delta_b)$
\EndFunction
"""


def test_names_written_under_the_inputs_they_belong_to_are_labels(tmp_path):
    # Knuth's error terms: delta_b is b's error, never delta at the position b (0.1 is no index)
    note = prose_note(tmp_path, r"Let \(a\) and \(b\) be floating-point numbers.", TWO_SUM)
    s, e = api.load(note).listings[0].run({"a": 0.1, "b": 0.2}).value
    assert (s, e) == (0.1 + 0.2, -2.7755575615628914e-17)


SOURCE = r"""
\Require \(n \ge 1\), a source \(s\)
\For{\(v = 1, \dots, n\)}
  \State \(d_v \gets \infty\)
\EndFor
\State \(d_s \gets 0\)
\State \Return \(d\)
"""


def test_an_entry_at_a_given_index_beside_other_entries_stays_an_entry(tmp_path):
    # CLRS's d_s \gets 0: d is a family indexed by v too, so d_s is its entry at s
    note = prose_note(tmp_path, r"The graph has the vertices \(1, \dots, n\) and a source \(s\).", SOURCE)
    assert list(api.load(note).listings[0].run({"n": 3, "s": 2}).value) == [float("inf"), 0.0, float("inf")]


LONGEST = r"""
\For{\(i = 1, \dots, n\)}
  \State \(L_i \gets 1\)
  \For{\(j = 1, \dots, i - 1\)}
    \If{\(a_j < a_i\) and \(L_j + 1 > L_i\)}
      \State \(L_i \gets L_j + 1\)
    \EndIf
  \EndFor
\EndFor
\State \Return \(\max_{1 \le i \le n} L_i\)
"""


def test_a_family_written_under_loop_variables_stays_a_family(tmp_path):
    # L_i under the loop's i (which the prose mentions too): the entries of L, never labels
    prose = (
        r"Let \(a = a_1 a_2 \dots a_n\) be a sequence. \(L_i\) is the longest increasing run ending at \(a_i\); it "
        r"extends one ending at some \(a_j\) with \(j < i\) and \(a_j < a_i\)."
    )
    note = prose_note(tmp_path, prose, LONGEST)
    assert api.load(note).listings[0].run({"a": [3.0, 1.0, 2.0, 5.0, 4.0]}).value == 3


DEPTH_FIRST = r"""
\Procedure{Reached}{$A$}
  \For{$v = 1, \dots, n$}
    \State $d_v \gets 0$
  \EndFor
  \State $c \gets 0$
  \State \Call{Visit}{$1$}
  \State \Return $RETURNED$
\EndProcedure
\Procedure{Visit}{$u$}
  \State $d_u \gets 1$
  \State $h_u \gets 0$
  \ForAll{neighbour $w$ of $u$}
    \If{$d_w = 0$}
      \State \Call{Visit}{$w$}
      \State $c \gets c + 1$
      \State $h_u \gets \max(h_u, h_w + 1)$
    \EndIf
  \EndFor
\EndProcedure
"""

GRAPH = r"Let \(G = (V, E)\) be a graph on the vertices \(V = \{1, \dots, n\}\), given by its adjacency matrix \(A\)."


@pytest.mark.parametrize(
    ("returned", "expected"),
    [
        ("c", 3),  # the caller's counter, counted up in every call: the tree edges of the search
        ("h_1", 2),  # the table each call stores into, read after the recursive call: the tree's height
    ],
)
def test_a_recursive_procedure_over_each_neighbour_shares_the_caller_s_graph_counter_and_tables(
    tmp_path, returned, expected
):
    # round 64's bridges (Tarjan, after CLRS): "neighbour w of u" in Visit, A a parameter of the entry
    note = prose_note(tmp_path, GRAPH, DEPTH_FIRST.replace("RETURNED", returned))
    star = [[0, 1, 0, 1], [1, 0, 1, 0], [0, 1, 0, 0], [1, 0, 0, 0]]  # 1-2-3 and 1-4
    assert api.load(note).listings[0].run({"A": star}).value == expected


HALVING = r"""
\Require \(x_0 > 0\), number of passes \(K\)
\For{\(k = 0, \dots, K - 1\)}
  \State \(STORE\)
\EndFor
\State \Return \(RETURNED\)
"""


@pytest.mark.parametrize(
    ("store", "returned", "status"),
    [
        # round 65's Weiszfeld: x_{k+1} \gets … makes x the sequence of iterates; a bare x in `holds:` read
        # all of them, and a correct listing was refuted. It cannot be checked so: the message says why
        (r"x_{k+1} \gets x_k / 2", "x_K", "could not check"),
        (r"x \gets x / 2", "x", "verified"),  # x assigned whole: the current value
    ],
)
def test_a_bare_name_the_listing_stores_by_index_is_no_current_value_at_a_pass(tmp_path, store, returned, status):
    spec = """  checks:
    - id: p
      kind: property
      listing: 1
      claim: "the value never grows"
      at: "\\\\For"
      inputs: {x_0: "uniform(1, 2)", K: "integers(1, 4)"}
      holds: 'x \\le x^{(\\mathrm{prev})}'
"""
    if store == r"x \gets x / 2":
        spec = spec.replace("x_0:", "x:")
    body = HALVING.replace("STORE", store).replace("RETURNED", returned)
    if store == r"x \gets x / 2":
        body = body.replace(r"\(x_0 > 0\)", r"\(x > 0\)")
    note = prose_note(tmp_path, "The value never grows.", body, spec)
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == status, outcome.message
    if status == "could not check":
        assert "reads x whole" in outcome.message


SHRINKING = r"""
\Require distances \(d_1, \dots, d_n\), number of passes \(K\)
\For{\(i = 1, \dots, n\)}
  \State \(\delta_i \gets d_i\)
\EndFor
\For{\(k = 1, \dots, K\)}
  \For{\(i = 1, \dots, n\)}
    \State \(\delta_i \gets \min(\delta_i, 1 / k)\)
  \EndFor
\EndFor
\State \Return \(\delta\)
"""


def test_members_updated_in_place_and_their_previous_values_are_no_bare_sequence(tmp_path):
    # Gonzalez's farthest-first: \delta_i \gets \min(\delta_i, …) updates in place, \delta^{(prev)}_i is a member
    spec = r"""  checks:
    - id: p
      kind: property
      listing: 1
      claim: "the largest distance never grows"
      at: '\For{\(k = 1, \dots, K\)}'
      inputs: {n: "integers(1, 4)", d: "uniform(0, 2, n)", K: "integers(1, 4)"}
      holds: '\max_i \delta_i \le \max_i \delta^{(\mathrm{prev})}_i'
"""
    note = prose_note(tmp_path, "The largest distance never grows.", SHRINKING, spec)
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
