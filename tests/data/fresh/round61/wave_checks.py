import numpy as np
from algoverify import register_generator as register


def leapfrog_wave(u0, C, N):
    u0 = np.asarray(u0, dtype=float)
    J = len(u0) - 1
    prev = u0.copy()
    cur = u0.copy()
    cur[1:J] = u0[1:J] + 0.5 * C ** 2 * (u0[2:] - 2 * u0[1:J] + u0[:J - 1])
    cur[0] = cur[J] = 0.0
    for _ in range(1, N):
        nxt = np.zeros_like(cur)
        nxt[1:J] = 2 * cur[1:J] - prev[1:J] + C ** 2 * (cur[2:] - 2 * cur[1:J] + cur[:J - 1])
        prev, cur = cur, nxt
    return cur


def dalembert(u0, N):
    """Exact solution at the grid points for C = 1: (F(j - N) + F(j + N)) / 2, F the odd 2J-periodic extension."""
    u0 = np.asarray(u0, dtype=float)
    J = len(u0) - 1
    ext = np.concatenate([u0, -u0[J - 1:0:-1]])  # F(0..2J-1)
    j = np.arange(J + 1)
    return 0.5 * (ext[(j - N) % (2 * J)] + ext[(j + N) % (2 * J)])


def leapfrog_wave_ref(C, N, **kw):
    return leapfrog_wave(_u0(kw), C, N)


def dalembert_ref(N, **kw):
    return dalembert(_u0(kw), N)


def _u0(kw):
    for key in ("u^0", "u_of_0", "u0", "u", "u_0"):
        if key in kw:
            return kw[key]
    raise KeyError(f"no initial displacement among {sorted(kw)}")


@register()
def plucked(rng, J):
    """Initial displacement on x_0..x_J with fixed ends."""
    u = rng.standard_normal(J + 1)
    u[0] = u[J] = 0.0
    return u
