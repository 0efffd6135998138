"""Reading the files a run opens besides its notes: configuration, macro files, preambles, modules, cache entries.

Every one goes through :func:`read_regular`, with the guards a note has: a FIFO, a socket or a
device is never opened for reading (``/dev/zero`` would fill memory, a FIFO would wait for a
writer for ever), a file past the size limit is not read, and a file that grows while it is read
is refused. ``None`` says the file could not be read; the caller reports it as its own finding.
"""

from __future__ import annotations

import ast
import functools
import os
import stat
from pathlib import Path

__all__ = ["python_tree", "read_regular", "read_text", "regular_file", "resolved", "FILE_LIMIT"]

#: The largest file besides a note that a run reads (a preamble, a macro file, a module, a cache entry).
FILE_LIMIT = 10 * 1024 * 1024


def regular_file(path: Path, limit: int = FILE_LIMIT) -> bool:
    """Whether ``path`` is a regular file of at most ``limit`` bytes (symlinks followed; a FIFO is not one)."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return False
    return stat.S_ISREG(info.st_mode) and info.st_size <= limit


def read_regular(path: Path, limit: int = FILE_LIMIT) -> bytes | None:
    """The bytes of a regular file of at most ``limit`` bytes, else ``None`` (a FIFO is never waited on)."""
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; what was opened is checked below
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except (OSError, ValueError):
        return None
    try:
        info = os.fstat(fd)
    except OSError:
        info = None
    if info is None or not stat.S_ISREG(info.st_mode) or info.st_size > limit:
        os.close(fd)  # a directory (which fdopen refuses), a FIFO, a device, a file past the limit
        return None
    with os.fdopen(fd, "rb") as f:
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        try:
            data = f.read(limit + 1)
        except OSError:  # /proc/self/mem is a "regular file" of size 0 whose read fails
            return None
    return data if len(data) <= limit else None


def read_text(path: Path, limit: int = FILE_LIMIT) -> str | None:
    """:func:`read_regular` decoded as UTF-8 text, else ``None``."""
    data = read_regular(path, limit)
    if data is None:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def python_tree(path: Path) -> ast.Module | None:
    """The syntax tree of a Python file (a note's module), else ``None``: never imported, only parsed.

    Parsed once per version of the file: lint reads the module's functions, its generators and its
    bindings' names, and with 1,600 notes each parse is paid per note. The tree is shared, so a
    caller only reads it.
    """
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return _python_tree(str(path), info.st_mtime_ns, info.st_size)


@functools.lru_cache(maxsize=64)
def _python_tree(path: str, mtime_ns: int, size: int) -> ast.Module | None:
    try:
        text = read_text(Path(path))  # a FIFO named as the module is never waited on
        return None if text is None else ast.parse(text)
    except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def resolved(path: Path | str) -> Path:
    """``path`` made absolute with its links followed, as far as they go: a link loop stays where it is.

    ``Path.resolve`` raises ``RuntimeError`` on a link loop before Python 3.13; a note or a
    configuration that names one gets the finding of a file that is not regular, never a crash.
    """
    try:
        return Path(path).resolve()
    except (RuntimeError, OSError, ValueError):
        return Path(os.path.abspath(path))
