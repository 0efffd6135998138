r"""A listing read in its note: what binds its free names, and the lint of the names nothing binds.

Names get their meaning, in order, from the listing's own parameters, ``\Require``/``\Ensure``
and caption; the prose before the listing, nearest paragraph first
(:mod:`~algoverify.running.prose_symbols`); the names the spec's checks draw; for a name none of
these binds, the prose after the listing, up to the next one. :func:`contexts`
gives each listing what its note declares around it; the interpreter binds the listing's free
names from it (:mod:`~algoverify.running.symbols`). :func:`name_findings` is the same
resolution at ``lint``, without running anything: a listing whose names the note does not bind
is a finding at the name, with the fix, so that a lint-clean listing runs.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from ...findings import AmbiguousMath, Finding, LocatedError, UnboundName
from ...math import mathexpr as M
from ...math.builtin_names import BUILTIN_FUNCTIONS
from ...math.latex import identifier_latex
from ...math.names import identifier, labelled, variant
from ...math.segments import parse_segment
from ...reading.files import python_tree, regular_file, resolved
from ...reading.macros import MacroError, MacroTable, expand
from ...reading.notes import Note
from ...reading.prose import Sentence, sentences
from ...running.bindings import unbound_message
from ...running.declarations import Declared, InputSpec, Origin, declare_columns, given_names
from ...running.listing_parse import level_letters, listing_parser
from ...running.prose_math import defined_value, function_definition
from ...running.prose_symbols import prose_declarations, side_conditions
from ...running.reads import untestable
from ...running.requires import declared_inputs
from ...running.scope import scopes
from ...running.scope_declarations import own_declarations
from ...running.signature import output_names
from ...running.superscripts import level_entry
from ...running.symbols import Resolution, resolve
from ...syntax import ir
from ..specification.schema import as_number
from ..specification.spec import _listing, read_spec

__all__ = ["NoteNames", "contexts", "declared_matrices", "in_words_hint", "name_findings"]


@dataclass
class NoteNames:
    """What a note declares around each of its listings."""

    #: per listing (in order, ``None`` for one that did not parse): the declarations around it
    contexts: list[InputSpec | None]
    #: per listing: the index base its written families say (``w_0, \dots``: 0), if any
    bases: list[int | None]
    #: per listing: each scope with its names bound (what lint reports from), resolved once
    resolved: list[list[tuple[Any, Resolution]]]
    #: per listing: the names every check of it draws as a number (``eta: "loguniform(1e-4, 1e-1)"``)
    numbers: list[dict[str, Origin]] = dataclasses.field(default_factory=list)


def _prose_parser(macros: MacroTable | None) -> Any:
    def parse(m: ir.Math) -> M.MathNode:
        try:
            expansion = expand(m.latex, m.span.start, macros)
        except MacroError as exc:
            raise LocatedError(AmbiguousMath, m.span, message=str(exc)) from None
        if expansion.changed:
            m = dataclasses.replace(m, latex=expansion.text, origin=expansion.map)
        return parse_segment(m)

    return parse


def _spec_names(
    note: Note, listings: Sequence[ir.Algorithm | None]
) -> tuple[list[dict[str, Origin]], list[dict[str, Origin]]]:
    """Per listing, the names its checks draw (``inputs:``) with the line of each; and those always drawn as numbers."""
    out: list[dict[str, Origin]] = [{} for _ in listings]
    numbers: list[dict[str, Origin]] = [{} for _ in listings]
    try:
        spec = read_spec(note)
    except Exception:  # noqa: BLE001 - a spec that cannot be read is reported by the spec's own lint
        return out, numbers
    not_numbers: list[set[str]] = [set() for _ in listings]
    for check in spec.checks:
        inputs = check.get("inputs")
        key = check.get("listing")
        if not isinstance(inputs, dict) or key is None:
            continue
        algorithm, _ = _listing(listings, key)
        for i, a in enumerate(listings):
            if a is not None and a is algorithm:
                for name, value in inputs.items():
                    span = check.at("inputs", name)
                    origin = Origin("spec", note.source.line_col(span.start)[0])
                    # lambda drawn for the listing's \lambda (lam), Q^n for its level Q^n (Q_of_n): one name
                    for spelt in (str(name), variant(str(name))):
                        if spelt is None:
                            continue
                        out[i].setdefault(spelt, origin)
                        if draws_a_number(value):
                            numbers[i].setdefault(spelt, origin)
                        else:
                            not_numbers[i].add(spelt)
    return out, [{n: o for n, o in found.items() if n not in no} for found, no in zip(numbers, not_numbers)]


def _let_names(note: Note, listings: Sequence[ir.Algorithm | None]) -> list[dict[str, Origin]]:
    """Per listing, the names its checks define in ``let:`` (``F`` of ``F(z)``), with the line of each."""
    out: list[dict[str, Origin]] = [{} for _ in listings]
    try:
        spec = read_spec(note)
    except Exception:  # noqa: BLE001 - a spec that cannot be read is reported by the spec's own lint
        return out
    for check in spec.checks:
        lets, key = check.get("let"), check.get("listing")
        if not isinstance(lets, dict) or key is None:
            continue
        algorithm, _ = _listing(listings, key)
        for i, a in enumerate(listings):
            if a is not None and a is algorithm:
                for written in lets:
                    origin = Origin("spec", note.source.line_col(check.at("let", written).start)[0])
                    out[i].setdefault(str(written).partition("(")[0].strip(), origin)
    return out


_CALL = re.compile(r"^\s*(?P<name>\w+)\s*\((?P<args>[^()]*)\)\s*$")
#: the built-in generators that draw one number when called with at most this many positional arguments
_SCALAR_ARITY = {"randn": 0, "uniform": 2, "loguniform": 2, "integers": 2}


def draws_a_number(value: Any) -> bool:
    """Whether a spec input's value is one number: ``0.9``, ``"1e-5"``, ``"uniform(0, 1)"``, ``"integers(1, 8)"``."""
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)) or (isinstance(value, str) and as_number(value) is not None):
        return True
    call = _CALL.match(value) if isinstance(value, str) else None
    if call is None or call.group("name") not in _SCALAR_ARITY:
        return False
    args = [a for a in call.group("args").split(",") if a.strip()]
    return len([a for a in args if "=" not in a]) <= _SCALAR_ARITY[call.group("name")]


def contexts(
    note: Note,
    blocks: Sequence[Any],
    listings: Sequence[tuple[Any, ir.Algorithm | None]],
    macros: MacroTable | None,
    said: list[Sentence] | None = None,
    known: frozenset[str] = frozenset(),
) -> NoteNames:
    """What the note declares around each listing (``listings``: ``(block, ir)`` pairs, in order).

    ``known``: the functions the note and its module define (a call of one reads no free name).
    """
    text = note.source.text
    said = said if said is not None else sentences(note, blocks)
    parse = _prose_parser(macros)

    def line_of(offset: int) -> int:
        return note.source.line_col(offset)[0]

    drawn, numbers = _spec_names(note, [a for _, a in listings])
    given = _let_names(note, [a for _, a in listings])
    out, bases, resolved = [], [], []
    ends = [block.span.start for block, _ in listings[1:]] + [len(text)]
    for (block, algorithm), names, lets, end in zip(listings, drawn, given, ends):
        if algorithm is None:
            out.append(None)
            bases.append(None)
            resolved.append([])
            continue
        levels = level_letters(algorithm)
        read = parse if not levels else _with_levels(parse, levels)
        context = prose_declarations(said, text, block.span.start, read, line_of)
        _displayed(note, blocks, block.span.start, context, line_of)
        _ensured(algorithm, read, context, line_of)
        spec = InputSpec()
        for name, origin in names.items():
            spec.declare(Declared(name, block.span, origin=origin))
        # F = -\nabla U in the prose and `let: {F(z): -k z}`: the check gives F, and U is not needed; a let:
        # of a name the prose does not define (I, the identity) leaves the listing's reading of it alone
        for name, origin in lets.items():
            if name not in names and (name in context.definitions or name in context.functions):
                spec.declare(Declared(name, block.span, origin=origin))
        context = context.merged(spec)
        resolutions = _resolutions(algorithm, context, set(known) | set(context.functions))
        unbound = {read.name for _, r in resolutions for read in r.unbound}
        # y_i read by the listing and bound by nothing but a check's `let: {y: …}`: that check gives it
        late = InputSpec()
        for name, origin in lets.items():
            if name in unbound and name not in names:
                late.declare(Declared(name, block.span, origin=origin))
        if late.inputs:
            context = context.merged(late)
            resolutions = _resolutions(algorithm, context, set(known) | set(context.functions))
            unbound = {read.name for _, r in resolutions for read in r.unbound}
        if unbound:  # "…, where E_0 is the energy of the initial state": said after the listing, up to the next
            later = [s for s in said if block.span.end <= s.span.start and s.span.end <= end]
            # "the columns of Q are orthonormal" of a Q the listing returns: a claim on an output, never an input
            try:
                unbound -= set(output_names(algorithm.body, read))
            except LocatedError:
                pass  # a \Return that does not parse is reported with its math
            after = _only(prose_declarations(later, text, end, read, line_of), unbound, context)
            if after is not None:
                context = context.merged(after)
                resolutions = _resolutions(algorithm, context, set(known) | set(context.functions))
        out.append(context)
        resolved.append(resolutions)
        # the index base the families the listing takes are written from (None: they do not say)
        found = {r.family_base for _, r in resolutions if r.family_base is not None}
        bases.append(found.pop() if len(found) == 1 else None)
    return NoteNames(out, bases, resolved, numbers)


def _only(spec: InputSpec, names: set[str], said: InputSpec) -> InputSpec | None:
    """What ``spec`` says of ``names`` alone (their declarations, definitions, words), or ``None`` if nothing.

    The prose after a listing binds only the names nothing before it binds: what it says of the
    others (a claim "\\(y \\ge 0\\)" of an output) is no declaration of them. A name the prose before
    (``said``) says in words stays so: "with the step \\(\\eta\\) above" mentions it, and binds nothing.
    """
    names = names - set(said.in_words)
    out = InputSpec()
    for d in spec.inputs:
        if d.name in names:
            out.declare(d)
    out.definitions = {k: v for k, v in spec.definitions.items() if k in names}
    out.functions = {k: v for k, v in spec.functions.items() if k in names}
    out.in_words = {k: v for k, v in spec.in_words.items() if k in names}
    out.condition_origins = dict(spec.condition_origins)
    found = out.inputs or out.definitions or out.functions or out.in_words
    return out if found else None


def _with_levels(parse: Callable[[ir.Math], M.MathNode], levels: frozenset[str]) -> Callable[[ir.Math], M.MathNode]:
    """``parse``, with ``U^0`` the level 0 of a ``U`` the listing stores by level (``U^0 \\in \\mathbb{R}^{m+2}``)."""

    def read(m: ir.Math) -> M.MathNode:
        return M.transform(parse(m), lambda node: level_entry(node, lambda letter, _: letter in levels))

    return read


def _resolutions(algorithm: ir.Algorithm, context: InputSpec, known: set[str]) -> list[tuple[Any, Resolution]]:
    """Each scope of ``algorithm`` with its names bound as the interpreter binds them."""
    parse = listing_parser(algorithm, context)

    outer = declared_inputs(algorithm.body, parse, tolerant=True)
    return [
        (scope, resolve(scope, own_declarations(scope, outer, parse), context))
        for scope in scopes(algorithm, parse, known=known, declared=given_names(context))
    ]


def _displayed(
    note: Note, blocks: Sequence[Any], before: int, context: InputSpec, line_of: Callable[[int], int]
) -> None:
    """What a display before the listing declares: the functions it defines, the conditions it assumes.

    ``\\Pi_C(z) = \\min(\\max(z, \\ell), u)`` defines a function; ``…, \\qquad b \\ne 0`` assumes b ≠ 0.
    """
    for b in blocks:
        if getattr(b, "kind", None) != "math" or b.span.end > before:
            continue
        math = ir.Math(b.body_span, note.source.text[b.body_span.start : b.body_span.end])
        try:
            tree = parse_segment(math)
        except LocatedError:
            continue
        side_conditions(tree, math, context, Origin("prose", line_of(b.span.start)))
        # A = QR, \qquad Q = [q_1, \dots, q_n] \in \mathbb{R}^{m \times n}: Q is the matrix of the columns q_j
        for item in tree.items if isinstance(tree, M.Tuple) and not isinstance(tree, M.Range) else (tree,):
            declare_columns(item, context, Origin("prose", line_of(b.span.start)))
        if isinstance(tree, M.Tuple) and tree.items:  # "… = \min(\max(z, \ell), u)," with its comma
            tree = tree.items[0]
        if isinstance(tree, M.Rel):
            defined = function_definition(tree)
            if defined is not None:
                name, params = defined
                value = defined_value(tree)
                context.functions.setdefault(name, (params, value, Origin("prose", line_of(b.span.start))))


def _ensured(
    algorithm: ir.Algorithm, parse: Callable[[ir.Math], M.MathNode], context: InputSpec, line_of: Callable[[int], int]
) -> None:
    """What an ``\\Ensure`` says of an output's parts: ``Q = [q_1, \\dots, q_n]``, the matrix of the q_j it computes.

    It declares no input: the rest of what it says is what the listing promises.
    """
    for node in algorithm.body:
        if not (isinstance(node, ir.Condition) and node.kind in ("ensure", "output")):
            continue
        for part in node.text.parts:
            if isinstance(part, ir.Math):
                try:
                    tree = parse(part)
                except LocatedError:
                    continue
                declare_columns(tree, context, Origin("ensure", line_of(part.span.start)))


def declared_matrices(context: InputSpec, resolutions: Sequence[tuple[Any, Resolution]]) -> set[str]:
    """The names the prose or a ``\\Require`` declares as matrices (two sizes, or the noun)."""
    from ...running.two_lengths import matrices

    return matrices([*context.inputs, *(d for _, r in resolutions for d in r.declarations.inputs)])


def name_findings(
    note: Note,
    listings: Sequence[tuple[Any, ir.Algorithm | None]],
    names: NoteNames,
    explicit_base: int | None,
    bases: Sequence[int] = (),
) -> list[Finding]:
    """``lint``: each name a listing reads that nothing in the note binds (AV303), each undecided reading (AV204).

    ``bases``: where each listing counts from, as it runs.
    """
    out: list[Finding] = []
    path = note.path
    numbers = names.numbers or [{} for _ in listings]
    set_by_bindings = step_names(note)
    for k, ((block, algorithm), resolutions, drawn, context) in enumerate(
        zip(listings, names.resolved, numbers, names.contexts)
    ):
        if algorithm is not None:
            out += _indexed_counters(algorithm, path)
        base = bases[k] if k < len(bases) else None
        for scope, resolution in resolutions:
            for letters, first, span in resolution.declarations.index_ranges if scope.function is None else ():
                if first is not None and base is not None and first != base:
                    said = ", ".join(letters)
                    message = (
                        f"{said} run from {first} here, but the listing counts from {base}: set index_base: {first} "
                        f"in the note's algoverify: section, or write the range from {base}"
                    )
                    out.append(AmbiguousMath.finding(span, path, message=message))
            out += _entries_of_numbers(scope, context, drawn, note)
            for read in resolution.unbound:
                if read.name in set_by_bindings and scope.described:
                    continue  # step["lam"] = … in a binding of the module: an English statement of the listing sets it
                said = context.said_in_words(read.name, _line_of(note)) if context is not None else None
                if said is not None:  # "Write D for the diagonal part of A": why nothing binds it, and the fix
                    hint = in_words_hint(read.name, said, scope)
                else:
                    hint = unbound_message(read, scope, resolution.declarations, context)
                out.append(UnboundName.finding(read.span, path, name=read.name, hint=hint))
            for read, why in resolution.ambiguous:
                out.append(AmbiguousMath.finding(read.span, path, message=why))
            out += _said_in_words(scope, resolution, context, note, path)
            out += _untestable_conditions(scope, resolution, context, note, path)
            for name, span in scope.letter_pairs.items():
                if name in scope.single_indexed and name in scope.stored_by_index:
                    # \mu_i \gets …, then \mu_{ip} \gets …: a reader takes position i·p; the notation, (i, p)
                    message = (
                        f"{name} is written with one index and with two letters side by side ({name}_{{ip}}): "
                        f"write {name}_{{i \\cdot p}} for the position i·p, or {name}_{{i,p}} for a table"
                    )
                    out.append(AmbiguousMath.finding(span, path, message=message))
            for name, span in resolution.unsized_zeros:
                message = (
                    f"{name} is set to 0 and then used as a vector: a zero vector whose size the note does not "
                    f"say; write \\operatorname{{zeros}}(n), or say in the prose what size {name} has"
                )
                out.append(AmbiguousMath.finding(span, path, message=message))
            for name, span in resolution.unsized_identities:
                message = (
                    f"{name} is set to I and then indexed: an identity whose size the note does not say; "
                    f"write I_n, or say in the prose what size {name} has"
                )
                out.append(AmbiguousMath.finding(span, path, message=message))
            if resolution.base_conflict is not None:
                zero, one = resolution.base_conflict
                message = (
                    f"the family {zero} is written from 0 and {one} from 1: set index_base: in the note's "
                    f"algoverify: section to say how the listing counts"
                )
                out.append(AmbiguousMath.finding(block.span, path, message=message))
            elif explicit_base is not None and resolution.family_base not in (None, explicit_base):
                family = next(f for f in resolution.declarations.firsts.values() if f.first in (0, 1))
                message = f"the family {family.name} is written from {family.first}, but index_base is {explicit_base}"
                span = family.span or block.span
                out.append(AmbiguousMath.finding(span, path, message=message))
    return out


def _said_in_words(
    scope: Any, resolution: Resolution, context: InputSpec | None, note: Note, path: Path | None
) -> list[Finding]:
    """AV303 at each input a ``\\Function`` takes beyond its parameters that the prose says only in words.

    "Lipschitz with constant \\(L\\), the largest eigenvalue of \\(A^{\\top} A\\)" tells a reader
    how to compute L from A; a run cannot, and takes L as one more input, which no check draws and
    ``run`` asks for. Said at lint, with the fix: a formula the listing computes, or a parameter.
    """
    if scope.function is None or context is None:
        return []
    out = []
    for name in resolution.extra_inputs:
        said = context.said_in_words(name, _line_of(note))
        read = scope.reads.get(name)
        if said is None or read is None:
            continue
        out.append(UnboundName.finding(read.span, path, name=name, hint=in_words_hint(name, said, scope)))
    return out


def _line_of(note: Note) -> Callable[[int], int]:
    return lambda offset: note.source.line_col(offset)[0]


def in_words_hint(name: str, said: str, scope: Any) -> str:
    """``: the prose at line 5 says what it is only in words (…), which a run cannot compute; …`` and the fix."""
    given = f"make it a parameter of {scope.function}" if scope.function else "declare it in \\Require"
    return (
        f": {said}; write it as a formula (\\({identifier_latex(name)} = \\dots\\)) for the listing to compute "
        f"it, or {given}"
    )


def _untestable_conditions(
    scope: Any, resolution: Resolution, context: InputSpec | None, note: Note, path: Path | None
) -> list[Finding]:
    """AV303 at a function or a name a precondition reads that nothing binds (``g(a) g(b) < 0``, no ``g``).

    A run tests the precondition on entry, and one it cannot evaluate it lets through: a reader
    was told the listing assumes it (``0 < \\omega < 2 / \\lambda_{\\max}``), so lint says it will
    not be tested, at the name.
    """
    if not (scope.function is None or scope.entry):
        return []
    declarations = resolution.declarations
    known = set(context.functions if context is not None else ()) | set(BUILTIN_FUNCTIONS)
    known |= {d.name for d in declarations.inputs} | set(scope.params) | set(scope.reads) | scope.bound
    known |= {d.name for d in context.inputs if d.noun in ("function", "mapping")} if context is not None else set()
    taken = {d.name for d in declarations.inputs} | set(scope.params) | set(resolution.extra_inputs)
    # what a run has on entry besides its inputs: the names their shapes size, the prose's definitions,
    # the listing's own names, and whatever the note binds for the scope
    # (less the built-in functions: \lambda_{\max} is a name of its own, not lambda indexed by max)
    values = (known - set(BUILTIN_FUNCTIONS)) | set(resolution.bindings) | scope.assigned_whole | scope.stored_by_index
    values |= set(context.definitions) if context is not None else set()
    for spec in (declarations, context) if context is not None else (declarations,):
        values |= {d.name for d in spec.inputs} | set(spec.sizes) | set(spec.families.values())
        values |= {s for d in spec.inputs for s in d.shape or () if isinstance(s, str)}
    preconditions = [(tree, text, declarations.condition_origins.get(text)) for tree, text in declarations.conditions]
    preconditions += [(c, text, d.origin) for d in declarations.inputs for c, text in d.constraints]
    # the prose's constraint on an input the scope takes is tested on entry too
    outer = [d for d in context.inputs if d.name in taken] if context is not None else []
    preconditions += [(c, text, d.origin) for d in outer for c, text in d.constraints]
    out, said = [], set()
    for tree, text, origin in preconditions:
        where = f" ({str(origin).removeprefix('from ')})" if origin is not None and origin.line is not None else ""
        for name, span, applied in untestable(tree, known, values):
            if name in said:
                continue
            said.add(name)
            if applied:
                hint = (
                    f": the precondition \\({text}\\){where} applies it, so no run can test the precondition on "
                    f"entry; define it in a display (\\({identifier_latex(name)}(x) = \\dots\\)) or make it a parameter"
                    + (f" of {scope.function}" if scope.function else "")
                )
                out.append(UnboundName.finding(span, path, {"precondition": text}, name=name, hint=hint))
                continue
            hint = f": the precondition \\({text}\\){where} reads it, so no run can test the precondition on entry"
            in_words = context.said_in_words(name, _line_of(note)) if context is not None else None
            if in_words is not None:  # "write \lambda_{\max} for the largest eigenvalue of A"
                hint += ";" + in_words_hint(name, in_words, scope).removeprefix(":")
            else:
                given = f"make it a parameter of {scope.function}" if scope.function else "declare it in \\Require"
                hint += f"; define it in a display (\\({identifier_latex(name)} = \\dots\\)) or {given}"
            out.append(UnboundName.finding(span, path, {"precondition": text}, name=name, hint=hint))
    return out


def _indexed_counters(algorithm: ir.Algorithm, path: Path | None) -> list[Finding]:
    r"""``w_i`` inside ``\For{w = 0, \dots, W}``: an entry of the loop's counter, which is a number.

    Kleinberg and Tardos's knapsack runs ``w`` over the capacities and reads ``w_i``, the weight of
    item ``i``: a reader keeps the two apart, the run cannot (``w_i`` indexes the integer ``w``).
    Said at the first such read in each loop, with the fix.
    """
    out: list[Finding] = []
    for loop in ir.walk(algorithm):
        if not isinstance(loop, ir.ForRange):
            continue
        try:
            counter = identifier(parse_segment(loop.var))
        except LocatedError:
            continue
        if counter is None:
            continue
        for node in (n for statement in loop.body for n in ir.walk(statement) if isinstance(n, ir.Math)):
            try:
                tree = parse_segment(node)
            except LocatedError:
                continue
            read = next((t for t in M.walk(tree) if _entry_of(t, counter)), None)
            if read is not None and read.span is not None:
                message = (
                    f"{node.latex[read.span.start - node.span.start : read.span.end - node.span.start]} reads an "
                    f"entry of {counter}, the counter of the loop around it, which is a number: if it is another "
                    f"quantity (the weights {counter}_1, …, {counter}_n), give the counter another letter"
                )
                out.append(AmbiguousMath.finding(read.span, path, message=message))
                break
    return out


def _entry_of(node: M.MathNode, counter: str) -> bool:
    """Whether ``node`` reads an entry of ``counter`` by a variable index (``w_i``; ``k_{-}`` and ``k_1`` are names)."""
    return (
        isinstance(node, M.Idx)
        and identifier(node.base) == counter
        and not labelled(node, lambda name: False)
        and not all(isinstance(i, M.Num) for i in node.indices)
    )


def step_names(note: Note) -> set[str]:
    """The names the note's module's bindings set (``step["lam"] = …``), read from its source, never run.

    Lint imports nothing: the module is parsed, not executed, so a name an English statement's binding
    assigns is not reported as unbound where the run will have it.
    """
    try:
        module = read_spec(note).module
    except Exception:  # noqa: BLE001 - a spec that cannot be read is reported by the spec's own lint
        return set()
    if not module or note.path is None:
        return set()
    path = resolved(Path(note.path).parent / module)
    if path.suffix != ".py" or not path.is_relative_to(Path(note.path).parent.resolve()) or not regular_file(path):
        return set()
    tree = python_tree(path)
    if tree is None:
        return set()
    return {
        target.slice.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Subscript)
        and isinstance(target.slice, ast.Constant)
        and isinstance(target.slice.value, str)
    }


def _entries_of_numbers(scope: Any, context: InputSpec | None, drawn: dict[str, Origin], note: Note) -> list[Finding]:
    r"""``\eta_t`` where every check draws ``\eta`` as a number: the run stops there, and a reader asks what it is."""
    out = []
    for name, origin in drawn.items():
        span = scope.entry_reads.get(name)
        if span is None or name in scope.stored_by_index or name in scope.assigned_whole or name in scope.labels:
            continue
        if context is not None and (name in context.functions or name in context.definitions):
            continue
        read = note.source.text[span.start : span.end]
        letter = read.split("_", 1)[0].strip() or name
        message = (
            f"{read} reads an entry of {letter}, but the checks draw {letter} as a number ({origin}): "
            f"write {letter} for a constant, or draw {letter} as a sequence in the checks' inputs; if they are "
            f"other numbers (the bits of {letter}), give them a letter of their own"
        )
        out.append(AmbiguousMath.finding(span, note.path, message=message))
    return out
