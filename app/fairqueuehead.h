#pragma once

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <functional>

class QObject;
class RedisTopology;

// Who is first in a Redisson fair lock's queue, as LockScope's acquire would judge it
// (resources/lua/redisson/stale-waiters.lua): heads whose timeout is at or below the
// server's time stopped waiting and do not count. Reads only: what a dry run says an acquire
// would meet, since a fair lock lets only the first of its queue take it.
class FairQueueHead final
{
    Q_DECLARE_TR_FUNCTIONS(FairQueueHead)

public:
    struct Result
    {
        QByteArray first; // empty: nobody waits (or only waiters whose timeout passed)
        int stale = 0;    // heads before it whose timeout passed
        QString error;    // could not be read (an ACL on the queue, a lost connection)
    };

    // queue: redisson_lock_queue:{name}; timeouts: redisson_lock_timeout:{name}. done is
    // called once, unless context goes first.
    static void read(RedisTopology *topology, const QByteArray &queue, const QByteArray &timeouts, QObject *context,
                     std::function<void(const Result &)> done);
};
