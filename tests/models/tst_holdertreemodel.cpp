#include "holdertreemodel.h"

#include <QAbstractItemModelTester>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {
LockHolder holder(const QByteArray &token, QList<QPair<QString, QString>> fields, qint64 count = 1)
{
    LockHolder h;
    h.token = token;
    h.fields = std::move(fields);
    h.count = count;
    return h;
}

LockInfo lock(const QByteArray &key, QList<LockHolder> holders, qint64 pttl = 30000)
{
    LockInfo l;
    l.sample.key = key;
    l.sample.type = RedisType::Hash;
    l.sample.pttlMs = pttl;
    l.dialect = QStringLiteral("redisson");
    l.holders = std::move(holders);
    return l;
}

const QString client = QStringLiteral("8743c9c0-0795-4907-87fd-6c719a6b4586");
} // namespace

class TestHolderTreeModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void identityOf_data()
    {
        QTest::addColumn<QByteArray>("token");
        QTest::addColumn<QStringList>("fields"); // name, value, name, value…
        QTest::addColumn<QString>("identity");

        QTest::newRow("client beats thread") << QByteArray("u:57") << QStringList{u"client"_s, u"u"_s, u"thread"_s, u"57"_s} << u"client u"_s;
        QTest::newRow("host and pid") << QByteArray("x") << QStringList{u"host"_s, u"web-1"_s, u"pid"_s, u"42"_s} << u"host web-1, pid 42"_s;
        QTest::newRow("host only") << QByteArray("x") << QStringList{u"host"_s, u"web-1"_s} << u"host web-1"_s;
        QTest::newRow("mac") << QByteArray("x") << QStringList{u"mac"_s, u"02:42:ac:11:00:02"_s} << u"MAC 02:42:ac:11:00:02"_s;
        QTest::newRow("opaque token") << QByteArray("abc") << QStringList{} << u"token abc"_s;
        QTest::newRow("binary token escaped") << QByteArray("\xff\x01", 2) << QStringList{} << u"token \\xff\\x01"_s;
        QTest::newRow("empty client ignored") << QByteArray("t") << QStringList{u"client"_s, u""_s, u"host"_s, u"h"_s} << u"host h"_s;
    }

    void identityOf()
    {
        QFETCH(QByteArray, token);
        QFETCH(QStringList, fields);
        QFETCH(QString, identity);
        QList<QPair<QString, QString>> pairs;
        for (qsizetype i = 0; i + 1 < fields.size(); i += 2)
            pairs.append({fields.at(i), fields.at(i + 1)});
        QCOMPARE(HolderTreeModel::identityOf(holder(token, pairs)), identity);
    }

    void groupsLocksByClientAcrossKeys()
    {
        HolderTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setLocks({
            lock("orders", {holder((client + u":57"_s).toUtf8(), {{u"client"_s, client}, {u"thread"_s, u"57"_s}}, 2)}),
            lock("payments", {holder((client + u":61"_s).toUtf8(), {{u"client"_s, client}, {u"thread"_s, u"61"_s}})}),
            lock("lock:report", {holder("opaque-token", {})}),
            // A read lock held by two clients shows under both.
            lock("rw", {holder("other:1", {{u"client"_s, u"other"_s}}), holder((client + u":57"_s).toUtf8(), {{u"client"_s, client}})}),
        });

        QCOMPARE(model.groupCount(), 3);
        // Most locks first.
        QCOMPARE(model.groupIdentity(0), QStringLiteral("client ") + client);
        QCOMPARE(model.keysOf(model.groupIdentity(0)), (QList<QByteArray>{"orders", "payments", "rw"}));
        QCOMPARE(model.keysOf(QStringLiteral("client other")), QList<QByteArray>{"rw"});
        QCOMPARE(model.keysOf(QStringLiteral("token opaque-token")), QList<QByteArray>{"lock:report"});

        const QModelIndex top = model.index(0, 0);
        QCOMPARE(model.rowCount(top), 3);
        QVERIFY(top.data().toString().contains(QStringLiteral("3 lock")));
        const QModelIndex orders = model.index(0, 0, top);
        QCOMPARE(orders.data(Qt::UserRole).toByteArray(), QByteArray("orders"));
        QCOMPARE(orders.parent(), top);
        QCOMPARE(model.index(0, HolderTreeModel::CountColumn, top).data().toLongLong(), 2);
        QCOMPARE(model.index(0, HolderTreeModel::TokenColumn, top).data().toString(), client + QStringLiteral(":57"));
        QCOMPARE(model.rowCount(orders), 0);
    }

    void goneLocksAreLeftOut()
    {
        HolderTreeModel model;
        LockInfo gone = lock("old", {holder("t", {})});
        gone.goneAs = LockState::Released;
        model.setLocks({gone, lock("live", {holder("t", {})})});
        QCOMPARE(model.groupCount(), 1);
        QCOMPARE(model.keysOf(QStringLiteral("token t")), QList<QByteArray>{"live"});
    }

    void rebuildsFromEachSnapshot()
    {
        HolderTreeModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setLocks({lock("a", {holder("t1", {})}), lock("b", {holder("t2", {})})});
        QCOMPARE(model.groupCount(), 2);
        model.setLocks({});
        QCOMPARE(model.groupCount(), 0);
        QCOMPARE(model.rowCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestHolderTreeModel)
#include "tst_holdertreemodel.moc"
