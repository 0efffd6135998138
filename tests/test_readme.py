"""The README is the front door: short, and pointing only at what exists.

Its examples run with the manual's, in tests/test_docs_examples.py.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_is_short():
    assert len(README.splitlines()) <= 350, "the manual belongs in docs/"


def test_the_readme_links_only_to_files_that_exist():
    links = [t for t in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README) if "://" not in t]
    assert links
    assert [t for t in links if not (ROOT / t).exists()] == []


def test_the_readme_shows_the_set_up_commands_ci_runs():
    assert "python3 -m venv .venv && . .venv/bin/activate" in README
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for command in ("pip install -e '.[test]'", "pytest"):
        assert command in README and command in ci


def test_the_commands_table_names_every_command():
    from algoverify.cli import build_parser

    parser = build_parser()
    (sub,) = [a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction"]
    table = README[README.index("## Commands") :]
    assert [c for c in sub.choices if f"`algoverify {c} " not in table] == []
