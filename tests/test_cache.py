"""The result cache: an unchanged note is replayed, any change runs it again, entries are JSON data only."""

from __future__ import annotations

import io
import json
import pickle
import re
import shutil
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from algoverify import api
from algoverify.cli import main
from algoverify.orchestration import cache
from algoverify.source import Span

CORPUS = Path(__file__).resolve().parents[1] / "corpus"

NOTE = """\
---
algoverify:
  module: refs.py
  checks:
    - id: doubles
      kind: reference
      listing: 1
      trials: 3
      inputs: {n: "integers(1, 3)", x: "randn(n)"}
      reference: double
      claim: "it doubles"
    - id: halves
      kind: reference
      listing: 1
      trials: 3
      inputs: {n: "integers(1, 3)", x: "randn(n)"}
      reference: half
      known: "the listing doubles"
---

The listing doubles its input: it doubles.

\\begin{algorithmic}
\\Require vector \\(x\\)
\\State \\(y \\gets 2 x\\)
\\Return \\(y\\)
\\end{algorithmic}
"""

MODULE = "import numpy as np\n\ndef double(x):\n    return 2 * np.asarray(x, dtype=float)\n\n" + (
    "def half(x):\n    return np.asarray(x, dtype=float) / 2\n"
)


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A project (its config file marks the root) with one note and its module; the cache turned on."""
    monkeypatch.delenv("ALGOVERIFY_NO_CACHE", raising=False)
    (tmp_path / "algoverify.toml").write_text("trials = 3\n")
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "refs.py").write_text(MODULE)
    (notes / "n.md").write_text(NOTE)
    return tmp_path


def _check(project, *extra):
    out = io.StringIO()
    code = main(["check", str(project / "notes"), "--no-progress", "--format", "json", *extra], stdout=out)
    return code, json.loads(out.getvalue())


def _cached(doc):
    return [n["cached"] for n in doc["notes"] if n["path"].endswith("n.md")]  # a preamble.tex is read as a note too


def _entries(project):
    return sorted((project / cache.CACHE_DIR / "notes").rglob("*.json"))


@pytest.mark.slow
def test_an_unchanged_note_is_replayed_with_the_same_report(project):
    code1, first = _check(project)
    code2, second = _check(project)
    assert code1 == code2 == 0
    assert _cached(first) == [False] and _cached(second) == [True]
    strip = lambda doc: [{k: v for k, v in c.items() if k != "seconds"} for c in doc["checks"]]  # noqa: E731
    assert strip(first) == strip(second)
    assert first["findings"] == second["findings"]
    texts = []
    for options in (["--no-cache"], []):
        out = io.StringIO()
        main(["check", str(project / "notes"), "--no-progress", *options], stdout=out)
        texts.append(re.sub(r"\d+\.\d+ s\b", "T s", out.getvalue()))
    assert "(2 checks, T s)" in texts[0] and "(2 checks, cached)" in texts[1]
    assert texts[0] == texts[1].replace("(2 checks, cached)", "(2 checks, T s)")


@pytest.mark.slow
def test_every_corpus_note_is_replayed_as_it_was_reported(tmp_path, monkeypatch):
    """The corpus holds every kind of check and detail: each must read back, or the cache is silently off."""
    monkeypatch.delenv("ALGOVERIFY_NO_CACHE", raising=False)
    shutil.copytree(CORPUS, tmp_path / "corpus")
    (tmp_path / "algoverify.toml").write_text("")
    texts = []
    for _ in range(2):
        out = io.StringIO()
        assert main(["check", str(tmp_path / "corpus"), "--no-progress", "--jobs", "2"], stdout=out) == 0
        texts.append(re.sub(r"\d+\.\d+ s\b", "T s", out.getvalue()))
    headers = [ln for ln in texts[1].splitlines() if ln.startswith(str(tmp_path))]
    assert len(headers) == len(list(CORPUS.glob("*.md"))) and all(ln.endswith(", cached)") for ln in headers)
    assert texts[0] == re.sub(r"(\(\d+ checks?), cached\)", r"\1, T s)", texts[1])


def test_the_cache_folder_is_tagged_ignored_and_holds_json_only(project):
    _check(project)
    folder = project / cache.CACHE_DIR
    assert (folder / "CACHEDIR.TAG").read_text().startswith("Signature: 8a477f597d28d172789f06886806bc55\n")
    assert (folder / ".gitignore").read_text().splitlines()[-1] == "*"
    (entry,) = _entries(project)
    doc = json.loads(entry.read_text())
    assert doc["format"] == cache.FORMAT and doc["report"]["outcomes"][0]["check"]["id"] == "doubles"
    assert not list(folder.rglob(".tmp-*"))  # written whole, then renamed


def _edit_note(project):
    note = project / "notes" / "n.md"
    note.write_text(note.read_text().replace("it doubles.", "it doubles, always."))


CHANGES = {
    "the note's text": (_edit_note, ()),
    "its module": (lambda p: (p / "notes" / "refs.py").write_text(MODULE + "\n# edited\n"), ()),
    "a preamble appears beside it": (lambda p: (p / "notes" / "preamble.tex").write_text("\\newcommand{\\R}{x}\n"), ()),
    "the project configuration": (lambda p: (p / "algoverify.toml").write_text("trials = 4\n"), ()),
    "a module the note's module imports": (None, ()),
    "the seed": (lambda p: None, ("--seed", "7")),
    "--strict": (lambda p: None, ("--strict",)),
    "the note deadline": (lambda p: None, ("--note-timeout", "100")),
}


@pytest.mark.slow
@pytest.mark.parametrize("change, options", CHANGES.values(), ids=CHANGES.keys())
def test_any_change_runs_the_note_again(project, change, options):
    if change is None:  # the note's module imports a helper from the note's folder
        helper = project / "notes" / "helper.py"
        helper.write_text("FACTOR = 2\n")
        module = "import sys, os\nsys.path.insert(0, os.path.dirname(__file__))\nimport helper\n" + MODULE
        (project / "notes" / "refs.py").write_text(module.replace("2 * np", "helper.FACTOR * np"))
        _check(project)
        assert _cached(_check(project)[1]) == [True]

        def change(p):
            helper.write_text("FACTOR = 2  # edited\n")

    _check(project)
    change(project)
    _, doc = _check(project, *options)
    assert _cached(doc) == [False]
    _, doc = _check(project, *options)
    assert _cached(doc) == [True]


CORRUPTIONS = {
    "garbage": lambda text: "\x00not json{",
    "truncated": lambda text: text[: len(text) // 2],
    "a list": lambda text: "[]",
    "an unknown finding code": lambda text: text.replace('"AV6', '"AV9').replace(
        '"status": "verified"', '"status": "fine"'
    ),
    "a pickle": lambda text: pickle.dumps({"report": 1}),
    "another layout": lambda text: text.replace(f'"format": {cache.FORMAT}', '"format": 999'),
}


@pytest.mark.slow
@pytest.mark.parametrize("corrupt", CORRUPTIONS.values(), ids=CORRUPTIONS.keys())
def test_a_corrupt_entry_is_run_again_and_rewritten(project, corrupt):
    _check(project)
    (entry,) = _entries(project)
    damaged = corrupt(entry.read_text(encoding="utf-8"))  # an entry holds the report's text: `−`, `≤` …
    entry.write_bytes(damaged if isinstance(damaged, bytes) else damaged.encode("utf-8"))
    code, doc = _check(project)
    assert code == 0 and _cached(doc) == [False]
    assert _cached(_check(project)[1]) == [True]


@pytest.mark.slow
def test_no_cache_neither_reads_nor_writes(project, monkeypatch):
    _check(project, "--no-cache")
    assert not (project / cache.CACHE_DIR).exists()
    _check(project)
    assert _cached(_check(project, "--no-cache")[1]) == [False]
    monkeypatch.setenv("ALGOVERIFY_NO_CACHE", "1")
    assert _cached(_check(project)[1]) == [False]


def test_the_cache_lives_at_the_project_root(project, tmp_path_factory):
    _check(project)
    assert _entries(project) and not (project / "notes" / cache.CACHE_DIR).exists()
    bare = tmp_path_factory.mktemp("bare")
    (bare / ".git").mkdir()
    (bare / "deep" / "er").mkdir(parents=True)
    assert cache.project_root(bare / "deep" / "er", None) == bare.resolve()
    assert cache.project_root(bare / "deep", project) == project


@pytest.mark.slow
def test_a_result_the_clock_decided_is_not_stored(project):
    slow = MODULE.replace("return 2 * np", "import time; time.sleep(30); return 2 * np")
    (project / "notes" / "refs.py").write_text(slow)
    _, doc = _check(project, "--note-timeout", "1")
    assert any(f["code"] == "AV504" for f in doc["findings"])
    assert not _entries(project)


def test_an_interrupted_api_run_still_stores_the_notes_it_finished(project):
    result = api.check([project / "notes"], cache=True)
    assert not result.notes[0].cached
    again = api.check([project / "notes"], cache=True)
    assert again.notes[0].cached and [o.status for o in again.notes[0].outcomes] == [
        o.status for o in result.notes[0].outcomes
    ]


# --- the codec -------------------------------------------------------------------------------

plain = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=3), inner, max_size=3)
        | st.dictionaries(st.integers(), inner, max_size=2)
    ),
    max_leaves=12,
)


@pytest.mark.slow
@given(plain)
def test_plain_values_read_back_as_they_were(value):
    back = cache.decode_value(json.loads(json.dumps(cache.encode_value(value), allow_nan=False)))
    assert repr(back) == repr(value)


@pytest.mark.parametrize(
    "value",
    [np.array([[1.5, -2.0], [0.25, 3.0]]), np.float64(0.1), np.int64(3), Span(3, 9), Path("a/b.md"), {"$x": 1}],
    ids=["array", "float64", "int64", "span", "path", "a key like a tag"],
)
def test_other_values_print_and_convert_as_they_did(value):
    back = cache.decode_value(json.loads(json.dumps(cache.encode_value(value))))
    assert (str(back), repr(back)) == (str(value), repr(value))
    if hasattr(value, "tolist"):
        assert back.tolist() == value.tolist()
