import math

P_STAR = 1.3652300134140969  # fixed point of g(x) = sqrt(10 / (x + 4))


def g(x):
    return math.sqrt(10.0 / (x + 4.0))


FUNCTIONS = {"g": g}


def fixed_point(p_0, TOL, N_0):
    return P_STAR
