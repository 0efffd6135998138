import numpy as np


def dbscan(P, epsilon, minPts):
    """Schubert et al. 2017, Algorithm 1; the seed set is processed as it grows."""
    P = np.asarray(P, dtype=float)
    n = len(P)
    UNDEF, NOISE = -1, 0
    label = [UNDEF] * n
    C = 0

    def rq(i):
        return [j for j in range(n) if np.linalg.norm(P[i] - P[j]) <= epsilon]

    for i in range(n):
        if label[i] != UNDEF:
            continue
        N = rq(i)
        if len(N) < minPts:
            label[i] = NOISE
            continue
        C += 1
        label[i] = C
        S = [j for j in N if j != i]
        k = 0
        while k < len(S):
            q = S[k]
            k += 1
            if label[q] == NOISE:
                label[q] = C
            if label[q] != UNDEF:
                continue
            label[q] = C
            Nq = rq(q)
            if len(Nq) >= minPts:
                for j in Nq:
                    if j not in S:
                        S.append(j)
    return np.array(label)
