import datetime
import math


def julian_day(Y, M, D):
    """Julian Day from Python's proleptic Gregorian ordinal (0001-01-01 is ordinal 1)."""
    day = int(math.floor(D))
    ordinal = datetime.date(int(Y), int(M), day).toordinal()
    return ordinal + 1721424.5 + (D - day)
