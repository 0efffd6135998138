r"""What a listing takes: the one rule that reads inputs, sizes and preconditions from its declarations.

The rule, as a reader applies it:

* every name that ``\Require`` / ``\Input`` math introduces is an input: ``\(A\)``,
  ``\(\lambda, v\)``, ``\(a \gt 0\)`` (``a``, with the precondition ``a > 0``), ``\(\beta_1,
  \beta_2 \in [0, 1)\)`` (both, each in the interval), ``\(x \in \mathbb{R}^{n}\)`` (``x``, a
  vector of length ``n``), ``\(A \in \mathbb{R}^{m \times n}\)``, ``\(k \in \mathbb{N}\)`` (a
  non-negative integer); text declares too: "vector \(x\) of length \(n\)", "matrix \(A\) of
  size \(m \times n\)";
* ``\(B_1, \dots, B_k\)`` is a family: one input ``B`` (a list), its size ``k``;
* ``matrix \(A = [a_1, \dots, a_n]\)``: ``A`` is the input, ``a_j`` is its column ``j``;
* a size (``n``, ``m``, ``k`` above) is bound from the shapes of the inputs that carry it,
  checked for agreement when several do, and may also be given (then checked too); it is not
  a required input;
* the declared constraints are the preconditions: they are checked on entry, and a violation
  is reported as a violated precondition (AV309), never as a wrong output.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Iterable

import numpy as np

from ..findings import BadInput, LocatedError, PreconditionViolated
from ..math import mathexpr as M
from ..math.names import identifier, written_family
from ..math.numeric import Context, compile_expr
from ..source import Span
from ..syntax import ir

__all__ = ["Declared", "InputSpec", "declared_inputs"]

_SETS = {"bb{R}": "real", "bb{N}": "natural", "bb{Z}": "integer", "bb{Q}": "rational", "bb{C}": "complex"}


@dataclass(frozen=True)
class Declared:
    """One declared input: its name, shape (size names or numbers), kind and preconditions."""

    name: str
    span: Span
    #: ``('n',)`` for ``x ∈ ℝⁿ``, ``('m', 'n')`` for a matrix, ``()`` for a scalar, ``None`` if unsaid
    shape: tuple[str | int, ...] | None = None
    #: ``real``, ``natural``, ``integer`` … when a set says so
    domain: str | None = None
    #: relations the value must satisfy on entry (``a > 0``; ``β ∈ [0, 1)``) and their LaTeX
    constraints: tuple[tuple[M.MathNode, str], ...] = ()
    #: ``A = [a_1, …, a_n]``: the name of the column family (``a``)
    columns: str | None = None
    #: the LaTeX that declares it (``x \\in \\mathbb{R}^{n}``), for messages
    latex: str = ""

    def describe(self) -> str:
        """``x: vector of length n, x > 0`` — for ``run --help-inputs`` and the README."""
        if self.shape is None:
            what = self.domain or "a value"
        elif len(self.shape) == 0:
            what = f"{self.domain or 'real'} scalar"
        elif len(self.shape) == 1:
            what = f"vector of length {self.shape[0]}"
        else:
            what = f"{' × '.join(map(str, self.shape))} matrix"
        if self.columns:
            what += f" (columns {self.columns}_1, …)"
        extra = "; ".join(text for _, text in self.constraints)
        return f"{self.name}: {what}" + (f"; {extra}" if extra else "")


@dataclass
class InputSpec:
    """Everything a listing's declarations say about its inputs."""

    inputs: list[Declared] = field(default_factory=list)
    #: family name → its size name (``B`` → ``k`` for ``B_1, …, B_k``)
    families: dict[str, str] = field(default_factory=dict)
    #: size name → the (input, axis) pairs that carry it
    sizes: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    #: relations between inputs that name none alone (``a d - b c \ne 0``), and their LaTeX
    conditions: list[tuple[M.MathNode, str]] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        """The input names, in order of declaration (sizes carried by another input excluded)."""
        return [d.name for d in self.inputs if d.name not in self.sizes]

    def declare(self, d: Declared) -> None:
        """Add a declaration; a name declared twice keeps what each declaration says."""
        for i, old in enumerate(self.inputs):
            if old.name == d.name:  # declared twice (`x ∈ ℝⁿ`, then `x > 0`): merge what each says
                self.inputs[i] = Declared(
                    d.name,
                    old.span,
                    old.shape if old.shape is not None else d.shape,
                    old.domain or d.domain,
                    old.constraints + d.constraints,
                    old.columns or d.columns,
                    old.latex or d.latex,
                )
                break
        else:
            self.inputs.append(d)
        for axis, size in enumerate(d.shape or ()):
            if isinstance(size, str):
                pairs = self.sizes.setdefault(size, [])
                if (d.name, axis) not in pairs:
                    pairs.append((d.name, axis))

    # --- on entry ----------------------------------------------------------------------------

    def bind_sizes(self, env: dict[str, Any], span: Span) -> None:
        """Set every size the inputs carry (``n = len(x)``); a disagreement is AV307."""
        for size, carriers in self.sizes.items():
            seen: dict[str, int] = {}
            for name, axis in carriers:
                value = env.get(name)
                shape = np.shape(value) if value is not None and not isinstance(value, list) else None
                # said as a reader counts: "x has length 3", "A has 2 columns" (not len(x), A.shape[1])
                if value is not None and isinstance(value, list) and axis == 0:
                    seen[f"{name} has length {{}}"] = len(value)
                elif shape is not None and axis < len(shape):
                    what = ("rows", "columns")[axis] if len(shape) == 2 else f"entries along axis {axis + 1}"
                    seen[f"{name} has {{}} {what}" if len(shape) > 1 else f"{name} has length {{}}"] = shape[axis]
            if size in env:
                given = env[size]
                mismatch = {k: v for k, v in seen.items() if v != given}
                if mismatch:
                    detail = ", ".join(k.format(v) for k, v in mismatch.items())
                    raise LocatedError(BadInput, span, message=f"{size} = {given} was given, but {detail}")
                continue
            if len(set(seen.values())) > 1:
                detail = ", ".join(k.format(v) for k, v in seen.items())
                raise LocatedError(BadInput, span, message=f"the inputs disagree on the size {size}: {detail}")
            if seen:
                env[size] = next(iter(seen.values()))

    def check(self, env: dict[str, Any]) -> None:
        """Check shapes, domains and constraints on entry; the first violation is AV309 at its declaration."""
        for d in self.inputs:
            if d.name not in env:
                continue
            value = env[d.name]
            if d.shape is not None and not isinstance(value, list):
                ndim = np.ndim(value)
                if ndim != len(d.shape):
                    kind = {0: "a scalar", 1: "a vector", 2: "a matrix"}.get(len(d.shape), f"{len(d.shape)}-D")
                    raise LocatedError(
                        PreconditionViolated,
                        d.span,
                        condition=d.latex or f"{d.name} is {kind}",
                        value=f"{d.name} is {_shape_words(value)}, not {kind}",
                    )
            if d.domain in ("natural", "integer") and not _whole(value, d.domain == "natural"):
                raise LocatedError(
                    PreconditionViolated,
                    d.span,
                    condition=d.latex or f"{d.name} ∈ {d.domain} numbers",
                    value=f"{d.name} = {_short(value)}",
                )
            for c, text in d.constraints:
                if _violated(c, env):
                    raise LocatedError(
                        PreconditionViolated, c.span, condition=text, value=f"{d.name} = {_short(value)}"
                    )
        for c, text in self.conditions:
            if _violated(c, env):
                names = sorted({n for n in (identifier(x) for x in M.walk(c) if isinstance(x, M.Sym)) if n in env})
                shown = ", ".join(f"{n} = {_short(env[n])}" for n in names)
                raise LocatedError(PreconditionViolated, c.span, condition=text, value=shown)


def _violated(condition: M.MathNode, env: dict[str, Any]) -> bool:
    """Whether ``condition`` is false over ``env`` (exactly: no tolerance on a precondition)."""
    try:
        return not bool(np.all(compile_expr(condition, _EXACT)(dict(env))))
    except LocatedError:
        return False  # a constraint on names not known yet (a size given later) is not checked
    except Exception:  # noqa: BLE001 - a constraint that does not evaluate is not a violation
        return False


_EXACT = Context(rtol=0.0, atol=0.0, guard=True)


def _whole(value: Any, non_negative: bool) -> bool:
    array = np.asarray(value, dtype=float) if not isinstance(value, (int, np.integer)) else np.asarray(value)
    ok = bool(np.all(np.mod(array, 1) == 0))
    return ok and (not non_negative or bool(np.all(array >= 0)))


def _shape_words(value: Any) -> str:
    """``a scalar``, ``a vector of length 3``, ``a 3×2 matrix``, ``a 2×2×2 array``."""
    shape = np.shape(value)
    if len(shape) < 2:
        return "a scalar" if not shape else f"a vector of length {shape[0]}"
    return f"a {'×'.join(map(str, shape))} {'matrix' if len(shape) == 2 else 'array'}"


def _short(value: Any) -> str:
    text = repr(value.tolist() if isinstance(value, np.ndarray) else value)
    return text if len(text) <= 60 else text[:57] + "…"


# --- reading the declarations ------------------------------------------------------------------


def _set_shape(node: M.MathNode) -> tuple[tuple[str | int, ...] | None, str | None]:
    """The shape and domain a set gives its members: ``ℝ^{m×n}`` → ``(('m','n'), 'real')``."""
    base, exp = (node.base, node.exp) if isinstance(node, M.Pow) else (node, None)
    domain = _SETS.get(M.dump(base))
    if domain is None:
        return None, None
    if exp is None:
        return (), domain
    dims = _dims(exp)
    return (dims, domain) if dims is not None else (None, domain)


def _dims(node: M.MathNode) -> tuple[str | int, ...] | None:
    if isinstance(node, M.BinOp) and node.op in ("times", "*", "cdot"):
        left, right = _dims(node.left), _dims(node.right)
        return left + right if left is not None and right is not None else None
    if isinstance(node, M.Num):
        value = node.value
        return (int(value),) if float(value).is_integer() else None
    name = identifier(node)
    return (name,) if name is not None else None


def _names(node: M.MathNode) -> list[tuple[str, Span]]:
    """The plain names in an element list (``\\beta_1, \\beta_2``)."""
    items = node.items if isinstance(node, M.Tuple) else (node,)
    out = []
    for item in items:
        name = identifier(item)
        if name is not None and not isinstance(item, M.Num):
            out.append((name, item.span))
    return out


def _family(node: M.MathNode) -> tuple[str, str] | None:
    """``B_1, \\dots, B_k`` → ``('B', 'k')``."""
    found = written_family(node)
    if found is None:
        return None
    base, size = identifier(found[0]), identifier(found[1])
    return (base, size) if base is not None and size is not None else None


def _element_of(node: M.MathNode, declared: set[str]) -> bool:
    """``A_j``: an element of a declared input at a symbolic index (``j``, not ``1``)."""
    return (
        isinstance(node, M.Idx)
        and identifier(node.base) in declared
        and any(not isinstance(i, M.Num) for i in node.indices)
    )


def _declare_tree(tree: M.MathNode, spec: InputSpec, text_of: Any) -> None:
    if isinstance(tree, M.Tuple) and not isinstance(tree, M.Range):
        for item in tree.items:
            _declare_tree(item, spec, text_of)
        return
    family = _family(tree)
    if family is not None:
        base, size = family
        spec.families[base] = size
        spec.declare(Declared(base, tree.span))
        return
    if isinstance(tree, M.In):
        shape, domain = _set_shape(tree.set)
        element = tree.element
        family = _family(element)
        if family is not None:
            spec.families[family[0]] = family[1]
            spec.declare(Declared(family[0], element.span))
            return
        items = element.items if isinstance(element, M.Tuple) else (element,)
        for item in items:
            name = identifier(item)
            if name is None or isinstance(item, M.Num):
                continue
            # a set that is not ℝⁿ-like (an interval, a named set) is a membership to check on entry
            member = () if shape is not None or domain is not None else ((tree, text_of(tree.span)),)
            if member and len(items) > 1:  # β_1, β_2 ∈ [0, 1): each name on its own
                member = (
                    (M.In(item, tree.set, span=tree.span), f"{text_of(item.span)} \\in {text_of(tree.set.span)}"),
                )
            spec.declare(Declared(name, item.span, shape, domain, member, latex=text_of(tree.span)))
        return
    if isinstance(tree, M.Rel):
        operands = [tree.first, *(e for _, e in tree.rest)]
        ops = [op for op, _ in tree.rest]
        if len(ops) == 1 and ops[0] == "=" and _family(tree.rest[0][1]) is not None:
            # `A = [a_1, …, a_n]`: A is the input, a_j its column j, n its number of columns
            column, size = _family(tree.rest[0][1])
            name = identifier(tree.first)
            if name is not None:
                spec.declare(Declared(name, tree.first.span, columns=column))
                spec.sizes.setdefault(size, []).append((name, 1))
                return
        # `1 \le A_j \le k` after `A \in \mathbb{N}^n`: a bound on every element of A, for all j
        # (not an input named A_j); its other names are inputs, the bound itself is for the reader
        declared = set(spec.names)
        elementwise = any(_element_of(operand, declared) for operand in operands)
        named = False
        for operand in operands:
            if elementwise and _element_of(operand, declared):
                continue
            name = identifier(operand) if isinstance(operand, (M.Sym, M.Idx)) else None
            if name is not None:
                named = True
                constraints = () if elementwise else ((tree, text_of(tree.span)),)
                spec.declare(Declared(name, operand.span, constraints=constraints))
        if not named and not elementwise:  # `a d - b c \ne 0`: a condition on the inputs together
            spec.conditions.append((tree, text_of(tree.span)))
        return
    for name, span in _names(tree):
        spec.declare(Declared(name, span))


_OF_LENGTH = re.compile(r"^\s*(?:of\s+)?(?:length|size|dimension|dimensions)\s*$", re.I)


def _text_shapes(text: ir.Text, spec: InputSpec, parse: Any) -> None:
    """``vector \\(x\\) of length \\(n\\)`` / ``matrix \\(A\\) of size \\(m \\times n\\)``."""
    parts = text.parts
    for i in range(len(parts) - 2):
        a, words, b = parts[i], parts[i + 1], parts[i + 2]
        if isinstance(a, ir.Math) and isinstance(words, str) and isinstance(b, ir.Math) and _OF_LENGTH.match(words):
            name = identifier(parse(a))
            dims = _dims(parse(b))
            if name is not None and dims is not None:
                spec.declare(Declared(name, a.span, dims))


def _text_of(m: ir.Math) -> Any:
    def text(span: Span) -> str:
        return m.latex[max(span.start - m.span.start, 0) : max(span.end - m.span.start, 0)]

    return text


def declared_inputs(nodes: Iterable[ir.Node], parse: Any) -> InputSpec:
    """Read the ``\\Require``/``\\Input`` conditions among ``nodes`` (``parse(math) -> MathNode``)."""
    spec = InputSpec()
    for node in nodes:
        if isinstance(node, ir.Condition) and node.kind in ("require", "input"):
            for m in node.symbols:
                _declare_tree(parse(m), spec, _text_of(m))
            _text_shapes(node.text, spec, parse)
    return spec
