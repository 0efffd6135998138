"""Spans and the line index: offsets ↔ (line, column) on any text."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from algoverify.source import LineIndex, SourceFile, Span, excerpt


@pytest.mark.parametrize(
    "text, offset, expected",
    [
        ("abc", 0, (1, 1)),
        ("abc", 2, (1, 3)),
        ("ab\ncd", 3, (2, 1)),
        ("ab\r\ncd", 4, (2, 1)),
        ("ab\r\ncd", 5, (2, 2)),
        ("ab\rcd", 3, (2, 1)),
        ("λx\nμy", 4, (2, 2)),  # columns count code points, not UTF-8 bytes
        ("a\n", 2, (2, 1)),
        ("", 0, (1, 1)),
    ],
)
def test_line_col(text, offset, expected):
    assert LineIndex(text).line_col(offset) == expected


def test_line_col_clamps_past_end():
    assert LineIndex("ab").line_col(99) == (1, 3)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab λ\n\r\t\u00e9\U0001f600")), max_size=60), st.data())
def test_offset_round_trip(text, data):
    index = LineIndex(text)
    offset = data.draw(st.integers(0, len(text)))
    # An offset between \r and \n is not a position an editor can show; skip it.
    if 0 < offset < len(text) and text[offset - 1] == "\r" and text[offset] == "\n":
        return
    line, col = index.line_col(offset)
    assert index.offset(line, col) == offset
    assert 1 <= line <= index.line_count


def test_span_rejects_reversed():
    with pytest.raises(ValueError):
        Span(3, 2)


def test_span_contains_and_cover():
    assert Span(2, 4) in Span(0, 10)
    assert Span(0, 11) not in Span(0, 10)
    assert 3 in Span(2, 4) and 4 not in Span(2, 4)
    assert Span(2, 4).cover(Span(8, 9)) == Span(2, 9)
    assert Span(1, 2).shift(10) == Span(11, 12)


def test_excerpt_marks_the_span():
    src = SourceFile("n.md", "first\n  \\State x\nlast\n")
    start = src.text.index("\\State")
    out = excerpt(src, Span(start, start + 6))
    assert out.splitlines() == ["2 |   \\State x", "  |   ^^^^^^"]
    assert src.location(Span(start, start + 1)) == "n.md:2:3"
