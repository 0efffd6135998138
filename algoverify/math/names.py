r"""LaTeX names → Python identifiers: the one mapping every later stage uses.

Consumes :mod:`algoverify.math.mathexpr` nodes and produces identifier strings (valid, never a
Python keyword). The interpreter's variables, the sympy symbols of
:mod:`algoverify.math.symbolic` and the names users pass from Python (``pi(A=A, tau=1e-9)``) all
come from :func:`identifier`, so they agree.

=============================  ===================  ==========================================
LaTeX                          identifier           note
=============================  ===================  ==========================================
``x``, ``A``                   ``x``, ``A``         letters as written (case kept)
``\tau``, ``\Sigma``           ``tau``, ``Sigma``   Greek: the command's name
``\lambda``                    ``lam``              ``lambda`` is a Python keyword
``\mathrm{lr}``                ``lr``               a word in a font is one name
``\text{next}``,               ``next``,            so is a word in text (prose with spaces,
``\mathbf{last}``              ``last``             and ``\text{if}``, stay text)
``\mathrm{sum\_squares}``      ``sum_squares``      escaped underscores join a name
``\hat{x}``                    ``x_hat``            also ``bar``, ``tilde``, ``vec``, ``dot``,
                                                    ``ddot``, ``check``
``x'``, ``x''``, ``x^*``       ``x_prime``,         accents apply innermost first:
                               ``x_prime_prime``,   ``\hat{x}'`` → ``x_hat_prime``
                               ``x_star``
``A^\dagger``, ``\delta^{+}``  ``A_dagger``,        decorations written as superscripts
                               ``delta_plus``
``\mathbf{w}``,                ``w``, ``theta``     bold is typography, not a new name
``\boldsymbol{\theta}``
``\mathcal{L}``, ``\mathbb{R}`` ``L_cal``, ``R_bb``  other fonts make a different symbol
``B_1``, ``x_{10}``            ``B_1``, ``x_10``    a subscript with a name or an integer
``G_{ij}``, ``L_i``            ``G_ij``, ``L_i``    the flat name; :func:`family` gives
                                                    ``("G", (i, j))`` for indexing
``G_{i,j}``, ``x_{\text{max}}``  ``G_i_j``,         several indices that are not single
                               ``x_max``            letters are joined by ``_``
``p^{(T)}``                    ``p_of_T``           a label superscript
``j_{-}``, ``j_+``             ``j_minus``,         a sign alone in a subscript: a name (the
                               ``j_plus``           neighbours of j), as ``\delta^{+}`` is
``\bar{x}_{(i)}``, ``x_{(1)}``  ``x_bar_paren_i``,   a parenthesised subscript: a family of its
                               ``x_paren_1``        own (leave-one-out, order statistics)
``\sigma^{2}``                 ``sigma_sq``         only as a declared name (see below);
``\sigma^{3}``                 ``sigma_pow3``       other integer powers alike
``A^{\top}``, ``A^{-1}``        ``A_T``, ``A_inv``   likewise, only when declared
=============================  ===================  ==========================================

A power, transpose, inverse or label of a name is usually an operation (``\sigma^{2}`` squares
σ), but a listing may assign it as a whole (``\State \(\sigma^{2} \gets …\)``), and from then
on it is a variable of its own. :func:`declared_name` is the test the interpreter applies: it
returns ``sigma_sq`` for ``\sigma^{2}`` only when ``sigma_sq`` is bound, and ``None``
otherwise (so the power is computed). ``x_{hat}`` and ``\hat{x}`` both give ``x_hat``: a
collision accepted for readability.
"""

from __future__ import annotations

import dataclasses
import keyword
import re
from typing import Callable

from ..findings import AmbiguousMath, LocatedError
from .mathexpr import (
    GREEK_LETTERS,
    Apply,
    Attr,
    BigOp,
    Call,
    Idx,
    In,
    Index,
    Inverse,
    Juxt,
    Label,
    MathNode,
    Neg,
    Num,
    Placeholder,
    Pow,
    Quant,
    Range,
    Sym,
    Text,
    Transpose,
    Tuple,
    transform,
    walk,
)

__all__ = [
    "identifier",
    "index_like",
    "iterated_entry",
    "declared_name",
    "spelt_words",
    "labelled",
    "family",
    "is_compound_name",
    "sanitize",
    "resolve_applications",
    "word",
    "join_words",
    "RENAMED",
    "variant",
    "starred_member",
]

#: LaTeX names that are Python keywords (or clash with one) and their identifiers.
RENAMED = {"lambda": "lam"}

_FONT_SUFFIX = {"": "", "bf": "", "rm": "", "sc": "", "bb": "_bb", "cal": "_cal", "frak": "_frak", "scr": "_scr"}
_NON_WORD = re.compile(r"[^A-Za-z0-9_]+")  # ASCII: every result must be a plain identifier


def sanitize(word: str) -> str | None:
    """Return ``word`` as a valid, non-keyword identifier (``None`` if nothing is left)."""
    word = _NON_WORD.sub("_", word.strip()).strip("_")
    if not word:
        return None
    word = RENAMED.get(word, word)
    if word[0].isdigit():
        word = "_" + word
    return word + "_" if keyword.iskeyword(word) else word


def _sym(node: Sym) -> str | None:
    base = sanitize(node.name)
    if base is None:
        return None
    suffix = _FONT_SUFFIX.get(node.font, "_" + node.font)
    return base + suffix + "".join("_" + a for a in node.accents)


#: a sign alone in a subscript, as a name spells it (``j_{-}`` → ``j_minus``)
_SIGNS = {"+": "plus", "-": "minus"}


def _index_part(node: MathNode) -> str | None:
    """Return one subscript as text for a flat name (``i``, ``1``, ``theta``), or ``None``."""
    if isinstance(node, Num) and node.text.isdigit():
        return node.text
    if isinstance(node, Sym):
        return _sym(node)
    if isinstance(node, Text):
        if node.text.strip().isdigit():  # E_0 read as a name (the initial E): the name E_0 is
            return node.text.strip()
        # j_{-}, j_{+}: the neighbours of j, names of their own (as \delta^{+} is), never j minus nothing
        return _SIGNS.get(node.text.strip()) or sanitize(node.text)
    if isinstance(node, Placeholder) and node.symbol == "cdot":
        return "dot"  # \bar{x}_{(\cdot)}
    return None


def _idx(node: Idx) -> str | None:
    base = identifier(node.base)
    parts = [_index_part(i) for i in node.indices]
    if base is None or any(p is None for p in parts):
        return None
    joiner = "" if all(len(p) == 1 for p in parts) else "_"  # G_{ij} → G_ij, G_{i,10} → G_i_10
    return f"{base}_{joiner.join(parts)}"


def labelled(node: MathNode, is_bound: Callable[[str], bool] = lambda name: False) -> bool:
    r"""Whether a subscript is a label, not an index: ``x_{\mathrm{new}}`` and ``x_{\text{max}}`` are variables.

    A word in a subscript (not a Greek letter: ``x_\theta`` is indexed by θ) or a script letter
    (``\mu_{\mathcal{B}}``, the mean of a batch) is read, never evaluated, unless it is a variable
    of the listing (``a_{\mathit{mid}}`` after ``mid \gets …``).
    """
    return isinstance(node, Idx) and any(
        isinstance(i, Text)
        or (isinstance(i, Placeholder) and i.symbol == "cdot")  # \bar{x}_{(\cdot)}: the mean of the means
        or (isinstance(i, Sym) and len(i.name) > 1 and i.name not in GREEK_LETTERS and not is_bound(_sym(i) or ""))
        # \mu_{\mathcal{B}}: the mean of the batch B, a name; a script letter is a set, never a position;
        # an upright letter (s_{\mathrm{L}}) is a word, as \mathrm{max} is
        or (isinstance(i, Sym) and i.font in ("cal", "scr", "frak", "rm") and not is_bound(_sym(i) or ""))
        for i in node.indices
    )


def _power_suffix(exp: MathNode) -> str | None:
    if isinstance(exp, Num) and exp.text.isdigit():
        return "sq" if exp.text == "2" else f"pow{exp.text}"
    if isinstance(exp, Sym) and not exp.accents and exp.name in GREEK_LETTERS:
        # v^{\pi}, the value of a policy π: a name where a let: or the run binds one, else the power it reads
        return f"sup_{_sym(exp)}"
    if isinstance(exp, Neg) and isinstance(exp.operand, Num) and exp.operand.text.isdigit():
        return f"pow_neg{exp.operand.text}"
    return None


def identifier(node: MathNode) -> str | None:
    r"""Return the identifier ``node`` would have as a name, or ``None`` if it cannot be one.

    Compound forms (``\sigma^{2}`` → ``sigma_sq``) get their identifier here too; whether
    they *are* a name is for :func:`declared_name` to say.
    """
    if isinstance(node, Sym):
        return _sym(node)
    if isinstance(node, Idx):
        return _idx(node)
    inner = identifier(node.base) if isinstance(node, (Pow, Label)) else None
    if isinstance(node, (Transpose, Inverse)):
        inner = identifier(node.operand)
    if inner is None:
        return None
    if isinstance(node, Label):
        part = _index_part(node.label)
        return None if part is None else f"{inner}_of_{part}"
    if isinstance(node, Pow):
        suffix = _power_suffix(node.exp)
        return None if suffix is None else f"{inner}_{suffix}"
    return f"{inner}_T" if isinstance(node, Transpose) else f"{inner}_inv"


def is_compound_name(node: MathNode) -> bool:
    """Tell whether ``node`` is an operation that a listing may also use as a name."""
    return isinstance(node, (Pow, Transpose, Inverse, Label)) and identifier(node) is not None


def declared_name(node: MathNode, is_bound: Callable[[str], bool]) -> str | None:
    r"""Return the variable ``node`` reads, if it denotes one as a whole.

    A plain name (``x``, ``\hat{x}``, ``B_1``) always returns its identifier. A compound
    (``\sigma^{2}``, ``p^{(T)}``, ``A^{-1}``) returns its identifier only when ``is_bound`` says
    a variable of that name exists; otherwise ``None`` and the operation is evaluated.
    """
    name = identifier(node)
    if name is None:
        return None
    if isinstance(node, (Sym, Idx)):
        return name
    return name if is_bound(name) else None


def family(node: MathNode) -> tuple[str, tuple[MathNode, ...]] | None:
    r"""Return ``(base identifier, indices)`` for a subscripted name (``G_{ij}`` → ``("G", (i, j))``).

    The interpreter indexes an array or a declared family (``B_1, \dots, B_k``) with it;
    :func:`identifier` gives the flat name used when the subscript is part of the name
    (``L_i`` assigned inside a loop).
    """
    if not isinstance(node, Idx):
        return None
    base = identifier(node.base)
    return None if base is None else (base, node.indices)


def written_family(node: MathNode) -> tuple[MathNode, MathNode] | None:
    r"""``(base, last index)`` of ``B_1, \dots, B_k``: a range between two single subscripts of one name.

    The members of a family, never the integers between them: the declarations read
    ``A = [a_1, \dots, a_n]`` with it, and a list literal ``[q_1, \dots, q_n]`` evaluates by it.
    """
    if not (isinstance(node, Range) and isinstance(node.lo, Idx) and isinstance(node.hi, Idx)):
        return None
    if len(node.lo.indices) != 1 or len(node.hi.indices) != 1:
        return None
    name = identifier(node.lo.base)
    if name is None or name != identifier(node.hi.base):
        return None
    return node.lo.base, node.hi.indices[0]


def resolve_applications(node: MathNode, is_function: Callable[[str], bool | None]) -> MathNode:
    """Decide every :class:`Apply` in ``node``: a :class:`Call` or a product.

    :param is_function: given a name's identifier (:func:`identifier`), return
        ``True`` for a function, ``False`` for a value, ``None`` when the symbol table knows
        neither; ``None`` raises AV204 rather than guessing.
    :returns: the tree with ``f(x)`` → ``Call("f", (x,))`` and ``x(y+z)`` → ``Juxt(x, y+z)``.
    """
    return transform(node, lambda n: _decide(n, is_function) if isinstance(n, Apply) else n)


def iterated_entry(node: MathNode) -> str | None:
    """``x_of`` of ``Index(Idx(x_of, k), i)``: entry i of the iterate k (``Q^{n+1}_i``, read so); else ``None``."""
    if isinstance(node, Index) and isinstance(node.base, Idx) and isinstance(node.base.base, Sym):
        if len(node.base.indices) == 1:
            name = identifier(node.base.base)
            return name if name is not None and name.endswith("_of") else None
    return None


def staged_entry(node: MathNode) -> str | None:
    """``f`` of ``f_m(n)``: the signal of stage ``m`` at time ``n`` (Proakis's lattice), a member of ``f``, or None."""
    if isinstance(node, Apply) and isinstance(node.fn, Idx) and isinstance(node.fn.base, Sym) and node.args:
        if len(node.fn.indices) == 1 and not node.fn.base.accents:
            return identifier(node.fn.base)
    return None


def index_like(node: MathNode) -> bool:
    """Whether an argument is written as an index is (a name, an entry, a number): ``\\pi(a)``, never ``x (c - 1)``."""
    return isinstance(node, (Sym, Idx, Num))


def _decide(node: Apply, is_function: Callable[[str], bool | None]) -> MathNode:
    if isinstance(node.fn, Attr):
        return node  # node.insert(x): a method, for the executor to find
    name = identifier(node.fn)
    verdict = is_function(name) if name else False
    if verdict is None:
        raise LocatedError(
            AmbiguousMath,
            node.span,
            message=f"{name}(…) is a call if {name} is a function, a product if it is a "
            f"value; {name} is neither in scope",
        )
    if verdict:
        return Call(name, node.args, span=node.span)
    if len(node.args) != 1 or index_like(node.args[0]):
        # f(x, y) of an image is its pixel, π(a) of a distribution over arms its entry a, α (p, r) and
        # α (k) a product: the value's shape decides, when run
        return node
    return Juxt(node.fn, node.args[0], span=node.span)


# --- multi-letter names written in math italic ----------------------------------------------------


def _letter(node: MathNode) -> str | None:
    if isinstance(node, Sym) and len(node.name) == 1 and node.name.isalpha() and not node.font and not node.accents:
        return node.name
    return None


def _greek(node: MathNode) -> bool:
    return isinstance(node, Sym) and node.name in GREEK_LETTERS and not node.font and not node.accents


def _digits(node: MathNode) -> str | None:
    return node.text if isinstance(node, Num) and node.text.isdigit() else None


def _increment(node: MathNode) -> str | None:
    r"""``\Delta`` (or ``\delta``) leading a name: ``\Delta x`` is the increment of ``x``, one symbol to a reader."""
    if isinstance(node, Sym) and node.name in ("Delta", "delta") and not node.font and not node.accents:
        return node.name
    return None


def increment_member(node: MathNode) -> MathNode:
    r"""``\Delta\tau_k`` as written (``\Delta`` times ``\tau_k``): member ``k`` of the increments ``\Delta\tau``."""
    if isinstance(node, Juxt) and _increment(node.left) and isinstance(node.right, Idx):
        base = node.right.base
        if isinstance(base, Sym) and not base.font and not base.accents and (_greek(base) or len(base.name) == 1):
            name = Sym(node.left.name + base.name, span=node.left.span.cover(base.span))  # type: ignore[attr-defined]
            return Idx(name, node.right.indices, span=node.span)
    return node


def _letters(node: MathNode, lead: bool = True) -> str | None:
    if isinstance(node, Juxt) and lead and _increment(node.left) and _greek(node.right):
        return _increment(node.left) + node.right.name  # type: ignore[operator,union-attr]  # \Delta\theta
    if isinstance(node, Juxt):
        left, right = _letters(node.left, lead), _letters(node.right, False) or _digits(node.right)
        return left + right if left and right else None
    return _letter(node) or (_increment(node) if lead else None)


def join_increments(node: MathNode, is_name: Callable[[str], bool]) -> MathNode:
    r"""Read ``\Delta t``, ``\Delta x`` as one name each (the step in t, in x), as a reader of a scheme does.

    The listing joins them where it assigns or declares the name (:func:`join_words`); a formula of
    the prose (``\nu = a \Delta t / \Delta x``) writes them where nothing does. ``\Delta`` stays a
    factor where it is a name of its own (``is_name``: a trust-region radius, ``-\Delta g``).
    """
    words = set()
    for n in walk(node):
        if isinstance(n, Juxt):
            factors = _factors(n)
            for lead, letter in zip(factors, factors[1:]):
                inc, ch = _increment(lead), _letter(letter)
                if inc is not None and ch is not None and not is_name(inc):
                    words.add(inc + ch)
    return join_words(node, words) if words else node


def word(node: MathNode) -> str | None:
    r"""``lo`` as written in math (``l`` times ``o``), ``x1`` (``x`` times 1) as one word; else ``None``.

    The factors are plain letters and digits, a letter first.
    """
    return _letters(node) if isinstance(node, Juxt) else None


def subscripted_word(node: MathNode) -> str | None:
    """``SS`` of ``SS_W`` (``S`` times ``S_W`` as written): a word whose last letter carries a subscript."""
    if not (isinstance(node, Juxt) and isinstance(node.right, Idx) and _letter(node.right.base)):
        return None
    head = _letters(node.left)
    return head + _letter(node.right.base) if head else None  # type: ignore[operator]


#: the letters that run over positions, as indices: ``w_{uv}``, ``a_{ijk}``, ``x_t``
RUNNING_LETTERS = frozenset("ijkltuv")


def subscript_word(node: MathNode) -> str | None:
    r"""``model`` of ``d_{model}``: a subscript of three letters or more, not all index letters, is a word.

    Vaswani's ``d_{model}`` and ``x_{best}`` label a name; ``a_{ijk}`` is an entry at three indices.
    """
    if not isinstance(node, Idx) or len(node.indices) < 3:
        return None
    letters = [_letter(i) for i in node.indices]
    if not all(letters) or set(letters) <= RUNNING_LETTERS:  # type: ignore[arg-type]
        return None
    return "".join(letters)  # type: ignore[arg-type]


def bound_words(node: MathNode) -> set[str]:
    r"""The words a big operator runs over, listed with commas: ``pos`` of ``\max_{pos, j}``.

    Three letters or more, not all index letters (``\sum_{ijk}`` runs over i, j and k).
    """
    out = set()
    for n in walk(node):
        if isinstance(n, BigOp) and isinstance(n.var, Tuple):
            for item in n.var.items:
                spelt = _joined(item) or word(item)
                if spelt is not None and len(spelt) >= 3 and spelt.isalpha() and not set(spelt) <= RUNNING_LETTERS:
                    out.add(spelt)
        elif isinstance(n, (BigOp, Quant)):
            # orall pos \in S, \sum_{pos \in S}: what runs over a set is one variable, never a product
            var = n.var.element if isinstance(n.var, In) else n.var if isinstance(n, Quant) else None
            if isinstance(n, BigOp) and n.domain is not None:
                var = n.var
            items = var.items if isinstance(var, Tuple) else (var,)
            spelt = (_joined(i) or word(i) for i in items if i is not None)
            out.update(s for s in spelt if s is not None and s.isalpha())
    return out


def _joined(node: MathNode) -> str | None:
    """A word already read as one name (``pos``), never a Greek letter's."""
    if isinstance(node, Sym) and len(node.name) > 1 and node.name not in GREEK_LETTERS and not node.font:
        return node.name
    return None


def _factors(node: MathNode) -> list[MathNode]:
    return _factors(node.left) + _factors(node.right) if isinstance(node, Juxt) else [node]


def _join_factors(factors: list[MathNode], words: frozenset[str] | set[str]) -> list[MathNode]:
    out: list[MathNode] = []
    i = 0
    while i < len(factors):
        best, run = None, ""
        subscripted = None  # `result_2`: the run's last letter carries the subscript of the whole word
        for j in range(i, len(factors)):
            factor = factors[j]
            if j > i and isinstance(factor, Idx) and _letter(factor.base) and run + _letter(factor.base) in words:
                subscripted = (j, run + _letter(factor.base))  # type: ignore[operator]
                break
            if j == i + 1 and isinstance(factor, Idx) and _increment(factors[i]) and _greek(factor.base):
                if run + factor.base.name in words:  # type: ignore[attr-defined]  # \Delta\theta_i
                    subscripted = (j, run + factor.base.name)  # type: ignore[attr-defined]
                    break
            if j == i + 1 and isinstance(factor, Pow) and _increment(factors[i]) and _letter(factor.base):
                if run + _letter(factor.base) in words:  # type: ignore[operator]  # \Delta t^2: (\Delta t)^2
                    subscripted = (j, run + _letter(factor.base))  # type: ignore[operator]
                    break
            powered = factor.base if isinstance(factor, Pow) and isinstance(factor.base, Idx) else None
            if j > i and powered is not None and _letter(powered.base) and run + _letter(powered.base) in words:
                subscripted = (j, run + _letter(powered.base))  # type: ignore[operator]  # PE_{pos, j}^{2}
                break
            if j > i and isinstance(factor, Apply) and _letter(factor.fn) and run + _letter(factor.fn) in words:
                subscripted = (j, run + _letter(factor.fn))  # type: ignore[operator]  # `Neville(x, y, t)`
                break
            letter = _letter(factor) or (_digits(factor) if j > i else _increment(factor))
            if letter is None and j == i + 1 and _increment(factors[i]) and _greek(factor):
                letter = factor.name  # type: ignore[union-attr]  # \Delta\theta: the increment of θ
            if letter is None:
                break
            run += letter
            if j > i and run in words:
                best = (j, run)
        if subscripted is not None:
            j, name = subscripted
            last = factors[j]
            if isinstance(last, Apply):
                fn = Sym(name, span=factors[i].span.cover(last.fn.span))
                out.append(dataclasses.replace(last, fn=fn, span=factors[i].span.cover(last.span)))
            elif isinstance(last, Pow) and isinstance(last.base, Idx) and not _increment(factors[i]):
                inner = last.base  # PE_{pos, j}^{2}: the entry of PE, squared
                base = Sym(name, span=factors[i].span.cover(inner.base.span))
                entry = dataclasses.replace(inner, base=base, span=factors[i].span.cover(inner.span))
                out.append(dataclasses.replace(last, base=entry, span=factors[i].span.cover(last.span)))
            else:
                assert isinstance(last, (Idx, Pow))
                base = Sym(name, span=factors[i].span.cover(last.base.span))
                out.append(dataclasses.replace(last, base=base, span=factors[i].span.cover(last.span)))
            i = j + 1
            continue
        if best is None:
            out.append(factors[i])
            i += 1
            continue
        j, name = best
        out.append(Sym(name, span=factors[i].span.cover(factors[j].span)))
        i = j + 1
    return out


def spelt_words(names: set[str] | frozenset[str]) -> set[str]:
    """The words of ``names`` math spells letter by letter: ``lo``, ``result`` of ``result_2``, ``SS`` of ``SS_W``."""
    out = set()
    for n in names:
        word_part = re.sub(r"_(?:\d+|[A-Za-z])$", "", n)
        if len(word_part) > 1 and (word_part.isalpha() or re.fullmatch(r"[A-Za-z]+\d+", word_part)):
            out.add(word_part)  # lo, result, and E0 of `let: {E0: …}` (E times 0 otherwise)
    return out


#: words a subscript spells as a label in math italic (``FP_{prev}``, ``f_{best}``), three letters or more:
#: never read as a product of its letters (``a_{mid}`` of a variable ``mid`` is the variable's entry)
LABEL_WORDS = frozenset(
    """prev next new old max min best worst init opt tmp temp cur curr last first tot total avg mean est
    obs ref true pred low high mid left right start end lower upper sum out""".split()
)


def join_words(node: MathNode, words: frozenset[str] | set[str]) -> MathNode:
    r"""Read each run of plain letters that spells one of ``words`` as that name.

    Listings write multi-letter variables in math (``mid \gets \lfloor (lo + hi)/2 \rfloor``),
    which TeX typesets, and the parser reads, as products of letters. A run is read as a name
    only when the listing itself assigns or declares that name (``words``), so ``x y`` stays a
    product unless ``xy`` is a variable of the listing. Subscripts too: ``a_{mid}``.
    """

    def join(n: MathNode) -> MathNode:
        if isinstance(n, Juxt) and words:
            factors = _join_factors(_factors(n), words)
            joined = factors[0]
            for f in factors[1:]:
                joined = Juxt(joined, f, span=joined.span.cover(f.span))
            return joined
        if isinstance(n, Idx) and len(n.indices) > 2:
            letters = [_letter(i) for i in n.indices]
            spelt = "".join(letters) if all(letters) else ""  # type: ignore[arg-type]
            # FP_{prev}, x_{best}: a word below a name is its label (a name of its own), never p·r·e·v
            if spelt in words or spelt in LABEL_WORDS:
                span = n.indices[0].span.cover(n.indices[-1].span)
                return dataclasses.replace(n, indices=(Sym(spelt, span=span),))  # type: ignore[arg-type]
        if isinstance(n, Idx) and len(n.indices) > 1 and words:
            letters = [_letter(i) for i in n.indices]
            if all(letters) and "".join(letters) in words:  # type: ignore[arg-type]
                span = n.indices[0].span.cover(n.indices[-1].span)
                return dataclasses.replace(n, indices=(Sym("".join(letters), span=span),))  # type: ignore[arg-type]
        return n

    return transform(node, join)


#: the Greek letters TeX spells two ways (``\\epsilon``, ``\\varepsilon``): a reader sees one letter
_VARIANTS = ("epsilon", "theta", "phi", "rho", "sigma", "pi", "kappa")


def variant(name: str) -> str | None:
    """The other spelling of the same letter, or ``None``.

    ``varepsilon`` for ``epsilon`` and back; ``lam`` (how a listing's ``\\lambda`` is named, Python
    keeping ``lambda`` for itself) for ``lambda`` and back, subscripts kept (``lambda_1``, ``lam_1``).
    """
    head, sep, tail = name.partition("_")
    if head in _VARIANTS:
        return "var" + name
    if head.startswith("var") and head[3:] in _VARIANTS:
        return name[3:]
    if head in ("lambda", "lam"):
        return ("lam" if head == "lambda" else "lambda") + sep + tail
    # Q^n, Q^{n+1} of a spec: the listing's time levels Q_of_n, Q_of_n_plus_1
    level = re.fullmatch(r"([A-Za-z]+)\^\{?([A-Za-z0-9]+)(?:([+-])([0-9]+))?\}?", name)
    if level is not None:
        letter, script, sign, step = level.groups()
        return f"{letter}_of_{script}" + (f"_{'plus' if sign == '+' else 'minus'}_{step}" if sign else "")
    # \Delta x is the one name Deltax in a listing; a spec writes Delta_x (and delta_t for \delta t,
    # Delta_tau for \Delta\tau)
    if head in ("Delta", "delta") and _increment_of(tail):
        return head + tail
    if head[:5] in ("Delta", "delta") and _increment_of(head[5:]) and not sep:
        return head[:5] + "_" + head[5:]
    return None


def _increment_of(letter: str) -> bool:
    return (len(letter) == 1 and letter.isalpha()) or letter in GREEK_LETTERS


def starred_member(node: Idx) -> Idx | None:
    """``q_i`` of ``q_i^{*}``: the member whose conjugate transpose it may be (``None``: no trailing star).

    The parser reads ``q_i^{*}`` as ``(q^{*})_i``, the i-th entry of an optimum ``q^{*}``; beside
    vectors ``q_i`` the listing binds and no name ``q^{*}``, a reader takes it as ``(q_i)^{*}``
    (Trefethen and Bau's ``r_{ij} = q_i^{*} v_j``). Which it is, the caller decides from the
    names bound.
    """
    base = node.base
    if not isinstance(base, Sym) or base.accents[-1:] != ("star",):
        return None
    return dataclasses.replace(node, base=dataclasses.replace(base, accents=base.accents[:-1]))
