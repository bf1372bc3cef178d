#include "commandstats.h"

qint64 CommandStats::totalCalls() const
{
    qint64 total = 0;
    for (const Entry &e : commands)
        total += e.calls;
    return total;
}

CommandStats CommandStats::parse(const QByteArray &info)
{
    CommandStats stats;
    static const QByteArray prefix = "cmdstat_";
    for (QByteArray line : info.split('\n')) {
        line = line.trimmed();
        if (!line.startsWith(prefix))
            continue;
        const qsizetype colon = line.indexOf(':');
        if (colon <= prefix.size())
            continue;
        const QByteArray name = line.mid(prefix.size(), colon - prefix.size()).toLower();
        Entry e;
        bool sawCalls = false;
        for (const QByteArray &part : line.mid(colon + 1).split(',')) {
            const qsizetype eq = part.indexOf('=');
            if (eq <= 0)
                continue;
            const QByteArray key = part.left(eq);
            bool ok = false;
            const qint64 value = part.mid(eq + 1).toLongLong(&ok);
            if (!ok)
                continue;
            if (key == "calls") {
                e.calls = value;
                sawCalls = true;
            } else if (key == "usec") {
                e.usec = value;
            } else if (key == "rejected_calls") {
                e.rejected = value;
            } else if (key == "failed_calls") {
                e.failed = value;
            }
        }
        if (sawCalls)
            stats.commands.insert(name, e);
    }
    return stats;
}
