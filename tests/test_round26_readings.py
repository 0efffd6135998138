"""Notation of numerical and statistical texts that a listing must read as their readers do (round 26).

Each case is our own text, written the way the sources write theirs: Saad's inner product
``(u, v)`` of two vectors, the jackknife's leave-one-out quantities ``\\bar{x}_{(i)}`` beside
``\\bar{x}``, and a finite-difference scheme's ``\\Delta t``, ``j_{-}`` and a Courant number the
spec draws while the prose defines it by names nobody gives.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import algoverify
from algoverify import api


def listing(body: str, index_base: int = 1):
    return algoverify.compile("\\begin{algorithmic}\n" + body.strip() + "\n\\end{algorithmic}", index_base=index_base)


# --- 1. (u, v) of two vectors, as an operand, is their inner product --------------------------------

STEEPEST = r"""
\Require $u, v$
\State $\gamma \gets (u, v) / (v, v)$
\State $\delta \gets 3 (u, v) - \sqrt{(v, v)} + \gamma (u, u)$
\State $\eta \gets \frac{(u, u)}{(v, v)}$
\State \Return $\gamma, \delta, \eta$
"""


def test_a_pair_of_two_vectors_in_arithmetic_is_their_inner_product():
    u, v = np.array([1.0, -2.0, 2.0]), np.array([0.5, 1.0, 3.0])
    gamma, delta, eta = listing(STEEPEST)(u=u, v=v)
    assert gamma == pytest.approx(u @ v / (v @ v))
    assert delta == pytest.approx(3 * (u @ v) - np.sqrt(v @ v) + gamma * (u @ u))
    assert eta == pytest.approx((u @ u) / (v @ v))


def test_the_generated_code_and_the_closures_agree_on_the_inner_product():
    # a listing's statements run as generated code; the guarded re-run (and a check's `holds:`) as closures
    from algoverify.math.mathexpr import parse_math
    from algoverify.math.numeric import Context, compile_expr

    u, v = np.array([1.0, 2.0]), np.array([3.0, -1.0])
    tree = parse_math(r"(u, v) / (v, v) + 2 (u, u)")
    for guard in (True, False):
        fn = compile_expr(tree, Context(declared={"u", "v"}, guard=guard))
        assert fn({"u": u, "v": v}) == pytest.approx((u @ v) / (v @ v) + 2 * (u @ u))


TUPLES = r"""
\Require $u, v$
\State $(a, b) \gets (v, u)$
\State $m \gets \max((u, v), 0)$
\State \Return $(a, b), m$
"""


def test_pairs_that_are_tuples_stay_tuples():
    u, v = np.array([1.0, 2.0]), np.array([-3.0, 1.0])
    (a, b), m = listing(TUPLES)(u=u, v=v)
    np.testing.assert_array_equal(a, v)  # an exchange unpacks the pair
    np.testing.assert_array_equal(b, u)
    assert m == 0.0  # a built-in's argument (u, v) is the inner product, -1


def test_a_pair_of_numbers_divided_by_a_pair_is_a_located_error_in_our_words():
    run = listing(r"\Require $u, v$" "\n" r"\State \Return $(u, v) / (v, v)$")
    with pytest.raises(algoverify.ExecutionError) as info:
        run(u=1.0, v=2.0)
    message = str(info.value)
    assert "AV306" in message and "a pair (u, v) divided by a pair (v, v)" in message
    assert "TypeError" not in message and "unsupported operand" not in message


def test_a_pair_of_two_lengths_is_no_inner_product():
    run = listing(r"\Require $u, v$" "\n" r"\State \Return $(u, v) / 2$")
    with pytest.raises(algoverify.ExecutionError, match=r"AV306 .*a pair \(u, v\) divided by the number 2"):
        run(u=np.array([1.0, 2.0]), v=np.array([1.0, 2.0, 3.0]))


MR_NOTE = r"""---
title: "Residual minimisation"
algoverify:
  checks:
    - id: decreases
      kind: property
      listing: 1
      claim: "the residual does not grow"
      inputs: {n: "integers(2, 4)", A: "spd(n)", b: "randn(n)", z: "randn(n)"}
      after: 's_{j+1} \gets s_j - \gamma_j q_j'
      holds: '\lVert s_{j+1} \rVert \le \lVert s_j \rVert'
---

Let \(A\) be a symmetric positive definite \(n \times n\) matrix, \(b\) and \(z\) vectors of length \(n\).
Each step minimises the residual along \(s_j\): the residual does not grow.

\begin{algorithmic}
\State \(s_1 \gets b - A z\)
\State \(j \gets 1\)
\While{\(\lVert s_j \rVert > 10^{-9}\)}
    \State \(q_j \gets A s_j\)
    \State \(\gamma_j \gets (q_j, s_j) / (q_j, q_j)\)
    \State \(z \gets z + \gamma_j s_j\)
    \State \(s_{j+1} \gets s_j - \gamma_j q_j\)
    \State \(j \gets j + 1\)
\EndWhile
\State \Return \(z\)
\end{algorithmic}
"""


def test_a_note_writing_saads_inner_product_checks(tmp_path: Path):
    note = tmp_path / "residual.md"
    note.write_text(MR_NOTE)
    (outcome,) = api.check([note], seed=0, trials=30, isolate=False).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


# --- 2. a parenthesised subscript names a family of its own: \bar{x}_{(i)} beside \bar{x} -------------


def test_a_parenthesised_subscript_names_a_family_apart_from_its_base():
    from algoverify.math.latex import to_latex
    from algoverify.math.mathexpr import parse_math
    from algoverify.math.names import family, identifier

    assert to_latex(parse_math(r"\bar{y}_{(k)}")) == r"\bar{y}_{(k)}"  # messages say it as written
    loo, entry = parse_math(r"\bar{y}_{(k)}"), parse_math(r"\bar{y}_{k}")
    assert family(loo)[0] != family(entry)[0] == identifier(parse_math(r"\bar{y}"))
    assert identifier(loo) != identifier(entry)
    # an edge's weight w_{(u, v)} is still an entry at a pair, and y_{(\cdot)} the name it was
    assert family(parse_math(r"w_{(u, v)}"))[0] == "w"
    assert identifier(parse_math(r"\bar{y}_{(\cdot)}")) == "y_bar_dot"


LEAVE_ONE_OUT = r"""
\Require $y$, $n$
\State $\bar{y} \gets \frac{1}{n} \sum_{k=1}^{n} y_k$
\For{$k = 1, \dots, n$}
    \State $\bar{y}_{(k)} \gets \frac{n \bar{y} - y_k}{n - 1}$
    \State $\hat{s}_{(k)} \gets (y_k - \bar{y}_{(k)})^{2}$
\EndFor
\State $\hat{s}_{(\cdot)} \gets \frac{1}{n} \sum_{k=1}^{n} \hat{s}_{(k)}$
\State \Return $\bar{y}, \bar{y}_{(2)}, \hat{s}_{(\cdot)}$
"""


def test_leave_one_out_values_are_stored_and_read_beside_the_full_mean():
    y = np.array([1.0, 4.0, -2.0, 5.0])
    mean, second, average = listing(LEAVE_ONE_OUT)(y=y, n=4)
    assert mean == pytest.approx(y.mean())  # \bar{y} stays the plain mean
    assert second == pytest.approx(np.delete(y, 1).mean())  # the mean without y_2
    loo = np.array([np.delete(y, k).mean() for k in range(4)])
    assert average == pytest.approx(np.mean((y - loo) ** 2))


JACKKNIFE_NOTE = r"""---
title: "Jackknife of the mean"
algoverify:
  checks:
    - id: mean-of-means
      kind: property
      listing: 1
      claim: "the average of the leave-one-out means is the mean"
      inputs: {n: "integers(2, 9)", y: "randn(n)"}
      holds: '\bar{y}_{(\cdot)} = \bar{y}'
---

Let \(y_1, \dots, y_n\) be a sample with mean \(\bar{y}\), and \(\bar{y}_{(k)}\) its mean without \(y_k\).
The average of the leave-one-out means is the mean.

\begin{algorithmic}
\State \(\bar{y} \gets \frac{1}{n} \sum_{k=1}^{n} y_k\)
\For{\(k = 1, \dots, n\)}
    \State \(\bar{y}_{(k)} \gets \frac{1}{n - 1} \sum_{j \ne k} y_j\)
\EndFor
\State \(\bar{y}_{(\cdot)} \gets \frac{1}{n} \sum_{k=1}^{n} \bar{y}_{(k)}\)
\State \Return \(\bar{y}_{(\cdot)}\)
\end{algorithmic}
"""


def test_a_jackknife_note_lints_clean_and_checks(tmp_path: Path):
    note = tmp_path / "jackknife.md"
    note.write_text(JACKKNIFE_NOTE)
    assert [f.code for f in api.lint([note]).all_findings() if f.code != "AV604"] == []
    (outcome,) = api.check([note], seed=0, trials=30, isolate=False).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


# --- 3. a scheme's notation: \Delta t, j_{-} and j_{+}, and a drawn Courant number -----------------


def test_a_sign_in_a_subscript_names_a_neighbour():
    from algoverify.math.mathexpr import parse_math
    from algoverify.math.names import identifier

    assert identifier(parse_math(r"k_{-}")) == "k_minus" and identifier(parse_math(r"k_+")) == "k_plus"


NEIGHBOURS = r"""
\Require $w$, $m$
\State $z \gets w$
\For{$k = 1, \dots, m$}
    \State $k_{-} \gets (k - 2) \bmod m + 1$
    \State $k_+ \gets k \bmod m + 1$
    \State $z_k \gets w_{k_{-}} + 10 w_{k_+}$
\EndFor
\State \Return $z$
"""


def test_neighbour_indices_written_with_signs_run():
    w = np.array([1.0, 2.0, 3.0])
    z = listing(NEIGHBOURS)(w=w, m=3)
    np.testing.assert_allclose(z, np.roll(w, 1) + 10 * np.roll(w, -1))


def test_a_prose_formula_reads_an_increment_as_one_name():
    from algoverify.math.mathexpr import parse_math, walk
    from algoverify.math.names import identifier, join_increments

    tree = join_increments(parse_math(r"c \Delta t / \Delta y"), lambda name: False)
    names = {identifier(n) for n in walk(tree)} - {None}
    assert names == {"c", "Deltat", "Deltay"}
    # where \Delta is a name of the note (a radius), \Delta g stays \Delta times g
    kept = join_increments(parse_math(r"\Delta g"), lambda name: name == "Delta")
    assert {identifier(n) for n in walk(kept)} - {None} == {"Delta", "g"}


UPWIND_NOTE = r"""---
title: "Upwind steps"
algoverify:
  checks:
    - id: conserves
      kind: property
      listing: 1
      claim: "the scheme keeps the total"
      inputs: {m: "integers(1, 8)", w: "randn(m)", mu: "uniform(0, 1)", T: "integers(0, 5)"}
      holds: '\sum_{k=1}^{m} w_k = \sum_{k=1}^{m} w^{(0)}_k'
---

On a periodic grid of \(m\) cells with values \(w_1, \dots, w_m\), let \(\mu = c \Delta t / \Delta y\) be
the Courant number. We take \(T\) steps of the upwind scheme; the scheme keeps the total.

\begin{algorithmic}
\For{\(s = 1, \dots, T\)}
    \State \(z \gets w\)
    \For{\(k = 1, \dots, m\)}
        \State \(k_{-} \gets (k - 2) \bmod m + 1\)
        \State \(z_k \gets w_k - \mu (w_k - w_{k_{-}})\)
    \EndFor
    \State \(w \gets z\)
\EndFor
\State \Return \(w\)
\end{algorithmic}
"""


def test_a_drawn_courant_number_binds_over_a_prose_formula_of_names_nobody_gives(tmp_path: Path):
    note = tmp_path / "upwind.md"
    note.write_text(UPWIND_NOTE)
    # lint: μ is the spec's draw; c, Δt, Δy of its formula are never needed, and k_{-} is a name
    assert [f.code for f in api.lint([note]).all_findings() if f.code != "AV604"] == []
    run = algoverify.load(note).listings[0]
    w = np.array([1.0, 0.0, 0.0, 2.0])
    got = run(w=w, mu=0.25, T=1)
    np.testing.assert_allclose(got, w - 0.25 * (w - np.roll(w, 1)))
    (outcome,) = api.check([note], seed=0, trials=30, isolate=False).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_without_a_draw_the_formula_names_the_increments_it_reads(tmp_path: Path):
    note = tmp_path / "upwind.md"
    note.write_text(UPWIND_NOTE.replace('mu: "uniform(0, 1)", ', ""))
    messages = [f.message for f in api.lint([note]).all_findings() if f.code == "AV303"]
    assert any(m.startswith("Deltat is not defined") for m in messages), messages
    assert not any(m.startswith(("Delta is", "t is", "y is")) for m in messages), messages
