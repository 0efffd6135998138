"""How long an editor waits for ``algoverify lsp``'s diagnostics after an edit (issue 25; goal ≤ 150 ms, warm).

Run from the repository root (needs the ``lsp`` extra)::

    python benchmarks/bench_lsp.py [--edits 20] [--note corpus/power-iteration.md]

Starts ``python -m algoverify lsp`` as an editor does and talks to it with pygls's client over its
stdin and stdout. Opens the corpus's largest note (by size, unless ``--note`` names one) and waits
for its first diagnostics: the server is then warm (grammars built, lint's modules loaded). Then,
``--edits`` times: types one character into the prose (or deletes the one typed before), after a
pause longer than the debounce, and measures the time from sending ``textDocument/didChange`` to
receiving the ``publishDiagnostics`` of that version. Prints the median and the spread, and the
lint's own time as the server logs it. Then the same for the last keystroke of a burst (five
keystrokes 40 ms apart): that waits for the debounce (``debounceMs``, 150 by default) before the lint.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import statistics
import sys
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

ROOT = Path(__file__).resolve().parents[1]


class Editor:
    """A client that keeps when each version's diagnostics arrived."""

    def __init__(self) -> None:
        self.client = LanguageClient("bench", "1")
        self.arrived: dict[int, float] = {}
        self.logs: list[str] = []

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(ls, params):
            self.arrived.setdefault(params.version, time.perf_counter())

        @self.client.feature(types.WINDOW_LOG_MESSAGE)
        def logged(ls, params):
            self.logs.append(params.message)

    async def wait(self, version: int, timeout: float = 60.0) -> float:
        deadline = time.perf_counter() + timeout
        while version not in self.arrived:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"no diagnostics for version {version}; log: {self.logs[-5:]}")
            await asyncio.sleep(0.001)
        return self.arrived[version]

    def edit(self, uri: str, version: int, line: int, text: str, delete: bool) -> float:
        start = types.Position(line, 0)
        end = types.Position(line, 1 if delete else 0)
        change = types.TextDocumentContentChangePartial(range=types.Range(start, end), text="" if delete else text)
        identifier = types.VersionedTextDocumentIdentifier(version=version, uri=uri)
        sent = time.perf_counter()
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(identifier, [change]))
        return sent


def _lint_ms(logs: list[str], version: int) -> float | None:
    for line in logs:
        m = re.search(rf" v{version} done in (\d+) ms", line)
        if m:
            return float(m.group(1))
    return None


async def main(note: Path, edits: int, pause: float) -> None:
    editor = Editor()
    await editor.client.start_io(sys.executable, "-m", "algoverify", "lsp", cwd=str(ROOT))
    await editor.client.initialize_async(
        types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=ROOT.as_uri())
    )
    editor.client.initialized(types.InitializedParams())
    text = note.read_text(encoding="utf-8")
    uri = note.resolve().as_uri()
    started = time.perf_counter()
    editor.client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "markdown", 1, text))
    )
    first = await editor.wait(1) - started
    # a prose line: the first line after the front matter that is not blank
    body = text.index("\n---\n", 4) + 5
    line = text[:body].count("\n") + next(i for i, s in enumerate(text[body:].split("\n")) if s.strip())

    version, waits, lints = 1, [], []
    for i in range(edits):
        await asyncio.sleep(pause)
        version += 1
        sent = editor.edit(uri, version, line, "x", delete=i % 2 == 1)
        waits.append((await editor.wait(version) - sent) * 1000)
        lints.append(_lint_ms(editor.logs, version))
    bursts = []
    for _ in range(5):
        await asyncio.sleep(pause)
        for k in range(5):
            version += 1
            sent = editor.edit(uri, version, line, "x", delete=k % 2 == 1)
            if k < 4:
                await asyncio.sleep(0.04)
        bursts.append((await editor.wait(version) - sent) * 1000)
    await editor.client.shutdown_async(None)
    editor.client.exit(None)
    await editor.client.stop()

    print(f"note: {note.relative_to(ROOT) if note.is_relative_to(ROOT) else note} ({len(text):,} characters)")
    print(f"first diagnostics after opening (server start and warm-up included): {first * 1000:.0f} ms")
    q = statistics.quantiles(waits, n=10)
    print(
        f"after an edit ({edits} edits, {pause:.1f} s apart): median {statistics.median(waits):.1f} ms, "
        f"p90 {q[-1]:.1f} ms, min {min(waits):.1f} ms, max {max(waits):.1f} ms"
    )
    known = [x for x in lints if x is not None]
    if known:
        print(f"  of which the lint itself (server's log, whole ms): median {statistics.median(known):.0f} ms")
    print(
        f"after the last keystroke of a burst (5 bursts of 5, 40 ms apart): median {statistics.median(bursts):.1f} ms"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--note", type=Path, default=None, help="the note to edit (default: the corpus's largest)")
    parser.add_argument("--edits", type=int, default=20)
    parser.add_argument("--pause", type=float, default=0.5, help="seconds between edits (past the debounce)")
    args = parser.parse_args()
    chosen = args.note or max((ROOT / "corpus").glob("*.md"), key=lambda p: p.stat().st_size)
    asyncio.run(main(chosen.resolve(), args.edits, args.pause))
