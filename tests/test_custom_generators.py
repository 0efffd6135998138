"""Values from a note's own generators: shrunk inside their class, and reported whatever they are.

A custom generator's value is shrunk only to one the generator itself produces at the size the
spec writes (never sliced: a slice of a graph's adjacency matrix is a graph, a slice of an
orthogonal matrix is not orthogonal; never drawn at a smaller written size: that is another
class), and its entries simplified only through the class test its author declares
(``register(contains=…)``). A value that is not data (a function, an
object) travels back from the note's worker as a bounded description.
"""

from __future__ import annotations

import json
import sys
import textwrap
import types
from pathlib import Path

import numpy as np
import pytest

from algoverify import api
from algoverify.checking.evidence.counterexamples import DESCRIPTION_CHARS
from algoverify.checking.evidence.trials import _smaller_specs
from algoverify.reporting import report as render_report
from algoverify.running.generators import GENERATORS, register

MODULE = '''
import numpy as np
from algoverify import register_generator as register


@register()
def rotation(rng, n):
    """A random orthogonal n×n matrix: its leading block is not orthogonal, so it is never sliced."""
    q, r = np.linalg.qr(rng.standard_normal((n, n)))
    return q * np.where(np.diag(r) < 0, -1.0, 1.0)


@register(sizes=("count",), contains=lambda w, count: w.shape == (count, count) and bool(np.all((1 <= w) & (w < 5))))
def weights(rng, count):
    """Edge weights in [1, 5), with the class test declared: entries may be simplified inside it."""
    return rng.uniform(1, 5, (count, count))


@register(sizes=("count",))
def opaque_weights(rng, count):
    """The same weights without a class test: drawn again smaller, never edited."""
    return rng.uniform(1, 5, (count, count))


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


# --- shrinking ---------------------------------------------------------------------------------------


def test_a_custom_value_keeps_the_size_the_spec_writes(tmp_path):
    found = _outcomes(
        _note(tmp_path, "- id: big\n  kind: property\n  draw: {Q: \"rotation(8)\"}\n  holds: 'Q_{1,1} > 1'")
    )
    o = found["big"]
    assert o.status == "refuted", o.message
    Q = np.asarray(o.details["_counterexample"]["Q"])
    # rotation(8), as the generator draws it: 8×8 and orthogonal, never rotation(1) nor a corner of the draw
    assert Q.shape == (8, 8) and np.allclose(Q.T @ Q, np.eye(8), atol=1e-12)
    assert "--set 'Q=[[" in o.details["reproduce"]


def test_a_declared_class_test_lets_the_entries_of_a_custom_value_get_shorter(tmp_path):
    checks = """
    - id: with-test
      kind: property
      draw: {W: "weights(6)"}
      holds: 'W_{1,1} < 1'
    - id: without-test
      kind: property
      draw: {W: "opaque_weights(6)"}
      holds: 'W_{1,1} < 1'
    """
    found = _outcomes(_note(tmp_path, checks))
    short, kept = (np.asarray(found[k].details["_counterexample"]["W"]) for k in ("with-test", "without-test"))
    assert short.shape == kept.shape == (6, 6)  # the size the spec writes
    assert all(1 <= w < 5 and len(repr(float(w))) <= 4 for w in short.ravel())  # a whole number or one digit
    assert len(repr(float(kept[0, 0]))) > 6  # as drawn: nothing says which edits keep it in its class


def test_a_size_the_spec_writes_never_shrinks_and_a_drawn_range_does():
    @register("ring_for_test", sizes=("nodes",))  # `sizes=` is still accepted
    def ring(rng, nodes, weight=1.0):
        return weight * np.roll(np.eye(nodes), 1, axis=0)

    try:
        for written in ("ring_for_test(nodes=6, weight=3)", "randn(1000, 1000)", "spd(6)", "rotation(8)"):
            assert _smaller_specs(written) == [], written
        # the smallest first, then doubling steps up to the middle
        assert _smaller_specs("integers(1, 8)") == [
            "integers(1, 1)",
            "integers(1, 2)",
            "integers(1, 3)",
            "integers(1, 4)",
        ]
        assert _smaller_specs("integers(1, 30)") == [f"integers(1, {b})" for b in (1, 2, 3, 5, 9, 15)]
    finally:
        GENERATORS.pop("ring_for_test")


def test_shrinking_an_ill_conditioned_matrix_keeps_its_condition_number(tmp_path):
    # spd(1, cond=1000) draws [[1]], condition number 1: never a smaller counterexample of spd(6, cond=1000)
    path = tmp_path / "note.md"
    path.write_text(
        "---\ntitle: t\nalgoverify:\n  checks:\n"
        "    - id: c\n      kind: property\n      draw: {A: \"spd(6, cond=1000)\"}\n      holds: 'A_{1,1} < 0'\n"
        "---\n\nSome prose.\n",
        encoding="utf-8",
    )
    (report,) = api.check([path], seed=0).notes
    (o,) = report.outcomes
    A = np.asarray(o.details["_counterexample"]["A"])
    assert o.status == "refuted" and np.linalg.cond(A) == pytest.approx(1000, rel=1e-9), A


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
    # the run has no such module, and reads a worker's results as data (never unpickled): a
    # function of the note's module travels as its printed forms, the other details as they are
    from algoverify.orchestration import portable

    module = types.ModuleType("algoverify_note_0123456789ab")
    exec("def helper():\n    return 0\n", module.__dict__)
    sys.modules[module.__name__] = module
    try:
        finding = api.InternalError.finding(None, tmp_path, {"fn": module.helper, "n": 3}, stage="s", error="e")
        data = json.dumps(portable.encode([finding]))
    finally:
        sys.modules.pop(module.__name__, None)
    (back,) = portable.decode_findings(json.loads(data))  # the run's side
    assert str(back.details["fn"]).startswith("<function helper") and back.details["n"] == 3
