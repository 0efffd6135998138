"""Reference, helper functions and the pivot-search binding for the LU note."""
import numpy as np


def lu_partial_pivoting(A):
    """Golub and Van Loan, Algorithm 3.4.1, 1-based piv."""
    A = np.array(A, dtype=float, copy=True)
    n = A.shape[0]
    piv = np.zeros(max(n - 1, 0), dtype=int)
    for k in range(n - 1):
        mu = k + int(np.argmax(np.abs(A[k:, k])))
        piv[k] = mu + 1
        A[[k, mu], :] = A[[mu, k], :]
        if A[k, k] != 0:
            A[k + 1:, k] = A[k + 1:, k] / A[k, k]
            A[k + 1:, k + 1:] -= np.outer(A[k + 1:, k], A[k, k + 1:])
    return A, piv


def perm(piv):
    """P = P_{n-1} ... P_1 for 1-based pivots piv(1..n-1)."""
    piv = [int(p) for p in np.atleast_1d(piv)]
    n = len(piv) + 1
    P = np.eye(n)
    for k, mu in enumerate(piv):
        P[[k, mu - 1], :] = P[[mu - 1, k], :]
    return P


def unitlower(A):
    A = np.asarray(A, dtype=float)
    return np.tril(A, -1) + np.eye(A.shape[0])


def upper(A):
    return np.triu(np.asarray(A, dtype=float))


def _determine_mu(step):
    """Determine mu with k <= mu <= n so |A(mu, k)| = ||A(k:n, k)||_inf (first such mu)."""
    A = np.asarray(step["A"], dtype=float)
    k = int(step["k"])
    step["mu"] = k + int(np.argmax(np.abs(A[k - 1:, k - 1])))


FUNCTIONS = {"perm": perm, "unitlower": unitlower, "upper": upper}
BINDINGS = {"Determine μ": _determine_mu}
