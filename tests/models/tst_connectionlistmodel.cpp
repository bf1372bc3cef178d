#include "connectionlistmodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {
ConnectionProfile saved(const QString &name, const QString &group = {}, bool production = false)
{
    ConnectionProfile p = ConnectionProfile::newSaved(name);
    p.group = group;
    p.production = production;
    p.host = name + u".internal"_s;
    return p;
}
} // namespace

class TestConnectionListModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void groupsFirstThenTheRest()
    {
        ConnectionListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
        model.setConnections({saved(u"local"_s), saved(u"prod-eu-10"_s, u"Production"_s, true),
                              saved(u"prod-eu-2"_s, u"Production"_s, true), saved(u"staging"_s, u"EU"_s),
                              saved(u"Archive"_s)});
        QCOMPARE(resets.size(), 1);
        // Groups by name, then the connections of no group by name (case and numbers as
        // people read them).
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.index(0, 0).data().toString(), u"EU"_s);
        QCOMPARE(model.index(1, 0).data().toString(), u"Production"_s);
        QCOMPARE(model.index(2, 0).data().toString(), u"Archive"_s);
        QCOMPARE(model.index(3, 0).data().toString(), u"local"_s);
        QVERIFY(model.index(1, 0).data(ConnectionListModel::IsGroupRole).toBool());
        QVERIFY(!model.connection(model.index(1, 0)));
        QCOMPARE(model.index(1, ConnectionListModel::AddressColumn).data().toString(), u"2 connections"_s);

        const QModelIndex production = model.index(1, 0);
        QCOMPARE(model.rowCount(production), 2);
        QCOMPARE(model.index(0, 0, production).data().toString(), u"prod-eu-2"_s);
        QCOMPARE(model.index(1, 0, production).data().toString(), u"prod-eu-10"_s);
        QVERIFY(model.index(0, 0, production).data(ConnectionListModel::ProductionRole).toBool());
        QVERIFY(model.index(0, ConnectionListModel::AddressColumn, production).data().toString().startsWith(u"PRODUCTION"_s));
        QCOMPARE(model.connection(model.index(0, 1, production))->name, u"prod-eu-2"_s);
        QCOMPARE(model.groups(), (QStringList{u"EU"_s, u"Production"_s}));
    }

    void findsAConnectionByItsId()
    {
        ConnectionListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        ConnectionProfile tagged = saved(u"prod"_s, u"P"_s);
        tagged.color = QColor(u"#2e7d32"_s);
        const ConnectionProfile loose = saved(u"local"_s);
        model.setConnections({tagged, loose});
        const QModelIndex t = model.indexOf(tagged.id);
        QVERIFY(t.isValid());
        QCOMPARE(t.parent().data().toString(), u"P"_s);
        QCOMPARE(t.data(ConnectionListModel::IdRole).toString(), tagged.id);
        QCOMPARE(t.data(Qt::DecorationRole).value<QColor>(), tagged.color);
        QVERIFY(!model.indexOf(loose.id).data(Qt::DecorationRole).isValid());
        QCOMPARE(model.indexOf(loose.id, ConnectionListModel::AddressColumn).data().toString(), u"local.internal:6379"_s);
        QVERIFY(!model.indexOf(u"no-such-id"_s).isValid());

        model.setConnections({});
        QCOMPARE(model.rowCount(), 0);
        QVERIFY(!model.indexOf(tagged.id).isValid());
    }
};

QTEST_MAIN(TestConnectionListModel)
#include "tst_connectionlistmodel.moc"
