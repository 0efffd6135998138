"""Tests for algoverify.reading.notes: decoding, front matter, bodies and discovery."""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import pytest

from algoverify.findings import LocatedError
from algoverify.reading.notes import discover, parse_note, read_note

DATA = Path(__file__).parent / "data" / "blocks"


def write(tmp_path: Path, name: str, data: bytes | str) -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    path.write_bytes(data)
    return path


def test_yaml_front_matter_and_body() -> None:
    note = read_note(DATA / "list_fence.md")
    assert note.front_matter_format == "yaml"
    assert note.front_matter["title"] == "Fences in lists"
    assert note.front_matter["date"] == datetime.date(2024, 5, 1)
    assert note.front_matter["tags"] == ["pseudocode", "lists"]
    assert note.source.segment(note.front_matter_span).startswith('title: "Fences in lists"\n')
    assert note.body.startswith("\nSteps to reproduce:")
    assert note.kind == "markdown" and note.findings == ()


def test_toml_front_matter() -> None:
    note = read_note(DATA / "shortcodes.md")
    assert note.front_matter_format == "toml"
    assert note.front_matter == {"title": "Shortcodes", "tags": ["hugo"]}
    assert note.source.line_col(note.body_span.start) == (5, 1)


@pytest.mark.parametrize(
    "text, fmt, where",
    [
        ('---\ntitle: "Bad\ntags: [a]\n---\nbody\n', "YAML", (2, 8)),
        ("---\ntitle: ok\n  bad: indent: here\n---\n", "YAML", (3, 6)),
        ("+++\ntitle = 'ok'\ndate = 2024-13-45\n+++\n", "TOML", (3, 12)),
        ("+++\ntitle = 'ok'\nbroken\n+++\n", "TOML", (3, 7)),
        ("---\n- a\n- b\n---\n", "YAML", (2, 1)),
        ("---\ntitle: never closed\n", "YAML", (1, 1)),
    ],
)
def test_bad_front_matter_is_av003_at_the_error(text: str, fmt: str, where: tuple[int, int]) -> None:
    note = parse_note(Path("note.md"), text)
    assert note.front_matter == {}
    assert [f.code for f in note.findings] == ["AV003"]
    finding = note.findings[0]
    assert f"not valid {fmt}" in finding.message
    assert note.source.line_col(finding.span.start) == where
    assert finding.path == Path("note.md")


def test_bad_yaml_sample_still_loads() -> None:
    note = read_note(DATA / "bad_yaml.md")
    assert note.front_matter == {} and note.front_matter_format == "yaml"
    assert note.source.line_col(note.findings[0].span.start) == (2, 8)
    assert note.body.lstrip().startswith("\\begin{algorithmic}")


def test_crlf_front_matter() -> None:
    note = read_note(DATA / "crlf.md")
    assert note.front_matter == {"title": "CRLF"}
    assert note.source.line_col(note.body_span.start) == (4, 1)


def test_no_front_matter_and_empty_front_matter() -> None:
    plain = parse_note(Path("n.md"), "# Title\n\ntext\n")
    assert (plain.front_matter, plain.front_matter_format, plain.front_matter_span) == ({}, None, None)
    assert plain.body_span.start == 0
    empty = parse_note(Path("n.md"), "---\n---\nbody")
    assert empty.front_matter == {} and empty.findings == () and empty.body == "body"


def test_tex_files_have_no_front_matter() -> None:
    note = parse_note(Path("x.tex"), "---\ntitle: no\n---\n")
    assert note.kind == "tex" and note.front_matter_format is None and note.body_span.start == 0


def test_bom_is_stripped_before_offsets(tmp_path: Path) -> None:
    path = write(tmp_path, "bom.md", "\ufeff---\ntitle: é\n---\nx\n")
    note = read_note(path)
    assert note.text.startswith("---") and note.front_matter == {"title": "é"}


def test_binary_file_is_av002(tmp_path: Path) -> None:
    path = write(tmp_path, "figure.md", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    with pytest.raises(LocatedError) as info:
        read_note(path)
    assert info.value.to_finding(path).code == "AV002"
    assert "binary" in str(info.value)


def test_latin1_file_is_av002(tmp_path: Path) -> None:
    path = write(tmp_path, "latin.md", "title\n\ncaf\u00e9\n".encode("latin-1"))
    with pytest.raises(LocatedError) as info:
        read_note(path)
    assert info.value.rule.code == "AV002"
    assert "line 3" in str(info.value) and "0xe9" in str(info.value)


def test_missing_path_is_av001(tmp_path: Path) -> None:
    with pytest.raises(LocatedError) as info:
        read_note(tmp_path / "nope.md")
    assert info.value.rule.code == "AV001"


def test_folder_is_unreadable(tmp_path: Path) -> None:
    with pytest.raises(LocatedError) as info:
        read_note(tmp_path)
    assert info.value.rule.code == "AV002"


def test_reading_never_writes(tmp_path: Path) -> None:
    path = write(tmp_path, "note.md", "---\ntitle: x\n---\n\\[ x \\]\n")
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    before = path.stat()
    read_note(path)
    after = path.stat()
    assert (after.st_mtime_ns, after.st_size) == (before.st_mtime_ns, before.st_size)


def test_discover_expands_folders_sorted(tmp_path: Path) -> None:
    for name in ["b.md", "a.tex", "sub/_index.md", "sub/c.markdown", "skip.txt", ".hidden.md", ".git/x.md"]:
        write(tmp_path, name, "x")
    explicit = write(tmp_path, "other/explicit.txt", "x")
    paths, findings = discover([tmp_path, explicit, tmp_path / "missing", tmp_path / "b.md"])
    rel = [p.relative_to(tmp_path).as_posix() for p in paths]
    assert rel == ["a.tex", "b.md", "sub/_index.md", "sub/c.markdown", "other/explicit.txt"]
    assert [(f.code, f.path) for f in findings] == [("AV001", tmp_path / "missing")]
