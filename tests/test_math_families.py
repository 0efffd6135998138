r"""The math of real papers (issue 8): one table of (LaTeX, expected dump) per family, then spans,
unknown macros, the executor's answer to the new nodes, and properties.

The fixtures are written for these tests; they imitate what listings in papers write (sets and
set-builders, intervals, floor and ceiling, relations, quantifiers, names in fonts, conditional
bars, calculus, environments, Unicode, punctuation, pseudocode conventions).
"""

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import algoverify
from algoverify.findings import LocatedError
from algoverify.math import mathexpr as M
from algoverify.math.mathexpr import dump, iter_children, parse_math, unknown_macros, walk
from algoverify.running.listing import ExecutionError

# --- tables: (latex, expected dump) ------------------------------------------------------------

SETS = [
    (r"\{1, 2, 3\}", "(set 1 2 3)"),
    (r"\{a\}", "(set a)"),
    (r"\{\}", "(set)"),
    (r"\left\{ u, v \right\}", "(set u v)"),
    (r"\lbrace 0, 1 \rbrace", "(set 0 1)"),
    (r"\{1, \dots, n\}", "(set (range 1 n))"),
    (r"\{ x : x > 0 \}", "(setof x (rel x > 0))"),
    (r"\{ x \mid x > 0 \}", "(setof x (rel x > 0))"),
    (r"\{ x | x > 0 \}", "(setof x (rel x > 0))"),
    (r"\{ v \in V : d(v) = 0 \}", "(setof (in v V) (rel (apply d v) = 0))"),
    (r"\left\{ i \;\middle|\; w_i > 0 \right\}", "(setof i (rel (idx w i) > 0))"),
    (r"\emptyset", "(const emptyset)"),
    (r"S \gets \varnothing", "(assign S (const emptyset))"),
    (r"A \cup B", "(cup A B)"),
    (r"A \cap B \cup C", "(cup (cap A B) C)"),
    (r"A \setminus \{a\}", "(setminus A (set a))"),
    (r"U \gets U \cup \{u\}", "(assign U (cup U (set u)))"),
    (r"A \subseteq B", "(rel A subseteq B)"),
    (r"A \subset B \subseteq C", "(rel A subset B subseteq C)"),
    (r"x \in S", "(in x S)"),
    (r"x \notin S", "(rel x notin S)"),
    (r"x \not\in S", "(rel x notin S)"),
    (r"\lvert S \rvert", "(abs S)"),
    (r"|S| \geq k", "(rel (abs S) >= k)"),
    (r"\bigcup_{i=1}^{k} S_i", "(bigcup i 1 k (idx S i))"),
]

INTERVALS_AND_NUMBER_SETS = [
    (r"[0, 1)", "(Ico 0 1)"),
    (r"(0, 1]", "(Ioc 0 1)"),
    (r"[a, b]", "(Icc a b)"),
    (r"\left[ 0, 1 \right)", "(Ico 0 1)"),
    (r"(a, b)", "(tuple a b)"),
    (r"x \in [0,1)", "(in x (Ico 0 1))"),
    (r"\beta_1, \beta_2 \in [0, 1)", "(in (tuple (idx beta 1) (idx beta 2)) (Ico 0 1))"),
    (r"t \in (0, T]", "(in t (Ioc 0 T))"),
    (r"[1, 2, 3]", "(list 1 2 3)"),
    (r"[]", "(list)"),
    (r"\mathbb{R}", "bb{R}"),
    (r"\mathbb{N}", "bb{N}"),
    (r"\mathbb{Z}", "bb{Z}"),
    (r"x \in \mathbb{R}^{n}", "(in x (pow bb{R} n))"),
    (r"A \in \mathbb{R}^{m \times n}", "(in A (pow bb{R} (times m n)))"),
    (r"k \in \mathbb{N}", "(in k bb{N})"),
    (r"\mathbb{R}_{+}", "(idx bb{R} (text '+'))"),
    (r"\mathbb{R}_{\geq 0}", "(idx bb{R} (fragment >= _ 0))"),
    (r"S^d_{++}", "(pow (idx S (text '++')) d)"),
]

INTEGER_FUNCTIONS = [
    (r"\lfloor x \rfloor", "(floor x)"),
    (r"\lceil x \rceil", "(ceil x)"),
    (r"\left\lfloor \frac{n}{2} \right\rfloor", "(floor (frac n 2))"),
    (r"\lceil \log_2 n \rceil", "(ceil (call log :sub 2 n))"),
    (r"a \bmod b", "(mod a b)"),
    (r"a \mod b", "(mod a b)"),
    (r"(i + 1) \bmod n", "(mod (+ i 1) n)"),
    (r"a \equiv b \pmod{n}", "(pmod (rel a equiv b) n)"),
    (r"a \equiv b \pmod n", "(pmod (rel a equiv b) n)"),
    (r"n!", "(fact n)"),
    (r"(n - k)!", "(fact (- n k))"),
    (r"\frac{n!}{k! (n-k)!}", "(frac (fact n) (juxt (fact k) (fact (- n k))))"),
    (r"\binom{n}{k}", "(binom n k)"),
    (r"\binom{n}{2} + 1", "(+ (binom n 2) 1)"),
    (r"a \% b", "(% a b)"),
    (r"50\%", "(juxt 50 (const percent))"),
    (r"\max\{a, b\}", "(call max a b)"),
    (r"\log_2 n", "(call log :sub 2 n)"),
    (r"\log_{2}(n + 1)", "(call log :sub 2 (+ n 1))"),
    (r"\log^2 n", "(pow (call log n) 2)"),
    (r"\sin^{-1} x", "(call arcsin x)"),
    (r"\exp(-x)", "(call exp (neg x))"),
    (r"e^{-\lambda t}", "(pow e (neg (juxt lambda t)))"),
]

RELATIONS = [
    (r"a \neq b", "(rel a != b)"),
    (r"a \ne b", "(rel a != b)"),
    (r"a \not= b", "(rel a != b)"),
    (r"a != b", "(rel a != b)"),
    (r"a == b", "(rel a = b)"),
    (r"a \leq b \le c", "(rel a <= b <= c)"),
    (r"a <= b", "(rel a <= b)"),
    (r"a \geq b \ge c", "(rel a >= b >= c)"),
    (r"a >= b", "(rel a >= b)"),
    (r"a \lt b \gt c", "(rel a < b > c)"),
    (r"a \leqslant b \geqslant c", "(rel a <= b >= c)"),
    (r"a \approx b", "(rel a approx b)"),
    (r"a \equiv b", "(rel a equiv b)"),
    (r"a \not\equiv b", "(rel a notequiv b)"),
    (r"X \sim \mathcal{N}(0, 1)", "(rel X sim (apply cal{N} 0 1))"),
    (r"p \propto e^{-E}", "(rel p propto (pow e (neg E)))"),
    (r"x \coloneqq 0", "(assign x 0)"),
    (r"x := 0", "(assign x 0)"),
    (r"x \triangleq 0", "(assign x 0)"),
    (r"x \gets 0", "(assign x 0)"),
    (r"x \leftarrow 0", "(assign x 0)"),
    (r"Q \Leftarrow Q \cup \{q\}", "(assign Q (cup Q (set q)))"),
    (r"x \mapsto x^2", "(rel x mapsto (pow x 2))"),
    (r"n \to \infty", "(rel n to inf)"),
    (r"d \mid n", "(rel d divides n)"),
    (r"a > 0 \implies b > 0", "(rel (rel a > 0) implies (rel b > 0))"),
    (r"a \iff b", "(rel a iff b)"),
]

LOGIC = [
    (r"a \land b", "(and a b)"),
    (r"a \lor b", "(or a b)"),
    (r"\lnot a", "(not a)"),
    (r"\neg a", "(not a)"),
    (r"a \wedge b \vee c", "(or (and a b) c)"),
    (r"\forall x \in S, x > 0", "(forall (in x S) (rel x > 0))"),
    (r"\forall x \in S : x > 0", "(forall (in x S) (rel x > 0))"),
    (r"\forall i, j, G_{ij} \geq 0", "(forall (tuple i j) (rel (idx G i j) >= 0))"),
    (r"\exists i: x_i > 0", "(exists i (rel (idx x i) > 0))"),
    (r"x_i \geq 0 \quad \forall i", "(forall i (rel (idx x i) >= 0))"),
    (r"x_i \geq 0, \forall i \in [n]", "(forall (in i n) (rel (idx x i) >= 0))"),
    (r"\forall i", "(forall i _)"),
    (r"x > 0 \text{and} y > 0", "(and (rel x > 0) (rel y > 0))"),
    (r"x > 0 \textbf{or} y > 0", "(or (rel x > 0) (rel y > 0))"),
    (r"\textbf{not} x", "(not x)"),
    (r"x > 0 \text{ and } y > 0", "(and (rel x > 0) (rel y > 0))"),
    (
        r"domain = \top || domain = \bot",
        "(or (rel (juxt (juxt (juxt (juxt (juxt d o) m) a) i) n) = (const top)) "
        "(rel (juxt (juxt (juxt (juxt (juxt d o) m) a) i) n) = (const bot)))",
    ),
]

NAMES = [
    (r"\mathit{key}", "key"),
    (r"\text{next}", "next"),
    (r"\textrm{best}", "best"),
    (r"\text{for all}", "(text 'for all')"),
    (r"\text{if}", "(text 'if')"),
    (r"\mathrm{argmax}_x f(x)", "(argmax x _ _ (apply f x))"),
    (r"\operatorname*{arg\,max}_{a \in A} Q(s, a)", "(argmax a _ _ (apply Q s a) :in A)"),
    (r"\operatorname{arg\,min}_\theta L", "(argmin theta _ _ L)"),
    (r"\textsc{Partition}(A, p, r)", "(call Partition A p r)"),
    (r"\textsc{Nil}", "sc{Nil}"),  # small capitals: a constant (CLRS's NIL, WHITE)
    (r"\Call{Partition}{A, p, r}", "(call Partition A p r)"),
    (r"\Call{time-visible}{x}", "(call time-visible x)"),
    (r"\mathcal{D}", "cal{D}"),
    (r"\mathbb{E}[X]", "(juxt bb{E} X)"),
    (r"\mathsf{Accum}(S)", "(apply Accum S)"),
    (r"\mathfrak{g}", "frak{g}"),
    (r"\hat{\nabla}_\theta L", "(hat (grad theta L))"),
    (r"\nabla_{\theta_i} L", "(grad (idx theta i) L)"),
    (r"\nabla \log p_\theta(x)", "(grad _ (call log (apply (idx p theta) x)))"),
    (r"x''", "x''"),
    (r"x^{\prime}", "x'"),
    (r"P^{'}", "P'"),
    (r"x^\star", "star{x}"),
    (r"x^{\ast}", "star{x}"),
    (r"x^{*}", "star{x}"),
    (r"A^\dagger", "dagger{A}"),
    (r"\delta^{+}", "plus{delta}"),
    (r"x^{(t)}", "(label x t)"),
    (r"x_{t-1}", "(idx x (- t 1))"),
    (r"x_{1:T}", "(idx x (colon 1 T))"),
    (r"\mathrm{sum\_squares}", "sum_squares"),
    (r"section\_reached", "section_reached"),
    (r"\mathbf{last}[v]", "(index bf{last} v)"),
    (r"{\rm sgn}(x)", "(apply sgn x)"),
    (r"\ell_{\max}", "(idx ell max)"),
    (r"\operatorname{ELBO}_{\theta}", "(idx ELBO theta)"),
    (r"\mathbb{1}", "bb{1}"),
    (r"\widehat{a + b}", "(hat (+ a b))"),
]

CONDITIONALS_AND_PLACEHOLDERS = [
    (r"\pi(a \mid s)", "(apply pi (given a s))"),
    (r"\pi(a|s)", "(apply pi (given a s))"),
    (r"\pi_\theta(a_t \mid s_t)", "(apply (idx pi theta) (given (idx a t) (idx s t)))"),
    (r"p(x, y \mid z)", "(apply p (given (tuple x y) z))"),
    (r"p(y \mid x; \theta)", "(apply p (given y (tuple x theta)))"),
    (r"\Pr(A \mid B)", "(call Pr (given A B))"),
    (r"\mathbb{E}[X \mid Y]", "(juxt bb{E} (given X Y))"),
    (r"P(|x| > 1 | y)", "(apply P (given (rel (abs x) > 1) y))"),
    (r"(C |X|)", "(juxt C (abs X))"),
    (r"p(\cdot \mid x)", "(apply p (given (slot cdot) x))"),
    (r"f(\cdot)", "(apply f (slot cdot))"),
    (r"g(\cdot, \cdot)", "(apply g (slot cdot) (slot cdot))"),
    (r"A[:, j]", "(index A (slot :) j)"),
    (r"(x = *)", "(rel x = (slot *))"),
]

LISTS_AND_ELLIPSES = [
    (r"x_1, \ldots, x_n", "(range (idx x 1) (idx x n))"),
    (r"1, \dots, n", "(range 1 n)"),
    (r"1, 2, \dots, n", "(tuple 1 2 ... n)"),
    (r"x_1 + \cdots + x_n", "(+ (+ (idx x 1) ...) (idx x n))"),
    (r"\vdots", "..."),
    (r"t = 1, .., T", "(rel t = (range 1 T))"),
    (r"\alpha_1, ..., \alpha_m", "(range (idx alpha 1) (idx alpha m))"),
    (r"a; b", "(tuple a b)"),
]

CALCULUS_AND_LAYOUT = [
    (r"\int_0^1 f(x) \,dx", "(int x 0 1 (apply f x))"),
    (r"\int f(x) \, \mathrm{d}x", "(int x _ _ (apply f x))"),
    (r"\int_{\Omega} g \, d\mu", "(int mu _ _ g :in Omega)"),
    (r"\partial L", "(juxt partial L)"),
    (r"\frac{\partial L}{\partial \theta}", "(partial L theta)"),
    (r"\frac{\partial^2 f}{\partial x \partial y}", "(partial f x y)"),
    (r"\frac{\partial^2 f}{\partial x^2}", "(partial f x x)"),
    (r"\frac{d f}{d x}", "(d f x)"),
    (r"\frac{\partial}{\partial w} L(w)", "(partial (apply L w) w)"),
    (r"\partial_x f", "(partial f x)"),
    (r"\frac{1}{d}", "(frac 1 d)"),
    (r"\frac12 h", "(juxt (frac 1 2) h)"),
    (r"\sum\limits_{i=1}^n x_i", "(sum i 1 n (idx x i))"),
    (r"\sum_{1 \le i \le n} x_i", "(sum i 1 n (idx x i))"),
    (r"\sum_{i}^{} x_i", "(sum i _ _ (idx x i))"),
    (r"\displaystyle \sum_i x_i", "(sum i _ _ (idx x i))"),
    (r"\underbrace{a + b}_{\text{two}} + c", "(+ (+ a b) c)"),
    (r"\overbrace{x y}^{n} z", "(juxt (juxt x y) z)"),
    (r"a \overset{\text{def}}{=} b", "(rel a = b)"),
    (r"a \stackrel{\Delta}{=} b", "(rel a = b)"),
    (r"x \xleftarrow{\text{sample}} D", "(assign x D)"),
    (r"x \xrightarrow[n]{} y", "(rel x to y)"),
    (
        r"\begin{cases} 1 & x > 0 \\ 0 & \text{otherwise} \end{cases}",
        "(cases (1 (rel x > 0)) (0 _))",
    ),
    (
        r"f(x) = \begin{cases} x, & \text{if } x \geq 0, \\ -x, & \text{else.} \end{cases}",
        "(rel (apply f x) = (cases (x (rel x >= 0)) ((neg x) _)))",
    ),
    (
        r"\left\{ \begin{array}{ll} a & b > 0 \\ c & \text{otherwise} \end{array} \right.",
        "(cases (a (rel b > 0)) (c _))",
    ),
    (r"\begin{pmatrix} a & b \\ c & d \end{pmatrix}", "(pmatrix (a b) (c d))"),
    (r"\begin{bmatrix} 1 \\ 2 \\ \end{bmatrix}", "(bmatrix (1) (2))"),
    (r"\begin{aligned} x &= 1 \\ y &\gets 2 \end{aligned}", "(aligned ((rel x = 1)) ((assign y 2)))"),
    (r"a &= b \\ &= c \\ &\leq d", "(aligned ((rel a = b = c <= d)))"),
    (r"f : A \to B", "(colon f (rel A to B))"),
    (r"\infty", "inf"),
    (r"-\infty", "(neg inf)"),
    (r"A^\top", "(T A)"),
    (r"A^T", "(T A)"),
    (r"A^{\mathsf{T}}", "(T A)"),
    (r"\top", "(const top)"),
]

DELIMITERS = [
    (r"\left( a + b \right) c", "(juxt (+ a b) c)"),
    (r"\bigl( a \bigr)", "a"),
    (r"\Big[ a + b \Big]", "(+ a b)"),
    (r"\mathopen{}\left( a \mathclose{}\right)", "a"),
    (r"f\mathopen{}\left(x\mathclose{}\right)", "(apply f x)"),
    (r"a \mathbin{\%} b", "(% a b)"),
    (r"a \mathrel{=} b", "(rel a = b)"),
    (r"\bigl| x \bigr|", "(abs x)"),
    (r"\left< a, b \right>", "(inner a b)"),
    (r"\left. f \right|", "f"),
]

UNICODE_SPACING_PUNCTUATION = [
    (r"λ ≤ μ", "(rel lambda <= mu)"),
    (r"x ∈ S", "(in x S)"),
    (r"x → y", "(rel x to y)"),
    (r"∞", "inf"),
    (r"a × b", "(times a b)"),
    (r"a · b", "(cdot a b)"),
    (r"a ≠ b − c", "(rel a != (- b c))"),
    (r"x ∈ ℝ", "(in x bb{R})"),
    (r"x²", "(pow x 2)"),
    (r"A ∪ ∅", "(cup A (const emptyset))"),
    (r"∀ i", "(forall i _)"),
    (r"a \, b \; c \! d \: e", "(juxt (juxt (juxt (juxt a b) c) d) e)"),
    (r"a \quad b \qquad c ~ d \ e", "(juxt (juxt (juxt (juxt a b) c) d) e)"),
    (r"x^2,", "(pow x 2)"),
    (r"x^2.", "(pow x 2)"),
    (r"x^2;", "(pow x 2)"),
    (r"y = x^2, \quad", "(rel y = (pow x 2))"),
]

IGNORED = [
    (r"x = 1 \label{eq:one}", "(rel x = 1)"),
    (r"x = 1 \nonumber", "(rel x = 1)"),
    (r"x = 1 \notag", "(rel x = 1)"),
    (r"x = 1 \tag{3}", "(rel x = 1)"),
    (r"{\color{red} x} + y", "(+ x y)"),
    (r"\textcolor{red}{x} + y", "(+ x y)"),
    (r"\boldsymbol{x}", "bf{x}"),
    (r"\bm{x}", "bf{x}"),
    (r"\mathbf{x}", "bf{x}"),
    (r"\mathbf{x}_i", "(idx bf{x} i)"),
    (r"\mathbf{A x}", "(juxt A x)"),
    (r"\boxed{x + 1}", "(+ x 1)"),
    (r"x = 1 % a comment", "(rel x = 1)"),
]

UNKNOWN_MACROS = [
    (r"\foo", "(macro \\foo)"),
    (r"\foo{a}{b}", "(macro \\foo a b)"),
    (r"\foo{}", "(macro \\foo (tuple))"),
    (r"x \gets \myfun{y}", "(assign x (macro \\myfun y))"),
    (r"\norm{v}^2", "(pow (macro \\norm v) 2)"),
    (r"a \lessapprox b", "(juxt (juxt a (macro \\lessapprox)) b)"),
    (r"\#", "(macro \\#)"),
    (r"x ┤ y", "(juxt (juxt x (macro ┤)) y)"),
]

PSEUDOCODE = [
    (r"node.left", "(attr node left)"),
    (r"node.value < k", "(rel (attr node value) < k)"),
    (r"maxHeap.insert(node.value)", "(apply (attr maxHeap insert) (attr node value))"),
    (r"x y.z", "(juxt x (attr y z))"),
    (r"t_w.o", "(attr (idx t w) o)"),
    (r"A[i]", "(index A i)"),
    (r"A[i, j]", "(index A i j)"),
    (r"x[n]^{2}", "(pow (index x n) 2)"),  # the entry squared, as signal-processing texts write it
    (r"x[n]^2 + 1", "(+ (pow (index x n) 2) 1)"),
    (r"X[k]^{*}", "(star (index X k))"),
    (r"d.elements[i]", "(index (attr d elements) i)"),
    (r"f(x)[i]", "(index (apply f x) i)"),
    # letters side by side stay a product (the executor decides), the string is a value
    (r'report(g, "oob")', "(juxt (juxt (juxt (juxt (juxt r e) p) o) r) (apply t g (str 'oob')))"),
    (r"random()", "(juxt (juxt (juxt (juxt (juxt r a) n) d) o) (apply m))"),
    (r"x \gets", "(fragment gets x _)"),
    (r"\gets 0", "(fragment gets _ 0)"),
    (r"=", "(fragment = _ _)"),
    (r"c >", "(fragment > c _)"),
    (r"\cup \ Q", "(fragment cup _ Q)"),
    (r"i \gets 0 \qquad S \gets \varnothing", "(seq (assign i 0) (assign S (const emptyset)))"),
    (r"a \gets 1, b \gets 2", "(seq (assign a 1) (assign b 2))"),
    (
        r"i \gets 0 \qquad S_w \gets \varnothing, \forall w",
        "(seq (assign i 0) (assign (idx S w) (forall w (const emptyset))))",
    ),
    (r"x &\gets x + 1 \\ y &= 2", "(aligned ((assign x (+ x 1))) ((rel y = 2)))"),
    (r"{x \gets y}", "(assign x y)"),
    (r"q {\gets} 0", "(assign q 0)"),
    (r"s \in S : f(s) \gets 1", "(colon (in s S) (assign (apply f s) 1))"),
    (r"h_{r|b}", "(idx h (given r b))"),
    (r"x \gets 'a b'", "(assign x (str 'a b'))"),
    (r"f'(x) + f''", "(+ (apply f' x) f'')"),
    (r"a \gets b \gets 0", "(assign a (assign b 0))"),
]

FAMILIES = {
    "sets": SETS,
    "intervals": INTERVALS_AND_NUMBER_SETS,
    "integer": INTEGER_FUNCTIONS,
    "relations": RELATIONS,
    "logic": LOGIC,
    "names": NAMES,
    "conditionals": CONDITIONALS_AND_PLACEHOLDERS,
    "lists": LISTS_AND_ELLIPSES,
    "calculus": CALCULUS_AND_LAYOUT,
    "delimiters": DELIMITERS,
    "unicode": UNICODE_SPACING_PUNCTUATION,
    "ignored": IGNORED,
    "macros": UNKNOWN_MACROS,
    "pseudocode": PSEUDOCODE,
}
ALL = [(family, latex, expected) for family, pairs in FAMILIES.items() for latex, expected in pairs]


def _ids(cases):
    return [f"{c[0]}:{c[1]}" for c in cases]


@pytest.mark.parametrize(("family", "latex", "expected"), ALL, ids=_ids(ALL))
def test_family(family, latex, expected):
    assert dump(parse_math(latex)) == expected


@pytest.mark.parametrize(("family", "latex", "expected"), ALL, ids=_ids(ALL))
def test_spans_are_absolute_nested_and_inside_the_text(family, latex, expected):
    base = 321
    tree = parse_math(latex, base=base)
    for node in walk(tree):
        assert base <= node.span.start <= node.span.end <= base + len(latex), dump(node, spans=True)
        for child in iter_children(node):
            assert child.span in node.span, (dump(node, spans=True), dump(child, spans=True))


# --- spans of the new constructs: (latex, node class, the text its span covers) ----------------------

SPANS = [
    (r"x \in [0, 1)", M.Interval, "[0, 1)"),
    (r"x \gets \foo{a}{b} + 1", M.Macro, r"\foo{a}{b}"),
    (r"\{ x : x > 0 \}", M.SetBuilder, r"\{ x : x > 0 \}"),
    (r"\left\lfloor n / 2 \right\rfloor", M.Floor, r"\left\lfloor n / 2 \right\rfloor"),
    (r"y = (n - 1)!", M.Factorial, "(n - 1)!"),
    (r"1 + \binom{n}{k}", M.Binom, r"\binom{n}{k}"),
    (r"2 \log_2 n", M.SubCall, r"\log_2 n"),
    (r"\pi(a \mid s)", M.Given, r"a \mid s"),
    (r"f(\cdot)", M.Placeholder, r"\cdot"),
    (r"node.left + 1", M.Attr, "node.left"),
    (r"A[i] + 1", M.Index, "A[i]"),
    (r"x \gets", M.Fragment, r"x \gets"),
    (r"a \equiv b \pmod{n}", M.Modulo, r"a \equiv b \pmod{n}"),
    (r"\forall i, x_i > 0", M.Quant, r"\forall i, x_i > 0"),
    (r"\frac{\partial L}{\partial \theta}", M.Deriv, r"\frac{\partial L}{\partial \theta}"),
    (r"\begin{cases} 1 & x \\ 0 & y \end{cases}", M.Cases, r"\begin{cases} 1 & x \\ 0 & y \end{cases}"),
    (r"\hat{\nabla}_\theta L", M.Styled, r"\hat{\nabla}_\theta L"),
    (r"x ∈ ℝ", M.Sym, "ℝ"),
    (r"\frac12", M.Frac, r"\frac12"),
    (r"i \gets 0 \qquad j \gets 1", M.Seq, r"i \gets 0 \qquad j \gets 1"),
    (r"section\_reached + 1", M.Sym, r"section\_reached"),
    (r"a \not= b", M.Rel, r"a \not= b"),
]


@pytest.mark.parametrize(("latex", "cls", "covered"), SPANS, ids=[s[0] for s in SPANS])
def test_span_covers_the_construct(latex, cls, covered):
    base = 40
    tree = parse_math(latex, base=base)
    found = [n for n in walk(tree) if type(n) is cls]
    texts = [latex[n.span.start - base : n.span.end - base] for n in found]
    assert covered in texts, texts


def test_digits_of_frac12_keep_their_own_columns():
    tree = parse_math(r"\frac12", base=10)
    assert (tree.num.span, tree.den.span) == (M.Span(15, 16), M.Span(16, 17))


def test_trailing_punctuation_is_outside_every_span():
    latex = r"y = x^2,"
    tree = parse_math(latex)
    assert tree.span.end == len(latex) - 1


# --- errors stay errors --------------------------------------------------------------------------

ERRORS = [
    (r"x + * y", "AV201", 4, 5),
    (r"\frac{a}", "AV201", 7, 8),
    (r"\{ 1, 2", "AV203", 0, 2),
    (r"[0, 1, 2)", "AV203", 0, 1),
    (r"\lfloor x \rceil", "AV203", 0, 7),
    (r"\begin{cases} 1 \end{matrix}", "AV203", 0, 13),
    (r"x. y", "AV201", 1, 2),
    (r"\operatorname{soft max}(x)", "AV201", 0, 23),
]


@pytest.mark.parametrize(("latex", "code", "start", "end"), ERRORS, ids=[e[0] for e in ERRORS])
def test_real_errors_are_still_located(latex, code, start, end):
    with pytest.raises(LocatedError) as info:
        parse_math(latex, base=500)
    assert info.value.rule.code == code, str(info.value)
    assert (info.value.span.start - 500, info.value.span.end - 500) == (start, end), str(info.value)


# --- unknown macros ----------------------------------------------------------------------------------


def test_unknown_macros_are_listed_in_source_order_with_spans():
    latex = r"\zeta \gets \mathrm{fn}(\zz{a}) + \yy \cdot \norm{\zz{b}}"
    tree = parse_math(latex, base=7)
    found = [(m.name, latex[m.span.start - 7 : m.span.end - 7]) for m in unknown_macros(tree)]
    assert found == [("\\zz", r"\zz{a}"), ("\\yy", r"\yy"), ("\\norm", r"\norm{\zz{b}}"), ("\\zz", r"\zz{b}")]


@pytest.mark.slow
def test_known_commands_are_not_unknown_macros():
    for latex, _ in SETS + RELATIONS + NAMES + CALCULUS_AND_LAYOUT:
        assert unknown_macros(parse_math(latex)) == [], latex


# --- the executor: new nodes are located findings, never tracebacks --------------------------------

# Floors, factorials, sets, logs, mod, cases, attributes, intervals and binomials have values
# since issue 9, item 4 (tests/test_numeric_sets.py); these still have none.
RUN_CASES = [
    r"\foo{n}",
    r"p(n \mid 2)",
    r"\hat{\nabla} n",
    r"\{i : 1 \le i \le n\}",
    r"\forall i : i > 0",
    r"\top",
]


@pytest.mark.parametrize("math", RUN_CASES)
def test_listing_with_a_new_construct_fails_at_the_statement(math):
    listing = algoverify.compile(
        "\\begin{algorithmic}\n\\Require \\(n\\)\n\\State \\(y \\gets " + math + "\\)\n\\State \\Return \\(y\\)\n"
        "\\end{algorithmic}"
    )
    with pytest.raises(ExecutionError) as info:
        listing(n=3)
    finding = info.value.finding
    assert finding.code in ("AV303", "AV308"), finding
    assert finding.span is not None


# --- the node classes ------------------------------------------------------------------------------


def test_every_node_class_is_exported_and_dumpable():
    classes = {c for c in vars(M).values() if isinstance(c, type) and issubclass(c, M.MathNode) and c is not M.MathNode}
    exported = {getattr(M, name) for name in M.__all__ if isinstance(getattr(M, name), type)}
    assert classes <= exported
    assert classes <= set(M._DUMP)
    for cls in classes:
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen, cls


# --- properties -------------------------------------------------------------------------------------

_LEAVES = ["x", "y_i", r"\alpha", "2", r"\hat{v}", r"|S|", r"\lfloor n \rfloor", r"\{a, b\}", r"[0, 1)", "n!"]
_BINARY = [" + ", " - ", r" \cdot ", r" \cup ", r" \bmod ", " ", " = ", r" \leq "]


@st.composite
def _with_macros(draw):
    """A formula built from known pieces, with unknown macros (with or without an argument) as some leaves."""
    n = draw(st.integers(1, 5))
    parts, macros = [], []
    for k in range(n):
        if draw(st.booleans()):
            name = "\\" + draw(st.sampled_from(["zq", "wibble", "Qx", "mystery"]))
            arg = draw(st.sampled_from(["", "{x}", "{a + b}", "{}{y}"]))
            macros.append((name, name + arg))
            parts.append(name + arg)
        else:
            parts.append(draw(st.sampled_from(_LEAVES)))
        if k < n - 1:
            op = draw(st.sampled_from(_BINARY))
            if "=" in op or "leq" in op:
                op = " + "  # one relation at most keeps the formula a formula
            parts.append(op)
    return "".join(parts), macros


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(_with_macros())
def test_unknown_macros_never_fail_the_parse_and_are_all_found(case):
    latex, macros = case
    tree = parse_math(latex, base=11)
    found = [(m.name, latex[m.span.start - 11 : m.span.end - 11]) for m in unknown_macros(tree)]
    assert found == macros


_PIECES = [
    "x",
    "1",
    " ",
    "+",
    "-",
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
    ";",
    ":",
    ".",
    "!",
    "=",
    "<",
    "&",
    "\\\\",
    "\\{",
    "\\}",
    "\\mid",
    "\\cdot",
    "\\lfloor",
    "\\rfloor",
    "\\left",
    "\\right",
    "\\frac",
    "\\binom",
    "\\in",
    "\\cup",
    "\\forall",
    "\\gets",
    "\\foo",
    "\\text{and}",
    "\\pmod",
    "\\begin{cases}",
    "\\end{cases}",
    "\\partial",
    "\\int",
    "dx",
    "λ",
    "≤",
    "ℝ",
    "\\mathbb{R}",
    "\\log_2",
    "\\overset{a}{=}",
    "\\label{x}",
    '"s"',
]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=16).map("".join))
def test_any_input_is_a_tree_or_a_located_error(latex):
    try:
        tree = parse_math(latex, base=5)
    except LocatedError as e:
        assert e.rule.code in ("AV201", "AV203")
        assert e.span is not None and 5 <= e.span.start <= e.span.end <= 5 + len(latex)
    else:
        dump(tree, spans=True)
        assert all(5 <= n.span.start <= n.span.end <= 5 + len(latex) for n in walk(tree))


# --- pseudocode forms met in papers: attributes by word, dot products by a period, order scripts ---

PAPER_FORMS = [
    (r"Q.\mathrm{add}(x)", "(apply (attr Q add) x)"),
    (r"e.\text{body}", "(attr e body)"),
    (r"h.\mathsf{wr}[a]", "(index (attr h wr) a)"),
    (r"B . V", "(cdot B V)"),
    (r"h_<", "(idx h (text '<'))"),
    (r"\max_{<_h} D", "(max (idx < h) _ _ D)"),
    (r"\forall p \in S. P(p)", "(forall (in p S) (apply P p))"),
    (r"\operatorname{poly} * h", "(* poly h)"),
    (r"x^2.", "(pow x 2)"),
]


@pytest.mark.parametrize("latex, expected", PAPER_FORMS)
def test_paper_forms(latex, expected):
    assert M.dump(M.parse_math(latex)) == expected


def test_a_set_of_one_pair_keeps_the_pair():
    # \{(u, v)\} is the set holding the edge (u, v), never the set {u, v}
    assert M.dump(M.parse_math(r"E \cup \{(u, v)\}")) == "(cup E (set (tuple u v)))"
    assert M.dump(M.parse_math(r"\{u, v\}")) == "(set u v)"
