r"""User macros: reading definitions, expanding them, and reporting at the use site."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from algoverify import api
from algoverify.reading.macros import MacroError, expand, from_mapping, scan

PREAMBLE = r"""
\newcommand{\R}{\mathbb{R}}
\newcommand\norm[1]{\left\lVert #1 \right\rVert}
\renewcommand{\vec}[1]{\mathbf{#1}}
\DeclareMathOperator*{\argmax}{arg\,max}
\DeclareMathOperator{\tr}{tr}
\def\inner#1#2{\langle #1, #2 \rangle}
\newcommand{\sub}[2][x]{#1_{#2}}
\providecommand{\R}{\text{never used: already defined}}
% \newcommand{\commented}{out}
\let\eps\varepsilon
"""


@pytest.mark.parametrize(
    "latex, expected",
    [
        (r"x \in \R^n", r"x \in \mathbb{R}^n"),
        (r"\norm{w - v} \le \tau", r"\left\lVert w - v \right\rVert  \le \tau"),
        (r"\norm x", r"\left\lVert x \right\rVert "),
        (r"\argmax_{i} s_i", r"\operatorname*{arg\,max}_{i} s_i"),
        (r"\tr(A)", r"\operatorname{tr}(A)"),
        (r"\inner{a}{b}", r"\langle a, b \rangle "),
        (r"\sub{i} + \sub[y]{j}", r"x_{i} + y_{j}"),
        (r"\vec{w}", r"\mathbf{w}"),
        (r"\eps", r"\varepsilon "),
        (r"\norm{\norm{x}}", r"\left\lVert \left\lVert x \right\rVert  \right\rVert "),
        (r"\Rx + y", r"\Rx + y"),  # another control word, not \R followed by x
    ],
)
def test_definitions_expand_as_tex_would(latex, expected):
    assert expand(latex, 0, scan(PREAMBLE)).text == expected


def test_what_is_read_from_a_preamble():
    table = scan(PREAMBLE)
    assert sorted(table.macros) == [r"\R", r"\argmax", r"\eps", r"\inner", r"\norm", r"\sub", r"\tr", r"\vec"]
    assert table.macros[r"\R"].body == r"\mathbb{R}"  # \providecommand did not replace it
    assert (table.macros[r"\sub"].nargs, table.macros[r"\sub"].default) == (2, "x")


def test_kaTeX_style_mappings():
    table = from_mapping({"\\RR": "\\mathbb{R}", "norm": ["\\lVert #1 \\rVert", 1], "bad": 3})
    assert sorted(table.macros) == [r"\RR", r"\norm"]
    assert expand(r"\norm{x} \in \RR", 0, table).text == r"\lVert x \rVert  \in \mathbb{R}"


def test_an_argument_keeps_its_own_position_and_a_body_points_at_the_use():
    table = scan(PREAMBLE)
    latex = r"y = \norm{w} + \R"
    e = expand(latex, 1000, table)
    w = e.text.index("w")
    assert e.map.span(w, w + 1).start == 1000 + latex.index("w")
    body = e.text.index("mathbb")
    use = latex.index(r"\R")
    assert e.map.span(body, body + 6) == api.Span(1000 + use, 1000 + use + 2)
    assert e.map.span(0, len(e.text)) == api.Span(1000, 1000 + len(latex))


def test_nothing_to_expand_keeps_the_text_and_no_map():
    e = expand(r"x \gets y", 5, scan(PREAMBLE))
    assert not e.changed and e.text == r"x \gets y"


@pytest.mark.parametrize(
    "definition, use, message",
    [
        (r"\newcommand{\loop}{\loop}", r"a + \loop", "too deeply"),
        (r"\newcommand{\twice}{\twice\twice}", r"\twice", "expands"),
        (r"\newcommand{\norm}[1]{|#1|}", r"a + \norm", "takes 1 argument"),
    ],
)
def test_an_expansion_that_cannot_finish_is_an_error_at_the_use(definition, use, message):
    with pytest.raises(MacroError, match=message) as info:
        expand(use, 10, scan(definition))
    start = use.index("\\", 1 if use.startswith("a") else 0)
    assert info.value.span.start == 10 + start


@pytest.mark.slow
@given(st.lists(st.sampled_from([*"ab{}[]#\\ 12\n", r"\R", r"\norm", r"\sub"]), max_size=30).map("".join))
def test_expansion_never_crashes_and_maps_inside_the_segment(latex):
    table = scan(PREAMBLE)
    try:
        e = expand(latex, 7, table)
    except MacroError as exc:
        assert 7 <= exc.span.start <= exc.span.end <= 7 + len(latex)
        return
    if e.changed:
        for i in range(len(e.text)):
            span = e.map.span(i, i + 1)
            assert 7 <= span.start <= span.end <= 7 + len(latex)


NOTE = r"""---
title: macros
---

\newcommand{\norm}[1]{\lVert #1 \rVert}
\newcommand{\R}{\mathbb{R}}

\begin{algorithmic}
\Require \(x\)
\State \(r \gets \norm{x}\)
\State \(s \gets \norm{x + }\)
\end{algorithmic}
"""


def test_lint_reads_the_notes_macros_and_reports_inside_an_expansion_at_the_use(tmp_path):
    note = tmp_path / "note.md"
    note.write_text(NOTE)
    result = api.lint([note])
    (finding,) = result.all_findings()
    assert finding.code == "AV201" and finding.severity.value == "warning"
    # the parser meets the body's closing \rVert: reported at the macro's use, inside the note's text
    use = NOTE.index(r"\norm{x + }")
    assert use <= finding.span.start and finding.span.end <= use + len(r"\norm{x + }")
    assert result.notes[0].note.source.line_col(finding.span.start) == (11, 18)


def test_a_preamble_beside_the_note_and_the_project_config_define_macros(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.algoverify]\nmacros = { "\\\\half" = "\\\\frac{1}{2}" }\n')
    (tmp_path / "preamble.tex").write_text(r"\newcommand{\sq}[1]{#1^{2}}")
    note = tmp_path / "n.md"
    note.write_text("\\begin{algorithmic}\n\\State \\(y \\gets \\half \\sq{2}\\)\n\\end{algorithmic}\n")
    result = api.lint([note])
    assert result.all_findings() == []
    assert r"\half" in result.notes[0].macros and r"\sq" in result.notes[0].macros
    # without the definitions the same listing has two unknown macros
    (tmp_path / "pyproject.toml").unlink()
    (tmp_path / "preamble.tex").unlink()
    from algoverify.reading import config

    config._find.cache_clear()  # the config of a folder is cached for the run
    codes = [f.code for f in api.lint([note]).all_findings()]
    assert codes and set(codes) <= {"AV202", "AV201"}


def test_a_listing_runs_with_the_notes_macros_and_reports_inside_them_at_the_use(tmp_path):
    import numpy as np

    import algoverify

    note = tmp_path / "n.md"
    note.write_text(
        "\\newcommand{\\norm}[1]{\\lVert #1 \\rVert}\n\\newcommand{\\sq}[1]{#1^{2}}\n\n"
        "\\begin{algorithmic}\n\\Require $x$, $w$\n\\State $r \\gets \\sq{\\norm{x}}$\n"
        "\\State $s \\gets \\norm{x + w}$\n\\State \\Return $r, s$\n\\end{algorithmic}\n"
    )
    listing = algoverify.load(note).listings[0]
    r, s = listing(x=np.array([3.0, 4.0]), w=np.zeros(2))
    assert (round(r, 9), round(s, 9)) == (25.0, 5.0)
    with pytest.raises(algoverify.ExecutionError) as info:
        listing(x=np.array([3.0, 4.0]), w=np.ones(3))  # a shape error in the argument of \norm
    # the argument keeps its own place in the note
    assert listing.source.line_col(info.value.finding.span.start) == (7, len("\\State $s \\gets \\norm{") + 1)


def test_compile_reads_the_macros_its_latex_defines():
    import algoverify

    listing = algoverify.compile(
        "\\newcommand{\\half}{\\frac{1}{2}}\n\\begin{algorithmic}\n\\Require $x$\n\\State \\Return $\\half x$\n\\end{algorithmic}"
    )
    assert listing(x=4.0) == 2.0


def test_a_macro_that_expands_to_an_update_makes_an_assignment():
    import algoverify

    listing = algoverify.compile(
        "\\newcommand{\\pluseq}{\\mathrel{+}=}\n\\begin{algorithmic}\n\\Require $n$\n\\State $s \\gets 0$\n"
        "\\For{$i = 1, \\dots, n$} \\State $s \\pluseq i$ \\EndFor\n\\State \\Return $s$\n\\end{algorithmic}"
    )
    assert listing(n=4) == 10
