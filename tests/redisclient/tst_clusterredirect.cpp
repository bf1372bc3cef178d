#include "clusterredirect.h"
#include "redisreply.h"

#include <QTest>

Q_DECLARE_METATYPE(ClusterRedirect::Kind)
Q_DECLARE_METATYPE(RedisReply)

class TestClusterRedirect : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void redirects_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<ClusterRedirect::Kind>("kind");
        QTest::addColumn<int>("slot");
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("port");
        using K = ClusterRedirect::Kind;
        QTest::newRow("moved ipv4") << QByteArray("MOVED 3999 127.0.0.1:6381") << K::Moved << 3999 << QStringLiteral("127.0.0.1") << 6381;
        QTest::newRow("ask ipv4") << QByteArray("ASK 3999 127.0.0.1:6381") << K::Ask << 3999 << QStringLiteral("127.0.0.1") << 6381;
        QTest::newRow("first slot") << QByteArray("MOVED 0 10.0.0.1:7000") << K::Moved << 0 << QStringLiteral("10.0.0.1") << 7000;
        QTest::newRow("last slot") << QByteArray("MOVED 16383 10.0.0.1:7000") << K::Moved << 16383 << QStringLiteral("10.0.0.1") << 7000;
        QTest::newRow("ipv6 loopback") << QByteArray("MOVED 1 ::1:7000") << K::Moved << 1 << QStringLiteral("::1") << 7000;
        QTest::newRow("ipv6 full") << QByteArray("ASK 12182 2001:db8::5:6380") << K::Ask << 12182 << QStringLiteral("2001:db8::5") << 6380;
        QTest::newRow("ipv6 bracketed") << QByteArray("MOVED 1 [::1]:7000") << K::Moved << 1 << QStringLiteral("::1") << 7000;
        QTest::newRow("hostname") << QByteArray("MOVED 42 redis-0.redis.svc.cluster.local:6379") << K::Moved << 42
                                  << QStringLiteral("redis-0.redis.svc.cluster.local") << 6379;
        // An unknown endpoint: the same host the command went to, this port.
        QTest::newRow("empty host") << QByteArray("MOVED 3999 :7000") << K::Moved << 3999 << QString() << 7000;
        QTest::newRow("ask empty host") << QByteArray("ASK 5 :6380") << K::Ask << 5 << QString() << 6380;
        QTest::newRow("highest port") << QByteArray("MOVED 7 h:65535") << K::Moved << 7 << QStringLiteral("h") << 65535;
        QTest::newRow("leading zeros") << QByteArray("MOVED 0042 h:07000") << K::Moved << 42 << QStringLiteral("h") << 7000;
    }

    void redirects()
    {
        QFETCH(QByteArray, text);
        QFETCH(ClusterRedirect::Kind, kind);
        QFETCH(int, slot);
        QFETCH(QString, host);
        QFETCH(int, port);
        const std::optional<ClusterRedirect> r = ClusterRedirect::fromReply(RedisReply::error(text));
        QVERIFY(r.has_value());
        QCOMPARE(r->kind(), kind);
        QCOMPARE(int(r->slot()), slot);
        QCOMPARE(r->host(), host);
        QCOMPARE(int(r->port()), port);
        QCOMPARE(r->isSameHost(), host.isEmpty());
        QCOMPARE(r->hostOr(QStringLiteral("asked.example")), host.isEmpty() ? QStringLiteral("asked.example") : host);
    }

    void rejected_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("empty") << QByteArray();
        QTest::newRow("other error") << QByteArray("ERR unknown command 'FOO'");
        QTest::newRow("wrongtype") << QByteArray("WRONGTYPE Operation against a key holding the wrong kind of value");
        QTest::newRow("tryagain") << QByteArray("TRYAGAIN Multiple keys request during rehashing of slot");
        QTest::newRow("clusterdown") << QByteArray("CLUSTERDOWN Hash slot not served");
        QTest::newRow("crossslot") << QByteArray("CROSSSLOT Keys in request don't hash to the same slot");
        QTest::newRow("lower case") << QByteArray("moved 3999 127.0.0.1:6381");
        QTest::newRow("word only") << QByteArray("MOVED");
        QTest::newRow("no endpoint") << QByteArray("MOVED 3999");
        QTest::newRow("trailing space") << QByteArray("MOVED 3999 127.0.0.1:6381 ");
        QTest::newRow("extra word") << QByteArray("MOVED 3999 127.0.0.1:6381 extra");
        QTest::newRow("double space") << QByteArray("MOVED  3999 127.0.0.1:6381");
        QTest::newRow("slot too big") << QByteArray("MOVED 16384 127.0.0.1:6381");
        QTest::newRow("slot huge") << QByteArray("MOVED 99999999999 127.0.0.1:6381");
        QTest::newRow("slot negative") << QByteArray("MOVED -1 127.0.0.1:6381");
        QTest::newRow("slot signed") << QByteArray("MOVED +1 127.0.0.1:6381");
        QTest::newRow("slot not a number") << QByteArray("MOVED abc 127.0.0.1:6381");
        QTest::newRow("slot empty") << QByteArray("MOVED  127.0.0.1:6381");
        QTest::newRow("no port") << QByteArray("MOVED 3999 127.0.0.1");
        QTest::newRow("empty port") << QByteArray("MOVED 3999 127.0.0.1:");
        QTest::newRow("port zero") << QByteArray("MOVED 3999 127.0.0.1:0");
        QTest::newRow("port too big") << QByteArray("MOVED 3999 127.0.0.1:65536");
        QTest::newRow("port not a number") << QByteArray("MOVED 3999 127.0.0.1:http");
        QTest::newRow("ipv6 without port") << QByteArray("MOVED 1 [::1]");
        QTest::newRow("unbalanced bracket") << QByteArray("MOVED 1 [::1:7000");
        QTest::newRow("empty brackets") << QByteArray("MOVED 1 []:7000");
        QTest::newRow("unknown hostname") << QByteArray("MOVED 1 ?:7000");
        QTest::newRow("control byte in host") << QByteArray("MOVED 1 ho\x01st:7000");
        QTest::newRow("non-ascii host") << QByteArray("MOVED 1 h\xc3\xa9:7000");
    }

    void rejected()
    {
        QFETCH(QByteArray, text);
        QVERIFY(!ClusterRedirect::parse(text).has_value());
        QVERIFY(!ClusterRedirect::fromReply(RedisReply::error(text)).has_value());
    }

    // Only an error reply is a redirect, whatever its text says.
    void onlyErrorsRedirect_data()
    {
        QTest::addColumn<RedisReply>("reply");
        QTest::newRow("bulk string") << RedisReply::string("MOVED 3999 127.0.0.1:6381");
        QTest::newRow("status") << RedisReply::status("MOVED 3999 127.0.0.1:6381");
        QTest::newRow("nil") << RedisReply::nil();
        QTest::newRow("integer") << RedisReply::integer(3999);
        QTest::newRow("array") << RedisReply::array({RedisReply::error("MOVED 3999 127.0.0.1:6381")});
    }

    void onlyErrorsRedirect()
    {
        QFETCH(RedisReply, reply);
        QVERIFY(!ClusterRedirect::fromReply(reply).has_value());
    }

    void textRoundTrips_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::newRow("moved") << QByteArray("MOVED 3999 127.0.0.1:6381");
        QTest::newRow("ask") << QByteArray("ASK 1 ::1:7000");
        QTest::newRow("empty host") << QByteArray("MOVED 3999 :7000");
        QTest::newRow("percent in host") << QByteArray("MOVED 3 fe80::1%1:7000");
    }

    void textRoundTrips()
    {
        QFETCH(QByteArray, text);
        const std::optional<ClusterRedirect> r = ClusterRedirect::parse(text);
        QVERIFY(r.has_value());
        QCOMPARE(r->toString(), QString::fromLatin1(text));
    }
};

QTEST_APPLESS_MAIN(TestClusterRedirect)
#include "tst_clusterredirect.moc"
