from math import comb

import numpy as np


def sign_test_p(x, theta):
    x = np.asarray(x, float)
    sp = int(np.sum(x > theta)); sm = int(np.sum(x < theta))
    m = sp + sm
    s = min(sp, sm)
    return min(1.0, 2 * sum(comb(m, t) for t in range(s + 1)) / 2 ** m)
