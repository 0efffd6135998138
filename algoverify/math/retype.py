r"""The math post-lexer: :class:`RetypePostLex` retypes catch-all tokens and checks delimiters.

One pass over a segment's tokens (``_Retyper``) with one handler per token kind that needs its
neighbours (``_HANDLERS``): control words looked up in the command table, bars made openers,
closers or conditional bars, wrappers unwrapped, delimiter balance checked as tokens pass.
:func:`algoverify.math.mathexpr.parse_math` hands it to lark as the ``postlex``.
"""

from __future__ import annotations

from typing import Any, Iterator

from ..findings import LocatedError, UnbalancedDelimiter
from .mathtokens import (
    _CLOSERS,
    _LEADING,
    _OPENERS,
    _PLAIN,
    _TRAILING,
    _classify,
    _implicit_rows,
    _is_assign,
    _op_name,
    _span,
    _statement_separators,
    _unbalanced,
)
from .retype_handlers import _HANDLERS, _bar_levels, _capital_words, _Frame, _marginal_marks


class RetypePostLex:
    r"""Retype the catch-all tokens and check delimiters (a lark ``PostLex`` over the whole stream).

    Control words are lexed by maximal munch and looked up in :data:`COMMANDS`, so ``\gets`` is
    never ``\ge`` + ``ts``; an unknown one becomes ``MACRO`` and the brace groups right after it
    its arguments (``ARG_L``/``ARG_R``). The token list is read whole, so what depends on the
    neighbours is decided here: ``|`` and ``\|`` become openers, closers or a conditional bar
    (``MID``); a ``\cdot`` with no left operand is a placeholder; trailing punctuation goes;
    ``x \gets`` and ``\gets 0`` get ``TRAIL_OP``/``LEAD_OP``; wrappers such as ``\mathbin{…}``,
    ``\overset{…}{…}`` and ``\underbrace{…}_{…}`` are unwrapped. Delimiter balance is checked as
    tokens pass, so an unclosed ``\lVert`` is AV203 at the opener rather than a syntax error at
    the end. Positions are relative to the parsed string; errors carry span offsets relative to
    it too (``parse_math`` shifts them).
    """

    #: terminals no rule names: only this post-lexer turns them into the grammar's (lark keeps them for it)
    always_accept = ("CMD", "CTRL_SYM", "WORDCMD", "TEXTCMD", "DROPARG", "BAR", "UNI", "EQEQ", "LE", "GE", "DOT")

    def __init__(self) -> None:
        from lark import Token

        self._token = Token

    def process(self, stream: Iterator[Any]) -> Iterator[Any]:
        """Yield the retyped tokens of ``stream``; raise :class:`LocatedError` on bad input."""
        return iter(_Retyper(list(stream), self._token).run())


class _Retyper:
    """One pass over one segment's tokens (see :class:`RetypePostLex`)."""

    def __init__(self, toks: list[Any], token_class: type) -> None:
        self.Token = token_class
        self.toks = toks
        self.n = len(toks)
        self.drop: set[int] = set()
        self.pre: dict[int, tuple[str, str, int]] = {}  # index → (kind, value, index of last token covered)
        self.out: list[Any] = []
        self.stack: list[_Frame] = []
        self.prev = ""
        self.force = ""
        self.left_start: int | None = None
        # one look over the tokens: brace groups, and whether the rarer passes are needed
        self.match: dict[int, int] = {}
        braces: list[int] = []
        self.uscore = rows = False
        assigns = 0
        for i, t in enumerate(toks):
            kind = t.type
            if kind == "LBRACE":
                braces.append(i)
            elif kind == "RBRACE":
                if braces:
                    self.match[braces.pop()] = i
            elif kind == "CTRL_SYM":
                self.uscore = self.uscore or t.value == "\\_"
                rows = rows or t.value == "\\\\"
            elif kind == "AMP":
                rows = True
            elif kind in ("COLONEQ", "CMD", "UNI") and _is_assign(t):
                assigns += 1
        self.implicit = rows and _implicit_rows(toks)
        self.pre.update(_marginal_marks(toks, self.match))
        self.pre.update(_capital_words(toks))
        self.seps = _statement_separators(toks) if assigns > 1 and not self.implicit else set()

    # --- the pass ---------------------------------------------------------------------------

    def run(self) -> list[Any]:
        toks, i, n = self.toks, 0, self.n
        drop, pre, seps, push = self.drop, self.pre, self.seps, self.push
        # tokens that pass unchanged need no look around (letters do when `\_` may join them)
        plain = _PLAIN - {"LETTER"} if self.uscore else _PLAIN
        if self.implicit:  # `x &\gets y \\ z &\gets w` without its environment: an aligned one
            self.emit(toks[0], "BEGIN_ENV", "aligned", start=toks[0].start_pos, end=toks[0].start_pos)
        while i < n:
            if i in drop:
                i += 1
                continue
            tok = toks[i]
            if tok.type in ("LT", "GT") and self.prev in ("UNDERSCORE", "CIRCUMFLEX"):
                # `h_<`: an order symbol as a script is a mark, like `\mathbb{R}_+`
                self.emit(tok, "SIGN", tok.value)
                i += 1
                continue
            if tok.type in ("LT", "GT") and self.prev == "LBRACE" and self.kind_at(i + 1) == "UNDERSCORE":
                # `\max_{<_h}`: an order named by its subscript, the operand of the script
                self.emit(tok, "NAME", tok.value)
                i += 1
                continue
            if tok.type in plain and not pre and not seps and not self.force:
                push(tok, tok.type)
                i += 1
                continue
            if i in seps:
                self.emit(tok, "STMTSEP", ";")
                i += 1
                continue
            end = i
            if i in pre:
                kind, value, end = pre.pop(i)
            else:
                kind, value = _classify(tok)
            handler = _HANDLERS.get(kind)
            if handler is not None:
                i = handler(self, i, tok, value)
                continue
            self.emit(tok, kind, value, last=toks[end])
            i = end + 1
        if self.implicit:
            last = toks[-1]
            self.emit(last, "END_ENV", "aligned", start=last.end_pos, end=last.end_pos)
        if self.stack:
            opener = self.stack[-1].tok
            raise _unbalanced(opener, "{0}: never closed", opener)
        self._fragments()
        return self.out

    def emit(
        self, tok: Any, kind: str, value: str, *, last: Any = None, start: int | None = None, end: int | None = None
    ) -> None:
        """Send one token to the parser (spanning ``tok`` … ``last``), keeping the balance."""
        if last is not None and last is not tok:
            end = last.end_pos
        if self.left_start is not None and kind in _OPENERS:
            start = self.left_start  # \left( … : the group's span starts at \left
        if start is None and end is None and kind == tok.type and value == tok.value:
            out = tok
        else:
            out = self.Token(
                kind,
                value,
                tok.start_pos if start is None else start,
                tok.line,
                tok.column,
                tok.end_line,
                tok.end_column,
                tok.end_pos if end is None else end,
            )
        self.push(out, kind)

    def push(self, out: Any, kind: str) -> None:
        """Append a token of terminal ``kind``, keeping the delimiter stack."""
        self.force = ""
        self.left_start = None
        if kind in _OPENERS:
            self.stack.append(_Frame(out, self._left, self.prev in ("UNDERSCORE", "CIRCUMFLEX")))
        elif kind in _CLOSERS:
            self._close(out)
        elif kind in ("COMMA", "SEMI") and self.stack:
            self.stack[-1].commas += 1
        self._left = False
        self.prev = kind
        self.out.append(out)

    _left = False

    def _close(self, tok: Any) -> None:
        """Pop the frame ``tok`` closes; raise AV203 on a mismatch (``[0, 1)`` is an interval, not one)."""
        stack = self.stack
        if not stack:
            raise _unbalanced(tok, "{0}: nothing to close", tok)
        frame = stack[-1]
        opener = frame.tok
        expected = _OPENERS[opener.type]
        if expected == tok.type:
            if tok.type == "END_ENV" and tok.value != opener.value:
                delim = f"\\begin{{{opener.value}}}: closed by \\end{{{tok.value}}}"
                raise LocatedError(UnbalancedDelimiter, _span(opener, 0), delim=delim)
            stack.pop()
            return
        interval = (opener.type, tok.type) in (("LSQB", "RPAR"), ("LPAR", "RSQB")) and frame.commas == 1
        if interval:
            stack.pop()
            return
        raise _unbalanced(opener, "{0}: closed by {1}", opener, tok)

    # --- looking around ---------------------------------------------------------------------------

    def kind_at(self, j: int) -> str:
        """The terminal the token at ``j`` will most likely be (``$END`` past the end)."""
        j = self.next_index(j)
        if j >= self.n:
            return "$END"
        if j in self.seps:
            return "STMTSEP"
        if j in self.pre:
            return self.pre[j][0]
        return _classify(self.toks[j])[0]

    def next_index(self, j: int) -> int:
        """The index of the next token the parser will see from ``j`` on (``n`` at the end)."""
        while j < self.n and j not in self.seps and (j in self.drop or _classify(self.toks[j])[0] == "DROP"):
            j += 1
        return j

    def adjacent(self, i: int, j: int) -> bool:
        return j < self.n and self.toks[j].start_pos == self.toks[i].end_pos

    def after_scripts(self, j: int) -> int:
        """Skip the ``_x``/``^{…}`` scripts starting at ``j``: the index after them."""
        while j < self.n and self.toks[j].type in ("UNDERSCORE", "CIRCUMFLEX"):
            j += 1
            if j < self.n and self.toks[j].type == "LBRACE" and j in self.match:
                j = self.match[j] + 1
            else:
                j += 1
        return j

    def group_end(self, j: int) -> int | None:
        """The index of the ``}`` closing the ``{`` at ``j`` (``None`` if there is no group at ``j``)."""
        if j < self.n and self.toks[j].type == "LBRACE":
            return self.match.get(j)
        return None

    _bars: tuple[set[int], int] | None = None

    def bars(self) -> tuple[set[int], int]:
        """:func:`_bar_levels` of this segment, worked out once and only where a bar needs it."""
        if self._bars is None:
            self._bars = _bar_levels(self.toks)
        return self._bars

    def drop_range(self, a: int, b: int) -> None:
        self.drop.update(range(a, b + 1))

    def text_between(self, i: int) -> int | None:
        """Emit ``'…'`` from the quote at ``i`` to the next one on its line as a STRING; the index after it."""
        for k in range(i + 1, self.n):
            t = self.toks[k]
            if t.type == "PRIME":
                first = self.toks[i]
                self.drop_range(i + 1, k)
                words, end = [], first.end_pos
                for x in self.toks[i + 1 : k]:  # the words as lexed, a space where the text had one
                    words.append((" " if x.start_pos > end else "") + x.value)
                    end = x.end_pos
                value = '"' + "".join(words) + '"'
                self.emit(first, "STRING", value, last=t)
                return k + 1
            if t.line != self.toks[i].line:
                return None
        return None

    def _fragments(self) -> None:
        """Mark an operator that starts or ends the segment (``x \\gets``, ``\\gets 0``, ``=``)."""
        out = self.out
        if not out:
            return
        first = out[0]
        if first.type in _LEADING or (len(out) == 1 and first.type in _TRAILING):
            out[0] = self.Token.new_borrow_pos("LEAD_OP", _op_name(first), first)
        if len(out) > 1 and out[-1].type in _TRAILING and out[-2].type not in ("CIRCUMFLEX", "UNDERSCORE"):
            out[-1] = self.Token.new_borrow_pos("TRAIL_OP", _op_name(out[-1]), out[-1])
