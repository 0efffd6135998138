"""Note files → :class:`Note`: the decoded text, its front matter (YAML or TOML) and its body.

Reading never writes: the file is opened read-only and decoded as strict UTF-8. A
byte-order mark is stripped *before* the :class:`~algoverify.source.SourceFile` is
built, so every offset counts code points of the BOM-less text (which is also what
editors show as column 1). Problems with the front matter are findings, not
exceptions: the note still loads with ``front_matter={}``.
"""

from __future__ import annotations

import errno
import functools
import os
import re
import stat
from collections.abc import Iterable
from dataclasses import field
from pathlib import Path
from typing import Any, Literal

from ..findings import BadFrontMatter, Finding, LocatedError, PathNotFound, UnreadableFile
from ..records import frozen
from ..source import LineIndex, SourceFile, Span

__all__ = ["Note", "read_note", "note_from_text", "parse_note", "discover", "NOTE_SUFFIXES"]

#: File suffixes :func:`discover` collects from folders.
NOTE_SUFFIXES = (".md", ".markdown", ".tex")
#: Notes larger than this are reported without being read (a note is a few kilobytes; a
#: runaway file must not be read whole). ``ALGOVERIFY_MAX_NOTE_MB`` changes it.
MAX_NOTE_BYTES = 10 * 1024 * 1024


def max_note_bytes() -> int:
    """The size limit in force (``ALGOVERIFY_MAX_NOTE_MB``, else 10 MB)."""
    raw = os.environ.get("ALGOVERIFY_MAX_NOTE_MB")
    try:
        return int(float(raw) * 1024 * 1024) if raw else MAX_NOTE_BYTES
    except ValueError:
        return MAX_NOTE_BYTES


_BOM = "\ufeff"

#: An opening or closing front-matter fence: a whole line, with its line break.
_FENCE_LINE = {
    "yaml": re.compile(r"(?:^|(?<=[\r\n]))---[ \t]*(?:\r\n|\r|\n|\Z)"),
    "toml": re.compile(r"(?:^|(?<=[\r\n]))\+\+\+[ \t]*(?:\r\n|\r|\n|\Z)"),
}
#: Where tomllib puts the position in its messages: "... (at line 3, column 9)".
_TOML_AT = re.compile(r"\(at line (\d+), column (\d+)\)")


@frozen
class Note:
    """One note: its text, front matter and body, plus problems found while reading it."""

    path: Path
    #: The full decoded text (BOM stripped): the frame of every :class:`Span`.
    source: SourceFile
    front_matter: dict[str, Any]
    front_matter_format: Literal["yaml", "toml"] | None
    #: The text between the fences (including its last line break), or None.
    front_matter_span: Span | None
    #: Everything after the closing fence line (the whole text if there is no front matter).
    body_span: Span
    kind: Literal["markdown", "tex"]
    findings: tuple[Finding, ...] = field(default=())

    @property
    def text(self) -> str:
        """The note's full text."""
        return self.source.text

    @property
    def body(self) -> str:
        """The body's text."""
        return self.source.segment(self.body_span)

    @functools.cached_property
    def front_matter_nodes(self) -> Any:
        """The front matter composed with its positions (YAML's node tree, or TOML's), or ``None``.

        Composed once per note, when a finding first needs a key's position: the spec is read by
        several rules, each of which may ask.
        """
        if self.front_matter_span is None:
            return None
        text = self.source.segment(self.front_matter_span)
        if self.front_matter_format == "toml":
            from . import tomlspans

            return tomlspans.compose(text)
        if self.front_matter_format != "yaml":
            return None
        import yaml

        # libyaml's composer first (a tenth of the time; its marks count code points as the pure-Python
        # one's do: tests/test_frontmatter_marks.py compares them), the pure-Python one for what it refuses
        loaders = [yaml.CSafeLoader] if getattr(yaml, "__with_libyaml__", False) else []
        for loader in [*loaders, yaml.SafeLoader]:
            try:
                return yaml.compose(text, Loader=loader)
            except (yaml.YAMLError, RecursionError, UnicodeError, MemoryError):
                continue
        return None


def read_note(path: Path) -> Note:
    """Read and parse the note at ``path``.

    :raises LocatedError: ``PathNotFound`` for a missing path, ``UnreadableFile`` for a
        folder, anything that is not a regular file (a FIFO, a device, a socket: never read,
        so a FIFO cannot block the run nor ``/dev/zero`` fill memory), a symlink loop, a file
        above the size limit, binary content (a NUL byte) or text that is not UTF-8.
    """
    path = Path(path)
    limit = max_note_bytes()
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; what was opened is checked below
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        if os.path.islink(path):
            raise LocatedError(UnreadableFile, None, reason=f"{path} is a symlink to nothing") from None
        raise LocatedError(PathNotFound, None, target=str(path)) from None
    except IsADirectoryError:
        raise LocatedError(UnreadableFile, None, reason=f"{path} is a directory") from None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise LocatedError(UnreadableFile, None, reason=f"{path} is a symlink loop") from None
        if exc.errno == errno.ENXIO:  # a socket cannot be opened as a file
            reason = f"{path} is a socket, not a regular file: not read"
            raise LocatedError(UnreadableFile, None, reason=reason) from None
        raise LocatedError(UnreadableFile, None, reason=exc.strerror or str(exc)) from exc
    info = os.fstat(fd)
    if stat.S_ISDIR(info.st_mode):
        os.close(fd)
        raise LocatedError(UnreadableFile, None, reason=f"{path} is a directory")
    with os.fdopen(fd, "rb") as f:  # read-only: checking a note never touches it
        if not stat.S_ISREG(info.st_mode):
            mode = info.st_mode
            kind = "a FIFO" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"
            raise LocatedError(UnreadableFile, None, reason=f"{path} is {kind}, not a regular file: not read")
        if info.st_size > limit:
            raise LocatedError(UnreadableFile, None, reason=f"{info.st_size:,} bytes, above the {limit:,}-byte limit")
        if hasattr(os, "set_blocking"):
            os.set_blocking(f.fileno(), True)
        try:
            data = f.read(limit + 1)
        except OSError as exc:  # /proc/self/mem: a "regular file" of size 0 whose read fails
            raise LocatedError(UnreadableFile, None, reason=exc.strerror or str(exc)) from None
    if len(data) > limit:  # it grew while being read
        raise LocatedError(UnreadableFile, None, reason=f"more than the {limit:,}-byte limit")
    return parse_note(path, _decode(data))


def note_from_text(path: Path, text: str) -> Note:
    """The note at ``path`` as ``text`` holds it (an editor's unsaved buffer): nothing is read from disk.

    The same refusals as :func:`read_note` for what the text holds (above the size limit, a NUL
    byte), and the same BOM rule: the BOM is stripped, so offsets count the text after it.

    :raises LocatedError: ``UnreadableFile``, as :func:`read_note` raises it.
    """
    limit = max_note_bytes()
    if len(text) > limit // 4 and len(text.encode("utf-8", "surrogatepass")) > limit:
        raise LocatedError(UnreadableFile, None, reason=f"more than the {limit:,}-byte limit")
    nul = text.find("\0")
    if nul >= 0:
        raise LocatedError(UnreadableFile, None, reason=f"binary text (NUL character at offset {nul})")
    return parse_note(Path(path), text[1:] if text.startswith(_BOM) else text)


def _decode(data: bytes) -> str:
    """Decode strict UTF-8, refusing binary data; the BOM is stripped (see the module docstring)."""
    nul = data.find(b"\0")
    if nul >= 0:
        raise LocatedError(UnreadableFile, None, reason=f"binary file (NUL byte at byte {nul})")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        bad = data[exc.start : exc.start + 1].hex()
        raise LocatedError(
            UnreadableFile, None, reason=f"not UTF-8: byte 0x{bad} on line {line} (byte {exc.start})"
        ) from exc
    return text[1:] if text.startswith(_BOM) else text


def parse_note(path: Path, text: str) -> Note:
    """Split ``text`` (already decoded, BOM-less) into front matter and body.

    ``.tex`` files have no front matter; anything else is read as Markdown.
    """
    path = Path(path)
    source = SourceFile(path, text)
    if path.suffix.lower() == ".tex":
        return Note(path, source, {}, None, None, Span(0, len(text)), "tex")
    fmt = next((name for name, fence in _FENCE_LINE.items() if fence.match(text)), None)
    if fmt is None:
        return Note(path, source, {}, None, None, Span(0, len(text)), "markdown")
    opener = _FENCE_LINE[fmt].match(text)
    assert opener is not None
    closer = _FENCE_LINE[fmt].search(text, opener.end())
    if closer is None:
        finding = BadFrontMatter.finding(
            Span(0, opener.end()), path, format=fmt.upper(), reason=f"no closing {text[:3]} line"
        )
        return Note(path, source, {}, fmt, None, Span(0, len(text)), "markdown", (finding,))
    fm_span = Span(opener.end(), closer.start())
    data, findings, nodes = _load_front_matter(source, fm_span, fmt)
    note = Note(path, source, data, fmt, fm_span, Span(closer.end(), len(text)), "markdown", findings)
    if nodes is not None:  # the tree the values were built from: a finding's position needs no second parse
        note.__dict__["front_matter_nodes"] = nodes
    return note


def _load_front_matter(source: SourceFile, span: Span, fmt: str) -> tuple[dict[str, Any], tuple[Finding, ...], Any]:
    """Parse the front matter; a syntax error becomes an AV003 finding at its place in the note.

    The third value is YAML's node tree when the parse made one (see :attr:`Note.front_matter_nodes`).
    """
    raw = source.segment(span)
    nodes = None
    try:
        data, nodes = _load_yaml_nodes(raw) if fmt == "yaml" else (_load_toml(raw), None)
    except _FrontMatterError as err:
        at = Span(span.start + err.offset, span.start + err.offset)
        return {}, (BadFrontMatter.finding(at, source.path, format=fmt.upper(), reason=err.reason),), None
    if data is None:
        return {}, (), nodes
    if not isinstance(data, dict):
        reason = f"expected a mapping of keys to values, got a {type(data).__name__}"
        at = Span(span.start, span.start)
        return {}, (BadFrontMatter.finding(at, source.path, format=fmt.upper(), reason=reason),), nodes
    return data, (), nodes


class _FrontMatterError(Exception):
    """A front-matter syntax error at ``offset`` code points into the front-matter text."""

    def __init__(self, reason: str, offset: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.offset = offset


#: Values a front matter may expand to, aliases followed (a YAML "billion laughs" stops here).
MAX_FRONT_MATTER_VALUES = 100_000


@functools.cache
@functools.cache
def _yaml_loader(fast: bool = False) -> type:
    """The safe loader (libyaml's parser with ``fast``, where it is there), whose value errors carry their mark."""
    import yaml

    base = yaml.CSafeLoader if fast and getattr(yaml, "__with_libyaml__", False) else yaml.SafeLoader

    class Loader(base):  # type: ignore[misc, valid-type]
        """SafeLoader whose value errors (a date like 2026-13-45, a 5,000-digit integer) carry their mark."""

        def construct_object(self, node: Any, deep: bool = False) -> Any:
            try:
                return super().construct_object(node, deep=deep)
            except (yaml.YAMLError, RecursionError):
                raise
            except Exception as exc:  # noqa: BLE001 - `!!timestamp foo` fails inside PyYAML itself (AttributeError)
                value = node.value if isinstance(node.value, str) else ""
                shown = value if len(value) <= 40 else f"{value[:20]}…{value[-10:]} ({len(value):,} characters)"
                detail = str(exc) if len(str(exc)) <= 120 else str(exc)[:117] + "…"
                if not isinstance(exc, (ValueError, OverflowError, TypeError)):
                    detail = f"not a valid {str(node.tag).rsplit(':', 1)[-1]}"  # !!timestamp foo
                raise yaml.constructor.ConstructorError(
                    None, None, f"bad value {shown!r}: {detail}" if value else detail, node.start_mark
                ) from exc

    return Loader


def _expanded_size(data: Any, limit: int) -> int:
    """How many values ``data`` holds with every alias expanded, counting no further than ``limit``."""
    count, stack = 0, [data]
    while stack:
        item = stack.pop()
        count += 1
        if count > limit:
            return count
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set)):
            stack.extend(item)
    return count


#: What :func:`_fast_yaml` returns when libyaml did not read the text: the pure-Python loader reads it.
_UNREAD = object()


def _fast_yaml(raw: str) -> tuple[Any, Any]:
    """Front matter read by libyaml's parser (the values are the same; a tenth of the time), else :data:`_UNREAD`.

    Returns the values and the node tree they were built from (``None`` if the building changed
    it), whose marks place a finding about a key: one parse serves both. Anything libyaml refuses
    is read again by the pure-Python loader, whose message and position are the ones reported
    (libyaml words its messages its own way), so a mistake reads the same as before.
    """
    loader = _yaml_loader(fast=True)(raw)
    try:
        node = loader.get_single_node()
        # building a mapping with a merge key (<<) rewrites its node: the marks are composed afresh then
        # (the walk only where the text could hold such a key: a "<<" or an "=" before a colon)
        rewritable = "<<" in raw or _VALUE_KEY.search(raw) is not None
        kept = node if node is not None and not (rewritable and _rewritten_keys(node)) else None
        data = loader.construct_document(node) if node is not None else None
    except Exception:  # noqa: BLE001 - whatever libyaml refuses, the pure-Python loader says why
        return _UNREAD, None
    finally:
        loader.dispose()
    # libyaml nests deeper than the pure-Python loader: past that, the pure loader's finding stands
    return (_UNREAD, None) if _deeper_than(data, _FAST_DEPTH) else (data, kept)


#: An ``=`` key (YAML's value key) anywhere in a front matter: ``= : x`` in block or flow style.
_VALUE_KEY = re.compile(r"(?:^|[\s{,])=\s*:")

#: The keys PyYAML's constructor rewrites in the node tree it builds from (``<<`` merges, ``=`` values).
_REWRITTEN_TAGS = frozenset({"tag:yaml.org,2002:merge", "tag:yaml.org,2002:value"})


def _rewritten_keys(root: Any) -> bool:
    import yaml

    stack, seen = [root], set()
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if key.tag in _REWRITTEN_TAGS:
                    return True
                stack.extend((key, value))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)
    return False


#: Nesting past which libyaml's result is not taken (the pure-Python loader refuses 500 levels).
_FAST_DEPTH = 100


def _deeper_than(data: Any, limit: int) -> bool:
    stack, seen = [(data, 0)], set()
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return True
        if id(item) in seen:  # an alias: its values were walked once (an alias bomb stays linear)
            continue
        if isinstance(item, (dict, list)):
            seen.add(id(item))
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return False


def _load_yaml(raw: str) -> Any:
    """Load YAML: with libyaml's parser, else (on a mistake) the pure-Python safe loader, which says where.

    See :func:`_load_yaml_nodes`, which gives the node tree too.
    """
    return _load_yaml_nodes(raw)[0]


def _load_yaml_nodes(raw: str) -> tuple[Any, Any]:
    """The values of ``raw`` and the node tree libyaml built them from (``None`` if it did not).

    Every problem is a :class:`_FrontMatterError` at an offset: syntax, a value that does not
    construct (a bad date, an integer too long to convert), nesting deeper than the parser
    manages, and aliases that would expand past :data:`MAX_FRONT_MATTER_VALUES` values.
    """
    import yaml  # lazy: `import algoverify` must stay cheap

    data, nodes = _fast_yaml(raw)
    try:
        # what libyaml refused: the pure-Python loader's message and mark are the ones reported
        data = yaml.load(raw, Loader=_yaml_loader()) if data is _UNREAD else data  # noqa: S506 - a SafeLoader subclass
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        if exc.context_mark and (mark is None or mark.index >= len(raw)):
            mark = exc.context_mark  # "found unexpected end of stream": where it opened helps more
        reason = " ".join(str(p) for p in (exc.context, exc.problem) if p) or "syntax error"
        if "unknown escape character" in reason:
            # claim: "… \(p\) …": YAML reads a backslash in double quotes as an escape
            reason += "; LaTeX in double quotes needs its backslashes doubled (\\\\(p\\\\)), or put it in single quotes"
        raise _FrontMatterError(reason, min(mark.index, len(raw)) if mark else 0) from exc
    except yaml.YAMLError as exc:
        raise _FrontMatterError(str(exc), 0) from exc
    except RecursionError as exc:
        raise _FrontMatterError("nested too deeply to read", 0) from exc
    except Exception as exc:  # noqa: BLE001 - whatever the loader raises is this note's finding, never the run's
        raise _FrontMatterError(f"cannot read it ({type(exc).__name__}: {str(exc)[:120]})", 0) from exc
    if _expanded_size(data, MAX_FRONT_MATTER_VALUES) > MAX_FRONT_MATTER_VALUES:
        raise _FrontMatterError(f"its aliases expand to more than {MAX_FRONT_MATTER_VALUES:,} values", 0)
    return data, nodes


def _load_toml(raw: str) -> Any:
    """Load TOML with tomllib, mapping its "(at line N, column M)" back to an offset."""
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]

    try:
        return tomllib.loads(raw)
    except RecursionError as exc:
        raise _FrontMatterError("nested too deeply to read", 0) from exc
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        at = _TOML_AT.search(message)
        reason = _TOML_AT.sub("", message).strip() or "syntax error"
        if at is None:  # "(at end of document)"
            raise _FrontMatterError(re.sub(r"\s*\(at end of document\)", "", reason), len(raw)) from exc
        index = LineIndex(raw)
        line = min(int(at.group(1)), index.line_count)
        offset = min(index.offset(line, int(at.group(2))), len(raw))
        raise _FrontMatterError(reason, offset) from exc


def discover(paths: Iterable[Path]) -> tuple[list[Path], list[Finding]]:
    """Expand ``paths`` into note files: folders recursively, files as given.

    Folders yield ``*.md``, ``*.markdown`` and ``*.tex`` files (``_index.md`` included) in
    sorted order, skipping hidden files and folders (names starting with ``.``); symlinked
    folders are not followed. Each missing path gives a ``PathNotFound`` finding, and each
    folder that cannot be listed an ``UnreadableFile`` finding: a skipped folder is never a
    silent "no findings". A file reached twice is listed once.
    """
    found: list[Path] = []
    findings: list[Finding] = []
    for path in map(Path, paths):
        if path.is_dir():
            notes, problems = _walk(path)
            found.extend(notes)
            findings.extend(problems)
        elif path.exists() or os.path.islink(path):
            found.append(path)  # read_note says what is wrong with a dangling or looping link
        else:
            # Built by hand: the rule's template argument `path` shadows Rule.finding's own `path`.
            findings.append(PathNotFound.finding(None, path, target=str(path)))
    unique = list(dict.fromkeys(found))
    return unique, findings


def _walk(root: Path) -> tuple[list[Path], list[Finding]]:
    """Return the note files under ``root``, sorted, hidden entries skipped, and the folders it could not read."""
    out = []
    problems: list[Finding] = []

    def unreadable(exc: OSError) -> None:
        where = Path(exc.filename) if exc.filename else root
        reason = f"cannot list folder {where}: {exc.strerror or exc}"
        problems.append(UnreadableFile.finding(None, where, reason=reason))

    for folder, dirs, files in os.walk(root, onerror=unreadable):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in files:
            if not name.startswith(".") and name.lower().endswith(NOTE_SUFFIXES):
                out.append(Path(folder) / name)
    return sorted(out), problems
