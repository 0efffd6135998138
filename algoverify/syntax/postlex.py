r"""The listing parser and its post-lexer: the keyword tables, and :class:`_KeywordPostLex`.

:class:`_KeywordPostLex` retypes the paper's own commands to the grammar's generic terminals (a
defined block opener to ``USER_OPEN`` …) and an unknown block-looking command at the start of a
line to ``MACRO_STMT``; it reads the listing being parsed from ``_CONTEXT``, the one context
variable :mod:`algoverify.syntax.build` sets around a parse. :func:`_parser` is lark's parser
for ``grammars/algorithmic.lark`` with that post-lexer.
"""

from __future__ import annotations

import functools
import re
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Iterator

from lark import Token

from .definitions import CLOSERS, MIDDLES, OPENERS, STATEMENTS, WRAPPERS, Definitions
from .grammar import load_parser
from .prepass import Keywords

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


@functools.cache
def _line_start_unknown() -> re.Pattern[str]:
    """A line that starts with a block-looking command neither a keyword nor a word (see _KeywordPostLex)."""
    known = sorted({k[1:] for k in _POSTLEX.keywords} | {w[1:] for w in _NOT_STATEMENTS}, key=lambda w: (-len(w), w))
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
