r"""Which names a listing reads that nothing in it binds: name resolution without running anything.

The interpreter looks names up when a statement runs; ``lint`` must know the same answer
before anything runs, so that a lint-clean listing runs. This module reads a listing's IR the
way the interpreter binds names:

* a listing (or each ``\Function`` of it) is a scope: its parameters, its ``\Require`` names,
  every name it assigns or loops over anywhere (the interpreter's rule too: a name assigned
  later in the text is a variable of the listing, not a free name);
* inside math, a big operator (``\sum_{i=1}^{n}``, ``\arg\min_{j \notin S}``), a set-builder
  (``\{ i : \ell_i = j \}``) or a quantifier binds the variable it writes first;
* ``x_i`` reads ``x`` (or ``x_i`` itself when it is a name of its own); ``\sigma^{2}`` reads
  ``\sigma`` unless ``\sigma^{2}`` is assigned as a whole; the upper bound of ``\sum_{i=1}^{d}
  x_i`` is the length of ``x`` when nothing else binds ``d``;
* the words the interpreter knows (``\mathrm{true}``, ``\infty``, ``\mathbb{R}``) and its
  functions (``\exp``, ``\operatorname{softmax}``) are never free.

Math inside English text (a caption, a comment, a ``\Require`` description, an unbound
English statement) is read by people only and reads nothing. Nothing here imports NumPy.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator

from ..findings import LocatedError
from ..math import mathexpr as M
from ..math.builtin_names import BUILTIN_FUNCTIONS
from ..math.names import identifier, labelled
from ..source import Span
from ..syntax import ir
from .requires import declared_inputs
from .signature import assigned_names, entry_of

__all__ = ["Read", "Scope", "scopes", "reads_of", "CONSTANT_WORDS"]

#: words the interpreter reads as constants when no variable has the name (``\textbf{true}``)
CONSTANT_WORDS = frozenset({"true", "false", "nil", "null", "none"})
#: number sets the interpreter knows (``\mathbb{R}``)
_NUMBER_SETS = frozenset({"R", "N", "Z", "Q", "C"})
#: names of constants the interpreter gives a value when nothing binds them (π; the identity matrix I, I_n)
CONSTANTS = frozenset({"pi", "I"})


@dataclass(frozen=True)
class Read:
    """One name a scope reads and does not bind, at the first place it is read."""

    name: str
    span: Span
    #: how many indices it is read with where first seen (``x_i``: 1; ``c_{ij}``: 2; ``x``: 0)
    indices: int = 0
    #: ``True`` when it is called as a function (``\textsc{Partition}(A)``, ``\Call{F}{x}``)
    called: bool = False
    #: every place it is read (the first is :attr:`span`)
    spans: tuple[Span, ...] = ()
    #: the most indices it is read with anywhere
    max_indices: int = 0
    #: only ever applied (``f(x)``): a function or a factor, which lint's AV204 asks about when nothing binds it
    applied: bool = False
    #: read by way of a name the prose defines (``n`` of ``V = \{1, \dots, n\}``): which, and where
    via: str | None = None


@dataclass
class Scope:
    """A listing's statements, or one of its ``\\Function``\\ s: names bound inside, names read."""

    #: ``None`` for the listing's own statements, else the function's name
    function: str | None
    node: ir.Node
    params: tuple[str, ...] = ()
    #: names bound in the scope: parameters, assignments, loop variables
    bound: set[str] = field(default_factory=set)
    #: free reads, by name, in the order first read
    reads: dict[str, Read] = field(default_factory=dict)
    #: names whose first mention, in source order, reads them (``x_i`` before ``x \\gets y``)
    read_first: set[str] = field(default_factory=set)
    #: of those, the names first read whole (``y \gets x`` before ``x_i \gets …``), not only entry by entry
    whole_first: dict[str, Span] = field(default_factory=dict)
    #: names read before anything writes them, outside a loop that does (``\lVert g_k \rVert`` before ``g_k \gets``)
    read_before: set[str] = field(default_factory=set)
    #: of those, the reads outside a loop that stores into the name: an empty value there is a mistake
    unset_reads: dict[str, Span] = field(default_factory=dict)
    #: names stored by one index that a loop runs over a whole size: ``\beta_j \gets …`` in ``j = 1, …, p`` → {p}
    store_sizes: dict[str, set[str]] = field(default_factory=dict)
    #: names read or stored with an index that is not a numeral (``\pi_i``): arrays, not labelled names
    variable_indexed: set[str] = field(default_factory=set)
    #: ``p_0``, ``p_1`` beside ``p \gets …`` (numeral subscripts only): numbers of their own, not entries of p
    labels: set[str] = field(default_factory=set)
    #: ``y_0`` read where the scope binds ``y`` (``y \\gets y_0``): a member by number, maybe a name the note declares
    numbered: dict[str, Span] = field(default_factory=dict)
    #: free dimension symbols: ``d`` of ``\sum_{i=1}^{d} x_i`` → the arrays indexed by ``i``
    dims: dict[str, set[str]] = field(default_factory=dict)
    #: the listing's entry function (the one a run calls)
    entry: bool = False
    #: names the scope reads with indices, bound or not (``x`` of ``x_i``)
    indexed: set[str] = field(default_factory=set)
    #: names in the math of English statements (a binding of the statement may set them)
    described: set[str] = field(default_factory=set)
    #: names read or assigned whole somewhere (``x``, not only ``x_i``)
    whole: set[str] = field(default_factory=set)
    #: for each name read or stored with indices, how many indices it is written with
    index_counts: dict[str, set[int]] = field(default_factory=dict)
    #: names the scope stores into by index (``d_{ij} \gets …``)
    stored_by_index: set[str] = field(default_factory=set)
    #: names the scope assigns whole (``x \gets …``)
    assigned_whole: set[str] = field(default_factory=set)
    #: names the scope sets to the number 0 (``x \gets 0``, ``x \gets \mathbf{0}``), where first set
    zeroed: dict[str, Span] = field(default_factory=dict)
    #: names the scope sets to a value made of ``\mathbf{1}`` (``r \gets \mathbf{1} / n``)
    filled: set[str] = field(default_factory=set)
    #: names the scope sets to the identity written without its size (``L \gets I``), where first set
    identities: dict[str, Span] = field(default_factory=dict)
    #: what each name is assigned whole (``x \gets x + \alpha r``): read for the shape of a zero it starts from
    whole_values: dict[str, list[M.MathNode]] = field(default_factory=dict)
    #: where the scope writes ``^T`` with no name ``T`` bound: a transpose, or a power if the note declares ``T``
    letter_t: list[Span] = field(default_factory=list)
    #: names read with one two-digit index (``u_{11}``): the entry (1, 1) of a matrix, or entry 11 of a vector
    two_digit: set[str] = field(default_factory=set)
    #: free names read in the exponent of ``e`` or in ``\exp`` (``e^{-2 \pi i k / n}``), and free names read as an index
    in_exponent: set[str] = field(default_factory=set)
    as_index: set[str] = field(default_factory=set)


def scopes(
    algorithm: ir.Algorithm,
    parse: Callable[[ir.Math], M.MathNode],
    *,
    known: Iterable[str] = (),
) -> list[Scope]:
    """The scopes of ``algorithm`` with their free reads (``known``: names defined outside, e.g. functions).

    A listing made of ``\\Function`` blocks has one scope per function (the entry first); other
    listings have one scope for their statements, and one per function defined among them.
    """
    parse = _tolerant(parse)
    body = [n for n in algorithm.body if not isinstance(n, ir.Comment)]
    funcs = [n for n in body if isinstance(n, ir.Function)]
    others = [n for n in body if not isinstance(n, (ir.Function, ir.Condition))]
    names = set(known) | {f.name for f in ir.walk(algorithm) if isinstance(f, ir.Function)}
    out: list[Scope] = []
    if funcs and not others:
        entry = entry_of(funcs)
        for f in sorted(funcs, key=lambda f: f is not entry):
            out.append(_function_scope(f, parse, names, entry=f is entry))
        return _with_first_reads(_passed_vectors(out), parse)
    scope = Scope(None, algorithm)
    scope.bound = assigned_names(algorithm.body, parse) | _require_names(algorithm.body, parse)
    _read_statements(algorithm.body, scope, parse, names)
    out.append(scope)
    for n in ir.walk(algorithm):
        if isinstance(n, ir.Function):
            out.append(_function_scope(n, parse, names, entry=False))
    return _with_first_reads(_passed_vectors(out), parse)


def _with_first_reads(found: list[Scope], parse: Callable[[ir.Math], M.MathNode]) -> list[Scope]:
    for s in found:
        s.read_first = read_first(s.node, parse)
        s.whole_first = first_whole_reads(s.node, parse)
        s.read_before = set(first_whole_reads(s.node, parse, in_loops=False, entries=True))
        s.unset_reads = first_whole_reads(s.node, parse, in_loops=False)
        s.store_sizes = stored_sizes(s.node, parse)
    return found


def _passed_vectors(found: list[Scope]) -> list[Scope]:
    """``f \\gets 0``, then ``\\Call{Visit}{…, f}`` whose parameter ``f`` the function stores ``f_u`` into: a vector.

    The caller never indexes it itself; the function it hands it to does, under the same name (as
    pseudocode passes its arrays).
    """
    stored = {
        name
        for s in found
        if s.function is not None
        for name in s.params
        if name in s.stored_by_index and s.index_counts.get(name) == {1}
    }
    for s in found:
        for name in s.zeroed:
            if name in stored and name not in s.index_counts:
                s.index_counts[name] = {1}
    return found


def _tolerant(parse: Callable[[ir.Math], M.MathNode]) -> Callable[[ir.Math], M.MathNode]:
    """``parse``, reading math that does not parse as words (it binds and reads nothing; lint reports it).

    Each segment is read once: the scope's passes (reads, first reads, stores) ask for it again, and
    a 100,000-term sum must not be rebuilt by every one.
    """
    seen: dict[tuple[int, int, str], M.MathNode] = {}

    def read(m: ir.Math) -> M.MathNode:
        key = (m.span.start, m.span.end, m.latex)
        found = seen.get(key)
        if found is None:
            try:
                found = parse(m)
            except LocatedError:
                found = M.Text(m.latex, span=m.span)
            seen[key] = found
        return found

    return read


def _function_scope(f: ir.Function, parse: Callable[[ir.Math], M.MathNode], known: set[str], *, entry: bool) -> Scope:
    params = tuple(param_names(f, parse))
    scope = Scope(f.name, f, params=params, entry=entry)
    scope.bound = assigned_names(f.body, parse) | set(params)
    _read_statements(f.body, scope, parse, known)
    return scope


def param_names(f: ir.Function, parse: Callable[[ir.Math], M.MathNode]) -> list[str]:
    """A function's parameter names; ``y_1, \\dots, y_M`` is one parameter ``y`` (a family)."""
    out = []
    for item in param_trees(f, parse):
        if isinstance(item, M.Range):
            name = identifier(item.lo.base) if isinstance(item.lo, M.Idx) else None
        else:
            name = identifier(item)
        if name is not None:
            out.append(name)
    return out


def param_trees(f: ir.Function, parse: Callable[[ir.Math], M.MathNode]) -> list[M.MathNode]:
    """A function's parameters as parsed, a family (``y_1, \\dots, y_M``) as one range; unreadable ones left out."""
    trees = []
    for p in f.params:
        try:
            trees.append(parse(p))
        except LocatedError:
            continue  # reported where the parameter is compiled
    return join_families(trees)


def join_families(trees: list[M.MathNode]) -> list[M.MathNode]:
    r"""``y_1``, ``\dots``, ``y_M`` (a parameter list split at its commas) → one family ``y_1, \dots, y_M``."""
    out: list[M.MathNode] = []
    i = 0
    while i < len(trees):
        a = trees[i]
        if (
            i + 2 < len(trees)
            and isinstance(trees[i + 1], M.Dots)
            and isinstance(a, M.Idx)
            and isinstance(trees[i + 2], M.Idx)
            and identifier(a.base) is not None
            and identifier(a.base) == identifier(trees[i + 2].base)  # type: ignore[union-attr]
        ):
            out.append(M.Range(a, trees[i + 2], span=a.span.cover(trees[i + 2].span)))
            i += 3
            continue
        out.append(a)
        i += 1
    return out


def _require_names(nodes: Iterable[ir.Node], parse: Callable[[ir.Math], M.MathNode]) -> set[str]:
    spec = declared_inputs(nodes, parse, tolerant=True)
    names = {d.name for d in spec.inputs} | set(spec.sizes) | set(spec.families.values())
    return names | {d.columns for d in spec.inputs if d.columns}


# --- statements -------------------------------------------------------------------------------------


def _read_statements(
    nodes: Iterable[ir.Node], scope: Scope, parse: Callable[[ir.Math], M.MathNode], known: set[str]
) -> None:
    executed = [(m, target) for node in nodes for m, target in _executed(node)]
    trees = []
    for m, target in executed:
        try:
            trees.append((parse(m), target))
        except LocatedError:
            continue  # reported with the math
    scope.variable_indexed |= {
        identifier(t.base) or ""
        for tree, _ in trees
        for t in M.walk(tree)
        if isinstance(t, M.Idx) and not all(isinstance(i, M.Num) for i in t.indices)
    }
    # p_1 \gets g(p_0) beside p \gets …, every subscript of p a numeral: p_0, p_1, p_2 and p are four
    # numbers, as Burden–Faires write them, not a sequence p and a number p
    whole = {identifier(tree) for tree, target in trees if target and isinstance(tree, M.Sym)}
    numbered: dict[str, set[str]] = {}
    for tree, _ in trees:
        for t in M.walk(tree):
            if isinstance(t, M.Idx) and all(isinstance(i, M.Num) for i in t.indices):
                numbered.setdefault(identifier(t.base) or "", set()).add(identifier(t) or "")
    # only where one of them is given as a name (`\Require p_0`): `b \gets x` then `b_1 \gets b_0 + b_1`
    # stores into the array b
    given = _require_names(nodes, parse) | set(scope.params)
    # s_L, s_R, s_C beside one another, the letters bound nowhere: left, right and cross, as CLRS names them
    capitals: dict[str, set[str]] = {}
    for tree, _ in trees:
        for t in M.walk(tree):
            if isinstance(t, M.Idx) and len(t.indices) == 1 and isinstance(t.indices[0], M.Sym):
                letter = t.indices[0]
                if len(letter.name) == 1 and letter.name.isupper() and not letter.accents:
                    capitals.setdefault(identifier(t.base) or "", set()).add(letter.name)
    for base, letters in capitals.items():
        if len(letters) >= 2 and not letters & (scope.bound | given | known):
            scope.labels |= {f"{base}_{letter}" for letter in letters}
            scope.bound |= {f"{base}_{letter}" for letter in letters}
    labels = {
        flat
        for base, flats in numbered.items()
        if base in whole - scope.variable_indexed and flats & given
        for flat in flats
    }
    scope.labels |= labels
    scope.bound |= labels & {identifier(tree) for tree, target in trees if target}  # p_1 \gets …: the listing's
    # x_i \gets … stores into x (a sequence when x holds nothing yet): x is the listing's too
    declared = set(scope.bound)
    scope.bound |= {n for tree, target in trees if target for n in _stored(tree, declared.__contains__)}
    for tree, target in trees:
        if target:
            _shape_of_target(tree, scope, declared.__contains__)
    for node in nodes:
        for n in ir.walk(node):
            if isinstance(n, ir.Assign) and not isinstance(n, ir.Function):
                try:
                    value, target = parse(n.value), parse(n.target)
                except LocatedError:
                    continue
                name = identifier(target) if isinstance(target, M.Sym) else None
                if name is not None and M.zero_literal(value):
                    scope.zeroed.setdefault(name, n.span)
                if name is not None and _mentions_ones(value):
                    scope.filled.add(name)
                if name is not None and _bare_identity(value) and "I" not in declared:
                    scope.identities.setdefault(name, n.span)
                if name is not None:
                    scope.whole_values.setdefault(name, []).append(value)
    # "evaluate the loss \(L_i\) on \(B_i\)": a binding of the statement sets what it names
    scope.described |= _stated_names(nodes, parse) - scope.bound
    scope.bound |= scope.described
    for tree, target in trees:
        if target and identifier(tree) in scope.labels:
            continue  # s_L \gets …: a name of its own, its letter never read
        parts = _target_indices(tree, declared.__contains__) if target else [tree]
        for part in parts:
            reader = _Reader([], scope.dims, scope.indexed, scope)
            reader.visit(part, frozenset(scope.bound | known))
            for read in reader.out:
                _note(scope, read)
    for node in nodes:
        for n in ir.walk(node):
            if isinstance(n, ir.CallStmt) and n.name not in known and n.name not in scope.bound:
                _note(scope, Read(n.name, n.span, called=True))


def _stated_names(nodes: Iterable[ir.Node], parse: Callable[[ir.Math], M.MathNode]) -> set[str]:
    out: set[str] = set()
    for node in nodes:
        for n in ir.walk(node):
            if isinstance(n, ir.TextStatement):
                for m in n.text.math:
                    try:
                        tree = parse(m)
                    except LocatedError:
                        continue
                    out |= {identifier(x) for x in M.walk(tree) if isinstance(x, (M.Sym, M.Idx))} - {None}
    return out


def _mentions_ones(tree: M.MathNode) -> bool:
    return any(M.bold_digit(n) for n in M.walk(tree))


def _note(scope: Scope, read: Read) -> None:
    old = scope.reads.get(read.name)
    if old is None:
        scope.reads[read.name] = dataclasses.replace(read, spans=(read.span,), max_indices=read.indices)
    else:
        scope.reads[read.name] = dataclasses.replace(
            old,
            spans=old.spans + (read.span,),
            max_indices=max(old.max_indices, read.indices),
            called=old.called or read.called,
            applied=old.applied and read.applied,
        )


_STATEMENTS = (
    ir.Assign,
    ir.Return,
    ir.CallStmt,
    ir.ForRange,
    ir.ForAll,
    ir.WhileBlock,
    ir.RepeatUntil,
    ir.IfBlock,
    ir.Branch,
    ir.LoopBlock,
    ir.UserBlock,
)


def _executed(node: ir.Node) -> Iterator[tuple[ir.Math, bool]]:
    """``(math, is_target)`` for the math a statement evaluates when it runs (its functions are scopes of their own)."""
    if isinstance(node, ir.Assign):
        yield node.value, False
        yield node.target, True
    elif isinstance(node, ir.Return):
        yield from ((v, False) for v in node.values)
    elif isinstance(node, ir.CallStmt):
        yield from ((a, False) for a in node.args)
    elif isinstance(node, ir.ForRange):
        yield from ((m, False) for m in (node.start, node.stop, node.second, node.step) if m is not None)
    elif isinstance(node, ir.ForAll) and node.iterable is not None:
        yield node.iterable, False
    elif isinstance(node, (ir.WhileBlock, ir.RepeatUntil, ir.Branch)) and isinstance(node.cond, ir.Math):
        yield node.cond, False
    elif isinstance(node, ir.UserBlock):
        yield from ((a, False) for a in node.args if isinstance(a, ir.Math))
    if isinstance(node, ir.Function):
        return
    for child in ir.iter_children(node):
        if isinstance(child, _STATEMENTS):
            yield from _executed(child)


def _stored(tree: M.MathNode, is_bound: Callable[[str], bool]) -> set[str]:
    """The names an assignment target stores into: ``x`` and ``x_i`` of ``x_i``, each of ``(a, b)``."""
    if isinstance(tree, (M.Tuple, M.ListLit)):
        return {n for item in tree.items for n in _stored(item, is_bound)}
    if isinstance(tree, M.Idx):
        if labelled(tree, is_bound):
            return {n for n in (identifier(tree),) if n is not None}
        return {n for n in (identifier(tree), identifier(tree.base)) if n is not None}
    if isinstance(tree, M.Index):
        name = identifier(tree.base)
        return {name} if name is not None else set()
    if isinstance(tree, M.Assign):  # x \gets y \gets 0
        return _stored(tree.target, is_bound) | _stored(tree.value, is_bound)
    name = identifier(tree)
    return {name} if name is not None else set()


def _shape_of_target(tree: M.MathNode, scope: Scope, is_bound: Callable[[str], bool]) -> None:
    """Record how a target writes its names: whole (``x``) or by index (``d_{ij}``, and how many indices)."""
    if isinstance(tree, (M.Tuple, M.ListLit)):
        for item in tree.items:
            _shape_of_target(item, scope, is_bound)
    elif isinstance(tree, M.Idx) and not labelled(tree, is_bound) and identifier(tree) not in scope.labels:
        base = identifier(tree.base)
        if base is not None:
            scope.stored_by_index.add(base)
            scope.index_counts.setdefault(base, set()).add(len(tree.indices))
    elif isinstance(tree, M.Assign):
        _shape_of_target(tree.target, scope, is_bound)
        _shape_of_target(tree.value, scope, is_bound)
    else:
        name = identifier(tree)
        if name is not None:
            scope.whole.add(name)
            scope.assigned_whole.add(name)


def _target_indices(tree: M.MathNode, is_bound: Callable[[str], bool]) -> list[M.MathNode]:
    """What a target reads: the indices of ``x_{i+1}`` and ``A[i]`` (the name itself is written)."""
    if isinstance(tree, (M.Tuple, M.ListLit)):
        return [p for item in tree.items for p in _target_indices(item, is_bound)]
    if isinstance(tree, M.Idx):
        return [] if labelled(tree, is_bound) else list(tree.indices)
    if isinstance(tree, M.Index):
        return list(tree.args)
    return []


# --- math -------------------------------------------------------------------------------------------


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
        constant = name is not None and (name not in bound or only_entries) and self._constant(node, name)
        if name is not None and self.scope is not None and not constant:
            self.scope.whole.add(name)  # `2 \pi` beside a weight `\pi_1`: the constant is no whole read of pi
        if name is None or name in bound or constant:
            return
        if node.accents and node.accents[-1] == "star":
            plain = identifier(dataclasses.replace(node, accents=node.accents[:-1]))
            if plain is not None and plain in bound:
                return  # v^{*} of the listing's v: its conjugate transpose, no name of its own
        if self.scope is not None and "exponent" in self.where:
            self.scope.in_exponent.add(name)
        if self.scope is not None and "index" in self.where:
            self.scope.as_index.add(name)
        self.out.append(Read(name, node.span))

    @staticmethod
    def _constant(node: M.Sym, name: str) -> bool:
        if node.accents:
            return False
        if node.font in ("", "bf", "rm") and node.name.lower() in CONSTANT_WORDS:
            return True
        if node.font == "bb" and node.name in _NUMBER_SETS:
            return True
        if M.bold_digit(node):
            return True  # \mathbf{1}, \mathbf{0}: the all-ones and zero vectors
        return name in BUILTIN_FUNCTIONS or name in CONSTANTS

    def v_Idx(self, node: M.Idx, bound: frozenset[str]) -> None:
        flat = identifier(node)
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
                self.scope.index_counts.setdefault(base, set()).add(len(node.indices))
                (index,) = node.indices if len(node.indices) == 1 else (None,)
                if isinstance(index, M.Num) and len(index.text) == 2 and index.text.isdigit():
                    self.scope.two_digit.add(base)
        if base is None:
            self.visit(node.base, bound)
        elif base not in bound and not (base in ("e", "I") and len(node.indices) == 1):
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
        if name is None or isinstance(node.fn, M.Idx):
            self.visit(node.fn, bound)
        elif name not in bound and name not in BUILTIN_FUNCTIONS:
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
            if parts and _leading(parts[0]) == names and not isinstance(parts[0], M.Sym):
                self._subscript(parts[0], names, outer, inner)
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
        if not names:  # \{ i : \ell_i = j \}: the element is the variable
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
        # 1 \le i \le n: the first name between the bounds
        for _, e in var.rest:
            found = _leading(e)
            if found:
                return found
        return set()
    if isinstance(var, M.Tuple):
        lead = _leading(var)
        if lead:
            return lead
        return _bound_by(var.items[0]) if var.items else set()
    if isinstance(var, M.Logic):
        return _bound_by(var.args[0]) if var.args else set()
    if isinstance(var, M.Colon):
        return _bound_by(var.left)
    return _leading(var)


def _bare_identity(node: M.MathNode) -> bool:
    """``I`` (or ``\\mathbf{I}``) written without its size."""
    return isinstance(node, M.Sym) and node.name == "I" and node.font in ("", "bf", "rm") and not node.accents


def read_first(node: ir.Node, parse: Callable[[ir.Math], M.MathNode]) -> set[str]:
    """The names the statements read before they first assign them whole, in source order.

    ``x_i`` read in a loop, then ``x \\gets y`` after it: ``x`` comes in from outside (an input the
    listing overwrites), as a reader of the listing takes it.
    """
    written: set[str] = set()
    out: set[str] = set()

    def mentioned(m: ir.Math) -> set[str]:
        try:
            return _names_in(parse(m))
        except LocatedError:
            return set()

    for n in ir.walk(node):
        if isinstance(n, ir.Assign):
            try:
                target = parse(n.target)
            except LocatedError:
                continue
            base = target.base if isinstance(target, M.Idx) else target
            out |= mentioned(n.value) - written
            if isinstance(target, M.Idx):  # S_{i,0} \gets 0: the indices are read; S is written, not read
                out |= {m for i in target.indices for m in _names_in(i)} - written
            if isinstance(base, M.Sym) and identifier(base) is not None:
                written.add(identifier(base))  # type: ignore[arg-type]
            continue
        for f in dataclasses.fields(n):
            value = getattr(n, f.name)
            maths = [value] if isinstance(value, ir.Math) else list(value.math) if isinstance(value, ir.Text) else []
            if isinstance(value, tuple):
                maths = [v for v in value if isinstance(v, ir.Math)]
            for m in maths:
                out |= mentioned(m) - written
    return out


def constant_letters(scope: Scope) -> frozenset[str]:
    """``pi`` when the scope stores only ``\\pi_1``, ``\\pi_2`` (weights): the letter alone is then still π.

    An array ``\\pi`` (``\\pi_i \\gets v``, read with a variable index or assigned whole) keeps the name.
    """
    stored = scope.stored_by_index - scope.assigned_whole - scope.variable_indexed - set(scope.params)
    return frozenset(stored & CONSTANTS)


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


def first_whole_reads(
    node: ir.Node, parse: Callable[[ir.Math], M.MathNode], *, in_loops: bool = True, entries: bool = False
) -> dict[str, Span]:
    """Where each name is first read whole (``x`` of ``y \\gets x``) before anything writes it, in source order.

    Only statements count (not a caption). Without ``in_loops``, not a read inside a loop that stores
    into the name: ``b \\gets a`` then ``a_j \\gets …`` in each pass is a recurrence whose first pass
    may read nothing.
    """
    written: set[str] = set()
    out: dict[str, Span] = {}

    def target_of(n: ir.Assign) -> str | None:
        try:
            target = parse(n.target)
        except LocatedError:
            return None
        base = target.base if isinstance(target, M.Idx) else target
        return identifier(base) if isinstance(base, M.Sym) else None

    def read(m: ir.Math, looping: set[str]) -> None:
        try:
            tree = parse(m)
        except LocatedError:
            return
        bases = {id(t.base) for t in M.walk(tree) if isinstance(t, M.Idx)}
        for t in M.walk(tree):
            name = identifier(t) if isinstance(t, M.Sym) and (entries or id(t) not in bases) else None
            if name is None or name in written or name in looping or _Reader._constant(t, name):  # type: ignore[arg-type]
                continue  # (`2 \\pi` beside a weight `\\pi_1` reads the constant)
            out.setdefault(name, t.span)

    def visit(n: ir.Node, looping: set[str]) -> None:
        if isinstance(n, (ir.Comment, ir.Function)):
            return
        if isinstance(n, ir.Assign):
            read(n.value, looping)
            name = target_of(n)
            if name is not None:
                written.add(name)
            return
        if not in_loops and isinstance(n, (ir.ForRange, ir.ForAll, ir.WhileBlock, ir.RepeatUntil, ir.LoopBlock)):
            looping = looping | {t for a in ir.walk(n) if isinstance(a, ir.Assign) for t in [target_of(a)] if t}
        for f in dataclasses.fields(n):
            if f.name == "caption":
                continue
            value = getattr(n, f.name)
            if isinstance(value, ir.Math):
                read(value, looping)
            elif isinstance(value, ir.Text):
                for m in value.math:
                    read(m, looping)
            elif isinstance(value, ir.Node):
                visit(value, looping)
            elif isinstance(value, tuple):
                for v in value:
                    if isinstance(v, ir.Math):
                        read(v, looping)
                    elif isinstance(v, ir.Node):
                        visit(v, looping)

    visit(node, set())
    return out


def _names_in(tree: M.MathNode) -> set[str]:
    """The names ``tree`` mentions: plain ones, and the bases of subscripted ones."""
    found = set()
    for t in M.walk(tree):
        name = identifier(t.base) if isinstance(t, M.Idx) else identifier(t) if isinstance(t, M.Sym) else None
        if name is not None:
            found.add(name)
        if isinstance(t, M.Pow) and identifier(t) is not None:
            found.add(identifier(t))  # type: ignore[arg-type]  # \sigma_1^{2} read before \sigma_1^{2} \gets …
    return found
