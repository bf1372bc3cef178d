#include "lockeventcsv.h"
#include "lockeventfilterproxymodel.h"
#include "lockeventlog.h"

#include <QTest>

class TestLockEventCsv : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void rowsQuoteAndEscape()
    {
        LockEvent e;
        e.kind = LockEventKind::HandedOver;
        e.timeMs = 1'700'000'000'000;
        e.key = QByteArray("lock:\xff", 6);
        e.dialect = QStringLiteral("plain");
        e.holder = QStringLiteral("client \"x\", thread 7");
        e.token = "b";
        e.previousHolder = QStringLiteral("line\nbreak");
        e.previousToken = "a";
        e.ttlMs = 5000;
        e.heldMs = 1200;
        const QByteArray row = LockEventCsv::row(e);
        QCOMPARE(row, QByteArray("1700000000000,2023-11-14T22:13:20.000Z,handed-over,lock:\\xff,plain,"
                                 "\"client \"\"x\"\", thread 7\",b,\"line\nbreak\",a,5000,1200,,,,,,,false\n"));
        const int columns = int(LockEventCsv::header().count(',')) + 1;
        QCOMPARE(columns, 18);
    }

    void exportsWhatTheFilteredViewShows()
    {
        LockEventLog log;
        LockEventFilterProxyModel proxy;
        proxy.setSourceModel(&log);
        LockEvent a;
        a.kind = LockEventKind::Acquired;
        a.key = "lock:a";
        LockEvent b = a;
        b.kind = LockEventKind::Expired;
        b.key = "lock:b";
        log.append({a, b, a});
        proxy.setKinds({LockEventKind::Acquired});
        const QList<QByteArray> lines = LockEventCsv::fromModel(proxy).split('\n');
        QCOMPARE(lines.size(), 4); // header, two rows, empty after the last newline
        QCOMPARE(lines.at(0) + '\n', LockEventCsv::header());
        QVERIFY(lines.at(1).contains(",acquired,lock:a,"));
        QVERIFY(lines.at(2).contains(",acquired,lock:a,"));
        QCOMPARE(LockEventCsv::fromModel(log).count('\n'), 4);
    }
};

QTEST_GUILESS_MAIN(TestLockEventCsv)
#include "tst_lockeventcsv.moc"
