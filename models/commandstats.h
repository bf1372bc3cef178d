#pragma once

#include <QByteArray>
#include <QHash>

// One reading of INFO commandstats: per command (subcommands as "config|get"), how often it
// was called since the server started or the last CONFIG RESETSTAT.
struct CommandStats
{
    struct Entry
    {
        qint64 calls = 0;
        qint64 usec = 0;
        qint64 rejected = 0; // refused before running (ACL, OOM, wrong arity)
        qint64 failed = 0;   // ran and returned an error
        bool operator==(const Entry &other) const = default;
    };

    QHash<QByteArray, Entry> commands;

    qint64 totalCalls() const;
    // Lines that are not "cmdstat_<name>:k=v,..." are skipped, so any INFO section parses.
    static CommandStats parse(const QByteArray &info);
};
