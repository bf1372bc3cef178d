#include "session.h"

#include "adminservice.h"
#include "commandstatspoller.h"
#include "failedacquiresampler.h"
#include "keyspacenotifier.h"
#include "lockeventservice.h"
#include "profileoptions.h"
#include "redisconnection.h"
#include "sessiontransport.h"
#include "watchservice.h"

Session::Session(const ConnectionProfile &profile, const DialectRegistry *registry, const AuditLog *audit,
                 QObject *parent)
    : QObject(parent)
    , m_profile(profile)
    , m_registry(registry)
    , m_transport(new SessionTransport(profile, this))
    , m_connection(new RedisConnection(m_transport->route(connectionOptions(profile)), this))
    , m_watch(new WatchService(m_connection, registry, this))
    , m_admin(new AdminService(m_connection, registry, audit, this))
    , m_events(new LockEventService(m_connection, m_watch, registry, this))
    , m_commandStats(new CommandStatsPoller(m_connection, this))
    , m_sampler(new FailedAcquireSampler(m_connection, this))
{
    m_admin->setServerName(profile.displayName());
    connect(m_sampler, &FailedAcquireSampler::failedAttempts, m_events, &LockEventService::recordFailedAttempts);
    connect(m_connection, &RedisConnection::stateChanged, this, [this](RedisConnection::State state) {
        switch (state) {
        case RedisConnection::State::Connecting:
            // A reconnect attempt is still "reconnecting" to whoever shows the state.
            if (m_state != State::Reconnecting)
                setState(State::Connecting);
            break;
        case RedisConnection::State::Ready:
            m_lastError.clear();
            setState(State::Ready);
            break;
        case RedisConnection::State::WaitingToReconnect:
            setState(State::Reconnecting);
            break;
        case RedisConnection::State::Disconnected:
            setState(m_state == State::Closed ? State::Closed : State::Failed);
            break;
        }
    });
    connect(m_connection, &RedisConnection::errorOccurred, this, [this](RedisConnection::ErrorKind, const QString &message) {
        m_lastError = message;
        Q_EMIT errorOccurred(message);
    });
    connect(m_connection, &RedisConnection::reconnectScheduled, this, &Session::reconnectScheduled);
    connect(m_connection, &RedisConnection::stalled, this, [this] { setState(State::Stalled); });
    connect(m_connection, &RedisConnection::answering, this, [this] { setState(State::Ready); });
    wireTransport();
}

void Session::wireTransport()
{
    connect(m_transport, &SessionTransport::hostKeyUnknown, this, &Session::hostKeyUnknown);
    connect(m_transport, &SessionTransport::ready, this, [this] {
        if (m_state != State::Closed)
            openConnection();
    });
    connect(m_transport, &SessionTransport::failed, this, [this](const QString &message) {
        if (m_state == State::Closed)
            return;
        // Retrying through a tunnel that is gone cannot help: a fresh session makes a new one.
        m_lastError = message;
        m_connection->close();
        setState(State::Failed);
        Q_EMIT errorOccurred(message);
    });
}

void Session::acceptHostKey(bool record)
{
    m_transport->acceptHostKey(record);
}

void Session::rejectHostKey()
{
    m_transport->rejectHostKey();
}

ConnectionOptions Session::connectionOptions(const ConnectionProfile &profile)
{
    ConnectionOptions options = ProfileOptions::toOptions(profile, QStringLiteral("lockscope"));
    // Back within a second of the server: a watch is meant to notice at once (the attempts
    // cost a down server nothing).
    options.reconnectMaxMs = 1000;
    return options;
}

Session::~Session()
{
    close();
    // Services before the connections they hold pointers to.
    delete m_sampler;
    delete m_commandStats;
    delete m_events;
    delete m_admin;
    delete m_watch;
    delete m_connection;
    delete m_transport;
}

void Session::setState(State state)
{
    if (state == m_state)
        return;
    m_state = state;
    Q_EMIT stateChanged(state);
}

void Session::open(bool startServices)
{
    m_startServices = startServices;
    if (m_transport->isTunnel())
        m_transport->start(); // openConnection() once the tunnel is up
    else
        openConnection();
}

void Session::openConnection()
{
    m_connection->open();
    if (!m_startServices)
        return;
    m_watch->start();
    m_events->start();
    m_commandStats->start();
}

void Session::close(QObject *restorerParent)
{
    if (m_state == State::Closed)
        return;
    m_state = State::Closed;
    // Silent first: stopping announces itself (a state change, a cancelled scan), and so may
    // whatever still runs inside (a reply handler failed by the close below, a queued
    // callback). Nobody outside hears any of it: they have moved on to the next session.
    disconnect();
    const QList<QObject *> inside = findChildren<QObject *>();
    for (QObject *object : inside)
        object->disconnect();
    m_sampler->stop();
    m_commandStats->stop();
    m_events->stop();
    m_watch->stop();
    m_events->notifier()->handOffRestore(restorerParent);
    m_connection->close();
    // The tunnel goes with the session.
    m_transport->stop();
}
