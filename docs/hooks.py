"""mkdocs hooks: fill the reference pages' generated parts while the site is built (see gen_reference.py)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import gen_reference  # noqa: E402


def on_page_markdown(markdown, page, config, files):  # noqa: D103, ARG001
    return gen_reference.expand(markdown)
