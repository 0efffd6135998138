r"""Project configuration: ``[tool.algoverify]`` in ``pyproject.toml``, or ``algoverify.toml``.

Found by walking up from a note's folder, as ruff and pytest find theirs: the nearest
``algoverify.toml``, or the nearest ``pyproject.toml`` that has a ``[tool.algoverify]`` table
(a ``pyproject.toml`` without one is passed over). Keys::

    [tool.algoverify]
    select = ["AV1", "AV2"]      # report only these codes (prefixes); default: all
    ignore = ["AV202"]           # never report these (prefixes)
    macros = { "\\R" = "\\mathbb{R}", "\\norm" = ["\\lVert #1 \\rVert", 1] }
    macro-files = ["preamble.tex", "config/_default/params.toml"]   # relative to this file
    index-base = 1               # listings count from 1 (0 for 0-based listings)
    trials = 20                  # default trials per check (default: 20 to 200, as time allows)
    rtol = 1e-6                  # default tolerances of every check that sets none
    atol = 1e-9                  #   (default: each kind's own)
    seed = 0                     # default seed of a run
    isolation = true             # check each note in a worker process of its own (POSIX)
    prove = true                 # try a sympy proof of each claim beside its trials (a check's prove: wins)
    note-timeout = 300           # seconds a note's checks may take together (a ceiling)
    note-memory-mb = 4096        # megabytes a note's worker may map beyond the run's (a ceiling)
    pytest-collect = false       # pytest collects the notes below as tests, without --algoverify
    scheduler = "local:4"        # check and lint on a Dask cluster: a scheduler's address, or local:N

``macro-files`` takes LaTeX files (their ``\newcommand`` & co.) and data files (TOML, YAML,
JSON: every ``macros`` table in them, as Hugo sites set KaTeX/MathJax macros in their config).
A mistake in the configuration is a finding at the key, never a traceback.
"""

from __future__ import annotations

import difflib
import functools
import json
import re
from dataclasses import field
from pathlib import Path
from typing import Any

from ..findings import BadConfig, Finding
from ..records import frozen
from ..source import SourceFile, Span
from .files import read_text
from .macros import MacroTable, from_mapping, scan

__all__ = ["ProjectConfig", "find_config", "load_config", "scheduler_spec", "CONFIG_KEYS"]

#: Every key the table may hold (underscores are accepted for dashes).
CONFIG_KEYS = (
    "select",
    "ignore",
    "macros",
    "macro-files",
    "index-base",
    "trials",
    "rtol",
    "atol",
    "seed",
    "isolation",
    "prove",
    "note-timeout",
    "note-memory-mb",
    "pytest-collect",
    "scheduler",
)


@frozen
class ProjectConfig:
    """The settings in force for the notes below a config file (the defaults when there is none)."""

    path: Path | None = None
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    macros: MacroTable = field(default_factory=MacroTable, compare=False)
    index_base: int = 1
    trials: int | None = None
    #: tolerances of the checks that set none (``None``: each kind's default)
    rtol: float | None = None
    atol: float | None = None
    #: ``--trials N``: every check runs exactly N trials, whatever its spec says
    forced_trials: int | None = None
    seed: int | None = None
    #: whether ``check`` runs each note in a worker process (``None``: the run decides)
    isolation: bool | None = None
    #: whether checks try a sympy proof when their own ``prove:`` says nothing
    prove: bool = True
    #: ceilings of one note's worker: seconds, megabytes (``None``: the run's defaults)
    note_timeout: float | None = None
    note_memory_mb: int | None = None
    #: whether the pytest plugin collects the notes below without ``--algoverify``
    pytest_collect: bool = False
    #: the Dask scheduler that ``check`` and ``lint`` run the notes on (``None``: lanes here)
    scheduler: str | None = None
    findings: tuple[Finding, ...] = ()
    source: SourceFile | None = field(default=None, compare=False)

    @property
    def root(self) -> Path | None:
        """The project root: the folder of the config file."""
        return self.path.parent if self.path is not None else None

    def reports(self, code: str) -> bool:
        """True when findings of ``code`` are reported under ``select``/``ignore``."""
        if self.select and not any(code.startswith(p) for p in self.select):
            return False
        return not any(code.startswith(p) for p in self.ignore)


def find_config(folder: Path) -> ProjectConfig:
    """The configuration for notes in ``folder``: the nearest config file above it, or defaults."""
    return _find(folder.resolve())


@functools.lru_cache(maxsize=256)
def _find(folder: Path) -> ProjectConfig:
    for candidate in (folder, *folder.parents):
        own = candidate / "algoverify.toml"
        if own.is_file():
            return load_config(own)
        pyproject = candidate / "pyproject.toml"
        if pyproject.is_file() and re.search(r"^\s*\[tool\.algoverify\]", _read(pyproject) or "", re.M):
            return load_config(pyproject)
    return ProjectConfig()


def _read(path: Path) -> str | None:
    return read_text(path)  # a FIFO, a device or a file past the limit is unreadable, never waited on


def _toml(text: str) -> dict[str, Any]:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]
    return tomllib.loads(text)


def load_config(path: Path) -> ProjectConfig:
    """Read one config file (``algoverify.toml``, or the ``[tool.algoverify]`` table of a ``pyproject.toml``)."""
    text = _read(path)
    source = SourceFile(path, text or "")
    if text is None:
        return ProjectConfig(path, findings=(BadConfig.finding(None, path, message="cannot be read as UTF-8 text"),))
    try:
        data = _toml(text)
    except ValueError as exc:
        return ProjectConfig(path, findings=(BadConfig.finding(Span(0, 0), path, message=f"not TOML: {exc}"),))
    table = data.get("tool", {}).get("algoverify", {}) if path.name == "pyproject.toml" else data
    return _Reader(path, text, source).read(table if isinstance(table, dict) else {})


class _Reader:
    def __init__(self, path: Path, text: str, source: SourceFile) -> None:
        self.path, self.text, self.source = path, text, source
        self.findings: list[Finding] = []

    def _at(self, key: str) -> Span:
        """The span of ``key =`` in the file (TOML parsers keep no positions)."""
        for spelling in (key, key.replace("-", "_")):
            m = re.search(rf"^\s*{re.escape(spelling)}\s*=", self.text, re.M)
            if m is not None:
                start = m.start() + len(m.group()) - len(m.group().lstrip())
                return Span(start, start + len(spelling))
        return Span(0, 0)

    def _bad(self, key: str, message: str) -> None:
        self.findings.append(BadConfig.finding(self._at(key), self.path, message=f"`{key}` {message}"))

    def _codes(self, raw: dict[str, Any], key: str) -> tuple[str, ...]:
        from ..findings import RULES

        value = raw.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) and re.fullmatch(r"AV\d{0,3}", v) for v in value):
            self._bad(key, 'must be a list of finding codes or prefixes, like ["AV2", "AV601"]')
            return ()
        unknown = [v for v in value if not any(code.startswith(v) for code in RULES)]
        if unknown:
            self._bad(key, f"names no finding code: {', '.join(unknown)} (algoverify explain lists them)")
        return tuple(v for v in value if v not in unknown)

    def _int(self, raw: dict[str, Any], key: str, allowed: range) -> int | None:
        value = raw.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
            self._bad(key, f"must be an integer from {allowed.start} to {allowed.stop - 1}")
            return None
        return value

    def _bool(self, raw: dict[str, Any], key: str) -> bool | None:
        value = raw.get(key)
        if value is not None and not isinstance(value, bool):
            self._bad(key, "must be true or false")
            return None
        return value

    def _seconds(self, raw: dict[str, Any], key: str) -> float | None:
        value = raw.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < float("inf"):
            self._bad(key, "must be a positive number of seconds")
            return None
        return float(value)

    def _tolerance(self, raw: dict[str, Any], key: str) -> float | None:
        value = raw.get(key)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < float("inf"):
            self._bad(key, "must be a non-negative number")
            return None
        return float(value)

    def read(self, table: dict[str, Any]) -> ProjectConfig:
        raw = {str(k).replace("_", "-"): v for k, v in table.items()}
        for key in sorted(set(raw) - set(CONFIG_KEYS)):
            close = difflib.get_close_matches(key, CONFIG_KEYS, n=1, cutoff=0.6)
            if close:  # a misspelling: the one setting it is near, not the whole list
                self._bad(key, f"is not a setting (did you mean {close[0]}?)")
            else:
                self._bad(key, f"is not a setting; the settings are {', '.join(CONFIG_KEYS)}")
        index_base = self._int(raw, "index-base", range(0, 2))
        macros = self._macros(raw)
        return ProjectConfig(
            path=self.path,
            select=self._codes(raw, "select"),
            ignore=self._codes(raw, "ignore"),
            macros=macros,
            index_base=1 if index_base is None else index_base,
            trials=self._int(raw, "trials", range(1, 100_001)),
            rtol=self._tolerance(raw, "rtol"),
            atol=self._tolerance(raw, "atol"),
            seed=self._int(raw, "seed", range(0, 2**32)),
            isolation=self._bool(raw, "isolation"),
            prove=self._bool(raw, "prove") is not False,
            note_timeout=self._seconds(raw, "note-timeout"),
            note_memory_mb=self._int(raw, "note-memory-mb", range(1, 2**31)),
            pytest_collect=self._bool(raw, "pytest-collect") or False,
            scheduler=self._scheduler(raw),
            findings=tuple(self.findings),
            source=self.source,
        )

    def _scheduler(self, raw: dict[str, Any]) -> str | None:
        value = raw.get("scheduler")
        if value is None:
            return None
        try:
            scheduler_spec(value)
        except ValueError as exc:
            self._bad("scheduler", str(exc))
            return None
        return value

    def _macros(self, raw: dict[str, Any]) -> MacroTable:
        table = MacroTable()
        files = raw.get("macro-files", [])
        if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
            self._bad("macro-files", "must be a list of paths")
            files = []
        for name in files:
            file = self.path.parent / name
            text = _read(file)
            if text is None:
                self._bad("macro-files", f"names {name}, which cannot be read")
                continue
            if file.suffix in (".tex", ".sty", ".cls"):
                scan(text, origin=str(file), into=table)
                continue
            found = _macro_tables(_data(file.suffix, text))
            if found is None:
                self._bad(
                    "macro-files",
                    f"names {name}, which does not read as LaTeX, TOML, YAML or JSON (or expands past the limit)",
                )
                continue
            for mapping in found:
                table = table.merged(from_mapping(mapping, origin=str(file)))
        inline = raw.get("macros", {})
        if not isinstance(inline, dict):
            self._bad("macros", 'must be a table of names to bodies, like { "\\\\R" = "\\\\mathbb{R}" }')
            return table
        for name, value in inline.items():
            ok_name = isinstance(name, str) and re.fullmatch(r"\\?[A-Za-z@]+", name) is not None
            ok_body = isinstance(value, str) or (
                isinstance(value, list)
                and len(value) == 2
                and isinstance(value[0], str)
                and isinstance(value[1], int)
                and not isinstance(value[1], bool)
                and 0 <= value[1] <= 9
            )
            if not (ok_name and ok_body):
                self._bad("macros", f"entry {name!r} must be a body, or [body, number of arguments from 0 to 9]")
        return table.merged(from_mapping(inline, origin=str(self.path)))


def _data(suffix: str, text: str) -> Any:
    try:
        if suffix == ".toml":
            return _toml(text)
        if suffix in (".yaml", ".yml"):
            from .notes import _load_yaml  # aliases that would expand past the cap are refused, not followed

            return _load_yaml(text)
        if suffix == ".json":
            return json.loads(text)
    except Exception:  # noqa: BLE001 - an unreadable data file is reported by the caller
        return None
    return None


def _macro_tables(data: Any, depth: int = 0) -> list[dict[str, Any]] | None:
    """Every mapping stored under a ``macros`` key, at any depth (Hugo: ``params.math.macros``)."""
    if data is None:
        return None
    found: list[dict[str, Any]] = []
    if depth > 20:
        return found
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "macros" and isinstance(value, dict):
                found.append(value)
            else:
                found.extend(_macro_tables(value, depth + 1) or [])
    elif isinstance(data, list):
        for value in data:
            found.extend(_macro_tables(value, depth + 1) or [])
    return found


#: The cache folder's name, at the project root.
CACHE_DIR = ".algoverify_cache"
#: Marks of a project root when no configuration file names one.
_ROOT_MARKERS = (".git", ".hg", "pyproject.toml")


#: what a scheduler's address looks like: ``[protocol://]host[:port]`` (dask's own forms)
_ADDRESS = re.compile(r"(?:[a-z][a-z0-9+.-]*://)?[^\s/:]+(?::\d+)?|[a-z]+://[^\s]+")


def scheduler_spec(text: object) -> int | str:
    """Where ``--scheduler`` (or ``scheduler =``) says notes run: N worker processes here (``local:N``), or an address.

    :raises ValueError: with the reason, for text that is neither.
    """
    if not isinstance(text, str):
        raise ValueError("must be a Dask scheduler's address or local:N, as a string")
    if text.startswith("local:"):
        count = text[len("local:") :]
        if not count.isdigit() or int(count) < 1:
            raise ValueError(f"must be local:N with N worker processes, at least 1: {text!r}")
        return int(count)
    if not _ADDRESS.fullmatch(text):
        raise ValueError(f"must be a Dask scheduler's address (tcp://HOST:PORT) or local:N: {text!r}")
    return text


def project_root(folder: Path, config_root: Path | None) -> Path:
    """Where a note's cache lives: its project configuration's folder, else the nearest folder above it.

    The nearest above it with a repository or a ``pyproject.toml``, else the current folder (as
    ruff places ``.ruff_cache``).
    """
    if config_root is not None:
        return config_root
    here = folder.resolve()
    for candidate in (here, *here.parents):
        if any((candidate / marker).exists() for marker in _ROOT_MARKERS):
            return candidate
    return Path.cwd()
