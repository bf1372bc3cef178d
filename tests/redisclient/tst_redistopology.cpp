#include "clusterslot.h"
#include "luascript.h"
#include "sentineltopology.h"
#include "servertopology.h"
#include "testcluster.h"
#include "testredis.h"
#include "testsentinel.h"

#include <QSignalSpy>
#include <QTest>

// The topologies against real servers: a standalone server, a 3+3 Redis Cluster and a
// Sentinel-watched master, each followed through what changes its shape.
class TestRedisTopology : public QObject
{
    Q_OBJECT

private:
    static RedisReply call(RedisTopology &t, const QByteArray &key, const RedisCommand &command)
    {
        RedisReply out = RedisReply::error("ERR test: no reply");
        bool done = false;
        t.send(key, command, nullptr, [&](const RedisReply &r) {
            out = r;
            done = true;
        });
        if (!QTest::qWaitFor([&done] { return done; }, 10000))
            qWarning("no reply");
        return out;
    }

    static QString portOf(const RedisTopology &t, const RedisConnection *c)
    {
        const QString name = t.nodeName(c);
        return name.mid(name.lastIndexOf(QLatin1Char(':')) + 1);
    }

private Q_SLOTS:
    void standaloneIsOneMaster()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        ServerTopology t(redis.options(), {});
        QSignalSpy ready(&t, &RedisTopology::ready);
        t.open();
        QVERIFY(ready.wait(5000));
        QCOMPARE(t.kind(), RedisTopology::Kind::Standalone);
        QCOMPARE(t.masters().size(), qsizetype(1));
        QCOMPARE(t.nodeFor("any"), t.masters().first());
        QCOMPARE(t.summary(), QStringLiteral("standalone"));
        QVERIFY(call(t, "k", {"SET", "k", "v"}).isStatus("OK"));
        QVERIFY(t.sameSlot({"a", "b"})); // a standalone server takes any keys together
        QVERIFY(t.caveat().isEmpty());
    }

    // A replica given as the server is read as the server it is, and the caveat says its data
    // may lag and where its master is, as soon as it is ready.
    void aStandaloneReplicaIsSaidToBeOne()
    {
        TestRedis master;
        QVERIFY(master.start());
        QVERIFY(master.command({"CONFIG", "SET", "repl-diskless-sync-delay", "0"}).isStatus("OK"));
        TestRedis replica;
        QVERIFY(replica.start({QStringLiteral("--repl-diskless-load"), QStringLiteral("swapdb")}));
        QVERIFY(replica.command({"REPLICAOF", "127.0.0.1", QByteArray::number(master.port())}).isStatus("OK"));
        QTRY_VERIFY_WITH_TIMEOUT(replica.command({"INFO", "replication"}).bytes().contains("master_link_status:up"), 15000);
        ServerTopology t(replica.options(), {});
        QSignalSpy ready(&t, &RedisTopology::ready);
        t.open();
        QVERIFY(ready.wait(5000));
        QCOMPARE(t.kind(), RedisTopology::Kind::Standalone);
        const QString masterName = QStringLiteral("127.0.0.1:%1").arg(master.port());
        QCOMPARE(t.summary(), QStringLiteral("standalone replica of ") + masterName);
        QVERIFY2(t.caveat().startsWith(QStringLiteral("127.0.0.1:%1 is a replica of %2: what it shows may lag").arg(replica.port()).arg(masterName)),
                 qPrintable(t.caveat()));
        // Its master gone: the caveat says the link is down.
        QVERIFY(replica.command({"REPLICAOF", "127.0.0.1", "1"}).isStatus("OK")); // nothing listens there
        ServerTopology orphan(replica.options(), {});
        QSignalSpy orphanReady(&orphan, &RedisTopology::ready);
        orphan.open();
        QVERIFY(orphanReady.wait(5000));
        QVERIFY2(orphan.caveat().contains(QStringLiteral("its link to 127.0.0.1:1 is down")), qPrintable(orphan.caveat()));
        // Promoted, and connected again: no caveat any more.
        QVERIFY(replica.command({"REPLICAOF", "NO", "ONE"}).isStatus("OK"));
        ServerTopology promoted(replica.options(), {});
        QSignalSpy promotedReady(&promoted, &RedisTopology::ready);
        promoted.open();
        QVERIFY(promotedReady.wait(5000));
        QCOMPARE(promoted.summary(), QStringLiteral("standalone"));
        QVERIFY(promoted.caveat().isEmpty());
    }

    // Seed after seed refused: an error once every one was tried, not a silent rotation
    // (a command line waiting for a cluster that is not there would wait for ever).
    void seedsThatAllFailAreAnError()
    {
        TestRedis first, second;
        QVERIFY(first.start() && second.start());
        first.kill();
        second.kill();
        ServerTopology t(first.options(), {{QStringLiteral("127.0.0.1"), second.port()}});
        QSignalSpy error(&t, &RedisTopology::errorOccurred);
        t.open();
        QVERIFY(error.wait(5000));
        const QString said = error.first().first().toString();
        QVERIFY2(said.startsWith(QStringLiteral("none of the 2 seed nodes answered; the last: ")), qPrintable(said));
        QVERIFY2(said.contains(QString::number(second.port())) || said.contains(QString::number(first.port())), qPrintable(said));
        QVERIFY(!t.isReady());
    }

    void clusterFromAnyNode()
    {
        TestCluster cluster;
        QVERIFY2(cluster.start(), qPrintable(cluster.errorString()));
        // Seeded with a replica: it still finds the whole cluster.
        const int replica = cluster.replicas().first();
        ServerTopology t(cluster.options(replica), {});
        QSignalSpy ready(&t, &RedisTopology::ready);
        t.open();
        QVERIFY(ready.wait(10000));
        QCOMPARE(t.kind(), RedisTopology::Kind::Cluster);
        QCOMPARE(t.masters().size(), qsizetype(3));
        QCOMPARE(t.summary(), QStringLiteral("cluster: 3 masters, 3 replicas"));
        // Every key goes to the master that owns its slot, and lands there.
        for (int i = 0; i < 60; ++i) {
            const QByteArray key = "lock:route:" + QByteArray::number(i);
            const int owner = cluster.masterForSlot(ClusterSlot::forKey(key));
            QCOMPARE(portOf(t, t.nodeFor(key)), QString::number(cluster.port(owner)));
            QVERIFY(call(t, key, {"SET", key, "t"}).isStatus("OK"));
            QCOMPARE(cluster.command(owner, {"GET", key}).bytes(), QByteArray("t"));
        }
        QVERIFY(!t.sameSlot({"lock:a", "lock:b"}));
        QVERIFY(t.sameSlot({"{orders}", "redisson_lock__channel:{orders}"}));
        // A script whose keys span slots is refused before anything is sent.
        const LuaScript script(QStringLiteral("del2"), "redis.call('DEL', KEYS[1]); return redis.call('DEL', KEYS[2])");
        RedisReply refused;
        bool done = false;
        t.runScript(script, {"lock:a", "lock:b"}, {}, nullptr, [&](const RedisReply &r) {
            refused = r;
            done = true;
        });
        QTRY_VERIFY(done);
        QVERIFY(refused.errorIs("CROSSSLOT"));
        QVERIFY(refused.errorMessage().contains(QLatin1String("lock:a")));
    }

    void movedAndAskAreFollowed()
    {
        TestCluster cluster;
        QVERIFY2(cluster.start(), qPrintable(cluster.errorString()));
        ServerTopology t(cluster.options(cluster.masters().first()), {});
        QSignalSpy ready(&t, &RedisTopology::ready);
        t.open();
        QVERIFY(ready.wait(10000));
        const QByteArray moving = "lock:moving", staying = "{lock:moving}:other";
        const int slot = ClusterSlot::forKey(moving);
        const int from = cluster.masterForSlot(slot);
        const int to = cluster.masters().value(cluster.masters().indexOf(from) == 0 ? 1 : 0);
        QVERIFY(call(t, moving, {"SET", moving, "1"}).isStatus("OK"));
        QVERIFY(call(t, staying, {"SET", staying, "2"}).isStatus("OK"));
        // Half migrated: one key already on the target, the other still on the source. A
        // read of the moved one is answered ASK; the topology follows it with ASKING.
        QVERIFY(cluster.beginMigration(slot, from, to));
        QCOMPARE(cluster.migrateKeys(slot, from, to, 1), 1);
        QCOMPARE(call(t, moving, {"GET", moving}).isError(), false);
        QCOMPARE(call(t, staying, {"GET", staying}).isError(), false);
        QVERIFY(cluster.migrateKeys(slot, from, to) >= 0);
        QVERIFY(cluster.finishMigration(slot, to));
        // The slot moved: MOVED is followed, and the map learns it.
        QCOMPARE(call(t, moving, {"GET", moving}).bytes(), QByteArray("1"));
        QTRY_COMPARE(portOf(t, t.nodeFor(moving)), QString::number(cluster.port(to)));
    }

    void clusterFailoverKeepsTheConnection()
    {
        TestCluster cluster;
        QVERIFY2(cluster.start(), qPrintable(cluster.errorString()));
        ServerTopology t(cluster.options(cluster.masters().first()), {});
        QSignalSpy ready(&t, &RedisTopology::ready);
        t.open();
        QVERIFY(ready.wait(10000));
        const QByteArray key = "lock:failover";
        RedisConnection *before = t.nodeFor(key);
        const int oldMaster = cluster.masterForSlot(ClusterSlot::forKey(key));
        int promoted = -1;
        for (int r : cluster.replicas())
            if (cluster.masterOf(r) == oldMaster)
                promoted = r;
        QVERIFY(promoted >= 0);
        QSignalSpy failovers(&t, &RedisTopology::failover);
        QVERIFY(cluster.failover(promoted));
        QTRY_VERIFY_WITH_TIMEOUT(!failovers.isEmpty(), 15000);
        QCOMPARE(failovers.first().at(0).value<RedisConnection *>(), before);
        QCOMPARE(failovers.first().at(2).toString().section(QLatin1Char(':'), -1), QString::number(cluster.port(promoted)));
        QCOMPARE(t.nodeFor(key), before); // the same connection, now on the promoted node
        QTRY_VERIFY(before->isReady());
        QVERIFY(call(t, key, {"SET", key, "after"}).isStatus("OK"));
        QCOMPARE(cluster.command(promoted, {"GET", key}).bytes(), QByteArray("after"));
        QCOMPARE(t.masters().size(), qsizetype(3));
    }

    void sentinelFollowsTheMaster()
    {
        TestSentinel sentinel;
        QVERIFY2(sentinel.start(), qPrintable(sentinel.errorString()));
        const int master = sentinel.currentMaster();
        ConnectionOptions data = sentinel.dataOptions(master);
        // The first sentinel given is down: the next is asked, and that is no error.
        TestRedis gone;
        QVERIFY(gone.start());
        gone.kill();
        ConnectionOptions first = sentinel.sentinelOptions(0);
        first.port = gone.port();
        QList<QPair<QString, quint16>> more;
        for (int i = 0; i < sentinel.sentinelCount(); ++i)
            more << qMakePair(QStringLiteral("127.0.0.1"), sentinel.sentinelPorts().at(i));
        more << more.first(); // given twice
        SentinelTopology t(data, first, more, QString::fromLatin1(sentinel.masterName()));
        QSignalSpy ready(&t, &RedisTopology::ready);
        QSignalSpy errors(&t, &RedisTopology::errorOccurred);
        t.open();
        QVERIFY(ready.wait(10000));
        QCOMPARE(errors.size(), 0);
        QCOMPARE(t.kind(), RedisTopology::Kind::Sentinel);
        QCOMPARE(portOf(t, t.masters().first()), QString::number(sentinel.dataPort(master)));
        QVERIFY(t.summary().contains(QLatin1String("lockscope-test")));
        // The deployment's sentinels, as they know each other: not the dead address, nor the
        // one given twice, counted in.
        QTRY_VERIFY2(t.summary().endsWith(QStringLiteral("(%1 sentinel(s))").arg(sentinel.sentinelCount())), qPrintable(t.summary()));
        QVERIFY(call(t, "lock:s", {"SET", "lock:s", "t"}).isStatus("OK"));

        QSignalSpy failovers(&t, &RedisTopology::failover);
        RedisConnection *connection = t.masters().first();
        QVERIFY(sentinel.failover());
        const int promoted = sentinel.currentMaster();
        QVERIFY(promoted != master);
        QTRY_VERIFY_WITH_TIMEOUT(!failovers.isEmpty(), 15000);
        QCOMPARE(t.masters().first(), connection);
        QCOMPARE(portOf(t, connection), QString::number(sentinel.dataPort(promoted)));
        QTRY_VERIFY_WITH_TIMEOUT(t.state() == RedisTopology::State::Ready, 10000);
        QVERIFY(call(t, "lock:s2", {"SET", "lock:s2", "t"}).isStatus("OK"));
        QCOMPARE(sentinel.command(promoted, {"GET", "lock:s2"}).bytes(), QByteArray("t"));
    }

    // A sentinel whose view is stale names a replica: the next sentinel is asked, and the
    // master it names is taken, as no error and no failover (it waited out the connect
    // timeout on the first sentinel's word, then failed).
    void aSentinelNamingAReplicaIsPassedOver_data()
    {
        QTest::addColumn<bool>("replicaPassword");
        QTest::newRow("the replica says it is one") << false;
        // The named node cannot even be logged in to: that was the error at once.
        QTest::newRow("the replica has a password of its own") << true;
    }

    void aSentinelNamingAReplicaIsPassedOver()
    {
        QFETCH(bool, replicaPassword);
        TestSentinel sentinel;
        QVERIFY2(sentinel.start(), qPrintable(sentinel.errorString()));
        const int master = sentinel.currentMaster();
        const int replica = 1 - master;
        // Sentinel 0 now monitors the replica under the master's name.
        QVERIFY(sentinel.sentinelCommand(0, {"SENTINEL", "REMOVE", sentinel.masterName()}).isStatus("OK"));
        QVERIFY(sentinel.sentinelCommand(0, {"SENTINEL", "MONITOR", sentinel.masterName(), "127.0.0.1",
                                             QByteArray::number(sentinel.dataPort(replica)), "2"})
                    .isStatus("OK"));
        const RedisReply named = sentinel.sentinelCommand(0, {"SENTINEL", "GET-MASTER-ADDR-BY-NAME", sentinel.masterName()});
        QVERIFY(named.isArray() && named.size() == 2);
        QCOMPARE(named.at(1).bytes(), QByteArray::number(sentinel.dataPort(replica)));
        if (replicaPassword)
            QVERIFY(sentinel.command(replica, {"CONFIG", "SET", "requirepass", "replica-only"}).isStatus("OK"));
        // And sentinel 1 monitors no such name: its no, after a node was named, must not end
        // it either (it did: a named node counted as a master known).
        QVERIFY(sentinel.sentinelCommand(1, {"SENTINEL", "REMOVE", sentinel.masterName()}).isStatus("OK"));

        SentinelTopology t(sentinel.dataOptions(master), sentinel.sentinelOptions(0),
                           {qMakePair(QStringLiteral("127.0.0.1"), sentinel.sentinelPorts().at(1)),
                            qMakePair(QStringLiteral("127.0.0.1"), sentinel.sentinelPorts().at(2))},
                           QString::fromLatin1(sentinel.masterName()));
        QSignalSpy errors(&t, &RedisTopology::errorOccurred);
        QSignalSpy failovers(&t, &RedisTopology::failover);
        t.open();
        QTRY_VERIFY2_WITH_TIMEOUT(t.state() == RedisTopology::State::Ready || t.state() == RedisTopology::State::Failed,
                                  qPrintable(t.lastError()), 15000);
        QVERIFY2(t.state() == RedisTopology::State::Ready, qPrintable(t.lastError()));
        QCOMPARE(portOf(t, t.masters().first()), QString::number(sentinel.dataPort(master)));
        QVERIFY2(errors.isEmpty(), qPrintable(errors.value(0).value(0).toString()));
        QCOMPARE(failovers.count(), 0);
    }

    // A master name no sentinel knows, and a sentinel given as a server: one clear error each.
    void anUnknownMasterNameIsOneClearError()
    {
        TestSentinel sentinel;
        QVERIFY2(sentinel.start(), qPrintable(sentinel.errorString()));
        SentinelTopology t(sentinel.dataOptions(0), sentinel.sentinelOptions(0), {}, QStringLiteral("no-such-master"));
        QSignalSpy errors(&t, &RedisTopology::errorOccurred);
        t.open();
        QVERIFY(errors.wait(5000));
        QVERIFY2(errors.first().at(0).toString().contains(QLatin1String("no master named \"no-such-master\"")),
                 qPrintable(errors.first().at(0).toString()));
        QCOMPARE(t.state(), RedisTopology::State::Failed);

        // One sentinel of those given that does not know the name (another deployment's, or
        // one not told yet): the next is asked, and that is no error (it ended it).
        QVERIFY(sentinel.sentinelCommand(0, {"SENTINEL", "REMOVE", sentinel.masterName()}).isStatus("OK"));
        SentinelTopology passedOver(sentinel.dataOptions(0), sentinel.sentinelOptions(0),
                                    {qMakePair(QStringLiteral("127.0.0.1"), sentinel.sentinelPorts().at(1))},
                                    QString::fromLatin1(sentinel.masterName()));
        QSignalSpy passedOverReady(&passedOver, &RedisTopology::ready);
        QSignalSpy passedOverErrors(&passedOver, &RedisTopology::errorOccurred);
        passedOver.open();
        QVERIFY(passedOverReady.wait(10000));
        QVERIFY2(passedOverErrors.isEmpty(), qPrintable(passedOverErrors.value(0).value(0).toString()));
        QCOMPARE(passedOver.masters().size(), qsizetype(1));
        // Every one given saying no is the error, with the last one's words.
        SentinelTopology allNo(sentinel.dataOptions(0), sentinel.sentinelOptions(0),
                               {qMakePair(QStringLiteral("127.0.0.1"), sentinel.sentinelPorts().at(1))}, QStringLiteral("no-such-master"));
        QSignalSpy allNoErrors(&allNo, &RedisTopology::errorOccurred);
        allNo.open();
        QVERIFY(allNoErrors.wait(5000));
        QVERIFY2(allNoErrors.first().at(0).toString().contains(QLatin1String("no master named \"no-such-master\"")),
                 qPrintable(allNoErrors.first().at(0).toString()));
        QCOMPARE(allNo.state(), RedisTopology::State::Failed);

        // One that does not know the name and one that is down: every one said no or nothing,
        // which is the error (it asked them in turn for ever).
        TestRedis down;
        QVERIFY(down.start());
        down.kill();
        SentinelTopology noneCanSay(sentinel.dataOptions(0), sentinel.sentinelOptions(0),
                                    {qMakePair(QStringLiteral("127.0.0.1"), down.port())}, QString::fromLatin1(sentinel.masterName()));
        QSignalSpy noneCanSayErrors(&noneCanSay, &RedisTopology::errorOccurred);
        noneCanSay.open();
        QVERIFY(noneCanSayErrors.wait(10000));
        QVERIFY2(noneCanSayErrors.first().at(0).toString().contains(QLatin1String("none of the 2 sentinels")),
                 qPrintable(noneCanSayErrors.first().at(0).toString()));

        // A sentinel's address given as a server's: said so, with how to reach its master.
        ServerTopology server(sentinel.sentinelOptions(0), {});
        QSignalSpy serverErrors(&server, &RedisTopology::errorOccurred);
        server.open();
        QVERIFY(serverErrors.wait(5000));
        QVERIFY2(serverErrors.first().at(0).toString().contains(QLatin1String("is a Sentinel")), qPrintable(serverErrors.first().at(0).toString()));
        QCOMPARE(server.state(), RedisTopology::State::Failed);
    }
};

QTEST_GUILESS_MAIN(TestRedisTopology)
#include "tst_redistopology.moc"
