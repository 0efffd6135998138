"""The notebook front end: ``%load_ext algoverify``, ``%%algoverify``, and the API's objects displaying themselves.

A real IPython shell (``InteractiveShell.instance()``) runs the magic; what it displays is captured
with ``capture_output`` and read back: the outputs, the trace table's rows, the typeset listing's
marks, a check's verdict and counterexample, a finding's line in the cell. What the magic shows
is checked against what the command line prints for the same run, and the magic cells of
docs/guide/notebook.md run here and must print what the page shows.
"""

from __future__ import annotations

import math
import re
import subprocess
import sys
import types
from html.parser import HTMLParser

import pytest
from docs_examples import KERNEL, blocks, make_workspace, normalise
from helpers import ROOT

pytest.importorskip("IPython", reason="IPython not installed: pip install -e '.[test]' (or '.[notebook]')")

from IPython.core.interactiveshell import InteractiveShell  # noqa: E402
from IPython.utils.capture import capture_output  # noqa: E402
from traitlets.config import Config  # noqa: E402

import algoverify  # noqa: E402
from algoverify import api, cli  # noqa: E402
from algoverify.syntax import ir  # noqa: E402
from algoverify.syntax.typeset import typeset  # noqa: E402

PAGE = ROOT / "docs" / "guide" / "notebook.md"
POWER = "corpus/power-iteration.md"
POWER_INPUTS = ["A=[[2,1],[1,3]]", "v=[1,0]", "tau=1e-9"]

GCD = r"""\begin{algorithmic}
\Require integers \(a, b \ge 0\)
\While{\(b \ne 0\)}
    \State \((a, b) \gets (b, a \bmod b)\)
\EndWhile
\State \Return \(a\)
\end{algorithmic}"""

RATIOS = r"""\begin{algorithmic}
\Require vectors \(x, y\)
\State \(s \gets 0\)
\For{\(i = 1, \dots, 2\)}
    \State \(s \gets s + x_i / y_i\)
\EndFor
\State \Return \(s\)
\end{algorithmic}"""


@pytest.fixture(scope="module")
def ip(tmp_path_factory):
    """One IPython shell with the extension loaded; its profile in a temp folder, no history file."""
    config = Config()
    config.HistoryManager.enabled = False
    # its own module name: the shell puts its user module in sys.modules, and __main__ stays pytest's
    module = types.ModuleType("__algoverify_notebook_test__")
    shell = InteractiveShell.instance(
        config=config, user_module=module, ipython_dir=str(tmp_path_factory.mktemp("ipython"))
    )
    shell.run_line_magic("load_ext", "algoverify")
    yield shell
    InteractiveShell.clear_instance()
    sys.modules.pop(module.__name__, None)


class Shown:
    """What one cell did: whether it succeeded, what it printed, each display's data by MIME type."""

    def __init__(self, ip, code: str):
        with capture_output() as captured:
            self.result = ip.run_cell(code)
        self.success = self.result.success
        self.stdout, self.stderr = captured.stdout, captured.stderr
        self.outputs = [o.data for o in captured.outputs]

    def data(self, mime: str) -> str:
        """The displays' ``mime`` data, one after the other."""
        return "".join(o.get(mime, "") for o in self.outputs)

    @property
    def text(self) -> str:
        """All it printed and showed as text, as a terminal IPython would."""
        shown = [o["text/plain"] if o["text/plain"].endswith("\n") else o["text/plain"] + "\n" for o in self.outputs]
        return self.stdout + self.stderr + "".join(shown)


def _cell(line: str, body: str) -> str:
    return f"%%algoverify {line}\n{body}"


class _Tables(HTMLParser):
    """The tables of an HTML fragment by class: each body row as (the row's class, its cells' text)."""

    def __init__(self, html: str):
        super().__init__()
        self.tables: dict[str, list[tuple[str, list[str]]]] = {}
        self._table: list | None = None
        self._row: tuple[str, list[str]] | None = None
        self._cell: list[str] | None = None
        self._head = False
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table":
            self._table = self.tables.setdefault(a.get("class") or "", [])
        elif tag == "thead":
            self._head = True
        elif tag == "tr" and self._table is not None and not self._head:
            self._row = (a.get("class") or "", [])
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row[1].append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self._table.append(self._row)
            self._row = None
        elif tag == "thead":
            self._head = False
        elif tag == "table":
            self._table = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def _cli_run(path: str, values: list[str], capsys) -> str:
    capsys.readouterr()
    status = cli.main(["run", path, *(a for v in values for a in ("--set", v)), "--trace"])
    assert status == 0
    return capsys.readouterr().out


def _cli_trace_rows(text: str) -> list[tuple[int, int]]:
    """(line, hits) of each row of ``run --trace``'s table."""
    return [(int(m[1]), int(m[2])) for m in re.finditer(r"^ *(\d+) +(\d+)  ", text, re.M)]


def _line_of(text: str, needle: str, first: int = 1) -> int:
    """The 1-based line of ``text`` (counted from ``first``) holding ``needle``."""
    return first + next(i for i, ln in enumerate(text.splitlines()) if needle in ln)


# --- loading ---------------------------------------------------------------------------------------


def test_import_algoverify_does_not_import_ipython():
    probe = (
        "import sys, algoverify\n"
        "listing = algoverify.compile(r'''" + GCD + "''')\n"
        "listing._repr_html_(); listing.run({'a': 4, 'b': 6})._repr_markdown_()\n"
        "assert callable(algoverify.load_ipython_extension)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('IPython', 'ipykernel', 'traitlets')))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"


def test_without_ipython_the_extension_names_the_extra_that_brings_it():
    probe = (
        "import sys; sys.modules['IPython'] = None  # as if not installed\n"
        "import algoverify\n"
        "try:\n    algoverify.load_ipython_extension(None)\n"
        "except ImportError as exc:\n    print(exc)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.startswith("the notebook front end needs IPython: pip install 'algoverify[notebook]'")


def test_load_ext_registers_the_line_and_the_cell_magic(ip):
    magics = ip.magics_manager.magics
    assert "algoverify" in magics["cell"] and "algoverify" in magics["line"]


# --- a run ---------------------------------------------------------------------------------------


def test_a_cell_shows_its_outputs_its_trace_and_its_listing_marked(ip):
    a, b = 1071, 462
    shown = Shown(ip, _cell(f"--set a={a} --set b={b}", GCD))
    assert shown.success and shown.stderr == ""
    passes, x, y = 0, a, b
    while y:
        x, y, passes = y, x % y, passes + 1
    assert x == math.gcd(a, b)
    tables = _Tables(shown.data("text/html")).tables
    assert [cells for _, cells in tables["av-outputs"]] == [["a", str(x)]]
    # the trace: a row per line of the cell, the magic's line being line 1
    cell = _cell("", GCD)
    while_line, step_line, return_line = (_line_of(cell, s) for s in ("\\While", "\\bmod", "\\Return"))
    trace = {int(cells[0]): cells for _, cells in tables["av-trace"]}
    assert sorted(trace) == list(range(2, len(cell.splitlines()) + 1))
    assert int(trace[while_line][1]) == passes + 1 and int(trace[step_line][1]) == passes
    assert trace[step_line][3] == f"a={x}; b=0"
    # the listing typeset: the statements that ran are marked, with their hits
    rows = {int(cells[0]): (cls, cells) for cls, cells in tables["av-typeset"]}
    assert {line for line, (cls, _) in rows.items() if cls == "av-ran"} == {while_line, step_line, return_line}
    assert rows[while_line][1][1:3] == ["●", str(passes + 1)] and rows[while_line][1][3].startswith("while")
    assert rows[step_line][1][3] == r"\((a, b) \gets (b, a \bmod b)\)"
    markdown = shown.data("text/markdown")
    assert f"| a | <code>{x}</code> |" in markdown
    assert f"| {step_line} | ● | {passes} | &emsp;&emsp;$(a, b) \\gets (b, a \\bmod b)$ |" in markdown


def test_a_notes_listing_shows_what_run_trace_prints(ip, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    line = f"--note {POWER} " + " ".join(f"--set '{v}'" for v in POWER_INPUTS)
    shown = Shown(ip, f"%algoverify {line}")
    printed = _cli_run(POWER, POWER_INPUTS, capsys)
    assert shown.success and shown.data("text/plain") == printed
    tables = _Tables(shown.data("text/html")).tables
    rows = [(int(c[0]), int(c[1])) for _, c in tables["av-trace"]]
    assert rows == _cli_trace_rows(printed)
    ran = {int(c[0]) for cls, c in tables["av-typeset"] if cls == "av-ran"}
    statements = {int(c[0]) for cls, c in tables["av-typeset"] if cls != "av-plain"}
    assert ran == {line for line, hits in rows if hits} & statements and ran == statements


def test_a_failed_run_points_into_the_cell_and_marks_where_it_stopped(ip):
    shown = Shown(ip, _cell("--set 'x=[3,4]' --set 'y=[0,0]'", RATIOS))
    assert shown.success and "Traceback" not in shown.text
    cell = _cell("", RATIOS)
    line = _line_of(cell, "x_i / y_i")
    column = cell.splitlines()[line - 1].index("\\State") + 1
    assert (
        shown.data("text/plain").splitlines()[-3] == f"<cell>:{line}:{column}: AV302 division by zero in this statement"
    )
    assert f"&lt;cell&gt;:{line}:{column}: AV302" in shown.data("text/html")
    rows = {int(c[0]): cls for cls, c in _Tables(shown.data("text/html")).tables["av-typeset"]}
    assert rows[line] == "av-failed"
    assert rows[_line_of(cell, "s \\gets 0")] == "av-ran" and rows[_line_of(cell, "\\Return")] == "av-not-run"
    assert f"| {line} | ✗ |" in shown.data("text/markdown")


def test_of_statements_on_one_line_only_the_one_that_failed_is_marked(ip):
    body = "\\Require \\(x, y\\)\n\\While{\\(x \\gt 1\\)} \\State \\(x \\gets x / y\\) \\EndWhile\n\\Return \\(x\\)"
    shown = Shown(ip, _cell("--set x=4 --set y=0", body))
    assert "AV302" in shown.data("text/plain")
    rows = _Tables(shown.data("text/html")).tables["av-typeset"]
    on_line = [(cls, cells[3].split()[0]) for cls, cells in rows if int(cells[0]) == 3]
    assert on_line == [("av-ran", "while"), ("av-failed", "\\(x"), ("av-plain", "end")]


def test_a_listing_that_does_not_parse_shows_the_line_of_the_cell(ip):
    body = GCD.replace("\\EndWhile", "\\EndFor")
    shown = Shown(ip, _cell("--set a=1 --set b=2", body))
    line = _line_of(_cell("", body), "\\While")
    assert shown.success and "Traceback" not in shown.text
    assert shown.data("text/plain").startswith(f"<cell>:{line}:1: AV102 \\While is never closed")
    assert f"{line} | \\While" in shown.data("text/plain")  # the line of the cell, with a caret under it
    assert shown.data("text/html").startswith('<pre class="av-finding av-error"')


@pytest.mark.parametrize(
    ("code", "message"),
    [
        (_cell("--set 'a=[1071' --set b=462", GCD), "--set a=[1071: cannot read value '[1071' at column"),
        (_cell("--bogus", GCD), "unrecognized arguments: --bogus"),
        (_cell("--set 'a=1", GCD), "cannot read the line: No closing quotation"),
        (_cell("--timeout -1", GCD), "argument --timeout: must be above 0: '-1'"),
        (_cell("--check doubles", GCD), "--check and --listing choose from a note: give it with --note PATH"),
        (_cell(f"--note {POWER}", GCD), "give the listing in the cell or --note PATH, not both"),
        ("%%algoverify --set a=1\n\n", "nothing to run: write a listing's LaTeX in the cell"),
        ("%algoverify --note nowhere.md", "--note nowhere.md: no such note"),
        (f"%algoverify --note {POWER} --listing 3", "listing 3 does not exist; the note has 1"),
        (f"%algoverify --note {POWER} --check any-start-vector --listing 1", "leave out --listing"),
        (f"%algoverify --note {POWER} --check nope", "has no check 'nope'; its checks: leading-eigenpair-spd,"),
    ],
    ids=lambda v: v[:40] if isinstance(v, str) else v,
)
def test_a_mistake_in_the_line_is_a_usage_error_without_a_traceback(ip, monkeypatch, code, message):
    monkeypatch.chdir(ROOT)
    shown = Shown(ip, code)
    assert not shown.success and shown.outputs == []
    assert shown.stderr.startswith("UsageError: ") and message in shown.stderr
    assert "Traceback" not in shown.text


def test_help_lists_the_options(ip):
    shown = Shown(ip, "%algoverify --help")
    assert shown.success and "--note PATH" in shown.stdout and "--check ID" in shown.stdout


# --- a check ---------------------------------------------------------------------------------------


def test_a_refuted_check_shows_its_verdict_and_a_counterexample_that_reproduces(ip):
    note = ROOT / "examples" / "notes" / "reference_fail.md"
    shown = Shown(ip, f"%algoverify --note {note} --check doubles")
    assert shown.success
    html = shown.data("text/html")
    assert re.search(r'<b class="av-verdict"[^>]*>refuted</b>', html)
    claim_line = _line_of(note.read_text(encoding="utf-8"), "Scaling by two")
    assert f"{note}:{claim_line}:" in html and "AV401" in html
    counterexample = [tuple(c) for _, c in _Tables(html).tables["av-counterexample"]]
    assert [name for name, _ in counterexample] == ["n", "x"]
    assert shown.data("text/markdown").startswith("**refuted** reference <code>doubles</code>")
    assert "refuted" in shown.data("text/plain") and "reproduce: algoverify run" in shown.data("text/plain")
    # the counterexample, given back with --set, refutes the claim again in one trial
    again = Shown(
        ip, f"%algoverify --note {note} --check doubles " + " ".join(f"--set '{n}={v}'" for n, v in counterexample)
    )
    tables = _Tables(again.data("text/html")).tables
    assert re.search(r'<b class="av-verdict"[^>]*>refuted</b>', again.data("text/html"))
    assert [tuple(c) for _, c in tables["av-inputs"]] == counterexample


def test_a_known_finding_shows_refuted_as_expected(ip, monkeypatch):
    monkeypatch.chdir(ROOT)
    shown = Shown(ip, f"%algoverify --note {POWER} --check zero-start-vector")
    html = shown.data("text/html")
    assert re.search(r'<b class="av-verdict"[^>]*>refuted as expected</b>', html)
    rows = dict(tuple(c) for _, c in _Tables(html).tables["av-counterexample"])
    assert set(rows) == {"n", "A", "v", "tau"} and not any(float(t) for t in re.findall(r"[-\d.e]+", rows["v"]))


MODEXP = r"""---
title: "Modular powers"
algoverify:
  checks:
    - id: passes-per-bit
      kind: property
      listing: ModExp
      claim: "The loop makes one pass per binary digit of the exponent"
      inputs: {b: "integers(0, 100)", e: "integers(1, 200)", m: "integers(2, 100)"}
      holds: 'k = \lceil \log_2 e^{(0)} \rceil'
---

Let \(b, e \ge 0\) and \(m \ge 2\) be integers. The loop makes one pass per binary digit of the exponent.

\begin{algorithmic}[1]
\Function{ModExp}{\(b, e, m\)}
    \State \(r \gets 1\)
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


def test_one_trial_shows_what_it_compared_as_run_check_prints_it(ip, tmp_path, capsys):
    """``--check ID --set …``: the comparison as `algoverify run NOTE --check ID --set …` prints it, and a real time."""
    note = tmp_path / "modexp.md"
    note.write_text(MODEXP, encoding="utf-8")
    values = ["b=2", "e=8", "m=7"]
    capsys.readouterr()
    assert cli.main(["run", str(note), "--check", "passes-per-bit", *(a for v in values for a in ("--set", v))]) == 1
    compared = capsys.readouterr().out.splitlines()[0]
    assert compared == r"k = 4; \lceil \log_2 e^{(0)} \rceil = 3"
    shown = Shown(ip, f"%algoverify --note {note} --check passes-per-bit " + " ".join(f"--set {v}" for v in values))
    text = shown.data("text/plain")
    assert f"    compared: {compared}\n" in text and "['" not in text and "\\\\" not in text
    took = re.search(r"\(1 check, (\d+\.\d\d) s\)", text)
    assert took is not None and float(took.group(1)) > 0
    html = shown.data("text/html")
    assert (
        f'<div>compared:</div><div class="av-compared" style="padding-left:0.6em"><div><code>{compared}</code>' in html
    )
    assert f"compared:\n\n- <code>{compared}</code>\n" in shown.data("text/markdown")
    assert api.reproduce(note, "passes-per-bit", {"b": 2, "e": 8, "m": 7}).seconds > 0


# --- the API's objects display themselves ----------------------------------------------------------


def test_the_apis_objects_display_themselves(ip):
    listing = algoverify.compile(GCD)
    run = listing.run({"a": 12, "b": 18})
    report = api.check([ROOT / "examples" / "notes" / "reference_fail.md"]).notes[0]
    for obj in (listing, run, report.outcomes[0]):
        data, _ = ip.display_formatter.format(obj)
        assert {"text/html", "text/markdown", "text/plain"} <= set(data), type(obj)
    assert "<b>while</b> \\(b \\ne 0\\) <b>do</b>" in listing._repr_html_()
    assert "| 3 | **while** $b \\ne 0$ **do** |" in listing._repr_markdown_()
    data, _ = ip.display_formatter.format(run)
    assert data["text/plain"].endswith("a = 6\n")  # a terminal IPython shows `run --trace`'s text
    assert "av-counterexample" in report.outcomes[0]._repr_html_()


def test_every_text_from_a_note_is_escaped(ip):
    hostile = r"""\begin{algorithm}
\caption{<script>alert(1)</script> & co}
\begin{algorithmic}
\Require \(a, b\)
\If{\(a < b\)} \State \(c \gets b\) \Comment{<img src=x onerror=alert(2)>}
\Else \State \(c \gets a > 1\) \EndIf
\State \Return \(c\)
\end{algorithmic}
\end{algorithm}"""
    shown = Shown(ip, _cell("--set a=1 --set b=2", hostile))
    for mime in ("text/html", "text/markdown"):
        text = shown.data(mime)
        assert "<script" not in text and "<img" not in text, mime
        assert "&lt;script&gt;" in text and "&lt;img src=x" in text, mime
    assert "\\(a &lt; b\\)" in shown.data("text/html") and "$a \\lt b$" in shown.data("text/markdown")
    listing = algoverify.compile(hostile)
    assert "<script" not in listing._repr_html_() and "<script" not in listing._repr_markdown_()


@pytest.mark.parametrize(
    "path",
    sorted(
        p.relative_to(ROOT)
        for folder in ("corpus", "examples/notes", "examples/latexify")
        for p in (ROOT / folder).glob("*.md")
    ),
    ids=str,
)
def test_every_listing_typesets_each_statement_once(path):
    loaded = algoverify.load(ROOT / path)
    for listing in loaded.listings:
        rows = typeset(listing.algorithm, listing.source.line_col)
        placed = [id(n) for row in rows for n in row.nodes]
        runnable = [
            n
            for n in ir.walk(listing.algorithm)
            if isinstance(n, (ir.Assign, ir.CallStmt, ir.Return, ir.Print, ir.WhileBlock, ir.ForRange, ir.ForAll,
                              ir.RepeatUntil, ir.LoopBlock, ir.Function, ir.UserBlock, ir.IfBlock))
            or (isinstance(n, ir.TextStatement) and n.kind != "remark")
        ]  # fmt: skip
        runnable += [b for n in ir.walk(listing.algorithm) if isinstance(n, ir.IfBlock) for b in n.branches[1:]]
        assert sorted(placed) == sorted(id(n) for n in runnable), f"{path}: listing {listing.index}"
        first, last = (
            listing.source.line_col(offset)[0] for offset in (listing.algorithm.span.start, listing.algorithm.span.end)
        )
        assert all(first <= row.line <= last for row in rows)
        assert listing._repr_html_().startswith('<div class="av-listing">') and listing._repr_markdown_()


# --- the manual's magic cells -------------------------------------------------------------------------


def _kernel_blocks() -> list:
    page_blocks = blocks(PAGE)
    out = []
    for k, block in enumerate(page_blocks):
        if block.lang != "python" or block.not_run != KERNEL:
            continue
        after = page_blocks[k + 1] if k + 1 < len(page_blocks) else None
        text = PAGE.read_text(encoding="utf-8")
        shown = None
        if (
            after is not None
            and after.lang == "text"
            and re.fullmatch(r"\s*```\s*```text\n", text[block.end : after.start])
        ):
            shown = after.body
        out.append(pytest.param(block, shown, id=block.name))
    return out


@pytest.mark.parametrize(("block", "shown"), _kernel_blocks())
def test_the_manuals_magic_cells_show_what_the_page_shows(ip, block, shown, tmp_path, monkeypatch):
    make_workspace(tmp_path)
    monkeypatch.chdir(tmp_path)
    result = Shown(ip, block.body.rstrip("\n"))
    if shown is None:  # %load_ext (loaded already by the fixture: IPython says so, and nothing else)
        assert block.body.startswith("%load_ext"), f"{block.name}: a magic cell without its ```text output below it"
        assert result.success and "algoverify" in ip.magics_manager.magics["cell"]
        return
    assert normalise(result.text).rstrip("\n") == normalise(shown).rstrip("\n")
