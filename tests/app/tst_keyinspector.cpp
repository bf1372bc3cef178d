#include "keyinspector.h"
#include "testredis.h"

#include <QSignalSpy>
#include <QTest>

// KeyInspector against a real server: every read bounded, every key with a status.
class TestKeyInspector : public QObject
{
    Q_OBJECT

private:
    static constexpr int valueCap = 4096;
    static constexpr int elementCap = 64;

    static QList<KeySample> inspect(RedisConnection &connection, const QList<QByteArray> &keys, QString *error = nullptr,
                                    const QList<RedisType> &hints = {})
    {
        KeyInspector inspector(&connection);
        inspector.setCaps(valueCap, elementCap);
        QList<KeySample> result;
        bool done = false;
        inspector.inspect(keys, nullptr, [&](const QList<KeySample> &samples, const QString &e) {
            result = samples;
            if (error)
                *error = e;
            done = true;
        }, hints);
        if (!QTest::qWaitFor([&done] { return done; }, 10000))
            qWarning("no answer");
        return result;
    }

    static qint64 statsField(TestRedis &redis, const QByteArray &section, const QByteArray &field)
    {
        for (const QByteArray &line : redis.command({"INFO", section}).bytes().split('\n'))
            if (line.startsWith(field + ':'))
                return line.mid(field.size() + 1).trimmed().toLongLong();
        return -1;
    }

    // Bytes the server sent to all its clients while read ran.
    template<typename F>
    static qint64 bytesSent(TestRedis &redis, F read)
    {
        const qint64 before = statsField(redis, "stats", "total_net_output_bytes");
        read();
        return statsField(redis, "stats", "total_net_output_bytes") - before;
    }

private Q_SLOTS:
    // Keys of every shape: what comes back, and what it cost the server to send.
    void boundedWhateverTheSize_data()
    {
        QTest::addColumn<QList<QByteArray>>("setup");   // one command, run through redis-cli's
        QTest::addColumn<int>("type");                  // RedisType
        QTest::addColumn<qint64>("size");
        QTest::addColumn<int>("entries");
        QTest::addColumn<bool>("truncated");
        QTest::addColumn<qint64>("maxBytesSent");

        const QByteArray big(10 * 1024 * 1024, 'x');
        QTest::newRow("short string") << QList<QByteArray>{"SET", "k", "token-1"} << int(RedisType::String) << qint64(7) << 0 << false
                                      << qint64(2000);
        QTest::newRow("10 MB string") << QList<QByteArray>{"SET", "k", big} << int(RedisType::String) << qint64(big.size()) << 0
                                      << true << qint64(valueCap + 2000);
        QTest::newRow("small hash") << QList<QByteArray>{"HSET", "k", "a:1", "1", "b:2", "2"} << int(RedisType::Hash) << qint64(2) << 2
                                    << false << qint64(2000);
        QTest::newRow("hash with a 10 MB value") << QList<QByteArray>{"HSET", "k", "a:1", "1", "big", big} << int(RedisType::Hash)
                                                << qint64(2) << 2 << true << qint64(2000);
        QTest::newRow("set with a 10 MB member") << QList<QByteArray>{"SADD", "k", "m1", big} << int(RedisType::Set) << qint64(2) << 2
                                                 << true << qint64(valueCap + 2000);
        QTest::newRow("zset") << QList<QByteArray>{"ZADD", "k", "1", "a", "2", "b"} << int(RedisType::ZSet) << qint64(2) << 2 << false
                              << qint64(2000);
        QTest::newRow("list") << QList<QByteArray>{"RPUSH", "k", "a", "b", "c"} << int(RedisType::List) << qint64(3) << 3 << false
                              << qint64(2000);
    }

    void boundedWhateverTheSize()
    {
        QFETCH(QList<QByteArray>, setup);
        QFETCH(qint64, maxBytesSent);
        TestRedis redis;
        QVERIFY(redis.start());
        QVERIFY(!redis.command(setup).isError());
        RedisConnection connection(redis.options());
        connection.open();
        QTRY_VERIFY(connection.isReady());
        QList<KeySample> samples;
        const qint64 sent = bytesSent(redis, [&] { samples = inspect(connection, {"k"}); });
        QCOMPARE(samples.size(), 1);
        const KeySample &s = samples.first();
        QCOMPARE(s.status, ObservationStatus::Ok);
        QTEST(int(s.type), "type");
        QTEST(s.size, "size");
        QTEST(int(s.entries.size()), "entries");
        QTEST(s.truncated, "truncated");
        QVERIFY(s.pttlMs == -1);
        QVERIFY(s.value.size() <= valueCap);
        for (const KeySample::Entry &e : s.entries)
            QVERIFY(e.first.size() <= valueCap && e.second.size() <= valueCap);
        QVERIFY2(sent <= maxBytesSent, qPrintable(QString::number(sent)));
    }

    void aHugeCollectionCostsWhatASmallOneDoes()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        // 200k fields, written in a script so the test does not spend its time on it.
        redis.command({"EVAL", "for i = 1, 200000 do redis.call('HSET', KEYS[1], 'f' .. i, i) end", "1", "big"});
        redis.command({"HSET", "small", "uuid-a:1", "1"});
        RedisConnection connection(redis.options());
        connection.open();
        QTRY_VERIFY(connection.isReady());
        QList<KeySample> samples;
        redis.command({"CONFIG", "RESETSTAT"});
        const qint64 sent = bytesSent(redis, [&] { samples = inspect(connection, {"big", "small"}); });
        QCOMPARE(samples.at(0).size, qint64(200000));
        QCOMPARE(samples.at(0).entries.size(), qsizetype(elementCap));
        QVERIFY(samples.at(0).truncated);
        QCOMPARE(samples.at(1).entries.size(), qsizetype(1));
        QVERIFY(!samples.at(1).truncated);
        QVERIFY2(sent < 8000, qPrintable(QString::number(sent))); // 64 short fields, not 200k
        // The server's work is bounded too: the script looked at 64 fields of the big hash, not
        // at 200k, and took the small one whole (commands a script runs count in commandstats).
        QCOMPARE(redis.calls("hstrlen"), qint64(elementCap));
        QCOMPARE(redis.calls("hget"), qint64(elementCap));
        QCOMPARE(redis.calls("hgetall"), qint64(1));
    }

    // A hash too big to read whole is read in the same part every time while it does not
    // change (a watch must not see holders come and go), and with its mode field, which says
    // what it is, whichever part that is.
    void aPartReadHashIsTheSamePartEachTime()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        redis.command({"EVAL", "for i = 1, 100 do redis.call('HSET', KEYS[1], 'reader-' .. i, 1) end "
                               "redis.call('HSET', KEYS[1], 'mode', 'read')", "1", "rw"});
        RedisConnection connection(redis.options());
        connection.open();
        QTRY_VERIFY(connection.isReady());
        const KeySample first = inspect(connection, {"rw"}).value(0);
        QCOMPARE(first.size, qint64(101));
        QCOMPARE(first.entries.size(), qsizetype(elementCap));
        QVERIFY(first.truncated);
        QVERIFY(std::any_of(first.entries.cbegin(), first.entries.cend(), [](const KeySample::Entry &e) {
            return e.first == "mode" && e.second == "read";
        }));
        for (int i = 0; i < 5; ++i)
            QCOMPARE(inspect(connection, {"rw"}).value(0).entries, first.entries);
    }

    void everyKeyGetsAStatus()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        redis.command({"SET", "lock:a", "t"});
        redis.command({"HSET", "lock:h", "uuid:1", "1"});
        // An ACL user who may read lock:a and lock:h but not lock:secret.
        redis.command({"SET", "lock:secret", "s"});
        redis.command({"ACL", "SETUSER", "reader", "on", ">pw", "~lock:a", "~lock:h", "~lock:gone", "+@all"});
        ConnectionOptions o = redis.options();
        o.user = QStringLiteral("reader");
        o.password = QStringLiteral("pw");
        RedisConnection connection(o);
        connection.open();
        QTRY_VERIFY(connection.isReady());
        QString error;
        const QList<KeySample> s = inspect(connection, {"lock:a", "lock:h", "lock:gone", "lock:secret"}, &error);
        QCOMPARE(s.size(), 4);
        QVERIFY(error.isEmpty()); // not all of them failed
        QCOMPARE(s.at(0).status, ObservationStatus::Ok);
        QCOMPARE(s.at(0).value, QByteArray("t"));
        QCOMPARE(s.at(1).status, ObservationStatus::Ok);
        QCOMPARE(s.at(1).type, RedisType::Hash);
        QCOMPARE(s.at(2).status, ObservationStatus::Vanished);
        QCOMPARE(s.at(3).status, ObservationStatus::Failed);
        QVERIFY2(s.at(3).error.contains(QLatin1String("NOPERM")), qPrintable(s.at(3).error));
        QCOMPARE(s.at(3).type, RedisType::None); // never data
    }

    void aLostConnectionFailsEveryReadNeverTurnsThemIntoData()
    {
        TestRedis redis;
        QVERIFY(redis.start({QStringLiteral("--enable-debug-command"), QStringLiteral("yes")}));
        redis.command({"HSET", "lock:h", "uuid:1", "1"});
        redis.command({"SET", "lock:s", "t"});
        ConnectionOptions o = redis.options();
        o.autoReconnect = false;
        RedisConnection connection(o);
        connection.open();
        QTRY_VERIFY(connection.isReady());
        // The server goes away while the reads are on their way.
        KeyInspector inspector(&connection);
        QList<KeySample> samples;
        QString error;
        bool done = false;
        inspector.inspect({"lock:h", "lock:s"}, nullptr, [&](const QList<KeySample> &s, const QString &e) {
            samples = s;
            error = e;
            done = true;
        });
        redis.kill();
        QTRY_VERIFY(done);
        if (samples.at(0).status == ObservationStatus::Ok)
            QSKIP("the reads were answered before the server went");
        for (const KeySample &s : std::as_const(samples)) {
            QCOMPARE(s.status, ObservationStatus::Failed);
            QCOMPARE(s.type, RedisType::None);
            QVERIFY(!s.error.isEmpty());
        }
        QVERIFY(!error.isEmpty());
    }

    void withoutScriptingPlainReadsStandIn()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        redis.command({"HSET", "lock:h", "uuid-a:1", "1", "uuid-b:1", "2"});
        redis.command({"SADD", "lock:s", "m1", "m2"});
        redis.command({"ACL", "SETUSER", "noscript", "on", ">pw", "~*", "+@all", "-@scripting"});
        ConnectionOptions o = redis.options();
        o.user = QStringLiteral("noscript");
        o.password = QStringLiteral("pw");
        RedisConnection connection(o);
        connection.open();
        QTRY_VERIFY(connection.isReady());
        KeyInspector inspector(&connection);
        QList<KeySample> s;
        inspector.inspect({"lock:h", "lock:s"}, nullptr, [&s](const QList<KeySample> &samples, const QString &) { s = samples; });
        QTRY_COMPARE(s.size(), 2);
        QVERIFY(inspector.scriptsRefused());
        QCOMPARE(s.at(0).status, ObservationStatus::Ok);
        QCOMPARE(s.at(0).type, RedisType::Hash);
        QCOMPARE(s.at(0).entries.size(), qsizetype(2));
        QCOMPARE(s.at(1).type, RedisType::Set);
        QCOMPARE(s.at(1).entries.size(), qsizetype(2));
        QVERIFY(!s.at(0).truncated);
    }

    void aFlushedScriptIsLoadedAgain()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        redis.command({"HSET", "lock:h", "uuid-a:1", "1"});
        RedisConnection connection(redis.options());
        connection.open();
        QTRY_VERIFY(connection.isReady());
        KeyInspector inspector(&connection);
        QList<KeySample> s;
        inspector.inspect({"lock:h"}, nullptr, [&s](const QList<KeySample> &samples, const QString &) { s = samples; });
        QTRY_COMPARE(s.size(), 1);
        QCOMPARE(s.first().status, ObservationStatus::Ok);
        redis.command({"SCRIPT", "FLUSH"});
        s.clear();
        inspector.inspect({"lock:h"}, nullptr, [&s](const QList<KeySample> &samples, const QString &) { s = samples; },
                          {RedisType::Hash});
        QTRY_COMPARE(s.size(), 1);
        QCOMPARE(s.first().status, ObservationStatus::Ok);
        QCOMPARE(s.first().entries.size(), qsizetype(1));
    }

    void aKnownCollectionTakesOneRoundTrip()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        redis.command({"HSET", "lock:h", "uuid-a:1", "1"});
        redis.command({"PEXPIRE", "lock:h", "60000"});
        RedisConnection connection(redis.options());
        connection.open();
        QTRY_VERIFY(connection.isReady());
        KeyInspector inspector(&connection);
        QList<KeySample> s;
        inspector.inspect({"lock:h"}, nullptr, [&s](const QList<KeySample> &samples, const QString &) { s = samples; });
        QTRY_COMPARE(s.size(), 1); // unknown type: PTTL + GETRANGE, then the script
        redis.command({"CONFIG", "RESETSTAT"});
        s.clear();
        inspector.inspect({"lock:h"}, nullptr, [&s](const QList<KeySample> &samples, const QString &) { s = samples; },
                          {RedisType::Hash});
        QTRY_COMPARE(s.size(), 1);
        QCOMPARE(s.first().status, ObservationStatus::Ok);
        QVERIFY(s.first().pttlMs > 0 && s.first().pttlMs <= 60000);
        // One EVALSHA (its PTTL and reads count inside it); no plain first round.
        QCOMPARE(redis.calls("evalsha"), qint64(1));
        QCOMPARE(redis.calls("getrange"), qint64(0));
        QCOMPARE(redis.calls("pttl"), qint64(1));
    }
};

QTEST_GUILESS_MAIN(TestKeyInspector)
#include "tst_keyinspector.moc"
