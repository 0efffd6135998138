"""Every example of the README and the manual runs, and prints what the page shows (see docs_examples.py).

``pytest tests/test_docs_examples.py --update-golden`` rewrites each console block's output with
what it printed (a block with ``...`` lines is left for a person to trim: the test prints it).
"""

from __future__ import annotations

import doctest
import re

import pytest
from docs_examples import KERNEL, PAGES, ROOT, Block, blocks, make_workspace, matches, normalise, run_console

#: blocks shown and not run, and why: each must be one of these
ALLOWED_NOT_RUN = {
    "hugo is not installed where the tests run (tests/test_hugo.py builds the site when it is)",
    # %%algoverify cells: tests/test_notebook.py runs each in an IPython shell and compares its output
    KERNEL,
    # an editor's settings for `algoverify lsp` (VS Code, Neovim, Helix): tests/test_lsp.py drives
    # the server with a real client instead
    "editor configuration",
    "chromium prints a byte count and D-Bus warnings that change from run to run; "
    "tests/test_html_report.py takes this screenshot",
    # dask-jobqueue on SLURM, Kubernetes, a scheduler at an address: tests/test_dask.py starts a
    # LocalCluster and gives its address instead
    "needs a cluster",
}
#: the magic cells of docs/guide/notebook.md that tests/test_notebook.py runs (a new one is counted here)
KERNEL_BLOCKS = 9

CONSOLE = [b for page in PAGES for b in blocks(page, "console")]
PYTHON_PAGES = [page for page in PAGES if any(b.not_run is None for b in blocks(page, "python"))]


def test_the_pages_have_examples():
    assert len(CONSOLE) >= 30 and len(PYTHON_PAGES) >= 4


def test_every_block_shown_and_not_run_says_an_allowed_reason():
    """A block shown and not run says why; the magic cells and editors' settings are counted (and run elsewhere)."""
    shown = [b for page in PAGES for b in blocks(page) if b.not_run is not None]
    assert [b.name for b in shown if b.not_run not in ALLOWED_NOT_RUN] == []
    kernel = [b for b in shown if b.not_run == KERNEL]
    assert len(kernel) == KERNEL_BLOCKS, [b.name for b in kernel]
    assert all(b.lang == "python" and b.body.lstrip().startswith("%") for b in kernel), "only magics need a kernel"
    editors = [b for b in shown if b.not_run == "editor configuration"]
    assert sorted(b.lang for b in editors) == ["json", "lua", "toml"]  # VS Code, Neovim, Helix
    assert {b.page.name for b in editors} == {"editors.md"}


def _console_params() -> list:
    # whole checks, a few minutes in all: behind slow, which CI runs (the README's first one stays
    # in the fast suite, so that `pytest` alone still sees the front door's output drift)
    first = next(b for b in CONSOLE if b.name.startswith("README.md"))
    return [pytest.param(b, id=b.name, marks=[] if b is first else [pytest.mark.slow]) for b in CONSOLE]


@pytest.mark.parametrize("block", _console_params())
def test_console_example_prints_what_it_shows(block: Block, tmp_path, update_golden):
    if block.not_run is not None:
        assert block.not_run in ALLOWED_NOT_RUN, f"{block.name}: not run, {block.not_run!r}"
        pytest.skip(block.not_run)
    assert block.commands, f"{block.name}: a console block without a $ command"
    printed = run_console(block, tmp_path / "work")
    wrong = [(c, out) for c, out in zip(block.commands, printed) if not matches(c.shown, out)]
    if wrong and update_golden:
        _rewrite(block, printed)
        return
    for command, out in wrong:
        assert normalise(out) == normalise(command.shown), f"{block.name}: $ {command.line}"
    assert len(printed) == len(block.commands)


def _rewrite(block: Block, printed: list[str]) -> None:
    """Put what each command printed under it (blocks with ``...`` lines are left alone)."""
    if any(re.search(r"^(\.\.\.|…)$", c.shown, re.M) for c in block.commands):
        pytest.fail(f"{block.name}: elided output, trim by hand:\n" + "\n".join(printed))
    text = block.page.read_text(encoding="utf-8")
    body = ""
    for command, out in zip(block.commands, printed):
        typed = iter(command.stdin.splitlines())
        out = re.sub(r"^\(algoverify\) ", lambda m, typed=typed: f"(algoverify) {next(typed, '')}\n", out, flags=re.M)
        out = re.sub(r"^\(algoverify\) \n", "(algoverify) ", out, flags=re.M)  # the last prompt, at Ctrl-D
        body += f"$ {command.line}\n{out}"
    if block.indent:
        body = "".join(block.indent + line if line else line for line in body.splitlines(keepends=True))
    new_text = text.replace(block.raw, body, 1)
    block.page.write_text(new_text, encoding="utf-8")


@pytest.mark.parametrize("page", PYTHON_PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_python_examples_run_as_shown(page, tmp_path, monkeypatch):
    make_workspace(tmp_path)
    monkeypatch.chdir(tmp_path)
    source = "\n".join(b.body for b in blocks(page, "python") if b.not_run is None)
    test = doctest.DocTestParser().get_doctest(source, {}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    runner.run(test)
    failed, attempted = runner.summarize(verbose=False)
    assert attempted >= 1 and failed == 0
