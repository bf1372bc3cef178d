#include "lockinfo.h"

#include <QTest>

class TestLockInfo : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void countdown()
    {
        LockInfo lock;
        lock.sample.type = RedisType::String;
        lock.sample.pttlMs = 5000;
        lock.sample.observedAtMs = 1'000'000;
        QCOMPARE(lock.remainingTtlMs(1'000'000), qint64(5000));
        QCOMPARE(lock.remainingTtlMs(1'001'250), qint64(3750));
        QCOMPARE(lock.remainingTtlMs(1'009'000), qint64(0)); // never negative
        // A clock read just before the reply landed: never more than the server said.
        QCOMPARE(lock.remainingTtlMs(999'999), qint64(5000));
        QCOMPARE(lock.state(1'001'000), LockState::Held);
        QCOMPARE(lock.state(1'005'000), LockState::Expired);
        QCOMPARE(lock.deadlineMs(), qint64(1'005'000));
    }

    // A stale lock takes only a read answered after it went stale. The same millisecond
    // counts as before: that is when a reply read together with the connection's end lands.
    void acceptsOnlyReadsAfterItWentStale()
    {
        LockInfo lock;
        lock.sample.key = "lock:a";
        lock.sample.observedAtMs = 1000;
        KeySample read = lock.sample;
        read.observedAtMs = 999;
        QVERIFY(!lock.acceptsRead(read)); // older than what was applied
        read.observedAtMs = 1000;
        QVERIFY(lock.acceptsRead(read));
        lock.stale = true;
        lock.staleSinceMs = 1500;
        read.observedAtMs = 1400;
        QVERIFY(!lock.acceptsRead(read));
        read.observedAtMs = 1500;
        QVERIFY(!lock.acceptsRead(read));
        read.observedAtMs = 1501;
        QVERIFY(lock.acceptsRead(read));
    }

    // Nobody holds a semaphore's counter: what is known of it stands in for a holder.
    void factsStandInForNoHolder()
    {
        LockInfo counter;
        counter.details = {{QStringLiteral("permits available"), QStringLiteral("3")}};
        QCOMPARE(counter.holderSummary(), QString());
        QCOMPARE(counter.holderOrFacts(), QStringLiteral("permits available: 3"));
        LockHolder h;
        h.token = "t";
        h.holder = QStringLiteral("web-1");
        counter.holders = {h};
        QCOMPARE(counter.holderOrFacts(), QStringLiteral("web-1"));
    }

    void noExpiryIsStuck()
    {
        LockInfo lock;
        lock.sample.type = RedisType::String;
        lock.sample.pttlMs = -1;
        QCOMPARE(lock.remainingTtlMs(123), qint64(-1));
        lock.addWarning(QStringLiteral("no-ttl")); // as the classifier says of a held lock
        QCOMPARE(lock.state(123), LockState::NoExpiry);
        QCOMPARE(LockInfo::stateId(LockState::NoExpiry), QStringLiteral("stuck"));
        // A key the classifier found nothing wrong with (a semaphore's counter) is not stuck.
        lock.warnings.clear();
        QCOMPARE(lock.state(123), LockState::Held);
        lock.goneAs = LockState::Released;
        QCOMPARE(lock.state(123), LockState::Released);
    }

    void formatTtl_data()
    {
        QTest::addColumn<qint64>("ms");
        QTest::addColumn<QString>("text");
        QTest::newRow("none") << qint64(-1) << "no expiry";
        QTest::newRow("zero") << qint64(0) << "0.0 s";
        QTest::newRow("rounds up") << qint64(1) << "0.1 s";
        QTest::newRow("tenths") << qint64(12345) << "12.4 s";
        QTest::newRow("under a minute") << qint64(59900) << "59.9 s";
        QTest::newRow("minute") << qint64(60000) << "1m 00s";
        QTest::newRow("minutes") << qint64(754001) << "12m 35s";
        QTest::newRow("hours") << qint64(3'600'000 * 2 + 61'000) << "2h 01m";
        QTest::newRow("days") << qint64(86'400'000 * 3 + 3'600'000) << "3d 1h";
    }

    void formatTtl()
    {
        QFETCH(qint64, ms);
        QTEST(LockInfo::formatTtl(ms), "text");
    }

    void holderSummary()
    {
        LockInfo lock;
        QVERIFY(lock.holderSummary().isEmpty());
        LockHolder a;
        a.holder = QStringLiteral("web-1");
        a.count = 2;
        LockHolder b;
        b.holder = QStringLiteral("web-2");
        lock.holders = {a, b};
        QCOMPARE(lock.holderSummary(), QStringLiteral("2 holders: web-1, web-2"));
        QCOMPARE(lock.holdCount(), qint64(3));
    }
};

QTEST_GUILESS_MAIN(TestLockInfo)
#include "tst_lockinfo.moc"
