#include "watchbudget.h"

#include <QTest>

class TestWatchBudget : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void pacesToTheBudget_data()
    {
        QTest::addColumn<double>("readUs");   // learnt per-key read cost
        QTest::addColumn<double>("scanUs");   // learnt per-key scan cost
        QTest::addColumn<qint64>("locks");
        QTest::addColumn<qint64>("keys");
        QTest::addColumn<bool>("live");
        QTest::addColumn<qint64>("refreshMs");
        QTest::addColumn<qint64>("rescanMs");

        // 3% of a core, 60% of it for re-reads: 100k locks at 5 us = 0.5 s per sweep -> 27.8 s.
        QTest::newRow("100k locks, polling") << 5.0 << 1.0 << qint64(100'000) << qint64(1'000'000) << false << qint64(27'778)
                                             << qint64(83'334);
        // A small watch is re-read every interval, and its keyspace rescanned every interval:
        // a new lock shows within one.
        QTest::newRow("small, polling") << 5.0 << 1.0 << qint64(50) << qint64(2'000) << false << qint64(1'000) << qint64(1'000);
        // Live: no full re-reads needed; rescans as rare as the sweep.
        QTest::newRow("small, live") << 5.0 << 1.0 << qint64(50) << qint64(2'000) << true << qint64(1'000)
                                     << WatchBudget::liveRescanFloorMs;
        QTest::newRow("100k locks, live") << 5.0 << 1.0 << qint64(100'000) << qint64(1'000'000) << true << qint64(27'778)
                                          << WatchBudget::liveRescanFloorMs;
    }

    void pacesToTheBudget()
    {
        QFETCH(double, readUs);
        QFETCH(double, scanUs);
        QFETCH(qint64, locks);
        QFETCH(qint64, keys);
        QFETCH(bool, live);
        WatchBudget b;
        b.setIntervalMs(1000);
        for (int i = 0; i < WatchBudget::window; ++i) {
            b.recordRead(500, qint64(500 * readUs));
            b.recordScan(5000, qint64(5000 * scanUs));
        }
        QTEST(b.refreshIntervalMs(locks), "refreshMs");
        QTEST(b.rescanIntervalMs(keys, live), "rescanMs");
        // Whatever the mode, the expected load stays within the budget.
        QVERIFY2(b.expectedLoad(locks, keys, live) <= b.fraction() * 1.001, qPrintable(QString::number(b.expectedLoad(locks, keys, live))));
    }

    void aStallIsWaitingNotCost()
    {
        WatchBudget b;
        for (int i = 0; i < 10; ++i)
            b.recordRead(500, 2500); // 5 us a key
        b.recordRead(500, 15'000'000); // a DEBUG SLEEP 15 in the middle of a batch
        b.recordRead(500, 15'000'000);
        QCOMPARE(b.readCostUs(), 5.0);
        QCOMPARE(b.refreshIntervalMs(1000), qint64(1000)); // not throttled for minutes after
    }

    void tinyBatchesTeachNothing()
    {
        WatchBudget b;
        b.recordRead(4, 5000); // round-trip latency, not server time
        QCOMPARE(b.readCostUs(), -1.0);
        QCOMPARE(b.refreshIntervalMs(4), b.intervalMs());
        b.recordScan(10, 5000);
        QCOMPARE(b.scanCostUs(), -1.0);
    }

    void liveSampleSweepsEveryLockWithinTheSweep()
    {
        WatchBudget b;
        for (int i = 0; i < WatchBudget::window; ++i)
            b.recordRead(500, 2500);
        // 100k locks, a tick a second: every lock once per sweep.
        const qint64 n = b.sampleSize(100'000, 1000);
        QVERIFY(n * (WatchBudget::sweepMs / 1000) >= 100'000);
        QCOMPARE(b.sampleSize(0, 1000), qint64(0));
        QCOMPARE(b.sampleSize(3, 1000), qint64(1));
        // A budget too small for the sweep bounds the sample instead.
        b.setFraction(0.001);
        const qint64 bounded = b.sampleSize(100'000, 1000);
        QVERIFY(bounded < n);
        QVERIFY(double(bounded) * b.readCostUs() <= b.fraction() * 0.6 * 1e6); // a second's worth

    }

    void describesItself()
    {
        WatchBudget b;
        for (int i = 0; i < WatchBudget::window; ++i)
            b.recordRead(500, 2500);
        QVERIFY(b.describe(1000, 5000, false).startsWith(QLatin1String("polling 1,000 lock(s) every")));
        QVERIFY(b.describe(1000, 5000, false).contains(QLatin1String("budget 3%")));
        QVERIFY(b.describe(1000, 5000, true).startsWith(QLatin1String("live:")));
    }
};

QTEST_GUILESS_MAIN(TestWatchBudget)
#include "tst_watchbudget.moc"
