#pragma once

#include "lockevent.h"

// Events as a watch would derive them, for the timeline tests: one key "k", the holder named
// after the token.
namespace LockEventFixtures {

inline LockEvent event(LockEventKind kind, qint64 t, qint64 ttl = LockEvent::unknown, const QByteArray &token = "a")
{
    LockEvent e;
    e.kind = kind;
    e.timeMs = t;
    e.ttlMs = ttl;
    e.key = "k";
    e.token = token;
    e.holder = QStringLiteral("holder ") + QString::fromUtf8(token);
    return e;
}

inline LockEvent renewal(qint64 t, qint64 ttl, qint64 left, qint64 interval)
{
    LockEvent e = event(LockEventKind::Renewed, t, ttl);
    e.ttlLeftMs = left;
    e.leaseMs = ttl;
    e.intervalMs = interval;
    return e;
}

} // namespace LockEventFixtures
