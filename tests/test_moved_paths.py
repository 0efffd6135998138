"""The import paths that moved keep working for one minor version: each warns and gives the new module."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
import warnings

import pytest
from helpers import ROOT

import algoverify
from algoverify._moved import MOVED, REMOVED_IN


def _forget(old: str) -> None:
    """Import ``old`` afresh: an import that finds it in ``sys.modules`` does not warn again."""
    for name in [n for n in sys.modules if n == old or n.startswith(old + ".")]:
        if name in MOVED:
            del sys.modules[name]


@pytest.mark.parametrize("old", sorted(MOVED))
def test_an_old_path_warns_and_gives_the_new_module(old):
    new = MOVED[old]
    _forget(old)
    with pytest.warns(DeprecationWarning, match=re.escape(f"{old} is deprecated: import {new} instead")):
        module = importlib.import_module(old)
    assert module is importlib.import_module(new)
    assert module.__name__ == new  # the module itself, never a copy under the old name


@pytest.mark.parametrize(
    ("statement", "name", "new"),
    [
        ("from algoverify.checking.spec import read_spec", "read_spec", "algoverify.checking.specification.spec"),
        ("from algoverify.generators import register", "register", "algoverify.running.generators"),
        ("from algoverify.checking.runs import Progress", "Progress", "algoverify.orchestration.runs"),
    ],
)
def test_a_name_from_an_old_path_is_the_same_object(statement, name, new):
    _forget(statement.split()[1])
    scope: dict = {}
    with pytest.warns(DeprecationWarning, match=re.escape(new)):
        exec(statement, scope)
    assert scope[name] is getattr(importlib.import_module(new), name)


def test_import_of_an_old_path_binds_the_new_module_under_the_old_attribute():
    _forget("algoverify.checking.spec")
    with pytest.warns(DeprecationWarning):
        exec("import algoverify.checking.spec", {})
    from algoverify.checking.specification import spec

    assert algoverify.checking.spec is spec


def test_the_warning_points_at_the_users_import():
    _forget("algoverify.checking.trials")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        exec(compile("import algoverify.checking.trials\n", "users_module.py", "exec"), {})
    assert [w.category for w in caught] == [DeprecationWarning]
    assert (caught[0].filename, caught[0].lineno) == ("users_module.py", 1)
    assert f"algoverify {REMOVED_IN}" in str(caught[0].message)


def test_the_paths_that_are_not_moved_are_not_answered():
    from algoverify._moved import _OldPaths

    assert _OldPaths().find_spec("algoverify.checking.outcome") is None
    assert _OldPaths().find_spec("algoverify.api") is None


def test_python_m_of_an_old_path_runs_the_new_module():
    """``python -m algoverify.checking.schema`` (the spec-keys generator) still prints the tables."""

    def run(module: str) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-W", "always::DeprecationWarning", "-m", module],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )

    old, new = run("algoverify.checking.schema"), run("algoverify.checking.specification.schema")
    assert old.stdout == new.stdout and "check-spec keys" in old.stdout
    assert "algoverify.checking.schema is deprecated" in old.stderr


def test_every_public_name_has_a_docstring():
    """The names a user imports (``algoverify.__all__``) each say what they are."""
    for name in algoverify.__all__:
        if name == "__version__":  # a string: version.py says what it is
            assert (ROOT / "algoverify" / "version.py").read_text(encoding="utf-8").startswith('"""')
            continue
        obj = getattr(algoverify, name)
        doc = obj.__dict__.get("__doc__") if isinstance(obj, type) else obj.__doc__
        assert doc and doc.strip(), f"algoverify.{name} has no docstring"
        assert not doc.startswith(f"{obj.__name__}("), f"algoverify.{name}: a dataclass's generated docstring"
