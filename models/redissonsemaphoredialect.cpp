#include "redissonsemaphoredialect.h"

#include "redissonlockdialect.h"
#include "tokenshape.h"
#include "tokentext.h"

#include <QDateTime>
#include <QObject>

namespace {
constexpr qsizetype permitIdSize = 16;
// Far more permits than any semaphore hands out; a larger number is some other counter.
constexpr qint64 maxPermits = 1'000'000'000;

} // namespace

RedissonSemaphoreDialect::RedissonSemaphoreDialect(Flavor flavor)
    : m_flavor(flavor)
{
}

QString RedissonSemaphoreDialect::id() const
{
    return m_flavor == Flavor::Counter ? QStringLiteral("redisson-semaphore") : QStringLiteral("redisson-permit-semaphore");
}

QString RedissonSemaphoreDialect::displayName() const
{
    return m_flavor == Flavor::Counter ? QStringLiteral("Redisson Semaphore") : QStringLiteral("Redisson PermitExpirableSemaphore");
}

QString RedissonSemaphoreDialect::description() const
{
    return m_flavor == Flavor::Counter
               ? QObject::tr("Redisson RSemaphore: a string holding the permits left")
               : QObject::tr("Redisson RPermitExpirableSemaphore: zset {name}:timeout of permit ids scored by expiry");
}

QByteArray RedissonSemaphoreDialect::nameOfTimeoutKey(const QByteArray &key)
{
    if (!key.endsWith(":timeout"))
        return {};
    const QByteArray head = key.chopped(int(qstrlen(":timeout")));
    if (head.startsWith('{') && head.endsWith('}') && head.count('{') == 1)
        return head.mid(1, head.size() - 2);
    return head.contains('{') ? head : QByteArray();
}

QByteArray RedissonSemaphoreDialect::channel(const QByteArray &name)
{
    return RedissonLockDialect::prefixName("redisson_sc", name);
}

QByteArray RedissonSemaphoreDialect::semaphoreName(const QByteArray &key) const
{
    return m_flavor == Flavor::Counter ? key : nameOfTimeoutKey(key);
}

int RedissonSemaphoreDialect::recognise(const KeySample &sample, LockInfo &lock) const
{
    if (m_flavor == Flavor::Counter) {
        // A bare integer is ambiguous; it wins only over the generic plain guess, and not where a
        // plain lock with a numeric token (a pid) is likelier: a key that expires, or one named a
        // lock or mutex, unless its name says semaphore. addPermits(-n) can take the count
        // below zero.
        // The value first: most strings are tokens, and need not have their key lowercased.
        const QByteArrayView digits = sample.value.startsWith('-') ? QByteArrayView(sample.value).sliced(1) : QByteArrayView(sample.value);
        if (sample.type != RedisType::String || digits.size() > 10 || !TokenShape::isDecimal(digits)
            || std::abs(sample.value.toLongLong()) > maxPermits)
            return 0;
        const QByteArray name = sample.key.toLower();
        const bool saysSemaphore = name.contains("semaphore") || name.contains("permit");
        const bool saysLock = name.contains("lock") || name.contains("mutex");
        if (!saysSemaphore && (sample.pttlMs >= 0 || saysLock))
            return 0;
        lock.details = {{QStringLiteral("permits available"), QString::fromLatin1(sample.value)}};
        return 15;
    }
    if (sample.type != RedisType::ZSet || sample.entries.isEmpty() || nameOfTimeoutKey(sample.key).isEmpty())
        return 0;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QList<LockHolder> holders;
    for (const KeySample::Entry &entry : sample.entries) {
        bool ok = false;
        const double score = entry.second.toDouble(&ok);
        if (entry.first.size() != permitIdSize || !ok || score < 0 || score > double(noExpiryScore))
            return 0;
        LockHolder permit;
        permit.token = entry.first;
        const QString hex = QString::fromLatin1(entry.first.toHex());
        permit.holder = QObject::tr("permit %1").arg(hex);
        permit.fields = {{QStringLiteral("permit"), hex}};
        if (qint64(score) == noExpiryScore) {
            permit.fields.append({QStringLiteral("expires"), QObject::tr("never")});
        } else {
            permit.ttlMs = std::max<qint64>(0, qint64(score) - now);
            permit.fields.append({QStringLiteral("expires"), QDateTime::fromMSecsSinceEpoch(qint64(score), Qt::UTC).toString(Qt::ISODateWithMs)});
        }
        holders << permit;
    }
    lock.holders = holders;
    lock.details = {{QStringLiteral("semaphore"), QString::fromLatin1(nameOfTimeoutKey(sample.key))}};
    return 70;
}

QList<QList<QByteArray>> RedissonSemaphoreDialect::waiterProbes(const LockInfo &lock) const
{
    return subscriberProbes(channel(semaphoreName(lock.key())));
}

LockFingerprint::Scope RedissonSemaphoreDialect::guardScope(AdminAction action) const
{
    // updateLeaseTime() moves one permit's expiry and nothing else.
    if (action == AdminAction::Extend)
        return LockFingerprint::Scope::Holder;
    return Dialect::guardScope(action);
}

ActionSupport RedissonSemaphoreDialect::support(AdminAction action) const
{
    if (m_flavor == Flavor::Counter) {
        // Its value is a count of free permits, nobody's lock: say so in the terms of the action.
        switch (action) {
        case AdminAction::Acquire:
            return ActionSupport::no(QObject::tr("A Redisson semaphore's permits are taken by the library's acquire(), which "
                                                 "counts them down; LockScope does not take one for you."));
        case AdminAction::Extend:
            return ActionSupport::no(QObject::tr("A Redisson semaphore's permits have no lease in Redis: there is nothing "
                                                 "to extend."));
        case AdminAction::ForceRelease:
        case AdminAction::ReleaseHolder:
            break;
        }
        return ActionSupport::no(QObject::tr("A Redisson semaphore's permits have no owner in Redis: nothing identifies whose "
                                             "permit to give back. Use the library's release() or addPermits()."));
    }
    if (action == AdminAction::Acquire)
        return ActionSupport::no(QObject::tr("Permits are issued by the library, which also counts them down"));
    return ActionSupport::yes();
}

AdminRecipe RedissonSemaphoreDialect::recipe(AdminAction action, const LockInfo &observed, const LockFingerprint &guard,
                                             const QByteArray &token, qint64 ttlMs) const
{
    if (const ActionSupport s = support(action); !s.enabled)
        return AdminRecipe::unsupported(s.reason);
    const QByteArray &key = observed.key();
    const QByteArray name = nameOfTimeoutKey(key);
    AdminRecipe r;
    if (action == AdminAction::Extend) {
        r.script = QStringLiteral("redisson-semaphore/update-lease");
        r.keys = {key};
        r.args = {guard.serialise(), token, QByteArray::number(ttlMs)};
        r.description = QObject::tr("Move the expiry of permit %1 in %2 to %3 ms from now, as updateLeaseTime() does, only "
                                    "while the permit is still issued.")
                            .arg(QString::fromLatin1(token.toHex()), TokenText::quoted(key))
                            .arg(ttlMs);
        return r;
    }
    r.script = QStringLiteral("redisson-semaphore/release-permits");
    r.keys = {key, name, channel(name)};
    r.args = {guard.serialise()};
    if (action == AdminAction::ReleaseHolder) {
        r.args << token;
        r.description = QObject::tr("Give back permit %1 as release(permitId) does: remove it from %2, add one permit to "
                                    "%3 and publish the new count on %4 so waiters retry. Other permits stay issued.")
                            .arg(QString::fromLatin1(token.toHex()), TokenText::quoted(key), TokenText::quoted(name), TokenText::quoted(r.keys.at(2)));
    } else {
        for (const LockHolder &h : observed.holders)
            r.args << h.token;
        r.description = QObject::tr("Give back every permit you saw (%1) as release(permitId) does for each, only while "
                                    "exactly those are issued: remove them from %2, add them to %3 and publish the new count "
                                    "on %4 so waiters retry.")
                            .arg(guard.text(), TokenText::quoted(key), TokenText::quoted(name), TokenText::quoted(r.keys.at(2)));
    }
    return r;
}
