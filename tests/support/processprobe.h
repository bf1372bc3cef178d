#pragma once

#include <QList>
#include <QString>

// What the tests know about other processes, read from /proc: whether one still runs (a
// zombie waiting to be reaped does not), and which redis-servers a process started.
class ProcessProbe final
{
public:
    static bool isRunning(qint64 pid);
    static QList<qint64> redisChildrenOf(qint64 parentPid);
    // Sandbox directories of LockScope left in dir.
    static QStringList sandboxDirectories(const QString &dir);
};
