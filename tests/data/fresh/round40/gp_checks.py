import numpy as np


def k(a, b):
    """Squared-exponential covariance with unit length scale and signal variance."""
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    return float(np.exp(-0.5 * np.sum((a - b) ** 2)))


def gram(X):
    X = np.asarray(X, dtype=float)
    return np.array([[k(xi, xj) for xj in X] for xi in X])


def cross(X, x_star):
    X = np.asarray(X, dtype=float)
    return np.array([k(xi, x_star) for xi in X])


def cholesky(A):
    return np.linalg.cholesky(np.asarray(A, dtype=float))


def gp_direct(X, y, sigma_n, x_star):
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    n = len(y)
    Ky = gram(X) + sigma_n ** 2 * np.eye(n)
    ks = cross(X, x_star)
    alpha = np.linalg.solve(Ky, y)
    mean = ks @ alpha
    var = k(x_star, x_star) - ks @ np.linalg.solve(Ky, ks)
    sign, logdet = np.linalg.slogdet(Ky)
    logml = -0.5 * y @ alpha - 0.5 * logdet - 0.5 * n * np.log(2 * np.pi)
    return mean, var, logml


FUNCTIONS = {"k": k, "gram": gram, "cross": cross, "cholesky": cholesky}
