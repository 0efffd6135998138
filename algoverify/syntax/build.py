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
"""

from __future__ import annotations

import functools
import re
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Iterator, Sequence

from lark import Token, Transformer, v_args
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError

from ..findings import (
    EmptyBlock,
    LocatedError,
    Rule,
    StrayKeyword,
    SyntaxErrorInListing,
    UnclosedBlock,
    UnmatchedEnd,
    UnterminatedEnvironment,
)
from ..source import Span
from . import ir
from .definitions import (
    CLOSERS,
    KIND_CLOSERS,
    MIDDLES,
    OPENERS,
    STATEMENTS,
    WRAPPERS,
    Definitions,
    Opener,
    negates,
    read_definitions,
)
from .grammar import load_parser
from .plaintext import to_plain
from .prepass import Keywords, blank_formatting
from .prescan import close_inside, prescan
from .texscan import group_end, skip_space

__all__ = ["parse_algorithm", "PARSE_ERROR_EXAMPLES", "ASSIGN_OPS"]

#: Top-level operators that make a math-only statement an assignment (``=`` only if alone).
ASSIGN_OPS = ("\\gets", "\\leftarrow", "\\Leftarrow", "\\longleftarrow", ":=", "\\coloneqq")

# --- the error catalogue (lark's GRAMMAR_ERRORS pattern) -----------------------------
#: Labelled malformed listings, written as bare statements. ``match_examples`` compares
#: parser states, so each example is parsed inside the same wrapper (float, environment
#: or none) as the failing input; tests/test_build.py checks every row.
PARSE_ERROR_EXAMPLES: list[tuple[type[Rule], list[str]]] = [
    (
        UnclosedBlock,
        [
            "\\While{\\(x\\)}\n\\State \\(y \\gets 1\\)\n",
            "\\While{\\(x\\)}\n",
            "\\State \\(a\\)\n\\While{\\(x\\)}\n\\State \\(y\\)\n",
            "\\If{\\(x\\)}\n\\State \\(y\\)\n",
            "\\State \\(a\\)\n\\If{\\(x\\)}\n\\State \\(y\\)\n",
            "\\For{\\(i = 1, \\dots, n\\)}\n\\State \\(y\\)\n",
            "\\Function{F}{\\(x\\)}\n\\State \\(y\\)\n",
            "\\Repeat\n\\State \\(y\\)\n",
            "\\While{\\(x\\)}\n\\State \\(y\\)\n\\EndFor\n",
            "\\While{\\(x\\)}\n\\EndIf\n",
            "\\If{\\(x\\)}\n\\While{\\(y\\)}\n\\Else\n",
        ],
    ),
    (
        UnmatchedEnd,
        [
            "\\EndIf\n",
            "\\State \\(x \\gets 1\\)\n\\EndIf\n",
            "\\State \\(x \\gets 1\\)\n\\EndWhile\n",
            "\\State \\(x \\gets 1\\)\n\\EndFor\n",
            "\\State \\(x \\gets 1\\)\n\\EndFunction\n",
        ],
    ),
    (
        StrayKeyword,
        [
            "\\Else\n",
            "\\State \\(x \\gets 1\\)\n\\Else\n",
            "\\State \\(x \\gets 1\\)\n\\ElsIf{\\(y\\)}\n",
            "\\State \\(x \\gets 1\\)\n\\Until{\\(y\\)}\n",
            "\\If{\\(x\\)}\n\\State \\(y\\)\n\\Else\n\\State \\(z\\)\n\\Else\n",
        ],
    ),
]

_WRAPPERS = {
    "float": ("\\begin{algorithm}\n\\begin{algorithmic}\n", "\n\\end{algorithmic}\n\\end{algorithm}\n"),
    "env": ("\\begin{algorithmic}\n", "\n\\end{algorithmic}\n"),
    "bare": ("", ""),
}

# Block openers → (block kind, closing keyword in the same dialect).
_OPENERS = {
    "\\If": ("if", "\\EndIf"), "\\IF": ("if", "\\ENDIF"),
    "\\While": ("while", "\\EndWhile"), "\\WHILE": ("while", "\\ENDWHILE"),
    "\\For": ("for", "\\EndFor"), "\\FOR": ("for", "\\ENDFOR"),
    "\\ForAll": ("for", "\\EndFor"), "\\ForEach": ("for", "\\EndFor"), "\\FORALL": ("for", "\\ENDFOR"),
    "\\Loop": ("loop", "\\EndLoop"), "\\LOOP": ("loop", "\\ENDLOOP"),
    "\\Repeat": ("repeat", "\\Until"), "\\REPEAT": ("repeat", "\\UNTIL"),
    "\\Function": ("function", "\\EndFunction"), "\\Procedure": ("procedure", "\\EndProcedure"),
}  # fmt: skip
_OPENER_TYPES = frozenset(
    "_IF _IF_U _WHILE _WHILE_U _FOR _FOR_U _FORALL _FOREACH _FORALL_U _LOOP _LOOP_U "
    "_REPEAT _REPEAT_U _FUNCTION _PROCEDURE BEGIN_ALG BEGIN_FLOAT USER_OPEN USER_LOOP".split()
)
# Closing keywords → (block kind, the opener to name in a message).
_CLOSERS = {
    "_ENDIF": ("if", "\\If"), "_ENDIF_U": ("if", "\\IF"),
    "_ENDWHILE": ("while", "\\While"), "_ENDWHILE_U": ("while", "\\WHILE"),
    "_ENDFOR": ("for", "\\For"), "_ENDFOR_U": ("for", "\\FOR"),
    "_ENDLOOP": ("loop", "\\Loop"), "_ENDLOOP_U": ("loop", "\\LOOP"),
    "_ENDFUNCTION": ("function", "\\Function"), "_ENDPROCEDURE": ("procedure", "\\Procedure"),
    "_END_ALG": ("algorithmic", "\\begin{algorithmic}"), "_END_FLOAT": ("algorithm", "\\begin{algorithm}"),
    "USER_CLOSE": ("", ""),
}  # fmt: skip
# Keywords that only make sense inside one kind of block → (kind, where they belong).
_INNER = {
    "_ELSE": ("if", "an \\If block"), "_ELSE_U": ("if", "an \\IF block"),
    "_ELSIF": ("if", "an \\If block"), "_ELSIF_U": ("if", "an \\IF block"),
    "_UNTIL": ("repeat", "a \\Repeat block"), "_UNTIL_U": ("repeat", "a \\REPEAT block"),
}  # fmt: skip
# Terminal names → how a user writes them, for "expected …" in messages.
_SPELLING = {
    "_LBRACE": "{", "_RBRACE": "}", "$END": "the end of the listing", "_END_ALG": "\\end{algorithmic}",
}  # fmt: skip


_TOO_DEEP = "the listing is nested too deeply"
# How many unknown commands one listing may have taken for block openers (step 5).
_MAX_INFERRED = 8


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
        return _Builder(text, body.start, defs).transform(tree)
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


@functools.cache
def _line_start_unknown() -> re.Pattern[str]:
    """A line that starts with a block-looking command neither a keyword nor a word (see _KeywordPostLex)."""
    known = sorted({k[1:] for k in _POSTLEX.keywords} | {w[1:] for w in _NOT_STATEMENTS}, key=len, reverse=True)
    return re.compile(r"^[ \t]*\\(?!(?:" + "|".join(known) + r")(?![A-Za-z@]))(?:[A-Z]|[a-z]+[A-Z])", re.M)


def _unknown_at_line_start(lexed: str) -> bool:
    """Whether the post-lexer may meet an unknown command at the start of a line (its slower path)."""
    return _line_start_unknown().search(lexed) is not None


def _bare(lexed: str) -> bool:
    """Whether the listing is bare statements (no environment around them)."""
    return not lexed.lstrip().startswith("\\begin{algorithm")


@functools.lru_cache(maxsize=256)
def _keywords(defs: Definitions, wrappers: bool = True) -> Keywords:
    """What makes a group "begin with a keyword" for the pre-pass, given the paper's definitions.

    With ``wrappers``, LyX's body wrappers are structure the grammar reads; without, they are
    formatting the pre-pass blanks (see :func:`_parse_readings`).
    """
    starters = set(STATEMENTS) | set(CLOSERS) | set(MIDDLES) | {"\\Comment", "\\COMMENT"}
    starters |= {k for k, (_, n) in OPENERS.items() if n == 0}
    need_group = {k for k, (_, n) in OPENERS.items() if n > 0}
    # the wrappers, unless the paper gives the name another meaning; and the paper's own
    bodies = {name: name for name in WRAPPERS if defs.role(name) is None}
    bodies.update({name: target for name, target in defs.aliases.items() if target in WRAPPERS})
    if wrappers:
        need_group |= set(bodies)
    arity = (
        tuple((name, 2 if target == "\\ifthenelsebody" else 1) for name, target in bodies.items()) if wrappers else ()
    )
    for name, opener in defs.openers.items():
        (need_group if opener.nargs else starters).add(name)
    starters |= set(defs.closers) | set(defs.statements)
    for name, target in defs.aliases.items():
        (need_group if OPENERS.get(target, ("", 0))[1] else starters).add(name)
    return Keywords(STATEMENTS, frozenset(starters), frozenset(need_group), tuple(defs.noise.items()), arity)


@functools.lru_cache(maxsize=256)
def _arguments(defs: Definitions) -> dict[str, int]:
    r"""Commands whose brace groups are arguments (not TeX groups) → how many: ``\If`` 1, ``\Call`` 2."""
    found = {name: n for name, (_, n) in OPENERS.items() if n}
    found.update({"\\ElsIf": 1, "\\ELSIF": 1, "\\Until": 1, "\\UNTIL": 1, "\\Call": 2, "\\Comment": 1, "\\COMMENT": 1})
    for table in (defs.openers, defs.closers):
        found.update({name: command.nargs for name, command in table.items() if command.nargs})
    found.update({name: n for name, n in defs.statements.items() if n})
    found.update({name: found[target] for name, target in defs.aliases.items() if target in found})
    return found


@dataclass
class _Context:
    """What the post-lexer needs to know about the listing being parsed (one per parse)."""

    defs: Definitions
    #: the blanked listing lark reads (for "is this command the first thing on its line?")
    text: str
    #: bare statements: no environment to enter before statements may start
    bare: bool
    #: unknown commands read as text statements, in order: openers to infer from (step 5)
    candidates: list[Token] = field(default_factory=list)


_CONTEXT: ContextVar[_Context | None] = ContextVar("algoverify_listing", default=None)
# LyX's body wrappers (terminals) → how many body groups follow them.
_WRAPPER_TYPES = {"_FORBODY": 1, "_WHILEBODY": 1, "_IFTHENBODY": 1, "_IFTHENELSEBODY": 2}
# A command that looks like a block keyword: capitalised (\ForEachIn, \Do) or camel-case (\doWhile).
_BLOCKISH = re.compile(r"\\(?:[A-Z]|[a-z]+[A-Z])")
# Capitalised commands that are words or symbols inside a statement, never statements.
_NOT_STATEMENTS = frozenset(
    "\\TRUE \\FALSE \\AND \\OR \\NOT \\XOR \\TO \\To \\True \\False \\And \\Or \\Not \\Xor \\Call \\NULL \\Null "
    "\\Gamma \\Delta \\Theta \\Lambda \\Xi \\Pi \\Sigma \\Upsilon \\Phi \\Psi \\Omega \\LaTeX \\TeX \\Big \\Bigg "
    "\\Bigl \\Bigr \\Biggl \\Biggr \\Leftarrow \\Rightarrow \\Leftrightarrow \\Longleftarrow \\Longrightarrow".split()
)


class _KeywordPostLex:
    r"""Retype a ``CMD`` token that spells a structural keyword (``\EndIf``) to that keyword.

    The contextual lexer only tries the terminals valid in the parser's current state,
    so where ``\EndIf`` is not valid it would match the catch-all ``CMD`` and pass as
    text. Retyped, it reaches the parser as ``_ENDIF`` and fails there, with the state
    that match_examples and :func:`_classify` need. Where the keyword is valid, lark's
    own keyword handling has typed it already. ``\Comment``, ``\Call``, ``\caption``
    and ``\label`` stay commands: they are text wherever they are not special; so do
    LyX's body wrappers, which are structure only right after a block's header.

    During :func:`parse_algorithm` (a :class:`_Context` is set) it also retypes the paper's
    own commands by their role (:mod:`~algoverify.syntax.definitions`), and an unknown
    block-looking command that starts a line outside any group to ``MACRO_STMT``.
    """

    # Environment boundaries are lexed in every state, so that a misplaced
    # `\end{algorithm}` is an unexpected token, not a command followed by a group.
    always_accept = ("BEGIN_FLOAT", "_END_FLOAT", "BEGIN_ALG", "_END_ALG")
    _INLINE = frozenset({"_COMMENT", "_COMMENT_U", "_CALL", "_CAPTION", "_LABEL"})

    def __init__(self) -> None:
        self._keywords: dict[str, str] | None = None
        self._types: frozenset[str] = frozenset()

    @property
    def keywords(self) -> dict[str, str]:
        r"""Structural keywords as written (``\While``) → terminal names, read from the grammar."""
        if self._keywords is None:
            self._keywords = {
                t.pattern.value: t.name
                for t in _parser().terminals
                if t.pattern.type == "str" and t.pattern.value.startswith("\\") and t.name not in self._INLINE
            }
            self._types = frozenset(self._keywords.values())
        return self._keywords

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        """Yield the tokens of ``stream``, keywords retyped."""
        keywords = self.keywords
        context = _CONTEXT.get()
        if context is not None:
            yield from self._in_context(stream, keywords, context)
            return
        for token in stream:
            if token.type == "CMD" and token in keywords and keywords[token] not in _WRAPPER_TYPES:
                token = Token.new_borrow_pos(keywords[token], str(token), token)
            yield token

    def _in_context(self, stream: Iterator[Token], keywords: dict[str, str], context: _Context) -> Iterator[Token]:
        roles = _roles(context.defs, self)
        types = self._types
        text = context.text
        depth = 0  # groups open, LyX's body wrappers aside: their statements are the body's
        braces: list[bool] = []  # per open brace: a wrapper's?
        wrapped = (0, 0)  # wrapper groups still to open, at this many open braces
        inside = context.bare
        for token in stream:
            kind = token.type
            if kind == "_LBRACE":
                body = wrapped[0] > 0 and wrapped[1] == len(braces)
                wrapped = (wrapped[0] - body, wrapped[1])
                braces.append(body)
                depth += not body
            elif kind == "_RBRACE":
                depth -= not braces.pop() if braces else 1
            elif kind == "CMD" or kind in types:
                value = str(token)
                target = roles.get(value)
                if target is not None:
                    if target != "MACRO_STMT" or (depth == 0 and inside):
                        token = Token.new_borrow_pos(target, value, token)
                elif kind == "CMD":
                    if value in keywords and keywords[value] not in _WRAPPER_TYPES:
                        token = Token.new_borrow_pos(keywords[value], value, token)
                    elif (
                        depth == 0
                        and inside
                        and _BLOCKISH.match(value)
                        and value not in _NOT_STATEMENTS
                        and _starts_line(text, token.start_pos)
                    ):
                        token = Token.new_borrow_pos("MACRO_STMT", value, token)
                        context.candidates.append(token)
            elif kind == "BEGIN_ALG":
                inside = True
            elif kind == "_END_ALG":
                inside = False
            if token.type in _WRAPPER_TYPES:  # after the paper's roles: its own \forbody may be no wrapper
                wrapped = (_WRAPPER_TYPES[token.type], len(braces))
            yield token


@functools.lru_cache(maxsize=256)
def _roles(defs: Definitions, postlex: _KeywordPostLex) -> dict[str, str]:
    """The paper's commands → the terminal the post-lexer gives them."""
    keywords = postlex.keywords
    roles: dict[str, str] = {}
    for name, target in defs.aliases.items():
        if target in keywords:
            roles[name] = keywords[target]
    for name in defs.statements:
        roles[name] = "MACRO_STMT"
    for name in defs.closers:
        roles[name] = "USER_CLOSE"
    for name, opener in defs.openers.items():
        roles[name] = "USER_LOOP" if opener.loop else "USER_OPEN"
    return roles


def _starts_line(text: str, pos: int) -> bool:
    """Whether only spaces stand between the previous line break and ``pos``."""
    line = text.rfind("\n", 0, pos) + 1
    return not text[line:pos].strip()


_POSTLEX = _KeywordPostLex()


def _parser() -> Any:
    return load_parser("algorithmic", postlex=_POSTLEX)


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


# --- parse errors → located errors -----------------------------------------------------


def _diagnose(exc: UnexpectedInput, source: str, base: int, defs: Definitions) -> LocatedError:
    """Turn a lark error into the most specific AV1xx error, located in the note."""
    token = getattr(exc, "token", None)
    opened = [t for t in _value_stack(exc) if isinstance(t, Token) and t.type in _OPENER_TYPES]
    for rule in (_match_example(exc, source), _classify(token, opened, defs)):
        error = _located(rule, token, opened, source, base, defs) if rule is not None else None
        if error is not None:
            return error
    return _generic(exc, source, base)


def _value_stack(exc: UnexpectedInput) -> list[Any]:
    state = getattr(exc, "state", None)
    return list(getattr(state, "value_stack", None) or [])


def _match_example(exc: UnexpectedInput, source: str) -> type[Rule] | None:
    """Label the error with lark's ``match_examples``, parsing each example in ``source``'s wrapper."""
    if not isinstance(exc, UnexpectedToken) or exc.state is None:
        return None
    head = source.lstrip()
    kind = "float" if head.startswith(("\\begin{algorithm}", "\\begin{algorithm*}")) else "bare"
    kind = "env" if head.startswith("\\begin{algorithmic}") else kind
    prefix, suffix = _WRAPPERS[kind]
    parser = _parser()
    reset = _CONTEXT.set(None)  # the examples are parsed on their own, not as this listing
    try:
        return exc.match_examples(lambda example: parser.parse(prefix + example + suffix), PARSE_ERROR_EXAMPLES)
    except TypeError:
        # lark 1.3.1 formats a ParserState with %d in a debug message when the error came
        # through on_error (\algstore listings); _classify decides instead
        return None
    finally:
        _CONTEXT.reset(reset)


def _opener_of(token: Token, defs: Definitions) -> tuple[str, str]:
    r"""``(kind, closer to name in a message)`` of an opener token, built-in or the paper's."""
    if token.value in _OPENERS and token.type not in ("USER_OPEN", "USER_LOOP"):
        return _OPENERS[token.value]
    opener = defs.openers.get(token.value)
    if opener is None or not opener.closers:
        return ("", "the end of its block")
    return opener.kind, min(opener.closers, key=lambda c: (c.isupper(), c))


def _classify(token: Token | None, opened: Sequence[Token], defs: Definitions) -> type[Rule]:
    r"""Pick the rule from the unexpected token and the blocks still open (when no example matched).

    A closing keyword, ``\Else`` or ``\Until`` met inside a block it cannot belong to
    means that block was never closed (AV102, at its opener); with no block open, a
    closing keyword is unmatched (AV103) and ``\Else``/``\Until`` are stray (AV104).
    """
    blocks = [t for t in opened if not t.type.startswith("BEGIN")]
    if token is None:
        return SyntaxErrorInListing
    if token.type in ("$END", "_END_ALG", "_END_FLOAT"):
        return UnclosedBlock if opened else SyntaxErrorInListing
    if token.type == "_RBRACE" and blocks:  # the `}` of LyX's \forbody{…} around a block left open
        return UnclosedBlock
    if token.type in _CLOSERS:
        innermost = _OPENERS.get(blocks[-1].value, ("?",))[0] if blocks else None
        if innermost == _CLOSERS[token.type][0]:
            return SyntaxErrorInListing  # it closes the open block: the block's header is what is wrong
        return UnclosedBlock if blocks else UnmatchedEnd
    if token.type in _INNER:
        wanted = _INNER[token.type][0]
        outer = [_opener_of(t, defs)[0] for t in blocks[:-1]]
        return UnclosedBlock if wanted in outer else StrayKeyword
    return SyntaxErrorInListing


def _token_span(token: Token, base: int, source: str) -> Span:
    if token.type == "$END" or token.start_pos is None:
        end = base + len(source.rstrip())
        return Span(end, end)
    return Span(base + token.start_pos, base + (token.end_pos or token.start_pos))


def _located(
    rule: type[Rule], token: Token | None, opened: Sequence[Token], source: str, base: int, defs: Definitions
) -> LocatedError | None:
    """Fill ``rule``'s message from the token and the open blocks; ``None`` if they do not fit it."""
    if token is None:
        return None
    found = _SPELLING["$END"] if token.type == "$END" else token.value
    if rule is UnclosedBlock and opened:
        # Cut off at the end: the missing \\end{…} is the cause, whatever blocks are open inside.
        envs = [t for t in opened if t.type.startswith("BEGIN")]
        inner = envs[-1] if token.type == "$END" and envs else opened[-1]
        span = _token_span(inner, base, source)
        if inner.type.startswith("BEGIN"):
            env = "algorithmic" if inner.type == "BEGIN_ALG" else "algorithm"
            return LocatedError(UnterminatedEnvironment, span, details={"found": found}, env=env)
        closer = _opener_of(inner, defs)[1]
        details = {"expected_at": _token_span(token, base, source)}
        return LocatedError(UnclosedBlock, span, details=details, opener=inner.value, closer=closer, found=found)
    if rule is UnmatchedEnd and token.type in _CLOSERS:
        opener = _CLOSERS[token.type][1]
        if token.type == "USER_CLOSE":
            names = sorted(o.name for o in defs.openers.values() if token.value in o.closers)
            opener = names[0] if names else "opener"
        return LocatedError(UnmatchedEnd, _token_span(token, base, source), closer=token.value, opener=opener)
    if rule is StrayKeyword and token.type in _INNER:
        context = _INNER[token.type][1]
        if token.type.startswith("_ELS") and opened and opened[-1].value in ("\\If", "\\IF"):
            else_kw = "\\ELSE" if token.value.isupper() else "\\Else"
            context += f": this {opened[-1].value} already has its {else_kw}"
        span = _token_span(token, base, source)
        return LocatedError(StrayKeyword, span, keyword=token.value, context=context)
    return None


def _generic(exc: UnexpectedInput, source: str, base: int) -> LocatedError:
    """AV101 with "unexpected X; expected Y" in the user's spelling."""
    token = getattr(exc, "token", None)
    if isinstance(exc, UnexpectedCharacters) or token is None:
        pos = min(exc.pos_in_stream or 0, len(source))
        found = f"'{source[pos]}'" if pos < len(source) else _SPELLING["$END"]
        span = Span(base + pos, base + min(pos + 1, len(source)))
        return LocatedError(SyntaxErrorInListing, span, message=f"unexpected {found}")
    found = _SPELLING["$END"] if token.type == "$END" else f"'{str(token)[:30]}'"
    # The environment terminals are lexed everywhere (see _KeywordPostLex), and a header's
    # `[comment]` is optional after every block keyword: naming them would only be noise.
    names = set(getattr(exc, "expected", None) or ()) - set(_KeywordPostLex.always_accept) - {"_LBRACKET"}
    expected = sorted(_spell(name) for name in names)
    if len(expected) > 6:
        expected = expected[:6] + ["…"]
    message = f"unexpected {found}" + (f"; expected {', '.join(expected)}" if expected else "")
    return LocatedError(SyntaxErrorInListing, _token_span(token, base, source), message=message)


_DESCRIPTIONS = {
    "TEXT": "text", "CMD": "a command", "ESC": "an escaped character", "MATH_PAREN": "math",
    "MATH_DOLLAR": "math", "MATH_DISPLAY": "math", "MATH_ENV": "math",
    "BEGIN_ALG": "\\begin{algorithmic}", "BEGIN_FLOAT": "\\begin{algorithm}",
    "_END_FLOAT": "\\end{algorithm}", "CAPTION_OPT": "[short caption]", "OPTION_TEXT": "text",
}  # fmt: skip


def _spell(name: str) -> str:
    r"""Return terminal ``name`` as a user writes it (``_ENDWHILE`` → ``\EndWhile``)."""
    if name in _SPELLING:
        return _SPELLING[name]
    if name in _DESCRIPTIONS:
        return _DESCRIPTIONS[name]
    literals = {t.name: t.pattern.value for t in _parser().terminals if t.pattern.type == "str"}
    return literals.get(name, name)


# --- the transformer -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Piece:
    """One item of a statement's content, before build.py decides what the statement means.

    ``kind`` is ``text`` (TEXT, CMD, ESC: ``value`` holds the token), ``math`` (``inner`` is
    the LaTeX between the delimiters), ``group`` (``inner`` is inside the braces,
    ``children`` the items there), ``comment`` (``node``), ``call`` (``children`` is the
    name group and the argument group), ``label`` (``value`` is the name) or ``end`` (a
    defined block's closer, ``value`` as written).
    """

    kind: str
    span: Span
    inner: Span | None = None
    children: tuple[_Piece, ...] = ()
    node: ir.Comment | None = None
    value: str = ""


@dataclass(frozen=True, slots=True)
class _Body:
    """A block body: its leading items (header comment or loose text), statements and span."""

    lead: tuple[_Piece, ...]
    stmts: tuple[ir.Statement, ...]
    span: Span | None


@dataclass(frozen=True, slots=True)
class _EmptyState:
    r"""An empty ``\State``: a blank line, or the start of ``\State \Return …``."""

    span: Span


@dataclass(frozen=True, slots=True)
class _Trail:
    """What follows a block's closing keyword on its line, before build.py knows the block."""

    items: tuple[_Piece, ...]


@dataclass(frozen=True, slots=True)
class _OpenUser:
    r"""A defined block (``\Do`` … ``\doWhile``) whose closer's arguments are still in the trail."""

    span: Span
    opener: Opener
    opener_span: Span
    body: _Body
    closer: str
    #: \ElsIf/\Else arms (an if block's only)
    arms: tuple[ir.Branch, ...] = ()


@dataclass(frozen=True, slots=True)
class _Float:
    """The items of an ``algorithm`` float outside ``algorithmic``: its caption and other pieces."""

    caption: ir.Text | None
    pieces: tuple[_Piece, ...]


@dataclass(frozen=True, slots=True)
class _Continuation:
    r"""A ``\Statex`` line of text, until :meth:`_Builder._flatten` knows what stands before it."""

    statement: ir.TextStatement


@dataclass(frozen=True, slots=True)
class _Env:
    """A parsed ``algorithmic`` environment (or bare statements, with ``begin`` empty)."""

    span: Span
    begin: str
    body: _Body


# Content items that typeset nothing a reader would call part of the statement.
_NOISE_MACROS = {
    "\\label": 1, "\\hfill": 0, "\\quad": 0, "\\qquad": 0, "\\nonumber": 0, "\\relax": 0,
    # spacing the pre-pass leaves when it has nothing else to do (see prepass._needs_pass)
    "\\;": 0, "\\,": 0, "\\:": 0, "\\!": 0, "\\ ": 0, "\\>": 0,
}  # fmt: skip
_TIES = re.compile(r"~+")
_DOTS = {"\\dots", "\\ldots", "\\cdots", "..."}
# \label inside display math, and what may stand at its ends without being math.
_MATH_LABEL = re.compile(r"\\label\s*\{([^{}]*)\}")
_EDGE = r"(?:\s|\\label\s*\{[^{}]*\}|\\nonumber(?![a-zA-Z])|\\notag(?![a-zA-Z]))*"
_MATH_EDGE = re.compile(_EDGE)
_MATH_EDGE_END = re.compile(_EDGE + r"\Z")
_MATH_COMMENT_END = re.compile(r"\s*(?<!\\)%[^\n]*(?:\s|(?<!\\)%[^\n]*)*\Z")
_MATH_TOKEN = re.compile(r"\\[a-zA-Z]+|\\.|:=|[<>!=]=|\.\.\.|[{}()\[\],=]", re.S)
# `\\(` and `\\)` never occur inside math; counting them lets _args cut raw text at commas.
_OPENING = {"\\(", "{", "(", "[", "\\{", "\\langle", "\\lvert", "\\lVert", "\\lfloor", "\\lceil"}
_CLOSING = {"\\)", "}", ")", "]", "\\}", "\\rangle", "\\rvert", "\\rVert", "\\rfloor", "\\rceil"}


@v_args(inline=True, meta=True)
class _Builder(Transformer):
    """Parse tree of ``algorithmic.lark`` → IR, one method per rule; spans made absolute here."""

    def __init__(self, text: str, base: int, defs: Definitions) -> None:
        super().__init__(visit_tokens=True)
        self._text = text
        self._base = base
        self._defs = defs
        #: every \label met, in document order: (name, span of the \label{…})
        self._labels: list[tuple[str, Span]] = []
        #: a \caption met among the statements, and the spans of the labels right after it
        self._caption: ir.Text | None = None
        self._float_labels: set[Span] = set()

    # -- helpers ---------------------------------------------------------------------

    def _span(self, meta: Any, default: Span | None = None) -> Span:
        """Absolute span of a rule; an empty match (no positions) inherits ``default``."""
        if getattr(meta, "empty", True):
            return default if default is not None else Span(self._base, self._base)
        return Span(self._base + meta.start_pos, self._base + meta.end_pos)

    def _tok(self, kind: str, token: Token, inner: Span | None = None) -> _Piece:
        span = Span(self._base + token.start_pos, self._base + token.end_pos)
        return _Piece(kind, span, inner=inner, value=str(token))

    def _src(self, span: Span) -> str:
        return self._text[span.start : span.end]

    def _math(self, piece: _Piece) -> ir.Math:
        assert piece.inner is not None
        return ir.Math(piece.inner, self._src(piece.inner), True)

    def _composite(self, content: Sequence[_Piece]) -> ir.Math | None:
        r"""Math spread over text-mode ``\Call``\ s, logic words and delimiters, as one segment; else ``None``.

        ``\Return \Call{Fib}{$n-1$} + \Call{Fib}{$n-2$}``, ``$x \gets$ \Call{F}{$y$}`` and
        ``\While{$i \le n$ \textbf{and} $x_i < t$}`` are one expression to a reader; read apart,
        the first would return the arguments. Applies when there is a ``\Call`` or a logic word
        between math, and every other piece is math or only joins math (operators, brackets,
        digits); the delimiters are blanked, so offsets stay exact.
        """

        def logic(p: _Piece) -> bool:
            if p.kind == "group" and p.inner is not None:
                return to_plain(self._src(p.inner)).strip().lower() in _LOGIC_WORDS
            return p.kind == "text" and (p.value.strip() in _LOGIC_COMMANDS or _plain_logic(p) is not None)

        if not content or not all(_joins(p) or logic(p) for p in content):
            return None
        calls = any(p.kind == "call" for p in content)
        maths = sum(p.kind == "math" for p in content)
        # `$a$ \textbf{and} $b$`, and `\textbf{not} $\mathit{swapped}$`: a negation needs one operand
        words = any(logic(p) for p in content) and (maths >= 2 or (maths == 1 and self._negated(content)))
        if not (calls or words):
            return None
        span = content[0].span.cover(content[-1].span)
        latex = blank_delimiters(self._src(span))
        for k, p in enumerate(content):
            word = _plain_logic(p)
            if word is None or k == 0 or k + 1 == len(content):
                continue
            # `\(a_j < a_i\) and \(L_j + 1 > L_i\)`: the word between two maths is the connective,
            # written in the gap the delimiters leave so that every offset stays the note's
            start, end = content[k - 1].span.end - span.start, content[k + 1].span.start - span.start
            while start > 0 and latex[start - 1] == " ":  # the blanked \) before the word
                start -= 1
            while end < len(latex) and latex[end] == " ":
                end += 1
            gap = latex[start:end]
            if gap.split() == [p.value.strip()] and len(gap) >= len(word) + 2:
                latex = latex[:start] + f" {word}".ljust(len(gap)) + latex[end:]
        return ir.Math(span, latex, True)

    def _negated(self, content: Sequence[_Piece]) -> bool:
        """A "not" (``\\textbf{not}``, ``\\NOT``) stands before the one math of the pieces."""
        before = content[: next(i for i, p in enumerate(content) if p.kind == "math")]

        def word(p: _Piece) -> str:
            text = to_plain(self._src(p.inner)) if p.kind == "group" and p.inner is not None else p.value
            return str(text).strip().lower()

        return any(word(p) in ("not", "\\not") for p in before)

    def _slice(self, math: ir.Math, start: int, end: int) -> ir.Math | None:
        """The trimmed sub-math ``math.latex[start:end]`` with its exact span, or ``None`` if blank."""
        chunk = math.latex[start:end]
        lead = len(chunk) - len(chunk.lstrip())
        body = chunk.strip()
        if not body:
            return None
        begin = math.span.start + start + lead
        return ir.Math(Span(begin, begin + len(body)), body, False)

    # -- terminals -------------------------------------------------------------------

    @v_args(inline=False, meta=False)
    def TEXT(self, token: Token) -> _Piece:  # noqa: N802 - lark names terminal callbacks after the terminal
        """Plain words."""
        return self._tok("text", token)

    CMD = ESC = MACRO_STMT = OPTION_TEXT = TEXT

    @v_args(inline=False, meta=False)
    def MATH_DISPLAY(self, token: Token) -> _Piece:  # noqa: N802
        r"""``\[ … \]`` inside a statement: math, as ``\( \)`` is."""
        start = self._base + token.start_pos
        return self._display(token, Span(start + 2, self._base + token.end_pos - 2))

    @v_args(inline=False, meta=False)
    def MATH_ENV(self, token: Token) -> _Piece:  # noqa: N802
        r"""``\begin{equation} … \end{equation}`` (``align`` …) inside a statement: math."""
        value = str(token)
        start = self._base + token.start_pos + value.index("}") + 1
        return self._display(token, Span(start, self._base + token.start_pos + value.rindex("\\end")))

    def _display(self, token: Token, inner: Span) -> _Piece:
        r"""Display math: its ``\label``\ s recorded; the math is trimmed of space and of labels at its ends."""
        latex = self._src(inner)
        for m in _MATH_LABEL.finditer(latex):
            self._labels.append((m.group(1).strip(), Span(inner.start + m.start(), inner.start + m.end())))
        start = _MATH_EDGE.match(latex).end()  # type: ignore[union-attr] - matches the empty string
        end = _MATH_EDGE_END.search(latex, start).start()  # type: ignore[union-attr]
        if start >= end:
            start, end = 0, len(latex)
        return self._tok("math", token, Span(inner.start + start, inner.start + end))

    @v_args(inline=False, meta=False)
    def MATH_PAREN(self, token: Token) -> _Piece:  # noqa: N802
        r"""``\( … \)``: the inner span drops the two-character delimiters."""
        start = self._base + token.start_pos
        return self._tok("math", token, self._uncommented(Span(start + 2, self._base + token.end_pos - 2)))

    @v_args(inline=False, meta=False)
    def MATH_DOLLAR(self, token: Token) -> _Piece:  # noqa: N802
        """``$ … $`` or ``$$ … $$``."""
        width = 2 if token.startswith("$$") else 1
        start = self._base + token.start_pos
        return self._tok("math", token, self._uncommented(Span(start + width, self._base + token.end_pos - width)))

    def _uncommented(self, inner: Span) -> Span:
        """``inner`` without a ``%`` comment (and the space around it) at its end: TeX never reads it."""
        latex = self._src(inner)
        if "%" not in latex:
            return inner
        tail = _MATH_COMMENT_END.search(latex)
        return Span(inner.start, inner.start + tail.start()) if tail is not None and tail.start() else inner

    # -- statement content -----------------------------------------------------------

    def group(self, meta: Any, *items: _Piece) -> _Piece:
        """``{ … }``: the inner span is inside the braces."""
        span = self._span(meta)
        return _Piece("group", span, inner=Span(span.start + 1, span.end - 1), children=items)

    def comment(self, meta: Any, group: _Piece) -> _Piece:
        r"""``\Comment{…}`` / ``\COMMENT{…}``; ``\Comment words`` (no braces) takes the words after it."""
        span = self._span(meta)
        text = self._group_text(group) if group.kind == "group" else self._text_of([group])
        return _Piece("comment", span, node=ir.Comment(span, text))

    def call(self, meta: Any, name: _Piece, args: _Piece) -> _Piece:
        r"""``\Call{Name}{args}`` inside a statement."""
        return _Piece("call", self._span(meta), children=(name, args))

    def label(self, meta: Any, group: _Piece) -> _Piece:
        r"""``\label{name}``, anywhere: recorded, then attached to what it labels (:meth:`start`)."""
        assert group.inner is not None
        span = self._span(meta)
        name = self._src(group.inner).strip()
        self._labels.append((name, span))
        return _Piece("label", span, value=name)

    def header_comment(self, meta: Any, *items: _Piece) -> ir.Comment | None:
        r"""``[comment]`` after a block keyword (``\IF[comment]{c}``), or ``None`` when absent.

        The older algorithmic package prints nothing for the option's default, the word
        ``default`` (its ``\ALC@com``), so neither does the IR.
        """
        if getattr(meta, "empty", True):
            return None
        span = self._span(meta)
        text = self._text_of(items, Span(span.start + 1, span.start + 1))
        return None if self._src(span)[1:-1].strip() == "default" else ir.Comment(span, text)

    def wrapped_body(self, meta: Any, body: _Body) -> _Body:
        r"""LyX's ``\forbody{…}`` argument: the body, spanning its braces (they close the block)."""
        return replace(body, span=self._span(meta))

    def lead(self, meta: Any, *items: _Piece) -> tuple[_Piece, ...]:
        """Items before a body's first statement."""
        return items

    until_cond = lead

    def trail(self, meta: Any, *items: _Piece) -> _Trail:
        """Items after a block's closing keyword: a Comment (or text) statement after the block."""
        return _Trail(items)

    # -- simple statements -----------------------------------------------------------

    def state(self, meta: Any, *items: _Piece) -> list[ir.Statement] | _EmptyState:
        r"""``\State`` / ``\STATE``: an assignment, a call, text, or several math statements."""
        span = self._span(meta)
        return self._statement(span, items) or _EmptyState(span)

    def statex(self, meta: Any, *items: _Piece) -> list[Any] | _EmptyState:
        r"""``\Statex``: an unnumbered line; one of text continues the line before it (see :meth:`_flatten`)."""
        found = self.state(meta, *items)
        if isinstance(found, list) and len(found) == 1 and isinstance(found[0], ir.TextStatement):
            return [_Continuation(found[0])]
        return found

    def _return_word(self, content: Sequence[_Piece]) -> int | None:
        r"""Where a statement's values start when it begins with ``return`` as a word (``\textbf{return}``)."""
        for k in (1, 2):  # `return` alone, or `\textbf` + `{return}`
            if len(content) > k and to_plain(self._src(content[0].span.cover(content[k - 1].span))).strip().lower() in (
                "return",
                "return:",
            ):
                return k
        return None

    def _return_of(self, span: Span, content: Sequence[_Piece], comment: ir.Comment | None) -> ir.Return:
        # \Call{F}{$a$} $+$ \Call{F}{$b$}: an operator alone in its math joins the calls into one value
        joined = any(
            p.kind == "math" and p.inner is not None and self._src(p.inner).strip() in _OPERATORS for p in content
        )
        if not joined and all(p.kind in ("math", "call") or _is_separator(p, ",") for p in content):
            values = tuple(v for p in content if p.kind != "text" for v in self._values(p))
            return ir.Return(span, values, comment)
        composite = self._composite(content)
        if composite is not None:
            return ir.Return(span, tuple(self._returned_values(composite)), comment)
        where = content[0].span.cover(content[-1].span)
        if to_plain(self._src(where)).strip().lower() in ("true", "false"):
            # \Return \textbf{true}: the constant, as the math reads \textbf{true} (never a sentence)
            return ir.Return(span, (ir.Math(where, self._src(where), False),), comment)
        text = self._text_of(content)
        return ir.Return(span, text.math, comment, text)

    def return_stmt(self, meta: Any, *items: _Piece) -> list[ir.Statement]:
        r"""``\Return`` / ``\RETURN`` with zero, one or several values."""
        span = self._span(meta)
        content, comment = _split_comment(items)
        if not content:
            return [ir.Return(span, (), comment)]
        return [self._return_of(span, content, comment)]

    def _values(self, piece: _Piece) -> list[ir.Math]:
        r"""Returned values: a math segment split at its commas, or a ``\Call`` as written."""
        if piece.kind == "call":
            # The call as written (mathexpr reads \Call), its arguments' delimiters blanked.
            return [ir.Math(piece.span, blank_delimiters(self._src(piece.span)), False)]
        return self._returned_values(self._math(piece))

    def require(self, meta: Any, *items: _Piece) -> list[ir.Statement]:
        r"""``\Require`` / ``\REQUIRE``."""
        return [self._condition("require", meta, items)]

    def ensure(self, meta: Any, *items: _Piece) -> list[ir.Statement]:
        r"""``\Ensure`` / ``\ENSURE``."""
        return [self._condition("ensure", meta, items)]

    def input(self, meta: Any, *items: _Piece) -> list[ir.Statement]:
        r"""``\Input`` (an ``\algnewcommand`` many papers define)."""
        return [self._condition("input", meta, items)]

    def output(self, meta: Any, *items: _Piece) -> list[ir.Statement]:
        r"""``\Output``."""
        return [self._condition("output", meta, items)]

    def print_stmt(self, meta: Any, *items: _Piece) -> list[ir.Statement]:
        r"""``\PRINT`` (legacy ``algorithmic``)."""
        span = self._span(meta)
        content, comment = _split_comment(items)
        return [ir.Print(span, self._text_of(content, Span(span.end, span.end)), comment)]

    def _condition(self, kind: str, meta: Any, items: Sequence[_Piece]) -> ir.Condition:
        span = self._span(meta)
        content, comment = _split_comment(items)
        return ir.Condition(span, kind, self._text_of(content, Span(span.end, span.end)), comment)

    def _statement(self, span: Span, items: Sequence[_Piece]) -> list[ir.Statement]:
        r"""Meaning of a ``\State``'s items; ``[]`` for an empty one."""
        content, comment = _split_comment(items)
        if not content:
            return [comment] if comment else []
        returned = self._return_word(content)
        if returned is not None:  # `\State \textbf{return} $b$`, as the algorithmicx manual writes it
            ret = self._return_of(span, content[returned:], comment)
            if ret.text is None:  # values only: `return to step 3` stays English
                return [ret]
        maths = [p for p in content if p.kind == "math"]
        if maths and all(p.kind == "math" or self._statement_separator(p, maths) for p in content):
            out: list[ir.Statement] = []
            i = 0
            while i < len(maths):
                piece, end = maths[i], self._split_formula_end(maths, i)
                last = end == len(maths) - 1
                part = Span(span.start if i == 0 else piece.span.start, span.end if last else maths[end].span.end)
                if end > i:  # one formula over several segments (see _split_formula_end)
                    inner = Span(piece.inner.start, maths[end].inner.end)  # type: ignore[union-attr]
                    joined = ir.Math(inner, blank_delimiters(self._src(inner)), True)
                    out.append(self._math_statement(part, None, comment if last else None, joined))
                else:
                    out.append(self._math_statement(part, piece, comment if last else None))
                i = end + 1
            return out
        if len(content) == 1 and content[0].kind == "call":
            name, args = content[0].children
            return [ir.CallStmt(span, self._name(name), self._args(args), comment)]
        composite = self._composite(content)
        if composite is not None:
            return [self._math_statement(span, None, comment, composite)]
        return [ir.TextStatement(span, self._text_of(content), comment)]

    def _statement_separator(self, piece: _Piece, maths: Sequence[_Piece]) -> bool:
        """``;`` between formulas; ``,`` or "and" between assignments (``$U \\gets A$, $L \\gets I$``)."""
        if _is_separator(piece, ";"):
            return True
        if piece.kind != "text" or not _LIST_JOIN.fullmatch(piece.value.strip()):
            return False
        return len(maths) > 1 and all(_assignment_split(self._src(m.inner)) is not None for m in maths)  # type: ignore[arg-type]

    def _math_statement(
        self, span: Span, piece: _Piece | None, comment: ir.Comment | None, math: ir.Math | None = None
    ) -> ir.Statement:
        math = math if math is not None else self._math(piece)
        split = _assignment_split(math.latex)
        if split is not None:
            op_start, op_end = split
            target = self._slice(math, 0, op_start)
            value = self._slice(math, op_end, len(math.latex))
            if target is not None and value is not None:
                return ir.Assign(span, target, value, math.latex[op_start:op_end], comment)
        where = piece.span if piece is not None else math.span
        text = ir.Text(where, (math,), to_plain(self._src(where)))
        return ir.TextStatement(span, text, comment)

    def _loose(self, items: Sequence[_Piece]) -> list[ir.Statement]:
        r"""Statements for items outside any ``\State`` (before a body's first statement, after a block)."""
        if not items:
            return []
        return self._statement(items[0].span.cover(items[-1].span), items)

    # -- text, conditions, names, arguments ------------------------------------------

    def _text_of(self, pieces: Sequence[_Piece], empty: Span | None = None) -> ir.Text:
        """A :class:`ir.Text` over ``pieces``: raw source between its math segments, and plain text."""
        if not pieces:
            where = empty if empty is not None else Span(self._base, self._base)
            return ir.Text(where, (), "")
        span = pieces[0].span.cover(pieces[-1].span)
        parts: list[str | ir.Math] = []
        cursor = span.start
        maths = list(_math_pieces(pieces))
        i = 0
        while i < len(maths):
            piece = maths[i]
            if piece.span.start > cursor:
                parts.append(self._text[cursor : piece.span.start])
            last = self._split_formula_end(maths, i)
            if last > i:
                # one formula written over several math segments (`$\langle a$, b $\rangle$`):
                # read as one, its delimiters blanked so offsets stay the note's
                inner = Span(piece.inner.start, maths[last].inner.end)  # type: ignore[union-attr]
                parts.append(ir.Math(inner, blank_delimiters(self._src(inner)), True))
                cursor = maths[last].span.end
                i = last + 1
                continue
            parts.append(self._math(piece))
            cursor = piece.span.end
            i += 1
        if cursor < span.end:
            parts.append(self._text[cursor : span.end])
        return ir.Text(span, tuple(parts), to_plain(self._src(span)))

    def _split_formula_end(self, maths: list[_Piece], i: int) -> int:
        """The last math piece of a formula that opens a bracket in ``maths[i]`` and closes it later; ``i`` if none.

        Only spacing, line breaks, punctuation, one word or commands with one group may stand
        between the pieces (``$\\langle \bot$, \\codeF{i} $\rangle$``): a sentence between is prose.
        """
        depth = _bracket_depth(self._src(maths[i].inner))  # type: ignore[arg-type]
        if depth <= 0:
            return i
        for j in range(i + 1, len(maths)):
            gap = self._text[maths[j - 1].span.end : maths[j].span.start]
            if not _JOINING_GAP.fullmatch(gap) or len(_GAP_WORD.findall(_GAP_COMMAND.sub(" ", gap))) > 1:
                return i
            depth += _bracket_depth(self._src(maths[j].inner))  # type: ignore[arg-type]
            if depth <= 0:
                return j if depth == 0 else i
        return i

    def _group_text(self, group: _Piece) -> ir.Text:
        assert group.inner is not None
        return self._text_of(_drop_noise(group.children), Span(group.inner.start, group.inner.start))

    def _cond(self, group: _Piece) -> ir.Math | ir.Text:
        r"""An ``\If``/``\While``/``\Until`` condition: one math segment is a Math, anything else Text."""
        content = _drop_noise(group.children)
        if len(content) == 1 and content[0].kind == "math":
            return self._math(content[0])
        composite = self._composite(content)
        if composite is not None:
            return composite
        assert group.inner is not None
        return self._text_of(content, Span(group.inner.start, group.inner.start))

    def _name(self, group: _Piece) -> str:
        assert group.inner is not None
        return to_plain(self._src(group.inner)).strip()

    def _args(self, group: _Piece) -> tuple[ir.Math, ...]:
        r"""Parameters or arguments: one Math per comma-separated item, with exact spans.

        Items are cut at commas outside braces and math; an item that is one math segment
        is split further at its own top-level commas (``\(x, \gamma\)`` gives two).
        """
        assert group.inner is not None
        # `{$a, b$}`: the commas inside one math segment cut too; blanked delimiters keep offsets
        raw = ir.Math(group.inner, blank_delimiters(self._src(group.inner)), False)
        if not raw.latex.strip():
            return ()
        maths = {p.span: p for p in _math_pieces(group.children)}
        out: list[ir.Math] = []
        for item in self._split_commas(raw):
            piece = maths.get(item.span)
            if piece is not None:
                out.extend(self._split_commas(self._math(piece)))
            else:
                out.append(replace(item, delimited=False))
        return tuple(out)

    def _split_commas(self, math: ir.Math) -> list[ir.Math]:
        """Split at top-level commas; a math with none stays whole (and keeps ``delimited``)."""
        cuts = [start for start, _, tok in _top_level(math.latex) if tok == ","]
        if not cuts:
            return [math]
        bounds = [0, *cuts, len(math.latex)]
        # each piece after the first starts just past its comma
        spans = zip(bounds, bounds[1:], strict=False)
        pieces = [p for p in (self._slice(math, a + (i > 0), b) for i, (a, b) in enumerate(spans)) if p is not None]
        return pieces

    def _returned_values(self, math: ir.Math) -> list[ir.Math]:
        """The values of a ``\\Return``: ``y_1, \\dots, y_m`` is one value (the list y), not three."""
        pieces = self._split_commas(math)
        k = 1
        while k + 1 < len(pieces):
            if pieces[k].latex.strip() in ("\\dots", "\\ldots", "\\cdots"):
                start, end = pieces[k - 1].span.start - math.span.start, pieces[k + 1].span.end - math.span.start
                joined = self._slice(math, start, end)
                if joined is not None:
                    pieces[k - 1 : k + 2] = [joined]
                    continue
            k += 1
        return pieces

    # -- blocks ----------------------------------------------------------------------

    def body(self, meta: Any, lead: tuple[_Piece, ...], stmts: list[ir.Statement]) -> _Body:
        """A sequence of statements, with what precedes the first."""
        return _Body(lead, tuple(stmts), None if getattr(meta, "empty", True) else self._span(meta))

    def stmts(self, meta: Any, *items: Any) -> list[ir.Statement]:
        r"""Flatten the statements; ``\State \Return x`` becomes one Return spanning both keywords."""
        return self._flatten(items)

    def _flatten(self, items: Iterable[Any]) -> list[ir.Statement]:
        """Statements from rule results: lists, empty States, trails and defined blocks awaiting theirs."""
        out: list[ir.Statement] = []
        pending: _EmptyState | None = None
        after_caption = False
        for item in items:
            if isinstance(item, _Float):  # a \caption among the statements
                if self._caption is None:
                    self._caption = item.caption
                after_caption = True
                continue
            if isinstance(item, _Trail) and after_caption:  # \caption{…}\label{…}: the float's label
                self._float_labels.update(p.span for p in item.items if p.kind == "label")
            after_caption = False
            if isinstance(item, _Trail):
                pieces = item.items
                if out and isinstance(out[-1], _OpenUser):
                    block, pieces = self._close_user(out[-1], pieces)
                    out[-1] = block
                found: list[Any] = self._loose(pieces)
            else:
                found = item if isinstance(item, list) else [item]
            for node in found:
                if isinstance(node, _EmptyState):
                    pending = node
                    continue
                if isinstance(node, _Continuation):
                    # a \Statex of text after a \Require continues it (its math declares inputs
                    # too); anywhere else it is a remark, not an instruction to run
                    text = node.statement.text
                    if out and isinstance(out[-1], ir.Condition):
                        cond = out[-1]
                        joined = ir.Text(
                            cond.text.span.cover(text.span),
                            (*cond.text.parts, "\n", *text.parts),
                            f"{cond.text.plain} {text.plain}".strip(),
                        )
                        out[-1] = replace(cond, span=cond.span.cover(node.statement.span), text=joined)
                    else:
                        out.append(replace(node.statement, kind="remark"))
                    pending = None
                    continue
                if pending is not None and isinstance(node, ir.Return):
                    node = replace(node, span=pending.span.cover(node.span))
                pending = None
                out.append(node)
        # a defined block with no trail (its closer was the last thing in the body)
        return [self._close_user(n, ())[0] if isinstance(n, _OpenUser) else n for n in out]

    def _block_body(
        self, body: _Body, header: ir.Comment | None = None
    ) -> tuple[ir.Comment | None, tuple[ir.Statement, ...]]:
        r"""A block's header comment and its statements.

        The comment is the header's ``[comment]`` option, else a lone ``\Comment`` right after
        the header. With both, the ``\Comment`` stays a statement of its own: nothing is dropped.
        """
        if header is not None:
            return header, (*self._loose(body.lead), *body.stmts)
        content, comment = _split_comment(body.lead)
        if not content and comment is not None:
            return comment, body.stmts
        if content and comment is None:
            # the older algorithmic package's `\ELSE[comment]`, `\IF{cond}[comment]`: an optional
            # argument right after the header is its comment, not a statement
            span = content[0].span.cover(content[-1].span)
            source = self._src(span)
            if source.startswith("[") and source.endswith("]") and "\n" not in source:
                inner = [p for p in content if not (p.kind == "text" and p.value.strip() in ("[", "]"))]
                text = self._text_of(inner) if inner else ir.Text(span, (), "")
                return ir.Comment(span, text), body.stmts
        return None, (*self._loose(body.lead), *body.stmts)

    # -- blocks the paper defines ----------------------------------------------------------

    def user_block(
        self, meta: Any, opener: Token, body: _Body, elifs: list[ir.Branch], else_part: list[ir.Branch], end: _Piece
    ) -> _OpenUser:
        r"""A defined opener … its closer; finished by :meth:`_close_user` once the trail is known."""
        definition = self._defs.openers[str(opener)]
        span, opener_span = self._span(meta), self._tok("text", opener).span
        arms = (*elifs, *else_part)
        if arms and not (definition.builtin and definition.kind == "if"):
            keyword = re.match(r"\\[A-Za-z]+", self._src(arms[0].span))
            found = keyword.group() if keyword else "\\Else"
            context = f"an \\If block: {definition.name} opens no \\If"
            raise LocatedError(
                StrayKeyword, Span(arms[0].span.start, arms[0].span.start + len(found)), keyword=found, context=context
            )
        if end.value not in definition.closers and end.span.length:  # zero width: \algstore
            expected = min(definition.closers, key=lambda c: (c.isupper(), c)) if definition.closers else "its end"
            details = {"expected_at": end.span}
            raise LocatedError(
                UnclosedBlock, opener_span, details=details, opener=str(opener), closer=expected, found=end.value
            )
        return _OpenUser(span, definition, opener_span, body, end.value, arms)

    def user_end(self, meta: Any, *closer: Token) -> _Piece:
        """The closer of a defined block, as written (a built-in closer is filtered from the tree)."""
        span = self._span(meta)
        return _Piece("end", span, value=str(closer[0]) if closer else self._src(span))

    def _header_args(self, lead: tuple[_Piece, ...], count: int) -> tuple[list[_Piece], tuple[_Piece, ...]]:
        """The first ``count`` groups of ``lead`` (a defined command's arguments) and what follows them."""
        args: list[_Piece] = []
        rest = list(lead)
        while rest and len(args) < count and rest[0].kind in ("group", "label"):
            piece = rest.pop(0)
            if piece.kind == "group":
                args.append(piece)
        return args, tuple(rest)

    def _close_user(self, block: _OpenUser, trail: tuple[_Piece, ...]) -> tuple[ir.Statement, tuple[_Piece, ...]]:
        """The IR of a defined block, its closer's arguments taken from the start of ``trail``."""
        closer = self._defs.closers.get(block.closer)
        closer_args, trail = self._header_args(trail, closer.nargs if closer is not None else 0)
        span = block.span.cover(closer_args[-1].span) if closer_args else block.span
        opener = block.opener
        args, lead = self._header_args(block.body.lead, opener.nargs)
        comment, stmts = self._block_body(replace(block.body, lead=lead))
        if opener.builtin:
            first_end = block.body.span.end if block.body.span is not None else (args[-1] if args else block).span.end
            node = self._builtin_shape(span, opener, block.opener_span, args, stmts, comment, block.arms, first_end)
            if node is not None:
                return node, trail
        return (
            ir.UserBlock(
                span, opener.kind, opener.name, tuple(self._cond(a) for a in args), stmts, block.closer,
                tuple(self._cond(a) for a in closer_args), comment,
            ),
            trail,
        )  # fmt: skip

    def _builtin_shape(
        self,
        span: Span,
        opener: Opener,
        at: Span,
        args: list[_Piece],
        stmts: tuple[ir.Statement, ...],
        comment: ir.Comment | None,
        arms: tuple[ir.Branch, ...] = (),
        first_end: int | None = None,
    ) -> ir.Statement | None:
        r"""A defined opener of a built-in block (``\algdef{S}[FOR]{ForEachIn}``) as that block's node.

        The header of a negated one (``\IfNot{x}``) is kept as text, opener included: its
        argument is not the block's condition.
        """
        header = self._joined(args, at)
        if opener.negated and opener.kind in ("if", "while"):
            text = self._text_of([_Piece("text", at, value=opener.name), *args])
            cond: ir.Math | ir.Text = replace(text, plain=f"{opener.name[1:]} {text.plain}".strip())
        else:
            cond = self._header_cond(header, args)
        if opener.kind == "for":
            found = self._range(header) if len(args) == 1 else None
            if found is not None:
                var, start, stop, how = found
                return ir.ForRange(span, var, start, stop, stmts, comment, **how)
            pair = [_drop_noise(a.children) for a in args]
            if len(pair) == 2 and all(len(p) == 1 and p[0].kind == "math" for p in pair):
                # \ForEachIn{\(v\)}{\(V\)}: the variable, then what it runs over
                var, iterable = (self._math(p[0]) for p in pair)
                return ir.ForAll(span, self._header_cond(header, args), var, iterable, stmts, comment)
            return self._forall(span, header, stmts, comment)
        if opener.kind == "while":
            return ir.WhileBlock(span, cond, stmts, comment)
        if opener.kind == "if":
            first = ir.Branch(Span(span.start, first_end or span.end), cond, stmts, comment)
            return ir.IfBlock(span, (first, *arms))
        if opener.kind == "loop":
            return ir.LoopBlock(span, stmts, comment)
        if opener.kind in ("function", "procedure") and len(args) == 2:
            return ir.Function(span, opener.kind, self._name(args[0]), self._args(args[1]), stmts, comment)
        return None

    def _header_cond(self, header: _Piece, args: list[_Piece]) -> ir.Math | ir.Text:
        """The condition or header over a defined opener's arguments; several read as words apart."""
        cond = self._cond(header)
        if len(args) > 1 and isinstance(cond, ir.Text):
            plain = " ".join(p for p in (_plain_of(self._cond(a)) for a in args) if p)
            cond = replace(cond, plain=plain)
        return cond

    def _joined(self, args: list[_Piece], at: Span) -> _Piece:
        """One group-like piece holding several argument groups (their contents, in order)."""
        if len(args) == 1:
            return args[0]
        if not args:
            return _Piece("group", at, inner=Span(at.end, at.end))
        children = tuple(child for a in args for child in a.children)
        return _Piece(
            "group",
            args[0].span.cover(args[-1].span),
            inner=Span(args[0].span.start, args[-1].span.end),
            children=children,
        )

    def user_repeat(
        self, meta: Any, opener: Token, body: _Body, until_header: ir.Comment | None, until: tuple[_Piece, ...]
    ) -> list[ir.Statement]:
        r"""A defined opener of a ``\Repeat`` block, ended by ``\Until``."""
        definition = self._defs.openers[str(opener)]
        args, lead = self._header_args(body.lead, definition.nargs)
        return self.repeat_block(meta, None, replace(body, lead=lead), until_header, until)

    def user_loop(self, meta: Any, opener: Token, lead: tuple[_Piece, ...], *body: Any) -> list[ir.Statement]:
        r"""``\algloop``: the header and the one statement after it."""
        definition = self._defs.openers[str(opener)]
        span = self._span(meta)
        args, rest = self._header_args(lead, definition.nargs)
        content, comment = _split_comment(rest)
        stmts = (*self._loose(content), *self._flatten(body))
        if definition.builtin:  # \algloopdefx{If}[1]: an \If whose body is one statement
            node = self._builtin_shape(span, definition, self._tok("text", opener).span, args, stmts, comment)
            if node is not None:
                return [node]
        cond = tuple(self._cond(a) for a in args)
        return [ir.UserBlock(span, definition.kind, definition.name, cond, stmts, None, (), comment)]

    def macro_stmt(self, meta: Any, *items: _Piece) -> list[ir.Statement]:
        r"""A command the paper defines as statements (``\LineComment{…}``), or an unknown one: text.

        The same text statement as ``\State \LineComment{…}`` would give, spanning from the command.
        """
        span = self._span(meta)
        content, comment = _split_comment(items)
        text = self._text_of(content)
        return [ir.TextStatement(span, text, comment)]

    def _end(self, body: _Body, header: _Piece) -> int:
        return body.span.end if body.span is not None else header.span.end

    def if_block(
        self,
        meta: Any,
        header: ir.Comment | None,
        cond: _Piece,
        body: _Body,
        elifs: list[ir.Branch],
        else_part: list[ir.Branch],
    ) -> ir.IfBlock:
        r"""``\If`` … ``\ElsIf`` … ``\Else`` … ``\EndIf``."""
        span = self._span(meta)
        comment, stmts = self._block_body(body, header)
        first = ir.Branch(Span(span.start, self._end(body, cond)), self._cond(cond), stmts, comment)
        return ir.IfBlock(span, (first, *elifs, *else_part))

    def if_wrapped(self, meta: Any, header: ir.Comment | None, cond: _Piece, body: _Body) -> ir.IfBlock:
        r"""``\IF{c}\ifthenbody{…}`` (LyX): an if with one arm, closed by the wrapper."""
        return self.if_block(meta, header, cond, body, [], [])

    def if_else_wrapped(
        self, meta: Any, header: ir.Comment | None, cond: _Piece, then: _Body, otherwise: _Body
    ) -> ir.IfBlock:
        r"""``\IF{c}\ifthenelsebody{…}{…}`` (LyX): the second argument is the else arm."""
        comment, stmts = self._block_body(otherwise)
        assert otherwise.span is not None  # a wrapped body always spans its braces
        return self.if_block(meta, header, cond, then, [], [ir.Branch(otherwise.span, None, stmts, comment)])

    def elifs(self, meta: Any, *branches: ir.Branch) -> list[ir.Branch]:
        r"""The ``\ElsIf`` arms."""
        return list(branches)

    def elsif(self, meta: Any, header: ir.Comment | None, cond: _Piece, body: _Body) -> ir.Branch:
        r"""One ``\ElsIf{cond}`` arm."""
        comment, stmts = self._block_body(body, header)
        return ir.Branch(self._span(meta), self._cond(cond), stmts, comment)

    def else_part(self, meta: Any, *arm: Any) -> list[ir.Branch]:
        r"""The ``\Else`` arm, if any: its ``[comment]`` and its body."""
        if not arm:
            return []
        header, body = arm
        comment, stmts = self._block_body(body, header)
        return [ir.Branch(self._span(meta), None, stmts, comment)]

    def while_block(self, meta: Any, header: ir.Comment | None, cond: _Piece, body: _Body) -> ir.WhileBlock:
        r"""``\While{cond}`` … ``\EndWhile`` (or LyX's ``\whilebody{…}``)."""
        comment, stmts = self._block_body(body, header)
        return ir.WhileBlock(self._span(meta), self._cond(cond), stmts, comment)

    def for_block(self, meta: Any, option: ir.Comment | None, header: _Piece, body: _Body) -> ir.ForRange | ir.ForAll:
        r"""``\For{…}``: a range (``i = 1, \dots, k`` or ``i \gets 1`` to ``n``), else a for-all."""
        comment, stmts = self._block_body(body, option)
        span = self._span(meta)
        found = self._range(header)
        if found is not None:
            var, start, stop, how = found
            return ir.ForRange(span, var, start, stop, stmts, comment, **how)
        return self._forall(span, header, stmts, comment)

    def forall_block(self, meta: Any, option: ir.Comment | None, header: _Piece, body: _Body) -> ir.ForAll:
        r"""``\ForAll{x \in S}`` / ``\ForEach`` / ``\FORALL``."""
        comment, stmts = self._block_body(body, option)
        return self._forall(self._span(meta), header, stmts, comment)

    def _forall(
        self, span: Span, header: _Piece, stmts: tuple[ir.Statement, ...], comment: ir.Comment | None
    ) -> ir.ForAll:
        cond = self._cond(header)
        maths = [cond] if isinstance(cond, ir.Math) else list(cond.math)
        for math in maths:
            cut = next(((a, b) for a, b, tok in _top_level(math.latex) if tok == "\\in"), None)
            if cut is not None:
                var, iterable = self._slice(math, 0, cut[0]), self._slice(math, cut[1], len(math.latex))
                if var is not None and iterable is not None:
                    return ir.ForAll(span, cond, var, iterable, stmts, comment)
            # t = 1, 2 (a list, no \dots): t takes each value in turn, as \(t \in \{1, 2\}\) would
            equals = [(a, b) for a, b, tok in _top_level(math.latex) if tok == "="]
            commas = [a for a, _, tok in _top_level(math.latex) if tok == ","]
            if len(equals) == 1 and commas and "\\dots" not in math.latex and "\\ldots" not in math.latex:
                var, values = self._slice(math, 0, equals[0][0]), self._slice(math, equals[0][1], len(math.latex))
                if var is not None and values is not None:
                    return ir.ForAll(span, cond, var, values, stmts, comment)
        return ir.ForAll(span, cond, None, None, stmts, comment)

    def _range(self, header: _Piece) -> tuple[ir.Math, ir.Math, ir.Math, dict[str, Any]] | None:
        r"""``(var, start, stop, how)`` of a range header, or ``None``.

        Forms: ``i = a, \dots, b``; ``i = a, a', \dots, b`` (``how["second"]``); ``i \gets a``
        \To/to/downto ``b``, optionally followed by step/by ``k`` (``how["down"]``, ``how["step"]``).
        """
        content = _drop_noise(header.children)
        maths = [p for p in content if p.kind == "math"]
        if len(content) == 1 and maths:
            math = self._math(maths[0])
            split = _assignment_split(math.latex)
            if split is None:
                return None
            var = self._slice(math, 0, split[0])
            rhs = self._slice(math, split[1], len(math.latex))
            parts = self._split_commas(rhs) if rhs is not None else []
            if var is None or len(parts) not in (3, 4) or parts[-2].latex not in _DOTS:
                return None
            how = {"second": parts[1]} if len(parts) == 4 else {}
            return var, parts[0], parts[-1], how
        if len(maths) in (2, 3) and content[0] is maths[0] and content[-1] is maths[-1]:
            # `i \gets a` to `b` [step `k`]: the words between the math segments say how
            words = [
                to_plain(self._src(Span(x.span.end, y.span.start))).strip().lower() for x, y in zip(maths, maths[1:])
            ]
            first = self._math(maths[0])
            split = _assignment_split(first.latex)
            if split is None or words[0] not in ("to", "downto", "down to"):
                return None
            if len(words) == 2 and words[1] not in ("step", "by"):
                return None
            var, start = self._slice(first, 0, split[0]), self._slice(first, split[1], len(first.latex))
            if var is None or start is None:
                return None
            how: dict[str, Any] = {"direction": "down"} if words[0] != "to" else {}
            if len(words) == 2:
                how["step"] = self._math(maths[2])
            return var, start, self._math(maths[1]), how
        return None

    def loop_block(self, meta: Any, header: ir.Comment | None, body: _Body) -> ir.LoopBlock:
        r"""``\Loop`` … ``\EndLoop``."""
        comment, stmts = self._block_body(body, header)
        return ir.LoopBlock(self._span(meta), stmts, comment)

    def repeat_block(
        self,
        meta: Any,
        header: ir.Comment | None,
        body: _Body,
        until_header: ir.Comment | None,
        until: tuple[_Piece, ...],
    ) -> list[ir.Statement]:
        r"""``\Repeat`` … ``\Until{cond}`` (braces optional); anything after the braces follows the block."""
        span = self._span(meta)
        comment, stmts = self._block_body(body, header)
        content, until_comment = _split_comment(until)
        until_comment = until_header or until_comment
        rest: tuple[_Piece, ...] = ()
        if content and content[0].kind == "group":
            cond, rest = self._cond(content[0]), tuple(content[1:])
        elif content:
            group = _Piece("group", span, Span(content[0].span.start, content[-1].span.end), tuple(content))
            cond = self._cond(group)
        else:
            cond = ir.Text(Span(span.end, span.end), (), "")
        if until_comment is not None and (comment is not None or rest):
            rest += (_Piece("comment", until_comment.span, node=until_comment),)
        elif until_comment is not None:
            comment = until_comment
        return [ir.RepeatUntil(span, stmts, cond, comment), *self._loose(rest)]

    def function_block(self, meta: Any, name: _Piece, params: _Piece, body: _Body) -> ir.Function:
        r"""``\Function{Name}{params}`` … ``\EndFunction``."""
        return self._function("function", meta, name, params, body)

    def procedure_block(self, meta: Any, name: _Piece, params: _Piece, body: _Body) -> ir.Function:
        r"""``\Procedure{Name}{params}`` … ``\EndProcedure``."""
        return self._function("procedure", meta, name, params, body)

    def _function(self, kind: str, meta: Any, name: _Piece, params: _Piece, body: _Body) -> ir.Function:
        comment, stmts = self._block_body(body)
        return ir.Function(self._span(meta), kind, self._name(name), self._args(params), stmts, comment)

    # -- wrappers --------------------------------------------------------------------

    def algorithmic_env(self, meta: Any, begin: Token, body: _Body) -> _Env:
        r"""``\begin{algorithmic}[1]`` … ``\end{algorithmic}``."""
        return _Env(self._span(meta), str(begin), body)

    def caption(self, meta: Any, short: None, group: _Piece) -> _Float:
        r"""``\caption[short]{long}``: the long caption is kept."""
        return _Float(self._group_text(group), ())

    def short_caption(self, meta: Any, *option: Token) -> None:
        """The ``[short]`` caption, which the IR does not keep."""
        return None

    def float_items(self, meta: Any, *items: _Float | _Piece) -> _Float:
        """Caption (the first) and the other pieces of the float on one side of ``algorithmic``."""
        caption = next((i.caption for i in items if isinstance(i, _Float)), None)
        return _Float(caption, tuple(i for i in items if isinstance(i, _Piece)))

    def float_env(self, meta: Any, begin: Token, before: _Float, env: _Env, after: _Float) -> tuple[_Env, _Float]:
        r"""``\begin{algorithm}[H]`` … ``\end{algorithm}``."""
        return env, _Float(before.caption or after.caption, before.pieces + after.pieces)

    def start(self, meta: Any, found: Any) -> ir.Algorithm:
        """The whole listing; an empty one is an AV107 error."""
        span = self._span(meta)
        extras = _Float(None, ())
        if isinstance(found, _Body):
            env, kind = _Env(span, "", found), "listing"
        elif isinstance(found, _Env):
            env, kind = found, "algorithmic environment"
        else:
            (env, extras), kind = found, "algorithmic environment"
        statements = self._top_body(env.body)
        if not statements:
            raise LocatedError(EmptyBlock, env.span if not getattr(meta, "empty", True) else span, kind=kind)
        option = re.search(r"\[\s*(\d+)\s*\]", env.begin)
        numbered = option is not None and int(option.group(1)) > 0
        label, labels = self._attach_labels(span, env.span if env.begin else None, statements)
        texts = self._float_texts(extras.pieces)
        caption = extras.caption or self._caption
        return ir.Algorithm(span, statements, caption, label, numbered, texts, labels)

    def _top_body(self, body: _Body) -> tuple[ir.Statement, ...]:
        return (*self._loose(body.lead), *body.stmts)

    def _float_texts(self, pieces: tuple[_Piece, ...]) -> tuple[ir.Text, ...]:
        r"""The float's text outside ``algorithmic``, one :class:`ir.Text` per source line (labels aside)."""
        lines: list[list[_Piece]] = []
        for piece in _drop_noise(pieces):
            if lines and "\n" not in self._text[lines[-1][-1].span.end : piece.span.start]:
                lines[-1].append(piece)
            else:
                lines.append([piece])
        texts = (self._text_of(line) for line in lines)
        return tuple(t for t in texts if t.plain)

    def _attach_labels(
        self, whole: Span, env: Span | None, statements: tuple[ir.Statement, ...]
    ) -> tuple[str | None, tuple[ir.Label, ...]]:
        r"""The float's label, and every other ``\label`` with the span of what it labels.

        A label outside ``algorithmic`` belongs to the float: the first is the listing's
        ``label``, later ones label the whole listing. Inside, a label labels the innermost
        statement that holds it (its items run to the next keyword, so a label on a
        statement's line is one of its items), the block whose header it follows, or the
        block it follows (``\EndFor \label{…}``); before any statement, the whole listing.
        """
        first: str | None = None
        labels: list[ir.Label] = []
        for name, span in sorted(set(self._labels), key=lambda item: item[1]):
            if (env is not None and span not in env) or span in self._float_labels:
                if first is None:
                    first = name
                    continue
                target = whole
            else:
                target = _label_target(statements, span.start, whole, self._text)
            labels.append(ir.Label(span, name, target))
        if first is None and labels and labels[0].target == whole:
            # \begin{algorithmic}[1]\label{…} before any statement: it names the listing
            first, labels = labels[0].name, labels[1:]
        return first, tuple(labels)


# --- pure helpers ----------------------------------------------------------------------


#: Text-mode pieces that only join math: operators, brackets, digits (``\\Call{F}{n-1} + 1``).
_JOINING_TEXT = re.compile(r"[\s+\-*/=<>(),.;:|!^_0-9\[\]]+")
_JOINING_COMMANDS = frozenset(
    "\\gets \\leftarrow \\cdot \\times \\le \\leq \\ge \\geq \\ne \\neq \\pm \\ldots \\dots \\cdots "
    "\\, \\; \\: \\! \\quad".split()
)
_DELIMITER = re.compile(r"(?<!\\)\$|\\\(|\\\)")


def blank_delimiters(text: str) -> str:
    r"""``text`` with its math delimiters (``$``, ``\(``, ``\)``) as spaces of the same width.

    Math written across delimiters (``$x \gets$ \Call{F}{$n-1$}``) is then one segment whose
    offsets are still the note's.
    """
    return _DELIMITER.sub(lambda m: " " * len(m.group()), text)


# What may stand between the math segments of one formula split by its author (see
# _Builder._split_formula_end): spaces, punctuation, line breaks, spacing, one-group commands, words.
_GAP_COMMAND = re.compile(r"\\[a-zA-Z]+\*?(?:\{[^{}]*\})?|\\[,;:! \\]")
_GAP_WORD = re.compile(r"[A-Za-z0-9_]+")
_JOINING_GAP = re.compile(r"(?:\s|[,;]|\\[a-zA-Z]+\*?(?:\{[^{}]*\})?|\\[,;:! \\]|[A-Za-z0-9_]+)*")


def _bracket_depth(latex: str) -> int:
    """Brackets opened minus closed in ``latex`` (``(``, ``[``, ``\\{``, ``\\langle`` … and braces)."""
    depth = 0
    for m in _MATH_TOKEN.finditer(latex):
        if m.group() in _OPENING:
            depth += 1
        elif m.group() in _CLOSING:
            depth -= 1
    return depth


#: Logic written in text mode between math segments (``$a$ \textbf{and} $b$``, legacy ``\AND``).
_LOGIC_WORDS = frozenset({"and", "or", "not", "true", "false"})
_PLAIN_LOGIC = {"and": "\\land", "or": "\\lor"}


def _plain_logic(p: _Piece) -> str | None:
    """``\\land`` for the plain word "and" between two maths of a condition, ``\\lor`` for "or"."""
    return _PLAIN_LOGIC.get(p.value.strip().lower()) if p.kind == "text" and p.value else None


_LOGIC_COMMANDS = frozenset("\\AND \\OR \\NOT \\TRUE \\FALSE \\textbf \\textit \\text \\mathbf \\emph \\textsc".split())


#: math that is only an operator: it joins the pieces beside it (``\Call{F}{$a$} $+$ \Call{F}{$b$}``)
_OPERATORS = frozenset({"+", "-", "*", "/", "\\cdot", "\\times"})


def _joins(piece: _Piece) -> bool:
    if piece.kind in ("math", "call"):
        return True
    if piece.kind != "text":
        return False
    value = piece.value.strip()
    return value in _JOINING_COMMANDS or _JOINING_TEXT.fullmatch(value) is not None


def _split_comment(items: Sequence[_Piece]) -> tuple[list[_Piece], ir.Comment | None]:
    r"""Content items (noise dropped) and the statement's trailing ``\Comment``, if any."""
    content = _drop_noise(items)
    if content and content[-1].kind == "comment":
        return content[:-1], content[-1].node
    return content, None


def _drop_noise(items: Iterable[_Piece]) -> list[_Piece]:
    r"""Drop ``\label{…}``, ``\hfill`` and the like, which carry no meaning."""
    out: list[_Piece] = []
    skip = 0
    for piece in items:
        if skip and piece.kind == "group":
            skip -= 1
            continue
        skip = 0
        if piece.kind == "label":
            continue
        if piece.kind == "text" and (
            piece.value in _NOISE_MACROS or (piece.value[:1] == "~" and _TIES.fullmatch(piece.value))
        ):
            skip = _NOISE_MACROS.get(piece.value, 0)
            continue
        out.append(piece)
    return out


def _plain_of(cond: ir.Math | ir.Text) -> str:
    return cond.plain if isinstance(cond, ir.Text) else to_plain(f"\\({cond.latex}\\)")


_CLOSER_BEFORE = re.compile(r"\\(?:Until|UNTIL|End[A-Za-z]*|END[A-Z]*)(?![a-zA-Z])")


def _label_target(statements: Sequence[ir.Statement], pos: int, parent: Span, text: str) -> Span:
    """What a label at ``pos`` labels among ``statements`` (see :meth:`_Builder._attach_labels`)."""
    before: ir.Node | None = None
    for i, node in enumerate(statements):
        if pos in node.span:
            if isinstance(node, ir.IfBlock):
                for j, branch in enumerate(node.branches):
                    if pos in branch.span:
                        return _label_target(branch.body, pos, node.span if j == 0 else branch.span, text)
                return node.span
            if i == 0 and _header_text(node, parent, pos, text):
                return parent  # \Function{F}{x}: \label{…}: loose text on the header's line
            inner = getattr(node, "body", ())
            if inner and _CLOSER_BEFORE.search(text, inner[-1].span.end, pos):
                return node.span  # `\Until{…} \label{…}`: after the block's closing keyword, the block
            return _label_target(inner, pos, node.span, text) if inner else node.span
        if node.span.end <= pos:
            before = node
    return before.span if before is not None else parent


def _header_text(node: ir.Node, parent: Span, pos: int, text: str) -> bool:
    """Whether ``node`` is loose text after a block header, on the header's line up to ``pos``."""
    return (
        isinstance(node, ir.TextStatement)
        and node.span.start > parent.start
        and not text.startswith(("\\State", "\\STATE", "\\Statex"), node.span.start)
        and "\n" not in text[parent.start : pos]
    )


#: what joins assignments written as a list in one statement: ",", "and", ", and"
_LIST_JOIN = re.compile(r",|,?\s*and", re.I)


def _is_separator(piece: _Piece, char: str) -> bool:
    return piece.kind == "text" and piece.value.strip() != "" and set(piece.value.replace(" ", "")) <= {char}


def _math_pieces(pieces: Iterable[_Piece]) -> Iterator[_Piece]:
    r"""Math items in source order, including those inside groups and ``\Call`` arguments."""
    for piece in pieces:
        if piece.kind == "math":
            yield piece
        elif piece.kind in ("group", "call"):
            yield from _math_pieces(piece.children)


def _depth_at(latex: str, pos: int) -> int:
    """Bracket depth at ``pos`` (as :func:`_top_level` counts it)."""
    depth = 0
    for m in _MATH_TOKEN.finditer(latex, 0, pos):
        if m.group() in _OPENING:
            depth += 1
        elif m.group() in _CLOSING:
            depth -= 1
    return depth


def _top_level(latex: str) -> Iterator[tuple[int, int, str]]:
    """Yield ``(start, end, token)`` for each token of ``latex`` outside braces, brackets and norms."""
    depth = 0
    for m in _MATH_TOKEN.finditer(latex):
        tok = m.group()
        if tok in _OPENING:
            depth += 1
        elif tok in _CLOSING:
            depth -= 1
        elif depth == 0:
            yield m.start(), m.end(), tok


#: ``x \mathrel{+}= y`` and ``x += y``: an update of ``x`` by an operator (the op is kept on the Assign)
_AUGMENTED = re.compile(r"\\mathrel\s*\{\s*([+\-*/])\s*\}\s*=|(?<![<>=!+\-*/])([+\-*/])=(?!=)")


def _assignment_split(latex: str) -> tuple[int, int] | None:
    r"""Offsets of the assignment operator: the first top-level ``\gets`` or kin, ``+=`` and kin, else a lone ``=``."""
    top = {start for start, _, _ in _top_level(latex)}
    for m in _AUGMENTED.finditer(latex):
        if m.start() in top or (m.group(2) and _depth_at(latex, m.start()) == 0):
            return m.start(), m.end()
    equals = []
    for start, end, tok in _top_level(latex):
        if tok in ASSIGN_OPS:
            return start, end
        if tok == "=":
            equals.append((start, end))
    return equals[0] if len(equals) == 1 else None
