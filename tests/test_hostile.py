"""Hostile notes and modules: what a note names to run is confined, and one bad note never sinks the run."""

from __future__ import annotations

import textwrap

import pytest

from algoverify import api

LISTING = "\\begin{algorithmic}\n\\Require $x$\n\\State \\Return $x$\n\\end{algorithmic}\n"


def _note(folder, name, module):
    path = folder / name
    path.write_text(f"---\nalgoverify:\n  module: {module}\n  checks: []\n---\n\n" + LISTING)
    return path


@pytest.mark.slow
@pytest.mark.parametrize("module", ["../outside.py", "/etc/passwd", "sub/../../outside.py", "helper.txt"])
def test_a_module_outside_the_note_folder_and_project_is_refused(tmp_path, module):
    (tmp_path / "outside.py").write_text("RAN = True\n")
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "helper.txt").write_text("RAN = True\n")
    note = _note(notes, "n.md", module)
    findings = [f for f in api.check([note]).all_findings() if f.code == "AV503"]
    assert len(findings) == 1 and "must be a .py file inside" in findings[0].message


def test_a_module_in_the_project_root_is_allowed(tmp_path):
    (tmp_path / "algoverify.toml").write_text("")
    (tmp_path / "shared.py").write_text("BINDINGS = {}\n")
    notes = tmp_path / "content"
    notes.mkdir()
    note = _note(notes, "n.md", "../shared.py")
    assert not [f for f in api.check([note]).all_findings() if f.code == "AV503"]


@pytest.mark.slow
@pytest.mark.parametrize("body", ["import sys\nsys.exit(0)\n", "raise SystemExit(3)\n", "raise ValueError('no')\n"])
def test_a_module_that_exits_or_fails_affects_its_note_only(tmp_path, body):
    (tmp_path / "bad.py").write_text(body)
    bad = _note(tmp_path, "a.md", "bad.py")
    good = tmp_path / "b.md"
    good.write_text("$$ x = 1 $$\n")
    result = api.check([bad, good])
    assert [n.path.name for n in result.notes] == ["a.md", "b.md"]
    (finding,) = [f for f in result.all_findings() if f.code == "AV503"]
    assert finding.path == bad and textwrap.shorten(finding.message, 200)


def test_a_bug_while_checking_one_note_is_that_notes_finding_and_the_run_goes_on(tmp_path, monkeypatch):
    a = tmp_path / "a.md"
    a.write_text(LISTING)
    b = tmp_path / "b.md"
    b.write_text(LISTING)
    real = api._check_note

    def flaky(report, seed):
        if report.path.name == "a.md":
            raise RuntimeError("boom")
        return real(report, seed)

    monkeypatch.setattr(api, "_check_note", flaky)
    result = api.check([a, b])
    (internal,) = [f for f in result.all_findings() if f.code == "AV099"]
    assert internal.path == a and "checking the note" in internal.message and "please report it" in internal.message
    assert [n.path.name for n in result.notes] == ["a.md", "b.md"]


@pytest.mark.parametrize(
    "front, reason",
    [
        ("d: !!timestamp foo", "not a valid timestamp"),
        ("d: !!float nope", "bad value 'nope'"),
        ("d: !!binary 'a'", "base64"),
        ("d: !!int 0x", "bad value"),
    ],
)
def test_a_value_the_yaml_loader_cannot_construct_is_one_finding_and_the_other_notes_are_checked(
    tmp_path, front, reason
):
    bad = tmp_path / "bad.md"
    bad.write_text(f"---\n{front}\n---\n\nHello.\n")
    good = tmp_path / "good.md"
    good.write_text(LISTING)
    for run in (api.lint, api.check):
        report = run([bad, good])
        (finding,) = [f for f in report.all_findings() if f.code == "AV003"]
        assert finding.path == bad and reason in finding.message and bad.read_text().startswith("---\nd:")
        assert [n.note.path.name for n in report.notes] == ["bad.md", "good.md"]


@pytest.mark.parametrize(
    "value, message",
    [
        ("9" * 5000, None),  # past Python's 4,300-digit guard, inside the budget: it runs
        ("9" * 12000, "an integer of 12,000 digits: values are limited to 10,000 digits"),
        ("[" * 2000 + "1" + "]" * 2000, "nested too deeply"),
    ],
    ids=["5000-digits", "12000-digits", "2000-deep"],
)
def test_a_huge_or_deeply_nested_set_value_is_a_usage_error_not_a_crash(tmp_path, value, message):
    import io

    from algoverify.cli import main

    note = tmp_path / "r.md"
    note.write_text("A note.\n\n" + LISTING)
    out, err = io.StringIO(), io.StringIO()
    status = main(["run", str(note), "--set", f"x={value}"], stdout=out, stderr=err)
    text = out.getvalue() + err.getvalue()
    assert "internal error" not in text and len(text) < 2000
    if message is None:
        assert status == 0 and "5,000 digits" in text, text
    else:
        assert status == 2 and message in text, text


def test_a_literal_past_the_digits_budget_is_the_budgets_finding_at_its_statement(tmp_path):
    note = tmp_path / "big.md"
    note.write_text(f"A note.\n\n\\begin{{algorithmic}}\n\\State \\Return ${'9' * 12000} + 1$\n\\end{{algorithmic}}\n")
    result = api.load(note).listings[0].run({})
    assert result.finding.code == "AV302" and "limited to 10,000 digits" in result.finding.message
    assert result.finding.span.start == note.read_text().index("\\State")


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["text", "github", "json", "sarif", "junit"])
def test_control_characters_of_a_check_id_never_reach_the_output(tmp_path, fmt):
    import io

    from algoverify.cli import main

    note = tmp_path / "esc.md"
    note.write_text(
        '---\nalgoverify:\n  checks:\n    - id: "A\\e[2J\\e]0;owned\\aB"\n      kind: property\n      listing: 1\n'
        '      holds: "x = x"\n      inputs: {x: "uniform(0, 1)"}\n---\n\nA note.\n\n' + LISTING
    )
    out = io.StringIO()
    status = main(["check", str(note), "--format", fmt], stdout=out, stderr=io.StringIO())
    assert status == 1
    assert "\x1b" not in out.getvalue() and "\x07" not in out.getvalue()
    assert "AV501" in out.getvalue() and "id must be a name (letters, digits" in out.getvalue()


@pytest.mark.slow
@pytest.mark.parametrize("written", ["1e9", "1000000000", "'5e5'"])
def test_a_listing_checks_timeout_above_the_ceiling_is_lowered_with_av505(tmp_path, written):
    note = tmp_path / "to.md"
    note.write_text(
        f"---\nalgoverify:\n  checks:\n    - id: big\n      kind: property\n      listing: 1\n      timeout: {written}\n"
        '      holds: "x = x"\n      inputs: {x: "uniform(0, 1)"}\n---\n\nA note.\n\n' + LISTING
    )
    report = api.check([note], timeout=30)
    (finding,) = [f for f in report.all_findings() if f.code == "AV505"]
    assert "the run's ceiling of 30" in finding.message and finding.message.startswith(
        f"check big: timeout: {written.strip(chr(39))} "
    )


def test_nested_big_operators_are_refused_by_their_product_before_the_inner_one_runs(tmp_path):
    import time

    note = tmp_path / "nest.md"
    note.write_text(
        "A note.\n\n\\begin{algorithmic}\n\\State $s \\gets \\sum_{i=1}^{10^6} \\sum_{j=1}^{10^6} i j$\n"
        "\\State \\Return $s$\n\\end{algorithmic}\n"
    )
    started = time.perf_counter()
    result = api.load(note).listings[0].run({})
    assert time.perf_counter() - started < 5  # not the note's deadline: the budget, at once
    assert result.finding.code == "AV301" and "1,000,000,000,000 terms in all" in result.finding.message
    small = tmp_path / "small.md"
    small.write_text(note.read_text().replace("10^6", "300"))
    assert api.load(small).listings[0].run({}).value == (300 * 301 // 2) ** 2  # 90,000 terms: within it


def _lint_within(folder, note, seconds=60):
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "algoverify", "lint", str(note)],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=seconds,
    )
    assert "internal error" not in done.stdout + done.stderr and "Traceback" not in done.stderr
    return done.stdout


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["device", "fifo", "alias-bomb"])
def test_a_macro_file_that_is_not_a_file_to_read_is_one_config_finding_and_never_a_hang(tmp_path, kind):
    import os

    if kind == "device":
        name = "/dev/zero"
    elif kind == "fifo":
        name = "pipe.tex"
        os.mkfifo(tmp_path / name)
    else:
        name = "bomb.yaml"
        lines = ["a: &a [x, x, x, x, x, x, x, x, x]"]
        lines += [f"l{i}: &l{i} [{', '.join(['*' + ('a' if i == 1 else f'l{i - 1}')] * 9)}]" for i in range(1, 12)]
        (tmp_path / name).write_text("\n".join(lines) + "\n")
    (tmp_path / "algoverify.toml").write_text(f'macro-files = ["{name}"]\n')
    note = tmp_path / "n.md"
    note.write_text("A note.\n\n" + LISTING)
    out = _lint_within(tmp_path, note)
    assert "AV005" in out and f"names {name}" in out


@pytest.mark.slow
@pytest.mark.parametrize("what", ["preamble.tex", "mod.py"])
def test_a_fifo_beside_the_note_is_never_waited_on(tmp_path, what):
    import os

    os.mkfifo(tmp_path / what)
    note = tmp_path / "n.md"
    front = "---\nalgoverify:\n  module: mod.py\n  checks: []\n---\n\n" if what == "mod.py" else ""
    note.write_text(front + "A note.\n\n" + LISTING)
    out = _lint_within(tmp_path, note)
    if what == "mod.py":
        assert "AV503" in out and "is not a regular file" in out
    report = api.check([note])  # in-process: returns, with the module's finding
    assert [f.code for f in report.all_findings() if f.code == "AV503"] == (["AV503"] if what == "mod.py" else [])


@pytest.mark.parametrize("kind", ["too large", "not utf-8", "fifo"])
def test_a_preamble_that_cannot_be_read_is_said_not_skipped(tmp_path, kind):
    import os

    preamble = tmp_path / "macros.tex"
    if kind == "fifo":
        os.mkfifo(preamble)
    elif kind == "not utf-8":
        preamble.write_bytes(b"\\newcommand{\\R}{x} \xff\xfe\n")
    else:
        preamble.write_bytes(b"\\newcommand{\\R}{x}\n" + b"%" * (11 * 2**20))
    note = tmp_path / "n.md"
    note.write_text("\\begin{algorithmic}\n\\State \\(x \\gets \\R\\)\n\\end{algorithmic}\n")
    found = api.lint([note]).all_findings()
    (unread,) = [f for f in found if f.code == "AV002"]
    assert "macros.tex" in unread.message and unread.path == note and unread.span.start == 0
    assert "AV202" in [f.code for f in found]  # the listing is still read: \R is unknown without it


def test_a_flat_sum_of_thousands_of_terms_is_said_in_its_own_words(tmp_path):
    note = tmp_path / "flat.md"
    terms = " + ".join(["x"] * 3000)
    note.write_text(
        f"\\begin{{algorithmic}}\n\\Require $x$\n\\State $y \\gets {terms}$\n\\State \\Return $y$\n\\end{{algorithmic}}\n"
    )
    found = api.lint([note]).all_findings()
    assert [f.code for f in found] == ["AV201"], found
    assert "deeper than the 150 levels" in found[0].message and "nesting" not in found[0].message


def test_a_sum_of_a_hundred_and_forty_terms_runs():
    import algoverify

    terms = " + ".join(["x"] * 140)
    run = algoverify.compile(f"\\begin{{algorithmic}}\n\\Require $x$\n\\State \\Return ${terms}$\n\\end{{algorithmic}}")
    assert run(x=2) == 280


# --- found by the wider fuzz (benchmarks/fuzz_long.py over tests/fuzz_cases.project) ----------------


def test_a_note_linked_to_a_file_whose_read_fails_is_unreadable_and_the_run_goes_on(tmp_path):
    """/proc/self/mem says it is a regular file of size 0, then fails every read (EIO)."""
    (tmp_path / "a.md").symlink_to("/proc/self/mem")
    good = tmp_path / "b.md"
    good.write_text("A note.\n\n" + LISTING)
    report = api.lint([tmp_path])
    codes = {f.path.name: f.code for f in report.all_findings()}
    assert codes.get("a.md") == "AV002" and "AV099" not in codes.values()
    assert [n.path.name for n in report.notes] == ["a.md", "b.md"]


@pytest.mark.parametrize("name", ["algoverify.toml", "macros.tex", "preamble.tex"])
def test_a_file_beside_the_note_whose_read_fails_is_never_an_internal_error(tmp_path, name):
    (tmp_path / name).symlink_to("/proc/self/mem")
    note = tmp_path / "n.md"
    note.write_text("A note.\n\n" + LISTING)
    codes = [f.code for f in api.lint([note]).all_findings()]
    assert "AV099" not in codes


def test_a_module_that_is_a_link_loop_is_the_modules_finding(tmp_path):
    (tmp_path / "loop.py").symlink_to("loop.py")
    note = _note(tmp_path, "n.md", "loop.py")
    found = api.lint([note]).all_findings()
    assert [f.code for f in found if f.code in ("AV099", "AV503")] == ["AV503"]
    (finding,) = [f for f in found if f.code == "AV503"]
    assert "not a regular file" in finding.message


def test_the_pytest_plugin_never_waits_on_a_fifo_named_like_a_note(tmp_path):
    import os
    import subprocess
    import sys

    os.mkfifo(tmp_path / "pipe.md")
    (tmp_path / "n.md").write_text("A note.\n\n" + LISTING)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--algoverify", "-q", "-p", "no:cacheprovider", str(tmp_path)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert "Traceback" not in done.stderr, done.stderr


@pytest.mark.parametrize("what", ["directory", "link to a directory"])
def test_a_module_that_is_a_directory_is_the_modules_finding(tmp_path, what):
    # the hostile-files fuzzing (case 753): lint's readers of the module shared one parse, whose
    # read opened the directory and let fdopen's IsADirectoryError through (AV099)
    if what == "directory":
        (tmp_path / "mod.py").mkdir()
    else:
        (tmp_path / "elsewhere").mkdir()
        (tmp_path / "mod.py").symlink_to("elsewhere")
    note = _note(tmp_path, "n.md", "mod.py")
    codes = [f.code for f in api.lint([note]).all_findings()]
    assert "AV099" not in codes and "AV503" in codes
