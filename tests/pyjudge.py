"""What a latexify listing says, and how its run compares with the Python function it came from.

Shared by tests/test_latexify.py and benchmarks/latexify_differential.py, beside the programs of
:mod:`pyprograms`. :func:`as_printed` reads a program as its print reads (latexify drops some
parentheses and juxtaposes some products); :func:`judge` runs a compiled listing and a Python
function on the same arguments: the same value of the same kind, both stop for the same
reason, algoverify stops for a reason it states, or a disagreement.
"""

from __future__ import annotations

import ast
import math
import sys
from dataclasses import dataclass
from typing import Any, Callable

# --- what the printed listing says ---------------------------------------------------------------------
#
# latexify drops the parentheses of a right operand of the same precedence (``a * (b % c)`` is
# printed ``a \cdot b \mathbin{\%} c``, ``a + (b - c)`` is ``a + b - c``) and writes some products
# as juxtaposition, which binds tighter than ``\cdot`` and ``\mathbin{\%}`` (``(a % 3) * n`` is
# printed ``a \mathbin{\%} 3 n``). The listing means what it prints; the differential runs judge it
# against the Python program that reads the same way, and count the programs whose print means
# another value apart.

_ADDITIVE = (ast.Add, ast.Sub)
_MULTIPLICATIVE = (ast.Mult, ast.Mod)


def _juxtaposed(node: ast.BinOp) -> bool:
    """Whether latexify prints the product ``node`` as juxtaposition (``2 n``) rather than ``\\cdot``.

    Asked of latexify's own rule (private methods of its code generator: the test extra pins
    latexify-py to the 0.4 series, whose print the differential tests judge).
    """
    from latexify.codegen import expression_codegen, expression_rules

    codegen = expression_codegen.ExpressionCodegen()
    prec = expression_rules.get_precedence(node)
    rule = expression_rules.BIN_OP_RULES[ast.Mult]
    lhs = codegen._wrap_binop_operand(node.left, prec, rule.operand_left)
    rhs = codegen._wrap_binop_operand(node.right, prec, rule.operand_right)
    return bool(codegen._should_remove_multiply_op(lhs, rhs, node.left, node.right))


def _chain(node: ast.expr, ops: tuple[type, ...], unforced: type) -> list[Any]:
    """The operands and operators latexify prints in a row for ``node``: ``[a, op, b, op, c …]``.

    A left operand of the same precedence is never parenthesised; a right one only after the
    operators that force it (``-``, ``%``), i.e. everywhere but after ``unforced``.
    """
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ops)):
        return [node]
    right = node.right
    tail = _chain(right, ops, unforced) if isinstance(node.op, unforced) else [right]
    op = "juxt" if isinstance(node.op, ast.Mult) and _juxtaposed(node) else node.op
    return [*_chain(node.left, ops, unforced), op, *tail]


def _read(items: list[Any]) -> ast.expr:
    """Group a printed row as a reader does: juxtaposition first, then the operators from the left."""
    groups: list[Any] = [items[0]]
    for k in range(1, len(items), 2):
        op, operand = items[k], items[k + 1]
        if op == "juxt":
            groups[-1] = ast.BinOp(groups[-1], ast.Mult(), operand)
        else:
            groups += [op, operand]
    tree = groups[0]
    for k in range(1, len(groups), 2):
        tree = ast.BinOp(tree, groups[k], groups[k + 1])
    return tree


class _AsPrinted(ast.NodeTransformer):
    def visit_BinOp(self, node: ast.BinOp) -> ast.expr:
        for ops, unforced in ((_MULTIPLICATIVE, ast.Mult), (_ADDITIVE, ast.Add)):
            if isinstance(node.op, ops):
                items = _chain(node, ops, unforced)
                return _read([x if k % 2 else self.visit(x) for k, x in enumerate(items)])
        self.generic_visit(node)
        return node

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.stmt:
        # latexify prints `x op= e` as `x \gets x op e`, with the same parenthesising
        target = ast.Name(node.target.id, ast.Load())  # type: ignore[attr-defined]
        return ast.Assign([node.target], self.visit(ast.BinOp(target, node.op, node.value)))


def as_printed(source: str) -> str:
    """The program as its latexify listing reads (see the comment above)."""
    tree = _AsPrinted().visit(ast.parse(source))
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


#: ints past this many bits stop the Python run: algoverify refuses results of more than
#: 10,000 decimal digits (about 33,000 bits), so a run past twice that is one it refused first
INT_BITS_LIMIT = 66_000
PYTHON_LINES_LIMIT = 200_000


class TooBig(Exception):
    """The Python run grew an integer past :data:`INT_BITS_LIMIT`, or ran past its line budget."""


def run_python(fn: Callable[..., Any], args: dict[str, Any]) -> tuple[str, Any]:
    """``("value", v)``, ``("raises", exception)`` or ``("too big", reason)``."""
    lines = 0

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        nonlocal lines
        if event == "line":
            lines += 1
            if lines > PYTHON_LINES_LIMIT:
                raise TooBig("more lines than the budget")
            for v in frame.f_locals.values():
                if type(v) is int and v.bit_length() > INT_BITS_LIMIT:
                    raise TooBig("an integer too large")
        return tracer

    old = sys.gettrace()
    sys.settrace(tracer)
    try:
        return "value", fn(**args)
    except TooBig as exc:
        return "too big", str(exc)
    except RecursionError as exc:
        return "raises", exc
    except Exception as exc:  # noqa: BLE001 - any error of the Python run is an outcome
        return "raises", exc
    finally:
        sys.settrace(old)


@dataclass(frozen=True)
class Outcome:
    """How one run compares: ``agree``, ``both stop``, ``finding`` (algoverify could not run it), ``skip``, ``disagree``."""

    kind: str
    detail: str = ""
    cause: str = ""  # for a finding: its code and the gist of its message (and Python's exception)


def _kind(v: Any) -> str:
    import numpy as np

    if isinstance(v, (bool, np.bool_)):
        return "bool"
    if isinstance(v, (int, np.integer)):
        return "int"
    if isinstance(v, (float, np.floating)):
        return "float"
    if isinstance(v, tuple):
        return "tuple"
    return type(v).__name__


#: floats agree within this relative difference: latexify prints ``x * y * z`` as ``x \cdot y z``,
#: which reads ``x (y z)``, the same product rounded in another order
FLOAT_RTOL = 1e-12


def _holds_an_int(value: Any) -> bool:
    return type(value) is int or (isinstance(value, tuple) and any(_holds_an_int(v) for v in value))


def same(py: Any, av: Any, rtol: float = 0.0, quotients: bool = False) -> bool:
    """The same value of the same kind (an int stays an int, a float a float); NaN equal to NaN.

    With ``quotients`` (the listing divides), an int where Python gives a float of the same value is
    the same: algoverify keeps an exact quotient of two integers whole, as pseudocode means it.

    Floats agree bit for bit, or within ``rtol`` of the larger magnitude.
    """
    if isinstance(py, tuple):
        return isinstance(av, tuple) and len(av) == len(py) and all(same(p, a, rtol, quotients) for p, a in zip(py, av))
    if quotients and isinstance(py, float) and type(av) is int and float(av) == py:
        return True  # a / b of integers that divide exactly: the listing keeps the int Python's float rounds to
    if _kind(py) != _kind(av):
        return False
    if isinstance(py, float):
        a = float(av)
        if math.isnan(py) or math.isnan(a):
            return math.isnan(py) and math.isnan(a)
        return a == py or abs(a - py) <= rtol * max(abs(a), abs(py))
    return bool(py == av)


#: what the grammar's programs may legitimately meet that algoverify refuses where Python goes
#: on: a float overflow (Python's inf; a NumPy overflow is a finding by design), an integer past
#: the digits budget, a loop or recursion past the step budget
EXPECTED_CAUSES = ("AV302 overflow", "AV302 integer overflow", "AV302 invalid value", "AV301 ")


#: where Python raises, the finding that says the same (a division by zero, a TypeError, an
#: unbound name …): a run that stops for another reason hides a bug behind Python's error
SAME_STOP = {
    "ZeroDivisionError": ("AV302",),
    "OverflowError": ("AV302",),
    "ValueError": ("AV306", "AV302"),  # math.isqrt(-1); a square root of a negative number is NaN
    "TypeError": ("AV306",),
    "NameError": ("AV303",),
    "UnboundLocalError": ("AV303",),
    "RecursionError": ("AV301",),
}


def expected(outcome: Outcome) -> bool:
    """Whether a run is as it should be: it agrees, both stop for the same reason, or algoverify stops for an expected cause."""
    if outcome.kind == "finding":
        return outcome.cause.startswith(EXPECTED_CAUSES)
    if outcome.kind == "both stop":
        exception, _, finding = outcome.cause.partition(" / ")
        return finding.startswith(SAME_STOP.get(exception, ("no finding matches",)))
    return outcome.kind in ("agree", "skip")


def cause_of(finding: Any) -> str:
    """A finding's code and message with its numbers blanked, to count findings by cause."""
    import re

    message = re.sub(r"-?\d[\d.e+-]*", "N", finding.message)
    return f"{finding.code} {message[:90]}"


def judge(listing: Any, fn: Callable[..., Any], args: dict[str, Any]) -> Outcome:
    """Run the listing and the Python function on ``args`` and say how they compare.

    ``fn`` is the program as its listing reads (:func:`as_printed`): where latexify's print
    means another expression than the source, the listing is judged against what it says.
    """
    from algoverify.findings import LocatedError
    from algoverify.running.listing import ExecutionError

    status, py = run_python(fn, args)
    if status == "too big":
        return Outcome("skip", f"the Python run stopped: {py}")
    try:
        av = listing(**args)
    except ExecutionError as exc:
        finding = exc.finding
        if finding.span is None:
            return Outcome("disagree", f"finding without a position: {exc}")
        if status == "raises":
            both = f"{type(py).__name__} / {cause_of(finding)}"
            return Outcome("both stop", f"Python: {type(py).__name__}: {py}; algoverify: {exc}", both)
        return Outcome("finding", f"Python gives {py!r}; algoverify: {exc}", cause_of(finding))
    except LocatedError as exc:  # the listing could not be compiled: located, with its span
        if exc.span is None:
            return Outcome("disagree", f"finding without a position: {exc}")
        finding = exc.to_finding("<latex>")
        if status == "raises":
            both = f"{type(py).__name__} / {cause_of(finding)}"
            return Outcome("both stop", f"Python: {type(py).__name__}: {py}; algoverify: {finding.message}", both)
        return Outcome(
            "finding", f"Python gives {py!r}; algoverify: {finding.code} {finding.message}", cause_of(finding)
        )
    except Exception as exc:  # noqa: BLE001 - a traceback from algoverify is the worst outcome
        return Outcome("disagree", f"algoverify raised {type(exc).__name__}: {exc}")
    latex = getattr(getattr(listing, "source", None), "text", "")
    quotients = "\\frac" in latex or "/" in latex
    if status == "raises" and quotients and isinstance(py, OverflowError) and _holds_an_int(av):
        # (a / b) ** 400 of integers: Python's float overflows; the listing's exact quotient powers on
        return Outcome("agree", "an exact integer where Python's float overflows")
    if status == "raises":
        return Outcome("disagree", f"Python raises {type(py).__name__}: {py}; algoverify gives {av!r}")
    if same(py, av, quotients=quotients):
        return Outcome("agree")
    if same(py, av, FLOAT_RTOL, quotients):
        return Outcome("agree", "within rounding")
    return Outcome("disagree", f"Python gives {py!r} ({_kind(py)}); algoverify gives {av!r} ({_kind(av)})")


def compile_listing(latex: str) -> Any:
    """``algoverify.compile`` of a latexify listing: 0-based, as the Python it came from."""
    import algoverify

    return algoverify.compile(latex, index_base=0)
