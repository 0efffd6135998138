"""What a check runs besides a listing: the functions a Python snippet of the note defines.

:func:`snippet_functions` runs a ``snippet:`` block once in the snippet sandbox
(:mod:`~algoverify.checking.sandboxing.snippetcalls`) and gives each function it defines as a callable whose
every call is answered there. What a failing call means for the claim is decided here, once, for
every kind: a call that does not return, or that fails on numbers (the analogue of a listing's
AV302), raises :class:`RunFailed` (the claim is refuted); any other error could not check it.
"""

from __future__ import annotations

import contextlib
from typing import Any, Callable, Iterator

from ..evidence.trials import CannotCheck
from ..specification.context import CheckContext
from ..specification.spec import CheckSpec

__all__ = ["RunFailed", "SnippetFunctions", "snippet_functions"]


class RunFailed(Exception):
    """A run of the listing called from the relation broke a promise (did not stop, made inf/NaN)."""


#: What a snippet function raising on an input of the class means: numeric trouble (the analogue
#: of a listing's AV302) and runaway recursion refute the claim; any other error could not check it.
_REFUTING_ERRORS = ("ZeroDivisionError", "FloatingPointError", "OverflowError", "RecursionError")


class SnippetFunctions(dict):
    """The snippet's functions by name, each a callable; :meth:`parameters` gives one's parameter names."""

    def __init__(self, functions: dict[str, Callable[..., Any]], session: Any = None) -> None:
        super().__init__(functions)
        self._session = session

    def parameters(self, name: str) -> tuple[str, ...]:
        """The names a function of the snippet takes, in order (its inputs, for a reference check)."""
        return self._session.signature(name).names if self._session is not None else ()


@contextlib.contextmanager
def snippet_functions(check: CheckSpec, ctx: CheckContext) -> Iterator[SnippetFunctions]:
    """The functions of the check's ``snippet:`` block, each a call into one sandboxed worker."""
    if check.get("snippet") is None:
        yield SnippetFunctions({})
        return
    from ..sandboxing import snippetcalls as S

    block = ctx.block(check, "python", key="snippet")
    code = ctx.report.note.source.segment(block.body_span) if getattr(block, "content", None) is None else block.content
    first = ctx.report.note.source.line_col(block.body_span.start)[0]
    seconds = float(check.get("timeout", 10.0))

    def where(exc: S.SnippetError) -> str:
        return f" (line {first + exc.line - 1})" if exc.line else ""

    try:
        with S.SnippetSession(code, timeout=seconds, call_timeout=seconds) as session:

            def bind(name: str) -> Callable[..., Any]:
                def call(*args: Any, **kwargs: Any) -> Any:
                    try:
                        return session.call(name, *args, **kwargs)
                    except S.SnippetCallTimeout as exc:
                        raise RunFailed(f"{name} did not return within {seconds:g} s") from exc
                    except S.SnippetCallError as exc:
                        if exc.type_name.rsplit(".", 1)[-1] in _REFUTING_ERRORS:
                            raise RunFailed(f"{name} raised {exc.type_name}: {exc.error}{where(exc)}") from exc
                        raise CannotCheck(f"{name} raised {exc.type_name}: {exc.error}{where(exc)}") from exc
                    except (S.SnippetError, S.Unencodable) as exc:
                        raise CannotCheck(f"calling {name} of the snippet: {exc}") from exc

                return call

            yield SnippetFunctions({name: bind(name) for name in session.functions()}, session)
    except S.SnippetImportError as exc:
        raise CannotCheck(f"the snippet (python block {check.get('snippet')}) did not run: {exc}{where(exc)}") from exc
