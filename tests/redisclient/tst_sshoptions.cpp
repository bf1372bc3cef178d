#include "sshoptions.h"

#include <QTest>

class TestSshOptions : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void parseDestination_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("user");
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("port");

        QTest::newRow("user and host") << "ops@bastion.example.com" << true << "ops" << "bastion.example.com" << 22;
        QTest::newRow("with port") << "ops@bastion:2222" << true << "ops" << "bastion" << 2222;
        QTest::newRow("host only") << "bastion" << true << "" << "bastion" << 22;
        QTest::newRow("host and port") << "10.0.0.7:22022" << true << "" << "10.0.0.7" << 22022;
        QTest::newRow("ipv6 in brackets with port") << "ops@[fd00::1]:2222" << true << "ops" << "fd00::1" << 2222;
        QTest::newRow("ipv6 in brackets") << "ops@[::1]" << true << "ops" << "::1" << 22;
        QTest::newRow("bare ipv6 has no port") << "ops@fd00::1" << true << "ops" << "fd00::1" << 22;
        QTest::newRow("user with @ (last one splits)") << "jane@corp@bastion:2200" << true << "jane@corp" << "bastion" << 2200;
        QTest::newRow("highest port") << "ops@h:65535" << true << "ops" << "h" << 65535;
        QTest::newRow("ssh uri") << "ssh://ops@bastion:2222" << true << "ops" << "bastion" << 2222;

        QTest::newRow("empty") << "" << false << "" << "" << 0;
        QTest::newRow("empty user") << "@bastion" << false << "" << "" << 0;
        QTest::newRow("no host") << "ops@" << false << "" << "" << 0;
        QTest::newRow("only a port") << ":22" << false << "" << "" << 0;
        QTest::newRow("colon without port") << "ops@bastion:" << false << "" << "" << 0;
        QTest::newRow("port zero") << "ops@bastion:0" << false << "" << "" << 0;
        QTest::newRow("port too big") << "ops@bastion:65536" << false << "" << "" << 0;
        QTest::newRow("port not a number") << "ops@bastion:ssh" << false << "" << "" << 0;
        QTest::newRow("negative port") << "ops@bastion:-1" << false << "" << "" << 0;
        QTest::newRow("unclosed bracket") << "ops@[::1:22" << false << "" << "" << 0;
        QTest::newRow("junk after bracket") << "ops@[::1]x" << false << "" << "" << 0;
        QTest::newRow("empty brackets") << "ops@[]:22" << false << "" << "" << 0;
        QTest::newRow("space") << "ops@bastion host" << false << "" << "" << 0;
        QTest::newRow("user with a slash") << "a/b@bastion" << false << "" << "" << 0;
        QTest::newRow("url with a path") << "ssh://ops@bastion/x" << false << "" << "" << 0;
    }

    void parseDestination()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        SshOptions o;
        o.user = QStringLiteral("before");
        o.host = QStringLiteral("before.example");
        o.port = 2201;
        QString error;
        QCOMPARE(SshOptions::parseDestination(text, &o, &error), ok);
        if (!ok) {
            QVERIFY(!error.isEmpty());
            // Untouched on failure.
            QCOMPARE(o.user, QStringLiteral("before"));
            QCOMPARE(o.host, QStringLiteral("before.example"));
            QCOMPARE(int(o.port), 2201);
            return;
        }
        QVERIFY(error.isEmpty());
        QTEST(o.user, "user");
        QTEST(o.host, "host");
        QTEST(int(o.port), "port");
    }

    void names_data()
    {
        QTest::addColumn<QString>("user");
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("destination");
        QTest::addColumn<QString>("knownHostsName");

        QTest::newRow("default port") << "ops" << "Bastion.Example" << 22 << "ops@Bastion.Example:22" << "bastion.example";
        QTest::newRow("other port") << "ops" << "10.1.2.3" << 2222 << "ops@10.1.2.3:2222" << "[10.1.2.3]:2222";
        QTest::newRow("ipv6") << "" << "fd00::1" << 2222 << "[fd00::1]:2222" << "[fd00::1]:2222";
        QTest::newRow("ipv6 default port") << "" << "::1" << 22 << "[::1]:22" << "::1";
    }

    void names()
    {
        QFETCH(QString, user);
        QFETCH(QString, host);
        QFETCH(int, port);
        SshOptions o;
        o.user = user;
        o.host = host;
        o.port = quint16(port);
        o.password = QStringLiteral("s3cret");
        o.passphrase = QStringLiteral("s3cret too");
        QTEST(o.destination(), "destination");
        QTEST(o.knownHostsName(), "knownHostsName");
        QVERIFY(!o.destination().contains(QLatin1String("s3cret")));
    }

    void knownHostsPath()
    {
        SshOptions o;
        QVERIFY(o.knownHostsPath().endsWith(QLatin1String("/.ssh/known_hosts")));
        o.knownHostsFile = QStringLiteral("/tmp/kh");
        QCOMPARE(o.knownHostsPath(), QStringLiteral("/tmp/kh"));
    }
};

QTEST_GUILESS_MAIN(TestSshOptions)
#include "tst_sshoptions.moc"
