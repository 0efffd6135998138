"""Shapes of a difference that settle at once whether it is zero, or whether sympy can sign it.

The proof (:mod:`.proof`) decides an equality by asking whether ``left - right`` is zero and an
ordering by asking the sign of ``high - low``. sympy's slow steps (``simplify``, its assumptions
over a long sum) cost tenths of a second a link; these tests look at the difference's shape
first: a form over one denominator that is 0, a norm of bases that are each 0, and the sums
whose sign sympy's assumptions cannot give (terms of both signs, logarithms of several
variables), which are not asked at all.
"""

from __future__ import annotations

from typing import Any, Iterator

__all__ = [
    "beyond_assumptions",
    "cheaply_zero",
    "opposite_terms",
    "over_one_denominator",
    "real_where_defined",
    "unsigned_logarithm",
    "vanishing_norm",
]


def over_one_denominator(sp: Any, value: Any) -> Iterator[Any]:
    """``value`` put over one denominator, then with its numerator expanded: cheap forms that often settle it.

    A softmax's gradient at ``z = log p + c`` is a sum of fractions whose numerators cancel once
    they share a denominator: ``together`` and expanding the numerator take hundredths of a second
    where ``simplify`` takes tenths (measured on the corpus: 409 of 465 decided links, with the
    cost of all of them cut by a factor of four), and the slow steps stay for what is left.
    """
    joined = sp.together(value)
    yield joined
    numerator, denominator = sp.fraction(joined)
    if numerator.is_Number:
        return
    yield sp.expand(numerator) / denominator


def cheaply_zero(sp: Any, diff: Any) -> bool:
    """Whether a form of ``diff`` over one denominator is 0."""
    return any(form == 0 for form in over_one_denominator(sp, diff))


def vanishing_norm(sp: Any, gap: Any, strict: bool) -> bool:
    """Whether ``gap`` is ``c - √(Σ bᵢ²)`` with ``c`` a number ≥ 0 (> 0 when strict) and every real ``bᵢ`` zero.

    ``‖∇f(z)‖ ≤ 10⁻⁶`` where the gradient vanishes: a sum of real squares is zero exactly when each
    base is, and a base alone goes over one denominator in hundredths of a second where the whole
    root took tenths (0.2 s for a softmax of four, measured on the corpus).
    """
    if not gap.is_Add or len(gap.args) != 2:
        return False
    number, rest = sorted(gap.args, key=lambda a: not a.is_Number)
    if not number.is_Number or number.is_negative or (strict and number.is_zero):
        return False
    coefficient, root = rest.as_coeff_Mul()
    if not coefficient.is_negative or not (root.is_Pow and root.exp == sp.S.Half):
        return False
    terms = root.base.args if root.base.is_Add else (root.base,)
    if not all(t.is_Pow and t.exp == 2 and real_where_defined(sp, t.base) for t in terms):
        return False
    return all(cheaply_zero(sp, t.base) for t in terms)


def real_where_defined(sp: Any, value: Any) -> bool:
    """Whether ``value`` is real wherever it is defined: real symbols under sums, products, integer powers, exp.

    sympy's own ``is_real`` says None for ``p₁ eᶜ / (p₁ eᶜ + p₂ eᶜ)``: the denominator may vanish.
    A division by zero is what ``note_partial`` already reports ("where defined").
    """
    if value.has(sp.I) or any(s.is_real is not True for s in value.free_symbols):
        return False
    if any(not p.exp.is_Integer for p in value.atoms(sp.Pow)):
        return False
    return all(f.func is sp.exp for f in value.atoms(sp.Function))


def beyond_assumptions(sp: Any, gap: Any) -> bool:
    """Whether ``gap`` holds an exponential, a logarithm or an absolute value of several variables.

    Its sign is then a theorem (convexity of log-sum-exp, monotonicity of a softmax in its
    temperature, Cauchy–Schwarz ``|⟨x, y⟩| ≤ √(‖x‖² ‖y‖²)``, a bound on a variance), never what
    sympy's assumptions and simplification give: an ``Abs`` that sympy kept after building the
    expression has an argument whose sign it does not know. Measured on the corpus, every such
    ordering ended undecided after 0.06 to 0.6 s of simplifying; the point search that disproves
    one still runs. A root stays: a norm of what simplifies to 0 (``‖softmax(log p + c) − p‖``)
    is proved by simplifying.
    """
    return any(len(f.free_symbols) > 1 for f in gap.atoms(sp.exp, sp.log, sp.Abs))


def unsigned_logarithm(sp: Any, gap: Any) -> bool:
    """Whether a term of the sum ``gap`` has a factor ``log u`` of several variables, ``u - 1`` of terms of both signs.

    Such a logarithm may change sign inside the variables' classes (``log Σ exp z_u`` has any
    sign; ``log softmax(z)_v`` is negative, but sympy cannot place its argument below 1 either),
    and sympy signs a sum only through the signs of its terms. ``log(1 + e^{x})`` (its argument
    less 1 is ``e^{x}``, of one sign) is left to sympy, which proves it positive.
    """
    for term in sp.Add.make_args(gap):
        for factor in sp.Mul.make_args(term):
            base = factor.base if factor.is_Pow and factor.exp.is_Integer else factor
            if isinstance(base, sp.log) and len(base.free_symbols) > 1 and opposite_terms(base.args[0] - 1):
                return True  # u - 1 a sum of terms of both signs: sympy cannot place u against 1 either
    return False


def opposite_terms(gap: Any) -> bool:
    """Whether ``gap`` is a sum with a term of a negative coefficient beside one of a positive coefficient."""
    if not gap.is_Add:
        return False
    signs = {term.as_coeff_Mul()[0].is_negative for term in gap.args}
    return signs == {True, False}
