"""A note's check spec: the ``algoverify:`` section of its front matter → :class:`CheckSpec` objects.

Consumes a :class:`~algoverify.reading.notes.Note`; produces the checks it declares, each with the span
of its entry in the front matter (YAML node marks mapped to note offsets), and findings for
every malformed entry — a bad spec never raises. The format is documented in the README
("The check spec").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..findings import LocatedError, MalformedSpec
from ..reading.notes import Note
from ..source import Span

__all__ = ["CheckSpec", "NoteSpec", "read_spec", "KINDS"]

KINDS = ("reference", "property", "contract", "snippet", "structure")

#: Keys each kind requires (beyond ``kind``) and the keys it may have.
_REQUIRED = {
    "reference": ("listing", "reference"),
    "property": ("holds",),
    "contract": ("listing", "expect"),
    "snippet": ("block", "quotes"),
    "structure": ("block",),
}
_COMMON = {"id", "kind", "claim", "known", "trials", "seed", "inputs", "timeout", "max_steps"}
_ALLOWED = {
    "reference": {"listing", "reference", "compare", "rtol", "atol"},
    "property": {"listing", "holds", "draw", "let", "equation", "rtol", "atol", "given"},
    "contract": {"listing", "expect"},
    "snippet": {"block", "quotes", "memory_mb"},
    "structure": {"block"},
}


@dataclass(frozen=True)
class CheckSpec:
    """One declared check: its kind, the claim it backs, and its parameters."""

    id: str
    kind: str
    span: Span
    params: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    claim: str | None = None
    known: str | None = None
    trials: int = 20

    def get(self, key: str, default: Any = None) -> Any:
        """A parameter of the check."""
        return self.params.get(key, default)


@dataclass
class NoteSpec:
    """All checks of a note, the helper module it names, and the problems found reading them."""

    checks: list[CheckSpec] = field(default_factory=list)
    module: str | None = None
    seed: int | None = None
    span: Span | None = None
    findings: list = field(default_factory=list)


def read_spec(note: Note, *, default_trials: int | None = None) -> NoteSpec:
    """Read the ``algoverify:`` section of ``note``; malformed entries become AV501 findings.

    :param default_trials: trials per check when neither the check nor the section says (the
        project config's ``trials``); 20 when ``None``.
    """
    section = note.front_matter.get("algoverify") if isinstance(note.front_matter, dict) else None
    out = NoteSpec()
    if section is None:
        return out
    marks = _Marks(note)
    out.span = marks.span(("algoverify",))
    if not isinstance(section, dict):
        out.findings.append(MalformedSpec.finding(out.span, note.path, message="`algoverify:` must be a mapping"))
        return out
    out.module = section.get("module")
    seed = section.get("seed")
    out.seed = seed if isinstance(seed, int) else None
    # `ignore:` is read with the note's other suppressions (reading.suppressions)
    unknown = set(section) - {"module", "seed", "checks", "trials", "ignore", "index_base"}
    if unknown:
        out.findings.append(
            MalformedSpec.finding(out.span, note.path, message=f"unknown key(s) {', '.join(sorted(unknown))}")
        )
    checks = section.get("checks", [])
    if not isinstance(checks, list):
        where = marks.span(("algoverify", "checks"), key=True) or out.span
        out.findings.append(MalformedSpec.finding(where, note.path, message="`checks:` must be a list"))
        return out
    default_trials = section.get("trials", default_trials if default_trials is not None else 20)
    seen: set[str] = set()
    for i, entry in enumerate(checks):
        span = marks.span(("algoverify", "checks", i)) or out.span
        try:
            check = _check(entry, i, span, default_trials)
        except LocatedError as exc:
            out.findings.append(exc.to_finding(note.path))
            continue
        if check.id in seen:
            out.findings.append(MalformedSpec.finding(span, note.path, message=f"check id {check.id!r} is used twice"))
            continue
        seen.add(check.id)
        out.checks.append(check)
    return out


def _check(entry: Any, index: int, span: Span, default_trials: Any) -> CheckSpec:
    def bad(message: str) -> LocatedError:
        return LocatedError(MalformedSpec, span, message=f"check {index + 1}: {message}")

    if not isinstance(entry, dict):
        raise bad("each check is a mapping with a `kind:`")
    kind = entry.get("kind")
    if kind not in KINDS:
        raise bad(f"unknown kind {kind!r}; kinds are {', '.join(KINDS)}")
    missing = [k for k in _REQUIRED[kind] if k not in entry]
    if missing:
        raise bad(f"a {kind} check needs {', '.join(missing)}")
    extra = set(entry) - _COMMON - _ALLOWED[kind]
    if extra:
        raise bad(f"unknown key(s) for a {kind} check: {', '.join(sorted(extra))}")
    trials = entry.get("trials", default_trials)
    if not isinstance(trials, int) or isinstance(trials, bool) or trials < 1:
        raise bad(f"trials must be a positive integer, got {trials!r}")
    for key in ("claim", "known"):
        if key in entry and not isinstance(entry[key], str):
            raise bad(f"`{key}:` must be text")
    for key in ("inputs", "draw", "let", "compare", "expect"):
        if key in entry and not isinstance(entry[key], dict):
            raise bad(f"`{key}:` must be a mapping")
    if kind == "snippet" and not (
        isinstance(entry["quotes"], list) and all(isinstance(q, str) for q in entry["quotes"])
    ):
        raise bad("`quotes:` must be a list of the texts the prose quotes")
    check_id = str(entry.get("id") or f"{kind}-{index + 1}")
    params = {k: v for k, v in entry.items() if k not in ("id", "kind", "claim", "known", "trials")}
    return CheckSpec(check_id, kind, span, params, entry.get("claim"), entry.get("known"), trials)


class _Marks:
    """Positions of YAML nodes in the note (TOML front matter has none: its spans are the fence's)."""

    def __init__(self, note: Note):
        self.note = note
        self.root = None
        if note.front_matter_format == "yaml" and note.front_matter_span is not None:
            import yaml

            try:
                self.root = yaml.compose(note.source.segment(note.front_matter_span), Loader=yaml.SafeLoader)
            except (yaml.YAMLError, RecursionError):
                self.root = None

    def span(self, path: tuple[Any, ...], *, key: bool = False) -> Span | None:
        """The span of the YAML value at ``path`` (of its key, with ``key=True``)."""
        base = self.note.front_matter_span
        if base is None:
            return None
        node = self.root
        for i, step in enumerate(path):
            parent = node
            node = _child(node, step)
            if node is None:
                return Span(base.start, base.start)
            if key and i == len(path) - 1:
                node = _key_node(parent, step) or node
        # marks' indexes count code points as the note does; their lines would not (YAML breaks
        # lines at U+2028, U+2029 and U+0085 too)
        start, end = node.start_mark.index, node.end_mark.index
        return Span(base.start + start, base.start + max(start, end))


def _key_node(node: Any, key: Any) -> Any:
    import yaml

    if isinstance(node, yaml.MappingNode):
        for k, _ in node.value:
            if getattr(k, "value", None) == key:
                return k
    return None


def _child(node: Any, key: Any) -> Any:
    import yaml

    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if getattr(k, "value", None) == key:
                return v if not isinstance(v, yaml.MappingNode) or key != "algoverify" else v
        return None
    if isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
        return node.value[key]
    return None
