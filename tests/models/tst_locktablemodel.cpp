#include "lockfilterproxymodel.h"
#include "locktablemodel.h"

#include <QAbstractItemModelTester>
#include <QItemSelectionModel>
#include <QSignalSpy>
#include <QTest>

namespace {
LockInfo lock(const QByteArray &key, const QByteArray &token, qint64 pttl, qint64 observedAt = 0, const QString &holder = {})
{
    LockInfo l;
    l.sample.key = key;
    l.sample.type = RedisType::String;
    l.sample.pttlMs = pttl;
    l.sample.observedAtMs = observedAt;
    l.sample.size = token.size();
    l.sample.value = token;
    l.dialect = QStringLiteral("plain");
    l.dialectName = QStringLiteral("Plain");
    LockHolder h;
    h.token = token;
    h.holder = holder;
    l.holders = {h};
    return l;
}
} // namespace

class TestLockTableModel : public QObject
{
    Q_OBJECT

private:
    qint64 m_now = 0;

private Q_SLOTS:
    void upsertAppendsOnceAndUpdatesInPlace()
    {
        LockTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);

        model.upsert({lock("a", "t1", 1000), lock("b", "t2", 2000), lock("c", "t3", 3000)});
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(inserted.size(), 1);
        model.upsert({lock("b", "new", 2000)});
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.first().at(0).toModelIndex().row(), 1);
        QCOMPARE(model.index(1, LockTableModel::TokenColumn).data().toString(), QStringLiteral("new"));
        QCOMPARE(reset.size(), 0);
    }

    void manyChangesMakeOneRangedSignal()
    {
        LockTableModel model;
        QList<LockInfo> locks;
        for (int i = 0; i < 1000; ++i)
            locks << lock("k" + QByteArray::number(i), "t", 1000);
        model.upsert(locks);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        for (LockInfo &l : locks)
            l.holders.first().token = "u";
        model.upsert(locks);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.first().at(0).toModelIndex().row(), 0);
        QCOMPARE(changed.first().at(1).toModelIndex().row(), 999);
    }

    void goneRowsStayThenArePruned()
    {
        LockTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setClock([this] { return m_now; });
        m_now = 0;
        model.upsert({lock("a", "t1", 5000), lock("b", "t2", 5000)});
        LockInfo gone = lock("a", "t1", 5000);
        gone.goneAs = LockState::Released;
        gone.goneAtMs = 1000;
        QCOMPARE(model.goneCount(), 0);
        model.markGone({gone});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.goneCount(), 1);
        QCOMPARE(model.index(0, LockTableModel::StateColumn).data().toString(), QStringLiteral("released"));
        model.pruneGone(5000, 15000);
        QCOMPARE(model.rowCount(), 2);
        model.pruneGone(16000, 15000);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.goneCount(), 0);
        QCOMPARE(model.lock(0)->key(), QByteArray("b"));
        QCOMPARE(model.rowOf("b"), 0);
        QCOMPARE(model.rowOf("a"), -1);
    }

    // A row stale through an outage, then seen gone by the first read after it (the server
    // restarted without it): lost, not stale.
    void aStaleRowSeenLostIsLost()
    {
        LockTableModel model;
        model.setClock([this] { return m_now; });
        m_now = 0;
        LockInfo held = lock("a", "t1", 60000);
        held.stale = true;
        held.staleReason = QStringLiteral("connection lost");
        model.upsert({held});
        QVERIFY(model.index(0, LockTableModel::StateColumn).data().toString().contains(QLatin1String("stale")));
        LockInfo lost = lock("a", "t1", 60000);
        lost.goneAs = LockState::Lost;
        lost.goneReason = QStringLiteral("server-restarted");
        lost.goneAtMs = 1000;
        model.markGone({lost});
        const QString state = model.index(0, LockTableModel::StateColumn).data().toString();
        QVERIFY2(state.startsWith(QLatin1String("lost")) && !state.contains(QLatin1String("stale")), qPrintable(state));
        QCOMPARE(model.lock(0)->goneReason, QStringLiteral("server-restarted"));
    }

    void removesContiguousRuns()
    {
        LockTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.upsert({lock("0", "t", 1), lock("1", "t", 1), lock("2", "t", 1), lock("3", "t", 1), lock("4", "t", 1)});
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);
        model.remove({"1", "2", "4", "missing"});
        QCOMPARE(removed.size(), 2);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.lock(0)->key(), QByteArray("0"));
        QCOMPARE(model.lock(1)->key(), QByteArray("3"));
        QCOMPARE(model.rowOf("3"), 1);
    }

    void ttlCountsDownWithTheClock()
    {
        LockTableModel model;
        model.setClock([this] { return m_now; });
        m_now = 10'000;
        model.upsert({lock("a", "t", 5000, 10'000), lock("stuck", "t", -1, 10'000)});
        const QModelIndex ttl = model.index(0, LockTableModel::TtlColumn);
        QCOMPARE(ttl.data().toString(), QStringLiteral("5.0 s"));
        QCOMPARE(ttl.data(LockTableModel::RemainingTtlRole).toLongLong(), qint64(5000));
        m_now = 11'500;
        QCOMPARE(ttl.data().toString(), QStringLiteral("3.5 s"));
        QCOMPARE(ttl.data(LockTableModel::SortRole).toLongLong(), qint64(3500));
        m_now = 16'000;
        // Run out by the countdown, not yet read gone: a watchdog may have renewed it meanwhile.
        QCOMPARE(model.index(0, LockTableModel::StateColumn).data().toString(), QStringLiteral("expiring"));
        LockInfo gone = *model.lock(0);
        gone.goneAs = LockState::Expired;
        gone.goneAtMs = 15'100;
        model.markGone({gone});
        QCOMPARE(model.index(0, LockTableModel::StateColumn).data().toString(), QStringLiteral("expired"));
        QCOMPARE(model.index(1, LockTableModel::TtlColumn).data().toString(), QStringLiteral("no expiry"));
        QVERIFY(model.index(1, LockTableModel::TtlColumn).data(LockTableModel::SortRole).toLongLong()
                > model.index(0, LockTableModel::TtlColumn).data(LockTableModel::SortRole).toLongLong());
    }

    void selectionSurvivesUpdatesBehindTheProxy()
    {
        LockTableModel model;
        LockFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.sort(LockTableModel::KeyColumn);
        model.upsert({lock("m", "t", 1000), lock("z", "t", 1000)});
        QItemSelectionModel selection(&proxy);
        const QModelIndex m = proxy.mapFromSource(model.index(model.rowOf("m"), 0));
        selection.setCurrentIndex(m, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QSignalSpy proxyInserts(&proxy, &QAbstractItemModel::rowsInserted);
        model.upsert({lock("a", "t", 1000), lock("m", "other", 900), lock("b", "t", 1000)});
        // New rows arrive as one contiguous insert at the end, then settle into order.
        QCOMPARE(proxyInserts.size(), 1);
        QCOMPARE(proxy.index(3, 0).data(LockTableModel::KeyBytesRole).toByteArray().size(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(proxy.index(0, 0).data(LockTableModel::KeyBytesRole).toByteArray(), QByteArray("a"),
                                  LockFilterProxyModel::settleIntervalMs * 3);
        const QModelIndex current = selection.currentIndex();
        QVERIFY(current.isValid());
        QCOMPARE(current.data(LockTableModel::KeyBytesRole).toByteArray(), QByteArray("m"));
        QCOMPARE(current.row(), 2); // a, b, m, z
        QVERIFY(selection.isRowSelected(2));
    }

    void filterByKeyHolderOrToken()
    {
        LockTableModel model;
        model.setClock([this] { return m_now; });
        m_now = 0;
        LockFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        model.upsert({lock("lock:orders", "tok-1", 1000, 0, QStringLiteral("web-1")),
                      lock("lock:billing", "tok-2", 1000, 0, QStringLiteral("worker-7")),
                      lock("lock:bin", QByteArray("\xff\x01", 2), 1000)});
        proxy.setFilterText(QStringLiteral("ORDERS"));
        QCOMPARE(proxy.rowCount(), 1);
        proxy.setFilterText(QStringLiteral("worker-7"));
        QCOMPARE(proxy.rowCount(), 1);
        proxy.setFilterText(QStringLiteral("tok-"));
        QCOMPARE(proxy.rowCount(), 2);
        proxy.setFilterText(QStringLiteral("\\xff"));
        QCOMPARE(proxy.rowCount(), 1);
        proxy.setFilterText(QString());
        QCOMPARE(proxy.rowCount(), 3);
        LockInfo gone = lock("lock:bin", "x", 1);
        gone.goneAs = LockState::Expired;
        model.markGone({gone});
        proxy.setHideGone(true);
        QCOMPARE(proxy.rowCount(), 2);
    }
};

QTEST_MAIN(TestLockTableModel)
#include "tst_locktablemodel.moc"
