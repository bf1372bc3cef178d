#include "serverinfo.h"

#include <QTest>

// What tells one Redis server from another: INFO server's run_id, read as Redis writes it,
// and which nodes of a group repeat an earlier one's server.
class TestServerInfo : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void runId_data()
    {
        QTest::addColumn<QByteArray>("info");
        QTest::addColumn<QString>("runId");
        QTest::newRow("as Redis writes it") << QByteArray("# Server\r\nredis_version:7.0.15\r\nrun_id:7a055755e1f0\r\ntcp_port:6379\r\n")
                                          << QStringLiteral("7a055755e1f0");
        QTest::newRow("first line") << QByteArray("run_id:abc\n") << QStringLiteral("abc");
        QTest::newRow("no run_id (a trimmed INFO)") << QByteArray("# Server\r\nredis_version:7.0.15\r\n") << QString();
        QTest::newRow("not at a line start") << QByteArray("x_run_id:abc\r\n") << QString();
        QTest::newRow("empty") << QByteArray() << QString();
    }

    void runId()
    {
        QFETCH(QByteArray, info);
        QFETCH(QString, runId);
        QCOMPARE(ServerInfo::runId(info), runId);
    }

    // The server processes among a node's identities, in one order whatever order they came
    // in: two readings compare equal unless a process changed.
    void runIds()
    {
        const QStringList ids = ServerInfo::runIds({QStringLiteral("address 127.0.0.1:7002"), QStringLiteral("run_id bbb"),
                                                    QStringLiteral("run_id aaa"), QStringLiteral("address 127.0.0.1:7001")});
        QCOMPARE(ids, (QStringList{QStringLiteral("run_id aaa"), QStringLiteral("run_id bbb")}));
        QVERIFY(ServerInfo::runIds({QStringLiteral("address 127.0.0.1:7001")}).isEmpty());
    }

    void duplicates_data()
    {
        QTest::addColumn<QList<QStringList>>("identities");
        QTest::addColumn<QList<int>>("nodes");  // the repeating nodes
        QTest::addColumn<QList<int>>("sameAs"); // the earlier node each repeats
        const QString a = QStringLiteral("run_id aaaa"), b = QStringLiteral("run_id bbbb");
        const QString here = QStringLiteral("address 127.0.0.1:7000"), there = QStringLiteral("address 127.0.0.1:7001");
        QTest::newRow("distinct") << QList<QStringList>{{a, here}, {b, there}} << QList<int>{} << QList<int>{};
        QTest::newRow("same run_id") << QList<QStringList>{{a, here}, {b, there}, {a, QStringLiteral("address 10.0.0.9:7000")}}
                                     << QList<int>{2} << QList<int>{0};
        QTest::newRow("same address, INFO refused") << QList<QStringList>{{here}, {here}, {there}} << QList<int>{1} << QList<int>{0};
        QTest::newRow("one shared by three") << QList<QStringList>{{a}, {a}, {a}} << QList<int>{1, 2} << QList<int>{0, 0};
        QTest::newRow("unreachable nodes have none") << QList<QStringList>{{}, {}, {a}} << QList<int>{} << QList<int>{};
        QTest::newRow("listed once however much is shared") << QList<QStringList>{{a, here}, {a, here}} << QList<int>{1} << QList<int>{0};
    }

    void duplicates()
    {
        QFETCH(QList<QStringList>, identities);
        QFETCH(QList<int>, nodes);
        QFETCH(QList<int>, sameAs);
        QList<int> gotNodes, gotSameAs;
        for (const ServerInfo::Duplicate &d : ServerInfo::duplicates(identities)) {
            gotNodes << d.node;
            gotSameAs << d.sameAs;
            QVERIFY(identities.at(d.node).contains(d.identity) && identities.at(d.sameAs).contains(d.identity));
        }
        QCOMPARE(gotNodes, nodes);
        QCOMPARE(gotSameAs, sameAs);
    }
};

QTEST_GUILESS_MAIN(TestServerInfo)
#include "tst_serverinfo.moc"
