import numpy as np


def ridge_lstsq(X, y, lam):
    """Ridge solution as ordinary least squares on the augmented system [X; sqrt(lam) I] w = [y; 0]."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    d = X.shape[1]
    Xa = np.vstack([X, np.sqrt(lam) * np.eye(d)])
    ya = np.concatenate([y, np.zeros(d)])
    w = np.linalg.lstsq(Xa, ya, rcond=None)[0]
    return w, y - X @ w
