import numpy as np


def hartley(x):
    """H_k = Re X_k - Im X_k, with X the DFT of x (X_k = sum x_n e^{-2 pi i k n / N})."""
    X = np.fft.fft(np.asarray(x, dtype=float))
    return X.real - X.imag
