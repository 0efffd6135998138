"""The language server: the protocol's messages in, the API's answers out (pygls, over stdio).

``algoverify lsp`` starts :func:`serve`. What the server does with each message:

* open, edit: lint the note's text (:func:`algoverify.api.lint_text`), debounced and dropped when
  stale (:mod:`.linting`), and publish its findings as diagnostics;
* open, save: look up the outcomes ``algoverify check`` cached for that exact text
  (:func:`algoverify.api.cached_check`) and show them beside the lint's; nothing of the note runs;
* hover, definition, code action: the API's :mod:`~algoverify.api.editor` on the latest lint.

Options come in the ``initialize`` request's ``initializationOptions``: ``debounceMs`` (150),
``strict`` (``lint --strict``: unused suppressions too), ``verbose`` (notes as information),
``checkOutcomes`` (true). A message about each lint goes to the editor's log (``window/logMessage``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from ... import api
from ...api import editor
from ...reading.config import find_config, project_root
from ...reading.notes import NOTE_SUFFIXES
from ...version import __version__
from .actions import code_action
from .diagnostics import lint_diagnostics, outcome_diagnostics, to_range
from .hover import hover
from .linting import Linter
from .positions import UTF16, Lines

__all__ = ["NoteServer", "serve"]

#: the suffix an unsaved buffer is read with, by its language (else Markdown's)
_LANGUAGE_SUFFIX = {"latex": ".tex", "tex": ".tex", "plaintex": ".tex"}

#: a small note linted when the server starts, so that the first real lint finds the parsers built
_WARM_UP = """---
algoverify:
  checks:
    - {id: w, kind: property, listing: 1, holds: 'y = 2 x', inputs: {x: "randn(3)"}}
---
The vector \\(x \\in \\mathbb{R}^{n}\\) has \\(n\\) entries.

\\begin{algorithmic}
\\Require \\(x\\)
\\For{\\(i \\gets 1\\) \\textbf{to} \\(n\\)} \\State \\(y_i \\gets 2 x_i\\) \\EndFor
\\Return \\(y\\)
\\end{algorithmic}
"""


class NoteServer(LanguageServer):
    """A pygls server whose open notes are linted by a :class:`.linting.Linter`."""

    def __init__(self) -> None:
        super().__init__("algoverify", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.strict = False
        self.verbose = False
        self.outcomes = True
        self.linter = Linter(self._lint, self.publish, self.log)

    def _lint(self, path: Path, text: str) -> Any:
        return api.lint_text(path, text, strict=self.strict)

    def log(self, message: str, kind: types.MessageType = types.MessageType.Log) -> None:
        """A line in the editor's log of this server."""
        self.window_log_message(types.LogMessageParams(kind, f"algoverify: {message}"))

    def lines(self, text: str) -> Lines:
        """The line table of ``text`` in the encoding agreed with the client."""
        encoding = self.workspace.position_encoding or UTF16
        return Lines(text, getattr(encoding, "value", encoding))  # an enum of str: its value, "utf-16"

    def configure(self, options: Any) -> None:
        """Read the ``initializationOptions``; a wrong value is said in the log and left at its default."""
        if not isinstance(options, dict):
            return
        delay = options.get("debounceMs", 150)
        if isinstance(delay, (int, float)) and not isinstance(delay, bool) and 0 <= delay <= 10_000:
            self.linter.delay = delay / 1000
        else:
            self.log(
                f"debounceMs must be a number of milliseconds from 0 to 10000, not {delay!r}", types.MessageType.Warning
            )
        for key, attribute in (("strict", "strict"), ("verbose", "verbose"), ("checkOutcomes", "outcomes")):
            value = options.get(key, getattr(self, attribute))
            if isinstance(value, bool):
                setattr(self, attribute, value)
            else:
                self.log(f"{key} must be true or false, not {value!r}", types.MessageType.Warning)

    def publish(self, uri: str) -> None:
        """Send the note's diagnostics: its latest lint, and the cached outcomes when they are for its text."""
        note = self.linter.notes.get(uri)
        if note is None or note.report is None:
            return
        lines = self.lines(note.text)
        found = lint_diagnostics(note.report.findings, note.path, lines, verbose=self.verbose)
        if note.outcomes and note.outcomes_text == note.text:
            found += outcome_diagnostics(note.outcomes, lines)
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri, found, version=note.linted))

    async def look_up_outcomes(self, uri: str, text: str) -> None:
        """The outcomes ``check`` cached for this text of the note, shown with its diagnostics."""
        note = self.linter.notes.get(uri)
        if note is None or not self.outcomes or not uri.startswith("file:"):
            return  # an unsaved buffer was never checked
        report = None
        for spelt in _spellings(note.path, self.workspace.folders.values()):
            report = await self.linter.call(api.cached_check, note.path, text, spelt=spelt)
            if report is not None:
                break
        if self.linter.notes.get(uri) is not note:
            return
        note.outcomes, note.outcomes_text = (report.outcomes if report is not None else []), text
        count = f"{len(report.outcomes)}" if report is not None else "no"
        self.log(f"{count} cached check outcomes for {note.path.name}")
        self.publish(uri)


def _path(uri: str, language: str = "") -> Path:
    """The note's path: its file's, or for an unsaved buffer a name in the current folder."""
    path = to_fs_path(uri) if uri.startswith("file:") else None
    if path is not None:
        return Path(path)
    return Path.cwd() / f"untitled{_LANGUAGE_SUFFIX.get(language, '.md')}"


def _spellings(path: Path, folders: Any) -> list[str]:
    """How ``algoverify check`` may have named the note: from a workspace folder, the project's root, here."""
    roots = [Path(to_fs_path(f.uri) or ".") for f in folders]
    roots += [project_root(path.parent, find_config(path.parent).root), Path.cwd()]
    out = []
    for root in roots:
        try:
            out.append(os.path.relpath(path, root))
        except ValueError:  # another drive (Windows)
            continue
    out.append(str(path))
    return list(dict.fromkeys(s for s in out if not s.startswith("..")))


def build() -> NoteServer:
    """The server with its features registered."""
    server = NoteServer()

    @server.feature(types.INITIALIZE)
    def initialize(ls: NoteServer, params: types.InitializeParams) -> None:
        ls.configure(params.initialization_options)

    @server.feature(types.INITIALIZED)
    def initialized(ls: NoteServer, params: types.InitializedParams) -> None:
        ls.linter.worker.submit(_warm, ls)

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: NoteServer, params: Any) -> None:
        ls.linter.stop()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    async def did_open(ls: NoteServer, params: types.DidOpenTextDocumentParams) -> None:
        document = params.text_document
        path = _path(document.uri, document.language_id)
        if path.suffix.lower() not in NOTE_SUFFIXES:
            return
        ls.linter.opened(document.uri, path, document.text, document.version)
        await ls.look_up_outcomes(document.uri, document.text)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: NoteServer, params: types.DidChangeTextDocumentParams) -> None:
        document = ls.workspace.get_text_document(params.text_document.uri)
        ls.linter.changed(document.uri, document.source, params.text_document.version)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE, types.SaveOptions(include_text=True))
    async def did_save(ls: NoteServer, params: types.DidSaveTextDocumentParams) -> None:
        uri = params.text_document.uri
        text = params.text if params.text is not None else ls.workspace.get_text_document(uri).source
        await ls.look_up_outcomes(uri, text)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: NoteServer, params: types.DidCloseTextDocumentParams) -> None:
        if params.text_document.uri in ls.linter.notes:
            ls.linter.closed(params.text_document.uri)
            ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(params.text_document.uri, []))

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def on_hover(ls: NoteServer, params: types.HoverParams) -> types.Hover | None:
        found = await ls.linter.report(params.text_document.uri)
        if found is None:
            return None
        report, text = found
        lines = ls.lines(text)
        meaning = editor.meaning_at(report, lines.offset(params.position.line, params.position.character))
        if meaning is None:
            return None
        return hover(meaning, lines, report.note.source.segment(meaning.span))

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    async def definition(ls: NoteServer, params: types.DefinitionParams) -> types.Location | None:
        found = await ls.linter.report(params.text_document.uri)
        if found is None:
            return None
        report, text = found
        lines = ls.lines(text)
        target = editor.definition_at(report, lines.offset(params.position.line, params.position.character))
        if target is None:
            return None
        if target.path == report.path:
            return types.Location(params.text_document.uri, to_range(lines, target.span.start, target.span.end))
        there = Lines(_read(target.path), lines.encoding) if target.span is not None else None
        where = to_range(there, target.span.start, target.span.end) if there is not None else to_range(lines, 0, 0)
        return types.Location(from_fs_path(str(target.path)) or "", where)

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix])
    )
    async def code_actions(ls: NoteServer, params: types.CodeActionParams) -> list | None:
        uri = params.text_document.uri
        found = await ls.linter.report(uri)
        if found is None:
            return None
        report, text = found
        lines = ls.lines(text)
        start = lines.offset(params.range.start.line, params.range.start.character)
        end = lines.offset(params.range.end.line, params.range.end.character)
        actions = []
        for finding in report.findings:
            span = finding.span
            if span is None or span.end < start or span.start > end:
                continue
            actions += [
                code_action(fix, uri, lines, params.context.diagnostics) for fix in editor.fixes(report, finding)
            ]
        return actions

    return server


def _read(path: Path) -> str:
    from ...reading.files import read_text

    return read_text(path) or ""


def _warm(server: NoteServer) -> None:
    """Lint a small note once, so that the grammars and the lint's modules are loaded before the editor's first."""
    try:
        api.lint_text(Path.cwd() / "algoverify-warm-up.md", _WARM_UP)
    except Exception:  # noqa: BLE001 - warming is an optimisation; a real lint reports real problems
        pass


def serve() -> int:
    """Talk to an editor over stdin and stdout until it says exit; 0 when it asked to shut down first."""
    server = build()
    server.start_io()
    return 0 if getattr(server.protocol, "_shutdown", False) else 1
