"""Generators and reference for the perceptron note."""
import numpy as np
from algoverify import register_generator as register


@register()
def separable(rng, m, d):
    """m points in R^d whose first coordinate is at least 0.5 away from 0 (separable by e_1)."""
    X = rng.standard_normal((int(m), int(d)))
    s = np.where(rng.random(int(m)) < 0.5, -1.0, 1.0)
    X[:, 0] = s * (0.5 + np.abs(X[:, 0]))
    return X


@register()
def labels(rng, X):
    """The labels e_1 gives: the sign of the first coordinate."""
    return np.sign(np.asarray(X)[:, 0])


@register()
def margin_one(rng, X, y):
    """A separator with margin 1: e_1 divided by the smallest margin y_i x_i1."""
    X = np.asarray(X)
    gamma = np.min(np.asarray(y) * X[:, 0])
    u = np.zeros(X.shape[1])
    u[0] = 1.0 / gamma
    return u


def batch_perceptron(X, y):
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    w = np.zeros(X.shape[1])
    while True:
        bad = np.nonzero(y * (X @ w) <= 0)[0]
        if len(bad) == 0:
            return w
        i = bad[0]
        w = w + y[i] * X[i]
