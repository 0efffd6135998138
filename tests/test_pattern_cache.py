"""The command's stored regular expressions (algoverify.syntax.pattern_cache): the same patterns, built faster.

A pattern built from stored codes must be the pattern Python builds: CPython's patterns compare
equal only when their text, flags and compiled code are the same, so equality here is the
strongest test there is, and matching is compared besides.
"""

from __future__ import annotations

import array
import base64
import json
import os
import re
import subprocess
import sys

import pytest
from helpers import ROOT
from hypothesis import given, settings
from hypothesis import strategies as st

from algoverify.syntax import pattern_cache

pytestmark = pytest.mark.skipif(not hasattr(re, "_compiler"), reason="the stored codes need Python 3.11's re._compiler")

PATTERNS = [
    (r"\\(?:State|Statex)\b", 0),
    (r"(?P<name>[A-Za-z]+)_(?P<sub>\{[^}]*\}|\w)", 0),
    (r"^\s*(?:for|while)\b.*?(?:do)?$", re.I | re.M),
    (r"(?<![\\])\$(?P<math>[^$]+)\$", re.S),
    ("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]", 0),
    (
        r"""(?x) \d+ (?: \. \d* )?   # a number
         (?: [eE] [-+]? \d+ )?""",
        0,
    ),
    (r"(a|b)*?c{2,5}(?=d)|(?!x)y+", 0),
    (r"é|ß|\u03bb", re.I),
]


#: Python's own, as this process started with it
_COMPILE = getattr(getattr(re, "_compiler", None), "compile", None)
_ENGINE = getattr(getattr(re, "_compiler", None), "_sre", None)


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """No stored codes installed before or after; ``re``'s own cache emptied around the test."""
    monkeypatch.setattr(pattern_cache, "WORTH_WRITING", 0.0)  # a few patterns: written all the same
    pattern_cache.uninstall()
    re.purge()
    yield tmp_path
    pattern_cache.uninstall()
    re._compiler.compile, re._compiler._sre = _COMPILE, _ENGINE
    re.purge()


def _words(code: list[int]) -> str:
    """A stored row's code: the engine's words, base64."""
    return base64.b64encode(array.array(pattern_cache._WORD, code).tobytes()).decode()


def _python_code(pattern: str) -> list[int]:
    """The words Python's compiler gives ``pattern`` (flags 0), as the engine receives them."""
    seen: list[list[int]] = []
    engine = re._compiler._sre

    class Spy:
        def __getattr__(self, name):
            return getattr(engine, name)

        def compile(self, p, flags, code, *rest):
            seen.append(list(code))
            return engine.compile(p, flags, code, *rest)

    re._compiler._sre = Spy()
    try:
        re._compiler.compile(pattern, 0)
    finally:
        re._compiler._sre = engine
    return seen[0]


def _python_builds(pattern: str, flags: int):
    pattern_cache.uninstall()
    re.purge()
    return re.compile(pattern, flags)


def _compiled_anew(monkeypatch) -> list[str]:
    """The patterns Python's own compiler is asked for from now on."""
    asked: list[str] = []
    state = pattern_cache._state
    original = state.original

    def counting(p, flags=0):
        asked.append(p)
        return original(p, flags)

    monkeypatch.setattr(state, "original", counting)
    # the installed compile closed over the original: install again around the counting one
    re._compiler.compile = pattern_cache._compile_with(state)
    return asked


def test_a_second_process_builds_each_pattern_from_its_stored_code(fresh, monkeypatch):
    assert pattern_cache.install(fresh)
    first = [re.compile(p, f) for p, f in PATTERNS]
    pattern_cache.save()
    stored = json.loads(next(fresh.glob("patterns-*.json")).read_text())
    assert {(row[0], row[1]) for row in stored} >= set(PATTERNS)

    pattern_cache.uninstall()
    re.purge()
    assert pattern_cache.install(fresh)  # as the next command does: the file read anew
    asked = _compiled_anew(monkeypatch)
    second = [re.compile(p, f) for p, f in PATTERNS]
    assert asked == []  # every one built from its stored code
    for (p, f), a, b in zip(PATTERNS, first, second):
        python = _python_builds(p, f)
        assert a == python and b == python  # text, flags and compiled code: the same
        assert (b.groups, b.groupindex, b.flags) == (python.groups, python.groupindex, python.flags)


def test_nothing_is_written_when_nothing_was_compiled_anew(fresh):
    pattern_cache.install(fresh)
    re.compile(*PATTERNS[0])
    pattern_cache.save()
    file = next(fresh.glob("patterns-*.json"))
    written = file.stat().st_mtime_ns
    pattern_cache.uninstall()
    re.purge()
    pattern_cache.install(fresh)
    re.compile(*PATTERNS[0])
    pattern_cache.save()
    assert file.stat().st_mtime_ns == written


def test_patterns_that_cost_less_than_writing_them_are_not_written(fresh, monkeypatch):
    monkeypatch.setattr(pattern_cache, "WORTH_WRITING", 60.0)
    pattern_cache.install(fresh)
    for p, f in PATTERNS:
        re.compile(p, f)
    pattern_cache.save()
    assert list(fresh.glob("patterns-*.json")) == []


@pytest.mark.parametrize(
    "content",
    [
        "not json at all",
        json.dumps({"a": 1}),
        json.dumps([["a", 0, 32, [1, 2, 3], 0, {}, [None]]]),  # the layout before FORMAT 2
        json.dumps([["a", 0, 32, "not base64!", 0, {}, [None]]]),
        json.dumps([["a", 0, 32, base64.b64encode(b"12345").decode(), 0, {}, [None]]]),  # not whole words
        json.dumps([["a", 0, 32, _words([1, 2, 3]), 0, {}, [None]]]),  # words the engine refuses
        json.dumps([["a", 0, 32, _words([99999] * 8), 0, {}, [None]]]),
        json.dumps([["a", 0, 32, _words([1, 2, 3]), 0, {"g": "1"}, [None]]]),
    ],
    ids=[
        "garbage",
        "an object",
        "a list of integers",
        "not base64",
        "a torn word",
        "invalid code",
        "out-of-range opcodes",
        "an ill-typed index",
    ],
)
def test_a_damaged_file_means_python_compiles_the_pattern(fresh, content):
    pattern_cache.install(fresh)
    file = pattern_cache._state.file
    pattern_cache.uninstall()
    file.write_text(content)
    re.purge()
    assert pattern_cache.install(fresh)
    built = re.compile("a")
    pattern_cache.save()  # the damaged row is replaced by the one Python compiled, never written back
    rows = json.loads(file.read_text())
    assert [row[:2] for row in rows] == [["a", 0]]
    assert pattern_cache._decoded(rows[0])[1] == _python_code("a")
    assert built == _python_builds("a", 0)
    assert built.fullmatch("a") and not built.fullmatch("b")


def test_a_symlink_in_the_folder_is_not_followed(fresh, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    pattern_cache.install(elsewhere)
    re.compile(*PATTERNS[1])
    pattern_cache.save()
    planted = next(elsewhere.glob("patterns-*.json"))
    pattern_cache.uninstall()
    os.symlink(planted, fresh / planted.name)
    pattern_cache.install(fresh)
    assert pattern_cache._state.entries == {}


def test_another_interpreter_reads_another_file(fresh, monkeypatch):
    pattern_cache.install(fresh)
    mine = pattern_cache._state.file.name
    pattern_cache.uninstall()
    monkeypatch.setattr(sys, "version", sys.version + " (another build)")
    pattern_cache.install(fresh)
    assert pattern_cache._state.file.name != mine


ATOMS = ["a", "b", r"\d", r"\w", ".", "[a-c]", "[^x]", r"\s", "é", r"\b", "^", "$"]


@st.composite
def regexes(draw, depth=0):
    parts = []
    for _ in range(draw(st.integers(1, 4))):
        if depth < 2 and draw(st.booleans()):
            inner = draw(regexes(depth=depth + 1))
            group = draw(st.sampled_from(["({})", "(?:{})", "(?P<g{n}>{})", "(?={})", "(?<!x){}"]))
            parts.append(group.format(inner, n=len(parts) + 10 * depth))
        else:
            parts.append(draw(st.sampled_from(ATOMS)))
        parts[-1] += draw(st.sampled_from(["", "*", "+?", "{1,3}", "?"]))
    return draw(st.sampled_from(["", "|"])).join(parts) if len(parts) > 1 else parts[0]


@settings(max_examples=60, deadline=None)
@given(regexes(), st.sampled_from([0, re.I, re.M | re.S, re.A]), st.lists(st.text("abcx1 é", max_size=8), max_size=5))
def test_any_pattern_round_trips_through_its_stored_code(tmp_path_factory, pattern, flags, texts):
    try:
        python = _python_builds(pattern, flags)
    except re.error:
        return  # not a pattern: Python's error, the same with or without the stored codes
    folder = tmp_path_factory.mktemp("patterns")
    worth, pattern_cache.WORTH_WRITING = pattern_cache.WORTH_WRITING, 0.0
    try:
        pattern_cache.install(folder)
        re.purge()
        re.compile(pattern, flags)
        pattern_cache.save()
        pattern_cache.uninstall()
        re.purge()
        pattern_cache.install(folder)
        assert (pattern, flags) in pattern_cache._state.entries
        built = re.compile(pattern, flags)
    finally:
        pattern_cache.WORTH_WRITING = worth
        pattern_cache.uninstall()
        re.purge()
    assert built == python
    for text in texts:
        assert [m.span() for m in built.finditer(text)] == [m.span() for m in python.finditer(text)]


def test_the_command_stores_its_patterns_once(tmp_path):
    """``algoverify lint``: the first run stores what it compiled; the next compiles nothing anew."""
    # one hash seed: a pattern some library builds from a set then reads the same in each run
    env = {**os.environ, "ALGOVERIFY_CACHE_DIR": str(tmp_path), "PYTHONHASHSEED": "0"}
    note = ROOT / "corpus" / "power-iteration.md"

    def lint() -> None:
        done = subprocess.run(
            [sys.executable, "-m", "algoverify", "lint", str(note)], env=env, capture_output=True, text=True
        )
        assert done.returncode == 0, done.stderr

    lint()  # builds the grammars' tables: lark compiles patterns it will not need again
    lint()
    file = next((tmp_path / "parsers").glob("patterns-*.json"))
    rows = json.loads(file.read_text())
    assert len(rows) > 200
    written = file.read_bytes()
    lint()
    assert file.read_bytes() == written
