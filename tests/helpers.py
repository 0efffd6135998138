"""Shared test helpers."""

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: Debian's chromium, where the machine has it (`.ci/run` installs it): pages are looked at in it
CHROMIUM = Path("/usr/bin/chromium")


def screenshot(page: Path, png: Path, profile: Path, size: tuple[int, int] = (1280, 1600)) -> None:
    """Take a screenshot of ``page`` with headless chromium (no network, a profile of its own)."""
    command = [
        str(CHROMIUM),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile}",
        f"--screenshot={png}",
        f"--window-size={size[0]},{size[1]}",
        page.resolve().as_uri(),
    ]
    subprocess.run(command, check=True, capture_output=True, timeout=120)
    assert png.exists() and png.stat().st_size > 10_000


#: Sentences of the corpus that state something checkable no check kind can express yet, as
#: (note, line, column): reported as AV604 until the feature they wait for lands; each entry says which.
CORPUS_CLAIMS_AWAITING: set[tuple[str, int, int]] = set()


def awaited(finding, sources) -> bool:
    """Whether ``finding`` is the AV604 of a corpus sentence listed in :data:`CORPUS_CLAIMS_AWAITING`."""
    if finding.code != "AV604" or finding.path is None:
        return False
    line, col = sources[finding.path].line_col(finding.span.start)
    return (Path(finding.path).name, line, col) in CORPUS_CLAIMS_AWAITING


def listing_offset(name: str) -> int:
    """Lines the listing of a corpus note sits below line 13, where the line numbers in the tests were counted.

    The check spec in a note's front matter grows as checks are added; tests add this offset
    instead of hard-coding where the listing is today.
    """
    text = (ROOT / "corpus" / name).read_text(encoding="utf-8")
    return text[: text.index("\\begin{algorithm}")].count("\n") + 1 - 13


#: A note whose listing doubles its input, checked against a function of its module ``refs.py``.
_DOUBLING = """\
---
algoverify:
  module: refs.py
  checks:
    - id: doubles
      kind: reference
      listing: 1
      trials: {trials}
      inputs: {{n: "integers(1, 3)", x: "randn(n)"}}
      reference: {reference}{extra}
---

The listing doubles its input.

\\begin{{algorithmic}}
\\Require vector \\(x\\)
\\State \\(y \\gets 2 x\\)
\\Return \\(y\\)
\\end{{algorithmic}}
"""


def doubling_note(reference: str = "double", trials: int = 3, extra: str = "") -> str:
    """The text of a note whose one reference check compares its doubling listing with ``reference``."""
    return _DOUBLING.format(reference=reference, trials=trials, extra=extra)


def budgets(fast: int, full: int) -> pytest.MarkDecorator:
    """Run a test twice, with a ``budget`` argument: ``fast`` in the fast suite, ``full`` behind ``slow``.

    For a property or fuzz test whose full count of examples (or cases) is too slow for the fast suite:
    the fast suite runs the same test on fewer, CI's ``pytest -m slow`` on the full count.
    """
    return pytest.mark.parametrize(
        "budget", [pytest.param(fast, id="fast"), pytest.param(full, id="full", marks=pytest.mark.slow)]
    )


def prose_note(tmp_path: Path, prose: str, body: str, spec: str = "") -> Path:
    """A note of ``prose`` before a listing of ``body`` (and a ``spec`` in its front matter), that lints clean.

    Lint clean but for unchecked claims (AV604): a reading a test relies on must not leave a finding.
    """
    from algoverify import api

    note = tmp_path / "note.md"
    front = f"---\nalgoverify:\n{spec}---\n\n" if spec else ""
    note.write_text(f"{front}{prose}\n\n\\begin{{algorithmic}}\n{body.strip()}\n\\end{{algorithmic}}\n")
    assert [f"{f.code} {f.message}" for f in api.lint([note]).all_findings() if f.code != "AV604"] == []
    return note


def property_spec(claim: str, inputs: str, holds: str, *, check_id: str = "p", given: str = "", let: str = "") -> str:
    """The ``algoverify:`` section of a note with one property check on listing 1 (``prose_note``'s ``spec``).

    The formulas are LaTeX as written (raw strings): they go into the YAML single-quoted, so a
    backslash stays one backslash.
    """

    def quoted(latex: str) -> str:
        return "'" + latex.replace("'", "''") + "'"

    lines = [
        "  checks:",
        f"    - id: {check_id}",
        "      kind: property",
        "      listing: 1",
        f'      claim: "{claim}"',
        f"      inputs: {inputs}",
    ]
    if given:
        lines.append(f"      given: {quoted(given)}")
    if let:
        lines.append(f"      let: {let}")
    lines.append(f"      holds: {quoted(holds)}")
    return "\n".join(lines) + "\n"


#: a listing of the mean of a family whose size the ``\Require`` names, and inputs that draw it
RUNNING_MEAN = r"""
\Require values \(x_1, \dots, x_N\)
\State \(s \gets 0\)
\For{\(i = 1, \dots, N\)}
  \State \(s \gets s + x_i\)
\EndFor
\State \(m \gets s / N\)
\State \Return \(m\)
"""
MEAN_INPUTS = '{N: "integers(1, 9)", x: "randn(N)"}'


def written_note(tmp_path: Path, text: str, name: str = "note.md") -> Path:
    """``text`` written to ``name`` in ``tmp_path``: a note of a test's own."""
    path = tmp_path / name
    path.write_text(text)
    return path
