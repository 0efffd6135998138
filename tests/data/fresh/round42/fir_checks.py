import numpy as np


def hamming_lowpass(M, omega_c):
    n = np.arange(M + 1)
    t = n - M / 2
    hd = (omega_c / np.pi) * np.sinc(omega_c * t / np.pi)
    return np.hamming(M + 1) * hd
