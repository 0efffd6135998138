def symplectic_euler(omega, h, N, q_0, p_0):
    q, p = float(q_0), float(p_0)
    for _ in range(N):
        p = p - h * omega ** 2 * q
        q = q + h * p
    return q, p
