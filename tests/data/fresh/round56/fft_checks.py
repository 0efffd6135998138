"""Generator and reference for the recursive FFT note (CLRS sign convention)."""
import numpy as np
from algoverify import register_generator as register


@register()
def power_of_two(rng, k):
    """A real coefficient vector of length 2^k."""
    return rng.standard_normal(2 ** int(k))


def clrs_dft(a):
    """y_k = sum_j a_j exp(2 pi i k j / n): n times NumPy's inverse FFT."""
    a = np.asarray(a)
    return len(a) * np.fft.ifft(a)
