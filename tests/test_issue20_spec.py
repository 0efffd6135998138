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
