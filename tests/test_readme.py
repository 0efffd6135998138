"""The README's Python examples run as written (doctest over its ```python blocks)."""

import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_readme_python_examples(monkeypatch):
    monkeypatch.chdir(ROOT)
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks, "the README shows Python examples"
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks), {}, "README.md", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    failed, attempted = runner.summarize(verbose=False)
    assert attempted >= 10 and failed == 0


def _checked_console_blocks(text: str) -> list[str]:
    """The ```console blocks the README marks ``<!-- checked -->``: each ``$ algoverify …`` with its output."""
    return re.findall(r"<!-- checked -->\n```console\n(.*?)```", text, re.S)


def test_readme_checked_console_examples_print_what_they_show(capsys, monkeypatch):
    """The console examples marked checked are run from the repository root; they print exactly what they show."""
    import shlex

    from algoverify.cli import main

    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("NO_COLOR", "1")
    blocks = _checked_console_blocks((ROOT / "README.md").read_text(encoding="utf-8"))
    assert len(blocks) >= 2
    for block in blocks:
        for command in re.split(r"^\$ ", block, flags=re.M)[1:]:
            line, _, shown = command.partition("\n")
            args = shlex.split(line)
            assert args[0] == "algoverify"
            main(args[1:])
            assert capsys.readouterr().out == shown, line
