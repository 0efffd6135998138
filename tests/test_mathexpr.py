"""The math grammar and AST: tables of (latex, expected dump) per feature, errors with columns, properties."""

import subprocess
import sys

import pytest
from helpers import budgets
from hypothesis import given, settings
from hypothesis import strategies as st

from algoverify.findings import LocatedError
from algoverify.math.mathexpr import (
    COMMANDS,
    Apply,
    Call,
    Juxt,
    dump,
    iter_children,
    parse_math,
    unknown_macros,
    walk,
)
from algoverify.math.names import resolve_applications

# --- tables: (latex, expected dump) ---------------------------------------------------------

# Every math segment of the seed notes, as printed there.
SEED_PAIRS = [
    (r"v \gets v / \lVert v \rVert", "(assign v (/ v (norm v)))"),
    (r"w \gets A v", "(assign w (juxt A v))"),
    (r"\lambda \gets \lVert w \rVert", "(assign lambda (norm w))"),
    (
        r"\lVert w - \lambda v \rVert \gt \tau \, \lambda",
        "(rel (norm (- w (juxt lambda v))) > (juxt tau lambda))",
    ),
    (r"v \gets w / \lambda", "(assign v (/ w lambda))"),
    (r"\lambda, v", "(tuple lambda v)"),
    (r"x, \gamma, \beta, \epsilon", "(tuple x gamma beta epsilon)"),
    (r"\mu \gets \frac{1}{d} \sum_{i=1}^{d} x_i", "(assign mu (juxt (frac 1 d) (sum i 1 d (idx x i))))"),
    (
        r"\sigma^{2} \gets \frac{1}{d} \sum_{i=1}^{d} (x_i - \mu)^{2}",
        "(assign (pow sigma 2) (juxt (frac 1 d) (sum i 1 d (pow (- (idx x i) mu) 2))))",
    ),
    (r"\frac{1}{d} \sum_{i=1}^{d} (x_i - \mu)^{2}", "(juxt (frac 1 d) (sum i 1 d (pow (- (idx x i) mu) 2)))"),
    (r"(x - \mu) / \sqrt{\sigma^{2} + \epsilon}", "(/ (- x mu) (sqrt (+ (pow sigma 2) epsilon)))"),
    (
        r"\hat{x} \gets (x - \mu) / \sqrt{\sigma^{2} + \epsilon}",
        "(assign hat{x} (/ (- x mu) (sqrt (+ (pow sigma 2) epsilon))))",
    ),
    (r"\gamma \odot \hat{x} + \beta", "(+ (odot gamma hat{x}) beta)"),
    (r"g + \nabla_\theta L_i / k", "(+ g (/ (grad theta (idx L i)) k))"),
    (r"g \gets 0", "(assign g 0)"),
    (r"\theta - \eta g", "(- theta (juxt eta g))"),
    (r"\theta \gets \theta - \eta g", "(assign theta (- theta (juxt eta g)))"),
    (r"\operatorname{softmax}(z / T)", "(call softmax (/ z T))"),
    (r"p^{(T)} = \operatorname{softmax}(z / T)", "(rel (label p T) = (call softmax (/ z T)))"),
    (r"\max_v p^{(T)}_v", "(max v _ _ (idx (label p T) v))"),
    (r"M(T) = \max_v p^{(T)}_v", "(rel (apply M T) = (max v _ _ (idx (label p T) v)))"),
    (
        r"u^{\top} G u = \lVert X^{\top} u \rVert^{2} \geq 0",
        "(rel (juxt (juxt (T u) G) u) = (pow (norm (juxt (T X) u)) 2) >= 0)",
    ),
    (
        r"\lvert G_{ij} \rvert \leq \sqrt{G_{ii} G_{jj}}",
        "(rel (abs (idx G i j)) <= (sqrt (juxt (idx G i i) (idx G j j))))",
    ),
    (r"G_{ij} = \langle x_i, x_j \rangle", "(rel (idx G i j) = (inner (idx x i) (idx x j)))"),
    (
        r"-\sum_{v} p_v \log \operatorname{softmax}(z)_v",
        "(neg (sum v _ _ (juxt (idx p v) (call log (idx (call softmax z) v)))))",
    ),
    (r"i = 1, \dots, k", "(rel i = (range 1 k))"),
    (r"B_1, \dots, B_k", "(range (idx B 1) (idx B k))"),
    (r"z \in \mathbb{R}^{V}", "(in z (pow bb{R} V))"),
    (r"T \gt 0", "(rel T > 0)"),
    (r"T \geq 1", "(rel T >= 1)"),
    (r"z / T", "(/ z T)"),
    (r"x_1, \dots, x_n \in \mathbb{R}^{d}", "(in (range (idx x 1) (idx x n)) (pow bb{R} d))"),
    (r"Q Q^{\top}", "(juxt Q (T Q))"),
    (r"\operatorname{mean}(\hat{x}) \approx 0", "(rel (call mean hat{x}) approx 0)"),
]

NUMBER_PAIRS = [
    ("3", "3"),
    ("0.5", "0.5"),
    ("1e-9", "1e-9"),
    ("2.5E+3", "2.5E+3"),
    ("3x", "(juxt 3 x)"),
    ("10^{-9}", "(pow 10 (neg 9))"),
]

NAME_PAIRS = [
    (r"\tau", "tau"),
    (r"\Sigma", "Sigma"),
    (r"\hat{x}", "hat{x}"),
    (r"\hat x", "hat{x}"),
    (r"\bar{x}", "bar{x}"),
    (r"\tilde{x}", "tilde{x}"),
    (r"\widehat{y}", "hat{y}"),
    (r"x'", "x'"),
    (r"x''", "x''"),
    (r"x^*", "star{x}"),
    (r"\mathbf{w}", "bf{w}"),
    (r"\boldsymbol{\theta}", "bf{theta}"),
    (r"\mathcal{L}", "cal{L}"),
    (r"\hat{\mathbf{x}}", "hat{bf{x}}"),
    (r"\mathrm{lr}", "lr"),
    (r"\mathit{loss}", "loss"),
    (r"\hat{x_i}", "(idx hat{x} i)"),
]

SCRIPT_PAIRS = [
    (r"x_i", "(idx x i)"),
    (r"G_{ij}", "(idx G i j)"),
    (r"G_{i,j}", "(idx G i j)"),
    (r"x_{i+1}", "(idx x (+ i 1))"),
    (r"x_{10}", "(idx x 10)"),
    (r"B_1", "(idx B 1)"),
    (r"L_{\text{train}}", "(idx L train)"),
    (r"L_{\text{train loss}}", "(idx L (text 'train loss'))"),
    (r"p^{(T)}_v", "(idx (label p T) v)"),
    (r"x^{(k)}", "(label x k)"),
    (r"\sigma^{2}", "(pow sigma 2)"),
    (r"\sigma^2", "(pow sigma 2)"),
    (r"x_i^2", "(pow (idx x i) 2)"),
    (r"x^2_i", "(pow (idx x i) 2)"),
    (r"x^{\top}", "(T x)"),
    (r"x^\top", "(T x)"),
    (r"x^T", "(T x)"),
    (r"x^{T}", "(T x)"),
    (r"x^{\mathrm{T}}", "(T x)"),
    (r"x^\intercal", "(T x)"),
    (r"A^{-1}", "(inv A)"),
    (r"\Sigma^{-1}", "(inv Sigma)"),
    (r"2^{-1}", "(pow 2 (neg 1))"),
    (r"x^{\prime}", "x'"),
    (r"x_i'", "(idx x' i)"),
    (r"\operatorname{softmax}(z)_v", "(idx (call softmax z) v)"),
    (r"(a + b)^2", "(pow (+ a b) 2)"),
    (r"{x}^2", "(pow x 2)"),
    (r"e^{x}", "(pow e x)"),
]

OPERATOR_PAIRS = [
    (r"a + b - c", "(- (+ a b) c)"),
    (r"a * b", "(* a b)"),
    (r"a / b", "(/ a b)"),
    (r"a \cdot b", "(cdot a b)"),
    (r"a \times b", "(times a b)"),
    (r"a \odot b", "(odot a b)"),
    (r"a \cdot -b", "(cdot a (neg b))"),
    (r"a + -b", "(+ a (neg b))"),
    (r"+a", "a"),
    (r"-a + b", "(+ (neg a) b)"),
    (r"-\eta g", "(neg (juxt eta g))"),
    (r"a b c", "(juxt (juxt a b) c)"),
    (r"x^2 y", "(juxt (pow x 2) y)"),
    (r"\sqrt{x} y", "(juxt (sqrt x) y)"),
    (r"\frac{a}{b}", "(frac a b)"),
    (r"\frac{a}b", "(frac a b)"),
    (r"\dfrac{1}{2}", "(frac 1 2)"),
    (r"\frac{1}{2}x", "(juxt (frac 1 2) x)"),
    (r"\sqrt{x}", "(sqrt x)"),
    (r"\sqrt[3]{x}", "(root 3 x)"),
    (r"a / b c", "(/ a (juxt b c))"),
    (r"2(x + 1)", "(juxt 2 (+ x 1))"),
    (r"(a)(b)", "(juxt a b)"),  # two groups side by side: a product, as (B u)(v^T B)
    (r"(a + b)(c)", "(juxt (+ a b) c)"),
    (r"[a + b] c", "(juxt (+ a b) c)"),
]

DELIMITER_PAIRS = [
    (r"\lVert w \rVert", "(norm w)"),
    (r"\|w\|", "(norm w)"),
    (r"\|w\|_2", "(norm w :ord 2)"),
    (r"\lVert A \rVert_F", "(norm A :ord F)"),
    (r"\left\lVert A \right\rVert_F", "(norm A :ord F)"),
    (r"\lVert v \rVert_2^2", "(pow (norm v :ord 2) 2)"),
    (r"\Vert w \Vert", "(norm w)"),
    (r"\lvert x \rvert", "(abs x)"),
    (r"|x|", "(abs x)"),
    (r"|x| + |y|", "(+ (abs x) (abs y))"),
    (r"|a| |b|", "(juxt (abs a) (abs b))"),
    (r"\left| x \right|", "(abs x)"),
    (r"\vert x \vert", "(abs x)"),
    (r"|x - |y||", "(abs (- x (abs y)))"),
    (r"\langle a, b \rangle", "(inner a b)"),
    # angle brackets around one item or three: a tuple (a record, a state), not an inner product
    (r"\langle a \rangle", "(tuple a)"),
    (r"\langle a, b, c \rangle", "(tuple a b c)"),
    (r"\left( a + b \right) c", "(juxt (+ a b) c)"),
    (r"\bigl( a \bigr)", "a"),
    (r"\Big( a \Big)", "a"),
    (r"{a + b}", "(+ a b)"),
]

BIGOP_PAIRS = [
    (r"\sum_{i=1}^{d} x_i", "(sum i 1 d (idx x i))"),
    (r"\sum_{i=1}^{n} x_i + 1", "(+ (sum i 1 n (idx x i)) 1)"),
    (r"\sum_{i=1}^{n} x_i y_i", "(sum i 1 n (juxt (idx x i) (idx y i)))"),
    (r"\sum_i x_i / n", "(sum i _ _ (/ (idx x i) n))"),
    (r"\sum^{d}_{i=1} x_i", "(sum i 1 d (idx x i))"),
    (r"\sum\limits_{i=1}^{d} x_i", "(sum i 1 d (idx x i))"),
    (r"\sum_v p_v", "(sum v _ _ (idx p v))"),
    (r"\sum_{v} p_v", "(sum v _ _ (idx p v))"),
    (r"\sum x_i", "(sum _ _ _ (idx x i))"),
    (r"\prod_{j=1}^{k} a_j", "(prod j 1 k (idx a j))"),
    (r"\sum_{i} \sum_{j} G_{ij}", "(sum i _ _ (sum j _ _ (idx G i j)))"),
    (r"a \sum_i b_i", "(juxt a (sum i _ _ (idx b i)))"),
    (r"\max_v p_v", "(max v _ _ (idx p v))"),
    (r"\min_{x \in S} f", "(min x _ _ f :in S)"),
    (r"\max(a, b)", "(call max a b)"),
    (r"\arg\max_v p_v", "(argmax v _ _ (idx p v))"),
    (r"\operatorname*{argmax}_v p_v", "(argmax v _ _ (idx p v))"),
    (r"\operatorname{argmin}_{\theta} L", "(argmin theta _ _ L)"),
    (r"\sum_{i=1}^{d} x_i = 1", "(rel (sum i 1 d (idx x i)) = 1)"),
]

FUNCTION_PAIRS = [
    (r"\exp(x)", "(call exp x)"),
    (r"\exp(x) y", "(juxt (call exp x) y)"),
    (r"\log x", "(call log x)"),
    (r"\log x y", "(call log (juxt x y))"),
    (r"\log x / n", "(/ (call log x) n)"),
    (r"\ln(1 + x)", "(call ln (+ 1 x))"),
    (r"\sin x \cos y", "(juxt (call sin x) (call cos y))"),
    (r"\sin x \cos(y)", "(juxt (call sin x) (call cos y))"),
    (r"\sin x \cos(y) z", "(juxt (call sin x) (juxt (call cos y) z))"),
    (r"\sin x \cos(y) \exp(z)", "(juxt (juxt (call sin x) (call cos y)) (call exp z))"),
    (r"\log \log x", "(call log (call log x))"),
    (r"\log \log x \cos y", "(juxt (call log (call log x)) (call cos y))"),
    (r"\tanh(x)", "(call tanh x)"),
    (r"\log \operatorname{softmax}(z)_v", "(call log (idx (call softmax z) v))"),
    (r"\log f(x)", "(call log (apply f x))"),
    (r"\exp\frac{a}{b}", "(call exp (frac a b))"),
    (r"\log{x}", "(call log x)"),
    (r"\log{x}^2", "(call log (pow x 2))"),
    (r"\log(x)^2", "(pow (call log x) 2)"),
    (r"\log{\left(x^{2} + 2 \right)}^{2}", "(pow (call log (+ (pow x 2) 2)) 2)"),
    (r"\operatorname{diag}(A)", "(call diag A)"),
    (r"\operatorname{tr} A", "(call tr A)"),
    (r"\mathrm{softmax}(z)", "(apply softmax z)"),
    (r"\nabla_{\theta} L", "(grad theta L)"),
    (r"\nabla_\theta L_i", "(grad theta (idx L i))"),
    (r"\nabla f", "(grad _ f)"),
    (r"\nabla_\theta L(\theta)", "(grad theta (apply L theta))"),
    (r"f(x)", "(apply f x)"),
    (r"f(x, y)", "(apply f x y)"),
    (r"x(y + z)", "(apply x (+ y z))"),
    (r"a f(x)", "(juxt a (apply f x))"),
    (r"\hat{f}(x)", "(apply hat{f} x)"),
    (r"f_i(x)", "(apply (idx f i) x)"),
    (r"f(x)^2", "(juxt f (pow x 2))"),
]

RELATION_PAIRS = [
    (r"a = b", "(rel a = b)"),
    (r"a = b \geq 0", "(rel a = b >= 0)"),
    (r"a \neq b", "(rel a != b)"),
    (r"a \ne b", "(rel a != b)"),
    (r"a < b", "(rel a < b)"),
    (r"a \lt b", "(rel a < b)"),
    (r"a \le b \leq c", "(rel a <= b <= c)"),
    (r"a > b", "(rel a > b)"),
    (r"a \ge b", "(rel a >= b)"),
    (r"a \approx b", "(rel a approx b)"),
    (r"A \succeq 0", "(rel A succeq 0)"),
    (r"A \preceq B", "(rel A preceq B)"),
    (r"x \in S", "(in x S)"),
    (r"x, y \in S", "(in (tuple x y) S)"),
    (r"a \gets b", "(assign a b)"),
    (r"a \leftarrow b", "(assign a b)"),
    (r"a := b", "(assign a b)"),
    (r"a, b \gets b, a", "(assign (tuple a b) (tuple b a))"),
    (r"x \gets \infty", "(assign x inf)"),
]

LIST_PAIRS = [
    (r"1, \dots, k", "(range 1 k)"),
    (r"1, \ldots, k", "(range 1 k)"),
    (r"1, \cdots, k", "(range 1 k)"),
    (r"1, 2, \dots, n", "(tuple 1 2 ... n)"),
    (r"x_1 + \dots + x_n", "(+ (+ (idx x 1) ...) (idx x n))"),
    (r"a, b", "(tuple a b)"),
]

LOGIC_PAIRS = [
    (r"a \land b", "(and a b)"),
    (r"a \wedge b \wedge c", "(and a b c)"),
    (r"a \lor b", "(or a b)"),
    (r"a \vee b", "(or a b)"),
    (r"\lnot a", "(not a)"),
    (r"\neg a", "(not a)"),
    (r"a \land b \lor \lnot c", "(or (and a b) (not c))"),
    (r"x > 0 \textbf{and} y < 1", "(and (rel x > 0) (rel y < 1))"),
    (r"x > 0 \text{ and } y < 1", "(and (rel x > 0) (rel y < 1))"),
    (r"x > 0 \text{ or } y < 1", "(or (rel x > 0) (rel y < 1))"),
    (r"\text{not}\ x", "(not x)"),
    # the right side of a relation negated (a fresh note's `result = \lnot negcycle(w, s)`: AV502 before)
    (r"r = \lnot p", "(rel r = (not p))"),
    (r"r \ne \neg p", "(rel r != (not p))"),
    (r"r = \lnot p \land q", "(and (rel r = (not p)) q)"),
]

TEXT_AND_SPACING_PAIRS = [
    (r"\text{for all } x", "(juxt (text 'for all') x)"),
    (r"a \, b", "(juxt a b)"),
    (r"a \; b \! c \: d", "(juxt (juxt (juxt a b) c) d)"),
    (r"a \quad b \qquad c", "(juxt (juxt a b) c)"),
    (r"a \ b", "(juxt a b)"),
    (r"a ~ b", "(juxt a b)"),
    (r"\displaystyle a", "a"),
    (r"\infty", "inf"),
]

ALL_PAIRS = (
    SEED_PAIRS
    + NUMBER_PAIRS
    + NAME_PAIRS
    + SCRIPT_PAIRS
    + OPERATOR_PAIRS
    + DELIMITER_PAIRS
    + BIGOP_PAIRS
    + FUNCTION_PAIRS
    + RELATION_PAIRS
    + LIST_PAIRS
    + LOGIC_PAIRS
    + TEXT_AND_SPACING_PAIRS
)


@pytest.mark.parametrize(("latex", "expected"), ALL_PAIRS, ids=[p[0] for p in ALL_PAIRS])
def test_parse(latex, expected):
    assert dump(parse_math(latex)) == expected


# --- errors: (latex, code, start column (0-based), end column) ---------------------------------

ERROR_CASES = [
    (r"a \{ b", "AV203", 2, 4),
    (r"\lVert w", "AV203", 0, 6),
    (r"(a + b", "AV203", 0, 1),
    (r"a + b)", "AV203", 5, 6),
    (r"(a]", "AV203", 0, 1),
    (r"\lVert w - (v \rVert)", "AV203", 11, 12),
    (r"|x", "AV203", 0, 1),
    (r"\langle a, b", "AV203", 0, 7),
    (r"v \gets / w", "AV201", 8, 9),
    (r"x + * y", "AV201", 4, 5),
    (r"\frac{a}", "AV201", 7, 8),
    (r"x = = y", "AV201", 4, 5),
    (r"x @ y", "AV201", 2, 3),
    (r"", "AV201", 0, 0),
    (r"   ", "AV201", 0, 3),
    (r"x_10", "AV201", 2, 4),
    (r"x^2^3", "AV201", 3, 5),
    (r"x_1_2", "AV201", 3, 5),
    (r"\text x", "AV201", 0, 5),
    (r"\operatorname{soft max}(x)", "AV201", 0, 23),
    (r"\log \log(", "AV203", 9, 10),
    (r"\sum", "AV201", 0, 4),
    (r"[a, b, c)", "AV203", 0, 1),
    (r"\begin{cases} a \end{pmatrix}", "AV203", 0, 13),
    (r"x \right)", "AV203", 8, 9),
]


# Before issue 8.4 these raised AV202; an unknown macro now parses to a Macro node at its span
# (the linter reports it through unknown_macros where a listing runs the math).
UNKNOWN_MACRO_CASES = [
    (r"\foo x", "(juxt (macro \\foo) x)", [(0, 4)]),
    (r"a \get b", "(juxt (juxt a (macro \\get)) b)", [(2, 6)]),
    (r"v \gets v \getss", "(assign v (juxt v (macro \\getss)))", [(10, 16)]),
    (r"\foo{a}{b + 1} y", "(juxt (macro \\foo a (+ b 1)) y)", [(0, 14)]),
    (r"\foo{a}{b + 1} \baz", "(juxt (macro \\foo a (+ b 1)) (macro \\baz))", [(0, 14), (15, 19)]),
]


# Other inputs that were errors before issue 8 and now have a meaning (issue 8's families are in
# test_math_families.py).
FORMER_ERROR_PAIRS = [
    (r"x +", "(fragment + x _)"),
    (r"x \gets", "(fragment gets x _)"),
    (r"\hat{a+b}", "(hat (+ a b))"),
    (r"\sin x \cos(y) \tan", "(juxt (call sin x) (juxt (call cos y) tan))"),
    (r"\partial x", "(juxt partial x)"),
    (r"a \{ b \}", "(juxt a (set b))"),
]


@pytest.mark.parametrize(("latex", "expected"), FORMER_ERROR_PAIRS, ids=[p[0] for p in FORMER_ERROR_PAIRS])
def test_former_errors_have_a_meaning(latex, expected):
    assert dump(parse_math(latex)) == expected


@pytest.mark.parametrize(("latex", "expected", "spans"), UNKNOWN_MACRO_CASES, ids=[c[0] for c in UNKNOWN_MACRO_CASES])
def test_unknown_macros_parse_to_macro_nodes(latex, expected, spans):
    tree = parse_math(latex, base=1000)
    assert dump(tree) == expected
    assert [(m.span.start - 1000, m.span.end - 1000) for m in unknown_macros(tree)] == spans


@pytest.mark.parametrize(("latex", "code", "start", "end"), ERROR_CASES, ids=[c[0] or "<empty>" for c in ERROR_CASES])
def test_errors_point_at_the_cause(latex, code, start, end):
    base = 1000
    with pytest.raises(LocatedError) as info:
        parse_math(latex, base=base)
    assert info.value.rule.code == code, str(info.value)
    assert (info.value.span.start - base, info.value.span.end - base) == (start, end), str(info.value)


def test_gets_is_never_read_as_ge():
    assert dump(parse_math(r"v \gets v")) == "(assign v v)"
    assert dump(parse_math(r"v \geq v")) == "(rel v >= v)"


@pytest.mark.parametrize(
    "latex",
    ["\\sqrt{" * 3000 + "x" + "}" * 3000, "(" * 3000 + "x^{" * 300 + "2" + "}" * 300 + ")" * 3000],
    ids=["roots", "powers"],
)
def test_deep_nesting_is_a_finding(latex):
    with pytest.raises(LocatedError) as info:
        parse_math(latex)
    assert info.value.rule.code == "AV201" and "levels" in str(info.value)


def test_redundant_parentheses_however_many_are_the_expression():
    assert parse_math("(" * 3000 + "x" + ")" * 3000) == parse_math("x")


# --- spans ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("latex", "expected"), SEED_PAIRS, ids=[p[0] for p in SEED_PAIRS])
def test_spans_are_absolute_and_nested(latex, expected):
    base = 57
    tree = parse_math(latex, base=base)
    assert tree.span.start >= base and tree.span.end <= base + len(latex)
    for node in walk(tree):
        for child in iter_children(node):
            assert child.span in node.span, (dump(node), dump(child))


def test_span_of_a_node_covers_its_text():
    latex = r"\theta - \eta g"
    tree = parse_math(latex, base=10)
    right = tree.right
    assert latex[right.span.start - 10 : right.span.end - 10] == r"\eta g"
    assert latex[tree.left.span.start - 10 : tree.left.span.end - 10] == r"\theta"


def test_equality_ignores_spans():
    assert parse_math("a + b") == parse_math("a  +  b", base=99)


# --- resolving f(x) ----------------------------------------------------------------------------


def test_apply_becomes_call_for_a_function():
    tree = resolve_applications(parse_math(r"y + f(x + 1)"), {"f": True}.get)
    assert dump(tree) == "(+ y (call f (+ x 1)))"
    assert isinstance(tree.right, Call)


def test_apply_becomes_product_for_a_value():
    tree = resolve_applications(parse_math(r"x(y + z)"), {"x": False}.get)
    assert dump(tree) == "(juxt x (+ y z))" and isinstance(tree, Juxt)


def test_apply_unknown_to_both_is_ambiguous():
    with pytest.raises(LocatedError) as info:
        resolve_applications(parse_math(r"a + f(x)", base=5), {}.get)
    assert info.value.rule.code == "AV204" and info.value.span.start == 9


def test_apply_inside_relations_and_decorated_names():
    tree = resolve_applications(parse_math(r"M(T) = \hat{f}(x)"), lambda name: name in ("M", "f_hat"))
    assert dump(tree) == "(rel (call M T) = (call f_hat x))"
    assert not any(isinstance(n, Apply) for n in walk(tree))


def test_value_applied_to_two_arguments_is_decided_by_its_shape():
    # f(x, y) of an image is its pixel (x, y); a number applied to two numbers has no reading (AV204), when run
    import numpy as np

    from algoverify.math.numeric import Context, compile_expr

    tree = resolve_applications(parse_math(r"f(a, b)"), lambda name: False)
    assert isinstance(tree, Apply)
    run = compile_expr(tree, Context(declared={"f", "a", "b"}))
    assert run({"f": np.array([[1.0, 2.0], [3.0, 4.0]]), "a": 2, "b": 1}) == 3.0
    with pytest.raises(LocatedError) as info:
        run({"f": 2.0, "a": 2, "b": 1})
    assert info.value.rule.code == "AV204"


# --- the grammar and the lint path ---------------------------------------------------------------


@pytest.mark.slow
def test_grammar_builds_strict():
    from lark import Lark

    from algoverify.math.mathexpr import RetypePostLex
    from algoverify.syntax.grammar import grammar_path

    path = grammar_path("math")
    Lark(
        path.read_text(), parser="lalr", lexer="basic", strict=True, postlex=RetypePostLex(), import_paths=[path.parent]
    )


def test_command_table_is_the_one_list():
    assert COMMANDS["gets"] == ("ASSIGN_CMD", "gets") and COMMANDS["ge"] == ("RELOP", ">=")
    assert "get" not in COMMANDS


@pytest.mark.slow
def test_mathexpr_imports_neither_sympy_nor_numpy():
    code = (
        "import sys, algoverify.math.mathexpr as m; m.parse_math(r'\\frac{1}{d} \\sum_{i=1}^{d} x_i');"
        "print(sorted(k for k in ('sympy', 'numpy') if k in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.slow
def test_parser_is_not_built_at_import():
    code = "import sys, algoverify.math.mathexpr, algoverify.math.names; print('lark' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# --- properties -----------------------------------------------------------------------------------

_PIECES = [
    "x",
    "y",
    "1",
    "0.5",
    " ",
    "+",
    "-",
    "*",
    "/",
    "^",
    "_",
    "'",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "|",
    ",",
    "=",
    "<",
    ">",
    ":=",
    "~",
    "@",
    "\\",
    "\\,",
    "\\|",
    "\\{",
    "\\frac",
    "\\sqrt",
    "\\sum",
    "\\max",
    "\\arg",
    "\\log",
    "\\exp",
    "\\gets",
    "\\get",
    "\\lVert",
    "\\rVert",
    "\\lvert",
    "\\rvert",
    "\\langle",
    "\\rangle",
    "\\left",
    "\\right",
    "\\hat",
    "\\mathbf",
    "\\mathbb{R}",
    "\\operatorname{f}",
    "\\text{and}",
    "\\top",
    "\\nabla",
    "\\dots",
    "\\in",
    "\\leq",
    "\\land",
    "\\lnot",
    "\\alpha",
    "\\infty",
    "\\cdot",
    "\\odot",
]


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=14).map("".join) | st.text(max_size=20))
def test_any_input_is_a_tree_or_a_located_error(latex):
    try:
        tree = parse_math(latex, base=3)
    except LocatedError as e:
        assert e.span is not None and 3 <= e.span.start <= e.span.end <= 3 + len(latex)
    else:
        dump(tree)
        assert all(3 <= n.span.start <= n.span.end <= 3 + len(latex) for n in walk(tree))


@budgets(fast=3, full=500)  # a full collection of a large heap each time: half a minute for 500
def test_a_call_stays_a_call_whatever_ids_the_parse_frees(budget):
    """A group's id is remembered only while the group lives: a later name given a freed id is no group."""
    import gc

    for _ in range(budget):
        gc.collect()
        tree = parse_math(r"g(x, y) = g(y, x)")
        assert isinstance(tree.first, Apply) and isinstance(tree.rest[0][1], Apply), dump(tree)
