"""Issue 20, the spec's items: a note's module, TOML spans, claims on rendered text, indented code,
project settings, ``as:`` with several outputs, messages in the note's LaTeX."""

from __future__ import annotations

import textwrap

from algoverify import api
from algoverify.cli import main

_LISTING = """
The listing doubles its input.

\\begin{algorithmic}
\\Require vector \\(x\\)
\\State \\(y \\gets 2 x\\)
\\Return \\(y\\)
\\end{algorithmic}
"""

_CHECKS = """\
  checks:
    - id: doubles
      kind: reference
      listing: 1
      claim: "The listing doubles its input."
      trials: 3
      inputs: {n: "integers(1, 3)", x: "randn(n)"}
      reference: double
    - id: squares-are-non-negative
      kind: property
      trials: 3
      holds: 'a^2 \\ge 0'
      draw: {a: "uniform(-1, 1)"}
"""


def _module_note(tmp_path, module_text: str, helper: str | None = None):
    (tmp_path / "refs.py").write_text(module_text)
    if helper is not None:
        (tmp_path / "note_helper_beside.py").write_text(helper)
    path = tmp_path / "note.md"
    path.write_text(f"---\nalgoverify:\n  module: refs.py\n{_CHECKS}---\n{_LISTING}")
    return path


# --- 6. a note's module ----------------------------------------------------------------------------


def test_a_module_that_fails_to_import_makes_every_check_could_not_check(tmp_path, capsys):
    path = _module_note(tmp_path, "import a_dependency_nobody_installed\n")
    for isolate in (False, True):
        note = api.check([path], isolate=isolate).notes[0]
        assert [o.status for o in note.outcomes] == ["could not check"] * 2
        assert [f.code for f in note.findings if f.code == "AV503"] == ["AV503"]  # said once
    assert main(["--no-isolation", str(path)]) == 1
    out = capsys.readouterr().out
    assert "(2 checks," in out
    assert out.count("a_dependency_nobody_installed") == 1
    assert "0 verified, 0 refuted, 0 refuted as expected, 2 could not check" in out


def test_a_module_imports_a_helper_file_beside_it(tmp_path):
    helper = "def double(x):\n    return 2 * x\n"
    path = _module_note(tmp_path, "from note_helper_beside import double\n", helper)
    import sys

    before = list(sys.path)
    note = api.check([path], isolate=False).notes[0]
    assert [o.status for o in note.outcomes] == ["verified"] * 2, [o.message for o in note.outcomes]
    assert sys.path == before  # the folder is on the path only while the module loads
    sys.modules.pop("note_helper_beside", None)


# --- 10. a misspelt project setting ----------------------------------------------------------------


def test_a_misspelt_setting_names_the_one_it_is_near(tmp_path):
    from algoverify.reading.config import CONFIG_KEYS, load_config

    (tmp_path / "pyproject.toml").write_text("[tool.algoverify]\ntirals = 5\nzzz = 1\n")
    findings = {f.message.split("`")[1]: f.message for f in load_config(tmp_path / "pyproject.toml").findings}
    assert "did you mean trials?" in findings["tirals"]
    assert not any(k in findings["tirals"] for k in CONFIG_KEYS if k != "trials")  # not the whole list
    assert all(k in findings["zzz"] for k in CONFIG_KEYS)  # nothing near: every setting


# --- 7. TOML front matter ----------------------------------------------------------------------------

_TOML_NOTE = """\
+++
title = "Sum"

[algoverify]
module = "refs.py"

[[algoverify.checks]]
id = "loop-count"
kind = "contract"
listing = 1
trials = 3
inputs = { n = "integers(1, 4)", x = "randn(n)" }
expect = { runs = { LINE = "n" } }

[[algoverify.checks]]
id = "not-always"
kind = "property"
trials = 3
holds = 'a \\ge 1'
draw = { a = "uniform(0, 1)" }
+++

The listing sums its input.

\\begin{algorithmic}
\\Require vector \\(x \\in \\mathbb{R}^{n}\\)
\\State \\(s \\gets 0\\)
\\For{\\(i = 1, \\dots, n\\)}
  \\State \\(s \\gets s + x_i\\)
\\EndFor
\\Return \\(s\\)
\\end{algorithmic}
"""


def _line(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def test_toml_keys_a_statement_by_its_line(tmp_path):
    (tmp_path / "refs.py").write_text("")
    text = _TOML_NOTE.replace("LINE", str(_line(_TOML_NOTE, "s + x_i")))
    path = tmp_path / "note.md"
    path.write_text(text)
    note = api.check([path], isolate=False).notes[0]
    outcome = next(o for o in note.outcomes if o.check.id == "loop-count")
    assert outcome.status == "verified", outcome.message


def test_toml_spans_are_the_entry_and_the_key(tmp_path):
    (tmp_path / "refs.py").write_text("")
    text = _TOML_NOTE.replace("LINE", "2")  # no statement there: AV502 at the key
    path = tmp_path / "note.md"
    path.write_text(text)
    note = api.check([path], isolate=False).notes[0]
    source = note.note.source
    outcomes = {o.check.id: o for o in note.outcomes}
    (bad,) = [f for f in outcomes["loop-count"].findings if f.code == "AV502"]
    assert source.line_col(bad.span.start) == (_line(text, "runs = {"), text.splitlines()[_line(text, "runs = {") - 1].index("2 =") + 1)
    # each check's entry starts at its own [[algoverify.checks]] header
    headers = [i + 1 for i, ln in enumerate(text.splitlines()) if ln == "[[algoverify.checks]]"]
    assert [source.line_col(o.check.span.start)[0] for o in note.outcomes] == headers
    (refuted,) = [f for f in outcomes["not-always"].findings if f.code == "AV402"]
    assert source.line_col(refuted.span.start)[0] == headers[1]


def test_toml_positions_place_every_value_tomllib_reads():
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib
    from algoverify.reading.tomlspans import compose

    text = textwrap.dedent(
        """\
        title = "a # not a comment"   # a comment
        "quoted key".'lit' = 1_000
        dotted . key = [1, 2.5e3, # inside
          "x", 'y', QQQmulti
        lineQQQ, LLLlit
        eralLLL, true, 1979-05-27 07:32:00Z, { a = -inf },
        ]
        [table]
        inline = { x = { y = [ {z = 0x1F} ] } }
        [[table.many]]
        k = "first"
        [[table.many]]
        k = "second"
        [table.many.sub]
        deep = 'v'
        """
    ).replace("QQQ", '"' * 3).replace("LLL", "'" * 3)
    data, root = tomllib.loads(text), compose(text)
    assert root is not None

    def walk(value, node, path):
        if isinstance(value, dict):
            assert node.kind == "table", path
            assert set(node.items) == set(value), path
            for k, v in value.items():
                (ks, ke), child = node.items[k]
                assert tomllib.loads(f"{text[ks:ke]} = 0") == {k: 0}, path
                walk(v, child, path + (k,))
        elif isinstance(value, list):
            assert node.kind == "array" and len(node.values) == len(value), path
            for i, (v, child) in enumerate(zip(value, node.values)):
                walk(v, child, path + (i,))
        else:
            assert tomllib.loads("v = " + text[node.start : node.end])["v"] == value, path

    walk(data, root, ())


# --- 8. claims match the rendered text -----------------------------------------------------------------

_RENDERED_PROSE = """
The square is *always* non-negative.
Doubling a number [twice](https://example.org/twice) multiplies it by four.
The “identity” holds for every a.
A sum of two squares is never&nbsp;negative.
"""

_RENDERED_CLAIMS = {
    "always": "the square is always non-negative",  # quoted from the page: no asterisks
    "twice": "doubling a number twice multiplies it by four",  # the link's text, not its target
    "quotes": 'the "identity" holds for every a',  # straight quotes for curly ones
    "nbsp": "A sum of two squares is never negative",  # a space for a non-breaking one
    "source": "The square is *always* non-negative",  # quoted from the source: still found
}


def _claims_note(tmp_path, claims: dict[str, str], prose: str = _RENDERED_PROSE):
    entries = "".join(
        f"    - id: {ident}\n      kind: property\n      trials: 2\n      claim: '{claim}'\n"
        f"      holds: 'a^2 \\ge 0'\n      draw: {{a: \"uniform(-1, 1)\"}}\n"
        for ident, claim in claims.items()
    )
    path = tmp_path / "note.md"
    path.write_text(f"---\nalgoverify:\n  checks:\n{entries}---\n{prose}")
    return path


def test_a_claim_matches_the_text_as_rendered(tmp_path):
    path = _claims_note(tmp_path, _RENDERED_CLAIMS)
    note = api.check([path], isolate=False).notes[0]
    assert not [f for f in note.findings if f.code in ("AV407", "AV604")], [f.message for f in note.findings]
    from algoverify.reading.rendered import render

    def shown(text: str) -> str:
        return " ".join(render(text).text.split()).lower()

    source = note.note.source
    for outcome in note.outcomes:
        assert outcome.claim_span is not None, outcome.check.id
        # the span covers the claim's words in the source, markup included
        assert shown(source.segment(outcome.claim_span)) == shown(outcome.check.claim), outcome.check.id
    assert source.segment(next(o for o in note.outcomes if o.check.id == "twice").claim_span).endswith("four")
    assert not [f for f in api.lint([path]).all_findings() if f.code in ("AV407", "AV604")]
    claims = api.claims([path]).notes[0].claims
    assert all(c.status == "checked" for c in claims)


def test_lint_reports_a_claim_the_prose_no_longer_has(tmp_path):
    path = _claims_note(tmp_path, {"kept": "the square is always non-negative", "gone": "a sentence edited away"})
    lint = [f for f in api.lint([path]).all_findings() if f.code == "AV407"]
    assert [("gone" in f.message, "a sentence edited away" in f.message) for f in lint] == [(True, True)]
    text = path.read_text()
    assert lint[0].span is not None
    assert text[lint[0].span.start :].startswith("id: gone")
    # `check` says it once, with the check that quotes it
    checked = api.check([path], isolate=False).notes[0]
    assert [f.code for f in checked.findings].count("AV407") == 1
    assert main(["lint", str(path)]) == 1


def test_rendering_keeps_math_code_and_words_as_written():
    from algoverify.reading.rendered import locate, render

    text = r"Here \(a_i * b_j\) and `x *y*` and snake_case_word and a * b stay; *this* and __that__ go."
    shown = render(text).text
    for kept in (r"\(a_i * b_j\)", "x *y*", "snake_case_word", "a * b"):
        assert kept in shown
    assert "this and that go" in shown
    start, end = locate(text, "this and that go")
    assert text[start:end] == "*this* and __that__ go"


# --- 9. a listing in indented code is an example -------------------------------------------------------

_INDENTED = """\
---
title: "How to write a listing"
---

A listing that is never closed looks like this:

    \\begin{algorithmic}
    \\While{\\(x \\gt 0\\)}
    \\State \\(x \\gets x - 1\\)
    \\end{algorithmic}

- and in a list item:

      \\begin{algorithmic}
      \\State \\(y \\gets \\foo\\)
      \\end{algorithmic}

\\begin{algorithmic}
\\Require \\(x\\)
\\State \\(y \\gets 2 x\\)
\\Return \\(y\\)
\\end{algorithmic}
"""


def test_a_listing_in_indented_code_is_example_text(tmp_path):
    path = tmp_path / "note.md"
    path.write_text(_INDENTED)
    report = api.lint([path], strict=True).notes[0]
    codes = [f.code for f in report.findings]
    assert not [c for c in codes if c.startswith(("AV1", "AV2"))], codes
    # the listing outside the indented code is still read
    (listing,) = report.listings()
    assert report.note.source.line_col(listing.block.span.start)[0] == _INDENTED.splitlines().index("\\begin{algorithmic}") + 1


# --- 16. `as: f` with several outputs ------------------------------------------------------------------

_TWO_OUTPUTS = """\
---
algoverify:
  checks:
    - id: scale
      kind: property
      listing: 1
      as: f
      trials: 5
      inputs: {{x: "uniform(1, 2)"}}
      draw: {{c: "uniform(1, 2)"}}
{spec}
---

\\begin{{algorithmic}}
\\Require \\(x\\)
\\State \\(s \\gets 2 x\\)
\\State \\(\\lambda \\gets x^2\\)
\\Return \\(s, \\lambda\\)
\\end{{algorithmic}}
"""


def _as_check(tmp_path, spec: str):
    path = tmp_path / "note.md"
    path.write_text(_TWO_OUTPUTS.format(spec=textwrap.indent(spec.strip(), "      ")))
    (outcome,) = api.check([path], isolate=False).notes[0].outcomes
    return outcome


def test_as_picks_an_output_by_name_or_position(tmp_path):
    true = [
        "holds: 'f(c x).lam = c^2 f(x).lam'",
        "holds: 'f(c x).s = c f(x).s'",
        "holds: 'f(c x)_{2} = c^2 f(x)_{2}'",
        "let: {'L(y)': 'f(y).lam'}\nholds: 'L(c x) = c^2 L(x)'",
    ]
    for spec in true:
        outcome = _as_check(tmp_path, spec)
        assert outcome.status == "verified", (spec, outcome.message)
    # the same outputs, a false relation: refuted, not a type error
    assert _as_check(tmp_path, "holds: 'f(c x).lam = c f(x).lam'").status == "refuted"
    missing = _as_check(tmp_path, "holds: 'f(x).mu = 1'")
    assert missing.status == "could not check"
    assert "mu" in missing.message and "s, lam" in missing.message  # the outputs it has


# --- 18. messages in the note's LaTeX, never sympy's or the tree's spelling ----------------------------

_SYMPY_SPELLINGS = ("Abs", "**", "x[1]", "sqrt(", "(idx", "(juxt")


def test_a_proofs_difference_is_said_in_latex(tmp_path):
    (tmp_path / "refs.py").write_text("def square(x):\n    return x * x\n")
    path = tmp_path / "note.md"
    path.write_text(
        "---\nalgoverify:\n  module: refs.py\n  checks:\n    - id: squares\n      kind: reference\n"
        "      listing: 1\n      trials: 3\n      inputs: {x: \"uniform(-2, -1)\"}\n      reference: square\n---\n\n"
        "\\begin{algorithmic}\n\\Require \\(x\\)\n\\State \\(y \\gets x^{3} / \\lvert x \\rvert\\)\n"
        "\\Return \\(y\\)\n\\end{algorithmic}\n"
    )
    (outcome,) = api.check([path], isolate=False).notes[0].outcomes
    assert outcome.status == "refuted", outcome.message
    difference = outcome.details["proof"]["difference"]
    assert "\\lvert x \\rvert" in difference or "x^{" in difference, difference
    for spelling in _SYMPY_SPELLINGS:
        assert spelling not in difference and spelling not in outcome.message, (spelling, outcome.message)


def test_an_exact_run_names_its_values_in_latex():
    import algoverify

    cube_root = algoverify.compile(
        "\\begin{algorithmic}\n\\Require \\(x\\)\n\\Return \\(\\log(\\sqrt[3]{x})\\)\n\\end{algorithmic}"
    )
    message = cube_root.run({"x": 2}, exact=True).finding.message
    assert "\\sqrt[3]{2}" in message
    for spelling in _SYMPY_SPELLINGS:
        assert spelling not in message, (spelling, message)


def test_entries_are_named_as_the_note_writes_them():
    import sympy as sp

    from algoverify.math.latex import identifier_latex, sympy_latex

    assert identifier_latex("lam") == "\\lambda" and identifier_latex("x_hat[2]") == "\\hat{x}_{2}"
    assert identifier_latex("A[1,2]") == "A_{1,2}" and identifier_latex("sigma_sq") == "\\sigma^{2}"
    x1, x2, tau = sp.symbols("x[1] x[2] tau")
    shown = sympy_latex(sp.Abs(x1 - x2) ** 3 / tau)
    assert "\\lvert x_{1} - x_{2} \\rvert^{3}" in shown and "\\tau" in shown, shown
