"""Issue 8, item 1: listing structure as papers write it.

Labels anywhere, braced statements, formatting around statements, text in the float,
caption variants, blocks and macros the paper defines (in the listing or in a preamble),
and the odds and ends (``\\Statex``, options, ``%`` comments, CRLF). Each case is a small
listing of our own; the golden files in tests/data/grammar/ hold the full IR of larger ones.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from algoverify.findings import LocatedError
from algoverify.source import LineIndex, Span
from algoverify.syntax import ir
from algoverify.syntax.build import _keywords, parse_algorithm
from algoverify.syntax.definitions import EMPTY, read_definitions
from algoverify.syntax.prepass import blank_formatting


def parse(text: str, preamble: str = "") -> ir.Algorithm:
    return parse_algorithm(text, Span(0, len(text)), preamble=preamble)


def lines(*rows: str) -> str:
    return "\n".join(rows) + "\n"


def env(*rows: str) -> str:
    return lines(r"\begin{algorithmic}", *rows, r"\end{algorithmic}")


def same(a: str, b: str, preamble: str = "") -> None:
    """Two listings mean the same IR (spans aside)."""
    assert ir.strip_spans(parse(a, preamble).body) == ir.strip_spans(parse(b, preamble).body)


def error(text: str, preamble: str = "") -> LocatedError:
    with pytest.raises(LocatedError) as info:
        parse(text, preamble)
    return info.value


def line_col(text: str, span: Span) -> tuple[int, int]:
    return LineIndex(text).line_col(span.start)


# --- labels -----------------------------------------------------------------------------------

LABELLED = env(
    r"\State \(a \gets 1\) \label{l:stmt}",
    r"\While{\(a < 9\)} \label{l:header}",
    r"  \State \(a \gets 2 a\) \Comment{double} \label{l:comment}",
    r"\EndWhile \label{l:closer}",
    r"\If{\(a > 9\)}",
    r"  \State \(b \gets 1\)",
    r"\Else \label{l:else}",
    r"  \State \(b \gets 0\)",
    r"\EndIf",
    r"\State \begin{equation} c \gets a + b \label{eq:c} \end{equation}",
)


@pytest.mark.parametrize(
    "name, kind, starts",
    [
        ("l:stmt", ir.Assign, r"\State \(a"),
        ("l:header", ir.WhileBlock, r"\While"),
        ("l:comment", ir.Assign, r"\State \(a \gets 2"),
        ("l:closer", ir.WhileBlock, r"\While"),
        ("l:else", ir.Branch, r"\Else"),
        ("eq:c", ir.Assign, r"\State \begin{equation}"),
    ],
)
def test_a_label_names_the_statement_on_its_line(name, kind, starts):
    algorithm = parse(LABELLED)
    node = algorithm.labelled(name)
    assert isinstance(node, kind)
    assert LABELLED[node.span.start :].startswith(starts)
    (label,) = [lab for lab in algorithm.labels if lab.name == name]
    assert LABELLED[label.span.start : label.span.end] == f"\\label{{{name}}}"


def test_a_label_inside_display_math_is_not_part_of_the_math():
    assign = parse(LABELLED).body[-1]
    assert isinstance(assign, ir.Assign)
    assert (assign.target.latex, assign.value.latex) == ("c", "a + b")


def test_labels_of_the_float_and_before_any_statement_name_the_listing():
    inside_caption = lines(
        r"\begin{algorithm}", r"\caption{Title\label{alg:a}}", r"\label{alg:b}",
        r"\begin{algorithmic}", r"\State x", r"\end{algorithmic}", r"\end{algorithm}",
    )  # fmt: skip
    algorithm = parse(inside_caption)
    assert algorithm.label == "alg:a" and algorithm.caption.plain == "Title"
    assert [(lab.name, lab.target) for lab in algorithm.labels] == [("alg:b", algorithm.span)]
    assert algorithm.labelled("alg:b") is algorithm
    assert parse(env(r"\label{alg:c}", r"\State x")).label == "alg:c"


def test_labels_print_only_when_present_and_serialise_to_json():
    assert "labels" not in ir.dump(parse(env(r"\State x")))
    data = ir.to_json(parse(LABELLED), locate=LineIndex(LABELLED).line_col)
    text = json.dumps(data)
    assert '"target": {"start"' in text


# --- braced statements ------------------------------------------------------------------------

BRACED = [
    (r"\State{\(x \gets 1\)}", r"\State \(x \gets 1\)"),
    (r"\State {\(x \gets 1\)} \Comment{c}", r"\State \(x \gets 1\) \Comment{c}"),
    (r"\STATE{$x \gets 1$}", r"\STATE $x \gets 1$"),
    (r"\State{\Return \(x\)}", r"\Return \(x\)"),
    (r"\Return{\(x, y\)}", r"\Return \(x, y\)"),
    (r"\RETURN{$x$}", r"\RETURN $x$"),
    (r"\State \Return{\(x\)}", r"\Return \(x\)"),
    (r"\State{some words}", r"\State some words"),
]


@pytest.mark.parametrize("braced, plain", BRACED, ids=[b for b, _ in BRACED])
def test_braced_statements_mean_the_unbraced_ones(braced, plain):
    same(braced, plain)


def test_a_braced_statement_starts_at_its_keyword():
    source = r"\State{\(x \gets 1\)}"
    (node,) = parse(source).body
    assert node.span.start == 0 and source[node.span.start : node.span.end] == r"\State{\(x \gets 1\)"


# --- formatting around statements -------------------------------------------------------------

WRAPPED = [
    (r"\textcolor{blue}{\State \(x \gets 1\)}", r"\State \(x \gets 1\)"),
    (r"{\color{red} \State \(x \gets 1\)}", r"\State \(x \gets 1\)"),
    (r"\textcolor[rgb]{0,0,1}{\textbf{\State \(x \gets 1\)}}", r"\State \(x \gets 1\)"),
    (r"\State \(x \gets 1\) \\", r"\State \(x \gets 1\)"),
    (r"\State \(x \gets 1\) \\[3pt]", r"\State \(x \gets 1\)"),
    (r"\State~\(x \gets 1\)~", r"\State \(x \gets 1\)"),
    (r"\State \hfill \(x \gets 1\) \;", r"\State \(x \gets 1\)"),
    (r"\State \quad\(x \gets 1\)", r"\State \(x \gets 1\)"),
    (r"\State \textbf{\Return} \(x\)", r"\Return \(x\)"),
    (r"\State \(x\) \textcolor{gray}{\Comment{note}}", r"\State \(x\) \Comment{note}"),
    (r"\hl{\State \(x \gets 1\)}", r"\State \(x \gets 1\)"),
    (r"\myred{\State \(x \gets 1\)}", r"\State \(x \gets 1\)"),
    (
        r"\For{\(i = 1, \dots, n\)}{\State \(x \gets i\)}\EndFor",
        r"\For{\(i = 1, \dots, n\)}\State \(x \gets i\)\EndFor",
    ),
]


@pytest.mark.parametrize("wrapped, plain", WRAPPED, ids=[w for w, _ in WRAPPED])
def test_formatting_does_not_change_the_meaning(wrapped, plain):
    same(wrapped, plain)


def test_a_wrapped_statement_spans_from_its_keyword_to_its_last_item():
    source = r"\textcolor{blue}{\State \(x \gets 1\)} \\"
    (node,) = parse(source).body
    assert source[node.span.start : node.span.end] == r"\State \(x \gets 1\)"


@pytest.mark.parametrize(
    "source",
    [r"\State \textbf{\While}", r"\State \textbf{\EndWhile}", r"\textcolor{red}{\If}", r"\State {\color{red}\EndFor}"],
)
def test_keywords_that_latex_would_choke_on_stay_errors(source):
    assert error(source).rule.code.startswith("AV10")


_PIECES = [
    "\\State ", "\\(x\\)", "$y$", "{", "}", "\\textcolor{red}{", "{\\color{blue} ", "\\\\", "~", "\\;",
    "\\hfill ", "%c\n", "\n", "\r\n", "\\Return ", "\\textbf{", "text ", "\\If{", "\\EndIf",
    "\\algdef{SE}[B]{Bb}{Eb}", "\\newcommand{\\m}{\\State z}", "\\setcounter{ALG@line}{2}", "\\[ a \\]",
]  # fmt: skip


@pytest.mark.slow
@given(st.lists(st.sampled_from(_PIECES), max_size=25).map("".join))
@settings(max_examples=300, deadline=None)
def test_blanking_keeps_every_offset(text):
    """The pre-pass only turns characters into spaces, never a line break: offsets cannot move."""
    keywords = _keywords(read_definitions(text))
    blanked = blank_formatting(text, keywords)
    assert len(blanked) == len(text)
    for before, after in zip(text, blanked, strict=True):
        assert after == before or (after == " " and before not in "\r\n")


# --- text lines in the float ------------------------------------------------------------------


def test_lines_of_text_in_the_float_are_kept_one_per_line():
    source = lines(
        r"\begin{algorithm}",
        r"\caption{C}",
        r"\textbf{Input:} a graph \(G\)\\",
        r"{\bf Output:}~~a colouring",
        r"\hrule",
        r"\KwIn{a budget \(b\)}",
        r"\begin{algorithmic}",
        r"\State x",
        r"\end{algorithmic}",
        r"\hline",
        r"\end{algorithm}",
    )
    algorithm = parse(source)
    assert [t.plain for t in algorithm.texts] == ["Input: a graph G", "Output: a colouring", "a budget b"]
    assert [t.math[0].latex for t in algorithm.texts if t.math] == ["G", "b"]
    assert [line_col(source, t.span)[0] for t in algorithm.texts] == [3, 4, 6]


# --- captions ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "caption, plain, label",
    [
        (r"\caption[Short]{Long \(x\) title}", "Long x title", None),
        (r"\caption{\textsc{Adam} with $\beta$}{\label{alg:adam}}", "Adam with β", "alg:adam"),
        (r"\caption{Title}\label{alg:t}", "Title", "alg:t"),
        (r"\captionof{figure}{Boxed title}", "Boxed title", None),
    ],
)
def test_caption_variants(caption, plain, label):
    source = lines(r"\begin{algorithm}", caption, r"\begin{algorithmic}\State x\end{algorithmic}", r"\end{algorithm}")
    algorithm = parse(source)
    assert algorithm.caption is not None and algorithm.caption.plain == plain
    assert algorithm.label == label


def test_a_caption_among_the_statements_is_the_listings_caption():
    source = env(r"\caption{Inside}\label{alg:in}", r"\State x")
    algorithm = parse(source)
    assert (algorithm.caption.plain, algorithm.label, len(algorithm.body)) == ("Inside", "alg:in", 1)


# --- blocks and macros the paper defines --------------------------------------------------------

PREAMBLE = r"""
\algdef{SE}[DOWHILE]{Do}{doWhile}{\algorithmicdo}[1]{\algorithmicwhile\ #1}
\algdef{S}[FOR]{ForEachIn}[2]{\textbf{for each} #1 \textbf{in} #2}
\algblock{Input}{EndInput}
\algnewcommand{\LineComment}[1]{\State \(\triangleright\) #1}
\newcommand{\Forr}[1]{\For{#1}}
\newcommand{\body}{\State \(s \gets s + 1\) \State \(t \gets t + 1\)}
"""


def test_a_defined_do_while_is_a_user_block_with_its_closers_argument():
    source = env(r"\Do", r"  \State \(x \gets x - 1\)", r"\doWhile{\(x > 0\)} \Comment{again}")
    block, comment = parse(source, PREAMBLE).body
    assert isinstance(block, ir.UserBlock) and isinstance(comment, ir.Comment)
    assert (block.kind, block.opener, block.closer) == ("DOWHILE", "\\Do", "\\doWhile")
    assert [a.latex for a in block.closer_args] == ["x > 0"]
    assert source[block.span.start : block.span.end].endswith(r"\doWhile{\(x > 0\)}")


def test_a_defined_opener_of_a_built_in_block_is_that_block():
    source = env(r"\ForEachIn{\(v\)}{\(V\)}", r"  \State \(s \gets s + v\)", r"\EndFor")
    (node,) = parse(source, PREAMBLE).body
    assert isinstance(node, ir.ForAll) and (node.var.latex, node.iterable.latex) == ("v", "V")
    same(
        env(r"\Forr{\(i = 1, \dots, n\)}", r"\State x", r"\EndFor"),
        env(r"\For{\(i = 1, \dots, n\)}", r"\State x", r"\EndFor"),
        PREAMBLE,
    )


def test_a_paper_may_make_input_a_block():
    (node,) = parse(env(r"\Input", r"  \State the data \(X\)", r"\EndInput"), PREAMBLE).body
    assert isinstance(node, ir.UserBlock) and node.opener == "\\Input"


def test_statement_macros_are_one_text_statement_each():
    source = env(r"\State \(s \gets 0\)", r"\LineComment{accumulate}", r"\body")
    first, comment, body = parse(source, PREAMBLE).body
    assert isinstance(first, ir.Assign)
    assert isinstance(comment, ir.TextStatement) and comment.text.plain == "accumulate"
    assert isinstance(body, ir.TextStatement) and source[body.span.start : body.span.end] == r"\body"


def test_definitions_in_the_listing_itself_apply():
    source = env(
        r"\algblockdefx[RUN]{Run}{EndRun}[1]{\textbf{run} #1}{\textbf{end}}", r"\Run{\(p\)}", r"\State y", r"\EndRun"
    )
    (node,) = parse(source).body
    assert isinstance(node, ir.UserBlock) and [a.latex for a in node.args] == ["p"]


def test_preamble_definitions_apply_inside_a_note_with_absolute_spans():
    listing = env(r"\Do", r"\State \(x \gets 1\)", r"\doWhile{\(x\)}")
    note = "Prose.\n\n" + listing + "\nMore prose.\n"
    start = note.index(listing)
    algorithm = parse_algorithm(note, Span(start, start + len(listing)), preamble=PREAMBLE)
    (block,) = algorithm.body
    assert note[block.span.start :].startswith(r"\Do")
    assert note[block.closer_args[0].span.start : block.closer_args[0].span.end] == "x"


@pytest.mark.parametrize(
    "source",
    [
        env(r"\Process{\(p\)}", r"  \State handle \(p\)", r"\EndProcess"),
        env(r"\State x", r"\EndPhase"),
        env(r"\Do", r"\State x", r"\doWhile{\(x\)}"),
    ],
)
def test_unknown_block_looking_commands_are_text_never_errors(source):
    algorithm = parse(source)
    assert all(isinstance(s, ir.TextStatement) for s in algorithm.body)


def test_an_unknown_command_inside_a_statement_stays_in_it():
    (node,) = parse(env(r"\State call \Process{\(p\)} now")).body
    assert isinstance(node, ir.TextStatement) and node.text.plain == "call p now"


def test_an_unknown_opener_closed_by_a_built_in_closer_is_taken_for_that_block():
    source = env(r"\ParallelFor{\(i = 1, \dots, n\)}", r"  \State \(y_i \gets 0\)", r"\EndFor")
    (node,) = parse(source).body
    assert isinstance(node, ir.ForRange) and node.var.latex == "i"


def test_a_closer_no_command_could_open_is_still_unmatched():
    found = error(env(r"\LineComment{x}", r"\State y", r"\EndFor"))
    assert found.rule.code == "AV103"


def test_a_defined_block_closed_by_the_wrong_closer_is_never_closed():
    found = error(env(r"\Do", r"\State x", r"\EndWhile"), PREAMBLE)
    assert found.rule.code in ("AV102", "AV103")


def test_a_redefined_if_can_be_a_one_statement_loop():
    source = env(r"\If{\(c\)}", r"  \State \(a \gets 1\)", r"\State \(b \gets 2\)")
    first, second = parse(source, r"\algloopdefx{If}[1]{\textbf{if} #1}").body
    assert isinstance(first, ir.IfBlock) and len(first.branches[0].body) == 1
    assert isinstance(second, ir.Assign)


def test_an_algloop_holds_the_one_statement_after_it():
    source = env(r"\algloop{Twice}", r"\Twice", r"  \State \(a \gets 2 a\)", r"\State \(b \gets a\)")
    loop, after = parse(source).body
    assert isinstance(loop, ir.UserBlock) and loop.closer is None and len(loop.body) == 1
    assert isinstance(after, ir.Assign) and after.target.latex == "b"


def test_text_redefinitions_change_no_structure():
    source = env(
        r"\algrenewtext{EndFor}{\textbf{done}}",
        r"\algtext*{EndIf}",
        r"\For{\(i = 1, \dots, n\)}",
        r"\State x",
        r"\EndFor",
    )
    (node,) = parse(source).body
    assert isinstance(node, ir.ForRange)


def test_algstore_and_algrestore_split_one_listing_in_two():
    first = env(r"\For{\(i = 1, \dots, n\)}", r"  \State \(a_i \gets 0\)", r"\algstore{part}")
    second = env(r"\algrestore{part}", r"  \State \(b_i \gets a_i\)", r"\EndFor")
    assert isinstance(parse(first).body[0], ir.ForRange)
    assert isinstance(parse(second).body[0], ir.Assign)
    assert error(first.replace(r"\algstore{part}", "")).rule.code == "AV102"
    assert error(second.replace(r"\algrestore{part}", "")).rule.code == "AV103"


# --- reading definitions ----------------------------------------------------------------------


def test_reading_definitions():
    defs = read_definitions(PREAMBLE + r"\let\EndForr\EndFor \algnewcommand\OUTPUT{\item[\algorithmicoutput]}")
    assert defs.openers["\\Do"].closers == {"\\doWhile"} and defs.closers["\\doWhile"].nargs == 1
    assert defs.openers["\\ForEachIn"].kind == "for" and defs.openers["\\ForEachIn"].nargs == 2
    assert defs.aliases["\\Forr"] == "\\For" and defs.aliases["\\EndForr"] == "\\EndFor"
    assert defs.aliases["\\OUTPUT"] == "\\Output"
    assert defs.statements["\\LineComment"] == 1 and defs.statements["\\body"] == 0
    assert read_definitions(r"\newcommand{\norm}[1]{\lVert #1 \rVert}") == EMPTY
    assert read_definitions(r"% \algdef{SE}[X]{A}{B}") == EMPTY


def test_an_unreadable_definition_is_skipped():
    assert read_definitions(r"\algdef{SE}[X]{A") == EMPTY


# --- the odds and ends ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "source, plain",
    [
        (env(r"\State% right after the keyword", r"  \(x \gets 1\)"), env(r"\State \(x \gets 1\)")),
        (
            env(r"\If{\(x\) % inside the group", r"}", r"\State y", r"\EndIf"),
            env(r"\If{\(x\)}", r"\State y", r"\EndIf"),
        ),
        (env(r"\setcounter{ALG@line}{3}", r"\State x"), env(r"\State x")),
        (env(r"\makeatletter\setcounter{ALG@line}{0}\makeatother", r"\State x"), env(r"\State x")),
        (env(r"\State\hskip\algorithmicindent \(x \gets 1\)"), env(r"\State \(x \gets 1\)")),
        (lines(r"\begin{algorithmic}[noend]", r"\State x", r"\end{algorithmic}"), env(r"\State x")),
        (env(r"\State \(x \gets 1\) % trailing", r"% \State commented out", r"%\EndIf"), env(r"\State \(x \gets 1\)")),
    ],
)
def test_odds_and_ends_change_nothing(source, plain):
    same(source, plain)


def test_crlf_line_ends_keep_exact_spans():
    source = env(r"\State{\(x \gets 1\)} \\", r"\State \(y \gets x\)").replace("\n", "\r\n")
    first, second = parse(source).body
    assert source[first.target.span.start : first.target.span.end] == "x"
    assert line_col(source, second.span) == (3, 1)


def test_dollar_math_may_hold_text_with_math_of_its_own():
    (node,) = parse(env(r"\STATE $D \gets D \cup \text{pairs($x$, $y$)}$")).body
    assert isinstance(node, ir.Assign) and node.value.latex == r"D \cup \text{pairs($x$, $y$)}"


def test_a_comment_at_the_end_of_math_is_not_math():
    (node,) = parse(env(r"\State \(x \gets 1 % one", r"\)")).body
    assert node.value.latex == "1"


def test_algorithmic_keyword_macros_read_as_their_words():
    (node,) = parse(env(r"\State \algorithmicrequire{ \(n\)} is given")).body
    assert re.sub(r"\s+", " ", node.text.plain) == "Require: n is given"


@pytest.mark.parametrize(
    "source, code",
    [
        (env(r"\State x", r"\EndWhile"), "AV103"),
        (env(r"\State \(x", r"\State y"), "AV106"),
        (env(r"\State {x"), "AV105"),
        (env(r"\While{\(x\)}", r"\State y"), "AV102"),
    ],
)
def test_what_latex_rejects_is_still_an_error(source, code):
    assert error(source).rule.code == code


_SOUP = _PIECES + [
    "\\Else ", "\\Bb ", "\\Eb ", "\\m ", "\\label{q}", "\\caption{c}", "\\begin{algorithmic}", "\\end{algorithmic}",
    "\\begin{algorithm}", "\\end{algorithm}", "\\For{", "\\EndFor", "\\ParFor{", "\\Foo ", "\\algstore{s}",
    "\\algrestore{s}", "\\Repeat ", "\\Until{", "\\algloopdefx{If}[1]{x}", "\\algdef{S}[FOR]{Fe}[2]{x}", "\\Fe{",
    "\\begin{equation}", "\\end{equation}", "\\Do ", "\\algblock{Input}{EndInput}", "\\Input ", "\\EndInput ",
    "\\begin{minipage}{3cm}", "\\end{minipage}", "\\Statex ", "\\Comment{", "\\Call{F}{", " ", "a",
    "\\IF[c]{", "\\ELSE[d] ", "\\REPEAT[e] ", "[", "]", "\\forbody{", "\\ifthenelsebody{", "\\whilebody{", "}$",
    "\\ENDIF", "\\ENDFOR", "\\FOR{",
]  # fmt: skip


@pytest.mark.slow
@given(st.lists(st.sampled_from(_SOUP), max_size=30).map("".join))
@settings(max_examples=300, deadline=None)
@example("\\(x\\)\\Call{F}{}")  # one formula across the delimiters, found by a run of this test
def test_any_soup_of_these_forms_is_an_ir_or_a_located_error(text):
    note = "before\n" + text + "\nafter"
    body = Span(7, 7 + len(text))
    try:
        algorithm = parse_algorithm(note, body, preamble=r"\algdef{SE}[DOWHILE]{Do}{doWhile}[0]{}[1]{}")
    except LocatedError as found:
        assert found.rule.code.startswith("AV1") and body.start <= found.span.start <= found.span.end <= body.end
        return
    for node in ir.walk(algorithm):
        assert node.span in body
        if isinstance(node, ir.Math):
            # math read as one formula across delimiters (`\(x\)\Call{F}{}`) has them blanked: the
            # offsets still align, character for character
            written = note[node.span.start : node.span.end]
            assert len(written) == len(node.latex)
            assert all(a == b or a == " " for a, b in zip(node.latex, written)), (node.latex, written)


def test_the_keyword_tables_agree_with_the_grammar():
    """definitions.py's roles cover exactly the grammar's structural keywords, and build.py's openers."""
    from algoverify.syntax.build import _OPENERS, _POSTLEX
    from algoverify.syntax.definitions import CLOSERS, MIDDLES, OPENERS, STATEMENTS, WRAPPERS

    tables = set(OPENERS) | set(CLOSERS) | set(MIDDLES) | STATEMENTS | set(WRAPPERS)
    assert tables == set(_POSTLEX.keywords) - {r"\end{algorithmic}"}
    assert {name: kind for name, (kind, _) in _OPENERS.items()} == {name: kind for name, (kind, _) in OPENERS.items()}


def test_a_negated_opener_keeps_its_header_as_text_and_may_have_arms():
    source = env(r"\IfNot{\(x > 0\)}", r"  \State \(x \gets 1\)", r"\Else", r"  \State \(x \gets x - 1\)", r"\EndIf")
    (node,) = parse(source, r"\newcommand{\IfNot}[1]{\If{\neg #1}}").body
    assert isinstance(node, ir.IfBlock) and len(node.branches) == 2
    cond = node.branches[0].cond
    assert isinstance(cond, ir.Text) and cond.plain == "IfNot x > 0"
    assert source[cond.span.start : cond.span.end] == r"\IfNot{\(x > 0\)}"
    assert node.branches[1].cond is None


def test_an_else_in_a_block_that_is_no_if_is_stray():
    source = env(r"\Do", r"\State x", r"\Else", r"\State y", r"\doWhile{\(x\)}")
    found = error(source, PREAMBLE)
    assert found.rule.code == "AV104" and line_col(source, found.span) == (4, 1)


def test_a_comment_without_braces_takes_the_words_after_it():
    source = "\\begin{algorithmic}\n\\State $s \\gets 0$\t\\Comment infant, normal, or frozen\n\\end{algorithmic}"
    alg = parse_algorithm(source, Span(0, len(source)))
    (stmt,) = alg.body
    assert isinstance(stmt, ir.Assign) and stmt.comment.text.plain == "infant, normal, or frozen"


@pytest.mark.parametrize(
    "definition",
    [
        r"\algsetup{linenosize=\footnotesize}",
        r"\algrenewcommand\algorithmicrequire{\textbf{Input:}}",
        r"\renewcommand{\algorithmicensure}{\textbf{Output:}}",
        r"\algrenewtext{EndFor}{\textbf{done}}",
    ],
)
def test_a_definition_takes_its_own_groups_not_the_listing_after_it(definition):
    source = (
        "\\begin{algorithm}\n\\caption{x}\n" + definition + "\n{\\footnotesize\n\\begin{algorithmic}[1]\n"
        "\\STATE $b \\gets 1$\n\\end{algorithmic}\n}\n\\end{algorithm}"
    )
    alg = parse_algorithm(source, Span(0, len(source)))
    assert [type(s).__name__ for s in alg.body] == ["Assign"]


@pytest.mark.parametrize(
    "line, formula",
    [
        (r"\State $v \gets$ CAS($\langle a$, \texttt{i} $\rangle$)", r"\langle a , \texttt{i}  \rangle"),
        (r"\State $S \gets \{p : p \in D$ \\ \hspace*{2em} $\text{and } p > 0\}$", None),
    ],
)
def test_a_formula_split_over_math_segments_is_read_as_one(line, formula):
    source = "\\begin{algorithmic}\n" + line + "\n\\end{algorithmic}"
    alg = parse_algorithm(source, Span(0, len(source)))
    maths = [m for m in ir.walk(alg) if isinstance(m, ir.Math)]
    joined = [m for m in maths if source[m.span.start : m.span.end] != m.latex]  # delimiters blanked inside
    assert len(joined) == 1
    m = joined[0]
    assert len(m.latex) == m.span.end - m.span.start  # offsets are the note's
    if formula is not None:
        assert m.latex == formula


def test_prose_between_math_segments_is_never_joined():
    source = "\\begin{algorithmic}\n\\Require $\\rho = \\{a$, the total to sample; $b\\}$\n\\end{algorithmic}"
    alg = parse_algorithm(source, Span(0, len(source)))
    (cond,) = alg.body
    assert [m.latex for m in cond.text.math] == ["\\rho = \\{a", "b\\}"]


def test_a_label_after_until_labels_the_repeat_block():
    source = (
        "\\begin{algorithmic}\n\\Repeat\n\\State $x \\gets x + 1$\n\\Until{$x > 3$} \\label{line:stop}\n"
        "\\State $y \\gets x$ \\label{line:after}\n\\end{algorithmic}"
    )
    alg = parse_algorithm(source, Span(0, len(source)))
    assert type(alg.labelled("line:stop")).__name__ == "RepeatUntil"
    assert type(alg.labelled("line:after")).__name__ == "Assign"


@pytest.mark.parametrize(
    "line, kind",
    [
        (r"\State \textbf{return} $b$", "Return"),
        (r"\State return $b, c$", "Return"),
        (r"\State \textbf{return} to step 3", "TextStatement"),
    ],
)
def test_return_written_as_a_word(line, kind):
    source = "\\begin{algorithmic}\n" + line + "\n\\end{algorithmic}"
    (stmt,) = parse_algorithm(source, Span(0, len(source))).body
    assert type(stmt).__name__ == kind


def test_an_optional_argument_after_a_legacy_header_is_its_comment():
    source = "\\begin{algorithmic}\n\\IF{$x > 0$}\n\\STATE $y \\gets 1$\n\\ELSE[$x \\le 0$]\n\\STATE $y \\gets 2$\n\\ENDIF\n\\end{algorithmic}"
    (block,) = parse_algorithm(source, Span(0, len(source))).body
    else_branch = block.branches[1]
    assert else_branch.comment is not None and [type(s).__name__ for s in else_branch.body] == ["Assign"]
