"""``algoverify lsp``: a real client (pygls's) talks JSON-RPC to the server process over its stdin and stdout.

Each session starts ``python -m algoverify lsp`` as an editor would, initialises it, opens notes
and edits them, and ends with ``shutdown`` and ``exit`` (the process must then end with status 0,
and the server must have shown no error). Positions are checked against ``lint``'s own JSON
report, turned into the protocol's 0-based lines and UTF-16 (or UTF-8) columns here, by Python's
codecs rather than the server's code.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import ROOT
from hypothesis import given
from hypothesis import strategies as st

from algoverify import api, reporting
from algoverify.integrations.lsp.positions import UTF8, UTF16, UTF32, Lines

pytest.importorskip("pygls", reason="pygls not installed: pip install 'algoverify[lsp]'")

from lsprotocol import types  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402

# --- positions: offsets ↔ 0-based lines and columns in the agreed unit ----------------------------

#: (text, offset, (line, column) in UTF-16, in UTF-8, in UTF-32)
POSITIONS = [
    ("abc", 2, (0, 2), (0, 2), (0, 2)),
    ("λx", 1, (0, 1), (0, 2), (0, 1)),
    ("𝑥 = 1", 1, (0, 2), (0, 4), (0, 1)),  # outside the BMP: a surrogate pair in UTF-16
    ("a\r\n𝑥𝑦z", 5, (1, 4), (1, 8), (1, 2)),
    ("a\rb\nc", 4, (2, 0), (2, 0), (2, 0)),  # \r alone ends a line
    ("ab\n", 3, (1, 0), (1, 0), (1, 0)),
]


@pytest.mark.parametrize(("text", "offset", "utf16", "utf8", "utf32"), POSITIONS)
def test_an_offset_is_a_line_and_a_column_counted_in_the_agreed_unit(text, offset, utf16, utf8, utf32):
    for encoding, expected in ((UTF16, utf16), (UTF8, utf8), (UTF32, utf32)):
        lines = Lines(text, encoding)
        assert lines.position(offset) == expected
        assert lines.offset(*expected) == offset


def test_a_column_past_the_end_or_inside_a_character_is_clamped():
    lines = Lines("𝑥y\nz")
    assert lines.offset(0, 1) == 0  # half a surrogate pair: the character it belongs to
    assert lines.offset(0, 99) == 2 and lines.offset(7, 0) == len("𝑥y\nz")
    # a byte-order mark is in the editor's text, not in the note's offsets
    bom = Lines("\ufeffab\ncd")
    assert bom.position(0) == (0, 1) and bom.offset(1, 1) == 4


@given(st.lists(st.sampled_from(["a", "λ", "𝑥", "\n", "\r", "\r\n", " "]), max_size=40).map("".join), st.data())
def test_positions_round_trip(text, data):
    offset = data.draw(st.integers(0, len(text)))
    if 0 < offset < len(text) and text[offset - 1] == "\r" and text[offset] == "\n":
        offset -= 1  # between \r and \n: not a place an editor can put a cursor
    for encoding in (UTF16, UTF8, UTF32):
        lines = Lines(text, encoding)
        line, column = lines.position(offset)
        assert lines.offset(line, column) == offset
        before = text[:offset].replace("\r\n", "\n").replace("\r", "\n")
        assert line == before.count("\n")
        codec = {UTF16: "utf-16-le", UTF8: "utf-8", UTF32: "utf-32-le"}[encoding]
        width = {UTF16: 2, UTF8: 1, UTF32: 4}[encoding]
        assert column == len(before.rsplit("\n", 1)[-1].encode(codec)) // width


# --- a session with the server ---------------------------------------------------------------------


class Session:
    """The server in a subprocess, with a pygls client that keeps what the server sends."""

    def __init__(self, cwd: Path, options: dict | None = None, encodings: list[str] | None = None) -> None:
        self.cwd, self.options, self.encodings = cwd, options, encodings
        self.client = LanguageClient("algoverify-tests", "1")
        self.published: list[tuple[float, types.PublishDiagnosticsParams]] = []
        self.logs: list[str] = []
        self.shown: list[str] = []
        self.stderr = b""

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def diagnostics(ls, params):
            self.published.append((time.perf_counter(), params))

        @self.client.feature(types.WINDOW_LOG_MESSAGE)
        def log(ls, params):
            self.logs.append(params.message)

        @self.client.feature(types.WINDOW_SHOW_MESSAGE)
        def show(ls, params):
            self.shown.append(params.message)

    async def __aenter__(self) -> Session:
        env = {k: v for k, v in os.environ.items() if k != "ALGOVERIFY_NO_CACHE"}
        await self.client.start_io(sys.executable, "-m", "algoverify", "lsp", cwd=str(self.cwd), env=env)
        self._drain = asyncio.ensure_future(self._read_stderr())
        general = types.GeneralClientCapabilities(position_encodings=self.encodings) if self.encodings else None
        self.initialized = await self.client.initialize_async(
            types.InitializeParams(
                capabilities=types.ClientCapabilities(general=general),
                root_uri=self.cwd.as_uri(),
                workspace_folders=[types.WorkspaceFolder(self.cwd.as_uri(), "notes")],
                initialization_options=self.options,
            )
        )
        self.client.initialized(types.InitializedParams())
        return self

    async def _read_stderr(self) -> None:
        while self.client._server is not None and not self.client._server.stderr.at_eof():
            self.stderr += await self.client._server.stderr.read(4096)

    async def __aexit__(self, *exc) -> None:
        await asyncio.wait_for(self.client.shutdown_async(None), 20)
        self.client.exit(None)
        server = self.client._server
        await asyncio.wait_for(server.wait(), 20)
        await self.client.stop()
        await self._drain
        if exc[0] is None:
            assert server.returncode == 0, self.stderr.decode(errors="replace")
            assert self.shown == [], self.shown  # the server reported no error of its own

    def open(self, path: Path, text: str | None = None, language: str = "markdown") -> str:
        uri = path.as_uri()
        text = path.read_text(encoding="utf-8") if text is None else text
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, language, 1, text))
        )
        return uri

    def change(self, uri: str, version: int, text: str, at: tuple[int, int] | None = None) -> None:
        """Insert ``text`` at ``at`` (line, column), or replace the whole text with it."""
        if at is None:
            change = types.TextDocumentContentChangeWholeDocument(text=text)
        else:
            where = types.Range(types.Position(*at), types.Position(*at))
            change = types.TextDocumentContentChangePartial(range=where, text=text)
        identifier = types.VersionedTextDocumentIdentifier(version=version, uri=uri)
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(identifier, [change]))

    def save(self, uri: str, text: str) -> None:
        self.client.text_document_did_save(types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(uri), text))

    async def until(self, test, timeout: float = 30.0):
        """Wait until ``test()`` is true (and return it), or fail saying what was received."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = test()
            if found:
                return found
            await asyncio.sleep(0.005)
        pytest.fail(f"timed out; logs: {self.logs}; stderr: {self.stderr.decode(errors='replace')[-2000:]}")

    def of(self, uri: str, version: int | None = None) -> list:
        return [p for _, p in self.published if p.uri == uri and (version is None or p.version == version)]

    async def diagnostics(self, uri: str, version: int, *, sources: int = 0) -> list:
        """The diagnostics published for ``version`` (the latest such publication once it has ``sources`` checks' ones)."""
        await self.until(
            lambda: any(
                sum(d.source == "algoverify check" for d in p.diagnostics) >= sources for p in self.of(uri, version)
            )
        )
        return list(self.of(uri, version)[-1].diagnostics)

    async def request(self, method: str, uri: str, line: int, character: int):
        document = types.TextDocumentIdentifier(uri)
        where = types.Position(line, character)
        if method == "hover":
            return await self.client.text_document_hover_async(types.HoverParams(document, where))
        return await self.client.text_document_definition_async(types.DefinitionParams(document, where))


def _run(coroutine) -> None:
    asyncio.run(asyncio.wait_for(coroutine, 180))


def _expected(path: Path, text: str, encoding: str) -> list[tuple]:
    """``lint``'s findings of ``path`` from its JSON report, as (code, severity, range) in the protocol's terms."""
    result = api.lint([path])
    report = json.loads(reporting.report("json", result, command="lint", strict=False))
    lines = text.split("\n")
    codec, width = {UTF16: ("utf-16-le", 2), UTF8: ("utf-8", 1)}[encoding]

    def column(line: int, col: int) -> int:
        return len(lines[line - 1][: col - 1].encode(codec)) // width

    severity = {"error": 1, "warning": 2}
    return sorted(
        (
            f["code"],
            severity[f["severity"]],
            f["line"] - 1,
            column(f["line"], f["column"]),
            f["end_line"] - 1,
            column(f["end_line"], f["end_column"]),
        )
        for f in report["findings"]
        if f["severity"] != "note"
    )


def _shape(diagnostics) -> list[tuple]:
    return sorted(
        (d.code, int(d.severity), d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character)
        for d in diagnostics
        if d.source == "algoverify"
    )


#: a listing whose findings stand after characters outside ASCII, and outside the BMP, on their line
NON_ASCII = """---
title: "Überprüfung"
---

\\begin{algorithmic}[1]
\\Require \\(x\\)
\\State \\(λ \\gets 2\\); \\(y \\gets \\foo x\\)
\\State \\(y \\gets \\frac{𝑥}{2} + \\foo x\\)
\\Return \\(y\\)
\\end{algorithmic}
"""


@pytest.mark.parametrize("encoding", [UTF16, UTF8])
def test_diagnostics_on_open_are_lints_findings_at_the_same_places(tmp_path, encoding):
    note = tmp_path / "note.md"
    note.write_text(NON_ASCII, encoding="utf-8")
    expected = _expected(note, NON_ASCII, encoding)
    assert [e[0] for e in expected] == ["AV202", "AV202", "AV202"]
    # the last \foo stands after 𝑥: its column differs from its code-point count in both encodings
    assert expected[-1][3] != NON_ASCII.split("\n")[7].index("\\foo")

    async def session() -> None:
        async with Session(tmp_path, encodings=[encoding]) as s:
            assert s.initialized.capabilities.position_encoding == encoding
            uri = s.open(note)
            found = await s.diagnostics(uri, 1)
            assert _shape(found) == expected
            assert {d.source for d in found} == {"algoverify"}

    _run(session())


def test_hover_definition_and_quick_fixes(tmp_path):
    for name in ("sum-of-an-array.md", "unbound-size.md", "broken.md"):
        shutil.copy(ROOT / "examples" / "notes" / name, tmp_path / name)
    shutil.copy(ROOT / "corpus" / "power-iteration.md", tmp_path / "power-iteration.md")
    shutil.copy(ROOT / "corpus" / "power_iteration_checks.py", tmp_path / "power_iteration_checks.py")

    async def session() -> None:
        async with Session(tmp_path) as s:
            # hover: what n is, and where that was said; a loop variable; nothing off a name
            total = s.open(tmp_path / "sum-of-an-array.md")
            n = await s.request("hover", total, 9, 35)  # \For{\(i \gets 1\) \textbf{to} \(n\)}
            assert n.contents.value.startswith("`n`: size: length of x, from the prose at line 5")
            assert "indices count from 1" in n.contents.value
            assert (n.range.start.line, n.range.start.character, n.range.end.character) == (9, 35, 36)
            i = await s.request("hover", total, 9, 9)
            assert "loop variable of the \\For at line 10" in i.contents.value
            assert await s.request("hover", total, 4, 2) is None  # prose

            # definition: a check's listing:, claim:, module:
            power = s.open(tmp_path / "power-iteration.md")
            text = (tmp_path / "power-iteration.md").read_text()
            line_of = lambda probe: text[: text.index(probe)].count("\n")  # noqa: E731
            listing = await s.request("definition", power, line_of("listing: 1"), 8)
            assert listing.uri == power and listing.range.start.line == line_of("\\begin{algorithm}")
            claim = await s.request("definition", power, line_of('claim: "an ill'), 8)
            assert claim.range.start.line == line_of("so an ill conditioned")
            module = await s.request("definition", power, line_of("module:"), 4)
            assert module.uri == (tmp_path / "power_iteration_checks.py").as_uri()

            # quick fixes: declare the name nothing binds; silence a finding on its line
            unbound = s.open(tmp_path / "unbound-size.md")
            (diagnostic,) = await s.diagnostics(unbound, 1)
            assert diagnostic.code == "AV303"
            context = types.CodeActionContext(diagnostics=[diagnostic])
            params = types.CodeActionParams(types.TextDocumentIdentifier(unbound), diagnostic.range, context)
            actions = await s.client.text_document_code_action_async(params)
            assert [a.title for a in actions] == [
                "Silence AV303 on this line",
                "Declare n as an input (\\Require)",
                "Add n to the parameters of Dot",
            ]
            assert all(a.kind == types.CodeActionKind.QuickFix and list(a.diagnostics) == [diagnostic] for a in actions)
            (parameter,) = actions[2].edit.changes[unbound]
            assert parameter.new_text == ", n" and parameter.range.start == types.Position(7, 21)  # {\(x, y\)}
            (edit,) = actions[1].edit.changes[unbound]
            assert edit.new_text == "\\Require \\(n\\)\n" and edit.range.start == types.Position(7, 0)
            # the editor applies it: the server lints the new text, and the finding is gone
            s.change(unbound, 2, edit.new_text, at=(7, 0))
            assert await s.diagnostics(unbound, 2) == []

            # a .tex file: its listing's findings, \ref to the labelled statement, a % comment
            tex = s.open(tmp_path / "paper.tex", TEX, language="latex")
            found = await s.diagnostics(tex, 1)
            assert sorted((d.code, d.range.start.line) for d in found) == [("AV202", 7), ("AV604", 3)]
            step = await s.request("definition", tex, 3, 12)  # Line~\ref{ln:step}
            assert step.uri == tex and (step.range.start.line, step.range.start.character) == (6, 0)
            foo = next(d for d in found if d.code == "AV202")
            params = types.CodeActionParams(
                types.TextDocumentIdentifier(tex), foo.range, types.CodeActionContext([foo])
            )
            (silence,) = await s.client.text_document_code_action_async(params)
            assert [e.new_text for e in silence.edit.changes[tex]] == [" % algoverify: ignore[AV202]"]
            # a buffer never saved: linted as the kind of file its language says
            untitled = "untitled:Untitled-1"
            s.client.text_document_did_open(
                types.DidOpenTextDocumentParams(types.TextDocumentItem(untitled, "latex", 1, TEX))
            )
            assert sorted(d.code for d in await s.diagnostics(untitled, 1)) == ["AV202", "AV604"]

    _run(session())


TEX = r"""\documentclass{article}
\usepackage{algpseudocode}
\begin{document}
Line~\ref{ln:step} doubles \(x\).
\begin{algorithmic}[1]
\Require \(x\)
\State \(y \gets 2 x\) \label{ln:step}
\State \(z \gets \foo y\)
\Return \(z\)
\end{algorithmic}
\end{document}
"""


def _big_note(copies: int = 12) -> str:
    """The power iteration note with its prose and listing repeated: a lint of a third of a second or more."""
    text = (ROOT / "corpus" / "power-iteration.md").read_text(encoding="utf-8")
    body = text[text.index("\n---\n", 4) + 5 :]
    return text + "\n".join(body for _ in range(copies))


def test_a_note_edited_while_its_lint_runs_shows_only_the_latest_texts_findings(tmp_path):
    note = tmp_path / "big.md"
    text = _big_note()
    note.write_text(text, encoding="utf-8")
    require = text[: text.index("\\Require")].count("\n") + 1  # the line after the first \Require
    name = "lint of big.md"

    async def session() -> None:
        async with Session(tmp_path, options={"debounceMs": 400}) as s:
            uri = s.open(note)
            await s.until(lambda: f"algoverify: {name} v1 started" in s.logs)
            s.change(uri, 2, "\\State \\(z \\gets \\foo\\)\n", at=(require, 0))  # while v1 is being linted
            found = await s.diagnostics(uri, 2)
            assert [(d.code, d.range.start.line) for d in found if d.code == "AV202"] == [("AV202", require)]
            assert s.of(uri, 1) == []  # v1's findings were never shown: the text had changed
            assert any(m.startswith(f"algoverify: {name} v1 dropped") for m in s.logs)

            # a burst of edits, each within the debounce of the last: the first is linted at once
            # (the note had been quiet), the last when the burst pauses; none in between
            for version in range(3, 9):
                s.change(uri, version, "x", at=(0, 0))
                await asyncio.sleep(0.02)
            await s.diagnostics(uri, 8)
            started = [m for m in s.logs if m.startswith(f"algoverify: {name} v") and m.endswith("started")]
            assert started[-2:] == [f"algoverify: {name} v3 started", f"algoverify: {name} v8 started"]
            assert [p.version for p in s.of(uri)] == [2, 8]

    _run(session())


def test_on_save_the_outcomes_check_cached_for_that_text_are_shown(tmp_path):
    for name in ("first-note.md", "first_note_checks.py"):
        shutil.copy(ROOT / "examples" / "notes" / name, tmp_path / name)
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'notes'\n")
    note = tmp_path / "first-note.md"
    text = note.read_text(encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "ALGOVERIFY_NO_CACHE"}
    run = [sys.executable, "-m", "algoverify", "check", "first-note.md"]
    assert subprocess.run(run, cwd=tmp_path, env=env, capture_output=True).returncode == 1
    spec_line = text[: text.index("- id: sample-variance")].count("\n")
    claim_line = text[: text.rindex("it returns their mean")].count("\n")  # in the prose, not the spec

    async def session() -> None:
        async with Session(tmp_path) as s:
            uri = s.open(note)
            found = await s.diagnostics(uri, 1, sources=4)
            checks = sorted(
                (d.range.start.line, int(d.severity), d.message.split(":")[0])
                for d in found
                if d.source == "algoverify check"
            )
            verified_spec = text[: text.index("- id: variance-non-negative")].count("\n")
            verified_claim = text[: text.rindex("The variance it returns is never")].count("\n")
            assert checks == [
                (spec_line, 1, "refuted"),
                (verified_spec, 3, "verified"),
                (claim_line, 1, "refuted by check sample-variance"),
                (verified_claim, 3, "verified by check variance-non-negative"),
            ]
            # edited: the outcomes were for the saved text; saved as edited, nothing is cached for it
            s.change(uri, 2, "\n", at=(spec_line - 5, 0))
            assert [d for d in await s.diagnostics(uri, 2) if d.source == "algoverify check"] == []
            s.save(uri, "\n" + text)
            await s.until(lambda: "algoverify: no cached check outcomes for first-note.md" in s.logs)
            assert not any(d.source == "algoverify check" for p in s.of(uri, 2) for d in p.diagnostics)
            # back to the checked text and saved: the outcomes come back
            s.change(uri, 3, text)
            s.save(uri, text)
            assert len([d for d in await s.diagnostics(uri, 3, sources=4) if d.source == "algoverify check"]) == 4

    _run(session())


def test_without_pygls_the_command_names_the_extra():
    probe = (
        "import sys\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] == 'pygls':\n"
        "            raise ModuleNotFoundError(\"No module named 'pygls'\", name='pygls')\n"
        "sys.meta_path.insert(0, Block())\n"
        "from algoverify.cli import main\n"
        "sys.exit(main(['lsp']))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 2 and out.stdout == ""
    assert "pip install 'algoverify[lsp]'" in out.stderr and "Traceback" not in out.stderr
