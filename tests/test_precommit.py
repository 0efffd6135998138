"""The pre-commit hooks: a changed module re-checks the notes that name it, and `pre-commit try-repo` runs both hooks."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from helpers import ROOT

from algoverify import api
from algoverify.cli import main

MODULE = "def double(x):\n    return 2 * x\n"


def _note(module: str, listing: str = r"\State \Return $2 x$") -> str:
    return (
        f"---\nalgoverify:\n  module: {module}\n  checks:\n"
        "    - id: doubles\n      kind: reference\n      listing: 1\n      trials: 3\n"
        '      claim: "The listing doubles its input."\n'
        '      inputs: {x: "randn(3)"}\n      reference: double\n---\n\n'
        "The listing doubles its input.\n\n"
        f"\\begin{{algorithmic}}\n\\Require $x$\n{listing}\n\\end{{algorithmic}}\n"
    )


def _line(text: str, piece: str) -> int:
    """The line where ``piece`` first stands in the note's body (after the front matter)."""
    body = text.index("\n---\n") + 5
    return text[: text.index(piece, body)].count("\n") + 1


CLAIM_LINE = _line(_note("refs.py"), "The listing doubles")


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A project (with a config) whose notes name modules beside them, below them and above them."""
    (tmp_path / "pyproject.toml").write_text("[tool.algoverify]\nseed = 1\n")
    files = {
        "shared/refs.py": MODULE,
        "posts/a.md": _note("../shared/refs.py"),
        "posts/b.md": _note("refs.py"),  # a refs.py of its own, beside it
        "posts/refs.py": MODULE,
        "posts/deep/c.md": _note("../../shared/refs.py"),
        "d.md": _note("shared/refs.py"),
        "e.md": "---\ntitle: no spec\n---\n\nIt mentions refs.py in passing.\n",
        "f.md": '+++\n[algoverify]\nmodule = "shared/refs.py"\n+++\n\nTOML front matter.\n',
        "posts/g.md": _note('"my refs.py"'),
        "posts/my refs.py": MODULE,
        "shared/unused.py": MODULE,
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize(
    "module, notes",
    [
        ("shared/refs.py", ["d.md", "f.md", "posts/a.md", "posts/deep/c.md"]),
        ("posts/refs.py", ["posts/b.md"]),
        ("posts/my refs.py", ["posts/g.md"]),
        ("shared/unused.py", []),
    ],
)
def test_the_notes_using_a_module_are_those_whose_spec_names_it(project, module, notes):
    assert [p.as_posix() for p in api.notes_using(module)] == notes
    # the same notes, given the module's absolute path (paths stay relative to the current folder)
    assert [p.as_posix() for p in api.notes_using(project / module)] == notes


def test_without_a_config_the_current_folder_is_searched(tmp_path, monkeypatch):
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "refs.py").write_text(MODULE)
    (tmp_path / "notes" / "n.md").write_text(_note("refs.py"))
    monkeypatch.chdir(tmp_path)
    assert [p.as_posix() for p in api.notes_using("notes/refs.py")] == ["notes/n.md"]


def test_expanding_keeps_notes_and_replaces_modules_once(project):
    expanded = api.expand_modules(["posts/a.md", "shared/refs.py", "missing.py", "e.md"])
    # a.md once, where it first stands; a missing .py stays, for `check` to report it
    assert [Path(p).as_posix() for p in expanded] == [
        "posts/a.md",
        "d.md",
        "f.md",
        "posts/deep/c.md",
        "missing.py",
        "e.md",
    ]


def test_expanding_many_modules_reads_each_note_once(project, monkeypatch):
    read = []
    real = api.read_note
    monkeypatch.setattr(api, "read_note", lambda path: read.append(Path(path).as_posix()) or real(path))
    expanded = api.expand_modules(["shared/refs.py", "posts/refs.py", "shared/unused.py"])
    assert [Path(p).as_posix() for p in expanded] == ["d.md", "f.md", "posts/a.md", "posts/deep/c.md", "posts/b.md"]
    # once each; e.md, which names no module, and g.md, which names none of these, not at all
    assert sorted(read) == ["d.md", "f.md", "posts/a.md", "posts/b.md", "posts/deep/c.md"]


@pytest.mark.slow
def test_check_on_a_module_checks_its_notes(project, capsys):
    assert main(["check", "posts/refs.py"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("posts/b.md ") and "a.md" not in out
    (project / "posts" / "refs.py").write_text("def double(x):\n    return 3 * x\n")
    assert main(["check", "posts/refs.py"]) == 1
    out = capsys.readouterr().out
    assert re.search(rf"^\s*posts/b\.md:{CLAIM_LINE}:1: AV401 ", out, re.M)


def test_check_on_a_module_no_note_uses_checks_nothing(project, capsys):
    assert main(["check", "shared/unused.py"]) == 0
    assert capsys.readouterr().out.strip().startswith("0 verified, 0 refuted")


# --- the hooks themselves ---------------------------------------------------------------------------


def test_the_hooks_are_declared_for_notes_and_the_check_also_for_modules():
    hooks = {h["id"]: h for h in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())}
    assert set(hooks) == {"algoverify-lint", "algoverify-check", "algoverify-mutate"}
    # mutation testing is slow: offered, off unless a run names the manual stage
    assert hooks["algoverify-mutate"]["stages"] == ["manual"]
    assert hooks["algoverify-mutate"]["entry"].startswith("algoverify mutate --min-score ")
    assert "stages" not in hooks["algoverify-lint"] and "stages" not in hooks["algoverify-check"]
    wanted = {
        "algoverify-mutate": ["n.md", "n.markdown", "paper.tex"],
        "algoverify-lint": ["n.md", "n.markdown", "paper.tex"],
        "algoverify-check": ["n.md", "n.markdown", "paper.tex", "power_iteration_checks.py", "helpers.py"],
    }
    for hook, files in wanted.items():
        pattern = re.compile(hooks[hook]["files"])
        assert [f for f in ["n.md", "n.markdown", "paper.tex", "power_iteration_checks.py", "helpers.py", "a.txt"]
                if pattern.search(f)] == files  # fmt: skip


def test_the_manual_pins_no_tag_that_does_not_exist():
    """The manual's set-up works as written: a local hook (run by its example), or a commit the reader picks."""
    page = (ROOT / "docs" / "guide" / "precommit-pytest.md").read_text(encoding="utf-8")
    assert "repo: local" in page
    revs = re.findall(r"^\s*rev: (\S+)", page, re.M)
    assert revs and all(re.fullmatch(r"[0-9a-f]{40}", rev) for rev in revs), revs  # a commit, never a release tag


def _git(cwd: Path, *args: str) -> None:  # noqa: D103
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org")
    env.update(GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.org")
    subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True)


#: what pip says when no package index can be reached (a machine offline): the only reason to skip
UNREACHABLE = (
    "Failed to establish a new connection",
    "Temporary failure in name resolution",
    "Network is unreachable",
    "No matching distribution found",
)


@pytest.fixture
def hook_repo(tmp_path):
    """This checkout as it is now (uncommitted work included), committed in a repository of its own."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    pytest.importorskip("pre_commit", reason="pre-commit is a test dependency: pip install -e '.[test]'")
    repo = tmp_path / "algoverify"
    ignore = shutil.ignore_patterns(".git", ".venv*", "dist", "build", "__pycache__", ".*_cache", ".hypothesis")
    shutil.copytree(ROOT, repo, ignore=ignore)
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "hooks")
    return repo


@pytest.mark.slow
def test_try_repo_on_a_fresh_repository_with_a_good_and_a_bad_note(tmp_path, hook_repo):
    """One run (try-repo builds the hooks' environment anew each time: about a minute here).

    Staged: a good note, a bad one, and a module edited so that an older note, not staged, is
    now wrong: the lint reads the two notes, the check also re-checks the older one.
    """
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "helper.py").write_text(MODULE)
    (notes / "old.md").write_text(_note("helper.py"))
    _git(notes, "init", "-q")
    _git(notes, "add", "-A")
    _git(notes, "commit", "-q", "-m", "an older note")
    (notes / "refs.py").write_text(MODULE)
    (notes / "good.md").write_text(_note("refs.py"))
    bad_note = _note("refs.py", r"\State \Return $2 x$" + "\n\\EndWhile")
    (notes / "bad.md").write_text(bad_note)
    (notes / "helper.py").write_text("def double(x):\n    return 3 * x\n")
    _git(notes, "add", "-A")

    home = tmp_path / "pre-commit-home"
    env = dict(os.environ, PRE_COMMIT_HOME=str(home), NO_COLOR="1")
    env.pop("PYTHONPATH", None)  # the hooks run the algoverify their own environment installed
    command = [sys.executable, "-m", "pre_commit", "try-repo", str(hook_repo), "--color=never", "--verbose"]
    done = subprocess.run(command, cwd=notes, env=env, capture_output=True, text=True, timeout=1200)
    out = done.stdout
    log = (home / "pre-commit.log").read_text(errors="replace") if (home / "pre-commit.log").exists() else ""
    if done.returncode == 3 and "Installing environment" in out and any(m in log for m in UNREACHABLE):
        # pre-commit's own failure (3): pip could not fetch the hooks' dependencies into their virtualenv
        pytest.skip(f"pre-commit could not build the hooks' environment (no package index reached):\n{log[-1500:]}")
    assert done.returncode == 1, out + done.stderr + log
    hooks = {
        name: (verdict, text)
        for name, verdict, text in re.findall(
            r"^algoverify (lint|check)\.+(\w+)\n(.*?)(?=^algoverify (?:lint|check)\.|\Z)", out, re.M | re.S
        )
    }
    (lint, lint_out), (check, check_out) = hooks["lint"], hooks["check"]
    assert lint == "Failed"
    # the stray \EndWhile, where it stands
    assert f"bad.md:{_line(bad_note, chr(92) + 'EndWhile')}:1: AV103 " in lint_out
    assert not re.search(r"^(good|old)\.md", lint_out, re.M)
    assert check == "Failed"
    assert re.search(rf"^\s*old\.md:{CLAIM_LINE}:1: AV401 ", check_out, re.M)  # reached through helper.py
    assert re.search(r"^good\.md\b", check_out, re.M) and not re.search(r"^\s*good\.md:\d+:\d+:", check_out, re.M)
