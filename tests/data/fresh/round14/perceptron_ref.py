"""Reference implementation and label generator for perceptron.md."""
import numpy as np
from algoverify import register_generator as register


@register()
def pm_labels(rng, n):
    """n labels drawn uniformly from {-1, +1}."""
    return rng.choice([-1.0, 1.0], size=int(n))


def perceptron(X, y, T):
    X = np.asarray(X, dtype=float)
    y = np.asarray(y, dtype=float)
    n, d = X.shape
    w = np.zeros(d)
    b = 0.0
    for _ in range(int(T)):
        for i in range(n):
            if y[i] * (w @ X[i] + b) <= 0:
                w = w + y[i] * X[i]
                b = b + y[i]
    return w, b
