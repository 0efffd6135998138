"""Reference for the sliding DFT notes."""
import numpy as np


def last_window_bin(x, N, k):
    """Bin k of the N-point DFT of the last N samples of x (numpy's FFT)."""
    x = np.asarray(x, dtype=float)
    return complex(np.fft.fft(x[len(x) - int(N):])[int(k)])
