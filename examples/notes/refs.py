"""References for the check fixtures (loaded by algoverify through ``module: refs.py``)."""

import numpy as np


def double(x):
    """What the scaling listing should compute."""
    return 2 * np.asarray(x, dtype=float)


def triangle(n):
    """1 + 2 + ... + n."""
    return n * (n + 1) // 2


def reciprocal(x):
    """1 / x."""
    return 1.0 / x


def countdown(x):
    """A countdown from x ends at zero."""
    return 0


def dot(x, y):
    """The inner product x . y."""
    return float(np.dot(x, y))


def raises(x):
    """A reference that is itself broken."""
    raise ValueError("boom")
