"""The pre-commit lint path loads only what lint needs: never sympy, nor what only ``check`` runs.

``algoverify lint`` is the hook every commit waits for: its cost is mostly imports. A module that
only ``check`` needs (proofs, the snippet sandbox, the check kinds, the worker isolation, the
result cache), once imported on the lint path, costs every commit; the failure names the import
chain that brought it in, so the fix is where the chain says.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: What lint must never import, and why each is check's alone.
CHECK_ONLY = {
    "sympy": "proofs",
    "hypothesis": "tests only",
    "algoverify.checking.evidence": "trials and proofs",
    "algoverify.checking.sandboxing": "the snippets' sandbox",
    "algoverify.checking.kinds": "the check kinds",
    "algoverify.orchestration.isolation": "a worker per note",
    "algoverify.orchestration.cache": "the result cache",
}

PROBE = textwrap.dedent(
    """
    import builtins, contextlib, io, json, sys, traceback

    watched = json.loads(sys.argv[1])
    found = {}
    real = builtins.__import__

    def importing(name, globals=None, locals=None, fromlist=(), level=0):
        module = real(name, globals, locals, fromlist, level)
        for bad in watched:
            if bad in sys.modules and bad not in found:
                frames = [f for f in traceback.extract_stack()[:-1] if "/algoverify/" in f.filename]
                found[bad] = " <- ".join(
                    f"{f.filename.rsplit('/algoverify/', 1)[-1]}:{f.lineno}" for f in reversed(frames[-4:])
                )
        return module

    builtins.__import__ = importing
    from algoverify.cli import main

    with contextlib.redirect_stdout(io.StringIO()):
        main(["lint", "--jobs", "1", *sys.argv[2:]])
    print(json.dumps(found))
    """
)


def _imported_by_lint(*paths: str) -> dict[str, str]:
    out = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(list(CHECK_ONLY)), *paths],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("path", ["corpus/power-iteration.md", "corpus/"])
def test_lint_imports_nothing_only_check_needs(path):
    found = _imported_by_lint(path)
    assert not found, "lint imported " + "; ".join(f"{m} ({CHECK_ONLY[m]}) via {chain}" for m, chain in found.items())


def test_the_probe_names_the_chain_that_imports_a_check_only_module(tmp_path):
    # the probe itself must see an import: a note whose lint would load sympy is simulated by
    # watching a module lint does load, and the chain names an algoverify file
    out = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(["algoverify.syntax.grammar"]), "corpus/power-iteration.md"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    found = json.loads(out.stdout.strip().splitlines()[-1])
    assert list(found) == ["algoverify.syntax.grammar"] and ".py:" in found["algoverify.syntax.grammar"]


LAUNCH = textwrap.dedent(
    """
    import contextlib, gc, io, json, sys

    sys.argv = ["algoverify", "lint", "--jobs", "1", "corpus/power-iteration.md"]
    from algoverify.launch import main

    with contextlib.redirect_stdout(io.StringIO()):
        status = main()
    print(json.dumps([status, gc.isenabled(), gc.get_freeze_count(), "algoverify.cli" in sys.modules]))
    """
)


def test_the_command_freezes_what_its_imports_made_and_collects_as_usual_after():
    # the collector's passes over the freshly imported modules were a quarter of a cold lint's CPU
    out = subprocess.run([sys.executable, "-c", LAUNCH], capture_output=True, text=True, cwd=ROOT, check=True)
    status, enabled, frozen, imported = json.loads(out.stdout.strip().splitlines()[-1])
    assert (status, enabled, imported) == (0, True, True)
    assert frozen > 10_000  # the command line's modules and what they made


def test_the_console_script_and_python_m_start_through_the_launcher():
    import tomllib

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["algoverify"] == "algoverify.launch:main"
    assert "from .launch import main" in (ROOT / "algoverify" / "__main__.py").read_text()
