"""What a note's outcome depends on besides the note, and which outcomes a cache may replay.

A note's inputs are its module and the local modules that module imported, the preambles beside
it and the project's macro files; a change to any of them runs the note anew. Outcomes reached
because the clock or the machine ran out are never replayed. Also: which notes may name a module
(:data:`_MODULE_KEY`), and the project a module belongs to.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any, Callable, Iterable

from ..findings import InternalError, LocatedError, NoteWorkerStopped
from ..reading.config import ProjectConfig, find_config
from ..reading.files import read_regular, resolved
from ..reading.notes import Note, discover
from .analysis import PREAMBLE_FILES
from .reports import NoteReport


def _project_of(module: Path) -> Path:
    """Where the notes that may name ``module`` (resolved) are searched: see :func:`notes_using`."""
    root = find_config(module.parent).root
    if root is not None:
        return root.resolve()
    here = Path.cwd().resolve()
    return here if module.is_relative_to(here) else module.parent


#: ``module: x.py`` (YAML, quoted or not) or ``module = "x.py"`` (TOML), wherever it stands: which
#: notes may name a wanted module, before their front matter is read for certain
_MODULE_KEY = re.compile(rb"""module\s*[:=]\s*(?:"([^"\n]+)"|'([^'\n]+)'|([^"'\s,}\]]+))""")
#: Codes of findings whose cause was the clock or the machine, not the note: never replayed.
_UNSTABLE = {InternalError.code, NoteWorkerStopped.code}
#: Words of a verdict reached because time ran out (a busy machine may time out where an idle one does not).
_TIMED_OUT = ("time budget", "did not finish within", "deadline")


def _clock_dependent(report: NoteReport) -> bool:
    """Whether the report may differ on a second run of the same note: a time limit or the machine decided it."""
    messages = [f.message for f in report.findings if f.code not in _UNSTABLE]
    messages += [o.message for o in report.outcomes]
    return any(f.code in _UNSTABLE for f in report.findings) or any(w in m for m in messages for w in _TIMED_OUT)


def _note_inputs(report: NoteReport) -> list[Path]:
    """The files besides the note its checks read: its module, preambles, the project's macro files.

    The preambles beside the note count absent too: one created later changes the macros.
    """
    note = report.note
    assert note is not None
    folder = note.path.parent
    out = [folder / name for name in PREAMBLE_FILES]
    section = note.front_matter.get("algoverify") if isinstance(note.front_matter, dict) else None
    module = section.get("module") if isinstance(section, dict) else None
    if isinstance(module, str) and module.endswith(".py"):
        out.append(folder / module)
    out.extend(_macro_files(report.config))
    return out


def _shipped_files(path: Path) -> list[Path]:
    """What a note sent to another machine needs besides itself: the files :func:`_note_inputs` names, and more.

    Found without reading the note's YAML (a million notes are parcelled on one client): every
    ``module:`` its text may name, with the Python files beside that module (it may import them),
    the preambles beside the note, the project configuration and its macro files.
    """
    folder = path.parent
    config = find_config(folder)
    out = [folder / name for name in PREAMBLE_FILES]
    if config.path is not None:
        out += [config.path, *_macro_files(config)]
    text = read_regular(path) or b""
    for match in _MODULE_KEY.findall(text):
        module = folder / b"".join(match).decode(errors="replace")
        if module.suffix != ".py":
            continue
        out.append(module)
        try:
            out += sorted(p for p in module.parent.glob("*.py") if p != module)
        except OSError:
            pass
    return out


def _macro_files(config: ProjectConfig) -> list[Path]:
    if config.path is None or config.source is None:
        return []
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]
    try:
        data = tomllib.loads(config.source.text)
    except ValueError:
        return []
    table = data.get("tool", {}).get("algoverify", {}) if config.path.name == "pyproject.toml" else data
    files = next((table[k] for k in ("macro-files", "macro_files") if isinstance(table, dict) and k in table), [])
    return [config.path.parent / f for f in files if isinstance(f, str)] if isinstance(files, list) else []


def _local_files(modules: Iterable[str]) -> list[Path]:
    """The files of newly imported modules that belong to the project, not to Python, a library or algoverify."""
    import site

    here = Path(__file__).resolve().parent.parent  # the algoverify package (this module sits in algoverify/api/)
    installed = {Path(p).resolve() for p in (sys.prefix, sys.base_prefix, sys.exec_prefix, *site.getsitepackages())}
    out = []
    for name in sorted(modules):
        file = getattr(sys.modules.get(name), "__file__", None)
        if not file or not file.endswith(".py"):
            continue
        path = Path(file).resolve()
        if path.is_relative_to(here) or any(path.is_relative_to(p) for p in installed):
            continue
        out.append(path)
    return out


def _notes_naming(root: Path, wanted: set[Path], read_note: Callable[[Path], Note]) -> dict[Path, list[Path]]:
    """The notes below ``root`` whose spec names one of the ``wanted`` modules (resolved), by module.

    ``read_note`` is the API's, passed in so that a test that wraps the API's sees every read.
    """
    here = Path.cwd().resolve()
    files, _ = discover([root.relative_to(here) if root.is_relative_to(here) else root])
    found: dict[Path, list[Path]] = {}
    for path in files:
        try:
            text = read_regular(path) or b""
            named = {resolved(path.parent / b"".join(m).decode(errors="replace")) for m in _MODULE_KEY.findall(text)}
            if not named & wanted:  # the YAML is read (slow: pure Python) only where it may say so
                continue
            note = read_note(path)
        except (OSError, ValueError, LocatedError):
            continue  # checking it directly reports that; here it simply names no module
        section = note.front_matter.get("algoverify") if isinstance(note.front_matter, dict) else None
        module = section.get("module") if isinstance(section, dict) else None
        if isinstance(module, str) and resolved(path.parent / module) in wanted:
            found.setdefault(resolved(path.parent / module), []).append(path)
    return found


def _expand_modules(paths: Iterable[str | Path], read_note: Callable[[Path], Note]) -> list[str | Path]:
    """:func:`~algoverify.api.expand_modules`, reading notes with ``read_note``."""
    paths = list(paths)
    modules = {p: resolved(p) for p in paths if str(p).endswith(".py") and Path(p).is_file()}
    projects: dict[Path, set[Path]] = {}
    for target in modules.values():
        projects.setdefault(_project_of(target), set()).add(target)
    users: dict[Path, list[Path]] = {}
    for root, wanted in projects.items():
        users.update(_notes_naming(root, wanted, read_note))
    out: list[str | Path] = []
    seen: set[Path] = set()
    for path in paths:
        for item in users.get(modules[path], []) if path in modules else [path]:
            key = resolved(item)
            if key not in seen:
                seen.add(key)
                out.append(item)
    return out


def _scheduler(given: str | None, paths: list[Path]) -> str | None:
    """The scheduler a run uses: the one given (``"none"``: none), else the first project's ``scheduler`` setting."""
    if given is not None:
        return None if given == "none" else given
    for path in paths:
        config = find_config(path if path.is_dir() else path.parent)
        if config.scheduler is not None:
            return None if config.scheduler == "none" else config.scheduler
    return None


def _proof_cache(path: Path, config: ProjectConfig) -> Any:
    """The proof cache of the project a note belongs to."""
    from ..checking.evidence.proofcache import ProofCache
    from ..reading.config import project_root

    return ProofCache(project_root(path.parent, config.root))
