"""Paths from a hostile or broken tree: only regular files are read, nothing blocks, nothing is skipped silently."""

from __future__ import annotations

import os
import socket
import sys

import pytest

from algoverify import api
from algoverify.reading import notes

GOOD = "\\begin{algorithmic}\n\\State \\(x \\gets 1\\)\n\\end{algorithmic}\n"


def _codes(result):
    return [(f.code, f.message) for f in result.all_findings()]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_a_fifo_named_like_a_note_is_reported_not_read(tmp_path):
    os.mkfifo(tmp_path / "x.md")  # nobody writes to it: reading it would block forever
    (tmp_path / "good.md").write_text(GOOD)
    result = api.lint([tmp_path])  # returns: never waits for a writer
    assert [(c, "FIFO" in m) for c, m in _codes(result)] == [("AV002", True)]
    assert [n.path.name for n in result.notes if n.note is not None] == ["good.md"]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_symlink_to_a_device_is_not_read(tmp_path):
    (tmp_path / "zero.md").symlink_to("/dev/zero")
    (codes,) = [c for c in _codes(api.lint([tmp_path / "zero.md"]))]
    assert codes[0] == "AV002" and "a device, not a regular file" in codes[1]


def test_a_socket_is_not_read(tmp_path):
    if sys.platform == "win32":
        pytest.skip("no AF_UNIX")
    path = tmp_path / "s.md"
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(path))
        ((code, message),) = _codes(api.lint([path]))
    assert code == "AV002" and "socket" in message


def test_a_file_above_the_size_limit_is_reported_without_being_read(tmp_path, monkeypatch):
    big = tmp_path / "big.md"
    with open(big, "wb") as f:
        f.truncate(3 * 1024 * 1024)  # sparse: cheap to make
    monkeypatch.setenv("ALGOVERIFY_MAX_NOTE_MB", "1")
    reads = []
    real_decode = notes._decode
    monkeypatch.setattr(notes, "_decode", lambda data: reads.append(len(data)) or real_decode(data))
    ((code, message),) = _codes(api.lint([big]))
    assert code == "AV002" and "above the 1,048,576-byte limit" in message
    assert reads == []  # the content never reached the decoder: nothing was read


def test_symlink_loops_and_dangling_links_are_reported_as_such(tmp_path):
    loop = tmp_path / "loop.md"
    loop.symlink_to(loop)
    dangling = tmp_path / "gone.md"
    dangling.symlink_to(tmp_path / "missing.md")
    messages = sorted(m for _, m in _codes(api.lint([tmp_path])))
    assert any("symlink loop" in m for m in messages), messages
    assert any("symlink to nothing" in m for m in messages), messages


def test_a_symlinked_folder_loop_is_not_followed(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "up").symlink_to(tmp_path, target_is_directory=True)
    (tmp_path / "sub" / "n.md").write_text(GOOD)
    result = api.lint([tmp_path])
    assert [n.path.name for n in result.notes] == ["n.md"] and _codes(result) == []


def test_an_unreadable_folder_is_a_finding_not_a_silent_skip(tmp_path, monkeypatch):
    (tmp_path / "locked").mkdir()
    (tmp_path / "ok.md").write_text(GOOD)
    real_scandir = os.scandir

    def scandir(path=".", *args):
        if str(path).endswith("locked"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path, *args)

    monkeypatch.setattr(os, "scandir", scandir)
    result = api.lint([tmp_path])
    ((code, message),) = _codes(result)
    assert code == "AV002" and "cannot list folder" in message and "locked" in message
    assert result.failed()


# --- front matter that does not construct ----------------------------------------------------------

DEEP = "---\na:\n" + "".join("  " * i + "k:\n" for i in range(1, 500)) + "---\n\n$$ x $$\n"
BOMB = "---\na: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{c}: &{c} [{', '.join(['*' + p] * 9)}]\n" for p, c in zip("abcdefg", "bcdefgh")
) + "---\n\n$$ x $$\n"


@pytest.mark.slow
@pytest.mark.parametrize(
    "text, line, col, words",
    [
        ("---\ntitle: t\ndate: 2026-13-45\n---\n\n$$ x $$\n", 3, 7, "month must be in 1..12"),
        ("---\nn: " + "9" * 5000 + "\n---\n\n$$ x $$\n", 2, 4, "(5,000 characters)"),
        (DEEP, 2, 1, "nested too deeply"),
        (BOMB, 2, 1, "aliases expand to more than 100,000 values"),
    ],
    ids=["bad-date", "huge-integer", "500-deep", "alias-bomb"],
)
def test_front_matter_values_that_do_not_construct_are_located_findings(tmp_path, text, line, col, words):
    note = tmp_path / "n.md"
    note.write_text(text)
    other = tmp_path / "other.md"
    other.write_text(GOOD)
    result = api.lint([tmp_path])
    ((code, message),) = _codes(result)
    assert code == "AV003" and words in message and len(message) < 300
    finding = result.all_findings()[0]
    assert result.sources[finding.path].line_col(finding.span.start) == (line, col)
    assert [n.path.name for n in result.notes if n.note is not None] == ["n.md", "other.md"]  # the run goes on


def test_a_line_separator_in_front_matter_keeps_spec_positions_exact(tmp_path):
    # YAML breaks lines at U+2028; the note's positions count code points all the same
    note = tmp_path / "n.md"
    note.write_text('---\ntitle: "a\u2028b"\nalgoverify:\n  checks:\n    - kind: nonsense\n---\n\n$$ x $$\n')
    result = api.check([note])
    spec_errors = [f for f in result.all_findings() if f.code == "AV501"]
    assert spec_errors
    source = result.notes[0].note.source
    assert source.line_col(spec_errors[0].span.start) == (5, 7)


def test_a_line_separator_in_a_plain_value_is_a_located_front_matter_error(tmp_path):
    note = tmp_path / "n.md"
    note.write_text("---\ntitle: a\u2028b\nalgoverify:\n  seed: 1\n---\n\n$$ x $$\n")
    result = api.lint([note])
    ((code, _),) = _codes(result)
    finding = result.all_findings()[0]
    assert code == "AV003" and result.sources[finding.path].line_col(finding.span.start) == (3, 1)
