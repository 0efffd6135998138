r"""The lint never blocks valid LaTeX: severity by what is at stake, suppressions, project config."""

from __future__ import annotations

import json
import textwrap

import pytest

from algoverify import api
from algoverify.cli import main
from algoverify.reading import config as config_module


@pytest.fixture(autouse=True)
def _fresh_config_cache():
    config_module._find.cache_clear()
    yield
    config_module._find.cache_clear()


def _note(tmp_path, body: str, name: str = "note.md"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(body).lstrip())
    return path


def _findings(path, **kwargs):
    result = api.lint([path], **kwargs)
    source = result.notes[0].note.source if result.notes and result.notes[0].note else None
    out = []
    for f in result.all_findings():
        line, col = source.line_col(f.span.start) if source and f.span and f.path == path else (None, None)
        out.append((f.code, f.severity.value, line, col))
    return out


# --- severity by role ---------------------------------------------------------------------------

ROLES = r"""
---
title: roles
---

\begin{algorithm}
\caption{Uses \(\foo\) in the caption}
\begin{algorithmic}
\Require a vector \(x \in \foo\)
\State \(y \gets \foo 2\)
\State compute \(\foo\) by hand \Comment{see \(\foo\)}
\If{\(\foo > 0\)}
\State \(y \gets 1\)
\EndIf
\end{algorithmic}
\end{algorithm}

$$ \foo = 1 $$
"""


def test_unreadable_math_warns_where_it_runs_and_is_a_note_where_it_describes(tmp_path):
    found = _findings(_note(tmp_path, ROLES))
    executed = sorted((line, col) for code, sev, line, col in found if sev == "warning")
    described = sorted((line, col) for code, sev, line, col in found if sev == "note")
    assert all(code == "AV202" for code, *_ in found)
    assert executed == [(9, 18), (11, 7)]  # the assignment and the \If condition
    assert described == [(6, 17), (8, 27), (10, 18), (10, 48), (17, 4)]  # caption, \Require, text, comment, display
    assert not any(sev == "error" for _, sev, _, _ in found)


def test_the_cli_hides_notes_unless_verbose_and_fails_on_warnings_only_with_strict(tmp_path, capsys):
    path = _note(tmp_path, ROLES)
    assert main(["lint", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == "2 warnings" and "(this statement will not run)" in out
    assert main(["lint", "--verbose", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "2 warnings, 5 notes"
    assert main(["lint", "--strict", str(path)]) == 1


def test_broken_structure_is_still_an_error(tmp_path):
    path = _note(tmp_path, "\\begin{algorithmic}\n\\While{\\(x\\)}\n\\State \\(x \\gets 1\\)\n\\end{algorithmic}\n")
    assert [(c, s) for c, s, *_ in _findings(path)] == [("AV102", "error")]


# --- suppressions -------------------------------------------------------------------------------

SUPPRESSED = r"""
---
title: suppressed
algoverify:
  ignore: [AV203]
---

\begin{algorithmic}
\State \(a \gets \foo 2\) % algoverify: ignore[AV202]
\State \(b \gets \foo 2\) % algoverify: ignore[AV201]
\State \(c \gets \foo 2\) % algoverify: ignore
% algoverify: off
\State \(d \gets \foo 2\)
% algoverify: on
\State \(e \gets \foo 2\)
\end{algorithmic}
"""


def test_line_region_and_front_matter_suppressions(tmp_path):
    found = _findings(_note(tmp_path, SUPPRESSED))
    assert [(c, line) for c, _, line, _ in found] == [("AV202", 9), ("AV202", 14)]


def test_unused_suppressions_are_reported_with_strict(tmp_path):
    found = _findings(_note(tmp_path, SUPPRESSED), strict=True)
    unused = sorted((line, col) for code, _, line, col in found if code == "AV006")
    # ignore[AV201] on line 9 silences nothing, nor does the front matter's AV203
    assert unused == [(4, 3), (9, 27)]
    assert _findings(_note(tmp_path, SUPPRESSED)) == [f for f in found if f[0] != "AV006"]


def test_suppressions_in_the_cli_json(tmp_path, capsys):
    path = _note(tmp_path, SUPPRESSED)
    main(["lint", "--format", "json", str(path)])
    doc = json.loads(capsys.readouterr().out)
    assert [(f["code"], f["line"]) for f in doc["findings"]] == [("AV202", 9), ("AV202", 14)]


# --- project config -----------------------------------------------------------------------------

CONFIGS = [
    ("pyproject.toml", '[tool.algoverify]\nignore = ["AV2"]\n'),
    ("algoverify.toml", 'ignore = ["AV202"]\n'),
    ("algoverify.toml", 'select = ["AV1"]\n'),
]


@pytest.mark.parametrize("name, text", CONFIGS, ids=["pyproject", "algoverify.toml", "select"])
def test_config_found_by_walking_up_selects_and_ignores(tmp_path, name, text):
    (tmp_path / name).write_text(text)
    deep = tmp_path / "content" / "posts"
    deep.mkdir(parents=True)
    path = _note(deep, "\\begin{algorithmic}\n\\State \\(y \\gets \\foo 2\\)\n\\end{algorithmic}\n")
    assert _findings(path) == []
    (tmp_path / name).unlink()
    config_module._find.cache_clear()
    assert [c for c, *_ in _findings(path)] == ["AV202"]


def test_a_pyproject_without_the_table_is_passed_over(tmp_path):
    (tmp_path / "algoverify.toml").write_text('ignore = ["AV202"]\n')
    inner = tmp_path / "sub"
    inner.mkdir()
    (inner / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    cfg = config_module.find_config(inner)
    assert cfg.path == tmp_path / "algoverify.toml" and cfg.ignore == ("AV202",)


@pytest.mark.parametrize(
    "text, key",
    [
        ('ignor = ["AV202"]\n', "ignor"),
        ('ignore = "AV202"\n', "ignore"),
        ("index-base = 2\n", "index-base"),
        ("trials = 0\n", "trials"),
        ('macro-files = ["missing.tex"]\n', "macro-files"),
    ],
)
def test_a_config_mistake_is_a_finding_at_the_key(tmp_path, text, key):
    (tmp_path / "algoverify.toml").write_text("# project settings\n" + text)
    path = _note(tmp_path, "\\begin{algorithmic}\n\\State \\(y \\gets 1\\)\n\\end{algorithmic}\n")
    result = api.lint([path])
    (finding,) = result.all_findings()
    assert finding.code == "AV005" and finding.path == tmp_path / "algoverify.toml"
    source = result.sources[finding.path]
    assert source.line_col(finding.span.start) == (2, 1)
    assert f"`{key}`" in finding.message


def test_hugo_site_macros_from_a_config_file(tmp_path):
    (tmp_path / "hugo.toml").write_text('[params.math]\nmacros = { "\\\\RR" = "\\\\mathbb{R}" }\n')
    (tmp_path / "algoverify.toml").write_text('macro-files = ["hugo.toml"]\n')
    path = _note(tmp_path, "\\begin{algorithmic}\n\\State \\(y \\gets 2 \\in \\RR\\)\n\\end{algorithmic}\n")
    assert _findings(path) == []
    assert r"\RR" in config_module.find_config(tmp_path).macros


def test_config_defaults_for_trials_and_seed(tmp_path):
    (tmp_path / "algoverify.toml").write_text("trials = 3\nseed = 11\n")
    cfg = config_module.find_config(tmp_path)
    assert (cfg.trials, cfg.seed, cfg.index_base) == (3, 11, 1)


# --- ambiguity is a finding, not a guess --------------------------------------------------------------

AMBIGUOUS = "\\begin{algorithmic}\n\\Require $x$\n\\State $y \\gets f(x + 1)$\n\\State \\Return $y$\n\\end{algorithmic}\n"


def test_a_call_or_a_product_that_nothing_decides_is_a_warning_naming_the_declarations(tmp_path):
    ((code, severity, line, col),) = _findings(_note(tmp_path, AMBIGUOUS))
    assert (code, severity, line, col) == ("AV204", "warning", 3, 17)


@pytest.mark.parametrize(
    "fix",
    [
        lambda t: t.replace("\\Require $x$", "\\Require $x$, $f$"),  # f is a value: a product
        lambda t: "\\begin{algorithmic}\\Function{f}{$v$}\\State \\Return $2 v$\\EndFunction\\end{algorithmic}\n\n" + t,
        lambda t: "---\nalgoverify:\n  module: helpers.py\n---\n\n" + t,  # the module offers f
    ],
    ids=["declared-value", "a-function-of-the-note", "module-function"],
)
def test_a_declaration_decides(tmp_path, fix):
    (tmp_path / "helpers.py").write_text("def f(v):\n    return 2 * v\n\nFUNCTIONS = {'f': f}\n")
    assert [c for c, *_ in _findings(_note(tmp_path, fix(AMBIGUOUS)))] == []


def test_a_brace_never_closed_in_math_is_an_error_even_in_prose(tmp_path):
    path = _note(tmp_path, "---\ntitle: t\n---\n\n$$ a = \\frac{1}{2 $$\n")
    assert _findings(path) == [("AV105", "error", 5, 16)]


def test_math_rules_say_warning_in_explain_and_sarif():
    from algoverify.findings import RULES

    assert {RULES[c].severity.value for c in ("AV201", "AV202", "AV203", "AV204", "AV206", "AV207")} == {"warning"}


def test_a_partly_used_front_matter_ignore_names_the_idle_code(tmp_path):
    body = (
        "---\nalgoverify:\n  ignore: [AV202, AV105]\n---\n\n"
        "\\begin{algorithmic}\n\\State $y \\gets \\foo 2$\n\\end{algorithmic}\n"
    )
    result = api.lint([_note(tmp_path, body)], strict=True)
    (unused,) = [f for f in result.all_findings() if f.code == "AV006"]
    assert unused.message == "unused suppression: front-matter ignore: [AV105] silences no finding"


@pytest.mark.parametrize(
    "text, words",
    [
        ('ignore = ["AV999"]\n', "names no finding code: AV999"),
        ('macros = { "\\\\shrink" = 5 }\n', "entry '\\\\shrink' must be a body"),
        ('macros = { "\\\\f" = ["#1", "one"] }\n', "entry '\\\\f' must be a body"),
    ],
)
def test_config_values_that_mean_nothing_are_findings(tmp_path, text, words):
    (tmp_path / "algoverify.toml").write_text(text)
    path = _note(tmp_path, "\\begin{algorithmic}\n\\State \\(y \\gets 1\\)\n\\end{algorithmic}\n")
    messages = [f.message for f in api.lint([path]).all_findings() if f.code == "AV005"]
    assert any(words in m for m in messages), messages
