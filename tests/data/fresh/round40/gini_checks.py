import numpy as np


def best_split(y):
    y = [float(v) for v in y]
    N = len(y)
    P = sum(y)
    G0 = 2 * (P / N) * (1 - P / N)
    best, s_best = G0, 0
    for s in range(1, N):
        l = sum(y[:s])
        pL = l / s
        pR = (P - l) / (N - s)
        G = s / N * 2 * pL * (1 - pL) + (N - s) / N * 2 * pR * (1 - pR)
        if G < best:
            best, s_best = G, s
    return s_best, best
