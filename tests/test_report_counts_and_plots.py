"""The HTML report's counts and plots as a first reader found them (Newton's square root, modular powers, insertion sort).

A line's hits on the page are what ``run --trace`` prints for the same runs (a loop's header
once per test of its condition), and a plot draws what the guide says it draws: the scalars
that changed (whole numbers too), a residual that ends on an exact zero on a log axis, labels
and captions as they read.
"""

from __future__ import annotations

import io
import re
import types

import pytest

from algoverify import api
from algoverify.cli import main
from algoverify.reporting import coverage, html, plots
from algoverify.running import recording
from algoverify.running.trace_rows import trace_rows

NEWTON = r"""---
title: "Newton's square root"
algoverify:
  checks:
    - id: residual
      kind: property
      listing: NewtonSqrt
      claim: "when the loop stops, the residual satisfies"
      trials: 4
      inputs: {a: "loguniform(1e-4, 1e4)", epsilon: 1e-12}
      holds: '\lvert x^{2} - a \rvert \le \varepsilon a'
---

Let \(a > 0\) and \(\varepsilon > 0\).

\begin{algorithmic}[1]
\Function{NewtonSqrt}{\(a, \varepsilon\)}
    \State \(x \gets a\)
    \While{\(\lvert x^2 - a \rvert \gt \varepsilon a\)}
        \State \(x \gets \frac{1}{2} \left( x + \frac{a}{x} \right)\)
    \EndWhile
    \State \Return \(x\)
\EndFunction
\end{algorithmic}

When the loop stops, the residual satisfies the bound.
"""

MODEXP = r"""---
title: "Modular powers"
---

Let \(b, e \ge 0\) and \(m \ge 2\) be integers.

\begin{algorithmic}[1]
\Function{ModExp}{\(b, e, m\)}
    \State \(r \gets 1\)
    \State \(b \gets b \bmod m\)
    \State \(k \gets 0\)
    \While{\(e \gt 0\)}
        \If{\(e\) is odd}
            \State \(r \gets r \cdot b \bmod m\)
        \EndIf
        \State \(e \gets \lfloor e / 2 \rfloor\)
        \State \(b \gets b^2 \bmod m\)
        \State \(k \gets k + 1\)
    \EndWhile
    \State \Return \(r\)
\EndFunction
\end{algorithmic}
"""

# a \For around a \While, a line of two statements, and a \Repeat … \Until
SORT = r"""---
title: "Insertion sort"
---

Let \(A = (a_1, \dots, a_n)\) be real numbers.

\begin{algorithmic}[1]
\Procedure{InsertionSort}{\(A\)}
    \State \(s \gets 0\); \(t \gets 0\)
    \For{\(j = 2, \dots, n\)}
        \State \(\mathit{key} \gets a_j\)
        \State \(i \gets j - 1\)
        \While{\(i \gt 0\) \textbf{and} \(a_i \gt \mathit{key}\)}
            \State \(a_{i+1} \gets a_i\)
            \State \(i \gets i - 1\)
            \State \(s \gets s + 1\)
        \EndWhile
        \State \(a_{i+1} \gets \mathit{key}\)
    \EndFor
    \Repeat
        \State \(t \gets t + 1\)
    \Until{\(t \ge 3\)}
    \State \Return \(A, s\)
\EndProcedure
\end{algorithmic}
"""


def _listing(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return api.load(path).listing("1")


def _recorded(listing, values):
    recorder = recording.Recorder()
    with recording.recorded(recorder):
        result = listing.run(values)
    assert result.ok, result
    return result, recorder.summary()


def _line(listing, start: str) -> int:
    """The number of the listing's first line that starts with ``start`` (indentation aside)."""
    lines = listing.source.text.splitlines()
    return next(n for n, text in enumerate(lines, start=1) if text.strip().startswith(start))


def _page_hits(listing, summary) -> dict[int, int]:
    """The hits the page shows per line for a check whose runs were these."""
    return coverage.reached_lines(types.SimpleNamespace(trace=summary), listing.source)


@pytest.mark.parametrize(
    ("name", "text", "values"),
    [
        ("newton.md", NEWTON, {"a": 1e-4, "epsilon": 1e-12}),
        ("modexp.md", MODEXP, {"b": 2, "e": 1000, "m": 7}),
        ("sort.md", SORT, {"n": 6, "A": [6.0, 5.0, 1.0, 4.0, 2.0, 3.0]}),
    ],
)
def test_a_lines_hits_on_the_page_are_what_run_trace_prints(tmp_path, name, text, values):
    listing = _listing(tmp_path, name, text)
    result, summary = _recorded(listing, values)
    printed = {row.line: row.hits for row in trace_rows(listing, result.trace) if row.hits}
    assert _page_hits(listing, summary) == printed
    headers = [row for row in trace_rows(listing, result.trace) if row.source.startswith(("\\While", "\\For"))]
    assert headers and all(row.hits > 1 for row in headers)


def test_a_loop_header_counts_each_test_of_its_condition(tmp_path):
    """Newton from a = 1e-4 makes 11 passes: its \\While is tested 12 times; the sort's loops likewise."""
    listing = _listing(tmp_path, "newton.md", NEWTON)
    _, summary = _recorded(listing, {"a": 1e-4, "epsilon": 1e-12})
    hits = _page_hits(listing, summary)
    assert hits[_line(listing, "\\While")] == 12 and hits[_line(listing, "\\State \\(x \\gets \\frac")] == 11
    assert summary["series"]["passes"] == 11

    sort = _listing(tmp_path, "sort.md", SORT)
    _, summary = _recorded(sort, {"n": 4, "A": [4.0, 3.0, 2.0, 1.0]})
    hits = _page_hits(sort, summary)
    # j = 2, 3, 4: three passes, four tests; each \While shifts 1, 2, 3 times (6), tested 3 + 6 times
    assert hits[_line(sort, "\\For")] == 4
    assert hits[_line(sort, "\\State \\(s \\gets 0")] == 1  # one line of two statements: once, as `run --trace`
    assert hits[_line(sort, "\\While")] == 9 and hits[_line(sort, "\\State \\(s \\gets s + 1")] == 6
    # a \Repeat tests after each pass, at its \Until: its header counts its entries, as `run --trace` does
    assert hits[_line(sort, "\\Repeat")] == 1 and _line(sort, "\\Until") not in hits


def test_the_pages_loop_header_counts_a_test_more_than_its_body_per_run(tmp_path):
    """On the page of a checked note, Newton's header has one hit per run more than its body (the test that ends it)."""
    note = tmp_path / "newton.md"
    note.write_text(NEWTON, encoding="utf-8")
    result = api.check([note], traces=True, isolate=False)
    (outcome,) = result.notes[0].outcomes
    (view,) = coverage.listings(result.notes[0])
    hits = {line.text.strip().split("{")[0]: line.hits for line in view.lines if line.mark}
    runs = hits["\\State \\(x \\gets a\\)"]
    assert runs == outcome.trace["runs"] and hits["\\While"] == runs + hits["\\State \\(x \\gets \\frac"]
    row = re.search(r'<td class="hits">(\d+)</td><td class="src">\s*\\While', html.report(result))
    assert row is not None and int(row.group(1)) == hits["\\While"]


def _y_ticks(svg: str) -> list[str]:
    """The y axis's tick labels, bottom first (matplotlib writes them right-aligned, as text)."""
    ticks = re.findall(r'text-anchor: end" x="[^"]+" y="([^"]+)"[^>]*>([^<]+)</text>', svg)
    return [label for _, label in sorted(ticks, key=lambda t: -float(t[0]))]


def test_a_residual_that_ends_on_zero_keeps_its_log_axis_and_its_tolerance(tmp_path):
    listing = _listing(tmp_path, "newton.md", NEWTON)
    _, summary = _recorded(listing, {"a": 1e-4, "epsilon": 1e-12})
    series = summary["series"]
    residual, tolerance = (line["values"] for line in series["lines"] if line["kind"] == "test")
    assert residual[-1] == 0.0 and min(v for v in residual if v) > 1e-16 and set(tolerance) == {1e-16}
    ticks = _y_ticks(plots.svg(series))
    # 0 at the bottom, then powers of ten only (a log axis), from below the tolerance to above the start
    assert ticks[0] == "0" and all(re.fullmatch(r"1e−?\d+", t) for t in ticks[1:]), ticks
    decades = [float(t.replace("−", "-")) for t in ticks[1:]]
    assert decades == sorted(decades) and decades[0] <= 1e-16 and decades[-1] >= 0.01


def test_whole_numbers_that_changed_are_drawn(tmp_path):
    """Modular powers change no float: e's test, and r, b and k are drawn; insertion sort's count s is."""
    listing = _listing(tmp_path, "modexp.md", MODEXP)
    _, summary = _recorded(listing, {"b": 2, "e": 1000, "m": 7})
    labels = [line["label"] for line in summary["series"]["lines"]]
    assert labels[:2] == ["e", "0"] and {"r", "b", "k"} <= set(labels) and "m" not in labels

    sort = _listing(tmp_path, "sort.md", SORT)
    _, summary = _recorded(sort, {"n": 5, "A": [5.0, 4.0, 3.0, 2.0, 1.0]})
    lines = {line["label"]: line for line in summary["series"]["lines"]}
    assert {"key", "s", "i", "j", "t"} <= set(lines) and "n" not in lines
    assert lines["s"]["values"][-1] == 10  # the shifts of a reversed array of five: every pair


def test_a_legend_reads_as_written_without_stray_spaces():
    assert plots.label_text(r"\lvert x^2 - a \rvert") == "|x^2 - a|"
    assert plots.label_text(r"\lvert a \rvert + \lvert b \rvert") == "|a| + |b|"
    assert plots.label_text(r"\left| x - y \right|") == "|x - y|"
    assert plots.label_text(r"\lfloor n / 2 \rfloor") == "⌊n / 2⌋"
    assert plots.label_text(r"\lVert w - \lambda v \rVert") == "‖w - λv‖"


def test_one_pass_is_said_in_the_singular(tmp_path):
    """Newton from a = 4 with epsilon = 1 stops after one pass: the caption, the plot's title and `run --plot` say 1 pass."""
    note = tmp_path / "newton.md"
    note.write_text(NEWTON, encoding="utf-8")
    target = tmp_path / "one.svg"
    out = io.StringIO()
    code = main(["run", str(note), "--set", "a=4", "--set", "epsilon=1", "--plot", str(target)], stdout=out)
    assert code == 0 and "(1 loop pass)" in out.getvalue()
    assert ": 1 pass</text>" in target.read_text(encoding="utf-8")
    outcome = types.SimpleNamespace(trace={"series": {"run": "most passes", "passes": 1, "x": [1, 2], "lines": []}})
    assert "the run with the most passes, 1 pass." in html._Page({}).plot(outcome)  # noqa: SLF001
    assert plots.passes_text(11) == "11 passes" and plots.passes_text(1, "loop pass") == "1 loop pass"
