"""Coverage: listings, equations, snippets and flowcharts that no check covers are *unverified*."""

from __future__ import annotations

import re
from typing import Any, Iterable

from ...findings import Finding, LocatedError, UnverifiedBlock, UnverifiedClaim, UnverifiedListing
from ...math import mathexpr as M
from ...math.segments import parse_segment
from ...running.prose_math import function_definition
from ...syntax import ir
from .cues import cues


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
    text = report.note.source.text if report.note is not None else ""
    quoted = _quoted_ends(text, report.note.body_span.start if report.note is not None else 0, checks)
    out += [
        UnverifiedClaim.finding(m.span, report.path, index=i)
        for i, m in enumerate(maths, start=1)
        if i not in equations and not _led_into(text, m.span.start, quoted) and not _defines(text, m)
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


#: the end of a sentence, or a paragraph's, before a display
_SENTENCE_END = re.compile(r"(?:[.!?](?=\s)|\n[ \t]*\n)")


def _quoted_ends(text: str, body: int, checks: list[Any]) -> list[int]:
    """Where in the note's body (from offset ``body``) each property's or equation's ``claim:`` quote ends."""
    ends = []
    for c in checks:
        claim = c.claim if c.kind in ("property", "equation") else None
        if not isinstance(claim, str) or not claim.strip():
            continue
        words = [re.escape(w) for w in claim.split()]
        found = re.compile(r"\s+".join(words), re.I).search(text, body)
        if found is not None:
            ends.append(found.end())
    return ends


def _lead_in(text: str, start: int) -> int:
    """Where the sentence that runs into the display at ``start`` begins."""
    last = 0
    for m in _SENTENCE_END.finditer(text, 0, start):
        last = m.end()
    return last


def _led_into(text: str, start: int, quoted: list[int]) -> bool:
    """Whether a check's quote ends in the sentence that runs into the display: "… is bounded by \\[ … \\]"."""
    begin = _lead_in(text, start)
    return any(begin <= end <= start for end in quoted)


def _defines(text: str, block: Any) -> bool:
    """Whether the display defines a name, which no check needs: "Let \\(g\\) be the function \\[ g(x) = \\cos x \\]".

    An equation of one name (``\\alpha = …``) or of a function of plain names (``p(t) = …``) that the
    sentence leading into it claims nothing of (no cue: :func:`.cues.cues`) is a definition; ``y_N = …``
    after "the method returns exactly" is a claim.
    """
    try:
        tree = parse_segment(ir.Math(block.body_span, text[block.body_span.start : block.body_span.end]))
    except LocatedError:
        return False
    # "\[ f(x) = x^2 - 2, \]" (the sentence's comma), and "f(x) = …, \qquad \nabla f(x) = …": each a definition
    items = tree.items if isinstance(tree, M.Tuple) and not isinstance(tree, M.Range) else (tree,)
    defined: set[str] = set()
    for item in items:
        if not (isinstance(item, M.Rel) and all(op == "=" for op, _ in item.rest)):
            return False
        found = function_definition(item)
        if isinstance(item.first, M.Sym):
            defined.add(item.first.name)
        elif found is not None:
            defined.add(found[0])
        elif not (
            isinstance(item.first, M.Grad)
            and isinstance(item.first.f, M.Apply)
            and isinstance(item.first.f.fn, M.Sym)
            and item.first.f.fn.name in defined
        ):
            return False  # \nabla f(x) = … of the f defined beside it: its gradient, named
    lead = text[_lead_in(text, block.span.start) : block.span.start]
    return not cues(" ".join(lead.split()))
