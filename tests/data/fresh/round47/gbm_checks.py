import numpy as np
from algoverify import register_generator as register


@register()
def increasing_times(rng, m):
    """Dates 0 = t_0 < t_1 < ... < t_m, with gaps in (0.01, 0.5)."""
    gaps = rng.uniform(0.01, 0.5, size=m)
    return np.concatenate([[0.0], np.cumsum(gaps)])
