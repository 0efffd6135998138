"""The pytest plugin: each check of a note is a test item whose outcome is the check's verdict."""

from __future__ import annotations

import re
import textwrap
from importlib.metadata import entry_points

import pytest
from helpers import ROOT

from algoverify import api
from algoverify.syntax.grammar import cache_dir

# pytester gives each run a HOME of its own: the parsers' tables are read from the usual place
PARSER_CACHE = cache_dir()

PLUGIN = "algoverify.integrations.pytest_plugin"
# installed (pip install -e .), pytest loads the plugin by its entry point; run from a checkout
# without that, it is named on the command line (naming it twice would register it twice)
LOAD = [] if any(ep.value == PLUGIN for ep in entry_points(group="pytest11")) else ["-p", PLUGIN]
# hypothesis's plugin imports hypothesis at the end of a run: a second or two each time, for nothing here
LOAD += ["-p", "no:hypothesispytest"]

MODULE = """
def double(x):
    return 2 * x
"""

LISTINGS = r"""
The first listing doubles its input.

\begin{algorithmic}
\Require $x$
\State \Return $2 x$
\end{algorithmic}

The second listing also doubles its input.

\begin{algorithmic}
\Require $x$
\State \Return $3 x$
\end{algorithmic}

The third listing scales its input by a weight.

\begin{algorithmic}
\Require $x$
\State \Return $2 w$
\end{algorithmic}
"""


def _check(id_: str, listing: int, claim: str, known: str | None = None) -> str:
    entry = f"- id: {id_}\n  kind: reference\n  listing: {listing}\n  claim: {claim!r}\n  trials: 3\n"
    entry += '  inputs: {x: "randn(3)"}\n  reference: double\n'
    return entry + (f"  known: {known!r}\n" if known else "")


# (check id, listing, claim, known, pytest's verdict)
CHECKS = [
    ("doubles", 1, "The first listing doubles its input.", None, "PASSED"),
    ("second-doubles", 2, "The second listing also doubles its input.", None, "FAILED"),
    ("second-triples", 2, "The second listing also doubles its input.", "it triples", "XFAIL"),
    ("first-known", 1, "The first listing doubles its input.", "it was thought wrong", "FAILED"),
    ("third-scales", 3, "The third listing scales its input by a weight.", None, "ERROR"),
]


def _note(checks=CHECKS, module: str = "refs.py", body: str = LISTINGS) -> str:
    spec = "".join(_check(c[0], c[1], c[2], c[3]) for c in checks)
    spec = textwrap.indent(spec, "    ")
    return f"---\ntitle: Doubling\nalgoverify:\n  module: {module}\n  checks:\n{spec}---\n{body}"


@pytest.fixture(scope="module")
def _warm(tmp_path_factory):
    """Check the note once here: pytester runs pytest in this process and, after each run, forgets
    the modules the run imported (numpy cannot even be imported twice); imported here, they stay."""
    folder = tmp_path_factory.mktemp("warm")
    (folder / "doubling.md").write_text(_note(), encoding="utf-8")
    (folder / "refs.py").write_text(MODULE, encoding="utf-8")
    api.check([folder / "doubling.md"], isolate=False)


@pytest.fixture(autouse=True)
def _parser_tables(monkeypatch, _warm):
    if PARSER_CACHE is not None:
        monkeypatch.setenv("ALGOVERIFY_CACHE_DIR", str(PARSER_CACHE))


@pytest.fixture
def notes(pytester):
    """A project with one note whose five checks end in each of pytest's outcomes, and a note without a spec."""
    pytester.makefile(".md", **{"notes/doubling": _note()})
    pytester.makefile(".py", **{"notes/refs": MODULE})
    pytester.makefile(".md", **{"notes/README": "# Notes\n\nNothing to check here.\n"})
    return pytester


def _line(text: str, piece: str) -> int:
    """The line of the note where ``piece`` first stands."""
    return text[: text.index(piece)].count("\n") + 1


def _verdicts(result) -> dict[str, str]:
    """nodeid → PASSED/FAILED/XFAIL/ERROR from a ``-rA`` run."""
    found = {}
    for line in result.outlines:
        m = re.match(r"(PASSED|FAILED|XFAIL|XPASS|ERROR) (\S+::\S+)", line)
        if m:
            found[m.group(2)] = m.group(1)
    return found


@pytest.mark.slow
def test_each_check_is_an_item_named_by_its_id_with_its_verdict(notes):
    result = notes.runpytest(*LOAD, "--algoverify", "notes/", "-rA")
    assert _verdicts(result) == {f"notes/doubling.md::{c[0]}": c[4] for c in CHECKS}
    result.assert_outcomes(passed=1, failed=2, xfailed=1, errors=1)


@pytest.mark.slow
def test_a_refuted_check_fails_with_the_text_report_not_a_traceback(notes):
    result = notes.runpytest(*LOAD, "--algoverify", "notes/", "-k", "second-doubles")
    text = result.stdout.str()
    result.assert_outcomes(failed=1, deselected=4)
    note = _note()
    entry, claim = _line(note, "- id: second-doubles"), _line(note, "\nThe second listing also") + 1
    assert f"_ second-doubles (reference check, line {entry}) _" in text
    # the verdict, the claim with its line, the finding at its position, the counterexample
    assert re.search(r"^refuted reference second-doubles\b", text, re.M)
    assert f"claim (line {claim}): The second listing also doubles its input." in text
    assert f"notes/doubling.md:{claim}:1: AV401 " in text
    assert re.search(r"counterexample:\s+x = \[", text)
    assert "reproduce: algoverify run notes/doubling.md " in text
    for internal in ("Traceback", "pytest_plugin.py", "raise ", "Refuted("):
        assert internal not in text


@pytest.mark.slow
def test_a_known_finding_is_a_strict_xfail(notes):
    result = notes.runpytest(*LOAD, "--algoverify", "notes/", "-k", "known or triples", "-rA")
    assert _verdicts(result) == {
        "notes/doubling.md::second-triples": "XFAIL",  # still refuted: expected
        "notes/doubling.md::first-known": "FAILED",  # the claim now holds: the mark is stale
    }
    text = result.stdout.str()
    assert "XFAIL notes/doubling.md::second-triples - known: it triples" in text
    assert "AV406 first-known: marked known (it was thought wrong) but the claim now holds" in text


@pytest.mark.slow
def test_could_not_check_is_an_error_that_says_why(notes):
    result = notes.runpytest(*LOAD, "--algoverify", "notes/", "-k", "third")
    result.assert_outcomes(errors=1, deselected=4)
    text = result.stdout.str()
    assert "ERROR at setup of third-scales" in text
    assert "could not check reference third-scales" in text
    assert re.search(r"notes/doubling\.md:\d+:\d+: AV303", text)
    assert "Traceback" not in text


@pytest.mark.slow
def test_minus_x_stops_at_the_first_failure(notes):
    result = notes.runpytest(*LOAD, "--algoverify", "notes/", "-x")
    result.assert_outcomes(passed=1, failed=1)
    assert "stopping after 1 failures" in result.stdout.str()


@pytest.mark.slow
def test_last_failed_reruns_only_the_checks_that_failed(notes):
    notes.runpytest(*LOAD, "--algoverify", "notes/")
    result = notes.runpytest(*LOAD, "--algoverify", "notes/", "--lf", "-rA")
    assert _verdicts(result) == {
        "notes/doubling.md::second-doubles": "FAILED",
        "notes/doubling.md::first-known": "FAILED",
        "notes/doubling.md::third-scales": "ERROR",
    }


def test_without_the_option_or_the_setting_notes_are_not_collected(notes):
    result = notes.runpytest(*LOAD, "notes/")
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED


@pytest.mark.slow
@pytest.mark.parametrize(
    "config, collected",
    [
        ("[tool.algoverify]\npytest-collect = true\n", True),
        ("[tool.algoverify]\npytest-collect = false\n", False),
        ("[tool.algoverify]\nseed = 3\n", False),
    ],
)
def test_the_project_setting_collects_notes_without_the_option(notes, config, collected):
    notes.makefile(".toml", pyproject=config)
    result = notes.runpytest(*LOAD, "notes/")
    if collected:
        result.assert_outcomes(passed=1, failed=2, xfailed=1, errors=1)
    else:
        assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED


def test_a_note_that_does_not_lint_gets_a_lint_item_at_the_error(pytester):
    body = LISTINGS.replace(r"\State \Return $2 w$", r"\State \Return $2 w$" + "\n\\EndFor")
    note = _note(CHECKS[:1], body=body)
    pytester.makefile(".md", **{"notes/doubling": note})
    pytester.makefile(".py", **{"notes/refs": MODULE})
    result = pytester.runpytest(*LOAD, "--algoverify", "notes/", "-rA")
    assert _verdicts(result) == {"notes/doubling.md::lint": "FAILED", "notes/doubling.md::doubles": "PASSED"}
    assert f"notes/doubling.md:{_line(note, chr(92) + 'EndFor')}:1: AV103 " in result.stdout.str()


def test_a_spec_whose_checks_cannot_be_read_is_a_failing_lint_item(pytester):
    note = "---\nalgoverify:\n  module: refs.py\n  checks:\n    - kind: refrence\n      listing: 1\n---\n" + LISTINGS
    pytester.makefile(".md", **{"notes/doubling": note})
    pytester.makefile(".py", **{"notes/refs": MODULE})
    result = pytester.runpytest(*LOAD, "--algoverify", "notes/", "-rA")
    assert _verdicts(result) == {"notes/doubling.md::lint": "FAILED"}
    assert f"notes/doubling.md:{note[: note.index('kind: refrence')].count(chr(10)) + 1}:" in result.stdout.str()
    assert "AV501" in result.stdout.str()


def test_a_module_that_does_not_import_makes_every_check_an_error(pytester):
    pytester.makefile(".md", **{"notes/doubling": _note(CHECKS[:2])})
    pytester.makefile(".py", **{"notes/refs": "import broken_helper_dependency\n" + MODULE})
    result = pytester.runpytest(*LOAD, "--algoverify", "notes/")
    result.assert_outcomes(errors=2)
    note = _note(CHECKS[:2])
    at = f"notes/doubling.md:{_line(note, 'module: refs.py')}:3: AV503 module refs.py: ModuleNotFoundError"
    # once per item, at the start of its report (with CI set, pytest's summary quotes it again)
    assert sum(line.startswith(at) for line in result.outlines) == 2


def test_the_plugin_is_registered_through_pytest11():
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["entry-points"]["pytest11"] == {"algoverify": PLUGIN}
