"""Reference for the Box-Cox note."""
import numpy as np


def boxcox_profile(x, lam):
    x = np.asarray(x, dtype=float)
    n = x.size
    y = np.log(x) if lam == 0 else (x ** lam - 1.0) / lam
    s2 = np.mean((y - y.mean()) ** 2)
    ll = -0.5 * n * np.log(s2) + (lam - 1.0) * np.sum(np.log(x))
    return y, ll

from algoverify import register_generator as register


@register()
def positive_sample(rng, n):
    """n positive observations, distinct with probability one (no structured edge cases)."""
    return rng.uniform(0.1, 20.0, size=int(n))
