#include "lockeventlog.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

namespace {
LockEvent makeEvent(LockEventKind kind, qint64 timeMs, const QByteArray &key)
{
    LockEvent e;
    e.kind = kind;
    e.timeMs = timeMs;
    e.key = key;
    e.token = "t";
    e.holder = QStringLiteral("h");
    e.ttlMs = 1500;
    return e;
}
} // namespace

class TestLockEventLog : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void appendsABatchWithOneInsert()
    {
        LockEventLog log;
        QAbstractItemModelTester tester(&log, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy inserted(&log, &QAbstractItemModel::rowsInserted);
        QList<LockEvent> batch;
        for (int i = 0; i < 100; ++i)
            batch << makeEvent(LockEventKind::Acquired, 1000 + i, "lock:" + QByteArray::number(i));
        log.append(batch);
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(log.rowCount(), 100);
        QCOMPARE(log.appendedTotal(), quint64(100));
        log.append({});
        QCOMPARE(inserted.size(), 1);

        const QModelIndex first = log.index(0, LockEventLog::EventColumn);
        QCOMPARE(first.data().toString(), QStringLiteral("Acquired"));
        QCOMPARE(log.index(0, LockEventLog::KeyColumn).data().toString(), QStringLiteral("lock:0"));
        QCOMPARE(log.index(0, LockEventLog::TtlColumn).data().toString(), QStringLiteral("1.5 s"));
        QCOMPARE(first.data(LockEventLog::KindRole).toInt(), int(LockEventKind::Acquired));
        QCOMPARE(first.data(LockEventLog::TimeRole).toLongLong(), qint64(1000));
        QCOMPARE(first.data(LockEventLog::EventRole).value<LockEvent>(), batch.first());
    }

    void capacityTrimsTheOldestInBatches()
    {
        LockEventLog log;
        QAbstractItemModelTester tester(&log, QAbstractItemModelTester::FailureReportingMode::QtTest);
        log.setCapacity(200);
        QSignalSpy removed(&log, &QAbstractItemModel::rowsRemoved);
        for (int i = 0; i < 1000; ++i)
            log.append({makeEvent(LockEventKind::Renewed, 10'000 + i, QByteArray::number(i))});
        QVERIFY(log.rowCount() <= 220);
        QVERIFY(log.rowCount() >= 200);
        // Not one removal per event: one per 20 (the slack).
        QVERIFY2(removed.size() <= 40, qPrintable(QString::number(removed.size())));
        // The newest stay.
        QCOMPARE(log.event(log.rowCount() - 1).key, QByteArray("999"));
    }

    void retentionDropsEventsOlderThanTheWindow()
    {
        LockEventLog log;
        log.setRetention(120'000);
        for (qint64 t = 0; t <= 600'000; t += 1000)
            log.append({makeEvent(LockEventKind::Acquired, t, "k")});
        // Kept: the window plus at most the removal slack (a tenth of it).
        QVERIFY(log.event(0).timeMs >= 600'000 - 120'000 - 12'000);
        QVERIFY(log.rowCount() <= 133 + 1);
        log.clear();
        QCOMPARE(log.rowCount(), 0);
    }

    void displaysHandoversAndMarksInferred()
    {
        LockEventLog log;
        LockEvent h = makeEvent(LockEventKind::HandedOver, 0, "k");
        h.previousHolder = QStringLiteral("alice");
        h.holder = QStringLiteral("bob");
        h.previousToken = "a";
        h.token = "b";
        LockEvent i = makeEvent(LockEventKind::Acquired, 0, "k");
        i.inferred = true;
        i.ttlMs = LockEvent::unknown;
        log.append({h, i});
        QCOMPARE(log.index(0, LockEventLog::HolderColumn).data().toString(), QStringLiteral("alice → bob"));
        QVERIFY(log.index(0, LockEventLog::HolderColumn).data(LockEventLog::HolderTextRole).toString().contains(QLatin1String("alice")));
        QCOMPARE(log.index(1, LockEventLog::TtlColumn).data().toString(), QStringLiteral("—"));
        QVERIFY(log.index(1, LockEventLog::DetailsColumn).data().toString().contains(QLatin1String("notifications")));
    }
};

QTEST_GUILESS_MAIN(TestLockEventLog)
#include "tst_lockeventlog.moc"
