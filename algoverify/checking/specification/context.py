"""What every check of a note needs: its blocks, listings, helper module, seeded inputs and math."""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.util
import re
import sys
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

import numpy as np

from ...findings import AmbiguousMath, LocatedError, ModuleError, SpecReferenceError
from ...math import mathexpr as M
from ...math.arguments import call_of, misplaced_arguments, written_order
from ...math.names import bound_words, identifier
from ...math.numeric import Context, compile_expr, forall_failure
from ...math.ops import INTEGER_OVERFLOW, Sequence, wider_integers
from ...math.segments import parse_segment
from ...reading.files import regular_file, resolved
from ...running.conventions import ORDERED, variant
from ...running.generators import GENERATORS, GeneratorError
from ...running.listing_parse import call_families
from ...running.structured import EDGE_ROWS
from ...running.values import ValueSyntaxError, parse_value, sizes_of, structured_value, value_class
from ...source import Span
from .bounds import DEFAULT_TOLERANCE
from .formula_reading import grouped_scripts, spec_tree
from .rejected import Rejected
from .spec import CheckSpec, check_references

__all__ = ["CheckContext", "load_module", "grouped_scripts", "spec_tree", "NOTE_MODULE_PREFIX"]

#: The names a note's module is imported under (``sys.modules``): only this process has it.
NOTE_MODULE_PREFIX = "algoverify_note_"


def load_module(note_path: Path, name: str, span: Span | None, project_root: Path | None = None) -> ModuleType:
    """Import the helper module a note names (a file beside the note), as pytest imports a conftest.

    Its folder is on ``sys.path`` while it loads, so it may import a helper file beside it. The
    module must be a ``.py`` file inside the note's folder or the project root (the folder of the
    project configuration): a note cannot name code elsewhere on the machine.
    """
    path = resolved(note_path.parent / name)
    roots = [note_path.parent.resolve()] + ([project_root.resolve()] if project_root is not None else [])
    if path.suffix != ".py" or not any(path.is_relative_to(root) for root in roots):
        where = " or ".join(str(r) for r in roots)
        raise LocatedError(ModuleError, span, module=name, message=f"must be a .py file inside {where}")
    if not path.exists() and not path.is_symlink():
        raise LocatedError(ModuleError, span, module=name, message=f"no such file {path}")
    if not regular_file(path):  # a FIFO would wait for a writer for ever, /dev/zero fill memory
        raise LocatedError(ModuleError, span, module=name, message=f"{path} is not a regular file of at most 10 MB")
    key = NOTE_MODULE_PREFIX + hashlib.sha1(str(path).encode()).hexdigest()[:12]
    spec = importlib.util.spec_from_file_location(key, path)
    if spec is None or spec.loader is None:
        raise LocatedError(ModuleError, span, module=name, message="cannot be imported")
    module = importlib.util.module_from_spec(spec)
    sys.modules[key] = module
    # the module's folder comes first on sys.path while it loads, as a script's does: it may import
    # a helper file beside it (``from helpers import f``)
    folder = str(path.parent)
    sys.path.insert(0, folder)
    try:
        spec.loader.exec_module(module)
    except (Exception, SystemExit) as exc:  # the author's module: report its error, do not end the run
        sys.modules.pop(key, None)
        raise LocatedError(ModuleError, span, module=name, message=f"{type(exc).__name__}: {exc}") from exc
    finally:
        if folder in sys.path:
            sys.path.remove(folder)  # the first occurrence: the one inserted above
    return module


@dataclass
class CheckContext:
    """A note prepared for checking."""

    path: Path
    report: Any  # api.NoteReport
    loaded: Any  # api.LoadedNote
    seed: int = 0
    module: ModuleType | None = None
    prose: str = ""
    prose_base: int = 0
    functions: dict[str, Callable[..., Any]] = field(default_factory=dict)
    #: the run's ceilings per note (seconds, megabytes): a check's ``timeout:``/``memory_mb:`` stay below
    timeout_ceiling: float | None = None
    memory_ceiling_mb: int | None = None
    #: values a check runs on once, instead of its trials (``algoverify run --check``)
    fixed: dict[str, Any] | None = None
    #: with ``fixed``: what the check compared, a line each (``lam = 3.0, expected 3.0``), for the run to show
    shown: list[str] = field(default_factory=list)
    #: where proofs are looked up first and kept (a ``ProofCache``; ``None``: each one attempted, none kept)
    proofs: Any = None
    #: whether a check tries a proof when its own ``prove:`` says nothing (the project's ``prove``)
    prove: bool = True
    #: shrink a refuting trial's inputs to a small counterexample (``mutate`` needs only the refutation)
    shrink: bool = True
    #: record what each check's runs do (statements reached, a run's series) for a report that shows it
    traces: bool = False
    #: compiled spec LaTeX, by (check, text, names, key)
    _compiled: dict[tuple[Any, ...], Callable[[dict[str, Any]], Any]] = field(default_factory=dict, repr=False)
    #: the reference problems of each check (by id), found once before it runs
    _problems: dict[str, list[LocatedError]] = field(default_factory=dict, repr=False)
    #: the last run of a listing whose note assumes no denominator vanishes: (check, listing, inputs)
    _assumed_run: tuple[Any, ...] | None = field(default=None, repr=False)

    # --- the spec -------------------------------------------------------------------

    def proves(self, check: CheckSpec) -> bool:
        """Whether sympy tries to prove ``check`` beside its trials: its ``prove:``, else the project's."""
        own = check.get("prove")
        return self.prove if own is None else own is True

    def validate(self, check: CheckSpec) -> None:
        """Raise the first thing ``check`` names that is not there (AV502), before it runs anything.

        Called first by every lookup a kind makes (its listing, a block, a function, its inputs),
        so a check with a bad reference runs no trial. The same problems ``lint`` reports
        (:func:`~algoverify.checking.specification.spec.check_references`), but with the module imported: a
        ``reference:`` is looked up in it, and a generator registered by the program running the
        check counts. Those after the first join the note's findings here, once.
        """
        if check.id not in self._problems:
            listings = [b.ir for b in self.report.listings()]
            blocks = [b.block for b in self.report.blocks]
            found = check_references(
                check, self.report.note, listings, blocks, module=self.module, generators=GENERATORS
            )
            self._problems[check.id] = found
            self.report.findings.extend(p.to_finding(self.path) for p in found[1:])
        if self._problems[check.id]:
            first = self._problems[check.id][0]
            raise LocatedError(first.rule, first.span, first.details, **first.args_)

    # --- blocks ---------------------------------------------------------------------

    def blocks(self, kind: str) -> list[Any]:
        """The note's blocks of one kind (``python``, ``mermaid``, ``math``), in order."""
        return [b.block for b in self.report.blocks if b.block.kind == kind]

    def block(self, check: CheckSpec, kind: str, key: str = "block") -> Any:
        """The block a check names by 1-based index."""
        self.validate(check)
        index = check.get(key)
        found = self.blocks(kind)
        if not isinstance(index, int) or not 1 <= index <= len(found):
            raise LocatedError(
                SpecReferenceError,
                check.at(key),
                check=check.id,
                message=f"{key} {index!r}: the note has {len(found)} {kind} block(s)",
            )
        return found[index - 1]

    def listing(self, check: CheckSpec) -> Any:
        """The listing a check names (index, caption or function name); bindings are already attached."""
        self.validate(check)
        try:
            return self.loaded.listing(check.get("listing"))
        except (KeyError, TypeError) as exc:
            raise LocatedError(
                SpecReferenceError, check.at("listing"), check=check.id, message=str(exc.args[0])
            ) from None

    def callable(self, check: CheckSpec, ref: str) -> Callable[..., Any]:
        """A function named in a spec: ``name`` in the note's module, or ``numpy.…``."""
        self.validate(check)
        target: Any
        if ref.startswith("numpy."):
            target = np
            for part in ref.split(".")[1:]:
                target = getattr(target, part, None)
        else:
            target = getattr(self.module, ref, None) if self.module is not None else None
        if not callable(target):
            where = (
                "numpy"
                if ref.startswith("numpy.")
                else "the note's module"
                if self.module
                else "(no module: set `module:`)"
            )
            raise LocatedError(
                SpecReferenceError, check.at("reference"), check=check.id, message=f"{ref} is not a function of {where}"
            )
        return target

    def budget(self, check: CheckSpec) -> Any:
        """The run budget of a check's listing: ``max_steps:`` loop iterations and ``timeout:`` seconds."""
        from ...running.interpreter import Budget

        return Budget(int(check.get("max_steps", 20_000)), float(check.get("timeout", 10.0)))

    def executed(self) -> int:
        """Statements the note's listings have executed so far, in all runs (see ``Listing.executed``)."""
        return sum(listing.executed for listing in self.loaded.listings)

    def run_listing(self, check: CheckSpec, listing: Any, values: dict[str, Any], *, history: bool = True) -> Any:
        """Run a listing on the drawn values it takes (sizes such as ``n`` are only for drawing).

        ``history=False`` for a check that reads only the outputs: the run keeps no variable's history.
        """
        given = taken(listing, values)
        if getattr(listing.context, "nonzero_divisors", None) is not None:
            self._assumed_run = (check, listing, given)  # a refutation on it is asked again exactly
        result = listing.run(given, budget=self.budget(check), history=history)
        finding = result.finding
        if finding is not None and finding.code == "AV302" and finding.message.startswith(INTEGER_OVERFLOW):
            # past our own limit on a listing's integers: once more with a wider one, so that x^n of a large n
            # (an answer of 12,000 digits) is judged, and a loop that squares without end still stops
            with wider_integers():
                result = listing.run(given, budget=self.budget(check), history=history)
        return result

    def exact_breakdown(self) -> str | None:
        """Why the last refuting run is outside the note's assumption, when only exact arithmetic shows it.

        Arnoldi's h_{j+1,j} is 1.9e-16 in floats where it is exactly 0 (A = I): the note assumes it
        never vanishes, so the draw is outside the note, never a counterexample. The run is made
        again over rationals and their roots; a division by zero there rejects the draw.
        """
        if self._assumed_run is None:
            return None
        check, listing, given = self._assumed_run
        self._assumed_run = None
        result = listing.run(given, budget=self.budget(check), exact=True, history=False)
        f = result.finding
        if f is None or f.code != "AV302" or not f.message.startswith("division by zero"):
            return None
        line = listing.context.nonzero_divisors
        return (
            "a denominator vanishes in exact arithmetic (roundoff in floats), "
            f"which the note assumes never happens (line {line})"
        )

    # --- inputs ---------------------------------------------------------------------

    def rng(self, check: CheckSpec, trial: int, again: int = 0) -> np.random.Generator:
        """The generator of one trial: reproducible from the run's seed, the check's id and the trial.

        ``again``: another draw of the same trial, as shrinking makes (0: the trial's own).
        """
        salt = int.from_bytes(hashlib.sha1(check.id.encode()).digest()[:4], "little")
        return np.random.default_rng([self.seed, salt, trial, again] if again else [self.seed, salt, trial])

    def draw(
        self,
        check: CheckSpec,
        spec: dict[str, Any],
        rng: np.random.Generator,
        row: str | None = None,
        *,
        reach: int | None = None,
    ) -> dict[str, Any]:
        """Build the values of ``inputs:``/``draw:``: generator calls, numbers, lists (in order).

        With ``row`` (one of :data:`~algoverify.running.structured.ROWS`), each input drawn from a
        built-in generator takes the structured member of its class that row names
        (:func:`~algoverify.running.values.structured_value`), at the size drawn for it; the rest
        are drawn. A whole number other entries are drawn from (``n`` of ``spd(n)``) is a size: it
        takes only the edges of its range (the first rows), and is drawn in the others.

        With ``reach``, each ``integers(low, high)`` that is no size (``a``, ``b`` of a gcd) lies
        in ``[low, low + reach]`` (:func:`~algoverify.checking.evidence.trials.near_reach`): its
        draw, folded there, takes what it took of the stream, so every other input is as without it.
        """
        self.validate(check)
        values: dict[str, Any] = {}
        near = _Near(rng, reach) if reach is not None else None
        unsized = (
            {n for n, t in spec.items() if isinstance(t, str) and t.lstrip().startswith("integers(")} - sizes_of(spec)
            if near is not None
            else set()
        )
        sizes: set[str] = set()
        only = None
        if row is not None and ":" in row:  # `zero:b`: that input alone takes the row's member
            row, only = row.split(":", 1)
        if row is not None and row not in EDGE_ROWS:
            sizes = {n for n in sizes_of(spec) if str(spec.get(n, "")).lstrip().startswith("integers(")}
        for name, text in spec.items():
            try:
                member = None
                if row is not None and isinstance(text, str) and name not in sizes and only in (None, name):
                    member = structured_value(text, values, row, rng)
                if member is not None:
                    values[name] = member
                elif isinstance(text, str):
                    values[name] = parse_value(text, near if name in unsized else rng, values)
                elif isinstance(text, list):
                    values[name] = np.array(text, dtype=float)
                else:
                    values[name] = text
            except (ValueSyntaxError, GeneratorError, ValueError) as exc:
                section = "draw" if name in (check.get("draw") or {}) else "inputs"
                raise LocatedError(
                    SpecReferenceError, check.at(section, name), check=check.id, message=f"input {name}: {exc}"
                ) from None
        return self.spelled(check, values)

    def spelled(self, check: CheckSpec, values: dict[str, Any]) -> dict[str, Any]:
        """``values`` (drawn, or given by the spec's names as ``--set`` gives them) as the check reads them.

        The spellings are decided once per check, not per trial.
        """
        renames = self.__dict__.setdefault("_spellings", {})
        if check.id not in renames:
            renames[check.id] = self._renames(check, set(values))
        moved = renames[check.id]
        return {moved.get(k, k): v for k, v in values.items()} if moved else values

    def _renames(self, check: CheckSpec, drawn: set[str]) -> dict[str, str]:
        """``epsilon`` drawn for a listing that writes ``\\varepsilon``: one letter, spelled as the listing does.

        ``lambda`` (and ``lambda_1``) is always ``lam``: the name every ``\\lambda`` of the note has.
        """
        out = {k: v for k in drawn if k.partition("_")[0] == "lambda" and (v := variant(k)) and v not in drawn}
        others = {k: v for k in drawn - set(out) if (v := variant(k)) and v not in drawn}
        if check.get("listing") is None or not others:
            return out
        try:
            listing = self.listing(check)
            names = set(listing.inputs) | set(listing.program.free)
        except Exception:  # noqa: BLE001 - a listing that does not compile is reported where it is run
            return out
        out.update({k: v for k, v in others.items() if k not in names and v in names})
        return out

    def membership(self, check: CheckSpec, text: Any, values: dict[str, Any]) -> Callable[[Any], bool] | None:
        """The test of the class an ``inputs:``/``draw:`` entry draws from (``None``: keep its value as drawn)."""
        return value_class(text, values) if isinstance(text, str) else None

    # --- math -----------------------------------------------------------------------

    def evaluate(self, check: CheckSpec, latex: str, env: dict[str, Any], key: tuple[Any, ...] = ()) -> Any:
        """Evaluate LaTeX from the spec over ``env``; errors are located at ``key`` (else the check)."""
        return self.compile(check, latex, set(env), key)(env)

    def compile(
        self, check: CheckSpec, latex: str, names: set[str], key: tuple[Any, ...] = (), *, keep_fp_state: bool = False
    ) -> Callable[[dict[str, Any]], Any]:
        """:meth:`_compile`, once per check, text, names and key.

        A relation is evaluated on every trial and, as an invariant, on every pass: parsing and
        compiling it each time cost more than evaluating it. ``keep_fp_state``: NumPy's
        floating-point state is the caller's (a ``let:`` function a listing calls overflows as the
        listing's own arithmetic does, AV302 at its statement, as a Python function's would).
        """
        cache_key = (check.id, latex, frozenset(names), key, keep_fp_state)
        found = self._compiled.get(cache_key)
        if found is None:
            found = self._compiled[cache_key] = self._compile(check, latex, names, key, keep_fp_state=keep_fp_state)
        return found

    def reads(self, check: CheckSpec, latex: str, env: dict[str, Any]) -> frozenset[str]:
        """The names of ``env`` the formula ``latex`` reads, as the check reads it."""
        from ...running.reads import reads_of

        tree, _ = self._prepared(check, latex, set(env), check.span)
        return frozenset(r.name for r in reads_of(tree, frozenset())) & set(env)

    def forall_failure(self, check: CheckSpec, latex: str, env: dict[str, Any]) -> dict[str, Any] | None:
        r"""The first binding where the ``\forall`` ``latex`` fails over ``env`` (``{"i": 2}``); ``None`` if none."""
        tree, ctx = self._prepared(check, latex, set(env), check.span)
        if not isinstance(tree, M.Quant) or tree.kind != "forall":
            return None
        # evaluated as the relation was: a NaN or an infinity is a value, never a RuntimeWarning on stderr
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return forall_failure(tree, ctx, env)

    def nan_made(self, check: CheckSpec, latex: str, env: dict[str, Any]) -> str | None:
        """How evaluating ``latex`` over ``env`` made a NaN of numbers, as NumPy says it; ``None`` if it made none.

        A NaN the spec's LaTeX gives without making one came in with a value it read (a listing's output).
        """
        try:
            tree, ctx = self._prepared(check, latex, set(env), check.span)
            fn = compile_expr(tree, ctx)
            with np.errstate(all="ignore", invalid="raise"), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                fn(env)
        except FloatingPointError as exc:
            return str(exc)
        except Exception:  # noqa: BLE001 - a side that fails otherwise was reported as the relation ran
            return None
        return None

    def _compile(
        self, check: CheckSpec, latex: str, names: set[str], key: tuple[Any, ...] = (), *, keep_fp_state: bool = False
    ) -> Callable[[dict[str, Any]], Any]:
        """Compile LaTeX from the spec once; errors are located at ``key`` (else the check's entry).

        The LaTeX's own offsets count from the start of the spec's string, not of the note: an
        error inside it (an unbound name, a shape) is moved to the key that holds the string.
        """
        where = check.at(*key) if key else check.span
        tree, ctx = self._prepared(check, latex, names, where)
        try:
            fn = compile_expr(tree, ctx)
        except LocatedError as exc:
            raise _moved(exc, where) from None

        def located(env: dict[str, Any]) -> Any:
            # a formula's NaN or infinity is a value the trial shows (or `given:` skips), never a
            # RuntimeWarning on stderr: NumPy's floating-point state, and any warning it raises, stay here
            try:
                with np.errstate(all="ignore"), warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    return fn(env)
            except LocatedError as exc:
                raise _moved(exc, where) from None

        def in_callers_state(env: dict[str, Any]) -> Any:
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    return fn(env)
            except LocatedError as exc:
                raise _moved(exc, where) from None

        return in_callers_state if keep_fp_state else located

    def _prepared(self, check: CheckSpec, latex: str, names: set[str], where: Any) -> tuple[M.MathNode, Context]:
        """The spec's LaTeX read as the check reads it (the listing's words and entries), and how to evaluate it."""
        try:
            renames, pairs = self.renames(check)

            def read(text: str) -> M.MathNode:
                return spec_tree(
                    check.plan.tree(grouped_scripts(text, names)),
                    names,
                    renames,
                    pairs,
                    self.coordinates(check),
                    self.called(check),
                )

            tree = read(latex)
            if check.get("as") is not None:
                tree = self._named_arguments(check, tree, grouped_scripts(latex, names), read)
        except LocatedError as exc:
            raise LocatedError(
                SpecReferenceError, where, check=check.id, message=f"cannot read {latex!r}: {exc}"
            ) from None
        ctx = Context(
            # and the words it runs over (pos of \forall pos): PE_{pos, j} is an entry, never a label
            declared=set(names) | bound_words(tree),
            rtol=tolerance(check, "rtol"),
            atol=tolerance(check, "atol"),
            text=latex,
            exact=check.get("arithmetic") == "exact",
            index_base=self.index_base(check),
        )
        return tree, ctx

    def _named_arguments(
        self, check: CheckSpec, tree: M.MathNode, text: str, read: Callable[[str], M.MathNode]
    ) -> M.MathNode:
        """``proj(K, R, t, s X)``: arguments written as the listing's input names go to those inputs.

        The listing's own order is the one its note introduces them in, which its reader cannot see
        when it has no parameters: a call that names every input but one, each once, means them.
        The rest fill the places left, in order; one written in brackets (``C([s], k_a, k_b, A_0)``) for
        an input the note gives as a family (the times ``t_1, \\dots, t_m``) is a list of one.
        """
        try:
            listing = self.loaded.listing(check.get("listing"))
            inputs = list(listing.inputs)
        except Exception:  # noqa: BLE001 - a listing that does not load is reported where the check runs it
            return tree
        called = str(check.get("as"))
        context = listing.context
        families = set(context.written) | set(context.families) if context is not None else set()

        def listed(arg: M.MathNode, name: str) -> M.MathNode:
            if name not in families or arg.span is None:
                return arg
            before, after = text[: arg.span.start].rstrip(), text[arg.span.end :].lstrip()
            return M.ListLit((arg,), span=arg.span) if before.endswith("[") and after.startswith("]") else arg

        # SV(q_0, p_0, K, h, N) in the same check, every input by its name: the order the author calls it in
        written = written_order(_formulas(check), called, inputs, read)

        def ordered(args: tuple[M.MathNode, ...]) -> tuple[M.MathNode, ...] | None:
            named = [identifier(a) if isinstance(a, (M.Sym, M.Idx)) else None for a in args]
            given = [n for n in named if n is not None and n in inputs]
            if len(args) != len(inputs) or len(set(given)) < len(given):
                return None
            if len(given) < len(args) - 1 and written is None:
                return None  # by position, in the order the note introduces the inputs
            # the arguments not written as an input's name fill the inputs left, in the written order
            placed = {n: arg for arg, n in zip(args, named) if n is not None and n in inputs}
            rest = iter(a for a, n in zip(args, named) if n is None or n not in inputs)
            # … only where this call names its inputs at the places that call does (SV(Q, -P, K, h, N) beside
            # SV(q_0, p_0, K, h, N)); SV(K, N, h, -P, Q) places them otherwise: the listing's order, as documented
            follows = written is not None and all(n == written[k] for k, n in enumerate(named) if n in placed)
            filled = {n: placed[n] if n in placed else next(rest) for n in (written if follows else inputs)}
            return tuple(listed(filled[n], n) for n in inputs)

        def by_name(node: M.MathNode) -> M.MathNode:
            found = call_of(node, called)
            named = [identifier(a) if isinstance(a, (M.Sym, M.Idx)) else None for a in found or ()]
            misplaced = misplaced_arguments(inputs, named, written) if found is not None else None
            if misplaced is not None:  # F(c, x_0, \eta, 0, T) by place would make c the η the names say is later
                raise LocatedError(AmbiguousMath, node.span, message=f"{called}(…) {misplaced}")
            args = ordered(found) if found is not None else None
            if args is None:
                return node
            if isinstance(node, (M.Apply, M.Call)):
                return dataclasses.replace(node, args=args)
            right = node.right  # type: ignore[attr-defined]
            return dataclasses.replace(
                node, right=dataclasses.replace(right, base=dataclasses.replace(right.base, items=args))
            )

        return M.transform(tree, by_name)

    def index_base(self, check: CheckSpec) -> int:
        """Where the indices of the check's LaTeX count from: as in the listing it names, else as the note's."""
        key = check.get("listing")
        listings = self.loaded.listings
        if key is not None:
            try:
                return self.loaded.listing(key).index_base
            except (KeyError, TypeError):
                pass  # reported where the check reads its listing
        return listings[0].index_base if listings else self.loaded.index_base

    def renames(self, check: CheckSpec) -> tuple[dict[str, str], frozenset[str]]:
        """What the check's listing reads under another name (``d`` of ``D``) and its tables, for its LaTeX too."""
        key = check.get("listing")
        if key is None:
            return {}, frozenset()
        try:
            names = self.loaded.listing(key).program.names
        except (KeyError, TypeError, LocatedError):
            return {}, frozenset()  # reported where the check runs its listing
        return (dict(names.renames), names.pairs) if names is not None else ({}, frozenset())

    def called(self, check: CheckSpec) -> frozenset[str]:
        r"""The families the check's listing takes as calls (``x(0), \dots, x(L-1)``): members in its LaTeX too."""
        key = check.get("listing")
        if key is None:
            return frozenset()
        try:
            return call_families(self.loaded.listing(key).algorithm, parse_segment)
        except (KeyError, TypeError, LocatedError):
            return frozenset()

    def coordinates(self, check: CheckSpec) -> dict[str, tuple[str, int]]:
        """The coordinates of points the prose around the check's listing names (``x`` of ``p_i = (x_i, y_i)``)."""
        key = check.get("listing")
        if key is None:
            return {}
        try:
            context = self.loaded.listing(key).context
        except (KeyError, TypeError, LocatedError):
            return {}
        return dict(context.coordinates) if context is not None else {}

    def given(self, check: CheckSpec, values: dict[str, Any]) -> bool:
        """Whether the check's ``given:`` holds over the drawn ``values`` (true when it has none)."""
        given = check.get("given")
        if given is None:
            return True
        env = {**self.functions, **values}
        env.update({k: v for k, v in self._bound_inputs(check, values).items() if k not in env})
        try:
            return bool(np.all(self.evaluate(check, str(given), env, ("given",))))
        except LocatedError:
            if self._excluded(check, values):
                return False  # a singular X the note's "full column rank" keeps out: skipped, as the run would be
            raise

    def _excluded(self, check: CheckSpec, values: dict[str, Any]) -> bool:
        """Whether the check's listing refuses ``values`` on entry (a precondition of the note does not hold)."""
        key = check.get("listing")
        if key is None:
            return False
        try:
            listing = self.loaded.listing(key)
            listing.program.bound_inputs(taken(listing, values))
        except LocatedError as exc:
            return exc.rule.code == "AV309"
        except (KeyError, TypeError):
            return False
        return False

    def _bound_inputs(self, check: CheckSpec, values: dict[str, Any]) -> dict[str, Any]:
        """The drawn values as the check's listing binds them (``s_i`` the columns of ``S``), for its LaTeX to read.

        Nothing when the check names no listing, or the values do not bind (the run says why).
        """
        key = check.get("listing")
        if key is None:
            return {}
        try:
            listing = self.loaded.listing(key)
            bound = listing.program.bound_inputs(taken(listing, values))
        except (KeyError, TypeError, LocatedError):
            return {}
        # a sequence the run starts (y of y \gets y_0) is the run's, not a part of an input
        return {k: v for k, v in bound.items() if not callable(v) and not isinstance(v, Sequence)}

    def let(
        self, check: CheckSpec, env: dict[str, Any], *, partial: bool = False, keep: frozenset[str] = frozenset()
    ) -> None:
        """Add ``let:`` definitions to ``env``: ``G: X X^{\\top}``, or functions ``M(T): …``.

        ``partial``: leave out a definition that has no value over ``env`` (one that reads what a run computes).
        ``keep``: names ``env`` already holds that stay as they are (an input the listing took and updated).
        """
        for key, latex in (check.get("let") or {}).items():
            name, _, params = str(key).partition("(")
            name = name.strip()
            if name in keep and name in env:
                continue
            if params:
                params_ = [p.strip() for p in params.rstrip(")").split(",")]
                env[name] = self._function(check, params_, str(latex), env, ("let", key))
                continue
            try:
                env[name] = self.evaluate(check, str(latex), env, ("let", key))
            except (LocatedError, TypeError, ValueError, ArithmeticError):
                if not partial:
                    raise
                continue
            if not partial:
                self.defined(check, name, str(latex), env)

    def defined(self, check: CheckSpec, name: str, latex: str, env: dict[str, Any]) -> None:
        """Reject the draw when the ``let:`` value ``env[name]`` holds a NaN though nothing it reads does.

        K = W / \\sum W_{uv} of a zero W: 0/0 gives the listing no input, never a NaN to refute the claim with.
        """
        reads = self.reads(check, latex, env)
        if _undefined(env[name]) and not any(_undefined(env[n]) for n in reads if n != name):
            raise Rejected(f"let: {name} has no value on this draw (its formula gives NaN: 0/0, or outside its domain)")

    def _function(
        self, check: CheckSpec, params: list[str], latex: str, env: dict[str, Any], key: tuple[Any, ...]
    ) -> Callable[..., Any]:
        body = self.compile(check, latex, set(env) | set(params), key, keep_fp_state=True)

        def fn(*args: Any) -> Any:
            scope = dict(env)
            scope.update(zip(params, args))
            return body(scope)

        return fn


def _undefined(value: Any) -> bool:
    """Whether ``value`` is, or holds, a NaN (0/0, ∞ − ∞): an infinity is a value past the floats' range, said so."""
    try:
        found = np.asarray(value)
    except (TypeError, ValueError):
        return False
    return found.dtype.kind in "fc" and bool(np.any(np.isnan(found)))


def _moved(exc: LocatedError, where: Span | None) -> LocatedError:
    """``exc`` at ``where``: the same rule and message, located in the note."""
    return LocatedError(exc.rule, where, exc.details, **exc.args_)


def taken(listing: Any, values: dict[str, Any]) -> dict[str, Any]:
    """The drawn values a listing takes: sizes drawn only to shape others (``m`` of ``randn(m)``) are left out.

    A size the listing reads (``n`` of a loop to ``n`` after "\\(x\\) has \\(n\\) entries") is
    given, and checked against the shape it is the size of. A family the listing takes as an input
    (``\\Require`` points \\(p_1, \\dots, p_n\\)) where the spec draws the matrix of its capital
    (``P: "randn(n, d)"``) is that matrix's rows.
    """
    program = listing.program
    accepted = set(listing.inputs) | set(program.families.values()) | set(program.free)
    # p drawn for a listing of the order statistics p_{(1)} \le \dots \le p_{(m)}: the run sorts it
    accepted |= {n[: -len(ORDERED)] for n in accepted if n.endswith(ORDERED)}
    out = {k: v for k, v in values.items() if k in accepted}
    for key, value in values.items():  # N_c: "integers(1, 30, C)" drawn for the family N_1, …, N_C
        member = re.fullmatch(r"(?P<base>[A-Za-z]\w*?)_[a-z]", key)
        if (
            key not in accepted
            and member
            and member.group("base") in program.families
            and member.group("base") not in values
        ):
            out[member.group("base")] = value
    # P: "randn(n, d)" for the points p_1, …, p_n (P's rows); "the columns of the N × M matrix V = [ν_1, …,
    # ν_M]" where the listing takes ν_1, …, ν_M: V's columns
    for key, value in values.items():
        found = filled_part(listing, key)
        # (np.ndim last: a ragged list of micro-batches has none)
        if found is not None and found[0] not in values and found[0] not in out and np.ndim(value) == 2:
            family, columns = found
            out[family] = np.transpose(value) if columns else value
    return out


def filled_part(listing: Any, name: str) -> tuple[str, bool] | None:
    """The family input whose members are the rows of a matrix ``name`` gives (``True``: its columns), else ``None``.

    "x_1, …, x_T stored as the rows of a T × d matrix X": a check that gives X (drawn, or computed by
    its ``let:``) gives the listing's x_1, …, x_T; so does the capital of a family (P of p_1, …, p_n)
    that is no other matrix's part.
    """
    inputs = set(listing.inputs)
    program = listing.program
    lower = name[:1].lower() + name[1:]
    parts = {p for d in program.declarations.inputs for p in (d.columns, d.rows) if p}
    if lower != name and lower in inputs and lower in program.families and lower not in parts:
        return lower, False
    context = getattr(listing, "context", None)
    for d in context.inputs if context is not None else ():
        if d.name == name and d.name not in inputs:
            for part, columns in ((d.columns, True), (d.rows, False)):
                if part and part in inputs:
                    return part, columns
    return None


def entry_values(listing: Any, values: dict[str, Any]) -> dict[str, Any]:
    """Each input's value on entry, as ``x_of_0`` (``x^{(0)}`` in a relation), copied before the run moves it.

    The rows or columns of a matrix the listing takes by them are on entry too: Lloyd's
    ``\\mu^{(0)}_j`` of centres ``\\mu_j`` that are the rows of ``M``, which the listing updates.
    """
    given = taken(listing, values)
    out = {f"{k}_of_0": np.copy(v) if isinstance(v, np.ndarray) else v for k, v in given.items()}
    for d in listing.program.declarations.inputs:
        value = given.get(d.name)
        if isinstance(value, np.ndarray) and value.ndim == 2:
            for part, matrix in ((d.rows, value), (d.columns, value.T)):
                if part and f"{part}_of_0" not in out:
                    out[f"{part}_of_0"] = np.copy(matrix)
    return out


def tolerance(check: CheckSpec, key: str) -> float:
    """The check's ``rtol`` or ``atol`` for relations in its LaTeX, else the default.

    An exact check (``arithmetic: exact``) compares exactly unless it sets a tolerance: a
    round-off bound of 1e-16 would be meaningless under the default ``atol`` of 1e-9.
    """
    default = 0.0 if check.get("arithmetic") == "exact" else DEFAULT_TOLERANCE[key]
    return float(check.get(key, default))


class _Near:
    """A trial's generator whose whole numbers, drawn one at a time, are small: near the range's nearest to 0.

    The number is drawn over its whole range, as it would be, and folded there (``[low, low +
    reach]`` of a positive range, ``[-reach, reach]`` of one about 0): it takes the same draws of
    the stream, so whatever is drawn after it is unchanged. Every other draw is the generator's own.
    """

    def __init__(self, rng: np.random.Generator, reach: int) -> None:
        self._rng, self._reach = rng, reach

    def integers(
        self, low: Any, high: Any = None, size: Any = None, dtype: Any = np.int64, endpoint: bool = False
    ) -> Any:
        """The generator's draw; one whole number, folded within ``reach`` of its range's nearest to 0."""
        drawn = self._rng.integers(low, high, size, dtype=dtype, endpoint=endpoint)
        if size is not None or high is None:
            return drawn
        top, reach = (high if endpoint else high - 1), self._reach
        if low >= 0:
            return low + (drawn - low) % (reach + 1)
        if top <= 0:
            return top - (top - drawn) % (reach + 1)
        near = (drawn - low) % (2 * reach + 1) - reach
        return type(drawn)(near) if low <= near <= top else drawn

    def __getattr__(self, name: str) -> Any:
        return getattr(self._rng, name)


def _formulas(check: CheckSpec) -> list[Any]:
    """The formulas of a check a call of its listing may be written in: ``holds:``, ``given:``, each ``let:``."""
    return [check.get("holds"), check.get("given"), *(check.get("let") or {}).values()]
