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
"""

from __future__ import annotations

from typing import Callable, Iterator

from ..findings import LocatedError
from ..math import mathexpr as M
from ..math.latex import identifier_latex
from ..math.names import identifier
from ..source import Span
from ..syntax import ir

__all__ = ["two_lengths"]


def two_lengths(algorithm: ir.Algorithm, parse: Callable[[ir.Math], M.MathNode]) -> dict[Span, str]:
    """Each statement that stores one family over two lengths, by its value's span: what to say of it."""
    out: dict[Span, str] = {}
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
                out[node.value.span] = (
                    f"{written}_{index} is stored for {index} up to {_shown(length)} while {written}_{other} is read "
                    f"for {other} up to {_shown(bigop.hi)}: one family of two lengths, or two families with one "
                    f"letter (Bishop's \\delta_j and \\delta_k)? Name them apart ({written}^{{(1)}}_{index}, "
                    f"{written}^{{(2)}}_{other}), or run both indices over one range"
                )
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
