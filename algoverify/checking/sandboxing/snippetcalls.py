"""Calls into a Python snippet's functions, each answered by one sandboxed worker that ran the snippet.

Consumes the source of a Python block; produces a :class:`SnippetSession` that runs the block
once in a worker under the snippet sandbox (:mod:`algoverify.checking.sandboxing.sandbox`: the same limits,
environment, fresh folders, network namespace and sweep as a snippet run) and then calls its
top-level functions on numeric arguments. Requests and replies travel on the worker's stdin
and stdout, as JSON lines each followed by the raw bytes of its arrays (the codec is
:mod:`algoverify.checking.sandboxing.snippetworker`); what the snippet prints goes to its stderr, which
we drain and keep the end of.

Every call has a wall-clock limit; a call past it has its worker killed, and the next call
starts a fresh one (running the snippet again). POSIX only: the pipes are read with ``poll``.
"""

from __future__ import annotations

import ast
import contextlib
import inspect
import math
import os
import select
import signal
import threading
import time
from functools import cache
from pathlib import Path
from typing import IO, Any, Callable, NoReturn

from ...records import frozen
from .sandbox import Limits, Outcome, Sandboxed
from .snippets import child_env, interpreter_args, snippet_root, warm_interpreter
from .snippetworker import MAX_MESSAGE, SNIPPET_FILE, Blob, Unencodable, decode, encode, frame, header

__all__ = [
    "SnippetSession",
    "FunctionSignature",
    "Parameter",
    "defined_functions",
    "SnippetError",
    "SnippetImportError",
    "SnippetCallError",
    "SnippetCallTimeout",
    "SnippetCrashed",
    "SnippetOutOfMemory",
    "SnippetResultError",
    "SnippetArgumentError",
    "UnknownSnippetFunction",
    "Unencodable",
]

#: Bytes kept of the end of what the worker wrote on stderr (the snippet's prints and errors).
_LOG_TAIL = 64 << 10
#: Seconds a worker gets to exit after its request pipe closes, or after it reported its death.
_EXIT_GRACE = 2.0
#: Hard CPU-time limit of one worker, in seconds: a backstop only, since each call sets its own.
_WORKER_CPU = 3600
#: Text in the worker's stderr that says it ran out of memory (as in :mod:`.snippets`).
_MEMORY_MARKERS = ("MemoryError", "Cannot allocate memory")


# --------------------------------------------------------------------------- errors


class SnippetError(Exception):
    """Something about the snippet or its worker; ``line`` is the 1-based snippet line, when known."""

    def __init__(self, message: str, *, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


class SnippetImportError(SnippetError):
    """The snippet failed when run to define its functions (nothing can be called).

    ``type_name`` is the exception's type (``SyntaxError``, ``ModuleNotFoundError``, …) or
    ``None`` when the worker died or timed out; ``output`` the end of what it wrote on stderr.
    """

    def __init__(
        self,
        message: str,
        *,
        line: int | None = None,
        type_name: str | None = None,
        timed_out: bool = False,
        out_of_memory: bool = False,
        output: str = "",
    ) -> None:
        super().__init__(message, line=line)
        self.type_name = type_name
        self.timed_out = timed_out
        self.out_of_memory = out_of_memory
        self.output = output


class SnippetCallError(SnippetError):
    """The function raised ``type_name`` (``ZeroDivisionError``, ``numpy.linalg.LinAlgError``), message ``error``."""

    def __init__(self, function: str, type_name: str, error: str, *, line: int | None, traceback: str) -> None:
        where = f" (snippet line {line})" if line is not None else ""
        super().__init__(f"{function} raised {type_name}: {error}{where}", line=line)
        self.function = function
        self.type_name = type_name
        self.error = error
        self.traceback = traceback


class SnippetCallTimeout(SnippetError):
    """The function did not return within ``seconds`` (wall clock, or CPU when ``cpu``); its worker was killed."""

    def __init__(self, function: str, seconds: float, *, cpu: bool = False) -> None:
        clock = "CPU" if cpu else "wall-clock"
        super().__init__(f"{function} did not return within {seconds:g} s ({clock} time)")
        self.function = function
        self.seconds = seconds
        self.cpu = cpu


class SnippetOutOfMemory(SnippetError):
    """The call ran out of the worker's address space (a ``MemoryError``, or the worker died of it)."""

    def __init__(self, function: str, memory_mb: int, *, line: int | None = None) -> None:
        super().__init__(f"{function} ran out of the {memory_mb} MB it may use", line=line)
        self.function = function
        self.memory_mb = memory_mb


class SnippetCrashed(SnippetError):
    """The worker died during the call (a signal, ``os._exit``) or broke the reply protocol."""

    def __init__(self, function: str, reason: str, *, returncode: int | None = None, output: str = "") -> None:
        super().__init__(f"the worker died while {function} ran: {reason}")
        self.function = function
        self.returncode = returncode
        self.output = output


class SnippetResultError(SnippetError):
    """The function returned something that is not numeric data; ``what`` says which part and its type."""

    def __init__(self, function: str, what: str) -> None:
        super().__init__(f"{function} returned a value algoverify cannot compare: {what}")
        self.function = function
        self.what = what


class SnippetArgumentError(SnippetError, TypeError):
    """The arguments do not fit the function's parameters (checked here: nothing ran)."""


class UnknownSnippetFunction(SnippetError, LookupError):
    """The snippet defines no top-level function of that name; ``available`` lists those it does."""

    def __init__(self, function: str, available: tuple[str, ...]) -> None:
        names = ", ".join(available) or "none"
        super().__init__(f"the snippet defines no function {function!r} (it defines: {names})")
        self.function = function
        self.available = available


# --------------------------------------------------------------------------- signatures


@frozen
class Parameter:
    """One parameter of a snippet function: ``kind`` is an :class:`inspect.Parameter` kind name."""

    name: str
    kind: str  # POSITIONAL_ONLY, POSITIONAL_OR_KEYWORD, VAR_POSITIONAL, KEYWORD_ONLY, VAR_KEYWORD
    required: bool


@frozen
class FunctionSignature:
    """A top-level ``def`` of the snippet as its source states it: name, line, parameters."""

    name: str
    line: int
    parameters: tuple[Parameter, ...]
    decorated: bool = False

    @property
    def names(self) -> tuple[str, ...]:
        """The parameters an argument can be passed to by name, in order (no ``*args``, ``**kw``)."""
        return tuple(p.name for p in self.parameters if p.kind in ("POSITIONAL_OR_KEYWORD", "KEYWORD_ONLY"))

    @property
    def required(self) -> tuple[str, ...]:
        """The parameters without a default (``*args`` and ``**kw`` excluded)."""
        return tuple(p.name for p in self.parameters if p.required)

    def bind(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        """Check that a call with ``args`` and ``kwargs`` fits these parameters.

        :raises SnippetArgumentError: with Python's own wording (``missing a required argument: 'x'``).
        """
        try:
            _inspect_signature(self).bind(*args, **kwargs)
        except TypeError as exc:
            raise SnippetArgumentError(f"{self.name}{_inspect_signature(self)}: {exc}", line=self.line) from None


class _Default:
    """Stands for a default value, which the source states but we do not evaluate."""

    def __repr__(self) -> str:
        return "…"


@cache
def _inspect_signature(sig: FunctionSignature) -> inspect.Signature:
    empty = inspect.Parameter.empty
    kinds = inspect.Parameter
    return inspect.Signature(
        [
            inspect.Parameter(p.name, getattr(kinds, p.kind), default=empty if p.required else _Default())
            for p in sig.parameters
        ]
    )


def defined_functions(code: str) -> dict[str, FunctionSignature]:
    """The functions the snippet's top level defines with ``def``, from its source alone (nothing runs).

    A name defined twice keeps its last definition. ``async def`` and nested ``def`` are left out.

    :raises SnippetImportError: if the code is not valid Python (``type_name`` ``SyntaxError``, with its line).
    """
    try:
        tree = ast.parse(code, filename=SNIPPET_FILE)
    except SyntaxError as exc:
        raise SnippetImportError(
            f"the snippet is not valid Python: {exc.msg} (snippet line {exc.lineno})",
            line=exc.lineno,
            type_name="SyntaxError",
        ) from None
    found: dict[str, FunctionSignature] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            found.pop(node.name, None)  # the last definition wins, in its own place
            found[node.name] = FunctionSignature(
                node.name, node.lineno, _parameters(node.args), decorated=bool(node.decorator_list)
            )
    return found


def _parameters(args: ast.arguments) -> tuple[Parameter, ...]:
    positional = [(a.arg, "POSITIONAL_ONLY") for a in args.posonlyargs] + [
        (a.arg, "POSITIONAL_OR_KEYWORD") for a in args.args
    ]
    first_default = len(positional) - len(args.defaults)
    out = [Parameter(name, kind, i < first_default) for i, (name, kind) in enumerate(positional)]
    if args.vararg is not None:
        out.append(Parameter(args.vararg.arg, "VAR_POSITIONAL", False))
    for a, default in zip(args.kwonlyargs, args.kw_defaults):
        out.append(Parameter(a.arg, "KEYWORD_ONLY", default is None))
    if args.kwarg is not None:
        out.append(Parameter(args.kwarg.arg, "VAR_KEYWORD", False))
    return tuple(out)


# --------------------------------------------------------------------------- the session


class SnippetSession:
    """One sandboxed worker that ran a snippet, serving calls to its functions; use as a context manager.

    ``timeout`` limits the snippet's run (at the start and at each restart), ``call_timeout``
    each call, in wall-clock seconds (each also gets as many CPU seconds, plus one);
    ``memory_mb`` is the worker's address space, as for a snippet run. Not thread-safe, and
    the worker must be started from a thread that outlives it (the sandbox's supervisor ends
    the worker when the thread that started it exits).

    :raises SnippetImportError: from the constructor when the code is not valid Python, from
        ``__enter__`` (or a :meth:`call` that restarts the worker) when running it fails.
    :raises ValueError: if a limit is not positive.
    """

    def __init__(
        self,
        code: str,
        *,
        timeout: float = 10.0,
        call_timeout: float = 10.0,
        memory_mb: int = 1024,
        max_processes: int = 256,
    ) -> None:
        if min(timeout, call_timeout, memory_mb, max_processes) <= 0:
            raise ValueError(
                f"limits must be positive, got timeout={timeout} call_timeout={call_timeout} "
                f"memory_mb={memory_mb} max_processes={max_processes}"
            )
        self.code = code
        self.timeout = timeout
        self.call_timeout = call_timeout
        self.memory_mb = memory_mb
        self._signatures = defined_functions(code)
        self._limits = Limits(
            timeout=timeout, memory_bytes=memory_mb << 20, cpu_seconds=_WORKER_CPU, max_processes=max_processes
        )
        self._folders = contextlib.ExitStack()
        self._root: Path | None = None
        self._worker: _Worker | None = None
        self._functions: tuple[str, ...] | None = None
        self._plain: frozenset[str] = frozenset()
        self._closed = False
        #: how many times a worker was started after the first (after a timeout or a crash)
        self.restarts = 0
        self._output = ""

    def __enter__(self) -> SnippetSession:
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def start(self) -> None:
        """Start the worker and run the snippet, unless a worker is running already."""
        if self._closed:
            raise SnippetError("the session is closed")
        if self._worker is not None:
            return
        if self._root is None:
            self._root = self._folders.enter_context(snippet_root())
        if self._functions is not None:
            self.restarts += 1
        worker = _Worker(self._root, self._limits)
        listed = [[name, sig.line] for name, sig in self._signatures.items()]
        request = {
            "run": self.code,
            "functions": listed,
            "cpu": _cpu(self.timeout),
            "call_cpu": _cpu(self.call_timeout),
        }
        try:
            reply, _ = worker.exchange(request, self.timeout)
        except _Late:
            worker.stop(0)
            self._output = worker.log.text()
            raise SnippetImportError(
                f"the snippet did not finish within {self.timeout:g} s", timed_out=True, output=self._output
            ) from None
        except _Gone as gone:
            self._import_died(worker, gone)
        except BaseException:  # KeyboardInterrupt, say: never leave the worker behind
            worker.stop(0)
            raise
        ready = reply.get("ready")
        if not isinstance(ready, dict):
            worker.stop(_EXIT_GRACE if "raised" in reply else 0)
            self._output = worker.log.text()
            self._import_failed(reply, self._output)
        self._worker = worker
        names = set(ready.get("functions") or ())
        self._functions = tuple(name for name in self._signatures if name in names)
        self._plain = frozenset(ready.get("plain") or ())

    def _import_died(self, worker: _Worker, gone: _Gone) -> NoReturn:
        outcome = worker.stop(_EXIT_GRACE if gone.ended else 0)
        self._output = worker.log.text()
        memory = any(marker in self._output for marker in _MEMORY_MARKERS)
        reason = f"ran out of the {self.memory_mb} MB it may use" if memory else _death(outcome, gone.reason)
        raise SnippetImportError(f"the snippet's worker {reason}", out_of_memory=memory, output=self._output)

    def _import_failed(self, reply: dict[str, Any], output: str) -> NoReturn:
        raised = reply.get("raised")
        if not isinstance(raised, dict):
            raise SnippetImportError(f"the snippet's worker answered {str(reply)[:200]}", output=output)
        type_name = str(raised.get("type", "an error"))
        line = raised.get("line") if isinstance(raised.get("line"), int) else None
        where = f" (snippet line {line})" if line is not None else ""
        memory = bool(raised.get("memory"))
        message = (
            f"the snippet ran out of the {self.memory_mb} MB it may use{where}"
            if memory
            else f"the snippet raised {type_name}: {raised.get('message', '')}{where}"
        )
        raise SnippetImportError(message, line=line, type_name=type_name, out_of_memory=memory, output=output)

    @property
    def output(self) -> str:
        """The end of what the snippet printed (stdout and stderr, one stream) in the latest worker, so far."""
        if self._worker is None:
            return self._output
        self._worker.log.settle()  # what it printed before its last reply may still be on its way through the pipe
        return self._worker.log.text()

    def functions(self) -> tuple[str, ...]:
        """The snippet's top-level functions, in source order: defined by ``def``, callable after its run."""
        if self._functions is None:
            self.start()
        assert self._functions is not None
        return self._functions

    def signature(self, function: str) -> FunctionSignature:
        """The parameters of ``function`` as its ``def`` states them.

        :raises UnknownSnippetFunction: if it is not one of :meth:`functions`.
        """
        if function not in self.functions():
            raise UnknownSnippetFunction(function, self.functions())
        return self._signatures[function]

    def call(self, function: str, /, *args: Any, **kwargs: Any) -> Any:
        """Call ``function(*args, **kwargs)`` in the worker and return its result.

        Arguments and results are bools, ints, floats, complex numbers, numpy arrays and scalars
        of numeric dtypes (dtype, shape, NaN and infinities kept bit for bit), and lists, tuples
        and str-keyed dicts of those; a tuple comes back a tuple. The function gets copies: it
        cannot change the caller's arrays. State the snippet keeps (globals, random generators)
        persists from call to call until a restart.

        :raises UnknownSnippetFunction: ``function`` is not one of :meth:`functions`.
        :raises SnippetArgumentError: the arguments do not fit its ``def`` (nothing ran).
        :raises Unencodable: an argument is not numeric data (a ``TypeError``).
        :raises SnippetCallError: the function raised.
        :raises SnippetCallTimeout: it did not return in time; the worker was killed.
        :raises SnippetOutOfMemory: it ran out of memory.
        :raises SnippetCrashed: the worker died or broke the protocol during the call.
        :raises SnippetResultError: it returned something that is not numeric data.
        :raises SnippetImportError: a worker restarted for this call could not run the snippet.
        """
        signature = self.signature(function)
        if function in self._plain:
            signature.bind(args, kwargs)
        blob = Blob()
        request = {
            "call": function,
            "args": [encode(a, blob, f"argument {i + 1}") for i, a in enumerate(args)],
            "kwargs": {k: encode(v, blob, f"argument {k}") for k, v in kwargs.items()},
        }
        self.start()
        worker = self._worker
        assert worker is not None
        mark = worker.log.mark()
        try:
            reply, arrays = worker.exchange(request, self.call_timeout, blob)
        except _Late:
            self._drop(0)
            raise SnippetCallTimeout(function, self.call_timeout) from None
        except _Gone as gone:
            outcome = self._drop(_EXIT_GRACE if gone.ended else 0)
            self._died(function, outcome, gone, worker.log.since(mark))
        except BaseException:  # interrupted mid-call: its reply would be read as the next one's
            self._drop(0)
            raise
        if "value" in reply:
            try:
                return decode(reply["value"], arrays)
            except (ValueError, RecursionError) as exc:
                self._drop(0)
                raise SnippetCrashed(function, f"its reply is not a value ({exc})") from None
        if "raised" in reply:
            raised = reply["raised"] if isinstance(reply["raised"], dict) else {}
            line = raised.get("line") if isinstance(raised.get("line"), int) else None
            if raised.get("memory"):
                raise SnippetOutOfMemory(function, self.memory_mb, line=line)
            raise SnippetCallError(
                function,
                str(raised.get("type")),
                str(raised.get("message")),
                line=line,
                traceback=str(raised.get("traceback", "")),
            )
        if "unencodable" in reply:
            raise SnippetResultError(function, str(reply["unencodable"]))
        self._drop(0)
        raise SnippetCrashed(function, f"it answered {str(reply)[:200]}")

    def _died(self, function: str, outcome: Outcome, gone: _Gone, output: str) -> NoReturn:
        if outcome.returncode == -signal.SIGXCPU:
            raise SnippetCallTimeout(function, _cpu(self.call_timeout) + 1, cpu=True)
        if any(marker in output for marker in _MEMORY_MARKERS):
            raise SnippetOutOfMemory(function, self.memory_mb)
        raise SnippetCrashed(function, _death(outcome, gone.reason), returncode=outcome.returncode, output=output)

    def _drop(self, grace: float) -> Outcome:
        """End the worker (waiting ``grace`` seconds for it to exit); the next call starts another."""
        worker, self._worker = self._worker, None
        assert worker is not None
        outcome = worker.stop(grace)
        self._output = worker.log.text()
        return outcome

    def close(self) -> None:
        """End the worker and every process it started, and remove its folders; idempotent."""
        if self._closed:
            return
        self._closed = True
        try:
            if self._worker is not None:
                self._drop(_EXIT_GRACE)
        finally:
            self._folders.close()


def _cpu(seconds: float) -> int:
    return math.ceil(seconds)


def _death(outcome: Outcome, reason: str) -> str:
    if outcome.returncode is not None and outcome.returncode < 0:
        try:
            return f"was killed by {signal.Signals(-outcome.returncode).name}"
        except ValueError:
            return f"was killed by signal {-outcome.returncode}"
    if outcome.returncode is not None and reason == "it closed its reply pipe":
        return f"exited with status {outcome.returncode}"
    return reason


# --------------------------------------------------------------------------- the worker, our side


class _Late(Exception):
    """The worker did not answer before the deadline."""


class _Gone(Exception):
    """The worker ended (``ended``) or sent something that is not a reply."""

    def __init__(self, reason: str, ended: bool) -> None:
        super().__init__(reason)
        self.reason = reason
        self.ended = ended


@cache
def _worker_source() -> str:
    return Path(__file__).with_name("snippetworker.py").read_text(encoding="utf-8")


class _Worker:
    """The sandboxed worker process and our ends of its pipes."""

    def __init__(self, root: Path, limits: Limits) -> None:
        if os.name != "posix":
            raise SnippetError("calling a snippet's functions needs POSIX (pipes read with poll)")
        env = child_env(root)
        self.box = Sandboxed(
            interpreter_args(_worker_source()),
            cwd=root / "work",
            env=env,
            warm=warm_interpreter(env),
            limits=limits,
            stdin=True,
            pid_namespace=True,  # as a snippet run: no pid outside the worker is its to signal
        )
        assert self.box.stdin is not None
        self._in = self.box.stdin.fileno()
        self._out = self.box.stdout.fileno()
        os.set_blocking(self._in, False)  # a worker that stops reading must not block our write
        self._readable = select.poll()
        self._readable.register(self._out, select.POLLIN)
        self._writable = select.poll()
        self._writable.register(self._in, select.POLLOUT)
        self._buffer = bytearray()
        self.log = _Tail(self.box.stderr)
        self._outcome: Outcome | None = None

    def exchange(
        self, message: dict[str, Any], timeout: float, blob: Blob | None = None
    ) -> tuple[dict[str, Any], bytes]:
        """Send one request (its arrays in ``blob``) and return the reply and the bytes of its arrays.

        :raises _Late: past ``timeout`` seconds. :raises _Gone: the worker ended or sent garbage.
        """
        deadline = time.monotonic() + timeout
        self._send(frame(message, blob or Blob()), deadline)
        line = self._receive(deadline, self._line_end)
        try:
            reply, size = header(bytes(self._buffer[:line]))
        except ValueError as exc:
            raise _Gone(f"its reply is not one ({exc})", ended=False) from None
        del self._buffer[: line + 1]
        self._receive(deadline, lambda _: size if len(self._buffer) >= size else -1)
        arrays = bytes(self._buffer[:size])
        del self._buffer[:size]
        return reply, arrays

    def _line_end(self, searched: int) -> int:
        return self._buffer.find(b"\n", searched)

    def _send(self, data: bytes, deadline: float) -> None:
        view = memoryview(data)
        while view:
            try:
                view = view[os.write(self._in, view) :]
            except BlockingIOError:
                if not self._readable_or_writable(self._writable, deadline):
                    raise _Late from None
            except BrokenPipeError:
                raise _Gone("it closed its request pipe", ended=True) from None

    def _receive(self, deadline: float, complete: Callable[[int], int]) -> int:
        """Read until ``complete(bytes already searched)`` finds an end in the buffer; return it."""
        searched = 0
        while True:
            end = complete(searched)
            if end >= 0:
                return end
            searched = len(self._buffer)
            if searched > MAX_MESSAGE:
                raise _Gone(f"its reply is longer than {MAX_MESSAGE} bytes", ended=False)
            if not self._readable_or_writable(self._readable, deadline):
                raise _Late
            chunk = os.read(self._out, 1 << 20)
            if not chunk:
                raise _Gone("it closed its reply pipe", ended=True)
            self._buffer += chunk

    @staticmethod
    def _readable_or_writable(poller: select.poll, deadline: float) -> bool:
        """Wait on ``poller`` until the deadline; whether its fd became ready (or hung up)."""
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            if poller.poll(math.ceil(remaining * 1000)):
                return True

    def stop(self, grace: float) -> Outcome:
        """Close its input, give it ``grace`` seconds to exit, then kill and sweep everything it started."""
        if self._outcome is None:
            with contextlib.suppress(OSError):
                self.box.stdin.close()  # type: ignore[union-attr]
            self._outcome = self.box.finish(grace)
            self.log.join(1.0)
            with contextlib.suppress(OSError):
                self.box.stdout.close()
        return self._outcome


class _Tail:
    """Drain a pipe on a thread, keeping its last :data:`_LOG_TAIL` bytes and a count of all bytes."""

    def __init__(self, pipe: IO[bytes]) -> None:
        self._pipe = pipe
        self._kept = bytearray()
        self._total = 0
        self._lock = threading.Lock()
        # a daemon thread: a pipe held open by an escaped grandchild must not hang our exit
        self._thread = threading.Thread(target=self._drain, daemon=True)
        self._thread.start()

    def _drain(self) -> None:
        with self._pipe:
            while chunk := os.read(self._pipe.fileno(), 65536):
                with self._lock:
                    self._kept += chunk
                    self._total += len(chunk)
                    del self._kept[: max(0, len(self._kept) - _LOG_TAIL)]

    def join(self, timeout: float) -> None:
        """Wait up to ``timeout`` seconds for the pipe to reach its end."""
        self._thread.join(timeout)

    def settle(self, quiet: float = 0.05, limit: float = 1.0) -> None:
        """Wait until nothing new has arrived for ``quiet`` seconds (at most ``limit``): the output so far is in."""
        deadline = time.monotonic() + limit
        while self._thread.is_alive() and time.monotonic() < deadline:
            before = self.mark()
            time.sleep(quiet)
            if self.mark() == before:
                return

    def mark(self) -> int:
        """A position in the stream, for :meth:`since`."""
        with self._lock:
            return self._total

    def since(self, mark: int) -> str:
        """What arrived after ``mark`` (as much of it as is still kept), decoded."""
        with self._lock:
            kept = bytes(self._kept[max(0, len(self._kept) - (self._total - mark)) :])
        return kept.decode("utf-8", errors="replace")

    def text(self) -> str:
        """Everything still kept, decoded."""
        return self.since(0)
