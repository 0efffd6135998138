r"""The names a piece of math reads that nothing binds: the reader behind a scope's free names.

Inside math, a big operator (``\sum_{i=1}^{n}``, ``\arg\min_{j \notin S}``), a set-builder
(``\{ i : \ell_i = j \}``) or a quantifier binds the variable it writes first; ``x_i`` reads
``x`` (or ``x_i`` itself when it is a name of its own); ``\sigma^{2}`` reads ``\sigma`` unless
``\sigma^{2}`` is assigned as a whole; the upper bound of ``\sum_{i=1}^{d} x_i`` is the length of
``x`` when nothing else binds ``d``. The words the interpreter knows (``\mathrm{true}``,
``\infty``, ``\mathbb{R}``) and its functions (``\exp``) are never free. Nothing here imports NumPy.
"""

from __future__ import annotations

import dataclasses

from ..math import mathexpr as M
from ..math.builtin_names import BUILTIN_FUNCTIONS
from ..math.mathlists import written_range
from ..math.names import identifier, labelled, starred_member
from ..math.slices import index_items
from ..source import Span
from .scope_types import Read, Scope

__all__ = [
    "Read",
    "reads_of",
    "unbound_in",
    "untestable",
    "is_constant",
    "constant_letters",
    "CONSTANT_WORDS",
    "CONSTANTS",
]

#: words the interpreter reads as constants when no variable has the name (``\textbf{true}``)
CONSTANT_WORDS = frozenset({"true", "false", "nil", "null", "none"})
#: number sets the interpreter knows (``\mathbb{R}``)
_NUMBER_SETS = frozenset({"R", "N", "Z", "Q", "C"})
#: names of constants the interpreter gives a value when nothing binds them (π; the identity matrix I, I_n)
CONSTANTS = frozenset({"pi", "I"})


def is_constant(node: M.Sym, name: str) -> bool:
    """``node`` (read as ``name``) is a word or constant the interpreter knows, when nothing binds it."""
    if node.accents:
        return False
    if node.font in ("", "bf", "rm") and node.name.lower() in CONSTANT_WORDS:
        return True
    if node.font == "sc":  # \textsc{white}: a constant in small capitals (\textsc{nil} among them)
        return True
    if node.font == "bb" and node.name in _NUMBER_SETS:
        return True
    if M.bold_digit(node):
        return True  # \mathbf{1}, \mathbf{0}: the all-ones and zero vectors
    return name in BUILTIN_FUNCTIONS or name in CONSTANTS


def _euler(node: M.Sym, name: str) -> bool:
    """``e`` read whole where nothing binds it (Aki's ``\\log_{10} e``): Euler's number, as the interpreter reads it."""
    return name == "e" and node.font in ("", "rm") and not node.accents


def reads_of(
    tree: M.MathNode,
    bound: set[str] | frozenset[str],
    *,
    dims: dict[str, set[str]] | None = None,
    indexed: set[str] | None = None,
) -> list[Read]:
    """The names ``tree`` reads that ``bound`` does not hold, in reading order (repeats kept).

    ``dims`` collects free sum bounds (``d`` of ``\\sum_{i=1}^{d} x_i`` → ``{x}``), ``indexed``
    the names read with indices.
    """
    out: list[Read] = []
    _Reader(out, dims if dims is not None else {}, indexed if indexed is not None else set()).visit(
        tree, frozenset(bound)
    )
    return out


def unbound_in(tree: M.MathNode, values: set[str]) -> list[Read]:
    """The names (not functions) a precondition reads that ``values`` does not hold, once each.

    An index (``x_i > 0`` for each i) ranges over the entries a run tests; a sum's variable, a set
    and a constant bind themselves (:func:`reads_of`). What a name is said to be in (``x_0 \\in
    \\Delta_n``, ``\\mathbb{Z}_p^{*}``) is a set a reader knows, and the members of a family (the
    digits ``t_{2n-1} \\cdots t_0`` of T) are parts the run may name: neither is said, lest lint
    call a precondition untested that a reader finds plain.
    """
    inside = [i.span for node in M.walk(tree) if isinstance(node, M.Idx) for i in node.indices]
    inside += [node.set.span for node in M.walk(tree) if isinstance(node, M.In)]
    out: list[Read] = []
    for read in reads_of(tree, values):
        if read.applied or read.called or read.indices or read.name in {r.name for r in out}:
            continue
        if any(s is not None and s.start <= read.span.start and read.span.end <= s.end for s in inside):
            continue
        out.append(read)
    return out


def untestable(tree: M.MathNode, functions: set[str], values: set[str]) -> list[tuple[str, Span | None, bool]]:
    """What a precondition reads that no run can evaluate, once each: ``(name, span, applied)``.

    First the functions it applies that are not in ``functions`` (``g`` of ``g(a) g(b) < 0``),
    then the names :func:`unbound_in` finds outside ``values`` (``lam_max`` of ``\\omega <
    2 / \\lambda_{\\max}``). Lint says each at its place (AV303); ``--help-inputs`` names them.
    """
    out: list[tuple[str, Span | None, bool]] = []
    for node in M.walk(tree):
        name = identifier(node.fn) if isinstance(node, M.Apply) else None
        if name is not None and name not in functions and all(name != n for n, _, _ in out):
            out.append((name, node.fn.span, True))
    out += [(r.name, r.span, False) for r in unbound_in(tree, values) if all(r.name != n for n, _, _ in out)]
    return out


class _Reader:
    def __init__(
        self, out: list[Read], dims: dict[str, set[str]], indexed: set[str], scope: Scope | None = None
    ) -> None:
        self.out = out
        self.dims = dims
        self.indexed = indexed
        self.scope = scope
        self.where: set[str] = set()  # "exponent", "index": what the names visited now are inside

    def visit(self, node: M.MathNode, bound: frozenset[str]) -> None:
        method = getattr(self, "v_" + type(node).__name__, None)
        if method is not None:
            method(node, bound)
        else:
            self.children(node, bound)

    def children(self, node: M.MathNode, bound: frozenset[str]) -> None:
        for f in dataclasses.fields(node):
            if f.name != "span":
                self._value(getattr(node, f.name), bound)

    def _value(self, value: object, bound: frozenset[str]) -> None:
        if isinstance(value, M.MathNode):
            self.visit(value, bound)
        elif isinstance(value, tuple):
            for v in value:
                self._value(v, bound)

    # names

    def v_Sym(self, node: M.Sym, bound: frozenset[str]) -> None:
        name = identifier(node)
        # `2 \pi` beside a weight `\pi_1 \gets …`: the letter alone is still the constant; only what binds
        # the name itself (an assignment, a loop, a parameter) makes it a variable
        only_entries = self.scope is not None and name in constant_letters(self.scope)
        constant = (
            name is not None
            and (name not in bound or only_entries)
            and (is_constant(node, name) or _euler(node, name))
            and not (name == "e" and self._given(name))  # the errors e_1, …, e_N the note gives: never Euler's e
        )
        if constant and name == "I" and self.scope is not None:
            self.scope.identity_reads.setdefault(name, node.span)  # I: the identity, unless the note names I
        if constant and node.font == "sc" and self.scope is not None:
            self.scope.small_caps.setdefault(name, node.span)  # \textsc{white}: unless the prose says what it is
        if name is not None and self.scope is not None and not constant:
            self.scope.whole.add(name)  # `2 \pi` beside a weight `\pi_1`: the constant is no whole read of pi
        if name is None or name in bound or constant:
            return
        if node.accents and node.accents[-1] in ("star", "plus"):
            plain = identifier(dataclasses.replace(node, accents=node.accents[:-1]))
            if plain is not None and plain in bound:
                return  # v^{*}, A^{+} of the listing's v, A: conjugate transpose, pseudo-inverse
            if plain is not None and node.accents[-1] == "plus" and node.name[:1].isupper():
                name = plain  # A^{+} of a matrix A the note gives: A is what the listing reads
        if self.scope is not None and "exponent" in self.where:
            self.scope.in_exponent.add(name)
        if self.scope is not None and "index" in self.where:
            self.scope.as_index.add(name)
        self.out.append(Read(name, node.span))

    def _given(self, name: str) -> bool:
        """Whether the note gives the listing ``name`` (the errors ``e_1, \\dots, e_N``: never basis vectors)."""
        return self.scope is not None and name in self.scope.declared

    def v_Idx(self, node: M.Idx, bound: frozenset[str]) -> None:
        flat = identifier(node)
        member = starred_member(node)
        if member is not None and identifier(member.base) in bound and not {flat, identifier(node.base)} & bound:
            self.v_Idx(member, bound)  # q_i^{*} of the listing's q_i and no q^{*}: what it reads is q_i
            return
        if flat is not None and self.scope is not None and node.span is not None:
            first = self.scope.member_read.get(flat)
            if first is None or node.span.start < first:
                self.scope.member_read[flat] = node.span.start
        if flat is not None and flat in bound:
            return  # a name of its own (L_i assigned in the loop, B_1 given)
        if flat is not None and self.scope is not None and flat in self.scope.labels:
            self.out.append(Read(flat, node.span))  # x_0 read before x \gets …: a name of its own, given
            return
        numeric = all(isinstance(i, M.Num) for i in node.indices)
        if flat is not None and self.scope is not None and numeric and identifier(node.base) in bound:
            self.scope.numbered.setdefault(flat, node.span)  # y_0 where y is the listing's: maybe a name
        if flat is not None and labelled(node, bound.__contains__):  # x_{\mathrm{new}}: a name, never an index
            if self.scope is not None:
                self.scope.whole.add(flat)
            self.out.append(Read(flat, node.span))
            return
        base = identifier(node.base)
        if base is not None:
            self.indexed.add(base)
            if self.scope is not None:
                self.scope.index_counts.setdefault(base, set()).add(len(index_items(node.indices)))  # u_{j,k:m}: 2
                if not numeric:
                    self.scope.entry_reads.setdefault(base, node.span)
                (index,) = node.indices if len(node.indices) == 1 else (None,)
                if isinstance(index, M.Num) and len(index.text) == 2 and index.text.isdigit():
                    self.scope.two_digit.add(base)
        if base is None:
            self.visit(node.base, bound)
        elif base not in bound and not (base in ("e", "I") and len(node.indices) == 1 and not self._given(base)):
            # e_1, I_n: a basis vector, an identity; any other constant indexed (\pi_j) is an array to bind
            self.out.append(Read(base, node.span, indices=len(node.indices)))
        for i in node.indices:
            self._inside("index", i, bound)

    def _inside(self, where: str, node: M.MathNode, bound: frozenset[str]) -> None:
        outer = self.where
        self.where = outer | {where}
        try:
            self.visit(node, bound)
        finally:
            self.where = outer

    def _compound(self, node: M.MathNode, bound: frozenset[str]) -> None:
        name = identifier(node)
        if name is not None and name in bound:
            return  # \sigma^{2} assigned as a whole
        if isinstance(node, M.Transpose) and node.letter:
            if "T" not in bound and self.scope is not None:
                self.scope.letter_t.append(node.span)  # a name T the note declares makes it a power
            self.visit(node.operand, bound)
            return
        base = getattr(node, "base", None)
        if isinstance(node, M.Pow) and isinstance(base, M.Sym) and base.name == "e" and "e" not in bound:
            self._inside("exponent", node.exp, bound)  # e^{x}: Euler's number, unless a variable is e
            return
        self.children(node, bound)

    v_Pow = v_Transpose = v_Inverse = _compound

    def v_Label(self, node: M.Label, bound: frozenset[str]) -> None:
        name = identifier(node)
        if name is not None and name in bound:
            return
        self.visit(node.base, bound)

    # calls

    def v_Apply(self, node: M.Apply, bound: frozenset[str]) -> None:
        # whether f(x) calls f or multiplies by it is lint's AV204; its arguments are read either way
        name = identifier(node.fn)
        if name is not None and name in BUILTIN_FUNCTIONS and name not in bound:
            pass  # \lambda_{\max}(A): a function math knows, its subscript part of its name
        elif name is None or isinstance(node.fn, M.Idx):
            self.visit(node.fn, bound)
        elif name not in bound:
            self.out.append(Read(name, node.fn.span, applied=True))  # bound if the note declares it
        for a in node.args:
            self.visit(a, bound)

    def v_Call(self, node: M.Call, bound: frozenset[str]) -> None:
        if node.func not in bound and node.func not in BUILTIN_FUNCTIONS:
            self.out.append(Read(node.func, node.span, called=True))
        for a in node.args:
            self._inside("exponent", a, bound) if node.func == "exp" else self.visit(a, bound)

    def v_SubCall(self, node: M.SubCall, bound: frozenset[str]) -> None:
        self.v_Call(M.Call(node.func, node.args, span=node.span), bound)
        self.visit(node.sub, bound)

    def v_Attr(self, node: M.Attr, bound: frozenset[str]) -> None:
        if identifier(node.obj) == "math" and "math" not in bound:
            return  # \mathrm{math}.\mathrm{sqrt}: Python's math module, as latexify prints it
        self.visit(node.obj, bound)

    # binders

    def v_BigOp(self, node: M.BigOp, bound: frozenset[str]) -> None:
        names = _bound_by(node.var) if node.var is not None else set()
        inner = bound | names
        for part in (node.lo, node.domain):
            if part is not None:
                self.visit(part, bound)
        hi = node.hi
        if hi is not None:
            name = identifier(hi) if isinstance(hi, M.Sym) else None
            indexed = {identifier(n.base) for n in M.walk(node.body) if _indexes_by(n, names)} - {None}
            if name is not None and name not in bound and indexed:
                # \sum_{i=1}^{d} x_i: d is the length of x when nothing binds it
                self.dims.setdefault(name, set()).update(indexed)  # type: ignore[arg-type]
                self.out.append(Read(name, hi.span))
            else:
                self.visit(hi, bound)
        if node.var is not None:
            self._subscript(node.var, names, bound, inner)
        self.visit(node.body, inner)

    def _subscript(self, var: M.MathNode, names: set[str], outer: frozenset[str], inner: frozenset[str]) -> None:
        """A subscript's other parts: a set the variable ranges over is read outside, conditions inside."""
        if isinstance(var, M.In) and _leading(var.element) == names:
            self.visit(var.set, outer)
        elif isinstance(var, M.Rel) and _leading(var.first) == names:
            for _, e in var.rest:
                self.visit(e, inner)
        elif isinstance(var, (M.Tuple, M.Logic)):
            parts = var.items if isinstance(var, M.Tuple) else var.args
            while len(parts) > 1 and isinstance(parts[0], M.Sym) and isinstance(parts[1], (M.Sym, M.In)):
                parts = parts[1:]  # i, j \in C: the names before the set are bound with it
            if parts and _leading(parts[0]) <= names and _leading(parts[0]) and not isinstance(parts[0], M.Sym):
                self._subscript(parts[0], _leading(parts[0]), outer, inner)
                parts = parts[1:]
            elif parts and isinstance(parts[0], M.Sym):
                parts = parts[1:]
            for p in parts:
                self.visit(p, inner)
        elif isinstance(var, M.Colon):
            self._subscript(var.left, names, outer, inner)
            self.visit(var.right, inner)
        elif not isinstance(var, (M.Sym, M.Idx)) or identifier(var) not in names:
            self.visit(var, inner)

    def v_SetBuilder(self, node: M.SetBuilder, bound: frozenset[str]) -> None:
        element, condition = node.element, node.condition
        if isinstance(element, M.In):
            names = _bound_by(element)
            self.visit(element.set, bound)
            self.visit(condition, bound | names)
            return
        parts = M.conjuncts(condition)
        names = set()
        for p in parts:
            if isinstance(p, M.In):
                names |= _bound_by(p)
        ranged = written_range(parts)
        if not names and ranged is not None:  # \{\ell_i : 1 \le i < j, …\}: i runs over what the condition writes
            names = {ranged[0]}
        elif not names:  # \{ i : \ell_i = j \}: the element is the variable
            names = _bound_by(element)
        inner = bound | names
        for p in parts:
            if isinstance(p, M.In) and _bound_by(p) <= names:
                self.visit(p.set, bound)
            else:
                self.visit(p, inner)
        self.visit(element, inner)

    def v_Quant(self, node: M.Quant, bound: frozenset[str]) -> None:
        names = _bound_by(node.var)
        if isinstance(node.var, M.In):
            self.visit(node.var.set, bound)
        if node.body is not None:
            self.visit(node.body, bound | names)

    def v_Assign(self, node: M.Assign, bound: frozenset[str]) -> None:
        self.visit(node.value, bound)  # x \gets y \gets 0: y is written, not read

    # nothing read

    def _nothing(self, node: M.MathNode, bound: frozenset[str]) -> None:
        return

    v_Num = v_Text = v_String = v_Infinity = v_Const = v_Placeholder = v_Dots = v_Macro = _nothing


def _indexes_by(node: M.MathNode, names: set[str]) -> bool:
    return isinstance(node, M.Idx) and len(node.indices) == 1 and identifier(node.indices[0]) in names and bool(names)


def _leading(node: M.MathNode) -> set[str]:
    """The variables a subscript, set-builder or quantifier writes first (``j`` of ``j \\notin S``)."""
    if isinstance(node, M.Tuple):
        out: set[str] = set()
        for item in node.items:
            name = identifier(item) if isinstance(item, (M.Sym, M.Idx)) else None
            if name is None:
                break
            out.add(name)
        return out
    if isinstance(node, (M.Sym, M.Idx)):
        name = identifier(node)
        return {name} if name is not None else set()
    return set()


def _bound_by(var: M.MathNode) -> set[str]:
    """The names a binder's written variable part binds."""
    if isinstance(var, M.In):
        return _leading(var.element) or _bound_by(var.element)
    if isinstance(var, M.Rel):
        first = _leading(var.first)
        if first:
            return first
        # 1 \le i \le n: the name between the bounds; 1 \le i < j \le n: each name between them
        between = {n for _, e in var.rest[:-1] for n in _leading(e)}
        if between:
            return between
        for _, e in var.rest:
            found = _leading(e)
            if found:
                return found
        return set()
    if isinstance(var, M.Tuple):
        k = 0
        while k < len(var.items) and isinstance(var.items[k], M.Sym):
            k += 1
        if k and k < len(var.items) and isinstance(var.items[k], M.In):  # i, j \in C, i < j: i and j
            return {n for item in var.items[:k] for n in _leading(item)} | _bound_by(var.items[k])
        lead = _leading(var)
        if lead:
            return lead
        if var.items and all(isinstance(item, M.In) for item in var.items):
            return {n for item in var.items for n in _bound_by(item)}  # i \in [1, n], j \in [i + 1, n]: both
        return _bound_by(var.items[0]) if var.items else set()
    if isinstance(var, M.Logic):
        return _bound_by(var.args[0]) if var.args else set()
    if isinstance(var, M.Colon):
        return _bound_by(var.left)
    return _leading(var)


def constant_letters(scope: Scope) -> frozenset[str]:
    """``pi`` when the scope stores only ``\\pi_1``, ``\\pi_2`` (weights): the letter alone is then still π.

    An array ``\\pi`` (``\\pi_i \\gets v``, read with a variable index or assigned whole) keeps the name.
    """
    stored = scope.stored_by_index - scope.assigned_whole - scope.variable_indexed - set(scope.params)
    return frozenset(stored & CONSTANTS)
