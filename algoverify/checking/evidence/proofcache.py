"""Proofs kept by content: a claim proved once is not proved again, in this note or another, until algoverify changes.

A proof is a fact about a relation over the classes its draws come from, not about the note
that states it. Its entry is named by a digest of what the attempt reads — the check's own keys
(``holds:``, ``let:``, ``given:``, the draws and their sizes) without its id and prose, the
names the note's module or snippets define, the listing's IR without its positions, the
snippet's and the module's source — and of :func:`~algoverify.reading.cachedir.environment`
(algoverify's files, sympy's version). Moving a check, renaming it, or copying it into another
note keeps its entry; changing anything the proof reads names another one.

Entries are JSON in ``.algoverify_cache/proofs/``; one that does not read back is a miss. What
an attempt says about the run rather than the claim (no timer in this thread) is never kept.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import numpy as np

from ...reading.cachedir import CACHE_DIR, environment, hash_text, prepare, write_atomically
from ...reading.files import read_regular
from ...source import Span

__all__ = ["ProofCache", "check_material", "content", "listing_material"]

#: Bumped when an entry's layout changes: older entries are then misses.
FORMAT = 1
#: Check keys that name or describe a check, and the trials' own budgets: no proof reads them.
_NOT_READ = frozenset({"id", "claim", "trials", "seed", "budget", "timeout", "max_steps", "kind", "prove"})
#: Reasons about the run, not the claim: an attempt that ends with one is tried again next time.
SITUATIONAL = frozenset({"no timer can cut a proof off here", "the timer is in use"})


class ProofCache:
    """The proofs kept in one project's cache folder."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root) / CACHE_DIR
        self.folder = self.root / "proofs"

    def _entry(self, material: Any) -> Path:
        name = hash_text(json.dumps(material, sort_keys=True, ensure_ascii=True) + environment())
        return self.folder / name[:2] / f"{name}.json"

    def recall(self, material: Any, proof_type: type) -> Any | None:
        """The stored proof named by ``material``, marked ``cached``, else ``None``."""
        try:
            data = json.loads(read_regular(self._entry(material)) or b"")
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                return None
            return proof_type(
                str(data["status"]),
                str(data["scope"]),
                float(data["seconds"]),
                str(data["why"]),
                str(data["difference"]),
                tuple((str(name), _decoded(value)) for name, value in data["counterexample"]),
                cached=True,
            )
        except (OSError, ValueError, KeyError, TypeError):  # absent, unreadable or corrupt: a miss
            return None

    def keep(self, material: Any, proof: Any) -> bool:
        """Store ``proof`` under ``material`` (atomically); False when it cannot be (the run goes on)."""
        if proof.why in SITUATIONAL:
            return False
        entry = {
            "format": FORMAT,
            "status": proof.status,
            "scope": proof.scope,
            "seconds": proof.seconds,
            "why": proof.why,
            "difference": proof.difference,
            "counterexample": [[name, _encoded(value)] for name, value in proof.counterexample],
        }
        target = self._entry(material)
        try:
            text = json.dumps(entry, ensure_ascii=False, allow_nan=False)
            prepare(self.root)
            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(target, text)
        except (OSError, TypeError, ValueError):
            return False
        return True


def check_material(check: Any) -> dict[str, Any]:
    """What a proof reads of its check: every key but those that name, describe or budget it."""
    return {str(k): content(v) for k, v in check.params.items() if str(k) not in _NOT_READ}


def listing_material(listing: Any) -> Any:
    """What symbolic execution reads of a listing, without positions (``None`` for no listing)."""
    if listing is None:
        return None
    program = listing.program
    return {
        "algorithm": content(listing.algorithm),
        "name": listing.name,
        "index_base": listing.index_base,
        "inputs": list(listing.inputs),
        "outputs": list(listing.outputs or ()),
        "sizes": content(program.declarations.sizes),
        "dims": content(program.ctx.dims),
    }


def content(value: Any) -> Any:
    """``value`` as plain JSON data without positions: what it means, wherever the note writes it.

    Dataclasses (the IR, the math AST) become their type and fields, spans dropped; sets are
    sorted. Anything else is its ``repr``: a value whose ``repr`` differs from run to run (an
    object's address) makes an entry no run finds again, never one found wrongly.
    """
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return repr(value)  # inf and nan too, which JSON does not hold
    if isinstance(value, Span):
        return None
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = [f.name for f in dataclasses.fields(value)]
        return [type(value).__name__, {n: content(getattr(value, n)) for n in fields if n != "span"}]
    if isinstance(value, (list, tuple)):
        return [content(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((content(v) for v in value), key=repr)
    if isinstance(value, dict):
        return sorted(([content(k), content(v)] for k, v in value.items()), key=repr)
    if isinstance(value, np.ndarray):
        return ["array", str(value.dtype), list(value.shape), content(value.tolist())]
    return ["repr", type(value).__name__, repr(value)]


def _encoded(value: Any) -> Any:
    if isinstance(value, np.ndarray):
        return {"array": value.tolist(), "dtype": str(value.dtype)}
    if isinstance(value, np.generic):
        return value.item()
    return value


def _decoded(value: Any) -> Any:
    if isinstance(value, dict):
        return np.array(value["array"], dtype=str(value["dtype"]))
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    raise TypeError("not a stored value")
