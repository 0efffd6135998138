import numpy as np


def _taylor4(M):
    d = M.shape[0]
    I = np.eye(d)
    return I + M + M @ M / 2 + M @ M @ M / 6 + M @ M @ M @ M / 24


def taylor_power(A, y_0, h, N):
    A = np.atleast_2d(np.asarray(A, dtype=float))
    return np.linalg.matrix_power(_taylor4(h * A), int(N)) @ np.asarray(y_0, dtype=float)


def _expm(M):
    # scaling and squaring with a long Taylor series
    norm = np.linalg.norm(M, 1)
    s = max(0, int(np.ceil(np.log2(norm))) + 1) if norm > 0 else 0
    X = M / 2.0 ** s
    E = np.eye(M.shape[0])
    term = np.eye(M.shape[0])
    for k in range(1, 30):
        term = term @ X / k
        E = E + term
    for _ in range(s):
        E = E @ E
    return E


def exact_solution(A, y_0, h, N):
    A = np.atleast_2d(np.asarray(A, dtype=float))
    return _expm(int(N) * h * A) @ np.asarray(y_0, dtype=float)
