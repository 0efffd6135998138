"""Checks for segments-intersect.md: an independent, exact intersection test."""
from fractions import Fraction


def _cross(a, b):
    return a[0] * b[1] - a[1] * b[0]


def _sub(a, b):
    return (a[0] - b[0], a[1] - b[1])


def _dot(a, b):
    return a[0] * b[0] + a[1] * b[1]


def _point_on_segment(p, a, b):
    """p on the closed segment ab (a may equal b)."""
    if _cross(_sub(p, a), _sub(b, a)) != 0:
        return False
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def segments_share_a_point(p_1, p_2, p_3, p_4):
    """Solve p1 + s (p2 - p1) = p3 + u (p4 - p3) exactly, with the degenerate cases apart."""
    p1, p2, p3, p4 = (tuple(Fraction(int(round(float(v)))) for v in p) for p in (p_1, p_2, p_3, p_4))
    r, s = _sub(p2, p1), _sub(p4, p3)
    if r == (0, 0) and s == (0, 0):
        return p1 == p3
    if r == (0, 0):
        return _point_on_segment(p1, p3, p4)
    if s == (0, 0):
        return _point_on_segment(p3, p1, p2)
    denom = _cross(r, s)
    q = _sub(p3, p1)
    if denom != 0:
        t = _cross(q, s) / denom
        u = _cross(q, r) / denom
        return 0 <= t <= 1 and 0 <= u <= 1
    if _cross(q, r) != 0:  # parallel, on different lines
        return False
    rr = _dot(r, r)
    t0, t1 = _dot(q, r) / rr, _dot(_sub(p4, p1), r) / rr
    return max(min(t0, t1), 0) <= min(max(t0, t1), 1)
