r"""``lint``: what a check will give its listing and read of its run, known before any run.

A check's draws must give its listing every input (AV307 at the check's ``inputs:``), and its
formulas must read only names the trial will hold (AV303 at the formula's key).

A property's ``holds:``, ``given:`` and ``let:`` read the check's draws, its ``let:``
definitions, the module's functions and whatever its listing binds or computes. ``check``
finds a name none of them gives only when the first trial evaluates the formula ("\theta_M
is not defined"); here it is found from the text alone, at the key that holds the formula.

The names a run binds are over-approximated (every name the listing mentions or declares, and
the sizes, families, definitions and functions of the prose around it): a name this reports is
one no run can bind, never a guess. A name the prose only mentions (``\hat{Q}``, the columns
``q_i`` together) is bound by no run unless the listing reads it, which makes it an input.
Beside ``as:`` the listing is called, each call a run of its own: the formula reads the draws,
and of the listing only the sizes of the families they give.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from ...findings import BadInput, Finding, LocatedError, NotExecutable, ShapeMismatch, SpecReferenceError, UnboundName
from ...math import mathexpr as M
from ...math.names import identifier, variant
from ...math.segments import parse_segment
from ...running.listing_parse import call_families
from ...running.reads import reads_of
from ...running.signature import assigned_names, recurrences
from ...syntax import ir
from ..specification.formula_reading import grouped_scripts, spec_tree
from ..specification.spec import display_latex, listing_named, nothing_returned

__all__ = ["formula_findings", "input_findings"]

#: the kinds whose ``holds:``/``given:``/``let:`` are evaluated over the run's names
_KINDS = frozenset({"property", "equation"})
#: x_of_0, x_of_prev, x_of_exact, L_of_m: a name's value on entry, at the previous pass, exact, labelled
_LABELLED = re.compile(r"(?P<base>.+?)_of_\w+$")


def input_findings(
    path: Path,
    checks: Iterable[Any],
    irs: Sequence[ir.Algorithm | None],
    compiled: dict[int, Any],
    functions: set[str],
) -> list[Finding]:
    """AV307 at a check's ``inputs:`` whose draws leave out an input its listing takes (``a_0`` beside ``a``).

    One draw of the built-in generators (seeded) is bound as a trial binds it, preconditions
    aside: whether an input is given depends on the names drawn and their shapes, never on the
    values. An input the note's module, listings or prose define as a function (``q`` of a
    rejection sampler) is given by the check as it runs. A check that draws from its module's
    own generators (never imported by lint), or names one ``\\Function`` of a listing, is left
    to ``check``.
    """
    from ...running.generators import ShapeDraws
    from ...running.values import parse_value

    out: list[Finding] = []
    for check in checks:
        found = _listing(check, irs, compiled)
        if found is not None and check.kind == "reference" and found[1].returns_nothing:
            out.append(
                SpecReferenceError.finding(check.at("listing"), path, check=check.id, message=nothing_returned(check))
            )
        spec = check.draws
        if found is None or not spec or check.get("as") is not None or not _whole(check, found[1]):
            continue  # a \Function of a listing other than its entry takes its own inputs
        listing = found[1]
        values: dict[str, Any] = {}
        unknown: set[str] = set()  # drawn by the module's own generators, which lint never imports
        for name, text in spec.items():
            try:
                values[str(name)] = parse_value(text, ShapeDraws(), values) if isinstance(text, str) else text
            except Exception:  # noqa: BLE001 - its name is given all the same; its shape is check's to learn
                unknown.add(str(name))
        for name in list(values):  # epsilon drawn for a listing that writes \varepsilon, lambda for its lam
            spelt = variant(name)
            if spelt is not None and spelt not in values:
                values[spelt] = values[name]
        unknown |= {spelt for name in unknown if (spelt := variant(name)) is not None}
        lets = {str(k).partition("(")[0].strip() for k in check.get("let") or {}}
        if lets:
            from ..specification.context import filled_part

            lets |= {found[0] for name in lets if (found := filled_part(listing, name)) is not None}
        given = set(values) | unknown | set(functions) | lets
        missing = _left_out(listing, values, unknown, given)
        # "where \(L\) is the largest eigenvalue of \(A\)": the AV303 at L says why no check can give it
        words = listing.context.in_words if listing.context is not None else {}
        missing = [name for name in missing if name not in words]
        if missing:
            out.append(BadInput.finding(check.at("inputs"), path, message=_missing(check, listing, spec, missing)))
    return out


def _whole(check: Any, listing: Any) -> bool:
    """Whether a check runs the whole listing: named by its number, its entry's name or its caption."""
    key = str(check.get("listing"))
    wanted = key.lower()
    names = [n.lower() for n in (listing.name, listing.caption) if n]
    return key.isdigit() or any(n == wanted or n.startswith(wanted) for n in names)


def _stand_in_shapes(values: dict[str, Any]) -> list[tuple[int, ...]]:
    """Shapes a value drawn by the module's own generator may have: those of the other draws, and the sizes drawn."""
    import numpy as np

    sizes = sorted({v for v in values.values() if type(v) is int and 0 < v <= 64})
    shapes = {np.shape(v) for v in values.values() if isinstance(v, np.ndarray) and v.ndim in (1, 2)}
    shapes |= {(k,) for k in sizes} | {(a, b) for a in sizes for b in sizes}
    return sorted(shapes)


def _left_out(listing: Any, values: dict[str, Any], unknown: set[str], given: set[str]) -> list[str]:
    """The inputs of ``listing`` that no binding of the draws gives, whatever shape the unknown draws have.

    Lint never imports the module whose generators draw the names of ``unknown``: a name's shape,
    not its values, decides what it gives the listing (the rows ``p_i`` of a drawn ``P``). Each
    shape of the other draws and of the sizes drawn is tried; one that binds whole means check
    decides, and an input is left out only when every shape that binds as far as the inputs
    misses it. A check that draws nothing from the module is bound once, as drawn.
    """
    import numpy as np

    from ..specification.context import taken

    found: set[str] | None = None
    for shape in _stand_in_shapes(values) if unknown else [None]:
        trial = values if shape is None else {**values, **{name: np.ones(shape) for name in unknown}}
        try:
            listing.program.bound_inputs(taken(listing, trial), preconditions=False)
        except LocatedError as exc:
            message = str(exc.args_.get("message", ""))
            if not message.startswith("missing input(s) "):
                continue  # values lint made up may not bind; check binds its own
            missing = {n for n in message.removeprefix("missing input(s) ").split(", ") if n not in given}
            found = missing if found is None else found & missing
        except Exception:  # noqa: BLE001 - likewise
            continue
        else:
            return []  # one shape gives every input: check, which knows the shape, decides
    return [n for n in listing.inputs if n in (found or set())]


def _missing(check: Any, listing: Any, spec: dict[str, Any], missing: list[str]) -> str:
    """AV307's message: what is missing, as the note writes it, and what the check draws that the listing never reads.

    ``x0`` drawn for a listing whose prose introduces ``x^{(0)}`` is the common case: the
    listing's ``x_of_0`` is named with its LaTeX, and the unused draw beside it.
    """
    from ...math.latex import identifier_latex

    def shown(name: str) -> str:
        latex = identifier_latex(name)
        return name if latex == name else f"{name} (\\({latex}\\))"

    said = f"missing input(s) {', '.join(map(shown, missing))}: the check draws {', '.join(map(str, spec))}"
    said += f", and listing {check.get('listing')} takes {', '.join(listing.inputs)}"
    # Kahn's L, an output the prose's "L = (L_1, …, L_n)" made an input: where to look
    context = getattr(listing, "context", None)
    lines: dict[int, list[str]] = {}
    for name in missing:
        declared = context.get(name) if context is not None else None
        origin = getattr(declared, "origin", None)
        if origin is not None and origin.kind == "prose" and origin.line is not None:
            lines.setdefault(origin.line, []).append(shown(name))
    for line, names in lines.items():
        said += f"; the prose at line {line} introduces {', '.join(names)}"
    accepted = set(listing.inputs) | set(listing.sizes)
    unused = [str(n) for n in spec if str(n) not in accepted and variant(str(n)) not in accepted]
    # A, b of `let: {F(x): 'A x - b'}`: what only the check's own formulas read belongs under draw:
    formulas = " ".join(
        str(v) for v in [*(check.get("let") or {}).values(), check.get("holds"), check.get("given")] if v
    )
    # a name read whole: D of D^{(t)} is the listing's D^{(t)}, never a D of the formulas' own
    theirs = [n for n in unused if re.search(rf"(?<![\\\w]){re.escape(n)}(?![\w^_{{'])", formulas)]
    if len(unused) == 1 and len(missing) == 1:
        theirs = []  # one drawn, one missing: most likely the same, named two ways (the rename below)
    unused = [n for n in unused if n not in theirs]
    if theirs:
        them = "it" if len(theirs) == 1 else "them"
        said += f"; only the check's formulas read {', '.join(theirs)}: draw {them} under draw:"
    if len(unused) == 1 and len(missing) == 1:
        said += f"; it never reads {unused[0]}: draw it as {missing[0]}"
    elif unused:
        said += f"; it never reads {', '.join(unused)}: draw each as the listing names it"
    return said


def _listing(check: Any, irs: Sequence[ir.Algorithm | None], compiled: dict[int, Any]) -> tuple[int, Any] | None:
    """``(number, listing)`` of the compiled listing a check names; ``None`` when it names none or does not compile."""
    if check.get("listing") is None:
        return None
    algorithm = listing_named(irs, check.get("listing"))
    index = next((i for i, a in enumerate(irs, start=1) if a is not None and a is algorithm), None)
    listing = compiled.get(index) if index is not None else None
    return None if listing is None or isinstance(listing, LocatedError) else (index, listing)  # type: ignore[return-value]


def formula_findings(
    path: Path,
    checks: Iterable[Any],
    irs: Sequence[ir.Algorithm | None],
    compiled: dict[int, Any],
    resolved: Sequence[Sequence[tuple[Any, Any]]],
    functions: set[str],
) -> list[Finding]:
    """AV303 at each formula of ``checks`` that reads a name no run of the check can bind.

    ``compiled`` maps a listing's number (from 1) to its ``Listing`` (or what stopped it);
    ``resolved`` holds each listing's scopes with their resolutions; ``functions`` the names the
    note's module, listings and prose define as functions.
    """
    out: list[Finding] = []
    for check in checks:
        if check.kind not in _KINDS or check.get("snippet") is not None or check.get("listing") is None:
            continue  # a snippet's names are its own; without a listing the draws alone are read
        found = _listing(check, irs, compiled)
        if found is None:
            continue  # a listing that does not compile is reported as such
        index, listing = found
        names = _run_names(check, listing, resolved[index - 1]) | functions
        out += _check_findings(path, check, listing, names)
        out += _whole_sequences(path, check, listing, resolved[index - 1])
    return out


def _whole_sequences(path: Path, check: Any, listing: Any, scopes: Sequence[tuple[Any, Any]]) -> list[Finding]:
    r"""AV305 at a ``holds:`` that compares a sequence the listing builds, read whole, with a number.

    The secant method stores \(x_{k+1} \gets \dots\): ``x`` is every iterate, and
    ``\lvert x - r \rvert \le 10^{-9}`` asks it of \(x_0\) too, so the check was refuted with
    the iterates shown where the reader meant the last, \(x_k\).
    """
    from .listing_names import draws_a_number

    holds = check.get("holds")
    if holds is None or check.get("as") is not None:
        return []
    inputs = check.get("inputs") or {}
    drawn = {str(k) for section in ("inputs", "draw", "let") for k in (check.get(section) or {})}
    # iterates (x_{k+1} \gets …) the listing reads only member by member: a vector it fills entry by entry
    # (x_i \gets …) or reads whole somewhere is meant whole, and so is what it returns
    stored = recurrences(listing.algorithm)
    built = {name for _, resolution in scopes for name in resolution.sequences if name in stored}
    built -= drawn | set(listing.inputs) | set(listing.outputs) | set(listing.output_aliases)
    built -= {name for scope, _ in scopes for name in scope.whole}
    numbers = {str(k) for k, v in inputs.items() if draws_a_number(v)}
    if not built:
        return []
    try:
        tree = check.plan.tree(str(holds))  # parsed once, when the spec was read
    except LocatedError:
        return []  # math the spec cannot read is its own finding
    for rel in (n for n in M.walk(tree) if isinstance(n, M.Rel) and len(n.rest) == 1):
        left, right = rel.first, rel.rest[0][1]
        for side, other in ((left, right), (right, left)):
            # x_k, x_{k+1} and x^{(\mathrm{exact})} read members: only a bare x is the whole sequence
            bases = {id(n.base) for n in M.walk(side) if isinstance(n, (M.Idx, M.Label, M.Pow))}
            whole = next(
                (n for n in M.walk(side) if isinstance(n, M.Sym) and id(n) not in bases and identifier(n) in built),
                None,
            )
            if whole is None or {r.name for r in reads_of(other, set())} - numbers:
                continue
            name = identifier(whole)
            returned = _returned_member(listing.algorithm, name)
            last = f"{name}_{_stored_index(listing.algorithm, name) or 'k'}"
            fix = f"write {returned}, the member it returns" if returned else f"write {last} for the member at the end"
            bound = str(holds)[other.span.start : other.span.end] if other.span is not None else "the bound"
            detail = (
                f"{name} is read whole, but the listing builds {name} as a sequence ({name}_0, {name}_1, …, "
                f"stored by index), so the relation compares every member with {bound}, not the last: {fix}"
            )
            return [ShapeMismatch.finding(check.at("holds"), path, what="holds", detail=detail)]
    return []


def _returned_member(algorithm: ir.Algorithm, name: str) -> str | None:
    """``x_{k+1}`` when the listing returns that member of ``name`` (the first such ``\\Return``), as written."""
    for node in ir.walk(algorithm):
        for value in node.values if isinstance(node, ir.Return) else ():
            try:
                tree = parse_segment(value)
            except LocatedError:
                continue
            if isinstance(tree, M.Idx) and identifier(tree.base) == name:
                return value.latex.strip()
    return None


def _stored_index(algorithm: ir.Algorithm, name: str) -> str | None:
    """The letter a listing stores ``name`` by (``k`` of ``x_{k+1} \\gets …``), if one."""
    for node in ir.walk(algorithm):
        if not isinstance(node, ir.Assign):
            continue
        try:
            target = parse_segment(node.target)
        except LocatedError:
            continue
        if isinstance(target, M.Idx) and identifier(target.base) == name and len(target.indices) == 1:
            letters = [identifier(n) for n in M.walk(target.indices[0]) if isinstance(n, M.Sym)]
            if len(letters) == 1 and letters[0] is not None:
                return letters[0]
    return None


def _run_names(check: Any, listing: Any, scopes: Sequence[tuple[Any, Any]]) -> set[str]:
    """Every name a trial of ``check`` may hold: its draws, ``as:``, and all its listing mentions or binds."""
    drawn = {str(k) for section in ("inputs", "draw") for k in (check.get(section) or {})}
    names = drawn | {v for k in drawn if (v := variant(k))}  # epsilon for \varepsilon, lambda for lam
    program = listing.program
    if check.get("as") is not None:
        # each call is a run of its own, whose names stay in it: the relation reads the draws, the call, and
        # the sizes of the families drawn (n of b_0, …, b_n beside C(B, 1)), as the trial binds them
        return names | {str(check.get("as"))} | _drawn_sizes(program, names)
    names |= set(listing.inputs) | set(listing.outputs) | set(listing.output_aliases) | set(listing.sizes) | {"result"}
    names |= set(listing.output_families)
    names |= set(program.free) | set(program.families) | set(program.families.values())
    for scope, resolution in scopes:
        names |= set(scope.bound) | set(scope.reads) | set(scope.params) | set(scope.labels)
        names |= set(resolution.declarations.names) if resolution.declarations is not None else set()
    context = listing.context
    if context is not None:
        names |= set(context.sizes) | set(context.families) | set(context.definitions)
        names |= set(context.functions) | set(context.coordinates)
    if program.names is not None:
        names |= set(program.names.renames) | set(program.names.renames.values())
    return names


def _drawn_sizes(program: Any, drawn: set[str]) -> set[str]:
    """The sizes of the listing's families a check's draws give, by name, as a trial takes them.

    A family comes drawn by its name, as its capital's rows (``b_i`` of ``B``) or by a member's
    name (``N_c`` of ``N_1, …, N_C``): :func:`~algoverify.checking.specification.context.taken`.
    """
    given = {
        family
        for family in program.families
        if family in drawn
        or family[:1].upper() + family[1:] in drawn
        or any(re.fullmatch(rf"{re.escape(family)}_[a-z]", name) for name in drawn)
    }
    return {program.families[family] for family in given}


def _check_findings(path: Path, check: Any, listing: Any, names: set[str]) -> list[Finding]:
    """The unbound names of one check's formulas, the first of each formula, at its key."""
    program = listing.program
    renames = dict(program.names.renames) if program.names is not None else {}
    pairs = program.names.pairs if program.names is not None else frozenset()
    coordinates = dict(listing.context.coordinates) if listing.context is not None else {}
    called = call_families(listing.algorithm, parse_segment)
    lets = check.get("let") or {}
    known = set(names) | {str(k).partition("(")[0].strip() for k in lets}
    formulas: list[tuple[tuple[Any, ...], str, set[str]]] = []
    for key, latex in lets.items():
        _, _, params = str(key).partition("(")
        own = {p.strip() for p in params.rstrip(")").split(",") if p.strip()}
        formulas.append((("let", key), str(latex), own))
    formulas += [((key,), str(check.get(key)), set()) for key in ("given", "holds") if check.get(key) is not None]
    out = []
    for key, latex, own in formulas:
        latex = grouped_scripts(latex, known | own)
        try:
            tree = spec_tree(check.plan.tree(latex), known | own, renames, pairs, coordinates, called)
        except LocatedError:
            continue  # math the spec cannot read is its own finding
        worded = next((n for n in M.walk(tree) if isinstance(n, M.Text) and _QUANTIFIER.match(n.text)), None)
        if worded is not None:  # "t_{j-m+i} = p_i \text{ for } i = 1, \dots, m": the run stops there (AV308)
            message = (
                f"\\text{{{worded.text}}} in {key[0]}: is a quantifier in words, which a formula cannot run; "
                "write it \\forall i \\in \\{1, \\dots, m\\}: … (or \\forall i: … where the indices are known)"
            )
            out.append(NotExecutable.finding(check.at(*key), path, message=message))
            continue
        unbound = next((read for read in reads_of(tree, known | own) if not _labelled_known(read.name, known)), None)
        if unbound is not None:
            out.append(_unbound(path, check, key, latex, unbound))
            continue
        refused = _not_executable(tree, latex, known | own, listing.index_base)
        if refused is not None:  # "\min_j l_{11}": a form no trial can evaluate, said before any trial
            out.append(NotExecutable.finding(check.at(*key), path, refused.details, **refused.args_))
    return out


def _labelled_known(name: str, known: set[str]) -> bool:
    labelled = _LABELLED.match(name)
    if labelled is None:
        return False
    base = labelled.group("base")
    # Q_m^{(\mathrm{exact})} of an output Q_m: read as Q^{(exact)} at m, it is the exact run's Q_m
    return base in known or any(k.startswith(f"{base}_") and not _LABELLED.match(k) for k in known)


def _not_executable(tree: M.MathNode, latex: str, names: set[str], index_base: int) -> LocatedError | None:
    """Why a formula of the spec cannot be evaluated whatever the trial (AV308), as the check compiles it."""
    from ...math.names import bound_words
    from ...math.numeric import Context, compile_expr

    try:
        compile_expr(tree, Context(declared=names | bound_words(tree), text=latex, index_base=index_base))
    except LocatedError as exc:
        return exc if exc.rule is NotExecutable else None
    except Exception:  # noqa: BLE001 - compiling is the check's to report: lint only says what it is sure of
        return None
    return None


def equation_findings(
    path: Path,
    checks: Iterable[Any],
    irs: Sequence[ir.Algorithm | None],
    compiled: dict[int, Any],
    text: str,
    maths: Sequence[Any],
) -> list[Finding]:
    """AV303 at an equation check whose right side reads a variable its listing assigns, not one it is given.

    An equation check (``kind: equation``) says what the listing computes from its inputs: the
    right side is evaluated on the trial's inputs, where a loop's ``r`` has no value, and the run
    stopped with "r is not defined" after a clean lint. ``maths`` are the note's display math
    blocks in order (``equation: N`` names one, which the check reads before ``holds:``), ``text``
    the note's text.
    """
    out: list[Finding] = []
    for check in checks:
        if check.kind != "equation" or check.get("listing") is None:
            continue
        found = _listing(check, irs, compiled)
        number = check.get("equation")
        if found is None:
            continue  # a listing that does not compile is reported as such
        if isinstance(number, int) and 1 <= number <= len(maths):
            key, latex = ("equation",), display_latex(text, maths[number - 1])
        elif number is None and check.get("holds") is not None:
            key, latex = ("holds",), str(check.get("holds"))
        else:
            continue  # a display the note does not have is the spec's finding
        try:
            tree = M.parse_math(latex)
        except LocatedError:
            continue  # said at the key already
        if not isinstance(tree, M.Rel) or len(tree.rest) != 1:
            continue
        listing = found[1]
        right = tree.rest[0][1]
        if isinstance(right, M.Tuple) and len(right.items) == 4 and isinstance(right.items[1], M.Rel):
            right = right.items[0]  # c_k = e, k = 0, …, m + n: e is the equation, k runs over the range
        given = set(listing.inputs) | set(listing.sizes) | {str(k) for k in check.get("inputs") or {}}
        given |= {str(k).partition("(")[0].strip() for k in check.get("let") or {}}
        given |= {n for n in (identifier(x) for x in M.walk(tree.first)) if n}
        assigned = assigned_names([listing.algorithm])
        for read in reads_of(right, given):
            if read.name in assigned:
                out.append(_assigned_read(path, check, key, listing, read.name))
                break
    return out


def _assigned_read(path: Path, check: Any, key: tuple[Any, ...], listing: Any, name: str) -> Finding:
    from ...math.latex import identifier_latex

    written = identifier_latex(name)
    given = ", ".join(f"\\({identifier_latex(n)}\\)" for n in listing.inputs)
    hint = (
        f": the equation's right side reads \\({written}\\), a variable the listing assigns, but an equation "
        f"check evaluates it on what the listing is given ({given}); for a relation between "
        f"its variables at a statement, write kind: property with after: (or at:) and holds:"
    )
    return UnboundName.finding(check.at(*key), path, name=name, hint=hint)


#: words in a formula that quantify what precedes them: "for", "for all", "for every", "for each"
_QUANTIFIER = re.compile(r"\s*for(?:\s+(?:all|every|each|any))?\s*$", re.I)


def _unbound(path: Path, check: Any, key: tuple[Any, ...], latex: str, read: Any) -> Finding:
    from ...math.latex import bar_hint, identifier_latex

    written = latex[read.span.start : read.span.end] if read.span is not None else read.name
    base = identifier_latex(read.name)  # \hat{Q} as the note writes it, not Q_hat
    whole = base if read.indices else written
    hint = (
        (bar_hint(written) or f" (nor is {base} to index)" if read.indices and written != read.name else "")
        + f": the check's {key[0]}: reads it, and neither its inputs, its let:, its listing "
        + f"nor the note's module give {whole}"
    )
    return UnboundName.finding(check.at(*key), path, name=written, hint=hint)
