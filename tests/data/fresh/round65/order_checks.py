def order(a, n):
    a, n = int(a), int(n)
    k, b = 1, a % n
    while b != 1 % n:
        b = b * a % n
        k += 1
    return k
