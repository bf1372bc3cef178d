#include "zsetsemaphoredialect.h"

#include "tokenshape.h"
#include "tokentext.h"

#include <QDateTime>
#include <QObject>

QString ZSetSemaphoreDialect::description() const
{
    return QObject::tr("redis-semaphore (Node) Semaphore / MultiSemaphore: zset semaphore:<key> of holder ids scored by time");
}

int ZSetSemaphoreDialect::recognise(const KeySample &sample, LockInfo &lock) const
{
    if (sample.type != RedisType::ZSet || sample.entries.isEmpty() || !sample.key.startsWith("semaphore:"))
        return 0;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    QList<LockHolder> holders;
    for (const KeySample::Entry &entry : sample.entries) {
        const QByteArray &member = entry.first;
        // "<uuid>", "<uuid>-<suffix>" or a multi-permit "<uuid…>_<n>".
        if (member.size() < 36 || !TokenShape::isUuid(member.first(36)) || TokenShape::uuidVersion(member.first(36)) != 4)
            return 0;
        bool ok = false;
        const qint64 score = entry.second.toLongLong(&ok);
        // Client time of the last acquire or refresh: not in the future by more than clock skew.
        if (!ok || score < 946684800000LL || score > now + 3'600'000)
            return 0;
        LockHolder h;
        h.token = member;
        const QString id = QString::fromLatin1(member.first(36));
        const QString since = QDateTime::fromMSecsSinceEpoch(score, Qt::UTC).toString(Qt::ISODateWithMs);
        h.fields = {{QStringLiteral("client"), id}, {QStringLiteral("time"), since}};
        const qsizetype permit = member.lastIndexOf('_');
        if (permit > 36 && TokenShape::isDecimal(member.sliced(permit + 1)))
            h.fields.append({QStringLiteral("permit"), QString::fromLatin1(member.sliced(permit + 1))});
        h.holder = QObject::tr("client %1, refreshed %2").arg(id, since);
        holders << h;
    }
    lock.holders = holders;
    return 60;
}

LockFingerprint::Scope ZSetSemaphoreDialect::guardScope(AdminAction action) const
{
    // A refresh re-scores one holder, as every holder's own refresh does all the time.
    if (action == AdminAction::Extend)
        return LockFingerprint::Scope::Holder;
    return Dialect::guardScope(action);
}

ActionSupport ZSetSemaphoreDialect::support(AdminAction action) const
{
    if (action == AdminAction::Acquire)
        return ActionSupport::no(QObject::tr("The semaphore's limit lives in its clients, not in Redis: acquire through the library"));
    return ActionSupport::yes();
}

AdminRecipe ZSetSemaphoreDialect::recipe(AdminAction action, const LockInfo &observed, const LockFingerprint &guard,
                                         const QByteArray &token, qint64 ttlMs) const
{
    if (const ActionSupport s = support(action); !s.enabled)
        return AdminRecipe::unsupported(s.reason);
    const QByteArray &key = observed.key();
    AdminRecipe r;
    r.keys = {key};
    r.args = {guard.serialise()};
    if (action == AdminAction::Extend) {
        r.script = QStringLiteral("redis-semaphore/refresh");
        r.args << token << QByteArray::number(ttlMs);
        r.description = QObject::tr("Refresh holder %1 of %2 as the library's refresh does: re-score it with the current time "
                                    "and PEXPIRE the set %3 ms, only while the member is still there, and never sooner than it expires now "
                                    "while other holders are in it.")
                            .arg(TokenText::quoted(token), TokenText::quoted(key))
                            .arg(ttlMs);
    } else if (action == AdminAction::ReleaseHolder) {
        r.script = QStringLiteral("redis-semaphore/release");
        r.args << token;
        r.description = QObject::tr("Remove holder %1 from %2 (ZREM), as its own release does; other holders keep their permits.")
                            .arg(TokenText::quoted(token), TokenText::quoted(key));
    } else {
        r.script = QStringLiteral("redis-semaphore/release");
        for (const LockHolder &h : observed.holders)
            r.args << h.token;
        r.description = QObject::tr("Remove every holder you saw from %1 (%2) as each one's release does (ZREM), only while "
                                    "exactly those hold it.")
                            .arg(TokenText::quoted(key), guard.text());
    }
    return r;
}
