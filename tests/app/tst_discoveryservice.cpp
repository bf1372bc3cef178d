#include "servertopology.h"
#include "dialectregistry.h"
#include "discoveryservice.h"
#include "keyinspector.h"
#include "testredis.h"

#include <QSignalSpy>
#include <QTest>

namespace {
QHash<QByteArray, LockInfo> collect(DiscoveryService &discovery, QString *failure = nullptr)
{
    QHash<QByteArray, LockInfo> found;
    QObject guard;
    QObject::connect(&discovery, &DiscoveryService::locksFound, &guard, [&](const QList<LockInfo> &locks) {
        for (const LockInfo &l : locks)
            found.insert(l.key(), l);
    });
    QSignalSpy finished(&discovery, &DiscoveryService::finished);
    QSignalSpy failed(&discovery, &DiscoveryService::failed);
    discovery.start();
    (void)QTest::qWaitFor([&] { return !finished.isEmpty() || !failed.isEmpty(); }, 60000);
    if (failure && !failed.isEmpty())
        *failure = failed.first().at(0).toString();
    return found;
}

void seed(TestRedis &redis)
{
    const QByteArray uuid = "8743c9c0-0795-4907-87fd-6c719a6b4586";
    redis.command({"SET", "lock:orders", uuid, "PX", "60000"});
    redis.command({"SET", "lock:bin", QByteArray("\x00\xff\x80", 3), "PX", "60000"});
    redis.command({"SET", "lock:stuck", uuid});
    redis.command({"HSET", "orderLock", uuid + ":57", "2"});
    redis.command({"PEXPIRE", "orderLock", "30000"});
    redis.command({"RPUSH", "redisson_lock_queue:{orderLock}", uuid + ":58"});
    redis.command({"HSET", "user:1", "name", "Ada"});
    redis.command({"SET", "session:abc", "x"});
    redis.command({"SET", "counter", "5"});
    redis.command({"SET", "lock:huge", QByteArray(10 * 1024 * 1024, 'h')});
}
} // namespace

class TestDiscoveryService : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void findsLocksNotDataOrSideKeys()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        seed(redis);
        ServerTopology connection(redis.options());
        connection.open();
        const DialectRegistry registry;
        DiscoveryService discovery(&connection, &registry);
        QString failure;
        const QHash<QByteArray, LockInfo> found = collect(discovery, &failure);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        QCOMPARE(QSet<QByteArray>(found.keyBegin(), found.keyEnd()),
                 (QSet<QByteArray>{"lock:orders", "lock:bin", "lock:stuck", "orderLock", "lock:huge"}));
        QCOMPARE(found.value("lock:orders").dialect, QStringLiteral("plain"));
        QCOMPARE(found.value("lock:bin").primaryToken(), QByteArray("\x00\xff\x80", 3));
        // The queue beside the hash makes it a fair lock, and its length the waiters.
        QCOMPARE(found.value("orderLock").dialect, QStringLiteral("redisson-fair-lock"));
        QCOMPARE(found.value("orderLock").waiters, 1);
        QCOMPARE(found.value("lock:orders").waiters, LockInfo::waitersUnknown);
        QCOMPARE(found.value("orderLock").holdCount(), qint64(2));
        QVERIFY(found.value("lock:stuck").warnings.contains(QStringLiteral("no-ttl")));
        QVERIFY(found.value("lock:orders").sample.pttlMs > 50000);

        // The 10 MB value was sized, not pulled.
        const LockInfo huge = found.value("lock:huge");
        QCOMPARE(huge.dialect, QStringLiteral("unknown"));
        QCOMPARE(huge.sample.size, qint64(10 * 1024 * 1024));
        QCOMPARE(huge.sample.value.size(), qsizetype(discovery.options().valueCap));
        QVERIFY(huge.warnings.contains(QStringLiteral("value-truncated")));

        QCOMPARE(discovery.progress().keysScanned, qint64(9));
        QCOMPARE(discovery.progress().percent(), 100);
        QCOMPARE(redis.calls("keys"), qint64(0));
        QVERIFY(redis.calls("scan") >= 1);
    }

    void inspectsInBatchesNotPerKey()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        redis.command({"EVAL", "for i=1,3000 do redis.call('SET','lock:job:'..i,'t'..i,'PX',60000) end "
                               "for i=1,3000 do redis.call('SET','data:'..i,'x') end", "0"});
        redis.command({"CONFIG", "RESETSTAT"});
        ServerTopology connection(redis.options());
        connection.open();
        const DialectRegistry registry;
        DiscoveryService discovery(&connection, &registry);
        DiscoveryOptions options;
        options.inspectBatch = 500;
        discovery.setOptions(options);
        const QHash<QByteArray, LockInfo> found = collect(discovery);
        QCOMPARE(found.size(), 3000);
        // Short string locks take exactly two commands each, and nothing else per key.
        QCOMPARE(redis.calls("pttl"), qint64(3000));
        QCOMPARE(redis.calls("getrange"), qint64(3000));
        QCOMPARE(redis.calls("type") + redis.calls("get") + redis.calls("strlen"), qint64(0));
        QCOMPARE(redis.calls("keys"), qint64(0));
    }

    // A batch goes out as one pipeline: every command is in flight before any reply is read.
    void batchIsOneRoundTrip()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        RedisConnection connection(redis.options());
        connection.open();
        QTRY_VERIFY(connection.isReady());
        QList<QByteArray> keys;
        for (int i = 0; i < 1000; ++i)
            keys << "lock:" + QByteArray::number(i);
        KeyInspector inspector(&connection);
        bool done = false;
        inspector.inspect(keys, nullptr, [&](const QList<KeySample> &samples, const QString &) { done = samples.size() == 1000; });
        QCOMPARE(connection.pendingCount(), qsizetype(2000));
        QTRY_VERIFY(done);
    }

    void needsNoScriptingPermission()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        seed(redis);
        QVERIFY(redis.command({"ACL", "SETUSER", "viewer", "on", ">pw", "~*", "+@all", "-@scripting"}).isStatus("OK"));
        ConnectionOptions o = redis.options();
        o.user = QStringLiteral("viewer");
        o.password = QStringLiteral("pw");
        ServerTopology connection(o);
        connection.open();
        const DialectRegistry registry;
        DiscoveryService discovery(&connection, &registry);
        QString failure;
        const QHash<QByteArray, LockInfo> found = collect(discovery, &failure);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        QCOMPARE(found.size(), 5);
        QCOMPARE(found.value("orderLock").holdCount(), qint64(2));
        QCOMPARE(found.value("lock:bin").primaryToken(), QByteArray("\x00\xff\x80", 3));
        QCOMPARE(found.value("lock:huge").sample.value.size(), qsizetype(discovery.options().valueCap));
        QVERIFY(found.value("lock:huge").sample.truncated);
    }

    // An ACL that lets the user read a Redisson lock but not the fair queue beside it: the
    // waiters are unknown and that is said, never guessed as none.
    void anUnreadableQueueLeavesTheWaitersUnknown()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        seed(redis);
        QVERIFY(redis.command({"ACL", "SETUSER", "narrow", "on", ">pw", "~lock:*", "~orderLock", "+@all"}).isStatus("OK"));
        ConnectionOptions o = redis.options();
        o.user = QStringLiteral("narrow");
        o.password = QStringLiteral("pw");
        ServerTopology connection(o);
        connection.open();
        const DialectRegistry registry;
        DiscoveryService discovery(&connection, &registry);
        QString failure;
        const QHash<QByteArray, LockInfo> found = collect(discovery, &failure);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        const LockInfo lock = found.value("orderLock");
        QCOMPARE(lock.holdCount(), qint64(2));
        QCOMPARE(lock.waiters, LockInfo::waitersUnknown);
        QVERIFY2(lock.warnings.contains(QStringLiteral("side-key-unread")), qPrintable(lock.warnings.join(u',')));
        QVERIFY(lock.details.contains(qMakePair(QStringLiteral("unread"), QStringLiteral("redisson_lock_queue:{orderLock}"))));
        // With the queue readable, the same lock has its waiter and no such warning.
        QVERIFY(redis.command({"ACL", "SETUSER", "narrow", "~redisson_lock_queue:*"}).isStatus("OK"));
        const LockInfo again = collect(discovery).value("orderLock");
        QCOMPARE(again.waiters, 1);
        QVERIFY(!again.warnings.contains(QStringLiteral("side-key-unread")));
    }

    void vanishedKeysAreDroppedQuietly()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        redis.command({"SET", "lock:here", "t", "PX", "60000"});
        ServerTopology connection(redis.options());
        connection.open();
        KeyInspector inspector(&connection);
        QList<KeySample> samples;
        inspector.inspect({"lock:here", "lock:gone"}, nullptr, [&](const QList<KeySample> &s, const QString &) { samples = s; });
        QTRY_COMPARE(samples.size(), 2);
        QVERIFY(samples.at(0).exists());
        QVERIFY(!samples.at(1).exists());
        const DialectRegistry registry;
        QVERIFY(!registry.classify(samples.at(1)).has_value());

        // And under load: thousands of locks expiring while the scan runs.
        redis.command({"EVAL", "for i=1,20000 do redis.call('SET','lock:short:'..i,'t','PX',1+(i%200)) end", "0"});
        DiscoveryService discovery(&connection, &registry);
        QString failure;
        const QHash<QByteArray, LockInfo> found = collect(discovery, &failure);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        for (const LockInfo &l : found)
            QVERIFY(l.sample.exists());
    }

    void progressAndCancel()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        redis.command({"EVAL", "for i=1,100000 do redis.call('SET','k:'..i,'x') end", "0"});
        ServerTopology connection(redis.options());
        connection.open();
        const DialectRegistry registry;
        DiscoveryService discovery(&connection, &registry);
        DiscoveryOptions options;
        options.scanCount = 100;
        discovery.setOptions(options);
        QSignalSpy progress(&discovery, &DiscoveryService::progressChanged);
        QSignalSpy cancelled(&discovery, &DiscoveryService::cancelled);
        QSignalSpy finished(&discovery, &DiscoveryService::finished);
        QObject guard;
        connect(&discovery, &DiscoveryService::progressChanged, &guard, [&](const DiscoveryProgress &p) {
            if (p.keysScanned > 0)
                discovery.cancel();
        });
        discovery.start();
        QTRY_COMPARE_WITH_TIMEOUT(cancelled.size(), 1, 10000);
        QVERIFY(!discovery.isRunning());
        const DiscoveryProgress p = cancelled.first().at(0).value<DiscoveryProgress>();
        QVERIFY(p.keysScanned > 0 && p.keysScanned < 100000);
        QCOMPARE(p.keysTotal, qint64(100000));
        QTest::qWait(300); // replies still in flight when cancelled: none finishes the scan
        QCOMPARE(finished.size(), 0);
    }
};

QTEST_GUILESS_MAIN(TestDiscoveryService)
#include "tst_discoveryservice.moc"
