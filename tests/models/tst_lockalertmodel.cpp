#include "lockalertmodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

class TestLockAlertModel : public QObject
{
    Q_OBJECT

private:
    static LockEvent ev(LockEventKind kind, const QByteArray &key, qint64 t)
    {
        LockEvent e;
        e.kind = kind;
        e.key = key;
        e.timeMs = t;
        e.holder = QStringLiteral("worker-1");
        e.heldMs = 30'000;
        e.ttlLeftMs = 100;
        e.leaseMs = 3000;
        e.reason = QStringLiteral("no-ttl");
        return e;
    }

private Q_SLOTS:
    void stuckAlertsRaiseOnceAndResolve()
    {
        LockAlertModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy raised(&model, &LockAlertModel::alertRaised);
        model.record(ev(LockEventKind::Stuck, "lock:a", 1000));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(raised.size(), 1);
        QCOMPARE(model.openCount(), 1);
        QVERIFY(model.index(0, LockAlertModel::MessageColumn).data().toString().contains(QLatin1String("No expiry")));
        model.record(ev(LockEventKind::Acquired, "lock:a", 1500)); // unrelated event kinds change nothing
        model.record(ev(LockEventKind::Released, "lock:a", 2000));
        QCOMPARE(model.openCount(), 0);
        QVERIFY(model.index(0, LockAlertModel::AlertColumn).data().toString().contains(QLatin1String("over")));
        // Stuck again later: a new alert on top that remembers the count.
        model.record(ev(LockEventKind::Stuck, "lock:a", 90'000));
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.alerts().first().count, 2);
        QCOMPARE(raised.size(), 2);
    }

    void nearMissesCountRepeats()
    {
        LockAlertModel model;
        QSignalSpy raised(&model, &LockAlertModel::alertRaised);
        model.record(ev(LockEventKind::NearMiss, "lock:w", 1000));
        model.record(ev(LockEventKind::NearMiss, "lock:w", 2000));
        model.record(ev(LockEventKind::NearMiss, "lock:other", 2500));
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(raised.size(), 2); // the repeat is not a new notification
        QCOMPARE(model.alerts().at(1).key, QByteArray("lock:w"));
        QCOMPARE(model.alerts().at(1).count, 2);
        QCOMPARE(model.alerts().at(1).lastMs, qint64(2000));
        QCOMPARE(model.alerts().at(0).key, QByteArray("lock:other")); // newest first
    }

    void hotLocksHaveHysteresis()
    {
        LockAlertModel model;
        model.setHotScore(100);
        QSignalSpy raised(&model, &LockAlertModel::alertRaised);
        model.observeHeat("lock:h", 99, {}, 0);
        QCOMPARE(model.rowCount(), 0);
        model.observeHeat("lock:h", 150, QStringLiteral("busy"), 1000);
        model.observeHeat("lock:h", 160, QStringLiteral("busier"), 2000);
        QCOMPARE(raised.size(), 1);
        QCOMPARE(model.alerts().first().count, 1); // still hot is not news
        QCOMPARE(model.alerts().first().message, QStringLiteral("busier"));
        model.observeHeat("lock:h", 60, {}, 3000); // cooler, but above half the bar
        QCOMPARE(model.openCount(), 1);
        model.observeHeat("lock:h", 40, {}, 4000);
        QCOMPARE(model.openCount(), 0);
    }

    void boundedAndClearable()
    {
        LockAlertModel model;
        for (int i = 0; i < 700; ++i)
            model.record(ev(LockEventKind::Stuck, "lock:" + QByteArray::number(i), i));
        QCOMPARE(model.rowCount(), int(LockAlertModel::maxAlerts));
        QCOMPARE(model.alerts().first().key, QByteArray("lock:699"));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestLockAlertModel)
#include "tst_lockalertmodel.moc"
