#include "luascript.h"
#include "redisconnection.h"
#include "testredis.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;

namespace {
// Waits for one reply on a connection, as only a test may.
RedisReply call(RedisConnection &c, const RedisCommand &command, int timeoutMs = 10000)
{
    bool done = false;
    RedisReply result;
    c.send(command, nullptr, [&](const RedisReply &r) {
        result = r;
        done = true;
    });
    if (!QTest::qWaitFor([&] { return done; }, timeoutMs))
        return RedisReply::error("TEST no reply");
    return result;
}

quint16 unusedPort()
{
    QTcpServer probe;
    probe.listen(QHostAddress::LocalHost, 0);
    return probe.serverPort();
}

bool openssl(const QString &dir, const QStringList &args)
{
    QProcess p;
    p.setWorkingDirectory(dir);
    p.start(QStringLiteral("openssl"), args);
    return p.waitForFinished(30000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A TLS redis-server and the good and bad files a user may point a connection at, made
// once by openssl: TestRedis::startTls's CA and server pair, and around it another RSA key,
// an EC pair, encrypted keys, damaged and mistaken files, a CA directory.
struct TlsFixture
{
    QTemporaryDir dir;
    TestRedis redis;

    QString path(const QString &name) const { return dir.filePath(name); }

    bool make()
    {
        const QString d = dir.path();
        if (!redis.startTls(d))
            return false;
        const QByteArray cert = readFile(path(QStringLiteral("server.crt")));
        QByteArray damaged = cert;
        damaged[damaged.indexOf('\n') + 40] = '*'; // not base64: the block does not decode
        return openssl(d, {QStringLiteral("genpkey"), QStringLiteral("-algorithm"), QStringLiteral("RSA"), QStringLiteral("-pkeyopt"),
                           QStringLiteral("rsa_keygen_bits:2048"), QStringLiteral("-out"), QStringLiteral("other.key")})
               && openssl(d, {QStringLiteral("pkey"), QStringLiteral("-in"), QStringLiteral("server.key"), QStringLiteral("-aes256"),
                              QStringLiteral("-passout"), QStringLiteral("pass:secret"), QStringLiteral("-out"), QStringLiteral("encrypted.key")})
               && openssl(d, {QStringLiteral("rsa"), QStringLiteral("-in"), QStringLiteral("server.key"), QStringLiteral("-aes256"),
                              QStringLiteral("-traditional"), QStringLiteral("-passout"), QStringLiteral("pass:secret"), QStringLiteral("-out"),
                              QStringLiteral("encrypted-traditional.key")})
               && openssl(d, {QStringLiteral("ecparam"), QStringLiteral("-name"), QStringLiteral("prime256v1"), QStringLiteral("-genkey"),
                              QStringLiteral("-noout"), QStringLiteral("-out"), QStringLiteral("ec.key")})
               && openssl(d, {QStringLiteral("ecparam"), QStringLiteral("-name"), QStringLiteral("prime256v1"), QStringLiteral("-genkey"),
                              QStringLiteral("-noout"), QStringLiteral("-out"), QStringLiteral("ec-other.key")})
               && openssl(d, {QStringLiteral("req"), QStringLiteral("-new"), QStringLiteral("-key"), QStringLiteral("ec.key"), QStringLiteral("-subj"),
                              QStringLiteral("/CN=lockscope-client"), QStringLiteral("-out"), QStringLiteral("ec.csr")})
               && openssl(d, {QStringLiteral("x509"), QStringLiteral("-req"), QStringLiteral("-in"), QStringLiteral("ec.csr"), QStringLiteral("-CA"),
                              QStringLiteral("ca.crt"), QStringLiteral("-CAkey"), QStringLiteral("ca.key"), QStringLiteral("-CAcreateserial"),
                              QStringLiteral("-out"), QStringLiteral("ec.crt"), QStringLiteral("-days"), QStringLiteral("30")})
               && openssl(d, {QStringLiteral("x509"), QStringLiteral("-in"), QStringLiteral("ca.crt"), QStringLiteral("-outform"), QStringLiteral("DER"),
                              QStringLiteral("-out"), QStringLiteral("ca.der")})
               && writeFile(path(QStringLiteral("damaged.crt")), damaged)
               && writeFile(path(QStringLiteral("chain-damaged.crt")), readFile(path(QStringLiteral("ca.crt"))) + damaged)
               && writeFile(path(QStringLiteral("notes.txt")), "the CA is on the wiki\n")
               && writeFile(path(QStringLiteral("empty.crt")), "\n")
               && QDir(d).mkpath(QStringLiteral("cadir")) && QDir(d).mkpath(QStringLiteral("emptydir"))
               && QFile::copy(path(QStringLiteral("ca.crt")), path(QStringLiteral("cadir/ca.pem")))
               && writeFile(path(QStringLiteral("cadir/README")), "not a certificate\n")
               && writeFile(path(QStringLiteral("emptydir/README")), "not a certificate\n");
    }
};
} // namespace

class TestRedisConnection : public QObject
{
    Q_OBJECT

    std::unique_ptr<TlsFixture> m_tls;

    TlsFixture *tls()
    {
        if (!m_tls) {
            m_tls = std::make_unique<TlsFixture>();
            if (!m_tls->make())
                m_tls.reset();
        }
        return m_tls.get();
    }

    // A connection to redis that gives a command 300 ms, and does not come back once failed.
    static std::unique_ptr<RedisConnection> impatient(const TestRedis &redis)
    {
        ConnectionOptions o = redis.options();
        o.commandTimeoutMs = 300;
        o.autoReconnect = false;
        auto c = std::make_unique<RedisConnection>(o);
        c->open();
        return c;
    }

private Q_SLOTS:
    void pipelineKeepsOrder()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        RedisConnection c(redis.options());
        c.open();
        QList<RedisCommand> commands;
        for (int i = 0; i < 2000; ++i)
            commands.append(RedisCommand{"INCR", "counter"});
        QList<RedisReply> replies;
        c.pipeline(commands, nullptr, [&](const QList<RedisReply> &r) { replies = r; });
        QTRY_COMPARE_WITH_TIMEOUT(replies.size(), 2000, 10000);
        for (int i = 0; i < 2000; ++i)
            QCOMPARE(replies.at(i).integer(), qint64(i + 1));
    }

    void binarySafeValues()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        RedisConnection c(redis.options());
        c.open();
        QByteArray all;
        for (int i = 0; i < 256; ++i)
            all += char(i);
        QVERIFY(call(c, {"SET", QByteArray("k\x00\xff", 3), all}).isStatus("OK"));
        QCOMPARE(call(c, {"GET", QByteArray("k\x00\xff", 3)}).bytes(), all);
    }

    // An error inside a script reads as the error, not as where in the script it happened.
    void scriptErrorsSayWhatNotWhere()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        RedisConnection c(redis.options());
        c.open();
        QVERIFY(call(c, {"RPUSH", "l", "x"}).integer() == 1);
        const RedisReply wrongType = call(c, {"EVAL", "return redis.call('GET', KEYS[1])", "1", "l"});
        QVERIFY(wrongType.errorIs("WRONGTYPE"));
        QCOMPARE(wrongType.errorMessage(), QStringLiteral("WRONGTYPE Operation against a key holding the wrong kind of value"));
        const RedisReply plain = call(c, {"GET", "l"});
        QCOMPARE(plain.errorMessage(), QStringLiteral("WRONGTYPE Operation against a key holding the wrong kind of value"));
    }

    void handlerDiesWithItsContext()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        RedisConnection c(redis.options());
        c.open();
        QTRY_VERIFY(c.isReady());
        int called = 0;
        auto *context = new QObject;
        c.send({"PING"}, context, [&](const RedisReply &) { ++called; });
        delete context;
        bool after = false;
        c.send({"PING"}, nullptr, [&](const RedisReply &) { after = true; });
        QTRY_VERIFY(after);
        QCOMPARE(called, 0);
    }

    void wrongPasswordIsOneClearErrorAndNoRetry()
    {
        TestRedis redis;
        QVERIFY(redis.start({QStringLiteral("--requirepass"), QStringLiteral("right")}));
        ConnectionOptions o = redis.options();
        o.password = QStringLiteral("wrong");
        RedisConnection c(o);
        QSignalSpy errors(&c, &RedisConnection::errorOccurred);
        c.open();
        QVERIFY(errors.wait(5000));
        QCOMPARE(errors.first().at(0).value<RedisConnection::ErrorKind>(), RedisConnection::ErrorKind::Authentication);
        QVERIFY2(errors.first().at(1).toString().contains(QLatin1String("Authentication failed")), qPrintable(errors.first().at(1).toString()));
        QCOMPARE(c.state(), RedisConnection::State::Disconnected); // retrying cannot fix it
        QTest::qWait(600);
        QCOMPARE(errors.size(), 1);
    }

    void missingPasswordSaysSo()
    {
        TestRedis redis;
        QVERIFY(redis.start({QStringLiteral("--requirepass"), QStringLiteral("right")}));
        RedisConnection c(redis.options());
        QSignalSpy errors(&c, &RedisConnection::errorOccurred);
        c.open();
        QVERIFY(errors.wait(5000));
        QVERIFY2(errors.first().at(1).toString().contains(QLatin1String("requires a password")), qPrintable(errors.first().at(1).toString()));
    }

    void aclUserAndDatabase()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        QVERIFY(redis.command({"ACL", "SETUSER", "ops", "on", ">pw", "~*", "&*", "+@all"}).isStatus("OK"));
        ConnectionOptions o = redis.options();
        o.user = QStringLiteral("ops");
        o.password = QStringLiteral("pw");
        o.database = 3;
        RedisConnection c(o);
        c.open();
        QTRY_VERIFY_WITH_TIMEOUT(c.isReady(), 5000);
        QCOMPARE(call(c, {"ACL", "WHOAMI"}).bytes(), QByteArray("ops"));
        QVERIFY(call(c, {"CLIENT", "INFO"}).bytes().contains(" db=3 "));

        o.password = QStringLiteral("nope");
        RedisConnection wrong(o);
        QSignalSpy errors(&wrong, &RedisConnection::errorOccurred);
        wrong.open();
        QVERIFY(errors.wait(5000));
        QCOMPARE(errors.first().at(0).value<RedisConnection::ErrorKind>(), RedisConnection::ErrorKind::Authentication);
    }

    void badDatabaseIsRejected()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        ConnectionOptions o = redis.options();
        o.database = 999;
        RedisConnection c(o);
        QSignalSpy errors(&c, &RedisConnection::errorOccurred);
        c.open();
        QVERIFY(errors.wait(5000));
        QCOMPARE(errors.first().at(0).value<RedisConnection::ErrorKind>(), RedisConnection::ErrorKind::Rejected);
        QVERIFY(errors.first().at(1).toString().contains(QLatin1String("DB index")));
    }

    void refusedConnection()
    {
        ConnectionOptions o;
        o.port = unusedPort();
        o.autoReconnect = false;
        RedisConnection c(o);
        QSignalSpy errors(&c, &RedisConnection::errorOccurred);
        c.open();
        QVERIFY(errors.wait(5000));
        QCOMPARE(errors.first().at(0).value<RedisConnection::ErrorKind>(), RedisConnection::ErrorKind::Refused);
        QVERIFY(errors.first().at(1).toString().contains(QLatin1String("refused")));
        // Commands sent without a connection fail with an error reply, not silence, and one
        // that says the command never left.
        const RedisReply r = call(c, {"PING"});
        QVERIFY(r.isError());
        QCOMPARE(r.origin(), RedisReply::Origin::NotSent);
    }

    void silentServerTimesOut()
    {
        // Accepts TCP but never answers: what a wrong port or a hung host looks like.
        QTcpServer silent;
        QVERIFY(silent.listen(QHostAddress::LocalHost, 0));
        ConnectionOptions o;
        o.port = silent.serverPort();
        o.connectTimeoutMs = 400;
        o.autoReconnect = false;
        RedisConnection c(o);
        QSignalSpy errors(&c, &RedisConnection::errorOccurred);
        QElapsedTimer t;
        t.start();
        c.open();
        QVERIFY(errors.wait(5000));
        QCOMPARE(errors.first().at(0).value<RedisConnection::ErrorKind>(), RedisConnection::ErrorKind::Timeout);
        QVERIFY(t.elapsed() >= 350);
        // Reached, so not "unreachable": it took the connection and stayed silent.
        QVERIFY2(errors.first().at(1).toString().contains(QLatin1String("took the connection but did not answer"))
                     && !errors.first().at(1).toString().contains(QLatin1String("unreachable")),
                 qPrintable(errors.first().at(1).toString()));
    }

    void commandTimeout_data()
    {
        QTest::addColumn<RedisCommand>("command");
        QTest::addColumn<QString>("said");
        QTest::newRow("command") << RedisCommand{"GET", "x"} << u"did not answer GET within"_s;
        // A container names its subcommand: "CLIENT" alone would not say which.
        QTest::newRow("container") << RedisCommand{"CLIENT", "GETNAME"} << u"did not answer CLIENT GETNAME within"_s;
        QTest::newRow("lower case") << RedisCommand{"config", "get", "maxmemory"} << u"did not answer CONFIG GET within"_s;
    }

    void commandTimeout()
    {
        QFETCH(RedisCommand, command);
        QFETCH(QString, said);
        TestRedis redis;
        QVERIFY(redis.start());
        const std::unique_ptr<RedisConnection> connection = impatient(redis);
        RedisConnection &c = *connection;
        QTRY_VERIFY(c.isReady());
        // An error from Redis itself is the server's.
        redis.command({"RPUSH", "list", "x"});
        QCOMPARE(call(c, {"GET", "list"}).origin(), RedisReply::Origin::Server);
        QVERIFY(redis.command({"CLIENT", "PAUSE", "1500", "ALL"}).isStatus("OK"));
        QSignalSpy errors(&c, &RedisConnection::errorOccurred);
        const RedisReply r = call(c, command);
        QVERIFY(r.isError());
        QVERIFY2(r.errorMessage().contains(said), qPrintable(r.errorMessage()));
        // Written, then no answer: it may have run.
        QCOMPARE(r.origin(), RedisReply::Origin::Unanswered);
        QCOMPARE(errors.size(), 1);
        QCOMPARE(errors.first().at(0).value<RedisConnection::ErrorKind>(), RedisConnection::ErrorKind::Timeout);
        redis.command({"CLIENT", "UNPAUSE"});
    }

    // A pipeline that stalls names the command it waits for: the first one not answered.
    void pipelineTimeoutNamesTheWaitingCommand()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        const std::unique_ptr<RedisConnection> connection = impatient(redis);
        RedisConnection &c = *connection;
        QTRY_VERIFY(c.isReady());
        // Reads go on, writes wait: GET is answered, then SET blocks the rest.
        QVERIFY(redis.command({"CLIENT", "PAUSE", "1500", "WRITE"}).isStatus("OK"));
        QList<RedisReply> replies;
        c.pipeline(QList<RedisCommand>{{"GET", "a"}, {"SET", "b", "1"}, {"GET", "c"}}, this,
                   [&replies](const QList<RedisReply> &r) { replies = r; });
        QTRY_COMPARE_WITH_TIMEOUT(replies.size(), 3, 5000);
        QVERIFY(replies.at(0).isNil());
        QVERIFY2(replies.at(1).errorMessage().contains(u"did not answer SET within"_s), qPrintable(replies.at(1).errorMessage()));
        QCOMPARE(replies.at(1).origin(), RedisReply::Origin::Unanswered);
        QVERIFY(replies.at(2).isError());
        redis.command({"CLIENT", "UNPAUSE"});
    }

    void serverGoneAndBack()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        RedisConnection c(redis.options());
        QSignalSpy errors(&c, &RedisConnection::errorOccurred);
        QSignalSpy ready(&c, &RedisConnection::ready);
        QSignalSpy retries(&c, &RedisConnection::reconnectScheduled);
        c.open();
        QVERIFY(ready.wait(5000));
        QVERIFY(call(c, {"SET", "k", "v"}).isStatus("OK"));

        redis.kill();
        QTRY_VERIFY_WITH_TIMEOUT(!errors.isEmpty(), 5000);
        QCOMPARE(errors.first().at(0).value<RedisConnection::ErrorKind>(), RedisConnection::ErrorKind::ConnectionLost);
        // Several failed attempts while the server is down, still one message.
        QTRY_VERIFY_WITH_TIMEOUT(retries.size() >= 3, 10000);
        QCOMPARE(errors.size(), 1);

        QVERIFY(redis.restart());
        QVERIFY(ready.wait(15000));
        QCOMPARE(ready.size(), 2);
        QVERIFY(call(c, {"PING"}).isStatus("PONG"));
    }

    // A password set on a server the connection had worked with (a rotation): the refusal is
    // reported, not swallowed as a retry's, and the connection keeps trying until it works.
    void aPasswordChangedWhileConnectedIsReportedAndRetried()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        RedisConnection c(redis.options());
        QSignalSpy errors(&c, &RedisConnection::errorOccurred);
        QSignalSpy ready(&c, &RedisConnection::ready);
        c.open();
        QVERIFY(ready.wait(5000));
        QVERIFY(call(c, {"CLIENT", "SETNAME", "watched"}).isStatus("OK"));
        redis.command({"CONFIG", "SET", "requirepass", "rotated"});
        redis.command({"CLIENT", "KILL", "TYPE", "normal", "SKIPME", "yes"});
        QTRY_VERIFY_WITH_TIMEOUT(std::any_of(errors.cbegin(), errors.cend(),
                                             [](const QList<QVariant> &e) {
                                                 return e.at(0).value<RedisConnection::ErrorKind>() == RedisConnection::ErrorKind::Authentication;
                                             }),
                                 10000);
        QCOMPARE(c.state(), RedisConnection::State::WaitingToReconnect);
        redis.command({"CONFIG", "SET", "requirepass", ""});
        QVERIFY(ready.wait(15000));
        QVERIFY(call(c, {"PING"}).isStatus("PONG"));
    }

    // A server that answers with an error and closes (maxclients) is quoted, not guessed at.
    void aServerThatRefusesAndClosesIsQuoted()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        QVERIFY(redis.command({"CONFIG", "SET", "maxclients", "1"}).isStatus("OK")); // the test's own connection is the one
        RedisConnection c(redis.options());
        QSignalSpy errors(&c, &RedisConnection::errorOccurred);
        c.open();
        QVERIFY(errors.wait(5000));
        QVERIFY2(errors.first().at(1).toString().contains(QLatin1String("max number of clients reached")),
                 qPrintable(errors.first().at(1).toString()));
    }

    void pubSubMessages()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        RedisConnection subscriber(redis.options());
        QSignalSpy messages(&subscriber, &RedisConnection::messageReceived);
        subscriber.subscribe({"redisson_lock__channel:{orders}"});
        subscriber.psubscribe({"__keyspace@0__:lock:*"});
        subscriber.open();
        QSignalSpy subscribed(&subscriber, &RedisConnection::subscribed);
        QVERIFY(subscribed.wait(5000));
        QVERIFY(subscriber.isSubscribed());
        // Confirmed means the server has it: a publish now is heard.
        QCOMPARE(redis.command({"PUBSUB", "NUMSUB", "redisson_lock__channel:{orders}"}).at(1).integer(), qint64(1));
        QCOMPARE(redis.command({"PUBLISH", "redisson_lock__channel:{orders}", "0"}).integer(), qint64(1));
        QTRY_COMPARE(messages.size(), 1);
        QCOMPARE(messages.first().at(0).toByteArray(), QByteArray("redisson_lock__channel:{orders}"));
        QCOMPARE(messages.first().at(1).toByteArray(), QByteArray("0"));
        QVERIFY(messages.first().at(2).toByteArray().isEmpty());
        // Another channel on the same connection is confirmed again, once.
        subscriber.subscribe({"redisson_lock__channel:{more}"});
        QVERIFY(!subscriber.isSubscribed());
        QVERIFY(subscribed.wait(5000));
        QVERIFY(subscriber.isSubscribed());
        QCOMPARE(subscribed.size(), 2);
    }

    // An ACL user without the channels: the subscription is refused and never confirmed.
    void aRefusedSubscriptionIsNeverConfirmed()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        RedisConnection subscriber(redis.optionsAsNewUser("nochannel", {"~*", "resetchannels", "+@all"}));
        QSignalSpy subscribed(&subscriber, &RedisConnection::subscribed);
        QSignalSpy refused(&subscriber, &RedisConnection::subscriptionRefused);
        subscriber.psubscribe({"__keyspace@0__:lock:*"});
        subscriber.open();
        QVERIFY(refused.wait(5000));
        QVERIFY2(refused.first().at(0).toString().contains(QLatin1String("NOPERM")), qPrintable(refused.first().at(0).toString()));
        QVERIFY(subscriber.isReady());
        QVERIFY(!subscriber.isSubscribed());
        QCOMPARE(subscribed.size(), 0);
    }

    void tlsWithCertificateChecks()
    {
        QTemporaryDir dir;
        TestRedis redis;
        QVERIFY(redis.startTls(dir.path()));
        ConnectionOptions o = redis.options();
        QVERIFY(o.tls);
        RedisConnection trusted(o);
        trusted.open();
        QVERIFY(call(trusted, {"SET", "lock:tls", "tok"}).isStatus("OK"));
        QCOMPARE(call(trusted, {"GET", "lock:tls"}).bytes(), QByteArray("tok"));

        // Without our CA the self-signed chain is refused, once, and retrying would not help.
        o.caCertFile.clear();
        RedisConnection untrusted(o);
        QSignalSpy errors(&untrusted, &RedisConnection::errorOccurred);
        untrusted.open();
        QVERIFY(errors.wait(5000));
        QCOMPARE(errors.first().at(0).value<RedisConnection::ErrorKind>(), RedisConnection::ErrorKind::Tls);
        QVERIFY2(errors.first().at(1).toString().contains(QLatin1String("certificate")), qPrintable(errors.first().at(1).toString()));
        QCOMPARE(untrusted.state(), RedisConnection::State::Disconnected);

        o.verifyPeer = false; // --insecure
        RedisConnection insecure(o);
        insecure.open();
        QCOMPARE(call(insecure, {"GET", "lock:tls"}).bytes(), QByteArray("tok"));
    }

    // -s: the same protocol over a Unix socket, and a socket that is not there is one
    // clear error that names it.
    void unixSocket()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("redis.sock"));
        TestRedis redis;
        QVERIFY(redis.start({QStringLiteral("--unixsocket"), path, QStringLiteral("--unixsocketperm"), QStringLiteral("700")}));
        ConnectionOptions o = redis.options();
        o.socketPath = path;
        o.port = 1; // nothing listens there: only the socket can answer
        RedisConnection local(o);
        local.open();
        QVERIFY(call(local, {"SET", "lock:unix", "tok"}).isStatus("OK"));
        QCOMPARE(call(local, {"GET", "lock:unix"}).bytes(), QByteArray("tok"));
        // The server sees a Unix-socket client (its address is the socket's path).
        QVERIFY2(call(local, {"CLIENT", "INFO"}).bytes().contains("addr=" + path.toUtf8()),
                 call(local, {"CLIENT", "INFO"}).bytes().constData());
        QCOMPARE(o.displayName(), path);

        o.socketPath = dir.filePath(QStringLiteral("nothing.sock"));
        RedisConnection missing(o);
        QSignalSpy errors(&missing, &RedisConnection::errorOccurred);
        missing.open();
        QVERIFY(errors.wait(5000));
        QCOMPARE(errors.first().at(0).value<RedisConnection::ErrorKind>(), RedisConnection::ErrorKind::HostNotFound);
        QVERIFY2(errors.first().at(1).toString().contains(o.socketPath), qPrintable(errors.first().at(1).toString()));

        // A relative path is the current directory's (as redis-cli takes it), never a socket of
        // that name in the temporary directory, which may be another server's.
        QTemporaryDir elsewhere;
        TestRedis decoy;
        QVERIFY(decoy.start({QStringLiteral("--unixsocket"), elsewhere.filePath(QStringLiteral("redis.sock"))}));
        decoy.command({"SET", "lock:unix", "decoy"});
        const QString cwd = QDir::currentPath();
        const auto back = qScopeGuard([&] { QDir::setCurrent(cwd); });
        QVERIFY(QDir::setCurrent(dir.path()));
        qputenv("TMPDIR", elsewhere.path().toLocal8Bit());
        const auto noTmp = qScopeGuard([] { qunsetenv("TMPDIR"); });
        o.socketPath = QStringLiteral("redis.sock");
        RedisConnection relative(o);
        relative.open();
        QCOMPARE(call(relative, {"GET", "lock:unix"}).bytes(), QByteArray("tok"));

        // A path that is no socket says what it is.
        o.socketPath = dir.path();
        RedisConnection directory(o);
        QSignalSpy notSocket(&directory, &RedisConnection::errorOccurred);
        directory.open();
        QVERIFY(notSocket.wait(5000));
        QVERIFY2(notSocket.first().at(1).toString().contains(QLatin1String("is a directory, not a Unix socket")),
                 qPrintable(notSocket.first().at(1).toString()));
    }

    // --sni: the name sent and checked is the one given, not the host connected to (the
    // certificate names localhost and 127.0.0.1).
    void tlsServerNameIsTheOneChecked()
    {
        QTemporaryDir dir;
        TestRedis redis;
        QVERIFY(redis.startTls(dir.path()));
        ConnectionOptions o = redis.options();
        o.serverName = QStringLiteral("localhost");
        RedisConnection named(o);
        named.open();
        QVERIFY(call(named, {"PING"}).isStatus("PONG"));

        o.serverName = QStringLiteral("redis.elsewhere.example");
        RedisConnection elsewhere(o);
        QSignalSpy errors(&elsewhere, &RedisConnection::errorOccurred);
        elsewhere.open();
        QVERIFY(errors.wait(5000));
        QCOMPARE(errors.first().at(0).value<RedisConnection::ErrorKind>(), RedisConnection::ErrorKind::Tls);
        QVERIFY2(errors.first().at(1).toString().contains(QLatin1String("host name did not match")),
                 qPrintable(errors.first().at(1).toString()));
    }

    // A file that cannot be used is one error that names it, before any connection is
    // attempted (nothing reaches the port), and it is not retried.
    void unusableTlsFilesAreOneErrorBeforeConnecting_data()
    {
        QTest::addColumn<QString>("ca");
        QTest::addColumn<QString>("cert");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QByteArray>("passphrase");
        QTest::addColumn<QString>("message"); // %1: the fixture's directory
        const QString none;
        QTest::newRow("missing CA") << "nope.crt" << none << none << QByteArray() << "the CA file %1/nope.crt does not exist";
        QTest::newRow("empty CA") << "empty.crt" << none << none << QByteArray() << "the CA file %1/empty.crt is empty";
        QTest::newRow("CA not PEM") << "notes.txt" << none << none << QByteArray()
                                    << "the CA file %1/notes.txt is not a PEM certificate file (no \"-----BEGIN CERTIFICATE-----\" line)";
        QTest::newRow("CA is a key") << "server.key" << none << none << QByteArray() << "the CA file %1/server.key holds a private key, not a certificate";
        QTest::newRow("CA damaged") << "damaged.crt" << none << none << QByteArray()
                                    << "the CA file %1/damaged.crt: its certificate is damaged and cannot be read";
        QTest::newRow("CA chain, one damaged") << "chain-damaged.crt" << none << none << QByteArray()
                                               << "the CA file %1/chain-damaged.crt: 1 of its 2 certificates are damaged and cannot be read";
        QTest::newRow("CA directory without certificates") << "emptydir" << none << none << QByteArray()
                                                           << "the CA directory %1/emptydir holds no readable PEM certificate";
        QTest::newRow("missing certificate") << "ca.crt" << "nope.crt" << "server.key" << QByteArray()
                                             << "the certificate file %1/nope.crt does not exist";
        QTest::newRow("certificate is a directory") << "ca.crt" << "cadir" << "server.key" << QByteArray()
                                                    << "the certificate file %1/cadir is a directory, not a file";
        QTest::newRow("certificate is a key") << "ca.crt" << "server.key" << "server.key" << QByteArray()
                                              << "the certificate file %1/server.key holds a private key, not a certificate";
        QTest::newRow("missing key") << "ca.crt" << "server.crt" << "nope.key" << QByteArray() << "the key file %1/nope.key does not exist";
        QTest::newRow("key is a certificate") << "ca.crt" << "server.crt" << "server.crt" << QByteArray()
                                              << "the key file %1/server.crt holds a certificate, not a private key";
        QTest::newRow("key not PEM") << "ca.crt" << "server.crt" << "notes.txt" << QByteArray()
                                     << "the key file %1/notes.txt is not a PEM private key (no \"-----BEGIN … PRIVATE KEY-----\" line)";
        QTest::newRow("encrypted key") << "ca.crt" << "server.crt" << "encrypted.key" << QByteArray()
                                       << "the key file %1/encrypted.key is encrypted and no passphrase was given: decrypt it "
                                          "(openssl pkey -in FILE -out PLAIN) or give its passphrase";
        QTest::newRow("encrypted key, traditional") << "ca.crt" << "server.crt" << "encrypted-traditional.key" << QByteArray()
                                                    << "the key file %1/encrypted-traditional.key is encrypted and no passphrase was given: "
                                                       "decrypt it (openssl pkey -in FILE -out PLAIN) or give its passphrase";
        QTest::newRow("wrong passphrase") << "ca.crt" << "server.crt" << "encrypted.key" << QByteArray("wrong")
                                          << "the passphrase for the key file %1/encrypted.key is wrong";
        QTest::newRow("another RSA key") << "ca.crt" << "server.crt" << "other.key" << QByteArray()
                                         << "the key file %1/other.key does not belong to the certificate in %1/server.crt";
        QTest::newRow("another EC key") << "ca.crt" << "ec.crt" << "ec-other.key" << QByteArray()
                                        << "the key file %1/ec-other.key does not belong to the certificate in %1/ec.crt";
        QTest::newRow("EC key for an RSA certificate") << "ca.crt" << "server.crt" << "ec.key" << QByteArray()
                                                       << "the key file %1/ec.key does not belong to the certificate in %1/server.crt";
        QTest::newRow("certificate without key") << "ca.crt" << "server.crt" << none << QByteArray()
                                                 << "the client certificate %1/server.crt comes without its private key";
    }

    void unusableTlsFilesAreOneErrorBeforeConnecting()
    {
        QFETCH(QString, ca);
        QFETCH(QString, cert);
        QFETCH(QString, key);
        QFETCH(QByteArray, passphrase);
        QFETCH(QString, message);
        TlsFixture *files = tls();
        QVERIFY(files);
        QTcpServer listener; // where the connection would go: it must never arrive
        QVERIFY(listener.listen(QHostAddress::LocalHost, 0));
        ConnectionOptions o = files->redis.options();
        o.port = listener.serverPort();
        o.caCertFile = ca.isEmpty() ? QString() : files->path(ca);
        o.certFile = cert.isEmpty() ? QString() : files->path(cert);
        o.keyFile = key.isEmpty() ? QString() : files->path(key);
        o.keyPassphrase = passphrase;
        RedisConnection c(o);
        QSignalSpy errors(&c, &RedisConnection::errorOccurred);
        c.open();
        QCOMPARE(errors.size(), 0); // reported through the event loop, as every failure is
        const RedisReply queued = call(c, {"PING"});
        QVERIFY(queued.isError());
        QCOMPARE(errors.size(), 1);
        QCOMPARE(errors.first().at(0).value<RedisConnection::ErrorKind>(), RedisConnection::ErrorKind::Tls);
        QCOMPARE(errors.first().at(1).toString(), QStringLiteral("Cannot use TLS with 127.0.0.1:%1: ").arg(o.port) + message.arg(files->dir.path()));
        QCOMPARE(c.state(), RedisConnection::State::Disconnected);
        QTest::qWait(700); // longer than the first reconnect delay
        QCOMPARE(errors.size(), 1);
        QVERIFY(!listener.hasPendingConnections());
    }

    // What does work: a CA directory, a DER CA file, a client certificate chain with its key
    // (RSA or EC), and an encrypted key with its passphrase.
    void usableTlsFilesConnect_data()
    {
        QTest::addColumn<QString>("ca");
        QTest::addColumn<QString>("cert");
        QTest::addColumn<QString>("key");
        QTest::addColumn<QByteArray>("passphrase");
        const QString none;
        QTest::newRow("CA file") << "ca.crt" << none << none << QByteArray();
        QTest::newRow("CA directory") << "cadir" << none << none << QByteArray();
        QTest::newRow("DER CA file") << "ca.der" << none << none << QByteArray();
        QTest::newRow("RSA client certificate") << "ca.crt" << "server.crt" << "server.key" << QByteArray();
        QTest::newRow("EC client certificate") << "ca.crt" << "ec.crt" << "ec.key" << QByteArray();
        QTest::newRow("encrypted key with its passphrase") << "ca.crt" << "server.crt" << "encrypted.key" << QByteArray("secret");
    }

    void usableTlsFilesConnect()
    {
        QFETCH(QString, ca);
        QFETCH(QString, cert);
        QFETCH(QString, key);
        QFETCH(QByteArray, passphrase);
        TlsFixture *files = tls();
        QVERIFY(files);
        ConnectionOptions o = files->redis.options();
        o.caCertFile = files->path(ca);
        o.certFile = cert.isEmpty() ? QString() : files->path(cert);
        o.keyFile = key.isEmpty() ? QString() : files->path(key);
        o.keyPassphrase = passphrase;
        RedisConnection c(o);
        QSignalSpy errors(&c, &RedisConnection::errorOccurred);
        c.open();
        const RedisReply pong = call(c, {"PING"});
        QVERIFY2(pong.isStatus("PONG"), qPrintable(errors.isEmpty() ? pong.errorMessage() : errors.first().at(1).toString()));
    }

    // rediss:// to a plain-text Redis: the server reads the ClientHello as an inline command
    // that never ends and says nothing, so the handshake would wait for the connect timeout
    // and call it "No answer". It is found out quickly and named instead.
    void tlsToAPlainTextPortSaysSo_data()
    {
        QTest::addColumn<QStringList>("serverArguments");
        QTest::newRow("open server") << QStringList();
        QTest::newRow("server asking for a password") << QStringList{QStringLiteral("--requirepass"), QStringLiteral("pw")};
    }

    void tlsToAPlainTextPortSaysSo()
    {
        QFETCH(QStringList, serverArguments);
        TestRedis redis;
        QVERIFY(redis.start(serverArguments));
        ConnectionOptions o = redis.options();
        o.tls = true;
        o.connectTimeoutMs = 5000;
        RedisConnection c(o);
        QSignalSpy errors(&c, &RedisConnection::errorOccurred);
        QElapsedTimer t;
        t.start();
        c.open();
        QVERIFY(errors.wait(5000));
        QVERIFY2(t.elapsed() < 2000, qPrintable(QString::number(t.elapsed())));
        QCOMPARE(errors.first().at(0).value<RedisConnection::ErrorKind>(), RedisConnection::ErrorKind::Tls);
        QCOMPARE(errors.first().at(1).toString(),
                 QStringLiteral("127.0.0.1:%1 answered in plain text: it is not a TLS port; connect without TLS "
                                "(no --tls, redis:// rather than rediss://)").arg(redis.port()));
        QCOMPARE(c.state(), RedisConnection::State::Disconnected); // retrying cannot fix it
        QTest::qWait(700);
        QCOMPARE(errors.size(), 1);
    }

    // The other way round: a TLS port drops a plain-text client without a word.
    void plainTextToATlsPortHintsAtTls()
    {
        TlsFixture *files = tls();
        QVERIFY(files);
        ConnectionOptions o = files->redis.options();
        o.tls = false;
        RedisConnection c(o);
        QSignalSpy errors(&c, &RedisConnection::errorOccurred);
        c.open();
        QVERIFY(errors.wait(5000));
        QCOMPARE(errors.first().at(1).toString(),
                 QStringLiteral("127.0.0.1:%1 closed the connection during the handshake: if it is a TLS port, "
                                "connect with TLS (--tls, or rediss://)").arg(o.port));
    }

    // The probe is only for a handshake that hangs: a TLS server that answers at once is
    // never asked anything in plain text.
    void tlsServerIsNotProbed()
    {
        TlsFixture *files = tls();
        QVERIFY(files);
        auto connectionsReceived = [files] {
            const QByteArray info = files->redis.command({"INFO", "stats"}).bytes();
            const QByteArray field = "total_connections_received:";
            const qsizetype at = info.indexOf(field) + field.size();
            return info.mid(at, info.indexOf('\r', at) - at).toLongLong();
        };
        const qint64 before = connectionsReceived();
        RedisConnection c(files->redis.options());
        c.open();
        QVERIFY(call(c, {"PING"}).isStatus("PONG"));
        QTest::qWait(700);
        const qint64 received = connectionsReceived() - before;
        QCOMPARE(received, qint64(1));
    }

    void monitorStreamsCommands()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        RedisConnection monitor(redis.options());
        QSignalSpy lines(&monitor, &RedisConnection::monitorLine);
        bool started = false;
        monitor.open();
        monitor.monitor(this, [&started](const RedisReply &reply) { started = reply.isStatus("OK"); });
        QTRY_VERIFY(started);
        QVERIFY(monitor.isMonitoring());
        redis.command({"SET", "lock:m", QByteArray("a\"b\xff", 4), "NX", "PX", "5000"});
        QTRY_VERIFY(!lines.isEmpty());
        bool seen = false;
        for (const QList<QVariant> &args : std::as_const(lines))
            seen = seen || args.at(0).toByteArray().contains("\"SET\" \"lock:m\" \"a\\\"b\\xff\" \"NX\" \"PX\" \"5000\"");
        QVERIFY2(seen, lines.first().at(0).toByteArray().constData());
        monitor.close();
        QVERIFY(!monitor.isMonitoring());
    }

    void scriptFallsBackToEvalAfterFlush()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        RedisConnection c(redis.options());
        c.open();
        const LuaScript script(QStringLiteral("echo"), "return ARGV[1]");
        auto run = [&](const QByteArray &arg) {
            RedisReply got;
            script.run(&c, {}, {arg}, nullptr, [&](const RedisReply &r) { got = r; });
            (void)QTest::qWaitFor([&] { return !got.isNil(); }, 5000);
            return got.bytes();
        };
        QCOMPARE(run("first"), QByteArray("first"));   // unknown SHA: NOSCRIPT, then EVAL
        QCOMPARE(redis.calls("eval"), qint64(1));
        QCOMPARE(run("second"), QByteArray("second")); // cached: EVALSHA alone
        QCOMPARE(redis.calls("evalsha"), qint64(1));
        QCOMPARE(redis.calls("eval"), qint64(1));
        QVERIFY(redis.command({"SCRIPT", "FLUSH"}).isStatus("OK"));
        QCOMPARE(run("third"), QByteArray("third"));   // flushed: falls back again
        QCOMPARE(redis.calls("eval"), qint64(2));
    }
};

QTEST_GUILESS_MAIN(TestRedisConnection)
#include "tst_redisconnection.moc"
