#include "testcluster.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

namespace {
constexpr int pollMs = 100;

// Polls until done() or the time is up; the event loop runs in between, so connections and
// processes make progress.
template<typename Condition>
bool waitFor(Condition done, int timeoutMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!done()) {
        if (clock.elapsed() > timeoutMs)
            return false;
        QTest::qWait(pollMs);
    }
    return true;
}

// The lines of CLUSTER NODES, each split into its fields:
// <id> <ip:port@cport[,hostname]> <flags> <master> <ping> <pong> <epoch> <link> <slot>...
QList<QList<QByteArray>> nodeLines(const RedisReply &reply)
{
    QList<QList<QByteArray>> lines;
    if (!reply.isString())
        return lines;
    for (const QByteArray &line : reply.bytes().split('\n')) {
        const QList<QByteArray> fields = line.trimmed().split(' ');
        if (fields.size() >= 8)
            lines.append(fields);
    }
    return lines;
}

quint16 portOfAddress(const QByteArray &address)
{
    const QByteArray hostPort = address.split('@').value(0);
    return quint16(hostPort.mid(hostPort.lastIndexOf(':') + 1).toUInt());
}

bool hasFlag(const QByteArray &flags, const char *flag)
{
    return flags.split(',').contains(QByteArray(flag));
}
} // namespace

TestCluster::TestCluster(int masters, int replicasPerMaster)
    : m_masterCount(masters)
    , m_replicasPerMaster(replicasPerMaster)
{
}

TestCluster::~TestCluster()
{
    // Servers first: the directory holds their nodes.conf until they are gone.
    m_nodes.clear();
    m_dir.reset();
}

QStringList TestCluster::nodeArguments(quint16 port) const
{
    const QString dir = m_dir->path();
    return {
        QStringLiteral("--port"), QString::number(port),
        QStringLiteral("--bind"), QStringLiteral("127.0.0.1"),
        QStringLiteral("--cluster-enabled"), QStringLiteral("yes"),
        QStringLiteral("--cluster-config-file"), dir + QStringLiteral("/nodes-%1.conf").arg(port),
        QStringLiteral("--cluster-node-timeout"), QStringLiteral("2000"),
        QStringLiteral("--appendonly"), QStringLiteral("no"),
        QStringLiteral("--save"), QString(),
        QStringLiteral("--dir"), dir,
        QStringLiteral("--daemonize"), QStringLiteral("no"),
        QStringLiteral("--logfile"), QString(),
        // DEBUG SLEEP and the like, for fault injection from loopback.
        QStringLiteral("--enable-debug-command"), QStringLiteral("local"),
        // A replica's first sync starts at once instead of after the default 5 s, and masters
        // ping replicas every second so their offsets (and CLUSTER SHARDS health) move.
        QStringLiteral("--repl-diskless-sync-delay"), QStringLiteral("0"),
        QStringLiteral("--repl-ping-replica-period"), QStringLiteral("1"),
    };
}

QString TestCluster::directory() const
{
    return m_dir ? m_dir->path() : QString();
}

bool TestCluster::start()
{
    m_dir = TestRedisProcess::temporaryDirectory(QStringLiteral("cluster"));
    if (!m_dir) {
        m_error = QStringLiteral("no temporary directory");
        return false;
    }
    const int total = m_masterCount * (1 + m_replicasPerMaster);
    for (int i = 0; i < total; ++i) {
        auto node = std::make_unique<TestRedisProcess>(m_dir->filePath(QStringLiteral("node%1.log").arg(i)),
                                                       [this](quint16 port) { return nodeArguments(port); }, true);
        if (!node->start()) {
            m_error = QStringLiteral("node %1: ").arg(i) + node->errorString();
            return false;
        }
        m_nodes.push_back(std::move(node));
    }
    if (!createCluster())
        return false;
    for (int i = 0; i < total; ++i)
        m_ids.append(command(i, {"CLUSTER", "MYID"}).bytes());
    if (!waitUntilHealthy()) {
        m_error = QStringLiteral("the cluster did not become healthy");
        return false;
    }
    return true;
}

bool TestCluster::createCluster()
{
    QStringList args{QStringLiteral("--cluster"), QStringLiteral("create")};
    for (const auto &node : m_nodes)
        args << QStringLiteral("127.0.0.1:%1").arg(node->port());
    args << QStringLiteral("--cluster-replicas") << QString::number(m_replicasPerMaster) << QStringLiteral("--cluster-yes");
    QProcess cli;
    cli.setProcessChannelMode(QProcess::MergedChannels);
    cli.start(QStringLiteral("redis-cli"), args);
    if (!cli.waitForFinished(60000)) {
        cli.kill();
        cli.waitForFinished(5000);
        m_error = QStringLiteral("redis-cli --cluster create did not finish");
        return false;
    }
    const QByteArray output = cli.readAll();
    if (cli.exitStatus() != QProcess::NormalExit || cli.exitCode() != 0 || !output.contains("All 16384 slots covered")) {
        m_error = QStringLiteral("redis-cli --cluster create failed: ") + QString::fromLocal8Bit(output.right(600));
        return false;
    }
    return true;
}

quint16 TestCluster::port(int node) const
{
    return node >= 0 && node < nodeCount() ? m_nodes.at(std::size_t(node))->port() : 0;
}

qint64 TestCluster::pid(int node) const
{
    return node >= 0 && node < nodeCount() ? m_nodes.at(std::size_t(node))->pid() : 0;
}

bool TestCluster::isRunning(int node) const
{
    return node >= 0 && node < nodeCount() && m_nodes.at(std::size_t(node))->isRunning();
}

ConnectionOptions TestCluster::options(int node) const
{
    return node >= 0 && node < nodeCount() ? m_nodes.at(std::size_t(node))->options() : ConnectionOptions();
}

int TestCluster::nodeAtPort(quint16 port) const
{
    for (int i = 0; i < nodeCount(); ++i)
        if (m_nodes.at(std::size_t(i))->port() == port)
            return i;
    return -1;
}

QByteArray TestCluster::nodeId(int node)
{
    return m_ids.value(node);
}

RedisReply TestCluster::command(int node, const RedisCommand &command, int timeoutMs)
{
    if (node < 0 || node >= nodeCount())
        return RedisReply::error("ERR test: no such node");
    return m_nodes.at(std::size_t(node))->command(command, timeoutMs);
}

QList<int> TestCluster::masters()
{
    QList<int> out;
    for (int i = 0; i < nodeCount(); ++i)
        if (isRunning(i) && command(i, {"ROLE"}).at(0).bytes() == "master")
            out << i;
    return out;
}

QList<int> TestCluster::replicas()
{
    QList<int> out;
    for (int i = 0; i < nodeCount(); ++i)
        if (isRunning(i) && command(i, {"ROLE"}).at(0).bytes() == "slave")
            out << i;
    return out;
}

QList<quint16> TestCluster::masterPorts()
{
    QList<quint16> out;
    for (int node : masters())
        out << port(node);
    return out;
}

QList<quint16> TestCluster::replicaPorts()
{
    QList<quint16> out;
    for (int node : replicas())
        out << port(node);
    return out;
}

int TestCluster::masterOf(int replica)
{
    // ROLE of a replica: slave, master ip, master port, link state, offset.
    const RedisReply role = command(replica, {"ROLE"});
    if (role.at(0).bytes() != "slave")
        return -1;
    return nodeAtPort(quint16(role.at(2).toInteger()));
}

int TestCluster::keySlot(const QByteArray &key)
{
    for (int i = 0; i < nodeCount(); ++i)
        if (isRunning(i)) {
            const RedisReply slot = command(i, {"CLUSTER", "KEYSLOT", key});
            return slot.isInteger() ? int(slot.integer()) : -1;
        }
    return -1;
}

int TestCluster::masterForSlot(int slot)
{
    for (int i = 0; i < nodeCount(); ++i) {
        if (!isRunning(i))
            continue;
        for (const QList<QByteArray> &f : nodeLines(command(i, {"CLUSTER", "NODES"}))) {
            if (!hasFlag(f.at(2), "master") || hasFlag(f.at(2), "fail"))
                continue;
            for (qsizetype s = 8; s < f.size(); ++s) {
                if (f.at(s).startsWith('[')) // a migration in progress, not ownership
                    continue;
                const QList<QByteArray> range = f.at(s).split('-');
                const int first = range.at(0).toInt();
                const int last = range.value(1, range.at(0)).toInt();
                if (slot >= first && slot <= last)
                    return nodeAtPort(portOfAddress(f.at(1)));
            }
        }
        return -1;
    }
    return -1;
}

QByteArray TestCluster::configSignature(int node)
{
    QList<QByteArray> entries;
    for (const QList<QByteArray> &f : nodeLines(command(node, {"CLUSTER", "NODES"}))) {
        QByteArray entry = f.at(0) + ' ' + (hasFlag(f.at(2), "master") ? "master" : "replica") + ' ' + f.at(3);
        if (hasFlag(f.at(2), "fail"))
            entry += " fail";
        for (qsizetype s = 8; s < f.size(); ++s)
            if (!f.at(s).startsWith('['))
                entry += ' ' + f.at(s);
        entries << entry;
    }
    std::sort(entries.begin(), entries.end());
    return entries.join('\n');
}

bool TestCluster::isHealthy()
{
    QByteArray reference;
    bool first = true;
    for (int i = 0; i < nodeCount(); ++i) {
        if (!isRunning(i))
            continue;
        if (!command(i, {"CLUSTER", "INFO"}).bytes().contains("cluster_state:ok"))
            return false;
        const QByteArray signature = configSignature(i);
        if (signature.isEmpty() || (!first && signature != reference))
            return false;
        reference = signature;
        first = false;
        const RedisReply role = command(i, {"ROLE"});
        if (role.at(0).bytes() == "slave" && role.at(3).bytes() != "connected")
            return false;
        // Every running node online in this node's CLUSTER SHARDS (a replica that has seen
        // no replication traffic yet says "loading").
        const RedisReply shards = command(i, {"CLUSTER", "SHARDS"});
        if (!shards.isArray())
            return false;
        for (const RedisReply &shard : shards.elements())
            for (qsizetype k = 0; k + 1 < shard.size(); k += 2) {
                if (shard.at(k).bytes() != "nodes")
                    continue;
                for (const RedisReply &n : shard.at(k + 1).elements()) {
                    quint16 nodePort = 0;
                    QByteArray health;
                    for (qsizetype f = 0; f + 1 < n.size(); f += 2) {
                        if (n.at(f).bytes() == "port")
                            nodePort = quint16(n.at(f + 1).toInteger());
                        else if (n.at(f).bytes() == "health")
                            health = n.at(f + 1).bytes();
                    }
                    if (isRunning(nodeAtPort(nodePort)) && health != "online")
                        return false;
                }
            }
    }
    return !first;
}

bool TestCluster::waitUntilHealthy(int timeoutMs)
{
    return waitFor([this] { return isHealthy(); }, timeoutMs);
}

bool TestCluster::failover(int replica, FailoverMode mode, int timeoutMs)
{
    const int oldMaster = masterOf(replica);
    if (oldMaster < 0) {
        m_error = QStringLiteral("node %1 is not a replica").arg(replica);
        return false;
    }
    RedisCommand failover{"CLUSTER", "FAILOVER"};
    if (mode == FailoverMode::Force)
        failover << "FORCE";
    else if (mode == FailoverMode::Takeover)
        failover << "TAKEOVER";
    const RedisReply reply = command(replica, failover);
    if (!reply.isStatus("OK")) {
        m_error = QStringLiteral("CLUSTER FAILOVER: ") + reply.toDebugString();
        return false;
    }
    const bool flipped = waitFor([&] {
        return command(replica, {"ROLE"}).at(0).bytes() == "master" && (!isRunning(oldMaster) || masterOf(oldMaster) == replica);
    }, timeoutMs);
    if (!flipped) {
        m_error = QStringLiteral("node %1 did not take over from node %2").arg(replica).arg(oldMaster);
        return false;
    }
    return waitUntilHealthy(timeoutMs);
}

void TestCluster::kill(int node)
{
    if (node >= 0 && node < nodeCount())
        m_nodes.at(std::size_t(node))->kill();
}

bool TestCluster::restart(int node, int timeoutMs)
{
    if (node < 0 || node >= nodeCount())
        return false;
    if (!m_nodes.at(std::size_t(node))->start()) {
        m_error = m_nodes.at(std::size_t(node))->errorString();
        return false;
    }
    return waitUntilHealthy(timeoutMs);
}

bool TestCluster::beginMigration(int slot, int fromMaster, int toMaster)
{
    const QByteArray s = QByteArray::number(slot);
    const RedisReply importing = command(toMaster, {"CLUSTER", "SETSLOT", s, "IMPORTING", nodeId(fromMaster)});
    const RedisReply migrating = command(fromMaster, {"CLUSTER", "SETSLOT", s, "MIGRATING", nodeId(toMaster)});
    if (!importing.isStatus("OK") || !migrating.isStatus("OK")) {
        m_error = QStringLiteral("SETSLOT IMPORTING/MIGRATING: %1 / %2").arg(importing.toDebugString(), migrating.toDebugString());
        return false;
    }
    return true;
}

int TestCluster::migrateKeys(int slot, int fromMaster, int toMaster, int maxKeys)
{
    constexpr int batch = 100;
    int moved = 0;
    while (maxKeys < 0 || moved < maxKeys) {
        const int count = maxKeys < 0 ? batch : std::min(batch, maxKeys - moved);
        const RedisReply keys = command(fromMaster, {"CLUSTER", "GETKEYSINSLOT", QByteArray::number(slot), QByteArray::number(count)});
        if (!keys.isArray()) {
            m_error = QStringLiteral("GETKEYSINSLOT: ") + keys.toDebugString();
            return -1;
        }
        if (keys.size() == 0)
            break;
        RedisCommand migrate{"MIGRATE", "127.0.0.1", QByteArray::number(port(toMaster)), "", "0", "5000", "KEYS"};
        for (const RedisReply &key : keys.elements())
            migrate << key.bytes();
        const RedisReply reply = command(fromMaster, migrate);
        if (!reply.isStatus("OK") && !reply.isStatus("NOKEY")) {
            m_error = QStringLiteral("MIGRATE: ") + reply.toDebugString();
            return -1;
        }
        moved += int(keys.size());
    }
    return moved;
}

bool TestCluster::finishMigration(int slot, int toMaster)
{
    const RedisCommand assign{"CLUSTER", "SETSLOT", QByteArray::number(slot), "NODE", nodeId(toMaster)};
    // The target first, so that once the source lets go, the slot always has an owner that
    // knows it (the order redis-cli uses), then every other master without waiting for gossip.
    QList<int> order{toMaster};
    for (int m : masters())
        if (m != toMaster)
            order << m;
    for (int m : std::as_const(order)) {
        const RedisReply reply = command(m, assign);
        if (!reply.isStatus("OK")) {
            m_error = QStringLiteral("SETSLOT NODE on node %1: %2").arg(m).arg(reply.toDebugString());
            return false;
        }
    }
    if (!waitUntilHealthy()) {
        m_error = QStringLiteral("the nodes did not agree on slot %1's owner").arg(slot);
        return false;
    }
    return true;
}

bool TestCluster::migrateSlot(int slot, int fromMaster, int toMaster)
{
    return beginMigration(slot, fromMaster, toMaster) && migrateKeys(slot, fromMaster, toMaster) >= 0
           && finishMigration(slot, toMaster);
}

bool TestCluster::pauseReplication(int replica, int ms)
{
    return command(replica, {"CLIENT", "PAUSE", QByteArray::number(ms), "WRITE"}).isStatus("OK");
}

bool TestCluster::resumeReplication(int replica)
{
    return command(replica, {"CLIENT", "UNPAUSE"}).isStatus("OK");
}
