r"""One letter for two families: ``\delta_j`` stored over the hidden units while ``\delta_k`` is read over the outputs.

Bishop writes the errors of the output units ``\delta_k`` and those of the hidden units
``\delta_j``, the index letter saying which layer (PRML §5.3.2): ``\delta_j \gets (1 - z_j^2)
\sum_{k=1}^{K} w_{kj} \delta_k``. Read as one array, the loop over ``j = 1, …, M`` overwrites the
entries the sum over ``k = 1, …, K`` still reads, and a correct listing computes something else
without a word. A statement that stores a family by one index while a sum inside it reads the same
family by another index, over a range of a different length, is that notation: neither reading is
a guess lint may make, so lint asks (AV204) and the run refuses the statement. Gauss–Seidel's
``x_i \gets (b_i - \sum_{j \ne i} a_{ij} x_j) / a_{ii}`` reads and stores one family over one
length, and is not asked about.

The same holds of an index written as a superscript (:func:`index_powers`): Hertz, Krogh and
Palmer's ``\xi_i^\mu``, pattern μ of a matrix ξ, is a power as TeX sets it.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator

from ..findings import LocatedError
from ..math import mathexpr as M
from ..math.latex import identifier_latex
from ..math.names import identifier
from ..source import Span
from ..syntax import ir

__all__ = ["index_powers", "loop_letters", "matrices", "superscript_indices", "two_lengths"]


def two_lengths(algorithm: ir.Algorithm, parse: Callable[[ir.Math], M.MathNode]) -> dict[Span, tuple[Span, str]]:
    """Each statement that stores one family over two lengths, by its value's span: where to say what."""
    out: dict[Span, tuple[Span, str]] = {}
    for node, loops in _assignments(algorithm.body, ()):
        try:
            target, value = parse(node.target), parse(node.value)
            ranges = {identifier(parse(v)): (parse(a), parse(b)) for v, a, b in loops}
        except LocatedError:
            continue  # reported with the math
        stored = _stored_by_one_index(target)
        if stored is None:
            continue
        name, index = stored
        bounds = ranges.get(index)
        if bounds is None:
            continue
        for bigop in (n for n in M.walk(value) if isinstance(n, M.BigOp) and isinstance(n.var, M.Sym)):
            other = identifier(bigop.var)
            if other is None or other == index or bigop.lo is None or bigop.hi is None:
                continue
            if bigop.hi in bounds or _mentions(bigop, set(ranges)):
                continue  # one range, or one that moves with the loops (a triangular solve's j < i): in place
            length = bounds[1]
            if any(_stored_by_one_index(n) == (name, other) for n in M.walk(bigop.body)):
                written = identifier_latex(name)
                message = (
                    f"{written}_{index} is stored for {index} up to {_shown(length)} while {written}_{other} is "
                    f"read for {other} up to {_shown(bigop.hi)}: one family of two lengths, or two families with "
                    f"one letter (Bishop's \\delta_j and \\delta_k)? Name them apart ({written}^{{(1)}}_{index}, "
                    f"{written}^{{(2)}}_{other}), or run both indices over one range"
                )
                out[node.value.span] = node.value.span, message
                break
    return out


def _assignments(
    body: tuple[ir.Node, ...], loops: tuple[tuple[ir.Math, ir.Math, ir.Math], ...]
) -> Iterator[tuple[ir.Assign, tuple[tuple[ir.Math, ir.Math, ir.Math], ...]]]:
    """Every assignment with the ``\\For`` ranges around it (their variable, first and last values)."""
    for node in body:
        if isinstance(node, ir.Assign):
            yield node, loops
            continue
        inner = loops + ((node.var, node.start, node.stop),) if isinstance(node, ir.ForRange) else loops
        yield from _assignments(tuple(c for c in ir.children(node) if not isinstance(c, ir.Math)), inner)


def _stored_by_one_index(node: M.MathNode) -> tuple[str, str] | None:
    """``("delta", "j")`` of ``\\delta_j``: a name and the one plain letter that indexes it."""
    if isinstance(node, M.Idx) and isinstance(node.base, M.Sym) and len(node.indices) == 1:
        name, index = identifier(node.base), node.indices[0]
        if name is not None and isinstance(index, M.Sym) and (letter := identifier(index)) is not None:
            return name, letter
    return None


def _mentions(bigop: M.BigOp, loops: set[str | None]) -> bool:
    """Whether the sum's range names a loop's variable (``\\sum_{j=1}^{i-1}``, ``\\sum_{j \\ne i}``)."""
    parts = [bigop.lo, bigop.hi, getattr(bigop, "domain", None)]
    return any(
        identifier(n) in loops for part in parts if part is not None for n in M.walk(part) if isinstance(n, M.Sym)
    )


def _shown(node: M.MathNode) -> str:
    if isinstance(node, M.Sym):
        return identifier(node) or "?"
    if isinstance(node, M.Num):
        return node.text
    return "its bound"


def index_powers(
    algorithm: ir.Algorithm, parse: Callable[[ir.Math], M.MathNode], matrices: set[str]
) -> dict[Span, tuple[Span, str]]:
    r"""Each assignment that raises a row of a matrix to an index (``\xi_i^\mu``), by its value's span: where, what.

    Hertz, Krogh and Palmer write pattern μ of ξ as ``\xi_i^\mu``; TeX sets a power. Of a name the
    note declares a matrix (``matrices``), with μ the index of a sum around it or of a loop, neither
    reading is a guess the run may make: lint asks (AV204) and the run refuses the statement.
    ``(\xi_i)^{\mu}`` says the power; a level the listing stores (``u_j^{n+1}``) is no power.
    """
    from .listing_parse import level_letters

    loops = loop_letters(algorithm, parse)
    levels = level_letters(algorithm)
    out: dict[Span, tuple[Span, str]] = {}
    for node in ir.walk(algorithm):
        if not isinstance(node, ir.Assign):
            continue
        try:
            value = parse(node.value)
        except LocatedError:
            continue
        for power, index, of in superscript_indices(value, matrices, levels, loops):
            letter = identifier(power.base.base) or ""
            offset = node.value.span.start
            written = node.value.latex[power.span.start - offset : power.span.end - offset]
            if written.lstrip().startswith("("):
                continue  # (\xi_i)^{\mu}: the power, said
            name, sup = identifier_latex(letter), identifier_latex(index)
            row = node.value.latex[power.base.span.start - offset : power.base.span.end - offset]
            entries = ", ".join(
                node.value.latex[i.span.start - offset : i.span.end - offset] for i in power.base.indices
            )
            message = (
                f"{written} is read as the power ({row})^{{{sup}}} or as the entry ({sup}, {entries}), {sup} being "
                f"the index of {of}: write {name}_{{{sup}, {entries}}} for the entry, ({row})^{{{sup}}} for the power"
            )
            out[node.value.span] = power.span, message
            break
    return out


def matrices(declared: Iterable[Any]) -> set[str]:
    """The names declared as matrices (two sizes, or the noun): a row of one raised to an index may be an entry."""
    return {d.name for d in declared if (d.shape is not None and len(d.shape) == 2) or d.noun in ("matrix", "square")}


def loop_letters(algorithm: ir.Algorithm, parse: Callable[[ir.Math], M.MathNode]) -> set[str]:
    """The names the listing's ``\\For`` and ``\\ForAll`` loops run over."""
    loops: set[str] = set()
    for n in ir.walk(algorithm):
        if isinstance(n, (ir.ForRange, ir.ForAll)) and n.var is not None:
            try:
                loops.update(identifier(x) or "" for x in M.walk(parse(n.var)))
            except LocatedError:
                continue  # reported with the math
    return loops


def superscript_indices(
    tree: M.MathNode, matrices: set[str], levels: frozenset[str], loops: set[str]
) -> Iterator[tuple[M.Pow, str, str]]:
    """Each ``X_i^\\mu`` of ``tree``, X a matrix and μ a sum's or a loop's index: the power, μ, what μ indexes."""
    sums = {identifier(b.var) for b in M.walk(tree) if isinstance(b, M.BigOp) and isinstance(b.var, M.Sym)}
    for power in M.walk(tree):
        if not (isinstance(power, M.Pow) and isinstance(power.base, M.Idx) and isinstance(power.exp, M.Sym)):
            continue
        index, letter = identifier(power.exp), identifier(power.base.base)
        if index is None or letter not in matrices or letter in levels or index not in sums | loops:
            continue
        yield power, index, "the sum around it" if index in sums else "a loop"
