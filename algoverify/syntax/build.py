r"""Algorithmic LaTeX → :mod:`algoverify.syntax.ir`: parse with ``grammars/algorithmic.lark``, then transform.

:func:`parse_algorithm` is the entry point. It is the one place where offsets are added:
lark sees ``text[body.start:body.end]`` and every IR span is ``body.start`` plus lark's
``meta.start_pos``/``meta.end_pos`` (style §2.2). Bad input never escapes as a Python
traceback: pre-scans catch what the parser state cannot tell (braces, unclosed math),
and every lark error becomes a :class:`~algoverify.findings.LocatedError` with an AV1xx
rule, chosen by lark's ``match_examples`` over :data:`PARSE_ERROR_EXAMPLES` or, when no
example matches (deeper nesting), from the blocks still open on the parser's stack.

The steps, in order (only what LaTeX itself rejects is an error):

1. the paper's own commands, read from the listing and from ``preamble``
   (:mod:`~algoverify.syntax.definitions`);
2. :mod:`~algoverify.syntax.prescan` checks braces and math delimiters on the listing as
   written; math that TeX closes just after an argument's brace (``\If{$a}$``) has its closing
   delimiter moved inside the group, in the listing and in the note the builder reads, so
   offsets never move;
3. :mod:`~algoverify.syntax.prepass` blanks formatting around statements to spaces of the
   same length (``\textcolor{c}{\State …}``, ``\State{…}``, ``\\``), so offsets never move;
   a listing with LyX's body wrappers (``\forbody{…}``) is read with them as structure first,
   then, if that fails, with them blanked (:func:`_parse_readings`);
4. lark parses the blanked copy; :class:`_KeywordPostLex` retypes the paper's commands to
   the grammar's generic terminals (a defined block opener to ``USER_OPEN`` …) and an
   unknown block-looking command at the start of a line to ``MACRO_STMT`` (one text
   statement, never a structure error);
5. when the parse fails at a built-in closer (``\EndFor``) that an unknown command earlier
   in the listing could open (``\ForEachIn`` defined in a file we were not given), that
   command is taken for an opener of that block and the parse is retried;
6. :class:`_Builder` turns the tree into IR, reading math and text from the note as written
   (but for step 2's moved delimiters); ``\label``\ s are then attached to the statements
   they stand in.

This module runs the steps; the pieces sit beside it, one job each (every name importable from
here before still is): the keyword tables, the post-lexer and the parser in
:mod:`~algoverify.syntax.postlex`, the error catalogue and the diagnosis of a failed parse in
:mod:`~algoverify.syntax.diagnose`, the transformer in :mod:`~algoverify.syntax.builder`, and the
readers of statement text and math it inherits in :mod:`~algoverify.syntax.statements`.
"""

from __future__ import annotations

import re
from typing import Any

from lark import Token
from lark.exceptions import LarkError, UnexpectedInput, UnexpectedToken, VisitError

from ..findings import (
    LocatedError,
    SyntaxErrorInListing,
)
from ..source import Span
from . import ir
from .builder import (
    _Builder,
)
from .container_calls import as_container_words
from .definitions import (
    CLOSERS,
    KIND_CLOSERS,
    WRAPPERS,
    Definitions,
    Opener,
    negates,
    read_definitions,
)
from .diagnose import (
    PARSE_ERROR_EXAMPLES,
    _diagnose,
)
from .postlex import (
    _CLOSERS,
    _CONTEXT,
    _INNER,
    _MAX_INFERRED,
    _OPENER_TYPES,
    _OPENERS,
    _POSTLEX,
    _TOO_DEEP,
    _WRAPPERS,  # noqa: F401 - re-exported: the tests wrap their examples with it
    _arguments,
    _bare,
    _Context,
    _keywords,
    _parser,
    _unknown_at_line_start,
)
from .prepass import blank_formatting
from .prescan import close_inside, prescan
from .sort_steps import as_sort_steps
from .statements import (
    ASSIGN_OPS,
    _assignment_split,  # noqa: F401 - re-exported: expansion.py imports it from here
    blank_delimiters,  # noqa: F401 - re-exported: the tests import it from here
)
from .texscan import group_end, skip_space

__all__ = ["parse_algorithm", "PARSE_ERROR_EXAMPLES", "ASSIGN_OPS"]


def parse_algorithm(text: str, body: Span, *, preamble: str = "") -> ir.Algorithm:
    """Parse the listing at ``text[body.start:body.end]`` into an :class:`ir.Algorithm`.

    :param text: the whole note; every span in the result indexes into it.
    :param body: an ``algorithm`` float, a bare ``algorithmic`` environment, or bare statements.
    :param preamble: LaTeX whose definitions apply to this listing (``\\algdef``, ``\\algblock``,
        ``\\newcommand`` …): the note's text outside the block, a preamble file. The listing's
        own definitions are read from the listing.
    :raises LocatedError: an AV1xx rule at the offending place of the note.
    """
    source = text[body.start : body.end]
    defs = read_definitions(preamble).merged(read_definitions(source)) if preamble else read_definitions(source)
    straddles = prescan(source, body.start, _POSTLEX.keywords, _arguments(defs))
    if straddles:  # `\If{$a}$`: read as TeX does, with the `$` inside the argument; offsets unchanged
        source = close_inside(source, straddles)
        text = text[: body.start] + source + text[body.end :]
    tree, defs = _parse_readings(source, body, defs)
    try:
        return as_sort_steps(as_container_words(_Builder(text, body.start, defs).transform(tree)))
    except VisitError as exc:
        cause = exc.orig_exc
        if isinstance(cause, LocatedError):
            raise cause from None
        if isinstance(cause, RecursionError):
            raise LocatedError(SyntaxErrorInListing, body, message=_TOO_DEEP) from cause
        raise cause from exc
    except RecursionError as exc:
        raise LocatedError(SyntaxErrorInListing, body, message=_TOO_DEEP) from exc


def _parse_readings(source: str, body: Span, defs: Definitions) -> tuple[Any, Definitions]:
    r"""Parse the listing; one using LyX's body wrappers is read two ways if it must be.

    LyX's preamble defines ``\forbody{#1}`` as ``#1 \ENDFOR``, so the wrapper ends its block:
    that reading comes first. A paper that defines the wrappers as bare groups writes the closer
    after them; when the first reading fails, the wrappers are blanked as formatting and the
    listing is parsed again. If both fail, the error located further into the listing is reported.
    """
    readings = (True, False) if _WRAPPER_USE.search(source) else (True,)
    errors: list[LocatedError] = []
    for wrappers in readings:
        try:
            return _parse(blank_formatting(source, _keywords(defs, wrappers)), source, body, defs)
        except LocatedError as error:
            errors.append(error)
    raise max(errors, key=lambda error: error.span.start)  # on a tie, the LyX reading's


_WRAPPER_USE = re.compile("|".join(re.escape(name) for name in WRAPPERS) + r"(?![a-zA-Z@])")


def _parse(lexed: str, source: str, body: Span, defs: Definitions) -> tuple[Any, Definitions]:
    """Parse the blanked listing; on failure, retry with inferred openers (step 5) before reporting."""
    first: LocatedError | None = None
    on_error = _continuation(source, lexed)
    needed = bool(defs) or _unknown_at_line_start(lexed)
    for _ in range(_MAX_INFERRED + 1):
        context = _Context(defs, lexed, _bare(lexed))
        reset = _CONTEXT.set(context if needed else None)
        try:
            return _parser().parse(lexed, on_error=on_error), defs
        except UnexpectedInput as exc:
            if first is None:
                first = _diagnose(exc, source, body.start, defs)
            opener = _infer_opener(exc, context)
        except LarkError as exc:  # any other lark failure is still the listing's fault, never a traceback
            if first is None:
                first = LocatedError(SyntaxErrorInListing, body, message=str(exc))
            opener = None
        except RecursionError as exc:
            raise LocatedError(SyntaxErrorInListing, body, message=_TOO_DEEP) from exc
        finally:
            _CONTEXT.reset(reset)
        if opener is None:
            break
        defs = defs.with_opener(opener)
    assert first is not None
    raise first


def _continuation(source: str, lexed: str) -> Any:
    r"""For a listing split with ``\algstore``/``\algrestore``: an ``on_error`` handler for lark, else ``None``.

    After ``\algrestore{…}`` a closer (or ``\Else``) with no block open here closes one of the
    stored part, so it is skipped. Before ``\algstore{…}`` the blocks still open at the end stay
    open for the next part, so their closers are fed (zero-width, at the end) before it.
    """
    store, restore = "\\algstore" in source, "\\algrestore" in source
    if not (store or restore):
        return None

    def on_error(exc: UnexpectedInput) -> bool:
        if not isinstance(exc, UnexpectedToken):
            return False
        token, state = exc.token, exc.interactive_parser
        opened = [
            t for t in state.parser_state.value_stack
            if isinstance(t, Token) and t.type in _OPENER_TYPES and not t.type.startswith("BEGIN")
        ]  # fmt: skip
        if restore and not opened and (token.type in _INNER or token.type in _CLOSERS):
            return token.type not in ("_END_ALG", "_END_FLOAT")
        if store and opened and token.type in ("_END_ALG", "_END_FLOAT", "$END"):
            end = len(lexed[: token.start_pos].rstrip()) if token.start_pos is not None else None
            closers = [_closing_token(t, token, end) for t in reversed(opened)]
            if None in closers:
                return False
            for closer in closers:
                state.feed_token(closer)
            state.feed_token(token)
            return True
        return False

    return on_error


def _closing_token(opener: Token, at: Token, end: int | None) -> Token | None:
    """A zero-width token that closes ``opener``, placed at ``end`` (after the last thing before ``at``)."""
    if opener.type == "USER_OPEN":
        context = _CONTEXT.get()
        definition = context.defs.openers.get(opener.value) if context is not None else None
        if definition is None or not definition.closers:
            return None
        kind, value = "USER_CLOSE", min(definition.closers)
    elif opener.value in _OPENERS:
        kind, value = _POSTLEX.keywords[_OPENERS[opener.value][1]], ""
    else:
        return None
    pos = end if end is not None else (at.start_pos or 0)
    line, column = at.line or 1, at.column or 1  # build.py reads offsets only
    return Token(kind, value, pos, line, column, line, column, pos)


# --- step 5: an unknown command taken for the opener a closer needs -----------------------

# Block kind → what an opener's name says when it opens that kind: the word capitalised
# (\ParallelFor, \ForEachIn), or at either end (\forall, \pfor), never inside (\Verify).
_KIND_WORDS = {
    kind: re.compile(rf"^(?i:{word})|{word.capitalize()}|{word}$")
    for kind, word in (
        ("for", "for"), ("while", "while"), ("if", "if"), ("loop", "loop"), ("function", "func"),
        ("procedure", "proc"), ("repeat", "repeat"),
    )
}  # fmt: skip


def _infer_opener(exc: UnexpectedInput, context: _Context) -> Opener | None:
    r"""An opener for the closer the parse failed at, from an unknown command before it; or ``None``.

    Only a command read as a text statement (:class:`_KeywordPostLex`) whose name says the
    closer's kind qualifies (``\ParFor`` for ``\EndFor``), the nearest one first; its
    arguments are the groups that follow it in the listing.
    """
    token = getattr(exc, "token", None)
    if token is None or token.start_pos is None:
        return None
    kind = CLOSERS.get(str(token)) or _CLOSERS.get(token.type, ("",))[0]
    if kind not in _KIND_WORDS:
        return None
    for candidate in reversed(context.candidates):
        name = str(candidate)
        if candidate.start_pos < token.start_pos and _KIND_WORDS[kind].search(name[1:]):
            nargs, pos = 0, candidate.end_pos
            while True:
                at = skip_space(context.text, pos)
                if at >= len(context.text) or context.text[at] != "{":
                    break
                pos = group_end(context.text, at)
                if pos < 0:
                    break
                nargs += 1
            return Opener(name, kind, nargs, KIND_CLOSERS[kind], True, negated=negates(name))
    return None
