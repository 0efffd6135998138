r"""LaTeX math text → a small typed AST of our own, every node with its absolute span.

Consumes the text inside ``\( \)`` (or any math segment) and produces :class:`MathNode`
trees through ``grammars/math.lark`` (LALR, basic lexer, :class:`RetypePostLex`) and a lark
transformer with one method per rule. Nothing here imports sympy or numpy: the lint path
parses math without them; :mod:`algoverify.math.symbolic` lowers the AST to sympy on demand.

Entry points: :func:`parse_math`, :func:`dump`, :func:`walk`, :func:`unknown_macros`.

Ambiguity is kept, not guessed: ``f(x)`` and ``x(y+z)`` parse to :class:`Apply` ("a call or a
product, undecided") and :func:`algoverify.math.names.resolve_applications` decides with the
symbol table. Valid LaTeX never fails to parse for an unknown macro: ``\foo{a}`` is a
:class:`Macro` node, and :func:`unknown_macros` lists them for the linter.
Equality of nodes is structural: spans are metadata and do not take part in ``==``.

This module holds the entry point and its error messages; the pieces sit beside it, one job
each, and every name they export is importable from here too: the node types and walks in
:mod:`~algoverify.math.mathtree`, :func:`dump` in :mod:`~algoverify.math.mathdump`, the command
table in :mod:`~algoverify.math.mathcommands`, the token helpers in
:mod:`~algoverify.math.mathtokens`, the post-lexer in :mod:`~algoverify.math.retype` and the
transformer in :mod:`~algoverify.math.mathbuild`.
"""

from __future__ import annotations

import functools
from typing import Any

from ..findings import LocatedError, MathSyntax
from ..source import Span
from .mathbuild import (
    _make_builder,
)
from .mathcommands import (
    _GREEK,  # noqa: F401 - re-exported: latex.py reads it from here
    COMMANDS,
    GREEK_LETTERS,  # noqa: F401 - re-exported: names.py imports it from here
)
from .mathdump import (
    _DUMP,  # noqa: F401 - re-exported: the tests check every node type has a printer
    dump,
)
from .mathtokens import (
    _LAST_TOKEN,
    _quote,
    _span,
    _spelt,
    _syntax,
)
from .mathtree import (
    MACRO_WORDS,  # noqa: F401 - re-exported: numeric.py reads it from here
    Abs,
    Apply,
    Assign,
    Attr,
    BigOp,
    Binom,
    BinOp,
    BitNot,
    Call,
    Cases,
    Ceil,
    Colon,
    Const,
    Deriv,
    Dots,
    Factorial,
    Floor,
    Frac,
    Fragment,
    Given,
    Grad,
    Hadamard,
    Idx,
    In,
    Index,
    Infinity,
    Inner,
    Interval,
    Inverse,
    Juxt,
    Label,
    ListLit,
    Logic,
    Macro,
    MathNode,
    Matrix,
    Modulo,
    Neg,
    Norm,
    Num,
    Partial,
    Placeholder,
    Pow,
    Quant,
    Range,
    Rel,
    Seq,
    SetBuilder,
    SetLit,
    Sqrt,
    String,
    Styled,
    SubCall,
    Sym,
    Text,
    Transpose,
    Tuple,
    bold_digit,
    conjuncts,
    digits_to_int,  # noqa: F401 - re-exported: running/values.py imports it from here
    imaginary_root,
    iter_children,
    transform,
    unknown_macros,
    walk,
    zero_literal,
)
from .retype import (
    RetypePostLex,
)

__all__ = [
    "MathNode",
    "Num",
    "Sym",
    "Idx",
    "Label",
    "Juxt",
    "Apply",
    "BinOp",
    "Hadamard",
    "Neg",
    "BitNot",
    "Frac",
    "Sqrt",
    "Pow",
    "Transpose",
    "Inverse",
    "Norm",
    "Abs",
    "Inner",
    "BigOp",
    "Call",
    "SubCall",
    "Grad",
    "Deriv",
    "Partial",
    "Rel",
    "In",
    "Assign",
    "Tuple",
    "Range",
    "Dots",
    "Logic",
    "Quant",
    "Text",
    "String",
    "Infinity",
    "Const",
    "Placeholder",
    "Macro",
    "Styled",
    "Attr",
    "Index",
    "Given",
    "Colon",
    "SetLit",
    "SetBuilder",
    "Interval",
    "ListLit",
    "Floor",
    "Ceil",
    "Factorial",
    "Binom",
    "Modulo",
    "Matrix",
    "Cases",
    "Fragment",
    "Seq",
    "COMMANDS",
    "parse_math",
    "dump",
    "walk",
    "iter_children",
    "unknown_macros",
    "conjuncts",
    "bold_digit",
    "zero_literal",
    "imaginary_root",
    "transform",
]


# --- entry points ------------------------------------------------------------------------------------


@functools.cache
def _parser() -> Any:
    """Build the math parser once (``load_parser`` caches by options; a new post-lexer is a new key)."""
    from ..syntax.grammar import load_parser

    return load_parser("math", lexer="basic", postlex=RetypePostLex())


# cached: a listing's math is parsed by lint, by the compiler's name scan and by its statements;
# the trees are frozen, so sharing them is safe (errors are raised anew, not cached). Large enough
# for a listing of 10,000 segments: a smaller cache, cycled by each pass, would parse every pass anew
@functools.lru_cache(maxsize=32768)
def parse_math(latex: str, base: int = 0) -> MathNode:
    r"""Parse one math segment into a :class:`MathNode` tree.

    :param latex: the math text, without its ``\( \)`` delimiters.
    :param base: the offset of ``latex[0]`` in the note; every span in the result is absolute.
    :raises LocatedError: AV201 (syntax, at the offending token) or AV203 (unbalanced delimiter,
        at the opener). Never anything else: an unknown macro is a :class:`Macro` node (see
        :func:`unknown_macros`), not an error.
    """
    long = len(latex) > _LONG
    failed = _FAILED.get((latex, base)) if long else None
    if failed is not None:  # a 100,000-term segment that did not parse: every pass of lint asks again
        raise LocatedError(failed.rule, failed.span, failed.details, **failed.args_)
    try:
        return _parse_math(latex, base)
    except LocatedError as e:
        if long:
            if len(_FAILED) >= 64:
                _FAILED.clear()
            _FAILED[(latex, base)] = e
        raise


#: segments longer than this whose parse failed are remembered (a short one fails fast anyway)
_LONG = 2000
_FAILED: dict[tuple[str, int], LocatedError] = {}


def _parse_math(latex: str, base: int) -> MathNode:
    from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError

    if not latex.strip():
        raise LocatedError(MathSyntax, Span(base, base + len(latex)), message="empty math")
    try:
        tree = _parser().parse(latex)
        built = _builder()(latex, base).transform(tree)
        if len(latex) > MAX_DEPTH:  # only a long segment can be this deep
            _check_depth(built, latex, base)
        return built
    except LocatedError as e:
        # raised by the post-lexer, whose offsets are relative to `latex`
        e = _spelt(e, latex)
        raise LocatedError(e.rule, e.span.shift(base) if e.span else None, e.details, **e.args_) from None
    except VisitError as e:
        if isinstance(e.orig_exc, LocatedError):
            raise e.orig_exc from None
        if isinstance(e.orig_exc, RecursionError):
            raise _syntax(Span(base, base + len(latex)), "nesting too deep") from None
        raise
    except UnexpectedToken as e:
        raise _unexpected_token(latex, base, e) from None
    except UnexpectedCharacters as e:
        pos = base + e.pos_in_stream
        raise _syntax(Span(pos, pos + 1), f"unexpected character {_quote(latex[e.pos_in_stream])}") from None
    except UnexpectedInput as e:  # pragma: no cover - UnexpectedEOF is not raised by LALR
        raise LocatedError(MathSyntax, Span(base, base + len(latex)), message=str(e)) from None
    except RecursionError:
        raise _syntax(Span(base, base + len(latex)), "nesting too deep") from None


#: The deepest tree a segment may build: every later pass (names, code, proofs) walks it by
#: recursion. A flat chain of this many operations (x + x + … + x) is that deep too.
MAX_DEPTH = 150


def _check_depth(tree: MathNode, latex: str, base: int) -> None:
    """AV201, saying what is too deep, when ``tree`` is deeper than :data:`MAX_DEPTH`."""
    deepest, stack = 0, [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        if deepest > MAX_DEPTH:
            break
        stack.extend((child, depth + 1) for child in iter_children(node))
    if deepest > MAX_DEPTH:
        ops = sum(1 for n in walk(tree) if next(iter_children(n), None) is not None)
        raise _syntax(
            Span(base, base + len(latex)),
            f"{ops:,} operations in one segment build a tree deeper than the {MAX_DEPTH} levels algoverify "
            "reads (a long chain such as x + x + … counts one level per term): write it with \\sum or "
            "\\prod, or split it over statements",
        )


@functools.cache
def _builder() -> type:
    return _make_builder()


def _unexpected_token(latex: str, base: int, e: Any) -> LocatedError:
    """Turn lark's ``UnexpectedToken`` into AV201 at the token (or at the last character)."""
    tok = e.token
    if tok.type == "$END":
        text = latex.rstrip()
        m = _LAST_TOKEN.search(text)
        start = m.start() if m else len(text) - 1
        message = f"math ends too early, after {_quote(text[start:])}"
        return LocatedError(MathSyntax, Span(base + start, base + len(text)), message=message)
    found = _quote(latex[tok.start_pos : tok.end_pos].strip() or tok.value)
    before = _LAST_TOKEN.search(latex[: tok.start_pos].rstrip())
    where = f" after {_quote(before.group(0))}" if before else " at the start"
    return LocatedError(
        MathSyntax, _span(tok, base), message=f"unexpected {found}{where}; expected {_expected(e.expected)}"
    )


#: what a parser state expects, in words: a term starts with one of these
_TERM_STARTS = frozenset(("LETTER", "NUMBER", "GREEK", "NAME", "LPAR", "LBRACE"))
#: closers a state may expect, as written
_CLOSER_WORDS = {
    "RPAR": "')'", "RSQB": "']'", "RBRACE": "'}'", "RNORM": "\\rVert", "RABS": "\\rvert", "RANGLE": "\\rangle",
    "RSET": "\\}", "RFLOOR": "\\rfloor", "RCEIL": "\\rceil", "END_ENV": "\\end{…}",
}  # fmt: skip


def _expected(names: Any) -> str:
    """A parser state's expected terminals in words: ``a term (a name, a number or a group) or ')'``."""
    names = set(names or ())
    words = ["a term (a name, a number or a group)"] if names & _TERM_STARTS else []
    words += [w for name, w in _CLOSER_WORDS.items() if name in names]
    if "$END" in names:
        words.append("the end of the math")
    if not words:
        words = ["an operator or a relation"]
    return " or ".join(words)
