"""Notes as tasks on a Dask cluster: ``--scheduler ADDRESS`` or ``local:N``, each note one task.

The client reads each note and the files it depends on (:class:`Parcel`) and sends them as
bytes, so workers need no shared file system. On a worker, :func:`run_note_task` hands them to a
lane (:mod:`.pool`) the worker thread keeps from note to note, as ``--jobs`` keeps its lanes; the
lane writes them into a private folder, mirroring their paths there, and runs the note exactly
as a ``--jobs`` lane does: the note's code one level below again, in the guarded worker of
:mod:`.isolation`, under the same deadline and memory ceiling. The lane's result is the JSON
data a lane sends, with the private folder's name taken out of every string; the task returns
it as JSON text, and the client decodes it with the same code as a lane's. Nothing
a worker returns is an object to unpickle: a note's code that took its worker over could make a
result say anything, never make the client run anything.

This module knows ``distributed`` (imported only when a scheduler is asked for) and processes;
what a task runs and what its result means are the caller's business.
"""

from __future__ import annotations

import base64
import hashlib
import json
import logging
import os
import pickle
import shutil
import signal
import tempfile
import threading
import time
import uuid
import warnings
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from ..reading.config import scheduler_spec
from ..reading.files import FILE_LIMIT, read_regular
from ..records import frozen
from . import wire
from .unavailable import Unavailable

__all__ = ["NEEDS_EXTRA", "Parcel", "Unavailable", "parcel", "require", "run_note_task", "run_tasks"]

#: What a run asked to use a scheduler says without the extra.
NEEDS_EXTRA = "--scheduler needs the dask extra: pip install 'algoverify[dask]'"
#: Bytes one task may carry besides its note (a module's folder of helpers, a project's macro files).
PARCEL_LIMIT = 4 * FILE_LIMIT
#: Times a note is run when its worker dies in it, on a cluster started here (``local:N``):
#: once more after the first loss (a scheduler at an address follows its own ``allowed-failures``).
ALLOWED_FAILURES = 1
#: Seconds to reach a scheduler at an address before the run gives up.
CONNECT_TIMEOUT = 10.0


@frozen
class Parcel:
    """One note as a task carries it: its path as the client spelt it, the client's folder, the files' bytes."""

    path: str
    cwd: str
    #: absolute paths on the client → their bytes: the note and what it reads besides
    files: dict[str, bytes]
    #: the note was named on the command line (not found in a folder)
    explicit: bool = False


def parcel(path: Path, besides: Iterable[Path], *, explicit: bool) -> Parcel:
    """Read the note at ``path`` and the files ``besides`` it (those that exist and are regular) into a parcel."""
    cwd = os.getcwd()
    files: dict[str, bytes] = {}
    data = read_regular(path, FILE_LIMIT)
    if data is not None:
        files[os.path.abspath(path)] = data
    size = 0
    for extra in besides:
        if size > PARCEL_LIMIT:
            break
        data = read_regular(extra)
        if data is None:
            continue
        size += len(data)
        # at the path as named and at the path its links lead to: the worker's code resolves some
        for name in {os.path.abspath(extra), os.path.realpath(extra)}:
            files.setdefault(name, data)
    return Parcel(str(path), cwd, files, explicit)


def require() -> None:
    """Import ``distributed``, or raise :class:`Unavailable` naming the extra."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise Unavailable(NEEDS_EXTRA) from None


# --- on a worker ---------------------------------------------------------------------------------

#: this worker thread's lane, kept from task to task, and the job it was forked with
_LANES = threading.local()


def run_note_task(job: Any, note: Parcel) -> str:
    """On a Dask worker: run ``job`` on the note of the parcel in this thread's lane; JSON text of the outcome.

    ``["done", DATA]``: the report as the lane made it portable; ``["lost", WHY, CRASHED]``: the lane
    died (or the job raised, ``CRASHED``), as :func:`.pool.run_lanes` reports it. Paths come back
    as the client knows them. The lane is kept for the thread's next notes, as a ``--jobs`` lane
    is kept for its: the caches it fills serve them (a job with other options forks another).
    """
    from . import pool

    if not pool.available():
        return json.dumps(["lost", "cannot run on this Dask worker: it has no fork (a POSIX worker is needed)", False])
    key = hashlib.sha256(pickle.dumps(job)).hexdigest()
    if getattr(_LANES, "key", None) != key:
        if getattr(_LANES, "lane", None) is not None:
            _LANES.lane.close()
        try:
            job.warm()  # grammars and numpy loaded here, before the lane forks
        except Exception:  # noqa: BLE001 - an optimisation; the note reports real problems
            pass
        _LANES.lane, _LANES.key = pool.KeptLane(lambda task, send: _in_lane(job, task)), key
    parcelled = {
        "path": note.path,
        "cwd": note.cwd,
        "explicit": note.explicit,
        "files": {name: base64.b64encode(data).decode("ascii") for name, data in note.files.items()},
        "scratch": _scratch(),
    }
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # a fork in a threaded process: the lane runs ours only
        kind, body, crashed = _LANES.lane.run(parcelled)
    result = ["done", body] if kind == "done" else ["lost", body, crashed]
    return json.dumps(result, ensure_ascii=False, allow_nan=False)


#: set in a lane once it has closed what it inherited from the Dask worker
_SEALED: list[bool] = []


def _in_lane(job: Any, parcelled: dict[str, Any]) -> Any:
    """In the lane: the note's files written into a private folder, the note run there, its report's data."""
    if not _SEALED:
        _seal()
        _SEALED.append(True)
    note = Parcel(
        parcelled["path"],
        parcelled["cwd"],
        {name: base64.b64decode(text) for name, text in parcelled["files"].items()},
        parcelled["explicit"],
    )
    root = os.path.realpath(tempfile.mkdtemp(prefix="algoverify-dask-", dir=parcelled.get("scratch")))
    try:
        os.chdir(_mirror(root, note))
        spelt = Path(note.path)
        path = spelt if not spelt.is_absolute() else Path(root + os.path.abspath(spelt))
        job.explicit = {path} if note.explicit else set()
        return _unrooted(job.portable(job.run(path)), root)
    finally:
        os.chdir("/")
        shutil.rmtree(root, ignore_errors=True)


def _scratch() -> str | None:
    """The Dask worker's own folder, where the notes' private folders go: Dask removes a dead worker's.

    A lane killed in a note (its worker lost) leaves its folder behind; ``None`` (no worker here):
    the system's temporary folder.
    """
    try:
        from distributed import get_worker

        return get_worker().local_directory
    except (ImportError, ValueError, AttributeError):
        return None


def _mirror(root: str, note: Parcel) -> str:
    """Write the parcel's files under ``root`` at their client paths; the client's folder there."""
    for name, data in note.files.items():
        target = os.path.normpath(root + "/" + name)
        if not os.path.isabs(name) or not target.startswith(root + os.sep):
            continue  # not a path a client sends: nothing is written outside the folder
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(data)
    here = os.path.normpath(root + "/" + note.cwd)
    os.makedirs(here, exist_ok=True)
    return here


def _seal() -> None:
    """In a lane: hold nothing of the Dask worker's (its sockets above all), and die with it.

    The note's code runs below this lane and inherits what it holds: a connection to the
    scheduler would let it speak for the worker. Only the lane's own pipes (:data:`.wire.PRIVATE`)
    and the standard streams stay open.
    """
    from .isolation import die_with_parent

    try:
        signal.set_wakeup_fd(-1)  # the worker's event loop's: about to be closed
    except (ValueError, OSError):
        pass
    keep = sorted(fd for fd in wire.PRIVATE if fd > 2)
    low = 3
    for fd in [*keep, None]:
        high = fd if fd is not None else _fd_ceiling()
        if high > low:
            os.closerange(low, high)
        low = (fd or 0) + 1
    die_with_parent()


def _fd_ceiling() -> int:
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        return soft if 0 < soft < (1 << 20) else 1 << 20
    except (ImportError, OSError, ValueError):
        return 1 << 16


def _unrooted(data: Any, root: str) -> Any:
    """``data`` with the private folder's name taken out of every string: the client's paths again."""
    if isinstance(data, str):
        return data.replace(root, "") if root in data else data
    if isinstance(data, list):
        return [_unrooted(item, root) for item in data]
    if isinstance(data, dict):
        return {_unrooted(k, root): _unrooted(v, root) for k, v in data.items()}
    return data


# --- on the client -------------------------------------------------------------------------------


def read_outcome(text: Any) -> tuple[str, Any, bool]:
    """A task's JSON text as ``("done", data, False)`` or ``("lost", why, crashed)``.

    :raises wire.Malformed: for anything else.
    """
    if not isinstance(text, str):
        raise wire.Malformed(f"a task returned a {type(text).__name__}, not JSON text")
    data = wire.decode(text.encode("utf-8", "surrogatepass"))
    if isinstance(data, list) and len(data) == 2 and data[0] == "done":
        return "done", data[1], False
    if isinstance(data, list) and len(data) == 3 and data[0] == "lost":
        if isinstance(data[1], str) and isinstance(data[2], bool):
            return "lost", data[1], data[2]
    raise wire.Malformed("not a task's outcome")


def run_tasks(
    scheduler: str,
    tasks: Iterator[tuple[Any, Parcel]],
    *,
    on_done: Callable[[int, Any], None],
    on_lost: Callable[[int, str, bool], None],
    tick: Callable[[], None] | None = None,
    tick_seconds: float = 0.25,
) -> None:
    """Run each ``(job, parcel)`` of ``tasks`` as :func:`run_note_task` on the cluster ``scheduler`` names.

    Tasks are numbered in the order ``tasks`` gives them and read from it only as the cluster has
    room (a few per worker thread in flight), so a million notes are never all in memory.
    ``on_done(i, data)`` gets a task's report data (raising :class:`~.wire.Malformed` refuses it:
    the task is then lost), ``on_lost(i, why, crashed)`` a task whose workers died, or that raised.
    On any exception here (Ctrl-C) the tasks are cancelled, the client closed (a ``local:N``
    cluster with it), and the exception propagates.
    """
    require()
    from distributed import wait

    client, cluster = _connect(scheduler)
    pending: dict[Any, int] = {}
    token = uuid.uuid4().hex[:8]
    try:
        numbered = enumerate(tasks)
        room, counted = _room(client), time.monotonic()
        exhausted = False
        while True:
            while not exhausted and len(pending) < room:
                item = next(numbered, None)
                if item is None:
                    exhausted = True
                    break
                k, (job, note) = item
                key = f"algoverify-{token}-{k} {Path(note.path).name}"
                pending[client.submit(run_note_task, job, note, key=key, retries=1, pure=False)] = k
            if not pending:
                break
            try:
                done, _ = wait(list(pending), timeout=tick_seconds, return_when="FIRST_COMPLETED")
            except TimeoutError:
                done = set()
            for future in done:
                _settle(future, pending.pop(future), on_done, on_lost)
            if time.monotonic() - counted > 5.0:  # an adaptive cluster grows and shrinks
                room, counted = _room(client), time.monotonic()
            if tick is not None:
                tick()
    except BaseException:
        try:
            client.cancel(list(pending), force=True)
        except Exception:  # noqa: BLE001 - the client may be gone already
            pass
        raise
    finally:
        _close(client, cluster)


def _settle(
    future: Any, k: int, on_done: Callable[[int, Any], None], on_lost: Callable[[int, str, bool], None]
) -> None:
    from distributed import KilledWorker

    try:
        text = future.result()
    except KilledWorker as exc:
        on_lost(k, _lost(exc), False)
        return
    except Exception as exc:  # noqa: BLE001 - raised by our task on the worker, after its retry: our bug
        on_lost(k, f"Traceback (on a Dask worker):\n{type(exc).__name__}: {exc}\n", True)
        return
    finally:
        future.release()
    try:
        kind, body, crashed = read_outcome(text)
        if kind == "done":
            on_done(k, body)
        else:
            on_lost(k, body, crashed)
    except wire.Malformed as exc:
        on_lost(k, f"sent a result that is not one ({exc})", False)


def _lost(exc: Any) -> str:
    """Why a note is lost when every worker that took it died: the times it ran, the last worker."""
    last = getattr(getattr(exc, "last_worker", None), "address", None)
    allowed = getattr(exc, "allowed_failures", None)
    times = f"{allowed + 1} times" if isinstance(allowed, int) else "again and again"
    where = f" (the last, {last})" if last else ""
    return f"died on the Dask cluster: the worker checking it was lost, {times}{where}"


def _room(client: Any) -> int:
    """Tasks to keep in flight: a few per worker thread, so that none waits for the client."""
    try:
        threads = sum(client.nthreads().values())
    except Exception:  # noqa: BLE001 - asked again later
        threads = 0
    return max(8, 4 * threads)


def _connect(scheduler: str) -> tuple[Any, Any]:
    """A client of the scheduler at the address, or of a cluster of N processes started here."""
    from distributed import Client

    spec = scheduler_spec(scheduler)
    if isinstance(spec, str):
        try:
            return Client(spec, timeout=CONNECT_TIMEOUT), None
        except (OSError, TimeoutError, ValueError) as exc:
            raise Unavailable(f"cannot reach the Dask scheduler at {spec}: {exc}") from None
    import dask
    from distributed import LocalCluster

    # The workers ignore Ctrl-C: the run stops them itself (a terminal sends Ctrl-C to the whole
    # process group, and a worker's own KeyboardInterrupt would print its traceback).
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: signals stay as they are
        previous = None
    try:
        with dask.config.set({"distributed.scheduler.allowed-failures": ALLOWED_FAILURES}):
            cluster = LocalCluster(
                n_workers=spec, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=logging.ERROR
            )
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    try:
        return Client(cluster), cluster
    except BaseException:
        cluster.close()
        raise


def _close(client: Any, cluster: Any) -> None:
    for thing in (client, cluster):
        if thing is None:
            continue
        try:
            thing.close()
        except Exception:  # noqa: BLE001 - closing what may be half gone
            pass
