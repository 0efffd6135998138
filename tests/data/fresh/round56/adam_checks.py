"""Reference and bindings for the Adam note."""
import numpy as np


def adam(A, b, theta_0, alpha, beta_1, beta_2, epsilon, T):
    A = np.asarray(A, dtype=float)
    b = np.asarray(b, dtype=float)
    theta = np.array(theta_0, dtype=float, copy=True)
    m = np.zeros_like(theta)
    v = np.zeros_like(theta)
    for t in range(1, int(T) + 1):
        g = A.T @ (A @ theta - b)
        m = beta_1 * m + (1 - beta_1) * g
        v = beta_2 * v + (1 - beta_2) * g * g
        m_hat = m / (1 - beta_1 ** t)
        v_hat = v / (1 - beta_2 ** t)
        theta = theta - alpha * m_hat / (np.sqrt(v_hat) + epsilon)
    return theta


def _not_converged(step):
    """'θ_t not converged': fewer than T timesteps taken."""
    return step["t"] < step["T"]


BINDINGS = {"θ_t not converged": _not_converged}
