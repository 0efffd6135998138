r"""Claims left unchecked (issue 10, item 7): the prose's sentences, the detector of checkable ones, AV604.

Tables: sentences in the style of scientific notes, each labelled by whether it states something a
check could test, give the detector's precision and recall (floors asserted, counts printed with
``-s``); notes built around one construct each give the sentences the splitter finds, with the
line:col of their first character; specs that quote, mark or miss a sentence give their findings.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from algoverify import api
from algoverify.checking.specification.claims import claim_findings
from algoverify.checking.specification.cues import cues
from algoverify.cli import main
from algoverify.reading.blocks import find_blocks
from algoverify.reading.notes import parse_note
from algoverify.reading.prose import sentences

# --- the detector: precision and recall on a table of sentences ------------------------------------

# Written for this table in the style of the notes (true claims, false ones, and sentences that
# mention numbers or such words and claim nothing a check could test). The detector was tuned on the
# first groups; the last twenty-four were written before it was run on them (see the commit message).
CHECKABLE = [
    # a hypothesis that goes on to claim
    r"Let \(A\) be symmetric positive definite; then the iteration converges in at most \(n\) steps.",
    r"We assume that none of them vanishes, which holds for almost every \(b\) when \(k < n\).",
    r"After the last sweep \(r \le 10^{-8}\).",
    r"The estimate is off by a factor \(c \ge 2\) at most.",
    r"The loop always terminates after at most \(\lceil \log_2 n \rceil + 1\) iterations.",
    "Subtracting the largest score leaves the distribution unchanged.",
    "A score of 800 gives the same answer as a score of 0.",
    "The residual never increases from one pass to the next.",
    "The iteration converges to the leading eigenvector from any start with a component along it.",
    "The probabilities sum to one.",
    "The window halves on every pass.",
    r"Shifting every input by \(c\) leaves the output unchanged.",
    r"The estimate is within \(10^{-6}\) of the true value.",
    r"The variance of \(\hat{x}\) is \(1\) up to the effect of \(\epsilon\).",
    r"For every input, \(f(x + c) = f(x)\).",
    "The loss is convex in the weights.",
    "The maximum probability is a monotone function of the temperature.",
    "The Gram matrix is positive semi-definite.",
    "Each micro-batch is evaluated exactly once.",
    "The accumulated gradient equals the full-batch gradient when the micro-batches have equal sizes.",
    "Binary search needs no more than 20 comparisons on a million keys.",
    r"The error drops below \(\tau\) within 50 iterations.",
    "Run as printed, the snippet prints 0.659 and 0.242.",
    "Insertion sort is faster than merge sort on arrays of fewer than 16 elements.",
    r"The smallest eigenvalue of \(G\) is non-negative.",
    "The result does not depend on the order of the micro-batches.",
    r"The number of backward passes is \(k\).",
    "The snippet prints two lines.",
    "Nothing in the computation depends on the other examples in the batch.",
    "The inner optimisation has no local minima.",
    "Dividing the scores by a temperature sharpens or flattens the distribution.",
    r"The step size must satisfy \(\eta < 2 / L\) for gradient descent to converge.",
    r"Doubling \(n\) doubles the running time.",
    r"Quicksort makes \(O(n \log n)\) comparisons on average.",
    r"After the loop, \(\lVert w - \lambda v \rVert \le \tau \lambda\).",
    "The output of the listing is sorted.",
    r"Heap sort uses \(O(1)\) extra memory.",
    r"With a learning rate of 0.1 the loss reaches \(10^{-3}\) after 200 steps.",
    "Dijkstra's algorithm returns the shortest distance from the source to every reachable vertex.",
    "Each edge is relaxed at most once per pass.",
    r"Bellman-Ford stops after \(|V| - 1\) passes.",
    "The Euclidean algorithm needs fewer steps than the subtraction-based variant.",
    "Newton's method converges quadratically near a simple root.",
    "The trapezoid rule is exact for linear functions.",
    r"Kahan summation keeps the error below \(2\varepsilon\) regardless of the length of the input.",
    r"The QR factorisation gives an orthogonal \(Q\).",
    "Merge sort is stable.",
    "The reservoir sample is uniform over the stream.",
    "A ReLU network is piecewise linear in its input.",
    "The geometric mean never exceeds the arithmetic mean.",
    "With momentum 0.9 the effective step is ten times the learning rate.",
    "The KL divergence is zero only when the two distributions coincide.",
    "Clipping the gradient norm to 1 leaves gradients of smaller norm untouched.",
    "The Cholesky factor exists whenever the matrix is symmetric positive definite.",
    "The bisection interval shrinks by half on each iteration.",
    "Reversing a list twice gives back the original list.",
    r"The log-sum-exp of a vector lies between its maximum and its maximum plus \(\log n\).",
    "Adding a constant to every logit changes nothing.",
    r"Horner's scheme evaluates a degree-\(n\) polynomial with \(n\) multiplications.",
    "The Jacobi iteration converges for strictly diagonally dominant matrices.",
    "Swapping two rows flips the sign of the determinant.",
    "The softmax output always lies in the probability simplex.",
    "Counting sort runs in linear time when the keys are small integers.",
    r"The sample variance with \(n - 1\) in the denominator is unbiased.",
    "Gradient clipping by value can change the direction of the gradient.",
    r"The power method's error shrinks like \(|\lambda_2 / \lambda_1|^k\).",
    r"Every comparison sort needs at least \(\log_2 n!\) comparisons in the worst case.",
    r"The trace of \(A\) is the sum of its eigenvalues.",
    "Normalising twice is the same as normalising once.",
    r"With \(\epsilon = 0\) a constant input divides by zero.",
    "The learning-rate schedule is non-increasing.",
    "Cross-validation error is an unbiased estimate of the test error only under exchangeability.",
    "The cosine similarity of a vector with itself is 1.",
    r"Union by rank keeps every tree's height below \(\log_2 n\).",
    "The rotation preserves lengths.",
    "For inputs of size 1000, the vectorised version is about 50 times faster.",
    "The heap property holds after every insertion.",
    "Lowering the temperature below 1 makes the largest probability larger.",
    "Batch normalisation at test time uses the running averages, so the output of one example does not depend on the rest of the batch.",
    r"The fixed point of the iteration is the square root of \(a\).",
    "Each pass moves the largest remaining element to the end of the array.",
    "A symmetric matrix has real eigenvalues.",
    "The midpoint rule integrates linear functions without error.",
    "After the first pass the vector has unit norm.",
    r"The recursion depth of quicksort can reach \(n\) on sorted input.",
    "The modified Gram-Schmidt process produces columns that are orthogonal to machine precision.",
    "Rescaling the features by a positive constant does not move the decision boundary of the classifier.",
    r"The loss decreases monotonically when the step size is below \(1/L\).",
    "Insertion into a binary search tree keeps the in-order traversal sorted.",
    "The Adam update is invariant to a rescaling of the gradient.",
    "The dropout mask is resampled on every forward pass, so the expected activation equals the input.",
    "Floyd's cycle detection uses two pointers and finds the cycle in linear time.",
    "The Hessian of a convex function is positive semi-definite everywhere.",
    r"Euler's method overshoots the decay when the step exceeds \(2/k\).",
    "The weights produced by the softmax add up to one.",
    "Re-running the sampler with the same seed reproduces the same sequence.",
    r"The rank of \(X X^{\top}\) equals the rank of \(X\).",
    "A single attention head can attend to at most one position with weight above 0.5.",
    r"The interval narrows on every iteration until its width is below \(\tau\).",
    "Transposing twice returns the original matrix.",
    "The cache hit rate improves as the cache grows.",
    r"The determinant of an orthogonal matrix is \(\pm 1\).",
]

NOT_CHECKABLE = [
    r"For \(\rho > 0\) and \(\tau \in [0, 1]\) the smoother minimises the penalised residual below.",
    r"We apply it to a damped spring with stiffness \(k > 0\), step \(h > 0\) and \(M\) steps.",
    r"The filter is run with a forgetting factor \(0 < \lambda \le 1\) on the recorded signal.",
    r"The solver is given a damping factor \(\mu \in (0, 1)\), a cap \(K \ge 1\) on the sweeps and a seed.",
    r"An edge of the path costs \(c > 0\), a turn \(t > 0\) and a stop \(s \ge 0\).",
    r"It stops at a tolerance \(\tau > 0\).",
    # round 130: the ends of sentences a display cut, which set the recursion up
    r"started from \(m_0 = 0\).",
    r"holds, where \(c \in (0, 1)\) is a small constant (typically \(c = 10^{-4}\)).",
    r"The outer iteration stops once the gradient norm falls below a tolerance \(\varepsilon > 0\).",
    "Demo note.",
    "This note demonstrates what the SciDraft Hugo theme can do for academic and scientific publishing — for research institutions, researchers and students.",
    "Its content is demonstration material only: readers should ignore whether the demo content is correct.",
    "Section 3 describes the setup and Figure 2 shows the loop.",
    "The method was introduced in 2019 by Smith et al. [12].",
    "See Equation (3) and Listing 1 for the details.",
    "This note was last updated on 2026-11-09.",
    "We use a learning rate of 0.01 and train for 10 epochs.",
    r"Let \(n \geq 1\) be the number of micro-batches.",
    r"Writing \(M(T) = \max_v p^{(T)}_v\), the claim is that",
    "GPT-2 and ResNet-50 are common baselines.",
    "The code is in `softmax_v2.py` and runs on Python 3.11.",
    "Version 1.2 of the theme added a dark mode.",
    "The largest singular value is usually estimated rather than computed.",
    "This note uses the loop style of the pseudocode environment.",
    "Step 2 normalises the vector.",
    "The proof follows Chapter 4 of the textbook (pp. 112–118).",
    "In the 1990s, kernel methods were popular.",
    "The table below lists the results for the 3rd and 4th layers.",
    r"For a fixed target distribution \(p\), the function",
    "Thanks to A. Smith for comments on an early draft.",
    "The figures were produced on 12 March 2025.",
    "The derivative is shown in the next display.",
    "Layer normalisation is applied to every token.",
    "The slides are at [the course page](https://example.org/2024/lecture-3.pdf).",
    "See the appendix of the 2017 paper for a proof.",
    "A batch larger than memory allows is split into micro-batches.",
    "This is the same loop as in the previous note.",
    "Convergence proofs are beyond the scope of this note.",
    # a definition the author writes with "we", and a program's number in a book
    r"We define \(p(j)\), for a request \(j\), to be the last request \(i < j\) that ends before it.",
    r"We write \(u \prec v\) when \(u\) is listed before \(v\), with \(u \ne v\).",
    "The version in Program 3.5 of the book keeps one flag per number.",
    "Dijkstra published the algorithm in 1959.",
    "Figure 3 plots the distances after each pass.",
    "This post is the second part of a series on numerical linear algebra.",
    "The full derivation is in Appendix B of Golub and Van Loan (2013).",
    "We run every experiment on 4 GPUs with 32 GB of memory.",
    "The notebook was tested with NumPy 1.26 on Python 3.12.",
    "Line 7 is where the pivot is chosen.",
    r"Let \(A \in \mathbb{R}^{n \times n}\) with \(n > 1\).",
    "The example below uses a list of 10 integers.",
    "Section 2.3 recalls the definition of a norm.",
    "The idea goes back at least to Gauss.",
    "Thanks to the reviewers of the 2021 workshop version for their comments.",
    "Both variants are shown side by side in Table 1.",
    "Readers who know the algorithm can skip to the next section.",
    "The code follows PEP 8 and is released under the MIT licence.",
    "Chapter 5 of the lecture notes covers the same material.",
    "Last revised on 3 April 2026.",
    "The tutorial assumes familiarity with Python 3 and basic calculus.",
    "Part 2 of this series will treat the sparse case.",
    "We follow the notation of Boyd and Vandenberghe [4].",
    "The algorithm appears as Algorithm 2 in the original paper.",
    "Code for every figure is in the repository.",
    "In what follows, vectors are columns.",
    "This is a draft; comments are welcome.",
    "The first version of this note was written in 2022.",
    "See Eq. (4) for the update rule.",
    "Two colleagues suggested the example in the last section.",
    "The listing uses 1-based indices, like the textbook.",
    "Exercise 3 asks for a proof of the bound.",
    "The notes for week 4 are online.",
    "Figure 1 was drawn with TikZ.",
    "We thank the 12 students of the 2025 seminar for their questions.",
    "See Section 4.2 for the proof and Table 3 for the timings.",
    "The snippet needs NumPy and nothing else.",
    "Our presentation follows Knuth, Volume 3.",
    "The reader may wish to compare with the previous note.",
    "This page was generated from a Jupyter notebook.",
    "This lecture is number 7 of 12 in the course.",
    r"The example uses \(n = 5\) so that the output fits on one line.",
    "Posted on 14 February 2026 by the teaching team.",
    "Earlier drafts of this note had three listings.",
    "See also our 2023 post on the same topic.",
    "The proof of Lemma 2 is left to the reader.",
    "Question 4 on the problem sheet is related.",
    "Version 2 of the theme renders the listings in colour.",
    "The diagram is adapted from Cormen et al., Figure 22.4.",
    "Code blocks are highlighted with Chroma.",
    # hypotheses: what they say is given, never claimed (fresh round 61)
    r"We assume the \(x_i\) are not all equal.",
    r"We assume that no difference in a denominator vanishes.",
    r"Let \(S_0, S_1, \dots, S_N\) be the partial sums of a slowly converging series.",
    r"Let \(G = (V, E)\) be a directed graph on the vertices \(V = \{1, \dots, n\}\) with at least one edge.",
    r"Suppose the weights are not all zero.",
    # a reference's volume(issue) and pages (fresh round 60)
    'We follow Möller and Trumbore, "Fast, minimum storage ray/triangle intersection", Journal of Graphics Tools '
    "2(1), 1997.",
    "The bound is from Knuth, SIAM Review 45(3):12–30.",
]


def _flagged(sentence: str) -> bool:
    note = parse_note(Path("note.md"), f"---\ntitle: t\n---\n\n{sentence}\n")
    return any(f.code == "AV604" for f in claim_findings(note, find_blocks(note)[0]))


def test_the_tables_are_large_enough():
    assert len(CHECKABLE) >= 20 and len(NOT_CHECKABLE) >= 20
    assert not set(CHECKABLE) & set(NOT_CHECKABLE)


def test_the_detector_is_precise_and_finds_most_claims():
    missed = [s for s in CHECKABLE if not _flagged(s)]
    false_alarms = [s for s in NOT_CHECKABLE if _flagged(s)]
    found = len(CHECKABLE) - len(missed)
    precision = found / (found + len(false_alarms))
    recall = found / len(CHECKABLE)
    print(
        f"\nclaims detector: {len(CHECKABLE) + len(NOT_CHECKABLE)} sentences, precision {precision:.2f}, "
        f"recall {recall:.2f}\n  missed: {missed}\n  false alarms: {false_alarms}"
    )
    assert precision >= 0.95, false_alarms
    assert recall >= 0.9, missed


@pytest.mark.parametrize("sentence, cue", [
    ("A score of 800 gives the same answer as a score of 0.", "800"),
    ("The estimate is within \\(10^{-6}\\) of the true value.", "10^{-6}"),
    ("After the loop, \\(\\lVert w - \\lambda v \\rVert \\le \\tau \\lambda\\).", "\\le"),
    ("The loss is convex in the weights.", "is convex"),
    ("The window halves on every pass.", "halves"),
    ("Shifting every input leaves the output unchanged.", "unchanged"),
    ("After the first pass the residual is \\(r_1 = 0\\).", "r_1 = 0"),
    ("The method stops after \\(n\\) steps at most, with \\(x_n = 0\\).", "at most"),
])  # fmt: skip
def test_each_cue_is_named(sentence, cue):
    assert any(cue in c for c in cues(sentence)), cues(sentence)


@pytest.mark.parametrize("sentence", [
    "Demo note.",
    "This note was last updated on 2026-11-09 (see Section 3, Figure 2 and Table 1).",
    "The method was introduced in 2019 by Smith et al.",
    "GPT-2, ResNet-50 and float32 are names, not quantities.",
    "Let \\(n \\geq 1\\) be the number of micro-batches.",
    "Let \\(A \\in \\mathbb{R}^{n \\times n}\\) be symmetric positive definite and \\(b \\in \\mathbb{R}^{n}\\).",
    "Dijkstra's algorithm (CLRS §24.3) grows a set of vertices.",
    "Classical Gram-Schmidt (Golub and Van Loan, §5.2.7) orthogonalises the columns in turn.",
    "started from \\(m_0 = 0\\).",
    "holds, where \\(c \\in (0, 1)\\) is a small constant (typically \\(c = 10^{-4}\\)).",
    "The outer iteration stops once the gradient norm falls below a tolerance \\(\\varepsilon > 0\\).",
    # rounds 131 and 133: a choice made in a clause, a convention, the case a note treats
    "It takes \\(P = I - 2 v v^{\\top}\\), with \\(\\lVert v \\rVert = 1\\), acting on rows.",
    "where \\(\\operatorname{sign}(0) = 1\\), so that a tie is broken rather than lost.",
    "We treat the first octant, \\(0 \\le \\Delta y \\le \\Delta x\\); the others follow by symmetry.",
])  # fmt: skip
def test_names_dates_references_and_givens_are_not_cues(sentence):
    assert cues(sentence) == []


# --- sentences: what is prose, where each sentence starts ------------------------------------------


def _sentences(body: str, suffix: str = ".md") -> list[tuple[int, int, str]]:
    front = "" if suffix == ".tex" else "---\ntitle: t\n---\n"
    note = parse_note(Path("note" + suffix), front + body)
    return [(*note.source.line_col(s.span.start), s.text) for s in sentences(note, find_blocks(note)[0])]


# the front matter takes lines 1-3: a body's first line is line 4
SPLITS = [
    ("plain", "Demo note. This is the note.\n", [(4, 1, "Demo note."), (4, 12, "This is the note.")]),
    ("abbreviation", "See e.g. the proof. It holds.\n", [(4, 1, "See e.g. the proof."), (4, 21, "It holds.")]),
    ("initial", "Thanks to A. Smith. Next one.\n", [(4, 1, "Thanks to A. Smith."), (4, 21, "Next one.")]),
    ("lower case after a stop", "It is approx. the value. Yes.\n", [(4, 1, "It is approx. the value."), (4, 26, "Yes.")]),
    ("decimals", "A sum of 1.0 and 2.5. Next.\n", [(4, 1, "A sum of 1.0 and 2.5."), (4, 23, "Next.")]),
    ("inline math", "It holds \\(f(x) = x. Y\\) here. Then.\n", [(4, 1, "It holds \\(f(x) = x. Y\\) here."), (4, 32, "Then.")]),
    ("dollar math", "Here $a. B$ stays. Done.\n", [(4, 1, "Here $a. B$ stays."), (4, 20, "Done.")]),
    ("line breaks", "One sentence\nover two lines. Next\none.\n", [(4, 1, "One sentence over two lines."), (5, 17, "Next one.")]),
    ("list items", "- First item. Second.\n- Third\n  item.\n", [(4, 3, "First item."), (4, 15, "Second."), (5, 3, "Third item.")]),
    ("numbered list", "1. First.\n2. Second.\n", [(4, 4, "First."), (5, 4, "Second.")]),
    ("block quote", "> Quoted line\n> continues. Next.\n", [(4, 3, "Quoted line continues."), (5, 14, "Next.")]),
    ("heading", "# Results for 2 layers\n\nText.\n", [(6, 1, "Text.")]),
    ("setext heading", "Results\n=======\n\nText.\n", [(7, 1, "Text.")]),
    ("table", "| a | b |\n|---|---|\n| 1 | 2 |\n\nText.\n", [(8, 1, "Text.")]),
    ("fence", "Before.\n\n```text\nNot prose. At all.\n```\n\nAfter.\n", [(4, 1, "Before."), (10, 1, "After.")]),
    ("python block", "Before.\n\n```python\nprint(1.0)\n```\n", [(4, 1, "Before.")]),
    ("indented code", "Before.\n\n    not prose. 42.\n\nAfter.\n", [(4, 1, "Before."), (8, 1, "After.")]),
    ("display math ends a sentence", "the function\n\\[\nf(x) = x^{2}\n\\]\nis convex. Yes.\n",
     [(4, 1, "the function"), (8, 1, "is convex."), (8, 12, "Yes.")]),
    ("display math on one line", "A \\[ x \\] B.\n", [(4, 1, "A"), (4, 11, "B.")]),
    ("listing", "Before.\n\\begin{algorithmic}\n\\State \\(x \\gets 1\\)\n\\end{algorithmic}\nAfter.\n",
     [(4, 1, "Before."), (8, 1, "After.")]),
    ("shortcode tag", "{{< figure src=\"a.png\" caption=\"Figure 2: 3 layers\" >}}\n\nText.\n", [(6, 1, "Text.")]),
    ("html comment", "Text. <!-- algoverify: ignore[AV604] -->\n", [(4, 1, "Text.")]),
    ("latex definition line", "\\newcommand{\\norm}[1]{\\lVert #1 \\rVert}\n\nText.\n", [(6, 1, "Text.")]),
    ("inline code keeps its stop", "Call `np.exp`. Then stop.\n", [(4, 1, "Call `np.exp`."), (4, 16, "Then stop.")]),
    ("link", "See [the page](https://x.org/a.b. C). Next.\n", [(4, 1, "See [the page](https://x.org/a.b. C)."), (4, 39, "Next.")]),
    ("question and exclamation", "Why? Because! So.\n", [(4, 1, "Why?"), (4, 6, "Because!"), (4, 15, "So.")]),
    ("closing quote", "He said \"stop.\" Then left.\n", [(4, 1, "He said \"stop.\""), (4, 17, "Then left.")]),
    ("journal", "See *SIAM J. Optim.* 9(1), 1998. Next.\n", [(4, 1, "See *SIAM J. Optim.* 9(1), 1998."), (4, 34, "Next.")]),
    ("number after a word", "It ends here. 3 remain.\n", [(4, 1, "It ends here."), (4, 15, "3 remain.")]),
    # round 66: NumPy prints a whole float as "3." inside its brackets, which ended the sentence there
    ("printed array", "It prints [3.    2.667] for x. Next.\n", [(4, 1, "It prints [3. 2.667] for x."), (4, 32, "Next.")]),
    ("printed zeros", "We get [0.7 0.3 0.  0. ] here.\n", [(4, 1, "We get [0.7 0.3 0. 0. ] here.")]),
    ("number ends a sentence", "The count is 3. [Then] more.\n", [(4, 1, "The count is 3."), (4, 17, "[Then] more.")]),
]  # fmt: skip


@pytest.mark.parametrize("body, expected", [pytest.param(b, e, id=i) for i, b, e in SPLITS])
def test_sentences_and_where_they_start(body, expected):
    assert _sentences(body) == expected


def test_a_tex_note_skips_its_preamble_commands_and_comments():
    body = textwrap.dedent(r"""
        \documentclass{article}
        \usepackage{amsmath} % 2 packages
        \begin{document}
        \section{Results for 3 layers}
        The loop stops. % a comment: 5 passes
        It returns \(x\).
        \end{document}
        """).lstrip()
    assert _sentences(body, ".tex") == [(5, 1, "The loop stops."), (6, 1, "It returns \\(x\\).")]


_WORD = st.sampled_from(["the", "loop", "stops", "x", "converges", "value", "3.5", "e.g.", "A.", "\\(x = 1\\)"])
_SENTENCE = st.lists(_WORD, min_size=1, max_size=8).map(lambda ws: " ".join(ws).capitalize() + ".")


@pytest.mark.slow
@given(st.lists(st.lists(_SENTENCE, min_size=1, max_size=4), min_size=1, max_size=4), st.sampled_from([" ", "\n"]))
def test_sentences_cover_each_paragraph_in_order(paragraphs, gap):
    body = "\n\n".join(gap.join(p) for p in paragraphs) + "\n"
    note = parse_note(Path("note.md"), "---\ntitle: t\n---\n" + body)
    found = sentences(note, find_blocks(note)[0])
    spans = [s.span for s in found]
    assert all(a.end <= b.start for a, b in zip(spans, spans[1:]))
    # the sentences, joined, are the paragraphs with their whitespace collapsed; each is its span's text
    assert " ".join(s.text for s in found) == " ".join(" ".join(p) for p in paragraphs).replace("\n", " ")
    assert all(" ".join(note.text[s.span.start : s.span.end].split()) == s.text for s in found)
    assert all(note.text[s.span.start] == s.text[0] for s in found)


# --- AV604, quoting and unchecked: -----------------------------------------------------------------


def _note(tmp_path: Path, spec: str, body: str) -> Path:
    path = tmp_path / "note.md"
    section = "algoverify:\n" + textwrap.indent(textwrap.dedent(spec).strip("\n"), "  ") + "\n" if spec else ""
    path.write_text(f"---\ntitle: t\n{section}---\n\n{textwrap.dedent(body).lstrip()}", encoding="utf-8")
    return path


def _line_of(path: Path, text: str) -> int:
    """The line of the note at ``path`` where ``text`` starts."""
    whole = path.read_text(encoding="utf-8")
    return whole[: whole.index(text)].count("\n") + 1


def _found(path: Path, command=api.lint) -> list[tuple[str, int, int, str]]:
    result = command([path])
    src = result.notes[0].note.source
    return [(f.code, *src.line_col(f.span.start), f.message) for f in result.all_findings()]


BODY = """
Demo note. The loop always stops after at most \\(n\\)
passes. It was written in 2024.

The output is unchanged when every input is shifted by the same constant, as Section 2 shows.
"""


def test_a_checkable_sentence_no_check_quotes_is_av604_at_its_first_character(tmp_path):
    path = _note(tmp_path, "", BODY)
    assert _found(path) == [
        ("AV604", 5, 12, "claim not checked: “The loop always stops after at most \\(n\\) passes.”: no check quotes it"),
        ("AV604", 8, 1, "claim not checked: “The output is unchanged when every input is shifted by the…”: no check quotes it"),
    ]  # fmt: skip
    result = api.lint([path])
    assert {f.severity.value for f in result.all_findings()} == {"warning"}
    assert main(["lint", str(path)]) == 0
    assert main(["lint", "--strict", str(path)]) == 1


QUOTED = [
    ("the whole sentence", 'claim: "The loop always stops after at most \\\\(n\\\\) passes."'),
    ("a piece of it", 'claim: "always stops after at most"'),
    ("the sentence and more", 'claim: "Demo note. The loop always stops after at most \\\\(n\\\\) passes. It was"'),
    ("first letter's case", 'claim: "the loop always stops"'),
    ("a line break", 'claim: "after at most \\\\(n\\\\) passes."'),
]


@pytest.mark.parametrize("spec", [pytest.param(s, id=i) for i, s in QUOTED])
def test_a_sentence_a_claim_quotes_is_checked(tmp_path, spec):
    check = f"""
    checks:
      - id: stops
        kind: contract
        listing: 1
        {spec}
        expect: {{terminates: true}}
    """
    path = _note(tmp_path, check, BODY)
    result = api.claims([path])
    by_line = {(c.sentence.span.start, c.status): c.checks for c in result.notes[0].claims}
    assert ("stops",) in by_line.values()
    output = _line_of(path, "The output is unchanged")
    assert [(code, line) for code, line, _, _ in _found(path) if code == "AV604"] == [("AV604", output)]


def test_unchecked_names_a_sentence_with_its_reason(tmp_path):
    spec = """
    unchecked:
      - sentence: "The output is unchanged when every input is shifted"
        reason: "needs two runs of the listing"
    """
    path = _note(tmp_path, spec, BODY)
    assert [(code, line) for code, line, _, _ in _found(path)] == [("AV604", _line_of(path, "Demo note."))]
    (claim,) = [c for c in api.claims([path]).notes[0].claims if c.unchecked]
    assert claim.status == "unchecked" and claim.unchecked == "needs two runs of the listing"


def test_an_unchecked_sentence_the_prose_lacks_is_av407_at_its_key(tmp_path):
    spec = """
    unchecked:
      - sentence: "The loop always stops"
        reason: "x"
      - sentence: "a sentence that was edited away"
        reason: "y"
    """
    path = _note(tmp_path, spec, BODY)
    (missing,) = [f for f in _found(path) if f[0] == "AV407"]
    assert missing == (
        "AV407",
        7,
        17,
        "unchecked[2]: sentence not found in the note: 'a sentence that was edited away'",
    )
    assert main(["lint", str(path)]) == 1  # an error: the spec and the prose have drifted apart


@pytest.mark.parametrize("entry, message", [
    ('- sentence: "The loop always stops"', "unchecked[1] needs reason"),
    ("- {sentence: x, reason: 3}", "unchecked[1].reason must be text, got 3"),
    ("- {sentence: x, reason: y, because: z}", "unknown key because in unchecked[1]"),
    ('"The loop always stops": "a reason"', "unchecked must be a list of mappings with keys sentence, reason"),
])  # fmt: skip
def test_a_malformed_unchecked_entry_is_a_spec_error(tmp_path, entry, message):
    path = _note(tmp_path, f"unchecked:\n  {entry}\n", BODY)
    assert any(code == "AV501" and message in text for code, _, _, text in _found(path)), _found(path)


def test_check_reports_the_same_warnings_and_strict_fails_on_them(tmp_path):
    path = _note(tmp_path, "", BODY)
    assert [f[:3] for f in _found(path, api.check)] == [f[:3] for f in _found(path)]
    assert main([str(path)]) == 0
    assert main([str(path), "--strict"]) == 1


@pytest.mark.parametrize("how", ["inline", "spec"])
def test_av604_can_be_silenced(tmp_path, how):
    if how == "inline":
        body = BODY.replace("\\(n\\)\n", "\\(n\\) <!-- algoverify: ignore[AV604] -->\n")  # the sentence's first line
        path = _note(tmp_path, "", body)
    else:
        path = _note(tmp_path, "ignore: [AV604]", BODY)
    codes = [(code, line) for code, line, _, _ in _found(path)]
    assert codes == ([("AV604", _line_of(path, "The output is unchanged"))] if how == "inline" else [])


def test_explain_documents_av604(capsys):
    assert main(["explain", "AV604"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("AV604 UncheckedClaim (warning)") and "unchecked:" in out


# --- algoverify claims ---------------------------------------------------------------------------------


def test_claims_lists_each_checkable_sentence_with_what_backs_it(tmp_path, capsys):
    spec = """
    checks:
      - id: stops
        kind: contract
        listing: 1
        claim: "The loop always stops"
        expect: {terminates: true}
    unchecked:
      - sentence: "The output is unchanged"
        reason: "needs two runs"
    """
    path = _note(tmp_path, spec, BODY + "\nIt never fails.\n")
    assert main(["claims", str(path)]) == 1  # one sentence is not checked
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        f"{path}:15:12: checked by stops",
        "    The loop always stops after at most \\(n\\) passes.",
        f"{path}:18:1: unchecked: needs two runs",
        "    The output is unchanged when every input is shifted by the same constant, as Section 2 shows.",
        f"{path}:20:1: not checked (never)",
        "    It never fails.",
        "",
        "3 claims: 1 checked, 1 marked unchecked, 1 not checked",
    ]
    assert main(["claims", "--format", "json", str(path)]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert [(c["line"], c["column"], c["status"], c["checks"], c["unchecked"]) for c in doc["claims"]] == [
        (15, 12, "checked", ["stops"], None),
        (18, 1, "unchecked", [], "needs two runs"),
        (20, 1, "not checked", [], None),
    ]
    assert doc["claims"][2]["cues"] == ["never"] and doc["findings"] == []
    assert doc["command"] == "claims" and doc["summary"] == {
        "claims": 3,
        "checked": 1,
        "unchecked": 1,
        "not checked": 1,
    }


def test_claims_exits_0_when_every_claim_is_backed_and_2_on_a_usage_error(tmp_path, capsys):
    path = _note(tmp_path, "unchecked:\n  - {sentence: always, reason: r}\n  - {sentence: unchanged, reason: r}", BODY)
    assert main(["claims", str(path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "2 claims: 0 checked, 2 marked unchecked, 0 not checked"
    assert main(["claims"]) == 2


@pytest.mark.slow
def test_claims_of_the_corpus_are_all_backed_but_those_awaited():
    from helpers import CORPUS_CLAIMS_AWAITING, ROOT

    result = api.claims([ROOT / "corpus"])
    waiting = {
        (n.path.name, *n.note.source.line_col(c.sentence.span.start))
        for n in result.notes
        for c in n.claims
        if c.status == "not checked"
    }
    assert waiting == CORPUS_CLAIMS_AWAITING


@pytest.mark.slow
@given(st.text(alphabet=st.sampled_from(list("ab .!?\n\\()$`[]{}<>-#|>*_0123456789%")), max_size=300))
def test_any_text_gives_sentences_inside_the_body_and_never_raises(body):
    note = parse_note(Path("note.md"), "---\ntitle: t\n---\n" + body)
    blocks = find_blocks(note)[0]
    found = sentences(note, blocks)
    assert all(note.body_span.start <= s.span.start < s.span.end <= note.body_span.end for s in found)
    assert all(a.span.end <= b.span.start for a, b in zip(found, found[1:]))
    assert all(not (b.span.start < s.span.end and s.span.start < b.span.end) for s in found for b in blocks)
    claim_findings(note, blocks)


@pytest.mark.parametrize(
    "sentence, checkable",
    [
        (
            r"The solver is given a damping factor \(\mu \in (0, 1)\), a cap \(K \ge 1\) on the sweeps and a seed.",
            False,
        ),
        (r"An edge of the path costs \(c > 0\), a turn \(t > 0\) and a stop \(s \ge 0\).", False),
        (r"It stops at a tolerance \(\tau > 0\).", False),
        (r"After the last sweep \(r \le 10^{-8}\).", True),  # one bound on a result: a claim
        (r"The estimate satisfies \(e \ge 0\) and \(e \le 1\) always.", True),  # with a word that claims
    ],
)
def test_constraints_that_introduce_parameters_set_up_and_claim_nothing(sentence, checkable):
    assert bool(cues(sentence)) is checkable, cues(sentence)


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        # round 63: bounds after "for" or "with" are the clause's hypotheses, the rest of the sentence is read
        (r"For \(\rho > 0\) and \(\tau \in [0, 1]\) the smoother minimises the penalised residual below.", []),
        (r"For \(\rho > 0\) the residual is at most \(\rho\).", ["at most"]),
        (r"We apply it to a damped spring with stiffness \(k > 0\), step \(h > 0\) and \(M\) steps.", []),
        (r"We apply it to a spring; then the energy never grows.", ["never"]),
        (r"The smoother is run for \(K\) sweeps.", []),  # how long it runs, a parameter
        (r"It converges in \(K\) iterations.", ["converges", "iterations"]),
        (r"Consider a pendulum with length \(\ell > 0\) and \(N\) steps of size \(h\).", []),
        (r"Consider a sorted array; then the search never fails.", ["never"]),
        # round 73: the method's own stopping rule sets its count of passes (it was AV604, "passes")
        (r"We stop when the residual is below a relative tolerance \(\tau \gt 0\), or after \(N\) passes.", []),
        (r"Like conjugate gradients, it stops after at most \(n\) passes.", ["stops after", "at most", "passes"]),
        (r"We stop after \(N\) passes, and the error is below \(10^{-6}\).", ["below \\(", "10^{-6}"]),
    ],
)
def test_hypotheses_after_for_or_with_are_no_claims(sentence, expected):
    assert cues(sentence) == expected
