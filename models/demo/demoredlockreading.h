#pragma once

#include "demonodeinfo.h"
#include "redlockobservation.h"

#include <QList>

// The demo's servers read as a Redlock group: what its node monitor saw of the lock key on
// each server, in the shape an operator's group watch reads (RedlockObservation), so the
// training panel shows it through the same group model and view. A server that is down is
// unreadable, never "not holding".
class DemoRedlockReading final
{
public:
    static RedlockObservation of(const QByteArray &key, const QList<DemoNodeInfo> &nodes);
    // host:port of each server, as the group view names its nodes.
    static QStringList names(const QList<DemoNodeInfo> &nodes);
    // Why each server could not be read (empty where it answered).
    static QStringList errors(const QList<DemoNodeInfo> &nodes);
};
