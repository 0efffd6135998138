"""How a spec formula's names are read over the names a run will hold: the same reading for ``check`` and ``lint``.

A check's ``holds:``, ``given:`` and ``let:`` write the listing's names as its reader does
(``d_{ij}`` for entry (i, j) of ``D``, ``x^{(0)}`` for x on entry, ``\\theta_MLE`` for a name the
check defines); :func:`spec_tree` rewrites the parsed formula into the names the trial holds.
Nothing here runs anything or needs NumPy: ``lint`` reads formulas this way before any run.
"""

from __future__ import annotations

import re

from ...math import mathexpr as M
from ...math.names import bound_words, identifier, join_words, spelt_words
from ...running.entries import rename_entries, worded
from ...running.listing_parse import as_coordinates, call_member, powered_member
from ...running.step_names import step_name
from ...running.superscripts import iterate_member, level_entry

__all__ = ["grouped_scripts", "spec_tree"]


def grouped_scripts(latex: str, names: set[str]) -> str:
    """``\\theta_MLE`` as ``\\theta_{MLE}`` where the check names ``theta_MLE`` (a ``let:`` key, a draw).

    TeX sets only the first letter below (θ_M, then L E); a spec that defines ``theta_MLE`` and
    writes ``\\theta_MLE`` means the name it defined, as its reader takes it.
    """
    for name in names:
        base, _, sub = name.partition("_")
        if len(sub) < 2 or not sub.isalnum() or not base.isalpha():
            continue
        spelt = rf"\\{base}" if len(base) > 1 else rf"(?<![\\A-Za-z]){base}"
        latex = re.sub(rf"({spelt}_)({sub})(?![A-Za-z0-9])", r"\1{\2}", latex)
    return latex


def spec_tree(
    tree: M.MathNode,
    names: set[str],
    renames: dict[str, str],
    pairs: frozenset[str],
    coordinates: dict[str, tuple[str, int]],
    called: frozenset[str] = frozenset(),
) -> M.MathNode:
    r"""A spec formula's tree read as the check reads it, over the ``names`` its values will have.

    ``renames`` and ``pairs`` are what the check's listing reads under another name and its
    tables; ``coordinates`` the points its prose names; ``called`` the families its ``\Require``
    writes as calls (``x(0), \dots, x(L-1)``). ``lint`` reads a formula the same way, over the
    names a run would bind, to say before any run which names nothing binds.
    """
    # `lo` of the listing is one name in the relation too, as in the listing itself; so is a word the
    # formula runs a big operator over (`pos` of \max_{pos, j} \lvert PE_{pos, j} \rvert)
    tree = join_words(tree, spelt_words(names) | bound_words(tree))
    if called:  # x(L - N + m) of the samples x(0), …, x(L-1): a member, as the listing reads it, not a product
        tree = M.transform(tree, lambda node: call_member(node, called))
    # d_{ij} is entry (i, j) of D in the relation as in the listing it reads
    tree = _labelled_members(tree, names)
    tree = _labelled_entries(tree, names)  # a^{(0)}_{uv}: entry (u, v) of A^{(0)}, A's value on entry
    tree = _exact_positions(tree, names)  # x_k^{(exact)}: the exact run's x at the exact run's k
    # \underline{Q}^{(K)} of the iterates the listing stores as \underline{Q}^{(k)}: member K of them
    iterates = {n[: -len("_of")] for n in names if n.endswith("_of")}
    # Q^{n+1}_i, v^0_m of the levels the run holds (Q_of_n_plus_1, the input v_of_0): their entries, as in the listing
    if any("_of_" in n for n in names):
        tree = M.transform(tree, lambda node: level_entry(node, lambda _, whole: whole in names))
    if iterates:
        tree = M.transform(tree, lambda node: node if identifier(node) in names else iterate_member(node, iterates))
    # H_{k+1} of a step the listing names so (H_k_plus_1): the same name in the relation
    tree = M.transform(tree, lambda node: _step_variable(node, names))
    # \sigma_n^2 of the variances σ² the listing stores (sigma_sq): member n, as in the listing
    powered = frozenset((n[: -len("_sq")], "2") for n in names if n.endswith("_sq") and n[: -len("_sq")] not in names)
    if powered:
        tree = M.transform(tree, lambda node: powered_member(node, powered))
    tree = rename_entries(tree, {**_entry_convention(tree, names), **renames}, pairs)
    # … not where the run has x's members as names of their own (x_0, x_{\min} drawn or the listing's)
    points = {k: v for k, v in coordinates.items() if k not in names and not _has_members(k, names)}
    return as_coordinates(tree, points) if points else tree  # x_n of "a point p_i = (x_i, y_i)"


def _entry_convention(tree: M.MathNode, names: set[str]) -> dict[str, str]:
    """``h_{ij}`` in a check's LaTeX where the run has ``H`` and no ``h``: the entries of ``H``, by convention.

    Not where the run has the subscripted name itself: ``r_s`` (Spearman's coefficient) beside the
    ranks ``R`` is the listing's ``r_s``.
    """
    out: dict[str, str] = {}
    own: set[str] = set()
    for node in M.walk(tree):
        if isinstance(node, M.Idx) and isinstance(node.base, M.Sym):
            name = identifier(node.base)
            if identifier(node) in names:
                own.add(name or "")
            elif worded(node):
                continue  # w_{\max}, the largest weight: a name of its own, never entry "max" of W
            elif name and name not in names and name[:1].islower():
                upper = name[:1].upper() + name[1:]
                # l_{ij} of the output L^{(m)} the run names L_of_m: the one labelled L it returns
                labelled = [n for n in names if re.fullmatch(rf"{re.escape(upper)}_of_[A-Za-z0-9]+", n)]
                if upper in names:
                    out[name] = upper
                elif len(labelled) == 1:
                    out[name] = labelled[0]
    return {k: v for k, v in out.items() if k not in own}


def _has_members(base: str, names: set[str]) -> bool:
    """Whether the run names a member of ``base`` on its own (``x_0``, ``x_min`` of ``x``)."""
    return any(n.startswith(base + "_") for n in names)


def _labelled_entries(tree: M.MathNode, names: set[str]) -> M.MathNode:
    """``a^{(0)}_{uv}`` where the run has ``A_of_0`` and no ``a_of_0``: entry (u, v) of ``A^{(0)}``, by convention."""

    def entry(node: M.MathNode) -> M.MathNode:
        if not (isinstance(node, M.Idx) and isinstance(node.base, M.Label) and isinstance(node.base.base, M.Sym)):
            return node
        letter = node.base.base
        if not letter.name[:1].islower() or letter.accents or identifier(node.base) in names:
            return node
        upper = M.Label(
            M.Sym(letter.name[:1].upper() + letter.name[1:], span=letter.span), node.base.label, span=node.base.span
        )
        return M.Idx(upper, node.indices, span=node.span) if identifier(upper) in names else node

    return M.transform(tree, entry)


def _step_variable(node: M.MathNode, names: set[str]) -> M.MathNode:
    """``H_{k+1}`` as the run's variable ``H_k_plus_1`` when the listing reads its steps so."""
    found = step_name(node)
    if found is None or found[1] not in names or identifier(node) in names:
        return node
    return M.Sym(found[1], span=node.span)


def _exact_positions(tree: M.MathNode, names: set[str]) -> M.MathNode:
    """``x_k^{(\\mathrm{exact})}``: entry ``k`` of the exact run's ``x``, at the exact run's own ``k``.

    The label is the run's, not the letter's: the exact run may stop at another step than the
    float run, and its ``x_k`` is where it stopped.
    """

    def exact(node: M.MathNode) -> M.MathNode:
        if not (isinstance(node, M.Idx) and isinstance(node.base, M.Label)):
            return node
        label = node.base.label
        if identifier(label) != "exact" or identifier(node.base) not in names:
            return node
        indices = tuple(
            M.Label(i, label, span=i.span) if identifier(M.Label(i, label, span=i.span)) in names else i
            for i in node.indices
        )
        return M.Idx(node.base, indices, span=node.span)

    return M.transform(tree, exact)


def _labelled_members(tree: M.MathNode, names: set[str]) -> M.MathNode:
    """``\\pi_1^{(0)}`` as ``(\\pi_1)^{(0)}`` where the run has ``pi_1_of_0`` (a weight on entry) and no ``pi_of_0``.

    TeX sets both scripts on the letter; for an array ``x_i^{(k)}`` is entry i of ``x^{(k)}``,
    for a name of its own the label is that name's.
    """

    def regroup(node: M.MathNode) -> M.MathNode:
        if isinstance(node, M.Idx) and isinstance(node.base, M.Label):
            member = M.Idx(node.base.base, node.indices, span=node.span)
            regrouped = M.Label(member, node.base.label, span=node.span)
            labelled = identifier(node.base)  # pi_of_0: the array's value on entry, when there is one
            if identifier(regrouped) in names and labelled not in names:
                return regrouped
        return node

    return M.transform(tree, regroup)
