"""Exact Gram–Schmidt: the cost of square roots in an exact run (issue 19, item 7).

Run from the repository root::

    python benchmarks/bench_exact.py [--repeats 30] [--sizes 3 4 6] [--seed 0]

One listing, classical Gram–Schmidt with normalised columns (``q_j = v / \\lVert v \\rVert``),
run on seeded integer matrices n×n in three ways, each through ``listing.run``:

* ``float``: the float run;
* ``exact``: ``run(exact=True)``: the norms are square roots of rationals, so Q and R hold
  :class:`~algoverify.math.surds.Surd` values; the script checks that ``Q^T Q = I`` and
  ``Q R = A`` hold exactly before timing anything;
* ``fraction``: the same algorithm without the normalisation (``v_j`` orthogonal, not
  orthonormal), exact: every value stays a ``Fraction``, the path exact runs had before roots.

It also times the arithmetic alone, outside any listing: the same Gram–Schmidt in Python on
Surds, and on sympy expressions expanded after each operation (``sympy.sqrt(Rational)`` values,
the other design), to show what the number type costs. Medians of alternating samples; ratios
are medians of per-sample ratios. No targets: the figures are for the README and the issue.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

import algoverify  # noqa: E402
from algoverify.math.algebraic import sqrt  # noqa: E402

GRAM_SCHMIDT = r"""
\begin{algorithmic}
\Require \(A \in \mathbb{R}^{n \times n}\), \(A = [a_1, \dots, a_n]\)
\For{\(j = 1, \dots, n\)}
  \State \(v \gets a_j\)
  \For{\(i = 1, \dots, j - 1\)}
    \State \(R_{i,j} \gets q_i^{\top} a_j\)
    \State \(v \gets v - R_{i,j} q_i\)
  \EndFor
  \State \(R_{j,j} \gets \lVert v \rVert\)
  \State \(q_j \gets v / R_{j,j}\)
\EndFor
\State \Return \([q_1, \dots, q_n], R\)
\end{algorithmic}
"""

# the same projections onto unnormalised directions: no root, every value a Fraction
ORTHOGONALISE = r"""
\begin{algorithmic}
\Require \(A \in \mathbb{R}^{n \times n}\), \(A = [a_1, \dots, a_n]\)
\For{\(j = 1, \dots, n\)}
  \State \(v \gets a_j\)
  \For{\(i = 1, \dots, j - 1\)}
    \State \(R_{i,j} \gets (u_i^{\top} a_j) / (u_i^{\top} u_i)\)
    \State \(v \gets v - R_{i,j} u_i\)
  \EndFor
  \State \(u_j \gets v\)
\EndFor
\State \Return \([u_1, \dots, u_n], R\)
\end{algorithmic}
"""


def matrix(rng: np.random.Generator, n: int) -> np.ndarray:
    """A seeded integer matrix with entries in -5..5, drawn until it is non-singular."""
    while True:
        a = rng.integers(-5, 6, (n, n)).astype(float)
        if abs(np.linalg.det(a)) > 0.5:
            return a


def gram_schmidt(columns: list[list[Any]], root: Callable[[Any], Any], settle: Callable[[Any], Any]) -> list[list[Any]]:
    """Classical Gram–Schmidt on lists of numbers; ``settle`` brings each result to its canonical form."""
    qs: list[list[Any]] = []
    for a in columns:
        v = list(a)
        for q in qs:
            r = settle(sum((x * y for x, y in zip(q, a)), 0))
            v = [settle(x - r * y) for x, y in zip(v, q)]
        norm = root(settle(sum((x * x for x in v), 0)))
        qs.append([settle(x / norm) for x in v])
    return qs


def timed_ms(fn: Callable[[], Any]) -> float:
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) * 1e3


def alternate(make: Callable[[], Any], fns: dict[str, Callable[[Any], Any]], repeats: int) -> dict[str, list[float]]:
    """Samples of each function, taken in turn on a fresh input per round (``make()``).

    A fresh input per round keeps caches honest: sympy caches the results of its operations,
    and the same matrix timed twice would measure the cache, not the arithmetic. Taking the
    functions in turn lets drift in the machine's speed hit all alike.
    """
    warm = make()
    for fn in fns.values():  # warm-up: compilation, sympy's import
        fn(warm)
    samples: dict[str, list[float]] = {k: [] for k in fns}
    for _ in range(repeats):
        x = make()
        for k, fn in fns.items():
            samples[k].append(timed_ms(lambda fn=fn, x=x: fn(x)))
    return samples


def ratio(a: list[float], b: list[float]) -> float:
    return statistics.median(x / y for x, y in zip(a, b))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=30, help="samples per workload (default 30)")
    parser.add_argument("--sizes", type=int, nargs="+", default=[3, 4, 6])
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    import sympy

    gs, orth = algoverify.compile(GRAM_SCHMIDT), algoverify.compile(ORTHOGONALISE)
    rng = np.random.default_rng(args.seed)
    print(f"algoverify {algoverify.__version__}, sympy {sympy.__version__}, python {sys.version.split()[0]}")
    print("Gram–Schmidt through listing.run, a fresh integer matrix (entries -5..5) per sample:")
    print("medians in ms of alternating samples; ratios are medians of the per-sample ratios")
    print(f"{'n':>2}  {'float':>8}  {'exact':>8}  {'fraction':>9}  {'exact/float':>11}  {'exact/fraction':>14}")
    for n in args.sizes:
        A = matrix(rng, n)
        Q, R = gs.run({"A": A}, exact=True).value
        if not (np.all(Q.T @ Q == np.eye(n)) and np.all(Q @ R == A)):
            print(f"n={n}: the exact run's Q is not exactly orthonormal")
            return 2
        s = alternate(
            lambda n=n: matrix(rng, n),
            {
                "float": lambda a: gs.run({"A": a}),
                "exact": lambda a: gs.run({"A": a}, exact=True),
                "fraction": lambda a: orth.run({"A": a}, exact=True),
            },
            args.repeats,
        )
        med = {k: statistics.median(v) for k, v in s.items()}
        print(
            f"{n:>2}  {med['float']:>8.2f}  {med['exact']:>8.2f}  {med['fraction']:>9.2f}  "
            f"{ratio(s['exact'], s['float']):>10.1f}x  {ratio(s['exact'], s['fraction']):>13.1f}x"
        )

    print("the arithmetic alone (Gram–Schmidt in Python, no listing): Surd vs sympy expressions expanded per operation")
    print(f"{'n':>2}  {'Surd':>8}  {'sympy':>9}  {'sympy/Surd':>10}")
    for n in args.sizes:
        s = alternate(
            lambda n=n: matrix(rng, n),
            {
                "surd": lambda a: gram_schmidt(_columns(a, Fraction), sqrt, _same),
                "sympy": lambda a: gram_schmidt(_columns(a, sympy.Integer), sympy.sqrt, sympy.expand),
            },
            max(args.repeats // 3, 3),
        )
        print(
            f"{n:>2}  {statistics.median(s['surd']):>8.2f}  {statistics.median(s['sympy']):>9.2f}  "
            f"{ratio(s['sympy'], s['surd']):>9.1f}x"
        )
    return 0


def _columns(a: np.ndarray, number: Callable[[int], Any]) -> list[list[Any]]:
    return [[number(int(x)) for x in a[:, j]] for j in range(a.shape[1])]


def _same(x: Any) -> Any:
    return x


if __name__ == "__main__":
    sys.exit(main())
