r"""What an editor asks of a note it holds: what a listing's name means, where a reference points, how to fix a finding.

In: a note's lint report (:func:`~algoverify.api.lint_text`: its IR, the names bound around each
listing) and an offset into its text. Out: a :class:`Meaning` (what a name is bound to, where
that was said, the index base), a :class:`Target` (a span of the note, or another file), and
:class:`Fix`\ es, each a set of :class:`Edit`\ s (a span of the note and the text to put there).
The editor's protocol is the caller's (:mod:`algoverify.integrations.lsp`). Nothing runs: all of
it is read from what lint already built.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

from ..findings import Finding, LocatedError, UnboundName
from ..math import mathexpr as M
from ..math.names import identifier
from ..math.segments import parse_segment
from ..reading.files import read_text
from ..reading.rendered import locate
from ..records import frozen
from ..running.input_help import PART_HEADINGS, applied_names, input_said, part_said, size_said, whole_of
from ..running.signature import entry_function
from ..source import Span
from ..syntax import ir
from .analysis import _note_index_base, _spec, declared_checks, listing_base, note_names
from .reports import NoteReport

__all__ = ["Meaning", "Target", "Edit", "Fix", "meaning_at", "definition_at", "fixes"]


@frozen
class Meaning:
    """What the name at a place of a listing is bound to, and where that was said."""

    #: the name as the listing reads it (``x_hat`` for ``\hat{x}``)
    name: str
    #: where it stands, under the cursor
    span: Span
    #: the listing, 1-based
    listing: int
    #: ``input: vector of length n, from \Require at line 8``, ``loop variable of the \For at line 12`` …
    what: str
    #: where the listing's indices count from, and why
    base: int
    base_reason: str


@frozen
class Target:
    """Where a reference points: a span of ``path`` (``None``: the file itself)."""

    path: Path
    span: Span | None


@frozen
class Edit:
    """Put ``text`` in place of the note's ``span`` (an empty span inserts)."""

    span: Span
    text: str


@frozen
class Fix:
    """A change that answers one finding: a title for the menu and its edits."""

    title: str
    edits: tuple[Edit, ...]
    finding: Finding


# --- hover: what a name means --------------------------------------------------------------------


def meaning_at(report: NoteReport, offset: int) -> Meaning | None:
    """What the name at ``offset`` of a listing is bound to; ``None`` off a listing's names."""
    if report.note is None:
        return None
    for i, block in enumerate(report.listings()):
        if block.ir is None or offset not in block.block.span:
            continue
        math = _innermost(block.ir, offset)
        if math is None:
            return None
        try:
            tree = parse_segment(math)
        except LocatedError:
            return None
        # innermost first: x in x_i, then x_i; sigma in \sigma^{2}, then sigma_sq
        around = sorted((n for n in M.walk(tree) if offset in n.span), key=lambda n: n.span.length)
        names = _names(report)
        scopes = names.resolved[i] if names is not None and i < len(names.resolved) else []
        scope, resolution = _scope_at(scopes, offset)
        program = _program(report, i, scope)
        for node in around:
            # on the _ of a_j: a_j (a name of its own, x_0 given by the prose), else the a it is an entry of
            spelt = [identifier(node), identifier(node.base) if isinstance(node, M.Idx) else None]
            for name in (n for n in spelt if n is not None and scope is not None):
                what = _what(report, name, scope, resolution, program)
                if what is not None:
                    base, reason = _base(report, i)
                    return Meaning(name, node.span, i + 1, what, base, reason)
        return None
    return None


def _names(report: NoteReport) -> Any:
    """The names bound around each listing (lint read them; read again for a report that did not)."""
    try:
        return note_names(report)
    except Exception:  # noqa: BLE001 - lint reported what went wrong; a hover then says nothing
        return None


def _program(report: NoteReport, i: int, scope: Any) -> Any:
    """Listing ``i`` (0-based) as ``run`` compiles it, when ``scope`` is what a run runs (its entry); else ``None``.

    What a run binds its inputs, sizes and their parts to, and where the note said it, is read
    from the compiled program, as ``run --help-inputs`` reads it: a hover says the same.
    """
    if scope is None:
        return None
    from .loading import _loaded

    try:
        program = _loaded(report).listing(i + 1).program
    except Exception:  # noqa: BLE001 - a listing that does not compile: lint says why; the hover reads lint's names
        return None
    return program if program.entry == scope.function else None


def _innermost(node: ir.Node, offset: int) -> ir.Math | None:
    found = None
    for n in ir.walk(node):
        if isinstance(n, ir.Math) and offset in n.span and (found is None or n.span.length < found.span.length):
            found = n
    return found


def _scope_at(scopes: list[tuple[Any, Any]], offset: int) -> tuple[Any, Any]:
    inside = [(s, r) for s, r in scopes if offset in s.node.span]
    if not inside:
        return None, None
    return min(inside, key=lambda pair: pair[0].node.span.length)


def _line(report: NoteReport, span: Span) -> int:
    return report.note.source.line_col(span.start)[0]


def _name(math: ir.Math | None) -> str | None:
    if math is None:
        return None
    try:
        return identifier(parse_segment(math))
    except LocatedError:
        return None


def _what(report: NoteReport, name: str, scope: Any, resolution: Any, program: Any = None) -> str | None:
    """The first that applies: loop variable, what a run binds, parameter, input, binding, size, set, unbound."""
    for node in ir.walk(scope.node):
        if isinstance(node, ir.ForRange) and _name(node.var) == name:
            bounds = f"from {node.start.latex} to {node.stop.latex}"
            return f"loop variable of the \\For at line {_line(report, node.span)}, {bounds}"
        if isinstance(node, ir.ForAll) and node.var is not None and _name(node.var) == name:
            over = f", over {node.iterable.latex}" if node.iterable is not None else ""
            return f"loop variable of the \\ForAll at line {_line(report, node.span)}{over}"
    run = _run_binds(name, scope, program) if program is not None else None
    if run is not None:
        return run
    declarations = resolution.declarations
    declared = declarations.get(name)
    said = ""
    if declared is not None:
        what = declared.describe().split(": ", 1)[1]
        said = f"{what}, {declared.where}" if declared.where else what
    if name in scope.params:
        return _parameter(scope) + (f": {said}" if said else "")
    if declared is not None:
        return f"input: {said}"
    binding = resolution.bindings.get(name)
    if binding is not None:
        return _binding_said(binding) if binding.kind in _PARTS else f"{binding.kind}: {_binding_said(binding)}"
    size = declarations.size_description(name)
    if size is not None:
        origin = declarations.size_origins.get(name)
        return f"size: {size}" + (f", {origin}" if origin is not None else "")
    if name in scope.bound:
        first = next((n for n in ir.walk(scope.node) if isinstance(n, ir.Assign) and _sets(n, name)), None)
        return "set by the listing" + (f", first at line {_line(report, first.span)}" if first is not None else "")
    if name in scope.reads:
        return "not bound: no input, parameter, assignment, prose or spec gives it (AV303)"
    return None


def _run_binds(name: str, scope: Any, program: Any) -> str | None:
    """What a run binds ``name`` to, in the words of ``run --help-inputs`` (``None``: not an input's name)."""
    written = frozenset(scope.reads) | frozenset(scope.bound)  # what lint's AV303 counts as the listing's own
    said = input_said(program, name, written, applied_names(scope.node))
    if said is not None:
        return f"{_parameter(scope)}: {said}" if name in scope.params else f"input: {said}"
    said = size_said(program, name)
    if said is not None:
        return f"size: {said}"
    part = part_said(program, name)
    if part is not None:
        return _binding_said(part)
    whole = whole_of(program, name)
    if whole is not None:  # a_j of the input A, stored into or not: the run reads it from A
        kind, of = whole
        return f"{kind} of the input {of}: {input_said(program, of, written)}"
    return None


#: the bindings whose words say what they are (``the entries of C``): shown, as ``--help-inputs`` lists them, alone
_PARTS = frozenset(kind for kinds, _ in PART_HEADINGS for kind in kinds)


def _binding_said(binding: Any) -> str:
    """``the entries of C, from the prose at line 5``: a binding as ``run --help-inputs`` lists it, without its name."""
    return f"{binding.what}, {binding.origin}" if binding.origin is not None else binding.what


def _parameter(scope: Any) -> str:
    function = f"\\{scope.node.kind.capitalize()} {scope.function}" if isinstance(scope.node, ir.Function) else ""
    return f"parameter of {function}".rstrip()


def _sets(node: ir.Assign, name: str) -> bool:
    try:
        tree = parse_segment(node.target)
    except LocatedError:
        return False
    targets = tree.items if isinstance(tree, M.Tuple) else (tree,)
    return any(identifier(t) == name or (isinstance(t, M.Idx) and identifier(t.base) == name) for t in targets)


def _base(report: NoteReport, i: int) -> tuple[int, str]:
    base = listing_base(report, i)
    if _note_index_base(report) is not None:
        return base, "the note's index_base:"
    names = _names(report)
    if names is not None and i < len(names.bases) and names.bases[i] is not None:
        return base, "its families as the note writes them"
    return base, "the project's index base" if report.config.path is not None else "the default"


# --- go to definition ----------------------------------------------------------------------------

_REFERENCE = re.compile(r"\\(?P<verb>ref|eqref|autoref|cref|Cref|label)\s*\{\s*(?P<name>[^{}\s]+)\s*\}")
_LABEL = r"\\label\s*\{{\s*{}\s*\}}"


def definition_at(report: NoteReport, offset: int) -> Target | None:
    r"""Where the reference at ``offset`` points; ``None`` where there is none.

    ``\ref{x}`` (and ``\eqref``, ``\cref`` …) and ``\label{x}`` point at what the label labels: a
    listing's statement, the listing itself, the display equation holding it. In the spec, a
    check's ``listing:`` points at the listing, ``claim:`` at the sentence in the prose,
    ``module:`` at the module and ``reference:`` at the function's ``def`` there.
    """
    if report.note is None:
        return None
    text = report.note.text
    line = report.note.source.lines.line_span(report.note.source.line_col(offset)[0], text)
    for m in _REFERENCE.finditer(text, line.start, line.end):
        if m.start() <= offset < m.end():
            span = _labelled(report, m.group("name"))
            return Target(report.path, span) if span is not None else None
    fm = report.note.front_matter_span
    if fm is not None and fm.start <= offset <= fm.end:
        return _spec_target(report, offset, line)
    return None


def _labelled(report: NoteReport, name: str) -> Span | None:
    for block in report.listings():
        algorithm = block.ir
        if algorithm is None:
            continue
        if algorithm.label == name:
            return block.block.span
        for label in algorithm.labels:
            if label.name == name:
                return label.target
    m = re.search(_LABEL.format(re.escape(name)), report.note.text)
    if m is None:
        return None
    holder = next((b.block for b in report.blocks if m.start() in b.block.span), None)
    return holder.span if holder is not None else Span(m.start(), m.end())


def _spec_target(report: NoteReport, offset: int, line: Span) -> Target | None:
    note = report.note
    try:
        spec = _spec(report)
        checks = declared_checks(report)
    except Exception:  # noqa: BLE001 - a spec that cannot be read: lint says why; nothing to go to
        return None
    module = note.path.parent / spec.module if isinstance(spec.module, str) else None
    if spec.module_span is not None and spec.module_span.start in line and module is not None:
        return Target(module, None)
    for check in checks:
        for key in ("listing", "claim", "reference"):
            at = check.at(key)
            if at == check.span or at.start not in line:
                continue
            if key == "listing":
                return _listing_target(report, check.get("listing"))
            if key == "claim" and check.claim:
                found = locate(note.source.segment(note.body_span), check.claim)
                if found is not None:
                    return Target(report.path, Span(note.body_span.start + found[0], note.body_span.start + found[1]))
            if key == "reference" and module is not None:
                return _function_target(module, check.get("reference"))
    return None


def _listing_target(report: NoteReport, key: Any) -> Target | None:
    from ..checking.specification.spec import _listing

    algorithm, _ = _listing([b.ir for b in report.listings()], key)
    block = next((b for b in report.listings() if algorithm is not None and b.ir is algorithm), None)
    return Target(report.path, block.block.span) if block is not None else None


def _function_target(module: Path, name: Any) -> Target | None:
    """The ``def`` of ``name`` in the module, read with ``ast`` (never imported)."""
    source = read_text(module)
    if source is None or not isinstance(name, str):
        return None
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return Target(module, None)
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            lines = source.splitlines(keepends=True)
            start = sum(len(s) for s in lines[: node.lineno - 1]) + node.col_offset
            return Target(module, Span(start, start))
    return Target(module, None)


# --- code actions: silence a finding, declare a name ---------------------------------------------

_IGNORE = re.compile(r"algoverify:[ \t]*ignore\b(?:\[(?P<codes>[^\]\n]*)\])?", re.IGNORECASE)


def fixes(report: NoteReport, finding: Finding) -> list[Fix]:
    """The edits that answer ``finding``: a suppression comment on its line; for AV303, a ``\\Require``."""
    if report.note is None or finding.span is None:
        return []
    found = (_suppression(report, finding), _declaration(report, finding), _parameter_fix(report, finding))
    return [f for f in found if f is not None]


def _suppression(report: NoteReport, finding: Finding) -> Fix | None:
    """``% algoverify: ignore[CODE]`` at the end of the finding's first line, in the comment its place takes."""
    note = report.note
    source, text = note.source, note.text
    line_no = source.line_col(finding.span.start)[0]
    line = source.lines.line_span(line_no, text)
    title = f"Silence {finding.code} on this line"
    present = _IGNORE.search(text, line.start, line.end)
    if present is not None:
        if present.group("codes") is None:
            return None  # `ignore` alone silences every code there already
        end = present.end("codes")
        codes = present.group("codes").strip()
        return Fix(title, (Edit(Span(end, end), f", {finding.code}" if codes else finding.code),), finding)
    style = _comment_style(report, line)
    directive = f"algoverify: ignore[{finding.code}]"
    if style is None:
        return None
    comment = f" <!-- {directive} -->" if style == "<!--" else f" {style} {directive}"
    return Fix(title, (Edit(Span(line.end, line.end), comment),), finding)


def _comment_style(report: NoteReport, line: Span) -> str | None:
    """The comment that may end ``line`` without changing what the note says: ``%``, ``#``, ``<!--`` (or none)."""
    note = report.note
    if note.kind == "tex":
        return "%"
    eol = line.end
    if line.start == 0 and note.text[: line.end].strip() in ("---", "+++"):
        return None  # the front matter's opening fence: anything after it breaks the fence
    fm = note.front_matter_span
    if fm is not None and fm.start <= line.start < fm.end:
        return "#"
    for block in (b.block for b in report.blocks):
        inside = (
            block.span.start <= eol < block.span.end
            if block.origin == "raw"
            else block.body_span.start <= line.start and eol <= block.body_span.end
        )
        if inside:
            # a mermaid comment stands on a line of its own: no line of a chart can end in one
            return {"algorithm": "%", "math": "%", "python": "#"}.get(block.kind)
    return "<!--"


def _unbound(report: NoteReport, finding: Finding) -> tuple[Any, str, str] | None:
    """For a name nothing binds (AV303): its listing, the name as the note writes it, and that name as math."""
    if finding.code != UnboundName.code:
        return None
    block = next((b for b in report.listings() if b.ir is not None and finding.span.start in b.block.span), None)
    if block is None:
        return None
    text = report.note.text
    name = finding.message.split(" is not defined", 1)[0]
    written = text[finding.span.start : finding.span.end].strip()
    if "_" in written and "_" not in name:
        written = written.split("_", 1)[0]  # n_i read where n is unbound: n is the name
    if not written:
        return None
    body = text[block.block.span.start : block.block.span.end]
    opener, closer = ("$", "$") if "\\(" not in body and "$" in body else ("\\(", "\\)")
    return block, written, f"{opener}{written}{closer}"


def _declaration(report: NoteReport, finding: Finding) -> Fix | None:
    """For a name nothing binds (AV303): ``\\Require`` it, on the listing's ``\\Require`` line or a new one.

    A required name the listing reads is one of its inputs, what a run (a check's draws) must give.
    """
    unbound = _unbound(report, finding)
    if unbound is None:
        return None
    block, written, math = unbound
    text = report.note.text
    body = text[block.block.span.start : block.block.span.end]
    title = f"Declare {written} as an input (\\Require)"
    requires = [n for n in block.ir.body if isinstance(n, ir.Condition) and n.kind in ("require", "input")]
    if requires:
        end = requires[-1].text.span.end
        return Fix(title, (Edit(Span(end, end), f", {math}"),), finding)
    if not block.ir.body:
        return None
    first = block.ir.body[0].span.start
    keyword = "\\REQUIRE" if _uppercase(body) else "\\Require"
    line = report.note.source.lines.line_span(report.note.source.line_col(first)[0], text)
    before = text[line.start : first]
    if before.strip():
        return Fix(title, (Edit(Span(first, first), f"{keyword} {math} "),), finding)
    return Fix(title, (Edit(Span(line.start, line.start), f"{before}{keyword} {math}\n"),), finding)


_EMPTY_PARAMETERS = re.compile(r"\\[A-Za-z]+\*?\s*\{[^{}]*\}\s*\{(\s*)\}")


def _parameter_fix(report: NoteReport, finding: Finding) -> Fix | None:
    """For a name nothing binds (AV303) read in the entry function of a listing of functions: a parameter of it.

    Only the entry's: a run gives the entry its parameters, whereas a function the listing calls
    would take one more argument than its calls pass.
    """
    unbound = _unbound(report, finding)
    if unbound is None:
        return None
    block, written, math = unbound
    entry = entry_function(block.ir)
    function = next((n for n in block.ir.body if isinstance(n, ir.Function) and n.name == entry), None)
    if function is None or finding.span.start not in function.span:
        return None
    title = f"Add {written} to the parameters of {entry}"
    if function.params:
        end = function.params[-1].span.end  # inside its math: \(a, \varepsilon\) becomes \(a, \varepsilon, y\)
        return Fix(title, (Edit(Span(end, end), f", {written}"),), finding)
    empty = _EMPTY_PARAMETERS.match(report.note.text, function.span.start)
    if empty is None:
        return None
    return Fix(title, (Edit(Span(empty.start(1), empty.end(1)), math),), finding)


def _uppercase(body: str) -> bool:
    """Whether a listing is written in the ``algorithmic`` package's uppercase (``\\STATE``, ``\\IF`` …)."""
    upper = re.search(r"\\(?:STATE|IF|FOR|WHILE|RETURN|REQUIRE|ENSURE)\b", body)
    lower = re.search(r"\\(?:State|If|For|While|Return|Require|Ensure)\b", body)
    return upper is not None and lower is None
