r"""Findings speak the notation: the author's LaTeX, shapes in words, what the parser expected.

Each case is a listing statement (or a math segment) that fails, and the whole finding it
gives, ``line:col: CODE message``: no s-expression of the AST (``(juxt A v)``), no token
name of the grammar (``'gets'``), no NumPy internals (gufunc signatures, shape tuples).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import algoverify
from algoverify.findings import LocatedError
from algoverify.math import mathexpr as M
from algoverify.math.latex import to_latex, written
from algoverify.running.listing import ExecutionError
from algoverify.source import SourceFile

sys.path.insert(0, str(Path(__file__).parent))
import test_mathexpr  # noqa: E402 - its tables of LaTeX are the printer's round-trip cases

M32, V3, V2 = np.ones((3, 2)), np.ones(3), np.ones(2)


def _listing(body: str, names: list[str]) -> str:
    requires = ", ".join(f"\\({n}\\)" for n in names)
    return f"\\begin{{algorithmic}}\n\\Require {requires}\n{body}\n\\Return \\(w\\)\n\\end{{algorithmic}}"


def run_error(body: str, **inputs) -> str:
    """The finding a one-statement listing gives, as ``line:col: CODE message`` (line 3 is the statement)."""
    names = [("\\" + n if n in ("lambda", "sigma") else n) for n in inputs]
    listing = algoverify.compile(_listing(body, names))
    with pytest.raises(ExecutionError) as caught:
        listing(**{("lam" if n == "lambda" else n): v for n, v in inputs.items()})
    return str(caught.value).removeprefix("<latex>:")


RUNTIME = [
    # the issue's own example: the operands' shapes, and what the product needs
    (r"\State \(w \gets A v\)", dict(A=M32, v=V3),
     "3:18: AV305 shape mismatch in A v: A is 3×2 and v has length 3; A v needs v of length 2"),
    (r"\State \(w \gets A B\)", dict(A=M32, B=np.ones((3, 4))),
     "3:18: AV305 shape mismatch in A B: A is 3×2 and B is 3×4; A B needs B with 2 rows"),
    (r"\State \(w \gets u^{\top} A\)", dict(u=V3, A=np.ones((2, 2))),
     r"3:18: AV305 shape mismatch in u^{\top} A: u^{\top} has length 3 and A is 2×2; u^{\top} A needs u^{\top} of length 2"),
    (r"\State \(w \gets \frac{1}{2} \lVert A  v \rVert\)", dict(A=M32, v=V3),  # the culprit inside, spaces folded
     "3:37: AV305 shape mismatch in A v: A is 3×2 and v has length 3; A v needs v of length 2"),
    (r"\State \(w \gets \lVert u - \lambda v \rVert\)", dict(u=V2, v=V3, **{"lambda": 2.0}),
     r"3:25: AV305 shape mismatch in u - \lambda v: u has length 2 and \lambda v has length 3; "
     r"u - \lambda v needs operands of one shape"),
    (r"\State \(w \gets u \odot v\)", dict(u=V2, v=V3),
     r"3:18: AV305 shape mismatch in u \odot v: u has length 2 and v has length 3; u \odot v needs operands of one shape"),
    (r"\State \(w \gets \langle u, v \rangle\)", dict(u=V2, v=V3),
     r"3:18: AV305 shape mismatch in \langle u, v \rangle: u has length 2 and v has length 3; "
     r"\langle u, v \rangle needs two vectors of one length"),
    # the subscript as written, not (idx C (idx A j))
    (r"\State \(w \gets C_{A_j}\)", dict(C=V2, A=np.array([1.0, 5.0]), j=2),
     "3:18: AV306 index 5 is out of range 1..2 in C_{A_j}"),
    (r"\State \(w \gets x_{j}\)", dict(x=V2, j=1.5), "3:18: AV306 index 1.5 of x_{j} is not an integer"),
    # unbound names as written, not as identifiers (x_hat, lam)
    (r"\State \(w \gets \hat{x} + 1\)", dict(x=V2), r"3:18: AV303 \hat{x} is not defined"),
    (r"\State \(w \gets 2 \lambda\)", dict(x=V2), r"3:20: AV303 \lambda is not defined"),
    (r"\State \(w \gets \sum_{i \in X} i\)", dict(X=np.ones((2, 2))), "3:30: AV306 X is a 2×2 array, not a set to run over"),
    (r"\State \(w \gets n!\)", dict(n=2.5), "3:18: AV306 n!: n = 2.5 is not an integer"),
    # an array as a condition: said, not NumPy's "truth value ... is ambiguous"
    ("\\If{\\(x\\)}\n\\State \\(w \\gets 1\\)\n\\EndIf", dict(x=V2), "3:1: AV306 the condition is an array, not a truth value"),
]  # fmt: skip


@pytest.mark.parametrize(("body", "inputs", "expected"), RUNTIME, ids=[c[0] for c in RUNTIME])
def test_runtime_findings_say_the_authors_latex(body, inputs, expected):
    assert run_error(body, **inputs) == expected


PARSE = [
    (r"\State \(y \gets x + \gets 1\)",
     r"3:22: AV201 cannot parse math: unexpected \gets after '+'; expected a term (a name, a number or a group)"),
    (r"\State \(y \gets x \le \ge 1\)",
     r"3:24: AV201 cannot parse math: unexpected \ge after \le; expected a term (a name, a number or a group)"),
    (r"\State \(y \gets f(,)\)",
     "3:20: AV201 cannot parse math: unexpected ',' after '('; expected a term (a name, a number or a group) or ')'"),
    (r"\State \(y \gets \lVert x\)", r"3:18: AV203 unbalanced \lVert: never closed"),
    (r"\State \(y \gets \langle x, x \rangle x \rangle\)", r"3:41: AV203 unbalanced \rangle: nothing to close"),
    (r"\State \(y \gets \left( x \right]\)", r"3:18: AV203 unbalanced \left(: closed by ']'"),
    (r"\State \(y \gets x^\)", "3:19: AV201 cannot parse math: math ends too early, after '^'"),
]  # fmt: skip


@pytest.mark.parametrize(("body", "expected"), PARSE, ids=[c[0] for c in PARSE])
def test_parse_findings_say_the_text_and_what_was_expected(body, expected):
    assert run_error(body, x=1.0) == expected


STRUCTURE = [
    # a block without its condition: said as that, not as "\While is never closed … before \EndWhile"
    ("\\While\n\\EndWhile", "4:1: AV101 unexpected '\\EndWhile'; expected {"),
    ("\\For \\State \\(w \\gets 1\\) \\EndFor", "3:6: AV101 unexpected '\\State'; expected {"),
    (
        "\\While{\\(x\\)} \\State \\(w \\gets 1\\)",
        "3:1: AV102 \\While is never closed: expected \\EndWhile before \\end{algorithmic}",
    ),
]


@pytest.mark.parametrize(("body", "expected"), STRUCTURE, ids=[c[0] for c in STRUCTURE])
def test_structure_findings_say_what_is_missing(body, expected):
    latex = _listing(body, ["x"])
    with pytest.raises(LocatedError) as caught:
        algoverify.compile(latex)
    line, col = SourceFile(Path("<latex>"), latex).line_col(caught.value.span.start)
    assert f"{line}:{col}: {caught.value.rule.code} {caught.value}" == expected


#: what must never reach a reader: AST dumps, grammar token names, NumPy's internals
LEAKS = re.compile(
    r"\((juxt|idx|apply|norm|pow|frac|rel|assign) |'(gets|leftarrow|>=|<=|\|\|)'|gufunc|shape \(|\(\d+,\)"
)


@pytest.mark.parametrize("message", [c[-1] for c in RUNTIME + PARSE + STRUCTURE])
def test_no_internals_leak(message):
    assert not LEAKS.search(message)


def test_a_readme_example_has_no_internals():
    root = Path(__file__).parents[1]
    readme = "\n".join(
        p.read_text(encoding="utf-8") for p in [root / "README.md", *sorted((root / "docs").rglob("*.md"))]
    )
    findings = re.findall(r"^\S+:\d+:\d+: AV\d{3} .*$", readme, flags=re.M)
    assert findings
    assert [f for f in findings if LEAKS.search(f)] == []


# --- the author's text, and the printer where it is not known ----------------------------------


@pytest.mark.parametrize(
    ("note", "expected"),
    [
        ("w \\gets A\n   v", "A v"),  # a line break inside: folded to one space
        ("w \\gets \\lVert A v \\rVert", "\\lVert A v \\rVert"),
    ],
)
def test_written_is_the_slice_of_the_text(note, expected):
    tree = M.parse_math(note)
    assert written(tree.value, note) == expected
    assert written(tree.value, None) == to_latex(tree.value)  # no text: printed from the tree


def _round_trip_cases():
    for name in dir(test_mathexpr):
        table = getattr(test_mathexpr, name)
        if name.endswith("_PAIRS"):
            yield from (latex for latex, *_ in table)


@pytest.mark.parametrize("latex", sorted(set(_round_trip_cases())))
def test_printed_latex_reads_back_as_the_same_tree(latex):
    try:
        tree = M.parse_math(latex)
    except LocatedError:
        pytest.skip("not math the parser takes")
    printed = to_latex(tree)
    assert not LEAKS.search(printed)
    # a one-item \langle a \rangle is read as a group: printing gives the item alone; and a
    # function's bare argument (\sin x) is printed with parentheses
    if isinstance(tree, M.Tuple) and len(tree.items) == 1 or re.search(r"\\(sin|cos|tan) [a-z]", latex):
        return
    assert M.parse_math(printed) == tree, printed


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(m=st.integers(1, 5), k=st.integers(1, 5), n=st.integers(1, 5))
def test_a_product_mismatch_names_the_shapes_it_saw(m, k, n):
    assume(n != k)
    found = run_error(r"\State \(w \gets A v\)", A=np.ones((m, k)), v=np.ones(n))
    assert found == f"3:18: AV305 shape mismatch in A v: A is {m}×{k} and v has length {n}; A v needs v of length {k}"
