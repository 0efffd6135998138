import numpy as np


def ucb1(n, mu_hat):
    n = np.asarray(n, float); mu_hat = np.asarray(mu_hat, float)
    t = n.sum()
    U = mu_hat + np.sqrt(2 * np.log(t) / n)
    return int(np.argmax(U)) + 1, U
