#include "connectionprofilejson.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Qt::StringLiterals;

namespace {
// Every field set, every secret held.
ConnectionProfile everything()
{
    ConnectionProfile p = ConnectionProfile::newSaved(u"prod-eu"_s);
    p.group = u"Production"_s;
    p.color = QColor(u"#c62828"_s);
    p.production = true;
    p.readOnly = false;
    p.kind = ConnectionProfile::Kind::Sentinel;
    p.host = u"s1.example"_s;
    p.port = 26379;
    p.moreNodes = {{u"s2.example"_s, 26380}, {u"fd00::3"_s, 26381}};
    p.masterName = u"orders"_s;
    p.sentinelUser = u"sentinel-ops"_s;
    p.sentinelPassword = u"sentinel-s3cret"_s;
    p.user = u"ops"_s;
    p.password = u"redis-s3cret"_s;
    p.database = 3;
    p.connectTimeoutMs = 2500;
    p.tls.enabled = true;
    p.tls.caFile = u"/etc/ssl/redis-ca"_s;
    p.tls.certFile = u"/home/ops/client.crt"_s;
    p.tls.keyFile = u"/home/ops/client.key"_s;
    p.tls.keyPassphrase = u"tls-s3cret"_s;
    p.tls.serverName = u"redis.prod.internal"_s;
    p.tls.verifyPeer = false;
    p.ssh.host = u"bastion.example"_s;
    p.ssh.port = 2222;
    p.ssh.user = u"ops"_s;
    p.ssh.keyFile = u"/home/ops/.ssh/id_ed25519"_s;
    p.ssh.useAgent = true;
    p.ssh.password = u"ssh-s3cret"_s;
    p.ssh.keyPassphrase = u"passphrase-s3cret"_s;
    p.ssh.acceptNewHostKey = true;
    return p;
}
} // namespace

class TestConnectionProfileJson : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void roundTripsEverythingButSecrets()
    {
        const ConnectionProfile p = everything();
        const QByteArray json = ConnectionProfileJson::listToJson({p});
        QVERIFY2(!json.contains("s3cret"), json.constData());
        // No field of that name ("secrets" lists "redis-password" by name, which is fine).
        QVERIFY(!json.contains("\"password\":"));

        QString error;
        const std::optional<QList<ConnectionProfile>> read = ConnectionProfileJson::listFromJson(json, &error);
        QVERIFY2(read, qPrintable(error));
        QCOMPARE(read->size(), 1);
        ConnectionProfile expected = p.withoutSecrets();
        expected.ssh.acceptNewHostKey = false; // a choice for one run
        // It knows which secrets it has, not what they are.
        expected.storedSecrets = SecretKinds::all();
        QCOMPARE(read->first(), expected);
    }

    void namesSecretsItHasStored()
    {
        ConnectionProfile p = ConnectionProfile::newSaved(u"cache"_s);
        p.storedSecrets = {SecretKind::SshKeyPassphrase};
        p.password = u"held"_s;
        const QJsonObject o = ConnectionProfileJson::toJson(p);
        QCOMPARE(o.value(u"secrets"_s).toVariant().toStringList(), (QStringList{u"redis-password"_s, u"ssh-key-passphrase"_s}));
        QVERIFY(!o.contains(u"ssh"_s)); // no tunnel, no block
        const ConnectionProfile plain = ConnectionProfile::newSaved(u"plain"_s);
        QVERIFY(!ConnectionProfileJson::toJson(plain).contains(u"secrets"_s));
    }

    void defaultsOfAHandWrittenFile()
    {
        QString error;
        const std::optional<QList<ConnectionProfile>> read = ConnectionProfileJson::listFromJson(
            R"({"lockscope": "connections", "version": 1, "connections": [{"name": "cache", "host": "cache.internal"}]})", &error);
        QVERIFY2(read, qPrintable(error));
        const ConnectionProfile &p = read->first();
        QCOMPARE(p.host, u"cache.internal"_s);
        QCOMPARE(p.port, quint16(6379));
        QVERIFY(!p.id.isEmpty());
        QVERIFY(p.readOnly); // as every saved connection starts
        QVERIFY(!p.production);
        QVERIFY(!p.ssh.enabled());
    }

    void refusesWhatItCannotRead_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("message");
        auto doc = [](const QByteArray &connections) {
            return QByteArray(R"({"lockscope": "connections", "version": 1, "connections": [)") + connections + "]}";
        };
        QTest::newRow("not json") << QByteArray("{") << u"not JSON"_s;
        QTest::newRow("not a list") << QByteArray(R"({"profiles": []})") << u"not a LockScope connection list"_s;
        QTest::newRow("newer version") << QByteArray(R"({"lockscope": "connections", "version": 2, "connections": []})")
                                       << u"version 2"_s;
        QTest::newRow("password") << doc(R"({"name": "a", "password": "hunter2"})")
                                  << u"Connection \"a\": \"password\" is a secret, and LockScope never reads secrets from a file"_s;
        QTest::newRow("ssh password") << doc(R"({"name": "a", "ssh": {"host": "b", "password": "x"}})")
                                      << u"Connection \"a\", SSH: \"password\" is a secret"_s;
        QTest::newRow("tls passphrase") << doc(R"({"name": "a", "tls": {"keyPassphrase": "x"}})")
                                        << u"\"keyPassphrase\" is a secret"_s;
        QTest::newRow("typo") << doc(R"({"name": "a", "hots": "x"})") << u"Connection \"a\": unknown field \"hots\""_s;
        QTest::newRow("no name") << doc(R"({"host": "x"})") << u"has no name"_s;
        QTest::newRow("bad port") << doc(R"({"name": "a", "port": 70000})") << u"\"port\" must be a whole number from 1 to 65535"_s;
        QTest::newRow("port as text") << doc(R"({"name": "a", "port": "6379"})") << u"\"port\" must be"_s;
        QTest::newRow("bad kind") << doc(R"({"name": "a", "kind": "redlock"})") << u"standalone, cluster or sentinel"_s;
        QTest::newRow("bad colour") << doc(R"({"name": "a", "color": "reddish"})") << u"colour"_s;
        QTest::newRow("bad node") << doc(R"({"name": "a", "moreNodes": ["h:0"]})") << u"moreNodes"_s;
        QTest::newRow("unknown secret") << doc(R"({"name": "a", "secrets": ["pin"]})") << u"names no secret \"pin\""_s;
        QTest::newRow("same name twice") << doc(R"({"name": "a"}, {"name": "a"})") << u"two connections are named \"a\""_s;
        QTest::newRow("same id twice") << doc(R"({"name": "a", "id": "x"}, {"name": "b", "id": "x"})") << u"the id x"_s;
    }

    void refusesWhatItCannotRead()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, message);
        QString error;
        QVERIFY(!ConnectionProfileJson::listFromJson(json, &error));
        QVERIFY2(error.contains(message), qPrintable(error));
        // Never repeats a secret it refused.
        QVERIFY(!error.contains(u"hunter2"_s));
    }
};

QTEST_GUILESS_MAIN(TestConnectionProfileJson)
#include "tst_connectionprofilejson.moc"
