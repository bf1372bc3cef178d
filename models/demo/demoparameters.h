#pragma once

#include <QtGlobal>

// The knobs of one demo run. Each scenario has defaults chosen so that its broken variant
// fails by construction within a few seconds; the GUI and the command line override some.
struct DemoParameters
{
    int workers = 4;
    int ttlMs = 1000;           // the lock's lease
    int workMs = 150;           // time a job spends inside the critical section
    int pauseMs = 1500;         // length of an injected stall
    int thinkMs = 50;           // time between a worker's jobs
    int acquireTimeoutMs = 5000; // a waiter gives up after this long (a failure)
    int faultFirstMs = 400;     // when the scenario's fault is first injected
    int faultEveryMs = 4000;    // and then how often (0: once)
    int stock = 20;             // items on sale (oversell)
    int stuckAfterMs = 2000;    // idle with waiters this long: the lock is stuck
    int restartAfterMs = 1500;  // a crashed worker is restarted after this long (0: never)
    qint64 durationMs = 5000;   // 0: until stopped
    quint32 seed = 0;
    bool automaticFaults = true;

    bool operator==(const DemoParameters &) const = default;
};
