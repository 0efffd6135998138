"""A check's :class:`~.outcome.Outcome` as HTML and Markdown: its verdict, what backs it, its counterexample.

In: an outcome and, when the caller has it, the note's :class:`~algoverify.source.SourceFile` (then
the findings and the claim say their lines). Out: an HTML fragment or Markdown, every text from
the note escaped (:mod:`algoverify.running.display` holds the escaping and the tables). What is
shown follows the text report (``algoverify check``): the verdict line, the findings, the claim,
the known finding, the counterexample, the command that reproduces it.
"""

from __future__ import annotations

from typing import Any

from ..running.display import esc, finding_text, md_code, md_table, md_text
from ..source import SourceFile

__all__ = ["outcome_html", "outcome_markdown", "counterexample_rows", "COLOURS"]

#: the colour of each verdict (its words are :data:`.outcome.VERDICTS`, which imports this module's
#: functions lazily: this module names them as text, not by import, so the two make no cycle)
COLOURS = {"verified": "#1e7b34", "refuted as expected": "#8a6100", "refuted": "#b3261e", "could not check": "#7b1fa2"}
_CELL = "padding:0.1em 0.6em;text-align:left;vertical-align:top"


def counterexample_rows(outcome: Any, key: str = "counterexample") -> list[tuple[str, str]]:
    """``(name, value)`` per input of the counterexample, as the report prints it (``A = [[-1.0]]``).

    ``key="inputs"``: the values a one-trial run (``--check ID --set …``) was given.
    """
    text = outcome.details.get(key)
    if not isinstance(text, str):
        return []
    rows = []
    for line in text.splitlines():
        name, sep, value = line.partition(" = ")
        rows.append((name.strip(), value) if sep else ("", line))
    return rows


def _lines(outcome: Any, source: SourceFile | None) -> dict[str, Any]:
    """What both formats show, as plain text: the headline, findings, claim, known, reproduce, trials."""
    check = outcome.check
    claim = check.claim if check is not None else None
    claim_line = None
    if claim and source is not None and outcome.claim_span is not None:
        claim_line = source.line_col(outcome.claim_span.start)[0]
    said = {f.message for f in outcome.findings}
    return {
        "kind": check.kind if check is not None else "",
        "id": check.id if check is not None else "",
        # the message is said once: by the finding that carries it, when one does (as the text report)
        "message": "" if any(m.endswith(outcome.message) for m in said) and outcome.message else outcome.message,
        "findings": [finding_text(f, source) for f in outcome.findings],
        "claim": f"claim{f' (line {claim_line})' if claim_line else ''}: {claim}" if claim else None,
        "known": f"known: {check.known}" if check is not None and check.known else None,
        "reproduce": outcome.details.get("reproduce"),
        "compared": [str(c) for c in outcome.details.get("compared", ())],
        "trials": f"{outcome.trials} trial{'s' if outcome.trials != 1 else ''}, {outcome.seconds:.2f} s",
    }


def outcome_html(outcome: Any, source: SourceFile | None = None) -> str:
    """The outcome as an HTML block; with ``source``, the lines of its findings and claim."""
    parts = _lines(outcome, source)
    colour = COLOURS.get(outcome.status, "#444")
    out = [
        '<div class="algoverify av-outcome">',
        f'<div><b class="av-verdict" style="color:{colour}">{esc(outcome.status)}</b> {esc(parts["kind"])} '
        f"<code>{esc(parts['id'])}</code> {esc(parts['message'])} "
        f'<span style="color:#666">({esc(parts["trials"])})</span></div>',
    ]
    out += [
        f'<pre class="av-finding" style="white-space:pre-wrap;margin:0.3em 0">{esc(t)}</pre>' for t in parts["findings"]
    ]
    out += [f"<div>{esc(parts[key])}</div>" for key in ("claim", "known") if parts[key]]
    for key in ("inputs", "counterexample"):
        rows = counterexample_rows(outcome, key)
        if rows:
            cells = "".join(
                f'<tr><td style="{_CELL}">{esc(name)}</td><td style="{_CELL}"><code>{esc(value)}</code></td></tr>'
                for name, value in rows
            )
            out.append(f'<div>{key}:</div><table class="av-{key}" style="border-collapse:collapse">{cells}</table>')
    if parts["compared"]:  # as the text report and `algoverify run --check ID --set …` show it: a line each
        lines = "".join(f"<div><code>{esc(line)}</code></div>" for line in parts["compared"])
        out.append(f'<div>compared:</div><div class="av-compared" style="padding-left:0.6em">{lines}</div>')
    if parts["reproduce"]:
        out.append(f'<div>reproduce: <code class="av-reproduce">{esc(parts["reproduce"])}</code></div>')
    return "".join(out) + "</div>"


def outcome_markdown(outcome: Any, source: SourceFile | None = None) -> str:
    """:func:`outcome_html` in Markdown."""
    parts = _lines(outcome, source)
    head = f"**{md_text(outcome.status)}** {md_text(parts['kind'])} {md_code(parts['id'])}"
    if parts["message"]:
        head += f" {md_text(parts['message'])}"
    out = [head + f" ({md_text(parts['trials'])})\n"]
    out += [f"<pre>{esc(t)}</pre>\n" for t in parts["findings"]]
    out += [md_text(parts[key]) + "\n" for key in ("claim", "known") if parts[key]]
    for key in ("inputs", "counterexample"):
        rows = counterexample_rows(outcome, key)
        if rows:
            out.append(f"{key}:\n\n" + md_table(["input", "value"], [[md_text(n), md_code(v)] for n, v in rows]))
    if parts["compared"]:
        out.append("compared:\n\n" + "".join(f"- {md_code(line)}\n" for line in parts["compared"]))
    if parts["reproduce"]:
        out.append(f"reproduce: {md_code(parts['reproduce'])}\n")
    return "\n".join(out)
