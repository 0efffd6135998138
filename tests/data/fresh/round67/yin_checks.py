import numpy as np
from algoverify import register_generator as register


@register()
def periodic(rng, N, P):
    """N samples of a random signal of period P."""
    period = rng.standard_normal(int(P))
    return np.array([period[j % int(P)] for j in range(int(N))])


def yin(x, t, W, tau_max, theta):
    x = np.asarray(x, dtype=float)
    # 1-based: x_j is x[j - 1]
    d = np.array([sum((x[j - 1] - x[j + tau - 1]) ** 2 for j in range(t + 1, t + W + 1))
                  for tau in range(tau_max + 1)])
    dp = np.ones(tau_max + 1)
    S = 0.0
    for tau in range(1, tau_max + 1):
        S += d[tau]
        dp[tau] = d[tau] / (S / tau)
    tau = 1
    while tau < tau_max and dp[tau] >= theta:
        tau += 1
    while tau < tau_max and dp[tau + 1] < dp[tau]:
        tau += 1
    if dp[tau] >= theta:
        tau = 1 + int(np.argmin(dp[1:]))
    return d, dp, tau
