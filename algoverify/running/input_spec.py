"""The records a note's declarations fill: :class:`Declared` (one input) and :class:`InputSpec` (all of them).

:mod:`.declarations` reads the math that fills them; the run, lint and ``--help-inputs`` read them.
Nothing here imports NumPy.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Callable

from ..math import mathexpr as M
from ..math.latex import identifier_latex
from ..records import frozen
from ..source import Span
from .families import Family, Origin, size_term

__all__ = ["Declared", "InputSpec", "PAST_END", "LAST_MEMBER", "FIRST_MEMBER"]


#: the key of a member fixed one past a family's last (``u_{n+1} = 0`` of the interior ``u_1, …, u_n``)
PAST_END = "past the end"
#: the value of a member fixed as another member, a periodic grid's ``u_0 = u_J`` and ``u_{J+1} = u_1``
LAST_MEMBER, FIRST_MEMBER = "the last member", "the first member"


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
        # each said once: "distinct" in the prose and in \Require is one property, said at two places
        said = [_PROPERTY_SAID.get(key, key) for key, _, _ in self.properties]
        extra = "; ".join(dict.fromkeys([*(text for _, text in self.constraints), *said]))
        return f"{self.name}: {what}" + (f"; {extra}" if extra else "")


#: a property as its test reads it: a positive definite input is tested symmetric too
_PROPERTY_SAID = {
    "positive definite": "symmetric positive definite",
    "positive semidefinite": "symmetric positive semidefinite",
}


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
    #: names the prose says what they are only in words ("L, the largest eigenvalue of A^T A"): where, and the words
    in_words: dict[str, tuple[Span, str]] = field(default_factory=dict)
    #: where each of :attr:`conditions` was said, by its LaTeX (``run --help-inputs`` says it)
    condition_origins: dict[str, Origin] = field(default_factory=dict)
    #: families numbered from a formula (``u_{k+1}, \dots, u_N``): name → (first index, last index)
    starts: dict[str, tuple[M.MathNode, M.MathNode]] = field(default_factory=dict)

    @property
    def names(self) -> list[str]:
        """The input names, in order of declaration (sizes carried by another input or a family excluded)."""
        sizes = set(self.sizes) | set(self.families.values())
        return [d.name for d in self.inputs if d.name not in sizes]

    def add_condition(self, tree: M.MathNode, text: str, origin: Origin | None) -> None:
        """A relation on the inputs together (``a d - b c \ne 0``), tested on entry, and where it was said."""
        self.conditions.append((tree, text))
        if origin is not None:
            self.condition_origins.setdefault(text, origin)

    def get(self, name: str) -> Declared | None:
        """The declaration of ``name``, if any."""
        return next((d for d in self.inputs if d.name == name), None)

    def said_in_words(self, name: str, line_of: Callable[[int], int]) -> str | None:
        """``the prose at line 5 says what it is only in words (…), which a run cannot compute``, or ``None``.

        ``name`` is the identifier or its LaTeX (a run's message writes the latter).
        """
        said = self.in_words.get(name)
        if said is None:
            said = next((s for n, s in self.in_words.items() if identifier_latex(n) == name), None)
        whose = ""
        if said is None and name[:1].islower() and (capital := name[:1].upper() + name[1:]) in self.in_words:
            # d_{ii} of "write D for the diagonal part of A": the entries of D, by the usual convention
            said, whose = self.in_words[capital], f"it reads the entries of {capital}, and "
        if said is None:
            return None
        line = line_of(said[0].start)
        what = "that" if whose else "it"
        said_at = f"the prose at line {line} says what {what} is only in words ({said[1]})"
        return f"{whose}{said_at}, which a run cannot compute"

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
            {**other.in_words, **self.in_words},
            {**other.condition_origins, **self.condition_origins},
            {**other.starts, **self.starts},
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
            # … and a_2, …, a_n (Thomas's subdiagonal): n is the last index, one more than the length
            what = "last index" if family.last == size and family.first != 1 else "length"
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
