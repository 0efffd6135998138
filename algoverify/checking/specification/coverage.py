"""Coverage: listings, equations, snippets and flowcharts that no check covers are *unverified*."""

from __future__ import annotations

from typing import Any, Iterable

from ...findings import Finding, UnverifiedBlock, UnverifiedClaim, UnverifiedListing


def unverified(report: Any, checks: Iterable[Any]) -> list[Finding]:
    """Warnings for every block of ``report`` that ``checks`` leave uncovered."""
    checks = list(checks)
    loaded_names = {}
    listings = report.listings()
    for i, b in enumerate(listings, start=1):
        caption = b.ir.caption.plain if b.ir is not None and b.ir.caption is not None else ""
        funcs = [n.name for n in (b.ir.body if b.ir is not None else ()) if type(n).__name__ == "Function"]
        loaded_names[i] = {str(i), caption.lower(), *(f.lower() for f in funcs)}
    covered_listings = set()
    for c in checks:
        if c.kind in ("reference", "equation") and c.get("listing") is not None:
            key = str(c.get("listing")).lower()
            covered_listings |= {
                i for i, names in loaded_names.items() if key in names or any(n.startswith(key) for n in names if n)
            }
    out = [
        UnverifiedListing.finding(b.block.span, report.path, index=i)
        for i, b in enumerate(listings, start=1)
        if i not in covered_listings
    ]
    equations = {c.get("equation") for c in checks if c.kind in ("property", "equation")}
    maths = [b.block for b in report.blocks if b.block.kind == "math"]
    out += [
        UnverifiedClaim.finding(m.span, report.path, index=i)
        for i, m in enumerate(maths, start=1)
        if i not in equations
    ]
    for kind, check_kind in (("python", "snippet"), ("mermaid", "structure")):
        used = {c.get("block") for c in checks if c.kind == check_kind}
        if kind == "python":  # a property or a reference that calls the snippet's functions checks it too
            used |= {c.get("snippet") for c in checks if c.get("snippet") is not None}
        blocks = [b.block for b in report.blocks if b.block.kind == kind]
        out += [
            UnverifiedBlock.finding(b.span, report.path, kind=kind, index=i)
            for i, b in enumerate(blocks, start=1)
            if i not in used
        ]
    return out
