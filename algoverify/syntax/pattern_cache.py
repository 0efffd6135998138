"""Regular expressions compiled once per machine, not once per process: the command's start-up.

A cold ``algoverify lint NOTE`` (the pre-commit hook) compiles about 470 regular expressions:
lark's lexers (17 ms), the prose's cues (10 ms), PyYAML's reader (one pattern, 6 ms) and ours,
about 75 ms of a 320 ms run, every time, for the same patterns. Python compiles a pattern in
two steps: its parser and code generator (Python code, nearly all of the time) turn the text
into a list of integers, and ``_sre.compile`` (C, microseconds) builds the matcher from them.
This module keeps the integers: the command (:mod:`algoverify.launch`) installs it before
anything is imported, a pattern already seen is built from its stored code directly, and the
codes of new ones are written back when the command ends.

It holds to the rules of the parser tables' cache beside it (:mod:`.grammar`): the file is JSON
data in the user's private cache folder, read without following a symlink; it is named for the
exact interpreter (its version and its regex engine's ``MAGIC``), so another Python never reads
it; ``_sre.compile`` validates the code it is given, and anything refused, malformed or
unexpected falls back to Python's own compile. A stored pattern is the very object Python
builds: patterns compare equal only when their text, flags and code are the same, which the
tests check. Library users who ``import algoverify`` are left alone: only the command installs it.

Reading the file is on every command's path, so it costs little whatever the file holds: a
row keeps its code as one string (the engine's unsigned words, base64), which JSON reads at the
speed of a copy, and a row is checked and decoded only when its pattern is asked for. A file
of 920 patterns as lists of integers took 32 ms to read and check in every command, more than
half of what it saved; as strings it takes 2 ms, and the 470 a lint asks for 3 ms more.
"""

from __future__ import annotations

import array
import base64
import binascii
import hashlib
import json
import os
import re
import stat
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable

__all__ = ["install", "save"]

#: Patterns kept at most; past it a save keeps only the ones its own run used.
MAX_PATTERNS = 4000
#: Seconds of compiling that the new patterns must have cost for a save to write them: rewriting
#: the file costs a few milliseconds, and some libraries build a pattern from a set, whose order
#: (so the pattern's text) changes from process to process (the standard library's tokenize does).
WORTH_WRITING = 0.005
#: Patterns longer than this are compiled as Python does, never stored (a note's text is no key).
MAX_PATTERN_LENGTH = 4000
#: The rows' layout, part of the file's name: a file another layout wrote is never read.
FORMAT = 2
#: The array type of the engine's code words: unsigned, of the engine's ``CODESIZE`` bytes.
_WORD = next((t for t in "IL" if array.array(t).itemsize == 4), "I")

_state: _Cache | None = None


class _Cache:
    """The stored codes, what this run added and used, and the compile that was replaced."""

    def __init__(self, file: Path, entries: dict[tuple[str, int], list], compiler: Any, engine: Any) -> None:
        self.file = file
        #: the rows as read, by (pattern, flags): checked and decoded when their pattern is asked for
        self.entries = entries
        self.added: dict[tuple[str, int], list] = {}
        self.used: set[tuple[str, int]] = set()
        #: seconds Python's compile took for the patterns added
        self.seconds = 0.0
        self.compiler = compiler
        self.engine = engine
        self.original: Callable[..., Any] = compiler.compile
        # the pattern being compiled, per thread: the engine's call learns its key from it
        self.pending = threading.local()


def install(folder: Path | None = None) -> bool:
    """Serve ``re``'s compiles from the stored codes in ``folder`` (default: the parsers' cache folder).

    Returns whether it is installed: not where the interpreter's ``re`` is laid out otherwise
    (before Python 3.11) or there is no private cache folder. Installing twice does nothing.
    """
    global _state
    if _state is not None:
        return True
    compiler = getattr(re, "_compiler", None)
    engine = getattr(compiler, "_sre", None)
    if compiler is None or engine is None or not callable(getattr(compiler, "compile", None)):
        return False
    if folder is None:
        from .grammar import cache_dir

        folder = cache_dir()
        if folder is None:
            return False
    file = folder / f"patterns-{_interpreter_tag(engine)}.json"
    state = _Cache(file, _read(file), compiler, engine)
    compiler.compile = _compile_with(state)
    compiler._sre = _Recorder(state)
    _state = state
    return True


def save() -> None:
    """Write the codes of the patterns this run compiled anew, if compiling them cost :data:`WORTH_WRITING` or more."""
    state = _state
    if state is None or not state.added or state.seconds < WORTH_WRITING:
        return
    kept = {**state.entries, **state.added}
    if len(kept) > MAX_PATTERNS:  # a run's own patterns first: a cache of other runs' is rebuilt
        kept = {k: v for k, v in kept.items() if k in state.used or k in state.added}
    rows = list(kept.values())[:MAX_PATTERNS]
    try:
        fd, tmp = tempfile.mkstemp(dir=state.file.parent, prefix=".tmp-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(rows, f, separators=(",", ":"))
        os.replace(tmp, state.file)  # atomic: a concurrent reader sees the old file or the new one
    except (OSError, TypeError, ValueError):
        pass
    state.entries, state.added, state.seconds = kept, {}, 0.0


def uninstall() -> None:
    """Put ``re``'s own compile back (the tests' way out)."""
    global _state
    if _state is not None:
        _state.compiler.compile = _state.original
        _state.compiler._sre = _state.engine
        _state = None


def _interpreter_tag(engine: Any) -> str:
    identity = (
        f"{FORMAT}|{sys.version}|{getattr(engine, 'MAGIC', '')}|{getattr(engine, 'CODESIZE', '')}|"
        f"{sys.maxunicode}|{sys.byteorder}"
    )
    return hashlib.sha256(identity.encode()).hexdigest()[:24]


def _read(file: Path) -> dict[tuple[str, int], list]:
    """The stored rows by (pattern, flags), as read: a row is checked when its pattern is asked for."""
    try:
        # O_NOFOLLOW: a symlink planted in our folder is not followed
        fd = os.open(file, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                return {}
            rows = json.loads(f.read())
    except (OSError, ValueError):
        return {}
    if not isinstance(rows, list):
        return {}
    return {
        (row[0], row[1]): row
        for row in rows[:MAX_PATTERNS]
        if type(row) is list and len(row) == 7 and type(row[0]) is str and type(row[1]) is int
    }


def _decoded(row: list) -> tuple | None:
    """``(final flags, code, groups, index, names)`` of a stored row, or None if it is not one of ours."""
    _, _, final, text, groups, index, names = row
    if not (
        type(final) is int
        and type(text) is str
        and type(groups) is int
        and type(index) is dict
        and all(type(v) is int for v in index.values())
        and type(names) is list
        and all(n is None or type(n) is str for n in names)
    ):
        return None
    try:
        # the words are the engine's to validate: it refuses what is not its code
        code = array.array(_WORD, base64.b64decode(text, validate=True)).tolist()
    except (ValueError, binascii.Error):  # not base64, or not a whole number of words
        return None
    return final, code, groups, index, tuple(names)


def _row(pattern: str, flags: int, final: int, code: list, groups: int, index: dict, names: tuple) -> list | None:
    """The stored row of a compiled pattern, or None if its code does not fit the words (never, in CPython)."""
    try:
        text = base64.b64encode(array.array(_WORD, code).tobytes()).decode("ascii")
    except (OverflowError, TypeError):
        return None
    return [pattern, flags, final, text, groups, dict(index), list(names)]


def _compile_with(state: _Cache) -> Callable[..., Any]:
    original, engine, entries, pending = state.original, state.engine, state.entries, state.pending
    debug = int(re.DEBUG)
    clock = time.perf_counter

    def compile(p: Any, flags: int = 0) -> Any:  # noqa: A001 - the name re._compiler calls
        if type(p) is not str or type(flags) is not int or flags & debug or len(p) > MAX_PATTERN_LENGTH:
            return original(p, flags)
        key = (p, flags)
        row = entries.get(key)
        stored = _decoded(row) if row is not None else None
        if stored is not None:
            final, code, groups, index, names = stored
            try:
                built = engine.compile(p, final, code, groups, dict(index), names)
            except Exception:  # noqa: BLE001 - refused by the engine's validation: compiled afresh below
                pass
            else:
                state.used.add(key)
                return built
        if row is not None:
            entries.pop(key, None)  # not ours, or refused: never written back
        pending.key = key
        began = clock()
        try:
            return original(p, flags)
        finally:
            pending.key = None
            state.seconds += clock() - began

    return compile


class _Recorder:
    """``_sre`` as ``re._compiler`` sees it: its ``compile`` also notes what it was given."""

    def __init__(self, state: _Cache) -> None:
        # the engine's other names copied, not looked up per use: the code generator asks for them per character
        self.__dict__.update({n: getattr(state.engine, n) for n in dir(state.engine) if not n.startswith("__")})
        self.__dict__.pop("compile", None)
        self._state = state

    def __getattr__(self, name: str) -> Any:
        return getattr(self._state.engine, name)

    def compile(self, pattern: Any, flags: int, code: list, groups: int, index: dict, names: tuple) -> Any:
        state = self._state
        built = state.engine.compile(pattern, flags, code, groups, index, names)
        key = getattr(state.pending, "key", None)
        if key is not None and key[0] is pattern and len(state.entries) + len(state.added) < 2 * MAX_PATTERNS:
            row = _row(pattern, key[1], flags, code, groups, index, names)
            if row is not None:
                state.added[key] = row
                state.used.add(key)
        return built
