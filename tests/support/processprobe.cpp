#include "processprobe.h"

#include <QDir>
#include <QFile>

bool ProcessProbe::isRunning(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (pid <= 0 || !stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray line = stat.readAll();
    const qsizetype close = line.lastIndexOf(')');
    return close > 0 && close + 2 < line.size() && line.at(close + 2) != 'Z' && line.at(close + 2) != 'X';
}

QList<qint64> ProcessProbe::redisChildrenOf(qint64 parentPid)
{
    QList<qint64> children;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs | QDir::NoDotAndDotDot);
    for (const QString &entry : entries) {
        bool ok = false;
        const qint64 pid = entry.toLongLong(&ok);
        if (!ok)
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        const QByteArray line = stat.readAll();
        const qsizetype open = line.indexOf('(');
        const qsizetype close = line.lastIndexOf(')');
        if (open < 0 || close < open)
            continue;
        const QByteArray comm = line.mid(open + 1, close - open - 1);
        const QList<QByteArray> rest = line.mid(close + 2).split(' ');
        if (rest.size() > 1 && rest.at(0) != "Z" && rest.at(1).toLongLong() == parentPid && comm.startsWith("redis-server"))
            children << pid;
    }
    return children;
}

QStringList ProcessProbe::sandboxDirectories(const QString &dir)
{
    return QDir(dir).entryList({QStringLiteral("lockscope-sandbox-*")}, QDir::Dirs | QDir::NoDotAndDotDot);
}
