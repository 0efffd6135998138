"""Naming a statement of a listing, as a check's ``expect: runs:`` and friends do: :class:`Statements`.

A statement is named by a ``\\label`` in the listing, by its line in the note, or by a piece
of its source: whitespace does not matter, nor does ``\\frac{a}{b}`` against ``a / b``, and only
single statements match (a block by its header, never by the statements it holds). A reference
that matches nothing, or more than one statement, is a :class:`Resolution` that lists the nearest
statements. The statements a reference may name are those a run counts (``_COUNTED``).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any, Iterator, Sequence

from ...findings import LocatedError
from ...records import frozen
from ...source import SourceFile, Span
from ...syntax import ir

# --- statements -----------------------------------------------------------------------------------

#: What a run counts (its hits): the statements a reference may name. Comments, ``\Require``
#: lines and the arms of an ``\If`` are not counted.
_COUNTED = (
    ir.Assign,
    ir.CallStmt,
    ir.Return,
    ir.TextStatement,
    ir.Print,
    ir.IfBlock,
    ir.WhileBlock,
    ir.ForRange,
    ir.ForAll,
    ir.RepeatUntil,
    ir.LoopBlock,
    ir.UserBlock,
    ir.Function,
)

_LABEL_REF = re.compile(r"\s*\\(?:ref|label)\s*\{\s*([^{}]*?)\s*\}\s*")


@dataclass
class Statement:
    """A statement a reference may name: a simple statement, or a block by its own lines.

    ``text`` is its own source: the whole statement, or a block's header and closer without
    the statements it holds (the pieces joined by a NUL, so a fragment cannot span them).
    """

    node: Any
    line: int
    column: int
    text: str
    shown: str
    squashed: str = field(default="", repr=False)
    #: canonical dumps of its formulas (whole) and of every part of them
    _trees: tuple[set[str], set[str]] | None = field(default=None, repr=False)


@frozen
class Resolution:
    """What a statement reference names: one statement, or the problem and the nearest candidates."""

    statement: Statement | None
    problem: str | None = None
    candidates: tuple[Statement, ...] = ()


class Statements:
    """The statements of one listing, for resolving references to them (``expect: runs:``)."""

    def __init__(self, algorithm: ir.Algorithm, source: SourceFile):
        self.algorithm = algorithm
        self.source = source
        self.all: list[Statement] = []
        for node in ir.walk(algorithm):
            if isinstance(node, _COUNTED) and not (isinstance(node, ir.TextStatement) and node.kind == "remark"):
                pieces = _own_pieces(node)
                text = "\0".join(source.segment(p) for p in pieces)
                line, column = source.line_col(node.span.start)
                first = " ".join(source.segment(pieces[0]).split()) if pieces else ""
                shown = first if len(first) <= 70 else first[:67] + "..."
                self.all.append(Statement(node, line, column, text, shown, squashed=squash(text)))

    def resolve(self, key: Any) -> Resolution:
        """The one statement ``key`` names: a line number, ``\\ref{label}`` or a label's name, or a piece of source."""
        if isinstance(key, bool) or not isinstance(key, (int, str)):
            return Resolution(None, f"statement {key!r}: name it by its line, its \\label or a piece of its source")
        if isinstance(key, int):
            return self._by_line(key)
        explicit = _LABEL_REF.fullmatch(key)
        labels = [label.name for label in self.algorithm.labels]
        if explicit is not None:
            return self._by_label(explicit.group(1), labels)
        if key.strip() in labels or (key.strip() and key.strip() == self.algorithm.label):
            return self._by_label(key.strip(), labels)
        return self._by_text(key)

    def _by_line(self, line: int) -> Resolution:
        found = [s for s in self.all if s.line == line]
        if len(found) == 1:
            return Resolution(found[0])
        if found:
            return Resolution(
                None,
                f"line {line} starts {len(found)} statements: {_listed(found)}; "
                "name one by a piece of its source or a \\label",
                tuple(found),
            )
        near = tuple(sorted(self.all, key=lambda s: (abs(s.line - line), s.line, s.column))[:3])
        return Resolution(None, f"no statement of the listing starts on line {line}; nearest: {_listed(near)}", near)

    def _by_label(self, name: str, labels: list[str]) -> Resolution:
        node = self.algorithm.labelled(name)
        if node is None:
            if name == self.algorithm.label:
                return Resolution(None, f"\\label{{{name}}} labels the whole listing; a count names one statement")
            close = difflib.get_close_matches(name, labels, n=3)
            known = (
                f"; did you mean {', '.join(close)}?"
                if close
                else (f"; its labels: {', '.join(labels)}" if labels else "; it has no \\label")
            )
            return Resolution(None, f"no \\label{{{name}}} in the listing{known}")
        for s in self.all:
            if s.node is node:
                return Resolution(s)
        if isinstance(node, ir.Branch):
            return Resolution(
                None, f"\\label{{{name}}} labels an arm of an \\If; name the \\If, or a statement inside the arm"
            )
        what = "the whole listing" if node is self.algorithm else f"a {type(node).__name__}, which does not run"
        return Resolution(None, f"\\label{{{name}}} labels {what}; a count names one statement")

    def _by_text(self, fragment: str) -> Resolution:
        wanted = squash(fragment)
        if not wanted:
            return Resolution(None, "an empty statement reference; name a statement by its line, \\label or source")
        tree = _fragment_tree(fragment)
        found = [s for s in self.all if _occurs(wanted, s.squashed) or (tree is not None and self._has(s, *tree))]
        if len(found) == 1:
            return Resolution(found[0])
        if found:
            return Resolution(
                None,
                f"`{fragment}` matches {len(found)} statements: {_listed(found)}; "
                "name one by a longer piece of its source, its line or a \\label",
                tuple(found),
            )
        near = tuple(self._nearest(wanted))
        return Resolution(None, f"`{fragment}` matches no statement of the listing; nearest: {_listed(near)}", near)

    def _has(self, s: Statement, tree: str, whole: bool) -> bool:
        """Whether the statement's math has ``tree``: as a whole formula, or anywhere in one."""
        if s._trees is None:
            from ...math import mathexpr as M

            s._trees = (set(), set())
            for latex in _own_math(s.node):
                try:
                    top = M.parse_math(latex)
                except (LocatedError, RecursionError):
                    continue
                s._trees[0].add(_canonical(M.dump(top)))
                s._trees[1].update(_canonical(M.dump(t)) for t in M.walk(top))
        return tree in s._trees[0 if whole else 1]

    def _nearest(self, wanted: str, n: int = 3) -> list[Statement]:
        """The statements most like ``wanted``: the best ratio of a window of their source as long as it."""
        scored = []
        matcher = difflib.SequenceMatcher(autojunk=False)
        matcher.set_seq2(wanted)
        for s in self.all:
            text = s.squashed.replace("\0", " ")
            windows = [text[i : i + len(wanted)] for i in range(max(1, len(text) - len(wanted) + 1))]
            best = 0.0
            for w in windows:
                matcher.set_seq1(w)
                best = max(best, matcher.ratio())
            scored.append((-best, s.line, s.column, s))
        return [s for *_, s in sorted(scored, key=lambda t: t[:3])[:n]]


_CONTROL_WORD_END = re.compile(r"\\[A-Za-z]+$")


def _occurs(wanted: str, text: str) -> bool:
    r"""Whether ``wanted`` is in ``text`` at token boundaries: never starting or ending inside a control word.

    ``s`` is not in ``\dots``, nor ``\lambda`` in ``\lambdax``; ``x`` is in ``x y`` and in ``xy``.
    """
    starts_in_word = wanted[:1].isalpha()
    ends_in_word = _CONTROL_WORD_END.search(wanted) is not None
    at = text.find(wanted)
    while at >= 0:
        i = at
        while starts_in_word and i > 0 and text[i - 1].isalpha():
            i -= 1
        inside = starts_in_word and i > 0 and text[i - 1] == "\\"
        after = text[at + len(wanted) : at + len(wanted) + 1]
        if not inside and not (ends_in_word and after.isalpha()):
            return True
        at = text.find(wanted, at + 1)
    return False


def _listed(statements: Sequence[Statement]) -> str:
    return ", ".join(f"line {s.line} `{s.shown}`" for s in statements)


def _own_pieces(node: Any) -> list[Span]:
    """The spans of a statement's own source: a block without the statements it holds; an ``\\If`` by its header."""
    if isinstance(node, ir.IfBlock):
        first = node.branches[0] if node.branches else None
        if first is not None and first.body:
            end = first.body[0].span.start
        elif len(node.branches) > 1:
            end = node.branches[1].span.start
        else:
            end = node.span.end
        return [Span(node.span.start, max(node.span.start, end))]
    held = sorted(s.span for s in getattr(node, "body", ()) or ())
    pieces, at = [], node.span.start
    for span in held:
        if span.start > at:
            pieces.append(Span(at, span.start))
        at = max(at, span.end)
    if at < node.span.end:
        pieces.append(Span(at, node.span.end))
    return pieces or [node.span]


def _own_math(node: Any) -> Iterator[str]:
    """The LaTeX of each formula of a statement's own (an assignment is one, ``s \\gets s + i``)."""
    if isinstance(node, ir.Assign):  # one formula: its sides are parts of it, not formulas of their own
        yield f"{node.target.latex} {node.op} {node.value.latex}"
        return
    if isinstance(node, ir.IfBlock):
        parts: list[Any] = [node.branches[0].cond] if node.branches else []
    else:
        parts = [getattr(node, f) for f in node.__dataclass_fields__ if f not in ("body", "comment", "span")]
    stack = list(parts)
    while stack:
        part = stack.pop(0)
        if isinstance(part, ir.Math):
            yield part.latex
        elif isinstance(part, ir.Text):
            stack.extend(part.math)
        elif isinstance(part, tuple):
            stack.extend(part)


_STATE_WORD = re.compile(r"\\(?:State|STATE)\b")
_DELIMITED = re.compile(r"\\\((.*?)\\\)|\$(.*?)\$", re.S)


def _fragment_tree(fragment: str) -> tuple[str, bool] | None:
    r"""The canonical math tree of a fragment that is math, and whether it must be a statement's whole formula.

    Math alone (``v / \lVert v \rVert``) may be any part of a statement's formula; a delimited
    formula (``\(…\)``, ``\State \(…\)``) is a whole one. Anything else around the math
    (``\Return``, words) is matched as text only.
    """
    from ...math import mathexpr as M

    segments = _DELIMITED.findall(fragment)
    if segments:
        rest = _STATE_WORD.sub("", _DELIMITED.sub("", fragment))
        if len(segments) != 1 or rest.strip():
            return None
        latex, whole = segments[0][0] or segments[0][1], True
    else:
        latex, whole = fragment, False
    if not latex.strip():
        return None
    try:
        return _canonical(M.dump(M.parse_math(latex))), whole
    except (LocatedError, RecursionError):
        return None


def _canonical(dumped: str) -> str:
    """A math tree's dump with notations of one operation made one: ``\\frac{a}{b}`` is ``a / b``."""
    return dumped.replace("(frac ", "(/ ")


def squash(text: str) -> str:
    r"""Source text for matching: math delimiters dropped, whitespace kept only between two word characters.

    ``\State \(v \gets v / \lVert v \rVert\)`` and ``v\gets v/\lVert v\rVert`` squash alike; the space
    in ``\lVert v`` stays (``\lVertv`` would be another command).
    """
    text = re.sub(r"\\\(|\\\)|(?<!\\)\$", " ", text)
    text = re.sub(r"[ \t\r\n\f\v]+", " ", text).strip()
    return re.sub(r"(?<=[^A-Za-z0-9]) | (?=[^A-Za-z0-9])", "", text)
