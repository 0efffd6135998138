def rho_shape(f, x_0):
    """Tail length and cycle length of x_0, f(x_0), ... by recording first visits."""
    f = [int(v) for v in f]
    seen = {}
    x, i = int(x_0), 0
    while x not in seen:
        seen[x] = i
        x = f[x - 1]
        i += 1
    mu = seen[x]
    return mu, i - mu
