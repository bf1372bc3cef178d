#include "dialect.h"

#include "tokenfactory.h"
#include "tokentext.h"

#include <QObject>

#include <algorithm>
#include <limits>

namespace {
QString quoted(const QByteArray &bytes)
{
    return QLatin1Char('"') + TokenText::escape(bytes) + QLatin1Char('"');
}
} // namespace

bool Dialect::isSideKey(const QByteArray &) const
{
    return false;
}

QList<QList<QByteArray>> Dialect::waiterProbes(const LockInfo &) const
{
    return {};
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

ActionSupport Dialect::support(AdminAction) const
{
    return ActionSupport::yes();
}

AdminRecipe Dialect::recipe(AdminAction action, const LockInfo &observed, const QByteArray &token, qint64 ttlMs) const
{
    const QByteArray &key = observed.key();
    const QByteArray ttl = QByteArray::number(ttlMs);
    AdminRecipe r;
    switch (action) {
    case AdminAction::Acquire:
        r.command = {"SET", key, token, "NX", "PX", ttl};
        r.description = QObject::tr("Take %1 with token %2 for %3 ms, only if nobody holds it (SET NX PX).")
                            .arg(quoted(key), quoted(token))
                            .arg(ttlMs);
        return r;
    case AdminAction::Extend:
        if (observed.sample.type != RedisType::String)
            break;
        r.script = QStringLiteral("plain/extend");
        r.keys = {key};
        r.args = {token, ttl};
        r.description = QObject::tr("Set the TTL of %1 to %2 ms, only while it still holds token %3.")
                            .arg(quoted(key))
                            .arg(ttlMs)
                            .arg(quoted(token));
        return r;
    case AdminAction::ForceRelease:
        if (observed.sample.type != RedisType::String)
            break;
        r.script = QStringLiteral("plain/release");
        r.keys = {key};
        r.args = {token};
        r.description = QObject::tr("Delete %1 only if it still holds token %2 (compare-and-delete). "
                                    "If it changed hands since you looked, nothing is deleted.")
                            .arg(quoted(key), quoted(token));
        return r;
    }
    return AdminRecipe::unsupported(QObject::tr("No guarded script for %1 values of %2 locks")
                                        .arg(QString::fromLatin1(redisTypeName(observed.sample.type)), displayName()));
}

QByteArray Dialect::newToken() const
{
    return TokenFactory::uuid4();
}
