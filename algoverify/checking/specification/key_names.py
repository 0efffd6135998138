r"""Spec keys written as the note writes the names: ``x^\star``, ``f'(t)``, ``x^{(0)}``.

They are ``x_star``, ``f_prime(t)``, ``x_of_0``: a ``let:``, ``inputs:`` or ``draw:`` key is read as
the name a formula reads, so that a user who copies the LaTeX is not told "must be NAME"; a flow
mapping's ``{T(j, y): …}``, split by YAML at the comma, is joined back.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["named_keys", "rejoined"]


#: what makes a key LaTeX rather than a plain name (``x^\star``, ``\hat{x}``, ``f'``)
_LATEX_MARKS = re.compile(r"[\\^{}']")


def _latex_key(key: str) -> tuple[str, str] | None:
    """``(name, params)`` of a key written as the note writes the name (``x^{(0)}``, ``f'(t)``), else ``None``.

    The parameters are the bracket at the end outside any braces: ``x^{(0)}`` has none.
    """
    depth, opened = 0, None
    for i, ch in enumerate(key):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "(" and depth == 0:
            opened = i
            break
    name, params = (key[:opened].strip(), key[opened:]) if opened is not None and key.endswith(")") else (key, "")
    if opened is not None and not params:
        return None
    return (name, params) if name and _LATEX_MARKS.search(name) else None


def named_keys(mapping: dict[Any, Any], params: bool = True) -> dict[Any, Any]:
    r"""``{x^\star: …}`` as ``{x_star: …}``: the name ``holds:`` reads as ``x^{\star}`` (a key with LaTeX in it).

    Two users in a row wrote the minimiser's name as the formula writes it and were told "must be NAME".
    A key that does not read as one name is left as written, and the schema says why.
    """
    from ...math.names import identifier
    from ...math.segments import parse_segment
    from ...running.step_names import step_name
    from ...source import Span
    from ...syntax import ir

    out: dict[Any, Any] = {}
    for key, value in mapping.items():
        found = _latex_key(key.strip()) if isinstance(key, str) else None
        if found is not None and found[1] and not params:
            found = None  # an input is drawn, never defined with parameters
        name = None
        if found is not None:
            latex = found[0]
            try:
                tree = parse_segment(ir.Math(Span(0, len(latex)), latex, False))
                stepped = step_name(tree)  # H_{k+1}, \hat{x}_{k-1|k-1}: the names a listing's steps have
                # a drawn input's other LaTeX (u^0 of a level) is read where the listing's names are known;
                # x^{(0)} of a starting vector is x_of_0, as the listing names it
                named = identifier(tree)
                if not params and named is not None and "_pow" in named:
                    named = None
                name = (named if params else None) or (stepped[1] if stepped is not None else None) or named
            except Exception:  # noqa: BLE001 - a key that is no name is the schema's to report
                name = None
        out[f"{name}{found[1]}" if name and found else key] = value
    return out


def rejoined(mapping: dict[Any, Any]) -> dict[Any, Any]:
    """``{T(j, y): …}`` as YAML reads it in a flow mapping, ``{'T(j': None, 'y)': …}``, joined back.

    The comma inside the parentheses can only be the parameter list's: nothing else is read.
    """
    out: dict[Any, Any] = {}
    pending: list[str] = []
    for key, value in mapping.items():
        if pending or (isinstance(key, str) and key.count("(") > key.count(")") and value is None):
            pending.append(str(key))
            joined = ", ".join(pending)
            if joined.count("(") == joined.count(")"):
                out[joined] = value
                pending = []
            elif value is not None:
                return mapping  # not a split key after all: reported as written
            continue
        out[key] = value
    return mapping if pending else out
