"""Symbolic execution of snippet functions: NumPy's semantics on sympy values, or Unsupported with the line."""

from __future__ import annotations

import ast
import builtins
import re
import textwrap

import numpy as np
import pytest
import sympy
from helpers import ROOT
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from algoverify.checking.evidence.pysym import Unsupported, functions

# --- the differential test: random programs, run by NumPy on floats and by pysym on symbols ------

# shapes by name: the inputs are x (n,), w (m,), A (n, m) and s (a scalar)
_DIMS = {"S": (), "V": ("n",), "W": ("m",), "M": ("n", "m"), "MT": ("m", "n"), "C": ("n", 1), "R": (1, "m")}
# operand shapes whose broadcast is the target shape
_BROADCAST = {
    "S": [("S", "S")],
    "V": [("V", "V"), ("V", "S"), ("S", "V")],
    "W": [("W", "W"), ("S", "W")],
    "M": [("M", "M"), ("M", "S"), ("C", "R"), ("M", "W"), ("C", "M"), ("R", "M")],
    "MT": [("MT", "MT"), ("MT", "V")],
    "C": [("C", "C"), ("C", "S")],
    "R": [("R", "W"), ("R", "R")],
}
_UNARY = [
    ("np.tanh({})", np.tanh),
    ("np.exp(np.tanh({}))", lambda a: np.exp(np.tanh(a))),
    ("np.abs({})", np.abs),
    ("abs({})", abs),
    ("np.square({})", np.square),
    ("np.sqrt(np.abs({}) + 1)", lambda a: np.sqrt(np.abs(a) + 1)),
    ("np.log(1 + {} ** 2)", lambda a: np.log(1 + a**2)),
    ("(-{})", lambda a: -a),
    ("np.clip({}, -0.5, 0.25)", lambda a: np.clip(a, -0.5, 0.25)),
]
_BINARY = [
    ("({} + {})", lambda a, b: a + b),
    ("({} - {})", lambda a, b: a - b),
    ("({} * {})", lambda a, b: a * b),
    ("({} / (1.5 + {} ** 2))", lambda a, b: a / (1.5 + b**2)),
    ("np.maximum({}, {})", np.maximum),
    ("np.minimum({}, {})", np.minimum),
]
_LEAVES = {"S": ["s", "0.5", "2", "(-1.25)"], "V": ["x"], "W": ["w"], "M": ["A"]}
_ENV_FNS = {"s": lambda e: e["s"], "x": lambda e: e["x"], "w": lambda e: e["w"], "A": lambda e: e["A"]}


def _reductions(draw, n: int, m: int) -> dict[str, list]:
    """(template over operand shapes, NumPy function) pairs that make each shape from others."""
    i, j = draw(st.integers(-n, n - 1)), draw(st.integers(-m, m - 1))
    return {
        "S": [
            (("V",), "np.sum({})", np.sum),
            (("M",), "{}.mean()", np.mean),
            (("M",), "np.max({})", np.max),
            (("V",), "{}.min()", np.min),
            (("V",), "np.var({})", np.var),
            (("M",), "{}.std()", np.std),
            (("V",), "np.linalg.norm({})", np.linalg.norm),
            (("V", "V"), "np.dot({}, {})", np.dot),
            (("V",), f"{{}}[{i}]", lambda a: a[i]),
            (("M",), f"{{}}[{i}, {j}]", lambda a: a[i, j]),
            (("W",), "sum({})", sum),
            (("V",), "max({})", max),
        ],
        "V": [
            (("M",), "{}.sum(axis=1)", lambda a: a.sum(axis=1)),
            (("M",), "np.mean({}, axis=-1)", lambda a: np.mean(a, axis=-1)),
            (("MT",), "np.amax({}, axis=0)", lambda a: np.amax(a, axis=0)),
            (("M", "W"), "({} @ {})", lambda a, b: a @ b),
            (("M",), f"{{}}[:, {j}]", lambda a: a[:, j]),
            (("V",), "{}[::-1]", lambda a: a[::-1]),
            (("C",), "{}.reshape(-1)", lambda a: a.reshape(-1)),
            (("MT",), "{}.var(axis=0)", lambda a: a.var(axis=0)),
        ],
        "W": [
            (("M",), "{}.sum(axis=0)", lambda a: a.sum(axis=0)),
            (("M",), f"{{}}[{i}]", lambda a: a[i]),
            (("MT", "V"), "({} @ {})", lambda a, b: a @ b),
            (("R",), "{}[0]", lambda a: a[0]),
            (("M",), "np.min({}, axis=0)", lambda a: np.min(a, axis=0)),
        ],
        "M": [
            (("MT",), "{}.T", lambda a: a.T),
            (("V", "W"), "np.outer({}, {})", np.outer),
            (("M",), "{}[::-1, :]", lambda a: a[::-1, :]),
        ],
        "MT": [
            (("M",), "{}.T", lambda a: a.T),
            (("M",), f"{{}}.reshape({m}, {n})", lambda a: a.reshape(m, n)),
        ],
        "C": [
            (("M",), "{}.sum(axis=1, keepdims=True)", lambda a: a.sum(axis=1, keepdims=True)),
            (("V",), "{}.reshape(-1, 1)", lambda a: a.reshape(-1, 1)),
            (("V",), "{}[:, None]", lambda a: a[:, None]),
            (("M",), "{}.max(axis=-1, keepdims=True)", lambda a: a.max(axis=-1, keepdims=True)),
        ],
        "R": [
            (("M",), "np.mean({}, axis=0, keepdims=True)", lambda a: np.mean(a, axis=0, keepdims=True)),
            (("W",), "{}[None, :]", lambda a: a[None, :]),
            (("M",), "{}.min(axis=0, keepdims=True)", lambda a: a.min(axis=0, keepdims=True)),
        ],
    }


@st.composite
def _programs(draw):
    # m > 1: an n×1 Matrix at the boundary is a 1-D array, so A needs two columns to be 2-D
    n, m = draw(st.integers(1, 3)), draw(st.integers(2, 3))
    made = _reductions(draw, n, m)

    def build(shape: str, depth: int):
        choices = ["leaf"] if shape in _LEAVES else []
        if depth > 0 or shape not in _LEAVES:
            choices += ["unary", "binary", "made"] if depth > 0 else ["made"]
        kind = draw(st.sampled_from(choices))
        if kind == "leaf":
            src = draw(st.sampled_from(_LEAVES[shape]))
            if src in _ENV_FNS:
                return src, _ENV_FNS[src]
            value = float(src.strip("()"))
            return src, lambda e: value
        if kind == "unary":
            template, fn = draw(st.sampled_from(_UNARY))
            src, inner = build(shape, depth - 1)
            return template.format(src), lambda e: fn(inner(e))
        if kind == "binary":
            template, fn = draw(st.sampled_from(_BINARY))
            left, right = draw(st.sampled_from(_BROADCAST[shape]))
            (ls, lf), (rs, rf) = build(left, depth - 1), build(right, depth - 1)
            return template.format(ls, rs), lambda e: fn(lf(e), rf(e))
        operands, template, fn = draw(st.sampled_from(made[shape]))
        parts = [build(o, max(depth - 1, 0)) for o in operands]
        return template.format(*(p[0] for p in parts)), lambda e: fn(*(p[1](e) for p in parts))

    shape = draw(st.sampled_from(sorted(_DIMS)))
    src, fn = build(shape, 3)
    return n, m, src, fn


def _symbols(n: int, m: int):
    x = sympy.Matrix(sympy.symbols(f"x0:{n}", real=True))
    w = sympy.Matrix(sympy.symbols(f"w0:{m}", real=True))
    a = sympy.Matrix(n, m, sympy.symbols(f"a0:{n * m}", real=True))
    return x, w, a, sympy.Symbol("s", real=True)


def _numbers(x, w, a, s, seed: int):
    rng = np.random.default_rng(seed)
    env = {"x": rng.uniform(-2, 2, x.shape[0]), "w": rng.uniform(-2, 2, w.shape[0])}
    env["A"], env["s"] = rng.uniform(-2, 2, a.shape), float(rng.uniform(-2, 2))
    subs = dict(zip(x, env["x"])) | dict(zip(w, env["w"])) | dict(zip(a, env["A"].ravel())) | {s: env["s"]}
    return env, subs


def _as_numbers(value, subs) -> np.ndarray:
    """A pysym result with the symbols replaced, as NumPy floats (a Matrix n×1 read back as 1-D)."""
    floats = {k: sympy.Float(v, 30) for k, v in subs.items()}
    if isinstance(value, sympy.MatrixBase):
        return np.array([[complex(e.xreplace(floats).evalf(30)) for e in row] for row in value.tolist()])
    return np.array(complex(value.xreplace(floats).evalf(30)))


def _agree(expected, got) -> None:
    expected = np.asarray(expected, dtype=float)
    if expected.ndim == 1:
        expected = expected.reshape(-1, 1)  # the n×1 Matrix of a 1-D result
    assert got.shape == expected.shape
    assert np.all(np.abs(got.imag) <= 1e-12)
    assert np.all(np.abs(got.real - expected) <= 1e-9 * np.maximum(1, np.abs(expected)))


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_programs(), st.integers(0, 2**32 - 1))
def test_random_programs_compute_what_numpy_computes(program, seed):
    n, m, src, fn = program
    code = f"import numpy as np\n\n\ndef f(x, w, A, s):\n    return {src}\n"
    x, w, a, s = _symbols(n, m)
    env, subs = _numbers(x, w, a, s, seed)
    got = functions(code)["f"](x, w, a, s)
    _agree(fn(env), _as_numbers(got, subs))


# Programs with statements: loops, in-place updates through views, helpers, unpacking, branches.
PROGRAMS = [
    (
        "running sums written into a preallocated array",
        """
        def f(x, w, A, s):
            out = np.zeros(len(x))
            acc = 0.0
            for i in range(len(x)):
                acc += x[i]
                out[i] = acc
            return out
        """,
    ),
    (
        "an in-place update through a view changes the array it views",
        """
        def f(x, w, A, s):
            B = A.copy()
            row = B[0]
            row += s
            B[:, 0] *= 2
            B[-1] -= w
            return B
        """,
    ),
    (
        "aliasing: += on a name writes into the argument the alias shares",
        """
        def f(x, w, A, s):
            y = x
            y += 1
            return x * y
        """,
    ),
    (
        "a helper with a default, tuple unpacking, and a module constant",
        """
        SCALE, SHIFT = 0.5, -1

        def helper(v, k=3):
            return v * k + SHIFT, v.sum()

        def f(x, w, A, s):
            a, b = helper(x, k=SCALE)
            c, d = helper(w)
            return a * b + d
        """,
    ),
    (
        "branches decided by the sizes, and an early return in a loop",
        """
        def f(x, w, A, s):
            n, m = A.shape
            if n > m:
                total = A.sum(axis=1)
            elif n == m:
                total = A.T.sum(axis=1) - x
            else:
                total = x * m
            for i in range(10):
                if i == n:
                    return total * i
            return total
        """,
    ),
    (
        "comprehensions, enumerate, zip, break and continue",
        """
        def f(x, w, A, s):
            sq = [v * v for v in x if True]
            acc = sum(i * v for i, v in enumerate(sq))
            for k, (p, q) in enumerate(zip(x, x[::-1])):
                if k == 0:
                    continue
                acc = acc + p * q
                if k >= 2:
                    break
            return np.array([acc, max(s, 1), min(x[0], s, 0.5)])
        """,
    ),
    (
        "lists: repetition, concatenation, append, and a list beside an array",
        """
        def f(x, w, A, s):
            acc = [0.0] * 2 + [s]
            acc.append(x[0])
            acc += [1]
            pair = (s,) + (2,)
            return np.array(acc) * 3 + sum(pair) + (x[:2] + [1, 2]).sum()
        """,
    ),
    (
        "layer normalisation as in a note",
        """
        import math
        EPS = 1e-5

        def f(x, w, A, s):
            mu = A.mean(axis=-1, keepdims=True)
            var = ((A - mu) ** 2).mean(axis=-1, keepdims=True)
            return (A - mu) / np.sqrt(var + EPS) * math.exp(0.5) + np.std(A, axis=0, ddof=0)
        """,
    ),
    (
        "integer arrays: true division gives floats, // of concrete integers",
        """
        def f(x, w, A, s):
            k = np.array([1, 2, 3])
            h = k // 2 + k % 2 + 7 // -2 + (-7) % 3
            return (k / 2).sum() * s + h.sum() + float(len(x)) / 4 + int(2.7) + np.ones_like(x).sum()
        """,
    ),
    (
        "matrix products, dot of a matrix and a vector, norms and np.array of rows",
        """
        from numpy import dot, outer
        from numpy.linalg import norm

        def f(x, w, A, s):
            G = A.T @ A
            v = dot(A, w)
            rows = np.array([v, x])
            return G.sum() + norm(v) * norm(A) + rows.sum(axis=0)[0] + outer(x, w).dot(w).sum()
        """,
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize("program", [p[1] for p in PROGRAMS], ids=[p[0] for p in PROGRAMS])
@pytest.mark.parametrize("n, m", [(1, 2), (2, 2), (2, 3), (3, 2)])
def test_statement_programs_compute_what_numpy_computes(program, n, m):
    code = "import numpy as np\n" + textwrap.dedent(program)
    x, w, a, s = _symbols(n, m)
    env, subs = _numbers(x, w, a, s, seed=n * 10 + m)
    namespace: dict = {}
    # the test's own program, run by Python to get NumPy's answer; pysym never runs it
    builtins.exec(compile(code, "<program>", "exec"), namespace)
    expected = namespace["f"](env["x"].copy(), env["w"].copy(), env["A"].copy(), env["s"])
    got = functions(code)["f"](x, w, a, s)
    _agree(expected, _as_numbers(got, subs))


# --- values at the boundary --------------------------------------------------------------------


def test_values_at_the_boundary():
    code = textwrap.dedent(
        """
        import numpy as np

        def f(x, A):
            return x.sum(), x, A, x[None, :], x[0:1].reshape(())

        def g():
            return 0.1 + 2, 3 / 4, 2**10
        """
    )
    x = sympy.Matrix(sympy.symbols("x0:2", real=True))
    A = sympy.Matrix(2, 3, sympy.symbols("a0:6"))
    total, same, matrix, row, zero_d = functions(code)["f"](x, A)
    assert total == x[0] + x[1] and same == x and matrix == A
    assert row.shape == (1, 2) and zero_d == x[0]
    # literals are exact: 0.1 is the decimal the author wrote, and / is true division
    assert functions(code)["g"]() == (sympy.Rational(21, 10), sympy.Rational(3, 4), sympy.Integer(1024))


@pytest.mark.slow
def test_softmax_of_the_corpus_is_shift_invariant():
    text = (ROOT / "corpus" / "softmax-snippet.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    softmax = functions(code)["softmax"]
    c = sympy.Symbol("c", real=True)
    for n in (1, 2, 3):
        z = sympy.Matrix(sympy.symbols(f"z0:{n}", real=True))
        shifted, plain = softmax(z + c * sympy.ones(n, 1)), softmax(z)
        assert shifted.shape == (n, 1)
        assert [sympy.simplify(sympy.expand(d)) for d in shifted - plain] == [0] * n
        assert sympy.simplify(sum(plain) - 1) == 0


# --- what is refused, and where ----------------------------------------------------------------

# (construct, code, line of the refusal); every function is called f and takes one argument
UNSUPPORTED = [
    ("while", "def f(x):\n    while x > 0:\n        x = x - 1\n    return x", 2),
    (
        "try",
        "def f(x):\n    y = x\n    try:\n        y = 1 / x\n    except ZeroDivisionError:\n        pass\n    return y",
        3,
    ),
    ("with", "def f(x):\n    with x:\n        return x", 2),
    ("lambda", "def f(x):\n    g = lambda v: v\n    return g(x)", 2),
    ("nested def", "def f(x):\n    def g(v):\n        return v\n    return g(x)", 2),
    ("class", "def f(x):\n    class K:\n        pass\n    return x", 2),
    ("global", "C = 1\ndef f(x):\n    global C\n    C = 2\n    return x", 3),
    ("print", "def f(x):\n    y = x + 1\n    print(y)\n    return y", 3),
    ("f-string", "def f(x):\n    s = f'{x}'\n    return x", 2),
    ("dict", "def f(x):\n    d = {'a': x}\n    return x", 2),
    ("raise", "def f(x):\n    raise ValueError('no')", 2),
    ("undecidable if", "def f(x):\n    if x > 0:\n        return x\n    return -x", 2),
    ("undecidable ternary", "def f(x):\n    return x if x else 1", 2),
    ("loop too long", "def f(x):\n    for i in range(1000):\n        x = x + i\n    return x", 2),
    ("symbolic range", "def f(x):\n    for i in range(x):\n        pass\n    return x", 2),
    ("symbolic index", "import numpy as np\ndef f(x):\n    return np.ones(3)[x]", 3),
    ("unknown numpy function", "import numpy as np\ndef f(x):\n    return np.fft.fft(x)", 3),
    ("opaque global", "import numpy as np\nK = np.ones(3)\ndef f(x):\n    return x * K", 4),
    ("global rebound", "K = 1\nK = 2\ndef f(x):\n    return x * K", 4),
    ("returns nothing", "def f(x):\n    x + 1", 1),
    ("recursion", "def f(x):\n    return f(x)", 2),
    (
        "float into an int array",
        "import numpy as np\ndef f(x):\n    k = np.array([1, 2])\n    k[0] = x\n    return k",
        4,
    ),
    ("negative int power", "def f(x):\n    return x * 2 ** -1", 2),
    ("division by zero", "def f(x):\n    return x / 0", 2),
    ("log of a non-positive number", "import math\ndef f(x):\n    return math.log(0) * x", 3),
    ("symbolic floor division", "def f(x):\n    return x // 2", 2),
    ("broadcast error", "import numpy as np\ndef f(x):\n    return np.ones(2) + np.ones(3)", 3),
    ("index out of range", "import numpy as np\ndef f(x):\n    return np.ones(2)[5]", 3),
    ("decorator", "import functools\n@functools.cache\ndef g(x):\n    return x\ndef f(x):\n    return g(x)", 6),
    ("boolean array", "import numpy as np\ndef f(x):\n    return np.array([True, False]) + x", 3),
    ("star args", "def f(x, *rest):\n    return x", 1),
    ("walrus", "def f(x):\n    return (y := x)", 2),
    ("list minus list", "def f(x):\n    return [x] - [x]", 2),
    ("negated list", "def f(x):\n    return -[x]", 2),
    ("list times a float", "def f(x):\n    return [x] * 2.0", 2),
]


def _refusal(code: str) -> str:
    with pytest.raises(Unsupported) as caught:
        functions(code)["f"](sympy.Symbol("x", real=True))
    return str(caught.value)


@pytest.mark.parametrize("code, line", [(c, n) for _, c, n in UNSUPPORTED], ids=[u[0] for u in UNSUPPORTED])
def test_unsupported_constructs_are_refused_at_their_line(code, line):
    assert _refusal(code).startswith(f"line {line}:")


def test_a_syntax_error_is_unsupported():
    with pytest.raises(Unsupported, match="does not parse"):
        functions("def f(x):\n    return (")


# Snippets that reach for the interpreter: refused, and nothing of their text is ever run.
HOSTILE = [
    ("__import__", "def f(x):\n    os = __import__('os')\n    return x", 2),
    ("open", "def f(x):\n    open('/tmp/pysym-pwned', 'w')\n    return x", 2),
    ("getattr", "import numpy as np\ndef f(x):\n    return getattr(np, 'exp')(x)", 3),
    ("a dunder attribute", "def f(x):\n    return x.__class__", 2),
    ("a dunder attribute of a module", "import numpy as np\ndef f(x):\n    return np.__dict__", 3),
    ("eval", "def f(x):\n    return eval('x + 1')", 2),
    ("exec", "exec('import os')\ndef f(x):\n    return x", 1),
    ("compile", "def f(x):\n    return compile('1', 's', 'eval')", 2),
    ("globals", "C = 1\nglobals()['C'] = 2\ndef f(x):\n    return x * C", 2),
    ("monkeypatching numpy", "import numpy as np\nnp.exp = np.log\ndef f(x):\n    return np.exp(x)", 2),
    ("monkeypatching in a function", "import math\ndef g():\n    math.exp = abs\ndef f(x):\n    return math.exp(x)", 3),
    ("import sys", "import sys\ndef f(x):\n    return x", 1),
    ("a private attribute", "import numpy as np\ndef f(x):\n    return np._core", 3),
]


@pytest.fixture
def no_code_runs(monkeypatch):
    """eval, exec and compile replaced by spies that refuse any text that is not a module being imported.

    ast.parse compiles to a tree only (PyCF_ONLY_AST), and a lazy import execs a code object of a
    .py file: both pass; the text of a snippet is neither.
    """
    calls: list[str] = []

    def spy(name, real):
        def called(source, *args, **kwargs):
            filename = args[0] if name == "compile" and args else getattr(source, "co_filename", "<string>")
            flags = kwargs.get("flags", args[2] if name == "compile" and len(args) > 2 else 0)
            if flags & ast.PyCF_ONLY_AST or str(filename).endswith(".py"):
                return real(source, *args, **kwargs)
            calls.append(name)
            raise AssertionError(f"{name} called on {source!r:.60}")

        return called

    for name in ("eval", "exec", "compile"):
        monkeypatch.setattr(builtins, name, spy(name, getattr(builtins, name)))
    return calls


@pytest.mark.parametrize("code, line", [(c, n) for _, c, n in HOSTILE], ids=[h[0] for h in HOSTILE])
def test_hostile_snippets_are_refused_and_never_run(code, line, no_code_runs):
    assert _refusal(code).startswith(f"line {line}:")
    assert no_code_runs == []


def test_a_supported_snippet_runs_without_eval_exec_or_compile(no_code_runs):
    code = "import numpy as np\ndef f(x):\n    return np.exp(x) / np.sum(np.exp(np.array([x, 2.5])))"
    assert functions(code)["f"](sympy.Symbol("x")).has(sympy.exp)
    assert no_code_runs == []


def test_the_spies_catch_text_run_as_code(no_code_runs):
    """The fixture is not vacuous: sympify of a string runs it through eval, and is caught."""
    with pytest.raises(AssertionError):
        sympy.sympify("x + 1")
    assert no_code_runs
