import numpy as np


def heavy_ball_two_step(A, b, x_0, eta, beta, T):
    A = np.asarray(A, float); b = np.asarray(b, float)
    x_prev = np.asarray(x_0, float).copy()
    x = x_prev.copy()
    for _ in range(int(T)):
        x_new = x - eta * (A @ x - b) + beta * (x - x_prev)
        x_prev, x = x, x_new
    return x


def gradient_descent(A, b, x_0, eta, T):
    A = np.asarray(A, float); b = np.asarray(b, float)
    x = np.asarray(x_0, float).copy()
    for _ in range(int(T)):
        x = x - eta * (A @ x - b)
    return x
