r"""The math post-lexer's handlers: one per kind of token that needs its neighbours to be retyped.

:class:`~algoverify.math.retype._Retyper` walks a segment's tokens and hands each kind named in
:data:`_HANDLERS` to its handler, which emits the retyped tokens and says where to go on. Here
too are the passes made once per segment before the walk (marginal marks, capitalised words, the
levels of bars) and the open-delimiter frame the balance check keeps.
"""

from __future__ import annotations

from typing import Any, Callable

from .mathcommands import _UNICODE, GREEK_LETTERS
from .mathtokens import (
    _CLOSERS,
    _MID_FRAMES,
    _NO_ARGUMENT,
    _OPENERS,
    _OPERAND_END,
    _RELATION,
    _WORD,
    _classify,
    _span,
    _syntax,
    _word_command,
)

#: the walk each handler is given (:class:`~algoverify.math.retype._Retyper`), named loosely: the walk
#: imports the handlers, which must not import it back
_Walk = Any


class _Frame:
    """An open delimiter on the balance stack, with what was seen at its level."""

    __slots__ = ("tok", "commas", "mid", "left", "script")

    def __init__(self, tok: Any, left: bool, script: bool) -> None:
        self.tok = tok
        self.commas = 0
        self.mid = False
        self.left = left
        self.script = script  # a `{` right after `_` or `^`

    def takes_mid(self) -> bool:
        """Tell whether a bar after an operand here is a conditional bar (``p(a | s)``, ``h_{r|b}``)."""
        return not self.mid and (self.tok.type in _MID_FRAMES or (self.script and self.tok.type == "LBRACE"))


# --- handlers: one per token kind that needs its neighbours ------------------------------------------


#: what marks a summed or averaged position in a subscript: Agresti's n_{i+}, Rice's \bar{Y}_{i.}, n_{i\cdot}
_MARKS = {"PLUS": "+", "DOT": "cdot"}
_MARK_CMDS = {"\\cdot": "cdot", "\\bullet": "cdot"}


#: truth words a textbook sets in capitals (CLRS's ``\Return TRUE``): one word each, never T·R·U·E
_CAPITAL_WORDS = frozenset({"TRUE", "FALSE", "NIL", "NULL"})


def _capital_words(toks: list[Any]) -> dict[int, tuple[str, str, int]]:
    """Runs of adjacent letters that spell one of :data:`_CAPITAL_WORDS` and nothing more: one NAME each."""
    out: dict[int, tuple[str, str, int]] = {}
    n, i = len(toks), 0
    while i < n:
        if toks[i].type != "LETTER" or toks[i].value not in "TFN" or (i and _joined(toks, i - 1)):
            i += 1
            continue
        k = i
        while k + 1 < n and k - i < 5 and toks[k + 1].type == "LETTER" and _joined(toks, k):
            k += 1
        word = "".join(t.value for t in toks[i : k + 1])
        if word in _CAPITAL_WORDS and not (k + 1 < n and _joined(toks, k)):
            out[i] = ("NAME", word, k)
        i = k + 1
    return out


def _joined(toks: list[Any], i: int) -> bool:
    """Whether token ``i`` and the next one are letters or numbers that touch (``TRUEX``, ``TRUE2``)."""
    a, b = toks[i], toks[i + 1]
    return a.type in ("LETTER", "NUMBER") and b.type in ("LETTER", "NUMBER") and a.end_pos == b.start_pos


def _marginal_marks(toks: list[Any], match: dict[int, int]) -> dict[int, tuple[str, str, int]]:
    r"""The ``+``, ``.`` and ``\cdot`` of a subscript that mark positions (``n_{i+}``, ``\bar{Y}_{..}``): placeholders.

    Only in a subscript of at most three items, letters with the marks at either end: ``x_{i+1}``
    and ``x_{t+k}`` are indices, ``\mathbb{S}_{++}`` a cone, ``n_{i+}`` the row total of a table ``n_{ij}``.
    """
    out: dict[int, tuple[str, str, int]] = {}
    for k, m in match.items():
        if k == 0 or toks[k - 1].type != "UNDERSCORE" or not 1 < m - k <= 4:
            continue
        inner = list(range(k + 1, m))
        marks = {
            j: _MARKS.get(toks[j].type) or _MARK_CMDS.get(toks[j].value if toks[j].type == "CMD" else "") for j in inner
        }
        if not all(marks[j] is not None or toks[j].type == "LETTER" for j in inner) or not any(marks.values()):
            continue
        letters = [j for j in inner if marks[j] is None]
        if not letters and any(m != "cdot" for m in marks.values()):
            continue  # \mathbb{S}^n_{++}: the positive definite cone (\bar{Y}_{..} is the grand mean)
        if letters and any(marks[j] is not None for j in range(letters[0], letters[-1])):
            continue  # x_{t+k}: a sum of two indices, never a mark between two of them
        out.update({j: ("PLACEHOLDER", mark, j) for j, mark in marks.items() if mark is not None})
    return out


def _h_drop(r: _Walk, i: int, tok: Any, value: str) -> int:
    return i + 1


def _h_left_right(r: _Walk, i: int, tok: Any, value: str) -> int:
    r"""``\left``/``\right`` mark the next delimiter; ``\left.`` and ``\right.`` are null delimiters."""
    kind = _classify(tok)[0]
    j = r.next_index(i + 1)
    nxt = r.toks[j] if j < r.n else None
    top = r.stack[-1] if r.stack else None
    if nxt is not None and nxt.type == "DOT":
        r.drop.add(j)
        if kind == "LEFT":  # \left. … \right|: a frame that the \right closes, whatever its delimiter
            r.stack.append(_Frame(r.Token.new_borrow_pos("LNULL", "\\left.", nxt), True, False))
        elif top is not None and top.tok.type == "LNULL":
            r.stack.pop()
        elif top is not None and top.left:  # \left\{ … \right.: close what \left opened
            r.emit(nxt, _OPENERS[top.tok.type], ".")
        return i + 1
    if kind == "RIGHT" and top is not None and top.tok.type == "LNULL" and nxt is not None:
        r.stack.pop()  # \left. f \right|_{0}: the delimiter closes the null one, and goes
        r.drop.add(j)
        return i + 1
    if nxt is not None and nxt.type == ("LT" if kind == "LEFT" else "GT"):  # \left< … \right>
        r.pre[j] = ("LANGLE", "<", j) if kind == "LEFT" else ("RANGLE", ">", j)
    r.force = kind
    r._left = kind == "LEFT"
    r.left_start = tok.start_pos if kind == "LEFT" else None
    return i + 1


def _h_big(r: _Walk, i: int, tok: Any, value: str) -> int:
    kind = _classify(tok)[0]
    r.force = {"BIGL": "LEFT", "BIGR": "RIGHT", "BIGM": "MID"}[kind]
    r.left_start = tok.start_pos if kind == "BIGL" else None
    return i + 1


def _h_bar(r: _Walk, i: int, tok: Any, value: str) -> int:
    """Decide whether a bar opens, closes, or is a conditional bar (or, never closed, an operator)."""
    double = value == "||"
    last = tok
    if not double and r.toks[i + 1 : i + 2] and r.toks[i + 1].type == "BAR" and r.adjacent(i, i + 1):
        top = r.stack[-1].tok.type if r.stack else ""
        if not (top == "LBAR" and r.prev in _OPERAND_END):  # `||` that is not `|x||y|`
            double, last = True, r.toks[i + 1]
            r.drop.add(i + 1)
    opener = "LNORM" if double else "LBAR"
    force = r.force
    top = r.stack[-1] if r.stack else None
    after_operand = r.prev in _OPERAND_END
    if force == "MID":
        return _h_mid(r, i, tok, value)
    if force == "RIGHT" or (force != "LEFT" and top is not None and top.tok.type == opener and after_operand):
        r.emit(tok, "RNORM" if double else "RBAR", "||" if double else "|", last=last)
        return i + 1
    if force != "LEFT" and after_operand and not double and top is not None:
        if top.takes_mid() and i not in r.bars()[0]:  # p(a|s), but (C|X|) holds an |X|
            return _h_mid(r, i, tok, value)
    if force != "LEFT" and after_operand and double and r.bars()[1] <= (i + 1 if last is not tok else i):
        # `a || b`, `A \| B` never closed: an operator (or in C-like pseudocode, concatenation)
        kind, op = ("OR", "or") if tok.type == "BAR" else ("MULOP", "concat")
        r.emit(tok, kind, op, last=last)
        return i + 1
    r.emit(tok, opener, "||" if double else "|", last=last)
    return i + 1


def _bar_levels(toks: list[Any]) -> tuple[set[int], int]:
    """The bars followed by another bar before their group closes, and the index of the last bar (one pass)."""
    followed: set[int] = set()
    levels: list[list[int]] = [[]]
    last = -1
    for k, t in enumerate(toks):
        kind = _classify(t)[0]
        if kind in _OPENERS or kind in ("LPAR", "LSQB", "LBRACE"):
            levels.append([])
        elif kind in _CLOSERS or kind in ("RPAR", "RSQB", "RBRACE"):
            if len(levels) > 1:
                levels.pop()
        elif kind in ("BAR", "DBAR"):
            followed.update(levels[-1])
            levels[-1] = [k]
            last = k
    return followed, last


def _h_mid(r: _Walk, i: int, tok: Any, value: str) -> int:
    """``\\mid`` (or a conditional ``|``): the bar of a group, else the relation *divides*."""
    top = r.stack[-1] if r.stack else None
    if top is not None and top.takes_mid():
        top.mid = True
        r.emit(tok, "MID", "|")
    else:
        r.emit(tok, "RELOP", "divides")
    return i + 1


def _h_macro(r: _Walk, i: int, tok: Any, value: str) -> int:
    """An unknown control word: the brace groups right after it are its arguments."""
    j = i + 1
    while (close := r.group_end(j)) is not None:
        r.pre[j] = ("ARG_L", "{", j)
        r.pre[close] = ("ARG_R", "}", close)
        j = close + 1
    r.emit(tok, "MACRO", value)
    return i + 1


def _h_dropgroup(r: _Walk, i: int, tok: Any, value: str) -> int:
    close = r.group_end(i + 1)
    if close is not None:
        r.drop_range(i + 1, close)
        # \mathopen{}\left\lfloor x …: brackets of a function call (latexify's math.floor(x))
        j = r.next_index(close + 1)
        if tok.value == "\\mathopen" and r.kind_at(j) == "LEFT":
            k = r.next_index(j + 1)
            kind = r.kind_at(k)
            if kind in ("LFLOOR", "LCEIL"):
                r.pre[k] = (kind, "call", k)
    return i + 1


def _strip(r: _Walk, j: int) -> int | None:
    """Unwrap the group at ``j`` when it holds one token (``{=}``); keep it as a group otherwise."""
    close = r.group_end(j)
    if close is None:
        return None
    inner = [k for k in range(j + 1, close) if k not in r.drop]
    if len(inner) == 1:
        r.drop.add(j)
        r.drop.add(close)
    return close


def _h_strip(r: _Walk, i: int, tok: Any, value: str) -> int:
    r"""``\mathbin{\%}`` is the operator % whatever follows it (``a \mathbin{\%} -b``): the wrapper says so.

    So are latexify's prints of Python's bitwise operators: ``\mathbin{\&}``, ``\mathbin{|}`` and
    the unary ``\mathord{\sim}``.
    """
    close = _strip(r, i + 1)
    if close == i + 3:
        inner = r.toks[i + 2].value
        if tok.value == "\\mathbin" and inner in _BINARY_WRAPPED:
            r.pre[i + 2] = _BINARY_WRAPPED[inner] + (i + 2,)
        elif tok.value == "\\mathord" and inner == "\\sim":
            r.pre[i + 2] = ("INVERT", "~", i + 2)
    return i + 1


_BINARY_WRAPPED = {"\\%": ("PERCENT", "binary"), "\\&": ("BITOP", "&"), "|": ("BITOP", "|")}


def _h_underbrace(r: _Walk, i: int, tok: Any, value: str) -> int:
    r"""``\underbrace{x}_{note}`` is ``{x}``; the note (``_`` for under, ``^`` for over) goes."""
    close = r.group_end(i + 1)
    if close is None:
        return i + 1
    script = "UNDERSCORE" if value == "_" else "CIRCUMFLEX"
    j = close + 1
    if j < r.n and r.toks[j].type == script:
        end = r.group_end(j + 1)
        r.drop_range(j, end if end is not None else j + 1)
    return i + 1


def _h_overset(r: _Walk, i: int, tok: Any, value: str) -> int:
    r"""``\overset{a}{=}``, ``\stackrel{\text{def}}{=}``: the first group goes, the second is unwrapped."""
    close = r.group_end(i + 1)
    if close is None:
        return i + 1
    r.drop_range(i + 1, close)
    _strip(r, close + 1)
    return i + 1


def _h_xarrow(r: _Walk, i: int, tok: Any, value: str) -> int:
    j = i + 1
    if j < r.n and r.toks[j].type == "LSQB":
        while j < r.n and r.toks[j].type != "RSQB":
            j += 1
        r.drop_range(i + 1, j)
        j += 1
    close = r.group_end(j)
    if close is not None:
        r.drop_range(j, close)
    r.emit(tok, "ASSIGN_CMD" if value == "gets" else "RELOP", value)
    return i + 1


def _h_not(r: _Walk, i: int, tok: Any, value: str) -> int:
    r"""``\not=`` is ``!=``, ``\not\in`` is ``notin``, ``\not\equiv`` is ``notequiv``."""
    j = r.next_index(i + 1)
    if j < r.n:
        kind, op = _classify(r.toks[j])
        if kind in ("RELOP", "EQ", "LT", "GT"):
            negated = {"=": "!=", "in": "notin", "!=": "="}.get(op, "not" + op)
            r.drop.add(j)
            r.emit(tok, "RELOP", negated, last=r.toks[j])
            return j + 1
    r.emit(tok, "MACRO", tok.value)
    return i + 1


def _hyphen_at(r: _Walk, j: int) -> bool:
    """Whether token ``j`` is a hyphen written ``\\text{-}`` (or ``\\mbox{-}``) between two words, touching both."""
    return (
        j + 1 < r.n
        and r.toks[j].type == "TEXTCMD"
        and r.toks[j].value.endswith("{-}")
        and r.toks[j + 1].type == "LETTER"
        and r.adjacent(j - 1, j)
        and r.adjacent(j, j + 1)
    )


def _word_after(r: _Walk, j: int) -> int:
    """The index of the last token of the run of adjacent letters and digits starting at ``j``."""
    k = j
    while k + 1 < r.n and r.toks[k + 1].type in ("LETTER", "NUMBER") and r.adjacent(k, k + 1):
        k += 1
    return k


def _h_fontswitch(r: _Walk, i: int, tok: Any, value: str) -> int:
    r"""``{\rm sgn}`` is the name ``sgn``; ``{\bf x}`` a bold x."""
    if value == "bf":
        r.emit(tok, "FONT", "bf")
    j = r.next_index(i + 1)
    _word_group(r, j)
    if j < r.n and r.toks[j].type == "LETTER":
        k = _word_after(r, j)
        if k > j:
            r.pre[j] = ("NAME", "".join(t.value for t in r.toks[j : k + 1]), k)
    return i + 1


def _h_font(r: _Walk, i: int, tok: Any, value: str) -> int:
    r"""``\mathbf{last}``: a word inside a font is one name, not the letters l·a·s·t."""
    _word_group(r, i + 1)
    r.emit(tok, "FONT", value)
    return i + 1


def _word_group(r: _Walk, j: int) -> None:
    """Make the word in the group at ``j`` (``{last}``, ``{getNext2}``) one ``NAME`` token."""
    close = r.group_end(j)
    if close is not None and close > j + 2 and r.toks[j + 1].type == "LETTER" and _word_after(r, j + 1) == close - 1:
        r.pre[j + 1] = ("NAME", "".join(t.value for t in r.toks[j + 1 : close]), close - 1)


def _h_needs_arg(r: _Walk, i: int, tok: Any, value: str) -> int:
    r"""``\mathrm{\Delta}``, ``\text{\sc{f}}``: a word command whose argument is not a plain word is its argument."""
    if r.group_end(i + 1) is None:
        raise _syntax(_span(tok, 0), f"{tok.value} needs a braced word: {tok.value}{{…}}")
    return _h_font(r, i, tok, "")


def _h_wordcmd(r: _Walk, i: int, tok: Any, value: str) -> int:
    kind, word = _word_command(tok)
    if r.prev == "AMP" and word.strip().lower() == "if":
        return i + 1  # `& \mathrm{if} \ \lnot c`: the word that starts a case's condition is prose
    if kind == "NAME" and tok.value.startswith("\\textsc") and r.kind_at(i + 1) == "LPAR":
        kind = "FUNC"  # \textsc{Partition}(A, p, r): an algorithm called by name
    if kind in ("FUNC", "MAXOP"):
        return _h_function(r, i, tok, word, kind)
    r.emit(tok, kind, word)
    return i + 1


def _h_textcmd(r: _Walk, i: int, tok: Any, value: str) -> int:
    kind, word = _word_command(tok)
    if r.prev == "AMP" and word.strip().lower() == "if":
        return i + 1  # `& \text{if } \lnot c`: the word that starts a case's condition is prose
    if kind == "TEXT" and len(word) >= 2 and word[0] == word[-1] == '"' and '"' not in word[1:-1]:
        kind = "STRING"  # \textrm{"inf"}: a string literal, as latexify prints Python's
    if kind == "TEXT" and " ".join(word.lower().split()) in _SUCH_THAT:
        r.emit(tok, "COLON", ":")  # \exists\, i \text{ s.t. } P: the colon of a quantifier or a set-builder
        return i + 1
    r.emit(tok, kind, word)
    return i + 1


#: the words that say "such that" between a bound name and its condition
_SUCH_THAT = frozenset({"s.t.", "s.t", "such that"})


def _h_function(r: _Walk, i: int, tok: Any, value: str, kind: str = "") -> int:
    r"""A function or ``\max`` with nothing to apply to (``\ell_{\max}``, ``\operatorname{ELBO}_\theta``) is a name.

    ``\max(a, b) \cdot c`` and ``\min(v)`` with no limits are calls whose parentheses hold the
    arguments, as a function's do: the product after them is not the operand.
    """
    kind = kind or _classify(tok)[0]
    if r.kind_at(r.after_scripts(i + 1)) in _NO_ARGUMENT:
        kind = "NAME"
    elif kind == "MAXOP" and value in ("max", "min") and _paren_follows(r, i + 1):
        kind = "FUNC"
    r.emit(tok, kind, value)
    return i + 1


def _paren_follows(r: _Walk, j: int) -> bool:
    r"""Tell whether a ``(`` opens at ``j``, through ``\mathopen{}``, ``\left`` and ``\bigl``."""
    while True:
        j = r.next_index(j)
        kind = r.kind_at(j)
        if kind == "DROPGROUP":
            close = r.group_end(j + 1)
            j = close + 1 if close is not None else j + 1
        elif kind in ("LEFT", "BIGL"):
            j += 1
        else:
            return kind == "LPAR"


def _h_accent(r: _Walk, i: int, tok: Any, value: str) -> int:
    r"""``\hat{\nabla}`` and ``\hat\nabla`` are one gradient operator, styled."""
    j = i + 1
    close = r.group_end(j)
    target = j + 1 if close == j + 2 else j
    if target < r.n and _classify(r.toks[target])[0] == "NABLA" and (close is None or close == j + 2):
        last = r.toks[close] if close is not None else r.toks[target]
        r.drop_range(j, close if close is not None else target)
        r.emit(tok, "NABLA", value, last=last)
        return (close if close is not None else target) + 1
    r.emit(tok, "ACCENT", value)
    return i + 1


def _h_mulop(r: _Walk, i: int, tok: Any, value: str) -> int:
    """``^{*}``/``^\\star`` decorate; an operator with no left operand is a placeholder (``f(\\cdot)``)."""
    kind = _classify(tok)[0] if tok.type != "STAR" else "STAR"
    if value in _SUP_ACCENTS and _after_caret(r):  # x^*, x^{\star}, A^\dagger, S^\bullet
        r.emit(tok, "STAR", _SUP_ACCENTS[value])
        return i + 1
    if r.prev not in _OPERAND_END and (value == "cdot" or r.kind_at(i + 1) in _CLOSERS | {"COMMA", "MIDCMD", "$END"}):
        if value in ("cdot", "*", "star") or kind == "STAR":
            r.emit(tok, "PLACEHOLDER", "cdot" if value == "cdot" else "*")
            return i + 1
    r.emit(tok, kind, value)
    return i + 1


_SUP_ACCENTS = {"*": "star", "star": "star", "cdot": "bullet", "circ": "circ", "dagger": "dagger"}


def _after_caret(r: _Walk) -> bool:
    out = r.out
    return bool(out) and (
        out[-1].type == "CIRCUMFLEX" or (out[-1].type == "LBRACE" and len(out) > 1 and out[-2].type == "CIRCUMFLEX")
    )


def _h_top(r: _Walk, i: int, tok: Any, value: str) -> int:
    r"""``\top`` after ``^`` transposes; elsewhere it is the constant ⊤."""
    if _after_caret(r):
        r.emit(tok, "TOP", value)
    else:
        r.emit(tok, "CONST", "top")
    return i + 1


def _h_dot(r: _Walk, i: int, tok: Any, value: str) -> int:
    """``node.left`` (an attribute), ``1, .., n`` (dots), ``x^2.`` (punctuation, dropped)."""
    if r.adjacent(i, i + 1) and r.toks[i + 1].type == "DOT":
        k = i + 2 if r.adjacent(i + 1, i + 2) and r.toks[i + 2].type == "DOT" else i + 1
        r.drop_range(i + 1, k)
        r.emit(tok, "DOTS", "dots", last=r.toks[k])
        return k + 1
    if r.prev in _OPERAND_END and r.adjacent(i, i + 1) and r.toks[i + 1].type == "LETTER":
        _join_word_before(r, tok.start_pos)
        k = _word_after(r, i + 1)
        name = "".join(t.value for t in r.toks[i + 1 : k + 1])
        while _hyphen_at(r, k + 1):  # CLRS's A.heap\text{-}size: one attribute, hyphenated
            end = _word_after(r, k + 2)
            name += "_" + "".join(t.value for t in r.toks[k + 2 : end + 1])
            k = end
        r.drop_range(i + 1, k)
        r.emit(tok, "ATTR", name, last=r.toks[k])
        return k + 1
    if (
        r.prev in _OPERAND_END
        and r.adjacent(i, i + 1)
        and r.toks[i + 1].type == "CMD"
        and r.toks[i + 1].value[1:] in GREEK_LETTERS
        and not (i + 2 < r.n and r.adjacent(i + 1, i + 2) and r.toks[i + 2].type == "LPAR")
    ):
        # CLRS's v.\pi, u.\delta (third edition on): a vertex's attribute named by a Greek letter
        _join_word_before(r, tok.start_pos)
        r.drop_range(i + 1, i + 1)
        r.emit(tok, "ATTR", r.toks[i + 1].value[1:], last=r.toks[i + 1])
        return i + 2
    if r.prev in _OPERAND_END and r.adjacent(i, i + 1) and r.toks[i + 1].type in ("WORDCMD", "TEXTCMD"):
        # `Q.\mathrm{add}`, `e.\text{body}`: an attribute spelt as a word
        kind, name = _word_command(r.toks[i + 1])
        name = name.replace("\\_", "_")
        if (kind in ("NAME", "FUNC") or (kind == "TEXT" and _WORD.fullmatch(name))) and name:
            _join_word_before(r, tok.start_pos)
            r.drop_range(i + 1, i + 1)
            r.emit(tok, "ATTR", name, last=r.toks[i + 1])
            return i + 2
    if r.prev in _OPERAND_END and i < r.n - 1 and not r.adjacent(i, i + 1) and any(t.type == "QUANT" for t in r.out):
        # `\forall p \in S. P(p)`: the logician's period ends the binder, as a colon does
        r.emit(tok, "COLON", ":")
        return i + 1
    if r.prev in _OPERAND_END and 0 < i < r.n - 1 and not r.adjacent(i - 1, i) and not r.adjacent(i, i + 1):
        # `B . V` with spaces on both sides: the dot product written as a period
        r.emit(tok, "MULOP", "cdot")
        return i + 1
    return _h_punct(r, i, tok, value)


def _join_word_before(r: _Walk, end: int) -> None:
    """``node.left``: the letters right before an attribute are one name (``node``), as code writes it."""
    out = r.out
    k = len(out)
    while k > 0 and out[k - 1].type == "LETTER" and out[k - 1].end_pos == end:
        k -= 1
        end = out[k].start_pos
    if len(out) - k > 1:
        word = out[k:]
        del out[k:]
        out.append(r.Token("NAME", "".join(t.value for t in word), word[0].start_pos, word[0].line, word[0].column,
                           word[-1].end_line, word[-1].end_column, word[-1].end_pos))  # fmt: skip


def _h_punct(r: _Walk, i: int, tok: Any, value: str) -> int:
    """A comma, semicolon or full stop that ends the segment, a cell or a row is punctuation."""
    if r.kind_at(i + 1) in ("$END", "AMP", "ROWSEP", "END_ENV", "STMTSEP"):
        return i + 1
    r.emit(tok, _classify(tok)[0], value)
    return i + 1


def _h_colon(r: _Walk, i: int, tok: Any, value: str) -> int:
    if r.prev not in _OPERAND_END:  # A[:, j]: the whole axis
        r.emit(tok, "SLICE", ":")
    else:
        r.emit(tok, "COLON", ":")
    return i + 1


def _h_prime(r: _Walk, i: int, tok: Any, value: str) -> int:
    """``f'`` is a prime; ``'abc'`` where an operand starts is a string, as code writes it."""
    if r.prev not in _OPERAND_END and r.prev not in ("CIRCUMFLEX", "LBRACE"):
        text = r.text_between(i)
        if text is not None:
            return text
    r.emit(tok, "PRIME", value)
    return i + 1


def _h_bang(r: _Walk, i: int, tok: Any, value: str) -> int:
    if r.adjacent(i, i + 1) and r.toks[i + 1].type == "EQ":  # `!=` as code writes it
        r.drop.add(i + 1)
        r.emit(tok, "RELOP", "!=", last=r.toks[i + 1])
        return i + 2
    r.emit(tok, "BANG", "!")
    return i + 1


def _h_letter(r: _Walk, i: int, tok: Any, value: str) -> int:
    r"""``section\_reached``: letters joined by escaped underscores are one name."""
    if not r.uscore:
        r.emit(tok, "LETTER", value)
        return i + 1
    k, has = i, False
    while k + 1 < r.n and r.adjacent(k, k + 1):
        nxt = r.toks[k + 1]
        if nxt.type in ("LETTER", "NUMBER") or (nxt.type == "CTRL_SYM" and nxt.value == "\\_"):
            has = has or nxt.type == "CTRL_SYM"
            k += 1
        else:
            break
    if has and r.toks[k].type != "CTRL_SYM":
        r.drop_range(i + 1, k)
        word = "".join("_" if t.type == "CTRL_SYM" else t.value for t in r.toks[i : k + 1])
        r.emit(tok, "NAME", word, last=r.toks[k])
        return k + 1
    r.emit(tok, "LETTER", value)
    return i + 1


def _h_percent(r: _Walk, i: int, tok: Any, value: str) -> int:
    r"""``a \% b`` is the remainder; ``50\%`` (nothing after it to divide) is a percent sign.

    The operator stays ``%``, not ``mod``: it is a program's remainder (latexify prints Python's
    ``%`` so), where ``m^{-1} \bmod b`` of integers is a modular inverse and ``x^{-1} % b`` is not.
    """
    if value != "binary" and r.prev in _OPERAND_END and r.kind_at(i + 1) in _NO_ARGUMENT:
        r.emit(tok, "CONST", "percent")
    else:
        r.emit(tok, "MULOP", "%")
    return i + 1


def _h_uscore(r: _Walk, i: int, tok: Any, value: str) -> int:
    r.emit(tok, "MACRO", tok.value)
    return i + 1


def _h_frac(r: _Walk, i: int, tok: Any, value: str) -> int:
    r"""``\frac12`` is ``\frac{1}{2}``, as TeX reads it."""
    r.emit(tok, "FRAC", value)
    j = i + 1
    if j < r.n and r.toks[j].type == "NUMBER" and r.toks[j].value.isdigit() and len(r.toks[j].value) > 1:
        num = r.toks[j]
        start = num.start_pos
        for k, part in enumerate((num.value[0], num.value[1], num.value[2:])):
            if part:
                r.emit(num, "NUMBER", part, start=start + min(k, 2), end=start + min(k, 2) + len(part))
        return j + 1
    return i + 1


def _h_sign(r: _Walk, i: int, tok: Any, value: str) -> int:
    r"""A sign as a script (``\delta^{+}``, ``\mathbb{R}_+``, ``S_{++}``); ``{=}`` and ``{}`` unwrapped."""
    kind = tok.type if tok.type != "UNI" else _classify(tok)[0]  # "−" is a minus
    if r.prev in ("UNDERSCORE", "CIRCUMFLEX"):
        if tok.type == "LBRACE":
            close = r.match.get(i)
            inner = r.toks[i + 1 : close] if close is not None and r.toks[i + 1].type in ("PLUS", "MINUS") else []
            sign = _sign_text(inner)
            if sign is not None:
                r.drop_range(i + 1, close)  # type: ignore[arg-type]
                r.emit(tok, "SIGN", sign, last=r.toks[close])  # type: ignore[index]
                return close + 1  # type: ignore[operator]
        elif kind in ("PLUS", "MINUS"):
            r.emit(tok, "SIGN", value)
            return i + 1
    if tok.type == "LBRACE":
        close = r.match.get(i)
        if close == i + 1 and r.prev in ("UNDERSCORE", "CIRCUMFLEX"):  # \sum_{i}^{}: an empty script is none
            r.out.pop()
            r.prev = r.out[-1].type if r.out else ""
            return i + 2
        if close == i + 1 and r.prev not in _NEEDS_GROUP:  # {\cal V}_n{}: an empty group is nothing
            if r.kind_at(i + 2) in ("UNDERSCORE", "CIRCUMFLEX"):  # {}_{\cdots}: an empty base for the script
                r.emit(tok, "TEXT", "", last=r.toks[close])
            return i + 2
        # {=}, {\gets}: a relation in braces (for spacing) is the relation
        if close == i + 2 and _classify(r.toks[i + 1])[0] in _BARE_OPERATORS:
            r.drop.add(close)
            return i + 1
    r.emit(tok, kind, value)
    return i + 1


def _sign_text(inner: list[Any]) -> str | None:
    kinds = [_classify(t) for t in inner]
    if kinds and all(k in ("PLUS", "MINUS") for k, _ in kinds):
        return "".join(v for _, v in kinds)
    return None


_BARE_OPERATORS = _RELATION | {"MULOP", "ADDOP", "BITOP"}
# after these an empty group {} is an argument, not nothing
_NEEDS_GROUP = {"UNDERSCORE", "CIRCUMFLEX", "FRAC", "BINOM", "SQRT", "ACCENT", "FONT"}


def _h_multi(r: _Walk, i: int, tok: Any, value: str) -> int:
    for kind, val in _UNICODE[value]:  # type: ignore[misc]
        r.emit(tok, kind, val)
    return i + 1


def _h_rowsep(r: _Walk, i: int, tok: Any, value: str) -> int:
    r"""``\\`` separates rows; a spacing option after it (``\\[4pt]``) goes."""
    j = i + 1
    if j < r.n and r.toks[j].type == "LSQB":
        k = j + 1
        while k < r.n and r.toks[k].type in ("NUMBER", "LETTER"):
            k += 1
        if k < r.n and r.toks[k].type == "RSQB":
            r.drop_range(j, k)
    r.emit(tok, "ROWSEP", value)
    return i + 1


_HANDLERS: dict[str, Callable[[_Walk, int, Any, str], int]] = {
    "DROP": _h_drop,
    "LEFT": _h_left_right,
    "RIGHT": _h_left_right,
    "BIGL": _h_big,
    "BIGR": _h_big,
    "BIGM": _h_big,
    "BAR": _h_bar,
    "DBAR": _h_bar,
    "MIDCMD": _h_mid,
    "MACRO": _h_macro,
    "DROPGROUP": _h_dropgroup,
    "STRIP": _h_strip,
    "UNDERBRACE": _h_underbrace,
    "OVERSET": _h_overset,
    "XARROW": _h_xarrow,
    "NOTCMD": _h_not,
    "FONTSWITCH": _h_fontswitch,
    "FONT": _h_font,
    "NEEDS_ARG": _h_needs_arg,
    "WORDCMD": _h_wordcmd,
    "TEXTCMD": _h_textcmd,
    "FUNC": _h_function,
    "MAXOP": _h_function,
    "ACCENT": _h_accent,
    "MULOP": _h_mulop,
    "STAR": _h_mulop,
    "LETTER": _h_letter,
    "TOP": _h_top,
    "DOT": _h_dot,
    "COMMA": _h_punct,
    "SEMI": _h_punct,
    "COLON": _h_colon,
    "BANG": _h_bang,
    "USCORE": _h_uscore,
    "PERCENT": _h_percent,
    "FRAC": _h_frac,
    "PLUS": _h_sign,
    "PRIME": _h_prime,
    "MINUS": _h_sign,
    "LBRACE": _h_sign,
    "MULTI": _h_multi,
    "ROWSEP": _h_rowsep,
}
