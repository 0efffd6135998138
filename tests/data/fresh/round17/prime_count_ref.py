def prime_pi_below(n):
    """Number of primes p with 2 <= p < n, by a simple sieve."""
    if n < 3:
        return 0
    is_p = [True] * n
    is_p[0] = is_p[1] = False
    for i in range(2, int(n ** 0.5) + 1):
        if is_p[i]:
            for j in range(i * i, n, i):
                is_p[j] = False
    return sum(is_p)
