#include "redissonlockdialect.h"

#include "tokenfactory.h"
#include "tokenshape.h"
#include "tokentext.h"

#include <QObject>

#include <algorithm>
#include <limits>

RedissonLockDialect::RedissonLockDialect(Flavor flavor)
    : m_flavor(flavor)
{
}

QString RedissonLockDialect::id() const
{
    switch (m_flavor) {
    case Flavor::FairLock:
        return QStringLiteral("redisson-fair-lock");
    case Flavor::NodeRedisson:
        return QStringLiteral("node-redisson");
    case Flavor::Lock:
        break;
    }
    return QStringLiteral("redisson-lock");
}

QString RedissonLockDialect::displayName() const
{
    switch (m_flavor) {
    case Flavor::FairLock:
        return QStringLiteral("Redisson FairLock");
    case Flavor::NodeRedisson:
        return QStringLiteral("node-redisson RLock");
    case Flavor::Lock:
        break;
    }
    return QStringLiteral("Redisson RLock");
}

QString RedissonLockDialect::description() const
{
    switch (m_flavor) {
    case Flavor::FairLock:
        return QObject::tr("Redisson RFairLock: the RLock hash plus redisson_lock_queue / redisson_lock_timeout");
    case Flavor::NodeRedisson:
        return QObject::tr("node-redisson: Redisson's hash with <uuid>:<uuid> holder fields");
    case Flavor::Lock:
        break;
    }
    return QObject::tr("Redisson RLock, SpinLock and FencedLock (Java): hash <uuid>:<thread> → count");
}

bool RedissonLockDialect::splitHolderField(const QByteArray &field, bool node, QByteArray *client, QByteArray *thread)
{
    if (!node)
        return TokenShape::splitUuidThread(field, client, thread);
    if (field.size() != 73 || field.at(36) != ':' || !TokenShape::isUuid(field.first(36)) || !TokenShape::isUuid(field.sliced(37)))
        return false;
    *client = field.first(36);
    *thread = field.sliced(37);
    return true;
}

int RedissonLockDialect::recognise(const KeySample &sample, LockInfo &lock) const
{
    if (m_flavor == Flavor::FairLock) // its hash is an RLock's; the probe finds the queue
        return 0;
    if (sample.type != RedisType::Hash || sample.entries.isEmpty() || sample.truncated)
        return 0;
    const bool node = m_flavor == Flavor::NodeRedisson;
    QList<LockHolder> holders;
    for (const KeySample::Entry &entry : sample.entries) {
        QByteArray client, thread;
        bool ok = false;
        const qint64 count = entry.second.toLongLong(&ok);
        if (!splitHolderField(entry.first, node, &client, &thread) || !ok || count <= 0 || count > maxHoldCount)
            return 0;
        LockHolder holder;
        holder.token = entry.first;
        holder.count = count;
        holder.holder = (node ? QObject::tr("client %1, lock object %2") : QObject::tr("client %1, thread %2"))
                            .arg(QString::fromLatin1(client), QString::fromLatin1(thread));
        holder.fields = {{QStringLiteral("client"), QString::fromLatin1(client)},
                         {node ? QStringLiteral("lock object") : QStringLiteral("thread"), QString::fromLatin1(thread)}};
        holders << holder;
    }
    lock.holders = holders;
    return node ? 88 : 90;
}

QList<KeyPattern> RedissonLockDialect::sideKeyPatterns() const
{
    return {KeyPattern("redisson_lock_queue:*"), KeyPattern("redisson_lock_timeout:*"), KeyPattern("redisson_lock_token:*"),
            KeyPattern("redisson_unlock_latch:*")};
}

QList<QList<QByteArray>> RedissonLockDialect::waiterProbes(const LockInfo &lock) const
{
    // Subscribers of the unlock channel are waiting JVMs (one subscription per client, however
    // many threads wait in it); a fair lock queues every waiting thread in a list instead.
    return subscriberProbes(unlockChannel(lock.key())) << QList<QByteArray>{"LLEN", queueKey(lock.key())};
}

void RedissonLockDialect::applyWaiterProbes(LockInfo &lock, const QList<qint64> &answers) const
{
    if (answers.size() != 3)
        return;
    const qint64 subscribers = answers.at(0) < 0 || answers.at(1) < 0 ? -1 : answers.at(0) + answers.at(1);
    const qint64 queued = answers.at(2);
    // A fair lock's queue Redis would not let us read (an ACL on its key): the waiters are
    // not known, nor whether it is a fair lock at all, and that is said rather than guessed.
    if (queued < 0) {
        lock.addWarning(QStringLiteral("side-key-unread"));
        lock.details.append({QStringLiteral("unread"), QString::fromLatin1(queueKey(lock.key()))});
        return;
    }
    if (queued > 0) {
        const RedissonLockDialect fair(Flavor::FairLock);
        lock.dialect = fair.id();
        lock.dialectName = fair.localizedName();
        lock.waiters = int(std::min<qint64>(queued, std::numeric_limits<int>::max()));
        lock.details.append({QStringLiteral("queue"), QString::fromLatin1(queueKey(lock.key()))});
    } else if (subscribers >= 0) {
        lock.waiters = int(std::min<qint64>(subscribers, std::numeric_limits<int>::max()));
    }
}

AdminRecipe RedissonLockDialect::recipe(AdminAction action, const LockInfo &observed, const LockFingerprint &guard,
                                        const QByteArray &token, qint64 ttlMs) const
{
    const QByteArray &key = observed.key();
    const QByteArray ttl = QByteArray::number(ttlMs);
    AdminRecipe r;
    switch (action) {
    case AdminAction::Acquire:
        r.script = QStringLiteral("redisson/acquire");
        r.keys = {key, queueKey(key), timeoutKey(key)};
        r.fairQueue = queueKey(key);
        r.fairTimeouts = timeoutKey(key);
        r.args = {guard.serialise(), token, ttl};
        r.description = QObject::tr("Take %1 as Redisson's tryLock does: HINCRBY holder field %2 and PEXPIRE %3 ms, only if "
                                    "the hash is absent and %2 is first in its fair queue, if it has one. As tryLock does, "
                                    "waiters whose timeout passed are dropped from the queue's head first, and a first waiter "
                                    "that takes it leaves the queue, the waiters behind it moving up.")
                            .arg(TokenText::quoted(key), TokenText::quoted(token))
                            .arg(ttlMs);
        return r;
    case AdminAction::Extend:
        r.script = QStringLiteral("plain/force-extend");
        r.keys = {key};
        r.args = {guard.serialise(), ttl};
        r.description = QObject::tr("Set the lease of %1 to %2 ms as Redisson's watchdog renews it (PEXPIRE), only while the "
                                    "hash is exactly as you saw it (%3).")
                            .arg(TokenText::quoted(key))
                            .arg(ttlMs)
                            .arg(guard.text());
        return r;
    case AdminAction::ForceRelease:
        r.script = QStringLiteral("redisson/force-release");
        r.keys = {key, unlockChannel(key), queueKey(key), timeoutKey(key)};
        r.args = {guard.serialise(), "0"};
        r.description = QObject::tr("Delete %1 as forceUnlock() does, only while it is exactly as you saw it (%2): a holder "
                                    "that re-entered or a new holder is refused. Then publish \"0\" on %3 (and on the channel "
                                    "of the fair queue's first waiter still waiting, if any, once the waiters whose timeout passed are "
                                    "dropped from its head, as forceUnlock() does) so blocked clients retry at once instead of "
                                    "sleeping out the lease.")
                            .arg(TokenText::quoted(key), guard.text(), TokenText::quoted(r.keys.at(1)));
        return r;
    case AdminAction::ReleaseHolder:
        break;
    }
    return AdminRecipe::unsupported(support(action).reason);
}

QByteArray RedissonLockDialect::newToken() const
{
    // LockScope as a Redisson client of its own, holding with "thread" 1.
    return TokenFactory::uuid4() + (m_flavor == Flavor::NodeRedisson ? ':' + TokenFactory::uuid4() : QByteArray(":1"));
}

QByteArray RedissonLockDialect::prefixName(const QByteArray &prefix, const QByteArray &name)
{
    if (name.contains('{'))
        return prefix + ':' + name;
    return prefix + ":{" + name + '}';
}

QByteArray RedissonLockDialect::unlockChannel(const QByteArray &lockName)
{
    return prefixName("redisson_lock__channel", lockName);
}

QByteArray RedissonLockDialect::queueKey(const QByteArray &lockName)
{
    return prefixName("redisson_lock_queue", lockName);
}

QByteArray RedissonLockDialect::timeoutKey(const QByteArray &lockName)
{
    return prefixName("redisson_lock_timeout", lockName);
}
