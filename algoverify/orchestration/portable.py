"""Findings, outcomes and reports as plain JSON data, and back, for the pipes between our processes.

In: what a note's worker or a lane made (findings, outcomes, a report's parts, the values in
their details). Out: JSON data (:mod:`.wire` frames it), and from such data the same objects,
rebuilt by our own code. Decoding runs nothing the data names: a dataclass is rebuilt only
when its name is in the allowlist (:data:`CLASSES`, our own report and IR types), a NumPy
array from its dtype (numbers and booleans only), shape and bytes. Anything the encoder does
not know (a sympy expression, an object of the note's module) travels as its printed forms and
comes back as :class:`~algoverify.orchestration.cache.Shown`, as the cache replays it.

Data that does not decode raises :class:`~algoverify.orchestration.wire.Malformed`.
"""

from __future__ import annotations

import base64
import dataclasses
import datetime
import enum
import fractions
import math
import sys
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from ..checking.outcome import VERDICTS, Outcome
from ..checking.specification.spec import CheckSpec
from ..findings import RULES, Finding, Severity
from ..reading.blocks import Block
from ..reading.macros import Macro, MacroTable, SourceMap
from ..reading.notes import Note
from ..source import SourceFile, Span
from ..syntax import ir
from .cache import Shown
from .wire import Malformed

__all__ = ["CLASSES", "encode", "decode", "decode_findings", "decode_outcomes"]

#: The dataclasses data may name, by name: ours, whose constructors only store their fields.
CLASSES: dict[str, type] = {
    cls.__name__: cls
    for cls in (Span, SourceFile, Note, Block, Macro, MacroTable, SourceMap, CheckSpec, Finding, Outcome)
}
CLASSES.update(
    {
        name: cls
        for name, cls in vars(ir).items()
        if isinstance(cls, type) and issubclass(cls, ir.Node) and dataclasses.is_dataclass(cls)
    }
)
#: The enums data may name.
_ENUMS: dict[str, type[enum.Enum]] = {"Severity": Severity}
#: Integers past this many bits travel as hexadecimal: JSON readers refuse more than 4,300 digits.
_WIDE_INT = 1024
#: Array dtypes rebuilt from their bytes: booleans, integers, floats and complex numbers.
_NUMERIC_KINDS = "biufc"


def encode(value: Any, classes: dict[str, type] = CLASSES) -> Any:
    """``value`` as JSON data: tagged objects (``{"$": tag, …}``) where JSON alone would lose its type."""
    kind = type(value)
    if value is None or kind in (str, bool):
        return value
    if kind is int:
        return value if value.bit_length() <= _WIDE_INT else {"$": "int", "v": format(value, "x")}
    if kind is float:
        return value if math.isfinite(value) else {"$": "float", "v": repr(value)}
    if kind is list:
        return [encode(v, classes) for v in value]
    if kind is dict:
        if all(type(k) is str for k in value) and "$" not in value:
            return {k: encode(v, classes) for k, v in value.items()}
        return {"$": "dict", "v": [[encode(k, classes), encode(v, classes)] for k, v in value.items()]}
    if kind in (tuple, set, frozenset):
        return {"$": kind.__name__, "v": [encode(v, classes) for v in value]}
    if kind is complex:
        return {"$": "complex", "v": [encode(value.real), encode(value.imag)]}
    if isinstance(value, Path):
        return {"$": "path", "v": str(value)}
    if isinstance(value, enum.Enum) and _ENUMS.get(kind.__name__) is kind:
        return {"$": "enum", "t": kind.__name__, "v": value.value}
    if dataclasses.is_dataclass(value) and classes.get(kind.__name__) is kind:
        return _encode_dataclass(value, classes)
    if kind is fractions.Fraction:
        return {"$": "fraction", "v": [encode(value.numerator), encode(value.denominator)]}
    if kind is Decimal:
        return {"$": "decimal", "v": str(value)}
    if kind in (datetime.date, datetime.datetime, datetime.time):
        return {"$": kind.__name__, "v": value.isoformat()}
    numpy = sys.modules.get("numpy")  # never imported here: a value can be numpy's only if it is loaded
    if numpy is not None and isinstance(value, (numpy.ndarray, numpy.generic)) and value.dtype.kind in _NUMERIC_KINDS:
        array = numpy.asarray(value)  # tobytes() below is in C order whatever the strides
        data = base64.b64encode(array.tobytes()).decode("ascii")
        return {
            "$": "array" if isinstance(value, numpy.ndarray) else "scalar",
            "d": array.dtype.str,
            "s": list(array.shape),
            "b": data,
        }
    if isinstance(value, str):  # a subclass (numpy's str_): the text is what a report shows
        return str(value)
    if isinstance(value, Shown):
        return _shown(value.text, value.representation, value.__dict__.get("_listed"), value.__dict__.get("_has_list"))
    return _printed(value)


def _encode_dataclass(value: Any, classes: dict[str, type]) -> dict[str, Any]:
    fields = {}
    for f in dataclasses.fields(value):
        item = getattr(value, f.name)
        if f.init and not callable(item):  # a check's locate (a closure) stays behind: restore() finds it again
            fields[f.name] = encode(item, classes)
    return {"$": "dc", "t": type(value).__name__, "f": fields}


def _printed(value: Any) -> dict[str, Any]:
    """A value we do not know, as its printed forms (and its ``tolist()``, as a JSON report shows it)."""
    text, representation = _safe(str, value), _safe(repr, value)
    tolist = getattr(value, "tolist", None)
    if callable(tolist):
        try:
            return _shown(text, representation, tolist(), True)
        except Exception:  # noqa: BLE001 - printed forms are enough
            pass
    return _shown(text, representation, None, False)


def _shown(text: str, representation: str, listed: Any, has_list: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"$": "shown", "text": text, "repr": representation}
    if has_list:
        try:
            out["list"] = encode(listed)
        except RecursionError:
            pass
    return out


def _safe(show: Any, value: Any) -> str:
    try:
        text = show(value)
        return text if isinstance(text, str) else f"<{type(value).__name__}>"
    except Exception:  # noqa: BLE001 - a __str__ of the note's code that raises
        return f"<unprintable {type(value).__name__}>"


def decode(data: Any, classes: dict[str, type] = CLASSES) -> Any:
    """The inverse of :func:`encode`.

    :raises Malformed: for data :func:`encode` does not produce.
    """
    try:
        return _decode(data, classes)
    except Malformed:
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError, RecursionError) as exc:
        raise Malformed(f"not an encoded value: {type(exc).__name__}: {exc}") from None


def _decode(data: Any, classes: dict[str, type]) -> Any:
    if data is None or isinstance(data, (str, bool, int, float)):
        return data
    if isinstance(data, list):
        return [_decode(v, classes) for v in data]
    if not isinstance(data, dict):
        raise Malformed(f"not an encoded value: {type(data).__name__}")
    tag = data.get("$")
    if tag is None:
        return {k: _decode(v, classes) for k, v in data.items()}
    value = data.get("v")
    if tag == "dict":
        return {_decode(k, classes): _decode(v, classes) for k, v in _list(value, pairs=True)}
    if tag in ("tuple", "set", "frozenset"):
        return {"tuple": tuple, "set": set, "frozenset": frozenset}[tag](_decode(v, classes) for v in _list(value))
    if tag == "int":
        return int(_text(value), 16)
    if tag == "float":
        return float(_text(value))
    if tag == "complex":
        real, imag = (_decode(v, classes) for v in _list(value))
        return complex(_number(real), _number(imag))
    if tag == "path":
        return Path(_text(value))
    if tag == "enum":
        return _ENUMS[_text(data.get("t"))](value)
    if tag == "dc":
        return _decode_dataclass(data, classes)
    if tag == "fraction":
        numerator, denominator = (_decode(v, classes) for v in _list(value))
        if type(numerator) is not int or type(denominator) is not int:
            raise Malformed("a fraction of non-integers")
        return fractions.Fraction(numerator, denominator)
    if tag == "decimal":
        try:
            return Decimal(_text(value))
        except InvalidOperation:
            raise Malformed("not a decimal") from None
    if tag in ("date", "datetime", "time"):
        return getattr(datetime, tag).fromisoformat(_text(value))
    if tag in ("array", "scalar"):
        return _decode_array(data, scalar=tag == "scalar")
    if tag == "shown":
        listed = _decode(data["list"], classes) if "list" in data else None
        return Shown(_text(data.get("text")), _text(data.get("repr")), listed, "list" in data)
    raise Malformed(f"not an encoded value: tag {tag!r}")


def _decode_dataclass(data: dict[str, Any], classes: dict[str, type]) -> Any:
    cls = classes.get(_text(data.get("t")))
    if cls is None:
        raise Malformed(f"not a class that travels: {data.get('t')!r}")
    fields = data.get("f")
    if not isinstance(fields, dict):
        raise Malformed(f"the fields of a {cls.__name__} are not a mapping")
    value = cls(**{str(k): _decode(v, classes) for k, v in fields.items()})
    _validate(value)
    return value


def _validate(value: Any) -> None:
    """The findings and outcomes a report shows: fields of the types the reporters read."""
    if isinstance(value, Finding):
        if value.code not in RULES or not isinstance(value.severity, Severity) or not isinstance(value.message, str):
            raise Malformed(f"not a finding: {value.code!r}")
        _kinds(value, path=(Path, type(None)), span=(Span, type(None)), details=dict)
    elif isinstance(value, Outcome):
        if value.status not in VERDICTS or not isinstance(value.message, str):
            raise Malformed(f"not an outcome: {value.status!r}")
        _kinds(value, check=(CheckSpec, type(None)), seconds=(int, float), trials=int, details=dict)
        _kinds(value, claim_span=(Span, type(None)), findings=list, trace=(dict, type(None)))
        if not all(isinstance(f, Finding) for f in value.findings):
            raise Malformed("an outcome's findings are not findings")
    elif isinstance(value, Span):
        _kinds(value, start=int, end=int)


def _kinds(value: Any, **expected: Any) -> None:
    for name, kinds in expected.items():
        if not isinstance(getattr(value, name), kinds):
            raise Malformed(f"{type(value).__name__}.{name} is a {type(getattr(value, name)).__name__}")


def _decode_array(data: dict[str, Any], scalar: bool) -> Any:
    import numpy

    dtype = numpy.dtype(_text(data.get("d")))
    shape = _list(data.get("s"))
    if dtype.kind not in _NUMERIC_KINDS or dtype.hasobject or len(shape) > 64:
        raise Malformed(f"not an array that travels: {dtype}, {len(shape)} dimensions")
    if not all(type(n) is int and n >= 0 for n in shape):
        raise Malformed(f"not a shape: {shape!r}")
    raw = base64.b64decode(_text(data.get("b")), validate=True)
    if len(raw) != math.prod(shape) * dtype.itemsize:
        raise Malformed(f"{len(raw)} bytes do not fill an array {tuple(shape)} of {dtype}")
    array = numpy.frombuffer(raw, dtype=dtype).reshape(shape).copy()
    return array[()] if scalar else array


def _list(value: Any, pairs: bool = False) -> list[Any]:
    if not isinstance(value, list) or (pairs and not all(isinstance(p, list) and len(p) == 2 for p in value)):
        raise Malformed("not a list")
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise Malformed(f"not a string: {type(value).__name__}")
    return value


def _number(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise Malformed(f"not a number: {value!r}")
    return float(value)


def decode_findings(data: Any) -> list[Finding]:
    """A list of findings, each checked to be one."""
    return _typed_list(data, Finding)


def decode_outcomes(data: Any) -> list[Outcome]:
    """A list of outcomes, each checked to be one."""
    return _typed_list(data, Outcome)


def _typed_list(data: Any, kind: type) -> list[Any]:
    items = decode(data)
    if not isinstance(items, list) or not all(isinstance(item, kind) for item in items):
        raise Malformed(f"not a list of {kind.__name__}s")
    return items
