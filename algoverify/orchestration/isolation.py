"""Run one note's checks in a forked worker, under a wall-clock deadline and a memory ceiling.

A note's module and references are the author's code: an ``os._exit``, a ``KeyboardInterrupt``,
a segfault, a monkey-patched numpy or a snippet that kills its parent must cost that note only.
A fork per note gives that for a few milliseconds (numpy and the parsers are already imported),
and everything the worker changed in the interpreter dies with it.

Where the kernel allows it, the worker runs in a PID namespace of its own (below an init
process of ours), so the pids of the run and of every other process are not its to signal:
a module that finds the run through ``/proc`` cannot kill it, and whatever the module leaves
running dies with the namespace when the note ends.

This module knows processes only: the work is a callable run in the child with a ``send``
function; what the messages mean is the caller's business (:func:`algoverify.api.check`). A
message is JSON data (:mod:`.wire`): the note's code can write on the worker's pipe too, and
what it writes there is read as data, never unpickled.
"""

from __future__ import annotations

import gc
import os
import signal
import struct
import sys
import time
import warnings
from typing import Any, Callable

from ..records import frozen
from . import wire
from .wire import Malformed

__all__ = [
    "Limits",
    "Malformed",
    "available",
    "die_with_parent",
    "run_in_worker",
    "DEFAULT_TIMEOUT",
    "DEFAULT_MEMORY_MB",
]

#: seconds one note's checks may take together
DEFAULT_TIMEOUT = 300.0
#: megabytes of address space one note's worker may map beyond what it inherits from the run
DEFAULT_MEMORY_MB = 4096

#: seconds between two calls of a watcher's ``tick``
TICK = 0.25

# A worker that raised a BaseException it could not send exits with this status (EX_SOFTWARE).
_RAISED = 70
#: workers killed and not reaped yet (their exit may still be unmapping memory)
_UNREAPED: list[int] = []


@frozen
class Limits:
    """The ceilings of one note's worker: seconds of wall-clock time, megabytes of address space it may add."""

    timeout: float = DEFAULT_TIMEOUT
    memory_mb: int = DEFAULT_MEMORY_MB


def available() -> bool:
    """Whether notes can be isolated here: a POSIX ``fork`` (Windows has none; the run goes in-process)."""
    return os.name == "posix" and hasattr(os, "fork")


def run_in_worker(
    work: Callable[[Callable[[Any], None]], None],
    on_message: Callable[[Any], None],
    limits: Limits,
    tick: Callable[[], None] | None = None,
) -> str | None:
    """Run ``work(send)`` in a forked child; pass each message it sends, read back as JSON data, to ``on_message``.

    Returns ``None`` when the work returned normally, else why the worker stopped: it passed
    its deadline (then its whole process group is killed), raised a ``BaseException``, exited
    or died of a signal, or sent bytes that are not a message (or one ``on_message`` refused by
    raising :class:`Malformed`). Never raises for anything the worker did; an exception raised
    here (Ctrl-C) kills the worker's group on its way out. ``tick`` is called about every
    :data:`TICK` seconds while the worker runs (a progress line's clock).
    """
    _reap_finished()
    parent = os.getpid()
    libc = _libc()  # loaded here, once: the guard and the worker only call it
    reader, writer = os.pipe()
    for stream in (sys.stdout, sys.stderr):
        try:  # else the child would print the parent's pending output a second time
            stream.flush()
        except (OSError, ValueError, AttributeError):
            pass
    # Frozen, the parent's objects are left out of the worker's garbage collections, which would
    # otherwise write to (and so copy) every page of the inherited heap: tens of ms per note.
    gc.freeze()
    pid = -1
    try:
        with warnings.catch_warnings():
            # Python 3.12 warns on fork from a threaded process; the child only runs Python code
            # of ours and the note's, never a lock another thread held (snippet pipe readers).
            warnings.simplefilter("ignore", DeprecationWarning)
            pid = os.fork()
    finally:
        if pid != 0:
            gc.unfreeze()
    if pid == 0:  # pragma: no cover - the child; its results come back over the pipe
        os.close(reader)
        for fd in wire.PRIVATE:
            try:
                os.close(fd)
            except OSError:
                pass
        _die_with(parent, libc)
        _child(work, writer, limits, libc)
    os.close(writer)
    try:
        os.setpgid(pid, pid)  # also set by the child: whichever runs first, killpg finds the group
    except OSError:
        pass
    frames = wire.Reader(reader)
    try:
        return _watch(pid, frames, on_message, limits, tick)
    finally:
        frames.close()
        _kill_group(pid)  # leftovers a note's code started in the worker's group
        # Reaped later: a worker's exit unmaps the heap it copied, which takes milliseconds the
        # next note need not wait for; a zombie's pid and group cannot be reused meanwhile.
        _UNREAPED.append(pid)


def _child(work: Callable[[Callable[[Any], None]], None], writer: int, limits: Limits, libc: Any) -> None:
    try:
        os.setpgid(0, 0)
    except OSError:
        pass
    guard = os.getpid()
    # The note's code runs in a grandchild: its parent is this guard, not the run, so a module
    # that kills os.getppid() (or signals its group's leader) ends this note only. In a PID
    # namespace, the grandchild is the namespace's init, and the note's code runs one below it.
    namespace = _new_pid_namespace(libc)
    status_r, status_w = os.pipe() if namespace else (-1, -1)
    try:
        pid = os.fork()
    except OSError:
        pid = -1  # no second process to be had: the worker runs here, unguarded
    if pid == 0:
        if namespace:
            os.close(status_r)
            _die_with(None, libc)  # its parent is outside the namespace: getppid() says 0
            _init(work, writer, limits, libc, status_w)
        _die_with(guard, libc)
        _worker(work, writer, limits)
    elif pid < 0:
        _worker(work, writer, limits)
    os.close(writer)
    status = 1
    try:
        wait_status = _wait(pid)
        if namespace:  # the init's own status, unless it told how the worker ended
            os.close(status_w)
            os.set_blocking(status_r, False)  # told before it exited, or never
            try:
                told = os.read(status_r, 4)
            except BlockingIOError:
                told = b""
            if len(told) == 4:
                wait_status = struct.unpack("i", told)[0]
        if os.WIFSIGNALED(wait_status):
            sig = os.WTERMSIG(wait_status)
            if sig not in (signal.SIGKILL, signal.SIGSTOP):  # those two have no handler to reset
                signal.signal(sig, signal.SIG_DFL)
            os.kill(os.getpid(), sig)  # die as the worker did: the run reports its signal
        status = os.waitstatus_to_exitcode(wait_status)
    except BaseException:  # noqa: BLE001 - the run reports the guard's own status instead
        pass
    finally:
        os._exit(status)


def _init(work: Callable[[Callable[[Any], None]], None], writer: int, limits: Limits, libc: Any, status: int) -> None:
    """PID 1 of the note's namespace: fork the worker, reap the namespace's orphans, tell the guard how it ended.

    Not the worker itself: the kernel drops a signal the namespace's init sends itself, so a
    module's ``os.kill(os.getpid(), SIGKILL)`` would be ignored. When this process exits, the
    kernel kills every process left in the namespace (a module's daemons, its snippets).
    """
    me = os.getpid()
    # Inherited Python handlers (Ctrl-C's, the command's SIGTERM) would let the namespace's
    # processes stop the init by a signal; without them the kernel drops those signals. The
    # worker gets them back: it behaves as it would without a namespace.
    handlers = {sig: signal.signal(sig, signal.SIG_DFL) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        pid = os.fork()
    except OSError:
        pid = -1
    if pid == 0:
        os.close(status)  # the note's code never holds the end the guard believes
        for sig, handler in handlers.items():
            signal.signal(sig, handler)
        _die_with(me, libc)
        _worker(work, writer, limits)
    if pid < 0:
        _worker(work, writer, limits)
    os.close(writer)
    wait_status = 1 << 8
    try:
        while True:  # orphans of the namespace are ours to reap, until the worker itself ends
            try:
                ended, wait_status = os.waitpid(-1, 0)
            except InterruptedError:
                continue
            if ended == pid:
                break
        os.write(status, struct.pack("i", wait_status))
    except BaseException:  # noqa: BLE001 - the guard reports the init's own status instead
        pass
    finally:
        os._exit(0)


def _wait(pid: int) -> int:
    while True:
        try:
            return os.waitpid(pid, 0)[1]
        except InterruptedError:
            continue


#: unshare(2) flags
_CLONE_NEWUSER, _CLONE_NEWPID = 0x10000000, 0x20000000


def _new_pid_namespace(libc: Any) -> bool:
    """Make this process's next child the init of a new PID namespace (Linux), where the kernel allows it.

    Directly with the right to (root), else through a user namespace that maps our uid and gid
    to themselves, as the snippet sandbox does; False, and nothing changed, when both are refused.
    """
    if libc is None:
        return False
    uid, gid = os.getuid(), os.getgid()
    for flags in (_CLONE_NEWPID, _CLONE_NEWUSER | _CLONE_NEWPID):
        try:
            if libc.unshare(flags) != 0:
                continue
        except (OSError, AttributeError):
            return False
        if flags & _CLONE_NEWUSER:
            for name, text in (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"), ("gid_map", f"{gid} {gid} 1")):
                try:
                    with open(f"/proc/self/{name}", "w") as f:
                        f.write(text)
                except OSError:
                    pass
        return True
    return False


def _libc() -> Any:
    """The C library, for ``prctl`` (Linux); ``None`` elsewhere."""
    global _LIBC
    if _LIBC is None and sys.platform.startswith("linux"):
        try:
            import ctypes

            _LIBC = ctypes.CDLL(None, use_errno=True)
        except (OSError, ImportError):
            _LIBC = False
    return _LIBC or None


_LIBC: Any = None


def _die_with(parent: int | None, libc: Any) -> None:
    """Be killed when ``parent`` dies (Linux): a guard with the run or lane watching it, a worker with its guard.

    Else a lane killed by a note's code, or a run killed with SIGKILL, would leave the note's
    worker running with nobody to enforce its deadline. ``None``: a parent outside our PID
    namespace, whose earlier death cannot be seen (the group kill that ends it ends us too).
    """
    if libc is not None:
        try:
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            return
    if parent is not None and os.getppid() != parent:  # it died before we asked to be told
        os._exit(1)


def die_with_parent() -> None:
    """Be killed when this process's parent dies (Linux; elsewhere nothing): a lane of a Dask worker with it."""
    _die_with(os.getppid(), _libc())


def _worker(work: Callable[[Callable[[Any], None]], None], writer: int, limits: Limits) -> None:
    status = 0

    def send(message: Any) -> None:
        wire.write(writer, message)

    try:
        _limit_memory(limits.memory_mb)
        work(send)
        _flush()  # the parent kills the worker as soon as it reads the end
        send(["worker-done"])
    except BaseException as exc:  # noqa: BLE001 - SystemExit, KeyboardInterrupt: this note's end only
        status = _RAISED
        try:
            _flush()
            send(["worker-raised", f"{type(exc).__name__}: {exc}"])
        except BaseException:  # noqa: BLE001 - the parent reports the exit status instead
            pass
    finally:
        os._exit(status)


def _flush() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:  # noqa: BLE001 - a closed or replaced stream: nothing to keep
            pass


def _limit_memory(memory_mb: int) -> None:
    try:
        import resource
    except ImportError:  # pragma: no cover - no rlimits: the deadline still holds
        return
    # On top of what the fork inherits: numpy's thread buffers alone map gigabytes on a machine
    # with many cores, and a ceiling below them would fail every allocation of every note.
    cap = (memory_mb << 20) + _mapped_bytes()
    _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    # hard too: the note's code cannot raise it back
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))


def _mapped_bytes() -> int:
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmSize:"):
                    return int(line.split()[1]) << 10
    except (OSError, ValueError, IndexError):
        pass
    return 0


def _watch(
    pid: int, frames: wire.Reader, on_message: Callable[[Any], None], limits: Limits, tick: Callable[[], None] | None
) -> str | None:
    deadline = time.monotonic() + limits.timeout
    late = f"did not finish within the note deadline of {limits.timeout:g} s and was killed"
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return late
        try:
            arrived = frames.poll(min(remaining, TICK) if tick is not None else remaining)
            for message in frames.messages():
                if message == ["worker-done"]:
                    return None
                if isinstance(message, list) and len(message) == 2 and message[0] == "worker-raised":
                    return f"raised {message[1]}"
                on_message(message)
        except Malformed as exc:  # forged, or cut short: the note's result cannot be trusted
            return f"sent a result that is not one ({exc})"
        if frames.closed:  # the end of the pipe, or a message cut short by the worker's death
            return _death(pid, deadline) or late
        if not arrived and tick is not None:
            tick()


def _death(pid: int, deadline: float) -> str | None:
    """How the worker ended, once it has (``None`` if it still runs at ``deadline``).

    ``WNOWAIT`` leaves it a zombie: its pid and group cannot be reused before the caller has
    killed the group and reaped it.
    """
    delay = 0.0005
    while True:
        try:
            info = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return "ended without a report"
        if info is not None:
            break
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return None
        delay = min(delay * 2, remaining, 0.05)
        time.sleep(delay)
    if info.si_code == os.CLD_EXITED:
        return f"exited with status {info.si_status}"
    try:
        name = signal.Signals(info.si_status).name
    except ValueError:
        name = f"signal {info.si_status}"
    return f"was killed by {name}"


def _kill_group(pid: int) -> None:
    # the worker is not reaped yet, so neither its pid nor its group id can name another process
    for kill in (os.killpg, os.kill):
        try:
            kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def _reap_finished() -> None:
    for pid in list(_UNREAPED):
        try:
            done, _ = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            done = pid
        if done:
            _UNREAPED.remove(pid)
