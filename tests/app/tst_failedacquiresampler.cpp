#include "servertopology.h"
#include "failedacquiresampler.h"
#include "testredis.h"

#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <chrono>
#include <thread>

class TestFailedAcquireSampler : public QObject
{
    Q_OBJECT

private:
    static bool monitorRunning(TestRedis &redis)
    {
        return redis.command({"CLIENT", "LIST"}).bytes().contains("cmd=monitor");
    }

    static QHash<QByteArray, qint64> sum(const QSignalSpy &spy)
    {
        QHash<QByteArray, qint64> total;
        for (const QList<QVariant> &args : spy) {
            const auto counts = args.at(0).value<QHash<QByteArray, qint64>>();
            for (auto it = counts.cbegin(); it != counts.cend(); ++it)
                total[it.key()] += it.value();
        }
        return total;
    }

    static const QByteArray redissonTryLock;

private Q_SLOTS:
    void initTestCase()
    {
        qRegisterMetaType<QHash<QByteArray, qint64>>();
    }

    void countsFailedAcquisitionsPerLock()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        redis.command({"SET", "lock:held", "owner", "PX", "60000"});
        redis.command({"HSET", "orderLock", "uuid-1:1", "1"});
        ServerTopology commands(redis.options());
        commands.open();
        QTRY_VERIFY(commands.isReady());
        FailedAcquireSampler sampler(&commands);
        sampler.setPatterns({KeyPattern("lock:*"), KeyPattern("orderLock")});
        QSignalSpy counts(&sampler, &FailedAcquireSampler::failedAttempts);
        QSignalSpy stopped(&sampler, &FailedAcquireSampler::stopped);
        sampler.start(30, {{"lock:held", -1}, {"orderLock", -1}});
        QTRY_COMPARE(sampler.state(), FailedAcquireSampler::State::Sampling);
        QVERIFY(monitorRunning(redis));

        QVERIFY(redis.command({"SET", "lock:held", "me", "NX", "PX", "5000"}).isNil());        // fails
        QVERIFY(redis.command({"SET", "lock:free", "a", "NX", "PX", "5000"}).isStatus("OK"));  // succeeds
        QVERIFY(redis.command({"SET", "lock:free", "b", "NX", "PX", "5000"}).isNil());         // fails
        QVERIFY(redis.command({"SETNX", "lock:free", "c"}).integer() == 0);                    // fails
        QVERIFY(redis.command({"SET", "other:key", "x", "NX"}).isStatus("OK"));
        QVERIFY(redis.command({"SET", "other:key", "x", "NX"}).isNil());                       // not a lock
        // Redisson's tryLock by another thread: returns the PTTL to wait.
        QVERIFY(!redis.command({"EVAL", redissonTryLock, "1", "orderLock", "30000", "uuid-2:7"}).isNil());

        QTRY_COMPARE(sum(counts).value("lock:free"), qint64(2));
        QTRY_COMPARE(sum(counts).value("lock:held"), qint64(1));
        QTRY_COMPARE(sum(counts).value("orderLock"), qint64(1));
        QVERIFY(!sum(counts).contains("other:key"));
        QCOMPARE(sampler.failures(), qint64(4));
        QCOMPARE(sampler.attempts(), qint64(5));
        QVERIFY(sampler.commandsSeen() >= 7);

        sampler.stop();
        QCOMPARE(stopped.size(), 1);
        QCOMPARE(stopped.first().at(0).toString(), QStringLiteral("stopped"));
        QTRY_VERIFY(!monitorRunning(redis)); // MONITOR ends with its connection
    }

    void stopsAtItsTimeLimit()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        ServerTopology commands(redis.options());
        commands.open();
        QTRY_VERIFY(commands.isReady());
        FailedAcquireSampler sampler(&commands);
        QSignalSpy stopped(&sampler, &FailedAcquireSampler::stopped);
        sampler.start(1, {});
        QTRY_COMPARE(sampler.state(), FailedAcquireSampler::State::Sampling);
        QVERIFY(sampler.secondsLeft() >= 1);
        QVERIFY(stopped.wait(5000));
        QVERIFY(stopped.first().at(0).toString().contains(QLatin1String("time limit")));
        QVERIFY(!sampler.isRunning());
        QTRY_VERIFY(!monitorRunning(redis));
    }

    void stopsWhenItFallsBehind()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        const QString cli = QStandardPaths::findExecutable(QStringLiteral("redis-cli"));
        if (cli.isEmpty())
            QSKIP("redis-cli is not installed");
        ServerTopology commands(redis.options());
        commands.open();
        QTRY_VERIFY(commands.isReady());
        FailedAcquireSampler sampler(&commands);
        QSignalSpy stopped(&sampler, &FailedAcquireSampler::stopped);
        sampler.start(60, {});
        QTRY_COMPARE(sampler.state(), FailedAcquireSampler::State::Sampling);
        // A burst of 2,000 commands while this thread is busy for longer than the allowed lag:
        // when it reads them they are stale, as they would be for a sampler that cannot keep up.
        QCOMPARE(QProcess::execute(cli, {QStringLiteral("-p"), QString::number(redis.port()), QStringLiteral("EVAL"),
                                         QStringLiteral("for i = 1, 2000 do redis.call('SET', 'lock:f' .. i, 'x') end"), QStringLiteral("0")}),
                 0);
        std::this_thread::sleep_for(std::chrono::milliseconds(FailedAcquireSampler::maxLagMs + 500));
        QVERIFY(stopped.wait(5000));
        QVERIFY2(stopped.first().at(0).toString().contains(QLatin1String("fell behind")), qPrintable(stopped.first().at(0).toString()));
        QTRY_VERIFY(!monitorRunning(redis));
    }

    void refusedMonitorIsReported()
    {
        TestRedis redis;
        QVERIFY(redis.start({QStringLiteral("--rename-command"), QStringLiteral("MONITOR"), QStringLiteral("")}));
        ServerTopology commands(redis.options());
        commands.open();
        QTRY_VERIFY(commands.isReady());
        FailedAcquireSampler sampler(&commands);
        QSignalSpy stopped(&sampler, &FailedAcquireSampler::stopped);
        sampler.start(10, {});
        QVERIFY(stopped.wait(5000));
        QVERIFY(stopped.first().at(0).toString().startsWith(QLatin1String("MONITOR refused")));
        QCOMPARE(sampler.state(), FailedAcquireSampler::State::Idle);
    }
};

// The shape of Redisson's RLock acquire script (see lock-dialects.md §2.1).
const QByteArray TestFailedAcquireSampler::redissonTryLock =
    "if (redis.call('exists', KEYS[1]) == 0) or (redis.call('hexists', KEYS[1], ARGV[2]) == 1) then "
    "redis.call('hincrby', KEYS[1], ARGV[2], 1); redis.call('pexpire', KEYS[1], ARGV[1]); return nil; end; "
    "return redis.call('pttl', KEYS[1]);";

QTEST_GUILESS_MAIN(TestFailedAcquireSampler)
#include "tst_failedacquiresampler.moc"
