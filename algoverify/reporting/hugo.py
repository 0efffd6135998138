"""Hugo data: each checked note's listings and claims with their verdicts, one JSON file per note.

``algoverify check --hugo-data DIR`` writes ``DIR/algoverify/<key>.json`` for every note, where
``<key>`` is the note's path without its suffix, relative to the nearest folder called
``content`` above it (Hugo's content folder), else to the current folder. Pointed at a site's
``data/`` folder, a page finds its own file as ``index site.Data.algoverify (split KEY "/")``,
``KEY`` being its ``.File.Path`` without the suffix. The format (``"format": 1``)::

    {"format": 1, "algoverify": "0.1.0", "note": "posts/power-iteration.md",
     "status": "verified", "summary": {"verified": 5, "refuted": 0, …},
     "listings": [{"index": 1, "caption": "…", "functions": ["PowerIteration"], "line": 58,
                   "status": "verified", "checks": ["…"]}],
     "claims": [{"id": "…", "kind": "reference", "status": "verified", "message": "…",
                 "claim": "…", "line": 27, "listing": 1, "known": null}]}

The words are the report's verdicts, plus ``unverified`` for a listing no check names. A
listing's status is the worst of its checks' (refuted, then could not check, then refuted as
expected, then verified), and so is the note's. Nothing varies between two runs of an
unchanged note (no times), so a site is rebuilt only when a verdict changes.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path, PurePosixPath
from typing import Any

from ..version import __version__

__all__ = ["FORMAT", "note_key", "note_data", "write"]

FORMAT = 1
UNVERIFIED = "unverified"
#: worst first: the status a listing (or note) shows when its checks disagree
_PRECEDENCE = ("refuted", "could not check", "refuted as expected", "verified")
#: the summary's order, the text report's
_ORDER = ("verified", "refuted", "refuted as expected", "could not check")


def note_key(path: Path, cwd: Path | None = None) -> PurePosixPath:
    """Where the note's data goes below ``algoverify/``: its path in the site's content, without the suffix."""
    absolute = Path(os.path.abspath(path))
    for parent in absolute.parents:
        if parent.name == "content":
            return _stem(absolute.relative_to(parent))
    here = Path(os.path.abspath(cwd or Path.cwd()))
    return _stem(absolute.relative_to(here) if absolute.is_relative_to(here) else Path(absolute.name))


def _stem(path: Path) -> PurePosixPath:
    return PurePosixPath(path.as_posix()[: len(path.as_posix()) - len(path.suffix)])


def _worst(statuses: list[str]) -> str:
    ranked = [s for s in _PRECEDENCE if s in statuses]
    return ranked[0] if ranked else UNVERIFIED


def _functions(block: Any) -> list[str]:
    """The names of the functions a listing defines (``\\Function{Name}``), in order."""
    return [n.name for n in block.ir.body if type(n).__name__ == "Function"] if block.ir is not None else []


def _listing_names(block: Any, index: int) -> set[str]:
    """What a check's ``listing:`` may say to name this listing: its number, caption, function names."""
    names = {str(index), *(name.lower() for name in _functions(block))}
    if block.ir is not None and block.ir.caption is not None and block.ir.caption.plain:
        names.add(block.ir.caption.plain.lower())
    return names


def _listing_of(key: Any, names: dict[int, set[str]]) -> int | None:
    if key is None:
        return None
    wanted = str(key).lower()
    for index, known in names.items():  # as the checks find it: a number, a name, or its start
        if wanted in known or any(n.startswith(wanted) for n in known if n):
            return index
    return None


def note_data(report: Any, key: PurePosixPath) -> dict[str, Any]:
    """The data of one checked note (an ``api.NoteReport``)."""
    source = report.note.source if report.note is not None else None

    def line(span: Any) -> int | None:
        return source.line_col(span.start)[0] if source is not None and span is not None else None

    listings = report.listings()
    names = {i: _listing_names(b, i) for i, b in enumerate(listings, start=1)}
    claims = []
    for o in report.outcomes:
        claims.append(
            {
                "id": o.check.id,
                "kind": o.check.kind,
                "status": o.status,
                "message": o.message,
                "claim": o.check.claim,
                "line": line(o.claim_span),
                "listing": _listing_of(o.check.get("listing"), names),
                "known": o.check.known,
            }
        )
    listing_data = []
    for i, block in enumerate(listings, start=1):
        mine = [c for c in claims if c["listing"] == i]
        caption = block.ir.caption.plain if block.ir is not None and block.ir.caption is not None else None
        listing_data.append(
            {
                "index": i,
                "caption": caption,
                "functions": _functions(block),
                "line": line(block.block.span),
                "status": _worst([c["status"] for c in mine]),
                "checks": [c["id"] for c in mine],
            }
        )
    summary = {status: sum(c["status"] == status for c in claims) for status in _ORDER}
    summary[UNVERIFIED] = sum(entry["status"] == UNVERIFIED for entry in listing_data)
    return {
        "format": FORMAT,
        "algoverify": __version__,
        "note": f"{key}{report.path.suffix}",
        "status": _worst([c["status"] for c in claims]),
        "summary": summary,
        "errors": sum(f.severity.value == "error" for f in report.findings),
        "listings": listing_data,
        "claims": claims,
    }


def write(result: Any, folder: str | Path) -> list[Path]:
    """Write every note's data below ``folder/algoverify/``; each file is replaced whole (atomically)."""
    written = []
    for report in result.notes:
        key = note_key(report.path)
        target = Path(folder, "algoverify", *key.parts[:-1], key.parts[-1] + ".json")
        target.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(note_data(report, key), indent=2, ensure_ascii=False) + "\n"
        # a site server watching data/ must never read half a file
        fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.chmod(temporary, 0o644)  # as any file the site holds, not mkstemp's 0600
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        written.append(target)
    return written
