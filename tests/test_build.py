"""parse_algorithm: IR meaning, absolute spans, and located errors for bad input."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark.exceptions import UnexpectedInput

from algoverify.findings import LocatedError
from algoverify.source import LineIndex, Span
from algoverify.syntax import ir
from algoverify.syntax.build import _WRAPPERS, PARSE_ERROR_EXAMPLES, parse_algorithm
from algoverify.syntax.grammar import load_parser
from algoverify.syntax.plaintext import to_plain

DATA = Path(__file__).parent / "data" / "grammar"
SEEDS = [DATA / f"seed_{name}.tex" for name in ("power_iteration", "layer_norm", "gradient_accumulation")]


def parse(text: str) -> ir.Algorithm:
    return parse_algorithm(text, Span(0, len(text)))


def only(text: str) -> ir.Node:
    """The single statement of a one-statement listing."""
    (statement,) = parse(text).body
    return statement


def error(text: str) -> LocatedError:
    with pytest.raises(LocatedError) as info:
        parse(text)
    return info.value


def at(text: str, span: Span) -> tuple[int, int]:
    return LineIndex(text).line_col(span.start)


# --- malformed input → code and line:col -------------------------------------------------


def lines(*rows: str) -> str:
    """A listing from its lines (raw strings keep the LaTeX readable)."""
    return "\n".join(rows) + "\n"


def env(*rows: str) -> str:
    """Lines inside ``\begin{algorithmic}`` (which is line 1)."""
    return lines(r"\begin{algorithmic}", *rows, r"\end{algorithmic}")


MALFORMED = [
    # (id, source, code, line, col)
    ("missing EndWhile", env(r"\State \(x \gets 1\)", r"\While{\(x\)}", r"    \State \(y\)"), "AV102", 3, 1),
    (
        "missing EndWhile, nested",
        env(
            r"\For{\(i = 1, \dots, n\)}", r"  \If{\(a\)}", r"    \While{\(x\)}",
            r"      \State y", r"  \EndIf", r"\EndFor",
        ),
        "AV102", 4, 5,
    ),
    ("missing ENDWHILE, legacy", env(r"\WHILE{$x$}", r"\STATE $y$"), "AV102", 2, 1),
    ("missing EndFunction", lines(r"\Function{F}{\(x\)}", r"  \Return \(x\)"), "AV102", 1, 1),
    ("EndFor closes a While", env(r"\While{\(x\)}", r"  \State y", r"\EndFor"), "AV102", 2, 1),
    ("EndIf without If", env(r"\State \(x \gets 1\)", r"\EndIf"), "AV103", 3, 1),
    ("EndIf first", env(r"  \EndIf"), "AV103", 2, 3),
    ("ENDWHILE without WHILE", lines(r"\STATE $x$", r"\STATE $y$ \ENDWHILE"), "AV103", 2, 12),
    ("end algorithmic in a fence", lines(r"\State x", r"\end{algorithmic}"), "AV103", 2, 1),
    ("stray Else", env(r"\State \(x \gets 1\)", r"\Else"), "AV104", 3, 1),
    ("stray ElsIf", lines(r"\State x", r"\ElsIf{\(y\)}"), "AV104", 2, 1),
    ("stray Until", lines(r"\State x", r"  \Until{\(y\)}"), "AV104", 2, 3),
    (
        "second Else",
        lines(r"\If{\(x\)}", r"\State a", r"\Else", r"\State b", r"\Else", r"\EndIf"),
        "AV104", 5, 1,
    ),
    (
        "Else inside a While inside an If",
        lines(r"\If{\(x\)}", r"  \While{\(y\)}", r"\Else", r"\EndIf"),
        "AV102", 2, 3,
    ),
    (
        "unbalanced { in a comment",
        env(r"\State \(v\) \Comment{any direction", r"\State \(w\)"),
        "AV105", 2, 22,
    ),
    ("unmatched }", env(r"\State \(v\)}"), "AV105", 2, 13),
    ("unclosed \\(", env(r"\State \(x \gets 1\)", r"\State \(v \gets A v", r"\State \(w\)"), "AV106", 3, 8),
    ("unclosed \\( at the end", r"\State \(x \gets 1\)" "\n" r"\State \(v \gets A v", "AV106", 2, 8),
    ("unclosed $", lines(r"\State $x \gets 1", "", r"\State y"), "AV106", 1, 8),
    ("math runs out of its group", lines(r"\If{\(x > 0}", r"\State y", r"\EndIf"), "AV106", 1, 5),
    ("empty environment", env(), "AV107", 1, 1),
    (
        "empty float",
        lines(
            r"\begin{algorithm}[H]", r"\caption{x}", r"\begin{algorithmic}", r"\end{algorithmic}",
            r"\end{algorithm}",
        ),
        "AV107", 3, 1,
    ),
    ("empty fence", lines("  ", "% only a comment"), "AV107", 1, 1),
    (
        "cut off",
        lines(r"\begin{algorithm}[H]", r"\begin{algorithmic}[1]", r"\While{\(x\)}", r"\State y"),
        "AV108", 2, 1,
    ),
    (
        "end algorithm before end algorithmic",
        lines(r"\begin{algorithm}", r"\begin{algorithmic}", r"\State x", r"\end{algorithm}"),
        "AV108", 2, 1,
    ),
    ("If without braces", lines(r"\If \(x\)", r"\State y", r"\EndIf"), "AV101", 1, 5),
    ("keyword inside braces", lines(r"\State \textbf{\While}"), "AV101", 1, 16),
    ("lone backslash", "\\State x \\", "AV101", 1, 10),
    (
        "text after the float's algorithmic",
        lines(
            r"\begin{algorithm}", r"\begin{algorithmic}\State x\end{algorithmic}", r"\State y",
            r"\end{algorithm}",
        ),
        "AV101", 3, 1,
    ),
]  # fmt: skip


@pytest.mark.parametrize("source, code, line, col", [m[1:] for m in MALFORMED], ids=[m[0] for m in MALFORMED])
def test_malformed_input_is_located(source: str, code: str, line: int, col: int):
    found = error(source)
    assert (found.rule.code, *at(source, found.span)) == (code, line, col), str(found)


def test_errors_are_absolute_in_the_note():
    note = "# Title\n\nSome prose with \\(x\\).\n\n" + MALFORMED[0][1] + "\nMore prose.\n"
    start = note.index("\\begin{algorithmic}")
    body = Span(start, note.index("More prose"))
    with pytest.raises(LocatedError) as info:
        parse_algorithm(note, body)
    assert at(note, info.value.span) == (7, 1)


def test_unclosed_block_message_names_opener_closer_and_place():
    found = error(MALFORMED[0][1])
    assert str(found) == "\\While is never closed: expected \\EndWhile before \\end{algorithmic}"
    assert found.details["expected_at"].start == MALFORMED[0][1].index("\\end{algorithmic}")


def test_legacy_closer_is_named_in_its_dialect():
    assert "expected \\ENDWHILE" in str(error(MALFORMED[2][1]))


def test_unmatched_end_message():
    assert str(error(MALFORMED[5][1])) == "\\EndIf without a matching \\If"


def test_generic_error_says_what_was_expected():
    assert str(error("\\If \\(x\\)\n\\State y\n\\EndIf\n")) == "unexpected '\\(x\\)'; expected {"


def test_errors_become_findings():
    finding = error(MALFORMED[0][1]).to_finding()
    assert finding.code == "AV102" and finding.span is not None


@pytest.mark.slow
def test_deep_nesting_is_a_finding_not_a_crash():
    depth = sys.getrecursionlimit()
    source = "\\If{\\(x\\)}\n" * depth + "\\State y\n" + "\\EndIf\n" * depth
    try:
        parse(source)
    except LocatedError as found:
        assert found.rule.code == "AV101"


# --- the match_examples table (lark's GRAMMAR_ERRORS pattern) ----------------------------

EXAMPLES = [(rule, example) for rule, examples in PARSE_ERROR_EXAMPLES for example in examples]


@pytest.mark.parametrize("rule, example", EXAMPLES, ids=[f"{r.code}-{i}" for i, (r, _) in enumerate(EXAMPLES)])
def test_examples_are_labelled_by_match_examples(rule, example):
    parser = load_parser("algorithmic", postlex=__import__("algoverify.syntax.build").syntax.build._POSTLEX)
    with pytest.raises(UnexpectedInput) as info:
        parser.parse(example)
    assert info.value.match_examples(parser.parse, PARSE_ERROR_EXAMPLES) is rule


@pytest.mark.parametrize("wrapper", sorted(_WRAPPERS))
@pytest.mark.parametrize("rule, example", EXAMPLES, ids=[f"{r.code}-{i}" for i, (r, _) in enumerate(EXAMPLES)])
def test_examples_raise_their_rule_in_every_wrapper(rule, example, wrapper):
    prefix, suffix = _WRAPPERS[wrapper]
    assert error(prefix + example + suffix).rule is rule


# --- the seed listings --------------------------------------------------------------------


def test_power_iteration_positions():
    text = SEEDS[0].read_text(encoding="utf-8")
    algorithm = parse(text)
    where = [(type(s).__name__, *at(text, s.span)) for s in algorithm.body]
    assert where == [
        ("Condition", 5, 1),
        ("Assign", 6, 1),
        ("Assign", 7, 1),
        ("Assign", 7, 25),
        ("WhileBlock", 8, 1),
        ("Return", 12, 1),
    ]
    loop = algorithm.body[4]
    assert isinstance(loop, ir.WhileBlock)
    assert loop.cond.latex == "\\lVert w - \\lambda v \\rVert \\gt \\tau \\, \\lambda"
    assert at(text, loop.cond.span) == (8, 10)
    assert [at(text, s.span) for s in loop.body] == [(9, 5), (10, 5), (10, 29)]
    assert [s.target.latex for s in loop.body] == ["v", "w", "\\lambda"]
    assert algorithm.caption is not None and algorithm.caption.plain == "Power iteration for the leading eigenvalue"
    assert algorithm.numbered


def test_power_iteration_inside_a_note_is_offset_by_the_body():
    listing = SEEDS[0].read_text(encoding="utf-8")
    note = "---\ntitle: power\n---\n\nProse.\n\n" + listing + "\nMore.\n"
    start = note.index(listing)
    algorithm = parse_algorithm(note, Span(start, start + len(listing)))
    loop = algorithm.body[4]
    assert at(note, loop.span) == (8 + 6, 1)
    assert note[loop.cond.span.start : loop.cond.span.end] == loop.cond.latex


@pytest.mark.parametrize("path", SEEDS, ids=lambda p: p.stem)
def test_every_math_span_covers_its_latex(path: Path):
    text = path.read_text(encoding="utf-8")
    maths = [n for n in ir.walk(parse(text)) if isinstance(n, ir.Math)]
    assert maths
    for math in maths:
        assert text[math.span.start : math.span.end] == math.latex


def test_gradient_accumulation_require_keeps_one_math_per_segment():
    algorithm = parse(SEEDS[2].read_text(encoding="utf-8"))
    require = algorithm.body[0]
    assert isinstance(require, ir.Condition) and require.kind == "require"
    assert [m.latex for m in require.symbols] == ["\\theta", "B_1, \\dots, B_k", "\\eta"]


def test_layer_norm_function_params():
    function = parse(SEEDS[1].read_text(encoding="utf-8")).body[0]
    assert isinstance(function, ir.Function)
    assert (function.kind, function.name) == ("function", "LayerNorm")
    assert [p.latex for p in function.params] == ["x", "\\gamma", "\\beta", "\\epsilon"]
    assert not any(p.delimited for p in function.params)


# --- what statements mean -----------------------------------------------------------------

ASSIGNMENTS = [
    ("\\State \\(x \\gets 1\\)", "x", "\\gets", "1"),
    ("\\State \\(x \\leftarrow y + 1\\)", "x", "\\leftarrow", "y + 1"),
    ("\\State \\(x := 2\\)", "x", ":=", "2"),
    ("\\State \\(x = \\frac{a}{b}\\)", "x", "=", "\\frac{a}{b}"),
    ("\\State \\( f(x = 1) \\gets  g \\)", "f(x = 1)", "\\gets", "g"),
    ("\\State $A_{ij} \\gets \\langle x_i, x_j \\rangle$", "A_{ij}", "\\gets", "\\langle x_i, x_j \\rangle"),
    ("\\STATE $x \\gets 0$", "x", "\\gets", "0"),
    ("\\Statex \\(x \\gets 0\\)", "x", "\\gets", "0"),
]


@pytest.mark.parametrize("source, target, op, value", ASSIGNMENTS, ids=[a[0] for a in ASSIGNMENTS])
def test_assignment(source, target, op, value):
    node = only(source)
    assert isinstance(node, ir.Assign)
    assert (node.target.latex, node.op, node.value.latex) == (target, op, value)
    for math in (node.target, node.value):
        assert source[math.span.start : math.span.end] == math.latex
        assert not math.delimited


@pytest.mark.parametrize(
    "source",
    [
        "\\State \\(a = b = 0\\)",
        "\\State \\(x \\le 1\\)",
        "\\State \\(x <= 1\\)",
        "\\State \\(\\gets 1\\)",
        "\\State \\(f(x)\\)",
    ],
)
def test_not_an_assignment(source):
    node = only(source)
    assert isinstance(node, ir.TextStatement)
    assert node.text.math[0].delimited


def test_several_math_segments_make_several_statements_with_their_own_spans():
    source = "\\State \\(w \\gets A v\\); \\(\\lambda \\gets \\lVert w \\rVert\\) \\Comment{c}"
    first, second = parse(source).body
    assert source[first.span.start : first.span.end] == "\\State \\(w \\gets A v\\)"
    assert source[second.span.start : second.span.end] == "\\(\\lambda \\gets \\lVert w \\rVert\\) \\Comment{c}"
    assert first.comment is None and second.comment is not None


def test_state_return_is_one_return():
    source = "\\State \\Return \\(x\\)"
    node = only(source)
    assert isinstance(node, ir.Return) and node.span == Span(0, len(source))


@pytest.mark.parametrize(
    "header, expected",
    [
        ("\\(i = 1, \\dots, k\\)", ("i", "1", "k")),
        ("\\(i \\gets 1\\) \\To \\(n\\)", ("i", "1", "n")),
        ("$i = 1$ to $n$", ("i", "1", "n")),
        ("$i = 0$ \\textbf{to} $n - 1$", ("i", "0", "n - 1")),
        ("\\(t \\leftarrow 1, \\ldots, T\\)", ("t", "1", "T")),
        # HAC's \For{\(i\) from \(0\) to \(n - 1\)}, as lecture notes write it too (AV308 before)
        ("\\(i\\) from \\(0\\) to \\(n - 1\\)", ("i", "0", "n - 1")),
        ("$j$ \\textbf{from} $2$ \\textbf{to} $m$", ("j", "2", "m")),
    ],
)
def test_for_range(header, expected):
    source = f"\\For{{{header}}}\n\\State x\n\\EndFor"
    node = only(source)
    assert isinstance(node, ir.ForRange)
    assert (node.var.latex, node.start.latex, node.stop.latex) == expected
    for math in (node.var, node.start, node.stop):
        assert source[math.span.start : math.span.end] == math.latex


@pytest.mark.parametrize(
    "source, var, iterable",
    [
        ("\\ForAll{\\(x \\in S\\)}\\EndFor", "x", "S"),
        ("\\For{\\(x \\in S\\)}\\EndFor", "x", "S"),
        ("\\ForEach{\\((a, b) \\in P\\)}\\EndFor", "(a, b)", "P"),
        ("\\FORALL{$x \\in \\{1, \\dots, n\\}$}\\ENDFOR", "x", "\\{1, \\dots, n\\}"),
        ("\\For{each \\(x\\)}\\EndFor", None, None),
        ("\\For{\\(i = 1, 2\\)}\\EndFor", "i", "1, 2"),  # the values written, in turn
    ],
)
def test_for_all(source, var, iterable):
    node = only(source)
    assert isinstance(node, ir.ForAll)
    assert (node.var and node.var.latex, node.iterable and node.iterable.latex) == (var, iterable)


@pytest.mark.parametrize(
    "cond, kind",
    [
        ("\\(x > 0\\)", ir.Math),
        ("$x > 0$", ir.Math),
        ("\\(x\\) and \\(y\\)", ir.Math),  # a plain "and" between two maths is the connective
        ("\\(x\\) and then \\(y\\)", ir.Text),
        ("converged", ir.Text),
    ],
)
def test_condition_is_math_only_when_one_segment(cond, kind):
    for source in (f"\\While{{{cond}}}\\EndWhile", f"\\If{{{cond}}}\\EndIf", f"\\Repeat\\Until{{{cond}}}"):
        node = only(source)
        got = node.branches[0].cond if isinstance(node, ir.IfBlock) else node.cond
        assert isinstance(got, kind)


@pytest.mark.parametrize(
    "source, values, has_text",
    [
        ("\\Return", [], False),
        ("\\Return \\(x\\)", ["x"], False),
        ("\\Return \\(\\lambda, v\\)", ["\\lambda", "v"], False),
        ("\\Return \\(a\\), \\(b\\)", ["a", "b"], False),
        ("\\Return the best \\(x\\)", ["x"], True),
        ("\\RETURN $f(x, y)$", ["f(x, y)"], False),
        # the call as written, its arguments' delimiters blanked (offsets unchanged)
        ("\\Return \\Call{Square}{\\(b\\)}", ["\\Call{Square}{  b  }"], False),
        ("\\Return \\(a\\), \\Call{F}{x, y}", ["a", "\\Call{F}{x, y}"], False),
    ],
)
def test_return_values(source, values, has_text):
    node = only(source)
    assert isinstance(node, ir.Return)
    assert [v.latex for v in node.values] == values
    assert (node.text is not None) == has_text


@pytest.mark.parametrize(
    "args, expected",
    [("{}", []), ("{x, y}", ["x", "y"]), ("{\\(x, \\gamma\\)}", ["x", "\\gamma"]), ("{$x$, y}", ["x", "y"])],
)
def test_call_statement_args(args, expected):
    node = only(f"\\State \\Call{{Update}}{args}")
    assert isinstance(node, ir.CallStmt) and node.name == "Update"
    assert [a.latex for a in node.args] == expected


def test_comment_attaches_to_its_line():
    source = "\\If{\\(x\\)} \\Comment{head}\n\\State \\(y \\gets 1\\) \\Comment{tail}\n\\EndIf \\Comment{after}"
    block, after = parse(source).body
    branch = block.branches[0]
    assert branch.comment.text.plain == "head"
    assert branch.body[0].comment.text.plain == "tail"
    assert isinstance(after, ir.Comment) and after.text.plain == "after"


def test_unknown_macro_is_text_not_an_error():
    node = only("\\State \\foo{bar} \\baz \\(x\\)")
    assert isinstance(node, ir.TextStatement)
    assert node.text.parts[0] == "\\foo{bar} \\baz "


def test_escaped_percent_is_text_and_percent_starts_a_comment():
    node = only("\\State 50\\% done % not this")
    assert node.text.plain == "50% done"


def test_text_before_the_floats_algorithmic_is_kept_as_text():
    """Once AV101 (issue 8): LaTeX typesets such lines (``\\textbf{Input:} …``), so they parse."""
    source = lines(
        r"\begin{algorithm}", "some words", r"\begin{algorithmic}\State x\end{algorithmic}", r"\end{algorithm}"
    )
    algorithm = parse(source)
    assert [t.plain for t in algorithm.texts] == ["some words"]
    assert at(source, algorithm.texts[0].span) == (2, 1)


def test_caption_label_and_numbering():
    source = lines(
        r"\begin{algorithm}[t]",
        r"\caption[s]{Long \(x\)}\label{alg:a}",
        r"\begin{algorithmic}[1]",
        r"\State x",
        r"\end{algorithmic}",
        r"\end{algorithm}",
    )
    algorithm = parse(source)
    assert algorithm.caption.plain == "Long x" and algorithm.caption.math[0].latex == "x"
    assert (algorithm.label, algorithm.numbered) == ("alg:a", True)
    assert parse("\\begin{algorithmic}\\State x\\end{algorithmic}").numbered is False


# --- plain text ---------------------------------------------------------------------------

PLAIN = [
    ("\\lambda", "λ"),
    ("\\textbf{x}", "x"),
    ("\\texttt{max\\_iter}", "max_iter"),
    ("evaluate \\(L_i\\) on \\(B_i\\)", "evaluate L_i on B_i"),
    ("\\(x\\) \\AND \\(y\\)", "x and y"),
    ("\\Call{F}{x}", "F(x)"),
    ("a   b\n c", "a b c"),
]


@pytest.mark.parametrize("latex, plain", PLAIN, ids=[p[0] for p in PLAIN])
def test_plain_text(latex, plain):
    assert to_plain(latex) == plain


@given(st.text(max_size=40))
@settings(max_examples=150, deadline=None)
def test_plain_text_never_raises(latex):
    assert isinstance(to_plain(latex), str)


# --- robustness: corruptions of the seeds never escape as anything but LocatedError ------

PIECES = [
    "\\",
    "{",
    "}",
    "$",
    "\\(",
    "\\)",
    "%",
    ";",
    "\\EndIf",
    "\\Else",
    "\\State",
    "\\Until",
    "\\If{",
    "\n",
    "x",
]


@st.composite
def corrupted_seed(draw):
    text = draw(st.sampled_from(SEEDS)).read_text(encoding="utf-8")
    for _ in range(draw(st.integers(1, 3))):
        lines = text.split("\n")
        kind = draw(st.sampled_from(["delete", "insert", "duplicate", "drop line", "duplicate line"]))
        i = draw(st.integers(0, max(0, len(text) - 1)))
        if kind == "delete":
            text = text[:i] + text[i + draw(st.integers(1, 8)) :]
        elif kind == "insert":
            text = text[:i] + draw(st.sampled_from(PIECES) | st.characters()) + text[i:]
        elif kind == "duplicate":
            text = text[:i] + text[i : i + 10] + text[i:]
        else:
            j = draw(st.integers(0, len(lines) - 1))
            lines[j : j + 1] = [] if kind == "drop line" else [lines[j], lines[j]]
            text = "\n".join(lines)
    return text


@pytest.mark.slow
@given(corrupted_seed())
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_corrupted_seeds_only_raise_located_errors(text):
    prefix = "Prose before.\n"
    note = prefix + text + "\nProse after."
    body = Span(len(prefix), len(prefix) + len(text))
    try:
        algorithm = parse_algorithm(note, body)
    except LocatedError as found:
        assert found.rule.code.startswith("AV1")
        assert found.span is not None and body.start <= found.span.start <= found.span.end <= body.end
    else:
        assert algorithm.body
        for node in ir.walk(algorithm):
            assert node.span in body


SOUP = PIECES + [
    " ",
    "a",
    "\\For{",
    "\\EndFor",
    "\\While{",
    "\\Repeat",
    "\\begin{algorithmic}",
    "\\end{algorithm}",
]


@pytest.mark.slow
@given(st.lists(st.sampled_from(SOUP), max_size=30).map("".join))
@settings(max_examples=200, deadline=None)
def test_random_token_soup_only_raises_located_errors(text):
    try:
        parse(text)
    except LocatedError as found:
        assert found.rule.code.startswith("AV1")


@given(st.text(alphabet="ab\r\n\u2028é", max_size=40))
def test_line_ends_are_counted_as_editors_count_them(text):
    # \r\n is one line end, a lone \r or \n is one; other separators (U+2028) are not
    index = LineIndex(text)
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    assert index.line_count == len(lines)
    offset = 0
    for number, line in enumerate(lines, start=1):
        assert index.line_col(offset) == (number, 1)
        assert index.offset(number, 1) == offset
        offset += len(line)
        assert index.line_col(offset) == (number, len(line) + 1)
        offset += 2 if text.startswith("\r\n", offset) else 1
