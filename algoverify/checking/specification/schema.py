"""The check spec's schema, as data: every key of a note's ``algoverify:`` section and of each check kind.

One table is the source of both the validation and the README's reference ("The check spec"):
each :class:`Key` has a type, whether it is required, its default (as the README shows it) and a
one-line description. :func:`problems` checks a value against a type — unknown keys at every
level, wrong types, missing keys — and returns where (a path of keys) and what is wrong;
:mod:`~algoverify.checking.specification.spec` turns those into located findings. A key whose value names
something else in the note (a listing, a block, a statement, a generator, a module function)
says so in ``refers``, and :mod:`~algoverify.checking.specification.spec` resolves it.

``python -m algoverify.checking.specification.schema`` prints the README's tables (:func:`markdown`); a test
checks that the README holds exactly them. Nothing here imports numpy or sympy: ``lint`` uses it.
"""

from __future__ import annotations

import ast
import difflib
import functools
import math
import re
from typing import Any, Iterator

from ...records import frozen

__all__ = [
    "Key",
    "Type",
    "Problem",
    "SECTION",
    "CHECK",
    "KINDS",
    "GENERATORS",
    "kind_keys",
    "problems",
    "check_call",
    "markdown",
]


# --- types ------------------------------------------------------------------------------------


class Type:
    """A value's type: :meth:`problem` says what is wrong with a value (``None`` when it fits)."""

    def describe(self) -> str:
        """The type in words, as messages and the README say it (``a positive integer``)."""
        raise NotImplementedError

    def problem(self, value: Any) -> str | None:
        """``None`` when ``value`` fits, else ``must be …, got …`` (without the key)."""
        return None if self.fits(value) else f"must be {self.describe()}, got {_shown(value)}"

    def fits(self, value: Any) -> bool:
        """Whether ``value`` has this type (its own level only: nested keys are checked by :func:`problems`)."""
        raise NotImplementedError


def _shown(value: Any) -> str:
    # LaTeX as the note writes it ('\nabla f(x)'), never with repr's doubled backslashes
    text = f"'{value}'" if isinstance(value, str) and "'" not in value else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def as_number(value: Any) -> float | None:
    """A number, or text that reads as one: YAML 1.1 reads ``1e-5`` (no dot) as text."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.strip())
        except ValueError:
            return None
    return None


@frozen
class Text(Type):
    """Text (``what`` says what kind: ``LaTeX``, a path …)."""

    what: str = "text"

    def describe(self) -> str:
        return self.what

    def fits(self, value: Any) -> bool:
        return isinstance(value, str)


@frozen
class Identifier(Text):
    """A name reports and ``--check`` quote: letters, digits, ``-``, ``_``, ``.``; no spaces or control characters."""

    what: str = "a name (letters, digits, `-`, `_`, `.`)"

    def fits(self, value: Any) -> bool:
        return isinstance(value, str) and re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}", value) is not None


#: The most trials one check may ask for: a spec cannot make a run last for days
#: (``trials: 1000000000``); a hundred thousand is far past what shrinking needs.
MAX_TRIALS = 100_000


@frozen
class Integer(Type):
    """A whole number (YAML ``true`` is not one), at least ``minimum``."""

    minimum: int | None = None
    maximum: int | None = None

    def describe(self) -> str:
        text = {None: "an integer", 0: "a non-negative integer", 1: "a positive integer"}.get(
            self.minimum, f"an integer ≥ {self.minimum}"
        )
        return text if self.maximum is None else f"{text} up to {self.maximum:,}"

    def fits(self, value: Any) -> bool:
        return (
            _is_int(value)
            and (self.minimum is None or value >= self.minimum)
            and (self.maximum is None or value <= self.maximum)
        )


@frozen
class Number(Type):
    """A finite number, non-negative (or positive); text that reads as a number counts (``1e-5``)."""

    positive: bool = False

    def describe(self) -> str:
        return "a positive number" if self.positive else "a non-negative number"

    def fits(self, value: Any) -> bool:
        x = as_number(value)
        return x is not None and math.isfinite(x) and (x > 0 if self.positive else x >= 0)


@frozen
class Boolean(Type):
    """``true``/``false``; with ``only``, that value alone (``terminates: true``)."""

    only: bool | None = None

    def describe(self) -> str:
        return "true or false" if self.only is None else str(self.only).lower()

    def fits(self, value: Any) -> bool:
        return isinstance(value, bool) and (self.only is None or value is self.only)


@frozen
class Choice(Type):
    """One of a few values."""

    values: tuple[Any, ...]

    def describe(self) -> str:
        return (
            " or ".join(str(v) for v in self.values)
            if len(self.values) < 3
            else "one of " + ", ".join(str(v) for v in self.values)
        )

    def fits(self, value: Any) -> bool:
        return any(value == v and type(value) is type(v) for v in self.values)


@frozen
class Either(Type):
    """Any of several types (``listing: 2`` or ``listing: LayerNorm``)."""

    options: tuple[Type, ...]

    def describe(self) -> str:
        return " or ".join(o.describe() for o in self.options)

    def fits(self, value: Any) -> bool:
        return any(o.fits(value) for o in self.options)


@frozen
class Anything(Type):
    """Any value (an input may be a number, a list, a generator call, a mapping for a map input)."""

    what: str = "a value"

    def describe(self) -> str:
        return self.what

    def fits(self, value: Any) -> bool:
        return True


@frozen
class ListOf(Type):
    """A list whose items all have one type."""

    item: Type

    def describe(self) -> str:
        if isinstance(self.item, Record):
            return "a list of mappings with keys " + ", ".join(k.name for k in self.item.keys)
        return f"a list of {_plural(self.item.describe())}"

    def fits(self, value: Any) -> bool:
        return isinstance(value, list)


@frozen
class Codes(Type):
    """Finding codes or prefixes (``AV202``, ``AV2``), one or a list."""

    def describe(self) -> str:
        return "finding codes, like [AV202, AV6]"

    def fits(self, value: Any) -> bool:
        from ...findings import RULES

        items = [value] if isinstance(value, str) else value
        return isinstance(items, list) and all(
            isinstance(c, str)
            and re.fullmatch(r"AV\d{0,3}", c, re.I) is not None
            and any(code.startswith(c.upper()) for code in RULES)
            for c in items
        )


@frozen
class MapOf(Type):
    """A mapping with keys the note chooses (``inputs: {NAME: VALUE}``).

    ``key`` names the keys in messages and the README; ``key_type`` checks them (a statement is a
    line number or text); ``key_pattern`` is a regular expression they must match;
    ``key_refers`` says what they name.
    """

    key: str
    value: Type
    key_type: Type | None = None
    key_pattern: str | None = None
    key_refers: str | None = None

    def describe(self) -> str:
        return f"a mapping {self.key} → {self.value.describe()}"

    def fits(self, value: Any) -> bool:
        return isinstance(value, dict)


@frozen
class Record(Type):
    """A mapping with fixed keys (``compare: {OUTPUT: {rtol, atol, sign, equal_nan}}``'s entries, ``expect:``)."""

    keys: tuple[Key, ...]

    def describe(self) -> str:
        return "a mapping with keys " + ", ".join(k.name for k in self.keys)

    def fits(self, value: Any) -> bool:
        return isinstance(value, dict)

    def key(self, name: str) -> Key | None:
        """The key called ``name``."""
        return next((k for k in self.keys if k.name == name), None)


def _plural(words: str) -> str:
    """``a check`` → ``checks``, ``text`` → ``texts``."""
    bare = words.removeprefix("a ").removeprefix("an ")
    return bare if bare.endswith("s") else bare + "s"


@frozen
class Key:
    """One key of the spec: its type, whether it is required, its default, what it means.

    ``default`` is the default as the README shows it (``None``: no default, the key is optional
    or required). ``refers`` names what the value points at, resolved by
    :mod:`~algoverify.checking.specification.spec`: ``listing``, ``python`` / ``mermaid`` / ``math`` (a block
    by 1-based index), ``function`` (of the note's module, or ``numpy.…``), ``values``
    (generator calls), ``module`` (a file beside the note).
    """

    name: str
    type: Type
    doc: str
    required: bool = False
    default: str | None = None
    refers: str | None = None


# --- the schema --------------------------------------------------------------------------------

LATEX = Text("LaTeX")
_EXACT_COUNT = Either((Integer(0), Text("LaTeX over the inputs")))
#: A count from a run's trace: exact (``3``, ``2 k``), or bounds (``{at_most: '\lceil \log_2 n \rceil + 1'}``).
COUNT = Either(
    (
        Integer(0),
        Text("LaTeX over the inputs"),
        Record(
            (
                Key("at_most", _EXACT_COUNT, "an upper bound"),
                Key("at_least", _EXACT_COUNT, "a lower bound"),
            )
        ),
    )
)
STATEMENT = Either((Integer(1), Text("a statement")))
VALUES = MapOf("NAME", Anything("a number, a list or a generator call"))
LISTING = Either((Integer(1), Text("a caption or function name")))
_LET_KEY = r"[A-Za-z_]\w*(\(\s*[A-Za-z_]\w*(\s*,\s*[A-Za-z_]\w*)*\s*\))?"
_SEED_HINT = "`seed:` is set for the whole note, next to `checks:`"

#: The keys of the ``algoverify:`` section itself.
SECTION: tuple[Key, ...] = (
    Key(
        "module",
        Text("a path"),
        "a Python file beside the note, or anywhere under the folder of the project's configuration (its "
        "`algoverify.toml`, or `pyproject.toml` with `[tool.algoverify]`): references, generators, `BINDINGS`, "
        "`FUNCTIONS`",
        refers="module",
    ),
    Key("seed", Integer(0), "the seed of every check's trials", default="`--seed`, else the project's, else 0"),
    Key(
        "trials",
        Integer(1, MAX_TRIALS),
        "trials per check, where a check does not say",
        default="`--trials`, else the project's `trials`, else 100 (at least 20 once the listing has run 200,000 statements; see below)",
    ),
    Key(
        "rtol",
        Number(),
        "the relative tolerance of every check of the note that sets none",
        default="the project's `rtol`, else the kind's",
    ),
    Key(
        "atol",
        Number(),
        "the absolute tolerance of every check of the note that sets none",
        default="the project's `atol`, else the kind's",
    ),
    Key(
        "index_base",
        Choice((0, 1)),
        "where the listings' arrays count from",
        default="the project's `index-base`, else 1",
    ),
    Key("ignore", Codes(), "finding codes (or prefixes) silenced everywhere in the note"),
    Key("checks", ListOf(Anything("a check")), "the checks, each a mapping with a `kind:` (below)", default="none"),
    Key(
        "unchecked",
        ListOf(
            Record(
                (
                    Key(
                        "sentence",
                        Text(),
                        "the sentence, or a piece of it, as `claim:` quotes one; `AV407` when the prose no longer "
                        "has it",
                        required=True,
                    ),
                    Key("reason", Text(), "why no check can back it, shown by `algoverify claims`", required=True),
                )
            )
        ),
        "sentences that state something checkable and that no check backs, each with the reason: they are "
        "not reported as `AV604`",
        default="none",
    ),
)

#: Keys every check has, whatever its kind.
CHECK: tuple[Key, ...] = (
    Key(
        "kind",
        Choice(("reference", "property", "contract", "snippet", "structure", "equation")),
        "what the check does (below)",
        required=True,
    ),
    Key(
        "id",
        Either((Identifier(), Integer())),
        "the check's name in reports (unique in the note)",
        default="`KIND-N`, N its position",
    ),
    Key(
        "claim",
        Text(),
        "the sentence of the prose the check backs, verbatim as written or as the page renders it (emphasis, "
        "links, curly quotes, non-breaking spaces; its first letter's case and line breaks may differ): reports "
        "show it with its line; `AV407` (from `lint` too) when the prose no longer has it",
    ),
    Key(
        "known",
        Text(),
        "why the claim is expected to be false: the check passes while algoverify refutes it, and fails with `AV406` "
        "once the claim holds (a strict xfail)",
    ),
)

#: Keys of the checks that run a listing or draw inputs (reference, property, contract).
#: An input the listing takes given as a formula of other draws (``f(t): 't^3 - c'`` of a drawn ``c``), as a
#: property check gives it: Ridders' contract and Halley's reference check took their ``f`` so, twice
_GIVEN_BY_LET: tuple[Key, ...] = (
    Key("draw", VALUES, "symbols drawn for `let:`, after `inputs:` (the listing does not take them)", refers="values"),
    Key("let", MapOf("NAME or NAME(PARAMS)", LATEX, key_pattern=_LET_KEY),
        "inputs of the listing given as formulas of the draws: values (`x_0: '\\sqrt{a}'`) and functions "
        "(`f(t): 't^{3} - c'`), as for `property`"),
)  # fmt: skip

_RUN: tuple[Key, ...] = (
    Key(
        "trials",
        Integer(1, MAX_TRIALS),
        "seeded trials; the first that fails is shrunk and reported",
        default="`--trials`, else the note's `trials:`, else 100 (at least 20 once the listing has run 200,000 statements)",
    ),
    Key(
        "budget",
        Number(positive=True),
        "seconds all trials and the shrinking of a failure may take together; shrinking spends at most a quarter "
        "of what is left",
        default="30",
    ),
    Key(
        "inputs",
        VALUES,
        "the listing's inputs, drawn in order each trial: numbers, lists, generator calls (below)",
        refers="values",
    ),
    Key("max_steps", Integer(1), "loop iterations one run of the listing may take", default="20000"),
    Key("timeout", Number(positive=True), "seconds one run of the listing may take", default="10"),
)

_TOLERANCE = (
    Key("rtol", Number(), "relative tolerance", default="the check's `rtol`"),
    Key("atol", Number(), "absolute tolerance", default="the check's `atol`"),
    Key("sign", Boolean(), "also accept the negated output (an eigenvector's sign)", default="false"),
    Key(
        "equal_nan",
        Boolean(),
        "NaN equals NaN in the same position (as `numpy.testing`)",
        default="the check's `equal_nan`",
    ),
)

_EXPECT = (
    Key("terminates", Boolean(only=True), "the run stops without error (every contract requires it)"),
    Key(
        "runs",
        MapOf("STATEMENT", COUNT, key_type=Either((Integer(1), Text())), key_refers="statement"),
        "times a statement runs; the statement by its `\\label`, its line in the note or a piece of its source (below)",
    ),
    Key("assigned", MapOf("NAME", COUNT), "times a variable is assigned"),
    Key(
        "calls",
        MapOf("FUNCTION", COUNT),
        "times a function is called by name: a `\\Function` of the note, or one of the module's `FUNCTIONS`",
    ),
    Key("backward", COUNT, "gradient evaluations (the `backward` counter)"),
    Key("iterations", COUNT, "loop iterations, all loops together"),
)

#: a precondition on the draws of a reference or contract check (a property check's `given:` may also read its run)
_GIVEN = Key(
    "given",
    LATEX,
    "a precondition on the drawn inputs (`\\lVert v \\rVert > 0`): trials where it is false are skipped",
)

#: whether sympy tries a proof beside the trials (the kinds that attempt one)
_PROVE = Key(
    "prove",
    Boolean(),
    "try to prove the claim with sympy beside the trials; `false`: the trials alone (a proof that cannot "
    "succeed costs nothing then)",
    default="the project's `prove`, else true",
)

#: Keys of each kind, beyond :data:`CHECK`.
KINDS: dict[str, tuple[Key, ...]] = {
    "reference": (
        Key("listing", LISTING, "the listing: 1-based index, caption (or its start) or `\\Function` name; "
            "or, instead, `snippet:` and `function:`",
            refers="listing"),
        Key("snippet", Integer(1), "a Python block (1-based) whose function `function:` is checked instead of a "
            "listing, in the snippet sandbox", refers="python"),
        Key("function", Text("a function name"), "the function of `snippet:` to check; its parameters are its inputs"),
        Key("reference", Text("a function name"),
            "a function of the module, called with the listing's inputs by name, or `numpy.…`, called "
            "with them by position in the listing's order (as many as it requires: `numpy.linalg.solve` "
            "takes `A, b` of `A, b, ω, ε`); one value per output, in order, or a dict by output name "
            "(the outputs it leaves out are not compared, and the verdict says so)",
            required=True, refers="function"),
        *_RUN,
        _GIVEN,
        *_GIVEN_BY_LET,
        Key("compare", MapOf("OUTPUT", Record(_TOLERANCE)), "per-output tolerances and symmetries"),
        Key("rtol", Number(), "relative tolerance of every output", default="1e-7"),
        Key("atol", Number(), "absolute tolerance of every output", default="1e-9"),
        Key("equal_nan", Boolean(),
            "a NaN of an output equals a NaN of the reference in the same position, as `numpy.testing` has it; "
            "`false`: any NaN is a mismatch", default="true"),
        _PROVE,
    ),
    "property": (
        Key("holds", LATEX, "the relation that must hold on every trial", required=True),
        Key("listing", LISTING,
            "a listing to run first: the relation sees its inputs, every variable it assigned (last value) and its "
            "outputs",
            refers="listing"),
        *_RUN,
        Key("snippet", Integer(1),
            "a Python block (1-based) whose functions the relation calls by name (`\\mathrm{softmax}(z + c)`): the "
            "block runs once per check in the snippet sandbox, and each call is answered there",
            refers="python"),
        Key("as", Text("a name"),
            "call the listing by this name in `holds:`, `let:`, `given:` (`f(x + c) = f(x)`: two runs in one trial), "
            "its inputs by position in the listing's order, instead of running it once first; a listing of "
            "several outputs gives them all, each by its name or position (`f(x).lam`, `f(x)_{1}`; "
            "`let: {L(x): 'f(x).lam'}`); a `\\Function` of the note is callable by its own name without it"),
        Key("arithmetic", Choice(("float", "exact")),
            "`exact`: each trial runs the listing twice, in floats and exactly (rationals, and the roots made of "
            "them), and `holds:` sees "
            "each output and variable `y` of the exact run as `y^{(\\mathrm{exact})}` beside the float `y` "
            "(a round-off bound: `\\lvert s - s^{(\\mathrm{exact})} \\rvert \\le …`)",
            default="float"),
        Key("at", STATEMENT,
            "an invariant: the relation is checked each time the statement is about to run (named as in "
            "`expect.runs`), and a failure says on which pass", refers="statement"),
        Key("after", STATEMENT,
            "an invariant checked each time the statement has run (a block: when it is left)", refers="statement"),
        Key("draw", VALUES, "symbols drawn for the relation, after `inputs:`", refers="values"),
        Key("let", MapOf("NAME or NAME(PARAMS)", LATEX, key_pattern=_LET_KEY),
            "definitions the relation uses: values (`G: 'X X^{\\top}'`) and functions (`M(T): …`)"),
        Key("given", LATEX, "a precondition: trials where it is false are skipped"),
        Key("equation", Integer(1), "the display equation (1-based) the check backs", refers="math"),
        Key(
            "rtol",
            Number(),
            "relative tolerance of `=`, `\\le`, `\\ge` (`a \\le b` holds when a ≤ b + atol + rtol·∣b∣; "
            "`<`, `>` are exact; `\\approx` takes at least 1e-3): set `rtol: 0, atol: 0` for an exact `\\le`",
            default="1e-6",
        ),
        Key("atol", Number(), "absolute tolerance of `=`, `\\le`, `\\ge` (see `rtol`)", default="1e-9"),
        _PROVE,
    ),
    "contract": (
        Key("listing", LISTING, "the listing (as for `reference`)", required=True, refers="listing"),
        Key("expect", Record(_EXPECT),
            "counts from the run's trace; a count is a number or LaTeX over the inputs (`k`, `2 k`)", required=True),
        *_RUN,
        _GIVEN,
        *_GIVEN_BY_LET,
    ),
    "snippet": (
        Key("block", Integer(1), "the Python block (1-based) to run, in a subprocess", required=True, refers="python"),
        Key("quotes", ListOf(Text()),
            "texts the prose quotes; each must be in what the block prints (numbers at the precision quoted)",
            required=True),
        Key("timeout", Number(positive=True), "seconds the block may run", default="10"),
        Key("memory_mb", Integer(1), "megabytes the block may use", default="1024"),
    ),
    "equation": (
        Key("listing", LISTING, "the listing (as for `reference`)", required=True, refers="listing"),
        Key("equation", Integer(1),
            "the display equation (1-based) `name = expression` the listing computes: `name` an output or a "
            "variable of the listing (or an entry of one, `c_n`), the expression over its inputs and `let:`; "
            "or, instead, `holds:`",
            refers="math"),
        Key("holds", LATEX, "the equation as LaTeX, when the note does not display it"),
        Key("let", MapOf("NAME or NAME(PARAMS)", LATEX, key_pattern=_LET_KEY),
            "definitions the equation uses (as for `property`)"),
        *_RUN,
        Key("rtol", Number(), "relative tolerance of the trials' `=`", default="1e-6"),
        Key("atol", Number(), "absolute tolerance of the trials' `=`", default="1e-9"),
        _PROVE,
    ),
    "structure": (
        Key("block", Integer(1),
            "the mermaid block (1-based): one start, every node reachable, every path reaching an end, labelled "
            "distinct exits on decisions",
            required=True, refers="mermaid"),
    ),
}  # fmt: skip

#: Where a key given in the wrong place belongs.
HINTS = {
    "seed": _SEED_HINT,
    "let": "`let:` gives a listing's inputs (property, equation, reference and contract checks); a function a "
    'snippet takes is drawn from a generator of the note\'s module that returns it (`f: "quadratic(m)"`, a '
    "function `@register()`ed in `module:`)",
    # a reference check beside the display its listing computes: "did you mean function?" helped no one
    "equation": "`equation:` is a property or equation check's, which tests the display itself (a property check "
    "with `equation: N` and the display's relation in `holds:`); a reference check covers the listing",
}


def kind_keys(kind: str) -> tuple[Key, ...]:
    """Every key a check of ``kind`` may have: :data:`CHECK`'s, then the kind's."""
    return CHECK + KINDS[kind]


#: The built-in input generators, each with its parameters after the random generator, in
#: Python's notation. :mod:`algoverify.running.generators` defines them (with numpy); ``lint``
#: reads this table instead, and a test checks that the two agree.
GENERATORS: dict[str, str] = {
    "randn": "(*shape, scale=1.0)",
    "uniform": "(low=0.0, high=1.0, *shape)",
    "loguniform": "(low, high)",
    "integers": "(low, high, *shape)",
    "symmetric": "(n)",
    "spd": "(n, cond=None)",
    "orthogonal": "(n)",
    "simplex": "(n)",
    "onehot": "(n)",
    "batches": "(k, size=None, dim=1)",
    "constant": "(value, *shape)",
}


@functools.cache
def _signature(name: str) -> ast.arguments:
    """The parameters of the built-in generator ``name``, read once from :data:`GENERATORS` (our own text)."""
    tree = ast.parse(f"def f{GENERATORS[name]}: pass").body[0]
    assert isinstance(tree, ast.FunctionDef)
    return tree.args


def check_call(name: str, positional: int, keywords: list[str]) -> str | None:
    """What is wrong with calling the built-in generator ``name`` this way (``None``: nothing).

    Python's own rules, read from :data:`GENERATORS`: too many arguments, an unknown or a
    repeated keyword, a parameter without default left out.
    """
    args = _signature(name)
    params = [a.arg for a in args.args]
    required = params[: len(params) - len(args.defaults)]
    if positional > len(params) and args.vararg is None:
        return f"{name} takes at most {len(params)} argument(s), got {positional}"
    known = set(params) | {a.arg for a in args.kwonlyargs}
    for kw in keywords:
        if kw not in known:
            close = difflib.get_close_matches(kw, sorted(known), n=1)
            hint = f" (did you mean {close[0]}?)" if close else ""
            return f"{name} has no parameter {kw}{hint}; it takes {name}{GENERATORS[name]}"
        if kw in params[:positional]:
            return f"{name} got {kw} twice, by position and by name"
    missing = [p for p in required[positional:] if p not in keywords]
    if missing:
        return f"{name} needs {', '.join(missing)}; it takes {name}{GENERATORS[name]}"
    return None


# --- validation --------------------------------------------------------------------------------


@frozen
class Problem:
    """What is wrong at ``path`` (keys and list indexes below the value checked; ``()`` is the value itself)."""

    path: tuple[Any, ...]
    message: str


def dotted(path: tuple[Any, ...]) -> str:
    """A path as messages show it: ``compare.v.rtol``, ``quotes[2]``."""
    out = ""
    for step in path:
        out += f"[{step + 1}]" if isinstance(step, int) and out else ("." if out else "") + str(step)
    return out


def problems(value: Any, typ: Type, path: tuple[Any, ...] = ()) -> Iterator[Problem]:
    """Every problem of ``value`` against ``typ``, nested keys included, in the order they are written."""
    own = typ.problem(value)
    if own is not None:
        yield Problem(path, f"{dotted(path) or 'the value'} {own}")
        return
    if isinstance(typ, Either):  # check below the alternative that fits
        yield from problems(value, next(o for o in typ.options if o.fits(value)), path)
    elif isinstance(typ, ListOf):
        for i, item in enumerate(value):
            yield from problems(item, typ.item, path + (i,))
    elif isinstance(typ, MapOf):
        for k, v in value.items():
            if typ.key_type is not None and not typ.key_type.fits(k):
                yield Problem(path + (k,), f"{dotted(path)}: key {_shown(k)} must be {typ.key_type.describe()}")
            elif typ.key_pattern is not None and not (isinstance(k, str) and re.fullmatch(typ.key_pattern, k.strip())):
                # let: {'\nabla f(x)': 'A x - b'}: the function is what a let: gives, its gradient is taken
                hint = " (give f(x) itself: \\nabla f(y) differentiates it)" if str(k).startswith("\\nabla") else ""
                yield Problem(path + (k,), f"{dotted(path)}: key {_shown(k)} must be {typ.key}{hint}")
            else:
                yield from problems(v, typ.value, path + (k,))
    elif isinstance(typ, Record):
        yield from record_problems(value, typ.keys, path, where=f"in {dotted(path)}" if path else "")


def record_problems(
    value: dict[Any, Any], keys: tuple[Key, ...], path: tuple[Any, ...] = (), *, where: str = "", needs: str = ""
) -> Iterator[Problem]:
    """Unknown keys (with a did-you-mean), missing required keys, then each key's own problems.

    :param where: how messages name this mapping (``for a reference check``, ``in compare.v``).
    :param needs: how a missing key is said (``a reference check needs``); default ``X needs``.
    """
    names = [k.name for k in keys]
    for k in value:
        if k not in names:
            yield Problem(path + (k,), unknown_key(k, names, where))
    missing = [k.name for k in keys if k.required and k.name not in value]
    if missing:
        yield Problem(path, f"{needs or (dotted(path) + ' needs')} {', '.join(missing)}")
    for key in keys:
        if key.name in value:
            yield from problems(value[key.name], key.type, path + (key.name,))


def unknown_key(name: Any, known: list[str], where: str) -> str:
    """``unknown key rtoll in compare.v (did you mean rtol?)``, or the keys it may have."""
    text = f"unknown key {name}" + (f" {where}" if where else "")
    close = difflib.get_close_matches(str(name), known, n=1, cutoff=0.6)
    if str(name) in HINTS:
        return f"{text}: {HINTS[str(name)]}"
    if close:
        return f"{text} (did you mean {close[0]}?)"
    return f"{text}; the keys are {', '.join(known)}"


# --- the README's reference ---------------------------------------------------------------------

README_BEGIN = (
    "<!-- check-spec keys: generated by `python -m algoverify.checking.specification.schema`; "
    "edit schema.py, not this table -->"
)
README_END = "<!-- end of check-spec keys -->"


def rows(keys: tuple[Key, ...], prefix: str = "") -> Iterator[tuple[str, Key]]:
    """``(path, key)`` for every key and nested key: ``compare.OUTPUT.rtol``, ``expect.runs``."""
    for key in keys:
        path = prefix + key.name
        yield path, key
        typ = key.type
        if isinstance(typ, MapOf) and isinstance(typ.value, Record):
            yield from rows(typ.value.keys, f"{path}.{typ.key}.")
        elif isinstance(typ, ListOf) and isinstance(typ.item, Record):
            yield from rows(typ.item.keys, f"{path}[].")
        elif isinstance(typ, Record):
            yield from rows(typ.keys, f"{path}.")


def _table(keys: tuple[Key, ...]) -> list[str]:
    out = ["| key | type | default | meaning |", "| --- | --- | --- | --- |"]
    for path, key in rows(keys):
        default = "**required**" if key.required else (key.default or "")
        typ = key.type.describe().replace("|", "\\|")
        out.append(f"| `{path}` | {typ} | {default} | {key.doc} |")
    return out


def markdown() -> str:
    """The README's tables of keys: the section, every check, each kind."""
    lines = [README_BEGIN, "", "The section, `algoverify:`:", "", *_table(SECTION)]
    lines += ["", "Every check:", "", *_table(CHECK)]
    for kind, keys in KINDS.items():
        lines += ["", f"`kind: {kind}`:", "", *_table(keys)]
    lines += ["", README_END]
    return "\n".join(lines)


def all_key_paths() -> set[str]:
    """Every key path the README lists, each qualified by where it stands (``reference: compare.OUTPUT.rtol``)."""
    out = {f"algoverify: {p}" for p, _ in rows(SECTION)} | {f"check: {p}" for p, _ in rows(CHECK)}
    for kind, keys in KINDS.items():
        out |= {f"{kind}: {p}" for p, _ in rows(keys)}
    return out


if __name__ == "__main__":  # pragma: no cover - a maintainer's tool
    print(markdown())
