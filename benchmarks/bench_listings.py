"""Compiled listing vs hand-written NumPy: median time per call and the ratio (issue 3, item 8).

Run from the repository root::

    python benchmarks/bench_listings.py [--repeats 200] [--seed 0]

Two workloads, each timed through the public call path (``listing(**inputs)``, which
includes copying the inputs, the trace and the budget checks) and through a NumPy
function written by hand that does the same arithmetic:

* power iteration (``corpus/power-iteration.md``) on an SPD matrix with n = 256. The
  hand-written loop uses the listing's stopping test with the same tolerance, so both run
  the same number of iterations; the script checks that the counts (the listing's
  ``trace.steps``) agree and that the eigenvalues are equal before timing anything.
* layer normalisation (``corpus/layer-normalisation.md``) with d = 4096.

Targets (issue 23): power iteration ≤ 1.1×, layer norm ≤ 1.25×. The listing's ``\\Require
symmetric matrix A`` is tested on every call (one comparison of A with its transpose), which the
plain NumPy function does not do: a third row times a NumPy function that tests it too, the
like-for-like figure (no target). The script also prints
the parse+compile time of each note, once with cold parsers (the first load in the process
builds the lark parsers) and once warm. It exits 1 when a ratio misses its target.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

import algoverify  # noqa: E402
from algoverify.running.generators import generate  # noqa: E402

POWER_TARGET = 1.1
LAYERNORM_TARGET = 1.25


def power_iteration_numpy(A: np.ndarray, v: np.ndarray, tau: float) -> tuple[float, np.ndarray, int]:
    """The listing's algorithm in NumPy: same updates, same stopping test."""
    v = v / np.linalg.norm(v)
    w = A @ v
    lam = float(np.linalg.norm(w))
    steps = 0
    while float(np.linalg.norm(w - lam * v)) > tau * lam:
        steps += 1
        v = w / lam
        w = A @ v
        lam = float(np.linalg.norm(w))
    return lam, v, steps


def power_iteration_numpy_checked(A: np.ndarray, v: np.ndarray, tau: float) -> tuple[float, np.ndarray, int]:
    """:func:`power_iteration_numpy` after the test the listing's ``\\Require`` makes on entry: A is symmetric."""
    if not (A == A.T).all():
        raise ValueError("A is not symmetric")
    return power_iteration_numpy(A, v, tau)


def layer_norm_numpy(x: np.ndarray, gamma: np.ndarray, beta: np.ndarray, epsilon: float) -> np.ndarray:
    """Layer normalisation of one vector: the listing's operations, by hand, with the fastest primitives.

    ``x.sum() / d`` rather than ``x.mean()`` (a third faster at d = 4096); ``x - mu`` computed
    twice, as the listing writes it (see :func:`layer_norm_numpy_cse` for the hand-optimised one).
    """
    d = x.shape[0]
    mu = x.sum() / d
    var = ((x - mu) ** 2).sum() / d
    return gamma * ((x - mu) / np.sqrt(var + epsilon)) + beta


def layer_norm_numpy_cse(x: np.ndarray, gamma: np.ndarray, beta: np.ndarray, epsilon: float) -> np.ndarray:
    """The same, with ``x - mu`` computed once: what a hand-optimiser writes."""
    d = x.shape[0]
    mu = x.sum() / d
    centred = x - mu
    var = (centred * centred).sum() / d
    return gamma * (centred / np.sqrt(var + epsilon)) + beta


def median_us(fn: Callable[[], Any], repeats: int, inner: int) -> float:
    """Median over ``repeats`` samples of the mean time of ``inner`` calls, in µs."""
    samples = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        for _ in range(inner):
            fn()
        samples.append((time.perf_counter() - t0) / inner)
    return statistics.median(samples) * 1e6


def paired(
    listing_fn: Callable[[], Any], numpy_fn: Callable[[], Any], repeats: int, inner: int
) -> tuple[float, float, float]:
    """Time both alternately, sample by sample, so drift in the machine's speed hits both alike.

    Returns the median µs of each and the median of the per-pair ratios (each listing sample
    divided by the NumPy sample taken right after it), the figure least moved by noise.
    """
    for _ in range(3):  # warm-up: caches, first-call allocations
        listing_fn()
        numpy_fn()
    lst, ref, ratios = [], [], []
    for _ in range(max(repeats, 5)):
        a = median_us(listing_fn, 1, inner)
        b = median_us(numpy_fn, 1, inner)
        lst.append(a)
        ref.append(b)
        ratios.append(a / b)
    return statistics.median(lst), statistics.median(ref), statistics.median(ratios)


def load_timed(path: Path, key: int | str) -> tuple[Any, float]:
    """Load a note and compile one listing; return it and the seconds this took."""
    t0 = time.perf_counter()
    listing = algoverify.load(path).listing(key)
    listing.program  # noqa: B018 - compiling is the point
    return listing, time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=200, help="timing samples per workload (default 200)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--n", type=int, default=256, help="power iteration matrix size")
    parser.add_argument("--d", type=int, default=4096, help="layer norm width")
    parser.add_argument("--tau", type=float, default=1e-6, help="power iteration tolerance")
    args = parser.parse_args(argv)

    # parse + compile: the first load builds the lark parsers (cold); the rest reuse them
    pi, pi_cold = load_timed(ROOT / "corpus/power-iteration.md", 1)
    ln, ln_cold = load_timed(ROOT / "corpus/layer-normalisation.md", "LayerNorm")
    _, pi_warm = load_timed(ROOT / "corpus/power-iteration.md", 1)
    _, ln_warm = load_timed(ROOT / "corpus/layer-normalisation.md", "LayerNorm")

    rng = np.random.default_rng(args.seed)

    # power iteration: an SPD matrix with a clear gap between its two largest eigenvalues,
    # so the iteration count is moderate and the same for both implementations
    n = args.n
    q, _ = np.linalg.qr(rng.standard_normal((n, n)))
    eig = np.concatenate([[10.0], rng.uniform(0.1, 8.0, n - 1)])
    A = (q * eig) @ q.T
    A = (A + A.T) / 2
    v0 = rng.standard_normal(n)
    lam_ref, _, steps_ref = power_iteration_numpy(A, v0, args.tau)
    lam, _ = pi(A=A, v=v0, tau=args.tau)
    steps = pi.last_trace.steps
    if steps != steps_ref or not np.isclose(lam, lam_ref, rtol=1e-12):
        print(f"power iteration: listing and NumPy disagree (steps {steps} vs {steps_ref}, λ {lam} vs {lam_ref})")
        return 2
    pi_us, np_us, pi_ratio = paired(
        lambda: pi(A=A, v=v0, tau=args.tau), lambda: power_iteration_numpy(A, v0, args.tau), args.repeats // 4, 1
    )

    _, npc_us, pic_ratio = paired(
        lambda: pi(A=A, v=v0, tau=args.tau),
        lambda: power_iteration_numpy_checked(A, v0, args.tau),
        args.repeats // 4,
        1,
    )

    # layer norm
    d = args.d
    x = generate("randn", rng, d)
    gamma, beta = generate("randn", rng, d), generate("randn", rng, d)
    if not np.allclose(ln(x=x, gamma=gamma, beta=beta, epsilon=1e-5), layer_norm_numpy(x, gamma, beta, 1e-5)):
        print("layer norm: listing and NumPy disagree")
        return 2
    ln_us, lnp_us, ln_ratio = paired(
        lambda: ln(x=x, gamma=gamma, beta=beta, epsilon=1e-5),
        lambda: layer_norm_numpy(x, gamma, beta, 1e-5),
        args.repeats,
        10,
    )
    _, cse_us, cse_ratio = paired(
        lambda: ln(x=x, gamma=gamma, beta=beta, epsilon=1e-5),
        lambda: layer_norm_numpy_cse(x, gamma, beta, 1e-5),
        args.repeats // 2,
        10,
    )

    rows = [
        ("power iteration", f"n={n}, {steps} iterations", pi_us, np_us, pi_ratio, POWER_TARGET),
        ("layer norm", f"d={d}", ln_us, lnp_us, ln_ratio, LAYERNORM_TARGET),
    ]
    print(f"algoverify {algoverify.__version__}, numpy {np.__version__}, python {sys.version.split()[0]}")
    print("medians of alternating samples; ratio = median of the per-pair ratios")
    print(f"{'workload':<16} {'size':<26} {'listing µs':>11} {'numpy µs':>10} {'ratio':>6} {'target':>7}")
    ok = True
    for name, size, a, b, ratio, target in rows:
        ok &= ratio <= target
        print(
            f"{name:<16} {size:<26} {a:>11.1f} {b:>10.1f} {ratio:>5.2f}x {'≤' + format(target, 'g') + 'x':>7}"
            f"{'' if ratio <= target else '  MISSED'}"
        )
    print(f"power iteration vs NumPy that also tests A's symmetry: {npc_us:.1f} µs, ratio {pic_ratio:.2f}x (no target)")
    print(f"layer norm vs hand-optimised NumPy (x - mu once): {cse_us:.1f} µs, ratio {cse_ratio:.2f}x (no target)")
    if steps:
        print(f"power iteration per iteration: listing {pi_us / steps:.1f} µs, numpy {np_us / steps:.1f} µs")
    print(
        f"parse+compile power-iteration.md: {pi_cold * 1e3:.0f} ms cold (builds the parsers), "
        f"{pi_warm * 1e3:.1f} ms warm"
    )
    print(
        f"parse+compile layer-normalisation.md: {ln_cold * 1e3:.0f} ms (math parser already built), "
        f"{ln_warm * 1e3:.1f} ms warm"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
