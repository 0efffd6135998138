import numpy as np
from algoverify import register_generator as register


@register()
def spins(rng, L):
    return rng.choice([-1.0, 1.0], size=(L, L))


def energy_magnetisation(s, J):
    s = np.asarray(s, dtype=float)
    E = -J * np.sum(s * (np.roll(s, -1, axis=0) + np.roll(s, -1, axis=1)))
    return E, np.sum(s)
