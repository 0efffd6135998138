"""Structure real papers write that TeX accepts: header comments, math across a brace, LyX's wrappers.

* the older ``algorithmic`` package's optional comment on a block header (``\\IF[comment]{c}``,
  ``\\ELSE[comment]``, ``\\REPEAT[comment]`` …; algxpar gives the mixed-case keywords the same);
* math opened inside a command's argument and closed just after its brace (``\\If{$a \\ne b}$``);
* LyX's wrappers around a block's body (``\\FOR{c}\\forbody{…}``), which end the block.

Every listing here is our own. The golden files legacy_header_comments, straddled_math and
lyx_body_wrappers in tests/data/grammar/ hold the full IR of larger ones.
"""

from __future__ import annotations

import pytest

import algoverify
from algoverify import api
from algoverify.cli import main
from algoverify.findings import LocatedError
from algoverify.source import LineIndex, Span
from algoverify.syntax import ir
from algoverify.syntax.build import parse_algorithm


def env(*rows: str) -> str:
    return "\n".join((r"\begin{algorithmic}", *rows, r"\end{algorithmic}")) + "\n"


def parse(text: str, preamble: str = "") -> ir.Algorithm:
    return parse_algorithm(text, Span(0, len(text)), preamble=preamble)


def at(text: str, offset: int) -> tuple[int, int]:
    return LineIndex(text).line_col(offset)


def where(text: str, written: str) -> tuple[int, int]:
    """Line and column where ``written`` first occurs in ``text``, after its first line."""
    return at(text, text.index(written, text.index("\n")))


def same(a: str, b: str, preamble: str = "") -> None:
    """Two listings mean the same IR (spans aside)."""
    assert ir.strip_spans(parse(a, preamble).body) == ir.strip_spans(parse(b, preamble).body)


# --- the older algorithmic package's [comment] on a block header -------------------------------

BODY = r"\STATE $t \gets 1$"
# (listing, the node that holds the header's comment, the comment as written, the condition as written)
HEADER_COMMENTS = [
    (env(r"\IF[positive]{$x > 0$}", BODY, r"\ENDIF"), lambda a: a.body[0].branches[0], "positive", "x > 0"),
    (
        env(r"\IF{$x > 0$}", BODY, r"\ELSIF[negative]{$x < 0$}", BODY, r"\ENDIF"),
        lambda a: a.body[0].branches[1],
        "negative",
        "x < 0",
    ),
    (env(r"\IF{$x > 0$}", BODY, r"\ELSE[zero]", BODY, r"\ENDIF"), lambda a: a.body[0].branches[1], "zero", None),
    (env(r"\FOR[each index]{$i = 1$ \TO $n$}", BODY, r"\ENDFOR"), lambda a: a.body[0], "each index", "i"),
    (env(r"\FORALL[every vertex]{$v \in V$}", BODY, r"\ENDFOR"), lambda a: a.body[0], "every vertex", r"v \in V"),
    (env(r"\WHILE[halve]{$t > 1$}", BODY, r"\ENDWHILE"), lambda a: a.body[0], "halve", "t > 1"),
    (env(r"\REPEAT[at least once]", BODY, r"\UNTIL{$t > 3$}"), lambda a: a.body[0], "at least once", None),
    (env(r"\LOOP[until told]", r"\RETURN $t$", r"\ENDLOOP"), lambda a: a.body[0], "until told", None),
    # algxpar documents the same option for the mixed-case keywords
    (
        env(r"\If[positive]{$x > 0$}", r"\State $t \gets 1$", r"\EndIf"),
        lambda a: a.body[0].branches[0],
        "positive",
        "x > 0",
    ),
    (env(r"\While [halve] {$t > 1$}", r"\State $t \gets 1$", r"\EndWhile"), lambda a: a.body[0], "halve", "t > 1"),
    (env(r"\Repeat", r"\State $t \gets 1$", r"\Until[stop]{$t > 3$}"), lambda a: a.body[0], "stop", "t > 3"),
]


@pytest.mark.parametrize(
    "source, node_of, comment, cond", HEADER_COMMENTS, ids=[c[0].split("\n")[1] for c in HEADER_COMMENTS]
)
def test_a_header_option_is_the_blocks_comment_with_exact_spans(source, node_of, comment, cond):
    node = node_of(parse(source))
    assert node.comment is not None and node.comment.text.plain == comment
    # the comment spans `[…]` on the header's line; its text, what is inside the brackets
    assert where(source, f"[{comment}]") == at(source, node.comment.span.start)
    assert where(source, f"[{comment}]")[1] + 1 == at(source, node.comment.text.span.start)[1]
    assert source[node.comment.text.span.start : node.comment.text.span.end] == comment
    if cond is not None:
        math = {ir.ForRange: "var", ir.ForAll: "header"}.get(type(node), "cond")
        math = getattr(node, math)
        line, column = where(source, "$" + cond)
        assert at(source, math.span.start) == (line, column + 1)
        assert math.latex == cond


def test_the_header_comment_sits_on_the_header_line_at_its_columns():
    source = env(r"\STATE $s \gets 0$", r"\FOR[sum up]{$i = 1$ \TO $n$}", r"  \STATE $s \gets s + i$", r"\ENDFOR")
    (_, loop) = parse(source).body
    assert at(source, loop.comment.span.start) == (3, 5)  # the `[`
    assert at(source, loop.comment.text.span.start) == (3, 6)
    assert at(source, loop.var.span.start) == (3, 15)


def test_math_in_a_header_comment_is_math_with_its_own_span():
    source = env(r"\IF[$x$ is positive]{$x > 0$}", BODY, r"\ENDIF")
    comment = parse(source).body[0].branches[0].comment
    (x,) = comment.text.math
    assert x.latex == "x" and at(source, x.span.start) == (2, 6)
    assert comment.text.plain == "x is positive"


def test_the_packages_default_option_prints_no_comment():
    r"""``\ALC@com`` prints nothing for the option's default value, the word ``default``."""
    source = env(r"\IF[default]{$x > 0$}", BODY, r"\ELSE[default]", BODY, r"\ENDIF")
    assert [b.comment for b in parse(source).body[0].branches] == [None, None]
    assert parse(source).body[0].branches[0].body  # and the body is still the body


def test_a_header_option_and_a_comment_command_are_both_kept():
    source = env(r"\WHILE[halve]{$t > 1$} \COMMENT{slowly}", BODY, r"\ENDWHILE")
    (loop,) = parse(source).body
    assert loop.comment.text.plain == "halve"
    assert [type(s).__name__ for s in loop.body] == ["Comment", "Assign"]
    assert loop.body[0].text.plain == "slowly"


COMMENTED = env(
    r"\REQUIRE $n$",
    r"\STATE $s \gets 0$",
    r"\FOR[sum]{$i = 1$ \TO $n$}",
    r"  \IF[large]{$i > 2$}",
    r"    \STATE $s \gets s + i$",
    r"  \ELSE[small]",
    r"    \STATE $s \gets s - 1$",
    r"  \ENDIF",
    r"\ENDFOR",
    r"\RETURN $s$",
)


def test_header_comments_change_nothing_that_runs():
    plain = COMMENTED.replace("[sum]", "").replace("[large]", "").replace("[small]", "")
    for n in (1, 4, 7):
        assert algoverify.compile(COMMENTED)(n=n) == algoverify.compile(plain)(n=n)
    assert algoverify.compile(COMMENTED)(n=5) == 3 + 4 + 5 - 2


def test_algoverify_parse_shows_the_header_comment(tmp_path, capsys):
    note = tmp_path / "note.md"
    note.write_text("---\ntitle: t\n---\n\n" + COMMENTED, encoding="utf-8")
    assert main(["parse", str(note)]) == 0
    out = capsys.readouterr().out
    assert "comment: Comment @8:5-8:10\n" in out and "text: Text('sum') @8:6-8:9" in out
    assert "text: Text('large') @9:7-9:12" in out and "text: Text('small') @11:9-11:14" in out


# --- math opened inside an argument and closed after its brace --------------------------------

# (listing, the node whose condition or value it is, the math as written inside the argument)
STRADDLES = [
    (env(r"\If{$a \ne b}$", r"\State $x \gets 1$", r"\EndIf"), lambda a: a.body[0].branches[0].cond, r"a \ne b"),
    (env(r"\While{$i < n}$", r"\State $i \gets i + 1$", r"\EndWhile"), lambda a: a.body[0].cond, "i < n"),
    (
        env(r"\If{$a > 0$}", r"\State $x$", r"\ElsIf{$a = 0}$", r"\State $y$", r"\EndIf"),
        lambda a: a.body[0].branches[1].cond,
        "a = 0",
    ),
    (env(r"\Repeat", r"\State $t \gets t + 1$", r"\Until{$t > 3}$"), lambda a: a.body[0].cond, "t > 3"),
    (env(r"\For{$i = 1, \dots, n}$", r"\State $s \gets i$", r"\EndFor"), lambda a: a.body[0].stop, "n"),
    (env(r"\IF[why]{$x > 0}  $", r"\STATE $y \gets 1$", r"\ENDIF"), lambda a: a.body[0].branches[0].cond, "x > 0"),
    (env(r"\If{\(a \ne b}\)", r"\State $x \gets 1$", r"\EndIf"), lambda a: a.body[0].branches[0].cond, r"a \ne b"),
    (
        env(r"\If{$a$ holds, then $b > 0}$", r"\State $x$", r"\EndIf"),
        lambda a: a.body[0].branches[0].cond.math[1],
        "b > 0",
    ),
    (env(r"\State \Call{Visit}{$x, y}$"), lambda a: a.body[0].args[1], "y"),
]


@pytest.mark.parametrize("source, math_of, written", STRADDLES, ids=[s[0].split("\n")[1] for s in STRADDLES])
def test_math_closed_after_an_arguments_brace_is_the_argument(source, math_of, written):
    math = math_of(parse(source))
    assert math.latex == written
    assert source[math.span.start : math.span.end] == written  # the note's own characters
    assert at(source, math.span.start) == where(source, written)


def test_a_straddled_condition_runs_as_written():
    source = env(r"\REQUIRE $a, b$", r"\IF{$a > b}$", r"\RETURN $a$", r"\ELSE", r"\RETURN $b$", r"\ENDIF")
    run = algoverify.compile(source)
    assert (run(a=3, b=2), run(a=1, b=2)) == (3, 2)


# What TeX rejects stays an error, located, and the note's other listing is still read: each
# row's listing is followed by one TeX accepts, the straddle just above.
REJECTED = [
    (r"\State{$x}$", "AV106", "$"),  # a plain group closes while the math is open
    (r"\State \textbf{$x}$", "AV106", "$"),  # \textbf's braces make a group too
    (r"\If{$a} \ne b$ \State $y$ \EndIf", "AV106", "$"),  # more than spaces after the brace
    ("\\If{$a}\n\n$ \\State $y$ \\EndIf", "AV106", "$"),  # a blank line ends the paragraph first
    (r"\If{$a \ne b$ \State $y$ \EndIf", "AV105", "{"),  # the argument never closes
]


@pytest.mark.parametrize("listing, code, mark", REJECTED, ids=[r[0] for r in REJECTED])
def test_what_tex_rejects_is_a_located_finding_and_the_next_listing_is_read(tmp_path, listing, code, mark):
    first = env(listing)
    second = env(r"\If{$a \ne b}$", r"\State $x \gets 1$", r"\EndIf")
    text = "---\ntitle: t\n---\n\n" + first + "\nThen:\n\n" + second
    note = tmp_path / "note.md"
    note.write_text(text, encoding="utf-8")
    result = api.lint([note])
    findings = [f for f in result.all_findings() if f.severity.name == "ERROR"]
    assert [f.code for f in findings] == [code]
    start = text.index(first) + first.index(mark, len(r"\begin{algorithmic}"))
    assert at(text, findings[0].span.start) == at(text, start)
    listings = result.notes[0].listings()
    assert listings[0].ir is None and listings[1].ir is not None


# --- LyX's body wrappers ----------------------------------------------------------------------

WRAPPED = [
    (
        env(r"\FOR{$i = 1$ \TO $n$}\forbody{\STATE $s \gets s + i$}", r"\STATE $t \gets s$"),
        env(r"\FOR{$i = 1$ \TO $n$}", r"\STATE $s \gets s + i$", r"\ENDFOR", r"\STATE $t \gets s$"),
    ),
    (
        env(r"\FORALL{$v \in V$}\forbody{\STATE $s \gets s + v$}"),
        env(r"\FORALL{$v \in V$}", r"\STATE $s \gets s + v$", r"\ENDFOR"),
    ),
    (
        env(r"\WHILE{$t > 1$}", r"\whilebody{", r"  \STATE $t \gets t / 2$", r"}"),
        env(r"\WHILE{$t > 1$}", r"\STATE $t \gets t / 2$", r"\ENDWHILE"),
    ),
    (
        env(r"\IF{$x > 0$} \ifthenbody{\STATE $y \gets 1$}"),
        env(r"\IF{$x > 0$}", r"\STATE $y \gets 1$", r"\ENDIF"),
    ),
    (
        env(r"\IF{$x > 0$}\ifthenelsebody{\STATE $y \gets 1$}", r"  {\STATE $y \gets 2$}"),
        env(r"\IF{$x > 0$}", r"\STATE $y \gets 1$", r"\ELSE", r"\STATE $y \gets 2$", r"\ENDIF"),
    ),
    (  # nested, and a paper's own statement macro inside: still a statement of the body
        env(r"\FOR{$i = 1$ \TO $n$}\forbody{", r"\WHILE{$t > i$}\whilebody{\STATE $t \gets t - 1$}", r"\Note{x}}"),
        env(
            r"\FOR{$i = 1$ \TO $n$}",
            r"\WHILE{$t > i$}",
            r"\STATE $t \gets t - 1$",
            r"\ENDWHILE",
            r"\Note{x}",
            r"\ENDFOR",
        ),
    ),
    (  # a paper that defines the wrappers as plain groups writes the closer itself
        env(r"\FOR{$i = 1$ \TO $n$}\forbody{\STATE $s \gets s + i$}", r"\ENDFOR"),
        env(r"\FOR{$i = 1$ \TO $n$}", r"\STATE $s \gets s + i$", r"\ENDFOR"),
    ),
]


@pytest.mark.parametrize("wrapped, plain", WRAPPED, ids=[w.split("\n")[1] for w, _ in WRAPPED])
def test_a_lyx_wrapper_is_the_body_it_wraps(wrapped, plain):
    same(wrapped, plain, preamble=r"\newcommand{\Note}[1]{\STATE #1}")


def test_a_wrapped_block_ends_at_the_wrappers_brace():
    source = env(r"\IF{$x > 0$}\ifthenelsebody{\STATE $y \gets 1$}{\STATE $y \gets 2$}", r"\STATE $z \gets y$")
    block, after = parse(source).body
    line = r"\IF{$x > 0$}\ifthenelsebody{\STATE $y \gets 1$}{\STATE $y \gets 2$}"
    assert source[block.span.start : block.span.end] == line
    then, otherwise = block.branches
    assert source[otherwise.span.start : otherwise.span.end] == r"{\STATE $y \gets 2$}"
    assert at(source, otherwise.body[0].span.start) == (2, 49)
    assert isinstance(after, ir.Assign) and at(source, after.span.start) == (3, 1)


LYX_PREAMBLE = r"""
\newcommand{\forbody}[1]{ #1 \ENDFOR}
\newcommand{\whilebody}[1]{ #1 \ENDWHILE}
\newcommand{\ifthenbody}[1]{ #1 \ENDIF}
\newcommand{\ifthenelsebody}[2]{ #1 \ELSE #2 \ENDIF}
\newcommand{\loopbody}[1]{#1\ENDWHILE}
"""


def test_lyxs_own_definitions_and_a_papers_wrapper_of_the_same_shape_read_the_same():
    same(
        env(r"\FOR{$i = 1$ \TO $n$}\forbody{\WHILE{$t > i$}\loopbody{\STATE $t \gets t - 1$}}"),
        env(r"\FOR{$i = 1$ \TO $n$}", r"\WHILE{$t > i$}", r"\STATE $t \gets t - 1$", r"\ENDWHILE", r"\ENDFOR"),
        preamble=LYX_PREAMBLE,
    )


def test_a_wrapped_listing_runs_as_the_plain_one():
    wrapped = env(
        r"\REQUIRE $n$",
        r"\STATE $s \gets 0$",
        r"\FOR{$i = 1$ \TO $n$}\forbody{\IF{$i > 2$}\ifthenelsebody{\STATE $s \gets s + i$}{\STATE $s \gets s - 1$}}",
        r"\RETURN $s$",
    )
    assert algoverify.compile(wrapped)(n=5) == 3 + 4 + 5 - 2


def test_a_block_left_open_inside_a_wrapper_is_unclosed_at_its_opener():
    source = env(r"\FOR{$i = 1$ \TO $n$}\forbody{\IF{$c$} \STATE $a \gets 1$}")
    with pytest.raises(LocatedError) as info:
        parse(source)
    assert info.value.rule.code == "AV102" and at(source, info.value.span.start) == (2, 31)
    assert str(info.value).endswith("expected \\ENDIF before }")
