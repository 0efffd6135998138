"""The package's layout: one subpackage per phase, imports pointing one way, no cycles.

Every import is counted, those inside functions included: a lazy import hides a dependency
from a reader, not from the design.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from helpers import ROOT

PACKAGE = ROOT / "algoverify"

# Lower ranks may not import higher ones. Modules of one unit share a rank; the top-level
# modules that are not phases (positions, records, the finding registry, the version) sit below every
# phase, the entry points above them. checking's subpackages are units of their own, ranked in
# the order they build on each other (its top, the outcome types, with the specification); the
# orchestration of many notes comes after checking and before the reports.
RANKS = {
    "algoverify.version": 0,
    "algoverify.source": 0,
    "algoverify.records": 0,  # @frozen, the dataclass decorator of every phase's records
    "algoverify._moved": 0,  # the old import paths' finder: imports nothing of ours by name
    "algoverify.findings": 1,
    "algoverify.reading": 2,
    "algoverify.syntax": 3,
    "algoverify.math": 4,
    "algoverify.running": 5,
    "algoverify.checking.sandboxing": 6,
    "algoverify.checking": 7,
    "algoverify.checking.specification": 7,
    "algoverify.checking.evidence": 8,
    "algoverify.checking.kinds": 9,
    "algoverify.checking.lint": 9,
    "algoverify.orchestration": 10,
    "algoverify.reporting": 11,
    "algoverify.api": 12,
    "algoverify.mutation": 13,  # mutants of listings, judged by the checks the API runs
    "algoverify.cli": 14,
    "algoverify.integrations": 14,  # the pytest plugin: over the API, as the command line is
    "algoverify.launch": 15,  # the command's entry point: the collector set up, then the command line
    "algoverify.__main__": 15,
    "algoverify": 16,  # the package's __init__: the public names, loaded lazily from everywhere
}
MAX_TOP_LEVEL_MODULES = 9


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _import_from(name: str, path: Path, node: ast.ImportFrom) -> str:
    """The module an ``import from`` names, its dots resolved against ``name``."""
    if not node.level:
        return node.module or ""
    is_package = path.name == "__init__.py"
    base = name.split(".") if is_package else name.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The algoverify modules ``name`` imports, anywhere in its body."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("algoverify"))
        elif isinstance(node, ast.ImportFrom):
            target = _import_from(name, path, node)
            if not target.startswith("algoverify"):
                continue
            submodules = {f"{target}.{a.name}" for a in node.names if f"{target}.{a.name}" in known}
            # `from . import x` imports the module x when there is one, not a name of the package
            found.update(submodules if len(submodules) == len(node.names) else submodules | {target})
    # importing a.b.c runs a/__init__ and a/b/__init__ too, but those are docstrings or light
    # tables; what counts is the module named
    return {t for t in found if t in known and t != name}


def _rank(module: str) -> int:
    best = None
    for unit in RANKS:
        if (module == unit or module.startswith(unit + ".")) and (best is None or len(unit) > len(best)):
            best = unit
    assert best is not None, f"{module} has no rank: add its unit to RANKS"
    return RANKS[best]


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


def test_every_module_has_a_rank():
    for module in _modules():
        _rank(module)


@pytest.mark.slow
def test_no_phase_imports_a_later_one():
    upward = [
        f"{m} (rank {_rank(m)}) imports {d} (rank {_rank(d)})"
        for m, deps in _graph().items()
        for d in sorted(deps)
        if _rank(d) > _rank(m)
    ]
    assert upward == []


@pytest.mark.slow
def test_there_is_no_import_cycle():
    graph = _graph()
    state: dict[str, int] = {}  # 1 on the stack, 2 done
    cycles: list[list[str]] = []

    def visit(node: str, stack: list[str]) -> None:
        state[node] = 1
        for dep in sorted(graph[node]):
            if state.get(dep) == 1:
                cycles.append(stack[stack.index(dep) :] + [dep])
            elif dep not in state:
                visit(dep, stack + [dep])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    assert cycles == []


def test_the_top_of_the_package_stays_small():
    top = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(top) <= MAX_TOP_LEVEL_MODULES, top


@pytest.mark.parametrize("package", sorted(p.parent.name for p in PACKAGE.glob("*/__init__.py")))
def test_each_phase_says_what_comes_in_and_what_goes_out(package):
    doc = ast.get_docstring(ast.parse((PACKAGE / package / "__init__.py").read_text(encoding="utf-8")))
    assert doc and "In:" in doc and "Out:" in doc


def test_the_checker_finds_an_upward_import(tmp_path):
    """The rank check is not vacuous: an import from a later phase is caught."""
    fake = {"algoverify.syntax.build": {"algoverify.running.listing"}}
    assert [(m, d) for m, deps in fake.items() for d in deps if _rank(d) > _rank(m)] == [
        ("algoverify.syntax.build", "algoverify.running.listing")
    ]
    lazy = "def f():\n    from ..running import listing\n"
    path = tmp_path / "build.py"
    path.write_text(lazy)
    assert _imports("algoverify.syntax.build", path, {"algoverify.running.listing", "algoverify.running"}) == {
        "algoverify.running.listing"
    }


def _targets(name: str, path: Path) -> set[str]:
    """Every ``algoverify`` path ``name`` imports, as written: a module, or a module and the name it takes."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            target = _import_from(name, path, node)
            found.add(target)
            found.update(f"{target}.{a.name}" for a in node.names)
    return {t for t in found if t == "algoverify" or t.startswith("algoverify.")}


def _old_path(target: str) -> str | None:
    from algoverify._moved import MOVED

    return next((old for old in MOVED if target == old or target.startswith(old + ".")), None)


def test_no_module_imports_an_old_path():
    """The old paths are for users, one minor version long: algoverify's own code imports the new ones."""
    old = [
        f"{name} imports {target}"
        for name, path in _modules().items()
        for target in sorted(_targets(name, path))
        if _old_path(target)
    ]
    old += [
        f"{name} names {m.group(0)}"
        for name, path in _modules().items()
        if name != "algoverify._moved"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        for m in re.finditer(r"\balgoverify(?:\.\w+)+", node.value)
        if _old_path(m.group(0))
    ]
    assert old == []


def test_the_old_paths_are_not_modules():
    """An old path is answered by the finder alone: no file of the package stands at it (none counts as a unit)."""
    from algoverify._moved import MOVED

    modules = _modules()
    for old, new in MOVED.items():
        assert old not in modules, f"{old} is a real module: a shim file, or a path that did not move"
        assert new in modules, f"{old} points at {new}, which is no module"


def test_the_checker_finds_an_import_of_an_old_path(tmp_path):
    """The old-path check is not vacuous: a relative import of a moved module is caught."""
    path = tmp_path / "claims.py"
    path.write_text("from .spec import read_spec\nfrom .. import generators\n")
    found = {_old_path(t) for t in _targets("algoverify.checking.claims", path)} - {None}
    assert found == {"algoverify.checking.spec", "algoverify.generators"}
