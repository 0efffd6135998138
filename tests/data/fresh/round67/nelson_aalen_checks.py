import numpy as np
from algoverify import register_generator as register


@register()
def sorted_times(rng, n):
    """n distinct observed times, sorted increasingly."""
    return np.sort(rng.uniform(0.0, 10.0, n))


def nelson_aalen(T, delta):
    """Nelson-Aalen estimate and Greenwood-type variance at each (distinct) observed time."""
    T = np.asarray(T, dtype=float)
    delta = np.asarray(delta, dtype=float)
    n = len(T)
    H = np.zeros(n)
    V = np.zeros(n)
    h = v = 0.0
    for i in range(n):
        Y = np.sum(T >= T[i])
        h += delta[i] / Y
        v += delta[i] / Y ** 2
        H[i], V[i] = h, v
    return H, V
