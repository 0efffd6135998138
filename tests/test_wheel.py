"""The built wheel carries the grammars: an installed algoverify parses a block outside the checkout."""

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

PROGRAM = r"""
import algoverify, algoverify.syntax.grammar as g
from algoverify.syntax.build import parse_algorithm
from algoverify.source import Span
text = "\\begin{algorithmic}\n\\State \\(x \\gets 1\\)\n\\end{algorithmic}\n"
alg = parse_algorithm(text, Span(0, len(text)))
print(algoverify.__file__)
print(g.grammar_dir())
print(type(alg.body[0]).__name__)
from algoverify.reporting import json as report
print(report.schema()["properties"]["version"]["const"])
"""


@pytest.mark.slow
def test_installed_wheel_parses_a_block(tmp_path):
    if shutil.which("git") is None:
        pytest.skip("git is needed to copy the checkout")
    src = tmp_path / "src"
    # Build from a copy so a stale build/ in the checkout cannot leak into the wheel.
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(".git", ".venv*", "dist", "build", "__pycache__", ".hypothesis"))
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(dist), str(src)], check=True, capture_output=True)
    (wheel,) = dist.glob("algoverify-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "algoverify/grammars/algorithmic.lark" in names
    assert "algoverify/grammars/math.lark" in names
    assert "algoverify/reporting/report.schema.json" in names  # the JSON report's schema is package data
    site = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--no-compile", "--target", str(site), str(wheel)],
        check=True,
        capture_output=True,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = dict(os.environ, PYTHONPATH=str(site))
    out = subprocess.run([sys.executable, "-c", PROGRAM], cwd=elsewhere, env=env, capture_output=True, text=True, check=True)
    module_file, grammar_dir, node, schema_version = out.stdout.split()
    assert module_file.startswith(str(site)), "the installed copy, not the checkout, must be imported"
    assert grammar_dir == str(site / "algoverify" / "grammars")
    assert node == "Assign"
    assert schema_version == "2"
