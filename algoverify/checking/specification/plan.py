"""A check compiled once: every LaTeX value of its spec parsed when the spec is read.

A check's formulas (``holds:``, ``given:``, ``let:``, the counts of ``expect:``, …) are read by the
spec's validation, by lint's fit of the check to its listing, by the trials, by the proof and by
the report. Each of those reads the :class:`CheckPlan` of the check
(:attr:`~algoverify.checking.specification.spec.CheckSpec.plan`): the formula's tree, or the
problem that keeps it from being one, parsed once and kept with where its key stands. Text that
is not the spec's own (a piece of ``holds:`` a report quotes, a rewritten spelling) is parsed where
it is made.

Imports neither numpy nor sympy: lint reads plans.
"""

from __future__ import annotations

import functools
from types import MappingProxyType
from typing import Any, Iterator, Mapping

from ...findings import LocatedError
from ...math import mathexpr as M
from ...records import frozen
from ...source import Span
from . import schema

__all__ = ["CheckPlan", "Formula", "compile_plan", "latex_values"]


@frozen
class Formula:
    """One LaTeX value of a check's spec: where it stands, and its tree or why it has none."""

    #: the keys that lead to it below the check's entry (``("let", "r")``)
    path: tuple[Any, ...]
    latex: str
    #: the key's place in the front matter: a problem with the formula is reported there
    span: Span
    tree: M.MathNode | None = None
    error: LocatedError | None = None

    def read(self) -> M.MathNode:
        """The tree; raises the parse error (AV201/AV203, at an offset into the formula) when it has none."""
        if self.error is not None:
            e = self.error
            raise LocatedError(e.rule, e.span, e.details, **e.args_)  # raised anew: a raise keeps its traceback
        assert self.tree is not None
        return self.tree


@frozen
class CheckPlan:
    """What a check's spec says once it is read: its formulas, parsed, by the text each has."""

    formulas: Mapping[str, Formula]

    def formula(self, latex: str) -> Formula | None:
        """The spec's formula of this text, ``None`` when the spec has none."""
        return self.formulas.get(latex)

    def tree(self, latex: str) -> M.MathNode:
        """The tree of ``latex``: the plan's when it is one of the spec's formulas, else parsed here.

        :raises LocatedError: when it does not parse, as :func:`~algoverify.math.mathexpr.parse_math`.
        """
        found = self.formulas.get(latex)
        return found.read() if found is not None else M.parse_math(latex)


def compile_plan(check: Any) -> CheckPlan:
    """Parse every formula of ``check`` (a :class:`~.spec.CheckSpec`) once; a text at two keys is kept at the first.

    A note's spec is read by lint and again by the run (with the project's trials and tolerances):
    the same formulas at the same places make the same plan, compiled the first time.
    """
    return _compiled(tuple((path, latex, check.at(*path)) for path, latex in latex_values(check)))


@functools.lru_cache(maxsize=4096)
def _compiled(values: tuple[tuple[tuple[Any, ...], str, Span], ...]) -> CheckPlan:
    formulas: dict[str, Formula] = {}
    for path, latex, where in values:
        if latex in formulas:
            continue
        try:
            formulas[latex] = Formula(path, latex, where, tree=M.parse_math(latex))
        except LocatedError as exc:
            formulas[latex] = Formula(path, latex, where, error=exc)
    return CheckPlan(MappingProxyType(formulas))


def latex_values(check: Any) -> Iterator[tuple[tuple[Any, ...], str]]:
    """``(path, text)`` for every value of the check the schema types as LaTeX (``holds:``, counts, ``let:``)."""

    def latex(typ: schema.Type) -> bool:
        options = typ.options if isinstance(typ, schema.Either) else (typ,)
        return any(isinstance(o, schema.Text) and o.what.startswith("LaTeX") for o in options)

    def walk(typ: schema.Type, value: Any, path: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], str]]:
        if isinstance(value, str) and latex(typ):
            yield path, value
        options = typ.options if isinstance(typ, schema.Either) else (typ,)
        for option in options:
            if isinstance(option, schema.Record) and isinstance(value, dict):
                for key in option.keys:
                    if key.name in value:
                        yield from walk(key.type, value[key.name], path + (key.name,))
            elif isinstance(option, schema.MapOf) and isinstance(value, dict):
                for k, v in value.items():
                    yield from walk(option.value, v, path + (k,))

    for key in schema.kind_keys(check.kind):
        if key.name in check.params:
            yield from walk(key.type, check.params[key.name], (key.name,))
