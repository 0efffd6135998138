"""Immutable records: ``@frozen`` is ``@dataclass(frozen=True)`` for a fifth of the cost of making the class.

The IR, the compiled checks and the findings are frozen dataclasses, about 150 of them, all made
when a command starts. CPython's ``dataclass`` writes six functions per frozen class as source
(``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``) and
compiles each: 0.4-0.7 ms a class, 60-100 ms of a cold ``algoverify lint``, more than parsing
the note. Here only ``__init__`` is compiled, because an instance is made on every node a parse
builds and a generated ``__init__`` is the fastest, and only when the class's first instance is
made; the other five are shared functions that read the field names the class keeps.

A ``@frozen`` class is a dataclass to everything that asks (:func:`dataclasses.fields`,
:func:`dataclasses.replace`, :func:`dataclasses.asdict`, ``match``), and behaves as the stdlib's
frozen one does: assigning or deleting a field raises :class:`dataclasses.FrozenInstanceError`,
two records are equal when they are of the same class with equal compared fields, the hash is
the hash of the tuple of those fields, the ``repr`` lists the fields. A method the class body
defines itself is kept, as ``dataclass`` keeps it. Options (``order``, ``slots``, ``eq=False``)
are for ``@dataclass`` itself; so are classes with ``InitVar`` fields.
"""

from __future__ import annotations

import dataclasses
import operator
import threading
import typing
from typing import Any, Callable, TypeVar

__all__ = ["frozen", "preorder"]

T = TypeVar("T", bound=type)

_MISSING = dataclasses.MISSING
# how dataclasses marks its pseudo-fields (unchanged since 3.7): an InitVar, a ClassVar
_INITVAR = dataclasses._FIELD_INITVAR  # type: ignore[attr-defined]
_CLASSVAR = dataclasses._FIELD_CLASSVAR  # type: ignore[attr-defined]
#: one class made at a time: while one is, its bases show dataclass other parameters than their own
_MAKING = threading.Lock()


def _transform(decorator: Callable[[T], T]) -> Callable[[T], T]:
    """Tell type checkers ``@frozen`` makes a frozen dataclass (PEP 681; Python 3.10's typing has no word for it)."""
    mark = getattr(typing, "dataclass_transform", None)
    if mark is None:
        return decorator
    return mark(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))(decorator)  # type: ignore[no-any-return]


@_transform
def frozen(cls: T) -> T:
    """Make ``cls`` a frozen dataclass (see the module's docstring)."""
    # fields only: no generated method, so nothing compiled. dataclass refuses a child that is not
    # frozen under a frozen base: our bases show it, while it reads them, the parameters it made
    # them with (a stdlib frozen base makes the child frozen the stdlib's way: two more functions)
    ours = [base for base in cls.__mro__[1:] if "__frozen_made__" in base.__dict__]
    with _MAKING:
        shown = [(base, base.__dataclass_params__) for base in ours]
        for base, _ in shown:
            base.__dataclass_params__ = base.__frozen_made__
        try:
            below_frozen = any(
                getattr(base, "__dataclass_params__", None) and base.__dataclass_params__.frozen
                for base in cls.__mro__[1:]
            )
            cls = dataclasses.dataclass(init=False, repr=False, eq=False, frozen=below_frozen)(cls)
        finally:
            for base, params in shown:
                base.__dataclass_params__ = params
    every = list(cls.__dataclass_fields__.values())  # type: ignore[attr-defined]
    if any(f._field_type is _INITVAR for f in every):
        raise TypeError(f"{cls.__qualname__}: an InitVar field needs @dataclass(frozen=True)")
    fields = [f for f in every if f._field_type is not _CLASSVAR]
    names = tuple(f.name for f in fields)
    own = cls.__dict__
    if "__init__" not in own:
        cls.__init__ = _deferred_init(cls, fields)  # type: ignore[misc]
    if "__repr__" not in own:
        cls.__repr_fields__ = tuple(f.name for f in fields if f.repr)  # type: ignore[attr-defined]
        cls.__repr__ = _repr  # type: ignore[assignment]
    compared = _key(tuple(f.name for f in fields if f.compare))
    if "__eq__" not in own:
        cls.__compared__ = compared  # type: ignore[attr-defined]
        cls.__eq__ = _eq  # type: ignore[assignment]
    # as dataclass's hash of a frozen class with __eq__: a __hash__ of the class's own is kept,
    # the None Python puts beside a class's own __eq__ is not
    if "__hash__" not in own or (own["__hash__"] is None and "__eq__" in own):
        cls.__hashed__ = _key(tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash)))  # type: ignore[attr-defined]
        cls.__hash__ = _hash  # type: ignore[assignment]
    if not below_frozen:
        cls.__setattr__, cls.__delattr__ = _refusals(cls, frozenset(names))  # type: ignore[assignment,method-assign]
    cls.__frozen_made__ = cls.__dataclass_params__  # type: ignore[attr-defined]
    cls.__dataclass_params__ = _as_made(cls.__dataclass_params__)  # type: ignore[attr-defined]
    return cls


def _as_made(params: Any) -> Any:
    """The class's dataclass parameters as it now is: with ``__init__``, ``__repr__``, ``__eq__``, frozen."""
    made = object.__new__(type(params))
    for name in type(params).__slots__:
        setattr(made, name, getattr(params, name))
    made.init = made.repr = made.eq = made.frozen = True
    return made


def _key(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of the fields ``names`` of a record, as dataclass compares and hashes it."""
    if len(names) >= 2:
        return operator.attrgetter(*names)  # type: ignore[return-value]
    if len(names) == 1:
        (name,) = names
        return lambda record: (getattr(record, name),)
    return lambda record: ()


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        key = self.__class__.__compared__
        return key(self) == key(other)
    return NotImplemented


def _hash(self: Any) -> int:
    return hash(self.__class__.__hashed__(self))


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__class__.__repr_fields__)
    return f"{self.__class__.__qualname__}({shown})"


def _refusals(cls: type, names: frozenset[str]) -> tuple[Callable[..., None], Callable[..., None]]:
    """``__setattr__`` and ``__delattr__`` of a frozen class: no field is set, nor anything on its own instances."""

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __setattr__, __delattr__


def _deferred_init(cls: type, fields: list[dataclasses.Field[Any]]) -> Callable[..., None]:
    """The class's ``__init__`` until its first instance: it compiles the real one (:func:`_init`) and steps aside.

    A command makes instances of fewer than half of the classes it imports (a lint of one note,
    about 50 of 134): compiling the others' ``__init__`` was 4 ms of every cold lint.
    """

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        init = _init(cls, fields)
        if cls.__dict__.get("__init__") is __init__:  # a subclass without its own shares it: replaced once
            cls.__init__ = init  # type: ignore[misc]
        init(self, *args, **kwargs)

    __init__.__qualname__ = f"{cls.__qualname__}.__init__"
    __init__.__module__ = cls.__module__
    return __init__


def _init(cls: type, fields: list[dataclasses.Field[Any]]) -> Callable[..., None]:
    """The class's ``__init__``, written and compiled as dataclass writes it for a frozen class."""
    taken = {f.name for f in fields}

    def own(name: str) -> str:
        # the function's own names must not be a field's: a parameter would hide them
        while name in taken:
            name += "_"
        return name

    self, setter, factory = own("self"), own("_set"), own("_FACTORY")
    namespace: dict[str, Any] = {setter: object.__setattr__, factory: _FACTORY}
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = []
    for k, f in enumerate(fields):
        value = f.name
        if f.default is not _MISSING:
            namespace[given := own(f"_default{k}")] = f.default
            default = f"={given}"
        elif f.default_factory is not _MISSING:
            namespace[given := own(f"_factory{k}")] = f.default_factory
            default = f"={factory}"
            value = f"{given}() if {f.name} is {factory} else {f.name}"
        else:
            default = ""
        if f.init:
            (keyword if f.kw_only else positional).append(f"{f.name}{default}")
        elif f.default is not _MISSING:
            value = given
        elif f.default_factory is not _MISSING:
            value = f"{given}()"
        else:
            continue  # a field left out of __init__ with no default is set by __post_init__, if at all
        body.append(f"    {setter}({self}, {f.name!r}, {value})")
    if hasattr(cls, "__post_init__"):
        body.append(f"    {self}.__post_init__()")
    params = ", ".join([self, *positional, *(["*", *keyword] if keyword else [])])
    source = f"def __init__({params}):\n" + ("\n".join(body) or "    pass") + "\n"
    exec(compile(source, f"<{cls.__qualname__}.__init__>", "exec"), namespace)  # noqa: S102 - our own source, from field names
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    return init  # type: ignore[no-any-return]


class _Factory:
    """The default of a parameter whose field has a ``default_factory``: the factory is called in its place."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


def preorder(node: Any, children: Callable[[Any], tuple[Any, ...]]) -> tuple[Any, ...]:
    """``node`` and all its descendants, parents first, found once and kept in the node's ``__dict__``.

    A record's tree never changes, and the rules walk the same tree many times (lint walks each
    listing's math dozens of times): the order is kept beside the node, as its children are.
    """
    found = node.__dict__.get("_walk")
    if found is None:
        order, stack = [], [node]
        while stack:
            current = stack.pop()
            order.append(current)
            stack.extend(reversed(children(current)))
        found = node.__dict__["_walk"] = tuple(order)
    return found
