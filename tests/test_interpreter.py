"""Tests for the interpreter (through algoverify.load / algoverify.compile and Listing).

The seed listings are compared with NumPy implementations written here, on 20 seeded
random inputs each; then behaviour: budgets, floating-point findings, bindings, inputs,
the trace, and the statement forms of algorithmicx and the older algorithmic package.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from helpers import listing_offset

import algoverify
from algoverify.running.generators import generate
from algoverify.running.interpreter import Budget

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus"
SEEDS = range(20)


PI = listing_offset("power-iteration.md")
LN = listing_offset("layer-normalisation.md")
GA = listing_offset("gradient-accumulation.md")


# --- the seed listings, loaded once -------------------------------------------------------------


@pytest.fixture(scope="module")
def power_iteration():
    return algoverify.load(CORPUS / "power-iteration.md").listings[0]


@pytest.fixture(scope="module")
def layer_norm():
    return algoverify.load(CORPUS / "layer-normalisation.md").listing("LayerNorm")


@pytest.fixture
def grad_accumulation():
    # a fresh listing per test: bindings are per listing
    return algoverify.load(CORPUS / "gradient-accumulation.md").listings[0]


def line_col(listing, span):
    return listing.source.line_col(span.start)


def hits_per_line(listing, trace):
    out: Counter = Counter()
    for span, n in trace.hits.items():
        out[line_col(listing, span)[0]] += n
    return out


# --- NumPy references -------------------------------------------------------------------------------


def power_iteration_numpy(A, v, tau):
    """The algorithm of corpus/power-iteration.md, written with NumPy."""
    v = v / np.linalg.norm(v)
    w = A @ v
    lam = np.linalg.norm(w)
    steps = 0
    while np.linalg.norm(w - lam * v) > tau * lam:
        v = w / lam
        w = A @ v
        lam = np.linalg.norm(w)
        steps += 1
    return lam, v, steps


def layer_norm_numpy(x, gamma, beta, epsilon):
    mu = x.mean()
    var = ((x - mu) ** 2).mean()
    return gamma * (x - mu) / np.sqrt(var + epsilon) + beta


def quadratic_loss(batch, analytic=True):
    """L(θ) = ½ mean over the batch's rows of (x·θ − y)², with y the last column."""
    X, y = batch[:, :-1], batch[:, -1]

    def loss(theta):
        r = X @ theta - y
        return 0.5 * float(r @ r) / len(y)

    if analytic:
        loss.grad = lambda theta: X.T @ (X @ theta - y) / len(y)
    return loss


def quadratic_grad(batch, theta):
    X, y = batch[:, :-1], batch[:, -1]
    return X.T @ (X @ theta - y) / len(y)


# --- power iteration -----------------------------------------------------------------------------

TAU = 1e-10


@pytest.mark.parametrize("seed", SEEDS)
def test_power_iteration_matches_numpy_on_spd_matrices(power_iteration, seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 7))
    A = generate("spd", rng, n)
    v0 = rng.standard_normal(n)
    eigenvalues, eigenvectors = np.linalg.eigh(A)
    top, second = eigenvalues[-1], eigenvalues[-2]

    lam, v = power_iteration(A=A, v=v0, tau=TAU)

    # The loop stops when r = A v − λ v has ‖r‖ ≤ τ λ (‖v‖ = 1). For a symmetric A some
    # eigenvalue lies within ‖r‖ of λ (the residual bound), so |λ − λ_max| ≤ τ λ; and the
    # angle θ to the top eigenvector has sin θ ≤ ‖r‖ / gap (Davis–Kahan), gap = λ_max − λ_2.
    assert abs(lam - top) <= 2 * TAU * top + 1e-12
    assert lam == pytest.approx(np.linalg.eigvalsh(A).max(), rel=1e-8)
    assert np.linalg.norm(v) == pytest.approx(1.0, abs=1e-8)
    u = eigenvectors[:, -1]
    sign = np.sign(v @ u)
    assert np.linalg.norm(v - sign * u) <= 2 * TAU * top / (top - second) + 1e-9

    # and it is the same computation as the NumPy loop: same iterations, same numbers
    lam_ref, v_ref, steps = power_iteration_numpy(A, v0, TAU)
    assert power_iteration.last_trace.steps == steps
    assert lam == pytest.approx(lam_ref, rel=1e-12)
    np.testing.assert_allclose(v, v_ref, rtol=1e-9, atol=1e-12)


def test_power_iteration_on_the_readme_matrix(power_iteration):
    lam, v = power_iteration(A=np.array([[2, 1], [1, 3]]), v=[1, 0], tau=1e-12)
    assert lam == pytest.approx((5 + np.sqrt(5)) / 2, rel=1e-10)
    np.testing.assert_allclose(np.abs(v), [0.5257311121, 0.8506508084], rtol=1e-9)
    assert power_iteration.outputs == ("lam", "v")
    assert power_iteration.inputs == ("A", "v", "tau")


def test_nested_list_input_is_a_matrix(power_iteration):
    lam, v = power_iteration(A=[[2, 1], [1, 3]], v=[1, 0], tau=1e-12)
    assert lam == pytest.approx((5 + np.sqrt(5)) / 2, rel=1e-10)
    assert np.shape(v) == (2,)


# --- layer norm ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", SEEDS)
def test_layer_norm_matches_numpy(layer_norm, seed):
    rng = np.random.default_rng(seed)
    d = int(rng.integers(2, 300))
    x = generate("randn", rng, d) * rng.uniform(0.1, 100) + rng.uniform(-10, 10)
    gamma, beta = generate("randn", rng, d), generate("randn", rng, d)
    epsilon = float(10 ** rng.uniform(-8, -2))

    got = layer_norm(x=x, gamma=gamma, beta=beta, epsilon=epsilon)

    np.testing.assert_allclose(got, layer_norm_numpy(x, gamma, beta, epsilon), rtol=1e-10, atol=1e-10)
    trace = layer_norm.last_trace
    assert trace.last("mu") == pytest.approx(x.mean(), rel=1e-12, abs=1e-12)
    assert trace.last("sigma_sq") == pytest.approx(x.var(), rel=1e-10)  # σ² is a name, not σ squared


def test_layer_norm_takes_its_parameters_as_inputs(layer_norm):
    assert layer_norm.inputs == ("x", "gamma", "beta", "epsilon")
    assert layer_norm.name == "LayerNorm"


# --- gradient accumulation -----------------------------------------------------------------------


def bind_loss(listing, analytic=True):
    return listing.bind(
        "evaluate the loss",
        lambda step: step.__setitem__("L_i", quadratic_loss(step.math("B_i"), analytic)),
    )


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
def test_gradient_accumulation_matches_numpy(grad_accumulation, seed):
    rng = np.random.default_rng(seed)
    k, dim = int(rng.integers(1, 6)), int(rng.integers(1, 5))
    batches = [rng.standard_normal((int(rng.integers(1, 8)), dim + 1)) for _ in range(k)]
    theta = rng.standard_normal(dim)
    eta = float(rng.uniform(0.001, 1.0))
    bind_loss(grad_accumulation)

    got = grad_accumulation(theta=theta, B=batches, eta=eta)

    expected = theta - eta * np.mean([quadratic_grad(b, theta) for b in batches], axis=0)
    np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12)
    trace = grad_accumulation.last_trace
    assert trace.counters["backward"] == k  # one backward pass per micro-batch
    assert trace.assignments("theta") == 1  # the parameters move once
    assert trace.assignments("L_i") == k


@pytest.mark.parametrize("seed", range(3))
def test_gradient_accumulation_with_central_differences(grad_accumulation, seed):
    rng = np.random.default_rng(100 + seed)
    batches = [rng.standard_normal((4, 3)) for _ in range(3)]
    theta = rng.standard_normal(2)
    bind_loss(grad_accumulation, analytic=False)  # no .grad: the interpreter differentiates
    got = grad_accumulation(theta=theta, B=batches, eta=0.5)
    expected = theta - 0.5 * np.mean([quadratic_grad(b, theta) for b in batches], axis=0)
    np.testing.assert_allclose(got, expected, rtol=1e-6, atol=1e-7)
    assert grad_accumulation.last_trace.counters["backward"] == 3


def test_gradient_accumulation_binding_by_line(grad_accumulation):
    batches = [np.array([[1.0, 2.0]]), np.array([[2.0, 0.0]])]
    grad_accumulation.bind(21 + GA, lambda step: {"L_i": quadratic_loss(step.math("B_i"))})
    got = grad_accumulation(theta=np.array([0.0]), B=batches, eta=1.0)
    np.testing.assert_allclose(got, [0.0 - np.mean([1.0 * (0 - 2.0), 2.0 * (0 - 0.0)])])


# --- behaviour ------------------------------------------------------------------------------------


#: a matrix power iteration converges on too slowly to end (τ = 0), its vector changing every pass
SLOW = np.diag([1.0, 1.0 - 1e-9])


def test_non_terminating_loop_is_AV301_at_the_while(power_iteration):
    result = power_iteration.run(dict(A=SLOW, v=[1, 1], tau=0), budget=Budget(max_steps=1000))
    assert not result.ok
    assert result.finding.code == "AV301"
    assert line_col(power_iteration, result.finding.span) == (20 + PI, 1)  # the \While line
    assert "1000" in result.finding.message
    assert result.trace.steps == 1000  # stopped by the budget, not by luck: the passes that ran
    assert hits_per_line(power_iteration, result.trace)[21 + PI] == 1000


def test_time_budget_stops_a_loop(power_iteration):
    result = power_iteration.run(dict(A=SLOW, v=[1, 1], tau=0), budget=Budget(max_steps=10**9, max_seconds=0.2))
    assert result.finding.code == "AV301"
    assert "time" in result.finding.message
    assert line_col(power_iteration, result.finding.span) == (20 + PI, 1)


def test_call_raises_execution_error_with_location(power_iteration, monkeypatch):
    monkeypatch.setattr(power_iteration, "budget", Budget(max_steps=1000))  # the listing's own budget
    with pytest.raises(algoverify.ExecutionError) as info:
        power_iteration(A=SLOW, v=[1, 1], tau=0)
    assert info.value.finding.code == "AV301"
    assert f"power-iteration.md:{20 + PI}:1: AV301" in str(info.value)
    assert "1000 iterations" in str(info.value)
    assert info.value.trace is not None and info.value.trace.steps == 1000


def test_division_by_zero_is_AV302_at_the_statement(layer_norm):
    result = layer_norm.run(dict(x=np.full(4, 3.0), gamma=np.ones(4), beta=np.zeros(4), epsilon=0.0))
    assert result.finding.code == "AV302"
    assert line_col(layer_norm, result.finding.span) == (20 + LN, 5)  # \State \(\hat{x} \gets …\)
    assert "x_hat" not in result.trace.history  # the failing statement assigned nothing
    assert result.trace.last("sigma_sq") == 0.0


def test_overflow_is_AV302():
    lst = algoverify.compile(r"""
\begin{algorithmic}
\Require \(a\)
\State \(b \gets \exp(a)\)
\State \Return \(b\)
\end{algorithmic}""")
    result = lst.run({"a": 1000.0})
    assert result.finding.code == "AV302"
    assert "overflow" in result.finding.message
    assert lst.source.line_col(result.finding.span.start) == (4, 1)


def test_unbound_english_statement_is_AV304(grad_accumulation):
    result = grad_accumulation.run(dict(theta=np.zeros(2), B=[np.ones((2, 3))], eta=0.1))
    assert result.finding.code == "AV304"
    assert line_col(grad_accumulation, result.finding.span) == (21 + GA, 5)
    assert "evaluate the loss" in result.finding.message


def test_missing_input_is_AV307(power_iteration):
    result = power_iteration.run(dict(A=np.array([[2.0, 1.0], [1.0, 3.0]]), v=[1, 0]))
    assert result.finding.code == "AV307"
    assert "tau" in result.finding.message


def test_unknown_input_is_AV307(power_iteration):
    result = power_iteration.run(dict(A=np.array([[2.0, 1.0], [1.0, 3.0]]), v=[1, 0], tau=1e-3, sigma=1))
    assert result.finding.code == "AV307"
    assert "sigma" in result.finding.message


def test_caller_arrays_are_not_modified(power_iteration, layer_norm):
    A = np.array([[2.0, 1.0], [1.0, 3.0]])
    v0 = np.array([3.0, 4.0])
    A_before, v_before = A.copy(), v0.copy()
    _, v = power_iteration(A=A, v=v0, tau=1e-8)
    np.testing.assert_array_equal(A, A_before)
    np.testing.assert_array_equal(v0, v_before)
    assert v is not v0

    lst = algoverify.compile(r"""
\begin{algorithmic}
\Require \(x\), \(M\)
\State \(x_1 \gets 0\)
\State \(M_{1,1} \gets -1\)
\State \Return \(x, M\)
\end{algorithmic}""")
    x = np.array([5.0, 6.0])
    M = np.eye(2)
    xs = [1, 2]
    out_x, out_M = lst(x=x, M=M)
    np.testing.assert_array_equal(out_x, [0.0, 6.0])
    np.testing.assert_array_equal(out_M, [[-1.0, 0.0], [0.0, 1.0]])
    np.testing.assert_array_equal(x, [5.0, 6.0])
    np.testing.assert_array_equal(M, np.eye(2))
    lst(x=xs, M=M)
    assert xs == [1, 2]


def test_out_of_range_element_store_is_reported_1_based():
    lst = algoverify.compile(r"""
\begin{algorithmic}
\Require \(x\)
\State \(x_3 \gets 0\)
\State \Return \(x\)
\end{algorithmic}""")
    result = lst.run({"x": np.array([1.0, 2.0])})
    assert result.finding.code == "AV306"
    assert "index 3 is out of range 1..2" in result.finding.message


def test_trace_hits_per_line(power_iteration):
    A, v0, tau = np.array([[2.0, 1.0], [1.0, 3.0]]), np.array([1.0, 0.0]), 1e-2
    power_iteration(A=A, v=v0, tau=tau)
    trace = power_iteration.last_trace
    _, _, steps = power_iteration_numpy(A, v0, tau)
    assert steps > 1 and trace.steps == steps
    hits = hits_per_line(power_iteration, trace)
    assert hits[18 + PI] == 1
    assert hits[19 + PI] == 2  # two statements on the line
    assert hits[20 + PI] == 1  # the \While is entered once
    assert hits[21 + PI] == steps
    assert hits[22 + PI] == 2 * steps
    assert hits[24 + PI] == 1
    assert hits[17 + PI] == 0 and hits[23 + PI] == 0  # \Require and \EndWhile do not run
    assert trace.assignments("v") == 1 + steps
    assert len(trace.history["lam"]) == 1 + steps
    assert trace.last("lam") == pytest.approx(power_iteration_numpy(A, v0, tau)[0])


# --- algoverify.compile on small listings --------------------------------------------------------

LEGACY = r"""
\begin{algorithmic}[1]
\REQUIRE \(n\)
\STATE \(s \gets 0\)
\STATE \(i \gets 0\)
\WHILE{\(i < n\)}
\STATE \(i \gets i + 1\)
\STATE \(s \gets s + i\) \COMMENT{triangular numbers}
\ENDWHILE
\RETURN \(s\)
\end{algorithmic}
"""

FOR_TO = r"""
\begin{algorithm}[H]
\caption{Sum of squares}
\begin{algorithmic}
\Require vector \(x\), length \(n\)
\State \(s \gets 0\)
\For{\(i \gets 1\) \To \(n\)}
  \State \(s \gets s + x_i^{2}\)
\EndFor
\State \Return \(s\)
\end{algorithmic}
\end{algorithm}
"""

REPEAT_UNTIL = r"""
\begin{algorithmic}
\Require \(a\)
\State \(k \gets 0\)
\Repeat
  \State \(a \gets a / 2\)
  \State \(k \gets k + 1\)
\Until{\(a < 1\)}
\State \Return \(k\)
\end{algorithmic}
"""

IF_ELSE = r"""
\begin{algorithmic}
\Require \(x\)
\If{\(x \ge 0\)}
  \State \(y \gets x\)
\ElsIf{\(x > -1\)}
  \State \(y \gets 0\)
\Else
  \State \(y \gets -x\)
\EndIf
\State \Return \(y\)
\end{algorithmic}
"""

LEGACY_IF_FOR = r"""
\begin{algorithmic}
\REQUIRE \(x\), \(n\)
\STATE \(c \gets 0\)
\FOR{\(i = 1, \dots, n\)}
  \IF{\(x_i > 0\)}
    \STATE \(c \gets c + 1\)
  \ELSE
    \STATE \(c \gets c - 1\)
  \ENDIF
\ENDFOR
\RETURN \(c\)
\end{algorithmic}
"""


def test_compile_legacy_uppercase_forms():
    lst = algoverify.compile(LEGACY)
    assert lst.inputs == ("n",) and lst.outputs == ("s",)
    assert lst(n=4) == 10
    assert lst(n=0) == 0
    hits = Counter()
    for span, k in lst.last_trace.hits.items():
        hits[lst.source.line_col(span.start)[0]] += k
    assert hits[7] == 0 and lst.last_trace.steps == 0


def test_compile_legacy_if_else_inside_for():
    lst = algoverify.compile(LEGACY_IF_FOR)
    assert lst(x=np.array([1.0, -2.0, 3.0, 4.0]), n=4) == 2


@pytest.mark.parametrize("n", [0, 1, 3])
def test_compile_for_to(n):
    lst = algoverify.compile(FOR_TO)
    assert lst.caption == "Sum of squares"
    x = np.array([1.0, 2.0, 3.0])
    assert lst(x=x, n=n) == pytest.approx(float(np.sum(x[:n] ** 2)))
    assert lst.last_trace.steps == n


def test_compile_for_past_the_end_is_an_index_finding():
    result = algoverify.compile(FOR_TO).run({"x": np.array([1.0, 2.0]), "n": 3})
    assert result.finding.code == "AV306"


@pytest.mark.parametrize("a, k", [(10.0, 4), (0.5, 1), (1.0, 1), (2.0, 2)])
def test_compile_repeat_until_runs_the_body_at_least_once(a, k):
    assert algoverify.compile(REPEAT_UNTIL)(a=a) == k


@pytest.mark.parametrize("x, y", [(2.0, 2.0), (0.0, 0.0), (-0.5, 0), (-3.0, 3.0)])
def test_compile_if_elsif_else(x, y):
    assert algoverify.compile(IF_ELSE)(x=x) == y


TWO_LISTINGS = r"""---
title: "Two listings"
---

The first listing defines a function.

\begin{algorithmic}
\Function{Square}{\(x\)}
  \State \(y \gets x^{2}\)
  \State \Return \(y\)
\EndFunction
\end{algorithmic}

The second calls it.

\begin{algorithmic}
\Require \(a\)
\State \Call{Square}{\(a + 1\)}
\State \(b \gets \operatorname{Square}(a) + 1\)
\State \Return \(b\)
\end{algorithmic}
"""


@pytest.fixture
def two_listings(tmp_path):
    path = tmp_path / "two.md"
    path.write_text(TWO_LISTINGS, encoding="utf-8")
    return algoverify.load(path)


def test_function_and_call_between_two_listings(two_listings):
    assert two_listings.findings == []
    square, main = two_listings.listings
    assert square.name == "Square" and square.inputs == ("x",)
    assert two_listings.listing("Square") is square
    assert square(x=5.0) == 25.0
    assert main(a=3.0) == 10.0  # Square(3) + 1, the function of the other listing
    # the \Call statement ran Square on a + 1 = 4 (its last run is the math call, on 3)
    assert square.last_trace.last("y") == 9.0
    assert main.last_trace.hits[main.algorithm.body[1].span] == 1


def test_call_statement_runs_the_other_listing(tmp_path):
    path = tmp_path / "call.md"
    path.write_text(TWO_LISTINGS.replace(r"\State \(b \gets \operatorname{Square}(a) + 1\)", r"\State \(b \gets a\)"))
    note = algoverify.load(path)
    square, main = note.listings
    assert main(a=3.0) == 3.0
    assert square.last_trace.last("y") == 16.0  # \Call{Square}{\(a + 1\)} ran with 4


def test_call_inside_math(tmp_path):
    path = tmp_path / "call.md"
    path.write_text(TWO_LISTINGS.replace(r"\operatorname{Square}(a)", r"\Call{Square}{a}"))
    note = algoverify.load(path)
    assert note.findings == []
    assert note.listings[1](a=3.0) == 10.0


def test_return_of_a_call(tmp_path):
    path = tmp_path / "ret.md"
    path.write_text(TWO_LISTINGS.replace(r"\State \Return \(b\)", r"\State \Return \Call{Square}{\(b\)}"))
    note = algoverify.load(path)
    assert note.listings[1](a=3.0) == 100.0  # Square(Square(3) + 1)


def test_compile_reports_parse_errors_with_a_span():
    with pytest.raises(algoverify.LocatedError):
        algoverify.compile(r"\begin{algorithmic} \State \(x \gets \frac{1}{\) \end{algorithmic}").program  # noqa: B018 - reading the property compiles


GRAM_SCHMIDT = r"""
\begin{algorithmic}
\Require $A \in \mathbb{R}^{m \times n}$, $A = [a_1, \dots, a_n]$
\For{$j = 1, \dots, n$}
  \State $v \gets a_j$
  \For{$i = 1, \dots, j-1$}
    \State $R_{i,j} \gets q_i^{\top} a_j$
    \State $v \gets v - R_{i,j} q_i$
  \EndFor
  \State $R_{j,j} \gets \lVert v \rVert$
  \State $q_j \gets v / R_{j,j}$
\EndFor
\State \Return $R$
\end{algorithmic}"""


def test_a_matrix_stored_entry_by_entry_is_returned_as_a_matrix_with_zeros_where_unset():
    # R_{i,j} is set for i <= j only: the output is the upper-triangular matrix, not a dict of pairs
    A = np.array([[3.0, 1.0, 2.0], [4.0, 2.0, 0.0], [0.0, 1.0, 5.0]])
    R = algoverify.compile(GRAM_SCHMIDT)(A=A)
    assert isinstance(R, np.ndarray) and R.shape == (3, 3)
    assert np.allclose(np.tril(R, -1), 0)
    assert np.allclose(np.abs(R), np.abs(np.linalg.qr(A)[1]))


def test_scattered_pair_keys_stay_a_map():
    from algoverify.math.ops import Sequence

    s = Sequence({(1, 1): 2.0, (1000, 1000): 3.0})
    assert s.to_array() is s


COUNTING_SORT = r"""
\begin{algorithmic}
\Require keys \(A \in \mathbb{N}^{n}\) with \(1 \le A_j \le k\), \(k \in \mathbb{N}\)
\For{\(i = 1, \dots, k\)} \State \(C_i \gets 0\) \EndFor
\For{\(j = 1, \dots, n\)} \State \(C_{A_j} \gets C_{A_j} + 1\) \EndFor
\For{\(i = 2, \dots, k\)} \State \(C_i \gets C_i + C_{i-1}\) \EndFor
\For{\(j = n, \dots, 1\)}
  \State \(B_{C_{A_j}} \gets A_j\)
  \State \(C_{A_j} \gets C_{A_j} - 1\)
\EndFor
\State \Return \(B\)
\end{algorithmic}"""


def test_a_bound_on_every_element_is_not_an_input():
    # `1 \le A_j \le k` bounds the elements of A for all j: the inputs are A and k, never "A_j"
    listing = algoverify.compile(COUNTING_SORT)
    assert listing.inputs == ("A", "k")
    assert list(listing(A=np.array([3, 1, 2, 3, 1]), k=3)) == [1, 1, 2, 3, 3]


@pytest.mark.parametrize(
    "index_base, loop, hint",
    [
        (1, r"j = 0, \dots, 4", "listings count from 1: a 0-based listing says `index_base: 0`"),
        (0, r"j = 1, \dots, 5", "this listing counts from 0"),
    ],
)
def test_an_index_one_off_at_an_end_names_the_index_base(index_base, loop, hint):
    latex = (
        r"\begin{algorithmic}\Require $a$ \State $s \gets 0$ \For{$" + loop + r"$} \State $s \gets s + a_j$ "
        r"\EndFor \State \Return $s$ \end{algorithmic}"
    )
    result = algoverify.compile(latex, index_base=index_base).run({"a": np.ones(5)})
    assert result.finding.code == "AV306" and hint in result.finding.message, result.finding.message
