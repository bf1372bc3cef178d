#include "redissonreadwritelockdialect.h"

#include "redissonlockdialect.h"
#include "tokenfactory.h"
#include "tokenshape.h"
#include "tokentext.h"

#include <QObject>

QString RedissonReadWriteLockDialect::description() const
{
    return QObject::tr("Redisson RReadWriteLock: hash with mode read|write, a field per reader or writer");
}

int RedissonReadWriteLockDialect::recognise(const KeySample &sample, LockInfo &lock) const
{
    // Read in part (many readers), it is still one: the inspector always reads its mode, and
    // actions on it rest on what was read (a whole-lock guard refuses a partial read).
    if (sample.type != RedisType::Hash || sample.entries.size() < 2)
        return 0;
    QByteArray mode;
    QList<LockHolder> holders;
    for (const KeySample::Entry &entry : sample.entries) {
        if (entry.first == "mode") {
            mode = entry.second;
            continue;
        }
        QByteArray field = entry.first;
        const bool writer = field.endsWith(":write");
        if (writer)
            field.chop(int(qstrlen(":write")));
        QByteArray client, thread;
        bool ok = false;
        const qint64 count = entry.second.toLongLong(&ok);
        if (!TokenShape::splitUuidThread(field, &client, &thread) || !ok || count <= 0 || count > RedissonLockDialect::maxHoldCount)
            return 0;
        LockHolder holder;
        holder.token = entry.first;
        holder.count = count;
        const QString kind = writer ? QStringLiteral("write") : QStringLiteral("read");
        holder.holder = QStringLiteral("%1: client %2, thread %3").arg(kind, QString::fromLatin1(client), QString::fromLatin1(thread));
        holder.fields = {{QStringLiteral("client"), QString::fromLatin1(client)},
                         {QStringLiteral("thread"), QString::fromLatin1(thread)},
                         {QStringLiteral("mode"), kind}};
        holders << holder;
    }
    if ((mode != "read" && mode != "write") || holders.isEmpty())
        return 0;
    lock.holders = holders;
    lock.details = {{QStringLiteral("mode"), QString::fromLatin1(mode)}};
    return 95;
}

QList<KeyPattern> RedissonReadWriteLockDialect::sideKeyPatterns() const
{
    return {KeyPattern("*:rwlock_timeout:*")};
}

QList<QList<QByteArray>> RedissonReadWriteLockDialect::waiterProbes(const LockInfo &lock) const
{
    return subscriberProbes(channel(lock.key()));
}

AdminRecipe RedissonReadWriteLockDialect::recipe(AdminAction action, const LockInfo &observed, const LockFingerprint &guard,
                                                 const QByteArray &token, qint64 ttlMs) const
{
    const QByteArray &key = observed.key();
    AdminRecipe r;
    switch (action) {
    case AdminAction::Acquire:
        r.script = QStringLiteral("redisson-rwlock/acquire-write");
        r.keys = {key};
        r.args = {guard.serialise(), token, QByteArray::number(ttlMs)};
        r.description = QObject::tr("Take the write lock %1 as RReadWriteLock.writeLock() does: mode=write, field %2 = 1, "
                                    "PEXPIRE %3 ms, only if nobody holds it.")
                            .arg(TokenText::quoted(key), TokenText::quoted(token))
                            .arg(ttlMs);
        return r;
    case AdminAction::Extend:
        // The lease of the hash is every holder's: the guard is the whole lock.
        r.script = QStringLiteral("redisson-rwlock/extend");
        r.keys = {key};
        r.args = {guard.serialise(), QByteArray::number(ttlMs)};
        r.description = QObject::tr("Set the lease of %1 to %2 ms, only while it is exactly as you saw it (%3), and never "
                                    "shorter than it is while others hold it too. Per-read-hold timeout keys keep their own "
                                    "TTL, as between two watchdog runs.")
                            .arg(TokenText::quoted(key))
                            .arg(ttlMs)
                            .arg(guard.text());
        return r;
    case AdminAction::ForceRelease:
        r.script = QStringLiteral("redisson-rwlock/force-release");
        r.keys = {key, channel(key)};
        r.args = {guard.serialise()};
        r.description = QObject::tr("Delete %1 with every holder you saw (%2), only while it is exactly so: a reader that "
                                    "joined since is refused, not deleted. Then publish \"1\" on %3, which wakes every waiting "
                                    "reader and writer.")
                            .arg(TokenText::quoted(key), guard.text(), TokenText::quoted(r.keys.at(1)));
        return r;
    case AdminAction::ReleaseHolder: {
        const LockHolder *holder = nullptr;
        for (const LockHolder &h : observed.holders)
            if (h.token == token)
                holder = &h;
        if (!holder)
            return AdminRecipe::unsupported(QObject::tr("%1 does not hold %2").arg(TokenText::quoted(token), TokenText::quoted(key)));
        r.script = QStringLiteral("redisson-rwlock/release-holder");
        r.keys = {key, channel(key), holdKeyPrefix(key)};
        r.args = {guard.serialise(), token, QByteArray::number(holder->count)};
        r.description = QObject::tr("Release only %1 of %2 (%3) as its own unlock would, all its holds at once: remove its "
                                    "field and its read-hold keys; other holders keep theirs. The hash is deleted, with a "
                                    "message on %4, only if nobody else holds it.")
                            .arg(TokenText::quoted(token), TokenText::quoted(key), guard.text(), TokenText::quoted(r.keys.at(1)));
        return r;
    }
    }
    return r;
}

QByteArray RedissonReadWriteLockDialect::newToken() const
{
    return TokenFactory::uuid4() + ":1:write";
}

QByteArray RedissonReadWriteLockDialect::channel(const QByteArray &lockName)
{
    return RedissonLockDialect::prefixName("redisson_rwlock", lockName);
}

QByteArray RedissonReadWriteLockDialect::holdKeyPrefix(const QByteArray &lockName)
{
    // RedissonReadLock: suffixName(name, holder) is "{name}:holder", or "name:holder" when the
    // name has a brace; getKeyPrefix() takes what comes before ":holder".
    return lockName.contains('{') ? lockName : '{' + lockName + '}';
}
