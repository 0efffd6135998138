r"""Token helpers the math post-lexer and the AST builder share.

Classifying a lexed token by the command table (:func:`_classify`, :func:`_word_command`), the
token-kind sets that say what may stand before and after an operator, spans and the AV201/AV203
errors at a token (:func:`_syntax`, :func:`_unbalanced`, :func:`_spelt`), and the scans over a
whole segment's tokens (statement separators, implicit rows). No state; lark is not imported.
"""

from __future__ import annotations

import re
from typing import Any, Iterator

from ..findings import LocatedError, MathSyntax, UnbalancedDelimiter
from ..source import Span
from .mathcommands import _UNICODE, COMMANDS

_SPACING = {",", ";", ":", "!", " ", "\t", "\n", ">", "/", "-", "(", ")"}
_WORDCMD = re.compile(r"\\(?P<cmd>[a-zA-Z]+\*?)\s*\{(?P<word>(?:[^{}]|\{[^{}]*\})*)\}")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_\-]*")
_LAST_TOKEN = re.compile(r"(\\[a-zA-Z]+|\\.|\d+(\.\d*)?|.)$")
_ENV_NAME = re.compile(r"\\(?:begin|end)\s*\{([a-zA-Z]+\*?)\}")
#: prose that stays text even as a single word: ``\text{if}``, ``\text{otherwise}``
_PROSE = frozenset(
    "if otherwise else elsewhere for where then when while with such that all each every some any is of to "
    "in on at do and or not s.t. st iff".split()
)
_OPENERS = {
    "LPAR": "RPAR",
    "LSQB": "RSQB",
    "LBRACE": "RBRACE",
    "LNORM": "RNORM",
    "LABS": "RABS",
    "LBAR": "RBAR",
    "LANGLE": "RANGLE",
    "LSET": "RSET",
    "LFLOOR": "RFLOOR",
    "LCEIL": "RCEIL",
    "ARG_L": "ARG_R",
    "BEGIN_ENV": "END_ENV",
    "LNULL": "RNULL",  # \left. (never reaches the parser)
}
_CLOSERS = set(_OPENERS.values())
# groups in which a bar after an operand is a conditional bar: p(a | s), \{x | P\}, h_{r|b}
_MID_FRAMES = {"LPAR", "LSQB", "LSET", "ARG_L"}
# After one of these a `|` closes an open bar; elsewhere it opens one.
_OPERAND_END = {
    "NUMBER", "LETTER", "GREEK", "NAME", "INFTY", "DOTS", "TEXT", "TOP", "PRIME", "PRIME_CMD", "STRING",
    "CONST", "PLACEHOLDER", "PARTIAL", "SLICE", "BANG", "ATTR", "SIGN", "MACRO", "STAR", *_CLOSERS,
}  # fmt: skip
_RELATION = {"RELOP", "EQ", "LT", "GT", "ASSIGN_CMD", "COLONEQ"}
# an operator segment split from its statement: `x \gets` … `\gets 0`
_LEADING = _RELATION | {"IMPLIES", "ADDOP", "MULOP", "BITOP"}
_TRAILING = _LEADING | {"PLUS", "MINUS", "STAR", "SLASH", "MULOP", "ADDOP", "AND", "OR", "NOT", "COLON"}
# a function or \max followed by one of these has nothing to apply to: it is a name (\ell_{\max})
_NO_ARGUMENT = _CLOSERS | _RELATION | {"COMMA", "SEMI", "AMP", "ROWSEP", "COLON", "MID", "MIDCMD", "IMPLIES", "BITOP",
                                       "AND", "OR", "PLUS", "MINUS", "STAR", "MULOP", "$END"}  # fmt: skip
_PASS = {"LETTER", "NUMBER", "PLUS", "MINUS", "SLASH", "EQ", "LT", "GT", "LPAR", "RPAR", "LSQB", "RSQB",
         "COMMA", "UNDERSCORE", "CIRCUMFLEX", "PRIME", "COLONEQ", "STRING", "AMP"}  # fmt: skip
# raw tokens that reach the parser as they are, whatever their neighbours
_PLAIN = frozenset(("LETTER", "NUMBER", "SLASH", "EQ", "LT", "GT", "LPAR", "RPAR", "LSQB", "RSQB", "UNDERSCORE",
                    "CIRCUMFLEX", "COLONEQ", "STRING", "AMP", "RBRACE"))  # fmt: skip


def _span(tok: Any, base: int) -> Span:
    return Span(base + tok.start_pos, base + tok.end_pos)


def _syntax(span: Span, message: str) -> LocatedError:
    return LocatedError(MathSyntax, span, message=message)


def _classify(tok: Any) -> tuple[str, str]:
    """Return the (terminal, value) ``tok`` stands for, before any look at its neighbours."""
    kind = tok.type
    if kind in _PASS:
        return kind, tok.value
    if kind == "CMD":
        return COMMANDS.get(tok.value[1:]) or ("MACRO", tok.value)
    if kind == "CTRL_SYM":
        char = tok.value[1:]
        if char in _SPACING:
            # \( \) inside math only come from a text-mode \Call{F}{\(b\)} whose arguments
            # were written as inline math: the delimiters carry no meaning here
            return "DROP", ""
        return _CTRL.get(char) or ("MACRO", tok.value)
    if kind == "UNI":
        entry = _UNICODE.get(tok.value)
        if entry is None:
            return "MACRO", tok.value
        return entry if isinstance(entry[0], str) else ("MULTI", tok.value)  # type: ignore[return-value]
    if kind == "DROPARG":
        return "DROP", ""
    if kind in ("LE", "GE", "EQEQ"):
        return "RELOP", {"LE": "<=", "GE": ">=", "EQEQ": "="}[kind]
    if kind in ("BEGIN_ENV", "END_ENV"):
        m = _ENV_NAME.match(tok.value)
        return kind, m[1] if m else ""
    return kind, tok.value


_CTRL = {
    "|": ("DBAR", "||"),
    "{": ("LSET", "{"),
    "}": ("RSET", "}"),
    "\\": ("ROWSEP", "\\\\"),
    "%": ("PERCENT", "mod"),
    "_": ("USCORE", "_"),
}


def _unbalanced(at: Any, delim: str, *toks: Any) -> LocatedError:
    """AV203 at ``at``; ``delim``'s ``{0}``, ``{1}`` become the tokens as written (see :func:`_spelt`).

    The post-lexer sees retyped tokens (``\\lVert`` is ``||``); the text is known to
    :func:`parse_math`, which fills the placeholders from it.
    """
    return LocatedError(UnbalancedDelimiter, _span(at, 0), {"spelt": [_span(t, 0) for t in toks]}, delim=delim)


def _quote(text: str) -> str:
    """A token for a message: a command as is (``\\lVert``), anything else in quotes (``'('``)."""
    return text if text.startswith("\\") else f"'{text}'"


def _spelt(e: LocatedError, latex: str) -> LocatedError:
    """``e`` with the placeholders of its message filled from ``latex`` (see :func:`_unbalanced`)."""
    spans = e.details.pop("spelt", None)
    if spans is None:
        return e
    words = [_quote(latex[sp.start : sp.end].strip() or latex[sp.start : sp.start + 1]) for sp in spans]
    e.args_["delim"] = e.args_["delim"].format(*words)
    return LocatedError(e.rule, e.span, e.details, **e.args_)


def _depth_zero(toks: list[Any]) -> Iterator[int]:
    """The indices of the tokens outside every group, bracket and environment."""
    depth = 0
    for i, t in enumerate(toks):
        kind = t.type
        if kind in ("LBRACE", "RBRACE") and (toks[i + 2 : i + 3] or toks[i - 2 : i - 1]) and _single(toks, i):
            continue  # {\gets}: the token inside counts as outside
        if kind in ("LPAR", "LSQB", "LBRACE", "BEGIN_ENV") or (kind == "CTRL_SYM" and t.value == "\\{"):
            depth += 1
        elif kind in ("RPAR", "RSQB", "RBRACE", "END_ENV") or (kind == "CTRL_SYM" and t.value == "\\}"):
            depth -= 1
        elif depth == 0:
            yield i


def _single(toks: list[Any], i: int) -> bool:
    """Tell whether the brace at ``i`` belongs to a group of exactly one token."""
    if toks[i].type == "LBRACE":
        return i + 2 < len(toks) and toks[i + 2].type == "RBRACE"
    return i >= 2 and toks[i - 2].type == "LBRACE"


def _implicit_rows(toks: list[Any]) -> bool:
    """Tell whether ``&`` or ``\\\\`` stand outside any environment (the inside of an ``align``)."""
    return any(toks[i].type == "AMP" or toks[i].value == "\\\\" for i in _depth_zero(toks))


def _is_assign(tok: Any) -> bool:
    if tok.type == "COLONEQ":
        return True
    entry = COMMANDS.get(tok.value[1:]) if tok.type == "CMD" else _UNICODE.get(tok.value)
    return entry is not None and entry[0] in ("ASSIGN_CMD", "XARROW")


def _statement_separators(toks: list[Any]) -> set[int]:
    r"""The separators between two assignments in one segment: ``\qquad``, ``\quad``, ``;``, else ``,``."""
    top = list(_depth_zero(toks))
    assigns = [i for i in top if _is_assign(toks[i])]
    seps = set()
    for a, b in zip(assigns, assigns[1:]):
        between = [i for i in top if a < i < b]
        strong = [i for i in between if toks[i].type == "SEMI" or toks[i].value in ("\\quad", "\\qquad")]
        weak = [i for i in between if toks[i].type == "COMMA"]
        spacing = [i for i in between if toks[i].type == "CTRL_SYM" and _classify(toks[i])[0] == "DROP"]
        for found in (strong, weak, spacing):
            if found:
                seps.add(found[-1])
                break
    return seps


def _op_name(tok: Any) -> str:
    return {"COLONEQ": "gets", "COLON": ":"}.get(tok.type, tok.value)


_HYPHEN = re.compile(r"(?<=[A-Za-z])\\(?:text|mbox|textrm|mathrm)\{-\}(?=[A-Za-z])")


def _word_command(tok: Any) -> tuple[str, str]:
    r"""Retype ``\operatorname{…}``, ``\mathrm{…}``, ``\text{…}``, ``\textsc{…}`` by command and word."""
    m = _WORDCMD.match(tok.value)
    assert m is not None  # the WORDCMD and TEXTCMD terminals have this shape
    cmd, raw = m["cmd"], m["word"]
    if cmd.startswith("text") and cmd != "textsc" or cmd in ("mbox", "hbox", "emph"):
        word = raw.strip()
        logic = {"and": "AND", "or": "OR", "not": "NOT"}.get(word.lower())
        if logic:
            return logic, word.lower()
        if raw == word and _WORD.fullmatch(word) and word.lower() not in _PROSE:
            return "NAME", word  # \text{next}, L_{\text{train}}: a word is a name
        return "TEXT", word
    # \mathit{heap\text{-}size} (CLRS): one name, its hyphen an underscore
    word = re.sub(r"\\[,;:! ]", "", _HYPHEN.sub("_", raw)).replace("\\_", "_").strip()
    if not _WORD.fullmatch(word):
        if cmd.startswith("operatorname") or cmd in ("Call", "CALL"):
            raise _syntax(_span(tok, 0), f"{cmd}{{…}} needs one word of letters, got {word!r}")
        return "TEXT", word
    entry = COMMANDS.get(word)
    if cmd.startswith("operatorname") or cmd in ("mathrm", "textsc"):
        if entry is not None and entry[0] == "MAXOP":
            return "MAXOP", word  # \operatorname*{arg\,max}, \mathrm{argmax}
        # \textsc{diag} alone is a word in small capitals (a constant); \textsc{diag}(A) a call, by what follows
        if cmd.startswith("operatorname") or (cmd == "mathrm" and entry is not None and entry[0] == "FUNC"):
            return "FUNC", word
    if cmd in ("Call", "CALL"):
        return "FUNC", word  # algpseudocode's \Call{Name}{args} inside math: a call of Name
    return "NAME", word  # \mathrm{lr}: a multi-letter name; \mathrm{softmax}(z) stays an Apply
