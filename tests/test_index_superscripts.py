r"""A superscript that is an index (``\xi_i^\mu``, pattern μ of a matrix ξ) is asked about at lint, never silently a power.

And two indices side by side in a subscript read as two where one of them is a Greek letter
(``\xi_{\mu i}``: the entry (μ, i)), as ``c_{ij}`` does.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import algoverify
from algoverify import api

PROSE = r"Let \(\xi\) be a \(p \times N\) matrix whose rows are the patterns, and \(x \in \mathbb{R}^N\)."


def _note(tmp_path: Path, statement: str, loop: str = "") -> Path:
    body = statement if not loop else f"\\For{{${loop} = 1, \\dots, p$}}\n    {statement}\n  \\EndFor"
    path = tmp_path / "note.md"
    path.write_text(
        f"---\ntitle: t\n---\n\n{PROSE}\n\n\\begin{{algorithmic}}[1]\n\\Function{{F}}{{$\\xi, x$}}\n"
        f"  \\For{{$i = 1, \\dots, N$}}\n  {body}\n  \\EndFor\n  \\State \\Return $w$\n\\EndFunction\n"
        "\\end{algorithmic}\n"
    )
    return path


@pytest.mark.parametrize(
    ("statement", "loop", "asked"),
    [
        # the index of the sum around it, on a matrix read with one subscript: asked, at its column
        (r"\State $w_i \gets \sum_{\mu=1}^{p} \xi_i^\mu$", "", [(r"\xi_i^\mu", r"\xi_{\mu, i}")]),
        # the index of a loop around it
        (r"\State $w_i \gets \xi_i^{\mu}$", r"\mu", [(r"\xi_i^{\mu}", r"\xi_{\mu, i}")]),
        # the power said with parentheses
        (r"\State $w_i \gets \sum_{\mu=1}^{p} (\xi_i)^{\mu}$", "", []),
        # a vector's entry to the power of an index: the power sums, never asked about
        (r"\State $w_i \gets \sum_{k=1}^{p} x_i^{k}$", "", []),
        # a superscript that is no index
        (r"\State $w_i \gets \sum_{\mu=1}^{p} \xi_i^{2}$", "", []),
    ],
)
def test_a_superscript_index_on_a_matrix_is_asked_about_at_its_place(tmp_path, statement, loop, asked):
    path = _note(tmp_path, statement, loop)
    text = path.read_text()
    found = [f for f in api.lint([path]).all_findings() if f.code == "AV204"]
    assert [(f.severity.name, f.message.split(" is read as")[0].removeprefix("ambiguous: ")) for f in found] == [
        ("WARNING", written) for written, _ in asked
    ]
    for f, (written, entry) in zip(found, asked):
        assert text[f.span.start : f.span.end] == written  # the line and column are the superscript's own
        assert f"write {entry}" in f.message


@pytest.mark.parametrize("subscript", [r"\xi_{\mu i}", r"\xi_{\mu, i}"], ids=["side-by-side", "comma"])
def test_a_greek_index_beside_a_latin_one_is_an_entry_of_two_indices(subscript):
    listing = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $\\xi \\in \\mathbb{R}^{p \\times N}$\n"
        "\\For{$i = 1, \\dots, N$}\n"
        f"  \\State $w_i \\gets \\sum_{{\\mu=1}}^{{p}} {subscript}$\n"
        "\\EndFor\n\\State \\Return $w$\n\\end{algorithmic}\n"
    )
    xi = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    out = listing.run({"xi": xi, "p": 2, "N": 3})
    assert out.finding is None
    assert np.allclose(np.asarray(out.value), xi.sum(axis=0))  # not ξ at the product μ·i


def test_a_listing_with_an_index_superscript_is_not_run_and_never_refuted(tmp_path):
    # the Hopfield listing of fresh round 61 was refuted: read as a power, its weights were wrong
    path = _note(tmp_path, r"\State $w_i \gets \sum_{\mu=1}^{p} \xi_i^\mu$")
    text = path.read_text()
    path.write_text(
        text.replace(
            "---\ntitle: t\n---",
            "---\ntitle: t\nalgoverify:\n  checks:\n    - id: c\n      kind: property\n      listing: F\n"
            '      inputs: {p: 2, N: 3, xi: "randn(p, N)", x: "randn(N)"}\n      holds: \'w_1 = w_1\'\n---',
        )
    )
    (outcome,) = api.check([path], seed=0, trials=3).notes[0].outcomes
    assert outcome.status == "could not check"
    assert "AV204" in outcome.message and r"\xi_{\mu, i}" in outcome.message
