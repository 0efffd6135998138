import numpy as np


def lz77(t):
    t = [int(c) for c in np.asarray(t).ravel()]
    n = len(t)
    i = 0
    lengths = []
    while i < n:
        best = 0
        for j in range(i):
            k = 0
            while i + k < n and t[j + k] == t[i + k]:
                k += 1
            best = max(best, k)
        step = max(best, 1)
        lengths.append(step)
        i += step
    return len(lengths), np.array(lengths, dtype=float)
