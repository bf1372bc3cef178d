#pragma once

#include <QCoreApplication>
#include <QMetaType>
#include <QList>
#include <QString>
#include <QStringList>
#include <QtGlobal>

#include <algorithm>

// Where a discovery scan stands; keysTotal is DBSIZE at the start (-1 until known), summed
// over the masters of a cluster, each of which is also counted on its own.
struct DiscoveryProgress
{
    struct Node
    {
        QString name; // host:port
        qint64 keysScanned = 0;
        qint64 keysTotal = -1;
        bool done = false;
        QString error; // its walk failed (a master down): its keys are not in this scan
    };

    qint64 keysScanned = 0;
    qint64 keysTotal = -1;
    qint64 candidates = 0; // keys matching a lock pattern
    qint64 locksFound = 0;
    qint64 unreadable = 0;  // candidates whose read failed (see DiscoveryService::keysUnreadable)
    QString readError;      // the first reason one failed
    QList<Node> nodes;      // per master; one entry off a cluster
    qint64 movedSlots = 0;  // slots that moved during the scan, read again at its end
    qint64 elapsedMs = 0;

    // The masters whose walk failed, as "host:port: why", for one line of a message.
    QStringList failedNodes() const
    {
        QStringList out;
        for (const Node &n : nodes)
            if (!n.error.isEmpty())
                out << n.name + QStringLiteral(": ") + n.error;
        return out;
    }
    // What the user is told when masters could not be scanned; empty when all were.
    QString failedNodesMessage() const
    {
        const QStringList failed = failedNodes();
        if (failed.isEmpty())
            return {};
        return QCoreApplication::translate("DiscoveryProgress", "%n master(s) could not be scanned, so their locks are missing: %1",
                                           nullptr, int(failed.size()))
            .arg(failed.join(QStringLiteral("; ")));
    }

    int percent() const
    {
        return keysTotal > 0 ? int(std::min<qint64>(100, keysScanned * 100 / keysTotal)) : 0;
    }
};

Q_DECLARE_METATYPE(DiscoveryProgress)
