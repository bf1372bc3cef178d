#pragma once

#include <QMetaType>
#include <QString>
#include <QtGlobal>

#include <algorithm>

// Where a discovery scan stands; keysTotal is DBSIZE at the start (-1 until known).
struct DiscoveryProgress
{
    qint64 keysScanned = 0;
    qint64 keysTotal = -1;
    qint64 candidates = 0; // keys matching a lock pattern
    qint64 locksFound = 0;
    qint64 unreadable = 0;  // candidates whose read failed (see DiscoveryService::keysUnreadable)
    QString readError;      // the first reason one failed
    qint64 elapsedMs = 0;

    int percent() const
    {
        return keysTotal > 0 ? int(std::min<qint64>(100, keysScanned * 100 / keysTotal)) : 0;
    }
};

Q_DECLARE_METATYPE(DiscoveryProgress)
