r"""Position-preserving pre-pass: formatting around pseudocode, blanked before the grammar reads it.

Papers wrap statements in formatting the grammar has no business knowing:
``\textcolor{blue}{\State …}``, ``{\color{red} \State …}``, ``\textbf{\Return}``,
``\State{…}``, line breaks ``\\[2pt]``, ``\hfill``, ``~`` and ``\;`` spacing,
``\setcounter{ALG@line}{…}``, ``\hskip\algorithmicindent``, definitions
(``\algdef…``, ``\newcommand…``) inside the listing. :func:`blank_formatting` returns the
listing with exactly those characters replaced by spaces (line breaks kept), so the
text lark parses has **the same length and the same offsets** as the note: every span
stays exact, and build.py reads math and text back from the *original* note, never from
the blanked copy. The statement then means what it would without its formatting:
``\State \(x \gets 1\) \\`` is still an assignment, and its span ends at the math.

What is unwrapped: a formatting command (``\textcolor{c}``, ``\textbf``, ``\colorbox{c}``,
``\hl``, a paper's own ``\red`` …) or a bare group whose content, after declarations
such as ``\color{red}`` or ``\bfseries``, *begins with a keyword* (a statement keyword,
``\Comment``, a closing keyword, a paper-defined block command, or a block opener
followed by its ``{``). Braces right after a statement keyword (``\State{…}``,
``\Return{…}``) are a plain TeX group and are unwrapped too, and so is a group around the
whole ``algorithmic`` environment inside the float. Layout environments around it
(``minipage``, ``center``, ``tabular`` …) lose their ``\begin``/``\end`` lines, and
``\captionof{figure}{…}`` keeps only ``\caption`` and its text. Nothing inside math is
touched, nor is anything that is not balanced: the caller runs its brace and math checks
on the original text first, and whatever this pass does not recognise is left to the
grammar, which reads unknown commands as text.

Most listings need none of this; :func:`_needs_pass` tells them apart with a few cheap
searches, and they are returned unchanged.
"""

from __future__ import annotations

import re

from ..records import frozen
from .texscan import CONTROL_WORD, group_end, option_end, skip_space

__all__ = ["Keywords", "blank_formatting", "NOISE"]


@frozen
class Keywords:
    """The command names that make a group "begin with a keyword", for one listing's definitions."""

    #: Statement keywords whose directly following ``{…}`` is a plain group (``\State{…}``).
    statements: frozenset[str]
    #: Every keyword a wrapper may hold at its start (statements, ``\Comment``, closers, user commands).
    starters: frozenset[str]
    #: Keywords that start a wrapper's content only when their ``{`` argument follows (``\If{``).
    need_group: frozenset[str]
    #: The paper's commands that typeset only layout (``\setalglineno{34}``) → their argument count.
    noise: tuple[tuple[str, int], ...] = ()
    #: Commands whose groups hold statements and are the grammar's to read (LyX's ``\forbody{…}``)
    #: → how many: those groups are kept even though they begin with a keyword.
    bodies: tuple[tuple[str, int], ...] = ()


# Formatting commands and how many arguments come before the wrapped content
# (``\textcolor{blue}{…}``); unknown commands followed by a group are treated the same way.
_WRAPPERS = {
    "\\textcolor": 1, "\\colorbox": 1, "\\fcolorbox": 2, "\\textbf": 0, "\\textit": 0, "\\textsl": 0,
    "\\textsf": 0, "\\texttt": 0, "\\textrm": 0, "\\textup": 0, "\\textsc": 0, "\\emph": 0,
    "\\underline": 0, "\\uline": 0, "\\hl": 0, "\\mbox": 0, "\\fbox": 0, "\\framebox": 0,
    "\\makebox": 0, "\\hbox": 0, "\\text": 0, "\\highlight": 0, "\\cellcolor": 1,
}  # fmt: skip
# Declarations that may open a group before its first statement (``{\color{red} \State …}``).
_DECLARATIONS = {
    "\\color": 1, "\\bf": 0, "\\bfseries": 0, "\\it": 0, "\\itshape": 0, "\\em": 0, "\\sl": 0,
    "\\slshape": 0, "\\sc": 0, "\\scshape": 0, "\\rm": 0, "\\rmfamily": 0, "\\tt": 0, "\\ttfamily": 0,
    "\\sf": 0, "\\sffamily": 0, "\\upshape": 0, "\\mdseries": 0, "\\normalfont": 0, "\\relax": 0,
    "\\tiny": 0, "\\scriptsize": 0, "\\footnotesize": 0, "\\small": 0, "\\normalsize": 0,
    "\\large": 0, "\\Large": 0, "\\LARGE": 0, "\\huge": 0, "\\Huge": 0, "\\boldmath": 0,
}  # fmt: skip
# Commands that typeset only space, rules or counters: blanked with their arguments
# (the number of brace groups; -1 means "a TeX dimension follows").
_NOISE = {
    "\\hfill": 0, "\\hfil": 0, "\\quad": 0, "\\qquad": 0, "\\enspace": 0, "\\enskip": 0,
    "\\thinspace": 0, "\\negthinspace": 0, "\\newline": 0, "\\linebreak": 0, "\\nolinebreak": 0,
    "\\nobreak": 0, "\\allowbreak": 0, "\\par": 0, "\\hrule": 0, "\\hline": 0, "\\toprule": 0,
    "\\midrule": 0, "\\bottomrule": 0, "\\noindent": 0, "\\indent": 0, "\\nonumber": 0,
    "\\relax": 0, "\\strut": 0, "\\algorithmicindent": 0, "\\smallskip": 0, "\\medskip": 0,
    "\\bigskip": 0, "\\centering": 0, "\\setcounter": 2, "\\addtocounter": 2, "\\stepcounter": 1,
    "\\refstepcounter": 1, "\\vspace": 1, "\\hspace": 1, "\\vspace*": 1, "\\hspace*": 1,
    "\\phantom": 1, "\\hphantom": 1, "\\vphantom": 1, "\\hskip": -1, "\\vskip": -1, "\\kern": -1,
    "\\algstore": 1, "\\algrestore": 1, "\\algstore*": 1, "\\algrestore*": 1,
    "\\makeatletter": 0, "\\makeatother": 0, "\\setstretch": 1, "\\floatname": 2, "\\linespread": 1,
    "\\selectfont": 0, "\\arraystretch": 0, "\\captionsetup": 1,
}  # fmt: skip
# Definitions: blanked whole (their bodies hold keywords that are not statements here).
NOISE = frozenset(_NOISE)
_DEFINING = frozenset(
    "\\algdef \\algblock \\algblockdefx \\algblockx \\algcblock \\algcblockdefx \\algcblockx \\algloop "
    "\\algloopdefx \\algloopx \\algcloop \\algcloopdefx \\algcloopx \\newcommand \\renewcommand "
    "\\providecommand \\algnewcommand \\algrenewcommand \\DeclareRobustCommand \\def \\gdef \\edef "
    "\\algrenewtext \\algnewtext \\algtext \\algsetup \\algnotext \\algrenewcomment \\algsetlanguage "
    "\\algdeflanguage \\algnewlanguage \\algsetblock \\algsetblockdefx \\let".split()
)
# Brace groups each definition takes (its name counting as one); the others take every group
# that follows (\algdef's shape depends on its flags).
_DEFINITION_GROUPS = {
    "\\newcommand": 2, "\\renewcommand": 2, "\\providecommand": 2, "\\algnewcommand": 2,
    "\\algrenewcommand": 2, "\\DeclareRobustCommand": 2, "\\algrenewtext": 2, "\\algnewtext": 2,
    "\\algsetup": 1, "\\algnotext": 1, "\\algsetlanguage": 1, "\\algrenewcomment": 1,
}  # fmt: skip
# Commands that are never wrappers: their groups are arguments with meanings of their own.
_NOT_WRAPPERS = frozenset(
    "\\begin \\end \\label \\ref \\caption \\Call \\Comment \\COMMENT \\item \\cite \\eqref \\url".split()
)
# Environments that only lay the listing out (around it in the float, mostly): their
# \begin (with its options and this many groups) and \end are blanked.
_LAYOUT_ENVS = {
    "minipage": 1, "center": 0, "flushleft": 0, "flushright": 0, "varwidth": 1, "adjustbox": 1,
    "tcolorbox": 0, "mdframed": 0, "framed": 0, "spacing": 1, "singlespace": 0, "onehalfspace": 0,
    "small": 0, "footnotesize": 0, "scriptsize": 0, "tiny": 0, "normalsize": 0, "large": 0,
    "algorithmbox": 0, "shaded": 0, "boxedminipage": 1, "fminipage": 1, "multicols": 1, "scope": 0,
    "tabular": 1, "tabular*": 2, "tabularx": 2,
}  # fmt: skip
_MATH_ENVS = frozenset(
    "equation equation* align align* gather gather* multline multline* eqnarray eqnarray* displaymath "
    "flalign flalign* alignat alignat* math".split()
)
_TOKEN = re.compile(r"\\[a-zA-Z@]+\*?|\\[^a-zA-Z@]|%[^\n]*|\$\$?|[{}~]")
# Math openers → where their math ends (the first closer; `\\)` cannot occur inside `\\( \\)`).
_MATH_OPEN = {
    "\\(": re.compile(r"\\\)"),
    "\\[": re.compile(r"\\\]"),
    "$$": re.compile(r"\$\$"),
    "$": re.compile(r"(?<!\\)\$"),
}
_DIMEN = re.compile(
    r"\s*(?:[-+]?\s*(?:\d*\.?\d+)?\s*(?:\\[a-zA-Z@]+|[a-z]{2})(?:\s*(?:plus|minus)\s*[-+]?\d*\.?\d*\s*[a-z]{2,4})*)"
)
_NOT_NEWLINE = re.compile(r"[^\r\n]")
# What calls for this pass; a listing with none of it is returned as it is (most are). Spacing
# alone (`~`, `\;`) does not: build.py drops those items itself. Cheap checks, in this order:
# the control words present, a group that opens with a capitalised command or a declaration,
# a statement keyword followed by a brace, a line break, a layout environment.
_WORD = re.compile(r"\\[A-Za-z@]+\*?")
_TRIGGER_WORDS = frozenset(_NOISE) | _DEFINING | {"\\captionof", "\\caption*"}
_GROUP_START = re.compile(
    r"\{\s*(?:%[^\n]*\n\s*)*\\(?:[A-Z]|(?:" + "|".join(n[1:] for n in _DECLARATIONS) + r")(?![a-zA-Z]))"
)
_BRACED_STATEMENT = re.compile(
    r"\\(?:State|STATE|Statex|Return|RETURN|Require|REQUIRE|Ensure|ENSURE|Input|Output|PRINT)\s*\{"
)
_LAYOUT = re.compile(r"\\(?:begin|end)\s*\{(?:" + "|".join(re.escape(e) for e in _LAYOUT_ENVS) + r")\}")


def _needs_pass(source: str, keywords: Keywords) -> bool:
    return bool(
        keywords.noise
        or not _TRIGGER_WORDS.isdisjoint(_WORD.findall(source))
        or _GROUP_START.search(source)
        or _BRACED_STATEMENT.search(source)
        or "\\\\" in source
        or _LAYOUT.search(source)
        or _enclosed(source)
    )


def blank_formatting(source: str, keywords: Keywords) -> str:
    """Return ``source`` with formatting around statements replaced by spaces (see the module docstring)."""
    if not _needs_pass(source, keywords):
        return source
    cuts = _Scanner(source, keywords).run()
    if not cuts:
        return source
    out: list[str] = []
    last = 0
    for start, end in sorted(cuts):
        if start < last:
            start = last
        if end <= start:
            continue
        out.append(source[last:start])
        out.append(_NOT_NEWLINE.sub(" ", source[start:end]))
        last = end
    out.append(source[last:])
    return "".join(out)


def _enclosed(source: str) -> bool:
    """Whether a group may be open around ``\\begin{algorithmic}`` (more ``{`` than ``}`` before it)."""
    at = source.find("\\begin{algorithmic}")
    return at > 0 and source.count("{", 0, at) > source.count("}", 0, at)


class _Scanner:
    """One pass over the tokens of a listing, collecting the ranges to blank."""

    def __init__(self, source: str, keywords: Keywords) -> None:
        self.s = source
        self.kw = keywords
        self.noise = {**_NOISE, **dict(keywords.noise)}
        self.cuts: list[tuple[int, int]] = []
        self.stack: list[bool] = []  # per open brace: blank its closing brace?
        self.bodies = dict(keywords.bodies)
        #: groups still to keep after a body command, and the brace depth they open at
        self.kept: tuple[int, int] = (0, 0)
        #: where \begin{algorithmic} starts (groups around it are unwrapped), or -1
        self.listing = source.find("\\begin{algorithmic}")

    def run(self) -> list[tuple[int, int]]:
        s = self.s
        pos = 0
        while True:
            m = _TOKEN.search(s, pos)
            if m is None:
                return self.cuts
            tok, start, pos = m.group(), m.start(), m.end()
            if tok in _MATH_OPEN:  # nothing inside math is blanked: jump to its end
                end = _MATH_OPEN[tok].search(s, pos)
                pos = end.end() if end is not None else len(s)
                continue
            if tok[0] == "%":
                continue
            if tok == "{":
                self._open_group(start, pos)
                continue
            if tok == "}":
                if self.stack and self.stack.pop():
                    self.cuts.append((start, pos))
                continue
            if tok == "~":
                self.cuts.append((start, pos))
                continue
            if not (tok[1].isalpha() or tok[1] == "@"):
                pos = self._control_symbol(tok, start, pos)
                continue
            if tok in ("\\begin", "\\end"):
                env = self._env_name(pos)
                if env is not None and env[0] in _MATH_ENVS and tok == "\\begin":
                    end_at = s.find("\\end{" + env[0] + "}", env[1])
                    pos = end_at if end_at >= 0 else len(s)
                elif env is not None and env[0] in _LAYOUT_ENVS:
                    end = self._args_end(env[1], _LAYOUT_ENVS[env[0]], options=True) if tok == "\\begin" else env[1]
                    self.cuts.append((start, end))
                    pos = end
                continue
            pos = self._control_word(tok, start, pos)

    # -- tokens --------------------------------------------------------------------------

    def _env_name(self, pos: int) -> tuple[str, int] | None:
        at = skip_space(self.s, pos)
        if at < len(self.s) and self.s[at] == "{":
            end = self.s.find("}", at)
            if end > 0:
                return self.s[at + 1 : end].strip(), end + 1
        return None

    def _control_symbol(self, tok: str, start: int, pos: int) -> int:
        s = self.s
        if tok == "\\\\":
            end = pos
            if end < len(s) and s[end] == "*":
                end += 1
            at = skip_space(s, end)
            if at < len(s) and s[at] == "[":
                close = option_end(s, at)
                end = close if close > 0 else end
            self.cuts.append((start, end))
            return end
        if tok in ("\\;", "\\,", "\\:", "\\!", "\\ ", "\\>"):
            self.cuts.append((start, pos))
        return pos

    def _control_word(self, tok: str, start: int, pos: int) -> int:
        s, kw = self.s, self.kw
        if tok in _DEFINING:
            end = self._definition_end(tok, pos)
            self.cuts.append((start, end))
            return end
        if tok in ("\\captionof", "\\caption*"):  # \captionof{figure}{…} is a caption: keep "\caption"
            end = self._args_end(pos, 1) if tok == "\\captionof" else pos
            self.cuts.append((start + len("\\caption"), end))
            return end
        if tok in self.noise:
            end = self._args_end(pos, self.noise[tok])
            self.cuts.append((start, end))
            return end
        if tok in kw.statements:
            at = skip_space(s, pos)
            if at < len(s) and s[at] == "{" and group_end(s, at) > 0:
                self.cuts.append((at, at + 1))
                self.stack.append(True)
                return at + 1
            return pos
        if tok in self.bodies:
            at = skip_space(s, pos)
            if at < len(s) and s[at] == "{":
                self.kept = (self.bodies[tok], len(self.stack))
            return pos
        if tok in kw.starters or tok in kw.need_group or tok in _NOT_WRAPPERS or tok in _DECLARATIONS:
            return pos
        inner = self._wrapped(tok, pos)
        if inner is not None:
            self.cuts.append((start, inner))
            self.stack.append(True)
            return inner
        return pos

    def _open_group(self, start: int, pos: int) -> None:
        count, depth = self.kept
        if count and depth == len(self.stack):
            self.kept = (count - 1, depth)
            self.stack.append(False)
            return
        if start < self.listing:  # a group around the algorithmic environment: \begin{algorithm}{ … }
            end = group_end(self.s, start)
            if end > self.listing:
                self.cuts.append((start, pos))
                self.stack.append(True)
                return
        content = self._statement_start(pos)
        if content is not None:
            self.cuts.append((start, content))
        self.stack.append(content is not None)

    # -- lookahead -----------------------------------------------------------------------

    def _wrapped(self, tok: str, pos: int, depth: int = 0) -> int | None:
        """``tok`` is a command at ``pos``: if it wraps a group that begins with a keyword, where its content starts."""
        s = self.s
        args = _WRAPPERS.get(tok)
        at = skip_space(s, pos)
        if at < len(s) and s[at] == "[":  # \textcolor[rgb]{…}{…}, \hlc[cyan]{…}
            close = option_end(s, at)
            if close < 0:
                return None
            at = skip_space(s, close)
        groups = 0
        while at < len(s) and s[at] == "{" and groups < 3:
            end = group_end(s, at)
            if end < 0:
                return None
            if args is None or groups >= args:
                content = self._statement_start(at + 1, depth + 1)
                if content is not None:
                    return content
            groups += 1
            if args is not None and groups > args:
                return None
            at = skip_space(s, end)
        return None

    def _statement_start(self, pos: int, depth: int = 0) -> int | None:
        """``pos`` is just inside a ``{``: where the wrapped keyword starts, if the group begins with one."""
        if depth > 4:
            return None
        s, kw = self.s, self.kw
        at = skip_space(s, pos)
        while True:
            word = CONTROL_WORD.match(s, at)
            if word is None:
                return None
            name = word.group()
            if name in _DECLARATIONS:
                at = skip_space(s, self._args_end(word.end(), _DECLARATIONS[name]))
                continue
            break
        if name in kw.starters:
            return at
        if name in kw.need_group:
            after = skip_space(s, word.end())
            return at if after < len(s) and s[after] == "{" else None
        if name in _NOT_WRAPPERS or name in kw.statements:
            return None
        # a wrapper inside the wrapper: \textcolor{red}{\textbf{\State …}}
        inner = self._wrapped(name, word.end(), depth)
        return at if inner is not None else None

    def _args_end(self, pos: int, count: int, options: bool = False) -> int:
        """Past ``count`` brace groups after ``pos`` (and any ``[…]`` options among them if ``options``)."""
        s = self.s
        if count < 0:
            m = _DIMEN.match(s, pos)
            return m.end() if m else pos
        end = pos
        while options:
            at = skip_space(s, end)
            close = option_end(s, at) if at < len(s) and s[at] == "[" else -1
            if close < 0:
                break
            end = close
        for _ in range(count):
            at = skip_space(s, end)
            if at < len(s) and s[at] == "{":
                close = group_end(s, at)
                if close < 0:
                    return end
                end = close
            else:
                break
        return end

    def _definition_end(self, tok: str, pos: int) -> int:
        """Where a definition ends: its name, options and groups (``\\let`` takes two tokens)."""
        s = self.s
        if tok == "\\let":
            end = pos
            for _ in range(2):
                at = skip_space(s, end)
                if at < len(s) and s[at] == "=":
                    at = skip_space(s, at + 1)
                word = CONTROL_WORD.match(s, at)
                if word is None:
                    return end
                end = word.end()
            return end
        if tok in ("\\def", "\\gdef", "\\edef"):
            brace = s.find("{", pos)
            close = group_end(s, brace) if brace >= 0 and "\n\n" not in s[pos:brace] else -1
            return close if close > 0 else pos
        end = pos
        # a definition takes as many groups as its command does: a group after it (`{\footnotesize
        # \begin{algorithmic} …}`) is the listing's, not the definition's
        groups = _DEFINITION_GROUPS.get(tok, 99)
        at = skip_space(s, end)
        word = CONTROL_WORD.match(s, at)
        if word is not None:  # \newcommand\Name…
            end = word.end()
            groups -= 1
        while groups > 0:
            at = skip_space(s, end)
            if "\n\n" in s[end:at] or at >= len(s):
                return end
            if s[at] == "{":
                close = group_end(s, at)
                groups -= 1
            elif s[at] == "[":
                close = option_end(s, at)
            else:
                return end
            if close < 0:
                return end
            end = close
        return end
