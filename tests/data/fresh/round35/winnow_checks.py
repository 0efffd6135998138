"""Generator and reference for the Winnow note."""
import numpy as np
from algoverify import register_generator as register


@register()
def disjunction_labels(rng, X, k):
    """Labels of the rows of X under a monotone disjunction of k attributes chosen at random."""
    X = np.asarray(X)
    n = X.shape[1]
    relevant = rng.choice(n, size=int(k), replace=False)
    return (X[:, relevant].sum(axis=1) > 0).astype(float)


def winnow1(X, y, alpha, theta):
    """Littlestone's WINNOW1: final weights and number of mistakes."""
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    w = np.ones(X.shape[1])
    M = 0
    for t in range(X.shape[0]):
        yhat = 1.0 if w @ X[t] >= theta else 0.0
        if yhat != y[t]:
            M += 1
            on = X[t] == 1
            if y[t] == 1:
                w[on] *= alpha
            else:
                w[on] = 0.0
    return w, M
