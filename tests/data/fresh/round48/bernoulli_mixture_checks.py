import numpy as np


def loglik(X, mu, pi):
    X = np.asarray(X, dtype=float)
    mu = np.clip(np.asarray(mu, dtype=float), 1e-300, 1 - 1e-16)
    pi = np.asarray(pi, dtype=float)
    logp = X @ np.log(mu).T + (1 - X) @ np.log1p(-mu).T + np.log(pi)[None, :]
    m = logp.max(axis=1, keepdims=True)
    return float((m[:, 0] + np.log(np.exp(logp - m).sum(axis=1))).sum())


FUNCTIONS = {"loglik": loglik}
