"""Small textbook listings run with the values textbooks state (issue 9, item 4).

Every listing here is our own text, written the way algorithm textbooks write theirs. The
table runs each through :func:`algoverify.compile` and compares the result, its type included
(an integer answer is a Python ``int``, a set a set). The properties check that listings
written with explicit loops agree with their vectorised NumPy (or Python) counterparts.
"""

from __future__ import annotations

import heapq
import math
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import algoverify
from algoverify.math.ops import FiniteSet


def listing(body: str, index_base: int = 1):
    return algoverify.compile("\\begin{algorithmic}\n" + body.strip() + "\n\\end{algorithmic}", index_base=index_base)


GCD = r"""
\Require integers \(a, b \ge 0\)
\While{\(b \ne 0\)}
  \State \((a, b) \gets (b, a \bmod b)\)
\EndWhile
\State \Return \(a\)
"""

GCD_RECURSIVE = r"""
\Function{Gcd}{\(a, b\)}
  \If{\(b = 0\)}
    \State \Return \(a\)
  \EndIf
  \State \Return \(\Call{Gcd}{b, a \bmod b}\)
\EndFunction
"""

EXTENDED_EUCLID = r"""
\Require integers \(a, b\)
\State \((r, s, t) \gets (a, 1, 0)\)
\State \((r', s', t') \gets (b, 0, 1)\)
\While{\(r' \ne 0\)}
  \State \(q \gets \lfloor r / r' \rfloor\)
  \State \((r, r') \gets (r', r - q r')\)
  \State \((s, s') \gets (s', s - q s')\)
  \State \((t, t') \gets (t', t - q t')\)
\EndWhile
\State \Return \(r, s, t\)
"""

INSERTION_SORT = r"""
\Require \(A \in \mathbb{R}^{n}\)
\For{\(j = 2, \dots, n\)}
  \State \(\mathit{key} \gets A_j\)
  \State \(i \gets j - 1\)
  \While{\(i > 0 \textbf{ and } A_i > \mathit{key}\)}
    \State \(A_{i+1} \gets A_i\)
    \State \(i \gets i - 1\)
  \EndWhile
  \State \(A_{i+1} \gets \mathit{key}\)
\EndFor
\State \Return \(A\)
"""

INSERTION_SORT_BRACKETS = r"""
\Require \(A \in \mathbb{R}^{n}\)
\For{\(j = 2, \dots, n\)}
  \State \(\mathit{key} \gets A[j]\)
  \State \(i \gets j - 1\)
  \While{\(i > 0 \land A[i] > \mathit{key}\)}
    \State \(A[i + 1] \gets A[i]\)
    \State \(i \gets i - 1\)
  \EndWhile
  \State \(A[i + 1] \gets \mathit{key}\)
\EndFor
\State \Return \(A\)
"""

SELECTION_SORT = r"""
\Require \(x \in \mathbb{R}^{n}\)
\For{\(i = 1, \dots, n - 1\)}
  \State \(m \gets i\)
  \For{\(j = i + 1, \dots, n\)}
    \If{\(x_j < x_m\)}
      \State \(m \gets j\)
    \EndIf
  \EndFor
  \State \((x_i, x_m) \gets (x_m, x_i)\)
\EndFor
\State \Return \(x\)
"""

BUBBLE_SORT = r"""
\Require \(A \in \mathbb{R}^{n}\)
\Repeat
  \State \(\mathit{swapped} \gets \textbf{false}\)
  \For{\(i = 1, \dots, n - 1\)}
    \If{\(A[i] > A[i + 1]\)}
      \State \((A[i], A[i + 1]) \gets (A[i + 1], A[i])\)
      \State \(\mathit{swapped} \gets \textbf{true}\)
    \EndIf
  \EndFor
\Until{\(\lnot \mathit{swapped}\)}
\State \Return \(A\)
"""

# coefficients a_0, …, a_m (the listing counts from 0)
HORNER = r"""
\Require coefficients \(a \in \mathbb{R}^{k}\), point \(x\)
\State \(p \gets 0\)
\For{\(i = k - 1, \dots, 0\)}
  \State \(p \gets p x + a_i\)
\EndFor
\State \Return \(p\)
"""

SIEVE = r"""
\Require \(n \ge 2\)
\For{\(i = 2, \dots, n\)}
  \State \(P_i \gets \textbf{true}\)
\EndFor
\For{\(i = 2, \dots, \lfloor \sqrt{n} \rfloor\)}
  \If{\(P_i\)}
    \For{\(j = i^2, i^2 + i, \dots, n\)}
      \State \(P_j \gets \textbf{false}\)
    \EndFor
  \EndIf
\EndFor
\State \Return \(\{i \in \{2, \dots, n\} : P_i\}\)
"""

SIEVE_OF_SETS = r"""
\Require \(n \ge 2\)
\State \(P \gets \{2, \dots, n\}\)
\For{\(i = 2, \dots, \lfloor \sqrt{n} \rfloor\)}
  \If{\(i \in P\)}
    \State \(P \gets P \setminus \{j \in P : j > i \land j \bmod i = 0\}\)
  \EndIf
\EndFor
\State \Return \(P\)
"""

IS_PRIME = r"""
\Require \(n\)
\If{\(n < 2\)}
  \State \Return \(\textbf{false}\)
\EndIf
\State \Return \(\forall d \in \{2, \dots, \lfloor \sqrt{n} \rfloor\} : n \bmod d \ne 0\)
"""

# breadth-first search by frontiers; G maps a vertex to the set of its neighbours
BFS = r"""
\Require graph \(G\), source \(s\)
\State \(d[s] \gets 0\)
\State \(F \gets \{s\}\)
\State \(V \gets \{s\}\)
\State \(k \gets 0\)
\While{\(F \ne \emptyset\)}
  \State \(N \gets \emptyset\)
  \ForAll{\(u \in F\)}
    \ForAll{\(v \in G[u]\)}
      \If{\(v \notin V\)}
        \State \(V \gets V \cup \{v\}\)
        \State \(N \gets N \cup \{v\}\)
        \State \(d[v] \gets k + 1\)
      \EndIf
    \EndFor
  \EndFor
  \State \((F, k) \gets (N, k + 1)\)
\EndWhile
\State \Return \(d\)
"""

REACHABLE = r"""
\Require graph \(G\), source \(s\)
\State \(R \gets \{s\}\)
\Repeat
  \State \(R' \gets R \cup \bigcup_{u \in R} G[u]\)
  \State \((R, \mathit{grew}) \gets (R', \lvert R' \rvert > \lvert R \rvert)\)
\Until{\(\lnot \mathit{grew}\)}
\State \Return \(R\)
"""

DIJKSTRA = r"""
\Require vertices \(V\), edges \(E\), weights \(w\), source \(s\)
\ForAll{\(v \in V\)}
  \State \(d[v] \gets \infty\)
\EndFor
\State \(d[s] \gets 0\)
\State \(Q \gets V\)
\While{\(Q \ne \emptyset\)}
  \State \(u \gets \arg\min_{v \in Q} d[v]\)
  \State \(Q \gets Q \setminus \{u\}\)
  \ForAll{\((p, q) \in E\)}
    \If{\(p = u \land d[u] + w(p, q) < d[q]\)}
      \State \(d[q] \gets d[u] + w(p, q)\)
    \EndIf
  \EndFor
\EndWhile
\State \Return \(d\)
"""

MERGE = r"""
\Require sorted \(A \in \mathbb{R}^{m}\), sorted \(B \in \mathbb{R}^{n}\)
\State \(i \gets 1\)
\State \(j \gets 1\)
\For{\(k = 1, \dots, m + n\)}
  \If{\(j > n \lor (i \le m \land A_i \le B_j)\)}
    \State \(C_k \gets A_i\)
    \State \(i \gets i + 1\)
  \Else
    \State \(C_k \gets B_j\)
    \State \(j \gets j + 1\)
  \EndIf
\EndFor
\State \Return \(C\)
"""

PREFIX_SUMS = r"""
\Require \(x \in \mathbb{R}^{n}\)
\State \(S_1 \gets x_1\)
\For{\(i = 2, \dots, n\)}
  \State \(S_i \gets S_{i-1} + x_i\)
\EndFor
\State \Return \(S\)
"""

MATVEC = r"""
\Require \(A \in \mathbb{R}^{m \times n}\), \(x \in \mathbb{R}^{n}\)
\For{\(i = 1, \dots, m\)}
  \State \(s \gets 0\)
  \For{\(j = 1, \dots, n\)}
    \State \(s \gets s + A_{ij} x_j\)
  \EndFor
  \State \(y_i \gets s\)
\EndFor
\State \Return \(y\)
"""

MATMUL = r"""
\Require \(A \in \mathbb{R}^{m \times p}\), \(B \in \mathbb{R}^{p \times n}\)
\State \(C \gets \operatorname{zeros}(m, n)\)
\For{\(i = 1, \dots, m\)}
  \For{\(j = 1, \dots, n\)}
    \State \(C_{ij} \gets \sum_{k=1}^{p} A_{ik} B_{kj}\)
  \EndFor
\EndFor
\State \Return \(C\)
"""

BISECTION = r"""
\Require function \(f\), \(a < b\) with \(f(a) f(b) \le 0\), tolerance \(\tau\)
\While{\(b - a > \tau\)}
  \State \(m \gets (a + b) / 2\)
  \If{\(f(a) \cdot f(m) \le 0\)}
    \State \([a, b] \gets [a, m]\)
  \Else
    \State \([a, b] \gets [m, b]\)
  \EndIf
\EndWhile
\State \Return \((a + b) / 2\)
"""

CHOLESKY = r"""
\Require symmetric positive definite \(A \in \mathbb{R}^{n \times n}\)
\State \(L \gets \operatorname{zeros}(n, n)\)
\For{\(j = 1, \dots, n\)}
  \State \(L_{jj} \gets \sqrt{A_{jj} - \sum_{k=1}^{j-1} L_{jk}^2}\)
  \For{\(i = j + 1, \dots, n\)}
    \State \(L_{ij} \gets (A_{ij} - \sum_{k=1}^{j-1} L_{ik} L_{jk}) / L_{jj}\)
  \EndFor
\EndFor
\State \Return \(L\)
"""

JACOBI = r"""
\Require \(A \in \mathbb{R}^{n \times n}\), \(b \in \mathbb{R}^{n}\), start \(x \in \mathbb{R}^{n}\), sweeps \(K\)
\For{\(k = 1, \dots, K\)}
  \State \(y \gets x\)
  \For{\(i = 1, \dots, n\)}
    \State \(y_i \gets (b_i - \sum_{j \ne i} A_{ij} x_j) / A_{ii}\)
  \EndFor
  \State \(x \gets y\)
\EndFor
\State \Return \(x\)
"""

BINARY_SEARCH = r"""
\Require sorted \(a \in \mathbb{R}^{n}\), value \(t\)
\State \(\mathit{lo} \gets 1\)
\State \(\mathit{hi} \gets n\)
\While{\(\mathit{lo} \le \mathit{hi}\)}
  \State \(\mathit{mid} \gets \lfloor (\mathit{lo} + \mathit{hi}) / 2 \rfloor\)
  \If{\(a_{\mathit{mid}} = t\)}
    \State \Return \(\mathit{mid}\)
  \ElsIf{\(a_{\mathit{mid}} < t\)}
    \State \(\mathit{lo} \gets \mathit{mid} + 1\)
  \Else
    \State \(\mathit{hi} \gets \mathit{mid} - 1\)
  \EndIf
\EndWhile
\State \Return \(0\)
"""

FACTORIAL_LOOP = r"""
\Require \(n\)
\State \(f \gets 1\)
\For{\(i = 2, \dots, n\)}
  \State \(f \gets f \cdot i\)
\EndFor
\State \Return \(f\)
"""

FACTORIAL_AND_BINOMIAL = r"""
\Require \(n, k\)
\State \Return \(n!, \binom{n}{k}, \prod_{i=1}^{n} i\)
"""

PASCAL = r"""
\Require \(n\)
\For{\(i = 0, \dots, n\)}
  \State \(C_{i,0} \gets 1\)
  \State \(C_{i,i} \gets 1\)
  \For{\(j = 1, \dots, i - 1\)}
    \State \(C_{i,j} \gets C_{i-1,j-1} + C_{i-1,j}\)
  \EndFor
\EndFor
\State \Return \(C_{n, \lfloor n/2 \rfloor}\)
"""

FAST_POWER = r"""
\Require base \(a\), exponent \(n \ge 0\)
\State \(r \gets 1\)
\While{\(n > 0\)}
  \If{\(n \bmod 2 = 1\)}
    \State \(r \gets r \cdot a\)
  \EndIf
  \State \(a \gets a \cdot a\)
  \State \(n \gets \lfloor n / 2 \rfloor\)
\EndWhile
\State \Return \(r\)
"""

MODULAR_POWER = r"""
\Require \(a\), \(e \ge 0\), modulus \(m\)
\State \(r \gets 1\)
\State \(a \gets a \bmod m\)
\While{\(e > 0\)}
  \If{\(e \bmod 2 = 1\)}
    \State \(r \gets r a \bmod m\)
  \EndIf
  \State \((a, e) \gets (a^2 \bmod m, \lfloor e / 2 \rfloor)\)
\EndWhile
\State \Return \(r\)
"""

COUNTING_SORT = r"""
\Require keys \(A \in \mathbb{R}^{n}\), the largest key \(k\)
\For{\(v = 0, \dots, k\)}
  \State \(C_v \gets 0\)
\EndFor
\For{\(j = 1, \dots, n\)}
  \State \(C_{A_j} \gets C_{A_j} + 1\)
\EndFor
\For{\(v = 1, \dots, k\)}
  \State \(C_v \gets C_v + C_{v-1}\)
\EndFor
\For{\(j = n, \dots, 1\)}
  \State \(B_{C_{A_j}} \gets A_j\)
  \State \(C_{A_j} \gets C_{A_j} - 1\)
\EndFor
\State \Return \(B\)
"""

FIBONACCI = r"""
\Require \(n\)
\State \((a, b) \gets (0, 1)\)
\For{\(i = 1, \dots, n\)}
  \State \((a, b) \gets (b, a + b)\)
\EndFor
\State \Return \(a\)
"""

MAX_SUBARRAY = r"""
\Require \(x \in \mathbb{R}^{n}\)
\State \(\mathit{best} \gets -\infty\)
\State \(\mathit{cur} \gets 0\)
\For{\(i = 1, \dots, n\)}
  \State \(\mathit{cur} \gets \max(x_i, \mathit{cur} + x_i)\)
  \State \(\mathit{best} \gets \max(\mathit{best}, \mathit{cur})\)
\EndFor
\State \Return \(\mathit{best}\)
"""

COLLATZ = r"""
\Require \(n \ge 1\)
\State \(k \gets 0\)
\While{\(n \ne 1\)}
  \If{\(n \bmod 2 = 0\)}
    \State \(n \gets \lfloor n / 2 \rfloor\)
  \Else
    \State \(n \gets 3 n + 1\)
  \EndIf
  \State \(k \gets k + 1\)
\EndWhile
\State \Return \(k\)
"""

TRANSITIVE_PAIRS = r"""
\Require vertices \(V\), edges \(E\)
\State \Return \(\{(u, v) \in E : \exists x \in V : (u, x) \in E \land (x, v) \in E\}\)
"""

LINEAR_SEARCH = r"""
\Require \(x \in \mathbb{R}^{n}\), value \(t\)
\State \(i \gets 1\)
\While{\(i \le n \textbf{ and } x_i \ne t\)}
  \State \(i \gets i + 1\)
\EndWhile
\If{\(i > n\)}
  \State \Return \(\textsc{nil}\)
\EndIf
\State \Return \(i\)
"""

RELU = r"""
\Require \(x \in \mathbb{R}^{n}\)
\State \Return \(\begin{cases} x & x > 0 \\ 0 & \text{otherwise} \end{cases}\)
"""

GRAPH = {1: {2, 3}, 2: {4}, 3: {4}, 4: {5}, 5: set(), 6: {1}}
V4 = {1, 2, 3, 4}
E5 = {(1, 2), (1, 3), (2, 3), (3, 4), (2, 4)}
W5 = {(1, 2): 1, (1, 3): 4, (2, 3): 2, (3, 4): 1, (2, 4): 5}

# (name, listing, inputs, expected, options); an int or a set is compared with its type
TEXTBOOK = [
    ("euclid gcd", GCD, dict(a=1071, b=462), 21, {}),
    ("euclid gcd, b = 0", GCD, dict(a=12, b=0), 12, {}),
    ("euclid gcd, recursive", GCD_RECURSIVE, dict(a=1071, b=462), 21, {}),
    ("extended euclid", EXTENDED_EUCLID, dict(a=240, b=46), (2, -9, 47), {}),
    ("insertion sort", INSERTION_SORT, dict(A=[5, 2, 4, 6, 1, 3]), np.array([1.0, 2, 3, 4, 5, 6]), {}),
    (
        "insertion sort, A[i]",
        INSERTION_SORT_BRACKETS,
        dict(A=[31, 41, 59, 26, 41, 58]),
        np.array([26.0, 31, 41, 41, 58, 59]),
        {},
    ),
    ("selection sort (swaps)", SELECTION_SORT, dict(x=[3, 1, 2, 5, 4]), np.array([1.0, 2, 3, 4, 5]), {}),
    ("bubble sort (swaps)", BUBBLE_SORT, dict(A=[3, 1, 2, 5, 4]), np.array([1.0, 2, 3, 4, 5]), {}),
    ("horner", HORNER, dict(a=[1, -3, 0, 2], x=3), 46.0, dict(index_base=0)),  # 2x³ − 3x + 1 at 3
    ("sieve of eratosthenes", SIEVE, dict(n=30), FiniteSet([2, 3, 5, 7, 11, 13, 17, 19, 23, 29]), {}),
    ("sieve of sets", SIEVE_OF_SETS, dict(n=30), FiniteSet([2, 3, 5, 7, 11, 13, 17, 19, 23, 29]), {}),
    ("primality, 97", IS_PRIME, dict(n=97), True, {}),
    ("primality, 91", IS_PRIME, dict(n=91), False, {}),
    ("bfs distances", BFS, dict(G=GRAPH, s=1), np.array([0.0, 1, 1, 2, 3]), {}),
    ("reachability", REACHABLE, dict(G={"a": {"b"}, "b": {"c"}, "c": set(), "d": {"a"}}, s="a"), FiniteSet("abc"), {}),
    ("dijkstra", DIJKSTRA, dict(V=V4, E=E5, w=W5, s=1), np.array([0.0, 1, 3, 4]), {}),
    ("merge", MERGE, dict(A=[1, 4, 9], B=[2, 3, 10, 11]), np.array([1.0, 2, 3, 4, 9, 10, 11]), {}),
    ("merge, one empty", MERGE, dict(A=np.array([]), B=[2, 3]), np.array([2.0, 3.0]), {}),
    ("prefix sums", PREFIX_SUMS, dict(x=[3, 1, 4, 1, 5]), np.array([3.0, 4, 8, 9, 14]), {}),
    ("matrix-vector product", MATVEC, dict(A=[[1, 2], [3, 4], [5, 6]], x=[1, -1]), np.array([-1.0, -1, -1]), {}),
    ("matrix product", MATMUL, dict(A=[[1, 2], [3, 4]], B=[[5, 6], [7, 8]]), np.array([[19.0, 22], [43, 50]]), {}),
    ("bisection for sqrt 2", BISECTION, dict(f=lambda v: v * v - 2, a=0.0, b=2.0, tau=1e-12), math.sqrt(2), {}),
    (
        "cholesky",
        CHOLESKY,
        dict(A=[[4, 12, -16], [12, 37, -43], [-16, -43, 98]]),
        np.array([[2.0, 0, 0], [6, 1, 0], [-8, 5, 3]]),
        {},
    ),
    ("jacobi", JACOBI, dict(A=[[4, 1], [2, 5]], b=[1, 2], x=[0, 0], K=60), np.array([1 / 6, 1 / 3]), {}),
    ("binary search, found", BINARY_SEARCH, dict(a=[1, 3, 5, 7, 9, 11], t=7), 4, {}),
    ("binary search, absent", BINARY_SEARCH, dict(a=[1, 3, 5, 7, 9, 11], t=8), 0, {}),
    ("factorial by a loop", FACTORIAL_LOOP, dict(n=25), math.factorial(25), {}),
    (
        "factorial and binomial",
        FACTORIAL_AND_BINOMIAL,
        dict(n=30, k=15),
        (math.factorial(30), 155117520, math.factorial(30)),
        {},
    ),
    ("pascal's triangle", PASCAL, dict(n=20), 184756, {}),
    ("fast exponentiation", FAST_POWER, dict(a=3, n=200), 3**200, {}),
    ("modular exponentiation", MODULAR_POWER, dict(a=4, e=13, m=497), 445, {}),
    ("counting sort", COUNTING_SORT, dict(A=[2, 5, 3, 0, 2, 3, 0, 3], k=5), np.array([0.0, 0, 2, 2, 3, 3, 3, 5]), {}),
    ("fibonacci", FIBONACCI, dict(n=100), 354224848179261915075, {}),
    ("maximum subarray", MAX_SUBARRAY, dict(x=[-2, 1, -3, 4, -1, 2, 1, -5, 4]), 6.0, {}),
    ("collatz steps", COLLATZ, dict(n=27), 111, {}),
    ("transitive pairs", TRANSITIVE_PAIRS, dict(V=V4, E={(1, 2), (2, 3), (1, 3), (3, 4)}), FiniteSet([(1, 3)]), {}),
    ("linear search, found", LINEAR_SEARCH, dict(x=[4, 8, 15, 16], t=15), 3, {}),
    ("linear search, absent", LINEAR_SEARCH, dict(x=[4, 8, 15, 16], t=23), None, {}),
    ("relu by cases", RELU, dict(x=[-1.0, 0.0, 2.5]), np.array([0.0, 0.0, 2.5]), {}),
]


def assert_same(got, expected):
    if isinstance(expected, tuple):
        assert isinstance(got, tuple) and len(got) == len(expected), got
        for g, e in zip(got, expected):
            assert_same(g, e)
    elif isinstance(expected, np.ndarray):
        assert isinstance(got, np.ndarray), got
        np.testing.assert_allclose(got, expected, rtol=1e-12, atol=1e-12)
    elif isinstance(expected, bool) or expected is None:
        assert got is expected, got
    elif isinstance(expected, int):
        assert type(got) is int and got == expected, (got, type(got))
    elif isinstance(expected, float):
        assert isinstance(got, float) and got == pytest.approx(expected, rel=1e-10, abs=1e-10), got
    else:
        assert type(got) is type(expected) and got == expected, (got, type(got))


@pytest.mark.parametrize("name, body, inputs, expected, options", TEXTBOOK, ids=[row[0] for row in TEXTBOOK])
def test_textbook_listing(name, body, inputs, expected, options):
    assert_same(listing(body, **options)(**inputs), expected)


def test_set_outputs_are_ordered_sets():
    primes = listing(SIEVE)(n=20)
    assert type(primes) is FiniteSet and list(primes) == [2, 3, 5, 7, 11, 13, 17, 19]


# --- explicit loops agree with their vectorised counterparts -------------------------------------------

_LISTINGS: dict[str, object] = {}


def compiled(body: str, index_base: int = 1):
    key = f"{index_base}:{body}"
    if key not in _LISTINGS:
        _LISTINGS[key] = listing(body, index_base=index_base)
    return _LISTINGS[key]


finite = st.floats(-1e3, 1e3, allow_nan=False, allow_infinity=False)
small_ints = st.integers(-50, 50)
PROPERTY = settings(max_examples=30, deadline=None)


@st.composite
def matrix_and_vector(draw):
    m, n = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    A = draw(hnp.arrays(float, (m, n), elements=finite))
    x = draw(hnp.arrays(float, (n,), elements=finite))
    return A, x


@PROPERTY
@given(matrix_and_vector())
def test_explicit_matrix_vector_product_is_A_at_x(args):
    A, x = args
    np.testing.assert_allclose(compiled(MATVEC)(A=A, x=x), A @ x, rtol=1e-9, atol=1e-6)


@pytest.mark.slow
@PROPERTY
@given(st.integers(1, 4), st.integers(1, 4), st.integers(1, 4), st.data())
def test_explicit_matrix_product_is_A_at_B(m, p, n, data):
    A = data.draw(hnp.arrays(float, (m, p), elements=finite))
    B = data.draw(hnp.arrays(float, (p, n), elements=finite))
    np.testing.assert_allclose(compiled(MATMUL)(A=A, B=B), A @ B, rtol=1e-9, atol=1e-6)


@PROPERTY
@given(hnp.arrays(float, st.integers(1, 12), elements=finite))
def test_prefix_sums_are_cumsum(x):
    np.testing.assert_allclose(compiled(PREFIX_SUMS)(x=x), np.cumsum(x), rtol=1e-12, atol=1e-9)


@pytest.mark.slow
@PROPERTY
@given(st.lists(small_ints, min_size=1, max_size=12))
@pytest.mark.parametrize("body", [INSERTION_SORT, INSERTION_SORT_BRACKETS, BUBBLE_SORT], ids=["A_i", "A[i]", "bubble"])
def test_sorts_agree_with_np_sort(body, values):
    np.testing.assert_array_equal(compiled(body)(A=values), np.sort(values))


@PROPERTY
@given(st.lists(small_ints, min_size=1, max_size=12))
def test_selection_sort_agrees_with_np_sort(values):
    np.testing.assert_array_equal(compiled(SELECTION_SORT)(x=values), np.sort(values))


@PROPERTY
@given(st.lists(st.integers(0, 9), min_size=1, max_size=15))
def test_counting_sort_agrees_with_sorted(values):
    np.testing.assert_array_equal(compiled(COUNTING_SORT)(A=values, k=9), sorted(values))


@PROPERTY
@given(st.lists(small_ints, max_size=8), st.lists(small_ints, max_size=8))
def test_merge_agrees_with_sorting_the_concatenation(a, b):
    A, B = np.array(sorted(a), dtype=float), np.array(sorted(b), dtype=float)
    # C is built by stores only: merging two empty lists is the empty list, as a reader sees it
    np.testing.assert_array_equal(compiled(MERGE)(A=A, B=B), sorted(a + b))


@PROPERTY
@given(st.integers(0, 10**30), st.integers(0, 10**30))
def test_gcd_is_math_gcd(a, b):
    got = compiled(GCD)(a=a, b=b)
    assert type(got) is int and got == math.gcd(a, b)
    if a or b:
        assert compiled(GCD_RECURSIVE)(a=a, b=b) == math.gcd(a, b)


@PROPERTY
@given(st.integers(-(10**12), 10**12), st.integers(-(10**12), 10**12))
def test_extended_euclid_gives_bezout_coefficients(a, b):
    r, s, t = compiled(EXTENDED_EUCLID)(a=a, b=b)
    assert all(type(v) is int for v in (r, s, t))
    assert s * a + t * b == r and abs(r) == math.gcd(a, b)


@PROPERTY
@given(st.integers(-20, 20), st.integers(0, 300))
def test_fast_exponentiation_is_pow(a, n):
    assert compiled(FAST_POWER)(a=a, n=n) == a**n


@PROPERTY
@given(st.integers(0, 10**9), st.integers(0, 10**6), st.integers(2, 10**6))
def test_modular_exponentiation_is_three_argument_pow(a, e, m):
    assert compiled(MODULAR_POWER)(a=a, e=e, m=m) == pow(a, e, m)


@pytest.mark.slow
@PROPERTY
@given(st.integers(0, 60), st.data())
def test_binomials(n, data):
    k = data.draw(st.integers(0, n))
    assert compiled(FACTORIAL_AND_BINOMIAL)(n=n, k=k) == (math.factorial(n), math.comb(n, k), math.factorial(n))
    assert compiled(PASCAL)(n=n) == math.comb(n, n // 2)


@cache
def primes_upto(n):
    return {p for p in range(2, n + 1) if all(p % d for d in range(2, math.isqrt(p) + 1))}


@pytest.mark.slow
@PROPERTY
@given(st.integers(2, 200))
def test_sieves_agree_with_trial_division(n):
    assert compiled(SIEVE)(n=n) == primes_upto(n)
    assert compiled(SIEVE_OF_SETS)(n=n) == primes_upto(n)
    assert compiled(IS_PRIME)(n=n) is (n in primes_upto(n))


@PROPERTY
@given(st.lists(st.integers(-100, 100), min_size=1, max_size=8, unique=True), st.integers(-100, 100))
def test_binary_search_finds_the_index(values, t):
    a = sorted(values)
    got = compiled(BINARY_SEARCH)(a=a, t=t)
    assert type(got) is int
    assert got == (a.index(t) + 1 if t in a else 0)


@PROPERTY
@given(hnp.arrays(float, st.integers(1, 6), elements=st.floats(-10, 10)), st.floats(-3, 3))
def test_horner_is_polyval(a, x):
    assert compiled(HORNER, index_base=0)(a=a, x=x) == pytest.approx(np.polyval(a[::-1], x), rel=1e-9, abs=1e-9)


@st.composite
def spd(draw):
    n = draw(st.integers(1, 5))
    M = draw(hnp.arrays(float, (n, n), elements=st.floats(-3, 3)))
    return M @ M.T + n * np.eye(n)


@pytest.mark.slow
@PROPERTY
@given(spd())
def test_explicit_cholesky_is_np_linalg_cholesky(A):
    np.testing.assert_allclose(compiled(CHOLESKY)(A=A), np.linalg.cholesky(A), rtol=1e-9, atol=1e-9)


@st.composite
def diagonally_dominant(draw):
    n = draw(st.integers(1, 5))
    M = draw(hnp.arrays(float, (n, n), elements=st.floats(-1, 1)))
    A = M + np.diag(np.abs(M).sum(axis=1) + 1.0)
    b = draw(hnp.arrays(float, (n,), elements=st.floats(-5, 5)))
    return A, b


@pytest.mark.slow
@PROPERTY
@given(diagonally_dominant())
def test_jacobi_converges_to_solve(args):
    A, b = args
    x = compiled(JACOBI)(A=A, b=b, x=np.zeros(len(b)), K=200)
    np.testing.assert_allclose(x, np.linalg.solve(A, b), rtol=1e-8, atol=1e-8)


@st.composite
def graphs(draw):
    n = draw(st.integers(1, 7))
    vertices = list(range(1, n + 1))
    return {v: set(draw(st.lists(st.sampled_from(vertices), max_size=3))) for v in vertices}


def bfs_distances(G, s):
    d, frontier = {s: 0}, [s]
    while frontier:
        nxt = []
        for u in frontier:
            for v in G[u]:
                if v not in d:
                    d[v] = d[u] + 1
                    nxt.append(v)
        frontier = nxt
    return d


@PROPERTY
@given(graphs())
def test_bfs_and_reachability_agree_with_python(G):
    expected = bfs_distances(G, 1)
    got = compiled(BFS)(G=G, s=1)
    got = dict(enumerate(got.tolist(), start=1)) if isinstance(got, np.ndarray) else dict(got)
    if set(expected) == set(range(1, len(expected) + 1)):
        assert got == expected
    else:  # reached vertices are not 1..k: the distances stay a map
        assert {k: v for k, v in got.items()} == expected
    assert compiled(REACHABLE)(G=G, s=1) == set(expected)


@st.composite
def weighted_graphs(draw):
    n = draw(st.integers(1, 6))
    vertices = set(range(1, n + 1))
    pairs = draw(st.sets(st.tuples(st.sampled_from(sorted(vertices)), st.sampled_from(sorted(vertices))), max_size=10))
    weights = {e: draw(st.integers(0, 9)) for e in pairs}
    return vertices, pairs, weights


def dijkstra(V, E, w, s):
    d = {v: math.inf for v in V}
    d[s] = 0
    heap = [(0, s)]
    while heap:
        du, u = heapq.heappop(heap)
        if du > d[u]:
            continue
        for p, q in E:
            if p == u and du + w[(p, q)] < d[q]:
                d[q] = du + w[(p, q)]
                heapq.heappush(heap, (d[q], q))
    return d


@PROPERTY
@given(weighted_graphs())
def test_dijkstra_agrees_with_a_heap(args):
    V, E, w = args
    got = compiled(DIJKSTRA)(V=V, E=E, w=w, s=1)
    expected = dijkstra(V, E, w, 1)
    np.testing.assert_array_equal(got, [expected[v] for v in sorted(V)])


@PROPERTY
@given(hnp.arrays(float, st.integers(1, 10), elements=finite))
def test_relu_by_cases_is_np_maximum(x):
    np.testing.assert_array_equal(compiled(RELU)(x=x), np.maximum(x, 0.0))


@PROPERTY
@given(st.lists(finite, min_size=1, max_size=10))
def test_maximum_subarray_agrees_with_brute_force(x):
    best = max(sum(x[i:j]) for i in range(len(x)) for j in range(i + 1, len(x) + 1))
    assert compiled(MAX_SUBARRAY)(x=x) == pytest.approx(best, rel=1e-9, abs=1e-6)
