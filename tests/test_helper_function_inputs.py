r"""Names a reader gives a listing that algoverify did not take as given (the fixtures are ours).

``\Require A`` above two functions, where only the helper reads ``A``, and "a square matrix of
size n" in the prose: a reader gives the entry ``A`` (it passes it down to the helper) and takes
``A`` as ``n × n``. Lint was clean and a run refused ``A`` as an unknown input.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import prose_note

from algoverify import api

#: the entry Iterate never reads A: its helper Apply does
HELPER_READS_THE_REQUIRE = r"""
\Require matrix \(A\), tolerance \(\tau\)
\Function{Apply}{\(x\)}
    \State \(y \gets A x\)
    \State \Return \(y\)
\EndFunction
\Function{Iterate}{\(v\)}
    \State \(w \gets \Call{Apply}{v}\)
    \State \(\lambda \gets \lVert w \rVert\)
    \While{\(\lVert w - \lambda v \rVert > \tau \lambda\)}
        \State \(v \gets w / \lambda\)
        \State \(w \gets \Call{Apply}{v}\)
        \State \(\lambda \gets \lVert w \rVert\)
    \EndWhile
    \State \Return \(\lambda\)
\EndFunction
"""


def test_a_name_required_above_the_functions_and_read_by_a_helper_is_an_input_of_the_entry(tmp_path):
    note = prose_note(tmp_path, r"Power iteration on \(A\) with a helper.", HELPER_READS_THE_REQUIRE)
    listing = api.load(note).listings[0]
    assert listing.inputs == ("v", "A", "tau")
    ran = listing.run({"A": np.diag([3.0, 1.0]), "v": np.array([1.0, 1.0]), "tau": 1e-12})
    assert ran.finding is None and ran.value == pytest.approx(3.0)
    missing = listing.run({"v": np.array([1.0, 1.0]), "tau": 1e-12})
    assert missing.finding is not None and "missing input(s) A" in missing.finding.message


def test_the_signature_read_without_compiling_names_it_too(tmp_path):
    # a listing with a statement that does not compile still has a signature: the same inputs
    body = HELPER_READS_THE_REQUIRE.replace(
        r"\State \(y \gets A x\)", r"\State \(y \gets A x\)" "\n" r"\State \(z \gets \frobnicate{x}\)"
    )
    note = tmp_path / "note.md"
    note.write_text(f"Power iteration.\n\n\\begin{{algorithmic}}\n{body.strip()}\n\\end{{algorithmic}}\n")
    from algoverify.running.interpreter import read_signature

    listing = api.load(note).listings[0]
    assert listing.run({}).finding.code == "AV308"  # the statement does not compile
    assert read_signature(listing.algorithm)[0] == ("v", "A", "tau")


@pytest.mark.parametrize(
    ("prose", "shape"),
    [
        (r"Let \(A\) be a square matrix of size \(n\).", ("n", "n")),
        (r"Let \(A\) be a matrix of size \(n\).", ("n", "n")),
        (r"Let \(A\) be a real matrix of dimension \(n\).", ("n", "n")),
        (r"Let \(A\) be a matrix of size \(m \times n\).", ("m", "n")),
        (r"Let \(A\) be a vector of size \(n\).", ("n",)),
        (r"Let \(A\) be of length \(n\).", ("n",)),
    ],
)
def test_one_size_of_a_matrix_is_both_of_its_sides(tmp_path, prose, shape):
    note = tmp_path / "note.md"
    note.write_text(
        f"{prose}\n\n\\begin{{algorithmic}}\n\\Require \\(A\\)\n\\State \\(s \\gets A\\)\n\\Return \\(s\\)\n\\end{{algorithmic}}\n"
    )
    listing = api.load(note).listings[0]
    declared = listing.program.declarations.get("A")
    assert declared is not None and tuple(declared.shape) == shape
