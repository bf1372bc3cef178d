#include "sessionmanager.h"

#include "adminservice.h"
#include "discoveryservice.h"
#include "notificationrestorer.h"
#include "serverlauncher.h"
#include "watchservice.h"

#include <QPointer>

#include <memory>

SessionManager::SessionManager(const DialectRegistry *registry, const AuditLog *audit, QObject *parent)
    : QObject(parent)
    , m_registry(registry)
    , m_audit(audit)
    , m_patterns(DiscoveryOptions::defaultPatterns())
{
}

SessionManager::~SessionManager()
{
    replace(nullptr);
    stopSandbox();
}

void SessionManager::setPatterns(const QList<KeyPattern> &patterns)
{
    m_patterns = patterns;
    if (!m_session)
        return;
    DiscoveryOptions options = m_session->watch()->discovery()->options();
    options.patterns = patterns;
    m_session->watch()->discovery()->setOptions(options);
}

void SessionManager::setReadOnly(bool readOnly)
{
    m_readOnly = readOnly;
    if (m_session)
        m_session->admin()->setReadOnly(readOnly);
}

void SessionManager::setWatchBudget(double fraction)
{
    m_watchBudget = fraction;
    if (m_session)
        m_session->watch()->setBudgetFraction(fraction);
}

void SessionManager::setWatchIntervals(int refreshMs, int rescanMs)
{
    m_refreshMs = refreshMs;
    m_rescanMs = rescanMs;
    if (!m_session)
        return;
    m_session->watch()->setRefreshInterval(refreshMs);
    m_session->watch()->setRescanInterval(rescanMs);
}

void SessionManager::setValueCap(int bytes)
{
    m_valueCap = bytes;
    if (!m_session)
        return;
    DiscoveryOptions options = m_session->watch()->discovery()->options();
    options.valueCap = bytes;
    m_session->watch()->discovery()->setOptions(options);
    m_session->admin()->setValueCap(bytes);
}

void SessionManager::connectTo(const ConnectionProfile &profile)
{
    m_onSandbox = false;
    replace(new Session(profile, m_registry, m_audit, this));
}

void SessionManager::openSandbox()
{
    // One sandbox per process: it stays up (cheap, and its sample locks keep their state)
    // while the user looks at other servers, and is reused on return.
    if (m_sandboxProfile) {
        m_onSandbox = true;
        replace(new Session(*m_sandboxProfile, m_registry, m_audit, this));
        return;
    }
    if (m_sandbox)
        return; // still starting
    replace(nullptr);
    if (!m_sandboxFactory) {
        Q_EMIT sandboxFailed(tr("this build has no sandbox"));
        return;
    }
    m_sandbox = m_sandboxFactory(this);
    connect(m_sandbox, &ServerLauncher::ready, this, [this](const ConnectionProfile &server) {
        m_sandboxProfile = server;
        m_onSandbox = true;
        replace(new Session(server, m_registry, m_audit, this));
        Q_EMIT notice(tr("Sandbox redis-server on %1 with sample locks (stops when LockScope closes)").arg(server.endpoint()));
    });
    connect(m_sandbox, &ServerLauncher::failed, this, [this](const QString &message) {
        m_sandbox->deleteLater();
        m_sandbox = nullptr;
        Q_EMIT sandboxFailed(message);
        Q_EMIT errorOccurred(tr("Could not start the sandbox: %1").arg(message));
    });
    Q_EMIT sandboxStarting();
    m_sandbox->start();
}

void SessionManager::reconnect()
{
    if (m_session)
        replace(new Session(m_session->profile(), m_registry, m_audit, this));
}

void SessionManager::closeSession()
{
    replace(nullptr);
}

void SessionManager::stopSandbox()
{
    m_onSandbox = false;
    m_sandboxProfile.reset();
    if (!m_sandbox)
        return;
    m_sandbox->disconnect(this);
    // Its server and workers stop with it.
    delete m_sandbox;
    m_sandbox = nullptr;
}

void SessionManager::replace(Session *next)
{
    if (Session *old = std::exchange(m_session, nullptr)) {
        for (NotificationRestorer *restorer : old->close(&m_restorers))
            connect(restorer, &NotificationRestorer::failed, this, &SessionManager::restoreFailed);
        // Closed and disconnected: deleted once the reply handler or signal that may have
        // brought us here has returned.
        old->deleteLater();
    }
    m_session = next;
    if (next) {
        DiscoveryOptions options = next->watch()->discovery()->options();
        options.patterns = m_patterns;
        options.valueCap = m_valueCap;
        next->watch()->discovery()->setOptions(options);
        next->admin()->setReadOnly(m_readOnly);
        next->admin()->setValueCap(m_valueCap);
        next->watch()->setBudgetFraction(m_watchBudget);
        next->watch()->setRefreshInterval(m_refreshMs);
        next->watch()->setRescanInterval(m_rescanMs);
        connect(next, &Session::stateChanged, this, &SessionManager::stateChanged);
        connect(next, &Session::errorOccurred, this, &SessionManager::errorOccurred);
        connect(next, &Session::reconnectScheduled, this, &SessionManager::reconnectScheduled);
        connect(next, &Session::hostKeyUnknown, this, &SessionManager::hostKeyUnknown);
        connect(next, &Session::hostKeyRecorded, this, &SessionManager::hostKeyRecorded);
        connect(next, &Session::restoreFailed, this, &SessionManager::restoreFailed);
    }
    // Listeners wire themselves to the new session before it makes its first move.
    Q_EMIT sessionChanged(next);
    if (next) {
        Q_EMIT stateChanged(next->state());
        next->open(m_startServices);
    }
}

void SessionManager::acceptHostKey(bool record)
{
    if (m_session)
        m_session->acceptHostKey(record);
}

void SessionManager::rejectHostKey()
{
    if (m_session)
        m_session->rejectHostKey();
}

void SessionManager::shutdown(QObject *context, std::function<void()> done, int graceMs)
{
    replace(nullptr);
    stopSandbox();
    const QPointer<QObject> owner(context);
    auto finished = std::make_shared<bool>(false);
    auto finish = [owner, done, finished] {
        if (std::exchange(*finished, true) || !owner)
            return;
        done();
    };
    const QObjectList pending = m_restorers.children();
    if (pending.isEmpty()) {
        QMetaObject::invokeMethod(this, finish, Qt::QueuedConnection);
        return;
    }
    auto left = std::make_shared<qsizetype>(pending.size());
    for (QObject *restorer : pending) {
        connect(restorer, &QObject::destroyed, this, [left, finish] {
            if (--*left == 0)
                finish();
        });
    }
    QTimer::singleShot(graceMs, this, [this, finish, graceMs] {
        // Those still waiting say what they could not put back before the process goes.
        abandonRestores(tr("no answer within %1 s").arg(graceMs / 1000.0, 0, 'g', 3));
        finish();
    });
}

void SessionManager::abandonRestores(const QString &why)
{
    for (NotificationRestorer *restorer : m_restorers.findChildren<NotificationRestorer *>(Qt::FindDirectChildrenOnly))
        restorer->giveUp(why);
}
