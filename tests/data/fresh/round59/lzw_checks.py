import numpy as np


def lzw_encode(t, sigma):
    t = [int(a) for a in np.ravel(t)]
    D = {(a,): a for a in range(1, int(sigma) + 1)}
    K = int(sigma)
    out = []
    w = (t[0],)
    for c in t[1:]:
        if w + (c,) in D:
            w = w + (c,)
        else:
            out.append(D[w])
            K += 1
            D[w + (c,)] = K
            w = (c,)
    out.append(D[w])
    return np.array(out)
