#pragma once

#include "connectionoptions.h"
#include "redisreply.h"
#include "testredisprocess.h"

#include <QList>
#include <QString>

#include <memory>
#include <vector>

class QTemporaryDir;

// A real Redis Cluster for one test: masters and replicas (3 + 3 by default) on loopback,
// persistence off, joined by redis-cli --cluster create, and gone with the fixture (processes
// killed, directory removed). Nodes are named by index, 0 .. nodeCount() - 1, which stays
// theirs through failovers, kills and restarts; which of them are masters is asked of the
// servers each time, since failovers change it. Every wait polls a condition; none sleeps a
// fixed time. command() blocks, as only a test may.
class TestCluster final
{
public:
    enum class FailoverMode { Default, Force, Takeover };

    explicit TestCluster(int masters = 3, int replicasPerMaster = 1);
    ~TestCluster();
    TestCluster(const TestCluster &) = delete;
    TestCluster &operator=(const TestCluster &) = delete;

    // Starts every node, creates the cluster and waits until it is healthy (see below).
    bool start();
    QString errorString() const { return m_error; }
    // The fixture's temporary directory (configs and logs), removed with the fixture.
    QString directory() const;

    int nodeCount() const { return int(m_nodes.size()); }
    quint16 port(int node) const;
    qint64 pid(int node) const;
    bool isRunning(int node) const;
    ConnectionOptions options(int node) const;
    int nodeAtPort(quint16 port) const;
    QByteArray nodeId(int node);

    // Running nodes that are masters / replicas now, by ROLE (a killed node is neither).
    QList<int> masters();
    QList<int> replicas();
    QList<quint16> masterPorts();
    QList<quint16> replicaPorts();
    // The master a replica follows, or -1.
    int masterOf(int replica);

    RedisReply command(int node, const RedisCommand &command, int timeoutMs = 10000);
    // The slot of key as the server computes it (CLUSTER KEYSLOT).
    int keySlot(const QByteArray &key);
    // The master serving slot as the running nodes see it (CLUSTER NODES), or -1.
    int masterForSlot(int slot);

    // Waits until every running node says cluster_state:ok, they all agree on roles and slot
    // owners, every running replica's link to its master is up, and every running node is
    // reported online. Killed nodes are left out.
    bool waitUntilHealthy(int timeoutMs = 30000);

    // CLUSTER FAILOVER [FORCE|TAKEOVER] on a replica, then waits until it is a master, its old
    // master (if running) follows it, and the cluster is healthy again.
    bool failover(int replica, FailoverMode mode = FailoverMode::Default, int timeoutMs = 30000);

    // Ends a node at once (a crash); restart() starts it again on its port with its nodes.conf,
    // so it rejoins, and waits until the cluster is healthy. With persistence off a restarted
    // node comes back empty: a master must have been failed over first to keep its data.
    void kill(int node);
    bool restart(int node, int timeoutMs = 30000);

    // Moving a slot as redis-cli --cluster reshard does, whole or in steps so a test can work
    // while the slot is half-migrated (keys missing from the source get ASK there):
    //   beginMigration: target IMPORTING from source, then source MIGRATING to target;
    //   migrateKeys: GETKEYSINSLOT + MIGRATE, at most maxKeys (all when negative); returns
    //   how many moved, or -1 on an error;
    //   finishMigration: SETSLOT NODE target on the target, then every other running master,
    //   and waits until all nodes agree.
    bool beginMigration(int slot, int fromMaster, int toMaster);
    int migrateKeys(int slot, int fromMaster, int toMaster, int maxKeys = -1);
    bool finishMigration(int slot, int toMaster);
    bool migrateSlot(int slot, int fromMaster, int toMaster);

    // Holds back replication on a replica for ms milliseconds: CLIENT PAUSE ms WRITE postpones
    // the master's stream (and writes) there while reads are still served, so a write on the
    // master is not yet visible on it. resumeReplication() ends the pause early.
    bool pauseReplication(int replica, int ms);
    bool resumeReplication(int replica);

private:
    QStringList nodeArguments(quint16 port) const;
    bool createCluster();
    // "<id> <master|replica> <master id> <slots>" for every node, sorted: equal across nodes
    // when they agree. Empty when the node cannot be asked.
    QByteArray configSignature(int node);
    bool isHealthy();

    int m_masterCount;
    int m_replicasPerMaster;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::vector<std::unique_ptr<TestRedisProcess>> m_nodes;
    QList<QByteArray> m_ids;
    QString m_error;
};
