"""Messages between our processes as JSON frames on a pipe: data that runs nothing when it is read.

A note's module runs in a worker forked from the run, so it can reach every pipe the worker
inherited (through its file descriptors, or ``/proc``) and write anything on it. What a parent
reads there is therefore parsed as JSON and nothing else: never unpickled, never imported. A
frame is a length (8 hexadecimal digits and a newline) and that many bytes of UTF-8 JSON.
Bytes that are not such a frame raise :class:`Malformed`; the caller ends the process that sent
them and reports it, as it reports any other death of that process.

This module knows bytes and JSON only: what a message means is its callers' business.
"""

from __future__ import annotations

import json
import os
import select
from typing import Any

__all__ = ["MAX_FRAME", "PRIVATE", "Malformed", "Reader", "encode", "write"]

#: Largest frame a reader accepts: a report with large arrays in it fits, a forged length does not.
MAX_FRAME = 1 << 30
#: Pipes of this process that a note's worker forked from it closes before the note's code runs
#: (a lane's own pipes to the run): what the note's code cannot hold it cannot write on.
PRIVATE: set[int] = set()
#: Width of a frame's length, in hexadecimal digits (a newline follows it).
_WIDTH = 8


class Malformed(ValueError):
    """What came on a pipe is not a message of ours (bad framing, not JSON, or not the expected shape)."""


def encode(message: Any) -> bytes:
    """The frame of ``message``: JSON (no NaN, nothing but lists, dicts, strings, numbers, booleans, null).

    :raises TypeError, ValueError: for a value JSON does not hold as data (the sender's bug).
    """
    text = json.dumps(message, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    body = text.encode("utf-8", "surrogatepass")  # a lone surrogate (a path's undecodable byte) kept
    if len(body) > MAX_FRAME:
        raise ValueError(f"a message of {len(body)} bytes is larger than the {MAX_FRAME} a frame may hold")
    return b"%08x\n" % len(body) + body


def write(fd: int, message: Any) -> None:
    """Write the frame of ``message`` whole on ``fd`` (a blocking pipe)."""
    view = memoryview(encode(message))
    while view:
        view = view[os.write(fd, view) :]


class Reader:
    """Frames read from one pipe without ever blocking past a deadline: :meth:`poll`, then :meth:`messages`."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        os.set_blocking(fd, False)
        self._buffer = bytearray()
        self._pending: list[Any] = []  # parsed by next() and not handed out yet
        #: the writers have all closed the pipe
        self.closed = False

    def poll(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for bytes (or the end); read what came; whether anything did."""
        if self.closed:
            return True
        ready, _, _ = select.select([self.fd], [], [], max(0.0, timeout))
        if not ready:
            return False
        self.fill()
        return True

    def fill(self) -> None:
        """Read whatever the pipe holds now (the fd is non-blocking)."""
        while not self.closed:
            try:
                chunk = os.read(self.fd, 1 << 20)
            except BlockingIOError:
                return
            except InterruptedError:
                continue
            if not chunk:
                self.closed = True
                return
            self._buffer += chunk

    def messages(self) -> list[Any]:
        """The complete messages read so far, in order; a partial frame stays for later.

        :raises Malformed: for bytes that do not frame a JSON message (the stream cannot be resynchronised).
        """
        out = []
        while len(self._buffer) > _WIDTH:
            head = bytes(self._buffer[: _WIDTH + 1])
            if head[_WIDTH:] != b"\n" or not all(c in b"0123456789abcdef" for c in head[:_WIDTH]):
                raise Malformed(f"not a frame: it starts with {bytes(self._buffer[:16])!r}")
            size = int(head[:_WIDTH], 16)
            if size > MAX_FRAME:
                raise Malformed(f"a frame of {size} bytes is larger than the {MAX_FRAME} allowed")
            if len(self._buffer) < _WIDTH + 1 + size:
                break
            body = bytes(self._buffer[_WIDTH + 1 : _WIDTH + 1 + size])
            del self._buffer[: _WIDTH + 1 + size]
            out.append(decode(body))
        return out

    def next(self) -> Any:
        """The next message, waiting as long as it takes; ``None`` once the pipe has ended.

        :raises Malformed: as :meth:`messages`.
        """
        while not self._pending:
            self._pending.extend(self.messages())
            if self._pending:
                break
            if self.closed:
                return None
            self.poll(3600.0)
        return self._pending.pop(0)

    @property
    def partial(self) -> bool:
        """Whether bytes of an unfinished frame wait in the buffer (a writer died mid-frame)."""
        return bool(self._buffer)

    def close(self) -> None:
        """Close the pipe, once (a closed fd's number may name another file since)."""
        if self.fd >= 0:
            try:
                os.close(self.fd)
            except OSError:
                pass
            self.fd = -1


def decode(body: bytes) -> Any:
    """The JSON value of a frame's body.

    :raises Malformed: for bytes that are not UTF-8 JSON (or nest past the parser's depth).
    """
    try:
        return json.loads(body.decode("utf-8", "surrogatepass"))
    except (ValueError, RecursionError) as exc:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        raise Malformed(f"not JSON: {type(exc).__name__}") from None
