"""Issue 9, item 4: integers, sets, logic, literals and indexing evaluate as a careful reader reads them.

Each construct is evaluated by ``compile_expr`` the way the interpreter compiles it (exact
comparisons, generated code) and with a guard per node; both must agree on the value and its
type. Statements (simultaneous assignment, loops over sets, stores into ``A[i]``) run through
``algoverify.compile``. A construct that has no value is a located finding: its code, its line
and the text its span covers are checked.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import algoverify
from algoverify.findings import LocatedError
from algoverify.math.mathexpr import parse_math
from algoverify.math.numeric import Context, NumberSet, RealInterval, compile_expr
from algoverify.math.ops import FiniteSet

S = FiniteSet([3, 1, 2])
T = FiniteSet([2, 5])
E = FiniteSet([(1, 2), (2, 3), (1, 3)])
x = np.array([1.0, 5.0, 3.0])


def evaluate(latex, **env):
    """The value of ``latex``, compiled as the interpreter does and with guards (they must agree)."""
    values = []
    for guard in (False, True):
        ctx = Context(declared=set(env), rtol=0.0, atol=0.0, guard=guard)
        values.append(compile_expr(parse_math(latex), ctx)(dict(env)))
    fast, guarded = values
    assert type(fast) is type(guarded), (fast, guarded)
    if isinstance(fast, np.ndarray):
        np.testing.assert_array_equal(fast, guarded)
    else:
        assert fast == guarded or (fast != fast and guarded != guarded)
    return fast


def failure(latex, **env):
    """The located error ``latex`` raises (the same guarded and not), as ``(code, text under the span)``."""
    seen = []
    for guard in (False, True):
        ctx = Context(declared=set(env), rtol=0.0, atol=0.0, guard=guard)
        with pytest.raises(LocatedError) as info:
            compile_expr(parse_math(latex), ctx)(dict(env))
        span = info.value.span
        seen.append((info.value.rule.code, latex[span.start : span.end]))
    assert seen[0] == seen[1], seen
    return seen[0]


def check(latex, env, expected, kind):
    value = evaluate(latex, **env)
    assert type(value) is kind, (latex, value, type(value))
    if isinstance(expected, np.ndarray):
        np.testing.assert_array_equal(value, expected)
    else:
        assert value == expected, (latex, value, expected)


def run_listing(body, index_base=1, **inputs):
    """Run a listing whose statements are ``body`` (a string, or a list of lines)."""
    body = "\n".join(body) if isinstance(body, list) else body
    listing = algoverify.compile("\\begin{algorithmic}\n" + body + "\n\\end{algorithmic}", index_base=index_base)
    return listing(**inputs)


def listing_failure(body, **inputs):
    """``(code, line, text under the span)`` of the finding a listing stops with."""
    body = "\n".join(body) if isinstance(body, list) else body
    latex = "\\begin{algorithmic}\n" + body + "\n\\end{algorithmic}"
    listing = algoverify.compile(latex)
    with pytest.raises(algoverify.ExecutionError) as info:
        listing(**inputs)
    finding = info.value.finding
    span = finding.span
    line = latex[: span.start].count("\n") + 1
    assert str(info.value).startswith(f"<latex>:{line}:"), str(info.value)
    return finding.code, line, latex[span.start : span.end]


# --- integers stay integers ---------------------------------------------------------------------

INTEGERS = [
    (r"\lfloor a/b \rfloor", dict(a=7, b=2), 3, int),
    (r"\lfloor a/b \rfloor", dict(a=-7, b=2), -4, int),  # floor, not truncation
    (r"\lceil a/b \rceil", dict(a=7, b=2), 4, int),
    (r"\lfloor \frac{a}{b} \rfloor", dict(a=10**40 + 1, b=3), (10**40 + 1) // 3, int),  # exact beyond floats
    (r"\lfloor (l + h)/2 \rfloor", dict(l=3, h=8), 5, int),
    # of floats, Python's a // b: the floor of the exact quotient, a float (1 // 0.1 is 9.0, not 10)
    (r"\lfloor a/b \rfloor", dict(a=7.0, b=2.0), 3.0, float),
    (r"\lfloor a/b \rfloor", dict(a=1, b=0.1), 9.0, float),
    (r"\left\lfloor\frac{a}{b}\right\rfloor", dict(a=-7.5, b=2), -4.0, float),
    (r"\lfloor x \rfloor", dict(x=2.7), 2, int),
    (r"\lceil x \rceil", dict(x=-2.7), -2, int),
    (r"\lfloor x \rfloor", dict(x=np.float64(-0.5)), -1, int),
    (r"\lceil \log_2 n \rceil", dict(n=1000), 10, int),
    (r"\lceil \log_2 n \rceil", dict(n=1024), 10, int),
    (r"\lceil \log_2 n \rceil", dict(n=1025), 11, int),
    (r"\lfloor \log_2 n \rfloor", dict(n=1023), 9, int),
    (r"\lceil \lg n \rceil", dict(n=1025), 11, int),  # \lg is log2 in algorithm texts
    (r"\lfloor \lg n \rfloor", dict(n=2**60 - 1), 59, int),  # exact where floats round up
    (r"\lg n", dict(n=8), 3.0, float),
    (r"\lfloor \log_{10} n \rfloor", dict(n=1000), 3, int),
    (r"\lfloor \log_{10} n \rfloor", dict(n=999), 2, int),
    (r"\lfloor \sqrt{n} \rfloor", dict(n=10**30 + 5), 10**15, int),
    (r"\lceil \sqrt{n} \rceil", dict(n=17), 5, int),
    (r"\log_2 n", dict(n=8), 3.0, float),  # a logarithm is a real number
    (r"a \bmod b", dict(a=17, b=5), 2, int),
    (r"a \bmod b", dict(a=-7, b=3), 2, int),  # non-negative for a positive modulus
    (r"a \mod b", dict(a=7, b=3), 1, int),
    (r"a \mathbin{\%} b", dict(a=17, b=5), 2, int),
    (r"a \bmod b", dict(a=7.5, b=2), 1.5, float),  # floats stay floats
    (r"n \bmod 2 = 1", dict(n=7), True, bool),
    (r"n!", dict(n=5), 120, int),
    (r"n!", dict(n=0), 1, int),
    (r"n!", dict(n=100), math.factorial(100), int),  # no overflow
    (r"(n-1)!", dict(n=5.0), 24, int),  # a whole float is an integer
    (r"\binom{n}{k}", dict(n=5, k=2), 10, int),
    (r"\binom{n}{k}", dict(n=60, k=30), math.comb(60, 30), int),
    (r"\binom{n}{k}", dict(n=5, k=7), 0, int),
    (r"\binom{n}{k}", dict(n=5, k=-1), 0, int),
    (r"\binom{n}{k}", dict(n=-1, k=3), -1, int),  # (-1)^k for n = -1
    (r"\gcd(a, b)", dict(a=1071, b=462), 21, int),
    (r"\gcd(a, b)", dict(a=1071.0, b=462), 21, int),
    (r"\operatorname{lcm}(a, b)", dict(a=4, b=6), 12, int),
    (r"a + b", dict(a=10**30, b=1), 10**30 + 1, int),
    (r"2^{k}", dict(k=100), 2**100, int),
    # `/` is real division; of two integers that divide exactly, the integer (exact however large):
    # q \gets q / 2 of an even q, a^{(p-1)/2} of an odd p, as number-theoretic pseudocode means them
    (r"a / b", dict(a=7, b=2), 3.5, float),
    (r"a / b", dict(a=6, b=3), 2, int),
    (r"\frac{a}{b}", dict(a=10**30, b=10), 10**29, int),
    (r"a / b", dict(a=6.0, b=3), 2.0, float),
    (r"a \equiv b \pmod{n}", dict(a=17, b=5, n=4), True, bool),
    (r"a \equiv b \pmod{n}", dict(a=17, b=6, n=4), False, bool),
    (r"k \mid n", dict(k=3, n=12), True, bool),
    (r"k \mid n", dict(k=5, n=12), False, bool),
]


@pytest.mark.parametrize("latex, env, expected, kind", INTEGERS, ids=[f"{r[0]}|{r[1]}" for r in INTEGERS])
def test_integers(latex, env, expected, kind):
    check(latex, env, expected, kind)


def test_floor_and_ceil_of_an_array_are_elementwise():
    assert_array = np.testing.assert_array_equal
    assert_array(evaluate(r"\lfloor x \rfloor", x=np.array([1.5, -1.5])), np.floor([1.5, -1.5]))
    assert_array(evaluate(r"\lceil x \rceil", x=np.array([1.5, -1.5])), np.ceil([1.5, -1.5]))
    assert_array(evaluate(r"x \bmod 2", x=np.array([3.0, -1.0])), np.array([1.0, 1.0]))


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.integers(1, 10**12), st.integers(2, 12))
def test_integer_logarithms_are_exact(n, b):
    down = evaluate(r"\lfloor \log_{b} n \rfloor", n=n, b=b)
    up = evaluate(r"\lceil \log_{b} n \rceil", n=n, b=b)
    assert type(down) is int and b**down <= n < b ** (down + 1)
    assert type(up) is int and b ** (up - 1) < n <= b**up


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.integers(-(10**30), 10**30), st.integers(-(10**6), 10**6).filter(bool))
def test_floor_division_and_mod_agree_with_python(a, b):
    assert evaluate(r"\lfloor a/b \rfloor", a=a, b=b) == a // b
    assert evaluate(r"\lceil a/b \rceil", a=a, b=b) == -(-a // b)
    assert evaluate(r"a \bmod b", a=a, b=b) == a % b


def test_factorial_refuses_negatives_and_fractions_where_written():
    assert failure(r"n! + 1", n=-1) == ("AV306", "n!")
    assert failure(r"n! + 1", n=2.5) == ("AV306", "n")
    assert failure(r"\binom{n}{k}", n=4, k=0.5) == ("AV306", "k")


def test_integer_results_in_a_listing_are_python_ints():
    result = run_listing(
        [r"\Require \(n, k\)", r"\State \Return \(n!, \binom{n}{k}, \lfloor n / k \rfloor\)"], n=30, k=7
    )
    assert result == (math.factorial(30), math.comb(30, 7), 4)
    assert all(type(v) is int for v in result)


def test_division_and_mod_by_zero_are_AV302_at_the_statement():
    code, line, text = listing_failure(
        [r"\Require \(a\)", r"\State \(r \gets a \bmod 0\)", r"\State \Return \(r\)"], a=3
    )
    assert (code, line) == ("AV302", 3) and text.startswith(r"\State")
    code, line, _ = listing_failure([r"\Require \(a\)", r"\State \Return \(\lfloor a / 0 \rfloor\)"], a=3)
    assert (code, line) == ("AV302", 3)


# --- sets ------------------------------------------------------------------------------------------

SETS = [
    (r"\emptyset", {}, FiniteSet(), FiniteSet),
    (r"\varnothing", {}, FiniteSet(), FiniteSet),
    (r"\{\}", {}, FiniteSet(), FiniteSet),
    (r"\{1, 2, 3\}", {}, {1, 2, 3}, FiniteSet),
    (r"\{3, 1, 2, 1\}", {}, {1, 2, 3}, FiniteSet),
    (r"\{1, \dots, n\}", dict(n=5), {1, 2, 3, 4, 5}, FiniteSet),
    (r"\{1, \dots, n\}", dict(n=0), set(), FiniteSet),
    (r"\{1, 3, \dots, n\}", dict(n=9), {1, 3, 5, 7, 9}, FiniteSet),
    (r"\{n, n - 1, \dots, 1\}", dict(n=3), {1, 2, 3}, FiniteSet),
    (r"\{(1, 2), (2, 3)\}", {}, {(1, 2), (2, 3)}, FiniteSet),
    (r"\{x \in S : x > 1\}", dict(S=S), {2, 3}, FiniteSet),
    (r"\{x \in S \mid x \bmod 2 = 1\}", dict(S=S), {1, 3}, FiniteSet),
    (r"\{2x : x \in S\}", dict(S=S), {2, 4, 6}, FiniteSet),
    (r"\{x : x \in S, x > 1\}", dict(S=S), {2, 3}, FiniteSet),
    (r"\{(u, v) \in E : u < v - 1\}", dict(E=E), {(1, 3)}, FiniteSet),
    (r"\{x \in S : x > 1\}", dict(S={3, 1, 2}), {2, 3}, FiniteSet),  # a Python set is a set
    (r"\{x_i : i \in S\}", dict(S=S, x=x), {1.0, 5.0, 3.0}, FiniteSet),
    (r"S \cup T", dict(S=S, T=T), {1, 2, 3, 5}, FiniteSet),
    (r"S \cap T", dict(S=S, T=T), {2}, FiniteSet),
    (r"S \setminus T", dict(S=S, T=T), {1, 3}, FiniteSet),
    (r"S \setminus \{v\}", dict(S=S, v=2), {1, 3}, FiniteSet),
    (r"S \cup \{v\}", dict(S={1}, v=np.float64(2.0)), {1, 2}, FiniteSet),
    (r"v \in S", dict(S=S, v=2), True, bool),
    (r"v \in S", dict(S=S, v=2.0), True, bool),
    (r"v \in S", dict(S=S, v=7), False, bool),
    (r"v \notin S", dict(S=S, v=7), True, bool),
    (r"v \not\in S", dict(S=S, v=2), False, bool),
    (r"(u, v) \in E", dict(E=E, u=1, v=3), True, bool),
    (r"(u, v) \in E", dict(E=E, u=3, v=1), False, bool),  # a pair, not two members
    (r"v \in G", dict(G={1: {2}}, v=1), True, bool),  # a map's keys
    (r"\{1\} \subseteq S", dict(S=S), True, bool),
    (r"S \subseteq S", dict(S=S), True, bool),
    (r"S \subset S", dict(S=S), False, bool),  # proper
    (r"\{1\} \subset S", dict(S=S), True, bool),
    (r"S \supseteq T", dict(S=S, T=T), False, bool),
    (r"S = \emptyset", dict(S=FiniteSet()), True, bool),
    (r"S \ne \emptyset", dict(S=S), True, bool),
    (r"S = \{1, 2, 3\}", dict(S=S), True, bool),
    (r"\lvert S \rvert", dict(S=S), 3, int),
    (r"|S \cup T|", dict(S=S, T=T), 4, int),
    (r"\lvert \{x \in S : x > 1\} \rvert", dict(S=S), 2, int),
    (r"\lvert a \rvert", dict(a=-2), 2, int),  # of a number: its absolute value, a Python int (exact past 2^63)
    (r"\lvert a \rvert", dict(a=-(10**30)), 10**30, int),
    (r"\min_{x \in S} x", dict(S=S), 1, int),
    (r"\max_{x \in S} f(x)", dict(S=S, f=lambda v: -v), -1, int),
    (r"\arg\max_{x \in S} f(x)", dict(S=S, f=lambda v: -v), 1, int),
    (r"\arg\min_{x \in S} f(x)", dict(S=S, f=lambda v: (v - 2) ** 2), 2, int),
    (r"\arg\max_{x \in S} c", dict(S=S, c=1), 1, int),  # ties: the first element in order
    (r"\arg\max_{i} x_i", dict(x=x), 2, int),
    (r"\max_{1 \le i \le n} x_i", dict(x=x, n=3), 5.0, np.float64),
    (r"\sum_{x \in S} x", dict(S=S), 6, int),
    (r"\sum_{x \in S} x", dict(S=FiniteSet()), 0, int),
    (r"\prod_{x \in S} x", dict(S=FiniteSet()), 1, int),
    (r"\sum_{x \in S, x > 1} x", dict(S=S), 5, int),
    (r"\sum_{x \in S : x > 1} x", dict(S=S), 5, int),
    (r"\max_{(u, v) \in E} (u + v)", dict(E=E), 5, int),
    (r"\sum_{j \ne i} x_j", dict(x=x, i=2), 4.0, np.float64),
    (r"\sum_{j=1, j \ne i}^{n} x_j", dict(x=x, i=2, n=3), 4.0, np.float64),
    (r"\sum_{i \in \{1, \dots, n\}} i", dict(n=4), 10, int),
    (r"\bigcup_{v \in S} \{v, v + 10\}", dict(S=S), {1, 2, 3, 11, 12, 13}, FiniteSet),
    (r"\bigcup_{i=1}^{n} A_i", dict(A=[{1}, {2, 3}], n=2), {1, 2, 3}, FiniteSet),
    (r"\max S", dict(S=S), 3, int),
    (r"\min(S)", dict(S=S), 1, int),
    (r"\max \{x_i : i \in S\}", dict(S=S, x=x), 5.0, float),
    (r"\operatorname{card}(S)", dict(S=S), 3, int),
]


@pytest.mark.parametrize("latex, env, expected, kind", SETS, ids=[r[0] for r in SETS])
def test_sets(latex, env, expected, kind):
    check(latex, env, expected, kind)


def test_set_iteration_order_is_sorted_when_elements_compare():
    assert list(FiniteSet([3, 1, 2])) == [1, 2, 3]
    assert list(FiniteSet(["pear", "apple", "fig"])) == ["apple", "fig", "pear"]
    assert list(FiniteSet([(2, 1), (1, 3), (1, 2)])) == [(1, 2), (1, 3), (2, 1)]
    assert list(FiniteSet([2.5, 1, np.float64(0.5)])) == [0.5, 1, 2.5]
    assert list(FiniteSet(np.array([3.0, 1.0])) | FiniteSet([2])) == [1.0, 2, 3.0]


def test_set_iteration_order_is_first_added_when_elements_do_not_compare():
    mixed = FiniteSet([3, "a", 1, (1, 2), "a"])
    assert list(mixed) == [3, "a", 1, (1, 2)]
    assert list(mixed | FiniteSet(["b", 3])) == [3, "a", 1, (1, 2), "b"]
    assert list(FiniteSet([FiniteSet([2]), FiniteSet([1])])) == [{2}, {1}]  # sets of sets: as added


def test_finite_sets_are_frozensets_equal_to_python_sets():
    s = FiniteSet([1, 2])
    assert isinstance(s, frozenset) and s == {1, 2} and hash(s) == hash(frozenset({1, 2}))
    assert type(s | {3}) is FiniteSet and type(s & {1}) is FiniteSet and type(s - {1}) is FiniteSet
    assert repr(s) == "{1, 2}" and repr(FiniteSet()) == "∅"
    assert type(next(iter(FiniteSet([np.int64(3)])))) is int  # NumPy scalars become Python numbers
    with pytest.raises(TypeError):
        FiniteSet([np.array([1.0, 2.0])])


def test_set_builder_runs_over_its_set_in_order_and_restores_the_bound_name():
    calls = []

    def f(v):
        calls.append(v)
        return v

    env = dict(S={"c", "a", "b"}, f=f, x="outer")
    ctx = Context(declared=set(env), rtol=0.0, atol=0.0, guard=False)
    fn = compile_expr(parse_math(r"\{f(x) : x \in S\}"), ctx)
    values = dict(env)
    assert fn(values) == {"a", "b", "c"}
    assert calls == ["a", "b", "c"]
    assert values["x"] == "outer"


def test_forall_over_a_set_runs_in_the_documented_order():
    body = [
        r"\Require set \(S\)",
        r"\State \(k \gets 0\)",
        r"\ForAll{\(v \in S\)} \State \(k \gets k + 1\) \State \(o_k \gets v\) \EndFor",
        r"\State \Return \(o\)",
    ]
    assert run_listing(body, S={"pear", "apple", "fig"}) == ["apple", "fig", "pear"]
    np.testing.assert_array_equal(run_listing(body, S={30, 10, 20}), [10.0, 20.0, 30.0])
    np.testing.assert_array_equal(run_listing(body, S=FiniteSet([30, 10, 20])), [10.0, 20.0, 30.0])


def test_forall_unpacks_pairs():
    body = [
        r"\Require edges \(E\)",
        r"\State \(s \gets 0\)",
        r"\ForAll{\((u, v) \in E\)} \State \(s \gets 10 s + u - v\) \EndFor",
        r"\State \Return \(s\)",
    ]
    # sorted pairs: (1, 3), (2, 1), (4, 4) → ((1-3)·10 + 1)·10 + 0
    assert run_listing(body, E={(2, 1), (4, 4), (1, 3)}) == -190


def test_sets_in_a_listing():
    body = [
        r"\Require \(n\)",
        r"\State \(P \gets \{2, \dots, n\}\)",
        r"\For{\(i = 2, \dots, \lfloor \sqrt{n} \rfloor\)}",
        r"  \If{\(i \in P\)} \State \(P \gets P \setminus \{j \in P : j > i \land j \bmod i = 0\}\) \EndIf",
        r"\EndFor",
        r"\State \Return \(P, \lvert P \rvert\)",
    ]
    primes, count = run_listing(body, n=30)
    assert type(primes) is FiniteSet and primes == {2, 3, 5, 7, 11, 13, 17, 19, 23, 29}
    assert count == 10 and type(count) is int


def test_maps_given_from_python():
    G = {1: {3, 2}, 2: set()}
    assert evaluate(r"G[u]", G=G, u=1) == {2, 3} and type(evaluate(r"G[u]", G=G, u=1)) is FiniteSet
    assert list(evaluate(r"G[u]", G=G, u=1)) == [2, 3]
    assert list(evaluate(r"G_u", G=G, u=1)) == [2, 3]
    assert evaluate(r"N(u)", N=G, u=1) == {2, 3}
    assert evaluate(r"w(u, v)", w={(1, 2): 5}, u=1, v=2) == 5
    assert evaluate(r"d[v]", d={1: 0.5}, v=1.0) == 0.5  # 1.0 read from a float array is the key 1
    assert failure(r"d[v] + 1", d={1: 0.5}, v=2) == ("AV306", "d[v]")


# --- membership in intervals and number sets ---------------------------------------------------

MEMBERSHIP = [
    (r"x \in [0, 1)", dict(x=0), True),
    (r"x \in [0, 1)", dict(x=1.0), False),
    (r"x \in [0, 1)", dict(x=1 - 2**-53), True),
    (r"x \in (0, 1]", dict(x=0.0), False),
    (r"x \in (0, 1]", dict(x=1), True),
    (r"x \in [a, b]", dict(x=2, a=2, b=2), True),
    (r"x \in (0, 1)", dict(x=0.5), True),  # after \in, (a, b) is the open interval
    (r"x \in (0, 1)", dict(x=1), False),
    (r"x \in [0, 1]", dict(x=np.array([0.0, 0.5, 1.0])), True),  # a vector: every entry
    (r"x \in [0, 1]", dict(x=np.array([0.0, 1.5])), False),
    (r"\beta_1, \beta_2 \in [0, 1)", dict(beta_1=0.9, beta_2=0.999), True),
    (r"\beta_1, \beta_2 \in [0, 1)", dict(beta_1=0.9, beta_2=1.0), False),
    (r"x \in [0, \infty)", dict(x=10.0**300), True),
    (r"x \in [l, u]", dict(x=np.array([0.5, 2.0]), l=np.zeros(2), u=np.array([1.0, 2.0])), True),  # a box
    (r"x \in [l, u]", dict(x=np.array([0.5, 2.5]), l=np.zeros(2), u=np.array([1.0, 2.0])), False),
    (r"n \in \mathbb{N}", dict(n=0), True),
    (r"n \in \mathbb{N}", dict(n=3.0), True),
    (r"n \in \mathbb{N}", dict(n=-3), False),
    (r"n \in \mathbb{Z}", dict(n=-3), True),
    (r"n \in \mathbb{Z}", dict(n=2.5), False),
    (r"n \in \mathbb{R}", dict(n=2.5), True),
    (r"n \in \mathbb{R}", dict(n=float("inf")), False),
]


@pytest.mark.parametrize("latex, env, expected", MEMBERSHIP, ids=[f"{r[0]}|{r[1]}" for r in MEMBERSHIP])
def test_membership(latex, env, expected):
    check(latex, env, expected, bool)


def test_intervals_and_number_sets_are_values_for_membership_only():
    interval = evaluate(r"[0, 1)")
    assert isinstance(interval, RealInterval) and repr(interval) == "[0, 1)"
    assert isinstance(evaluate(r"\mathbb{N}"), NumberSet)


# --- logic -----------------------------------------------------------------------------------------

LOGIC = [
    (r"a \land b", dict(a=True, b=False), False),
    (r"a \lor b", dict(a=True, b=False), True),
    (r"\lnot a", dict(a=True), False),
    (r"\neg a \land b", dict(a=False, b=True), True),
    (r"a \textbf{ and } b", dict(a=True, b=True), True),
    (r"a \textbf{ or } b", dict(a=False, b=False), False),
    (r"\textbf{not } a", dict(a=False), True),
    (r"\textbf{true}", {}, True),
    (r"\textbf{false}", {}, False),
    (r"\text{true}", {}, True),
    (r"\mathrm{false}", {}, False),
    (r"\TRUE", {}, True),
    (r"\FALSE", {}, False),
    (r"\True", {}, True),
    (r"a \Rightarrow b", dict(a=False, b=False), True),
    (r"a \iff b", dict(a=False, b=False), True),
    (r"\forall x \in S: x > 0", dict(S=S), True),
    (r"\forall x \in S: x > 1", dict(S=S), False),
    (r"\forall x \in S: x > 1", dict(S=FiniteSet()), True),
    (r"\exists x \in S: x > 2", dict(S=S), True),
    (r"\exists x \in S: x > 3", dict(S=S), False),
    (r"\exists x \in S: x > 3", dict(S=FiniteSet()), False),
    (r"\nexists x \in S : x < 0", dict(S=S), True),
    (r"\exists (u, v) \in E : u + 1 = v", dict(E=E), True),
    (r"\forall (u, v) \in E : u < v", dict(E=E), True),
    (r"\forall i \in \{1, \dots, n\} : x_i \ge 1", dict(x=x, n=3), True),
    (r"x_i > 0 \quad \forall i \in \{1, \dots, n\}", dict(x=x, n=3), True),
]


@pytest.mark.parametrize("latex, env, expected", LOGIC, ids=[r[0] for r in LOGIC])
def test_logic(latex, env, expected):
    check(latex, env, expected, bool)


def test_nil_is_none():
    assert evaluate(r"\textsc{nil}") is None
    assert evaluate(r"\pi_v = \mathrm{NIL}", pi_v=None) is True


def test_and_or_and_quantifiers_stop_at_the_deciding_operand():
    # x_4 does not exist: reading it would be an index error
    assert evaluate(r"i \le n \textbf{ and } x_i < t", i=4, n=3, x=x, t=2.0) is False
    assert evaluate(r"i > n \lor x_i < t", i=4, n=3, x=x, t=2.0) is True
    seen = []

    def f(v):
        seen.append(v)
        return v > 1

    assert evaluate(r"\exists v \in S : f(v)", S=S, f=f) is True
    assert seen == [1, 2, 1, 2]  # twice (guarded and not), stopping at the witness 2


def test_short_circuit_in_a_listing():
    body = [
        r"\Require \(x \in \mathbb{R}^{n}\), \(t\)",
        r"\State \(i \gets 1\)",
        r"\While{\(i \le n \textbf{ and } x_i < t\)} \State \(i \gets i + 1\) \EndWhile",
        r"\State \Return \(i\)",
    ]
    assert run_listing(body, x=[1.0, 2.0, 3.0], t=10.0) == 4


# --- exact comparisons, infinity ------------------------------------------------------------------

COMPARISONS = [
    (r"a = b", dict(a=10**30, b=10**30 + 1), False),
    (r"a < b", dict(a=10**30, b=10**30 + 1), True),
    (r"a \le b", dict(a=10**30 + 1, b=10**30), False),
    (r"a \ge b", dict(a=10**30, b=10**30), True),
    (r"x = y", dict(x=1.0, y=1.0 + 1e-12), False),
    (r"x < \infty", dict(x=1e308), True),
    (r"-\infty < x", dict(x=-1e308), True),
    (r"n < \infty", dict(n=10**400), True),
    (r"d = \infty", dict(d=float("inf")), True),
    (r"d \ne \infty", dict(d=3), True),
    (r"s = t", dict(s="a", t="a"), True),
]


@pytest.mark.parametrize("latex, env, expected", COMPARISONS, ids=[f"{r[0]}|{r[1]}" for r in COMPARISONS])
def test_exact_comparisons(latex, env, expected):
    check(latex, env, expected, bool)


# --- cases, lists, matrices, indexing ---------------------------------------------------------------

RELU = r"\begin{cases} x & x > 0 \\ 0 & \text{otherwise} \end{cases}"
SIGN = r"\begin{cases} 1 & x > 0 \\ 0 & x = 0 \\ -1 & x < 0 \end{cases}"


def test_cases():
    assert evaluate(RELU, x=2.5) == 2.5
    assert evaluate(RELU, x=-2) == 0 and type(evaluate(RELU, x=-2)) is int
    assert [evaluate(SIGN, x=v) for v in (-3, 0, 4)] == [-1, 0, 1]
    np.testing.assert_array_equal(evaluate(RELU, x=np.array([-1.0, 2.0])), [0.0, 2.0])  # per entry
    np.testing.assert_array_equal(evaluate(SIGN, x=np.array([-2.0, 0.0, 3.0])), [-1.0, 0.0, 1.0])
    # a branch not taken is not evaluated for a scalar
    assert evaluate(r"\begin{cases} 1 / x & x \ne 0 \\ 0 & \text{otherwise} \end{cases}", x=0) == 0
    assert failure(r"\begin{cases} 1 & x > 0 \end{cases}", x=-1) == ("AV306", r"\begin{cases} 1 & x > 0 \end{cases}")


LITERALS = [
    (r"[1, 2, 3]", {}, np.array([1.0, 2.0, 3.0])),
    (r"[]", {}, np.array([])),
    (r"[a, b, a + b]", dict(a=1, b=2), np.array([1.0, 2.0, 3.0])),
    (r"[1, \dots, n]", dict(n=3), np.array([1.0, 2.0, 3.0])),
    (r"[u, v]", dict(u=np.array([1.0, 2.0]), v=np.array([3.0, 4.0])), np.array([[1.0, 3.0], [2.0, 4.0]])),
    (r"[u, v, u]", dict(u=np.array([1.0, 2.0]), v=np.array([3.0, 4.0])), np.array([[1.0, 3.0, 1.0], [2.0, 4.0, 2.0]])),
    (r"\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix}", {}, np.array([[1.0, 2.0], [3.0, 4.0]])),
    (r"\begin{bmatrix} a & 0 \\ 0 & a \end{bmatrix}", dict(a=2), 2 * np.eye(2)),
    (r"\begin{pmatrix} x \\ y \end{pmatrix}", dict(x=1, y=2), np.array([1.0, 2.0])),
    (
        r"\begin{pmatrix} u \\ v \end{pmatrix}",
        dict(u=np.array([1.0]), v=np.array([2.0, 3.0])),
        np.array([1.0, 2.0, 3.0]),
    ),
    (r"\begin{pmatrix} A & A \end{pmatrix}", dict(A=np.eye(2)), np.hstack([np.eye(2), np.eye(2)])),
]


@pytest.mark.parametrize("latex, env, expected", LITERALS, ids=[r[0] for r in LITERALS])
def test_list_and_matrix_literals(latex, env, expected):
    check(latex, env, expected, np.ndarray)


def test_list_of_pairs_and_determinant():
    assert evaluate(r"[(1, 2), (3, 4)]") == [(1, 2), (3, 4)]
    assert evaluate(r"\begin{vmatrix} 1 & 2 \\ 3 & 4 \end{vmatrix}") == pytest.approx(-2.0)


INDEXING = [
    (r"A[i]", dict(A=x, i=2), 5.0),
    (r"A[i, j]", dict(A=np.array([[1.0, 2.0], [3.0, 4.0]]), i=2, j=1), 3.0),
    (r"A[i][j]", dict(A=np.array([[1.0, 2.0], [3.0, 4.0]]), i=2, j=1), 3.0),
    (r"A[n]", dict(A=x, n=3), 3.0),
]


@pytest.mark.parametrize("latex, env, expected", INDEXING, ids=[r[0] for r in INDEXING])
def test_bracket_indexing_counts_like_subscripts(latex, env, expected):
    check(latex, env, expected, np.float64)


def test_bracket_indexing_slices_and_base_zero():
    M = np.arange(6.0).reshape(2, 3)
    np.testing.assert_array_equal(evaluate(r"M[:, j]", M=M, j=2), M[:, 1])
    ctx = Context(declared={"A", "i"}, rtol=0.0, atol=0.0, guard=False, index_base=0)
    assert compile_expr(parse_math(r"A[i]"), ctx)(dict(A=x, i=0)) == 1.0
    assert failure(r"A[i] + 1", A=x, i=4) == ("AV306", "A[i]")  # range-checked, never wrapped
    assert failure(r"A[i] + 1", A=x, i=0) == ("AV306", "A[i]")


def test_attributes_of_maps_and_records():
    from collections import namedtuple

    Edge = namedtuple("Edge", "u v w")
    assert evaluate(r"u.d", u={"d": 3}) == 3
    assert evaluate(r"e.w", e=Edge(1, 2, 5.0)) == 5.0
    assert failure(r"u.e + 1", u={"d": 3}) == ("AV306", "u.e")
    assert failure(r"e.count", e=Edge(1, 2, 5.0)) == ("AV308", "e.count")  # a method: never called
    assert failure(r"n.size", n=3) == ("AV306", "n.size")


# --- assignments --------------------------------------------------------------------------------------


def test_simultaneous_assignment_is_euclid():
    body = [
        r"\Require \(a, b\)",
        r"\While{\(b \ne 0\)} \State \((a, b) \gets (b, a \bmod b)\) \EndWhile",
        r"\State \Return \(a\)",
    ]
    result = run_listing(body, a=1071, b=462)
    assert result == 21 and type(result) is int


@pytest.mark.parametrize(
    "target, value",
    [
        (r"(x_i, x_j)", r"(x_j, x_i)"),
        (r"x_i, x_j", r"x_j, x_i"),
        (r"(x[i], x[j])", r"(x[j], x[i])"),
    ],
)
def test_swaps(target, value):
    body = [r"\Require \(x, i, j\)", rf"\State \({target} \gets {value}\)", r"\State \Return \(x\)"]
    np.testing.assert_array_equal(run_listing(body, x=[1.0, 2.0, 3.0], i=1, j=3), [3.0, 2.0, 1.0])


def test_targets_are_located_before_any_store():
    body = [r"\Require \(x, i\)", r"\State \((i, x_i) \gets (3, 9)\)", r"\State \Return \(x, i\)"]
    got, i = run_listing(body, x=[1.0, 2.0, 3.0], i=1)
    np.testing.assert_array_equal(got, [9.0, 2.0, 3.0])  # x_1, the x_i as it was when the line ran
    assert i == 3


def test_interval_ends_unpack():
    body = [r"\Require \(a, b, m\)", r"\State \([a, b] \gets [a, m]\)", r"\State \Return \(a, b\)"]
    assert run_listing(body, a=0.0, b=2.0, m=1.0) == (0.0, 1.0)


def test_bracket_stores():
    body = [
        r"\Require \(A \in \mathbb{R}^{n}\), vertex \(s\)",
        r"\State \(A[1] \gets 7\)",
        r"\State \(d[s] \gets 0\)",
        r"\State \(d[(s, s)] \gets 1\)",
        r"\State \Return \(A, d[s], d[(s, s)]\)",
    ]
    A, d_s, d_ss = run_listing(body, A=[1.0, 2.0], s="v")
    np.testing.assert_array_equal(A, [7.0, 2.0])
    assert (d_s, d_ss) == (0, 1)


def test_unpacking_a_set_is_refused_at_the_target():
    body = [r"\Require \(S\)", r"\State \((a, b) \gets S\)", r"\State \Return \(a\)"]
    code, line, text = listing_failure(body, S={1, 2})
    assert (code, line, text) == ("AV306", 3, "(a, b)")  # the target as written, parentheses included


# --- what cannot run: located findings ----------------------------------------------------------------

NOT_RUNNABLE = [
    # (statement body, inputs, code, the text the finding points at)
    (r"\State \(y \gets \{i : 1 \le i \le n\}\)", dict(n=3), "AV308", r"\{i : 1 \le i \le n\}"),
    # i ranges over the indices of what it indexes (\forall i: x_i > 0 runs); here it indexes nothing
    (r"\State \(y \gets \forall i: i > 0\)", dict(n=3), "AV308", r"\forall i: i > 0"),
    (r"\State \(y \gets \exists i \in S\)", dict(n=3, S={1}), "AV308", r"\exists i \in S"),
    (r"\State \(y \gets \top\)", dict(n=3), "AV308", r"\top"),
    (r"\State \(y \gets \bot\)", dict(n=3), "AV308", r"\bot"),
    (r"\State \(y \gets \foo{n}\)", dict(n=3), "AV308", r"\foo{n}"),
    (r"\State \(y \gets \widehat{n + 1}\)", dict(n=3), "AV308", r"\widehat{n + 1}"),
    (r"\State \(y \gets p(n \mid 2)\)", dict(n=3, p=abs), "AV308", r"n \mid 2"),
    (r"\ForAll{\(v \in [0, n]\)} \State \(y \gets v\) \EndFor", dict(n=3), "AV308", "[0, n]"),
    (r"\State \(y \gets \sum_{k \in \mathbb{N}} k\)", dict(n=3), "AV308", r"\mathbb{N}"),
    (r"\State \(y \gets n!\)", dict(n=-3), "AV306", "n!"),
    (r"\State \(y \gets \max_{x \in S} x\)", dict(n=3, S=set()), "AV306", r"\max_{x \in S} x"),
    (r"\State \(y \gets v \in A\)", dict(n=3, v=1.0, A=[1.0, 2.0]), "AV306", "A"),
    (r"\State \(y \gets S \cup A\)", dict(n=3, S={1}, A=[1.0, 2.0]), "AV306", "A"),
    (r"\State \(y \gets \{A\}\)", dict(n=3, A=[1.0, 2.0]), "AV306", r"\{A\}"),
    (r"\State \(y \gets \lfloor n \rfloor\)", dict(n=float("inf")), "AV306", r"\lfloor n \rfloor"),
    (
        r"\State \(y \gets \begin{cases} 1 & n > 5 \end{cases}\)",
        dict(n=3),
        "AV306",
        r"\begin{cases} 1 & n > 5 \end{cases}",
    ),
    (r"\State \(y \gets \{v \in G : v > 0\}\)", dict(n=3, G=np.eye(2)), "AV306", "G"),
    (r"\State \(y \gets \{1, 3, \dots, n\}\)", dict(n=10), "AV306", r"\dots"),
    (r"\State \(y \gets [0, 0, \dots, 0]\)", dict(n=10), "AV306", r"\dots"),
]


@pytest.mark.parametrize("statement, inputs, code, text", NOT_RUNNABLE, ids=[r[0] for r in NOT_RUNNABLE])
def test_what_cannot_run_is_a_located_finding(statement, inputs, code, text):
    names = ", ".join(inputs)
    body = [rf"\Require \({names}\)", statement, r"\State \Return \(n\)"]
    assert listing_failure(body, **inputs) == (code, 3, text)


# --- big operators: inferred ranges, conditions, integers ----------------------------------------


def test_an_inferred_range_follows_the_index_base():
    p = np.array([1.0, 5.0, 3.0])
    for base, argmax in ((1, 2), (0, 1)):
        for guard in (False, True):
            ctx = Context(declared={"p"}, rtol=0.0, atol=0.0, guard=guard, index_base=base)
            assert compile_expr(parse_math(r"\sum_v p_v"), ctx)(dict(p=p)) == 9.0
            assert compile_expr(parse_math(r"\arg\max_v p_v"), ctx)(dict(p=p)) == argmax


def test_integer_sums_and_products_are_exact():
    assert evaluate(r"\prod_{i=1}^{n} i", n=30) == math.factorial(30)  # int64 would wrap
    assert evaluate(r"\sum_{i=1}^{n} i^{10}", n=100) == sum(i**10 for i in range(1, 101))
    assert type(evaluate(r"\sum_{i=1}^{n} i", n=10)) is int
    assert evaluate(r"\sum_{i=1}^{n} [x_i > 2]", n=3, x=x) == 2  # truth values count


def _documented_order(items):
    unique = list(dict.fromkeys(items))
    try:
        return sorted(unique)
    except TypeError:  # numbers beside strings: the order first added
        return unique


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(-1000, 1000) | st.text(max_size=3), max_size=12))
def test_iteration_order_is_sorted_or_first_added(items):
    assert list(FiniteSet(items)) == _documented_order(items)
    assert list(FiniteSet(reversed(items))) == _documented_order(list(reversed(items)))
    assert FiniteSet(items) == set(items)
