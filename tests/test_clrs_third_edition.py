r"""CLRS's third-edition notation: attributes where the second edition wrote tables.

``v.\pi``, ``u.d``, ``x.\mathit{key}`` are ``\pi[v]``, ``d[u]``, ``key[x]``; ``A.\mathit{heap\text{-}size}``
is one number of the array ``A`` that every procedure passed ``A`` sees. Each case is our own text.
Before, ``v.\pi`` did not parse (AV201), ``u.d \gets 0`` could not be assigned to (AV308), and a
hyphenated attribute was a product of letters.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import prose_note

import algoverify
from algoverify import api
from algoverify.math import mathtree as M
from algoverify.math.mathexpr import parse_math


@pytest.mark.parametrize(
    ("latex", "obj", "name"),
    [
        (r"v.\pi", "v", "pi"),
        (r"u.\delta", "u", "delta"),
        (r"x.\mathit{key}", "x", "key"),
        (r"A.heap\text{-}size", "A", "heap_size"),
        (r"A.\mathit{heap\text{-}size}", "A", "heap_size"),
        (r"T.\mathit{black\text{-}height}", "T", "black_height"),
    ],
)
def test_an_attribute_is_one_name_after_the_dot(latex, obj, name):
    tree = parse_math(latex)
    assert isinstance(tree, M.Attr) and tree.name == name
    assert isinstance(tree.obj, M.Sym) and tree.obj.name == obj


def test_a_hyphenated_name_in_a_word_command_is_one_name():
    tree = parse_math(r"\mathit{heap\text{-}size}[A]")
    assert isinstance(tree, M.Index) and tree.base.name == "heap_size" and tree.args[0].name == "A"
    text = parse_math(r"\text{a - b}")
    assert isinstance(text, M.Text) and text.text == "a - b"  # words in text keep their hyphen


_PATH = r"""
\Procedure{Path-Depths}{$n$}
  \For{each $v \in \{1, \dots, n\}$}
    \State $v.d = \infty$
    \State $v.\pi = \textsc{nil}$
  \EndFor
  \State $1.d = 0$
  \For{$v = 2$ \textbf{to} $n$}
    \State $v.\pi = v - 1$
    \State $v.d = v.\pi.d + 1$
  \EndFor
  \State \Return $n.d$
\EndProcedure
"""


def test_vertex_attributes_are_tables_the_listing_keeps_and_checks_read(tmp_path):
    spec = """  checks:
    - id: depths
      kind: property
      listing: Path-Depths
      claim: "every vertex lies one edge further than its parent"
      inputs: {n: "integers(1, 7)"}
      holds: '\\forall v \\in \\{2, \\dots, n\\}: v.d = v.\\pi.d + 1'
"""
    prose = r"On the path \(1, 2, \dots, n\) every vertex lies one edge further than its parent."
    note = prose_note(tmp_path, prose, _PATH, spec)
    listing = api.load(note).listing("Path-Depths")
    assert listing(n=5) == 4
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


@pytest.mark.parametrize(("top", "written"), [(r"S.\mathit{top}", "third"), (r"\mathit{top}[S]", "second")])
def test_an_attribute_of_an_array_is_shared_by_the_procedures_it_is_passed_to(top, written):
    # CLRS's Push sets S.top, its caller reads it: one number of the array S, kept across the call
    body = r"""
\begin{algorithmic}
\Procedure{Fill}{$S, n$}
  \State $TOP = 0$
  \For{$k = 1$ \textbf{to} $n$}
    \State \Call{Push}{$S, k^2$}
  \EndFor
  \State \Return $S[TOP]$
\EndProcedure
\Procedure{Push}{$S, x$}
  \State $TOP = TOP + 1$
  \State $S[TOP] = x$
\EndProcedure
\end{algorithmic}
""".replace("TOP", top)
    run = algoverify.compile(body)
    assert run(S=np.zeros(4), n=3) == 9, written


_DIFFERENCE = r"""
\Require numbers \(a\), \(b\) and \(s\)
\State \(r \gets s (a - b)\)
\State \Return \(r\)
"""
_AS_SPEC = """  checks:
    - id: antisymmetric
      kind: property
      listing: 1
      as: D
      claim: "swapping the two numbers changes the sign"
      draw: {{a: "randn()", b: "randn()", s: "uniform(1, 2)", x: "randn()", y: "randn()"}}{let}
      holds: 'D(x, y, s) = -D(y, x, s)'
"""


def test_a_call_that_names_every_input_gives_the_order_of_the_calls_that_do_not(tmp_path):
    # Hairer, Lubich and Wanner's SV(Q, -P, K, h, N) beside SV(q_0, p_0, K, h, N): the two arguments left
    # went to the inputs in the listing's own order (K got a vector, AV309), after a clean lint
    prose = r"Swapping the two numbers changes the sign."
    spec = _AS_SPEC.format(let="\n      let: {w: 'D(a, b, s)'}")
    note = prose_note(tmp_path, prose, _DIFFERENCE, spec)
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_a_relative_clause_after_a_count_says_what_the_family_before_it_is(tmp_path):
    # fresh round 58's Kaplan–Meier: "the observed times of n subjects, which are distinct" was no
    # precondition, and the correct listing was refuted on tied times
    prose = (
        r"Let \(x_1, \dots, x_n\) be the keys of \(n\) records, which are distinct. The ranks add up to \(n(n+1)/2\)."
    )
    body = r"""
\State \(s \gets 0\)
\For{\(i = 1, \dots, n\)}
  \State \(r \gets 1\)
  \For{\(j = 1, \dots, n\)}
    \If{\(x_j < x_i\)}
      \State \(r \gets r + 1\)
    \EndIf
  \EndFor
  \State \(s \gets s + r\)
\EndFor
\State \Return \(s\)
"""
    spec = """  checks:
    - id: ranks
      kind: property
      listing: 1
      claim: "The ranks add up to"
      inputs: {n: "integers(1, 6)", x: "integers(0, 2, n)"}
      holds: 's = n (n + 1) / 2'
"""
    note = prose_note(tmp_path, prose, body, spec)
    listing = api.load(note).listings[0]
    with pytest.raises(algoverify.ExecutionError, match="AV309.*distinct"):
        listing(x=np.array([1.0, 1.0, 2.0]))
    (outcome,) = api.check([note], seed=0, trials=50).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


def test_the_level_the_prose_gives_with_its_size_and_first_index_is_the_listings_start(tmp_path):
    # LeVeque's FTCS: "U^0 ∈ ℝ^{m+2} holds the values U^0_0, …, U^0_{m+1}" was the power U^0 (no size m,
    # AV303 at the run after a clean lint) and the listing counted from 1
    prose = (
        r"The initial data \(V^0 \in \mathbb{R}^{m+2}\) holds the values \(V^0_0, \dots, V^0_{m+1}\); "
        r"the ends are held fixed. Let \(N \ge 1\) be the number of steps."
    )
    body = r"""
\For{\(n = 0, \dots, N - 1\)}
  \State \(V^{n+1}_0 \gets V^n_0\)
  \For{\(i = 1, \dots, m\)}
    \State \(V^{n+1}_i \gets (V^n_{i-1} + V^n_{i+1}) / 2\)
  \EndFor
  \State \(V^{n+1}_{m+1} \gets V^n_{m+1}\)
\EndFor
\State \Return \(V^N\)
"""
    listing = api.load(prose_note(tmp_path, prose, body)).listings[0]
    assert listing.index_base == 0
    np.testing.assert_allclose(listing(V_of_0=np.array([0.0, 4.0, 0.0, 8.0]), N=1), [0.0, 0.0, 6.0, 8.0])


@pytest.mark.parametrize(
    ("written", "m", "b", "expected"),
    [
        (r"-m^{-1} \bmod b", 7, 2, 1),  # HAC's m' for Montgomery reduction: 7 · 1 ≡ -1 (mod 2)
        (r"m^{-1} \bmod b", 3, 7, 5),
        (r"m^{-2} \bmod b", 3, 7, 4),
        (r"-m^{-1} \bmod b", 5, 16, 3),  # 5 · 3 = 15 ≡ -1 (mod 16)
    ],
)
def test_an_inverse_under_a_modulus_of_integers_is_the_modular_inverse(written, m, b, expected):
    # fresh round 58's Montgomery reduction: m' = -m^{-1} \bmod b was -1/7 mod 2, and the precondition failed
    run = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $m$, $b$\n\\State \\Return $" + written + "$\n\\end{algorithmic}"
    )
    assert run(m=m, b=b) == expected


def test_an_inverse_under_a_modulus_that_does_not_exist_is_said_and_of_reals_stays_a_remainder():
    run = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $m$, $b$\n\\State \\Return $m^{-1} \\bmod b$\n\\end{algorithmic}"
    )
    with pytest.raises(algoverify.ExecutionError, match="m = 4 has no inverse modulo b = 6"):
        run(m=4, b=6)
    assert run(m=0.5, b=3) == 2.0  # 1/0.5 = 2, less than 3


@pytest.mark.parametrize("percent", [r"\%", r"\mathbin{\%}"])
def test_a_programs_percent_after_an_inverse_is_the_remainder_of_the_quotient(percent):
    # latexify prints Python's (1 + 1) ** -1 % 6 so: 0.5 % 6 is 0.5, never an inverse modulo 6
    run = algoverify.compile(
        "\\begin{algorithmic}\n\\Require $m$, $b$\n\\State \\Return $m^{-1} " + percent + " b$\n\\end{algorithmic}"
    )
    assert run(m=2, b=6) == 0.5
    assert run(m=3, b=7) == pytest.approx(1 / 3)


@pytest.mark.parametrize("key", ["theta_hat", r"\hat{\theta}", r"\hat\theta"])
def test_a_binding_names_a_variable_as_the_listing_writes_it_or_as_python_does(tmp_path, key):
    # fresh round 58's bootstrap: step["x^{*b}"] = … stored under the LaTeX itself, which nothing read
    (tmp_path / "m.py").write_text(
        f"def estimate(step):\n    step[{key!r}] = 2 * step['x']\n\n\nBINDINGS = {{'estimate': estimate}}\n"
    )
    note = prose_note(
        tmp_path,
        r"For a number \(x\), estimate \(\hat{\theta}\) as twice it.",
        "\\State estimate \\(\\hat{\\theta}\\) from \\(x\\)\n\\State \\Return \\(\\hat{\\theta} + 1\\)",
        "  module: m.py\n",
    )
    loaded = algoverify.load(note)
    assert api.attach_module(loaded) is None
    assert loaded.listings[0](x=3.0) == 7.0


def test_a_binding_that_names_no_variable_is_told_so_at_its_statement(tmp_path):
    (tmp_path / "m.py").write_text(
        "def estimate(step):\n    step['x + 1'] = 2\n\n\nBINDINGS = {'estimate': estimate}\n"
    )
    note = tmp_path / "note.md"
    note.write_text(
        "---\nalgoverify:\n  module: m.py\n---\n\nFor a number \\(x\\), estimate \\(\\hat{\\theta}\\) as twice it.\n\n"
        "\\begin{algorithmic}\n\\State estimate \\(\\hat{\\theta}\\) from \\(x\\)\n"
        "\\State \\Return \\(\\hat{\\theta} + 1\\)\n\\end{algorithmic}\n"
    )
    loaded = algoverify.load(note)
    assert api.attach_module(loaded) is None
    with pytest.raises(algoverify.ExecutionError, match=r"names 'x \+ 1', which is no variable"):
        loaded.listings[0](x=3.0)


def test_a_call_that_places_its_named_inputs_otherwise_keeps_the_listings_order(tmp_path):
    # D(b, a, s) names every input in its own order; D(x, y, s) follows it (x is b, y is a), while
    # D(s, x, y) puts s elsewhere and keeps the documented order of the listing's inputs (x is a, y is b)
    prose = r"Swapping the two numbers changes the sign."
    spec = (
        _AS_SPEC.format(let="\n      let: {w: 'D(b, a, s)'}")
        .replace("'D(x, y, s) = -D(y, x, s)'", "'D(x, y, s) = -D(s, x, y)'")
        .replace("swapping the two numbers changes the sign", "Swapping the two numbers changes the sign")
    )
    note = prose_note(tmp_path, prose, _DIFFERENCE, spec)
    (outcome,) = api.check([note], seed=0, trials=10).notes[0].outcomes
    assert outcome.status == "verified", outcome.message
