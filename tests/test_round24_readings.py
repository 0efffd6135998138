r"""Readings of the twenty-fourth round of notes by a new user (numerical methods from textbooks).

Each case is our own text, written the way signal-processing and optimisation books write theirs:
the imaginary unit defined as ``\sqrt{-1}`` (or by ``i^2 = -1``), samples numbered in brackets
(``x[0], \dots, x[N-1]``), a property the prose denies ("symmetric, not necessarily positive
definite"), and sentences that set things up in parentheses (an equation number, a journal's
volume and year, a normalisation) that are no claims. A NaN is said as such, and one the spec's own
arithmetic makes never refutes a claim.
"""

from __future__ import annotations

import textwrap
import warnings
from pathlib import Path

import numpy as np
import pytest

import algoverify
from algoverify import api
from algoverify.checking.specification.cues import cues
from algoverify.cli import main
from algoverify.math.mathexpr import parse_math
from algoverify.math.numeric import Context, compile_expr


def _write(tmp_path: Path, text: str, name: str = "note.md") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def _outcomes(note: Path) -> dict:
    (report,) = api.check([note], seed=0, trials=30, isolate=False).notes
    return {o.check.id: o for o in report.outcomes}


def _listing(prose: str, body: str, tmp_path: Path):
    text = prose + "\n\n\\begin{algorithmic}\n" + textwrap.dedent(body).strip() + "\n\\end{algorithmic}\n"
    note = _write(tmp_path, text, f"note{len(list(tmp_path.iterdir()))}.md")  # a note of its own for each text
    return algoverify.load(note).listings[0]


# --- 1. the square root of a negative number written as one is imaginary ---------------------------------


@pytest.mark.parametrize("guard", [True, False])  # the spec's closures and the listing's generated code
def test_the_square_root_of_a_negative_literal_is_imaginary_and_of_a_name_stays_real(guard):
    def value(latex: str, **env):
        return compile_expr(parse_math(latex), Context(declared=set(env), guard=guard))(env)

    assert value(r"\sqrt{-1}") == 1j
    assert value(r"3 \sqrt{-4}") == 6j
    assert value(r"\sqrt{-0.25}") == 0.5j
    assert np.isclose(value(r"e^{\sqrt{-1} \pi}"), -1)
    assert value(r"\sum_{k=1}^{3} \sqrt{-1} x_k", x=np.array([1.0, 2.0, 3.0])) == 6j
    assert value(r"\sqrt{4}") == 2.0
    with np.errstate(invalid="ignore"):
        assert np.isnan(value(r"\sqrt{-x}", x=1.0))  # a name's negative value: a real root, as before


@pytest.mark.parametrize(
    "prose",
    [
        r"Let \(z \in \mathbb{R}\), with \(j = \sqrt{-1}\).",
        r"Let \(z \in \mathbb{R}\); here \(j^2 = -1\).",
        r"Let \(z \in \mathbb{R}\), where \(j^{2} = -1\) as engineers write it.",
    ],
)
def test_the_prose_defines_the_imaginary_unit_for_the_listing(tmp_path, prose):
    run = _listing(prose, r"\Require \(z\)" "\n" r"\State \Return \(z j\)", tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no RuntimeWarning of NumPy's on the way
        assert run(z=2.0) == 2j


def test_a_listing_and_a_spec_relation_read_the_square_root_of_minus_one(tmp_path):
    note = _write(
        tmp_path,
        r"""
        ---
        algoverify:
          checks:
            - id: turn
              kind: property
              listing: 1
              claim: "a quarter turn of a point is a product with the unit"
              inputs: {a: "uniform(-1, 1)", b: "uniform(-1, 1)"}
              holds: 'w = \sqrt{-1} (a + \sqrt{-1} b)'
        ---

        A quarter turn of a point is a product with the unit.

        \begin{algorithmic}
        \Require \(a\), \(b\)
        \State \(w \gets -b + a \sqrt{-1}\)
        \State \Return \(w\)
        \end{algorithmic}
        """,
    )
    assert algoverify.load(note).listings[0](a=1.0, b=2.0) == -2 + 1j
    outcome = _outcomes(note)["turn"]
    assert outcome.status == "verified", outcome.message


def test_a_prose_definition_without_a_value_could_not_run_and_warns_nothing(tmp_path):
    run = _listing(
        r"Let \(a \in \mathbb{R}\) and \(c = \sqrt{a}\).", r"\Require \(a\)" "\n" r"\State \Return \(2 c\)", tmp_path
    )
    assert run(a=4.0) == 4.0
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(algoverify.ExecutionError) as caught:
            run(a=-1.0)
    # AV306 (could not run), at the prose: not AV302, which would refute a claim over our reading
    assert caught.value.finding.code == "AV306"
    assert "c, as the prose defines it, has no value here" in caught.value.finding.message


SPEC_NAN = r"""
---
algoverify:
  checks:
    - id: root
      kind: property
      listing: 1
      claim: "The root of the result is at least zero"
      inputs: {x: "uniform(1, 2)"}
      holds: '\sqrt{y} \ge 0'
---

The root of the result is at least zero.

\begin{algorithmic}
\Require \(x\)
\State \(y \gets -x\)
\State \Return \(y\)
\end{algorithmic}
"""

GAPS = """
import numpy as np
from algoverify import register_generator as register


@register()
def with_a_gap(rng, n):
    x = rng.standard_normal(n)
    x[0] = np.nan
    return x
"""

LISTING_NAN = r"""
---
algoverify:
  module: gaps.py
  checks:
    - id: shifted
      kind: property
      listing: 1
      claim: "The shifted total is the total plus three"
      inputs: {x: "with_a_gap(3)"}
      holds: 't = \sum_{i=1}^{3} x_i + 3'
---

The shifted total is the total plus three.

\begin{algorithmic}
\Require \(x\)
\State \(t \gets \sum_{i=1}^{3} (x_i + 1)\)
\State \Return \(t\)
\end{algorithmic}
"""


def test_a_nan_the_relation_makes_could_not_check_and_one_a_listing_returns_refutes_saying_so(tmp_path):
    made = _outcomes(_write(tmp_path, SPEC_NAN, "made.md"))["root"]
    assert made.status == "could not check", made.message
    assert r"\sqrt{y} has no value" in made.message and "invalid value" in made.message
    (tmp_path / "gaps.py").write_text(GAPS, encoding="utf-8")
    came = _outcomes(_write(tmp_path, LISTING_NAN, "came.md"))["shifted"]
    assert came.status == "refuted", came.message  # the listing's NaN is the listing's
    assert "t and x hold NaN (not a number)" in came.message


# --- 2. samples numbered in brackets are a family ------------------------------------------------------


@pytest.mark.parametrize(
    "prose, base, first",
    [
        (r"The samples \(x[0], \dots, x[N-1]\) of a signal are given.", 0, 0),
        (r"Given the readings \(x[1], \dots, x[N]\), the listing adds them.", 1, 1),
    ],
)
def test_a_family_written_with_brackets_sizes_its_vector(tmp_path, prose, base, first, capsys):
    note = _write(
        tmp_path,
        f"---\nalgoverify:\n  index_base: {base}\n---\n\n{prose}\n\n"
        "\\begin{algorithmic}\n"
        f"\\State \\(t \\gets \\sum_{{n={first}}}^{{N - 1 + {first}}} n \\, x[n]\\)\n"
        "\\State \\Return \\(t, N\\)\n"
        "\\end{algorithmic}\n",
    )
    listing = algoverify.load(note).listings[0]
    assert listing(x=np.array([5.0, 6.0, 7.0])) == (6.0 + 14.0 if first == 0 else 5.0 + 12.0 + 21.0, 3)
    assert main(["run", str(note), "--help-inputs"]) == 0
    shown = capsys.readouterr().out
    assert "sizes (from the inputs' shapes" in shown and "N  length of the family x" in shown, shown


DFT = r"""
---
algoverify:
  index_base: 0
  checks:
    - id: same-as-numpy
      kind: reference
      listing: 1
      claim: "It agrees with NumPy's FFT"
      inputs: {M: "integers(1, 9)", s: "randn(M)"}
      reference: numpy.fft.fft
    - id: energy
      kind: property
      listing: 1
      claim: "it keeps the energy"
      inputs: {M: "integers(1, 9)", s: "randn(M)"}
      holds: '\sum_{m=0}^{M-1} \lvert s[m] \rvert^{2} = \frac{1}{M} \sum_{k=0}^{M-1} \lvert S[k] \rvert^{2}'
---

Take the \(M\) samples \(s[0], \dots, s[M-1]\) of a signal, with \(j = \sqrt{-1}\) as engineers write it.

\begin{algorithmic}
\State \(w \gets e^{-2 \pi j / M}\)
\For{\(k = 0, \dots, M - 1\)}
  \State \(S[k] \gets \sum_{m=0}^{M-1} s[m] \, w^{k m}\)
\EndFor
\State \Return \(S\)
\end{algorithmic}

It agrees with NumPy's FFT, and it keeps the energy.
"""


def test_a_transform_written_with_j_and_bracketed_samples_runs_and_verifies(tmp_path):
    note = _write(tmp_path, DFT)
    s = np.array([1.0, -2.0, 0.5, 3.0])
    np.testing.assert_allclose(algoverify.load(note).listings[0](s=s), np.fft.fft(s))  # M is s's length
    found = _outcomes(note)
    assert {k: o.status for k, o in found.items()} == {"same-as-numpy": "verified", "energy": "verified"}, {
        k: o.message for k, o in found.items()
    }


# --- 3. a denied property is no precondition -----------------------------------------------------------


#: prose → what it says of B that a run tests on entry
DENIALS = [
    (r"Let \(B \in \mathbb{R}^{n \times n}\) be symmetric (not necessarily positive definite).", {"symmetric"}),
    (r"Let \(B \in \mathbb{R}^{n \times n}\) be symmetric, not necessarily positive definite.", {"symmetric"}),
    (r"Let \(B \in \mathbb{R}^{n \times n}\) be symmetric (it need not be positive definite).", {"symmetric"}),
    (r"Let \(B \in \mathbb{R}^{n \times n}\) be symmetric and not positive definite in general.", {"symmetric"}),
    (r"Let \(B \in \mathbb{R}^{n \times n}\) be symmetric, neither positive definite nor invertible.", {"symmetric"}),
    (r"Let \(B\) be a not necessarily positive definite symmetric matrix.", {"symmetric"}),
    (r"Let \(B \in \mathbb{R}^{n \times n}\) be not necessarily symmetric positive definite.", set()),
    # what is not denied is still said
    (r"Let \(B \in \mathbb{R}^{n \times n}\) be symmetric positive definite.", {"positive definite"}),
    (r"Let \(B \in \mathbb{R}^{n \times n}\) be symmetric positive definite; the listing does not change it.",
     {"positive definite"}),
    (r"Let \(B \in \mathbb{R}^{n \times n}\) be not assumed to be invertible, and be symmetric.", {"symmetric"}),
]  # fmt: skip


def _said_of_b(prose: str, tmp_path: Path) -> set[str]:
    run = _listing(prose, r"\Require \(B\)" "\n" r"\State \Return \(B_{1,1}\)", tmp_path)
    broken = set()
    for key, B in (("positive definite", [[-1.0, 0.0], [0.0, 1.0]]), ("symmetric", [[1.0, 2.0], [0.0, 1.0]])):
        try:
            run(B=np.array(B))
        except algoverify.ExecutionError as exc:
            assert exc.finding.code == "AV309", exc
            broken.add(key)
    return {"positive definite"} if broken == {"positive definite", "symmetric"} else broken  # not symmetric: not SPD


def test_a_property_the_prose_denies_is_not_a_precondition(tmp_path):
    wrong = [(prose, said, _said_of_b(prose, tmp_path)) for prose, said in DENIALS]
    assert not [w for w in wrong if w[1] != w[2]], wrong


# --- 4. set-up sentences are not claims ------------------------------------------------------------------

#: sentence → whether it states something a check could test
SENTENCES = [
    # an equation number in parentheses, a citation's volume and year, a value fixed in an aside: no claim
    (r"This is Algorithm 5.2 of the textbook, with the start of their (5.14).", False),
    (r"The method goes back to the survey (*ACM Computing Surveys* 21, 1989) and is simple.", False),
    (r"The scheme was first analysed (Smith and Jones, *J. Numer. Anal.* 7:12–30, 1971).", False),
    (r"A filter of order two with coefficients \(c_1, c_2\) (the leading one normalised to \(c_0 = 1\)) is used.",
     False),
    (r"A monic polynomial (\(p_n = 1\)) of degree \(n\) is given.", False),
    (r"The weights (with \(w_0 = 1\) and \(w_1 = 2\)) come from the table.", False),
    (r"See (3) for the update.", False),
    # claims, kept
    (r"After the loop the residual is tiny (\(r \le 10^{-8}\)).", True),
    (r"The loop ends (so \(r = 0\) at the end).", True),
    (r"The loop ends with \(r = 0\).", True),
    (r"Each pass costs 45 multiplications (Smith, 2003).", True),
    (r"The update (see (5.14)) never increases the energy.", True),
    (r"With \(a_0 = 1\) fixed, the output is exactly the input.", True),
]  # fmt: skip


def test_set_up_sentences_are_no_claims_and_claims_stay_claims():
    wrong = [(sentence, claim, cues(sentence)) for sentence, claim in SENTENCES if bool(cues(sentence)) != claim]
    assert not wrong, wrong
