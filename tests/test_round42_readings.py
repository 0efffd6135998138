r"""Signal, image and geometry listings as their textbooks write them (issue 19, round 42).

The fixtures are our own text: a cut-off bounded by π, a normalised first coefficient, an
image read and written as f(x, y), a polygon clipped vertex by vertex.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import property_spec, prose_note

from algoverify import api

CUTOFF = r"""
\Require order \(M \ge 1\), cut-off \(0 < \omega < \pi\)
\For{\(n \gets 0\) \textbf{to} \(M\)}
  \State \(h[n] \gets \omega / \pi\)
\EndFor
\State \Return \(h\)
"""


def test_pi_bounding_a_required_name_is_the_constant_and_the_bound_is_checked(tmp_path):
    note = prose_note(tmp_path, "", CUTOFF)
    listing = api.load(note).listings[0]
    assert set(listing.inputs) == {"M", "omega"}
    assert listing.run({"M": 2, "omega": 1.0}).finding is None
    refused = listing.run({"M": 2, "omega": 4.0}).finding
    assert refused is not None and refused.code == "AV309" and "0 < \\omega < \\pi" in refused.message


NORMALISED = r"""
\Require \(b_0, \dots, b_M\); \(a_0 = 1, a_1, \dots, a_N\)
\State \(s \gets 0\)
\For{\(k \gets 1\) \textbf{to} \(N\)}
  \State \(s \gets s + a_k b_0\)
\EndFor
\State \Return \(s\)
"""


@pytest.mark.parametrize("base", [0, 1])
def test_a_normalised_first_member_is_the_family_and_a_precondition(tmp_path, base):
    # the family a_0, …, a_N is one input a; a_0 = 1 is checked on entry, counted as the listing counts
    note = tmp_path / "n.md"
    body = NORMALISED.strip()
    note.write_text(
        f"---\nalgoverify:\n  index_base: {base}\n---\n\n\\begin{{algorithmic}}\n{body}\n\\end{{algorithmic}}\n"
    )
    listing = api.load(note).listings[0]
    assert set(listing.inputs) == {"a", "b"}
    assert listing.run({"a": [1.0, 0.5, 0.25], "b": [2.0]}).value == pytest.approx(1.5)
    refused = listing.run({"a": [2.0, 0.5], "b": [2.0]}).finding
    assert refused is not None and refused.code == "AV309" and "a_0 = 1" in refused.message


def test_a_check_that_draws_no_value_for_an_input_is_a_lint_finding(tmp_path):
    # \(a_0 = 1\) on its own is an input of its own: a check that draws only a leaves it out (AV307 at lint)
    note = tmp_path / "n.md"
    body = NORMALISED.strip().replace(r"\(a_0 = 1, a_1, \dots, a_N\)", r"\(a_0 = 1\), \(a_1, \dots, a_N\)")
    spec = (
        '  checks:\n    - id: r\n      kind: property\n      listing: 1\n      claim: "the sum"\n'
        '      inputs: {M: "integers(0, 2)", b: "randn(M + 1)", N: "integers(1, 3)", a: "randn(N + 1)"}\n'
        "      holds: 's = s'\n"
    )
    note.write_text(
        f"---\nalgoverify:\n{spec}---\n\nIt returns the sum.\n\n\\begin{{algorithmic}}\n{body}\n\\end{{algorithmic}}\n"
    )
    found = [f for f in api.lint([note]).all_findings() if f.code != "AV604"]
    assert [f.code for f in found] == ["AV307"] and "missing input(s) a_0" in found[0].message
    line = api.lint([note]).sources[found[0].path].line_col(found[0].span.start)[0]
    assert note.read_text().splitlines()[line - 1].lstrip().startswith("inputs:")
    (outcome,) = api.check([note], seed=0, trials=3).notes[0].outcomes
    assert outcome.status == "could not check" and "missing input(s) a_0" in outcome.message


EQUALISE = r"""
\Require \(M \times N\) image \(f\) with values in \(\{0, \dots, L-1\}\)
\For{\(k \gets 0\) \textbf{to} \(L - 1\)}
  \State \(n_k \gets 0\)
\EndFor
\For{\(x \gets 0\) \textbf{to} \(M - 1\)}
  \For{\(y \gets 0\) \textbf{to} \(N - 1\)}
    \State \(n_{f(x, y)} \gets n_{f(x, y)} + 1\)
    \State \(g(x, y) \gets L - 1 - f(x, y)\)
  \EndFor
\EndFor
\State \Return \(n, g\)
"""


def test_an_image_read_and_written_at_f_of_x_y(tmp_path):
    note = tmp_path / "n.md"
    body = EQUALISE.strip()
    note.write_text(
        "---\nalgoverify:\n  index_base: 0\n---\n\nThere are \\(L \\ge 2\\) grey levels.\n\n"
        f"\\begin{{algorithmic}}\n{body}\n\\end{{algorithmic}}\n"
    )
    assert [f.code for f in api.lint([note]).all_findings() if f.code != "AV604"] == []
    listing = api.load(note).listings[0]
    assert set(listing.inputs) == {"f", "L"}  # M and N are the shape of f, said before the noun
    image = np.array([[0, 1, 1], [3, 0, 1]])
    counts, negative = listing.run({"f": image, "L": 4}).value
    assert list(counts) == [2, 3, 0, 1]
    assert np.array_equal(negative, 3 - image)


CLIP = r"""
\Require polygon \(P\) with rows \(p_1, \dots, p_n\)
\State \(Q \gets P\); \(R \gets\) empty list
\State \(s \gets\) last vertex of \(Q\)
\ForAll{vertices \(e\) of \(Q\)}
  \If{\(e_1 \ge 0\)}
    \State append \(e\) to \(R\)
  \EndIf
  \State \(s \gets e\)
\EndFor
\State \Return \(R, s\)
"""


def test_a_polygon_walked_vertex_by_vertex(tmp_path):
    note = prose_note(tmp_path, "", CLIP)
    points = np.array([[1.0, 0.0], [-1.0, 2.0], [2.0, 3.0]])
    kept, last = api.load(note).listings[0].run({"P": points}).value
    assert np.array_equal(np.array(kept), points[[0, 2]])
    assert np.array_equal(last, points[-1])


def test_the_last_vertex_of_an_empty_polygon_is_said(tmp_path):
    note = prose_note(tmp_path, "", CLIP)
    finding = api.load(note).listings[0].run({"P": np.zeros((0, 2))}).finding
    assert finding is not None and finding.code == "AV306" and "Q is empty: it has no last member" in finding.message


def test_the_vertices_of_a_square_matrix_are_not_guessed(tmp_path):
    # a 3 × 3 matrix: three points in space, or a graph's adjacency? the notation does not say
    note = prose_note(tmp_path, "", CLIP)
    finding = api.load(note).listings[0].run({"P": np.eye(3)}).finding
    assert finding is not None and finding.code == "AV204" and "vertices of a 3×3 matrix" in finding.message


POPS = r"""
\Require \(n \ge 1\)
\State \(S \gets\) empty stack
\State push \(n\) onto \(S\)
\State pop \(r\) from \(S\)
\If{\(n > 2\)}
  \State pop \(r\) from \(S\)
\EndIf
\State \Return \(r\)
"""


def test_a_listing_that_takes_from_a_container_it_emptied_is_refuted(tmp_path):
    # no reading is in doubt: the listing's own statements emptied the stack; a trial with n > 2 shows it
    spec = property_spec("it returns n", '{n: "integers(1, 6)"}', "r = n")
    note = prose_note(tmp_path, "It returns n.", POPS, spec)
    (outcome,) = api.check([note], seed=0, trials=20).notes[0].outcomes
    assert outcome.status == "refuted", outcome.message
    assert "pop of an empty container" in outcome.message
