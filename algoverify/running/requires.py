r"""What a listing's ``\Require`` and ``\Input`` lines declare: names, shapes, preconditions.

``\Require \(x \in \mathbb{R}^{n}\), \(k \ge 1\)`` declares ``x`` (a vector whose length is ``n``)
and ``k`` (with its bound); the words between the math say shapes ("vector \(x\) of length
\(n\)") and properties ("array \(A[1..n]\) of distinct numbers"), read as the prose's are
(:mod:`.prose_symbols`).
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable

from ..findings import LocatedError
from ..math.names import identifier
from ..syntax import ir
from .declarations import Declared, InputSpec, Origin, declare_math, dims_of, text_of
from .prose_symbols import text_properties

__all__ = ["declared_inputs"]

_OF_LENGTH = re.compile(r"^\s*(?:of\s+)?(?:length|size|dimension|dimensions)\s*$", re.I)


def _text_shapes(text: ir.Text, spec: InputSpec, parse: Any, origin: Origin | None) -> None:
    """``vector \\(x\\) of length \\(n\\)`` / ``matrix \\(A\\) of size \\(m \\times n\\)``."""
    parts = text.parts
    for i in range(len(parts) - 2):
        a, words, b = parts[i], parts[i + 1], parts[i + 2]
        if isinstance(a, ir.Math) and isinstance(words, str) and isinstance(b, ir.Math) and _OF_LENGTH.match(words):
            name = identifier(parse(a))
            dims = dims_of(parse(b))
            if name is not None and dims is not None:
                spec.declare(Declared(name, a.span, dims, origin=origin))


def declared_inputs(
    nodes: Iterable[ir.Node],
    parse: Any,
    locate: Callable[[int], tuple[int, int]] | None = None,
    *,
    tolerant: bool = False,
) -> InputSpec:
    """Read the ``\\Require``/``\\Input`` conditions among ``nodes`` (``parse(math) -> MathNode``).

    ``tolerant``: skip math that does not parse (``lint`` reports it on its own) instead of raising.
    """
    spec = InputSpec()
    for node in nodes:
        if isinstance(node, ir.Condition) and node.kind in ("require", "input"):
            origin = Origin("require", locate(node.span.start)[0] if locate is not None else None)
            for m in node.symbols:
                try:
                    tree = parse(m)
                except LocatedError:
                    if not tolerant:
                        raise
                    continue
                declare_math(tree, spec, text_of(m), origin)
            try:
                _text_shapes(node.text, spec, parse, origin)
            except LocatedError:
                if not tolerant:
                    raise
            text_properties(node.text, spec, parse, origin)
    return spec
