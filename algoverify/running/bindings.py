r"""What a listing's free name is bound to, and what to say when nothing binds it.

:func:`.symbols.resolve` decides which declaration binds each name; this module holds the
record of that decision (:class:`Binding`), the readings of a name as another's parts
(``c_{ij}`` of ``C``: :func:`convention`, :func:`part_binding`) and the hint lint gives for a
name nothing binds (:func:`unbound_message`).
"""

from __future__ import annotations

import difflib
from dataclasses import replace

from ..findings import UnboundName
from ..math.latex import identifier_latex, to_latex
from ..records import frozen
from ..syntax import ir
from .declarations import Declared, InputSpec, Origin
from .reads import reads_of
from .scope import Read, Scope

__all__ = [
    "Binding",
    "binding_of",
    "bound_names",
    "convention",
    "declared_ndim",
    "describes",
    "part_binding",
    "unbound_message",
]


@frozen
class Binding:
    """What one name of a listing is bound to, and where that was said."""

    name: str
    #: ``input``, ``size``, ``entries``, ``columns``, ``rows``, ``sum bound``
    kind: str
    #: ``vector of length n``, ``length of x``, ``entries of C``
    what: str
    origin: Origin | None = None

    def __str__(self) -> str:
        return f"{self.name}: {self.what}" + (f", {self.origin}" if self.origin is not None else "")


def describes(d: Declared) -> bool:
    """Whether a declaration says something about a name beyond that it exists."""
    return bool(
        d.shape is not None or d.domain or d.constraints or d.properties or d.columns or d.entries or d.rows or d.noun
    )


def bound_names(spec: InputSpec) -> set[str]:
    """Every name a declaration binds: inputs, sizes, families and the inputs' named parts."""
    names = {d.name for d in spec.inputs} | set(spec.sizes) | set(spec.families.values())
    return names | {a for d in spec.inputs for a in (d.columns, d.entries, d.rows) if a}


def declared_ndim(d: Declared) -> int | None:
    """How many axes a declaration gives its name: by its shape, else by its noun ("matrix": 2)."""
    return len(d.shape) if d.shape is not None else {"matrix": 2, "square": 2, "vector": 1}.get(d.noun or "")


def convention(name: str, read: Read, spec: InputSpec) -> Declared | str | None:
    r"""``c_{ij}`` when only ``C`` is declared: the entries of ``C`` (the usual convention), or why not decided.

    Returns the declaration of ``C`` with its entries named, a message when the subscript has
    two readings (``x_i`` beside a matrix ``X``: an entry, a row or a column?), or ``None``.
    """
    upper = name[:1].upper() + name[1:]
    if upper == name:
        return None
    matrix = spec.get(upper)
    if matrix is None:
        return None
    ndim = declared_ndim(matrix)
    indices = read.max_indices or read.indices
    if indices == 2 and ndim in (None, 2):
        return replace(matrix, entries=name)
    if indices == 1 and ndim == 1:
        return replace(matrix, entries=name)
    if ndim == 2:  # "X, an n × d matrix": a row or a column, which the words must say
        return (
            f"{name}_i may be row i of the matrix {upper} or its column i; say which in the prose "
            f'("{upper} with rows {name}_1, …, {name}_n", "whose columns {name}_1, …, {name}_n")'
        )
    return (
        f"{name}_i may be an entry of {upper} (if {upper} is a vector), or its row or column i (if {upper} is a "
        f'matrix); say which in the prose ("{upper} with rows {name}_1, …, {name}_n", "{upper} with entries '
        f"{name}_{{ij}}\") or declare {upper}'s shape"
    )


def part_binding(name: str, spec: InputSpec, conventions: set[str] | frozenset[str] = frozenset()) -> Binding | None:
    """``name`` as the entries, columns or rows of an input ``spec`` declares (``None``: none of them)."""
    for d in spec.inputs:
        if name == d.entries:
            origin = Origin("convention") if name in conventions else d.also[-1] if d.also else d.origin
            return Binding(name, "entries", f"the entries of {d.name}", origin)
        said = d.also[-1] if d.also else d.origin  # the parts come from the declaration that added them
        if name == d.columns:
            return Binding(name, "columns", f"the columns of {d.name}", said)
        if name == d.rows:
            return Binding(name, "rows", f"the rows of {d.name}", said)
    return None


def binding_of(name: str, spec: InputSpec, scope: Scope, conventions: set[str]) -> Binding | None:
    """What ``spec`` binds ``name`` to: a part, a size, an input, or a sum's bound (``None``: nothing)."""
    part = part_binding(name, spec, conventions)
    if part is not None:
        return part
    described = spec.size_description(name) if name in spec.sizes or name in spec.families.values() else None
    if described is not None:
        return Binding(name, "size", described, spec.size_origins.get(name))
    d = spec.get(name)
    if d is not None:
        family = spec.written.get(name)
        what = (
            f"the family {name}_{family.first}, …, {name}_{{{family.last}}}"
            if family
            else d.describe().split(": ", 1)[1]
        )
        return Binding(name, "input", what, d.origin or (family.origin if family else None))
    arrays = scope.dims.get(name)
    if arrays:
        return Binding(name, "sum bound", f"length of {' and '.join(sorted(arrays))} (the bound of a sum over them)")
    return None


def unbound_message(read: Read, scope: Scope, spec: InputSpec, context: InputSpec | None = None) -> str:
    """The hint of an unbound name: what would bind it (and what it may be a typo of).

    ``context``: what the note declares around the listing, whose definitions the hint names.
    """
    name = read.name
    if read.called:
        return UnboundName.function_hint(name)
    written = identifier_latex(name)  # \(\varepsilon\), as the note writes it, never \(varepsilon\)
    defined = (context or spec).definitions.get(name)
    if defined is not None and read.via is None:
        # "let κ = L / μ" with L or μ said only in words: κ is defined, what it reads is not (each said at it)
        value, origin = defined
        where = f", {origin}" if origin is not None else ""
        known = bound_names(spec) | bound_names(context or spec) | scope.bound | set(scope.params)
        missing = sorted({r.name for r in reads_of(value, frozenset(known))} - {name})
        what = " and ".join(f"\\({identifier_latex(m)}\\)" for m in missing) or "a name"
        return (
            f": the prose defines it (\\({written} = {to_latex(value)}\\){where}), but the definition reads {what},"
            " which nothing defines"
        )
    if read.via is not None:
        return f": {read.via} reads it; say in the prose what \\({written}\\) is, or declare it in \\Require"
    arrays = sorted(n for n in scope.indexed if n in bound_names(spec) or n in scope.params)
    if not read.indices and arrays and len(arrays) > 1:
        first = identifier_latex(arrays[0])
        hint = (
            f": it may be the length of {' or of '.join(arrays)}; say which in the prose "
            f'("\\({first}\\) has \\({written}\\) entries") or declare \\({written}\\) in \\Require'
        )
    elif not read.indices and arrays and _loop_end(scope, read):  # "for i = 1 to n" over the one array indexed
        only = identifier_latex(arrays[0])
        hint = (
            f': it may be the length of {arrays[0]}; say so in the prose ("\\({only}\\) has \\({written}\\) entries", '
            f'"an \\({written}\\)-vector \\({only}\\)") or declare \\({written}\\) in \\Require'
        )
    elif read.indices:
        hint = f": say in the prose what \\({written}\\) is, or declare it in \\Require"
    else:
        hint = f": declare \\({written}\\) in \\Require, or say in the prose what \\({written}\\) is"
    near = difflib.get_close_matches(name, sorted((scope.bound | bound_names(spec)) - {name}), n=1, cutoff=0.75)
    if near:
        hint += f" (did you mean {near[0]}?)"
    return hint


def _loop_end(scope: Scope, read: Read) -> bool:
    """Whether ``read`` is where a ``\\For`` range of the scope ends (``n`` of ``i = 1, \\dots, n``): a length."""
    return any(
        isinstance(node, ir.ForRange) and node.stop.span.start <= read.span.start < node.stop.span.end
        for node in ir.walk(scope.node)
    )
