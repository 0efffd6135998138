import numpy as np


def burg(x, p):
    """Burg's method (Kay 1988, sec. 7.6): coefficients a_1..a_p and the error power."""
    x = np.asarray(x, dtype=float)
    N = len(x)
    f = x.copy()
    b = x.copy()
    a = np.zeros(0)
    s2 = float(np.mean(x ** 2))
    for m in range(1, p + 1):
        ff = f[m:N].copy()
        bb = b[m - 1:N - 1].copy()
        k = -2.0 * (ff @ bb) / (ff @ ff + bb @ bb)
        a = np.concatenate([a + k * a[::-1], [k]])
        f[m:N] = ff + k * bb
        b[m:N] = bb + k * ff
        s2 *= 1.0 - k * k
    return a, s2
