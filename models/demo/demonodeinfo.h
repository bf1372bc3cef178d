#pragma once

#include <QByteArray>
#include <QString>

// One sandbox server as the per-node holder matrix shows it: up or down, its role, and who
// holds the demo lock there according to that server.
struct DemoNodeInfo
{
    static constexpr int noHolder = -1;
    static constexpr int unknownHolder = -2; // a value that is no worker's token

    int index = 0;
    quint16 port = 0;
    bool up = false;
    QString role;                // "master", "replica", or empty when unknown
    int holder = noHolder;       // worker id
    int holdCount = 0;           // re-entrant holds (hash locks), else 1 while held
    qint64 pttlMs = -2;          // PTTL of the lock key there: -2 none, -1 no expiry
    QByteArray token;            // the key's value there, for a string lock (the Redlock token)

    bool operator==(const DemoNodeInfo &) const = default;
};
