import numpy as np


def vif_from_correlation(X):
    C = np.corrcoef(np.asarray(X, dtype=float), rowvar=False)
    return np.diag(np.linalg.inv(C))
