#pragma once

#include <QtGlobal>

// The arithmetic of Redlock (the algorithm on redis.io): a lock on N independent masters is
// held when a majority took it and time is left. validity = TTL − time spent acquiring −
// clock drift, where the drift allowance is round(TTL × driftFactor) + 2 ms, as node-redlock
// and redlock-py compute it (driftFactor 0.01 by default, as every Redlock library has it).
class RedlockQuorum final
{
public:
    struct Decision
    {
        bool acquired = false;
        qint64 validityMs = 0;
    };

    static int quorum(int nodes) { return nodes / 2 + 1; }
    static constexpr double defaultDriftFactor = 0.01;

    static qint64 driftMs(qint64 ttlMs, double driftFactor = defaultDriftFactor) { return qRound64(double(ttlMs) * driftFactor) + 2; }
    static qint64 validityMs(qint64 ttlMs, qint64 elapsedMs, double driftFactor = defaultDriftFactor)
    {
        return ttlMs - elapsedMs - driftMs(ttlMs, driftFactor);
    }
    static Decision decide(int acquiredOn, int nodes, qint64 ttlMs, qint64 elapsedMs, double driftFactor = defaultDriftFactor);
};
