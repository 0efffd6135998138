"""The project's cache folder: where each cache writes, and what every entry's key holds besides its content.

Two caches write here: a note's results (:mod:`algoverify.orchestration.cache`) and proofs
(:mod:`algoverify.checking.evidence.proofcache`). Both store JSON data, never code, written to a
temporary file renamed into place so that a reader never sees half an entry, and both key every
entry with :func:`environment`: algoverify's own files, Python's and the libraries' versions.
The folder tells backup tools it is a cache (``CACHEDIR.TAG``) and git to ignore it.
"""

from __future__ import annotations

import functools
import hashlib
import os
import sys
import tempfile
from pathlib import Path

from .config import CACHE_DIR

__all__ = ["CACHE_DIR", "CACHEDIR_TAG", "environment", "hash_text", "prepare", "write_atomically"]

#: The tag that tells backup and archiving tools the folder holds a cache (https://bford.info/cachedir/).
CACHEDIR_TAG = (
    "Signature: 8a477f597d28d172789f06886806bc55\n"
    "# This file is a cache directory tag created by algoverify.\n"
    "# For information about cache directory tags see https://bford.info/cachedir/\n"
)
#: Libraries whose version can change a result (a snippet imports numpy in a fresh interpreter).
_LIBRARIES = ("numpy", "sympy", "lark", "pylatexenc", "markdown_it", "yaml")


@functools.cache
def environment() -> str:
    """A digest of what, besides a note and its files, decides its results: algoverify itself, Python, libraries.

    Files count by size and modification time — algoverify's own (an edited checkout keeps its
    version number) and each library's ``__init__.py`` (an upgrade rewrites it) — so that this
    costs a few ``stat`` calls, not ``importlib.metadata`` (0.1 s to import).
    """
    from importlib.util import find_spec

    from ..version import __version__

    parts = [__version__, sys.version, sys.implementation.name]
    for name in _LIBRARIES:
        try:
            spec = find_spec(name)
        except (ImportError, ValueError):
            spec = None
        origin = spec.origin if spec is not None else None
        parts.append(f"{name}:{_stamp(origin) if origin else 'absent'}")
    package = Path(__file__).resolve().parents[1]
    for root in (package, package.parent / "grammars"):
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith((".py", ".lark")):
                    path = os.path.join(folder, name)
                    parts.append(f"{os.path.relpath(path, root)}:{_stamp(path)}")
    return hash_text("\n".join(parts))


def _stamp(path: str) -> str:
    try:
        info = os.stat(path)
    except OSError:
        return "unreadable"
    return f"{info.st_size}:{info.st_mtime_ns}"


def hash_text(text: str) -> str:
    """The SHA-256 of ``text`` (lone surrogates kept), in hex."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def prepare(folder: Path) -> None:
    """Create the cache folder with its ``CACHEDIR.TAG`` and a ``.gitignore`` that ignores it all."""
    if (folder / "CACHEDIR.TAG").is_file():
        return
    folder.mkdir(parents=True, exist_ok=True)
    write_atomically(folder / ".gitignore", "# created by algoverify: the cache is never committed\n*\n")
    write_atomically(folder / "CACHEDIR.TAG", CACHEDIR_TAG)


def write_atomically(target: Path, text: str) -> None:
    """Write ``text`` to ``target`` through a temporary file renamed into place (raises ``OSError``)."""
    fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=".tmp-", suffix=".json")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(temporary, target)
    except BaseException:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        raise
