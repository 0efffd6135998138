r"""CLRS's second-edition notation, as fresh notes copied it: ``V[G]``, ``\mathit{length}[X]``, "return c and b".

Each case is our own text. Before, each linted clean and then could not run: the graph ``G`` of
``\Procedure{Reach}{$G, s$}`` was a missing input (AV307 at check only, since lint skipped a check
that names its listing by its procedure), ``length[X]`` indexed a function with an array (AV306),
and ``\Return \(c\) and \(b\)`` returned the truth value ``c ∧ b`` (one value, or NumPy's raw message).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from helpers import property_spec, prose_note

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
    note.write_text(
        f"---\nalgoverify:\n{spec}---\n\nIt scales.\n\n\\begin{{algorithmic}}\n{body}\n\\end{{algorithmic}}\n"
    )
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


_SIBLINGS = r"""
\Procedure{Main}{$x, s$}
  \State \Call{Init}{$x, s$}
  \For{\(i \gets 1\) \textbf{to} \(n\)}
    \State \Call{Lower}{$i, x$}
  \EndFor
  \If{\(d[s] > 100\)}
    \State \Return \(0\)
  \EndIf
  \State \Return \(d\)
\EndProcedure
\Procedure{Init}{$x, s$}
  \For{each \(v \in \{1, \dots, n\}\)}
    \State \(d[v] \gets \infty\)
  \EndFor
  \State \(d[s] \gets 0\)
\EndProcedure
\Procedure{Lower}{$i, x$}
  \If{\(d[i] > x_i\)}
    \State \(d[i] \gets x_i\)
  \EndIf
\EndProcedure
"""


def test_a_table_one_procedure_stores_is_read_by_its_caller_and_by_the_procedures_beside_it(tmp_path):
    # Initialize-Single-Source stores d, Relax and Bellman-Ford read it: lint said AV303 at the caller's
    # read, and the run stopped in Relax ("d is not defined")
    note = prose_note(tmp_path, r"Let \(x\) be an array of \(n\) numbers.", _SIBLINGS)
    listing = api.load(note).listings[0]
    np.testing.assert_array_equal(listing(x=np.array([3.0, 1.0, 2.0]), s=1), [0.0, 1.0, 2.0])
    np.testing.assert_array_equal(listing(x=np.array([3.0, 1.0, 2.0]), s=2), [3.0, 0.0, 2.0])


_WEIGHTS = (
    r"Let \(G = (V, E)\) be a directed graph on the vertices \(V = \{1, \dots, n\}\) with a source "
    r"\(s \in V\) and weight function \(w : E \to \mathbb{R}\), stored as an \(n \times n\) matrix whose "
    r"entry \((u, v)\) is \(w(u, v)\), with \(w(u, v) = \infty\) when \((u, v) \notin E\)."
)

_RELAXING = r"""
\Function{Distances}{$G, w, s$}
  \State \Call{Start}{$G, s$}
  \For{\(i \gets 1\) \textbf{to} \(|V[G]| - 1\)}
    \For{each edge \((u, v) \in E[G]\)}
      \State \Call{Relax}{$u, v, w$}
    \EndFor
  \EndFor
  \State \Return \(d\)
\EndFunction
\Procedure{Start}{$G, s$}
  \For{each vertex \(v \in V[G]\)}
    \State \(d[v] \gets \infty\)
  \EndFor
  \State \(d[s] \gets 0\)
\EndProcedure
\Procedure{Relax}{$u, v, w$}
  \If{\(d[v] > d[u] + w(u, v)\)}
    \State \(d[v] \gets d[u] + w(u, v)\)
  \EndIf
\EndProcedure
"""


def _shortest(w: np.ndarray, s: int) -> np.ndarray:
    d = np.full(len(w), np.inf)
    d[s - 1] = 0.0
    for _ in range(len(w)):
        for u in range(len(w)):
            for v in range(len(w)):
                d[v] = min(d[v], d[u] + w[u, v])
    return d


def test_a_graph_given_by_its_weights_passed_to_procedures_that_read_its_parts(tmp_path):
    # CLRS 2e's Bellman-Ford as a fresh note wrote it: G passed on to Initialize-Single-Source, E[G]
    # the pairs of finite weight ("w(u, v) = ∞ when (u, v) ∉ E"), w : E → ℝ given as the matrix
    listing = api.load(prose_note(tmp_path, _WEIGHTS, _RELAXING)).listing("Distances")
    assert listing.program.by_parts == {"G"}
    rng = np.random.default_rng(5)
    for n in (1, 2, 4, 6):
        w = np.where(rng.random((n, n)) < 0.5, rng.integers(1, 9, (n, n)).astype(float), np.inf)
        np.testing.assert_array_equal(listing(w=w, s=1, n=n), _shortest(w, 1))


def test_a_function_of_a_named_set_may_be_a_table_one_of_an_interval_may_not():
    from algoverify.running.declarations import InputSpec, declare_math

    spec = InputSpec()
    for latex in (r"w : E \to \mathbb{R}", r"c : V \times V \to \mathbb{R}", r"f : [a, b] \to \mathbb{R}"):
        from algoverify.math.mathexpr import parse_math

        declare_math(parse_math(latex), spec, lambda span, latex=latex: latex, None)
    assert {d.name: d.noun for d in spec.inputs if d.name in "wcf"} == {"w": "mapping", "c": "mapping", "f": "function"}


def test_words_in_small_capitals_are_constants_equal_only_to_themselves():
    # CLRS's \textsc{white}, \textsc{gray}: AV303 "declare white in \Require" before, and every run stopped
    run = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $x$\n\\State $c \\gets \\textsc{white}$\n"
        "\\If{$x > 0$}\n\\State $c \\gets \\textsc{gray}$\n\\EndIf\n"
        "\\If{$c = \\textsc{white}$}\n\\State \\Return $1$\n\\EndIf\n\\State \\Return $0$\n\\end{algorithmic}"
    )
    assert run(x=-1.0) == 1 and run(x=1.0) == 0


def test_a_small_capitals_word_the_prose_defines_takes_that_value(tmp_path):
    prose = r"The colours are the constants \(\textsc{white} = 0\) and \(\textsc{black} = 2\)."
    body = "\\Require $x$\n\\State \\Return $x + \\textsc{black}$"
    assert api.load(prose_note(tmp_path, prose, body)).listings[0](x=1.0) == 3.0


_HALVES = r"""
\Require $a$
\State $a^{[0]} \gets (a_1, a_3)$
\State $y^{[0]} \gets 2 a^{[0]}$
\State \Return $y^{[0]}[1] + y^{[0]}[2]$
"""


def test_a_bracketed_superscript_labels_and_a_bracket_after_it_indexes():
    # CLRS's y^{[0]}[k] was y^0 times the list [k]: three wrong refutations of a correct FFT
    run = algoverify.compile("\\begin{algorithmic}\n" + _HALVES.strip() + "\n\\end{algorithmic}")
    assert run(a=np.array([1.0, 10.0, 3.0, 30.0])) == 8.0


_AUTOCORRELATION = r"""
\State $s \gets r_x(1)$
\For{$j = 1, \dots, p$}
  \State $s \gets s + r_x(j + 1)$
\EndFor
\State \Return $s$
"""


def test_a_vector_applied_to_an_index_is_an_entry_wherever_the_listing_writes_it_so(tmp_path):
    # Hayes's r_x(0) read as an entry and r_x(j + 1) as the product r_x · (j + 1): two wrong refutations
    prose = (
        r"Let \(r_x(1), r_x(2), \dots, r_x(p + 1)\) be the autocorrelation of a signal, for a lag \(p \ge 1\). It sums."
    )
    spec = property_spec("It sums", '{p: "integers(1, 4)", r_x: "randn(p + 1)"}', "s = s")
    listing = api.load(prose_note(tmp_path, prose, _AUTOCORRELATION, spec)).listings[0]
    assert listing(r_x=np.array([4.0, 2.0, 1.0]), p=2) == 7.0


def test_part_of_a_column_times_part_of_a_row_is_their_outer_product():
    # Golub and Van Loan's A(ρ, k) A(k, ρ) was taken as an inner product: PA = LU refuted on a correct listing
    run = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $A$\n\\State \\Return $A_{2:3, 1} A_{1, 2:3}$\n\\end{algorithmic}"
    )
    A = np.arange(9.0).reshape(3, 3)
    np.testing.assert_array_equal(run(A=A), np.outer(A[1:, 0], A[0, 1:]))
    inner = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $A$\n\\State \\Return $A_{1, 2:3} A_{2:3, 1}$\n\\end{algorithmic}"
    )
    assert inner(A=A) == A[0, 1:] @ A[1:, 0]


def test_a_whole_number_times_a_tuple_of_numbers_scales_it():
    # Python's 2 * (1.0, 3.0) repeats the tuple: a listing's 2 (a_1, a_3) had four entries
    run = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $a$\n\\State $t \\gets (a_1, a_3)$\n\\State \\Return $2 t$\n\\end{algorithmic}"
    )
    np.testing.assert_array_equal(run(a=np.array([1.0, 10.0, 3.0])), [2.0, 6.0])


_GOLDEN = r"""
\State \(\tau = (\sqrt{5} - 1)/2\)
\State \(x_1 = a + (1 - \tau)(b - a)\)
\State \(f_1 = f(x_1)\)
\State \(x_2 = a + \tau(b - a)\)
\State \(f_2 = f(x_2)\)
\While{\((b - a) > \mathit{tol}\)}
  \If{\(f_1 > f_2\)}
    \State \(a = x_1\)
    \State \(x_1 = x_2\)
    \State \(f_1 = f_2\)
    \State \(x_2 = a + \tau(b - a)\)
    \State \(f_2 = f(x_2)\)
  \Else
    \State \(b = x_2\)
    \State \(x_2 = x_1\)
    \State \(f_2 = f_1\)
    \State \(x_1 = a + (1 - \tau)(b - a)\)
    \State \(f_1 = f(x_1)\)
  \EndIf
\EndWhile
\State \Return \((a + b)/2\)
"""


def test_values_of_a_function_the_prose_gives_stored_by_number_are_names_of_their_own(tmp_path):
    # Heath's golden section: f_1 \gets f(x_1) made f the listing's table ("f is not defined" at lint,
    # "f(x_1) reads index …, never set" at check) though the prose says f : [a, b] → ℝ
    prose = r"Let \(f : [a, b] \to \mathbb{R}\) be unimodal, and let \(\mathit{tol} > 0\) be a tolerance."
    listing = api.load(prose_note(tmp_path, prose, _GOLDEN)).listings[0]
    assert set(listing.inputs) >= {"f", "a", "b", "tol"}
    found = listing(f=lambda x: (x - 0.3) ** 2, a=-1.0, b=2.0, tol=1e-8)
    assert abs(found - 0.3) < 1e-6


@pytest.mark.parametrize("word", [r"\text{arbitrary}", r"\text{any}"])
def test_a_value_left_arbitrary_is_an_input(word):
    # Trefethen and Bau's "b = arbitrary, q_1 = b / ‖b‖": AV303 "arbitrary is not defined" before
    run = algoverify.compile(
        "\\begin{algorithmic}\n\\State \\(b = " + word + "\\), \\(q = b / \\lVert b \\rVert\\)\n"
        "\\State \\Return \\(q\\)\n\\end{algorithmic}"
    )
    assert run.inputs == ("b",)
    np.testing.assert_allclose(run(b=np.array([3.0, 4.0])), [0.6, 0.8])


_COUNT_ON = r"""
\Require $n$
\For{\(t = 1, 2, \dots\)}
  \If{\(t^2 > n\)}
    \State \Return \(t\)
  \EndIf
\EndFor
"""


def test_a_loop_over_a_progression_with_no_last_term_counts_on_until_its_body_leaves():
    # Shalev-Shwartz and Ben-David's \For{t = 1, 2, \dots}: "\ForAll header names no x ∈ S" (AV308) before
    run = algoverify.compile("\\begin{algorithmic}\n" + _COUNT_ON.strip() + "\n\\end{algorithmic}")
    assert run(n=50) == 8
    endless = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $n$\n\\For{\\(t = 1, 2, \\dots\\)}\n\\State \\(n \\gets n + 1\\)\n"
        "\\EndFor\n\\end{algorithmic}"
    )
    with pytest.raises(algoverify.ExecutionError, match="AV301"):
        endless(n=1)


_BATCH_PERCEPTRON = r"""
\Require examples \((x_1, y_1), \dots, (x_m, y_m)\)
\State \textbf{initialize:} \(w^{(1)} = (0, \dots, 0)\)
\For{\(t = 1, 2, \dots\)}
  \If{\((\exists\, i \text{ s.t. } y_i \langle w^{(t)}, x_i \rangle \le 0)\)}
    \State \(w^{(t+1)} = w^{(t)} + y_i x_i\)
  \Else
    \State \Return \(w^{(t)}\)
  \EndIf
\EndFor
"""


def test_the_batch_perceptron_as_its_book_writes_it(tmp_path):
    # a step named "initialize:", the zero vector (0, …, 0) (read as the run from 0 to 0: length 1),
    # ∃ i s.t. … whose i the body reads, a loop counter t a check reads after the run
    spec = property_spec(
        "It stops after finitely many updates",
        '{m: "integers(1, 6)", d: "integers(1, 3)", x: "uniform(0.5, 2, m, d)", y: "uniform(0.5, 1, m)"}',
        "t \\ge 1",
    )
    prose = (
        r"The examples are the rows \(x_1, \dots, x_m\) of \(x\), with labels \(y_1, \dots, y_m\). "
        r"It stops after finitely many updates."
    )
    note = prose_note(tmp_path, prose, _BATCH_PERCEPTRON, spec)
    listing = api.load(note).listings[0]
    x = np.array([[1.0, 2.0], [-1.0, -1.5], [2.0, 0.5]])
    y = np.array([1.0, -1.0, 1.0])
    w = listing(x=x, y=y)
    assert np.all(y * (x @ w) > 0)
    (outcome,) = api.check([note], seed=0, trials=5).notes[0].outcomes
    assert outcome.status == "verified", outcome.message  # t, the loop's counter, is read after the run


@pytest.mark.parametrize("held", [r"\exists i: y_i > 0", r"\exists\, i \text{ such that } y_i > 0"])
def test_the_statements_an_existential_condition_guards_read_its_first_witness(held):
    run = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $y$\n\\If{\\(" + held + "\\)}\n\\State \\Return \\(i\\)\n\\EndIf\n"
        "\\State \\Return \\(0\\)\n\\end{algorithmic}"
    )
    assert run(y=np.array([-1.0, 2.0, 3.0])) == 2 and run(y=np.array([-1.0, -2.0])) == 0


def test_a_vector_the_prose_declares_is_not_read_by_the_entries_of_its_labelled_halves(tmp_path):
    # y_k^{[0]} reads y^{[0]}, never y: lint said "y is not defined" at the prose that declares y
    prose = r"The vector \(y = (y_1, \dots, y_n)\) holds the doubled halves, for the \(n\) entries of \(a\)."
    body = (
        "\\State \\(y^{[0]} \\gets 2 a\\)\n\\For{\\(k = 1, \\dots, n\\)}\n  \\State \\(y_k \\gets y_k^{[0]}\\)\n"
        "\\EndFor\n\\State \\Return \\(y\\)"
    )
    listing = api.load(prose_note(tmp_path, prose, body)).listings[0]
    np.testing.assert_array_equal(listing(a=np.array([1.0, 2.0])), [2.0, 4.0])


@pytest.mark.parametrize(("header", "expected"), [("k = 1{:}n-1", 6), ("k = 1:n", 10), ("k = 2{:}n", 9)])
def test_a_loop_over_a_colon_range_counts_from_its_first_end_to_its_last(header, expected):
    # Golub and Van Loan's \For{k = 1{:}n-1}: "\ForAll header names no x ∈ S" (AV308) before
    run = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $n$\n\\State $s \\gets 0$\n\\For{\\(" + header + "\\)}\n"
        "\\State \\(s \\gets s + k\\)\n\\EndFor\n\\State \\Return $s$\n\\end{algorithmic}"
    )
    assert run(n=4) == expected


_SIFTING = r"""
\Procedure{Sort}{$A$}
  \State \Call{Arrange}{$A$}
  \State \Return $A$
\EndProcedure
\Procedure{Arrange}{$A$}
  \For{$i = 1$ \textbf{to} $A.\mathit{length} - 1$}
    \State \Call{Sift}{$A, i$}
  \EndFor
\EndProcedure
\Procedure{Sift}{$A, i$}
  \For{$j = 1$ \textbf{to} $A.\mathit{length} - i$}
    \If{$A[j] > A[j + 1]$}
      \State exchange $A[j]$ with $A[j + 1]$
    \EndIf
  \EndFor
\EndProcedure
"""


def test_a_procedure_that_passes_an_array_to_one_that_updates_it_updates_it_too():
    # CLRS's Build-Max-Heap calls Max-Heapify(A, i), which exchanges entries of A: compiled before its
    # callee, Build-Max-Heap kept its own copy, and a correct Heapsort was refuted twice
    run = algoverify.compile("\\begin{algorithmic}\n" + _SIFTING.strip() + "\n\\end{algorithmic}")
    np.testing.assert_array_equal(run(A=np.array([3.0, 1.0, 2.0, 0.0])), [0.0, 1.0, 2.0, 3.0])


def test_a_condition_the_prose_says_of_an_array_is_never_a_precondition_of_a_helpers_parameter(tmp_path):
    # "A[⌊i/2⌋] ≥ A[i] for 2 ≤ i ≤ heapsize", the heap property, was checked on entry of Max-Heapify(A, i):
    # its i = 1 broke it, and the broken precondition of a call refuted a correct Heapsort
    prose = (
        r"A heap satisfies"
        "\n\n\\[\nA[\\lfloor i/2 \\rfloor] \\ge A[i] \\qquad \\text{for } 2 \\le i \\le \\mathit{last} .\n\\]\n\n"
        r"Sort arranges the array \(A\)."
    )
    body = _SIFTING.replace("\\For{$i = 1$", "\\State $\\mathit{last} = A.\\mathit{length}$\n  \\For{$i = 1$").replace(
        "\\If{$A[j] > A[j + 1]$}", "\\If{$A[j] > A[j + 1]$ and $i \\le \\mathit{last}$}"
    )
    listing = api.load(prose_note(tmp_path, prose, body)).listing("Sort")
    np.testing.assert_array_equal(listing(A=np.array([3.0, 1.0, 2.0, 0.0])), [0.0, 1.0, 2.0, 3.0])


_MATRIX_CHAIN = r"""
\Procedure{Costs}{$p$}
  \State $n = p.\mathit{length} - 1$
  \State let $m[1..n, 1..n]$ and $s[1..n]$ be new tables
  \For{$i = 1$ \textbf{to} $n$}
    \State $m[i, i] = p_{i-1} p_i$
    \State $s[i] = p_i$
  \EndFor
  \State \Return $m[n, n] + s[1]$
\EndProcedure
"""


def test_several_new_tables_in_one_let_and_a_sequence_in_angle_brackets_counts_from_its_first_member(tmp_path):
    # CLRS's Matrix-Chain-Order: "let m[…] and s[…] be new tables" was AV304; then p = ⟨p_0, …, p_n⟩
    # counted from 1 ("index 0 is out of range" at p_{i-1}, lint clean)
    prose = r"The dimensions are \(p = \langle p_0, p_1, \dots, p_n \rangle\), of length \(n + 1\)."
    listing = api.load(prose_note(tmp_path, prose, _MATRIX_CHAIN)).listing("Costs")
    assert listing(p=np.array([2.0, 3.0, 5.0])) == 3.0 * 5.0 + 3.0


def test_an_assignment_with_nothing_after_its_sign_still_reads_without_an_internal_error():
    # the fuzzer's `b =` alone, once "= \text{arbitrary}" was read: an AttributeError (AV099)
    from algoverify.source import Span
    from algoverify.syntax.build import parse_algorithm

    latex = "\\begin{algorithmic}\n\\State \\(b = \\)\n\\end{algorithmic}"
    parse_algorithm(latex, Span(0, len(latex)))


_READER = r"""
\Procedure{Main}{$x$}
  \State \Call{Fill}{$x$}
  \State \Return \Call{Top}{$x$}
\EndProcedure
\Procedure{Fill}{$x$}
  \For{$i = 1, \dots, 3$}
    \State $d[i] \gets 2 i$
  \EndFor
\EndProcedure
\Function{Top}{$x$}
  \State \Return $d[3] + x$
\EndFunction
"""


def test_a_procedure_that_only_reads_a_table_another_stores_is_passed_it():
    # Top reads d, which Fill stores and the caller takes back: it was dropped from what Top shares
    run = algoverify.compile("\\begin{algorithmic}\n" + _READER.strip() + "\n\\end{algorithmic}")
    assert run(x=1.0) == 7.0


_ROOTS = r"""
\Require $n \ge 1$
\State \(\omega_n \gets e^{2 \pi i / n}\)
\State \(\omega \gets 1\)
\State \(s \gets 0\)
\For{\(k \gets 1\) \textbf{to} \(n\)}
  \State \(s \gets s + \omega\)
  \State \(\omega \gets \omega\, \omega_n\)
\EndFor
\State \Return \(s\)
"""


def test_a_subscripted_name_set_beside_the_number_it_subscripts_is_a_number_of_its_own(tmp_path):
    # CLRS's Recursive-FFT: \omega_n (the principal root) beside \omega \gets 1 was entry n of the number
    # \omega, and the run stopped at \omega \omega_n (AV306) after a clean lint
    prose = r"The \(n\) powers of the principal root \(\omega_n\) add up to \(0\) when \(n > 1\)."
    listing = api.load(prose_note(tmp_path, prose, _ROOTS)).listings[0]
    assert abs(listing(n=1) - 1) < 1e-12
    for n in (2, 3, 8):
        assert abs(listing(n=n)) < 1e-12


def test_an_entry_of_a_vector_set_whole_stays_an_entry():
    def run(start):
        return algoverify.compile(
            "\\begin{algorithmic}\n\\Require $n = 3$\n\\State \\(x \\gets " + start + "\\)\n"
            "\\State \\(x_n \\gets 5\\)\n\\State \\Return \\(x\\)\n\\end{algorithmic}"
        )(n=3)

    np.testing.assert_array_equal(run("(1, 1, 1)"), [1.0, 1.0, 5.0])
    # x \gets 0 may be the zero vector: x_n is its entry, and its size is asked for (never a number x_n)
    with pytest.raises(algoverify.ExecutionError, match="AV204.*x is set to 0 and then used as a vector"):
        run("0")


def _diagonal(returned: str) -> Any:
    return algoverify.compile(
        "\\begin{algorithmic}\n\\Require $m \\ge 0$\n\\State \\(Q \\gets \\operatorname{zeros}(m+1, m+1)\\)\n"
        "\\State \\(s \\gets 7\\)\n\\For{\\(i = 0, 1, \\dots, m\\)}\n  \\For{\\(j = 0, 1, \\dots, m\\)}\n"
        "    \\State \\(Q_{i,j} \\gets 10 i + j\\)\n  \\EndFor\n\\EndFor\n\\State \\Return \\(" + returned + "\\)\n"
        "\\end{algorithmic}",
        index_base=0,
    )


@pytest.mark.parametrize(
    ("returned", "expected"),
    [
        # Burden and Faires's Hermite coefficients Q_{0,0}, Q_{1,1}, …: one list, the diagonal (was Q_{0,0}
        # apart, then a range of numbers from Q_{1,1}, after a clean lint)
        (r"Q_{0,0}, Q_{1,1}, \dots, Q_{m,m}", [0.0, 11.0, 22.0, 33.0]),
        (r"(Q_{0,0}, Q_{1,1}, \dots, Q_{m,m})", [0.0, 11.0, 22.0, 33.0]),
        (r"Q_{0,1}, Q_{1,2}, \dots, Q_{m-1,m}", [1.0, 12.0, 23.0]),  # the diagonal above it
        (r"Q_{0,0}, Q_{0,1}, \dots, Q_{0,m}", [0.0, 1.0, 2.0, 3.0]),  # a row: the first subscript stays
        (r"Q_{0,0}, Q_{2,2}, \dots, Q_{m-1,m-1}", [0.0, 22.0]),
    ],
)
def test_members_of_several_subscripts_around_dots_step_together(returned, expected):
    np.testing.assert_array_equal(_diagonal(returned)(m=3), expected)


def test_a_value_before_a_family_is_returned_on_its_own_and_steps_that_part_ways_are_refused():
    value, family = _diagonal(r"s, Q_{1,1}, \dots, Q_{m,m}")(m=2)
    assert value == 7
    np.testing.assert_array_equal(family, [11.0, 22.0])
    with pytest.raises(algoverify.ExecutionError, match="do not reach their last members together"):
        _diagonal(r"Q_{0,0}, Q_{1,1}, \dots, Q_{m,m-1}")(m=3)
    with pytest.raises(algoverify.ExecutionError, match="0, 2, …, 3 is not a progression that reaches 3"):
        _diagonal(r"Q_{0,0}, Q_{1,2}, \dots, Q_{m,m}")(m=3)
