r"""Commands a paper defines for its listings: ``\algdef``, ``\algblock``, ``\algloop``, ``\newcommand`` ….

The grammar is fixed (its LALR tables are built once and cached), so a block the paper
defines cannot become a rule of its own. Instead :func:`read_definitions` reads what each
defined command *is*, and build.py's post-lexer retypes the command's token to a generic
terminal of that role (``USER_OPEN``, ``USER_CLOSE``, ``USER_LOOP``, ``MACRO_STMT``) or to the
built-in keyword it stands for. Roles:

* **alias**: ``\newcommand{\Forr}[1]{\For{#1}}``, ``\let\EndForr\EndFor``, or a closer defined
  for a built-in block (``\algdef{E}[FOR]{EndForEach}``): it *is* that keyword;
* **opener**: starts a block, with its number of arguments and the commands that end it
  (``\algdef{SE}[DOWHILE]{Do}{doWhile}``; ``\algdef{S}[FOR]{ForEachIn}[2]`` ends with
  ``\EndFor``; ``\newcommand{\ParFor}[1]{\ForAll{#1}}`` has an unclosed ``\ForAll``);
  ``loop`` openers (``\algloop``) end after the one statement that follows;
* **closer**: ends a block the paper defined, with its number of arguments;
* **statement macro**: a body with complete statements (``\algnewcommand{\LineComment}[1]
  {\State …}``, ``\newcommand{\forbody}{\State … \State …}``): one text statement where used.

A definition whose body holds no algorithmic keyword (``\newcommand{\norm}[1]{…}``) is
not recorded: such a command is text. Redefining a built-in keyword is ignored.
"""

from __future__ import annotations

import functools
import re
from dataclasses import field, replace
from types import MappingProxyType
from typing import Mapping

from ..records import frozen
from .prepass import NOISE
from .texscan import CONTROL_WORD, group_end, option_end, skip_space

__all__ = [
    "Opener",
    "Closer",
    "Definitions",
    "EMPTY",
    "read_definitions",
    "OPENERS",
    "CLOSERS",
    "MIDDLES",
    "STATEMENTS",
    "KIND_CLOSERS",
    "WRAPPERS",
    "negates",
]

#: Built-in block openers → (block kind, number of brace arguments).
OPENERS: Mapping[str, tuple[str, int]] = MappingProxyType({
    "\\If": ("if", 1), "\\IF": ("if", 1),
    "\\While": ("while", 1), "\\WHILE": ("while", 1),
    "\\For": ("for", 1), "\\FOR": ("for", 1),
    "\\ForAll": ("for", 1), "\\ForEach": ("for", 1), "\\FORALL": ("for", 1),
    "\\Loop": ("loop", 0), "\\LOOP": ("loop", 0),
    "\\Repeat": ("repeat", 0), "\\REPEAT": ("repeat", 0),
    "\\Function": ("function", 2), "\\Procedure": ("procedure", 2),
})  # fmt: skip
#: Built-in closing keywords → block kind.
CLOSERS: Mapping[str, str] = MappingProxyType({
    "\\EndIf": "if", "\\ENDIF": "if", "\\EndWhile": "while", "\\ENDWHILE": "while",
    "\\EndFor": "for", "\\ENDFOR": "for", "\\EndLoop": "loop", "\\ENDLOOP": "loop",
    "\\Until": "repeat", "\\UNTIL": "repeat",
    "\\EndFunction": "function", "\\EndProcedure": "procedure",
})  # fmt: skip
#: Keywords inside a block → its kind.
MIDDLES: Mapping[str, str] = MappingProxyType({"\\Else": "if", "\\ELSE": "if", "\\ElsIf": "if", "\\ELSIF": "if"})
#: Keywords that start a simple statement.
STATEMENTS = frozenset(
    "\\State \\STATE \\Statex \\Return \\RETURN \\Require \\REQUIRE \\Ensure \\ENSURE \\Input \\Output \\PRINT".split()
)
#: LyX's wrappers around a block's body (``\FOR{c}\forbody{…}``) → the kind of block they end.
WRAPPERS: Mapping[str, str] = MappingProxyType({
    "\\forbody": "for", "\\whilebody": "while", "\\ifthenbody": "if", "\\ifthenelsebody": "if",
})  # fmt: skip
#: Block kind → its built-in closing keywords.
KIND_CLOSERS: Mapping[str, frozenset[str]] = MappingProxyType(
    {kind: frozenset(k for k, v in CLOSERS.items() if v == kind) for kind in set(CLOSERS.values())}
)
# algpseudocode's block names (as \algdef's [NAME] spells them) → our kinds.
_BLOCK_NAMES = {
    "FOR": "for", "FORALL": "for", "WHILE": "while", "IF": "if", "ELSE": "if", "ELSIF": "if",
    "LOOP": "loop", "REPEAT": "repeat", "FUNCTION": "function", "PROCEDURE": "procedure",
}  # fmt: skip
_BUILTIN = frozenset(OPENERS) | frozenset(CLOSERS) | frozenset(MIDDLES) | STATEMENTS
# A body wrapper as LyX defines one: its body, then the block's closer (an else arm between).
_WRAPPER_BODY = re.compile(r"\s*#1\s*(?:(?P<arm>\\ELSE|\\Else)(?![a-zA-Z@])\s*#2\s*)?(?P<closer>\\[a-zA-Z]+)\s*")
# Block kind → the wrapper keyword of its shape, without and with an else arm.
_WRAPPER_OF = {("for", False): "\\forbody", ("while", False): "\\whilebody", ("if", False): "\\ifthenbody",
               ("if", True): "\\ifthenelsebody"}  # fmt: skip


@frozen
class Opener:
    r"""A command that starts a block: ``kind`` is a built-in kind (``for``) or the paper's block name."""

    name: str
    kind: str
    nargs: int
    closers: frozenset[str]
    builtin: bool
    loop: bool = False
    #: its text says the opposite of its argument (``\IfNot``: "if not #1"), so the argument
    #: is no condition of the built-in block it opens
    negated: bool = False


@frozen
class Closer:
    r"""A command that ends a block the paper defined (``\doWhile``), with its arguments."""

    name: str
    kind: str
    nargs: int


def _frozen(mapping: dict | None = None) -> Mapping:
    return MappingProxyType(dict(mapping or {}))


@frozen
class Definitions:
    """What the paper's own commands are, by role (see the module docstring)."""

    openers: Mapping[str, Opener] = field(default_factory=_frozen)
    closers: Mapping[str, Closer] = field(default_factory=_frozen)
    aliases: Mapping[str, str] = field(default_factory=_frozen)
    statements: Mapping[str, int] = field(default_factory=_frozen)
    #: commands whose body is only layout (``\setcounter{ALG@line}{#1}``) → argument count
    noise: Mapping[str, int] = field(default_factory=_frozen)

    def __bool__(self) -> bool:
        return bool(self.openers or self.closers or self.aliases or self.statements or self.noise)

    def __hash__(self) -> int:
        return hash((tuple(self.openers.items()), tuple(self.closers.items()), tuple(self.aliases.items()),
                     tuple(self.statements.items()), tuple(self.noise.items())))  # fmt: skip

    def merged(self, other: Definitions) -> Definitions:
        """These definitions, then ``other``'s on top (a command defined in both takes ``other``'s role)."""
        if not other:
            return self
        if not self:
            return other
        names = set(other.openers) | set(other.closers) | set(other.aliases) | set(other.statements) | set(other.noise)

        def keep(mapping: Mapping, extra: Mapping) -> Mapping:
            return _frozen({**{k: v for k, v in mapping.items() if k not in names}, **extra})

        return Definitions(
            keep(self.openers, other.openers),
            keep(self.closers, other.closers),
            keep(self.aliases, other.aliases),
            keep(self.statements, other.statements),
            keep(self.noise, other.noise),
        )

    def with_opener(self, opener: Opener) -> Definitions:
        """These definitions plus ``opener`` (used when a listing's own structure shows what a command is)."""
        return self.merged(Definitions(openers=_frozen({opener.name: opener})))

    def role(self, name: str) -> str | None:
        r"""``opener``, ``closer``, ``statement``, ``alias`` or ``None`` for command ``name``."""
        if name in self.aliases:
            return "alias"
        if name in self.openers:
            return "opener"
        if name in self.closers:
            return "closer"
        if name in self.statements:
            return "statement"
        return None


EMPTY = Definitions()

_DEFINING = re.compile(
    r"(?<!\\)%[^\n]*"
    r"|\\(?P<cmd>algdef|algblock|algblockdefx|algblockx|algcblock|algcblockdefx|algcblockx|algloop"
    r"|algloopdefx|algloopx|algcloop|algcloopdefx|algcloopx|newcommand|renewcommand|providecommand"
    r"|algnewcommand|algrenewcommand|DeclareRobustCommand|def|gdef|edef|xdef|let|NewDocumentCommand"
    r"|RenewDocumentCommand|DeclareDocumentCommand|ProvideDocumentCommand)(?![a-zA-Z@])\*?"
)
_QUICK = re.compile(r"\\(?:alg[a-z]+|[a-zA-Z]*[cC]ommand|[gex]?def|let)(?![a-zA-Z@])")


@functools.lru_cache(maxsize=64)
def read_definitions(latex: str) -> Definitions:
    r"""Read the block and macro definitions in ``latex`` (a preamble, a note, or a listing).

    Never raises: a definition this reader cannot follow is skipped.
    """
    if not latex or not _QUICK.search(latex):
        return EMPTY
    reader = _Reader()
    pos = 0
    while True:
        m = _DEFINING.search(latex, pos)
        if m is None:
            break
        pos = m.end()
        if m.group("cmd"):
            try:
                pos = max(pos, reader.read(m.group("cmd"), latex, pos))
            except (ValueError, IndexError):
                continue
    return reader.result()


# Commands that stand for numbers or lengths inside a layout command's arguments.
_VALUES = frozenset("\\numexpr \\dimexpr \\value \\the \\arabic \\linewidth \\textwidth \\baselineskip".split())
# What makes a block's text say the opposite of its argument: \IfNot, "if not #1", \neg #1.
_NEGATION_WORD = re.compile(r"\\(?:neg|lnot|algorithmicnot)(?![a-zA-Z])|\b(?:not|unless|until)\b", re.I)
_NEGATION_HUMP = re.compile(r"(?:Not|Unless|Until)(?![a-z])")


def negates(text: str) -> bool:
    r"""Whether a definition's text (or a command's name, ``\IfNot``) negates its argument."""
    return _NEGATION_WORD.search(text) is not None or _NEGATION_HUMP.search(text) is not None


_ITEM = re.compile(r"\\item\s*\[")
_CONDITION_WORDS = (("require", "\\Require"), ("ensure", "\\Ensure"), ("input", "\\Input"), ("output", "\\Output"))


def _condition_item(body: str) -> str | None:
    r"""The condition keyword a ``\item[…]`` macro stands for (``\item[\algorithmicinput]`` is ``\Input``)."""
    if not _ITEM.search(body):
        return None
    lower = body.lower()
    return next((keyword for word, keyword in _CONDITION_WORDS if word in lower), None)


def _same_shape(block: str, parts: dict[str, list]) -> str | None:
    r"""The built-in kind a paper's block has the shape of (``[FOREACH]{ForEach}[1]{EndForEach}``), if any.

    Its name must say the kind, its openers take the arguments that kind's header does
    (one or more for a for loop: ``\ForEachIn{x}{S}``), and its closers take none.
    """
    name = block.upper().replace(" ", "")
    openers, closers = parts["openers"], parts["closers"]
    if not openers or any(part[2] for part in openers) or any(part[1] for part in closers):
        return None
    nargs = {part[1] for part in openers}
    if _FOR_NAME.fullmatch(name) and min(nargs) >= 1:
        return "for"
    if _WHILE_NAME.fullmatch(name) and nargs == {1}:
        return "while"
    if _LOOP_NAME.fullmatch(name) and nargs == {0}:
        return "loop"
    return None


_FOR_NAME = re.compile(r"(?:PAR(?:ALLEL)?)?FOR(?:EACH|ALL|EVERY|ANY)?(?:IN)?")
_WHILE_NAME = re.compile(r"(?:PAR(?:ALLEL)?)?WHILE")
_LOOP_NAME = re.compile(r"(?:INFINITE|ENDLESS)?LOOP|FOREVER")


class _Reader:
    """Collects definitions in document order; blocks are resolved at the end (an end may come later)."""

    def __init__(self) -> None:
        self.blocks: dict[str, dict[str, list]] = {}
        self.aliases: dict[str, str] = {}
        self.statements: dict[str, int] = {}
        self.macro_openers: dict[str, Opener] = {}
        self.macro_closers: dict[str, Closer] = {}
        self.noise: dict[str, int] = {}

    # -- arguments -----------------------------------------------------------------------

    @staticmethod
    def _group(text: str, pos: int) -> tuple[str, int] | None:
        """A brace group (its inside) or a single control word at ``pos`` (after spaces)."""
        pos = skip_space(text, pos)
        if pos < len(text) and text[pos] == "{":
            end = group_end(text, pos)
            if end < 0:
                raise ValueError("unclosed group")
            return text[pos + 1 : end - 1], end
        word = CONTROL_WORD.match(text, pos)
        if word:
            return word.group(), word.end()
        return None

    @staticmethod
    def _option(text: str, pos: int) -> tuple[str, int] | None:
        at = skip_space(text, pos)
        if at < len(text) and text[at] == "[":
            end = option_end(text, at)
            if end < 0:
                raise ValueError("unclosed option")
            return text[at + 1 : end - 1], end
        return None

    @staticmethod
    def _name(raw: str) -> str:
        raw = raw.strip()
        return raw if raw.startswith("\\") else "\\" + raw

    def _arity(self, text: str, pos: int) -> tuple[int, int]:
        """``[n]`` then an optional ``[default]``: the argument count (default counts too) and the new offset."""
        option = self._option(text, pos)
        if option is None or not option[0].strip().isdigit():
            return 0, pos
        nargs, pos = int(option[0]), option[1]
        default = self._option(text, pos)
        return nargs, default[1] if default is not None else pos

    # -- one definition --------------------------------------------------------------------

    def read(self, cmd: str, text: str, pos: int) -> int:
        """Read the definition whose command ``cmd`` ends at ``pos``; return where it ends."""
        if cmd == "algdef":
            return self._algdef(text, pos)
        if cmd.startswith(("algblock", "algcblock", "algloop", "algcloop")):
            return self._algblock(cmd, text, pos)
        if cmd in ("def", "gdef", "edef", "xdef"):
            return self._def(text, pos)
        if cmd == "let":
            return self._let(text, pos)
        if cmd.endswith("DocumentCommand"):
            return self._document_command(text, pos)
        return self._newcommand(text, pos)

    def _block(self, name: str) -> dict[str, list]:
        return self.blocks.setdefault(name, {"openers": [], "closers": [], "middles": []})

    def _algdef(self, text: str, pos: int) -> int:
        got = self._group(text, pos)
        if got is None:
            return pos
        flags, pos = got
        option = self._option(text, pos)
        block = option[0].strip() if option else None
        if option:
            pos = option[1]
        slots = []  # (role, uppercase) per command named, in order
        if "C" in flags or "c" in flags:
            old = self._group(text, pos)
            if old is None:
                return pos
            pos = old[1]
            block = block or old[0].strip()
            slots.append(("middle", "C" in flags))
        elif any(f in flags for f in "SsLl"):
            slots.append(("loop" if "L" in flags or "l" in flags else "opener", any(f in flags for f in "SL")))
        if "E" in flags or "e" in flags:
            slots.append(("closer", "E" in flags))
        names = []
        for _ in slots:
            got = self._group(text, pos)
            if got is None:
                return pos
            names.append(self._name(got[0]))
            pos = got[1]
        block = block or (names[0][1:] if names else "")
        for (role, has_text), name in zip(slots, names, strict=True):
            nargs, pos = self._arity(text, pos)
            shown = ""
            if has_text:
                got = self._group(text, pos)
                if got is not None and text[skip_space(text, pos)] == "{":
                    shown, pos = got
            self._add(block, role, name, nargs, shown)
        return pos

    def _algblock(self, cmd: str, text: str, pos: int) -> int:
        option = self._option(text, pos)
        block = option[0].strip() if option else None
        if option:
            pos = option[1]
        if cmd.startswith(("algcblock", "algcloop")):
            old = self._group(text, pos)
            if old is None:
                return pos
            block = block or old[0].strip()
            pos = old[1]
            roles = ["middle", "closer"] if cmd.startswith("algcblock") else ["loop"]
        elif cmd.startswith("algloop"):
            roles = ["loop"]
        else:
            roles = ["opener", "closer"]
        names = []
        for _ in roles:
            got = self._group(text, pos)
            if got is None:
                return pos
            names.append(self._name(got[0]))
            pos = got[1]
        block = block or names[0][1:]
        with_text = cmd.endswith(("defx", "x"))
        for role, name in zip(roles, names, strict=True):
            nargs, shown = 0, ""
            if with_text:
                nargs, pos = self._arity(text, pos)
                got = self._group(text, pos)
                if got is not None:
                    shown, pos = got
            self._add(block, role, name, nargs, shown)
        return pos

    def _add(self, block: str, role: str, name: str, nargs: int, shown: str = "") -> None:
        if name in STATEMENTS and name not in ("\\Input", "\\Output"):
            return
        key = {"opener": "openers", "loop": "openers", "closer": "closers", "middle": "middles"}[role]
        self._block(block)[key].append((name, nargs, role == "loop", negates(shown or name)))

    def _newcommand(self, text: str, pos: int) -> int:
        got = self._group(text, pos)
        if got is None:
            return pos
        name, pos = got[0].strip(), got[1]
        nargs, pos = self._arity(text, pos)
        body = self._group(text, pos)
        if body is None:
            return pos
        self._macro(name, nargs, body[0])
        return body[1]

    def _def(self, text: str, pos: int) -> int:
        word = CONTROL_WORD.match(text, skip_space(text, pos))
        if word is None:
            return pos
        brace = text.find("{", word.end())
        if brace < 0:
            return pos
        params = text[word.end() : brace]
        body_end = group_end(text, brace)
        if body_end < 0:
            return pos
        self._macro(word.group(), params.count("#"), text[brace + 1 : body_end - 1])
        return body_end

    def _let(self, text: str, pos: int) -> int:
        word = CONTROL_WORD.match(text, skip_space(text, pos))
        if word is None:
            return pos
        at = skip_space(text, word.end())
        if at < len(text) and text[at] == "=":
            at = skip_space(text, at + 1)
        other = CONTROL_WORD.match(text, at)
        if other is None:
            return pos
        self._macro(word.group(), 0, other.group())
        return other.end()

    def _document_command(self, text: str, pos: int) -> int:
        got = self._group(text, pos)
        spec = self._group(text, got[1]) if got is not None else None
        body = self._group(text, spec[1]) if spec is not None else None
        if got is None or spec is None or body is None:
            return pos
        nargs = len(re.findall(r"[mrRvbgG]|[oOdD](?:\{[^}]*\})?", spec[0]))
        self._macro(got[0].strip(), nargs, body[0])
        return body[1]

    # -- what a macro's body makes it ------------------------------------------------------

    def _role_of(self, word: str) -> tuple[str, str, frozenset[str]] | None:
        """(role, kind, closers) of a keyword, built-in or defined so far."""
        word = self.aliases.get(word, word)
        if word in OPENERS:
            kind = OPENERS[word][0]
            return "opener", kind, KIND_CLOSERS[kind]
        if word in CLOSERS:
            return "closer", CLOSERS[word], frozenset()
        if word in STATEMENTS or word in self.statements or word in MIDDLES:
            return "statement", "", frozenset()
        if word in self.macro_openers:
            opener = self.macro_openers[word]
            return "opener", opener.kind, opener.closers
        if word in self.macro_closers:
            return "closer", self.macro_closers[word].kind, frozenset()
        for name, block in self.blocks.items():
            kind = _BLOCK_NAMES.get(name.upper(), name)
            if any(word == o[0] for o in block["openers"]):
                return "opener", kind, KIND_CLOSERS.get(kind, frozenset())
            if any(word == c[0] for c in block["closers"]):
                return "closer", kind, frozenset()
            if any(word == m[0] for m in block["middles"]):
                return "statement", "", frozenset()
        return None

    def _macro(self, name: str, nargs: int, body: str) -> None:
        if not name.startswith("\\") or name in _BUILTIN:
            return
        condition = _condition_item(body)
        if condition is not None:  # \algnewcommand\INPUT{\item[\algorithmicinput]}
            self.aliases[name] = condition
            return
        wrapper = _WRAPPER_BODY.fullmatch(body)
        kind = CLOSERS.get(self.aliases.get(wrapper.group("closer"), wrapper.group("closer"))) if wrapper else None
        if wrapper and (kind, bool(wrapper.group("arm"))) in _WRAPPER_OF:
            # LyX's \newcommand{\forbody}[1]{#1 \ENDFOR}: the body, and the block ends with it
            self.aliases[name] = _WRAPPER_OF[kind, bool(wrapper.group("arm"))]
            return
        words = [(m.group(), m.end()) for m in CONTROL_WORD.finditer(body)]
        roles = [(w, end, self._role_of(w)) for w, end in words]
        roles = [(w, end, r) for w, end, r in roles if r is not None]
        if not roles:
            if words and all(w in NOISE or w in self.noise or w in _VALUES for w, _ in words):
                self.noise[name] = nargs  # \newcommand{\setalglineno}[1]{\setcounter{ALG@line}{#1}}
            return
        first, first_end, (role, kind, closers) = roles[0]
        rest = body[first_end:].strip()
        # An alias: the body is the keyword with the same arguments in the same order.
        if (
            len(roles) == 1
            and body.strip().startswith(first)
            and rest == "".join(f"{{#{i}}}" for i in range(1, nargs + 1))
        ):
            self.aliases[name] = self.aliases.get(first, first)
            return
        stack: list[tuple[str, frozenset[str]]] = []
        unmatched_close: str | None = None
        for _, _, (r, k, c) in roles:
            if r == "opener":
                stack.append((k, c))
            elif r == "closer":
                if stack:
                    stack.pop()
                else:
                    unmatched_close = k
        if stack:
            kind, closers = stack[0]
            builtin = kind in KIND_CLOSERS
            self.macro_openers[name] = Opener(name, kind, nargs, closers, builtin, negated=negates(body))
        elif unmatched_close is not None:
            self.macro_closers[name] = Closer(name, unmatched_close, nargs)
        else:
            self.statements[name] = nargs

    # -- the result ----------------------------------------------------------------------

    def result(self) -> Definitions:
        openers: dict[str, Opener] = {}
        closers: dict[str, Closer] = {}
        aliases = dict(self.aliases)
        statements = dict(self.statements)
        for block, parts in self.blocks.items():
            kind = _BLOCK_NAMES.get(block.upper().replace(" ", "")) or _same_shape(block, parts)
            ends = frozenset(c[0] for c in parts["closers"])
            for name, nargs, *_ in parts["middles"]:
                if name not in MIDDLES:
                    statements.setdefault(name, nargs)
            if kind is not None:
                for name, nargs, *_ in parts["closers"]:
                    if CLOSERS.get(name) == kind:
                        continue  # \EndFor redefined for its own block: nothing changes
                    if nargs == 0:  # the mixed-case spelling: \EndFor rather than \ENDFOR
                        aliases[name] = min(KIND_CLOSERS[kind], key=str.isupper)
                    else:
                        closers[name] = Closer(name, kind, nargs)
                for name, nargs, loop, negated in parts["openers"]:
                    if OPENERS.get(name) == (kind, nargs) and not loop and not negated:
                        continue  # \algdef{S}[FOR]{ForEach}[1]: the built-in keyword as it is
                    openers[name] = Opener(name, kind, nargs, KIND_CLOSERS[kind] | ends, True, loop, negated)
                continue
            for name, nargs, *_ in parts["closers"]:
                closers[name] = Closer(name, block, nargs)
            for name, nargs, loop, _ in parts["openers"]:
                if ends or loop:
                    openers[name] = Opener(name, block, nargs, ends, False, loop)
                else:
                    statements.setdefault(name, nargs)  # a start with no end: one line of text
        for name, opener in self.macro_openers.items():
            if not opener.closers:  # opened a block the paper defined: its ends are known only now
                ends = frozenset(c[0] for c in self.blocks.get(opener.kind, {}).get("closers", []))
                opener = Opener(name, opener.kind, opener.nargs, ends, False, negated=opener.negated)
                if not ends:
                    statements.setdefault(name, opener.nargs)
                    continue
            openers.setdefault(name, opener)
        for name, closer in self.macro_closers.items():
            closers.setdefault(name, closer)
        for name, target in list(aliases.items()):  # an alias of a defined command takes its role
            if target in _BUILTIN or target in WRAPPERS:
                continue
            del aliases[name]
            if target in openers:
                openers[name] = replace(openers[target], name=name)
            elif target in closers:
                closers[name] = replace(closers[target], name=name)
            elif target in statements:
                statements[name] = statements[target]
        return Definitions(
            _frozen(openers), _frozen(closers), _frozen(aliases), _frozen(statements), _frozen(self.noise)
        )
