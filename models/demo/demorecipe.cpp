#include "demorecipe.h"

QStringList DemoRecipe::describe(int ttlMs) const
{
    QStringList lines;
    const QString ttl = QString::number(ttlMs);
    switch (lock) {
    case Lock::None:
        lines << tr("no lock");
        break;
    case Lock::Token:
    case Lock::Redlock: {
        QString set;
        switch (acquire) {
        case Acquire::SetNxPx:
            set = fencing ? QStringLiteral("EVAL: SET key token NX PX %1 + INCR fence").arg(ttl)
                          : QStringLiteral("SET key token NX PX %1").arg(ttl);
            break;
        case Acquire::SetNxNoTtl:
            set = QStringLiteral("SET key token NX") + tr(" (no expiry)");
            break;
        case Acquire::SetNxThenExpire:
            set = tr("%1, then %2").arg(QStringLiteral("SETNX key token"), QStringLiteral("PEXPIRE key %1").arg(ttl));
            break;
        }
        if (lock == Lock::Redlock && lockServers > 1)
            set += tr(" on %1 servers, quorum %2").arg(lockServers).arg(lockServers / 2 + 1);
        lines << tr("acquire: %1").arg(set);
        if (ownTokenShortcut)
            lines << tr("re-enter: GET key == my token → go ahead");
        if (waitReplicas > 0)
            lines << tr("then: %1 before entering").arg(QStringLiteral("WAIT %1 %2").arg(waitReplicas).arg(waitTimeoutMs));
        lines << (release == Release::PlainDel ? tr("release: %1").arg(QStringLiteral("DEL key")) : tr("release: Lua compare-and-delete"));
        break;
    }
    case Lock::Reentrant:
        lines << tr("acquire: %1").arg(QStringLiteral("Lua HINCRBY key holder 1 + PEXPIRE %1").arg(ttl))
              << tr("release: Lua HINCRBY -1, DEL at 0");
        break;
    }
    if (lock != Lock::None)
        lines << (watchdog ? tr("watchdog: extend every %1 ms").arg(ttlMs / 3) : tr("no watchdog"));
    if (job == Job::FencedWrite)
        lines << (resourceChecksFence ? tr("resource: rejects lower fencing tokens") : tr("resource: accepts every write"));
    if (lock != Lock::None)
        lines << tr("retry: %1").arg(retry.describe());
    return lines;
}

QString DemoRecipe::violationId(Violation v)
{
    switch (v) {
    case Violation::Overlap:
        return QStringLiteral("overlap");
    case Violation::Stuck:
        return QStringLiteral("stuck");
    case Violation::Oversold:
        return QStringLiteral("oversold");
    case Violation::StaleWrite:
        return QStringLiteral("stale-write");
    case Violation::None:
        break;
    }
    return QStringLiteral("none");
}
