r"""``lint`` says when a check cannot give its listing an input, before any run (AV307 at ``inputs:``).

The case authors meet most: the prose introduces a starting value as ``x^{(0)}``, which the
listing reads as its input ``x_of_0``, and the spec draws ``x0``. ``check`` then could not run
a trial; ``lint`` must have said so, also when another input is drawn by the note's module
(whose generators lint never imports), and must name the input as the note writes it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from algoverify import api

MODULE = """\
import numpy as np
from algoverify import register_generator as register


@register()
def contraction(rng, n):
    '''An n x n matrix of spectral norm at most one half.'''
    M = rng.standard_normal((n, n))
    return 0.5 * M / max(np.linalg.norm(M, 2), 1.0)


def fixed_point(M, c):
    return np.linalg.solve(np.eye(len(c)) - M, c)
"""

PROSE = r"""Let \(M\) be an \(n \times n\) matrix of norm below one, let \(c \in \mathbb{R}^{n}\), and
let \(x^{(0)} \in \mathbb{R}^{n}\) be any starting vector. The iteration below runs \(K\) steps.

\begin{algorithmic}[1]
\For{\(k = 0, \dots, K - 1\)}
  \State \(x^{(k+1)} \gets M x^{(k)} + c\)
\EndFor
\State \Return \(x^{(K)}\)
\end{algorithmic}

From any starting vector the iterates reach the fixed point of the map.
"""


def _note(tmp_path: Path, inputs: str) -> Path:
    (tmp_path / "iter_checks.py").write_text(MODULE)
    note = tmp_path / "iteration.md"
    note.write_text(
        "---\ntitle: t\nalgoverify:\n  module: iter_checks.py\n  checks:\n    - id: reaches\n"
        "      kind: reference\n      listing: 1\n"
        '      claim: "From any starting vector the iterates reach the fixed point of the map"\n'
        f"      inputs: {inputs}\n      reference: fixed_point\n      rtol: 1e-6\n      atol: 1e-8\n---\n\n" + PROSE
    )
    return note


# (inputs:, the AV307 message lint gives, or None when the check gives every input)
CASES = [
    pytest.param(
        '{n: "integers(1, 5)", M: "contraction(n)", c: "randn(n)", x0: "randn(n)", K: 80}',
        r"missing input(s) x_of_0 (\(x^{(0)}\)): the check draws n, M, c, x0, K, and listing 1 takes M, c, K, "
        r"x_of_0; the prose at line 16 introduces x_of_0 (\(x^{(0)}\)); it never reads x0: draw it as x_of_0",
        id="x0-for-x^(0)-beside-a-module-generator",
    ),
    pytest.param(
        '{n: "integers(1, 5)", M: "contraction(n)", c: "randn(n)", K: 80}',
        r"missing input(s) x_of_0 (\(x^{(0)}\)): the check draws n, M, c, K, and listing 1 takes M, c, K, x_of_0; "
        r"the prose at line 16 introduces x_of_0 (\(x^{(0)}\))",
        id="left-out",
    ),
    pytest.param(
        '{n: "integers(1, 5)", M: "contraction(n)", c: "randn(n)", x_of_0: "randn(n)", K: 80}',
        None,
        id="drawn-as-the-listing-names-it",
    ),
    # the size n is not drawn: it comes from M's shape, which lint cannot know without the module
    pytest.param('{M: "contraction(3)", c: "randn(3)", x_of_0: "randn(3)", K: 80}', None, id="size-from-a-module-draw"),
]


@pytest.mark.parametrize(("inputs", "message"), CASES)
def test_lint_finds_an_input_the_check_leaves_out(tmp_path, inputs, message):
    note = _note(tmp_path, inputs)
    result = api.lint([note])
    found = [f for f in result.all_findings() if f.code == "AV307"]
    assert [f.message for f in found] == ([message] if message else [])
    if found:  # at the check's inputs: key, where the fix is made
        line, column = result.sources[found[0].path].line_col(found[0].span.start)
        assert note.read_text().splitlines()[line - 1][column - 1 :].startswith("inputs:")
    (outcome,) = api.check([note], seed=0, trials=5).notes[0].outcomes
    # what lint says is what check meets: a left-out input stops every trial, a given one runs
    assert (outcome.status == "could not check") == (message is not None), outcome.message


def test_a_reference_check_of_a_listing_that_returns_nothing_is_said_at_lint_and_never_refuted(tmp_path):
    # the listing leaves its result in y, as a textbook's may; nothing is returned to compare
    (tmp_path / "refs.py").write_text("def doubled(x):\n    return 2 * x\n")
    note = tmp_path / "double.md"
    note.write_text(
        "---\ntitle: t\nalgoverify:\n  module: refs.py\n  checks:\n    - id: doubles\n      kind: reference\n"
        '      listing: 1\n      claim: "doubles every entry"\n      inputs: {n: "integers(1, 4)", x: "randn(n)"}\n'
        "      reference: doubled\n---\n\n"
        "Let \\(x \\in \\mathbb{R}^{n}\\). The listing doubles every entry of \\(x\\) into \\(y\\).\n\n"
        "\\begin{algorithmic}[1]\n\\For{\\(i = 1, \\dots, n\\)}\n  \\State \\(y_i \\gets 2 x_i\\)\n\\EndFor\n"
        "\\end{algorithmic}\n"
    )
    said = (
        r"check doubles: listing 1 returns nothing (it has no \Return): a reference check compares what the "
        r"listing returns with the reference; end it with \State \Return of what it computes"
    )
    result = api.lint([note])
    (found,) = [f for f in result.all_findings() if f.code != "AV604"]
    assert (found.code, found.message) == ("AV502", said)
    assert result.sources[found.path].line_col(found.span.start) == (8, 7)  # at `listing: 1`
    (outcome,) = api.check([note], seed=0, trials=5).notes[0].outcomes
    assert outcome.status == "could not check" and said in outcome.message
    # with the \Return a reader expects, the same check is tested and holds
    note.write_text(note.read_text().replace("\\EndFor\n", "\\EndFor\n\\State \\Return \\(y\\)\n"))
    assert [f.code for f in api.lint([note]).all_findings() if f.code != "AV604"] == []
    (outcome,) = api.check([note], seed=0, trials=5).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_a_formula_reading_a_name_the_prose_only_mentions_is_said_at_lint_as_at_check(tmp_path):
    # the prose names \hat{Q}, as the columns q_i together; no run binds it, so `holds:` cannot read it
    note = tmp_path / "normalise.md"
    note.write_text(
        "---\ntitle: t\nalgoverify:\n  checks:\n    - id: unit\n      kind: property\n      listing: 1\n"
        '      claim: "every column has length one"\n      inputs: {n: "integers(1, 4)", v: "uniform(1, 2, n, 3)"}\n'
        "      holds: '\\lVert \\hat{Q}_1 \\rVert = 1'\n---\n\n"
        "The vectors \\(v_1, \\dots, v_n\\) are scaled to length one; together the \\(q_i\\) form "
        "\\(\\hat{Q}\\), and every column has length one.\n\n"
        "\\begin{algorithmic}[1]\n\\For{\\(i = 1, \\dots, n\\)}\n  \\State \\(q_i \\gets v_i / \\lVert v_i \\rVert\\)\n"
        "\\EndFor\n\\State \\Return \\(q\\)\n\\end{algorithmic}\n"
    )
    result = api.lint([note])
    (found,) = [f for f in result.all_findings() if f.code == "AV303"]
    assert found.message == (
        r"\hat{Q}_1 is not defined (nor is \hat{Q} to index): the check's holds: reads it, and neither its "
        r"inputs, its let:, its listing nor the note's module give \hat{Q}"
    )
    assert result.sources[found.path].line_col(found.span.start)[0] == 10  # at `holds:`
    (outcome,) = api.check([note], seed=0, trials=5).notes[0].outcomes
    assert outcome.status == "could not check" and r"\hat{Q}" in outcome.message
    # reading what the run computes, the same claim is tested
    note.write_text(note.read_text().replace(r"\hat{Q}_1", "q_1"))
    assert [f.code for f in api.lint([note]).all_findings() if f.code == "AV303"] == []
    (outcome,) = api.check([note], seed=0, trials=5).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_an_input_the_prose_takes_from_a_draw_of_the_modules_generator_is_given(tmp_path):
    # the columns y_i of a Y the module draws: lint cannot know Y's shape, and a shape that gives y_i exists
    (tmp_path / "iter_checks.py").write_text(MODULE)
    note = tmp_path / "columns.md"
    note.write_text(
        "---\ntitle: t\nalgoverify:\n  module: iter_checks.py\n  checks:\n    - id: sums\n      kind: reference\n"
        '      listing: 1\n      claim: "it adds the columns"\n      inputs: {n: "integers(1, 4)", Y: "contraction(n)"}\n'
        "      reference: fixed_point\n---\n\n"
        "Let \\(y_1, \\dots, y_n\\) in \\(\\mathbb{R}^{n}\\) be vectors, stored as the columns of "
        "\\(Y = [y_1, \\dots, y_n]\\). The listing adds the columns.\n\n"
        "\\begin{algorithmic}[1]\n\\State \\Return \\(\\sum_{i=1}^{n} y_i\\)\n\\end{algorithmic}\n"
    )
    assert [f.message for f in api.lint([note]).all_findings() if f.code == "AV307"] == []
