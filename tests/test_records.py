"""``@frozen`` behaves as ``@dataclass(frozen=True)``: each class here is made both ways and the twins compared."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from dataclasses import FrozenInstanceError, dataclass, field

import pytest
from hypothesis import given
from hypothesis import strategies as st

from algoverify.records import frozen


def _twins(body):
    """The class ``body`` defines, made by ``@frozen`` and by ``@dataclass(frozen=True)``."""
    return frozen(body()), dataclass(frozen=True)(body())


def _plain():
    class Plain:
        a: int
        b: tuple = ()
        c: str = field(default="c", compare=False)
        d: tuple = field(default_factory=tuple, repr=False)
        e: int = field(default=0, hash=False)

    return Plain


def _kw_only():
    class KwOnly:
        a: int
        b: int = field(default=2, kw_only=True)
        c: int = field(default=3, init=False)
        d: list = field(default_factory=list, init=False, compare=False, hash=False)

    return KwOnly


def _post_init():
    class PostInit:
        a: int
        double: int = field(init=False, default=0)

        def __post_init__(self):
            object.__setattr__(self, "double", 2 * self.a)

    return PostInit


def _own_methods():
    class Own:
        a: int
        b: int = 0

        def __eq__(self, other):
            return isinstance(other, type(self)) and self.a == other.a

        def __repr__(self):
            return f"<{self.a}>"

    return Own


def _own_hash():
    class OwnHash:
        a: int

        def __hash__(self):
            return 7

    return OwnHash


def _empty():
    class Empty:
        pass

    return Empty


def _named_like_ours():
    class Shadows:  # fields named as the generated __init__'s own names would be
        self: int
        __frozen_set__: int = 1
        __frozen_factory__: tuple = field(default_factory=tuple)

    return Shadows


@pytest.mark.parametrize("body", [_plain, _kw_only, _post_init, _own_methods, _own_hash, _empty, _named_like_ours])
def test_a_frozen_record_behaves_as_the_stdlib_frozen_dataclass(body):
    ours, theirs = _twins(body)
    fields = [f for f in dataclasses.fields(theirs) if f.init and not f.kw_only]
    args = [(k + 1,) if f.type == "tuple" else k + 1 for k, f in enumerate(fields)]
    kinds = [(ours(*args), ours(*args)), (theirs(*args), theirs(*args))]
    for (x, _), name in zip(kinds, ("ours", "theirs")):
        assert dataclasses.is_dataclass(x) and type(x).__dataclass_params__.frozen, name
    (x, y), (u, v) = kinds
    assert (x == y) == (u == v)
    assert x.__eq__(object()) == u.__eq__(object())  # NotImplemented, unless the class says
    assert hash(x) == hash(u)
    assert repr(x) == repr(u)
    assert dataclasses.asdict(x) == dataclasses.asdict(u)
    assert [f.name for f in dataclasses.fields(x)] == [f.name for f in dataclasses.fields(u)]
    assert type(x).__match_args__ == type(u).__match_args__
    assert copy.deepcopy(x) == x and copy.copy(x) == x
    for name in [f.name for f in dataclasses.fields(u)] + ["new"]:
        with pytest.raises(FrozenInstanceError):
            setattr(x, name, 0)
        with pytest.raises(FrozenInstanceError):
            delattr(x, name)


def test_compared_and_hashed_fields_are_the_dataclass_ones():
    # c is neither compared nor hashed, e is compared and not hashed
    ours, theirs = _twins(_plain)
    x, y = ours(1, (2,), "x", (3,), 4), ours(1, (2,), "y", (3,), 5)
    u, v = theirs(1, (2,), "x", (3,), 4), theirs(1, (2,), "y", (3,), 5)
    assert (x == y, hash(x) == hash(y)) == (u == v, hash(u) == hash(v)) == (False, True)


def test_defaults_factories_and_keywords_are_as_the_dataclass_makes_them():
    ours, theirs = _twins(_kw_only)
    x, u = ours(1, b=5), theirs(1, b=5)
    assert (x.a, x.b, x.c, x.d) == (u.a, u.b, u.c, u.d) == (1, 5, 3, [])
    assert ours(1).d is not ours(1).d  # a factory per instance
    with pytest.raises(TypeError):
        ours(1, 5)  # b is keyword-only
    ours_post, _ = _twins(_post_init)
    assert ours_post(4).double == 8
    assert dataclasses.replace(ours(1, b=2), a=3) == ours(3, b=2)


def test_a_class_keeps_the_methods_it_defines():
    ours, _ = _twins(_own_methods)
    assert ours(1, 2) == ours(1, 3) and repr(ours(1)) == "<1>"
    hashed, _ = _twins(_own_hash)
    assert hash(hashed(1)) == 7


def test_records_inherit_from_records_and_from_stdlib_frozen_dataclasses():
    @frozen
    class Base:
        a: int

    @frozen
    class Child(Base):
        b: int = 0

    @dataclass(frozen=True)
    class StdChild(Child):
        c: int = 0

    @dataclass(frozen=True)
    class StdBase:
        a: int

    @frozen
    class OnStd(StdBase):
        b: int = 0

    for cls in (Child, StdChild, OnStd):
        record = cls(1)
        assert record == cls(1) and record != Base(1)
        assert type(record).__dataclass_params__.frozen
        with pytest.raises(FrozenInstanceError):
            record.a = 2
    assert Base.__dataclass_params__.frozen  # shown as frozen again once its children are made
    assert repr(StdChild(1, 2, 3)).endswith("StdChild(a=1, b=2, c=3)")


def test_a_subclass_that_is_no_dataclass_may_set_what_is_not_a_field():
    @frozen
    class Base:
        a: int

    class Plain(Base):
        pass

    p = Plain(1)
    p.extra = 2
    assert p.extra == 2
    with pytest.raises(FrozenInstanceError):
        p.a = 3


@frozen
class Pickled:
    a: int
    b: tuple = ()


def test_a_record_pickles_and_copies():
    record = Pickled(1, (2, 3))
    assert pickle.loads(pickle.dumps(record)) == record
    assert copy.deepcopy(record) == record and copy.deepcopy(record) is not record


@given(st.integers(), st.text(max_size=5), st.tuples(st.integers()))
def test_equality_hash_and_repr_match_the_stdlib_twin_for_any_values(a, b, d):
    ours, theirs = _twins(_plain)
    x, u = ours(a, (b,), "c", d), theirs(a, (b,), "c", d)
    assert hash(x) == hash(u)
    assert repr(x) == repr(u)
    assert (x == ours(a, (b,), "other", d)) is (u == theirs(a, (b,), "other", d)) is True


def test_a_classs_init_is_compiled_at_its_first_instance_and_once(monkeypatch):
    # a command imports about 134 record classes and makes instances of about 50: the others'
    # __init__ are never compiled
    from algoverify import records

    compiled = []
    real = records._init
    monkeypatch.setattr(records, "_init", lambda cls, fields: compiled.append(cls) or real(cls, fields))

    @frozen
    class Lazy:
        a: int
        b: int = 2

    class Plain(Lazy):  # no record of its own: it shares its base's __init__
        pass

    assert compiled == []
    assert Plain(1) == Plain(1, 2) and Lazy(a=3).b == 2 and Lazy(4, 5).b == 5
    assert compiled == [Lazy]
    assert Lazy.__dict__["__init__"].__code__.co_varnames[:3] == ("self", "a", "b")  # the real one, now
    with pytest.raises(TypeError, match="__init__"):
        Lazy(1, 2, 3)


@pytest.mark.parametrize("body", [_plain, _kw_only, _post_init], ids=["plain", "kw-only", "post-init"])
def test_a_wrong_first_call_fails_as_the_stdlib_twins_does(body):
    # the deferred __init__ compiles the real one first: the error a user's first call gets is the same
    ours, theirs = _twins(body)
    for args, kwargs in [((), {}), ((1, 2, 3, 4, 5, 6), {}), ((1,), {"nope": 1})]:
        with pytest.raises(TypeError) as mine:
            ours(*args, **kwargs)
        with pytest.raises(TypeError) as stdlib:
            theirs(*args, **kwargs)
        assert str(mine.value).split("__init__()")[-1] == str(stdlib.value).split("__init__()")[-1]
