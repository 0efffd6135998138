import numpy as np


def ftcs_step(**drawn):
    """One FTCS step with zero Dirichlet data.

    The vector of grid values and the mesh ratio are picked out of the drawn values by
    their kind (the array and the scalar), whatever name the tool gives the superscripted input.
    """
    mu = float(drawn["mu"])
    u = next(np.asarray(v, dtype=float) for k, v in drawn.items() if np.ndim(v) == 1)
    new = np.zeros_like(u)
    new[1:-1] = u[1:-1] + mu * (u[2:] - 2.0 * u[1:-1] + u[:-2])
    return new
