"""AV0xx (input) and AV1xx (parse): what stops a note or a block from being read."""

from __future__ import annotations

from .core import Rule, Severity

__all__ = [
    "PathNotFound",
    "UnreadableFile",
    "BadFrontMatter",
    "NoBlocks",
    "BadConfig",
    "UnusedSuppression",
    "InternalError",
    "PythonSyntax",
    "SyntaxErrorInListing",
    "UnclosedBlock",
    "UnmatchedEnd",
    "StrayKeyword",
    "UnbalancedBraces",
    "UnclosedMath",
    "EmptyBlock",
    "UnterminatedEnvironment",
    "UnclosedFence",
]


# --- AV0xx: input ---------------------------------------------------------------


class PathNotFound(Rule):
    """What: a path given on the command line does not exist.

    Why: nothing can be checked, and a typo in a pre-commit config would otherwise pass silently.

    Example: ``algoverify lint corpus/no-such-note.md``
    """

    code = "AV001"
    template = "no such file or directory: {target}"


class UnreadableFile(Rule):
    """What: a note (or a folder) that cannot be read: not UTF-8 text, not a regular file, too large, unlistable.

    Why: positions are counted in code points of the decoded text, and a guess at the encoding
    would make every line:col wrong; a FIFO or a device is never read (it could block the run or
    never end); a folder that cannot be listed would otherwise pass as "no findings".

    Example: a PNG renamed to ``figure.md``; a note saved as Latin-1 with an ``é``; a FIFO named ``x.md``.
    """

    code = "AV002"
    template = "cannot read note: {reason}"


class BadFrontMatter(Rule):
    """What: the note's front matter (YAML between ``---`` or TOML between ``+++``) does not parse.

    Why: the front matter holds the title and the check spec; a broken one hides both.

    Example: ``title: "unclosed`` inside ``---`` fences.
    """

    code = "AV003"
    template = "front matter is not valid {format}: {reason}"


class NoBlocks(Rule):
    """What: a folder given on the command line holds no note, or a note given by name has nothing to check.

    Why: usually a wrong path, or a fence language algoverify does not recognise: without it, a
    pre-commit hook pointed at the wrong folder would pass as clean forever. A note has nothing
    to check when it has no block, no ``algoverify:`` spec and no sentence that states something
    checkable. A warning, so ``--strict`` fails the run; notes found inside a folder are not
    reported (a Hugo section's ``_index.md`` is prose only).

    Example: ``algoverify lint content/post`` when the notes are in ``content/posts``;
    ``algoverify lint README.md`` on a file with prose only.
    """

    code = "AV004"
    severity = Severity.WARNING
    template = "{what}"


class BadConfig(Rule):
    """What: the project configuration (``[tool.algoverify]`` or ``algoverify.toml``) has a mistake.

    Why: a misspelt setting is silently ignored by most tools; here it is said, at the key, so
    that ``ignore`` or ``macros`` do what the author meant.

    Example: ``ignor = ["AV202"]`` under ``[tool.algoverify]``.
    """

    code = "AV005"
    template = "project config: {message}"


class UnusedSuppression(Rule):
    """What: an ``algoverify: ignore[…]`` comment, ``off`` region or front-matter ``ignore:`` that silences nothing.

    Why: a suppression outlives the problem it hid; left in place it would hide the next one.
    Reported with ``--strict`` only.

    Example: ``% algoverify: ignore[AV202]`` on a line whose math algoverify reads.
    """

    code = "AV006"
    severity = Severity.WARNING
    template = "unused suppression: {what}"


class InternalError(Rule):
    """What: algoverify itself failed on a block; the traceback is in the details.

    Why: a bug in the tool must not hide the rest of the report, and must not pass as a finding
    about the note: the command exits with status 2.

    Example: (none expected; please report it with the note that triggers it)
    """

    code = "AV099"
    template = "internal error while {stage}: {error} (a bug in algoverify, not in the note: please report it)"


class PythonSyntax(Rule):
    """What: a Python code block does not compile.

    Why: a snippet that cannot run cannot print what the prose says it prints.

    Example: a ``python`` fence containing ``print("unclosed``
    """

    code = "AV010"
    template = "Python syntax error: {message}"


# --- AV1xx: parse -----------------------------------------------------------------


class SyntaxErrorInListing(Rule):
    """What: the listing's block structure does not parse and no more specific rule applies.

    Why: the structure (which statements are inside which loop) must be certain before anything runs.

    Example: ``\\While{\\(x\\)} \\State \\(y\\) \\EndFor``
    """

    code = "AV101"
    template = "{message}"


class UnclosedBlock(Rule):
    """What: a block opened by ``\\If``, ``\\For``, ``\\While``, ``\\Function`` … is never closed.

    Why: LaTeX's algpseudocode refuses it too; and which statements belong to the loop is unknown.

    Example: a ``\\While{…}`` with no ``\\EndWhile`` before ``\\end{algorithmic}``.
    """

    code = "AV102"
    template = "{opener} is never closed: expected {closer} before {found}"


class UnmatchedEnd(Rule):
    """What: a closing keyword (``\\EndIf``, ``\\EndWhile`` …) with no matching opener.

    Why: it usually means an opener was deleted or a different block was closed by mistake.

    Example: ``\\State \\(x \\gets 1\\) \\EndIf``
    """

    code = "AV103"
    template = "{closer} without a matching {opener}"


class StrayKeyword(Rule):
    """What: ``\\Else``, ``\\ElsIf`` or ``\\Until`` outside the block it belongs to.

    Why: the branch it starts has no condition to belong to.

    Example: ``\\State \\(x \\gets 1\\) \\Else``
    """

    code = "AV104"
    template = "{keyword} outside {context}"


class UnbalancedBraces(Rule):
    """What: a ``{`` with no matching ``}`` (or the reverse) inside a listing.

    Why: TeX reads to the end of the file looking for the brace; the structure after it is lost.

    Example: ``\\Comment{any direction``
    """

    code = "AV105"
    template = "unbalanced braces: {detail}"


class UnclosedMath(Rule):
    """What: inline math opened with ``\\(`` or ``$`` and never closed on its statement.

    Why: the rest of the listing would be read as math.

    Example: ``\\State \\(v \\gets A v``
    """

    code = "AV106"
    template = "math opened with {delim} is never closed"


class EmptyBlock(Rule):
    """What: an ``algorithmic`` environment (or a pseudocode fence) with no statements.

    Why: an empty listing verifies nothing; it is usually a copy-paste accident.

    Example: ``\\begin{algorithmic}[1]\\end{algorithmic}``
    """

    code = "AV107"
    severity = Severity.WARNING
    template = "empty {kind}"


class UnterminatedEnvironment(Rule):
    """What: ``\\begin{algorithm}`` or ``\\begin{algorithmic}`` with no matching ``\\end`` before the end.

    Why: the file was probably cut off, or the ``\\end`` is misspelled.

    Example: a note whose last line is ``\\State \\(x \\gets 1\\)``.
    """

    code = "AV108"
    template = "\\begin{{{env}}} is never ended"


class UnclosedFence(Rule):
    """What: a Hugo shortcode such as ``{{< pseudocode >}}`` with no closing ``{{< /pseudocode >}}``.

    Why: Hugo renders the rest of the page inside it.

    Example: ``{{< pseudocode >}}`` and no ``{{< /pseudocode >}}``.
    """

    code = "AV109"
    template = "shortcode {name} is never closed"
