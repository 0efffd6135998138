r"""IR → typeset rows: a listing laid out as algorithmicx prints it, for displays (a notebook's).

In: an :class:`~algoverify.syntax.ir.Algorithm` and the note's ``line_col``. Out: :class:`Row`\ s,
one per printed line, each with its depth, its :class:`Piece`\ s (keywords, math, words,
function names), its comment, the note's line it stands for, and the nodes whose runs it
counts. The pieces are raw: a renderer escapes them for its format (HTML, Markdown) and puts
math in its own delimiters. Statements written on one source line are one row (``w ← Av;
λ ← ‖w‖``), as algorithmicx prints them.
"""

from __future__ import annotations

import dataclasses
from typing import Callable, Union

from ..records import frozen
from . import ir
from .plaintext import to_plain

__all__ = ["Piece", "Row", "typeset", "KEYWORD", "MATH", "TEXT", "NAME"]

#: kinds of :class:`Piece`
KEYWORD, MATH, TEXT, NAME = "keyword", "math", "text", "name"


@frozen
class Piece:
    """A run of one kind: a keyword (``while``), math (LaTeX, undelimited), plain words, a function's name."""

    kind: str
    text: str


@frozen
class Row:
    """One printed line of a listing.

    ``nodes`` are the statements (or the block whose header this is) whose hits the row shows:
    empty for a line that runs nothing of its own (``end while``, ``Require:``, a comment).
    """

    depth: int
    pieces: tuple[Piece, ...]
    line: int
    nodes: tuple[ir.Node, ...] = ()
    comment: tuple[Piece, ...] = ()


LineCol = Callable[[int], "tuple[int, int]"]


def typeset(algorithm: ir.Algorithm, line_col: LineCol) -> list[Row]:
    """The rows of ``algorithm``'s body, in order (its caption is :func:`text_pieces` of ``algorithm.caption``)."""
    setter = _Setter(line_col)
    for text in algorithm.texts:
        setter.row(text_pieces(text), text.span.start)
    setter.body(algorithm.body, deeper=False)
    return _joined(setter.rows)


def text_pieces(text: ir.Text) -> tuple[Piece, ...]:
    """A :class:`ir.Text` as words and math: its raw LaTeX words made readable (``\\textbf{x}`` → x)."""
    out: list[Piece] = []
    for part in text.parts:
        if isinstance(part, ir.Math):
            out.append(Piece(MATH, part.latex))
            continue
        words = to_plain(part)
        if words:  # to_plain collapses the spaces at the edges, which separate words from math
            lead = " " if part[:1].isspace() and out else ""
            tail = " " if part[-1:].isspace() else ""
            out.append(Piece(TEXT, lead + words + tail))
        elif part.strip() == "" and part and out:
            out.append(Piece(TEXT, " "))
    return tuple(out)


def _cond(cond: Union[ir.Math, ir.Text]) -> tuple[Piece, ...]:
    return (Piece(MATH, cond.latex),) if isinstance(cond, ir.Math) else text_pieces(cond)


def _comment(comment: ir.Comment | None) -> tuple[Piece, ...]:
    return () if comment is None else text_pieces(comment.text)


def _kw(word: str) -> Piece:
    return Piece(KEYWORD, word)


class _Setter(ir.NodeVisitor):
    """Collects the rows; one ``visit_*`` per statement class, as :mod:`.unparse` prints them."""

    def __init__(self, line_col: LineCol) -> None:
        self.rows: list[Row] = []
        self._line_col = line_col
        self._depth = 0

    def row(
        self,
        pieces: tuple[Piece, ...],
        at: int,
        node: ir.Node | None = None,
        comment: ir.Comment | None = None,
    ) -> None:
        """Add a row for the source line at offset ``at``; ``node`` is what runs on it."""
        nodes = (node,) if node is not None else ()
        self.rows.append(Row(self._depth, pieces, self._line_col(at)[0], nodes, _comment(comment)))

    def end(self, words: str, node: ir.Node) -> None:
        """The closing line of a block, at the line of its last character (``\\EndWhile``)."""
        self.row((_kw(words),), max(node.span.start, node.span.end - 1))

    def body(self, body: tuple[ir.Statement, ...], deeper: bool = True) -> None:
        """Each statement of a block, one level deeper."""
        self._depth += deeper
        for statement in body:
            self.visit(statement)
        self._depth -= deeper

    # -- simple statements -------------------------------------------------------------

    def visit_Assign(self, node: ir.Assign) -> None:  # noqa: N802 - NodeVisitor dispatches on class names
        """``target ← value``, with the arrow as written."""
        math = Piece(MATH, f"{node.target.latex} {node.op} {node.value.latex}")
        self.row((math,), node.span.start, node, node.comment)

    def visit_CallStmt(self, node: ir.CallStmt) -> None:  # noqa: N802
        """``Name(args)``, the name in small capitals as algpseudocode sets it."""
        args = ", ".join(a.latex for a in node.args)
        self.row((Piece(NAME, node.name), Piece(MATH, f"({args})")), node.span.start, node, node.comment)

    def visit_Return(self, node: ir.Return) -> None:  # noqa: N802
        """``return`` and its values (or its words)."""
        if node.text is not None:
            what = text_pieces(node.text)
        else:
            what = (Piece(MATH, ", ".join(v.latex for v in node.values)),) if node.values else ()
        self.row((_kw("return"), *what), node.span.start, node, node.comment)

    def visit_TextStatement(self, node: ir.TextStatement) -> None:  # noqa: N802
        """English with its math; a remark (``\\Statex``) runs nothing."""
        self.row(text_pieces(node.text), node.span.start, None if node.kind == "remark" else node, node.comment)

    def visit_Print(self, node: ir.Print) -> None:  # noqa: N802
        """``print`` and its words."""
        self.row((_kw("print"), *text_pieces(node.text)), node.span.start, node, node.comment)

    def visit_Condition(self, node: ir.Condition) -> None:  # noqa: N802
        """``Require:`` and its text; a continued one (``\\Statex`` lines) on rows of their own."""
        parts = node.text.parts
        cuts = [i for i, part in enumerate(parts) if part == "\n"]  # where the builder joined a \Statex
        pieces = [parts[a + 1 : b] for a, b in zip([-1, *cuts], [*cuts, len(parts)])]
        for i, piece in enumerate(pieces):
            text = ir.Text(node.text.span, piece, "")
            at = next((p.span.start for p in piece if isinstance(p, ir.Math)), node.span.start)
            head = (_kw(f"{node.kind.capitalize()}:"),) if i == 0 else ()
            self.row((*head, *text_pieces(text)), node.span.start if i == 0 else at)
        if node.comment is not None:
            self.rows[-1] = dataclasses.replace(self.rows[-1], comment=_comment(node.comment))

    def visit_Comment(self, node: ir.Comment) -> None:  # noqa: N802
        """A comment on a line of its own."""
        self.row((), node.span.start, None, node)

    # -- blocks --------------------------------------------------------------------------

    def visit_IfBlock(self, node: ir.IfBlock) -> None:  # noqa: N802
        """``if … then``, ``else if … then``, ``else``, ``end if``: an arm after the first counts its own runs."""
        for i, branch in enumerate(node.branches):
            if branch.cond is None:
                head: tuple[Piece, ...] = (_kw("else"),)
            else:
                head = (_kw("if" if i == 0 else "else if"), *_cond(branch.cond), _kw("then"))
            self.row(head, branch.span.start if i else node.span.start, node if i == 0 else branch, branch.comment)
            self.body(branch.body)
        self.end("end if", node)

    def visit_WhileBlock(self, node: ir.WhileBlock) -> None:  # noqa: N802
        """``while … do`` … ``end while``."""
        self.row((_kw("while"), *_cond(node.cond), _kw("do")), node.span.start, node, node.comment)
        self.body(node.body)
        self.end("end while", node)

    def visit_ForRange(self, node: ir.ForRange) -> None:  # noqa: N802
        """``for i = a, …, b do`` (``i ← a to b`` when the stop was written apart) … ``end for``."""
        var, start, stop = node.var.latex, node.start.latex, node.stop.latex
        if node.stop.delimited:
            head = [Piece(MATH, f"{var} \\gets {start}"), _kw("downto" if node.direction == "down" else "to")]
            head.append(Piece(MATH, stop))
            if node.step is not None:
                head += [_kw("step"), Piece(MATH, node.step.latex)]
        elif node.second is not None:
            head = [Piece(MATH, f"{var} = {start}, {node.second.latex}, \\dots, {stop}")]
        else:
            head = [Piece(MATH, f"{var} = {start}, \\dots, {stop}")]
        self.row((_kw("for"), *head, _kw("do")), node.span.start, node, node.comment)
        self.body(node.body)
        self.end("end for", node)

    def visit_ForAll(self, node: ir.ForAll) -> None:  # noqa: N802
        """``for all … do`` … ``end for``."""
        self.row((_kw("for all"), *_cond(node.header), _kw("do")), node.span.start, node, node.comment)
        self.body(node.body)
        self.end("end for", node)

    def visit_RepeatUntil(self, node: ir.RepeatUntil) -> None:  # noqa: N802
        """``repeat`` … ``until …``."""
        self.row((_kw("repeat"),), node.span.start, node, node.comment)
        self.body(node.body)
        self.row((_kw("until"), *_cond(node.cond)), node.cond.span.start)

    def visit_LoopBlock(self, node: ir.LoopBlock) -> None:  # noqa: N802
        """``loop`` … ``end loop``."""
        self.row((_kw("loop"),), node.span.start, node, node.comment)
        self.body(node.body)
        self.end("end loop", node)

    def visit_Function(self, node: ir.Function) -> None:  # noqa: N802
        """``function Name(params)`` (or ``procedure``) … ``end function``."""
        params = ", ".join(p.latex for p in node.params)
        head = (_kw(node.kind.lower()), Piece(NAME, node.name), Piece(MATH, f"({params})"))
        self.row(head, node.span.start, node, node.comment)
        self.body(node.body)
        self.end(f"end {node.kind.lower()}", node)

    def visit_UserBlock(self, node: ir.UserBlock) -> None:  # noqa: N802
        """A block the paper defined: its opener's name and arguments, the body, its closer."""
        head = [_kw(node.opener.lstrip("\\"))]
        for arg in node.args:
            head.extend(_cond(arg))
        self.row(tuple(head), node.span.start, node, node.comment)
        self.body(node.body)
        if node.closer is not None:
            tail = [_kw(node.closer.lstrip("\\"))]
            for arg in node.closer_args:
                tail.extend(_cond(arg))
            self.row(tuple(tail), max(node.span.start, node.span.end - 1))


def _joined(rows: list[Row]) -> list[Row]:
    """Statements that share a source line and a depth as one row, joined by ``;`` (``w ← Av; λ ← ‖w‖``).

    Only rows that each run one simple statement are joined: a block's header stays the head of
    its block, even when its body is written on the same line.
    """
    out: list[Row] = []
    for row in rows:
        prev = out[-1] if out else None
        if (
            prev is not None
            and prev.line == row.line
            and prev.depth == row.depth
            and _simple(prev)
            and _simple(row)
            and not prev.comment
        ):
            pieces = (*prev.pieces, Piece(TEXT, "; "), *row.pieces)
            out[-1] = dataclasses.replace(prev, pieces=pieces, nodes=(*prev.nodes, *row.nodes), comment=row.comment)
        else:
            out.append(row)
    return out


_SIMPLE = (ir.Assign, ir.CallStmt, ir.TextStatement, ir.Print)


def _simple(row: Row) -> bool:
    return bool(row.nodes) and all(isinstance(n, _SIMPLE) for n in row.nodes)
