#include "processprobe.h"
#include "redisconnection.h"
#include "testsentinel.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include <memory>
#include <utility>

namespace {
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
} // namespace

// The Sentinel fixture against real sentinels: they name the master, and SENTINEL FAILOVER
// moves it, there and back. What later Sentinel support in redisclient will be tested on.
class TestSentinelFixture : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<TestSentinel> m_sentinel;

    // Every sentinel's answer to GET-MASTER-ADDR-BY-NAME, asked over a connection of our own.
    void expectMasterEverywhere(int dataNode)
    {
        for (int s = 0; s < m_sentinel->sentinelCount(); ++s) {
            RedisConnection c(m_sentinel->sentinelOptions(s));
            c.open();
            const RedisReply address = call(c, {"SENTINEL", "GET-MASTER-ADDR-BY-NAME", m_sentinel->masterName()});
            QVERIFY2(address.isArray() && address.size() == 2, qPrintable(address.toDebugString()));
            QCOMPARE(address.at(0).bytes(), QByteArray("127.0.0.1"));
            QCOMPARE(address.at(1).toInteger(), qint64(m_sentinel->dataPort(dataNode)));
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_sentinel = std::make_unique<TestSentinel>();
        QElapsedTimer clock;
        clock.start();
        QVERIFY2(m_sentinel->start(), qPrintable(m_sentinel->errorString()));
        qInfo("master, replica and %d sentinels settled in %lld ms", m_sentinel->sentinelCount(), clock.elapsed());
        QCOMPARE(m_sentinel->sentinelPorts().size(), 3);
    }

    void sentinelsNameTheMaster()
    {
        expectMasterEverywhere(0);
        QCOMPARE(m_sentinel->currentMaster(), 0);
        QCOMPARE(m_sentinel->command(0, {"ROLE"}).at(0).bytes(), QByteArray("master"));
        QCOMPARE(m_sentinel->command(1, {"ROLE"}).at(0).bytes(), QByteArray("slave"));
        // Unknown names get nil, as a client must handle.
        RedisConnection c(m_sentinel->sentinelOptions(0));
        c.open();
        QVERIFY(call(c, {"SENTINEL", "GET-MASTER-ADDR-BY-NAME", "no-such-master"}).isNil());
    }

    void failoverMovesTheMasterAndBack()
    {
        QVERIFY(m_sentinel->command(0, {"SET", "lock:sentinel", "holder"}).isStatus("OK"));
        QCOMPARE(m_sentinel->command(0, {"WAIT", "1", "5000"}).integer(), qint64(1));
        for (int expected : {1, 0}) {
            QElapsedTimer clock;
            clock.start();
            QVERIFY2(m_sentinel->failover(), qPrintable(m_sentinel->errorString()));
            qInfo("failover to data node %d settled in %lld ms", expected, clock.elapsed());
            QCOMPARE(m_sentinel->currentMaster(), expected);
            expectMasterEverywhere(expected);
            QCOMPARE(m_sentinel->command(expected, {"ROLE"}).at(0).bytes(), QByteArray("master"));
            const RedisReply follower = m_sentinel->command(1 - expected, {"ROLE"});
            QCOMPARE(follower.at(0).bytes(), QByteArray("slave"));
            QCOMPARE(follower.at(2).toInteger(), qint64(m_sentinel->dataPort(expected)));
            QCOMPARE(m_sentinel->command(expected, {"GET", "lock:sentinel"}).bytes(), QByteArray("holder"));
        }
    }

    // Sentinel gives up a promotion that it does not see confirmed within failover-timeout, and
    // leaves the replica promoted; left alone, it turns that node back into a replica with a full
    // resync. The fixture must ask again before that, or a test's replica that differs from its
    // master (a lock it does not have) is quietly made the same again.
    void anAbortedFailoverIsAskedAgainBeforeTheReplicaIsResynced()
    {
        const int master = m_sentinel->currentMaster();
        const int replica = 1 - master;
        const QByteArray key = "lock:diverged";
        QVERIFY(m_sentinel->command(master, {"SET", key, "holder"}).isStatus("OK"));
        QCOMPARE(m_sentinel->command(master, {"WAIT", "1", "5000"}).integer(), qint64(1));
        QVERIFY(m_sentinel->command(replica, {"CONFIG", "SET", "replica-read-only", "no"}).isStatus("OK"));
        QCOMPARE(m_sentinel->command(replica, {"DEL", key}).integer(), qint64(1));
        QVERIFY(m_sentinel->command(replica, {"CONFIG", "SET", "replica-read-only", "yes"}).isStatus("OK"));

        // Sentinel 0 gives up every promotion at its next check, and the replica holds the
        // promotion (Sentinel's MULTI … EXEC) back past that check: at least one abort, after
        // which the replica is promoted all the same. Later the timeout is put back.
        RedisConnection events(m_sentinel->sentinelOptions(0));
        QSignalSpy aborted(&events, &RedisConnection::messageReceived);
        events.subscribe({"-failover-abort-slave-timeout"});
        events.open();
        QTRY_VERIFY(events.isSubscribed());
        const QByteArray name = m_sentinel->masterName();
        QVERIFY(m_sentinel->sentinelCommand(0, {"SENTINEL", "SET", name, "failover-timeout", "1"}).isStatus("OK"));
        QVERIFY(m_sentinel->command(replica, {"CLIENT", "PAUSE", "1500", "WRITE"}).isStatus("OK"));
        RedisConnection restore(m_sentinel->sentinelOptions(0));
        restore.open();
        bool restored = false;
        const auto putBack = [&] {
            if (!std::exchange(restored, true))
                restore.send({"SENTINEL", "SET", name, "failover-timeout", QByteArray::number(TestSentinel::failoverTimeoutMs)}, &restore,
                             [](const RedisReply &) {});
        };
        QTimer::singleShot(3000, &restore, putBack);
        const bool failedOver = m_sentinel->failover();
        putBack(); // had the failover been confirmed before the timer, in the few ms it could be
        const auto failoverTimeout = [&] {
            const RedisReply state = m_sentinel->sentinelCommand(0, {"SENTINEL", "MASTER", name});
            for (qsizetype i = 0; i + 1 < state.size(); i += 2)
                if (state.at(i).bytes() == "failover-timeout")
                    return state.at(i + 1).bytes();
            return QByteArray();
        };
        QTRY_COMPARE(failoverTimeout(), QByteArray::number(TestSentinel::failoverTimeoutMs));
        QVERIFY2(failedOver, qPrintable(m_sentinel->errorString()));
        QVERIFY(!aborted.isEmpty());
        QCOMPARE(m_sentinel->currentMaster(), replica);
        QCOMPARE(m_sentinel->command(replica, {"EXISTS", key}).integer(), qint64(0));
    }

    void fixtureLeavesNothingBehind()
    {
        const QList<qint64> pids = m_sentinel->pids();
        QCOMPARE(pids.size(), 5);
        const QString dir = m_sentinel->directory();
        QVERIFY(QDir(dir).exists());
        m_sentinel.reset();
        for (qint64 pid : pids)
            QVERIFY(!ProcessProbe::isRunning(pid));
        QVERIFY(ProcessProbe::redisChildrenOf(QCoreApplication::applicationPid()).isEmpty());
        QVERIFY(!QDir(dir).exists());
    }
};

QTEST_GUILESS_MAIN(TestSentinelFixture)
#include "tst_sentinelfixture.moc"
