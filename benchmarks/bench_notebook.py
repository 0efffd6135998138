"""How long ``%%algoverify`` takes on the corpus's power iteration listing, warm (issue 25).

Run from the repository root::

    python benchmarks/bench_notebook.py [--rounds 20]

An IPython shell (``InteractiveShell``, as a Jupyter kernel runs one) loads the extension, runs
each form once to warm up (grammars, NumPy, the display modules), then ``--rounds`` times, and
prints the median, the fastest and the slowest of each. The forms: the listing's LaTeX in the
cell; the same listing named by ``--note``; and, for scale, the display alone (the HTML,
Markdown and text of a finished run) and the run alone (``listing.run``, nothing displayed).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from IPython.core.interactiveshell import InteractiveShell  # noqa: E402
from IPython.utils.capture import capture_output  # noqa: E402
from traitlets.config import Config  # noqa: E402

import algoverify  # noqa: E402

NOTE = "corpus/power-iteration.md"
SETS = "--set 'A=[[2,1],[1,3]]' --set 'v=[1,0]' --set tau=1e-9"


def listing_latex() -> str:
    text = (ROOT / NOTE).read_text(encoding="utf-8")
    start = text.index("\\begin{algorithm}")
    end = text.index("\\end{algorithm}", start) + len("\\end{algorithm}")
    return text[start:end]


def timed(fn, rounds: int) -> list[float]:
    fn()  # warm
    out = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=20)
    rounds = parser.parse_args().rounds
    config = Config()
    config.HistoryManager.enabled = False
    shell = InteractiveShell.instance(
        config=config, user_module=types.ModuleType("__bench__"), ipython_dir=tempfile.mkdtemp()
    )
    shell.run_line_magic("load_ext", "algoverify")

    def cell(code: str):
        def run() -> None:
            with capture_output() as captured:
                result = shell.run_cell(code)
            assert result.success and captured.outputs, (captured.stdout, captured.stderr)

        return run

    listing = algoverify.load(ROOT / NOTE).listing(1)
    inputs = {"A": [[2.0, 1.0], [1.0, 3.0]], "v": [1.0, 0.0], "tau": 1e-9}
    finished = listing.run(inputs)

    def display_only() -> None:
        shell.display_formatter.format(finished)

    forms = {
        "%%algoverify, the listing in the cell": cell(f"%%algoverify {SETS}\n{listing_latex()}"),
        "%algoverify --note (the note read each time)": cell(f"%algoverify --note {ROOT / NOTE} {SETS}"),
        "the display of a finished run (HTML, Markdown, text)": display_only,
        "the run alone (listing.run)": lambda: listing.run(inputs),
    }
    print(f"warm, {rounds} rounds each (seconds)")
    for name, fn in forms.items():
        times = timed(fn, rounds)
        print(f"  {name:<54} median {statistics.median(times):.4f}  min {min(times):.4f}  max {max(times):.4f}")


if __name__ == "__main__":
    main()
