"""Where the lark grammars live, and the parsers built from them (each built once, lazily).

Building a parser's LALR tables costs 0.1-1.5 s, loading them a tenth of that, which the
pre-commit hook needs; so the tables are cached on disk. The cache holds *data only*: lark's
serialised tables written as JSON, never a pickle, so a cache file cannot run code whoever wrote
it. It lives in the user's own cache folder (mode 0700, owned by the user, checked before use),
never in the shared temporary folder, and each file records a digest of its grammar, options and
lark version, checked before the tables are used. Anything unexpected means a rebuild, not an
error: the cache is an optimisation.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import Any

from . import tables

__all__ = ["cache_dir", "grammar_dir", "grammar_path", "load_parser"]

# bump when the on-disk format changes
_FORMAT = 3


def grammar_dir() -> Path:
    """Return the folder holding the ``.lark`` files.

    An installed wheel carries them inside the package (``algoverify/grammars``); a checkout
    (or an editable install) has them in ``grammars/`` beside the package.
    """
    here = Path(__file__).resolve().parents[1]  # the package: this module sits in algoverify/syntax/
    for candidate in (here / "grammars", here.parent / "grammars"):
        if (candidate / "values.lark").is_file():
            return candidate
    raise FileNotFoundError(
        f"algoverify's grammars are missing (looked in {here / 'grammars'} and {here.parent / 'grammars'})"
    )


def grammar_path(name: str) -> Path:
    """Return the path of ``grammars/<name>.lark``."""
    return grammar_dir() / f"{name}.lark"


def cache_dir() -> Path | None:
    """Return the folder for cached parser tables, made private to the user; ``None`` if unsafe.

    ``ALGOVERIFY_CACHE_DIR`` overrides the platform's user cache folder (``~/.cache/algoverify``
    on Linux). The folder is used only when it is a real directory owned by this user that no one
    else can write; otherwise parsers are built in memory every time.
    """
    override = os.environ.get("ALGOVERIFY_CACHE_DIR")
    if override:
        base = Path(override)
    elif sys.platform.startswith("linux"):
        # platformdirs' rule on Linux, without its import (a hundredth of a cold lint)
        base = Path(os.environ.get("XDG_CACHE_HOME", "").strip() or os.path.expanduser("~/.cache")) / "algoverify"
    else:
        from platformdirs import user_cache_dir

        base = Path(user_cache_dir("algoverify", appauthor=False))
    folder = base / "parsers"
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = os.lstat(folder)
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode) or info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return None
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        return None
    return folder


def _digest(name: str, settings: dict[str, Any]) -> str:
    """Key the tables by everything that shapes them: the grammar files, the options, lark's version."""
    import lark

    h = hashlib.sha256()
    for path in sorted(grammar_dir().glob("*.lark")):  # %import may pull in any of them
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    postlex = settings.get("postlex")
    shaping = {k: v for k, v in settings.items() if k != "postlex"}
    if postlex is not None:
        # a post-lexer's always_accept terminals change the contextual lexer's tables
        shaping["postlex"] = [type(postlex).__qualname__, sorted(getattr(postlex, "always_accept", ()))]
    h.update(
        json.dumps(
            [name, _FORMAT, sys.byteorder, lark.__version__, sys.version_info[:2], shaping],
            sort_keys=True,
            default=repr,
        ).encode()
    )
    return h.hexdigest()


# JSON has no tuples and only string keys; lark's serialised tables use both. Tag them.
def _encode(value: Any) -> Any:
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value):
            return {k: _encode(v) for k, v in value.items()}
        return {"__dict__": [[_encode(k), _encode(v)] for k, v in value.items()]}
    if isinstance(value, tuple):
        return {"__tuple__": [_encode(v) for v in value]}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"cannot cache a {type(value).__name__}")


def _decoded(obj: dict[str, Any]) -> Any:
    """One JSON object back to what :func:`_encode` tagged, as ``json`` reads it (innermost first).

    Decoding while the JSON is read, not in a second walk over the tables, halves the time to
    load them (the math grammar's 0.9 MB: 0.08 s → 0.03 s), which every ``lint`` pays.
    """
    if "__tuple__" in obj:
        return tuple(obj["__tuple__"])
    if "__dict__" in obj:
        return dict(obj["__dict__"])  # a tuple key is a tuple already: its tag was read first
    return obj


# options that are not part of the tables: paths differ per checkout, post-lexers are objects
_NOT_SERIALISED = ("import_paths", "source_path", "postlex")


def _read_cached(file: Path, digest: str, postlex: Any) -> Any | None:
    from lark import Lark

    try:
        # O_NOFOLLOW: a symlink planted in our folder is not followed
        fd = os.open(file, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                return None
            record = json.loads(f.read(), object_hook=_decoded)
        if record.get("digest") != digest:
            return None
        payload = record["tables"]
        lexer_conf = payload["data"]["parser"]["lexer_conf"]
        if lexer_conf.get("lexer_type") == "contextual":  # lark takes a lexer class in its place
            lexer_conf["lexer_type"] = tables.contextual_lexer()
        return Lark._load_from_dict(
            payload["data"], payload["memo"], postlex=postlex, _plugins={"LALR_Parser": tables.flat_table_parser()}
        )
    except Exception:  # noqa: BLE001 - a bad cache entry is rebuilt, never an error
        return None


def _write_cached(file: Path, digest: str, parser: Any) -> None:
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    try:
        data, memo = parser.memo_serialize([TerminalDef, Rule])
        data["options"] = {k: v for k, v in data["options"].items() if k not in _NOT_SERIALISED}
        table = data["parser"]["parser"]
        table["flat"], table["states"] = tables.flat_states(parser, data), {}
        text = json.dumps({"digest": digest, "tables": _encode({"data": data, "memo": memo})})
        fd, tmp = tempfile.mkstemp(dir=file.parent, prefix=".tmp-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, file)  # atomic: a concurrent reader sees the old file or the new one
    except (OSError, TypeError, ValueError):
        pass


@functools.cache
def load_parser(name: str, **options: Any) -> Any:
    """Return the LALR parser for ``grammars/<name>.lark``, built on first use and kept.

    Options are passed to :class:`lark.Lark` on top of the defaults every algoverify grammar
    uses (LALR, contextual lexer, positions propagated). The tables come from the user's cache
    folder when a valid entry is there (see the module's docstring), else they are built and
    stored there.
    """
    from lark import Lark  # imported here: `import algoverify` must stay cheap

    settings: dict[str, Any] = dict(
        parser="lalr", lexer="contextual", propagate_positions=True, maybe_placeholders=False
    )
    settings.update(options)
    settings.pop("cache", None)  # lark's own cache unpickles from the shared temp folder: never used
    path = grammar_path(name)
    folder = cache_dir()
    digest = _digest(name, settings)
    file = folder / f"{name}-{digest[:32]}.json" if folder is not None else None
    if file is not None:
        cached = _read_cached(file, digest, settings.get("postlex"))
        if cached is not None:
            return cached
    parser = Lark(path.read_text(encoding="utf-8"), import_paths=[path.parent], source_path=str(path), **settings)
    if file is not None:
        _write_cached(file, digest, parser)
    return parser


@functools.lru_cache(maxsize=1024)
def value_tree(src: str) -> Any:
    """The parse tree of one value's text (``grammars/values.lark``; never changed by its readers: it is shared).

    A check draws its inputs from the same few texts on every trial, and ``lint`` reads them
    again: parsing them once took a tenth of a cold corpus run's time. A text that does not
    parse raises each time.
    """
    return load_parser("values", start="top", propagate_positions=False).parse(src)
