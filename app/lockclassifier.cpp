#include "lockclassifier.h"

#include "dialectregistry.h"
#include "redisconnection.h"

#include <QPointer>

namespace {
// PUBSUB NUMSUB answers [channel, count]; LLEN and friends answer an integer. A probe Redis
// refused (an ACL without PUBSUB, say) leaves the waiters unknown rather than zero.
qint64 probeAnswer(const RedisReply &reply)
{
    if (reply.isInteger())
        return reply.integer();
    if (reply.isArray() && reply.size() == 2 && reply.at(1).isInteger())
        return reply.at(1).integer();
    return -1;
}
} // namespace

LockClassifier::LockClassifier(RedisConnection *connection, const DialectRegistry *registry, QObject *parent)
    : QObject(parent)
    , m_connection(connection)
    , m_registry(registry)
{
}

void LockClassifier::classify(const QList<KeySample> &samples, QObject *context, Handler handler)
{
    QList<std::optional<LockInfo>> locks;
    locks.reserve(samples.size());
    QList<RedisCommand> probes;
    QList<QPair<qsizetype, qsizetype>> probed; // lock index, number of its probes
    for (const KeySample &sample : samples) {
        locks.append(m_registry->classify(sample));
        if (!locks.last())
            continue;
        const Dialect *dialect = m_registry->find(locks.last()->dialect);
        const QList<QList<QByteArray>> mine = dialect ? dialect->waiterProbes(*locks.last()) : QList<QList<QByteArray>>();
        if (mine.isEmpty())
            continue;
        probed.append({locks.size() - 1, mine.size()});
        for (const QList<QByteArray> &probe : mine)
            probes.append(RedisCommand(probe));
    }
    if (probes.isEmpty()) {
        handler(std::move(locks));
        return;
    }
    const QPointer<QObject> owner(context);
    const bool hasOwner = context != nullptr;
    m_connection->pipeline(probes, this, [this, locks, probed, owner, hasOwner, handler](const QList<RedisReply> &replies) mutable {
        if (hasOwner && !owner)
            return;
        qsizetype at = 0;
        for (const auto &[index, count] : std::as_const(probed)) {
            QList<qint64> answers;
            for (qsizetype i = 0; i < count; ++i)
                answers.append(probeAnswer(replies.value(at + i)));
            at += count;
            LockInfo &lock = *locks[index];
            if (const Dialect *dialect = m_registry->find(lock.dialect))
                dialect->applyWaiterProbes(lock, answers);
        }
        handler(std::move(locks));
    });
}
