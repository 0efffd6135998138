r"""Notation round 68's notes wrote that a reader takes one way and algoverify took another (the fixtures are ours)."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import prose_note

from algoverify import api

LEAST_GENERATOR = r"""
\Require an odd prime \(p\), the distinct primes \(q_1, \dots, q_k\) dividing \(p - 1\)
\State \(g \gets 1\)
\Repeat
  \State \(g \gets g + 1\)
  \State \(i \gets 1\)
  \While{\(i \le k\) \textbf{and} \(g^{(p-1)/q_i} \bmod p \ne 1\)}
    \State \(i \gets i + 1\)
  \EndWhile
\Until{\(i > k\)}
\State \Return \(g\)
"""


@pytest.mark.parametrize(
    ("p", "q", "least"),
    [(277, [2, 3, 23], 5), (241, [2, 3, 5], 7), (7, [2, 3], 3), (1000003, [2, 3, 166667], 2)],
)
@pytest.mark.parametrize("as_floats", [False, True])
def test_a_power_of_whole_numbers_modulo_p_is_exact(tmp_path, p, q, least, as_floats):
    # round 68 (Cohen's least primitive root): q given as a list became floats, so 3^{138.0} mod 277 was a
    # rounded float's remainder (257, not 1) and a correct listing was refuted
    note = prose_note(tmp_path, "The least generator of the multiplicative group modulo a prime.", LEAST_GENERATOR)
    given = np.array(q, dtype=float) if as_floats else q
    assert api.load(note).listings[0].run({"p": p, "q": given}).value == least


def test_an_inverse_of_a_fraction_stays_the_real_one(tmp_path):
    # round 156 (the Chinese remainder theorem): M_i^{-1} \bmod m_i of whole numbers held as floats (the
    # moduli drawn, M / m_i of them) is the inverse in Z_m; only a number that is not whole keeps 1/a
    body = r"""
\Require numbers \(g, a, k, p\)
\State \Return \(g \cdot a^{-k} \bmod p\)
"""
    note = prose_note(tmp_path, "A remainder.", body)
    run = api.load(note).listings[0].run
    assert run({"a": 2.5, "g": 3, "k": 1, "p": 7}).value == pytest.approx(1.2)  # a fraction: 3/2.5 mod 7
    assert run({"a": 2.0, "g": 3, "k": 1, "p": 7}).value == 5  # a whole float: 3 · 2^{-1} in Z_7
    assert run({"a": 2, "g": 3, "k": 1, "p": 7}).value == 5  # integers: 3 · 2^{-1} in Z_7


@pytest.mark.parametrize(
    ("written", "name"),
    [(r"d_{model}", "d_model"), (r"d_{\mathrm{model}}", "d_model"), (r"x_{best}", "x_best"), (r"w_{init}", "w_init")],
)
def test_a_word_under_a_name_in_require_declares_that_name(tmp_path, written, name):
    # round 68 (Vaswani's d_{model}): \Require ... \(d_{model}\) declared nothing, and the listing read d·m·o·d·e·l
    body = f"\\Require sequence length \\(L\\), even model width \\({written}\\)\n"
    body += f"\\State \\(Z \\gets 0_{{L \\times {written}}}\\)\n\\State \\(y \\gets 2 {written}\\)\n\\State \\Return \\(Z, y\\)\n"
    note = prose_note(tmp_path, "Widths of a model.", body)
    listing = api.load(note).listings[0]
    assert listing.inputs == ("L", name)
    zeros, doubled = listing.run({"L": 2, name: 4}).value
    assert np.shape(zeros) == (2, 4) and doubled == 8


def test_three_index_letters_under_a_name_stay_an_entry():
    from algoverify.math import mathexpr as M
    from algoverify.math.names import subscript_word

    assert subscript_word(M.parse_math(r"a_{ijk}")) is None  # i, j, k: an entry at three indices
    assert subscript_word(M.parse_math(r"d_{model}")) == "model"
    assert subscript_word(M.parse_math(r"x_{ij}")) is None


ENCODING = r"""
\Require sequence length \(L\), even model width \(d_{model}\)
\State \(PE \gets 0_{L \times d_{model}}\)
\For{\(pos = 0, \dots, L - 1\)}
  \For{\(i = 0, \dots, d_{model}/2 - 1\)}
    \State \(PE_{(pos, 2i)} \gets \sin(pos / 10000^{2i / d_{model}})\)
    \State \(PE_{(pos, 2i+1)} \gets \cos(pos / 10000^{2i / d_{model}})\)
  \EndFor
\EndFor
\State \Return \(PE\)
"""


@pytest.mark.parametrize(
    "holds",
    [
        r"\forall pos \in \{0, \dots, L - 1\}: \sum_{j=0}^{d_{model}-1} PE_{pos, j}^{2} = \frac{d_{model}}{2}",
        r"\max_{pos, j} \lvert PE_{pos, j} \rvert \le 1",
    ],
)
def test_a_word_a_formula_runs_over_is_one_variable(tmp_path, holds):
    # round 68: pos of \forall pos and of \max_{pos, j} was p·o·s, and PE_{pos, j}^{2} was P times E's entry
    from helpers import property_spec

    spec = "  index_base: 0\n" + property_spec("its entries are bounded", '{L: "integers(1, 6)", d_model: 6}', holds)
    note = prose_note(tmp_path, "Sinusoidal positional encodings: its entries are bounded.", ENCODING, spec)
    (report,) = api.check([note], isolate=False, cache=False).notes
    (outcome,) = report.outcomes
    assert outcome.status == "verified", outcome.message


QUANTILE = r"""
\Require a sample \(x_1, \dots, x_n\), a level \(0 \le p \le 1\)
\State STEP
\State \(h \gets (n - 1) p + 1\)
\State \(j \gets \lfloor h \rfloor\)
\If{\(j = n\)}
  \State \Return \(x_{(n)}\)
\EndIf
\State \Return \(x_{(j)} + (h - j) (x_{(j+1)} - x_{(j)})\)
"""


def test_order_statistics_assigned_from_sort_run(tmp_path):
    # round 68 (Hyndman and Fan's definition 7): sort had to come from the note's module
    body = QUANTILE.replace("STEP", r"\((x_{(1)}, \dots, x_{(n)}) \gets \operatorname{sort}(x)\)")
    note = prose_note(tmp_path, "The sample quantile of definition 7.", body)
    x = np.array([3.0, 1.0, 4.0, 1.5, 9.0])
    for p in (0.0, 0.3, 0.5, 1.0):
        assert api.load(note).listings[0].run({"x": x, "p": p}).value == pytest.approx(np.quantile(x, p))


def test_sorting_in_words_says_how_to_write_it(tmp_path):
    note = tmp_path / "q.md"
    body = QUANTILE.replace("STEP", r"sort \(x\) into decreasing order")
    note.write_text(f"The sample quantile.\n\n\\begin{{algorithmic}}\n{body.strip()}\n\\end{{algorithmic}}\n")
    found = [f for f in api.lint([note]).all_findings() if f.code == "AV304"]
    # round 125: into decreasing order, the increasing sort was the advice; the negation's sort is
    assert len(found) == 1 and r"\(u \gets -\operatorname{sort}(-y)\)" in found[0].message


ORTHOGONAL_ITERATION = r"""
\Require symmetric \(A \in \mathbb{R}^{n \times n}\), \(Q_0 \in \mathbb{R}^{n \times n}\), steps \(N \ge 1\)
\For{\(k = 1, \dots, N\)}
  \State \(Z \gets A Q_{k-1}\)
  \State \(Q_k R_k = Z\)
\EndFor
\State \Return \(Q_N, R_N\)
"""


def test_families_the_prose_names_and_a_factorisation_step_writes_are_the_listings_own(tmp_path):
    # round 68: "the iterates Q_1, …, Q_N and R_1, …, R_N" in the prose made R an input the run asked for
    prose = r"Orthogonal iteration computes the iterates \(Q_1, \dots, Q_N\) and \(R_1, \dots, R_N\)."
    note = prose_note(tmp_path, prose, ORTHOGONAL_ITERATION)
    listing = api.load(note).listings[0]
    assert "R" not in listing.inputs
    A = np.array([[2.0, 1.0], [1.0, 3.0]])
    result = listing.run({"A": A, "Q_0": np.eye(2), "N": 3})
    assert result.finding is None, result.finding
    q, r = result.value
    expected = np.eye(2)
    for _ in range(3):
        expected, last = np.linalg.qr(A @ expected)
    # the same iterates up to the signs a QR factorisation may choose for its columns
    np.testing.assert_allclose(np.abs(q), np.abs(expected), atol=1e-12)
    np.testing.assert_allclose(np.abs(r), np.abs(last), atol=1e-12)


@pytest.mark.parametrize(
    "step",
    [
        r"sort \(x\) into \(x_{(1)} \le \dots \le x_{(n)}\)",
        r"sort \(x\) into \(x_{(1)} \leq x_{(2)} \leq \dots \leq x_{(n)}\)",
    ],
)
def test_sorting_into_the_order_statistics_in_words_runs(tmp_path, step):
    # round 68 (Hyndman and Fan's definition 7, as a statistician writes it)
    note = prose_note(tmp_path, "The sample quantile of definition 7.", QUANTILE.replace("STEP", step))
    x = np.array([3.0, 1.0, 4.0, 1.5, 9.0])
    for p in (0.0, 0.3, 0.5, 1.0):
        assert api.load(note).listings[0].run({"x": x, "p": p}).value == pytest.approx(np.quantile(x, p))


@pytest.mark.parametrize(
    ("step", "returned", "expected"),
    [
        (r"sort \(x\)", "x", [1.0, 1.5, 3.0]),
        (r"sort \(x\) in increasing order", "x", [1.0, 1.5, 3.0]),
        (r"sort \(x\) into \(y\)", "y", [1.0, 1.5, 3.0]),
    ],
)
def test_a_sort_in_words_is_the_assignment_it_states(tmp_path, step, returned, expected):
    body = f"\\Require a sample \\(x_1, \\dots, x_n\\)\n\\State {step}\n\\State \\Return \\({returned}\\)\n"
    note = prose_note(tmp_path, "Sorted.", body)
    np.testing.assert_array_equal(api.load(note).listings[0].run({"x": np.array([3.0, 1.0, 1.5])}).value, expected)


def test_a_sort_in_decreasing_order_stays_in_words_and_lint_says_how_to_write_it(tmp_path):
    note = tmp_path / "d.md"
    note.write_text(
        "Sorted down.\n\n\\begin{algorithmic}\n\\Require \\(x_1, \\dots, x_n\\)\n"
        "\\State sort \\(x\\) in decreasing order\n\\State \\Return \\(x\\)\n\\end{algorithmic}\n"
    )
    assert [f.code for f in api.lint([note]).all_findings() if f.code != "AV604"] == ["AV304"]


def test_a_finding_inside_a_sort_in_words_is_at_the_authors_text(tmp_path):
    note = tmp_path / "z.md"
    note.write_text(
        "Sorted.\n\n\\begin{algorithmic}\n\\Require \\(x_1, \\dots, x_n\\)\n"
        "\\State sort \\(z\\) into \\(y\\)\n\\State \\Return \\(y\\)\n\\end{algorithmic}\n"
    )
    (finding,) = [f for f in api.lint([note]).all_findings() if f.code == "AV303"]
    text = note.read_text()
    assert text[finding.span.start : finding.span.end] == "z"
    assert text[: finding.span.start].splitlines()[-1] == r"\State sort \("
