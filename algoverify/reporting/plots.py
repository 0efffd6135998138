"""A run's series (:mod:`algoverify.running.recording`) drawn with matplotlib as SVG text, for a page or a file.

In: the ``series`` of an outcome's trace (the loop passes sampled, a line per scalar). Out: an
SVG document (:func:`svg`), or the same inlined in HTML (:func:`inline_svg`): no script, no
font or image fetched, the text kept as text. matplotlib is an extra (``algoverify[report]``):
it is imported here only, when a plot is drawn, with its SVG canvas and never a display.
"""

from __future__ import annotations

import io
import math
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

__all__ = ["EXTRA", "PlottingUnavailable", "available", "label_text", "passes_text", "svg", "inline_svg", "write"]

#: the extra that installs matplotlib
EXTRA = "report"
#: a test's threshold side is dashed; a line past the colours cycles through them
_STYLES = {"test": "-", "float": "-", "integer": "-.", "norm": ":"}
#: the spread of positive values past which the y axis is logarithmic (a residual falling to 1e-10)
_LOG_SPREAD = 1e3


class PlottingUnavailable(RuntimeError):
    """matplotlib is not installed: the message says how to get it."""


@lru_cache(maxsize=1)
def _matplotlib() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise PlottingUnavailable(
            f"plots need matplotlib, which is not installed: pip install 'algoverify[{EXTRA}]'"
        ) from None
    return matplotlib


def available() -> bool:
    """Whether plots can be drawn here (matplotlib is installed)."""
    try:
        _matplotlib()
    except PlottingUnavailable:
        return False
    return True


def passes_text(passes: int, what: str = "pass") -> str:
    """``1 pass``, ``11 passes`` (``what="loop pass"``: ``1 loop pass``): a plot's caption and title."""
    return f"{passes} {what}{'' if passes == 1 else 'es'}"


def label_text(latex: str) -> str:
    """A series' name as a reader reads it: a test's side from its LaTeX (``‖w − λv‖``), a name as it is."""
    if "\\" not in latex and "{" not in latex:
        return _greek(latex)
    from pylatexenc.latex2text import LatexNodes2Text

    try:
        text = LatexNodes2Text(math_mode="text").latex_to_text(_DELIMITER.sub(_delimiter, latex))
    except Exception:  # noqa: BLE001 - LaTeX the converter cannot read is shown as written
        return latex
    return re.sub(r"\s+", " ", text).strip() or latex


#: a delimiter that opens (``\lvert``, ``\left(``) with the space after it, or closes with the space
#: before it: the converter keeps the space a source puts before ``\rvert`` (``|x^2 - a |``)
_DELIMITER = re.compile(
    r"\\left\s*(?P<left>\\[A-Za-z]+|\\[|{}]|[^\sA-Za-z\\])\s*"
    r"|\s*\\right\s*(?P<right>\\[A-Za-z]+|\\[|{}]|[^\sA-Za-z\\])"
    r"|(?P<open>\\l(?:vert|Vert|floor|ceil|angle))(?![A-Za-z])\s*"
    r"|\s*(?P<close>\\r(?:vert|Vert|floor|ceil|angle))(?![A-Za-z])"
)
#: each delimiter as text the converter passes through (an escaped brace stays a brace, not a group)
_DELIMITERS = {
    "\\lvert": "|", "\\rvert": "|", "\\lVert": "‖", "\\rVert": "‖", "\\|": "‖", "|": "|",
    "\\lfloor": "⌊", "\\rfloor": "⌋", "\\lceil": "⌈", "\\rceil": "⌉", "\\langle": "⟨", "\\rangle": "⟩",
    "\\{": "\\{", "\\}": "\\}", ".": "",
}  # fmt: skip


def _delimiter(match: re.Match) -> str:
    written = next(g for g in match.groups() if g is not None)
    return _DELIMITERS.get(written, written)


_LETTERS = {
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε", "eta": "η",
    "theta": "θ", "kappa": "κ", "lam": "λ", "lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "rho": "ρ",
    "sigma": "σ", "tau": "τ", "phi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω", "Delta": "Δ", "Sigma": "Σ",
}  # fmt: skip


def _greek(name: str) -> str:
    """``lam_k`` → ``λ_k``, ``‖theta‖`` → ``‖θ‖``: the identifiers a listing's Greek letters run under, as letters."""
    if len(name) > 2 and name[0] == name[-1] == "‖":
        return f"‖{_greek(name[1:-1])}‖"
    return "_".join(_LETTERS.get(part, part) for part in name.split("_"))


def _scale(lines: list[dict[str, Any]]) -> tuple[str, dict[str, float]]:
    """The y axis's scale and its parameters: logarithmic for positive values spread over decades.

    A run that ends on an exact zero (Newton's residual once ``x`` is the root to the last bit)
    keeps its log scale: the axis is symmetric-logarithmic, linear only below a threshold a decade
    under the smallest positive value, so the zero is drawn at the bottom, labelled 0, and every
    positive value (the tolerance too) on the log part above it.
    """
    values = [v for line in lines for v in line["values"] if v is not None]
    positive = [v for v in values if v > 0]
    if not positive or max(positive) / min(positive) <= _LOG_SPREAD:
        return "linear", {}
    if len(positive) == len(values):
        return "log", {}
    if min(values) == 0:  # zeros, and nothing negative
        return "symlog", {"linthresh": 10.0 ** (math.floor(math.log10(min(positive))) - 1), "linscale": 1.0}
    return "linear", {}


def _power_of_ten(value: float, _: Any) -> str:
    """A log axis's tick as plain text: ``1e-05`` → ``1e−5`` (and a symmetric-log axis's zero as ``0``)."""
    if value == 0:
        return "0"
    mantissa, _, exponent = f"{value:.0e}".partition("e")
    return f"{mantissa}e{int(exponent)}".replace("-", "−")


def svg(series: dict[str, Any], *, title: str = "") -> str:
    """The series drawn as an SVG document: the listing's scalars over the loop passes.

    :raises PlottingUnavailable: when matplotlib is not installed.
    """
    matplotlib = _matplotlib()
    from matplotlib.figure import Figure  # the figure alone: no pyplot, no GUI backend, no display
    from matplotlib.ticker import FuncFormatter, SymmetricalLogLocator

    lines = series.get("lines") or []
    x = series.get("x") or []
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "algoverify", "font.size": 9}):
        # fixed margins and plain tick labels: a layout engine draws the figure twice, and a log
        # axis's mathtext labels (10^{-5}) cost most of a plot's time
        figure = Figure(figsize=(7.2, 2.8))
        figure.subplots_adjust(left=0.09, right=0.74, top=0.9, bottom=0.16)
        axes = figure.subplots()
        tests = 0
        for line in lines:
            style = _STYLES.get(line.get("kind", "float"), "-")
            if line.get("kind") == "test":
                style = "-" if tests == 0 else "--"  # the quantity tested, then what it is compared with
                tests += 1
            values = [float("nan") if v is None else v for v in line["values"]]
            axes.plot(x, values, style, label=label_text(line["label"]), linewidth=1.4)
        scale, parameters = _scale(lines)
        axes.set_yscale(scale, **parameters)
        if scale == "symlog":  # a tick a decade or so, as a log axis has, and 0 at the bottom
            axes.yaxis.set_major_locator(SymmetricalLogLocator(base=10, linthresh=parameters["linthresh"]))
            axes.yaxis.get_major_locator().numticks = 8
            axes.set_ylim(bottom=0)
        if scale != "linear":
            axes.yaxis.set_major_formatter(FuncFormatter(_power_of_ten))
            axes.yaxis.set_minor_formatter(FuncFormatter(lambda value, _: ""))
        axes.set_xlabel("loop pass")
        axes.grid(True, linewidth=0.3, alpha=0.6)
        if lines:  # beside the axes, never over a line
            axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
        if title:
            axes.set_title(title, fontsize=9, loc="left")
        out = io.StringIO()
        figure.savefig(out, format="svg", metadata={"Date": None, "Creator": None})
    return out.getvalue()


def inline_svg(series: dict[str, Any], *, title: str = "") -> str:
    """:func:`svg` as an element to put in a page: without the XML prologue, the DOCTYPE or the RDF metadata."""
    text = svg(series, title=title)
    text = re.sub(r"<\?xml[^>]*\?>\s*", "", text)
    text = re.sub(r"<!DOCTYPE[^>]*>\s*", "", text)
    text = re.sub(r"<metadata>.*?</metadata>\s*", "", text, flags=re.S)
    text = re.sub(r'\s+xmlns:xlink="[^"]*"', "", text)
    return text.strip()


def write(series: dict[str, Any], path: str | Path, *, title: str = "") -> Path:
    """Write the plot of ``series`` to ``path`` as an SVG file; return the path."""
    target = Path(path)
    target.write_text(svg(series, title=title), encoding="utf-8")
    return target
