"""References for the Cohen-Sutherland note."""
TOP, BOTTOM, RIGHT, LEFT = 8, 4, 2, 1


def _outcode(x, y, xmin, xmax, ymin, ymax):
    c = 0
    if y > ymax:
        c |= TOP
    elif y < ymin:
        c |= BOTTOM
    if x > xmax:
        c |= RIGHT
    elif x < xmin:
        c |= LEFT
    return c


def cohen_sutherland(x_0, y_0, x_1, y_1, x_min, x_max, y_min, y_max):
    """Foley et al., Fig. 3.41, ported from C: (accept, x0, y0, x1, y1)."""
    x0, y0, x1, y1 = float(x_0), float(y_0), float(x_1), float(y_1)
    c0 = _outcode(x0, y0, x_min, x_max, y_min, y_max)
    c1 = _outcode(x1, y1, x_min, x_max, y_min, y_max)
    accept = False
    done = False
    while not done:
        if not (c0 | c1):
            accept = done = True
        elif c0 & c1:
            done = True
        else:
            c = c0 if c0 else c1
            if c & TOP:
                x = x0 + (x1 - x0) * (y_max - y0) / (y1 - y0); y = y_max
            elif c & BOTTOM:
                x = x0 + (x1 - x0) * (y_min - y0) / (y1 - y0); y = y_min
            elif c & RIGHT:
                y = y0 + (y1 - y0) * (x_max - x0) / (x1 - x0); x = x_max
            else:
                y = y0 + (y1 - y0) * (x_min - x0) / (x1 - x0); x = x_min
            if c == c0:
                x0, y0 = x, y
                c0 = _outcode(x0, y0, x_min, x_max, y_min, y_max)
            else:
                x1, y1 = x, y
                c1 = _outcode(x1, y1, x_min, x_max, y_min, y_max)
    return accept, x0, y0, x1, y1


def visible(x0, y0, x1, y1, xmin, xmax, ymin, ymax):
    """Liang-Barsky: True when some part of the segment lies in the closed window."""
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - xmin), (dx, xmax - x0), (-dy, y0 - ymin), (dy, ymax - y0)):
        if p == 0:
            if q < 0:
                return False
        else:
            t = q / p
            if p < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
    return t0 <= t1


FUNCTIONS = {"visible": visible}
