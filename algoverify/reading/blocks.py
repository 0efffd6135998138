r"""Note → blocks: every listing, display equation, Python snippet and diagram, with its spans.

One finder per syntax, run in the order Hugo itself reads a page:

1. Hugo shortcodes (``{{< pseudocode >}}…{{< /pseudocode >}}``, ``algorithm``, ``mermaid``,
   also the ``{{% … %}}`` form) — Hugo expands them before Markdown, so they win;
2. fenced code, found by markdown-it-py (CommonMark) through its line maps, so fences inside
   lists and block quotes, ``~~~`` fences and fences with attributes are handled exactly;
3. raw LaTeX in the rest of the body (``\begin{algorithm}``, ``algorithmic``, ``\[ \]``,
   ``$$ $$``, ``equation``/``align``/…), skipping what 1 and 2 claimed, indented code blocks
   (Markdown's literal code: a listing there is an example), HTML code blocks and inline code
   spans. ``.tex`` files get only this scan, over the whole text.

Each finder blanks out what it claimed (spaces, line breaks kept, so offsets and line
numbers do not move) before the next one runs; blocks therefore never overlap, and
:func:`find_blocks` checks that as Sybil's ``Document.add`` does.

``%`` starts a comment inside LaTeX environments, inside display math and anywhere in a
``.tex`` file, but not in Markdown prose, where "50%" is just text.

Known limitation: a fence inside a block quote keeps its ``> `` markers inside
``body_span`` (spans cover raw lines); :attr:`Block.content` holds the text as CommonMark
reads it, markers removed, for runners that need it.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from typing import Any, Literal

from ..findings import Finding, UnclosedFence, UnterminatedEnvironment
from ..records import frozen
from ..source import SourceFile, Span
from .notes import Note

__all__ = ["Block", "BlockLayoutError", "find_blocks", "ALGORITHM_ENVS", "MATH_ENVS"]

BlockKind = Literal["algorithm", "python", "mermaid", "math"]
Origin = Literal["raw", "fence", "shortcode"]

#: Environments that hold one listing each.
ALGORITHM_ENVS = frozenset({"algorithm", "algorithm*", "algorithmic"})
#: Display-math environments; their inside is the block's body.
MATH_ENVS = frozenset(
    {"equation", "equation*", "align", "align*", "gather", "gather*", "multline", "multline*", "displaymath"}
)
#: Fence language (first word of the info string, lower-cased) → block kind.
FENCE_KINDS = {
    **dict.fromkeys(("latex", "tex", "pseudocode", "algorithm"), "algorithm"),
    **dict.fromkeys(("python", "py", "python3"), "python"),
    "mermaid": "mermaid",
}
#: Fence languages whose content is a listing even without an environment (bare statements).
_BARE_FENCES = frozenset({"pseudocode", "algorithm"})
#: Shortcode name → block kind.
SHORTCODE_KINDS = {"pseudocode": "algorithm", "algorithm": "algorithm", "mermaid": "mermaid"}

#: The LaTeX tokens the raw scanner cares about. Escapes come first so that ``\\[2pt]`` (a line
#: break) is not display math and ``\%`` is not a comment.
_TEX_TOKEN = re.compile(
    r"""\\\\ | \\[%$]
      | \\begin\s*\{(?P<begin>[A-Za-z]+\*?)\}
      | \\end\s*\{(?P<end>[A-Za-z]+\*?)\}
      | (?P<open>\\\[) | (?P<close>\\\]) | (?P<dollars>\$\$)
      | (?P<comment>%[^\r\n]*)""",
    re.X,
)
#: A shortcode tag on one line: ``{{< name params >}}``, ``{{% /name %}}``. The escaped
#: form ``{{</* name */>}}`` (Hugo's way to show a shortcode literally) does not match.
_SHORTCODE = re.compile(
    r"\{\{(?P<delim>[<%])\s*(?P<close>/)?\s*(?P<name>pseudocode|algorithm|mermaid)(?![\w-])"
    r"(?P<params>[^\r\n]*?)\s*(?P<self>/)?[>%]\}\}"
)
#: The language word of a fence info string: ``latex {linenos=true}``, ``{.python}``.
_FENCE_LANG = re.compile(r"\{?\s*\.?([\w+#-]*)")
#: HTML blocks whose content is shown literally, not rendered.
_HTML_CODE = re.compile(r"\s*<(?:pre|code|script|style|textarea)\b|\s*<!--", re.I)
#: An inline code span on one line (CommonMark: equal backtick runs).
_CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`)[^\r\n]*?(?<!`)\1(?!`)")
#: A blank line (quote markers allowed) between paragraphs.
_PARAGRAPH_BREAK = re.compile(r"(?:\r\n|\r|\n)[ \t>]*(?:\r\n|\r|\n)")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_NOT_NEWLINE = re.compile(r"[^\r\n]")


@frozen
class Block:
    """One block of a note: where it is, what a parser should read, and the prose before it."""

    kind: BlockKind
    #: The whole block: fences, ``\begin…\end`` or shortcode tags included.
    span: Span
    #: The text a parser reads: an environment (wrappers included), inner math, fence content.
    body_span: Span
    #: 1-based position among the note's blocks of the same kind.
    index: int
    #: The fence info string, the environment name (``equation``, ``\[``, ``$$``) or the
    #: shortcode's inside (``pseudocode lineNumber="true"``).
    info: str
    origin: Origin
    #: The paragraph just before the block, whitespace collapsed (Property/Claim detection).
    lead: str = ""
    lead_span: Span | None = None
    #: For fences: the content as CommonMark reads it (container indentation and ``>``
    #: markers removed). None for other blocks.
    content: str | None = None


class BlockLayoutError(RuntimeError):
    """Internal error: a finder produced overlapping or out-of-range blocks (a bug, not bad input)."""


def find_blocks(note: Note) -> tuple[list[Block], list[Finding]]:
    """Return the blocks of ``note`` in document order, and the findings met while finding them."""
    blocks: list[Block] = []
    findings: list[Finding] = []
    claimed: list[Span] = []  # shortcodes, fences and literal HTML: hidden from the raw scan
    if note.kind == "markdown":
        _find_shortcodes(note, blocks, findings, claimed)
        _find_fences(note, _blank(note.text, claimed), blocks, findings, claimed)
    structural = _blank(note.text, claimed)
    scan = _mask_code_spans(structural, note.body_span) if note.kind == "markdown" else structural
    # LaTeX never spans a claimed region: an environment must end before the next fence.
    for gap in _gaps(note.body_span, claimed):
        found, raw_findings = _scan_tex(scan, gap, top_comments=note.kind == "tex")
        blocks.extend(_raw_block(b) for b in found)
        findings.extend(_with_path(f, note) for f in raw_findings)
    blocks = _finish(blocks, structural, note)
    findings.sort(key=lambda f: f.span.start if f.span else -1)
    return blocks, findings


# --- raw LaTeX ------------------------------------------------------------------------------


@frozen
class _Env:
    """An environment or display found by :func:`_scan_tex`."""

    name: str
    span: Span
    inner: Span


def _next_token(text: str, pos: int, end: int, comments: bool) -> re.Match[str] | None:
    """Return the next meaningful LaTeX token in ``text[pos:end]``, skipping escapes and comments."""
    while True:
        m = _TEX_TOKEN.search(text, pos, end)
        if m is None or (m.lastgroup is not None and m.lastgroup != "comment"):
            return m
        if m.lastgroup == "comment" and not comments:
            pos = m.start() + 1  # Markdown prose: "%" is a literal character
        else:
            pos = m.end()


def _find_close(text: str, pos: int, end: int, opener: re.Match[str]) -> re.Match[str] | None:
    r"""Return the token closing ``opener``: the matching ``\end`` (nesting by name), ``\]`` or ``$$``."""
    name = opener["begin"]
    depth = 1
    while (m := _next_token(text, pos, end, comments=True)) is not None:
        pos = m.end()
        if name is None:
            if m.lastgroup == ("close" if opener.lastgroup == "open" else "dollars"):
                return m
        elif m["begin"] == name:
            depth += 1
        elif m["end"] == name:
            depth -= 1
            if depth == 0:
                return m
    return None


def _scan_tex(text: str, region: Span, *, top_comments: bool, math: bool = True) -> tuple[list[_Env], list[Finding]]:
    """Find the top-level algorithm environments (and, with ``math``, displays) in ``region``."""
    envs: list[_Env] = []
    findings: list[Finding] = []
    pos = region.start
    while (m := _next_token(text, pos, region.end, top_comments)) is not None:
        pos = m.end()
        name = m["begin"]
        wanted = name in ALGORITHM_ENVS or (math and name in MATH_ENVS)
        if not (wanted or (math and m.lastgroup in ("open", "dollars"))):
            continue
        close = _find_close(text, m.end(), region.end, m)
        if close is None:
            if name is not None:  # an unmatched \[ or $$ is left alone: "$$" can be prose
                findings.append(UnterminatedEnvironment.finding(Span(m.start(), m.end()), env=name))
            continue
        envs.append(_Env(name or m.group(), Span(m.start(), close.end()), Span(m.end(), close.start())))
        pos = close.end()
    return envs, findings


def _raw_block(env: _Env) -> Block:
    """Turn a raw environment into a block: listings keep their wrappers, math loses its delimiters."""
    if env.name in ALGORITHM_ENVS:
        return Block("algorithm", env.span, env.span, 0, env.name, "raw")
    return Block("math", env.span, env.inner, 0, env.name, "raw")


def _listing_blocks(
    text: str, whole: Span, body: Span, info: str, origin: Origin, *, bare: bool, content: str | None = None
) -> tuple[list[Block], list[Finding]]:
    """Blocks of a latex fence or pseudocode shortcode: one per top-level algorithm environment.

    With one environment the block's span is the whole fence or shortcode; with several, each
    environment is its own block. With none, ``bare`` makes the whole body one listing.
    """
    envs, findings = _scan_tex(text, body, top_comments=True, math=False)
    if not envs:
        return ([Block("algorithm", whole, body, 0, info, origin, content=content)] if bare else []), findings
    if len(envs) == 1:
        return [Block("algorithm", whole, envs[0].span, 0, info, origin)], findings
    return [Block("algorithm", e.span, e.span, 0, info, origin) for e in envs], findings


# --- Hugo shortcodes --------------------------------------------------------------------------


def _pair_shortcodes(
    tags: list[re.Match[str]],
) -> tuple[list[tuple[re.Match[str], re.Match[str]]], list[re.Match[str]]]:
    """Pair opening and closing tags by name; return the outermost pairs and the unclosed openers."""
    stack: list[re.Match[str]] = []
    pairs: list[tuple[re.Match[str], re.Match[str]]] = []
    for tag in tags:
        if tag["self"]:
            continue
        if not tag["close"]:
            stack.append(tag)
            continue
        opener = next((i for i in range(len(stack) - 1, -1, -1) if stack[i]["name"] == tag["name"]), None)
        if opener is None:
            continue  # a stray closing tag: Hugo reports it; nothing to check here
        pairs.append((stack[opener], tag))
        stack[opener:] = stack[opener + 1 :]  # inner openers stay open; they are reported at the end
    pairs.sort(key=lambda p: p[0].start())
    outer: list[tuple[re.Match[str], re.Match[str]]] = []
    for pair in pairs:
        if not outer or pair[0].start() >= outer[-1][1].end():
            outer.append(pair)
    return outer, stack


def _find_shortcodes(note: Note, blocks: list[Block], findings: list[Finding], claimed: list[Span]) -> None:
    """Add shortcode blocks and AV109 findings; claim every shortcode and stray opening tag."""
    text, body = note.text, note.body_span
    pairs, unclosed = _pair_shortcodes(list(_SHORTCODE.finditer(text, body.start, body.end)))
    for opener, closer in pairs:
        whole, inner = Span(opener.start(), closer.end()), Span(opener.end(), closer.start())
        info = opener.group()[3:-3].strip()
        if SHORTCODE_KINDS[opener["name"]] == "mermaid":
            blocks.append(Block("mermaid", whole, inner, 0, info, "shortcode"))
        else:
            found, errors = _listing_blocks(text, whole, inner, info, "shortcode", bare=True)
            blocks.extend(found)
            findings.extend(_with_path(f, note) for f in errors)
        claimed.append(whole)
    for opener in unclosed:
        span = Span(opener.start(), opener.end())
        findings.append(UnclosedFence.finding(span, note.path, name=opener["name"]))
        claimed.append(span)


# --- fenced code (markdown-it-py) ---------------------------------------------------------------


@functools.cache
def _markdown() -> Any:
    """Return the CommonMark parser, imported and built on first use (import time matters).

    Block-level only: fences, indented code and HTML blocks are all it is asked for, and the inline
    pass (emphasis, links, entities in every paragraph) was a tenth of reading a note.
    """
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark").disable("inline")


def _find_fences(note: Note, masked: str, blocks: list[Block], findings: list[Finding], claimed: list[Span]) -> None:
    """Add the blocks of fenced code; claim every fence, indented code block and literal HTML block.

    ``masked`` is the note's text with the shortcodes blanked, so Markdown never sees inside them.
    """
    source, body = note.source, note.body_span
    first_line = source.line_col(body.start)[0]
    for token in _markdown().parse(masked[body.start : body.end]):
        if token.map is None:
            continue
        lines = (first_line + token.map[0], first_line + token.map[1] - 1)
        if token.type == "fence":
            whole, inner = _fence_spans(source, token, lines)
            if not any(_overlaps(whole, b.span) for b in blocks):  # a shortcode inside a fence wins
                found, errors = _fence_blocks(masked, token, whole, inner)
                blocks.extend(found)
                findings.extend(_with_path(f, note) for f in errors)
        elif token.type == "code_block":
            pass  # indented code is literal text, as Markdown shows it: a listing in it is an example
        elif token.type != "html_block" or not _HTML_CODE.match(token.content):
            continue  # only fences, indented code and literal HTML are hidden from the raw scan
        start = source.lines.offset(lines[0], 1)
        claimed.append(Span(start, source.lines.line_span(lines[1], source.text).end))


def _fence_spans(source: SourceFile, token: Any, lines: tuple[int, int]) -> tuple[Span, Span]:
    """Return the span of a fence (from its marker to its closing line) and of its content lines.

    markdown-it maps a fence to lines ``[opener, after)``; the closing line is in the map only
    when the fence is closed, which shows as one more line than the content has.
    """
    index, text = source.lines, source.text
    opener = index.line_span(lines[0], text)
    marker = text.find(token.markup, opener.start, opener.end)
    n_content = token.content.count("\n")
    end = index.line_span(lines[1], text).end
    if n_content == 0:
        return Span(marker, end), Span(opener.end, opener.end)
    last = index.line_span(lines[0] + n_content, text).end
    return Span(marker, end), Span(index.offset(lines[0] + 1, 1), last)


def _fence_blocks(text: str, token: Any, whole: Span, inner: Span) -> tuple[list[Block], list[Finding]]:
    """Turn one fence into blocks according to its language."""
    info = token.info.strip()
    lang = _FENCE_LANG.match(info).group(1).lower()  # type: ignore[union-attr]  # always matches
    kind = FENCE_KINDS.get(lang)
    if kind is None:
        return [], []
    if kind != "algorithm":
        return [Block(kind, whole, inner, 0, info, "fence", content=token.content)], []  # type: ignore[arg-type]
    bare = lang in _BARE_FENCES
    return _listing_blocks(text, whole, inner, info, "fence", bare=bare, content=token.content)


# --- assembling -------------------------------------------------------------------------------------


def _finish(blocks: list[Block], structural: str, note: Note) -> list[Block]:
    """Sort the blocks, check their layout, number them per kind and attach their lead paragraphs."""
    blocks = sorted(blocks, key=lambda b: (b.span.start, b.span.end))
    check_layout(blocks, len(note.text))
    counts: dict[str, int] = {}
    out = []
    previous_end = note.body_span.start
    for block in blocks:
        counts[block.kind] = counts.get(block.kind, 0) + 1
        lead, lead_span = _lead(structural, Span(previous_end, block.span.start))
        out.append(dataclasses.replace(block, index=counts[block.kind], lead=lead, lead_span=lead_span))
        previous_end = block.span.end
    return out


def check_layout(blocks: list[Block], length: int) -> None:
    """Raise :class:`BlockLayoutError` unless the sorted ``blocks`` lie inside the text, apart.

    As in Sybil's ``Document.add``, a violation is a bug in a finder, never the note's fault.
    """
    previous: Block | None = None
    for block in blocks:
        if block.span.end > length or block.body_span not in block.span:
            raise BlockLayoutError(f"block out of range: {block}")
        if previous is not None and block.span.start < previous.span.end:
            raise BlockLayoutError(f"overlapping blocks: {previous} and {block}")
        previous = block


def _lead(text: str, region: Span) -> tuple[str, Span | None]:
    """Return the last paragraph of ``region`` (plain text, whitespace collapsed) and its span."""
    segment = text[region.start : region.end]
    end = len(segment.rstrip(" \t\r\n>"))
    if end == 0:
        return "", None
    start = 0
    for m in _PARAGRAPH_BREAK.finditer(segment, 0, end):
        start = m.end()
    start += len(segment[start:end]) - len(segment[start:end].lstrip(" \t\r\n>"))
    lines = (line.lstrip(" \t>") for line in _LINE_BREAK.split(segment[start:end]))
    return " ".join(" ".join(lines).split()), Span(region.start + start, region.start + end)


def _blank(text: str, spans: list[Span]) -> str:
    """Return ``text`` with ``spans`` replaced by spaces, line breaks kept (offsets do not move)."""
    pieces, pos = [], 0
    for span in _merged(spans):
        pieces += [text[pos : span.start], _NOT_NEWLINE.sub(" ", text[span.start : span.end])]
        pos = span.end
    return "".join(pieces) + text[pos:]


def _merged(spans: list[Span]) -> list[Span]:
    """Return ``spans`` sorted, with overlapping or touching spans joined."""
    out: list[Span] = []
    for span in sorted(spans):
        if out and span.start <= out[-1].end:
            out[-1] = out[-1].cover(span)
        else:
            out.append(span)
    return out


def _gaps(region: Span, spans: list[Span]) -> list[Span]:
    """Return the parts of ``region`` that no span covers."""
    gaps, pos = [], region.start
    for span in _merged(spans):
        if span.start > pos:
            gaps.append(Span(pos, span.start))
        pos = max(pos, span.end)
    return gaps + ([Span(pos, region.end)] if pos < region.end else [])


def _mask_code_spans(text: str, region: Span) -> str:
    """Blank inline code spans in ``region``, so that `` `$$` `` in prose opens no display math."""
    inside = _CODE_SPAN.sub(lambda m: " " * len(m.group()), text[region.start : region.end])
    return text[: region.start] + inside + text[region.end :]


def _overlaps(a: Span, b: Span) -> bool:
    """Return whether two spans share at least one code point."""
    return a.start < b.end and b.start < a.end


def _with_path(finding: Finding, note: Note) -> Finding:
    """Return ``finding`` with the note's path filled in."""
    return dataclasses.replace(finding, path=note.path)
