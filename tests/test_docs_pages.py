"""The manual's pages: its nav, its generated parts, the files it shows and names, and no history."""

from __future__ import annotations

import re
import sys

import pytest
import yaml
from docs_examples import PAGES, ROOT, blocks

sys.path.insert(0, str(ROOT / "docs"))
import gen_reference  # noqa: E402

DOCS = ROOT / "docs"


def _nav_files(nav) -> list[str]:
    out = []
    for item in nav:
        for value in item.values() if isinstance(item, dict) else [item]:
            out += _nav_files(value) if isinstance(value, list) else [value]
    return out


def test_every_page_is_in_the_nav_and_every_nav_entry_is_a_page():
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    nav = _nav_files(config["nav"])
    pages = sorted(str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md"))
    assert sorted(nav) == pages


def test_generated_parts_name_known_generators():
    for page in DOCS.rglob("*.md"):
        for name in gen_reference.MARKER.findall(page.read_text(encoding="utf-8")):
            assert name in gen_reference.GENERATORS, f"{page}: {name}"


def test_the_generated_parts_kept_in_the_pages_are_current():
    stale = []
    for page in sorted(DOCS.rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        if gen_reference.expand(text, at_build=False) != text:
            stale.append(str(page.relative_to(ROOT)))
    assert stale == [], "run `python docs/gen_reference.py` to rewrite them"


def test_each_function_the_math_knows_says_what_it_computes():
    from algoverify.math.functions import FUNCTIONS

    assert set(gen_reference.FUNCTION_MEANINGS) == {n for n in FUNCTIONS if not n.startswith("_")}
    page = (DOCS / "reference" / "math.md").read_text(encoding="utf-8")
    for name in gen_reference.FUNCTION_MEANINGS:
        assert f"| `{name}` |" in page


def test_the_spec_keys_page_lists_exactly_the_schemas_keys():
    from algoverify.checking.specification import schema

    page = gen_reference.expand((DOCS / "reference" / "spec-keys.md").read_text(encoding="utf-8"))
    listed, where = set(), None
    for line in page.splitlines():
        if line.startswith(("The section", "Every check", "`kind: ")):
            where = {"The section": "algoverify", "Every check": "check"}.get(line[:11], line[7:].split("`")[0])
        m = re.match(r"\| `([^`]+)` \|", line)
        if m:
            listed.add(f"{where}: {m.group(1)}")
    assert listed == schema.all_key_paths()


def test_the_findings_page_documents_every_code():
    from algoverify import cli  # noqa: F401
    from algoverify.findings import RULES

    page = gen_reference.expand((DOCS / "reference" / "findings.md").read_text(encoding="utf-8"))
    assert set(re.findall(r"^### (AV\d{3}) ", page, re.M)) == set(RULES)
    for code, rule in RULES.items():
        assert rule.doc_sections().get("What"), f"{code} has no What: in its docstring"


def test_the_cli_page_shows_every_commands_help():
    from algoverify.cli import build_parser

    page = gen_reference.expand((DOCS / "reference" / "cli.md").read_text(encoding="utf-8"))
    assert "usage: algoverify [-h]" in page
    for name in gen_reference._subcommands(build_parser()):
        assert f"usage: algoverify {name} " in page


def test_the_api_page_documents_every_public_name():
    import algoverify

    page = gen_reference.expand((DOCS / "reference" / "api.md").read_text(encoding="utf-8"))
    for name in algoverify.__all__:
        if name != "__version__":
            assert f'heading: "algoverify.{name}"' in page


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_block_marked_as_a_file_is_that_file(page):
    text = page.read_text(encoding="utf-8")
    for block in blocks(page):
        before = text[: text.rfind("```", 0, block.start)].rstrip().rsplit("\n", 1)[-1]
        m = re.search(r"<!-- file: (\S+) -->", before)
        if m:
            assert block.body == (ROOT / m.group(1)).read_text(encoding="utf-8"), f"{block.name}: {m.group(1)}"


#: a path an example names: inside the examples' folders, ending in a file or a folder
NAMED = re.compile(r"(?<![\w/.-])((?:examples|corpus)/[\w./-]*)")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_file_an_example_names_exists(page):
    for block in blocks(page, "console"):
        for command in block.commands:
            for path in NAMED.findall(command.line):
                assert (ROOT / path.rstrip(".")).exists(), f"{block.name}: {path}"


#: words of a changelog, not of a manual
HISTORY = re.compile(
    r"\bissue \d+|\bitem \d+\b|\bsince v\d|still to take|measured when|no longer needed|then were|\bround \d+\b", re.I
)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_pages_say_what_is_not_what_was(page):
    text = page.read_text(encoding="utf-8")
    assert [line for line in text.splitlines() if HISTORY.search(line)] == []
