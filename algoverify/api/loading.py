"""Notes and listings for Python use: :class:`LoadedNote` (what :func:`algoverify.load` returns) and :func:`compile`.

A loaded note's listings are callables; the functions its prose names are bound to the module
it declares (:func:`attach_module`), and a listing function called from another is looked up
when it is called.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..findings import Finding, LocatedError, Severity
from ..syntax import ir
from .analysis import index_base, listing_base, listing_base_said, note_names
from .reports import NoteReport


@dataclass
class LoadedNote:
    """A note ready to run: its listings as callables, its blocks and findings."""

    report: NoteReport
    listings: list = field(default_factory=list)
    #: listings that are one ``\\Function``, callable by name from the others and from checks
    functions: dict = field(default_factory=dict)
    #: the note's own module (``algoverify: module:``), once :func:`attach_module` loaded it
    module: object = None
    #: where the note's indices count from (``index_base:``, else the project's)
    index_base: int = 1

    @property
    def findings(self) -> list[Finding]:
        """Findings from reading and parsing the note."""
        return self.report.findings

    def listing(self, key: int | str):  # noqa: ANN201 - Listing, imported lazily
        """Return a listing by 1-based index, caption (or a prefix of it) or function name."""
        if isinstance(key, int) or (isinstance(key, str) and key.isdigit()):
            # by its place among the note's listings, those that do not parse included: listing 2
            # stays listing 2 when listing 1 has a typo
            i, blocks = int(key), self.report.listings()
            if not 1 <= i <= len(blocks):
                raise KeyError(f"listing {i} does not exist; the note has {len(blocks)}")
            found = next((lst for lst in self.listings if lst.index == i), None)
            if found is None:
                errors = [f for f in blocks[i - 1].findings if f.severity is Severity.ERROR]
                line = self.report.note.source.line_col(blocks[i - 1].block.span.start)[0] if self.report.note else 0
                why = f": {errors[0].code} {errors[0].message}" if errors else ""
                raise KeyError(f"listing {i} (line {line}) does not parse{why}")
            return found
        wanted = key.lower()
        for lst in self.listings:
            names = [lst.name or "", lst.caption or ""]
            if any(n.lower() == wanted or (n and n.lower().startswith(wanted)) for n in names):
                return lst
        for lst in self.listings:  # a \Function the entry calls (ExtendedGCD beside the ModInverse that uses it)
            name = next((f for f in lst.function_names if f.lower() == wanted), None)
            if name is not None:
                return self._function_listing(lst, name)
        raise KeyError(f"no listing named or captioned {key!r}{self._unparsed()}")

    def _unparsed(self) -> str:
        """``; listing 1 (line 42) does not parse: AV102 …``: what a name may have meant, if a listing did not parse."""
        parsed = {lst.index for lst in self.listings}
        for i, block in enumerate(self.report.listings(), start=1):
            if i in parsed:
                continue
            errors = [f for f in block.findings if f.severity is Severity.ERROR]
            line = self.report.note.source.line_col(block.block.span.start)[0] if self.report.note else 0
            why = f": {errors[0].code} {errors[0].message}" if errors else ""
            return f" among the listings that parse; listing {i} (line {line}) does not parse{why}"
        return ""

    def _function_listing(self, listing: Any, name: str) -> Any:
        """One ``\\Function`` of ``listing`` as a listing of its own: it and the functions it calls."""
        from ..running.interpreter import read_signature
        from ..running.listing import Listing
        from ..running.signature import calls
        from ..running.symbols import for_helper

        cache = self.__dict__.setdefault("_by_function", {})
        if (listing.index, name) in cache:
            return cache[(listing.index, name)]
        funcs = {n.name: n for n in listing.algorithm.body if isinstance(n, ir.Function)}
        keep, pending = [name], [name]
        while pending:
            f = funcs[pending.pop()]
            for other in funcs:
                if other not in keep and calls(f, other):
                    keep.append(other)
                    pending.append(other)
        body = tuple(n for n in listing.algorithm.body if not isinstance(n, ir.Function) or n.name in keep)
        context = listing.context
        if context is not None and any(calls(f, name) for other, f in funcs.items() if other != name):
            # run on its own, a helper is still a helper: the prose's "n ≥ 5" is about the algorithm's n
            params, _ = read_signature(dataclasses.replace(listing.algorithm, body=(funcs[name],)))
            context = for_helper(context, params)
        own = Listing(
            dataclasses.replace(listing.algorithm, body=body),
            listing.source,
            index=listing.index,
            functions=self.functions,
            index_base=listing.index_base,
            context=context,
        )
        own._bindings = listing._bindings  # what the note's module binds, as the listing has it
        cache[(listing.index, name)] = own
        return own


def _loaded(report: NoteReport) -> LoadedNote:
    """The listings of an analysed note, compiled (the note is not read again)."""
    from ..math.functions import FUNCTIONS
    from ..running.conventions import prose_function, with_convention
    from ..running.listing import Listing

    loaded = LoadedNote(report, index_base=index_base(report))
    if report.note is None:
        return loaded
    names = note_names(report)
    for i, block in enumerate(report.listings(), start=1):
        if block.ir is not None:
            listing = Listing(
                block.ir,
                report.note.source,
                index=i,
                functions=loaded.functions,
                index_base=listing_base(report, i - 1),
                context=names.contexts[i - 1] if names is not None else None,
            )
            listing.index_base_said = listing_base_said(report, i - 1)
            loaded.listings.append(listing)
            if listing.name:
                loaded.functions[listing.name] = _late_call(listing)
            for name in listing.function_names:
                loaded.functions.setdefault(name, _late_function(listing, name))
    # σ(z) = 1/(1 + e^{-z}) in the prose; a \Function of that name comes first, and a name a listing
    # assigns (the coefficients c_k of "c(x) = a(x) b(x)") is the listing's value, not the prose's function
    values = set().union(*(_value_names(listing.algorithm) for listing in loaded.listings))
    for listing in loaded.listings:
        context = listing.context
        for name, (params, value, _) in (context.functions if context else {}).items():
            declared = context.get(name) if context else None
            if name not in values and (declared is None or declared.shape is None):  # a(x) beside a ∈ ℝ^{m+1}
                loaded.functions.setdefault(name, prose_function(params, value))
        for name, points in (context.conventions if context else {}).items():
            base = loaded.functions.get(name) or FUNCTIONS.get(name)  # "the convention sign(0) = 1"
            if base is not None:
                loaded.functions[name] = with_convention(base, points)
    return loaded


def _value_names(algorithm: ir.Algorithm) -> set[str]:
    """The names a listing assigns, or reads or stores with an index (``c`` of ``c_k \\gets 0``, ``a`` of ``a_i``)."""
    from ..checking.lint.lint_rules import math_segments
    from ..math import mathexpr as M
    from ..math.names import identifier
    from ..running.signature import assigned_names

    try:
        out = set(assigned_names(algorithm.body))
    except LocatedError:  # a target that does not parse: reported with the math; it names nothing here
        out = set()
    for m, _ in math_segments(algorithm):
        try:
            tree = M.parse_math(m.latex)
        except LocatedError:
            continue
        out |= {identifier(t.base) or "" for t in M.walk(tree) if isinstance(t, M.Idx)}
    return out


def attach_module(loaded: LoadedNote, spec: object = None) -> Finding | None:
    """Import the module the note's spec names; bind its ``BINDINGS`` and ``FUNCTIONS`` to every listing.

    ``FUNCTIONS = {"Partition": partition, …}`` makes Python functions callable from the
    listings by name (``\\Call{Partition}{…}``), as a listing of the note would be; a function a
    listing defines itself comes first. Returns the finding (AV503) when the module is missing
    or fails to import; the listings then run without them.
    """
    from ..checking.specification.context import load_module
    from ..checking.specification.spec import read_spec

    note = loaded.report.note
    spec = spec if spec is not None else read_spec(note)
    if note is None or not spec.module:
        return None
    try:
        loaded.module = load_module(note.path, spec.module, spec.span, loaded.report.config.root)
    except LocatedError as exc:
        return exc.to_finding(note.path)
    functions = getattr(loaded.module, "FUNCTIONS", None) or {}
    for name, fn in functions.items():
        if callable(fn):
            loaded.functions.setdefault(name, fn)
    for key, fn in (getattr(loaded.module, "BINDINGS", None) or {}).items():
        for listing in loaded.listings:
            listing.bind(key, fn)
    if functions:
        for listing in loaded.listings:
            listing.recompile()
    return None


class _late_call:  # noqa: N801 - a function, in all but its lazy signature
    """A listing called by its name in a relation: run on its arguments, its outputs by name (``IK(x, y).theta_1``).

    Its ``inputs`` are read when a call needs them: at load the note's functions are not all known yet.
    """

    def __init__(self, listing):  # noqa: ANN001, ANN204
        self.listing = listing

    def __call__(self, *args, **kwargs):  # noqa: ANN002, ANN003, ANN204
        from ..running.listing import outputs_record

        listing = self.listing
        inputs = dict(zip(listing.inputs, args))
        inputs.update(kwargs)
        value = listing(**inputs)
        # IK(x, y).theta_1 in a check: the outputs by name, as a call by the check's `as:` gives them
        record = outputs_record(tuple(listing.outputs or ()))
        if record is not None and type(value) is tuple and len(value) == len(record._fields):
            return record(*value)
        return value

    @property
    def inputs(self) -> tuple[str, ...]:
        # Negcount(x) in a relation, of a function that reads the a and b its caller has: the check's a and b
        return tuple(self.listing.inputs)


class _late_function:  # noqa: N801 - a function, in all but its lazy signature
    """A function of a listing, compiled when first called; its ``inputs`` are what a relation's call fills by name."""

    def __init__(self, listing, name):  # noqa: ANN001, ANN204
        self.listing, self.name = listing, name

    def __call__(self, *args, **kwargs):  # noqa: ANN002, ANN003, ANN204
        return self.listing.function(self.name)(*args, **kwargs)

    @property
    def inputs(self) -> tuple[str, ...]:
        return tuple(self.listing.function(self.name).program.inputs)


def compile(latex: str, *, path: str | Path = "<latex>", index_base: int = 1):  # noqa: A001, ANN201
    """Compile a block of LaTeX pseudocode into a callable :class:`~algoverify.running.listing.Listing`.

    ``index_base`` is where arrays count from in the listing (1 as the notation does, or 0).
    Raises :class:`~algoverify.running.listing.ExecutionError`-free parse errors as ``LocatedError``.
    """
    from ..running.listing import from_latex

    return from_latex(latex, path=path, index_base=index_base)
