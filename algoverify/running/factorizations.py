r"""Matrix factorisations written as a step: ``Q R = A``, ``L L^{\top} = A``, ``U \Sigma V^{\top} = A``.

Numerical texts state a factorisation as the equation it solves (Trefethen and Bau's QR
algorithm: ``Q^{(k)} R^{(k)} = A^{(k-1)}``); a reader computes the factors, named by their
letters as the field names them. :func:`factorization` recognises the product of names on
the left; :func:`factor` computes the factors of a value, in the order written.
"""

from __future__ import annotations

from typing import Any

from ..math import mathexpr as M
from ..math.names import identifier
from ..records import frozen

__all__ = ["Factorization", "factorization", "factor", "set_by"]


@frozen
class Factorization:
    """A factorisation step: its kind and the factors to store, as written (a transposed repeat left out)."""

    kind: str  # qr, cholesky, svd, eigh
    targets: tuple[M.MathNode, ...]


def _letter(node: M.MathNode) -> str | None:
    """The letter a factor is named by: ``Q`` of ``Q``, ``Q_k``, ``Q^{(k)}``; ``Sigma`` of ``\\Sigma``."""
    while isinstance(node, (M.Idx, M.Label)):
        node = node.base
    # Q_of of the iterates Q^{(k)}, Q_k of a step's Q_k: the letter before the mark
    return node.name.split("_")[0] if isinstance(node, M.Sym) and not node.accents else None


def _factors(node: M.MathNode) -> list[M.MathNode]:
    out: list[M.MathNode] = []
    while isinstance(node, M.Juxt):
        out.append(node.right)
        node = node.left
    out.append(node)
    return out[::-1]


def _transpose_of(node: M.MathNode, other: M.MathNode) -> bool:
    return (
        isinstance(node, M.Transpose) and identifier(node.operand) is not None and M.dump(node.operand) == M.dump(other)
    )


def factorization(target: M.MathNode) -> Factorization | None:
    """The factorisation ``target = value`` states, when ``target`` is a product of names the field reads so."""
    if not isinstance(target, M.Juxt):
        return None
    factors = _factors(target)
    letters = [_letter(f) for f in factors]
    if len(factors) == 2 and letters == ["Q", "R"]:
        return Factorization("qr", tuple(factors))
    if len(factors) == 2 and letters[0] == "L" and _transpose_of(factors[1], factors[0]):
        return Factorization("cholesky", (factors[0],))
    if len(factors) == 3 and _transpose_of(factors[2], factors[0]) and letters[0] is not None:
        if letters[1] in ("Lambda", "D") and letters[0] in ("Q", "V", "U", "X"):
            return Factorization("eigh", (factors[0], factors[1]))
    if len(factors) == 3 and isinstance(factors[2], M.Transpose) and letters[:2] == ["U", "Sigma"]:
        if identifier(factors[2].operand) is not None:
            return Factorization("svd", (factors[0], factors[1], factors[2].operand))
    return None


def factor(kind: str, value: Any) -> tuple[Any, ...]:
    """The factors of ``value`` for a factorisation of ``kind``, in the order :func:`factorization` lists them.

    QR is NumPy's reduced one with the signs that make ``R``'s diagonal non-negative (the factors
    are then unique for a matrix of full column rank); the eigenvalues of ``Q \\Lambda Q^{\\top}``
    come in increasing order, ``\\Lambda`` as the diagonal matrix; ``\\Sigma`` of the SVD is the
    diagonal matrix of the singular values, largest first.
    """
    import numpy as np  # here: lint reads factorisations without NumPy

    a = np.asarray(value, dtype=float)
    if a.ndim != 2:
        raise ValueError(f"a {kind.upper() if kind != 'cholesky' else 'Cholesky'} factorisation needs a matrix")
    if kind == "qr":
        q, r = np.linalg.qr(a)
        signs = np.where(np.diag(r) < 0, -1.0, 1.0)
        return q * signs, r * signs[:, None]
    if kind == "cholesky":
        return (np.linalg.cholesky(a),)
    if kind == "eigh":
        w, v = np.linalg.eigh(a)
        return v, np.diag(w)
    u, s, vt = np.linalg.svd(a, full_matrices=False)
    return u, np.diag(s), vt.T


def set_by(target: M.MathNode) -> tuple[M.MathNode, ...]:
    """What an assignment's ``target`` sets: the factors of a factorisation step (``Q R = A``), else itself."""
    stated = factorization(target)
    return stated.targets if stated is not None else (target,)
