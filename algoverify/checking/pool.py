"""Tasks over a pool of forked lanes: each lane takes one task at a time, results come back in any order.

A lane is a fork of the run, so it starts with everything the run has imported and built
(grammars, numpy): no interpreter start-up, no re-import, and the caches it fills serve its
next tasks. A lane calls the same function the run would call itself; a note's own code still
runs one level below, in the guarded worker of :mod:`.isolation`, so a run over lanes reports
what a run without them does. The caller puts the results in order.

This module knows processes and pipes only: what a task is and what its messages mean are the
caller's business.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import time
import traceback
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

__all__ = ["available", "default_jobs", "run_lanes"]

#: seconds a lane has to end its note's worker and exit once the run is interrupted
STOP_GRACE = 3.0


def available() -> bool:
    """Whether lanes can be forked here (POSIX); elsewhere a run does its tasks one by one."""
    return os.name == "posix" and hasattr(os, "fork")


def default_jobs() -> int:
    """The number of CPUs this process may run on (its affinity, not the machine's count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


@dataclass
class _Lane:
    pid: int
    conn: Connection
    task: int | None = None
    #: waited for already: its pid may name another process now, never to be signalled again
    reaped: bool = False
    #: how it ended, once reaped
    ended: str = ""


def run_lanes(
    count: int,
    tasks: Sequence[Any],
    work: Callable[[Any, Callable[[Any], None]], Any],
    *,
    on_done: Callable[[int, Any], None],
    on_message: Callable[[int, Any], None],
    on_lost: Callable[[int, str, bool], None],
    tick: Callable[[], None] | None = None,
    tick_seconds: float = 0.25,
) -> None:
    """Run ``work(task, send)`` for each task over ``count`` lanes.

    ``on_message(i, m)`` receives what task ``i`` sends while it runs, ``on_done(i, result)`` its
    result, ``on_lost(i, why, False)`` the end of a lane that died in it (a new lane takes the
    next tasks), ``on_lost(i, traceback, True)`` an exception the task raised (the lane goes
    on). Each runs in this process; ``tick`` too, about every ``tick_seconds``.

    On any exception here (Ctrl-C, or SIGTERM made an exception by the caller), every lane is
    told to stop (SIGTERM: a lane ends its note's worker on the way out) and is killed past
    :data:`STOP_GRACE` seconds; the exception then propagates.
    """
    from multiprocessing.connection import wait  # loaded when lanes are used, not on every start

    pending = list(range(len(tasks)))
    pending.reverse()  # popped from the end: tasks start in their order
    lanes: list[_Lane] = []  # the lanes still taking tasks
    retired: list[_Lane] = []  # told to exit, or gone
    finished = False

    def lose(lane: _Lane, task: int, why: str) -> None:
        lanes.remove(lane)
        retired.append(lane)
        _stop(lane)
        on_lost(task, why, False)

    def read(lane: _Lane) -> None:
        try:
            message = lane.conn.recv()
        except (EOFError, OSError):
            message = ("lost", _ended(lane))
        except Exception as exc:  # noqa: BLE001 - a result that does not unpickle here
            message = ("error", f"its result could not be read: {type(exc).__name__}: {exc}")
        kind, task = message[0], lane.task
        assert task is not None
        if kind == "message":
            on_message(task, message[1])
            return
        lane.task = None
        if kind == "done":
            on_done(task, message[1])
        elif kind == "error":  # the task raised; the lane itself goes on
            on_lost(task, message[1], True)
        else:  # the lane is gone: a new one takes the next tasks
            lose(lane, task, message[1])

    try:
        while True:
            for lane in list(lanes):
                if lane.task is None and pending and not _assign(lane, pending):
                    lanes.remove(lane)
                    retired.append(lane)
            while pending and len(lanes) < count:
                lane = _fork(tasks, work, lanes + retired)
                lanes.append(lane)
                if not _assign(lane, pending):
                    raise OSError("a new lane closed its pipe at once")
            busy = {lane.conn: lane for lane in lanes if lane.task is not None}
            if not busy:
                break
            for conn in wait(list(busy), timeout=tick_seconds):
                read(busy[conn])
            # A dead lane's pipe may stay open (a process it forked holds its end): its exit tells.
            for lane in list(busy.values()):
                if lane.task is not None and _exited(lane):
                    while lane.task is not None and lane.conn.poll(0):
                        read(lane)  # what it sent before it died
                    if lane.task is not None:
                        task, lane.task = lane.task, None
                        lose(lane, task, lane.ended)
            if tick is not None:
                tick()
        finished = True
    finally:
        _stop_all(lanes + retired, interrupted=not finished)


def _assign(lane: _Lane, pending: list[int]) -> bool:
    """Send the lane the next task; False (the task put back) when the lane is gone."""
    task = pending.pop()
    try:
        lane.conn.send(task)
    except OSError:
        pending.append(task)
        return False
    lane.task = task
    return True


def _fork(tasks: Sequence[Any], work: Callable[[Any, Callable[[Any], None]], Any], lanes: list[_Lane]) -> _Lane:
    from multiprocessing.connection import Pipe

    ours, theirs = Pipe(duplex=True)
    for stream in (sys.stdout, sys.stderr):
        try:  # else the lane would print the run's pending output a second time
            stream.flush()
        except (OSError, ValueError, AttributeError):
            pass
    gc.freeze()  # the run's heap stays out of the lane's collections: its pages are not copied
    try:
        pid = os.fork()
    finally:
        gc.unfreeze()
    if pid == 0:  # pragma: no cover - the lane; its results come back over the pipe
        ours.close()
        for other in lanes:
            other.conn.close()
        _lane(tasks, work, theirs)
    theirs.close()
    return _Lane(pid, ours)


def _lane(tasks: Sequence[Any], work: Callable[[Any, Callable[[Any], None]], Any], conn: Connection) -> None:
    status = 0
    try:
        # Ctrl-C reaches the lane too (one process group with the run), SIGTERM comes from the
        # run: either unwinds the task, whose note worker is killed on the way out.
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, _interrupt)
        # the interrupt may land inside a finalizer (a pipe's __del__), where Python would print
        # "Exception ignored … Traceback" to the user's terminal: a stopping lane has nothing to say
        sys.unraisablehook = lambda unraisable: None

        def send(message: Any) -> None:
            conn.send(("message", message))

        while True:
            index = conn.recv()
            if index is None:
                break
            try:
                result = work(tasks[index], send)
            except Exception:  # noqa: BLE001 - the caller's bug: say so, and keep the lane
                conn.send(("error", traceback.format_exc()))
                continue
            try:
                conn.send(("done", result))
            except Exception:  # noqa: BLE001 - pickling failed before anything was written
                conn.send(("error", traceback.format_exc()))
    except BaseException:  # noqa: BLE001 - interrupted, or the run went away: nothing to report to
        status = 1
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BaseException:  # noqa: BLE001
            pass
        os._exit(status)


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def _ended(lane: _Lane) -> str:
    """How a lane whose pipe closed has ended (it is reaped here, given a second to exit)."""
    deadline = time.monotonic() + 1.0
    while not _exited(lane):
        if time.monotonic() > deadline:
            return "closed its pipe without a report"
        time.sleep(0.01)
    return lane.ended


def _exited(lane: _Lane) -> bool:
    """Whether a busy lane has ended (it is then reaped, and ``ended`` says how)."""
    if lane.reaped:
        return True
    try:
        done, status = os.waitpid(lane.pid, os.WNOHANG)
    except ChildProcessError:
        lane.reaped, lane.ended = True, "ended without a report"
        return True
    if not done:
        return False
    lane.reaped, lane.ended = True, _status(status)
    return True


def _status(status: int) -> str:
    if os.WIFSIGNALED(status):
        try:
            return f"was killed by {signal.Signals(os.WTERMSIG(status)).name}"
        except ValueError:
            return f"was killed by signal {os.WTERMSIG(status)}"
    return f"exited with status {os.waitstatus_to_exitcode(status)}"


def _signal(lane: _Lane, signum: int) -> None:
    if not lane.reaped:
        try:
            os.kill(lane.pid, signum)
        except (ProcessLookupError, PermissionError):
            pass


def _stop(lane: _Lane) -> None:
    """Kill and reap a lane that no longer answers."""
    try:
        lane.conn.close()
    except OSError:
        pass
    _signal(lane, signal.SIGKILL)
    _reap(lane, time.monotonic() + STOP_GRACE)


def _stop_all(lanes: list[_Lane], *, interrupted: bool) -> None:
    """End every lane: a finished run's lanes exit on their own; an interrupted run's are told to."""
    if interrupted:
        for lane in lanes:
            _signal(lane, signal.SIGTERM)
    deadline = time.monotonic() + STOP_GRACE
    for lane in lanes:
        try:
            if not interrupted and not lane.reaped:
                lane.conn.send(None)  # no more tasks: the lane exits
            lane.conn.close()
        except OSError:
            pass
        if not _reap(lane, deadline):
            _signal(lane, signal.SIGKILL)
            _reap(lane, time.monotonic() + STOP_GRACE)


def _reap(lane: _Lane, deadline: float) -> bool:
    """Wait for the lane to exit until ``deadline``; True once it is reaped (or was already)."""
    delay = 0.001
    while not lane.reaped:
        try:
            done, _ = os.waitpid(lane.pid, os.WNOHANG)
        except ChildProcessError:
            done = lane.pid
        except InterruptedError:
            continue
        if done:
            lane.reaped = True
            break
        if time.monotonic() >= deadline:
            return False
        time.sleep(delay)
        delay = min(delay * 2, 0.05)
    return True
