r"""A note's prose → its sentences, each with its span: the text a note's claims are written in.

Prose is what a reader reads as running text: the paragraphs of a Markdown body (in list items
and block quotes too) or of a ``.tex`` document. Not prose: the front matter, every block
(listings, display math, snippets, diagrams), other fenced or indented code, headings, tables,
HTML blocks and comments, Hugo shortcode tags, and in ``.tex`` sectioning commands, captions,
figures and ``%`` comments. A block ends a sentence as a blank line does; inline math
(``\(…\)``, ``$…$``) stays part of its sentence.

Each :class:`Sentence` has two texts: :attr:`~Sentence.text`, as written (container markers
dropped, whitespace collapsed) — what a check's ``claim:`` quotes — and :attr:`~Sentence.read`,
where inline code, link targets, images, citation markers and HTML tags are blanked — what a
detector of claims reads, so that a number in a URL or in ``code`` is not a number the prose
states. Nothing here decides what a sentence claims.
"""

from __future__ import annotations

import bisect
import functools
import operator
import re
from typing import Any, Iterable, Sequence

from ..records import frozen
from ..source import Span
from .notes import Note

__all__ = ["Sentence", "sentences", "split"]


@frozen
class Sentence:
    """One sentence of a note's prose."""

    #: from its first character to its closing punctuation (or the end of its paragraph)
    span: Span
    #: the sentence as written: container markers (``>``, list bullets) dropped, whitespace collapsed
    text: str
    #: the sentence as a detector reads it: inline code, link targets, citations and HTML blanked
    read: str


# --- what is not prose -------------------------------------------------------------------------

_NOT_NEWLINE = re.compile(r"[^\r\n]")
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n|$)")
#: Hugo shortcode tags, and the shortcodes whose inside is code rather than text
_SHORTCODE = re.compile(r"\{\{[<%].*?[>%]\}\}", re.S)
_CODE_SHORTCODE = re.compile(r"\{\{[<%]\s*(highlight|code|math|katex)\b.*?\{\{[<%]\s*/\1\s*[>%]\}\}", re.S)
_HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
#: what a paragraph's lines start with in a block quote, and on a list item's first line
_QUOTE_PREFIX = re.compile(r"[ \t]*(?:>[ \t]?[ \t]*)*")
_ITEM_PREFIX = re.compile(r"[ \t]*(?:>[ \t]?[ \t]*)*(?:[-*+]|\d{1,9}[.)])[ \t]+")

#: inline math: ``\(…\)`` and ``$…$`` (not ``$$``; ``\$`` is a dollar sign)
INLINE_MATH = re.compile(r"\\\((?:.|\n)*?\\\)|(?<![\\$])\$(?!\$)(?:[^$\\\n]|\\.)+?\$")
#: pieces of a sentence that are not words the prose states (blanked in :attr:`Sentence.read`)
_NOT_READ = re.compile(
    r"""(?P<code>(?<!`)(?P<ticks>`+)(?!`)[^\r\n]*?(?<!`)(?P=ticks)(?!`))
      | !\[[^\]\n]*\]\([^)\n]*\)                       # an image
      | \]\([^)\n]*\) | \]\[[^\]\n]*\]                  # a link's target
      | \[(?:\^|@)[^\]\n]*\]:? | \[\d+(?:\s*[,–-]\s*\d+)*(?:,\s*[^\]\n]{1,40})?\]   # citations: [2], [2, §8.2]
      | (?<!\\)\((?:[^()]|\([^()]{0,20}\)){0,300}?           # a reference in parentheses: (Stoer and Wagner,
        (?<![\d.])(?:1[5-9]\d\d|20\d\d)(?![\d.])               # J. ACM 44(4), 1997): its year, volume and pages
        (?:[^()]|\([^()]{0,20}\)){0,300}?\)                      # are no numbers the prose states
      | \b\d+(?:\(\d+\))?\s*\((?:1[5-9]|20)\d\d\)(?:,?\s*(?:pp?\.\s*)?\d+(?:\s*[–-]\s*\d+)?)?  # 52 (1956), 449–475
      | <sup>[^<]*</sup> | </?[A-Za-z][^<>\n]*>            # HTML
      | <https?://[^>\s]+> | \bhttps?://\S+               # URLs
    """,
    re.X,
)

#: in ``.tex``: comments, commands whose argument is not running text, environments that are not
_TEX_COMMENT = re.compile(r"(?<!\\)%[^\r\n]*")
_TEX_NOT_TEXT = re.compile(
    r"\\(?:(?:sub)*section|paragraph|chapter|part|title|author|date|caption|label|ref|eqref|autoref|cref|"
    r"cite[a-z]*|footnote|url|href|includegraphics|bibliography(?:style)?|usepackage|documentclass|"
    r"(?:re|provide|new)command|DeclareMathOperator|newtheorem|def|let|alg[a-z]+|setlength|input|include|begin|end)"
    r"\*?(?:\[[^\]\n]*\]|\{(?:[^{}\n]|\{[^{}\n]*\})*\})*"
    r"|\\(?:maketitle|item|noindent|newpage|clearpage|tableofcontents)\b"
)
#: in Markdown, a line that starts with a LaTeX command (``\newcommand``, ``\algdef``) is LaTeX, not text
_TEX_LINE = re.compile(r"^[ \t]*\\[A-Za-z@][^\r\n]*", re.M)
_TEX_FLOAT = re.compile(r"\\begin\{(figure|table|tabular|thebibliography)\*?\}.*?\\end\{\1\*?\}", re.S)
_BLANK_LINE = re.compile(r"(?:\r\n|\r|\n)[ \t]*(?=\r\n|\r|\n)")


def _blank(text: str, start: int, end: int) -> str:
    """``text`` with ``[start, end)`` replaced by spaces, line breaks kept (offsets do not move)."""
    return text[:start] + _NOT_NEWLINE.sub(" ", text[start:end]) + text[end:]


def _blank_all(text: str, spans: Iterable[tuple[int, int]]) -> str:
    pieces, pos = [], 0
    for start, end in sorted(spans):
        start = max(start, pos)
        if end <= start:
            continue
        pieces += [text[pos:start], _NOT_NEWLINE.sub(" ", text[start:end])]
        pos = end
    return "".join(pieces) + text[pos:]


# --- sentences ------------------------------------------------------------------------------------


def sentences(note: Note, blocks: Sequence[Any]) -> list[Sentence]:
    """The sentences of ``note``'s prose, in order; ``blocks`` are the note's blocks (never prose).

    The last note's sentences are kept: the claims and the names a listing finds in the prose
    both read them.
    """
    global _last_sentences
    held = tuple(blocks)
    last = _last_sentences
    if last is not None and last[0] is note and len(last[1]) == len(held) and all(map(operator.is_, last[1], held)):
        return list(last[2])
    found = _sentences(note, held)
    _last_sentences = (note, held, tuple(found))
    return found


#: ``(note, blocks, sentences)`` of the last :func:`sentences`
_last_sentences: tuple[Note, tuple[Any, ...], tuple[Sentence, ...]] | None = None


def _sentences(note: Note, blocks: Sequence[Any]) -> list[Sentence]:
    text = note.text
    body = note.body_span
    hidden = [(0, body.start), (body.end, len(text))] + [(b.span.start, b.span.end) for b in blocks]
    shown = _blank_all(text, hidden)
    if note.kind == "markdown":
        shown = _blank_all(shown, [m.span() for m in _CODE_SHORTCODE.finditer(shown, body.start, body.end)])
        shown = _blank_all(shown, [m.span() for m in _SHORTCODE.finditer(shown, body.start, body.end)])
        shown = _blank_all(shown, [m.span() for m in _HTML_COMMENT.finditer(shown, body.start, body.end)])
        # … unless the line goes on with a math a line above opened: `\(\mu \in` ⏎ `\mathbb{R}\) the drift` is prose
        maths = [m.span() for m in INLINE_MATH.finditer(shown, body.start, body.end)]
        starts = [a for a, _ in maths]

        def inside_math(at: int) -> bool:
            k = bisect.bisect_right(starts, at) - 1
            return k >= 0 and maths[k][0] < at < maths[k][1]

        tex = [m.span() for m in _TEX_LINE.finditer(shown, body.start, body.end) if not inside_math(m.start())]
        shown = _blank_all(shown, tex)
        shown, paragraphs = _markdown_paragraphs(shown, body)
    else:
        shown, paragraphs = _tex_paragraphs(shown, body)
    cuts = sorted({b.span.start for b in blocks} | {b.span.end for b in blocks})
    out = []
    for para in paragraphs:
        inside = cuts[bisect.bisect_right(cuts, para.start) : bisect.bisect_left(cuts, para.end)]
        pieces = [para.start, *inside, para.end]
        for start, end in zip(pieces, pieces[1:]):
            out.extend(split(shown, Span(start, end)))
    return out


def _markdown_paragraphs(shown: str, body: Span) -> tuple[str, list[Span]]:
    """The paragraphs markdown-it finds (not headings, tables, code, HTML), container markers blanked."""
    lines = [m.span() for m in _LINE.finditer(shown, body.start, body.end)]
    tokens = _markdown().parse(shown[body.start : body.end])
    paragraphs, markers = [], []
    for i, token in enumerate(tokens):
        if token.type != "paragraph_open" or token.map is None:
            continue
        first, last = token.map[0], min(token.map[1], len(lines)) - 1
        if last < first:
            continue
        in_item = i > 0 and tokens[i - 1].type == "list_item_open"
        for n in range(first, last + 1):
            start, _ = lines[n]
            prefix = (_ITEM_PREFIX if n == first and in_item else _QUOTE_PREFIX).match(shown, start)
            if prefix is not None and prefix.end() > start:
                markers.append(prefix.span())
        paragraphs.append(Span(lines[first][0], lines[last][1]))
    shown = _blank_all(shown, markers)
    return shown, paragraphs


@functools.cache
def _markdown() -> Any:
    """CommonMark with tables (as Hugo's Goldmark reads them), built on first use."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").enable("table").disable("inline")  # paragraphs' lines are all it is asked


def _tex_paragraphs(shown: str, body: Span) -> tuple[str, list[Span]]:
    """Blank-line separated paragraphs of a ``.tex`` body, without its preamble and non-text commands."""
    begin = shown.find("\\begin{document}", body.start, body.end)
    region = Span(begin, body.end) if begin >= 0 else body
    spans = [(body.start, region.start)]
    spans += [m.span() for m in _TEX_COMMENT.finditer(shown, region.start, region.end)]
    shown = _blank_all(shown, spans)
    shown = _blank_all(shown, [m.span() for m in _TEX_FLOAT.finditer(shown, region.start, region.end)])
    shown = _blank_all(shown, [m.span() for m in _TEX_NOT_TEXT.finditer(shown, region.start, region.end)])
    paragraphs, start = [], region.start
    for m in _BLANK_LINE.finditer(shown, region.start, region.end):
        paragraphs.append(Span(start, m.start()))
        start = m.end()
    paragraphs.append(Span(start, region.end))
    return shown, [p for p in paragraphs if shown[p.start : p.end].strip()]


#: words that end with a full stop without ending a sentence (compared in lower case)
ABBREVIATIONS = frozenset(
    """e.g. i.e. et al. al. cf. vs. viz. resp. approx. esp. incl. w.r.t. a.k.a. ca. c.
    fig. figs. eq. eqs. eqn. eqns. sec. secs. ch. chap. thm. lem. prop. def. alg. ref. refs. no. nos.
    p. pp. vol. ed. eds. dr. mr. mrs. ms. prof. st. jr. sr. ex. exs. art. arts. sect. par. cor.""".split()
)
_END = re.compile(r"[.!?]+[\"'”’)\]*_]*(?=\s|$)")


def split(shown: str, region: Span) -> list[Sentence]:
    """The sentences of one paragraph ``region`` of ``shown`` (the note's text with non-prose blanked).

    A sentence ends at ``.``, ``!`` or ``?`` (closing quotes and brackets included) followed by
    space and a word that may start a sentence — not a lower-case word, so an unknown
    abbreviation rarely splits one — unless the word before is a known abbreviation
    (:data:`ABBREVIATIONS`) or an initial (``J. Smith``); never inside inline math.
    """
    text = shown[region.start : region.end]  # offsets below are the paragraph's; the spans add its start
    math = [m.span() for m in INLINE_MATH.finditer(text)]
    read = _readable(text, math)
    math_starts = [a for a, _ in math]
    letters = frozenset(n.group(1) for a, b in math for n in [_MATH_LETTER.match(text, a, b)] if n is not None)
    ends = []
    for m in _END.finditer(read):
        i = bisect.bisect_right(math_starts, m.start()) - 1
        if (i >= 0 and m.start() < math[i][1]) or not _ends_sentence(read, m, letters):
            continue
        ends.append(m.end())
    out, start = [], 0
    for end in [*ends, len(text)]:
        sentence = _sentence(text, read, start, end, region.start)
        if sentence is not None:
            out.append(sentence)
        start = end
    return out


_NEXT = re.compile(r"\s*(\S)")
_INITIAL = re.compile(r"[A-Z]\.")
#: an abbreviated word of a journal's name (Optim, Comput, Math, Stat, Phys): a capital, a few letters
_JOURNAL = re.compile(r"[*_(\[]*[A-Z][a-z]{1,6}")


#: the capital a paragraph's inline math starts with, alone (``\(A\)``, ``\(A \in \mathbb{R}^{n}\)``)
_MATH_LETTER = re.compile(r"(?:\\\(|\$)\s*([A-Z])(?![A-Za-z])")
#: the nouns a capital names after them ("the matrix A."): never a person's initial
_NAMING_NOUN = re.compile(
    r"\b(?:matri(?:x|ces)|vectors?|sets?|graphs?|arrays?|points?|nodes?|vertex|vertices|columns?|rows?)\s+$", re.I
)


def _ends_sentence(read: str, m: re.Match[str], letters: frozenset[str] = frozenset()) -> bool:
    """Whether the punctuation ``m`` ends a sentence: not after an abbreviation or an initial, not before lower case.

    ``letters``: the capitals the paragraph's math names (``\\(A\\)``): "… the diagonal part of A. Jacobi's
    iteration …" ends a sentence at A, which "Thanks to A. Smith." does not.
    """
    lo = max(0, m.start() - 40)  # a word longer than that is no abbreviation
    cut = max(lo - 1, *(read.rfind(c, lo, m.start()) for c in " \t\r\n")) + 1
    if m.group().rstrip("\"'”’)]*_") == ".":
        word = read[cut : m.end()].lstrip("([\"'“‘").rstrip("\"'”’)]*_")
        named = _INITIAL.fullmatch(word) and (word[0] in letters or _NAMING_NOUN.search(read, lo, cut))
        if word.lower() in ABBREVIATIONS or (_INITIAL.fullmatch(word) and not named):
            return False
    if m.start() > 0 and read[m.start() - 1].isdigit() and _inside_brackets(read, m.start()):
        return False  # NumPy's [3.    2.667] and [0.7 0.3 0.  0. ]: a float's point inside an array, quoted
    after = _NEXT.match(read, m.end())
    if after is not None and after.group(1).isdigit() and _JOURNAL.fullmatch(read[cut : m.start()]):
        return False  # *SIAM J. Optim.* 9(1), 1998: a journal's abbreviated name, then its volume
    return after is None or not after.group(1).islower()


def _inside_brackets(read: str, at: int) -> bool:
    """Whether ``at`` is inside a ``[`` that its line opened before it and has not closed yet."""
    line_start = read.rfind("\n", 0, at) + 1
    opened = read.rfind("[", line_start, at)
    return opened >= 0 and read.find("]", opened, at) < 0


def _sentence(text: str, read: str, start: int, end: int, base: int) -> Sentence | None:
    segment = text[start:end]
    stripped = segment.lstrip()
    if not stripped.strip():
        return None
    first = start + len(segment) - len(stripped)
    last = first + len(stripped.rstrip())
    said = " ".join(read[first:last].split())
    if not said:  # only code, links or markup: nothing the prose says in words
        return None
    return Sentence(Span(base + first, base + last), " ".join(text[first:last].split()), said)


def _readable(text: str, math: list[tuple[int, int]]) -> str:
    """A paragraph's ``text`` with its inline code, links' targets, citations and HTML blanked (``math`` kept)."""
    spans = [
        m.span()
        for m in _NOT_READ.finditer(text)
        if m.group("code") or not any(a < m.end() and m.start() < b for a, b in math)
    ]
    return _blank_all(text, spans)
