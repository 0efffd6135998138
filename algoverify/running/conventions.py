"""How a note's conventions and words become values when a listing is compiled and entered.

The readings :mod:`.symbols` decides (a matrix computed by columns, a zero vector of the listing's
size, a family numbered from 2, a name the prose defines, "\\(i\\) is odd", "swap \\(x\\) and
\\(y\\)") are turned here into what the interpreter runs; :mod:`.interpreter` calls these helpers
and keeps to the statements themselves.
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from typing import Any, Callable, Iterable

import numpy as np

from ..findings import EvaluationFailed, LocatedError, NotExecutable
from ..math import mathexpr as M
from ..math.names import identifier, variant  # noqa: F401 - variant: its old home
from ..math.numeric import Context, Env, compile_expr
from ..math.ops import Sequence, raise_on_fp_errors, written_array
from ..math.sizeless import materialise
from ..syntax import ir
from .declarations import PAST_END, Declared, InputSpec
from .entries import rename_entries
from .runstate import _RUN
from .signature import output_names, swap_call
from .symbols import Resolution
from .worded import maths_between as _maths_between
from .worded import solve_of, swap_of, swaps_of

__all__ = [
    "variant",
    "swap_of",
    "swaps_of",
    "solve_of",
    "boundaries",
    "new_array_of",
    "renaming",
    "bound_names",
    "install_views",
    "stored_as_ones",
    "zeros",
    "pads",
    "lowered",
    "started",
    "in_place_output",
    "numbered_from",
    "padded",
    "defined",
    "family_target",
    "fill_family",
    "new_tables_of",
]


_LET_NEW = re.compile(r"^(?:let|create|allocate)$", re.I)
_BE_A_NEW = re.compile(r"^(?:be a new|be an empty|be a|as a new|:=? a new)$", re.I)
_NEW_NOUN = re.compile(r"^(?:matrix|array|table|vector|list)\.?$", re.I)


def new_array_of(text: ir.Text) -> tuple[ir.Math, ir.Math] | None:
    """The name and the size of CLRS's "let \\(C\\) be a new \\(n \\times n\\) matrix" (or array, table)."""
    maths = _maths_between(text, (_LET_NEW, None, _BE_A_NEW, None, _NEW_NOUN))
    return (maths[0], maths[1]) if maths else None


#: "be a new array", "be an empty table": the noun in the words, the size written in the name's brackets
_BE_A_NEW_TABLE = re.compile(r"^(?:be a new|be an empty|as a new|:=? a new) (?:array|table|list|vector)\.?$", re.I)
#: "let m[1..n, 1..n] and s[1..n-1, 2..n] be new tables" (CLRS's Matrix-Chain-Order)
_BE_NEW_TABLES = re.compile(r"^(?:be new|be empty) (?:arrays|tables|lists|vectors)\.?$", re.I)
_AND = re.compile(r"^(?:,|and|, and)$", re.I)


def new_tables_of(text: ir.Text) -> tuple[ir.Math, ...]:
    """The names of CLRS's "let \\(\\pi[1 \\twodots m]\\) be a new array" (several: "… and … be new tables").

    Each is a table that starts empty. Its range says which indices the listing will store, not a
    size to fill with zeros: CLRS's ``r[0 \\twodots n]`` starts at 0 in a book that counts from 1.
    The table holds what is stored at each index, and reading one never stored is an error at the read.
    """
    parts = [" ".join(p.split()) if isinstance(p, str) else p for p in text.parts]
    parts = [p for p in parts if p != ""]
    if len(parts) < 3 or len(parts) % 2 == 0 or not isinstance(parts[0], str) or not _LET_NEW.match(parts[0]):
        return ()
    maths, joins, last = parts[1:-1:2], parts[2:-1:2], parts[-1]
    if not all(isinstance(m, ir.Math) for m in maths) or not all(isinstance(j, str) and _AND.match(j) for j in joins):
        return ()
    said = _BE_A_NEW_TABLE if len(maths) == 1 else _BE_NEW_TABLES
    return tuple(maths) if isinstance(last, str) and said.match(last) else ()  # type: ignore[arg-type]


def renaming(parse: Callable[[ir.Math], M.MathNode], names: Resolution) -> Callable[[ir.Math], M.MathNode]:
    """``parse``, then ``c_{ij}`` read as ``C_{ij}`` and ``d_{0j}`` as the entry (0, j) (:func:`rename_entries`)."""
    renames, pairs = names.renames, names.pairs
    if not renames and not pairs:
        return parse

    def parse_renamed(m: ir.Math) -> M.MathNode:
        return rename_entries(parse(m), renames, pairs)

    return parse_renamed


def bound_names(spec: InputSpec) -> set[str]:
    """Every name the declarations bind: inputs, sizes, families' sizes, names of an input's parts."""
    names = {d.name for d in spec.inputs} | set(spec.sizes) | set(spec.families.values())
    return names | {a for d in spec.inputs for a in (d.columns, d.entries, d.rows) if a}


def install_views(names: Resolution, ctx: Context) -> None:
    """Let ``ctx`` read each matrix the listing computes part by part (``Q`` of ``q_j``, ``R`` of ``r_{ij}``)."""
    for name, (how, part) in names.views.items():
        ctx.views[name] = _assembler(
            how, part, names.view_firsts.get(name), names.view_shapes.get(name), names.view_lasts.get(name)
        )


def _assembler(
    how: str,
    part: str,
    first: int | None = None,
    shape: tuple[str | int, ...] | None = None,
    last: tuple[str, int] | None = None,
) -> Callable[[Env], Any]:
    # a row the listing left a number (a_i \gets 0 that no body adds to, at N = 1) is that number
    # across the row the note declares (A ∈ ℝ^{N×3}): never a matrix of one column
    across = None if shape is None or how not in ("rows", "columns") else shape[1 if how == "rows" else 0]

    def assemble(env: Env) -> Any:
        parts = env.get(part)
        if isinstance(parts, Sequence):
            if how == "entries":
                return parts.to_array()
            # Q = [q_1, …, q_k]: from the first column the prose names (q_0 \gets 0 is the recurrence's start)
            parts = [parts[k] for k in sorted(parts) if first is None or not isinstance(k, int) or k >= first]
            size = env.get(last[0]) if last is not None else None
            if isinstance(size, (int, np.integer)) and first is not None:  # … up to the last the note writes
                parts = parts[: max(0, int(size) + last[1] - first + 1)]  # type: ignore[index]
        if parts is None:
            raise KeyError(part)
        if across is not None and isinstance(parts, list):
            length = across if isinstance(across, int) else env.get(across)
            if isinstance(length, (int, np.integer)):
                parts = [np.full(int(length), p) if np.ndim(p) == 0 else p for p in parts]
        return np.column_stack(parts) if how == "columns" else np.vstack(parts) if how == "rows" else parts

    return assemble


def stored_as_ones(value: Callable[[Env], Any], size: str) -> Callable[[Env], Any]:
    """``value`` as a variable stores it: ``\\mathbf{1} / n`` as ``n`` entries (the listing's one size)."""

    def stored(env: Env) -> Any:
        return materialise(value(env), env[size])

    return stored


def zeros(size: str, exact: bool) -> Callable[[Env], Any]:
    """The zero vector of the listing's size ``size``, or the zero matrix of ``n×n`` (exact zeros in an exact run)."""
    sizes = size.split("×")

    def zero_vector(env: Env) -> Any:
        shape = tuple(int(env[s]) for s in sizes)
        return np.full(shape, Fraction(0), dtype=object) if exact else np.zeros(shape)

    return zero_vector


def family_target(target: M.MathNode) -> tuple[str, M.MathNode, M.MathNode] | None:
    r"""``(name, first, last)`` of a target written as a whole family: ``\beta_1, \dots, \beta_p``."""
    if not (isinstance(target, M.Range) and isinstance(target.lo, M.Idx) and isinstance(target.hi, M.Idx)):
        return None
    lo, hi = target.lo, target.hi
    name = identifier(lo.base)
    if name is None or name != identifier(hi.base) or len(lo.indices) != 1 or len(hi.indices) != 1:
        return None
    return name, lo.indices[0], hi.indices[0]


def fill_family(target: M.MathNode, value: Callable[[Env], Any], ctx: Context) -> tuple[str, Callable[[Env], Any]]:
    r"""``\beta_1, \dots, \beta_p \gets 0``: the name, and the vector of each member set so.

    The family starts at the listing's first index (``\beta_0`` in a listing that counts from 0),
    or it is not the whole of ``\beta`` and is refused (``AV308``). A value that is a vector of the
    family's length gives one entry to each member.
    """
    name, first, last = family_target(target)  # type: ignore[misc]
    if not (isinstance(first, M.Num) and first.text == str(ctx.index_base)):
        raise LocatedError(
            NotExecutable,
            target.span,
            message=f"{ctx.written(target)} starts at {ctx.written(first)}, not at the listing's first index "
            f"{ctx.index_base}: assign the whole of {name}, or each member in a loop",
        )
    end = compile_expr(last, ctx)

    def filled(env: Env) -> Any:
        count = int(end(env)) - ctx.index_base + 1
        v = value(env)
        if np.ndim(v) == 0:
            return np.full(count, v, dtype=object if isinstance(v, Fraction) else None)
        if np.shape(v) != (count,):
            raise LocatedError(
                EvaluationFailed,
                target.span,
                message=f"{ctx.written(target)} has {count} members; the value has shape {np.shape(v)}",
            )
        return np.array(v, copy=True)

    return name, filled


def pads(declarations: InputSpec, ctx: Context) -> tuple[tuple[str, int], ...]:
    """``a_2, \\dots, a_n`` in a listing that counts from 1: ``a`` has one place before its first member."""
    return tuple(
        (name, family.first - ctx.index_base)
        for name, family in declarations.firsts.items()
        if family.first > ctx.index_base and name in declarations.families
    )


def _updated_position(
    node: ir.Function, parse: Callable[[ir.Math], M.MathNode], procedures: dict[str, ir.Function], seen: frozenset[str]
) -> int | None:
    """The position of the parameter a procedure updates in place (read from its text, not yet compiled)."""
    try:
        params = [identifier(parse(p)) for p in node.params]
    except LocatedError:
        return None
    names = [p for p in params if p is not None]
    body = node.body
    updated = in_place_output(body, parse, names, output_names(body, parse), None, procedures, seen | {node.name})
    return params.index(updated) if updated is not None else None


def in_place_output(
    body: Iterable[ir.Node],
    parse: Callable[[ir.Math], M.MathNode],
    inputs: Iterable[str],
    outputs: tuple[str, ...],
    callees: dict[str, Any] | None = None,
    procedures: dict[str, ir.Function] | None = None,
    _seen: frozenset[str] = frozenset(),
) -> str | None:
    """The one input a listing with no ``\\Return`` updates entry by entry: what its run gives.

    ``\\Procedure{Sort}{$A$}`` that exchanges ``A[i]`` with ``A[i+1]`` sorts ``A``: a reader takes the
    sorted ``A`` as its result. ``None`` when the listing returns something, or updates no input
    or several. ``procedures`` are the listing's own, as written: one that calls another that
    updates what it passes (CLRS's Build-Max-Heap calling Max-Heapify on ``A``) updates it too,
    whichever is compiled first.
    """
    if outputs:
        return None
    inputs = set(inputs)
    updated: set[str] = set()
    for node in body:
        for n in ir.walk(node):
            maths: list[ir.Math] = []
            if isinstance(n, ir.Assign):
                maths = [n.target]
            elif isinstance(n, ir.TextStatement) and (pairs := swaps_of(n.text)) is not None:
                maths = [m for pair in pairs for m in pair]
            elif isinstance(n, ir.CallStmt) and swap_call(n):
                maths = list(n.args)  # \Call{swap}{π[i], π[j]}: an exchange in π
            elif isinstance(n, ir.CallStmt):
                # \Call{StoogeSort}{A, 1, n} of a procedure that sorts its first input in place sorts A
                callee = getattr((callees or {}).get(n.name), "program", None)
                updated_by = getattr(callee, "in_place", None)
                if updated_by is not None and updated_by in callee.inputs:
                    position = callee.inputs.index(updated_by)
                    maths = [n.args[position]] if position < len(n.args) else []
                elif callee is None and n.name in (procedures or {}) and n.name not in _seen:
                    position = _updated_position(procedures[n.name], parse, procedures, _seen)  # type: ignore[index]
                    maths = [n.args[position]] if position is not None and position < len(n.args) else []
            for m in maths:
                try:
                    tree = parse(m)
                except LocatedError:
                    continue
                called = isinstance(n, ir.CallStmt) and not swap_call(n)
                base = tree.base if isinstance(tree, (M.Idx, M.Index)) else tree if called else None
                name = identifier(base) if isinstance(base, (M.Sym, M.Idx)) else None
                if name in inputs:
                    updated.add(name)
    return updated.pop() if len(updated) == 1 else None


def started(declarations: InputSpec, ctx: Context) -> tuple[tuple[str, Any, Any, Any], ...]:
    r"""``u_{k+1}, \dots, u_N``: each family numbered from a formula, with its ends compiled and its declaration."""
    guarded = dataclasses.replace(ctx, guard=True)
    out = []
    for name, (first, last) in declarations.starts.items():
        d = declarations.get(name)
        if d is not None:
            out.append((name, compile_expr(first, guarded), compile_expr(last, guarded), d))
    return tuple(out)


def lowered(declarations: InputSpec, ctx: Context, context: InputSpec | None = None) -> tuple[tuple[str, int], ...]:
    r"""``q_0, \dots, q_n`` in a listing that counts from 1: ``q`` counts from 0, as the note numbers it.

    So does the table of a mapping ``f : S \to S`` whose set the prose numbers from 0 (Brent's
    ``S = \{0, 1, \dots, m - 1\}``): ``f(x)`` is the entry at ``x``, counted as S counts.
    """
    out = [
        (name, family.first)
        for name, family in declarations.firsts.items()
        if family.first < ctx.index_base and (name in declarations.families or declarations.get(name) is not None)
    ]
    for d in declarations.inputs:
        first = _domain_first(d, context) if d.noun == "mapping" else None
        if first is not None and first < ctx.index_base and all(name != d.name for name, _ in out):
            out.append((d.name, first))
    return tuple(out)


def _domain_first(d: Declared, context: InputSpec | None) -> int | None:
    r"""The first member of a mapping's domain where the note lists it from a number (``S = \{0, 1, …\}``)."""
    domain = re.match(r"\s*[^:]*:\s*(?P<set>[A-Za-z]\w*)\s*\\(?:to|rightarrow)\b", d.latex or "")
    found = (context.definitions.get(domain.group("set")) if context is not None and domain else None) or (None,)
    members = found[0]
    if isinstance(members, M.SetLit) and members.items and isinstance(members.items[0], M.Num):
        text = members.items[0].text
        return int(text) if text.isdigit() else None
    return None


def numbered_from(value: Any, first: int) -> Any:
    """``value`` read with its first entry at index ``first`` (a vector; anything else as it is)."""
    if isinstance(value, np.ndarray) and value.ndim == 1 and value.dtype != object:
        return written_array(value, first)
    return value


def boundaries(declarations: InputSpec) -> dict[str, tuple[Any, Any]]:
    """The values the prose fixes one before a vector's first member and one past its last (``u_0 = u_{n+1} = 0``)."""
    return {
        name: (members.get(0), members[PAST_END])
        for name, members in declarations.fixed.items()
        if PAST_END in members and 0 in members
    }


def with_fixed(value: Any, members: dict[Any, float], base: int) -> Any:
    """``value`` with the members the prose fixes before its first (``e_{-1} = e_0 = 0`` before ``e_1, …``).

    Only members right before the first, with none missing between: anything else is left as it is.
    """
    if not (isinstance(value, np.ndarray) and value.ndim == 1 and value.dtype != object):
        return value
    first = getattr(value, "first", None)
    first = base if first is None else first
    if PAST_END in members or not all(isinstance(v, (int, float)) for v in members.values()):
        return value  # a boundary at both ends, or a periodic wrap, is read where an index passes an end
    keys = sorted(members)
    if keys != list(range(keys[0], first)):
        return value
    return written_array(np.concatenate([[members[k] for k in keys], np.asarray(value, dtype=float)]), keys[0])


def padded(value: Any, places: int) -> Any:
    """``value`` with ``places`` absent members before its first (NaN, or ``None`` in a list)."""
    if isinstance(value, np.ndarray) and value.ndim >= 1 and value.dtype == object:
        # an exact run's rationals (Thomas's a_2, …, a_n under --exact) stay rationals: floats were AV310
        pad = np.full((places, *value.shape[1:]), None, dtype=object)
        return np.concatenate([pad, value])
    if isinstance(value, np.ndarray) and value.ndim >= 1:
        pad = np.full((places, *value.shape[1:]), np.nan)
        return np.concatenate([pad, value.astype(float)])
    if isinstance(value, list):
        return [None] * places + value
    return value


def defined(names: Resolution, ctx: Context) -> tuple[tuple[str, Callable[[Env], Any]], ...]:
    """The prose's definitions a scope reads, compiled (a problem in one is located in the prose)."""
    guarded = dataclasses.replace(ctx, guard=True)
    # E = {(u, v) : w_{uv} \ne \infty} of "W with entries w_{uv}": the entries read as the listing reads them
    renamed = [(name, rename_entries(tree, names.renames, names.pairs)) for name, tree in names.definitions]
    compiled = [(name, tree, _finite(name, tree, compile_expr(tree, guarded))) for name, tree in renamed]
    fields = names.fields
    return tuple((name, _field(value, fields[name]) if name in fields else value) for name, _, value in compiled)


def _field(value: Callable[[Env], Any], at: str) -> Callable[[Env], Any]:
    r"""A gradient field the prose defines (``F = -\nabla_x U``), bound as the function ``F(z)`` of its variable.

    The listing applies it (``F(x')``): the field at the argument, with the inputs the run was given.
    """

    def bind(env: Env) -> Callable[[Any], Any]:
        def field_at(z: Any) -> Any:
            return value({**env, at: z})

        return field_at

    return bind


def _finite(name: str, tree: M.MathNode, fn: Callable[[Env], Any]) -> Callable[[Env], Any]:
    """``fn``, with NumPy's floating-point trouble an error at the prose instead of a warning on stderr.

    A definition is evaluated as the run binds its inputs, before the listing's first statement: a NaN
    it made would otherwise run on silently, and a claim fail over our reading of the prose. It is
    AV306, which no check takes as a refutation (could not check).
    """

    def value(env: Env) -> Any:
        try:
            return raise_on_fp_errors(fn, env)
        except (FloatingPointError, ZeroDivisionError, OverflowError) as exc:  # 1 / λ_max(A^T A) of A = 0
            message = f"{name}, as the prose defines it, has no value here: {exc}"
            raise LocatedError(EvaluationFailed, tree.span, message=message) from exc

    return value


#: the mark of a family of order statistics (``p_{(i)}``, named ``p_paren``) beside its sample ``p``
ORDERED = "_paren"


def ordered_from_sample(inputs: dict[str, Any], accepted: set[str]) -> dict[str, Any]:
    """``inputs`` with a sample ``p`` given for a listing of its order statistics ``p_{(i)}`` taken sorted."""
    out = dict(inputs)
    for name in inputs:
        ordered = name + ORDERED
        if name not in accepted and ordered in accepted and ordered not in inputs:
            out[ordered] = np.sort(np.asarray(out.pop(name)), axis=None)  # p_{(1)} \le \dots \le p_{(m)}
    return out


def prose_function(params: tuple[str, ...], value: M.MathNode) -> Callable[..., Any]:
    """A function the prose defines (``\\sigma(z) = 1/(1 + e^{-z})``) as a callable; on an array, entry by entry."""
    compiled: dict[int, Callable[[Env], Any]] = {}  # compiled on the first call: `m(z) = E[Y | X = z]` never runs

    def call(*args: Any) -> Any:
        if len(args) != len(params):
            raise TypeError(f"takes {len(params)} argument(s) ({', '.join(params)}), got {len(args)}")
        # p(z) = z^n + a_{n-1} z^{n-1} + … called by a listing: its n and a are the run's, counted as it counts
        current = _RUN.get()
        frame = current[0].frames[-1] if current is not None and current[0].frames else None
        program = frame.get("$program") if frame else None
        base = program.ctx.index_base if program is not None else 1
        if base not in compiled:
            compiled[base] = compile_expr(value, Context(declared=set(params), index_base=base))
        return compiled[base]({**frame, **dict(zip(params, args))} if frame else dict(zip(params, args)))

    return call


def with_convention(fn: Callable[..., Any], points: dict[float, float]) -> Callable[..., Any]:
    """``fn`` with the values the prose fixes at points (``\\operatorname{sign}(0) = 1``), entry by entry."""

    def call(x: Any) -> Any:
        out = fn(x)
        if np.ndim(x) == 0:
            return points.get(float(x), out) if np.isfinite(x) else out
        fixed = np.array(out, dtype=float, copy=True)
        for at, value in points.items():
            fixed[np.asarray(x) == at] = value
        return fixed

    return call
