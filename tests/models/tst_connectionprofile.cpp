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
        QTest::newRow("db twice in the query") << "redis://h?db=1&db=2" << false << "" << 0 << "" << "" << 0 << false;
        QTest::newRow("db with a sign") << "redis://h?db=%2B1" << false << "" << 0 << "" << "" << 0 << false;
        QTest::newRow("empty db") << "redis://h?db=" << false << "" << 0 << "" << "" << 0 << false;
        QTest::newRow("a fragment") << "redis://h/0#x" << false << "" << 0 << "" << "" << 0 << false;
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
        QTest::addColumn<QString>("sentinelUser");
        QTest::addColumn<QString>("sentinelPassword");
        QTest::newRow("one sentinel") << "redis+sentinel://s1:26379/mymaster" << true << "s1:26379" << "mymaster" << "" << "" << 0 << "" << "";
        QTest::newRow("default port") << "redis+sentinel://s1/mymaster" << true << "s1:26379" << "mymaster" << "" << "" << 0 << "" << "";
        QTest::newRow("three, a db, credentials") << "redis+sentinel://ops:p%40ss@s1:26379,s2:26380,[::1]:26381/orders/2" << true
                                                  << "s1:26379 s2:26380 [::1]:26381" << "orders" << "ops" << "p@ss" << 2 << "" << "";
        QTest::newRow("password only") << "redis+sentinel://secret@s1:26379/m" << true << "s1:26379" << "m" << "" << "secret" << 0 << "" << "";
        QTest::newRow("no master") << "redis+sentinel://s1:26379" << false << "" << "" << "" << "" << 0 << "" << "";
        QTest::newRow("no sentinel") << "redis+sentinel:///m" << false << "" << "" << "" << "" << 0 << "" << "";
        QTest::newRow("an empty sentinel between commas") << "redis+sentinel://s1,,s2/m" << false << "" << "" << "" << "" << 0 << "" << "";
        QTest::newRow("bad port") << "redis+sentinel://s1:0/m" << false << "" << "" << "" << "" << 0 << "" << "";
        QTest::newRow("bad db") << "redis+sentinel://s1/m/x" << false << "" << "" << "" << "" << 0 << "" << "";
        QTest::newRow("too much path") << "redis+sentinel://s1/m/1/2" << false << "" << "" << "" << "" << 0 << "" << "";
        QTest::newRow("unclosed bracket") << "redis+sentinel://[::1:26379/m" << false << "" << "" << "" << "" << 0 << "" << "";
        QTest::newRow("sentinel credentials in the query") << "redis+sentinel://pw@s1/m?sentinel_username=sen&sentinel_password=s%40p" << true
                                                           << "s1:26379" << "m" << "" << "pw" << 0 << "sen" << "s@p";
        QTest::newRow("db in the query") << "redis+sentinel://s1/m?db=3" << true << "s1:26379" << "m" << "" << "" << 3 << "" << "";
        QTest::newRow("db twice") << "redis+sentinel://s1/m/2?db=3" << false << "" << "" << "" << "" << 0 << "" << "";
        QTest::newRow("unknown parameter") << "redis+sentinel://s1/m?sentinelPassword=x" << false << "" << "" << "" << "" << 0 << "" << "";
        QTest::newRow("a sentinel password twice") << "redis+sentinel://s1/m?sentinel_password=a&sentinel_password=b" << false << "" << "" << ""
                                                   << "" << 0 << "" << "";
        QTest::newRow("a sentinel user twice") << "redis+sentinel://s1/m?sentinel_username=a&sentinel_username=a" << false << "" << "" << ""
                                               << "" << 0 << "" << "";
        QTest::newRow("db twice in the query") << "redis+sentinel://s1/m?db=0&db=1" << false << "" << "" << "" << "" << 0 << "" << "";
        QTest::newRow("a fragment after the master") << "redis+sentinel://s1/m#x" << false << "" << "" << "" << "" << 0 << "" << "";
        QTest::newRow("a fragment after the query") << "redis+sentinel://s1/m?sentinel_password=p#x" << false << "" << "" << "" << "" << 0 << "" << "";
        QTest::newRow("an escaped db in the path") << "redis+sentinel://s1/m/%31" << true << "s1:26379" << "m" << "" << "" << 1 << "" << "";
        QTest::newRow("a negative db") << "redis+sentinel://s1/m?db=-1" << false << "" << "" << "" << "" << 0 << "" << "";
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
        QTEST(p.sentinelUser, "sentinelUser"); // the sentinels' are separate
        QTEST(p.sentinelPassword, "sentinelPassword");
        QVERIFY(!p.displayName().contains(QLatin1String("p@ss")));
    }

    // However a URL is wrong, its message may quote it, but never its password.
    void urlErrorsLeaveOutTheCredentials_data()
    {
        QTest::addColumn<QString>("url");
        QTest::newRow("unbracketed ipv6") << "redis://:S3CRETpw@::1:30001";
        QTest::newRow("user and unbracketed ipv6") << "rediss://u:S3CRETpw@::1";
        QTest::newRow("port out of range") << "redis://:S3CRETpw@127.0.0.1:99999";
        QTest::newRow("a bad escape in the password") << "redis://:S3CR%ETpw@127.0.0.1:30001";
        QTest::newRow("no host") << "redis://:S3CRETpw@";
        QTest::newRow("unclosed bracket") << "redis://:S3CRETpw@[::1:30001";
        QTest::newRow("another scheme") << "http://:S3CRETpw@127.0.0.1:30001";
        QTest::newRow("a '#' in the password") << "redis://:S3CR#ETpw@127.0.0.1:30001";
        QTest::newRow("a '/' in the password") << "redis://:S3/CRETpw@127.0.0.1:30001";
        QTest::newRow("sentinel, empty sentinel") << "redis+sentinel://u:S3CRETpw@s1,,s2/m";
        QTest::newRow("sentinel, no sentinel") << "redis+sentinel://u:S3CRETpw@/m";
        QTest::newRow("sentinel, a fragment") << "redis+sentinel://u:S3CRETpw@s1/m#x";
        QTest::newRow("sentinel password twice") << "redis+sentinel://s1/m?sentinel_password=S3CRETpw&sentinel_password=S3CRETpw";
    }

    void urlErrorsLeaveOutTheCredentials()
    {
        QFETCH(QString, url);
        ConnectionProfile p;
        QString error;
        QVERIFY(!p.applyUrl(url, &error));
        QVERIFY(!error.isEmpty());
        QVERIFY2(!error.contains(QLatin1String("S3")) && !error.contains(QLatin1String("ETpw")), qPrintable(error));
    }

    // Qt calls it an invalid host name; the user is told what to write.
    void anUnbracketedIpv6UrlIsHinted()
    {
        ConnectionProfile p;
        QString error;
        QVERIFY(!p.applyUrl(QStringLiteral("redis://u:pw@::1:6380/0"), &error));
        QVERIFY2(error.contains(QLatin1String("an IPv6 address goes in brackets, as in redis://[::1]:6379")), qPrintable(error));
        QVERIFY(!p.applyUrl(QStringLiteral("redis://h:99999"), &error));
        QVERIFY2(!error.contains(QLatin1String("IPv6")), qPrintable(error));
    }

    void endpoint_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("parsed"); // Endpoint::text(), or empty when refused
        QTest::addColumn<QString>("says");
        QTest::newRow("host and port") << "s1:5000" << "s1:5000" << "";
        QTest::newRow("host alone") << "s1" << "s1:26379" << "";
        QTest::newRow("bracketed ipv6 and port") << "[::1]:5000" << "[::1]:5000" << "";
        QTest::newRow("bare ipv6") << "::1" << "[::1]:26379" << "";
        QTest::newRow("ipv6 with a zone") << "fe80::1%lo" << "[fe80::1%lo]:26379" << "";
        QTest::newRow("bare ipv6 with a port") << "::1:26999" << "" << "put the address in brackets: [::1]:26999";
        QTest::newRow("a stray bracket") << "::1]:5000" << "" << "neither an address nor host:port";
        QTest::newRow("a list") << "h1:1,h2:2" << "" << "is a list";
        QTest::newRow("an empty port") << "s1:" << "" << "with a port from 1 to 65535";
        QTest::newRow("an empty bracketed port") << "[::1]:" << "" << "with a port from 1 to 65535";
        QTest::newRow("port zero") << "s1:0" << "" << "with a port from 1 to 65535";
        QTest::newRow("a signed port") << "s1:+5" << "" << "with a port from 1 to 65535";
        QTest::newRow("a zone swallowing a port") << "fe80::1%lo:30499" << "" << "put the address in brackets: [fe80::1%lo]:30499";
        QTest::newRow("a zone and a port in brackets") << "[fe80::1%lo]:30499" << "[fe80::1%lo]:30499" << "";
    }

    void endpoint()
    {
        QFETCH(QString, text);
        QFETCH(QString, parsed);
        QFETCH(QString, says);
        QString error;
        const std::optional<ConnectionProfile::Endpoint> e = ConnectionProfile::Endpoint::parse(text, 26379, &error);
        QCOMPARE(e ? e->text() : QString(), parsed);
        QVERIFY2(error.contains(says), qPrintable(error));
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

    // A sentinel connection names its first sentinel and how many more it has.
    void severalSentinelsAreCounted()
    {
        ConnectionProfile p;
        p.kind = ConnectionProfile::Kind::Sentinel;
        p.masterName = QStringLiteral("mymaster");
        p.host = QStringLiteral("10.0.0.1");
        p.port = 26379;
        QCOMPARE(p.displayName(), QStringLiteral("mymaster via 10.0.0.1:26379"));
        p.moreNodes = {ConnectionProfile::Endpoint{QStringLiteral("10.0.0.2"), 26379}, ConnectionProfile::Endpoint{QStringLiteral("10.0.0.3"), 26379}};
        QCOMPARE(p.displayName(), QStringLiteral("mymaster via 10.0.0.1:26379 and 2 more"));
        QCOMPARE(p.addressText(), QStringLiteral("sentinel mymaster via 10.0.0.1:26379 and 2 more"));
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

    void sshDestination_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("user");
        QTest::addColumn<QString>("host");
        QTest::addColumn<int>("port");
        QTest::addColumn<QString>("destination");
        QTest::newRow("host") << "bastion" << true << "" << "bastion" << 22 << "bastion:22";
        QTest::newRow("user, host, port") << "ops@bastion.example:2222" << true << "ops" << "bastion.example" << 2222
                                          << "ops@bastion.example:2222";
        QTest::newRow("ssh url") << "ssh://ops@bastion:2200" << true << "ops" << "bastion" << 2200 << "ops@bastion:2200";
        QTest::newRow("ipv6 with port") << "ops@[fd00::1]:2222" << true << "ops" << "fd00::1" << 2222 << "ops@[fd00::1]:2222";
        QTest::newRow("bare ipv6") << "fd00::1" << true << "" << "fd00::1" << 22 << "[fd00::1]:22";
        QTest::newRow("bare ipv6 with a port") << "ops@::1:29100" << false << "" << "" << 0 << "";
        QTest::newRow("user with @") << "a@b@bastion" << true << "a@b" << "bastion" << 22 << "a@b@bastion:22";
        QTest::newRow("no user before @") << "@bastion" << false << "" << "" << 0 << "";
        QTest::newRow("no host") << "ops@" << false << "" << "" << 0 << "";
        QTest::newRow("bad port") << "bastion:99999" << false << "" << "" << 0 << "";
        QTest::newRow("empty") << "" << false << "" << "" << 0 << "";
    }

    void sshDestination()
    {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        ConnectionProfile::Ssh ssh;
        ssh.keyFile = QStringLiteral("/keys/id");
        const ConnectionProfile::Ssh before = ssh;
        QString error;
        QCOMPARE(ssh.parseDestination(text, &error), ok);
        if (!ok) {
            QVERIFY(!error.isEmpty());
            QCOMPARE(ssh, before);
            return;
        }
        QTEST(ssh.user, "user");
        QTEST(ssh.host, "host");
        QTEST(int(ssh.port), "port");
        QTEST(ssh.destination(), "destination");
        QCOMPARE(ssh.keyFile, QStringLiteral("/keys/id")); // the rest stays
        QVERIFY(ssh.enabled());
    }

    // Each secret has one field, and every helper agrees on which it is.
    void secretsByKind()
    {
        ConnectionProfile p;
        QVERIFY(p.heldSecrets().isEmpty());
        for (const SecretKind kind : SecretKinds::all())
            p.setSecret(kind, SecretKinds::key(kind) + QStringLiteral("-value"));
        QCOMPARE(p.password, QStringLiteral("redis-password-value"));
        QCOMPARE(p.sentinelPassword, QStringLiteral("sentinel-password-value"));
        QCOMPARE(p.ssh.password, QStringLiteral("ssh-password-value"));
        QCOMPARE(p.ssh.keyPassphrase, QStringLiteral("ssh-key-passphrase-value"));
        QCOMPARE(p.tls.keyPassphrase, QStringLiteral("tls-key-passphrase-value"));
        QCOMPARE(p.heldSecrets(), SecretKinds::all());
        for (const SecretKind kind : SecretKinds::all())
            QCOMPARE(p.secret(kind), SecretKinds::key(kind) + QStringLiteral("-value"));

        const ConnectionProfile bare = p.withoutSecrets();
        QVERIFY(bare.heldSecrets().isEmpty());
        QCOMPARE(bare.host, p.host);

        ConnectionProfile stored;
        stored.storedSecrets = {SecretKind::SshPassword};
        stored.password = QStringLiteral("x");
        QCOMPARE(stored.usedSecrets(), (QList<SecretKind>{SecretKind::RedisPassword, SecretKind::SshPassword}));
        for (const SecretKind kind : SecretKinds::all())
            QCOMPARE(SecretKinds::fromKey(SecretKinds::key(kind)), std::optional(kind));
        QVERIFY(!SecretKinds::fromKey(QStringLiteral("password")));
    }

    // A saved connection is reached again by its name (its secrets from the keychain), and its
    // address is spelled out too (whatever was given over it is part of where it went).
    void savedConnectionsAreNamedOnTheCommandLine()
    {
        ConnectionProfile p = ConnectionProfile::newSaved(QStringLiteral("prod eu"));
        p.host = QStringLiteral("redis.example");
        p.password = QStringLiteral("s3cret");
        QCOMPARE(p.commandLineArguments(), (QStringList{QStringLiteral("--connection"), QStringLiteral("prod eu"), QStringLiteral("-h"),
                                                        QStringLiteral("redis.example"), QStringLiteral("-p"), QStringLiteral("6379"),
                                                        QStringLiteral("-n"), QStringLiteral("0")}));
        p.id.clear(); // ad hoc: its address
        p.name.clear();
        QCOMPARE(p.commandLineArguments(), (QStringList{QStringLiteral("-h"), QStringLiteral("redis.example")}));
    }

    void savedConnectionsAreReadOnlyWithAnId()
    {
        const ConnectionProfile adHoc;
        QVERIFY(!adHoc.readOnly);
        QVERIFY(adHoc.id.isEmpty());
        ConnectionProfile saved = ConnectionProfile::newSaved(QStringLiteral("prod-eu"));
        QVERIFY(saved.readOnly);
        QVERIFY(!saved.id.isEmpty());
        QCOMPARE(saved.name, QStringLiteral("prod-eu"));
        QVERIFY(saved.id != ConnectionProfile::newSaved(QStringLiteral("prod-eu")).id);

        saved.password = QStringLiteral("s3cret");
        saved.storedSecrets = {SecretKind::RedisPassword};
        saved.production = true;
        const ConnectionProfile copy = saved.duplicated(QStringLiteral("prod-us"));
        QVERIFY(copy.id != saved.id);
        QCOMPARE(copy.name, QStringLiteral("prod-us"));
        QVERIFY(copy.production);
        QCOMPARE(copy.password, QStringLiteral("s3cret")); // held, to be stored under the new id
        QVERIFY(copy.storedSecrets.isEmpty());
    }

    void transportsInNames()
    {
        ConnectionProfile p;
        p.socketPath = QStringLiteral("/run/redis/redis.sock");
        p.password = QStringLiteral("s3cret");
        QCOMPARE(p.displayName(), QStringLiteral("/run/redis/redis.sock"));
        QCOMPARE(p.addressText(), QStringLiteral("unix:/run/redis/redis.sock"));
        // A URL names a host and port: the socket goes.
        QVERIFY(p.applyUrl(QStringLiteral("redis://cache:6380"), nullptr));
        QVERIFY(p.socketPath.isEmpty());

        ConnectionProfile tunnelled;
        tunnelled.host = QStringLiteral("10.0.0.5");
        tunnelled.ssh.host = QStringLiteral("bastion");
        tunnelled.ssh.user = QStringLiteral("ops");
        tunnelled.ssh.password = QStringLiteral("ssh-s3cret");
        tunnelled.ssh.keyPassphrase = QStringLiteral("pass-s3cret");
        tunnelled.tls.enabled = true;
        QCOMPARE(tunnelled.displayName(), QStringLiteral("10.0.0.5:6379 via ssh ops@bastion:22"));
        QCOMPARE(tunnelled.addressText(), QStringLiteral("10.0.0.5:6379 (TLS) via ssh ops@bastion:22"));
        for (const QString &text : {tunnelled.displayName(), tunnelled.addressText()})
            QVERIFY(!text.contains(QLatin1String("s3cret")));
    }
};

QTEST_GUILESS_MAIN(TestConnectionProfile)
#include "tst_connectionprofile.moc"
