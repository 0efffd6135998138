"""Inputs a check gives by formula: ``let: {f(t): 't^3 - c'}`` of a listing that takes ``f``, or a matrix of its rows.

A property, a reference and a contract check give them alike: computed from the trial's draws
before the run, under the names the listing takes them by.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ...findings import LocatedError
from ...running.conventions import numbered_from, variant
from ..specification.context import CheckContext, filled_part
from ..specification.spec import CheckSpec


def let_inputs(
    check: CheckSpec, ctx: CheckContext, listing: Any, values: dict[str, Any], env: dict[str, Any]
) -> dict[str, Any]:
    """``let: {mu: 'x'}`` naming an input the draws leave out: that input, computed from the draws before the run.

    A function the ``let:`` defines (``f(t): '\\exp(c t)'``) for a listing that takes ``f`` is that input too.
    """
    lets = check.get("let") or {}
    missing = []
    for key in lets:
        name, _, params = str(key).partition("(")
        name = spelt(name.strip(), listing.inputs)
        if name in listing.inputs and name not in values:
            missing.append((key, name, params))
        elif not params and name not in values and (part := filled_part(listing, name)) and part[0] not in values:
            missing.append((key, name, params))  # let: {X: 'Z - Z w w^T'} of the matrix whose rows are x_1, …, x_T
    if not missing:
        return values
    out = dict(values)
    # in the let:'s order: `x_star: 'A^{-1} b'` then `x_of_0: 'x^\star + d'` reads the root above it
    known = with_parts(listing, {**env, **out})
    # p(z) = z^n + \sum_{j=0}^{n-1} a_j z^j for a listing of the coefficients a_0, …, a_{n-1}: a_0 is the first
    known.update({n: numbered_from(known[n], first) for n, first in listing.program.lowered if n in known})
    for key, latex in lets.items():
        name, _, params = str(key).partition("(")
        name = spelt(name.strip(), listing.inputs)
        if params:
            given = [p.strip() for p in params.rstrip(")").split(",")]
            value = ctx._function(check, given, str(latex), known, ("let", key))
        elif (key, name, params) in missing:
            value = known[name] = ctx.evaluate(check, str(latex), known, ("let", key))
            ctx.defined(check, name, str(latex), known)
        else:
            try:  # a definition that reads what the run computes has no value yet: the inputs do not read it
                value = ctx.evaluate(check, str(latex), known, ("let", key))
            except (LocatedError, TypeError, ValueError, ArithmeticError):
                continue
        known[name] = value
        if (key, name, params) in missing:
            out[name] = env[name] = value
    return out


def spelt(name: str, inputs: tuple[str, ...]) -> str:
    """``lambda`` of a ``let:`` key for the listing's input ``lam``, as an ``inputs:`` key is read."""
    other = variant(name)
    return other if name not in inputs and other in inputs else name


def with_parts(listing: Any, env: dict[str, Any]) -> dict[str, Any]:
    """``env`` with the parts the note names of its matrices: ``x_j`` of "X with columns x_1, …, x_p" is column j.

    What a run binds on entry, for a ``given:`` or a ``let:`` read before the run.
    """
    parts = listing.program._parts
    if not parts:
        return env
    out = dict(env)
    for name, columns, rows in parts:
        if name in out and columns and np.ndim(out[name]) == 2:
            out.setdefault(columns, np.transpose(out[name]))
        if name in out and rows:
            out.setdefault(rows, out[name])
    return out
