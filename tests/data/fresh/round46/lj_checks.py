"""Reference and generator for the Lennard-Jones note."""
import numpy as np
from algoverify import register_generator as register


def lj_energy(R, L, r_c, epsilon, sigma):
    R = np.asarray(R, dtype=float)
    V = 0.0
    N = len(R)
    for i in range(N - 1):
        d = R[i] - R[i + 1:]
        d -= L * np.round(d / L)
        r = np.linalg.norm(d, axis=1)
        r = r[r < r_c]
        V += np.sum(4 * epsilon * ((sigma / r) ** 12 - (sigma / r) ** 6))
    return V


@register()
def positions_in_box(rng, N, L):
    """N distinct points in the box, at least 0.8 apart (minimum image), as a liquid has."""
    pts = []
    while len(pts) < N:
        p = rng.uniform(0, L, size=3)
        ok = True
        for q in pts:
            d = p - q
            d -= L * np.round(d / L)
            if np.linalg.norm(d) < 0.8:
                ok = False
                break
        if ok:
            pts.append(p)
    return np.array(pts)
