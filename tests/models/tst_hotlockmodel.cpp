#include "hotlockmodel.h"

#include <QAbstractItemModelTester>
#include <QTest>

class TestHotLockModel : public QObject
{
    Q_OBJECT

private:
    static LockEvent event(LockEventKind kind, const QByteArray &key, qint64 t)
    {
        LockEvent e;
        e.kind = kind;
        e.key = key;
        e.timeMs = t;
        return e;
    }

private Q_SLOTS:
    void ranksByTheScoreOfTheLastMinute()
    {
        HotLockModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const qint64 t0 = 1'000'000;
        for (int i = 0; i < 30; ++i)
            model.record(event(LockEventKind::Acquired, "churn", t0 + i * 100));
        for (int i = 0; i < 10; ++i)
            model.record(event(LockEventKind::HandedOver, "churn", t0 + i * 100));
        model.observeWaiters("queue", 5, t0); // 5 waiters weigh 50
        LockEvent failed = event(LockEventKind::Contended, "nx", t0);
        failed.failedAttempts = 45;
        model.record(failed);
        model.record(event(LockEventKind::Expired, "churn", t0));
        model.record(event(LockEventKind::Expired, "quiet", t0)); // an expiry alone is not heat
        model.advanceTo(t0 + 5000);

        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.ranking().at(0).key, QByteArray("queue"));
        QCOMPARE(model.ranking().at(0).score, qint64(50));
        QCOMPARE(model.ranking().at(1).key, QByteArray("nx"));
        QCOMPARE(model.ranking().at(1).failed, qint64(45));
        QCOMPARE(model.ranking().at(2).key, QByteArray("churn"));
        QCOMPARE(model.ranking().at(2).acquired, qint64(30));
        QCOMPARE(model.ranking().at(2).handovers, qint64(10));
        QCOMPARE(model.ranking().at(2).waiters, qint64(-1)); // not observable
        QCOMPARE(model.ranking().at(2).expired, qint64(1));
        QCOMPARE(model.index(2, HotLockModel::WaitersColumn).data().toString(), QStringLiteral("—"));
        QCOMPARE(model.index(0, HotLockModel::KeyColumn).data(HotLockModel::KeyBytesRole).toByteArray(), QByteArray("queue"));

        // A minute later the churn is forgotten; the waiters are still there.
        model.advanceTo(t0 + 65'000);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.ranking().at(0).key, QByteArray("queue"));
        QCOMPARE(model.ranking().at(0).peakWaiters, qint64(5));
    }

    void topCountAndWaitersSeries()
    {
        HotLockModel model;
        model.setTopCount(3);
        const qint64 t0 = 5'000'000;
        for (int k = 0; k < 10; ++k)
            model.observeWaiters("lock:" + QByteArray::number(k), k + 1, t0);
        for (int s = 1; s <= 5; ++s)
            model.advanceTo(t0 + s * 1000);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.hotKeysWithWaiters(2), (QList<QByteArray>{"lock:9", "lock:8"}));
        const TimeSeries *series = model.waitersSeries("lock:9");
        QVERIFY(series);
        QCOMPARE(series->size(), qsizetype(5));
        QCOMPARE(series->points().back().value, 10.0);
        QVERIFY(!model.waitersSeries("lock:0")); // never hot: no series kept
        QVERIFY(model.seriesCount() <= 3 * 2);

        // Released: nobody waits on a free lock, so it is no longer hot.
        model.record(event(LockEventKind::Released, "lock:9", t0 + 6000));
        model.advanceTo(t0 + 6000);
        QVERIFY(!model.hotKeysWithWaiters(10).contains("lock:9"));
        QCOMPARE(model.ranking().first().key, QByteArray("lock:8"));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
        QCOMPARE(model.trackedCount(), qsizetype(0));
    }

    void memoryIsBoundedByActivityNotByLocks()
    {
        HotLockModel model;
        qint64 t = 0;
        for (int second = 0; second < 600; ++second) {
            for (int i = 0; i < 100; ++i)
                model.record(event(LockEventKind::Acquired, "job:" + QByteArray::number(second * 100 + i), t + i));
            t += 1000;
            model.advanceTo(t);
        }
        // 60,000 distinct locks went by; only the last minute's are remembered.
        QVERIFY2(model.trackedCount() <= 6100, qPrintable(QString::number(model.trackedCount())));
        QCOMPARE(model.rowCount(), 10);
    }
};

QTEST_GUILESS_MAIN(TestHotLockModel)
#include "tst_hotlockmodel.moc"
