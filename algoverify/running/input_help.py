"""What ``run --help-inputs`` says of each name a run binds: its inputs, its sizes, the names of their parts.

One wording for the listing as a whole (:func:`describe_inputs`, what the command prints) and for
one name (:func:`input_said`, :func:`size_said`, :func:`part_said`, :func:`whole_of`, what an
editor's hover shows): both read the compiled program, the declarations a run binds its inputs
by, so the two never disagree about what a name is or where the note said it. Nothing here
imports NumPy.
"""

from __future__ import annotations

from typing import Any

from .bindings import Binding, part_binding
from .listing import Listing
from .program import Program

__all__ = ["applied_names", "describe_inputs", "input_said", "size_said", "part_said", "whole_of", "PART_HEADINGS"]

#: the bindings ``--help-inputs`` lists after the sizes, by kind, under each heading
PART_HEADINGS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("entries", "columns", "rows"), "names of the inputs' parts:"),
    (("view",), "matrices the listing computes part by part:"),
    (("definition",), "defined by the prose:"),
)


def input_said(
    program: Program, name: str, written: frozenset[str] = frozenset(), applied: frozenset[str] = frozenset()
) -> str | None:
    """``vector of length n (entries a_{i}), from the parameters at line 39``: the input ``name`` (else ``None``).

    ``written``: the names the listing writes (:func:`written_names`), which a precondition reads untested.
    ``applied``: the names it applies to arguments (``f`` of ``f(a)``, :func:`applied_names`).
    """
    if name not in program.inputs:
        return None
    spec = program.declarations
    d = spec.get(name)
    family = spec.written.get(name)
    what = d.describe().split(": ", 1)[1] if d is not None else "a value"
    if name in applied and what.startswith("a value"):  # f of "f(a) + f(b)": what a reader calls a function
        what = "a function" + what[len("a value") :]
    if name in program.families:
        first, last = (family.first, family.last) if family is not None else (1, program.families[name])
        last = last if len(last) == 1 else f"{{{last}}}"
        said = what.split("; ", 1)[1] if "; " in what else ""  # what the note assumes of it: "distinct"
        what = f"a list (the family {name}_{first}, …, {name}_{last})" + (f"; {said}" if said else "")
    where = d.where if d is not None else str(family.origin) if family is not None and family.origin else ""
    untested = _untested([c for c, _ in d.constraints], program, written) if d is not None else ""
    return what + (f", {where}" if where else "") + untested


def size_said(program: Program, name: str) -> str | None:
    """``length of A, from the prose at line 33``: the size ``name`` a run binds from the inputs' shapes."""
    if name not in program.sizes:
        return None
    spec = program.declarations
    origin = spec.size_origins.get(name)
    return (spec.size_description(name) or "a size") + (f", {origin}" if origin is not None else "")


def part_said(program: Program, name: str) -> Binding | None:
    """What the run binds ``name`` to among the names of the inputs' parts, the views, the prose's definitions."""
    names = program.names
    binding = names.bindings.get(name) if names is not None else None
    listed = {kind for kinds, _ in PART_HEADINGS for kind in kinds}
    return binding if binding is not None and binding.kind in listed else None


def whole_of(program: Program, name: str) -> tuple[str, str] | None:
    """``("entries", "A")`` when the run reads ``name`` as a part of the input ``A`` (``a_j`` of ``A``).

    The listing may store into it too (insertion sort's ``a_{i+1} \\gets a_i``): it is still the
    input's part, read from what the run is given, never a name of the listing's own.
    """
    names = program.names
    whole = names.renames.get(name) if names is not None else None
    if whole is None or whole not in program.inputs:
        return None
    binding = part_binding(name, program.declarations)
    return (binding.kind if binding is not None else "entries"), whole


def _undefined(tree: Any, program: Program, written: frozenset[str]) -> list[str]:
    """The functions and names a precondition reads that nothing defines: a run cannot test it.

    ``g`` of ``g(a) g(b) < 0``, ``lam_max`` of ``0 < \\omega < 2 / \\lambda_{\\max}``: lint says so at
    the name (AV303); ``--help-inputs`` must not call the precondition tested.
    """
    from ..math.builtin_names import BUILTIN_FUNCTIONS
    from .reads import untestable

    declarations = program.declarations
    known = set(BUILTIN_FUNCTIONS) | set(program.functions) | set(program.inputs)
    known |= set(declarations.functions) if declarations is not None else set()
    # what a run has on entry (its inputs, their sizes, the prose's definitions, the names of their parts),
    # and the listing's own names: the i of "1 \le i \le m" is its loop's, which lint's AV303 does not call missing
    values = set(written) | set(program.inputs) | set(program.sizes) | set(program.functions) | set(program.own)
    values |= {name for name, _ in program.defined} | set(program.names.bindings if program.names else ())
    if declarations is not None:
        values |= {d.name for d in declarations.inputs} | set(declarations.sizes) | set(declarations.functions)
        values |= set(declarations.families.values()) | set(declarations.definitions)
    return [name for name, _, _ in untestable(tree, known, values)]


def _untested(trees: list[Any], program: Program, written: frozenset[str] = frozenset()) -> str:
    """``; not tested: lam_max is not defined`` for preconditions a run cannot evaluate, else nothing."""
    missing = list(dict.fromkeys(name for tree in trees for name in _undefined(tree, program, written)))
    if not missing:
        return ""
    return f"; not tested: {', '.join(missing)} {'is' if len(missing) == 1 else 'are'} not defined"


def written_names(listing: Listing) -> frozenset[str]:
    """Every name the listing's statements write, as lint's scopes read or bind them (its declarations aside)."""
    return _listing_names(listing.algorithm)[0]


def applied_names(root: Any) -> frozenset[str]:
    r"""The names the statements under ``root`` (an IR node) apply to arguments: ``f`` of ``s \gets f(a) + f(b)``."""
    return _listing_names(root)[1]


def _listing_names(root: Any) -> tuple[frozenset[str], frozenset[str]]:
    """The names the listing's statements write, and those of them applied to a parenthesised group."""
    from ..findings import LocatedError
    from ..math import mathexpr as M
    from ..math.names import identifier
    from ..math.segments import parse_segment
    from ..syntax import ir

    out: set[str] = set()
    applied: set[str] = set()
    stack: list[ir.Node] = [root]
    while stack:
        node = stack.pop()
        if isinstance(node, ir.Condition):
            continue  # a \Require's own names (\lambda_{\max} of its precondition) are what it may miss
        stack.extend(ir.children(node))
        if isinstance(node, ir.Math):
            try:
                tree = parse_segment(node)
            except LocatedError:
                continue
            for n in M.walk(tree):
                if isinstance(n, M.Sym) and identifier(n) is not None:
                    out.add(identifier(n))  # type: ignore[arg-type]
                elif isinstance(n, M.Apply) and isinstance(n.fn, M.Sym) and identifier(n.fn) is not None:
                    applied.add(identifier(n.fn))  # type: ignore[arg-type]
    return frozenset(out), frozenset(applied)


def describe_inputs(listing: Listing) -> str:
    """What ``run --help-inputs`` prints: each input with what its declaration says and where, sizes, outputs."""
    program = listing.program
    title = listing.caption or listing.name or f"listing {listing.index}"
    lines = [f"{listing.source.path}:{listing.line}: {title}"]
    width = max((len(n) for n in program.inputs), default=0)
    lines.append("inputs:" if program.inputs else "inputs: none")
    written, applied = _listing_names(listing.algorithm)
    lines.extend(f"  {name:<{width}}  {input_said(program, name, written, applied)}" for name in program.inputs)
    conditions = program.declarations.conditions if program.declarations is not None else []
    if conditions:  # `f(a) f(b) < 0`: of no one input, tested on entry all the same
        lines.append("preconditions on the inputs together (tested on entry):")
        for tree, text in conditions:
            origin = program.declarations.condition_origins.get(text)
            where = f", {origin}" if origin is not None else ""
            lines.append(f"  {text}{where}{_untested([tree], program, written)}")
    if program.sizes:
        lines.append("sizes (from the inputs' shapes; may be given with --set):")
        size_width = max(len(n) for n in program.sizes)
        lines.extend(f"  {size:<{size_width}}  {size_said(program, size)}" for size in program.sizes)
    bindings: list[Any] = list(program.names.bindings.values()) if program.names is not None else []
    for kinds, heading in PART_HEADINGS:
        found = [b for b in bindings if b.kind in kinds]
        if found:
            lines.append(heading)
            lines.extend(f"  {b}" for b in found)
    in_place = f"{program.in_place} (updated in place)" if program.in_place else "none"
    lines.append(f"outputs: {', '.join(program.outputs) or in_place}")
    return "\n".join(lines) + "\n"
