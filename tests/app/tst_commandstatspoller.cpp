#include "servertopology.h"
#include "commandstatspoller.h"
#include "testredis.h"

#include <QSignalSpy>
#include <QTest>

class TestCommandStatsPoller : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void readsCommandStatsEverySecond()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        ServerTopology connection(redis.options());
        CommandStatsPoller poller(&connection);
        poller.setInterval(200);
        QSignalSpy read(&poller, &CommandStatsPoller::statsRead);
        connection.open();
        poller.start();
        QTRY_VERIFY(read.size() >= 2);
        for (int i = 0; i < 25; ++i)
            redis.command({"SET", "lock:x", "t", "NX"});
        const int before = int(read.size());
        QTRY_VERIFY(read.size() > before);
        const CommandStats stats = read.last().at(0).value<CommandStats>();
        QCOMPARE(stats.commands.value("set").calls, qint64(25));
        QVERIFY(stats.commands.value("info").calls >= 2); // its own reads count too
        QVERIFY(read.last().at(1).toLongLong() > 1'600'000'000'000);
        poller.stop();
        const int stoppedAt = int(read.size());
        QTest::qWait(500); // a window in which a running poller would read twice
        QVERIFY(read.size() <= stoppedAt + 1); // at most the one in flight
    }
};

QTEST_GUILESS_MAIN(TestCommandStatsPoller)
#include "tst_commandstatspoller.moc"
