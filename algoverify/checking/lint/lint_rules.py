"""The static rules of ``lint``: what a note's blocks get wrong, found without running anything.

Each rule reads a block's IR or text and returns findings; the math is parsed, a listing is
compiled, a note's module is read with ``ast``, and nothing of the note is executed or imported.
NumPy and the interpreter load only when a listing is compiled; sympy never does.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import re
from pathlib import Path
from typing import Any, Iterable, Iterator

from ...findings import (
    AmbiguousMath,
    Finding,
    LocatedError,
    MacroExpansionFailed,
    PythonSyntax,
    Severity,
    SpecReferenceError,
    UnbalancedBraces,
    UnboundText,
    UnknownMacro,
)
from ...reading.blocks import Block
from ...reading.files import python_tree
from ...reading.macros import MacroError, MacroTable, expand
from ...reading.notes import Note
from ...records import frozen
from ...source import Span
from ...syntax import ir

__all__ = [
    "ModuleOffers",
    "by_role",
    "call_findings",
    "compile_findings",
    "compile_listings",
    "lint_applications",
    "lint_index_powers",
    "lint_math",
    "lint_python",
    "lint_ranges",
    "math_segments",
    "module_offers",
]


def math_segments(node: ir.Node) -> Iterator[tuple[ir.Math, bool]]:
    """Every math segment of a listing, with whether running the listing evaluates it.

    Math a listing runs sits directly in a statement (an assignment, a condition, a range, a
    returned value, a parameter); math inside text (an English statement, a comment, a
    ``\\Require`` description, the caption) is read by people only.
    """
    described = {id(m) for n in ir.walk(node) if isinstance(n, ir.Text) for m in n.math}
    maths = [n for n in ir.walk(node) if isinstance(n, ir.Math)]
    # a \ForAll's variable and set are slices of its header: the header is read once. Sorted by
    # start, a span lies inside an earlier one when the furthest end so far reaches past it (linear
    # in the listing's length: a 5,000-statement listing is not compared pair by pair)
    inside: set[int] = set()
    furthest = -1
    for k in sorted(range(len(maths)), key=lambda k: (maths[k].span.start, -maths[k].span.end, k)):
        if furthest >= maths[k].span.end:
            inside.add(k)
        furthest = max(furthest, maths[k].span.end)
    for k, n in enumerate(maths):
        if k not in inside:
            yield n, id(n) not in described


def lint_math(path: Path, segments: Iterable[tuple[ir.Math, bool]], macros: MacroTable | None) -> list[Finding]:
    """Parse each segment (user macros expanded); a problem is a warning where it stops a run, else a note.

    Math that fails to read is valid LaTeX all the same: a lint must never block it. Where a
    listing would execute it, the statement will not run (a warning, an error with
    ``--strict``); where it only describes, algoverify does not need it (shown with ``--verbose``).
    """
    from ...math.mathexpr import unknown_macros
    from ...math.segments import parse_segment

    out = []
    for m, executed in segments:
        open_brace = _unclosed_brace(m.latex)
        if open_brace is not None:  # TeX itself stops here: an error wherever the math stands
            at = m.span.start + open_brace
            out.append(UnbalancedBraces.finding(Span(at, at + 1), path, detail="'{' is never closed"))
            continue
        found = []
        try:
            if m.origin is None:  # not expanded yet (display math), or an expansion that failed
                expansion = expand(m.latex, m.span.start, macros)
                if expansion.changed:
                    m = dataclasses.replace(m, latex=expansion.text, origin=expansion.map)
            tree = parse_segment(m)
        except MacroError as exc:
            found.append(MacroExpansionFailed.finding(exc.span, path, message=str(exc)))
        except LocatedError as exc:
            found.append(exc.to_finding(path))
        else:
            # an unknown macro parses (to a Macro node): never an error, but said where it matters
            found.extend(UnknownMacro.finding(mac.span, path, macro=mac.name) for mac in unknown_macros(tree))
        out.extend(by_role(f, executed) for f in found)
    return out


def _unclosed_brace(latex: str) -> int | None:
    """The offset of a ``{`` the segment never closes (escaped ``\\{`` aside), or ``None``."""
    stack: list[int] = []
    i = 0
    while i < len(latex):
        c = latex[i]
        if c == "\\":
            i += 2
            continue
        if c == "{":
            stack.append(i)
        elif c == "}" and stack:
            stack.pop()
        i += 1
    return stack[0] if stack else None


def lint_ranges(path: Path, algorithm: ir.Algorithm) -> list[Finding]:
    """AV207 for each range whose written bounds, and the loops around it, do not tell which way it counts."""
    from ...findings import AmbiguousDirection
    from ...math.ranges import range_directions
    from ...math.segments import parse_segment

    directions = range_directions(algorithm, parse_segment)
    out = []
    for node in ir.walk(algorithm):
        if not isinstance(node, ir.ForRange) or id(node) not in directions:
            continue
        # `i \gets a` \textbf{to} `b` says which way it counts (up; `downto` down): only `a, \dots, b` does not
        said = node.stop.delimited
        if directions[id(node)] is None and node.step is None and node.second is None and node.direction is None:
            if said:
                continue
            try:
                parse_segment(node.start), parse_segment(node.stop)
            except LocatedError:
                continue  # reported with the math
            span = node.start.span.cover(node.stop.span)
            shown = f"{node.start.latex}, …, {node.stop.latex}"
            out.append(AmbiguousDirection.finding(span, path, range=shown))
    return out


@frozen
class ModuleOffers:
    """What a note's module offers by name, read with ``ast`` (never imported)."""

    functions: frozenset[str] = frozenset()  # its functions, and the keys of its name-keyed dicts
    binding_keys: tuple = ()  # the keys of its ``BINDINGS`` (statement texts, line numbers)


@functools.lru_cache(maxsize=64)
def _read_module(tree: ast.Module) -> ModuleOffers:
    """Read once per version of the file: lint asks for every listing, and for the note once more."""
    functions: set[str] = set()
    keys: list = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            functions.add(node.name)
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
            constants = [k.value for k in node.value.keys if isinstance(k, ast.Constant)]
            functions.update(k for k in constants if isinstance(k, str))
            if any(getattr(t, "id", None) == "BINDINGS" for t in node.targets):
                keys += constants
    return ModuleOffers(frozenset(functions), tuple(keys))


def module_offers(note: Note) -> ModuleOffers:
    """What the module the note's front matter names offers (nothing when it names none or it cannot be read)."""
    section = note.front_matter.get("algoverify") if isinstance(note.front_matter, dict) else None
    module = section.get("module") if isinstance(section, dict) else None
    if not isinstance(module, str):
        return ModuleOffers()
    tree = python_tree(note.path.parent / module)
    return ModuleOffers() if tree is None else _read_module(tree)


def lint_applications(note: Note, algorithm: ir.Algorithm) -> list[Finding]:
    r"""AV204 where ``f(x + 1)`` runs and nothing says whether ``f`` is a function or a value.

    The declarations decide: a name the listing declares, assigns or loops over is a value; a
    ``\Function`` of the note, or a function its module offers, is a function. When neither
    applies, the run would stop there, so the lint says which declaration would decide.
    """
    from ...math import mathexpr as M
    from ...math.builtin_names import BUILTIN_FUNCTIONS
    from ...math.names import identifier
    from ...math.segments import parse_segment

    known: set[str] = set(BUILTIN_FUNCTIONS)  # \mathrm{range}(n), \mathrm{len}(x): functions everywhere
    for n in ir.walk(algorithm):
        if isinstance(n, ir.Function):
            known.add(n.name)
        maths = (
            [n.target] if isinstance(n, ir.Assign)
            else [n.var] if isinstance(n, (ir.ForRange, ir.ForAll)) and n.var is not None
            else list(n.params) if isinstance(n, ir.Function)
            else list(n.symbols) if isinstance(n, ir.Condition) and n.kind in ("require", "input")
            else []
        )  # fmt: skip
        for m in maths:
            try:
                known.update(identifier(x) or "" for x in M.walk(parse_segment(m)))
            except LocatedError:
                continue
    known |= module_offers(note).functions
    known |= _declared_around(note)
    text = note.source.text
    # the note's other listings' functions (`sq\_plus` as latexify prints `sq_plus`)
    found = re.finditer(r"\\(?:Function|Procedure)\s*\{\s*([A-Za-z](?:\w|\\_)*)\s*\}", text)
    known |= {m.group(1).replace("\\_", "_") for m in found}
    from ...running.prose_symbols import PRIME_TRANSPOSES

    # A^{\top}(…), and A'(…) where the prose says a prime is a transpose: a product with A's transpose
    primes = PRIME_TRANSPOSES.search(text) is not None
    out = []
    for tree in executed_trees(algorithm):
        for node in M.walk(tree):
            if isinstance(node, M.Apply):
                name = identifier(node.fn)
                fn = node.fn
                if primes and isinstance(fn, M.Sym) and fn.accents[-1:] == ("prime",):
                    fn = M.Transpose(M.Sym(fn.name, fn.font, fn.accents[:-1], span=fn.span), span=fn.span)
                base = identifier(fn.base) if isinstance(fn, M.Idx) else None
                base = identifier(fn.operand) if isinstance(fn, M.Transpose) else base
                if name and name not in known and base not in known:  # y_i(…) of a declared y: an entry
                    message = (
                        f"{name}(…) is a call if {name} is a function, a product if it is a value; declare "
                        f"{name} in \\Require, define it as a \\Function, or offer it in the note's module"
                    )
                    out.append(AmbiguousMath.finding(node.span, note.path, {"name": name}, message=message))
    return [by_role(f, True) for f in out]


def executed_trees(algorithm: ir.Algorithm) -> Iterator[Any]:
    """The parsed math of each segment the listing runs; one that does not parse is reported with the math."""
    from ...math.segments import parse_segment

    for m, executed in math_segments(algorithm):
        if not executed:
            continue
        try:
            yield parse_segment(m)
        except LocatedError:
            continue


def lint_index_powers(
    note: Note, algorithm: ir.Algorithm, matrices: set[str], refused: Iterable[Span] = ()
) -> list[Finding]:
    r"""AV204 where ``\xi_i^\mu`` of a matrix ξ raises a row to the power of an index: of a sum around it, or a loop.

    In index notation the superscript is an index too (pattern μ of ξ, Hertz–Krogh–Palmer's
    ``\xi_i^\mu`` of a p × N matrix); the listing reads a power, as TeX sets it. Only a name
    declared as a matrix (``matrices``) is asked about: ``x_i^{k}`` of a vector x is a power
    (the power sums). A level the listing stores (``u_j^{n+1} \gets …``) is read as a level;
    ``(\xi_i)^{\mu}`` says the power. Inside ``refused`` (the values of assignments the run
    refuses, :func:`~algoverify.running.two_lengths.index_powers`) the run's own finding says it.
    """
    from ...math.segments import parse_segment
    from ...running.listing_parse import level_letters
    from ...running.two_lengths import loop_letters, superscript_indices

    loops = loop_letters(algorithm, parse_segment)
    levels = level_letters(algorithm)
    text = note.source.text
    out = []
    for tree in executed_trees(algorithm):
        for node, _, of in superscript_indices(tree, matrices, levels, loops):
            if any(r.start <= node.span.start < r.end for r in refused):
                continue
            written = text[node.span.start : node.span.end]
            if written.lstrip().startswith("("):
                continue  # (\lambda_i)^{k}: the power, said
            base = text[node.base.span.start : node.base.span.end]
            name = text[node.base.base.span.start : node.base.base.span.end]
            entries = ", ".join(text[i.span.start : i.span.end] for i in node.base.indices)
            sup = text[node.exp.span.start : node.exp.span.end]
            message = (
                f"{written} is read as the power ({base})^{{{sup}}}, and {sup} is the index of {of}: "
                f"for the entry ({sup}, {entries}) write {name}_{{{sup}, {entries}}}; "
                f"for the power write ({base})^{{{sup}}}"
            )
            out.append(AmbiguousMath.finding(node.span, note.path, message=message))
    return out  # a warning: the run reads the power, as written


_DISPLAY = re.compile(r"\\\[(.*?)\\\]|\$\$(.*?)\$\$", re.S)
#: the generic entry a sentence names: "with entries \(x_{ij}\)", "whose elements are $a_{ij}$"
_ENTRIES_NAMED = re.compile(r"\b(?:entries|elements)(?: are)?\s+(?:\\\(|\$)\s*([^$]*?_\{?\w+\}?)\s*(?:\\\)|\$)")


def _declared_around(note: Note) -> set[str]:
    """Names the note gives a listing from outside it: declared functions, and the values its checks draw.

    A function its prose declares (``f : [a, b] \\to \\mathbb{R}``) is called; a drawn value may be one.
    """
    from ...math import mathexpr as M
    from ...math.names import identifier, written_family
    from ...reading.prose import INLINE_MATH
    from ..specification.spec import read_spec

    out: set[str] = set()
    body = note.source.text[note.body_span.start : note.body_span.end]
    inline = [
        m.group().strip("$")[2:-2] if m.group().startswith("\\(") else m.group().strip("$")
        for m in INLINE_MATH.finditer(body)
    ]
    displayed = [(m.group(1) or m.group(2)).strip().rstrip(",.;") for m in _DISPLAY.finditer(body)]  # \[ Π_C(z) = … \]
    for latex in inline + displayed:
        family = "\\dots" in latex or "\\ldots" in latex
        if not (_DECLARING.search(latex) or family):
            continue
        try:
            tree = M.parse_math(latex)  # once: the shape below says what it declares
        except LocatedError:
            continue
        out |= _declared_by(tree, latex)
        # "source functions S_1, \dots, S_N": S_k (1 - …) of the listing is member k times a group
        ranges = (
            [tree] if isinstance(tree, M.Range) else [t for t in getattr(tree, "items", ()) if isinstance(t, M.Range)]
        )
        for family in filter(None, map(written_family, ranges)):
            base, last = family
            out.add(identifier(base) or "")
            if isinstance(last, M.Sym):  # … and its size: N of y_1, \dots, y_N, read as N (N - 1) beside it
                out.add(identifier(last) or "")
    # "X with entries \(x_{ij}\)": x_{ij} (…) of the listing is an entry of X times a group
    for m in _ENTRIES_NAMED.finditer(body):
        try:
            entry = M.parse_math(m.group(1))
        except LocatedError:
            continue
        out.add(identifier(entry.base) if isinstance(entry, M.Idx) else "")
    try:
        checks = read_spec(note).checks
    except Exception:  # noqa: BLE001 - a spec that cannot be read is reported by the spec's own lint
        return out
    for check in checks:
        for key in ("inputs", "draw"):
            drawn = check.get(key)
            if isinstance(drawn, dict):
                out |= {str(k) for k in drawn}
    return out


#: math that may declare a name: an equation, an order, a membership, a function's type
#: (whole commands: \gets, \left, \int and \top declare nothing, and a listing's \gets is in every statement)
_DECLARING = re.compile(r"=|<|>|\\(?:leq?|geq?|leqslant|geqslant|lt|gt|in|to|rightarrow|mapsto)(?![a-zA-Z])")


def _declared_by(tree: object, latex: str) -> set[str]:
    """The names one piece of prose math declares as functions or as values (see :func:`_declared_around`)."""
    from ...math import mathexpr as M
    from ...math.names import identifier, labelled
    from ...running.declarations import function_type

    if "=" in latex and "(" in latex.split("=", 1)[0]:
        # "the logistic function σ(z) = 1/(1 + e^{-z})": σ is a function of the note
        if isinstance(tree, M.Tuple) and tree.items:
            tree = tree.items[0]
        fn = tree.first.fn if isinstance(tree, M.Rel) and isinstance(tree.first, M.Apply) else None
        if isinstance(fn, M.Sym) or (isinstance(fn, M.Idx) and labelled(fn)):  # σ(z) = …, Π_{\mathcal{C}}(z) = …
            return {n for n in [identifier(fn)] if n}
        return set()
    if "=" in latex and isinstance(tree, M.Rel) and len(tree.rest) == 1:
        # "S = [s_1, \dots, s_m]": S and its columns s_i are values, so s_i(…) is a column times a group
        listed = tree.rest[0][1]
        items = listed.items if isinstance(listed, (M.ListLit, M.Tuple)) else (listed,)
        members = [m for i in items for m in ((i.lo, i.hi) if isinstance(i, M.Range) else (i,))]
        bases = {identifier(m.base) for m in members if isinstance(m, M.Idx)}
        return {n for n in bases | {identifier(tree.first)} if n} if bases else set()
    if re.search(r"<|>|\\le|\\ge|\\lt|\\gt", latex) and "\\to" not in latex and "\\in" not in latex:
        # "0 < \lambda < 1": a value, so \lambda(…) is a product
        if isinstance(tree, M.Rel):
            operands = [tree.first, *(e for _, e in tree.rest)]
            return {n for n in (identifier(o) for o in operands if isinstance(o, M.Sym)) if n}
        return set()
    if "\\in" in latex and "\\to" not in latex:
        # "y ∈ {-1, +1}^n": a value, so y_i(…) is an entry times a group
        if isinstance(tree, M.In):
            items = tree.element.items if isinstance(tree.element, M.Tuple) else (tree.element,)
            return {n for n in (identifier(i) for i in items) if n}
        return set()
    if "\\to" not in latex and "\\rightarrow" not in latex:
        return set()
    name = function_type(tree)  # type: ignore[arg-type]
    return {name} if name is not None else set()


def by_role(finding: Finding, executed: bool) -> Finding:
    """A warning where the listing would execute the statement (it will not run), else a note.

    A precondition a run cannot test is a warning that says so itself: its statement does run.
    """
    if finding.details.get("precondition") is not None:
        return dataclasses.replace(finding, severity=Severity.WARNING)
    if executed:
        return dataclasses.replace(
            finding, severity=Severity.WARNING, message=finding.message + " (this statement will not run)"
        )
    return dataclasses.replace(finding, severity=Severity.NOTE)


def lint_python(note: Note, block: Block) -> list[Finding]:
    """The Python snippet's syntax error, at its line and column in the note (the code is not run)."""
    # ast.parse only builds a syntax tree
    source = note.source.segment(block.body_span)
    try:
        ast.parse(source, filename=str(note.path))
    except SyntaxError as exc:
        line = (exc.lineno or 1) - 1
        lines = source.splitlines(keepends=True)
        offset = sum(len(ln) for ln in lines[:line]) + max((exc.offset or 1) - 1, 0)
        start = block.body_span.start + min(offset, len(source))
        return [PythonSyntax.finding(Span(start, start + 1), note.path, message=exc.msg)]
    return []


def compile_listings(note: Note, listings: Iterable[tuple[int, ir.Algorithm, int, Any]]) -> dict[int, Any]:
    """Each listing compiled as ``check`` would (a ``Listing``), or the :class:`LocatedError` that stops it.

    Compiling reads the listing and builds its closures; nothing of the note runs, and its module
    is not imported (its ``BINDINGS`` are read with ``ast``, so a bound statement compiles).
    ``listings`` holds each listing to compile: its number in the note (from 1), its IR, its
    index base and its context (the names the note declares around it).
    """
    from ...running.listing import Listing

    out: dict[int, Any] = {}
    keys = module_offers(note).binding_keys
    for index, algorithm, base, context in listings:
        listing = Listing(algorithm, note.source, index=index, index_base=base, context=context)
        for key in keys:
            listing.bind(key, _never_called)
        try:
            _ = listing.program  # compiled on first use: what stops it is raised here
        except LocatedError as exc:
            out[index] = exc
        else:
            out[index] = listing
    return out


def compile_findings(note: Note, compiled: dict[int, Any], seen: set) -> list[Finding]:
    """What stops a listing before it runs (a form the interpreter cannot execute: AV308).

    ``compiled`` is what :func:`compile_listings` made of the note's listings.

    A finding the math's own lint already made is not said twice.
    """
    out = []
    for listing in compiled.values():
        if isinstance(listing, LocatedError):
            finding = listing.to_finding(note.path)
            # an AV2 of the declarations (x_0, …, x_n and a point x in one \Require) is no math's own finding
            if finding.span not in seen and (not finding.code.startswith("AV2") or finding.details.get("declared")):
                out.append(finding)
            continue
        for span, text in listing.program.unbound_text:
            if span not in seen and text.strip():  # math alone is the math's own finding (AV2xx)
                out.append(UnboundText.finding(span, note.path, text=text))
    return out


def call_findings(
    note: Note, checks: Iterable[Any], irs: list[ir.Algorithm | None], compiled: dict[int, Any]
) -> list[Finding]:
    """``AV502`` where a check calls the listing it names ``as:`` with a count of inputs the listing does not take.

    ``check`` says the same when the call runs; here it is said before anything runs. A call may
    leave out the inputs the note binds beyond the listing's own (they keep the trial's values).
    """
    from ...math.arguments import misplaced_arguments, written_order
    from ...math.latex import to_latex
    from ...math.mathexpr import parse_math
    from ...math.mathtree import Apply, Idx, Sym, walk
    from ...math.names import identifier
    from ..specification.spec import listing_named

    out = []
    for check in checks:
        name = check.get("as")
        if name is None or check.get("listing") is None:
            continue
        algorithm = listing_named(irs, check.get("listing"))
        listing = next((c for i, c in compiled.items() if algorithm is not None and irs[i - 1] is algorithm), None)
        if listing is None or isinstance(listing, LocatedError):
            continue
        names = list(listing.inputs)
        extra = listing.program.names.extra_inputs if listing.program.names else ()
        own = len(names) - len(extra)
        for key in ("holds", "given"):
            latex = check.get(key)
            if not isinstance(latex, str):
                continue
            try:
                tree = parse_math(latex)
            except LocatedError:
                continue  # the spec's math is reported as such
            calls = [n for n in walk(tree) if isinstance(n, Apply) and identifier(n.fn) == str(name)]
            # a call that names every input fixes the order the others follow (as the check reads them)
            formulas = [check.get("holds"), check.get("given"), *(check.get("let") or {}).values()]
            order = written_order(formulas, str(name), names, parse_math)
            for node in calls:
                written = [identifier(a) if isinstance(a, (Sym, Idx)) else None for a in node.args]
                misplaced = misplaced_arguments(names, written, order)
                if not own <= len(node.args) <= len(names):
                    message = f"{name} takes {len(names)} input(s) ({', '.join(names)}), got {len(node.args)}"
                    if own < len(names):
                        message += f" (the last {len(names) - own} may be left out)"
                elif misplaced is not None:
                    message = f"{to_latex(node)} {misplaced}"
                else:
                    continue
                out.append(SpecReferenceError.finding(check.at(key), note.path, check=check.id, message=message))
                break
    return out


def _never_called(step):  # noqa: ANN001, ANN202 - a stand-in for a binding lint only matches
    raise AssertionError("lint runs nothing")
