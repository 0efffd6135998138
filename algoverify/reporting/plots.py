"""A run's series (:mod:`algoverify.running.recording`) drawn with matplotlib as SVG text, for a page or a file.

In: the ``series`` of an outcome's trace (the loop passes sampled, a line per scalar). Out: an
SVG document (:func:`svg`), or the same inlined in HTML (:func:`inline_svg`): no script, no
font or image fetched, the text kept as text. matplotlib is an extra (``algoverify[report]``):
it is imported here only, when a plot is drawn, with its SVG canvas and never a display.
"""

from __future__ import annotations

import io
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

__all__ = ["EXTRA", "PlottingUnavailable", "available", "label_text", "svg", "inline_svg", "write"]

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


def label_text(latex: str) -> str:
    """A series' name as a reader reads it: a test's side from its LaTeX (``‖w − λv‖``), a name as it is."""
    if "\\" not in latex and "{" not in latex:
        return _greek(latex)
    from pylatexenc.latex2text import LatexNodes2Text

    try:
        text = LatexNodes2Text(math_mode="text").latex_to_text(latex)
    except Exception:  # noqa: BLE001 - LaTeX the converter cannot read is shown as written
        return latex
    return re.sub(r"\s+", " ", text).replace(" ‖", "‖").strip() or latex


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


def _scale(lines: list[dict[str, Any]]) -> str:
    values = [v for line in lines for v in line["values"] if v is not None]
    positive = [v for v in values if v > 0]
    if positive and len(positive) == len(values) and max(positive) / min(positive) > _LOG_SPREAD:
        return "log"
    return "linear"


def _power_of_ten(value: float, _: Any) -> str:
    """A log axis's tick as plain text: ``1e-05`` → ``1e−5``."""
    mantissa, _, exponent = f"{value:.0e}".partition("e")
    return f"{mantissa}e{int(exponent)}".replace("-", "−")


def svg(series: dict[str, Any], *, title: str = "") -> str:
    """The series drawn as an SVG document: the listing's scalars over the loop passes.

    :raises PlottingUnavailable: when matplotlib is not installed.
    """
    matplotlib = _matplotlib()
    from matplotlib.figure import Figure  # the figure alone: no pyplot, no GUI backend, no display
    from matplotlib.ticker import FuncFormatter

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
        axes.set_yscale(_scale(lines))
        if axes.get_yscale() == "log":
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
