#include "redlockobservationjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

class TestRedlockObservationJson : public QObject
{
    Q_OBJECT

    // One line, newline included; an empty object (failing every check) when it is not JSON.
    static QJsonObject parse(const QByteArray &line)
    {
        if (!line.endsWith('\n') || line.count('\n') != 1)
            return {};
        return QJsonDocument::fromJson(line).object();
    }

private Q_SLOTS:
    void heldWithEveryKindOfNode()
    {
        RedlockObservation o;
        o.key = "locks:orders";
        RedlockObservation::Node a = RedlockObservation::Node::holding(QStringLiteral("127.0.0.1:7000"), "t1", 9000);
        a.dialect = QStringLiteral("node-redlock");
        LockHolder h;
        h.token = "t1";
        a.holders << h;
        a.warnings << QStringLiteral("no-ttl");
        o.nodes << a << RedlockObservation::Node::holding(QStringLiteral("127.0.0.1:7001"), "t1", 8000)
                << RedlockObservation::Node::absent(QStringLiteral("127.0.0.1:7002"))
                << RedlockObservation::Node::unreadable(QStringLiteral("127.0.0.1:7003"), QStringLiteral("Connection refused"))
                << RedlockObservation::Node::holding(QStringLiteral("127.0.0.1:7004"), "t1", 8500);
        const QJsonObject j = parse(RedlockObservationJson::line(o, 0.01));
        QCOMPARE(j.value(QStringLiteral("key")).toString(), QStringLiteral("locks:orders"));
        QCOMPARE(j.value(QStringLiteral("quorum")).toString(), QStringLiteral("degraded"));
        QCOMPARE(j.value(QStringLiteral("quorum_size")).toInt(), 3);
        QCOMPARE(j.value(QStringLiteral("validity_ms")).toInteger(), 8000 - 82);
        QCOMPARE(j.value(QStringLiteral("token")).toString(), QStringLiteral("t1"));
        QCOMPARE(j.value(QStringLiteral("dialect")).toString(), QStringLiteral("node-redlock"));
        QCOMPARE(j.value(QStringLiteral("holders")).toArray().size(), 1);
        const QJsonArray nodes = j.value(QStringLiteral("nodes")).toArray();
        QCOMPARE(nodes.size(), 5);
        QCOMPARE(nodes.at(0).toObject().value(QStringLiteral("node")).toString(), QStringLiteral("127.0.0.1:7000"));
        QCOMPARE(nodes.at(0).toObject().value(QStringLiteral("token")).toString(), QStringLiteral("t1"));
        QCOMPARE(nodes.at(0).toObject().value(QStringLiteral("ttl_ms")).toInteger(), 9000);
        QCOMPARE(nodes.at(0).toObject().value(QStringLiteral("warnings")).toArray(), QJsonArray{QStringLiteral("no-ttl")});
        QCOMPARE(nodes.at(1).toObject().value(QStringLiteral("warnings")).toArray(), QJsonArray());
        QVERIFY(!nodes.at(2).toObject().contains(QStringLiteral("warnings")));
        QCOMPARE(nodes.at(2).toObject().value(QStringLiteral("absent")).toBool(), true);
        QVERIFY(!nodes.at(2).toObject().contains(QStringLiteral("token")));
        QCOMPARE(nodes.at(3).toObject().value(QStringLiteral("error")).toString(), QStringLiteral("Connection refused"));
        QVERIFY(!nodes.at(3).toObject().contains(QStringLiteral("absent"))); // unreadable is not absent
        QVERIFY(!nodes.at(3).toObject().contains(QStringLiteral("token")));
    }

    // Without a majority, no validity, token or holder is claimed.
    void splitClaimsNoHolder()
    {
        RedlockObservation o;
        o.key = QByteArray("k\xff\n", 3);
        o.nodes << RedlockObservation::Node::holding(QStringLiteral("a:1"), QByteArray("\x00\x01", 2), 100)
                << RedlockObservation::Node::holding(QStringLiteral("b:1"), "t2", 100)
                << RedlockObservation::Node::absent(QStringLiteral("c:1"));
        const QJsonObject j = parse(RedlockObservationJson::line(o, 0.01));
        QCOMPARE(j.value(QStringLiteral("key")).toString(), QStringLiteral("k\\xff\\n"));
        QCOMPARE(j.value(QStringLiteral("quorum")).toString(), QStringLiteral("split"));
        QVERIFY(!j.contains(QStringLiteral("validity_ms")));
        QVERIFY(!j.contains(QStringLiteral("token")));
        QCOMPARE(j.value(QStringLiteral("holders")).toArray().size(), 0);
        QCOMPARE(j.value(QStringLiteral("nodes")).toArray().at(0).toObject().value(QStringLiteral("token")).toString(),
                 QStringLiteral("\\x00\\x01"));
    }
};

QTEST_APPLESS_MAIN(TestRedlockObservationJson)
#include "tst_redlockobservationjson.moc"
