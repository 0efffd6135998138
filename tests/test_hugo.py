"""``check --hugo-data DIR``: each note's listings and claims with their verdicts, as Hugo data files."""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
from pathlib import Path, PurePosixPath

import numpy as np
import pytest
from helpers import CHROMIUM, ROOT, screenshot

from algoverify.cli import main
from algoverify.reporting.hugo import note_key
from algoverify.version import __version__

MODULE = "def double(x):\n    return 2 * x\n"

BODY = r"""
Doubling, four ways. Doubling is what the first listing does.

\begin{algorithmic}
\Function{Double}{\(x\)}
\State \Return \(2 x\)
\EndFunction
\end{algorithmic}

The second listing doubles too.

\begin{algorithm}
\caption{Tripling by mistake}
\begin{algorithmic}
\Require $x$
\State \Return $3 x$
\end{algorithmic}
\end{algorithm}

The third listing doubles a weight.

\begin{algorithmic}
\Require $x$
\State \Return $2 w$
\end{algorithmic}

Nothing checks the fourth.

\begin{algorithmic}
\Require $x$
\State \Return $x$
\end{algorithmic}
"""

# (id, the listing as the spec names it, claim, known) → expected status, listing index
CHECKS = [
    ("by-name", "Double", "Doubling is what the first listing does.", None, "verified", 1),
    ("by-caption", "Tripling", "The second listing doubles too.", None, "refuted", 2),
    ("known", 2, "The second listing doubles too.", "it triples", "refuted as expected", 2),
    ("weight", 3, "The third listing doubles a weight.", None, "could not check", 3),
]


def _note() -> str:
    spec = ""
    for id_, listing, claim, known, _, _ in CHECKS:
        spec += f"    - id: {id_}\n      kind: reference\n      listing: {listing}\n      claim: {claim!r}\n"
        spec += '      trials: 3\n      inputs: {x: "randn(2)"}\n      reference: double\n'
        spec += f"      known: {known!r}\n" if known else ""
    return f"---\ntitle: Doubling\nalgoverify:\n  module: refs.py\n  checks:\n{spec}---\n{BODY}"


def _line(text: str, piece: str) -> int:
    """The line of ``piece`` in the note's body."""
    return text[: text.index(piece, text.index("\n---\n") + 5)].count("\n") + 1


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A Hugo site's content folder with the note as a page bundle; the current folder is the site."""
    bundle = tmp_path / "content" / "posts" / "doubling"
    bundle.mkdir(parents=True)
    (bundle / "index.md").write_text(_note(), encoding="utf-8")
    (bundle / "refs.py").write_text(MODULE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_each_listing_and_claim_gets_its_status(site, capsys):
    assert main(["check", "content/", "--hugo-data", "data"]) == 1
    capsys.readouterr()
    written = sorted(p.relative_to(site).as_posix() for p in (site / "data").rglob("*") if p.is_file())
    assert written == ["data/algoverify/posts/doubling/index.json"]
    data = json.loads((site / written[0]).read_text(encoding="utf-8"))
    text = _note()
    # where each listing's block begins: \begin{algorithm} or a \begin{algorithmic} of its own
    listing_lines = [m.start() for m in re.finditer(r"(?<=\n\n)\\begin\{algorithm", text)]
    listing_lines = [text[:at].count("\n") + 1 for at in listing_lines]
    assert data["format"] == 1 and data["algoverify"] == __version__
    assert data["note"] == "posts/doubling/index.md"
    assert data["status"] == "refuted"  # the worst of its claims
    assert data["summary"] == {
        "verified": 1,
        "refuted": 1,
        "refuted as expected": 1,
        "could not check": 1,
        "unverified": 1,
    }
    assert data["errors"] >= 2  # the refutation and the unbound name
    assert [(c["id"], c["kind"], c["status"], c["listing"], c["known"], c["line"]) for c in data["claims"]] == [
        (id_, "reference", status, index, known, _line(text, claim)) for id_, _, claim, known, status, index in CHECKS
    ]
    assert all(isinstance(c["message"], str) and c["message"] for c in data["claims"])
    assert data["listings"] == [
        {
            "index": 1,
            "caption": None,
            "functions": ["Double"],
            "line": listing_lines[0],
            "status": "verified",
            "checks": ["by-name"],
        },
        # a refuted claim outweighs a known finding on the same listing
        {
            "index": 2,
            "caption": "Tripling by mistake",
            "functions": [],
            "line": listing_lines[1],
            "status": "refuted",
            "checks": ["by-caption", "known"],
        },
        {
            "index": 3,
            "caption": None,
            "functions": [],
            "line": listing_lines[2],
            "status": "could not check",
            "checks": ["weight"],
        },
        {
            "index": 4,
            "caption": None,
            "functions": [],
            "line": listing_lines[3],
            "status": "unverified",
            "checks": [],
        },
    ]


@pytest.mark.slow
def test_the_files_are_the_same_from_run_to_run_and_replaced_whole(site, capsys):
    main(["check", "content/", "--hugo-data", "data"])
    target = site / "data" / "algoverify" / "posts" / "doubling" / "index.json"
    first = target.read_bytes()
    target.write_text("stale")
    main(["check", "content/", "--hugo-data", "data"])
    capsys.readouterr()
    assert target.read_bytes() == first  # no times or paths of this machine: a site rebuilds only on a change
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert [p.name for p in target.parent.iterdir()] == ["index.json"]  # no temporary file left


def test_a_data_folder_that_cannot_be_written_is_a_usage_error(site, capsys):
    (site / "data").write_text("a file, not a folder")
    assert main(["check", "content/", "--hugo-data", "data"]) == 2
    out, err = capsys.readouterr()
    assert err.startswith("algoverify: cannot write Hugo data to data: ") and "Traceback" not in out + err


@pytest.mark.parametrize(
    "note, cwd, key",
    [
        ("site/content/posts/a.md", "site", "posts/a"),  # Hugo's content folder, wherever the run starts
        ("site/content/posts/a.md", "elsewhere", "posts/a"),
        ("site/content/posts/b/index.md", "site", "posts/b/index"),  # a page bundle
        ("notes/v1.2-draft.md", ".", "notes/v1.2-draft"),  # no content folder: from the current folder
        ("notes/paper.tex", "notes", "paper"),
        ("notes/a.md", "elsewhere", "a"),  # outside the current folder: its name
    ],
)
def test_the_key_is_the_notes_path_in_the_sites_content(tmp_path, note, cwd, key):
    assert note_key(tmp_path / note, tmp_path / cwd) == PurePosixPath(key)


def test_the_readme_shows_the_example_sites_templates_and_commands():
    site = ROOT / "examples" / "hugo-site"
    readme = (ROOT / "docs" / "guide" / "hugo.md").read_text(encoding="utf-8")
    shown = re.findall(r"```go-html-template\n\{\{- /\* (\S+) \*/ -\}\}\n(.*?)```", readme, re.S)
    assert shown == [(name, (site / name).read_text(encoding="utf-8")) for name, _ in shown]
    assert [name for name, _ in shown] == [
        "layouts/partials/algoverify-badge.html",
        "layouts/shortcodes/algoverify.html",
    ]
    command = "algoverify check content/ --hugo-data data/"
    assert command in (site / "hugo.toml").read_text(encoding="utf-8") and command in readme


#: why a test of the real site skips: Hugo, from Debian's package (`.ci/run` installs it)
NO_HUGO = pytest.mark.skipif(shutil.which("hugo") is None, reason="Hugo is not installed (apt-get install hugo)")


def _built_site(tmp_path, monkeypatch, capsys) -> Path:
    """The example site, checked (its data written) and built by Hugo: the note's page."""
    site = tmp_path / "site"
    shutil.copytree(ROOT / "examples" / "hugo-site", site, ignore=shutil.ignore_patterns("public", "data"))
    monkeypatch.chdir(site)
    assert main(["check", "content/", "--hugo-data", "data/"]) == 1  # the variance listing is refuted
    capsys.readouterr()
    env = dict(os.environ, HUGO_CACHEDIR=str(tmp_path / "hugo-cache"))
    subprocess.run(["hugo", "--quiet", "-d", str(tmp_path / "public")], cwd=site, env=env, check=True, timeout=120)
    return tmp_path / "public" / "posts" / "running-statistics" / "index.html"


@NO_HUGO
def test_the_example_site_shows_a_badge_beside_each_listing(tmp_path, monkeypatch, capsys):
    html = _built_site(tmp_path, monkeypatch, capsys).read_text(encoding="utf-8")
    # each badge stands right before its listing's code block
    found = re.findall(r'<span class="algoverify algoverify-([\w-]+)"[^>]*>([^<]+)</span>\s*<div class="highlight">'
                       r".*?\\Function</span>\{(\w+)\}", html, re.S)  # fmt: skip
    assert found == [("verified", "verified", "SampleMean"), ("refuted", "refuted", "SampleVariance")]


@NO_HUGO
def test_the_built_page_shows_its_badges_in_a_browser(tmp_path, monkeypatch, capsys):
    """Debian's chromium draws the page Hugo built: the green and the red badge are on the screen."""
    if not CHROMIUM.exists():
        pytest.skip(f"chromium not installed: {CHROMIUM} (apt-get install chromium)")
    pytest.importorskip("matplotlib", reason="matplotlib not installed: it reads the screenshot back")
    from matplotlib.image import imread

    page = _built_site(tmp_path, monkeypatch, capsys)
    shot = tmp_path / "page.png"
    screenshot(page, shot, tmp_path / "profile", size=(1000, 900))
    pixels = imread(shot)[:, :, :3]
    assert pixels.shape[:2] == (900, 1000)
    assert (pixels.min(axis=2) < 0.9).mean() > 0.01  # text was drawn, not a blank page

    def rows_of(rgb: tuple[int, int, int]) -> np.ndarray:
        return np.flatnonzero((np.abs(pixels - np.array(rgb) / 255).max(axis=2) < 0.06).any(axis=1))

    verified, refuted = rows_of((0x22, 0x86, 0x3A)), rows_of((0xCB, 0x24, 0x31))  # the layout's badge colours
    assert verified.size > 5 and refuted.size > 5  # each badge is drawn, a pill of several rows
    assert verified.max() < refuted.min()  # in the page's order: SampleMean's badge above SampleVariance's
