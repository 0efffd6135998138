r"""Prose as a reader sees it rendered: what a ``claim:`` quoted from the page or from the source matches.

A claim may be copied from the Markdown source (``*always*``, ``[twice](url)``) or from the page
Hugo renders (``always``, ``twice``, curly quotes, an en dash for ``--``). :func:`render` reads
both into one text: emphasis and strike-through markers, link and image brackets and targets,
footnote markers, HTML tags and code spans' backticks dropped; entities, curly quotes,
non-breaking and thin spaces, ``--``/``---`` and ``…`` spelt one way. Inline math (``\(…\)``,
``$…$``) and the inside of code spans are kept as written. Each character of the rendered text
knows the span of source it came from, so a claim found in it is placed in the note.
"""

from __future__ import annotations

import functools
import html
import re
import unicodedata

from ..records import frozen

__all__ = ["Rendered", "render", "locate"]


@frozen
class Rendered:
    """A rendered text and, for each of its characters, the span ``[start, end)`` of the source it renders."""

    text: str
    starts: tuple[int, ...]
    ends: tuple[int, ...]
    #: the source region rendered
    region: tuple[int, int] = (0, 0)

    def source_span(self, start: int, end: int) -> tuple[int, int]:
        """The source span of the rendered ``text[start:end]`` (``end > start``).

        It takes in the markup that renders as nothing on either side (``*always*``, ``[twice](url)``).
        """
        return (
            self.ends[start - 1] if start > 0 else self.region[0],
            self.starts[end] if end < len(self.text) else self.region[1],
        )


_TOKEN = re.compile(
    r"""(?P<math>\\\((?:.|\n)*?\\\)|(?<![\\$])\$(?!\$)(?:[^$\\\n]|\\.)+?\$)
      | (?P<code>(?<!`)(?P<ticks>`+)(?!`)(?P<inner>(?:.|\n)+?)(?<!`)(?P=ticks)(?!`))
      | (?P<footnote>\[\^[^\]\n]*\])
      | (?P<link>!?\[(?P<text>(?:[^\[\]\n]|\n(?![ \t]*\n)|\[[^\[\]\n]*\])*)\]
          (?:\((?:[^()\s]|\([^()\s]*\))*(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?[ \t]*\) | \[[^\]\n]*\]))
      | (?P<autolink><(?P<url>[A-Za-z][A-Za-z0-9+.-]*:[^<>\s]+)>)
      | (?P<tag></?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?/?>)
      | (?P<escape>\\(?P<escaped>[*_`\#~!|<>&]))
      | (?P<entity>&(?:[A-Za-z][A-Za-z0-9]*|\#[0-9]{1,7}|\#[xX][0-9A-Fa-f]{1,6});)
      | (?P<delims>\*+|_+|~~)
      | (?P<dashes>-{2,3})
    """,
    re.X,
)

#: characters written one way: curly quotes straight, special spaces plain, invisible ones gone
_CHARS = {
    **dict.fromkeys("\u00a0\u202f\u2007\u2009\u200a\u2002\u2003", " "),
    **dict.fromkeys("“”„‟", '"'),
    **dict.fromkeys("‘’‚‛", "'"),
    "…": "...",
    "\u00ad": "",  # a soft hyphen
    "\u200b": "",  # a zero-width space
}
#: A character :data:`_CHARS` rewrites: a run of text without one is copied whole.
_REWRITTEN = re.compile("[" + "".join(_CHARS) + "]")
_DASHES = {"--": "–", "---": "—"}
_KINDS = ("math", "code", "footnote", "link", "autolink", "tag", "escape", "entity", "delims", "dashes")


def render(text: str, start: int = 0, end: int | None = None) -> Rendered:
    """``text[start:end]`` as rendered (see the module), each character with its source span."""
    end = len(text) if end is None else end
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []

    def emit(chars: str, a: int, b: int) -> None:
        for ch in chars:
            for c in _CHARS.get(ch, ch):
                out.append(c)
                starts.append(a)
                ends.append(b)

    def plain(a: int, b: int) -> None:
        # the runs between characters _CHARS rewrites are copied whole: most prose is one such run
        for m in _REWRITTEN.finditer(text, a, b):
            out.extend(text[a : m.start()])
            starts.extend(range(a, m.start()))
            ends.extend(range(a + 1, m.start() + 1))
            emit(m.group(), m.start(), m.end())
            a = m.end()
        out.extend(text[a:b])
        starts.extend(range(a, b))
        ends.extend(range(a + 1, b + 1))

    at = start
    for m in _TOKEN.finditer(text, start, end):
        plain(at, m.start())
        at = m.end()
        kind = next(k for k in _KINDS if m.group(k) is not None)
        if kind == "math":
            plain(m.start(), m.end())
        elif kind == "code":
            inner_start, inner_end = m.span("inner")
            inner = text[inner_start:inner_end]
            if len(inner) > 2 and inner[0] == inner[-1] == " " and inner.strip():
                inner_start, inner_end = inner_start + 1, inner_end - 1  # CommonMark strips one space each side
            for i in range(inner_start, inner_end):
                out.append(text[i])
                starts.append(i)
                ends.append(i + 1)
        elif kind == "link":
            inner = render(text, *m.span("text"))
            out.extend(inner.text)
            starts.extend(inner.starts)
            ends.extend(inner.ends)
        elif kind == "autolink":
            plain(*m.span("url"))
        elif kind == "escape":
            emit(m.group("escaped"), m.start(), m.end())
        elif kind == "entity":
            emit(html.unescape(m.group()), m.start(), m.end())
        elif kind == "delims":
            if not _emphasis(text, m, start, end):
                plain(m.start(), m.end())
        elif kind == "dashes":
            emit(_DASHES[m.group()], m.start(), m.end())
        # footnote markers and HTML tags render as nothing a claim quotes
    plain(at, end)
    return Rendered("".join(out), tuple(starts), tuple(ends), (start, end))


def _punct(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "PS"


def _emphasis(text: str, m: re.Match[str], start: int, end: int) -> bool:
    """Whether a run of ``*``, ``_`` or ``~~`` can open or close emphasis (CommonMark's flanking rules)."""
    before = text[m.start() - 1] if m.start() > start else " "
    after = text[m.end()] if m.end() < end else " "
    left = not after.isspace() and (not _punct(after) or before.isspace() or _punct(before))
    right = not before.isspace() and (not _punct(before) or after.isspace() or _punct(after))
    if m.group()[0] != "_":
        return left or right
    # `_` inside a word (snake_case) is a letter of it
    return (left and (not right or _punct(before))) or (right and (not left or _punct(after)))


def locate(prose: str, quote: str) -> tuple[int, int] | None:
    """Where ``quote`` stands in ``prose``, both read as rendered (:func:`render`), or ``None``.

    Any run of whitespace in the quote may be any other run in the prose (Markdown re-wraps
    lines freely), and the case of its first letter may differ: a claim quoted from the middle of
    a sentence starts with a capital where the prose has none, or the reverse.
    """
    if not quote.strip():
        return None
    for text in (quote, quote[0].swapcase() + quote[1:]) if quote[0].isalpha() else (quote,):
        found = _search(prose, text)  # as written first: a quote of the source stays where it was found
        if found is not None:
            return found
    wanted = " ".join(render(quote).text.split())
    if not wanted:
        return None
    page = _rendered(prose)
    for text in (wanted, wanted[0].swapcase() + wanted[1:]) if wanted[0].isalpha() else (wanted,):
        found = _search(page.text, text)
        if found is not None:
            return page.source_span(*found)
    return None


def _search(text: str, quote: str) -> tuple[int, int] | None:
    """``quote`` in ``text``, exactly or with any whitespace for each run of it."""
    at = text.find(quote)
    if at >= 0:
        return at, at + len(quote)
    found = re.search(r"\s+".join(re.escape(part) for part in quote.split()), text)
    return found.span() if found is not None else None


#: the prose of a note, rendered once for all its claims
_rendered = functools.lru_cache(maxsize=8)(render)


def nearest(prose: str, quote: str) -> tuple[int, str] | None:
    """Where ``prose`` comes nearest to a ``quote`` it does not hold: ``(offset, how they differ)``, or ``None``.

    The window of as many words as the quote that shares the most words with it, in order, ignoring
    case and the punctuation after a word (of two as near, the one that starts with the quote's first
    word); ``None`` when no window shares two thirds of them: nothing there to point at. The
    difference names the first words that are not the same as written (``One Step`` against ``One
    step``); the case of the first letter is not one, as :func:`locate` allows it.
    """
    from difflib import SequenceMatcher  # only when a claim is missing: never on the way of a clean note

    words = [(m.start(), m.group()) for m in re.finditer(r"\S+", prose)]
    wanted = quote.split()
    if not wanted or not words:
        return None
    matcher = SequenceMatcher(None, autojunk=False)
    matcher.set_seq2([_word(w) for w in wanted])
    best: tuple[float, bool] = (0.0, False)
    at = 0
    for i in range(max(1, len(words) - len(wanted) + 1)):
        matcher.set_seq1([_word(w) for _, w in words[i : i + len(wanted)]])
        if matcher.real_quick_ratio() >= best[0] and matcher.quick_ratio() >= best[0]:
            score = (matcher.ratio(), _word(words[i][1]) == _word(wanted[0]))
            if score > best:
                best, at = score, i
    if best[0] < 2 / 3:
        return None
    bare = [_bare(w, k == 0) for k, (_, w) in enumerate(words[at : at + len(wanted)])]
    said = [_bare(w, k == 0) for k, w in enumerate(wanted)]
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, bare, said, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        note, claim = " ".join(bare[i1:i2]), " ".join(said[j1:j2])
        if not note:
            return words[at][0], f"the claim has “{claim}” that the note does not"
        if not claim:
            return words[at][0], f"the note has “{note}” that the claim does not"
        return words[at][0], f"the claim has “{claim}” where the note has “{note}”"
    return words[at][0], "the note has the same words, punctuated otherwise"


def _word(word: str) -> str:
    return word.rstrip(".,;:!?").lower()


def _bare(word: str, first: bool) -> str:
    word = word.rstrip(".,;:!?")
    return word[:1].lower() + word[1:] if first else word
