r"""Rounds 149 and after (new users' notes, written from the docs alone): what they found, held.

The fixtures are ours, written for these tests after the shape of a listing a round wrote.
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import written_note

import algoverify
from algoverify import api

VERLET = r"""---
title: t
algoverify:
  checks:
    - id: harmonic
      kind: property
      listing: 1
      claim: 'For the force of a spring the new velocity averages the two forces.'
      inputs: {d: "integers(2, 3)", x: "randn(d)", v: "randn(d)", h: "uniform(0.01, 0.1)", m: "uniform(0.5, 2)"}
      let: {<let>}
      holds: "v' = v <sign> \\frac{h}{2} (x + x') / m"
    - id: reversible
      kind: property
      as: S
      claim: 'One step from the end with the velocity reversed comes back.'
      draw: {d: "integers(2, 3)", x: "randn(d)", v: "randn(d)", h: "uniform(0.01, 0.1)", m: "uniform(0.5, 2)"}
      let:
        <let>
        y: 'S(x, v, h)_{1}'
        w: 'S(x, v, h)_{2}'
      holds: 'S(y, -w, h)_{1} = x \land S(y, -w, h)_{2} = -v'
---

Let \(U : \mathbb{R}^{d} \to \mathbb{R}\) be a potential and \(F = <field>\) the force it
exerts on a particle of mass \(m > 0\). For the force of a spring the new velocity averages
the two forces. One step from the end with the velocity reversed comes back.

\begin{algorithmic}[1]
\Require position \(x \in \mathbb{R}^{d}\), velocity \(v \in \mathbb{R}^{d}\), time step \(h > 0\)
\State \(a \gets F(x) / m\)
\State \(x' \gets x + h v + \frac{h^{2}}{2} a\)
\State \(a' \gets F(x') / m\)
\State \(v' \gets v + \frac{h}{2} (a + a')\)
\State \Return \(x', v'\)
\end{algorithmic}
"""


def _verlet(tmp_path, field, let, sign="-"):
    text = VERLET.replace("<field>", field).replace("<let>", let).replace("<sign>", sign)
    return written_note(tmp_path, text)


@pytest.mark.parametrize("field", [r"-\nabla U", r"-\nabla_x U"])
@pytest.mark.parametrize("let", ["'F(z)': '-z'", "'U(z)': '\\frac{1}{2} \\lVert z \\rVert^{2}'"])
@pytest.mark.parametrize(("sign", "status"), [("-", "verified"), ("+", "refuted")])
def test_a_function_the_check_lets_stands_for_the_prose_definition_of_it(tmp_path, field, let, sign, status):
    # round 149: F = -\nabla U in the prose and `let: F(z): -z` in the check: the listing still asked for
    # U (missing input U; with a bare \nabla, "needs a subscript") and no check ran
    report = api.check([_verlet(tmp_path, field, let, sign)])
    statuses = {o.check.id: o.status for o in report.notes[0].outcomes}
    assert statuses == {"harmonic": status, "reversible": "verified"}, report.notes[0].outcomes


@pytest.mark.parametrize("field", [r"-\nabla U", r"-\nabla_x U"])
def test_a_gradient_field_the_listing_applies_is_the_field_at_the_argument(tmp_path, field):
    # round 149: F = -\nabla_x U applied as F(x') was the gradient at x times x', a number
    # the checks give U: the listing takes it and differentiates it
    (listing,) = algoverify.load(_verlet(tmp_path, field, "'U(z)': '\\frac{1}{2} \\lVert z \\rVert^{2}'")).listings
    assert "U" in listing.inputs and "F" not in listing.inputs
    x, v = np.array([1.0, 2.0]), np.array([0.0, 1.0])
    spring = listing.run({"x": x, "v": v, "h": 0.1, "m": 1.0, "U": lambda z: 0.5 * float(z @ z)})
    assert spring.finding is None, spring.finding
    x1, v1 = spring.value
    assert np.allclose(x1, x + 0.1 * v - 0.005 * x, atol=1e-6)
    assert np.allclose(v1, v - 0.05 * (x + x1), atol=1e-6)


SELECT = r"""---
title: t
---

Let \(A\) be an array of \(n\) numbers and \(1 \le k \le n\).

\begin{algorithmic}[1]
\Function{Select}{$A, k$}
    \State $p \gets 1$; $r \gets n$
    \Loop
        \State $q \gets \Call{Partition}{A, p, r}$
        \If{$k = q$}
            \State \Return $A[q]$
        \ElsIf{$k < q$}
            \State $r \gets q - 1$
        \Else
            \State $p \gets q + 1$
        \EndIf
    \EndLoop
\EndFunction
\Statex
\Function{Partition}{$A, p, r$}
    \State $x \gets A[r]$
    \State $i \gets p - 1$
    \For{$j = p$ \textbf{to} $r - 1$}
        \If{$A[j] \le x$}
            \State $i \gets i + 1$
            \State exchange $A[i]$ with $A[j]$
        \EndIf
    \EndFor
    \State exchange $A[i + 1]$ with $A[r]$
    \State \Return $i + 1$
\EndFunction
\end{algorithmic}
"""


def test_an_array_a_called_function_rearranges_is_the_callers_array(tmp_path):
    # round 152: q \gets \Call{Partition}{A, p, r} ran Partition's exchanges on a copy of A, and Select
    # read the old A[q]: a true claim ("Select returns the k-th smallest") was refuted
    select = algoverify.load(written_note(tmp_path, SELECT)).listing("Select")
    values = np.array([0.3, 0.04, 2.5, -1.0, 0.7, 0.2])
    for k in range(1, len(values) + 1):
        assert select(A=values, k=k) == np.sort(values)[k - 1]
    assert list(values) == [0.3, 0.04, 2.5, -1.0, 0.7, 0.2]  # the caller's own array is never changed


STEFFENSEN = r"""---
title: t
algoverify:
  checks:
    - id: cosine
      kind: property
      listing: 1
      claim: 'For the cosine it finds the Dottie number.'
      inputs: {p_0: "uniform(0, 1)", TOL: 1e-12, N_0: 100}
      let: {'g(t)': '\cos(t)'}
      holds: '\lvert p - 0.7390851332151607 \rvert \le 10^{-9}'
---

Let \(g\) be a continuous function with a fixed point \(p = g(p)\), and let \(p_0\) approximate it.
For the cosine it finds the Dottie number.

\begin{algorithmic}[1]
\Require function \(g\), initial approximation \(p_0\), tolerance \(\mathrm{TOL}\), iterations \(N_0\)
\State \(i \gets 1\)
\While{\(i \le N_0\)}
    \State \(p_1 \gets g(p_0)\)
    \State \(p_2 \gets g(p_1)\)
    \If{\(p_2 - 2 p_1 + p_0 = 0\)}
        \State \Return \(p_1\)
    \EndIf
    \State \(p \gets p_0 - (p_1 - p_0)^2 / (p_2 - 2 p_1 + p_0)\)
    \If{\(\lvert p - p_0 \rvert < \mathrm{TOL}\)}
        \State \Return \(p\)
    \EndIf
    \State \(i \gets i + 1\)
    \State \(p_0 \gets p\)
\EndWhile
\end{algorithmic}
"""


def test_a_fixed_point_equation_in_the_prose_neither_defines_nor_declares_its_name(tmp_path):
    # round 151: "a fixed point p = g(p)" made p a prose definition (AV303 p is not defined, lint clean),
    # then an input the checks had to draw
    note = written_note(tmp_path, STEFFENSEN)
    (listing,) = algoverify.load(note).listings
    assert "p" not in listing.inputs
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


ROOTS = r"""---
title: t
algoverify:
  checks:
    - id: residuals
      kind: property
      listing: 1
      claim: 'Every returned approximation is a root.'
      inputs: {n: "integers(1, 5)", a: "randn(n)", epsilon: 1e-12, K: 500}
      let: {'p(z)': 'z^{n} + \sum_{j=1}^{n} a_j z^{j-1}'}
      holds: '\forall k \in \{1, \dots, n\}: \lvert p(z_k) \rvert \le 10^{-6}'
---

Let \(p\) be a monic polynomial of degree \(n\) with coefficients \(a_1, \dots, a_n\).
<since> \(p(z) = \prod_{j=1}^{n} (z - \zeta_j)\) for the roots \(\zeta_j\), we correct all
approximations at once. They start from the powers of \(0.4 + 0.9 i\), where \(i^2 = -1\). Every
returned approximation is a root.

\begin{algorithmic}[1]
\Require coefficients \(a_1, \dots, a_n\), tolerance \(\epsilon > 0\), sweeps \(K\)
\For{\(k = 1, \dots, n\)}
  \State \(z_k \gets (0.4 + 0.9 i)^{k-1}\)
\EndFor
\For{\(m = 1, \dots, K\)}
  \For{\(k = 1, \dots, n\)}
    \State \(w_k \gets p(z_k) / \prod_{j \ne k} (z_k - z_j)\)
  \EndFor
  \State \(z \gets z - w\)
  \If{\(\max_k \lvert w_k \rvert < \epsilon\)}
    \State \Return \(z_1, \dots, z_n\)
  \EndIf
\EndFor
\State \Return \(z_1, \dots, z_n\)
\end{algorithmic}
"""


@pytest.mark.parametrize("since", ["Since", "Because"])
def test_a_fact_an_argument_uses_is_no_definition_and_the_checks_function_is_called(tmp_path, since):
    # round 150: "Since p(z) = ∏ (z - ζ_j) for the roots ζ_j" was p's definition, and the listing ran it
    # (AV303 ζ is not defined) even where the check's let: gave p
    note = written_note(tmp_path, ROOTS.replace("<since>", since))
    (listing,) = algoverify.load(note).listings
    assert "p" not in (listing.context.functions if listing.context else {})
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == "verified", outcome.message


FIB = r"""---
title: t
algoverify:
  checks:
    - id: cassini
      kind: property
      as: Fib
      listing: 1
      claim: "Cassini's identity holds."
      inputs: {n: "integers(1, 30)"}
      holds: '<holds>'
---

Cassini's identity holds.

\begin{algorithmic}[1]
\Function{Fib}{$n$}
  \State $a \gets 0$; $b \gets 1$
  \For{$i = 1$ \textbf{to} $n$}
    \State $(a, b) \gets (b, a + b)$
  \EndFor
  \State \Return $a, b$
\EndFunction
\end{algorithmic}
"""


@pytest.mark.parametrize(
    ("holds", "status"),
    [
        (r"Fib(n)_{2} (Fib(n)_{2} - Fib(n)_{1}) - Fib(n)_{1}^{2} = (-1)^{n}", "verified"),
        (r"Fib(n)_{2} (Fib(n)_{2} - Fib(n)_{1}) - Fib(n)_{1}^{2} = (-1)^{n+1}", "refuted"),
        (r"Fib(n)_{1}^{2} + Fib(n)_{2}^{2} = Fib(2 n + 1)_{1}", "verified"),
    ],
)
def test_a_component_of_a_call_raised_or_times_a_group_is_the_components(tmp_path, holds, status):
    # round 153: Fib(n)_{1}^{2} read as Fib times (n_1)^2, Fib(n)_{2} (…) as Fib times n_2 applied to (…):
    # "AV306 (n)_{2} indexes a scalar value"
    (outcome,) = api.check([written_note(tmp_path, FIB.replace("<holds>", holds))]).notes[0].outcomes
    assert outcome.status == status, outcome.message


ADAGRAD = r"""---
title: t
algoverify:
  checks:
    - id: first-step
      kind: property
      listing: 1
      claim: 'The first step moves every coordinate by the step size.'
      inputs: {n: "integers(1, 6)", d: "uniform(0.1, 10, n)", x_0: "randn(n)", eta: "uniform(0.01, 1)", T: 1}
      given: '\min_i \lvert x_{0,i} \rvert > 0'
      holds: '\forall i \in \{1, \dots, n\} : \lvert x_i - x_{0,i} \rvert = \eta'
    - id: curvature-free
      kind: property
      as: F
      listing: 1
      claim: 'The iterates do not depend on the curvatures.'
      inputs: {n: "integers(1, 6)", d: "uniform(0.1, 10, n)", x_0: "randn(n)", eta: "uniform(0.01, 1)", T: 3}
      draw: {c: "uniform(0.1, 10, n)"}
      given: '\min_i \lvert x_{0,i} \rvert > 0'
      holds: '<holds>'
---

Let \(D = \operatorname{diag}(d)\) with \(d \in \mathbb{R}^n\) positive. The first step moves every
coordinate by the step size. The iterates do not depend on the curvatures.

\begin{algorithmic}[1]
\Require step size \(\eta > 0\), initial point \(x_0\), steps \(T\), curvatures \(d\)
\State \(x \gets x_0\)
\State \(G \gets 0\)
\For{\(t = 1, \dots, T\)}
    \State \(g \gets d \odot x\)
    \State \(G \gets G + g \odot g\)
    \State \(x \gets x - \frac{\eta}{\sqrt{G}} \odot g\)
\EndFor
\State \Return \(x\)
\end{algorithmic}
"""


def test_an_entry_of_a_numbered_vector_is_read_from_that_vector(tmp_path):
    # round 152: x_{0,i} beside the vector x_0 was entry (0, i) of the listing's x ("x is not defined",
    # "i indexes x, which is a 1 array")
    note = written_note(tmp_path, ADAGRAD.replace("<holds>", r"F(\eta, x_0, T, d) = F(\eta, x_0, T, c)"))
    outcomes = {o.check.id: o for o in api.check([note]).notes[0].outcomes}
    assert outcomes["first-step"].status == "verified", outcomes["first-step"].message
    assert outcomes["curvature-free"].status == "verified", outcomes["curvature-free"].message


@pytest.mark.parametrize(
    ("holds", "finding"),
    [
        (r"\lVert F(c, x_0, \eta, 3) \rVert \ge 0", True),  # c is η by its place, d by the names around it
        (r"F(d, x_0, \eta, 3) = F(c, x_0, \eta, 3)", False),  # the first names all but T: the second follows it
        (r"F(d, x_0, \eta, T) = F(c, x_0, \eta, 3)", False),  # the first call names all: the second follows it
        (r"F(\eta, x_0, 3, d) = F(\eta, x_0, 3, c)", False),  # in the listing's order
        (r"F(d, x_0, \eta, T) = F(T, x_0, \eta, d)", False),  # every argument named: placed by name
        (r"F(d, x_0, \eta, T) = F(c, x_0, \eta, T)", False),  # one left over goes where it must
    ],
)
def test_arguments_placed_neither_by_name_nor_by_place_are_said_at_lint(tmp_path, holds, finding):
    # round 152: F(c, x_0, \eta, 0, T) gave c to η by its place, though the names around it said otherwise
    note = written_note(tmp_path, ADAGRAD.replace("<holds>", holds))
    said = [f for f in api.lint([note]).all_findings() if f.code == "AV502"]
    assert bool(said) is finding, said
    if finding:
        assert "write every argument in its order (eta, x_0, T, d), or name all but one" in said[0].message
        (outcome,) = [o for o in api.check([note]).notes[0].outcomes if o.check.id == "curvature-free"]
        assert outcome.status == "could not check", outcome.message


BARYCENTRIC = r"""---
title: t
---

\begin{algorithmic}[1]
\Require distinct nodes \(x_0, \dots, x_n\), values \(f_0, \dots, f_n\), a point \(<point>\)
\For{\(j = 0, \dots, n\)}
  \State \(w_j \gets 1 / \prod_{k \ne j} (x_j - x_k)\)
\EndFor
\State \(p \gets \left( \sum_{j=0}^{n} \frac{w_j}{<point> - x_j} f_j \right) / \left( \sum_{j=0}^{n} \frac{w_j}{<point> - x_j} \right)\)
\State \Return \(p\)
\end{algorithmic}
"""


def test_a_value_named_as_a_family_in_one_require_is_said_at_lint(tmp_path):
    # round 153: "nodes x_0, …, x_n, … a point x": the point vanished from the inputs, and lint advised
    # drawing x as a sequence, which then refuted three true claims
    note = written_note(tmp_path, BARYCENTRIC.replace("<point>", "x"))
    (finding,) = [f for f in api.lint([note]).all_findings() if f.code == "AV204"]
    assert finding.message.startswith(r"ambiguous: x is both a value and the name of the family x_0, \dots, x_n")
    assert api.load(note).report.note.source.line_col(finding.span.start) == (6, 1)
    other = written_note(tmp_path, BARYCENTRIC.replace("<point>", "t"), "other.md")
    assert not [f for f in api.lint([other]).all_findings() if f.code == "AV204"]
    (listing,) = algoverify.load(other).listings
    assert listing(x=np.array([0.0, 1.0, 2.0]), f=np.array([1.0, 3.0, 9.0]), t=0.5) == pytest.approx(1.5)  # 1 + 2 t^2


@pytest.mark.parametrize(
    ("written", "summed"),
    [
        (r"x_1 + x_2 + \dots + x_n", r"\sum_{k=1}^n x_k"),
        (r"p_1 + \dots + p_k", r"\sum_{j=1}^k p_j"),
        (r"c_0 + c_1 x + \dots + c_m x^m", r"\sum_{k=0}^m c_k x^{k}"),
        (r"z^n + a_{n-1} z^{n-1} + \dots + a_1 z + a_0", r"z^{n} + \sum_{k=0}^{n - 1} a_k z^{k}"),
        (
            r"\tfrac{1}{2} y_0 + y_1 + \dots + y_{n-1} + \tfrac{1}{2} y_n",
            r"\frac{1}{2} y_0 + \sum_{k=1}^{n - 1} y_k + \frac{1}{2} y_n",
        ),
        (r"1 + x + x^2 + \dots + x^{n}", r"1 + \sum_{k=1}^n x^{k}"),
        (r"F_{k_1} + F_{k_2} + \dots + F_{k_r}", r"\sum_{j=1}^r F_{k_j}"),
        (r"a_1 b_2 + \dots + a_n b_{n+1}", r"\sum_{k=1}^n a_k b_{k + 1}"),
    ],
)
def test_a_sum_written_with_dots_is_the_sum_it_abbreviates(written, summed):
    # round 150: "p(z) = z^n + a_{n-1} z^{n-1} + \dots + a_0" had "no value here" (AV308), and the author
    # rewrote the textbook's polynomial as a \sum
    from algoverify.math.dotted import dotted_sum
    from algoverify.math.latex import to_latex
    from algoverify.math.mathexpr import parse_math

    assert to_latex(dotted_sum(parse_math(written))) == summed


@pytest.mark.parametrize(
    "written",
    [
        r"x_1 - x_2 + \dots + x_n",  # signs that alternate: no one pattern on both sides
        r"a_1 z^2 + \dots + a_n z^{n}",  # the index and the power move apart
        r"x_1 + \dots",  # nothing after the dots
        r"x + y + \dots + w",  # no index at all
    ],
)
def test_a_sum_with_dots_no_one_index_explains_is_left_as_written(written):
    from algoverify.math.dotted import dotted_sum
    from algoverify.math.mathexpr import parse_math

    assert dotted_sum(parse_math(written)) is None


def test_a_polynomial_written_out_in_the_prose_runs_where_the_listing_calls_it(tmp_path):
    # round 150: Durand–Kerner with the textbook's p(z) = z^n + a_{n-1} z^{n-1} + \dots + a_0 in the prose
    # and the coefficients a_0, …, a_{n-1} in \Require
    text = (
        ROOTS.replace("coefficients \\(a_1, \\dots, a_n\\)", "coefficients \\(a_0, \\dots, a_{n-1}\\)", 2)
        .replace("\\sum_{j=1}^{n} a_j z^{j-1}", "\\sum_{j=0}^{n-1} a_j z^{j}")
        .replace(
            "Let \\(p\\) be a monic polynomial",
            "Let \\(p(z) = z^n + a_{n-1} z^{n-1} + \\dots + a_1 z + a_0\\) be a monic polynomial",
        )
        .replace("<since>", "Since")
    )
    spec_end = text.index("---\n", 4)
    # a second check, with no let: of its own, calls the prose's polynomial
    second = (
        "    - id: sum\n      kind: property\n      listing: 1\n      claim: 'The approximations sum to the root sum.'\n"
        '      inputs: {n: "integers(1, 5)", a: "randn(n)", epsilon: 1e-12, K: 500}\n'
        "      holds: '\\left\\lvert \\sum_{k=1}^{n} z_k + a_{n-1} \\right\\rvert \\le 10^{-8}'\n"
    )
    text = text[:spec_end] + second + text[spec_end:]
    text = text.replace(
        "Every\nreturned approximation is a root.",
        "Every\nreturned approximation is a root. The approximations sum to the root sum.",
    )
    note = written_note(tmp_path, text)
    outcomes = {o.check.id: o for o in api.check([note]).notes[0].outcomes}
    assert {k: o.status for k, o in outcomes.items()} == {"residuals": "verified", "sum": "verified"}, outcomes


def test_a_complex_output_prints_as_a_number():
    # round 150: `run` printed [np.complex128(1+0j), np.complex128(2+0j)]
    from algoverify.running.stepper import format_value

    assert format_value([np.complex128(1 + 0j), np.complex128(2 - 1.5j)]) == "[1+0j, 2-1.5j]"
    assert format_value([np.int64(3), np.float64(0.5)]) == "[3, 0.5]"


def test_a_run_that_fails_in_a_formula_of_the_prose_refutes_nothing(tmp_path):
    # round 150 (on the way to a fix): an index past the end in the prose's own p(z), read for the run,
    # was "refuted": a failure of algoverify's reading of the prose is could not check
    text = ROOTS.replace("<since>", "Since").replace(
        "Let \\(p\\) be a monic polynomial",
        "Let \\(p(z) = z^n + \\sum_{j=1}^{n+1} a_j z^{j-1}\\) be a monic polynomial",
    )
    spec_end = text.index("      let:")
    text = text[:spec_end] + text[text.index("      holds:") :]  # the check gives no p of its own
    (outcome,) = api.check([written_note(tmp_path, text)]).notes[0].outcomes
    assert outcome.status == "could not check", outcome.message
    assert "in the prose, as algoverify read it for the run" in outcome.message


CRT = r"""---
title: t
algoverify:
  module: crt_checks.py
  checks:
    - id: solves
      kind: property
      listing: 1
      claim: 'The result solves every congruence.'
      inputs: {k: "integers(1, 4)", m: "coprime_moduli(k)", a: "residues(m)"}
      holds: '(\forall i \in \{1, \dots, k\}: x \equiv a_i \pmod{m_i}) \land 0 \le x \land x < M'
    - id: shift
      kind: property
      listing: 1
      as: f
      claim: 'Shifting each residue by its modulus changes nothing.'
      inputs: {k: "integers(1, 4)", m: "coprime_moduli(k)", a: "residues(m)"}
      holds: 'f(m, a + m) = f(m, a)'
---

The result solves every congruence. Shifting each residue by its modulus changes nothing.

\begin{algorithmic}[1]
\Require pairwise coprime moduli \(m_1, \dots, m_k \ge 2\), residues \(a_1, \dots, a_k\)
\Ensure \(x\) with \(0 \le x < M\) and \(x \equiv a_i \pmod{m_i}\) for all \(i\)
\State \(M \gets \prod_{i=1}^{k} m_i\)
\State \(x \gets 0\)
\For{\(i = 1, \dots, k\)}
    \State \(M_i \gets M / m_i\)
    \State \(y_i \gets M_i^{-1} \bmod m_i\)
    \State \(x \gets x + a_i M_i y_i\)
\EndFor
\State \Return \(x \bmod M\)
\end{algorithmic}
"""
CRT_MODULE = """
import math
from algoverify import register_generator


@register_generator()
def coprime_moduli(rng, k):
    chosen = []
    for q in rng.permutation([2, 3, 4, 5, 7, 9, 11, 13]):
        if all(math.gcd(int(q), c) == 1 for c in chosen):
            chosen.append(int(q))
        if len(chosen) == int(k):
            break
    return chosen


@register_generator()
def residues(rng, m):
    return [int(rng.integers(-2 * mi, 2 * mi + 1)) for mi in m]
"""


def test_the_chinese_remainder_construction_reads_as_number_theory(tmp_path):
    # round 156: M_i^{-1} \bmod m_i of moduli held as floats was the real 1/M_i; the claim's x (the \Ensure's) read
    # the loop's x before the final \bmod M; a + m of the generators' lists joined them: three true claims refuted
    (tmp_path / "crt_checks.py").write_text(CRT_MODULE)
    note = written_note(tmp_path, CRT)
    outcomes = {o.check.id: o.status for o in api.check([note]).notes[0].outcomes}
    assert outcomes == {"solves": "verified", "shift": "verified"}
    (listing,) = algoverify.load(note).listings
    assert listing(m=np.array([3.0, 5.0, 7.0]), a=np.array([2.0, 3.0, 2.0])) == 23
    with pytest.raises(algoverify.ExecutionError, match="AV309"):
        listing(m=np.array([1, 5]), a=np.array([1, 2]))  # "m_1, …, m_k ≥ 2" is a precondition on each


def test_whole_numbers_a_require_lists_with_one_bound_are_all_integers(tmp_path):
    # round 154: "\Require integers \(u, v \ge 0\)" made u an integer and v a real
    text = "---\ntitle: t\n---\n\n\\begin{algorithmic}[1]\n\\Require integers \\(u, v \\ge 0\\)\n\\State \\Return \\(u + v\\)\n\\end{algorithmic}\n"
    (listing,) = algoverify.load(written_note(tmp_path, text)).listings
    with pytest.raises(algoverify.ExecutionError, match="AV309"):
        listing(u=6, v=2.5)
    assert listing(u=6, v=2) == 8


KNAPSACK = r"""---
title: t
---

\begin{algorithmic}[1]
\Require weights \(w_1, \dots, w_n\); values \(v_1, \dots, v_n \ge 0\)
\State \Return \(\sum_{i=1}^{n} w_i v_i\)
\end{algorithmic}
"""


@pytest.mark.parametrize(
    ("w", "v", "said"),
    [
        ([2.0, 3.0], [3.0, 4.0], None),
        ([2.0, 3.0], [-3.0, 4.0], "AV309"),  # "v_1, …, v_n ≥ 0" was dropped, and v with it
        ([2.0, 3.0], [3.0, 4.0, 5.0], "AV307"),  # two families of n members, given 2 and 3
    ],
)
def test_a_bound_written_on_a_family_holds_of_each_member(tmp_path, w, v, said):
    # round 155: the knapsack's "values \(v_1, \dots, v_n \ge 0\)" made v no family and tested nothing
    (listing,) = algoverify.load(written_note(tmp_path, KNAPSACK)).listings
    result = listing.run({"w": np.array(w), "v": np.array(v)})
    assert (result.finding.code if result.finding else None) == said, result.finding


@pytest.mark.parametrize(
    ("written", "read"),
    [
        (r"(2n + 1) [(2n)!]^{2}", "(juxt (+ (juxt 2 n) 1) (pow (fact (juxt 2 n)) 2))"),
        (r"a \left[ b - n \right]^{2}", "(juxt a (pow (- b n) 2))"),
        (r"c x[n]^{2}", "(juxt c (pow (index x n) 2))"),
        (r"x[n]^{2}", "(pow (index x n) 2)"),
    ],
)
def test_the_scripts_after_a_bracket_are_the_last_factors(written, read):
    # round 157: Gauss–Legendre's error (2n + 1) [(2n)!]^2 was ((2n + 1) (2n)!)^2, and a true formula refuted
    from algoverify.math.mathexpr import dump, parse_math

    assert dump(parse_math(written)) == read


def test_a_sentence_goes_on_past_an_article_number(tmp_path):
    # round 156: "(Gauss, Disquisitiones, art. 36) is explicit" was split after "art.", and "36) …" a claim
    text = "---\ntitle: t\n---\n\nThe construction (Gauss, art. 36) is explicit and fits in 36 lines.\n"
    said = [f.message for f in api.lint([written_note(tmp_path, text)]).all_findings() if f.code == "AV604"]
    assert said and all(m.startswith("claim not checked: “The construction") for m in said), said
