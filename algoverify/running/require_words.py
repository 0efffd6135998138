r"""What a ``\\Require`` line's words say of its names: properties, whole numbers, "not both zero".

"array \\(A[1..n]\\) of distinct numbers", "integers \\(a \\ge b \\ge 0\\), not both zero", "\\(X\\) with
rows \\(x_1^{\\top}, \\dots, x_n^{\\top}\\)": read into the listing's :class:`~.declarations.InputSpec`
beside the math of the line (:func:`~.requires.declared_inputs`). Nothing here runs anything.
"""

from __future__ import annotations

import re

from ..findings import LocatedError
from ..math import mathexpr as M
from ..math.names import identifier
from ..syntax import ir
from .declarations import Declared, InputSpec, Origin
from .families import dims_of, read_family
from .prose_cues import _NAMED_NEXT, _NOUN_AFTER_DIMS, _WITH_PARTS
from .prose_math import Piece, name_of
from .prose_parts import read_parts
from .prose_properties import SAID
from .prose_symbols import Parse, joins, listed_properties, names_listed, said_properties

__all__ = ["text_properties"]


def text_properties(text: ir.Text, spec: InputSpec, parse: Parse, origin: Origin | None) -> None:
    """What a ``\\Require`` line's words say of its names: "array \\(A[1..n]\\) of distinct numbers".

    Its parts too ("\\(X\\) with rows \\(x_1^{\\top}, \\dots, x_n^{\\top}\\)"), and what follows names
    joined by "and" is said of each ("samples \\(x_1, …\\) and \\(y_1, …\\) of distinct numbers").
    """
    parts = [p for p in text.parts if not (isinstance(p, str) and not p.strip())]
    group: list[str] = []
    lead = ""  # the words before the group's first family: "distinct nodes" of "distinct nodes \(x_0, …\)"
    for i, part in enumerate(parts):
        if not isinstance(part, ir.Math):
            continue
        try:
            tree = parse(part)
        except LocatedError:
            continue  # reported with the math
        after = " ".join(parts[i + 1].split()) if i + 1 < len(parts) and isinstance(parts[i + 1], str) else ""
        before = " ".join(parts[i - 1].split()) if i and isinstance(parts[i - 1], str) else ""
        family = read_family(tree) if isinstance(tree, M.Range) else None
        if family is not None and spec.get(family.name) is not None:
            joined = bool(group) and joins(before)
            group, lead = (group + [family.name], lead) if joined else ([family.name], before)
            if not joins(after):
                for member in group:
                    said_properties(member, after, Piece(tree, part), spec, origin, lead)
            continue
        group = []
        nxt = parts[i + 2] if i + 2 < len(parts) and isinstance(parts[i + 2], ir.Math) else None
        noun = _NOUN_AFTER_DIMS.match(after)
        dims = dims_of(tree) if noun and nxt is not None and _NAMED_NEXT.fullmatch(after[noun.end() :]) else None
        if dims is not None and len(dims) >= 2:  # "\(M \times N\) image \(f\)": f is M × N
            try:
                target = name_of(Piece(parse(nxt), nxt))  # type: ignore[arg-type]
            except LocatedError:
                target = None
            if target is not None:
                spec.declare(Declared(target, nxt.span, dims, origin=origin))  # type: ignore[union-attr]
        with_parts = _WITH_PARTS.search(after)
        owner = identifier(tree.element) if isinstance(tree, M.In) else identifier(tree)
        # rows and columns: entries named by the owner's letter (a_{uv} of A) are its entries by convention already
        if with_parts and with_parts.group("part").lower() in ("rows", "columns") and nxt is not None and owner:
            try:
                value = Piece(parse(nxt), nxt)
            except LocatedError:
                value = None
            if value is not None:
                read_parts(owner, Piece(tree, part), with_parts.group("part").lower(), value, spec, origin)  # type: ignore[arg-type]
        _not_all_zero(tree, after, spec, origin)
        whole = _WHOLE_NOUN.search(before)
        if whole is not None:  # "integers \(a \ge b \ge 0\)": each name it bounds is a whole number
            domain = "natural" if whole.group("noun").lower().startswith("natural") else "integer"
            parity = (whole.group("parity") or "").lower()  # Miller–Rabin's "odd integer \(n > 3\)"
            sign = (whole.group("sign") or whole.group("sign2") or "").lower().replace("nonn", "non-n")
            sign = "positive value" if sign == "positive" else sign
            keys = [k for k in (parity, sign) if k]  # "a positive integer \(n\)": above 0, as said
            for item in _named_operands(tree):
                declared = spec.get(identifier(item) or "")
                if declared is not None and declared.shape is None:
                    said = tuple((k, SAID[k].format(name=declared.name), item.span) for k in keys)
                    spec.declare(Declared(declared.name, item.span, (), domain, origin=origin, properties=said))
        # A[1..n] is the array A, as the older package writes it
        name = identifier(tree.base) if isinstance(tree, M.Index) else name_of(Piece(tree, part))
        if name is None and names_listed(tree):  # "distinct points \(p_0, p_1, p_2\)": each point, and pairwise
            listed_properties(Piece(tree, part), after, before, spec, origin)
        if name is None or spec.get(name) is None:
            continue
        said_properties(name, after, Piece(tree, part), spec, origin, before)  # type: ignore[arg-type]


#: the noun before a math that says its names are whole numbers: "integers \(a \ge b \ge 0\)", "an integer \(b\)"
_WHOLE_NOUN = re.compile(
    r"\b(?:an?\s+|two\s+|the\s+)?(?:(?P<sign>non-?negative|positive)\s+)?(?:(?P<parity>odd|even)\s+)?"
    r"(?:(?P<sign2>non-?negative|positive)\s+)?(?P<noun>integers?|natural numbers?|whole numbers?)"
    r"\s*$",
    re.I,
)


#: "\(a \ge b \ge 0\), not both zero", "\(x, y\) not all zero": said of the names together
_NOT_ALL_ZERO = re.compile(r"^,?\s*(?:and\s+)?(?:which are\s+|are\s+)?not (?:both|all) (?:zeros?|0)\b", re.I)


def _not_all_zero(tree: M.MathNode, after: str, spec: InputSpec, origin: Origin | None) -> None:
    r"""Euclid's "integers \(a \ge b \ge 0\), not both zero": a ≠ 0 or b ≠ 0, tested on entry."""
    if not _NOT_ALL_ZERO.match(after):
        return
    names = [n for o in _named_operands(tree) if isinstance(o, M.Sym) and (n := identifier(o)) is not None]
    if len(names) < 2:
        return
    span = tree.span
    each = tuple(M.Rel(M.Sym(n, span=span), (("!=", M.Num("0", span=span)),), span=span) for n in names)
    latex = " \\lor ".join(f"{n} \\ne 0" for n in names)
    spec.add_condition(M.Logic("or", each, span=span), f"not all of {', '.join(names)} are zero ({latex})", origin)


def _named_operands(tree: M.MathNode) -> tuple[M.MathNode, ...]:
    """The names a math declares: itself, a list's items, a relation's operands (``a, b`` of ``a \\ge b \\ge 0``)."""
    if isinstance(tree, M.Rel):
        items: tuple[M.MathNode, ...] = (tree.first, *(e for _, e in tree.rest))
    elif isinstance(tree, M.Tuple):  # "integers \(u, v \ge 0\)": u, and the v the bound is written on
        items = tuple(o for i in tree.items for o in (_named_operands(i) if isinstance(i, M.Rel) else (i,)))
    elif isinstance(tree, M.In):
        items = tree.element.items if isinstance(tree.element, M.Tuple) else (tree.element,)
    else:
        items = (tree,)
    return tuple(i for i in items if isinstance(i, (M.Sym, M.Idx)))
