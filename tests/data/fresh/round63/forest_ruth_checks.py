def forest_ruth(q_0, v_0, omega, h, N):
    th = 1.0 / (2.0 - 2.0 ** (1.0 / 3.0))
    q, v = float(q_0), float(v_0)
    w2 = omega ** 2
    for _ in range(N):
        q += th * h / 2 * v
        v -= th * h * w2 * q
        q += (1 - th) * h / 2 * v
        v -= (1 - 2 * th) * h * w2 * q
        q += (1 - th) * h / 2 * v
        v -= th * h * w2 * q
        q += th * h / 2 * v
    return q, v
