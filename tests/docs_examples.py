"""Find the examples of the README and the manual (docs/), run them, and compare what they print.

An example is a fenced block:

- ```` ```python ```` blocks are doctests; a page's blocks run in order in one namespace.
- ```` ```console ```` blocks are shell sessions: each ``$ command`` (continued by a trailing
  ``\\``) runs in bash, and what it prints (stdout and stderr) is compared with the lines below
  it, up to the next ``$``. Lines ``(algoverify) CMD`` are what was typed at the stepper's
  prompt: they are the command's standard input, and the prompt is shown with them.
  A line that is only ``...`` stands for any number of lines.

Every block runs in a fresh copy of ``corpus/`` and ``examples/`` (a workspace with no project
configuration above it), with ``algoverify`` the checkout's own code. Before comparing, timings
(``0.35 s``, ``time="0.409"``, ``"seconds": 1.48``, ``in 3.58s``) and the workspace's path are
normalised, so an example shows real output and still compares on another machine.

A block right after ``<!-- not run: REASON -->`` is shown and not run; tests/test_docs_examples.py
counts them and allows only those it lists.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
#: what a workspace holds: the files the examples name
WORKSPACE = ("corpus", "examples")
#: the path the workspace is shown as
SHOWN_ROOT = "/home/you/notes"
#: why a ```python block of IPython magics is not a doctest (tests/test_notebook.py runs them)
KERNEL = "needs an IPython kernel"

FENCE = re.compile(r"^(?P<indent> *)```(?P<lang>[\w-]*)[^\n]*\n(?P<body>.*?)^(?P=indent)```[ \t]*$", re.S | re.M)
NOT_RUN = re.compile(r"<!-- not run: (?P<why>[^>]*?) -->\s*$")


@dataclass
class Command:
    """One ``$ command`` of a console block, with what it is shown to print."""

    line: str
    shown: str
    stdin: str = ""


@dataclass
class Block:
    """One fenced block of a page."""

    page: Path
    lang: str
    body: str
    line: int  # of the opening fence, 1-based
    start: int  # offsets of the body in the page text
    end: int
    not_run: str | None = None
    raw: str = ""
    indent: str = ""
    commands: list[Command] = field(default_factory=list)

    @property
    def name(self) -> str:
        """``docs/guide/x.md:12``: where the block is."""
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def blocks(page: Path, lang: str | None = None) -> list[Block]:
    """The fenced blocks of a page (of one language)."""
    text = page.read_text(encoding="utf-8")
    out = []
    for m in FENCE.finditer(text):
        if lang is not None and m.group("lang") != lang:
            continue
        before = text[: m.start()].rstrip("\n").rsplit("\n", 1)[-1]
        why = NOT_RUN.search(before)
        body = m.group("body")
        if m.group("indent"):
            body = "\n".join(line[len(m.group("indent")) :] for line in body.split("\n"))
        block = Block(page, m.group("lang"), body, text.count("\n", 0, m.start()) + 1, m.start("body"),
                      m.end("body"), why.group("why") if why else None)  # fmt: skip
        block.raw, block.indent = text[block.start : block.end], m.group("indent")
        if block.lang == "console":
            block.commands = parse_console(body)
        out.append(block)
    return out


def parse_console(body: str) -> list[Command]:
    """The commands of a console block, each with its shown output and its typed input."""
    commands: list[Command] = []
    lines = body.split("\n")
    i = 0
    while i < len(lines):
        if not lines[i].startswith("$ "):
            i += 1
            continue
        command = lines[i][2:]
        while command.endswith("\\") and i + 1 < len(lines):
            i += 1
            command = command + "\n" + lines[i]
        i += 1
        shown = []
        while i < len(lines) and not lines[i].startswith("$ "):
            shown.append(lines[i])
            i += 1
        text = "\n".join(shown)
        typed = re.findall(r"^\(algoverify\) (.*)$", text, re.M)
        commands.append(
            Command(command, text.rstrip("\n") + "\n" if text.strip() else "", "".join(t + "\n" for t in typed))
        )
    return commands


def normalise(text: str) -> str:
    """Timings and the workspace's path out of the way; trailing spaces dropped."""
    text = re.sub(r" \(\d+ draws? skipped: [^)]*\)", "", text)
    text = re.sub(r"\b\d+(\.\d+)? s\b", "_ s", text)
    text = re.sub(r"\(\d+(\.\d+)? mutants/s", "(_ mutants/s", text)
    text = re.sub(r"\bin \d+(\.\d+)?s( \(\d+:\d\d:\d\d\))?", "in _s", text)
    text = re.sub(r"={3,}", "===", text)
    text = re.sub(r'time="[\d.]+"', 'time="_"', text)
    text = re.sub(r'"seconds": [\d.]+', '"seconds": _', text)
    # pytest's short summary: newer releases add the failure's text after " - " (and its lines)
    text = re.sub(r"^(FAILED \S+) - .*\n(?:    .*\n)*", r"\1\n", text, flags=re.M)
    return "\n".join(line.rstrip() for line in text.split("\n"))


def shown_as_typed(shown: str) -> str:
    """The shown output as the program prints it: a prompt's typed command is not echoed."""
    return re.sub(r"^(\(algoverify\) ).*\n", r"\1", shown, flags=re.M)


def matches(shown: str, actual: str) -> bool:
    """Whether the output printed is the output shown (``...`` lines stand for any lines)."""
    shown, actual = normalise(shown_as_typed(shown)).rstrip("\n"), normalise(actual).rstrip("\n")
    parts = re.split(r"^(?:\.\.\.|…)\n", shown + "\n", flags=re.M)
    pattern = r"(?:.*\n)*?".join(re.escape(p) for p in parts)
    return re.fullmatch(pattern, actual + "\n") is not None


def make_workspace(where: Path) -> Path:
    """A fresh copy of the files examples name, and a bin/ whose ``algoverify`` is this checkout's."""
    for name in WORKSPACE:
        shutil.copytree(ROOT / name, where / name, ignore=shutil.ignore_patterns("__pycache__", ".algoverify_cache",
                                                                                  "public", "data"))  # fmt: skip
    bin_dir = where.parent / (where.name + "-bin")
    bin_dir.mkdir(exist_ok=True)
    shim = bin_dir / "algoverify"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m algoverify "$@"\n')
    shim.chmod(0o755)
    return bin_dir


def run_console(block: Block, where: Path, timeout: float = 600) -> list[str]:
    """Run a console block's commands in one shell, in the workspace; what each printed."""
    bin_dir = make_workspace(where)
    env = {k: v for k, v in os.environ.items() if k not in ("ALGOVERIFY_NO_CACHE", "COLUMNS", "FORCE_COLOR")}
    env.update(PATH=f"{bin_dir}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
               PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")])),
               NO_COLOR="1", TERM="dumb", LC_ALL="C.UTF-8", PYTHONIOENCODING="utf-8")  # fmt: skip
    separator = "@@algoverify-docs-example@@"
    script = ["set +e"]
    for c in block.commands:
        script.append(f"echo {separator}")
        if c.stdin:
            script.append(f"{c.line} 2>&1 <<'@@typed@@'\n{c.stdin}@@typed@@")
        else:
            script.append(f"{{ {c.line}\n}} 2>&1 </dev/null")
    done = subprocess.run(["bash", "-c", "\n".join(script)], cwd=where, env=env, capture_output=True, text=True,
                          timeout=timeout)  # fmt: skip
    out = done.stdout.replace(str(where), SHOWN_ROOT)
    return out.split(separator + "\n")[1:]
