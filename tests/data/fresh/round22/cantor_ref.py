"""Reference implementations for the Cantor pairing note."""


def cantor_pair(x, y):
    s = int(x) + int(y)
    return s * (s + 1) // 2 + int(y)


def cantor_unpair(z):
    z = int(z)
    w = 0
    while (w + 1) * (w + 2) // 2 <= z:
        w += 1
    t = w * (w + 1) // 2
    y = z - t
    return w - y, y
