def verlet_loop(x, v, omega, h, N):
    for _ in range(N):
        v = v - 0.5 * h * omega ** 2 * x
        x = x + h * v
        v = v - 0.5 * h * omega ** 2 * x
    return x, v
