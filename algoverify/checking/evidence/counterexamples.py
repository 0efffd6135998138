"""What a refutation carries: its counterexample as text and as data, and the command that reproduces it.

A value is printed with all its digits (Python's ``repr``), so that ``algoverify run … --set`` runs
on exactly the failing input; one too large for a command line goes to a file the command reads.
A value that is not data (a function a note's generator returned) is carried as its description.
"""

from __future__ import annotations

import json
import os
import re
import shlex
from pathlib import Path
from typing import Any

import numpy as np

from ...math.names import variant
from ...source import number_text

__all__ = [
    "as_data",
    "counterexample_details",
    "describe",
    "format_inputs",
    "reproduce_command",
    "write_counterexample",
]


def _literal(value: Any) -> str:
    # repr digits: a counterexample printed to 12 places once did not reproduce its failure
    if isinstance(value, np.ndarray) and value.dtype.kind in "biuf":
        return repr(value.tolist()).replace(" ", "")
    if isinstance(value, (list, tuple)) and not isinstance(value, str):
        inner = ",".join(_literal(v) for v in value)
        return f"[{inner}]" if isinstance(value, list) else f"({inner}{',' if len(value) == 1 else ''})"
    if isinstance(value, (float, np.floating)):
        return repr(float(value))
    if isinstance(value, (bool, np.bool_)):
        return repr(bool(value))
    if isinstance(value, (int, np.integer)):
        if type(value) is int and value.bit_length() > 13_000:  # past str()'s 4,300 digits: shown, not a literal
            return number_text(value)
        return repr(int(value))
    if isinstance(value, str) or value is None:
        return repr(value)
    return describe(value)


#: The longest description of a value that is not data (a function, an object): a report carries
#: the text, never the object, so it crosses processes as data and stays readable.
DESCRIPTION_CHARS = 200


def describe(value: Any) -> str:
    """A bounded, stable text for a value that is not data: its ``repr`` without memory addresses."""
    try:
        text = repr(value)
    except Exception as exc:  # noqa: BLE001 - the author's __repr__: say that it failed, not why it matters
        text = f"<{type(value).__name__} object (repr raised {type(exc).__name__})>"
    text = re.sub(r" at 0x[0-9a-fA-F]+", "", text)  # differs run to run: a report must not
    return text if len(text) <= DESCRIPTION_CHARS else text[: DESCRIPTION_CHARS - 1] + "…"


def _literal_value(value: Any) -> bool:
    """Whether ``value`` is data a ``--set`` can give back: numbers, strings, arrays and lists of them."""
    if value is None or isinstance(value, (str, bool, int, float, np.bool_, np.integer, np.floating)):
        return True
    if isinstance(value, np.ndarray):
        return value.dtype.kind in "biuf"
    if isinstance(value, (list, tuple)):
        return all(_literal_value(v) for v in value)
    return False


def as_data(value: Any) -> Any:
    """``value`` as data: numbers, strings, arrays and lists of them as they are; anything else as :func:`describe`."""
    if isinstance(value, (list, tuple)) and not _literal_value(value):
        return [as_data(v) for v in value]
    return value if _literal_value(value) else describe(value)


#: Entries of an array a report prints whole (a 20×20 matrix); a larger one is summarised: a
#: counterexample is never made smaller than its class to fit a report.
SHOWN_ENTRIES = 400


def _too_large(value: Any) -> bool:
    return isinstance(value, np.ndarray) and value.size > SHOWN_ENTRIES


def _summary(value: np.ndarray, where: str | None = None) -> str:
    """A large array in a line: its shape, the range of its entries and the first few."""
    shape = "×".join(map(str, value.shape))
    flat = value.ravel()
    head = ",".join(_literal(v) for v in flat[:4].tolist())
    whole = f"written whole to {where}" if where else "too large to print"
    text = f"a {shape} array ({whole})"
    if value.dtype.kind in "biuf":
        with np.errstate(all="ignore"):
            finite = flat[np.isfinite(flat)] if value.dtype.kind == "f" else flat
        if finite.size:
            text += f", entries from {_literal(finite.min().item())} to {_literal(finite.max().item())}"
    return text + f", first entries {head},…"


def format_inputs(values: dict[str, Any], where: str | None = None) -> str:
    """Inputs as ``name = value`` lines for a report (an array too large to print, summarised)."""
    return "\n".join(f"{k} = {_summary(v, where) if _too_large(v) else _literal(v)}" for k, v in values.items())


#: The longest value a reproduce command line writes after ``--set``; the values of a longer one
#: go to a file the command reads (``--set-file``): a shell refuses arguments past a few hundred KB.
COMMAND_VALUE_CHARS = 4_000
#: Where, under the project's cache folder, a counterexample too large for a command line is written.
COUNTEREXAMPLES = "counterexamples"


def counterexample_details(path: Any, check: Any, values: dict[str, Any]) -> dict[str, Any]:
    """A refutation's details: the counterexample as text for people and as data (name → value) for the machine formats.

    A value that is not data (a function a generator of the note's own returned) is carried as its
    description, never as the object: the report crosses processes and is cached as data. The
    ``reproduce`` command is given when every value can be written back: on its command line with
    ``--set``, or, for values too large for one (a 1000×1000 matrix), from a file the check writes
    under the project's cache folder, which the command reads with ``--set-file``.
    """
    shown = _as_drawn(check, values)
    details: dict[str, Any] = {"counterexample": "", "_counterexample": {k: as_data(v) for k, v in shown.items()}}
    where = None
    if all(_literal_value(v) for v in values.values()):
        short = all(not _too_large(v) and len(_literal(v)) <= COMMAND_VALUE_CHARS for v in values.values())
        if short:
            details["reproduce"] = reproduce_command(path, check, values)
        else:
            written = write_counterexample(path, check, values)
            if written is not None:
                where = _shown_path(written)
                details["reproduce"] = reproduce_command(path, check, {}, set_file=where)
                details["_counterexample_file"] = where
    details["counterexample"] = format_inputs(shown, where)
    return details


def _as_drawn(check: Any, values: dict[str, Any]) -> dict[str, Any]:
    """``values`` under the names the check draws them by: ``epsilon`` where its listing spells ``\\varepsilon``."""
    drawn = {str(k) for section in ("inputs", "draw") for k in (check.get(section) or {})}
    spelled = {k: other for k in values if k not in drawn and (other := variant(k)) in drawn and other not in values}
    return {spelled.get(k, k): v for k, v in values.items()} if spelled else values


def write_counterexample(path: Any, check: Any, values: dict[str, Any]) -> Path | None:
    """Write ``values`` as a JSON object (name → number, list or nested lists) for ``--set-file``; ``None``: cannot.

    Floats are written with ``repr``'s digits, integers whole: reading the file back gives the
    same values, bit for bit.
    """
    import hashlib

    from ...reading.config import CACHE_DIR, find_config, project_root

    note = Path(str(path))
    try:
        root = project_root(note.parent, find_config(note.parent).root)
        data = {k: v.tolist() if isinstance(v, np.ndarray) else v for k, v in values.items()}
        text = json.dumps(data, default=_plain)
        digest = hashlib.sha256(f"{note.resolve()}\0{check.id}".encode("utf-8", "surrogatepass")).hexdigest()[:12]
        stem = re.sub(r"[^\w.-]", "_", f"{note.stem}.{check.id}")[:80]
        folder = root / CACHE_DIR / COUNTEREXAMPLES
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"{stem}.{digest}.json"
        partial = target.with_suffix(f".{os.getpid()}.part")
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, target)  # a reader never sees half a file
    except (OSError, ValueError, TypeError):
        return None
    return target


def _plain(value: Any) -> Any:
    if isinstance(value, (np.integer, np.floating, np.bool_)):
        return value.item()
    raise TypeError(type(value).__name__)


def _shown_path(path: Path) -> str:
    """``path`` relative to the current folder when it is under it (as the note's path is shown)."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def reproduce_command(path: Any, check: Any, values: dict[str, Any], *, set_file: str | None = None) -> str:
    """An ``algoverify run --check`` command line that runs the check on exactly these values.

    It shows the listing's value beside the expected one and exits 1 when they disagree.
    """
    parts = ["algoverify", "run", str(path), "--check", str(check.id)]
    if set_file is not None:
        parts += ["--set-file", set_file]
    for k, v in values.items():
        parts += ["--set", f"{k}={_literal(v)}"]
    return shlex.join(parts)
