"""Shared test helpers."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def listing_offset(name: str) -> int:
    """Lines the listing of a corpus note sits below line 13, where the line numbers in the tests were counted.

    The check spec in a note's front matter grows as checks are added; tests add this offset
    instead of hard-coding where the listing is today.
    """
    text = (ROOT / "corpus" / name).read_text(encoding="utf-8")
    return text[: text.index("\\begin{algorithm}")].count("\n") + 1 - 13
