"""Small random Python functions, their latexify listings, and a judge of the two runs.

Shared by the differential tests (tests/test_latexify.py, driven by hypothesis) and the long
run (benchmarks/latexify_differential.py, driven by a seeded ``random.Random``): both draw
through a :class:`Chooser`, so a shrunk hypothesis example and a long-run seed describe
programs the same way.

A program is one or two functions built from a grammar as ``ast`` nodes and printed with
``ast.unparse`` (so the parentheses are Python's): int and float arithmetic, ``//``, ``%``,
``**``, ``abs``/``min``/``max``/``math.sqrt``, comparisons and boolean operators,
``if``/``elif``/``else``, ``while`` loops bounded by a counter, ``for`` over ``range`` with
one, two or three arguments (negative steps too), ``break``/``continue``, early ``return``,
a helper the entry function calls, and recursion with a base case. The listing is what
``latexify.get_latex(fn, style=ALGORITHMIC)`` prints for each function, as an author would
paste it; :mod:`pyjudge` runs both on the same inputs and says how they compare.
"""

from __future__ import annotations

import ast
import linecache
import math
import random
import sys
from dataclasses import dataclass, field
from typing import Any, Callable

# --- drawing -------------------------------------------------------------------------------------


class Chooser:
    """Where the choices come from: ``integer(lo, hi)`` inclusive; simplest answers are the smallest."""

    def __init__(self, integer: Callable[[int, int], int]) -> None:
        self.integer = integer

    @classmethod
    def from_random(cls, rng: random.Random) -> Chooser:
        return cls(rng.randint)

    @classmethod
    def from_hypothesis(cls, draw: Callable[[Any], Any]) -> Chooser:
        from hypothesis import strategies as st

        return cls(lambda lo, hi: draw(st.integers(lo, hi)))

    def pick(self, options: list[Any] | tuple[Any, ...]) -> Any:
        return options[self.integer(0, len(options) - 1)]

    def chance(self, percent: int) -> bool:
        """True ``percent`` % of the time; shrinks to False."""
        return self.integer(0, 99) >= 100 - percent


# --- the grammar -------------------------------------------------------------------------------------

#: names a listing prints as single letters, as \mathrm{…} words, with digits and underscores;
#: ``ab`` and ``nb`` next to ``a``, ``b``, ``n`` check that ``a b`` stays a product
PARAMS = ("n", "a", "b", "x", "m", "k", "ab", "lo", "hi", "total", "max_iter", "x1", "nb", "y")
LOCALS = ("s", "t", "acc", "y2", "z", "count", "result", "tmp", "best", "q_r", "ab", "u")
LOOP_VARS = ("i", "j", "idx", "step_no")
COUNTERS = ("c", "it", "rounds")
HELPERS = ("g", "helper", "sq_plus", "h")
ENTRIES = ("f", "compute", "solve", "main_loop")

INT_LITERALS = (1, 2, 0, 3, 5, 7, 10, 4, 100, 12)
FLOAT_LITERALS = (0.5, 1.5, 2.0, 0.1, 0.25, 3.75, 1e-3, 2.5e3, 0.3, 1e-12)


@dataclass
class _Scope:
    ints: list[str] = field(default_factory=list)
    floats: list[str] = field(default_factory=list)
    frozen: set[str] = field(default_factory=set)  # loop variables and counters: never assigned
    small: list[str] = field(default_factory=list)  # int parameters and loop variables: range bounds
    loops: int = 0  # loops around the current statement

    def copy(self) -> _Scope:
        return _Scope(list(self.ints), list(self.floats), set(self.frozen), list(self.small), self.loops)

    def names(self, kind: str) -> list[str]:
        return list(self.ints) if kind == "int" else self.ints + self.floats


@dataclass(frozen=True)
class Function:
    """One generated function: its name, its parameters with their kinds (``int``/``float``), what it returns."""

    name: str
    params: tuple[tuple[str, str], ...]
    returns: str  # "int" or "num"
    node: ast.FunctionDef
    recursive: bool = False


@dataclass(frozen=True)
class Program:
    """The functions of one program, the entry first; ``source`` is the Python text."""

    functions: tuple[Function, ...]
    source: str

    @property
    def entry(self) -> Function:
        return self.functions[0]


class _Builder:
    def __init__(self, ch: Chooser) -> None:
        self.ch = ch
        self.helper: Function | None = None
        self.budget = 0  # statements left for the function being built

    # expressions ---------------------------------------------------------------------------------

    def expr(self, scope: _Scope, kind: str, depth: int = 0) -> ast.expr:
        """An expression of ``kind`` ("int": ints only; "num": ints and floats)."""
        ch = self.ch
        if depth >= 3 or ch.chance(30 + 15 * depth):
            return self.atom(scope, kind)
        form = ch.integer(0, 15)
        if form <= 4:
            op = ch.pick(
                [ast.Add(), ast.Sub(), ast.Mult(), ast.FloorDiv(), ast.Mod()] + ([ast.Div()] if kind == "num" else [])
            )
            left = self.expr(scope, kind, depth + 1)
            if isinstance(op, (ast.FloorDiv, ast.Mod, ast.Div)) and ch.chance(60):
                right = self.nonzero(kind)
            else:
                right = self.expr(scope, kind, depth + 1)
            return ast.BinOp(left, op, right)
        if form == 5:
            return ast.BinOp(self.expr(scope, kind, depth + 1), ast.Pow(), ast.Constant(ch.pick([2, 0, 1, 3, -1])))
        if form == 6:
            return ast.UnaryOp(ast.USub(), self.expr(scope, kind, depth + 1))
        if form == 7:
            return ast.Call(ast.Name("abs"), [self.expr(scope, kind, depth + 1)], [])
        if form == 8:
            fn = ch.pick(["min", "max"])
            args = [self.expr(scope, kind, depth + 1) for _ in range(ch.integer(2, 3))]
            return ast.Call(ast.Name(fn), args, [])
        if form == 9 and kind == "num":
            inner = ast.Call(ast.Name("abs"), [self.expr(scope, kind, depth + 1)], [])
            return ast.Call(ast.Attribute(ast.Name("math"), "sqrt"), [inner], [])
        if form == 10 and self.helper is not None and (self.helper.returns == "int" or kind == "num"):
            return self.call(self.helper, scope, depth)
        if form == 11:  # a if c else b
            return ast.IfExp(self.cond(scope, 1), self.expr(scope, kind, depth + 1), self.expr(scope, kind, depth + 1))
        if form == 12:  # Python's bitwise operators, of ints
            op = ch.pick([ast.BitAnd(), ast.BitOr(), ast.BitXor(), ast.RShift(), ast.LShift()])
            right = ast.Constant(ch.integer(0, 3)) if isinstance(op, (ast.LShift, ast.RShift)) else None
            left = self.expr(scope, "int", depth + 1)
            if ch.chance(15):
                left = ast.UnaryOp(ast.Invert(), left)
            return ast.BinOp(left, op, right or self.expr(scope, "int", depth + 1))
        if form == 13:  # math's and the builtins' conversions
            arg = self.expr(scope, "num", depth + 1)
            if ch.chance(40):
                arg = ast.BinOp(arg, ast.Div(), self.nonzero("num"))
            fn = ch.pick(["floor", "ceil", "int", "round"] + (["float"] if kind == "num" else []))
            func: ast.expr = ast.Attribute(ast.Name("math"), fn) if fn in ("floor", "ceil") else ast.Name(fn)
            return ast.Call(func, [arg], [])
        if form == 14:  # math.gcd, math.isqrt of ints
            if ch.chance(50):
                args = [self.expr(scope, "int", depth + 1), self.expr(scope, "int", depth + 1)]
                return ast.Call(ast.Attribute(ast.Name("math"), "gcd"), args, [])
            inner = ast.Call(ast.Name("abs"), [self.expr(scope, "int", depth + 1)], [])
            return ast.Call(ast.Attribute(ast.Name("math"), "isqrt"), [inner], [])
        if form == 15 and kind == "num":  # Python's `and`/`or` give an operand, not a truth value
            op = ch.pick([ast.And(), ast.Or()])
            return ast.BoolOp(op, [self.expr(scope, kind, depth + 1), self.expr(scope, kind, depth + 1)])
        return self.atom(scope, kind)

    def call(self, fn: Function, scope: _Scope, depth: int) -> ast.Call:
        args: list[ast.expr] = []
        for k, (_, pkind) in enumerate(fn.params):
            if fn.recursive and k == 0:
                # the argument the recursion counts down: small, so the depth stays small
                args.append(
                    ast.BinOp(self.expr(scope, "int", depth + 1), ast.Mod(), ast.Constant(self.ch.pick([6, 4, 9])))
                )
            else:
                args.append(self.expr(scope, pkind if pkind == "int" else "num", depth + 1))
        return ast.Call(ast.Name(fn.name), args, [])

    def nonzero(self, kind: str) -> ast.expr:
        if kind == "num" and self.ch.chance(40):
            return ast.Constant(self.ch.pick([0.5, 2.0, 0.1, 3.0, 0.3, 1.5]))
        return ast.Constant(self.ch.pick([2, 3, 10, 7, -2, 4, -3]))

    def atom(self, scope: _Scope, kind: str) -> ast.expr:
        names = scope.names(kind)
        if names and self.ch.chance(70):
            return ast.Name(self.ch.pick(names))
        if kind == "num" and self.ch.chance(35):
            return ast.Constant(self.ch.pick(FLOAT_LITERALS))
        return ast.Constant(self.ch.pick(INT_LITERALS))

    def cond(self, scope: _Scope, depth: int = 0) -> ast.expr:
        ch = self.ch
        form = ch.integer(0, 9) if depth < 2 else 0
        if form <= 5:
            ops = [ast.Lt(), ast.Gt(), ast.LtE(), ast.GtE(), ast.Eq(), ast.NotEq()]
            kind = ch.pick(["int", "num"])
            if ch.chance(10):  # a chained comparison, a < b <= c
                return ast.Compare(
                    self.expr(scope, kind, 2),
                    [ch.pick(ops), ch.pick(ops)],
                    [self.expr(scope, kind, 2), self.expr(scope, kind, 2)],
                )
            return ast.Compare(self.expr(scope, kind, 1), [ch.pick(ops)], [self.expr(scope, kind, 1)])
        if form <= 7:
            op = ch.pick([ast.And(), ast.Or()])
            return ast.BoolOp(op, [self.cond(scope, depth + 1), self.cond(scope, depth + 1)])
        return ast.UnaryOp(ast.Not(), self.cond(scope, depth + 1))

    # statements ---------------------------------------------------------------------------------

    def block(self, scope: _Scope, depth: int, size: int) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        for _ in range(size):
            if self.budget <= 0:
                break
            out.extend(self.stmt(scope, depth))
        return out or [self.assign(scope)]

    def stmt(self, scope: _Scope, depth: int) -> list[ast.stmt]:
        ch = self.ch
        self.budget -= 1
        form = ch.integer(0, 11) if depth < 3 else 0
        if form <= 3:
            return [self.assign(scope)]
        if form == 4:
            return [self.aug_assign(scope)]
        if form == 5:
            return [self.if_stmt(scope, depth)]
        if form == 6:
            return self.for_range(scope, depth)
        if form == 7:
            return self.while_loop(scope, depth)
        if form == 8:
            return [ast.If(self.cond(scope), [ast.Return(self.expr(scope, "num"))], [])]
        if form == 9 and scope.loops:
            jump: ast.stmt = ast.Break() if ch.chance(50) else ast.Continue()
            return [ast.If(self.cond(scope), [jump], [])]
        return [self.assign(scope)]

    def target(self, scope: _Scope, kind: str) -> str:
        taken = [n for n in scope.ints + scope.floats if n not in scope.frozen]
        if taken and self.ch.chance(50):
            name = self.ch.pick(taken)
            if kind == "int" and name in scope.floats:
                kind = "num"
        else:
            name = self.ch.pick([n for n in LOCALS if n not in scope.frozen])
        self.declare(scope, name, kind)
        return name

    @staticmethod
    def declare(scope: _Scope, name: str, kind: str) -> None:
        if kind == "int" and name not in scope.floats:
            if name not in scope.ints:
                scope.ints.append(name)
        else:
            if name in scope.ints:
                scope.ints.remove(name)
            if name not in scope.floats:
                scope.floats.append(name)

    def assign(self, scope: _Scope) -> ast.stmt:
        kind = self.ch.pick(["int", "num"])
        value = self.expr(scope, kind)
        if self.ch.chance(8):  # x = y = e
            first = self.target(scope, kind)
            second = self.target(scope, kind)
            return ast.Assign([ast.Name(first), ast.Name(second)], value)
        if self.ch.chance(8):  # a, b = e1, e2: simultaneous
            other = self.expr(scope, kind)
            names = [self.target(scope, kind), self.target(scope, kind)]
            if names[0] != names[1]:
                return ast.Assign([ast.Tuple([ast.Name(n) for n in names])], ast.Tuple([value, other]))
        return ast.Assign([ast.Name(self.target(scope, kind))], value)

    def aug_assign(self, scope: _Scope) -> ast.stmt:
        names = [n for n in scope.ints + scope.floats if n not in scope.frozen]
        if not names:
            return self.assign(scope)
        name = self.ch.pick(names)
        kind = "int" if name in scope.ints else "num"
        op = self.ch.pick([ast.Add(), ast.Sub(), ast.Mult(), ast.FloorDiv(), ast.Mod()])
        value = self.nonzero(kind) if isinstance(op, (ast.FloorDiv, ast.Mod)) else self.expr(scope, kind, 1)
        return ast.AugAssign(ast.Name(name), op, value)

    def if_stmt(self, scope: _Scope, depth: int) -> ast.stmt:
        # each branch assigns in a scope of its own; what both branches assign is not tracked
        # (a name assigned in one branch only may be unbound after the if: kept out of scope)
        body = self.block(scope.copy(), depth + 1, self.ch.integer(1, 2))
        orelse: list[ast.stmt] = []
        if self.ch.chance(60):
            if self.ch.chance(40):
                orelse = [self.if_stmt(scope, depth + 1)]  # elif
            else:
                orelse = self.block(scope.copy(), depth + 1, self.ch.integer(1, 2))
        return ast.If(self.cond(scope), body, orelse)

    def range_args(self, scope: _Scope) -> list[ast.expr]:
        ch = self.ch
        small = [n for n in scope.small if n in scope.ints]

        def bound() -> ast.expr:
            if small and ch.chance(60):
                e: ast.expr = ast.Name(ch.pick(small))
                if ch.chance(30):
                    e = ast.BinOp(e, ch.pick([ast.Add(), ast.Sub()]), ast.Constant(ch.pick([1, 2])))
                return e
            return ast.Constant(ch.pick([5, 0, 3, 10, -2, 1]))

        form = ch.integer(0, 2)
        if form == 0:
            return [bound()]
        if form == 1:
            return [bound(), bound()]
        return [bound(), bound(), ast.Constant(ch.pick([-1, 2, -2, 3, 1, -3]))]

    def for_range(self, scope: _Scope, depth: int) -> list[ast.stmt]:
        free = [v for v in LOOP_VARS if v not in scope.frozen]
        if not free or scope.loops >= 2:
            return [self.assign(scope)]
        var = self.ch.pick(free)
        args = self.range_args(scope)
        inner = scope.copy()
        inner.frozen.add(var)
        inner.small.append(var)
        inner.loops += 1
        self.declare(inner, var, "int")
        body = self.block(inner, depth + 1, self.ch.integer(1, 3))
        return [ast.For(ast.Name(var), ast.Call(ast.Name("range"), args, []), body, [])]

    def while_loop(self, scope: _Scope, depth: int) -> list[ast.stmt]:
        free = [v for v in COUNTERS if v not in scope.frozen]
        if not free or scope.loops >= 2:
            return [self.assign(scope)]
        counter = self.ch.pick(free)
        limit = ast.Constant(self.ch.pick([3, 5, 10, 1, 8]))
        test: ast.expr = ast.Compare(ast.Name(counter), [ast.Lt()], [limit])
        inner = scope.copy()
        inner.frozen.add(counter)
        inner.loops += 1
        self.declare(inner, counter, "int")
        if self.ch.chance(60):
            test = ast.BoolOp(ast.And(), [test, self.cond(inner)])
        body = self.block(inner, depth + 1, self.ch.integer(1, 3))
        # the counter steps first, so a `continue` in the body cannot skip it
        step = ast.AugAssign(ast.Name(counter), ast.Add(), ast.Constant(1))
        return [ast.Assign([ast.Name(counter)], ast.Constant(0)), ast.While(test, [step, *body], [])]

    # functions ---------------------------------------------------------------------------------

    def params(self, count: int, first_int: bool = False) -> tuple[tuple[str, str], ...]:
        names: list[str] = []
        while len(names) < count:
            name = self.ch.pick(PARAMS)
            if name not in names:
                names.append(name)
        kinds = ["int" if (first_int and k == 0) or self.ch.chance(60) else "float" for k in range(count)]
        return tuple(zip(names, kinds))

    def function(
        self, name: str, params: tuple[tuple[str, str], ...], size: int, recursive: bool = False, entry: bool = False
    ) -> Function:
        scope = _Scope()
        for p, kind in params:
            self.declare(scope, p, "int" if kind == "int" else "num")
        scope.small = [p for p, kind in params if kind == "int"]
        self.budget = size
        body: list[ast.stmt] = []
        returns = "num"
        if recursive:
            returns = "int" if self.ch.chance(50) else "num"
            n = params[0][0]
            scope.frozen.add(n)  # the counted-down argument keeps its value until the call
            base = ast.If(
                ast.Compare(ast.Name(n), [ast.LtE()], [ast.Constant(0)]), [ast.Return(self.expr(scope, returns, 1))], []
            )
            body.append(base)
            self.helper = None  # the body calls nothing: only the last line recurses, with n - 1
        if self.ch.chance(10):
            body.insert(0, ast.Expr(ast.Constant(f"{name} of {', '.join(p for p, _ in params)}.")))  # a docstring
        body.extend(self.block(scope, 0, self.ch.integer(0, size)) if size else [])
        if recursive:
            recur = self.call(Function(name, params, returns, ast.FunctionDef(), recursive=True), scope, 1)
            recur.args[0] = ast.BinOp(ast.Name(params[0][0]), ast.Sub(), ast.Constant(self.ch.pick([1, 2])))
            final = ast.BinOp(recur, self.ch.pick([ast.Add(), ast.Mult(), ast.Sub()]), self.expr(scope, returns, 1))
        else:
            final = self.expr(scope, "num")
            if entry and self.ch.chance(10):  # a helper's value is used as a number: never a pair
                final = ast.Tuple([final, self.expr(scope, "num", 1)])
        body.append(ast.Return(final))
        args = ast.arguments([], [ast.arg(p) for p, _ in params], None, [], [], None, [])
        node = ast.FunctionDef(name, args, body, [], None, lineno=1)
        return Function(name, params, returns, node, recursive)


def program(ch: Chooser) -> Program:
    """Draw one program: an entry function, with a helper (maybe recursive) half of the time."""
    b = _Builder(ch)
    functions: list[Function] = []
    helper_kind = ch.integer(0, 2)  # none, a plain helper, a recursive helper
    if helper_kind:
        name = ch.pick(HELPERS)
        recursive = helper_kind == 2
        helper = b.function(name, b.params(ch.integer(1, 2), first_int=recursive), 3, recursive=recursive)
        b.helper = helper
        functions.append(helper)
    entry_name = ch.pick([e for e in ENTRIES])
    entry = b.function(entry_name, b.params(ch.integer(1, 3)), 7, entry=True)
    functions.insert(0, entry)
    module = ast.Module([f.node for f in functions], [])
    source = ast.unparse(ast.fix_missing_locations(module)) + "\n"
    return Program(tuple(functions), source)


def inputs(ch: Chooser, prog: Program) -> dict[str, Any]:
    """Arguments for the entry function: small ints, and floats that are decimals, halves or thirds."""
    out: dict[str, Any] = {}
    for name, kind in prog.entry.params:
        if kind == "int":
            out[name] = ch.integer(-6, 12)
        else:
            out[name] = ch.integer(-400, 400) / ch.pick([10, 4, 1, 100, 3])
    return out


# --- rendering and running --------------------------------------------------------------------------

_COUNTER = iter(range(sys.maxsize))


def load(source: str) -> dict[str, Any]:
    """Define the program's functions from its source, registered with linecache so latexify can read it."""
    filename = f"<pyprogram-{next(_COUNTER)}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace: dict[str, Any] = {"math": math}
    exec(compile(source, filename, "exec"), namespace)  # our own generated code, never a note's
    return namespace


def render(namespace: dict[str, Any], names: list[str]) -> str:
    """The listings latexify prints for the functions ``names``, one ``algorithmic`` environment each."""
    import latexify

    return "\n".join(latexify.get_latex(namespace[n], style=latexify.Style.ALGORITHMIC) for n in names)
