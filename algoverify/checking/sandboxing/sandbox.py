"""Process control for untrusted code: limits, namespaces, and a sweep that leaves nothing behind.

Consumes a command line, a working directory, an environment and :class:`Limits`; produces a
:class:`Sandboxed` handle whose output pipes the caller drains and whose :meth:`Sandboxed.finish`
returns an :class:`Outcome` once the command, and every process it started, is gone.

On POSIX the command does not run as our child. A throwaway *supervisor* interpreter (the
constant :data:`_SUPERVISOR` below, our own code) sits in between, so a snippet that kills its
parent kills only the supervisor. The supervisor, in order and each step best-effort:

* joins a fresh pids cgroup we created (a cap on processes that holds even for root);
* makes itself a child subreaper, so processes that escape with ``setsid`` stay its descendants;
* unshares a network namespace (with a user namespace first when plain ``unshare`` is refused),
  so the command sees only a loopback device that is down; on request also a PID namespace
  (snippets ask for one), whose init cannot be killed from inside and takes every process in it
  along when it exits, and from which no process outside can be signalled by its pid;
* forks the command with rlimits on CPU time, address space, processes, file size and core
  dumps, in a process group of its own, and sweeps every descendant when it ends.

This module imports nothing from algoverify but the warm interpreter beside it (:mod:`.warm`),
so the two can be read and audited on their own.
"""

from __future__ import annotations

import json
import os
import secrets
import select
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from .warm import Spawned, WarmInterpreter

#: Name of the environment variable carrying a per-run token, the sweep's last resort: any
#: process still alive with it in its initial environment belongs to the run.
TOKEN_VARIABLE = "ALGOVERIFY_SANDBOX"

#: How long the supervisor gets to sweep after our SIGTERM before everything is SIGKILLed.
_SWEEP_GRACE = 0.5


@dataclass(frozen=True)
class Limits:
    """Resource limits for one sandboxed run.

    ``cpu_seconds`` is RLIMIT_CPU (per process; SIGXCPU at the limit, SIGKILL a second later);
    ``memory_bytes`` is RLIMIT_AS of every process; ``max_processes`` caps tasks through a pids
    cgroup when one can be created and through RLIMIT_NPROC when the real uid is not root;
    ``max_file_bytes`` is RLIMIT_FSIZE. Core dumps are always off.
    """

    timeout: float
    memory_bytes: int
    cpu_seconds: int
    max_processes: int = 256
    max_file_bytes: int = 64 << 20


@dataclass(frozen=True)
class Outcome:
    """How a sandboxed run ended.

    ``returncode`` is the command's status as in :mod:`subprocess` (negative for a signal), or
    ``None`` when it timed out. ``protections`` names what held for this run, among
    ``supervisor``, ``subreaper``, ``pid-namespace``, ``network-namespace``, ``user-namespace``,
    ``pids-cgroup``, ``nproc-rlimit`` and ``rlimits``.
    """

    returncode: int | None
    timed_out: bool
    duration: float
    protections: tuple[str, ...]


class Sandboxed:
    """A command started under the sandbox; drain :attr:`stdout` and :attr:`stderr`, then :meth:`finish`."""

    def __init__(
        self,
        argv: list[str],
        *,
        cwd: Path,
        env: dict[str, str],
        limits: Limits,
        pid_namespace: bool = False,
        stdin: bool = False,
        warm: WarmInterpreter | None = None,
    ) -> None:
        """Start ``argv`` in ``cwd`` with exactly ``env`` (plus the run's token) under ``limits``.

        ``pid_namespace`` asks for a PID namespace as well, where the kernel allows one. It is
        off by default because the command then sees its own pids (itself as 2), not ours.
        ``stdin`` gives the command a pipe we write to (:attr:`stdin`) instead of no input.
        ``warm``: where ``argv`` is its interpreter's command line up to ``-c`` and the code, the
        warm interpreter forks the supervisor, and the command runs the code without a new
        interpreter (see :mod:`.warm`); whatever it cannot do, the run does cold.
        """
        self._limits = limits
        self._token = secrets.token_hex(16)
        stdin_mode = subprocess.PIPE if stdin else subprocess.DEVNULL
        self._posix = os.name == "posix"
        self._cgroup = _make_pids_cgroup(limits.max_processes + 2) if sys.platform.startswith("linux") else None
        env = {**env, TOKEN_VARIABLE: self._token}
        self._start = time.monotonic()
        if not self._posix:
            self._status_r = None
            self.proc = subprocess.Popen(
                argv, stdin=stdin_mode, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd, env=env
            )
        else:
            self._status_r, status_w = os.pipe()
            config = {
                "argv": argv,
                "status_fd": status_w,
                "cgroup": str(self._cgroup) if self._cgroup else None,
                "pid_ns": pid_namespace,
                "cpu": limits.cpu_seconds,
                "memory": limits.memory_bytes,
                "processes": limits.max_processes,
                "fsize": limits.max_file_bytes,
                "parent": os.getpid(),
            }
            try:
                forked = None
                if warm is not None and warm.alive() and argv[:-1] == warm.argv:
                    forked = _fork_warm(warm, {**config, "cwd": str(cwd), "code": argv[-1], "env": env}, stdin)
                if forked is not None:
                    self.proc: subprocess.Popen | _Forked = forked
                else:
                    # -I -S: the supervisor reads no PYTHON* variable, no site-packages, no cwd module.
                    self.proc = subprocess.Popen(
                        [sys.executable, "-I", "-S", "-c", _SUPERVISOR, json.dumps(config)],
                        stdin=stdin_mode,
                        stdout=subprocess.PIPE,
                        stderr=subprocess.PIPE,
                        cwd=cwd,
                        env=env,
                        start_new_session=True,
                        pass_fds=(status_w,),
                    )
            except BaseException:
                os.close(self._status_r)
                if self._cgroup is not None:
                    _empty_and_remove(self._cgroup)
                raise
            finally:
                os.close(status_w)
        assert self.proc.stdout is not None and self.proc.stderr is not None
        self.stdout = self.proc.stdout
        self.stderr = self.proc.stderr
        #: the command's input pipe when started with ``stdin=True``, else ``None``
        self.stdin = self.proc.stdin

    @property
    def token(self) -> str:
        """The run's token: every process of the run starts with it in :data:`TOKEN_VARIABLE`."""
        return self._token

    def finish(self, timeout: float | None = None) -> Outcome:
        """Wait until the deadline, then end every process of the run and report how it ended.

        ``timeout`` replaces the deadline by that many seconds from now: ``0`` ends the run at
        once (the outcome then says it timed out unless the command had already exited).
        """
        deadline = self._start + self._limits.timeout if timeout is None else time.monotonic() + timeout
        if not self._posix:
            return self._finish_plain(deadline)
        timed_out = not self._wait_until(deadline)
        if timed_out:
            # The supervisor's SIGTERM handler sweeps its descendants; give it a moment to.
            _signal(self.proc.pid, signal.SIGTERM)
            self._wait_until(time.monotonic() + _SWEEP_GRACE)
        status = self._read_status()
        self._sweep(status)
        supervisor_code = self.proc.wait()
        duration = time.monotonic() - self._start
        protections = ("supervisor", *status.get("held", ()))
        if timed_out:
            return Outcome(None, True, duration, protections)
        # No status line: the supervisor itself was killed, most likely by the command.
        returncode = status.get("returncode", supervisor_code if supervisor_code != 0 else -signal.SIGKILL)
        return Outcome(returncode, False, duration, protections)

    def _wait_until(self, deadline: float) -> bool:
        if isinstance(self.proc, _Forked):
            return _wait_pidfd(self.proc.spawned.pidfd, deadline)
        return _wait_until(self.proc.pid, deadline)

    def _finish_plain(self, deadline: float) -> Outcome:
        """Without POSIX process control: wait, and kill the one process on expiry."""
        try:
            returncode: int | None = self.proc.wait(max(0.0, deadline - time.monotonic()))
            timed_out = False
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            returncode, timed_out = None, True
        return Outcome(returncode, timed_out, time.monotonic() - self._start, ())

    def _read_status(self) -> dict:
        """Merge the JSON lines the supervisor and the namespace's init wrote on the status pipe."""
        assert self._status_r is not None
        os.set_blocking(self._status_r, False)
        data = b""
        try:
            while chunk := os.read(self._status_r, 65536):
                data += chunk
        except BlockingIOError:
            pass  # a writer is still alive; the sweep ends it
        finally:
            os.close(self._status_r)
        status: dict = {}
        for line in data.splitlines():
            try:
                status.update(json.loads(line))
            except ValueError:
                continue
        return status

    def _sweep(self, status: dict) -> None:
        """SIGKILL the supervisor's group, the command's group, the cgroup, and token holders."""
        for group in (self.proc.pid, status.get("child")):
            if group:
                try:
                    os.killpg(group, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
        if self._cgroup is not None:
            _empty_and_remove(self._cgroup)
        if "pid-namespace" not in status.get("held", ()) and sys.platform.startswith("linux"):
            # Without a PID namespace an escapee that outlived a killed supervisor is found by
            # the token in its initial environment (lost only if it exec'd with a new one).
            _kill_token_holders(self._token)


class _Forked:
    """A supervisor the warm interpreter forked: what :class:`subprocess.Popen` would have given us."""

    def __init__(self, spawned: Spawned, stdin: IO[bytes] | None, stdout: IO[bytes], stderr: IO[bytes]) -> None:
        self.spawned, self.pid, self.stdin, self.stdout, self.stderr = spawned, spawned.pid, stdin, stdout, stderr

    def wait(self) -> int:
        """Wait for the swept supervisor and let the zygote reap it; its status is not ours to read."""
        _wait_pidfd(self.spawned.pidfd, time.monotonic() + _SWEEP_GRACE)
        self.spawned.release()
        return -signal.SIGKILL


def _fork_warm(warm: WarmInterpreter, config: dict, stdin: bool) -> _Forked | None:
    """Have ``warm`` fork the supervisor for ``config`` with fresh pipes; ``None`` if it cannot."""
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    in_r, in_w = os.pipe() if stdin else (-1, -1)
    spawned = warm.spawn({**config, "supervisor": _SUPERVISOR}, [in_r, out_w, err_w, config["status_fd"]])
    for fd in (in_r, out_w, err_w):
        if fd >= 0:
            os.close(fd)
    if spawned is None:
        for fd in (in_w, out_r, err_r):
            if fd >= 0:
                os.close(fd)
        return None
    return _Forked(spawned, open(in_w, "wb") if stdin else None, open(out_r, "rb"), open(err_r, "rb"))


def _wait_pidfd(pidfd: int, deadline: float) -> bool:
    """Wait until the process of ``pidfd`` exits or ``deadline``; return whether it exited."""
    ready = select.poll()
    ready.register(pidfd, select.POLLIN)
    return bool(ready.poll(max(0.0, deadline - time.monotonic()) * 1000))


def probe() -> dict[str, bool]:
    """Report which protections this platform grants, by trying them all in a throwaway run.

    Keys: ``pid-namespace``, ``network-namespace``, ``user-namespace`` (whether one was needed),
    ``subreaper``, ``pids-cgroup``, ``nproc-rlimit`` (RLIMIT_NPROC is enforced: not root).
    """
    sandboxed = Sandboxed(
        [sys.executable, "-I", "-S", "-c", "pass"],
        cwd=Path(tempfile.gettempdir()),
        env={"PATH": os.environ.get("PATH", "")},
        limits=Limits(timeout=10.0, memory_bytes=1 << 30, cpu_seconds=10),
        pid_namespace=True,
    )
    sandboxed.stdout.read()
    sandboxed.stderr.read()
    sandboxed.stdout.close()
    sandboxed.stderr.close()
    held = set(sandboxed.finish().protections)
    names = ("pid-namespace", "network-namespace", "user-namespace", "subreaper", "pids-cgroup", "nproc-rlimit")
    return {name: name in held for name in names}


def _wait_until(pid: int, deadline: float) -> bool:
    """Poll until ``pid`` exits (without reaping it) or ``deadline``; return whether it exited.

    ``waitid(WNOWAIT)`` leaves the exit unreaped, so the process group id cannot have been
    reused by an unrelated process when the sweep's ``killpg`` runs.
    """
    delay = 0.0005
    while True:
        if os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None:
            return True
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False
        delay = min(delay * 2, remaining, 0.05)
        time.sleep(delay)


def _signal(pid: int, signum: int) -> None:
    try:
        os.kill(pid, signum)
    except ProcessLookupError:
        pass


def _make_pids_cgroup(limit: int) -> Path | None:
    """Create a pids cgroup below ours capped at ``limit`` tasks, or return ``None`` if not allowed."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        if line.count(":") < 2:
            continue
        _hierarchy, controllers, path = line.split(":", 2)
        if "pids" in controllers.split(","):
            base = Path("/sys/fs/cgroup/pids") / path.lstrip("/")
        elif controllers == "":
            base = Path("/sys/fs/cgroup") / path.lstrip("/")  # cgroup v2, if pids is delegated
        else:
            continue
        group = base / f"algoverify-{secrets.token_hex(8)}"
        try:
            group.mkdir()
        except OSError:
            continue
        try:
            (group / "pids.max").write_text(str(limit))
            return group
        except OSError:
            _empty_and_remove(group)
    return None


def _empty_and_remove(group: Path) -> None:
    """SIGKILL every task left in ``group`` and remove it (tasks take a moment to leave)."""
    deadline = time.monotonic() + 2.0
    while True:
        try:
            pids = [int(p) for p in (group / "cgroup.procs").read_text().split()]
        except (OSError, ValueError):
            pids = []
        for pid in pids:
            _signal(pid, signal.SIGKILL)
        try:
            group.rmdir()
            return
        except FileNotFoundError:
            return
        except OSError:
            if time.monotonic() > deadline:
                return  # left behind, empty or not: never hang the check on it
            time.sleep(0.01)


def _proc_is_ours() -> bool:
    """Whether /proc numbers processes as our PID namespace does (a pid read there is one we may signal).

    In a note's worker, which has a PID namespace of its own, /proc is still the machine's: its
    numbers name other processes here, or none.
    """
    try:
        return os.readlink("/proc/self") == str(os.getpid())
    except OSError:
        return False


def _kill_token_holders(token: str) -> None:
    """SIGKILL every process whose initial environment carries this run's token."""
    if not _proc_is_ours():
        return
    needle = f"{TOKEN_VARIABLE}={token}".encode()
    me = os.getpid()
    for _ in range(5):
        found = False
        for entry in os.listdir("/proc"):
            if not entry.isdigit() or int(entry) == me:
                continue
            try:
                with open(f"/proc/{entry}/environ", "rb") as environ:
                    if needle not in environ.read():
                        continue
            except OSError:
                continue
            found = True
            _signal(int(entry), signal.SIGKILL)
        if not found:
            return
        time.sleep(0.01)


# The supervisor: our own constant code, run as ``python -I -S -c _SUPERVISOR CONFIG``. It
# writes JSON lines on the status pipe and nothing on stdout/stderr, which belong to the command.
_SUPERVISOR = r"""
import json, os, signal, sys, time

cfg = json.loads(sys.argv[1])
status = cfg["status_fd"]
os.set_inheritable(status, False)  # the command's exec closes it; only our processes write
if cfg.get("conn") is not None:
    os.set_inheritable(cfg["conn"], False)


def say(**fields):
    try:
        os.write(status, (json.dumps(fields) + "\n").encode())
    except OSError:
        pass  # the reader is gone (the process that started us was killed): sweep all the same


held = ["rlimits"]
linux = sys.platform.startswith("linux")
libc = None
if linux:
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
    except Exception:
        libc = None

if cfg["cgroup"]:
    try:
        with open(cfg["cgroup"] + "/cgroup.procs", "w") as procs:
            procs.write(str(os.getpid()))
        held.append("pids-cgroup")
    except OSError:
        pass

if libc is not None and libc.prctl(36, 1, 0, 0, 0) == 0:  # PR_SET_CHILD_SUBREAPER
    held.append("subreaper")

NEWNET, NEWPID, NEWUSER = 0x40000000, 0x20000000, 0x10000000
uid, gid = os.getuid(), os.getgid()
pid_ns = False
if libc is not None:
    wanted = NEWNET | (NEWPID if cfg["pid_ns"] else 0)
    for flags in (wanted, NEWUSER | wanted):
        if libc.unshare(flags) != 0:
            continue
        if flags & NEWUSER:
            # Map our uid and gid to themselves: the command keeps its identity, and loses the
            # namespace's capabilities when it execs as a non-root uid.
            for name, text in (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"), ("gid_map", f"{gid} {gid} 1")):
                try:
                    with open(f"/proc/self/{name}", "w") as f:
                        f.write(text)
                except OSError:
                    pass
            held.append("user-namespace")
        held.append("network-namespace")
        if flags & NEWPID:
            held.append("pid-namespace")
            pid_ns = True
        break

# RLIMIT_NPROC counts every task of the real uid and never binds root. In a new user namespace
# the count starts afresh; outside one, the uid's existing tasks are added to the allowance.
nproc_cap = cfg["processes"]
if uid != 0:
    held.append("nproc-rlimit")
    if "user-namespace" not in held and linux:
        mine = 0
        for entry in os.listdir("/proc"):
            try:
                if entry.isdigit() and os.stat(f"/proc/{entry}").st_uid == uid:
                    mine += len(os.listdir(f"/proc/{entry}/task"))
            except OSError:
                pass
        nproc_cap += mine


def become_command():
    import resource
    # forked from a warm interpreter, the command runs its Python here, but only inside a PID
    # namespace: without one the sweep's last resort is the token in a process's initial
    # environment, which only exec sets
    in_process = cfg.get("code") is not None and pid_ns
    if not in_process:
        # Python ignores SIGPIPE and SIGXFSZ for itself; the command starts with the defaults.
        for signum in (signal.SIGPIPE, signal.SIGXFSZ):
            signal.signal(signum, signal.SIG_DFL)
    os.setpgid(0, 0)  # its own group: a killpg(0) in the command cannot reach the supervisor
    # in process, the address space starts with what the warm interpreter preloaded: not charged
    memory = cfg["memory"] + (cfg.get("preloaded", 0) if in_process else 0)
    limits = [
        (resource.RLIMIT_CPU, cfg["cpu"], cfg["cpu"] + 1),
        (resource.RLIMIT_AS, memory, memory),
        (resource.RLIMIT_FSIZE, cfg["fsize"], cfg["fsize"]),
        (resource.RLIMIT_CORE, 0, 0),
    ]
    if hasattr(resource, "RLIMIT_NPROC"):
        limits.append((resource.RLIMIT_NPROC, nproc_cap, nproc_cap))
    for which, soft, hard in limits:
        _old_soft, old_hard = resource.getrlimit(which)
        if old_hard != resource.RLIM_INFINITY:  # never raise a hard limit: EPERM
            soft, hard = min(soft, old_hard), min(hard, old_hard)
        try:
            resource.setrlimit(which, (soft, hard))
        except (ValueError, OSError):
            pass
    if in_process:
        run_in_process(cfg["code"])
    argv = cfg["argv"]
    if cfg.get("env") is not None:
        os.execve(argv[0], argv, cfg["env"])
    os.execv(argv[0], argv)


def run_in_process(source):
    # what `python -c source` does after start-up, in an interpreter that started as it would
    import atexit, builtins, types
    # the status pipe, the run's socket, the zygote's: none is the snippet's
    os.closerange(3, max(1 << 16, os.sysconf("SC_OPEN_MAX")))
    os.environ.clear()
    os.environ.update(cfg["env"])
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.argv = ["-c"]
    main = types.ModuleType("__main__")
    main.__builtins__ = builtins
    sys.modules["__main__"] = main
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        numpy.random.seed()  # a fresh interpreter's global generator starts from fresh entropy
    status = 0
    try:
        exec(compile(source, "<string>", "exec"), main.__dict__)
    except SystemExit as exc:
        if exc.code is None or isinstance(exc.code, int):
            status = (exc.code or 0) & 0xFF
        else:
            print(exc.code, file=sys.stderr)
            status = 1
    except BaseException as exc:
        # the traceback starts at the snippet's own frames, as python -c prints it
        exc = exc.with_traceback(exc.__traceback__.tb_next)
        sys.excepthook(type(exc), exc, exc.__traceback__)
        status = 1
    try:
        threading = sys.modules.get("threading")
        if threading is not None:
            threading._shutdown()
        atexit._run_exitfuncs()
    except BaseException:
        pass
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:
            status = status or 120
    os._exit(status)


def fork_command():
    pid = os.fork()
    if pid == 0:
        try:
            become_command()
        except BaseException as exc:
            os.write(2, f"sandbox: cannot start the command: {exc}\n".encode())
        os._exit(127)
    return pid


def descendants():
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                ppid = int(stat.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    found, todo = [], [os.getpid()]
    while todo:
        for kid in children.get(todo.pop(), ()):
            found.append(kid)
            todo.append(kid)
    return found


def sweep(child):
    for target in (child, -child):
        try:
            os.kill(target, signal.SIGKILL)
        except OSError:
            pass
    # /proc lists the machine's pids: where we have a PID namespace of our own (a note's worker
    # does), its numbers are not ours to signal, and our own namespace's end sweeps instead
    try:
        scan = os.readlink("/proc/self") == str(os.getpid())
    except OSError:
        scan = False
    for _ in range(200):
        kids = descendants() if scan else []
        for kid in kids:
            try:
                os.kill(kid, signal.SIGKILL)
            except OSError:
                pass
        try:
            while os.waitpid(-1, os.WNOHANG)[0] > 0:
                pass
        except ChildProcessError:
            return
        if not kids:
            return
        time.sleep(0.005)


if pid_ns:
    child = os.fork()
    if child == 0:
        # PID 1 of the namespace: signals from inside it are ignored unless handled (even
        # SIGKILL), and when it exits the kernel kills every process left in the namespace.
        signal.signal(signal.SIGINT, signal.SIG_DFL)  # so no handler makes it killable
        command = fork_command()
        while True:
            pid, wstatus = os.waitpid(-1, 0)
            if pid == command:
                say(returncode=os.waitstatus_to_exitcode(wstatus))
                os._exit(0)
else:
    child = fork_command()
say(child=child, held=held)


class Stop(Exception):
    pass


def wait_for(child):
    # forked from a warm interpreter, our parent is not the caller: the caller's end of the
    # run's socket closing says it is gone, as the parent-death signal says it otherwise
    conn = cfg.get("conn")
    if conn is None:
        return os.waitpid(child, 0)[1]
    import select
    watch = os.pidfd_open(child)
    while True:
        ready = select.select([watch, conn], [], [])[0]
        if conn in ready:
            try:
                if not os.read(conn, 64):
                    raise Stop
            except OSError:
                raise Stop
        if watch in ready:
            return os.waitpid(child, 0)[1]


def on_term(signum, frame):
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise Stop


# SIGTERM stops the wait, never the sweep: a Stop raised inside the sweep would end it half
# done. It can come late: when the process that started us is killed, the command may see its
# pipes close and exit before the kernel sends us the parent-death signal, and that signal
# comes again each time we are handed on to another thread of the dying process.
signal.signal(signal.SIGTERM, on_term)
try:
    # the process that started us may be killed (a note's worker past its deadline): then
    # SIGTERM ends the snippet as a timeout would, instead of leaving it to run on alone
    if libc is not None:
        libc.prctl(1, signal.SIGTERM, 0, 0, 0)  # PR_SET_PDEATHSIG
    if os.getppid() != cfg["parent"]:
        raise Stop  # it died before we asked to be told
    wstatus = wait_for(child)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if not pid_ns:
        say(returncode=os.waitstatus_to_exitcode(wstatus))
except Stop:
    pass
signal.signal(signal.SIGTERM, signal.SIG_IGN)
sweep(child)
os._exit(0)
"""
