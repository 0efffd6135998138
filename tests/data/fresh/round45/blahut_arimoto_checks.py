import numpy as np
from algoverify import register_generator as register


@register()
def channel(rng, m, n):
    """A transition matrix with strictly positive entries, rows summing to one."""
    P = rng.uniform(0.05, 1.0, size=(int(m), int(n)))
    return P / P.sum(axis=1, keepdims=True)


@register()
def bsc(rng):
    """A binary symmetric channel with crossover probability in [0.01, 0.49]."""
    beta = rng.uniform(0.01, 0.49)
    return np.array([[1 - beta, beta], [beta, 1 - beta]])


def bsc_capacity(P, epsilon):
    beta = float(P[0][1])
    h = -beta * np.log(beta) - (1 - beta) * np.log(1 - beta)
    return np.log(2) - h, np.array([0.5, 0.5])
