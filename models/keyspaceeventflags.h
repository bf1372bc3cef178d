#pragma once

#include <QString>

// The notify-keyspace-events setting of a Redis server, as flag letters: K (keyspace
// channel), E (keyevent channel), g $ l s h z x e t m d n (event classes) and A, an alias for
// "g$lshzxetd". Pure string logic, so what LockScope asks of a server is testable.
class KeyspaceEventFlags final
{
public:
    // What a live lock watch needs: the keyspace channel with generic commands (DEL, EXPIRE,
    // RENAME), strings (plain locks), hashes (Redisson) and expiries.
    static constexpr const char *required = "Kg$hx";
    // What LockScope turns on when allowed: the required ones, plus sorted sets (semaphores)
    // and evictions. Not lists or sets: queues are often the busiest keys of a server, and
    // each of their writes would be published.
    static constexpr const char *wanted = "Kg$hzxe";

    // A canonical form: A expanded, each letter once, in a fixed order; unknown letters dropped.
    static QString normalised(const QString &flags);
    static bool covers(const QString &have, const QString &need);
    // have plus need, never removing anything the server already publishes.
    static QString merged(const QString &have, const QString &need);
    // The letters of need that have lacks.
    static QString missing(const QString &have, const QString &need);
};
