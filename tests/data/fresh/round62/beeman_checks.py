def beeman(x_0, v_0, omega, Delta_t, N):
    """Beeman's scheme for x'' = -omega^2 x, with a_{-1} = a_0."""
    x, v = float(x_0), float(v_0)
    dt = Delta_t
    a = -omega**2 * x
    a_prev = a
    for _ in range(int(N)):
        x_new = x + v * dt + (4 * a - a_prev) * dt**2 / 6
        a_new = -omega**2 * x_new
        v_new = v + (2 * a_new + 5 * a - a_prev) * dt / 6
        x, v, a_prev, a = x_new, v_new, a, a_new
    return x, v
