import numpy as np


def train_mnb(N_c, T):
    N_c = np.asarray(N_c, dtype=float)
    T = np.asarray(T, dtype=float)
    prior = N_c / N_c.sum()
    condprob = ((T + 1) / (T + 1).sum(axis=1, keepdims=True)).T   # M x C, indexed [t, c]
    return prior, condprob
