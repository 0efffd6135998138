import numpy as np
from algoverify import register_generator as register


@register()
def pow2_vector(rng, m):
    return rng.standard_normal(2 ** int(m))


def sylvester(N):
    H = np.array([[1.0]])
    while H.shape[0] < N:
        H = np.block([[H, H], [H, -H]])
    return H


def hadamard_times(x):
    x = np.asarray(x, dtype=float)
    return sylvester(len(x)) @ x
