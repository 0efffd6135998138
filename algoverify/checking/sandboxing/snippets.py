"""Python snippets and quoted output: run a code block in a sandboxed subprocess, compare with a quote.

Consumes the source text of a Python block and the output its prose quotes; produces a
:class:`SnippetRun` (what the subprocess printed) and a :class:`Comparison` (whether the quote
is a token-for-token excerpt of the output, with numbers compared at the precision quoted).
The snippet's code never runs in this process: it goes to a fresh interpreter as an argument, or
to a fork of a warm one (:mod:`.warm`), in the same sandbox.
"""

from __future__ import annotations

import contextlib
import math
import os
import re
import sys
import tempfile
import threading
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import IO, Iterator

from ...reading.rendered import locate
from ...records import frozen
from . import warm
from .sandbox import Limits, Sandboxed

#: Bytes kept of each of stdout and stderr; the rest is read and dropped so the child never blocks.
MAX_OUTPUT = 1 << 20

#: Text in stderr that says the snippet ran out of memory (Python's MemoryError, numpy's
#: ``_ArrayMemoryError``, and the C library's ENOMEM message from a failed thread or mmap).
_MEMORY_MARKERS = ("MemoryError", "Cannot allocate memory")

#: How long to wait for the output pipes to close after the sandbox has ended every process.
_DRAIN_GRACE = 1.0


@frozen
class SnippetRun:
    """What one run of a snippet did.

    ``returncode`` is ``None`` when the run timed out (the code is then our kill signal, not the
    snippet's); a negative code is a signal, as in :mod:`subprocess` (``-24``, SIGXCPU, when the
    CPU-time limit ended it). ``protections`` names what held for this run (see
    :class:`algoverify.checking.sandboxing.sandbox.Outcome`).
    """

    stdout: str
    stderr: str
    returncode: int | None
    timed_out: bool
    duration: float
    memory_exceeded: bool
    output_truncated: bool = False
    protections: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """Whether the snippet finished in time with exit status 0."""
        return not self.timed_out and self.returncode == 0


def run_snippet(
    code: str,
    *,
    timeout: float = 10.0,
    memory_mb: int = 512,
    cwd: Path | None = None,
    cpu_seconds: int | None = None,
    max_processes: int = 256,
) -> SnippetRun:
    """Run ``code`` in a fresh, sandboxed Python subprocess and capture what it prints.

    The child gets no stdin; an environment built from an allowlist (``PATH``, locale, ``TZ``,
    ``PYTHONHASHSEED=0``, one BLAS thread, ``HOME`` and ``TMPDIR`` in a fresh temporary
    directory); ``timeout`` seconds of wall-clock time; and, on POSIX, rlimits on address space
    (``memory_mb``, for every process it starts), CPU time (``cpu_seconds``, by default the
    timeout rounded up plus one), processes, file size (64 MiB) and core dumps (none). On Linux
    it also gets, where the kernel allows, its own PID and network namespaces and a pids
    cgroup: in its PID namespace it is pid 2 and can signal no process outside it (it still
    reads the machine's ``/proc``, so it sees every process, without the right to kill one by
    its pid). When it ends or times out, every process it started is killed, including those
    that left its session. See :mod:`algoverify.checking.sandboxing.sandbox`.

    :param code: the Python source of the snippet.
    :param timeout: wall-clock limit in seconds.
    :param memory_mb: address-space limit in MiB.
    :param cwd: working directory; a fresh temporary one, removed afterwards, when ``None``.
    :param cpu_seconds: CPU-time limit per process in seconds.
    :param max_processes: cap on the tasks (processes and threads) the snippet may run at once.
    :raises ValueError: if a limit is not positive.
    """
    if timeout <= 0 or memory_mb <= 0 or (cpu_seconds is not None and cpu_seconds <= 0) or max_processes <= 0:
        raise ValueError(
            "limits must be positive, got "
            f"timeout={timeout} memory_mb={memory_mb} cpu_seconds={cpu_seconds} max_processes={max_processes}"
        )
    limits = Limits(
        timeout=timeout,
        memory_bytes=memory_mb << 20,
        cpu_seconds=cpu_seconds if cpu_seconds is not None else math.ceil(timeout) + 1,
        max_processes=max_processes,
    )
    with snippet_root() as root:
        return _run_in(code, Path(cwd) if cwd is not None else root / "work", root, limits)


#: Where snippets' folders are made: the temporary folder, else (in a note's worker) a folder the
#: worker's parent removes however the worker ends, since a worker killed or interrupted while its
#: snippet runs never reaches the ``with`` that would have removed the snippet's folder.
_FOLDERS: str | None = None


def keep_folders_in(folder: str | None) -> None:
    """Make the snippets' folders of this process in ``folder`` (``None``: the temporary folder)."""
    global _FOLDERS
    _FOLDERS = folder


@contextlib.contextmanager
def snippet_root() -> Iterator[Path]:
    """A fresh temporary folder holding a snippet's ``work``, ``home`` and ``tmp``, removed on exit."""
    with tempfile.TemporaryDirectory(prefix="algoverify-snippet-", dir=_FOLDERS, ignore_cleanup_errors=True) as tmp:
        root = Path(tmp)
        for name in ("work", "home", "tmp"):
            (root / name).mkdir()
        yield root


def _run_in(code: str, cwd: Path, root: Path, limits: Limits) -> SnippetRun:
    """Start the sandboxed child in ``cwd``, drain its output, and wait for the sandbox to end it."""
    # its own PID namespace: the pids of the run, of the note's worker and of every other
    # process are not its to signal (it sees itself as pid 2; /proc still lists the machine's)
    env = child_env(root)
    child = Sandboxed(
        interpreter_args(code), cwd=cwd, env=env, limits=limits, pid_namespace=True, warm=warm_interpreter(env)
    )
    out, err = _Capture(child.stdout), _Capture(child.stderr)
    outcome = child.finish()
    out.join(_DRAIN_GRACE)
    err.join(_DRAIN_GRACE)
    stderr = err.text()
    failed = outcome.timed_out or outcome.returncode != 0
    return SnippetRun(
        stdout=out.text(),
        stderr=stderr,
        returncode=outcome.returncode,
        timed_out=outcome.timed_out,
        duration=outcome.duration,
        memory_exceeded=failed and any(marker in stderr for marker in _MEMORY_MARKERS),
        output_truncated=out.truncated or err.truncated,
        protections=outcome.protections,
    )


#: the variables a run sets for itself: its folders, and the sandbox's token
_PER_RUN = frozenset({"HOME", "USERPROFILE", "TMPDIR", "TEMP", "TMP"})
#: modules the warm interpreter imports once: what a scientific snippet imports first
_PRELOAD = ("numpy",)
#: warm interpreters that failed in this process before the run went cold; past the limit, every run is cold
_MAX_WARM_FAILURES = 2
_WARM: warm.WarmInterpreter | None = None
_WARM_KEY: tuple = ()
_WARM_FAILURES = 0
_WARM_LOCK = threading.Lock()


def warm_interpreter(env: dict[str, str]) -> warm.WarmInterpreter | None:
    """The warm interpreter that runs this process's snippets with ``env``, started on first use.

    ``None`` runs the snippet cold (a fresh interpreter), as on a platform without one, with
    ``ALGOVERIFY_COLD_SNIPPETS=1``, or after warm interpreters failed here. The interpreter
    starts as a run's would: the same flags, and the environment without the run's own folders,
    which each run sets before the snippet starts.
    """
    global _WARM, _WARM_KEY, _WARM_FAILURES
    if not warm.available() or os.environ.get("ALGOVERIFY_COLD_SNIPPETS", "") not in ("", "0"):
        return None
    key = tuple(sorted((k, v) for k, v in env.items() if k not in _PER_RUN))
    with _WARM_LOCK:
        if _WARM is not None and _WARM_KEY == key and _WARM.alive():
            return _WARM
        if _WARM is not None and _WARM.failed:
            _WARM_FAILURES += 1
        if _WARM_FAILURES >= _MAX_WARM_FAILURES:
            return None
        try:
            _WARM = warm.WarmInterpreter(interpreter_args("")[:-1], env, _PRELOAD)
        except OSError:
            _WARM_FAILURES += 1
            return None
        _WARM_KEY = key
        return _WARM


def close_warm_interpreter() -> None:
    """End this process's warm interpreter, waiting for it, so that its CPU time counts in ours.

    A note's worker calls it when the note is done: the worker then exits without the
    interpreter's own clean-up, and the warm interpreter would outlive it.
    """
    global _WARM
    with _WARM_LOCK:
        if _WARM is not None:
            _WARM.close()
        _WARM = None


def interpreter_args(code: str) -> list[str]:
    """Return the command line for a child interpreter isolated like ``python -I``.

    ``-I`` itself implies ``-E``, which would make the child ignore the ``PYTHONHASHSEED`` we
    set; so the isolation is spelt out instead: ``-s`` (no user site-packages), ``-P`` (no
    script or working directory on ``sys.path``, Python 3.11+), and an allowlisted environment
    in place of ``-E``.
    """
    flags = ["-s", "-B"]
    if sys.version_info >= (3, 11):
        flags.append("-P")
    return [sys.executable, *flags, "-c", code]


#: Variables copied from our environment: what a program needs to find tools and speak the
#: user's locale, and nothing that could carry a credential. Windows cannot start Python
#: without ``SYSTEMROOT``.
_INHERITED = ("PATH", "LANG", "LANGUAGE", "TZ", "SYSTEMROOT", "WINDIR")


def child_env(root: Path) -> dict[str, str]:
    """Return the snippet's environment: an allowlist of ours plus pinned values."""
    env = {key: value for key, value in os.environ.items() if key in _INHERITED or key.startswith("LC_")}
    home, tmp = str(root / "home"), str(root / "tmp")
    env.update(
        HOME=home,
        USERPROFILE=home,
        TMPDIR=tmp,
        TEMP=tmp,
        TMP=tmp,
        PYTHONHASHSEED="0",
        PYTHONDONTWRITEBYTECODE="1",
        PYTHONIOENCODING="utf-8",
    )
    # One BLAS thread: the sums a snippet prints then do not depend on the machine's core
    # count, and OpenBLAS does not reserve per-core buffers that trip the address-space limit.
    for name in (
        "OPENBLAS_NUM_THREADS",
        "OMP_NUM_THREADS",
        "MKL_NUM_THREADS",
        "NUMEXPR_NUM_THREADS",
        "VECLIB_MAXIMUM_THREADS",
    ):
        env[name] = "1"
    return env


class _Capture:
    """Read a pipe to its end on a thread, keeping the first :data:`MAX_OUTPUT` bytes."""

    def __init__(self, pipe: IO[bytes]) -> None:
        self._pipe = pipe
        self._chunks: list[bytes] = []
        self._size = 0
        self.truncated = False
        # A daemon thread: a pipe held open by an escaped grandchild must not hang our exit.
        self._thread = threading.Thread(target=self._drain, daemon=True)
        self._thread.start()

    def _drain(self) -> None:
        with self._pipe:
            # os.read returns whatever is available, so output arrives as the child writes it.
            while chunk := os.read(self._pipe.fileno(), 65536):
                keep = chunk[: max(0, MAX_OUTPUT - self._size)]
                self._chunks.append(keep)
                self._size += len(keep)
                self.truncated = self.truncated or len(keep) < len(chunk)

    def join(self, timeout: float) -> None:
        """Wait up to ``timeout`` seconds for the pipe to reach its end."""
        self._thread.join(timeout)

    def text(self) -> str:
        """Return what was kept, decoded as UTF-8 (bad bytes replaced)."""
        return b"".join(self._chunks).decode("utf-8", errors="replace")


# --------------------------------------------------------------------------- quoted output

_TOKEN = re.compile(
    r"""
    (?P<number>
        (?:(?<![\w)\]])[+-])?                 # a sign, unless it is a binary minus as in "x-1"
        (?: (?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?
          | (?i:nan|inf(?:inity)?)(?!\w) )
    )
    | (?P<word>[^\W\d]\w*)
    | (?P<punct>\S)
    """,
    re.VERBOSE,
)


@frozen
class Token:
    """One token of printed or quoted output, with its offsets in that text."""

    text: str
    kind: str  # "number", "word" or "punct"
    start: int
    end: int


def tokenize(text: str) -> list[Token]:
    """Split ``text`` into number, word and punctuation tokens; whitespace only separates."""
    return [Token(m.group(), m.lastgroup or "punct", m.start(), m.end()) for m in _TOKEN.finditer(text)]


def numbers_match(quoted: str, printed: str) -> bool:
    """Whether ``printed`` rounds to ``quoted`` at the precision ``quoted`` is written with.

    The tolerance is half a unit in the last digit of the quote: ``0.659`` accepts anything
    within 0.0005, ``1.0`` within 0.05, ``1`` within 0.5, ``1e-5`` within 5e-6. Decimal
    arithmetic keeps the boundary (``0.6595`` against ``0.659``) exact. ``nan`` matches ``nan``;
    infinities match by sign.
    """
    try:
        q, p = Decimal(quoted), Decimal(printed)
    except InvalidOperation:
        return quoted == printed
    if q.is_nan() or p.is_nan():
        return q.is_nan() and p.is_nan()
    if q.is_infinite() or p.is_infinite():
        return q == p
    exponent = q.as_tuple().exponent
    assert isinstance(exponent, int)  # finite, so not 'n' / 'N' / 'F'
    return abs(p - q) <= Decimal(5).scaleb(exponent - 1)


def tokens_match(quoted: Token, printed: Token) -> bool:
    """Whether a quoted token stands for a printed one (numbers at quoted precision, else exact)."""
    if quoted.kind == "number" and printed.kind == "number":
        return numbers_match(quoted.text, printed.text)
    return quoted.kind == printed.kind and quoted.text == printed.text


@frozen
class Comparison:
    """The outcome of comparing a quote with a snippet's output.

    ``closest`` is the excerpt of the output best aligned with the quote (the match itself when
    ``matched``); ``mismatches`` pairs each differing quoted token with the printed token in its
    place, an empty string standing for a token missing on that side.
    """

    matched: bool
    expected: str
    closest: str
    mismatches: tuple[tuple[str, str], ...]
    message: str


def compare_output(printed: str, quoted: str) -> Comparison:
    """Decide whether ``quoted`` appears in ``printed`` as a contiguous run of tokens.

    Whitespace is ignored, words and punctuation (brackets, commas) must be equal, and each
    quoted number must equal the printed one at the precision it is quoted with (see
    :func:`numbers_match`). Without a match, the closest excerpt is found by a semi-global
    edit-distance alignment of the quote against the output.

    :raises ValueError: if ``quoted`` has no tokens (an empty quote would match anything).
    """
    qtoks, ptoks = tokenize(quoted), tokenize(printed)
    if not qtoks:
        raise ValueError("the quoted output is empty")
    start = _exact_window(qtoks, ptoks)
    if start is not None:
        window = ptoks[start : start + len(qtoks)]
        closest = printed[window[0].start : window[-1].end]
        return Comparison(True, quoted, closest, (), f"the snippet printed {closest!r}")
    if not ptoks:
        return Comparison(False, quoted, "", (), f"quoted {quoted!r} but the snippet printed nothing")
    first, last, pairs = _align(qtoks, ptoks)
    closest = printed[ptoks[first].start : ptoks[last].end] if last >= first else ""
    mismatches = tuple((q.text if q else "", p.text if p else "") for q, p in pairs)
    return Comparison(False, quoted, closest, mismatches, _describe(mismatches, closest))


def _exact_window(qtoks: list[Token], ptoks: list[Token]) -> int | None:
    """Return the first index where the quote's tokens all match consecutive printed tokens."""
    size = len(qtoks)
    for start in range(len(ptoks) - size + 1):
        if all(tokens_match(q, p) for q, p in zip(qtoks, ptoks[start : start + size], strict=True)):
            return start
    return None


_Pair = tuple[Token | None, Token | None]


def _align(qtoks: list[Token], ptoks: list[Token]) -> tuple[int, int, list[_Pair]]:
    """Align the whole quote against the best stretch of the output (Sellers' algorithm).

    Returns the first and last aligned printed indices and the differing (quoted, printed)
    pairs, ``None`` standing for a gap. Substitutions, missing and extra tokens cost 1 each;
    the output may start and end anywhere for free.
    """
    n, m = len(qtoks), len(ptoks)
    cost = [[0] * (m + 1)] + [[i] + [0] * m for i in range(1, n + 1)]
    for i in range(1, n + 1):
        row, above = cost[i], cost[i - 1]
        for j in range(1, m + 1):
            diagonal = above[j - 1] + (0 if tokens_match(qtoks[i - 1], ptoks[j - 1]) else 1)
            row[j] = min(diagonal, above[j] + 1, row[j - 1] + 1)
    end = min(range(1, m + 1), key=lambda j: cost[n][j])
    return _trace_back(cost, qtoks, ptoks, end)


def _trace_back(
    cost: list[list[int]], qtoks: list[Token], ptoks: list[Token], end: int
) -> tuple[int, int, list[_Pair]]:
    """Walk the alignment table back from column ``end``, preferring substitutions to gaps."""
    i, j, pairs = len(qtoks), end, []
    while i > 0:
        here = cost[i][j]
        if j > 0 and here == cost[i - 1][j - 1] + (0 if tokens_match(qtoks[i - 1], ptoks[j - 1]) else 1):
            if here != cost[i - 1][j - 1]:
                pairs.append((qtoks[i - 1], ptoks[j - 1]))
            i, j = i - 1, j - 1
        elif here == cost[i - 1][j] + 1:
            pairs.append((qtoks[i - 1], None))
            i -= 1
        else:
            pairs.append((None, ptoks[j - 1]))
            j -= 1
    return j, end - 1, pairs[::-1]


def _describe(mismatches: tuple[tuple[str, str], ...], closest: str) -> str:
    """Say in words how the quote differs from the closest printed excerpt."""
    parts = []
    for quoted, printed in mismatches:
        if not printed:
            parts.append(f"quoted {quoted} but the snippet printed nothing there")
        elif not quoted:
            parts.append(f"the snippet printed an extra {printed}")
        else:
            parts.append(f"quoted {quoted} but the snippet printed {printed}")
    return "; ".join(parts) + f" (closest output: {closest!r})"


def find_quote(prose: str, quote: str) -> int | None:
    """Return the offset of ``quote`` in ``prose``, or ``None`` if the prose no longer has it.

    An exact substring is preferred; failing that, any run of whitespace in the quote may be
    any other run of whitespace in the prose, since Markdown re-wraps lines freely.
    """
    if not quote.strip():
        return None
    offset = prose.find(quote)
    if offset >= 0:
        return offset
    pattern = r"\s+".join(re.escape(part) for part in quote.split())
    match = re.search(pattern, prose)
    return match.start() if match else None


def find_claim(prose: str, claim: str) -> tuple[int, int] | None:
    """Where a check's ``claim`` stands in ``prose`` (start, end), or ``None``.

    As :func:`find_quote` finds a quote, on the text as rendered too
    (:func:`~algoverify.reading.rendered.locate`).

    The case of the claim's first letter may differ: a claim quoted from the middle of a
    sentence ("… so the output …") starts with a capital where the prose has none, or the reverse.
    Emphasis, links, curly quotes and non-breaking spaces are read as the page shows them: a
    claim copied from the page matches ``*always*`` and ``[twice](url)`` in the source.
    """
    return locate(prose, claim)
