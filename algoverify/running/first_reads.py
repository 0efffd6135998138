r"""What a scope reads before it writes it: its inputs, as a reader of the listing takes them.

One walk over a scope's statements, in source order, answers four questions the name checks ask
(:class:`FirstReads`). ``x_i`` read in a loop, then ``x \gets y`` after it: ``x`` comes in from
outside (an input the listing overwrites). ``b \gets a`` then ``a_j \gets …`` in each pass of a
loop is a recurrence whose first pass may read nothing of ``a`` yet.

It also finds the sizes a loop writes an array over (:func:`stored_sizes`). Nothing here
imports NumPy.
"""

from __future__ import annotations

import dataclasses
from dataclasses import field
from typing import Callable

from ..findings import LocatedError
from ..math import mathexpr as M
from ..math.names import identifier
from ..records import frozen
from ..source import Span
from ..syntax import ir
from .factorizations import set_by
from .reads import is_constant
from .worded import for_each_parts, loop_variable, solve_of

__all__ = ["FirstReads", "first_reads", "stored_sizes", "names_in"]

_LOOPS = (ir.ForRange, ir.ForAll, ir.WhileBlock, ir.RepeatUntil, ir.LoopBlock)


@frozen
class FirstReads:
    """The names a scope reads before anything in it writes them."""

    #: every name mentioned before it is first written, in any math of the scope (parameters,
    #: ``\Require`` text, comments and the indices of a target included): what comes in from outside
    mentioned: frozenset[str] = frozenset()
    #: where each name is first read whole by a statement (``x`` of ``y \gets x``, not ``x_i``)
    whole: dict[str, Span] = field(default_factory=dict)
    #: names read (whole or by entry) before being written, not counting a read inside a loop
    #: that stores into the name
    before_loops: frozenset[str] = frozenset()
    #: like :attr:`whole`, not counting a read inside a loop that stores into the name
    unset: dict[str, Span] = field(default_factory=dict)


def first_reads(node: ir.Node, parse: Callable[[ir.Math], M.MathNode]) -> FirstReads:
    """The first reads of the scope ``node`` (a listing's statements, or one ``\\Function``)."""
    walk = _Walk(parse)
    if isinstance(node, ir.Function):
        for p in node.params:  # a parameter comes in from outside; statements never read it "whole" here
            walk.mention(p)
        for child in (*node.body, *((node.comment,) if node.comment is not None else ())):
            walk.visit(child, frozenset(), statements=True)
    else:
        walk.visit(node, frozenset(), statements=True)
    return FirstReads(frozenset(walk.mentioned), walk.whole, frozenset(walk.before), walk.unset)


class _Walk:
    """One source-order walk; ``statements`` is False in what people read only (comments, captions, inner functions)."""

    def __init__(self, parse: Callable[[ir.Math], M.MathNode]) -> None:
        self.parse = parse
        self.written_any: set[str] = set()  # by any assignment, nested functions included
        self.written: set[str] = set()  # by the scope's own statements
        self.mentioned: set[str] = set()
        self.whole: dict[str, Span] = {}
        self.before: dict[str, Span] = {}
        self.unset: dict[str, Span] = {}

    def tree(self, m: ir.Math) -> M.MathNode | None:
        try:
            return self.parse(m)
        except LocatedError:
            return None

    def mention(self, m: ir.Math) -> None:
        tree = self.tree(m)
        if tree is not None:
            self.mentioned |= names_in(tree) - self.written_any

    def read(self, m: ir.Math, looping: frozenset[str], statements: bool) -> None:
        self.mention(m)
        tree = self.tree(m) if statements else None
        if tree is None:
            return
        bases = {id(t.base) for t in M.walk(tree) if isinstance(t, M.Idx)}
        for t in M.walk(tree):
            name = identifier(t) if isinstance(t, M.Sym) else None
            if name is None or name in self.written or is_constant(t, name):  # type: ignore[arg-type]
                continue  # (`2 \pi` beside a weight `\pi_1` reads the constant)
            entry = id(t) in bases
            if not entry:
                self.whole.setdefault(name, t.span)
            if name not in looping:
                self.before.setdefault(name, t.span)
                if not entry:
                    self.unset.setdefault(name, t.span)

    def _worded_target(self, n: ir.Node) -> str | None:
        r"""``L`` of ``\(L \gets\) empty list``: the name a statement sets to what its words say."""
        if not isinstance(n, ir.TextStatement) or not n.text.parts or not isinstance(n.text.parts[0], ir.Math):
            return None
        tree = self.tree(n.text.parts[0])
        if not (isinstance(tree, M.Fragment) and tree.op == "gets" and tree.right is None):
            return None
        return identifier(tree.left) if isinstance(tree.left, M.Sym) else None

    def target(self, n: ir.Assign) -> M.MathNode | None:
        return self.tree(n.target)

    def visit(self, n: ir.Node, looping: frozenset[str], *, statements: bool) -> None:
        if isinstance(n, ir.Condition) and n.kind in ("ensure", "output"):
            return  # what the listing gives back ("\Ensure L and U with A = L U"), never what comes in
        if isinstance(n, (ir.Comment, ir.Function)):
            statements = False  # read by people only, or a scope of its own
        if isinstance(n, ir.Assign):
            self.read(n.value, looping, statements)
            target = self.target(n)
            # (λ_1, v_1) \gets \Call{Power}{…}: each item of the tuple is written
            items = list(target.items) if isinstance(target, (M.Tuple, M.ListLit)) else [target]
            for item in items:
                if isinstance(item, M.Idx):  # S_{i,0} \gets 0: the indices are read; S is written, not read
                    self.mentioned |= {m for i in item.indices for m in names_in(i)} - self.written_any
            if isinstance(target, M.Range) and isinstance(target.lo, M.Idx):
                items = [target.lo]  # p_{(1)}, \dots, p_{(m)} \gets …: the family p_{(·)} is written
            # Q_k R_k = Z writes Q and R, as the factorisation step it is
            for part in (p for item in items if item is not None for p in set_by(item)):
                base = part.base if isinstance(part, M.Idx) else part
                name = identifier(base) if isinstance(base, M.Sym) else None
                if name is not None:
                    self.written_any.add(name)
                    if statements:
                        self.written.add(name)
            if n.comment is not None:
                self.visit(n.comment, looping, statements=False)
            return
        system = solve_of(n.text) if isinstance(n, ir.TextStatement) else None
        unknown = self.tree(system[1]) if system is not None else None
        if system is not None and identifier(unknown) is not None:  # type: ignore[arg-type]
            # "Solve \(M x = b\) for \(x\)": x is written, never read; M and b are read
            self.written_any.add(identifier(unknown))  # type: ignore[arg-type]
            if statements:
                self.written.add(identifier(unknown))  # type: ignore[arg-type]
            self.read(system[0], looping, statements)
            return
        worded = self._worded_target(n)
        if worded is not None:  # "\(L \gets\) empty list": the words are the value, L is written
            for m in n.text.math[1:]:  # type: ignore[union-attr]
                self.read(m, looping, statements)
            self.written_any.add(worded)
            if statements:
                self.written.add(worded)
            return
        each = for_each_parts(n.text) if isinstance(n, ir.TextStatement) else None
        if each is not None:  # "\(\rho_p \gets 0\) for \(p = 0, \dots, M\)": the domain is read, each target written
            self.read(each[1], looping, statements)
            for m in each[0]:
                tree = self.tree(m)
                target = tree.target if isinstance(tree, M.Assign) else None
                base = target.base if isinstance(target, (M.Idx, M.Index)) else target
                name = identifier(base) if isinstance(base, M.Sym) else None
                if name is not None:
                    self.written_any.add(name)
                    if statements:
                        self.written.add(name)
            return
        var = loop_variable(n)
        tree = self.tree(var) if var is not None and statements else None
        if tree is not None:
            # the loop binds its variable: Tarjan's \ForAll{w …} never reads a w from before (nor from
            # a caller, whose own w a recursive Visit would otherwise hand back)
            self.written |= names_in(tree)
            self.written_any |= names_in(tree)
        if statements and isinstance(n, _LOOPS):
            stored = {self._stored_name(a) for a in ir.walk(n) if isinstance(a, ir.Assign)} - {None}
            looping = looping | stored  # type: ignore[operator]
        if isinstance(n, ir.IfBlock):
            self._branches(n, looping, statements)
            return
        for f in dataclasses.fields(n):
            value = getattr(n, f.name)
            here = statements and f.name != "caption"
            if isinstance(value, ir.Math):
                self.read(value, looping, here)
            elif isinstance(value, ir.Text):
                for m in value.math:
                    self.read(m, looping, here)
            elif isinstance(value, ir.Node):
                self.visit(value, looping, statements=here)
            elif isinstance(value, tuple):
                for v in value:
                    if isinstance(v, ir.Math):
                        self.read(v, looping, here)
                    elif isinstance(v, ir.Node):
                        self.visit(v, looping, statements=here)

    def _branches(self, n: ir.IfBlock, looping: frozenset[str], statements: bool) -> None:
        """Each arm starts from what was written before the ``\\If``: an arm never runs after another.

        Reno's ``\\ElsIf{cwnd < ssthresh}`` reads the threshold the note gives, though the arm before
        it sets one. After the block, a name any arm writes is the listing's (a table filled on one
        branch, Lossy Counting's ``\\Delta_{e_t}``, is still its own when returned).
        """
        before = (set(self.written), set(self.written_any))
        arms: list[tuple[set[str], set[str]]] = []
        for branch in n.branches:
            self.written, self.written_any = set(before[0]), set(before[1])
            self.visit(branch, looping, statements=statements)
            arms.append((self.written, self.written_any))
        self.written = set().union(*(w for w, _ in arms))
        self.written_any = set().union(*(a for _, a in arms))

    def _stored_name(self, n: ir.Assign) -> str | None:
        target = self.target(n)
        base = target.base if isinstance(target, M.Idx) else target
        return identifier(base) if isinstance(base, M.Sym) else None


def stored_sizes(node: ir.Node, parse: Callable[[ir.Math], M.MathNode]) -> dict[str, set[str]]:
    """For ``x_j \\gets …`` inside ``j = 1, \\dots, p`` (or ``0, …, p - 1``): ``x`` → ``{p}``, the size written over."""
    out: dict[str, set[str]] = {}

    def span_of(loop: ir.ForRange) -> tuple[str, str] | None:
        try:
            var, start, stop = parse(loop.var), parse(loop.start), parse(loop.stop)
        except LocatedError:
            return None
        if loop.step is not None or loop.second is not None or not isinstance(var, M.Sym):
            return None
        if isinstance(start, M.Num) and start.text == "1" and isinstance(stop, M.Sym):
            return var.name, stop.name
        minus_one = isinstance(stop, M.BinOp) and stop.op == "-" and isinstance(stop.right, M.Num)
        if isinstance(start, M.Num) and start.text == "0" and minus_one and stop.right.text == "1":  # type: ignore[union-attr]
            return (var.name, stop.left.name) if isinstance(stop.left, M.Sym) else None  # type: ignore[union-attr]
        return None

    def visit(n: ir.Node, loops: dict[str, str]) -> None:
        if isinstance(n, ir.ForRange):
            found = span_of(n)
            if found is not None:
                loops = {**loops, found[0]: found[1]}
        if isinstance(n, ir.Assign):
            try:
                target = parse(n.target)
            except LocatedError:
                target = None
            if isinstance(target, M.Idx) and len(target.indices) == 1 and isinstance(target.indices[0], M.Sym):
                base, index = identifier(target.base), target.indices[0].name
                if base is not None and index in loops:
                    out.setdefault(base, set()).add(loops[index])
        for child in ir.iter_children(n):
            if isinstance(child, ir.Node) and not isinstance(child, ir.Function):
                visit(child, loops)

    visit(node, {})
    return out


def names_in(tree: M.MathNode) -> set[str]:
    """The names ``tree`` mentions: plain ones, and the bases of subscripted ones."""
    found = set()
    labelled = {id(t.base) for t in M.walk(tree) if isinstance(t, M.Label)}  # y of y^{[0]}: a name of its own
    for t in M.walk(tree):
        if id(t) in labelled:
            continue
        named = isinstance(t, (M.Sym, M.Label))
        name = identifier(t.base) if isinstance(t, M.Idx) else identifier(t) if named else None
        if name is not None:
            found.add(name)
        if isinstance(t, M.Pow) and identifier(t) is not None:
            found.add(identifier(t))  # type: ignore[arg-type]  # \sigma_1^{2} read before \sigma_1^{2} \gets …
        if isinstance(t, M.Idx) and all(isinstance(i, M.Num) for i in t.indices) and identifier(t) is not None:
            found.add(identifier(t))  # type: ignore[arg-type]  # p_0 read before p_0 \gets p (Burden–Faires)
    return found
