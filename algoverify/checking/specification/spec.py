"""A note's check spec: the ``algoverify:`` section of its front matter → :class:`CheckSpec` objects.

Consumes a :class:`~algoverify.reading.notes.Note`; produces the checks it declares, each with the span
of its entry in the front matter (YAML's node marks, or TOML's positions, mapped to note offsets), and findings for
every problem — a bad spec never raises. The keys, their types and defaults are data, in
:mod:`~algoverify.checking.specification.schema` (the README's tables are generated from it).

Two layers, both before anything runs and neither importing numpy or sympy:

* :func:`read_spec` checks the spec against the schema — unknown keys at every level, wrong
  types, missing keys — as ``AV501`` at the key; a check with such a problem is not run.
* :func:`check_references` resolves what a check names — its listing, a block, an equation, a
  statement (``expect: runs:``), a generator in ``inputs:``, a function of the module — as
  ``AV502`` at the key. ``check`` raises these when a check starts
  (:meth:`~algoverify.checking.specification.context.CheckContext.validate`: the check could not be checked);
  :func:`validate_spec` returns everything for ``lint``.

A statement is named by a ``\\label`` in the listing, by its line in the note, or by a piece of its
source (:class:`Statements`): whitespace does not matter, nor does ``\\frac{a}{b}`` against
``a / b``, and only single statements match — a block by its header, never by the statements it
holds. A reference that matches nothing, or more than one statement, is an error that lists the
nearest statements.
Naming statements (:class:`Statements`) sits in :mod:`~algoverify.checking.specification.statement_refs`, the
front matter's positions in :mod:`~algoverify.checking.specification.frontmatter_marks`; every name importable
from here before still is.
"""

from __future__ import annotations

import ast
import dataclasses
import difflib
import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

from ...findings import Finding, LocatedError, MalformedSpec, ModuleError, SpecReferenceError
from ...math import mathexpr as M
from ...math.names import identifier
from ...reading.files import python_tree, regular_file, resolved
from ...reading.notes import Note
from ...records import frozen
from ...running.signature import listing_aliases, listing_families, listing_outputs
from ...source import Span
from ...syntax import ir
from . import schema
from .bounds import vacuous_bounds
from .frontmatter_marks import (
    _Marks,
)
from .key_names import named_keys, rejoined
from .plan import CheckPlan, Formula, compile_plan, latex_values
from .statement_refs import (
    Resolution,
    Statement,
    Statements,
)

__all__ = [
    "CheckSpec",
    "NoteSpec",
    "read_spec",
    "check_references",
    "display_latex",
    "equation_problem",
    "listing_named",
    "nothing_returned",
    "validate_spec",
    "Statements",
    "Statement",
    "Resolution",
    "KINDS",
]

KINDS = tuple(schema.KINDS)


@frozen
class CheckSpec:
    """One declared check: its kind, the claim it backs, and its parameters."""

    id: str
    kind: str
    span: Span
    params: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    claim: str | None = None
    known: str | None = None
    #: trials to run; ``None``: as many as a short time allows
    #: (:data:`~algoverify.checking.evidence.trials.AUTO_TRIALS`)
    trials: int | None = None
    #: ``locate(path)``: the span of a key below the check's entry (``("expect", "runs", "x")``)
    locate: Callable[[tuple[Any, ...]], Span | None] | None = field(default=None, compare=False, hash=False, repr=False)

    def get(self, key: str, default: Any = None) -> Any:
        """A parameter of the check."""
        return self.params.get(key, default)

    @property
    def draws(self) -> dict[str, Any]:
        """What each trial draws or is given, by name: ``inputs:``, then ``draw:``."""
        return {**(self.params.get("inputs") or {}), **(self.params.get("draw") or {})}

    def at(self, *path: Any) -> Span:
        """Where the key at ``path`` stands in the front matter (the check's entry if it cannot tell)."""
        found = self.locate(path) if self.locate is not None and path else None
        return found or self.span

    @functools.cached_property
    def plan(self) -> CheckPlan:
        """The check compiled once: its formulas parsed (:mod:`~algoverify.checking.specification.plan`)."""
        return compile_plan(self)


@dataclass
class NoteSpec:
    """All checks of a note, the helper module it names, and the problems found reading them."""

    checks: list[CheckSpec] = field(default_factory=list)
    module: str | None = None
    seed: int | None = None
    span: Span | None = None
    findings: list = field(default_factory=list)
    #: the ``module:`` key, where a problem with the module is reported
    module_span: Span | None = None


# --- reading: the schema ------------------------------------------------------------------------


def read_spec(
    note: Note,
    *,
    default_trials: int | None = None,
    forced_trials: int | None = None,
    tolerance: dict[str, float | None] | None = None,
) -> NoteSpec:
    """Read the ``algoverify:`` section of ``note``; problems with its shape become AV501 findings.

    A check with such a problem is left out of :attr:`NoteSpec.checks` (its finding says why).

    :param default_trials: trials per check when neither the check nor the section says (the
        project config's ``trials``); when ``None``, as many as a short time allows.
    :param forced_trials: trials of every check, whatever the spec says (``--trials N``).
    :param tolerance: the project's ``rtol``/``atol`` for checks that set none; the note's
        own ``rtol:``/``atol:`` come first.

    The spec last read is kept: the rules of ``lint`` each ask for the same note's spec, and
    a spec is not changed once read.
    """
    global _last_read
    key = (default_trials, forced_trials, tuple(sorted((tolerance or {}).items())))
    last = _last_read
    if last is not None and last[0] is note and last[1] == key:
        return last[2]
    spec = _read_spec(note, default_trials=default_trials, forced_trials=forced_trials, tolerance=tolerance)
    _last_read = (note, key, spec)
    return spec


#: ``(note, arguments, spec)`` of the last :func:`read_spec`
_last_read: tuple[Note, tuple[Any, ...], NoteSpec] | None = None


def _read_spec(
    note: Note,
    *,
    default_trials: int | None,
    forced_trials: int | None,
    tolerance: dict[str, float | None] | None,
) -> NoteSpec:
    section = note.front_matter.get("algoverify") if isinstance(note.front_matter, dict) else None
    out = NoteSpec()
    if section is None:
        return out
    marks = _Marks(note)
    out.span = marks.span(("algoverify",))
    if not isinstance(section, dict):
        out.findings.append(MalformedSpec.finding(out.span, note.path, message="`algoverify:` must be a mapping"))
        return out

    def bad(path: tuple[Any, ...], message: str) -> None:
        where = marks.span(("algoverify", *path), key=True) or out.span
        out.findings.append(MalformedSpec.finding(where, note.path, message=message))

    for problem in schema.record_problems(section, schema.SECTION, where="in algoverify:"):
        bad(problem.path, problem.message)
    module = section.get("module")
    out.module = module if isinstance(module, str) else None
    if out.module is not None:
        out.module_span = marks.span(("algoverify", "module"), key=True)
    seed = section.get("seed")
    out.seed = seed if _valid(seed, "seed", schema.SECTION) else None
    checks = section.get("checks", [])
    if not isinstance(checks, list):
        return out
    trials = section.get("trials")
    if not _valid(trials, "trials", schema.SECTION):
        trials = default_trials
    defaults = {k: v for k, v in (tolerance or {}).items() if v is not None}
    for key in ("rtol", "atol"):
        if _valid(section.get(key), key, schema.SECTION):
            defaults[key] = section[key]
    seen: set[str] = set()
    for i, entry in enumerate(checks):
        base = ("algoverify", "checks", i)
        span = marks.span(base) or out.span or Span(0, 0)
        if isinstance(entry, dict) and isinstance(entry.get("let"), dict):
            entry = {**entry, "let": named_keys(rejoined(entry["let"]))}
        for drawn in ("inputs", "draw"):  # '\hat{x}_{k-1|k-1}': "randn(n)", drawn as the listing names it
            if isinstance(entry, dict) and isinstance(entry.get(drawn), dict):
                entry = {**entry, drawn: named_keys(entry[drawn], params=False)}
        found = list(_entry_problems(entry, i))
        for path, message in found:
            bad(base[1:] + path, message)
        if found:
            continue
        check = _check(entry, i, span, trials, lambda path, b=base: marks.span(b + path, key=True))
        if check.get("as") is not None and check.get("listing") is None and _listing_count(note) == 1:
            check.params["listing"] = 1  # `as: f` in a note of one listing: that listing, as a reader takes it
        if note.front_matter_format == "toml":
            _lines_by_number(check.params)
        if forced_trials is not None and check.kind in ("reference", "property", "contract", "equation"):
            check = dataclasses.replace(check, trials=forced_trials)
        if any(k.name == "rtol" for k in schema.KINDS[check.kind]):
            for key, value in defaults.items():
                check.params.setdefault(key, value)
        if check.id in seen:
            bad(base[1:] + ("id",), f"check {i + 1}: check id {check.id!r} is used twice")
            continue
        seen.add(check.id)
        out.checks.append(check)
    return out


def _listing_count(note: Note) -> int:
    return sum(1 for b in _find_blocks(note) if b.kind == "algorithm")


def _valid(value: Any, name: str, keys: tuple[schema.Key, ...]) -> bool:
    key = next(k for k in keys if k.name == name)
    return value is not None and key.type.fits(value)


def _entry_problems(entry: Any, index: int) -> Iterator[tuple[tuple[Any, ...], str]]:
    """``(path in the entry, message)`` for every problem of one check's entry."""
    if not isinstance(entry, dict):
        yield (), f"check {index + 1}: each check is a mapping with a `kind:`"
        return
    name = f"check {index + 1}" + (f" ({entry['id']})" if isinstance(entry.get("id"), (str, int)) else "")
    kind = entry.get("kind")
    if not isinstance(kind, str) or kind not in schema.KINDS:
        if "kind" not in entry:
            yield (), f"{name}: a check needs kind: one of {', '.join(KINDS)}"
            return
        close = difflib.get_close_matches(str(kind), KINDS, n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        yield ("kind",), f"{name}: unknown kind {kind!r}{hint}; kinds are {', '.join(KINDS)}"
        return
    for problem in schema.record_problems(
        entry, schema.kind_keys(kind), where=f"for a {kind} check", needs=f"a {kind} check needs"
    ):
        yield problem.path, f"{name}: {problem.message}"


def _check(
    entry: dict[str, Any],
    index: int,
    span: Span,
    default_trials: int | None,
    locate: Callable[[tuple[Any, ...]], Span | None],
) -> CheckSpec:
    kind = entry["kind"]
    check_id = str(entry.get("id") or f"{kind}-{index + 1}")
    params = {k: v for k, v in entry.items() if k not in ("id", "kind", "claim", "known", "trials")}
    trials = entry.get("trials", default_trials)
    return CheckSpec(check_id, kind, span, params, entry.get("claim"), entry.get("known"), trials, locate)


def _lines_by_number(params: dict[str, Any]) -> None:
    """TOML's keys are text: ``runs = { 29 = "n" }`` names line 29, as YAML's ``29: n`` does."""
    expect = params.get("expect")
    runs = expect.get("runs") if isinstance(expect, dict) else None
    if isinstance(runs, dict):
        numbered = {int(k) if isinstance(k, str) and re.fullmatch(r"[0-9]+", k) else k: v for k, v in runs.items()}
        params["expect"] = {**expect, "runs": numbered}


# --- references: what a check names -------------------------------------------------------------


def validate_spec(
    note: Note, listings: Sequence[ir.Algorithm | None], *, blocks: Sequence[Any] | None = None
) -> list[Finding]:
    """Every problem of the note's spec that can be found without running anything: for ``lint``.

    The spec's shape (AV501, as :func:`read_spec`), what each check names (AV502, as
    :func:`check_references`), the module file (AV503: missing, or outside the note's folder
    and the project root; it is not imported) and the bounds the default tolerance swamps
    (AV410). Imports neither numpy nor sympy.

    :param listings: the IR of the note's listing blocks, in order (``None`` for one that did not parse).
    :param blocks: the note's blocks (found again when not given).
    """
    spec = read_spec(note)
    out = list(spec.findings)
    if spec.module is not None:
        problem = _module_file_problem(note, spec.module)
        if problem is not None:
            where = spec.module_span or spec.span
            out.append(ModuleError.finding(where, note.path, module=spec.module, message=problem))
    if spec.checks and blocks is None:
        blocks = _find_blocks(note)
    for check in spec.checks:
        out.extend(p.to_finding(note.path) for p in check_references(check, note, listings, blocks))
        out.extend(vacuous_bounds(check, note.path))  # a bound the default tolerance swamps (AV410)
    return out


def _find_blocks(note: Note) -> list[Any]:
    from ...reading.blocks import find_blocks

    try:
        return list(find_blocks(note)[0])
    except Exception:  # noqa: BLE001 - a note whose blocks cannot be found is reported by the lint itself
        return []


def _module_file_problem(note: Note, name: str) -> str | None:
    """What ``load_module`` would refuse about the module file, without importing it."""
    from ...reading.config import find_config

    path = resolved(note.path.parent / name)
    root = find_config(note.path.parent).root
    roots = [note.path.parent.resolve()] + ([root.resolve()] if root is not None else [])
    if path.suffix != ".py" or not any(path.is_relative_to(r) for r in roots):
        return f"must be a .py file inside {' or '.join(str(r) for r in roots)}"
    if not path.exists() and not path.is_symlink():
        return f"no such file {path}"
    if not regular_file(path):
        return f"{path} is not a regular file of at most 10 MB"
    return None


def nothing_returned(check: CheckSpec) -> str:
    """Why a reference check of a listing that returns nothing cannot test its claim (said by ``lint`` too)."""
    return (
        f"listing {check.get('listing')} returns nothing (it has no \\Return): a reference check compares what "
        "the listing returns with the reference; end it with \\State \\Return of what it computes"
    )


def check_references(
    check: CheckSpec,
    note: Note,
    listings: Sequence[ir.Algorithm | None],
    blocks: Sequence[Any] | None = None,
    *,
    module: Any = None,
    generators: Iterable[str] = (),
) -> list[LocatedError]:
    """AV502 for each thing ``check`` names that is not there, located at the key that names it.

    Resolves the listing (index, caption or function name), blocks by index (``block:``,
    ``equation:``), statements (``expect: runs:``), generator calls and names in ``inputs:`` and
    ``draw:``, and ``reference:`` among the module's top-level names (read with ``ast``; a module
    that is missing is AV503's business, not this). Nothing is imported or run.

    :param module: the note's module once ``check`` has imported it: ``reference:`` is looked up
        in it rather than in its source.
    :param generators: generators registered besides the built-in ones and the module's
        (``algoverify.register_generator`` called by a program that runs ``check``).
    """
    out: list[LocatedError] = []
    if blocks is None:
        blocks = _find_blocks(note)

    def bad(path: tuple[Any, ...], message: str, details: dict[str, Any] | None = None) -> None:
        out.append(LocatedError(SpecReferenceError, check.at(*path), details, check=check.id, message=message))

    algorithm: ir.Algorithm | None = None
    values: list[tuple[str, dict[str, Any]]] = []
    for path, refers, value in _references(check):
        if refers == "listing":
            found, problem = _listing(listings, value)
            if problem is not None:
                bad(path, problem)
            algorithm = found
        elif refers in ("python", "mermaid", "math"):
            count = sum(1 for b in blocks if b.kind == refers)
            if not (isinstance(value, int) and 1 <= value <= count):
                bad(path, f"{path[-1]} {value!r}: the note has {count} {refers} block(s)")
        elif refers == "function":
            problem = _function_problem(note, str(value), module)
            if problem is not None:
                bad(path, problem)
        elif refers == "values":
            values.append((path[-1], value))
        elif refers == "statement" and algorithm is not None:
            res = Statements(algorithm, note.source).resolve(value)
            if res.problem is not None:
                shown = [f"{s.line}:{s.column} {s.shown}" for s in res.candidates]
                bad(path, res.problem, {"candidates": shown} if shown else None)
    lets = any(key.name == "let" for key in schema.kind_keys(check.kind))
    for path, message in _value_problems(note, values, set(generators)):
        section = dict(values).get(path[0])
        text = section.get(path[-1]) if isinstance(section, dict) else "…"
        # "n: '2 k'", an even n: a value computed from the draws is what let: holds; a generator's call
        # (randn(m^2)) is no formula a let: reads
        if lets and " cannot read value " in message and _FORMULA.search(message) and not _CALL.match(str(text)):
            message += f"; a value computed from the drawn ones goes under let: (let: {{{path[-1]}: '{text}'}})"
        bad(path, message)
    for path, latex in latex_values(check):
        problem = _latex_problem(check.plan.formula(latex))
        if problem is not None:
            bad(path, problem)
    equation = check.get("equation")
    maths = [b for b in blocks if b.kind == "math"]
    if check.kind == "equation" and isinstance(equation, int) and 1 <= equation <= len(maths):
        problem = equation_problem(display_latex(note.source.text, maths[equation - 1]))
        if problem is not None:  # the display `equation: 1` names is not `name = expression`: said before a run
            bad(("equation",), problem)
    if check.kind == "reference":
        subject = [k for k in ("listing", "snippet") if check.get(k) is not None]
        if subject == []:
            bad((), "a reference check needs `listing:`, or `snippet:` and `function:`")
        elif len(subject) == 2:
            bad(("snippet",), "give `listing:` or `snippet:`, not both: a reference check has one subject")
        elif (check.get("snippet") is None) != (check.get("function") is None):
            bad(
                ("snippet",) if check.get("snippet") is not None else ("function",),
                "`snippet:` and `function:` go together",
            )
    compare = check.get("compare")
    if check.kind == "reference" and algorithm is not None and isinstance(compare, dict):
        outputs = listing_outputs(algorithm)
        aliases = {**listing_families(algorithm), **listing_aliases(algorithm)}
        for key in compare:
            if outputs and str(key) not in outputs and str(key) not in aliases:
                near = difflib.get_close_matches(str(key), outputs, n=1)
                hint = f"; it returns {', '.join(outputs)}" + (f" (did you mean {near[0]}?)" if near else "")
                out.append(
                    LocatedError(
                        MalformedSpec,
                        check.at("compare", key),
                        check=check.id,
                        message=f"compare: {key} is not an output of the listing{hint}",
                    )
                )
    if check.get("as") is not None and check.get("listing") is None:
        bad(("as",), "`as:` names the listing in the relation: this note has several, say which with `listing:`")
    places = [k for k in ("at", "after") if check.get(k) is not None]
    if len(places) == 2:
        bad(("after",), "give `at:` or `after:`, not both: an invariant is checked at one place")
    elif places and check.get("listing") is None:
        bad((places[0],), f"`{places[0]}:` names a statement of a listing: the check needs `listing:`")
    return out


def display_latex(text: str, block: Any) -> str:
    """A display equation's LaTeX as an equation check reads it (``equation: N``): its body, whitespace folded."""
    body = block.body_span
    return " ".join(text[body.start : body.end].split())


def equation_problem(latex: str) -> str | None:
    """What keeps ``latex`` from being an equation check's ``name = expression``; ``None`` when it is one."""
    # the LaTeX as the note writes it, in quotes: repr() doubled every backslash (round 161)
    try:
        tree = M.parse_math(latex)
    except LocatedError as exc:
        return f"cannot read '{latex}': {exc}"
    name = identifier(tree.first) if isinstance(tree, M.Rel) else None
    if not isinstance(tree, M.Rel) or len(tree.rest) != 1 or tree.rest[0][0] != "=" or name is None:
        return f"'{latex}' is not an equation `name = expression` naming what the listing computes"
    return None


def _latex_problem(formula: Formula) -> str | None:
    """Why a formula of the spec does not parse as math (``None`` when it does): found by ``lint``, before any run."""
    latex = formula.latex
    try:
        tree = formula.read()
    except LocatedError as exc:
        return f"cannot read `{latex}`: {exc}"
    if isinstance(tree, M.Fragment):  # `x \le` reads as prose's half formula, never as a value
        side = "left" if tree.left is None else "right"
        return f"`{latex}` is not complete: its {tree.op} has no {side} side"
    from ...math.names import bound_words, join_words
    from ...math.subscripts import subscript_problem

    problem = subscript_problem(join_words(tree, bound_words(tree)))  # pos of \max_{pos, j}: one word
    if problem is not None:  # \max_{i j} …: it would stop every trial with AV308
        return f"cannot run `{latex}`: {problem}"
    return None


def _references(check: CheckSpec) -> Iterator[tuple[tuple[Any, ...], str, Any]]:
    """``(path, what it names, value)`` for every key of the check that names something, listing first."""

    def walk(keys: tuple[schema.Key, ...], value: dict[str, Any], path: tuple[Any, ...]) -> Iterator[Any]:
        for key in keys:
            if key.name not in value:
                continue
            here = path + (key.name,)
            if key.refers is not None:
                yield here, key.refers, value[key.name]
            typ = key.type
            if isinstance(typ, schema.Record) and isinstance(value[key.name], dict):
                yield from walk(typ.keys, value[key.name], here)
            elif isinstance(typ, schema.MapOf) and typ.key_refers and isinstance(value[key.name], dict):
                for k in value[key.name]:
                    yield here + (k,), typ.key_refers, k

    found = list(walk(schema.KINDS[check.kind], check.params, ()))
    return iter(sorted(found, key=lambda r: r[1] != "listing"))  # stable: the listing, then the rest in order


def listing_named(listings: Sequence[ir.Algorithm | None], key: Any) -> ir.Algorithm | None:
    """The IR of the listing ``key`` names (a number from 1, a function's name or a caption), ``None`` when none."""
    return _listing(listings, key)[0]


def _listing(listings: Sequence[ir.Algorithm | None], key: Any) -> tuple[ir.Algorithm | None, str | None]:
    """The listing ``key`` names (its IR, when it parsed) and what is wrong; as ``LoadedNote.listing`` finds it."""
    if isinstance(key, int) or (isinstance(key, str) and key.isdigit()):
        i = int(key)
        if not 1 <= i <= len(listings):
            return None, f"listing {i} does not exist; the note has {len(listings)}"
        return listings[i - 1], None
    wanted = str(key).lower()
    known = []
    for i, algorithm in enumerate(listings, start=1):
        if algorithm is None:
            return None, None  # a listing that did not parse may be the one: its error is reported
        names = _listing_names(algorithm)
        if any(n.lower() == wanted or n.lower().startswith(wanted) for n in names):
            return algorithm, None
        known.append(f"{i} " + " / ".join(repr(n) for n in names) if names else str(i))
    listed = f"; the note's listings: {', '.join(known)}" if known else "; the note has no listing"
    return None, f"no listing named or captioned {key!r}{listed}"


def _listing_names(algorithm: ir.Algorithm) -> list[str]:
    names = [n.name for n in algorithm.body if isinstance(n, ir.Function)]
    if algorithm.caption is not None and algorithm.caption.plain:
        names.append(algorithm.caption.plain)
    return names


def _function_problem(note: Note, ref: str, module: Any = None) -> str | None:
    if ref.startswith("numpy."):
        return None  # numpy is not imported by a lint; `check` finds it there
    name = _section(note).get("module")
    if not isinstance(name, str):
        return f"{ref} is not a function of (no module: set `module:`)"
    if module is not None:
        return None if callable(getattr(module, ref, None)) else f"{ref} is not a function of the note's module"
    info = _module_info(note.path.parent / name)
    if info.names is None or ref in info.names:
        return None
    return f"{ref} is not a function of the note's module"


def _section(note: Note) -> dict[str, Any]:
    section = note.front_matter.get("algoverify") if isinstance(note.front_matter, dict) else None
    return section if isinstance(section, dict) else {}


# --- input values: generator calls -----------------------------------------------------------------

_NONE_NAMES = ("None", "none", "null")
#: an unreadable value that reads as a formula (letters beside numbers or operators: "2 k", "n + 1")
_CALL = re.compile(r"\s*[A-Za-z_]\w*\s*\(")
_FORMULA = re.compile(r"cannot read value '[^']*(?:\d\s*[A-Za-z\\]|[A-Za-z]\w*\s*[-+*/^]\s*\w|[A-Za-z]\s+[A-Za-z])")


def _value_problems(note: Note, maps: list[tuple[str, Any]], extra: set[str]) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Problems of ``inputs:`` / ``draw:`` values, drawn in order: syntax, generators, names drawn later or never.

    The same rules as :func:`algoverify.running.values.parse_value`, read with the values grammar
    only: the generators are the built-in ones (:data:`~algoverify.checking.specification.schema.GENERATORS`)
    and those the note's module registers (``@register``, read with ``ast``).
    """
    from lark.exceptions import LarkError, UnexpectedInput

    from ...syntax.grammar import value_tree

    merged: dict[Any, tuple[str, Any]] = {}
    for section, mapping in maps:
        if isinstance(mapping, dict):
            for name, value in mapping.items():
                merged[name] = (section, value)  # draw: after inputs:, as the trials draw them
    if not merged:
        return
    module = _section(note).get("module")
    own = _module_info(note.path.parent / module).generators if isinstance(module, str) else frozenset()
    own = own | extra if own is not None else None
    names = list(merged)
    for i, (name, (section, text)) in enumerate(merged.items()):
        if not isinstance(text, str):
            continue
        where = (section, name)
        if not text.strip():
            yield where, f"input {name}: empty value"
            continue
        try:
            tree = value_tree(text.strip())
        except UnexpectedInput as exc:
            yield where, f"input {name}: cannot read value {text!r} at column {getattr(exc, 'column', '?')}"
            continue
        except LarkError as exc:
            yield where, f"input {name}: cannot read value {text!r}: {exc}"
            continue
        for problem in _tree_problems(tree, own, names[:i], names[i + 1 :]):
            word = problem.partition(" is drawn after it")[0]
            if problem.startswith(f"{word} is drawn after it") and merged.get(word, (section,))[0] != section:
                # draw: above inputs: in the file is still drawn after it: "move k up" would not help
                problem = f"{word} is drawn after it (draw: comes after inputs:): draw {word} in inputs:, before {name}"
            yield where, f"input {name}: {problem}"


def _tree_problems(tree: Any, own: set[str] | None, earlier: list[Any], later: list[Any]) -> Iterator[str]:
    from lark import Tree

    for node in tree.iter_subtrees_topdown():
        if node.data == "name":
            word = str(node.children[0])
            if word in _NONE_NAMES or word in map(str, earlier):
                continue
            if word in map(str, later):
                yield f"{word} is drawn after it: move {word} up"
            else:
                yield f"unknown name {word} (write a number, a list or a generator call)"
        elif node.data == "call":
            fn = str(node.children[0])
            args = [c for c in node.children[1:] if isinstance(c, Tree)]
            if fn in schema.GENERATORS:
                keywords = [str(a.children[0]) for a in args if a.data == "keyword"]
                problem = schema.check_call(fn, sum(1 for a in args if a.data != "keyword"), keywords)
                if problem is not None:
                    yield problem
            elif own is not None and fn not in own:
                known = sorted(set(schema.GENERATORS) | own)
                close = difflib.get_close_matches(fn, known, n=1)
                hint = f" (did you mean {close[0]}?)" if close else ""
                yield f"unknown generator {fn!r}{hint}; known generators: {', '.join(known)}"


# --- the note's module, read with ast (never imported) --------------------------------------------


@frozen
class _ModuleInfo:
    #: top-level names (functions, classes, assignments, imports); None when it cannot tell
    names: frozenset[str] | None
    #: generators it registers; None when it cannot tell (registered under computed names)
    generators: frozenset[str] | None


def _module_info(path: Path) -> _ModuleInfo:
    tree = python_tree(path)
    return _ModuleInfo(None, None) if tree is None else _read_module(tree)


_REGISTER = {"register", "register_generator"}


@functools.lru_cache(maxsize=64)
def _read_module(tree: ast.Module) -> _ModuleInfo:
    names: set[str] | None = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                names.update(n.id for n in ast.walk(t) if isinstance(n, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            if any(a.name == "*" for a in node.names):
                names = None
                break
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
    if names is not None and "__getattr__" in names:
        names = None
    return _ModuleInfo(frozenset(names) if names is not None else None, _registered(tree))


def _registered(tree: ast.Module) -> frozenset[str] | None:
    """Names the module registers as generators: ``@register()`` on a function, ``register("name")(fn)``."""
    # one walk of the module (this runs for every note's module on every lint), then its parts
    aliases = set(_REGISTER)
    functions: list[ast.FunctionDef | ast.AsyncFunctionDef] = []
    calls: list[ast.Call] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            calls.append(node)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions.append(node)
        elif isinstance(node, ast.ImportFrom):
            aliases.update(a.asname for a in node.names if a.name in _REGISTER and a.asname)

    def is_register(fn: ast.expr) -> bool:
        if isinstance(fn, ast.Name):
            return fn.id in aliases
        return isinstance(fn, ast.Attribute) and fn.attr in _REGISTER

    def named(call: ast.Call) -> str | None | bool:
        """The literal name a ``register(...)`` call gives, ``None`` for none, ``False`` if computed."""
        arg = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "name"), None)
        if arg is None or (isinstance(arg, ast.Constant) and arg.value is None):
            return None
        return arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else False

    found: set[str] = set()
    handled: set[int] = set()
    for function in functions:
        for dec in function.decorator_list:
            call = dec if isinstance(dec, ast.Call) and is_register(dec.func) else None
            if call is None and not is_register(dec):
                continue
            handled.add(id(call or dec))
            name = named(call) if call is not None else None
            if name is False:
                return None
            found.add(name or function.name)
    for node in calls:
        if isinstance(node.func, ast.Call) and is_register(node.func.func):
            handled.add(id(node.func))
            name = named(node.func)
            target = node.args[0] if node.args else None
            if name is None and isinstance(target, ast.Name):
                name = target.id
            if not isinstance(name, str):
                return None
            found.add(name)
    for node in calls:
        if is_register(node.func) and id(node) not in handled:
            return None  # registered some other way: any name may be a generator
    return frozenset(found)
