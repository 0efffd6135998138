r"""Readings statistics papers need (issue 19), from notes a new user wrote.

A family the listing assigns whole (``p_{(1)}, \dots, p_{(m)} \gets \operatorname{sort}(p)``) is the
listing's own, whatever the prose says of it; a ``given:`` that cannot be evaluated on a draw the
note's own precondition excludes (a singular ``X^{\top} X`` where "X has full column rank") skips
that draw. The fixtures are our own text.
"""

from __future__ import annotations

from helpers import prose_note

import algoverify
from algoverify import api


def test_a_family_the_listing_sorts_into_is_its_own(tmp_path):
    (tmp_path / "ref.py").write_text("import numpy as np\n\nFUNCTIONS = {'sort': np.sort}\n")
    note = prose_note(
        tmp_path,
        r"Order the values, \(x_{(1)} \le \dots \le x_{(n)}\), and take the least.",
        r"""
\Require values \(x_1, \dots, x_n\)
\State \(x_{(1)}, \dots, x_{(n)} \gets \operatorname{sort}(x)\)
\State \Return \(x_{(1)}\)
""",
        "  module: ref.py\n",
    )
    listing = algoverify.load(note).listings[0]
    assert listing.inputs == ("x",)  # the prose's x_{(i)} is what the listing sorts, never an input


def test_a_given_the_notes_precondition_makes_moot_skips_the_draw(tmp_path):
    (tmp_path / "ref.py").write_text(
        "import numpy as np\n\ndef hat_trace(X):\n    return float(np.trace(X @ np.linalg.inv(X.T @ X) @ X.T))\n"
    )
    note = tmp_path / "note.md"
    note.write_text(
        "---\nalgoverify:\n  module: ref.py\n  checks:\n    - id: trace\n      kind: reference\n      listing: 1\n"
        '      claim: "The trace of the hat matrix"\n'
        '      inputs: {p: "integers(1, 3)", n: "integers(p + 1, 6)", X: "integers(-1, 1, n, p)"}\n'
        "      given: '\\operatorname{tr}(X (X^{\\top} X)^{-1} X^{\\top}) > 0'\n"
        "      reference: hat_trace\n---\n\n"
        r"Let \(X \in \mathbb{R}^{n \times p}\) have full column rank. The trace of the hat matrix."
        "\n\n\\begin{algorithmic}\n"
        r"\State \Return \(\operatorname{tr}(X (X^{\top} X)^{-1} X^{\top})\)"
        "\n\\end{algorithmic}\n"
    )
    (outcome,) = api.check([note], seed=0, trials=30).notes[0].outcomes
    assert outcome.status == "verified", outcome.message  # the rank-deficient integer draws are skipped
