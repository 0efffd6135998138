"""A mutation run as text (each survivor as a diff of its line, then the table) or as JSON data."""

from __future__ import annotations

import json
from typing import Any

from .scoring import EQUIVALENT, KILLED, STILLBORN, SURVIVED, Judged, ListingScore, Mutation

__all__ = ["render_text", "render_json", "as_data"]

_COLUMNS = (KILLED, SURVIVED, EQUIVALENT, STILLBORN)


def _score(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _short(text: str, width: int = 160) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _where(listing: ListingScore, judged: Judged) -> str:
    return f"{listing.path}:{judged.line}:{judged.column}"


def render_text(run: Mutation, *, verbose: bool = False) -> str:
    """Survivors first (what to strengthen), the equivalent ones after, then one row per listing and the total.

    ``verbose`` also lists the stillborn mutants (those lint rejects) and the killed ones with their check.
    """
    lines: list[str] = []
    for listing in run.listings:
        shown = [j for j in listing.judged if j.status in (SURVIVED, EQUIVALENT) or verbose]
        if not shown:
            continue
        named = f" ({listing.name})" if listing.name else ""
        lines.append(f"{listing.path}: listing {listing.listing}{named}")
        for judged in shown:
            lines.append(
                f"  {judged.status:<10} {_where(listing, judged)}  {judged.mutant.operator}: "
                f"{judged.mutant.description}"
            )
            if judged.status == SURVIVED:
                lines.extend(f"      - {row.strip()}" for row in judged.before.splitlines())
                lines.extend(f"      + {row.strip()}" for row in judged.after.splitlines())
            if judged.status == KILLED:
                lines.append(f"      by {judged.by}: {_short(judged.why)}")
            elif judged.why:
                lines.append(f"      {_short(judged.why)}")
        lines.append("")
    names = ("listing", "mutants", "killed", "survived", "equivalent", "stillborn", "score")
    lines.append(f"{names[0]:<48} {names[1]:>7} {names[2]:>6} {names[3]:>8} {names[4]:>10} {names[5]:>9} {names[6]:>5}")
    for listing in run.listings:
        counts = [listing.count(c) for c in _COLUMNS]
        name = f"{listing.path}:{listing.listing}"
        lines.append(
            f"{name:<48} {len(listing.judged):>7} {counts[0]:>6} {counts[1]:>8} {counts[2]:>10} {counts[3]:>9} "
            f"{_score(listing.score):>5}"
        )
    total = [sum(s.count(c) for s in run.listings) for c in _COLUMNS]
    mutants = sum(len(s.judged) for s in run.listings)
    lines.append(
        f"{'total':<48} {mutants:>7} {total[0]:>6} {total[1]:>8} {total[2]:>10} {total[3]:>9} {_score(run.score):>5}"
    )
    for path, why in run.skipped:
        lines.append(f"{path}: not mutated: {why}")
    rate = run.mutants_run / run.seconds if run.seconds > 0 else 0.0
    replayed = f"; {run.replayed} replayed from the cache" if run.replayed else ""
    lines.append(f"{run.mutants_run} mutants run in {run.seconds:.1f} s ({rate:.1f} mutants/s{replayed})")
    return "\n".join(lines) + "\n"


def as_data(run: Mutation) -> dict[str, Any]:
    """The run as JSON data: each listing's counts, score and mutants."""
    return {
        "score": run.score,
        "seconds": round(run.seconds, 3),
        "mutants_run": run.mutants_run,
        "replayed": run.replayed,
        "listings": [
            {
                "path": str(s.path),
                "listing": s.listing,
                "name": s.name,
                "checks": list(s.checks),
                "mutants": len(s.judged),
                **{c: s.count(c) for c in _COLUMNS},
                "score": s.score,
                "results": [
                    {
                        "operator": j.mutant.operator,
                        "description": j.mutant.description,
                        "status": j.status,
                        "line": j.line,
                        "column": j.column,
                        "by": j.by,
                        "why": j.why,
                        "before": j.before,
                        "after": j.after,
                    }
                    for j in s.judged
                ],
            }
            for s in run.listings
        ],
        "skipped": [{"path": str(p), "why": why} for p, why in run.skipped],
    }


def render_json(run: Mutation) -> str:
    """The run as a JSON document."""
    return json.dumps(as_data(run), indent=2, default=str) + "\n"
