#include "connectionprofile.h"

#include <QTest>

class TestConnectionProfile : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void url_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("user");
        QTest::addColumn<QString>("password");
        QTest::addColumn<int>("db");
        QTest::addColumn<bool>("tls");

        QTest::newRow("host only") << "redis://cache.internal" << true << "cache.internal" << 6379 << "" << "" << 0 << false;
        QTest::newRow("port and db") << "redis://10.0.0.5:6380/3" << true << "10.0.0.5" << 6380 << "" << "" << 3 << false;
        QTest::newRow("db as a parameter") << "redis://10.0.0.5:6380?db=3" << true << "10.0.0.5" << 6380 << "" << "" << 3 << false;
        QTest::newRow("db as a parameter after a slash") << "redis://h/?db=7" << true << "h" << 6379 << "" << "" << 7 << false;
        QTest::newRow("acl user") << "redis://ops:s3cret@h:7000/1" << true << "h" << 7000 << "ops" << "s3cret" << 1 << false;
        QTest::newRow("password only") << "redis://:s3cret@h" << true << "h" << 6379 << "" << "s3cret" << 0 << false;
        QTest::newRow("lone user info is a password") << "redis://s3cret@h" << true << "h" << 6379 << "" << "s3cret" << 0 << false;
        QTest::newRow("escaped password") << "redis://u:p%40ss%3Aw@h" << true << "h" << 6379 << "u" << "p@ss:w" << 0 << false;
        QTest::newRow("tls") << "rediss://h:6390" << true << "h" << 6390 << "" << "" << 0 << true;
        QTest::newRow("ipv6") << "redis://[::1]:6379" << true << "::1" << 6379 << "" << "" << 0 << false;
        QTest::newRow("wrong scheme") << "http://h" << false << "" << 0 << "" << "" << 0 << false;
        QTest::newRow("no host") << "redis://" << false << "" << 0 << "" << "" << 0 << false;
        QTest::newRow("bad db") << "redis://h/abc" << false << "" << 0 << "" << "" << 0 << false;
        QTest::newRow("negative db") << "redis://h?db=-1" << false << "" << 0 << "" << "" << 0 << false;
        QTest::newRow("bad db parameter") << "redis://h?db=x" << false << "" << 0 << "" << "" << 0 << false;
        QTest::newRow("db twice") << "redis://h/2?db=3" << false << "" << 0 << "" << "" << 0 << false;
        QTest::newRow("unknown parameter") << "redis://h?timeout=5" << false << "" << 0 << "" << "" << 0 << false;
        QTest::newRow("port zero") << "redis://h:0" << false << "" << 0 << "" << "" << 0 << false;
        QTest::newRow("port too large") << "redis://h:70000" << false << "" << 0 << "" << "" << 0 << false;
        QTest::newRow("not a url") << "lock:orders" << false << "" << 0 << "" << "" << 0 << false;
    }

    void url()
    {
        QFETCH(QString, url);
        QFETCH(bool, ok);
        ConnectionProfile p;
        QString error;
        QCOMPARE(p.applyUrl(url, &error), ok);
        if (!ok) {
            QVERIFY(!error.isEmpty());
            QCOMPARE(p, ConnectionProfile()); // untouched
            return;
        }
        QTEST(p.host, "host");
        QTEST(int(p.port), "port");
        QTEST(p.user, "user");
        QTEST(p.password, "password");
        QTEST(p.database, "db");
        QTEST(p.tls.enabled, "tls");
    }

    void sentinelUrl_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("nodes");
        QTest::addColumn<QString>("master");
        QTest::addColumn<QString>("user");
        QTest::addColumn<QString>("password");
        QTest::addColumn<int>("db");
        QTest::newRow("one sentinel") << "redis+sentinel://s1:26379/mymaster" << true << "s1:26379" << "mymaster" << "" << "" << 0;
        QTest::newRow("default port") << "redis+sentinel://s1/mymaster" << true << "s1:26379" << "mymaster" << "" << "" << 0;
        QTest::newRow("three, a db, credentials") << "redis+sentinel://ops:p%40ss@s1:26379,s2:26380,[::1]:26381/orders/2" << true
                                                  << "s1:26379 s2:26380 [::1]:26381" << "orders" << "ops" << "p@ss" << 2;
        QTest::newRow("password only") << "redis+sentinel://secret@s1:26379/m" << true << "s1:26379" << "m" << "" << "secret" << 0;
        QTest::newRow("no master") << "redis+sentinel://s1:26379" << false << "" << "" << "" << "" << 0;
        QTest::newRow("no sentinel") << "redis+sentinel:///m" << false << "" << "" << "" << "" << 0;
        QTest::newRow("bad port") << "redis+sentinel://s1:0/m" << false << "" << "" << "" << "" << 0;
        QTest::newRow("bad db") << "redis+sentinel://s1/m/x" << false << "" << "" << "" << "" << 0;
        QTest::newRow("too much path") << "redis+sentinel://s1/m/1/2" << false << "" << "" << "" << "" << 0;
        QTest::newRow("unclosed bracket") << "redis+sentinel://[::1:26379/m" << false << "" << "" << "" << "" << 0;
    }

    void sentinelUrl()
    {
        QFETCH(QString, url);
        QFETCH(bool, ok);
        ConnectionProfile p;
        QString error;
        QCOMPARE(p.applyUrl(url, &error), ok);
        if (!ok) {
            QVERIFY(!error.isEmpty());
            QCOMPARE(p, ConnectionProfile());
            return;
        }
        QCOMPARE(p.kind, ConnectionProfile::Kind::Sentinel);
        QStringList nodes;
        for (const ConnectionProfile::Endpoint &e : p.nodes())
            nodes << e.text();
        QTEST(nodes.join(QLatin1Char(' ')), "nodes");
        QTEST(p.masterName, "master");
        QTEST(p.user, "user");
        QTEST(p.password, "password");
        QTEST(p.database, "db");
        QVERIFY(p.sentinelPassword.isEmpty()); // the sentinels' are separate
        QVERIFY(!p.displayName().contains(QLatin1String("p@ss")));
    }

    void displayName_data()
    {
        QTest::addColumn<QString>("url");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("expected");
        QTest::newRow("user and db") << "redis://ops:s3cret@h:7000/2" << "" << "ops@h:7000/2";
        QTest::newRow("ipv6 in brackets") << "redis://[::1]:7000" << "" << "[::1]:7000";
        QTest::newRow("the name wins") << "redis://ops:s3cret@h:7000/2" << "prod-eu" << "prod-eu";
    }

    void displayName()
    {
        QFETCH(QString, url);
        QFETCH(QString, name);
        ConnectionProfile p;
        QVERIFY(p.applyUrl(url, nullptr));
        p.name = name;
        QTEST(p.displayName(), "expected");
        QVERIFY(!p.displayName().contains(QLatin1String("s3cret")));
    }
};

QTEST_GUILESS_MAIN(TestConnectionProfile)
#include "tst_connectionprofile.moc"
