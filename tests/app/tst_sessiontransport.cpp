#include "auditlog.h"
#include "dialectregistry.h"
#include "redisconnection.h"
#include "redistopology.h"
#include "session.h"
#include "sessionmanager.h"
#include "testcluster.h"
#include "testredis.h"
#include "testsshd.h"

#include <QFile>
#include <QSet>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

// A session's transport against the real things, started by the test: an sshd on loopback
// with throwaway keys (the bastion) in front of a redis-server, and a redis-server on a Unix
// socket. Every connection of the session goes the transport's way, and the tunnel goes
// with the session.
namespace {
constexpr int waitMs = 20000;

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

RedisReply call(RedisConnection *connection, const RedisCommand &command)
{
    bool done = false;
    RedisReply result = RedisReply::error("ERR test: no reply");
    connection->send(command, nullptr, [&](const RedisReply &reply) {
        result = reply;
        done = true;
    });
    (void)QTest::qWaitFor([&] { return done; }, waitMs);
    return result;
}

// Clients of the server that the sessions made (the fixture's own is named otherwise).
int sessionClients(TestRedis &redis)
{
    return int(redis.command({"CLIENT", "LIST"}).bytes().count("name=lockscope "));
}
} // namespace

class TestSessionTransport : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_home;
    TestRedis m_redis;
    TestSshd m_sshd;
    DialectRegistry m_registry;
    std::unique_ptr<AuditLog> m_audit;

    QString knownHosts() const { return m_home.filePath(QStringLiteral(".ssh/known_hosts")); }

    // The redis-server as the bastion reaches it, through the bastion.
    ConnectionProfile throughBastion() const
    {
        ConnectionProfile p = m_redis.profile();
        p.ssh.host = QStringLiteral("127.0.0.1");
        p.ssh.port = m_sshd.port();
        p.ssh.user = m_sshd.userName();
        p.ssh.keyFile = m_sshd.userKeyFile();
        return p;
    }

    // known_hosts with the bastion's own key, as ssh would have recorded it.
    void trustTheBastion() { QVERIFY(m_sshd.trustIn(knownHosts())); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        QVERIFY(TestSshd::useHome(m_home.path()));
        m_audit = std::make_unique<AuditLog>(m_home.filePath(QStringLiteral("audit.log")));
        QVERIFY(m_redis.start());
        QVERIFY2(m_sshd.start(), qPrintable(m_sshd.log()));
    }

    void init()
    {
        QFile::remove(knownHosts());
        m_redis.command({"FLUSHALL"});
    }

    // The window's way: the unknown key is shown with its fingerprint, accepted and recorded;
    // then the session's commands go through the tunnel to the server behind the bastion.
    void unknownHostKeyAcceptedThenThroughTheTunnel()
    {
        SessionManager sessions(&m_registry, m_audit.get());
        QSignalSpy unknown(&sessions, &SessionManager::hostKeyUnknown);
        sessions.setStartServices(false);
        sessions.connectTo(throughBastion());
        QVERIFY(unknown.wait(waitMs));
        QCOMPARE(unknown.first().at(0).toString(), QStringLiteral("%1@127.0.0.1:%2").arg(m_sshd.userName()).arg(m_sshd.port()));
        QCOMPARE(unknown.first().at(1).toString(), m_sshd.hostKeyFingerprint());
        QVERIFY(unknown.first().at(1).toString().startsWith(QStringLiteral("SHA256:")));
        QVERIFY(!sessions.session()->isReady()); // nothing connects before the answer
        sessions.acceptHostKey(true);
        QTRY_VERIFY_WITH_TIMEOUT(sessions.session()->isReady(), waitMs);
        QVERIFY(readFile(knownHosts()).contains(m_sshd.knownHostsName().toUtf8()));

        RedisConnection *connection = sessions.session()->topology()->masters().value(0);
        QCOMPARE(connection->options().host, QStringLiteral("127.0.0.1"));
        QVERIFY(connection->options().port != m_redis.port()); // the tunnel's local end
        QVERIFY(call(connection, {"SET", "lock:ssh", "tok", "PX", "60000"}).isStatus("OK"));
        QCOMPARE(m_redis.command({"GET", "lock:ssh"}).bytes(), QByteArray("tok"));
    }

    void tunnelGoesWithTheSession()
    {
        trustTheBastion();
        SessionManager sessions(&m_registry, m_audit.get());
        QSignalSpy unknown(&sessions, &SessionManager::hostKeyUnknown);
        sessions.connectTo(throughBastion());
        QTRY_VERIFY_WITH_TIMEOUT(sessions.session() && sessions.session()->isReady(), waitMs);
        QVERIFY(unknown.isEmpty()); // known now
        const quint16 localPort = sessions.session()->topology()->masters().value(0)->options().port;
        QTRY_VERIFY(sessionClients(m_redis) >= 1);

        sessions.closeSession();
        // The server loses the session's clients, and the tunnel's local end stops listening.
        QTRY_COMPARE_WITH_TIMEOUT(sessionClients(m_redis), 0, waitMs);
        QTRY_VERIFY_WITH_TIMEOUT(([localPort] {
                                     QTcpSocket probe;
                                     probe.connectToHost(QStringLiteral("127.0.0.1"), localPort);
                                     return !probe.waitForConnected(2000);
                                 }()),
                                 waitMs);
    }

    void wrongUserKeyIsOneClearError()
    {
        trustTheBastion();
        ConnectionProfile p = throughBastion();
        p.ssh.keyFile = m_sshd.strangerKeyFile();
        SessionManager sessions(&m_registry, m_audit.get());
        QSignalSpy errors(&sessions, &SessionManager::errorOccurred);
        sessions.connectTo(p);
        QVERIFY(errors.wait(waitMs));
        const QString message = errors.first().at(0).toString();
        QVERIFY2(message.contains(QStringLiteral("did not accept the key")) && message.contains(m_sshd.strangerKeyFile())
                     && message.contains(QString::number(m_sshd.port())),
                 qPrintable(message));
        QCOMPARE(sessions.session()->state(), Session::State::Failed);
        QCOMPARE(sessionClients(m_redis), 0);
    }

    void rejectedHostKeyFailsTheSession()
    {
        SessionManager sessions(&m_registry, m_audit.get());
        QSignalSpy unknown(&sessions, &SessionManager::hostKeyUnknown);
        QSignalSpy errors(&sessions, &SessionManager::errorOccurred);
        sessions.connectTo(throughBastion());
        QVERIFY(unknown.wait(waitMs));
        sessions.rejectHostKey();
        QTRY_VERIFY_WITH_TIMEOUT(!errors.isEmpty(), waitMs);
        const QString message = errors.first().at(0).toString();
        QVERIFY2(message.contains(m_sshd.hostKeyFingerprint()), qPrintable(message));
        QCOMPARE(sessions.session()->state(), Session::State::Failed);
        QVERIFY(!QFile::exists(knownHosts()));
    }

    void changedHostKeyIsRefusedEvenWhenNewOnesAreAccepted()
    {
        QFile file(knownHosts());
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(m_sshd.knownHostsLineWithOtherKey().toUtf8() + '\n');
        file.close();
        ConnectionProfile p = throughBastion();
        p.ssh.acceptNewHostKey = true;
        SessionManager sessions(&m_registry, m_audit.get());
        QSignalSpy errors(&sessions, &SessionManager::errorOccurred);
        sessions.connectTo(p);
        QVERIFY(errors.wait(waitMs));
        QVERIFY2(errors.first().at(0).toString().contains(QStringLiteral("CHANGED")), qPrintable(errors.first().at(0).toString()));
    }

    // Every master of a cluster found through the seed is reached through the same tunnel:
    // the connections go to the tunnel's local ports, named by the nodes they reach.
    void clusterMastersGoThroughTheTunnel()
    {
        trustTheBastion();
        TestCluster cluster(3, 0);
        QVERIFY2(cluster.start(), qPrintable(cluster.errorString()));
        ConnectionProfile p = throughBastion();
        p.kind = ConnectionProfile::Kind::Cluster;
        p.port = cluster.port(0);
        SessionManager sessions(&m_registry, m_audit.get());
        sessions.setStartServices(false);
        sessions.connectTo(p);
        QTRY_VERIFY_WITH_TIMEOUT(sessions.session()->isReady() && sessions.session()->topology()->masters().size() == 3, waitMs);
        const QList<quint16> clusterPorts = cluster.masterPorts();
        QSet<QString> reached;
        for (RedisConnection *master : sessions.session()->topology()->masters()) {
            QCOMPARE(master->options().host, QStringLiteral("127.0.0.1"));
            QVERIFY(!clusterPorts.contains(master->options().port)); // a tunnel port, not the node's
            reached.insert(sessions.session()->topology()->nodeName(master));
        }
        QCOMPARE(reached.size(), 3);
        for (const quint16 port : clusterPorts)
            QVERIFY2(reached.contains(QStringLiteral("127.0.0.1:%1").arg(port)), qPrintable(QStringList(reached.values()).join(u' ')));
        // A command for any key reaches its owner through the tunnel.
        bool done = false;
        sessions.session()->topology()->send("lock:{eu}", {"SET", "lock:{eu}", "tok"}, nullptr, [&done](const RedisReply &reply) {
            done = reply.isStatus("OK");
        });
        QTRY_VERIFY_WITH_TIMEOUT(done, waitMs);
    }

    void unixSocket()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("redis.sock"));
        TestRedis local;
        QVERIFY(local.start({QStringLiteral("--unixsocket"), path, QStringLiteral("--unixsocketperm"), QStringLiteral("700")}));
        ConnectionProfile p = local.profile();
        p.socketPath = path;
        p.port = 1; // nothing listens there: only the socket can answer
        SessionManager sessions(&m_registry, m_audit.get());
        sessions.connectTo(p);
        QTRY_VERIFY_WITH_TIMEOUT(sessions.session()->isReady(), waitMs);
        QCOMPARE(sessions.session()->topology()->masters().value(0)->options().socketPath, path);
        QVERIFY(local.command({"CLIENT", "LIST"}).bytes().contains("addr=" + path.toUtf8()));
    }
};

QTEST_GUILESS_MAIN(TestSessionTransport)
#include "tst_sessiontransport.moc"
