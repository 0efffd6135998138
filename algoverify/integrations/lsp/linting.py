"""When each open note is linted: at once after a pause, once per burst of edits, never for a stale text.

A lint runs in this process, on one thread of its own (the event loop keeps reading the editor's
messages meanwhile), so the parsers are built once and stay warm. Edits are debounced: an edit
after a quiet spell (``delay`` seconds with no edit) is linted at once; an edit within that spell
waits until ``delay`` passes with no further edit, so a burst of typing is linted once, at its end.
A lint is for one version of the note, and its result is dropped when the note has changed since
(a lint cannot be stopped half way, but its answer is never shown); a lint still waiting for the
thread when its note changes does not start at all. Imports nothing of pygls.
"""

from __future__ import annotations

import asyncio
import functools
import math
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

__all__ = ["Linter", "OpenNote"]


@dataclass
class OpenNote:
    """An open note: its latest text, and what was found for which version of it."""

    path: Path
    text: str
    version: int
    #: loop time of the latest edit
    changed_at: float = -math.inf
    #: the lint report of :attr:`linted`'s version
    report: Any = None
    linted: int | None = None
    #: the outcomes ``check`` cached, and the text they are for
    outcomes: list = field(default_factory=list)
    outcomes_text: str | None = None
    timer: asyncio.TimerHandle | None = None


class Linter:
    """The open notes, their debounced lints on one worker thread, and what each lint found.

    :param lint: ``(path, text) -> report``, run on the worker thread.
    :param done: called on the event loop with the note's URI when a lint of its latest version is done.
    :param log: called on the event loop with a line about each lint (started, done, dropped).
    """

    def __init__(
        self,
        lint: Callable[[Path, str], Any],
        done: Callable[[str], None],
        log: Callable[[str], None],
        delay: float = 0.15,
    ) -> None:
        self._lint, self._done, self._log = lint, done, log
        self.delay = delay
        self.notes: dict[str, OpenNote] = {}
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="algoverify-lint")

    def opened(self, uri: str, path: Path, text: str, version: int) -> None:
        """A note was opened: lint it at once."""
        self.notes[uri] = OpenNote(path, text, version)
        self.changed(uri, text, version)

    def changed(self, uri: str, text: str, version: int) -> None:
        """The note's text is now ``text`` (``version``): lint it now after a pause, else when the edits pause."""
        note = self.notes.get(uri)
        if note is None:
            return
        loop = asyncio.get_running_loop()
        now = loop.time()
        quiet = now - note.changed_at >= self.delay
        note.text, note.version, note.changed_at = text, version, now
        if note.timer is not None:
            note.timer.cancel()  # the waiting lint is for an older text
        note.timer = loop.call_later(0 if quiet else self.delay, self._start, uri)

    def closed(self, uri: str) -> None:
        """The note was closed: nothing more is linted or reported for it."""
        note = self.notes.pop(uri, None)
        if note is not None and note.timer is not None:
            note.timer.cancel()

    def _start(self, uri: str) -> None:
        note = self.notes.get(uri)
        if note is not None:
            note.timer = None
            asyncio.ensure_future(self._run(uri, note, note.version))

    def _current(self, uri: str, note: OpenNote, version: int) -> bool:
        return self.notes.get(uri) is note and note.version == version

    async def _run(self, uri: str, note: OpenNote, version: int) -> None:
        loop = asyncio.get_running_loop()
        path, text = note.path, note.text
        name = path.name

        def work() -> Any:
            if not self._current(uri, note, version):
                return None  # edited while this lint waited for the thread: it never starts
            loop.call_soon_threadsafe(self._log, f"lint of {name} v{version} started")
            started = time.perf_counter()
            report = self._lint(path, text)
            return report, time.perf_counter() - started

        try:
            result = await loop.run_in_executor(self.worker, work)
        except Exception as exc:  # noqa: BLE001 - our bug: said in the log, and the server goes on
            self._log(f"lint of {name} v{version} failed: {type(exc).__name__}: {exc}")
            return
        if result is None:
            self._log(f"lint of {name} v{version} not started: edited since")
            return
        report, seconds = result
        if not self._current(uri, note, version):
            self._log(f"lint of {name} v{version} dropped after {seconds * 1000:.0f} ms: edited while it ran")
            return
        note.report, note.linted = report, version
        self._log(f"lint of {name} v{version} done in {seconds * 1000:.0f} ms")
        self._done(uri)

    async def report(self, uri: str) -> tuple[Any, str] | None:
        """The lint report of the note's latest text, and that text (linted now if it is not yet)."""
        note = self.notes.get(uri)
        if note is None:
            return None
        if note.linted == note.version:
            return note.report, note.text
        version, path, text = note.version, note.path, note.text
        report = await asyncio.get_running_loop().run_in_executor(self.worker, self._lint, path, text)
        if self._current(uri, note, version) and note.linted != version:
            note.report, note.linted = report, version
        return report, text

    async def call(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """``fn(*args, **kwargs)`` on the worker thread, after the lints before it."""
        return await asyncio.get_running_loop().run_in_executor(self.worker, functools.partial(fn, *args, **kwargs))

    def stop(self) -> None:
        """Let no more lints start."""
        for note in self.notes.values():
            if note.timer is not None:
                note.timer.cancel()
        self.notes.clear()
        self.worker.shutdown(wait=False, cancel_futures=True)
