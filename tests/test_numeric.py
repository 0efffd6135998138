"""Tests for algoverify.math.numeric (and bigops): LaTeX math → NumPy closures, values and diagnostics.

Tables are ``(latex, env, expected)`` rows grouped by feature, run through
``parse_math`` + ``compile_expr``; the LaTeX is the test id.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from algoverify.findings import LocatedError
from algoverify.math import bigops
from algoverify.math.mathexpr import parse_math
from algoverify.math.numeric import Context, compile_expr

A = np.array([[2.0, 1.0], [1.0, 3.0]])
v = np.array([1.0, 2.0])
u = np.array([3.0, -1.0])
x = np.array([1.0, 2.0, 3.0, 4.0])
G = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
p = np.array([0.2, 0.5, 0.3])


def env(**extra):
    base = dict(A=A, v=v, u=u, x=x, G=G, p=p, a=2.0, b=3.0, i=2, j=3, n=7)
    base.update(extra)
    return base


def evaluate(latex, variables, declared=()):
    return compile_expr(parse_math(latex), Context(declared=set(declared)))(dict(variables))


def assert_value(got, expected):
    if isinstance(expected, bool):
        assert got is expected or (isinstance(got, (bool, np.bool_)) and bool(got) == expected), got
        return
    assert np.shape(got) == np.shape(expected), (got, expected)
    np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12)


# --- values, grouped by feature ----------------------------------------------------------------

PRODUCT_PAIRS = [
    (r"A v", env(), A @ v),  # matrix · vector
    (r"A A", env(), A @ A),  # matrix · matrix
    (r"v^{\top} A v", env(), v @ A @ v),  # a quadratic form is a scalar
    (r"u^{\top} v", env(), 1.0),
    (r"a b", env(), 6.0),  # scalars multiply
    (r"a v", env(), 2.0 * v),  # a scalar broadcasts
    (r"2 A", env(), 2.0 * A),
    (r"a \cdot b", env(), 6.0),
    (r"A \cdot v", env(), A @ v),
    (r"u \odot v", env(), u * v),  # elementwise
    (r"A \odot A", env(), A * A),
    (r"A v + u", env(), A @ v + u),
]

NORM_PAIRS = [
    (r"\lVert v \rVert", env(), math.sqrt(5.0)),
    (r"\lVert v \rVert_2", env(), math.sqrt(5.0)),
    (r"\|v\|", env(), math.sqrt(5.0)),
    (r"\left\lVert v \right\rVert", env(), math.sqrt(5.0)),
    (r"\lVert A \rVert_F", env(), math.sqrt(15.0)),
    (r"\lVert A \rVert", env(), math.sqrt(15.0)),  # Frobenius for matrices
    (r"\lVert v - u \rVert", env(), math.sqrt(13.0)),
    (r"\lvert a - b \rvert", env(), 1.0),
    (r"|a - b|", env(), 1.0),
]

TRANSPOSE_INVERSE_PAIRS = [
    (r"G^{\top}", env(), G.T),
    (r"G^T", env(), G.T),
    (r"A^{-1}", env(), np.linalg.inv(A)),
    (r"A^{-1} A", env(), np.eye(2)),
    (r"a^{-1}", env(), 0.5),
    (r"A^{2}", env(), A @ A),  # a matrix power, not elementwise
]

SUM_PAIRS = [
    (r"\sum_{i=1}^{4} x_i", env(), 10.0),
    (r"\sum_{i=2}^{3} x_i", env(), 5.0),
    (r"\sum_{i=1}^{4} x_i^{2}", env(), 30.0),
    (r"\sum_{i=1}^{3} i", env(), 6.0),
    (r"\prod_{i=1}^{4} x_i", env(), 24.0),
    (r"\sum_{i=1}^{3} i A", env(), 6.0 * A),  # a matrix body: looped
    (r"\sum_{i=1}^{2} A", env(), 2.0 * A),
    (r"\sum_{i=1}^{0} x_i", env(), 0.0),  # an empty sum
    (r"\sum_v p_v", env(v=None), 1.0),  # no bounds: runs over the array indexed by v
    (r"\sum_{k} p_k^{2}", env(), 0.38),
]

MAX_PAIRS = [
    (r"\max_{i} x_i", env(), 4.0),
    (r"\max_{i=1}^{3} x_i", env(), 3.0),
    (r"\min_{i} x_i", env(), 1.0),
    (r"\arg\max_{i} p_i", env(), 2),  # 1-based
    (r"\arg\max_{i=1}^{4} x_i", env(), 4),
    (r"\arg\min_{i} p_i", env(), 1),
    (r"\max(a, b)", env(), 3.0),
    (r"\min(a, b)", env(), 2.0),
]

INDEX_PAIRS = [
    (r"x_i", env(), 2.0),  # 1-based: x_2 is the second entry
    (r"x_1", env(), 1.0),
    (r"x_{i+1}", env(), 3.0),
    (r"x_{n-3}", env(), 4.0),
    (r"G_{ij}", env(), 6.0),
    (r"G_{2,1}", env(), 4.0),
    (r"G_{ji}", env(i=1, j=2), 4.0),
    (r"B_i", env(B=[np.eye(2), 2 * np.eye(2)]), 2 * np.eye(2)),  # a family (a list) is indexed
    (r"B_1 + B_2", env(B=[np.eye(2), 2 * np.eye(2)]), 3 * np.eye(2)),
    (r"L_i", env(L_i=5.0), 5.0),  # a name of its own wins over indexing
]

NAME_PAIRS = [
    # σ^{2} declared as a name of its own is that variable …
    (r"\sqrt{\sigma^{2} + 1}", env(sigma_sq=3.0, sigma=5.0), 2.0),
    # … and without the declaration it is σ squared
    (r"\sqrt{\sigma^{2} + 1}", env(sigma=3.0), math.sqrt(10.0)),
    (r"\hat{x}_i", env(x_hat=np.array([7.0, 8.0])), 8.0),
    (r"\tau \lambda", env(tau=0.5, lam=4.0), 2.0),
]

DIMENSION_PAIRS = [
    (r"\sum_{i=1}^{d} x_i", env(), 10.0),  # d from len(x)
    (r"\frac{1}{d} \sum_{i=1}^{d} x_i", env(), 2.5),  # d used before the sum that defines it
    (r"\frac{1}{d} \sum_{i=1}^{d} (x_i - 2.5)^{2}", env(), 1.25),
    (r"\sum_{i=1}^{d} x_i", env(d=2), 3.0),  # a given d wins
]

FUNCTION_PAIRS = [
    (r"\operatorname{softmax}(x)", env(), np.exp(x) / np.exp(x).sum()),
    (r"\mathrm{softmax}(x)", env(), np.exp(x) / np.exp(x).sum()),
    (r"\operatorname{mean}(x)", env(), 2.5),
    (r"\operatorname{tr}(A)", env(), 5.0),
    (r"\operatorname{diag}(v)", env(), np.diag(v)),
    (r"\exp(0)", env(), 1.0),
    (r"\log a", env(), math.log(2.0)),
    (r"\ln(a b)", env(), math.log(6.0)),
    (r"\sqrt[3]{8}", env(), 2.0),
    (r"\frac{a}{b}", env(), 2.0 / 3.0),
    (r"\langle a, b \rangle", env(), 6.0),
]

APPLY_PAIRS = [
    (r"f(a)", env(f=lambda t: t + 1.0), 3.0),  # f is a function: a call
    (r"f(a)", env(f=5.0), 10.0),  # f is a value: a product
    (r"f(v)", env(f=A), A @ v),  # … a matrix product when both are arrays
    (r"f(a, b)", env(f=lambda s, t: s - t), -1.0),
]

RELATION_PAIRS = [
    (r"a < b", env(), True),
    (r"a > b", env(), False),
    (r"a \le 2", env(), True),
    (r"a \leq b", env(), True),
    (r"a \ge b", env(), False),
    (r"b \geq a", env(), True),
    (r"a \neq b", env(), True),
    (r"a = 2", env(), True),
    (r"a \approx 2.0001", env(), True),
    (r"a \approx 2.1", env(), False),
    (r"1 < a < b", env(), True),  # chained: both links hold
    (r"a < b < 1", env(), False),  # chained: the second link fails
    (r"A \succeq 0", env(), True),  # positive semidefinite
    (r"-A \succeq 0", env(), False),
    (r"A \succeq A", env(), True),
    (r"a > b \lor a < b", env(), True),
    (r"a > b \land a < b", env(), False),
    (r"x_i < x_j", env(), True),
]

VALUE_CASES = [
    pytest.param(latex, e, expected, id=f"{group}:{latex}")
    for group, table in [
        ("product", PRODUCT_PAIRS),
        ("norm", NORM_PAIRS),
        ("transpose", TRANSPOSE_INVERSE_PAIRS),
        ("sum", SUM_PAIRS),
        ("max", MAX_PAIRS),
        ("index", INDEX_PAIRS),
        ("name", NAME_PAIRS),
        ("dimension", DIMENSION_PAIRS),
        ("function", FUNCTION_PAIRS),
        ("apply", APPLY_PAIRS),
        ("relation", RELATION_PAIRS),
    ]
    for latex, e, expected in table
]


@pytest.mark.parametrize("latex, variables, expected", VALUE_CASES)
def test_value(latex, variables, expected):
    declared = {"sigma_sq"} if "sigma_sq" in variables else set()
    assert_value(evaluate(latex, {k: w for k, w in variables.items() if w is not None}, declared), expected)


def test_inner_product_of_scalars_is_their_product():
    assert evaluate(r"\langle a, b \rangle", env()) == 6.0


def test_inner_product_of_vectors():
    assert evaluate(r"\langle u, v \rangle", env()) == pytest.approx(1.0)


def test_indexed_value_applied_to_a_group_is_a_product():
    # x is an array and i an integer: x_i is a value, so x_i (5 - x_i) is a product (2 · 3)
    assert evaluate(r"x_i (5 - x_i)", env()) == 6.0


def test_integer_results_of_argmax_are_python_ints():
    got = evaluate(r"\arg\max_{i} x_i", env())
    assert isinstance(got, int) and got == 4


# --- \sum: the vectorised path and the loop agree --------------------------------------------------

SUM_BODIES = [
    r"\sum_{i=1}^{d} x_i",
    r"\sum_{i=1}^{d} (x_i - 2.5)^{2}",
    r"\sum_{i=2}^{4} \frac{x_i}{i}",
    r"\sum_{i=1}^{d} \exp(x_i) - 1",
    r"\sum_{i=1}^{d} \lvert x_i - a \rvert",
    r"\sum_{i=1}^{d} x_i \odot x_i",
    r"\prod_{i=1}^{d} \sqrt{x_i}",
    r"\max_{i} (x_i - i)^{2}",
    r"\arg\max_{i} x_i \cdot (5 - x_i)",
]


@pytest.mark.parametrize("latex", SUM_BODIES)
def test_vectorised_and_looped_sums_agree(latex, monkeypatch):
    loops = []
    real_loop = bigops._loop
    monkeypatch.setattr(bigops, "_loop", lambda *args: loops.append(1) or real_loop(*args))
    vectorised = evaluate(latex, env())
    assert loops == [], "an elementwise body should not loop"
    monkeypatch.setattr(bigops, "_vectorise", lambda *args: None)
    looped = evaluate(latex, env())
    assert loops, "with vectorisation off the body runs per index"
    assert looped == pytest.approx(vectorised, rel=1e-12)


def test_sum_with_matrix_body_falls_back_to_the_loop(monkeypatch):
    loops = []
    real_loop = bigops._loop
    monkeypatch.setattr(bigops, "_loop", lambda *args: loops.append(1) or real_loop(*args))
    got = evaluate(r"\sum_{i=1}^{3} x_i A", env())
    assert loops == [1]
    np.testing.assert_allclose(got, 6.0 * A)


def test_sum_leaves_the_index_variable_as_it_was():
    variables = env(i=7)
    compile_expr(parse_math(r"\sum_{i=1}^{3} i A"), Context())(variables)
    assert variables["i"] == 7


# --- diagnostics: code and the column where the span starts ---------------------------------------

DIAGNOSTIC_CASES = [
    # unbound names (AV303), at the name
    (r"a + y", env(), "AV303", 4),
    (r"a + \hat{y}", env(), "AV303", 4),
    (r"\frac{1}{d}", env(), "AV303", 9),  # a free d with no sum to infer it from
    (r"x_{i} + z_{i}", env(), "AV303", 8),
    # shape mismatches (AV305), at the sub-expression
    (r"2 + A x", env(), "AV305", 4),
    (r"a (v + x)", env(), "AV305", 3),
    (r"1 + \lVert v - x \rVert", env(), "AV305", 11),
    (r"v^{\top} x", env(), "AV305", 0),
    (r"\sum_{i=1}^{d} x_i + \sum_{j=1}^{d} v_j", env(), "AV305", 12),  # d is len(x) and len(v)
    # indices out of range (AV306), at the subscripted name
    (r"1 + x_5", env(), "AV306", 4),
    (r"x_{n}", env(), "AV306", 0),
    (r"a + G_{3 1}", env(), "AV306", 4),
    (r"B_{3}", env(B=[np.eye(2), np.eye(2)]), "AV306", 0),
    (r"x_0", env(), "AV306", 0),  # indices count from 1
    (r"\sum_{i=1}^{5} x_i", env(), "AV306", 15),
    # f(x) with f neither a function nor a value (AV204)
    (r"a + g(a)", env(), "AV204", 4),
    (r"1 + g(v, a)", env(), "AV204", 4),
    (r"a(b, 1)", env(), "AV204", 0),  # a value applied to two arguments
]


@pytest.mark.parametrize(
    "latex, variables, code, column", [pytest.param(*row, id=f"{row[2]}:{row[0]}") for row in DIAGNOSTIC_CASES]
)
def test_diagnostic(latex, variables, code, column):
    with pytest.raises(LocatedError) as info:
        evaluate(latex, variables)
    finding = info.value.to_finding(None)
    assert finding.code == code, finding.message
    assert info.value.span.start == column, (info.value.span, finding.message)


def test_diagnostic_spans_are_shifted_by_the_base_offset():
    with pytest.raises(LocatedError) as info:
        compile_expr(parse_math(r"a + y", 100), Context())(env())
    assert info.value.span.start == 104


def test_compiled_closure_is_reusable_across_environments():
    fn = compile_expr(parse_math(r"\frac{1}{d} \sum_{i=1}^{d} x_i"), Context())
    assert fn({"x": np.array([1.0, 3.0])}) == 2.0
    assert fn({"x": np.array([1.0, 2.0, 6.0])}) == 3.0


# --- hypothesis: numeric and sympy agree on random scalar expressions -----------------------------

SYMBOLS = {"a": "a", "b": "b", "c": "c", r"\alpha": "alpha"}
NUMBERS = st.sampled_from(["1", "2", "3", "0.5", "1.25", "4", "7"])


def _pos(depth):
    """LaTeX of an expression that is positive for positive symbols."""
    leaf = st.one_of(NUMBERS, st.sampled_from(sorted(SYMBOLS)))
    if depth == 0:
        return leaf
    sub = _pos(depth - 1)
    return st.one_of(
        leaf,
        st.tuples(sub, sub).map(lambda t: f"{t[0]} + {t[1]}"),
        st.tuples(sub, sub).map(lambda t: f"({t[0]}) \\cdot ({t[1]})"),
        st.tuples(sub, sub).map(lambda t: f"({t[0]}) * ({t[1]})"),
        st.tuples(sub, st.sampled_from(sorted(SYMBOLS))).map(lambda t: f"({t[0]}) {t[1]}"),  # juxtaposition
        st.tuples(sub, sub).map(lambda t: f"\\frac{{{t[0]}}}{{{t[1]}}}"),
        st.tuples(sub, sub).map(lambda t: f"({t[0]}) / ({t[1]})"),
        sub.map(lambda s: f"\\sqrt{{{s}}}"),
        st.tuples(sub, st.sampled_from(["2", "3", "-1", "{-2}", "\\frac{1}{2}", "0.5"])).map(
            lambda t: f"({t[0]})^{{{t[1]}}}"
        ),
        st.tuples(st.sampled_from(sorted(SYMBOLS)), st.sampled_from(sorted(SYMBOLS))).map(
            lambda t: f"{t[0]}^{{{t[1]}}}"
        ),
        sub.map(lambda s: f"\\exp(-{s})"),
        sub.map(lambda s: f"\\exp\\left(\\frac{{1}}{{1 + {s}}}\\right)"),
    )


def _any(depth):
    """LaTeX of a real-valued expression (may be negative)."""
    pos = _pos(depth)
    return st.one_of(
        pos,
        st.tuples(pos, pos).map(lambda t: f"{t[0]} - {t[1]}"),
        st.tuples(pos, pos).map(lambda t: f"-({t[0]}) + {t[1]}"),
        pos.map(lambda s: f"\\log({s})"),
        pos.map(lambda s: f"\\ln {{{s}}}"),
        st.tuples(pos, pos).map(lambda t: f"\\log({t[0]}) - {t[1]}"),
    )


VALUES = st.floats(min_value=0.1, max_value=4.0, allow_nan=False, allow_infinity=False)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(latex=_any(2), a=VALUES, b=VALUES, c=VALUES, alpha=VALUES)
def test_numeric_agrees_with_sympy_evalf(latex, a, b, c, alpha):
    import sympy

    from algoverify.math.symbolic import to_sympy

    node = parse_math(latex)
    values = {"a": a, "b": b, "c": c, "alpha": alpha}
    ours = float(compile_expr(node, Context())(dict(values)))
    expr = to_sympy(node)
    subs = {sympy.Symbol(name, real=True): sympy.Float(value, 30) for name, value in values.items()}
    theirs = complex(expr.evalf(30, subs=subs))
    assert theirs.imag == 0.0
    assert math.isclose(ours, theirs.real, rel_tol=1e-9, abs_tol=1e-9), (latex, ours, theirs)


# --- the generated fast path agrees with the guarded closures --------------------------------------

_FAST_CASES = [
    (r"\frac{1}{d} \sum_{i=1}^{d} x_i", {"x": np.array([1.0, 2.0, 3.0, 4.0])}),
    (r"\frac{1}{d} \sum_{i=1}^{d} (x_i - \mu)^{2}", {"x": np.array([1.0, 2.0, 3.0, 4.0]), "mu": 2.5}),
    (r"\sum_{i=1}^{2} \exp(x_i) / 2", {"x": np.array([0.0, 1.0, 5.0])}),
    (r"\sum_{i=2}^{3} \lvert x_i \rvert", {"x": np.array([-1.0, -2.0, 3.0])}),
    (r"\sum_{i=1}^{2} A_i", {"A": np.eye(2)}),  # rows: the loop, not a slice
    (r"\sum_{i=1}^{0} x_i", {"x": np.array([1.0])}),  # empty range
    (r"\sum_{i=1}^{2} x_i", {"x": np.array([1.0, 2.0]), "x_i": 7.0}),  # x_i bound as a name
    (r"\sum_{i=1}^{2} x_i v", {"x": np.array([1.0, 2.0]), "v": np.array([1.0, 1.0])}),  # array factor
    (
        r"\lVert w - \lambda v \rVert \gt \tau \, \lambda",
        {"w": np.array([2.0, 1.0]), "lam": 2.0, "v": np.array([1.0, 0.0]), "tau": 1e-9},
    ),
    (r"u^{\top} G u", {"u": np.array([1.0, 2.0]), "G": np.array([[2.0, 1.0], [1.0, 3.0]])}),
]


@pytest.mark.parametrize("latex, values", _FAST_CASES, ids=[c[0] for c in _FAST_CASES])
def test_generated_path_matches_closures(latex, values):
    from algoverify.math.numeric import Context, compile_expr

    tree = parse_math(latex)
    names = set(values)
    fast = compile_expr(tree, Context(declared=names, guard=False))(dict(values))
    slow = compile_expr(tree, Context(declared=names, guard=True))(dict(values))
    np.testing.assert_allclose(fast, slow)


def test_generated_sum_out_of_range_falls_back_to_the_located_error():
    from algoverify.math.numeric import Context, compile_expr

    tree = parse_math(r"\sum_{i=1}^{5} x_i")
    with pytest.raises(LocatedError) as info:
        compile_expr(tree, Context(declared={"x"}, guard=False))({"x": np.array([1.0, 2.0])})
    assert info.value.rule.code == "AV306" and "out" in str(info.value)


def test_generated_source_holds_no_text_of_the_note(monkeypatch):
    from algoverify.math import codegen
    from algoverify.math.numeric import Context, compile_expr

    sources = []
    original = codegen._compile

    def spy(source, namespace, name):
        sources.append(source)
        return original(source, namespace, name)

    monkeypatch.setattr(codegen, "_compile", spy)
    tree = parse_math(r"\mathrm{secret} + 12345 \cdot \sum_{i=1}^{3} \mathrm{payload}_i")
    env = {"secret": 1.0, "payload": np.array([1.0, 2.0, 3.0])}
    value = compile_expr(tree, Context(declared=set(env), guard=False))(dict(env))
    assert value == 1.0 + 12345 * 6.0
    assert sources and not any(word in src for src in sources for word in ("secret", "payload", "12345"))


@pytest.mark.parametrize(
    "body",
    [
        "return __import__",
        "return 'os'",
        "return f'$trace'",
        'return """$trace"""',
        "return 1e5",
        "return 0x10",
        "return 12345",
        "return 1.5",
        "return a  # note",
        "return 'a\\'",
        "return ünïcode",
    ],
)
def test_generated_source_with_a_foreign_token_is_refused(body):
    from algoverify.math import codegen

    fn = codegen._compile(f"def _expression(env):\n    {body}\n", {}, "_expression")
    with pytest.raises(RuntimeError, match="not ours"):  # at its first call, before anything is compiled
        fn({})
    with pytest.raises(RuntimeError, match="not ours"):  # and at every call after it
        fn({})


def test_generated_code_is_compiled_at_its_first_call_and_is_then_the_functions_own():
    from algoverify.math import codegen

    fn = codegen._compile("def _expression(env):\n    return env[_k0] + 1\n", {"_k0": "x"}, "_expression")
    assert fn.__code__.co_filename != "<algoverify _expression>"  # nothing compiled yet (lint runs nothing)
    assert fn({"x": 1}) == 2
    assert fn.__code__.co_filename == "<algoverify _expression>"  # no trampoline left on the hot path
    assert fn.__defaults__ is None and "pending" not in fn.__dict__
    assert fn({"x": 41}) == 42


def test_generated_source_of_template_words_placeholders_and_small_numbers_compiles():
    from algoverify.math import codegen

    source = "def _expression(env):\n    r = env.get('$trace')\n    return (_k3 if r is None else 2) + int(env[_k3]) * 10\n"
    fn = codegen._compile(source, {"_k3": 4}, "_expression")
    assert fn({4: 1.5}) == 4 + 1 * 10


@pytest.mark.parametrize(
    ("matrix", "exp"),
    [
        (np.diag([4.0, 9.0, 1.0]), -0.5),  # a degree matrix to the -1/2, as graph convolutions write it
        (np.array([[2.0, 1.0], [1.0, 2.0]]), 0.5),
    ],
)
def test_a_fractional_power_of_a_symmetric_matrix_is_the_matrix_power(matrix, exp):
    from algoverify.math.ops import power

    got = power(matrix, exp)
    w, q = np.linalg.eigh(matrix)
    np.testing.assert_allclose(got, (q * w**exp) @ q.T, atol=1e-12)
    if exp == 0.5:
        np.testing.assert_allclose(got @ got, matrix, atol=1e-12)


def test_a_fractional_power_of_a_matrix_that_is_not_symmetric_is_refused():
    from algoverify.math.ops import power

    with pytest.raises(ValueError, match="not symmetric"):
        power(np.array([[1.0, 2.0], [0.0, 1.0]]), 0.5)
