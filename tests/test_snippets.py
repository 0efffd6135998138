"""Snippets: the sandboxed run, the comparison of quoted output at quoted precision, quote lookup."""

import os
import re
import sys
import time
from pathlib import Path

import pytest

from algoverify.checking.sandboxing.snippets import Comparison, SnippetRun, compare_output, find_quote, run_snippet

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
POSIX = os.name == "posix"
needs_posix = pytest.mark.skipif(not POSIX, reason="process groups and rlimits are POSIX-only")


def python_fence(note: Path) -> str:
    (code,) = re.findall(r"^```python\n(.*?)^```", note.read_text(encoding="utf-8"), re.S | re.M)
    return code


# --------------------------------------------------------------------------- the corpus snippet


@pytest.fixture(scope="module")
def softmax_run() -> SnippetRun:
    return run_snippet(python_fence(CORPUS / "softmax-snippet.md"))


def test_corpus_snippet_runs(softmax_run):
    assert softmax_run.ok, softmax_run.stderr
    assert softmax_run.stdout.splitlines() == ["probabilities [0.659 0.242 0.099]", "sum 1.0"]


@pytest.mark.parametrize("quote", ["[0.659 0.242 0.099]", "1.0"])
def test_corpus_quotes_match_and_appear_in_prose(softmax_run, quote):
    result = compare_output(softmax_run.stdout, quote)
    assert result.matched, result.message
    assert result.mismatches == ()
    prose = (CORPUS / "softmax-snippet.md").read_text(encoding="utf-8")
    assert find_quote(prose, quote) is not None


def test_corpus_quote_with_wrong_digit_is_refuted(softmax_run):
    result = compare_output(softmax_run.stdout, "[0.659 0.243 0.099]")
    assert not result.matched
    assert result.mismatches == (("0.243", "0.242"),)
    assert result.closest == "[0.659 0.242 0.099]"


# --------------------------------------------------------------------------- compare_output table

COMPARE_CASES = [
    # (printed, quoted, matched) -- precision is that of the quote
    ("x 0.6590000001", "0.659", True),
    ("x 0.659", "0.659", True),
    ("x 0.6594999", "0.659", True),
    ("x 0.6595", "0.659", True),  # exactly half a unit: either rounding is fair
    ("x 0.6596", "0.659", False),
    ("x 0.6652", "0.659", False),
    ("x 0.659", "0.66", True),  # prose rounds further than the output
    ("x 0.659", "0.6594", False),  # prose claims a digit the output never showed
    ("sum 1.0", "1.0", True),
    ("sum 0.9999999999999999", "1.0", True),
    ("sum 1.06", "1.0", False),
    ("n 1", "1", True),
    ("n 1.0", "1", True),
    ("n 1.00", "1", True),
    ("[1. 0.]", "[1 0]", True),  # numpy's trailing-dot floats
    ("n 2", "1", False),
    # scientific notation, signs, nan and inf
    ("err 1.23e-05", "1.2e-5", True),
    ("err 1.23e-05", "1.3e-5", False),
    ("err 1.23e-05", "0.0000123", True),
    ("x -0.5", "-0.5", True),
    ("x -0.5", "0.5", False),
    ("[-1.5 2.5]", "[-1.5 2.5]", True),
    ("loss nan", "nan", True),
    ("loss nan", "0.0", False),
    ("loss NaN", "nan", True),
    ("x -inf", "-inf", True),
    ("x -inf", "inf", False),
    # words and punctuation are exact
    ("sum 1.0", "sum 1.0", True),
    ("total 1.0", "sum 1.0", False),
    ("Sum 1.0", "sum 1.0", False),
    ("probabilities [0.659 0.242 0.099]", "[0.659 0.242 0.099]", True),
    ("probabilities 0.659 0.242 0.099", "[0.659 0.242 0.099]", False),  # missing bracket
    ("probabilities [0.659 0.242 0.099]", "(0.659 0.242 0.099)", False),
    ("(0.5, 0.5)", "(0.5 0.5)", False),  # missing comma
    # whitespace is free
    ("[0.659  0.242  0.099]", "[0.659 0.242 0.099]", True),
    ("[ 0.659 0.242\n  0.099 ]", "[0.659 0.242 0.099]", True),
    ("a\n\n  b   c", "a b\nc", True),
    ("probabilities [0.659 0.242 0.099]\nsum 1.0", "0.099]\nsum 1.0", True),  # spans two lines
    ("probabilities [0.659 0.242 0.099]\nsum 1.0", "0.099] sum 1.0", True),
    # contiguity and order
    ("a 1 b 2", "a 2", False),
    ("a 1 b 2", "b 2", True),
    ("", "1.0", False),
    ("anything", "nan", False),
]


@pytest.mark.parametrize(("printed", "quoted", "matched"), COMPARE_CASES)
def test_compare_output(printed, quoted, matched):
    result = compare_output(printed, quoted)
    assert isinstance(result, Comparison)
    assert result.matched is matched, result.message
    assert result.expected == quoted
    assert (result.mismatches == ()) is matched or not printed


def test_mismatch_names_both_numbers():
    result = compare_output("probabilities [0.6652 0.242 0.099]\n", "[0.659 0.242 0.099]")
    assert result.mismatches == (("0.659", "0.6652"),)
    assert result.closest == "[0.6652 0.242 0.099]"
    assert "quoted 0.659 but the snippet printed 0.6652" in result.message


def test_missing_token_is_reported_as_a_gap():
    result = compare_output("values [0.659 0.242]\n", "[0.659 0.242 0.099]")
    assert not result.matched
    assert result.mismatches == (("0.099", ""),)
    assert result.closest == "[0.659 0.242]"


def test_matched_excerpt_keeps_printed_spacing():
    result = compare_output("p = [0.659  0.242]\n", "[0.659 0.242]")
    assert result.matched and result.closest == "[0.659  0.242]"


def test_empty_quote_is_rejected():
    with pytest.raises(ValueError):
        compare_output("anything", "   ")


# --------------------------------------------------------------------------- find_quote

FIND_CASES = [
    ("it reports [0.659 0.242 0.099] and", "[0.659 0.242 0.099]", 11),
    ("it reports [0.659\n0.242  0.099] and", "[0.659 0.242 0.099]", 11),  # re-wrapped prose
    ("it reports [0.659 0.242 0.098] and", "[0.659 0.242 0.099]", None),
    ("a sum of 1.0.", "1.0", 9),
    ("text", "", None),
]


@pytest.mark.parametrize(("prose", "quote", "offset"), FIND_CASES)
def test_find_quote(prose, quote, offset):
    assert find_quote(prose, quote) == offset


# --------------------------------------------------------------------------- the sandbox


def test_exception_gives_traceback_and_nonzero_status():
    run = run_snippet("print('before')\nraise ValueError('boom')\n")
    assert run.returncode not in (0, None) and not run.ok and not run.timed_out
    assert run.stdout == "before\n"
    assert "Traceback" in run.stderr and "ValueError: boom" in run.stderr
    assert not run.memory_exceeded


def test_environment_is_pinned_and_isolated():
    code = "import os, sys; print(hash('a'), os.environ.get('PYTHONPATH'), sys.flags.no_user_site)"
    first, second = run_snippet(code), run_snippet(code)
    assert first.ok, first.stderr
    assert first.stdout == second.stdout  # PYTHONHASHSEED=0 takes effect
    assert first.stdout.split()[1:] == ["None", "1"]


def test_no_stdin():
    run = run_snippet("import sys; print(repr(sys.stdin.read()))")
    assert run.stdout == "''\n"


def test_output_is_utf8_with_bad_bytes_replaced():
    run = run_snippet("import sys; print('σ'); sys.stdout.flush(); sys.stdout.buffer.write(b'\\xff\\n')")
    assert run.stdout == "σ\n\ufffd\n"


def test_files_land_in_a_temporary_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run = run_snippet("import os; open('out.txt', 'w').write('x'); print(os.getcwd())")
    assert run.ok, run.stderr
    assert not (tmp_path / "out.txt").exists()
    assert Path(run.stdout.strip()) != tmp_path
    assert not Path(run.stdout.strip()).exists()  # removed afterwards


def test_explicit_cwd_is_used(tmp_path):
    run = run_snippet("open('out.txt', 'w').write('x')", cwd=tmp_path)
    assert run.ok, run.stderr
    assert (tmp_path / "out.txt").read_text() == "x"


@pytest.mark.slow
def test_timeout_kills_a_sleeper():
    begin = time.monotonic()
    run = run_snippet("import time\nprint('started', flush=True)\ntime.sleep(1000)", timeout=1)
    assert run.timed_out and run.returncode is None and not run.ok
    assert run.stdout == "started\n"  # output printed before the kill is kept
    assert time.monotonic() - begin < 2.5


# A child that writes its pid on the machine (the snippet's own PID namespace numbers it otherwise), then sleeps.
_SLEEPER = (
    "import os, time; open({pidfile!r} + '.tmp', 'w').write(os.readlink('/proc/self')); "
    "os.rename({pidfile!r} + '.tmp', {pidfile!r}); time.sleep(1000)"
)


@pytest.mark.slow
@needs_posix
def test_timeout_kills_the_children_too(tmp_path):
    pidfile = tmp_path / "child.pid"
    code = (
        "import subprocess, sys, time\n"
        f"child = subprocess.Popen([sys.executable, '-c', {_SLEEPER.format(pidfile=str(pidfile))!r}])\n"
        "time.sleep(1000)\n"
    )
    begin = time.monotonic()
    run = run_snippet(code, timeout=1)
    assert run.timed_out
    assert time.monotonic() - begin < 2.5
    assert not _alive(int(pidfile.read_text()))


@needs_posix
def test_background_child_does_not_outlive_a_finished_snippet(tmp_path):
    pidfile = tmp_path / "child.pid"
    code = (
        "import os, subprocess, sys, time\n"
        f"child = subprocess.Popen([sys.executable, '-c', {_SLEEPER.format(pidfile=str(pidfile))!r}],\n"
        "                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        f"while not os.path.exists({str(pidfile)!r}):\n"
        "    time.sleep(0.01)\n"
    )
    run = run_snippet(code, timeout=5)
    assert run.ok and not run.timed_out, run.stderr
    assert not _alive(int(pidfile.read_text()))


def _alive(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie awaiting its reaper counts as dead)."""
    deadline = time.monotonic() + 1.0
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                if stat.read().split(") ")[1][0] in "ZX":
                    return False
        except FileNotFoundError:
            return False
        except OSError:  # no /proc (macOS): fall back to signal 0
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return False
        time.sleep(0.05)  # SIGKILL delivery is asynchronous; give it a moment
    return True


@needs_posix
@pytest.mark.skipif(sys.platform == "darwin", reason="macOS does not enforce RLIMIT_AS")
def test_memory_limit():
    run = run_snippet("blob = bytearray(2 * 1024**3)\nprint(len(blob))", memory_mb=256)
    assert not run.ok and run.memory_exceeded
    assert run.stdout == ""
    assert "MemoryError" in run.stderr


def test_output_is_capped():
    run = run_snippet("import sys\nfor _ in range(40):\n    sys.stdout.write('x' * 65536)\nprint('end')")
    assert run.ok and run.output_truncated
    assert len(run.stdout) == 1 << 20


def test_bad_limits_are_rejected():
    with pytest.raises(ValueError):
        run_snippet("pass", timeout=0)
