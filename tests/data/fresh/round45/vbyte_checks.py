import numpy as np


def vb_encode(n):
    """VBEncodeNumber of Manning, Raghavan and Schuetze, Figure 5.8."""
    n = int(n)
    out = []
    while True:
        out.insert(0, n % 128)
        if n < 128:
            break
        n //= 128
    out[-1] += 128
    return np.array(out)
