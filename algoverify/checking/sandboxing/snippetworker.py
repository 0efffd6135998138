"""The worker side of snippet calls: the message codec, and the loop that serves calls in the sandbox.

Consumes requests on fd 0 (the first runs the snippet, each next one calls one of its
functions); produces one reply per request on fd 1. A message is one line of JSON, then the raw
bytes of the arrays it holds: an array is written as its dtype, shape and offset into those
bytes, a tuple or a complex number as a tagged object, anything else as JSON's own numbers,
lists and objects. Nothing is ever pickled, and NaN, infinities and every last bit survive.

Our process imports this module for :func:`encode`, :func:`decode` and :func:`frame`; the
sandboxed worker runs its source text as ``python -c`` (see
:mod:`algoverify.checking.sandboxing.snippetcalls`), so it imports nothing from algoverify, and numpy only
once a value needs it.
"""

from __future__ import annotations

import json
import math
import os
import re
import sys
import traceback
import types
from typing import IO, Any

try:
    import resource
except ImportError:  # not POSIX: no per-call CPU limit, the wall-clock limit remains
    resource = None  # type: ignore[assignment]

#: The file name the snippet's code is compiled under, so its frames can be told from ours.
SNIPPET_FILE = "<snippet>"

#: Largest message (its JSON line and its array bytes) a worker sends and we accept: 64 MiB,
#: about eight million float64.
MAX_MESSAGE = 64 << 20

#: dtypes that travel: bool, signed and unsigned integers, floats and complex numbers, with
#: their byte order; never objects, strings, records or datetimes.
_DTYPE = re.compile(r"[<>|=][biufc][0-9]{1,2}\Z")


class Unencodable(TypeError):
    """A value that is not numeric data; the message says which part of it (``result[1]``) and its type."""


class Blob:
    """The raw bytes of one message's arrays, in the order they were encoded."""

    def __init__(self) -> None:
        self.parts: list[bytes] = []
        self.size = 0

    def add(self, data: bytes) -> int:
        """Append ``data``; return its offset."""
        offset = self.size
        self.parts.append(data)
        self.size += len(data)
        return offset


def frame(message: dict[str, Any], blob: Blob) -> bytes:
    """The bytes of a message: a JSON line ``{"n": size of the array bytes, "m": message}``, then those bytes."""
    return b"".join([(json.dumps({"n": blob.size, "m": message}) + "\n").encode(), *blob.parts])


def header(line: bytes) -> tuple[dict[str, Any], int]:
    """Parse a message's JSON line: the message and how many array bytes follow it.

    :raises ValueError: if it is not a header :func:`frame` writes.
    """
    try:
        data = json.loads(line)
    except RecursionError:
        raise ValueError("the message is nested too deeply") from None
    if not isinstance(data, dict) or not isinstance(data.get("m"), dict):
        raise ValueError("not a message")
    size = data.get("n")
    if not isinstance(size, int) or isinstance(size, bool) or not 0 <= size <= MAX_MESSAGE:
        raise ValueError(f"not a size of array bytes: {size!r}")
    return data["m"], size


def encode(value: Any, blob: Blob, where: str = "value") -> Any:
    """Return ``value`` as JSON data, the bytes of its arrays appended to ``blob``.

    :raises Unencodable: for anything that is not a bool, int, float, complex, numpy array or
        scalar of a numeric dtype, or a list, tuple or str-keyed dict of those.
    """
    if isinstance(value, bool):
        return value
    np = sys.modules.get("numpy")  # not imported: then no value can be a numpy one
    if np is not None:
        if isinstance(value, np.ndarray):
            return _encode_array(value, blob, where, "a")
        if isinstance(value, np.generic):
            return _encode_array(np.asarray(value), blob, where, "n")
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    if isinstance(value, complex):
        return {"$": "c", "r": value.real, "i": value.imag}
    if isinstance(value, list):
        return [encode(v, blob, f"{where}[{i}]") for i, v in enumerate(value)]
    if isinstance(value, tuple):
        return {"$": "t", "v": [encode(v, blob, f"{where}[{i}]") for i, v in enumerate(value)]}
    if isinstance(value, dict):
        for key in value:
            if not isinstance(key, str):
                raise Unencodable(f"{where} is a dict with a key of type {type(key).__name__}, not str")
        return {"$": "d", "v": {k: encode(v, blob, f"{where}[{k!r}]") for k, v in value.items()}}
    raise Unencodable(f"{where} is {_kind(value)}, not numbers")


def _encode_array(array: Any, blob: Blob, where: str, tag: str) -> dict[str, Any]:
    dtype = array.dtype.str
    if not _DTYPE.match(dtype):
        raise Unencodable(f"{where} is an array of dtype {array.dtype}, not numbers")
    return {"$": tag, "d": dtype, "s": list(array.shape), "o": blob.add(array.tobytes())}


def _kind(value: Any) -> str:
    """``a str ('abc')``, ``None``, ``a Foo object``: what a value is, in a few words."""
    if value is None:
        return "None"
    name = type(value).__name__
    if isinstance(value, (str, bytes)):
        shown = repr(value)
        return f"a {name} ({shown[:40] + '…' if len(shown) > 40 else shown})"
    return f"a {name} object"


def decode(data: Any, blob: bytes) -> Any:
    """Invert :func:`encode`, reading arrays from ``blob``; they come back writable, dtype and shape kept.

    :raises ValueError: for JSON data :func:`encode` does not produce, or bytes that do not fit it.
    """
    if isinstance(data, (bool, int, float)):
        return data
    if isinstance(data, list):
        return [decode(v, blob) for v in data]
    if not isinstance(data, dict):
        raise ValueError(f"not an encoded value: {type(data).__name__}")
    tag = data.get("$")
    if tag == "t":
        return tuple(decode(v, blob) for v in _field(data, "v", list))
    if tag == "c":
        return complex(_number(data.get("r")), _number(data.get("i")))
    if tag == "d":
        return {str(k): decode(v, blob) for k, v in _field(data, "v", dict).items()}
    if tag in ("a", "n"):
        return _decode_array(data, blob, scalar=tag == "n")
    raise ValueError(f"not an encoded value: tag {tag!r}")


def _decode_array(data: dict[str, Any], blob: bytes, scalar: bool) -> Any:
    import numpy as np

    dtype_text = _field(data, "d", str)
    if not _DTYPE.match(dtype_text):
        raise ValueError(f"not a numeric dtype: {dtype_text!r}")
    shape = _field(data, "s", list)
    if len(shape) > 32 or not all(_count(n) for n in shape):
        raise ValueError(f"not a shape: {shape!r}")
    offset = data.get("o")
    dtype = np.dtype(dtype_text)
    count = math.prod(shape)
    if not _count(offset) or offset + count * dtype.itemsize > len(blob):
        raise ValueError(f"an array {tuple(shape)} of {dtype} at byte {offset!r} does not fit in {len(blob)} bytes")
    array = np.frombuffer(blob, dtype=dtype, count=count, offset=offset).reshape(shape).copy()
    return array[()] if scalar else array


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _field(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    if not isinstance(value, kind):
        raise ValueError(f"field {key!r} is not a {kind.__name__}")
    return value


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"not a number: {value!r}")
    return float(value)


# --------------------------------------------------------------------------- the worker


def describe(exc: BaseException) -> dict[str, Any]:
    """The error reply for an exception: its type, message, the snippet line it came from, the traceback."""
    kind = type(exc)
    name = kind.__qualname__ if kind.__module__ == "builtins" else f"{kind.__module__}.{kind.__qualname__}"
    try:
        message = str(exc)
    except Exception:  # noqa: BLE001 - a __str__ that raises must not take the worker down
        message = f"<unprintable {name}>"
    line, first = None, None
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == SNIPPET_FILE:
            line = tb.tb_lineno  # the deepest frame of the snippet is where it went wrong
            first = first or tb
        tb = tb.tb_next
    if isinstance(exc, SyntaxError) and exc.filename == SNIPPET_FILE:
        line = exc.lineno
    # our own frames (the serve loop) are no use to a reader: start at the snippet's first
    text = "".join(traceback.format_exception(kind, exc, first))
    return {
        "type": name,
        "message": message[:2000],
        "line": line,
        "traceback": text[-4000:],
        "memory": isinstance(exc, MemoryError),
    }


def _limit_cpu(seconds: int) -> None:
    """Let the process use ``seconds`` more CPU seconds (SIGXCPU past them), within the hard limit."""
    if resource is None:
        return
    try:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        _soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
        soft = int(usage.ru_utime + usage.ru_stime) + seconds + 1
        if hard != resource.RLIM_INFINITY:
            soft = min(soft, hard)
        resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))
    except (ValueError, OSError):
        pass


def _reply(fd: int, message: dict[str, Any], blob: Blob | None = None) -> None:
    data = frame(message, blob or Blob())
    if len(data) > MAX_MESSAGE:
        too_large = f"the result takes {len(data)} bytes, more than the {MAX_MESSAGE} a reply may"
        data = frame({"unencodable": too_large}, Blob())
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _read(requests: IO[bytes]) -> tuple[dict[str, Any], bytes] | None:
    """The next request and its array bytes; ``None`` when the pipe is closed."""
    line = requests.readline()
    if not line:
        return None
    message, size = header(line)
    blob = requests.read(size)
    if len(blob) != size:
        return None
    return message, blob


def _run(request: dict[str, Any]) -> tuple[types.ModuleType | None, dict[str, Any]]:
    """Run the snippet as ``__main__`` and say which of the functions we were told of it defines."""
    import linecache

    code = request["run"]
    # tracebacks then quote the snippet's lines, as they would for a file
    linecache.cache[SNIPPET_FILE] = (len(code), None, code.splitlines(True), SNIPPET_FILE)
    module = types.ModuleType("__main__")
    sys.modules["__main__"] = module
    _limit_cpu(request["cpu"])
    try:
        # what `python -c` would do with the block, in this sandboxed worker only (never in ours)
        exec(compile(code, SNIPPET_FILE, "exec"), module.__dict__)
    except SystemExit as exc:
        if exc.code not in (None, 0):
            return None, {"raised": describe(exc)}
    except BaseException as exc:  # noqa: BLE001 - everything the snippet raises is its failure
        return None, {"raised": describe(exc)}
    found, plain = [], []
    for name, line in request["functions"]:
        function = module.__dict__.get(name)
        if callable(function):
            found.append(name)
            body = getattr(function, "__code__", None)
            # the def itself, not a decorator's wrapper: its parameters are the ones we parsed
            if body is not None and (body.co_filename, body.co_firstlineno) == (SNIPPET_FILE, line):
                plain.append(name)
    return module, {"ready": {"functions": found, "plain": plain}}


def _call(module: types.ModuleType, request: dict[str, Any], blob: bytes, cpu: int) -> tuple[dict[str, Any], Blob]:
    out = Blob()
    try:
        function = module.__dict__[request["call"]]
        args = [decode(a, blob) for a in request["args"]]
        kwargs = {str(k): decode(v, blob) for k, v in request["kwargs"].items()}
    except (KeyError, TypeError, ValueError, AttributeError, RecursionError) as exc:
        return {"protocol": f"bad request: {exc!r}"}, out
    _limit_cpu(cpu)
    try:
        result = function(*args, **kwargs)
    except BaseException as exc:  # noqa: BLE001 - SystemExit and KeyboardInterrupt in a call are its errors too
        return {"raised": describe(exc)}, out
    try:
        return {"value": encode(result, out, "the result")}, out
    except Unencodable as exc:
        return {"unencodable": str(exc)}, Blob()
    except RecursionError:
        return {"unencodable": "the result is nested too deeply"}, Blob()


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # noqa: BLE001 - a snippet may have replaced or closed them
            pass


def serve() -> None:
    """Run the snippet, then answer calls until the request pipe closes."""
    requests = os.fdopen(os.dup(0), "rb")
    replies = os.dup(1)
    # The snippet gets no input, and what it prints goes to stderr: it can never write into
    # the reply channel by printing (os.dup made both ends close on exec in its subprocesses).
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.dup2(2, 1)
    first = _read(requests)
    module, reply = _run(first[0]) if first is not None else (None, {"protocol": "no snippet"})
    _flush()
    _reply(replies, reply)
    while module is not None and first is not None:
        try:
            request = _read(requests)
        except ValueError as exc:
            _reply(replies, {"protocol": f"bad request: {exc}"})
            break  # the stream is out of step: nothing after this can be trusted
        if request is None:
            break
        reply, blob = _call(module, *request, first[0]["call_cpu"])
        _flush()  # what the call printed reaches the log before its reply reaches us
        _reply(replies, reply, blob)
    _flush()
    # the snippet's atexit handlers and finalizers had their run when it was run as printed
    os._exit(0 if module is not None else 1)


if __name__ == "__main__":
    serve()
