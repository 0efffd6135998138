r"""The check spec's schema (issue 10): validated before anything runs, by ``lint`` and ``check`` alike.

Tables: each malformed spec → its code, a fragment of its message and the line:col of the key it
concerns; each way of naming a statement → the statement it finds; each reference that finds no
statement, or several, → the nearest candidates. The README's key tables are generated from the
schema, and the built-in generators' table agrees with the generators themselves.
"""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from helpers import ROOT

from algoverify import api
from algoverify.checking.specification import schema
from algoverify.checking.specification.spec import Statements, read_spec, validate_spec

# The note every case varies: its `algoverify:` section starts on line 3, then the body (with
# `checks(CHECK)` as the section, `s \gets 0` is on line 20: the statement tables below use it).
BODY = r"""
The sum of the first numbers.

\begin{algorithm}[H]
\caption{Sum of a range}
\label{alg:sum}
\begin{algorithmic}[1]
\Require \(n\)
\State \(s \gets 0\) \label{init}
\For{\(i = 1, \dots, n\)} \label{loop}
  \If{\(i > 2\)}
    \State \(s \gets s + i\) \label{acc}
  \Else \label{otherwise}
    \State \(s \gets s\)
  \EndIf
\EndFor
\State \(t \gets \frac{s}{2}\)
\Return \(s\)
\end{algorithmic}
\end{algorithm}

A square is never negative:

\[ a^{2} \geq 0 \]

```python
print(1)
```

```mermaid
flowchart TD
    A[Start] --> B[End]
```
"""

MODULE = '''\
from algoverify import register_generator as register


def total(n):
    return sum(range(3, n + 1))


@register("spec_schema_evens")
def evens(rng, n):
    return [2 * i for i in range(n)]
'''

#: A valid check to vary: `- id:` on line 6, its other keys on lines 7-10, a key added after them on 11.
CHECK = """\
    - id: sums
      kind: reference
      listing: 1
      inputs: {n: "integers(0, 5)"}
      reference: total
"""


def note(tmp_path: Path, section: str, body: str = BODY) -> Path:
    """A note whose front matter is ``algoverify:`` + ``section`` (lines 3 on), with the module beside it."""
    (tmp_path / "refs.py").write_text(MODULE)
    path = tmp_path / "note.md"
    path.write_text(f"---\ntitle: t\nalgoverify:\n{section}---\n{body}")
    return path


def checks(entries: str, module: str = "  module: refs.py\n") -> str:
    return f"{module}  checks:\n{entries}"


def validated(path: Path) -> list[tuple[str, str, int, int]]:
    """``(code, message, line, col)`` of every finding :func:`validate_spec` returns for the note."""
    report = api.analyse([path]).notes[0]
    found = validate_spec(report.note, [b.ir for b in report.listings()])
    src = report.note.source
    return [(f.code, f.message, *src.line_col(f.span.start)) for f in found]


# --- malformed specs: code, message, line:col of the key --------------------------------------

MALFORMED = [
    # the section's own keys
    ("section-unknown-key", "  modul: refs.py\n" + checks(CHECK), "AV501",
     "unknown key modul in algoverify: (did you mean module?)", (4, 3)),
    ("section-trials-text", "  trials: many\n" + checks(CHECK), "AV501",
     "trials must be a positive integer up to 100,000, got 'many'", (4, 3)),
    ("section-seed-negative", "  seed: -1\n" + checks(CHECK), "AV501",
     "seed must be a non-negative integer, got -1", (4, 3)),
    ("section-index-base", "  index_base: 2\n" + checks(CHECK), "AV501", "index_base must be 0 or 1, got 2", (4, 3)),
    ("section-ignore", "  ignore: [W001]\n" + checks(CHECK), "AV501", "ignore must be finding codes", (4, 3)),
    ("section-ignore-unknown-code", "  ignore: [AV999]\n" + checks(CHECK), "AV501",
     "ignore must be finding codes, like [AV202, AV6], got ['AV999']", (4, 3)),
    ("checks-not-a-list", "  checks: all\n", "AV501", "checks must be a list of checks, got 'all'", (4, 3)),
    ("check-not-a-mapping", "  checks: [reference]\n", "AV501", "check 1: each check is a mapping with a `kind:`", (4, 12)),
    ("kind-a-list", checks(CHECK.replace("kind: reference", "kind: [reference]")), "AV501",
     "check 1 (sums): unknown kind ['reference']", (7, 7)),
    ("id-a-mapping", checks(CHECK.replace("id: sums", "id: {a: 1}")), "AV501",
     "check 1: id must be a name (letters, digits, `-`, `_`, `.`) or an integer, got {'a': 1}", (6, 7)),
    # a check's keys
    ("unknown-kind", checks(CHECK.replace("kind: reference", "kind: refrence")), "AV501",
     "check 1 (sums): unknown kind 'refrence' (did you mean reference?)", (7, 7)),
    ("no-kind", checks(CHECK.replace("      kind: reference\n", "")), "AV501",
     "check 1 (sums): a check needs kind", (6, 7)),
    ("missing-required", checks(CHECK.replace("      reference: total\n", "")), "AV501",
     "check 1 (sums): a reference check needs reference", (6, 7)),
    ("unknown-check-key", checks(CHECK + "      holdz: 'x'\n"), "AV501",
     "unknown key holdz for a reference check; the keys are kind, id, claim", (11, 7)),
    ("seed-on-a-check", checks(CHECK + "      seed: 3\n"), "AV501",
     "unknown key seed for a reference check: `seed:` is set for the whole note, next to `checks:`", (11, 7)),
    ("trials-text", checks(CHECK + '      trials: "many"\n'), "AV501",
     "trials must be a positive integer up to 100,000, got 'many'", (11, 7)),
    ("trials-zero", checks(CHECK + "      trials: 0\n"), "AV501", "trials must be a positive integer up to 100,000, got 0", (11, 7)),
    # a spec cannot make a run last for days
    ("trials-huge", checks(CHECK + "      trials: 1000000000\n"), "AV501",
     "trials must be a positive integer up to 100,000, got 1000000000", (11, 7)),
    ("rtol-negative", checks(CHECK + "      rtol: -1\n"), "AV501", "rtol must be a non-negative number, got -1", (11, 7)),
    ("max-steps-text", checks(CHECK + "      max_steps: 1e6\n"), "AV501",
     "max_steps must be a positive integer, got '1e6'", (11, 7)),
    ("timeout-zero", checks(CHECK + "      timeout: 0\n"), "AV501", "timeout must be a positive number, got 0", (11, 7)),
    ("listing-zero", checks(CHECK.replace("listing: 1", "listing: 0")), "AV501",
     "listing must be a positive integer or a caption or function name, got 0", (8, 7)),
    ("inputs-not-a-mapping", checks(CHECK.replace('inputs: {n: "integers(0, 5)"}', "inputs: randn(3)")), "AV501",
     "inputs must be a mapping NAME → a number, a list or a generator call, got 'randn(3)'", (9, 7)),
    ("duplicate-id", checks(CHECK + CHECK), "AV501", "check 2: check id 'sums' is used twice", (11, 7)),
    # nested keys
    ("compare-unknown-key", checks(CHECK + "      compare: {s: {rtoll: 1e-3}}\n"), "AV501",
     "unknown key rtoll in compare.s (did you mean rtol?)", (11, 21)),
    ("compare-negative", checks(CHECK + "      compare: {s: {rtol: -1}}\n"), "AV501",
     "compare.s.rtol must be a non-negative number, got -1", (11, 21)),
    ("compare-sign", checks(CHECK + "      compare: {s: {sign: yes please}}\n"), "AV501",
     "compare.s.sign must be true or false, got 'yes please'", (11, 21)),
    ("expect-unknown-key",
     checks('    - kind: contract\n      listing: 1\n      expect: {runz: {"s \\\\gets 0": 1}}\n'), "AV501",
     "unknown key runz in expect (did you mean runs?)", (8, 16)),
    ("expect-terminates-false", checks("    - kind: contract\n      listing: 1\n      expect: {terminates: false}\n"),
     "AV501", "expect.terminates must be true, got False", (8, 16)),
    ("expect-count", checks("    - kind: contract\n      listing: 1\n      expect: {iterations: -2}\n"), "AV501",
     "expect.iterations must be a non-negative integer or LaTeX over the inputs or a mapping with keys at_most, at_least, got -2", (8, 16)),
    ("quotes-not-a-list", checks("    - kind: snippet\n      block: 1\n      quotes: '1'\n"), "AV501",
     "quotes must be a list of texts, got '1'", (8, 7)),
    ("quotes-item", checks("    - kind: snippet\n      block: 1\n      quotes: ['1', 2]\n"), "AV501",
     "quotes[2] must be text, got 2", (8, 21)),
    ("trials-on-a-snippet", checks("    - kind: snippet\n      block: 1\n      quotes: ['1']\n      trials: 3\n"),
     "AV501", "unknown key trials for a snippet check", (9, 7)),
    ("let-key", checks("    - kind: property\n      holds: 'f(1) = 1'\n      let: {'f(x': 'x'}\n"), "AV501",
     "let: key 'f(x' must be NAME or NAME(PARAMS)", (8, 13)),
    # what a check names: AV502
    ("missing-listing", checks(CHECK.replace("listing: 1", "listing: 3")), "AV502",
     "check sums: listing 3 does not exist; the note has 1", (8, 7)),
    ("unknown-listing-name", checks(CHECK.replace("listing: 1", "listing: Product")), "AV502",
     "no listing named or captioned 'Product'; the note's listings: 1 'Sum of a range'", (8, 7)),
    ("missing-python-block", checks("    - kind: snippet\n      block: 2\n      quotes: ['1']\n"), "AV502",
     "block 2: the note has 1 python block(s)", (7, 7)),
    ("missing-mermaid-block", checks("    - kind: structure\n      block: 2\n"), "AV502",
     "block 2: the note has 1 mermaid block(s)", (7, 7)),
    ("missing-equation", checks("    - kind: property\n      holds: 'a = a'\n      equation: 2\n      draw: {a: 1}\n"),
     "AV502", "equation 2: the note has 1 math block(s)", (8, 7)),
    ("unknown-generator", checks(CHECK.replace('"integers(0, 5)"', '"randnn(3)"')), "AV502",
     "input n: unknown generator 'randnn' (did you mean randn?); known generators: batches", (9, 16)),
    ("generator-keyword", checks(CHECK.replace('"integers(0, 5)"', '"spd(3, cnd=10)"')), "AV502",
     "input n: spd has no parameter cnd (did you mean cond?); it takes spd(n, cond=None)", (9, 16)),
    ("generator-missing-argument", checks(CHECK.replace('"integers(0, 5)"', '"loguniform(1)"')), "AV502",
     "input n: loguniform needs high", (9, 16)),
    ("generator-too-many", checks(CHECK.replace('"integers(0, 5)"', '"symmetric(2, 3)"')), "AV502",
     "input n: symmetric takes at most 1 argument(s), got 2", (9, 16)),
    ("value-syntax", checks(CHECK.replace('"integers(0, 5)"', '"integers(0, 5"')), "AV502",
     "input n: cannot read value 'integers(0, 5' at column 13", (9, 16)),
    ("name-never-drawn", checks(CHECK.replace('"integers(0, 5)"', '"integers(0, m)"')), "AV502",
     "input n: unknown name m (write a number, a list or a generator call)", (9, 16)),
    ("name-drawn-later", checks(CHECK.replace('{n: "integers(0, 5)"}', '{n: "integers(0, m)", m: 3}')), "AV502",
     "input n: m is drawn after it: move m up", (9, 16)),
    ("missing-function", checks(CHECK.replace("reference: total", "reference: totl")), "AV502",
     "totl is not a function of the note's module", (10, 7)),
    ("no-module", checks(CHECK, module=""), "AV502", "total is not a function of (no module: set `module:`)", (9, 7)),
    ("missing-statement", checks('    - kind: contract\n      listing: 1\n      expect: {runs: {"s \\\\gets s + j": 1}}\n'),
     "AV502", "`s \\gets s + j` matches no statement of the listing; nearest: line 21 `\\State \\(s \\gets s + i\\)",
     (8, 23)),
    ("ambiguous-statement", checks('    - kind: contract\n      listing: 1\n      expect:\n        runs: {"s \\\\gets": 1}\n'),
     "AV502", "`s \\gets` matches 3 statements: line 19", (9, 16)),
    ("missing-label", checks('    - kind: contract\n      listing: 1\n      expect: {runs: {"\\\\ref{accc}": 1}}\n'),
     "AV502", "no \\label{accc} in the listing; did you mean acc?", (8, 23)),
    ("statement-line", checks("    - kind: contract\n      listing: 1\n      expect: {runs: {12: 1}}\n"), "AV502",
     "no statement of the listing starts on line 12; nearest: line 18", (8, 23)),
    # the module file: AV503 at `module:`
    ("missing-module", checks(CHECK, "  module: nope.py\n"), "AV503", "module nope.py: no such file", (4, 3)),
    ("module-elsewhere", checks(CHECK, "  module: ../nope.py\n"), "AV503", "must be a .py file inside", (4, 3)),
]  # fmt: skip


@pytest.mark.parametrize("section, code, message, at", [c[1:] for c in MALFORMED], ids=[c[0] for c in MALFORMED])
def test_a_malformed_spec_is_one_located_finding(tmp_path, section, code, message, at):
    found = validated(note(tmp_path, section))
    assert len(found) == 1, found
    ((got_code, got_message, line, col),) = found
    assert got_code == code and message in got_message, got_message
    assert (line, col) == at, got_message


VALID = [
    ("the-check", checks(CHECK)),
    ("numbers-as-yaml-text", checks(CHECK + "      rtol: 1e-3\n      atol: 1E-12\n      timeout: 1e1\n")),
    ("the-module-generator", checks(CHECK.replace('"integers(0, 5)"', '"spec_schema_evens(3)"'))),
    ("numpy-reference", checks(CHECK.replace("reference: total", "reference: numpy.sum"))),
    ("generator-calls", checks(CHECK.replace('{n: "integers(0, 5)"}', '{n: "integers(1, 3)", B: "batches(n, None, 2)", '
                                             'A: "spd(n, cond=10)", x: "randn(n, scale=2)", c: "constant(1.5, n)"}'))),
    ("statements", checks('    - kind: contract\n      listing: Sum\n      expect:\n        terminates: true\n'
                          '        runs: {"\\\\ref{acc}": "n - 2", "i > 2": n, 22: 1, "t \\\\gets s / 2": 1}\n'
                          '        assigned: {s: "n + 1"}\n        iterations: n\n')),
    ("section", "  seed: 3\n  trials: 4\n  index_base: 1\n  ignore: [AV6, av202]\n" + checks(CHECK)),
    ("ignore-one-code", "  ignore: AV601\n" + checks(CHECK)),
]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("section", [c[1] for c in VALID], ids=[c[0] for c in VALID])
def test_a_valid_spec_has_no_finding(tmp_path, section):
    assert validated(note(tmp_path, section)) == []


def test_every_problem_of_a_check_is_reported_at_its_own_key(tmp_path):
    entry = CHECK.replace("listing: 1", "listing: 0") + "      rtol: -1\n      compare: {s: {rtoll: 1}}\n"
    found = validated(note(tmp_path, checks(entry)))
    assert [(code, line, col) for code, _, line, col in found] == [("AV501", 8, 7), ("AV501", 12, 21), ("AV501", 11, 7)]


def test_toml_front_matter_locates_at_the_key(tmp_path):
    # changed with issue 20 (item 7): TOML's keys are placed as YAML's are, no longer at the front matter's start
    path = tmp_path / "note.md"
    path.write_text('+++\ntitle = "t"\n[algoverify]\nmodul = "refs.py"\n+++\n' + BODY)
    ((code, message, line, col),) = validated(path)
    assert code == "AV501" and "unknown key modul" in message and (line, col) == (4, 1)


# --- check reports the same problems, before running any trial --------------------------------


def _check_findings(path: Path) -> list[tuple[str, str, int, int]]:
    report = api.check([path]).notes[0]
    src = report.note.source
    found = [(f.code, f.message, *src.line_col(f.span.start)) for f in report.findings if f.code.startswith("AV5")]
    return sorted(_same_words(found))


def _same_words(found):
    # `check` also knows the generators the test process registered: the list of known ones may differ
    return [(code, re.sub(r"; known generators: .*", "", message), *at) for code, message, *at in found]


@pytest.mark.slow
@pytest.mark.parametrize(
    "case", ["compare-unknown-key", "unknown-generator", "missing-statement", "missing-listing", "generator-keyword"]
)
def test_check_reports_what_lint_reports(tmp_path, case):
    (section,) = [c[1] for c in MALFORMED if c[0] == case]
    path = note(tmp_path, section)
    assert _check_findings(path) == sorted(_same_words(validated(path)))


def test_a_bad_reference_runs_no_trial_and_names_the_candidates(tmp_path):
    section = checks('    - id: counts\n      kind: contract\n      listing: 1\n      inputs: {n: "integers(3, 6)"}\n'
                     '      expect: {runs: {"s \\\\gets s + j": 1}}\n')
    report = api.check([note(tmp_path, section)]).notes[0]
    (o,) = report.outcomes
    assert o.status == "could not check" and o.trials == 0
    (finding,) = o.findings
    assert finding.code == "AV502"
    assert finding.details["candidates"][0] == "23:5 \\State \\(s \\gets s + i\\) \\label{acc}"


@pytest.mark.slow
def test_check_reports_every_reference_problem_of_a_check_once(tmp_path):
    entry = CHECK.replace("listing: 1", "listing: 3").replace('"integers(0, 5)"', '"randnn(3)"')
    path = note(tmp_path, checks(entry))
    report = api.check([path]).notes[0]
    assert [o.status for o in report.outcomes] == ["could not check"]
    assert [f.code for f in report.findings if f.code == "AV502"] == ["AV502", "AV502"]
    assert _check_findings(path) == sorted(_same_words(validated(path)))


@pytest.mark.slow
def test_check_knows_the_generators_a_program_registered_lint_cannot(tmp_path):
    import algoverify

    algoverify.register_generator("spec_schema_from_the_program")(lambda rng, n: n)
    path = note(tmp_path, checks(CHECK.replace('"integers(0, 5)"', '"spec_schema_from_the_program(4)"')))
    assert [o.status for o in api.check([path]).notes[0].outcomes] == ["verified"]
    ((code, message, *_),) = validated(path)
    assert code == "AV502" and "unknown generator 'spec_schema_from_the_program'" in message


@pytest.mark.slow
def test_a_malformed_check_does_not_run_and_the_others_do(tmp_path):
    path = note(tmp_path, checks(CHECK.replace("id: sums", "id: bad") + "      rtol: -1\n" + CHECK))
    report = api.check([path]).notes[0]
    assert [(o.check.id, o.status) for o in report.outcomes] == [("sums", "verified")]
    assert [f.code for f in report.findings if f.code.startswith(("AV4", "AV5"))] == ["AV501"]


def test_read_spec_keeps_the_sections_values_only_when_valid(tmp_path):
    report = api.analyse([note(tmp_path, "  seed: -3\n  trials: many\n" + checks(CHECK))]).notes[0]
    spec = read_spec(report.note, default_trials=7)
    assert spec.seed is None and [c.trials for c in spec.checks] == [7]
    assert [f.code for f in spec.findings] == ["AV501", "AV501"]


# --- statement references -------------------------------------------------------------------------

STATEMENTS = [
    # (reference, line:col of the statement it names)
    (20, (20, 1)),
    (23, (23, 5)),
    ("\\ref{acc}", (23, 5)),
    ("\\label{acc}", (23, 5)),
    ("acc", (23, 5)),
    (" \\ref{ loop } ", (21, 1)),
    ("loop", (21, 1)),
    # a piece of source: a single statement, never the block that holds it
    ("s \\gets s + i", (23, 5)),
    ("s\\gets s+i", (23, 5)),
    ("\\State \\(s \\gets s + i\\)", (23, 5)),
    ("\\State   \\(s   \\gets\n s + i\\)", (23, 5)),
    ("$s \\gets s + i$", (23, 5)),
    # a block by its header (or closer), not by what it holds
    ("\\For{\\(i = 1, \\dots, n\\)}", (21, 1)),
    ("i > 2", (22, 3)),
    ("\\EndFor", (21, 1)),
    # math written another way: \frac{s}{2} is s / 2
    ("s / 2", (28, 1)),
    ("t \\gets s/2", (28, 1)),
    ("\\frac{s}{2}", (28, 1)),
    ("\\Return \\(s\\)", (29, 1)),
    ("\\State \\(t \\gets s / 2\\)", (28, 1)),
]


@pytest.fixture(scope="module")
def statements(tmp_path_factory):
    report = api.analyse([note(tmp_path_factory.mktemp("statements"), checks(CHECK))]).notes[0]
    return Statements(report.listings()[0].ir, report.note.source)


@pytest.mark.parametrize("key, at", STATEMENTS, ids=[str(k) for k, _ in STATEMENTS])
def test_a_statement_reference_finds_its_statement(statements, key, at):
    res = statements.resolve(key)
    assert res.problem is None, res.problem
    assert (res.statement.line, res.statement.column) == at


UNRESOLVED = [
    # (reference, message fragment, line:col of the candidates listed, in order)
    ("s \\gets s + j", "matches no statement of the listing", [(23, 5), (25, 5), (20, 1)]),
    ("s \\gets", "matches 3 statements", [(20, 1), (23, 5), (25, 5)]),  # not `t \gets`
    ("s", "matches 5 statements", [(20, 1), (23, 5), (25, 5), (28, 1), (29, 1)]),  # not the `s` of \dots
    (12, "no statement of the listing starts on line 12", [(20, 1), (21, 1), (22, 3)]),
    (24, "no statement of the listing starts on line 24", [(23, 5), (25, 5), (22, 3)]),
    ("\\ref{accc}", "no \\label{accc} in the listing; did you mean acc?", []),
    ("\\ref{otherwise}", "labels an arm of an \\If", []),
    ("alg:sum", "labels the whole listing", []),
    ("", "an empty statement reference", []),
    (True, "name it by its line, its \\label or a piece of its source", []),
]


@pytest.mark.parametrize("key, message, candidates", UNRESOLVED, ids=[repr(k) for k, *_ in UNRESOLVED])
def test_a_reference_to_nothing_or_to_several_lists_the_candidates(statements, key, message, candidates):
    res = statements.resolve(key)
    assert res.statement is None and message in res.problem, res.problem
    assert [(s.line, s.column) for s in res.candidates] == candidates
    for s in res.candidates:
        assert f"line {s.line} `{s.shown}`" in res.problem


def test_a_line_with_two_statements_is_ambiguous(tmp_path):
    body = BODY.replace("\\State \\(t \\gets \\frac{s}{2}\\)", "\\State \\(t \\gets s\\); \\(u \\gets t\\)")
    report = api.analyse([note(tmp_path, checks(CHECK), body)]).notes[0]
    res = Statements(report.listings()[0].ir, report.note.source).resolve(28)
    assert "line 28 starts 2 statements" in res.problem
    assert [(s.line, s.column) for s in res.candidates] == [(28, 1), (28, 23)]


def test_a_piece_of_the_loop_body_counts_the_statement_not_the_enclosing_blocks(tmp_path):
    # the statement runs n - 2 times, the \If around it n times and the \For once: the piece of
    # source used to match all three, and the count taken was the largest (n), refuting the claim
    section = checks('    - id: counts\n      kind: contract\n      listing: 1\n      inputs: {n: "integers(3, 6)"}\n'
                     '      expect:\n        runs: {"s \\\\gets s + i": "n - 2", "i > 2": n, "\\\\ref{loop}": 1}\n')
    report = api.check([note(tmp_path, section)]).notes[0]
    (o,) = report.outcomes
    assert o.status == "verified", o.message


def test_a_reference_survives_an_edit_above_it(tmp_path):
    section = checks('    - id: counts\n      kind: contract\n      listing: 1\n      inputs: {n: "integers(3, 6)"}\n'
                     '      expect: {runs: {"acc": "n - 2", "s \\\\gets \\\\frac{s + i}{1}": 0}}\n')
    edited = BODY.replace("\\State \\(s \\gets s + i\\)", "\\State \\(s   \\gets s+i\\)").replace(
        "The sum", "Some lines above.\n\nThe sum")
    report = api.check([note(tmp_path, section, edited)]).notes[0]
    (o,) = report.outcomes
    assert o.status == "could not check"  # `\frac{s + i}{1}` is not `s + i`: no guess
    assert "matches no statement" in o.message
    ok = section.replace(', "s \\\\gets \\\\frac{s + i}{1}": 0', "")
    report = api.check([note(tmp_path, ok, edited)]).notes[0]
    assert [o.status for o in report.outcomes] == ["verified"]


# --- the schema: one source for the README and the generators' table ------------------------------


def test_the_manual_lists_exactly_the_schemas_keys():
    # docs/reference/spec-keys.md asks for the tables; docs/gen_reference.py builds them from schema.markdown()
    import sys

    sys.path.insert(0, str(ROOT / "docs"))
    import gen_reference

    page = (ROOT / "docs" / "reference" / "spec-keys.md").read_text(encoding="utf-8")
    assert "<!-- generated: spec-keys -->" in page, "the manual's check-spec tables are missing"
    block = schema.README_BEGIN + "\n\n" + gen_reference.spec_keys() + "\n" + schema.README_END
    # the keys first, for a readable failure; then the text, generated by `python -m algoverify.checking.specification.schema`
    listed, where = set(), None
    for line in block.splitlines():
        if line.startswith(("The section", "Every check", "`kind: ")):
            where = {"The section": "algoverify", "Every check": "check"}.get(line[:11], line[7:].split("`")[0])
        m = re.match(r"\| `([^`]+)` \|", line)
        if m:
            listed.add(f"{where}: {m.group(1)}")
    assert listed == schema.all_key_paths()
    assert block == schema.markdown()


def test_the_generators_table_is_the_generators():
    from algoverify.running import generators

    builtin = {n: fn for n, fn in generators.GENERATORS.items() if fn.__module__ == generators.__name__}
    assert set(builtin) == set(schema.GENERATORS)
    for name, fn in builtin.items():
        params = list(inspect.signature(fn).parameters.values())[1:]  # after rng
        plain = inspect.Signature([p.replace(annotation=inspect.Parameter.empty) for p in params])
        assert str(plain) == schema.GENERATORS[name], name


@pytest.mark.parametrize(
    "call, problem",
    [("randn(2, 3, scale=2)", None), ("uniform()", None), ("uniform(0, 1, 3, 4)", None), ("integers(1)", "needs high"),
     ("batches(3, size=2, dim=4)", None), ("spd(n=3)", None), ("spd(3, n=3)", "got n twice"),
     ("onehot(3, 4)", "at most 1 argument(s)"), ("randn(shape=3)", "has no parameter shape")],
)  # fmt: skip
def test_generator_calls_follow_pythons_rules(call, problem):
    name, args = call[:-1].split("(", 1)
    parts = [a.strip() for a in args.split(",") if a.strip()]
    keywords = [a.split("=")[0] for a in parts if "=" in a]
    got = schema.check_call(name, len(parts) - len(keywords), keywords)
    assert (got is None) if problem is None else (problem in got), got


@pytest.mark.slow
def test_validate_spec_imports_neither_numpy_nor_sympy():
    code = textwrap.dedent(
        """
        import sys
        from algoverify import api
        from algoverify.checking.specification.spec import validate_spec
        for report in api.analyse(["corpus"]).notes:
            assert validate_spec(report.note, [b.ir for b in report.listings()]) == []
        print(sorted(k for k in ("numpy", "sympy") if k in sys.modules))
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.slow
@pytest.mark.parametrize("case", ["compare-unknown-key", "unknown-generator", "missing-listing"])
def test_lint_reports_the_spec_problems_as_errors_at_their_keys(tmp_path, case):
    # the pre-commit hook runs `lint`: a spec that `check` would refuse must fail it already
    (section,) = [c[1] for c in MALFORMED if c[0] == case]
    path = note(tmp_path, section)
    result = api.lint([path])
    report = result.notes[0]
    src = report.note.source
    found = [(f.code, f.message, *src.line_col(f.span.start)) for f in report.findings if f.code.startswith("AV5")]
    assert sorted(_same_words(found)) == sorted(_same_words(validated(path)))
    assert found and result.failed()
    cli = subprocess.run([sys.executable, "-m", "algoverify", "lint", str(path)], capture_output=True, text=True)
    assert cli.returncode == 1 and found[0][0] in cli.stdout


def test_analyse_alone_does_not_validate_the_spec(tmp_path):
    (section,) = [c[1] for c in MALFORMED if c[0] == "compare-unknown-key"]
    report = api.analyse([note(tmp_path, section)]).notes[0]
    assert not [f for f in report.findings if f.code.startswith("AV5")]
