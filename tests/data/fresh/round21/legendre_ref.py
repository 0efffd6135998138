from numpy.polynomial import legendre as L


def legendre_numpy(N, x):
    return float(L.Legendre.basis(int(N))(x))
