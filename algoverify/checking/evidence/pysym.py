"""Symbolic execution of a Python snippet's functions: each result as a sympy expression of the arguments.

Consumes the source of a snippet; produces, for each top-level ``def``, a callable that takes sympy
values (a scalar expression, or a ``sympy.Matrix``: n×1 for a 1-D array of length n, n×m for a 2-D
array) and returns one the same way (a 0-d result is a scalar, several results a tuple). The
source is read with :func:`ast.parse` and its tree walked here: nothing of it is ever run by
Python. A small subset of Python and NumPy is understood (:mod:`.pysymlib` holds the library);
anything else raises :class:`Unsupported` naming the construct and its line, never a guess.

Numbers are exact: an int literal is a sympy Integer and a float literal the Rational of its
decimal text (``0.1`` is 1/10, not the nearest double), because a proof about the float would be a
proof about rounding. What is proved is NumPy's computation in real arithmetic: no rounding, no
overflow, and where NumPy gives nan (a log of a negative, a fractional power of one) sympy gives
its principal complex value — the caller's assumptions have to keep values in the real domain.
"""

from __future__ import annotations

import ast
from collections import ChainMap
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

import numpy as np
import sympy

from . import pysymlib as L
from .pysymlib import Arr, Library, Module, Num, Unsupported

__all__ = ["Unsupported", "functions"]

#: Iterations one loop may run, unrolled; a longer loop is not executed symbolically.
MAX_ITERATIONS = 256
#: Statements one call may execute in all (nested loops multiply); past it, Unsupported.
MAX_STEPS = 20_000
#: Calls of the snippet's own functions deep.
MAX_DEPTH = 32

#: Names that let a snippet change what other code means (its globals, built-ins, or NumPy)
#: or run text as code: a snippet that mentions one is not executed symbolically at all.
_REFLECTIVE = {
    "eval", "exec", "compile", "globals", "locals", "vars", "setattr", "delattr", "__import__",
    "__builtins__", "breakpoint",
}  # fmt: skip
#: Modules whose import lets a snippet reach into the interpreter and the other modules.
_REFLECTIVE_MODULES = {"builtins", "sys", "importlib", "ctypes", "gc", "inspect", "types"}
_OPS = {
    ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%",
    ast.Pow: "**", ast.MatMult: "@",
}  # fmt: skip
_COMPARISONS = {
    ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=",
    ast.Is: "is", ast.IsNot: "is not",
}  # fmt: skip
_OPAQUE = object()  # a module-level name bound by code that is not executed: reading it is unsupported


def functions(code: str) -> dict[str, Callable[..., Any]]:
    """For each top-level ``def`` of ``code``, a callable on sympy values.

    :raises Unsupported: when the snippet does not parse, or does something that could change
        what its functions compute (an ``eval``, an assignment to an attribute of a module, …).
    """
    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError) as e:
        raise Unsupported(f"the snippet does not parse ({e})") from e
    module = _Module(tree)
    return {name: _boundary(module, name) for name, value in module.names.items() if isinstance(value, _Function)}


def _boundary(module: _Module, name: str) -> Callable[..., Any]:
    function = module.names[name]

    def call(*args: Any, **kwargs: Any) -> Any:
        values = [_from_sympy(a) for a in args]
        keywords = {k: _from_sympy(v) for k, v in kwargs.items()}
        return _to_sympy(_Interpreter(module).call(function, values, keywords, function.node), function.node)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = ast.get_docstring(function.node)
    return call


def _from_sympy(value: Any) -> Any:
    if isinstance(value, sympy.MatrixBase):
        rows, cols = value.shape
        a = np.empty((rows, cols), dtype=object)
        for i in range(rows):
            for j in range(cols):
                a[i, j] = L.num(value[i, j]).v
        # an n×1 Matrix stands for a 1-D array; NumPy's arrays from draws hold floats
        return Arr(a.reshape(rows) if cols == 1 else a, False)
    if isinstance(value, (int, sympy.Basic)) and not isinstance(value, bool):
        return L.num(value)
    raise Unsupported(f"an argument of type {type(value).__name__}: pass a sympy expression or Matrix")


def _to_sympy(value: Any, node: ast.AST) -> Any:
    if isinstance(value, Num):
        return value.v
    if isinstance(value, tuple):
        return tuple(_to_sympy(v, node) for v in value)
    if isinstance(value, Arr):
        a = value.a
        if a.ndim == 0:
            return a[()]
        if a.ndim == 1:
            return sympy.Matrix(len(a), 1, list(a))
        if a.ndim == 2:
            return sympy.Matrix(a.shape[0], a.shape[1], list(a.reshape(-1)))
    what = "nothing" if value is None else f"a {L._kind(value)}"
    raise Unsupported(f"line {node.lineno}: the function returns {what}, not a number or an array")


@dataclass(frozen=True, eq=False)
class _Function:
    node: ast.FunctionDef


class _Module:
    """The snippet's top level: its functions, imports and literal constants, checked once."""

    def __init__(self, tree: ast.Module) -> None:
        _refuse_reflection(tree)
        self.names: dict[str, Any] = {}
        bindings: dict[str, int] = {}
        for node in tree.body:
            for name in _bound_names(node):
                bindings[name] = bindings.get(name, 0) + 1
        for node in ast.walk(tree):
            if isinstance(node, (ast.Global, ast.Nonlocal)):
                for name in node.names:
                    bindings[name] = bindings.get(name, 0) + 2  # rebound elsewhere: never a constant
        for node in tree.body:
            for name, value in self._define(node).items():
                # a name bound twice has the value of whichever binding ran last: not known here
                self.names[name] = value if bindings.get(name, 0) == 1 else _OPAQUE

    def _define(self, node: ast.stmt) -> dict[str, Any]:
        if isinstance(node, ast.FunctionDef):
            return {node.name: _OPAQUE if node.decorator_list else _Function(node)}
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            return _imports(node)
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            constant = _literal(node.value)
            if constant is not None:
                try:
                    return _unpack(node.targets[0], constant)
                except Unsupported:
                    pass
        return dict.fromkeys(_bound_names(node), _OPAQUE)


def _refuse_reflection(tree: ast.Module) -> None:
    for node in ast.walk(tree):
        name = None
        if isinstance(node, ast.Name) and node.id in _REFLECTIVE:
            name = node.id
        elif isinstance(node, ast.Attribute) and node.attr.startswith("__"):
            name = f".{node.attr}"
        elif isinstance(node, ast.alias) and node.name.split(".")[0] in _REFLECTIVE_MODULES:
            name = f"import {node.name}"
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in _REFLECTIVE_MODULES:
            name = f"from {node.module} import"
        if name is not None:
            raise Unsupported(f"line {node.lineno}: {name} — the snippet could change what its code means")
    _refuse_attribute_stores(tree, None)


def _refuse_attribute_stores(node: ast.AST, owner: str | None) -> None:
    """Refuse ``x.attr = …`` (``np.exp = …`` changes NumPy), except a method's ``self.attr = …``."""
    for target in _store_targets(node):
        if isinstance(target, ast.Attribute) and not (
            owner is not None and isinstance(target.value, ast.Name) and target.value.id == owner
        ):
            raise Unsupported(f"line {target.lineno}: an assignment to an attribute, which may change NumPy")
    for child in ast.iter_child_nodes(node):
        inner = owner
        if isinstance(node, ast.ClassDef) and isinstance(child, ast.FunctionDef):
            inner = child.args.args[0].arg if child.args.args else None
        elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and owner is not None:
            inner = None  # a function nested in a method: its `self` is not the method's
        _refuse_attribute_stores(child, inner)


def _store_targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        targets = list(node.targets)
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For, ast.AsyncFor, ast.NamedExpr)):
        targets = [node.target]
    elif isinstance(node, ast.Delete):
        targets = list(node.targets)
    elif isinstance(node, ast.withitem) and node.optional_vars is not None:
        targets = [node.optional_vars]
    elif isinstance(node, ast.comprehension):
        targets = [node.target]
    else:
        return []
    flat: list[ast.expr] = []
    while targets:
        t = targets.pop()
        if isinstance(t, (ast.Tuple, ast.List)):
            targets.extend(t.elts)
        elif isinstance(t, ast.Starred):
            targets.append(t.value)
        else:
            flat.append(t)
    return flat


def _bound_names(node: ast.stmt) -> list[str]:
    """The module-level names a top-level statement binds (not those inside its functions)."""
    names: list[str] = []
    stack: list[ast.AST] = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(n.name)
            stack.extend(n.decorator_list)
            continue  # their bodies bind names of their own scope
        if isinstance(n, (ast.Import, ast.ImportFrom)):
            names.extend((a.asname or a.name.split(".")[0]) for a in n.names)
        if isinstance(n, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            continue
        names.extend(t.id for t in _store_targets(n) if isinstance(t, ast.Name))
        stack.extend(ast.iter_child_nodes(n))
    return names


def _imports(node: ast.Import | ast.ImportFrom) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if isinstance(node, ast.Import):
        for alias in node.names:
            module = L.MODULES.get(alias.name)
            if alias.asname is None:
                top = alias.name.split(".")[0]
                # `import numpy.linalg` binds numpy, as Python does
                out[top] = L.MODULES.get(top, _OPAQUE)
            else:
                out[alias.asname] = module if module is not None else _OPAQUE
        return out
    module = L.MODULES.get(node.module or "") if node.level == 0 else None
    for alias in node.names:
        if alias.name == "*":
            raise Unsupported(f"line {node.lineno}: from … import *")
        value = module.attributes.get(alias.name, _OPAQUE) if module is not None else _OPAQUE
        out[alias.asname or alias.name] = value
    return out


def _literal(node: ast.expr) -> Any:
    """The value of a literal constant (numbers, signs, tuples of them), or None."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return _number(node)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        inner = _literal(node.operand)
        if isinstance(inner, Num):
            return L.unary_minus(inner) if isinstance(node.op, ast.USub) else inner
    if isinstance(node, ast.Tuple):
        items = [_literal(e) for e in node.elts]
        if all(i is not None for i in items):
            return tuple(items)
    return None


def _number(node: ast.Constant) -> Num:
    value = node.value
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise Unsupported(f"line {node.lineno}: the constant {value!r}")
    if isinstance(value, int):
        return Num(sympy.Integer(value), True)
    if not np.isfinite(value):
        raise Unsupported(f"line {node.lineno}: an infinite float")
    # the decimal the author wrote (repr gives back the shortest text of the same double), exactly
    fraction = Fraction(repr(value))
    return Num(sympy.Rational(fraction.numerator, fraction.denominator), False)


def _unpack(target: ast.expr, value: Any) -> dict[str, Any]:
    if isinstance(target, ast.Name):
        return {target.id: value}
    if isinstance(target, (ast.Tuple, ast.List)):
        items = L.iterate(value)
        if len(items) != len(target.elts) or any(isinstance(e, ast.Starred) for e in target.elts):
            raise Unsupported(f"line {target.lineno}: an unpacking of {len(items)} values into {len(target.elts)}")
        out: dict[str, Any] = {}
        for t, v in zip(target.elts, items):
            out.update(_unpack(t, v))
        return out
    raise Unsupported(f"line {target.lineno}: an assignment to a {type(target).__name__}")


class _Return(Exception):
    def __init__(self, value: Any) -> None:
        self.value = value


class _Break(Exception):
    pass


class _Continue(Exception):
    pass


class _Interpreter:
    """One call of a snippet function (and the calls it makes): walks statements and expressions."""

    def __init__(self, module: _Module) -> None:
        self.module = module
        self.steps = 0
        self.depth = 0
        self.locals: list[set[str]] = []  # each active call's local names: a global of the same name is hidden

    # --- calls ------------------------------------------------------------------------------

    def call(self, function: _Function, args: list[Any], kwargs: dict[str, Any], site: ast.AST) -> Any:
        node = function.node
        spec = node.args
        if spec.vararg or spec.kwarg or spec.kwonlyargs or spec.posonlyargs:
            raise Unsupported(f"line {node.lineno}: a def with *args, **kwargs or keyword-only parameters")
        params = [a.arg for a in spec.args]
        if len(args) > len(params):
            raise Unsupported(f"line {site.lineno}: {node.name}() takes {len(params)} arguments, not {len(args)}")
        scope = dict(zip(params, args))
        for name, value in kwargs.items():
            if name not in params or name in scope:
                raise Unsupported(f"line {site.lineno}: {node.name}() has no parameter {name} to set")
            scope[name] = value
        defaults = dict(zip(params[len(params) - len(spec.defaults) :], spec.defaults))
        for name in params:
            if name not in scope:
                if name not in defaults:
                    raise Unsupported(f"line {site.lineno}: {node.name}() without its argument {name}")
                scope[name] = self._default(defaults[name])
        self.locals.append(_local_names(node))
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise Unsupported(f"line {site.lineno}: calls nested deeper than {MAX_DEPTH}")
        try:
            self.block(node.body, ChainMap(scope), docstring=True)
        except _Return as r:
            return r.value
        finally:
            self.depth -= 1
            self.locals.pop()
        return None

    def _default(self, node: ast.expr) -> Any:
        if isinstance(node, ast.Constant) and (node.value is None or isinstance(node.value, (bool, str))):
            return node.value
        value = _literal(node)
        if value is None:
            raise Unsupported(f"line {node.lineno}: a default value that is not a literal")
        return value

    # --- statements -------------------------------------------------------------------------

    def block(self, body: list[ast.stmt], scope: ChainMap[str, Any], docstring: bool = False) -> None:
        for i, node in enumerate(body):
            self.steps += 1
            if self.steps > MAX_STEPS:
                raise Unsupported(f"line {node.lineno}: more than {MAX_STEPS} statements executed")
            if docstring and i == 0 and isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
                continue
            self.statement(node, scope)

    def statement(self, node: ast.stmt, scope: ChainMap[str, Any]) -> None:
        handler = getattr(self, f"s_{type(node).__name__}", None)
        if handler is None:
            raise Unsupported(f"line {node.lineno}: {_describe(node)} is not executed symbolically")
        try:
            handler(node, scope)
        except (Unsupported, _Return, _Break, _Continue):
            raise
        except Exception as e:  # NumPy or sympy refused: the program has no value we can vouch for
            raise Unsupported(f"line {node.lineno}: {type(e).__name__}: {e}") from e

    def s_Expr(self, node: ast.Expr, scope: ChainMap[str, Any]) -> None:
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return  # a string used as a comment
        self.expr(node.value, scope)

    def s_Pass(self, node: ast.Pass, scope: ChainMap[str, Any]) -> None:
        pass

    def s_Return(self, node: ast.Return, scope: ChainMap[str, Any]) -> None:
        raise _Return(None if node.value is None else self.expr(node.value, scope))

    def s_Assign(self, node: ast.Assign, scope: ChainMap[str, Any]) -> None:
        value = self.expr(node.value, scope)
        for target in node.targets:
            self.assign(target, value, scope)

    def s_AugAssign(self, node: ast.AugAssign, scope: ChainMap[str, Any]) -> None:
        op = _OPS.get(type(node.op))
        if op is None or op == "@":
            raise Unsupported(f"line {node.lineno}: the augmented assignment {type(node.op).__name__}")
        value = self.expr(node.value, scope)
        if isinstance(node.target, ast.Name):
            current = self.name(node.target, scope)
            if isinstance(current, list) and op == "+":
                current.extend(L.iterate(value))  # a list's += extends it in place
                return
            if isinstance(current, Arr):
                self.in_place(current, op, value, node)  # NumPy's x += y writes into x, seen by every alias
                return
            scope[node.target.id] = L.binary(op, current, value)
            return
        if isinstance(node.target, ast.Subscript):
            container = self.expr(node.target.value, scope)
            index = self.index(node.target.slice, scope)
            current = self.subscript(container, index, node.target)
            if isinstance(current, Arr):
                self.in_place(current, op, value, node)
                return
            self.store(container, index, L.binary(op, current, value), node.target)
            return
        raise Unsupported(f"line {node.lineno}: an augmented assignment to a {type(node.target).__name__}")

    def in_place(self, target: Arr, op: str, value: Any, node: ast.AST) -> None:
        new, integral = L._array(L.binary(op, target, value))
        if target.integral and not integral:
            raise Unsupported(f"line {node.lineno}: a float result written into an integer array")
        target.a[...] = np.broadcast_to(new, target.a.shape)  # NumPy refuses an out= it would have to grow

    def s_If(self, node: ast.If, scope: ChainMap[str, Any]) -> None:
        branch = node.body if L.truth(self.expr(node.test, scope)) else node.orelse
        self.block(branch, scope)

    def s_For(self, node: ast.For, scope: ChainMap[str, Any]) -> None:
        if node.orelse:
            raise Unsupported(f"line {node.lineno}: a for … else")
        items = self.bounded(node, self.expr(node.iter, scope), "a loop")
        for item in items:
            self.assign(node.target, item, scope)
            try:
                self.block(node.body, scope)
            except _Break:
                break
            except _Continue:
                continue

    def s_Break(self, node: ast.Break, scope: ChainMap[str, Any]) -> None:
        raise _Break

    def s_Continue(self, node: ast.Continue, scope: ChainMap[str, Any]) -> None:
        raise _Continue

    def s_Assert(self, node: ast.Assert, scope: ChainMap[str, Any]) -> None:
        if not L.truth(self.expr(node.test, scope)):
            raise Unsupported(f"line {node.lineno}: the assertion fails")

    def s_Import(self, node: ast.Import, scope: ChainMap[str, Any]) -> None:
        scope.update(_imports(node))

    s_ImportFrom = s_Import

    def assign(self, target: ast.expr, value: Any, scope: ChainMap[str, Any]) -> None:
        if isinstance(target, ast.Name):
            scope[target.id] = value
        elif isinstance(target, (ast.Tuple, ast.List)):
            for name, v in _unpack_values(target, value).items():
                self.assign(name, v, scope)
        elif isinstance(target, ast.Subscript):
            container = self.expr(target.value, scope)
            self.store(container, self.index(target.slice, scope), value, target)
        else:
            raise Unsupported(f"line {target.lineno}: an assignment to a {type(target).__name__}")

    def store(self, container: Any, index: Any, value: Any, node: ast.AST) -> None:
        if isinstance(container, list):
            container[_list_index(index, len(container), node)] = value
            return
        if not isinstance(container, Arr):
            raise Unsupported(f"line {node.lineno}: an item assignment into a {L._kind(container)}")
        new, integral = L._array(value)
        if container.integral and not integral:
            raise Unsupported(f"line {node.lineno}: a float written into an integer array (NumPy would truncate)")
        view = container.a[index]
        if not isinstance(view, np.ndarray):
            if not isinstance(value, Num):
                # an object array would keep the array itself as the entry; NumPy's float array refuses
                raise Unsupported(f"line {node.lineno}: an array written into one entry")
            container.a[index] = value.v
            return
        view[...] = np.broadcast_to(new, view.shape)

    # --- expressions ------------------------------------------------------------------------

    def expr(self, node: ast.expr, scope: ChainMap[str, Any]) -> Any:
        handler = getattr(self, f"e_{type(node).__name__}", None)
        if handler is None:
            raise Unsupported(f"line {node.lineno}: {_describe(node)} is not executed symbolically")
        return handler(node, scope)

    def e_Constant(self, node: ast.Constant, scope: ChainMap[str, Any]) -> Any:
        if node.value is None or isinstance(node.value, (bool, str)):
            return node.value
        return _number(node)

    def e_Name(self, node: ast.Name, scope: ChainMap[str, Any]) -> Any:
        return self.name(node, scope)

    def name(self, node: ast.Name, scope: ChainMap[str, Any]) -> Any:
        if node.id in scope:
            return scope[node.id]
        if self.locals and node.id in self.locals[-1]:
            raise Unsupported(f"line {node.lineno}: the local {node.id} is read before it is assigned")
        if node.id in self.module.names:
            value = self.module.names[node.id]
            if value is _OPAQUE:
                raise Unsupported(f"line {node.lineno}: {node.id} is set by code that is not executed symbolically")
            return value
        if node.id in L.BUILTINS:
            return L.BUILTINS[node.id]
        raise Unsupported(f"line {node.lineno}: the name {node.id} (not defined, or not supported)")

    def e_Tuple(self, node: ast.Tuple, scope: ChainMap[str, Any]) -> tuple[Any, ...]:
        return tuple(self.items(node.elts, scope))

    def e_List(self, node: ast.List, scope: ChainMap[str, Any]) -> list[Any]:
        return self.items(node.elts, scope)

    def items(self, elts: list[ast.expr], scope: ChainMap[str, Any]) -> list[Any]:
        if any(isinstance(e, ast.Starred) for e in elts):
            raise Unsupported(f"line {elts[0].lineno}: a starred item")
        return [self.expr(e, scope) for e in elts]

    def e_BinOp(self, node: ast.BinOp, scope: ChainMap[str, Any]) -> Any:
        op = _OPS.get(type(node.op))
        if op is None:
            raise Unsupported(f"line {node.lineno}: the operator {type(node.op).__name__}")
        left, right = self.expr(node.left, scope), self.expr(node.right, scope)
        return self.guard(node, lambda: L.binary(op, left, right))

    def e_UnaryOp(self, node: ast.UnaryOp, scope: ChainMap[str, Any]) -> Any:
        value = self.expr(node.operand, scope)
        if isinstance(node.op, ast.Not):
            return not L.truth(value)
        if isinstance(node.op, ast.USub):
            return self.guard(node, lambda: L.unary_minus(value))
        if isinstance(node.op, ast.UAdd) and isinstance(value, (Num, Arr)):
            return value
        raise Unsupported(f"line {node.lineno}: the operator {type(node.op).__name__}")

    def e_BoolOp(self, node: ast.BoolOp, scope: ChainMap[str, Any]) -> Any:
        value = None
        for operand in node.values:
            value = self.expr(operand, scope)
            # `a and b` is a if a is false, `a or b` is a if a is true: Python's short circuit
            if L.truth(value) == isinstance(node.op, ast.Or):
                return value
        return value

    def e_Compare(self, node: ast.Compare, scope: ChainMap[str, Any]) -> bool:
        left = self.expr(node.left, scope)
        for op, right_node in zip(node.ops, node.comparators):
            right = self.expr(right_node, scope)
            name = _COMPARISONS.get(type(op))
            if name is None:
                raise Unsupported(f"line {node.lineno}: the comparison {type(op).__name__}")
            if not self.guard(node, lambda name=name, left=left, right=right: L.compare(name, left, right)):
                return False
            left = right
        return True

    def e_IfExp(self, node: ast.IfExp, scope: ChainMap[str, Any]) -> Any:
        chosen = node.body if self.guard(node, lambda: L.truth(self.expr(node.test, scope))) else node.orelse
        return self.expr(chosen, scope)

    def e_Attribute(self, node: ast.Attribute, scope: ChainMap[str, Any]) -> Any:
        if node.attr.startswith("_"):
            raise Unsupported(f"line {node.lineno}: the attribute {node.attr}")
        owner = self.expr(node.value, scope)
        if isinstance(owner, Module):
            if node.attr not in owner.attributes:
                raise Unsupported(f"line {node.lineno}: {owner.name}.{node.attr} is not supported")
            return owner.attributes[node.attr]
        if isinstance(owner, Arr):
            if node.attr in L.ARRAY_PROPERTIES:
                return L.ARRAY_PROPERTIES[node.attr](owner)
            if node.attr in L.ARRAY_METHODS:
                method = L.ARRAY_METHODS[node.attr]
                return Library(node.attr, lambda *a, **k: method(owner, *a, **k))
        if isinstance(owner, Num) and node.attr in L.ARRAY_METHODS:
            method = L.ARRAY_METHODS[node.attr]  # NumPy scalars have the array methods too
            return Library(node.attr, lambda *a, **k: method(owner, *a, **k))
        if isinstance(owner, list) and node.attr == "append":
            return Library("append", lambda item: owner.append(item))
        raise Unsupported(f"line {node.lineno}: .{node.attr} of a {L._kind(owner)}")

    def e_Call(self, node: ast.Call, scope: ChainMap[str, Any]) -> Any:
        fn = self.expr(node.func, scope)
        if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
            raise Unsupported(f"line {node.lineno}: a call with *args or **kwargs")
        args = [self.argument(a, scope) for a in node.args]
        kwargs = {k.arg: self.expr(k.value, scope) for k in node.keywords if k.arg is not None}
        if isinstance(fn, _Function):
            return self.call(fn, args, kwargs, node)
        if isinstance(fn, Library):
            return self.guard(node, lambda: fn.fn(*args, **kwargs))
        raise Unsupported(f"line {node.lineno}: a call of a {L._kind(fn)}")

    def argument(self, node: ast.expr, scope: ChainMap[str, Any]) -> Any:
        if isinstance(node, ast.GeneratorExp):
            # every consumer this module knows (sum, max, min, list, tuple) reads the whole generator
            return self.comprehension(node, scope)
        return self.expr(node, scope)

    def e_ListComp(self, node: ast.ListComp, scope: ChainMap[str, Any]) -> list[Any]:
        return self.comprehension(node, scope)

    def bounded(self, node: ast.AST, iterable: Any, what: str) -> list[Any]:
        """The items a loop or a comprehension runs over, unrolled: at most :data:`MAX_ITERATIONS`."""
        items = L.iterate(iterable)
        if len(items) > MAX_ITERATIONS:
            line = getattr(node, "lineno", "?")
            raise Unsupported(f"line {line}: {what} over {len(items)} items (at most {MAX_ITERATIONS})")
        return items

    def comprehension(self, node: ast.ListComp | ast.GeneratorExp, scope: ChainMap[str, Any]) -> list[Any]:
        out: list[Any] = []

        def run(level: int, inner: ChainMap[str, Any]) -> None:
            if level == len(node.generators):
                out.append(self.expr(node.elt, inner))
                return
            gen = node.generators[level]
            if gen.is_async:
                raise Unsupported(f"line {node.lineno}: an async comprehension")
            items = self.bounded(node, self.expr(gen.iter, inner), "a comprehension")
            for item in items:
                self.assign(gen.target, item, inner)
                if all(L.truth(self.expr(test, inner)) for test in gen.ifs):
                    run(level + 1, inner)

        run(0, scope.new_child())  # its variables do not leak out, as in Python 3
        return out

    def e_Subscript(self, node: ast.Subscript, scope: ChainMap[str, Any]) -> Any:
        container = self.expr(node.value, scope)
        index = self.index(node.slice, scope)
        return self.subscript(container, index, node)

    def subscript(self, container: Any, index: Any, node: ast.AST) -> Any:
        if isinstance(container, (list, tuple)):
            if isinstance(index, slice):
                return container[index]
            return container[_list_index(index, len(container), node)]
        if not isinstance(container, Arr):
            raise Unsupported(f"line {node.lineno}: indexing a {L._kind(container)}")
        try:
            picked = container.a[index]
        except IndexError as e:
            raise Unsupported(f"line {node.lineno}: {e}") from e
        return L.wrap(picked, container.integral)

    def index(self, node: ast.expr, scope: ChainMap[str, Any]) -> Any:
        """An index as NumPy takes it: Python ints, slices, None (newaxis), or a tuple of them."""
        if isinstance(node, ast.Tuple):
            return tuple(self.index_item(e, scope) for e in node.elts)
        return self.index_item(node, scope)

    def index_item(self, node: ast.expr, scope: ChainMap[str, Any]) -> Any:
        if isinstance(node, ast.Slice):
            parts = [
                None if p is None else _concrete_int(self.expr(p, scope), p)
                for p in (node.lower, node.upper, node.step)
            ]
            if parts[2] == 0:
                raise Unsupported(f"line {node.lineno}: a slice step of zero")
            return slice(*parts)
        value = self.expr(node, scope)
        if value is None:
            return None
        return _concrete_int(value, node)

    def guard(self, node: ast.AST, compute: Callable[[], Any]) -> Any:
        """``compute()``, with a refusal by NumPy or sympy reported as unsupported at ``node``'s line."""
        try:
            return compute()
        except Unsupported as e:
            message = str(e)
            raise Unsupported(message if message.startswith("line ") else f"line {node.lineno}: {message}") from e
        except (_Return, _Break, _Continue):
            raise
        except Exception as e:
            raise Unsupported(f"line {node.lineno}: {type(e).__name__}: {e}") from e


def _local_names(function: ast.FunctionDef) -> set[str]:
    """The names Python makes local to ``function``: its parameters and whatever its body binds."""
    names = {a.arg for a in function.args.args}
    for statement in function.body:
        names.update(_bound_names(statement))
    return names


def _unpack_values(target: ast.Tuple | ast.List, value: Any) -> dict[ast.expr, Any]:
    items = L.iterate(value)
    if any(isinstance(e, ast.Starred) for e in target.elts) or len(items) != len(target.elts):
        raise Unsupported(f"line {target.lineno}: an unpacking of {len(items)} values into {len(target.elts)} names")
    return dict(zip(target.elts, items))


def _concrete_int(value: Any, node: ast.AST) -> int:
    if isinstance(value, Num) and value.integral and isinstance(value.v, sympy.Integer):
        return int(value.v)
    raise Unsupported(f"line {node.lineno}: an index that is not a concrete integer")


def _list_index(index: Any, length: int, node: ast.AST) -> int:
    if not isinstance(index, int) or not -length <= index < length:
        raise Unsupported(f"line {node.lineno}: a list index out of range or not an integer")
    return index


def _describe(node: ast.AST) -> str:
    names = {
        "While": "a while loop", "Try": "a try statement", "With": "a with statement", "ClassDef": "a class",
        "FunctionDef": "a nested def", "Lambda": "a lambda", "Global": "a global statement",
        "Nonlocal": "a nonlocal statement", "Raise": "a raise statement", "Delete": "a del statement",
        "JoinedStr": "an f-string", "Dict": "a dict", "Set": "a set", "DictComp": "a dict comprehension",
        "SetComp": "a set comprehension", "GeneratorExp": "a generator expression", "Yield": "a yield",
        "Await": "an await", "NamedExpr": "an assignment expression", "Starred": "a starred expression",
        "Match": "a match statement", "AsyncFunctionDef": "an async def",
    }  # fmt: skip
    return names.get(type(node).__name__, f"a {type(node).__name__}")
