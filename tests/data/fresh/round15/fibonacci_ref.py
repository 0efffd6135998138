def fib(n):
    a, b = 0, 1
    for _ in range(int(n)):
        a, b = b, a + b
    return a
