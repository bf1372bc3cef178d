#include "watchedsession.h"

#include "lockeventservice.h"
#include "watchservice.h"

#include <QTest>

WatchedSession::WatchedSession(const DialectRegistry *registry, const AuditLog *audit, int refreshIntervalMs)
    : m_manager(registry, audit)
{
    connect(&m_manager, &SessionManager::sessionChanged, this, [this, refreshIntervalMs](Session *s) {
        if (!s)
            return;
        s->watch()->setRefreshInterval(refreshIntervalMs);
        connect(s->events(), &LockEventService::eventsDerived, this, [this](const QList<LockEvent> &events) { m_log += events; });
    });
}

bool WatchedSession::watch(const ConnectionProfile &profile, qsizetype lockCount)
{
    m_manager.connectTo(profile);
    return QTest::qWaitFor([this, lockCount] { return session() && session()->watch()->locks().size() >= lockCount; }, 30000);
}

const LockEvent *WatchedSession::find(LockEventKind kind, const QString &what) const
{
    for (const LockEvent &e : m_log)
        if (e.kind == kind && (e.isServerEvent() ? e.reason == what : QString::fromUtf8(e.key) == what))
            return &e;
    return nullptr;
}

QStringList WatchedSession::falseEvents(const QSet<QByteArray> &allowed) const
{
    QStringList out;
    for (const LockEvent &e : m_log)
        if (!e.isServerEvent() && e.kind != LockEventKind::Stuck && e.kind != LockEventKind::Renewed
            && e.kind != LockEventKind::Contended && !allowed.contains(e.key))
            out << LockEvent::kindId(e.kind) + QLatin1Char(' ') + QString::fromUtf8(e.key);
    return out;
}

qsizetype WatchedSession::live() const
{
    const auto &locks = session()->watch()->locks();
    return std::count_if(locks.cbegin(), locks.cend(), [](const LockInfo &l) { return !l.stale; });
}
