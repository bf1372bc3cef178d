#pragma once

#include "retrypolicy.h"

#include <QCoreApplication>
#include <QStringList>

// What one variant of a scenario is made of: which lock protocol the workers run, which
// fault the sandbox injects, what the job inside the critical section does and what counts
// as a violation. Pure data: the app layer turns it into workers and servers.
struct DemoRecipe
{
    enum class Lock { None, Token, Reentrant, Redlock };
    enum class Acquire { SetNxPx, SetNxNoTtl, SetNxThenExpire };
    enum class Release { CompareAndDelete, PlainDel };
    enum class Fault {
        None,
        StallInside,        // the next holder pauses inside the critical section
        StallBeforeRelease, // the next holder pauses after its work, before releasing
        CrashInside,        // the next holder crashes inside the critical section
        CrashAfterAcquire,  // the next worker to write the lock crashes at once
        NodeRestart,        // a server crashes and restarts empty under a holder
        Failover,           // the replica is promoted before the lock reached it
    };
    enum class Job { Plain, Purchase, FencedWrite, Recursive };
    enum class Violation { Overlap, Stuck, Oversold, StaleWrite, None };

    Lock lock = Lock::Token;
    Acquire acquire = Acquire::SetNxPx;
    Release release = Release::CompareAndDelete;
    bool watchdog = true;
    bool stallFreezesWatchdog = false; // a stop-the-world pause stops the watchdog too
    bool fencing = false;              // take a fencing number (INCR) with the lock
    bool resourceChecksFence = false;
    bool ownTokenShortcut = false;     // the naive "it is mine already" re-entry
    int waitReplicas = 0;              // WAIT for this many replicas before entering
    int waitTimeoutMs = 100;
    int servers = 1;                   // redis-servers in the sandbox
    int lockServers = 1;               // of which the lock uses (Redlock: all of them)
    bool replicated = false;           // servers are a master and its replica
    RetryPolicy retry = RetryPolicy::fixed(20, 0.25);
    Fault fault = Fault::None;
    Job job = Job::Plain;
    Violation violation = Violation::Overlap;
    bool detectsStuck = false;

    // The protocol in a few short lines ("SET key token NX PX ttl", …), for the panel.
    // The commands stay as typed; what is said about them is in the user's language.
    QStringList describe(int ttlMs) const;
    static QString violationId(Violation v);

    Q_DECLARE_TR_FUNCTIONS(DemoRecipe) // last: it ends in private:
};
