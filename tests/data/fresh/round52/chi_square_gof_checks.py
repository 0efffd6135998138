import numpy as np


def pearson_x2(O, pi):
    O = np.asarray(O, float); pi = np.asarray(pi, float)
    E = O.sum() * pi
    return float(np.sum((O - E) ** 2 / E))
