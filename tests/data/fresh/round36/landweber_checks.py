import numpy as np
from algoverify import register_generator as register


@register()
def landweber_step(rng, A):
    """A step size in (0, 2 / ||A||_2^2)."""
    s = np.linalg.norm(A, 2)
    if s == 0:
        return 1.0
    return float(rng.uniform(0.1, 1.9) / s**2)


def landweber_closed_form(A, b, omega, K):
    """x_K = (I - (I - omega A^T A)^K) A^+ b, through the SVD with stable filter factors."""
    A = np.asarray(A, dtype=float)
    b = np.asarray(b, dtype=float)
    U, s, Vt = np.linalg.svd(A, full_matrices=False)
    tol = max(A.shape) * np.finfo(float).eps * (s[0] if s.size else 0.0)
    x = np.zeros(A.shape[1])
    for j, sj in enumerate(s):
        if sj <= tol:
            continue
        q = 1.0 - omega * sj**2
        if q > 0.5:  # 1 - q^K without cancellation
            phi = -np.expm1(K * np.log1p(-omega * sj**2))
        else:
            phi = 1.0 - q**K
        x += phi / sj * (U[:, j] @ b) * Vt[j]
    return x


FUNCTIONS = {"pinv": np.linalg.pinv}
