r"""User macros: the definitions a note (or its project) makes, and their expansion with a source map.

Papers and Hugo sites define their own notation: ``\newcommand{\R}{\mathbb{R}}``,
``\DeclareMathOperator*{\argmax}{arg\,max}``, ``\def\norm#1{\lVert #1 \rVert}``, KaTeX macros in
a site's config. :func:`scan` reads such definitions out of LaTeX text; :func:`expand` replaces
every use in a math segment by the definition's body, TeX-style (arguments in braces or a
single token, an optional first argument with its default), and returns with the expanded
text a :class:`SourceMap` that takes any offset of the expanded text back to the note: a
character that came from a macro's body points at the whole use site (``\R``), a character
of an argument points at itself. So a parse error or a finding inside an expansion is
reported where the author wrote the macro.

Nothing here runs code: definitions are read with a small scanner, never with TeX.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Mapping

from ..records import frozen
from ..source import Span

__all__ = ["Macro", "MacroTable", "SourceMap", "Expansion", "MacroError", "scan", "expand"]

#: Past this many characters an expansion is refused (a self-referencing or exponential
#: definition): a note's math is a few hundred characters.
MAX_EXPANSION = 100_000
#: Nested expansions deeper than this are refused (``\newcommand{\a}{\a}``).
MAX_DEPTH = 64


@frozen
class Macro:
    r"""One definition: ``\name`` taking ``nargs`` arguments, the first optional when ``default`` is set."""

    name: str
    nargs: int
    body: str
    default: str | None = None
    #: where it was defined (``None`` for the project config)
    origin: str = ""


@dataclass
class MacroTable:
    """The macros in force for a note: later definitions win (``\\renewcommand``), except ``\\providecommand``."""

    macros: dict[str, Macro] = field(default_factory=dict)

    def define(self, macro: Macro, *, provide: bool = False) -> None:
        """Add ``macro``; with ``provide``, only when the name is not defined yet."""
        if provide and macro.name in self.macros:
            return
        self.macros[macro.name] = macro

    def merged(self, other: MacroTable) -> MacroTable:
        """A table with ``other``'s definitions over this one's."""
        return MacroTable({**self.macros, **other.macros})

    def __bool__(self) -> bool:
        return bool(self.macros)

    def __contains__(self, name: object) -> bool:
        return name in self.macros


class MacroError(Exception):
    """An expansion that cannot finish (too deep, too long, an argument missing); carries the use site."""

    def __init__(self, message: str, span: Span) -> None:
        super().__init__(message)
        self.span = span


# --- reading definitions ------------------------------------------------------------------------

_DEF_HEAD = re.compile(
    r"\\(?P<kind>newcommand|renewcommand|providecommand|DeclareRobustCommand|DeclareMathOperator|gdef|def|let)"
    r"(?P<star>\*?)(?![a-zA-Z@])"
)
_NAME = re.compile(r"\s*(?:\{\s*(\\[a-zA-Z@]+|\\.)\s*\}|(\\[a-zA-Z@]+|\\.))")
_OPTION = re.compile(r"\s*\[([^\]]*)\]")
_PARAMS = re.compile(r"((?:#\d)*)")
_COMMENT = re.compile(r"(?<!\\)%[^\n]*")


def _group(text: str, start: int) -> tuple[str, int] | None:
    """The balanced ``{…}`` group at ``start`` (after spaces): its inside and the offset past it."""
    i = start
    while i < len(text) and text[i] in " \t\r\n":
        i += 1
    if i >= len(text) or text[i] != "{":
        return None
    depth, j = 0, i
    while j < len(text):
        c = text[j]
        if c == "\\":
            j += 2
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return text[i + 1 : j], j + 1
        j += 1
    return None


def scan(text: str, *, origin: str = "", into: MacroTable | None = None) -> MacroTable:
    r"""Read every macro definition in ``text`` into a table (a new one, or ``into``).

    Understood: ``\newcommand``/``\renewcommand``/``\providecommand`` (with ``[n]`` and an
    optional ``[default]``, braced or bare name, starred or not), ``\DeclareMathOperator``
    (``*`` for limits below), ``\def``/``\gdef`` with ``#1#2`` parameters, ``\let\a\b``. A
    definition algoverify cannot read is skipped: it is the author's LaTeX, not an error here.
    """
    table = into if into is not None else MacroTable()
    text = _COMMENT.sub("", text)  # a commented-out definition defines nothing
    for head in _DEF_HEAD.finditer(text):
        kind, star = head.group("kind"), head.group("star")
        name_match = _NAME.match(text, head.end())
        if name_match is None:
            continue
        name = name_match.group(1) or name_match.group(2)
        pos = name_match.end()
        if kind == "let":
            target = re.match(r"\s*=?\s*(\\[a-zA-Z@]+|\\.)", text[pos:])
            if target is not None:
                table.define(Macro(name, 0, target.group(1), origin=origin))
            continue
        if kind in ("def", "gdef"):
            params = _PARAMS.match(text, pos)
            nargs = len(params.group(1)) // 2 if params else 0
            body = _group(text, params.end() if params else pos)
            if body is not None:
                table.define(Macro(name, nargs, body[0], origin=origin))
            continue
        if kind == "DeclareMathOperator":
            body = _group(text, pos)
            if body is not None:
                op = "\\operatorname*" if star else "\\operatorname"
                table.define(Macro(name, 0, f"{op}{{{body[0]}}}", origin=origin))
            continue
        nargs, default = 0, None
        option = _OPTION.match(text, pos)
        if option is not None and option.group(1).strip().isdigit():
            nargs, pos = int(option.group(1)), option.end()
            second = _OPTION.match(text, pos)
            if second is not None:
                default, pos = second.group(1), second.end()
        body = _group(text, pos)
        if body is not None:
            table.define(Macro(name, nargs, body[0], default, origin), provide=kind == "providecommand")
    return table


def from_mapping(macros: Mapping[str, object], *, origin: str = "") -> MacroTable:
    r"""A table from a KaTeX/MathJax-style mapping: ``{"\\R": "\\mathbb{R}"}``, ``{"\\norm": ["…#1…", 1]}``.

    Names may be given with or without their backslash; entries that are neither a string nor
    a ``[body, nargs]`` pair are skipped.
    """
    table = MacroTable()
    for raw_name, value in macros.items():
        name = raw_name if str(raw_name).startswith("\\") else "\\" + str(raw_name)
        if isinstance(value, str):
            body, nargs = value, max((int(d) for d in re.findall(r"#(\d)", value)), default=0)
        elif isinstance(value, (list, tuple)) and value and isinstance(value[0], str):
            body = value[0]
            nargs = int(value[1]) if len(value) > 1 and isinstance(value[1], int) else 0
        else:
            continue
        table.define(Macro(name, nargs, body, origin=origin))
    return table


# --- expanding ----------------------------------------------------------------------------------


@frozen
class SourceMap:
    """Where each character of an expanded text came from in the note.

    ``starts[i]``/``ends[i]`` is the span in the note of the expanded text's character ``i``:
    itself for a character the author wrote, the whole macro use for one from a body.
    """

    starts: tuple[int, ...]
    ends: tuple[int, ...]
    #: the note offset just past the segment, for spans that end at the end of the text
    end: int

    def span(self, start: int, end: int) -> Span:
        """The note span of the expanded text's ``[start, end)``."""
        if start >= len(self.starts):
            return Span(self.end, self.end)
        if end <= start:
            return Span(self.starts[start], self.starts[start])
        return Span(self.starts[start], max(self.starts[start], self.ends[min(end, len(self.ends)) - 1]))


@frozen
class Expansion:
    """An expanded math segment: the text the parser sees and the map back to the note."""

    text: str
    map: SourceMap | None  # None: nothing was expanded, offsets are base + i

    @property
    def changed(self) -> bool:
        """True when at least one macro was expanded."""
        return self.map is not None


_CONTROL = re.compile(r"\\(?:[a-zA-Z@]+|.)", re.S)


class _Expander:
    def __init__(self, table: MacroTable) -> None:
        self.table = table
        self.size = 0

    def run(self, chars: list[tuple[str, int, int]], depth: int) -> list[tuple[str, int, int]]:
        """Expand ``chars`` (each with its note span) until no defined macro is left."""
        text = "".join(c for c, _, _ in chars)
        out: list[tuple[str, int, int]] = []
        i = 0
        changed = False
        while i < len(text):
            m = _CONTROL.match(text, i) if text[i] == "\\" else None
            if m is None or m.group() not in self.table:
                j = m.end() if m is not None else i + 1
                out.extend(chars[i:j])
                i = j
                continue
            macro = self.table.macros[m.group()]
            use_start = chars[i][1]
            args, j = self._arguments(text, chars, m.end(), macro, Span(use_start, chars[m.end() - 1][2]))
            use = Span(use_start, chars[j - 1][2])
            if depth >= MAX_DEPTH:
                raise MacroError(f"{macro.name} expands too deeply (a definition that uses itself?)", use)
            out.extend(self._substitute(macro, args, use))
            self.size += len(out)
            if self.size > MAX_EXPANSION:
                raise MacroError(f"{macro.name} expands to more than {MAX_EXPANSION:,} characters", use)
            i = j
            changed = True
        return self.run(out, depth + 1) if changed else out

    def _arguments(
        self, text: str, chars: list[tuple[str, int, int]], pos: int, macro: Macro, use: Span
    ) -> tuple[list[list[tuple[str, int, int]]], int]:
        args: list[list[tuple[str, int, int]]] = []
        wanted = macro.nargs
        if macro.default is not None and wanted:
            option = re.match(r"\s*\[([^\]]*)\]", text[pos:])
            if option is not None:
                inner = pos + option.start(1)
                args.append(chars[inner : inner + len(option.group(1))])
                pos += option.end()
            else:
                args.append([(c, use.start, use.end) for c in macro.default])
            wanted -= 1
        for _ in range(wanted):
            while pos < len(text) and text[pos] in " \t\r\n":
                pos += 1
            if pos >= len(text):
                raise MacroError(f"{macro.name} takes {macro.nargs} argument(s); the math ends first", use)
            group = _group(text, pos)
            if group is not None:
                args.append(chars[pos + 1 : group[1] - 1])
                pos = group[1]
                continue
            token = _CONTROL.match(text, pos)
            end = token.end() if token is not None and text[pos] == "\\" else pos + 1
            args.append(chars[pos:end])
            pos = end
        return args, pos

    @staticmethod
    def _substitute(macro: Macro, args: list[list[tuple[str, int, int]]], use: Span) -> list[tuple[str, int, int]]:
        out: list[tuple[str, int, int]] = []
        body = macro.body
        i = 0
        while i < len(body):
            c = body[i]
            if c == "#" and i + 1 < len(body) and body[i + 1].isdigit():
                k = int(body[i + 1]) - 1
                if 0 <= k < len(args):
                    out.extend(args[k])
                i += 2
                continue
            out.append((c, use.start, use.end))
            i += 1
        # a body ending in a control word must not glue onto the next letter (\R x, not \Rx)
        if out and re.search(r"\\[a-zA-Z@]+$", body):
            out.append((" ", use.end, use.end))
        return out


def expand(latex: str, base: int, table: MacroTable | None) -> Expansion:
    """Expand the user macros of ``table`` in ``latex`` (which starts at offset ``base`` of the note).

    :raises MacroError: an expansion that is too deep or too long, or a missing argument, at its use.
    """
    if not table or "\\" not in latex:
        return Expansion(latex, None)
    names = {m.group() for m in _CONTROL.finditer(latex)}
    if not names & table.macros.keys():
        return Expansion(latex, None)
    chars = [(c, base + i, base + i + 1) for i, c in enumerate(latex)]
    out = _Expander(table).run(chars, 0)
    text = "".join(c for c, _, _ in out)
    return Expansion(text, SourceMap(tuple(s for _, s, _ in out), tuple(e for _, _, e in out), base + len(latex)))


def definitions_in(texts: Iterable[tuple[str, str]]) -> MacroTable:
    """One table from several sources, in order (``(text, origin)`` pairs; later ones win)."""
    table = MacroTable()
    for text, origin in texts:
        scan(text, origin=origin, into=table)
    return table
