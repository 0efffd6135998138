"""``algoverify mutate``: the operators, the equivalence test, the scoring, the command.

The notes here are small and written for these tests: one listing, a sum of squares, judged
either by a check that pins its output (strong) or by one that only asks for a sign (weak).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from algoverify import api
from algoverify.cli import main
from algoverify.mutation import scoring
from algoverify.mutation.equivalence import equivalent
from algoverify.mutation.operators import OPERATORS, mutants

LISTING = r"""
\begin{algorithmic}[1]
\Require vector \(x \in \mathbb{R}^{n}\), weight \(w\)
\State \(s \gets 0\)
\For{\(i = 1, \dots, n\)}
    \State \(s \gets s + w x_i^{2}\)
\EndFor
\State \(t \gets s / n - 1\)
\Return \(s, t\)
\end{algorithmic}
"""

STRONG = r"""    - id: pinned
      kind: property
      listing: 1
      inputs: {n: "integers(1, 6)", x: "randn(n)", w: "uniform(0.5, 2)"}
      holds: 's = w \sum_{i=1}^{n} x_i^{2} \wedge t = s / n - 1'
"""

WEAK = r"""    - id: signed
      kind: property
      listing: 1
      inputs: {n: "integers(1, 6)", x: "randn(n)", w: "uniform(0.5, 2)"}
      holds: 's \geq 0'
"""


def _note(folder: Path, checks: str, name: str = "squares.md") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "algoverify.toml").write_text("")
    path = folder / name
    path.write_text(
        f"---\ntitle: squares\nalgoverify:\n  checks:\n{checks}---\n\n"
        f"The weighted sum of squares of \\(x = (x_1, \\dots, x_n)\\).\n{LISTING}"
    )
    return path


def _written_mutants(tmp_path: Path, prose: str, listing: str) -> tuple[str, list]:
    """The text of a note of ``prose`` and ``listing``, and the mutants of its listing."""
    (tmp_path / "algoverify.toml").write_text("")
    path = tmp_path / "note.md"
    path.write_text(f"---\ntitle: t\n---\n\n{prose}\n{listing}")
    text = path.read_text()
    return text, mutants(api.load(path).listing(1).algorithm, text, 1)


def _mutants(tmp_path: Path) -> tuple[str, list]:
    path = _note(tmp_path, STRONG)
    loaded = api.load(path)
    text = path.read_text()
    return text, mutants(loaded.listing(1).algorithm, text, 1)


@pytest.mark.parametrize(
    ("operator", "description", "line"),
    [
        ("operator", "+ → -", 18),
        ("operator", "/ → \\cdot", 20),
        ("operator", "- → +", 20),
        ("bound", "n → n - 1", 17),
        ("bound", "1 → 1 + 1", 17),
        ("constant", "0 → 1", 16),
        ("constant", "2 → 4", 18),
        ("constant", "1 → 0", 17),
        ("term", "s + w x_i^{2} → s (drops w x_i^{2})", 18),
        ("term", "s + w x_i^{2} → w x_i^{2} (drops s)", 18),
        ("term", "s / n - 1 → s / n (drops 1)", 20),
        ("swap", "s / n → n / s", 20),
        ("swap", "s / n - 1 → 1 - (s / n)", 20),
        ("variable", "w → s", 18),
        ("variable", "s → i", 18),
        ("statement", "dropped: \\State \\(s \\gets 0\\)", 16),
        ("loop", "moved into the loop: \\State \\(t \\gets s / n - 1\\)", 19),
    ],
)
def test_each_operator_makes_its_mutant_at_the_line_it_changes(tmp_path, operator, description, line):
    text, found = _mutants(tmp_path)
    made = {(m.operator, m.description, text[: m.span.start].count("\n") + 1): m for m in found}
    assert (operator, description, line) in made, sorted(made)
    mutant = made[(operator, description, line)]
    changed = mutant.apply(text)
    assert changed != text and len(changed.splitlines()) >= len(text.splitlines()) - 1


def test_mutants_change_values_never_targets_and_come_in_operator_order(tmp_path):
    text, found = _mutants(tmp_path)
    assert [m.operator for m in found] == sorted((m.operator for m in found), key=OPERATORS.index)
    for m in found:
        for edit in m.edits:
            # no edit starts inside the text of a target (`s \gets`, `t \gets`)
            before = text[: edit.span.start]
            assert not before.endswith(("\\(s", "\\(t")), m
    # the returned names are the listing's outputs: replacing one would change its interface
    assert not any(m.operator == "variable" and "Return" in text[m.span.start - 12 : m.span.start] for m in found)


def test_a_condition_is_negated_and_its_boundary_moved(tmp_path):
    path = tmp_path / "loop.md"
    path.write_text(
        "---\ntitle: l\n---\n\n\\begin{algorithmic}[1]\n\\Require \\(n\\)\n\\State \\(k \\gets 0\\)\n"
        "\\While{\\(k < n\\)}\n    \\State \\(k \\gets k + 1\\)\n\\EndWhile\n\\Return \\(k\\)\n\\end{algorithmic}\n"
    )
    text = path.read_text()
    found = mutants(api.load(path).listing(1).algorithm, text, 1)
    conditions = {m.description for m in found if m.operator == "condition"}
    assert conditions == {"< → \\geq (negated)", "< → \\leq (boundary)"}
    moved = [m for m in found if m.operator == "loop"]
    assert [m.description for m in moved] == []  # the loop's one statement stays: a body cannot be emptied


@pytest.mark.parametrize(
    ("before", "after", "same"),
    [
        (r"\lVert w - \lambda v \rVert", r"\lVert \lambda v - w \rVert", True),  # a norm does not see the sign
        (r"\lvert a - b \rvert", r"\lvert b - a \rvert", True),
        (r"\tau \lambda", r"\lambda \tau", True),  # scalars commute
        (r"A B", r"B A", False),  # matrices (one capital letter) do not
        (r"a - b", r"b - a", False),
        (r"x + 0", r"x", True),
        (r"\frac{a}{b}", r"a / b", True),
        (r"2 x", r"x + x", True),
        (r"x_{i-1}", r"x_{i}", False),  # an entry is a function of its index
        (r"a < b", r"b > a", True),  # the same relation, turned round
        (r"a < b", r"a \leq b", False),
        (r"f(x)", r"g(x)", False),
        (r"\sum_{i=1}^{d} (x_i - \mu)^{2}", r"\sum_{i=1}^{d} (\mu - x_i)^{2}", True),  # a square of the opposite
        (r"\sum_{i=1}^{d} x_i", r"\sum_{i=1}^{d - 1} x_i", False),
        (r"\sum_{i} x_i", r"\sum_{i} x_i + 0", False),  # no limits written: not read, never claimed
        # sympy cannot simplify a sum over entries of a matrix (PolynomialError): no proof, never a crash
        (r"\sum_{i=1}^{m} y_i", r"\sum_{i=1}^{m} P_i", False),
    ],
)
def test_equivalence_is_claimed_only_on_a_proof(before, after, same):
    from algoverify.mutation.operators import Edit, Mutant
    from algoverify.source import Span
    from algoverify.syntax import ir

    text = f"\\({before}\\)"
    segment = ir.Math(Span(2, 2 + len(before)), before)
    mutant = Mutant(1, "test", "", (Edit(Span(2, 2 + len(before)), after),), segment)
    assert equivalent(mutant, text) is same


def test_a_statement_mutant_is_never_called_equivalent(tmp_path):
    text, found = _mutants(tmp_path)
    dropped = next(m for m in found if m.operator == "statement")
    assert dropped.segment is None and equivalent(dropped, text) is False


@pytest.mark.slow
def test_a_strong_check_kills_what_a_weak_one_lets_survive(tmp_path):
    strong = scoring.mutate([_note(tmp_path / "strong", STRONG)], jobs=2, cache=False)
    weak = scoring.mutate([_note(tmp_path / "weak", WEAK)], jobs=2, cache=False)
    (s,), (w,) = strong.listings, weak.listings
    assert s.checks == ("pinned",) and w.checks == ("signed",)
    assert s.score is not None and w.score is not None
    survivors = [j for j in s.judged if j.status == scoring.SURVIVED]
    # t \gets s / n - 1 moved into the loop computes on its last pass what it computed after it: the one
    # mutant no check can tell from the listing, shown with the lines it moves between
    assert [j.mutant.description for j in survivors] == ["moved into the loop: \\State \\(t \\gets s / n - 1\\)"]
    assert survivors[0].before == "line 20: \\State \\(t \\gets s / n - 1\\)"
    assert survivors[0].after == "line 19: \\State \\(t \\gets s / n - 1\\)"
    assert s.score >= 0.9
    assert w.score <= 0.5
    # what survives the weak check is shown with its line, before and after
    survivor = next(j for j in w.judged if j.status == scoring.SURVIVED and j.mutant.description == "- → +")
    assert (survivor.line, survivor.column) == (20, 24)
    assert survivor.before == "\\State \\(t \\gets s / n - 1\\)"
    assert survivor.after == "\\State \\(t \\gets s / n + 1\\)"
    assert survivor.why == "every check held (1)"
    # the operators that make no runnable listing are stillborn, counted on neither side
    for judged in s.judged:
        if judged.status == scoring.STILLBORN:
            assert re.search(r"\bAV\d{3}\b", judged.why), judged.why  # lint's finding, or the name no run found


@pytest.mark.slow
def test_the_command_scores_replays_from_the_cache_and_fails_below_the_threshold(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("ALGOVERIFY_NO_CACHE", raising=False)
    path = _note(tmp_path / "weak", WEAK)
    status = main(["mutate", str(path), "--format", "json", "--jobs", "2", "--no-progress"])
    data = json.loads(capsys.readouterr().out)
    assert status == 0  # no --min-score: a report
    (listing,) = data["listings"]
    assert listing["mutants"] == len(listing["results"]) > 10
    assert listing["score"] == pytest.approx(listing["killed"] / (listing["killed"] + listing["survived"]))
    assert data["replayed"] == 0 and data["mutants_run"] > 0
    status = main(["mutate", str(path), "--min-score", "0.99", "--no-progress"])
    captured = capsys.readouterr()
    assert status == 1
    assert "replayed from the cache" in captured.out  # the second run reads each mutant back
    assert "is below --min-score 0.99" in captured.err
    assert path.read_text().count("\\State") == 3  # the note itself is never modified
    hidden = list((tmp_path / "weak" / ".algoverify_cache" / "mutants").rglob("squares.md"))
    assert hidden, "the mutants are kept under the project's cache folder"


def test_a_note_without_a_listing_check_is_not_scored_and_the_command_says_so(tmp_path, capsys):
    path = tmp_path / "plain.md"
    path.write_text("---\ntitle: p\n---\n\nNo listing here.\n")
    status = main(["mutate", str(path), "--no-progress"])
    captured = capsys.readouterr()
    assert status == 1
    assert f"{path}: not mutated: it has no listing" in captured.out
    assert "nothing to score" in captured.err


def test_min_score_must_be_a_fraction(capsys):
    assert main(["mutate", "x.md", "--min-score", "90"]) == 2
    assert "must be from 0 to 1" in capsys.readouterr().err


FAMILY = r"""
\begin{algorithmic}[1]
\Require signal \(x_1, \dots, x_n\), largest lag \(\tau_{\max} > 0\)
\State \(S \gets 0\)
\For{\(i = 1, \dots, n\)}
  \State \(S \gets S + x_i^{2}\)
  \State \(\sigma_i^2 \gets S / \tau_{\max}\)
\EndFor
\State \Return \(\sigma_1^2, \dots, \sigma_n^2\)
\end{algorithmic}
"""


def test_a_name_written_with_its_power_or_a_word_subscript_is_never_split(tmp_path):
    text, found = _written_mutants(tmp_path, "A running sum of squares over \\(\\tau_{\\max}\\).", FAMILY)
    made = {(m.operator, m.description, text[: m.span.start].count("\n") + 1) for m in found}
    line = {row.strip(): k for k, row in enumerate(text.splitlines(), 1)}
    squares = line[r"\State \(S \gets S + x_i^{2}\)"]
    # the 2 of x_i^{2} is a number; the 2 of \sigma_i^2 is a letter of the family's name, assigned and returned
    assert ("constant", "2 → 4", squares) in made
    assert not any(d == "2 → 4" and at != squares for op, d, at in made if op == "constant")
    # \tau_{\max} is one name: neither its \tau nor its \max is put in another's place, nor replaced;
    # nor is the letter of a returned family, nor \sigma alone (no name without its power)
    variables = [d for op, d, _ in made if op == "variable"]
    assert variables and not any(w in d for d in variables for w in ("\\max", "\\tau", "\\sigma")), variables


def _judged_on(outcomes: list, tmp_path: Path, monkeypatch) -> scoring.Judged:
    from types import SimpleNamespace

    monkeypatch.setattr(scoring, "_lint_errors", lambda path, original: [])  # lint has nothing new to say
    _, found = _mutants(tmp_path)
    judged = scoring.Judged(found[0], scoring.SURVIVED)
    scoring._judge(judged, SimpleNamespace(outcomes=outcomes, path=tmp_path / "m.md"), set())
    return judged


def _cannot(ran: int | None, message: str = "trial 1: the listing failed at line 5:3: AV305 shape mismatch"):
    from algoverify.checking.outcome import CANNOT, Outcome

    return Outcome(None, CANNOT, message, 0.0, 1, [], {} if ran is None else {"_ran": ran})


@pytest.mark.parametrize(
    ("ran", "status"),
    [
        ((0,), scoring.STILLBORN),  # no draw ran through: the mutant runs on no input
        ((0, 0), scoring.STILLBORN),
        ((0, 3), scoring.SURVIVED),  # one check ran on three draws, then stopped: a stop that depends on the draw
        ((4,), scoring.SURVIVED),
        ((None,), scoring.SURVIVED),  # a check that stopped before its trials (no count): nothing said of the runs
    ],
)
def test_a_mutant_that_runs_on_no_draw_is_stillborn_one_that_stops_on_some_survives(ran, status, tmp_path, monkeypatch):
    judged = _judged_on([_cannot(r) for r in ran], tmp_path, monkeypatch)
    assert judged.status == status
    if status == scoring.STILLBORN:
        assert judged.why == "it ran on no input drawn: trial 1: the listing failed at line 5:3: AV305 shape mismatch"
    else:
        assert "could not check: trial 1: the listing failed" in judged.why


@pytest.mark.parametrize(
    ("statement", "always"),
    [
        (r"\State \(y \gets x_{n + 1}\)", True),  # past the end on every draw
        (r"\State \(y \gets x_{4}\)", False),  # past the end only when n < 4
    ],
)
def test_a_check_that_could_not_check_says_how_many_draws_ran_before(statement, always, tmp_path):
    (tmp_path / "algoverify.toml").write_text("")
    path = tmp_path / "reads.md"
    path.write_text(
        "---\ntitle: r\nalgoverify:\n  checks:\n    - id: read\n      kind: property\n      listing: 1\n"
        '      inputs: {n: "integers(1, 8)", x: "randn(n)"}\n      holds: "y = y"\n---\n\n'
        "A read of a vector \\(x\\).\n\n\\begin{algorithmic}[1]\n\\Require vector \\(x \\in \\mathbb{R}^{n}\\)\n"
        f"{statement}\n\\State \\Return \\(y\\)\n\\end{{algorithmic}}\n"
    )
    (note,) = api.check([path], isolate=False, cache=False).notes
    (outcome,) = note.outcomes
    assert outcome.status == "could not check", outcome.message
    ran = outcome.details["_ran"]
    assert (ran == 0) is always, (ran, outcome.message)


@pytest.mark.parametrize(
    ("statement", "code"),
    [
        (r"\State \(t \gets \left[ \frac{1}{s} \max \right]\)", "AV201"),  # a mutant that no longer parses
        (r"\State \(t \gets s + q\)", "AV303"),  # a name nothing defines
        (r"\State \(t \gets \lvert \{ k : s \ge 1 \} \rvert\)", "AV308"),  # notation that cannot run
        (r"\State \(t \gets s\)" "\n" r"\State , \(t \gets 2 t\)", "AV304"),  # a fragment left in words
    ],
)
def test_what_lint_says_will_not_run_makes_a_mutant_stillborn(tmp_path, statement, code):
    (tmp_path / "algoverify.toml").write_text("")
    path = tmp_path / "m.md"
    path.write_text(
        "A sum.\n\n\\begin{algorithmic}\n\\Require \\(s\\)\n"
        f"{statement}\n\\State \\Return \\(t\\)\n\\end{{algorithmic}}\n"
    )
    assert code in [f.code for f in scoring._lint_errors(path, set())]


TWO_ON_A_LINE = r"""
\begin{algorithmic}[1]
\Require \(x_1, \dots, x_n\), a modulus \(p\)
\State \(a \gets 0\); \(b \gets 1\)
\For{\(i = 1, \dots, n\)}
  \State \(a \gets a + x_i\), \(b \gets (b + a)/q\)
\EndFor
\State \Return \(a, b\)
\end{algorithmic}
"""


def test_a_mutant_is_always_well_formed_latex(tmp_path):
    # round 68: `/` → \cdot gave `\cdotq_i` (an unknown macro); dropping the first of two statements on a
    # line left `, \(b \gets …\)`: both were counted survived
    text, found = _written_mutants(tmp_path, "Two sums of \\(x_1, \\dots, x_n\\) and \\(q\\).", TWO_ON_A_LINE)
    made = {
        m.description: m.apply(text).splitlines()[text[: m.span.start].count("\n")]
        for m in found
        if m.operator in ("operator", "statement")
    }
    assert made["/ → \\cdot"].endswith(r"\(b \gets (b + a)\cdot q\)")
    assert made["dropped: \\State \\(a \\gets 0\\)"] == r"\State \(b \gets 1\)"
    assert made["dropped: \\(b \\gets 1\\)"] == r"\State \(a \gets 0\)"
    assert made["dropped: \\State \\(a \\gets a + x_i\\)"] == r"  \State \(b \gets (b + a)/q\)"
    assert made["dropped: \\(b \\gets (b + a)/q\\)"] == r"  \State \(a \gets a + x_i\)"
    for description, line in made.items():
        assert not re.search(r"\\[A-Za-z]+[a-z]_|State\s*[,;]", line), (description, line)
