import numpy as np


def adam_step(theta, g, m, v, t, alpha, beta_1, beta_2, epsilon):
    m = beta_1 * m + (1 - beta_1) * g
    v = beta_2 * v + (1 - beta_2) * g * g
    m_hat = m / (1 - beta_1 ** t)
    v_hat = v / (1 - beta_2 ** t)
    theta = theta - alpha * m_hat / (np.sqrt(v_hat) + epsilon)
    return theta, m, v
