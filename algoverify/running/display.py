r"""A listing, a run of it and a finding as HTML and Markdown: what a notebook shows of them.

In: a :class:`~.listing.Listing`, a :class:`~.listing.RunResult`, a finding with its source. Out:
an HTML fragment (math in ``\( \)`` for the notebook's MathJax, styles inline so that a viewer
that drops ``<style>`` keeps them) or Markdown (math in ``$ $``, GitHub tables). Every text that
comes from a note (its LaTeX, its words, a value's text, a message quoting it) is escaped here,
once, where it meets the markup. The listing is typeset by :mod:`algoverify.syntax.typeset`; the
trace is :mod:`.trace_rows`' rows, the same ``run --trace`` prints.
"""

from __future__ import annotations

import html
import re
from typing import Any, Iterable

from ..findings import Finding, LocatedError
from ..source import SourceFile, excerpt, printable
from ..syntax import ir
from ..syntax.typeset import KEYWORD, MATH, NAME, TEXT, Piece, Row, text_pieces, typeset
from .runstate import Trace
from .stepper import format_value
from .trace_rows import arm_hits, iterations, statement_hits, trace_rows, trace_text

__all__ = [
    "esc",
    "md_text",
    "md_code",
    "md_table",
    "output_values",
    "outputs_text",
    "listing_html",
    "listing_markdown",
    "run_html",
    "run_markdown",
    "run_text",
    "finding_text",
    "finding_html",
    "finding_markdown",
]

#: how a row of the typeset listing is marked: a statement that ran, one that never ran, the one that failed
RAN, NOT_RUN, FAILED = "ran", "not run", "failed"
_MARK = {RAN: "●", NOT_RUN: "○", FAILED: "✗"}
_ROW_STYLE = {RAN: "background:#e6f4ea", NOT_RUN: "color:#888", FAILED: "background:#fde7e9"}
_BOX = "font-family:inherit;border-collapse:collapse;margin:0.3em 0"
_CELL = "padding:0.1em 0.6em;text-align:left;vertical-align:top"


def esc(text: str) -> str:
    """``text`` for HTML: escaped, its control characters made visible."""
    return html.escape(printable(text))


def md_text(text: str) -> str:
    """``text`` for Markdown: escaped as HTML, and the characters Markdown would read as markup backslashed."""
    return re.sub(r"([\\`*_\[\]|~$<>#])", r"\\\1", html.escape(printable(text), quote=False))


def md_code(text: str) -> str:
    """``text`` as code inside a Markdown table cell (``<code>``: a cell cannot hold a line break or a ``|``)."""
    return "<code>" + esc(text).replace("|", "&#124;").replace("\n", "<br>") + "</code>"


def _md_math(latex: str) -> str:
    r"""Inline math for Markdown: ``|`` and the angle brackets spelled as commands, so no table or tag takes them."""
    latex = latex.replace("\\|", "\\Vert ").replace("|", "\\vert ").replace("<", "\\lt ").replace(">", "\\gt ")
    return "$" + html.escape(printable(" ".join(latex.split())), quote=False) + "$"


def md_table(header: Iterable[str], rows: Iterable[Iterable[str]], align: str = "") -> str:
    """A GitHub table of cells already in Markdown; ``align`` has one of ``l``/``r`` per column (default left)."""
    header = list(header)
    rule = [("---:" if align[k : k + 1] == "r" else ":---") for k in range(len(header))]
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join(rule) + " |"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def _table(header: Iterable[str], rows: Iterable[Iterable[str]], cls: str) -> str:
    """An HTML table of cells already in HTML."""
    head = "".join(f'<th style="{_CELL}">{h}</th>' for h in header)
    body = "".join("<tr>" + "".join(f'<td style="{_CELL}">{c}</td>' for c in row) + "</tr>" for row in rows)
    return f'<table class="{cls}" style="{_BOX}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


# --- the typeset listing ------------------------------------------------------------------------


def _spaced(pieces: list[Piece], rendered: list[str]) -> str:
    """The rendered pieces joined: a space between two, unless words bring their own or punctuation follows."""
    out = ""
    for k, (p, text) in enumerate(zip(pieces, rendered)):
        if k and out and not out.endswith(" "):
            prev = pieces[k - 1]
            glued = p.kind == TEXT and (p.text[:1].isspace() or p.text[:1] in ",;.:)")
            call = prev.kind == NAME and p.kind == MATH and p.text.startswith("(")
            if not glued and not call:
                out += " "
        out += text
    return out.strip()


def _pieces_html(pieces: Iterable[Piece]) -> str:
    pieces = list(pieces)
    out = []
    for p in pieces:
        if p.kind == KEYWORD:
            out.append(f"<b>{esc(p.text)}</b>")
        elif p.kind == MATH:
            out.append(f"\\({esc(' '.join(p.text.split()))}\\)")
        elif p.kind == NAME:
            out.append(f'<span style="font-variant:small-caps">{esc(p.text)}</span>')
        else:
            out.append(esc(p.text))
    return _spaced(pieces, out)


def _pieces_md(pieces: Iterable[Piece]) -> str:
    pieces = list(pieces)
    out = []
    for p in pieces:
        if p.kind == KEYWORD:
            out.append(f"**{md_text(p.text)}**")
        elif p.kind == MATH:
            out.append(_md_math(p.text))
        elif p.kind == NAME:
            out.append(f'<span style="font-variant:small-caps">{md_text(p.text)}</span>')
        else:
            out.append(md_text(p.text))
    return _spaced(pieces, out)


def _row_state(row: Row, hits: dict | None, trace: Trace | None, failed: Row | None) -> str | None:
    """How a row is marked after a run (``None``: a line that runs nothing of its own, or no run)."""
    if hits is None or not row.nodes:
        return None
    if row is failed:
        return FAILED
    n = max(_hits_of(node, hits, trace) for node in row.nodes)
    return RAN if n else NOT_RUN


def _hits_of(node: Any, hits: dict, trace: Trace | None) -> int:
    if isinstance(node, ir.Function) and trace is not None:  # a \Function runs when it is called
        return max(hits.get(node.span, 0), trace.counters.get("call:" + node.name, 0))
    return hits.get(node.span, 0)


def _failed_row(rows: list[Row], at: int) -> Row | None:
    """The row of the innermost statement whose span holds offset ``at`` (where a run stopped), if one does."""
    best: tuple[int, Row] | None = None
    for row in rows:
        for node in row.nodes:
            if node.span.start <= at < node.span.end and (best is None or node.span.length < best[0]):
                best = (node.span.length, row)
    return best[1] if best is not None else None


def _title(listing: Any) -> tuple[str, str]:
    """The listing's title (caption, else function name, else its number) as HTML and as Markdown."""
    caption = listing.algorithm.caption
    if caption is not None:
        pieces = text_pieces(caption)
        return _pieces_html(pieces), _pieces_md(pieces)
    name = listing.name or f"listing {listing.index}"
    return esc(name), md_text(name)


def _signature(listing: Any) -> str:
    """``(A, v, tau) → (lam, v)``, or why it cannot run, as a ``repr`` of the listing says it."""
    try:
        inputs, outputs = listing.inputs, listing.outputs
    except LocatedError as exc:
        return f"signature unreadable: {exc.rule.code} {exc}"
    text = f"({', '.join(inputs)}) → ({', '.join(outputs)})"
    try:
        _ = listing.program
    except LocatedError as exc:
        line, col = listing.source.line_col(exc.span.start) if exc.span is not None else (listing.line, 1)
        text += f"; cannot run: {exc.rule.code} {exc} at line {line}:{col}"
    return text


def _rows(listing: Any, result: Any = None) -> tuple[list[Row], dict | None, Trace | None, Row | None]:
    rows = typeset(listing.algorithm, listing.source.line_col)
    if result is None:
        return rows, None, None, None
    trace = result.trace
    hits = arm_hits(listing.algorithm, statement_hits(listing.algorithm, trace))
    finding = result.finding
    failed = None
    if finding is not None and finding.span is not None and finding.path == listing.source.path:
        failed = _failed_row(rows, finding.span.start)
    return rows, hits, trace, failed


def listing_html(listing: Any, result: Any = None) -> str:
    """The listing typeset, with its lines' numbers; after ``result`` (a run), each statement marked as it ran."""
    rows, hits, trace, failed = _rows(listing, result)
    title_html, _ = _title(listing)
    cells = []
    for row in rows:
        state = _row_state(row, hits, trace, failed)
        pad = f"padding-left:{0.6 + 1.5 * row.depth:.1f}em"
        comment = f' <span style="color:#666">▷ {_pieces_html(row.comment)}</span>' if row.comment else ""
        n = max((_hits_of(node, hits, trace) for node in row.nodes), default=0) if hits is not None else None
        style = _ROW_STYLE.get(state or "", "")
        marks = ""
        if hits is not None:
            marks = (f'<td style="{_CELL}" title="{state or ""}">{_MARK.get(state or "", "")}</td>'
                     f'<td style="{_CELL};text-align:right">{n if row.nodes else ""}</td>')  # fmt: skip
        cells.append(
            f'<tr class="av-{(state or "plain").replace(" ", "-")}" style="{style}">'
            f'<td style="{_CELL};color:#888">{row.line}</td>{marks}'
            f'<td style="{_CELL};{pad}">{_pieces_html(row.pieces)}{comment}</td></tr>'
        )
    head = "<th>line</th>" + ("<th></th><th>hits</th>" if hits is not None else "") + "<th></th>"
    return (
        f'<div class="av-listing"><div><b>Algorithm</b> {title_html} '
        f'<span style="color:#666">{esc(_signature(listing))}</span></div>'
        f'<table class="av-typeset" style="{_BOX}"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(cells)}</tbody></table></div>"
    )


def listing_markdown(listing: Any, result: Any = None) -> str:
    """:func:`listing_html` in Markdown: a table of the listing's rows (marked after a run)."""
    rows, hits, trace, failed = _rows(listing, result)
    _, title_md = _title(listing)
    table = []
    for row in rows:
        state = _row_state(row, hits, trace, failed)
        text = "&emsp;" * (2 * row.depth) + _pieces_md(row.pieces)
        if row.comment:
            text += " ▷ " + _pieces_md(row.comment)
        cells = [str(row.line)]
        if hits is not None:
            n = max((_hits_of(node, hits, trace) for node in row.nodes), default=0)
            cells += [_MARK.get(state or "", ""), str(n) if row.nodes else ""]
        table.append([*cells, text])
    header = ["line", *([" ", "hits"] if hits is not None else []), "statement"]
    align = "rlr" if hits is not None else "r"
    return f"**Algorithm** {title_md} ({md_text(_signature(listing))})\n\n" + md_table(header, table, align)


# --- a run ----------------------------------------------------------------------------------------


def output_values(listing: Any, value: Any) -> list[tuple[str, Any]]:
    """``(name, value)`` per output: a tuple is spread over the listing's output names (``result`` when unnamed)."""
    names = listing.outputs or ("result",)
    if not listing.outputs:  # CLRS's SelectionSort(A) sorts A in place: its output is A, as --help-inputs says
        in_place = getattr(getattr(listing, "program", None), "in_place", None)
        if not in_place and value is None:
            return []  # Bresenham's Line plots and returns nothing: no `result = None` to show
        names = (in_place,) if in_place else names
    values = value if isinstance(value, tuple) and len(names) > 1 else (value,)
    return list(zip(names, values))


def outputs_text(listing: Any, value: Any) -> str:
    """``name = value`` per output, a line each, as ``algoverify run`` prints them."""
    shown = output_values(listing, value)
    if not shown:
        return "outputs: none (the listing returns nothing)\n"
    return "".join(f"{name} = {format_value(v)}\n" for name, v in shown)


def run_html(result: Any) -> str:
    """A run: its outputs (or the finding that stopped it), the trace table, the listing with its lines marked."""
    listing = result.listing
    parts = ['<div class="algoverify av-run">']
    if result.finding is not None:
        parts.append(finding_html(result.finding, listing.source))
    else:
        rows = [[esc(name), f"<pre style=\"margin:0\">{esc(format_value(v))}</pre>"]
                for name, v in output_values(listing, result.value)]  # fmt: skip
        parts.append(_table(["output", "value"], rows, "av-outputs"))
    trace = [
        [str(r.line), str(r.hits), f"<code>{esc(r.source)}</code>", esc("; ".join(r.values))]
        for r in trace_rows(listing, result.trace)
    ]
    parts.append(f"<details open><summary>trace: {iterations(result.trace)}</summary>")
    parts.append(_table(["line", "hits", "source", "last values"], trace, "av-trace") + "</details>")
    parts.append(listing_html(listing, result))
    return "".join(parts) + "</div>"


def run_text(result: Any) -> str:
    """A run as ``algoverify run --trace`` prints it: the trace table, then the outputs (or the finding)."""
    listing = result.listing
    if result.finding is not None:
        tail = finding_text(result.finding, listing.source) + "\n"
    else:
        tail = outputs_text(listing, result.value)
    return trace_text(listing, result.trace) + tail


def run_markdown(result: Any) -> str:
    """:func:`run_html` in Markdown."""
    listing = result.listing
    if result.finding is not None:
        head = finding_markdown(result.finding, listing.source)
    else:
        rows = [[md_text(name), md_code(format_value(v))] for name, v in output_values(listing, result.value)]
        head = md_table(["output", "value"], rows)
    trace = [
        [str(r.line), str(r.hits), md_code(r.source), md_code("; ".join(r.values)) if r.values else ""]
        for r in trace_rows(listing, result.trace)
    ]
    return "\n".join(
        [
            head,
            f"**trace**: {md_text(iterations(result.trace))}\n",
            md_table(["line", "hits", "source", "last values"], trace, "rr"),
            listing_markdown(listing, result),
        ]
    )


# --- a finding ------------------------------------------------------------------------------------


def finding_text(finding: Finding, source: SourceFile | None) -> str:
    """``path:line:col: CODE message`` and the source line with a caret, as the text report prints it."""
    where = str(finding.path) if finding.path is not None else ""
    shown = ""
    if finding.span is not None and source is not None and finding.path == source.path:
        line, col = source.line_col(finding.span.start)
        where = f"{source.path}:{line}:{col}"
        shown = "\n" + excerpt(source, finding.span)
    head = f"{where}: " if where else ""
    return printable(f"{head}{finding.code} {finding.message}") + shown


def finding_html(finding: Finding, source: SourceFile | None) -> str:
    """:func:`finding_text` as a block the eye finds: red for an error, amber for a warning."""
    colour = {"error": "#b3261e", "warning": "#8a6100"}.get(finding.severity.value, "#444")
    return (
        f'<pre class="av-finding av-{finding.severity.value}" style="color:{colour};white-space:pre-wrap;'
        f'margin:0.3em 0">{esc(finding_text(finding, source))}</pre>'
    )


def finding_markdown(finding: Finding, source: SourceFile | None) -> str:
    """:func:`finding_text` in Markdown (a ``<pre>`` block: the caret line keeps its columns)."""
    return f"<pre>{esc(finding_text(finding, source))}</pre>\n"
