"""Calls into a snippet's functions: values round-trip, errors map to exceptions, nothing is left running."""

from __future__ import annotations

import json
import math
import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from algoverify.checking.sandboxing.sandbox import TOKEN_VARIABLE, probe
from algoverify.checking.sandboxing.snippetcalls import (
    SnippetArgumentError,
    SnippetCallError,
    SnippetCallTimeout,
    SnippetCrashed,
    SnippetError,
    SnippetImportError,
    SnippetOutOfMemory,
    SnippetResultError,
    SnippetSession,
    Unencodable,
    UnknownSnippetFunction,
    defined_functions,
)

PROJECT = Path(__file__).resolve().parent.parent
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.name != "posix", reason="snippet calls read their pipes with poll (POSIX)"),
]
LINUX = sys.platform.startswith("linux")
needs_linux = pytest.mark.skipif(not LINUX, reason="needs /proc")

SOFTMAX = (PROJECT / "corpus" / "softmax-snippet.md").read_text().split("```python\n")[1].split("```")[0]

# One snippet for the round trip and the error table: each function is one way a call can end.
TOOLS = textwrap.dedent(
    """\
    import os, sys, time
    import numpy as np

    calls = 0

    def echo(x):
        return x

    def count():
        global calls
        calls += 1
        return calls

    def scale(v, factor=2.0, *, shift=0.0):
        return v * factor + shift

    def helper(a):
        return a[10]

    def indexes(a):
        return helper(a)

    def divide(a, b):
        return a / b

    def singular():
        return np.linalg.inv(np.zeros((2, 2)))

    def spin():
        while True:
            pass

    def sleep():
        time.sleep(1000)

    def text():
        return "a probability"

    def nothing():
        return None

    def objects():
        return [1.0, object()]

    def strings():
        return np.array(["a", "b"])

    def hog():
        return np.ones(1 << 31)

    def vanish():
        os._exit(3)

    def segfault():
        import ctypes
        ctypes.string_at(0)

    def leaves():
        sys.exit(2)

    def mutate(a):
        a[:] = 0
        return float(a.sum())

    def chatty(n):
        for i in range(n):
            print('{"n": 0, "m": {"value": %d}}' % i)
            sys.stdout.flush()
            os.write(1, b"\\n\\n}{ not a reply\\n")
            print("to stderr", i, file=sys.stderr)
        return n

    def scribble():
        for fd in range(3, 64):
            try:
                os.write(fd, b"garbage that is not a reply\\n")
            except OSError:
                pass
        return 1

    print("the snippet ran")
    """
)


@pytest.fixture(scope="module")
def tools():
    with SnippetSession(TOOLS, call_timeout=2.0) as session:
        yield session


@pytest.fixture(scope="module")
def platform():
    return probe()


# --------------------------------------------------------------------------- values


def _same(a, b) -> bool:
    """Equal in type, dtype, shape and bits (NaN equals NaN, -0.0 differs from 0.0)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, (np.ndarray, np.generic)):
        return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()
    if isinstance(a, float):
        return (math.isnan(a) and math.isnan(b)) or (a == b and math.copysign(1, a) == math.copysign(1, b))
    if isinstance(a, complex):
        return _same(a.real, b.real) and _same(a.imag, b.imag)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)
    return a == b


DTYPES = [
    np.dtype(name)
    for name in ("?", "i1", "i2", "i4", "i8", "u1", "u2", "u4", "u8", "f2", "f4", "f8", "c8", "c16", ">f8", ">i4")
]
arrays = st.sampled_from(DTYPES).flatmap(
    lambda dtype: hnp.arrays(dtype, hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4))
)
scalars = st.one_of(
    st.booleans(),
    st.integers(),
    st.floats(),
    st.complex_numbers(),
    st.sampled_from(DTYPES).flatmap(lambda dtype: hnp.arrays(dtype, ())).map(lambda a: a[()]),
)
values = st.recursive(
    st.one_of(scalars, arrays),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(st.text(max_size=5), inner, max_size=3),
    ),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(value=values)
def test_values_round_trip_through_the_worker(tools, value):
    assert _same(tools.call("echo", value), value)


@pytest.mark.parametrize(
    "value",
    [
        np.array([800.0, 0.0, -np.inf, np.inf, np.nan, -0.0]),
        np.frombuffer(np.uint64(0x7FF8_0000_0000_0ABC).tobytes(), dtype=np.float64),  # a NaN payload
        np.arange(12, dtype=np.int16).reshape(3, 4)[:, ::2],  # not contiguous
        np.zeros((0, 3), dtype=np.complex64),
        np.float32(np.nan),
        np.int64(2**62),
        2**80,
        (1, 2.5),
    ],
    ids=["specials", "nan-payload", "strided", "empty", "scalar-nan", "int64", "bigint", "tuple"],
)
def test_special_values_keep_their_bits(tools, value):
    assert _same(tools.call("echo", value), value)


def test_arrays_come_back_writable_and_the_callers_are_never_changed(tools):
    a = np.arange(4.0)
    assert tools.call("mutate", a) == 0.0
    assert a.tolist() == [0.0, 1.0, 2.0, 3.0]
    back = tools.call("echo", a)
    back[0] = 9.0
    assert back.flags.writeable and a[0] == 0.0


def test_arguments_by_name_and_multiple_results(tools):
    assert tools.call("scale", np.array([1.0, 2.0]), shift=1.0).tolist() == [3.0, 5.0]
    assert tools.call("scale", v=np.array([1.0]), factor=3.0).tolist() == [3.0]
    assert tools.call("divide", 1.0, 4.0) == 0.25


@pytest.mark.parametrize(
    "value, part",
    [("abc", "argument 1 is a str"), (None, "argument 1 is None"), ([1.0, {1: 2}], "argument 1[1] is a dict")],
    ids=["str", "none", "nested-dict-key"],
)
def test_arguments_that_are_not_numbers_are_refused_before_anything_runs(tools, value, part):
    with pytest.raises(Unencodable, match=r"^" + part.replace("[", r"\[").replace("]", r"\]")):
        tools.call("echo", value)


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "function, args, error, fields",
    [
        ("divide", (1, 0), SnippetCallError, {"type_name": "ZeroDivisionError", "line": 24}),
        ("indexes", (np.zeros(3),), SnippetCallError, {"type_name": "IndexError", "line": 18}),
        ("singular", (), SnippetCallError, {"type_name": "numpy.linalg.LinAlgError", "line": 27}),
        ("leaves", (), SnippetCallError, {"type_name": "SystemExit", "line": 59}),
        ("text", (), SnippetResultError, {"what": "the result is a str ('a probability'), not numbers"}),
        ("nothing", (), SnippetResultError, {"what": "the result is None, not numbers"}),
        ("objects", (), SnippetResultError, {"what": "the result[1] is a object object, not numbers"}),
        ("strings", (), SnippetResultError, {"what": "the result is an array of dtype <U1, not numbers"}),
        ("hog", (), SnippetOutOfMemory, {"memory_mb": 1024, "line": 49}),
        ("vanish", (), SnippetCrashed, {"returncode": 3}),
        ("segfault", (), SnippetCrashed, {"returncode": -signal.SIGSEGV}),
        ("scribble", (), SnippetCrashed, {"returncode": None}),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_each_way_a_call_fails_has_its_exception(tools, function, args, error, fields):
    with pytest.raises(error) as caught:
        tools.call(function, *args)
    assert {key: getattr(caught.value, key) for key in fields} == fields
    assert tools.call("echo", 1.5) == 1.5  # and the session goes on, restarted if it had to be


def test_a_raised_error_carries_its_message_and_the_snippets_traceback(tools):
    with pytest.raises(SnippetCallError) as caught:
        tools.call("indexes", np.zeros(3))
    error = caught.value
    assert error.error == "index 10 is out of bounds for axis 0 with size 3"
    assert str(error) == f"indexes raised IndexError: {error.error} (snippet line 18)"
    assert 'File "<snippet>", line 21, in indexes' in error.traceback
    assert 'File "<snippet>", line 18, in helper\n    return a[10]' in error.traceback
    assert "serve" not in error.traceback  # the worker's own frames are left out


@pytest.mark.parametrize(
    "function, args, kwargs, message",
    [
        ("scale", (), {}, "scale(v, factor=…, *, shift=…): missing a required argument: 'v'"),
        ("scale", (1.0, 2.0, 3.0), {}, "scale(v, factor=…, *, shift=…): too many positional arguments"),
        ("scale", (1.0,), {"scael": 1.0}, "scale(v, factor=…, *, shift=…): got an unexpected keyword argument 'scael'"),
    ],
    ids=["missing", "too-many", "unknown-name"],
)
def test_arguments_that_do_not_fit_the_def_are_refused_here(tools, function, args, kwargs, message):
    before = tools.call("count")
    with pytest.raises(SnippetArgumentError) as caught:
        tools.call(function, *args, **kwargs)
    assert str(caught.value) == message and caught.value.line == 14
    assert isinstance(caught.value, TypeError)
    assert tools.call("count") == before + 1  # nothing ran, nothing restarted


def test_an_unknown_function_lists_those_the_snippet_defines(tools):
    with pytest.raises(UnknownSnippetFunction) as caught:
        tools.call("softmax", 1.0)
    assert caught.value.available == tools.functions()
    assert "(it defines: echo, count, scale," in str(caught.value)


@pytest.mark.parametrize("function", ["spin", "sleep"])
def test_a_call_that_does_not_return_times_out_and_the_next_call_restarts(function):
    with SnippetSession(TOOLS, call_timeout=0.5) as session:
        assert [session.call("count") for _ in range(3)] == [1, 2, 3]
        begin = time.monotonic()
        with pytest.raises(SnippetCallTimeout) as caught:
            session.call(function)
        assert time.monotonic() - begin < 2.0
        assert (caught.value.function, caught.value.seconds, caught.value.cpu) == (function, 0.5, False)
        assert str(caught.value) == f"{function} did not return within 0.5 s (wall-clock time)"
        assert session.restarts == 0
        assert session.call("count") == 1  # a fresh worker: the snippet ran again
        assert session.restarts == 1


# --------------------------------------------------------------------------- the snippet's run


@pytest.mark.parametrize(
    "code, fields",
    [
        ("def f(x):\n    return x\nprint(1 +)\n", {"type_name": "SyntaxError", "line": 3, "timed_out": False}),
        ("import numpy as np\nimport no_such_module_here\n", {"type_name": "ModuleNotFoundError", "line": 2}),
        ("def f(x):\n    return x\n\nf(1) / 0\n", {"type_name": "ZeroDivisionError", "line": 4}),
        ("import sys\nsys.exit(3)\n", {"type_name": "SystemExit", "line": 2}),
        ("import os\nos._exit(4)\n", {"type_name": None, "message": "the snippet's worker exited with status 4"}),
        ("while True:\n    pass\n", {"type_name": None, "timed_out": True, "line": None}),
        ("import numpy as np\nbig = np.ones(1 << 31)\n", {"out_of_memory": True, "line": 2}),
    ],
    ids=["syntax", "import", "raises", "exit", "os-exit", "hangs", "memory"],
)
def test_a_snippet_that_fails_when_run_raises_its_own_error(code, fields):
    begin = time.monotonic()
    with pytest.raises(SnippetImportError) as caught:
        with SnippetSession(code, timeout=1.0):
            pass
    assert time.monotonic() - begin < 4.0
    assert {key: getattr(caught.value, key) for key in fields} == fields


def test_a_snippet_that_exits_zero_is_fine():
    with SnippetSession("import sys\ndef f():\n    return 1\nsys.exit(0)\n") as session:
        assert session.call("f") == 1


def test_the_softmax_note_shift_claim_is_checkable():
    with SnippetSession(SOFTMAX) as session:
        assert session.functions() == ("softmax",)
        assert session.signature("softmax").names == ("logits",)
        big, small = session.call("softmax", np.array([800.0, 0.0])), session.call("softmax", np.array([0.0, -800.0]))
        assert np.array_equal(big, small) and np.isfinite(big).all()
        assert "probabilities [0.659 0.242 0.099]" in session.output  # its prints: kept aside


def test_functions_are_the_top_level_defs_still_callable_after_the_run():
    code = textwrap.dedent(
        """\
        import functools

        def plain(a, b=1):
            return a + b

        @functools.lru_cache
        def cached(n):
            return n * 2

        def shadowed():
            return 0

        shadowed = 3

        async def later():
            return 1

        if True:
            def conditional():
                return 1

        def outer():
            def inner():
                return 1
            return inner()
        """
    )
    assert list(defined_functions(code)) == ["plain", "cached", "shadowed", "outer"]
    with SnippetSession(code) as session:
        assert session.functions() == ("plain", "cached", "outer")
        assert session.call("cached", 4) == 8
        # a decorator's wrapper may take other arguments than the def: the worker judges the call
        with pytest.raises(SnippetCallError, match="TypeError"):
            session.call("cached", [1])
        with pytest.raises(UnknownSnippetFunction):
            session.call("shadowed")


@pytest.mark.parametrize(
    "source, names, required, kinds",
    [
        ("def f(x): pass", ("x",), ("x",), ("POSITIONAL_OR_KEYWORD",)),
        ("def f(x, y=1, *rest, z, w=2, **kw): pass", ("x", "y", "z", "w"), ("x", "z"), None),
        (
            "def f(a, /, b, *, c): pass",
            ("b", "c"),
            ("a", "b", "c"),
            ("POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD", "KEYWORD_ONLY"),
        ),
        ("def f(): pass", (), (), ()),
    ],
    ids=["one", "every-kind", "markers", "none"],
)
def test_parameters_come_from_the_source(source, names, required, kinds):
    signature = defined_functions(source)["f"]
    assert (signature.name, signature.line, signature.names, signature.required) == ("f", 1, names, required)
    if kinds is not None:
        assert tuple(p.kind for p in signature.parameters) == kinds


def test_a_redefined_function_keeps_its_last_def():
    signature = defined_functions("def f(a): pass\n\ndef g(): pass\n\ndef f(a, b): pass\n")
    assert list(signature) == ["g", "f"] and signature["f"].names == ("a", "b") and signature["f"].line == 5


# --------------------------------------------------------------------------- the channel


def test_prints_never_corrupt_the_replies(tools):
    # JSON-looking lines, stray newlines and 200 KiB (more than a pipe holds) on stdout and stderr
    assert tools.call("chatty", 3) == 3
    assert tools.call("chatty", 4000) == 4000
    assert tools.call("echo", (1, 2)) == (1, 2)
    assert '{"n": 0, "m": {"value": 3999}}' in tools.output


def test_a_closed_session_refuses_calls():
    session = SnippetSession("def f():\n    return 1\n")
    with session:
        assert session.call("f") == 1
    with pytest.raises(SnippetError, match="closed"):
        session.call("f")


@pytest.mark.parametrize("limit", ["timeout", "call_timeout", "memory_mb"])
def test_limits_must_be_positive(limit):
    with pytest.raises(ValueError, match=limit):
        SnippetSession("pass", **{limit: 0})


# --------------------------------------------------------------------------- the sandbox holds


def _text_code(expression: str) -> str:
    """A snippet function returning a str expression as code points (a str is not a result)."""
    return f"def value():\n    return [ord(c) for c in {expression}]\n"


def _as_text(codes: list[int]) -> str:
    return "".join(map(chr, codes))


def test_a_call_sees_the_snippet_sandbox(monkeypatch, interpreter):
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "s3cr3t")
    code = textwrap.dedent(
        """\
        import os, resource, tempfile

        def limits():
            return resource.getrlimit(resource.RLIMIT_AS)[0], resource.getrlimit(resource.RLIMIT_FSIZE)[0]

        def secret():
            return "AWS_SECRET_ACCESS_KEY" in os.environ

        def folders():
            paths = [os.path.expanduser("~"), tempfile.gettempdir(), os.getcwd()]
            for path in paths:
                open(os.path.join(path, "left-behind.txt"), "w").write("x")
            return [[ord(c) for c in path] for path in paths]
        """
    )
    with SnippetSession(code, memory_mb=700) as session:
        memory, file_size = session.call("limits")
        # forked from the warm interpreter, what it preloaded (NumPy, about 90 MB) is not charged
        assert memory == 700 << 20 if interpreter == "cold" else 700 << 20 < memory < 900 << 20
        assert file_size == 64 << 20
        assert session.call("secret") is False
        home, tmp, cwd = (Path(_as_text(p)) for p in session.call("folders"))
    root = home.parent
    assert root.name.startswith("algoverify-snippet-") and {tmp.parent, cwd.parent} == {root}
    assert home != Path.home() and len({home, tmp, cwd}) == 3
    assert not root.exists()  # removed, with what the calls wrote in it


def test_the_network_is_not_reachable_inside_a_call(platform):
    if not platform["network-namespace"]:
        pytest.skip("no network namespace here: snippets keep the network")
    code = textwrap.dedent(
        """\
        import socket

        def connect(port):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return True
            except OSError:
                return False
        """
    )
    with socket.create_server(("127.0.0.1", 0)) as server, SnippetSession(code) as session:
        port = server.getsockname()[1]
        assert session.call("connect", port) is False
        socket.create_connection(("127.0.0.1", port), timeout=1).close()  # the control: it does listen


# A function that starts a double-forked setsid daemon and returns the run's token (as an int,
# since a str is no result) and the daemon's pid.
DAEMON = textwrap.dedent(
    f"""\
    import os, time

    def daemon():
        read, write = os.pipe()
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                os.write(write, os.readlink('/proc/self').encode())  # its pid on the machine
                time.sleep(1000)
            os._exit(0)
        os.close(write)
        pid = int(os.read(read, 32))
        # the worker's pid on the machine too: forked from a warm interpreter, the run's processes
        # do not carry the token in their initial environment, so the tests follow their pids
        return int(os.environ["{TOKEN_VARIABLE}"], 16), pid, int(os.readlink('/proc/self'))

    def spin():
        while True:
            pass
    """
)


def _token_holders(token: int) -> list[int]:
    needle = f"{TOKEN_VARIABLE}={token:032x}".encode()
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/environ", "rb") as environ:
                    if needle in environ.read() and _alive(int(entry)):
                        found.append(int(entry))
            except OSError:
                continue
    return found


def _alive(pid: int) -> bool:
    """Whether ``pid`` lives (a zombie counts as dead)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(") ", 1)[1][0] not in "ZX"
    except (FileNotFoundError, IndexError):
        return False


def _gone_within(seconds: float, token: int, *pids: int) -> list[int]:
    """The run's processes (``pids`` and the token's holders) alive after ``seconds``; killed then.

    Killed, so no test leaves one behind.
    """
    deadline = time.monotonic() + seconds
    while (left := sorted({*_token_holders(token), *filter(_alive, pids)})) and time.monotonic() < deadline:
        time.sleep(0.05)
    for pid in left:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass  # it ended between the last look and now: still late, so still reported
    return left


@needs_linux
def test_nothing_is_left_running_after_the_session(interpreter):
    with SnippetSession(DAEMON) as session:
        token, pid, worker = session.call("daemon")
        assert _alive(pid) and _alive(worker)
        # only an exec'd worker starts with the token in its environment
        assert (pid in _token_holders(token)) is (interpreter == "cold")
    assert _gone_within(1.0, token, pid, worker) == []


@needs_linux
def test_a_timed_out_worker_takes_its_processes_along(interpreter):
    with SnippetSession(DAEMON, call_timeout=0.5) as session:
        token, pid, worker = session.call("daemon")
        with pytest.raises(SnippetCallTimeout):
            session.call("spin")
        assert _gone_within(1.0, token, pid, worker) == []
        assert session.call("daemon")[0] != token  # the next worker is another run


class _Interrupted(Exception):
    pass


@needs_linux
def test_a_call_interrupted_on_our_side_ends_its_worker(interpreter):
    def interrupt(signum, frame):
        raise _Interrupted

    previous = signal.signal(signal.SIGALRM, interrupt)
    try:
        with SnippetSession(DAEMON, call_timeout=5.0) as session:
            token, pid, worker = session.call("daemon")
            signal.setitimer(signal.ITIMER_REAL, 0.3)
            with pytest.raises(_Interrupted):
                session.call("spin")
            assert _gone_within(1.0, token, pid, worker) == []
            assert session.call("daemon")[0] != token and session.restarts == 1
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# The caller has many threads, as a note's worker may: the parent-death signal then comes once
# per thread as the dying caller hands its children on, and the worker, its pipes closed, may
# exit on its own before the first one; neither may cut the supervisor's sweep short.
CALLER = textwrap.dedent(
    """\
    import json, sys, threading, time
    from algoverify.checking.sandboxing.snippetcalls import SnippetSession

    for _ in range(30):
        threading.Thread(target=time.sleep, args=(1000,), daemon=True).start()
    with SnippetSession(sys.stdin.read()) as session:
        print(json.dumps(session.call("daemon")), flush=True)
        time.sleep(1000)
    """
)


@needs_linux
@pytest.mark.parametrize("attempt", range(3))
def test_nothing_is_left_running_when_the_caller_is_killed(attempt, interpreter):
    caller = subprocess.Popen(
        [sys.executable, "-c", CALLER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(PROJECT)},  # with the fixture's ALGOVERIFY_COLD_SNIPPETS
        text=True,
    )
    try:
        caller.stdin.write(DAEMON)
        caller.stdin.close()
        token, pid, worker = json.loads(caller.stdout.readline())
        assert _alive(pid)
    finally:
        caller.kill()
        caller.wait()
    # the sweep waits for the kernel's parent-death signal, which a loaded machine (the slow
    # suite beside another job on two cores) can deliver seconds late; the wait ends at once
    # when everything is gone, so the margin costs nothing when it is not needed
    assert _gone_within(10.0, token, pid, worker) == []
