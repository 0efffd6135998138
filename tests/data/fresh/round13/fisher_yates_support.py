"""Support for fisher-yates.md: the random choice of the listing, and sort for the claim."""
import numpy as np

_rng = np.random.default_rng(20240302)


def choose_uniform(step):
    i = int(step["i"])
    step["j"] = int(_rng.integers(1, i + 1))


BINDINGS = {"choose": choose_uniform}
FUNCTIONS = {"sort": lambda v: np.sort(np.asarray(v, dtype=float))}
