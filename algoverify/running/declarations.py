r"""What a note declares about a listing's names: inputs, shapes, sizes, families, preconditions.

The rule, as a reader applies it:

* every name that ``\Require`` / ``\Input`` math introduces is an input: ``\(A\)``,
  ``\(\lambda, v\)``, ``\(a \gt 0\)`` (``a``, with the precondition ``a > 0``), ``\(\beta_1,
  \beta_2 \in [0, 1)\)`` (both, each in the interval), ``\(x \in \mathbb{R}^{n}\)`` (``x``, a
  vector of length ``n``), ``\(A \in \mathbb{R}^{m \times n}\)``, ``\(k \in \mathbb{N}\)`` (a
  non-negative integer), ``\(x \in \{0, 1\}^{n}\)`` (a vector of 0s and 1s); text declares
  too: "vector \(x\) of length \(n\)", "matrix \(A\) of size \(m \times n\)";
* ``\(B_1, \dots, B_k\)`` is a family: one input ``B`` (a list), its size ``k``; ``\(w_0,
  \dots, w_{k-1}\)`` is one too, counted from 0 (its size is still ``k``);
* ``matrix \(A = [a_1, \dots, a_n]\)``: ``A`` is the input, ``a_j`` is its column ``j``;
* a size (``n``, ``m``, ``k`` above) is bound from the shapes of the inputs that carry it,
  checked for agreement when several do, and may also be given (then checked too); it is not
  a required input;
* the declared constraints are the preconditions: they are checked on entry, and a violation
  is reported as a violated precondition (AV309), never as a wrong output.

The same declarations come from the prose around a listing (:mod:`.prose_symbols`); each one
records where it was read (:class:`Origin`), so a run can say why a name means what it means.
Nothing here imports NumPy: ``lint`` reads declarations as the interpreter does.
"""

from __future__ import annotations

import re
from typing import Callable

from ..math import mathexpr as M
from ..math.names import identifier, labelled, subscript_word
from ..source import Span
from ..syntax import ir
from .families import (
    Family,
    Origin,
    bound_on_each,
    first_written,
    read_family,
    set_shape,
    started_family,
    written_family_of,
)
from .input_spec import FIRST_MEMBER, LAST_MEMBER, PAST_END, Declared, InputSpec
from .reads import is_constant

__all__ = [
    "Origin",
    "Declared",
    "InputSpec",
    "declare_columns",
    "declare_math",
    "given_names",
    "named_constants",
    "CONSTANT_NAMES",
    "PAST_END",
    "LAST_MEMBER",
    "FIRST_MEMBER",
]


def _labels(items: list[M.MathNode]) -> list[M.MathNode]:
    """``\\bar{x}_a, \\bar{x}_b``: one base, a different letter under each: names of their own, not entries."""
    subscripted = [i for i in items if isinstance(i, M.Idx) and len(i.indices) == 1 and isinstance(i.indices[0], M.Sym)]
    by_base: dict[str | None, set[str]] = {}
    for i in subscripted:
        by_base.setdefault(identifier(i.base), set()).add(i.indices[0].name)  # type: ignore[union-attr]
    return [i for i in subscripted if len(by_base[identifier(i.base)]) > 1]


def _names(node: M.MathNode) -> list[tuple[str, Span]]:
    """The plain names in an element list (``\\beta_1, \\beta_2``); ``a_{ij}`` is an entry, never an input's name."""
    items = node.items if isinstance(node, M.Tuple) else (node,)
    out = []
    for item in items:
        name = identifier(item)
        # d_{model}, x_{\mathrm{best}}: a word under a name labels it; a_{ij} is an entry
        labelled_name = labelled(item) or subscript_word(item) is not None
        entry = isinstance(item, M.Idx) and any(not isinstance(i, M.Num) for i in item.indices) and not labelled_name
        if name is not None and not isinstance(item, M.Num) and not entry:
            out.append((name, item.span))
    return out


def _element_of(node: M.MathNode, declared: set[str]) -> bool:
    """``A_j``, ``w_{ii}`` of ``W``, ``A[j]``: an element of a declared input at a symbolic index (``j``, not ``1``)."""
    entry = _entry(node)
    if entry is None or all(isinstance(i, M.Num) for i in entry[1]):
        return False
    base = identifier(entry[0]) or ""
    if isinstance(node, M.Index):
        return base in declared  # A[j] of an array A: never a name of its own
    if base in declared or base[:1].upper() + base[1:] in declared:
        return True
    # "counts n_{ij} \ge 0": entries at running indices (never names of the note), never an input n_ij;
    # n_a, n_b of "counts n_a, n_b \ge 1" are labels, names of their own
    return all(
        isinstance(i, M.Sym) and i.name in _RUNNING and not i.accents and i.name not in declared for i in entry[1]
    )


def _entry(node: M.MathNode) -> tuple[M.MathNode, tuple[M.MathNode, ...]] | None:
    """The array and the indices of an entry written ``a_{ij}`` or ``A[i, j]``, else ``None``."""
    if isinstance(node, M.Idx):
        return node.base, node.indices
    if isinstance(node, M.Index):
        return node.base, node.args
    return None


#: the letters that run over positions, as indices: ``w_{uv}``, ``n_{ij}``, ``x_t``
_RUNNING = frozenset("ijkltuv")


def declare_math(
    tree: M.MathNode,
    spec: InputSpec,
    text_of: Callable[[Span], str],
    origin: Origin | None = None,
    *,
    joint: bool = True,
) -> None:
    """Add what one math segment declares to ``spec``.

    ``joint``: a relation over several names (``a d - b c \\ne 0``) is a condition on the inputs
    together (``\\Require`` says so); prose relations are not read that way (they are as often
    claims as assumptions).
    """
    if isinstance(tree, M.Tuple) and not isinstance(tree, M.Range):
        items = bound_on_each(list(tree.items))
        labels = _labels(items)
        for item in items:
            if item in labels:
                spec.declare(Declared(identifier(item), item.span, origin=origin))  # type: ignore[arg-type]
            else:
                declare_math(item, spec, text_of, origin, joint=joint)
        return
    family = read_family(tree, origin)
    if family is not None:
        declared = spec.get(family.name)
        if declared is not None and declared.shape is not None and family.name not in spec.families:
            if not _covers(family, declared.shape):
                return  # "A[0 .. n] with keys A[1], …, A[n]": members of the array declared whole, not all of it
        spec.add_family(family)
        return
    paired = _paired_families(tree, origin)
    if paired:  # (x_1, y_1), \dots, (x_n, y_n): the families x and y, n members each
        for f in paired:
            spec.add_family(f)
        return
    first = first_written(tree, origin)
    if first is not None:  # f_0, \dots, f_{4m}: numbered from 0, its length a formula
        spec.firsts.setdefault(first.name, first)
        return
    started = started_family(tree)
    if started is not None:  # u_{k+1}, \dots, u_N: numbered from k + 1, as written
        _declare_started(started, tree, spec, text_of, origin)
        return
    if isinstance(tree, M.In):
        _declare_membership(tree, spec, text_of, origin)
        return
    run = written_family_of(tree, origin)
    if run is not None:  # A[1..n], a_1 a_2 \dots a_m: an array of n entries, counted from its first index
        length = family_length(run)
        spec.declare(Declared(run.name, tree.span, (length,), origin=origin, latex=text_of(tree.span)))
        spec.firsts.setdefault(run.name, run)
        return
    if function_type(tree) is not None:  # f : [a, b] \to \mathbb{R}: f, and the ends a, b of its domain
        domain = tree.right.first if isinstance(tree, M.Colon) and isinstance(tree.right, M.Rel) else None
        # w : E \to \mathbb{R} of a graph's edges: a table (CLRS's weights stored as a matrix) does as well
        noun = "mapping" if _finite_domain(domain) else "function"
        spec.declare(Declared(function_type(tree), tree.span, origin=origin, noun=noun, latex=text_of(tree.span)))
        if isinstance(domain, M.Interval):
            for end in (domain.lo, domain.hi):
                if isinstance(end, M.Sym) and identifier(end) is not None:
                    spec.declare(Declared(identifier(end), end.span, (), origin=origin))  # type: ignore[arg-type]
        return
    if isinstance(tree, M.Rel):
        tree = _without_self_naming(tree)
        if not isinstance(tree, M.Rel):  # "residual r = r(x)": the name, nothing it must satisfy
            declare_math(tree, spec, text_of, origin, joint=joint)
            return
        _declare_relation(tree, spec, text_of, origin, joint=joint)
        return
    for name, span in _names(tree):
        spec.declare(Declared(name, span, origin=origin))


def _declare_started(
    started: tuple[str, M.MathNode, M.MathNode],
    tree: M.MathNode,
    spec: InputSpec,
    text_of: Callable[[Span], str],
    origin: Origin | None,
) -> None:
    name, first, last = started
    spec.declare(Declared(name, tree.span, noun="list", origin=origin, latex=text_of(tree.span)))
    spec.starts.setdefault(name, (first, last))


def _without_self_naming(tree: M.Rel) -> M.MathNode:
    r"""``r = r(x) \in \mathbb{R}^m`` as ``r \in \mathbb{R}^m``: the value of a map named by the map's letter.

    A paper writes "\(r = r(x)\)" for the residual at the current point: a name for a value, no
    relation the inputs must satisfy (read as one, ``r(x)`` was the product ``r x`` on entry).
    """
    name = identifier(tree.first) if isinstance(tree.first, (M.Sym, M.Idx)) else None
    if name is None:
        return tree

    def naming(e: M.MathNode) -> bool:
        fn = e.fn if isinstance(e, M.Apply) else M.Sym(e.func, span=e.span) if isinstance(e, M.Call) else None
        return fn is not None and identifier(fn) == name

    rest = tuple((op, e) for op, e in tree.rest if not (op == "=" and naming(e)))
    if len(rest) == len(tree.rest):
        return tree
    return M.Rel(tree.first, rest, span=tree.span) if rest else tree.first


def _paired_families(tree: M.MathNode, origin: Origin | None) -> list[Family]:
    r"""``(x_1, y_1), \dots, (x_n, y_n)``: one family per place of the pairs, when every place reads as one."""
    if not (isinstance(tree, M.Range) and isinstance(tree.lo, M.Tuple) and isinstance(tree.hi, M.Tuple)):
        return []
    if len(tree.lo.items) != len(tree.hi.items) or len(tree.lo.items) < 2:
        return []
    found = [
        read_family(M.Range(lo, hi, span=lo.span.cover(hi.span)), origin)
        for lo, hi in zip(tree.lo.items, tree.hi.items)
    ]
    if any(f is None for f in found) or len({f.name for f in found}) != len(found):  # type: ignore[union-attr]
        return []
    return found  # type: ignore[return-value]


def _finite_domain(domain: M.MathNode | None) -> bool:
    """A domain named by a set of the note (``E``, ``V \\times V``) or written out (``\\{1, \\dots, n\\}``).

    Never an interval or ``\\mathbb{R}^n``: Floyd's ``f : \\{1, \\dots, n\\} \\to \\{1, \\dots, n\\}`` "given by its
    table of values" is a table, as ``f : S \\to S`` of a set S the note names is.
    """
    if isinstance(domain, M.BinOp) and domain.op == "times":
        return _finite_domain(domain.left) and _finite_domain(domain.right)
    if isinstance(domain, M.SetLit):
        return True
    return isinstance(domain, M.Sym) and domain.font != "bb" and not domain.accents


def function_type(tree: M.MathNode) -> str | None:
    """The name of ``f : X \\to Y`` (a function from X to Y), else ``None``."""
    if not isinstance(tree, M.Colon) or not isinstance(tree.left, M.Sym):
        return None
    right = tree.right
    if isinstance(right, M.Rel) and any(op in ("to", "rightarrow", "mapsto") for op, _ in right.rest):
        return identifier(tree.left)
    return None


def _declare_membership(tree: M.In, spec: InputSpec, text_of: Callable[[Span], str], origin: Origin | None) -> None:
    shape, domain = set_shape(tree.set)
    element = tree.element
    family = read_family(element, origin)
    started = started_family(element) if family is None else None  # u_{k+1}, \dots, u_N \in [0, 1)
    if family is not None or started is not None:
        if family is not None:
            spec.add_family(family)
        else:
            _declare_started(started, element, spec, text_of, origin)  # type: ignore[arg-type]
        name = family.name if family is not None else started[0]  # type: ignore[index]
        if shape is None and domain is None:  # s_1, …, s_n ∈ (0, 1]: every member is in the set, on entry
            whole = M.Sym(name, span=element.span)
            member = ((M.In(whole, tree.set, span=tree.span), text_of(tree.span)),)
            spec.declare(Declared(name, element.span, constraints=member, origin=origin))
        elif domain in ("natural", "integer"):  # k_1, …, k_m ∈ \mathbb{N}: whole numbers, each
            spec.declare(Declared(name, element.span, domain=domain, latex=text_of(tree.span), origin=origin))
        return
    items = element.items if isinstance(element, M.Tuple) else (element,)
    for item in items:
        name = identifier(item)
        if name is None or isinstance(item, M.Num):
            continue
        # a set that is not ℝⁿ-like (an interval, a named set) is a membership to check on entry
        member = () if shape is not None or domain is not None else ((tree, text_of(tree.span)),)
        if member and len(items) > 1:  # β_1, β_2 ∈ [0, 1): each name on its own
            member = ((M.In(item, tree.set, span=tree.span), f"{text_of(item.span)} \\in {text_of(tree.set.span)}"),)
        if isinstance(tree.set, M.Pow) and isinstance(tree.set.base, (M.SetLit, M.Interval, M.ListLit)):
            # x ∈ {0, 1}^n, L ∈ [0, 1]^{T×n}: every entry is in the set
            member = ((M.In(item, tree.set.base, span=tree.span), text_of(tree.span)),)
        spec.declare(Declared(name, item.span, shape, domain, member, latex=text_of(tree.span), origin=origin))


def named_entries(tree: M.Rel) -> tuple[str, str] | None:
    """``("N", "n")`` of ``N = (n_{ij})`` (or ``A = [a_{ij}]``): a matrix named by its generic entry, same letter."""
    if [op for op, _ in tree.rest] != ["="] or not isinstance(tree.first, M.Sym):
        return None
    value = tree.rest[0][1]
    if isinstance(value, M.ListLit) and len(value.items) == 1:
        value = value.items[0]
    if not (isinstance(value, M.Idx) and isinstance(value.base, M.Sym) and len(value.indices) == 2):
        return None
    if not all(isinstance(i, M.Sym) for i in value.indices) or value.indices[0] == value.indices[1]:
        return None
    name, entry = identifier(tree.first), identifier(value.base)
    if name is None or entry is None or entry == name or entry.lower() != name.lower():
        return None
    return name, entry


def family_length(family: Family) -> str:
    """How many members ``family`` has, as written: ``n``, ``m + 2`` (``V_0, …, V_{m+1}``), ``n - 1``."""
    if family.offset == 0:
        return family.size
    return f"{family.size} {'+' if family.offset > 0 else '-'} {abs(family.offset)}"


def _covers(family: Family, shape: tuple[str, ...]) -> bool:
    """Whether ``family`` has as many members as a vector of ``shape`` (``V^0_0, …, V^0_{m+1}``, ``V^0 ∈ ℝ^{m+2}``)."""
    return len(shape) == 1 and str(shape[0]).replace(" ", "") == family_length(family).replace(" ", "")


def _declare_columns(name: str, span: Span, family: Family, spec: InputSpec, origin: Origin | None) -> None:
    spec.declare(Declared(name, span, columns=family.name, origin=origin))
    spec.carry(family.size, name, 1, origin, family.offset)
    spec.firsts.setdefault(family.name, family)  # q_1: Q's first column (q_0 is not one)


def declare_columns(tree: M.MathNode, spec: InputSpec, origin: Origin | None) -> bool:
    r"""``Q = [q_1, \dots, q_n]`` (``\in \mathbb{R}^{m \times n}`` or not): Q is the matrix of the columns q_j.

    What a display or an ``\Ensure`` says of a matrix the listing returns: it declares nothing
    else (``A = QR`` beside it is a claim), and Q is no input where the listing computes its q_j.
    """
    # … and Q_m = [q_1, \dots, q_m] of Lanczos, the matrix of m steps named by its count
    if not (isinstance(tree, M.Rel) and isinstance(tree.first, (M.Sym, M.Idx))) or tree.rest[0][0] != "=":
        return False
    if not {op for op, _ in tree.rest} <= {"=", "in"}:
        return False
    name = identifier(tree.first)
    family = read_family(_unbracketed(tree.rest[0][1]), origin)
    if name is None or family is None or family.first not in (0, 1) or family.name == name:
        return False
    _declare_columns(name, tree.first.span, family, spec, origin)
    return True


def _declare_relation(
    tree: M.Rel, spec: InputSpec, text_of: Callable[[Span], str], origin: Origin | None, *, joint: bool
) -> None:
    operands = [tree.first, *(e for _, e in tree.rest)]
    ops = [op for op, _ in tree.rest]
    if set(ops) & _ROUGHLY:
        # \Require M \approx A: M is an approximation of A, which no tolerance of ours decides; the
        # names are inputs, the relation is for the reader (a check's `given:` may say how close)
        for operand in operands:
            if isinstance(operand, (M.Sym, M.Idx)) and identifier(operand) is not None:
                spec.declare(Declared(identifier(operand), operand.span, origin=origin))  # type: ignore[arg-type]
        return
    name = identifier(tree.first) if isinstance(tree.first, M.Sym) else None
    if name is not None and "in" in ops and set(ops) <= {"=", "in"}:
        # `A = [a_1, \dots, a_n] \in \mathbb{R}^{m \times n}`: the columns, then the shape
        for op, e in tree.rest:
            family = read_family(_unbracketed(e), origin) if op == "=" else None
            if family is not None and family.name == name:
                spec.firsts.setdefault(name, family)  # a = (a_0, \dots, a_{n-1}) ∈ ℝ^n: its entries, from a_0
            elif family is not None:
                spec.declare(Declared(name, tree.first.span, columns=family.name, origin=origin))
                spec.carry(family.size, name, 1, origin)
            elif op == "in":
                _declare_membership(M.In(tree.first, e, span=tree.span), spec, text_of, origin)
        return
    entries = named_entries(tree)
    if entries is not None:  # Agresti's `N = (n_{ij})`: the table N, whose entries are the n_{ij}
        spec.declare(Declared(entries[0], tree.first.span, origin=origin, entries=entries[1]))
        return
    if len(ops) == 1 and ops[0] == "=":
        # `A = [a_1, …, a_n]`: A is the input, a_j its column j, n its number of columns
        family = read_family(_unbracketed(tree.rest[0][1]), origin)
        name = identifier(tree.first)
        run = written_family_of(tree.rest[0][1], origin)
        if run is not None and run.name == name:  # `p = p_1 p_2 \dots p_m`: a word of m symbols
            length = family_length(run)
            spec.declare(Declared(name, tree.first.span, (length,), origin=origin, latex=text_of(tree.span)))
            spec.firsts.setdefault(name, run)
            return
        if family is not None and family.name == name and family.first in (0, 1):
            # a = (a_0, \dots, a_{n-1}): a vector of its own entries, counted from its first index
            spec.declare(
                Declared(name, tree.first.span, (family_length(family),), origin=origin, latex=text_of(tree.span))
            )
            spec.firsts.setdefault(name, family)
            return
        if family is not None and name is not None and family.first in (0, 1):
            _declare_columns(name, tree.first.span, family, spec, origin)  # Q = [q_1, …, q_{k+1}]: k + 1 columns
            return
        if not joint:
            return  # `y = A x` in prose defines or claims; it declares nothing
    # `1 \le A_j \le k` after `A \in \mathbb{N}^n`: a bound on every element of A, for all j
    # (not an input named A_j); its other names are inputs, the bound itself is for the reader
    declared = set(spec.names)
    elementwise = any(_element_of(operand, declared) for operand in operands)
    # Levinson–Durbin's "values r_0, r_1, \dots, r_p with r_0 > 0": a bound on the family's member r_0,
    # tested on entry, never an input r_0 of its own beside the family r
    members = [o for o in operands if _member_of_family(o, spec)]
    if members and all(o in members or isinstance(o, (M.Num, M.Neg)) for o in operands):
        spec.add_condition(tree, text_of(tree.span), origin)
        return
    named = False
    for operand in operands:
        if elementwise and _element_of(operand, declared):
            continue
        plain = isinstance(operand, (M.Sym, M.Idx))
        name = identifier(operand) if plain or _variance(operand, operands, spec) else None
        if isinstance(operand, M.Sym) and name is not None and is_constant(operand, name):
            continue  # 0 < \omega_c < \pi: π bounds the cut-off, it is no input
        if name is not None:
            named = True
            # t^2 > 0 of the input t_sq: tested as t_sq > 0, the name the run gives it
            squared = isinstance(operand, M.Pow)
            tested = (
                M.transform(tree, lambda n, o=operand, k=name: M.Sym(k, span=n.span) if n is o else n)
                if squared
                else tree
            )
            constraints = () if elementwise else ((tested, text_of(tree.span)),)
            spec.declare(Declared(name, operand.span, constraints=constraints, origin=origin))
    if joint and elementwise:
        # Sinkhorn's `a_{ij} > 0` of A: every entry, tested on entry as A > 0; Jacobi's `a_{pq} \ne 0` at the
        # indices p, q the listing takes: that entry, tested on entry as written
        whole = _entrywise(tree, declared) or _at_inputs(tree, declared)
        if whole is not None:
            spec.add_condition(whole, text_of(tree.span), origin)
    if joint and not named and not elementwise:  # `a d - b c \ne 0`: a condition on the inputs together
        spec.add_condition(tree, text_of(tree.span), origin)


def _member_of_family(node: M.MathNode, spec: InputSpec) -> bool:
    """``r_0`` of a family ``r_0, \\dots, r_p`` the spec declares: a member by its number, not a name."""
    return (
        isinstance(node, M.Idx)
        and isinstance(node.base, M.Sym)
        and bool(node.indices)
        and all(isinstance(i, M.Num) for i in node.indices)
        and identifier(node.base) in spec.families
        and spec.get(identifier(node) or "") is None
    )


def _variance(operand: M.MathNode, operands: list[M.MathNode], spec: InputSpec) -> bool:
    r"""``t^2`` of "a variance \(t^2 > 0\)": a name written as its square, bounded by numbers alone.

    Not of a name declared on its own ("a number \(x\) with \(x^2 < 1\)"): that bounds ``x``.
    """
    named = isinstance(operand, M.Pow) and (identifier(operand) or "").endswith("_sq")
    if not named or spec.get(identifier(operand.base) or "") is not None:  # type: ignore[union-attr]
        return False
    return all(o is operand or isinstance(o, (M.Num, M.Neg)) for o in operands)


def _entrywise(tree: M.Rel, declared: set[str]) -> M.Rel | None:
    r"""``A > 0`` of ``a_{ij} > 0`` (``0 \le p_i \le 1`` of p, ``l_{ii} \ne 0`` of L's diagonal): over whole arrays.

    Only where every entry in it is of a declared input at the same running indices, one a dimension
    (``a_{ij}`` of a matrix), and nothing else runs over them: ``A_i \le A_{i+1}`` or ``x_i \ne x_j``
    stay for the reader.
    """
    at: set[tuple[str, ...]] = set()

    def whole(node: M.MathNode) -> M.MathNode:
        entry = _entry(node)
        if entry is None:
            return node
        indices = tuple(i.name if isinstance(i, M.Sym) and not i.accents else "" for i in entry[1])
        base = identifier(entry[0]) or ""
        name = base if base in declared else base[:1].upper() + base[1:]
        running = all(i and i not in declared for i in indices)  # a_{pq} of inputs p, q is one entry
        if not running or name not in declared:
            raise _NotEntrywise
        at.add(indices)
        if len(indices) == 2 and indices[0] == indices[1]:  # l_{ii} \ne 0: every entry of L's diagonal
            return M.Call("diag", (M.Sym(name, span=node.span),), span=node.span)
        if len(set(indices)) != len(indices):
            raise _NotEntrywise
        return M.Sym(name, span=node.span)

    try:
        operands = [whole(o) for o in (tree.first, *(e for _, e in tree.rest))]
    except _NotEntrywise:
        return None
    running = {i for indices in at for i in indices}
    if len(at) != 1 or any(isinstance(n, M.Sym) and n.name in running for o in operands for n in M.walk(o)):
        return None
    if [op for op, _ in tree.rest] == ["!="]:
        # ≠ of two arrays says they differ somewhere; of each entry, that |X - c| > 0 everywhere
        gap = M.Call("abs", (M.BinOp("-", operands[0], operands[1], span=tree.span),), span=tree.span)
        return M.Rel(gap, ((">", M.Num("0", span=tree.span)),), span=tree.span)
    return M.Rel(operands[0], tuple((op, e) for (op, _), e in zip(tree.rest, operands[1:])), span=tree.span)


def _at_inputs(tree: M.Rel, declared: set[str]) -> M.MathNode | None:
    r"""``A_{pq} \ne 0`` of ``a_{pq} \ne 0``: each entry at indices the listing takes (p, q), of its array."""
    entries = [e for e in map(_entry, M.walk(tree)) if e is not None]
    if not entries or not all(
        isinstance(i, M.Num) or (isinstance(i, M.Sym) and not i.accents and i.name in declared)
        for _, indices in entries
        for i in indices
    ):
        return None

    def of_array(node: M.MathNode) -> M.MathNode:
        base = identifier(node.base) if isinstance(node, M.Idx) else None
        if base is None or base in declared or base[:1].upper() + base[1:] not in declared:
            return node
        return M.Idx(M.Sym(base[:1].upper() + base[1:], span=node.base.span), node.indices, span=node.span)

    return M.transform(tree, of_array)


class _NotEntrywise(Exception):
    """A relation :func:`_entrywise` does not read over the whole arrays."""


#: relations that say "about": what they relate is the reader's judgement, never a precondition to test
_ROUGHLY = frozenset({"approx", "sim", "simeq", "cong", "propto", "asymp"})


def _unbracketed(node: M.MathNode) -> M.MathNode:
    """``[a_1, \\dots, a_n]`` as a list literal holds one range: that range."""
    if isinstance(node, M.ListLit) and len(node.items) == 1:
        return node.items[0]
    return node


def said_as(latex: str) -> Callable[[Span], str]:
    r"""A condition's text for messages, whatever span is asked (``v_i \ge 0``, written for the whole family)."""
    return lambda _: latex


def text_of(m: ir.Math) -> Callable[[Span], str]:
    """The LaTeX of a span inside ``m`` (for messages that quote a declaration)."""

    def text(span: Span) -> str:
        return m.latex[max(span.start - m.span.start, 0) : max(span.end - m.span.start, 0)]

    return text


#: the letters of constants a note may name otherwise (Euler's e, π, the identity I)
CONSTANT_NAMES = frozenset({"e", "pi", "I"})
#: words that say a letter is the constant it usually is
_ITS_OWN = re.compile(r"\b(?:euler|natural\s+log|exponential|circle|circumference|archimedes|identity)", re.I)


def given_names(context: InputSpec | None) -> frozenset[str]:
    """The inputs the note gives a listing, by name (see :attr:`~.scope_types.Scope.declared`).

    A constant's letter the prose says in words is the note's name, never the constant: "write
    \\(e\\) for the a priori error" makes ``e`` a name nothing binds (lint's AV303), never Euler's number.
    """
    if context is None:
        return frozenset()
    return frozenset(d.name for d in context.inputs) | named_constants(context)


def named_constants(context: InputSpec | None) -> frozenset[str]:
    """The constants' letters (``e``, ``pi``, ``I``) the prose says in words are a name of the note's.

    Unless the words are the constant's own: "where e is the base of the natural logarithm".
    """
    if context is None:
        return frozenset()
    return frozenset(
        name for name in set(context.in_words) & CONSTANT_NAMES if not _ITS_OWN.search(context.in_words[name][1])
    )
