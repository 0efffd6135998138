import numpy as np
from algoverify import register_generator as register


@register()
def stable_denominator(rng, N):
    """a_0 = 1, a_1..a_N with every pole strictly inside the unit circle."""
    N = int(N)
    poles = []
    while len(poles) < N:
        if N - len(poles) >= 2 and rng.random() < 0.5:
            r, th = rng.uniform(0.1, 0.9), rng.uniform(0, np.pi)
            p = r * np.exp(1j * th)
            poles += [p, np.conj(p)]
        else:
            poles.append(rng.uniform(-0.9, 0.9))
    return np.real(np.poly(poles))


def filter_by_series(b, a, x):
    """y = first L samples of (B(z) X(z)) / A(z), by power-series division."""
    b, a, x = (np.asarray(v, dtype=float) for v in (b, a, x))
    L = len(x)
    num = np.convolve(b, x)[:L]
    num = np.concatenate([num, np.zeros(L - len(num))])
    y = np.zeros(L)
    for n in range(L):
        acc = num[n]
        for k in range(1, min(n, len(a) - 1) + 1):
            acc -= a[k] * y[n - k]
        y[n] = acc / a[0]
    return y
