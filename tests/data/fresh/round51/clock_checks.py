def clock_faults(p, F):
    F = int(F)
    frame = [0] * F
    u = [0] * F
    h = 0
    faults = 0
    for page in p:
        page = int(page)
        if page in frame:
            u[frame.index(page)] = 1
            continue
        faults += 1
        while u[h] == 1:
            u[h] = 0
            h = (h + 1) % F
        frame[h] = page
        u[h] = 1
        h = (h + 1) % F
    return faults
