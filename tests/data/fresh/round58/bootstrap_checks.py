"""Bindings, the statistic and a reference for the bootstrap note."""
import numpy as np


def _resample(x, b):
    x = np.asarray(x, dtype=float)
    rng = np.random.default_rng([int(b), len(x)])
    return x[rng.integers(0, len(x), size=len(x))]


def draw_bootstrap_sample(step):
    """The English step: x^{*b} is n values drawn with replacement from x."""
    step["x^{*b}"] = _resample(step["x"], step["b"])


BINDINGS = {"draw a bootstrap sample": draw_bootstrap_sample}

FUNCTIONS = {"s": lambda v: float(np.mean(v))}


def bootstrap_se(x, B):
    reps = np.array([np.mean(_resample(x, b)) for b in range(1, int(B) + 1)])
    return float(np.sqrt(np.sum((reps - reps.mean()) ** 2) / (B - 1)))
