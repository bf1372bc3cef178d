// Every dialect against a real redis-server: the lock is written byte for byte as its library
// writes it, LockScope must find and decode it, refuse to touch it once its holder changed, and
// release it with the library's own side effects (wake-up signals, messages, permit counts).
#include "adminservice.h"
#include "auditlog.h"
#include "dialectregistry.h"
#include "discoveryservice.h"
#include "testredis.h"

#include <QDateTime>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using Commands = QList<QList<QByteArray>>;
using Expectations = QList<QPair<QList<QByteArray>, qint64>>; // command -> integer reply
Q_DECLARE_METATYPE(Commands)
Q_DECLARE_METATYPE(Expectations)

namespace {
const QByteArray u4 = "8743c9c0-0795-4907-87fd-6c719a6b4586";
const QByteArray u4b = "348b69da-9e7c-447f-8826-bfc5e280d663";
const QByteArray uuid1 = "1b4e28ba2d9a11ef9a5c0242ac120002";
const QByteArray uuid1b = "2c5f39cb3e0b11ef8b6d0242ac120003";
const QByteArray permitA = QByteArray::fromHex("00ff10e3a1b2c3d4e5f60718293a4b5c");
const QByteArray permitB = QByteArray::fromHex("11ee21f4b2c3d4e5f60718293a4b5c6d");

QByteArray inMs(qint64 ms)
{
    return QByteArray::number(QDateTime::currentMSecsSinceEpoch() + ms);
}
} // namespace

class TestDialectFixtures : public QObject
{
    Q_OBJECT

private:
    TestRedis m_redis;
    QTemporaryDir m_dir;
    std::unique_ptr<RedisConnection> m_connection;
    std::unique_ptr<AuditLog> m_audit;
    std::unique_ptr<AdminService> m_admin;
    const DialectRegistry m_registry;

    // What the operator sees: a full discovery pass (every key), waiter probes included.
    std::optional<LockInfo> observe(const QByteArray &key)
    {
        DiscoveryService discovery(m_connection.get(), &m_registry);
        DiscoveryOptions options = discovery.options();
        options.patterns = {KeyPattern("*")};
        discovery.setOptions(options);
        std::optional<LockInfo> found;
        connect(&discovery, &DiscoveryService::locksFound, this, [&](const QList<LockInfo> &locks) {
            for (const LockInfo &l : locks)
                if (l.key() == key)
                    found = l;
        });
        QSignalSpy finished(&discovery, &DiscoveryService::finished);
        discovery.start();
        if (!finished.wait(5000))
            return std::nullopt;
        return found;
    }

    AdminResult run(const AdminPlan &plan)
    {
        std::optional<AdminResult> result;
        m_admin->execute(plan, nullptr, [&](const AdminResult &r) { result = r; });
        (void)QTest::qWaitFor([&] { return result.has_value(); }, 5000);
        return result.value_or(AdminResult{AdminResult::Outcome::Failed, QStringLiteral("no result")});
    }

    void runAll(const Commands &commands)
    {
        for (const QList<QByteArray> &c : commands)
            QVERIFY2(!m_redis.command(c).isError(), c.join(' ').constData());
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_redis.start());
        m_connection = std::make_unique<RedisConnection>(m_redis.options());
        m_connection->open();
        QTRY_VERIFY(m_connection->isReady());
        m_audit = std::make_unique<AuditLog>(m_dir.filePath(QStringLiteral("audit.log")));
        m_admin = std::make_unique<AdminService>(m_connection.get(), &m_registry, m_audit.get());
    }

    void init()
    {
        m_redis.command({"FLUSHALL"});
    }

    void releaseIsGuardedAndDoesWhatTheLibraryDoes_data()
    {
        QTest::addColumn<Commands>("create");
        QTest::addColumn<QByteArray>("key");
        QTest::addColumn<QString>("dialect");
        QTest::addColumn<int>("waiters");
        QTest::addColumn<Commands>("steal");       // the holder changes after the look
        QTest::addColumn<Expectations>("after");   // what the release must leave behind

        const Expectations gone{{{"EXISTS", "orders"}, 0}};
        QTest::newRow("redis-py Lock, no timeout") << Commands{{"SET", "orders", uuid1, "NX"}} << QByteArray("orders") << "redis-py" << -1
                                                   << Commands{{"SET", "orders", uuid1b}} << gone;
        QTest::newRow("python-redis-lock") << Commands{{"SET", "lock:report", "OjMP/nemggrmkdcPKJaN5yNN", "NX", "EX", "30"}}
                                           << QByteArray("lock:report") << "python-redis-lock" << -1
                                           << Commands{{"SET", "lock:report", "AAAAAAAAAAAAAAAAAAAAAAAA"}}
                                           << Expectations{{{"EXISTS", "lock:report"}, 0}, {{"LLEN", "lock-signal:report"}, 1}};
        QTest::newRow("Redsync") << Commands{{"SET", "orders", "UCmSeSt6v5RQKlv9k1NSnQ==", "NX", "PX", "8000"}} << QByteArray("orders")
                                 << "redsync" << -1 << Commands{{"SET", "orders", "VCmSeSt6v5RQKlv9k1NSnQ==", "PX", "8000"}} << gone;
        QTest::newRow("node-redlock") << Commands{{"SET", "orders", "fbe243bd8034c5406498dfe459014205", "NX", "PX", "10000"}}
                                      << QByteArray("orders") << "node-redlock" << -1
                                      << Commands{{"SET", "orders", "abe243bd8034c5406498dfe459014205", "PX", "10000"}} << gone;
        QTest::newRow("RedLock.net") << Commands{{"SET", "redlock:orders", u4, "NX", "PX", "30000"}} << QByteArray("redlock:orders")
                                     << "redlock-net" << -1 << Commands{{"SET", "redlock:orders", u4b, "PX", "30000"}}
                                     << Expectations{{{"EXISTS", "redlock:orders"}, 0}};
        QTest::newRow("Spring RedisLockRegistry") << Commands{{"SET", "orders-registry:42", u4, "PX", "60000"}}
                                                  << QByteArray("orders-registry:42") << "spring-lock-registry" << -1
                                                  << Commands{{"SET", "orders-registry:42", u4b, "PX", "60000"}}
                                                  << Expectations{{{"EXISTS", "orders-registry:42"}, 0}};
        QTest::newRow("ShedLock") << Commands{{"SET", "job-lock:default:report", "ADDED:2026-08-21T10:15:30.123Z@web-01:" + u4, "NX", "PX", "60000"}}
                                  << QByteArray("job-lock:default:report") << "shedlock" << -1
                                  << Commands{{"SET", "job-lock:default:report", "ADDED:2026-08-21T10:16:00.001Z@web-02:" + u4b, "PX", "60000"}}
                                  << Expectations{{{"EXISTS", "job-lock:default:report"}, 0}};
        QTest::newRow("Laravel") << Commands{{"SET", "laravel_database_laravel_cache_orders", "Vav9Tum79cAyzyKG", "EX", "30", "NX"}}
                                 << QByteArray("laravel_database_laravel_cache_orders") << "laravel" << -1
                                 << Commands{{"SET", "laravel_database_laravel_cache_orders", "Wav9Tum79cAyzyKG"}}
                                 << Expectations{{{"EXISTS", "laravel_database_laravel_cache_orders"}, 0}};
        QTest::newRow("expiry timestamp") << Commands{{"SET", "lock.orders", inMs(5001), "NX", "PX", "5000"}} << QByteArray("lock.orders")
                                          << "expiry-timestamp" << -1 << Commands{{"SET", "lock.orders", inMs(9001), "PX", "9000"}}
                                          << Expectations{{{"EXISTS", "lock.orders"}, 0}};
        QTest::newRow("Redisson RLock") << Commands{{"HSET", "orders", u4 + ":1", "1"}, {"PEXPIRE", "orders", "30000"}} << QByteArray("orders")
                                        << "redisson-lock" << 0 << Commands{{"DEL", "orders"}, {"HSET", "orders", u4b + ":9", "1"}} << gone;
        QTest::newRow("Redisson FairLock") << Commands{{"HSET", "orders", u4 + ":1", "1"}, {"PEXPIRE", "orders", "30000"},
                                                       {"RPUSH", "redisson_lock_queue:{orders}", u4b + ":9"},
                                                       {"ZADD", "redisson_lock_timeout:{orders}", inMs(300000), u4b + ":9"}}
                                           << QByteArray("orders") << "redisson-fair-lock" << 1
                                           << Commands{{"DEL", "orders"}, {"HSET", "orders", u4b + ":9", "1"}}
                                           << Expectations{{{"EXISTS", "orders"}, 0}, {{"LLEN", "redisson_lock_queue:{orders}"}, 1}};
        QTest::newRow("node-redisson") << Commands{{"HSET", "orders", u4 + ':' + u4b, "1"}, {"PEXPIRE", "orders", "30000"}}
                                       << QByteArray("orders") << "node-redisson" << 0
                                       << Commands{{"DEL", "orders"}, {"HSET", "orders", u4b + ':' + u4, "1"}} << gone;
        QTest::newRow("Redisson ReadWriteLock") << Commands{{"HSET", "rw", "mode", "read", u4 + ":1", "1", u4b + ":2", "1"}, {"PEXPIRE", "rw", "30000"},
                                                            {"SET", "{rw}:" + u4 + ":1:rwlock_timeout:1", "1", "PX", "30000"}}
                                                << QByteArray("rw") << "redisson-rwlock" << 0 << Commands{{"HDEL", "rw", u4 + ":1"}}
                                                << Expectations{{{"EXISTS", "rw"}, 0}};
        QTest::newRow("Redisson PermitExpirableSemaphore")
            << Commands{{"SET", "pool", "1"}, {"ZADD", "{pool}:timeout", inMs(60000), permitA, "922337203685477", permitB}}
            << QByteArray("{pool}:timeout") << "redisson-permit-semaphore" << 0 << Commands{{"ZREM", "{pool}:timeout", permitA}}
            << Expectations{{{"ZCARD", "{pool}:timeout"}, 0}, {{"GET", "pool"}, 3}};
        QTest::newRow("redis-semaphore") << Commands{{"ZADD", "semaphore:pool", inMs(-1000), u4, inMs(0), u4b}, {"PEXPIRE", "semaphore:pool", "10000"}}
                                         << QByteArray("semaphore:pool") << "redis-semaphore" << -1 << Commands{{"ZREM", "semaphore:pool", u4}}
                                         << Expectations{{{"ZCARD", "semaphore:pool"}, 0}};
    }

    void releaseIsGuardedAndDoesWhatTheLibraryDoes()
    {
        QFETCH(Commands, create);
        QFETCH(QByteArray, key);
        QFETCH(Commands, steal);
        QFETCH(Expectations, after);
        runAll(create);
        std::optional<LockInfo> seen = observe(key);
        QVERIFY2(seen, key.constData());
        QTEST(seen->dialect, "dialect");
        QTEST(seen->waiters, "waiters");
        QVERIFY(!seen->holders.isEmpty());
        const QByteArray token = seen->primaryToken();
        if (m_admin->support(AdminAction::Extend, *seen).enabled) {
            runAll(steal);
            const AdminResult extended = run(m_admin->planExtend(*seen, token, 45000));
            QCOMPARE(extended.outcome, AdminResult::Outcome::Refused);
            runAll(create); // back as it was for the release check
            m_redis.command({"FLUSHALL"});
            runAll(create);
            seen = observe(key);
        }

        // The holder changed after the look: nothing may be deleted.
        runAll(steal);
        const QByteArray before = m_redis.command({"DUMP", key}).bytes();
        const AdminResult refused = run(m_admin->planForceRelease(*seen));
        QCOMPARE(refused.outcome, AdminResult::Outcome::Refused);
        QCOMPARE(m_redis.command({"DUMP", key}).bytes(), before);

        // Looked at again, it is released the library's way.
        m_redis.command({"FLUSHALL"});
        runAll(create);
        seen = observe(key);
        QVERIFY(seen);
        const AdminResult done = run(m_admin->planForceRelease(*seen));
        QVERIFY2(done.outcome == AdminResult::Outcome::Done, qPrintable(done.message));
        for (const auto &[command, expected] : after) {
            const RedisReply reply = m_redis.command(command);
            const qint64 value = reply.isInteger() ? reply.integer() : reply.bytes().toLongLong();
            QVERIFY2(value == expected, qPrintable(QStringLiteral("%1 -> %2, want %3").arg(QString::fromLatin1(command.join(' '))).arg(value).arg(expected)));
        }
    }

    void semaphoreCounterIsNotReleasedOnAnybodysBehalf()
    {
        m_redis.command({"SET", "semaphore:pool", "3"});
        const std::optional<LockInfo> seen = observe("semaphore:pool");
        QVERIFY(seen);
        QCOMPARE(seen->dialect, QStringLiteral("redisson-semaphore"));
        const ActionSupport s = m_admin->support(AdminAction::ForceRelease, *seen);
        QVERIFY(!s.enabled);
        QVERIFY(s.reason.contains(QLatin1String("owner")));
        QCOMPARE(run(m_admin->planForceRelease(*seen)).outcome, AdminResult::Outcome::Refused);
        QCOMPARE(run(m_admin->planRelease(*seen, "3")).outcome, AdminResult::Outcome::Refused);
        QCOMPARE(m_redis.command({"GET", "semaphore:pool"}).bytes(), QByteArray("3"));
    }

    // Waiters blocked on the library's channel hear the release, as from the library itself.
    void waitersAreWoken_data()
    {
        QTest::addColumn<Commands>("create");
        QTest::addColumn<QByteArray>("key");
        QTest::addColumn<QByteArray>("channel");
        QTest::addColumn<QByteArray>("message");
        QTest::newRow("RLock") << Commands{{"HSET", "orders", u4 + ":1", "1"}, {"PEXPIRE", "orders", "30000"}} << QByteArray("orders")
                               << QByteArray("redisson_lock__channel:{orders}") << QByteArray("0");
        QTest::newRow("FairLock head") << Commands{{"HSET", "orders", u4 + ":1", "1"}, {"PEXPIRE", "orders", "30000"},
                                                   {"RPUSH", "redisson_lock_queue:{orders}", u4b + ":9"}}
                                       << QByteArray("orders") << QByteArray("redisson_lock__channel:{orders}:" + u4b + ":9") << QByteArray("0");
        QTest::newRow("ReadWriteLock") << Commands{{"HSET", "rw", "mode", "write", u4 + ":1:write", "1"}, {"PEXPIRE", "rw", "30000"}}
                                       << QByteArray("rw") << QByteArray("redisson_rwlock:{rw}") << QByteArray("1");
        QTest::newRow("Spring pub/sub") << Commands{{"SET", "orders-registry:42", u4, "PX", "60000"}} << QByteArray("orders-registry:42")
                                        << QByteArray("orders-registry-channel:orders-registry:42") << QByteArray("orders-registry:42");
    }

    void waitersAreWoken()
    {
        QFETCH(Commands, create);
        QFETCH(QByteArray, key);
        QFETCH(QByteArray, channel);
        runAll(create);
        RedisConnection waiter(m_redis.options());
        QSignalSpy messages(&waiter, &RedisConnection::messageReceived);
        waiter.subscribe({channel});
        waiter.open();
        QTRY_COMPARE(m_redis.command({"PUBSUB", "NUMSUB", channel}).at(1).integer(), qint64(1));
        const std::optional<LockInfo> seen = observe(key);
        QVERIFY(seen);
        if (!channel.contains(":" + u4b)) // a fair lock counts its queue, not subscribers
            QCOMPARE(seen->waiters, channel.startsWith("orders-registry") ? LockInfo::waitersUnknown : 1);
        QCOMPARE(run(m_admin->planForceRelease(*seen)).outcome, AdminResult::Outcome::Done);
        QTRY_COMPARE(messages.size(), 1);
        QCOMPARE(messages.first().at(0).toByteArray(), channel);
        QTEST(messages.first().at(1).toByteArray(), "message");
    }

    // LockScope takes the lock as the library would, so the library's own reading of the key
    // (here: LockScope's dialect, which decodes it the library's way) sees a foreign holder.
    void acquireWritesTheLibrarysLayout_data()
    {
        QTest::addColumn<QByteArray>("key");
        QTest::addColumn<QString>("dialect");
        QTest::newRow("redis-py") << QByteArray("orders") << "redis-py";
        QTest::newRow("python-redis-lock") << QByteArray("lock:report") << "python-redis-lock";
        QTest::newRow("Redisson RLock") << QByteArray("orders") << "redisson-lock";
        QTest::newRow("Redisson write lock") << QByteArray("rw") << "redisson-rwlock";
        QTest::newRow("ShedLock") << QByteArray("job-lock:default:report") << "shedlock";
        QTest::newRow("Laravel") << QByteArray("laravel_cache_orders") << "laravel";
        QTest::newRow("expiry timestamp") << QByteArray("lock.orders") << "expiry-timestamp";
        QTest::newRow("Redsync") << QByteArray("orders") << "redsync";
    }

    void acquireWritesTheLibrarysLayout()
    {
        QFETCH(QByteArray, key);
        QFETCH(QString, dialect);
        const AdminPlan plan = m_admin->planAcquire(key, QByteArray(), 30000, dialect);
        QVERIFY2(plan.allowed, qPrintable(plan.refusal));
        QCOMPARE(run(plan).outcome, AdminResult::Outcome::Done);
        const std::optional<LockInfo> seen = observe(key);
        QVERIFY(seen);
        QCOMPARE(seen->dialect, dialect);
        QCOMPARE(seen->primaryToken(), plan.token);
        QVERIFY(seen->sample.pttlMs > 20000 && seen->sample.pttlMs <= 30000);
        // Held now: a second acquire of the same layout is refused and changes nothing.
        QCOMPARE(run(m_admin->planAcquire(key, QByteArray(), 30000, dialect)).outcome, AdminResult::Outcome::Refused);
        QCOMPARE(observe(key)->primaryToken(), plan.token);
    }
};

QTEST_GUILESS_MAIN(TestDialectFixtures)
#include "tst_dialectfixtures.moc"
