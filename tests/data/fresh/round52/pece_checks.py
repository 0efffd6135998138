def f(t, y):
    return t - y


FUNCTIONS = {"f": f}


def pece_reference(t_0, T, y_0, N):
    h = (T - t_0) / N
    t = [t_0, t_0 + h]
    y = [y_0, y_0 + h / 2 * (f(t_0, y_0) + f(t_0 + h, y_0 + h * f(t_0, y_0)))]
    for n in range(1, N):
        t.append(t[n] + h)
        yp = y[n] + h / 2 * (3 * f(t[n], y[n]) - f(t[n - 1], y[n - 1]))
        y.append(y[n] + h / 2 * (f(t[n + 1], yp) + f(t[n], y[n])))
    return y[N]
