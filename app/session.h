#pragma once

#include "connectionprofile.h"

#include <QHash>
#include <QObject>

class AdminService;
class AuditLog;
class CommandStatsPoller;
class DialectRegistry;
class FailedAcquireSampler;
class LockEventService;
class NotificationRestorer;
class RedisTopology;
class ReplicationExposure;
class SessionTransport;
class WatchService;
struct ConnectionOptions;

// Everything LockScope holds open against one deployment: its connections and the services
// that use them. Made, switched and torn down by SessionManager, never by the window.
//
// close() takes it down in a fixed order: every signal of the session's objects is
// disconnected (so nothing of this server, not even the services' own goodbyes, reaches
// whoever shows the next one), services stop (no more timers, scans or reads), the server
// settings LockScope changed are handed to a restorer that outlives the session, and the
// connections close. The destructor does the same, then deletes the services before the
// connections they use.
class Session final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(Session)

public:
    // Stalled: connected, but a server has stopped answering for now (what is shown of it is
    // stale until it answers again). Degraded: some masters of a cluster cannot be reached.
    enum class State { Connecting, Ready, Degraded, Stalled, Reconnecting, Failed, Closed };
    Q_ENUM(State)

    Session(const ConnectionProfile &profile, const DialectRegistry *registry, const AuditLog *audit,
            QObject *parent = nullptr);
    ~Session() override;

    const ConnectionProfile &profile() const { return m_profile; }
    QString displayName() const { return m_profile.displayName(); }
    // A saved connection's name with its address ("prod (10.0.0.5:6379)"), else the address:
    // where options given over a saved connection (-p, -n) lead shows.
    QString serverName() const;
    State state() const { return m_state; }
    bool isReady() const { return m_state == State::Ready; }
    // Some master answers: locks can be read and acted on (an action on a master that does
    // not answer fails on its own, and says so).
    bool isServing() const { return m_state == State::Ready || m_state == State::Degraded; }
    QString lastError() const { return m_lastError; }

    WatchService *watch() const { return m_watch; }
    ReplicationExposure *exposure() const { return m_exposure; }
    AdminService *admin() const { return m_admin; }
    LockEventService *events() const { return m_events; }
    CommandStatsPoller *commandStats() const { return m_commandStats; }
    FailedAcquireSampler *sampler() const { return m_sampler; }
    const DialectRegistry *registry() const { return m_registry; }
    // The deployment's servers, for the app layer and tests; redisclient is not visible to ui.
    RedisTopology *topology() const { return m_topology; }
    // The masters that do not answer now, each "host:port: why" (a degraded cluster's).
    QStringList mastersNotAnswering() const;
    // "standalone", "cluster: 3 masters, 3 replicas", "sentinel: mymaster at …".
    QString topologySummary() const;
    // What the user should know about what this session shows (RedisTopology::caveat).
    // Failed in a way no reconnect mends (the tunnel's host key or login no longer holds):
    // even a watch, which rides out outages, must end.
    bool hasFailedForGood() const { return m_failedForGood; }
    QString caveat() const;
    // One server, no cluster or Sentinel: every lock is on it.
    bool isSingleServer() const;
    // Every master's host:port, with its slots on a cluster ("slots 0-5460").
    QHash<QString, QString> shards() const;

    // Connects and starts the services (for a command-line subcommand: only connects).
    // Through an SSH tunnel, the connections wait for it (and for hostKeyUnknown's answer).
    void open(bool startServices = true);
    // Answers hostKeyUnknown(): go on with the bastion's key (and record it in
    // ~/.ssh/known_hosts when asked to), or refuse it (the session fails and says why).
    void acceptHostKey(bool record);
    void rejectHostKey();
    // See above. restorerParent owns what puts server settings back after the session is
    // gone (SessionManager waits for it before the process quits); returned, to hear from
    // those that fail.
    QList<NotificationRestorer *> close(QObject *restorerParent = nullptr);

Q_SIGNALS:
    void stateChanged(Session::State state);
    // The first failure of a connection attempt or of a connection that was up.
    void errorOccurred(const QString &message);
    void reconnectScheduled(int attempt, int delayMs);
    // Masters joined or left, or one failed over: topologySummary() may read otherwise.
    void topologyChanged();
    // The SSH bastion's host key is not in known_hosts: answer with acceptHostKey() or
    // rejectHostKey(). fingerprint is "SHA256:…" as OpenSSH shows it.
    void hostKeyUnknown(const QString &destination, const QString &fingerprint, const QString &keyType);
    // The bastion's key was written to known_hosts (see SshTunnel).
    void hostKeyRecorded(const QString &message);
    // A server setting LockScope changed could not be put back (see NotificationRestorer).
    void restoreFailed(const QString &message);

private:
    static RedisTopology *makeTopology(const ConnectionProfile &profile, QObject *parent);
    static ConnectionOptions connectionOptions(const ConnectionProfile &profile);
    void updateState();
    void setState(State state);
    void wireTransport();
    void openConnections();

    ConnectionProfile m_profile;
    const DialectRegistry *m_registry;
    // The topology's transport: made before it, deleted after it.
    bool m_failedForGood = false;
    SessionTransport *m_transport;
    RedisTopology *m_topology;
    WatchService *m_watch;
    AdminService *m_admin;
    LockEventService *m_events;
    CommandStatsPoller *m_commandStats;
    FailedAcquireSampler *m_sampler;
    ReplicationExposure *m_exposure;
    State m_state = State::Connecting;
    QString m_lastError;
    bool m_startServices = true;
};
