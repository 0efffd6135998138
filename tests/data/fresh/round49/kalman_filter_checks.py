import numpy as np


def kalman_step(mu_t_minus_1, Sigma_t_minus_1, u_t, z_t, A_t, B_t, C_t, R_t, Q_t):
    mu_bar = A_t @ mu_t_minus_1 + B_t @ u_t
    S_bar = A_t @ Sigma_t_minus_1 @ A_t.T + R_t
    K = S_bar @ C_t.T @ np.linalg.inv(C_t @ S_bar @ C_t.T + Q_t)
    mu = mu_bar + K @ (z_t - C_t @ mu_bar)
    S = (np.eye(len(mu)) - K @ C_t) @ S_bar
    return mu, S
