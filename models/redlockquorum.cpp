#include "redlockquorum.h"

RedlockQuorum::Decision RedlockQuorum::decide(int acquiredOn, int nodes, qint64 ttlMs, qint64 elapsedMs, double driftFactor)
{
    Decision d;
    d.validityMs = validityMs(ttlMs, elapsedMs, driftFactor);
    d.acquired = nodes > 0 && acquiredOn >= quorum(nodes) && d.validityMs > 0;
    return d;
}
