#pragma once

#include "connectionoptions.h"
#include "redisreply.h"
#include "testredisprocess.h"

#include <QList>

#include <memory>
#include <vector>

class QTemporaryDir;

// A real Sentinel deployment for one test: a master, a replica and (by default) three
// sentinels on loopback, each sentinel with its own config file in the fixture's directory
// (Sentinel rewrites it), monitoring the master with quorum 2, down-after 1 s and failover
// timeout 30 s. Data nodes are 0 (the first master) and 1 (its replica); which is master is
// asked of the servers. Everything goes with the fixture. command() blocks, as only tests may.
class TestSentinel final
{
public:
    explicit TestSentinel(int sentinels = 3);
    ~TestSentinel();
    TestSentinel(const TestSentinel &) = delete;
    TestSentinel &operator=(const TestSentinel &) = delete;

    // Starts the data nodes and the sentinels, and waits until every sentinel sees the
    // master, its replica and all the other sentinels.
    bool start();
    QString errorString() const { return m_error; }
    // The fixture's temporary directory (configs and logs), removed with the fixture.
    QString directory() const;

    QByteArray masterName() const { return QByteArrayLiteral("lockscope-test"); }
    int sentinelCount() const { return int(m_sentinels.size()); }
    QList<quint16> sentinelPorts() const;
    ConnectionOptions sentinelOptions(int sentinel) const;
    int dataNodeCount() const { return int(m_data.size()); }
    quint16 dataPort(int node) const;
    qint64 dataPid(int node) const;
    ConnectionOptions dataOptions(int node) const;
    int dataNodeAtPort(quint16 port) const;
    QList<qint64> pids() const;

    RedisReply command(int dataNode, const RedisCommand &command, int timeoutMs = 10000);
    RedisReply sentinelCommand(int sentinel, const RedisCommand &command, int timeoutMs = 10000);

    // The data node that sentinel 0 names master (SENTINEL GET-MASTER-ADDR-BY-NAME), or -1.
    int currentMaster();

    // SENTINEL FAILOVER (asked again at once if Sentinel gives it up), then waits until the
    // replica says it is master, every sentinel names it, and the old master follows it with its
    // link up: ready for the next failover.
    bool failover(int timeoutMs = 45000);
    // Long: a failover Sentinel gives up leaves the replica promoted, and the other sentinels
    // turn it back (a full resync) about 8 s later, undoing what a test made it lack.
    static constexpr int failoverTimeoutMs = 30000;

    // A data node ends at once (a crash), or starts again on its port as a replica of the
    // current master, so a restarted old master rejoins as sentinels would have it.
    void killDataNode(int node);
    bool restartDataNode(int node, int timeoutMs = 30000);

private:
    QStringList dataArguments(quint16 port, quint16 masterPort) const;
    QStringList sentinelArguments(int index, quint16 port, quint16 masterPort) const;
    bool isSettled(int master, int replica);

    int m_sentinelCount;
    std::unique_ptr<QTemporaryDir> m_dir;
    std::vector<std::unique_ptr<TestRedisProcess>> m_data;
    std::vector<std::unique_ptr<TestRedisProcess>> m_sentinels;
    QList<quint16> m_replicaOf; // per data node: the master it starts following (0: none)
    QString m_error;
};
