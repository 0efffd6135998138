from collections import Counter


def qgram_distance(s, t, sigma):
    def profile(x):
        x = [int(v) for v in x]
        return Counter(zip(x, x[1:]))
    P, Q = profile(s), profile(t)
    return sum(abs(P[g] - Q[g]) for g in set(P) | set(Q))
