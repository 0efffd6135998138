"""The reference pages' generated parts: spec keys, finding codes, command-line usage.

Each function returns Markdown built from the code that defines the thing documented, so the
pages cannot drift from it: the spec keys from the schema the spec is validated against
(``algoverify.checking.specification.schema``), the finding codes from the registry ``explain`` reads
(``algoverify.findings.RULES``), the command line from the argparse parser ``main`` uses
(``algoverify.cli.build_parser``). ``docs/hooks.py`` calls them while mkdocs builds; the tests
(``tests/test_docs_pages.py``) call them too.

A page asks for one in either of two ways. A block ``<!-- generated: NAME -->`` … ``<!-- end
generated -->`` keeps the generated text in the Markdown file itself, so the page reads whole
where Markdown is read raw (on GitHub, in an editor); ``python docs/gen_reference.py`` rewrites
the blocks and a test fails when one is stale. A line ``<!-- generated at build: NAME -->`` is
filled only while the site is built: for text that depends on the Python that builds it (the
command line's ``--help``) or is a directive of the site's own (the API's mkdocstrings).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

#: a generated part kept in the file, between its two markers
BLOCK = re.compile(r"^<!-- generated: ([a-z-]+) -->\n(?:.*?\n)??<!-- end generated -->$", re.M | re.S)
#: a generated part filled only while the site is built
AT_BUILD = re.compile(r"^<!-- generated at build: ([a-z-]+) -->$", re.M)
#: either kind, for the names a page asks for
MARKER = re.compile(r"^<!-- generated(?: at build)?: ([a-z-]+) -->$", re.M)
DOCS = Path(__file__).parent


def spec_keys() -> str:
    """The tables of the check spec's keys: the section, every check, each kind."""
    from algoverify.checking.specification import schema

    text = schema.markdown()
    # the schema's own begin/end comments are for its module's readers; the page needs the tables
    return text.replace(schema.README_BEGIN, "").replace(schema.README_END, "").strip() + "\n"


def _md(text: str) -> str:
    """A docstring's reST literals (``x``) as Markdown code, in one line."""
    return " ".join(text.replace("``", "`").split()).replace("|", "\\|")


#: the runtime codes lint finds before any run: a warning there (an error of `check`), as the page's opening says
LINT_WARNINGS = {
    code: (
        '; at `lint`, a **warning** whose message ends "(this statement will not run)", which fails the run '
        "only with `--strict`"
    )
    for code in ("AV303", "AV308")
}


def finding_codes() -> str:
    """One table of every finding code by family, then each code's What, Why and Example."""
    from algoverify import cli  # noqa: F401  (imports every phase, so every rule is registered)
    from algoverify.findings import RULES

    out = ["| code | name | severity | what |", "| --- | --- | --- | --- |"]
    for code, rule in sorted(RULES.items()):
        what = _md(rule.doc_sections().get("What", ""))
        severity = rule.severity.value + ("; *warning* at `lint`" if code in LINT_WARNINGS else "")
        out.append(f"| [`{code}`](#{code.lower()}) | {rule.__name__} | {severity} | {what} |")
    for code, rule in sorted(RULES.items()):
        doc = rule.doc_sections()
        severity = f"Severity: **{rule.severity.value}**" + (LINT_WARNINGS.get(code, "")) + "."
        out += ["", f"### {code} {rule.__name__} {{#{code.lower()}}}", "", severity, ""]
        for section in ("What", "Why", "Example"):
            if doc.get(section):
                out.append(f"- **{section}:** {_md(doc[section])}")
    return "\n".join(out) + "\n"


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:  # argparse keeps subparsers only here
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def cli_usage() -> str:
    """Each command's ``--help``, as argparse prints it at 100 columns."""
    import os

    from algoverify.cli import build_parser

    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "100"
    try:
        parser = build_parser()
        out = ["### `algoverify --help`", "", "```text", parser.format_help().rstrip(), "```"]
        for name, sub in _subcommands(parser).items():
            out += ["", f"### `algoverify {name} --help`", "", "```text", sub.format_help().rstrip(), "```"]
    finally:
        if old is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = old
    return "\n".join(out) + "\n"


def api() -> str:
    """A mkdocstrings directive for each name of ``algoverify.__all__``, at the module that defines it."""
    import algoverify

    out = []
    for name in algoverify.__all__:
        if name == "__version__":
            continue
        module, attr = algoverify._LAZY[name]
        out += [f"::: algoverify.{module}.{attr}", "    options:", f'      heading: "algoverify.{name}"', ""]
    return "\n".join(out)


#: what each function the math knows by name computes (``tests/test_docs_pages.py`` keeps the
#: keys equal to the registry, :data:`algoverify.math.functions.FUNCTIONS`)
FUNCTION_MEANINGS = {
    "exp": "e to the power",
    "log": "natural logarithm; `\\log(x, b)` is the logarithm to base b",
    "ln": "natural logarithm",
    "lg": "binary logarithm (as in Knuth and CLRS)",
    "sin": "sine",
    "cos": "cosine",
    "tan": "tangent",
    "cot": "cotangent, 1 / tan",
    "sec": "secant, 1 / cos",
    "csc": "cosecant, 1 / sin",
    "sinh": "hyperbolic sine",
    "cosh": "hyperbolic cosine",
    "tanh": "hyperbolic tangent",
    "arcsin": "inverse sine",
    "arccos": "inverse cosine",
    "arctan": "inverse tangent",
    "atan2": "angle of the point (x, y), called as atan2(y, x)",
    "arctan2": "as atan2",
    "hypot": "the length of (x, y)",
    "sqrt": "square root",
    "abs": "absolute value (entrywise)",
    "top": "the last entry of a stack the listing keeps (`\\mathrm{top}(S)`)",
    "front": "the first entry of a queue the listing keeps",
    "back": "the last entry of a queue or deque the listing keeps",
    "sign": "sign: −1, 0 or 1",
    "sgn": "as sign",
    "softmax": "softmax over the last axis (shifted by its maximum, so large scores stay finite)",
    "logsumexp": "log of the sum of exponentials, computed stably",
    "sigmoid": "logistic function 1 / (1 + e^{−x})",
    "relu": "max(x, 0), entrywise",
    "mean": "mean of the entries",
    "median": "median of the entries (the mean of the two middle ones when their number is even)",
    "var": "variance of the entries (dividing by their number)",
    "std": "standard deviation of the entries (dividing by their number)",
    "sum": "sum of the entries, or of a set's elements",
    "max": "largest of the arguments, of a set or of a vector's entries",
    "min": "smallest of the arguments, of a set or of a vector's entries",
    "gcd": "greatest common divisor of whole numbers, exactly",
    "lcm": "least common multiple of whole numbers, exactly",
    "card": "number of elements",
    "zeros": "vector or matrix of zeros of the sizes given",
    "ones": "vector or matrix of ones of the sizes given",
    "length": "number of entries",
    "argmax": "position of the largest entry, counted from the listing's index base (the first on ties)",
    "argmin": "position of the smallest entry, counted from the listing's index base (the first on ties)",
    "diag": "diagonal matrix of a vector or of its entries listed (`diag(1, 1, d)`), or diagonal of a matrix",
    "sort": "the values in increasing order: `(x_{(1)}, \\dots, x_{(n)}) \\gets \\operatorname{sort}(x)`",
    "tr": "trace",
    "trace": "trace",
    "det": "determinant",
    "eig": "eigenvalues (ascending, for a symmetric matrix)",
    "eigvals": "eigenvalues",
    "lam_max": "largest eigenvalue, written `\\lambda_{\\max}(A)` (of a matrix whose eigenvalues are real)",
    "lam_min": "smallest eigenvalue, written `\\lambda_{\\min}(A)` (of a matrix whose eigenvalues are real)",
    "sigma_max": "largest singular value, written `\\sigma_{\\max}(A)`: the 2-norm",
    "sigma_min": "smallest singular value, written `\\sigma_{\\min}(A)`",
    "rank": "matrix rank",
    "norm": "Euclidean norm (Frobenius for a matrix); a second argument is the norm's order",
    "len": "number of entries (Python's `len`)",
    "range": "Python's half-open range of whole numbers",
    "int": "Python's `int`: truncated toward zero",
    "float": "Python's `float`",
    "round": "Python's `round`",
    "pow": "Python's `pow`; with three arguments, modular",
    "divmod": "Python's `divmod`: the quotient and the remainder",
    "bool": "Python's `bool`",
}


def math_functions() -> str:
    """A table of the functions math may call without defining them, and what each computes."""
    from algoverify.math.functions import FUNCTIONS

    out = ["| name | computes |", "| --- | --- |"]
    for name in sorted(n for n in FUNCTIONS if not n.startswith("_")):
        out.append(f"| `{name}` | {FUNCTION_MEANINGS[name]} |")
    return "\n".join(out) + "\n"


GENERATORS = {
    "api": api,
    "spec-keys": spec_keys,
    "finding-codes": finding_codes,
    "cli-usage": cli_usage,
    "math-functions": math_functions,
}


def expand(markdown: str, *, at_build: bool = True) -> str:
    """The page with each generated part filled: the kept blocks anew, and (``at_build``) the build-time lines."""

    def block(m: re.Match[str]) -> str:
        return f"<!-- generated: {m.group(1)} -->\n{GENERATORS[m.group(1)]().rstrip()}\n<!-- end generated -->"

    def line(m: re.Match[str]) -> str:
        return GENERATORS[m.group(1)]().rstrip("\n")

    markdown = BLOCK.sub(block, markdown)
    return AT_BUILD.sub(line, markdown) if at_build else markdown


def write_pages(docs: Path = DOCS) -> list[Path]:
    """Rewrite the kept blocks of every page that has one; the pages changed."""
    changed = []
    for page in sorted(docs.rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        new = expand(text, at_build=False)
        if new != text:
            page.write_text(new, encoding="utf-8")
            changed.append(page)
    return changed


if __name__ == "__main__":
    for path in write_pages():
        print(f"rewrote {path.relative_to(DOCS.parent)}")
    sys.exit(0)
