import numpy as np


def linear_complexity(s):
    """HAC Algorithm 6.30 in Python: L and the coefficients c_0..c_n of C(D)."""
    s = [int(v) for v in np.asarray(s).ravel()]
    n = len(s)
    c = [1] + [0] * n
    b = [1] + [0] * n
    L, m = 0, -1
    for N in range(n):
        d = (s[N] + sum(c[i] * s[N - i] for i in range(1, L + 1))) % 2
        if d == 1:
            t = c[:]
            for i in range(0, n - N + m + 1):
                c[i + N - m] = (c[i + N - m] + b[i]) % 2
            if L <= N / 2:
                L, m, b = N + 1 - L, N, t
    return L, np.array(c)
