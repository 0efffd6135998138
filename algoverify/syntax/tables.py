"""A grammar's LALR tables as the parser cache stores them, and as a parse reads them: a state at a time.

The cache (:mod:`.grammar`) stores the action table as two arrays of integers: per state, its
``terminal, action`` pairs, and where each state's pairs start. A cold ``algoverify lint`` of
one note reaches a few dozen of the algorithmic grammar's 280 states and the math grammar's
423, yet lark, loading a table, builds every row, and its contextual lexer builds a lexer for
each state's set of terminals: together a twentieth of that lint. Here a row is decoded when a
parse first reaches its state (:class:`Rows`), and the lexer of a set of terminals is built when
a parse first lexes in a state that accepts it (:func:`contextual_lexer`). What a parse sees is
the same table and the same tokens: only when they are built differs.
"""

from __future__ import annotations

import array
import base64
import functools
from typing import Any, Callable

__all__ = ["Rows", "contextual_lexer", "flat_states", "flat_table_parser"]

#: the integers' layout: 4 bytes each (the cache file's name carries the byte order)
_INT = "i"


def flat_states(parser: Any, data: dict[str, Any]) -> dict[str, Any]:
    """The action table of lark's ``parser`` as integers: per state, ``terminal, action`` pairs.

    An action ``a >= 0`` shifts to state ``a``; ``a < 0`` reduces by the rule stored as ``~a`` in
    lark's memo (``data["rules"]`` names each rule of ``parser.rules`` by its memo number).
    """
    from lark.parsers.lalr_analysis import Reduce

    table = parser.parser.parser._parse_table
    memo = {id(rule): ref["@"] for rule, ref in zip(parser.rules, data["rules"])}
    if set(table.states) != set(range(len(table.states))) or not all(
        id(arg) in memo for actions in table.states.values() for action, arg in actions.values() if action is Reduce
    ):
        raise ValueError("a table lark numbered otherwise: not stored")
    terminals: dict[str, int] = {}
    actions = array.array(_INT)
    starts = array.array(_INT, [0])
    for state in range(len(table.states)):
        for terminal, (action, arg) in table.states[state].items():
            actions.extend(
                (terminals.setdefault(terminal, len(terminals)), ~memo[id(arg)] if action is Reduce else arg)
            )
        starts.append(len(actions))
    return {"terminals": list(terminals), "starts": _text(starts), "actions": _text(actions)}


def _text(numbers: array.array) -> str:
    return base64.b64encode(numbers.tobytes()).decode("ascii")


def _numbers(text: str) -> array.array:
    numbers = array.array(_INT)
    numbers.frombytes(base64.b64decode(text, validate=True))
    return numbers


class Rows(dict):  # type: ignore[type-arg]
    """The action table, state -> {terminal: action}, each row decoded when it is first asked for.

    Whatever reads the table whole (its length, its keys, its items) gets it whole: every row
    is decoded first. A state past the table is a :class:`KeyError`, as in lark's own table.
    """

    def __init__(self, flat: dict[str, Any], reduction: Callable[[int], Any]) -> None:
        super().__init__()
        self._terminals: list[str] = flat["terminals"]
        self._starts = _numbers(flat["starts"])
        self._actions = _numbers(flat["actions"])
        if len(self._starts) < 1 or self._starts[-1] != len(self._actions) or len(self._actions) % 2:
            raise ValueError("a stored table whose rows do not add up")
        self._reduction = reduction
        self._shift: Any = None

    def __missing__(self, state: Any) -> dict[str, Any]:
        if type(state) is not int or not 0 <= state < len(self._starts) - 1:
            raise KeyError(state)
        if self._shift is None:
            from lark.parsers.lalr_analysis import Shift

            self._shift = Shift
        pairs = self._actions[self._starts[state] : self._starts[state + 1]]
        terminals, shift, reduction = self._terminals, self._shift, self._reduction
        row = {terminals[t]: (shift, a) if a >= 0 else reduction(a) for t, a in zip(pairs[::2], pairs[1::2])}
        self[state] = row
        return row

    def _whole(self) -> None:
        if dict.__len__(self) < len(self._starts) - 1:
            for state in range(len(self._starts) - 1):
                self[state]

    def get(self, state: Any, default: Any = None) -> Any:
        """The row of ``state``, decoded now if need be, or ``default``."""
        try:
            return self[state]
        except KeyError:
            return default

    def __contains__(self, state: object) -> bool:
        return type(state) is int and 0 <= state < len(self._starts) - 1

    def __len__(self) -> int:
        return len(self._starts) - 1

    def __iter__(self) -> Any:
        return iter(range(len(self._starts) - 1))

    def keys(self) -> Any:
        """Every state, each row decoded."""
        self._whole()
        return super().keys()

    def values(self) -> Any:
        """Every row, decoded."""
        self._whole()
        return super().values()

    def items(self) -> Any:
        """Every state and its row, decoded."""
        self._whole()
        return super().items()


@functools.cache
def flat_table_parser() -> type:
    """Lark's LALR parser, reading the table :func:`flat_states` stored (lark's ``LALR_Parser`` plugin)."""
    from lark.parsers.lalr_analysis import IntParseTable, Reduce
    from lark.parsers.lalr_parser import LALR_Parser, _Parser

    class FlatTableParser(LALR_Parser):  # type: ignore[misc]
        @classmethod
        def deserialize(cls, data: dict[str, Any], memo: dict[int, Any], callbacks: Any, debug: bool = False) -> Any:
            # one (Reduce, rule) per rule, shared by the rows, as lark's own table shares them
            reductions = functools.cache(lambda a: (Reduce, memo[~a]))
            rows = Rows(data["flat"], reductions)
            inst = cls.__new__(cls)
            inst._parse_table = IntParseTable(rows, data["start_states"], data["end_states"])
            inst.parser = _Parser(inst._parse_table, callbacks, debug)
            return inst

    return FlatTableParser


@functools.cache
def contextual_lexer() -> type:
    """Lark's contextual lexer, building the lexer of a state's terminals when a parse first lexes there.

    Given to lark as the lexer type of a table loaded from the cache (whose terminals lark
    validated when it built them). It reads the states' terminals from the table the parse
    runs on: lark's own builds them all, from the whole table, before the first parse.
    """
    from copy import copy

    from lark.lexer import BasicLexer, ContextualLexer

    class LazyContextualLexer(ContextualLexer):  # type: ignore[misc]
        __future_interface__ = 2  # lark gives lex() the parser's state, whose table names the terminals

        def __init__(self, conf: Any) -> None:
            self._conf = conf
            always = getattr(conf.postlex, "always_accept", ()) if conf.postlex is not None else ()
            self._always = frozenset(conf.ignore) | frozenset(always)
            self._by_terminals: dict[frozenset[str], Any] = {}
            self._root: Any = None
            self.lexers = _LexerPerState(self)

        @property
        def root_lexer(self) -> Any:  # lark's error path reads it: every terminal, to name what was found
            if self._root is None:
                conf = copy(self._conf)
                conf.terminals = list(self._conf.terminals)
                self._root = BasicLexer(conf)
            return self._root

        def lex(self, lexer_state: Any, parser_state: Any) -> Any:
            self.lexers.table = parser_state.parse_conf.states
            return super().lex(lexer_state, parser_state)

        def lexer_for(self, accepts: Any) -> Any:
            key = frozenset(accepts)
            lexer = self._by_terminals.get(key)
            if lexer is None:
                named = self._conf.terminals_by_name
                conf = copy(self._conf)
                conf.terminals = [named[n] for n in key | self._always if n in named]
                lexer = self._by_terminals[key] = BasicLexer(conf)
            return lexer

    return LazyContextualLexer


class _LexerPerState(dict):  # type: ignore[type-arg]
    """A contextual lexer's lexers by parser state, each found or built when a parse first lexes there."""

    def __init__(self, owner: Any) -> None:
        super().__init__()
        self.owner = owner
        self.table: Any = None

    def __missing__(self, state: int) -> Any:
        lexer = self[state] = self.owner.lexer_for(self.table[state].keys())
        return lexer
