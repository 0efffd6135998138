"""The rule registry: every code documented, unique, grouped by family."""

import re

import pytest

from algoverify.findings import RULES, LocatedError, Rule, Severity
from algoverify.source import Span


@pytest.mark.parametrize("code", sorted(RULES))
def test_every_rule_is_documented(code):
    rule = RULES[code]
    assert re.fullmatch(r"AV\d{3}", code)
    sections = rule.doc_sections()
    assert set(sections) >= {"What", "Why", "Example"}, f"{rule.__name__} lacks a section"
    assert all(sections[k].strip() for k in ("What", "Why", "Example"))
    assert isinstance(rule.severity, Severity)
    # the template must be fillable from the names it mentions
    names = set(re.findall(r"{(\w+)[^}]*}", rule.template))
    assert rule.message(**{n: "x" for n in names})


def test_codes_are_unique():
    with pytest.raises(TypeError, match="used twice"):

        class Duplicate(Rule):  # noqa: F841
            """What: x. Why: x. Example: x."""

            code = next(iter(RULES))
            template = "x"


def test_located_error_becomes_finding():
    rule = RULES["AV102"]
    err = LocatedError(rule, Span(3, 5), opener="\\While", closer="\\EndWhile", found="\\end{algorithmic}")
    f = err.to_finding("note.md")
    assert f.code == "AV102" and f.span == Span(3, 5) and f.path == "note.md"
    assert "\\EndWhile" in f.message and f.severity is Severity.ERROR
    assert f.rule is rule
