from algoverify import register_generator

_PRIMES = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]


@register_generator()
def coprime_moduli(rng, k):
    """k pairwise coprime moduli: distinct primes, some raised to a small power."""
    chosen = rng.choice(len(_PRIMES), size=int(k), replace=False)
    return [int(_PRIMES[c]) ** int(rng.integers(1, 3)) for c in chosen]


@register_generator()
def residues(rng, m):
    """One residue 0 <= r_i < m_i per modulus."""
    return [int(rng.integers(0, int(mi))) for mi in m]


def inverse(a, q):
    return pow(int(a), -1, int(q))


FUNCTIONS = {"Inverse": inverse}


def crt_by_search(m, r):
    """The solution found by stepping through one congruence at a time."""
    x, M = 0, 1
    for mi, ri in zip(m, r):
        mi, ri = int(mi), int(ri)
        while x % mi != ri:
            x += M
        M *= mi
    return x
