r"""Round 69's notes wrote what a reader takes one way and algoverify took another (the fixtures are ours)."""

from __future__ import annotations

import pytest
from helpers import property_spec, prose_note

from algoverify import api

#: \Require y above the entry function, which reads y in its body besides its parameters
NEWTON_WITH_A_GIVEN = r"""
\Require \(y\)
\Function{Halve}{\(a, \varepsilon\)}
  \State \(x \gets a\)
  \While{\(\lvert x^2 - a \rvert \gt \varepsilon a\)}
    \State \(x \gets \frac{1}{2} \left( x + \frac{a}{x} \right) + 0 y\)
  \EndWhile
  \State \Return \(x\)
\EndFunction
"""


def test_a_name_required_above_the_entry_function_is_an_input_of_the_listing(tmp_path):
    # round 69 (the language server's "declare y in \Require" fix): the \Require above the function
    # was accepted by a run and by lint, but no input said so, so a check that did not draw y
    # linted clean and could not check ("y is not defined")
    note = prose_note(
        tmp_path, r"Newton's iteration for \(\sqrt{a}\), given \(a > 0\) and \(\varepsilon > 0\).", NEWTON_WITH_A_GIVEN
    )
    listing = api.load(note).listings[0]
    assert listing.inputs == ("a", "varepsilon", "y")
    assert listing.run({"a": 2.0, "varepsilon": 1e-12, "y": 1.0}).value == pytest.approx(2**0.5)
    missing = listing.run({"a": 2.0, "varepsilon": 1e-12})
    assert missing.finding is not None and "missing input(s) y" in missing.finding.message


def test_a_check_that_does_not_draw_it_is_told_at_lint(tmp_path):
    spec = property_spec("the root", '{a: "uniform(1, 4)", epsilon: 1e-12}', r"x^2 \approx a")
    note = tmp_path / "note.md"
    note.write_text(
        f"---\nalgoverify:\n{spec}---\n\nNewton's iteration.\n\n\\begin{{algorithmic}}\n{NEWTON_WITH_A_GIVEN.strip()}\n\\end{{algorithmic}}\n"
    )
    found = [f for f in api.lint([note]).all_findings() if f.code == "AV307"]
    assert [f.message for f in found] == [
        "missing input(s) y: the check draws a, epsilon, and listing 1 takes a, varepsilon, y"
    ]
