"""Values written as text (``--set A=[[2,1],[1,3]]``, ``v=randn(2)``) → Python/NumPy values, without eval.

The text is parsed with ``grammars/values.lark``; lists become float arrays, integers stay
``int``, and calls are looked up in :mod:`algoverify.running.generators` and drawn from the run's
seeded random generator.
"""

from __future__ import annotations

import operator
import re
from typing import Any, Callable

import numpy as np

from ..math.mathexpr import digits_to_int
from ..math.ops import MAX_INT_DIGITS
from ..syntax.grammar import value_tree
from .generators import CLASSES, GeneratorError, generate
from .structured import member

__all__ = [
    "ValueSyntaxError",
    "parse_value",
    "parse_assignment",
    "parse_assignments",
    "read_value_file",
    "given_values",
    "value_class",
    "generator_call",
    "structured_value",
    "split_call",
    "sizes_of",
    "shortened",
]


def shortened(text: str | None, limit: int = 80) -> str:
    """``text`` as a message quotes it: whole when short, else its start and its length."""
    text = text or ""
    return text if len(text) <= limit else f"{text[: limit - 20]}… ({len(text):,} characters)"


class ValueSyntaxError(ValueError):
    """The text of a value does not parse; ``column`` is 1-based within the text.

    ``setting`` is the ``NAME=VALUE`` text it came from, when it came from one; ``unknown`` the
    name a value refers to that nothing defines.
    """

    def __init__(self, message: str, column: int | None = None, *, unknown: str | None = None):
        super().__init__(message)
        self.column = column
        self.unknown = unknown
        self.setting: str | None = None

    def shown(self) -> str:
        """The message as ``run`` prints it: after the ``--set`` it is about, when it is about one."""
        return f"--set {shortened(self.setting)}: {self}" if self.setting is not None else str(self)


_ARITHMETIC = {"add": operator.add, "sub": operator.sub, "mul": operator.mul}


def _build(tree: Any, rng: np.random.Generator, names: dict[str, Any] | None = None) -> Any:
    from lark import Token

    if isinstance(tree, Token):
        raise ValueSyntaxError(f"unexpected {tree!s}")
    kind = tree.data
    if kind == "number":
        text = str(tree.children[0])
        if not text.lstrip("+-").isdigit():
            return float(text)
        digits = text.lstrip("+-")
        if len(digits) > MAX_INT_DIGITS:
            raise ValueSyntaxError(
                f"an integer of {len(digits):,} digits: values are limited to {MAX_INT_DIGITS:,} digits"
            )
        return -digits_to_int(digits) if text.startswith("-") else digits_to_int(digits)
    if kind in ("inf", "neg_inf"):
        return float("inf") if kind == "inf" else float("-inf")
    if kind == "string":
        return str(tree.children[0])[1:-1]
    if kind == "name" and str(tree.children[0]) in ("None", "none", "null"):
        return None  # an argument left to the generator's default: `batches(3, None, 2)`
    if kind == "name" and names is not None and str(tree.children[0]) in names:
        return names[str(tree.children[0])]  # an earlier input: `A: spd(n)` after `n: integers(1, 6)`
    if kind == "name":
        name = str(tree.children[0])
        raise ValueSyntaxError(f"unknown name {name} (write a number, a list or a generator call)", unknown=name)
    if kind in ("list", "tuple"):
        items = [_build(c, rng, names) for c in tree.children if c is not None]
        return _as_array(items) if kind == "list" else tuple(items)
    if kind in _ARITHMETIC:
        a, b = (_build(c, rng, names) for c in tree.children)
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (a, b)):
            raise ValueSyntaxError(f"{kind} of {a!r} and {b!r}: arithmetic here is on numbers (sizes, parameters)")
        return _ARITHMETIC[kind](a, b)
    if kind == "call":
        args, kwargs = _arguments(tree, rng, names)
        try:
            return generate(str(tree.children[0]), rng, *args, **kwargs)
        except GeneratorError as exc:
            raise ValueSyntaxError(str(exc)) from exc
    raise ValueSyntaxError(f"unsupported value {kind}")


def _arguments(call: Any, rng: np.random.Generator, names: dict[str, Any] | None) -> tuple[list[Any], dict[str, Any]]:
    """The positional and keyword arguments of a generator call, built."""
    args, kwargs = [], {}
    for a in call.children[1:]:
        if a is None:
            continue
        if getattr(a, "data", None) == "keyword":
            kwargs[str(a.children[0])] = _build(a.children[1], rng, names)
        else:
            args.append(_build(a, rng, names))
    return args, kwargs


def _as_array(items: list[Any]) -> Any:
    if any(isinstance(i, (list, np.ndarray)) and np.ndim(i) == 0 for i in items):
        return items
    try:
        return np.array(items, dtype=float)
    except (ValueError, TypeError):
        return items  # ragged: a list of arrays (micro-batches of different sizes)


def parse_value(text: str, rng: np.random.Generator | None = None, names: dict[str, Any] | None = None) -> Any:
    """Parse the text of one value and build it; generator calls draw from ``rng``.

    :param names: values a name may refer to (the inputs drawn before this one).
    """
    from lark.exceptions import LarkError, UnexpectedInput

    src = text.strip()
    if not src:
        raise ValueSyntaxError("empty value", 1)
    shown = shortened(text, 60)
    try:
        tree = value_tree(src)
    except UnexpectedInput as exc:
        col = getattr(exc, "column", None)
        raise ValueSyntaxError(f"cannot read value {shown!r} at column {col}", col) from None
    except LarkError as exc:
        raise ValueSyntaxError(f"cannot read value {shown!r}: {exc}") from None
    except RecursionError:
        raise ValueSyntaxError(f"cannot read value {shown!r}: nested too deeply") from None
    try:
        return _build(tree, rng if rng is not None else np.random.default_rng(), names)
    except RecursionError:
        raise ValueSyntaxError(f"cannot read value {shown!r}: nested too deeply") from None


def parse_assignment(
    text: str, rng: np.random.Generator | None = None, names: dict[str, Any] | None = None
) -> tuple[str, Any]:
    """Parse ``NAME=VALUE`` (as given to ``--set``) into the name and the built value.

    :param names: values the value may refer to by name (``x=randn(n)`` with ``n`` set).
    """
    name, sep, value = text.partition("=")
    name = name.strip()
    if not sep or not name:
        raise ValueSyntaxError(f"expected NAME=VALUE, got {text!r}")
    return name, parse_value(value, rng, names)


def parse_assignments(texts: list[str], rng: np.random.Generator | None = None) -> dict[str, Any]:
    """Parse several ``NAME=VALUE`` settings; a value may name another setting, in any order.

    ``--set n=4 --set 'x=randn(n)'`` draws ``x`` with 4 entries, as a spec's ``x: "randn(n)"``
    does after ``n``. Settings are built in the order given, each one that names a setting not
    built yet after it. Raises :class:`ValueSyntaxError` with ``setting`` set to the text at fault.
    """
    given = {text.partition("=")[0].strip() for text in texts if "=" in text}
    values: dict[str, Any] = {}
    pending = list(texts)
    while pending:
        waiting = []
        for text in pending:
            try:
                name, value = parse_assignment(text, rng, values)
            except ValueSyntaxError as exc:
                if exc.unknown is not None and exc.unknown in given and exc.unknown not in values:
                    waiting.append(text)  # names a setting built later
                    continue
                exc.setting = text
                raise
            values[name] = value
        if len(waiting) == len(pending):  # settings that name each other: none can be built first
            text = waiting[0]
            exc = ValueSyntaxError(f"{text.partition('=')[0].strip()} and the settings it names refer to each other")
            exc.setting = text
            raise exc
        pending = waiting
    return values


#: The largest file ``--set-file`` reads (a counterexample of a 5,000 × 5,000 matrix is about 500 MB).
VALUE_FILE_LIMIT = 1024 * 1024 * 1024


def read_value_file(path: str) -> dict[str, Any]:
    """The values of a ``--set-file``: a JSON object of name → number, string, list or nested lists.

    Lists of numbers become arrays (integers stay integers, floats keep every digit), as the
    counterexample file a check writes holds them. Raises :class:`ValueSyntaxError` saying what
    is wrong with the file.
    """
    import json
    from pathlib import Path

    from ..reading.files import read_text

    text = read_text(Path(path), VALUE_FILE_LIMIT)
    if text is None:
        raise ValueSyntaxError(f"--set-file {path}: not a readable UTF-8 file of at most 1 GB")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise ValueSyntaxError(f"--set-file {path}: not JSON ({shortened(str(exc), 80)})") from None
    if not isinstance(data, dict):
        raise ValueSyntaxError(f"--set-file {path}: expected a JSON object of name → value")
    return {str(name): _from_json(value) for name, value in data.items()}


def _from_json(value: Any) -> Any:
    if not isinstance(value, list):
        return value
    items = [_from_json(v) for v in value]
    try:
        array = np.array(items)
    except (ValueError, OverflowError):
        return items  # ragged
    return array if array.dtype.kind in "biuf" else items


def given_values(files: list[str], settings: list[str], rng: np.random.Generator | None = None) -> dict[str, Any]:
    """The inputs ``run`` is given: each ``--set-file`` in turn, then the ``--set`` settings over them."""
    values: dict[str, Any] = {}
    for path in files:
        values.update(read_value_file(path))
    values.update(parse_assignments(settings, rng))
    return values


def generator_call(text: str, names: dict[str, Any] | None = None) -> tuple[str, list[Any], dict[str, Any]] | None:
    """``(generator, args, kwargs)`` of a generator call, its arguments built (``None``: not a call).

    Arguments are numbers and earlier inputs: the generator itself is never called.
    """
    from lark.exceptions import LarkError

    try:
        tree = value_tree(text.strip())
    except (LarkError, RecursionError):
        return None
    if getattr(tree, "data", None) != "call":
        return None
    try:
        args, kwargs = _arguments(tree, np.random.default_rng(0), names)
    except ValueSyntaxError:
        return None
    return str(tree.children[0]), args, kwargs


def value_class(text: str, names: dict[str, Any] | None = None) -> Callable[[Any], bool] | None:
    """The test of the class a generator call draws from (``uniform(0, 1)``: in ``[0, 1)``).

    ``None`` for a literal (its value is the value), a generator without a test (a note's own),
    or text that does not parse: the shrinker then keeps the drawn value as it is.
    """
    call = generator_call(text, names)
    if call is None or call[0] not in CLASSES:
        return None
    name, args, kwargs = call
    return lambda value: CLASSES[name](value, *args, **kwargs)


def structured_value(text: str, names: dict[str, Any], row: str, rng: np.random.Generator) -> Any:
    """The member of the class a generator call draws from that ``row`` names, or ``None`` (draw as usual).

    ``row`` is one of :data:`~algoverify.running.structured.ROWS`: the edges of a range
    (``integers(a, b)``: a, b, 0 when inside; ``uniform(a, b)``: a, 0 when inside — ``b``
    itself is never drawn; ``loguniform(a, b)``: a, b), then structured members (zero,
    identity, ±1 diagonals, basis vectors, rank-one, small integers), each at the size the
    call's arguments give and inside its class. A literal or a generator of the note's own: ``None``.
    """
    call = generator_call(text, names)
    if call is None:
        return None
    name, args, kwargs = call
    return member(name, row, rng, *args, **kwargs)


_CALL = re.compile(r"^\s*(\w+)\((.*)\)\s*$")


def split_call(text: str) -> tuple[str, list[str]] | None:
    """The name and the argument texts of a generator call (``randn(n, 3)`` → ``randn``, ``["n", " 3"]``)."""
    m = _CALL.match(text)
    if not m:
        return None
    parts, depth, current = [], 0, ""
    for ch in m.group(2):
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
            continue
        depth += ch in "([" and 1 or 0
        depth -= ch in ")]" and 1 or 0
        current += ch
    parts.append(current)
    return m.group(1), parts


def sizes_of(spec: dict[str, Any]) -> set[str]:
    """Names other entries are drawn from or computed of (``n`` of ``randn(n, d)``, of ``hi: n - 1``): sizes."""
    from lark import Tree
    from lark.exceptions import LarkError

    out: set[str] = set()
    for text in spec.values():
        if not isinstance(text, str):
            continue
        try:
            tree = value_tree(text.strip())
        except (LarkError, RecursionError):
            continue
        if isinstance(tree, Tree) and tree.data != "name":  # `x: y` alone is a copy, not a size
            out.update(str(n.children[0]) for n in tree.iter_subtrees() if n.data == "name")
    return out - {"None", "none", "null"}
