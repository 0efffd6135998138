"""Reference for the Goertzel note: one bin of NumPy's FFT."""
import numpy as np


def dft_bin(x, k):
    x = np.asarray(x, dtype=float)
    N = len(x)
    n = np.arange(N)
    return complex(np.sum(x * np.exp(-2j * np.pi * k * n / N)))
