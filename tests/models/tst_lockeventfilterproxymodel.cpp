#include "lockeventfilterproxymodel.h"
#include "lockeventlog.h"

#include <QAbstractItemModelTester>
#include <QTest>

class TestLockEventFilterProxyModel : public QObject
{
    Q_OBJECT

private:
    static LockEvent makeEvent(LockEventKind kind, const QByteArray &key, const QString &holder, const QByteArray &token)
    {
        LockEvent e;
        e.kind = kind;
        e.key = key;
        e.holder = holder;
        e.token = token;
        return e;
    }

private Q_SLOTS:
    void filters_data()
    {
        QTest::addColumn<QList<int>>("kinds");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("holder");
        QTest::addColumn<QList<int>>("rows");
        const QList<int> all = {0, 1, 2, 3, 4, 5, 6, 7};
        QTest::newRow("everything") << all << QString() << QString() << QList<int>{0, 1, 2, 3};
        QTest::newRow("kind") << QList<int>{int(LockEventKind::Expired)} << QString() << QString() << QList<int>{2};
        QTest::newRow("two kinds") << QList<int>{int(LockEventKind::Acquired), int(LockEventKind::HandedOver)} << QString()
                                   << QString() << QList<int>{0, 3};
        QTest::newRow("no kind") << QList<int>{} << QString() << QString() << QList<int>{};
        QTest::newRow("key substring, any case") << all << QStringLiteral("ORDERS") << QString() << QList<int>{0, 1};
        QTest::newRow("key glob") << all << QStringLiteral("lock:*:b") << QString() << QList<int>{3};
        QTest::newRow("key glob with escaped bytes") << all << QStringLiteral("bin\\xff*") << QString() << QList<int>{2};
        QTest::newRow("holder name") << all << QString() << QStringLiteral("ALICE") << QList<int>{0, 3};
        QTest::newRow("holder by token") << all << QString() << QStringLiteral("tok-b") << QList<int>{1, 3};
        QTest::newRow("all three") << QList<int>{int(LockEventKind::HandedOver)} << QStringLiteral("lock") << QStringLiteral("bob")
                                   << QList<int>{3};
        QTest::newRow("nothing matches") << all << QStringLiteral("zzz") << QString() << QList<int>{};
    }

    void filters()
    {
        QFETCH(QList<int>, kinds);
        QFETCH(QString, key);
        QFETCH(QString, holder);
        QFETCH(QList<int>, rows);
        LockEventLog log;
        LockEventFilterProxyModel proxy;
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&log);
        LockEvent handover = makeEvent(LockEventKind::HandedOver, "lock:x:b", QStringLiteral("bob"), "tok-b");
        handover.previousHolder = QStringLiteral("alice");
        handover.previousToken = "tok-a";
        log.append({makeEvent(LockEventKind::Acquired, "lock:orders", QStringLiteral("alice"), "tok-a"),
                    makeEvent(LockEventKind::Renewed, "lock:Orders", QStringLiteral("bob"), "tok-b"),
                    makeEvent(LockEventKind::Expired, QByteArray("bin\xff", 4), QStringLiteral("carol"), "tok-c"), handover});
        QList<LockEventKind> shown;
        for (int k : kinds)
            shown << LockEventKind(k);
        proxy.setKinds(shown);
        proxy.setKeyFilter(key);
        proxy.setHolderFilter(holder);
        QList<int> actual;
        for (int r = 0; r < proxy.rowCount(); ++r)
            actual << proxy.mapToSource(proxy.index(r, 0)).row();
        QCOMPARE(actual, rows);
    }

    void newEventsAreFilteredAsTheyArrive()
    {
        LockEventLog log;
        LockEventFilterProxyModel proxy;
        proxy.setSourceModel(&log);
        proxy.setKindShown(LockEventKind::Renewed, false);
        QVERIFY(!proxy.isKindShown(LockEventKind::Renewed));
        log.append({makeEvent(LockEventKind::Renewed, "k", {}, "t"), makeEvent(LockEventKind::Acquired, "k", {}, "t")});
        QCOMPARE(proxy.rowCount(), 1);
        proxy.setKindShown(LockEventKind::Renewed, true);
        QCOMPARE(proxy.rowCount(), 2);
        // Order stays the log's (time) order.
        QCOMPARE(proxy.index(0, 0).data(LockEventLog::KindRole).toInt(), int(LockEventKind::Renewed));
    }
};

QTEST_GUILESS_MAIN(TestLockEventFilterProxyModel)
#include "tst_lockeventfilterproxymodel.moc"
