"""Notation of papers that a listing must run with as a reader reads it (issue 19, the fifth round).

Each case is our own text, written the way numerical-linear-algebra and graph papers write
theirs: slices of rows (``U_{k, k:n}``), exchanges (``x \\leftrightarrow y``), several
assignments in one ``\\State``, an identity without its size, reductions over several
indices, a function of a sum, and the sizes a graph's prose gives.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import prose_note

import algoverify
from algoverify import api
from algoverify.math.mathexpr import parse_math
from algoverify.math.numeric import Context, compile_expr
from algoverify.source import Span


def listing(body: str, index_base: int = 1):
    return algoverify.compile("\\begin{algorithmic}\n" + body.strip() + "\n\\end{algorithmic}", index_base=index_base)


def value(latex: str, **env):
    return compile_expr(parse_math(latex), Context(declared=set(env)))(env)


A34 = np.arange(12.0).reshape(3, 4)


@pytest.mark.parametrize(
    "latex, expected",
    [
        ("A_{2, 2:4}", A34[1, 1:4]),  # a row from column 2 to 4, both included
        ("A_{2, :}", A34[1, :]),
        ("A_{:, 3}", A34[:, 2]),
        ("A_{1:2, 1:2}", A34[0:2, 0:2]),
        ("A_{k, k:n}", A34[1, 1:4]),  # the parser's (k, k) : n, regrouped as a reader does
        ("A_{2, 3:2}", A34[1, 0:0]),  # no positions: empty
        ("A[2, 2:3]", A34[1, 1:3]),
    ],
)
def test_a_range_of_positions_in_a_subscript_is_inclusive(latex, expected):
    got = value(latex, A=A34, k=2, n=4)
    np.testing.assert_array_equal(got, expected)


def test_in_a_listing_indexed_from_0_a_bracketed_slice_is_pythons():
    run = listing(r"\Require $x$" "\n" r"\State \Return $x[0:2], x_{0:1}$", index_base=0)
    head, sub = run(x=np.array([5.0, 6.0, 7.0]))
    np.testing.assert_array_equal(head, [5.0, 6.0])  # x[0:2] leaves position 2 out, as Python does
    np.testing.assert_array_equal(sub, [5.0, 6.0])  # x_{0:1}: the positions 0 and 1


def test_a_slice_past_the_end_says_which_position():
    run = listing(r"\Require $x$" "\n" r"\State \Return $x_{2:5}$")
    with pytest.raises(algoverify.ExecutionError, match=r"index 5 is out of range 1\.\.3 in x_\{2:5\}"):
        run(x=np.array([1.0, 2.0, 3.0]))


SWAPS = r"""
\Require $A$
\State $B \gets A$
\State $B_{1, 2:3} \leftrightarrow B_{2, 2:3}$
\State $B_{3, :} \gets B_{1, :}$
\State $a \gets 1$, $b \gets 2$, and $c \gets 3$
\State $a \leftrightarrow c$
\State \Return $B, a, b, c$
"""


def test_an_exchange_a_slice_store_and_several_assignments_in_one_state():
    B, a, b, c = listing(SWAPS)(A=A34[:, :3].copy())
    expected = A34[:, :3].copy()
    expected[[0, 1], 1:3] = expected[[1, 0], 1:3]
    expected[2, :] = expected[0, :]
    np.testing.assert_array_equal(B, expected)
    assert (a, b, c) == (3, 2, 1)


def test_a_logical_equivalence_in_a_condition_is_not_an_exchange():
    run = listing(r"\Require $p, q$" "\n" r"\If{$p \leftrightarrow q$}" "\n" r"\State \Return $1$" "\n" r"\EndIf"
                  "\n" r"\State \Return $0$")  # fmt: skip
    assert run(p=True, q=True) == 1 and run(p=True, q=False) == 0


LU = r"""
Let \(A \in \mathbb{R}^{n \times n}\) have entries \(a_{ij}\). The algorithm works on a copy
\(U\) of \(A\) with entries \(u_{ij}\) and builds \(L\) with entries \(l_{ij}\).

\begin{algorithmic}
\State $U \gets A$, $L \gets I$
\For{$k = 1, \dots, n - 1$}
  \For{$i = k + 1, \dots, n$}
    \State $l_{ik} \gets u_{ik} / u_{kk}$
    \For{$j = k, \dots, n$}
      \State $u_{ij} \gets u_{ij} - l_{ik} u_{kj}$
    \EndFor
  \EndFor
\EndFor
\State \Return $L, U$
\end{algorithmic}
"""


def test_lu_as_written_with_the_identity_of_the_square_size_and_entries_of_the_copy(tmp_path):
    note = tmp_path / "lu.md"
    note.write_text(LU)
    assert [f.code for f in api.lint([note]).all_findings()] == []  # j = k, …, n counts up inside k ≤ n − 1
    A = np.array([[4.0, 3.0, 2.0], [2.0, 1.0, 3.0], [6.0, 5.0, 1.0]])
    L, U = algoverify.load(note).listing(1)(A=A)
    np.testing.assert_allclose(L @ U, A)
    assert np.allclose(np.tril(L), L) and np.allclose(np.triu(U), U)


def test_an_identity_whose_size_the_note_does_not_say_is_a_lint_finding(tmp_path):
    note = tmp_path / "two.md"
    note.write_text(
        "Let \\(A \\in \\mathbb{R}^{m \\times m}\\) and \\(B \\in \\mathbb{R}^{p \\times p}\\).\n\n"
        "\\begin{algorithmic}\n\\State $L \\gets I$\n\\State $L_{1, 1} \\gets A_{1, 1} + B_{1, 1}$\n"
        "\\State \\Return $L$\n\\end{algorithmic}\n"
    )
    result = api.lint([note])
    (finding,) = [f for f in result.all_findings() if f.code == "AV204"]
    assert "L is set to I and then indexed" in finding.message
    assert result.sources[finding.path].line_col(finding.span.start) == (4, 1)


@pytest.mark.parametrize(
    "latex, expected",
    [
        (r"\max_{i, j} \lvert a_{ij} \rvert", 11.0),
        (r"\sum_{i, j} a_{ij}", 66.0),
        (r"\max_{1 \le i \le j \le 3} a_{ij}", max(A34[i, j] for i in range(3) for j in range(i, 3))),
        (r"\sum_{1 \le i < j \le 3} a_{ij}", sum(A34[i, j] for i in range(3) for j in range(i + 1, 3))),
        (r"\log \sum_{i=1}^{3} e^{x_i}", np.log(np.exp([0.5, 1.0, 2.0]).sum())),
        (r"2 \log_2 \max_i x_i + 1", 2 * np.log2(2.0) + 1),
    ],
)
def test_reductions_over_several_indices_and_functions_of_a_reduction(latex, expected):
    assert value(latex, a=A34, x=np.array([0.5, 1.0, 2.0])) == pytest.approx(expected)


def test_a_subscript_no_run_can_read_is_a_lint_finding_at_the_check(tmp_path):
    note = tmp_path / "k.md"
    note.write_text(
        "---\nalgoverify:\n  checks:\n    - id: k\n      kind: property\n      listing: 1\n"
        "      inputs: {x: \"randn(4)\"}\n      holds: 'r = \\max_{i j} x_i'\n---\n\n"
        "\\begin{algorithmic}\n\\Require $x \\in \\mathbb{R}^n$\n\\State $r \\gets x_1$\n\\State \\Return $r$\n"
        "\\end{algorithmic}\n"
    )
    result = api.lint([note])
    (finding,) = result.all_findings()
    assert finding.code == "AV502" and "names no index or set to run over" in finding.message
    assert result.sources[finding.path].line_col(finding.span.start)[0] == 8


GRAPH = r"""
Let \(G\) be a graph on the vertices \(V = \{1, \dots, n\}\), given by its PHRASE.

\begin{algorithmic}
\Function{Degree}{$A$}
  \State $d \gets 0$
  \ForAll{$u \in V$}
    \ForAll{$v \in V$}
      \State $d \gets d + a_{uv}$
    \EndFor
  \EndFor
  \State \Return $d$
\EndFunction
\end{algorithmic}
"""


@pytest.mark.parametrize(
    "phrase",
    [
        r"adjacency matrix \(A\)",
        r"\(n \times n\) adjacency matrix \(A\)",
        r"weights: \(A\), an \(n \times n\) matrix",
    ],
)
def test_the_matrix_of_a_graph_on_n_vertices_is_n_by_n(tmp_path, phrase):
    note = tmp_path / "g.md"
    note.write_text(GRAPH.replace("PHRASE", phrase))
    assert api.lint([note]).all_findings() == []
    run = algoverify.load(note).listing(1)
    assert run(A=np.array([[0, 1, 1], [1, 0, 0], [1, 0, 0]])) == 4  # n = 3 from the shape of A


def test_a_name_a_definition_reads_is_named_when_nothing_binds_it(tmp_path):
    note = tmp_path / "v.md"
    note.write_text(GRAPH.replace("PHRASE", "edges").replace("a_{uv}", "1"))
    findings = [f for f in api.lint([note]).all_findings() if f.code == "AV303"]
    said = [f.message for f in findings if f.message.startswith("n is not defined")]
    assert said and "the definition of V" in said[0] and "from the prose at line 2" in said[0]


@pytest.mark.slow
def test_a_spec_that_draws_the_size_binds_what_a_definition_reads(tmp_path):
    note = tmp_path / "v.md"
    note.write_text(
        "---\nalgoverify:\n  checks:\n    - id: count\n      kind: property\n      listing: 1\n"
        '      inputs: {n: "integers(1, 6)", A: "constant(0, n, n)"}\n      holds: \'d = n^2\'\n---\n'
        + GRAPH.replace("PHRASE", "edges").replace("a_{uv}", "1")
    )
    assert [f.code for f in api.lint([note]).all_findings()] == []
    (outcome,) = api.check([note], seed=0).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


ONE_LISTING = r"""---
algoverify:
  checks:
    - id: symmetric
      kind: property
      as: f
      draw: {x: "randn(3)", y: "randn(3)"}
      let: {g(u, v): 'f(u, v) + 1'}
      holds: 'g(x, y) = g(y, x)'
---

\begin{algorithmic}
\Function{Dot}{$x, y$}
  \State \Return $x^{\top} y$
\EndFunction
\end{algorithmic}
"""


@pytest.mark.slow
def test_as_names_the_only_listing_and_a_let_key_yaml_split_at_its_comma_is_joined(tmp_path):
    note = tmp_path / "dot.md"
    note.write_text(ONE_LISTING)
    assert api.lint([note]).all_findings() == []
    (outcome,) = api.check([note], seed=0).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_as_without_listing_in_a_note_of_two_listings_asks_which(tmp_path):
    note = tmp_path / "dot.md"
    body = ONE_LISTING.split("---\n", 2)[2]
    note.write_text(ONE_LISTING + body.replace("Dot", "Dot2"))
    (finding,) = [f for f in api.lint([note]).all_findings() if f.code == "AV502"]
    assert "this note has several, say which with `listing:`" in finding.message


@pytest.mark.parametrize("body", [r"\State $B \gets I + A$", r"\State $B \gets I_n + A$"])
def test_the_identity_is_exact_in_an_exact_run(body):
    from fractions import Fraction

    run = listing(r"\Require $A \in \mathbb{R}^{n \times n}$" "\n" + body + "\n" r"\State \Return $B$")
    B = run.run({"A": np.array([[1, 2], [3, 4]])}, exact=True).value
    assert B.tolist() == [[2, 2], [3, 5]] and all(isinstance(x, (int, Fraction)) for x in B.ravel())


def test_the_last_index_of_a_family_from_0_is_said_as_such(tmp_path):
    note = tmp_path / "c.md"
    note.write_text(
        "The coefficients \\(c_0, \\dots, c_N\\) are given.\n\n\\begin{algorithmic}\n\\State $s \\gets 0$\n"
        "\\For{$k = 0, \\dots, N$}\n\\State $s \\gets s + c_k$\n\\EndFor\n\\State \\Return $s$\n\\end{algorithmic}\n"
    )
    run = algoverify.load(note).listing(1)
    assert run(c=[1.0, 2.0, 3.0]) == 6.0
    from algoverify.running.runcmd import describe_inputs

    assert "N  last index of the family c (c_0, …, c_N)" in describe_inputs(run)


def note_listing(tmp_path, text: str, name: str = "n.md"):
    note = tmp_path / name
    note.write_text(text)
    return note, algoverify.load(note).listing(1)


def test_a_vector_the_prose_declares_and_the_listing_updates_in_place_is_an_input(tmp_path):
    note, run = note_listing(
        tmp_path,
        "Let \\(b \\in \\mathbb{R}^{n}\\).\n\n\\begin{algorithmic}\n\\For{\\(i = 1, \\dots, n\\)}\n"
        "\\State \\(b_i \\gets 2 b_i\\)\n\\EndFor\n\\State \\Return \\(b\\)\n\\end{algorithmic}\n",
    )
    assert api.lint([note]).all_findings() == []
    np.testing.assert_array_equal(run(b=np.array([1.0, 2.0])), [2.0, 4.0])


def test_distinct_in_a_require_is_a_precondition(tmp_path):
    _, run = note_listing(
        tmp_path,
        "\\begin{algorithmic}\n\\Require array \\(A[1..n]\\) of distinct numbers\n\\State \\Return \\(A_1\\)\n"
        "\\end{algorithmic}\n",
    )
    assert run(A=np.array([1.0, 2.0])) == 1.0
    with pytest.raises(algoverify.ExecutionError, match="AV309.*distinct"):
        run(A=np.array([0.0, 0.0]))


STEEPEST = r"""Let \(A \in \mathbb{R}^{n \times n}\) and \(b \in \mathbb{R}^{n}\).

\begin{algorithmic}
\State \(x \gets 0\); \(r \gets b\); \(s \gets 0\)
\While{\(\lVert r \rVert > 10^{-12}\)}
  \State \(\alpha \gets \dfrac{r^{\top} r}{r^{\top} A r}\)
  \State \(x \gets x + \alpha r\)
  \State \(s \gets s + \alpha\)
  \State \(r \gets b - A x\)
\EndWhile
\State \Return \(x, s\)
\end{algorithmic}
"""


def test_a_zero_updated_by_vectors_is_the_zero_vector_even_when_no_pass_runs(tmp_path):
    _, run = note_listing(tmp_path, STEEPEST)
    x, s = run(A=np.eye(2), b=np.zeros(2))
    np.testing.assert_array_equal(x, [0.0, 0.0])  # x is the iterate in ℝⁿ
    assert np.ndim(s) == 0  # s adds numbers: it stays a number
    x, s = run(A=np.eye(2), b=np.array([1.0, 2.0]))
    np.testing.assert_allclose(x, [1.0, 2.0])


def test_an_equation_about_an_entry_of_an_output(tmp_path):
    note = tmp_path / "e.md"
    note.write_text(
        "---\nalgoverify:\n  checks:\n    - id: last\n      kind: equation\n      listing: 1\n"
        '      equation: 1\n      inputs: {n: "integers(1, 5)", x: "randn(n)"}\n---\n\n'
        "The array \\(x\\) has \\(n\\) entries.\n\n\\begin{algorithmic}\n\\State \\(c \\gets x\\)\n"
        "\\For{\\(i = 2, \\dots, n\\)}\n\\State \\(c_i \\gets c_{i-1} + x_i\\)\n\\EndFor\n"
        "\\State \\Return \\(c\\)\n\\end{algorithmic}\n\nThe last entry is the total\n\\[\nc_n = \\sum_{i=1}^{n} x_i.\n\\]\n"
    )
    (outcome,) = api.check([note], seed=0).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


@pytest.mark.parametrize(
    "latex, expected",
    [
        (r"\min_{i \le k < j} a_{k}", 1.0),  # k from i to j - 1
        (r"\sum_{i < k \le j} a_{k}", 2.0 + 3.0),
        (r"\max_{i \le k \le j} a_{k}", 3.0),
    ],
)
def test_a_chain_of_bounds_around_one_index(latex, expected):
    assert value(latex, a=np.array([1.0, 2.0, 3.0]), i=1, j=3) == expected


def test_a_function_the_prose_declares_is_called(tmp_path):
    note, run = note_listing(
        tmp_path,
        "Let \\(f : [a, b] \\to \\mathbb{R}\\) be continuous and let \\(x\\) be a number.\n\n"
        "\\begin{algorithmic}\n\\State \\(y \\gets f(x)\\)\n\\State \\Return \\(y\\)\n\\end{algorithmic}\n",
    )
    assert api.lint([note]).all_findings() == []
    assert run(f=lambda t: t * t, x=3.0) == 9.0


SECANT = r"""Let \(f : \mathbb{R} \to \mathbb{R}\) and let \(x_0 \ne x_1\) be two starting points.

\begin{algorithmic}
\State \(k \gets 1\)
\Repeat
  \State \(x_{k+1} \gets x_k - f(x_k) \dfrac{x_k - x_{k-1}}{f(x_k) - f(x_{k-1})}\); \(k \gets k + 1\)
\Until{\(\lvert x_k - x_{k-1} \rvert \le 10^{-12}\)}
\State \Return \(x_k\)
\end{algorithmic}
"""


def test_two_given_members_start_the_sequence(tmp_path):
    note, run = note_listing(tmp_path, SECANT)
    assert api.lint([note]).all_findings() == []
    assert run(f=lambda t: t * t - 2.0, x_0=1.0, x_1=2.0) == pytest.approx(2**0.5)


CHAN = r"""\begin{algorithmic}
\Require counts \(n_a, n_b \ge 1\), means \(\bar{x}_a, \bar{x}_b\)
\State \(n \gets n_a + n_b\)
\State \(\bar{x} \gets (n_a \bar{x}_a + n_b \bar{x}_b) / n\)
\State \Return \(\bar{x}\)
\end{algorithmic}
"""


def test_letters_under_one_base_in_a_require_are_names_and_a_bound_is_on_every_name(tmp_path):
    note, run = note_listing(tmp_path, CHAN)
    assert api.lint([note]).all_findings() == []
    assert run(n_a=1, n_b=3, x_bar_a=2.0, x_bar_b=6.0) == 5.0
    with pytest.raises(algoverify.ExecutionError, match=r"AV309 .*does not hold \(n_a = 0\)"):
        run(n_a=0, n_b=3, x_bar_a=2.0, x_bar_b=6.0)


def test_an_exact_run_names_the_entries_as_the_listing_counts():
    from algoverify.running.runcmd import compare_outputs

    run = listing(r"\Require $y$" "\n" r"\State \Return $y$", index_base=0)
    table = compare_outputs(run, np.array([0.5, 0.25]), np.array([0.5, 0.25], dtype=object))
    assert [line.split()[0] for line in table.splitlines()[1:]] == ["y_0", "y_1"]


DFS = r"""Let the graph have \(n\) vertices and the \(n \times n\) adjacency matrix \(A\).

\begin{algorithmic}
\Function{Order}{\(A\)}
  \State \(d \gets 0\); \(t \gets 0\)
  \For{\(u = 1, \dots, n\)}
    \State \((d, t) \gets \Call{Mark}{u, d, t}\)
  \EndFor
  \State \Return \(d\)
\EndFunction
\Function{Mark}{\(u, d, t\)}
  \State \(t \gets t + 1\); \(d_u \gets t\)
  \State \Return \(d, t\)
\EndFunction
\end{algorithmic}
"""


def test_a_zero_handed_to_a_function_that_stores_into_it_is_a_vector(tmp_path):
    note, run = note_listing(tmp_path, DFS)
    assert api.lint([note]).all_findings() == []
    np.testing.assert_array_equal(run(A=np.zeros((3, 3))), [1, 2, 3])


@pytest.mark.slow
@pytest.mark.parametrize("spelled", ["epsilon", "varepsilon"])
def test_a_numpy_reference_takes_the_inputs_it_needs_and_epsilon_is_varepsilon(tmp_path, spelled):
    note = tmp_path / "jacobi.md"
    note.write_text(
        "---\nalgoverify:\n  checks:\n    - id: solves\n      kind: reference\n      listing: 1\n"
        f'      inputs: {{n: "integers(1, 4)", A: "spd(n)", b: "randn(n)", {spelled}: 1e-12}}\n'
        "      reference: numpy.linalg.solve\n      atol: 1e-6\n      max_steps: 100000\n---\n\n"
        "Let \\(A \\in \\mathbb{R}^{n \\times n}\\), \\(b \\in \\mathbb{R}^{n}\\) and a tolerance \\(\\varepsilon > 0\\).\n\n"
        "\\begin{algorithmic}\n\\State \\(x \\gets b\\)\n\\Repeat\n"
        "\\State \\(x \\gets x + (b - A x) / \\lVert A \\rVert_2\\)\n"
        "\\Until{\\(\\lVert b - A x \\rVert \\le \\varepsilon\\)}\n\\State \\Return \\(x\\)\n\\end{algorithmic}\n"
    )
    (outcome,) = api.check([note], seed=0).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_a_complex_reference_is_compared_as_complex(tmp_path):
    """A listing that computes the cosine half of the DFT is not the DFT: the imaginary part counts."""
    note = tmp_path / "dft.md"
    note.write_text(
        "---\nalgoverify:\n  checks:\n    - id: dft\n      kind: reference\n      listing: 1\n"
        '      inputs: {n: "integers(2, 6)", x: "randn(n)"}\n      reference: numpy.fft.fft\n---\n\n'
        "The signal \\(x\\) has \\(n\\) entries.\n\n\\begin{algorithmic}\n\\For{\\(k = 1, \\dots, n\\)}\n"
        "\\State \\(y_k \\gets \\sum_{j=1}^{n} x_j \\cos(2 (j - 1)(k - 1) \\pi / n)\\)\n\\EndFor\n"
        "\\State \\Return \\(y\\)\n\\end{algorithmic}\n"
    )
    (outcome,) = api.check([note], seed=0).notes[0].outcomes
    assert outcome.status == "refuted" and "j" in outcome.message, outcome.message


def test_a_sequence_read_whole_keeps_the_indices_it_was_written_at(tmp_path):
    """x_0, x_1, … in a listing that counts from 1: read whole (b ← a, holds:) it is an array, still indexed as written."""
    note = tmp_path / "s.md"
    note.write_text(
        "---\nalgoverify:\n  checks:\n    - id: first\n      kind: property\n      listing: 1\n"
        "      inputs: {T: \"integers(1, 4)\"}\n      holds: 'b_0 = 1 \\land \\lVert x \\rVert \\ge 1'\n---\n\n"
        "\\begin{algorithmic}\n\\Require \\(T \\ge 1\\)\n\\State \\(x_0 \\gets 1\\)\n"
        "\\For{\\(k = 0, \\dots, T - 1\\)}\n\\State \\(x_{k+1} \\gets x_k / 2\\)\n\\EndFor\n"
        "\\State \\(b \\gets x\\)\n\\State \\(b_1 \\gets b_0 + b_1\\)\n\\State \\Return \\(b\\)\n\\end{algorithmic}\n"
    )
    b = algoverify.load(note).listing(1)(T=2)
    np.testing.assert_array_equal(b, [1.0, 1.5, 0.25])
    (outcome,) = api.check([note], seed=0).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_a_zero_whose_entries_are_stored_in_pairs_is_the_zero_matrix(tmp_path):
    note, run = note_listing(
        tmp_path,
        "Let \\(C \\in \\mathbb{R}^{n \\times n}\\).\n\n\\begin{algorithmic}\n\\State \\(F \\gets 0\\)\n"
        "\\For{\\(u = 1, \\dots, n\\)}\n\\State \\(f_{uu} \\gets c_{uu}\\)\n\\EndFor\n\\State \\Return \\(F\\)\n"
        "\\end{algorithmic}\n",
    )
    assert api.lint([note]).all_findings() == []
    np.testing.assert_array_equal(run(C=np.array([[1.0, 2.0], [3.0, 4.0]])), [[1.0, 0.0], [0.0, 4.0]])


def test_the_columns_the_prose_names_start_where_it_says(tmp_path):
    """Q = [q_1, …, q_k] of a recurrence that starts from q_0 ← 0: q_0 is no column."""
    note, run = note_listing(
        tmp_path,
        "Let \\(b \\in \\mathbb{R}^{n}\\) and \\(k \\ge 1\\); the vectors form \\(Q = [q_1, \\dots, q_k]\\).\n\n"
        "\\begin{algorithmic}\n\\State \\(q_0 \\gets 0\\); \\(q_1 \\gets b\\)\n\\For{\\(j = 2, \\dots, k\\)}\n"
        "\\State \\(q_j \\gets 2 q_{j-1}\\)\n\\EndFor\n\\State \\Return \\(Q\\)\n\\end{algorithmic}\n",
    )
    np.testing.assert_array_equal(run(b=np.array([1.0, 3.0]), k=3), [[1.0, 2.0, 4.0], [3.0, 6.0, 12.0]])


def test_a_member_the_prose_declares_is_a_name_when_nothing_builds_the_sequence(tmp_path):
    note, run = note_listing(
        tmp_path,
        "Let \\(f\\) be an array with \\(n\\) entries, and let \\(x_0\\) be a starting element.\n\n"
        "\\begin{algorithmic}\n\\State \\(T \\gets f_{x_0}\\)\n\\State \\Return \\(T\\)\n\\end{algorithmic}\n",
    )
    assert api.lint([note]).all_findings() == []
    assert run(f=np.array([5.0, 6.0, 7.0]), x_0=2) == 6.0


def test_not_in_words_negates_the_condition_and_delta_x_is_one_name(tmp_path):
    note, run = note_listing(
        tmp_path,
        "\\begin{algorithmic}\n\\Require \\(x \\gt 0\\)\n\\State \\(k \\gets 0\\)\n\\Repeat\n"
        "\\State \\(\\Delta x \\gets x / 2\\); \\(x \\gets x - \\Delta x\\); \\(k \\gets k + 1\\)\n"
        "\\State \\(\\mathit{small} \\gets x \\lt 1\\)\n"
        "\\Until{\\textbf{not} \\(\\lnot \\mathit{small}\\)}\n\\State \\Return \\(k\\)\n\\end{algorithmic}\n",
    )
    assert api.lint([note]).all_findings() == []
    assert run(x=8.0) == 4  # 8 → 4 → 2 → 1 → 0.5


def test_a_references_epsilon_takes_the_listings_varepsilon(tmp_path):
    note = tmp_path / "eps.md"
    (tmp_path / "eps_checks.py").write_text("def ref(x, epsilon):\n    return x + epsilon\n")
    note.write_text(
        "---\nalgoverify:\n  module: eps_checks.py\n  checks:\n    - id: adds\n      kind: reference\n"
        '      listing: 1\n      inputs: {x: "randn()", varepsilon: 0.5}\n      reference: ref\n---\n\n'
        "\\begin{algorithmic}\n\\Require \\(x\\), \\(\\varepsilon \\gt 0\\)\n"
        "\\State \\Return \\(x + \\varepsilon\\)\n\\end{algorithmic}\n"
    )
    (outcome,) = api.check([note], seed=0).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_an_input_the_listing_reads_and_then_overwrites_is_still_an_input(tmp_path):
    note, run = note_listing(
        tmp_path,
        "The keys \\(x_0, \\dots, x_{n-1}\\) are given.\n\n\\begin{algorithmic}\n\\For{$i = 0, \\dots, n - 1$}\n"
        "\\State $y_i \\gets 2 x_i$\n\\EndFor\n\\State $x \\gets y$\n\\State \\Return $x$\n\\end{algorithmic}\n",
    )
    assert api.lint([note]).all_findings() == []
    np.testing.assert_array_equal(run(x=np.array([1.0, 2.0])), [2.0, 4.0])


def test_a_numbered_target_set_to_a_slice_is_a_block(tmp_path):
    note, run = note_listing(
        tmp_path,
        "Let \\(A \\in \\mathbb{R}^{n \\times n}\\) and \\(m = n / 2\\).\n\n\\begin{algorithmic}\n"
        "\\State $A_{11} \\gets A_{1:m,\\,1:m}$, $A_{22} \\gets A_{m+1:n,\\,m+1:n}$\n"
        "\\State \\Return $A_{11} + A_{22}$\n\\end{algorithmic}\n",
    )
    A = np.arange(16.0).reshape(4, 4)
    np.testing.assert_array_equal(run(A=A), A[:2, :2] + A[2:, 2:])


def test_a_shape_belongs_to_the_name_before_it_not_to_the_one_after_and(tmp_path):
    """ "Let A be an n × n matrix and b ∈ ℝⁿ a nonzero vector": b is a vector; Q = [q_1, …, q_{k+1}] has k + 1 columns."""
    note, run = note_listing(
        tmp_path,
        "Let \\(A\\) be an \\(n \\times n\\) matrix and \\(b \\in \\mathbb{R}^{n}\\) a nonzero vector, and "
        "let \\(k \\ge 1\\). The vectors form \\(Q = [q_1, \\dots, q_{k+1}]\\).\n\n\\begin{algorithmic}\n"
        "\\State $q_1 \\gets b$\n\\For{$j = 1, \\dots, k$}\n\\State $q_{j+1} \\gets A q_j$\n\\EndFor\n"
        "\\State \\Return $Q$\n\\end{algorithmic}\n",
    )
    assert api.lint([note]).all_findings() == []
    Q = run(A=2 * np.eye(2), b=np.array([1.0, 0.0]), k=2)
    np.testing.assert_array_equal(Q, [[1.0, 2.0, 4.0], [0.0, 0.0, 0.0]])


def test_tests_in_words_joined_by_and(tmp_path):
    note, run = note_listing(
        tmp_path,
        "\\begin{algorithmic}\n\\Require integers \\(a, b\\)\n\\If{$a$ is even \\textbf{and} $b$ is even}\n"
        "\\State \\Return $1$\n\\ElsIf{$a$ is odd or $b$ is odd}\n\\State \\Return $2$\n\\EndIf\n"
        "\\end{algorithmic}\n",
    )
    assert api.lint([note]).all_findings() == []
    assert (run(a=2, b=4), run(a=2, b=3)) == (1, 2)


def test_an_equation_that_says_for_which_indices_it_holds(tmp_path):
    note = tmp_path / "conv.md"
    note.write_text(
        "---\nalgoverify:\n  checks:\n    - id: conv\n      kind: equation\n      listing: 1\n      equation: 1\n"
        '      inputs: {n: "integers(1, 4)", x: "randn(n)"}\n---\n\nThe array \\(x\\) has \\(n\\) entries.\n\n'
        "\\begin{algorithmic}\n\\For{$k = 1, \\dots, n$}\n\\State $c_k \\gets 3 x_k$\n\\EndFor\n"
        "\\State \\Return $c$\n\\end{algorithmic}\n\n\\[\n  c_k = 3 x_k, \\qquad k = 1, \\dots, n.\n\\]\n"
    )
    (outcome,) = api.check([note], seed=0).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_return_true_in_words_is_the_constant_and_a_bare_return_compiles():
    run = listing(
        r"\Function{Pos}{\(x\)}" "\n" r"\If{\(x > 0\)}" "\n" r"\State \Return \textbf{true}" "\n" r"\EndIf"
        "\n" r"\State \(y \gets x\)" "\n" r"\State \(z \gets y\)" "\n" r"\State \Return \textbf{false}" "\n"
        r"\EndFunction"
    )  # fmt: skip
    assert run(x=1) is True and run(x=-1) is False


def test_two_groups_side_by_side_are_a_product_and_a_column_times_a_row_is_outer():
    run = listing(r"\Require $B, u, v$" "\n" r"\State \Return $B - (B u)(v^{\top} B)$")
    np.testing.assert_array_equal(run(B=np.eye(2), u=np.array([1.0, 0.0]), v=np.array([0.0, 1.0])), [[1, -1], [0, 1]])


def test_a_table_the_listing_fills_is_its_own_even_when_the_prose_gives_its_shape(tmp_path):
    note, run = note_listing(
        tmp_path,
        "Let \\(A \\in \\mathbb{R}^{m \\times n}\\) and the \\((m + 1) \\times (n + 1)\\) array \\(S\\).\n\n"
        "\\begin{algorithmic}\n\\For{\\(i = 0, \\dots, m\\)}\n\\For{\\(j = 0, \\dots, n\\)}\n"
        "\\State \\(S_{i,j} \\gets i + j\\)\n\\EndFor\n\\EndFor\n\\State \\Return \\(S\\)\n\\end{algorithmic}\n",
    )
    assert "S" not in run.inputs
    np.testing.assert_array_equal(run(m=1, n=1), [[0, 1], [1, 2]])


def test_n_steps_of_size_h_and_an_initial_value_y_0_of_a_listing_variable_y(tmp_path):
    note, run = note_listing(
        tmp_path,
        "Let \\(A \\in \\mathbb{R}^{n \\times n}\\), take an initial value \\(y_0 \\in \\mathbb{R}^{n}\\) "
        "and \\(N\\) steps of size \\(h\\).\n\n\\begin{algorithmic}\n\\State \\(y \\gets y_0\\)\n"
        "\\For{\\(k = 1, \\dots, N\\)}\n\\State \\(y \\gets y + h A y\\)\n\\EndFor\n\\State \\Return \\(y\\)\n"
        "\\end{algorithmic}\n",
    )
    assert [f.code for f in api.lint([note]).all_findings() if f.code != "AV604"] == []
    np.testing.assert_allclose(run(A=np.eye(1), y_0=np.array([1.0]), N=2, h=0.5), [2.25])


def test_a_for_over_a_written_list_of_values():
    run = listing(r"\State $s \gets 0$" "\n" r"\For{\(t = 1, 2, 5\)}" "\n" r"\State $s \gets 10 s + t$" "\n" r"\EndFor"
                  "\n" r"\State \Return $s$")  # fmt: skip
    assert run() == 125


def test_a_check_may_name_a_function_the_entry_calls_and_lambda_is_lam(tmp_path):
    note = tmp_path / "gcd.md"
    note.write_text(
        "---\nalgoverify:\n  checks:\n    - id: bezout\n      kind: property\n      listing: Gcd\n"
        '      inputs: {a: "integers(1, 50)", b: "integers(1, 50)", lambda: 2}\n'
        "      holds: '\\lambda \\, \\mathit{result} = 2 \\gcd(a, b)'\n---\n\n\\begin{algorithmic}\n"
        "\\Function{Gcd}{\\(a, b\\)}\n\\If{\\(b = 0\\)}\n\\State \\Return \\(a\\)\n\\EndIf\n"
        "\\State \\Return \\(\\Call{Gcd}{b, a \\bmod b}\\)\n\\EndFunction\n"
        "\\Function{Lcm}{\\(a, b\\)}\n\\State \\Return \\(a b / \\Call{Gcd}{a, b}\\)\n\\EndFunction\n"
        "\\end{algorithmic}\n"
    )
    assert api.lint([note]).all_findings() == []
    assert algoverify.load(note).listing("Gcd")(a=12, b=18) == 6
    (outcome,) = api.check([note], seed=0).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


@pytest.mark.parametrize(
    "latex, expected",
    [
        (r"\operatorname{atan2}(1, 1)", np.pi / 4),
        (r"\operatorname{hypot}(3, 4)", 5.0),
        (r"D_{12}", 2.0),  # entry (1, 2) of a matrix, as the listing reads a_{12}
        (r"d_{12}", 12.0),  # entry 12 of a vector stays entry 12
    ],
)
def test_atan2_and_two_digit_subscripts_of_a_matrix(latex, expected):
    env = {"D": np.array([[1.0, 2.0], [3.0, 4.0]]), "d": np.arange(1.0, 13.0)}
    assert value(latex, **env) == pytest.approx(expected)


def test_the_proses_condition_on_n_is_about_the_algorithm_not_its_helpers_parameter_n(tmp_path):
    note = tmp_path / "odd.md"
    note.write_text(
        "---\nalgoverify:\n  checks:\n    - id: helper\n      kind: property\n      listing: Twice\n"
        '      inputs: {n: "integers(0, 4)"}\n      holds: "\\\\mathit{result} = 2 n"\n'
        "    - id: top\n      kind: property\n      listing: Test\n"
        '      inputs: {n: "integers(5, 9)"}\n      holds: "\\\\mathit{result} = 2 n + 1"\n---\n\n'
        "Let \\(n \\ge 5\\) be an integer.\n\n\\begin{algorithmic}\n"
        "\\Function{Twice}{\\(n\\)}\n\\State \\Return \\(2 n\\)\n\\EndFunction\n"
        "\\Function{Test}{\\(n\\)}\n\\State \\Return \\(\\Call{Twice}{n} + 1\\)\n\\EndFunction\n"
        "\\end{algorithmic}\n"
    )
    outcomes = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert [o.status for o in outcomes] == ["verified", "verified"], [o.message for o in outcomes]
    with pytest.raises(algoverify.ExecutionError, match=r"n \\ge 5"):
        algoverify.load(note).listing("Test")(n=3)  # the algorithm's own n keeps the prose's condition


@pytest.mark.parametrize(
    "sentence, matrix, expected",
    [
        (r"Let the \(N\) points \(x_1, \dots, x_N \in \mathbb{R}^{d}\) be the rows of \(X\).", [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], [3.0, 7.0, 11.0]),
        (r"The vectors \(x_1, \dots, x_N\) are the columns of \(X\).", [[1.0, 2.0], [3.0, 4.0]], [3.0, 7.0]),  # x_1 + x_2 = (1, 3) + (2, 4)
    ],
)  # fmt: skip
def test_a_family_the_prose_says_is_the_rows_or_columns_of_a_matrix(tmp_path, sentence, matrix, expected):
    note = tmp_path / "sums.md"
    note.write_text(
        f"{sentence}\n\n\\begin{{algorithmic}}\n\\Function{{Sums}}{{\\(X\\)}}\n"
        "\\For{\\(i = 1, \\dots, N\\)}\n\\State \\(s_i \\gets \\sum_{j} x_{i, j}\\)\n\\EndFor\n"
        "\\State \\Return \\(s\\)\n\\EndFunction\n\\end{algorithmic}\n"
        if "rows" in sentence
        else f"{sentence}\n\n\\begin{{algorithmic}}\n\\Function{{Sums}}{{\\(X\\)}}\n"
        "\\State \\(s \\gets 0\\)\n\\For{\\(i = 1, \\dots, N\\)}\n\\State \\(s \\gets s + x_i\\)\n\\EndFor\n"
        "\\State \\Return \\(s\\)\n\\EndFunction\n\\end{algorithmic}\n"
    )
    assert [f.code for f in api.lint([note]).all_findings() if f.code != "AV604"] == []
    run = algoverify.load(note).listings[0]
    assert run.inputs == ("X",)  # x is X's rows (columns), N their number: not inputs of their own
    np.testing.assert_allclose(run(X=np.array(matrix)), expected)


def test_a_word_spelled_out_in_the_prose_is_an_input_and_inputs_come_in_the_order_the_note_gives_them(tmp_path):
    note = tmp_path / "match.md"
    note.write_text(
        "Given two words \\(x = x_1 x_2 \\dots x_m\\) and \\(y = y_1 y_2 \\dots y_n\\), count the pairs\n"
        "that agree. Each agreeing pair scores a weight \\(w > 0\\).\n\n\\begin{algorithmic}\n"
        "\\State \\(c \\gets 0\\)\n\\For{\\(i = 1, \\dots, m\\)}\n\\For{\\(j = 1, \\dots, n\\)}\n"
        "\\If{\\(x_i = y_j\\)}\n\\State \\(c \\gets c + w\\)\n\\EndIf\n\\EndFor\n\\EndFor\n"
        "\\State \\Return \\(c\\)\n\\end{algorithmic}\n"
    )
    assert [f.code for f in api.lint([note]).all_findings() if f.code != "AV604"] == []
    run = algoverify.load(note).listings[0]
    assert run.inputs == ("x", "y", "w")  # not the nearest sentence's w first
    assert run(x=np.array([1.0, 2.0, 2.0]), y=np.array([2.0, 5.0]), w=0.5) == 1.0


FFT = r"""
\begin{algorithmic}
\Function{FFT}{\(x\)}
\If{\(n = 1\)}
\State \Return \(x\)
\EndIf
\State \(u \gets \Call{FFT}{(x_0, x_2, \dots, x_{n-2})}\)
\State \(v \gets \Call{FFT}{(x_1, x_3, \dots, x_{n-1})}\)
\For{\(k = 0, \dots, n/2 - 1\)}
\State \(\omega \gets e^{-2 \pi i k / n}\)
\State \(y_k \gets u_k + \omega v_k\); \(y_{k + n/2} \gets u_k - \omega v_k\)
\EndFor
\State \Return \(y\)
\EndFunction
\end{algorithmic}
"""


@pytest.mark.parametrize("n", [1, 2, 4, 8])
def test_a_recursive_fft_with_the_imaginary_unit_and_every_other_sample(tmp_path, n):
    note = tmp_path / "fft.md"
    note.write_text("---\nalgoverify:\n  index_base: 0\n---\n\nA signal \\(x\\) of length \\(n\\).\n" + FFT)
    assert [f.code for f in api.lint([note]).all_findings() if f.code != "AV604"] == []
    x = np.random.default_rng(n).normal(size=n)
    listing = algoverify.load(note).listings[0]
    result = listing.run({"x": x})
    np.testing.assert_allclose(result.value, np.fft.fft(x), atol=1e-12)
    assert result.trace.counters["call:FFT"] == 2 * n - 1  # the first call is a call of FFT too


def test_i_read_as_an_index_is_never_the_imaginary_unit():
    run = listing(r"\Require $x$" "\n" r"\State \Return $e^{x_i}$")
    with pytest.raises(algoverify.ExecutionError, match="i is not defined"):
        run(x=np.array([0.0]))
    summed = listing(r"\Require $x, n$" "\n" r"\State \Return $\sum_{i=1}^{n} e^{x_i}$")
    assert summed(x=np.array([0.0, 0.0]), n=2) == 2.0


@pytest.mark.slow
@pytest.mark.parametrize("n", [1, 4])
def test_a_claim_about_the_name_one_return_gives_is_about_the_result(tmp_path, n):
    note = tmp_path / "fft.md"
    note.write_text(
        "---\nalgoverify:\n  index_base: 0\n  checks:\n    - id: parseval\n      kind: property\n      listing: FFT\n"
        f'      inputs: {{x: "randn({n})"}}\n'
        "      holds: '\\sum_{k} \\lvert y_k \\rvert^{2} = n \\sum_{j} \\lvert x_j \\rvert^{2}'\n---\n\n"
        "A signal \\(x\\) of length \\(n\\).\n" + FFT
    )
    (outcome,) = api.check([note], seed=0, trials=20).notes[0].outcomes
    assert outcome.status == "verified", outcome.message  # with n = 1, y is the x returned


_note = prose_note


def test_the_entries_the_prose_names_are_those_of_the_matrix_the_listing_builds(tmp_path):
    note = _note(
        tmp_path,
        r"Let \(A \in \mathbb{R}^{n \times n}\) be given, and \(L\) unit lower triangular, with entries \(\ell_{ij}\).",
        r"""
\State \(L \gets I_n\)
\For{\(i = 2, \dots, n\)}
\State \(\ell_{i1} \gets a_{i1} / a_{11}\)
\EndFor
\State \Return \(L\)
""",
    )
    got = algoverify.load(note).listings[0](A=np.array([[2.0, 0.0], [4.0, 1.0]]))
    np.testing.assert_array_equal(got, [[1.0, 0.0], [2.0, 1.0]])  # not the identity: ℓ_{21} is L's entry


def test_a_family_of_the_prose_read_whole_then_updated_in_place_is_an_input(tmp_path):
    note = _note(
        tmp_path,
        r"Let \(x_1, \dots, x_n\) be \(n\) numbers.",
        r"""
\State \(y \gets x\)
\For{\(i = 2, \dots, n\)}
\State \(x_i \gets y_i + y_{i-1}\)
\EndFor
\State \Return \(x\)
""",
    )
    listing_ = algoverify.load(note).listings[0]
    assert listing_.inputs == ("x",)
    np.testing.assert_array_equal(listing_(x=np.array([1.0, 2.0, 3.0])), [1.0, 3.0, 5.0])


@pytest.mark.parametrize("word, expected", [("and", [0.0, 1.0, 0.0]), ("or", [1.0, 1.0, 1.0])])
def test_a_plain_and_or_or_between_two_maths_of_a_condition(word, expected):
    run = listing(
        r"\Require \(a, b\)"
        "\n"
        r"\For{\(i = 1, \dots, 3\)}"
        "\n"
        rf"\If{{\(a_i > 0\) {word} \(b_i > 0\)}}"
        "\n"
        r"\State \(c_i \gets 1\)"
        "\n"
        r"\Else"
        "\n"
        r"\State \(c_i \gets 0\)"
        "\n"
        r"\EndIf"
        "\n"
        r"\EndFor"
        "\n"
        r"\State \Return \(c\)"
    )
    np.testing.assert_array_equal(run(a=np.array([1.0, 1.0, -1.0]), b=np.array([-1.0, 1.0, 1.0])), expected)


def test_columns_said_after_a_parenthetical_relation_belong_to_the_matrix_and_update_in_place(tmp_path):
    note = _note(
        tmp_path,
        r"Let \(A \in \mathbb{R}^{m \times n}\), \(m \ge n\), have columns \(a_1, \dots, a_n\).",
        r"""
\For{\(j = 2, \dots, n\)}
\State \(a_j \gets a_j - a_{j-1}\)
\EndFor
\State \Return \(a_n\)
""",
    )
    listing_ = algoverify.load(note).listings[0]
    assert listing_.inputs == ("A",)
    np.testing.assert_array_equal(listing_(A=np.array([[1.0, 3.0], [0.0, 1.0], [2.0, 2.0]])), [2.0, 1.0, 0.0])


def test_a_point_a_case_and_distinct_nodes_of_the_prose(tmp_path):
    note = _note(
        tmp_path,
        r"Given \(n + 1\) distinct nodes \(x_0, \dots, x_n\) and a point \(t\), take the nearest node."
        "\n"
        r"Evaluated at a node, \(t = x_k\), the distance is zero.",
        r"""
\State \(d \gets \min_{0 \le i \le n} \lvert t - x_i \rvert\)
\State \Return \(d\)
""",
    )
    listing_ = algoverify.load(note).listings[0]
    assert listing_.inputs == ("x", "t")  # t is the point, not x_k by a "definition" that names a case
    assert listing_(x=np.array([0.0, 1.0]), t=0.75) == 0.25
    with pytest.raises(algoverify.ExecutionError, match="distinct"):
        listing_(x=np.array([1.0, 1.0]), t=0.0)


def test_a_listing_named_by_as_is_called_by_its_name_without_mathrm(tmp_path):
    spec = (
        "  checks:\n    - id: twice\n      kind: property\n      listing: 1\n      as: Double\n"
        '      inputs: {x: "uniform(0, 1)"}\n      holds: "Double(x) = 2 x"\n'
    )
    note = _note(tmp_path, r"A number \(x\).", r"\State \Return \(2 x\)", spec)
    (outcome,) = api.check([note], seed=0, trials=5).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_an_english_statement_reads_the_input_the_prose_declares(tmp_path):
    (tmp_path / "m.py").write_text(
        "import numpy as np\n\n\ndef sort(step):\n    step['u'] = np.sort(step['y'])[::-1]\n\n\nBINDINGS = {'sort': sort}\n"
    )
    note = _note(
        tmp_path,
        r"For \(y \in \mathbb{R}^{n}\) we want its entries in decreasing order.",
        r"""
\State sort \(y\) into \(u\) with \(u_1 \ge u_2 \ge \dots \ge u_n\)
\State \Return \(u_1 - y_1\)
""",
        "  module: m.py\n",
    )
    loaded = algoverify.load(note)
    assert api.attach_module(loaded) is None
    listing_ = loaded.listings[0]
    assert listing_.inputs == ("y",)
    assert listing_(y=np.array([1.0, 5.0, 2.0])) == 4.0


def test_a_vector_times_a_group_that_starts_with_a_transpose_is_an_outer_product(tmp_path):
    run = listing(r"\Require \(v, B\)" "\n" r"\State \Return \(B - 2 v (v^{\top} B)\)")
    v, B = np.array([1.0, 0.0]), np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    np.testing.assert_array_equal(run(v=v, B=B), B - 2 * np.outer(v, v @ B))
    spec = (
        "  checks:\n    - id: lower\n      kind: property\n      listing: 1\n"
        '      inputs: {n: "integers(2, 4)", A: "randn(n, n)"}\n      holds: "h_{21} = 0"\n'
    )
    note = _note(
        tmp_path,
        r"Let \(A \in \mathbb{R}^{n \times n}\).",
        r"\State \(H \gets A^{\top} A - A^{\top} A\)" "\n" r"\State \Return \(H\)",
        spec,
    )
    (outcome,) = api.check([note], seed=0, trials=5).notes[0].outcomes
    assert outcome.status == "verified", outcome.message  # h_{21} is the entry (2, 1) of the H the run has


def test_a_list_read_whole_before_anything_stores_into_it_is_unbound_not_empty(tmp_path):
    path = tmp_path / "empty.md"
    path.write_text(
        "Sum neighbours.\n\n\\begin{algorithmic}\n\\State \\(y \\gets x\\)\n\\For{\\(i = 2, \\dots, 3\\)}\n"
        "\\State \\(x_i \\gets y_i + y_{i-1}\\)\n\\EndFor\n\\State \\Return \\(x\\)\n\\end{algorithmic}\n"
    )
    (finding,) = [f for f in api.lint([path]).all_findings() if f.code != "AV604"]
    text = path.read_text()
    assert finding.code == "AV303" and text[finding.span.start - 4 : finding.span.end] == "ets x"  # y <- x
    assert "x is not defined" in finding.message and "did you mean" not in finding.message


def test_a_check_that_could_not_run_fails_the_run_whatever_the_severity_of_its_cause(tmp_path):
    import io

    from algoverify.cli import main

    note = tmp_path / "sig.md"
    note.write_text(
        "---\nalgoverify:\n  checks:\n    - id: c\n      kind: property\n      listing: 1\n"
        '      inputs: {z: "uniform(0, 1)"}\n      holds: "p > 0"\n---\n\nA number \\(z\\).\n\n'
        "\\begin{algorithmic}\n\\State \\(p \\gets \\sigma(z)\\)\n\\State \\Return \\(p\\)\n\\end{algorithmic}\n"
    )
    report = api.check([note])
    (outcome,) = report.notes[0].outcomes
    assert outcome.status == "could not check"
    assert all(f.severity.value != "error" for f in report.all_findings())  # the cause is a warning (AV204)
    assert report.failed() and main(["check", str(note)], stdout=io.StringIO(), stderr=io.StringIO()) == 1


def test_the_ends_of_a_functions_domain_are_inputs_the_listing_may_overwrite(tmp_path):
    note = _note(
        tmp_path,
        r"Let \(f : [a, b] \to \mathbb{R}\) be continuous with \(f(a) f(b) < 0\).",
        r"""
\For{\(k = 1, \dots, 30\)}
\State \(c \gets (a + b) / 2\)
\If{\(f(a) f(c) \le 0\)}
\State \(b \gets c\)
\Else
\State \(a \gets c\)
\EndIf
\EndFor
\State \Return \(c\)
""",
    )
    listing_ = algoverify.load(note).listings[0]
    assert listing_.inputs == ("f", "a", "b")
    assert listing_(f=lambda x: x * x - 2, a=0.0, b=2.0) == pytest.approx(2**0.5, abs=1e-8)


@pytest.mark.parametrize(
    "prose, require",
    [
        ("", r"\Require the pattern \(p = p_1 p_2 \dots p_m\)"),
        (r"Let the pattern be \(p[1..m]\), an array of \(m\) symbols; \(q\) counts the prefix \(p[1..q]\).", ""),
    ],
)
def test_an_array_written_by_its_entries_or_its_range_has_the_size_it_names(tmp_path, prose, require):
    body = "\n".join(x for x in (require, r"\State \(s \gets \sum_{i=1}^{m} p_i\)", r"\State \Return \(s\)") if x)
    note = _note(tmp_path, prose or "Count.", body)
    listing_ = algoverify.load(note).listings[0]
    assert listing_.inputs == ("p",) and listing_.sizes == ("m",)  # m is the length of p, never an input of its own
    assert listing_(p=np.array([1.0, 2.0, 4.0])) == 7.0


@pytest.mark.parametrize(
    "latex, expected",
    [
        (r"\max(z - 1, 0)", [0.0, 1.0, 0.0]),  # soft thresholding, entry by entry
        (r"\min(z, 1)", [0.5, 1.0, -2.0]),
        (r"\max(2, 3)", 3.0),
    ],
)
def test_max_and_min_of_a_vector_and_a_number_are_entrywise(latex, expected):
    np.testing.assert_array_equal(value(latex, z=np.array([0.5, 2.0, -2.0])), expected)


def test_pi_beside_a_weight_pi_1_and_a_variance_sigma_1_squared(tmp_path):
    spec = (
        "  checks:\n    - id: grows\n      kind: property\n      listing: 1\n"
        '      inputs: {pi_1: "uniform(0.1, 0.9)", sigma_1_sq: "uniform(1, 2)"}\n'
        "      holds: '\\pi_1 > \\pi_1^{(0)} \\land \\pi_1 < 1'\n"
    )
    note = _note(
        tmp_path,
        r"The weight \(\pi_1 \in (0, 1)\) and the variance \(\sigma_1^{2} > 0\).",
        r"""
\State \(a \gets \frac{\pi_1}{\sqrt{2 \pi \sigma_1^{2}}}\)
\State \(\pi_1 \gets \pi_1 + (1 - \pi_1) / 2\)
\State \(\sigma_1^{2} \gets 2 \sigma_1^{2}\)
\State \Return \(a, \pi_1\)
""",
        spec,
    )
    listing_ = algoverify.load(note).listings[0]
    assert set(listing_.inputs) == {"pi_1", "sigma_1_sq"}
    a, weight = listing_(pi_1=0.5, sigma_1_sq=1.0)
    assert a == pytest.approx(0.5 / np.sqrt(2 * np.pi)) and weight == 0.75  # 2π is the constant
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message  # \pi_1^{(0)}: the weight's value on entry


def test_a_zero_vector_stored_over_a_loops_range_has_that_size(tmp_path):
    note = _note(
        tmp_path,
        r"Let \(X \in \mathbb{R}^{n \times p}\).",
        r"""
\State \(\beta \gets \mathbf{0}\)
\For{\(j = 1, \dots, p\)}
\State \(\beta_j \gets \sum_{i=1}^{n} x_{ij}\)
\EndFor
\State \Return \(\beta\)
""",
    )
    np.testing.assert_array_equal(algoverify.load(note).listings[0](X=np.ones((3, 2))), [3.0, 3.0])


def test_rows_named_by_one_member_and_an_entry_of_a_declared_vector_before_a_group(tmp_path):
    note = _note(
        tmp_path,
        r"Let \(X \in \mathbb{R}^{n \times d}\) have rows \(\mathbf{x}_i^{\top}\), and \(\mathbf{y} \in \{-1, +1\}^{n}\).",
        r"""
\State \(s \gets 0\)
\For{\(i = 1, \dots, n\)}
\State \(s \gets s + y_i (\mathbf{1}^{\top} \mathbf{x}_i + 1)\)
\EndFor
\State \Return \(s\)
""",
    )
    got = algoverify.load(note).listings[0](X=np.array([[1.0, 2.0], [3.0, 4.0]]), y=np.array([1.0, -1.0]))
    assert got == (1 + 2 + 1) - (3 + 4 + 1)


def test_a_function_the_prose_defines_by_an_equation_is_called_entrywise(tmp_path):
    note = _note(
        tmp_path,
        r"With the logistic function \(\sigma(z) = 1/(1 + e^{-z})\) and the regression function \(m(z) = E[Y \mid X = z]\).",
        r"\Require \(v\)" "\n" r"\State \Return \(\sigma(2 v)\)",
    )
    got = algoverify.load(note).listings[0](v=np.array([0.0, 1.0]))
    np.testing.assert_allclose(got, 1 / (1 + np.exp(-np.array([0.0, 2.0]))))  # m, which cannot run, is never asked


@pytest.mark.slow
def test_an_entry_equation_with_its_index_said_nowhere_holds_at_every_entry_computed(tmp_path):
    spec = (
        "  index_base: 0\n  checks:\n    - id: eq\n      kind: equation\n      listing: 1\n      equation: 1\n"
        '      inputs: {N: "integers(3, 9)", M: "integers(1, 3)", x: "randn(N)"}\n'
    )
    note = tmp_path / "ma.md"
    note.write_text(
        f"---\nalgoverify:\n{spec}---\n\nLet \\(x_0, \\dots, x_{{N-1}}\\) be \\(N\\) samples and \\(M \\ge 1\\).\n\n"
        "\\[\ny_n = \\frac{1}{M} \\sum_{k=0}^{M-1} x_{n-k}\n\\]\n\n\\begin{algorithmic}\n"
        "\\For{\\(n = M - 1, \\dots, N - 1\\)}\n\\State \\(y_n \\gets \\frac{1}{M} \\sum_{k=0}^{M-1} x_{n-k}\\)\n"
        "\\EndFor\n\\State \\Return \\(y\\)\n\\end{algorithmic}\n"
    )
    assert [f.code for f in api.lint([note]).all_findings() if f.code not in ("AV604", "AV601")] == []
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
    wrong = tmp_path / "wrong.md"
    wrong.write_text(
        note.read_text().replace("\\State \\(y_n \\gets \\frac{1}{M}", "\\State \\(y_n \\gets \\frac{1}{M + 1}")
    )
    (outcome,) = api.check([wrong], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "refuted" and "(at n = " in outcome.message


def test_the_proses_convention_sign_0_is_1_and_a_zero_first_entry_is_tried(tmp_path):
    spec = (
        "  checks:\n    - id: axis\n      kind: property\n      listing: 1\n"
        '      inputs: {m: "integers(2, 5)", x: "randn(m)"}\n'
        "      holds: 's = \\operatorname{sign}(x_1)'\n"
    )
    note = _note(
        tmp_path,
        r"Let \(x \in \mathbb{R}^{m}\), with the convention \(\operatorname{sign}(0) = 1\).",
        r"\State \(s \gets \operatorname{sign}(x_1)\)" "\n" r"\State \Return \(s\)",
        spec,
    )
    assert algoverify.load(note).listings[0](x=np.array([0.0, 1.0])) in (0.0, 1.0)
    loaded = algoverify.load(note)
    assert api.attach_module(loaded) is None
    (outcome,) = api.check([note], seed=0, trials=12).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
    from algoverify.running.structured import member

    assert member("randn", "last", np.random.default_rng(0), 3).tolist() == [0.0, 0.0, 1.0]  # x_1 = 0 is tried


def test_v_star_of_a_vector_is_its_conjugate_transpose():
    run = listing(r"\Require \(v, z\)" "\n" r"\State \(v \gets 2 v\)" "\n" r"\State \Return \(v^{*} z\)")
    assert run(v=np.array([1.0, 2.0]), z=np.array([3.0, 4.0])) == 22.0


_GRAM_SCHMIDT_STEP = r"""
\Require \(v_1, \dots, v_n\)
\For{\(i = 1, \dots, n\)}
  \State \(q_i \gets v_i / \lVert v_i \rVert\)
\EndFor
\State \Return \(q_1^{*} v_2\)
"""


@pytest.mark.parametrize(
    ("body", "inputs", "expected"),
    [
        # the listing's vectors q_i and no name q^{*}: (q_1)^* v_2, Trefethen and Bau's r_ij = q_i^* v_j
        (_GRAM_SCHMIDT_STEP, {"v": np.array([[3.0, 4.0], [1.0, 0.0]])}, 0.6),
        # a name x^{*} the note gives (an optimum): x_1^{*} is its first entry, as before
        (
            r"\Require \(x^{*}, x\)" "\n" r"\State \Return \(x_1^{*} + x_1\)",
            {"x_star": [10.0, 20.0], "x": [1.0, 2.0]},
            11.0,
        ),
    ],
    ids=["adjoint-of-a-member", "entry-of-a-starred-name"],
)
def test_a_starred_member_is_the_members_conjugate_transpose_unless_the_starred_name_is_the_notes(
    body, inputs, expected
):
    assert listing(body)(**{k: np.asarray(v) for k, v in inputs.items()}) == pytest.approx(expected)


def test_a_starred_member_of_the_listings_vectors_lints_clean_and_one_of_nothing_is_still_unbound(tmp_path):
    from helpers import prose_note

    clean = prose_note(tmp_path, "The vectors are given.", _GRAM_SCHMIDT_STEP)  # asserts lint is clean
    assert algoverify.load(clean).listings[0].inputs == ("v",)
    unbound = _GRAM_SCHMIDT_STEP.replace(r"q_1^{*} v_2", r"w_1^{*} v_2")
    note = tmp_path / "unbound.md"
    note.write_text("The vectors are given.\n\n\\begin{algorithmic}\n" + unbound.strip() + "\n\\end{algorithmic}\n")
    found = [f for f in api.lint([note]).all_findings() if f.code == "AV303"]
    assert [f.message.split(":")[0] for f in found] == ["w_star is not defined"]


def test_numbered_names_beside_the_bare_letter_are_numbers_of_their_own_and_a_reported_failure_ends_the_run():
    run = listing(
        r"""
\Require \(p_0, N_0\)
\State \(i \gets 1\)
\While{\(i \le N_0\)}
\State \(p_1 \gets (p_0 + 2 / p_0) / 2\); \(p_2 \gets (p_1 + 2 / p_1) / 2\)
\State \(p \gets p_2\)
\If{\(\lvert p - p_0 \rvert < 10^{-12}\)}
\State \Return \(p\)
\EndIf
\State \(p_0 \gets p\); \(i \gets i + 1\)
\EndWhile
\State report that the method failed after \(N_0\) iterations
"""
    )
    assert run(p_0=1.0, N_0=20) == pytest.approx(2**0.5)
    with pytest.raises(algoverify.ExecutionError, match="AV301.*reports failure: report that the method failed"):
        run(p_0=1.0, N_0=1)


def test_a_matrix_of_an_interval_power_and_the_all_ones_vector_sized_by_its_sum(tmp_path):
    note = _note(
        tmp_path,
        r"We collect the losses in \(L \in [0, 1]^{T \times n}\) with rows \(\ell_1, \dots, \ell_T\).",
        r"""
\State \(w \gets \mathbf{1}\)
\For{\(t = 1, \dots, T\)}
\State \(w \gets w \odot \exp(-\ell_t)\)
\EndFor
\State \Return \(w / \sum_{i=1}^{n} w_i\)
""",
    )
    listing_ = algoverify.load(note).listings[0]
    losses = np.array([[0.0, 1.0, 0.5], [0.0, 0.0, 0.5]])
    expected = np.exp(-losses.sum(axis=0)) / np.exp(-losses.sum(axis=0)).sum()
    np.testing.assert_allclose(listing_(L=losses), expected)
    with pytest.raises(algoverify.ExecutionError, match=r"L \\in \[0, 1\]"):
        listing_(L=np.array([[2.0, 0.0]]))  # every entry in [0, 1]


def test_a_returned_family_and_a_batch_label(tmp_path):
    note = _note(
        tmp_path,
        r"Let \(x_1, \dots, x_m\) be the mini-batch \(\mathcal{B}\).",
        r"""
\State \(\mu_{\mathcal{B}} \gets \frac{1}{m} \sum_{i=1}^{m} x_i\)
\For{\(i = 1, \dots, m\)}
\State \(y_i \gets x_i - \mu_{\mathcal{B}}\)
\EndFor
\State \Return \(y_1, \dots, y_m\)
""",
    )
    np.testing.assert_allclose(algoverify.load(note).listings[0](x=np.array([1.0, 2.0, 6.0])), [-2.0, -1.0, 3.0])


def test_blocks_read_before_they_are_updated_are_the_proses_input_and_compare_block_by_block(tmp_path):
    (tmp_path / "ref.py").write_text("import numpy as np\n\ndef halve(g):\n    return [b / 2 for b in g]\n")
    spec = (
        "  module: ref.py\n  checks:\n    - id: ref\n      kind: reference\n      listing: 1\n"
        '      inputs: {K: "integers(1, 4)", g: "batches(K, None, 3)"}\n      reference: halve\n'
    )
    note = _note(
        tmp_path,
        r"Let \(\mathbf{g}_1, \dots, \mathbf{g}_K\) be the gradients of the \(K\) blocks.",
        r"""
\State \(\nu \gets \sum_{k=1}^{K} \lVert \mathbf{g}_k \rVert\)
\For{\(k = 1, \dots, K\)}
\State \(\mathbf{g}_k \gets \mathbf{g}_k / 2\)
\EndFor
\State \Return \(\mathbf{g}_1, \dots, \mathbf{g}_K\)
""",
        spec,
    )
    assert algoverify.load(note).listings[0].inputs == ("g",)
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message  # blocks of different sizes, compared one by one


def test_a_function_a_display_equation_defines_is_read_in_place_with_its_other_names(tmp_path):
    note = tmp_path / "box.md"
    note.write_text(
        "With bounds \\(\\ell, u \\in \\mathbb{R}^{n}\\), the projection onto the box is\n\n"
        "\\[\n\\Pi_{\\mathcal{C}}(z) = \\min(\\max(z, \\ell), u),\n\\]\n\nand \\(x \\in \\mathbb{R}^{n}\\).\n\n"
        "\\begin{algorithmic}\n\\State \\Return \\(\\Pi_{\\mathcal{C}}(2 x)\\)\n\\end{algorithmic}\n"
    )
    assert [f.code for f in api.lint([note]).all_findings() if f.code not in ("AV604", "AV601", "AV602")] == []
    listing_ = algoverify.load(note).listings[0]
    assert set(listing_.inputs) == {"x", "ell", "u"}
    got = listing_(x=np.array([-1.0, 0.25, 3.0]), ell=np.zeros(3), u=np.ones(3))
    np.testing.assert_array_equal(got, [0.0, 0.5, 1.0])


def test_an_ordered_family_declares_a_sorted_array_and_its_size(tmp_path):
    note = _note(
        tmp_path,
        r"Let \(a_1 \le a_2 \le \dots \le a_n\) be a sorted array.",
        r"\State \Return \(a_n - a_1\)",
    )
    listing_ = algoverify.load(note).listings[0]
    assert listing_.inputs == ("a",) and listing_.sizes == ("n",)
    assert listing_(a=np.array([1.0, 2.0, 5.0])) == 4.0
    with pytest.raises(algoverify.ExecutionError, match="a is sorted"):
        listing_(a=np.array([5.0, 1.0]))


def test_a_let_value_named_like_a_missing_input_is_that_input(tmp_path):
    spec = (
        "  checks:\n    - id: zero\n      kind: property\n      listing: 1\n"
        '      inputs: {d: "integers(1, 4)", x: "randn(d)"}\n      let: {mu: "x"}\n      holds: "\\\\delta = 0"\n'
    )
    note = _note(
        tmp_path,
        r"Let \(x, \mu \in \mathbb{R}^{d}\).",
        r"\State \(\delta \gets \lVert x - \mu \rVert\)" "\n" r"\State \Return \(\delta\)",
        spec,
    )
    (outcome,) = api.check([note], seed=0, trials=5).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_a_sum_in_a_check_reads_a_sequence_at_the_indices_the_listing_wrote_it(tmp_path):
    spec = (
        "  checks:\n    - id: sum\n      kind: property\n      listing: 1\n"
        '      inputs: {n: "integers(0, 12)"}\n      holds: "\\\\sum_{k=0}^{n} r_k = 2^{n}"\n'
    )
    note = _note(
        tmp_path,
        r"Let \(n \in \mathbb{N}\). We keep one row \(r_0, \dots, r_n\).",
        r"""
\State \(r_0 \gets 1\)
\For{\(i = 1, \dots, n\)}
\State \(r_i \gets 1\)
\For{\(k = i - 1, \dots, 1\)}
\State \(r_k \gets r_k + r_{k-1}\)
\EndFor
\EndFor
\State \Return \(r\)
""",
        spec,
    )
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


@pytest.mark.parametrize(
    "body, inputs, expected",
    [
        # s_L, s_R, s_C: left, right, cross (CLRS), the letters bound nowhere
        (r"\State \(s_L \gets a\); \(s_R \gets b\); \(s_C \gets a + b\)" "\n" r"\State \Return \(\max(s_L, s_R, s_C)\)",
         {"a": 2.0, "b": -5.0}, 2.0),
        # f_a \gets f(a) of a function f: the value f_a
        (r"\State \(f_a \gets f(a)\); \(f_b \gets f(b)\)" "\n" r"\State \Return \(f_a - f_b\)",
         {"f": lambda t: t * t, "a": 3.0, "b": 1.0}, 8.0),
        # \mu_x of an array x: its mean, a name
        (r"\State \(\mu_x \gets \frac{1}{n} \sum_{i=1}^{n} x_i\)" "\n" r"\State \(S_{xx} \gets \sum_{i=1}^{n} (x_i - \mu_x)^2\)"
         "\n" r"\State \Return \(S_{xx}\)", {"x": np.array([1.0, 2.0, 3.0]), "n": 3}, 2.0),
        # \bar{x}_{(\cdot)}: the jackknife's mean of the leave-one-out means
        (r"\State \(\bar{x}_{(\cdot)} \gets \frac{1}{n} \sum_{i=1}^{n} x_i\)" "\n" r"\State \Return \(\bar{x}_{(\cdot)}\)",
         {"x": np.array([1.0, 2.0, 6.0]), "n": 3}, 3.0),
        # \mathbb{1}\{…\}: the indicator
        (r"\State \(c \gets 0\)" "\n" r"\For{\(i = 1, \dots, n\)}" "\n" r"\State \(c \gets c + \mathbb{1}\{x_i \le t\}\)"
         "\n" r"\EndFor" "\n" r"\State \Return \(c\)", {"x": np.array([1.0, 5.0, 2.0]), "n": 3, "t": 2.0}, 2.0),
    ],
    ids=["capital-labels", "values-of-a-function", "statistics-of-an-array", "jackknife-dot", "indicator"],
)  # fmt: skip
def test_subscripts_that_name_rather_than_index(body, inputs, expected):
    declared = ", ".join(k if k != "f" else "f" for k in inputs)
    run = listing(rf"\Require \({declared}\)" "\n" + body)
    assert run(**inputs) == pytest.approx(expected)


def test_the_square_of_a_call_in_a_check_and_a_name_with_a_digit(tmp_path):
    spec = (
        "  checks:\n    - id: cs\n      kind: property\n      listing: 1\n      as: C\n"
        '      draw: {n: "integers(1, 6)", x: "randn(n)", y: "randn(n)"}\n'
        "      let: {E0: '0'}\n"
        "      holds: 'C(x, y)^2 + E0 \\le C(x, x) \\, C(y, y)'\n"
    )
    note = _note(tmp_path, r"Two vectors \(x, y \in \mathbb{R}^{n}\).", r"\State \Return \(x^{\top} y\)", spec)
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message  # C(x, y)^2 squares the call; E0 is one name


@pytest.mark.parametrize(
    "header",
    [
        r"n = M, \dots, N - 1",  # up to one before an end, as Python's range(a, b)
        r"k = r_i, \dots, r_{i+1} - 1",
        r"n = M - 1, \dots, N - 1",
        r"j = \max(0, k - n + 1), \dots, \min(k, m - 1)",  # clipped at both ends
    ],
)
def test_a_range_whose_written_ends_tell_counts_up(header):
    from algoverify.math.ranges import UPWARD, written_direction
    from algoverify.math.segments import parse_segment
    from algoverify.syntax import ir as IR

    _, bounds = header.split(" = ", 1)
    start, stop = bounds.split(r", \dots, ")
    math = lambda t: parse_segment(IR.Math(Span(0, len(t)), t))  # noqa: E731
    assert written_direction(math(start), math(stop)) == UPWARD


def test_a_relation_in_the_prose_makes_a_value_so_lambda_before_a_group_is_a_product(tmp_path):
    note = _note(
        tmp_path,
        r"A smoothing constant \(0 < \lambda < 1\) and numbers \(x, m \in \mathbb{R}\).",
        r"\State \Return \(\lambda (x - m)\)",
    )
    assert algoverify.load(note).listings[0](lam=0.5, x=3.0, m=1.0) == 1.0


def test_integers_past_53_bits_stay_exact_in_a_sequence_and_its_check(tmp_path):
    spec = (
        "  checks:\n    - id: euler\n      kind: property\n      listing: 1\n"
        '      inputs: {n: "integers(2, 25)"}\n      rtol: 0\n      atol: 0\n'
        "      holds: 'D_n = n D_{n-1} + (-1)^{n}'\n"
    )
    note = _note(
        tmp_path,
        r"Let \(n \ge 2\) be an integer and \(D_k\) the number of derangements of \(k\) objects.",
        r"""
\State \(D_0 \gets 1\); \(D_1 \gets 0\)
\For{\(k = 2, \dots, n\)}
\State \(D_k \gets (k - 1)(D_{k-1} + D_{k-2})\)
\EndFor
\State \Return \(D\)
""",
        spec,
    )
    assert algoverify.load(note).listings[0](n=19)[-1] == 44750731559645106  # not its nearest float
    (outcome,) = api.check([note], seed=0, trials=24).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_a_zero_vector_combined_with_the_rows_of_a_matrix_has_their_length(tmp_path):
    note = _note(
        tmp_path,
        r"\(A \in \mathbb{R}^{m \times n}\) has rows \(a_1, \dots, a_m\) and \(b \in \mathbb{R}^{m}\).",
        r"""
\State \(x \gets 0\)
\For{\(i = 1, \dots, m\)}
\State \(x \gets x + \frac{b_i - a_i^{\top} x}{\lVert a_i \rVert^{2}} a_i\)
\EndFor
\State \Return \(x\)
""",
    )
    got = algoverify.load(note).listings[0](A=np.array([[2.0, 0.0]]), b=np.array([4.0]))
    np.testing.assert_allclose(got, [2.0, 0.0])  # a vector of n = 2 entries, not the number 0


def test_an_operator_alone_in_its_math_joins_two_calls_into_one_returned_value():
    run = listing(
        r"""
\Function{PairSum}{$x_1, \dots, x_n$}
\If{$n = 1$}
\State \Return $x_1$
\EndIf
\State $m \gets \lfloor n / 2 \rfloor$
\State \Return \Call{PairSum}{$x_{1:m}$} $+$ \Call{PairSum}{$x_{m+1:n}$}
\EndFunction
"""
    )
    assert run(x=np.array([1.0, 2.0, 3.0, 4.0, 5.0])) == 15.0


def test_latex_in_a_double_quoted_yaml_value_says_how_to_write_it(tmp_path):
    note = tmp_path / "q.md"
    note.write_text(
        '---\nalgoverify:\n  checks:\n    - id: c\n      kind: property\n      claim: "the value \\(p\\) is positive"\n---\n\nHi.\n'
    )
    (finding,) = [f for f in api.lint([note]).all_findings() if f.code == "AV003"]
    assert "backslashes doubled" in finding.message and "single quotes" in finding.message


def test_pairs_of_coordinates_in_the_prose_are_two_families_of_one_size(tmp_path):
    note = _note(
        tmp_path,
        r"The triangle has corners \((p_1, q_1), \dots, (p_k, q_k)\), one after another.",
        r"""
\Function{Twice}{\(p, q\)}
\State \(s \gets 0\)
\For{\(i \gets 1\) \textbf{to} \(k\)}
\State \(s \gets s + p_i q_i\)
\EndFor
\State \Return \(s\)
\EndFunction
""",
    )
    got = algoverify.load(note).listings[0](p=np.array([1.0, 2.0, 3.0]), q=np.array([4.0, 5.0, 6.0]))
    assert got == 32.0  # k is the length of p and q, not an input of its own


@pytest.mark.parametrize("written", [r"\Delta\phi", r"\Delta \phi", r"\Delta{\phi}"])
def test_an_increment_of_a_greek_letter_is_one_name(tmp_path, written):
    note = _note(
        tmp_path,
        r"Let \(\phi \in \mathbb{R}\) be the angle.",
        rf"""
\State \({written} \gets 2 \phi\)
\State \(\phi \gets \phi + {written}\)
\State \Return \(\phi, {written}\)
""",
    )
    assert algoverify.load(note).listings[0](phi=1.5) == (4.5, 3.0)


def test_an_increment_of_a_greek_letter_is_read_by_entry_in_a_claim():
    words = {"Deltaphi"}
    from algoverify.math.names import join_words

    tree = join_words(parse_math(r"\max_i \Delta\phi_i"), words)
    assert "Deltaphi" in repr(tree) and "Sym(name='Delta'" not in repr(tree)


def test_a_graph_with_n_vertices_has_an_n_by_n_adjacency_matrix(tmp_path):
    note = _note(
        tmp_path,
        r"Let \(G\) be a graph with \(n\) vertices and adjacency matrix \(W\).",
        r"""
\Function{Degree}{\(W, u\)}
\State \(d \gets 0\)
\For{\(v = 1, \dots, n\)}
\State \(d \gets d + w_{uv}\)
\EndFor
\State \Return \(d\)
\EndFunction
""",
    )
    loaded = algoverify.load(note).listings[0]
    assert loaded(W=np.array([[0.0, 1.0, 1.0], [1.0, 0.0, 0.0], [1.0, 0.0, 0.0]]), u=1) == 2.0
    with pytest.raises(algoverify.ExecutionError):
        loaded(W=np.ones((2, 3)), u=1)  # not n × n


def test_a_size_written_as_twice_a_name_gives_that_name(tmp_path):
    note = _note(
        tmp_path,
        r"The list \(z \in \mathbb{R}^{N}\) has even length \(N = 2h\).",
        r"""
\Procedure{Halves}{\(z\)}
\For{\(k = 1, \dots, h\)}
\State \(s_k \gets z_{2k-1} + z_{2k}\)
\EndFor
\State \Return \(s\)
\EndProcedure
""",
    )
    run = algoverify.load(note).listings[0]
    np.testing.assert_array_equal(run(z=np.array([1.0, 2.0, 3.0, 4.0])), [3.0, 7.0])
    with pytest.raises(algoverify.ExecutionError, match="5 is not a multiple of 2"):
        run(z=np.ones(5))  # the note says the length is even


def test_a_relation_joined_by_and_to_a_for_clause_is_a_condition_not_a_definition(tmp_path):
    note = _note(
        tmp_path,
        r"There are \(n \ge 1\) items. The closed form: for \(k = 2\) and \(n = 2^m + r\) the answer is \(2r + 1\).",
        r"""
\Require \(k\)
\State \(J \gets 0\)
\For{\(i = 2, \dots, n\)}
\State \(J \gets (J + k) \bmod i\)
\EndFor
\State \Return \(J + 1\)
""",
    )
    assert algoverify.load(note).listings[0](n=5, k=2) == 3  # n stays an input


def test_a_prefix_up_to_a_running_index_is_no_declaration_of_the_family(tmp_path):
    note = _note(
        tmp_path,
        r"The readings \(y_1, \dots, y_m\) are \(m\) numbers. "
        r"Each \(c_k\) is a sum of \(y_1, \dots, y_k\), a prefix of the readings.",
        r"""
\State \(c_1 \gets y_1\)
\For{\(k = 2, \dots, m\)}
\State \(c_k \gets c_{k-1} + y_k\)
\EndFor
\State \Return \(c\)
""",
    )
    run = algoverify.load(note).listings[0]
    np.testing.assert_array_equal(run(y=np.array([1.0, 2.0, 3.0])), [1.0, 3.0, 6.0])  # m is y's length
    assert "m" not in run.inputs


def test_a_relation_joined_to_a_precondition_is_a_precondition_too(tmp_path):
    note = _note(
        tmp_path,
        r"We keep to the lower wedge, where \(a_0 < a_1\) and \(0 \le b_1 - b_0 \le a_1 - a_0\); the rest is alike.",
        r"""
\Procedure{Rise}{$a_0, b_0, a_1, b_1$}
\State \Return $b_1 - b_0$
\EndProcedure
""",
    )
    run = algoverify.load(note).listings[0]
    assert run(a_0=0, b_0=0, a_1=5, b_1=2) == 2
    with pytest.raises(algoverify.ExecutionError, match=r"0 \\le b_1 - b_0 \\le a_1 - a_0 does not hold .*b_1 = 5"):
        run(a_0=0, b_0=0, a_1=2, b_1=5)  # steeper than the wedge: outside what the note describes


def test_xor_of_whole_numbers_a_listing_stored_as_floats():
    run = listing(r"\Require $g$" "\n" r"\State \Return $g_2 \oplus g_1$")
    assert run(g=np.array([3.0, 5.0])) == 6
    with pytest.raises(algoverify.ExecutionError, match="takes integers"):
        run(g=np.array([3.5, 5.0]))


def test_an_e_the_listing_stores_into_is_its_own_not_a_basis_vector():
    run = listing(
        r"""
\Require $x_1, \dots, x_n$
\State $e_0 \gets 1$
\For{$k = 1, \dots, n$}
\State $e_k \gets e_{k-1} x_k$
\EndFor
\State \Return $e_n$
"""
    )
    assert run(x=np.array([2.0, 3.0, 4.0])) == 24.0


def test_an_unbound_e_with_an_index_is_still_a_basis_vector():
    run = listing(r"\Require $x$" "\n" r"\State \Return $x + e_2$")
    np.testing.assert_array_equal(run(x=np.zeros(3)), [0.0, 1.0, 0.0])


def test_the_square_of_a_call_of_a_function_parameter():
    run = listing(
        r"""
\Procedure{R}{\(f, m\)}
\State \(s \gets \sqrt{f(m)^{2} + 1}\)
\State \Return \(s\)
\EndProcedure
"""
    )
    assert run(f=lambda x: 2 * x, m=1.5) == pytest.approx(np.sqrt(10.0))  # (f(m))^2, not f times m^2


def test_a_value_roughly_equal_to_a_number_is_an_example_not_a_precondition(tmp_path):
    note = _note(
        tmp_path,
        r"Take a level \(q > 0\) (\(q \approx 1.64\) for a one-sided 95 % bound).",
        r"""
\Function{Half}{\(q\)}
\State \Return \(q / 2\)
\EndFunction
""",
    )
    assert algoverify.load(note).listings[0](q=3.0) == 1.5  # 3 is not ≈ 1.64: allowed


def test_sgn_is_the_sign():
    assert listing(r"\Require $x$" "\n" r"\State \Return $\operatorname{sgn}(x)$")(x=-2.5) == -1.0


def test_a_quantifier_after_and_binds_what_follows_its_colon():
    tree = parse_math(r"0 \le x < P \land \forall i \in \{1, \dots, k\} : x = r_i")
    assert type(tree).__name__ == "Logic" and type(tree.args[1]).__name__ == "Quant" and tree.args[1].body is not None
    run = listing(
        r"\Require $x, r, k$" "\n" r"\State \Return $0 \le x \land \forall i \in \{1, \dots, k\} : x \ge r_i$"
    )
    assert run(x=3, r=np.array([1.0, 2.0]), k=2)
    assert not run(x=3, r=np.array([1.0, 5.0]), k=2)


def test_a_family_written_in_decreasing_order_must_come_sorted_so(tmp_path):
    note = _note(
        tmp_path,
        r"The scores \(s_1 \ge s_2 \ge \dots \ge s_m\) come ranked.",
        r"""
\Function{Top}{\(s\)}
\State \Return \(s_1\)
\EndFunction
""",
    )
    run = algoverify.load(note).listings[0]
    assert run(s=np.array([3.0, 2.0, 2.0])) == 3.0
    with pytest.raises(algoverify.ExecutionError, match="s is sorted in decreasing order does not hold"):
        run(s=np.array([1.0, 3.0, 2.0]))  # a parameter's order the prose states is checked too


def test_two_letters_beside_one_index_of_a_built_sequence_are_asked_about(tmp_path):
    note = tmp_path / "pairs.md"
    note.write_text(
        "\\begin{algorithmic}\n\\Require $n$\n\\State $f_1 \\gets 1$\n\\For{$i = 2, \\dots, n$}\n"
        "\\State $f_i \\gets 0$\n\\EndFor\n\\State $f_{i j} \\gets 2$\n\\State \\Return $f$\n\\end{algorithmic}\n"
    )
    (finding,) = [f for f in api.lint([note]).all_findings() if f.code == "AV204"]
    assert "f_{i \\cdot p}" in finding.message and api.lint([note]).notes[0].note.source.line_col(
        finding.span.start
    ) == (7, 9)


def test_a_table_written_with_two_letters_everywhere_is_not_asked_about(tmp_path):
    _note(
        tmp_path,
        r"Let \(m, n \ge 1\).",
        r"""
\For{\(i = 0, \dots, m\)}
\State \(d_{i0} \gets i\)
\EndFor
\For{\(j = 0, \dots, n\)}
\State \(d_{0j} \gets j\)
\EndFor
\State \Return \(d_{mn}\)
""",
    )  # _note asserts lint is clean


def test_a_bound_written_after_a_list_of_names_declares_each(tmp_path):
    note = _note(tmp_path, r"Let \(m, n \ge 1\).", r"\State \Return \(m + n\)")
    run = algoverify.load(note).listings[0]
    assert run(m=2, n=3) == 5
    with pytest.raises(algoverify.ExecutionError, match=r"m, n \\ge 1 does not hold \(m = 0\)"):
        run(m=0, n=3)
