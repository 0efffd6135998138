import math


def box_muller(u_1, u_2):
    r = math.sqrt(-2.0 * math.log(u_1))
    return r * math.cos(2 * math.pi * u_2), r * math.sin(2 * math.pi * u_2)
