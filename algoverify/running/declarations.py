r"""What a note declares about a listing's names: inputs, shapes, sizes, families, preconditions.

The rule, as a reader applies it:

* every name that ``\Require`` / ``\Input`` math introduces is an input: ``\(A\)``,
  ``\(\lambda, v\)``, ``\(a \gt 0\)`` (``a``, with the precondition ``a > 0``), ``\(\beta_1,
  \beta_2 \in [0, 1)\)`` (both, each in the interval), ``\(x \in \mathbb{R}^{n}\)`` (``x``, a
  vector of length ``n``), ``\(A \in \mathbb{R}^{m \times n}\)``, ``\(k \in \mathbb{N}\)`` (a
  non-negative integer), ``\(x \in \{0, 1\}^{n}\)`` (a vector of 0s and 1s); text declares
  too: "vector \(x\) of length \(n\)", "matrix \(A\) of size \(m \times n\)";
* ``\(B_1, \dots, B_k\)`` is a family: one input ``B`` (a list), its size ``k``; ``\(w_0,
  \dots, w_{k-1}\)`` is one too, counted from 0 (its size is still ``k``);
* ``matrix \(A = [a_1, \dots, a_n]\)``: ``A`` is the input, ``a_j`` is its column ``j``;
* a size (``n``, ``m``, ``k`` above) is bound from the shapes of the inputs that carry it,
  checked for agreement when several do, and may also be given (then checked too); it is not
  a required input;
* the declared constraints are the preconditions: they are checked on entry, and a violation
  is reported as a violated precondition (AV309), never as a wrong output.

The same declarations come from the prose around a listing (:mod:`.prose_symbols`); each one
records where it was read (:class:`Origin`), so a run can say why a name means what it means.
Nothing here imports NumPy: ``lint`` reads declarations as the interpreter does.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Callable

from ..math import mathexpr as M
from ..math.names import identifier, written_family
from ..records import frozen
from ..source import Span
from ..syntax import ir
from .reads import is_constant

__all__ = ["Origin", "Declared", "InputSpec", "Family", "declare_math", "dims_of"]

_SETS = {"bb{R}": "real", "bb{N}": "natural", "bb{Z}": "integer", "bb{Q}": "rational", "bb{C}": "complex"}

_WHERE = {
    "require": "from \\Require",
    "parameters": "from the parameters",
    "caption": "from the caption",
    "prose": "from the prose",
    "spec": "from the spec",
    "convention": "by the usual convention",
}


@frozen
class Origin:
    """Where a declaration was read: the listing's ``\\Require``, its parameters, the prose, the spec."""

    kind: str
    line: int | None = None

    def __str__(self) -> str:
        where = _WHERE.get(self.kind, f"from the {self.kind}")
        return f"{where} at line {self.line}" if self.line is not None else where


@frozen
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
    #: where it was read
    origin: Origin | None = None
    #: "the matrix \\(C\\) with entries \\(c_{ij}\\)": the name the entries are read by (``c``)
    entries: str | None = None
    #: "the matrix \\(X\\) with rows \\(x_1, …, x_n\\)": the name of the row family (``x``)
    rows: str | None = None
    #: every other place that added to the declaration (its shape, its parts), after :attr:`origin`
    also: tuple[Origin, ...] = ()
    #: what the prose says it is, tested on entry: ``(key, words, where)`` (``("invertible", "A is invertible", …)``)
    properties: tuple[tuple[str, str, Span], ...] = ()
    #: what the prose calls it: ``matrix``, ``square`` (a square matrix), ``vector``, ``number``, ``integer``, ``value``
    noun: str | None = None

    @property
    def drawn(self) -> bool:
        """Whether the spec's checks draw it (``inputs:``), whatever declared it first: the draw binds it."""
        return any(o is not None and o.kind == "spec" for o in (self.origin, *self.also))

    @property
    def where(self) -> str:
        """``from the parameters at line 8 and the prose at line 5``: every place that declared it."""
        origins = [o for o in (self.origin, *self.also) if o is not None]
        if not origins:
            return ""
        return " and ".join([str(origins[0]), *(str(o).removeprefix("from ") for o in origins[1:])])

    def describe(self) -> str:
        """``x: vector of length n, x > 0`` — for ``run --help-inputs`` and the README."""
        if self.shape is None:
            noun = "square matrix" if self.noun == "square" else self.noun
            what = self.domain or (f"a {noun}" if noun and noun != "value" else "a value")
        elif len(self.shape) == 0:
            what = f"{self.domain or 'real'} scalar"
        elif len(self.shape) == 1:
            what = f"vector of length {self.shape[0]}"
        else:
            what = f"{' × '.join(map(str, self.shape))} matrix"
        vector = self.shape is not None and len(self.shape) == 1
        parts = [] if vector else [(self.columns, "columns"), (self.rows, "rows")]
        what += "".join(f" ({kind} {name}_1, …)" for name, kind in parts if name)
        if self.entries:
            what += f" (entries {self.entries}_{{i}})" if vector else f" (entries {self.entries}_{{ij}})"
        extra = "; ".join([*(text for _, text in self.constraints), *(key for key, _, _ in self.properties)])
        return f"{self.name}: {what}" + (f"; {extra}" if extra else "")


@frozen
class Family:
    r"""``x_1, \dots, x_n`` (``first`` 1) or ``w_0, \dots, w_{k-1}`` (``first`` 0): a list and its size.

    The size is the family's length plus ``offset`` (``x_0, \dots, x_n`` has ``n + 1`` members:
    offset ``-1``).
    """

    name: str
    size: str
    first: int = 1
    offset: int = 0
    origin: Origin | None = None
    span: Span | None = None

    @property
    def last(self) -> str:
        """The last member's index as written: ``k - 1`` of ``w_0, \\dots, w_{k-1}``."""
        shift = self.offset + self.first - 1
        return self.size if shift == 0 else f"{self.size} {'+' if shift > 0 else '-'} {abs(shift)}"


@dataclass
class InputSpec:
    """Everything the declarations say about a listing's inputs."""

    inputs: list[Declared] = field(default_factory=list)
    #: family name → its size name (``B`` → ``k`` for ``B_1, …, B_k``)
    families: dict[str, str] = field(default_factory=dict)
    #: size name → the (input, axis) pairs that carry it
    sizes: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    #: relations between inputs that name none alone (``a d - b c \ne 0``), and their LaTeX
    conditions: list[tuple[M.MathNode, str]] = field(default_factory=list)
    #: the families as written (first index, offset, origin), by name
    written: dict[str, Family] = field(default_factory=dict)
    #: where each size's carrier was declared (``n``: "from the prose at line 12")
    size_origins: dict[str, Origin] = field(default_factory=dict)
    #: ``(size, input, axis)`` → k when the length is ``size + k`` (``a ∈ ℝ^{n+1}``: 1)
    offsets: dict[tuple[str, str, int], int] = field(default_factory=dict)
    #: names the prose defines by an equation (``V = \{1, \dots, n\}``): the value and where it was said
    definitions: dict[str, tuple[M.MathNode, Origin | None]] = field(default_factory=dict)
    #: names whose members are written from a first index (``w_0, \dots``: 0; ``b_1, \dots`` of B's columns: 1)
    firsts: dict[str, Family] = field(default_factory=dict)
    #: functions the prose defines by an equation (``\sigma(z) = 1/(1 + e^{-z})``): parameters, value, where
    functions: dict[str, tuple[tuple[str, ...], M.MathNode, Origin | None]] = field(default_factory=dict)
    #: a function's value the prose fixes at a point, a convention (``\operatorname{sign}(0) = 1``)
    conventions: dict[str, dict[float, float]] = field(default_factory=dict)
    #: sizes the prose gives a graph's number of vertices ("a graph with n vertices")
    orders: set[str] = field(default_factory=set)
    #: coordinates the prose names: ``x`` → ``("p", 0)`` for "a point \(p_i = (x_i, y_i)\)"
    coordinates: dict[str, tuple[str, int]] = field(default_factory=dict)
    #: index ranges a ``\\Require`` writes (``i, j = 0, \\dots, m + 1``): the indices, their first value, where
    index_ranges: list[tuple[tuple[str, ...], int | None, Span]] = field(default_factory=list)
    #: the prose says a prime is a transpose ("the prime denotes transposition", Bertsekas's ``A'``)
    prime_transposes: bool = False
    #: members the prose fixes before a family's first ("with \\(e_{-1} = e_0 = 0\\)"): name → index → value
    fixed: dict[str, dict[int, float]] = field(default_factory=dict)
    #: the line where the prose assumes no denominator vanishes ("we assume that no difference in a
    #: denominator vanishes", Wynn's epsilon): a run that divides by zero is outside what it assumes
    nonzero_divisors: int | None = None
    #: strings the prose spells as their symbols (``s = s_1 s_2 \dots s_m``): name → length; ``|s|`` is it
    strings: dict[str, str] = field(default_factory=dict)

    @property
    def names(self) -> list[str]:
        """The input names, in order of declaration (sizes carried by another input or a family excluded)."""
        sizes = set(self.sizes) | set(self.families.values())
        return [d.name for d in self.inputs if d.name not in sizes]

    def get(self, name: str) -> Declared | None:
        """The declaration of ``name``, if any."""
        return next((d for d in self.inputs if d.name == name), None)

    def reshape(self, name: str, shape: tuple[str | int, ...]) -> None:
        """Give ``name`` the shape a later, exacter declaration says ("n points, stored as an n × 2 matrix")."""
        for i, old in enumerate(self.inputs):
            if old.name == name and old.shape is not None and len(old.shape) < len(shape) and old.shape == shape[:1]:
                self.inputs[i] = dataclasses.replace(old, shape=shape)

    def declare(self, d: Declared) -> None:
        """Add a declaration; a name declared twice keeps what each declaration says (the first wins)."""
        for i, old in enumerate(self.inputs):
            if old.name == d.name:  # declared twice (`x ∈ ℝⁿ`, then `x > 0`): merge what each says
                adds = (
                    (old.shape is None and d.shape is not None)
                    or (not old.domain and d.domain)
                    or any(c[1] not in {t for _, t in old.constraints} for c in d.constraints)
                    or any(getattr(d, k) and not getattr(old, k) for k in ("columns", "entries", "rows"))
                    or any(p not in old.properties for p in d.properties)
                )
                also = old.also
                # a name the prose declares and the spec draws keeps both: the draw gives its value (drawn)
                drawn = d.origin is not None and d.origin.kind == "spec"
                if (adds or drawn) and d.origin is not None and d.origin != old.origin and d.origin not in also:
                    also += (d.origin,)
                self.inputs[i] = Declared(
                    d.name,
                    old.span,
                    old.shape if old.shape is not None else d.shape,
                    old.domain or d.domain,
                    old.constraints + tuple(c for c in d.constraints if c[1] not in {t for _, t in old.constraints}),
                    old.columns or d.columns,
                    old.latex or d.latex,
                    old.origin or d.origin,
                    old.entries or d.entries,
                    old.rows or d.rows,
                    also,
                    old.properties + tuple(p for p in d.properties if p not in old.properties),
                    old.noun or d.noun,
                )
                if old.shape is not None:
                    return  # its sizes are the first declaration's
                break
        else:
            self.inputs.append(d)
        for axis, size in enumerate(d.shape or ()):
            if isinstance(size, str):
                base, offset = size_term(size)
                self.carry(base, d.name, axis, d.origin, offset)

    def carry(self, size: str, name: str, axis: int, origin: Origin | None, offset: int = 0) -> None:
        """Record that ``size`` (plus ``offset``: ``a ∈ ℝ^{n+1}``) is the length of ``name`` along ``axis``."""
        pairs = self.sizes.setdefault(size, [])
        if (name, axis) not in pairs:
            pairs.append((name, axis))
            if offset:
                self.offsets[(size, name, axis)] = offset
        if origin is not None:
            self.size_origins.setdefault(size, origin)

    def add_family(self, family: Family) -> None:
        """Declare ``family`` (a list input and its size); the first declaration of a name wins."""
        if family.name in self.families:
            return
        self.families[family.name] = family.size
        self.written[family.name] = family
        self.firsts.setdefault(family.name, family)
        if family.origin is not None:
            self.size_origins.setdefault(family.size, family.origin)
        self.declare(Declared(family.name, family.span or Span(0, 0), origin=family.origin))

    def merged(self, other: InputSpec) -> InputSpec:
        """This spec, then what ``other`` adds (``other`` is read later: it never overrides)."""
        out = InputSpec(
            list(self.inputs),
            dict(self.families),
            {k: list(v) for k, v in self.sizes.items()},
            list(self.conditions),
            dict(self.written),
            dict(self.size_origins),
            dict(self.offsets),
            dict(self.definitions),
            dict(self.firsts),
            dict(self.functions),
            {k: dict(v) for k, v in self.conventions.items()},
            self.orders | other.orders,
            {**other.coordinates, **self.coordinates},
            [*self.index_ranges, *other.index_ranges],
            self.prime_transposes or other.prime_transposes,
            {k: dict(v) for k, v in self.fixed.items()},
            self.nonzero_divisors if self.nonzero_divisors is not None else other.nonzero_divisors,
            {**other.strings, **self.strings},
        )
        for d in other.inputs:
            out.declare(d)
        for family in other.written.values():
            out.add_family(family)
        for name, family in other.firsts.items():
            out.firsts.setdefault(name, family)
        for name, definition in other.definitions.items():
            out.definitions.setdefault(name, definition)
        for name, function in other.functions.items():
            out.functions.setdefault(name, function)
        for name, points in other.conventions.items():
            for at, value in points.items():
                out.conventions.setdefault(name, {}).setdefault(at, value)
        for name, members in other.fixed.items():
            for at, value in members.items():
                out.fixed.setdefault(name, {}).setdefault(at, value)
        for name, size in other.families.items():
            if name not in out.families:
                out.families[name] = size
        for size, carriers in other.sizes.items():
            for name, axis in carriers:
                out.carry(size, name, axis, other.size_origins.get(size), other.offsets.get((size, name, axis), 0))
        out.conditions += [c for c in other.conditions if c[1] not in {t for _, t in out.conditions}]
        return out

    def size_description(self, size: str) -> str | None:
        """``length of x``, ``number of columns of B``, ``length of a, minus 1`` — what a size is read from."""
        family = next((self.written[f] for f, s in self.families.items() if s == size and f in self.written), None)
        if family is not None:
            last = family.last if len(family.last) == 1 else f"{{{family.last}}}"
            members = f"{family.name}_{family.first}, …, {family.name}_{last}"
            # c_0, …, c_N: N is the last index, one less than the length
            what = "last index" if family.last == size and family.first == 0 else "length"
            return f"{what} of the family {family.name}" + (
                f" ({members})" if (family.first, family.offset) != (1, 0) else ""
            )
        if any(s == size for s in self.families.values()):
            return f"length of the family {next(f for f, s in self.families.items() if s == size)}"
        carriers = self.sizes.get(size)
        if not carriers:
            return None
        name, axis = carriers[0]
        offset = self.offsets.get((size, name, axis), 0)
        less = f", {'minus' if offset > 0 else 'plus'} {abs(offset)}" if offset else ""
        d = self.get(name)
        matrix = d is not None and (len(d.shape) == 2 if d.shape is not None else d.noun in ("matrix", "square"))
        if (matrix or (axis == 1 and d is not None and d.columns)) and axis < 2:
            return f"number of {('rows', 'columns')[axis]} of {name}{less}"
        return (f"length of {name}" if axis == 0 else f"size of {name} along axis {axis + 1}") + less


# --- reading declarations from math -------------------------------------------------------------


def set_shape(node: M.MathNode) -> tuple[tuple[str | int, ...] | None, str | None]:
    """The shape and domain a set gives its members: ``ℝ^{m×n}`` → ``(('m','n'), 'real')``."""
    base, exp = (node.base, node.exp) if isinstance(node, M.Pow) else (node, None)
    domain = _SETS.get(M.dump(base))
    if domain is None and isinstance(base, M.SetLit) and exp is not None:
        # `{0, 1}^n`: a vector of those values (each entry's membership is a precondition)
        domain = "integer" if all(isinstance(i, M.Num) and i.text.isdigit() for i in base.items) else "real"
    if domain is None and isinstance(base, (M.Interval, M.ListLit)) and exp is not None:
        domain = "real"  # `[0, 1]^{T×n}`: a matrix of numbers in [0, 1] (each entry's membership is a precondition)
    if domain is None:
        return None, None
    if exp is None:
        return (), domain
    dims = dims_of(exp)
    return (dims, domain) if dims is not None else (None, domain)


def dims_of(node: M.MathNode) -> tuple[str | int, ...] | None:
    """``m \\times n`` → ``('m', 'n')``; ``3`` → ``(3,)``; ``None`` when it is not a list of sizes."""
    if isinstance(node, M.BinOp) and node.op in ("times", "*", "cdot"):
        left, right = dims_of(node.left), dims_of(node.right)
        return left + right if left is not None and right is not None else None
    if isinstance(node, M.Num):
        value = node.value
        return (int(value),) if float(value).is_integer() else None
    if isinstance(node, M.BinOp) and node.op in "+-" and isinstance(node.right, M.Num) and node.right.text.isdigit():
        name = identifier(node.left) if isinstance(node.left, (M.Sym, M.Idx)) else None
        return (f"{name} {node.op} {node.right.text}",) if name is not None else None  # ℝ^{n+1}
    name = identifier(node)
    return (name,) if name is not None else None


_TERM = re.compile(r"^(?P<base>\S+) (?P<op>[+-]) (?P<k>\d+)$")


def size_term(size: str) -> tuple[str, int]:
    """``"n + 1"`` → ``("n", 1)``; ``"n"`` → ``("n", 0)``: the size name and what the length adds to it."""
    m = _TERM.match(size)
    if m is None:
        return size, 0
    k = int(m.group("k"))
    return m.group("base"), k if m.group("op") == "+" else -k


def written_run(node: M.MathNode) -> tuple[str, int, M.MathNode] | None:
    r"""``A[1..n]``, ``a_1 a_2 \dots a_m``: ``(name, first index, last index)`` of an array written out."""
    if isinstance(node, M.Index) and isinstance(node.base, M.Sym) and len(node.args) == 1:
        factors = _juxt_factors(node.args[0])
        if len(factors) == 3 and isinstance(factors[1], M.Dots) and isinstance(factors[0], M.Num):
            name = identifier(node.base)
            if name is not None and factors[0].text.isdigit():
                return name, int(factors[0].text), factors[2]
        return None
    factors = _juxt_factors(node)
    if len(factors) >= 3 and isinstance(factors[-2], M.Dots):
        first, last = factors[0], factors[-1]
        if isinstance(first, M.Idx) and isinstance(last, M.Idx) and len(first.indices) == len(last.indices) == 1:
            name = identifier(first.base)
            index = first.indices[0]
            if name is not None and name == identifier(last.base) and isinstance(index, M.Num) and index.text.isdigit():
                return name, int(index.text), last.indices[0]
    return None


def written_family_of(node: M.MathNode, origin: Origin | None = None) -> Family | None:
    """``A[1..n]`` or ``a_1 a_2 \\dots a_m`` read as the family it writes out (``Family('A', 'n')``)."""
    run = written_run(node)
    if run is None:
        return None
    name, first, last = run
    base = M.Sym(name, span=node.span)
    span = node.span
    written = M.Range(
        M.Idx(base, (M.Num(str(first), span=span),), span=span), M.Idx(base, (last,), span=span), span=span
    )
    return read_family(written, origin)


def _juxt_factors(node: M.MathNode) -> list[M.MathNode]:
    return _juxt_factors(node.left) + _juxt_factors(node.right) if isinstance(node, M.Juxt) else [node]


def bound_on_each(items: list[M.MathNode]) -> list[M.MathNode]:
    """``n_1, n_2 \\ge 1`` (a list of names, the last with a bound): the bound on every name, as a reader takes it."""
    last = items[-1] if items else None
    if isinstance(last, M.Rel) and len(items) > 1 and all(_plain_name(i) for i in [*items[:-1], last.first]):
        return [*(M.Rel(i, last.rest, span=i.span.cover(last.span)) for i in items[:-1]), last]
    return items


def _plain_name(node: M.MathNode) -> bool:
    """``n``, ``n_1``, ``n_a``, ``\\bar{x}_a``, ``\\sigma_1^{2}`` (a variance): a name, not an expression."""
    return isinstance(node, (M.Sym, M.Idx, M.Pow)) and identifier(node) is not None


def _labels(items: list[M.MathNode]) -> list[M.MathNode]:
    """``\\bar{x}_a, \\bar{x}_b``: one base, a different letter under each: names of their own, not entries."""
    subscripted = [i for i in items if isinstance(i, M.Idx) and len(i.indices) == 1 and isinstance(i.indices[0], M.Sym)]
    by_base: dict[str | None, set[str]] = {}
    for i in subscripted:
        by_base.setdefault(identifier(i.base), set()).add(i.indices[0].name)  # type: ignore[union-attr]
    return [i for i in subscripted if len(by_base[identifier(i.base)]) > 1]


def _names(node: M.MathNode) -> list[tuple[str, Span]]:
    """The plain names in an element list (``\\beta_1, \\beta_2``); ``a_{ij}`` is an entry, never an input's name."""
    items = node.items if isinstance(node, M.Tuple) else (node,)
    out = []
    for item in items:
        name = identifier(item)
        entry = isinstance(item, M.Idx) and any(not isinstance(i, M.Num) for i in item.indices)
        if name is not None and not isinstance(item, M.Num) and not entry:
            out.append((name, item.span))
    return out


def read_family(node: M.MathNode, origin: Origin | None = None) -> Family | None:
    r"""``B_1, \dots, B_k`` → ``Family('B', 'k')``; ``w_0, \dots, w_{k-1}`` → ``Family('w', 'k', first=0)``.

    ``x[0], \dots, x[N-1]``, as signal processing writes its samples, is the family ``x_0, \dots, x_{N-1}``.
    """
    node = _subscripted(node)
    found = written_family(node)
    if found is None:
        return None
    assert isinstance(node, M.Range) and isinstance(node.lo, M.Idx)
    base = identifier(found[0])
    first_index = node.lo.indices[0]
    if base is None or not (isinstance(first_index, M.Num) and first_index.text.isdigit()):
        return None
    first = int(first_index.text)
    last = found[1]
    shift = 0  # the last index is `size + shift`
    if isinstance(last, M.BinOp) and last.op in "+-" and isinstance(last.right, M.Num) and last.right.text.isdigit():
        shift = int(last.right.text) * (1 if last.op == "+" else -1)
        last = last.left
    size = identifier(last) if isinstance(last, (M.Sym, M.Idx)) else None
    if size is None:
        return None
    # members first..size+shift: their number is size + shift - first + 1, so size = len - offset
    offset = shift - first + 1
    return Family(base, size, first, offset, origin, node.span)


def first_written(node: M.MathNode, origin: Origin | None = None) -> Family | None:
    r"""``f_0, \dots, f_{4m}``: a family whose first index is written and whose length is a formula.

    It says where the family's indices start, not its size (``size`` is empty).
    """
    node = _subscripted(node)
    if not (isinstance(node, M.Range) and isinstance(node.lo, M.Idx) and isinstance(node.hi, M.Idx)):
        return None
    name = identifier(node.lo.base)
    if name is None or name != identifier(node.hi.base) or len(node.lo.indices) != 1 or len(node.hi.indices) != 1:
        return None
    start = node.lo.indices[0]
    if not (isinstance(start, M.Num) and start.text.isdigit()):
        return None
    return Family(name, "", int(start.text), 0, origin, node.span)


def index_range(tree: M.MathNode) -> tuple[tuple[str, ...], M.MathNode, M.MathNode] | None:
    """``(("i", "j"), 0, m + 1)`` of ``i, j = 0, \\dots, m + 1``: letters an index runs over, never a condition.

    Also ``i = 1, \\dots, n``. The letters are single lowercase ones, as indices are written.
    """
    letters: list[M.MathNode]
    if (
        isinstance(tree, M.Rel)
        and len(tree.rest) == 1
        and tree.rest[0][0] == "="
        and isinstance(tree.rest[0][1], M.Range)
    ):
        letters = list(tree.first.items) if isinstance(tree.first, M.Tuple) else [tree.first]
        lo, hi = tree.rest[0][1].lo, tree.rest[0][1].hi
    elif (
        isinstance(tree, M.Tuple)
        and len(tree.items) >= 3
        and isinstance(tree.items[-2], M.Dots)
        and isinstance(tree.items[-3], M.Rel)
        and len(tree.items[-3].rest) == 1
        and tree.items[-3].rest[0][0] == "="
    ):  # i, j = 0, \dots, m + 1 reads as i, (j = 0), \dots, m + 1
        rel = tree.items[-3]
        letters = [*tree.items[:-3], rel.first]
        lo, hi = rel.rest[0][1], tree.items[-1]
    else:
        return None
    names = [identifier(x) if isinstance(x, M.Sym) else None for x in letters]
    if not all(n is not None and len(n) == 1 and n.islower() for n in names):
        return None
    return tuple(names), lo, hi  # type: ignore[arg-type]


def levelled_family(tree: M.MathNode) -> M.MathNode:
    """``Q^{0}_1, \\dots, Q^{0}_m`` (time level 0 of LeVeque's Q): the family of ``Q^{(0)}``'s entries."""
    if not isinstance(tree, M.Range):
        return tree
    ends = [tree.lo, tree.hi]
    if not all(
        isinstance(e, M.Pow)
        and isinstance(e.base, M.Idx)
        and isinstance(e.base.base, M.Sym)
        and len(e.base.indices) == 1
        for e in ends
    ):
        return tree
    lo, hi = ends  # type: ignore[misc]
    level_of = [e.exp.text if isinstance(e.exp, M.Num) else identifier(e.exp) for e in (lo, hi)]  # type: ignore[attr-defined]
    if identifier(lo.base.base) != identifier(hi.base.base) or level_of[0] != level_of[1] or level_of[0] is None:
        return tree
    level = M.Label(lo.base.base, lo.exp, span=lo.span)
    return M.Range(
        M.Idx(level, lo.base.indices, span=lo.span), M.Idx(level, hi.base.indices, span=hi.span), span=tree.span
    )


def joint_range(tree: M.MathNode) -> M.MathNode:
    """``i, j = 0, \\dots, m + 1`` as one relation of the letters and their range (it parses as i, (j = 0), …)."""
    found = index_range(tree)
    if found is None or not isinstance(tree, M.Tuple):
        return tree
    letters = tuple(M.Sym(name, span=tree.span) for name in found[0])
    rng = M.Range(found[1], found[2], span=tree.span)
    return M.Rel(M.Tuple(letters, span=tree.span), (("=", rng),), span=tree.span)


def _subscripted(node: M.MathNode) -> M.MathNode:
    """A range between two members of one name written ``x[0]``, ``x[N-1]`` or ``\\gamma(0)``, as subscripts."""
    if not isinstance(node, M.Range):
        return node
    lo, hi = member_written(node.lo), member_written(node.hi)
    return M.Range(lo, hi, span=node.span) if lo is not None and hi is not None else node


def member_written(node: M.MathNode) -> M.Idx | None:
    """``x[k]`` or ``\\gamma(k)`` (a member written in brackets, or as a call), as the member ``x_k``; else ``None``.

    Brockwell and Davis's autocovariances ``\\gamma(0), \\dots, \\gamma(n)``, a signal's samples
    ``x[0], \\dots, x[N-1]``: one name and one index.
    """
    if isinstance(node, M.Index) and len(node.args) == 1:
        return M.Idx(node.base, node.args, span=node.span)
    if isinstance(node, M.Apply) and isinstance(node.fn, M.Sym) and len(node.args) == 1:
        return M.Idx(node.fn, node.args, span=node.span)
    return None


def _element_of(node: M.MathNode, declared: set[str]) -> bool:
    """``A_j``, ``w_{ii}`` of ``W``: an element of a declared input at a symbolic index (``j``, not ``1``)."""
    if not isinstance(node, M.Idx) or all(isinstance(i, M.Num) for i in node.indices):
        return False
    base = identifier(node.base) or ""
    if base in declared or base[:1].upper() + base[1:] in declared:
        return True
    # "counts n_{ij} \ge 0": entries at running indices (never names of the note), never an input n_ij;
    # n_a, n_b of "counts n_a, n_b \ge 1" are labels, names of their own
    return all(
        isinstance(i, M.Sym) and i.name in _RUNNING and not i.accents and i.name not in declared for i in node.indices
    )


#: the letters that run over positions, as indices: ``w_{uv}``, ``n_{ij}``, ``x_t``
_RUNNING = frozenset("ijkltuv")


def declare_math(
    tree: M.MathNode,
    spec: InputSpec,
    text_of: Callable[[Span], str],
    origin: Origin | None = None,
    *,
    joint: bool = True,
) -> None:
    """Add what one math segment declares to ``spec``.

    ``joint``: a relation over several names (``a d - b c \\ne 0``) is a condition on the inputs
    together (``\\Require`` says so); prose relations are not read that way (they are as often
    claims as assumptions).
    """
    if isinstance(tree, M.Tuple) and not isinstance(tree, M.Range):
        items = bound_on_each(list(tree.items))
        labels = _labels(items)
        for item in items:
            if item in labels:
                spec.declare(Declared(identifier(item), item.span, origin=origin))  # type: ignore[arg-type]
            else:
                declare_math(item, spec, text_of, origin, joint=joint)
        return
    family = read_family(tree, origin)
    if family is not None:
        spec.add_family(family)
        return
    paired = _paired_families(tree, origin)
    if paired:  # (x_1, y_1), \dots, (x_n, y_n): the families x and y, n members each
        for f in paired:
            spec.add_family(f)
        return
    first = first_written(tree, origin)
    if first is not None:  # f_0, \dots, f_{4m}: numbered from 0, its length a formula
        spec.firsts.setdefault(first.name, first)
        return
    if isinstance(tree, M.In):
        _declare_membership(tree, spec, text_of, origin)
        return
    run = written_family_of(tree, origin)
    if run is not None:  # A[1..n], a_1 a_2 \dots a_m: an array of n entries, counted from its first index
        length = run.size if run.offset == 0 else f"{run.size} {'+' if run.offset > 0 else '-'} {abs(run.offset)}"
        spec.declare(Declared(run.name, tree.span, (length,), origin=origin, latex=text_of(tree.span)))
        spec.firsts.setdefault(run.name, run)
        return
    if function_type(tree) is not None:  # f : [a, b] \to \mathbb{R}: f, and the ends a, b of its domain
        domain = tree.right.first if isinstance(tree, M.Colon) and isinstance(tree.right, M.Rel) else None
        # w : E \to \mathbb{R} of a graph's edges: a table (CLRS's weights stored as a matrix) does as well
        noun = "mapping" if _finite_domain(domain) else "function"
        spec.declare(Declared(function_type(tree), tree.span, origin=origin, noun=noun, latex=text_of(tree.span)))
        if isinstance(domain, M.Interval):
            for end in (domain.lo, domain.hi):
                if isinstance(end, M.Sym) and identifier(end) is not None:
                    spec.declare(Declared(identifier(end), end.span, (), origin=origin))  # type: ignore[arg-type]
        return
    if isinstance(tree, M.Rel):
        _declare_relation(tree, spec, text_of, origin, joint=joint)
        return
    for name, span in _names(tree):
        spec.declare(Declared(name, span, origin=origin))


def _paired_families(tree: M.MathNode, origin: Origin | None) -> list[Family]:
    r"""``(x_1, y_1), \dots, (x_n, y_n)``: one family per place of the pairs, when every place reads as one."""
    if not (isinstance(tree, M.Range) and isinstance(tree.lo, M.Tuple) and isinstance(tree.hi, M.Tuple)):
        return []
    if len(tree.lo.items) != len(tree.hi.items) or len(tree.lo.items) < 2:
        return []
    found = [
        read_family(M.Range(lo, hi, span=lo.span.cover(hi.span)), origin)
        for lo, hi in zip(tree.lo.items, tree.hi.items)
    ]
    if any(f is None for f in found) or len({f.name for f in found}) != len(found):  # type: ignore[union-attr]
        return []
    return found  # type: ignore[return-value]


def _finite_domain(domain: M.MathNode | None) -> bool:
    """A domain named by a set of the note (``E``, ``V \\times V``), never an interval or ``\\mathbb{R}^n``."""
    if isinstance(domain, M.BinOp) and domain.op == "times":
        return _finite_domain(domain.left) and _finite_domain(domain.right)
    return isinstance(domain, M.Sym) and domain.font != "bb" and not domain.accents


def function_type(tree: M.MathNode) -> str | None:
    """The name of ``f : X \\to Y`` (a function from X to Y), else ``None``."""
    if not isinstance(tree, M.Colon) or not isinstance(tree.left, M.Sym):
        return None
    right = tree.right
    if isinstance(right, M.Rel) and any(op in ("to", "rightarrow", "mapsto") for op, _ in right.rest):
        return identifier(tree.left)
    return None


def _declare_membership(tree: M.In, spec: InputSpec, text_of: Callable[[Span], str], origin: Origin | None) -> None:
    shape, domain = set_shape(tree.set)
    element = tree.element
    family = read_family(element, origin)
    if family is not None:
        spec.add_family(family)
        if shape is None and domain is None:  # s_1, …, s_n ∈ (0, 1]: every member is in the set, on entry
            whole = M.Sym(family.name, span=element.span)
            member = ((M.In(whole, tree.set, span=tree.span), text_of(tree.span)),)
            spec.declare(Declared(family.name, element.span, constraints=member, origin=origin))
        elif domain in ("natural", "integer"):  # k_1, …, k_m ∈ \mathbb{N}: whole numbers, each
            spec.declare(Declared(family.name, element.span, domain=domain, latex=text_of(tree.span), origin=origin))
        return
    items = element.items if isinstance(element, M.Tuple) else (element,)
    for item in items:
        name = identifier(item)
        if name is None or isinstance(item, M.Num):
            continue
        # a set that is not ℝⁿ-like (an interval, a named set) is a membership to check on entry
        member = () if shape is not None or domain is not None else ((tree, text_of(tree.span)),)
        if member and len(items) > 1:  # β_1, β_2 ∈ [0, 1): each name on its own
            member = ((M.In(item, tree.set, span=tree.span), f"{text_of(item.span)} \\in {text_of(tree.set.span)}"),)
        if isinstance(tree.set, M.Pow) and isinstance(tree.set.base, (M.SetLit, M.Interval, M.ListLit)):
            # x ∈ {0, 1}^n, L ∈ [0, 1]^{T×n}: every entry is in the set
            member = ((M.In(item, tree.set.base, span=tree.span), text_of(tree.span)),)
        spec.declare(Declared(name, item.span, shape, domain, member, latex=text_of(tree.span), origin=origin))


def named_entries(tree: M.Rel) -> tuple[str, str] | None:
    """``("N", "n")`` of ``N = (n_{ij})`` (or ``A = [a_{ij}]``): a matrix named by its generic entry, same letter."""
    if [op for op, _ in tree.rest] != ["="] or not isinstance(tree.first, M.Sym):
        return None
    value = tree.rest[0][1]
    if isinstance(value, M.ListLit) and len(value.items) == 1:
        value = value.items[0]
    if not (isinstance(value, M.Idx) and isinstance(value.base, M.Sym) and len(value.indices) == 2):
        return None
    if not all(isinstance(i, M.Sym) for i in value.indices) or value.indices[0] == value.indices[1]:
        return None
    name, entry = identifier(tree.first), identifier(value.base)
    if name is None or entry is None or entry == name or entry.lower() != name.lower():
        return None
    return name, entry


def _declare_relation(
    tree: M.Rel, spec: InputSpec, text_of: Callable[[Span], str], origin: Origin | None, *, joint: bool
) -> None:
    operands = [tree.first, *(e for _, e in tree.rest)]
    ops = [op for op, _ in tree.rest]
    if set(ops) & _ROUGHLY:
        # \Require M \approx A: M is an approximation of A, which no tolerance of ours decides; the
        # names are inputs, the relation is for the reader (a check's `given:` may say how close)
        for operand in operands:
            if isinstance(operand, (M.Sym, M.Idx)) and identifier(operand) is not None:
                spec.declare(Declared(identifier(operand), operand.span, origin=origin))  # type: ignore[arg-type]
        return
    name = identifier(tree.first) if isinstance(tree.first, M.Sym) else None
    if name is not None and "in" in ops and set(ops) <= {"=", "in"}:
        # `A = [a_1, \dots, a_n] \in \mathbb{R}^{m \times n}`: the columns, then the shape
        for op, e in tree.rest:
            family = read_family(_unbracketed(e), origin) if op == "=" else None
            if family is not None:
                spec.declare(Declared(name, tree.first.span, columns=family.name, origin=origin))
                spec.carry(family.size, name, 1, origin)
            elif op == "in":
                _declare_membership(M.In(tree.first, e, span=tree.span), spec, text_of, origin)
        return
    entries = named_entries(tree)
    if entries is not None:  # Agresti's `N = (n_{ij})`: the table N, whose entries are the n_{ij}
        spec.declare(Declared(entries[0], tree.first.span, origin=origin, entries=entries[1]))
        return
    if len(ops) == 1 and ops[0] == "=":
        # `A = [a_1, …, a_n]`: A is the input, a_j its column j, n its number of columns
        family = read_family(_unbracketed(tree.rest[0][1]), origin)
        name = identifier(tree.first)
        run = written_family_of(tree.rest[0][1], origin)
        if run is not None and run.name == name:  # `p = p_1 p_2 \dots p_m`: a word of m symbols
            length = run.size if run.offset == 0 else f"{run.size} {'+' if run.offset > 0 else '-'} {abs(run.offset)}"
            spec.declare(Declared(name, tree.first.span, (length,), origin=origin, latex=text_of(tree.span)))
            spec.firsts.setdefault(name, run)
            return
        if family is not None and name is not None and family.first in (0, 1):
            # Q = [q_1, …, q_{k+1}]: Q has k + 1 columns
            spec.declare(Declared(name, tree.first.span, columns=family.name, origin=origin))
            spec.carry(family.size, name, 1, origin, family.offset)
            spec.firsts.setdefault(family.name, family)  # q_1: Q's first column (q_0 is not one)
            return
        if not joint:
            return  # `y = A x` in prose defines or claims; it declares nothing
    # `1 \le A_j \le k` after `A \in \mathbb{N}^n`: a bound on every element of A, for all j
    # (not an input named A_j); its other names are inputs, the bound itself is for the reader
    declared = set(spec.names)
    elementwise = any(_element_of(operand, declared) for operand in operands)
    named = False
    for operand in operands:
        if elementwise and _element_of(operand, declared):
            continue
        name = identifier(operand) if isinstance(operand, (M.Sym, M.Idx)) else None
        if isinstance(operand, M.Sym) and name is not None and is_constant(operand, name):
            continue  # 0 < \omega_c < \pi: π bounds the cut-off, it is no input
        if name is not None:
            named = True
            constraints = () if elementwise else ((tree, text_of(tree.span)),)
            spec.declare(Declared(name, operand.span, constraints=constraints, origin=origin))
    if joint and not named and not elementwise:  # `a d - b c \ne 0`: a condition on the inputs together
        spec.conditions.append((tree, text_of(tree.span)))


#: relations that say "about": what they relate is the reader's judgement, never a precondition to test
_ROUGHLY = frozenset({"approx", "sim", "simeq", "cong", "propto", "asymp"})


def _unbracketed(node: M.MathNode) -> M.MathNode:
    """``[a_1, \\dots, a_n]`` as a list literal holds one range: that range."""
    if isinstance(node, M.ListLit) and len(node.items) == 1:
        return node.items[0]
    return node


def text_of(m: ir.Math) -> Callable[[Span], str]:
    """The LaTeX of a span inside ``m`` (for messages that quote a declaration)."""

    def text(span: Span) -> str:
        return m.latex[max(span.start - m.span.start, 0) : max(span.end - m.span.start, 0)]

    return text
