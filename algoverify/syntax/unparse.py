r"""IR → LaTeX: print an :mod:`algoverify.syntax.ir` tree back as algpseudocode.

The inverse of :func:`algoverify.syntax.build.parse_algorithm` up to spans and spelling:
parsing the printed text gives the same IR, ignoring spans (``ir.strip_spans``). The
round-trip property test in ``tests/test_unparse.py`` holds it to that. Legacy
``\PRINT`` is the one uppercase form printed, as algpseudocode has no print statement.
A listing's ``\label``\ s are printed after the line of what they label, its float text
lines after the caption, and the blocks it defines itself (:class:`ir.UserBlock`) as
``\algblockdefx``/``\algloopdefx`` lines at the top of ``algorithmic``, so that the
printed listing reads back alone.
"""

from __future__ import annotations

import dataclasses
from typing import Union

from ..source import Span
from . import ir

__all__ = ["unparse", "unparse_text", "unparse_math"]

_INDENT = "    "


def unparse(node: Union[ir.Algorithm, ir.Node], *, indent: str = _INDENT) -> str:
    """Return ``node`` as LaTeX: a whole listing for an :class:`ir.Algorithm`, else its lines."""
    printer = _Printer(indent)
    if isinstance(node, ir.Algorithm):
        return printer.algorithm(node)
    printer.visit(node)
    return "\n".join(printer.lines) + "\n"


def unparse_math(math: ir.Math) -> str:
    """Return ``math`` in inline delimiters."""
    return f"\\({math.latex}\\)"


def unparse_text(text: ir.Text) -> str:
    r"""Return ``text``'s LaTeX: its raw parts, with math back in ``\( \)``."""
    return "".join(part if isinstance(part, str) else unparse_math(part) for part in text.parts)


def _cond(cond: Union[ir.Math, ir.Text]) -> str:
    return unparse_math(cond) if isinstance(cond, ir.Math) else unparse_text(cond)


def _comment(comment: ir.Comment | None) -> str:
    return "" if comment is None else f" \\Comment{{{unparse_text(comment.text)}}}"


def _maths(values: tuple[ir.Math, ...]) -> str:
    r"""Several values; each run cut out of one math segment (``delimited=False``) shares one again.

    A lone cut-out value keeps a trailing comma (``\(a,\)``): printed bare it would read
    back as a whole segment.
    """
    out: list[str] = []
    run: list[str] = []
    for value in (*values, None):
        if value is not None and value.latex.startswith("\\Call{"):
            value = ir.Math(value.span, value.latex, True)  # a \Call as written stands alone
        if value is not None and not value.delimited:
            run.append(value.latex)
            continue
        if run:
            out.append(f"\\({', '.join(run)}{',' if len(run) == 1 else ''}\\)")
            run = []
        if value is not None:
            out.append(value.latex if value.latex.startswith("\\Call{") else unparse_math(value))
    return ", ".join(out)


class _Printer(ir.NodeVisitor):
    """Collects the lines of a listing; one ``visit_*`` per statement class."""

    def __init__(self, indent: str) -> None:
        self.lines: list[str] = []
        self._indent = indent
        self._depth = 0
        self._labels: dict[Span, list[str]] = {}

    def algorithm(self, node: ir.Algorithm) -> str:
        """Print a whole listing, in an ``algorithm`` float when it has a caption, label or text lines."""
        for label in node.labels:
            self._labels.setdefault(label.target, []).append(label.name)
        floating = node.caption is not None or node.label is not None or bool(node.texts)
        if floating:
            self.lines.append("\\begin{algorithm}")
            if node.caption is not None:
                self.lines.append(f"\\caption{{{unparse_text(node.caption)}}}")
            if node.label is not None:
                self.lines.append(f"\\label{{{node.label}}}")
            self.lines.extend(unparse_text(text) for text in node.texts)
        self.lines.append("\\begin{algorithmic}[1]" if node.numbered else "\\begin{algorithmic}")
        self.lines[-1] += "".join(f"\\label{{{name}}}" for name in self._labels.pop(node.span, ()))
        self.lines.extend(_definitions(node))
        self._body(node.body, deeper=False)
        self.lines.append("\\end{algorithmic}")
        if floating:
            self.lines.append("\\end{algorithm}")
        return "\n".join(self.lines) + "\n"

    def _line(self, text: str, node: ir.Node | None = None) -> None:
        labels = self._labels.get(node.span, ()) if node is not None else ()
        self.lines.append(self._indent * self._depth + text + "".join(f" \\label{{{name}}}" for name in labels))

    def _body(self, body: tuple[ir.Statement, ...], deeper: bool = True) -> None:
        self._depth += deeper
        for statement in body:
            self.visit(statement)
        self._depth -= deeper

    # -- simple statements -------------------------------------------------------------

    def visit_Assign(self, node: ir.Assign) -> None:  # noqa: N802 - NodeVisitor dispatches on class names
        r"""``\State \(target op value\)``."""
        self._line(f"\\State \\({node.target.latex} {node.op} {node.value.latex}\\){_comment(node.comment)}", node)

    def visit_CallStmt(self, node: ir.CallStmt) -> None:  # noqa: N802
        r"""``\State \Call{Name}{args}``."""
        args = ", ".join(unparse_math(a) if a.delimited else a.latex for a in node.args)
        self._line(f"\\State \\Call{{{node.name}}}{{{args}}}{_comment(node.comment)}", node)

    def visit_Return(self, node: ir.Return) -> None:  # noqa: N802
        r"""``\Return`` and its values (or its text)."""
        if node.text is not None:
            what = unparse_text(node.text)
        else:
            what = _maths(node.values) if node.values else ""
        self._line(f"\\Return {what}".rstrip() + _comment(node.comment), node)

    def visit_TextStatement(self, node: ir.TextStatement) -> None:  # noqa: N802
        r"""``\State`` and English; ``\Statex`` for a remark."""
        keyword = "\\Statex" if node.kind == "remark" else "\\State"
        self._line(f"{keyword} {unparse_text(node.text)}{_comment(node.comment)}", node)

    def visit_Print(self, node: ir.Print) -> None:  # noqa: N802
        r"""``\PRINT`` (legacy ``algorithmic``)."""
        self._line(f"\\PRINT {unparse_text(node.text)}".rstrip() + _comment(node.comment), node)

    def visit_Condition(self, node: ir.Condition) -> None:  # noqa: N802
        r"""``\Require``, ``\Ensure``, ``\Input``, ``\Output``; a continued one with its ``\Statex`` lines."""
        parts = node.text.parts
        cuts = [i for i, part in enumerate(parts) if part == "\n"]  # where the builder joined a \Statex
        if not cuts:
            self._line(f"\\{node.kind.capitalize()} {unparse_text(node.text)}".rstrip() + _comment(node.comment), node)
            return
        pieces = [parts[a + 1 : b] for a, b in zip([-1, *cuts], [*cuts, len(parts)])]
        head = unparse_text(dataclasses.replace(node.text, parts=pieces[0]))
        self._line(f"\\{node.kind.capitalize()} {head}".rstrip(), node)
        for i, piece in enumerate(pieces[1:], start=1):
            line = f"\\Statex {unparse_text(dataclasses.replace(node.text, parts=piece))}".rstrip()
            self._line(line + (_comment(node.comment) if i == len(pieces) - 1 else ""))

    def visit_Comment(self, node: ir.Comment) -> None:  # noqa: N802
        r"""A comment on a line of its own: inside ``\State``, or it would join the previous line."""
        self._line(f"\\State{_comment(node)}", node)

    # -- blocks --------------------------------------------------------------------------

    def visit_IfBlock(self, node: ir.IfBlock) -> None:  # noqa: N802
        r"""``\If`` … ``\ElsIf`` … ``\Else`` … ``\EndIf``."""
        for i, branch in enumerate(node.branches):
            if branch.cond is None:
                head = "\\Else"
            else:
                head = f"\\{'If' if i == 0 else 'ElsIf'}{{{_cond(branch.cond)}}}"
            self._line(head + _comment(branch.comment), node if i == 0 else branch)
            self._body(branch.body)
        self._line("\\EndIf")

    def visit_WhileBlock(self, node: ir.WhileBlock) -> None:  # noqa: N802
        r"""``\While{cond}`` … ``\EndWhile``."""
        self._line(f"\\While{{{_cond(node.cond)}}}{_comment(node.comment)}", node)
        self._body(node.body)
        self._line("\\EndWhile")

    def visit_ForRange(self, node: ir.ForRange) -> None:  # noqa: N802
        r"""``\For{\(i = a, \dots, b\)}``; ``\(i \gets a\) \To \(b\)`` if the stop was its own segment."""
        var, start, stop = node.var.latex, node.start.latex, node.stop.latex
        if node.stop.delimited:
            word = "downto" if node.direction == "down" else "\\To"
            head = f"\\({var} \\gets {start}\\) {word} \\({stop}\\)"
            if node.step is not None:
                head += f" step \\({node.step.latex}\\)"
        elif node.second is not None:
            head = f"\\({var} = {start}, {node.second.latex}, \\dots, {stop}\\)"
        else:
            head = f"\\({var} = {start}, \\dots, {stop}\\)"
        self._line(f"\\For{{{head}}}{_comment(node.comment)}", node)
        self._body(node.body)
        self._line("\\EndFor")

    def visit_ForAll(self, node: ir.ForAll) -> None:  # noqa: N802
        r"""``\ForAll{header}`` … ``\EndFor``."""
        self._line(f"\\ForAll{{{_cond(node.header)}}}{_comment(node.comment)}", node)
        self._body(node.body)
        self._line("\\EndFor")

    def visit_RepeatUntil(self, node: ir.RepeatUntil) -> None:  # noqa: N802
        r"""``\Repeat`` … ``\Until{cond}``."""
        self._line(f"\\Repeat{_comment(node.comment)}", node)
        self._body(node.body)
        self._line(f"\\Until{{{_cond(node.cond)}}}")

    def visit_LoopBlock(self, node: ir.LoopBlock) -> None:  # noqa: N802
        r"""``\Loop`` … ``\EndLoop``."""
        self._line(f"\\Loop{_comment(node.comment)}", node)
        self._body(node.body)
        self._line("\\EndLoop")

    def visit_Function(self, node: ir.Function) -> None:  # noqa: N802
        r"""``\Function{Name}{params}`` or ``\Procedure``, its body, and the closing keyword."""
        keyword = node.kind.capitalize()
        params = _maths(node.params) if node.params else ""
        self._line(f"\\{keyword}{{{node.name}}}{{{params}}}{_comment(node.comment)}", node)
        self._body(node.body)
        self._line(f"\\End{keyword}")

    def visit_UserBlock(self, node: ir.UserBlock) -> None:  # noqa: N802
        r"""A block the paper defined: its opener and arguments, the body, its closer and arguments."""
        args = "".join(f"{{{_cond(a)}}}" for a in node.args)
        self._line(f"{node.opener}{args}{_comment(node.comment)}", node)
        self._body(node.body)
        if node.closer is not None:
            self._line(node.closer + "".join(f"{{{_cond(a)}}}" for a in node.closer_args))


def _definitions(node: ir.Algorithm) -> list[str]:
    r"""``\algblockdefx``/``\algloopdefx`` lines for the blocks ``node`` defines itself, once each."""
    out: list[str] = []
    for block in ir.walk(node):
        if not isinstance(block, ir.UserBlock):
            continue
        if block.closer is None:
            line = f"\\algloopdefx[{block.kind}]{{{block.opener[1:]}}}[{len(block.args)}]{{}}"
        else:
            line = (
                f"\\algblockdefx[{block.kind}]{{{block.opener[1:]}}}{{{block.closer[1:]}}}"
                f"[{len(block.args)}]{{}}[{len(block.closer_args)}]{{}}"
            )
        if line not in out:
            out.append(line)
    return out
