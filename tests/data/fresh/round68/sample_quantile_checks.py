import numpy as np


def quantile_type7(x, p):
    """Hyndman and Fan's definition 7 (NumPy's default 'linear' method)."""
    return float(np.quantile(np.asarray(x, dtype=float), p))
