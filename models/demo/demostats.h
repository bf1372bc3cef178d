#pragma once

#include "waitsamples.h"

#include <QtGlobal>

// What happened in one demo run, counted by the sandbox itself (never read back from the
// lock): the run's scoreboard and the raw material of its summary.
struct DemoStats
{
    qint64 attempts = 0;          // acquisition attempts (one per try, per server for Redlock)
    qint64 acquisitions = 0;      // entries into the critical section by way of the lock
    qint64 failures = 0;          // waiters that gave up (acquire timeout)
    qint64 violations = 0;        // the scenario's harm: see DemoRecipe::Violation
    qint64 overlaps = 0;          // entries while another worker was inside
    qint64 crashes = 0;
    qint64 faults = 0;            // injected faults that struck (stalls, crashes, server loss)
    qint64 stuck = 0;             // spells of a section nobody could enter while workers waited
    qint64 reentries = 0;         // inner acquisitions by a holder (reentrant)
    qint64 sold = 0;              // oversell: items bought
    qint64 oversold = 0;          // oversell: items bought beyond the stock
    qint64 staleWritesAccepted = 0;
    qint64 staleWritesRejected = 0;
    qint64 releasesRefused = 0;   // the token check refused a release: the lock was someone else's
    qint64 foreignDeletes = 0;    // a plain DEL that removed another worker's lock
    qint64 expiredWhileHeld = 0;  // a holder still working after its lock's TTL ran out
    qint64 locksLost = 0;         // the watchdog found the lock gone or taken
    qint64 notReplicated = 0;     // WAIT: the replica did not acknowledge the lock
    qint64 quorumFailures = 0;    // Redlock: fewer than a majority, or no validity left
    WaitSamples waits;            // ms from the first attempt to entering
};
