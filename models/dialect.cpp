#include "dialect.h"

#include "tokenfactory.h"
#include "tokentext.h"

#include <QCoreApplication>
#include <QObject>

#include <algorithm>
#include <limits>

QList<KeyPattern> Dialect::sideKeyPatterns() const
{
    return {};
}

QList<QList<QByteArray>> Dialect::waiterProbes(const LockInfo &) const
{
    return {};
}

QList<QList<QByteArray>> Dialect::subscriberProbes(const QByteArray &channel)
{
    return {{"PUBSUB", "NUMSUB", channel}, {"PUBSUB", "SHARDNUMSUB", channel}};
}

void Dialect::applyWaiterProbes(LockInfo &lock, const QList<qint64> &answers) const
{
    qint64 sum = 0;
    for (qint64 a : answers) {
        if (a < 0)
            return; // one unreadable probe makes the total unknown, not smaller
        sum += a;
    }
    if (!answers.isEmpty())
        lock.waiters = int(std::min<qint64>(sum, std::numeric_limits<int>::max()));
}

// The built-in names that read differently in another language; library and class names
// (Redisson RLock, redis-py Lock …) stay as they are. lupdate collects them from here.
[[maybe_unused]] static const char *const translatedNames[] = {
    QT_TRANSLATE_NOOP("Dialect", "Plain token (SET NX PX)"),
    QT_TRANSLATE_NOOP("Dialect", "Redisson FairLock"),
    QT_TRANSLATE_NOOP("Dialect", "Redisson ReadWriteLock"),
    QT_TRANSLATE_NOOP("Dialect", "Redisson Semaphore"),
    QT_TRANSLATE_NOOP("Dialect", "Redisson PermitExpirableSemaphore"),
    QT_TRANSLATE_NOOP("Dialect", "redis-semaphore Semaphore"),
    QT_TRANSLATE_NOOP("Dialect", "redis-semaphore Mutex"),
    QT_TRANSLATE_NOOP("Dialect", "Laravel cache lock"),
    QT_TRANSLATE_NOOP("Dialect", "Expiry timestamp"),
    QT_TRANSLATE_NOOP("Dialect", "Unknown"),
};

QString Dialect::localizedName() const
{
    return QCoreApplication::translate("Dialect", displayName().toUtf8().constData());
}

LockFingerprint::Scope Dialect::guardScope(AdminAction action) const
{
    return action == AdminAction::ReleaseHolder ? LockFingerprint::Scope::Holder : LockFingerprint::Scope::Whole;
}

ActionSupport Dialect::support(AdminAction action) const
{
    if (action == AdminAction::ReleaseHolder && !isShared())
        return ActionSupport::no(QObject::tr("A %1 lock has one holder at a time: releasing one holder is releasing the lock")
                                     .arg(localizedName()));
    return ActionSupport::yes();
}

AdminRecipe Dialect::recipe(AdminAction action, const LockInfo &observed, const LockFingerprint &guard, const QByteArray &token,
                            qint64 ttlMs) const
{
    const QByteArray &key = observed.key();
    const QByteArray ttl = QByteArray::number(ttlMs);
    AdminRecipe r;
    switch (action) {
    case AdminAction::Acquire:
        // SET NX is its own guard: the key must be absent.
        r.command = {"SET", key, token, "NX", "PX", ttl};
        r.description = QObject::tr("Take %1 with token %2 for %3 ms, only if nobody holds it (SET NX PX).")
                            .arg(TokenText::quoted(key), TokenText::quoted(token))
                            .arg(ttlMs);
        return r;
    case AdminAction::Extend:
        r.script = QStringLiteral("plain/force-extend");
        r.keys = {key};
        r.args = {guard.serialise(), ttl};
        r.description = QObject::tr("Set the TTL of %1 to %2 ms, only while it is exactly as you saw it (%3).")
                            .arg(TokenText::quoted(key))
                            .arg(ttlMs)
                            .arg(guard.text());
        return r;
    case AdminAction::ForceRelease:
        r.script = QStringLiteral("plain/force-release");
        r.keys = {key};
        r.args = {guard.serialise()};
        r.description = QObject::tr("Delete %1 only while it is exactly as you saw it (%2), as a compare-and-delete does. "
                                    "If anything changed since you looked, nothing is deleted.")
                            .arg(TokenText::quoted(key), guard.text());
        return r;
    case AdminAction::ReleaseHolder:
        break;
    }
    return AdminRecipe::unsupported(support(action).reason);
}

QByteArray Dialect::newToken() const
{
    return TokenFactory::uuid4();
}
