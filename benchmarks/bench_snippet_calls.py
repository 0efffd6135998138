"""Round trip of a call into a snippet's function (issue 10 item 4) against the same call in-process.

Run from the repository root::

    python benchmarks/bench_snippet_calls.py [--calls 1000]

The corpus's softmax snippet runs once in a sandboxed worker (:class:`SnippetSession`); then
``softmax`` and an identity function are called ``--calls`` times each on a 5-vector and on a
100×100 matrix. Prints the median time per call through the worker, the median of the same
function called in this process (the snippet's code run here, for the baseline only), and
their ratio; also the time to start a worker and run the snippet, and to restart it after a
call that timed out.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from algoverify.checking.sandboxing.snippetcalls import SnippetCallTimeout, SnippetSession  # noqa: E402

SNIPPET = (ROOT / "corpus" / "softmax-snippet.md").read_text().split("```python\n")[1].split("```")[0]
EXTRA = "\n\ndef echo(x):\n    return x\n\n\ndef spin():\n    while True:\n        pass\n"


def median_us(calls: int, fn, *args) -> float:
    times = []
    for _ in range(calls):
        t0 = time.perf_counter()
        fn(*args)
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=1000)
    args = parser.parse_args()
    code = SNIPPET + EXTRA
    here: dict = {}
    with contextlib.redirect_stdout(io.StringIO()):  # the baseline: our own corpus file, in-process
        exec(compile(code, "<snippet>", "exec"), here)
    rng = np.random.default_rng(0)
    inputs = {"5-vector": rng.standard_normal(5), "100x100": rng.standard_normal((100, 100))}

    t0 = time.perf_counter()
    with SnippetSession(code, call_timeout=0.2) as session:
        start = time.perf_counter() - t0
        print(f"start a worker and run the snippet: {start * 1e3:.0f} ms")
        print(f"{'function':<10} {'input':<10} {'worker µs':>10} {'in-process µs':>14} {'ratio':>7}")
        for name in ("softmax", "echo"):
            for label, x in inputs.items():
                assert np.array_equal(session.call(name, x), here[name](x))
                remote = median_us(args.calls, session.call, name, x)
                local = median_us(args.calls, here[name], x)
                print(f"{name:<10} {label:<10} {remote:>10.1f} {local:>14.1f} {remote / local:>7.1f}")
        try:
            session.call("spin")
        except SnippetCallTimeout:
            pass
        t0 = time.perf_counter()
        session.call("echo", 1.0)
        print(f"restart after a timed-out call (the next call): {(time.perf_counter() - t0) * 1e3:.0f} ms")


if __name__ == "__main__":
    main()
