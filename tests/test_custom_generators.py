"""Values from a note's own generators: reported whatever they are.

A value that is not data (a function, an object) travels back from the note's worker as a
bounded description.
"""

from __future__ import annotations

import json
import pickle
import sys
import textwrap
import types
from pathlib import Path

from algoverify import api
from algoverify.checking.trials import DESCRIPTION_CHARS
from algoverify.reporting import report as render_report

MODULE = '''
from algoverify import register_generator as register


def _square(x):
    return x * x


@register()
def square_fn(rng):
    """A function, as a generator may return one."""
    return _square


class Shift:
    def __init__(self, c):
        self.c = c

    def __call__(self, x):
        return x + self.c

    def __repr__(self):
        return f"Shift({self.c!r})" + "!" * 500


@register()
def shift(rng):
    return Shift(float(rng.standard_normal()))
'''


def _note(tmp_path: Path, checks: str) -> Path:
    (tmp_path / "gens.py").write_text(MODULE, encoding="utf-8")
    path = tmp_path / "note.md"
    path.write_text(
        "---\ntitle: t\nalgoverify:\n  module: gens.py\n  checks:\n"
        + textwrap.indent(textwrap.dedent(checks).strip("\n"), "    ")
        + "\n---\n\nSome prose.\n",
        encoding="utf-8",
    )
    return path


def _outcomes(path: Path) -> dict:
    result = api.check([path], seed=0)
    (report,) = result.notes
    assert not [f for f in report.findings if f.code == "AV504"], report.findings
    return {o.check.id: o for o in report.outcomes}


# --- values that are not data ---------------------------------------------------------------------


def test_a_generator_returning_a_function_or_an_object_is_checked_and_reported(tmp_path):
    checks = """
    - id: square
      kind: property
      draw: {f: "square_fn()", x: "randn()"}
      holds: 'f(x) > 0.01'
    - id: shifted
      kind: property
      draw: {g: "shift()", x: "randn()"}
      holds: 'g(x) > 0'
    """
    path = _note(tmp_path, checks)
    result = api.check([path], seed=0)
    (report,) = result.notes
    assert [f.code for f in report.findings if f.code.startswith("AV5")] == []
    found = {o.check.id: o for o in report.outcomes}
    assert found["square"].status == found["shifted"].status == "refuted"
    square = found["square"].details
    assert "f = <function _square>" in square["counterexample"]  # no address: the same on every run
    assert square["_counterexample"]["f"] == "<function _square>"
    assert "reproduce" not in square  # a function cannot be given back with --set
    shown = found["shifted"].details["_counterexample"]["g"]
    assert shown.startswith("Shift(") and len(shown) == DESCRIPTION_CHARS and shown.endswith("…")
    text = render_report("json", result)
    assert json.loads(text)  # every output format carries the description, as data


def test_a_detail_naming_the_notes_own_code_is_sent_as_text(tmp_path):
    # pickled by name, a function of the note's module cannot be unpickled by the run, which has no
    # such module: the whole message, and every result in it, would be lost
    module = types.ModuleType("algoverify_note_0123456789ab")
    exec("def helper():\n    return 0\n", module.__dict__)
    sys.modules[module.__name__] = module
    sent = []

    def send(message):
        blob = pickle.dumps(message)
        del sys.modules[module.__name__]  # the run's side
        try:
            sent.append(pickle.loads(blob))
        finally:
            sys.modules[module.__name__] = module

    try:
        finding = api.InternalError.finding(None, tmp_path, {"fn": module.helper, "n": 3}, stage="s", error="e")
        api._send_portable(send, ("part", [finding], []))
    finally:
        sys.modules.pop(module.__name__, None)
    ((_, (back,), _),) = sent
    assert back.details["fn"].startswith("<function helper") and back.details["n"] == 3
