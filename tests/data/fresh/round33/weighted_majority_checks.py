"""Checks for weighted-majority.md."""
import numpy as np


def weighted_majority_mistakes(X, y, beta):
    X = np.asarray(X)
    y = np.asarray(y)
    T, N = X.shape
    w = np.ones(N)
    mistakes = 0
    for t in range(T):
        q1 = w[X[t] == 1].sum()
        q0 = w[X[t] == 0].sum()
        pred = 1 if q1 >= q0 else 0
        if pred != y[t]:
            mistakes += 1
        w[X[t] != y[t]] *= beta
    return mistakes
