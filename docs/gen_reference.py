"""The reference pages' generated parts: spec keys, finding codes, command-line usage.

Each function returns Markdown built from the code that defines the thing documented, so the
pages cannot drift from it: the spec keys from the schema the spec is validated against
(``algoverify.checking.schema``), the finding codes from the registry ``explain`` reads
(``algoverify.findings.RULES``), the command line from the argparse parser ``main`` uses
(``algoverify.cli.build_parser``). ``docs/hooks.py`` calls them while mkdocs builds; the tests
(``tests/test_docs_reference.py``) call them too. A page asks for one with a line
``<!-- generated: NAME -->``.
"""

from __future__ import annotations

import argparse
import re

MARKER = re.compile(r"^<!-- generated: ([a-z-]+) -->$", re.M)


def spec_keys() -> str:
    """The tables of the check spec's keys: the section, every check, each kind."""
    from algoverify.checking import schema

    text = schema.markdown()
    # the schema's own begin/end comments are for its module's readers; the page needs the tables
    return text.replace(schema.README_BEGIN, "").replace(schema.README_END, "").strip() + "\n"


def _md(text: str) -> str:
    """A docstring's reST literals (``x``) as Markdown code, in one line."""
    return " ".join(text.replace("``", "`").split()).replace("|", "\\|")


def finding_codes() -> str:
    """One table of every finding code by family, then each code's What, Why and Example."""
    from algoverify import cli  # noqa: F401  (imports every phase, so every rule is registered)
    from algoverify.findings import RULES

    out = ["| code | name | severity | what |", "| --- | --- | --- | --- |"]
    for code, rule in sorted(RULES.items()):
        what = _md(rule.doc_sections().get("What", ""))
        out.append(f"| [`{code}`](#{code.lower()}) | {rule.__name__} | {rule.severity.value} | {what} |")
    for code, rule in sorted(RULES.items()):
        doc = rule.doc_sections()
        out += ["", f"### {code} {rule.__name__} {{#{code.lower()}}}", "", f"Severity: **{rule.severity.value}**.", ""]
        for section in ("What", "Why", "Example"):
            if doc.get(section):
                out.append(f"- **{section}:** {_md(doc[section])}")
    return "\n".join(out) + "\n"


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:  # argparse keeps subparsers only here
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def cli_usage() -> str:
    """Each command's ``--help``, as argparse prints it at 100 columns."""
    import os

    from algoverify.cli import build_parser

    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "100"
    try:
        parser = build_parser()
        out = ["### `algoverify --help`", "", "```text", parser.format_help().rstrip(), "```"]
        for name, sub in _subcommands(parser).items():
            out += ["", f"### `algoverify {name} --help`", "", "```text", sub.format_help().rstrip(), "```"]
    finally:
        if old is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = old
    return "\n".join(out) + "\n"


def api() -> str:
    """A mkdocstrings directive for each name of ``algoverify.__all__``, at the module that defines it."""
    import algoverify

    out = []
    for name in algoverify.__all__:
        if name == "__version__":
            continue
        module, attr = algoverify._LAZY[name]
        out += [f"::: algoverify.{module}.{attr}", "    options:", f'      heading: "algoverify.{name}"', ""]
    return "\n".join(out)


GENERATORS = {"api": api, "spec-keys": spec_keys, "finding-codes": finding_codes, "cli-usage": cli_usage}


def expand(markdown: str) -> str:
    """The page with each ``<!-- generated: NAME -->`` line replaced by what NAME generates."""

    def one(m: re.Match[str]) -> str:
        return GENERATORS[m.group(1)]().rstrip("\n")

    return MARKER.sub(one, markdown)
