"""The HTML report: one self-contained page to look at, each note with its listings marked line by line.

In: a run's result (``check(traces=True)`` gives each outcome the trace this page draws from).
Out: one HTML document with its CSS inline and its plots as inline SVG: nothing is fetched when
it is viewed (no script, no font, no stylesheet or image from elsewhere). Per note: its listings,
every line marked by what covers it (:mod:`.coverage`), with the checks that reached it; its
claims, each linked to its checks; each check with its verdict, findings, counterexample (a
table), reproduce command and, for a check whose runs looped, a plot of the run shown
(:mod:`.plots`: the counterexample's, else the one with the most passes). Every text from a
note is escaped. Without matplotlib the page is whole, without plots, and says so.
"""

from __future__ import annotations

import json as _json
from html import escape
from typing import Any, Iterable, Mapping

from ..checking.outcome import CANNOT, KNOWN, REFUTED, VERDICTS, VERIFIED
from ..findings import Finding
from ..version import __version__
from . import plots
from .common import PLACED, Bare, Sources, attribute, counterexample, location, severity_counts, unverified_count
from .common import verdict_counts as count_verdicts
from .coverage import NOT_REACHED, ListingView, listings
from .text import proof_text

__all__ = ["report", "render", "CSS"]

#: a mark's CSS class and the sign shown beside the line (the colour is not the only cue)
_CLASS = {VERIFIED: "verified", REFUTED: "refuted", KNOWN: "known", CANNOT: "cannot", NOT_REACHED: "unreached"}
_SIGN = {VERIFIED: "✓", REFUTED: "✗", KNOWN: "!", CANNOT: "?", NOT_REACHED: "·"}
#: entries of a counterexample's array shown as a table; a larger one is summarised
_TABLE_ENTRIES = 400

CSS = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;margin:0 auto;
max-width:1180px;padding:0 1.5rem 3rem}
h1{font-size:1.5rem;margin:1.2rem 0 .3rem}h2{font-size:1.2rem;margin:2.2rem 0 .4rem;padding-top:.6rem;
border-top:2px solid #d0d7de}h3{font-size:1.02rem;margin:1.3rem 0 .4rem}h4{font-size:.95rem;margin:0 0 .3rem}
code,pre,.src{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:12.5px}
pre{background:#f6f8fa;padding:.5rem .7rem;overflow-x:auto;white-space:pre-wrap;margin:.3rem 0}
a{color:#0969da;text-decoration:none}a:hover{text-decoration:underline}
.verified{--c:#1a7f37;--b:#dafbe1}.refuted{--c:#cf222e;--b:#ffebe9}.known{--c:#9a6700;--b:#fff8c5}
.cannot{--c:#8250df;--b:#fbefff}.unreached{--c:#6e7781;--b:#f6f8fa}
.badge{display:inline-block;border:1px solid var(--c);color:var(--c);background:var(--b);border-radius:1em;
padding:0 .55em;font-size:12px;white-space:nowrap}
.muted,.where{color:#59636e}.summary span{margin-right:.9em}nav ul,.legend{padding:0;list-style:none}
nav li,.legend li{display:inline-block;margin:0 .8em .25em 0}
table.listing{border-collapse:collapse;width:100%;margin:.3rem 0 .6rem}
table.listing td{padding:0 .45rem;vertical-align:top;border-bottom:1px solid #f0f2f4}
td.ln,td.hits{text-align:right;color:#59636e;white-space:nowrap}td.src{white-space:pre-wrap;width:60%}
td.mk{width:1.2em;text-align:center;font-weight:bold;color:var(--c);border-left:4px solid var(--c);
background:var(--b)}td.by{white-space:nowrap}
.chip{display:inline-block;min-width:1.3em;text-align:center;font-size:11px;margin:1px 2px 1px 0;padding:0 .3em;
border-radius:3px;color:var(--c);background:var(--b);border:1px solid var(--c)}
article.check{border:1px solid #d0d7de;border-left:5px solid var(--c);border-radius:6px;padding:.6rem .9rem;
margin:.7rem 0}
article.check p{margin:.25rem 0}table.values{border-collapse:collapse;margin:.3rem 0}
table.values th,table.values td{border:1px solid #d0d7de;padding:.1rem .45rem;text-align:left;vertical-align:top}
table.values td table{border-collapse:collapse}table.values td table td{border:1px solid #eaeef2;text-align:right}
ul.findings{padding-left:1.1rem}.sev-error b{color:#cf222e}.sev-warning b{color:#9a6700}.sev-note b{color:#59636e}
figure.plot{margin:.5rem 0}figure.plot svg{max-width:100%;height:auto}figcaption{color:#59636e;font-size:12px}
.notice{background:#fff8c5;border:1px solid #d4a72c;padding:.4rem .7rem;border-radius:6px}
"""


def _e(text: Any) -> str:
    return escape(str(text), quote=True)


def report(result: Any, *, command: str = "check", strict: bool = False, **_: Any) -> str:
    """The run as one HTML page (see the module's docstring)."""
    page = _Page(result.sources, marked=command == "check")
    body = [page.header(result, command, strict)]
    if result.findings:
        body.append("<h2>The run's findings</h2>" + _findings(result.findings, result.sources))
    for k, note in enumerate(result.notes, start=1):
        body.append(page.note(note, f"n{k}"))
    if page.missing:
        body.insert(1, f'<p class="notice">Plots are not drawn: {_e(page.missing)}.</p>')
    title = f"algoverify {command}: {len(result.notes)} note{'s' if len(result.notes) != 1 else ''}"
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta name="generator" content="algoverify {_e(__version__)}">\n'
        f"<title>{_e(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + "\n</body>\n</html>\n"
    )


def render(findings: Iterable[Finding], sources: Sources, *, strict: bool = False, **_: Any) -> str:
    """The page of bare findings (no notes, no checks), as ``lint`` would give it."""
    return report(Bare(list(findings), sources), command="lint", strict=strict)


class _Page:
    """What the page's parts share: the sources, and whether a plot could not be drawn."""

    def __init__(self, sources: Sources, *, marked: bool = True) -> None:
        self.sources = sources
        self.marked = marked  # a lint ran nothing: its listings are not marked
        self.missing: str | None = None  # why plots are not drawn (matplotlib missing)

    def header(self, result: Any, command: str, strict: bool) -> str:
        findings = result.all_findings()
        severities = severity_counts(findings)
        parts = [f"<h1>algoverify {_e(command)}</h1>", '<p class="summary">']
        if command == "check":
            for word, n in count_verdicts(result.notes).items():
                parts.append(f'<span class="badge {_CLASS[word]}">{n} {_e(word)}</span>')
        parts.append(f"<span>{unverified_count(findings)} unverified</span>")
        parts.append(f"<span>{severities['error']} errors, {severities['warning']} warnings</span>")
        strict_word = ", --strict" if strict else ""
        parts.append(f'<span class="muted">{getattr(result, "seconds", 0.0):.1f} s{strict_word}</span></p>')
        legend = "".join(
            f'<li><span class="badge {_CLASS[m]}">{_SIGN[m]} {_e(m)}</span></li>' for m in (*VERDICTS, NOT_REACHED)
        )
        parts.append(
            '<p class="muted">Each statement of a listing is marked by the checks whose runs reached it: refuted '
            "when one of them was refuted, else verified when one verified, else refuted as expected, else could "
            "not check; not reached when none did. The numbers beside a line are those checks (links), its hits "
            "are counted over all their runs.</p>"
            f'<ul class="legend">{legend}</ul>'
        )
        if result.notes:
            items = "".join(
                f'<li><a href="#n{k}">{_e(n.path)}</a> {_note_badges(n)}</li>'
                for k, n in enumerate(result.notes, start=1)
            )
            parts.append(f"<nav><ul>{items}</ul></nav>")
        return "\n".join(parts)

    def note(self, note: Any, anchor: str) -> str:
        source = note.note.source if note.note is not None else None
        n = len(note.outcomes)
        timing = "cached" if getattr(note, "cached", False) else f"{note.seconds:.2f} s"
        parts = [
            f'<section id="{anchor}"><h2>{_e(note.path)}</h2>',
            f'<p class="muted">{n} check{"s" if n != 1 else ""}, {timing}</p>',
        ]
        ids = {id(o): f"{anchor}-c{j}" for j, o in enumerate(note.outcomes, start=1)}
        claims = _claims(note.outcomes, anchor, source)
        for view in listings(note, marked=self.marked):
            parts.append(self.listing(view, f"{anchor}-l{view.index}", ids))
        if claims:
            parts.append("<h3>Claims</h3><ol>")
            for claim_id, (text, line, outcomes) in claims.items():
                links = " ".join(
                    f'<a class="badge {_CLASS[o.status]}" href="#{ids[id(o)]}">{_e(o.check.id)}: {_e(o.status)}</a>'
                    for o in outcomes
                )
                where = (
                    f'<span class="where">line {line}</span> '
                    if line
                    else '<span class="where">not in the prose</span> '
                )
                parts.append(f'<li id="{claim_id}"><q>{_e(text)}</q> {where}{links}</li>')
            parts.append("</ol>")
        checks, rest = attribute(note)
        if checks:
            parts.append("<h3>Checks</h3>")
        claim_of = {id(o): cid for cid, (_, _, outcomes) in claims.items() for o in outcomes}
        for check in checks:
            parts.append(self.check(check, source, ids[id(check.outcome)], claim_of.get(id(check.outcome))))
        if rest:
            parts.append("<h3>Findings no check raised</h3>" + _findings(rest, self.sources))
        parts.append("</section>")
        return "\n".join(parts)

    def listing(self, view: ListingView, anchor: str, ids: Mapping[int, str]) -> str:
        caption = f": {_e(view.caption)}" if view.caption else ""
        ran = " ".join(_chip(o, ids, f"{_number(ids[id(o)])} {o.check.id}") for o in view.checks) or "no check ran it"
        rows = []
        for line in view.lines:
            if line.mark is None:
                cells = (
                    f'<td class="ln">{line.number}</td><td></td><td></td><td class="src">{_e(line.text)}</td><td></td>'
                )
                rows.append(f"<tr>{cells}</tr>")
                continue
            by = "".join(_chip(o, ids, _number(ids[id(o)]), f", {hits} hits") for o, hits in line.checks)
            cls = _CLASS[line.mark]
            rows.append(
                f'<tr class="{cls}"><td class="ln">{line.number}</td>'
                f'<td class="mk {cls}" title="{_e(line.mark)}">{_SIGN[line.mark]}</td>'
                f'<td class="hits">{line.hits or ""}</td><td class="src">{_e(line.text)}</td>'
                f'<td class="by">{by}</td></tr>'
            )
        return (
            f'<h3 id="{anchor}">Listing {view.index}{caption} <span class="where">line {view.first_line}</span></h3>'
            f'<p class="muted">Run by: {ran}</p>'
            '<table class="listing"><thead><tr><th>line</th><th></th><th>hits</th><th>source</th><th>checks</th></tr>'
            "</thead><tbody>" + "".join(rows) + "</tbody></table>"
        )

    def check(self, check: Any, source: Any, anchor: str, claim_anchor: str | None) -> str:
        o = check.outcome
        cls = _CLASS[o.status]
        trials = f", {o.trials} trial{'s' if o.trials != 1 else ''}" if o.trials else ""
        parts = [
            f'<article class="check {cls}" id="{anchor}">',
            f'<h4>{_number(anchor)}. <span class="badge {cls}">{_e(o.status)}</span> <code>{_e(o.check.id)}</code> '
            f'<span class="muted">{_e(o.check.kind)} check, {o.seconds:.2f} s{trials}</span></h4>',
        ]
        if o.message:
            parts.append(f"<p>{_e(o.message)}</p>")
        if o.check.claim:
            line = source.line_col(o.claim_span.start)[0] if source is not None and o.claim_span else None
            where = f"line {line}" if line else "not in the prose"
            text = f'<a href="#{claim_anchor}">{_e(o.check.claim)}</a>' if claim_anchor else _e(o.check.claim)
            parts.append(f'<p>Claim: <q>{text}</q> <span class="where">{where}</span></p>')
        if source is not None and o.check.span is not None:
            parts.append(f'<p class="muted">Spec entry: line {source.line_col(o.check.span.start)[0]}</p>')
        if o.check.known:
            parts.append(f"<p>Known finding: {_e(o.check.known)}</p>")
        if check.findings:
            parts.append(_findings(check.findings, self.sources))
        parts.extend(_details(o.details))
        values = counterexample(o.details)
        if values:
            parts.append("<p>Counterexample:</p>" + _values_table(values))
        elif isinstance(o.details.get("counterexample"), str) and o.details["counterexample"]:
            parts.append(f"<p>Counterexample:</p><pre>{_e(o.details['counterexample'])}</pre>")
        if o.details.get("reproduce"):
            parts.append(f"<p>Reproduce:</p><pre><code>{_e(o.details['reproduce'])}</code></pre>")
        parts.append(self.plot(o))
        parts.append("</article>")
        return "\n".join(p for p in parts if p)

    def plot(self, outcome: Any) -> str:
        series = (getattr(outcome, "trace", None) or {}).get("series")
        if not series or not series.get("x"):
            return ""
        which = "the counterexample's run" if series.get("run") == "counterexample" else "the run with the most passes"
        ended = f", ended by {series['finding']}" if series.get("finding") else ""
        passes = plots.passes_text(series.get("passes", 0))
        caption = f"The listing's scalars over the loop passes: {which}, {passes}{ended}."
        if self.missing is not None:
            return f'<p class="muted">{_e(caption)} (not drawn: matplotlib is not installed)</p>'
        try:
            drawing = plots.inline_svg(series)
        except plots.PlottingUnavailable as exc:
            self.missing = str(exc)
            return f'<p class="muted">{_e(caption)} (not drawn: matplotlib is not installed)</p>'
        return f'<figure class="plot">{drawing}<figcaption>{_e(caption)}</figcaption></figure>'


def _number(anchor: str) -> str:
    """A check's number in its note (``n2-c5`` → ``5``): what a listing's line shows of it."""
    return anchor.rsplit("-c", 1)[1]


def _chip(outcome: Any, ids: Mapping[int, str], text: str, more: str = "") -> str:
    """A link to a check, coloured by its verdict; its id and verdict in the title."""
    title = f"{outcome.check.id}: {outcome.status}{more}"
    return f'<a class="chip {_CLASS[outcome.status]}" href="#{ids[id(outcome)]}" title="{_e(title)}">{_e(text)}</a>'


def _note_badges(note: Any) -> str:
    counts: dict[str, int] = {}
    for o in note.outcomes:
        counts[o.status] = counts.get(o.status, 0) + 1
    return " ".join(f'<span class="badge {_CLASS[w]}">{n} {_e(w)}</span>' for w, n in counts.items())


def _claims(outcomes: list[Any], anchor: str, source: Any) -> dict[str, tuple[str, int | None, list[Any]]]:
    """The claims the checks back, each once with its checks: ``anchor → (sentence, line, outcomes)``."""
    by_text: dict[str, tuple[str, int | None, list[Any]]] = {}
    for o in outcomes:
        if not o.check.claim:
            continue
        entry = by_text.setdefault(o.check.claim, (o.check.claim, None, []))
        entry[2].append(o)
    out = {}
    for m, (text, _, found) in enumerate(by_text.values(), start=1):
        spans = [o.claim_span for o in found if o.claim_span is not None]
        line = source.line_col(spans[0].start)[0] if spans and source is not None else None
        out[f"{anchor}-claim{m}"] = (text, line, found)
    return out


def _findings(findings: Iterable[Finding], sources: Sources) -> str:
    items = "".join(
        f'<li class="sev-{f.severity.value}"><code>{_e(location(f, sources))}</code> '
        f"<b>{_e(f.code)}</b> {_e(f.message)}</li>"
        for f in findings
    )
    return f'<ul class="findings">{items}</ul>'


def _details(details: Mapping[str, Any]) -> list[str]:
    """What else backs the verdict (a proof, a snippet's printed output …), as ``key: value``."""
    out = []
    for key, value in details.items():
        if key in PLACED or key.startswith("_"):
            continue
        if key == "proof" and isinstance(value, Mapping):
            value = proof_text(value)
        elif isinstance(value, (list, tuple)):
            value = "\n".join(str(v) for v in value)
        text = str(value)
        if "\n" in text:
            out.append(f"<p>{_e(key)}:</p><pre>{_e(text)}</pre>")
        else:
            out.append(f'<p><span class="muted">{_e(key)}:</span> {_e(text)}</p>')
    return out


def _values_table(values: Mapping[str, Any]) -> str:
    rows = "".join(f"<tr><th>{_e(name)}</th><td>{_value(v)}</td></tr>" for name, v in values.items())
    return f'<table class="values">{rows}</table>'


def _scalar(value: Any) -> str:
    return _e(value if isinstance(value, str) else _json.dumps(value, ensure_ascii=False))


def _value(value: Any) -> str:
    """A counterexample's value: a number, a row of numbers, a matrix as a table; else its JSON text."""
    if isinstance(value, dict) and "shape" in value:  # an array too large to carry, as common.counterexample gives it
        where = f", written whole to {value['file']}" if value.get("file") else ""
        shape, low, high = value.get("shape"), value.get("min"), value.get("max")
        return _e(f"{value.get('dtype')} array of shape {shape}, from {low} to {high}{where}")
    if isinstance(value, list) and value and len(value) <= _TABLE_ENTRIES:
        if all(not isinstance(v, (list, dict)) for v in value):
            return "<table><tr>" + "".join(f"<td>{_scalar(v)}</td>" for v in value) + "</tr></table>"
        if all(isinstance(r, list) and all(not isinstance(v, (list, dict)) for v in r) for r in value):
            if sum(len(r) for r in value) <= _TABLE_ENTRIES:
                body = "".join("<tr>" + "".join(f"<td>{_scalar(v)}</td>" for v in r) + "</tr>" for r in value)
                return f"<table>{body}</table>"
    if isinstance(value, (list, dict)):
        return f"<code>{_e(_json.dumps(value, ensure_ascii=False))}</code>"
    return _scalar(value)
