#include "loopbackpeer.h"
#include "redisconnection.h"
#include "sshtunnel.h"
#include "testredis.h"
#include "testsshd.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

#include <time.h>
#include <unistd.h>

// SshTunnel against a real sshd and real redis-servers on loopback, started by the test.
namespace {
constexpr int waitMs = 15000;

int threadCount()
{
    return int(QDir(QStringLiteral("/proc/self/task")).entryList(QDir::Dirs | QDir::NoDotAndDotDot).size());
}

// An environment variable set (or, with a null value, unset) for as long as it lives: the
// tunnel reads SSH_AUTH_SOCK and HOME when it starts.
class ScopedEnvironment
{
public:
    ScopedEnvironment(const char *name, const QByteArray &value)
        : m_name(name)
        , m_had(qEnvironmentVariableIsSet(name))
        , m_old(qgetenv(name))
    {
        if (value.isNull())
            qunsetenv(name);
        else
            qputenv(name, value);
    }
    ~ScopedEnvironment()
    {
        if (m_had)
            qputenv(m_name, m_old);
        else
            qunsetenv(m_name);
    }
    ScopedEnvironment(const ScopedEnvironment &) = delete;
    ScopedEnvironment &operator=(const ScopedEnvironment &) = delete;

private:
    const char *m_name;
    bool m_had;
    QByteArray m_old;
};

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

// A port nothing listens on (for a target the bastion cannot reach).
quint16 closedPort()
{
    QTcpServer probe;
    return probe.listen(QHostAddress::LocalHost, 0) ? probe.serverPort() : 0;
}

// A connection through a forwarded port. Without reconnects, so a test watching it lose the
// connection sees exactly that.
std::unique_ptr<RedisConnection> connectThrough(quint16 port)
{
    ConnectionOptions o;
    o.host = QStringLiteral("127.0.0.1");
    o.port = port;
    o.autoReconnect = false;
    o.connectTimeoutMs = 8000;
    o.commandTimeoutMs = 30000;
    auto connection = std::make_unique<RedisConnection>(o);
    connection->open();
    return connection;
}

RedisReply call(RedisConnection &connection, const RedisCommand &command, int timeoutMs = waitMs)
{
    bool done = false;
    RedisReply result = RedisReply::error("ERR test: no reply");
    connection.send(command, nullptr, [&](const RedisReply &reply) {
        result = reply;
        done = true;
    });
    (void)QTest::qWaitFor([&] { return done; }, timeoutMs);
    return result;
}

// Redis clients connected now, other than the test fixture's own.
int redisClients(TestRedis &redis)
{
    const QByteArray list = redis.command({"CLIENT", "LIST"}).bytes();
    return int(list.count('\n')) - 1;
}

qint64 processCpuMs()
{
    timespec now{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return qint64(now.tv_sec) * 1000 + now.tv_nsec / 1000000;
}

QByteArray randomBytes(qsizetype size)
{
    QByteArray bytes(size, Qt::Uninitialized);
    QRandomGenerator generator{quint32(size)};
    for (qsizetype i = 0; i < size; ++i)
        bytes[i] = char(generator.generate() & 0xff);
    return bytes;
}
} // namespace

class TestSshTunnel : public QObject
{
    Q_OBJECT

private:
    TestRedis m_redis;
    TestSshd m_sshd;
    QTemporaryDir m_scratch;
    int m_files = 0;

    // A known_hosts path of its own for each test, not created yet.
    QString freshKnownHosts()
    {
        return m_scratch.filePath(QStringLiteral("known_hosts_%1").arg(++m_files));
    }

    SshOptions trusting() { return trusting(m_sshd); }

    // The options for sshd, with a fresh known_hosts that takes its key.
    SshOptions trusting(const TestSshd &sshd)
    {
        SshOptions o = sshd.options();
        o.knownHostsFile = freshKnownHosts();
        o.acceptNewHostKey = true;
        return o;
    }

    // Why a tunnel without a key file of its own (the agent's keys, or the default ones) is
    // refused; empty when it is not refused for its authentication.
    QString refusalWithoutAKeyFile(bool useAgent)
    {
        SshOptions options = trusting();
        options.privateKeyFile.clear();
        options.useAgent = useAgent;
        SshTunnel tunnel(options);
        QSignalSpy failed(&tunnel, &SshTunnel::failed);
        tunnel.start();
        if (!failed.wait(waitMs) || failed.first().at(0).value<SshTunnel::Error>() != SshTunnel::Error::AuthenticationFailed)
            return QString();
        return failed.first().at(1).toString();
    }

    // An ssh-agent of the test's own, with no keys yet, listening on socket.
    static bool startAgent(QProcess &agent, const QString &socket)
    {
        agent.start(QStringLiteral("ssh-agent"), {QStringLiteral("-D"), QStringLiteral("-a"), socket});
        return agent.waitForStarted() && QTest::qWaitFor([&] { return QFile::exists(socket); }, waitMs);
    }

    // A tunnel that is up, or nullptr (with the reason logged) for the caller's QVERIFY.
    std::unique_ptr<SshTunnel> readyTunnel(const SshOptions &options)
    {
        auto tunnel = std::make_unique<SshTunnel>(options);
        QSignalSpy ready(tunnel.get(), &SshTunnel::ready);
        tunnel->start();
        if (!ready.wait(waitMs)) {
            qWarning("tunnel not ready: %s", qPrintable(tunnel->lastErrorMessage()));
            return nullptr;
        }
        return tunnel;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_scratch.isValid());
        QVERIFY(m_redis.start());
        QVERIFY2(m_sshd.start(), qPrintable(m_sshd.log()));
    }

    void forwardsRedisThroughTheBastion()
    {
        SshOptions options = trusting();
        SshTunnel tunnel(options);
        QSignalSpy unknown(&tunnel, &SshTunnel::hostKeyUnknown);
        QSignalSpy ready(&tunnel, &SshTunnel::ready);
        QSignalSpy failed(&tunnel, &SshTunnel::failed);
        tunnel.start();
        QVERIFY2(ready.wait(waitMs), qPrintable(tunnel.lastErrorMessage()));
        QCOMPARE(unknown.count(), 0); // accept-new does not ask
        QCOMPARE(failed.count(), 0);
        QCOMPARE(tunnel.state(), SshTunnel::State::Ready);

        const quint16 port = tunnel.forward(QStringLiteral("127.0.0.1"), m_redis.port());
        QVERIFY(port != 0);
        QVERIFY(port != m_redis.port());
        QCOMPARE(tunnel.forward(QStringLiteral("127.0.0.1"), m_redis.port()), port); // same target, same port

        auto redis = connectThrough(port);
        QTRY_VERIFY_WITH_TIMEOUT(redis->isReady(), waitMs);
        QVERIFY(call(*redis, {"PING"}).isStatus("PONG"));
        QVERIFY(call(*redis, {"SET", "ssh:key", "through the bastion"}).isStatus("OK"));
        QCOMPARE(call(*redis, {"GET", "ssh:key"}).bytes(), QByteArray("through the bastion"));
        // It is the real server that holds it, not something on the way.
        QCOMPARE(m_redis.command({"GET", "ssh:key"}).bytes(), QByteArray("through the bastion"));

        // accept-new recorded the key, in a form OpenSSH itself finds.
        QVERIFY(readFile(options.knownHostsFile).startsWith(m_sshd.knownHostsName().toUtf8() + " ssh-ed25519 "));
        QString found;
        QVERIFY(TestSshd::run(QStringLiteral("ssh-keygen"), {QStringLiteral("-F"), m_sshd.knownHostsName(), QStringLiteral("-f"), options.knownHostsFile}, &found));
        QVERIFY2(found.contains(m_sshd.knownHostsName()), qPrintable(found));
    }

    // The local port is on loopback, where every user of the machine can reach it: another
    // user's connection is closed at once, never carried to the server (it went through, so
    // anyone on the bastion's client machine could reach Redis as the operator).
    void anotherUserCannotUseTheLocalPort()
    {
        if (::geteuid() != 0)
            QSKIP("needs root, to connect as another user (setpriv)");
        auto tunnel = readyTunnel(trusting());
        QVERIFY(tunnel);
        const quint16 port = tunnel->forward(QStringLiteral("127.0.0.1"), m_redis.port());
        QVERIFY(port != 0);
        QString out;
        // redis-cli's own exit status on a closed connection varies by version: what it printed,
        // and what the server holds, tell.
        const QStringList asNobody{QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"), QStringLiteral("--clear-groups"),
                                   QStringLiteral("redis-cli"), QStringLiteral("-p"), QString::number(port),
                                   QStringLiteral("SET"), QStringLiteral("ssh:stolen"), QStringLiteral("by nobody")};
        (void)TestSshd::run(QStringLiteral("setpriv"), asNobody, &out);
        QVERIFY2(!out.contains(QLatin1String("OK")), qPrintable(out));
        QCOMPARE(m_redis.command({"EXISTS", "ssh:stolen"}).integer(), qint64(0));
        // This user's connection goes through as before, and the tunnel is still up.
        QCOMPARE(tunnel->state(), SshTunnel::State::Ready);
        auto redis = connectThrough(port);
        QTRY_VERIFY_WITH_TIMEOUT(redis->isReady(), waitMs);
        QVERIFY(call(*redis, {"PING"}).isStatus("PONG"));
    }

    // Who is on the other end of a loopback connection, as the kernel lists it.
    void theLoopbackPeerIsThisUser()
    {
        QTcpServer server;
        QVERIFY(server.listen(QHostAddress::LocalHost));
        QTcpSocket client;
        client.connectToHost(QHostAddress::LocalHost, server.serverPort());
        QVERIFY(server.waitForNewConnection(waitMs));
        QTcpSocket *accepted = server.nextPendingConnection();
        QVERIFY(accepted);
        QCOMPARE(LoopbackPeer::ownerOf(accepted->peerPort(), accepted->localPort()), std::optional<uint>(uint(::geteuid())));
        QVERIFY(LoopbackPeer::isThisUser(*accepted));
        // A port pair nobody uses is nobody's.
        QCOMPARE(LoopbackPeer::ownerOf(accepted->peerPort(), quint16(accepted->localPort() + 1)), std::optional<uint>());
    }

    void forwardBeforeReadyWaitsForTheSession()
    {
        SshTunnel tunnel(trusting());
        // Asked for before start(): connections wait in the listen backlog until the session is up.
        const quint16 port = tunnel.forward(QStringLiteral("127.0.0.1"), m_redis.port());
        QVERIFY(port != 0);
        auto redis = connectThrough(port);
        tunnel.start();
        QTRY_VERIFY_WITH_TIMEOUT(redis->isReady(), waitMs);
        QVERIFY(call(*redis, {"PING"}).isStatus("PONG"));
    }

    void hundredSequentialPings()
    {
        auto tunnel = readyTunnel(trusting());
        QVERIFY(tunnel);
        auto redis = connectThrough(tunnel->forward(QStringLiteral("127.0.0.1"), m_redis.port()));
        QTRY_VERIFY_WITH_TIMEOUT(redis->isReady(), waitMs);
        int pongs = 0;
        for (int i = 0; i < 100; ++i)
            pongs += call(*redis, {"PING", QByteArray::number(i)}).bytes() == QByteArray::number(i) ? 1 : 0;
        QCOMPARE(pongs, 100);
    }

    // Larger than the SSH windows (about 1.2 MB libssh's, 2 MB OpenSSH's) and the socket
    // buffers: both directions must stop, wait for room and go on without losing a byte.
    void largeValues_data()
    {
        QTest::addColumn<int>("size");
        QTest::newRow("1 MB") << 1024 * 1024;
        QTest::newRow("5 MB") << 5 * 1024 * 1024;
    }

    void largeValues()
    {
        QFETCH(int, size);
        auto tunnel = readyTunnel(trusting());
        QVERIFY(tunnel);
        auto redis = connectThrough(tunnel->forward(QStringLiteral("127.0.0.1"), m_redis.port()));
        QTRY_VERIFY_WITH_TIMEOUT(redis->isReady(), waitMs);
        const QByteArray value = randomBytes(size);
        QVERIFY(call(*redis, {"SET", "ssh:large", value}, 60000).isStatus("OK"));
        QCOMPARE(m_redis.command({"STRLEN", "ssh:large"}).integer(), qint64(size));
        const RedisReply back = call(*redis, {"GET", "ssh:large"}, 60000);
        QCOMPARE(back.bytes().size(), qsizetype(size));
        QVERIFY(back.bytes() == value);
    }

    // One session, several targets (one per cluster master) and several connections each, all
    // busy at once.
    void severalForwardsShareOneSession()
    {
        TestRedis second;
        QVERIFY(second.start());
        auto tunnel = readyTunnel(trusting());
        QVERIFY(tunnel);
        const quint16 first = tunnel->forward(QStringLiteral("127.0.0.1"), m_redis.port());
        const quint16 other = tunnel->forward(QStringLiteral("127.0.0.1"), second.port());
        QVERIFY(first != 0 && other != 0 && first != other);

        std::vector<std::unique_ptr<RedisConnection>> connections;
        for (int i = 0; i < 8; ++i)
            connections.push_back(connectThrough(i % 2 ? other : first));
        for (const auto &connection : connections)
            QTRY_VERIFY_WITH_TIMEOUT(connection->isReady(), waitMs);

        int answered = 0;
        for (int i = 0; i < int(connections.size()); ++i) {
            for (int n = 0; n < 50; ++n) {
                const QByteArray key = "ssh:multi:" + QByteArray::number(i);
                connections[i]->send({"INCR", key}, nullptr, [&answered](const RedisReply &reply) {
                    answered += reply.isInteger() ? 1 : 0;
                });
            }
        }
        QTRY_COMPARE_WITH_TIMEOUT(answered, 8 * 50, waitMs);
        // Each connection reached the server its forward names.
        QCOMPARE(m_redis.command({"GET", "ssh:multi:0"}).bytes(), QByteArray("50"));
        QCOMPARE(second.command({"GET", "ssh:multi:1"}).bytes(), QByteArray("50"));
        QVERIFY(second.command({"GET", "ssh:multi:0"}).isNil());
    }

    // Replies for many connections arriving in one burst, then silence: each round of answers
    // is the last traffic on the session, so nothing later can wake a pump that left a reply
    // behind (one libssh call can take in another connection's packets).
    void burstsOfRepliesThenSilence()
    {
        auto tunnel = readyTunnel(trusting());
        QVERIFY(tunnel);
        const quint16 port = tunnel->forward(QStringLiteral("127.0.0.1"), m_redis.port());
        std::vector<std::unique_ptr<RedisConnection>> connections;
        for (int i = 0; i < 8; ++i)
            connections.push_back(connectThrough(port));
        for (const auto &connection : connections)
            QTRY_VERIFY_WITH_TIMEOUT(connection->isReady(), waitMs);
        const QByteArray value = randomBytes(3000);
        QVERIFY(m_redis.command({"SET", "ssh:burst", value}).isStatus("OK"));

        for (int round = 0; round < 20; ++round) {
            int answered = 0;
            for (const auto &connection : connections) {
                connection->send({"GET", "ssh:burst"}, nullptr, [&answered, &value](const RedisReply &reply) {
                    answered += reply.bytes() == value ? 1 : 0;
                });
            }
            QTRY_COMPARE_WITH_TIMEOUT(answered, int(connections.size()), 5000);
        }
    }

    // An idle tunnel with an open forwarded connection waits in the event loop: a notifier
    // left enabled on a writable socket, or a polling timer, would burn a core here.
    void idleTunnelUsesNoCpu()
    {
        auto tunnel = readyTunnel(trusting());
        QVERIFY(tunnel);
        auto redis = connectThrough(tunnel->forward(QStringLiteral("127.0.0.1"), m_redis.port()));
        QTRY_VERIFY_WITH_TIMEOUT(redis->isReady(), waitMs);
        QVERIFY(call(*redis, {"PING"}).isStatus("PONG"));
        const qint64 before = processCpuMs();
        QTest::qWait(1000); // a measurement window, not a wait for a condition
        const qint64 used = processCpuMs() - before;
        QVERIFY2(used < 150, qPrintable(QStringLiteral("%1 ms of CPU in 1 s idle").arg(used)));
        QVERIFY(call(*redis, {"PING"}).isStatus("PONG")); // and still works
    }

    void unknownHostKeyShowsOpenSshFingerprint()
    {
        SshOptions options = m_sshd.options();
        options.knownHostsFile = freshKnownHosts();
        SshTunnel tunnel(options);
        QSignalSpy unknown(&tunnel, &SshTunnel::hostKeyUnknown);
        QSignalSpy failed(&tunnel, &SshTunnel::failed);
        QSignalSpy stopped(&tunnel, &SshTunnel::stopped);
        tunnel.start();
        QVERIFY(unknown.wait(waitMs));
        QCOMPARE(unknown.first().at(0).toString(), m_sshd.hostKeyFingerprint()); // as ssh-keygen -lf prints it
        QCOMPARE(unknown.first().at(1).toString(), QStringLiteral("ED25519"));
        QCOMPARE(tunnel.state(), SshTunnel::State::AwaitingHostKeyDecision);

        tunnel.rejectHostKey();
        QVERIFY(failed.wait(waitMs));
        QCOMPARE(failed.first().at(0).value<SshTunnel::Error>(), SshTunnel::Error::HostKeyUnknown);
        const QString message = failed.first().at(1).toString();
        QVERIFY2(message.contains(m_sshd.hostKeyFingerprint()), qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("not accepted")), qPrintable(message));
        QCOMPARE(tunnel.state(), SshTunnel::State::Failed);
        QVERIFY(!QFile::exists(options.knownHostsFile)); // nothing recorded
        QVERIFY(stopped.wait(waitMs));
        QCOMPARE(tunnel.forward(QStringLiteral("127.0.0.1"), m_redis.port()), quint16(0));
    }

    void acceptingRecordsTheKey()
    {
        SshOptions options = m_sshd.options();
        options.knownHostsFile = freshKnownHosts();
        {
            SshTunnel tunnel(options);
            QSignalSpy unknown(&tunnel, &SshTunnel::hostKeyUnknown);
            QSignalSpy ready(&tunnel, &SshTunnel::ready);
            tunnel.start();
            QVERIFY(unknown.wait(waitMs));
            QVERIFY(!QFile::exists(options.knownHostsFile));
            tunnel.acceptHostKey(true);
            QVERIFY2(ready.wait(waitMs), qPrintable(tunnel.lastErrorMessage()));
            const QByteArray recorded = readFile(options.knownHostsFile);
            QVERIFY2(recorded.startsWith(m_sshd.knownHostsName().toUtf8() + " ssh-ed25519 AAAA"), recorded.constData());
            QCOMPARE(recorded.count('\n'), 1);
        }
        // The next tunnel knows the host and does not ask.
        SshTunnel second(options);
        QSignalSpy unknown(&second, &SshTunnel::hostKeyUnknown);
        QSignalSpy ready(&second, &SshTunnel::ready);
        second.start();
        QVERIFY2(ready.wait(waitMs), qPrintable(second.lastErrorMessage()));
        QCOMPARE(unknown.count(), 0);
        QCOMPARE(readFile(options.knownHostsFile).count('\n'), 1); // not recorded twice
    }

    void acceptingOnceRecordsNothing()
    {
        SshOptions options = m_sshd.options();
        options.knownHostsFile = freshKnownHosts();
        SshTunnel tunnel(options);
        QSignalSpy unknown(&tunnel, &SshTunnel::hostKeyUnknown);
        QSignalSpy ready(&tunnel, &SshTunnel::ready);
        tunnel.start();
        QVERIFY(unknown.wait(waitMs));
        tunnel.acceptHostKey(false);
        QVERIFY2(ready.wait(waitMs), qPrintable(tunnel.lastErrorMessage()));
        QVERIFY(!QFile::exists(options.knownHostsFile));
    }

    void recordingAppendsAfterALastLineWithoutNewline()
    {
        SshOptions options = trusting();
        const QByteArray other = "other.example ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHuYwlqvsFC0pqAh9r8lVMx7xuqAzLvaEFGj6AHOdh+o";
        QVERIFY(writeFile(options.knownHostsFile, other));
        auto tunnel = readyTunnel(options);
        QVERIFY(tunnel);
        const QList<QByteArray> lines = readFile(options.knownHostsFile).split('\n');
        QCOMPARE(lines.value(0), other);
        QVERIFY(lines.value(1).startsWith(m_sshd.knownHostsName().toUtf8() + ' '));
    }

    // known_hosts has another key for this host: refused even with accept-new, and the message
    // names the fingerprint and the line to look at.
    void changedHostKeyIsRefused_data()
    {
        QTest::addColumn<QByteArray>("before");
        QTest::addColumn<bool>("hash");
        QTest::addColumn<int>("line");

        QTest::newRow("plain entry") << QByteArray() << false << 1;
        QTest::newRow("after comments") << QByteArray("# ours\n\nelsewhere.example ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHuYwlqvsFC0pqAh9r8lVMx7xuqAzLvaEFGj6AHOdh+o\n")
                                        << false << 4;
        QTest::newRow("hashed entry") << QByteArray() << true << 1;
    }

    void changedHostKeyIsRefused()
    {
        QFETCH(QByteArray, before);
        QFETCH(bool, hash);
        QFETCH(int, line);
        SshOptions options = trusting(); // accept-new must not cover a changed key
        QVERIFY(writeFile(options.knownHostsFile, before + m_sshd.knownHostsLineWithOtherKey().toUtf8() + '\n'));
        if (hash)
            QVERIFY(TestSshd::run(QStringLiteral("ssh-keygen"), {QStringLiteral("-H"), QStringLiteral("-f"), options.knownHostsFile}));
        const QByteArray original = readFile(options.knownHostsFile);
        QVERIFY(!hash || !original.contains("127.0.0.1"));

        SshTunnel tunnel(options);
        QSignalSpy unknown(&tunnel, &SshTunnel::hostKeyUnknown);
        QSignalSpy failed(&tunnel, &SshTunnel::failed);
        tunnel.start();
        QVERIFY(failed.wait(waitMs));
        QCOMPARE(failed.first().at(0).value<SshTunnel::Error>(), SshTunnel::Error::HostKeyChanged);
        const QString message = failed.first().at(1).toString();
        QVERIFY2(message.contains(QLatin1String("CHANGED")), qPrintable(message));
        QVERIFY2(message.contains(m_sshd.hostKeyFingerprint()), qPrintable(message));
        QVERIFY2(message.contains(options.knownHostsFile + QLatin1Char(':') + QString::number(line)), qPrintable(message));
        QCOMPARE(unknown.count(), 0);
        QCOMPARE(readFile(options.knownHostsFile), original); // left alone
    }

    // A "@revoked" line for the server's key refuses it, beside a line trusting it, and with
    // accept-new (libssh alone read past the marker and connected, recording the key).
    void revokedHostKeyIsRefused_data()
    {
        QTest::addColumn<bool>("alsoTrusted");
        QTest::addColumn<bool>("wildcard");
        QTest::addColumn<bool>("tabs");
        QTest::newRow("beside a trusting line") << true << false << false;
        QTest::newRow("for every host, accept-new") << false << true << false;
        QTest::newRow("fields parted by tabs") << false << false << true; // as OpenSSH reads them
    }

    void revokedHostKeyIsRefused()
    {
        QFETCH(bool, alsoTrusted);
        QFETCH(bool, wildcard);
        QFETCH(bool, tabs);
        SshOptions options = trusting();
        QVERIFY(m_sshd.trustIn(options.knownHostsFile));
        const QByteArray trusted = readFile(options.knownHostsFile);
        const QByteArray key = trusted.mid(trusted.indexOf(' ') + 1);
        QByteArray revoked = "@revoked " + (wildcard ? QByteArray("*") : m_sshd.knownHostsName().toUtf8()) + ' ' + key;
        if (tabs)
            revoked.replace(' ', '\t');
        QVERIFY(writeFile(options.knownHostsFile, "# revoked after the breach\n" + revoked + (alsoTrusted ? trusted : QByteArray())));
        const QByteArray original = readFile(options.knownHostsFile);

        SshTunnel tunnel(options);
        QSignalSpy ready(&tunnel, &SshTunnel::ready);
        QSignalSpy failed(&tunnel, &SshTunnel::failed);
        tunnel.start();
        QVERIFY(failed.wait(waitMs));
        QCOMPARE(ready.count(), 0);
        const QString message = failed.first().at(1).toString();
        QVERIFY2(message.contains(QLatin1String("REVOKED")) && message.contains(m_sshd.hostKeyFingerprint())
                     && message.contains(options.knownHostsFile + QStringLiteral(":2")),
                 qPrintable(message));
        QCOMPARE(readFile(options.knownHostsFile), original); // nothing recorded beside it
    }

    void wrongUserKeyIsRefused()
    {
        SshOptions options = trusting();
        options.privateKeyFile = m_sshd.strangerKeyFile();
        SshTunnel tunnel(options);
        QSignalSpy failed(&tunnel, &SshTunnel::failed);
        tunnel.start();
        QVERIFY(failed.wait(waitMs));
        QCOMPARE(failed.first().at(0).value<SshTunnel::Error>(), SshTunnel::Error::AuthenticationFailed);
        const QString message = failed.first().at(1).toString();
        const QString expected = QStringLiteral("The SSH server %1@127.0.0.1:%2 did not accept the key %3")
                                     .arg(m_sshd.userName())
                                     .arg(m_sshd.port())
                                     .arg(m_sshd.strangerKeyFile());
        QVERIFY2(message.startsWith(expected), qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("it accepts: publickey")), qPrintable(message));
        QCOMPARE(tunnel.lastError(), SshTunnel::Error::AuthenticationFailed);
    }

    void passphraseProtectedKey_data()
    {
        QTest::addColumn<QString>("passphrase");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("says");

        QTest::newRow("right passphrase") << TestSshd::passphrase() << true << QString();
        QTest::newRow("wrong passphrase") << QStringLiteral("not-the-passphrase-42") << false << QStringLiteral("wrong passphrase");
        QTest::newRow("no passphrase") << QString() << false
                                       << QStringLiteral("protected by a passphrase (none was given: set LOCKSCOPE_SSH_PASSPHRASE");
    }

    // The bastion's key changed while the session was away: no reconnect mends that, so the
    // tunnel fails for good, with the CHANGED refusal, and stops trying.
    void aKeyChangedOnTheWayBackEndsIt()
    {
        TestSshd bastion;
        QVERIFY2(bastion.start(), qPrintable(bastion.log()));
        const SshOptions options = trusting(bastion);
        auto tunnel = readyTunnel(options);
        QVERIFY(tunnel);
        QSignalSpy interrupted(tunnel.get(), &SshTunnel::interrupted);
        QSignalSpy failed(tunnel.get(), &SshTunnel::failed);
        QSignalSpy restored(tunnel.get(), &SshTunnel::restored);
        QVERIFY(writeFile(options.knownHostsFile, bastion.knownHostsLineWithOtherKey().toUtf8() + '\n'));
        bastion.dropSessions();
        QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), waitMs);
        QCOMPARE(interrupted.count(), 1);
        QCOMPARE(failed.first().at(0).value<SshTunnel::Error>(), SshTunnel::Error::HostKeyChanged);
        QVERIFY2(failed.first().at(1).toString().contains(QLatin1String("CHANGED")), qPrintable(failed.first().at(1).toString()));
        QCOMPARE(tunnel->state(), SshTunnel::State::Failed);
        QCOMPARE(restored.count(), 0);
        QCOMPARE(tunnel->forward(QStringLiteral("127.0.0.1"), m_redis.port()), quint16(0)); // no port any more
    }

    // A key file that cannot be used says why: one that is no private key said what it is
    // (it read as a passphrase missing), and one others may read is refused.
    void aKeyFileThatCannotBeUsedSaysWhy_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("says");
        QTest::newRow("the public half") << m_sshd.userKeyFile() + QStringLiteral(".pub") << QStringLiteral("it is a public key");
        QTest::newRow("a directory") << m_scratch.path() << QStringLiteral("it is a directory");
        // A good key, but others may read it: not used, as OpenSSH would not.
        const QString open = m_scratch.filePath(QStringLiteral("id_open"));
        QFile::remove(open);
        QVERIFY(QFile::copy(m_sshd.userKeyFile(), open));
        QVERIFY(QFile::setPermissions(open, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther));
        QTest::newRow("readable by others") << open << QStringLiteral("is open to other users (permissions 0644)");
    }

    void aKeyFileThatCannotBeUsedSaysWhy()
    {
        QFETCH(QString, file);
        QFETCH(QString, says);
        QVERIFY(QFileInfo::exists(file));
        SshOptions options = trusting();
        options.privateKeyFile = file;
        SshTunnel tunnel(options);
        QSignalSpy failed(&tunnel, &SshTunnel::failed);
        tunnel.start();
        QVERIFY(failed.wait(waitMs));
        const QString message = failed.first().at(1).toString();
        QVERIFY2(message.contains(says) && message.contains(file), qPrintable(message));
    }

    void passphraseProtectedKey()
    {
        QFETCH(QString, passphrase);
        QFETCH(bool, ok);
        QFETCH(QString, says);
        SshOptions options = trusting();
        options.privateKeyFile = m_sshd.protectedKeyFile();
        options.passphrase = passphrase;
        SshTunnel tunnel(options);
        QSignalSpy ready(&tunnel, &SshTunnel::ready);
        QSignalSpy failed(&tunnel, &SshTunnel::failed);
        tunnel.start();
        QTRY_VERIFY_WITH_TIMEOUT(ready.count() + failed.count() > 0, waitMs);
        QCOMPARE(ready.count(), ok ? 1 : 0);
        if (ok)
            return;
        QCOMPARE(failed.first().at(0).value<SshTunnel::Error>(), SshTunnel::Error::AuthenticationFailed);
        const QString message = failed.first().at(1).toString();
        QVERIFY2(message.contains(says), qPrintable(message));
        QVERIFY2(message.contains(m_sshd.protectedKeyFile()), qPrintable(message));
        QVERIFY(passphrase.isEmpty() || !message.contains(passphrase));
    }

    void passwordRefusedSaysSoWithoutTheSecret()
    {
        SshOptions options = trusting();
        options.privateKeyFile.clear();
        options.password = QStringLiteral("hunter2-very-secret");
        SshTunnel tunnel(options);
        QSignalSpy failed(&tunnel, &SshTunnel::failed);
        tunnel.start();
        QVERIFY(failed.wait(waitMs));
        QCOMPARE(failed.first().at(0).value<SshTunnel::Error>(), SshTunnel::Error::AuthenticationFailed);
        const QString message = failed.first().at(1).toString();
        QVERIFY2(message.contains(QLatin1String("did not accept the password")), qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("it accepts: publickey")), qPrintable(message));
        QVERIFY(!message.contains(QLatin1String("hunter2")));
    }

    void sshAgent()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("ssh-agent")).isEmpty())
            QSKIP("ssh-agent is not installed");
        QTemporaryDir dir;
        const QString socket = dir.filePath(QStringLiteral("agent.sock"));
        QProcess agent;
        QVERIFY(startAgent(agent, socket));
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert(QStringLiteral("SSH_AUTH_SOCK"), socket);
        QVERIFY(TestSshd::run(QStringLiteral("ssh-add"), {m_sshd.userKeyFile()}, nullptr, environment));

        std::unique_ptr<SshTunnel> tunnel;
        {
            const ScopedEnvironment agentSocket("SSH_AUTH_SOCK", QFile::encodeName(socket));
            SshOptions options = trusting();
            options.privateKeyFile.clear();
            options.useAgent = true;
            tunnel = readyTunnel(options);
        }
        agent.terminate();
        agent.waitForFinished();
        QVERIFY(tunnel);
        auto redis = connectThrough(tunnel->forward(QStringLiteral("127.0.0.1"), m_redis.port()));
        QTRY_VERIFY_WITH_TIMEOUT(redis->isReady(), waitMs);
    }

    // An agent with no keys: libssh says only that none was accepted, and the refusal read
    // "did not accept the SSH agent's keys", sending the user to the server's authorized keys.
    void anEmptyAgentIsNamed()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("ssh-agent")).isEmpty())
            QSKIP("ssh-agent is not installed");
        QTemporaryDir dir;
        const QString socket = dir.filePath(QStringLiteral("agent.sock"));
        QProcess agent;
        QVERIFY(startAgent(agent, socket));
        const ScopedEnvironment agentSocket("SSH_AUTH_SOCK", QFile::encodeName(socket));
        const ScopedEnvironment homeWithoutKeys("HOME", QFile::encodeName(dir.path()));
        const QString message = refusalWithoutAKeyFile(true);
        agent.terminate();
        agent.waitForFinished();
        QVERIFY2(message.contains(QLatin1String("the SSH agent, which holds no keys (ssh-add adds one)")), qPrintable(message));
    }

    void agentDemandedButNotRunning()
    {
        const ScopedEnvironment noAgent("SSH_AUTH_SOCK", QByteArray());
        const QString message = refusalWithoutAKeyFile(true);
        QVERIFY2(message.contains(QLatin1String("no agent is running")), qPrintable(message));
    }

    // The only default key needs a passphrase none was given for: libssh passes over it
    // without a word, and the refusal says so (it said "unknown error").
    void aDefaultKeyLockedByAPassphraseIsNamed()
    {
        QTemporaryDir home;
        QVERIFY(QDir(home.path()).mkpath(QStringLiteral(".ssh")));
        const QString key = home.filePath(QStringLiteral(".ssh/id_ed25519"));
        QVERIFY(QFile::copy(m_sshd.protectedKeyFile(), key));
        QVERIFY(QFile::setPermissions(key, QFile::ReadOwner | QFile::WriteOwner));
        const ScopedEnvironment homeWithTheKey("HOME", QFile::encodeName(home.path()));
        const ScopedEnvironment noAgent("SSH_AUTH_SOCK", QByteArray());
        const QString message = refusalWithoutAKeyFile(false);
        QVERIFY2(message.contains(QStringLiteral("not tried: %1, protected by a passphrase").arg(key)), qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("LOCKSCOPE_SSH_PASSPHRASE")), qPrintable(message));
    }

    // The bastion cannot reach the target: that connection fails with the bastion's reason;
    // the tunnel stays up for the others.
    void unreachableTargetIsAForwardFailure()
    {
        auto tunnel = readyTunnel(trusting());
        QVERIFY(tunnel);
        QSignalSpy forwardFailed(tunnel.get(), &SshTunnel::forwardFailed);
        const quint16 nowhere = closedPort();
        const quint16 port = tunnel->forward(QStringLiteral("127.0.0.1"), nowhere);
        QVERIFY(port != 0);
        auto redis = connectThrough(port);
        QSignalSpy redisError(redis.get(), &RedisConnection::errorOccurred);
        // The bastion's reason comes before the close it causes, so whoever reports the
        // failure has it, not a guess from the bare close (it once said "a TLS port?").
        QStringList order;
        connect(tunnel.get(), &SshTunnel::forwardFailed, this, [&order] { order << QStringLiteral("forward"); });
        connect(redis.get(), &RedisConnection::errorOccurred, this, [&order] { order << QStringLiteral("connection"); });
        QVERIFY(forwardFailed.wait(waitMs));
        QCOMPARE(forwardFailed.first().at(0).toInt(), int(port));
        QCOMPARE(forwardFailed.first().at(1).value<SshTunnel::Error>(), SshTunnel::Error::ForwardFailed);
        const QString message = forwardFailed.first().at(2).toString();
        QVERIFY2(message.contains(QStringLiteral("could not open a connection to 127.0.0.1:%1").arg(nowhere)), qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("Connection refused")), qPrintable(message));
        // The client is told by its connection closing, not left waiting.
        QVERIFY(redisError.count() > 0 || redisError.wait(waitMs));
        QVERIFY(!redis->isReady());
        QCOMPARE(order.value(0), QStringLiteral("forward"));

        QCOMPARE(tunnel->state(), SshTunnel::State::Ready);
        auto working = connectThrough(tunnel->forward(QStringLiteral("127.0.0.1"), m_redis.port()));
        QTRY_VERIFY_WITH_TIMEOUT(working->isReady(), waitMs);
    }

    void forwardingProhibitedByTheBastion()
    {
        TestSshd strict;
        strict.setAllowTcpForwarding(false);
        QVERIFY2(strict.start(), qPrintable(strict.log()));
        SshOptions options = strict.options();
        options.knownHostsFile = freshKnownHosts();
        options.acceptNewHostKey = true;
        auto tunnel = readyTunnel(options);
        QVERIFY(tunnel);
        QSignalSpy forwardFailed(tunnel.get(), &SshTunnel::forwardFailed);
        auto redis = connectThrough(tunnel->forward(QStringLiteral("127.0.0.1"), m_redis.port()));
        QVERIFY(forwardFailed.wait(waitMs));
        QCOMPARE(forwardFailed.first().at(1).value<SshTunnel::Error>(), SshTunnel::Error::ForwardFailed);
        const QString message = forwardFailed.first().at(2).toString();
        QVERIFY2(message.contains(QLatin1String("does not allow forwarding")), qPrintable(message));
        QTRY_VERIFY_WITH_TIMEOUT(redis->state() == RedisConnection::State::Disconnected, waitMs);
    }

    void unreachableBastion()
    {
        SshOptions options = trusting();
        options.port = closedPort();
        SshTunnel tunnel(options);
        QSignalSpy failed(&tunnel, &SshTunnel::failed);
        tunnel.start();
        QVERIFY(failed.wait(waitMs));
        QCOMPARE(failed.first().at(0).value<SshTunnel::Error>(), SshTunnel::Error::HostUnreachable);
        const QString message = failed.first().at(1).toString();
        QVERIFY2(message.contains(QStringLiteral("127.0.0.1:%1").arg(options.port)), qPrintable(message));
        QVERIFY2(message.contains(QLatin1String("refused"), Qt::CaseInsensitive), qPrintable(message));
    }

    // Something accepts the connection but never speaks SSH: the connect deadline ends it.
    void silentServerTimesOut()
    {
        QTcpServer silent;
        QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
        SshOptions options = trusting();
        options.port = silent.serverPort();
        options.connectTimeoutMs = 700;
        SshTunnel tunnel(options);
        QSignalSpy failed(&tunnel, &SshTunnel::failed);
        QElapsedTimer clock;
        clock.start();
        tunnel.start();
        QVERIFY(failed.wait(waitMs));
        QVERIFY(clock.elapsed() >= 600);
        QCOMPARE(failed.first().at(0).value<SshTunnel::Error>(), SshTunnel::Error::HostUnreachable);
        QVERIFY2(failed.first().at(1).toString().contains(QLatin1String("no SSH handshake")), qPrintable(failed.first().at(1).toString()));
    }

    void notAnSshServer()
    {
        SshOptions options = trusting();
        options.port = m_redis.port();
        options.connectTimeoutMs = 3000;
        SshTunnel tunnel(options);
        QSignalSpy failed(&tunnel, &SshTunnel::failed);
        tunnel.start();
        QVERIFY(failed.wait(waitMs));
        // Redis answers the client's banner with an error line and waits: no SSH server there.
        QCOMPARE(failed.first().at(0).value<SshTunnel::Error>(), SshTunnel::Error::HostUnreachable);
        QVERIFY2(failed.first().at(1).toString().contains(QStringLiteral("127.0.0.1:%1").arg(m_redis.port())),
                 qPrintable(failed.first().at(1).toString()));
    }

    // The session is lost while the bastion stays (the network dropped it): it is made again
    // on the same local port, and a connection made again to that port goes through. It stayed
    // lost, and a watch through it blind, until the user connected again. Then the bastion goes
    // away for good: said once, tried again (it may come back) until stopped.
    void aLostSessionIsMadeAgain()
    {
        TestSshd bastion;
        QVERIFY2(bastion.start(), qPrintable(bastion.log()));
        const SshOptions options = trusting(bastion);
        auto tunnel = readyTunnel(options);
        QVERIFY(tunnel);
        const quint16 port = tunnel->forward(QStringLiteral("127.0.0.1"), m_redis.port());
        auto redis = connectThrough(port);
        QTRY_VERIFY_WITH_TIMEOUT(redis->isReady(), waitMs);
        QSignalSpy interrupted(tunnel.get(), &SshTunnel::interrupted);
        QSignalSpy restored(tunnel.get(), &SshTunnel::restored);
        QSignalSpy failed(tunnel.get(), &SshTunnel::failed);
        QSignalSpy forwardFailed(tunnel.get(), &SshTunnel::forwardFailed);
        QSignalSpy stopped(tunnel.get(), &SshTunnel::stopped);
        QSignalSpy lost(redis.get(), &RedisConnection::errorOccurred);

        bastion.dropSessions();
        QTRY_VERIFY_WITH_TIMEOUT(!interrupted.isEmpty(), waitMs);
        QCOMPARE(interrupted.first().at(0).value<SshTunnel::Error>(), SshTunnel::Error::ConnectionLost);
        QVERIFY2(interrupted.first().at(1).toString().contains(QStringLiteral("127.0.0.1:%1 was lost").arg(options.port)),
                 qPrintable(interrupted.first().at(1).toString()));
        QTRY_VERIFY_WITH_TIMEOUT(!lost.isEmpty(), waitMs); // the connection through it went with it
        QTRY_VERIFY_WITH_TIMEOUT(!restored.isEmpty(), waitMs);
        QCOMPARE(tunnel->state(), SshTunnel::State::Ready);
        QCOMPARE(tunnel->forward(QStringLiteral("127.0.0.1"), m_redis.port()), port); // the same port
        // A connection made again to the port it knew (as sessions' connections reconnect).
        auto again = connectThrough(port);
        QTRY_VERIFY_WITH_TIMEOUT(again->isReady(), waitMs);
        QVERIFY(call(*again, {"SET", "ssh:after", "the session came back"}).isStatus("OK"));
        QCOMPARE(m_redis.command({"GET", "ssh:after"}).bytes(), QByteArray("the session came back"));
        QCOMPARE(interrupted.count(), 1);

        bastion.stop(); // the listener and the session processes
        QTRY_VERIFY_WITH_TIMEOUT(interrupted.count() == 2, waitMs);
        QCOMPARE(tunnel->state(), SshTunnel::State::Reconnecting);
        QTRY_VERIFY_WITH_TIMEOUT(!again->isReady(), waitMs);
        QCOMPARE(failed.count(), 0);
        QCOMPARE(forwardFailed.count(), 0); // the session's loss is the one report
        tunnel->stop();
        QTRY_VERIFY_WITH_TIMEOUT(stopped.count() == 1, waitMs);
        QCOMPARE(tunnel->state(), SshTunnel::State::Stopped);
        QCOMPARE(interrupted.count(), 2);
    }

    // stop() closes the forwarded connections (the client sees the loss), the channels (the
    // target sees its client go), the listener and the session, and ends the thread.
    void stopTearsEverythingDown()
    {
        const int threadsBefore = threadCount();
        const int clientsBefore = redisClients(m_redis);
        const int goodbyesBefore = int(m_sshd.log().count(QLatin1String("Received disconnect from 127.0.0.1")));
        auto tunnel = readyTunnel(trusting());
        QVERIFY(tunnel);
        QCOMPARE(threadCount(), threadsBefore + 1);
        const quint16 port = tunnel->forward(QStringLiteral("127.0.0.1"), m_redis.port());
        auto redis = connectThrough(port);
        QTRY_VERIFY_WITH_TIMEOUT(redis->isReady(), waitMs);
        QTRY_COMPARE_WITH_TIMEOUT(redisClients(m_redis), clientsBefore + 1, waitMs);

        QSignalSpy lost(redis.get(), &RedisConnection::errorOccurred);
        QSignalSpy stopped(tunnel.get(), &SshTunnel::stopped);
        tunnel->stop();
        QCOMPARE(tunnel->state(), SshTunnel::State::Stopping);
        QVERIFY(stopped.wait(waitMs));
        QCOMPARE(tunnel->state(), SshTunnel::State::Stopped);
        // Joined; the kernel drops the task a moment after QThread::wait() returns.
        QTRY_COMPARE_WITH_TIMEOUT(threadCount(), threadsBefore, 2000);

        QVERIFY(lost.count() > 0 || lost.wait(waitMs));
        QCOMPARE(lost.first().at(0).value<RedisConnection::ErrorKind>(), RedisConnection::ErrorKind::ConnectionLost);
        QVERIFY(!redis->isReady());
        // The bastion closed its connection to the target...
        QTRY_COMPARE_WITH_TIMEOUT(redisClients(m_redis), clientsBefore, waitMs);
        // ...heard a goodbye rather than a dropped connection...
        QTRY_COMPARE_WITH_TIMEOUT(int(m_sshd.log().count(QLatin1String("Received disconnect from 127.0.0.1"))), goodbyesBefore + 1, waitMs);
        // ...and nothing listens on the forwarded port any more.
        QTcpSocket probe;
        QSignalSpy probeError(&probe, &QTcpSocket::errorOccurred);
        probe.connectToHost(QHostAddress::LocalHost, port);
        QVERIFY(probeError.wait(waitMs));
        QCOMPARE(probe.error(), QAbstractSocket::ConnectionRefusedError);
        QCOMPARE(tunnel->forward(QStringLiteral("127.0.0.1"), m_redis.port()), quint16(0));
    }

    void destructionJoinsTheThread()
    {
        const int threadsBefore = threadCount();
        auto tunnel = readyTunnel(trusting());
        QVERIFY(tunnel);
        auto redis = connectThrough(tunnel->forward(QStringLiteral("127.0.0.1"), m_redis.port()));
        QTRY_VERIFY_WITH_TIMEOUT(redis->isReady(), waitMs);
        QCOMPARE(threadCount(), threadsBefore + 1);
        tunnel.reset();
        QTRY_COMPARE_WITH_TIMEOUT(threadCount(), threadsBefore, 2000);
        QTRY_VERIFY_WITH_TIMEOUT(!redis->isReady(), waitMs);
    }

    // The worker never sits in a blocking call, so even a tunnel stuck in its handshake is
    // torn down at once.
    void destroyingWhileConnectingIsPrompt()
    {
        QTcpServer silent;
        QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
        const int threadsBefore = threadCount();
        SshOptions options = trusting();
        options.port = silent.serverPort();
        auto tunnel = std::make_unique<SshTunnel>(options);
        tunnel->start();
        QTRY_VERIFY_WITH_TIMEOUT(silent.hasPendingConnections() || silent.isListening() == false, waitMs);
        QElapsedTimer clock;
        clock.start();
        tunnel.reset();
        QVERIFY2(clock.elapsed() < 1000, qPrintable(QString::number(clock.elapsed())));
        QTRY_COMPARE_WITH_TIMEOUT(threadCount(), threadsBefore, 2000);
    }

    void stopBeforeStart()
    {
        SshTunnel tunnel(trusting());
        const quint16 port = tunnel.forward(QStringLiteral("127.0.0.1"), m_redis.port());
        QVERIFY(port != 0);
        QSignalSpy stopped(&tunnel, &SshTunnel::stopped);
        tunnel.stop();
        QCOMPARE(stopped.count(), 1);
        QCOMPARE(tunnel.state(), SshTunnel::State::Stopped);
        QTcpSocket probe;
        QSignalSpy probeError(&probe, &QTcpSocket::errorOccurred);
        probe.connectToHost(QHostAddress::LocalHost, port);
        QVERIFY(probeError.wait(waitMs));
        QCOMPARE(probe.error(), QAbstractSocket::ConnectionRefusedError);
    }
};

QTEST_GUILESS_MAIN(TestSshTunnel)
#include "tst_sshtunnel.moc"
