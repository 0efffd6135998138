r"""What the words around a family say of it: the range its indices run over, the count it is said to be.

"entries \(x_i, \dots, x_j\) with \(1 \le i \le j \le n\)": x runs from 1 to n, as if the note had
written ``x_1, \dots, x_n`` (:func:`ranged_runs`). "Let \(x_0, \dots, x_n\) be \(n + 1\) distinct nodes":
the words after the count are the family's (:func:`counted_words`).
"""

from __future__ import annotations

import re
from typing import Sequence

from ..math import mathexpr as M
from ..math.names import identifier
from .declarations import InputSpec, Origin
from .families import read_family
from .prose_math import Piece

__all__ = ["COUNT_NOUNS", "counted_words", "ranged_runs"]

#: the nouns a count of a family's members is said in: "n + 1 distinct nodes", "the n entries of x"
COUNT_NOUNS = (
    r"entries|elements|items|components|coordinates|numbers|values|keys|nodes|vertices|points|digits|bits|terms|"
    r"coefficients|weights|samples|observations|letters|characters|symbols|tokens|positions|cells|members|"
    r"objects|scores|integers|reals|denominations|amounts"
)

#: a family's verb before a count: "x_0, …, x_n be (n + 1 distinct nodes)", "… are (n sorted numbers)"
#: "be \\(n + 1\\)", "be a sequence of \\(n\\)": the words between a family and the count it is said to be
_BE_COUNT = re.compile(
    r"^\s*(?:be|are)(?:\s+an?\s+(?:sequence|list|set|collection|family|array|vector|tuple|series)\s+of)?\s*$", re.I
)


def counted_words(after: str | Piece, count: Piece | None, rest: Sequence[str | Piece]) -> str | None:
    r"""The words after the count a family is said to be (``distinct nodes`` of "be \(n + 1\) distinct nodes")."""
    if count is None or not _BE_COUNT.match(str(after)) or not rest or not isinstance(rest[0], str):
        return None
    if isinstance(count.tree, (M.Rel, M.In, M.Tuple, M.Range)):
        return None  # "be x_1 < … < x_n": a relation, not a count
    noun = re.match(rf"\s*((?:[\w-]+\s+){{0,3}}?(?:{COUNT_NOUNS}))\b", rest[0], re.I)
    return noun.group(1) if noun else None


def ranged_runs(pieces: Sequence[str | Piece], spec: InputSpec, origin: Origin) -> None:
    r"""A run ``x_i, \dots, x_j`` of a family with ``1 \le i \le j \le n`` after it: x has entries 1 to n.

    "a block of consecutive entries \(x_i, \dots, x_j\) with \(1 \le i \le j \le n\)": the range
    bounds the family's indices, so it says where the family starts and ends, as ``x_1, \dots, x_n``
    would. Only a chain from a whole number (0 or 1) through both letters, in order, to its last term.
    """
    maths = [p for p in pieces if isinstance(p, Piece)]
    for k, run in enumerate(maths):
        tree = run.tree
        if not (isinstance(tree, M.Range) and isinstance(tree.lo, M.Idx) and isinstance(tree.hi, M.Idx)):
            continue
        name, lo, hi = identifier(tree.lo.base), tree.lo.indices, tree.hi.indices
        if name is None or identifier(tree.hi.base) != name or len(lo) != 1 or len(hi) != 1:
            continue
        letters = [identifier(lo[0]), identifier(hi[0])]
        known = spec.get(name)
        if None in letters or (known is not None and known.shape is not None) or name in spec.written:
            continue
        for chain in maths[k + 1 :]:
            terms = _chain_terms(chain.tree)
            if terms is None or not isinstance(terms[0], M.Num) or terms[0].text not in ("0", "1"):
                continue
            names = [identifier(t) if isinstance(t, M.Sym) else None for t in terms]
            if letters[0] not in names or letters[1] not in names or names.index(letters[0]) > names.index(letters[1]):
                continue
            if names.index(letters[1]) == len(terms) - 1:
                continue  # "1 \le i \le j": the chain ends at the run's own index, bounding nothing
            first = M.Idx(tree.lo.base, (terms[0],), span=tree.lo.span)
            whole = M.Range(first, M.Idx(tree.hi.base, (terms[-1],), span=tree.hi.span), span=tree.span)
            family = read_family(whole, origin)
            if family is not None:
                spec.add_family(family)
            return


def _chain_terms(tree: M.MathNode) -> list[M.MathNode] | None:
    r"""The terms of an increasing chain ``0 \le i < j \le n - 1``, or ``None``."""
    if not isinstance(tree, M.Rel) or len(tree.rest) < 2 or any(op not in ("<=", "<") for op, _ in tree.rest):
        return None
    return [tree.first, *(t for _, t in tree.rest)]
