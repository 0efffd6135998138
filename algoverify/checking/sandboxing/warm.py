"""A warm interpreter: one Python that has imported NumPy once, forked for each sandboxed run.

Starting a fresh interpreter that imports NumPy costs about 0.15 s of CPU; a note whose checks
call a snippet's functions pays it once per session, and a run of many notes once per note. The
warm interpreter (the *zygote*, the constant :data:`_ZYGOTE` below, our own code) is started
once with the snippets' interpreter flags and environment, imports what it is told to preload,
and then only forks. Each fork becomes the run's supervisor, exactly the code
:class:`~algoverify.checking.sandboxing.sandbox.Sandboxed` otherwise starts with ``python -I -S``,
and everything the supervisor does for a cold run it does here: pids cgroup, subreaper, network
and PID namespaces, rlimits, its own process group, the sweep. Only the last step differs: where
the run has a PID namespace, the command runs the snippet in the forked interpreter instead of
``exec``-ing a new one (without one, it still ``exec``\\ s: the sweep's last resort finds a
process by the token in its initial environment, which only ``exec`` sets).

The caller talks to the zygote over a socket of datagrams (one request is one message, so
threads may share it); each run also gets a stream socket of its own,
on which the supervisor sends its pid and a pidfd (the caller is not its parent, so it waits on
the pidfd) and whose end tells the supervisor the caller is gone. The zygote reaps a supervisor
only when the caller says it has swept it, so its pid cannot be reused before the sweep's
``killpg``. This module imports nothing from algoverify.
"""

from __future__ import annotations

import atexit
import json
import os
import socket
import subprocess
import sys
import threading

#: Seconds to wait for the zygote's fork to report its pid before the run goes cold instead.
_SPAWN_TIMEOUT = 30.0


def available() -> bool:
    """Whether this platform can run a warm interpreter (Linux: fork, pidfds, descriptor passing)."""
    return sys.platform.startswith("linux") and hasattr(os, "pidfd_open") and hasattr(socket, "send_fds")


class Spawned:
    """A supervisor forked by the zygote: its pid, a pidfd to wait on, the run's socket."""

    def __init__(self, zygote: WarmInterpreter, pid: int, pidfd: int, conn: socket.socket) -> None:
        self.zygote, self.pid, self.pidfd, self.conn = zygote, pid, pidfd, conn

    def release(self) -> None:
        """After the sweep: let the zygote reap the supervisor, and tell it we are done."""
        self.zygote.reap(self.pid)
        os.close(self.pidfd)
        self.conn.close()


class WarmInterpreter:
    """The zygote process and our end of its request socket.

    ``argv`` is the interpreter and its flags up to ``-c``, ``env`` its environment (the one every
    run's interpreter would start with), ``preload`` the modules it imports once.
    """

    def __init__(self, argv: list[str], env: dict[str, str], preload: tuple[str, ...]) -> None:
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        config = {"fd": theirs.fileno(), "preload": list(preload)}
        try:
            self.process = subprocess.Popen(
                [*argv, _ZYGOTE, json.dumps(config)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                env=env,
                start_new_session=True,
                pass_fds=(theirs.fileno(),),
            )
        finally:
            theirs.close()
        self.argv = list(argv)
        self._owner = os.getpid()
        atexit.register(self.close)
        self._socket = ours
        self._lock = threading.Lock()
        self.failed = False

    def alive(self) -> bool:
        """Whether the zygote can take our requests: it runs, and we are the process that started it.

        Not a process forked from ours: a note's worker has a PID namespace of its own, where the
        pids the zygote's forks report would name other processes.
        """
        return not self.failed and os.getpid() == self._owner and self.process.poll() is None

    def spawn(self, config: dict, fds: list[int]) -> Spawned | None:
        """Fork a supervisor for ``config`` with ``fds`` (stdin, stdout, stderr, status); ``None``: go cold.

        ``stdin`` may be ``-1`` (no input: the fork opens the null device). The caller keeps its
        copies of ``fds`` and closes them, as after a ``Popen``.
        """
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            request = json.dumps({"op": "run", "config": config}).encode()
            with self._lock:
                socket.send_fds(self._socket, [request], [*[fd for fd in fds if fd >= 0], theirs.fileno()])
            theirs.close()
            ours.settimeout(_SPAWN_TIMEOUT)
            message, pidfds, _flags, _addr = socket.recv_fds(ours, 1024, 1)
            if not message or len(pidfds) != 1:
                raise OSError("the warm interpreter did not start the run")
            ours.settimeout(None)
            return Spawned(self, int(json.loads(message)["pid"]), pidfds[0], ours)
        except (OSError, ValueError, KeyError):
            theirs.close()
            ours.close()
            self.failed = True
            return None

    def reap(self, pid: int) -> None:
        """Let the zygote reap ``pid``, a supervisor we have swept."""
        try:
            with self._lock:
                self._socket.send(json.dumps({"op": "reap", "pid": pid}).encode())
        except OSError:
            self.failed = True

    def close(self) -> None:
        """End the zygote and wait for it (it also ends with the process that started it).

        Waiting makes its CPU time, and its forks', count in ours, as a cold run's does.
        """
        self._socket.close()
        if os.getpid() != self._owner:
            return
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


# The zygote: our own constant code, run as ``python FLAGS -c _ZYGOTE CONFIG``. A request is one
# datagram of JSON with the run's descriptors attached: stdin (unless there is none), stdout,
# stderr, the status pipe, and the run's own socket, last. The fork sets up what ``Popen`` would
# have (a session, the working directory, the standard descriptors) and runs the supervisor's
# source, which came in the request, as ``python -I -S -c`` would have run it.
_ZYGOTE = r"""
import json, os, socket, sys

cfg = json.loads(sys.argv[1])
# No parent-death signal: it follows the thread that started us, which may end long before the
# process. We end when the last process holding the other end of the request socket is gone.
requests = socket.socket(fileno=cfg["fd"])


def mapped():
    try:
        with open("/proc/self/status") as status:
            return int(status.read().split("VmSize:")[1].split()[0]) * 1024
    except (OSError, IndexError, ValueError):
        return 0


before = mapped()
for name in cfg["preload"]:
    try:
        __import__(name)
    except Exception:
        pass
import ctypes, resource, select  # the supervisor's own imports, done once
# what the preloaded modules map is not the snippet's: a cold run that never imports them has
# that much more room under the same limit (see the supervisor's RLIMIT_AS)
preloaded = max(0, mapped() - before)
compiled = {}
pending = set()


def become_supervisor(config, fds, code):
    conn = fds[-1]
    stdin, stdout, stderr, status = ([-1] if len(fds) == 4 else []) + fds[:-1]
    requests.close()
    os.setsid()
    os.chdir(config.pop("cwd"))
    if stdin < 0:
        stdin = os.open(os.devnull, os.O_RDONLY)
    for fd, target in ((stdin, 0), (stdout, 1), (stderr, 2)):
        os.dup2(fd, target)
    for fd in {stdin, stdout, stderr} - {0, 1, 2}:
        os.close(fd)
    config.update(status_fd=status, conn=conn, parent=os.getppid(), preloaded=preloaded)
    me = os.pidfd_open(os.getpid())
    socket.send_fds(socket.socket(fileno=os.dup(conn)), [json.dumps({"pid": os.getpid()}).encode()], [me])
    os.close(me)
    sys.argv = ["-c", json.dumps(config)]
    exec(code, {"__name__": "__main__"})
    os._exit(0)


while True:
    try:
        message, fds, _flags, _addr = socket.recv_fds(requests, 1 << 20, 8)
    except InterruptedError:
        continue
    if not message:
        break  # every process that could ask is gone
    try:
        request = json.loads(message)
    except ValueError:
        request = {}
    if request.get("op") == "run" and len(fds) in (4, 5):
        source = request["config"].pop("supervisor")
        code = compiled.get(source) or compiled.setdefault(source, compile(source, "<supervisor>", "exec"))
        pid = os.fork()
        if pid == 0:
            try:
                become_supervisor(request["config"], fds, code)
            finally:
                os._exit(127)
    elif request.get("op") == "reap":
        # the caller has swept the run: only now may its pid be reused
        pending.add(request.get("pid"))
    for pid in list(pending):
        try:
            if os.waitpid(int(pid), os.WNOHANG)[0]:
                pending.discard(pid)
        except (ChildProcessError, ValueError, TypeError):
            pending.discard(pid)
    for fd in fds:
        os.close(fd)
os._exit(0)
"""
