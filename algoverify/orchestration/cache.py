"""A note's results stored by content: a note unchanged since the last run is not run again.

In: a note's path and text, the options of the run, the files its result depended on, and its
findings, outcomes and blocks. Out: the same, read back, or nothing.

An entry is a JSON file — data, never code: nothing read from the cache is unpickled or
imported — in ``.algoverify_cache/`` at the project root, one per note and set of options (a
changed note overwrites its own entry: the folder does not grow with edits). It is replayed
only when everything it came from is as it was: the note's text and path, the options that
change results, algoverify's version and its own files, Python's and the libraries' versions,
the project configuration (the *key*); and each file the run read besides the note, hashed
again at each lookup — the note's module and the local modules it imported, the preambles
beside the note (their absence too), macro files (the *inputs*). An entry that does not read
back is a miss: the note runs again and the entry is rewritten. Writes go to a temporary file
renamed into place, so a reader never sees half an entry.
"""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path
from typing import Any, Iterable

from ..findings import RULES, Finding, Severity
from ..reading.cachedir import CACHE_DIR, environment, hash_text, prepare, write_atomically
from ..reading.config import project_root
from ..reading.files import read_regular, resolved
from ..source import Span

__all__ = [
    "CACHE_DIR",
    "NoteCache",
    "project_root",
    "environment",
    "digest",
    "encode_findings",
    "decode_findings",
    "encode_outcomes",
    "decode_outcomes",
    "encode_blocks",
    "decode_blocks",
    "encode_note",
    "decode_note",
    "read_regular",
    "Shown",
]

#: Bumped when an entry's layout changes: older entries are then misses.
FORMAT = 1
#: Inputs larger than this are not hashed (the entry then never matches): a module is kilobytes.
MAX_INPUT_BYTES = 64 << 20


def digest(path: Path, data: bytes | None = None) -> str | None:
    """The SHA-256 of a file's bytes (or of ``data``), ``None`` when it cannot be read (absence is an input too)."""
    import hashlib

    if data is None:
        data = read_regular(path, MAX_INPUT_BYTES)
    return hashlib.sha256(data).hexdigest() if data is not None else None


def _canonical(material: dict[str, Any]) -> str:
    return json.dumps(material, sort_keys=True, ensure_ascii=True, default=str)


class NoteCache:
    """The cache folder of one project."""

    def __init__(self, root: Path) -> None:
        self.folder = Path(root) / CACHE_DIR

    def _entry(self, slot: dict[str, Any]) -> Path:
        name = hash_text(_canonical(slot))
        return self.folder / "notes" / name[:2] / f"{name}.json"

    @staticmethod
    def _key(key: dict[str, Any]) -> str:
        return hash_text(_canonical(key) + environment())

    def lookup(self, slot: dict[str, Any], key: dict[str, Any]) -> dict[str, Any] | None:
        """The stored report for ``slot`` when its key and every input still match, else ``None``.

        ``slot`` names the entry (the note's path and the options); ``key`` is what must be
        unchanged besides the inputs (the note's text, the configuration).
        """
        try:
            entry = json.loads(read_regular(self._entry(slot), MAX_INPUT_BYTES) or b"")
        except (OSError, ValueError):  # absent, unreadable, not a regular file or corrupt: a miss
            return None
        if not isinstance(entry, dict) or entry.get("format") != FORMAT or entry.get("key") != self._key(key):
            return None
        inputs = entry.get("inputs")
        report = entry.get("report")
        if not isinstance(inputs, list) or not isinstance(report, dict):
            return None
        for item in inputs:
            if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)):
                return None
            if digest(Path(item[0])) != item[1]:
                return None
        return report

    def store(self, slot: dict[str, Any], key: dict[str, Any], inputs: Iterable[Path], report: dict[str, Any]) -> bool:
        """Write the entry for ``slot`` (atomically); False when the cache cannot be written (it is then off)."""
        entry = {
            "format": FORMAT,
            "key": self._key(key),
            "inputs": [[str(p), digest(p)] for p in dict.fromkeys(resolved(p) for p in inputs)],
            "report": report,
        }
        try:
            text = json.dumps(entry, ensure_ascii=False, allow_nan=False)
        except (TypeError, ValueError):  # a value the codec missed: not stored, never stored wrong
            return False
        target = self._entry(slot)
        try:
            prepare(self.folder)
            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(target, text)
        except OSError:
            return False
        return True


# --- the codec: findings, outcomes and blocks as JSON, and back ------------------------------------


class Shown:
    """A detail value that was not plain data (a NumPy array, a sympy expression): its printed forms.

    It prints as the original printed (``str`` and ``repr``), and ``tolist()`` gives what the
    JSON report made of it, so a replayed report reads as the first one did.
    """

    def __init__(self, text: str, representation: str, listed: Any = None, has_list: bool = False) -> None:
        self.text, self.representation, self._listed, self._has_list = text, representation, listed, has_list

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.representation

    def __format__(self, spec: str) -> str:
        if spec and isinstance(self._listed, (int, float)):
            return format(self._listed, spec)
        return format(self.text, spec)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Shown) and (self.text, self.representation) == (other.text, other.representation)

    def __hash__(self) -> int:
        return hash(self.text)

    def __getattr__(self, name: str) -> Any:
        if name == "tolist" and self.__dict__.get("_has_list"):
            return lambda: self._listed
        raise AttributeError(name)


def encode_value(value: Any) -> Any:
    """``value`` as JSON, tagged where JSON alone would lose its type (a tuple, a span, an array)."""
    kind = type(value)
    if value is None or kind in (str, bool, int):
        return value
    if kind is float:
        return value if math.isfinite(value) else {"$float": repr(value)}
    if kind is list:
        return [encode_value(v) for v in value]
    if kind is tuple:
        return {"$tuple": [encode_value(v) for v in value]}
    if kind is dict:
        if all(type(k) is str and not k.startswith("$") for k in value):
            return {k: encode_value(v) for k, v in value.items()}
        return {"$dict": [[encode_value(k), encode_value(v)] for k, v in value.items()]}
    if kind is Span:
        return {"$span": [value.start, value.end]}
    if isinstance(value, Path):
        return {"$path": str(value)}
    if isinstance(value, Shown):
        return _shown(value)
    out: dict[str, Any] = {"$shown": str(value), "repr": repr(value)}
    tolist = getattr(value, "tolist", None)
    if callable(tolist):
        try:
            out["list"] = encode_value(tolist())
        except Exception:  # noqa: BLE001 - printed forms are enough
            pass
    return out


def _shown(value: Shown) -> dict[str, Any]:
    out: dict[str, Any] = {"$shown": value.text, "repr": value.representation}
    if value.__dict__.get("_has_list"):
        out["list"] = encode_value(value.__dict__["_listed"])
    return out


def decode_value(data: Any) -> Any:
    """The inverse of :func:`encode_value` (non-plain values come back as :class:`Shown`)."""
    if isinstance(data, list):
        return [decode_value(v) for v in data]
    if not isinstance(data, dict):
        return data
    if "$float" in data:
        return float(data["$float"])
    if "$tuple" in data:
        return tuple(decode_value(v) for v in data["$tuple"])
    if "$dict" in data:
        return {decode_value(k): decode_value(v) for k, v in data["$dict"]}
    if "$span" in data:
        return Span(*data["$span"])
    if "$path" in data:
        return Path(data["$path"])
    if "$shown" in data:
        return Shown(str(data["$shown"]), str(data["repr"]), decode_value(data.get("list")), "list" in data)
    return {k: decode_value(v) for k, v in data.items()}


def _span(span: Span | None) -> list[int] | None:
    return [span.start, span.end] if span is not None else None


def _unspan(data: Any) -> Span | None:
    return Span(*data) if data is not None else None


def encode_findings(findings: Iterable[Finding]) -> list[dict[str, Any]]:
    """Findings as JSON objects."""
    return [
        {
            "code": f.code,
            "severity": f.severity.value,
            "message": f.message,
            "path": str(f.path) if f.path is not None else None,
            "span": _span(f.span),
            "details": encode_value(f.details),
        }
        for f in findings
    ]


def decode_findings(data: list[dict[str, Any]]) -> list[Finding]:
    """Findings read back; an unknown code or severity raises (the entry is then a miss)."""
    out = []
    for item in data:
        if item["code"] not in RULES:
            raise ValueError(f"unknown code {item['code']!r}")
        path = item["path"]
        details = decode_value(item["details"])
        if not isinstance(details, dict):
            raise ValueError("details must be a mapping")
        out.append(
            Finding(
                item["code"],
                Severity(item["severity"]),
                str(item["message"]),
                Path(path) if path is not None else None,
                _unspan(item["span"]),
                details,
            )
        )
    return out


def _fields(obj: Any, skip: tuple[str, ...] = ()) -> dict[str, Any]:
    """A dataclass's fields as JSON, those in ``skip`` and callables (a check's ``locate``) left out."""
    return {
        f.name: encode_value(getattr(obj, f.name))
        for f in dataclasses.fields(obj)
        if f.name not in skip and not callable(getattr(obj, f.name))
    }


def _unfields(cls: type, data: dict[str, Any]) -> dict[str, Any]:
    """The keyword arguments of ``cls`` read back from :func:`_fields` (a field it no longer has is an error)."""
    names = {f.name for f in dataclasses.fields(cls)}
    unknown = set(data) - names
    if unknown:
        raise ValueError(f"fields {sorted(unknown)} are not {cls.__name__}'s")
    return {k: decode_value(v) for k, v in data.items()}


def encode_outcomes(outcomes: Iterable[Any]) -> list[dict[str, Any]]:
    """Check outcomes (:class:`~algoverify.checking.outcome.Outcome`) as JSON objects, their check's spec with them."""
    return [
        {
            **_fields(o, skip=("check", "findings")),
            "check": None if o.check is None else _fields(o.check),
            "findings": encode_findings(o.findings),
        }
        for o in outcomes
    ]


def decode_outcomes(data: list[dict[str, Any]]) -> list[Any]:
    """Outcomes read back (a check's ``locate`` is not stored: it answers with the check's own span)."""
    from ..checking.outcome import VERDICTS, Outcome
    from ..checking.specification.spec import CheckSpec

    out = []
    for item in data:
        item = dict(item)
        check, findings = item.pop("check"), decode_findings(item.pop("findings"))
        fields = _unfields(Outcome, item)
        if fields.get("status") not in VERDICTS:
            raise ValueError(f"unknown verdict {fields.get('status')!r}")
        spec = CheckSpec(**_unfields(CheckSpec, check)) if check is not None else None
        out.append(Outcome(check=spec, findings=findings, **fields))  # type: ignore[arg-type]
    return out


def encode_note(note: Any) -> dict[str, Any]:
    """What reading a note made of it besides its text: front matter, spans, reading findings (no YAML on replay)."""
    return {
        "front_matter": encode_value(note.front_matter),
        "format": note.front_matter_format,
        "front_matter_span": _span(note.front_matter_span),
        "body_span": _span(note.body_span),
        "kind": note.kind,
        "findings": encode_findings(note.findings),
    }


def decode_note(path: Path, text: str, data: dict[str, Any]) -> Any:
    """The :class:`~algoverify.reading.notes.Note` of ``text`` as it was read, without reading YAML again.

    Front matter values that JSON does not hold (a date) come back as :class:`Shown`.
    """
    from ..reading.notes import Note
    from ..source import SourceFile

    front = decode_value(data["front_matter"])
    if not isinstance(front, dict) or data["kind"] not in ("markdown", "tex"):
        raise ValueError("not a note's header")
    body = _unspan(data["body_span"])
    if body is None or body.end != len(text):
        raise ValueError("the spans do not fit the text")
    return Note(
        path,
        SourceFile(path, text),
        front,
        data["format"],
        _unspan(data["front_matter_span"]),
        body,
        data["kind"],
        tuple(decode_findings(data["findings"])),
    )


def encode_blocks(blocks: Iterable[Any]) -> list[dict[str, Any]]:
    """The blocks of a note (:class:`~algoverify.reading.blocks.Block`, without their IR) as JSON objects."""
    return [
        {f.name: encode_value(getattr(b, f.name)) for f in dataclasses.fields(b)}  # spans tagged, the rest plain
        for b in blocks
    ]


def decode_blocks(data: list[dict[str, Any]]) -> list[Any]:
    """Blocks read back."""
    from ..reading.blocks import Block

    return [Block(**{k: decode_value(v) for k, v in item.items()}) for item in data]
