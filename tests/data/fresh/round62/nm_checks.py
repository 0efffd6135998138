import numpy as np
from algoverify import register_generator as register


class Quadratic:
    def __init__(self, H, g):
        self.H, self.g = H, g

    def __call__(self, x):
        x = np.asarray(x, float)
        return float(0.5 * x @ self.H @ x - self.g @ x)

    def __repr__(self):
        return "Quadratic(n=%d)" % len(self.g)


@register()
def quadratic(rng, n):
    """A strictly convex quadratic f(x) = x'Hx/2 - g'x on R^n."""
    n = int(n)
    B = rng.standard_normal((n, n))
    return Quadratic(B @ B.T + np.eye(n), rng.standard_normal(n))


@register()
def simplex_rows(rng, n):
    """n + 1 vertices in R^n, as the rows of an (n+1) x n matrix."""
    n = int(n)
    return rng.standard_normal((n + 1, n))


def nelder_mead(f, X, K):
    X = np.array(X, float)
    n = X.shape[1]
    rho, chi, gamma, sigma = 1.0, 2.0, 0.5, 0.5
    for _ in range(int(K)):
        order = np.argsort([f(v) for v in X], kind="stable")
        X = X[order]
        xbar = X[:n].mean(axis=0)
        xr = xbar + rho * (xbar - X[n])
        fr = f(xr)
        shrink = False
        if f(X[0]) <= fr < f(X[n - 1]):
            X[n] = xr
        elif fr < f(X[0]):
            xe = xbar + chi * (xr - xbar)
            X[n] = xe if f(xe) < fr else xr
        elif fr < f(X[n]):
            xc = xbar + gamma * (xr - xbar)
            if f(xc) <= fr:
                X[n] = xc
            else:
                shrink = True
        else:
            xcc = xbar - gamma * (xbar - X[n])
            if f(xcc) < f(X[n]):
                X[n] = xcc
            else:
                shrink = True
        if shrink:
            for i in range(1, n + 1):
                X[i] = X[0] + sigma * (X[i] - X[0])
    return X
