"""Tasks over a pool of forked lanes: each lane takes one task at a time, results come back in any order.

A lane is a fork of the run, so it starts with everything the run has imported and built
(grammars, numpy): no interpreter start-up, no re-import, and the caches it fills serve its
next tasks. A lane calls the same function the run would call itself; a note's own code still
runs one level below, in the guarded worker of :mod:`.isolation`, so a run over lanes reports
what a run without them does. The caller puts the results in order.

This module knows processes and pipes only: what a task is and what its messages mean are the
caller's business. A lane's messages and results are JSON data (:mod:`.wire`), never pickles: a
note's code runs below the lane and can reach its pipe, so what the run reads there must run
nothing when read. A lane that sends something else, or out of step, is ended and its task lost.
"""

from __future__ import annotations

import gc
import os
import select
import signal
import sys
import time
import traceback
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from . import wire
from .wire import Malformed

__all__ = ["available", "run_lanes", "KeptLane"]

#: seconds a lane has to end its note's worker and exit once the run is interrupted
STOP_GRACE = 3.0


def available() -> bool:
    """Whether lanes can be forked here (POSIX); elsewhere a run does its tasks one by one."""
    return os.name == "posix" and hasattr(os, "fork")


@dataclass
class _Lane:
    pid: int
    #: our end of the pipe its tasks go on
    tasks: int
    #: the lane's messages and results, as they come
    results: wire.Reader
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

    What ``send`` is given and what ``work`` returns must be JSON data; they arrive as such. A
    lane whose pipe carries anything else, or whose result ``on_done`` refuses by raising
    :class:`~.wire.Malformed`, is killed, and its task lost as if it had died.

    On any exception here (Ctrl-C, or SIGTERM made an exception by the caller), every lane is
    told to stop (SIGTERM: a lane ends its note's worker on the way out) and is killed past
    :data:`STOP_GRACE` seconds; the exception then propagates.
    """
    pending = list(range(len(tasks)))
    pending.reverse()  # popped from the end: tasks start in their order
    lanes: list[_Lane] = []  # the lanes still taking tasks
    retired: list[_Lane] = []  # told to exit, or gone
    finished = False

    def lose(lane: _Lane, why: str) -> None:
        task, lane.task = lane.task, None
        if lane in lanes:
            lanes.remove(lane)
            retired.append(lane)
        _stop(lane)
        if task is not None:
            on_lost(task, why, False)

    def read(lane: _Lane) -> None:
        """Hand on what the lane has sent; a lane whose pipe carries anything else is lost."""
        try:
            lane.results.fill()
            for message in lane.results.messages():
                if lane not in lanes:
                    return
                _take(lane, message)
        except Malformed as exc:
            lose(lane, f"sent a result that is not one ({exc})")
            return
        if lane.results.closed and lane.task is not None and lane in lanes:
            lose(lane, _ended(lane))

    def _take(lane: _Lane, message: Any) -> None:
        if not (isinstance(message, list) and len(message) == 3 and message[0] in ("message", "done", "error")):
            raise Malformed(f"not a message: {message!r}"[:200])
        kind, task, body = message
        if lane.task is None or task != lane.task:  # one the lane was not given, or a second end
            raise Malformed(f"a {kind} of task {task!r} while the lane runs task {lane.task!r}"[:200])
        if kind == "message":
            on_message(task, body)
            return
        if kind == "error" and not isinstance(body, str):
            raise Malformed("an error that is not a traceback")
        lane.task = None
        if kind == "done":
            try:
                on_done(task, body)
            except Malformed as exc:  # the lane is out of step or forged: it takes no more tasks
                lane.task = task
                raise Malformed(f"its report cannot be read: {exc}") from None
        else:  # the task raised; the lane itself goes on
            on_lost(task, body, True)

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
            busy = {lane.results.fd: lane for lane in lanes if lane.task is not None}
            if not busy:
                break
            for fd in _wait(list(busy), tick_seconds):
                read(busy[fd])
            # A dead lane's pipe may stay open (a process it forked holds its end): its exit tells.
            for lane in list(busy.values()):
                if lane.task is not None and lane in lanes and _exited(lane):
                    read(lane)  # what it sent before it died
                    if lane.task is not None and lane in lanes:
                        lose(lane, lane.ended)
            if tick is not None:
                tick()
        finished = True
    finally:
        _stop_all(lanes + retired, interrupted=not finished)


def _wait(fds: list[int], timeout: float) -> list[int]:
    """The fds among ``fds`` with something to read (or their end) within ``timeout`` seconds."""
    poller = select.poll()
    for fd in fds:
        poller.register(fd, select.POLLIN)
    try:
        return [fd for fd, _ in poller.poll(timeout * 1000)]
    except InterruptedError:
        return []


def _assign(lane: _Lane, pending: list[int]) -> bool:
    """Send the lane the next task; False (the task put back) when the lane is gone."""
    task = pending.pop()
    try:
        wire.write(lane.tasks, task)
    except OSError:
        pending.append(task)
        return False
    lane.task = task
    return True


def _fork(tasks: Sequence[Any], work: Callable[[Any, Callable[[Any], None]], Any], lanes: list[_Lane]) -> _Lane:
    task_r, task_w = os.pipe()
    result_r, result_w = os.pipe()
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
        for fd in (task_w, result_r, *(fd for other in lanes for fd in (other.tasks, other.results.fd))):
            try:
                os.close(fd)
            except OSError:
                pass
        _lane(tasks, work, task_r, result_w)
    os.close(task_r)
    os.close(result_w)
    return _Lane(pid, task_w, wire.Reader(result_r))


def _lane(tasks: Sequence[Any], work: Callable[[Any, Callable[[Any], None]], Any], task_r: int, result_w: int) -> None:
    status = 0
    try:
        # Ctrl-C reaches the lane too (one process group with the run), SIGTERM comes from the
        # run: either unwinds the task, whose note worker is killed on the way out.
        signal.signal(signal.SIGINT, _interrupt)
        signal.signal(signal.SIGTERM, _interrupt)
        # the interrupt may land inside a finalizer (a pipe's __del__), where Python would print
        # "Exception ignored … Traceback" to the user's terminal: a stopping lane has nothing to say
        sys.unraisablehook = lambda unraisable: None
        incoming = wire.Reader(task_r)
        # the note's worker, forked below, must not hold the lane's pipes (see wire.PRIVATE)
        wire.PRIVATE.update((task_r, result_w))

        while True:
            index = incoming.next()
            if tasks is None and isinstance(index, list) and len(index) == 2 and type(index[0]) is int:
                index, task = index  # a kept lane's task comes whole
            elif type(index) is int and tasks is not None:
                task = tasks[index]
            else:
                break

            def send(message: Any, index: int = index) -> None:
                wire.write(result_w, ["message", index, message])

            try:
                result = work(task, send)
            except Exception:  # noqa: BLE001 - the caller's bug: say so, and keep the lane
                wire.write(result_w, ["error", index, traceback.format_exc()])
                continue
            try:
                frame = wire.encode(["done", index, result])
            except Exception:  # noqa: BLE001 - not JSON data: nothing was written
                wire.write(result_w, ["error", index, traceback.format_exc()])
                continue
            view = memoryview(frame)
            while view:
                view = view[os.write(result_w, view) :]
    except BaseException:  # noqa: BLE001 - interrupted, or the run went away: nothing to report to
        status = 1
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BaseException:  # noqa: BLE001
            pass
        os._exit(status)


class KeptLane:
    """A lane kept for task after task, each sent to it as JSON data when it comes (a Dask worker's lane).

    The lane :func:`run_lanes` forks, with the caches it fills kept from one task to the next;
    ``work(task, send)`` runs in it, one task at a time. What comes back must be JSON data, and
    is read as :func:`run_lanes` reads it: anything else ends the lane, and its task is lost. A
    lane that died is forked again for the next task.
    """

    def __init__(self, work: Callable[[Any, Callable[[Any], None]], Any]) -> None:
        self._work = work
        self._lane: _Lane | None = None
        self._count = 0

    def run(self, task: Any) -> tuple[str, Any, bool]:
        """Run ``task`` in the lane: ``("done", result, False)``, or ``("lost", why, crashed)``.

        Lost: the lane died in the task (it is ended; the next task forks a new one), or the task
        raised (``crashed``, with its traceback; the lane goes on).
        """
        if self._lane is not None and _exited(self._lane):  # died between two tasks
            _close(self._lane)
            self._lane = None
        if self._lane is None:
            self._lane = _fork(None, self._work, [])  # type: ignore[arg-type]
        lane = self._lane
        self._count += 1
        try:
            wire.write(lane.tasks, [self._count, task])
        except OSError:
            return self._lost("closed its pipe")
        lane.task = self._count
        while True:
            _wait([lane.results.fd], 0.25)
            try:
                outcome = self._read(lane)
                if outcome is None and _exited(lane):  # what it sent before it died, then how it ended
                    outcome = self._read(lane) or self._lost(lane.ended)
            except Malformed as exc:
                return self._lost(f"sent a result that is not one ({exc})")
            if outcome is None and lane.results.closed:
                outcome = self._lost(_ended(lane))
            if outcome is not None:
                if lane.reaped and self._lane is lane:  # it sent its result and died: the next task forks anew
                    _close(lane)
                    self._lane = None
                return outcome

    def _read(self, lane: _Lane) -> tuple[str, Any, bool] | None:
        lane.results.fill()
        for message in lane.results.messages():
            if not (isinstance(message, list) and len(message) == 3 and message[0] in ("message", "done", "error")):
                raise Malformed(f"not a message: {message!r}"[:200])
            kind, task, body = message
            if task != lane.task:
                raise Malformed(f"a {kind} of task {task!r} while the lane runs task {lane.task!r}"[:200])
            if kind == "message":
                continue
            lane.task = None
            if kind == "done":
                return "done", body, False
            if not isinstance(body, str):
                raise Malformed("an error that is not a traceback")
            return "lost", body, True
        return None

    def _lost(self, why: str) -> tuple[str, Any, bool]:
        if self._lane is not None:
            _stop(self._lane)
            self._lane = None
        return "lost", why, False

    def close(self) -> None:
        """Tell the lane to exit, and wait for it (killed past :data:`STOP_GRACE` seconds)."""
        if self._lane is not None:
            _stop_all([self._lane], interrupted=False)
            self._lane = None


def _interrupt(signum: int, frame: Any) -> None:
    # Ctrl-C and then the run's SIGTERM both come: the second must not cut short the unwinding
    # the first started (ending the note's worker, removing its scratch folder)
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, signal.SIG_IGN)
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


def _close(lane: _Lane) -> None:
    """Close our ends of the lane's pipes, once (a closed fd's number may name another file since)."""
    if lane.tasks >= 0:
        try:
            os.close(lane.tasks)
        except OSError:
            pass
        lane.tasks = -1
    lane.results.close()


def _stop(lane: _Lane) -> None:
    """Kill and reap a lane that no longer answers."""
    _close(lane)
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
                wire.write(lane.tasks, None)  # no more tasks: the lane exits
        except OSError:
            pass
        _close(lane)
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
