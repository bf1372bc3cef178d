#include "redissonlockdialect.h"

#include "tokenshape.h"

int RedissonLockDialect::recognise(const KeySample &sample, LockInfo &lock) const
{
    if (sample.type != RedisType::Hash || sample.entries.isEmpty() || sample.truncated)
        return 0;
    QList<LockHolder> holders;
    for (const KeySample::Entry &entry : sample.entries) {
        QByteArray uuid, thread;
        bool ok = false;
        const qint64 count = entry.second.toLongLong(&ok);
        if (!TokenShape::splitUuidThread(entry.first, &uuid, &thread) || !ok || count <= 0)
            return 0;
        LockHolder holder;
        holder.token = entry.first;
        holder.count = count;
        holder.holder = QStringLiteral("client %1, thread %2").arg(QString::fromLatin1(uuid), QString::fromLatin1(thread));
        holder.fields = {{QStringLiteral("client"), QString::fromLatin1(uuid)},
                         {QStringLiteral("thread"), QString::fromLatin1(thread)}};
        holders << holder;
    }
    lock.holders = holders;
    return 90;
}

bool RedissonLockDialect::isSideKey(const QByteArray &key) const
{
    return key.startsWith("redisson_lock_queue:") || key.startsWith("redisson_lock_timeout:")
           || key.startsWith("redisson_lock_token:") || key.startsWith("redisson_unlock_latch:");
}

QByteArray RedissonLockDialect::unlockChannel(const QByteArray &lockName)
{
    if (lockName.contains('{'))
        return "redisson_lock__channel:" + lockName;
    return "redisson_lock__channel:{" + lockName + '}';
}
