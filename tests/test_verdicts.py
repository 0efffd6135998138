"""The four verdicts: a claim is refuted only when it was really tested and failed; everything else says why it could not be checked."""

from __future__ import annotations

import textwrap

import pytest

from algoverify import api
from algoverify.cli import main

REFS = '''
import numpy as np

def double(x):
    return 2 * x

def positive(a):
    return a
'''


def _note(tmp_path, listing: str, check: str, module: str = "refs.py") -> object:
    (tmp_path / "refs.py").write_text(REFS)
    spec = textwrap.indent(textwrap.dedent(check).strip(), "    ")
    text = (
        f"---\nalgoverify:\n  module: {module}\n  checks:\n{spec}\n---\n\n"
        "The listing doubles its input.\n\n"
        f"\\begin{{algorithmic}}\n{listing.strip()}\n\\end{{algorithmic}}\n"
    )
    path = tmp_path / "note.md"
    path.write_text(text)
    return path


REFERENCE = """
- id: doubles
  kind: reference
  listing: 1
  claim: "The listing doubles its input."
  trials: 5
  inputs: {x: "randn(3)"}
  reference: double
"""

CASES = [
    # (listing, check, module, verdict, code of the cause, its line in the note)
    ("\\Require $x$\n\\State \\Return $2 x$", REFERENCE, "refs.py", "verified", None, None),
    ("\\Require $x$\n\\State \\Return $3 x$", REFERENCE, "refs.py", "refuted", "AV401", None),
    # a loop that never stops breaks a promise every claim makes: refuted
    ("\\Require $x$\n\\While{$1 > 0$}\n\\State $x \\gets x$\n\\EndWhile\n\\State \\Return $x$", REFERENCE.replace("trials: 5", "trials: 2\n  max_steps: 50"), "refs.py", "refuted", "AV401", None),
    # an unbound name: the claim was not tested
    ("\\Require $x$\n\\State \\Return $2 w$", REFERENCE, "refs.py", "could not check", "AV303", 18),
    # an English step no binding explains
    ("\\Require $x$\n\\State double every entry\n\\State \\Return $x$", REFERENCE, "refs.py", "could not check", "AV304", 18),
    # the generator draws outside the listing's declared class
    ("\\Require $x \\gt 0$\n\\State \\Return $2 x$", REFERENCE.replace("randn(3)", "-1.0"), "refs.py", "could not check", "AV309", 17),
    # the input the spec draws is not one the listing takes
    ("\\Require $y$\n\\State \\Return $2 y$", REFERENCE, "refs.py", "could not check", "AV307", None),
    # a module that does not import
    ("\\Require $x$\n\\State \\Return $2 x$", REFERENCE, "missing.py", "could not check", "AV503", None),
    # a reference that does not exist in the module
    ("\\Require $x$\n\\State \\Return $2 x$", REFERENCE.replace("reference: double", "reference: triple"), "refs.py", "could not check", "AV502", None),
]


@pytest.mark.slow
@pytest.mark.parametrize("listing, check, module, verdict, code, line", CASES)
def test_each_cause_gets_its_verdict(tmp_path, listing, check, module, verdict, code, line):
    path = _note(tmp_path, listing, check, module)
    result = api.check([path])
    note = result.notes[0]
    if code == "AV503":  # the note's module failed: no check ran, each is counted, the error said once
        assert [f.code for f in note.findings].count("AV503") == 1
        assert [o.status for o in note.outcomes] == [verdict] and not note.outcomes[0].findings
        return
    (outcome,) = note.outcomes
    assert outcome.status == verdict, outcome.message
    codes = [f.code for f in outcome.findings]
    if code is None:
        assert codes == []
    else:
        assert code in codes, (codes, outcome.message)
        if line is not None:
            (cause,) = [f for f in outcome.findings if f.code == code]
            assert note.note.source.line_col(cause.span.start)[0] == line
    if verdict == "could not check":
        assert "counterexample" not in outcome.details  # nothing was tested: no counterexample


def test_the_summary_and_exit_status_use_the_same_words(tmp_path, capsys):
    path = _note(tmp_path, "\\Require $x$\n\\State \\Return $2 w$", REFERENCE)
    assert main([str(path)]) == 1
    out = capsys.readouterr().out
    assert "could not check" in out.splitlines()[1]
    assert out.strip().splitlines()[-1].startswith("0 verified, 0 refuted, 0 refuted as expected, 1 could not check")
