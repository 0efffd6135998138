def primes_up_to(n):
    out = set()
    for i in range(2, n + 1):
        if all(i % d for d in range(2, int(i ** 0.5) + 1)):
            out.add(i)
    return out
