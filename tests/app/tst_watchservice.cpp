#include "servertopology.h"
#include "dialectregistry.h"
#include "testredis.h"
#include "watchservice.h"

#include <QSignalSpy>
#include <QTest>

class TestWatchService : public QObject
{
    Q_OBJECT

private:
    static const LockInfo *findIn(const QList<QList<QVariant>> &signalArgs, const QByteArray &key, QList<LockInfo> &storage)
    {
        for (const QList<QVariant> &args : signalArgs)
            for (const LockInfo &l : args.at(0).value<QList<LockInfo>>())
                if (l.key() == key) {
                    storage << l;
                    return &storage.last();
                }
        return nullptr;
    }

private Q_SLOTS:
    void initTestCase()
    {
        qRegisterMetaType<QList<LockInfo>>();
    }

    void reportsRenewalsHandoversAndEnds()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        redis.command({"SET", "lock:renewed", "a", "PX", "3000"});
        redis.command({"SET", "lock:handed", "first", "PX", "60000"});
        redis.command({"SET", "lock:expires", "x", "PX", "700"});
        redis.command({"SET", "lock:released", "y", "PX", "60000"});
        redis.command({"SET", "lock:steady", "z", "PX", "60000"});
        ServerTopology connection(redis.options());
        const DialectRegistry registry;
        WatchService watch(&connection, &registry);
        watch.setRefreshInterval(150);
        QSignalSpy changed(&watch, &WatchService::locksChanged);
        QSignalSpy gone(&watch, &WatchService::locksGone);
        connection.open();
        watch.start();
        QTRY_COMPARE_WITH_TIMEOUT(watch.locks().size(), 5, 5000);
        QTest::qWait(400); // a few refreshes in which nothing happens
        changed.clear();

        redis.command({"PEXPIRE", "lock:renewed", "60000"});
        // One command, so no refresh can fall between a DEL and a SET and see it released.
        redis.command({"SET", "lock:handed", "second", "PX", "60000"});
        redis.command({"DEL", "lock:released"});

        QList<LockInfo> storage;
        QTRY_VERIFY_WITH_TIMEOUT(findIn(changed, "lock:renewed", storage), 3000);
        QVERIFY(findIn(changed, "lock:renewed", storage)->sample.pttlMs > 50000);
        QTRY_VERIFY_WITH_TIMEOUT(findIn(changed, "lock:handed", storage), 3000);
        QCOMPARE(findIn(changed, "lock:handed", storage)->primaryToken(), QByteArray("second"));
        // A lock that only counts down as predicted is not news.
        QVERIFY(!findIn(changed, "lock:steady", storage));

        QTRY_VERIFY_WITH_TIMEOUT(findIn(gone, "lock:released", storage), 3000);
        QCOMPARE(findIn(gone, "lock:released", storage)->goneAs, LockState::Released);
        QTRY_VERIFY_WITH_TIMEOUT(findIn(gone, "lock:expires", storage), 3000);
        QCOMPARE(findIn(gone, "lock:expires", storage)->goneAs, LockState::Expired);
        QCOMPARE(watch.locks().size(), 3);
    }

    void rescansFindNewLocks()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        ServerTopology connection(redis.options());
        const DialectRegistry registry;
        WatchService watch(&connection, &registry);
        watch.setRescanInterval(1000);
        connection.open();
        watch.start();
        QTRY_VERIFY(connection.isReady());
        redis.command({"SET", "lock:late", "t", "PX", "60000"});
        QTRY_VERIFY_WITH_TIMEOUT(watch.locks().contains("lock:late"), 5000);
    }

    void survivesTheServerGoingAway()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        redis.command({"SET", "lock:a", "t", "PX", "60000"});
        ServerTopology connection(redis.options());
        const DialectRegistry registry;
        WatchService watch(&connection, &registry);
        watch.setRefreshInterval(100);
        QSignalSpy scanFailures(&watch, &WatchService::scanFailed);
        connection.open();
        watch.start();
        QTRY_COMPARE_WITH_TIMEOUT(watch.locks().size(), 1, 5000);
        redis.kill();
        QTRY_VERIFY_WITH_TIMEOUT(!connection.isReady(), 5000);
        QTest::qWait(500); // down a while: reconnect attempts fail before it is back
        QVERIFY(redis.restart());
        // Back, empty (no persistence): the rescan after reconnecting sees the new state.
        QTRY_VERIFY_WITH_TIMEOUT(connection.isReady(), 15000);
        redis.command({"SET", "lock:b", "t", "PX", "60000"});
        QTRY_VERIFY_WITH_TIMEOUT(watch.locks().contains("lock:b"), 15000);
        QTRY_VERIFY_WITH_TIMEOUT(!watch.locks().contains("lock:a"), 5000);
        QCOMPARE(scanFailures.size(), 0); // the connection reported the loss, once
    }
};

QTEST_GUILESS_MAIN(TestWatchService)
#include "tst_watchservice.moc"
