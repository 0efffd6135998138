"""The parser-table cache never loads code: no pickle, no shared folder, a private and verified cache."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from helpers import ROOT

from algoverify.syntax import grammar

GRAMMARS = {
    # the options each grammar is loaded with by algoverify (post-lexers aside)
    "algorithmic": {},
    "math": {},
    "mermaid": {"maybe_placeholders": True},
    "values": {"start": "value", "propagate_positions": False},
}

# Plants, in $TMPDIR, the files lark's own cache=True would load for these grammars, each
# replaced by a pickle that creates MARKER when unpickled.
PLANT = textwrap.dedent(
    """
    import glob, os, pickle, sys
    from lark import Lark
    from algoverify.syntax.grammar import grammar_path

    marker, grammars = sys.argv[1], eval(sys.argv[2])

    class Evil:
        def __reduce__(self):
            return (open, (marker, "w"))

    for name, options in grammars.items():
        path = grammar_path(name)
        # the options in the order algoverify passed them: lark keys its file by their text
        settings = dict(
            parser="lalr", lexer="contextual", propagate_positions=True, maybe_placeholders=False, cache=True
        )
        settings.update(options)
        Lark(path.read_text(), import_paths=[path.parent], source_path=str(path), **settings)
    for file in glob.glob(os.path.join(os.environ["TMPDIR"], ".lark_cache_*")):
        head = open(file, "rb").readline()
        with open(file, "wb") as f:
            f.write(head)
            pickle.dump(Evil(), f)
            pickle.dump(Evil(), f)
    """
)


def _run(args, env, cwd=ROOT):
    return subprocess.run(args, capture_output=True, text=True, env=env, cwd=cwd, timeout=120)


@pytest.mark.slow
def test_a_planted_lark_cache_in_the_temp_folder_is_never_loaded(tmp_path):
    shared_tmp = tmp_path / "tmp"
    shared_tmp.mkdir()
    marker = tmp_path / "pwned"
    env = dict(os.environ, TMPDIR=str(shared_tmp), ALGOVERIFY_CACHE_DIR=str(tmp_path / "cache"))
    planted = _run([sys.executable, "-c", PLANT, str(marker), repr(GRAMMARS)], env)
    assert planted.returncode == 0, planted.stderr
    assert len(list(shared_tmp.glob(".lark_cache_*"))) == len(GRAMMARS)

    # the attack is real: lark's own cache, as algoverify used it, runs the planted code
    victim = "from lark import Lark\nfrom algoverify.syntax.grammar import grammar_path\n" + (
        "p = grammar_path('algorithmic')\n"
        "Lark(p.read_text(), import_paths=[p.parent], source_path=str(p), parser='lalr', lexer='contextual',"
        " propagate_positions=True, maybe_placeholders=False, cache=True)\n"
    )
    _run([sys.executable, "-c", victim], env)
    assert marker.exists()
    marker.unlink()

    # algoverify's lint and check never touch those files
    for command in (["lint"], []):
        result = _run([sys.executable, "-m", "algoverify", *command, "corpus/power-iteration.md"], env)
        assert result.returncode == 0, result.stdout + result.stderr
        assert not marker.exists()
    assert len(list((tmp_path / "cache" / "parsers").glob("*.json"))) >= 2


def _fresh_load(name, options=None):
    grammar.load_parser.cache_clear()
    return grammar.load_parser(name, **(options or {}))


def test_tables_are_cached_as_json_and_never_unpickled(tmp_path, monkeypatch):
    monkeypatch.setenv("ALGOVERIFY_CACHE_DIR", str(tmp_path))

    def refuse(*args, **kwargs):
        raise AssertionError("pickle used")

    monkeypatch.setattr(pickle, "load", refuse)
    monkeypatch.setattr(pickle, "loads", refuse)
    try:
        built = _fresh_load("values", GRAMMARS["values"])
        files = list((tmp_path / "parsers").glob("values-*.json"))
        assert len(files) == 1
        record = json.loads(files[0].read_text())
        assert set(record) == {"digest", "tables"}
        loaded = _fresh_load("values", GRAMMARS["values"])
        assert loaded is not built
        assert loaded.parse("[1, 2.5, -3]") == built.parse("[1, 2.5, -3]")
    finally:
        grammar.load_parser.cache_clear()
    assert oct((tmp_path / "parsers").stat().st_mode & 0o777) == "0o700"


@pytest.mark.parametrize("name", sorted(GRAMMARS))
def test_the_flat_action_table_loads_back_as_lark_built_it(tmp_path, monkeypatch, name):
    # every action of every state: a shift's target, a reduction's rule (the same rule object as the parser's)
    from algoverify.syntax import build

    monkeypatch.setenv("ALGOVERIFY_CACHE_DIR", str(tmp_path))
    options = {**GRAMMARS[name], **({"postlex": build._POSTLEX} if name == "algorithmic" else {})}
    try:
        built = _fresh_load(name, options)
        loaded = _fresh_load(name, options)
    finally:
        grammar.load_parser.cache_clear()
    assert loaded is not built
    states = loaded.parser.parser._parse_table.states
    lark_states = built.parser.parser._parse_table.states
    assert {state: states[state] for state in lark_states} == lark_states
    assert dict(states.items()) == lark_states and len(states) == len(lark_states)
    # each state's lexer, built when asked, knows that state's terminals as lark's own lexer does
    lexer = loaded.parser.lexer if name != "algorithmic" else loaded.parser.lexer.lexer
    lark_lexer = built.parser.lexer if name != "algorithmic" else built.parser.lexer.lexer
    if hasattr(lark_lexer, "lexers"):
        lexer.lexers.table = states
        for state in lark_states:
            assert {t.name for t in lexer.lexers[state].terminals} == {
                t.name for t in lark_lexer.lexers[state].terminals
            }
    (file,) = (tmp_path / "parsers").glob(f"{name}-*.json")
    table = json.loads(file.read_text())["tables"]["data"]["parser"]["parser"]
    assert table["states"] == {} and set(table["flat"]) == {"terminals", "starts", "actions"}  # stored flat only


def _listing(note):
    text = (ROOT / "corpus" / note).read_text(encoding="utf-8")
    return text[text.index("\\begin{algorithmic}") : text.index("\\end{algorithmic}") + len("\\end{algorithmic}")]


def test_a_loaded_table_decodes_the_rows_and_builds_the_lexers_a_parse_reaches(tmp_path, monkeypatch):
    # the point of loading lazily: one listing reaches a fraction of the states; its tree is lark's
    from algoverify.syntax import build

    monkeypatch.setenv("ALGOVERIFY_CACHE_DIR", str(tmp_path))
    body = _listing("power-iteration.md")
    try:
        built = _fresh_load("algorithmic", {"postlex": build._POSTLEX})
        loaded = _fresh_load("algorithmic", {"postlex": build._POSTLEX})
        tree = loaded.parse(body)
    finally:
        grammar.load_parser.cache_clear()
    assert tree == built.parse(body)
    rows = loaded.parser.parser._parse_table.states
    decoded = dict.__len__(rows)
    assert 0 < decoded < len(rows) / 2
    lexers = loaded.parser.lexer.lexer
    assert 0 < len(lexers.lexers) <= decoded and lexers._root is None  # the whole lexer only for an error


@pytest.mark.parametrize(
    "text",
    [
        "\\begin{algorithmic}\n\\State $x \\gets 1$ ]]] \\EndFor\n\\end{algorithmic}",
        "\\begin{algorithmic}\\end{algorithmic}}}",
    ],
    ids=["unexpected-token", "found-by-the-whole-lexer"],
)
def test_a_loaded_table_fails_where_and_as_lark_s_own_does(tmp_path, monkeypatch, text):
    from lark.exceptions import UnexpectedInput

    from algoverify.syntax import build

    monkeypatch.setenv("ALGOVERIFY_CACHE_DIR", str(tmp_path))
    failures = []
    try:
        for _ in range(2):  # built, then loaded
            parser = _fresh_load("algorithmic", {"postlex": build._POSTLEX})
            with pytest.raises(UnexpectedInput) as caught:
                parser.parse(text)
            failures.append((type(caught.value), caught.value.line, caught.value.column, str(caught.value)))
        # "}" is no terminal of the state after \end{algorithmic}: the whole lexer names it
        assert (parser.parser.lexer.lexer._root is not None) == text.endswith("}}}")
    finally:
        grammar.load_parser.cache_clear()
    assert failures[0] == failures[1]


@pytest.mark.slow
def test_cached_tables_parse_like_fresh_ones(tmp_path, monkeypatch):
    from algoverify.syntax import build

    monkeypatch.setenv("ALGOVERIFY_CACHE_DIR", str(tmp_path))
    text = (ROOT / "corpus" / "power-iteration.md").read_text(encoding="utf-8")
    body = text[text.index("\\begin{algorithmic}") : text.index("\\end{algorithmic}") + len("\\end{algorithmic}")]
    try:
        trees = []
        for _ in range(2):  # the first builds and stores, the second loads from disk
            parser = _fresh_load("algorithmic", {"postlex": build._POSTLEX})
            trees.append(parser.parse(body))
        assert trees[0] == trees[1]
    finally:
        grammar.load_parser.cache_clear()


@pytest.mark.slow
@pytest.mark.parametrize(
    "content",
    [
        b"not json",
        b'{"digest": "0000", "tables": {}}',  # another grammar's (or a forged) entry
        b"",
    ],
    ids=["corrupt", "wrong-digest", "empty"],
)
def test_a_bad_cache_entry_is_rebuilt(tmp_path, monkeypatch, content):
    monkeypatch.setenv("ALGOVERIFY_CACHE_DIR", str(tmp_path))
    try:
        _fresh_load("values", GRAMMARS["values"])
        (file,) = (tmp_path / "parsers").glob("values-*.json")
        file.write_bytes(content)
        parser = _fresh_load("values", GRAMMARS["values"])
        assert parser.parse("[1]") is not None
        assert json.loads(file.read_text())["digest"]  # rewritten with good tables
    finally:
        grammar.load_parser.cache_clear()


def test_a_cache_folder_others_can_write_is_not_used(tmp_path, monkeypatch):
    monkeypatch.setenv("ALGOVERIFY_CACHE_DIR", str(tmp_path))
    folder = tmp_path / "parsers"
    folder.mkdir()
    folder.chmod(0o777)
    assert grammar.cache_dir() is None
    folder.chmod(0o700)
    assert grammar.cache_dir() == folder


def test_a_symlinked_cache_folder_is_not_used(tmp_path, monkeypatch):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    (tmp_path / "base").mkdir()
    (tmp_path / "base" / "parsers").symlink_to(elsewhere)
    monkeypatch.setenv("ALGOVERIFY_CACHE_DIR", str(tmp_path / "base"))
    assert grammar.cache_dir() is None


@pytest.mark.parametrize("xdg", [None, "", "  ", "/elsewhere/cache"])
def test_the_folder_is_the_platforms_user_cache_folder(monkeypatch, xdg):
    # on Linux the folder is found without platformdirs' import; it must be the folder platformdirs names
    from platformdirs import user_cache_dir

    monkeypatch.delenv("ALGOVERIFY_CACHE_DIR", raising=False)
    if xdg is None:
        monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CACHE_HOME", xdg)
    made: list[Path] = []
    monkeypatch.setattr(Path, "mkdir", lambda self, *a, **k: made.append(self))
    monkeypatch.setattr(grammar.os, "lstat", lambda path: (_ for _ in ()).throw(OSError("not made")))
    assert grammar.cache_dir() is None  # nothing made: the folder it would use is the one it tried
    assert made == [Path(user_cache_dir("algoverify", appauthor=False)) / "parsers"]
