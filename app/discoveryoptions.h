#pragma once

#include "keypattern.h"

#include <QList>

// How discovery walks the keyspace and how much of each value it reads.
struct DiscoveryOptions
{
    QList<KeyPattern> patterns = defaultPatterns();
    int scanCount = 5000;    // SCAN COUNT hint: fewer round trips, each still a few ms of server time
    int inspectBatch = 500;  // keys per inspection round trip
    int valueCap = 4096;     // bytes read of a string value (a 10 MB value is never pulled whole)
    int elementCap = 64;     // fields or members read of a collection

    // Key shapes the common lock libraries use (see lock-dialects.md), matched case-insensitively
    // where libraries differ in case ("orderLock", "lock:orders", "LOCK_x").
    static QList<KeyPattern> defaultPatterns();
};
