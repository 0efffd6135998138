import numpy as np

# Generator matrix for Hamming's layout: data bits at positions 3, 5, 6, 7; parity at 1, 2, 4.
def encode(u):
    """The codeword c_1..c_7 (as floats 0/1) carrying the four data bits u."""
    d = [int(v) for v in np.atleast_1d(u)]
    c = [0] * 8
    c[3], c[5], c[6], c[7] = d
    c[1] = (c[3] + c[5] + c[7]) % 2
    c[2] = (c[3] + c[6] + c[7]) % 2
    c[4] = (c[5] + c[6] + c[7]) % 2
    return np.array(c[1:], dtype=float)


def flip(c, j):
    """c with bit j (1-based) flipped."""
    c = np.array(c, dtype=float).copy()
    j = int(j)
    c[j - 1] = 1 - c[j - 1]
    return c


FUNCTIONS = {"encode": encode, "flip": flip}
