#include "session.h"

#include "adminservice.h"
#include "commandstatspoller.h"
#include "failedacquiresampler.h"
#include "keyspacenotifications.h"
#include "lockeventservice.h"
#include "profileoptions.h"
#include "redisconnection.h"
#include "replicationexposure.h"
#include "sentineltopology.h"
#include "servertopology.h"
#include "sessiontransport.h"
#include "watchservice.h"

#include <memory>
#include <utility>

Session::Session(const ConnectionProfile &profile, const DialectRegistry *registry, const AuditLog *audit,
                 QObject *parent)
    : QObject(parent)
    , m_profile(profile)
    , m_registry(registry)
    , m_transport(new SessionTransport(profile, this))
    , m_topology(makeTopology(profile, this))
    , m_watch(new WatchService(m_topology, registry, this))
    , m_admin(new AdminService(m_topology, registry, audit, this))
    , m_events(new LockEventService(m_topology, m_watch, registry, this))
    , m_commandStats(new CommandStatsPoller(m_topology, this))
    , m_sampler(new FailedAcquireSampler(m_topology, this))
    , m_exposure(new ReplicationExposure(m_topology, m_watch, this))
{
    // Every connection the topology makes (masters, replicas, sentinels) goes the session's
    // way: a Unix socket, an SSH tunnel, or straight there.
    m_topology->setTransport([transport = m_transport](const ConnectionOptions &target) { return transport->route(target); });
    m_admin->setServerName(serverName());
    m_admin->setConnectionArguments(profile.commandLineArguments());
    connect(m_sampler, &FailedAcquireSampler::failedAttempts, m_events, &LockEventService::recordFailedAttempts);
    connect(m_exposure, &ReplicationExposure::exposedChanged, m_watch, &WatchService::setNotReplicated);
    connect(m_topology, &RedisTopology::stateChanged, this, &Session::updateState);
    connect(m_topology, &RedisTopology::errorOccurred, this, [this](const QString &message) {
        // With the tunnel gone, every connection through it goes too: the tunnel said so.
        if (m_transport && m_transport->isInterrupted())
            return;
        m_lastError = message;
        Q_EMIT errorOccurred(message);
    });
    connect(m_topology, &RedisTopology::reconnectScheduled, this, &Session::reconnectScheduled);
    connect(m_topology, &RedisTopology::mastersChanged, this, [this] {
        // A master that stops answering makes the session stalled until it answers again.
        for (RedisConnection *master : m_topology->masters()) {
            connect(master, &RedisConnection::stalled, this, &Session::updateState, Qt::UniqueConnection);
            connect(master, &RedisConnection::answering, this, &Session::updateState, Qt::UniqueConnection);
        }
        Q_EMIT topologyChanged();
    });
    connect(m_topology, &RedisTopology::failover, this, &Session::topologyChanged);
    connect(m_events->notifier(), &KeyspaceNotifications::restoreFailed, this, &Session::restoreFailed);
    wireTransport();
}

QString Session::serverName() const
{
    // A saved connection's name alone would hide options given over it: the address goes too.
    if (m_profile.name.isEmpty())
        return m_profile.displayName();
    ConnectionProfile address = m_profile;
    address.name.clear();
    return QStringLiteral("%1 (%2)").arg(m_profile.name, address.displayName());
}

void Session::wireTransport()
{
    connect(m_transport, &SessionTransport::hostKeyUnknown, this, &Session::hostKeyUnknown);
    connect(m_transport, &SessionTransport::hostKeyRecorded, this, &Session::hostKeyRecorded);
    connect(m_transport, &SessionTransport::ready, this, [this] {
        if (m_state != State::Closed)
            openConnections();
    });
    // The tunnel went and is being made again: said, while the connections through it wait
    // and reconnect by themselves (the session stayed failed, and a watch blind, for good).
    connect(m_transport, &SessionTransport::interrupted, this, [this](const QString &message) {
        if (m_state == State::Closed)
            return;
        m_lastError = message;
        Q_EMIT errorOccurred(message);
    });
    connect(m_transport, &SessionTransport::failed, this, [this](const QString &message) {
        if (m_state == State::Closed)
            return;
        // Its host key or login no longer holds: retrying cannot help, a fresh session (and the
        // user) must decide.
        m_failedForGood = true;
        m_lastError = message;
        m_topology->close();
        setState(State::Failed);
        Q_EMIT errorOccurred(message);
    });
}

void Session::acceptHostKey(bool record)
{
    if (m_transport) // gone ahead to its restorers once closed
        m_transport->acceptHostKey(record);
}

void Session::rejectHostKey()
{
    if (m_transport)
        m_transport->rejectHostKey();
}

RedisTopology *Session::makeTopology(const ConnectionProfile &profile, QObject *parent)
{
    const ConnectionOptions data = connectionOptions(profile);
    QList<QPair<QString, quint16>> more;
    for (const ConnectionProfile::Endpoint &e : profile.moreNodes)
        more << qMakePair(e.host, e.port);
    if (profile.kind != ConnectionProfile::Kind::Sentinel)
        return new ServerTopology(data, more, parent);
    ConnectionOptions sentinel = data;
    sentinel.user = profile.sentinelUser;
    sentinel.password = profile.sentinelPassword;
    return new SentinelTopology(data, sentinel, more, profile.masterName, parent);
}

ConnectionOptions Session::connectionOptions(const ConnectionProfile &profile)
{
    ConnectionOptions options = ProfileOptions::toOptions(profile, QStringLiteral("lockscope"));
    // Back within a second of the server: a watch is meant to notice at once (the attempts
    // cost a down server nothing).
    options.reconnectMaxMs = 1000;
    return options;
}

void Session::updateState()
{
    if (m_state == State::Closed)
        return;
    const QList<RedisConnection *> masters = m_topology->masters();
    const bool stalled = std::any_of(masters.cbegin(), masters.cend(), [](const RedisConnection *m) { return m->isStalled(); });
    // A master that stops answering stalls the session when no other answers; on a cluster
    // whose other masters do, it is one master down: what they hold is still there to act on.
    const bool answering = std::any_of(masters.cbegin(), masters.cend(), [](const RedisConnection *m) { return m->isReady() && !m->isStalled(); });
    const State busy = answering ? State::Degraded : State::Stalled;
    switch (m_topology->state()) {
    case RedisTopology::State::Connecting:
        // A reconnect attempt is still "reconnecting" to whoever shows the state.
        if (m_state != State::Reconnecting)
            setState(State::Connecting);
        break;
    case RedisTopology::State::Ready:
        m_lastError.clear();
        setState(stalled ? busy : State::Ready);
        break;
    case RedisTopology::State::Degraded:
        setState(stalled ? busy : State::Degraded);
        break;
    case RedisTopology::State::Down:
        setState(State::Reconnecting);
        break;
    case RedisTopology::State::Failed:
        setState(State::Failed);
        break;
    }
}

QStringList Session::mastersNotAnswering() const
{
    QStringList out;
    for (const RedisConnection *m : m_topology->masters())
        if (!m->isReady() || m->isStalled())
            out << m_topology->nodeName(m) + QStringLiteral(": ")
                       + (m->isStalled() ? tr("not answering") : m->lastError().isEmpty() ? tr("not connected") : m->lastError());
    return out;
}

QString Session::topologySummary() const
{
    return m_topology->summary();
}

QString Session::caveat() const
{
    return m_topology->caveat();
}

bool Session::isSingleServer() const
{
    return m_topology->kind() == RedisTopology::Kind::Standalone;
}

QHash<QString, QString> Session::shards() const
{
    QHash<QString, QString> out;
    const auto *server = qobject_cast<const ServerTopology *>(m_topology);
    for (const RedisConnection *master : m_topology->masters())
        out.insert(m_topology->nodeName(master), server ? server->slotsOf(master) : QString());
    return out;
}

Session::~Session()
{
    close();
    // Services before the connections they hold pointers to.
    delete m_exposure;
    delete m_sampler;
    delete m_commandStats;
    delete m_events;
    delete m_admin;
    delete m_watch;
    delete m_topology;
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
        m_transport->start(); // openConnections() once the tunnel is up
    else
        openConnections();
}

void Session::openConnections()
{
    m_topology->open();
    if (!m_startServices)
        return;
    m_watch->start();
    m_events->start();
    m_commandStats->start();
    m_exposure->start();
}

QList<NotificationRestorer *> Session::close(QObject *restorerParent)
{
    if (m_state == State::Closed)
        return {};
    m_state = State::Closed;
    // Silent first: stopping announces itself (a state change, a cancelled scan), and so may
    // whatever still runs inside (a reply handler failed by the close below, a queued
    // callback). Nobody outside hears any of it: they have moved on to the next session.
    disconnect();
    const QList<QObject *> inside = findChildren<QObject *>();
    for (QObject *object : inside)
        object->disconnect();
    m_exposure->stop();
    m_sampler->stop();
    m_commandStats->stop();
    m_events->stop();
    m_watch->stop();
    const QList<NotificationRestorer *> restorers = m_events->notifier()->handOffRestore(restorerParent);
    m_topology->close();
    // The tunnel goes with the session, but not before the restores just handed off: they
    // reach the server through it (the setting stayed changed when it went first).
    if (restorers.isEmpty() || !restorerParent || !m_transport->isTunnel()) {
        m_transport->stop();
        return restorers;
    }
    SessionTransport *transport = std::exchange(m_transport, nullptr);
    transport->setParent(restorerParent); // a restorer too: shutdown waits for it
    auto left = std::make_shared<qsizetype>(restorers.size());
    for (NotificationRestorer *restorer : restorers)
        connect(restorer, &QObject::destroyed, transport, [transport, left] {
            if (--*left == 0)
                transport->deleteLater(); // stops the tunnel
        });
    return restorers;
}
