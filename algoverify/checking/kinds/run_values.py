"""What a run leaves for a relation to read: each variable's last value, the outputs, the loop counters.

A property's ``holds:`` after a run reads the listing's names as the run left them (:func:`final`), the
outputs by the names a reader gives them: the listing's own, the ``\\Return``'s aliases, the one name
an ``\\Ensure`` gives what is returned.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...findings import LocatedError
from ...math.ops import seen

__all__ = ["counters", "final", "last_value"]


def final(listing: Any, result: Any) -> dict[str, Any]:
    """Every variable a run assigned (its last value) and its outputs, by name."""
    out = {name: last_value(result, name) for name in result.trace.history}
    names = listing.outputs or ("result",)
    outs = result.value if len(names) > 1 else (result.value,)
    out.update(zip(names, outs))
    # t of \Return t, u, v beside \Return \infty, 0, 0: what the run returned at t's place ("t = ∞ on a miss")
    out.update({alias: out[output] for alias, output in listing.output_aliases.items() if output in out})
    if names == ("result",):
        # `\Return x` when n = 1, `\Return y` after the loop: a claim about y is about what was returned
        for name in listing.returned - set(listing.inputs):
            if np.size(out.get(name, ())) == 0:
                out[name] = result.value
    # `\Ensure \(x\) with 0 \le x < M` and `\Return \(x \bmod M\)`: the x a claim reads is the one returned;
    # so is the r of `\Ensure \(r = \lfloor \sqrt{n} \rfloor\)` beside `\Return \(\ell\)`, where the run set no r
    if len(names) == 1:
        from ...running.signature import ensured_names

        said = ensured_names(listing.algorithm.body)
        if len(said) == 1 and said[0] not in listing.inputs and (names == ("result",) or said[0] not in out):
            out[said[0]] = result.value
    return out


def counters(listing: Any) -> frozenset[str]:
    """The names the listing's loops count with (``k`` of ``\\For{k = 1, \\dots, n}``), found once per listing."""
    held = listing.__dict__.get("_loop_counters")
    if held is None:
        held = listing.__dict__["_loop_counters"] = _read_counters(listing)
    return held


def _read_counters(listing: Any) -> frozenset[str]:
    from ...math.names import identifier
    from ...math.segments import parse_segment
    from ...running.worded import loop_variable
    from ...syntax import ir

    out = set()
    for node in ir.walk(listing.algorithm):
        var = loop_variable(node)
        if var is not None:
            try:
                out.add(identifier(parse_segment(var)))
            except LocatedError:  # a variable that does not parse counts nothing
                continue
    return frozenset(out - {None})


def last_value(result: Any, name: str) -> Any:
    """The last value a run gave the variable ``name`` (``None``: it assigned none)."""
    history = result.trace.history.get(name)
    if not history:
        return None
    outer = result.trace.finished  # a recursive listing's variables: its outermost call's, the last to end
    return seen(outer[name] if name in outer else history[-1][1])
