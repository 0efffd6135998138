"""A compiled listing's calls, counted in instructions: the cost a call adds, which a shared machine does not move.

Run from the repository root (needs Debian's valgrind)::

    python benchmarks/call_work.py [--calls 200] [--against REV]

``bench_listings.py`` times a listing against hand-written NumPy, in seconds, which a busy
machine moves by tenths. This counts the instructions of ``--calls`` calls of the corpus's
power iteration (n = 64) and ten times as many of its layer normalisation (d = 256), the
process's start-up and the two listings' compiling subtracted (a run with no calls), with
valgrind's callgrind. ``--against REV`` counts the same for the commit ``REV`` and prints the
ratios. Each run has the same hash seed (``PYTHONHASHSEED=0``, as ``lint_work.py`` gives it), so
the start-up moves little from run to run; the calls' counts are hundreds of millions.
"""

from __future__ import annotations

import argparse
import compileall
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from lint_work import drop_checkout, instructions, other_checkout  # noqa: E402

#: the calls, run by ``python -c`` in a checkout (its package imported, its corpus read)
SCRIPT = """
import sys
import numpy as np
import algoverify
from algoverify.running.generators import generate
pi = algoverify.load("corpus/power-iteration.md").listing(1)
ln = algoverify.load("corpus/layer-normalisation.md").listing("LayerNorm")
rng = np.random.default_rng(0)
q, _ = np.linalg.qr(rng.standard_normal((64, 64)))
A = (q * np.concatenate([[10.0], rng.uniform(0.1, 8.0, 63)])) @ q.T
A = (A + A.T) / 2
v = rng.standard_normal(64)
x, g, b = (generate("randn", rng, 256) for _ in range(3))
which, calls = sys.argv[1], int(sys.argv[2])
for _ in range(calls):
    if which == "pi":
        pi(A=A, v=v, tau=1e-6)
    else:
        ln(x=x, gamma=g, beta=b, epsilon=1e-5)
"""


def measure(checkout: Path, calls: int) -> tuple[float, float]:
    """(instructions of ``calls`` power-iteration calls, of ``10 × calls`` layer-norm calls), start-up subtracted."""
    compileall.compile_dir(checkout / "algoverify", quiet=1)
    start = instructions(checkout, ["-c", SCRIPT, "pi", "0"])
    power = instructions(checkout, ["-c", SCRIPT, "pi", str(calls)]) - start
    norm = instructions(checkout, ["-c", SCRIPT, "ln", str(10 * calls)]) - start
    return power, norm


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=200, help="power iteration calls (layer norm: 10x)")
    parser.add_argument("--against", metavar="REV", help="also count the commit REV, and print the ratios")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    rows = [("this checkout", *measure(ROOT, args.calls))]
    if args.against:
        with tempfile.TemporaryDirectory() as work:
            other = other_checkout(args.against, Path(work))
            try:
                rows.append((args.against, *measure(other, args.calls)))
            finally:
                drop_checkout(other)
    print(f"{'':<16} {f'power iteration ×{args.calls}':>24} {f'layer norm ×{10 * args.calls}':>22}")
    for name, power, norm in rows:
        print(f"{name:<16} {power / 1e6:>22.1f} M {norm / 1e6:>20.1f} M")
    if len(rows) == 2:
        (_, a, b), (_, c, d) = rows
        print(f"{'ratio':<16} {a / c:>23.3f}× {b / d:>21.3f}×")


if __name__ == "__main__":
    main()
