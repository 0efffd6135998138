import numpy as np
from math import comb


def crr_closed_form(S_0, K, r, sigma, T, N):
    """Discounted risk-neutral expectation of the call payoff on the CRR tree."""
    dt = T / N
    u = np.exp(sigma * np.sqrt(dt))
    d = 1 / u
    p = (np.exp(r * dt) - d) / (u - d)
    total = 0.0
    for j in range(N + 1):
        total += comb(N, j) * p**j * (1 - p)**(N - j) * max(S_0 * u**j * d**(N - j) - K, 0.0)
    return np.exp(-r * T) * total
