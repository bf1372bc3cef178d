#include "clusterredirect.h"
#include "clusterslot.h"
#include "clusterslotmap.h"
#include "processprobe.h"
#include "redisconnection.h"
#include "testcluster.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QRandomGenerator>
#include <QTest>

#include <algorithm>
#include <memory>

Q_DECLARE_METATYPE(TestCluster::FailoverMode)

namespace {
// Waits for one reply on a connection, as only a test may. The handler dies with the
// context, so a late reply cannot touch this frame.
RedisReply call(RedisConnection &c, const RedisCommand &command, int timeoutMs = 10000)
{
    QObject context;
    bool done = false;
    RedisReply result = RedisReply::error("TEST no reply");
    c.send(command, &context, [&](const RedisReply &r) {
        result = r;
        done = true;
    });
    (void)QTest::qWaitFor([&] { return done; }, timeoutMs);
    return result;
}

QList<RedisReply> callAll(RedisConnection &c, const QList<RedisCommand> &commands, int timeoutMs = 10000)
{
    QObject context;
    QList<RedisReply> result;
    bool done = false;
    c.pipeline(commands, &context, [&](const QList<RedisReply> &r) {
        result = r;
        done = true;
    });
    (void)QTest::qWaitFor([&] { return done; }, timeoutMs);
    return result;
}

QList<quint16> sorted(QList<quint16> ports)
{
    std::sort(ports.begin(), ports.end());
    return ports;
}
} // namespace

// The cluster protocol classes against a real Redis Cluster of 3 masters and 3 replicas, and
// the fixture's own helpers (resharding in steps, failovers, kill and restart, paused
// replication) that later tests build on. One cluster serves every test function, in order.
class TestClusterTopologyFixture : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestCluster> m_cluster;

    std::unique_ptr<RedisConnection> connectTo(int node)
    {
        auto c = std::make_unique<RedisConnection>(m_cluster->options(node));
        c->open();
        if (!QTest::qWaitFor([&] { return c->isReady(); }, 5000))
            return nullptr;
        return c;
    }

    std::optional<ClusterSlotMap> readShards(int node, QString *error)
    {
        auto c = connectTo(node);
        if (!c) {
            *error = QStringLiteral("no connection to node %1").arg(node);
            return std::nullopt;
        }
        return ClusterSlotMap::fromShards(call(*c, {"CLUSTER", "SHARDS"}), error);
    }

    // A key whose slot the given master serves (found by the class under test, checked
    // against the server by the caller).
    QByteArray keyServedBy(int master, const QByteArray &prefix)
    {
        for (int i = 0; i < 100000; ++i) {
            const QByteArray key = prefix + QByteArray::number(i);
            if (m_cluster->masterForSlot(ClusterSlot::forKey(key)) == master)
                return key;
        }
        return {};
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_cluster = std::make_unique<TestCluster>();
        QElapsedTimer clock;
        clock.start();
        QVERIFY2(m_cluster->start(), qPrintable(m_cluster->errorString()));
        qInfo("cluster of %d nodes up in %lld ms", m_cluster->nodeCount(), clock.elapsed());
        QCOMPARE(m_cluster->masters().size(), 3);
        QCOMPARE(m_cluster->replicas().size(), 3);
        for (int node = 0; node < m_cluster->nodeCount(); ++node) {
            // Every port leaves room for the cluster bus.
            QVERIFY(m_cluster->port(node) + 10000 <= 65535);
            QVERIFY(ProcessProbe::isRunning(m_cluster->pid(node)));
        }
    }

    void shardsAndSlotsDescribeTheCluster()
    {
        auto c = connectTo(0);
        QVERIFY(c);
        QString error;
        const auto shards = ClusterSlotMap::fromShards(call(*c, {"CLUSTER", "SHARDS"}), &error);
        QVERIFY2(shards, qPrintable(error));
        const auto fromSlots = ClusterSlotMap::fromSlots(call(*c, {"CLUSTER", "SLOTS"}), &error);
        QVERIFY2(fromSlots, qPrintable(error));

        for (const ClusterSlotMap *map : {&*shards, &*fromSlots}) {
            QVERIFY(map->isComplete());
            QCOMPARE(map->assignedSlots(), ClusterSlot::count);
            QCOMPARE(map->summary(), QStringLiteral("cluster: 3 masters, 3 replicas"));
            QList<quint16> masterPorts;
            for (const ClusterNode &master : map->masters()) {
                masterPorts << master.port;
                QCOMPARE(master.host, QStringLiteral("127.0.0.1"));
                QCOMPARE(master.id, m_cluster->nodeId(m_cluster->nodeAtPort(master.port)));
                const QList<ClusterNode> replicas = map->replicasOf(master);
                QCOMPARE(replicas.size(), 1);
                // The replica the map names follows that master, as the replica itself says.
                QCOMPARE(m_cluster->masterOf(m_cluster->nodeAtPort(replicas.first().port)), m_cluster->nodeAtPort(master.port));
            }
            QCOMPARE(sorted(masterPorts), sorted(m_cluster->masterPorts()));
        }
        // CLUSTER SHARDS also says every node is healthy (the fixture waited for that).
        for (const ClusterShard &shard : shards->shards()) {
            QCOMPARE(shard.master.health, ClusterNode::Health::Online);
            QCOMPARE(shard.replicas.first().health, ClusterNode::Health::Online);
        }
        // Both replies route every slot to the same master.
        for (int slot = 0; slot < ClusterSlot::count; ++slot)
            QCOMPARE(shards->ownerOf(quint16(slot))->id, fromSlots->ownerOf(quint16(slot))->id);
        // And so does the fixture's reading of CLUSTER NODES, for a few slots.
        for (int slot : {0, 5460, 5461, 10922, 10923, 16383})
            QCOMPARE(shards->ownerOf(quint16(slot))->port, m_cluster->port(m_cluster->masterForSlot(slot)));
    }

    void slotsOfRandomKeysMatchTheServer()
    {
        const quint32 seed = QRandomGenerator::global()->generate();
        qInfo("key seed %u", seed);
        QRandomGenerator random(seed);
        const QByteArray alphabet("abcxyz0129:{}-_\x00\xff\x80{}", 22);
        QList<QByteArray> keys{QByteArray(), QByteArray("{}"), QByteArray("{user1000}.following")};
        while (keys.size() < 200) {
            QByteArray key;
            const int length = random.bounded(0, 40);
            for (int i = 0; i < length; ++i)
                key += alphabet.at(random.bounded(int(alphabet.size())));
            keys << key;
        }
        auto c = connectTo(m_cluster->masters().first());
        QVERIFY(c);
        QList<RedisCommand> commands;
        for (const QByteArray &key : std::as_const(keys))
            commands << RedisCommand{"CLUSTER", "KEYSLOT", key};
        const QList<RedisReply> replies = callAll(*c, commands);
        QCOMPARE(replies.size(), keys.size());
        for (qsizetype i = 0; i < keys.size(); ++i)
            QVERIFY2(replies.at(i).isInteger() && ClusterSlot::forKey(keys.at(i)) == replies.at(i).integer(),
                     qPrintable(QStringLiteral("key %1: ours %2, server %3")
                                    .arg(QString::fromLatin1(keys.at(i).toHex()))
                                    .arg(ClusterSlot::forKey(keys.at(i)))
                                    .arg(replies.at(i).toDebugString())));
        QCOMPARE(m_cluster->keySlot("somekey"), 11058);
    }

    void wrongMasterAnswersMovedToTheOwner()
    {
        QString error;
        const auto map = readShards(0, &error);
        QVERIFY2(map, qPrintable(error));
        const QByteArray key = "lock:{order}:42";
        const quint16 slot = ClusterSlot::forKey(key);
        const ClusterNode owner = map->ownerOf(slot).value();
        QCOMPARE(int(owner.port), int(m_cluster->port(m_cluster->masterForSlot(slot))));

        // Every other master, and every replica (no READONLY), sends the client to the owner.
        for (int node = 0; node < m_cluster->nodeCount(); ++node) {
            if (m_cluster->port(node) == owner.port)
                continue;
            auto c = connectTo(node);
            QVERIFY(c);
            const RedisReply reply = call(*c, {"GET", key});
            const auto redirect = ClusterRedirect::fromReply(reply);
            QVERIFY2(redirect, qPrintable(reply.toDebugString()));
            QCOMPARE(redirect->kind(), ClusterRedirect::Kind::Moved);
            QCOMPARE(redirect->slot(), slot);
            QCOMPARE(redirect->hostOr(QStringLiteral("unused")), QStringLiteral("127.0.0.1"));
            QCOMPARE(redirect->port(), owner.port);
            QVERIFY(owner.isAt(redirect->host(), redirect->port()));
        }
        // The owner serves it.
        auto c = connectTo(m_cluster->nodeAtPort(owner.port));
        QVERIFY(c);
        QVERIFY(call(*c, {"SET", key, "holder-1"}).isStatus("OK"));
        QCOMPARE(call(*c, {"GET", key}).bytes(), QByteArray("holder-1"));
    }

    void halfMigratedSlotAnswersAsk()
    {
        QString error;
        const auto before = readShards(0, &error);
        QVERIFY2(before, qPrintable(error));
        const QList<QByteArray> keys{"{ask}:a", "{ask}:b", "{ask}:c"};
        const int slot = ClusterSlot::forKey(keys.first());
        QCOMPARE(m_cluster->keySlot(keys.first()), slot);
        const int from = m_cluster->masterForSlot(slot);
        QVERIFY(from >= 0);
        const QList<int> masters = m_cluster->masters();
        const int to = *std::find_if(masters.cbegin(), masters.cend(), [&](int m) { return m != from; });
        auto source = connectTo(from);
        auto target = connectTo(to);
        QVERIFY(source && target);
        for (const QByteArray &key : keys)
            QVERIFY(call(*source, {"SET", key, "v-" + key}).isStatus("OK"));

        QVERIFY2(m_cluster->beginMigration(slot, from, to), qPrintable(m_cluster->errorString()));
        QCOMPARE(m_cluster->migrateKeys(slot, from, to, 1), 1);
        QByteArray moved;
        QByteArray stayed;
        for (const QByteArray &key : keys)
            (call(*source, {"EXISTS", key}).integer() == 1 ? stayed : moved) = key;
        QVERIFY(!moved.isEmpty() && !stayed.isEmpty());

        // The source still serves what it has, and sends the client on for what it has not.
        QCOMPARE(call(*source, {"GET", stayed}).bytes(), "v-" + stayed);
        const RedisReply ask = call(*source, {"GET", moved});
        const auto redirect = ClusterRedirect::fromReply(ask);
        QVERIFY2(redirect, qPrintable(ask.toDebugString()));
        QCOMPARE(redirect->kind(), ClusterRedirect::Kind::Ask);
        QCOMPARE(int(redirect->slot()), slot);
        QCOMPARE(redirect->port(), m_cluster->port(to));
        // The target serves it only after ASKING; without, it sends the client back.
        const auto back = ClusterRedirect::fromReply(call(*target, {"GET", moved}));
        QVERIFY(back);
        QCOMPARE(back->kind(), ClusterRedirect::Kind::Moved);
        QCOMPARE(back->port(), m_cluster->port(from));
        const QList<RedisReply> asked = callAll(*target, {{"ASKING"}, {"GET", moved}});
        QCOMPARE(asked.size(), 2);
        QCOMPARE(asked.at(1).bytes(), "v-" + moved);
        // An ASK does not change the map: the slot is still the source's.
        QCOMPARE(before->ownerOf(quint16(slot))->port, m_cluster->port(from));

        QVERIFY(m_cluster->migrateKeys(slot, from, to) >= 1);
        QVERIFY2(m_cluster->finishMigration(slot, to), qPrintable(m_cluster->errorString()));
        QCOMPARE(m_cluster->masterForSlot(slot), to);

        // Now the source answers MOVED, which brings the old map up to date.
        const auto movedReply = ClusterRedirect::fromReply(call(*source, {"GET", stayed}));
        QVERIFY(movedReply);
        QCOMPARE(movedReply->kind(), ClusterRedirect::Kind::Moved);
        ClusterSlotMap stale = *before;
        QVERIFY(stale.applyMoved(movedReply->slot(), movedReply->hostOr(QStringLiteral("127.0.0.1")), movedReply->port()));
        QCOMPARE(stale.ownerOf(quint16(slot))->port, m_cluster->port(to));
        QVERIFY(stale.isComplete());
        // A fresh read says the same, with the slot split out of the source's range.
        const auto after = readShards(from, &error);
        QVERIFY2(after, qPrintable(error));
        QCOMPARE(after->ownerOf(quint16(slot))->port, m_cluster->port(to));
        QVERIFY(after->isComplete());
        for (const QByteArray &key : keys)
            QCOMPARE(call(*target, {"GET", key}).bytes(), "v-" + key);
    }

    void pausedReplicaHasNotSeenTheWrite()
    {
        const int replica = m_cluster->replicas().first();
        const int master = m_cluster->masterOf(replica);
        const QByteArray key = keyServedBy(master, "paused:");
        QVERIFY(!key.isEmpty());
        auto writer = connectTo(master);
        auto reader = connectTo(replica);
        QVERIFY(writer && reader);
        QVERIFY(call(*reader, {"READONLY"}).isStatus("OK"));
        QVERIFY(call(*writer, {"SET", key, "v1"}).isStatus("OK"));
        QTRY_COMPARE_WITH_TIMEOUT(call(*reader, {"GET", key}).bytes(), QByteArray("v1"), 5000);

        QVERIFY(m_cluster->pauseReplication(replica, 10000));
        QVERIFY(call(*writer, {"SET", key, "v2"}).isStatus("OK"));
        QCOMPARE(call(*writer, {"GET", key}).bytes(), QByteArray("v2"));
        // Given time it would have arrived by now; held back, it has not.
        QTest::qWait(300);
        QCOMPARE(call(*reader, {"GET", key}).bytes(), QByteArray("v1"));
        QVERIFY(m_cluster->resumeReplication(replica));
        QTRY_COMPARE_WITH_TIMEOUT(call(*reader, {"GET", key}).bytes(), QByteArray("v2"), 5000);
    }

    void failoverFlipsRoles_data()
    {
        QTest::addColumn<TestCluster::FailoverMode>("mode");
        QTest::newRow("coordinated") << TestCluster::FailoverMode::Default;
        QTest::newRow("force") << TestCluster::FailoverMode::Force;
        QTest::newRow("takeover") << TestCluster::FailoverMode::Takeover;
    }

    void failoverFlipsRoles()
    {
        QFETCH(TestCluster::FailoverMode, mode);
        const int replica = m_cluster->replicas().first();
        const int master = m_cluster->masterOf(replica);
        QVERIFY(master >= 0);
        const QByteArray key = keyServedBy(master, "failover:");
        QVERIFY(!key.isEmpty());
        const quint16 slot = ClusterSlot::forKey(key);
        QVERIFY(m_cluster->command(master, {"SET", key, "kept"}).isStatus("OK"));
        QVERIFY(m_cluster->command(master, {"WAIT", "1", "5000"}).integer() == 1);

        QElapsedTimer clock;
        clock.start();
        QVERIFY2(m_cluster->failover(replica, mode), qPrintable(m_cluster->errorString()));
        qInfo("failover done in %lld ms", clock.elapsed());
        QCOMPARE(m_cluster->masterOf(master), replica);
        QVERIFY(m_cluster->masters().contains(replica));
        QCOMPARE(m_cluster->masterForSlot(slot), replica);

        // A fresh CLUSTER SHARDS, from any node, names the new master with the old as its replica.
        for (int node : {replica, master, (master + 1) % m_cluster->nodeCount()}) {
            QString error;
            const auto map = readShards(node, &error);
            QVERIFY2(map, qPrintable(error));
            QVERIFY(map->isComplete());
            const ClusterNode owner = map->ownerOf(slot).value();
            QCOMPARE(owner.port, m_cluster->port(replica));
            QCOMPARE(owner.id, m_cluster->nodeId(replica));
            const QList<ClusterNode> replicas = map->replicasOf(owner);
            QCOMPARE(replicas.size(), 1);
            QCOMPARE(replicas.first().port, m_cluster->port(master));
            QCOMPARE(map->summary(), QStringLiteral("cluster: 3 masters, 3 replicas"));
        }
        QCOMPARE(m_cluster->command(replica, {"GET", key}).bytes(), QByteArray("kept"));
    }

    void killedMasterIsReplacedAndRejoins()
    {
        const int replica = m_cluster->replicas().first();
        const int master = m_cluster->masterOf(replica);
        const QByteArray key = keyServedBy(master, "crash:");
        QVERIFY(m_cluster->command(master, {"SET", key, "survives"}).isStatus("OK"));
        QVERIFY(m_cluster->command(master, {"WAIT", "1", "5000"}).integer() == 1);
        const qint64 oldPid = m_cluster->pid(master);

        QElapsedTimer clock;
        clock.start();
        m_cluster->kill(master);
        QVERIFY(!m_cluster->isRunning(master));
        QTRY_VERIFY(!ProcessProbe::isRunning(oldPid));
        // The cluster promotes the replica on its own once the node timeout (2 s) has passed.
        QVERIFY(m_cluster->waitUntilHealthy());
        qInfo("replica took over from the killed master in %lld ms", clock.elapsed());
        QVERIFY(m_cluster->masters().contains(replica));
        QCOMPARE(m_cluster->command(replica, {"GET", key}).bytes(), QByteArray("survives"));
        // Redis 7.0 now lists the dead master as a failed shard of its own, serving nothing,
        // and its promoted replica as a master without replicas.
        QString error;
        const auto map = readShards(replica, &error);
        QVERIFY2(map, qPrintable(error));
        QCOMPARE(map->summary(), QStringLiteral("cluster: 4 masters, 2 replicas, 1 failed"));
        QVERIFY(map->isComplete());
        for (const ClusterShard &shard : map->shards()) {
            if (shard.master.port == m_cluster->port(master)) {
                QCOMPARE(shard.master.health, ClusterNode::Health::Failed);
                QCOMPARE(shard.slotCount(), 0);
            } else if (shard.master.port == m_cluster->port(replica)) {
                QVERIFY(shard.replicas.isEmpty());
                QVERIFY(shard.slotCount() > 0);
            }
        }

        clock.restart();
        QVERIFY2(m_cluster->restart(master), qPrintable(m_cluster->errorString()));
        qInfo("restarted node rejoined in %lld ms", clock.elapsed());
        QCOMPARE(m_cluster->masterOf(master), replica);
        QCOMPARE(m_cluster->masters().size(), 3);
        QCOMPARE(m_cluster->replicas().size(), 3);
        const auto rejoined = readShards(master, &error);
        QVERIFY2(rejoined, qPrintable(error));
        QCOMPARE(rejoined->summary(), QStringLiteral("cluster: 3 masters, 3 replicas"));
    }

    // Runs last: the fixture leaves no process and no directory behind.
    void fixtureLeavesNothingBehind()
    {
        QList<qint64> pids;
        for (int node = 0; node < m_cluster->nodeCount(); ++node)
            pids << m_cluster->pid(node);
        const QString dir = m_cluster->directory();
        QVERIFY(QDir(dir).exists());
        m_cluster.reset();
        for (qint64 pid : std::as_const(pids))
            QVERIFY(!ProcessProbe::isRunning(pid));
        QVERIFY(ProcessProbe::redisChildrenOf(QCoreApplication::applicationPid()).isEmpty());
        QVERIFY(!QDir(dir).exists());
    }
};

QTEST_GUILESS_MAIN(TestClusterTopologyFixture)
#include "tst_clustertopologyfixture.moc"
