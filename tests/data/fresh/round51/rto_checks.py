def rfc6298(R, G, K, alpha, beta):
    srtt = float(R[0])
    rttvar = srtt / 2
    rto = srtt + max(G, K * rttvar)
    for r in R[1:]:
        r = float(r)
        rttvar = (1 - beta) * rttvar + beta * abs(srtt - r)   # uses the old SRTT
        srtt = (1 - alpha) * srtt + alpha * r
        rto = srtt + max(G, K * rttvar)
    return srtt, rttvar, rto
