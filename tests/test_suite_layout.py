"""The fast suite stays fast: a test that checks the whole corpus is behind the ``slow`` marker.

``pytest`` runs the fast suite (about a minute); ``pytest -m slow`` the rest, and CI runs both.
A check of the whole corpus takes half a minute and more, so a test that runs one, directly or
through a fixture, must carry the marker. Read from the tests' source (no test is run).
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
_COMMANDS_THAT_DO_NOT_CHECK = {"lint", "parse", "run", "claims", "explain", "init"}


def _is_corpus_folder(node: ast.expr) -> bool:
    """``CORPUS``, ``str(CORPUS)``, ``ROOT / "corpus"``: the corpus folder itself (not one note of it)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "str" and node.args:
        return _is_corpus_folder(node.args[0])
    if isinstance(node, ast.Name):
        return node.id == "CORPUS"
    return isinstance(node, ast.BinOp) and isinstance(node.right, ast.Constant) and node.right.value == "corpus"


def _checks_the_corpus(call: ast.Call) -> bool:
    """A call of ``check([... corpus ...])`` or ``main([... corpus ...])`` whose command checks."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
    if name not in ("check", "main") or not call.args or not isinstance(call.args[0], ast.List):
        return False
    items = call.args[0].elts
    if name == "main" and any(isinstance(e, ast.Constant) and e.value in _COMMANDS_THAT_DO_NOT_CHECK for e in items):
        return False
    return any(_is_corpus_folder(e) for e in items)


def _is_slow(decorators: list[ast.expr]) -> bool:
    return any("pytest.mark.slow" in ast.unparse(d) for d in decorators)


def _whole_corpus_tests(source: str) -> tuple[list[str], list[str]]:
    """The tests of a module that check the whole corpus: (those behind slow, those not)."""
    tree = ast.parse(source)
    module_slow = any(
        isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets)
        and "pytest.mark.slow" in ast.unparse(node.value)
        for node in tree.body
    )
    functions = [node for node in tree.body if isinstance(node, ast.FunctionDef)]
    costly = {f.name for f in functions if any(isinstance(n, ast.Call) and _checks_the_corpus(n) for n in ast.walk(f))}
    slow, fast = [], []
    for f in functions:
        if not f.name.startswith("test_"):
            continue
        if f.name in costly or {a.arg for a in f.args.args} & costly:
            (slow if module_slow or _is_slow(f.decorator_list) else fast).append(f.name)
    return slow, fast


def test_every_test_that_checks_the_whole_corpus_is_slow():
    unmarked = []
    for path in sorted(TESTS.glob("test_*.py")):
        _, fast = _whole_corpus_tests(path.read_text(encoding="utf-8"))
        unmarked += [f"{path.name}::{name}" for name in fast]
    assert unmarked == [], "check the whole corpus: mark them @pytest.mark.slow (and keep a one-note form fast)"


def test_the_reading_finds_the_corpus_runs_it_guards():
    # the acceptance tests of tests/test_corpus.py run the corpus through a fixture: all are found
    slow, _ = _whole_corpus_tests((TESTS / "test_corpus.py").read_text(encoding="utf-8"))
    assert {"test_every_note_of_the_corpus_has_checks", "test_the_command_line_verifies_the_corpus"} <= set(slow)
    sample = (
        "import pytest\n"
        "def test_a(): api.check([CORPUS], seed=2)\n"
        "def test_b(): main([str(ROOT / 'corpus'), '--jobs', '2'])\n"
        "def test_c(): main(['lint', str(CORPUS)])\n"
        "def test_d(): api.check([CORPUS / 'power-iteration.md'])\n"
        "@pytest.mark.slow\n"
        "def test_e(): api.check([CORPUS])\n"
    )
    assert _whole_corpus_tests(sample) == (["test_e"], ["test_a", "test_b"])
