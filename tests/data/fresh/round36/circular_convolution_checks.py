import numpy as np


def via_dft(x_1, x_2):
    X1 = np.fft.fft(np.asarray(x_1, float))
    X2 = np.fft.fft(np.asarray(x_2, float))
    return np.real(np.fft.ifft(X1 * X2))
