#include "redlockgroupmodel.h"

#include <QAbstractItemModelTester>
#include <QColor>
#include <QSignalSpy>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {
using Node = RedlockObservation::Node;

RedlockObservation reading(const QByteArray &key, const QList<Node> &nodes)
{
    RedlockObservation o;
    o.key = key;
    o.nodes = nodes;
    return o;
}
} // namespace

class TestRedlockGroupModel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void warningsInTheTooltip()
    {
        RedlockGroupModel m;
        m.setNodes({u"a:1"_s, u"b:1"_s});
        Node noTtl = Node::holding(u"b:1"_s, "T", -1);
        noTtl.warnings << u"no-ttl"_s;
        m.setObservations({reading("locks:a", {Node::holding(u"a:1"_s, "T", 30000), noTtl})}, 1000);
        QVERIFY(m.index(0, RedlockGroupModel::FirstNodeColumn + 1).data(Qt::ToolTipRole).toString().contains(u"no-ttl"_s));
        QVERIFY(!m.index(0, RedlockGroupModel::FirstNodeColumn).data(Qt::ToolTipRole).toString().contains(u"no-ttl"_s));
    }

    // A majority that nothing expires is stuck, said in the state as the lock table says it;
    // one node with a TTL among them is a validity, not stuck.
    void aMajorityWithoutTtlIsStuck()
    {
        RedlockGroupModel m;
        QAbstractItemModelTester tester(&m);
        m.setNodes({u"a:1"_s, u"b:1"_s, u"c:1"_s});
        m.setObservations({reading("locks:stuck", {Node::holding(u"a:1"_s, "T", -1), Node::holding(u"b:1"_s, "T", -1), Node::absent(u"c:1"_s)}),
                           reading("locks:part", {Node::holding(u"a:1"_s, "T", -1), Node::holding(u"b:1"_s, "T", 5000), Node::absent(u"c:1"_s)}),
                           reading("locks:left", {Node::holding(u"a:1"_s, "T", -1), Node::absent(u"b:1"_s), Node::absent(u"c:1"_s)})},
                          1000);
        QCOMPARE(m.index(0, RedlockGroupModel::StateColumn).data().toString(), u"degraded, stuck (no TTL)"_s);
        QCOMPARE(m.index(0, RedlockGroupModel::StateColumn).data(Qt::ForegroundRole).value<QColor>(), QColor(0xb0, 0x30, 0x20));
        QCOMPARE(m.index(1, RedlockGroupModel::StateColumn).data().toString(), u"degraded"_s);
        QCOMPARE(m.index(2, RedlockGroupModel::StateColumn).data().toString(), u"leftover"_s);
    }

    void matrixAndCountdown()
    {
        RedlockGroupModel m;
        QAbstractItemModelTester tester(&m);
        m.setNodes({u"a:1"_s, u"b:1"_s, u"c:1"_s});
        QCOMPARE(m.columnCount(), RedlockGroupModel::FirstNodeColumn + 3);
        m.setObservations({reading("locks:a", {Node::holding(u"a:1"_s, "T", 30000), Node::unreadable(u"b:1"_s, u"refused"_s),
                                               Node::holding(u"c:1"_s, "T", 20000)}),
                           reading("locks:b", {Node::holding(u"a:1"_s, "U", 5000), Node::absent(u"b:1"_s), Node::absent(u"c:1"_s)})},
                          1000);
        QCOMPARE(m.rowCount(), 2);
        QCOMPARE(m.index(0, 0).data(RedlockGroupModel::QuorumIdRole).toString(), u"degraded"_s);
        QCOMPARE(m.index(1, 0).data(RedlockGroupModel::QuorumIdRole).toString(), u"leftover"_s);
        QCOMPARE(m.index(0, RedlockGroupModel::FirstNodeColumn).data().toString(), u"= 30.0 s"_s);
        QCOMPARE(m.index(0, RedlockGroupModel::FirstNodeColumn + 1).data().toString(), u"unreadable"_s);
        QVERIFY(m.index(0, RedlockGroupModel::FirstNodeColumn + 1).data(Qt::ToolTipRole).toString().contains(u"refused"_s));
        QVERIFY(!m.index(0, RedlockGroupModel::FirstNodeColumn).data(Qt::ToolTipRole).toString().contains(u"warnings"_s));
        QCOMPARE(m.index(1, RedlockGroupModel::FirstNodeColumn).data().toString(), u"U 5.0 s"_s); // not a majority's token
        QCOMPARE(m.index(1, RedlockGroupModel::FirstNodeColumn + 1).data().toString(), u"–"_s);
        QVERIFY(m.index(1, RedlockGroupModel::ValidityColumn).data().isNull()); // no majority, no validity
        // Validity: the smallest TTL of the majority (20000) minus round(20000 × 0.01) + 2.
        QCOMPARE(m.index(0, RedlockGroupModel::ValidityColumn).data().toString(), u"19.8 s"_s);

        QSignalSpy changed(&m, &QAbstractItemModel::dataChanged);
        m.tick(3000); // two seconds later
        QCOMPARE(changed.size(), 1);
        QCOMPARE(m.index(0, RedlockGroupModel::FirstNodeColumn).data().toString(), u"= 28.0 s"_s);
        QCOMPARE(m.index(0, RedlockGroupModel::ValidityColumn).data().toString(), u"17.8 s"_s);
        m.tick(100000);
        QCOMPARE(m.index(0, RedlockGroupModel::ValidityColumn).data().toString(), u"0.0 s"_s); // never below 0

        // The same keys again: updated in place (a view keeps its selection), no reset.
        QSignalSpy reset(&m, &QAbstractItemModel::modelReset);
        m.setObservations({reading("locks:a", {Node::holding(u"a:1"_s, "T", 9000), Node::holding(u"b:1"_s, "T", 9000),
                                               Node::holding(u"c:1"_s, "T", 9000)}),
                           reading("locks:b", {Node::absent(u"a:1"_s), Node::absent(u"b:1"_s), Node::absent(u"c:1"_s)})},
                          200000);
        QCOMPARE(reset.size(), 0);
        QCOMPARE(m.index(0, 0).data(RedlockGroupModel::QuorumIdRole).toString(), u"held"_s);
        m.setObservations({}, 200000);
        QCOMPARE(reset.size(), 1);
        QCOMPARE(m.rowCount(), 0);

        m.setNodeErrors({QString(), u"down"_s, QString()});
        QCOMPARE(m.headerData(RedlockGroupModel::FirstNodeColumn + 1, Qt::Horizontal).toString(), u"Node 2 (unreadable)\nb:1"_s);
        QCOMPARE(m.headerData(RedlockGroupModel::FirstNodeColumn, Qt::Horizontal).toString(), u"Node 1\na:1"_s);
    }
};

QTEST_GUILESS_MAIN(TestRedlockGroupModel)
#include "tst_redlockgroupmodel.moc"
