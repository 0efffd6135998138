"""The softmax snippet of the corpus run symbolically, and its shift identity decided by sympy.

Run from the repository root::

    python benchmarks/bench_pysym.py [--rounds 5] [--max-n 4]

For each size n, with real symbols z_1..z_n and c: the median time of symbolic execution
(``softmax(z + c)`` and ``softmax(z)`` by :mod:`algoverify.checking.evidence.pysym`), and of each way of
deciding ``softmax(z + c) - softmax(z) == 0`` entry by entry — ``expand`` then ``cancel``,
``expand`` then ``simplify``, ``simplify`` alone — with whether it reached 0. For scale, the
median of one NumPy call of the same function on floats is printed alongside.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import sympy  # noqa: E402

from algoverify.checking.evidence.pysym import functions  # noqa: E402

STRATEGIES = {
    "expand+cancel": lambda d: sympy.cancel(sympy.expand(d)),
    "expand+simplify": lambda d: sympy.simplify(sympy.expand(d)),
    "simplify": sympy.simplify,
}


def numpy_softmax(logits):
    """The baseline: the corpus's softmax written out here, run by NumPy on floats (no note text is run)."""
    shifted = logits - logits.max(axis=-1, keepdims=True)
    e = np.exp(shifted)
    return e / e.sum(axis=-1, keepdims=True)


def median_time(fn, rounds: int):
    times, result = [], None
    for _ in range(rounds):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--max-n", type=int, default=4)
    args = parser.parse_args()
    text = (ROOT / "corpus" / "softmax-snippet.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    softmax = functions(code)["softmax"]
    c = sympy.Symbol("c", real=True)
    print(f"{'n':>2} {'numpy call':>11} {'pysym exec':>11} " + " ".join(f"{s:>22}" for s in STRATEGIES))
    for n in range(1, args.max_n + 1):
        z = sympy.Matrix(sympy.symbols(f"z1:{n + 1}", real=True))
        floats = np.linspace(-1, 1, n)
        t_np, _ = median_time(lambda f=floats: numpy_softmax(f), args.rounds)
        t_exec, (shifted, plain) = median_time(
            lambda z=z, n=n: (softmax(z + c * sympy.ones(n, 1)), softmax(z)), args.rounds
        )
        cells = []
        pairs = list(zip(shifted, plain))
        for decide in STRATEGIES.values():
            t, diffs = median_time(lambda d=decide, pairs=pairs: [d(a - b) for a, b in pairs], args.rounds)
            cells.append(f"{t * 1e3:9.1f} ms {'0' if all(e == 0 for e in diffs) else 'not 0':>6}")
        print(f"{n:>2} {t_np * 1e6:8.1f} µs {t_exec * 1e3:8.1f} ms " + " ".join(f"{cell:>22}" for cell in cells))


if __name__ == "__main__":
    main()
