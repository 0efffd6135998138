import numpy as np
from algoverify import register_generator as register


@register()
def cv_track(rng, N, T):
    a, b = rng.normal(0, 5), rng.normal(0, 2)
    return a + b * T * np.arange(1, N + 1)


def alpha_beta(y, T, alpha, beta, x_hat_0, v_hat_0):
    x, v = x_hat_0, v_hat_0
    for yk in y:
        xp = x + T * v
        r = yk - xp
        x = xp + alpha * r
        v = v + beta / T * r
    return x, v
