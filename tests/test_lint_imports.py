"""The pre-commit lint path loads only what lint needs: never sympy, nor what only ``check`` runs.

``algoverify lint`` is the hook every commit waits for: its cost is mostly imports. A module that
only ``check`` needs (proofs, the snippet sandbox, the check kinds, the worker isolation, the
result cache), once imported on the lint path, costs every commit; the failure names the import
chain that brought it in, so the fix is where the chain says.
"""

from __future__ import annotations

import json
import os
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
    # lint binds a check's draws for their shapes alone (generators.ShapeDraws): numpy.random's
    # import was a twentieth of a cold lint
    "numpy.random": "the trials' draws",
    "algoverify.checking.sandboxing": "the snippets' sandbox",
    "algoverify.checking.kinds": "the check kinds",
    "algoverify.orchestration.isolation": "a worker per note",
    "algoverify.orchestration.cache": "the result cache",
    # the probe lints with one job: lanes are forked only for more
    "algoverify.orchestration.pool": "the lanes of --jobs N",
    "algoverify.orchestration.cluster": "a Dask cluster (only with --scheduler)",
    "pygls": "the language server (algoverify lsp)",
    "algoverify.integrations.lsp": "the language server (algoverify lsp)",
    "matplotlib": "the HTML report's plots",
    "algoverify.reporting.html": "the HTML report",
    "algoverify.reporting.plots": "the HTML report's plots",
    "distributed": "a Dask cluster (only with --scheduler)",
    "dask": "a Dask cluster (only with --scheduler)",
    # Linux's cache folder is XDG's rule, read without platformdirs (its import was a hundredth of a lint)
    **({"platformdirs": "the cache folder's name off Linux"} if sys.platform.startswith("linux") else {}),
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
    import gc, json, sys
    import algoverify.cli as cli

    def command():
        print(json.dumps([gc.get_threshold()[0], gc.isenabled()]), end="")  # no newline: the flush must send it
        return 3

    cli.main = command
    from algoverify.launch import main

    main()
    print("the interpreter went on after the command")
    """
)


def test_the_command_widens_the_young_generation_and_ends_with_its_status_and_its_output_flushed():
    # passes every 700 new containers, and the interpreter's last collection, were a third of a cold lint's CPU
    from algoverify.launch import YOUNG

    out = subprocess.run([sys.executable, "-c", LAUNCH], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 3
    assert json.loads(out.stdout) == [YOUNG, True]


THREAD_PROBE = textwrap.dedent(
    """
    import json, os, sys
    import algoverify.launch as launch

    def command():
        import numpy  # what the command's NumPy loads with: the BLAS starts its threads here

        print(json.dumps([len(os.listdir("/proc/self/task")), {n: os.environ.get(n) for n in launch.THREADS}]))
        return 0

    sys.modules["algoverify.cli"] = type(sys)("algoverify.cli")
    sys.modules["algoverify.cli"].main = command
    launch.main()
    """
)


@pytest.mark.skipif(
    not Path("/proc/self/task").is_dir() or (os.cpu_count() or 1) < 2, reason="needs Linux's /proc and 2 cores"
)
@pytest.mark.parametrize("chosen", [None, "2"])
def test_the_command_starts_the_blas_with_one_thread_unless_the_user_chose_a_count(chosen):
    # OpenBLAS starting a thread per core was a third of NumPy's import in a cold lint
    env = {k: v for k, v in os.environ.items() if not k.endswith(("_NUM_THREADS", "_MAXIMUM_THREADS"))}
    if chosen:
        env["OPENBLAS_NUM_THREADS"] = chosen
    out = subprocess.run([sys.executable, "-c", THREAD_PROBE], capture_output=True, text=True, cwd=ROOT, env=env)
    threads, variables = json.loads(out.stdout)
    assert variables["OPENBLAS_NUM_THREADS"] == (chosen or "1") and variables["OMP_NUM_THREADS"] == "1"
    assert threads == (2 if chosen else 1)


SYMPY_PROBE = textwrap.dedent(
    """
    import sys
    import algoverify.launch as launch

    def command():
        import sympy.core.cache

        print(sympy.core.cache.SYMPY_CACHE_SIZE)
        return 0

    sys.modules["algoverify.cli"] = type(sys)("algoverify.cli")
    sys.modules["algoverify.cli"].main = command
    launch.main()
    """
)


@pytest.mark.parametrize(("chosen", "size"), [(None, "20000"), ("500", "500"), ("none", "None")])
def test_the_command_gives_sympys_cache_room_unless_the_user_chose_a_size(chosen, size):
    # a proof asks the same assumptions at every size; 1,000 entries let them go between two sizes
    env = {k: v for k, v in os.environ.items() if k != "SYMPY_CACHE_SIZE"}
    if chosen:
        env["SYMPY_CACHE_SIZE"] = chosen
    out = subprocess.run([sys.executable, "-c", SYMPY_PROBE], capture_output=True, text=True, cwd=ROOT, env=env)
    assert out.stdout.strip() == size, out.stderr


def test_a_long_report_arrives_whole_through_a_pipe():
    # most of a pipe's buffer: the flush before the process ends must send all of it
    notes = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "corpus").glob("*.md")) + ["tests/data/blocks"]
    out = subprocess.run(
        [sys.executable, "-m", "algoverify", "parse", "--json", *notes], capture_output=True, text=True, cwd=ROOT
    )
    assert out.returncode in (0, 1) and len(out.stdout) > 50_000
    assert {note["path"] for note in json.loads(out.stdout)} >= set(notes[:-1])


def test_the_console_script_and_python_m_start_through_the_launcher():
    import tomllib

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts["algoverify"] == "algoverify.launch:main"
    assert "from .launch import main" in (ROOT / "algoverify" / "__main__.py").read_text()


INTEREGULAR_PROBE = textwrap.dedent(
    """
    import json, sys
    import algoverify.cli as cli

    def command():
        import lark.lexer

        print(json.dumps(["interegular" in sys.modules and sys.modules["interegular"] is not None,
                          lark.lexer.has_interegular]), end="")
        return 0

    cli.main = command
    from algoverify.launch import main

    main()
    """
)


def test_the_command_leaves_larks_collision_checker_unimported():
    # lark imports interegular to check a grammar's terminals while it builds the tables, which the
    # command loads from its cache: 4 % of a cold lint (the tests build the tables with it)
    out = subprocess.run([sys.executable, "-c", INTEREGULAR_PROBE], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == [False, False]
