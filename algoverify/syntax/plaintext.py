r"""LaTeX text → readable plain text, for :attr:`algoverify.syntax.ir.Text.plain` (reports and matching).

``\lambda`` becomes λ, ``\textbf{x}`` becomes x, ``\Call{F}{x}`` becomes ``F(x)``; whitespace
is collapsed. The conversion is pylatexenc's :class:`LatexNodes2Text`, taught the
algorithmicx macros it does not know. It never raises: on any failure the raw text
comes back, whitespace collapsed.
"""

from __future__ import annotations

import functools
import logging
from typing import Any

__all__ = ["to_plain"]

# Macros pylatexenc does not know, and their text. TeX eats the space after a control
# word, and so does pylatexenc: word-like replacements carry their own spaces.
_SYMBOLS = {
    "gets": " ← ",
    "To": " to ",
    "TO": " to ",
    "AND": " and ",
    "OR": " or ",
    "NOT": " not ",
    "TRUE": " true ",
    "FALSE": " false ",
    "And": " and ",
    "Or": " or ",
    "Not": " not ",
    "True": " true ",
    "False": " false ",
    "coloneqq": " := ",
    "lVert": "‖",
    "rVert": "‖",
    "lvert": "|",
    "rvert": "|",
    "top": "⊤",
    "dots": "…",
    "$": "$",
    # algorithmicx's keyword texts, which papers also use in their own lines (\algorithmicrequire)
    "algorithmicrequire": " Require: ",
    "algorithmicensure": " Ensure: ",
    "algorithmicinput": " Input: ",
    "algorithmicoutput": " Output: ",
    "algorithmicend": " end ",
    "algorithmicdo": " do ",
    "algorithmicwhile": " while ",
    "algorithmicfor": " for ",
    "algorithmicforall": " for all ",
    "algorithmicforeach": " for each ",
    "algorithmicto": " to ",
    "algorithmicif": " if ",
    "algorithmicthen": " then ",
    "algorithmicelse": " else ",
    "algorithmicloop": " loop ",
    "algorithmicrepeat": " repeat ",
    "algorithmicuntil": " until ",
    "algorithmicreturn": " return ",
    "algorithmicprocedure": " procedure ",
    "algorithmicfunction": " function ",
    "algorithmicprint": " print ",
    "algorithmictrue": " true ",
    "algorithmicfalse": " false ",
    "algorithmicand": " and ",
    "algorithmicor": " or ",
    "algorithmicnot": " not ",
    "algorithmicgoto": " go to ",
}
_WITH_ARGS = {
    # name: (argument spec for the walker, text template over the arguments)
    "Call": ("{{", "%(1)s(%(2)s)"),
    "Comment": ("{", " ▷ %(1)s"),
    "COMMENT": ("{", " ▷ %(1)s"),
    "textproc": ("{", "%(1)s"),
    "texttt": ("{", "%(1)s"),
    "textsf": ("{", "%(1)s"),
    "textup": ("{", "%(1)s"),
    "textsc": ("{", "%(1)s"),
    "label": ("{", ""),
}


@functools.cache
def _converter() -> tuple[Any, Any]:
    """Build the walker context and the converter once (pylatexenc is imported lazily)."""
    from pylatexenc import latex2text, latexwalker, macrospec

    walker_db = latexwalker.get_default_latex_context_db()
    walker_db.add_context_category(
        "algoverify",
        prepend=True,
        macros=[macrospec.MacroSpec(name, args) for name, (args, _) in _WITH_ARGS.items()],
    )
    text_db = latex2text.get_default_latex_context_db()
    text_db.add_context_category(
        "algoverify",
        prepend=True,
        macros=[latex2text.MacroTextSpec(name, simplify_repl=text) for name, text in _SYMBOLS.items()]
        + [latex2text.MacroTextSpec(name, simplify_repl=text) for name, (_, text) in _WITH_ARGS.items()],
    )
    converter = latex2text.LatexNodes2Text(latex_context=text_db, math_mode="text", strict_latex_spaces=False)
    # a macro of the note that pylatexenc cannot substitute is logged as a "configuration error"
    # that Python's last-resort handler prints to the user's terminal: the plain text is a
    # rendering, and a record still reaches any handler the application set up
    logging.getLogger("pylatexenc").addHandler(logging.NullHandler())
    return walker_db, converter


@functools.lru_cache(maxsize=4096)
def to_plain(latex: str) -> str:
    """Return ``latex`` as readable plain text with whitespace collapsed; never raises."""
    try:
        from pylatexenc import latexwalker

        walker_db, converter = _converter()
        walker = latexwalker.LatexWalker(latex, latex_context=walker_db, tolerant_parsing=True)
        nodes, _, _ = walker.get_latex_nodes()
        text = converter.nodelist_to_text(nodes)
    except Exception:  # noqa: BLE001 - the contract is "never raise"; raw text is a fine fallback
        text = latex
    return " ".join(text.split())
