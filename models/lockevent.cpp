#include "lockevent.h"

#include "lockinfo.h"
#include "tokentext.h"

namespace {
QString seconds(qint64 ms)
{
    return LockInfo::formatTtl(ms);
}
} // namespace

QString LockEvent::kindId(LockEventKind kind)
{
    switch (kind) {
    case LockEventKind::Acquired:
        return QStringLiteral("acquired");
    case LockEventKind::Released:
        return QStringLiteral("released");
    case LockEventKind::Renewed:
        return QStringLiteral("renewed");
    case LockEventKind::Expired:
        return QStringLiteral("expired");
    case LockEventKind::HandedOver:
        return QStringLiteral("handed-over");
    case LockEventKind::Contended:
        return QStringLiteral("contended");
    case LockEventKind::Stuck:
        return QStringLiteral("stuck");
    case LockEventKind::NearMiss:
        return QStringLiteral("near-miss");
    case LockEventKind::Lost:
        return QStringLiteral("lost");
    case LockEventKind::Server:
        return QStringLiteral("server");
    }
    return {};
}

std::optional<LockEventKind> LockEvent::kindFromId(const QString &id)
{
    for (LockEventKind kind : allKinds())
        if (kindId(kind) == id)
            return kind;
    return std::nullopt;
}

QString LockEvent::kindText(LockEventKind kind)
{
    switch (kind) {
    case LockEventKind::Acquired:
        return tr("Acquired");
    case LockEventKind::Released:
        return tr("Released");
    case LockEventKind::Renewed:
        return tr("Renewed");
    case LockEventKind::Expired:
        return tr("Expired");
    case LockEventKind::HandedOver:
        return tr("Handed over");
    case LockEventKind::Contended:
        return tr("Contended");
    case LockEventKind::Stuck:
        return tr("Stuck");
    case LockEventKind::NearMiss:
        return tr("Near miss");
    case LockEventKind::Lost:
        return tr("Lost");
    case LockEventKind::Server:
        return tr("Server");
    }
    return {};
}

QList<LockEventKind> LockEvent::allKinds()
{
    return lockKinds() << LockEventKind::Server;
}

QList<LockEventKind> LockEvent::lockKinds()
{
    return {LockEventKind::Acquired, LockEventKind::Released, LockEventKind::Renewed,  LockEventKind::Expired, LockEventKind::HandedOver,
            LockEventKind::Contended, LockEventKind::Stuck,   LockEventKind::NearMiss, LockEventKind::Lost};
}

LockEvent LockEvent::server(const QString &what, const QString &node, const QString &message, qint64 timeMs)
{
    LockEvent e;
    e.kind = LockEventKind::Server;
    e.reason = what;
    e.node = node;
    e.message = message;
    e.timeMs = timeMs;
    return e;
}

QString LockEvent::heldText() const
{
    return heldAtLeast ? tr("at least %1").arg(seconds(heldMs)) : seconds(heldMs);
}

QString LockEvent::details() const
{
    switch (kind) {
    case LockEventKind::Acquired:
        if (inferred)
            return tr("seen only in keyspace notifications (held too briefly to read)");
        if (reason == QLatin1String("during-outage"))
            return tr("first seen after the server could not be read: taken meanwhile, or just before");
        return ttlMs == -1 ? tr("no expiry") : ttlMs != unknown ? tr("TTL %1").arg(seconds(ttlMs)) : QString();
    case LockEventKind::Released:
        if (heldMs == unknown)
            return {};
        return ttlMs >= 0 ? tr("after %1, with %2 left").arg(heldText(), seconds(ttlMs))
                          : tr("after %1").arg(heldText());
    case LockEventKind::Expired:
        return heldMs != unknown ? tr("while held for %1").arg(heldText()) : QString();
    case LockEventKind::Renewed:
    case LockEventKind::NearMiss:
        if (ttlLeftMs == unknown)
            return ttlMs >= 0 ? tr("TTL now %1").arg(seconds(ttlMs)) : QString();
        return tr("with %1 of %2 left%3")
            .arg(seconds(ttlLeftMs), seconds(leaseMs != unknown ? leaseMs : ttlMs),
                 intervalMs != unknown ? tr(", %1 after the last").arg(seconds(intervalMs)) : QString());
    case LockEventKind::HandedOver: {
        // An opaque token has no holder in words: the previous token itself says who it was.
        const QString from = !previousHolder.isEmpty() ? previousHolder
                             : !previousToken.isEmpty() ? TokenText::escape(previousToken) : QStringLiteral("?");
        const QString text = heldMs != unknown ? tr("from %1 after %2").arg(from, heldText()) : tr("from %1").arg(from);
        return reason == QLatin1String("during-outage") ? tr("%1, taken over while the server could not be read").arg(text) : text;
    }
    case LockEventKind::Contended: {
        QStringList parts;
        if (waiters != unknown)
            parts << tr("%1 waiting").arg(waiters);
        if (failedAttempts != unknown)
            parts << tr("%1 failed attempts").arg(failedAttempts);
        return parts.join(QStringLiteral(", "));
    }
    case LockEventKind::Stuck:
        if (reason == QLatin1String("no-ttl"))
            return tr("no expiry, held for %1").arg(heldText());
        return tr("held for %1").arg(heldText());
    case LockEventKind::Lost: {
        const QString why = reason == QLatin1String("server-restarted") ? tr("the server restarted without it")
                            : reason == QLatin1String("failover")
                                ? tr("lost in a failover: %1 took over from %2 without it").arg(node, previousNode)
                                : reason;
        return heldMs != unknown ? tr("%1, after %2 held").arg(why, heldText()) : why;
    }
    case LockEventKind::Server:
        return message;
    }
    return {};
}
