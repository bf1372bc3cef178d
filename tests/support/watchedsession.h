#pragma once

#include "connectionprofile.h"
#include "lockevent.h"
#include "session.h"
#include "sessionmanager.h"

#include <QObject>
#include <QSet>
#include <QStringList>

class AuditLog;
class DialectRegistry;

// A session watching a deployment for a test, and every event it derived: what the
// topology tests ask of a watch across failovers.
class WatchedSession final : public QObject
{
public:
    WatchedSession(const DialectRegistry *registry, const AuditLog *audit, int refreshIntervalMs);

    // Connects and waits until the watch knows at least lockCount locks (false if it never does).
    bool watch(const ConnectionProfile &profile, qsizetype lockCount);

    Session *session() const { return m_manager.session(); }
    const QList<LockEvent> &log() const { return m_log; }
    // The first event of that kind whose reason (server events) or key is what, or nullptr.
    const LockEvent *find(LockEventKind kind, const QString &what) const;
    // Lock events no lock went through (server events are not lock events), but for allowed keys.
    QStringList falseEvents(const QSet<QByteArray> &allowed = {}) const;
    // Locks read live, not stale.
    qsizetype live() const;

private:
    SessionManager m_manager;
    QList<LockEvent> m_log;
};
