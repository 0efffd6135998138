r"""Which subscripted names in a listing's statements are names of their own, not entries of an array.

Papers write numbered and lettered names beside one another: ``p_0``, ``p_1``, ``p_2`` beside
``p`` (Burden–Faires's iterates), ``s_L``, ``s_R``, ``s_C`` (CLRS's left, right and cross sums).
A reader takes each as one number; the scope binds them so, and the interpreter stores them so.
"""

from __future__ import annotations

from ..math import mathexpr as M
from ..math.names import identifier
from ..records import frozen

__all__ = ["StatementLabels", "statement_labels"]


@frozen
class StatementLabels:
    """The flat names (``p_1``, ``s_L``) the statements use as names of their own."""

    #: ``p_0``, ``p_1`` beside a ``p`` assigned whole, one of them given (a parameter or a ``\Require``)
    numbered: frozenset[str]
    #: ``s_L``, ``s_R``: two capital letters or more under one base, the letters bound nowhere
    capitals: frozenset[str]
    #: ``\omega_n`` set beside an ``\omega`` set to a number: a number of its own, never an entry of ``\omega``
    beside_numbers: frozenset[str] = frozenset()


def statement_labels(
    trees: list[tuple[M.MathNode, bool]],
    variable_indexed: set[str],
    given: set[str],
    bound: set[str],
    numbers: set[str] = frozenset(),  # type: ignore[assignment]
    varying: set[str] = frozenset(),  # type: ignore[assignment]
) -> StatementLabels:
    r"""Labels among ``trees`` (each ``(math, is_target)``); ``variable_indexed``: bases read with a variable index.

    ``given`` are the names a parameter or ``\Require`` gives, ``bound`` every name bound around
    (a letter bound there is an index, not a label); ``numbers`` the names a statement sets to a
    number (``\omega \gets 1``), ``varying`` what changes from one pass of a loop to the next.
    """
    # p_1 \gets g(p_0) beside p \gets …, every subscript of p a numeral: p_0, p_1, p_2 and p are four
    # numbers, not a sequence p and a number p; only where one of them is given as a name:
    # `b \gets x` then `b_1 \gets b_0 + b_1` stores into the array b
    whole = {identifier(tree) for tree, target in trees if target and isinstance(tree, M.Sym)}
    numbered: dict[str, set[str]] = {}
    capitals: dict[str, set[str]] = {}
    # m_G \gets …: a capital subscript of a name assigned whole is its label (Otsu's global mean), when
    # the letter is nothing else in the listing (q_T \gets … with a size T is entry T of q)
    as_index = {id(t.indices[0]) for tree, _ in trees for t in M.walk(tree) if isinstance(t, M.Idx) and t.indices}
    elsewhere = {t.name for tree, _ in trees for t in M.walk(tree) if isinstance(t, M.Sym) and id(t) not in as_index}
    # … each of a tuple assigned at once too: Welford's (n_A, \bar{x}_A, M_A) \gets …
    targets = [i for tree, target in trees if target for i in (tree.items if isinstance(tree, M.Tuple) else (tree,))]
    assigned = {
        f"{identifier(tree.base)}_{tree.indices[0].name}"
        for tree in targets
        if isinstance(tree, M.Idx)
        and len(tree.indices) == 1
        and isinstance(tree.indices[0], M.Sym)
        and len(tree.indices[0].name) == 1
        and tree.indices[0].name.isupper()
        and tree.indices[0].name not in bound | elsewhere
    }
    for tree, _ in trees:
        for t in M.walk(tree):
            if not isinstance(t, M.Idx):
                continue
            if all(isinstance(i, M.Num) for i in t.indices):
                numbered.setdefault(identifier(t.base) or "", set()).add(identifier(t) or "")
            if len(t.indices) == 1 and isinstance(t.indices[0], M.Sym):
                letter = t.indices[0]
                if len(letter.name) == 1 and letter.name.isupper() and not letter.accents:
                    capitals.setdefault(identifier(t.base) or "", set()).add(letter.name)
    lettered = {
        f"{base}_{letter}"
        for base, letters in capitals.items()
        if len(letters) >= 2 and not letters & bound
        for letter in letters
    }
    # Cohen–Sutherland's c \gets c_0 (the outcode of the endpoint to move): a name set whole to one of its
    # numbered members is a name beside them; had c_0 been entry 0 of c, that would throw c away for it
    # (an assignment's target comes just before its value in ``trees``)
    taken_whole = {
        identifier(value.base)
        for (name, is_target), (value, is_value) in zip(trees, trees[1:])
        if is_target
        and not is_value
        and isinstance(name, M.Sym)
        and isinstance(value, M.Idx)
        and identifier(value.base) == identifier(name)
        and all(isinstance(i, M.Num) for i in value.indices)
    }
    numerals = {
        flat
        for base, flats in numbered.items()
        if base in whole - variable_indexed and (flats & given or base in taken_whole)
        for flat in flats
    }
    # f_1 \gets f(x_1) of a function f the note gives (Heath's golden section): f_1 is a value of f, never its entry
    applied = {identifier(t.fn) for tree, _ in trees for t in M.walk(tree) if isinstance(t, M.Apply)}
    numerals |= {
        flat
        for base, flats in numbered.items()
        if base in (applied & given) - whole - variable_indexed
        for flat in flats
    }
    # CLRS's Recursive-FFT sets \omega_n \gets e^{2 \pi i / n} and \omega \gets 1: \omega holds a number, so
    # \omega_n is the principal root, a number of its own (x_i \gets … in a loop over i stays an entry)
    beside = {
        identifier(tree) or ""
        for tree, target in trees
        if target
        and isinstance(tree, M.Idx)
        and len(tree.indices) == 1
        and isinstance(tree.indices[0], M.Sym)
        and tree.indices[0].name not in varying
        and identifier(tree.base) in numbers
    }
    return StatementLabels(
        frozenset(numerals),
        frozenset(lettered | assigned | _after_given(trees, given - varying)),
        frozenset(beside - {""}),
    )


def _after_given(trees: list[tuple[M.MathNode, bool]], given: set[str]) -> set[str]:
    r"""``\\delta_a``, ``\\delta_b`` of a TwoSum(a, b): a name written only under given names, never alone.

    Knuth's error terms are named after the inputs they belong to; a reader never takes ``b``'s
    value as a position. ``given`` holds no loop variable: ``L_i`` of a loop over ``i`` is an entry.
    A base also read alone (``d`` returned), under anything else (``d_v`` of a loop), or given
    itself stays a family: CLRS's ``d_s \\gets 0`` is the entry of ``d`` at ``s``.
    """
    subscripted: dict[str, set[str]] = {}
    other: set[str] = set()
    under = {id(t.base) for tree, _ in trees for t in M.walk(tree) if isinstance(t, M.Idx)}
    for tree, _ in trees:
        for t in M.walk(tree):
            if isinstance(t, M.Idx):
                base = identifier(t.base) or ""
                (only,) = t.indices if len(t.indices) == 1 else (None,)
                name = identifier(only) if isinstance(only, M.Sym) and not only.accents else None
                if name in given and len(name or "") == 1:
                    subscripted.setdefault(base, set()).add(name)  # type: ignore[arg-type]
                else:
                    other.add(base)
            elif isinstance(t, M.Sym) and id(t) not in under:
                other.add(identifier(t) or "")
    return {f"{base}_{name}" for base, names in subscripted.items() if base not in other | given for name in names}
