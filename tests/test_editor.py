"""What an editor asks of the core: lint of unsaved text, check's cached outcomes, names, references, fixes.

The API side of ``algoverify lsp`` (:func:`algoverify.api.lint_text`, :func:`algoverify.api.cached_check`,
:mod:`algoverify.api.editor`); tests/test_lsp.py drives the same through the server.
"""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest
from helpers import ROOT

from algoverify import api
from algoverify.api import editor

NOTES = sorted([*(ROOT / "corpus").glob("*.md"), *(ROOT / "examples" / "notes").glob("*.md")])


def _shape(findings):
    return [(f.code, f.severity, f.message, f.span) for f in findings]


@pytest.mark.parametrize("path", NOTES, ids=lambda p: p.name)
def test_lint_of_a_notes_text_is_lint_of_its_file(path):
    # lint of a folder: a note with nothing to check is not AV004 there, nor in an editor
    by_file = api.lint([path.parent]).notes
    report = next(n for n in by_file if n.path == path)
    assert _shape(api.lint_text(path, path.read_text(encoding="utf-8")).findings) == _shape(report.findings)


def test_lint_text_reads_the_text_not_the_file(tmp_path):
    note = tmp_path / "note.md"
    shutil.copy(ROOT / "examples" / "notes" / "sum-of-an-array.md", note)
    before = note.stat()
    text = note.read_text().replace(r"\State \(c \gets 0\)", r"\State \(c \gets \foo\)")
    found = _shape(api.lint_text(note, text).findings)
    on_disk = _shape(api.lint([note.parent]).notes[0].findings)  # the file is as it was, and unread by lint_text
    assert [(f[0], text[f[3].start : f[3].end]) for f in found if f not in on_disk] == [("AV202", r"\foo")]
    assert (note.stat().st_mtime_ns, note.read_text()) == (before.st_mtime_ns, note.read_text())


def test_lint_text_refuses_what_read_note_refuses(tmp_path):
    found = api.lint_text(tmp_path / "n.md", "a\0b").findings
    assert [f.code for f in found] == ["AV002"] and "NUL" in found[0].message
    # a byte-order mark is not part of the note: offsets count the text after it
    text = "\ufeff\\begin{algorithmic}\n\\State \\(y \\gets \\foo\\)\n\\end{algorithmic}\n"
    (finding,) = api.lint_text(tmp_path / "n.md", text).findings
    assert text[1:][finding.span.start : finding.span.end] == r"\foo"


def test_cached_check_replays_checks_outcomes_for_that_text_only(tmp_path, monkeypatch):
    monkeypatch.delenv("ALGOVERIFY_NO_CACHE", raising=False)  # the suite's own runs keep no cache
    for name in ("first-note.md", "first_note_checks.py"):
        shutil.copy(ROOT / "examples" / "notes" / name, tmp_path / name)
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'notes'\n")
    text = (tmp_path / "first-note.md").read_text()
    assert api.cached_check(tmp_path / "first-note.md", text, spelt="first-note.md") is None  # nothing stored yet
    command = [sys.executable, "-m", "algoverify", "check", "first-note.md"]
    run = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 1, run.stderr
    cached = api.cached_check(tmp_path / "first-note.md", text, spelt="first-note.md")
    assert [(o.check.id, o.status) for o in cached.outcomes] == [
        ("sample-variance", "refuted"),
        ("variance-non-negative", "verified"),
    ]
    claim = cached.outcomes[0].claim_span
    assert text[claim.start : claim.end].startswith("it returns their mean")
    # another text, another spelling of the path, another option: not what check stored
    assert api.cached_check(tmp_path / "first-note.md", text + "\n", spelt="first-note.md") is None
    assert api.cached_check(tmp_path / "first-note.md", text, spelt="./first-note.md") is None
    assert api.cached_check(tmp_path / "first-note.md", text, spelt="first-note.md", strict=True) is None
    monkeypatch.setenv("ALGOVERIFY_NO_CACHE", "1")
    assert api.cached_check(tmp_path / "first-note.md", text, spelt="first-note.md") is None


def _at(text: str, probe: str, after: str = "\\begin{algorithmic}", plus: int = 0) -> int:
    return text.index(probe, text.index(after)) + plus


MEANINGS = [
    # (note, probe, offset into the probe, name, what it says)
    ("examples/notes/sum-of-an-array.md", r"\(n\)}", 2, "n", "size: length of x, from the prose at line 5"),
    ("examples/notes/sum-of-an-array.md", r"\(i \gets", 2, "i", r"loop variable of the \For at line 10, from 1 to n"),
    ("examples/notes/sum-of-an-array.md", "x_i", 0, "x", r"parameter of \Function CountLarge: vector of length n"),
    ("examples/notes/sum-of-an-array.md", r"\(c \gets 0", 2, "c", "set by the listing, first at line 9"),
    ("corpus/power-iteration.md", r"\(A\)", 2, "A", r"input: a value; symmetric, from \Require"),
    ("corpus/layer-normalisation.md", r"\sigma^{2} \gets", 2, "sigma_sq", "set by the listing"),
    ("examples/notes/unbound-size.md", r"\(n\)}", 2, "n", "not bound"),
]


@pytest.mark.parametrize(
    ("note", "probe", "plus", "name", "what"), MEANINGS, ids=[f"{m[0].split('/')[-1]}:{m[3]}" for m in MEANINGS]
)
def test_a_names_meaning_says_what_binds_it_and_where(note, probe, plus, name, what):
    text = (ROOT / note).read_text(encoding="utf-8")
    meaning = editor.meaning_at(api.lint_text(ROOT / note, text), _at(text, probe, plus=plus))
    assert meaning is not None and meaning.name == name and meaning.what.startswith(what), meaning
    assert meaning.listing == 1 and meaning.base == 1


def test_the_index_base_says_where_it_comes_from(tmp_path):
    text = (ROOT / "examples" / "notes" / "sum-of-an-array.md").read_text()
    zero = text.replace("title:", "algoverify:\n  index_base: 0\ntitle:")
    meaning = editor.meaning_at(api.lint_text(tmp_path / "n.md", zero), _at(zero, r"\(i \gets", plus=2))
    assert (meaning.base, meaning.base_reason) == (0, "the note's index_base:")


def test_off_a_name_there_is_no_meaning():
    text = (ROOT / "corpus" / "power-iteration.md").read_text()
    report = api.lint_text(ROOT / "corpus" / "power-iteration.md", text)
    for offset in (0, text.index("Demo note"), _at(text, r"\State"), _at(text, r"\gets", after=r"\State")):
        assert editor.meaning_at(report, offset) is None


def test_references_point_at_what_they_name():
    path = ROOT / "corpus" / "power-iteration.md"
    text = path.read_text()
    report = api.lint_text(path, text)
    listing = editor.definition_at(report, text.index("listing: 1"))
    assert text[listing.span.start :].startswith(r"\begin{algorithm}[H]")
    claim = editor.definition_at(report, text.index('claim: "an ill') + 3)
    assert text[claim.span.start : claim.span.end] == "an ill conditioned matrix can need many iterations"
    assert claim.span.start > report.note.body_span.start
    module = editor.definition_at(report, text.index("module:"))
    assert module == editor.Target(path.parent / "power_iteration_checks.py", None)
    function = editor.definition_at(report, text.index("reference: leading"))
    source = module.path.read_text()
    assert function.path == module.path and source[function.span.start :].startswith("def leading_eigenpair(")
    assert editor.definition_at(report, text.index("kind: reference")) is None


def test_ref_and_label_point_at_the_labelled_statement(tmp_path):
    text = (
        "See line~\\ref{ln:step} and \\eqref{eq:sum}.\n\n"
        "\\begin{algorithmic}[1]\n\\Require \\(x\\)\n\\State \\(y \\gets 2 x\\) \\label{ln:step}\n\\Return \\(y\\)\n"
        "\\end{algorithmic}\n\n\\begin{equation}\\label{eq:sum}\ny = 2 x\n\\end{equation}\n"
    )
    report = api.lint_text(tmp_path / "n.md", text)
    step = editor.definition_at(report, text.index("ln:step"))
    assert text[step.span.start : step.span.end].startswith(r"\State \(y \gets 2 x\)")
    assert editor.definition_at(report, text.rindex("ln:step")) == step  # from the \label itself
    equation = editor.definition_at(report, text.index("eq:sum") + 1)
    assert text[equation.span.start :].startswith("\\begin{equation}")
    assert editor.definition_at(report, text.index("\\ref") - 3) is None


def _applied(text: str, fix: editor.Fix) -> str:
    for edit in sorted(fix.edits, key=lambda e: e.span.start, reverse=True):
        text = text[: edit.span.start] + edit.text + text[edit.span.end :]
    return text


FIXABLE = [
    # (note, code, title, the fix's comment or declaration)
    (
        "examples/notes/broken.md",
        "AV202",
        "Silence AV202 on this line",
        r"\State \(y \gets \foo x\) % algoverify: ignore[AV202]",
    ),
    (
        "examples/notes/spec-typo.md",
        "AV501",
        "Silence AV501 on this line",
        "compare: {y: {rtoll: 1e-3}} # algoverify: ignore[AV501]",
    ),
    (
        "examples/notes/unbound-size.md",
        "AV303",
        "Declare n as an input (\\Require)",
        "\\begin{algorithmic}\n\\Require \\(n\\)\n\\Function",
    ),
    ("examples/notes/unbound-size.md", "AV303", "Add n to the parameters of Dot", "\\Function{Dot}{\\(x, y, n\\)}"),
]


@pytest.mark.parametrize(("note", "code", "title", "written"), FIXABLE, ids=[f[2] for f in FIXABLE])
def test_a_fix_makes_its_finding_go(note, code, title, written):
    path = ROOT / note
    text = path.read_text()
    report = api.lint_text(path, text)
    finding = next(f for f in report.findings if f.code == code)
    fix = next(f for f in editor.fixes(report, finding) if f.title == title)
    fixed = _applied(text, fix)
    assert written in fixed
    after = api.lint_text(path, fixed).findings
    assert code not in [f.code for f in after]
    assert len(after) == len(report.findings) - 1


@pytest.mark.parametrize(
    ("body", "comment"),
    [
        (
            "The array \\(x\\) has \\(n\\) entries, and the sum of \\(x\\) is always 0.\n",
            "0. <!-- algoverify: ignore[AV604] -->",
        ),
        ("```python\nprint(1 +)\n```\n", "print(1 +) # algoverify: ignore[AV010]"),
        (
            "\\begin{algorithmic}\n\\Require \\(x\\)\n\\State \\(y \\gets \\foo\\) % algoverify: ignore[AV201]\n\\Return \\(y\\)\n\\end{algorithmic}\n",
            "ignore[AV201, AV202]",
        ),
        ("$$ y = \\foo x $$\n\n\\[\ny = \\foo x\n\\]\n", None),
    ],
    ids=["prose", "python", "one-more-code", "display-math"],
)
def test_a_suppression_takes_the_comment_of_its_place(tmp_path, body, comment):
    path = tmp_path / "n.md"
    report = api.lint_text(path, body)
    if comment is None:  # display math: its own comment on its inside lines, an HTML one after its end
        comments = [fix.edits[0].text for finding in report.findings for fix in editor.fixes(report, finding)]
        assert comments == [" <!-- algoverify: ignore[AV202] -->", " % algoverify: ignore[AV202]"]
        return
    finding = report.findings[0]
    fix = next(f for f in editor.fixes(report, finding) if f.title.startswith("Silence"))
    fixed = _applied(body, fix)
    assert comment in fixed
    assert finding.code not in [f.code for f in api.lint_text(path, fixed).findings]


# --- what a run binds: the hover and `run --help-inputs` say the same ------------------------------

SORT = r"""---
title: "Insertion sort"
algoverify:
  checks:
    - id: sorted-output
      kind: property
      listing: InsertionSort
      claim: "its entries are in non-decreasing order"
      inputs: {n: "integers(1, 30)", A: "randn(n)"}
      holds: '\forall i \in \{1, \dots, n - 1\}: a_i \le a_{i+1}'
---

Let \(A = (a_1, \dots, a_n)\) be an array of \(n\) real numbers.

\begin{algorithmic}[1]
\Procedure{InsertionSort}{\(A\)}
    \For{\(j = 2, \dots, n\)}
        \State \(\mathit{key} \gets a_j\)
        \State \(i \gets j - 1\)
        \While{\(i \gt 0\) \textbf{and} \(a_i \gt \mathit{key}\)}
            \State \(a_{i+1} \gets a_i\)
            \State \(i \gets i - 1\)
        \EndWhile
        \State \(a_{i+1} \gets \mathit{key}\)
    \EndFor
    \State \Return \(A\)
\EndProcedure
\end{algorithmic}

On return, its entries are in non-decreasing order.
"""

NEWTON_Y = r"""---
title: "Newton's square root"
algoverify:
  checks:
    - id: residual
      kind: property
      listing: NewtonSqrt
      claim: "the residual is below the tolerance"
      inputs: {a: "loguniform(1e-4, 1e4)", epsilon: 1e-12}
      holds: '\lvert x^{2} - a \rvert \le \varepsilon a'
---

Let \(a > 0\) be a real number and \(\varepsilon > 0\) a tolerance.

\begin{algorithmic}[1]
\Function{NewtonSqrt}{\(a, \varepsilon\)}
    \State \(x \gets a\)
    \While{\(\lvert x^2 - a \rvert \gt \varepsilon a\)}
        \State \(x \gets \frac{1}{2} \left( x + \frac{a}{y} \right)\)
    \EndWhile
    \State \Return \(x\)
\EndFunction
\end{algorithmic}

When the loop stops, the residual is below the tolerance.
"""


def _help_inputs(path) -> dict[str, str]:
    """What ``run --help-inputs`` says of each input and size of the note's first listing, by name."""
    run = subprocess.run(
        [sys.executable, "-m", "algoverify", "run", path.name, "--help-inputs"],
        cwd=path.parent,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    said, section = {}, None
    for line in run.stdout.splitlines():
        if not line.startswith(" "):
            section = line.split(" ", 1)[0].rstrip(":")
        elif section in ("inputs", "sizes"):
            name, what = line.strip().split(None, 1)
            said[name] = what
    return said


def test_a_hover_says_what_the_run_binds_as_run_help_inputs_says_it(tmp_path):
    path = tmp_path / "sort.md"
    path.write_text(SORT)
    said = _help_inputs(path)
    assert said["n"] == "length of A, from the prose at line 13"  # the prose wins over the spec's draw
    report = api.lint_text(path, SORT)
    meaning = lambda probe, plus: editor.meaning_at(report, _at(SORT, probe, plus=plus))  # noqa: E731
    n = meaning(r"\dots, n\)}", len(r"\dots, "))
    assert (n.name, n.what) == ("n", f"size: {said['n']}")
    A = meaning(r"{\(A\)}", 3)
    assert (A.name, A.what) == ("A", f"parameter of \\Procedure InsertionSort: {said['A']}")
    # a_j, read from the input before any store: an entry of A, as the run binds it, not the listing's own
    for probe, plus in ((r"\gets a_j", 6), (r"\gets a_j", 7), (r"\(a_{i+1} \gets", 2)):  # a, the _ of a_j, a
        a = meaning(probe, plus)
        assert (a.name, a.what) == ("a", f"entries of the input A: {said['A']}"), (probe, plus)


@pytest.mark.parametrize(
    "note", ["examples/notes/sum-of-an-array.md", "corpus/power-iteration.md", "corpus/layer-normalisation.md"]
)
def test_every_input_and_size_hovers_as_run_help_inputs_lists_it(tmp_path, note):
    from algoverify.math import mathexpr as M
    from algoverify.math.names import identifier
    from algoverify.math.segments import parse_segment
    from algoverify.syntax import ir

    path = ROOT / note
    said = _help_inputs(path)
    text = path.read_text(encoding="utf-8")
    report = api.lint_text(path, text)
    algorithm = report.listings()[0].ir
    hovered = {}
    for math in (m for m in ir.walk(algorithm) if isinstance(m, ir.Math)):
        for node in M.walk(parse_segment(math)):
            name = identifier(node)
            if name in said and name not in hovered:
                hovered[name] = editor.meaning_at(report, node.span.start).what
    assert hovered and set(hovered) <= set(said)
    for name, what in hovered.items():
        assert what.endswith(f": {said[name]}"), (name, what, said[name])


def test_the_fixes_of_a_name_nothing_binds_make_it_an_input_the_checks_must_draw(tmp_path):
    path = tmp_path / "newton.md"
    report = api.lint_text(path, NEWTON_Y)
    (finding,) = report.findings
    assert finding.code == "AV303"
    fixes = {fix.title: _applied(NEWTON_Y, fix) for fix in editor.fixes(report, finding)}
    assert list(fixes) == [
        "Silence AV303 on this line",
        "Declare y as an input (\\Require)",
        "Add y to the parameters of NewtonSqrt",
    ]
    assert "\\Require \\(y\\)\n\\Function{NewtonSqrt}" in fixes["Declare y as an input (\\Require)"]
    assert "\\Function{NewtonSqrt}{\\(a, \\varepsilon, y\\)}" in fixes["Add y to the parameters of NewtonSqrt"]
    for title in ("Declare y as an input (\\Require)", "Add y to the parameters of NewtonSqrt"):
        # y is now given to the listing: the check that does not draw it says so, where it linted clean
        (missing,) = api.lint_text(path, fixes[title]).findings
        assert missing.code == "AV307" and "missing input(s) y" in missing.message, title
        assert fixes[title][missing.span.start :].startswith("inputs: {a:")


def test_a_name_read_outside_the_entry_function_is_not_offered_as_its_parameter(tmp_path):
    text = (
        NEWTON_Y.replace(r"\frac{a}{y}", r"\frac{a}{x}")
        .replace(
            "\\end{algorithmic}",
            "\\Function{Half}{\\(u\\)}\n    \\State \\Return \\(u / y\\)\n\\EndFunction\n\\end{algorithmic}",
        )
        .replace(r"\State \(x \gets a\)", r"\State \(x \gets \Call{Half}{a}\)")
    )
    report = api.lint_text(tmp_path / "newton.md", text)
    (finding,) = [f for f in report.findings if f.code == "AV303"]
    assert text[finding.span.start : finding.span.end] == "y"
    assert not [f for f in editor.fixes(report, finding) if f.title.startswith("Add y")]
