r"""The mutants of a listing: one small, plausible bug each, as edits of the note's text.

Each operator reads the listing's IR and the math trees of its segments, and writes its change
where the note has the text it changes (every node knows its span), so a mutant is the note
with one or two edits: what the author would have written had they slipped. The operators
are the classic ones of mutation testing, on pseudocode:

* ``operator``: an arithmetic operator swapped (``+`` ↔ ``-``, a product ↔ a quotient);
* ``condition``: a loop's or a branch's relation negated (``<`` → ``\geq``), or its boundary
  moved (``<`` → ``\leq``);
* ``bound``: a ``\For`` loop's first or last value moved by one;
* ``constant``: ``0`` ↔ ``1``, any other number doubled;
* ``term``: one term of a sum or a difference dropped (the ε of ``v + \varepsilon``);
* ``swap``: the operands of a difference, a quotient or a product of matrices swapped;
* ``variable``: a name read replaced by another name of the listing;
* ``statement``: an assignment dropped;
* ``loop``: the last assignment of a loop moved after it, or the one after a loop moved into it.

Only values are mutated (right-hand sides, conditions, bounds, returned values), never what a
statement assigns to: a changed target is a different listing, not a slip in this one.
"""

from __future__ import annotations

import re
from typing import Iterator, Sequence

from ..findings import LocatedError
from ..math import mathtree as M
from ..math.mathcommands import GREEK_LETTERS
from ..math.names import identifier, labelled
from ..math.segments import parse_segment
from ..records import frozen
from ..source import Span
from ..syntax import ir

__all__ = ["Edit", "Mutant", "mutants", "OPERATORS"]

#: The operators, in the order their mutants are listed.
OPERATORS = ("operator", "condition", "bound", "constant", "term", "swap", "variable", "statement", "loop")


@frozen
class Edit:
    """Replace the note's text at ``span`` by ``text``."""

    span: Span
    text: str


@frozen
class Mutant:
    """One mutant of one listing: its edits of the note, what it does, and the math it changes.

    ``segment`` is the math segment the edits fall in (``None`` for a statement moved or dropped):
    the equivalence test compares that segment's formula before and after.
    """

    listing: int
    operator: str
    description: str
    edits: tuple[Edit, ...]
    segment: ir.Math | None = None

    @property
    def span(self) -> Span:
        """Where the first edit is: the position a report gives."""
        return min((e.span for e in self.edits), key=lambda s: s.start)

    def apply(self, text: str) -> str:
        """The note's text with this mutant's edits made."""
        for edit in sorted(self.edits, key=lambda e: e.span.start, reverse=True):
            text = text[: edit.span.start] + edit.text + text[edit.span.end :]
        return text


#: How each arithmetic operator is written, and what it becomes.
_ARITHMETIC = {
    "+": (r"\+", "-"),
    "-": (r"-", "+"),
    "*": (r"\*", "/"),
    "cdot": (r"\\cdot(?![a-zA-Z])", "/"),
    "times": (r"\\times(?![a-zA-Z])", "/"),
    "/": (r"/", r"\cdot"),
}
#: A relation's spellings, its negation and its boundary moved.
_RELATIONS = {
    "<": (r"<|\\lt(?![a-zA-Z])", r"\geq", r"\leq"),
    "<=": (r"\\leqslant|\\leq?(?![a-zA-Z])", ">", "<"),
    ">": (r">|\\gt(?![a-zA-Z])", r"\leq", r"\geq"),
    ">=": (r"\\geqslant|\\geq?(?![a-zA-Z])", "<", ">"),
    "=": (r"=", r"\neq", None),
    "!=": (r"\\neq?(?![a-zA-Z])", "=", None),
}
_ATOMIC = (M.Sym, M.Num, M.Idx, M.Call, M.Norm, M.Abs, M.Pow, M.Frac, M.Sqrt, M.Transpose, M.Inverse)


def mutants(algorithm: ir.Algorithm, text: str, listing: int) -> list[Mutant]:
    """Every mutant of ``algorithm`` (a listing of the note whose text is ``text``), in the order of ``OPERATORS``.

    A segment that does not parse is left alone (lint says what is wrong with it). Two mutants
    that make the same text are one.
    """
    maker = _Maker(algorithm, text, listing)
    found = [m for op in OPERATORS for m in getattr(maker, "by_" + op)()]
    seen: set[tuple[Edit, ...]] = set()
    out = []
    for m in found:
        key = tuple(sorted(m.edits, key=lambda e: e.span.start))
        if key not in seen and all(text[e.span.start : e.span.end] != e.text for e in m.edits):
            seen.add(key)
            out.append(m)
    return out


class _Maker:
    def __init__(self, algorithm: ir.Algorithm, text: str, listing: int) -> None:
        self.algorithm, self.text, self.listing = algorithm, text, listing
        self.values: list[tuple[ir.Math, M.MathNode]] = []  # each value segment and its tree
        self.conditions: list[tuple[ir.Math, M.MathNode]] = []
        self.bounds: list[ir.Math] = []
        #: what a ``\Return`` names: the listing's outputs, whose names a spec compares
        self.outputs: set[int] = set()
        self.returned: set[int] = set()  # the trees a \Return writes, whole
        for node in ir.walk(algorithm):
            for role, math in _segments(node):
                tree = _tree(math)
                if tree is None:
                    continue
                if role == "bound":
                    self.bounds.append(math)
                if role == "output":
                    self.returned.add(id(tree))
                    if isinstance(tree, M.Sym):
                        self.outputs.add(id(tree))
                    # a family returned by its members (\sigma_1^2, \dots, \sigma_n^2): its letter is the output's name
                    for n in M.walk(tree):
                        if isinstance(n, M.Range):
                            self.outputs.update(id(r) for r in M.walk(n) if isinstance(r, M.Sym) and _is_root(r, n))
                (self.conditions if role == "condition" else self.values).append((math, tree))
        #: the indices of sums and products (i of \sum_{i=1}^{d}): bound there, no variable of the listing
        self.bound: set[str] = set()
        #: the letters of a name with a word for subscript (\tau and \max of \tau_{\max}): one name, read whole
        self.spelt: set[int] = {
            id(inner)
            for _, n in self._nodes(self.values, self.conditions)
            if isinstance(n, M.Idx) and labelled(n)
            for inner in M.walk(n)
        }
        self.names = self._names()

    def _mutant(self, operator: str, description: str, *edits: Edit, segment: ir.Math | None = None) -> Mutant:
        # a command put before a letter (`/` → \cdot in `(p-1)/q_i`) is kept apart from it: never \cdotq_i
        spaced = tuple(
            Edit(e.span, e.text + " ") if re.search(r"\\[A-Za-z]+$", e.text) and self._letter_at(e.span.end) else e
            for e in edits
        )
        return Mutant(self.listing, operator, description, spaced, segment)

    def _letter_at(self, offset: int) -> bool:
        return offset < len(self.text) and self.text[offset].isalpha()

    def _written(self, node: M.MathNode) -> str:
        return self.text[node.span.start : node.span.end]

    def _nodes(self, *pools: list[tuple[ir.Math, M.MathNode]]) -> Iterator[tuple[ir.Math, M.MathNode]]:
        for pool in pools:
            for math, tree in pool:
                for node in M.walk(tree):
                    yield math, node

    # --- the operators ---

    def by_operator(self) -> Iterator[Mutant]:
        for math, node in self._nodes(self.values, self.conditions):
            if isinstance(node, M.BinOp) and node.op in _ARITHMETIC:
                pattern, other = _ARITHMETIC[node.op]
                at = self._between(node.left, node.right, pattern)
                if at is not None:
                    written = self.text[at.start : at.end]
                    yield self._mutant("operator", f"{written} → {other}", Edit(at, other), segment=math)

    def by_condition(self) -> Iterator[Mutant]:
        for math, node in self._nodes(self.conditions):
            if not isinstance(node, M.Rel) or len(node.rest) != 1:
                continue
            op, right = node.rest[0]
            if op not in _RELATIONS:
                continue
            pattern, negated, boundary = _RELATIONS[op]
            at = self._between(node.first, right, pattern)
            if at is None:
                continue
            written = self.text[at.start : at.end]
            yield self._mutant("condition", f"{written} → {negated} (negated)", Edit(at, negated), segment=math)
            if boundary is not None:
                yield self._mutant("condition", f"{written} → {boundary} (boundary)", Edit(at, boundary), segment=math)

    def by_bound(self) -> Iterator[Mutant]:
        for math in self.bounds:
            written = math.latex.strip()
            at = Span(math.span.start, math.span.start + len(math.latex.rstrip()))
            for shift in ("+ 1", "- 1"):
                yield self._mutant(
                    "bound", f"{written} → {written} {shift}", Edit(at, f"{written} {shift}"), segment=math
                )

    def by_constant(self) -> Iterator[Mutant]:
        spelt = {  # the 2 of \sigma^{2}, a name of the listing: a letter of the name, not a number
            id(n.exp) for _, n in self._nodes(self.values, self.conditions) if isinstance(n, M.Pow) and self._named(n)
        }
        for math, node in self._nodes(self.values, self.conditions):
            if isinstance(node, M.Num) and id(node) not in spelt:
                new = {"0": "1", "1": "0"}.get(node.text) or _doubled(node.text)
                if new is not None:
                    yield self._mutant("constant", f"{node.text} → {new}", Edit(node.span, new), segment=math)

    def by_term(self) -> Iterator[Mutant]:
        for math, node in self._nodes(self.values, self.conditions):
            if isinstance(node, M.BinOp) and node.op in ("+", "-"):
                whole = self._written(node)
                kept = [node.left] if node.op == "-" else [node.left, node.right]
                for keep in kept:
                    if id(node) in self.returned and isinstance(keep, M.Sym):
                        continue  # \Return \(\gamma \hat{x} + \beta\) → \(\beta\): an output of another name
                    dropped = node.right if keep is node.left else node.left
                    yield self._mutant(
                        "term",
                        f"{whole} → {self._written(keep)} (drops {self._written(dropped)})",
                        Edit(node.span, self._written(keep)),
                        segment=math,
                    )

    def by_swap(self) -> Iterator[Mutant]:
        for math, node in self._nodes(self.values, self.conditions):
            if isinstance(node, M.BinOp) and node.op in ("-", "/"):
                at = self._between(node.left, node.right, _ARITHMETIC[node.op][0])
                if at is None:
                    continue
                written = self.text[at.start : at.end]
                new = f"{self._operand(node.right)} {written} {self._operand(node.left)}"
            elif isinstance(node, M.Frac):
                new = rf"\frac{{{self._written(node.den)}}}{{{self._written(node.num)}}}"
            elif isinstance(node, M.Juxt) and _matrix(node.left) and _matrix(node.right):
                new = f"{self._written(node.right)} {self._written(node.left)}"
            else:
                continue
            whole = self._written(node)
            yield self._mutant("swap", f"{whole} → {new}", Edit(node.span, new), segment=math)

    def by_variable(self) -> Iterator[Mutant]:
        arrays = {
            identifier(n.base)
            for _, n in self._nodes(self.values, self.conditions)
            if isinstance(n, M.Idx) and id(n) not in self.spelt
        }
        for math, node in self._nodes(self.values, self.conditions):
            if not isinstance(node, M.Sym) or id(node) in self.outputs or id(node) in self.spelt:
                continue  # a returned name is the output's name: another is another interface
            name = identifier(node)
            if name not in self.names:
                continue
            # another name of the same kind (an array for an array) that holds a value here: an
            # input, or a name a statement before this one assigned
            kin = [
                n
                for n in self._in_scope(node.span.start)
                if n != name
                and (n in arrays) == (name in arrays)
                and _plain(self.names[n])
                and n not in self.powered  # \sigma of \sigma_i^2 \gets V is no name without its power
            ]
            if not kin:
                continue
            written, new = self._written(node), self.names[kin[0]]
            yield self._mutant("variable", f"{written} → {new}", Edit(node.span, new), segment=math)

    def _in_scope(self, offset: int) -> list[str]:
        """The names that hold a value at ``offset``: inputs (never assigned) and names assigned before it."""
        first_set = {name: at for at, name in reversed(self.assigned)}
        out = []
        for name in self.names:
            at = first_set.get(name)
            if at is None or at < offset:
                out.append(name)
        return out

    def by_statement(self) -> Iterator[Mutant]:
        for node in ir.walk(self.algorithm):
            if isinstance(node, ir.Assign):
                lines = self._own_lines(node.span)
                at = lines if lines is not None else self._in_line(node.span)
                shown = self.text[node.span.start : node.span.end].strip()
                yield self._mutant("statement", f"dropped: {_short(shown)}", Edit(at, ""))

    def _in_line(self, span: Span) -> Span:
        r"""What to cut to drop one of several statements on a line: its math and one separator beside it.

        ``\State \(a \gets 1\); \(b \gets 2\)`` loses ``\(a \gets 1\); `` (the ``\State`` stays) or
        ``; \(b \gets 2\)``: never a line left starting with a separator.
        """
        start, end = span.start, span.end
        opening = re.match(r"\\State\s*", self.text[start:end])
        if opening is not None:
            start += opening.end()  # the first statement's span holds its line's \State
        after = _SEPARATOR_AFTER.match(self.text, end)
        if after is not None:
            return Span(start, after.end())
        line = self._line_of(start)
        before = _SEPARATOR_BEFORE.search(self.text[line.start : start])
        return Span(line.start + before.start() if before is not None else start, end)

    def by_loop(self) -> Iterator[Mutant]:
        for node in ir.walk(self.algorithm):
            for body in _bodies(node):
                for k, stmt in enumerate(body):
                    if not isinstance(stmt, (ir.WhileBlock, ir.ForRange, ir.ForAll)) or not stmt.body:
                        continue
                    closing = self._line_of(stmt.span.end - 1)
                    last = stmt.body[-1]
                    if isinstance(last, ir.Assign) and len(stmt.body) > 1:
                        yield from self._moved(last, closing.end, "moved after the loop")
                    after = body[k + 1] if k + 1 < len(body) else None
                    if isinstance(after, ir.Assign) and self._line_of(after.span.start).start == closing.end:
                        yield from self._moved(after, closing.start, "moved into the loop")

    def _moved(self, stmt: ir.Assign, to: int, what: str) -> Iterator[Mutant]:
        """``stmt``'s lines cut and put back at the offset ``to`` (the start of a line), if it has lines of its own."""
        lines = self._own_lines(stmt.span)
        if lines is not None:
            line = self.text[lines.start : lines.end]
            yield self._mutant("loop", f"{what}: {_short(line.strip())}", Edit(lines, ""), Edit(Span(to, to), line))

    # --- where things are ---

    def _names(self) -> dict[str, str]:
        """The listing's variables (what it assigns, what it reads), each as the note first writes it."""
        self.assigned: list[tuple[int, str]] = []  # (where, name) of each assignment and loop variable
        for node in ir.walk(self.algorithm):
            targets = (
                [node.target] if isinstance(node, ir.Assign) else [node.var] if isinstance(node, ir.ForRange) else []
            )
            for math in targets:
                target = _tree(math)
                if isinstance(target, M.Sym):
                    self.assigned.append((node.span.start, identifier(target)))
        assigned = [name for _, name in self.assigned]
        # names whose power a statement assigns to (\sigma_i^2 \gets V): the power is written as part of them
        self.powered = {
            root
            for node in ir.walk(self.algorithm)
            if isinstance(node, ir.Assign)
            for target in [_tree(node.target)]
            if target is not None
            for n in M.walk(target)
            if isinstance(n, M.Pow)
            for root in [_root(n.base)]
            if root is not None
        }
        written: dict[str, str] = {}
        for _, node in self._nodes(self.values, self.conditions):
            if isinstance(node, M.BigOp) and node.var is not None:
                self.bound.update(identifier(n) for n in M.walk(node.var) if isinstance(n, M.Sym))
        for _, node in self._nodes(self.values, self.conditions):
            if isinstance(node, M.Sym) and identifier(node) not in self.bound and id(node) not in self.spelt:
                written.setdefault(identifier(node), self._written(node))
        # a name only read and never assigned is an input; constants like π are not names of the listing
        return {n: written[n] for n in dict.fromkeys([*assigned, *written]) if n in written and n not in ("pi", "e")}

    def _named(self, node: M.Pow) -> bool:
        r"""Whether a power is a name of the listing (``\sigma^{2}`` assigned as ``sigma_sq``).

        So is a member of a family written with its power (``\sigma_i^2 \gets V`` read back as
        ``\sigma_1^2, \dots, \sigma_n^2``): a power the listing assigns to is part of the name.
        """
        if isinstance(node.base, M.Sym) and identifier(node) in {name for _, name in self.assigned}:
            return True
        root = _root(node.base)
        return root is not None and root in self.powered

    def _between(self, left: M.MathNode, right: M.MathNode, pattern: str) -> Span | None:
        """Where the operator ``pattern`` is written between two operands: the one token there, or None."""
        gap = self.text[left.span.end : right.span.start]
        found = list(re.finditer(pattern, gap))
        if len(found) != 1:
            return None
        return Span(left.span.end + found[0].start(), left.span.end + found[0].end())

    def _operand(self, node: M.MathNode) -> str:
        written = self._written(node)
        return written if isinstance(node, _ATOMIC) else f"({written})"

    def _line_of(self, offset: int) -> Span:
        """The whole line holding ``offset``, its newline included."""
        start = self.text.rfind("\n", 0, offset) + 1
        end = self.text.find("\n", offset)
        return Span(start, len(self.text) if end < 0 else end + 1)

    def _own_lines(self, span: Span) -> Span | None:
        """The lines ``span`` fills alone (blanks around it only), newline included; None when it shares one."""
        first, last = self._line_of(span.start), self._line_of(max(span.start, span.end - 1))
        before, after = self.text[first.start : span.start], self.text[span.end : last.end]
        if before.strip() or after.strip():
            return None
        return Span(first.start, last.end)


def _segments(node: ir.Node) -> Iterator[tuple[str, ir.Math]]:
    """The math a mutant may change in one IR node, with its role: a value, a condition or a loop bound."""
    if isinstance(node, ir.Assign):
        yield "value", node.value
    elif isinstance(node, ir.Return):
        yield from (("output", v) for v in node.values)
    elif isinstance(node, ir.CallStmt):
        yield from (("value", a) for a in node.args)
    elif isinstance(node, (ir.WhileBlock, ir.RepeatUntil)) and isinstance(node.cond, ir.Math):
        yield "condition", node.cond
    elif isinstance(node, ir.Branch) and isinstance(node.cond, ir.Math):
        yield "condition", node.cond
    elif isinstance(node, ir.ForRange):
        yield "bound", node.start
        yield "bound", node.stop


def _is_root(node: M.Sym, tree: M.MathNode) -> bool:
    """Whether ``node`` is the letter of an indexed name in ``tree`` (the x of x_1 or of x_n^2), not an index."""
    for n in M.walk(tree):
        base = n.base if isinstance(n, (M.Idx, M.Pow)) else None
        while isinstance(base, (M.Idx, M.Pow)):
            base = base.base
        if base is node:
            return True
    return False


def _root(node: M.MathNode) -> str | None:
    r"""The name an indexed name is of (``\sigma`` for ``\sigma_i``), or None for anything but a name."""
    while isinstance(node, M.Idx):
        node = node.base
    return identifier(node) if isinstance(node, M.Sym) else None


def _tree(math: ir.Math) -> M.MathNode | None:
    if math.origin is not None:
        return None  # expanded from a user macro: the note's text is the macro's, not this formula
    try:
        return parse_segment(math)
    except LocatedError:
        return None


def _bodies(node: ir.Node) -> Iterator[Sequence[ir.Node]]:
    """The statement lists ``node`` holds (a branch's, a loop's, a function's, the listing's)."""
    body = getattr(node, "body", None)
    if isinstance(body, tuple):
        yield body


#: a separator between two statements on a line, after the first or before the last
_SEPARATOR_AFTER = re.compile(r"[ \t]*(?:[,;]|\band\b)[ \t]*")
_SEPARATOR_BEFORE = re.compile(r"\s*(?:[,;]|\band\b)\s*$")


def _plain(written: str) -> bool:
    r"""Whether a name is written as one: not a bare operator's command (the ``\max`` of ``\tau_{\max}``)."""
    command = re.fullmatch(r"\\([A-Za-z]+)", written.strip())
    return command is None or command.group(1) in GREEK_LETTERS or command.group(1) in ("ell", "imath", "jmath")


def _matrix(node: M.MathNode) -> bool:
    """A factor that is a matrix by its name (``A``, ``X^\\top``, ``H^{-1}``): its product does not commute."""
    while isinstance(node, (M.Transpose, M.Inverse)):
        node = node.operand
    return isinstance(node, M.Sym) and len(node.name) == 1 and node.name.isupper()


def _doubled(text: str) -> str | None:
    try:
        value = float(text)
    except ValueError:
        return None
    if text.isdigit():
        return str(2 * int(text))
    return repr(2 * value)


def _short(text: str, width: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"
