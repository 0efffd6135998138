r"""Readings of combinatorial textbooks (issue 19), from notes a new user wrote (round 39).

A recursive listing's variables, as a check's formula reads them, are its outermost call's. The
fixtures are our own text.
"""

from __future__ import annotations

import pytest
from helpers import property_spec, prose_note

from algoverify import api

HALVING = r"""
\Function{Halve}{\(x\)}
  \State \(n \gets \operatorname{len}(x)\)
  \If{\(n > 1\)}
    \State \(y \gets \Call{Halve}{x_{1:n-1}}\)
  \EndIf
  \State \Return \(x\)
\EndFunction
"""


def _statuses(note):
    return [o.status for n in api.check([note]).notes for o in n.outcomes]


def test_a_recursive_listings_variable_in_a_check_is_the_outermost_calls(tmp_path):
    # the innermost call leaves n = 1: a claim over i = 1, …, n - 1 read there would hold vacuously
    spec = property_spec("every entry exceeds the next", "{x: 'randn(5)'}", r"\forall i = 1, \dots, n - 1 : x_i > x_{i+1}")
    note = prose_note(tmp_path, "The array \\(x\\) is any list; every entry exceeds the next.", HALVING, spec)
    assert _statuses(note) == ["refuted"]


def test_the_outermost_calls_value_also_verifies(tmp_path):
    spec = property_spec("the length is read", "{x: 'randn(5)'}", r"n = 5")
    note = prose_note(tmp_path, "The array \\(x\\) is any list; the length is read.", HALVING, spec)
    assert _statuses(note) == ["verified"]


FAMILY_IN_INTERVAL = r"""
\Require sizes \(s_1, \dots, s_n \in (0, 1]\)
\State \Return \(s_1\)
"""


def test_a_family_in_an_interval_is_checked_on_entry(tmp_path):
    note = prose_note(tmp_path, "The items have sizes between 0 and 1.", FAMILY_IN_INTERVAL)
    listing = api.load(note).listings[0]
    bad = listing.run({"s": [0.5, 1.5]})
    assert bad.finding is not None and bad.finding.code == "AV309"
    assert (bad.finding.span.start, bad.finding.span.end) == (
        note.read_text().index("s_1, \\dots"),
        note.read_text().index("]\\)") + 1,
    )
    assert listing.run({"s": [0.5, 1.0]}).finding is None


def test_a_family_in_an_interval_is_never_shrunk_out_of_it(tmp_path):
    # uniform(0, 1) shrinks toward 0.0, outside (0, 1]: such a counterexample is no counterexample
    spec = property_spec("every size is positive", "{n: 'integers(1, 5)', s: 'uniform(0, 1, n)'}", r"s_1 > 0")
    note = prose_note(tmp_path, "The items have sizes between 0 and 1; every size is positive.", FAMILY_IN_INTERVAL, spec)
    assert _statuses(note) == ["verified"]


def test_whole_number_members_are_checked_on_entry(tmp_path):
    note = prose_note(tmp_path, "The keys are counts.", "\\Require \\(k_1, \\dots, k_m \\in \\mathbb{N}\\)\n\\State \\Return \\(k_1\\)")
    listing = api.load(note).listings[0]
    assert listing.run({"k": [1.5, 2]}).finding.code == "AV309"
    assert listing.run({"k": [1, 2]}).finding is None


def test_columns_the_require_names_are_never_a_second_input(tmp_path):
    # round 38's Hutchinson: "probes z_1, …, z_m ∈ {−1, 1}ⁿ" in the prose, Z = [z_1, …, z_m] in \Require
    note = prose_note(
        tmp_path,
        r"Draw \(m\) probes \(z_1, \dots, z_m \in \{-1, 1\}^{n}\), the columns of a matrix.",
        r"""
\Require \(B \in \mathbb{R}^{n \times n}\), probes \(Z = [z_1, \dots, z_m]\)
\State \(t \gets 0\)
\For{\(i = 1, \dots, m\)}
  \State \(t \gets t + z_i^{\top} B z_i\)
\EndFor
\State \Return \(t / m\)
""",
    )
    listing = api.load(note).listings[0]
    assert listing.inputs == ("B", "Z")
    assert listing.run({"B": [[2.0, 1.0], [0.0, 1.0]], "Z": [[1.0], [1.0]]}).value == 4.0


MERGE_AND_COUNT = r"""
\Function{Merge}{\(A, B\)}
  \State \(m \gets |A|\), \(k \gets |B|\)
  \State \Return \(a_m + b_k\)
\EndFunction
\Function{Outer}{\(L\)}
  \State \(n \gets |L|\)
  \State \Return \(\Call{Merge}{L, L} + a_n\)
\EndFunction
"""


def test_a_list_written_as_its_entries_and_its_length_by_bars(tmp_path):
    # L = (a_1, …, a_n) and, for Merge, A = (a_1, …, a_m): in Merge the a_i are A's, in Outer L's;
    # n \gets |L| with L of n entries is its length, never its absolute values
    note = prose_note(
        tmp_path,
        r"Given a sequence \(L = (a_1, \dots, a_n)\) of \(n\) numbers, let \(A = (a_1, \dots, a_m)\) and "
        r"\(B = (b_1, \dots, b_k)\) be two lists.",
        MERGE_AND_COUNT,
    )
    merge, outer = (api.load(note).listings[0].function(name) for name in ("Merge", "Outer"))
    assert merge(A=[-1.0, -2.0], B=[5.0]) == 3.0
    assert outer(L=[1.0, -4.0, 2.0]) == 6.0


@pytest.mark.parametrize(
    ("prose", "sorted_said"),
    [
        (r"The number of inversions measures how far \(L\) is from sorted order.", False),
        (r"The list \(L\) is further than one swap from sorted.", False),
        (r"The list \(L\) is sorted.", True),
    ],
)
def test_sorted_after_from_or_than_is_not_said_of_the_name(tmp_path, prose, sorted_said):
    note = prose_note(tmp_path, prose, "\\Require a list \\(L\\)\n\\State \\Return \\(L_1\\)")
    run = api.load(note).listings[0].run({"L": [3.0, 1.0]})
    assert (run.finding is not None and run.finding.code == "AV309") == sorted_said


INNER_CONTRACT = r"""
\Function{Outer}{\(L\)}
  \State \Return \(\Call{Inner}{-L}\)
\EndFunction
\Function{Inner}{\(x\)}
  \State \Return \(x\)
\EndFunction
"""


def test_a_call_that_breaks_its_callees_precondition_refutes_and_is_never_a_skipped_draw(tmp_path):
    spec = property_spec("the result is positive", "{L: 'uniform(1, 2, 3)'}", r"result_1 > 0").replace(
        "listing: 1", "listing: Outer"
    )
    note = prose_note(
        tmp_path,
        r"The procedure Inner takes a non-negative vector \(x\); the result is positive.",
        INNER_CONTRACT,
        spec,
    )
    (outcome,) = api.check([note]).notes[0].outcomes
    assert outcome.status == "refuted" and "in a call the listing makes" in outcome.message


def test_a_quotient_of_integers_that_divide_exactly_stays_an_exact_integer(tmp_path):
    # Cohen's q \gets q / 2 and n^{(p-1)/2}: floats would overflow 2^{5003} and lose q's digits
    note = prose_note(
        tmp_path,
        r"Let \(p\) be an odd prime.",
        r"""
\Require an odd prime \(p\)
\State \(q \gets p - 1\); \(e \gets 0\)
\While{\(q\) is even}
  \State \(q \gets q / 2\); \(e \gets e + 1\)
\EndWhile
\State \Return \(q, e, 2^{(p-1)/2} \bmod p\)
""",
    )
    q, e, euler = api.load(note).listings[0].run({"p": 10007}).value
    assert (q, e) == (5003, 1) and type(q) is int
    assert euler == pow(2, 5003, 10007)


def test_a_number_and_the_family_of_its_members_are_kept_apart(tmp_path):
    # Knuth's Zeckendorf: the index k walks down; k_r \gets k keeps each one, returned as k_1, …, k_r
    note = prose_note(
        tmp_path,
        r"Every positive integer is \(F_{k_1} + \dots + F_{k_r}\) for the indices \(k_1 > \dots > k_r\).",
        r"""
\Require an integer \(n \ge 1\)
\State \(F_0 \gets 0\); \(F_1 \gets 1\); \(k \gets 1\)
\While{\(F_k \le n\)}
  \State \(F_{k+1} \gets F_k + F_{k-1}\); \(k \gets k + 1\)
\EndWhile
\State \(r \gets 0\); \(m \gets n\)
\While{\(m > 0\)}
  \While{\(F_k > m\)}
    \State \(k \gets k - 1\)
  \EndWhile
  \State \(r \gets r + 1\); \(k_r \gets k\); \(m \gets m - F_k\)
\EndWhile
\State \Return \(k_1, \dots, k_r\)
""",
    )
    assert list(api.load(note).listings[0].run({"n": 100}).value) == [11, 6, 4]  # 89 + 8 + 3


def test_a_time_and_the_times_written_with_parentheses_are_kept_apart(tmp_path):
    # Kleinberg and Tardos: the start time s, the running finish f, and s(i), f(i) of each job
    spec = property_spec(
        "each job starts when the previous one finishes",
        "{n: 'integers(2, 6)', t: 'uniform(1, 2, n)', s: 'integers(0, 3)'}",
        r"\forall i = 1, \dots, n - 1 : s(i+1) = f(i)",
    )
    note = prose_note(
        tmp_path,
        r"The jobs take times \(t_1, \dots, t_n\) from a start time \(s\); each job starts when the previous one finishes.",
        r"""
\Require lengths \(t_1, \dots, t_n\), start time \(s\)
\State \(f \gets s\)
\For{\(i = 1, \dots, n\)}
  \State \(s(i) \gets f\); \(f(i) \gets f + t_i\)
  \State \(f \gets f + t_i\)
\EndFor
\State \Return \(f\)
""",
        spec,
    )
    assert _statuses(note) == ["verified"]


def test_the_halves_of_a_number_are_its_members(tmp_path):
    note = prose_note(
        tmp_path,
        r"A number \(a\) is split into \(a_1\) and \(a_2\).",
        r"""
\Function{Halves}{\(a\)}
  \State \((a_1, a_2) \gets (a / 2, a / 2)\)
  \State \Return \(a_1 + a_2 + a\)
\EndFunction
""",
    )
    assert api.load(note).listings[0].run({"a": 3.0}).value == 6.0


def test_a_starting_value_the_listing_sets_first_is_never_an_input(tmp_path):
    # round 38's BDF2: "the second starting value y_1 comes from one step of backward Euler"
    note = prose_note(
        tmp_path,
        r"From the initial value \(y_0\), the second starting value \(y_1\) comes from one step of backward Euler.",
        r"""
\Require \(y_0 \in \mathbb{R}\), step size \(h > 0\), number of steps \(N \ge 1\)
\State \(y_1 \gets y_0 / (1 + h)\)
\For{\(n = 0, \dots, N - 2\)}
  \State \(y_{n+2} \gets (4 y_{n+1} - y_n) / (3 + 2 h)\)
\EndFor
\State \Return \(y_N\)
""",
    )
    listing = api.load(note).listings[0]
    assert set(listing.inputs) == {"y_0", "h", "N"}
    assert listing.run({"y_0": 1.0, "h": 1.0, "N": 1}).value == 0.5


@pytest.mark.parametrize("relation", [r"M \approx A", r"M \simeq A", r"M \sim A"])
def test_an_approximate_relation_in_require_is_never_a_precondition(tmp_path, relation):
    # round 38's iterative refinement: "\Require … M ≈ A" drawn as a perturbed A held on no draw
    note = prose_note(
        tmp_path,
        "A solver works with an approximation of the matrix.",
        f"\\Require \\(A \\in \\mathbb{{R}}^{{n \\times n}}\\), \\({relation}\\)\n\\State \\Return \\(M - A\\)",
    )
    listing = api.load(note).listings[0]
    assert set(listing.inputs) == {"A", "M"}
    assert listing.run({"A": [[1.0]], "M": [[1.1]]}).finding is None


@pytest.mark.parametrize(
    ("holds", "status"),
    [(r"a^{(0)}_{12} = A_{12}", "verified"), (r"a^{(0)}_{11} = A_{11} + 1", "refuted")],
)
def test_entries_of_an_input_on_entry_by_the_lowercase_convention(tmp_path, holds, status):
    # round 39's Prüfer: a^{(0)}_{uv} is entry (u, v) of A^{(0)}, the adjacency matrix as given
    spec = property_spec("the first entry is cleared", "{A: 'randn(2, 2)'}", holds)
    note = prose_note(
        tmp_path,
        r"The matrix \(A\) has entries \(a_{ij}\); the first entry is cleared.",
        "\\Require \\(A \\in \\mathbb{R}^{2 \\times 2}\\)\n\\State \\(A_{11} \\gets 0\\)\n\\State \\Return \\(A\\)",
        spec,
    )
    assert _statuses(note) == [status]


def test_a_two_digit_subscript_stores_the_entry_of_a_matrix(tmp_path):
    note = prose_note(
        tmp_path,
        "The matrix is given.",
        "\\Require \\(A \\in \\mathbb{R}^{2 \\times 2}\\)\n\\State \\(A_{21} \\gets 7\\)\n\\State \\Return \\(A\\)",
    )
    assert api.load(note).listings[0].run({"A": [[1.0, 2.0], [3.0, 4.0]]}).value.tolist() == [[1.0, 2.0], [7.0, 4.0]]


@pytest.mark.parametrize(
    ("reference", "status"),
    [
        ("    out = {}\n    for x in e:\n        out[int(x)] = out.get(int(x), 0) + 1\n    return out\n", "verified"),
        ("    return {int(x): 1 for x in e}\n", "refuted"),
    ],
)
def test_a_table_the_listing_returns_is_compared_key_by_key(tmp_path, reference, status):
    # round 39's Lossy Counting returns its counts f_x keyed by element; the reference, a dict
    (tmp_path / "ref.py").write_text("def counts(e):\n" + reference)
    spec = (
        "  module: ref.py\n  checks:\n    - id: r\n      kind: reference\n      listing: 1\n"
        '      claim: "the counts are kept"\n'
        "      inputs: {n: 'integers(1, 12)', e: 'integers(1, 4, n)'}\n      reference: counts\n"
    )
    note = prose_note(
        tmp_path,
        r"The stream \(e_1, \dots, e_n\) has elements in \(\{1, \dots, 4\}\); the counts are kept.",
        r"""
\Require stream \(e_1, \dots, e_n\)
\State \(D \gets \emptyset\)
\For{\(t = 1, \dots, n\)}
  \If{\(e_t \in D\)}
    \State \(f_{e_t} \gets f_{e_t} + 1\)
  \Else
    \State \(D \gets D \cup \{e_t\}\); \(f_{e_t} \gets 1\)
  \EndIf
\EndFor
\State \Return \(f\)
""",
        spec,
    )
    assert _statuses(note) == [status]


def test_a_call_of_swap_exchanges_its_arguments(tmp_path):
    # Myrvold and Ruskey's \Call{swap}{π[n-1], π[r mod n]}: the exchange, when the listing has no swap of its own
    note = prose_note(
        tmp_path,
        r"The permutation \(\pi\) of \(\{0, \dots, n-1\}\) is changed in place.",
        r"""
\Procedure{Unrank}{\(n, r, \pi\)}
  \If{\(n > 0\)}
    \State \Call{swap}{\(\pi[n-1], \pi[r \bmod n]\)}
    \State \Call{Unrank}{\(n - 1, \lfloor r / n \rfloor, \pi\)}
  \EndIf
\EndProcedure
""",
        "  index_base: 0\n",
    )
    assert list(api.load(note).listings[0].run({"n": 3, "r": 1, "pi": [0, 1, 2]}).value) == [2, 0, 1]


def test_parameters_named_like_a_points_coordinates_stay_parameters(tmp_path):
    # Liang–Barsky: "the segment from P_0 = (x_0, y_0) to P_1 = (x_1, y_1)", ClipSegment(x_0, y_0, x_1, y_1)
    spec = property_spec(
        "the start lies right of the left edge",
        "{x_min: 'uniform(-3, -1)', x_0: 'uniform(0, 1)', y_0: 'uniform(0, 1)'}",
        r"x_{\min} \le x_0 + d",
    )
    note = prose_note(
        tmp_path,
        r"The window starts at \(x_{\min}\), the segment at \(P_0 = (x_0, y_0)\); the start lies right of the left edge.",
        r"""
\Function{Gap}{\(x_0, y_0\)}
  \State \(d \gets x_0 - x_{\min}\)
  \State \Return \(d + y_0\)
\EndFunction
""",
        spec,
    )
    assert set(api.load(note).listings[0].inputs) >= {"x_0", "y_0"}
    assert _statuses(note) == ["verified"]
