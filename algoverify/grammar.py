"""Where the lark grammars live, and the parsers built from them (each built once, lazily)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

__all__ = ["grammar_dir", "grammar_path", "load_parser"]


def grammar_dir() -> Path:
    """Return the folder holding the ``.lark`` files.

    An installed wheel carries them inside the package (``algoverify/grammars``); a checkout
    (or an editable install) has them in ``grammars/`` beside the package.
    """
    here = Path(__file__).resolve().parent
    for candidate in (here / "grammars", here.parent / "grammars"):
        if (candidate / "values.lark").is_file():
            return candidate
    raise FileNotFoundError(
        f"algoverify's grammars are missing (looked in {here / 'grammars'} and {here.parent / 'grammars'})"
    )


def grammar_path(name: str) -> Path:
    """Return the path of ``grammars/<name>.lark``."""
    return grammar_dir() / f"{name}.lark"


@functools.cache
def load_parser(name: str, **options: Any) -> Any:
    """Return the LALR parser for ``grammars/<name>.lark``, built on first use and kept.

    Options are passed to :class:`lark.Lark` on top of the defaults every algoverify grammar
    uses (LALR, contextual lexer, positions propagated).
    """
    from lark import Lark  # imported here: `import algoverify` must stay cheap

    # cache=True keeps the built tables in the temp folder, keyed by a hash of the grammar and
    # options: building them costs 0.1-1.5 s (lark checks terminal collisions with interegular
    # when it is installed), loading them about 30 ms, which the pre-commit hook needs.
    settings: dict[str, Any] = dict(
        parser="lalr", lexer="contextual", propagate_positions=True, maybe_placeholders=False, cache=True
    )
    settings.update(options)
    path = grammar_path(name)
    return Lark(path.read_text(encoding="utf-8"), import_paths=[path.parent], source_path=str(path), **settings)
