"""Proofs that a listing (or a snippet's function) computes what its Python reference computes.

A *reference* check compares a subject with a function of the note's module on random inputs.
Where sympy can run both on symbols — the listing through :mod:`~algoverify.checking.evidence.symexec`,
the reference (and a snippet's function) through :mod:`~algoverify.checking.evidence.pysym`, which reads
the module's source and never runs it — the outputs are compared entry by entry for each size up
to :data:`~algoverify.checking.evidence.proof.SIZE_BOUND`: equal for every size is ``proved``. A reference
outside pysym's subset (``np.linalg.eigh``, a class) leaves the trials to decide, silently; a
difference is kept, simplified, and refutes nothing unless a trial fails.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from ...reading.files import read_text
from .lowering import Inconclusive
from .proof import Proof, _Attempt, _entries, settle, snippet_calls
from .proofcache import ProofCache, check_material
from .symexec import execute

__all__ = ["given_by_name", "prove_reference"]


def prove_reference(
    check: Any,
    subject: Callable[..., tuple[tuple[str, ...], tuple[Any, ...]]],
    module: Any,
    shadowed: Any = frozenset(),
    cache: ProofCache | None = None,
    subject_material: Any = None,
) -> Proof:
    """Compare ``subject``'s outputs with the reference's, on symbols, size by size.

    :param subject: ``(sympy, values, on_division) → (names, outputs)``, the listing or snippet function
        run on symbols (``on_division`` is called when it divides by something that can be 0).
    :param module: the note's module (its source is read, never imported again), or ``None``.
    :param cache: where a proof of the same content is looked up first, and this one kept; with
        ``subject_material``, what the subject is (:func:`~.proof.listing_material`, a snippet's source).
    """
    material = None
    path = getattr(module, "__file__", None)
    if cache is not None and subject_material is not None and path is not None:
        material = {
            "proof": "reference",
            "check": check_material(check),
            "subject": subject_material,
            "module": read_text(Path(path)),
            "shadowed": sorted(shadowed),
        }
    return settle(lambda: _ReferenceAttempt(check, subject, module, set(shadowed)), cache=cache, material=material)


def listing_subject(listing: Any, shadowed: set[str]) -> Callable[[Any, dict[str, Any]], Any]:
    """A listing as a subject: its outputs computed by symbolic execution."""

    def run(sp: Any, values: dict[str, Any], on_division: Any = None) -> tuple[tuple[str, ...], tuple[Any, ...]]:
        names = tuple(listing.outputs or ("result",))
        state = execute(sp, listing, {k: values[k] for k in listing.inputs if k in values}, shadowed, on_division)
        return names, tuple(state[n] for n in names)

    return run


def snippet_subject(code: str, function: str) -> Callable[[Any, dict[str, Any]], Any]:
    """A snippet's function as a subject: called with the drawn values it names, by pysym."""

    def run(sp: Any, values: dict[str, Any], on_division: Any = None) -> tuple[tuple[str, ...], tuple[Any, ...]]:
        value = _call(code, function, values)
        if isinstance(value, tuple):
            return tuple(f"{function}[{i + 1}]" for i in range(len(value))), value
        return (function,), (value,)

    return run


def _call(code: str, function: str, values: dict[str, Any]) -> Any:
    """``function`` of ``code`` on the drawn values its parameters name (all of them for ``**kwargs``)."""
    from ..sandboxing.snippetcalls import SnippetError, defined_functions

    try:
        signature = defined_functions(code).get(function)
    except SnippetError as exc:
        raise Inconclusive(f"{function}: {exc}") from None
    found = snippet_calls(code)
    if signature is None or function not in found:
        raise Inconclusive(f"{function} is not a function pysym can run")
    every = any(p.kind == "VAR_KEYWORD" for p in signature.parameters)
    return found[function](**{k: v for k, v in values.items() if every or k in signature.names})


class _ReferenceAttempt(_Attempt):
    """:class:`~.proof._Attempt` whose relation is "subject = reference", output by output."""

    def __init__(self, check: Any, subject: Any, module: Any, shadowed: set[str]) -> None:
        super().__init__(check, None, shadowed)  # type: ignore[arg-type] - no relation: the outputs are compared
        self.spec = dict(check.get("inputs") or {})
        self.subject = subject
        self.reference = str(check.get("reference"))
        self.difference = ""
        path = getattr(module, "__file__", None)
        if self.reference.startswith("numpy.") or path is None:
            raise Inconclusive("the reference is not a function of the note's module")
        code = read_text(Path(path))
        if code is None:
            raise Inconclusive("the note's module cannot be read")
        self.code = code

    def _decide(self, env: dict[str, Any], search_only: bool = False) -> bool | None:
        sp = self.sp
        if search_only:  # outputs are compared size by size, not searched for a point
            return None
        names, got = self.subject(sp, dict(env), self.divides)
        expected = _call(self.code, self.reference, dict(env))
        if isinstance(expected, dict):  # by name, and perhaps only some outputs (the others are not compared)
            kept = given_by_name(expected, names)
            if kept is None:
                raise Inconclusive("the reference's dict does not name the outputs")
            names, got = tuple(names[i] for i in kept), tuple(got[i] for i in kept)
            expected = tuple(expected[n] for n in names)
        elif len(names) == 1 or not isinstance(expected, tuple):
            expected = (expected,)
        if len(expected) != len(names):
            raise Inconclusive("the reference returns a different number of values")
        compare = self.check.get("compare") or {}
        self.note_partial(_entries(sp, [*got, *expected]))  # (a d − b c)/(a d − b c) cancels before it shows
        undecided = False
        for name, g, e in zip(names, got, expected):
            opts = compare.get(name, {}) if isinstance(compare, dict) else {}
            verdict, shown = self.entrywise(env, name, g, e, "computed − reference")
            if verdict is not True and opts.get("sign"):  # an eigenvector may come out as -v
                verdict = self.entrywise(env, name, g, -e, "computed + reference")[0]
            if verdict is False:
                self.difference = shown
                return False
            undecided = undecided or verdict is None
        return None if undecided else True


def given_by_name(
    expected: dict[Any, Any], names: tuple[str, ...], aliases: dict[str, str] | None = None
) -> list[int] | None:
    """The positions of the outputs a reference's dict gives, by their names or the reader's (``aliases``).

    Every output, or, of several, some of them with nothing else beside (``{"x": …}`` for a listing
    that returns ``x, k``: ``k`` is not compared); ``None`` when the dict is not keyed so.
    """
    aliases = aliases or {}
    kept = [i for i, n in enumerate(names) if n in expected or aliases.get(n) in expected]
    if len(kept) == len(names):
        return kept
    known = set(names) | {aliases[n] for n in names if n in aliases}
    some = len(names) > 1 and bool(expected) and all(isinstance(k, str) and k in known for k in expected)
    return kept if some else None
