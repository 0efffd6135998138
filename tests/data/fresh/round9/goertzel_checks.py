import numpy as np


def dft_power(x, k):
    X = np.fft.fft(np.asarray(x, dtype=float))
    return float(abs(X[int(k)]) ** 2)
