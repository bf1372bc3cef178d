#include "luascript.h"
#include "redisconnection.h"
#include "testredis.h"

#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

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
} // namespace

class TestRedisConnection : public QObject
{
    Q_OBJECT

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
        QVERIFY2(errors.first().at(1).toString().contains(QLatin1String("No answer")), qPrintable(errors.first().at(1).toString()));
    }

    void commandTimeout()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        ConnectionOptions o = redis.options();
        o.commandTimeoutMs = 300;
        o.autoReconnect = false;
        RedisConnection c(o);
        c.open();
        QTRY_VERIFY(c.isReady());
        // An error from Redis itself is the server's.
        redis.command({"RPUSH", "list", "x"});
        QCOMPARE(call(c, {"GET", "list"}).origin(), RedisReply::Origin::Server);
        QVERIFY(redis.command({"CLIENT", "PAUSE", "3000", "ALL"}).isStatus("OK"));
        QSignalSpy errors(&c, &RedisConnection::errorOccurred);
        const RedisReply r = call(c, {"GET", "x"});
        QVERIFY(r.isError());
        QVERIFY2(r.errorMessage().contains(QLatin1String("did not answer GET")), qPrintable(r.errorMessage()));
        // Written, then no answer: it may have run.
        QCOMPARE(r.origin(), RedisReply::Origin::Unanswered);
        QCOMPARE(errors.size(), 1);
        QCOMPARE(errors.first().at(0).value<RedisConnection::ErrorKind>(), RedisConnection::ErrorKind::Timeout);
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

    void pubSubMessages()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        RedisConnection subscriber(redis.options());
        QSignalSpy messages(&subscriber, &RedisConnection::messageReceived);
        subscriber.subscribe({"redisson_lock__channel:{orders}"});
        subscriber.psubscribe({"__keyspace@0__:lock:*"});
        subscriber.open();
        QTRY_COMPARE_WITH_TIMEOUT(redis.command({"PUBSUB", "NUMSUB", "redisson_lock__channel:{orders}"}).at(1).integer(), qint64(1), 5000);
        QCOMPARE(redis.command({"PUBLISH", "redisson_lock__channel:{orders}", "0"}).integer(), qint64(1));
        QTRY_COMPARE(messages.size(), 1);
        QCOMPARE(messages.first().at(0).toByteArray(), QByteArray("redisson_lock__channel:{orders}"));
        QCOMPARE(messages.first().at(1).toByteArray(), QByteArray("0"));
        QVERIFY(messages.first().at(2).toByteArray().isEmpty());
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
