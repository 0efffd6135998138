"""``check --format html``: one self-contained page, its listings marked line by line, a plot per looping check.

The page is parsed with :mod:`html.parser` (tags nested as written, nothing fetched from
elsewhere), its marks and plots are compared with what the note's checks do by construction,
and it is rendered in a real headless browser where the machine has one (Debian's chromium).
"""

from __future__ import annotations

import io
import json
import re
from html.parser import HTMLParser

import numpy as np
import pytest
from helpers import CHROMIUM, screenshot

import algoverify
from algoverify import api
from algoverify.cli import main
from algoverify.orchestration import portable
from algoverify.reporting import html, plots
from algoverify.running import recording
from algoverify.running.interpreter import Budget

# Listing 1 halves x until it is at most tau (a loop), then an \If whose body never runs
# (x stays positive); listing 2 has no loop. "stops" and "at-least-one" run listing 1, the
# second refuted (what it returns is below tau); "doubles" runs listing 2 only.
NOTE = r"""---
title: "Halving until small"
algoverify:
  checks:
    - id: stops
      kind: contract
      listing: 1
      claim: "the loop stops"
      trials: 3
      inputs: {x: "uniform(1, 100)", tau: 0.001}
      expect: {terminates: true}
    - id: at-least-one
      kind: property
      listing: 1
      claim: "what it returns is at least one"
      trials: 5
      inputs: {x: "uniform(1, 100)", tau: 0.001}
      holds: 'y \ge 1'
    - id: doubles
      kind: property
      listing: 2
      claim: "it doubles <b>x</b> & more"
      trials: 5
      inputs: {x: "uniform(-5, 5)"}
      holds: 'z = 2 x'
---

Halving until small: the loop stops, and what it returns is at least one.

\begin{algorithm}[H]
\caption{Halve <i>until</i> small}
\begin{algorithmic}[1]
\Require \(x\), \(\tau\)
\While{\(x \gt \tau\)}
    \State \(x \gets x / 2\)
\EndWhile
\If{\(x \lt 0\)}
    \State \(x \gets 0\) \Comment{<script>alert(1)</script> never runs}
\EndIf
\State \(y \gets x\)
\Return \(y\)
\end{algorithmic}
\end{algorithm}

The second listing: it doubles <b>x</b> & more.

\begin{algorithmic}[1]
\Require \(x\)
\State \(z \gets 2 x\)
\Return \(z\)
\end{algorithmic}

Nothing checks the third.

\begin{algorithmic}[1]
\State \(q \gets 1\)
\Return \(q\)
\end{algorithmic}
"""

#: the checks whose runs loop (listing 1's), and the one that does not
LOOPING = {"stops", "at-least-one"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Page(HTMLParser):
    """The page's elements as parsed: each start tag with its attributes, the articles' plots, the text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.errors: list[str] = []
        self.svgs: dict[str, int] = {}  # article id → <svg> elements in it
        self.rows: list[tuple[str, list[str]]] = []  # (class of a table row, the text of each cell)
        self.styles: list[str] = []
        self._article: str | None = None
        self._row: list[str] | None = None  # the cells of the row being read
        self._row_class = ""
        self._in_style = False

    def handle_starttag(self, tag, attrs):
        attributes = {k: v or "" for k, v in attrs}
        self.tags.append((tag, attributes))
        if tag == "article":
            self._article = attributes.get("id")
        if tag == "svg" and self._article is not None:
            self.svgs[self._article] = self.svgs.get(self._article, 0) + 1
        if tag == "tr":
            self._row, self._row_class = [], attributes.get("class", "")
        if tag in ("td", "th") and self._row is not None:
            self._row.append("")
        self._in_style = tag == "style"
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.stack[-1] if self.stack else None}>")
            return
        self.stack.pop()
        if tag == "article":
            self._article = None
        if tag == "tr" and self._row is not None:
            self.rows.append((self._row_class, self._row))
            self._row = None
        if tag == "style":
            self._in_style = False

    def handle_data(self, data):
        if self._row:
            self._row[-1] += data
        if self._in_style:
            self.styles.append(data)


def parsed(text: str) -> Page:
    page = Page()
    page.feed(text)
    page.close()
    assert page.errors == [] and page.stack == [], (page.errors, page.stack)
    return page


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    """The note checked with traces, in a worker of its own (the traces cross the pipe as JSON)."""
    folder = tmp_path_factory.mktemp("html")
    (folder / "halving.md").write_text(NOTE, encoding="utf-8")
    result = api.check([folder / "halving.md"], traces=True, isolate=True)
    return folder, result


@pytest.fixture(scope="module")
def page(checked):
    _, result = checked
    return html.report(result)


def _outcomes(result):
    return {o.check.id: o for o in result.notes[0].outcomes}


def test_the_checks_give_the_verdicts_the_marks_are_built_on(checked):
    _, result = checked
    statuses = {k: o.status for k, o in _outcomes(result).items()}
    assert statuses == {"stops": "verified", "at-least-one": "refuted", "doubles": "verified"}


def test_the_page_parses_and_loads_nothing_from_elsewhere(page):
    doc = parsed(page)
    assert doc.tags[0][0] == "html" and page.startswith("<!DOCTYPE html>")
    for tag, attributes in doc.tags:
        assert tag not in ("script", "link", "iframe", "object", "embed", "img", "base"), tag
        for name, value in attributes.items():
            if name in ("src", "href", "xlink:href", "srcset", "action", "data", "poster"):
                assert not re.match(r"\s*(https?:)?//", value, re.I), (tag, name, value)
                assert value.startswith("#"), (tag, name, value)  # every link is to a place in the page
    css = "".join(doc.styles)
    assert css and "@import" not in css and "url(" not in css


def test_each_looping_check_has_one_plot_and_the_others_none(page, checked):
    _, result = checked
    doc = parsed(page)
    ids = {o.check.id: f"n1-c{j}" for j, o in enumerate(result.notes[0].outcomes, start=1)}
    assert doc.svgs == {ids[k]: 1 for k in LOOPING}
    articles = {a["id"] for t, a in doc.tags if t == "article"}
    assert articles == set(ids.values())


def test_the_refuted_checks_plot_is_its_counterexamples_run(checked):
    _, result = checked
    series = _outcomes(result)["at-least-one"].trace["series"]
    assert series["run"] == "counterexample"
    (test, threshold) = [line for line in series["lines"] if line["kind"] == "test"]
    assert test["label"] == "x" and threshold["label"] == r"\tau"
    # the loop ran while x > tau, and its last test (drawn one pass after the last) found x ≤ tau
    passes = series["passes"]
    assert series["x"][-1] == passes + 1
    for x, a, b in zip(series["x"], test["values"], threshold["values"]):
        assert (a > b) if x <= passes else (a <= b)


def test_lines_are_marked_by_the_checks_that_reached_them(page):
    doc = parsed(page)
    marks = {}
    for cls, cells in doc.rows:
        if len(cells) == 5 and cells[0].isdigit():  # line, mark, hits, source, checks
            marks[cells[3].split("\\Comment")[0].strip()] = cls
    # listing 1: a refuted check ran every statement the runs reached
    assert marks[r"\While{\(x \gt \tau\)}"] == "refuted"
    assert marks[r"\State \(x \gets x / 2\)"] == "refuted"
    assert marks[r"\State \(x \gets 0\)"] == "unreached"  # x stays positive: the \If's body never runs
    assert marks[r"\State \(y \gets x\)"] == "refuted"
    assert marks[r"\EndWhile"] == ""  # no statement: not marked
    # listing 2: only a verified check ran it; listing 3: no check ran it
    assert marks[r"\State \(z \gets 2 x\)"] == "verified"
    assert marks[r"\State \(q \gets 1\)"] == marks[r"\Return \(q\)"] == "unreached"


def test_a_lint_page_marks_no_line(checked):
    folder, _ = checked
    out = io.StringIO()
    code = main(["lint", str(folder / "halving.md"), "--format", "html", "--no-progress"], stdout=out)
    doc = parsed(out.getvalue())
    sources = [cells[3] for cls, cells in doc.rows if len(cells) == 5 and cells[0].isdigit()]
    assert code == 0 and r"\State \(q \gets 1\)" in sources
    assert {cls for cls, cells in doc.rows if len(cells) == 5} == {""} and doc.svgs == {}


def test_claims_link_to_their_checks_and_back(page):
    doc = parsed(page)
    links = {a.get("href") for t, a in doc.tags if t == "a"}
    anchors = {a.get("id") for _, a in doc.tags if a.get("id")}
    assert {"#n1-c1", "#n1-c2", "#n1-c3"} <= links
    claim_anchors = {x for x in anchors if "-claim" in x}
    assert len(claim_anchors) == 3 and {f"#{x}" for x in claim_anchors} <= links
    assert all(href[1:] in anchors for href in links if href)


def test_every_text_from_the_note_is_escaped(page):
    assert "<script>" not in page and "<b>x</b>" not in page and "<i>until</i>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; never runs" in page
    assert "it doubles &lt;b&gt;x&lt;/b&gt; &amp; more" in page


def test_the_counterexample_is_a_table(page):
    counterexample = page.split("Counterexample:", 1)[1].split("</table>", 1)[0]
    cells = re.findall(r"<tr><th>(\w+)</th><td>([^<]*)</td></tr>", counterexample)
    assert dict(cells).keys() == {"x", "tau"} and dict(cells)["tau"] == "0.001"


def test_without_matplotlib_the_page_is_whole_and_says_so(checked, monkeypatch):
    def missing():
        raise plots.PlottingUnavailable(
            "plots need matplotlib, which is not installed: pip install 'algoverify[report]'"
        )

    monkeypatch.setattr(plots, "_matplotlib", missing)
    _, result = checked
    text = html.report(result)
    doc = parsed(text)
    assert doc.svgs == {}
    assert "Plots are not drawn" in text and "algoverify[report]" in text
    assert any(cls == "refuted" for cls, _ in doc.rows)  # the listings are marked all the same


def test_traces_are_asked_for_and_bounded():
    """A plain check records nothing; a recorded run of 100,000 passes keeps at most MAX_POINTS points."""
    latex = r"""\begin{algorithmic}
\Require \(n\)
\State \(k \gets 0\); \(s \gets 0\)
\While{\(k \lt n\)}
    \State \(k \gets k + 1\); \(s \gets s + 1 / k\)
\EndWhile
\Return \(s\)
\end{algorithmic}"""
    listing = algoverify.compile(latex)
    recorder = recording.Recorder()
    with recording.recorded(recorder):
        result = listing.run({"n": 100_000}, budget=Budget(200_000, 60.0))
    assert result.ok
    summary = recorder.summary()
    series = summary["series"]
    assert series["passes"] == 100_000 and len(series["x"]) <= recording.MAX_POINTS
    assert series["x"] == sorted(series["x"]) and series["x"][-1] == 100_001
    s = next(line["values"] for line in series["lines"] if line["label"] == "s")
    assert s == sorted(s) and abs(s[-1] - sum(1 / k for k in range(1, 100_001))) < 1e-4
    assert len(json.dumps(summary)) < 20_000
    assert recording.active() is None and listing.run({"n": 3}).ok  # nothing recorded outside the block


FUNCTION_NOTE = r"""---
algoverify:
  checks:
    - id: sum-is-triangular
      kind: property
      claim: "the sum of the first n numbers is n(n+1)/2"
      trials: 5
      inputs: {n: "integers(1, 30)"}
      holds: '\textsc{Total}(n) = n (n + 1) / 2'
---

The sum of the first n numbers is n(n+1)/2.

\begin{algorithmic}[1]
\Function{Total}{\(n\)}
\State \(s \gets 0\)
\For{\(i = 1, \dots, n\)}
    \State \(s \gets s + i\)
\EndFor
\State \Return \(s\)
\EndFunction
\end{algorithmic}
"""


def test_a_listing_function_called_from_holds_is_recorded(tmp_path):
    """A property over drawn symbols that calls a listing's function ran that listing's loop: it has its plot."""
    note = tmp_path / "total.md"
    note.write_text(FUNCTION_NOTE, encoding="utf-8")
    result = api.check([note], traces=True)
    (outcome,) = result.notes[0].outcomes
    assert outcome.status == "verified" and outcome.trace["runs"] == 5
    assert {line["label"] for line in outcome.trace["series"]["lines"]} == {"s", "i"}
    assert parsed(html.report(result)).svgs == {"n1-c1": 1}


def test_a_plain_check_carries_no_trace(checked):
    folder, _ = checked
    result = api.check([folder / "halving.md"], isolate=False)
    assert all(o.trace is None for o in result.notes[0].outcomes)


def test_a_trace_crosses_the_pipe_as_json(checked):
    _, result = checked
    outcome = _outcomes(result)["stops"]
    data = json.loads(json.dumps(portable.encode(outcome)))
    assert portable.decode(data).trace == outcome.trace


def test_a_cached_report_without_traces_is_not_replayed_for_the_page(tmp_path, monkeypatch):
    monkeypatch.delenv("ALGOVERIFY_NO_CACHE", raising=False)
    (tmp_path / "algoverify.toml").write_text("")
    note = tmp_path / "halving.md"
    note.write_text(NOTE, encoding="utf-8")
    plain = api.check([note], cache=True, isolate=False)
    traced = api.check([note], cache=True, isolate=False, traces=True)
    again = api.check([note], cache=True, isolate=False, traces=True)
    assert not plain.notes[0].cached and not traced.notes[0].cached and again.notes[0].cached
    assert [o.trace for o in again.notes[0].outcomes] == [o.trace for o in traced.notes[0].outcomes]
    assert parsed(html.report(again)).svgs.keys() == parsed(html.report(traced)).svgs.keys() != set()


def test_the_command_line_writes_the_page(checked):
    folder, _ = checked
    out = io.StringIO()
    code = main(["check", str(folder / "halving.md"), "--format", "html", "--no-progress", "--no-cache"], stdout=out)
    assert code == 1  # a refuted check
    assert len(parsed(out.getvalue()).svgs) == len(LOOPING)


def test_run_plot_draws_the_run(tmp_path, checked):
    folder, _ = checked
    target = tmp_path / "run.svg"
    out = io.StringIO()
    code = main(
        ["run", str(folder / "halving.md"), "--set", "x=64", "--set", "tau=1", "--trace", "--plot", str(target)],
        stdout=out,
    )
    assert code == 0 and "plot: " in out.getvalue() and "(6 loop passes)" in out.getvalue()
    svg = target.read_text(encoding="utf-8")
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg and "loop pass" in svg
    assert re.search(r"<path d=\"M [^\"]+L", svg)  # a line was drawn


def test_run_plot_without_matplotlib_says_which_extra(tmp_path, checked, monkeypatch):
    def missing():
        raise plots.PlottingUnavailable("no matplotlib")

    monkeypatch.setattr(plots, "_matplotlib", missing)
    folder, _ = checked
    err = io.StringIO()
    target = tmp_path / "run.svg"
    code = main(
        ["run", str(folder / "halving.md"), "--set", "x=4", "--set", "tau=1", "--plot", str(target)], stderr=err
    )
    assert code == 2 and "pip install 'algoverify[report]'" in err.getvalue() and not target.exists()


def test_the_page_renders_in_a_headless_browser(page, tmp_path):
    """Debian's chromium draws the page: a screenshot with the listing's marks and the plots in it."""
    if not CHROMIUM.exists():
        pytest.skip(f"chromium not installed: {CHROMIUM} (apt-get install chromium)")
    pytest.importorskip("matplotlib", reason="matplotlib not installed: it reads the screenshot back")
    from matplotlib.image import imread

    target = tmp_path / "page.html"
    target.write_text(page, encoding="utf-8")
    shot = tmp_path / "page.png"
    screenshot(target, shot, tmp_path / "profile")
    pixels = imread(shot)[:, :, :3]
    assert pixels.shape[:2] == (1600, 1280)
    assert (pixels.min(axis=2) < 0.9).mean() > 0.02  # text and marks were drawn, not a blank page

    def share(rgb):
        return (np.abs(pixels - np.array(rgb) / 255).max(axis=2) < 0.08).mean()

    assert share((0xCF, 0x22, 0x2E)) > 1e-4  # the refuted marks' red
    assert share((0x1A, 0x7F, 0x37)) > 1e-4  # the verified marks' green
    assert share((0x1F, 0x77, 0xB4)) > 1e-5  # matplotlib's first line colour: a plot was drawn
