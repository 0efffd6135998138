import numpy as np


def dogleg_reference(g, B, Delta):
    g = np.asarray(g, float); B = np.atleast_2d(np.asarray(B, float))
    pB = -np.linalg.solve(B, g)
    if np.linalg.norm(pB) <= Delta:
        return pB
    pU = -(g @ g) / (g @ B @ g) * g
    if np.linalg.norm(pU) >= Delta:
        return Delta * pU / np.linalg.norm(pU)
    d = pB - pU
    a, be, c = d @ d, pU @ d, pU @ pU - Delta ** 2
    s = (-be + np.sqrt(be * be - a * c)) / a
    return pU + s * d
