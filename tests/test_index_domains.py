r"""Issue 19, item 2: a bound index with no written domain, read as a careful reader reads it.

``\{ i : \ell_i = j \}`` runs over the indices of ``\ell``; ``\arg\min_{u : \lnot \mathit{seen}_u} t_u``
over those of ``t`` and ``\mathit{seen}`` that pass; both in the listing's index base. When the
note does not decide the indices (nothing is indexed by the variable, or the arrays disagree),
or nothing is admitted, a located finding says so and how to write it. Proofs refuse these
forms (inconclusive), and the trials decide.

Tables are ``(latex, env, expected with index base 1, expected with index base 0)``; each value is
computed compiled as the interpreter does and with a guard per node (both must agree).
"""

from __future__ import annotations

import re

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import algoverify
from algoverify import api
from algoverify.checking.evidence import proof
from algoverify.checking.evidence.lowering import Inconclusive, Lower
from algoverify.checking.specification.spec import CheckSpec
from algoverify.findings import LocatedError
from algoverify.math.mathexpr import parse_math
from algoverify.math.numeric import Context, compile_expr
from algoverify.math.ops import FiniteSet, Sequence
from algoverify.source import Span

ELL = np.array([2, 1, 2, 3, 2])  # the cluster of each of five points
X = np.array([4.0, -1.0, 0.5, 2.0, 0.5])
SEEN = np.array([True, False, False, True, False])
T = np.array([0.0, 7.0, 3.0, 1.0, 3.0])  # the unseen minimum 3.0 is reached twice: at 3 and at 5


def env(**extra):
    base = dict(ell=ELL, x=X, seen=SEEN, t=T, j=2, S=FiniteSet([2, 3]), K=3)
    base.update(extra)
    return base


def evaluate(latex, variables, index_base):
    """The value of ``latex`` compiled as the interpreter does, and with guards: they must agree."""
    values = []
    for guard in (False, True):
        ctx = Context(declared=set(variables), rtol=0.0, atol=0.0, guard=guard, index_base=index_base)
        values.append(compile_expr(parse_math(latex), ctx)(dict(variables)))
    fast, guarded = values
    assert type(fast) is type(guarded) and fast == guarded, (fast, guarded)
    return fast


def failure(latex, variables, index_base=1):
    """``(code, text under the span, message)`` of the located error ``latex`` raises (guarded or not)."""
    seen = []
    for guard in (False, True):
        ctx = Context(declared=set(variables), guard=guard, index_base=index_base, text=latex)
        with pytest.raises(LocatedError) as info:
            compile_expr(parse_math(latex), ctx)(dict(variables))
        span = info.value.span
        seen.append((info.value.rule.code, latex[span.start : span.end], str(info.value)))
    assert seen[0] == seen[1], seen
    return seen[0]


# --- set-builders without a written domain --------------------------------------------------------

SET_BUILDERS = [
    (r"\{ i : \ell_i = j \}", env(), {1, 3, 5}, {0, 2, 4}),
    (r"\{ i \mid \ell_i = j \}", env(), {1, 3, 5}, {0, 2, 4}),
    (r"\left\{ i \;\middle|\; \ell_i = j \right\}", env(), {1, 3, 5}, {0, 2, 4}),
    (r"\{i : x_i > 0\}", env(), {1, 3, 4, 5}, {0, 2, 3, 4}),
    (r"\{ i : \ell_i = j \land x_i > 1 \}", env(), {1}, {0}),
    (r"\{ i : \ell_i = j, x_i < 1 \}", env(), {3, 5}, {2, 4}),
    (r"\{ i : \lnot \mathit{seen}_i \}", env(), {2, 3, 5}, {1, 2, 4}),
    (r"\{ i : \ell_i = 7 \}", env(), set(), set()),  # nothing passes: the empty set
    (r"\{ i : \ell_i = j, i \notin S \}", env(), {1, 5}, {0, 4}),  # S = {2, 3} holds indices of either base
    (r"\{ k : q_k > 1 \}", env(q=Sequence({1: 2.0, 2: 0.0, 3: 5.0})), {1, 3}, {1, 3}),  # a sequence's own keys
    (r"\lvert \{ i : \ell_i = j \} \rvert", env(), 3, 3),
    (r"\sum_{i \in \{ i : \ell_i = j\}} x_i", env(), 5.0, 5.0),
]


@pytest.mark.parametrize("base", [1, 0])
@pytest.mark.parametrize("latex, variables, one, zero", SET_BUILDERS, ids=[r[0] for r in SET_BUILDERS])
def test_a_set_builder_without_a_domain_runs_over_the_indices_its_condition_indexes(latex, variables, one, zero, base):
    value = evaluate(latex, variables, base)
    expected = one if base == 1 else zero
    assert value == expected
    if isinstance(expected, set):
        assert type(value) is FiniteSet and list(value) == sorted(expected)  # in index order


# the same thing written with its domain, or in a form that already ran: the new form means exactly that
EQUIVALENT = [
    (r"\{ i : \ell_i = j \}", r"\{ i \in \{B, \dots, N\} : \ell_i = j \}"),
    (r"\{ i \mid x_i > 0 \}", r"\{ i \in \{B, \dots, N\} : x_i > 0 \}"),
    (r"\arg\min_{u : \lnot \mathit{seen}_u} t_u", r"\arg\min_{u \in \{B, \dots, N\} : \lnot \mathit{seen}_u} t_u"),
    (r"\max_{u : \lnot \mathit{seen}_u} t_u", r"\max_{u \in \{B, \dots, N\} : \lnot \mathit{seen}_u} t_u"),
    (r"\arg\min_{j : j \in S} x_j", r"\arg\min_{j \in S} x_j"),
    (r"\arg\max_{j : j \notin S} x_j", r"\arg\max_{j \notin S} x_j"),
    (r"\min_{j : j \notin S} x_j", r"\min_{j \notin S} x_j"),
    (r"\arg\min_{j : 1 \le j \le K} x_j", r"\arg\min_{1 \le j \le K} x_j"),
    (r"\arg\max_{j : j \notin S, j \ne 1} x_j", r"\arg\max_{j \notin S \land j \ne 1} x_j"),
]


@pytest.mark.parametrize("base", [1, 0])
@pytest.mark.parametrize("new, known", EQUIVALENT, ids=[r[0] for r in EQUIVALENT])
def test_the_bare_form_equals_the_form_with_its_domain_written(new, known, base):
    known = known.replace("B", str(base)).replace("N", str(len(ELL) - 1 + base))
    assert evaluate(new, env(), base) == evaluate(known, env(), base)


# --- arg min, arg max, min, max with a condition as subscript ---------------------------------------

ARG = [
    (r"\arg\min_{u : \lnot \mathit{seen}_u} t_u", env(), 3, 2),  # the first of two equal minima
    (r"\arg\min_{u : \neg \mathit{seen}_u \land t_u > 3} t_u", env(), 2, 1),
    (r"\arg\min_{u : \lnot \mathit{seen}_u, u \notin S} t_u", env(), 5, 4),
    (r"\arg\max_{j : x_j < 4 \land j \notin S} x_j", env(), 4, 4),  # base 0: j ∈ {1, 4}: x_1 = -1 < x_4 = 0.5
    (r"\mathop{\mathrm{arg\,min}}_{j : x_j > 0} x_j", env(), 3, 2),  # 0.5 at 3 and at 5: the first
    (r"\operatorname*{arg\,max}_{u : \lnot \mathit{seen}_u} t_u", env(), 2, 1),
    (r"\operatorname{argmin}_{u : u \ne 1} t_u", env(), 4, 0),
    (r"\arg\max_{j} D_{1, j}", env(D=np.array([[0.0, 3.0, 1.0], [9.0, 0.0, 0.0]])), 2, 0),  # over the columns of D
    (r"\operatorname{argmax}(x)", env(), 1, 0),  # of a vector: the index of its largest entry
    (r"\mathrm{argmin}(t)", env(), 1, 0),
    (r"\max_{u : \lnot \mathit{seen}_u} t_u", env(), 7.0, 7.0),
    (r"\min_{u : u \ne 1, \lnot \mathit{seen}_u} t_u", env(), 3.0, 3.0),
    (r"\sum_{u : \lnot \mathit{seen}_u} t_u", env(), 13.0, 13.0),
]


@pytest.mark.parametrize("base", [1, 0])
@pytest.mark.parametrize("latex, variables, one, zero", ARG, ids=[r[0] for r in ARG])
def test_arg_min_and_max_over_a_condition(latex, variables, one, zero, base):
    value = evaluate(latex, variables, base)
    assert value == (one if base == 1 else zero)
    if "arg" in latex:
        assert type(value) is int


def test_argmax_called_as_a_function_counts_from_the_index_base():
    # \mathit{argmax}(x) is the function argmax of FUNCTIONS, \operatorname{argmax}(x) the operator
    for latex in (r"\mathit{argmax}(x)", r"\operatorname{argmax}(x)", r"\mathrm{argmin}(t) + 0"):
        assert [evaluate(latex, env(), base) for base in (1, 0)] == [1, 0], latex


# --- what the note does not decide, and what admits nothing: located findings -----------------------

FINDINGS = [
    # (latex, env, index base, code, the text the finding points at, words of its message)
    (
        r"y + \{ i : \ell_i = x_i \}",
        env(x=np.array([1.0, 2.0])),
        1,
        "AV308",
        r"\{ i : \ell_i = x_i \}",
        r"the arrays it indexes by i disagree (\ell from 1 to 5; x from 1 to 2); write \{i \in \{1, \dots, n\} : …\}",
    ),
    (
        r"y + \{ i : \ell_i = x_i \}",
        env(x=np.array([1.0, 2.0])),
        0,
        "AV308",
        r"\{ i : \ell_i = x_i \}",
        r"(\ell from 0 to 4; x from 0 to 1); write \{i \in \{0, \dots, n - 1\} : …\}",
    ),
    (
        r"\{ i : j > 0 \}",
        env(),
        1,
        "AV308",
        r"\{ i : j > 0 \}",
        r"does not say which indices i runs over: nothing in it indexes an array by i",
    ),
    (r"\{i : 1 \le i \le K\}", env(), 1, "AV308", r"\{i : 1 \le i \le K\}", r"write \{i \in \{1, \dots, n\} : …\}"),
    (
        r"1 + \arg\min_{u : \lnot \mathit{seen}_u} t_u",
        env(t=np.array([1.0, 2.0])),
        1,
        "AV308",
        r"\arg\min_{u : \lnot \mathit{seen}_u} t_u",
        r"(t from 1 to 2; \mathit{seen} from 1 to 5); write \arg\min_{u \in \{1, \dots, n\} : …}",
    ),
    (
        r"\max_{u : u \ne j} 1",
        env(),
        0,
        "AV308",
        r"\max_{u : u \ne j} 1",
        r"write \max_{u \in \{0, \dots, n - 1\} : …}",
    ),
    (
        r"\arg\min_{k} d_k",
        env(d={1: 2.0}),
        1,
        "AV308",
        "d_k",
        "k indexes d, which is a dict value ({1: 2.0}): it has no indices for k to run over",
    ),
    (
        r"2 \cdot \arg\min_{u : \lnot \mathit{seen}_u} t_u",
        env(seen=np.ones(5, dtype=bool)),
        1,
        "AV306",
        r"\arg\min_{u : \lnot \mathit{seen}_u} t_u",
        r"\arg\min over an empty set has no value: no u from 1 to 5 satisfies \lnot \mathit{seen}_u",
    ),
    (
        r"\arg\max_{j \notin S} x_j",
        env(S=FiniteSet([0, 1, 2, 3, 4])),
        0,
        "AV306",
        r"\arg\max_{j \notin S} x_j",
        r"\arg\max over an empty set has no value: no j from 0 to 4 satisfies j \notin S",
    ),
    (
        r"\arg\min_{j \in S} x_j",
        env(S=FiniteSet()),
        1,
        "AV306",
        r"\arg\min_{j \in S} x_j",
        r"\arg\min over an empty set has no value: S is empty",
    ),
    (
        r"\min_{j \in S : x_j > 9} x_j",
        env(),
        1,
        "AV306",
        r"\min_{j \in S : x_j > 9} x_j",
        r"no element of S satisfies x_j > 9",
    ),
    (
        r"\arg\min_{j=1}^{0} x_j",
        env(),
        1,
        "AV306",
        r"\arg\min_{j=1}^{0} x_j",
        r"\arg\min over an empty set has no value: j runs from 1 to 0",
    ),
    (
        r"\operatorname{argmin}(z)",
        env(z=np.array([])),
        1,
        "AV306",
        r"\operatorname{argmin}(z)",
        r"\arg\min over an empty set has no value: z has no entries",
    ),
]


@pytest.mark.parametrize(
    "latex, variables, base, code, text, words", FINDINGS, ids=[f"{r[0]}|{r[2]}" for r in FINDINGS]
)
def test_an_undecided_or_empty_domain_is_a_located_finding(latex, variables, base, code, text, words):
    got_code, got_text, message = failure(latex, dict(variables, y=FiniteSet()), base)
    assert (got_code, got_text) == (code, text)
    assert words in message, message


# --- properties ---------------------------------------------------------------------------------------

masks = st.integers(1, 12).flatmap(
    lambda n: st.tuples(
        st.lists(st.booleans(), min_size=n, max_size=n),
        st.lists(st.integers(-5, 5).map(float), min_size=n, max_size=n),  # small integers: ties happen
    )
)


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(masks, st.sampled_from([1, 0]))
def test_arg_min_over_a_mask_is_numpys_masked_arg_min(case, base):
    seen, t = np.array(case[0]), np.array(case[1])
    variables = dict(seen=seen, t=t)
    latex = r"\arg\min_{u : \lnot \mathit{seen}_u} t_u"
    free = np.flatnonzero(~seen)
    if free.size == 0:
        assert failure(latex, variables, base)[0] == "AV306"
        return
    expected = int(free[np.argmin(t[free])]) + base  # np.argmin: the first of equal minima
    assert evaluate(latex, variables, base) == expected
    assert evaluate(r"\arg\max_{u : \mathit{seen}_u = \textbf{false}} (-t_u)", variables, base) == expected


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(st.lists(st.integers(1, 4), min_size=1, max_size=15), st.integers(0, 5), st.sampled_from([1, 0]))
def test_a_set_builder_is_flatnonzero_plus_the_base(labels, j, base):
    ell = np.array(labels)
    got = evaluate(r"\{ i : \ell_i = j \}", dict(ell=ell, j=j), base)
    assert got == set((np.flatnonzero(ell == j) + base).tolist())
    assert list(got) == sorted(got)  # in index order
    assert evaluate(r"\lvert \{ i \mid \ell_i = j \} \rvert", dict(ell=ell, j=j), base) == int(np.sum(ell == j))


# --- a listing, end to end: one step of k-means ------------------------------------------------------

KMEANS = r"""\begin{algorithmic}[1]
\Require points \(x \in \mathbb{R}^{n \times d}\), centres \(c \in \mathbb{R}^{K \times d}\)
\For{\(i = B, \dots, n - 1 + B\)}
  \State \(\ell_i \gets \arg\min_{j} \lVert x_i - c_j \rVert\) \Comment{the nearest centre}
\EndFor
\For{\(j = B, \dots, K - 1 + B\)}
  \State \(S_j \gets \{ i : \ell_i = j \}\)
  \If{\(\lvert S_j \rvert > 0\)}
    \State \(c_j \gets \frac{1}{|S_j|} \sum_{i \in S_j} x_i\)
  \EndIf
\EndFor
\State \Return \(\ell, c\)
\end{algorithmic}"""


def kmeans_step(x, c, base):
    """One assignment and update step in NumPy, labels counted from ``base``."""
    distances = np.linalg.norm(x[:, None, :] - c[None, :, :], axis=2)
    labels = np.argmin(distances, axis=1)
    c = c.copy()
    for j in range(len(c)):
        if np.any(labels == j):
            c[j] = x[labels == j].mean(axis=0)
    return labels + base, c


@pytest.mark.parametrize("base", [1, 0])
@pytest.mark.parametrize("seed", range(4))
def test_a_k_means_step_runs_as_written(seed, base):
    rng = np.random.default_rng(seed)
    x = np.concatenate([rng.normal(0.0, 0.3, (4, 2)), rng.normal(3.0, 0.3, (5, 2))])
    c = np.array([[0.0, 0.0], [3.0, 3.0], [50.0, 50.0]])  # the third centre attracts nothing: kept
    listing = algoverify.compile(KMEANS.replace("B", str(base)), index_base=base)
    labels, centres = listing(x=x, c=c)
    expected_labels, expected_centres = kmeans_step(x, c, base)
    np.testing.assert_array_equal(labels, expected_labels)
    np.testing.assert_allclose(centres, expected_centres, rtol=1e-12)


def test_a_loop_over_a_set_builder_and_its_findings_in_a_listing():
    latex = "\n".join(
        [
            r"\begin{algorithmic}",
            r"\Require labels \(\ell\), values \(x\), cluster \(j\)",
            r"\State \(s \gets 0\)",
            r"\For{\(i \in \{ i : \ell_i = j \land x_i > 0 \}\)} \State \(s \gets s + x_i\) \EndFor",
            r"\State \(m \gets \arg\max_{i : \ell_i \ne j} x_i\)",
            r"\State \Return \(s, m\)",
            r"\end{algorithmic}",
        ]
    )
    listing = algoverify.compile(latex)
    assert listing(ell=ELL, x=X, j=2) == (5.0, 4)
    assert algoverify.compile(latex, index_base=0)(ell=ELL, x=X, j=2) == (5.0, 3)
    # x shorter than the labels: which indices does i run over? Not a guess: a finding
    with pytest.raises(algoverify.ExecutionError) as info:
        listing(ell=ELL, x=X[:3], j=2)
    assert _where(info.value, latex) == ("AV308", 4, latex.splitlines()[3].index(r"\{ i :") + 1)
    # every label is j: arg max over nothing
    with pytest.raises(algoverify.ExecutionError) as info:
        listing(ell=np.full(5, 2), x=X, j=2)
    assert _where(info.value, latex) == ("AV306", 5, latex.splitlines()[4].index(r"\arg\max") + 1)
    assert r"\arg\max over an empty set has no value: no i from 1 to 5 satisfies \ell_i \ne j" in str(info.value)


def _where(error, latex):
    """``(code, line, column)`` the finding is reported at, as the message prints it."""
    found = re.match(r"<latex>:(\d+):(\d+): (AV\d+)", str(error))
    assert found, str(error)
    line, column = int(found[1]), int(found[2])
    span = error.finding.span
    assert latex[: span.start].count("\n") + 1 == line
    return found[3], line, column


# --- proofs refuse what they cannot lower: the trials decide --------------------------------------

REFUSED = [
    (r"\arg\min_{j} x_j", r"\arg\min (an index chosen by comparing values) is not lowered"),
    (r"\operatorname*{arg\,max}_{j \notin S} x_j", r"\arg\max (an index chosen by comparing values) is not lowered"),
    (r"\min_{j \ne 1} x_j", r"\min over a set or a condition is not lowered"),
    (r"\max_{u : x_u > 0} x_u", r"\max over a set or a condition is not lowered"),
    (r"\sum_{i \in \{ i : \ell_i = j\}} x_i", r"\sum over a set or a condition is not lowered"),
    (r"\lvert \{ i : \ell_i = j \} \rvert", "a set-builder is not lowered (which elements pass depends on the values)"),
]


@pytest.mark.parametrize("latex, why", REFUSED, ids=[r[0] for r in REFUSED])
def test_the_sympy_lowering_refuses_these_forms(latex, why):
    x = sympy.Matrix(sympy.symbols("x1:4", real=True))
    lower = Lower(sympy, {"x": x, "ell": sympy.Matrix([1, 2, 1]), "j": sympy.Integer(1)}, {}, set(), set())
    with pytest.raises(Inconclusive) as info:
        lower.lower(lower.prepare(parse_math(latex)))
    assert str(info.value) == why


def test_a_claim_about_arg_min_is_left_to_the_trials(tmp_path):
    holds = r"x_{\arg\min_{j : x_j \ne 0} x_j} = \min_{j} x_j"
    draw = {"n": "integers(1, 5)", "x": "randn(n)"}
    attempt = proof.prove(CheckSpec("c", "property", Span(0, 0), params=dict(draw=draw, holds=holds)), seconds=60.0)
    assert (attempt.status, attempt.why) == (
        "inconclusive",
        r"\arg\min (an index chosen by comparing values) is not lowered",
    )
    path = tmp_path / "note.md"
    path.write_text(
        "---\ntitle: t\nalgoverify:\n  checks:\n    - id: c\n      kind: property\n"
        f"      draw: {{n: 'integers(1, 5)', x: 'randn(n)'}}\n      given: '\\min_j \\lvert x_j \\rvert > 0'\n"
        f"      holds: '{holds}'\n---\n\nProse.\n"
    )
    (report,) = api.check([path], seed=0).notes
    (outcome,) = report.outcomes
    assert outcome.status == "verified", outcome.message
