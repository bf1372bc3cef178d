#include "redlockeventderiver.h"

#include <QTest>

using namespace Qt::StringLiterals;

namespace {
using Kind = RedlockEvent::Kind;
using Node = RedlockObservation::Node;

const QStringList names{u"a:1"_s, u"b:1"_s, u"c:1"_s, u"d:1"_s, u"e:1"_s};

// One key on five nodes: per node "A" or "B" (holding that token, with ttl), "-" absent, "x" unreadable.
RedlockObservation reading(const QByteArray &key, const QString &nodes, qint64 ttlMs = 10000)
{
    RedlockObservation o;
    o.key = key;
    for (int i = 0; i < nodes.size(); ++i) {
        const QChar c = nodes.at(i);
        if (c == QLatin1Char('-'))
            o.nodes << Node::absent(names.at(i));
        else if (c == QLatin1Char('x'))
            o.nodes << Node::unreadable(names.at(i), QStringLiteral("down"));
        else
            o.nodes << Node::holding(names.at(i), QByteArray("token") + c.toLatin1(), ttlMs);
    }
    return o;
}

QStringList errors(const QString &nodes)
{
    QStringList out;
    for (QChar c : nodes)
        out << (c == QLatin1Char('x') ? QStringLiteral("down") : QString());
    return out;
}
} // namespace

class TestRedlockEventDeriver : public QObject
{
    Q_OBJECT

private:
    RedlockEventDeriver m_d{names};
    QList<RedlockEvent> m_last; // the events of the last step

    // Reads "locks:1" as nodes say at nowMs (nodes with "x" down) and returns the events' ids.
    // restarted: the indexes of the nodes found restarted at this reading, as digits.
    QStringList step(const QString &nodes, qint64 nowMs, qint64 ttlMs = 10000, const QString &restarted = {})
    {
        QList<RedlockEvent> out;
        QList<RedlockObservation> all;
        if (nodes != QLatin1String("-----"))
            all << reading("locks:1", nodes, ttlMs);
        QStringList restarts(nodes.size());
        for (QChar c : restarted)
            restarts[c.digitValue()] = QStringLiteral("run_id 1 → 2");
        m_d.observe(all, errors(nodes), nowMs, out, restarts);
        m_last = out;
        QStringList ids;
        for (const RedlockEvent &e : out)
            ids << RedlockEvent::kindId(e.kind) + (e.isNodeEvent() ? QString::number(e.node) : QString());
        return ids;
    }

private Q_SLOTS:
    void init() { m_d.clear(); }

    void events_data()
    {
        QTest::addColumn<QStringList>("readings"); // nodes@nowMs[@ttl]
        QTest::addColumn<QStringList>("expected"); // events per reading, joined by spaces
        QTest::newRow("there at start: not acquired") << QStringList{u"AAAAA@0"_s} << QStringList{u""_s};
        QTest::newRow("acquired, released") << QStringList{u"-----@0"_s, u"AAA--@100"_s, u"-----@200"_s}
                                            << QStringList{u""_s, u"acquired"_s, u"released"_s};
        QTest::newRow("released node after node: once") << QStringList{u"-----@0"_s, u"AAAAA@100"_s, u"-AAAA@200"_s, u"--AAA@300"_s, u"---AA@400"_s, u"-----@500"_s}
                                                        << QStringList{u""_s, u"acquired"_s, u""_s, u""_s, u"released"_s, u""_s};
        QTest::newRow("expired at its deadline") << QStringList{u"-----@0"_s, u"AAAAA@100"_s, u"-----@10100"_s}
                                                 << QStringList{u""_s, u"acquired"_s, u"expired"_s};
        QTest::newRow("renewed") << QStringList{u"AAAAA@0"_s, u"AAAAA@1000@10000"_s, u"AAAAA@1100@9900"_s}
                                 << QStringList{u""_s, u"renewed"_s, u""_s};
        QTest::newRow("handed over") << QStringList{u"AAAAA@0"_s, u"BBBAA@100"_s} << QStringList{u""_s, u"handed-over"_s};
        QTest::newRow("split and leftover are not held") << QStringList{u"-----@0"_s, u"AABB-@100"_s, u"A----@200"_s, u"-----@300"_s}
                                                         << QStringList{u""_s, u""_s, u""_s, u""_s};
        QTest::newRow("quorum lost on the third node down, never released")
            << QStringList{u"AAAAA@0"_s, u"xAAAA@100"_s, u"xxAAA@200"_s, u"xxxAA@300"_s, u"AxxAA@400"_s, u"AAAAA@500"_s}
            << QStringList{u""_s, u"node-down0"_s, u"node-down1"_s, u"node-down2 quorum-lost"_s, u"node-up0 quorum-regained"_s, u"node-up1 node-up2"_s};
        QTest::newRow("a tracked lock on down nodes only stays tracked")
            << QStringList{u"AAA--@0"_s, u"xxx--@100"_s, u"AAA--@200"_s}
            << QStringList{u""_s, u"node-down0 node-down1 node-down2 quorum-lost"_s, u"node-up0 node-up1 node-up2 quorum-regained"_s};
        QTest::newRow("back without it before its deadline: lost, not released")
            << QStringList{u"AAAAA@0"_s, u"xxxAA@100"_s, u"---AA@200"_s} << QStringList{u""_s, u"node-down0 node-down1 node-down2 quorum-lost"_s, u"node-up0 node-up1 node-up2"_s};
        QTest::newRow("back without it after its deadline: expired")
            << QStringList{u"AAAAA@0"_s, u"xxxAA@100"_s, u"---AA@20000"_s} << QStringList{u""_s, u"node-down0 node-down1 node-down2 quorum-lost"_s, u"node-up0 node-up1 node-up2 expired"_s};
        QTest::newRow("regained with another token") << QStringList{u"AAAAA@0"_s, u"xxxAA@100"_s, u"BBB--@200"_s}
                                                     << QStringList{u""_s, u"node-down0 node-down1 node-down2 quorum-lost"_s, u"node-up0 node-up1 node-up2 quorum-regained handed-over"_s};
        QTest::newRow("begun with a majority down: held all along, not acquired when they answer")
            << QStringList{u"xxxAA@0"_s, u"xxxAA@100"_s, u"AAAAA@200"_s, u"-----@300"_s}
            << QStringList{u"node-down0 node-down1 node-down2"_s, u""_s, u"node-up0 node-up1 node-up2"_s, u"released"_s};
        QTest::newRow("with a majority answering and nobody holding: a later holding is acquired")
            << QStringList{u"xxAA-@0"_s, u"xx---@100"_s, u"xxBBB@200"_s}
            << QStringList{u"node-down0 node-down1"_s, u""_s, u"acquired"_s};
        QTest::newRow("released node after node while one is down")
            << QStringList{u"AAAAA@0"_s, u"AxAAA@100"_s, u"-x-AA@200"_s, u"-x---@300"_s}
            << QStringList{u""_s, u"node-down1"_s, u"quorum-lost"_s, u"released"_s};
        QTest::newRow("released with two nodes down") << QStringList{u"AAAAA@0"_s, u"xxAAA@100"_s, u"xx---@200"_s}
                                                      << QStringList{u""_s, u"node-down0 node-down1"_s, u"released"_s};
        // "@rN…": nodes N… answer as new server processes (run_id changed) at that reading.
        QTest::newRow("holders restarted between two readings: lost, not released")
            << QStringList{u"AAAAA@0"_s, u"---AA@100@r012"_s}
            << QStringList{u""_s, u"node-restarted0 node-restarted1 node-restarted2 lost"_s};
        QTest::newRow("holders down, then back restarted: lost when back")
            << QStringList{u"AAAAA@0"_s, u"xxxAA@100"_s, u"---AA@200@r012"_s}
            << QStringList{u""_s, u"node-down0 node-down1 node-down2 quorum-lost"_s,
                           u"node-up0 node-up1 node-up2 node-restarted0 node-restarted1 node-restarted2 lost"_s};
        QTest::newRow("holders restarted after its deadline: expired")
            << QStringList{u"AAAAA@0"_s, u"---AA@20000@r012"_s}
            << QStringList{u""_s, u"node-restarted0 node-restarted1 node-restarted2 expired"_s};
        QTest::newRow("a node that did not hold it restarted: nothing lost")
            << QStringList{u"AAA--@0"_s, u"AAA--@100@r4"_s} << QStringList{u""_s, u"node-restarted4"_s};
        QTest::newRow("holders back from a restart with it (append-only file), then released")
            << QStringList{u"AAAAA@0"_s, u"xxxAA@100"_s, u"AAAAA@200@r012"_s, u"-----@300"_s}
            << QStringList{u""_s, u"node-down0 node-down1 node-down2 quorum-lost"_s,
                           u"node-up0 node-up1 node-up2 node-restarted0 node-restarted1 node-restarted2 quorum-regained"_s, u"released"_s};
        QTest::newRow("one holder restarted, the majority kept; then released")
            << QStringList{u"AAAAA@0"_s, u"-AAAA@100@r0"_s, u"-----@200"_s} << QStringList{u""_s, u"node-restarted0"_s, u"released"_s};
    }

    // A loss by restarts names every holder that restarted without the lock: also those that
    // restarted, or were silent, while the majority still stood.
    void lostNamesTheRestartedHolders_data()
    {
        QTest::addColumn<QStringList>("readings"); // nodes@nowMs[@rN…], as in events()
        QTest::addColumn<QList<int>>("named");     // the nodes the lost event's message names
        QTest::newRow("three at once") << QStringList{u"AAAAA@0"_s, u"---AA@100@r012"_s} << QList<int>{0, 1, 2};
        QTest::newRow("two while the majority stood, then a third")
            << QStringList{u"AAAAA@0"_s, u"--AAA@100@r01"_s, u"---AA@200@r2"_s} << QList<int>{0, 1, 2};
        QTest::newRow("one by one") << QStringList{u"AAAAA@0"_s, u"-AAAA@100@r0"_s, u"--AAA@200@r1"_s, u"---AA@300@r2"_s}
                                    << QList<int>{0, 1, 2};
        QTest::newRow("silent while the majority stood, then back restarted")
            << QStringList{u"AAAAA@0"_s, u"xAAAA@100"_s, u"-AAAA@200@r0"_s, u"---AA@300@r12"_s} << QList<int>{0, 1, 2};
        QTest::newRow("a node that never held it is not named")
            << QStringList{u"AAAA-@0"_s, u"-AAA-@100@r04"_s, u"--AA-@200@r1"_s} << QList<int>{0, 1};
    }

    void lostNamesTheRestartedHolders()
    {
        QFETCH(QStringList, readings);
        QFETCH(QList<int>, named);
        for (const QString &r : std::as_const(readings)) {
            QStringList parts = r.split(QLatin1Char('@'));
            const QString restarted = parts.size() > 2 ? parts.takeLast().mid(1) : QString();
            step(parts.at(0), parts.at(1).toLongLong(), 10000, restarted);
        }
        const auto lost = std::find_if(m_last.cbegin(), m_last.cend(), [](const RedlockEvent &e) { return e.kind == Kind::Lost; });
        QVERIFY(lost != m_last.cend());
        for (int i = 0; i < names.size(); ++i)
            QCOMPARE(lost->message.contains(u"node %1 (%2)"_s.arg(i + 1).arg(names.at(i))), named.contains(i));
    }

    void events()
    {
        QFETCH(QStringList, readings);
        QFETCH(QStringList, expected);
        for (int i = 0; i < readings.size(); ++i) {
            QStringList parts = readings.at(i).split(QLatin1Char('@'));
            const QString restarted = parts.last().startsWith(QLatin1Char('r')) ? parts.takeLast().mid(1) : QString();
            const qint64 ttl = parts.size() > 2 ? parts.at(2).toLongLong() : 10000;
            QCOMPARE(step(parts.at(0), parts.at(1).toLongLong(), ttl, restarted).join(QLatin1Char(' ')), expected.at(i));
        }
    }

    // The reading must name every tracked key; one that is missing reads as absent everywhere.
    void aMissingTrackedKeyIsAbsent()
    {
        QList<RedlockEvent> out;
        m_d.observe({}, errors(u"-----"_s), 0, out);
        m_d.observe({reading("locks:1", u"AAAAA"_s)}, errors(u"-----"_s), 100, out);
        QCOMPARE(m_d.trackedKeys(), QList<QByteArray>{"locks:1"});
        m_d.observe({}, errors(u"-----"_s), 200, out);
        QCOMPARE(out.size(), 2);
        QCOMPARE(out.last().kind, Kind::Released);
        QCOMPARE(out.last().observation.nodes.size(), 5);
        QVERIFY(m_d.trackedKeys().isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRedlockEventDeriver)
#include "tst_redlockeventderiver.moc"
