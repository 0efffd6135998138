import math


def cordic_rotation(theta, n):
    """Rotation-mode CORDIC, as in Muller's book, in double precision."""
    K = 1.0
    for i in range(n):
        K /= math.sqrt(1 + 2.0 ** (-2 * i))
    x, y, z = K, 0.0, theta
    for i in range(n):
        d = 1.0 if z >= 0 else -1.0
        x, y, z = x - d * y * 2.0 ** -i, y + d * x * 2.0 ** -i, z - d * math.atan(2.0 ** -i)
    return x, y
