#pragma once

#include <QtGlobal>

// The arithmetic of Redlock (the algorithm on redis.io): a lock on N independent masters is
// held when a majority took it and time is left. validity = TTL − time spent acquiring −
// clock drift, where the drift allowance is 1 % of the TTL plus 2 ms.
class RedlockQuorum final
{
public:
    struct Decision
    {
        bool acquired = false;
        qint64 validityMs = 0;
    };

    static int quorum(int nodes) { return nodes / 2 + 1; }
    static qint64 driftMs(qint64 ttlMs) { return ttlMs / 100 + 2; }
    static qint64 validityMs(qint64 ttlMs, qint64 elapsedMs) { return ttlMs - elapsedMs - driftMs(ttlMs); }
    static Decision decide(int acquiredOn, int nodes, qint64 ttlMs, qint64 elapsedMs);
};
