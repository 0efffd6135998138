"""*reference* checks: the listing and a reference implementation agree on generated inputs.

The reference is called by name with the drawn values its signature names (all of them, when it
takes ``**kwargs``): the listing's inputs, its sizes, or what they were drawn from.

``compare:`` gives per-output tolerances (``rtol``, ``atol``) and symmetries (``sign: true``
accepts ``-x`` for an eigenvector). A run that fails (does not terminate, divides by zero)
is a counterexample too.
"""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from typing import Any

import numpy as np

from ...findings import LocatedError, SpecReferenceError
from ...math.numeric.values import RealInterval
from ...math.ops import Sequence
from ...math.sizeless import Zero
from ..evidence.proof import PROVED, Proof, beside
from ..evidence.proofcache import listing_material
from ..evidence.refproof import given_by_name, listing_subject, prove_reference, snippet_subject
from ..evidence.trials import SKIP, CannotCheck, failed_run, search
from ..outcome import Verdict
from ..specification.context import CheckContext, variant
from ..specification.spec import CheckSpec, nothing_returned
from .entries import cut, differing
from .let_inputs import let_inputs
from .subjects import RunFailed, snippet_functions


def run(check: CheckSpec, ctx: CheckContext) -> Verdict:
    """Run ``check.trials`` seeded trials; stop at the first counterexample and shrink it."""
    reference = ctx.callable(check, str(check.get("reference")))
    inputs = check.draws
    if check.get("snippet") is None:
        listing = ctx.listing(check)
        if listing.returns_nothing:
            raise LocatedError(SpecReferenceError, check.at("listing"), check=check.id, message=nothing_returned(check))
        proof = _proof(check, ctx, listing_subject(listing, set(ctx.functions)), listing_material(listing))
        success = _success(check, proof)

        def by_listing(values: dict[str, Any]) -> str | None:
            values = let_inputs(check, ctx, listing, values, {**ctx.functions, **values})
            if not ctx.given(check, values):
                return SKIP
            result = ctx.run_listing(check, listing, values, history=False)  # the outputs are all it reads
            if result.finding is not None:
                return failed_run(result, ctx.report.note.source.line_col, listing)
            names = listing.outputs or ("result",)
            got = result.value if len(names) > 1 else (result.value,)
            aliases = {output: name for name, output in {**listing.output_families, **listing.output_aliases}.items()}
            if not listing.outputs and listing.program.in_place:  # CLRS's Merge(A, p, q, r) sorts A in place
                aliases["result"] = listing.program.in_place
            return _mismatch(check, ctx, list(listing.inputs), names, got, reference, values, aliases, left_out, unset)

        left_out: set[str] = set()
        unset: set[str] = set()
        verdict = _not_compared(search(check, ctx, inputs, by_listing, success=success), left_out, unset)
        return beside(verdict, proof, _MISMATCH)
    name = str(check.get("function"))
    block = ctx.block(check, "python", key="snippet")
    code = ctx.report.note.source.text[block.body_span.start : block.body_span.end]
    proof = _proof(check, ctx, snippet_subject(code, name), {"snippet": code, "function": name})
    success = _success(check, proof)
    with snippet_functions(check, ctx) as functions:
        if name not in functions:
            known = ", ".join(functions) or "none"
            raise CannotCheck(f"the snippet defines no function {name} (it defines: {known})")
        function, params = functions[name], list(functions.parameters(name))

        def by_function(values: dict[str, Any]) -> str | None:
            if not ctx.given(check, values):
                return SKIP
            try:
                value = function(**{k: values[k] for k in params if k in values})
            except RunFailed as exc:
                return str(exc)
            names = tuple(f"{name}[{i + 1}]" for i in range(len(value))) if isinstance(value, tuple) else (name,)
            got = value if isinstance(value, tuple) else (value,)
            return _mismatch(check, ctx, params, names, got, reference, values)

        return beside(search(check, ctx, inputs, by_function, success=success), proof, _MISMATCH)


#: What a refutation says when the outputs differ (not when the run failed): see proof.beside.
_MISMATCH = "but the reference gives"


def _proof(check: CheckSpec, ctx: CheckContext, subject: Any, material: Any) -> Proof | None:
    """Sympy's comparison of the subject with the reference, before the trials (``None``: not tried)."""
    if ctx.fixed is not None or ctx.module is None or check.get("given") is not None or not ctx.proves(check):
        return None  # a proof for every input would not say where given: excludes
    return prove_reference(check, subject, ctx.module, frozenset(ctx.functions), ctx.proofs, material)


def _success(check: CheckSpec, proof: Proof | None) -> str:
    proved = f"; proved {proof.scope}" if proof is not None and proof.status == PROVED else ""
    return "matches " + str(check.get("reference")) + " on {trials}" + proved


def _mismatch(
    check: CheckSpec,
    ctx: CheckContext,
    inputs: list[str],
    names: tuple[str, ...],
    got: tuple[Any, ...],
    reference: Any,
    values: dict[str, Any],
    aliases: dict[str, str] | None = None,
    left_out: set[str] | None = None,
    unset: set[str] | None = None,
) -> str | None:
    """``None`` when the outputs ``got`` (named ``names``) match the reference's; else the first that differs.

    ``aliases`` gives an output the name a reader gives it (``result_1`` → ``t``): ``compare:`` and a
    reference's dict may use either, and a difference is said by the reader's name. A dict that
    names only some of several outputs compares those; the others are added to ``left_out``.
    """
    left_out = set() if left_out is None else left_out
    aliases = aliases or {}
    accepted = set(inputs)  # a family's size (k of B_1, …, B_k) is implied by the family
    given = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in values.items() if k in accepted}
    if str(check.get("reference")).startswith("numpy."):
        # NumPy's functions do not know the listing's names (`numpy.sqrt(a=…)` is a TypeError):
        # they take the inputs by position, in the listing's order
        positional = [given[k] for k in inputs if k in given]
        expected = reference(*positional[: _required(reference, len(positional))])
    else:
        expected = reference(**_named(reference, values))
    kept = given_by_name(expected, names, aliases) if isinstance(expected, dict) else None
    if kept is not None:  # by name; an output the dict leaves out is not compared (and the verdict says so)
        left_out.update(aliases.get(n, n) for i, n in enumerate(names) if i not in kept)
        expected = tuple(expected[n] if n in expected else expected[aliases[n]] for n in (names[i] for i in kept))
        names, got = tuple(names[i] for i in kept), tuple(got[i] for i in kept)
    elif isinstance(expected, dict) and len(names) > 1:
        unknown = ", ".join(sorted(str(k) for k in expected if k not in names and k not in aliases.values()))
        outputs = ", ".join(aliases.get(n, n) for n in names)
        raise CannotCheck(f"the reference gives {unknown or 'nothing'} by name; the listing returns {outputs}")
    elif len(names) == 1:
        if _several_values(expected) and not isinstance(got[0], (tuple, list)):
            # Bellman–Ford's (d, True) against a listing read as returning d alone: no trial compares
            # them, so a difference says nothing about the claim
            output = aliases.get(names[0], names[0])
            raise CannotCheck(
                f"the reference gives {len(expected)} values, the listing returns one ({output}): "
                "return as many from the listing, or give a dict naming the outputs to compare"
            )
        expected = (expected,)
    elif isinstance(expected, tuple) and len(expected) != len(names):
        outputs = ", ".join(aliases.get(n, n) for n in names)
        raise CannotCheck(f"the reference gives {len(expected)} values, the listing returns {len(names)} ({outputs})")
    elif len(names) > 1 and isinstance(expected, np.ndarray) and str(check.get("reference")).startswith("numpy."):
        # numpy.linalg.solve for CG's (x_k, k): NumPy gives the first output, never one value per output
        left_out.update(aliases.get(n, n) for n in names[1:])
        names, got, expected = names[:1], got[:1], (expected,)
    elif len(names) > 1 and isinstance(expected, np.ndarray) and not _nil(got):
        outputs = ", ".join(aliases.get(n, n) for n in names)
        raise CannotCheck(
            f"the reference gives one value, the listing returns {len(names)} ({outputs}): return as many, "
            "or a dict naming the outputs it gives"
        )
    nothing, none = _nil(got), _nil(expected)
    if nothing and none:  # \Return \textsc{nil} where the reference finds none too
        return None
    if len(names) > 1 and (nothing or none):  # a pair on one side, "there is none" on the other
        shown = ", ".join(names)
        if nothing:
            expected_shown = _short(np.asarray(expected, dtype=object))
            return f"the listing returns nothing (nil) but the reference gives {expected_shown}"
        return f"{shown} = {_short(np.asarray(got, dtype=object))} but the reference gives nothing (None)"
    compare = check.get("compare") or {}
    for output, g, e in zip(names, got, expected):
        name = aliases.get(output, output)
        opts = compare.get(name, compare.get(output, {})) if isinstance(compare, dict) else {}
        if ctx.fixed is not None:
            shown = _short(np.asarray(g)), _short(np.asarray(e))
            ctx.shown.append(f"{name} = {shown[0]}, expected {shown[1]}")
        problem = _differs(name, g, e, opts, check, ctx.index_base(check), unset)
        if problem:
            return problem
    return None


def _several_values(value: Any) -> bool:
    """A tuple of values of different kinds (an array and a flag): several outputs, never one vector's entries."""
    return isinstance(value, tuple) and len({_kind(v) for v in value}) > 1


def _kind(value: Any) -> str:
    if isinstance(value, (bool, np.bool_)):
        return "truth"
    if isinstance(value, (int, float, complex, np.number)):
        return "number"
    return "array" if np.ndim(value) else type(value).__name__


def _holds_sets(values: Any) -> bool:
    return isinstance(values, (set, frozenset, list, tuple)) and any(isinstance(v, (set, frozenset)) for v in values)


def _frozen(value: Any) -> Any:
    return frozenset(_frozen(v) for v in value) if isinstance(value, (set, frozenset, list, tuple)) else value


def _sets_differ(name: str, got: Any, expected: Any) -> str | None:
    """A set of sets against the reference's, member by member (its members are sets, compared exactly)."""
    mine, theirs = {_frozen(v) for v in got}, {_frozen(v) for v in expected}
    if mine == theirs:
        return None
    parts = [
        f"{len(members)} only in {whose} ({_listed(members)})"
        for whose, members in (("the listing's", mine - theirs), ("the reference's", theirs - mine))
        if members
    ]
    return f"{name} has {len(mine)} members, the reference {len(theirs)}: " + "; ".join(parts)


def _listed(members: set[Any]) -> str:
    shown = sorted(map(_set_text, members))
    return ", ".join(shown[:3]) + (", …" if len(shown) > 3 else "")


def _set_text(value: Any) -> str:
    if isinstance(value, frozenset):
        return "{" + ", ".join(sorted(map(_set_text, value))) + "}"
    return f"{value:g}" if isinstance(value, float) else str(value)


def _not_compared(verdict: Verdict, left_out: set[str], unset: set[str] | None = None) -> Verdict:
    """A verdict that says what was never compared: outputs the reference lacks, members the listing never sets."""
    if left_out and verdict.holds is True:
        said = "is not compared (the reference does not give it)"
        if len(left_out) > 1:
            said = "are not compared (the reference does not give them)"
        verdict.message += f"; {', '.join(sorted(left_out))} {said}"
    if unset and verdict.holds is True:
        verdict.message += f"; the reference's {', '.join(sorted(unset))} not compared (the listing does not set it)"
    return verdict


def _nil(value: Any) -> bool:
    """Whether outputs are "nothing": ``None``, or the one output ``None`` (``\\Return \\textsc{nil}``)."""
    return value is None or (isinstance(value, tuple) and len(value) == 1 and value[0] is None)


def _required(function: Any, offered: int) -> int:
    """How many leading inputs a NumPy function takes: ``solve(a, b)`` two of ``A, b, ω, ε``, ``sqrt`` one.

    Its required parameters only: an optional one (``axis``, ``kind``) is never filled from the
    listing's next input. ``offered`` when the signature cannot be read.
    """
    if isinstance(function, np.ufunc):
        return function.nin
    try:
        params = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return offered
    if any(p.kind is p.VAR_POSITIONAL for p in params):
        return offered
    return sum(1 for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty)


def _named(reference: Any, values: dict[str, Any]) -> dict[str, Any]:
    """The drawn values ``reference`` names in its signature (all of them when it takes ``**kwargs``).

    A reference is written for the quantities it needs: ``def mean(x)`` is not given the size
    ``n`` the listing also takes, and one that needs what the inputs were drawn from (``n``, a
    parameter of the class) names it. Arrays are copies: a reference cannot change the trial.
    """
    try:
        params = inspect.signature(reference).parameters
    except (TypeError, ValueError):
        return dict(values)
    every = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    named = {n for n, p in params.items() if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)}
    out = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in values.items() if every or k in named}
    for name in named - set(out):  # def f(A, epsilon) for a listing that writes \varepsilon: one letter
        other = variant(name)
        if other is not None and other in values:
            out[name] = values[other]
    return out


def _differs(
    name: str,
    got: Any,
    expected: Any,
    opts: dict[str, Any],
    check: CheckSpec,
    base: int = 1,
    unset: set[str] | None = None,
) -> str | None:
    """``None`` when the output ``got`` matches the reference's ``expected``; else what differs.

    A family the listing sets from index ``first`` on (``got.first``) is compared index by index
    with a reference that also gives the members before it; those are added to ``unset``.
    """
    rtol = float(opts.get("rtol", check.get("rtol", 1e-7)))
    atol = float(opts.get("atol", check.get("atol", 1e-9)))
    if isinstance(got, (set, frozenset)):  # a set the listing returns (the primes up to n): its members, in order
        members = sorted(got)
        if not isinstance(expected, (set, frozenset, list, tuple, np.ndarray)):
            return f"{name} is a set of {len(members)}, the reference {type(expected).__name__}"
        if _holds_sets(members) or _holds_sets(expected):  # the cliques of a graph: a set of sets, equal or not
            return _sets_differ(name, got, expected)
        wanted = expected if isinstance(expected, (set, frozenset)) else set(np.asarray(expected).ravel().tolist())
        got, expected = members, sorted(wanted)
        if len(got) != len(expected):
            return (
                f"{name} has {len(got)} members, the reference {len(expected)}: {_members(got)}, {_members(expected)}"
            )
    # \Return [a, b] (a bracket, as Fibonacci search gives it): its two ends, as it unpacks
    got, expected = _ends(got), _ends(expected)
    if isinstance(got, Mapping) or isinstance(expected, Mapping):
        return _table_differs(name, got, expected, opts, check, base)
    if (got is None) != (expected is None):
        # NIL (not found) against a value: said as NIL, never as the NaN a float cast would make of it
        return f"{name} = {_short(np.asarray(got))} but the reference gives {_short(np.asarray(expected))}"
    if _ragged(got) or _ragged(expected):
        # a list of blocks of different shapes (a network's parameter gradients): block by block
        got_items, want_items = list(got), list(expected)
        if len(got_items) != len(want_items):
            return f"{name} has {len(got_items)} blocks, the reference {len(want_items)}"
        for k, (g_k, e_k) in enumerate(zip(got_items, want_items), start=base):
            problem = _differs(f"{name}_{{{k}}}", g_k, e_k, opts, check, base, unset)
            if problem is not None:
                return problem
        return None
    # NaN in the same position as the reference's is equal (numpy.testing's rule) unless `equal_nan: false`
    nan = bool(opts.get("equal_nan", check.get("equal_nan", True)))
    # a complex value is compared as complex: casting it to float would drop its imaginary part
    kind = complex if np.iscomplexobj(got) or np.iscomplexobj(expected) else float
    if type(got) is Zero and np.ndim(expected):
        got = np.zeros(np.shape(expected))  # x_0 \gets 0 returned before any pass: the zero of the reference's shape
    first = getattr(got, "first", None)
    g, e = np.asarray(got, dtype=kind), np.asarray(expected, dtype=kind)
    if g.shape != e.shape and first is not None and first > base and e.ndim >= 1 and g.ndim == e.ndim:
        # f(s) set for the states s = 1, …, m against the reference's f over 0, …, m: entry s against entry s
        skip = first - base
        if e.shape[0] == g.shape[0] + skip and e.shape[1:] == g.shape[1:]:
            if unset is not None:
                unset.add(f"{name} at {_indices(base, first - 1)}")
            e, base = e[skip:], first  # the entries that differ are said by the listing's indices
    if g.shape != e.shape:
        return f"{name} has shape {g.shape}, the reference {e.shape}"
    if np.allclose(g, e, rtol=rtol, atol=atol, equal_nan=nan):
        return None
    if opts.get("sign") and np.allclose(g, -e, rtol=rtol, atol=atol, equal_nan=nan):
        return None
    with np.errstate(invalid="ignore"):
        gap = np.abs(g - e)
    both = np.isnan(g) & np.isnan(e) if nan else np.zeros(g.shape, dtype=bool)
    err = float(np.max(np.where(both, 0.0, gap))) if g.size else 0.0
    entries = ""
    if cut(g, e) or np.isnan(g).any() or np.isnan(e).any():  # the entries that differ, wherever they are
        agree = lambda a, b: np.isclose(a, b, rtol=rtol, atol=atol, equal_nan=nan)  # noqa: E731
        entries = differing(g, e, agree, (name, "the reference"), base)
    strict = "" if nan or not (np.isnan(g) & np.isnan(e)).any() else ", equal_nan false"
    return (
        f"{name} = {_short(g)} but the reference gives {_short(e)}"
        + (f", {entries}" if entries else "")
        + f" (max error {err:.3g}, rtol {rtol:g}, atol {atol:g}{strict})"
    )


def _indices(lo: int, hi: int) -> str:
    return f"index {lo}" if lo == hi else f"indices {lo} to {hi}"


def _ends(value: Any) -> Any:
    """A closed interval ``[a, b]`` as the list of its ends; anything else as it is."""
    if isinstance(value, RealInterval) and value.closed_lo and value.closed_hi:
        return [value.lo, value.hi]
    return value


def _table_differs(name: str, got: Any, expected: Any, opts: dict[str, Any], check: CheckSpec, base: int) -> str | None:
    """A table keyed by what the listing indexes it with (the counts f_x of a stream's elements): key by key."""
    if isinstance(expected, Mapping) and not isinstance(got, Mapping) and np.ndim(got) == 1:
        first = getattr(got, "first", None)  # f_1, f_2, … stored by index, read whole: keyed as written
        got = {k: v for k, v in enumerate(np.asarray(got).tolist(), start=base if first is None else first)}
    if not (isinstance(got, Mapping) and isinstance(expected, Mapping)):
        if isinstance(got, Sequence) and not isinstance(expected, Mapping):
            whole = got.to_array()
            if isinstance(whole, Sequence):  # B[7] stored past B[1..6], B[2] never: no array at all
                keys = sorted(whole, key=lambda k: (not isinstance(k, int), k if isinstance(k, int) else 0, str(k)))
                return f"{name} has entries at {_members(keys)}, not an array as the reference's"
            return _differs(name, whole, expected, opts, check, base)  # f_1, …, f_n: an array
        kinds = [type(v).__name__ if not isinstance(v, Mapping) else "table" for v in (got, expected)]
        return f"{name} is a {kinds[0]}, the reference a {kinds[1]}"
    mine, theirs = {_plain(k): v for k, v in got.items()}, {_plain(k): v for k, v in expected.items()}
    if set(mine) != set(theirs):
        only = sorted(set(mine) - set(theirs), key=str)[:8]
        missing = sorted(set(theirs) - set(mine), key=str)[:8]
        said = [f"keys {_members(only)} the reference has not"] if only else []
        said += [f"not the keys {_members(missing)} the reference has"] if missing else []
        return f"{name} has {' and '.join(said)}"
    for key in sorted(mine, key=str):
        problem = _differs(f"{name}_{{{key}}}", mine[key], theirs[key], opts, check, base)
        if problem is not None:
            return problem
    return None


def _plain(key: Any) -> Any:
    """A table's key as a reader compares it: 3.0 and numpy's 3 are the key 3."""
    if isinstance(key, (np.integer, np.floating, float)) and float(key).is_integer():
        return int(key)
    return key.item() if isinstance(key, np.generic) else key


def _ragged(value: Any) -> bool:
    """A list or tuple of arrays that do not stack into one (blocks of different shapes)."""
    if not isinstance(value, (list, tuple)) or not value:
        return False
    shapes = {np.shape(v) for v in value}
    return len(shapes) > 1 and any(len(sh) > 0 for sh in shapes)


def _members(values: list[Any]) -> str:
    shown = ", ".join(str(v) for v in values[:8])
    return "{" + shown + (", …" if len(values) > 8 else "") + "}"


def _short(a: np.ndarray) -> str:
    if a.ndim:
        return np.array2string(a, precision=6, threshold=8)
    if a.dtype == object:  # a listing's NIL (not found), an exact number, a string: as the report writes it
        value = a.item()
        return "NIL" if value is None else str(value)
    return f"{complex(a):.10g}" if np.iscomplexobj(a) else f"{float(a):.10g}"
