#include "redlockquorum.h"

RedlockQuorum::Decision RedlockQuorum::decide(int acquiredOn, int nodes, qint64 ttlMs, qint64 elapsedMs)
{
    Decision d;
    d.validityMs = validityMs(ttlMs, elapsedMs);
    d.acquired = nodes > 0 && acquiredOn >= quorum(nodes) && d.validityMs > 0;
    return d;
}
