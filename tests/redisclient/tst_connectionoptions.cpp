#include "connectionoptions.h"

#include <QTest>

class TestConnectionOptions : public QObject
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
        QTest::newRow("acl user") << "redis://ops:s3cret@h:7000/1" << true << "h" << 7000 << "ops" << "s3cret" << 1 << false;
        QTest::newRow("password only") << "redis://:s3cret@h" << true << "h" << 6379 << "" << "s3cret" << 0 << false;
        QTest::newRow("lone user info is a password") << "redis://s3cret@h" << true << "h" << 6379 << "" << "s3cret" << 0 << false;
        QTest::newRow("escaped password") << "redis://u:p%40ss%3Aw@h" << true << "h" << 6379 << "u" << "p@ss:w" << 0 << false;
        QTest::newRow("tls") << "rediss://h:6390" << true << "h" << 6390 << "" << "" << 0 << true;
        QTest::newRow("ipv6") << "redis://[::1]:6379" << true << "::1" << 6379 << "" << "" << 0 << false;
        QTest::newRow("wrong scheme") << "http://h" << false << "" << 0 << "" << "" << 0 << false;
        QTest::newRow("no host") << "redis://" << false << "" << 0 << "" << "" << 0 << false;
        QTest::newRow("bad db") << "redis://h/abc" << false << "" << 0 << "" << "" << 0 << false;
        QTest::newRow("not a url") << "lock:orders" << false << "" << 0 << "" << "" << 0 << false;
    }

    void url()
    {
        QFETCH(QString, url);
        QFETCH(bool, ok);
        ConnectionOptions o;
        QString error;
        QCOMPARE(o.applyUrl(url, &error), ok);
        if (!ok) {
            QVERIFY(!error.isEmpty());
            QCOMPARE(o.host, ConnectionOptions().host); // untouched
            return;
        }
        QTEST(o.host, "host");
        QTEST(int(o.port), "port");
        QTEST(o.user, "user");
        QTEST(o.password, "password");
        QTEST(o.database, "db");
        QTEST(o.tls, "tls");
    }

    void displayNameHidesPassword()
    {
        ConnectionOptions o;
        QVERIFY(o.applyUrl(QStringLiteral("redis://ops:s3cret@h:7000/2"), nullptr));
        QCOMPARE(o.displayName(), QStringLiteral("ops@h:7000/2"));
        QVERIFY(!o.displayName().contains(QLatin1String("s3cret")));
    }
};

QTEST_GUILESS_MAIN(TestConnectionOptions)
#include "tst_connectionoptions.moc"
