"""The names math may call with no definition in the note, for the code that must not import NumPy.

``lint`` decides whether ``f(x + 1)`` is a call or a product from the note's declarations; a
name of :data:`~algoverify.math.functions.FUNCTIONS` (``\\mathrm{range}(n)``, ``\\mathrm{len}(x)``,
as latexify prints Python's builtins) is a call everywhere. The table lives in
:mod:`~algoverify.math.functions`, beside NumPy; this is its list of names, which a test keeps
equal to it.
"""

from __future__ import annotations

__all__ = ["BUILTIN_FUNCTIONS"]

BUILTIN_FUNCTIONS = frozenset(
    (
        "exp log ln lg sin cos tan cot sec csc sinh cosh tanh arcsin arccos arctan sqrt abs sign sgn softmax logsumexp "
        "sigmoid relu mean median var std sum max min gcd lcm card zeros ones length argmax argmin diag sort tr trace "
        "det eig eigvals rank norm len range int float round pow divmod bool atan2 arctan2 hypot _exact_quotient "
        "_coordinate top front back lam_max lam_min sigma_max sigma_min"
    ).split()
)
