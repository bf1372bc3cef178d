#pragma once

#include "connectionprofile.h"

#include <QList>
#include <QObject>

class LinkProxy;
class RedisConnection;
class SandboxServer;

// The servers of one demo: one or more private redis-servers (five for Redlock), or a master
// and its replica whose replication link runs through a LinkProxy so it can be held back.
// Servers can be stopped, started and crashed live. Every process dies with LockScope,
// however it ends, and leaves no directory behind (see SandboxServer).
class DemoSandbox final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(DemoSandbox)

public:
    DemoSandbox(int servers, bool replicated, QObject *parent = nullptr);
    ~DemoSandbox() override;

    void start();
    // Stops every server; stopped() follows once all have exited.
    void shutdown();

    bool isReady() const { return m_ready; }
    bool isReplicated() const { return m_replicated; }
    int serverCount() const { return int(m_servers.size()); }
    // Where server index listens (its port stays the same across restarts).
    ConnectionProfile serverProfile(int index) const;
    quint16 port(int index) const;
    bool isUp(int index) const;
    // The redis-server processes running now (tests check that none outlive us).
    QList<qint64> processIds() const;

    void stopServer(int index);
    void startServer(int index);
    // Kills the server as a crash would and starts it again on its port, empty.
    void crashServer(int index);

    // Replicated sandboxes: which server is the master now.
    int masterIndex() const { return m_master; }
    // From now on the master's replication stream stops at the proxy.
    void holdReplication();
    bool isReplicationHeld() const;
    // Promotes the replica (REPLICAOF NO ONE) without letting the held stream through, then
    // makes the old master a replica of the new one, as Sentinel would. failedOver() follows.
    void failOver();

Q_SIGNALS:
    void ready();
    void failed(const QString &message);
    void serverChanged(int index, bool up);
    void failedOver(int newMaster);
    void stopped();

private:
    void serverReady(int index);
    void linkReplica();
    void replicaSynced(bool synced, const QString &error);
    void fail(const QString &message);
    RedisConnection *admin(int index);

    QList<SandboxServer *> m_servers;
    QList<RedisConnection *> m_admin;
    QList<bool> m_restartPending;
    LinkProxy *m_proxy = nullptr;
    int m_master = 0;
    int m_readyCount = 0;
    bool m_replicated;
    bool m_ready = false;
    bool m_failed = false;
    bool m_shuttingDown = false;
};
