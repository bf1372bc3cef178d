#include "demorecipe.h"

QStringList DemoRecipe::describe(int ttlMs) const
{
    QStringList lines;
    const QString ttl = QString::number(ttlMs);
    switch (lock) {
    case Lock::None:
        lines << QStringLiteral("no lock");
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
            set = QStringLiteral("SET key token NX (no expiry)");
            break;
        case Acquire::SetNxThenExpire:
            set = QStringLiteral("SETNX key token, then PEXPIRE key %1").arg(ttl);
            break;
        }
        if (lock == Lock::Redlock && lockServers > 1)
            set += QStringLiteral(" on %1 servers, quorum %2").arg(lockServers).arg(lockServers / 2 + 1);
        lines << QStringLiteral("acquire: ") + set;
        if (ownTokenShortcut)
            lines << QStringLiteral("re-enter: GET key == my token → go ahead");
        if (waitReplicas > 0)
            lines << QStringLiteral("then: WAIT %1 %2 before entering").arg(waitReplicas).arg(waitTimeoutMs);
        lines << (release == Release::PlainDel ? QStringLiteral("release: DEL key")
                                               : QStringLiteral("release: Lua compare-and-delete"));
        break;
    }
    case Lock::Reentrant:
        lines << QStringLiteral("acquire: Lua HINCRBY key holder 1 + PEXPIRE %1").arg(ttl)
              << QStringLiteral("release: Lua HINCRBY -1, DEL at 0");
        break;
    }
    if (lock != Lock::None)
        lines << (watchdog ? QStringLiteral("watchdog: extend every %1 ms").arg(ttlMs / 3) : QStringLiteral("no watchdog"));
    if (job == Job::FencedWrite)
        lines << (resourceChecksFence ? QStringLiteral("resource: rejects lower fencing tokens")
                                      : QStringLiteral("resource: accepts every write"));
    if (lock != Lock::None)
        lines << QStringLiteral("retry: ") + retry.describe();
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
